//! What each known program does with its arguments: only reads, writes, destroys, or runs another
//! command (wrappers, `find -exec`, `bash -c`). A program not listed here is unknown.

use super::scripts;
use super::words::Word;
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
    fn read_only() -> Self {
        Verdict::default()
    }

    fn of(level: Level, reason: impl Into<String>) -> Self {
        let mut v = Verdict::default();
        v.push(level, reason);
        v
    }

    fn write(reason: impl Into<String>) -> Self {
        Verdict::of(Level::Write, reason)
    }

    fn unknown(reason: impl Into<String>) -> Self {
        Verdict::of(Level::Unknown, reason)
    }

    fn dangerous(reason: impl Into<String>) -> Self {
        Verdict::of(Level::Dangerous, reason)
    }

    /// A wrapper around `argv` (nothing to run when empty).
    fn runs(argv: &[Word]) -> Self {
        let mut v = Verdict::default();
        if !argv.is_empty() {
            v.nested.push(Nested::Command {
                argv: argv.to_vec(),
                forwards_stdin: true,
            });
        }
        v
    }

    fn script(code: Word) -> Self {
        Verdict {
            nested: vec![Nested::Script(code)],
            ..Verdict::default()
        }
    }

    fn push(&mut self, level: Level, reason: impl Into<String>) {
        self.findings.push(Finding {
            level,
            reason: reason.into(),
        });
    }
}

/// Builtins and programs that only read, whatever their arguments.
#[rustfmt::skip]
const READ_ONLY: &[&str] = &[
    ":", "[", "ack", "ag", "apropos", "arch", "b2sum", "base32", "base64", "basename", "basenc", "bat", "bc", "bg",
    "break", "btop", "cal", "cat", "cd", "cksum", "clear", "cmp", "colordiff", "column", "comm", "compgen",
    "complete", "continue", "cut", "df", "diff", "diff3", "diffstat", "dir", "dirname", "dirs", "disown", "du", "duf",
    "dust", "echo", "egrep", "expand", "expr", "eza", "exa", "exit", "factor", "false", "fgrep", "file", "findmnt",
    "fmt", "fold", "free", "getconf", "getent", "getopts", "grep", "gron", "groups", "hash", "hd", "head", "help",
    "hexdump", "hexyl", "history", "htop", "id", "info", "iostat", "jobs", "join", "jq", "last", "ldd", "less", "let",
    "locale", "locate", "logname", "look", "ls", "lsblk", "lscpu", "lsd", "lsmem", "lsmod", "lsof", "lspci", "lsusb",
    "man", "md5", "md5sum", "mlocate", "more", "most", "mpstat", "netstat", "nl", "nm", "nproc", "numfmt", "objdump",
    "od", "otool", "paste", "pgrep", "pidof", "plocate", "popd", "printenv", "printf", "procs", "ps", "pstree",
    "pushd", "pwd", "read", "readelf", "readlink", "realpath", "return", "rev", "sdiff", "sensors", "seq", "set",
    "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "shasum", "shellcheck", "shift", "shopt", "size",
    "sleep", "ss", "stat", "strings", "sum", "sync", "tac", "tail", "test", "tokei", "cloc", "top", "tput", "tr",
    "tree", "true", "tty", "type", "ulimit", "umask", "unalias", "uname", "unexpand", "uptime", "users", "vdir",
    "vmstat", "w", "wait", "wc", "whatis", "whereis", "which", "who", "whoami", "yes", "zcat", "bzcat", "xzcat",
    "zstdcat", "lz4cat", "zgrep", "zegrep", "zfgrep", "times",
];

/// Options that make an otherwise read-only program write or run something else.
const READ_ONLY_EXCEPTIONS: &[(&str, &[&str], Level, &str)] = &[
    (
        "tree",
        &["-o"],
        Level::Write,
        "tree -o writes its listing to a file",
    ),
    (
        "less",
        &["-o", "-O", "--log-file", "--LOG-FILE"],
        Level::Write,
        "less -o writes a log file",
    ),
    (
        "base64",
        &["-o", "--output"],
        Level::Write,
        "base64 -o writes to a file",
    ),
    (
        "file",
        &["-C", "--compile"],
        Level::Write,
        "file -C writes a compiled magic file",
    ),
    (
        "ss",
        &["-K", "--kill"],
        Level::Write,
        "ss -K closes network connections",
    ),
    (
        "history",
        &["-w", "-a", "-c", "-d"],
        Level::Write,
        "history changes the shell history",
    ),
    (
        "man",
        &["-P", "--pager", "-H", "--html"],
        Level::Unknown,
        "man runs a pager or browser named on its command line",
    ),
    (
        "bat",
        &["--pager"],
        Level::Unknown,
        "bat runs a pager named on its command line",
    ),
    (
        "ack",
        &["--pager"],
        Level::Unknown,
        "ack runs a pager named on its command line",
    ),
];

/// An option of `program` among `names`: exact, `--long=value`, or a short option with its value
/// attached (`-ofile`).
fn has_any_option(args: &[Word], names: &[&str]) -> bool {
    options(args).any(|o| {
        names.iter().any(|n| {
            o == *n
                || (n.starts_with("--") && o.strip_prefix(n).is_some_and(|r| r.starts_with('=')))
                || (n.len() == 2 && !n.starts_with("--") && o.starts_with(n))
        })
    })
}

