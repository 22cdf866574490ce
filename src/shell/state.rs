//! A session's state as a script a fresh bash sources: working directory, variables (exported
//! and not, with their attributes), functions, aliases and options. [`CAPTURE`] runs on the
//! session (in a subshell, so that reading the state changes nothing in it) and prints the state
//! in NUL-separated sections; [`snapshot`] turns that into the script. Variables that bash keeps
//! for itself (`BASHPID`, `SHELLOPTS`, `RANDOM`, …) are left to the new shell, and so are the
//! options that would stop it from running its command (`noexec`, `onecmd`).

use super::framing::quote;
use super::ShellConfig;
use std::collections::HashSet;

/// Prints, NUL-terminated: `set +o`, `shopt -p`, `alias -p`, each function's `declare -f` then an
/// empty field (a definition is never empty), `declare -F`, `$PWD`, then `declare -p` (every
/// variable; [`Parts::of`] splits the declarations). Options first, before anything here changes
/// one (`lastpipe` then goes off: the loop's variable stays in its pipeline's subshell); the names
/// are read with `IFS` set for the read only (the session's own `IFS` is part of its state).
pub(crate) const CAPTURE: &str = r#"( \builtin set +o; \builtin printf '\0'; \builtin shopt -p; \builtin printf '\0'; \builtin set +euo pipefail; \builtin shopt -u lastpipe; \builtin alias -p; \builtin printf '\0'; \builtin declare -F | while IFS=' ' \builtin read -r _ _ __agsh_f; do \builtin declare -f -- "$__agsh_f"; \builtin printf '\0'; done; \builtin printf '\0'; \builtin declare -F; \builtin printf '\0%s\0' "$PWD"; \builtin declare -p ) 2>/dev/null"#;

/// Every variable name, as separate words whatever `IFS` is, with no process: bash's names start
/// with a letter or `_`, and `"${!A@}"` lists the set (or declared) variables whose names start
/// with `A`, as `compgen -v` does, without its pipe.
const ALL_NAMES: &str = r#""${!A@}" "${!B@}" "${!C@}" "${!D@}" "${!E@}" "${!F@}" "${!G@}" "${!H@}" "${!I@}" "${!J@}" "${!K@}" "${!L@}" "${!M@}" "${!N@}" "${!O@}" "${!P@}" "${!Q@}" "${!R@}" "${!S@}" "${!T@}" "${!U@}" "${!V@}" "${!W@}" "${!X@}" "${!Y@}" "${!Z@}" "${!_@}" "${!a@}" "${!b@}" "${!c@}" "${!d@}" "${!e@}" "${!f@}" "${!g@}" "${!h@}" "${!i@}" "${!j@}" "${!k@}" "${!l@}" "${!m@}" "${!n@}" "${!o@}" "${!p@}" "${!q@}" "${!r@}" "${!s@}" "${!t@}" "${!u@}" "${!v@}" "${!w@}" "${!x@}" "${!y@}" "${!z@}""#;

/// [`CAPTURE`]'s sections, printed by the session's shell itself rather than by a subshell and
/// the four processes of its two pipelines: each process is a fork of the session's bash, 0.3 ms
/// on a quiet machine and 1.5-2 ms on a loaded one (all of `CAPTURE` took 9.3 ms at load average
/// 13 here, this 0.5 ms). Nothing here changes the session: no option is changed (no pipeline is
/// left for `lastpipe` or `pipefail` to touch; a read at the end of its input is a loop's
/// condition, which `errexit` ignores; no expansion can trip `nounset`), and the two loop
/// variable is unset again (the names are listed before it is set, so it is not among them).
/// The function names are read from a file, `names_file` (in the session's own directory), since
/// reading them from a pipe would take a process. The variables are one `declare -p`, not one
/// per name (`"${!A@}"` … `"${!z@}"` builds and sorts bash's whole list of variables once per
/// letter: that loop was 1.7-2.3 ms of the session shell's CPU a capture here, this 0.2 ms);
/// [`Parts::of`] splits its declarations. Only for a shell with no
/// DEBUG, RETURN or ERR trap and no `xtrace`/`verbose` (what would run, or print, for each
/// command here): [`CAPTURE`] is used for the others. The sections go to `out_file`, not to the
/// run's output: bash writes each builtin's output with a write of its own, some three hundred,
/// and each write to the run's FIFO woke the host's reader (4.5 ms a capture at load average 4-5
/// here); the host reads the file once the run ended. `ok` is printed once the file is written.
pub(crate) fn capture_in_place(names_file: &str, out_file: &str) -> String {
    let file = quote(names_file);
    let out = quote(out_file);
    format!(
        r#"{{ \builtin set +o; \builtin printf '\0'; \builtin shopt -p; \builtin printf '\0'; \builtin alias -p; \builtin printf '\0'; \builtin declare -F >|{file} && while IFS=' ' \builtin read -r __agsh_f __agsh_f __agsh_f; do \builtin declare -f -- "$__agsh_f"; \builtin printf '\0'; done <{file}; \builtin unset -v __agsh_f; \builtin printf '\0'; \builtin declare -F; \builtin printf '\0%s\0' "${{PWD-}}"; \builtin declare -p; }} >|{out} 2>/dev/null && \builtin printf ok"#
    )
}

