//! The framing protocol between a session and its shell process, as text and bytes.
//!
//! The shell reads its script from a regular file that the session appends to. Each run appends
//! a *preamble* (restores `$?` and `$_`, points stdout/stderr at the run's FIFO, moves to `cwd`,
//! exports `env`), the user's text verbatim, and a *postamble* that reports the status on fd
//! [`STATUS_FD`] and blocks reading fd [`CTL_FD`] until the next run is appended. The user's text
//! is parsed by the shell itself at top level, exactly as a script line would be: no `eval`, no
//! function, so `set -x`, `FUNCNAME`, aliases and here-docs behave as in a script. Framing
//! commands are `\builtin`-qualified (immune to aliases and functions named like builtins) and,
//! when xtrace or a DEBUG trap is active, run with their output sent to /dev/null.

/// The descriptor the shell blocks on between runs; one newline written to it starts the next run.
pub const CTL_FD: i32 = 250;
/// The descriptor the shell reports each run's status on.
pub const STATUS_FD: i32 = 251;
/// bash sizes its script buffer from the file size at open (capped at 8 KiB); a bootstrap at
/// least this long makes every later read of appended text a full 8 KiB read instead of a tiny one.
const BOOTSTRAP_MIN_BYTES: usize = 8200;

/// The wait at the end of every script chunk: block until the session wakes us.
const WAIT: &str = "\\builtin read -r -u 250 __agsh_w";

/// Quotes `s` for the shell: one single-quoted word.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('\'');
    for c in s.chars() {
        if c == '\'' {
            out.push_str("'\\''");
        } else {
            out.push(c);
        }
    }
    out.push('\'');
    out
}

/// The script the shell starts with: its name, the snapshot, then the first wait.
pub fn bootstrap(snapshot: Option<&str>) -> String {
    let mut s = String::from("BASH_ARGV0=bash\n");
    if let Some(path) = snapshot {
        s.push_str(&format!(
            "{{ \\builtin source -- {}; }} </dev/null >/dev/null 2>&1\n",
            quote(path)
        ));
    }
    s.push('#');
    while s.len() < BOOTSTRAP_MIN_BYTES {
        s.push_str(" padding");
    }
    s.push('\n');
    s.push_str(&format!("{{ {WAIT}; }} >/dev/null 2>&1\n"));
    s
}

/// What the previous postamble reported about the shell, which shapes the next preamble.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ShellState {
    pub last_status: i32,
    /// `$_` after the previous run, restored so the next run reads it as in a script.
    pub last_arg: String,
    /// `$-` after the previous run.
    pub flags: String,
    /// `trap -p DEBUG EXIT` after the previous run.
    pub traps: String,
}

impl ShellState {
    /// Framing must be silenced when it would otherwise be traced or seen by a DEBUG trap.
    fn needs_silence(&self) -> bool {
        self.flags.contains('x') || self.flags.contains('v') || self.traps.contains("DEBUG")
    }
}

/// Everything one run's script needs.
#[derive(Debug, Clone, Default)]
pub struct RunScript<'a> {
    pub command: &'a str,
    /// A new FIFO for this run's output, or `None` to keep writing to the previous one.
    pub fifo: Option<&'a str>,
    pub cwd: Option<&'a str>,
    /// Exported for this run; their previous values are reported first (see [`Record::Saved`]).
    pub env: &'a [(String, String)],
    /// Text that undoes the previous run's `env` (from [`restore_env`]).
    pub restore: &'a str,
}

