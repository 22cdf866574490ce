//! Read-only modes of programs that otherwise write, run code or are not known here: `ar t`,
//! `dpkg -l`, `openssl dgst`, `python3 -m json.tool`, `node --check`, `gcc -E`, `patch
//! --version`, `kill -0`, `mktemp -u`, `git apply --check`, `git format-patch --stdout`. Each
//! answers read-only only when the mode is certain: the word that selects it cannot be an
//! option's value (it comes first, or every option before it is known), and every other option
//! is on a list of options that only change what is shown. Anything else falls through to the
//! program's usual verdict.

use std::path::Path;

use super::verdict::{Level, Nested, Verdict};
use super::words::Word;

/// `script -q -c CMD /dev/null` (util-linux): runs CMD under a pseudo-terminal and logs the
/// session to its one operand, here discarded. CMD is run by `$SHELL -c`, so it is handed on as
/// shell code, as `split --filter`'s is (the context checks that `SHELL` is the system's). Options that log elsewhere (`-t`, `-T`, `-I`, `-O`, `-B`), append to
/// the default `typescript`, or no `-c` (an interactive shell) are not taken.
fn script(args: &[Word]) -> Option<Verdict> {
    let mut command = None;
    let mut operands = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let v = a.value.as_deref()?;
        i += 1;
        match v {
            "-q" | "--quiet" | "-e" | "--return" | "-f" | "--flush" | "-a" | "--append" => {}
            "-c" | "--command" => command = Some(args.get(i)?.clone()),
            _ if v.starts_with("--command=") => {
                command = Some(Word::literal(&v["--command=".len()..]))
            }
            _ if v.starts_with('-') => {
                // A cluster of the flags above, `-c` last with its value next (`-qec`).
                let letters = &v[1..];
                if letters.is_empty() || !letters.chars().all(|c| "qefac".contains(c)) {
                    return None;
                }
                match letters.find('c') {
                    Some(at) if at == letters.len() - 1 => {
                        command = Some(args.get(i)?.clone());
                        i += 1;
                    }
                    Some(_) => return None,
                    None => {}
                }
                continue;
            }
            _ => operands.push(v),
        }
        if matches!(v, "-c" | "--command") {
            i += 1;
        }
    }
    let command = command?;
    if operands != ["/dev/null"] {
        return None;
    }
    Some(Verdict {
        nested: vec![Nested::Script(command)],
        ..Verdict::default()
    })
}

/// `ssh-keygen -F host [-f known_hosts]` (find a host), `ssh-keygen -l [-E hash] -f file`
/// (show a fingerprint), `ssh-keygen -y -f key` (print the public key) and `ssh-keygen -L -f
/// cert` (show a certificate): ssh-keygen(1)'s modes that only print, their flags alone or in a
/// cluster ending in `f` (`-lf key.pub`). `-H`, `-R`, key generation and the rest write.
fn ssh_keygen(values: &[&str]) -> bool {
    let mut find = false;
    let mut fingerprint = false;
    let mut i = 0;
    let expanded: Vec<String> = values
        .iter()
        .flat_map(|v| match v.strip_prefix('-') {
            Some(letters)
                if letters.len() > 1
                    && letters.chars().all(|c| "lyLvf".contains(c))
                    && !letters[..letters.len() - 1].contains('f') =>
            {
                letters.chars().map(|c| format!("-{c}")).collect()
            }
            _ => vec![v.to_string()],
        })
        .collect();
    let values: Vec<&str> = expanded.iter().map(String::as_str).collect();
    let values = values.as_slice();
    while let Some(v) = values.get(i) {
        match *v {
            "-y" | "-L" => fingerprint = true,
            "-F" | "-f" | "-E" if values.get(i + 1).is_none_or(|x| x.starts_with('-')) => {
                return false
            }
            "-F" => {
                find = true;
                i += 1;
            }
            "-f" | "-E" => i += 1,
            "-l" => fingerprint = true,
            "-v" => {}
            _ => return false,
        }
        i += 1;
    }
    find || (fingerprint && values.contains(&"-f"))
}

/// Programs known here only by their reading modes (and their `--version` and `--help`): run
/// any other way they are unknown (`programs::known`).
#[rustfmt::skip]
pub const MODELLED: &[&str] = &[
    "ar", "dpkg", "openssl", "ldconfig", "json_pp", "erb", "msgmerge", "zipnote", "ssh-keygen", "ctags", "psql",
    "pg_dump", "pg_restore", "mysql", "mariadb", "mysqldump", "redis-cli", "pg_config", "atq", "luac", "7z", "tomlq",
    "xq", "xmllint", "cpio", "dc", "dpkg-deb", "apt-config", "tc", "bridge", "devlink", "rdma", "vdpa", "dcb",
    "ipmaddr", "iptunnel", "script", "sqlite3", "direnv", "uudecode", "javap", "jar", "keytool", "ocamlc",
    "ocamlopt", "ocamldep", "tidy", "rhash", "units",
];

/// Read-only when `program args` is one of the read-only modes; `None` otherwise.
pub fn check(program: &str, args: &[Word]) -> Option<Verdict> {
    // `kill -0 $$`, `choom -p $$`: the shell's special parameters that hold a process id are
    // numbers.
    let values: Vec<&str> = args
        .iter()
        .map(|a| match a.value.as_deref() {
            None if matches!(program, "kill" | "prlimit" | "choom") && a.is_pid() => Some("1"),
            other => other,
        })
        .collect::<Option<_>>()?;
    if args.iter().any(|a| a.glob) {
        return None;
    }
    if info_mode(program, &values) || super::catalog::info(program, &values) {
        return Some(Verdict::read_only());
    }
    if let Some(verdict) = super::catalog::check(program, &values) {
        return Some(verdict);
    }
    if program == "split" {
        return split(args);
    }
    if program == "script" {
        return script(args);
    }
    if program == "dc" {
        return dc(args, &values);
    }
    if program == "cmake" && values.contains(&"-P") {
        return cmake_script(args, &values);
    }
    if let Some(reason) = temporary_file(program, &values) {
        return Some(Verdict::write(reason));
    }
    if let Some(reads) = super::listings::check(program, &values) {
        return reads.then(Verdict::read_only);
    }
    // Round 29's held-out false alarms (cls50): whole reading grammars of utilities no rule knew.
    if let Some(v) = super::utilities::check(program, &values) {
        return Some(v);
    }
    // Round 30's held-out false alarms (cls51): generators' modes that write to standard output.
    if let Some(v) = super::generators::check(program, &values) {
        return Some(v);
    }
    if let Some(v) = super::projects::check(program, &values) {
        return Some(v);
    }
    // Round 31's tune false alarms (cls51): toolchain helpers' reading commands.
    if let Some(reads) = super::toolchains::check(program, &values) {
        return reads.then(Verdict::read_only);
    }
    let reads = match program {
        // Round 29's tune split (cls29t): inspecting modes of nstat, qemu-img, mutool and co.
        "nstat" => nstat_no_history(&values),
        "qemu-img" => qemu_img_inspects(&values),
        "mutool" => mutool_inspects(&values),
        "co" => return co_to_stdout(&values),
        "ninja" if ninja(&values) => true,
        "cmake" if cmake_cache(&values) => true,
        "ar" => ar(&values),
        "dpkg" => dpkg(&values),
        "openssl" => openssl(&values),
        "node" => matches!(values.as_slice(), ["--check" | "-c", file] if !file.starts_with('-')),
        // `@FILE` adds the options FILE holds (`-o`, `-wrapper`, `-fplugin`), not shown here: with
        // the context, its options are read and judged as the command line's
        // (`context::tools::response_files`).
        "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" | "cpp" => {
            let plain: Vec<&str> = values
                .iter()
                .copied()
                .filter(|v| !v.starts_with('@'))
                .collect();
            let reads = compiler_reads(program, &plain);
            if reads && plain.len() < values.len() {
                let mut v = Verdict::default();
                v.push_unless(
                    Level::Unknown,
                    format!("{program} adds the options of a response file (@FILE), which are not shown"),
                    super::verdict::Settle::Configuration,
                );
                return Some(v);
            }
            reads
        }
        "gpg" | "gpg2" => matches!(
            values.as_slice(),
            ["--version" | "--help" | "--dump-options" | "--list-config"]
        ),
        "ldconfig" => {
            !values.is_empty()
                && values
                    .iter()
                    .all(|v| matches!(*v, "-p" | "--print-cache" | "-N" | "-X"))
                && values.iter().any(|v| matches!(*v, "-p" | "--print-cache"))
        }
        "rustc" => rustc_info(&values),
        "pydoc" | "pydoc3" => super::python::pydoc(&values),
        "sqlite3" => return sqlite(&values),
        "ed" | "red" => return ed(&values),
        "json_pp" => json_pp(&values),
        "as" => gas(&values),
        "ld" | "ld.bfd" | "ld.gold" | "ld.lld" | "lld" | "make" | "gmake" | "cmake" | "ninja"
        | "meson" | "javac" => {
            matches!(
                values.as_slice(),
                ["--version" | "-v" | "-V" | "-version" | "--help"]
            ) || (program == "cmake" && (cmake_tool(&values) || cmake_help(&values)))
        }
        // Maven prints its version or help and stops before it reads a project (what the
        // `mvn` script reads first is for the context: `context::tools`).
        // `-q`/`-B` only quiet the output; `-v` still prints the version and stops.
        "mvn" => {
            matches!(values.as_slice(), ["-v" | "--version" | "-h" | "--help"])
                || (values.iter().all(|v| {
                    matches!(
                        *v,
                        "-v" | "--version" | "-q" | "--quiet" | "-B" | "--batch-mode"
                    )
                }) && values.iter().any(|v| matches!(*v, "-v" | "--version")))
        }
        "gdb" => return gdb(&values),
        "mypy" => return mypy(&values),
        "tox" => return tox_list(&values),
        "pytest" | "py.test" => return pytest_collect(&values),
        "ruby" => ruby_check(&values),
        // rake(1): `--version` and `--help` print and stop; anything else loads the Rakefile
        // (Ruby code), `-T` and `--dry-run` included.
        "rake" => matches!(values.as_slice(), ["--version" | "-V" | "--help" | "-h"]),
        "erb" if erb_source(&values) => true,
        "erb" => return erb_render(args, &values),
        "jar" => jar_list(&values),
        "javap" => javap(&values),
        "keytool" => keytool(&values),
        "msgmerge" => msgmerge(&values),
        // zipnote(1) without `-w` prints the comments of the archive, its one operand.
        "zipnote" => matches!(values.as_slice(), [zip] if !zip.starts_with('-')),
        "go" => matches!(values.as_slice(), ["mod", "edit", rest @ ..]
            if rest.iter().any(|v| matches!(*v, "-json" | "-print"))
                && rest.iter().all(|v| matches!(*v, "-json" | "-print") || !v.starts_with('-'))
                && rest.iter().filter(|v| !v.starts_with('-')).count() <= 1),
        "vim" | "ex" | "view" => {
            return vim_prints(&values, program == "ex", program == "view").map(|silent| {
                let mut v = Verdict::default();
                if !silent {
                    v.push_unless(
                        Level::Unknown,
                        VIM_PLUGINS,
                        super::verdict::Settle::Configuration,
                    );
                }
                v
            })
        }
        // ex is vim started in Ex mode (Debian's alternative leads to vim.basic): `ex -s` is
        // silent Ex mode, as `vim -es` is. view is vim started with `-R` (`:help view`).
        "patch" => patch(&values),
        "kill" => kill(&values),
        "mktemp" => mktemp(&values),
        "ssh-keygen" => ssh_keygen(&values),
        "ssh-add" => ssh_add_lists(&values),
        "setfacl" => setfacl_test(&values),
        "ctags" => ctags(&values),
        "uudecode" => uudecode(&values),
        // Client programs asked only for their version (psql(1) -V, mysql(1) -V, redis-cli -v):
        // they print it before reading any configuration or connecting.
        "mysql" | "mariadb" => return mysql_information(&values),
        "psql" | "pg_dump" | "pg_restore" | "mysqldump" => {
            matches!(values.as_slice(), ["--version" | "-V"])
                || (program == "mysqldump" && mysql_help_without_defaults(&values))
        }
        "redis-cli" => matches!(values.as_slice(), ["--version" | "-v"]),
        // pg_config(1) prints PostgreSQL's build configuration, one value per option.
        "pg_config" => values.iter().all(|v| v.starts_with("--")),
        // atq and `at -l` list the queued jobs (at(1)); `-q QUEUE` picks a queue.
        "atq" | "at" => {
            let listed = program == "atq" || values.first() == Some(&"-l");
            let mut i = usize::from(program == "at");
            let mut known = true;
            while let Some(v) = values.get(i) {
                match *v {
                    "-q" if values.get(i + 1).is_some() => i += 1,
                    "-V" if program == "atq" => {}
                    v if v.starts_with("-q") && v.len() > 2 => {}
                    _ => known = false,
                }
                i += 1;
            }
            listed && known
        }
        // luac(1): `-p` parses only and writes no `luac.out`; `-v` prints the version.
        "luac" => luac(&values),
        "ocamlc" | "ocamlopt" => ocaml_interface(&values),
        "ocamldep" => ocamldep(&values),
        // php(1) `-l FILE`: a syntax check, which compiles and runs nothing (the CLI reads no
        // php.ini from the working directory: measured with PHP 8.2, a php.ini there naming an
        // `auto_prepend_file` was not loaded; PHPRC and PHP_INI_SCAN_DIR are the context's).
        "php" => {
            matches!(values.as_slice(), ["-l" | "--syntax-check", file] if !file.starts_with('-'))
                // `-w` prints the source without comments and whitespace, `-s` highlighted: read,
                // not run (PHP 8.2, measured: php.ini's auto_prepend_file does not run either).
                || matches!(values.as_slice(), ["-w" | "--strip" | "-s" | "--syntax-highlight" | "--syntax-highlighting", file] if !file.starts_with('-'))
                // Reflection of an extension, a function or a Zend extension: printed from what
                // is loaded, no script run (an extension loaded by php.ini is the context's).
                || matches!(values.as_slice(), ["--ri" | "--re" | "--rf" | "--rz", name] if !name.starts_with('-'))
                || info_mode(program, &values)
        }
        "7z" => sevenzip(&values),
        "tomlq" | "xq" => jq_wrapper(&values),
        "xmllint" => xmllint(&values),
        "tidy" => tidy(&values),
        "rhash" => rhash(&values),
        "units" => units(&values),
        // ghc(1)'s mode flags that print and stop: the `--info` fields one by one
        // (`--print-libdir`, `--print-project-version`, ...) and the list of its flags (ghc 9.0,
        // strace: only its threads' names written under /proc; an unknown `--print-` field fails).
        "ghc" => {
            matches!(values.as_slice(), ["--show-options"])
                || matches!(values.as_slice(), [v] if v.strip_prefix("--print-").is_some_and(|f| {
                    !f.is_empty() && f.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                }))
        }
        "zip" => zip(&values),
        // `cargo -Vv`: the version with its commit and host, before any command is read (what
        // cargo reads first, rust-toolchain and .cargo/config.toml, is the context's).
        "dpkg-deb" => dpkg_deb(&values),
        "update-alternatives" => update_alternatives(&values),
        // debconf-show(1): loads the debconf database read-only (`Debconf::Db->load(readonly
        // => 'true')`; measured, debconf 1.5.82: /var/cache/debconf untouched) and prints the
        // questions of the packages named, or the owners (`--listowners`) or databases
        // (`--listdbs`).
        "debconf-show" => {
            values.iter().all(|v| {
                !v.starts_with('-')
                    || matches!(*v, "--listowners" | "--listdbs")
                    || v.starts_with("--db=")
            }) && !values.is_empty()
        }
        "apt-config" => {
            matches!(values.as_slice(), ["dump" | "shell", ..])
                && values.iter().skip(1).all(|v| !v.starts_with('-'))
        }
        // apt-mark(8): the `show…` commands list marks; the rest change them.
        "apt-mark" => {
            matches!(
                values.first(),
                Some(
                    &("showmanual"
                        | "showauto"
                        | "showhold"
                        | "showinstall"
                        | "showremove"
                        | "showpurge")
                )
            ) && values.iter().skip(1).all(|v| !v.starts_with('-'))
        }
        // direnv(1) `status` and `version` print its settings and the RC file found, without
        // loading it (measured, direnv 2.32: a planted `.envrc` does not run, nothing is
        // written); `allow`, `exec`, `edit` and the hooks load or change it.
        // `stdlib` prints the shell functions an `.envrc` is run with (measured, direnv 2.32:
        // nothing opened for writing, nothing run).
        "direnv" => matches!(
            values.as_slice(),
            ["status" | "version" | "help" | "stdlib"]
        ),
        "cpio" => cpio_list(&values),
        "run-parts" => run_parts_lists(&values),
        // zipsplit(1) `-t`: reports how many pieces there would be and writes none (measured).
        "zipsplit" => {
            values.contains(&"-t")
                && values
                    .iter()
                    .all(|v| matches!(*v, "-t" | "-q") || !v.starts_with('-'))
        }
        // prlimit(1) without a command or a `RESOURCE=limits` prints limits (`--pid`: a
        // process's); choom(1) `-p PID` prints a process's OOM score.
        "prlimit" => prlimit(&values),
        "choom" => {
            matches!(values.as_slice(), ["-p" | "--pid", pid] if pid.chars().all(|c| c.is_ascii_digit()))
        }
        // ld.so(8) `--list FILE`: what ldd does (`system::ldd`'s rule: only system programs).
        "ld.so" => matches!(values.as_slice(), ["--list", file]
            if ["/bin/", "/usr/bin/", "/sbin/", "/usr/sbin/", "/lib/", "/usr/lib/"].iter().any(|d| file.starts_with(d))
                && !file.contains("/../")),
        "tc" | "bridge" | "devlink" | "rdma" | "vdpa" | "dcb" | "ipmaddr" | "iptunnel" => {
            shows(&values)
        }
        "cargo" => {
            values
                .iter()
                .any(|v| matches!(*v, "-V" | "--version" | "-Vv" | "-vV"))
                && values
                    .iter()
                    .all(|v| matches!(*v, "-V" | "--version" | "-v" | "--verbose" | "-Vv" | "-vV"))
        }
        _ => false,
    };
    reads.then(Verdict::read_only)
}