/// Wrappers that run the rest of their arguments as a command after their own options.
#[rustfmt::skip]
const WRAPPERS: &[&str] = &[
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

/// Tools that change files or run project code, except for the listed subcommands, which only read.
/// Two-word entries match a subcommand and its first operand (`config get`).
#[rustfmt::skip]
const SUBCOMMAND_TOOLS: &[(&str, &[&str])] = &[
    ("cargo", &[
        "tree", "metadata", "search", "locate-project", "pkgid", "help", "verify-project", "read-manifest", "version",
        "fmt --check",
    ]),
    ("rustup", &["show", "which", "help", "toolchain list", "target list", "component list"]),
    ("go", &["version", "list", "doc", "help", "vet", "env"]),
    ("npm", &[
        "ls", "list", "ll", "la", "view", "v", "info", "show", "outdated", "help", "root", "prefix", "bin", "why",
        "explain", "search", "s", "find", "doctor", "whoami", "fund", "query", "config get", "config list", "audit",
    ]),
    ("yarn", &["list", "info", "why", "help", "outdated", "config get", "config list"]),
    ("pnpm", &["list", "ls", "why", "outdated", "help", "root", "bin"]),
    ("pip", &["list", "show", "freeze", "help", "check", "search", "index", "inspect", "debug", "config list"]),
    ("uv", &["tree", "version", "help", "pip list", "pip show", "pip freeze", "pip tree"]),
    ("poetry", &["show", "check", "about", "help", "env info", "env list"]),
    ("gem", &["list", "info", "search", "env", "help", "contents", "which", "query", "specification"]),
    ("bundle", &["list", "show", "info", "outdated", "check", "help"]),
    ("composer", &[
        "show", "info", "outdated", "help", "licenses", "validate", "diagnose", "depends", "why", "why-not",
    ]),
    ("apt", &["list", "show", "search", "policy", "depends", "rdepends", "changelog", "help"]),
    ("apt-get", &["check", "changelog", "help"]),
    ("apt-cache", &[
        "show", "search", "policy", "depends", "rdepends", "showpkg", "stats", "pkgnames", "madison", "dump",
        "showsrc", "unmet",
    ]),
    ("dnf", &[
        "list", "info", "search", "provides", "repolist", "check-update", "history", "deplist", "repoquery", "help",
    ]),
    ("yum", &["list", "info", "search", "provides", "repolist", "check-update", "history", "deplist", "help"]),
    ("brew", &[
        "list", "ls", "info", "search", "config", "doctor", "outdated", "deps", "leaves", "uses", "desc", "cat",
        "commands", "help", "--prefix", "--cellar", "--cache",
    ]),
    ("snap", &["list", "info", "find", "version", "services", "connections"]),
    ("apk", &["info", "search", "policy", "list"]),
    ("conda", &["list", "info", "search", "env list", "config --show"]),
    ("docker", &[
        "ps", "images", "inspect", "logs", "version", "info", "stats", "top", "port", "history", "diff", "search",
        "events", "help",
    ]),
    ("podman", &[
        "ps", "images", "inspect", "logs", "version", "info", "stats", "top", "port", "history", "diff", "search",
        "events", "help",
    ]),
    ("kubectl", &[
        "get", "describe", "logs", "version", "explain", "top", "api-resources", "api-versions", "cluster-info",
        "diff", "events", "config view", "config get-contexts", "config current-context", "config get-clusters",
        "auth can-i", "auth whoami",
    ]),
    ("helm", &[
        "list", "ls", "status", "get", "show", "history", "search", "version", "template", "lint", "env", "repo list",
    ]),
    ("terraform", &[
        "plan", "show", "validate", "version", "output", "providers", "graph", "state list", "state show",
    ]),
    ("timedatectl", &["status", "show", "list-timezones"]),
    ("hostnamectl", &["status", "show"]),
];

/// Subcommands of container tools' object groups (`docker image ls`) that only read.
#[rustfmt::skip]
const CONTAINER_GROUPS: &[&str] = &[
    "image", "container", "volume", "network", "context", "system", "compose", "node", "service", "stack", "secret",
    "config", "plugin", "builder", "buildx", "manifest",
];
const CONTAINER_READS: &[&str] = &[
    "ls", "list", "inspect", "ps", "logs", "config", "images", "top", "version", "df", "info",
    "show", "history",
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

/// `None` for a program this module does not know. `p` is the family, `written` the name used.
fn known(p: &str, written: &str, args: &[Word]) -> Option<Verdict> {
    if READ_ONLY.contains(&p) {
        let mut v = Verdict::read_only();
        let mut exceptions = READ_ONLY_EXCEPTIONS
            .iter()
            .filter(|(name, ..)| *name == p)
            .peekable();
        if exceptions.peek().is_some() {
            v.findings.extend(
                flag_sensitive(p, args)
                    .map(|u| u.findings)
                    .unwrap_or_default(),
            );
        }
        for (_, names, level, reason) in exceptions {
            if has_any_option(args, names) {
                v.push(*level, *reason);
            }
        }
        if p == "printf" {
            let target = args
                .iter()
                .position(|a| a.is("-v"))
                .and_then(|i| args.get(i + 1));
            if let Some(reason) =
                target.and_then(|t| hijack_reason(t.value.as_deref().unwrap_or(&t.text)))
            {
                v.push(Level::Unknown, reason);
            }
        }
        v.output = printed(p, args);
        return Some(v);
    }
    if let Some((_, what)) = WRITES.iter().find(|(name, _)| *name == p) {
        return Some(Verdict::write(format!("{p} {what}")));
    }
    if let Some((_, reads)) = SUBCOMMAND_TOOLS.iter().find(|(name, _)| *name == p) {
        return Some(unless_options_hidden(
            p,
            args,
            subcommand_tool(p, reads, args),
        ));
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
        "fd" => fd(args),
        "xargs" => xargs(args),
        "sed" => sed(args),
        "awk" => awk(args),
        "sort" => sort(args),
        "uniq" => match operands(
            args,
            &[
                "-f",
                "-s",
                "-w",
                "--skip-fields",
                "--skip-chars",
                "--check-chars",
            ],
        )
        .get(1)
        {
            Some(out) => Verdict::write(format!("uniq writes to {}", out.text)),
            None => Verdict::read_only(),
        },
        "iconv" => writes_with_option(args, 'o', "--output", "iconv writes to a file"),
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
            let sets = has_short(args, 'w')
                || has_short(args, 'p')
                || has_long(args, "--write")
                || has_long(args, "--load")
                || operands(args, &[])
                    .iter()
                    .any(|o| o.value.as_deref().is_none_or(|v| v.contains('=')));
            if sets {
                Verdict::write("sysctl changes kernel parameters")
            } else {
                Verdict::read_only()
            }
        }
        "mount" => {
            if operands(args, &["-t", "--types"]).is_empty() && !has_short(args, 'a') {
                Verdict::read_only()
            } else {
                Verdict::write("mount mounts a file system")
            }
        }
        "ip" => {
            let changes = args.iter().any(|a| {
                matches!(
                    a.value.as_deref(),
                    Some(
                        "add"
                            | "del"
                            | "delete"
                            | "set"
                            | "flush"
                            | "change"
                            | "replace"
                            | "append"
                            | "exec"
                            | "prepend"
                            | "save"
                            | "restore"
                    )
                )
            });
            if changes {
                Verdict::write("ip changes the network configuration")
            } else {
                Verdict::read_only()
            }
        }
        "ifconfig" | "route" | "arp" => {
            if operands(args, &[]).len() > 1 {
                Verdict::write(format!("{p} changes the network configuration"))
            } else {
                Verdict::read_only()
            }
        }
        "tar" => tar(args),
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
        "rg" => {
            if args.iter().any(|a| {
                a.value
                    .as_deref()
                    .is_some_and(|v| v == "--pre" || v.starts_with("--pre="))
            }) {
                Verdict::unknown("rg --pre runs another program on every file")
            } else {
                flag_sensitive(p, args).unwrap_or_default()
            }
        }
        "tsc" => {
            if has_long(args, "--noEmit") {
                Verdict::read_only()
            } else {
                Verdict::write("tsc compiles and writes output files")
            }
        }
        "prettier" => {
            writes_with_flags(args, &["--write", "-w"], "prettier --write rewrites files")
        }
        "eslint" => writes_with_flags(args, &["--fix"], "eslint --fix rewrites files"),
        "gofmt" => writes_with_flags(args, &["-w"], "gofmt -w rewrites files"),
        "ruff" => {
            let formats = operands(args, &[]).first().is_some_and(|s| s.is("format"));
            let checks_only = has_long(args, "--check") || has_long(args, "--diff");
            if has_long(args, "--fix") || (formats && !checks_only) {
                Verdict::write("ruff rewrites files")
            } else {
                Verdict::read_only()
            }
        }
        "black" | "rustfmt" | "isort" => {
            if has_long(args, "--check") || has_long(args, "--diff") {
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
    let depends = READS_DEPENDING_ON_OPTIONS.contains(&program)
        || SUBCOMMAND_TOOLS.iter().any(|(name, _)| *name == program);
    if let Some(unknown) = flag_sensitive(program, args).filter(|_| depends) {
        verdict.findings.extend(unknown.findings);
    }
    verdict
}

// ---------------------------------------------------------------------------------------------
// Argument helpers

/// The option words (`-x`, `--long`) before a `--`, as written.
fn options(args: &[Word]) -> impl Iterator<Item = &str> {
    args.iter()
        .take_while(|a| !a.is("--"))
        .filter_map(|a| a.value.as_deref())
        .filter(|v| v.starts_with('-') && v.len() > 1)
}

/// A short option `-x`, alone or in a cluster (`-rf`).
fn has_short(args: &[Word], flag: char) -> bool {
    options(args).any(|o| !o.starts_with("--") && o[1..].contains(flag))
}

/// A long option, alone or with `=value`.
fn has_long(args: &[Word], name: &str) -> bool {
    options(args).any(|o| {
        o == name
            || o.strip_prefix(name)
                .is_some_and(|rest| rest.starts_with('='))
    })
}

/// The operands: words that are not options, nor the values of the options in `takes_value`.
fn operands<'a>(args: &'a [Word], takes_value: &[&str]) -> Vec<&'a Word> {
    let mut out = Vec::new();
    let mut i = 0;
    let mut only_operands = false;
    while i < args.len() {
        let a = &args[i];
        match a.value.as_deref() {
            _ if only_operands => out.push(a),
            Some("--") => only_operands = true,
            Some(v) if v.starts_with('-') && v.len() > 1 => {
                if takes_value.contains(&v) {
                    i += 1;
                }
            }
            _ => out.push(a),
        }
        i += 1;
    }
    out
}

/// The first argument before `--` that is only known at run time and could be an option.
fn dynamic_option(args: &[Word]) -> Option<&Word> {
    args.iter()
        .take_while(|a| !a.is("--"))
        .find(|a| a.value.is_none() && a.may_be_option())
}

/// For programs whose effect depends on their options: unknown when an option could hide in a
/// run-time value (`sort $OPTS` may be `sort -o file`).
fn flag_sensitive(program: &str, args: &[Word]) -> Option<Verdict> {
    dynamic_option(args).map(|a| {
        Verdict::unknown(format!(
            "an argument of {program} is only known at run time: {}",
            a.text
        ))
    })
}

fn writes_with_option(args: &[Word], short: char, long: &str, reason: &str) -> Verdict {
    if let Some(v) = flag_sensitive("the command", args) {
        return v;
    }
    if has_short(args, short) || has_long(args, long) {
        Verdict::write(reason)
    } else {
        Verdict::read_only()
    }
}

fn writes_with_flags(args: &[Word], flags: &[&str], reason: &str) -> Verdict {
    if flags.iter().any(|f| {
        if f.starts_with("--") {
            has_long(args, f)
        } else {
            args.iter().any(|a| a.is(f))
        }
    }) {
        Verdict::write(reason)
    } else {
        Verdict::read_only()
    }
}

/// Read-only with one of `listing` options; otherwise a write described by `reason`.
fn lists_with(args: &[Word], listing: &[&str], reason: &str) -> Verdict {
    let lists = listing.iter().any(|l| {
        let flag = l.trim_start_matches('-');
        if flag.len() == 1 {
            has_short(args, flag.chars().next().unwrap_or('-'))
        } else {
            has_long(args, l)
        }
    });
    if lists {
        Verdict::read_only()
    } else {
        Verdict::write(reason)
    }
}

/// Up to three words, for a reason: `a.txt, b.txt, c.txt and 2 more`.
fn list(words: &[&Word]) -> String {
    let shown: Vec<&str> = words.iter().take(3).map(|w| w.text.as_str()).collect();
    match words.len() {
        n if n > 3 => format!("{} and {} more", shown.join(", "), n - 3),
        _ => shown.join(", "),
    }
}

/// The arguments as one shell string (for `eval`, `ssh host cmd`, `sudo -s cmd`, `watch cmd`).
fn joined(args: &[Word]) -> Word {
    let text = args
        .iter()
        .map(|a| a.text.as_str())
        .collect::<Vec<_>>()
        .join(" ");
    let all = |f: fn(&Word) -> Option<&String>| -> Option<String> {
        args.iter()
            .map(|a| f(a).cloned())
            .collect::<Option<Vec<_>>>()
            .map(|v| v.join(" "))
    };
    Word {
        value: all(|w| w.value.as_ref()),
        guess: all(|w| w.guess.as_ref()),
        shape: args
            .iter()
            .map(|a| a.shape.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        glob: args.iter().any(|a| a.glob),
        downloads: args.iter().any(|a| a.downloads),
        text,
    }
}

/// What `echo`/`printf` print when their arguments are fixed.
fn printed(program: &str, args: &[Word]) -> Option<String> {
    let values: Vec<&str> = args
        .iter()
        .map(|a| a.value.as_deref())
        .collect::<Option<_>>()?;
    match program {
        "echo" => {
            let words: Vec<&str> = values
                .into_iter()
                .skip_while(|a| matches!(*a, "-n" | "-e" | "-E"))
                .collect();
            Some(words.join(" ") + "\n")
        }
        "printf" => match values.as_slice() {
            [format] if !format.contains(['%', '\\']) => Some(format.to_string()),
            _ => None,
        },
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------------
// Destructive targets

/// How bad it is to destroy a path recursively.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CriticalTarget {
    pub description: String,
    /// The root, a home or a system directory (as opposed to the working directory).
    pub system: bool,
}

/// System directories: deleting or re-owning them breaks the machine.
#[rustfmt::skip]
const SYSTEM_DIRS: &[&str] = &[
    "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/proc", "/root", "/run",
    "/sbin", "/srv", "/sys", "/usr", "/var", "/usr/bin", "/usr/sbin", "/usr/lib", "/usr/local", "/usr/share",
    "/usr/include", "/var/lib", "/System", "/Library", "/Applications", "/Users", "/private", "/nix", "/snap",
];

/// When `shape` (a word's shape) names a directory whose recursive removal is a disaster. Brace
/// expansions are tried one by one and paths are resolved lexically, so `{/,x}`, `/tmp/..` and
/// `./a/../` are seen for what they name.
pub fn critical_target(shape: &str) -> Option<CriticalTarget> {
    expand_braces(shape.trim())
        .iter()
        .find_map(|path| critical_path(path))
}

/// Where a path starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Base {
    Root,
    Home,
    Working,
}

fn critical_path(path: &str) -> Option<CriticalTarget> {
    if path.is_empty() {
        return None; // `rm -rf ""` is an error, not the current directory
    }
    let system = |d: String| {
        Some(CriticalTarget {
            description: d,
            system: true,
        })
    };
    let working = |d: &str| {
        Some(CriticalTarget {
            description: d.to_string(),
            system: false,
        })
    };
    // `$DIR/` or `$DIR/*`: the root directory when DIR is empty or unset.
    if let Some(name) = path
        .strip_prefix('$')
        .and_then(|r| r.strip_suffix("/*").or_else(|| r.strip_suffix('/')))
    {
        if !name.is_empty()
            && name != "HOME"
            && name != "PWD"
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return system(format!("the root directory when {name} is empty"));
        }
    }
    let (base, rest) = if let Some(rest) = path.strip_prefix('/') {
        (Base::Root, rest)
    } else if let Some(rest) = ["~+", "$PWD"].iter().find_map(|p| after_prefix(path, p)) {
        (Base::Working, rest)
    } else if let Some(rest) = ["~", "$HOME"].iter().find_map(|p| after_prefix(path, p)) {
        (Base::Home, rest)
    } else {
        (Base::Working, path)
    };
    let mut segments: Vec<&str> = Vec::new();
    let mut above = 0usize;
    for segment in rest.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                if segments.pop().is_none() {
                    above += 1;
                }
            }
            s => segments.push(s),
        }
    }
    // A last `*` empties the directory it is in.
    let every_entry = segments.last() == Some(&"*");
    if every_entry {
        segments.pop();
    }
    let is_glob = |s: &str| s.contains(['*', '?', '[']);
    match (base, above, segments.as_slice()) {
        (Base::Root, _, []) => system("the root directory".to_string()),
        (Base::Root, _, [entry]) if is_glob(entry) => system(format!(
            "the entries of the root directory matching {entry}"
        )),
        (Base::Root, _, dirs) => {
            let dir = format!("/{}", dirs.join("/"));
            SYSTEM_DIRS.contains(&dir.as_str()).then(|| CriticalTarget {
                description: format!("{dir}, a system directory"),
                system: true,
            })
        }
        (Base::Home, 0, []) => system("the home directory".to_string()),
        (Base::Home, _, []) => system("a directory above the home directory".to_string()),
        (Base::Working, 0, []) if every_entry => working("every file in the current directory"),
        (Base::Working, 0, []) => working("the current directory"),
        (Base::Working, 1, []) => working("the parent directory"),
        (Base::Working, _, []) => working("a directory above the current one"),
        (Base::Working, 0, [".*"]) => working("the hidden files of the current directory"),
        _ => None,
    }
}

