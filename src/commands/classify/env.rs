//! Which variable assignments are harmless. A variable in a program's environment can configure
//! it as surely as an option (`TAR_OPTIONS`, `GIT_CONFIG_COUNT`, `RIPGREP_CONFIG_PATH`, `GCONV_PATH`),
//! and the shell itself runs code from some (`PS4`, `PROMPT_COMMAND`, `BASH_ENV`).
//!
//! An assignment before a command (`NAME=value cmd`) exists only to configure that command, so it
//! must be on a short list of names known to only change formatting. A shell assignment or
//! `export` (`dir=src; ls $dir`) is harmless unless its name looks like configuration: the list
//! of patterns below is deliberately broad.

/// Names that only change how programs format what they print.
const HARMLESS: &[&str] = &[
    "LANG",
    "LANGUAGE",
    "TZ",
    "TERM",
    "COLUMNS",
    "LINES",
    "NO_COLOR",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "FORCE_COLOR",
    "COLORTERM",
    "GIT_PAGER",
    "PAGER",
    "MANPAGER",
    "SYSTEMD_PAGER",
    "GIT_TERMINAL_PROMPT",
    "LS_COLORS",
    "TIME_STYLE",
    "QUOTING_STYLE",
    "BLOCK_SIZE",
    "DF_BLOCK_SIZE",
    "DU_BLOCK_SIZE",
];

