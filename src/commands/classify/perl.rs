//! Reads a perl one-liner (`perl -lane 'print $F[1] if $. > 1' file`) far enough to see that it
//! only computes and prints: every bare word must be a listed builtin that neither writes, runs,
//! loads nor evaluates; strings and patterns may not interpolate code (`@{[ … ]}`, `(?{ … })`);
//! `s///` only without `e`; no typeglob, symbolic call, package name, `$^I` or `@ARGV`. The
//! switches are the reading ones (-n -p -l -a -F -e -w -T, -M of a core pragma …, not -i, -I, -d, -x), and each file
//! operand is a plain name: `<>` opens its operands with the two-argument `open`, which runs a
//! name ending in `|`.

use super::oneliner::closing;

/// Builtins and keywords that compute, print to the standard streams or control the flow.
#[rustfmt::skip]
const WORDS: &[&str] = &[
    "print", "printf", "say", "if", "unless", "else", "elsif", "while", "until", "for", "foreach", "last", "next",
    "my", "our", "local", "length", "substr", "index", "rindex", "uc", "lc", "ucfirst", "lcfirst", "split", "join",
    "sprintf", "chomp", "chop", "chr", "ord", "abs", "int", "sqrt", "hex", "oct", "defined", "undef", "scalar",
    "keys", "values", "each", "exists", "delete", "push", "pop", "shift", "unshift", "reverse", "sort", "map",
    "grep", "x", "eq", "ne", "lt", "gt", "le", "ge", "cmp", "and", "or", "not", "xor", "END", "BEGIN", "STDERR",
    "STDOUT", "exit", "die", "warn", "quotemeta", "pos", "time", "localtime", "gmtime", "sin", "cos", "exp",
    "log", "atan2", "wantarray", "ref", "q", "qq", "qw", "m", "s", "tr", "y",
];

/// Pragmas `-M` may load: they only change how the code compiles.
pub(crate) const PRAGMAS: &[&str] = &["strict", "warnings", "utf8", "integer", "bytes"];

/// Switches that take no value and only change how the program reads and prints (`-c` only
/// compiles: it runs less, never more).
const FLAGS: &str = "nplawWTtsUc";

/// Whether `perl args` runs inline code (`-e`) that only reads its input and prints.
pub fn one_liner_only_prints(args: &[super::words::Word]) -> bool {
    one_liner(args).is_some_and(|code| only_prints(&code))
}

/// `perl -e CODE` that would only print but for files it opens without writing them
/// ([`opened_without_writing`]): the paths that must exist for it to change nothing.
pub fn one_liner_only_prints_opening(args: &[super::words::Word]) -> Option<Vec<String>> {
    let code = one_liner(args)?;
    let (code, files) = opened_without_writing(&code)?;
    only_prints(&code).then_some(files)
}

/// The program of `perl args` when its switches are the reading ones and its operands plain
/// file names.
fn one_liner(args: &[super::words::Word]) -> Option<String> {
    use super::args::{inline_program, Switch};
    let program = inline_program(args, |c, rest| match c {
        'e' | 'E' => Some(Switch::Code),
        // `-Fpattern`: perl puts a pattern in quotes itself, but pastes one written between
        // `/`, `"` or `'` into its code as it is.
        'F' => (!rest.starts_with(['/', '"', '\'']) && inert_interpolation(rest))
            .then_some(Switch::Rest),
        // `-l` and `-0` take octal digits (`-0x` hexadecimal ones) after them.
        'l' | '0' => Some(Switch::Digits(match rest.strip_prefix('x') {
            Some(hex) if c == '0' => 1 + hex.chars().take_while(char::is_ascii_hexdigit).count(),
            _ => rest.chars().take_while(|d| ('0'..='7').contains(d)).count(),
        })),
        // `-Mstrict`: a core pragma, from perl's own library (PERL5LIB and PERLLIB, which could
        // put another first, are the context's; `.` is not in @INC since 5.26).
        // `-MO=Deparse` prints the program compiled and stops before it runs (B::Deparse, a core
        // module; what runs as it compiles is the code, judged as it is).
        'M' | 'm' => (PRAGMAS.contains(&rest) || rest == "O=Deparse").then_some(Switch::Rest),
        c if FLAGS.contains(c) => Some(Switch::Flag),
        _ => None,
    });
    let (code, operands) = program?;
    operands
        .iter()
        .all(|w| !w.glob && w.value.as_deref().is_some_and(plain_file))
        .then_some(code)
}