/// The rest of `path` after `prefix` when the prefix is a whole path component.
fn after_prefix<'a>(path: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = path.strip_prefix(prefix)?;
    (rest.is_empty() || rest.starts_with('/')).then_some(rest)
}

const MAX_BRACE_EXPANSIONS: usize = 64; // enough for any honest path list; bounds `{a,b}{c,d}…` blow-up

/// The words bash's brace expansion makes of `word` (`{a,b}`, `{1..3}`), at most
/// [`MAX_BRACE_EXPANSIONS`]; the word itself when it has none.
fn expand_braces(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    expand_braces_into(word, &mut out);
    out
}

fn expand_braces_into(word: &str, out: &mut Vec<String>) {
    if out.len() >= MAX_BRACE_EXPANSIONS {
        return;
    }
    for (open, _) in word.match_indices('{') {
        let Some(alternatives) = brace_alternatives(&word[open..]) else {
            continue;
        };
        let (inner_len, items) = alternatives;
        let (prefix, suffix) = (&word[..open], &word[open + inner_len..]);
        for item in items {
            expand_braces_into(&format!("{prefix}{item}{suffix}"), out);
        }
        return;
    }
    out.push(word.to_string());
}

/// For `text` starting at `{`: the length of the brace group and its alternatives, when it is a
/// list (`{a,b}`) or a sequence (`{1..3}`, `{a..c}`).
fn brace_alternatives(text: &str) -> Option<(usize, Vec<String>)> {
    let mut depth = 0usize;
    let mut commas = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    let inner = &text[1..i];
                    if !commas.is_empty() {
                        let mut items = Vec::new();
                        let mut from = 1;
                        for comma in commas.iter().chain(std::iter::once(&i)) {
                            items.push(text[from..*comma].to_string());
                            from = comma + 1;
                        }
                        return Some((i + 1, items));
                    }
                    return sequence(inner).map(|items| (i + 1, items));
                }
            }
            ',' if depth == 1 => commas.push(i),
            _ => {}
        }
    }
    None
}

