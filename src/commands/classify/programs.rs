//! What each known program does with its arguments: only reads, writes, destroys, or runs another
//! command (wrappers, `find -exec`, `bash -c`). A program not listed here is unknown.

use super::args::*;
use super::git::{gh, git};
use super::readers;
use super::targets::{critical_target, device, write_to, Device};
use super::tools;
use super::words::Word;
use super::wrappers::{alias, interpreter, shell, su, trap, watch, wrapper};
use super::{Finding, Level};

/// The classification of one program invocation, before nested commands are looked at.
#[derive(Debug, Default)]
pub struct Verdict {
    pub findings: Vec<Finding>,
    pub nested: Vec<Nested>,
    /// Writes a download to stdout: piping it into a shell runs remote code.
    pub downloads: bool,
    /// What it prints, when that is fixed (`echo 'rm -rf /' | sh`).
    pub output: Option<String>,
}

/// Code that an invocation runs in turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Nested {
    /// Another command: wrappers (`sudo`, `env`, `timeout`), `find -exec`, `xargs`.
    Command {
        argv: Vec<Word>,
        forwards_stdin: bool,
    },
    /// Shell code in a word: `bash -c`, `eval`, `trap`, `ssh host …`.
    Script(Word),
    /// A shell reading its commands from stdin.
    StdinScript,
    /// An interpreter (python, node, …) reading its program from stdin.
    StdinCode,
}

impl Verdict {
    pub fn read_only() -> Self {
        Verdict::default()
    }

    pub fn of(level: Level, reason: impl Into<String>) -> Self {
        let mut v = Verdict::default();
        v.push(level, reason);
        v
    }

    pub fn write(reason: impl Into<String>) -> Self {
        Verdict::of(Level::Write, reason)
    }

    pub fn unknown(reason: impl Into<String>) -> Self {
        Verdict::of(Level::Unknown, reason)
    }

    pub fn dangerous(reason: impl Into<String>) -> Self {
        Verdict::of(Level::Dangerous, reason)
    }

    /// A wrapper around `argv` (nothing to run when empty).
    pub fn runs(argv: &[Word]) -> Self {
        let mut v = Verdict::default();
        if !argv.is_empty() {
            v.nested.push(Nested::Command {
                argv: argv.to_vec(),
                forwards_stdin: true,
            });
        }
        v
    }

    pub fn script(code: Word) -> Self {
        Verdict {
            nested: vec![Nested::Script(code)],
            ..Verdict::default()
        }
    }

    pub fn push(&mut self, level: Level, reason: impl Into<String>) {
        self.findings.push(Finding {
            level,
            reason: reason.into(),
        });
    }
}

/// Shell builtins and programs that only read or change the shell's own state (looked at
/// further in `builtin`); other read-only programs have a grammar in `specs`.
#[rustfmt::skip]
const READ_ONLY: &[&str] = &[
    ":", "true", "false", "echo", "printf", "cd", "pushd", "popd", "dirs", "break", "continue", "exit", "return",
    "shift", "wait", "times", "umask", "ulimit", "help", "type", "bg", "fg", "disown", "unalias", "clear", "tput",
    "history", "set", "shopt", "test", "[", "read", "mapfile", "readarray", "hash", "compgen", "complete", "jobs",
    "sync", "caller", "getopts", "unset", "enable", "bc", "expr", "env-version",
];

/// Wrappers that run the rest of their arguments as a command after their own options.
#[rustfmt::skip]
pub const WRAPPERS: &[&str] = &[
    "builtin", "caffeinate", "chronic", "command", "coproc", "doas", "env", "exec", "ionice", "nice", "nohup",
    "setsid", "stdbuf", "sudo", "time", "timeout", "unbuffer", "busybox",
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
    "kotlin", "swift", "elixir", "erl", "racket", "guile", "ocaml", "tsx", "ts-node",
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
];

/// Variables that decide which programs later commands run or what those programs load.
#[rustfmt::skip]
const HIJACK_VARIABLES: &[&str] = &[
    "PATH", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT", "DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "BASH_ENV",
    "ENV", "PROMPT_COMMAND", "PS4", "IFS", "SHELLOPTS", "BASHOPTS", "GIT_SSH", "GIT_SSH_COMMAND", "GIT_EXTERNAL_DIFF",
    "GIT_PAGER", "PAGER", "EDITOR", "VISUAL", "GIT_EDITOR", "GIT_EXEC_PATH", "GIT_CONFIG_PARAMETERS",
    "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "GIT_ASKPASS", "SSH_ASKPASS", "PYTHONPATH", "PYTHONSTARTUP",
    "NODE_OPTIONS", "PERL5OPT", "PERL5LIB", "RUBYOPT", "LESSOPEN", "LESSCLOSE", "MANPAGER", "BROWSER",
];

/// Why assigning `name` is not harmless, when it is not.
pub fn hijack_reason(name: &str) -> Option<String> {
    HIJACK_VARIABLES.contains(&name).then(|| {
        format!("setting {name} can change which programs later commands run or what they load")
    })
}