/// `open(my $f, MODE, PATH) …; … <$f> …; close $f`: the three-argument open of a lexical
/// handle, whose mode is a literal `<` (read), `+<` (read and write: never creates or
/// truncates, a missing file fails) or `>>`/`+>>` (append: creates a missing file only), with
/// an optional `:raw`/`:crlf`/`:utf8` layer, and a literal path. A file opened so is unchanged
/// until something is written through it (perl 5.36, measured: mtime and ctime kept), so the
/// open counts as a read when every other use of `$f` reads or closes it: `<$f>`, `close $f`,
/// `close($f)`, `eof $f`, `eof($f)` (`print $f …`, `print {$f}`, `select $f`, `\$f`, a copy,
/// an interpolation are not taken). The code comes back with each such open made `1`, each
/// `<$f>` made `<>` (a read of the input) and each close or eof made `1`, for [`only_prints`]
/// to judge the rest; with the paths the append modes need to exist. `None` when there is no
/// such open, or any other `open`.
fn opened_without_writing(code: &str) -> Option<(String, Vec<String>)> {
    const MAX_CODE: usize = 4096; // a one-liner, as only_prints reads
    if code.len() > MAX_CODE || !code.contains("open") {
        return None;
    }
    let literal = |t: &str| -> Option<(String, usize)> {
        let quote = t.chars().next().filter(|q| *q == '\'' || *q == '"')?;
        let end = t[1..].find(quote)? + 1;
        let body = &t[1..end];
        (!body.contains(['$', '@', '\\'])).then(|| (body.to_string(), end + 1))
    };
    let mut out = String::with_capacity(code.len());
    let mut files = Vec::new();
    let mut handles: Vec<String> = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("open") {
        let before = rest[..at].chars().next_back();
        let word_start = before.is_none_or(|c| {
            !(c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '@' || c == '%')
        });
        let after = &rest[at + 4..];
        if !word_start || after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            out.push_str(&rest[..at + 4]);
            rest = after;
            continue;
        }
        // `open(my $f, '<', 'x')` or `open my $f, '<', 'x'`.
        let t = after.trim_start();
        let (paren, t) = match t.strip_prefix('(') {
            Some(t) => (true, t.trim_start()),
            None => (false, t),
        };
        let t = t.strip_prefix("my")?.trim_start().strip_prefix('$')?;
        let name_end = t
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(t.len());
        let name = &t[..name_end];
        if name.is_empty() || name.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        let t = t[name_end..].trim_start().strip_prefix(',')?.trim_start();
        let (mode, used) = literal(t)?;
        let t = t[used..].trim_start().strip_prefix(',')?.trim_start();
        let (path, used) = literal(t)?;
        let mut t = t[used..].trim_start();
        if paren {
            t = t.strip_prefix(')')?;
        }
        let (base, layer) = mode
            .split_once(':')
            .map_or((mode.as_str(), ""), |(b, l)| (b, l));
        if !matches!(layer, "" | "raw" | "crlf" | "utf8") {
            return None;
        }
        match base.trim() {
            "<" | "+<" => {}
            ">>" | "+>>" => files.push(path),
            _ => return None,
        }
        if path_is_empty_or_option(&files) {
            return None;
        }
        handles.push(name.to_string());
        out.push_str(&rest[..at]);
        out.push('1');
        rest = t;
    }
    out.push_str(rest);
    if handles.is_empty() {
        return None;
    }
    // Every other use of each handle reads or closes it.
    let mut code = out;
    for name in &handles {
        let var = format!("${name}");
        for (from, to) in [
            (format!("<{var}>"), "<>".to_string()),
            (format!("close({var})"), "1".to_string()),
            (format!("close {var}"), "1".to_string()),
            (format!("eof({var})"), "1".to_string()),
            (format!("eof {var}"), "1".to_string()),
        ] {
            code = code.replace(&from, &to);
        }
        let named = code.match_indices(&var).any(|(at, _)| {
            !code[at + var.len()..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        });
        if named || code.contains(&format!("{{{name}}}")) {
            return None;
        }
    }
    Some((code, files))
}

/// An append mode's path that is empty or could be read as something else.
fn path_is_empty_or_option(files: &[String]) -> bool {
    files.iter().any(|f| f.is_empty() || f.starts_with('-'))
}

