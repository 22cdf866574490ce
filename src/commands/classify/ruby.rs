//! Reads a ruby one-liner (`ruby -ne 'print if /TODO/' a.md`, `ruby -rjson -e 'puts
//! JSON.pretty_generate(JSON.parse(File.read("c.json")))'`) far enough to see that it only
//! computes and prints: every name (methods, constants, symbols, hash labels) must be a listed
//! one that neither writes, runs, loads nor evaluates (no `system`, `open`, `IO`, `send`, `eval`,
//! `write`, `new`, `to_sym`); strings and patterns may interpolate only code that passes the same
//! test; no backquote, `%x`, heredoc, `::`, `=>` or symbol made from a string. `File.read` and its
//! kin take no `|command` in Ruby 3 (measured with 3.1: `File.read("|cmd")` is a missing file).
//! The switches are the reading ones (`-n -p -l -a -w -W`, `-F`, `-r` of a standard library);
//! `-i`, `-I`, `-x`, `-C`, `-s` are not taken, and each file operand is a plain name.

use super::oneliner::closing;
use super::words::Word;

/// Methods, keywords and constants that compute, read files or the input, or print.
#[rustfmt::skip]
const WORDS: &[&str] = &[
    "if", "unless", "else", "elsif", "end", "while", "until", "for", "in", "do", "then", "case", "when",
    "and", "or", "not", "true", "false", "nil", "break", "next", "return", "puts", "print", "p", "pp",
    "printf", "format", "sprintf", "gets", "warn", "exit", "chomp", "chop", "strip", "lstrip", "rstrip", "split",
    "join", "map", "each", "each_with_index", "each_line", "each_char", "with_index", "select", "filter",
    "reject", "find", "detect", "count", "size", "length", "first", "last", "sort", "sort_by", "uniq", "reverse",
    "min", "max", "sum", "min_by", "max_by", "group_by", "tally", "include?", "start_with?", "end_with?",
    "empty?", "nil?", "any?", "all?", "none?", "zip", "flatten", "compact", "take", "drop", "take_while",
    "drop_while", "upcase", "downcase", "capitalize", "tr", "gsub", "sub", "match", "match?", "scan",
    "index", "rindex", "to_s", "to_i", "to_f", "to_a", "to_h", "inspect", "keys", "values", "key?", "fetch",
    "dig", "lines", "chars", "bytes", "ljust", "rjust", "center", "times", "upto", "downto", "abs", "round",
    "floor", "ceil", "then", "tap", "Integer", "Float", "String", "Array", "JSON", "parse", "pretty_generate",
    "generate", "to_json", "File", "read", "readlines", "foreach", "exist?", "file?", "directory?",
    "basename", "dirname", "extname", "expand_path", "Dir", "glob", "children", "entries", "ENV", "STDIN",
    "ARGF", "RUBY_VERSION", "RUBY_PLATFORM", "RUBY_RELEASE_DATE", "RUBY_PATCHLEVEL", "RUBY_ENGINE", "Time",
    "now", "strftime", "Math", "sqrt", "chomp!", "strip!", "gsub!", "sub!", "squeeze", "slice", "each_slice",
    "partition", "sort!", "uniq!", "values_at", "require",
    // Enumerable's, Array's, Hash's, String's and Integer's other methods that only compute
    // (Ruby 3.1's documentation); none is also a method of File, Dir or Kernel that writes,
    // runs or loads (`delete`, `rename`, `open`, `send` stay out).
    "grep", "grep_v", "each_cons", "each_with_object", "inject", "reduce", "flat_map", "filter_map",
    "find_index", "minmax", "chunk_while", "slice_when", "product", "transpose", "rotate", "succ",
    "pred", "ord", "chr", "hex", "oct", "merge", "transform_values", "transform_keys", "each_pair",
    "has_key?", "member?", "zero?", "positive?", "negative?", "even?", "odd?", "between?", "clamp",
    "divmod", "freeze", "frozen?", "each_byte", "sort_by!", "squeeze!", "downcase!", "upcase!",
    // Block parameters and locals a one-liner names (`{ |l| … }`); none is a method of Kernel's.
    "x", "y", "k", "v", "l", "line", "a", "b", "c", "f", "h", "s", "t", "e", "i", "n",
];