/// `1..3` or `a..c`, capped.
fn sequence(inner: &str) -> Option<Vec<String>> {
    let (from, to) = inner.split_once("..")?;
    if let (Ok(a), Ok(b)) = (from.parse::<i64>(), to.parse::<i64>()) {
        let (lo, hi) = (a.min(b), a.max(b));
        return Some(
            (lo..=hi)
                .take(MAX_BRACE_EXPANSIONS)
                .map(|n| n.to_string())
                .collect(),
        );
    }
    let (mut a, mut b) = (from.chars(), to.chars());
    match (a.next(), a.next(), b.next(), b.next()) {
        (Some(x), None, Some(y), None) if x.is_ascii_alphabetic() && y.is_ascii_alphabetic() => {
            let (lo, hi) = (x.min(y), x.max(y));
            Some(
                (lo..=hi)
                    .take(MAX_BRACE_EXPANSIONS)
                    .map(String::from)
                    .collect(),
            )
        }
        _ => None,
    }
}

/// What writing to a path under `/dev` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    /// Not under /dev: a plain file.
    File,
    /// The standard streams, /dev/null and friends: writing there writes no file.
    Stream,
    /// A disk, partition or memory device: writing there destroys data.
    Disk,
    Other,
}

pub fn device(path: &str) -> Device {
    let Some(name) = path.strip_prefix("/dev/") else {
        return Device::File;
    };
    const STREAMS: &[&str] = &[
        "null", "stdout", "stderr", "stdin", "tty", "zero", "full", "random", "urandom",
    ];
    #[rustfmt::skip]
    const DISKS: &[&str] = &[
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "loop", "dm-", "md", "sr", "disk", "rdisk", "mapper/", "nbd",
        "mem", "kmem", "port", "root",
    ];
    if STREAMS.contains(&name) || name.starts_with("fd/") || name.starts_with("pts/") {
        Device::Stream
    } else if DISKS.iter().any(|d| name.starts_with(d)) {
        Device::Disk
    } else {
        Device::Other
    }
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

/// Describes a write into `target` by `what` (`dd`, `tee`, a redirection).
pub fn write_to(what: &str, target: &Word) -> Option<Finding> {
    let path = target.value.as_deref().unwrap_or(&target.shape);
    match device(path) {
        Device::Stream => None,
        Device::Disk => Some(Finding {
            level: Level::Dangerous,
            reason: format!("{what} overwrites the disk device {path}"),
        }),
        Device::File | Device::Other if target.value.is_none() => Some(Finding {
            level: Level::Write,
            reason: format!("{what} writes to {}, a file named at run time", target.text),
        }),
        Device::File | Device::Other => Some(Finding {
            level: Level::Write,
            reason: format!("{what} writes to {path}"),
        }),
    }
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
    let mut v = Verdict::default();
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
                v.nested.push(Nested::Command {
                    argv: args[i + 1..end].to_vec(),
                    forwards_stdin: false,
                });
                filtered = true;
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
            Some(primary) if primary.starts_with('-') => filtered |= !UNFILTERED.contains(&primary),
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

fn fd(args: &[Word]) -> Verdict {
    let exec = args.iter().position(|a| {
        a.value
            .as_deref()
            .is_some_and(|v| matches!(v, "-x" | "--exec" | "-X" | "--exec-batch"))
    });
    match exec {
        Some(i) => {
            let end = args[i + 1..]
                .iter()
                .position(|w| w.is(";"))
                .map_or(args.len(), |p| i + 1 + p);
            Verdict {
                nested: vec![Nested::Command {
                    argv: args[i + 1..end].to_vec(),
                    forwards_stdin: false,
                }],
                ..Verdict::default()
            }
        }
        None => flag_sensitive("fd", args).unwrap_or_default(),
    }
}

fn xargs(args: &[Word]) -> Verdict {
    #[rustfmt::skip]
    const WITH_VALUE: &[&str] = &[
        "-a", "--arg-file", "-d", "--delimiter", "-E", "-I", "-L", "-n", "--max-args", "-P", "--max-procs", "-s",
        "--max-chars", "--process-slot-var",
    ];
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("--") => {
                i += 1;
                break;
            }
            Some(o) if WITH_VALUE.contains(&o) => i += 2,
            Some(o) if o.starts_with('-') && o.len() > 1 => i += 1,
            None if a.may_be_option() => {
                return Verdict::unknown(format!(
                    "an argument of xargs is only known at run time: {}",
                    a.text
                ));
            }
            _ => break,
        }
    }
    let argv = match args.get(i..) {
        Some(rest) if !rest.is_empty() => rest.to_vec(),
        _ => vec![Word::literal("echo")],
    };
    Verdict {
        nested: vec![Nested::Command {
            argv,
            forwards_stdin: false,
        }],
        ..Verdict::default()
    }
}