/// Directories whose programs are the system's own: `/bin/rm` is `rm`; `./rm` is not.
pub const SYSTEM_BIN_DIRS: &[&str] = &[
    "/bin",
    "/usr/bin",
    "/usr/local/bin",
    "/sbin",
    "/usr/sbin",
    "/usr/local/sbin",
    "/opt/homebrew/bin",
];

/// The name under which `program` is known here: versions and GNU prefixes dropped.
fn family(program: &str) -> &str {
    const VERSIONED: &[&str] = &[
        "python", "pypy", "pip", "perl", "ruby", "php", "lua", "node",
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
        "." => "source",
        "[[" => "[",
        other => other,
    }
}

/// Classifies `program` (a bare name, not a path) run with `args`.
pub fn check(written: &str, args: &[Word]) -> Verdict {
    let program = family(written);
    let Some(verdict) = known(program, written, args) else {
        return Verdict::unknown(format!("unknown program: {written}"));
    };
    let asks_version_or_help = matches!(args, [only] if only.is("--version") || only.is("--help"));
    if asks_version_or_help && !WRAPPERS.contains(&program) {
        return Verdict::read_only();
    }
    verdict
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

/// Whether `program` is a program this module knows (rather than, say, a function's name).
pub fn is_known(program: &str) -> bool {
    known(family(program), program, &[]).is_some()
}

/// `None` for a program this module does not know. `p` is the family, `written` the name used.
fn known(p: &str, written: &str, args: &[Word]) -> Option<Verdict> {
    if let Some(v) = readers::known(p, args) {
        return Some(v);
    }
    if READ_ONLY.contains(&p) {
        let mut v = readers::builtin(p, args);
        v.output = printed(p, args);
        return Some(v);
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
        "killall5" => Verdict::dangerous("killall5 signals every process on the machine"),
        "shutdown" | "reboot" | "halt" | "poweroff" => {
            Verdict::dangerous(format!("{p} powers off or restarts the machine"))
        }
        "init" | "telinit" => match operands(args, &[]).first() {
            Some(level) if level.is("0") || level.is("6") => Verdict::dangerous(format!(
                "{p} {} powers off or restarts the machine",
                level.text
            )),
            _ => Verdict::write(format!("{p} changes the run level")),
        },
        "mkfs" | "mke2fs" | "mkswap" | "wipefs" | "blkdiscard" => {
            Verdict::dangerous(format!("{written} erases a disk or partition"))
        }
        "fdisk" | "sfdisk" | "cfdisk" | "gdisk" | "sgdisk" | "parted" => partitioner(p, args),
        "systemctl" => systemctl(args),
        "crontab" => lists_with(args, &["-l"], "crontab changes scheduled jobs"),
        "find" => find(args),
        "fd" => readers::fd(args),
        "xargs" => xargs(args),
        "xxd" => match operands(args, &["-c", "-g", "-l", "-o", "-s", "-n", "-C"]).get(1) {
            Some(out) => Verdict::write(format!("xxd writes to {}", out.text)),
            None => Verdict::read_only(),
        },
        "date" => {
            let sets_clock = has_short(args, 's')
                || has_long(args, "--set")
                || operands(args, &["-d", "--date", "-f", "--file", "-r", "--reference"])
                    .iter()
                    .any(|o| {
                        o.value
                            .as_deref()
                            .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()))
                    });
            if sets_clock {
                Verdict::write("date sets the system clock")
            } else {
                Verdict::read_only()
            }
        }
        "hostname" => match (
            operands(args, &[]).first(),
            has_short(args, 'F') || has_long(args, "--file"),
        ) {
            (Some(_), _) | (_, true) => Verdict::write("hostname renames the machine"),
            _ => Verdict::read_only(),
        },
        "dmesg" => {
            let clears = [
                "-c",
                "-C",
                "--clear",
                "--read-clear",
                "-D",
                "-E",
                "--console-off",
                "--console-on",
                "-n",
                "--console-level",
            ]
            .iter()
            .any(|o| args.iter().any(|a| a.is(o)));
            if clears {
                Verdict::write("dmesg changes the kernel log")
            } else {
                Verdict::read_only()
            }
        }
        "journalctl" => {
            let changes = args.iter().filter_map(|a| a.value.as_deref()).any(|v| {
                v.starts_with("--vacuum")
                    || matches!(
                        v,
                        "--rotate" | "--flush" | "--sync" | "--relinquish-var" | "--setup-keys"
                    )
            });
            if changes {
                Verdict::write("journalctl changes the system journal")
            } else {
                Verdict::read_only()
            }
        }
        "sysctl" => {
            // Reads only names (no `=`) with options that only choose what is shown.
            let allowed = [
                "-a",
                "-A",
                "-X",
                "-n",
                "-e",
                "-N",
                "-q",
                "-b",
                "-d",
                "-h",
                "--all",
                "--values",
                "--names",
                "--binary",
                "--ignore",
                "--quiet",
                "--help",
                "--version",
                "-r",
                "--pattern",
            ];
            let mut v = Verdict::read_only();
            for a in args {
                match a.value.as_deref() {
                    None => v.push(
                        Level::Unknown,
                        format!(
                            "an argument of sysctl is only known at run time: {}",
                            a.text
                        ),
                    ),
                    Some(x)
                        if x.starts_with('-')
                            && !allowed.contains(&x)
                            && !(x.len() > 2
                                && !x.starts_with("--")
                                && x[1..].chars().all(|c| "aAXneNqbdh".contains(c))) =>
                    {
                        v.push(
                            Level::Write,
                            format!("sysctl {x} changes or loads kernel parameters"),
                        )
                    }
                    Some(x) if x.contains('=') => {
                        v.push(Level::Write, "sysctl changes kernel parameters")
                    }
                    _ => {}
                }
            }
            v
        }
        "mount" => {
            // Lists mounts only with no operand and listing options.
            let lists = args.iter().all(|a| {
                matches!(
                    a.value.as_deref(),
                    Some(
                        "-l" | "--show-labels"
                            | "-h"
                            | "--help"
                            | "-V"
                            | "--version"
                            | "-v"
                            | "--verbose"
                    )
                )
            });
            if lists {
                Verdict::read_only()
            } else {
                Verdict::write("mount mounts or changes a file system")
            }
        }
        "ip" => ip(args),
        "ifconfig" | "route" | "arp" => {
            if operands(args, &[]).len() > 1 {
                Verdict::write(format!("{p} changes the network configuration"))
            } else {
                Verdict::read_only()
            }
        }
        "unzip" => lists_with(
            args,
            &["-l", "-v", "-t", "-Z", "-p", "-c", "-z"],
            "unzip extracts files",
        ),
        "gzip" | "gunzip" | "bzip2" | "bunzip2" | "xz" | "unxz" | "zstd" | "unzstd" | "lz4"
        | "lzma" | "unlzma" | "pigz" | "brotli" | "compress" | "uncompress" => {
            let to_stdout = has_short(args, 'c')
                || has_short(args, 'l')
                || has_short(args, 't')
                || ["--stdout", "--to-stdout", "--list", "--test"]
                    .iter()
                    .any(|o| has_long(args, o));
            if to_stdout && !has_short(args, 'o') {
                Verdict::read_only()
            } else {
                Verdict::write(format!("{p} replaces files with (de)compressed copies"))
            }
        }
        "yq" => writes_with_option(args, 'i', "--inplace", "yq -i edits files in place"),
        "tsc" => {
            let writes_anyway = [
                "--generateTrace",
                "--incremental",
                "-b",
                "--build",
                "--tsBuildInfoFile",
                "-i",
            ]
            .iter()
            .any(|f| {
                args.iter().any(|a| {
                    a.is(f)
                        || a.value
                            .as_deref()
                            .is_some_and(|v| v.starts_with(&format!("{f}=")))
                })
            });
            if has_long(args, "--noEmit") && !writes_anyway {
                Verdict::read_only()
            } else {
                Verdict::write("tsc compiles and writes output files")
            }
        }
        "prettier" | "eslint" => {
            if args.iter().any(|a| {
                a.is("--write")
                    || a.is("-w")
                    || a.is("--fix")
                    || a.value.as_deref().is_some_and(|v| v.starts_with("--fix"))
            }) {
                Verdict::write(format!("{p} rewrites files"))
            } else {
                Verdict::unknown(format!(
                    "{p} runs the project's JavaScript configuration and plugins"
                ))
            }
        }
        "gofmt" => writes_with_flags(args, &["-w"], "gofmt -w rewrites files"),
        "ruff" => ruff(args),
        "black" | "rustfmt" | "isort" => {
            if has_long(args, "--check")
                || has_long(args, "--diff")
                || has_long(args, "--check-only")
            {
                Verdict::read_only()
            } else {
                Verdict::write(format!("{p} rewrites files"))
            }
        }
        "git" => git(args),
        "gh" => gh(args),
        "curl" => curl(args),
        "wget" => wget(args),
        "http" | "https" | "xh" => {
            let mut v = Verdict::write(format!("{p} accesses the network"));
            v.downloads = true;
            v
        }
        "ssh" => ssh(args),
        "su" => su(args),
        "eval" => {
            let mut v = Verdict::unknown("eval runs code built from its arguments");
            v.nested.push(Nested::Script(joined(args)));
            v
        }
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
        _ => return None,
    };
    Some(unless_options_hidden(p, args, verdict))
}