/// Names that change nothing about what a program writes or runs, with why; allowed before a
/// command whatever their value.
#[rustfmt::skip]
const HARMLESS_ANY_VALUE: &[(&str, &str)] = &[
    ("TZ", "the time zone a program prints times in (a path names a zone file, which is only read)"),
    ("TEXTDOMAINDIR", "the directory gettext(1) and gettext.sh read message catalogs (.mo files, data) from"),
    ("TEXTDOMAIN", "the message catalog gettext(1) looks words up in"),
    ("GIT_OPTIONAL_LOCKS", "0 keeps git from taking locks to rewrite the index; any other value is git's default"),
    ("GIT_FLUSH", "when git flushes its output"),
    ("GIT_ADVICE", "whether git prints hints"),
    ("GIT_LITERAL_PATHSPECS", "how git reads pathspecs"),
    ("GIT_GLOB_PATHSPECS", "how git reads pathspecs"),
    ("GIT_NOGLOB_PATHSPECS", "how git reads pathspecs"),
    ("GIT_ICASE_PATHSPECS", "how git reads pathspecs"),
    ("GIT_MERGE_AUTOEDIT", "only used by merges, which write anyway"),
    ("GIT_CONFIG_NOSYSTEM", "git reads less configuration"),
    ("RUST_BACKTRACE", "how much of a panic's backtrace is printed"),
    ("RUST_LIB_BACKTRACE", "how much of a backtrace is captured"),
    ("RUST_LOG", "which log lines go to stderr"),
    ("RUST_LOG_STYLE", "log colours"),
    ("CARGO_LOG", "which of cargo's log lines go to stderr"),
    ("CARGO_TERM_COLOR", "colours"),
    ("CARGO_TERM_VERBOSE", "verbosity"),
    ("CARGO_TERM_QUIET", "verbosity"),
    ("CARGO_TERM_PROGRESS_WHEN", "progress bars"),
    ("CARGO_TERM_PROGRESS_WIDTH", "progress bars"),
    ("CARGO_NET_OFFLINE", "true keeps cargo off the network"),
    ("NODE_ENV", "which dependencies npm lists or a program configures itself for; loads nothing"),
    ("NODE_NO_WARNINGS", "warnings"),
    ("NODE_DISABLE_COLORS", "colours"),
    ("NO_UPDATE_NOTIFIER", "turns update checks off"),
    ("PYTHONUNBUFFERED", "output buffering"),
    ("PYTHONIOENCODING", "the encoding of the standard streams"),
    ("PYTHONUTF8", "the default encoding"),
    ("PYTHONHASHSEED", "hash randomization"),
    ("PYTHONDONTWRITEBYTECODE", "keeps Python from writing compiled modules"),
    ("PYTHONNOUSERSITE", "Python skips the user's site directory (loads less)"),
    ("PYTHONSAFEPATH", "Python keeps the working directory off its module path (loads less)"),
    ("PIP_DISABLE_PIP_VERSION_CHECK", "keeps pip from checking for a newer pip"),
    ("PIP_NO_COLOR", "colours"),
    ("PIP_NO_INPUT", "keeps pip from prompting"),
    ("CI", "programs turn off prompts and progress output"),
    ("DEBIAN_FRONTEND", "how apt prompts"),
    ("GREP_COLOR", "colours"),
    ("GREP_COLORS", "colours"),
    ("GCC_COLORS", "colours"),
    ("JQ_COLORS", "colours"),
    ("SYSTEMD_COLORS", "colours"),
    ("MANWIDTH", "the width man formats for"),
    ("TERM_PROGRAM", "which terminal a program believes it runs in"),
    ("HOSTNAME", "a name some programs print"),
    ("NODE_DEBUG", "which of node's core modules log to stderr"),
    ("DEBUG", "which debug namespaces log to stderr"),
    ("RUST_MIN_STACK", "a thread stack size"),
    ("LESSCHARSET", "the character set less displays in"),
    ("LESSCHARDEF", "which characters less displays as they are"),
    ("TIMEFORMAT", "how bash's `time` prints (the value is not expanded)"),
    // The glob options' variables, as `shopt -s dotglob`/`nullglob` are harmless: what a glob
    // matches is taken to be any name of a file there, which these only narrow or reorder
    // (bash's pathexp.c: GLOBIGNORE's patterns are matched, never expanded or run). Not
    // EXECIGNORE, which changes which file a command's name runs.
    ("GLOBIGNORE", "which names bash's pathname expansion leaves out (set, `*` also matches dot-files)"),
    ("GLOBSORT", "the order bash 5.3 sorts a glob's matches in"),
    ("FIGNORE", "which suffixes an interactive shell's file-name completion leaves out"),
    ("HISTCONTROL", "which lines an interactive shell keeps in its history"),
    ("HISTIGNORE", "which lines an interactive shell keeps in its history"),
    ("HISTTIMEFORMAT", "how `history` prints times"),
    ("HISTSIZE", "how many lines the history keeps in memory"),
    ("CARGO_INCREMENTAL", "whether a build cargo runs anyway is incremental"),
    ("CARGO_BUILD_JOBS", "how many jobs a build cargo runs anyway uses"),
    ("PIP_INDEX_URL", "the package index: reached only by commands that download or install anyway"),
    ("PIP_EXTRA_INDEX_URL", "the package index: reached only by commands that download or install anyway"),
    ("PIP_TRUSTED_HOST", "the package index: reached only by commands that download or install anyway"),
    ("PIP_DEFAULT_TIMEOUT", "network time-outs"),
    ("PIP_RETRIES", "network retries"),
    ("UV_INDEX_URL", "the package index: reached only by commands that download or install anyway"),
    ("UV_EXTRA_INDEX_URL", "the package index: reached only by commands that download or install anyway"),
    ("GOPROXY", "the module proxy: reached only by commands that download anyway"),
    ("GOPRIVATE", "which modules are fetched directly: only by commands that download anyway"),
    ("GONOPROXY", "which modules are fetched directly: only by commands that download anyway"),
    ("GONOSUMDB", "which modules the checksum database is asked about"),
    ("GOOS", "the system a build targets (go env and go version only print it)"),
    ("GOARCH", "the architecture a build targets"),
    ("GOARM", "the architecture a build targets"),
    ("GOAMD64", "the architecture a build targets"),
    ("GO111MODULE", "whether go works in module mode"),
    ("GIT_AUTHOR_NAME", "the identity of commits written, by commands that write anyway"),
    ("GIT_AUTHOR_EMAIL", "the identity of commits written, by commands that write anyway"),
    ("GIT_AUTHOR_DATE", "the date of commits written, by commands that write anyway"),
    ("GIT_COMMITTER_NAME", "the identity of commits written, by commands that write anyway"),
    ("GIT_COMMITTER_EMAIL", "the identity of commits written, by commands that write anyway"),
    ("GIT_COMMITTER_DATE", "the date of commits written, by commands that write anyway"),
    ("SOURCE_DATE_EPOCH", "the time stamp a build records"),
    ("BAT_THEME", "colours"),
    ("PIP_NO_CACHE_DIR", "pip writes no cache"),
    ("UV_NO_CACHE", "uv writes no cache"),
    ("HOMEBREW_NO_AUTO_UPDATE", "turns an update off"),
    ("HOMEBREW_NO_ANALYTICS", "turns analytics off"),
    ("HOMEBREW_NO_ENV_HINTS", "hints"),
    ("GPG_TTY", "the terminal gpg's pinentry asks on"),
    ("PERL_BADLANG", "whether perl warns about the locale"),
    ("AWS_REGION", "the region of requests, made only by commands that reach the network anyway"),
    ("AWS_DEFAULT_REGION", "the region of requests, made only by commands that reach the network anyway"),
    ("COMPOSER_ALLOW_SUPERUSER", "whether composer warns when run as root"),
    ("COMPOSER_NO_INTERACTION", "composer asks no question (as --no-interaction)"),
    ("COMPOSER_NO_AUDIT", "composer skips the audit after an install (which writes anyway)"),
    ("GIT_SSH_COMMAND", "the program git reaches a remote with over ssh: only commands that reach the network run it, and those are not read-only"),
    ("GIT_SSH", "the program git reaches a remote with over ssh: only commands that reach the network run it, and those are not read-only"),
    ("INPUTRC", "readline's key bindings: read only by a program that edits lines typed on a terminal, and a binding runs nothing until a key is typed"),
    ("XDG_CACHE_HOME", "where programs keep caches: one that writes its cache writes anyway, and none known here runs code its cache holds"),
    ("MYPY_CACHE_DIR", "where mypy writes its cache, which it does anyway (/dev/null: none; `modes::mypy` reads the option form)"),
];