/// The reading modes that make a temporary file in TMPDIR and remove it before they exit: a
/// file created is a write, wherever it is and however briefly (measured with strace, a private
/// /tmp: Universal Ctags 5.9 writes its tags to `tags.XXXXXX` first, `-x` and `-f -` included;
/// dpkg-deb 1.21 extracts the control files into `dpkg-deb.XXXXXX` for `-I`, `-f` and `-W`,
/// not for `-c`, `--ctrl-tarfile`, `--fsys-tarfile`).
fn temporary_file(program: &str, values: &[&str]) -> Option<&'static str> {
    let lists_only =
        |v: &&str| v.starts_with("--list-") || matches!(*v, "--version" | "--help" | "--help-full");
    match program {
        "ctags" if ctags(values) && !values.iter().all(lists_only) => {
            Some("ctags writes its tags to a temporary file in TMPDIR first (removed when it exits)")
        }
        "dpkg-deb"
            if dpkg_deb(values)
                && values.iter().any(|v| {
                    matches!(*v, "-I" | "--info" | "-f" | "--field" | "-W" | "--show")
                }) =>
        {
            Some("dpkg-deb extracts the control files into a temporary directory in TMPDIR (removed when it exits)")
        }
        _ => None,
    }
}

/// uudecode (GNU sharutils 4.15) with its output sent to standard output (`-o /dev/stdout`,
/// `-o -`: it writes there without opening the path, measured); without `-o` it writes the file
/// the encoded header names. Its option defaults file (`~/.sharrc`) cannot override `-o`, and
/// it reads no environment presets (measured).
fn uudecode(values: &[&str]) -> bool {
    let mut to_stdout = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-o" | "--output-file" => {
                to_stdout = matches!(values.get(i), Some(&"/dev/stdout" | &"-"));
                if !to_stdout {
                    return false;
                }
                i += 1;
            }
            "--output-file=/dev/stdout" | "--output-file=-" | "-o/dev/stdout" | "-o-" => {
                to_stdout = true
            }
            "--" => return to_stdout && values[i..].iter().all(|f| !f.is_empty()),
            _ if v.starts_with('-') && *v != "-" => return false,
            _ => {}
        }
    }
    to_stdout
}

/// dpkg-deb(1)'s commands that only read an archive: its contents, control information, fields
/// and the filesystem tarball to standard output. `-x`, `-X`, `-R`, `-e` and `-b` write.
fn dpkg_deb(values: &[&str]) -> bool {
    const READS: &[&str] = &[
        "-c",
        "--contents",
        "-I",
        "--info",
        "-f",
        "--field",
        "-W",
        "--show",
        "--fsys-tarfile",
        "--ctrl-tarfile",
    ];
    let mut commands = 0;
    for v in values {
        if READS.contains(v) {
            commands += 1;
        } else if v.starts_with("--showformat=") || matches!(*v, "-v" | "--verbose") {
        } else if v.starts_with('-') {
            return false;
        }
    }
    commands == 1
}

/// update-alternatives(1)'s queries: `--display NAME`, `--query NAME`, `--list NAME`,
/// `--get-selections`. Every other command changes the alternatives.
fn update_alternatives(values: &[&str]) -> bool {
    matches!(values, ["--display" | "--query" | "--list", name] if !name.starts_with('-'))
        || matches!(values, ["--get-selections"])
}

/// cpio's list mode (`cpio -t`, `-itv`, `-t -F a.cpio`): it reads the archive and prints its
/// members; and its extract mode with `--to-stdout` (`cpio -i --to-stdout NAME < a.cpio`), which
/// prints the members' contents and makes nothing (GNU cpio 2.13, measured; `-d` is refused
/// with it). The letters that extract otherwise (`-i` without `-t`), create (`-o`, `-O`) or
/// copy (`-p`), and options not listed, are refused. An archive named `HOST:FILE` (`-F`, `-I`,
/// `--file=`) is reached through rsh unless `--force-local`: refused.
fn cpio_list(values: &[&str]) -> bool {
    let mut list = false;
    let mut extract = false;
    let mut to_stdout = false;
    let force_local = values.contains(&"--force-local");
    let local = |archive: &str| force_local || !archive.contains(':');
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "--list" => list = true,
            "--extract" => extract = true,
            "--to-stdout" => to_stdout = true,
            "--quiet"
            | "--verbose"
            | "--numeric-uid-gid"
            | "--nonmatching"
            | "--only-verify-crc"
            | "--force-local"
            | "--no-absolute-filenames"
            | "--unconditional"
            | "--swap"
            | "--swap-bytes"
            | "--swap-halfwords"
            | "--dot"
            | "--ignore-devno" => {}
            "-F" | "-I" => {
                if !values.get(i).is_some_and(|a| local(a)) {
                    return false;
                }
                i += 1;
            }
            "-H" | "-E" | "-M" => {
                if values.get(i).is_none() {
                    return false;
                }
                i += 1;
            }
            v if v.starts_with("--file=") && !local(&v["--file=".len()..]) => return false,
            v if v.starts_with("--file=") => {}
            v if v.starts_with("--format=") || v.starts_with("--pattern-file=") => {}
            v if v.starts_with('-') && v.len() > 1 && !v.starts_with("--") => {
                if !v[1..].chars().all(|c| "itvnfVubsS".contains(c)) {
                    return false;
                }
                list |= v.contains('t');
                extract |= v.contains('i');
            }
            v if v.starts_with('-') => return false,
            _ => {}
        }
    }
    list || (extract && to_stdout)
}

/// dc(1) (GNU dc 1.4.1) given its code: `-e EXPR`, and a file (`-f FILE`, an operand) whose text
/// the walker reads from the context and puts in the operand's place (marked with
/// [`super::m4::FILE_TEXT`], as m4's input). dc writes no file; its `!` runs the rest of the line
/// as a shell command (`!<`, `!=`, `!>` are comparisons, not told apart here), and `?` reads a
/// line from standard input and runs it as dc code (`echo '!touch y' | dc -e '?'` makes y,
/// measured), so code holding either is not taken; without them it only computes and prints.
/// Code only from standard input (no `-e`, no file) is not taken either. With one file not yet
/// read, the walker is asked to read it (`Nested::ScriptFile`).
fn dc(args: &[Word], values: &[&str]) -> Option<Verdict> {
    /// A file's word: its text when read (marked), else its place among the files.
    fn file_word<'a>(
        values: &[&'a str],
        at: usize,
        texts: &mut Vec<&'a str>,
        files: &mut Vec<usize>,
    ) {
        match values[at].strip_prefix(super::m4::FILE_TEXT) {
            Some(text) => texts.push(text),
            None => files.push(at),
        }
    }
    let mut texts: Vec<&str> = Vec::new();
    let mut files: Vec<usize> = Vec::new();
    let mut ended = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if let Some(text) = v.strip_prefix(super::m4::FILE_TEXT) {
            texts.push(text);
            continue;
        }
        if ended || !v.starts_with('-') || *v == "-" {
            files.push(i - 1);
            continue;
        }
        match *v {
            "--" => ended = true,
            "-e" | "--expression" => {
                texts.push(values.get(i)?);
                i += 1;
            }
            // The file's operand is the next word (its text once the walker has read it).
            "-f" | "--file" => {
                values.get(i)?;
                file_word(values, i, &mut texts, &mut files);
                i += 1;
            }
            _ => texts.push(
                v.strip_prefix("--expression=")
                    .or(v.strip_prefix("-e"))
                    .filter(|e| !e.is_empty())?,
            ),
        }
    }
    if texts.iter().any(|t| t.contains(['!', '?'])) {
        return None;
    }
    match files.as_slice() {
        [] if !texts.is_empty() => Some(Verdict::read_only()),
        [file] if values.get(*file).is_some_and(|f| *f != "-") => Some(Verdict {
            nested: vec![Nested::ScriptFile(args.get(*file)?.clone())],
            ..Verdict::default()
        }),
        _ => None,
    }
}

/// The commands of CMake's language (3.25) that only compute and print in script mode:
/// variables, lists, strings, numbers, conditions and loops, `message`. Not here: `file`,
/// `execute_process`, `configure_file`, `include`, `cmake_language` (calls a command named at
/// run time, evaluates code), `function`/`macro` (a definition may take a command's name), and
/// the rest.
const CMAKE_PRINTS: &[&str] = &[
    "message",
    "set",
    "unset",
    "if",
    "elseif",
    "else",
    "endif",
    "foreach",
    "endforeach",
    "while",
    "endwhile",
    "math",
    "string",
    "list",
    "cmake_minimum_required",
    "cmake_policy",
    "return",
    "break",
    "continue",
    "option",
    "separate_arguments",
];

/// `cmake [-D VAR=VALUE]… -P FILE [-- ARGS]`: CMake runs FILE in script mode, which makes no
/// file of its own (3.25, measured with strace). FILE's text is read by the walker from the
/// context and put in its place (marked with [`super::m4::FILE_TEXT`], as m4's input), then
/// taken when every command it invokes is in [`CMAKE_PRINTS`]: a command is always a name
/// written in the text followed by `(` (CMake computes no command name but through
/// `cmake_language`), so every name followed by `(` anywhere in the text, strings and comments
/// included, is looked at. `message(CONFIGURE_LOG …)` writes a log: not taken.
fn cmake_script(args: &[Word], values: &[&str]) -> Option<Verdict> {
    let mut script = None;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "--" => break,
            "-D" => i += 1,
            "-P" => {
                script = Some(i);
                i += 1;
            }
            v if v.starts_with("-D") && v.contains('=') => {}
            _ => return None,
        }
    }
    let at = script?;
    let file = values.get(at)?;
    match file.strip_prefix(super::m4::FILE_TEXT) {
        Some(text) => cmake_only_prints(text).then(Verdict::read_only),
        None if file.starts_with('-') => None,
        None => Some(Verdict {
            nested: vec![Nested::ScriptFile(args.get(at)?.clone())],
            ..Verdict::default()
        }),
    }
}

/// Whether every name in `text` followed by `(` (spaces and newlines between) is one of
/// [`CMAKE_PRINTS`], in any case (CMake's command names are case-insensitive).
fn cmake_only_prints(text: &str) -> bool {
    if text.contains("CONFIGURE_LOG") {
        return false;
    }
    let bytes = text.as_bytes();
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        if !word(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && word(bytes[i]) {
            i += 1;
        }
        let name = &text[start..i];
        let next = text[i..].trim_start();
        if next.starts_with('(') && !CMAKE_PRINTS.iter().any(|c| c.eq_ignore_ascii_case(name)) {
            return false;
        }
    }
    true
}

/// `prlimit`, `prlimit --pid N`, with display options and limits named without a value.
/// run-parts(8) `--test` (the scripts that would run) and `--list` (every matching file): names
/// printed, nothing run (debianutils 5.7, measured with strace: the directory is read, no
/// process started, no file opened for writing). Every other option given must be one that
/// only selects or orders names, or one that only matters to scripts run (`--umask`, `--arg`,
/// `--report`, `--new-session`); `--stdin` is not taken (it copies the input to an O_TMPFILE
/// in /tmp, measured), nor an abbreviated long option.
fn run_parts_lists(values: &[&str]) -> bool {
    let mut lists = false;
    let mut operands = 0;
    let mut i = 0;
    let mut ended = false;
    while let Some(v) = values.get(i) {
        i += 1;
        if ended || !v.starts_with('-') || *v == "-" {
            operands += 1;
            continue;
        }
        match *v {
            "--" => ended = true,
            "--test" | "--list" => lists = true,
            "-v" | "--verbose" | "--report" | "--reverse" | "--exit-on-error" | "--new-session"
            | "--lsbsysinit" | "-d" | "--debug" => {}
            "-u" | "--umask" | "-a" | "--arg" | "--regex" => {
                if values.get(i).is_none() {
                    return false;
                }
                i += 1;
            }
            o if ["--umask=", "--arg=", "--regex="]
                .iter()
                .any(|p| o.starts_with(p)) => {}
            _ => return false,
        }
    }
    lists && operands == 1
}

fn prlimit(values: &[&str]) -> bool {
    const RESOURCES: &[&str] = &[
        "--as",
        "--core",
        "--cpu",
        "--data",
        "--fsize",
        "--locks",
        "--memlock",
        "--msgqueue",
        "--nice",
        "--nofile",
        "--nproc",
        "--rss",
        "--rtprio",
        "--rttime",
        "--sigpending",
        "--stack",
    ];
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-p" | "--pid" | "-o" | "--output" => {
                if values.get(i).is_none() {
                    return false;
                }
                i += 1;
            }
            "--raw" | "--noheadings" | "--verbose" => {}
            v if RESOURCES.contains(&v) => {}
            _ => return false,
        }
    }
    true
}

/// iproute2's and net-tools' object commands that show (`tc qdisc show`, `bridge link show`,
/// `devlink dev show`, `ipmaddr show`): display flags, an object, then `show`/`list` or nothing
/// (the default is to show) and selectors. A word that adds, changes, deletes, flushes or runs
/// (`exec`) anywhere is refused.
fn shows(values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "-s",
        "-d",
        "-j",
        "-p",
        "-i",
        "-stats",
        "-statistics",
        "-details",
        "-json",
        "-pretty",
        "-iec",
        "-color",
        "-c",
        "-n",
        "-N",
    ];
    const CHANGES: &[&str] = &[
        "add", "del", "delete", "change", "replace", "set", "flush", "exec", "split", "unsplit",
        "append", "reload", "save", "restore", "load", "new", "remove", "update", "batch",
        "-batch", "-b", "monitor", "test",
    ];
    let mut words = values.iter().skip_while(|v| FLAGS.contains(v));
    let Some(object) = words.next() else {
        return true;
    };
    if object.starts_with('-') || CHANGES.contains(object) {
        return false;
    }
    let rest: Vec<&&str> = words.collect();
    let verb_ok = match rest.first() {
        None => true,
        Some(v) => matches!(**v, "show" | "list" | "ls" | "lst"),
    };
    verb_ok && rest.iter().all(|v| !CHANGES.contains(v))
}

/// Information modes of programs no other rule here knows: the exact arguments with which each
/// prints and exits, from its manual or `--help` and, where it is installed here, run in a
/// throwaway directory (ghc 9.0, PHP 8.2, prove 3.44, tmux 3.3). Their writing or running modes
/// (`ghc Main.hs`, `php a.php`, `prove t/`) stay unknown. Not here: `gdb --version` (it runs
/// `~/.gdbearlyinit` first: measured), `dart` and `dotnet` (they write their telemetry
/// settings on a first run), `gcloud` (it logs every command), `az` (it checks for updates).
#[rustfmt::skip]
const INFO_MODES: &[(&str, &[&[&str]])] = &[
    ("ghc", &[&["--version"], &["--numeric-version"], &["--info"], &["--print-libdir"],
        &["--supported-extensions"], &["--supported-languages"], &["--help"]]),
    ("runghc", &[&["--version"]]),
    // What pytest reads first (its ini files' plugins) is the context's (`context::python`).
    ("pytest", &[&["-V"], &["--version"]]),
    ("py.test", &[&["-V"], &["--version"]]),
    ("cabal", &[&["--version"], &["--numeric-version"]]),
    ("pandoc", &[&["--version"], &["--list-input-formats"], &["--list-output-formats"],
        &["--list-extensions"], &["--list-highlight-languages"], &["--list-highlight-styles"]]),
    ("stty", &[&[], &["size"], &["-a"], &["--all"], &["-g"], &["--save"]]),
    ("php", &[&["-m"], &["--modules"], &["-i"], &["--info"], &["--ini"]]),
    ("prove", &[&["--version"], &["-V"]]),
    // Invoke 3.0: neither loads tasks.py (measured with one that writes a marker); `-l` does.
    ("invoke", &[&["--version"], &["-V"], &["--help"], &["-h"]]),
    ("inv", &[&["--version"], &["-V"], &["--help"], &["-h"]]),
    ("mix", &[&["--version"], &["-v"]]),
    // Gforth 0.7 prints these from its engine, before an image or startup file is loaded (strace:
    // nothing opened to write).
    ("gforth", &[&["--version"], &["-v"], &["--help"], &["-h"]]),
    ("gforth-fast", &[&["--version"], &["-v"], &["--help"], &["-h"]]),
    // SWI-Prolog 9.0 prints these from its C startup, before any Prolog (init.pl) is loaded
    // (strace: nothing opened to write); xsltproc 1.1 prints its version and libxml2's.
    ("swipl", &[&["--version"], &["--help"], &["--abi-version"], &["--arch"]]),
    ("xsltproc", &[&["--version"]]),
    // Corepack 0.34 prints these and stops: no shim, download or COREPACK_HOME touched (strace).
    ("corepack", &[&["--version"], &["-v"], &["--help"], &["-h"]]),
    ("valgrind", &[&["--version"]]),
    ("strace", &[&["-V"], &["--version"]]),
    ("ltrace", &[&["-V"], &["--version"]]),
    ("tmux", &[&["-V"]]),
    ("screen", &[&["-v"], &["--version"]]),
    ("lldb", &[&["--version"], &["-v"]]),
    ("nasm", &[&["-v"], &["--version"]]),
    ("yasm", &[&["--version"]]),
    ("gfortran", &[&["--version"], &["-dumpversion"], &["-dumpmachine"]]),
    ("zig", &[&["version"]]),
    ("nim", &[&["--version"], &["-v"]]),
    ("sbcl", &[&["--version"]]),
    ("fzf", &[&["--version"]]),
    // psmisc's `killall -l` lists the signal names; util-linux's swapon shows the swap areas
    // with `--show` and `-s` and returns before it enables any (swapon.c).
    ("killall", &[&["-l"], &["--list"]]),
    ("swapon", &[&["--show"], &["-s"], &["--summary"]]),
    ("htop", &[&["--version"], &["-V"]]),
    ("opam", &[&["--version"]]),
    ("dune", &[&["--version"]]),
    ("aws", &[&["--version"]]),
    // hyperfine 1.15 (clap): nothing opened for writing (strace).
    ("hyperfine", &[&["--version"], &["-V"], &["--help"], &["-h"]]),
    // The inventory of Debian's base and toolchain packages: each one's version or help
    // (measured in a throwaway directory with a private /tmp: nothing written).
    ("strace", &[&["--help"], &["-h"]]),
    ("ltrace", &[&["--help"], &["-h"]]),
    ("tic", &[&["-V"]]),
    ("toe", &[&["-V"]]),
    ("infocmp", &[&["-V"]]),
    ("zic", &[&["--version"]]),
    ("lesskey", &[&["--version"], &["-V"]]),
    ("localedef", &[&["--list-archive"]]),
    ("ri", &[&["--version"]]),
    ("rdoc", &[&["--version"]]),
    ("erb", &[&["--version"]]),
    ("script", &[&["--help"], &["--version"], &["-V"]]),
    ("openssl", &[&["--help"], &["help"]]),
    ("7z", &[&["i"]]),
    ("pidwait", &[&["-h"], &["--help"], &["-V"], &["--version"]]),
    // GnuPG 2.2's gpgv prints these before it opens a keyring (measured: nothing written in
    // GNUPGHOME).
    ("gpgv", &[&["--version"], &["--help"], &["-h"]]),
    ("slabtop", &[&["--help"], &["-V"], &["--version"]]),
];