/// Programs that only read unless given certain options (`git log --output=f`, `date -s`,
/// `tar -x`): a run-time argument could be one of those.
#[rustfmt::skip]
const READS_DEPENDING_ON_OPTIONS: &[&str] = &[
    "git", "date", "hostname", "dmesg", "journalctl", "sysctl", "tar", "unzip", "gzip", "gunzip", "bzip2", "bunzip2",
    "xz", "unxz", "zstd", "unzstd", "lz4", "lzma", "unlzma", "pigz", "brotli", "compress", "uncompress", "crontab",
    "uniq", "xxd", "tsc", "prettier", "eslint", "gofmt", "ruff", "black", "rustfmt", "isort", "ip", "mount", "fdisk",
    "sfdisk", "gdisk", "sgdisk", "parted", "systemctl", "gh",
];

/// The verdict on a program in [`READS_DEPENDING_ON_OPTIONS`] is at least unknown when an
/// argument only known at run time could be an option.
fn unless_options_hidden(program: &str, args: &[Word], mut verdict: Verdict) -> Verdict {
    let depends = READS_DEPENDING_ON_OPTIONS.contains(&program) || tools::is_tool(program);
    if let Some(unknown) = flag_sensitive(program, args).filter(|_| depends) {
        verdict.findings.extend(unknown.findings);
    }
    verdict
}

