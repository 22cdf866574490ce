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

/// How a run's lines are numbered from 1, as under `bash -c`. Assigning `LINENO` in a command of its
/// own changes nothing: every simple command, loop, `[[`, `((`, `eval`, `source` and trap handler
/// puts back the line number it found when it ends. An assignment made while bash expands the
/// redirection word of a group command happens before the group's body runs and outside any such
/// save, so the body's commands put back the new value and the next line bash reads counts on
/// from it. So the group that ends every chunk (the bootstrap's wait, the postamble) sets the count
/// to -1 in its redirection's word (`>&$((LINENO=-1,251))` reads `>&251`): a run's preamble is
/// always exactly one line, line 0, and the run's text starts at line 1. No output, no trace line,
/// no DEBUG-trap call, `$?` and `$_` untouched; about 15,000 of bash's instructions a run (callgrind),
/// where a group of its own before the run's text cost 22,000 and more.
///
/// A user who unsets `LINENO` ends its special meaning, and an assignment would then create a plain
/// variable: once a run's text (or the snapshot) names `LINENO`, the session's postambles assign only
/// while it is set (`${LINENO+…}`, which costs bash about 15,000 instructions more: the arithmetic
/// text is then expanded before it is evaluated). A file sourced by a run that unsets `LINENO` is
/// not seen: it then reads -1 at the start of each later run (docs/behaviour.md).
const LINE_RESET: &str = "LINENO=-1,";
const LINE_RESET_GUARDED: &str = "${LINENO+LINENO=-1,}";

/// The descriptor the shell blocks on between runs; one newline written to it starts the next run.
pub const CTL_FD: i32 = 250;
/// The descriptor the shell reports each run's status on.
pub const STATUS_FD: i32 = 251;
/// The script's first line where the shell is handed its control and status channels as stdin
/// and stdout (`os::CHANNELS_AT_NUMBERS` false: Windows): moves them to [`CTL_FD`] and
/// [`STATUS_FD`] and points stdin and stdout at /dev/null, as a shell started elsewhere has them.
/// (`\exec`, not `\builtin exec`: bash keeps the redirections of the `exec` command word only.)
pub const CHANNELS_FROM_STDIO: &str = "\\exec 250<&0 251>&1 </dev/null >/dev/null\n";
/// bash sizes its script buffer from the file size at open (capped at 8 KiB); a bootstrap at
/// least this long makes every later read of appended text a full 8 KiB read instead of a tiny one.
const BOOTSTRAP_MIN_BYTES: usize = 8200;

/// The wait at the end of every script chunk: block until the session wakes us. Options in one
/// word: bash's cost per run is mostly per command and per word (parsing, expanding). The line
/// read goes to `$_`, which bash sets anew after every command, and the run's first command
/// sets it as the previous run left it: no variable for `set` to list. A wait that fails (`read`
/// disabled with `enable -n`, a function named `builtin`, a readonly `_`) ends the shell at once:
/// reading on, it would run a next run's script that the session may be writing at that moment,
/// or none. So the newline that starts a run is only ever taken by a wait, and a shell gone with
/// it still queued never read the run's script (see `Session::finish`).
const WAIT: &str = "\\builtin read -ru250 _ || \\builtin exit";

/// Quotes `s` for the shell: one word on one line (a run's preamble must be one line, see
/// [`LINE_RESET`]): single-quoted, or ANSI-C quoted (`$'a\nb'`) when `s` holds a newline.
pub fn quote(s: &str) -> String {
    if s.contains('\n') {
        let mut out = String::with_capacity(s.len() + 4);
        out.push_str("$'");
        for c in s.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\'' => out.push_str("\\'"),
                '\n' => out.push_str("\\n"),
                c => out.push(c),
            }
        }
        out.push('\'');
        return out;
    }
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