/// Standard libraries `-r` and `require` may load: they only parse, format or compute. Where
/// Ruby finds them (`RUBYLIB`, `RUBYOPT`, gems) is the context's.
pub const LIBRARIES: &[&str] = &[
    "json",
    "set",
    "pp",
    "time",
    "date",
    "English",
    "base64",
    "digest",
    "shellwords",
];

/// Switches that take no value and only change how the program reads and prints.
const FLAGS: &str = "nplaw";

/// Whether `ruby args` runs inline code (`-e`) that only reads its input and files and prints.
pub fn one_liner_only_prints(args: &[Word]) -> bool {
    use super::args::{inline_program, Switch};
    let program = inline_program(args, |c, rest| match c {
        'e' => Some(Switch::Code),
        'r' => Some(Switch::Value(|lib| LIBRARIES.contains(&lib))),
        // A warning level (`-W0`), `--verbose`.
        'W' => matches!(rest, "0" | "1" | "2").then_some(Switch::Rest),
        '-' => (rest == "verbose").then_some(Switch::Rest),
        // `-F:` is a field separator; one written as a pattern is code.
        'F' => {
            (!rest.is_empty() && !rest.contains(['#', '/', '"', '\'', '`'])).then_some(Switch::Rest)
        }
        c if FLAGS.contains(c) => Some(Switch::Flag),
        _ => None,
    });
    program.is_some_and(|(code, operands)| {
        operands.iter().all(|w| {
            !w.glob
                && w.value.as_deref().is_some_and(|n| {
                    n == "-"
                        || (!n.starts_with('-')
                            && n.chars().all(|c| {
                                c.is_ascii_alphanumeric()
                                    || matches!(c, '.' | '_' | '/' | ',' | '+' | '-')
                            }))
                })
        }) && only_prints(&code, 0)
    })
}

