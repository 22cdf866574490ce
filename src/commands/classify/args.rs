//! Helpers that look at a program's arguments without a grammar: options, operands, run-time
//! words, and the few ways a verdict describes them.

use super::verdict::Verdict;
use super::words::Word;

// ---------------------------------------------------------------------------------------------
// Argument helpers

/// The words' values, in order, when every one is known (no expansion only known at run time).
pub fn values(args: &[Word]) -> Option<Vec<&str>> {
    args.iter().map(|a| a.value.as_deref()).collect()
}

/// The option words (`-x`, `--long`) before a `--`, as written.
pub fn options(args: &[Word]) -> impl Iterator<Item = &str> {
    args.iter()
        .take_while(|a| !a.is("--"))
        .filter_map(|a| a.value.as_deref())
        .filter(|v| v.starts_with('-') && v.len() > 1)
}

/// A short option `-x`, alone or in a cluster (`-rf`).
pub fn has_short(args: &[Word], flag: char) -> bool {
    options(args).any(|o| !o.starts_with("--") && o[1..].contains(flag))
}

/// A long option, alone or with `=value`.
pub fn has_long(args: &[Word], name: &str) -> bool {
    options(args).any(|o| {
        o == name
            || o.strip_prefix(name)
                .is_some_and(|rest| rest.starts_with('='))
    })
}

/// A long option that getopt_long could take for `name` (`--output`): the name itself or any
/// prefix of it (`--out`, `--o=F`), with or without `=value`. For options that write: an
/// abbreviation that is ambiguous makes the program fail, so counting it errs on the safe side.
pub fn has_long_prefix(args: &[Word], name: &str) -> bool {
    let full = name.trim_start_matches('-');
    options(args).any(|o| {
        o.strip_prefix("--").is_some_and(|given| {
            let given = given.split('=').next().unwrap_or(given);
            !given.is_empty() && full.starts_with(given)
        })
    })
}

/// The operands: words that are not options, nor the values of the options in `takes_value`.
pub fn operands<'a>(args: &'a [Word], takes_value: &[&str]) -> Vec<&'a Word> {
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
pub fn dynamic_option(args: &[Word]) -> Option<&Word> {
    args.iter()
        .take_while(|a| !a.is("--"))
        .find(|a| a.value.is_none() && a.may_be_option())
}

/// For programs whose effect depends on their options: unknown when an option could hide in a
/// run-time value (`sort $OPTS` may be `sort -o file`).
pub fn flag_sensitive(program: &str, args: &[Word]) -> Option<Verdict> {
    dynamic_option(args).map(|a| {
        Verdict::unknown(format!(
            "an argument of {program} is only known at run time: {}",
            a.text
        ))
    })
}