fn info_mode(program: &str, values: &[&str]) -> bool {
    INFO_MODES
        .iter()
        .find(|(p, _)| *p == program)
        .is_some_and(|(_, modes)| modes.contains(&values))
}

/// GNU as with its object file sent to /dev/null or a standard stream (`as -al -o /dev/null
/// f.s`): it reads the sources (and `.include`d files) and prints a listing. `-a` with `=FILE`
/// writes the listing to FILE, `--MD` a dependency file, no `-o` writes a.out; options not below
/// are refused.
fn gas(values: &[&str]) -> bool {
    if matches!(values, ["--version" | "-v" | "-V" | "-version" | "--help"]) {
        return true;
    }
    let mut output = None;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-o" | "-I" | "--defsym" => {
                let Some(value) = values.get(i) else {
                    return false;
                };
                if *v == "-o" {
                    output = Some(*value);
                }
                i += 1;
            }
            "-g" | "--gen-debug" | "--32" | "--64" | "-J" | "-K" | "-L" | "--keep-locals"
            | "-R" | "-W" | "--no-warn" | "--warn" | "--fatal-warnings" | "--statistics" | "-f"
            | "--noexecstack" | "--execstack" | "--" | "-" => {}
            v if v.starts_with("--gdwarf-") || (v.starts_with("-I") && v.len() > 2) => {}
            v if v.starts_with("-a") && !v[2..].chars().all(|c| "cdghlmns".contains(c)) => {
                return false
            }
            v if v.starts_with("-a") => {}
            v if v.starts_with('-') => return false,
            _ => {}
        }
    }
    output.is_some_and(|o| super::grammar::writes_no_file(o, false))
}

/// `split --filter=COMMAND`: each piece goes to COMMAND's input (a shell runs it, `$FILE` naming
/// the piece), and no file is written: only what COMMAND does, classified as code of its own.
/// Every other option must be one of split's (GNU coreutils 9), none of which writes.
fn split(args: &[Word]) -> Option<Verdict> {
    const WITH_VALUE: &[&str] = &[
        "-a",
        "--suffix-length",
        "-b",
        "--bytes",
        "-C",
        "--line-bytes",
        "-l",
        "--lines",
        "-n",
        "--number",
        "-t",
        "--separator",
        "--additional-suffix",
    ];
    const FLAGS: &[&str] = &[
        "-d",
        "-x",
        "-e",
        "--elide-empty-files",
        "-u",
        "--unbuffered",
        "--verbose",
        "--numeric-suffixes",
        "--hex-suffixes",
    ];
    let mut filter = None;
    let mut operands = 0;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let v = a.value.as_deref()?;
        if v == "--filter" {
            filter = Some(args.get(i)?.clone());
            i += 1;
        } else if let Some(code) = v.strip_prefix("--filter=") {
            filter = Some(Word::literal(code));
        } else if WITH_VALUE.contains(&v) {
            args.get(i)?.value.as_deref()?;
            i += 1;
        } else if FLAGS.contains(&v)
            || WITH_VALUE.iter().any(|o| {
                (o.starts_with("--") && v.starts_with(&format!("{o}=")))
                    || (!o.starts_with("--") && v.len() > 2 && v.starts_with(o))
            })
            || v.starts_with("--numeric-suffixes=")
            || v.starts_with("--hex-suffixes=")
        {
        } else if v.starts_with('-') && v != "-" {
            return None;
        } else {
            operands += 1;
        }
    }
    let filter = filter?;
    (operands <= 2).then(|| Verdict {
        nested: vec![Nested::Script(filter)],
        ..Verdict::default()
    })
}

/// `vim -es -c '%print' -c 'qa!' file`: Ex mode, silent, which skips every initialization (no
/// vimrc, plugins or modelines: `:help -s-ex`), running only commands that print lines or quit.
/// `-N` would turn modelines back on; any other option is refused. `-n` is required: without
/// it vim writes a swap file beside the file and removes it (measured, vim 9.0: the directory
/// changed). A global command may print the lines a pattern matches (`g/re/p`, `v/re/nu`).
/// `ex_mode`: started as `ex`. `-s` is silent mode only once Ex mode is on (`-e`, `-E`, or the
/// name): before, it names a script of keys to read (vim's `main.c` reads options in order).
///
/// Ex mode without `-s` (`vim -n -e -c …`, `ex -c …`) whose input is not a terminal reads no
/// vimrc, `VIMINIT`, `EXINIT` or `.exrc` either, but loads the plugins of its runtime path
/// (measured, vim 9.0: a `~/.vim/plugin` script ran, planted vimrc and exrc files did not; on
/// a terminal, under `script -c`, the vimrc ran, and vim is flagged there anyway). `Some(true)`:
/// silent, no initialization; `Some(false)`: the plugins are the context's ([`VIM_PLUGINS`]).
pub(super) fn vim_prints(values: &[&str], ex_mode: bool, read_only: bool) -> Option<bool> {
    let mut ex_mode = ex_mode;
    let mut silent_ex = false;
    let mut quits = false;
    // A read-only buffer (`-R`, or vim started as view) gets its swap file only when it is
    // changed (measured, vim 9.0: `view -es -c 2p -c 'qa!' f`, `vim -Res …` make none), and
    // the commands taken here change nothing.
    let mut no_swap = values.contains(&"-n") || read_only;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        let command = match *v {
            // Flags without a value may be clustered (`-Res`, `-nes`), read in order as vim's
            // main.c reads them: `s` after `e` is silent Ex mode, before it a script to read.
            v if v.len() > 2
                && v.starts_with('-')
                && v[1..].chars().all(|c| "eEsnRX".contains(c)) =>
            {
                for c in v[1..].chars() {
                    match c {
                        'e' | 'E' => ex_mode = true,
                        's' if ex_mode => silent_ex = true,
                        's' => return None,
                        'R' | 'n' => no_swap = true,
                        _ => {}
                    }
                }
                continue;
            }
            "-R" => {
                no_swap = true;
                continue;
            }
            "-e" | "-E" => {
                ex_mode = true;
                continue;
            }
            "-s" if ex_mode => {
                silent_ex = true;
                continue;
            }
            "-n" | "-X" => continue,
            // No viminfo file at all (`:help -i`); any other name is one vim may read or write.
            // `-u NONE` reads no vimrc and loads no plugin (`:help -u`); NORC loads plugins.
            "-i" | "-u" if values.get(i) == Some(&"NONE") => {
                i += 1;
                continue;
            }
            "-c" => match values.get(i) {
                Some(c) => {
                    i += 1;
                    *c
                }
                None => return None,
            },
            v if v.starts_with('+') && v.len() > 1 => &v[1..],
            v if v.starts_with('-') => return None,
            // A file: plain names only.
            v => {
                if v.chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '/' | '-'))
                {
                    continue;
                }
                return None;
            }
        };
        let c = command.trim();
        let body = c.trim_start_matches(|ch: char| {
            ch.is_ascii_digit() || matches!(ch, '%' | ',' | '.' | '$')
        });
        let printing = |b: &str| {
            matches!(
                b,
                "p" | "print" | "nu" | "number" | "#" | "l" | "list" | "="
            )
        };
        let prints = printing(body) || ex_global(body).is_some_and(printing) || vim_echo(body);
        // `:x` (`:xit`, `:exit`, `:xall`) writes only a buffer that has changed (`:help :x`):
        // after commands that only print, it quits as `:q` does.
        let quit = matches!(
            c,
            "q" | "q!"
                | "qa"
                | "qa!"
                | "quit"
                | "quit!"
                | "qall"
                | "qall!"
                | "cq"
                | "cq!"
                | "x"
                | "xi"
                | "xit"
                | "exi"
                | "exit"
                | "xa"
                | "xall"
        );
        if !(prints || quit) {
            return None;
        }
        quits |= quit;
    }
    // Without a quit, Ex mode reads commands from its input.
    (quits && no_swap && ex_mode).then_some(silent_ex)
}

/// What vim in Ex mode without `-s` loads: the plugins of its runtime path.
pub const VIM_PLUGINS: &str =
    "vim in Ex mode loads the plugins of its runtime path (~/.vim/plugin, ~/.vim/pack)";

/// `:echo EXPR` (`:ec`, `:ech`, `:echon`) whose expression only reads: string and number
/// literals, variables and options, operators, and calls of functions that only compute or read
/// the buffer. Any other call is refused (`writefile()`, `system()`, `execute()`, `call()`,
/// `map()` with a string, `expand()` and `glob()` with backticks, an autoload `a#b()` that
/// sources a script), as are `|` (the next command), `{` (lambdas, computed names) and a
/// backtick.
fn vim_echo(command: &str) -> bool {
    const PURE: &[&str] = &[
        "line",
        "col",
        "virtcol",
        "getline",
        "getbufline",
        "indent",
        "line2byte",
        "byte2line",
        "wordcount",
        "len",
        "strlen",
        "strchars",
        "strwidth",
        "strpart",
        "strcharpart",
        "string",
        "str2nr",
        "str2float",
        "float2nr",
        "round",
        "abs",
        "max",
        "min",
        "count",
        "join",
        "split",
        "repeat",
        "trim",
        "toupper",
        "tolower",
        "tr",
        "escape",
        "matchstr",
        "match",
        "matchend",
        "stridx",
        "strridx",
        "printf",
        "nr2char",
        "char2nr",
        "range",
        "reverse",
        "type",
        "empty",
        "get",
        "keys",
        "values",
        "items",
        "index",
        "has_key",
        "bufname",
        "bufnr",
        "winnr",
        "getcwd",
        "fnamemodify",
        "localtime",
        "strftime",
    ];
    let Some(expr) = ["echon", "echo", "ech", "ec"]
        .iter()
        .find_map(|name| command.strip_prefix(name))
    else {
        return false;
    };
    if !expr.starts_with([' ', '\t']) {
        return false;
    }
    let chars: Vec<char> = expr.chars().collect();
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        i += 1;
        match c {
            '\'' => loop {
                match chars.get(i) {
                    None => return false,
                    Some('\'') if chars.get(i + 1) == Some(&'\'') => i += 2,
                    Some('\'') => {
                        i += 1;
                        break;
                    }
                    Some(_) => i += 1,
                }
            },
            '"' => loop {
                match chars.get(i) {
                    None => return false,
                    Some('\\') => i += 2,
                    Some('"') => {
                        i += 1;
                        break;
                    }
                    Some(_) => i += 1,
                }
            },
            '|' | '{' | '}' | '`' | '\n' => return false,
            c if c.is_ascii_alphabetic() || c == '_' => {
                let start = i - 1;
                while chars
                    .get(i)
                    .is_some_and(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ':' | '#'))
                {
                    i += 1;
                }
                let name: String = chars[start..i].iter().collect();
                let mut next = i;
                while chars.get(next).is_some_and(|c| c.is_whitespace()) {
                    next += 1;
                }
                if chars.get(next) == Some(&'(') && !PURE.contains(&name.as_str()) {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}

/// The command an Ex global command runs on each matching line: `g/re/p`, `g!/re/nu`,
/// `v/re/p` give `p`, `nu`. The delimiter is any character but a letter, a digit, `"`, `|` or
/// a backslash (`:help :g`); a `|` anywhere is refused, as it would chain another command.
fn ex_global(command: &str) -> Option<&str> {
    let rest = command
        .strip_prefix("global!")
        .or_else(|| command.strip_prefix("global"))
        .or_else(|| command.strip_prefix("vglobal"))
        .or_else(|| command.strip_prefix("g!"))
        .or_else(|| command.strip_prefix('g'))
        .or_else(|| command.strip_prefix('v'))?;
    let delimiter = rest.chars().next()?;
    if delimiter.is_ascii_alphanumeric()
        || matches!(delimiter, '"' | '|' | '\\')
        || command.contains('|')
    {
        return None;
    }
    let body = &rest[delimiter.len_utf8()..];
    let mut escaped = false;
    for (at, ch) in body.char_indices() {
        if escaped {
            escaped = false;
        } else if ch == '\\' {
            escaped = true;
        } else if ch == delimiter {
            return Some(body[at + ch.len_utf8()..].trim());
        }
    }
    None
}

/// The finding on gdb run without `-nx`: it reads its initialization files first, which the
/// context looks for (`context::tools`).
pub const GDB_INIT: &str =
    "gdb reads its initialization files (~/.gdbinit, ~/.config/gdb/gdbinit) first; -nx skips them";

/// `gdb -batch -ex 'print 6*7'`, `gdb -batch -ex 'info functions add' build/m`: a program (and a
/// core) loaded, never run, and each command one that only evaluates, looks up or prints. `$`
/// is refused in them: gdb's convenience functions include `$_shell`, which runs a command.
/// Without `-nx` gdb reads its initialization files first ([`GDB_INIT`]); the scripts it
/// auto-loads for a program must be under its auto-load safe-path, which by default holds only
/// its own directories (`$debugdir:$datadir/auto-load`; the context looks for them beside the
/// program anyway).
fn gdb(values: &[&str]) -> Option<Verdict> {
    // `gdb --version` still runs ~/.gdbearlyinit first (measured): the context looks.
    if matches!(
        values,
        ["--version" | "-v" | "--help" | "-h" | "--configuration"]
    ) {
        return Some(Verdict::unknown(GDB_INIT));
    }
    let mut no_init = false;
    // Without `-batch` gdb reads more commands from its input when the options' are done.
    let mut batch = false;
    let mut operands = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        let command = match *v {
            "-nx" | "--nx" | "-n" => {
                no_init = true;
                continue;
            }
            "-batch" | "--batch" => {
                batch = true;
                continue;
            }
            // `-nh` skips only the home directory's init files, which the context reads.
            "-q" | "-quiet" | "--quiet" | "-silent" | "--silent" | "-nh" | "--nh" => continue,
            "-ex" | "--ex" | "-eval-command" | "--eval-command" => {
                let c = values.get(i)?;
                i += 1;
                *c
            }
            v => match v
                .strip_prefix("--ex=")
                .or_else(|| v.strip_prefix("-ex="))
                .or_else(|| v.strip_prefix("--eval-command="))
                .or_else(|| v.strip_prefix("-eval-command="))
            {
                Some(c) => c,
                // Another option (`-x FILE`, `-ix`, `--args`, `-p PID`).
                None if v.starts_with('-') => return None,
                // The program, then a core file.
                None => {
                    operands += 1;
                    continue;
                }
            },
        };
        let first = command.split_whitespace().next().unwrap_or("");
        let shows = matches!(
            first,
            "print"
                | "p"
                | "output"
                | "ptype"
                | "whatis"
                | "echo"
                | "info"
                | "i"
                | "list"
                | "l"
                | "disassemble"
        ) || first.starts_with("x/")
            || matches!(command.trim(), "show version" | "show configuration");
        // `$` starts an expression's convenience variable or function (`$_shell(…)`, gdb
        // 13), except in the regular expressions `info functions|variables|types` take.
        let regex_only = matches!(first, "info" | "i")
            && matches!(
                command.split_whitespace().nth(1),
                Some("functions" | "variables" | "types")
            );
        let special: &[char] = if regex_only {
            &['|', '!', ';', '`']
        } else {
            &['$', '|', '!', ';', '`']
        };
        if !shows || command.contains(special) || command.contains("shell") {
            return None;
        }
    }
    if operands > 2 || !batch {
        return None;
    }
    Some(if no_init {
        Verdict::read_only()
    } else {
        Verdict::unknown(GDB_INIT)
    })
}

/// `ruby -c FILE` (`-wc`, `-W0 -c`): "Check the syntax of the script and exit without
/// executing" (ruby(1)); measured with ruby 3.1: a `BEGIN {}` block does not run, unlike
/// `perl -c`'s. `-r` and `-I` would load libraries first, so only the warning flags are taken.
fn ruby_check(values: &[&str]) -> bool {
    let mut check = false;
    for v in values {
        match *v {
            "-W0" | "-W1" | "-W2" | "--verbose" => {}
            v if v.starts_with('-') && v.len() > 1 => {
                let letters = &v[1..];
                if !letters.chars().all(|c| matches!(c, 'c' | 'w' | 'W')) {
                    return false;
                }
                check |= letters.contains('c');
            }
            // The script (or `-` for standard input): ruby reads switches only before it, and
            // the words after it are the script's ARGV (`ruby x.rb -c` runs x.rb; `ruby -c
            // a.rb b.rb` checks a.rb alone, measured with ruby 3.1).
            _ => return check,
        }
    }
    false
}

/// `erb -x FILE`: prints the Ruby the template compiles to, without running it (measured with
/// erb 2.2: a `<% File.write … %>` did not run). `-T` picks the trim mode, `-E`/`-U` the
/// encoding, `-P`/`-n` how lines are read or shown; `-r` would load a library.
fn erb_source(values: &[&str]) -> bool {
    if values == ["--version"] {
        return true;
    }
    let mut source = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        match *v {
            "-x" => source = true,
            "-P" | "-n" | "-U" => {}
            "-T" | "-E" => i += 1,
            v if v.starts_with('-') && v != "-" => return false,
            _ => {}
        }
        i += 1;
    }
    source && i == values.len()
}