// ---------------------------------------------------------------------------------------------
// File programs

fn rm(args: &[Word]) -> Verdict {
    let recursive = has_short(args, 'r') || has_short(args, 'R') || has_long(args, "--recursive");
    // A run-time argument (`rm $FLAGS /`) may hold -r.
    let may_recurse = recursive || dynamic_option(args).is_some();
    let spelled = if has_short(args, 'f') || has_long(args, "--force") {
        "rm -rf"
    } else {
        "rm -r"
    };
    let targets = operands(args, &[]);
    let mut v = Verdict::default();
    if has_long(args, "--no-preserve-root") {
        v.push(
            Level::Dangerous,
            "rm --no-preserve-root lets rm delete the root directory",
        );
    }
    if may_recurse {
        for target in &targets {
            if let Some(critical) = critical_target(&target.shape) {
                v.push(
                    Level::Dangerous,
                    format!("{spelled} targets {}", critical.description),
                );
            }
        }
    }
    let what = if recursive { " recursively" } else { "" };
    if targets.is_empty() {
        v.push(Level::Write, "rm deletes files");
    } else {
        v.push(Level::Write, format!("rm deletes {}{what}", list(&targets)));
    }
    v
}

fn mv(args: &[Word]) -> Verdict {
    let ops = operands(args, &["-t", "--target-directory", "-S", "--suffix"]);
    let has_target_option = has_short(args, 't') || has_long(args, "--target-directory");
    let sources = if has_target_option {
        &ops[..]
    } else {
        &ops[..ops.len().saturating_sub(1)]
    };
    let mut v = Verdict::default();
    for source in sources {
        if let Some(critical) = critical_target(&source.shape).filter(|c| c.system) {
            v.push(
                Level::Dangerous,
                format!("mv moves {}", critical.description),
            );
        }
    }
    v.push(
        Level::Write,
        format!(
            "mv moves {}",
            if sources.is_empty() {
                "files".to_string()
            } else {
                list(sources)
            }
        ),
    );
    v
}

fn ownership(program: &str, what: &str, args: &[Word]) -> Verdict {
    let recursive = has_short(args, 'R') || has_long(args, "--recursive");
    let ops = operands(args, &[]);
    let targets = if has_long(args, "--reference") {
        &ops[..]
    } else {
        ops.get(1..).unwrap_or(&[])
    };
    let mut v = Verdict::default();
    for target in targets {
        let Some(critical) = critical_target(&target.shape).filter(|c| c.system) else {
            continue;
        };
        let is_root = critical.description == "the root directory";
        if recursive || is_root {
            let spelled = if recursive {
                format!("{program} -R")
            } else {
                program.to_string()
            };
            v.push(
                Level::Dangerous,
                format!("{spelled} changes the {what} of {}", critical.description),
            );
        }
    }
    v.push(
        Level::Write,
        format!("{program} changes the {what} of {}", list(targets)),
    );
    v
}

fn dd(args: &[Word]) -> Verdict {
    let mut v = Verdict::default();
    for arg in args {
        let Some(target) = arg
            .guess
            .as_deref()
            .unwrap_or(&arg.shape)
            .strip_prefix("of=")
        else {
            continue;
        };
        let target_word = Word {
            value: arg.value.as_ref().map(|_| target.to_string()),
            ..Word::literal(target)
        };
        v.findings.extend(write_to("dd", &target_word));
    }
    v
}

fn shred(args: &[Word]) -> Verdict {
    let targets = operands(
        args,
        &["-n", "--iterations", "-s", "--size", "--random-source"],
    );
    let mut v = Verdict::default();
    for target in &targets {
        if device(target.value.as_deref().unwrap_or(&target.shape)) == Device::Disk {
            v.push(
                Level::Dangerous,
                format!("shred overwrites the disk device {}", target.text),
            );
        }
    }
    v.push(
        Level::Write,
        format!("shred destroys the contents of {}", list(&targets)),
    );
    v
}