fn sed(args: &[Word]) -> Verdict {
    if let Some(v) = flag_sensitive("sed", args) {
        return v;
    }
    let mut v = Verdict::default();
    let sandboxed = has_long(args, "--sandbox");
    let mut scripts: Vec<&Word> = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("-e" | "--expression") => {
                scripts.extend(args.get(i + 1));
                i += 1;
            }
            Some("-f" | "--file") if !sandboxed => v.push(
                Level::Unknown,
                "sed runs a script from a file, which cannot be checked",
            ),
            Some(o) if o.starts_with("--expression=") => {}
            Some(o) if o.starts_with("--file=") && !sandboxed => v.push(
                Level::Unknown,
                "sed runs a script from a file, which cannot be checked",
            ),
            Some("-l" | "--line-length") => i += 1,
            _ => {}
        }
        i += 1;
    }
    let inline: Vec<String> = args
        .iter()
        .filter_map(|a| {
            a.value
                .as_deref()?
                .strip_prefix("--expression=")
                .map(String::from)
        })
        .collect();
    let ops = operands(
        args,
        &["-e", "--expression", "-f", "--file", "-l", "--line-length"],
    );
    let uses_options_for_script = !scripts.is_empty()
        || !inline.is_empty()
        || has_short(args, 'f')
        || args
            .iter()
            .any(|a| a.value.as_deref().is_some_and(|o| o.starts_with("--file")));
    let (script_operand, files) = if uses_options_for_script {
        (None, &ops[..])
    } else {
        (ops.first().copied(), ops.get(1..).unwrap_or(&[]))
    };
    scripts.extend(script_operand);
    let mut texts: Vec<Option<String>> = scripts.iter().map(|w| w.value.clone()).collect();
    texts.extend(inline.into_iter().map(Some));
    for text in texts {
        let Some(text) = text else {
            v.push(Level::Unknown, "sed's script is only known at run time");
            continue;
        };
        let fx = scripts::sed(&text);
        if fx.unreadable {
            v.push(
                Level::Unknown,
                format!("sed script {text:?} could not be read, so it cannot be checked"),
            );
        }
        if fx.executes && !sandboxed {
            v.push(Level::Unknown, "sed script runs shell commands (e)");
        }
        if fx.writes && !sandboxed {
            v.push(Level::Write, "sed script writes to a file (w)");
        }
    }
    if has_short(args, 'i') || has_long(args, "--in-place") {
        v.push(
            Level::Write,
            format!(
                "sed -i edits {} in place",
                if files.is_empty() {
                    "files".to_string()
                } else {
                    list(files)
                }
            ),
        );
    }
    v
}

fn awk(args: &[Word]) -> Verdict {
    if let Some(v) = flag_sensitive("awk", args) {
        return v;
    }
    let mut v = Verdict::default();
    let mut programs: Vec<&Word> = Vec::new();
    let mut from_file = false;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("--") => {
                i += 1;
                break;
            }
            Some("-F" | "-v" | "--assign" | "--field-separator") => i += 2,
            Some("-f" | "--file" | "-E" | "--exec") => {
                from_file = true;
                i += 2;
            }
            Some("-e" | "--source") => {
                programs.extend(args.get(i + 1));
                i += 2;
            }
            Some("-i" | "--include") => {
                match args.get(i + 1) {
                    Some(lib) if lib.is("inplace") => {
                        v.push(Level::Write, "awk -i inplace edits files in place")
                    }
                    _ => v.push(
                        Level::Unknown,
                        "awk loads a library, which cannot be checked",
                    ),
                }
                i += 2;
            }
            Some("--include=inplace") => {
                v.push(Level::Write, "awk -i inplace edits files in place");
                i += 1;
            }
            Some(o) if o.starts_with("-f") || o.starts_with("--file=") => {
                from_file = true;
                i += 1;
            }
            Some(o) if o.starts_with('-') && o.len() > 1 => i += 1,
            _ => break,
        }
    }
    if from_file {
        v.push(
            Level::Unknown,
            "awk runs a program from a file, which cannot be checked",
        );
    } else if programs.is_empty() {
        programs.extend(args.get(i));
    }
    for program in programs {
        let Some(text) = &program.value else {
            v.push(Level::Unknown, "awk's program is only known at run time");
            continue;
        };
        let fx = scripts::awk(text);
        if fx.executes {
            v.push(
                Level::Unknown,
                "awk program runs shell commands (system or a pipe)",
            );
        }
        if fx.writes {
            v.push(Level::Write, "awk program writes to a file");
        }
    }
    v
}

fn sort(args: &[Word]) -> Verdict {
    if let Some(v) = flag_sensitive("sort", args) {
        return v;
    }
    if has_long(args, "--compress-program") {
        return Verdict::unknown("sort --compress-program runs another program");
    }
    if has_long(args, "--output") || has_short(args, 'o') {
        return Verdict::write("sort -o writes to a file");
    }
    Verdict::read_only()
}