/// `LESS` holds less's options: harmless unless one loads key bindings (`-k`, `--lesskey-…`),
/// names a log file (`-o`, `-O`) or runs a command at start (`+`).
fn harmless_less_options(value: &str) -> bool {
    value.split_whitespace().all(|w| {
        let short = w.starts_with('-') && !w.starts_with("--");
        let long = w.strip_prefix("--").unwrap_or("");
        let risky = w.starts_with('+')
            || (short && w.contains(['k', 'o', 'O']))
            || ["lesskey", "log-file", "LOG-FILE"]
                .iter()
                .any(|l| long.starts_with(l));
        let option = short || w.starts_with("--") || w.chars().all(|c| c.is_ascii_digit());
        !risky && option
    })
}

/// JVM options that only size the heap and stack or set the default encoding, locale, time zone
/// or headless mode: no agent, no class or library named, no file written (`-Xlog:…:file=`,
/// `-XX:ErrorFile`, heap dumps) and no command run (`-XX:OnError`). Every other option, a
/// `-D` of any other property included (`java.system.class.loader` names a class to load),
/// is not taken.
pub fn harmless_jvm_options(value: &str) -> bool {
    const PROPERTIES: &[&str] = &[
        "file.encoding",
        "sun.jnu.encoding",
        "stdout.encoding",
        "stderr.encoding",
        "user.language",
        "user.country",
        "user.region",
        "user.timezone",
        "java.awt.headless",
        "java.net.preferIPv4Stack",
    ];
    let size = |s: &str| {
        let digits = s.trim_end_matches(['k', 'K', 'm', 'M', 'g', 'G']);
        !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())
    };
    value.split_whitespace().all(|w| {
        if let Some(property) = w.strip_prefix("-D") {
            let (key, v) = property.split_once('=').unwrap_or((property, ""));
            return PROPERTIES.contains(&key) && !v.contains(['/', '$', '`']);
        }
        ["-Xmx", "-Xms", "-Xss"]
            .iter()
            .any(|p| w.strip_prefix(p).is_some_and(size))
            || w.strip_prefix("-XX:MaxRAMPercentage=")
                .is_some_and(|n| n.parse::<f64>().is_ok())
            || matches!(
                w,
                "-XX:+UseSerialGC"
                    | "-XX:+UseG1GC"
                    | "-XX:+UseParallelGC"
                    | "-Xshare:auto"
                    | "-XX:-UsePerfData"
            )
    })
}

/// Names whose value decides: with these values they change nothing about what any program
/// writes or runs (with others they may, so they stay on the broad lists).
fn harmless_value(name: &str, value: &str) -> bool {
    match name {
        // glibc's loader ignores an empty value (rtld.c, dl-load.c: only a non-empty list is read).
        "LD_PRELOAD" | "LD_AUDIT" | "LD_LIBRARY_PATH" => value.is_empty(),
        // bash expands a prompt (PS4 before each trace line) for `$`, backquotes and
        // backslash escapes; a value with none of them is printed as it is.
        "PS0" | "PS1" | "PS2" | "PS3" | "PS4" => harmless_prompt(value),
        // Only an interactive shell writes its history, and this file takes nothing.
        "HISTFILE" => matches!(value, "" | "/dev/null"),
        // The default itself.
        "TMPDIR" => matches!(value, "/tmp" | "/tmp/" | "/var/tmp" | "/var/tmp/"),
        "JAVA_TOOL_OPTIONS" | "JDK_JAVA_OPTIONS" | "_JAVA_OPTIONS" | "MAVEN_OPTS" => {
            harmless_jvm_options(value)
        }
        "MAKEFLAGS" | "MFLAGS" | "GNUMAKEFLAGS" => harmless_make_flags(value),
        "GZIP" | "XZ_DEFAULTS" | "XZ_OPT" => harmless_compression_options(value),
        "GOFLAGS" => harmless_go_flags(value),
        // The editor a program starts (git's for a message, a rebase's todo list): `true`
        // leaves the file as it is and `cat` prints it; neither writes or runs anything.
        "EDITOR" | "VISUAL" | "GIT_EDITOR" | "GIT_SEQUENCE_EDITOR" => {
            matches!(value, "true" | "cat")
        }
        "RUSTFLAGS" | "RUSTDOCFLAGS" => harmless_rust_flags(value),
        _ => false,
    }
}