fn tee(args: &[Word]) -> Verdict {
    let mut v = Verdict::default();
    for target in operands(args, &["--output-error"]) {
        v.findings.extend(write_to("tee", target));
    }
    v
}

/// `-newerXY` with X and Y among a, B, c, m, t.
fn is_newer_xy(primary: &str) -> bool {
    primary
        .strip_prefix("-newer")
        .is_some_and(|xy| xy.len() == 2 && xy.chars().all(|c| "aBcmt".contains(c)))
}

fn find(args: &[Word]) -> Verdict {
    /// Primaries followed by a value.
    #[rustfmt::skip]
    const WITH_VALUE: &[&str] = &[
        "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname",
        "-type", "-xtype", "-newer", "-anewer", "-cnewer", "-perm", "-size", "-mtime", "-mmin", "-atime", "-amin",
        "-ctime", "-cmin", "-user", "-group", "-uid", "-gid", "-maxdepth", "-mindepth", "-links", "-inum",
        "-samefile", "-fstype", "-used", "-context", "-printf", "-regextype", "-newermt", "-newerct", "-newerat",
    ];
    /// Primaries that do not narrow what `-delete` removes.
    #[rustfmt::skip]
    const UNFILTERED: &[&str] = &[
        "-delete", "-depth", "-maxdepth", "-mindepth", "-xdev", "-mount", "-print", "-print0", "-noleaf", "-daystart",
        "-follow", "-regextype", "-warn", "-nowarn", "-ignore_readdir_race",
    ];
    /// Primaries without a value.
    #[rustfmt::skip]
    const FLAGS: &[&str] = &[
        "-delete", "-depth", "-d", "-xdev", "-mount", "-print", "-print0", "-ls", "-prune", "-quit", "-true", "-false",
        "-empty", "-executable", "-readable", "-writable", "-nouser", "-nogroup", "-noleaf", "-daystart", "-follow",
        "-ignore_readdir_race", "-noignore_readdir_race", "-warn", "-nowarn", "-not", "-a", "-and", "-o", "-or",
        "-help", "--help", "-version", "--version",
    ];
    let mut v = Verdict::default();
    if let Some(word) = args.iter().find(|a| {
        (a.value.is_none() && a.may_be_option()) || super::grammar::could_expand_to_option(a)
    }) {
        v.push(
            Level::Unknown,
            format!(
                "an argument of find is only known at run time: {}",
                word.text
            ),
        );
    }
    let mut i = 0;
    // Leading options (-H, -L, -P, -D debug, -O level), then the starting points.
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("-H" | "-L" | "-P") => i += 1,
            Some("-D") => i += 2,
            Some(o) if o.starts_with("-O") => i += 1,
            _ => break,
        }
    }
    let mut paths = Vec::new();
    while let Some(a) = args.get(i) {
        let starts_expression = a
            .value
            .as_deref()
            .is_some_and(|s| s.starts_with('-') || matches!(s, "(" | "!" | ")" | ","));
        if starts_expression {
            break;
        }
        paths.push(a);
        i += 1;
    }
    let mut deletes = false;
    let mut filtered = false;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            None if a.may_be_option() => {
                v.push(
                    Level::Unknown,
                    format!("an argument of find is only known at run time: {}", a.text),
                );
            }
            Some("-delete") => deletes = true,
            Some("-exec" | "-execdir" | "-ok" | "-okdir") => {
                let end = args[i + 1..]
                    .iter()
                    .position(|w| w.is(";") || w.is("+"))
                    .map_or(args.len(), |p| i + 1 + p);
                let argv = args[i + 1..end].to_vec();
                // `-exec rm {} +` deletes what it finds, as `-delete` does.
                if argv
                    .first()
                    .is_some_and(|c| c.is("rm") || c.is("/bin/rm") || c.is("/usr/bin/rm"))
                {
                    deletes = true;
                } else {
                    filtered = true;
                }
                v.nested.push(Nested::Command {
                    argv,
                    forwards_stdin: false,
                });
                i = end;
            }
            Some(action @ ("-fprint" | "-fprint0" | "-fls" | "-fprintf")) => {
                if let Some(target) = args.get(i + 1) {
                    v.findings
                        .extend(write_to(&format!("find {action}"), target));
                }
                i += if action == "-fprintf" { 2 } else { 1 };
            }
            Some(primary) if WITH_VALUE.contains(&primary) => {
                filtered |= !UNFILTERED.contains(&primary);
                i += 1;
            }
            Some(primary) if FLAGS.contains(&primary) => filtered |= !UNFILTERED.contains(&primary),
            Some(primary) if is_newer_xy(primary) => {
                filtered = true;
                i += 1;
            }
            Some(primary) if primary.starts_with('-') => v.push(
                Level::Unknown,
                format!("find is given a primary that is not known here: {primary}"),
            ),
            _ => {}
        }
        i += 1;
    }
    if deletes {
        let dot = Word::literal(".");
        let roots: Vec<&Word> = if paths.is_empty() { vec![&dot] } else { paths };
        for root in &roots {
            if let Some(critical) = critical_target(&root.shape).filter(|c| c.system || !filtered) {
                v.push(
                    Level::Dangerous,
                    format!(
                        "find -delete deletes everything under {}",
                        critical.description
                    ),
                );
            }
        }
        v.push(
            Level::Write,
            format!("find -delete deletes files under {}", list(&roots)),
        );
    }
    v
}