/// A file name `<>` opens as a file: no mode characters, no pipe, not an option.
fn plain_file(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('-')
        && name.chars().all(|c| {
            c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '/' | ',' | '+' | '@' | '%' | '=')
        })
        && !name.starts_with('+')
}

/// Whether the perl code only computes and prints (see the module header).
pub fn only_prints(code: &str) -> bool {
    const MAX_CODE: usize = 4096; // a one-liner; longer code is not read
    if code.len() > MAX_CODE {
        return false;
    }
    let b = code.as_bytes();
    let mut i = 0;
    // Whether a `/` here starts a pattern (after an operator or at the start) or divides.
    let mut term_before = false;
    // The first byte of the token before this one: a POD block (`=head1` … `=cut`) starts only
    // where a statement may begin (perlsyn, "PODs: Embedded Documentation"), so only after `;`
    // or `}` or at the start; anywhere else `=` is read as code.
    let mut previous: Option<u8> = None;
    while i < b.len() {
        let c = b[i] as char;
        if c == '='
            && (i == 0 || b[i - 1] == b'\n')
            && matches!(previous, None | Some(b';' | b'}'))
            && b.get(i + 1).is_some_and(u8::is_ascii_alphabetic)
        {
            i = pod_end(code, i);
            continue;
        }
        if !c.is_ascii_whitespace() && c != '#' {
            previous = Some(b[i]);
        }
        match c {
            '\'' => {
                let Some(end) = closing(b, i + 1, b'\'') else {
                    return false;
                };
                i = end + 1;
                term_before = true;
            }
            '"' | '`' => {
                if c == '`' {
                    return false;
                }
                let Some(end) = closing(b, i + 1, b'"') else {
                    return false;
                };
                if !inert_interpolation(&code[i + 1..end]) {
                    return false;
                }
                i = end + 1;
                term_before = true;
            }
            '/' if !term_before => {
                let Some(end) = closing(b, i + 1, b'/') else {
                    return false;
                };
                if !inert_interpolation(&code[i + 1..end]) {
                    return false;
                }
                i = end + 1;
                i += pattern_flags(b, i, "gimsxo");
                term_before = true;
            }
            '$' | '@' | '%' => {
                // A variable: `$_`, `$F[1]`, `$.`, `@F`, `%h`; `$^I` and `${^…}` are not allowed.
                let next = b.get(i + 1).map(|&n| n as char);
                match next {
                    Some('^') | Some('{') | Some('$') => return false,
                    Some(n) if n.is_ascii_alphabetic() || n == '_' => {
                        let start = i + 1;
                        let mut end = start;
                        while end < b.len() && (b[end].is_ascii_alphanumeric() || b[end] == b'_') {
                            end += 1;
                        }
                        // `@ARGV` names what `<>` opens; `%SIG` handlers named by a string,
                        // `@INC`/`%INC` what is loaded.
                        if b.get(end) == Some(&b':')
                            || matches!(&code[start..end], "ARGV" | "SIG" | "INC")
                        {
                            return false;
                        }
                        i = end;
                    }
                    // Punctuation variables (`$.`, `$_`, `$,`, `$0`); `%` and `@` alone operate.
                    Some(_) if c == '$' => i += 2,
                    _ => i += 1,
                }
                term_before =
                    c == '$' || matches!(next, Some(n) if n.is_ascii_alphanumeric() || n == '_');
            }
            '&' if matches!(b.get(i + 1), Some(b'$' | b'{')) => return false,
            '*' if b
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_alphabetic() || *n == b'{') =>
            {
                return false
            }
            '-' if b.get(i + 1) == Some(&b'>') => return false, // method and code-reference calls
            '<' if b
                .get(i + 1)
                .is_some_and(|n| n.is_ascii_alphabetic() || *n == b'$') =>
            {
                return false; // `<FH>`, `<$fh>`, `<STDIN>`: a handle; `<>` reads the input
            }
            ':' if b.get(i + 1) == Some(&b':') => return false,
            '#' => {
                // A comment runs to the end of the line.
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let word = &code[start..i];
                // `use strict;`, `no warnings;`: a core pragma, as `-M` loads one; any other
                // module, version or import list is not taken.
                if word == "use" || word == "no" {
                    let rest = &code[i..];
                    let named = rest.trim_start();
                    let end = named
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .unwrap_or(named.len());
                    let after = named[end..].trim_start();
                    if !PRAGMAS.contains(&&named[..end]) || !after.starts_with(';') {
                        return false;
                    }
                    i += rest.len() - after.len() + 1;
                    term_before = false;
                    continue;
                }
                if !WORDS.contains(&word) {
                    return false;
                }
                match word {
                    "m" | "q" | "qq" | "qw"
                        if b.get(i).is_some_and(|d| {
                            !d.is_ascii_alphanumeric() && !d.is_ascii_whitespace()
                        }) =>
                    {
                        let open = b[i];
                        let close = closing_of(open);
                        let Some(end) = closing(b, i + 1, close) else {
                            return false;
                        };
                        // `m//` and `qq()` interpolate as `"…"` does.
                        if matches!(word, "m" | "qq") && !inert_interpolation(&code[i + 1..end]) {
                            return false;
                        }
                        i = end + 1;
                        if word == "m" {
                            i += pattern_flags(b, i, "gimsxo");
                        }
                        term_before = true;
                        continue;
                    }
                    "s" | "tr" | "y" if b.get(i) == Some(&b'/') => {
                        let Some(mid) = closing(b, i + 1, b'/') else {
                            return false;
                        };
                        let Some(end) = closing(b, mid + 1, b'/') else {
                            return false;
                        };
                        if !inert_interpolation(&code[i + 1..end]) {
                            return false;
                        }
                        i = end + 1;
                        let flags = if word == "s" { "gimsxr" } else { "cdsr" };
                        i += pattern_flags(b, i, flags);
                        if b.get(i).is_some_and(|f| f.is_ascii_alphabetic()) {
                            return false; // a flag not listed: `e` evaluates the replacement
                        }
                        term_before = true;
                        continue;
                    }
                    "m" | "q" | "qq" | "qw" | "s" | "tr" | "y" => return false,
                    _ => {}
                }
                term_before = !matches!(
                    word,
                    "if" | "unless"
                        | "while"
                        | "until"
                        | "and"
                        | "or"
                        | "not"
                        | "xor"
                        | "split"
                        | "grep"
                        | "return"
                        | "x"
                        | "eq"
                        | "ne"
                        | "lt"
                        | "gt"
                        | "le"
                        | "ge"
                        | "cmp"
                        | "print"
                        | "say"
                        | "push"
                );
            }
            c if c.is_ascii_digit() => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.' || b[i] == b'_')
                {
                    i += 1;
                }
                term_before = true;
            }
            ')' | ']' | '}' => {
                i += 1;
                term_before = true;
            }
            c if c.is_ascii_whitespace() => i += 1,
            c if "(){}[];,.=+-*/&<>!?:|^~\\".contains(c) => {
                // `<>` and `<STDIN>` read the input; `\` takes a reference.
                if c == '\\'
                    && b.get(i + 1)
                        .is_some_and(|n| n.is_ascii_alphabetic() || *n == b'&')
                {
                    return false;
                }
                i += 1;
                term_before = false;
            }
            _ => return false,
        }
    }
    true
}

