//! Tcl programs that `tclsh` reads from a known standard input (`echo 'puts [expr {6*7}]' |
//! tclsh`, `tclsh <<< 'puts [info patchlevel]'`), read as Tcl parses them: commands of words,
//! `[…]` substituted as a command wherever it is not in braces, braces quoting. Every command
//! must be a literal listed name that only computes or prints (no `exec`, `open`, `file`,
//! `source`, `eval`, `uplevel`, `subst`, `proc`, `load`, `package`, `interp`, `trace`, `after`,
//! `socket`, `namespace`); the arguments that are code are read as code: the scripts and
//! conditions of `if`, `while`, `for`, `foreach`, `lmap` and `catch`, and `expr`'s expression,
//! which must be braced (or fixed text) so that nothing substituted into it is parsed again.
//! `puts` writes to `stdout`/`stderr` only, `gets`/`read` read `stdin` only; no `-command`
//! option, no `{*}`, no `::`. Fail closed. `~/.tclshrc` and the library variables are the
//! context's (tclsh 8.6 sources the rc file for a program on stdin too, measured).

use super::words::Word;

const MAX_CODE: usize = 4096; // a one-liner; longer code is not read
const MAX_DEPTH: usize = 32; // nested scripts read; deeper ones are not

/// Commands whose arguments are data (each substitution in them is read as code).
#[rustfmt::skip]
const DATA: &[&str] = &[
    "puts", "set", "incr", "append", "lappend", "unset", "list", "lindex", "llength", "lrange", "lreverse",
    "lsearch", "lsort", "lreplace", "linsert", "lassign", "lrepeat", "join", "split", "concat", "string",
    "format", "scan", "regexp", "regsub", "info", "clock", "dict", "array", "gets", "read", "exit", "return",
    "break", "continue", "pwd", "expr",
];

/// Subcommands of `dict` and `array` that neither run a script nor reach a file.
#[rustfmt::skip]
const DICT: &[&str] = &[
    "get", "create", "keys", "values", "size", "exists", "merge", "set", "append", "incr", "lappend", "remove",
    "replace", "unset", "names",
];

/// Whether the Tcl program `code` only computes and prints (see the module header).
pub fn only_prints(code: &str) -> bool {
    code.len() <= MAX_CODE && !code.contains("::") && script(code, 0)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Bare,
    Quoted,
    Braced,
}

#[derive(Clone, Copy, Debug)]
struct TclWord<'a> {
    kind: Kind,
    text: &'a str,
}

impl TclWord<'_> {
    /// Its value when nothing in it is substituted.
    fn literal(&self) -> Option<&str> {
        match self.kind {
            Kind::Braced => Some(self.text),
            _ if self.text.contains(['$', '[', '\\']) => None,
            _ => Some(self.text),
        }
    }
}