fn tar(args: &[Word]) -> Verdict {
    if has_long(args, "--to-command")
        || has_long(args, "--use-compress-program")
        || has_short(args, 'I')
    {
        return Verdict::unknown("tar runs another program");
    }
    // Old-style first argument without a dash: `tar tf x.tar`.
    let old_style = args
        .first()
        .and_then(|a| a.value.as_deref())
        .filter(|v| !v.starts_with('-'))
        .unwrap_or("");
    let mode =
        |c: char, long: &str| old_style.contains(c) || has_short(args, c) || has_long(args, long);
    let lists = mode('t', "--list");
    let extracts_to_stdout = mode('x', "--extract") && mode('O', "--to-stdout");
    let changes = ['c', 'r', 'u', 'A'].iter().any(|&c| mode(c, "--create"))
        || ["--append", "--update", "--delete", "--concatenate"]
            .iter()
            .any(|l| has_long(args, l));
    if (lists || extracts_to_stdout) && !changes {
        Verdict::read_only()
    } else {
        Verdict::write("tar creates or extracts archives")
    }
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

fn subcommand_tool(program: &str, reads: &[&str], args: &[Word]) -> Verdict {
    let ops = operands(args, &[]);
    let Some(first) = ops.first() else {
        return if args
            .iter()
            .all(|a| a.is("-v") || a.is("-V") || a.is("--version") || a.is("-h") || a.is("--help"))
        {
            Verdict::read_only()
        } else {
            Verdict::write(format!("{program} can change files or run project code"))
        };
    };
    let Some(sub) = first.value.as_deref() else {
        return Verdict::unknown(format!("{program}'s command is only known at run time"));
    };
    let second = ops.get(1).and_then(|w| w.value.as_deref()).unwrap_or("");
    let pair = format!("{sub} {second}");
    let flagged = args
        .iter()
        .filter_map(|a| a.value.as_deref())
        .map(|f| format!("{sub} {f}"))
        .collect::<Vec<_>>();
    let reads_only = reads.contains(&sub)
        || reads.contains(&pair.as_str())
        || flagged.iter().any(|f| reads.contains(&f.as_str()));
    let container_read = matches!(program, "docker" | "podman")
        && CONTAINER_GROUPS.contains(&sub)
        && CONTAINER_READS.contains(&second);
    let writes_anyway = (program == "go" && sub == "env" && has_short(args, 'w'))
        || (program == "npm" && sub == "audit" && second == "fix");
    if (reads_only || container_read) && !writes_anyway {
        Verdict::read_only()
    } else {
        Verdict::write(format!(
            "{program} {sub} can change files or run project code"
        ))
    }
}

// ---------------------------------------------------------------------------------------------
// git and gh

fn git(args: &[Word]) -> Verdict {
    let mut i = 0;
    let mut v = Verdict::default();
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some(
                "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--exec-path"
                | "--super-prefix" | "--config-env",
            ) => i += 2,
            Some("-c") => {
                if let Some(reason) = args.get(i + 1).and_then(git_config_runs_program) {
                    v.push(Level::Unknown, reason);
                }
                i += 2;
            }
            Some(o) if o.starts_with('-') => i += 1,
            None => {
                return Verdict::unknown(format!(
                    "git's command is only known at run time: {}",
                    a.text
                ))
            }
            Some(_) => break,
        }
    }
    if args[..i].iter().any(|a| {
        a.value
            .as_deref()
            .is_some_and(|o| o.starts_with("--exec-path="))
    }) {
        v.push(
            Level::Unknown,
            "git --exec-path= changes which programs git runs",
        );
    }
    let Some(sub) = args.get(i).and_then(|a| a.value.as_deref()) else {
        return v;
    };
    let rest = &args[i + 1..];
    let runs_program = rest.iter().filter_map(|a| a.value.as_deref()).any(|o| {
        [
            "--upload-pack",
            "--receive-pack",
            "--exec",
            "--open-files-in-pager",
            "--extcmd",
            "--tool",
        ]
        .iter()
        .any(|f| o == *f || o.strip_prefix(f).is_some_and(|r| r.starts_with('=')))
            || (sub == "grep" && o.starts_with("-O"))
    });
    if runs_program {
        v.push(
            Level::Unknown,
            format!("git {sub} is told to run another program"),
        );
    }
    let has = |flags: &[&str]| {
        rest.iter().any(|a| {
            flags.iter().any(|f| {
                a.is(f)
                    || (f.starts_with("--")
                        && a.value
                            .as_deref()
                            .is_some_and(|x| x.starts_with(&format!("{f}="))))
            })
        })
    };
    let short = |c: char| has_short(rest, c);
    let first = operands(rest, &[]).first().and_then(|w| w.value.clone());
    let ops = operands(rest, &[]);
    #[rustfmt::skip]
    const READS: &[&str] = &[
        "status", "log", "diff", "show", "blame", "annotate", "rev-parse", "ls-files", "ls-tree", "ls-remote",
        "cat-file", "describe", "shortlog", "grep", "whatchanged", "for-each-ref", "name-rev", "merge-base",
        "rev-list", "count-objects", "check-ignore", "check-attr", "show-ref", "show-branch", "var", "diff-tree",
        "diff-files", "diff-index", "help", "version", "fsck", "verify-commit", "verify-tag", "cherry", "range-diff",
    ];
    let write = |what: &str| Verdict::write(format!("git {sub} {what}"));
    let verdict = match sub {
        "status" | "log" | "diff" | "show" | "whatchanged" | "shortlog" if has(&["--output"]) => {
            Verdict::write(format!("git {sub} --output writes to a file"))
        }
        "fsck" if has(&["--lost-found"]) => write("writes dangling objects into .git/lost-found"),
        s if READS.contains(&s) => Verdict::read_only(),
        "branch" => {
            let changes = has(&[
                "-d",
                "-D",
                "--delete",
                "-m",
                "-M",
                "--move",
                "-c",
                "-C",
                "--copy",
                "-u",
                "--set-upstream-to",
                "--unset-upstream",
                "--edit-description",
                "-f",
                "--force",
            ]) || rest.iter().any(|a| {
                a.value.as_deref().is_some_and(|x| {
                    x.starts_with('-')
                        && !x.starts_with("--")
                        && x.len() > 2
                        && x.chars().skip(1).any(|c| "dDmMcCfu".contains(c))
                })
            });
            let value_options = [
                "--contains",
                "--no-contains",
                "--merged",
                "--no-merged",
                "--points-at",
                "--sort",
                "--format",
                "--color",
                "--column",
                "--abbrev",
            ];
            let creates = !operands(rest, &value_options).is_empty()
                && !has(&["-l", "--list", "-a", "--all", "-r", "--remotes"]);
            if changes || creates {
                write("changes branches")
            } else {
                Verdict::read_only()
            }
        }
        "tag" => {
            let lists = has(&["-l", "--list", "-v", "--verify"]) || ops.is_empty();
            if lists && !has(&["-d", "--delete", "-a", "-s", "-m", "-f", "--force"]) {
                Verdict::read_only()
            } else {
                write("changes tags")
            }
        }
        "remote" => match first.as_deref() {
            None | Some("show" | "get-url") => Verdict::read_only(),
            _ => write("changes remotes"),
        },
        "config" => {
            let reads = has(&[
                "--get",
                "--get-all",
                "--get-regexp",
                "--get-urlmatch",
                "--list",
                "-l",
                "--show-origin",
                "--show-scope",
            ]) || matches!(first.as_deref(), Some("get" | "list"))
                || (ops.len() == 1
                    && !has(&[
                        "--unset",
                        "--unset-all",
                        "--add",
                        "--replace-all",
                        "--remove-section",
                        "--rename-section",
                        "-e",
                        "--edit",
                    ]));
            if reads {
                Verdict::read_only()
            } else {
                write("changes configuration")
            }
        }
        "stash" => match first.as_deref() {
            Some("list" | "show") => Verdict::read_only(),
            _ => write("changes the stash and the working tree"),
        },
        "reflog" => match first.as_deref() {
            None | Some("show") => Verdict::read_only(),
            _ => write("changes the reflog"),
        },
        "worktree" => match first.as_deref() {
            Some("list") => Verdict::read_only(),
            _ => write("changes worktrees"),
        },
        "notes" => match first.as_deref() {
            None | Some("list" | "show") => Verdict::read_only(),
            _ => write("changes notes"),
        },
        "submodule" => match first.as_deref() {
            None | Some("status" | "summary") => Verdict::read_only(),
            Some("foreach") => {
                let mut v = write("runs a command in every submodule");
                let code: Vec<Word> = rest
                    .iter()
                    .skip_while(|a| !a.is("foreach"))
                    .skip(1)
                    .filter(|a| !a.may_be_option())
                    .cloned()
                    .collect();
                v.nested.push(Nested::Script(joined(&code)));
                v
            }
            _ => write("changes submodules"),
        },
        "bisect" => match first.as_deref() {
            Some("log" | "visualize" | "view") => Verdict::read_only(),
            _ => write("moves HEAD"),
        },
        "lfs" => match first.as_deref() {
            Some("ls-files" | "status" | "env" | "version" | "logs") => Verdict::read_only(),
            _ => write("changes large files"),
        },
        "push" => {
            let forced = has(&[
                "-f",
                "--force",
                "--force-with-lease",
                "--force-if-includes",
                "--mirror",
            ]) || short('f')
                || ops
                    .iter()
                    .any(|o| o.value.as_deref().is_some_and(|x| x.starts_with('+')));
            if forced {
                Verdict::dangerous("git push --force overwrites the remote's history")
            } else {
                write("publishes commits to a remote")
            }
        }
        "reset" if has(&["--hard"]) => {
            Verdict::dangerous("git reset --hard discards uncommitted changes")
        }
        "clean" => {
            if has(&["-n", "--dry-run"]) || short('n') {
                Verdict::read_only()
            } else if has(&["-f", "--force"]) || short('f') {
                Verdict::dangerous("git clean -f deletes untracked files for good")
            } else {
                write("deletes untracked files")
            }
        }
        "checkout" | "restore" => {
            let everything = ops.iter().any(|o| o.is(".") || o.is(":/") || o.is("*"));
            let staged_only =
                sub == "restore" && has(&["--staged", "-S"]) && !has(&["--worktree", "-W"]);
            if (everything || (sub == "checkout" && has(&["-f", "--force"]))) && !staged_only {
                Verdict::dangerous(format!("git {sub} discards uncommitted changes"))
            } else {
                write("changes the working tree")
            }
        }
        "add" | "am" | "apply" | "archive" | "commit" | "cherry-pick" | "clone" | "fetch"
        | "filter-branch" | "gc" | "init" | "merge" | "mv" | "prune" | "pull" | "rebase"
        | "repack" | "replace" | "reset" | "revert" | "rm" | "sparse-checkout" | "switch"
        | "update-index" | "update-ref" | "maintenance" | "format-patch" | "bundle"
        | "read-tree" | "write-tree" | "commit-tree" | "hash-object" | "mktag" | "mktree"
        | "pack-refs" | "symbolic-ref" | "citool" | "gui" | "request-pull" => {
            write("changes the repository")
        }
        _ => Verdict::unknown(format!(
            "unknown git command: {sub} (it may be an alias, which can run anything)"
        )),
    };
    v.findings.extend(verdict.findings);
    v.nested.extend(verdict.nested);
    v
}