/// The script the shell starts with: the move from the directory it was started in (its script's,
/// see `start_shell`) to `cwd`, the snapshot, then the first wait. `oldpwd` is the value the
/// shell was started with, which the move must not change.
pub fn bootstrap(cwd: &str, oldpwd: Option<&str>, snapshot: Option<&str>) -> String {
    let mut s = String::from(FRAME_START);
    s.push_str(&bootstrap_head(cwd, oldpwd, snapshot));
    s.push('#');
    while s.len() < BOOTSTRAP_MIN_BYTES {
        s.push_str(" padding");
    }
    s.push('\n');
    s.push_str(&first_wait());
    s
}

/// A script read from a file has a bottom frame `main` in `FUNCNAME` that `bash -c` has not.
const FRAME_START: &str = "\\builtin unset 'FUNCNAME[0]'\n";

/// The wait for the first run, which restarts the line count (see [`LINE_RESET`]); guarded, since
/// a snapshot may have unset `LINENO`.
fn first_wait() -> String {
    format!("{{ {WAIT}; }} >/dev/null 2>&$(({LINE_RESET_GUARDED}1))\n")
}

/// [`bootstrap`]'s lines before its padding: the move to `cwd`, `OLDPWD`, the snapshot.
fn bootstrap_head(cwd: &str, oldpwd: Option<&str>, snapshot: Option<&str>) -> String {
    let mut s = format!("{{ \\builtin cd -- {}; }} >/dev/null 2>&1\n", quote(cwd));
    match oldpwd {
        Some(dir) => s.push_str(&format!("OLDPWD={}\n", quote(dir))),
        None => s.push_str("\\builtin unset OLDPWD\n"),
    }
    if let Some(path) = snapshot {
        s.push_str(&format!(
            "{{ \\builtin source -- {}; }} </dev/null >/dev/null 2>&1\n",
            quote(path)
        ));
    }
    s
}

/// The script of a shell started ahead of need (`shell::pool`), before anyone knows its
/// directory or snapshot: [`bootstrap`]'s first line, padding and a wait. Its line count does not
/// matter: the wait [`bootstrap_taken`] ends with restarts it.
pub fn bootstrap_pooled() -> String {
    let mut s = String::from(FRAME_START);
    s.push('#');
    while s.len() < BOOTSTRAP_MIN_BYTES {
        s.push_str(" padding");
    }
    s.push('\n');
    s.push_str(&format!("{{ {WAIT}; }} >/dev/null 2>&1\n"));
    s
}

/// The first chunk a pooled shell is woken for when it is taken: [`bootstrap`]'s head and the
/// wait for the first run, on the head's last line, so that the shell ends as [`bootstrap`]'s
/// does. (Not `SECONDS=0`: bash 5.2 then corrupts its heap on a later syntax error in `eval`;
/// `shell::pool` keeps `SECONDS` exact otherwise.)
pub fn bootstrap_taken(cwd: &str, oldpwd: Option<&str>, snapshot: Option<&str>) -> String {
    let mut s = bootstrap_head(cwd, oldpwd, snapshot);
    s.pop();
    s.push_str("; ");
    s.push_str(&first_wait());
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
    /// `trap -p` (every trap set) after the previous run: what matters is DEBUG and EXIT.
    pub traps: String,
}

impl ShellState {
    /// Framing must be silenced when it would otherwise be traced or seen by a DEBUG trap, or by
    /// a RETURN trap (the restore of a status above 1 calls a function, whose return it sees
    /// under `set -T`).
    pub(crate) fn needs_silence(&self) -> bool {
        self.flags.contains('x') || self.flags.contains('v') || self.runs_traps_on_framing()
    }
}

impl ShellState {
    /// Whether a DEBUG or RETURN trap is set: it would run for each command of a chunk the
    /// host sends between two runs (a counter in it would count them).
    pub(crate) fn runs_traps_on_framing(&self) -> bool {
        trap_command(&self.traps, "DEBUG").is_some()
            || trap_command(&self.traps, "RETURN").is_some()
    }

    /// Whether an ERR trap is set: it runs for each command that fails.
    pub(crate) fn has_err_trap(&self) -> bool {
        trap_command(&self.traps, "ERR").is_some()
    }