/// The preamble, the user's text, and the postamble of one run.
pub fn run_script(state: &ShellState, run: &RunScript) -> String {
    let mut s = String::with_capacity(run.command.len() + 512);
    let silence = state.needs_silence();
    // Setup whose commands could be traced: unset the wait variable, undo the last run's env,
    // move, save and export this run's env.
    let mut setup = String::from("\\builtin unset __agsh_w");
    if !run.restore.is_empty() {
        setup.push_str("; ");
        setup.push_str(run.restore);
    }
    if let Some(cwd) = run.cwd {
        setup.push_str("; \\builtin cd -- ");
        setup.push_str(&quote(cwd));
    }
    if !run.env.is_empty() {
        for (key, _) in run.env {
            setup.push_str(&format!("; \\builtin declare -p {key} >&{STATUS_FD} 2>/dev/null; \\builtin printf '\\0' >&{STATUS_FD}"));
        }
        setup.push_str("; \\builtin export");
        for (key, value) in run.env {
            setup.push_str(&format!(" {key}={}", quote(value)));
        }
    }
    if silence || run.cwd.is_some() {
        s.push_str(&format!("{{ {setup}; }} >/dev/null 2>&1\n"));
    } else {
        s.push_str(&setup);
        s.push('\n');
    }
    if let Some(fifo) = run.fifo {
        // Outside any group, whose redirections would be undone when it ends, and not through
        // `builtin`, whose redirections are its own: only a bare `exec` makes them permanent.
        s.push_str(&format!("\\exec >|{} 2>&1\n", quote(fifo)));
    }
    // The last command before the user's text leaves `$?` and `$_` as the previous run did.
    // `&& :` keeps a failing restore from tripping `set -e`; the `:` never runs.
    let arg = quote(&state.last_arg);
    let restore = match state.last_status {
        0 => format!("\\builtin : {arg}"),
        1 => format!("\\builtin false {arg} && :"),
        n => format!("__agsh_r() {{ \\builtin unset -f __agsh_r; \\builtin return {n}; }}; __agsh_r {arg} && :"),
    };
    if silence {
        s.push_str(&format!("{{ {restore}; }} >/dev/null 2>&1\n"));
    } else {
        s.push_str(&restore);
        s.push('\n');
    }
    s.push_str(run.command);
    s.push_str(&postamble());
    s
}

/// Reports status, `$_`, directory, flags and traps, then waits. The two leading newlines end
/// the user's last line even when it ends in a backslash continuation.
pub fn postamble() -> String {
    format!(
        "\n\n{{ \\builtin printf 'S\\0%s\\0%s\\0%s\\0%s\\0' \"$?\" \"$_\" \"$PWD\" \"$-\" >&{STATUS_FD}; \
         \\builtin trap -p DEBUG EXIT >&{STATUS_FD}; \\builtin printf '\\0' >&{STATUS_FD}; {WAIT}; }} >/dev/null 2>&1\n"
    )
}

/// A chunk that runs the EXIT trap a run left set, then clears it, as bash would at the end of a
/// script. Its status report replaces nothing but `$_`/flags (the run's status stays).
pub fn exit_trap_script(state: &ShellState, trap_command: &str) -> String {
    let run = RunScript {
        command: trap_command,
        ..Default::default()
    };
    let mut s = String::from("{ \\builtin trap - EXIT; } >/dev/null 2>&1\n");
    s.push_str(&run_script(state, &run));
    s
}

/// Extracts the command of `trap -- '<cmd>' EXIT` from `trap -p` output, if an EXIT trap is set.
pub fn exit_trap_command(traps: &str) -> Option<String> {
    let line = traps.lines().rev().find(|l| l.ends_with(" EXIT"))?;
    let quoted = line.strip_prefix("trap -- ")?.strip_suffix(" EXIT")?;
    unquote(quoted)
}

/// Reverses bash's single-quote quoting (`'a'\''b'`).
fn unquote(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\'' => loop {
                match chars.next()? {
                    '\'' => break,
                    c => out.push(c),
                }
            },
            '\\' => out.push(chars.next()?),
            c => out.push(c),
        }
    }
    Some(out)
}

