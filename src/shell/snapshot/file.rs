//! The snapshot as bash reads it: written by us, never by the user's shell. Options first (a
//! function may need `extglob` to parse), then variables, then one isolated definition per
//! function (each its own `eval` of a quoted word: one that does not parse drops itself, not the
//! rest), then aliases (after the functions, so that no alias is expanded into a function body
//! that was stored expanded already), then `expand_aliases`. Every value is single-quoted byte
//! for byte; nothing in the file runs anything of the user's when sourced.

/// A variable the snapshot sets.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Var {
    /// `export NAME='value'`, where the session has not set NAME.
    Exported(String, Vec<u8>),
    /// `NAME='value'`, where the session has not set NAME: a shell variable a captured function
    /// reads.
    Shell(String, Vec<u8>),
    /// PATH: the directories the startup files put in front of the caller's, then the session's
    /// own PATH as it is when the file is sourced, then those they added after it.
    Path { front: Vec<u8>, back: Vec<u8> },
}

/// What the file defines.
#[derive(Debug, Default, Clone, PartialEq)]
pub(super) struct Plan {
    /// bash options turned on (`shopt -s`).
    pub(super) options: Vec<String>,
    pub(super) vars: Vec<Var>,
    /// Name and whole definition (`name () { … }`).
    pub(super) functions: Vec<(String, Vec<u8>)>,
    pub(super) aliases: Vec<(String, Vec<u8>)>,
    /// `shopt -s expand_aliases` at the end (bash expands aliases in scripts only with it).
    pub(super) expand_aliases: bool,
}

/// `value` as one single-quoted bash word (`'` written `'\''`), byte for byte.
pub(super) fn quote(value: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(value.len() + 2);
    out.push(b'\'');
    for &b in value {
        if b == b'\'' {
            out.extend_from_slice(b"'\\''");
        } else {
            out.push(b);
        }
    }
    out.push(b'\'');
    out
}

/// The file's text. `shell` names the captured shell in its first line.
pub(super) fn render(plan: &Plan, shell: &str) -> Vec<u8> {
    let mut out = format!(
        "# agent-shell: a snapshot of the user's {shell} (aliases, functions, options, \
         environment), sourced by bash when a session starts. Made by agent-shell; not to edit.\n"
    )
    .into_bytes();
    let mut line = |parts: &[&[u8]]| {
        for p in parts {
            out.extend_from_slice(p);
        }
        out.push(b'\n');
    };
    for option in &plan.options {
        line(&[b"\\builtin shopt -s ", option.as_bytes()]);
    }
    for var in &plan.vars {
        match var {
            // Only where the session has not set the name: a key its caller, `sessionEnv` or
            // the non-interactive environment sets wins over the startup files' value.
            Var::Exported(name, value) => line(&[
                b"[[ -n ${",
                name.as_bytes(),
                b"+set} ]] || \\builtin export ",
                name.as_bytes(),
                b"=",
                &quote(value),
            ]),
            Var::Shell(name, value) => line(&[
                b"[[ -n ${",
                name.as_bytes(),
                b"+set} ]] || ",
                name.as_bytes(),
                b"=",
                &quote(value),
            ]),
            Var::Path { front, back } => {
                let middle: &[u8] = match (front.is_empty(), back.is_empty()) {
                    (false, false) | (false, true) => b"\"${PATH:+:$PATH}\"",
                    (true, false) => b"\"${PATH:+$PATH:}\"",
                    (true, true) => b"\"$PATH\"",
                };
                let front = if front.is_empty() {
                    Vec::new()
                } else {
                    quote(front)
                };
                let back = if back.is_empty() {
                    Vec::new()
                } else if front.is_empty() {
                    quote(back)
                } else {
                    quote(&[b":", back.as_slice()].concat())
                };
                line(&[b"\\builtin export PATH=", &front, middle, &back]);
            }
        }
    }
    for (_, definition) in &plan.functions {
        line(&[b"\\builtin eval -- ", &quote(definition)]);
    }
    for (name, value) in &plan.aliases {
        let word = [name.as_bytes(), b"=", value].concat();
        line(&[b"\\builtin alias -- ", &quote(&word)]);
    }
    if plan.expand_aliases {
        line(&[b"\\builtin shopt -s expand_aliases"]);
    }
    out
}

/// The PATH the startup files made, against the caller's: the directories they added before the
/// first of the caller's that they kept (`front`) and the others they added (`back`), each
/// once, empty entries left out. `None` when they added none (a PATH they only reordered or cut
/// is left as the caller has it: nothing of the caller's is lost).
pub(super) fn path_merge(rc: &[u8], caller: &[u8]) -> Option<Var> {
    let theirs: Vec<&[u8]> = caller
        .split(|&b| b == b':')
        .filter(|e| !e.is_empty())
        .collect();
    let mut front: Vec<&[u8]> = Vec::new();
    let mut back: Vec<&[u8]> = Vec::new();
    let mut seen_caller = false;
    for entry in rc.split(|&b| b == b':').filter(|e| !e.is_empty()) {
        if theirs.contains(&entry) {
            seen_caller = true;
        } else if !front.contains(&entry) && !back.contains(&entry) {
            if seen_caller {
                back.push(entry);
            } else {
                front.push(entry);
            }
        }
    }
    if front.is_empty() && back.is_empty() {
        return None;
    }
    Some(Var::Path {
        front: front.join(&b':'),
        back: back.join(&b':'),
    })
}

/// The PATH `var` gives a session whose PATH is `session` (what the check compares with).
pub(super) fn merged_path(var: &Var, session: &[u8]) -> Vec<u8> {
    let Var::Path { front, back } = var else {
        return session.to_vec();
    };
    let parts: Vec<&[u8]> = [front.as_slice(), session, back.as_slice()]
        .into_iter()
        .filter(|p| !p.is_empty())
        .collect();
    parts.join(&b':')
}
