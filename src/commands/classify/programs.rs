//! What each known program does with its arguments: only reads, writes, destroys, or runs another
//! command (wrappers, `find -exec`, `bash -c`). A program not listed here is unknown.

use super::args::*;
use super::files::{dd, find, mv, ownership, rm, shred, tee, xargs};
use super::git::{gh, git};
use super::readers;
use super::system::{ip, kill, partitioner, ruff, systemctl};
use super::targets::{device, Device};
use super::tools;
use super::verdict::{Level, Nested, Verdict};
use super::words::Word;
use super::wrappers::{alias, interpreter, shell, su, trap, watch, wrapper};

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
        "ldd" => Verdict::unknown("ldd can run the program it inspects"),
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
    "date", "hostname", "dmesg", "journalctl", "sysctl", "tar", "unzip", "gzip", "gunzip", "bzip2", "bunzip2",
    "xz", "unxz", "zstd", "unzstd", "lz4", "lzma", "unlzma", "pigz", "brotli", "compress", "uncompress", "crontab",
    "uniq", "xxd", "tsc", "prettier", "eslint", "gofmt", "ruff", "black", "rustfmt", "isort", "ip", "mount", "fdisk",
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