/// `erb FILE` renders the template: it runs the Ruby of its tags (`<% code %>`, `<%= expr %>`,
/// and lines starting with `%`, which the erb command evaluates unless `-P`). The template,
/// read from the context (the walker puts its text in the operand's place, marked with
/// [`super::m4::FILE_TEXT`]), is judged as that Ruby, printing each `<%= %>` value: read-only
/// when it only computes and prints ([`super::ruby::only_prints`]; what Ruby loads as it
/// starts, RUBYOPT and RUBYLIB, is the context's). Options: the trim mode and the encodings;
/// `-r` (a library), `NAME=value` (variables) and anything else are refused.
fn erb_render(args: &[Word], values: &[&str]) -> Option<Verdict> {
    let mut template = None;
    let mut percent_lines = true;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-T" | "-E" => i += 1,
            "-U" => {}
            "-P" => percent_lines = false,
            v if v.starts_with(super::m4::FILE_TEXT) && template.is_none() => {
                template = Some(i - 1)
            }
            v if v.starts_with('-') || v.contains('=') || template.is_some() => return None,
            _ => template = Some(i - 1),
        }
    }
    let at = template?;
    let Some(text) = values[at].strip_prefix(super::m4::FILE_TEXT) else {
        return Some(Verdict {
            nested: vec![Nested::ScriptFile(args[at].clone())],
            ..Verdict::default()
        });
    };
    let code = erb_code(text, percent_lines)?;
    if !super::ruby::only_prints(&code, 0) {
        return None;
    }
    let mut v = Verdict::default();
    v.push_unless(
        Level::Unknown,
        "erb runs the template's Ruby, whose startup options come from the environment",
        super::verdict::Settle::InlineCode,
    );
    Some(v)
}

/// The Ruby an ERB template runs: each `<%= expr %>` as `print((expr))`, each `<% code %>` and
/// `%` line as it is, `<%# %>` comments and `<%%`/`%%` literals dropped. `None` for a tag that
/// is not closed.
fn erb_code(text: &str, percent_lines: bool) -> Option<String> {
    let mut code = String::new();
    for line in text.split_inclusive('\n') {
        if percent_lines && line.starts_with('%') && !line.starts_with("%%") {
            code.push_str(&line[1..]);
            code.push('\n');
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("<%") {
            let tag = &rest[at + 2..];
            if let Some(after) = tag.strip_prefix('%') {
                rest = after;
                continue;
            }
            let end = tag.find("%>")?;
            let body = tag[..end].trim_end_matches('-');
            match body.chars().next() {
                Some('#') => {}
                Some('=') => {
                    code.push_str("print((");
                    code.push_str(&body[1..]);
                    code.push_str("))\n");
                }
                _ => {
                    code.push_str(body.trim_start_matches('-'));
                    code.push('\n');
                }
            }
            rest = &tag[end + 2..];
        }
    }
    Some(code)
}

/// msgmerge(1) writes the merged catalog to its output unless `-o`/`--output-file` or
/// `-U`/`--update` (with its backups) say otherwise: two operands and options that only shape
/// what is printed.
fn msgmerge(values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "-q",
        "--quiet",
        "--silent",
        "-N",
        "--no-fuzzy-matching",
        "--no-wrap",
        "-s",
        "--sort-output",
        "-F",
        "--sort-by-file",
        "--no-location",
        "--add-location",
        "--previous",
        "-e",
        "--no-escape",
        "-E",
        "--escape",
        "-v",
        "--verbose",
        "--for-msgfmt",
        "--strict",
        "--force-po",
        "-m",
        "--multi-domain",
    ];
    let mut operands = 0;
    for v in values {
        let long_value = ["--width=", "--lang=", "--add-location="]
            .iter()
            .any(|p| v.starts_with(p));
        if v.starts_with('-') && !FLAGS.contains(v) && !long_value {
            return false;
        }
        if !v.starts_with('-') {
            operands += 1;
        }
    }
    operands == 2
}

/// `ninja -n` runs no command, the regeneration of build.ninja included (measured with ninja
/// 1.11: a generator rule whose input was newer was printed, not run, and no `.ninja_log` was
/// written); `-t targets`, `commands`, `query`, `graph`, `rules`, `inputs`, `deps`, `compdb`
/// print what the manifest and logs say. `-t clean`, `restat`, `recompact` and `browse` (a web
/// server) are not taken.
fn ninja(values: &[&str]) -> bool {
    const TOOLS: &[&str] = &[
        "targets", "commands", "query", "graph", "rules", "inputs", "deps", "compdb",
    ];
    let mut dry = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        match *v {
            "-n" => dry = true,
            "-v" | "--verbose" | "--quiet" => {}
            "-C" | "-f" | "-j" | "-k" | "-l" => i += 1,
            "-t" => return values.get(i + 1).is_some_and(|t| TOOLS.contains(t)),
            v if v.starts_with('-') => return false,
            _ => {}
        }
        i += 1;
    }
    dry
}

/// `cmake -N -LA build`: "View mode only. Only load the cache. Do not actually run configure and
/// generate steps" (cmake(1)); `-L[A][H]` lists the cache's variables (measured with cmake
/// 3.25: nothing in the build directory changed).
fn cmake_cache(values: &[&str]) -> bool {
    values.contains(&"-N")
        && values.iter().all(|v| {
            matches!(*v, "-N" | "-L" | "-LA" | "-LH" | "-LAH" | "-LHA") || !v.starts_with('-')
        })
        && values.iter().filter(|v| !v.starts_with('-')).count() <= 1
}

/// `ed -s file`: ed reads the file into its buffer, then runs the commands of its input, which
/// the walker reads (`Nested::StdinEd`): it only writes or runs something through them. A file
/// operand `!cmd` reads the output of `cmd`.
fn ed(values: &[&str]) -> Option<Verdict> {
    let mut files = 0;
    let mut rest = values.iter();
    while let Some(v) = rest.next() {
        match *v {
            "-s"
            | "-q"
            | "--quiet"
            | "--silent"
            | "-v"
            | "--verbose"
            | "-G"
            | "--traditional"
            | "-l"
            | "--loose-exit-status"
            | "-r"
            | "--restricted"
            | "-E"
            | "--extended-regexp"
            | "--strip-trailing-cr" => {}
            "-p" => {
                rest.next()?;
            }
            v if v.starts_with("--prompt=") => {}
            v if v.starts_with('-') || v.starts_with('!') => return None,
            _ => files += 1,
        }
    }
    (files <= 1).then(|| Verdict {
        nested: vec![Nested::StdinEd],
        ..Verdict::default()
    })
}

/// git's commands in a mode that only prints, from their manuals (`git help -a`; the list of
/// each mode is in bench/classify-modes.json): `git apply --check|--stat|--numstat|--summary …`
/// (the mode first: a later one could be an option's value, `--exclude --check` excludes
/// `--check`), `git format-patch --stdout`, `git merge-file -p`, `git worktree prune -n`, `git
/// hash-object` without -w, the filters that print (`stripspace`, `column`, `patch-id`,
/// `interpret-trailers` without --in-place, `fast-export` without --export-marks), and the listing modes of `sparse-checkout`, `hook`, `replace`,
/// `rerere`, `refs verify`.
pub fn git(sub: &str, rest: &[Word]) -> bool {
    let Some(values) = super::args::values(rest) else {
        return false;
    };
    // `git verify-pack -v .git/objects/pack/*.idx`: the index-pack run it makes only verifies
    // (git-verify-pack(1)); a glob there names packs, and one that starts with a path is no option.
    if sub == "verify-pack" {
        let mut operands = 0;
        for (a, v) in rest.iter().zip(&values) {
            match *v {
                "-v" | "--verbose" | "-s" | "--stat-only" if !a.glob => {}
                _ if a.may_be_option() || v.starts_with('-') => return false,
                _ => operands += 1,
            }
        }
        return operands > 0;
    }
    if rest.iter().any(|a| a.glob) {
        return false;
    }
    match (sub, values.split_first()) {
        // `get` looks a credential up in the store's file and prints it; `store` and `erase`
        // write it (git-credential-store(1)).
        ("credential-store", _) => {
            matches!(values.last(), Some(&"get"))
                && values[..values.len() - 1]
                    .iter()
                    .all(|v| v.starts_with("--file="))
        }
        // `-n`: "Dry run. Check the pack file without actually unpacking the objects"
        // (git-unpack-objects(1)); `-q` and `--strict` change nothing else.
        ("unpack-objects", _) => {
            values.contains(&"-n") && options_among(&values, &["-n", "-q", "--strict"], &[])
        }
        // `git notes prune -n`: "Do not remove anything; just report the object names whose
        // notes would be removed" (git-notes(1)).
        ("notes", Some((&"prune", more))) => {
            more.iter().any(|v| matches!(*v, "-n" | "--dry-run"))
                && options_among(more, &["-n", "--dry-run", "-v", "--verbose"], &[])
        }
        ("apply", Some((mode, more))) => {
            matches!(*mode, "--check" | "--stat" | "--numstat" | "--summary")
                && !more.iter().any(|v| {
                    v.starts_with("--apply")
                        || v.starts_with("--build-fake-ancestor")
                        || v.starts_with("--reject")
                })
        }
        // `--stdout` anywhere: "Print all commits to the standard output in mbox format,
        // instead of creating a file for each one" (git-format-patch(1)); not the value of an
        // option that takes one, and no `-o` besides.
        ("format-patch", _) => {
            flag_not_value(&values, &["--stdout"], FORMAT_PATCH_VALUES)
                // `-o DIR`, and `--o…`: `--output-directory`, the diff options' `--output=FILE`
                // and their abbreviations.
                && !values
                    .iter()
                    .any(|v| v.starts_with("-o") || v.starts_with("--o"))
        }
        // `git merge-file -p`: "Send results to standard output instead of overwriting
        // <current>" (git-merge-file(1)).
        ("merge-file", _) => {
            flag_not_value(&values, &["-p", "--stdout"], &["-L"])
                && options_among(
                    &values,
                    &[
                        "-p",
                        "--stdout",
                        "-q",
                        "--quiet",
                        "--diff3",
                        "--zdiff3",
                        "--ours",
                        "--theirs",
                        "--union",
                        "--object-id",
                        "-L",
                    ],
                    &["--marker-size=", "--diff-algorithm="],
                )
        }
        // `git worktree prune -n`: "Do not remove anything; just report what it would remove".
        ("worktree", Some((&"prune", more))) => {
            more.iter().any(|v| matches!(*v, "-n" | "--dry-run"))
                && more.iter().all(|v| {
                    matches!(*v, "-n" | "--dry-run" | "-v" | "--verbose")
                        || v.starts_with("--expire=")
                })
        }
        // Without -w the object is hashed, not written ("-w: Actually write the object into
        // the object database"); the clean filter it runs is the context's (`context::git`).
        ("hash-object", _) => options_among(
            &values,
            &[
                "-t",
                "--stdin",
                "--stdin-paths",
                "--path",
                "--no-filters",
                "--literally",
            ],
            &["--path="],
        ),
        // `--parse` is `--only-trailers --only-input --unfold`: `--only-input` keeps the
        // trailer.<key>.cmd commands from running; `--in-place` edits the files.
        // Without `--in-place` (`--in` is its shortest spelling) the message goes to stdout; the
        // `trailer.<key>.cmd` commands it runs unless `--only-input` are the context's to see
        // (`context::git`), as every other configured program.
        ("interpret-trailers", _) => trailers_printed(&values),
        // `git fast-export` prints the stream to stdout and runs no filter or textconv
        // (measured: git 2.47); `--export-marks=FILE` (or an abbreviation) writes the marks.
        ("fast-export", _) => !values.iter().any(|v| {
            let name = v.split('=').next().unwrap_or(v);
            name.len() >= 3 && "--export-marks".starts_with(name)
        }),
        // `git mailinfo MSG PATCH` reads a mail on stdin, prints its headers and writes the
        // message and the patch to MSG and PATCH (git-mailinfo(1)): taken when both are
        // /dev/null.
        ("mailinfo", _) => {
            let operands: Vec<&&str> = values.iter().filter(|v| !v.starts_with('-')).collect();
            operands.len() == 2
                && operands.iter().all(|v| **v == "/dev/null")
                && values.iter().filter(|v| v.starts_with('-')).all(|v| {
                    matches!(
                        *v,
                        "-k" | "-b"
                            | "-u"
                            | "-n"
                            | "-m"
                            | "--message-id"
                            | "--scissors"
                            | "--no-scissors"
                    ) || v.starts_with("--encoding=")
                        || v.starts_with("--quoted-cr=")
                })
        }
        // Filters on stdin or on the files they are given, printing to stdout.
        ("stripspace", _) => values
            .iter()
            .all(|v| matches!(*v, "-s" | "--strip-comments" | "-c" | "--comment-lines")),
        ("column", _) => values.iter().all(|v| {
            v.starts_with("--mode=")
                || v.starts_with("--raw-mode=")
                || v.starts_with("--width=")
                || v.starts_with("--indent=")
                || v.starts_with("--nl=")
                || v.starts_with("--padding=")
        }),
        ("patch-id", _) => values
            .iter()
            .all(|v| matches!(*v, "--stable" | "--unstable" | "--verbatim")),
        ("check-mailmap", _) => options_among(&values, &["--stdin"], &["--mailmap-"]),
        ("show-index", _) => values.iter().all(|v| v.starts_with("--object-format=")),
        ("verify-pack", _) => {
            options_among(&values, &["-v", "--verbose", "-s", "--stat-only"], &[])
        }
        ("fmt-merge-msg", _) => options_among(
            &values,
            &["-m", "--message", "-F", "--file", "--log", "--no-log"],
            &["--log=", "--into-name="],
        ),
        // `-n`: "Don't actually remove any objects, only show those that would have been
        // removed" (git-prune-packed(1)).
        ("prune-packed", _) => {
            values.iter().any(|v| matches!(*v, "-n" | "--dry-run"))
                && values
                    .iter()
                    .all(|v| matches!(*v, "-n" | "--dry-run" | "-q" | "--quiet"))
        }
        ("pack-redundant", _) => options_among(&values, &["--all", "--alt-odb", "--verbose"], &[]),
        // The listing modes of commands whose other modes write.
        ("sparse-checkout", Some((&"list", []))) => true,
        ("hook", Some((&"list", more))) => options_among(more, &[], &["-z"]),
        ("replace", Some((mode, more))) => {
            matches!(*mode, "-l" | "--list") && options_among(more, &[], &["--format="])
        }
        ("rerere", Some((mode, []))) => matches!(*mode, "status" | "diff" | "remaining"),
        // `--tool-help`: "Print a list of merge tools that may be used with --tool".
        ("difftool" | "mergetool", Some((&"--tool-help", []))) => true,
        // `git ls-remote --get-url [REMOTE]`: "Expand the URL of the given remote repository …
        // and exit without talking to the remote".
        ("ls-remote", Some((&"--get-url", more))) => {
            more.len() <= 1 && options_among(more, &[], &[])
        }
        // `git ls-remote ../up.git`: a repository named by its path is listed where it is, by
        // git's local transport (its own upload-pack, no other machine). A remote's name or a
        // URL may lead anywhere.
        ("ls-remote", _) => ls_remote_repository(&values).flatten().is_some_and(|r| {
            (r.starts_with('/') || r.starts_with("./") || r.starts_with("../")) && !r.contains(':')
        }),
        ("refs", Some((&"verify", more))) => {
            more.iter().all(|v| matches!(*v, "--strict" | "--verbose"))
        }
        _ => false,
    }
}

/// `git ls-remote`'s repository operand (`None`: none given) when every option only chooses
/// what is listed; `None` for any other option (`--upload-pack` runs a program).
pub fn ls_remote_repository<'a>(values: &[&'a str]) -> Option<Option<&'a str>> {
    let flags = [
        "--heads",
        "--branches",
        "--tags",
        "--refs",
        "-q",
        "--quiet",
        "--exit-code",
        "--symref",
        "-h",
        "-b",
        "-t",
    ];
    options_among(values, &flags, &["--sort="])
        .then(|| values.iter().find(|v| !v.starts_with('-')).copied())
}

/// `git interpret-trailers` without `--in-place` (`--in` at the shortest): the message goes to
/// stdout. The `trailer.<key>.cmd` commands it runs unless `--only-input` are the context's to
/// see (`context::git`), as every other configured program.
fn trailers_printed(values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "--parse",
        "--only-input",
        "--only-trailers",
        "--no-only-trailers",
        "--unfold",
        "--no-unfold",
        "--no-divider",
        "--trim-empty",
        "--no-trim-empty",
        "--no-where",
        "--no-if-exists",
        "--no-if-missing",
        "--no-in-place",
    ];
    const VALUED: &[&str] = &["--where", "--if-exists", "--if-missing", "--trailer"];
    let mut i = 0;
    while let Some(v) = values.get(i) {
        if *v == "--" {
            return true;
        }
        let name = v.split('=').next().unwrap_or(v);
        if VALUED.contains(v) {
            i += 2;
            continue;
        }
        if v.starts_with('-') && !FLAGS.contains(v) && !(VALUED.contains(&name) && v.contains('='))
        {
            return false;
        }
        i += 1;
    }
    true
}

/// Options of `git format-patch` that take the next word as their value.
const FORMAT_PATCH_VALUES: &[&str] = &[
    "-o",
    "-v",
    "--output-directory",
    "--reroll-count",
    "--in-reply-to",
    "--subject-prefix",
    "--suffix",
    "--start-number",
    "--to",
    "--cc",
    "--add-header",
    "--signature",
    "--signature-file",
    "--base",
    "--interdiff",
    "--range-diff",
    "--creation-factor",
    "--filename-max-length",
    "--description-file",
    "--cover-from-description",
];

/// Every option among `values` (a word starting with `-`) is one of `flags` or starts with one of
/// `prefixes` (`--path=`); any other word, an operand, is allowed.
fn options_among(values: &[&str], flags: &[&str], prefixes: &[&str]) -> bool {
    values.iter().all(|v| {
        !v.starts_with('-') || flags.contains(v) || prefixes.iter().any(|p| v.starts_with(p))
    })
}

/// One of `flags` is among `values`, and not as the value of an option in `takes_value` (git's
/// parse-options takes the next word as the value whatever it looks like).
fn flag_not_value(values: &[&str], flags: &[&str], takes_value: &[&str]) -> bool {
    let mut i = 0;
    while let Some(v) = values.get(i) {
        if *v == "--" {
            return false;
        }
        if flags.contains(v) {
            return true;
        }
        i += if takes_value.contains(v) { 2 } else { 1 };
    }
    false
}

/// What the mysql client does with its option files before it prints its version or help.
pub const MYSQL_TEE: &str = "mysql opens the tee file its option files name (~/.my.cnf, MYSQL_HOME) before it prints; no context was read to tell";

