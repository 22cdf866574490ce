//! What each known program does with its arguments: only reads, writes, destroys, or runs another
//! command (wrappers, `find -exec`, `bash -c`). A program not listed here is unknown.

use super::args::*;
use super::devtools::{formatter, js_linter, ruff, tsc};
use super::files::{compressor, dd, find, mv, ownership, rm, shred, tee, xargs};
use super::git::{gh, git};
use super::grammar;
use super::network::{curl, httpie, ssh, wget};
use super::readers;
use super::system::{
    date, dmesg, hostname, ip, journalctl, kill, mount, net_config, partitioner, run_level, sysctl,
    systemctl,
};
use super::targets::{device, Device};
use super::tools;
use super::verdict::{Level, Verdict};
use super::words::Word;
use super::wrappers::{alias, interpreter, shell, su, trap, watch, wrapper};

/// Shell builtins and programs that only read or change the shell's own state (looked at
/// further in `builtin`); other read-only programs have a grammar in `specs`. `bind`'s key
/// bindings (`-x` commands included) act only at an interactive prompt, which `bash -c` and the
/// session's shell never show, and no other shell inherits them (measured, bash 5.2).
#[rustfmt::skip]
const READ_ONLY: &[&str] = &[
    ":", "true", "false", "echo", "printf", "cd", "pushd", "popd", "dirs", "break", "continue", "exit", "return",
    "shift", "wait", "times", "umask", "ulimit", "help", "type", "bg", "fg", "disown", "unalias", "clear", "tput",
    "history", "set", "shopt", "test", "[", "read", "mapfile", "readarray", "hash", "compgen", "complete", "jobs",
    "sync", "caller", "getopts", "unset", "enable", "fc", "bc", "expr", "env-version", "bind", "compopt",
];

/// Wrappers that run the rest of their arguments as a command after their own options.
#[rustfmt::skip]
pub const WRAPPERS: &[&str] = &[
    "builtin", "caffeinate", "chronic", "command", "coproc", "doas", "env", "exec", "ionice", "nice", "nohup",
    "setsid", "stdbuf", "sudo", "time", "timeout", "unbuffer", "busybox", "flock", "taskset", "chrt", "ifne",
    "strace",
];

/// Wrappers that parse `--version` and `--help` themselves and exit (measured: `nohup --version`
/// writes no nohup.out, `env --version` runs nothing).
#[rustfmt::skip]
const OWN_VERSION_AND_HELP: &[&str] = &[
    "env", "nice", "nohup", "setsid", "stdbuf", "timeout", "flock", "taskset", "chrt", "ionice", "sudo", "ifne",
];

/// Shells: `-c` runs a string, a path runs a script, nothing reads commands from stdin.
const SHELLS: &[&str] = &[
    "bash", "sh", "zsh", "dash", "ksh", "ash", "mksh", "yash", "rbash", "fish",
];

/// Interpreters whose code cannot be checked here.
#[rustfmt::skip]
const INTERPRETERS: &[&str] = &[
    "python", "pypy", "node", "deno", "bun", "perl", "ruby", "php", "lua", "luajit", "Rscript", "R", "julia", "java",
    "jshell", "osascript", "tclsh", "wish", "pwsh", "powershell", "irb", "ghci", "runghc", "scala", "groovy",
    "kotlin", "swift", "elixir", "erl", "racket", "guile", "ocaml", "tsx", "ts-node", "sbcl", "swipl",
];

/// Programs that reach other machines; the network is a side effect (and a way out for data).
#[rustfmt::skip]
const NETWORK: &[&str] = &[
    "nc", "ncat", "netcat", "socat", "telnet", "ftp", "sftp", "ping", "ping6", "traceroute", "tracepath", "mtr",
    "dig", "nslookup", "host", "whois", "aria2c", "nmap", "fetch",
];