/// When `git -c key=value` makes git run another program.
fn git_config_runs_program(setting: &Word) -> Option<String> {
    let Some(value) = setting.value.as_deref() else {
        return Some("git -c sets a configuration only known at run time".to_string());
    };
    let (key, val) = value.split_once('=').unwrap_or((value, ""));
    let key = key.to_ascii_lowercase();
    let runs = val.starts_with('!')
        || key.starts_with("alias.")
        || key.starts_with("pager.")
        || key.starts_with("filter.")
        || key.ends_with(".command")
        || key.ends_with(".textconv")
        || key.ends_with(".cmd")
        || key.ends_with(".helper")
        || key.ends_with(".program")
        || [
            "core.pager",
            "core.editor",
            "core.sshcommand",
            "core.fsmonitor",
            "core.hookspath",
            "core.gitproxy",
            "core.askpass",
            "diff.external",
            "sequence.editor",
            "uploadpack.packobjectshook",
        ]
        .contains(&key.as_str());
    runs.then(|| format!("git -c {key} can make git run another program"))
}

fn gh(args: &[Word]) -> Verdict {
    let ops = operands(
        args,
        &[
            "-R",
            "--repo",
            "-X",
            "--method",
            "-f",
            "-F",
            "--field",
            "--raw-field",
            "-H",
            "--header",
            "--jq",
            "-q",
            "--template",
            "-t",
        ],
    );
    let sub = ops.first().and_then(|w| w.value.as_deref());
    let action = ops.get(1).and_then(|w| w.value.as_deref());
    let reads = match (sub, action) {
        (Some("api"), _) => {
            let method = args
                .iter()
                .position(|a| a.is("-X") || a.is("--method"))
                .and_then(|i| args.get(i + 1)?.value.as_deref());
            matches!(method, None | Some("GET" | "get"))
                && !["-f", "-F", "--field", "--raw-field", "--input"]
                    .iter()
                    .any(|f| args.iter().any(|a| a.is(f)))
        }
        (Some("status" | "version" | "help"), _) | (None, _) => true,
        (Some("auth"), Some("status")) => true,
        (Some(_), Some("view" | "list" | "ls" | "status" | "diff" | "checks")) => true,
        _ => false,
    };
    if reads {
        Verdict::read_only()
    } else {
        Verdict::write(format!("gh {} changes things on GitHub", sub.unwrap_or("")))
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

// ---------------------------------------------------------------------------------------------
// Shells, interpreters, wrappers

fn shell(program: &str, args: &[Word]) -> Verdict {
    let mut i = 0;
    let mut command_mode = false;
    let mut stdin_mode = false;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("--" | "-") => {
                i += 1;
                break;
            }
            Some(
                "-o" | "+o" | "-O" | "+O" | "--rcfile" | "--init-file" | "-C" | "--init-command",
            ) => i += 2,
            Some("--command") => {
                command_mode = true;
                i += 1;
                break;
            }
            Some(o) if o.starts_with("--") => i += 1,
            Some(o) if (o.starts_with('-') || o.starts_with('+')) && o.len() > 1 => {
                command_mode |= o[1..].contains('c');
                stdin_mode |= o[1..].contains('s');
                i += 1;
            }
            None if a.may_be_option() && !command_mode => {
                return Verdict::unknown(format!(
                    "an option of {program} is only known at run time: {}",
                    a.text
                ));
            }
            _ => break,
        }
    }
    let operand = args.get(i);
    match operand {
        Some(code) if command_mode => Verdict::script(code.clone()),
        _ if command_mode => Verdict::read_only(),
        Some(_) if stdin_mode => Verdict {
            nested: vec![Nested::StdinScript],
            ..Verdict::default()
        },
        Some(script) if script.downloads => Verdict::dangerous(format!(
            "{program} runs a script downloaded from the network"
        )),
        Some(script) => Verdict::unknown(format!(
            "{program} runs the script {}, which cannot be checked",
            script.text
        )),
        None => Verdict {
            nested: vec![Nested::StdinScript],
            ..Verdict::default()
        },
    }
}

fn interpreter(program: &str, args: &[Word]) -> Verdict {
    if matches!(args, [only] if ["-v", "-V", "--version", "-h", "--help", "version", "-version"].iter().any(|f| only.is(f)))
    {
        return Verdict::read_only();
    }
    if args.iter().any(|a| a.downloads) {
        return Verdict::dangerous(format!("{program} runs code downloaded from the network"));
    }
    let inline = [
        "-c",
        "-e",
        "-E",
        "-p",
        "-r",
        "--eval",
        "--print",
        "--command",
    ]
    .iter()
    .any(|f| args.iter().any(|a| a.is(f)))
        || options(args).any(|o| {
            !o.starts_with("--")
                && o.len() > 2
                && (o.ends_with('e') || o.ends_with('c'))
                && program != "java"
        });
    if inline {
        return Verdict::unknown(format!(
            "{program} runs inline code, which cannot be checked"
        ));
    }
    if let Some(i) = args.iter().position(|a| a.is("-m")) {
        let module = args.get(i + 1).map_or("a module", |m| m.text.as_str());
        return Verdict::unknown(format!("{program} runs {module}, which cannot be checked"));
    }
    match args.iter().find(|a| !a.may_be_option() || a.is("-")) {
        Some(stdin) if stdin.is("-") => Verdict {
            nested: vec![Nested::StdinCode],
            ..Verdict::default()
        },
        Some(script) => Verdict::unknown(format!(
            "{program} runs {}, which cannot be checked",
            script.text
        )),
        None => Verdict {
            nested: vec![Nested::StdinCode],
            ..Verdict::default()
        },
    }
}

fn wrapper(program: &str, args: &[Word]) -> Verdict {
    match program {
        "env" => env(args),
        "sudo" | "doas" => sudo(program, args),
        "command" => {
            if args
                .iter()
                .take_while(|a| a.may_be_option())
                .any(|a| a.is("-v") || a.is("-V"))
            {
                Verdict::read_only()
            } else {
                Verdict::runs(skip_options(args, &[]))
            }
        }
        "exec" => Verdict::runs(skip_options(args, &["-a"])),
        "nice" => Verdict::runs(skip_options(args, &["-n", "--adjustment"])),
        "ionice" => {
            let mut v = Verdict::runs(skip_options(
                args,
                &[
                    "-c",
                    "--class",
                    "-n",
                    "--classdata",
                    "-p",
                    "--pid",
                    "-P",
                    "--pgid",
                    "-u",
                    "--uid",
                ],
            ));
            if has_short(args, 'p') || has_short(args, 'P') || has_short(args, 'u') {
                v.push(
                    Level::Write,
                    "ionice changes the priority of running processes",
                );
            }
            v
        }
        "timeout" => {
            let rest = skip_options(args, &["-s", "--signal", "-k", "--kill-after"]);
            Verdict::runs(rest.get(1..).unwrap_or(&[]))
        }
        "stdbuf" => Verdict::runs(skip_options(
            args,
            &["-i", "-o", "-e", "--input", "--output", "--error"],
        )),
        "time" => {
            let mut v = Verdict::runs(skip_options(args, &["-f", "--format", "-o", "--output"]));
            if has_short(args, 'o') || has_long(args, "--output") {
                v.push(Level::Write, "time -o writes to a file");
            }
            v
        }
        "caffeinate" => Verdict::runs(skip_options(args, &["-t", "-w"])),
        "busybox" => Verdict::runs(args),
        // builtin, chronic, coproc, nohup, setsid, unbuffer: options without values.
        _ => Verdict::runs(skip_options(args, &[])),
    }
}