/// xargs's grammar (GNU findutils); it stops at the command.
const XARGS: super::grammar::Spec = super::grammar::Spec {
    names: &["xargs"],
    short: "0a:d:E:e::I:i::L:l::n:oP:prs:tx",
    long: "arg-file= delimiter= eof? replace? max-lines? max-args= open-tty interactive max-procs= process-slot-var= no-run-if-empty max-chars= show-limits verbose exit null help version",
    effects: &[],
    complete: true,
    numbers: false,
    posix_order: true,
};

/// xargs runs its command with words read from stdin appended (or put in place of `-I`'s
/// string): those words are only known at run time, and can be options (`echo -delete | xargs
/// find .`).
fn xargs(args: &[Word]) -> Verdict {
    let parsed = match super::grammar::parse(&XARGS, args) {
        Ok(parsed) => parsed,
        Err(problem) => return Verdict::unknown(problem.describe("xargs")),
    };
    if let Some(var) = parsed.get("--process-slot-var").and_then(|o| o.value()) {
        let name = var.value.as_deref().unwrap_or("");
        if super::env::prefix_risk(name, Some("0")).is_some() {
            return Verdict::unknown(format!(
                "xargs --process-slot-var sets {} in the command's environment",
                var.text
            ));
        }
    }
    let replace = parsed.get("-I|--replace|-i").map(|o| {
        o.value()
            .and_then(|v| v.value.clone())
            .unwrap_or_else(|| "{}".to_string())
    });
    let item = |text: &str| Word {
        text: text.to_string(),
        value: None,
        guess: Some(text.to_string()),
        shape: super::words::RUNTIME.to_string(),
        glob: false,
        downloads: false,
    };
    let mut argv: Vec<Word> = if parsed.operands.is_empty() {
        vec![Word::literal("echo")]
    } else {
        parsed.operands.clone()
    };
    match replace.filter(|r| !r.is_empty()) {
        Some(replace) => {
            for word in argv.iter_mut().skip(1) {
                if let Some(value) = word.value.clone().filter(|v| v.contains(&replace)) {
                    *word = Word {
                        guess: Some(value.replace(&replace, "ITEM")),
                        shape: value.replace(&replace, &super::words::RUNTIME.to_string()),
                        ..item(&word.text)
                    };
                }
            }
        }
        None => argv.push(item("(words read from stdin)")),
    }
    Verdict {
        nested: vec![Nested::Command {
            argv,
            forwards_stdin: false,
        }],
        ..Verdict::default()
    }
}

/// `ip [options] object [command …]`: only `show`, `list` and `get` (or no command) read; ip
/// accepts any prefix of a command (`ip a a` is `ip addr add`), so nothing else is taken as a read.
fn ip(args: &[Word]) -> Verdict {
    const OPTIONS: &[&str] = &[
        "-4",
        "-6",
        "-s",
        "-stats",
        "-statistics",
        "-d",
        "-details",
        "-j",
        "-json",
        "-p",
        "-pretty",
        "-c",
        "-color",
        "-br",
        "-brief",
        "-o",
        "-oneline",
        "-h",
        "-human",
        "-human-readable",
        "-t",
        "-timestamp",
        "-ts",
        "-0",
        "-r",
        "-resolve",
        "-a",
        "-all",
    ];
    let mut words = args.iter();
    let mut object = None;
    for a in words.by_ref() {
        match a.value.as_deref() {
            Some(o)
                if OPTIONS.contains(&o) || o.starts_with("-color=") || o.starts_with("--color") => {
            }
            Some(o) if o.starts_with('-') => {
                return Verdict::unknown(format!(
                    "ip is given an option not known to only read: {o}"
                ))
            }
            Some(o) => {
                object = Some(o);
                break;
            }
            None => {
                return Verdict::unknown(format!(
                    "an argument of ip is only known at run time: {}",
                    a.text
                ))
            }
        }
    }
    let Some(object) = object else {
        return Verdict::read_only();
    };
    if object.starts_with("netns") && words.clone().next().is_some_and(|w| w.is("exec")) {
        return Verdict::unknown("ip netns exec runs a command");
    }
    match words.next().map(|w| w.value.as_deref()) {
        None | Some(Some("show" | "list" | "ls" | "lst" | "get")) => Verdict::read_only(),
        Some(Some(cmd)) if object.starts_with("mon") || object == "help" || cmd == "help" => {
            Verdict::read_only()
        }
        Some(Some(cmd)) => Verdict::write(format!(
            "ip {object} {cmd} changes the network configuration"
        )),
        Some(None) => Verdict::unknown("ip's command is only known at run time"),
    }
}

