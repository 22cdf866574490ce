//! SWI-Prolog's goals given on the command line (`swipl -g 'X is 6*7, print(X), nl' -t halt`),
//! read as Prolog calls them: a goal is a conjunction, disjunction or if-then-else of goals
//! (`,` `;` `->` `\+` and parentheses), each a listed predicate that only computes or prints
//! (`print/1`, `format/2`, `is/2`, `atom_length/2`, …) whose arguments are data, except the
//! listed meta-predicates' goal arguments (`findall/3`'s second, `forall/2`'s both,
//! `once/1`, `catch/3`'s first and third), which are read as goals in turn. A variable, a list
//! (`[file]` consults), `Module:Goal`, braces or an unlisted name at a goal's place is not
//! read-only, nor is any text with format's `~@` (it calls its argument). The switches: `-g`,
//! `-t` (both read as goals; one `-t` is needed, else the toplevel reads standard input),
//! `-q`, `-f none`; the init file and packs are the context's.

use super::words::Word;

const MAX_CODE: usize = 4096; // a one-liner; longer goals are not read
const MAX_DEPTH: usize = 32; // goals nested; deeper ones are not read

/// Predicates whose arguments are all data, by name (any arity SWI-Prolog 9 gives them).
#[rustfmt::skip]
const DATA: &[&str] = &[
    "print", "write", "writeln", "writeq", "write_canonical", "nl", "format", "tab", "put_char", "between",
    "succ", "plus", "length", "append", "member", "memberchk", "nth0", "nth1", "last", "reverse", "msort",
    "sort", "sum_list", "sumlist", "max_list", "min_list", "numlist", "max_member", "min_member",
    "list_to_set", "subtract", "intersection", "union", "delete", "select", "permutation", "flatten",
    "keysort", "pairs_keys_values", "atom_length", "atom_concat", "atom_chars", "atom_codes", "atom_number",
    "atom_string", "number_codes", "number_string", "string_concat", "string_chars", "string_codes",
    "string_code", "string_to_atom", "string_length", "sub_atom", "sub_string", "split_string", "upcase_atom",
    "downcase_atom", "string_upper", "string_lower", "char_code", "atomic_list_concat",
    "current_prolog_flag", "get_time", "format_time", "stamp_date_time", "date_time_stamp", "getenv", "halt",
    "true", "fail", "false", "!", "atom", "number", "integer", "float", "var", "nonvar", "is_list", "string",
    "compound", "atomic", "ground", "functor", "arg", "copy_term", "char_type", "code_type",
];

/// Infix predicates whose sides are data.
#[rustfmt::skip]
const INFIX: &[&str] = &[
    "is", "=", "\\=", "==", "\\==", "<", ">", "=<", ">=", "=:=", "=\\=", "@<", "@>", "@=<", "@>=",
];