/// `mysql --version`/`-V`/`--help` (and mariadb's): printed after the option files are read,
/// and the client acts on a `tee = FILE` there as it reads it (measured, MariaDB 10.11: `mysql
/// -V` with `tee` in `~/.my.cnf` made the file), so only with the context read or with
/// `--no-defaults` first ([`mysql_help_without_defaults`]).
fn mysql_information(values: &[&str]) -> Option<Verdict> {
    if mysql_help_without_defaults(values) {
        return Some(Verdict::read_only());
    }
    matches!(values, ["--version" | "-V" | "--help" | "-I"]).then(|| {
        let mut v = Verdict::read_only();
        v.push_unless(
            Level::Write,
            MYSQL_TEE,
            super::verdict::Settle::Configuration,
        );
        v
    })
}

/// `mysql --no-defaults --help` (MariaDB 10.11's client, mysqldump too): the options and their
/// values printed, with no option file read (`--no-defaults` must come first). An option file's
/// `tee = FILE` is acted on while the options are read, `--help` or not (mysql.cc's
/// `get_one_option` opens it), so `--help` alone is not taken. Measured with strace: nothing
/// opened for writing, no connection.
fn mysql_help_without_defaults(values: &[&str]) -> bool {
    match values {
        ["--no-defaults", rest @ ..] => {
            rest.iter().any(|v| matches!(*v, "--help" | "-?" | "-I"))
                && rest
                    .iter()
                    .all(|v| matches!(*v, "--help" | "-?" | "-I" | "--verbose" | "-v"))
        }
        _ => false,
    }
}

/// `tox list` (`tox l`, `tox -l`): the environments its configuration defines, printed (measured, tox
/// 4.67: nothing written). Unless the configuration's `requires` or `min_version` is met, tox
/// first provisions itself into `.tox/.tox` from the network (measured): the context reads the
/// configuration (`context::tools`).
fn tox_list(values: &[&str]) -> Option<Verdict> {
    let [command, rest @ ..] = values else {
        return None;
    };
    let options_ok = rest.iter().all(|v| {
        matches!(
            *v,
            "--no-desc"
                | "-d"
                | "-q"
                | "--quiet"
                | "-qq"
                | "-v"
                | "--verbose"
                | "-vv"
                | "--no-recreate-provision"
        )
    });
    // tox 4's legacy command takes `-l`/`--listenvs` (`-a`/`--listenvs-all`) for the same
    // listing (tox's `legacy.py`: `list_env` and return, nothing else run).
    let listing = matches!(
        *command,
        "list" | "l" | "-l" | "--listenvs" | "-a" | "--listenvs-all"
    );
    let shown = *command == "config" || *command == "c";
    if shown {
        return tox_config(rest);
    }
    (listing && options_ok).then(|| {
        let mut v = Verdict::read_only();
        v.push_unless(
            super::verdict::Level::Unknown,
            "tox provisions itself (a virtual environment, from the network) when its configuration requires more; no context was read to tell",
            super::verdict::Settle::Configuration,
        );
        v
    })
}

/// The keys `tox config -k` prints as the configuration writes them (tox 4.67): none of them
/// needs the environment's interpreter, which tox finds by running it and caches in
/// `~/.cache/virtualenv` (measured: `tox config -e py311` without `-k`, or a key whose value
/// substitutes `{envsitepackagesdir}`, ran python and wrote the cache and temporary files).
const TOX_PLAIN_KEYS: &[&str] = &[
    "commands",
    "commands_pre",
    "commands_post",
    "deps",
    "description",
    "allowlist_externals",
    "labels",
    "depends",
    "skip_install",
];

/// The finding on `tox config -k KEY…` that only the configuration's text settles.
pub const TOX_SUBSTITUTIONS: &str = "tox config substitutes the values it prints, some by running the environment's interpreter; no context was read to tell";

/// `tox config [-e ENVS] -k KEY…` (`c`): the named keys of each environment printed, with
/// their substitutions made (measured with strace, tox 4.67: `tox config -e py311 -k commands`
/// wrote nothing and ran nothing) when every key is one of [`TOX_PLAIN_KEYS`]; the context
/// reads the configuration for substitutions that need the interpreter, `requires`
/// (provisioning) and plugins (`context::tools`).
fn tox_config(rest: &[&str]) -> Option<Verdict> {
    let mut keys = 0;
    let mut i = 0;
    while let Some(v) = rest.get(i) {
        i += 1;
        match *v {
            "-q" | "--quiet" | "-qq" | "-v" | "--verbose" | "-vv" | "--no-recreate-provision" => {}
            "-e" => {
                rest.get(i).filter(|e| !e.starts_with('-'))?;
                i += 1;
            }
            "-k" => {
                while let Some(k) = rest.get(i).filter(|k| !k.starts_with('-')) {
                    if !TOX_PLAIN_KEYS.contains(k) {
                        return None;
                    }
                    keys += 1;
                    i += 1;
                }
            }
            _ => return None,
        }
    }
    (keys > 0).then(|| {
        let mut v = Verdict::read_only();
        v.push_unless(
            super::verdict::Level::Unknown,
            TOX_SUBSTITUTIONS,
            super::verdict::Settle::Configuration,
        );
        v
    })
}

/// The reason [`mypy`] gives when only its configuration is in question: the context
/// (`context::tools`) takes it back when no configuration file names a plugin.
pub const MYPY_PLUGINS: &str =
    "mypy loads the plugins its configuration names (mypy.ini, setup.cfg, pyproject.toml); no context was read to tell";

/// `mypy --cache-dir=/dev/null src`: the cache turned off (mypy's documentation: "/dev/null
/// … disables writing the cache"; measured, mypy 2.4: nothing written), or left to
/// `MYPY_CACHE_DIR` when no `--cache-dir` is given, with options that only
/// choose what is checked and printed. Reports (`--junit-xml`, `--*-report`), `--install-types`,
/// `--python-executable` (a program mypy runs) and a `--config-file` elsewhere are refused.
fn mypy(values: &[&str]) -> Option<Verdict> {
    const VALUED: &[&str] = &[
        "--python-version",
        "--platform",
        "--follow-imports",
        "--enable-error-code",
        "--disable-error-code",
        "--always-true",
        "--always-false",
        "--exclude",
        "-p",
        "--package",
        "-m",
        "--module",
        "--soft-error-limit",
    ];
    const PREFIXES: &[&str] = &[
        "--disallow-",
        "--allow-",
        "--warn-",
        "--no-warn-",
        "--show-",
        "--hide-",
        "--strict",
        "--no-strict",
        "--check-untyped-defs",
        "--no-check-untyped-defs",
        "--ignore-missing-imports",
        "--no-implicit-",
        "--implicit-",
        "--local-partial-types",
        "--extra-checks",
        "--explicit-package-bases",
        "--namespace-packages",
        "--no-namespace-packages",
        "--pretty",
        "--no-pretty",
        "--error-summary",
        "--no-error-summary",
        "--color-output",
        "--no-color-output",
        "--incremental",
        "--no-incremental",
        "--no-site-packages",
        "--no-silence-site-packages",
        "--follow-untyped-imports",
    ];
    let mut cache_off = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        let (option, joined) = match v.split_once('=') {
            Some((o, value)) if o.starts_with("--") => (o, Some(value)),
            _ => (*v, None),
        };
        if option == "--cache-dir" {
            let value = match joined {
                Some(value) => value,
                None => {
                    i += 1;
                    values.get(i - 1)?
                }
            };
            cache_off = value == "/dev/null";
            if !cache_off {
                return None;
            }
        } else if VALUED.contains(&option) {
            if joined.is_none() {
                i += 1;
            }
        } else if option.starts_with('-')
            && (joined.is_some() || !PREFIXES.iter().any(|p| option.starts_with(p)))
        {
            return None;
        }
    }
    if cache_off {
        return Some(Verdict::unknown(MYPY_PLUGINS));
    }
    // `MYPY_CACHE_DIR=/dev/null` in the environment turns it off too, over the command line's
    // and the configuration's (the context's environment says; its plugins are read then).
    let mut v = Verdict::read_only();
    v.push_unless(
        Level::Write,
        "mypy writes its cache (.mypy_cache) unless its cache directory is /dev/null",
        super::verdict::Settle::CacheOff,
    );
    Some(v)
}

/// The reason [`sqlite`] gives when only the database's existence is in question: the context
/// check (`context::tools`) takes it back when the file is there.
pub const SQLITE_CREATES: &str = "sqlite3 creates the database file when it is not there";

/// `sqlite3 -version`/`-help`, and `sqlite3 [-readonly] db 'select …'`: statements that only
/// read, dot-commands that only show. Without `-readonly`, opening a database that does not
/// exist creates an empty file (measured: sqlite3 3.40, `sqlite3 new.db 'select 1'`), which
/// the context can rule out.
fn sqlite(values: &[&str]) -> Option<Verdict> {
    if matches!(values, ["-version" | "--version" | "-help" | "--help"]) {
        return Some(Verdict::read_only());
    }
    let (reads, read_only) = sqlite_reads(values);
    if !reads {
        return None;
    }
    Some(if read_only {
        Verdict::read_only()
    } else {
        Verdict::write(SQLITE_CREATES)
    })
}

/// Whether `sqlite3 values` only reads a database file that exists, and whether it opens it
/// with `-readonly`. The shell's own SQL functions that write files or run an editor
/// (`writefile`, `edit`), `ATTACH`, `VACUUM INTO` and extensions are refused; no SQL at all
/// means statements from stdin, which cannot be checked.
pub(crate) fn sqlite_reads(values: &[&str]) -> (bool, bool) {
    const FLAGS: &[&str] = &[
        "-readonly",
        "-safe",
        "-bail",
        "-batch",
        "-header",
        "-noheader",
        "-column",
        "-csv",
        "-json",
        "-line",
        "-list",
        "-markdown",
        "-table",
        "-box",
        "-html",
        "-quote",
        "-tabs",
        "-ascii",
        "-echo",
        "-nofollow",
        "-stats",
        "-memtrace",
        "-version",
        "-help",
        "-interactive",
    ];
    const WITH_VALUE: &[&str] = &["-separator", "-newline", "-nullvalue", "-cmd", "-escape"];
    const DOT: &[&str] = &[
        ".tables",
        ".table",
        ".schema",
        ".indexes",
        ".indices",
        ".headers",
        ".header",
        ".mode",
        ".dbinfo",
        ".show",
        ".databases",
        ".fullschema",
        ".width",
        ".nullvalue",
        ".separator",
        ".print",
        ".help",
        ".version",
        ".stats",
        ".timer",
        ".eqp",
        ".dump",
        ".changes",
        ".echo",
        ".bail",
        ".lint",
        ".dbconfig",
        ".limit",
        ".parameter",
        ".prompt",
        ".selftest",
        ".vfsinfo",
        ".vfslist",
        ".vfsname",
        ".sha3sum",
        ".explain",
    ];
    // What `-safe` refuses (measured, sqlite 3.40: "cannot run .shell in safe mode"; `.trace`
    // and `.recover` are not refused, so they are not here).
    const SAFE_REFUSED: &[&str] = &[
        ".shell", ".system", ".output", ".once", ".import", ".load", ".open", ".save", ".backup",
        ".restore", ".read", ".log", ".excel", ".archive", ".ar", ".clone", ".cd",
    ];
    let mut read_only = false;
    let mut safe = false;
    let mut database = None;
    let mut statements: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            v if FLAGS.contains(&v) => {
                read_only |= v == "-readonly";
                safe |= v == "-safe";
            }
            v if WITH_VALUE.contains(&v) => {
                if v == "-cmd" {
                    statements.extend(values.get(i));
                }
                i += 1;
            }
            // `-init FILE` runs FILE's commands instead of `~/.sqliterc`'s (shell.c's
            // process_sqliterc): `/dev/null` holds none; any other file is not read here.
            "-init" if values.get(i) == Some(&"/dev/null") => i += 1,
            v if v.starts_with('-') => return (false, read_only),
            v if database.is_none() => database = Some(v),
            v => statements.push(v),
        }
    }
    // A URI names its own open mode and options.
    if database.is_none_or(|d| d.starts_with("file:")) || statements.is_empty() {
        return (false, read_only);
    }
    let reads = statements.iter().all(|text| {
        text.split(';').all(|statement| {
            let s = statement.trim();
            let lower = s.to_ascii_lowercase();
            if s.is_empty() {
                return true;
            }
            if let Some(dot) = s.strip_prefix('.') {
                let command = format!(".{}", dot.split_whitespace().next().unwrap_or(""));
                if safe && SAFE_REFUSED.contains(&command.as_str()) {
                    return true;
                }
                // `.output stdout`, `.once stdout` and a bare `.output` send the results to
                // standard output (sqlite's shell: "stdout" is the stream, not a file; measured
                // with strace, 3.40: no file opened).
                let operands: Vec<&str> = dot.split_whitespace().skip(1).collect();
                if matches!(command.as_str(), ".output" | ".once")
                    && (operands == ["stdout"] || (command == ".output" && operands.is_empty()))
                {
                    return true;
                }
                // `.selftest --init` creates a table in a writable database.
                return DOT.contains(&command.as_str())
                    && (read_only || command != ".selftest")
                    && !lower.contains(".once")
                    && !lower.contains(".output");
            }
            let first = lower.split_whitespace().next().unwrap_or("");
            let reads = if read_only {
                // The database refuses every write; these only read or only print.
                matches!(first, "select" | "with" | "values" | "explain")
                    || (first == "pragma" && !lower.contains('='))
            } else {
                // A writable database: a CTE may lead a write, and pragmas that look like
                // questions can change the file (`pragma journal_mode(wal)`).
                let words: Vec<&str> = lower
                    .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .filter(|w| !w.is_empty())
                    .collect();
                let writes = words.iter().any(|w| {
                    matches!(
                        *w,
                        "insert"
                            | "update"
                            | "delete"
                            | "replace"
                            | "create"
                            | "drop"
                            | "alter"
                            | "reindex"
                            | "analyze"
                            | "begin"
                            | "commit"
                    )
                });
                let pragma_reads = words.get(1).is_some_and(|name| {
                    matches!(
                        *name,
                        "table_info"
                            | "table_xinfo"
                            | "table_list"
                            | "index_list"
                            | "index_info"
                            | "index_xinfo"
                            | "foreign_key_list"
                            | "database_list"
                            | "collation_list"
                            | "function_list"
                            | "module_list"
                            | "pragma_list"
                            | "compile_options"
                            | "integrity_check"
                            | "quick_check"
                            | "foreign_key_check"
                            | "page_count"
                            | "page_size"
                            | "encoding"
                            | "user_version"
                            | "schema_version"
                            | "application_id"
                            | "freelist_count"
                    ) || (
                        // Without an argument a pragma only reports its setting (sqlite's
                        // pragma documentation: `PRAGMA name = value` or `PRAGMA name(value)`
                        // sets it), but for those that act when named.
                        !lower.contains('(')
                            && words.len() == 2
                            && !matches!(
                                *name,
                                "optimize" | "wal_checkpoint" | "incremental_vacuum"
                            )
                    )
                }) && !lower.contains('=');
                (matches!(first, "select" | "with" | "values" | "explain") && !writes)
                    || (first == "pragma" && pragma_reads)
            };
            // The shell's file functions: `writefile()` writes, `edit()` runs an editor, `lsdir`
            // and `fsdir` list directories (as tables a statement may write from). `readfile()`
            // only reads the file it names (sqlite 3.40's shell, measured: `select
            // length(readfile('a.txt'))` wrote nothing), so it is taken.
            let denied = [
                "writefile",
                "edit(",
                "load_extension",
                "attach",
                "vacuum",
                "fts3_tokenizer",
                "zipfile",
                "sqlar",
                "lsdir",
                "fsdir",
            ]
            .iter()
            .any(|d| lower.contains(d));
            reads && !denied
        })
    });
    (reads, read_only)
}

/// A compiler driver's arguments, every one on the command line or read from a response file,
/// only ask it something or check, preprocess or compile to standard output (`-###` prints the
/// commands the driver would run and runs none: gcc 12, measured, `gcc -### -c a.c` wrote
/// nothing). A response file (`@FILE`) among them is not read here: never.
pub(crate) fn compiler_reads(program: &str, values: &[&str]) -> bool {
    !values.iter().any(|v| v.starts_with('@'))
        && (values.contains(&"-###")
            || compiler_info(values)
            || preprocess(program, values)
            || compiles_to_stdout(program, values)
            || syntax_only(values))
}

/// The finding on `pytest --co`: collecting imports the project's test modules, their packages'
/// `__init__.py` and `conftest.py` files, whose code the context reads
/// (`context::python::plugin_host`).
pub const PYTEST_COLLECTS: &str =
    "pytest imports the project's test modules and conftest.py files as it collects; no context was read to tell";

/// `pytest --co` (`--collect-only`) lists the tests it finds and runs none (pytest 9.2), with
/// options that only choose what is collected and shown: `-q`, `-v`, `-s`, `--capture=`, `-k`,
/// `-m`, `--ignore`, `--deselect`, `--noconftest`, `-p no:NAME`, and paths. Collection imports
/// the test modules, which the context judges (`PYTEST_COLLECTS`); without `-p
/// no:cacheprovider` a collection error writes `.pytest_cache` (measured: a module that failed
/// to import left it; a clean collection wrote nothing), and without `-s` (`--capture=no`) the
/// output is captured in a file made in TMPDIR (measured: the directory changed).
fn pytest_collect(values: &[&str]) -> Option<Verdict> {
    if !values
        .iter()
        .any(|v| matches!(*v, "--co" | "--collect-only"))
    {
        return None;
    }
    let mut cache = true;
    let mut capture = true;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-s" | "--capture=no" => capture = false,
            "--co" | "--collect-only" | "-q" | "-qq" | "--quiet" | "-v" | "-vv" | "--verbose"
            | "--noconftest" | "-x" | "--exitfirst" => {}
            "-k" | "-m" | "--ignore" | "--deselect" | "--ignore-glob" => {
                values.get(i)?;
                i += 1;
            }
            "-p" => {
                let plugin = values.get(i)?.strip_prefix("no:")?;
                cache &= plugin != "cacheprovider";
                i += 1;
            }
            v if v.starts_with("-pno:") => cache &= v != "-pno:cacheprovider",
            v if v.starts_with("--capture=")
                || v.starts_with("--ignore=")
                || v.starts_with("--deselect=")
                || v.starts_with("--ignore-glob=") => {}
            v if v.starts_with('-') => return None,
            _ => {}
        }
    }
    let mut v = Verdict::default();
    v.push_unless(
        Level::Unknown,
        PYTEST_COLLECTS,
        super::verdict::Settle::Configuration,
    );
    if cache {
        v.push(
            Level::Write,
            "pytest writes .pytest_cache when collection fails (-p no:cacheprovider writes none)",
        );
    }
    if capture {
        v.push(
            Level::Write,
            "pytest captures output in a temporary file it makes in TMPDIR (-s makes none)",
        );
    }
    Some(v)
}