/// A prompt (PS4 before each trace line) whose expansion runs nothing: no backquote, `$(`,
/// `$((`, `$[` or backslash escape, and every `$` a plain parameter: `$NAME`, `${NAME}`,
/// `${NAME[N]}` or `${NAME:-TEXT}` with no `$` in TEXT. A value's own `$(…)` is not expanded
/// again; `${!x}`, `${x:OFFSET}` and subscripts other than a number would evaluate one.
fn harmless_prompt(value: &str) -> bool {
    if value.contains(['`', '\\']) {
        return false;
    }
    let name = |s: &str| {
        let s = match s.split_once('[') {
            Some((n, index)) => {
                let Some(digits) = index.strip_suffix(']') else {
                    return false;
                };
                if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                    return false;
                }
                n
            }
            None => s,
        };
        !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    let mut rest = value;
    while let Some(at) = rest.find('$') {
        let after = &rest[at + 1..];
        if let Some(inner) = after.strip_prefix('{') {
            let Some(close) = inner.find('}') else {
                return false;
            };
            let body = &inner[..close];
            let ok = match body.split_once(":-") {
                Some((n, text)) => name(n) && !text.contains(['$', '{']),
                None => name(body),
            };
            if !ok {
                return false;
            }
            rest = &inner[close + 1..];
        } else {
            let len = after
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(after.len());
            if len == 0 {
                return false;
            }
            rest = &after[len..];
        }
    }
    true
}

/// Options of gzip (`GZIP`) and xz (`XZ_DEFAULTS`, `XZ_OPT`) that only choose the compression
/// level, threads, memory and messages: the command line's mode and output still decide what is
/// written (gzip 1.12 refuses most other options there: measured, `GZIP=-k` is "not valid in
/// GZIP environment variable").
fn harmless_compression_options(value: &str) -> bool {
    let number = |v: &str| {
        !v.is_empty()
            && v.chars()
                .all(|c| c.is_ascii_digit() || "KMGiB%".contains(c))
    };
    let mut words = value.split_whitespace();
    let mut any = false;
    while let Some(w) = words.next() {
        any = true;
        let ok = match w {
            "--fast" | "--best" | "--rsyncable" | "-n" | "--no-name" | "-N" | "--name" | "-e"
            | "--extreme" | "-q" | "--quiet" | "-v" | "--verbose" | "-Q" | "--no-warn"
            | "--no-adjust" => true,
            "-T" | "-M" => words.next().is_some_and(number),
            w if w.len() == 2 && w.starts_with('-') && w.as_bytes()[1].is_ascii_digit() => true,
            w if w.len() == 3
                && w.starts_with('-')
                && w.as_bytes()[1].is_ascii_digit()
                && w.ends_with('e') =>
            {
                true
            }
            w => [
                "-T",
                "--threads=",
                "-M",
                "--memlimit=",
                "--memlimit-compress=",
                "--memlimit-decompress=",
                "--block-size=",
            ]
            .iter()
            .any(|p| w.strip_prefix(p).is_some_and(number)),
        };
        if !ok {
            return false;
        }
    }
    any
}

/// make's options that only set parallelism, verbosity and error handling (make(1)): no
/// variable assignment (`CC=…`), include directory, `--eval` or makefile named.
pub fn harmless_make_flags(value: &str) -> bool {
    const LONG: &[&str] = &[
        "--no-print-directory",
        "--print-directory",
        "--silent",
        "--quiet",
        "--keep-going",
        "--jobs",
        "--no-keep-going",
        "--warn-undefined-variables",
    ];
    value.split_whitespace().all(|w| {
        if let Some(long) = w.strip_prefix("--") {
            let name = long.split('=').next().unwrap_or("");
            let number = long
                .split_once('=')
                .is_none_or(|(_, n)| n.chars().all(|c| c.is_ascii_digit()));
            return LONG.contains(&format!("--{name}").as_str()) && number && !name.is_empty();
        }
        // GNU make also takes a first word of letters without a dash (`MAKEFLAGS=ks`).
        let letters = w.strip_prefix('-').unwrap_or(w);
        !letters.is_empty()
            && !letters.starts_with(|c: char| c.is_ascii_digit())
            && letters
                .chars()
                .all(|c| matches!(c, 'j' | 'k' | 's' | 'w' | 'S') || c.is_ascii_digit())
    })
}

/// `GOFLAGS` of build settings that load nothing and write nothing more (`go help build`):
/// not `-mod=mod` (which lets `go list` rewrite go.mod), `-toolexec`, `-exec`, `-overlay`,
/// `-modfile`, `-pgo`.
fn harmless_go_flags(value: &str) -> bool {
    value.split_whitespace().all(|w| {
        let (flag, v) = w.split_once('=').unwrap_or((w, ""));
        let flag = flag.strip_prefix("--").unwrap_or(flag);
        match flag {
            "-mod" => matches!(v, "readonly" | "vendor"),
            "-trimpath" | "-v" | "-race" | "-modcacherw" => v.is_empty() || v == "true",
            "-buildvcs" => matches!(v, "true" | "false" | "auto"),
            "-tags" => {
                !v.is_empty()
                    && v.chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, ',' | '_' | '.'))
            }
            "-p" | "-count" => !v.is_empty() && v.chars().all(|c| c.is_ascii_digit()),
            _ => false,
        }
    })
}