/// Where the code resumes after the POD block starting at `at`: after its `=cut` line, or at
/// the end when there is none.
/// A `=cut` line that starts the block ends it too (the shorter reading: what follows is read
/// as code either way).
fn pod_end(code: &str, at: usize) -> usize {
    let mut line = at;
    loop {
        let text = &code[line..];
        let end = text.find('\n').map_or(code.len(), |e| line + e + 1);
        if text.starts_with("=cut")
            && !text[4..].starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_')
        {
            return end;
        }
        if end >= code.len() {
            return code.len();
        }
        line = end;
    }
}

fn closing_of(open: u8) -> u8 {
    match open {
        b'(' => b')',
        b'[' => b']',
        b'{' => b'}',
        b'<' => b'>',
        other => other,
    }
}

/// How many of `allowed` flag letters follow at `at`.
fn pattern_flags(b: &[u8], at: usize, allowed: &str) -> usize {
    b[at.min(b.len())..]
        .iter()
        .take_while(|f| allowed.as_bytes().contains(f))
        .count()
}

/// A string or pattern's text interpolates no code: no `@{`, `${`, `$(`-less block forms, no
/// `(?{`/`(??{` code blocks, no `\N{` named-character lookups that load modules.
fn inert_interpolation(text: &str) -> bool {
    !["@{", "${", "(?{", "(??{", "(*{", "\\N{", "$^", "::", "->"]
        .iter()
        .any(|p| text.contains(p))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::classify::words::Word;

    #[test]
    fn reads_switches_and_operands() {
        let words = |a: &[&str]| a.iter().map(|w| Word::literal(w)).collect::<Vec<_>>();
        for args in [
            &["-F,", "-lane", "print $F[1] if $. > 1", "data.csv"][..],
            &["-T", "-ne", "print if /beta/", "notes.txt"],
            &["-nle", "print length", "a.txt", "b.txt"],
            &["-e", "print 1"],
            &["-ne", "print", "--", "a.txt"],
            &["-Mstrict", "-Mwarnings", "-e", "print 1"],
            &["-wMstrict", "-e", "print 1"],
        ] {
            assert!(one_liner_only_prints(&words(args)), "{args:?}");
        }
        for args in [
            &["x.pl", "-e", "print"][..],
            &["-i", "-pe", "s/a/b/", "f"],
            &["-pi", "-e", "s/a/b/", "f"],
            &["-MPOSIX", "-e", "print"],
            &["-M", "strict", "-e", "print"],
            &["-Mstrict=refs", "-e", "print"],
            &["-M-strict", "-e", "print"],
            &["-mx", "-e", "print"],
            &["-Ilib", "-e", "print"],
            &["-ne", "print", "rm -rf ~|"],
            &["-ne", "print", "--", "-x"],
            &["-ne", "print", "<a.txt"],
            &["-F/x/;system'id';/", "-ane", "print"],
            &["-e", "print", "-e", "system 'id'"],
            &["-n", "notes.txt"],
            &["-x", "-e", "print"],
        ] {
            assert!(!one_liner_only_prints(&words(args)), "{args:?}");
        }
    }

    #[test]
    fn reads_one_liners() {
        for code in [
            "print $F[1] if $. > 1",
            "print if /beta/",
            "print",
            "$n++ if /x/; END { print $n }",
            "s/foo/bar/g; print",
            "tr/a-z/A-Z/",
            "print join(',', map { uc } split /:/)",
            "printf \"%s\\n\", $_",
            "print length($_) / 2",
            "chomp; print scalar reverse $_",
        ] {
            assert!(only_prints(code), "{code}");
        }
        for code in [
            "system 'id'",
            "`id`",
            "print `id`",
            "qx(id)",
            "open my $f, '>', 'x'; print $f 1",
            "unlink 'x'",
            "s/x/system('id')/e",
            "s/x/y/ee",
            "print \"@{[ system 'id' ]}\"",
            "/(?{ system 'id' })/",
            "$^I = ''; print",
            "@ARGV = ('id|'); print <>",
            "eval $x",
            "do 'x.pl'",
            "require POSIX",
            "use POSIX",
            "&{'sys'.'tem'}('id')",
            "*STDOUT = *X",
            "POSIX::_exit(0)",
            "$x->()",
            "print <*.c>",
            "kill 9, 1",
            "rename 'a', 'b'",
            "print ${\\ system 'id'}",
            "$SIG{__WARN__} = 'main::x'; warn 1",
            "push @INC, '.'",
        ] {
            assert!(!only_prints(code), "{code}");
        }
    }

    /// POD is skipped where a statement may begin, up to its `=cut` line; a `=` anywhere else
    /// is code, and a block that is only its `=cut` line hides nothing after it (cls50).
    #[test]
    fn skips_pod_where_a_statement_begins() {
        for (code, prints) in [
            (
                "=head1 NAME\n\nw - widget\n\n=cut\nprint \"ok\\n\";\n",
                true,
            ),
            (
                "print 1;\n=head1 NAME\n\nsystem 1\n\n=cut\nprint 2;\n",
                true,
            ),
            ("print 1;\n=pod\n\nsystem 1\n", true),
            ("my $x\n=system \"touch y\";\n", false),
            ("print 1;\n=cut\nsystem(\"touch y\");\n", false),
            (
                "print \"x;\n=head1 \";system(\"touch y\");\n=cut\n\";\n",
                false,
            ),
        ] {
            assert_eq!(only_prints(code), prints, "{code:?}");
        }
    }
}