/// The arguments after the leading options (and the values of `takes_value`).
fn skip_options<'a>(args: &'a [Word], takes_value: &[&str]) -> &'a [Word] {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("--") => return &args[i + 1..],
            Some(o) if takes_value.contains(&o) => i += 2,
            Some(o) if o.starts_with('-') && o.len() > 1 => i += 1,
            _ => break,
        }
    }
    args.get(i..).unwrap_or(&[])
}

/// Whether `word` is a `NAME=value` assignment (as `env` and `sudo` take before the command);
/// an assignment that can redirect later commands makes the verdict unknown.
fn takes_assignment(v: &mut Verdict, word: &Word) -> bool {
    let Some((name, _)) = word.text.split_once('=') else {
        return false;
    };
    if !crate::process::env::is_valid_env_key(name) {
        return false;
    }
    if let Some(reason) = hijack_reason(name) {
        v.push(Level::Unknown, reason);
    }
    true
}

fn env(args: &[Word]) -> Verdict {
    let mut v = Verdict::default();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("--") => {
                i += 1;
                break;
            }
            Some("-u" | "--unset" | "-C" | "--chdir") => i += 2,
            Some("-S" | "--split-string") => {
                v.nested
                    .extend(args.get(i + 1).cloned().map(Nested::Script));
                return v;
            }
            Some(o) if o.starts_with("--split-string=") => {
                v.nested
                    .push(Nested::Script(Word::literal(&o["--split-string=".len()..])));
                return v;
            }
            Some(o) if o.starts_with('-') && o.len() > 1 => i += 1,
            _ if takes_assignment(&mut v, a) => i += 1,
            _ => break,
        }
    }
    let rest = args.get(i..).unwrap_or(&[]);
    let inner = Verdict::runs(rest);
    v.nested.extend(inner.nested);
    v
}

fn sudo(program: &str, args: &[Word]) -> Verdict {
    #[rustfmt::skip]
    const WITH_VALUE: &[&str] = &[
        "-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R", "--user", "--group", "--close-from",
        "--chdir", "--host", "--prompt", "--role", "--type", "--other-user", "--command-timeout", "--chroot",
    ];
    let mut v = Verdict::default();
    let mut shell_mode = false;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("--") => {
                i += 1;
                break;
            }
            Some("-e" | "--edit") => {
                return Verdict::write(format!("{program} -e edits files as root"))
            }
            Some("-i" | "-s" | "--login" | "--shell") => {
                shell_mode = true;
                i += 1;
            }
            Some(o) if WITH_VALUE.contains(&o) => i += 2,
            Some(o) if o.starts_with('-') && o.len() > 1 => {
                shell_mode |= !o.starts_with("--") && (o.contains('i') || o.contains('s'));
                i += 1;
            }
            _ if takes_assignment(&mut v, a) => i += 1,
            _ => break,
        }
    }
    let rest = args.get(i..).unwrap_or(&[]);
    match (rest.is_empty(), shell_mode) {
        (true, true) => v.push(Level::Unknown, format!("{program} opens a root shell")),
        (true, false) => {}
        (false, true) => v.nested.push(Nested::Script(joined(rest))),
        (false, false) => v.nested.push(Nested::Command {
            argv: rest.to_vec(),
            forwards_stdin: true,
        }),
    }
    v
}

fn su(args: &[Word]) -> Verdict {
    let code = args
        .iter()
        .position(|a| a.is("-c") || a.is("--command"))
        .and_then(|i| args.get(i + 1));
    let inline = args.iter().find_map(|a| {
        Some(Word::literal(
            a.value.as_deref()?.strip_prefix("--command=")?,
        ))
    });
    match code.cloned().or(inline) {
        Some(code) => Verdict::script(code),
        None => Verdict::unknown("su starts a shell as another user"),
    }
}

fn trap(args: &[Word]) -> Verdict {
    let rest = match args.first() {
        Some(a) if a.is("--") => &args[1..],
        _ => args,
    };
    match rest {
        [] => Verdict::read_only(),
        [first, ..] if first.is("-p") || first.is("-l") || first.is("-") || first.is("") => {
            Verdict::read_only()
        }
        [_] => Verdict::read_only(),
        [handler, ..] => Verdict::script(handler.clone()),
    }
}

fn alias(args: &[Word]) -> Verdict {
    let mut v = Verdict::default();
    for a in args.iter().filter(|a| !a.is("-p")) {
        match a.value.as_deref().map(|x| x.split_once('=')) {
            Some(Some((_, body))) => v.nested.push(Nested::Script(Word::literal(body))),
            Some(None) => {}
            None => v.push(
                Level::Unknown,
                format!("alias defines a command only known at run time: {}", a.text),
            ),
        }
    }
    v
}

fn watch(args: &[Word]) -> Verdict {
    let exec = has_short(args, 'x') || has_long(args, "--exec");
    let rest = skip_options(args, &["-n", "--interval", "-q", "--equexit"]);
    if exec {
        Verdict::runs(rest)
    } else if rest.is_empty() {
        Verdict::read_only()
    } else {
        Verdict::script(joined(rest))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn recognises_critical_targets() {
        let cases: &[(&str, Option<(&str, bool)>)] = &[
            ("/", Some(("the root directory", true))),
            ("/*", Some(("the root directory", true))),
            ("//", Some(("the root directory", true))),
            ("/.", Some(("the root directory", true))),
            ("~", Some(("the home directory", true))),
            ("~/", Some(("the home directory", true))),
            ("$HOME/*", Some(("the home directory", true))),
            ("*", Some(("every file in the current directory", false))),
            ("./*", Some(("every file in the current directory", false))),
            (".", Some(("the current directory", false))),
            ("..", Some(("the parent directory", false))),
            (
                ".*",
                Some(("the hidden files of the current directory", false)),
            ),
            ("/usr", Some(("/usr, a system directory", true))),
            ("/etc/", Some(("/etc, a system directory", true))),
            (
                "$BUILD_DIR/",
                Some(("the root directory when BUILD_DIR is empty", true)),
            ),
            ("$BUILD_DIR", None),
            ("$BUILD_DIR/out", None),
            ("build", None),
            ("./build", None),
            ("/tmp/x", None),
            ("/usr/local/lib/foo", None),
            ("", None),
            ("*.o", None),
            ("build/*", None),
            ("~/notes.txt", None),
            ("{/,x}", Some(("the root directory", true))),
            ("/{tmp,etc}", Some(("/etc, a system directory", true))),
            ("{a..c}", None),
            ("/tmp/..", Some(("the root directory", true))),
            ("/./", Some(("the root directory", true))),
            ("/usr/../etc", Some(("/etc, a system directory", true))),
            ("./build/..", Some(("the current directory", false))),
            ("a/../..", Some(("the parent directory", false))),
            ("~/..", Some(("a directory above the home directory", true))),
            ("~+", Some(("the current directory", false))),
            (
                "$PWD/*",
                Some(("every file in the current directory", false)),
            ),
            (
                "/[a-z]*",
                Some(("the entries of the root directory matching [a-z]*", true)),
            ),
            ("/tmp/*", None),
        ];
        for (shape, expected) in cases {
            let got = critical_target(shape).map(|c| (c.description, c.system));
            assert_eq!(got, expected.map(|(d, s)| (d.to_string(), s)), "{shape:?}");
        }
    }

    #[test]
    fn recognises_devices() {
        let cases = [
            ("/dev/null", Device::Stream),
            ("/dev/stderr", Device::Stream),
            ("/dev/fd/3", Device::Stream),
            ("/dev/sda", Device::Disk),
            ("/dev/nvme0n1p2", Device::Disk),
            ("/dev/mapper/root", Device::Disk),
            ("/dev/shm/x", Device::Other),
            ("out.txt", Device::File),
        ];
        for (path, expected) in cases {
            assert_eq!(device(path), expected, "{path}");
        }
    }
}