/// The index of the `close` that ends what opened before `from`, nested `open`s counted and
/// backslashes skipping a byte; `None` when it is missing.
fn matching(b: &[u8], from: usize, open: u8, close: u8) -> Option<usize> {
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            c if c == open => depth += 1,
            c if c == close => {
                if depth == 0 {
                    return Some(i);
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Reads the `[…]` substitutions of an unbraced word or an expression, from `from` to `end`:
/// each is a script.
fn substitutions(code: &str, from: usize, end: usize, depth: usize) -> bool {
    let b = code.as_bytes();
    let mut i = from;
    while i < end {
        match b[i] {
            b'\\' => i += 2,
            b'[' => {
                let Some(close) = close_bracket(code, i + 1) else {
                    return false;
                };
                if close >= end || !script(&code[i + 1..close], depth + 1) {
                    return false;
                }
                i = close + 1;
            }
            _ => i += 1,
        }
    }
    true
}

/// The `]` that closes a command substitution opened before `from`: braces inside quote it.
fn close_bracket(code: &str, from: usize) -> Option<usize> {
    let b = code.as_bytes();
    let mut depth = 0usize;
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'{' => i = matching(b, i + 1, b'{', b'}')?,
            b'[' => depth += 1,
            b']' if depth == 0 => return Some(i),
            b']' => depth -= 1,
            _ => {}
        }
        i += 1;
    }
    None
}

/// Splits a script into commands of words, reading each unbraced word's substitutions, and
/// checks each command.
fn script(code: &str, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let b = code.as_bytes();
    let mut i = 0;
    let mut words: Vec<TclWord<'_>> = Vec::new();
    loop {
        // Between words.
        while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r') {
            i += 1;
        }
        if i + 1 < b.len() && b[i] == b'\\' && b[i + 1] == b'\n' {
            i += 2;
            continue;
        }
        if i >= b.len() || matches!(b[i], b'\n' | b';') {
            if !words.is_empty() && !command(&words, depth) {
                return false;
            }
            words.clear();
            if i >= b.len() {
                return true;
            }
            i += 1;
            continue;
        }
        if words.is_empty() && b[i] == b'#' {
            // A comment runs to the end of the line (a backslash-newline continues it).
            while i < b.len() && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            continue;
        }
        if code[i..].starts_with("{*}") {
            return false;
        }
        let (word, end) = match b[i] {
            b'{' => {
                let Some(close) = matching(b, i + 1, b'{', b'}') else {
                    return false;
                };
                (
                    TclWord {
                        kind: Kind::Braced,
                        text: &code[i + 1..close],
                    },
                    close + 1,
                )
            }
            b'"' => {
                let mut j = i + 1;
                loop {
                    match b.get(j) {
                        None => return false,
                        Some(b'\\') => j += 2,
                        Some(b'[') => match close_bracket(code, j + 1) {
                            Some(close) => j = close + 1,
                            None => return false,
                        },
                        Some(b'"') => break,
                        Some(_) => j += 1,
                    }
                }
                if !substitutions(code, i + 1, j, depth) {
                    return false;
                }
                (
                    TclWord {
                        kind: Kind::Quoted,
                        text: &code[i + 1..j],
                    },
                    j + 1,
                )
            }
            _ => {
                let mut j = i;
                while j < b.len() && !matches!(b[j], b' ' | b'\t' | b'\r' | b'\n' | b';') {
                    match b[j] {
                        b'\\' => j += 2,
                        b'[' => match close_bracket(code, j + 1) {
                            Some(close) => j = close + 1,
                            None => return false,
                        },
                        _ => j += 1,
                    }
                }
                let j = j.min(b.len());
                if !substitutions(code, i, j, depth) {
                    return false;
                }
                (
                    TclWord {
                        kind: Kind::Bare,
                        text: &code[i..j],
                    },
                    j,
                )
            }
        };
        // A word ends at a space, a newline or a `;`; anything else right after a closing
        // brace or quote is an error in Tcl, and not read here.
        if word.kind != Kind::Bare
            && b.get(end)
                .is_some_and(|c| !matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b';'))
        {
            return false;
        }
        words.push(word);
        i = end;
    }
}

/// An argument that Tcl evaluates as an expression: braced (its substitutions read), or fixed
/// text.
fn expression(word: &TclWord<'_>, depth: usize) -> bool {
    match word.kind {
        Kind::Braced => substitutions(word.text, 0, word.text.len(), depth),
        _ => word.literal().is_some(),
    }
}

/// An argument that Tcl evaluates as a script: braced, or fixed text.
fn body(word: &TclWord<'_>, depth: usize) -> bool {
    word.literal().is_some_and(|text| script(text, depth + 1))
}