/// ruff: `check` and `format --check`/`--diff` read, unless told to fix or write.
fn ruff(args: &[Word]) -> Verdict {
    const WRITES: &[&str] = &[
        "--fix",
        "--fix-only",
        "--unsafe-fixes",
        "--add-noqa",
        "--output-file",
        "-o",
    ];
    const READS: &[&str] = &[
        "--select",
        "--ignore",
        "--extend-select",
        "--extend-ignore",
        "--per-file-ignores",
        "--extend-per-file-ignores",
        "--output-format",
        "--statistics",
        "--show-files",
        "--show-settings",
        "--show-fixes",
        "--no-show-fixes",
        "-q",
        "--quiet",
        "-v",
        "--verbose",
        "-s",
        "--silent",
        "--no-cache",
        "--config",
        "--isolated",
        "--target-version",
        "--line-length",
        "--exit-zero",
        "--diff",
        "--check",
        "--preview",
        "--no-preview",
        "-e",
        "--no-fix",
        "--respect-gitignore",
        "--no-respect-gitignore",
        "--exclude",
        "--extend-exclude",
        "--force-exclude",
        "--no-force-exclude",
        "--stdin-filename",
        "--fixable",
        "--unfixable",
        "--extend-fixable",
        "--dummy-variable-rgx",
        "--range",
        "--color",
        "-h",
        "--help",
        "-n",
    ];
    let sub = args.first().and_then(|a| a.value.as_deref());
    let rest = args.get(1..).unwrap_or(&[]);
    let mut v = Verdict::read_only();
    match sub {
        Some("check") => {}
        Some("format") if rest.iter().any(|a| a.is("--check") || a.is("--diff")) => {}
        Some("version" | "help" | "rule" | "linter" | "--version" | "--help" | "-V" | "-h") => {
            return v
        }
        _ => return Verdict::write(format!("ruff {} can rewrite files", sub.unwrap_or(""))),
    }
    for a in rest {
        match a.value.as_deref() {
            None if a.may_be_option() => v.push(
                Level::Unknown,
                format!("an argument of ruff is only known at run time: {}", a.text),
            ),
            Some(x) if x.starts_with('-') => {
                let name = x.split('=').next().unwrap_or(x);
                if WRITES.contains(&name) {
                    v.push(
                        Level::Write,
                        format!("ruff {name} rewrites or writes files"),
                    );
                } else if !READS.contains(&name) {
                    v.push(
                        Level::Unknown,
                        format!("ruff is given an option not known to only read: {x}"),
                    );
                }
            }
            _ => {}
        }
    }
    v
}

fn kill(args: &[Word]) -> Verdict {
    let mut pids = Vec::new();
    let mut signal_seen = false;
    let mut only_pids = false;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let value = a.value.as_deref().unwrap_or(&a.shape);
        match value {
            _ if only_pids => pids.push(value),
            "--" => only_pids = true,
            "-l" | "-L" | "--list" | "--table" => return Verdict::read_only(),
            "-s" | "-n" | "--signal" => {
                signal_seen = true;
                i += 1;
            }
            v if v.starts_with('-') && !signal_seen => signal_seen = true,
            v => pids.push(v),
        }
        i += 1;
    }
    if pids.contains(&"-1") {
        return Verdict::dangerous("kill -1 signals every process the user can reach");
    }
    if pids.contains(&"1") {
        return Verdict::dangerous("kill signals init (process 1)");
    }
    Verdict::write(format!("kill signals process {}", pids.join(", ")))
}

fn partitioner(program: &str, args: &[Word]) -> Verdict {
    let lists = has_short(args, 'l')
        || has_long(args, "--list")
        || (program == "sfdisk" && (has_short(args, 'd') || has_long(args, "--dump")))
        || (program == "sgdisk" && (has_short(args, 'p') || has_long(args, "--print")))
        || (program == "parted" && args.iter().any(|a| a.is("print")));
    if lists {
        Verdict::read_only()
    } else {
        Verdict::dangerous(format!("{program} changes a disk's partition table"))
    }
}

/// systemctl's options that only choose what is shown or which manager is asked.
#[rustfmt::skip]
const SYSTEMCTL_OPTIONS: &[&str] = &[
    "-a", "--all", "-t", "--type", "--state", "-l", "--full", "-p", "--property", "-P", "--value", "--no-pager",
    "--no-legend", "--plain", "-q", "--quiet", "--user", "--system", "-n", "--lines", "-o", "--output", "--show-types",
    "--failed", "-r", "--recursive", "--reverse", "--after", "--before", "--with-dependencies", "-h", "--help",
    "--version", "--root", "--legend", "--no-ask-password", "-i", "--ignore-inhibitors",
];