    /// Whether a trap on a signal runs code: the only way the shell runs anything between two
    /// runs (a `kill -USR1` from outside while it waits for its next chunk), so the only way its
    /// state can change while it is idle. EXIT, DEBUG, RETURN and ERR run within runs; a signal
    /// ignored (`trap '' INT`) runs nothing.
    pub(crate) fn has_signal_trap(&self) -> bool {
        let mut rest = self.traps.as_str();
        while let Some(at) = rest.find("trap -- ") {
            rest = &rest[at + "trap -- ".len()..];
            if let Some(tail) = rest.strip_prefix("- ") {
                rest = tail;
                continue;
            }
            let Some((command, tail)) = quoted_word(rest) else {
                // Not read: taken to run something.
                return true;
            };
            let name_end = tail.find('\n').unwrap_or(tail.len());
            let name = tail[..name_end].trim_start_matches(' ');
            if !command.is_empty() && !matches!(name, "EXIT" | "DEBUG" | "RETURN" | "ERR") {
                return true;
            }
            rest = &tail[name_end..];
        }
        false
    }
}

/// How the shell reads a run's text.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub enum Reading {
    /// At top level, as the lines of a script: every text that parses.
    #[default]
    TopLevel,
    /// As the argument of `eval`: a text that does not parse (a quote or here-document left open,
    /// a stray `)`) would read on past its own end into the framing after it, and a syntax error
    /// ends a non-interactive bash. In `eval`, its end is the string's, and a syntax error ends
    /// the `eval` (status 2, bash's message), not the shell. See `shell::reading`.
    Eval,
}

/// Everything one run's script needs.
#[derive(Debug, Clone, Default)]
pub struct RunScript<'a> {
    pub command: &'a str,
    pub reading: Reading,
    /// A new FIFO for this run's output, or `None` to keep writing to the previous one.
    pub fifo: Option<&'a str>,
    /// With `fifo`: the FIFO stderr goes to, apart from stdout; `None`: stderr goes to `fifo`.
    pub err_fifo: Option<&'a str>,
    pub cwd: Option<&'a str>,
    /// Exported for this run; their previous values are reported first (see [`Record::Saved`]).
    pub env: &'a [(String, String)],
    /// Text that undoes the previous run's `env` (from `restore_env`).
    pub restore: &'a str,
    /// Whether `LINENO` may have been unset in this shell (a run's text or the snapshot named
    /// it): the postamble then resets the line count only while it is set (see [`LINE_RESET`]).
    pub lineno_named: bool,
}

/// One shell's framing: the text it is sent and the parser of what it reports. Every record the
/// shell writes starts with `RECORD_START` and a random marker of this shell, so stray bytes on
/// the status descriptor (a user's DEBUG trap printing before a framing command, an
/// `echo >&251`) are skipped instead of confusing the parser.
#[derive(Debug, Clone)]
pub struct Framing {
    /// 16 hex digits.
    marker: String,
    /// The same for every run of this shell (see [`postamble`]).
    postamble: String,
    /// The same, resetting the line count only while `LINENO` is set (see [`LINE_RESET`]).
    postamble_guarded: String,
}

/// The byte that opens every record (ASCII record separator), written as `\036` in printf formats.
const RECORD_START: u8 = 0x1e;

impl Framing {
    /// A framing with a fresh random marker.
    pub fn random() -> Self {
        // A marker only has to be unlikely to occur by accident, so a failed getrandom (never
        // seen on Linux) falling back to the time is harmless.
        let bytes = crate::process::fd::random_bytes().unwrap_or_else(|_| {
            let now = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap_or_default();
            (now.as_nanos() as u64).to_le_bytes()
        });
        let marker: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        Framing {
            postamble: postamble(&marker, LINE_RESET),
            postamble_guarded: postamble(&marker, LINE_RESET_GUARDED),
            marker,
        }
    }

    /// A parser for this shell's status stream.
    pub fn parser(&self) -> RecordParser {
        RecordParser {
            start: memchr::memmem::Finder::new(&self.record_start_bytes()).into_owned(),
            buf: Vec::new(),
        }
    }