/// rustc's lint levels, `--cfg` and codegen settings that name no file or program (rustc's
/// book, "Codegen options"): not `-C linker`, `-C link-arg`, `-L`, `--emit`, `-C incremental`,
/// `-Z`.
fn harmless_rust_flags(value: &str) -> bool {
    const CODEGEN: &[&str] = &[
        "opt-level",
        "debuginfo",
        "codegen-units",
        "target-cpu",
        "target-feature",
        "overflow-checks",
        "debug-assertions",
        "force-frame-pointers",
        "panic",
        "strip",
        "lto",
        "embed-bitcode",
        "relocation-model",
    ];
    let plain = |v: &str| {
        !v.is_empty()
            && v.chars().all(|c| {
                c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | ':' | '+' | ',' | '.' | '=')
            })
    };
    let codegen = |v: &str| {
        let key = v.split('=').next().unwrap_or("");
        CODEGEN.contains(&key) && plain(v)
    };
    let words: Vec<&str> = value.split_whitespace().collect();
    let mut i = 0;
    while let Some(w) = words.get(i) {
        i += 1;
        let (option, joined) = match *w {
            "-D" | "-W" | "-A" | "-F" | "--deny" | "--warn" | "--allow" | "--forbid"
            | "--cap-lints" | "--cfg" | "-C" | "--codegen" => (*w, None),
            w if w.len() > 2 && matches!(&w[..2], "-D" | "-W" | "-A" | "-F" | "-C") => {
                (&w[..2], Some(&w[2..]))
            }
            w => match w.split_once('=') {
                Some((
                    o @ ("--deny" | "--warn" | "--allow" | "--forbid" | "--cap-lints" | "--cfg"
                    | "--codegen"),
                    v,
                )) => (o, Some(v)),
                _ => return false,
            },
        };
        let v = match joined {
            Some(v) => v,
            None => {
                i += 1;
                match words.get(i - 1) {
                    Some(v) => v,
                    None => return false,
                }
            }
        };
        let ok = match option {
            "-C" | "--codegen" => codegen(v),
            "--cfg" => {
                plain(v.trim_matches('"'))
                    || v.chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '=' | '"'))
            }
            _ => plain(v),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// Names whose effect, with the context read, is judged for each program that runs
/// ([`super::context`]): where git finds its repository and configuration, Python its modules,
/// bash its startup file, node, less, rg and tar their options, rustup its toolchain, a Java VM
/// its options.
pub fn judged_in_context(name: &str) -> bool {
    const JUDGED: &[&str] = &[
        "GIT_DIR",
        "GIT_WORK_TREE",
        "GIT_CONFIG_GLOBAL",
        "GIT_CONFIG_SYSTEM",
        "GIT_CONFIG_COUNT",
        "GIT_CONFIG_PARAMETERS",
        "GIT_CEILING_DIRECTORIES",
        "GIT_ATTR_SOURCE",
        "GIT_ATTR_NOSYSTEM",
        "GIT_EXTERNAL_DIFF",
        "PYTHONPATH",
        "PYTHONSTARTUP",
        "PYTHONUSERBASE",
        "PYTHONWARNINGS",
        "PYTHONHOME",
        "PYTHONINSPECT",
        "PYTHONPYCACHEPREFIX",
        "BASH_ENV",
        "ENV",
        // Each configuration reader looks under `Env::xdg_configs`, as under ~/.config.
        "XDG_CONFIG_HOME",
        "GOENV",
        "NODE_OPTIONS",
        "LESSOPEN",
        "LESSCLOSE",
        "RIPGREP_CONFIG_PATH",
        "TAR_OPTIONS",
        "RUSTUP_TOOLCHAIN",
        "CARGO_HOME",
        "RUSTUP_HOME",
        "PERL5OPT",
        "PERL5LIB",
        "PERLLIB",
        "RUBYOPT",
        "RUBYLIB",
        "MANOPT",
        "MANROFFOPT",
        // The Java VM's, read only by a VM (`context::tools::runtimes`).
        "JAVA_TOOL_OPTIONS",
        "_JAVA_OPTIONS",
        "JDK_JAVA_OPTIONS",
    ];
    JUDGED.contains(&name)
        || name.starts_with("GIT_CONFIG_KEY_")
        || name.starts_with("GIT_CONFIG_VALUE_")
        // npm's and pnpm's settings, read with their configuration files (`npm_config_logs_max`).
        || name.to_ascii_lowercase().starts_with("npm_config_")
}

/// Pagers may be set, but only to a program that just prints.
const HARMLESS_PAGERS: &[&str] = &["", "cat", "less", "more", "less -R", "less -FRX"];