/// The most output of [`CAPTURE`] taken: a session's state is a few KiB; a session holding a
/// huge variable is cut here rather than copied whole.
pub(crate) const CAPTURE_LIMIT_BYTES: usize = 64 << 20;

/// Variables that bash sets for itself, that are read-only, or that only mean something in the
/// shell that has them; the new shell keeps its own.
const SPECIAL: &[&str] = &[
    "_",
    "BASH",
    "BASHOPTS",
    "BASHPID",
    "BASH_ALIASES",
    "BASH_ARGC",
    "BASH_ARGV",
    "BASH_ARGV0",
    "BASH_CMDS",
    "BASH_COMMAND",
    "BASH_EXECUTION_STRING",
    "BASH_LINENO",
    "BASH_REMATCH",
    "BASH_SOURCE",
    "BASH_SUBSHELL",
    "BASH_VERSINFO",
    "BASH_VERSION",
    "COMP_WORDBREAKS",
    "DIRSTACK",
    "EPOCHREALTIME",
    "EPOCHSECONDS",
    "EUID",
    "FUNCNAME",
    "GROUPS",
    "HISTCMD",
    "LINENO",
    "PIPESTATUS",
    "PPID",
    "PWD",
    "RANDOM",
    "SECONDS",
    "SHELLOPTS",
    "SHLVL",
    "SRANDOM",
    "UID",
];

/// Options left as the new shell has them: with them on it would not run its command at all
/// (`noexec`), only its first command (`onecmd`), or try job control without a terminal
/// (`monitor`).
const KEPT_OPTIONS: &[&str] = &["noexec", "onecmd", "monitor"];

/// Options that print what runs: set in the snapshot, they would trace the framing of the job's
/// first run too (its preamble is only silenced for a shell known to trace); they are turned on
/// by the job's command itself instead (see [`Captured::trace`]).
const TRACE_OPTIONS: &[&str] = &["xtrace", "verbose"];

/// The state read by [`CAPTURE`].
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct Captured {
    pub(crate) cwd: String,
    pub(crate) script: String,
    /// Turns on the session's [`TRACE_OPTIONS`]; put before the command, on its first line (so
    /// that `LINENO` counts as in the session).
    pub(crate) trace: String,
}

/// [`CAPTURE`]'s output in its sections, `\0` apart: `set +o` lines, `shopt` lines, aliases,
/// each function's definition (a section each, then an empty one), the functions' attributes
/// (`declare -f…` lines), the directory, and each variable's declaration.
struct Parts<'a> {
    options: &'a str,
    shopts: &'a str,
    aliases: &'a str,
    /// Each definition without its trailing newlines.
    functions: Vec<&'a str>,
    function_attrs: &'a str,
    cwd: &'a str,
    /// Each declaration without its trailing newlines, empty ones left out.
    declarations: Vec<&'a str>,
}

impl<'a> Parts<'a> {
    /// `None` when `text` is not that output (the capture was cut short).
    fn of(text: &'a str) -> Option<Self> {
        let mut sections = text.split('\0');
        let (options, shopts, aliases) = (sections.next()?, sections.next()?, sections.next()?);
        let mut functions = Vec::new();
        loop {
            match sections.next()? {
                "" => break,
                definition => functions.push(definition.trim_end_matches('\n')),
            }
        }
        let function_attrs = sections.next()?;
        let cwd = sections.next()?;
        let mut declarations = Vec::new();
        for section in sections {
            for declaration in declarations_in(section)? {
                // A name declared with no value (`declare -- y`, `declare -x OLDPWD`): `declare -p`
                // with no names lists it, `"${!y@}"` and `compgen -v` do not; left out, as
                // the per-name captures leave it.
                if has_value(declaration) {
                    declarations.push(declaration);
                }
            }
        }
        Some(Parts {
            options,
            shopts,
            aliases,
            functions,
            function_attrs,
            cwd,
            declarations,
        })
    }
}