fn systemctl(args: &[Word]) -> Verdict {
    #[rustfmt::skip]
    const READS: &[&str] = &[
        "status", "show", "list-units", "list-unit-files", "list-timers", "list-sockets", "list-dependencies",
        "list-jobs", "list-machines", "is-active", "is-enabled", "is-failed", "is-system-running", "cat", "help",
        "get-default", "show-environment",
    ];
    #[rustfmt::skip]
    const POWER: &[&str] = &[
        "poweroff", "reboot", "halt", "kexec", "emergency", "rescue", "soft-reboot", "suspend", "hibernate",
        "hybrid-sleep",
    ];
    let takes_value = [
        "-t",
        "--type",
        "-p",
        "--property",
        "-H",
        "--host",
        "-M",
        "--machine",
        "-n",
        "--lines",
        "-o",
        "--output",
        "--state",
        "-s",
        "--signal",
        "--root",
    ];
    let verb = operands(args, &takes_value)
        .first()
        .and_then(|w| w.value.clone());
    let reads = verb.as_deref().is_none_or(|v| READS.contains(&v));
    for a in args.iter().filter(|_| reads) {
        match a.value.as_deref() {
            Some(o) if o.starts_with('-') && o.len() > 1 => {
                let name = o.split('=').next().unwrap_or(o);
                let cluster_ok = !name.starts_with("--")
                    && name[1..]
                        .chars()
                        .all(|c| SYSTEMCTL_OPTIONS.contains(&format!("-{c}").as_str()));
                if matches!(name, "-H" | "--host" | "-M" | "--machine") {
                    return Verdict::write("systemctl -H reaches another machine");
                }
                if !SYSTEMCTL_OPTIONS.contains(&name) && !cluster_ok {
                    return Verdict::unknown(format!(
                        "systemctl is given an option not known to only read: {o}"
                    ));
                }
            }
            None if a.may_be_option() => {
                return Verdict::unknown(format!(
                    "an argument of systemctl is only known at run time: {}",
                    a.text
                ))
            }
            _ => {}
        }
    }
    match operands(args, &takes_value)
        .first()
        .map(|w| w.value.as_deref())
    {
        None => Verdict::read_only(),
        Some(Some(sub)) if READS.contains(&sub) => Verdict::read_only(),
        Some(Some(sub)) if POWER.contains(&sub) => {
            Verdict::dangerous(format!("systemctl {sub} stops or restarts the machine"))
        }
        Some(Some(sub)) => Verdict::write(format!("systemctl {sub} changes system services")),
        Some(None) => Verdict::unknown("systemctl's command is only known at run time"),
    }
}

// ---------------------------------------------------------------------------------------------
// Network

fn curl(args: &[Word]) -> Verdict {
    let mut v = Verdict::write("curl accesses the network");
    let writes_file = has_long(args, "--output")
        || has_long(args, "--remote-name")
        || has_long(args, "--output-dir")
        || has_short(args, 'o')
        || has_short(args, 'O');
    if writes_file {
        v.push(Level::Write, "curl writes the download to a file");
    }
    let sends = [
        "--data",
        "--data-binary",
        "--data-raw",
        "--data-urlencode",
        "--form",
        "--upload-file",
        "--json",
    ]
    .iter()
    .any(|o| has_long(args, o))
        || has_short(args, 'd')
        || has_short(args, 'F')
        || has_short(args, 'T');
    if sends {
        v.push(Level::Write, "curl sends data to a server");
    }
    v.downloads = !writes_file;
    v
}

fn wget(args: &[Word]) -> Verdict {
    let mut v = Verdict::write("wget downloads from the network");
    v.downloads = args.windows(2).any(|w| {
        w[0].value
            .as_deref()
            .is_some_and(|o| o.ends_with('O') && o.starts_with('-'))
            && w[1].is("-")
    }) || args.iter().any(|a| {
        a.value.as_deref().is_some_and(|o| {
            (o.starts_with('-') && !o.starts_with("--") && o.ends_with("O-"))
                || o == "--output-document=-"
        })
    });
    v
}

fn ssh(args: &[Word]) -> Verdict {
    #[rustfmt::skip]
    const WITH_VALUE: &[&str] = &[
        "-b", "-c", "-D", "-E", "-e", "-F", "-I", "-i", "-J", "-L", "-l", "-m", "-O", "-o", "-p", "-Q", "-R", "-S",
        "-W", "-w", "-B", "-P",
    ];
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some(o) if WITH_VALUE.contains(&o) => i += 2,
            Some(o) if o.starts_with('-') => i += 1,
            _ => break,
        }
    }
    let mut v = Verdict::write("ssh connects to another machine");
    if let Some(remote) = args.get(i + 1..).filter(|r| !r.is_empty()) {
        v.push(Level::Write, "ssh runs commands on another machine");
        v.nested.push(Nested::Script(joined(remote)));
    }
    v
}
