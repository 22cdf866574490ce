//! The verdict model: how worrying a command is ([`Level`]), one thing found that makes it so
//! ([`Finding`]), the verdict on one program invocation before the code it runs in turn
//! ([`Verdict`], [`Nested`]), and the verdict on a whole command ([`Classification`]). Every
//! other file of the classifier builds on these; none of them is imported here.

use super::words::Word;

/// How much a command can do, from least to most worrying; the worst part decides the whole.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    ReadOnly,
    Write,
    /// Could not be proven safe: unknown programs, run-time command names, unparsable input.
    Unknown,
    Dangerous,
}

impl Level {
    /// The name used in the JavaScript contract.
    pub fn as_str(self) -> &'static str {
        match self {
            Level::ReadOnly => "read-only",
            Level::Write => "write",
            Level::Unknown => "unknown",
            Level::Dangerous => "dangerous",
        }
    }
}

/// The verdict on a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Classification {
    pub level: Level,
    /// Every command name that would run, substitutions and nested code included, in order of
    /// appearance, without repeats.
    pub commands: Vec<String>,
    /// Why, worst first, in words an agent can show a user.
    pub reasons: Vec<String>,
    /// Whether the directory and environment the command runs in were read.
    pub context: ContextUse,
}

/// Whether a classification read the command's context ([`super::context`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContextUse {
    /// None was given: the verdict assumes that no configuration in the directory, HOME or
    /// environment makes a program run code.
    Assumed,
    /// The directory and environment were read.
    Read,
}

impl ContextUse {
    /// The name used in the JavaScript contract.
    pub fn as_str(self) -> &'static str {
        match self {
            ContextUse::Assumed => "none",
            ContextUse::Read => "read",
        }
    }
}

/// One thing found that makes a command more than read-only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    pub level: Level,
    pub reason: String,
    /// The context can settle it: with the context read, it holds only if the context says so.
    pub settle: Option<Settle>,
}

/// What a finding assumed that the context can settle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settle {
    /// `cargo tree`/`metadata` may write Cargo.lock: not when it is current and nothing is
    /// fetched ([`super::context`] reads it).
    CargoLockfile,
    /// `go list -m`, `go doc`, `go mod graph` fetch the modules go.mod requires: not in a module
    /// that requires none ([`super::context`] reads go.mod); `go doc` also runs `go list` (the
    /// build cache) unless its package is a path or in the standard library (it reads GOROOT).
    GoModule,
    /// `go list -m` alone names the main module: not in a module whose go.mod names no
    /// toolchain to switch to (its requirements are not loaded).
    GoMainModule,
    /// An interpreter's inline program that only prints (`python3 -c`, `node -e`): what the
    /// interpreter loads as it starts (modules shadowed in the working directory, `.pth` files,
    /// `NODE_OPTIONS`) is the context's to check, so it is read-only only when the context was read.
    InlineCode,
    /// A reading mode of a program whose configuration or caches can make it run code or write
    /// (hg's hooks and tags cache, svn's `diff-cmd` and configuration directory, `~/.gnuplot`,
    /// rsync's popt aliases, the justfile's backticks): the context reads them and says what
    /// applies, so with the context read this finding is dropped.
    Configuration,
    /// `git gc --auto` packs the repository: not when its loose objects and packs are below
    /// the thresholds ([`super::context`] counts them).
    GcAuto,
    /// `git ls-remote NAME` reaches the remote's URL: not when the repository's configuration
    /// gives it a path on this machine ([`super::context`] reads it).
    LocalRemote,
    /// A Java VM's performance data file: not when the options the context's environment
    /// hands the VM turn it off (`-XX:-UsePerfData` in `JAVA_TOOL_OPTIONS`, …).
    PerfData,
    /// What only a program reading a terminal does (PYTHONINSPECT's prompt after the program,
    /// and its history): the walk drops it when stdin is empty (`< /dev/null`), no terminal.
    EmptyInput,
    /// `sort -S SIZE` spills to temporary files when its input does not fit: not when the input
    /// is named files whose size and lines fit with room to spare ([`super::context`] stats
    /// and counts them).
    SortBuffer,
    /// A cache a program writes unless a variable of its own turns it off (`RUFF_NO_CACHE`,
    /// `MYPY_CACHE_DIR=/dev/null`): the context's environment says.
    CacheOff,
}

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
        /// What `env` changes in the command's environment first, in order.
        env: Vec<EnvChange>,
    },
    /// Shell code in a word: `bash -c`, `eval`, `trap`, `ssh host …`.
    Script(Word),
    /// A script in a file, run by a shell (`bash scripts/build.sh`) or an interpreter
    /// (`python3 tool.py`): with the context read, its text is classified as the inline form
    /// would be (`bash -c TEXT`, `python3 -c TEXT`), assuming the file is not changed between the
    /// verdict and the run; otherwise, or when it cannot be read, it cannot be checked.
    ScriptFile(Word),
    /// A shell reading its commands from stdin.
    StdinScript,
    /// An interpreter (python, node, …) reading its program from stdin.
    StdinCode,
    /// `ed` reading its commands from stdin: it writes or runs something only through them.
    StdinEd,
}

/// A change `env` makes to the environment of the command it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EnvChange {
    /// `-i`: nothing of the environment is passed on.
    Clear,
    /// `-u NAME`.
    Unset(String),
    /// `NAME=value`, the value when it is known before the command runs.
    Set(String, Option<String>),
    /// `NAME="$NAME"`: the value the variable already has.
    Same(String),
    /// `-C DIR`: the command runs in DIR (`None`: only known at run time).
    Chdir(Option<String>),
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
                env: Vec::new(),
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
            settle: None,
        });
    }

    /// A finding the context can settle (see [`Settle`]).
    pub fn push_unless(&mut self, level: Level, reason: impl Into<String>, settle: Settle) {
        self.findings.push(Finding {
            level,
            reason: reason.into(),
            settle: Some(settle),
        });
    }
}