/// The declarations of `declare -p`'s output `text`, each without its trailing newlines: a
/// declaration ends at a newline outside quotes (`declare -p` quotes every value: `"…"` with
/// backslash escapes, `$'…'` for one with control characters (bash 5.2), `'…'` around an
/// array's whole value (bash before 4.4), an array's keys and elements each quoted). `None`
/// when the text is not that: a quote left open (the capture was cut short) or a line that is
/// not a declaration.
fn declarations_in(text: &str) -> Option<Vec<&str>> {
    #[derive(PartialEq)]
    enum In {
        Plain,
        Double,
        Single,
        AnsiC,
    }
    let mut found = Vec::new();
    let mut at = In::Plain;
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match (&at, bytes[i]) {
            (In::Plain | In::Double | In::AnsiC, b'\\') => i += 1,
            (In::Plain, b'"') => at = In::Double,
            (In::Plain, b'\'') => at = In::Single,
            (In::Plain, b'$') if bytes.get(i + 1) == Some(&b'\'') => {
                at = In::AnsiC;
                i += 1;
            }
            (In::Double, b'"') | (In::Single | In::AnsiC, b'\'') => at = In::Plain,
            (In::Plain, b'\n') => {
                found.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if at != In::Plain {
        return None;
    }
    found.push(&text[start..]);
    found.retain(|d| !d.is_empty());
    found
        .iter()
        .all(|d| d.starts_with("declare -"))
        .then_some(found)
}

/// The names [`CAPTURE`]'s output defines as aliases or functions: a command of such a name may
/// run anything in the shell (see `shell::neutral`). `None` when the output is not that.
pub(crate) fn defined_names(output: &[u8]) -> Option<HashSet<Box<str>>> {
    let text = String::from_utf8_lossy(output);
    let parts = Parts::of(&text)?;
    // `alias NAME='…'` (a line of a value that spans lines may add a name: one more to ask
    // about, never one less) and `declare -f[x…] NAME`.
    let alias_names = parts
        .aliases
        .lines()
        .filter_map(|l| l.strip_prefix("alias ")?.split('=').next());
    let function_names = parts.function_attrs.lines().filter_map(|l| {
        l.strip_prefix("declare -f")?
            .split_once(' ')
            .map(|(_, name)| name)
    });
    Some(alias_names.chain(function_names).map(Box::from).collect())
}

/// Builds the script from [`CAPTURE`]'s output; `None` when the output is not that (the capture
/// was cut short). With `start`, the environment the shell that sources it starts with (known
/// for a job's shell), the script only declares what differs from it: an exported variable the
/// shell already has with the same value is left as it is (a session's are mostly the host's,
/// about a hundred; declaring each again cost the new shell 5-10 µs, and `LANG` 180 µs, since
/// bash reloads the locale), and the variables to unset are named rather than searched for.
pub(crate) fn snapshot(output: &[u8], start: Option<&[(String, String)]>) -> Option<Captured> {
    let text = String::from_utf8_lossy(output);
    let Parts {
        options,
        shopts,
        aliases,
        functions,
        function_attrs,
        cwd,
        declarations,
    } = Parts::of(&text)?;
    let cwd = cwd.to_string();
    let variables: Vec<(&str, &str)> = declarations
        .into_iter()
        .filter_map(|d| declared_name(d).map(|name| (name, d)))
        .collect();
    let mut s = String::with_capacity(text.len() + 256);
    // Options first, but `expand_aliases` (set after the aliases) and `set -o` (last): a
    // function may need `extglob` to parse.
    let expand_aliases = shopts
        .lines()
        .find(|l| l.starts_with("shopt ") && l.ends_with(" expand_aliases"));
    // One command for those to set and one for those to unset (a command costs the new shell
    // about 5 µs; there are some fifty).
    for flag in ["-s", "-u"] {
        let names: Vec<&str> = shopts
            .lines()
            .filter(|l| Some(*l) != expand_aliases)
            .filter_map(|l| {
                l.strip_prefix("shopt ")?
                    .strip_prefix(flag)?
                    .strip_prefix(' ')
            })
            .collect();
        if !names.is_empty() {
            s.push_str(&format!("\\builtin shopt {flag} {}\n", names.join(" ")));
        }
    }
    // Exported variables the new shell got from its environment and the session does not have
    // (it unset them) go first: nothing below may depend on them.
    let mut exported: Vec<&str> = variables
        .iter()
        .filter(|(_, d)| declared_flags(d).contains('x'))
        .map(|(n, _)| *n)
        .collect();
    exported.sort_unstable();
    let start: Option<std::collections::HashMap<&str, &str>> =
        start.map(|env| env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect());
    if let Some(env) = &start {
        let mut gone: Vec<&str> = env
            .keys()
            .copied()
            .filter(|k| is_name(k) && !SPECIAL.contains(k) && exported.binary_search(k).is_err())
            .collect();
        gone.sort_unstable();
        if !gone.is_empty() {
            s.push_str(&format!("\\builtin unset -v {}\n", gone.join(" ")));
        }
    }
    // Bash 4.4 and later tell a variable's attributes (`${!v@a}`) with no process; an older one
    // lists the exported names through a command substitution (a fork).
    let keep = format!(
        "case \" {} \" in *\" $__agsh_v \"*) ;; *) \\builtin unset -v \"$__agsh_v\";; esac",
        exported.join(" ")
    );
    let search = format!(
        "if ((BASH_VERSINFO[0] > 4 || BASH_VERSINFO[1] > 3)); then for __agsh_v in {ALL_NAMES}; do case ${{!__agsh_v@a}} in *x*) {keep};; esac; done; else for __agsh_v in $(\\builtin compgen -e); do {keep}; done; fi; \\builtin unset -v __agsh_v\n"
    );
    if start.is_none() {
        s.push_str(&search);
    }
    for (name, declaration) in &variables {
        if SPECIAL.contains(name) {
            continue;
        }
        let unchanged = start
            .as_ref()
            .and_then(|env| env.get(name))
            .is_some_and(|value| {
                plain(value)
                    && declaration.strip_prefix("declare -x ")
                        == Some(&format!("{name}=\"{value}\""))
            });
        if unchanged {
            continue;
        }
        // At the top level of a sourced file, `declare` makes globals, as the session's are.
        // Not `builtin declare`: an array's `=(…)` parses only as the argument of the
        // declaration builtin named as such (and no function can be named so yet: functions
        // come after).
        s.push_str(declaration);
        s.push('\n');
    }
    // One isolated definition each: one that does not parse (whatever the reason) drops only
    // itself, never the rest of the state. Before the aliases, so that none is expanded into a
    // body stored expanded already.
    for definition in functions {
        s.push_str("\\builtin eval -- ");
        s.push_str(&single_quoted(definition));
        s.push('\n');
    }
    // `declare -F` lists each function with its attributes (`declare -fx f` exports it).
    for line in function_attrs.lines() {
        if line.starts_with("declare -f") && !line.starts_with("declare -f ") {
            s.push_str("\\builtin ");
            s.push_str(line);
            s.push('\n');
        }
    }
    // Each its own command, its name and value quoted as one word (`-` and values over several
    // lines included).
    for (name, value) in alias_listing(aliases.as_bytes()) {
        s.push_str("\\builtin alias -- ");
        s.push_str(&single_quoted(&format!(
            "{name}={}",
            String::from_utf8_lossy(&value)
        )));
        s.push('\n');
    }
    if let Some(line) = expand_aliases {
        s.push_str("\\builtin ");
        s.push_str(line);
        s.push('\n');
    }
    // Options last: `set -e` or `set -u` must not apply to the lines above. One command.
    let mut trace = String::new();
    let mut set = String::new();
    for line in options.lines() {
        let name = line.rsplit(' ').next().unwrap_or_default();
        if !line.starts_with("set ") || KEPT_OPTIONS.contains(&name) {
            continue;
        }
        if TRACE_OPTIONS.contains(&name) {
            if line.starts_with("set -o ") {
                trace.push_str(&format!("\\builtin {line}; "));
            }
            continue;
        }
        if let Some(option) = line.strip_prefix("set ") {
            set.push(' ');
            set.push_str(option);
        }
    }
    if !set.is_empty() {
        s.push_str(&format!("\\builtin set{set}\n"));
    }
    Some(Captured {
        cwd,
        script: s,
        trace,
    })
}

/// The state of a session whose shell is not running (never started, or it exited and the next
/// run starts a new one): what a new shell of it would start with, its `sessionEnv` and
/// `snapshotPath`, in its last directory.
pub(crate) fn unstarted(config: ShellConfig, working_dir: Option<&str>) -> Captured {
    let mut script = String::new();
    for (key, value) in &config.session_env {
        script.push_str(&format!("\\builtin export {key}={}\n", quote(value)));
    }
    if let Some(path) = &config.snapshot {
        script.push_str(&format!("\\builtin source -- {}\n", quote(path)));
    }
    let cwd = match working_dir {
        Some(dir) => dir.to_string(),
        None => config
            .cwd
            .map(|p| p.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    Captured {
        cwd,
        script,
        trace: String::new(),
    }
}

/// The script that moves to `cwd` and then restores the state (the move first: `OLDPWD` among
/// the state's variables then reads as the session's).
pub(crate) fn with_cwd(captured: &Captured, cwd: Option<&str>) -> String {
    match cwd.filter(|dir| !dir.is_empty()) {
        Some(dir) => format!("\\builtin cd -- {}\n{}", quote(dir), captured.script),
        None => captured.script.clone(),
    }
}

/// bash's `alias -p`: lines `alias [-- ]NAME='VALUE'`, the value single-quoted with each `'`
/// written `'\''` (a value's newlines inside the quotes). Lines of another shape are skipped.
pub(crate) fn alias_listing(listing: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut rest = listing;
    while !rest.is_empty() {
        let Some(after) = rest.strip_prefix(b"alias ") else {
            rest = skip_line(rest);
            continue;
        };
        let after = after.strip_prefix(b"-- ").unwrap_or(after);
        let Some(eq) = after.iter().position(|&b| b == b'=') else {
            rest = skip_line(after);
            continue;
        };
        let name = String::from_utf8_lossy(&after[..eq]).into_owned();
        let mut value = Vec::new();
        let mut i = eq + 1;
        let mut ok = true;
        loop {
            match after.get(i) {
                Some(b'\'') => match after[i + 1..].iter().position(|&b| b == b'\'') {
                    Some(close) => {
                        value.extend_from_slice(&after[i + 1..i + 1 + close]);
                        i += close + 2;
                    }
                    None => {
                        ok = false;
                        i = after.len();
                        break;
                    }
                },
                Some(b'\\') if after.get(i + 1).is_some() => {
                    value.push(after[i + 1]);
                    i += 2;
                }
                Some(b'\n') => {
                    i += 1;
                    break;
                }
                None => break,
                Some(&b) => {
                    value.push(b);
                    i += 1;
                }
            }
        }
        if ok {
            out.push((name, value));
        }
        rest = &after[i.min(after.len())..];
    }
    out
}

fn skip_line(s: &[u8]) -> &[u8] {
    match s.iter().position(|&b| b == b'\n') {
        Some(n) => &s[n + 1..],
        None => &[],
    }
}

/// `text` as one single-quoted word, over as many lines as it has (`'` written `'\''`).
fn single_quoted(text: &str) -> String {
    format!("'{}'", text.replace('\'', "'\\''"))
}

/// A shell variable's name: a letter or `_`, then letters, digits and `_`.
fn is_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// A value `declare -p` shows as `"value"`: printable ASCII with nothing it escapes.
fn plain(value: &str) -> bool {
    value
        .bytes()
        .all(|b| (0x20..0x7f).contains(&b) && !matches!(b, b'"' | b'\\' | b'$' | b'`'))
}

/// `declare -flags NAME=value` → flags.
fn declared_flags(declaration: &str) -> &str {
    declaration
        .strip_prefix("declare ")
        .and_then(|rest| rest.split(' ').next())
        .unwrap_or_default()
}

/// The directory a run may be moved to (the framing's `\builtin cd -- DIR`, which the tool layer
/// gives every run) without changing what [`CAPTURE`]'s `output` says: its `PWD`, when `OLDPWD`
/// is set to that same directory (a `cd` to where the shell is sets `OLDPWD` to it, and `PWD` to
/// it again) and the directory is its own real path (so that `set -P` could not make the `cd`
/// rewrite `PWD`). `None` otherwise, or when `OLDPWD`'s declaration is not a plain double-quoted
/// value.
pub(crate) fn cd_keeps(output: &[u8]) -> Option<String> {
    let text = std::str::from_utf8(output).ok()?;
    let Parts {
        cwd, declarations, ..
    } = Parts::of(text)?;
    let oldpwd = declarations
        .into_iter()
        .find(|d| declared_name(d) == Some("OLDPWD"))?;
    let (flags, value) = oldpwd.strip_prefix("declare ")?.split_once(' ')?;
    // A plain variable (exported or not): `declare -- OLDPWD="…"`, `declare -x OLDPWD="…"`.
    if !matches!(flags, "--" | "-x") {
        return None;
    }
    let quoted = value.strip_prefix("OLDPWD=\"")?.strip_suffix('"')?;
    let mut unquoted = String::with_capacity(quoted.len());
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next()? {
                e @ ('"' | '\\' | '$' | '`') => unquoted.push(e),
                other => {
                    unquoted.push('\\');
                    unquoted.push(other);
                }
            },
            '"' | '$' | '`' => return None,
            c => unquoted.push(c),
        }
    }
    let real = std::fs::canonicalize(cwd).ok()?;
    (unquoted == cwd && real.as_os_str() == cwd).then(|| cwd.to_string())
}

/// `declare -flags NAME=value` or `declare -flags NAME` → NAME.
fn declared_name(declaration: &str) -> Option<&str> {
    name_and_rest(declaration).map(|(name, _)| name)
}

/// Whether `declare -flags NAME…` gives `NAME` a value (`NAME=…`).
fn has_value(declaration: &str) -> bool {
    name_and_rest(declaration).is_some_and(|(_, rest)| rest.starts_with('='))
}

/// `declare -flags NAME…` → NAME and what follows it (`=value` or nothing).
fn name_and_rest(declaration: &str) -> Option<(&str, &str)> {
    let rest = declaration.strip_prefix("declare ")?;
    let (_, rest) = rest.split_once(' ')?;
    let end = rest
        .find(|c: char| c == '=' || c.is_whitespace())
        .unwrap_or(rest.len());
    (end > 0).then(|| rest.split_at(end))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn a_cd_keeps_the_state_where_the_shell_is_with_oldpwd_there_too() {
        let output = |cwd: &str, oldpwd: &str| {
            format!("set +o x\0shopt -u y\0\0f () \n{{ :\n}}\0\0declare -f f\0{cwd}\0declare -- X=\"1\"\0{oldpwd}\0")
        };
        assert_eq!(
            cd_keeps(output("/", "declare -x OLDPWD=\"/\"").as_bytes()),
            Some("/".into())
        );
        assert_eq!(
            cd_keeps(output("/", "declare -- OLDPWD=\"/\"").as_bytes()),
            Some("/".into())
        );
        assert_eq!(
            cd_keeps(output("/", "declare -x OLDPWD=\"/tmp\"").as_bytes()),
            None
        );
        assert_eq!(
            cd_keeps(output("/", "declare -rx OLDPWD=\"/\"").as_bytes()),
            None
        );
        assert_eq!(cd_keeps(output("/", "declare -- Y=\"/\"").as_bytes()), None);
        // Not its own real path: a `cd` under `set -P` would rewrite `PWD`.
        assert_eq!(
            cd_keeps(output("/no/such/dir", "declare -x OLDPWD=\"/no/such/dir\"").as_bytes()),
            None
        );
    }

    #[test]
    fn reads_names_and_flags() {
        assert_eq!(declared_name("declare -x A=\"1\""), Some("A"));
        assert_eq!(declared_name("declare -a ARR=([0]=\"x\")"), Some("ARR"));
        assert_eq!(
            declared_name("declare -- UNSET_BUT_DECLARED"),
            Some("UNSET_BUT_DECLARED")
        );
        assert_eq!(declared_flags("declare -rx R=\"1\""), "-rx");
        assert_eq!(declared_name("nonsense"), None);
    }

    #[test]
    fn builds_a_script_in_order_leaving_specials_and_blocking_options() {
        let output = [
            "set -o errexit\nset +o noexec\nset -o onecmd\nset -o xtrace\nset +o verbose\n",
            "shopt -s expand_aliases\nshopt -u extglob\n",
            "alias ll='ls -l'\nalias -- -='cd -'\n",
            "f () \n{ \n    echo 'f'\n}\n",
            "g () \n{ \n    :\n}\n",
            "",
            "declare -f f\ndeclare -fx g\n",
            "/tmp/x",
            "declare -x PATH=\"/bin\"\n",
            "declare -ir BASHPID=\"5\"\n",
            "declare -r RO=\"v\"\n",
            "",
        ]
        .join("\0");
        let captured = snapshot(output.as_bytes(), None).unwrap();
        assert_eq!(captured.cwd, "/tmp/x");
        let expected = format!("\\builtin shopt -u extglob\n\
            if ((BASH_VERSINFO[0] > 4 || BASH_VERSINFO[1] > 3)); then for __agsh_v in {ALL_NAMES}; do case ${{!__agsh_v@a}} in *x*) case \" PATH \" in *\" $__agsh_v \"*) ;; *) \\builtin unset -v \"$__agsh_v\";; esac;; esac; done; else for __agsh_v in $(\\builtin compgen -e); do case \" PATH \" in *\" $__agsh_v \"*) ;; *) \\builtin unset -v \"$__agsh_v\";; esac; done; fi; \\builtin unset -v __agsh_v\n\
            declare -x PATH=\"/bin\"\n\
            declare -r RO=\"v\"\n\
            \\builtin eval -- 'f () \n{{ \n    echo '\\''f'\\''\n}}'\n\
            \\builtin eval -- 'g () \n{{ \n    :\n}}'\n\
            \\builtin declare -fx g\n\
            \\builtin alias -- 'll=ls -l'\n\
            \\builtin alias -- '-=cd -'\n\
            \\builtin shopt -s expand_aliases\n\
            \\builtin set -o errexit\n");
        assert_eq!(captured.script, expected);
        assert_eq!(captured.trace, "\\builtin set -o xtrace; ");
        assert_eq!(
            with_cwd(&captured, Some("/it's")),
            format!("\\builtin cd -- '/it'\\''s'\n{expected}")
        );
    }

    /// What a snapshot of the user's shell gives a session (an `extglob` function, `globstar`,
    /// aliases, one spanning lines) comes back whole in a fresh bash: the options before the
    /// functions that need them, each definition on its own.
    #[test]
    fn a_state_with_an_extglob_function_and_aliases_comes_back_whole() {
        let session = r#"shopt -s extglob globstar expand_aliases
f() { case $1 in @(a|b)) echo ab;; *) echo other;; esac; }
alias ll='echo LL'
alias -- -='echo dash'
alias two=$'echo one\n\necho two'
g() { echo g; }
"#;
        let run = |script: &str| {
            std::process::Command::new("bash")
                .args(["--noprofile", "--norc", "-c", script])
                .env_clear()
                .env("PATH", "/usr/bin:/bin")
                .output()
                .unwrap()
                .stdout
        };
        let output = run(&format!("{session}{CAPTURE}"));
        let captured = snapshot(&output, None).unwrap();
        let file = std::env::temp_dir().join(format!("agsh-state-{}.sh", std::process::id()));
        std::fs::write(&file, &captured.script).unwrap();
        let restored = run(&format!(
            "source '{}' >/dev/null 2>&1\nf a; f c; g; ll; -; two; shopt -p extglob globstar expand_aliases",
            file.display()
        ));
        let _ = std::fs::remove_file(&file);
        assert_eq!(
            String::from_utf8_lossy(&restored),
            "ab\nother\ng\nLL\ndash\none\ntwo\nshopt -s extglob\nshopt -s globstar\nshopt -s expand_aliases\n"
        );
    }

    /// The capture without a process reads what [`CAPTURE`] reads, from a session with options that
    /// would trip a careless capture (`set -eu`, `pipefail`, `lastpipe`, a strange `IFS`), and
    /// leaves the session as it was: a second capture reads the same, and no loop variable is
    /// left. Its script, sourced by a shell that started with a variable the session does not
    /// export, gives back the session's variables and unsets that one.
    #[test]
    fn the_capture_in_place_reads_what_the_subshell_reads_and_changes_nothing() {
        let names = std::env::temp_dir().join(format!("agsh-names-{}", std::process::id()));
        let names = names.to_string_lossy().into_owned();
        let session = r#"shopt -s extglob lastpipe expand_aliases; set -o pipefail
f() { case $1 in @(a|b)) echo ab;; *) echo other;; esac; }
g() { cat <<EOF
}
f () 
EOF
}
alias ll='echo LL'
export E1=$'two\nlines' EXPORTED=yes
declare -a arr=($'p\nq' r); declare -A map=([k]=v ["a b"]=$'c\nd'); declare -i n=4; declare -r RO=1
LOOKS=$'a\ndeclare -- FAKE="1"' QUOTES="it's \"q\" \\ \$x \`y\`"; declare DECLARED_ONLY
unset GONE
IFS=:
set -eu
"#;
        let sh = |script: &str, env: &[(&str, &str)]| {
            let out = std::process::Command::new("bash")
                .args(["--noprofile", "--norc", "-c", script])
                .env_clear()
                .env("PATH", "/usr/bin:/bin")
                .envs(env.iter().copied())
                .output()
                .unwrap();
            out.stdout
        };
        let out = format!("{names}.out");
        let in_place = capture_in_place(&names, &out);
        let twice = sh(
            &format!("{session}{in_place}; cat {out}; printf '\\1'; {in_place}; cat {out}; printf '\\1%s' \"${{__agsh_f-none}}${{__agsh_v-none}}\"; {CAPTURE}"),
            &[("GONE", "1")],
        );
        let _ = std::fs::remove_file(&names);
        let _ = std::fs::remove_file(&out);
        let parts: Vec<&[u8]> = twice.split(|&b| b == 1).collect();
        assert_eq!(parts.len(), 3, "{}", String::from_utf8_lossy(&twice));
        // What the run itself prints is `ok`, once the file is written.
        let first = snapshot(parts[0].strip_prefix(b"ok").unwrap(), None).unwrap();
        let second = snapshot(parts[1].strip_prefix(b"ok").unwrap(), None).unwrap();
        let (left, subshell) = parts[2].split_at(8);
        assert_eq!(left, b"nonenone");
        assert_eq!(first, second);
        assert_eq!(first, snapshot(subshell, None).unwrap());
        assert!(
            first.script.contains("declare -x EXPORTED=\"yes\""),
            "{}",
            first.script
        );

        let file = std::env::temp_dir().join(format!("agsh-state-ip-{}.sh", std::process::id()));
        std::fs::write(&file, &first.script).unwrap();
        let restored = sh(
            &format!(
                "source '{}' >/dev/null 2>&1\nset +eu; IFS=' '; f a; g; ll; echo \"${{GONE-unset}} $EXPORTED ${{arr[0]}} ${{map[k]}} $n $RO ${{FAKE-nofake}} ${{map[a b]}}\"; declare -p E1 LOOKS QUOTES; shopt -p lastpipe; set -o | grep -E '^pipefail'",
                file.display()
            ),
            &[("GONE", "1"), ("EXPORTED", "old")],
        );
        let _ = std::fs::remove_file(&file);
        assert_eq!(
            String::from_utf8_lossy(&restored),
            "ab\n}\nf () \nLL\nunset yes p\nq v 4 1 nofake c\nd\ndeclare -x E1=$'two\\nlines'\ndeclare -- LOOKS=$'a\\ndeclare -- FAKE=\"1\"'\ndeclare -- QUOTES=\"it's \\\"q\\\" \\\\ \\$x \\`y\\`\"\nshopt -s lastpipe\npipefail       \ton\n"
        );
    }

    /// Knowing the environment the new shell starts with, the script leaves alone the exported
    /// variables it has already (same value, shown as `declare -p` shows it), names those to
    /// unset, and still declares whatever differs; sourced, it gives the session's variables.
    #[test]
    fn with_the_start_environment_only_what_differs_is_declared() {
        let output = [
            "set -o errexit\n",
            "shopt -s extglob\nshopt -u dotglob\nshopt -s globstar\n",
            "",
            "",
            "",
            "/tmp",
            "declare -x PATH=\"/usr/bin:/bin\"\n",
            "declare -x CHANGED=\"new\"\n",
            "declare -x Q=\"a\\\"b\"\n",
            "declare -- PLAIN=\"p\"\n",
            "declare -ir SHLVL=\"1\"\n",
            "",
        ]
        .join("\0");
        let start: Vec<(String, String)> = [
            ("PATH", "/usr/bin:/bin"),
            ("CHANGED", "old"),
            ("Q", "a\"b"),
            ("GONE", "x"),
            ("A-B", "1"),
            ("SHLVL", "4"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let captured = snapshot(output.as_bytes(), Some(&start)).unwrap();
        assert_eq!(
            captured.script,
            "\\builtin shopt -s extglob globstar\n\
             \\builtin shopt -u dotglob\n\
             \\builtin unset -v GONE\n\
             declare -x CHANGED=\"new\"\n\
             declare -x Q=\"a\\\"b\"\n\
             declare -- PLAIN=\"p\"\n\
             \\builtin set -o errexit\n"
        );
        let file = std::env::temp_dir().join(format!("agsh-state-diff-{}.sh", std::process::id()));
        std::fs::write(&file, &captured.script).unwrap();
        let out = std::process::Command::new("bash")
            .args(["--noprofile", "--norc", "-c"])
            .arg(format!(
                "source '{}'; echo \"$PATH|$CHANGED|$Q|$PLAIN|${{GONE-unset}}\"; shopt -p extglob dotglob",
                file.display()
            ))
            .env_clear()
            .envs(start.iter().filter(|(k, _)| k != "A-B").cloned())
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&file);
        assert_eq!(
            String::from_utf8_lossy(&out.stdout),
            "/usr/bin:/bin|new|a\"b|p|unset\nshopt -s extglob\nshopt -u dotglob\n"
        );
    }

    #[test]
    fn a_cut_capture_is_refused() {
        assert_eq!(snapshot(b"set -o errexit\n\0shopt", None), None);
        // Cut inside a value: the quote is left open.
        let cut = "\0\0\0\0\0/\0declare -- A=\"1\"\ndeclare -- B=\"two\nli";
        assert_eq!(snapshot(cut.as_bytes(), None), None);
    }

    /// `declare -p`'s declarations, as bash 5.2 writes them and as older ones did (a newline raw
    /// inside `"…"`, an array's whole value in `'…'` before bash 4.4), split at the newlines
    /// outside quotes; a name declared with no value is left out.
    #[test]
    fn splits_the_declarations_of_one_declare_p() {
        let text = concat!(
            "declare -- A=$'x\\ndeclare -- B=\\'1\\''\n",
            "declare -- C=\"two\nlines \\\"declare -- D\\\"\"\n",
            "declare -a E='([0]=\"it'\\''s\" [1]=\"p\nq\")'\n",
            "declare -A F=([\"a b\"]=\"v\" [k]=$'\\n' )\n",
            "declare -x G\n",
            "declare -ir H=\"5\"\n",
        );
        assert_eq!(
            declarations_in(text).unwrap(),
            [
                "declare -- A=$'x\\ndeclare -- B=\\'1\\''",
                "declare -- C=\"two\nlines \\\"declare -- D\\\"\"",
                "declare -a E='([0]=\"it'\\''s\" [1]=\"p\nq\")'",
                "declare -A F=([\"a b\"]=\"v\" [k]=$'\\n' )",
                "declare -x G",
                "declare -ir H=\"5\"",
            ]
        );
        assert!(!has_value("declare -x G"));
        assert!(has_value("declare -x x=\"1\""));
        assert_eq!(
            declarations_in("declare -- A=\"1\"\nnot a declaration\n"),
            None
        );
    }
}