    /// What the shell's supervisor writes before the shell's wait status and directory (see
    /// [`Record::Exited`]).
    pub fn exit_report_prefix(&self) -> Vec<u8> {
        let mut prefix = self.record_start_bytes();
        prefix.push(b'X');
        prefix
    }

    fn record_start_bytes(&self) -> Vec<u8> {
        let mut start = vec![RECORD_START];
        start.extend_from_slice(self.marker.as_bytes());
        start
    }

    /// The preamble, the user's text, and the postamble of one run.
    pub fn run_script(&self, state: &ShellState, run: &RunScript) -> String {
        self.chunk(state, run, None)
    }

    /// A run's script: its preamble, which is one line (see [`LINE_RESET`]) that starts with
    /// `first` when given, the run's text, the postamble.
    fn chunk(&self, state: &ShellState, run: &RunScript, first: Option<&str>) -> String {
        let mut s = String::with_capacity(run.command.len() + 512);
        s.extend(first);
        let silence = state.needs_silence();
        // Setup whose commands could be traced: undo the last run's env, move, save and export
        // this run's env. Usually there is none.
        let mut setup: Vec<String> = Vec::new();
        if !run.restore.is_empty() {
            setup.push(run.restore.to_string());
        }
        if let Some(cwd) = run.cwd {
            setup.push(format!("\\builtin cd -- {}", quote(cwd)));
        }
        if !run.env.is_empty() {
            for (key, _) in run.env {
                let start = record_start(&self.marker, 'D');
                // One redirection per command, not one for a group: with a DEBUG trap set, the
                // setup runs in a group sent to /dev/null, which must catch the trap's output.
                setup.push(format!("\\builtin printf '{start}' >&{STATUS_FD}; \\builtin declare -p {key} >&{STATUS_FD} 2>&-; \\builtin printf '\\0' >&{STATUS_FD}"));
            }
            let mut export = String::from("\\builtin export");
            for (key, value) in run.env {
                export.push_str(&format!(" {key}={}", quote(value)));
            }
            setup.push(export);
        }
        if !setup.is_empty() {
            let setup = setup.join("; ");
            if silence || run.cwd.is_some() {
                s.push_str(&format!("{{ {setup}; }} >/dev/null 2>&1; "));
            } else {
                s.push_str(&setup);
                s.push_str("; ");
            }
        }
        if let Some(fifo) = run.fifo {
            // Outside any group, whose redirections would be undone when it ends, and not through
            // `builtin`, whose redirections are its own: only a bare `exec` makes them permanent.
            match run.err_fifo {
                None => s.push_str(&format!("\\exec >|{} 2>&1; ", quote(fifo))),
                Some(err) => s.push_str(&format!("\\exec >|{} 2>|{}; ", quote(fifo), quote(err))),
            }
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
        match run.reading {
            Reading::TopLevel => s.push_str(run.command),
            Reading::Eval => {
                s.push_str("\\builtin eval ");
                s.push_str(&quote(run.command));
            }
        }
        s.push_str(if run.lineno_named {
            &self.postamble_guarded
        } else {
            &self.postamble
        });
        s
    }

    /// A chunk that runs the EXIT trap a run left set, then clears it, as bash would at the end of a
    /// script. Its status report replaces nothing but `$_`/flags (the run's status stays).
    pub fn exit_trap_script(
        &self,
        state: &ShellState,
        trap_command: &str,
        reading: Reading,
        lineno_named: bool,
    ) -> String {
        let run = RunScript {
            command: trap_command,
            reading,
            lineno_named,
            ..Default::default()
        };
        self.chunk(
            state,
            &run,
            Some("{ \\builtin trap - EXIT; } >/dev/null 2>&1; "),
        )
    }
}

/// The printf format text that opens a record of `kind`.
fn record_start(marker: &str, kind: char) -> String {
    format!("\\036{marker}{kind}")
}

/// Reports status, flags, `$_`, directory and traps, then waits. The two leading newlines end
/// the user's last line even when it ends in a backslash continuation. The status record comes
/// first, its words expanded before any framing command has run (`$?`, `$-` and `$_` in one word:
/// `$?` is digits and `$-` letters, so the first two `/` end them); the `trap -p` listing follows
/// and an end record closes it, so that no variable has to hold the status while `trap -p`
/// runs (an assignment and its `unset` cost bash more than the end record). `trap -p` with no
/// operand: naming DEBUG made bash look the name up among every signal's. One redirection for
/// the whole group, and stderr closed rather than opened on /dev/null: redirections were most of
/// a round trip's cost to the shell (39 µs per run this way, 90 µs with one per command). A
/// trace of the group (`set -x`) goes to the closed stderr. What is left costs per command and
/// per word (bash parses and expands every word of every run's text; measured with callgrind:
/// about 20,000 instructions a command, 3,000 a word), so the report has as few of each as it
/// can: 163,000 instructions a run for `true`, all framing included (184,000 with a variable).
/// The commands are chained with `&&` up to the wait: should one fail (the run disabled `printf`
/// or `trap` with `enable -n`), the shell does not wait for a next run that the session would
/// never start, since the report it waits for never came; it exits, and the session starts a new
/// one.
fn postamble(marker: &str, line_reset: &str) -> String {
    let status = record_start(marker, 'S');
    let end = record_start(marker, 'E');
    format!(
        "\n\n{{ \\builtin printf '{status}%s\\0%s\\0' \"$?/$-/$_\" \"$PWD\" && \\builtin trap -p && \\builtin printf '{end}' && {WAIT}; }} >&$(({line_reset}{STATUS_FD})) 2>&-\n"
    )
}

/// Extracts the command of `trap -- '<cmd>' EXIT` from `trap -p` output, if an EXIT trap is set.
pub fn exit_trap_command(traps: &str) -> Option<String> {
    trap_command(traps, "EXIT")
}

/// The command of the trap on `name` in `trap -p` output, if one is set. The command may span
/// lines; text that is not `trap` output (a DEBUG trap's stray output, see [`Framing`]) is
/// skipped, and so is POSIX mode's listing of an unset trap (`trap -- - EXIT`, unquoted).
fn trap_command(traps: &str, name: &str) -> Option<String> {
    if traps.is_empty() {
        return None;
    }
    let mut found = None;
    let mut rest = traps;
    while let Some(at) = rest.find("trap -- ") {
        rest = &rest[at + "trap -- ".len()..];
        let unset = rest.starts_with("- ");
        let Some((command, tail)) = quoted_word(rest) else {
            break;
        };
        let name_end = tail.find('\n').unwrap_or(tail.len());
        if tail[..name_end].strip_prefix(' ') == Some(name) {
            found = (!unset).then_some(command);
        }
        rest = &tail[name_end..];
    }
    found
}

/// Reads one word in bash's single-quote quoting (`'a'\''b'`) from the start of `s`; returns it
/// unquoted, and the rest of `s` from the space or newline that ended it.
fn quoted_word(s: &str) -> Option<(String, &str)> {
    let mut out = String::new();
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\'' => loop {
                match chars.next()? {
                    (_, '\'') => break,
                    (_, c) => out.push(c),
                }
            },
            '\\' => out.push(chars.next()?.1),
            ' ' | '\n' => return Some((out, &s[i..])),
            c => out.push(c),
        }
    }
    Some((out, ""))
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
    /// The shell exited; its wait status, as its supervisor reaped it, and the directory it was
    /// in then, when its supervisor could tell (see `spawn::Report::dir`).
    Exited { status: i32, pwd: Option<String> },
}