/// `json_pp`: converts JSON to JSON or a Perl dump; `-f eval` would evaluate Perl.
fn json_pp(values: &[&str]) -> bool {
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-f" => {
                if values.get(i) != Some(&"json") {
                    return false;
                }
                i += 1;
            }
            "-t" | "-json_opt" => i += 1,
            "-v" | "-V" => {}
            _ => return false,
        }
    }
    true
}

/// `gcc -dumpmachine`, `cc --version`, `clang -print-resource-dir`: options that print what the
/// compiler is and where it looks, and compile nothing (every option must be one of those).
/// Not `--target-help`, nor `--help` with `-v`: gcc 12 then asks cc1 and `as` for their help,
/// compiling an empty input through `ccXXXXXX.s` and `.o` files in `TMPDIR` (strace, measured).
fn compiler_info(values: &[&str]) -> bool {
    const INFO: &[&str] = &[
        "--version",
        "-v",
        "-dumpmachine",
        "-dumpversion",
        "-dumpfullversion",
        "-dumpspecs",
        "-print-search-dirs",
        "--print-search-dirs",
        "--print-libgcc-file-name",
        "--print-multiarch",
        "--print-sysroot",
        "-print-libgcc-file-name",
        "-print-multiarch",
        "-print-multi-lib",
        "-print-multi-directory",
        "-print-multi-os-directory",
        "-print-sysroot",
        "-print-sysroot-headers-suffix",
        "-print-resource-dir",
        "--print-resource-dir",
        "-print-targets",
        "--print-targets",
        "--print-target-triple",
        "-print-target-triple",
        "--print-effective-triple",
        "-print-effective-triple",
        "--help",
        "-print-diagnostic-options",
    ];
    if values.contains(&"--help") && values.contains(&"-v") {
        return false;
    }
    !values.is_empty()
        && values.iter().all(|v| {
            INFO.contains(v)
                || v.starts_with("-print-file-name=")
                || v.starts_with("-print-prog-name=")
                || v.starts_with("--print-file-name=")
                || v.starts_with("--print-prog-name=")
        })
}

/// `gcc -fsyntax-only x.c` (checks and writes nothing), `gcc -M x.c` (dependencies to stdout):
/// with options that only define, include or warn, and no `-o`, `-MF`, `-MD`, plugins or specs.
fn syntax_only(values: &[&str]) -> bool {
    let mut checks = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-fsyntax-only" | "-M" | "-MM" => checks = true,
            "-I" | "-D" | "-U" | "-x" | "-isystem" | "-iquote" | "-include" => i += 1,
            v if v.starts_with("-I")
                || v.starts_with("-D")
                || v.starts_with("-U")
                || v.starts_with("-std=")
                // An optimization level only changes code that is not generated here.
                || v.strip_prefix("-O").is_some_and(|l| l.chars().all(|c| c.is_ascii_alphanumeric()))
                || (v.starts_with("-W")
                    && !v.starts_with("-Wl,")
                    && !v.starts_with("-Wa,")
                    && !v.starts_with("-Wp,"))
                || matches!(
                    v,
                    "-pedantic" | "-pedantic-errors" | "-w" | "-ansi" | "-m32" | "-m64"
                ) => {}
            v if v.starts_with('-') && v != "-" => return false,
            _ => {}
        }
    }
    checks
}

/// `rustc -vV`, `rustc --print sysroot`, `rustc --explain E0308`: what rustc is and knows, with
/// nothing compiled (`--print kind=path` writes a file: not here).
fn rustc_info(values: &[&str]) -> bool {
    // `--print WHAT` stops rustc once it has printed: with a crate, `--emit` or `-o` beside it
    // nothing is compiled or written (measured, rustc 1.95). `--print WHAT=PATH` writes PATH.
    let prints: Vec<&str> = values
        .iter()
        .enumerate()
        .filter_map(|(i, v)| match v.strip_prefix("--print=") {
            Some(what) => Some(what),
            None => (*v == "--print").then(|| values.get(i + 1).copied().unwrap_or("=")),
        })
        .collect();
    if !prints.is_empty()
        && prints
            .iter()
            .all(|w| !w.contains('=') && !w.starts_with('-'))
        && !values.iter().any(|v| v.starts_with('@'))
    {
        return true;
    }
    let mut any = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-V" | "--version" | "-vV" | "-Vv" | "-h" | "--help" => any = true,
            "-v" | "--verbose" => {}
            "--explain" | "--target" => {
                let Some(value) = values.get(i) else {
                    return false;
                };
                if value.contains('=') || value.starts_with('-') {
                    return false;
                }
                any |= *v != "--target";
                i += 1;
            }
            "-C" | "-W" => {
                if values.get(i) != Some(&"help") {
                    return false;
                }
                any = true;
                i += 1;
            }
            v if v.starts_with("--explain=") => {
                if v.matches('=').count() > 1 {
                    return false;
                }
                any = true;
            }
            v if v.starts_with("--target=") => {}
            _ => return false,
        }
    }
    any
}

/// `ar t archive …` / `ar p archive …` (a key of `t` or `p` with `v`/`O` modifiers).
fn ar(values: &[&str]) -> bool {
    let Some((key, rest)) = values.split_first() else {
        return false;
    };
    let key = key.strip_prefix('-').unwrap_or(key);
    let lists = key.chars().filter(|c| matches!(c, 't' | 'p')).count() == 1
        && key.chars().all(|c| matches!(c, 't' | 'p' | 'v' | 'O'));
    lists && !rest.is_empty() && rest.iter().all(|v| !v.starts_with('-'))
}

/// `dpkg -l`, `-L`, `-s`, `-S`, `-p`, `-c`, `-I`, `--get-selections`, … with package names.
fn dpkg(values: &[&str]) -> bool {
    const QUERIES: &[&str] = &[
        "-l",
        "--list",
        "-L",
        "--listfiles",
        "-s",
        "--status",
        "-S",
        "--search",
        "-p",
        "--print-avail",
        "-c",
        "--contents",
        "-I",
        "--info",
        "--get-selections",
        // Prints the packages left half installed (strace, dpkg 1.21: nothing opened to write).
        "-C",
        "--audit",
        "--print-architecture",
        "--print-foreign-architectures",
        // Compares the installed files with the packages' checksums and prints what differs.
        "-V",
        "--verify",
        "--compare-versions",
        "--version",
        "--help",
    ];
    matches!(values.first(), Some(first) if QUERIES.contains(first))
        && values[1..].iter().all(|v| !v.starts_with('-'))
}

/// `openssl dgst`, `openssl version`, `openssl x509 -noout …`: options that only pick what is
/// shown; `-out`, `-engine`, `-provider` and the rest are not on the lists.
fn openssl(values: &[&str]) -> bool {
    const DIGESTS: &[&str] = &[
        "-md5",
        "-sha1",
        "-sha224",
        "-sha256",
        "-sha384",
        "-sha512",
        "-sha3-256",
        "-sha3-512",
        "-blake2b512",
        "-blake2s256",
        "-sm3",
        "-ripemd160",
    ];
    let Some((sub, rest)) = values.split_first() else {
        return false;
    };
    match *sub {
        "version" => rest
            .iter()
            .all(|v| matches!(*v, "-a" | "-v" | "-b" | "-o" | "-f" | "-p" | "-d")),
        "rand" => {
            // `openssl rand -hex 16`: prints random bytes (`-out` writes, `-engine` loads).
            let mut i = 0;
            let mut count = 0;
            while let Some(v) = rest.get(i) {
                match *v {
                    "-hex" | "-base64" => {}
                    v if v.chars().all(|c| c.is_ascii_digit()) => count += 1,
                    _ => return false,
                }
                i += 1;
            }
            count == 1
        }
        "list" | "ciphers" | "help" => rest.iter().all(|v| {
            v.starts_with('-') && !matches!(*v, "-engine" | "-provider" | "-provider-path" | "-out")
        }),
        "dgst" | "md5" | "sha1" | "sha256" | "sha512" => rest.iter().all(|v| {
            !v.starts_with('-')
                || DIGESTS.contains(v)
                || matches!(*v, "-r" | "-hex" | "-c" | "-list")
        }),
        // `openssl genrsa 2048`, `openssl genpkey -algorithm ed25519`: the key goes to stdout
        // (`-out`, `-outpubkey` and `-engine` are not on the lists, so they fall through).
        "genrsa" => {
            let mut bits = 0;
            for v in rest {
                match *v {
                    "-3" | "-F4" | "-f4" | "-verbose" | "-quiet" | "-traditional" => {}
                    v if v.chars().all(|c| c.is_ascii_digit()) => bits += 1,
                    _ => return false,
                }
            }
            bits <= 1
        }
        "genpkey" => {
            const VALUES: &[&str] = &["-algorithm", "-pkeyopt", "-outform", "-paramfile"];
            let mut i = 0;
            while let Some(v) = rest.get(i) {
                match *v {
                    "-text" | "-quiet" | "-genparam" => i += 1,
                    v if VALUES.contains(&v) && rest.get(i + 1).is_some() => i += 2,
                    _ => return false,
                }
            }
            !rest.is_empty()
        }
        // `openssl <command> -help` prints the command's options.
        _ if rest == ["-help"] => !sub.starts_with('-'),
        _ => OPENSSL_SHOWS
            .iter()
            .find(|(name, _, _)| name == sub)
            .is_some_and(|(_, flags, with_value)| {
                let mut i = 0;
                while let Some(v) = rest.get(i) {
                    i += 1;
                    let flag = flags.split(' ').any(|f| f == *v)
                        || DIGESTS.contains(v)
                        || (*sub == "enc" && is_cipher(v));
                    if flag || !v.starts_with('-') || *v == "-" {
                        continue;
                    }
                    // `-out -` is standard output (openssl(1): "-" for a file is stdin or
                    // stdout); any other `-out`, and options on no list, are not taken.
                    let output = *v == "-out"
                        && rest
                            .get(i)
                            .is_some_and(|f| matches!(*f, "-" | "/dev/stdout"));
                    if !(with_value.split(' ').any(|o| o == *v) || output) || rest.get(i).is_none()
                    {
                        return false;
                    }
                    i += 1;
                }
                true
            }),
    }
}

/// openssl's commands that can only print, each with the flags and the options taking a value
/// that its manual (openssl-<command>(1), OpenSSL 3) lists as choosing what is read or shown.
/// `-out FILE`, `-keyout`, `-writerand`, `-new`/`-x509`/`-CA…` (which sign and write), and
/// `-engine`/`-provider…` (which load code) are on no list; `-crl_download` (the network) is not
/// either.
#[rustfmt::skip]
const OPENSSL_SHOWS: &[(&str, &str, &str)] = &[
    ("x509", "-noout -text -subject -issuer -dates -enddate -startdate -serial -fingerprint -pubkey -modulus -purpose -email -hash -subject_hash -issuer_hash -subject_hash_old -issuer_hash_old -ocsp_uri -ocspid -alias -nocert",
        "-in -inform -nameopt -ext -certopt -outform -checkend -checkhost -checkemail -checkip -passin"),
    ("pkey", "-noout -text -text_pub -pubin -pubout -check -pubcheck -traditional", "-in -inform -passin -outform"),
    ("rsa", "-noout -text -modulus -check -pubin -pubout -RSAPublicKey_in -RSAPublicKey_out -traditional", "-in -inform -passin -outform"),
    ("dsa", "-noout -text -modulus -pubin -pubout", "-in -inform -passin -outform"),
    ("ec", "-noout -text -check -pubin -pubout -param_out -no_public", "-in -inform -passin -outform -conv_form -param_enc"),
    ("pkeyparam", "-noout -text -check", "-in"),
    ("req", "-noout -text -subject -pubkey -verify -modulus", "-in -inform -nameopt -reqopt -outform -passin"),
    ("crl", "-noout -text -issuer -lastupdate -nextupdate -fingerprint -crlnumber -hash -hash_old -verify -no-CAfile -no-CApath -no-CAstore",
        "-in -inform -nameopt -outform -CAfile -CApath -CAstore"),
    ("pkcs7", "-noout -text -print -print_certs -quiet", "-in -inform -outform"),
    ("pkcs12", "-info -noout -nokeys -nocerts -clcerts -cacerts -nomacver -legacy -noenc -nodes", "-in -passin -password"),
    ("crl2pkcs7", "-nocrl", "-in -inform -outform -certfile"),
    ("sess_id", "-noout -text -cert", "-in -inform -outform"),
    ("verify", "-verbose -show_chain -crl_check -crl_check_all -x509_strict -partial_chain -no-CAfile -no-CApath -no-CAstore -check_ss_sig -trusted_first -no_alt_chains -no_check_time -issuer_checks -policy_check -explicit_policy -inhibit_any -inhibit_map -ignore_critical -extended_crl -use_deltas -policy_print -allow_proxy_certs -suiteB_128_only -suiteB_128 -suiteB_192",
        "-CAfile -CApath -CAstore -untrusted -trusted -CRLfile -purpose -attime -verify_hostname -verify_email -verify_ip -verify_depth -verify_name -auth_level -policy -nameopt"),
    ("asn1parse", "-i -noout -dump -strictpem", "-in -inform -offset -length -dlimit -strparse -oid -genstr -genconf"),
    ("base64", "-d -e -a -A", "-in"),
    ("enc", "-d -e -a -A -base64 -p -P -nosalt -salt -pbkdf2 -nopad -z -none", "-in -pass -k -kfile -K -iv -S -iter -md -bufsize"),
    ("errstr", "", ""),
    ("prime", "-hex -generate -safe", "-bits -checks"),
    ("dhparam", "-noout -text -check", "-in -inform -outform"),
];

/// `-aes-256-cbc`, `-chacha20`: a cipher of `openssl enc`.
fn is_cipher(v: &str) -> bool {
    const FAMILIES: &[&str] = &[
        "-aes",
        "-aria",
        "-bf",
        "-blowfish",
        "-camellia",
        "-cast",
        "-chacha20",
        "-des",
        "-idea",
        "-rc2",
        "-rc4",
        "-rc5",
        "-seed",
        "-sm4",
    ];
    FAMILIES.iter().any(|f| v.starts_with(f))
        && v[1..]
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-')
}

/// `gcc -E …`: preprocess to stdout; `-o`, plugins and specs are not on the list. Of the
/// dependency options, `-M`/`-MM` print the rules instead (to stdout), `-MP`, `-MG`, `-MT`,
/// `-MQ` shape them, and `-MD`/`-MMD` write them to the file `-MF` names, else to `SOURCE.d` in
/// the working directory: taken with `-MF /dev/null` only (measured with strace, gcc 12.2: no
/// other file opened to write, no temporary file).
fn preprocess(program: &str, values: &[&str]) -> bool {
    let (mut dep_file, mut deps_to_null) = (false, false);
    if program == "cpp" && values.first() != Some(&"-E") && !values.is_empty() {
        // cpp is the preprocessor itself; its second operand is an output file.
    }
    let mut preprocesses = program == "cpp";
    let mut operands = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-E" => preprocesses = true,
            "-P" | "-C" | "-CC" | "-dM" | "-dD" | "-dN" | "-dI" | "-undef" | "-nostdinc"
            | "-nostdinc++" | "-w" | "-H" | "-trigraphs" | "-traditional-cpp" | "-ansi" => {}
            "-I" | "-D" | "-U" | "-x" | "-isystem" | "-iquote" | "-idirafter" | "-include"
            | "-imacros" | "-MT" | "-MQ" => i += 1,
            "-M" | "-MM" | "-MP" | "-MG" => {}
            "-MD" | "-MMD" => dep_file = true,
            // `-MF FILE` is where the rules go, `-M` ones included.
            "-MF" if values.get(i) == Some(&"/dev/null") => {
                deps_to_null = true;
                i += 1;
            }
            v if (v.starts_with("-I")
                || v.starts_with("-D")
                || v.starts_with("-U")
                || v.starts_with("-std="))
                && v.len() > 2 => {}
            v if v.starts_with('-') && v != "-" => return false,
            _ => operands += 1,
        }
    }
    preprocesses && (program != "cpp" || operands <= 1) && (!dep_file || deps_to_null)
}

/// `gcc -S -o - a.c`: one source compiled (or preprocessed, or assembled) with its output sent
/// to standard output or `/dev/null` (gcc(1): "-o -" writes to standard output), with options
/// that only tune the code or name include paths and macros: no `-save-temps`, dependency
/// files (`-MD`), dumps (`-fdump-…`, `-fstack-usage`, `-aux-info`), `-Wp,`/`-Wa,`/`-Wl,`
/// pass-through or plugin. (What the driver runs is the context's: `COMPILER_PATH`,
/// `GCC_EXEC_PREFIX`, `DEPENDENCIES_OUTPUT`.) gcc's `-c` assembles from a temporary file in
/// TMPDIR (`ccXXXXXX.s`) unless `-pipe`; clang's integrated assembler makes none, nor does `-S`
/// or `-E` (measured with strace, gcc 12.2 and clang 14).
fn compiles_to_stdout(program: &str, values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "-fverbose-asm",
        "-fPIC",
        "-fpic",
        "-fPIE",
        "-fpie",
        "-fomit-frame-pointer",
        "-funroll-loops",
        "-ffast-math",
        "-fstrict-aliasing",
        "-fwrapv",
        "-fcommon",
        "-emit-llvm",
        "-w",
        "-pedantic",
        "-ansi",
        "-pipe",
        "-g",
        "-m32",
        "-m64",
    ];
    let (mut mode, mut to_stream, mut sources) = (0, false, 0);
    let (mut assembles, mut pipe) = (false, false);
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-S" | "-E" => mode += 1,
            "-c" => {
                mode += 1;
                assembles = true;
            }
            "-pipe" => pipe = true,
            "-o" => {
                to_stream = matches!(values.get(i), Some(&("-" | "/dev/null" | "/dev/stdout")));
                i += 1;
            }
            "-I" | "-D" | "-U" | "-x" | "-isystem" | "-iquote" => i += 1,
            v if FLAGS.contains(&v) => {}
            v if v.starts_with("-fno-") && !v.contains(['=', '/']) => {}
            v if [
                "-O", "-g", "-std=", "-march=", "-mtune=", "-masm=", "-I", "-D", "-U",
            ]
            .iter()
            .any(|p| v.starts_with(p))
                && !v.contains(',') => {}
            v if v.starts_with("-W") && !v.contains(',') && !v.starts_with("-Wp") => {}
            v if v.starts_with('-') => return false,
            _ => sources += 1,
        }
    }
    let clang = Path::new(program)
        .file_name()
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("clang"));
    mode == 1 && to_stream && sources == 1 && (!assembles || pipe || clang)
}