/// Meta-predicates and the (1-based) positions of their goal arguments.
const META: &[(&str, usize, &[usize])] = &[
    ("findall", 3, &[2]),
    ("findall", 4, &[2]),
    ("forall", 2, &[1, 2]),
    ("aggregate_all", 3, &[2]),
    ("once", 1, &[1]),
    ("ignore", 1, &[1]),
    ("catch", 3, &[1, 3]),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Tok<'a> {
    Atom(&'a str),
    /// An atom right before `(`: a compound term's name.
    Functor(&'a str),
    Var,
    Num,
    Str,
    Open,
    Close,
    /// `[`, `]`, `{`, `}`, `|`
    Bracket(u8),
    Comma,
}

fn symbol_char(c: u8) -> bool {
    b"+-*/\\^<>=~:.?@#&$".contains(&c)
}

fn tokenize(code: &str) -> Option<Vec<Tok<'_>>> {
    // `~@` makes format call its argument; `{|Syntax||…|}` calls Syntax as the goal is read.
    if code.contains("~@") || code.contains("{|") {
        return None;
    }
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let atom: Option<&str> = match c {
            _ if c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'%' => {
                i += code[i..].find('\n').unwrap_or(code.len() - i);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2 + code[i + 2..].find("*/")? + 2;
                continue;
            }
            b'0' if b.get(i + 1) == Some(&b'\'') => {
                // `0'c`, a character code.
                let ch = code[i + 2..].chars().next()?;
                i += 2 + ch.len_utf8();
                if ch == '\\' || ch == '\'' {
                    i += 1;
                }
                out.push(Tok::Num);
                continue;
            }
            _ if c.is_ascii_digit() => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                if b.get(i) == Some(&b'.') && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    i += 1;
                    while i < b.len() && b[i].is_ascii_alphanumeric() {
                        i += 1;
                    }
                }
                out.push(Tok::Num);
                continue;
            }
            _ if c.is_ascii_uppercase() || c == b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                out.push(Tok::Var);
                continue;
            }
            _ if c.is_ascii_lowercase() => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                Some(&code[start..i])
            }
            b'\'' => {
                let end = quoted_end(b, i + 1, b'\'')?;
                i = end + 1;
                let body = &code[start + 1..end];
                // A quoted atom is the name it spells; one with escapes is not read.
                if body.contains(['\\', '\'']) {
                    return None;
                }
                Some(body)
            }
            b'"' | b'`' => {
                i = quoted_end(b, i + 1, c)? + 1;
                out.push(Tok::Str);
                continue;
            }
            b'(' => {
                i += 1;
                out.push(Tok::Open);
                continue;
            }
            b')' => {
                i += 1;
                out.push(Tok::Close);
                continue;
            }
            b',' => {
                i += 1;
                out.push(Tok::Comma);
                continue;
            }
            b'[' | b']' | b'{' | b'}' | b'|' => {
                i += 1;
                out.push(Tok::Bracket(c));
                continue;
            }
            b'!' | b';' => {
                i += 1;
                Some(&code[start..i])
            }
            _ if symbol_char(c) => {
                while i < b.len() && symbol_char(b[i]) {
                    i += 1;
                }
                let op = &code[start..i];
                // The end of the clause: a `.` followed by white space or nothing.
                if op == "." && b.get(i).is_none_or(u8::is_ascii_whitespace) {
                    return b[i..].iter().all(u8::is_ascii_whitespace).then_some(out);
                }
                Some(op)
            }
            _ => return None,
        };
        if let Some(name) = atom {
            out.push(if b.get(i) == Some(&b'(') {
                Tok::Functor(name)
            } else {
                Tok::Atom(name)
            });
        }
    }
    Some(out)
}

/// The closing quote from `from` (a backslash escapes, a doubled quote is one).
fn quoted_end(b: &[u8], from: usize, quote: u8) -> Option<usize> {
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == quote && b.get(i + 1) == Some(&quote) => i += 2,
            c if c == quote => return Some(i),
            _ => i += 1,
        }
    }
    None
}