/// Programs that change files, processes or the system, with what they do in words.
const WRITES: &[(&str, &str)] = &[
    ("cp", "copies files"),
    ("mkdir", "creates directories"),
    ("rmdir", "removes directories"),
    ("touch", "creates or touches files"),
    ("ln", "creates links"),
    ("link", "creates a link"),
    ("unlink", "deletes a file"),
    ("truncate", "truncates files"),
    ("install", "copies files into place"),
    ("patch", "patches files"),
    ("split", "writes pieces of a file"),
    ("csplit", "writes pieces of a file"),
    ("mktemp", "creates a temporary file"),
    ("mkfifo", "creates a named pipe"),
    ("mknod", "creates a device file"),
    ("zip", "writes an archive"),
    ("rename", "renames files"),
    ("chattr", "changes file attributes"),
    ("setfacl", "changes file permissions"),
    ("strip", "rewrites binaries"),
    ("rsync", "copies files"),
    ("scp", "copies files over the network"),
    ("pkill", "stops processes"),
    ("killall", "stops processes"),
    ("renice", "changes process priorities"),
    ("at", "schedules a command"),
    ("batch", "schedules a command"),
    ("useradd", "creates a user"),
    ("userdel", "deletes a user"),
    ("usermod", "changes a user"),
    ("groupadd", "creates a group"),
    ("groupdel", "deletes a group"),
    ("passwd", "changes a password"),
    ("chpasswd", "changes passwords"),
    ("modprobe", "loads or unloads kernel modules"),
    ("insmod", "loads a kernel module"),
    ("rmmod", "unloads a kernel module"),
    ("swapon", "enables swap"),
    ("swapoff", "disables swap"),
    ("iptables", "changes the firewall"),
    ("ip6tables", "changes the firewall"),
    ("nft", "changes the firewall"),
    ("ufw", "changes the firewall"),
    ("service", "starts or stops services"),
    ("umount", "unmounts file systems"),
    ("make", "runs the build recipes of a Makefile"),
    ("cmake", "configures or builds a project"),
    ("ninja", "builds a project"),
    ("gradle", "builds a project and runs its scripts"),
    ("gradlew", "builds a project and runs its scripts"),
    ("mvn", "builds a project and runs its plugins"),
    ("ant", "builds a project"),
    ("meson", "configures or builds a project"),
    ("gcc", "compiles and writes output files"),
    ("g++", "compiles and writes output files"),
    ("cc", "compiles and writes output files"),
    ("c++", "compiles and writes output files"),
    ("clang", "compiles and writes output files"),
    ("clang++", "compiles and writes output files"),
    ("rustc", "compiles and writes output files"),
    ("javac", "compiles and writes output files"),
    ("ld", "links and writes output files"),
    ("as", "assembles and writes an object file"),
    ("pytest", "runs the project's tests"),
    (
        "mypy",
        "type-checks the project, loading its plugins and writing a cache",
    ),
    ("pylint", "lints the project, loading its plugins"),
    ("flake8", "lints the project, loading its plugins"),
    ("jest", "runs the project's tests"),
    ("vitest", "runs the project's tests"),
    ("mocha", "runs the project's tests"),
    ("tox", "runs the project's tests"),
    ("nox", "runs the project's sessions"),
    // Composer 2 writes and removes `temp-PID-…` in the temp directory on every start, to check
    // that it is writable, `--version` included, and makes its cache, configuration and data
    // directories (each with an `.htaccess`) when they are missing (measured, Composer 2.5).
    (
        "composer",
        "writes a file in the temp directory on every start, and makes its cache and configuration directories",
    ),
    ("npx", "downloads and runs a package"),
    ("pnpx", "downloads and runs a package"),
    ("bunx", "downloads and runs a package"),
    ("uvx", "downloads and runs a package"),
    ("pipx", "installs or runs a package"),
    ("vi", "opens an editor, which can change files"),
    ("vim", "opens an editor, which can change files"),
    ("nvim", "opens an editor, which can change files"),
    ("nano", "opens an editor, which can change files"),
    ("emacs", "opens an editor, which can change files"),
    ("ed", "edits files"),
    ("ex", "edits files"),
    ("code", "opens an editor, which can change files"),
    ("subl", "opens an editor, which can change files"),
    ("micro", "opens an editor, which can change files"),
    ("hx", "opens an editor, which can change files"),
    // The inventory's writers (Debian's base and toolchain packages): known so that their
    // `--version` and `--help` are (see `check`), and so that the rest says what they do.
    ("objcopy", "writes a copy of an object file"),
    ("ranlib", "rewrites an archive's index"),
    ("elfedit", "rewrites ELF headers"),
    ("eu-strip", "rewrites binaries"),
    ("eu-unstrip", "writes a combined binary"),
    ("eu-elfcompress", "rewrites binaries"),
    ("eu-ar", "writes archives"),
    ("eu-ranlib", "rewrites an archive's index"),
    ("dwp", "writes a DWARF package"),
    ("gzexe", "rewrites executables as compressed ones"),
    ("bzexe", "rewrites executables as compressed ones"),
    ("zforce", "renames gzip files"),
    ("znew", "recompresses files"),
    ("zipcloak", "encrypts an archive in place"),
    ("zipsplit", "writes pieces of an archive"),
    ("bzip2recover", "writes the blocks it recovers"),
    (
        "tic",
        "compiles terminal descriptions into a terminfo database",
    ),
    ("zic", "compiles time zone files"),
    ("localedef", "compiles locales"),
    ("locale-gen", "compiles locales"),
    ("update-locale", "changes the system's locale"),
    ("iconvconfig", "writes the gconv module cache"),
    ("gencat", "writes a message catalog"),
    ("c_rehash", "writes certificate links"),
    ("catman", "writes preformatted manual pages"),
    ("mandb", "writes the manual page index"),
    ("man-recode", "writes recoded manual pages"),
    ("lesskey", "writes a key binding file"),
    ("ipcmk", "creates IPC resources"),
    ("ipcrm", "removes IPC resources"),
    ("skill", "signals processes"),
    ("snice", "changes process priorities"),
    ("gcore", "writes a core file"),
    ("gdb-add-index", "rewrites a binary with an index"),
    ("fallocate", "allocates or punches space in files"),
    ("msginit", "writes a new catalog"),
    ("sponge", "writes its input to the file it names"),
    ("vidir", "opens an editor to rename and delete files"),
    ("vipe", "opens an editor in a pipe"),
    (
        "nstat",
        "keeps its history file in /tmp, made on a first run (-s included)",
    ),
    (
        "rtacct",
        "keeps its history file in /tmp, made on a first run (-s included)",
    ),
    ("rtmon", "writes a log file"),
    ("rdoc", "writes documentation (doc/ by default)"),
    ("logger", "writes to the system log"),
    ("wall", "writes to every terminal"),
    ("write", "writes to another user's terminal"),
    ("mesg", "changes who may write to the terminal"),
    ("tempfile", "creates a temporary file"),
    ("savelog", "rotates log files"),
    ("add-shell", "changes /etc/shells"),
    ("remove-shell", "changes /etc/shells"),
    ("chage", "changes password expiry"),
    ("chfn", "changes a user's details"),
    ("chsh", "changes a user's shell"),
    ("gpasswd", "changes a group"),
    ("groupmod", "changes a group"),
    ("newusers", "creates users"),
    ("dpkg-divert", "changes dpkg's diversions"),
    ("dpkg-statoverride", "changes dpkg's overrides"),
    ("dpkg-trigger", "activates dpkg triggers"),
    ("dpkg-split", "writes archive parts"),
    ("update-alternatives", "changes the system's alternatives"),
    ("apt-mark", "changes package marks"),
    ("blockdev", "changes block devices"),
    ("ldattach", "attaches a line discipline"),
    // The catalog of a developer's machine (issue 44; see `specs::SPECS`): writers whose
    // `--version` and `--help` print and exit (measured with strace: nothing opened to write,
    // no program run, no configuration read).
    ("bison", "writes the parser it generates"),
    ("flex", "writes the scanner it generates"),
    ("flex++", "writes the scanner it generates"),
    ("lex", "writes the scanner it generates"),
    ("doxygen", "writes documentation (or a configuration file)"),
    ("swig", "writes the wrappers it generates"),
    ("astyle", "rewrites the files it formats"),
    ("indent", "rewrites the files it formats"),
    ("autoconf", "writes the configure script"),
    ("autoscan", "writes configure.scan"),
    ("autoupdate", "rewrites configure.ac"),
    ("aclocal", "writes aclocal.m4 and autom4te.cache"),
    ("automake", "writes Makefile.in files"),
    ("libtoolize", "copies libtool's files into the project"),
    ("makeinfo", "writes the Info or HTML files it makes"),
    ("texi2any", "writes the Info or HTML files it makes"),
    ("cpack", "writes packages"),
    ("ffmpeg", "writes the media files it makes"),
    ("ci", "checks files into RCS files"),
    ("co", "checks files out of RCS files"),
    ("rcs", "changes RCS files"),
    ("gtags", "writes tag files"),
    ("htags", "writes an HTML tree of the source"),
    ("cscope", "writes its cross-reference file"),
    ("optipng", "rewrites PNG files"),
    ("cwebp", "writes a WebP file"),
    ("dwebp", "writes a decoded image"),
    ("oggenc", "writes Ogg files"),
    ("opusenc", "writes Opus files"),
    ("flac", "writes FLAC files"),
    ("mkvmerge", "writes Matroska files"),
    ("mkvextract", "writes the tracks it extracts"),
    ("mkvpropedit", "changes Matroska files"),
    ("gperf", "writes the hash function it generates"),
    ("quilt", "applies, refreshes and edits patches"),
    ("htop", "writes its configuration file when it exits"),
    ("ncdu", "can delete files from its interface"),
    ("neato", "lays out a graph, written to the file -o names"),
    ("twopi", "lays out a graph, written to the file -o names"),
    ("circo", "lays out a graph, written to the file -o names"),
    ("fdp", "lays out a graph, written to the file -o names"),
    ("sfdp", "lays out a graph, written to the file -o names"),
    ("osage", "lays out a graph, written to the file -o names"),
    ("patchwork", "lays out a graph, written to the file -o names"),
];