/// `patch --version` and `--help` only: every run that reads a patch writes its result to a
/// temporary file first, `--dry-run` included (`/tmp/poXXXXXX` in TMPDIR), and `-o -` makes
/// `-.oXXXXXX` in the working directory (measured with strace, GNU patch 2.7.6).
fn patch(values: &[&str]) -> bool {
    !values.is_empty()
        && values
            .iter()
            .all(|v| matches!(*v, "--version" | "-v" | "--help"))
}

/// `kill -0 PID…` (and `-s 0`, `-n 0`): asks whether a process exists, signals nothing.
fn kill(values: &[&str]) -> bool {
    let pids = match values {
        ["-0", pids @ ..] | ["-s" | "-n", "0", pids @ ..] | ["--signal", "0", pids @ ..] => pids,
        _ => return false,
    };
    let pids = pids.strip_prefix(&["--"]).unwrap_or(pids);
    !pids.is_empty()
        && pids
            .iter()
            .all(|p| p.chars().all(|c| c.is_ascii_digit() || c == '%'))
}

/// `mktemp -u …`: prints a name and creates nothing.
fn mktemp(values: &[&str]) -> bool {
    let mut dry = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-u" | "--dry-run" => dry = true,
            "-d" | "--directory" | "-q" | "--quiet" | "-t" | "-ud" | "-du" | "-uq" | "-qu" => {
                dry |= v.contains('u');
            }
            "-p" | "--suffix" => i += 1,
            v if v.starts_with("--tmpdir")
                || v.starts_with("--suffix=")
                || (v.starts_with("-p") && v.len() > 2) => {}
            v if v.starts_with('-') => return false,
            _ => {}
        }
    }
    dry
}

/// Universal Ctags (ctags(1)) writes its tag file (`tags`, or the `-f`/`-o` file) unless the
/// file is `-` ("-f -: tags are written to standard output"), `-x` prints a cross reference, or
/// only `--list-…`, `--version` or `--help` is asked. The options besides are those that choose
/// what is tagged and how it is printed; `--options` (a file of options), the language
/// definitions (`--langdef`, `--regex-…`, whose optscript could do more) and `--_interactive`
/// are not on the list.
fn ctags(values: &[&str]) -> bool {
    const FLAGS: &str = "RxnNuBFGVae";
    const PREFIXES: &[&str] = &[
        "--recurse",
        "--list-",
        "--version",
        "--help",
        "--kinds-",
        "--fields",
        "--extras",
        "--languages=",
        "--language-force=",
        "--exclude=",
        "--exclude-exception=",
        "--sort=",
        "--output-format=",
        "--excmd=",
        "--tag-relative",
        "--links",
        "--format=",
        "--input-encoding=",
        "--output-encoding=",
        "--map-",
        "--quiet",
        "--pattern-length-limit=",
        "--totals",
        "--filter",
        "--guess-language-eagerly",
        "--print-language",
        "--verbose",
        "--pseudo-tags",
        "--append",
    ];
    let mut to_stdout = false;
    let mut informs = true;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if !v.starts_with('-') || *v == "-" {
            informs = false;
            continue;
        }
        if v.starts_with("--list-") || matches!(*v, "--version" | "--help" | "--help-full") {
            continue;
        }
        informs = false;
        if let Some(letters) = v.strip_prefix('-').filter(|l| !l.starts_with('-')) {
            // `-f -`, `-o -`, `-f-`, `-Rf -`: the tag file is standard output.
            let (flags, file) = match letters.find(['f', 'o']) {
                Some(at) => (&letters[..at], Some(&letters[at + 1..])),
                None => (letters, None),
            };
            if !flags.chars().all(|c| FLAGS.contains(c)) {
                return false;
            }
            to_stdout |= flags.contains('x');
            match file {
                Some("") if values.get(i) == Some(&"-") => {
                    to_stdout = true;
                    i += 1;
                }
                Some("-") => to_stdout = true,
                Some(_) => return false,
                None => {}
            }
            continue;
        }
        if v.starts_with("--") && v[2..].ends_with("-kinds") || v.contains("-kinds=") {
            continue;
        }
        if !PREFIXES.iter().any(|p| v.starts_with(p)) {
            return false;
        }
        to_stdout |= *v == "--filter";
    }
    informs || to_stdout
}

/// 7-Zip (`7z --help`): `l` lists, `t` tests, `h` hashes and `i` shows the formats, writing
/// nothing; `x`/`e` with `-so` extract to standard output. The switches allowed are those that
/// choose what is read and how it is shown (`-p` a password, `-r`, `-i`/`-x` file filters, `-t`
/// the type, `-slt`, `-ba`, `-bb`/`-bs`/`-bd` output, `-scc`/`-scs` charsets, `-y`).
fn sevenzip(values: &[&str]) -> bool {
    let Some((command, rest)) = values.split_first() else {
        return false;
    };
    let extracts = matches!(*command, "x" | "e");
    if !matches!(*command, "l" | "t" | "h" | "i") && !extracts {
        return false;
    }
    const SWITCHES: &[&str] = &[
        "-p", "-r", "-slt", "-ba", "-bb", "-bs", "-bd", "-scc", "-scs", "-t", "-i", "-x", "-y",
        "-scrc", "-sns",
    ];
    let mut stdout = false;
    for v in rest {
        if *v == "-so" {
            stdout = true;
        } else if v.starts_with('-') && !SWITCHES.iter().any(|s| v.starts_with(s)) {
            return false;
        }
    }
    !extracts || stdout
}

/// `tomlq`/`xq` (the `yq` Python package: jq over TOML or XML): the filter and jq's own options
/// go to jq, which writes no file and runs no program; only `-i`/`--in-place` writes (in a
/// cluster too, and `--in…` abbreviations, which argparse takes).
fn jq_wrapper(values: &[&str]) -> bool {
    values.iter().all(|v| {
        if let Some(long) = v.strip_prefix("--") {
            !(long.len() >= 2 && "in-place".starts_with(long.split('=').next().unwrap_or(long)))
        } else {
            !(v.starts_with('-') && v.len() > 1 && v[1..].contains('i'))
        }
    })
}

/// HTML Tidy 5 (`tidy -q -xml -indent f.xml`, `tidy -e page.html`, `tidy -v`): it prints the
/// tidied document or its report to standard output and standard error. `-m`/`-modify` writes the
/// input back, `-o`/`-output` and `-f`/`-file` write files, `-config` reads settings that can do
/// either (`write-back`, `output-file`, `error-file`), and so can a `--name value` setting not on
/// the list below. What it reads before the command line (`HTML_TIDY` or `~/.tidyrc`) is the
/// context's (`context::tools`). Measured (tidy 5.6, strace): an input file is opened `O_RDWR`
/// and closed unchanged, nothing is created.
fn tidy(values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "-indent",
        "-i",
        "-upper",
        "-u",
        "-clean",
        "-c",
        "-bare",
        "-b",
        "-gdoc",
        "-g",
        "-numeric",
        "-n",
        "-errors",
        "-e",
        "-quiet",
        "-q",
        "-omit",
        "-xml",
        "-asxml",
        "-asxhtml",
        "-ashtml",
        "-raw",
        "-ascii",
        "-latin0",
        "-latin1",
        "-iso2022",
        "-utf8",
        "-mac",
        "-win1252",
        "-ibm858",
        "-utf16le",
        "-utf16be",
        "-utf16",
        "-big5",
        "-shiftjis",
        "-version",
        "-v",
        "-help",
        "-h",
        "-?",
        "-help-config",
        "-help-env",
        "-show-config",
        "-export-config",
        "-export-default-config",
        "-xml-help",
        "-xml-config",
        "-xml-strings",
        "-xml-error-strings",
        "-xml-options-strings",
    ];
    const WITH_VALUE: &[&str] = &["-wrap", "-w", "-access", "-help-option", "-language"];
    // Settings that only change what is printed.
    const SETTINGS: &[&str] = &[
        "indent",
        "indent-spaces",
        "indent-attributes",
        "indent-cdata",
        "wrap",
        "wrap-attributes",
        "tab-size",
        "show-body-only",
        "quiet",
        "show-warnings",
        "show-errors",
        "show-info",
        "input-xml",
        "output-xml",
        "output-xhtml",
        "output-html",
        "tidy-mark",
        "vertical-space",
        "char-encoding",
        "input-encoding",
        "output-encoding",
        "newline",
        "doctype",
        "drop-empty-elements",
        "drop-empty-paras",
        "sort-attributes",
        "uppercase-tags",
        "uppercase-attributes",
        "markup",
        "force-output",
        "numeric-entities",
        "quote-marks",
        "quote-nbsp",
        "quote-ampersand",
        "hide-comments",
        "clean",
        "bare",
        "break-before-br",
        "add-xml-decl",
        "new-blocklevel-tags",
        "new-inline-tags",
        "new-empty-tags",
        "new-pre-tags",
        "custom-tags",
        "mute",
        "mute-id",
        "accessibility-check",
        "fix-uri",
        "literal-attributes",
        "preserve-entities",
        "merge-divs",
        "merge-spans",
        "enclose-text",
        "logical-emphasis",
        "drop-proprietary-attributes",
        "ascii-chars",
    ];
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if FLAGS.contains(v) {
            continue;
        }
        let setting = v.strip_prefix("--").filter(|s| SETTINGS.contains(s));
        if WITH_VALUE.contains(v) || setting.is_some() {
            match values.get(i) {
                Some(value) if !value.starts_with('-') || value.parse::<i64>().is_ok() => i += 1,
                _ => return false,
            }
            continue;
        }
        if v.starts_with('-') && *v != "-" {
            return false;
        }
    }
    true
}

/// RHash 1.4 computing, checking or listing message digests, printed to standard output. It
/// writes with `-u`/`--update` (the hash file), `-o`/`--output`, `-l`/`--log`, `-e`/
/// `--embed-crc` (renames the files), `--torrent` and `--save-to`; none of them is on the lists.
/// Its configuration file (`~/.rhashrc`, `$XDG_CONFIG_HOME/rhash/rhashrc`) can set them and is
/// the context's (`context::tools`).
fn rhash(values: &[&str]) -> bool {
    // Hash choices, formats and the other flags that only change what is printed or checked.
    const SHORT: &str = "CMHTAELGackvriPbgVhB";
    const LONG: &[&str] = &[
        "crc32",
        "crc32c",
        "md4",
        "md5",
        "sha1",
        "sha224",
        "sha256",
        "sha384",
        "sha512",
        "sha3-224",
        "sha3-256",
        "sha3-384",
        "sha3-512",
        "tth",
        "btih",
        "aich",
        "ed2k",
        "ed2k-link",
        "tiger",
        "gost12-256",
        "gost12-512",
        "gost94",
        "gost94-cryptopro",
        "ripemd160",
        "has160",
        "blake2s",
        "blake2b",
        "edonr256",
        "edonr512",
        "snefru128",
        "snefru256",
        "all",
        "check",
        "check-embedded",
        "list-hashes",
        "verbose",
        "brief",
        "recursive",
        "skip-ok",
        "ignore-missing",
        "ignore-case",
        "percents",
        "speed",
        "sfv",
        "bsd",
        "simple",
        "hex",
        "base32",
        "base64",
        "magnet",
        "uppercase",
        "lowercase",
        "follow",
        "version",
        "help",
        "benchmark",
        "gost-reverse",
    ];
    // Long options with a value: what is read, printed or selected.
    const LONG_VALUE: &[&str] = &[
        "file-list",
        "message",
        "maxdepth",
        "openssl",
        "template",
        "printf",
        "accept",
        "exclude",
        "crc-accept",
        "path-separator",
    ];
    let mut i = 0;
    let mut operands = false;
    while let Some(v) = values.get(i) {
        i += 1;
        if operands || *v == "-" || !v.starts_with('-') {
            continue;
        }
        if *v == "--" {
            operands = true;
        } else if let Some(long) = v.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, _)) => (n, true),
                None => (long, false),
            };
            if LONG_VALUE.contains(&name) {
                if !value {
                    i += 1;
                }
            } else if value || !LONG.contains(&name) {
                return false;
            }
        } else {
            // A cluster of flags, `-p FORMAT` or `-m TEXT` last with its value next.
            let letters = &v[1..];
            let (flags, takes) = match letters.strip_suffix(['p', 'm']) {
                Some(rest) => (rest, true),
                None => (letters, false),
            };
            if !flags.chars().all(|c| SHORT.contains(c)) {
                return false;
            }
            if takes {
                i += 1;
            }
        }
    }
    i <= values.len()
}

/// GNU Units 2.22 converting what its operands name (`units -t '3 feet' cm`) or printing and
/// stopping (`--version`, `--help`, `-U`, `--check`): it reads its data files and `~/.units`
/// (definitions only) and writes nothing (strace). Not taken: no expression (an interactive
/// session that keeps a readline history), `-H`/`--history`, `-L`/`--log` (files written), and
/// `-I`/`--info` (opens the history file for writing to report on it).
fn units(values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "-c",
        "--check",
        "--check-verbose",
        "--verbose-check",
        "-e",
        "--exponential",
        "-m",
        "--minus",
        "--oldstar",
        "--newstar",
        "-n",
        "--nolists",
        "-S",
        "--show-factor",
        "--conformable",
        "-p",
        "--product",
        "-q",
        "--quiet",
        "--silent",
        "-s",
        "--strict",
        "-v",
        "--verbose",
        "--compact",
        "-1",
        "--one-line",
        "-t",
        "--terse",
        "-r",
        "--round",
        "-U",
        "--unitsfile",
        "-V",
        "--version",
        "-h",
        "--help",
    ];
    const WITH_VALUE: &[&str] = &[
        "-d",
        "--digits",
        "-f",
        "--file",
        "-l",
        "--locale",
        "-o",
        "--output-format",
        "-u",
        "--units",
    ];
    const STOPS: &[&str] = &[
        "-c",
        "--check",
        "--check-verbose",
        "--verbose-check",
        "-U",
        "--unitsfile",
        "-V",
        "--version",
        "-h",
        "--help",
    ];
    let mut expression = false;
    let mut stops = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if FLAGS.contains(v) {
            stops |= STOPS.contains(v);
        } else if WITH_VALUE.contains(v) {
            if values.get(i).is_none() {
                return false;
            }
            i += 1;
        } else if WITH_VALUE
            .iter()
            .any(|o| o.starts_with("--") && v.strip_prefix(o).is_some_and(|r| r.starts_with('=')))
        {
        } else if v.starts_with('-')
            && v.len() > 1
            && !v[1..].starts_with(|c: char| c.is_ascii_digit())
        {
            return false;
        } else {
            expression = true;
        }
    }
    expression || stops
}

/// xmllint(1) prints the document, its validation or an XPath result; `--output`/`-o` writes a
/// file, `--shell` reads commands that save files, and loading external DTDs or entities
/// (`--loaddtd`, `--valid`, `--noent`, `--xinclude`, …) can reach the network: none of them is
/// on the list. A schema named by a URL is not taken either.
fn xmllint(values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "--noout",
        "--format",
        "--html",
        "--recover",
        "--nowarning",
        "--c14n",
        "--c14n11",
        "--exc-c14n",
        "--noblanks",
        "--nsclean",
        "--nocdata",
        "--debug",
        "--timing",
        "--stream",
        "--walker",
        "--quiet",
        "--version",
        "--huge",
        "--nonet",
        "--nocompact",
        "--memory",
        "--dropdtd",
        "--sax",
        "--sax1",
        "--oldxml10",
        "--htmlout",
        "--nowrap",
        "--noenc",
        "--insert",
        "--auto",
        "--pedantic",
        "--debugent",
        "--copy",
        "--push",
        "--testIO",
        "--load-trace",
        "--nofixup-base-uris",
        "--nodict",
    ];
    const WITH_VALUE: &[&str] = &[
        "--xpath",
        "--pretty",
        "--encode",
        "--maxmem",
        "--schema",
        "--relaxng",
        "--schematron",
        "--repeat",
        "--pattern",
        "--path",
    ];
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if FLAGS.contains(v) || !v.starts_with('-') || *v == "-" {
            continue;
        }
        let (name, attached) = match v.split_once('=') {
            Some((n, value)) => (n, Some(value)),
            None => (*v, None),
        };
        if !WITH_VALUE.contains(&name) {
            return false;
        }
        let value = match attached {
            Some(value) => value,
            None => {
                i += 1;
                match values.get(i - 1) {
                    Some(value) => value,
                    None => return false,
                }
            }
        };
        if value.contains("://") && name != "--xpath" {
            return false;
        }
    }
    true
}

/// `zip -T archive` tests it and `zip -sf archive` lists it (zip(1)), one operand and no file
/// to add; `-TT`/`--unzip-command` runs a program, and any other option or operand changes the
/// archive. `zip -v` alone (or `-h`, `-h2`, `-L`) prints information.
fn zip(values: &[&str]) -> bool {
    if matches!(
        values,
        ["-v" | "-h" | "-h2" | "-L" | "--version" | "--help"]
    ) {
        return true;
    }
    let mut operands = 0;
    let mut mode = false;
    for v in values {
        match *v {
            "-T" | "--test" | "-sf" | "--show-files" => mode = true,
            "-q" | "--quiet" | "-v" | "--verbose" => {}
            v if v.starts_with('-') => return false,
            _ => operands += 1,
        }
    }
    mode && operands == 1
}