/// Parts of a name that mark it as configuration of some program or of the shell.
#[rustfmt::skip]
const CONFIG_PARTS: &[&str] = &[
    "OPT", "FLAG", "CONF", "CFG", "PATH", "HOME", "DIR", "LIB", "PRELOAD", "AUDIT", "CMD", "COMMAND", "PROG", "EXEC",
    "SHELL", "EDITOR", "PAGER", "VISUAL", "BROWSER", "PROXY", "HOOK", "PLUGIN", "INIT", "ENV", "ASKPASS", "SSH",
    "TRACE", "DEBUG", "LOG", "FILE", "OUT", "CACHE", "TMP", "TEMP", "SOCK", "HOST", "URL", "REGISTRY", "RC",
    "DIFF", "TOOL", "WRAPPER", "LOAD", "MODULE", "ARGS", "PROFILE", "PROMPT", "STARTUP", "INCLUDE", "SCRIPT",
    "RUNNER", "FUNC", "GLOB",
];

/// Prefixes that belong to programs read from the environment.
#[rustfmt::skip]
const CONFIG_PREFIXES: &[&str] = &[
    "GIT", "LD_", "DYLD_", "BASH", "PS", "IFS", "PYTHON", "PERL", "RUBY", "NODE", "NPM", "YARN", "PNPM", "CARGO",
    "RUST", "GO", "KUBE", "DOCKER", "HELM", "TF_", "AWS", "CLOUDSDK", "AZURE", "LESS", "MAN", "GREP", "RIPGREP",
    "TAR", "GZIP", "BZIP", "XZ", "ZSTD", "LZ", "JQ", "FZF", "BAT", "EXA", "EZA", "POSIXLY", "MALLOC", "GLIBC", "GCONV",
    "LOCPATH", "NLSPATH", "TERMINFO", "TERMCAP", "HIST", "SUDO", "MAKE", "CC", "CXX", "CPP", "AR", "JAVA", "MAVEN",
    "GRADLE", "ANDROID", "COMPOSER", "GEM", "BUNDLE", "PIP", "UV_", "POETRY", "CONDA", "VIRTUAL", "CDPATH", "ENV",
    "SHELLOPTS", "PROMPT", "OLDPWD", "PWD", "HOME", "MAIL", "XDG_", "SSL", "CURL", "WGET",
    "OPENSSL", "GNUPG", "GPG", "AWK", "SED", "FIND", "TIME", "TZDIR", "LC_", "SYSTEMD", "DBUS", "DISPLAY",
    "WAYLAND", "EDITOR", "VISUAL", "PAGER", "BROWSER", "COLUMNS", "INPUTRC", "FIGNORE", "EXECIGNORE", "FUNCNEST",
    "OPTERR", "OPTIND", "TMOUT", "READLINE", "SECONDS", "RANDOM", "SRANDOM", "HOSTNAME", "CLASSPATH", "LUA",
    "PHP", "R_", "JULIA", "DENO", "BUN", "OLLAMA", "OPENAI", "ANTHROPIC",
    // Programs that read variables of their own as options, paths or programs (tar's TAPE,
    // unzip's UNZIP, more's MORE, groff's GROFF_COMMAND_PREFIX, version managers' shims).
    "TAPE", "UNZIP", "ZIP", "MORE", "SQLITE", "GROFF", "GHC", "GDB", "COREPACK", "VOLTA", "NVM", "ASDF", "MISE",
    "PYENV", "RBENV", "NODENV", "GOENV", "JENV", "SDKMAN", "DOTNET", "NUGET", "MSBUILD", "DELTA", "YQ", "GH_", "GLAB", "HTML_TIDY",
    "HG", "SVN", "JDK", "PKG_CONFIG", "CMAKE", "MESON", "NINJA", "CTAGS", "ETAGS", "VIM", "NVIM", "EMACS", "INFO",
    "TEX", "ZSH", "FISH", "KSH", "TCL", "OCAML", "OPAM", "CABAL", "STACK", "ERL", "ELIXIR", "MIX_", "SBT", "BAZEL",
    "MAGIC", "TREE", "PODMAN", "CONTAINERS", "BUILDKIT", "ANSIBLE", "GCLOUD", "GOOGLE",
];

/// Names matched whole, not as prefixes: `USER` and `LOGNAME` are read as the user's name
/// (`USER_NAME` is not theirs).
const CONFIG_NAMES: &[&str] = &["USER", "LOGNAME"];

/// A variable's name looks like the configuration of some program or of the shell (the broad
/// pattern of [`CONFIG_PARTS`] and [`CONFIG_PREFIXES`]), or is one that hijacks later commands.
fn looks_like_configuration(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    if LOWER_CONFIG_PREFIXES.iter().any(|p| lower.starts_with(p)) {
        return true;
    }
    if name.chars().any(|c| c.is_ascii_lowercase()) {
        return false;
    }
    CONFIG_PARTS.iter().any(|p| name.contains(p))
        || CONFIG_PREFIXES.iter().any(|p| name.starts_with(p))
        || CONFIG_NAMES.contains(&name)
        || HIJACK_VARIABLES.contains(&name)
}