/// Programs that run another program or code of their own; known so that `--version` and
/// `--help` are read-only, with what they run in words.
const RUNS: &[(&str, &str)] = &[
    ("ltrace", "runs or attaches to a program"),
    ("msgfilter", "runs a filter program on each message"),
    ("msgexec", "runs a program on each message"),
    ("parallel", "runs commands"),
    ("zrun", "runs a command"),
    ("mispipe", "runs two commands"),
    ("lckdo", "runs a command"),
    ("optscript", "runs a script"),
    ("run-parts", "runs every script in a directory"),
    ("setarch", "runs a command"),
    ("linux32", "runs a command"),
    ("linux64", "runs a command"),
    ("setpriv", "runs a command"),
    ("runuser", "runs a command as another user"),
    ("prlimit", "runs a command or changes a process's limits"),
    ("choom", "runs a command or changes a process's OOM score"),
    ("ld.so", "runs the program it names"),
    ("pdb", "runs a Python program"),
    ("pdb3", "runs a Python program"),
    ("peekfd", "attaches to a process"),
    ("scriptreplay", "replays a terminal session"),
    ("scriptlive", "runs a recorded session's commands"),
    (
        "pre-commit",
        "installs and runs the hooks its configuration names",
    ),
    ("coverage", "runs Python programs and writes its data file"),
    ("tzselect", "asks questions on the terminal"),
    (
        "fzf",
        "runs commands for its preview, bindings and default source",
    ),
    ("h2xs", "writes an extension's skeleton"),
    ("h2ph", "writes Perl headers"),
    ("ptar", "writes or extracts archives"),
    ("ptargrep", "extracts archives to search them"),
    ("lesspipe", "runs decompressors and ~/.lessfilter"),
    ("lessfile", "runs decompressors and ~/.lessfilter"),
    // The catalog of a developer's machine (see WRITES).
    (
        "ctest",
        "runs the project's tests (CTestTestfile.cmake is CMake code)",
    ),
    ("valgrind", "runs a program"),
    ("perf", "runs or records programs"),
    ("prove", "runs the project's tests"),
    ("tig", "runs git and the commands its bindings name"),
    (
        "autoheader",
        "writes config.h.in (and a temporary directory, --version included)",
    ),
    (
        "autom4te",
        "runs m4 and writes its cache (and a temporary directory, --version included)",
    ),
    (
        "autoreconf",
        "runs the autotools (and writes a temporary directory, --version included)",
    ),
    ("just", "runs the justfile's recipes"),
];

pub use super::env::SYSTEM_BIN_DIRS;

/// The name under which `program` is known here: versions and GNU prefixes dropped.
fn family(program: &str) -> &str {
    const VERSIONED: &[&str] = &[
        "python", "pypy", "pip", "perl", "ruby", "php", "lua", "node", "luac",
    ];
    for base in VERSIONED {
        if let Some(rest) = program.strip_prefix(base) {
            if rest.chars().all(|c| c.is_ascii_digit() || c == '.') {
                return base;
            }
        }
    }
    if program.starts_with("mkfs") {
        return "mkfs";
    }
    // Cross and versioned names of the toolchain: `x86_64-linux-gnu-gcc`, `gcc-12`, `gcc-nm`.
    if let Some(tool) = cross_tool(program) {
        return family(tool);
    }
    match program {
        "gsed" => "sed",
        "gawk" | "mawk" | "nawk" => "awk",
        "ggrep" => "grep",
        "gfind" => "find",
        "gtar" | "bsdtar" => "tar",
        "gdate" => "date",
        "fdfind" => "fd",
        "batcat" => "bat",
        "nodejs" => "node",
        "ripgrep" => "rg",
        "universal-ctags" | "ctags-universal" | "ctags-exuberant" | "exuberant-ctags" => "ctags",
        "7za" | "7zr" | "7zz" => "7z",
        "gcc-nm" => "nm",
        "gcc-ar" => "ar",
        "gcc-ranlib" => "ranlib",
        "pzstd" => "zstd",
        "gmake" => "make",
        "aclocal-1.16" => "aclocal",
        "automake-1.16" => "automake",
        "rgrep" => "grep",
        "bsdcpio" => "cpio",
        "i386" | "x86_64" => "setarch",
        "." => "source",
        "[[" => "[",
        other => other,
    }
}

/// The program a toolchain name stands for, by Debian's and LLVM's naming (one rule for the
/// classifier and its context, so that a versioned or cross name reads the same files as the
/// plain one):
/// - a GNU target triplet's prefix dropped, for the triplets of Debian's cross toolchains
///   (`binutils-<triplet>`, `gcc-<triplet>`): `<arch>-linux-gnu*` (`x86_64-linux-gnu-objdump`,
///   `arm-linux-gnueabihf-readelf`), `<arch>-w64-mingw32` and `<arch>-none-eabi`;
/// - a major-version suffix `-<digits>` dropped from GCC's versioned programs (`gcc-12`,
///   `cpp-12`, `gcov-12`) and from every program LLVM's Debian packages install as
///   `/usr/bin/<tool>-<major>` (`clang-15`, `clang-tidy-16`, `llvm-nm-14`, `ld.lld-14`): a name
///   that starts with `llvm-` or `clang`, and LLVM's few others (`lld`, `ld.lld`, `lldb`,
///   `llc`, `lli`, `opt`, `FileCheck`, `wasm-ld`).
pub(super) fn cross_tool(program: &str) -> Option<&str> {
    const VERSIONED: &[&str] = &[
        "gcc",
        "g++",
        "cpp",
        "gcov",
        "gcov-dump",
        "gcov-tool",
        "gcc-ar",
        "gcc-nm",
        "gcc-ranlib",
        "lto-dump",
        "lld",
        "ld.lld",
        "lldb",
        "llc",
        "lli",
        "opt",
        "FileCheck",
        "wasm-ld",
    ];
    const TRIPLETS: &[&str] = &["-linux-gnu", "-w64-mingw32-", "-none-eabi-"];
    let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    for triplet in TRIPLETS {
        if let Some(at) = program.find(triplet) {
            let rest = &program[at + triplet.len()..];
            // `-linux-gnu` may go on (`-linux-gnueabihf-`): up to the next dash.
            let tool = if triplet.ends_with('-') {
                rest
            } else {
                rest.split_once('-').map(|(_, t)| t)?
            };
            let arch = &program[..at];
            return (plain(arch) && !tool.is_empty()).then_some(tool);
        }
    }
    let (base, version) = program.rsplit_once('-')?;
    let llvm = base.starts_with("llvm-") || base.starts_with("clang");
    ((VERSIONED.contains(&base) || llvm)
        && (1..=3).contains(&version.len())
        && version.chars().all(|c| c.is_ascii_digit()))
    .then_some(base)
}