/// Splits the status stream into records; partial input stays buffered. Bytes outside records
/// (see [`Framing`]) are dropped.
#[derive(Debug)]
pub struct RecordParser {
    /// Finds [`RECORD_START`] and the shell's marker (built once: a search's setup costs more
    /// than searching the few dozen bytes of a report).
    start: memchr::memmem::Finder<'static>,
    buf: Vec<u8>,
}

impl RecordParser {
    pub fn push(&mut self, data: &[u8]) {
        self.buf.extend_from_slice(data);
    }

    /// Whether the buffer holds the start of a status record (complete or not): the shell has
    /// begun its report, so the run's script is over.
    pub fn holds_status(&self) -> bool {
        let needle = self.start.needle();
        let mut rest = &self.buf[..];
        while let Some(at) = self.start.find(rest) {
            if rest.get(at + needle.len()) == Some(&b'S') {
                return true;
            }
            rest = &rest[at + needle.len()..];
        }
        false
    }

    /// The next complete record, if the buffer holds one. A status record is complete with the
    /// `trap -p` listing after it, which the end record closes; text before any record is stray
    /// output and dropped.
    pub fn next_record(&mut self) -> Option<Record> {
        loop {
            let at = self.start.find(&self.buf)?;
            let body = at + self.start.needle().len() + 1;
            let kind = *self.buf.get(body - 1)?;
            let fields_needed = match kind {
                b'S' => 2,
                b'D' | b'X' => 1,
                // An end record with no status before it, or an unknown kind: stray.
                _ => {
                    self.buf.drain(..body);
                    continue;
                }
            };
            let mut ends = Vec::with_capacity(fields_needed);
            for (i, b) in self.buf.iter().enumerate().skip(body) {
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
            let text =
                |from: usize, to: usize| String::from_utf8_lossy(&self.buf[from..to]).into_owned();
            let field = |k: usize| text(if k == 0 { body } else { ends[k - 1] + 1 }, ends[k]);
            let (record, consumed) = match kind {
                b'S' => {
                    // The listing runs to the next record: the end record, or (should the shell
                    // die between the two) the exit report, which stays for the next call.
                    let listing = ends[1] + 1;
                    let next = listing + self.start.find(&self.buf[listing..])?;
                    let after_next = next + self.start.needle().len();
                    let consumed = match self.buf.get(after_next)? {
                        b'E' => after_next + 1,
                        _ => next,
                    };
                    // `<status>/<flags>/<$_>`: the status is digits and the flags letters, so the
                    // first two `/` end them.
                    let caught = field(0);
                    let mut parts = caught.splitn(3, '/');
                    let status = parts.next().unwrap_or_default();
                    let flags = parts.next().unwrap_or_default();
                    let record = Record::Status {
                        state: ShellState {
                            last_status: status.parse().unwrap_or(0),
                            flags: flags.to_string(),
                            last_arg: parts.next().unwrap_or_default().to_string(),
                            traps: text(listing, next),
                        },
                        pwd: field(1),
                    };
                    (record, consumed)
                }
                b'X' => {
                    // `<status>` or `<status>:<directory>`: the status is a decimal number.
                    let report = field(0);
                    let (status, pwd) = match report.split_once(':') {
                        Some((status, pwd)) => (status, Some(pwd.to_string())),
                        None => (report.as_str(), None),
                    };
                    let status = status.parse().unwrap_or(-1);
                    (Record::Exited { status, pwd }, ends[0] + 1)
                }
                _ => {
                    let line = field(0);
                    (
                        Record::Saved((!line.is_empty()).then_some(line)),
                        ends[0] + 1,
                    )
                }
            };
            self.buf.drain(..consumed);
            return Some(record);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where a shell is handed its channels as stdin and stdout (Windows), the script's first line
    /// moves them to 250 and 251 for good, and what the shell writes to stdout goes nowhere.
    /// Run with this machine's bash: the line is the same on every platform.
    #[cfg(unix)]
    #[test]
    fn the_channels_handed_as_stdio_are_moved_to_their_numbers() {
        use std::io::{Read, Write};
        let script = format!(
            "{CHANNELS_FROM_STDIO}read -ru{CTL_FD} line; echo leaked; printf 'got %s' \"$line\" >&{STATUS_FD}\n"
        );
        let mut bash = std::process::Command::new("bash")
            .args(["--noprofile", "--norc", "-c", &script])
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .env("HOME", "/nonexistent")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        bash.stdin.take().unwrap().write_all(b"hi\n").unwrap();
        let mut out = String::new();
        bash.stdout
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        assert!(bash.wait().unwrap().success());
        assert_eq!(out, "got hi");
    }
    use pretty_assertions::assert_eq;

    /// The line count restarts at -1 before a chunk's preamble, so the preamble must be one line
    /// whatever it carries, for the run's text to start at line 1.
    #[test]
    fn a_preamble_is_one_line() {
        let framing = Framing::random();
        let env = [("MULTI".to_string(), "a\nb".to_string())];
        let states = [
            ShellState::default(),
            ShellState {
                last_status: 3,
                last_arg: "x\ny".into(),
                flags: "hBx".into(),
                traps: "trap -- 'echo' DEBUG\n".into(),
            },
        ];
        for state in &states {
            let run = RunScript {
                command: "USER-TEXT",
                fifo: Some("/tmp/d\nir/fifo"),
                cwd: Some("/tmp/new\nline"),
                env: &env,
                restore: "\\builtin unset K",
                ..Default::default()
            };
            let apart = RunScript {
                err_fifo: Some("/tmp/d\nir/err"),
                ..run.clone()
            };
            for script in [
                framing.run_script(state, &run),
                framing.run_script(state, &apart),
                framing.exit_trap_script(state, "USER-TEXT", Reading::TopLevel, false),
            ] {
                let preamble = &script[..script.find("USER-TEXT").unwrap()];
                assert_eq!(preamble.matches('\n').count(), 1, "{preamble}");
                assert!(preamble.ends_with('\n'), "{preamble}");
            }
        }
    }

    #[test]
    fn quotes_single_quotes() {
        assert_eq!(quote("it's"), "'it'\\''s'");
        let quoted = quote("a'b\\c 'd' x");
        let (word, rest) = quoted_word(&quoted).unwrap();
        assert_eq!((word.as_str(), rest), ("a'b\\c 'd' x", ""));
        // A preamble is one line: a newline is quoted ANSI-C style.
        assert_eq!(quote("a'b\\c\nd"), "$'a\\'b\\\\c\\nd'");
    }

    #[test]
    fn reads_exit_trap() {
        let traps = "trap -- 'echo dbg' DEBUG\ntrap -- 'echo '\\''bye'\\''' EXIT\n";
        assert_eq!(exit_trap_command(traps).as_deref(), Some("echo 'bye'"));
        assert_eq!(exit_trap_command("trap -- 'x' DEBUG\n"), None);
        assert_eq!(exit_trap_command("trap -- - DEBUG\ntrap -- - EXIT\n"), None);
        assert_eq!(
            exit_trap_command("trap -- '-' EXIT\n").as_deref(),
            Some("-")
        );
        let multi_line = "dbg\ntrap -- 'echo a\necho '\\''b'\\''' EXIT\ndbg\n";
        assert_eq!(
            exit_trap_command(multi_line).as_deref(),
            Some("echo a\necho 'b'")
        );
    }

    #[test]
    fn finds_debug_and_exit_among_every_trap_listed() {
        // `trap -p` with no operand, as bash prints it (the DEBUG trap's own output first).
        let listing =
            "dbg\ntrap -- 'echo int' SIGINT\ntrap -- '' SIGTERM\ntrap -- 'echo dbg' DEBUG\n\
                       trap -- 'echo '\\''trap -- x EXIT'\\''' ERR\n";
        assert_eq!(exit_trap_command(listing), None);
        assert_eq!(trap_command(listing, "DEBUG").as_deref(), Some("echo dbg"));
        let state = ShellState {
            traps: listing.into(),
            ..Default::default()
        };
        assert!(state.needs_silence());
        let with_exit = "trap -- 'echo bye' EXIT\ntrap -- 'echo '\\''trap -- x EXIT'\\''' ERR\n";
        assert_eq!(exit_trap_command(with_exit).as_deref(), Some("echo bye"));
        assert_eq!(trap_command(with_exit, "DEBUG"), None);
    }

    #[test]
    fn parses_records_across_pushes_and_skips_stray_bytes() {
        let framing = Framing::random();
        let mut p = framing.parser();
        let start = |kind: &str| format!("\x1e{}{kind}", framing.marker).into_bytes();
        let mut stream = b"dbg\n".to_vec();
        stream.extend(start("D"));
        stream.extend(b"declare -x A=\"1\"\0junk\0");
        stream.extend(start("E"));
        stream.extend(start("D"));
        stream.extend(b"\0dbg\n");
        stream.extend(start("S"));
        stream.extend(b"2/hB/arg/with/slashes\0/tm");
        // Split inside a record start, too.
        let (first, rest) = stream.split_at(6);
        p.push(first);
        assert_eq!(p.next_record(), None);
        p.push(rest);
        assert_eq!(
            p.next_record(),
            Some(Record::Saved(Some("declare -x A=\"1\"".into())))
        );
        assert_eq!(p.next_record(), Some(Record::Saved(None)));
        assert_eq!(p.next_record(), None);
        // The status is complete only with the listing's end record.
        p.push(b"p\0dbg\ntrap -- 'x' EXIT\n");
        assert_eq!(p.next_record(), None);
        p.push(&start("E")[..4]);
        assert_eq!(p.next_record(), None);
        p.push(&start("E")[4..]);
        p.push(b"dbg\n");
        let rec = p.next_record().unwrap();
        assert_eq!(
            rec,
            Record::Status {
                state: ShellState {
                    last_status: 2,
                    last_arg: "arg/with/slashes".into(),
                    flags: "hB".into(),
                    traps: "dbg\ntrap -- 'x' EXIT\n".into()
                },
                pwd: "/tmp".into()
            }
        );
        assert_eq!(p.next_record(), None);
    }

    #[test]
    fn a_status_cut_short_by_the_shell_exiting_ends_at_the_exit_report() {
        let framing = Framing::random();
        let mut p = framing.parser();
        let mut stream = format!("\x1e{}S0/h/x\0/\0trap -- ", framing.marker).into_bytes();
        stream.extend(framing.exit_report_prefix());
        stream.extend(b"9\0");
        stream.extend(framing.exit_report_prefix());
        stream.extend(b"256:/tmp/a:b\0");
        p.push(&stream);
        match p.next_record() {
            Some(Record::Status { state, pwd }) => {
                assert_eq!((state.last_status, state.traps.as_str()), (0, "trap -- "));
                assert_eq!(pwd, "/");
            }
            other => panic!("expected a status, got {other:?}"),
        }
        let exited = |status, pwd: Option<&str>| Record::Exited {
            status,
            pwd: pwd.map(str::to_string),
        };
        assert_eq!(p.next_record(), Some(exited(9, None)));
        assert_eq!(p.next_record(), Some(exited(256, Some("/tmp/a:b"))));
        assert_eq!(p.next_record(), None);
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
    #[test]
    fn a_trap_on_a_signal_is_told_from_the_others() {
        let with = |traps: &str| ShellState {
            traps: traps.into(),
            ..ShellState::default()
        };
        assert!(!with("").has_signal_trap());
        let within_runs =
            "trap -- 'a' EXIT\ntrap -- 'b' DEBUG\ntrap -- 'c' RETURN\ntrap -- 'd' ERR\n";
        assert!(!with(within_runs).has_signal_trap());
        assert!(!with("trap -- '' SIGINT\ntrap -- '' SIGTERM\n").has_signal_trap());
        assert!(with("trap -- 'X=1' SIGUSR1\n").has_signal_trap());
        assert!(with("trap -- 'echo '\\''a b'\\''' SIGCHLD\n").has_signal_trap());
        assert!(with("trap -- 'a' EXIT\ntrap -- 'x' SIGHUP\n").has_signal_trap());
    }
}