/// Splits `toks` at the top-level tokens `at` says are separators.
fn split<'t, 'a>(toks: &'t [Tok<'a>], at: impl Fn(&Tok<'a>) -> bool) -> Option<Vec<&'t [Tok<'a>]>> {
    let mut parts = Vec::new();
    let mut depth = 0usize;
    let mut start = 0;
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Open | Tok::Bracket(b'[' | b'{') => depth += 1,
            Tok::Close | Tok::Bracket(b']' | b'}') => depth = depth.checked_sub(1)?,
            _ if depth == 0 && at(t) => {
                parts.push(&toks[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    (depth == 0).then(|| {
        parts.push(&toks[start..]);
        parts
    })
}

/// Goals joined by `,`, `;`, `->`, `*->`.
fn goals(toks: &[Tok<'_>], depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    let control = |t: &Tok<'_>| matches!(t, Tok::Comma | Tok::Atom(";" | "->" | "*->" | "|"));
    match split(toks, control) {
        Some(parts) => parts.iter().all(|p| goal(p, depth)),
        None => false,
    }
}

fn goal(toks: &[Tok<'_>], depth: usize) -> bool {
    match toks {
        [Tok::Atom("\\+"), rest @ ..] => goal(rest, depth + 1),
        [Tok::Open, inner @ .., Tok::Close] if split(inner, |_| false).is_some() => {
            goals(inner, depth + 1)
        }
        [Tok::Atom(name)] => DATA.contains(name),
        [Tok::Functor(name), Tok::Open, args @ .., Tok::Close] => {
            let Some(args) = split(args, |t| *t == Tok::Comma) else {
                return false;
            };
            let meta = META
                .iter()
                .find(|(n, arity, _)| n == name && *arity == args.len());
            match meta {
                Some((_, _, positions)) => args
                    .iter()
                    .enumerate()
                    .all(|(i, arg)| !positions.contains(&(i + 1)) || goals(arg, depth + 1)),
                None => DATA.contains(name),
            }
        }
        _ => {
            // `X is 6*7`, `A = B`: one listed infix predicate at the top; its sides are data.
            let Some(parts) = split(toks, |t| matches!(t, Tok::Atom(op) if INFIX.contains(op)))
            else {
                return false;
            };
            parts.len() == 2 && parts.iter().all(|p| !p.is_empty())
        }
    }
}

/// Whether the goal text `code` only computes and prints (see the module header).
pub fn only_prints(code: &str) -> bool {
    code.len() <= MAX_CODE && tokenize(code).is_some_and(|toks| !toks.is_empty() && goals(&toks, 0))
}

/// Whether `swipl args` runs only goals that compute and print, and stops (`-t`).
pub fn swipl_only_prints(args: &[Word]) -> bool {
    let mut goals = Vec::new();
    let mut toplevel = false;
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let Some(v) = word.value.as_deref().filter(|_| !word.glob) else {
            return false;
        };
        match v {
            "-q" | "--quiet" | "--no-tty" | "--no-signals" | "--no-packs" => {}
            "-g" | "-t" => {
                toplevel |= v == "-t";
                match words.next().and_then(|w| w.value.as_deref()) {
                    Some(g) => goals.push(g),
                    None => return false,
                }
            }
            "-f" | "-F" => {
                if !words.next().is_some_and(|w| w.is("none")) {
                    return false;
                }
            }
            _ => return false,
        }
    }
    toplevel && goals.iter().all(|g| only_prints(g))
}

/// `swipl -f none`: no init file.
pub fn swipl_skips_init(args: &[Word]) -> bool {
    args.windows(2).any(|w| w[0].is("-f") && w[1].is("none"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_goals() {
        for code in [
            "X is 6*7, print(X), nl",
            "print(ok), nl",
            "halt",
            "format('~w~n', [hello])",
            "format(\"~a ~d~n\", [x, 42])",
            "current_prolog_flag(version, V), writeln(V)",
            "forall(member(X, [1,2,3]), (Y is X*X, writeln(Y)))",
            "findall(X, between(1, 5, X), L), sum_list(L, S), print(S)",
            "( 1 < 2 -> writeln(yes) ; writeln(no) )",
            "\\+ member(x, [a]), writeln(ok)",
            "atom_length(hello, N), format(\"~d~n\", [N]).",
            "X = f(shell, 'halt'), print(X)",
            "catch(X is 1/0, E, (print(E), nl))",
            "halt(0)",
            "get_time(T), format_time(atom(A), '%Y', T), writeln(A)",
        ] {
            assert!(only_prints(code), "{code}");
        }
        for code in [
            "shell('id')",
            "shell",
            "open('o.txt', write, S), write(S, x), close(S)",
            "consult(x)",
            "[x]",
            "X = shell, X",
            "X = shell, call(X)",
            "G =.. [shell, id], G",
            "findall(X, G, L)",
            "forall(member(X, [a]), shell(X))",
            "lists:append(X, Y, Z)",
            "system:shell(id)",
            "format(\"~@\", [shell])",
            "print({|shell||id|})",
            "write_term(x, [portray_goal(shell)])",
            "use_module(library(process))",
            "assert(foo), foo",
            "delete_file(x)",
            "tell(x), print(1)",
            "{shell}",
            "X is 1, shell",
            "print(",
            "once(G)",
            "setenv('X', y)",
        ] {
            assert!(!only_prints(code), "{code}");
        }
    }

    #[test]
    fn reads_switches() {
        let words = |a: &[&str]| a.iter().map(|w| Word::literal(w)).collect::<Vec<_>>();
        for args in [
            &["-g", "X is 6*7, print(X), nl", "-t", "halt"][..],
            &["-f", "none", "-g", "print(ok), nl", "-t", "halt"],
            &["-q", "-g", "print(1)", "-t", "halt(0)"],
        ] {
            assert!(swipl_only_prints(&words(args)), "{args:?}");
        }
        for args in [
            &["-g", "print(1)"][..],
            &["-g", "print(1)", "-t", "halt", "x.pl"],
            &["-f", "x.pl", "-g", "print(1)", "-t", "halt"],
            &["-g", "shell", "-t", "halt"],
            &["-g", "print(1)", "-t", "shell"],
            &["-x", "state", "-g", "print(1)", "-t", "halt"],
        ] {
            assert!(!swipl_only_prints(&words(args)), "{args:?}");
        }
    }
}