/// Whether `program` (a bare name) is one of those known to start a Java virtual machine
/// ([`JVM`]): every other program the classifier knows starts none, or its verdict would
/// already say that it writes /tmp/hsperfdata_<user> (see [`check`]).
pub(crate) fn starts_java_vm(program: &str) -> bool {
    JVM.contains(&family(program))
}

/// Programs that start a Java virtual machine (see [`check`]).
const JVM: &[&str] = &[
    "java",
    "javac",
    "javap",
    "javadoc",
    "jshell",
    "jdeps",
    "jlink",
    "jar",
    "jarsigner",
    "keytool",
    "jcmd",
    "jps",
    "jstat",
    "jstack",
    "jmap",
    "jinfo",
    "jdb",
    "serialver",
    "mvn",
    "gradle",
    "scala",
    "scalac",
    "kotlin",
    "kotlinc",
    "sbt",
    "lein",
    "clojure",
    "clj",
    "groovy",
    "ant",
    // The catalog's inspectors (bench/catalog/inspectors.tsv).
    "jfr",
    "jimage",
    "jmod",
];

/// Classifies `program` (a bare name, not a path) run with `args`.
pub fn check(written: &str, args: &[Word]) -> Verdict {
    let program = family(written);
    let Some(verdict) = known(program, written, args) else {
        return Verdict::unknown(format!("unknown program: {written}"));
    };
    // A Java virtual machine keeps each run's performance data in /tmp/hsperfdata_<user> (a
    // file for the run, in a directory made on first use; /tmp whatever TMPDIR says), `-version`
    // included, unless told `-XX:-UsePerfData` (measured, OpenJDK 17: java, javac, javap,
    // jshell, mvn, scala).
    if JVM.contains(&program)
        && !args
            .iter()
            .any(|a| a.is("-XX:-UsePerfData") || a.is("-J-XX:-UsePerfData"))
    {
        let mut verdict = verdict;
        verdict.push_unless(
            Level::Write,
            format!("{written} starts a Java VM, which writes /tmp/hsperfdata_<user> unless -XX:-UsePerfData"),
            super::verdict::Settle::PerfData,
        );
        return verdict;
    }
    let asks_version_or_help = matches!(args, [only] if only.is("--version") || only.is("--help"));
    // `hg --version` loads hg's extensions and `svn --version` creates svn's configuration
    // directory: their verdicts say so (`vcs`); gdb runs ~/.gdbearlyinit first (`modes::gdb`);
    // composer writes its temp file before it reads its options; mysql opens the `tee` file of
    // its option files (`modes::mysql_information`); pytest's `--help` loads the
    // project's conftest files and plugins and sets up output capture, whose first temporary
    // file is Python's probe of the temporary directory (strace, pytest 9.2: a file created and
    // removed in /tmp); its `-V`/`--version` return first (`modes::INFO_MODES`).
    // autoheader, autom4te and autoreconf make a directory in /tmp before they read their
    // options (strace, autoconf 2.71: `--version` included).
    // colordiff's `--version` and `--help` run the `diff_cmd` its configuration names (cat52).
    let configured_first = matches!(
        program,
        "hg" | "svn"
            | "colordiff"
            | "gdb"
            | "composer"
            | "pytest"
            | "py.test"
            | "mysql"
            | "mariadb"
            | "autoheader"
            | "autom4te"
            | "autoreconf"
    );
    // A wrapper takes `--version` and `--help` as its own options when it is a program that
    // parses them (coreutils, util-linux, sudo), not a shell builtin or keyword (`time --help`
    // runs a program named `--help`) nor one that passes every word on.
    let runs_its_operands = WRAPPERS.contains(&program) && !OWN_VERSION_AND_HELP.contains(&program);
    if asks_version_or_help && !runs_its_operands && !configured_first {
        return Verdict::read_only();
    }
    verdict
}

/// Whether `program` pages its output through a pager (`less`, `$PAGER`) when it runs on a
/// terminal, or is a pager or an interactive viewer itself: git (unless `--no-pager`/`-P` comes
/// before its command), man and other documentation readers, systemd's tools (unless
/// `--no-pager`), clients that page query results. Commands here run without a terminal, so
/// this matters only under `script -c`.
pub fn pages_on_terminal(program: &str, args: &[Word]) -> bool {
    let before_command = || args.iter().take_while(|a| a.may_be_option());
    match family(program) {
        "git" => !before_command().any(|a| a.is("--no-pager") || a.is("-P")),
        "systemctl" | "journalctl" | "loginctl" | "busctl" | "machinectl" | "hostnamectl"
        | "timedatectl" | "localectl" | "networkctl" | "resolvectl" | "coredumpctl" | "bootctl"
        | "ledger" => !args.iter().any(|a| a.is("--no-pager")),
        // ack pages through the pager its configuration or ACK_PAGER names (context::tools).
        "ack" | "ack-grep" => !args.iter().any(|a| a.is("--nopager")),
        "man" | "hg" | "less" | "more" | "most" | "pg" | "info" | "pinfo" | "perldoc" | "ri"
        | "pydoc" | "pydoc3" | "bat" | "delta" | "gh" | "glab" | "psql" | "mysql" | "mariadb"
        | "aws" | "top" | "htop" | "vi" | "vim" | "view" | "nano" | "emacs" | "fzf" | "tig"
        | "lazygit" | "python" | "node" | "perl" | "ruby" | "irb" | "sqlite3" | "watch"
        | "screen" | "tmux" => true,
        _ => false,
    }
}

/// Whether `program` (a bare name) is a shell: code it runs starts a new shell.
pub fn is_shell(program: &str) -> bool {
    SHELLS.contains(&family(program))
}

/// Whether `program` runs code from a file named in its arguments (shells, interpreters, `source`).
pub fn runs_files(program: &str) -> bool {
    let p = family(program);
    SHELLS.contains(&p) || INTERPRETERS.contains(&p) || p == "source"
}