/// Read-only with one of `listing` options; otherwise a write described by `reason`.
pub fn lists_with(args: &[Word], listing: &[&str], reason: &str) -> Verdict {
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
pub fn list(words: &[&Word]) -> String {
    let shown: Vec<&str> = words.iter().take(3).map(|w| w.text.as_str()).collect();
    match words.len() {
        n if n > 3 => format!("{} and {} more", shown.join(", "), n - 3),
        _ => shown.join(", "),
    }
}

/// The arguments as one shell string (for `eval`, `ssh host cmd`, `sudo -s cmd`, `watch cmd`).
/// The string is made after the arguments were expanded, and then parsed again: a glob's file
/// names become code (`eval echo docs/*` with a file `docs/$(touch x).md` runs `touch`), so an
/// argument that matches file names makes the code only known at run time.
pub fn joined(args: &[Word]) -> Word {
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
    let names = args.iter().any(|a| a.glob);
    Word {
        value: all(|w| w.value.as_ref()).filter(|_| !names),
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
pub fn printed(program: &str, args: &[Word]) -> Option<String> {
    let values: Vec<&str> = values(args)?;
    match program {
        "echo" => {
            // Options are any leading `-neE` clusters; with a backslash anywhere the text
            // depends on -e and on `shopt xpg_echo`, so it is not known.
            let words: Vec<&str> = values
                .into_iter()
                .skip_while(|a| {
                    a.len() > 1
                        && a.starts_with('-')
                        && a[1..].chars().all(|c| matches!(c, 'n' | 'e' | 'E'))
                })
                .collect();
            if words.iter().any(|w| w.contains('\\')) {
                return None;
            }
            Some(words.join(" ") + "\n")
        }
        "printf" => match values.split_first() {
            Some((format, args)) if !format.starts_with('-') => printf_output(format, args),
            _ => None,
        },
        _ => None,
    }
}

/// What bash's `printf FORMAT ARGS…` prints, for formats of `%s`, `%%` and the escapes `\n`,
/// `\t`, `\\` only: the format is used again while arguments remain (bash(1), "printf"); a
/// missing argument prints as nothing. Anything else (`%d`, `%b`, a width, `\0NNN`) is not
/// computed.
fn printf_output(format: &str, args: &[&str]) -> Option<String> {
    const MAX_OUTPUT: usize = 64 * 1024; // a pipeline's text judged here is a script, never this long
    let mut out = String::new();
    let mut next = 0;
    loop {
        let mut consumed = false;
        let mut chars = format.chars();
        while let Some(ch) = chars.next() {
            match ch {
                '%' => match chars.next()? {
                    '%' => out.push('%'),
                    's' => {
                        if let Some(arg) = args.get(next) {
                            out.push_str(arg);
                        }
                        next += 1;
                        consumed = true;
                    }
                    _ => return None,
                },
                '\\' => match chars.next()? {
                    'n' => out.push('\n'),
                    't' => out.push('\t'),
                    '\\' => out.push('\\'),
                    _ => return None,
                },
                ch => out.push(ch),
            }
        }
        if out.len() > MAX_OUTPUT {
            return None;
        }
        if !consumed || next >= args.len() {
            return Some(out);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// An interpreter's inline program

/// What one switch letter of an interpreter's cluster (`-lne`, `-rjson`) is, as the program's
/// reader tells [`inline_program`].
pub enum Switch {
    /// A switch of its own; the cluster goes on with the next letter.
    Flag,
    /// A switch followed by `n` characters of its own (`-l0`'s octal digits); then the cluster
    /// goes on.
    Digits(usize),
    /// A switch whose value is the rest of the cluster, accepted; the cluster ends.
    Rest,
    /// The inline program (`-e CODE`, `-eCODE`).
    Code,
    /// A switch whose value is the rest of the cluster or the next word, accepted when `accept`
    /// says so (`-r json`, `-rjson`).
    Value(fn(&str) -> bool),
}

/// Reads an interpreter's switches up to its inline program (one `-e`, as [`Switch::Code`]
/// says) and returns the program and the words after the switches (its operands); `None` for
/// anything else: no program, two, a switch `switch` refuses (`None`), a word that is not
/// known before it runs (a glob, an expansion), a script named where the program would be.
pub fn inline_program(
    args: &[Word],
    mut switch: impl FnMut(char, &str) -> Option<Switch>,
) -> Option<(String, &[Word])> {
    let mut code = None;
    let mut i = 0;
    while let Some(word) = args.get(i) {
        let v = word.value.as_deref().filter(|_| !word.glob)?;
        i += 1;
        if v == "--" {
            break;
        }
        let Some(switches) = v.strip_prefix('-').filter(|s| !s.is_empty()) else {
            // Switches end here: a file operand after `-e CODE`, else the script it runs.
            code.as_ref()?;
            i -= 1;
            break;
        };
        let mut chars = switches.char_indices();
        while let Some((at, c)) = chars.next() {
            let rest = &switches[at + c.len_utf8()..];
            let value = |i: &mut usize| {
                if rest.is_empty() {
                    *i += 1;
                    args.get(*i - 1).and_then(|w| w.value.clone())
                } else {
                    Some(rest.to_string())
                }
            };
            match switch(c, rest)? {
                Switch::Flag => {}
                Switch::Digits(n) => {
                    for _ in 0..n {
                        chars.next();
                    }
                }
                Switch::Rest => break,
                Switch::Code => {
                    if code.is_some() {
                        return None; // several -e: read as one program, not followed here
                    }
                    code = Some(value(&mut i)?);
                    break;
                }
                Switch::Value(accept) => {
                    if !value(&mut i).is_some_and(|v| accept(&v)) {
                        return None;
                    }
                    break;
                }
            }
        }
    }
    Some((code?, &args[i.min(args.len())..]))
}