fn command(words: &[TclWord<'_>], depth: usize) -> bool {
    let Some((name, args)) = words.split_first() else {
        return true;
    };
    if name.kind != Kind::Bare {
        return false;
    }
    let Some(name) = name.literal() else {
        return false; // `$cmd …`, `[…] …`: a command named at run time
    };
    if args.iter().any(|a| a.literal() == Some("-command")) {
        return false;
    }
    let lit = |i: usize| args.get(i).and_then(TclWord::literal);
    match name {
        "if" => {
            let mut i = 0;
            loop {
                // condition, [then], body
                let Some(cond) = args.get(i) else {
                    return false;
                };
                if !expression(cond, depth) {
                    return false;
                }
                i += 1;
                if lit(i) == Some("then") {
                    i += 1;
                }
                match args.get(i) {
                    Some(b) if body(b, depth) => i += 1,
                    _ => return false,
                }
                match lit(i) {
                    None if i == args.len() => return true,
                    Some("elseif") => i += 1,
                    Some("else") => {
                        return args.len() == i + 2 && body(&args[i + 1], depth);
                    }
                    _ => return args.len() == i + 1 && body(&args[i], depth),
                }
            }
        }
        "while" => matches!(args, [c, b] if expression(c, depth) && body(b, depth)),
        "for" => matches!(args, [s, c, n, b]
            if body(s, depth) && expression(c, depth) && body(n, depth) && body(b, depth)),
        "foreach" | "lmap" => match args.split_last() {
            Some((b, lists)) => {
                !lists.is_empty() && lists.len().is_multiple_of(2) && body(b, depth)
            }
            None => false,
        },
        "catch" => match args.split_first() {
            Some((b, rest)) => rest.len() <= 2 && body(b, depth),
            None => false,
        },
        "expr" => match args {
            [one] => expression(one, depth),
            _ => !args.is_empty() && args.iter().all(|a| a.literal().is_some()),
        },
        "puts" => {
            let rest = match lit(0) {
                Some("-nonewline") => &args[1..],
                _ => args,
            };
            match rest {
                [_] => true,
                [channel, _] => matches!(channel.literal(), Some("stdout" | "stderr")),
                _ => false,
            }
        }
        "gets" | "read" => {
            let rest = match lit(0) {
                Some("-nonewline") => &args[1..],
                _ => args,
            };
            rest.first().is_some_and(|c| c.literal() == Some("stdin")) && rest.len() <= 2
        }
        "dict" | "array" => lit(0).is_some_and(|sub| DICT.contains(&sub)),
        _ => DATA.contains(&name),
    }
}

/// Whether `tclsh args` runs a program, given on its standard input as known text (the walker
/// passes it as one [`super::m4::FILE_TEXT`]-marked word), that only computes and prints.
pub fn stdin_only_prints(args: &[Word]) -> bool {
    match args {
        [text] => text
            .value
            .as_deref()
            .and_then(|v| v.strip_prefix(super::m4::FILE_TEXT))
            .is_some_and(only_prints),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tcl_programs() {
        for code in [
            "puts [expr {6*7}]",
            "puts [info patchlevel]",
            "puts $tcl_version",
            "set x 3; puts [expr {$x * 2}]",
            "puts [string toupper hello]",
            "foreach x {1 2 3} { puts $x }",
            "for {set i 0} {$i < 3} {incr i} { puts $i }",
            "if {$tcl_version >= 8.6} { puts new } else { puts old }",
            "puts [clock format [clock seconds] -format %Y]",
            "puts stderr \"v: [info tclversion]\"",
            "# a comment\nputs [llength {a b c}]",
            "puts [format %.2f [expr {22/7.0}]]",
            "while {[gets stdin line] >= 0} { puts [string length $line] }",
            "puts [lsort {b a c}]",
            "puts [dict get {a 1} a]",
            "puts $env(HOME)",
            "puts [expr 6*7]",
        ] {
            assert!(only_prints(code), "{code}");
        }
        for code in [
            "exec touch x",
            "puts [exec id]",
            "set f [open o.txt w]; puts $f x; close $f",
            "puts $f x",
            "file delete x",
            "source x.tcl",
            "eval {exec id}",
            "eval $cmd",
            "$cmd id",
            "[string trim { exec }] id",
            "uplevel #0 {exec id}",
            "subst {[exec id]}",
            "set x {[exec id]}; puts [expr $x]",
            "if $x { puts 1 }",
            "if {1} $body",
            "foreach x {1 2} $body",
            "proc p {} { exec id }; p",
            "puts [lsort -command exec {a b}]",
            "package require http",
            "load lib.so",
            "{*}$cmd",
            "::exec id",
            "puts \"[exec id]\"",
            "puts {a}b",
            "after 10 {exec id}",
            "rename exec e; e id",
            "interp create x",
            "puts [expr {[exec id]}]",
            "trace add variable x write p",
            "dict for {k v} {a 1} { exec id }",
            "socket localhost 80",
            "cd /tmp",
            "puts [",
        ] {
            assert!(!only_prints(code), "{code}");
        }
    }
}