/// The files `program` (curl or wget) saves downloads to.
pub fn downloaded_files(program: &str, args: &[Word]) -> Vec<String> {
    let urls: Vec<&str> = args
        .iter()
        .filter_map(|a| a.value.as_deref())
        .filter(|v| v.contains("://"))
        .collect();
    let remote_name = |u: &&str| {
        u.split(['?', '#'])
            .next()
            .and_then(|u| u.rsplit('/').next())
            .filter(|n| !n.is_empty())
            .map(String::from)
    };
    let mut out = Vec::new();
    let mut named = false;
    for (i, a) in args.iter().enumerate() {
        let Some(v) = a.value.as_deref() else {
            continue;
        };
        let next = || args.get(i + 1).and_then(|n| n.value.clone());
        let (short_out, long_out) = match family(program) {
            "curl" => ("-o", "--output"),
            "wget" => ("-O", "--output-document"),
            _ => return out,
        };
        if v == short_out || v == long_out {
            out.extend(next());
            named = true;
        } else if let Some(f) = v.strip_prefix(&format!("{long_out}=")) {
            out.push(f.to_string());
            named = true;
        } else if v.starts_with('-') && !v.starts_with("--") {
            // A cluster: `-fsSLo file`, `-fsSLofile`, `-fsSLO`.
            let letter = short_out.chars().nth(1).unwrap_or('o');
            if let Some(at) = v[1..].find(letter).map(|a| a + 1) {
                let rest = &v[at + 1..];
                out.extend(if rest.is_empty() {
                    next()
                } else {
                    Some(rest.to_string())
                });
                named = true;
            } else if family(program) == "curl" && v[1..].contains('O') {
                out.extend(urls.iter().filter_map(remote_name));
            }
        } else if family(program) == "curl" && v == "--remote-name" {
            out.extend(urls.iter().filter_map(remote_name));
        }
    }
    if family(program) == "wget" && !named {
        out.extend(urls.iter().filter_map(remote_name));
    }
    out
}

/// `python -m TOOL ARGS` (cls51): the verdict on `TOOL ARGS` for a Python tool run as a module
/// (`python::TOOL_MODULES`); `None` when TOOL is not known so.
pub fn module_tool(tool: &str, args: &[Word]) -> Option<Verdict> {
    known(family(tool), tool, args)
}

/// Whether `program` is a program this module knows (rather than, say, a function's name).
pub fn is_known(program: &str) -> bool {
    known(family(program), program, &[]).is_some()
}

/// `None` for a program this module does not know. `p` is the family, `written` the name used.
fn known(p: &str, written: &str, args: &[Word]) -> Option<Verdict> {
    if p == "m4" {
        return Some(super::m4::check(args));
    }
    if let Some(v) = readers::known(p, args) {
        return Some(v);
    }
    if let Some(v) = super::modes::check(p, args) {
        return Some(v);
    }
    if let Some(v) = super::printers::check(p, args) {
        return Some(v);
    }
    if let Some(v) = super::inspectors::check(p, args) {
        return Some(v);
    }
    if let Some(v) = super::devtools::python_tool(p, args) {
        return Some(v);
    }
    match p {
        "pee" => return Some(super::wrappers::pee(args)),
        "help2man" => {
            return Some(super::wrappers::help2man(args).unwrap_or_else(|| {
                Verdict::unknown(
                    "help2man is given an option not known to only read, or no program",
                )
            }))
        }
        "hyperfine" => return Some(super::wrappers::hyperfine(args)),
        "direnv" => {
            if let Some(v) = super::wrappers::direnv_exec(args) {
                return Some(v);
            }
        }
        _ => {}
    }
    let vcs = match p {
        "hg" => super::vcs::hg(args),
        "svn" => super::vcs::svn(args),
        _ => None,
    };
    if vcs.is_some() {
        return vcs;
    }
    if let Some(v) = super::data::check(p, args) {
        return Some(v);
    }
    if READ_ONLY.contains(&p) {
        let mut v = readers::builtin(p, args);
        v.output = printed(p, args);
        return Some(v);
    }
    if p == "cp" && copies_to_stream(args) {
        return Some(Verdict::read_only());
    }
    // Round 29 (cls50): `mv F F`, `cp F F` (`mv F{,}`).
    if matches!(p, "cp" | "mv") && super::files::same_operand_twice(args) {
        return Some(Verdict::read_only());
    }
    // Round 31 (cls52): `npx -v` is `npm exec --version` (npx-cli.js puts `exec` first and
    // expands `-v`), and npm prints its version and stops when `version` is set on the command
    // line, before it reads a package, a log or the network (npm 11, lib/npm.js's load; measured:
    // nothing written in a fresh HOME): the same as `npm -v`.
    if p == "npx" && matches!(args, [only] if only.is("-v") || only.is("--version")) {
        return Some(Verdict::read_only());
    }
    if p == "rdoc" && rdoc_only_reports(args) {
        return Some(Verdict::read_only());
    }
    // Round 32's tune part (cls52).
    if matches!(p, "makeinfo" | "texi2any") && texinfo_plaintext_to_stdout(args) {
        return Some(Verdict::read_only());
    }
    if p == "ptar" && ptar_lists(args) {
        return Some(Verdict::read_only());
    }
    // Round 36's tune part (cls56).
    if p == "eu-unstrip" && eu_unstrip_lists(args) {
        return Some(Verdict::read_only());
    }
    if let Some((_, what)) = WRITES.iter().find(|(name, _)| *name == p) {
        let mut v = Verdict::write(format!("{p} {what}"));
        if matches!(p, "cp" | "install" | "rsync") {
            let ops = operands(
                args,
                &[
                    "-t",
                    "--target-directory",
                    "-S",
                    "--suffix",
                    "-m",
                    "--mode",
                    "-o",
                    "--owner",
                    "-g",
                    "--group",
                ],
            );
            let target = args
                .windows(2)
                .find(|w| w[0].is("-t") || w[0].is("--target-directory"))
                .map(|w| &w[1])
                .or(ops.last().copied());
            if let Some(target) = target {
                if device(target.value.as_deref().unwrap_or(&target.shape)) == Device::Disk {
                    v.push(
                        Level::Dangerous,
                        format!("{p} overwrites the disk device {}", target.text),
                    );
                }
            }
        }
        return Some(v);
    }
    if let Some((_, what)) = RUNS.iter().find(|(name, _)| *name == p) {
        return Some(Verdict::unknown(format!("{p} {what}")));
    }
    if let Some(v) = tools::check(p, args) {
        return Some(v);
    }
    if SHELLS.contains(&p) {
        return Some(shell(written, args));
    }
    if INTERPRETERS.contains(&p) {
        return Some(interpreter(written, args));
    }
    if NETWORK.contains(&p) {
        return Some(Verdict::write(format!("{p} accesses the network")));
    }
    let verdict = match p {
        "rm" => rm(args),
        "mv" => mv(args),
        "chmod" => ownership(p, "permissions", args),
        "chown" => ownership(p, "owner", args),
        "chgrp" => ownership(p, "group", args),
        "dd" => dd(args),
        "shred" => shred(args),
        "tee" => tee(args),
        "kill" => kill(args),
        "ldd" => ldd(args),
        "killall5" => Verdict::dangerous("killall5 signals every process on the machine"),
        "shutdown" | "reboot" | "halt" | "poweroff" => {
            Verdict::dangerous(format!("{p} powers off or restarts the machine"))
        }
        "init" | "telinit" => run_level(p, args),
        "mkfs" | "mke2fs" | "mkswap" | "wipefs" | "blkdiscard" => {
            Verdict::dangerous(format!("{written} erases a disk or partition"))
        }
        "fdisk" | "sfdisk" | "cfdisk" | "gdisk" | "sgdisk" | "parted" => partitioner(p, args),
        "systemctl" => systemctl(args),
        "crontab" => lists_with(args, &["-l"], "crontab changes scheduled jobs"),
        "find" => find(args),
        "fd" => readers::fd(args),
        "xargs" => xargs(args),
        "xxd" => xxd(args),
        "date" => date(args),
        "hostname" => hostname(args),
        "dmesg" => dmesg(args),
        "journalctl" => journalctl(args),
        "sysctl" => sysctl(args),
        "mount" => mount(args),
        "ip" => ip(args),
        "ifconfig" | "route" | "arp" => net_config(p, args),
        "unzip" => lists_with(
            args,
            &["-l", "-v", "-t", "-Z", "-p", "-c", "-z"],
            "unzip extracts files",
        ),
        "gzip" | "gunzip" | "bzip2" | "bunzip2" | "xz" | "unxz" | "zstd" | "unzstd" | "lz4"
        | "unlz4" | "lzma" | "unlzma" | "pigz" | "brotli" | "compress" | "uncompress" | "lzip"
        | "plzip" | "lunzip" | "lzop" | "pbzip2" | "lbzip2" => compressor(p, args),
        "tsc" => tsc(args),
        "prettier" | "eslint" => js_linter(p, args),
        "gofmt" => go_flags(p, args, GOFMT),
        "shfmt" => go_flags(p, args, SHFMT),
        "ruff" => ruff(args),
        "black" | "rustfmt" | "isort" => formatter(p, args),
        "git" => git(args),
        "gh" => gh(args),
        "curl" => curl(args),
        "wget" => wget(args),
        "http" | "https" | "xh" => httpie(p),
        "ssh" => ssh(args),
        "su" => su(args),
        // The code is walked as a script: fixed text is judged as it is, a value only known at
        // run time is unknown (see `Walker::nested_script`).
        "eval" => Verdict::script(joined(args)),
        "source" => match args.first() {
            Some(file) if file.downloads => {
                Verdict::dangerous("source runs a script downloaded from the network")
            }
            Some(file) => Verdict::unknown(format!(
                "source runs {}, which cannot be checked",
                file.text
            )),
            None => Verdict::read_only(),
        },
        "trap" => trap(args),
        "alias" => alias(args),
        "watch" => watch(args),
        "chroot" | "nsenter" | "unshare" | "firejail" | "bwrap" | "systemd-run"
        | "flatpak-spawn" => Verdict::unknown(format!("{p} runs a command in another environment")),
        _ if WRAPPERS.contains(&p) => wrapper(p, args),
        _ if super::modes::MODELLED.contains(&p) => Verdict::unknown(format!(
            "{p} is given arguments outside the reading modes known here"
        )),
        _ => return None,
    };
    Some(unless_options_hidden(p, args, verdict))
}