/// Text that undoes a run's `env`: each key gets back its `declare -p` line, or is unset.
pub fn restore_env(saved: &[(String, Option<String>)]) -> String {
    saved
        .iter()
        .map(|(key, line)| match line {
            // `declare -p` prints `declare -x K="v"`; at top level that re-creates it as it was.
            Some(line) => format!("\\builtin unset {key}; \\builtin {}", line.trim_end()),
            None => format!("\\builtin unset {key}"),
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// One message from the shell on the status descriptor.
#[derive(Debug, Clone, PartialEq)]
pub enum Record {
    /// `declare -p` of one key before a run's `env` replaced it (`None`: it was unset).
    Saved(Option<String>),
    /// The end of a chunk: the new shell state and the directory.
    Status { state: ShellState, pwd: String },
}

/// Splits the status stream into records; partial input stays buffered.
#[derive(Debug, Default)]
pub struct RecordParser {
    buf: Vec<u8>,
}

impl RecordParser {
    pub fn push(&mut self, data: &[u8]) {
        self.buf.extend_from_slice(data);
    }

    /// The next complete record, if the buffer holds one.
    pub fn next_record(&mut self) -> Option<Record> {
        let fields_needed = if self.buf.first() == Some(&b'S') {
            6
        } else {
            1
        };
        let mut ends = Vec::with_capacity(fields_needed);
        for (i, b) in self.buf.iter().enumerate() {
            if *b == 0 {
                ends.push(i);
                if ends.len() == fields_needed {
                    break;
                }
            }
        }
        if ends.len() < fields_needed {
            return None;
        }
        let field = |k: usize| {
            let start = if k == 0 { 0 } else { ends[k - 1] + 1 };
            String::from_utf8_lossy(&self.buf[start..ends[k]]).into_owned()
        };
        let record = if fields_needed == 6 {
            Record::Status {
                state: ShellState {
                    last_status: field(1).parse().unwrap_or(0),
                    last_arg: field(2),
                    flags: field(4),
                    traps: field(5),
                },
                pwd: field(3),
            }
        } else {
            let text = field(0);
            Record::Saved((!text.is_empty()).then_some(text))
        };
        self.buf.drain(..=ends[fields_needed - 1]);
        Some(record)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn quotes_single_quotes() {
        assert_eq!(quote("it's"), "'it'\\''s'");
        assert_eq!(unquote(&quote("a'b\\c 'd'")).unwrap(), "a'b\\c 'd'");
    }

    #[test]
    fn reads_exit_trap() {
        let traps = "trap -- 'echo dbg' DEBUG\ntrap -- 'echo '\\''bye'\\''' EXIT\n";
        assert_eq!(exit_trap_command(traps).as_deref(), Some("echo 'bye'"));
        assert_eq!(exit_trap_command("trap -- 'x' DEBUG\n"), None);
    }

    #[test]
    fn parses_records_across_pushes() {
        let mut p = RecordParser::default();
        p.push(b"declare -x A=\"1\"\0\0S\x002\0arg\0/tmp");
        assert_eq!(
            p.next_record(),
            Some(Record::Saved(Some("declare -x A=\"1\"".into())))
        );
        assert_eq!(p.next_record(), Some(Record::Saved(None)));
        assert_eq!(p.next_record(), None);
        p.push(b"\0hB\0\0");
        let rec = p.next_record().unwrap();
        assert_eq!(
            rec,
            Record::Status {
                state: ShellState {
                    last_status: 2,
                    last_arg: "arg".into(),
                    flags: "hB".into(),
                    traps: String::new()
                },
                pwd: "/tmp".into()
            }
        );
    }

    #[test]
    fn restore_uses_declare_lines_or_unset() {
        let saved = vec![
            ("A".to_string(), Some("declare -x A=\"1\"\n".to_string())),
            ("B".to_string(), None),
        ];
        assert_eq!(
            restore_env(&saved),
            "\\builtin unset A; \\builtin declare -x A=\"1\"; \\builtin unset B"
        );
    }
}