/// Lower-case names that programs read anyway.
const LOWER_CONFIG_PREFIXES: &[&str] = &[
    "http_proxy",
    "https_proxy",
    "ftp_proxy",
    "all_proxy",
    "no_proxy",
    "rsync_proxy",
    "npm_config_",
    "npm_package_",
    "yarn_",
    "pnpm_",
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

/// `PATH` set to the system's own directories only (`env -i PATH=/usr/bin:/bin ls`): the programs
/// found are the system's, as with the default `PATH`; no directory a repository or download
/// can fill is searched.
fn system_path(name: &str, value: Option<&str>) -> bool {
    name == "PATH"
        && value.is_some_and(|v| {
            v.split(':')
                .all(|dir| SYSTEM_BIN_DIRS.contains(&dir.strip_suffix('/').unwrap_or(dir)))
        })
}

/// Why `NAME=value` placed before a command is not harmless, when it is not.
pub fn prefix_risk(name: &str, value: Option<&str>) -> Option<String> {
    if HARMLESS_ANY_VALUE.iter().any(|(n, _)| *n == name)
        || system_path(name, value)
        || value.is_some_and(|v| harmless_value(name, v))
    {
        return None;
    }
    if name == "LESS" && value.is_some_and(harmless_less_options) {
        return None;
    }
    // git's traces: to stderr (1, 2, true) or off; an absolute path is a file written, a socket
    // (`af_unix:`) a connection, 3-9 a descriptor. Any other value git ignores with a warning
    // (trace.c, trace2/tr2_dst.c: only an absolute path is opened), a relative path included.
    let trace = name.starts_with("GIT_TRACE");
    let ignored = |v: &str| {
        let lower = v.trim().to_ascii_lowercase();
        let descriptor = v.len() == 1 && v.as_bytes()[0].is_ascii_digit();
        // `~/t` and `a:~/t` are expanded by bash in an assignment: an absolute path.
        let opened = v.trim_start().starts_with('/')
            || v.contains('~')
            || lower.starts_with("af_unix:")
            || (descriptor && !matches!(v, "0" | "1" | "2"));
        !opened
    };
    if trace
        && value.is_some_and(|v| matches!(v, "" | "0" | "1" | "2" | "true" | "false") || ignored(v))
    {
        return None;
    }
    let pager = name.ends_with("PAGER");
    let known = HARMLESS.contains(&name) || name.starts_with("LC_");
    let plain_value =
        value.is_some_and(|v| !v.contains('/') && (!pager || HARMLESS_PAGERS.contains(&v)));
    if known && plain_value {
        return None;
    }
    // Any program's pager variable (`BAT_PAGER`, `DELTA_PAGER`, `PSQL_PAGER`) set to a pager
    // that only prints: whatever reads it pages through that.
    if pager && value.is_some_and(|v| HARMLESS_PAGERS.contains(&v)) {
        return None;
    }
    // `USER_NAME=dana envsubst < tpl`: a name that no program or shell reads as configuration
    // (issue 44). The program is judged as it is without it: one whose effects are known reads
    // the variable, at most, as data (envsubst, awk's ENVIRON, `$X` in `-c` code); an unknown
    // one stays unknown. (make, which imports every variable as a macro, is never read-only.)
    if !known && !pager && !looks_like_configuration(name) {
        return None;
    }
    Some(format!(
        "{name}= before a command can configure what the command does"
    ))
}

/// Whether `NAME=value` only changes formatting (`LC_ALL=C`, `GIT_PAGER=cat`).
pub fn harmless(name: &str, value: Option<&str>) -> bool {
    prefix_risk(name, value).is_none()
}

/// Why assigning or exporting the shell variable `name` is not harmless, when it is not.
pub fn shell_risk(name: &str, value: Option<&str>) -> Option<String> {
    if HARMLESS_ANY_VALUE.iter().any(|(n, _)| *n == name)
        || system_path(name, value)
        || value.is_some_and(|v| harmless_value(name, v))
    {
        return None;
    }
    if HARMLESS.contains(&name) || name.starts_with("LC_") {
        return prefix_risk(name, value)
            .map(|_| format!("setting {name} can change what later commands do"));
    }
    let lower = name.to_ascii_lowercase();
    if LOWER_CONFIG_PREFIXES.iter().any(|p| lower.starts_with(p)) {
        return Some(format!(
            "setting {name} changes how later commands reach the network"
        ));
    }
    looks_like_configuration(name).then(|| {
        format!("setting {name} can change which programs later commands run or what they load")
    })
}

/// Variables bash itself reads or sets whether or not they are exported (bash(1), "Shell
/// Variables"; `POSIXLY_CORRECT` turns on POSIX mode, `TMPDIR` is where here-documents go).
#[rustfmt::skip]
const BASH_VARIABLES: &[&str] = &[
    "CDPATH", "CHILD_MAX", "COLUMNS", "COPROC", "EMACS", "ENV", "EPOCHREALTIME", "EPOCHSECONDS", "EUID",
    "EXECIGNORE", "FCEDIT", "FIGNORE", "FUNCNAME", "FUNCNEST", "GLOBIGNORE", "GLOBSORT", "GROUPS", "HOME",
    "HOSTFILE", "HOSTNAME", "HOSTTYPE", "IFS", "IGNOREEOF", "INPUTRC", "INSIDE_EMACS", "LANG", "LINENO", "LINES",
    "MACHTYPE", "OLDPWD", "OPTARG", "OPTERR", "OPTIND", "OSTYPE", "PATH", "PIPESTATUS", "POSIXLY_CORRECT", "PPID",
    "PROMPT_COMMAND", "PROMPT_DIRTRIM", "PS0", "PS1", "PS2", "PS3", "PS4", "PWD", "RANDOM", "REPLY", "SECONDS",
    "SHELL", "SHELLOPTS", "SHLVL", "SRANDOM", "TIMEFORMAT", "TMOUT", "TMPDIR", "UID", "TERM",
];

/// Whether a shell variable named `name` is read as configuration only by the programs it is
/// exported to: not one of bash's own ([`BASH_VARIABLES`], `BASH*`, `COMP*`, `HIST*`, `MAIL*`,
/// `READLINE*`, `LC_*`), nor one that hijacks, formats or reaches the network. Assigned and
/// never exported, it only changes the shell's own expansions, which the walk follows.
pub fn read_only_unexported(name: &str) -> bool {
    const BASH_PREFIXES: &[&str] = &["BASH", "COMP", "HIST", "MAIL", "READLINE", "LC_"];
    let lower = name.to_ascii_lowercase();
    !name.is_empty()
        && hijack_reason(name).is_none()
        && !HARMLESS.contains(&name)
        && !HARMLESS_ANY_VALUE.iter().any(|(n, _)| *n == name)
        && !LOWER_CONFIG_PREFIXES.iter().any(|p| lower.starts_with(p))
        && !BASH_VARIABLES.contains(&name)
        && !BASH_PREFIXES.iter().any(|p| name.starts_with(p))
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_configuration_from_plain_variables() {
        for name in [
            "TAR_OPTIONS",
            "RIPGREP_CONFIG_PATH",
            "GIT_CONFIG_COUNT",
            "GIT_CONFIG_KEY_0",
            "GIT_TRACE",
            "PERLLIB",
            "GCONV_PATH",
            "GOFLAGS",
            "KUBECTL_EXTERNAL_DIFF",
            "PATH",
            "PROMPT_COMMAND",
            "BASH_ENV",
            "LD_PRELOAD",
            "IFS",
            "http_proxy",
            "HTTPS_PROXY",
            "npm_config_script_shell",
            "POSIXLY_CORRECT",
            "HOME",
            "LESSOPEN",
            "EDITOR",
        ] {
            assert!(shell_risk(name, Some("x")).is_some(), "{name}");
            // git ignores a trace target that is not an absolute path.
            let value = if name.starts_with("GIT_TRACE") {
                "/x"
            } else {
                "x"
            };
            assert!(prefix_risk(name, Some(value)).is_some(), "{name}");
        }
        assert_eq!(prefix_risk("GIT_TRACE", Some("trace.txt")), None);
        // Names no program or shell reads as configuration: harmless before a command too
        // (issue 44: `USER_NAME=dana envsubst < tpl`).
        for name in [
            "dir",
            "f",
            "count",
            "FOO",
            "N",
            "BRANCH",
            "NAME",
            "myVar",
            "USER_NAME",
        ] {
            assert_eq!(shell_risk(name, Some("x")), None, "{name}");
            assert_eq!(prefix_risk(name, Some("x")), None, "{name}");
        }
        for name in [
            "USER",
            "LOGNAME",
            "TAPE",
            "UNZIP",
            "GROFF_COMMAND_PREFIX",
            "SQLITE_HISTORY",
            "PYENV_VERSION",
            "COREPACK_DEFAULT_TO_LATEST",
            "no_proxy",
            "npm_config_foo",
        ] {
            assert!(prefix_risk(name, Some("x")).is_some(), "{name}");
        }
        for (name, value) in [
            ("LC_ALL", "C"),
            ("LANG", "C.UTF-8"),
            ("TZ", "UTC"),
            ("GIT_PAGER", "cat"),
            ("NO_COLOR", "1"),
        ] {
            assert_eq!(prefix_risk(name, Some(value)), None, "{name}");
            assert_eq!(shell_risk(name, Some(value)), None, "{name}");
        }
        assert!(prefix_risk("PAGER", Some("sh -c id")).is_some());
        // PS4 is expanded before each trace line: harmless only without anything to expand.
        assert!(shell_risk("PS4", Some("$(id)")).is_some());
        assert!(shell_risk("PS4", Some("\\u")).is_some());
        assert_eq!(shell_risk("PS4", Some("+ ")), None);
        assert!(prefix_risk("LANG", None).is_some());
    }
}