/// `cp notes.txt /dev/stdout`: GNU cp opens an existing destination for writing and writes
/// into it, so a destination that writes no file (/dev/null, a standard stream) gets the bytes
/// and nothing else. Only with options that leave the destination alone otherwise: `-f` and
/// `--remove-destination` unlink it when it cannot be opened (or first), `-b` renames it, `-p`,
/// `-a` and `--preserve` change the device's mode and owner, `-l`, `-s`, `-r`, `-P` and `-d`
/// make links or copy a symlink by creating one in its place, `-u` and `-t` and the rest are
/// not taken. One source, fixed: several need a directory.
fn copies_to_stream(args: &[Word]) -> bool {
    let Some(values) = super::args::values(args) else {
        return false;
    };
    if args.iter().any(|a| a.glob) {
        return false;
    }
    let mut operands = Vec::new();
    let mut only_operands = false;
    for v in values {
        if only_operands || v == "-" || !v.starts_with('-') {
            operands.push(v);
        } else if v == "--" {
            only_operands = true;
        } else if !matches!(
            v,
            "-v" | "--verbose"
                | "-L"
                | "--dereference"
                | "-H"
                | "-T"
                | "--no-target-directory"
                | "-n"
                | "--no-clobber"
                | "--debug"
        ) {
            return false;
        }
    }
    matches!(operands.as_slice(), [_, dest] if grammar::writes_no_file(dest, false))
}

/// Programs that only read unless given certain options (`git log --output=f`, `date -s`,
/// `tar -x`): a run-time argument could be one of those.
#[rustfmt::skip]
const READS_DEPENDING_ON_OPTIONS: &[&str] = &[
    "date", "hostname", "dmesg", "journalctl", "sysctl", "tar", "unzip", "gzip", "gunzip", "bzip2", "bunzip2",
    "xz", "unxz", "zstd", "unzstd", "lz4", "lzma", "unlzma", "pigz", "brotli", "compress", "uncompress", "lzip",
    "plzip", "lunzip", "lzop", "pbzip2", "lbzip2", "crontab",
    "uniq", "xxd", "tsc", "prettier", "eslint", "gofmt", "shfmt", "ruff", "black", "rustfmt", "isort", "ip", "mount", "fdisk",
    "sfdisk", "gdisk", "sgdisk", "parted", "systemctl",
];

/// The verdict on a program in [`READS_DEPENDING_ON_OPTIONS`] is at least unknown when an
/// argument only known at run time could be an option.
fn unless_options_hidden(program: &str, args: &[Word], mut verdict: Verdict) -> Verdict {
    let depends = READS_DEPENDING_ON_OPTIONS.contains(&program);
    if let Some(unknown) = flag_sensitive(program, args).filter(|_| depends) {
        verdict.findings.extend(unknown.findings);
    }
    verdict
}