/// `cmake -E <command>` with a command that only prints (cmake(1), "Run a Command-Line Tool"):
/// `echo`, `capabilities`, `environment`, `compare_files`, the hashes, `cat`.
/// `cmake --help-command message`, `cmake --help-variable-list`: the help of one item or a list,
/// printed; `cmake --list-presets`. Each takes an output file as its last, optional operand (cmake(1)), so the exact
/// number of operands is required: a name for the item forms, none for the lists.
fn cmake_help(values: &[&str]) -> bool {
    const ITEM: &[&str] = &[
        "--help-command",
        "--help-module",
        "--help-policy",
        "--help-property",
        "--help-variable",
        "--help-manual",
    ];
    const LIST: &[&str] = &[
        "--help-command-list",
        "--help-module-list",
        "--help-policy-list",
        "--help-property-list",
        "--help-variable-list",
        "--help-manual-list",
    ];
    match values {
        [option, name] => ITEM.contains(option) && !name.starts_with('-') && !name.contains('/'),
        // `--list-presets[=TYPE]` prints the names of CMakePresets.json's presets (data),
        // reading neither CMakeLists.txt nor a build tree (measured, cmake 3.25).
        [option] => {
            LIST.contains(option)
                || matches!(*option, "-h" | "-H" | "--help" | "--list-presets")
                || option.strip_prefix("--list-presets=").is_some_and(|t| {
                    matches!(
                        t,
                        "all" | "configure" | "build" | "test" | "package" | "workflow"
                    )
                })
        }
        _ => false,
    }
}

fn cmake_tool(values: &[&str]) -> bool {
    matches!(
        values,
        [
            "-E",
            "echo"
                | "echo_append"
                | "capabilities"
                | "environment"
                | "compare_files"
                | "md5sum"
                | "sha1sum"
                | "sha224sum"
                | "sha256sum"
                | "sha384sum"
                | "sha512sum"
                | "cat",
            ..
        ]
    ) && values[2..]
        .iter()
        .all(|v| !v.starts_with('-') || values[1].starts_with("echo"))
}

/// luac(1): `-p` parses and writes nothing, and `-o /dev/null` sends the chunk nowhere (strace,
/// Lua 5.4.4: `-p` opens nothing to write; without either, luac writes `luac.out`). `-l` lists,
/// `-s` strips, `-v` prints the version; the operands are the files read (`-` stdin).
fn luac(values: &[&str]) -> bool {
    if matches!(values, ["-v"]) {
        return true;
    }
    let (mut nowhere, mut files, mut i) = (false, 0, 0);
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-p" => nowhere = true,
            "-l" | "-s" => {}
            "-o" => {
                if values.get(i) != Some(&"/dev/null") {
                    return false;
                }
                nowhere = true;
                i += 1;
            }
            "--" => {
                files += values.len() - i;
                break;
            }
            "-" => files += 1,
            v if v.starts_with('-') => return false,
            _ => files += 1,
        }
    }
    nowhere && files > 0
}

/// An option a JDK tool passes to its Java VM (`-J-XX:-UsePerfData`): only those that turn the
/// performance data off or size the heap or stack; any other (`-J-javaagent:…`, `-J-Xlog:…`)
/// loads or writes something. The VM's own variables are the context's.
pub(super) fn jvm_flag(v: &str) -> bool {
    v.strip_prefix("-J").is_some_and(|o| {
        o == "-XX:-UsePerfData" || ["-Xmx", "-Xms", "-Xss"].iter().any(|p| o.starts_with(p))
    })
}

/// javap(1) prints what class files hold; it parses them and runs none (strace, OpenJDK 17 with
/// `-J-XX:-UsePerfData`: nothing opened to write). Its options only choose what is printed and
/// where classes are looked for; `@FILE` would add arguments.
fn javap(values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "-help",
        "--help",
        "-?",
        "-h",
        "-version",
        "--version",
        "-v",
        "-verbose",
        "-l",
        "-public",
        "-protected",
        "-package",
        "-p",
        "-private",
        "-c",
        "-s",
        "-sysinfo",
        "-constants",
    ];
    const WITH_VALUE: &[&str] = &[
        "--module",
        "-m",
        "--module-path",
        // Not `--system`: another JDK home's modules are read through its lib/jrt-fs.jar,
        // whose code javac's file manager loads.
        "--class-path",
        "-classpath",
        "-cp",
        "-bootclasspath",
        "--multi-release",
    ];
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if WITH_VALUE.contains(v) {
            i += 1;
        } else if !(FLAGS.contains(v) || jvm_flag(v) || !v.starts_with(['-', '@'])) {
            return false;
        }
    }
    i == values.len()
}

/// `jar tf FILE` (`-tf`, `tvf`, `--list --file FILE`): the archive's table of contents (strace,
/// OpenJDK 17 with `-J-XX:-UsePerfData`: nothing opened to write). Every other mode makes,
/// updates or extracts files; `@FILE` would add arguments.
fn jar_list(values: &[&str]) -> bool {
    let mut listed = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if jvm_flag(v) {
            continue;
        }
        match *v {
            "--list" | "-t" => listed = true,
            "-v" | "--verbose" => {}
            "--file" | "-f" => i += 1,
            _ if v.starts_with("--file=") => {}
            _ if !listed
                && v.trim_start_matches('-')
                    .chars()
                    .all(|c| matches!(c, 't' | 'f' | 'v'))
                && v.contains('t') =>
            {
                listed = true;
                i += v.matches('f').count();
            }
            _ if v.starts_with(['-', '@']) => return false,
            // A member to list.
            _ if listed => {}
            _ => return false,
        }
    }
    listed && i == values.len()
}

/// keytool's printing commands: `-list` (a keystore's entries), `-printcert -file`/`-jarfile`
/// (not `-sslserver`, which connects), `-printcertreq`, `-printcrl -file`, `-help` and `-showinfo`
/// (strace, OpenJDK 17 with `-J-XX:-UsePerfData`: nothing opened to write, a missing keystore
/// included). `-providerclass`, `-providerpath`, `-addprovider` load code.
fn keytool(values: &[&str]) -> bool {
    const COMMANDS: &[&str] = &[
        "-list",
        "-printcert",
        "-printcertreq",
        "-printcrl",
        "-help",
        "--help",
        "-showinfo",
    ];
    const FLAGS: &[&str] = &[
        "-v",
        "-rfc",
        "-protected",
        "-cacerts",
        "-tls",
        "-trustcacerts",
    ];
    const WITH_VALUE: &[&str] = &[
        "-alias",
        "-keystore",
        "-storepass",
        "-storetype",
        "-file",
        "-jarfile",
        "-keypass",
    ];
    let mut commands = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if COMMANDS.contains(v) {
            commands += 1;
        } else if WITH_VALUE.contains(v) {
            i += 1;
        } else if !(FLAGS.contains(v) || jvm_flag(v)) {
            return false;
        }
    }
    commands == 1 && i == values.len()
}

/// `ocamlc -i FILE.ml` prints the interface it infers and writes no object (strace, OCaml 4.13:
/// nothing opened to write); so does `-stop-after parsing` (`-c` or not), which stops before
/// typing (`-stop-after typing` writes the `.cmi`); with `-I DIR` and warning options only
/// (`-pp`, `-ppx` run programs). `-where`, `-version`, `-vnum`, `-config` and `-config-var NAME`
/// alone print where the library is or how the compiler was configured (strace, ocamlc and
/// ocamlopt 4.13: nothing opened to write, nothing run). OCAMLPARAM, which can add options,
/// is the context's.
fn ocaml_interface(values: &[&str]) -> bool {
    match values {
        ["-where" | "-version" | "-vnum" | "-config"] | ["-config-var", _] => return true,
        _ => {}
    }
    let mut interface = false;
    let mut files = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-i" => interface = true,
            "-stop-after" if values.get(i) == Some(&"parsing") => {
                interface = true;
                i += 1;
            }
            "-c" => {}
            "-I" | "-w" | "-warn-error" | "-open" => i += 1,
            "-nostdlib" | "-principal" | "-rectypes" | "-safe-string" | "-strict-sequence"
            | "-short-paths" | "-no-alias-deps" | "-nolabels" => {}
            v if v.starts_with('-') => return false,
            v if v.ends_with(".ml") || v.ends_with(".mli") => files += 1,
            _ => return false,
        }
    }
    interface && files > 0 && i == values.len()
}

/// ocamldep(1) prints the dependencies of the sources it reads (strace, OCaml 4.13: nothing
/// opened to write); `-pp`/`-ppx` run programs and are refused, as is any option not below.
fn ocamldep(values: &[&str]) -> bool {
    let mut files = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-I" | "-open" => i += 1,
            "-modules" | "-sort" | "-native" | "-bytecode" | "-one-line" | "-all" | "-slash"
            | "-nocwd" | "-nostdlib" => {}
            v if v.starts_with('-') => return false,
            _ => files += 1,
        }
    }
    files > 0 && i == values.len()
}

/// `ssh-add -l` and `-L` (OpenSSH 9.2) print the fingerprints or public keys the agent holds
/// (or that none is running); `-E HASH` picks the fingerprint's hash, `-v`/`-q` the chatter.
/// Every other mode adds, removes, locks or tests keys in the agent.
fn ssh_add_lists(values: &[&str]) -> bool {
    let mut lists = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        let Some(letters) = v.strip_prefix('-').filter(|l| !l.is_empty()) else {
            return false;
        };
        for (at, c) in letters.char_indices() {
            match c {
                'l' | 'L' => lists = true,
                'v' | 'q' => {}
                // `-E sha256` or `-Esha256`: the rest of the word, or the next one, is the hash.
                'E' => {
                    if at + 1 == letters.len() {
                        i += 1;
                        if values.get(i - 1).is_none() {
                            return false;
                        }
                    }
                    break;
                }
                _ => return false,
            }
        }
    }
    lists
}

/// `setfacl --test` (acl 2.3) prints the ACLs each change would give and sets none, `-R`, `-b`,
/// `-x` and `--set` included (measured with strace: only `getxattr`, no ctime changed). Not
/// with `--restore` (a file's own list of ACLs, set by another path), nor a `--test` that is an
/// operand after `--` or the value of an option before it (`-M --test` reads the ACLs from a
/// file of that name).
fn setfacl_test(values: &[&str]) -> bool {
    let takes_value = |v: &str| {
        matches!(
            v,
            "--set" | "--set-file" | "--modify" | "--modify-file" | "--remove" | "--remove-file"
        ) || (v.starts_with('-') && !v.starts_with("--") && v.ends_with(['m', 'M', 'x', 'X']))
    };
    let mut test = false;
    let mut previous = "";
    for v in values.iter().take_while(|v| **v != "--") {
        if *v == "--test" && !takes_value(previous) {
            test = true;
        } else if v.starts_with("--restore") {
            return false;
        }
        previous = v;
    }
    test
}

/// nstat(8) (iproute2 6.1) with `-a` (`--ignore`: no history read) and `-s` (`--noupdate`: none
/// written) opens no history file at all (nstat.c opens it unless both are given; measured: with
/// `NSTAT_HISTORY` naming a fresh path, `nstat -a -s` creates nothing, `nstat -s` and `nstat -a`
/// do). `-r` removes the history and `-d` starts a daemon; they are not taken.
fn nstat_no_history(values: &[&str]) -> bool {
    let (mut ignore, mut no_update) = (false, false);
    for v in values {
        match *v {
            "--ignore" => ignore = true,
            "--noupdate" => no_update = true,
            "--json" | "--pretty" | "--zeros" | "--nooutput" => {}
            v if v.len() > 1
                && v.starts_with('-')
                && !v.starts_with("--")
                && v[1..].chars().all(|c| "asjpzn".contains(c)) =>
            {
                ignore |= v.contains('a');
                no_update |= v.contains('s');
            }
            v if v.starts_with('-') => return false,
            // A pattern picks the counters shown.
            _ => {}
        }
    }
    ignore && no_update
}

/// `qemu-img info` and `qemu-img check` without `-r` (qemu-img(1), QEMU 10) open one image file
/// read-only and print what it holds; so do `measure` (the size a conversion would need, of a
/// file or of `--size N`), `compare` (two images), `map` and `snapshot -l` (measured with QEMU
/// 7.2: nothing written). Refused: `-r` (repairs), `snapshot`'s other actions, `--object` (can
/// create objects backed by files), `--image-opts` and any name with a colon (a protocol or
/// driver string, not a file), and formats other than the plain image formats.
fn qemu_img_inspects(values: &[&str]) -> bool {
    const FORMATS: &[&str] = &[
        "raw",
        "qcow2",
        "qcow",
        "vmdk",
        "vdi",
        "vhdx",
        "vpc",
        "qed",
        "parallels",
        "dmg",
        "cloop",
        "bochs",
    ];
    let Some((sub, rest)) = values.split_first() else {
        return false;
    };
    if matches!(*sub, "--version" | "-V" | "--help" | "-h") {
        return rest.is_empty();
    }
    if !matches!(
        *sub,
        "info" | "check" | "measure" | "compare" | "map" | "snapshot"
    ) {
        return false;
    }
    let output = |v: &str| matches!(v, "human" | "json");
    let format = |v: Option<&&str>| v.is_some_and(|f| FORMATS.contains(f));
    let mut files = 0;
    let mut sized = false;
    let mut listed = false;
    let mut i = 0;
    while let Some(v) = rest.get(i) {
        i += 1;
        let next = rest.get(i);
        let ok = match *v {
            "-f" => {
                i += 1;
                format(next)
            }
            "-F" if *sub == "compare" => {
                i += 1;
                format(next)
            }
            "-O" if *sub == "measure" => {
                i += 1;
                format(next)
            }
            // Creation options, measured against: `key=value` words with no file names.
            "-o" if *sub == "measure" => {
                i += 1;
                next.is_some_and(|o| !o.contains(['/', ':']) && !o.contains("file"))
            }
            "--size" if *sub == "measure" => {
                i += 1;
                sized = true;
                next.is_some()
            }
            "-l" if *sub == "measure" => {
                i += 1;
                next.is_some_and(|n| !n.contains(':'))
            }
            "-l" if *sub == "snapshot" => {
                listed = true;
                true
            }
            "--output" => {
                i += 1;
                next.is_some_and(|o| output(o))
            }
            "-T" if matches!(*sub, "check" | "compare") => {
                i += 1;
                next.is_some()
            }
            "-q" | "-U" | "--force-share" => true,
            "-p" | "-s" => *sub == "compare",
            "--backing-chain" => *sub == "info",
            v if v.starts_with("--output=") => output(&v["--output=".len()..]),
            v if *sub == "map"
                && (v.starts_with("--start-offset=") || v.starts_with("--max-length=")) =>
            {
                true
            }
            v if v.starts_with('-') => false,
            v => {
                files += 1;
                !v.contains(':')
            }
        };
        if !ok {
            return false;
        }
    }
    match *sub {
        "measure" => (files == 1) != sized,
        "compare" => files == 2,
        "snapshot" => listed && files == 1,
        _ => files == 1,
    }
}

/// mutool (MuPDF 1.21) `info`, `pages` and `show` print what a PDF holds; `show -o` writes
/// its output to a file and is refused, as is every other command (`clean`, `convert`,
/// `draw`, `run` runs JavaScript).
fn mutool_inspects(values: &[&str]) -> bool {
    let Some((sub, rest)) = values.split_first() else {
        return false;
    };
    if *sub == "-v" {
        return rest.is_empty();
    }
    if matches!(*sub, "draw" | "trace") {
        return mutool_renders_to_stdout(sub, rest);
    }
    if !matches!(*sub, "info" | "pages" | "show") {
        return false;
    }
    let mut file = false;
    let mut i = 0;
    while let Some(v) = rest.get(i) {
        i += 1;
        match *v {
            "-p" if rest.get(i).is_some() => i += 1,
            "-F" | "-I" | "-M" | "-P" | "-S" | "-X" if *sub == "info" => {}
            "-b" | "-e" | "-g" if *sub == "show" => {}
            v if v.starts_with('-') => return false,
            // The file, then pages or objects to show.
            _ => file = true,
        }
    }
    file
}

/// mutool (MuPDF 1.21) `draw` without `-o` renders the pages to standard output (`-F txt`,
/// `-F html`, … the text; the default renders and prints nothing: measured, nothing written),
/// and `trace` prints the device calls of each page. Options as `mutool draw` lists them that
/// only choose the pages, the format, the size and the rendering; `-o` (a file per page), `-K`
/// and any other is refused. The file, then the pages.
fn mutool_renders_to_stdout(sub: &str, rest: &[&str]) -> bool {
    const DRAW_VALUED: &[&str] = &[
        "-p", "-F", "-R", "-r", "-w", "-h", "-B", "-c", "-e", "-G", "-s", "-A", "-l", "-T", "-W",
        "-H", "-S", "-U", "-O", "-y",
    ];
    const DRAW_FLAGS: &[&str] = &[
        "-q", "-f", "-I", "-K", "-L", "-P", "-N", "-D", "-i", "-X", "-a", "-Y",
    ];
    const TRACE_VALUED: &[&str] = &["-p", "-W", "-H", "-S", "-U"];
    const TRACE_FLAGS: &[&str] = &["-X", "-d"];
    let (valued, flags) = if sub == "draw" {
        (DRAW_VALUED, DRAW_FLAGS)
    } else {
        (TRACE_VALUED, TRACE_FLAGS)
    };
    let mut file = false;
    let mut i = 0;
    while let Some(v) = rest.get(i) {
        i += 1;
        if valued.contains(v) {
            if rest.get(i).is_none() {
                return false;
            }
            i += 1;
        } else if v.starts_with('-') && !flags.contains(v) {
            return false;
        } else if !v.starts_with('-') {
            file = true;
        }
    }
    file
}

/// RCS co(1) with `-p` prints the revision on stdout and leaves the working file and the RCS
/// file alone, unless it also locks (`-l`), unlocks (`-u`), joins (`-j`, which runs a merge),
/// sets times (`-M`, `-T`), forces (`-f`) or asks (`-I`): only the options below are taken,
/// RCS's way, each with its value attached. `RCSINIT` adds options before these (`-l` turns
/// the checkout into a locking one, measured): the context reads it.
fn co_to_stdout(values: &[&str]) -> Option<Verdict> {
    let mut prints = false;
    let mut file = false;
    for v in values {
        match v.strip_prefix('-') {
            Some(flag) => match flag.chars().next() {
                Some('p') => prints = true,
                Some('q' | 'r' | 'k' | 'd' | 's' | 'w' | 'V' | 'x' | 'z') => {}
                _ => return None,
            },
            None => file = true,
        }
    }
    if !(prints && file) {
        return None;
    }
    let mut verdict = Verdict::default();
    verdict.push_unless(
        Level::Unknown,
        "co takes options from RCSINIT, -l (a locking checkout) among them",
        super::verdict::Settle::Configuration,
    );
    Some(verdict)
}