/// Whether the ruby code only computes and prints (see the module header).
pub fn only_prints(code: &str, depth: usize) -> bool {
    const MAX_CODE: usize = 4096; // a one-liner; longer code is not read
    const MAX_DEPTH: usize = 4; // interpolations inside interpolations
    if code.len() > MAX_CODE || depth > MAX_DEPTH {
        return false;
    }
    let b = code.as_bytes();
    let mut i = 0;
    // Whether a `/` or `%` here starts a literal (after an operator or at the start) or divides.
    let mut term_before = false;
    while i < b.len() {
        let c = b[i] as char;
        match c {
            '\'' => {
                let Some(end) = closing(b, i + 1, b'\'') else {
                    return false;
                };
                i = end + 1;
                term_before = true;
            }
            '"' => {
                let Some(end) = closing(b, i + 1, b'"') else {
                    return false;
                };
                // `"mode": "w"` is a label, as `mode:` is.
                if !interpolation_only_prints(&code[i + 1..end], depth)
                    || b.get(end + 1) == Some(&b':')
                {
                    return false;
                }
                i = end + 1;
                term_before = true;
            }
            '/' if !term_before => {
                let Some(end) = closing(b, i + 1, b'/') else {
                    return false;
                };
                if !interpolation_only_prints(&code[i + 1..end], depth) {
                    return false;
                }
                i = end + 1;
                while i < b.len() && b"imxo".contains(&b[i]) {
                    i += 1;
                }
                term_before = true;
            }
            // `%w[…]` words; every other percent literal (`%x`, `%i`, `%s`, `%q`, `%(…)`) is not taken.
            '%' if !term_before => {
                if b.get(i + 1) != Some(&b'w') {
                    return false;
                }
                let Some(&open) = b.get(i + 2) else {
                    return false;
                };
                let close = match open {
                    b'[' => b']',
                    b'(' => b')',
                    b'{' => b'}',
                    b'<' => b'>',
                    _ => return false,
                };
                let Some(end) = closing(b, i + 3, close) else {
                    return false;
                };
                i = end + 1;
                term_before = true;
            }
            '`' => return false,
            '$' => {
                // `$_`, `$.`, `$F`, `$1`, `$~`, `$;`, `$,`, `$/`, `$\`, `$stdout`, `$stderr`.
                let rest = &code[i + 1..];
                let name_len = rest
                    .bytes()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == b'_')
                    .count();
                let name = &rest[..name_len];
                let ok = match name {
                    "" => rest.starts_with(['.', '~', ';', ',', '/', '\\']),
                    "_" | "F" | "stdout" | "stderr" => true,
                    n => n.len() == 1 && n.as_bytes()[0].is_ascii_digit(),
                };
                if !ok {
                    return false;
                }
                i += 1 + name_len.max(1);
                term_before = true;
            }
            '@' => {
                // Instance and class variables of the program's own objects.
                i += 1;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'@')
                {
                    i += 1;
                }
                term_before = true;
            }
            ':' => {
                match b.get(i + 1) {
                    // `::` looks constants up anywhere (`Kernel::system`); `:"…"` makes a
                    // symbol of a string.
                    Some(b':') | Some(b'"') | Some(b'\'') => return false,
                    _ => i += 1,
                }
                term_before = false;
            }
            '<' if b.get(i + 1) == Some(&b'<')
                && b.get(i + 2).is_some_and(|n| {
                    matches!(n, b'~' | b'-' | b'"' | b'\'') || n.is_ascii_uppercase()
                }) =>
            {
                return false; // a heredoc
            }
            '=' if matches!(b.get(i + 1), Some(b'>')) => return false,
            '=' if !term_before && code[i..].starts_with("=begin") => return false,
            '_' if code[i..].starts_with("__") => return false, // `__send__`, `__END__`, `__method__`
            '#' => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                if i < b.len() && matches!(b[i], b'?' | b'!') && b.get(i + 1) != Some(&b'=') {
                    i += 1;
                }
                let word = &code[start..i];
                if !WORDS.contains(&word) {
                    return false;
                }
                if word == "require" && !required_library(&code[i..]) {
                    return false;
                }
                term_before = !matches!(
                    word,
                    "if" | "unless"
                        | "while"
                        | "until"
                        | "and"
                        | "or"
                        | "not"
                        | "when"
                        | "return"
                        | "puts"
                        | "print"
                        | "p"
                        | "pp"
                        | "then"
                        | "do"
                        | "else"
                        | "elsif"
                        | "in"
                        | "case"
                        | "split"
                        | "scan"
                        | "match"
                        | "match?"
                        | "sub"
                        | "gsub"
                        | "index"
                        | "grep"
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
            c if "(){}[],;.+-*<>=!&|^~?".contains(c) => {
                i += 1;
                term_before = false;
            }
            _ => return false,
        }
    }
    true
}

/// `require "json"` / `require('json')`: one of [`LIBRARIES`], named by a plain string.
fn required_library(after: &str) -> bool {
    let rest = after.trim_start().trim_start_matches('(').trim_start();
    let Some(quote) = rest.chars().next().filter(|q| matches!(q, '"' | '\'')) else {
        return false;
    };
    let name: String = rest[1..].chars().take_while(|c| *c != quote).collect();
    LIBRARIES.contains(&name.as_str())
}

/// The code in `#{…}` of a string or pattern body passes [`only_prints`]; `#@x` and `#$x`
/// interpolate a variable's text, which reading it cannot change.
fn interpolation_only_prints(body: &str, depth: usize) -> bool {
    let b = body.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            b'#' if b.get(i + 1) == Some(&b'{') => {
                let mut level = 0;
                let mut end = None;
                for (j, &c) in b.iter().enumerate().skip(i + 1) {
                    match c {
                        b'{' => level += 1,
                        b'}' => {
                            level -= 1;
                            if level == 0 {
                                end = Some(j);
                                break;
                            }
                        }
                        _ => {}
                    }
                }
                let Some(end) = end else {
                    return false;
                };
                if !only_prints(&body[i + 2..end], depth + 1) {
                    return false;
                }
                i = end + 1;
            }
            _ => i += 1,
        }
    }
    true
}