/// xxd reads its options as the C source does: by the first letters of each word (`-c8`,
/// `-cols 8`, `-ps`), a value attached or in the next word; a second operand is the output file.
fn xxd(args: &[Word]) -> Verdict {
    const TAKE_VALUE: &[(&str, &str)] = &[
        ("-c", "-cols"),
        ("-g", "-groupsize"),
        ("-l", "-len"),
        ("-o", "-offset"),
        ("-s", "-seek"),
        ("-n", "-name"),
        ("-R", "-R"),
    ];
    const FLAGS: &str = "abCEehiprudv";
    let mut operands = Vec::new();
    let mut i = 0;
    let mut only_operands = false;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            return Verdict::unknown(format!(
                "an argument of xxd is only known at run time: {}",
                a.text
            ));
        };
        if only_operands || v == "-" || !v.starts_with('-') {
            operands.push(a);
            continue;
        }
        if v == "--" {
            only_operands = true;
            continue;
        }
        if let Some((short, long)) = TAKE_VALUE.iter().find(|(s, _)| v.starts_with(s)) {
            if v == *short || v == *long {
                i += 1;
            }
            continue;
        }
        if !v[1..].starts_with(|c: char| FLAGS.contains(c)) {
            return Verdict::unknown(format!("xxd is given an option not known here: {v}"));
        }
    }
    match operands.get(1) {
        Some(out) if !out.is("-") => Verdict::write(format!("xxd writes to {}", out.text)),
        _ => Verdict::read_only(),
    }
}

/// An option of a program that parses them with Go's `flag` package.
struct GoFlag {
    /// Its names, each usable with one dash or two (`-l`, `--list`).
    names: &'static [&'static str],
    /// It takes a value (`-r rule`, `-r=rule`); else it is a boolean.
    value: bool,
    /// What it does beyond reading: for a boolean, when set true.
    effect: Option<&'static str>,
}

const fn flag(names: &'static [&'static str]) -> GoFlag {
    GoFlag {
        names,
        value: false,
        effect: None,
    }
}

const fn valued(names: &'static [&'static str]) -> GoFlag {
    GoFlag {
        names,
        value: true,
        effect: None,
    }
}

/// gofmt (Go 1.19-1.23): `-w` rewrites the files, `-cpuprofile` writes a profile.
const GOFMT: &[GoFlag] = &[
    flag(&["l"]),
    flag(&["d"]),
    flag(&["e"]),
    flag(&["s"]),
    flag(&["h", "help"]),
    valued(&["r"]),
    GoFlag {
        names: &["w"],
        value: false,
        effect: Some("gofmt -w rewrites files"),
    },
    GoFlag {
        names: &["cpuprofile"],
        value: true,
        effect: Some("gofmt -cpuprofile writes a file"),
    },
];

/// shfmt (3.6, `shfmt --help`): `-w` rewrites the files; the rest print (a diff, a list, the
/// formatted code, a JSON tree). The `.editorconfig` files it reads are settings, not code.
const SHFMT: &[GoFlag] = &[
    flag(&["version"]),
    flag(&["l", "list"]),
    flag(&["d", "diff"]),
    flag(&["s", "simplify"]),
    flag(&["mn", "minify"]),
    valued(&["ln", "language-dialect"]),
    flag(&["p", "posix"]),
    valued(&["filename"]),
    valued(&["i", "indent"]),
    flag(&["bn", "binary-next-line"]),
    flag(&["ci", "case-indent"]),
    flag(&["sr", "space-redirects"]),
    flag(&["kp", "keep-padding"]),
    flag(&["fn", "func-next-line"]),
    flag(&["f", "find"]),
    flag(&["tojson", "to-json"]),
    flag(&["from-json"]),
    flag(&["h", "help"]),
    GoFlag {
        names: &["w", "write"],
        value: false,
        effect: Some("shfmt -w rewrites files"),
    },
];

/// A program whose options Go's flag package parses: one dash or two, no clusters, a boolean
/// set by `-x`, `-x=true` or `-x=1` and left unset by `-x=false`, a value attached with `=` or
/// in the next word; the options end at the first operand, `-` or `--`.
fn go_flags(program: &str, args: &[Word], flags: &[GoFlag]) -> Verdict {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            if a.may_be_option() {
                return Verdict::unknown(format!(
                    "an argument of {program} is only known at run time: {}",
                    a.text
                ));
            }
            break;
        };
        if v == "--" || v == "-" || !v.starts_with('-') {
            break;
        }
        let text = v.strip_prefix("--").unwrap_or(&v[1..]);
        let (name, value) = match text.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (text, None),
        };
        let Some(known) = flags.iter().find(|f| f.names.contains(&name)) else {
            return Verdict::unknown(format!("{program} is given an option not known here: {v}"));
        };
        if known.value && value.is_none() {
            i += 1;
        }
        let set = known.value
            || !value.is_some_and(|v| matches!(v, "false" | "0" | "f" | "F" | "FALSE" | "False"));
        if let (Some(effect), true) = (known.effect, set) {
            return Verdict::write(effect);
        }
    }
    Verdict::read_only()
}

/// ldd has the system's dynamic loader list a program's libraries (glibc 2.36: the program and
/// the interpreter it names are never run); an audit library the program names is, so any file
/// but a system program's is read by the context for one (`context::tools::ldd`).
fn ldd(args: &[Word]) -> Verdict {
    const SYSTEM: &[&str] = &["/bin/", "/sbin/", "/usr/", "/lib/", "/lib64/", "/lib32/"];
    for a in args {
        match a.value.as_deref() {
            Some(
                "-v" | "--verbose" | "-u" | "--unused" | "-d" | "--data-relocs" | "-r"
                | "--function-relocs" | "--version" | "--help",
            ) => {}
            Some(path) if SYSTEM.iter().any(|d| path.starts_with(d)) && !path.contains("/../") => {}
            _ => {
                // The context reads the file for an audit library (`context::tools::ldd`).
                let mut v = Verdict::read_only();
                v.push_unless(
                    Level::Unknown,
                    format!(
                        "ldd can run an audit library {} names; only system programs are known to be safe",
                        a.text
                    ),
                    super::verdict::Settle::Configuration,
                );
                return v;
            }
        }
    }
    Verdict::read_only()
}

/// Round 31 (cls52): rdoc's two modes that write nothing (rdoc 6.4, `RDoc::RDoc#document`):
/// `-C`/`--coverage-report` prints the undocumented items and never sets up the output
/// directory or runs a generator, and `--dry-run` runs the default HTML generator (Darkfish)
/// with its writes off (`:noop`); measured, both wrote nothing. The other options taken choose
/// what is parsed and how it is shown; an output directory, a format (`pot` writes `rdoc.pot`
/// with `--dry-run` too), a template, files to copy, `--write-options`, `--pipe` and every
/// `--no-` form are not. What `.rdoc_options` and RDOCOPT add is the context's
/// (`context::tools`).
pub fn rdoc_only_reports(args: &[Word]) -> bool {
    const FLAGS: &[&str] = &[
        "-a",
        "--all",
        "-U",
        "--force-update",
        "-q",
        "--quiet",
        "-V",
        "--verbose",
        "-N",
        "--line-numbers",
        "-H",
        "--show-hash",
        "-A",
        "--hyperlink-all",
        "--dry-run",
        "-C",
        "--coverage-report",
        "--dcov",
    ];
    const VALUED: &[&str] = &[
        "-x",
        "--exclude",
        "-e",
        "--encoding",
        "-w",
        "--tab-width",
        "-t",
        "--title",
        "-m",
        "--main",
        "-E",
        "--extension",
        "-c",
        "--charset",
        "--visibility",
        "--markup",
        "--root",
        "--page-dir",
    ];
    let mut mode = false;
    let mut values = args.iter();
    while let Some(a) = values.next() {
        let Some(v) = a.value.as_deref() else {
            return false;
        };
        let long = v.split_once('=').map_or(v, |(o, _)| o);
        let level = v
            .strip_prefix("-C")
            .or_else(|| v.strip_prefix("--coverage-report="))
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        let joined_value = v.starts_with("--") && v.contains('=') && VALUED.contains(&long);
        if FLAGS.contains(&v) || level {
            mode |= v == "--dry-run" || rdoc_coverage(v);
        } else if VALUED.contains(&v) {
            if values.next().is_none_or(|w| w.value.is_none()) {
                return false;
            }
        } else if v.starts_with('-') && !joined_value {
            return false;
        }
    }
    mode
}

/// Whether the word `v` asks rdoc for its coverage report (`-C`, `-CN`, `--coverage-report[=N]`,
/// `--dcov`), which runs no generator.
pub fn rdoc_coverage(v: &str) -> bool {
    v.starts_with("-C") || v.starts_with("--coverage") || v == "--dcov"
}

/// `makeinfo --plaintext FILE` (texi2any 6.8): plain text on standard output when no output
/// file is named (texi2any(1); measured: nothing written). Only options that choose what is
/// read or how the text is laid out; `-o`/`--output` (but `-o -`), `-c`/`--set-customization-variable`
/// (OUTFILE among them), `--init-file`, `--conf-dir`, `--macro-expand` and every other format
/// are not. The configuration files it loads (Perl) are the context's (`context::tools`).
pub fn texinfo_plaintext_to_stdout(args: &[Word]) -> bool {
    const FLAGS: &[&str] = &[
        "--plaintext",
        "--no-warn",
        "--force",
        "-F",
        "--no-validate",
        "--no-headers",
        "--number-sections",
        "--no-number-sections",
        "--enable-encoding",
        "--disable-encoding",
        "--no-split",
        "-v",
        "--verbose",
    ];
    const VALUED: &[&str] = &[
        "-I",
        "-P",
        "-D",
        "-U",
        "--fill-column",
        "--paragraph-indent",
        "--error-limit",
        "-e",
        "--footnote-style",
        "--document-language",
        "--split-size",
    ];
    let mut plaintext = false;
    let mut values = args.iter();
    while let Some(a) = values.next() {
        let Some(v) = a.value.as_deref() else {
            return false;
        };
        let long = v.split_once('=').map_or(v, |(o, _)| o);
        if v == "-o" || v == "--output" {
            if !values.next().is_some_and(|w| w.is("-")) {
                return false;
            }
        } else if v == "--output=-" || FLAGS.contains(&v) {
            plaintext |= v == "--plaintext";
        } else if VALUED.contains(&v) {
            if values.next().is_none_or(|w| w.value.is_none()) {
                return false;
            }
        } else if v.starts_with('-')
            && !(v.starts_with("--") && v.contains('=') && VALUED.contains(&long))
            && !(v.len() > 2
                && !v.starts_with("--")
                && v.get(..2)
                    .is_some_and(|o| ["-I", "-P", "-D", "-U", "-e"].contains(&o)))
        {
            return false;
        }
    }
    plaintext
}

/// `ptar -t` (perl's Archive::Tar front end): lists an archive, as `tar -t` does. Read from
/// its `getopts('Ddcvzthxf:ICT:')`, a first word of bundled letters included (`ptar tvf F`):
/// exactly one of c, x and t must be given, and t with neither c nor x lists.
pub fn ptar_lists(args: &[Word]) -> bool {
    let mut letters = String::new();
    let mut words: Vec<&str> = Vec::new();
    for a in args {
        match a.value.as_deref() {
            Some(v) => words.push(v),
            None => return false,
        }
    }
    if let Some(&first) = words.first() {
        let bundled = !first.starts_with('-')
            && !first.trim_end_matches(['f', 'T']).is_empty()
            && first
                .trim_end_matches(['f', 'T'])
                .chars()
                .all(|c| "DdcvzthxIC".contains(c))
            && first.chars().filter(|c| matches!(c, 'f' | 'T')).count() <= 1
            && first.len() - first.trim_end_matches(['f', 'T']).len() <= 1;
        if bundled {
            letters.push_str(first);
            words.remove(0);
            if first.ends_with(['f', 'T']) && !words.is_empty() {
                words.remove(0);
            }
        }
    }
    let mut rest = words.into_iter();
    while let Some(w) = rest.next() {
        if w == "--" || !w.starts_with('-') || w == "-" {
            break;
        }
        let opts = &w[1..];
        for (i, c) in opts.char_indices() {
            letters.push(c);
            if matches!(c, 'f' | 'T') {
                if i + 1 == opts.len() {
                    rest.next();
                }
                break;
            }
        }
    }
    letters.contains('t')
        && !letters.contains(['c', 'x'])
        && letters.chars().all(|c| "DdcvzthxICfT".contains(c))
}

/// `eu-unstrip -n` (`--list-only`): "no files are written, but one line to standard output for
/// each module" (elfutils 0.188's help), with the options that only choose where modules are
/// found and which are listed (`-e FILE`, `--core=FILE`, `-M FILE`, `-p PID`, `-k`, `-K`,
/// `--debuginfo-path=PATH`, `-f`, `-i`, `-m`, `-a`). Not with `-o`/`-d` (output places), `-F`
/// or `-R` (how files are combined), or any other option.
fn eu_unstrip_lists(args: &[Word]) -> bool {
    const VALUED: &[&str] = &[
        "-e",
        "--executable",
        "-M",
        "--linux-process-map",
        "-p",
        "--pid",
    ];
    let Some(values) = super::args::values(args) else {
        return false;
    };
    let mut list = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        let (option, inline) = match v.split_once('=') {
            Some((o, _)) if o.starts_with("--") => (o, true),
            _ => (*v, false),
        };
        match option {
            "-n" | "--list-only" => list = true,
            "-k" | "--kernel" | "-K" | "--offline-kernel" | "-f" | "--match-file-names" | "-i"
            | "--ignore-missing" | "-m" | "--module-names" | "-a" | "--all" => {}
            "--core" | "--debuginfo-path" if inline => {}
            o if VALUED.contains(&o) && !inline => {
                i += 1;
                if values.get(i - 1).is_none() {
                    return false;
                }
            }
            o if VALUED.contains(&o) => {}
            // `-ne FILE`-style clusters are not taken; a lone `-` or an operand is a module
            // pattern or a file.
            o if o.starts_with('-') => return false,
            _ => {}
        }
    }
    list
}
