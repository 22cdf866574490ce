//! One reading of an interpreter's inline program (`php -r`, `lua -e`, `Rscript -e`): a small
//! tokenizer and a checker of names, both driven by a [`Language`], which is data (its comment and
//! string syntax, what interpolates, its member operators, the names that only compute or print,
//! the methods allowed after a member operator, how it declares local names). The program only
//! prints when every name it uses is a keyword, a listed name or a local it declares, and nothing
//! in it is dynamic: no name made from a string (a call of a string, of a variable or of an
//! expression, a callback given as a string that is not a listed name), no interpolation of code,
//! no operator the language lists as forbidden (backquotes, `::`, heredocs). Fail closed:
//! anything it does not read is not read-only.
//!
//! perl's and ruby's one-liners keep their own scanners (`perl.rs`, `ruby.rs`): what they read
//! is mostly each language's own quoting (`q{}`, `s///` flags, `%w[]`, `#{}` read recursively),
//! which this reader does not describe.

/// What a language's string of one kind does with `$`.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Interpolation {
    /// Its text is taken as it is.
    None,
    /// PHP's double quotes: `$name`, `$name[…]` and `$name->prop` read a variable; `{$…}` and
    /// `${…}` evaluate an expression, which is not read.
    Php,
}

/// How a language declares a local name; each form declares the names that follow it.
pub struct Declarations {
    /// Keywords followed by a list of names (`local a, b`).
    pub local: &'static [&'static str],
    /// Keywords whose parenthesized list names parameters (`function (a, b)`, `\(x)`).
    pub function: &'static [&'static str],
    /// Keywords followed by names up to `in` or `=` (`for k, v in`).
    pub each: &'static [&'static str],
    /// Operators that assign to the name before them (`x <- 1`, `x = 1`): a declaration only at
    /// the start of a statement outside any bracket, so a branch that does not run (`if (FALSE)
    /// system <- print`) declares nothing.
    pub assign: &'static [&'static str],
    /// Operators that assign to the name after them (`1 -> x`).
    pub assign_right: &'static [&'static str],
}

/// A language, as the checker reads it.
pub struct Language {
    /// Comments to the end of the line (`#`, `//`, `--`).
    pub line_comments: &'static [&'static str],
    /// Comments between two markers (`/*` … `*/`).
    pub block_comments: &'static [(&'static str, &'static str)],
    /// Lua's long brackets: `[[…]]`, `[==[…]==]` strings, and `--[[…]]` comments.
    pub long_brackets: bool,
    /// The string quotes and what each interpolates.
    pub quotes: &'static [(u8, Interpolation)],
    /// A sigil that makes a variable (PHP's `$`): variables are locals of the program.
    pub sigil: Option<u8>,
    /// Characters of a name besides ASCII letters, digits and `_` (R's `.`).
    pub name_chars: &'static str,
    /// Names compare without case (PHP's functions and keywords).
    pub case_insensitive: bool,
    /// Operators of more than one character, longest first where one starts another.
    pub operators: &'static [&'static str],
    /// Single characters that are operators or punctuation.
    pub punctuation: &'static str,
    /// Text that is never read-only wherever it appears outside strings and comments
    /// (backquotes, `::`, heredocs, `$$`).
    pub forbidden: &'static [&'static str],
    /// Joins a namespace and a name into one listed name (Lua's `string.format`).
    pub qualifier: Option<&'static str>,
    /// Operators after which a name is a member (`->`, `:`, `$`): a member called must be one
    /// of [`Language::methods`]; one read is a field.
    pub members: &'static [&'static str],
    /// Keywords: always allowed as names.
    pub keywords: &'static [&'static str],
    /// The names (functions, constants, qualified names) that only compute, read or print.
    pub names: &'static [&'static str],
    /// Methods a member operator may call.
    pub methods: &'static [&'static str],
    pub declarations: Declarations,
    /// Names a local may not take: the interpreter's own globals, which a declaration in a
    /// scope that does not reach a use would leave in place.
    pub predefined: &'static [&'static str],
    /// Declared names with a character of [`Language::name_chars`] are refused (R's S3
    /// methods, `print.foo <- …`, are called by dispatch).
    pub plain_locals: bool,
    /// Whether a local may be called: not where a declaration can leave the interpreter's own
    /// function in place (R: `if (FALSE) system <- print; system(…)`).
    pub calls_locals: bool,
    /// Functions that call the argument at a position (1-based) given them (`array_map`'s first,
    /// `sapply`'s second): it must be a function written there, a listed name, or a string
    /// naming one.
    pub callbacks: &'static [(&'static str, usize)],
    /// Named arguments that are callbacks wherever they appear (R's `FUN =`).
    pub callback_arguments: &'static [&'static str],
    /// Functions whose first argument is a file path: a string literal that `plain_path`
    /// accepts, or none.
    pub path_readers: &'static [&'static str],
    pub plain_path: fn(&str) -> bool,
    /// Functions that write when given more positional arguments than this, or one of these
    /// named arguments (`writeLines(x, con)`, `cat(…, file = "f")`).
    pub limits: &'static [(&'static str, usize, &'static [&'static str])],
    /// The operator that names an argument inside a call's parentheses (R's `=`), whose name
    /// is not a reference.
    pub named_argument: Option<&'static str>,
    /// A name followed by `=` inside braces is a table key (Lua's `{type = "x"}`).
    pub table_keys: bool,
    /// A string or a table constructor right after a name calls it (Lua's `print "x"`).
    pub bare_calls: bool,
    /// A newline ends a statement (Lua, R), as `;` does.
    pub newline_ends: bool,
}

const MAX_CODE: usize = 4096; // a one-liner; longer code is not read

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok<'a> {
    Name(&'a str),
    /// A sigiled variable (`$x`).
    Var,
    /// A string literal's body and the quote it was written with.
    Str(&'a str),
    Num,
    Op(&'a str),
}

/// Whether `code` only computes and prints, read as `lang` (see the module header).
pub fn only_prints(lang: &Language, code: &str) -> bool {
    if code.len() > MAX_CODE {
        return false;
    }
    let Some(tokens) = tokenize(lang, code) else {
        return false;
    };
    let Some(locals) = declared(lang, &tokens) else {
        return false;
    };
    check(lang, &tokens, &locals)
}

fn tokenize<'a>(lang: &Language, code: &'a str) -> Option<Vec<Tok<'a>>> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    'scan: while i < b.len() {
        let rest = &code[i..];
        let c = b[i];
        if c.is_ascii_whitespace() {
            if c == b'\n' && lang.newline_ends {
                out.push(Tok::Op(";"));
            }
            i += 1;
            continue;
        }
        if lang.long_brackets {
            // `--[[ … ]]` comments and `[==[ … ]==]` strings.
            let comment = rest.starts_with("--[");
            let at = if comment { 2 } else { 0 };
            if let Some(level) = long_bracket(&rest[at..]) {
                let close = format!("]{}]", "=".repeat(level));
                let body_at = at + level + 2;
                let end = rest[body_at..].find(&close)?;
                if !comment {
                    out.push(Tok::Str(&rest[body_at..body_at + end]));
                }
                i += body_at + end + close.len();
                continue;
            }
        }
        for (open, close) in lang.block_comments {
            if let Some(after) = rest.strip_prefix(open) {
                i += open.len() + after.find(close)? + close.len();
                continue 'scan;
            }
        }
        if lang.line_comments.iter().any(|m| rest.starts_with(m)) {
            i += rest.find('\n').unwrap_or(rest.len());
            continue;
        }
        if lang.forbidden.iter().any(|f| rest.starts_with(f)) {
            return None;
        }
        if let Some(&(quote, interpolation)) = lang.quotes.iter().find(|(q, _)| *q == c) {
            let end = closing(b, i + 1, quote)?;
            let body = &code[i + 1..end];
            if interpolation == Interpolation::Php && (body.contains("{$") || body.contains("${")) {
                return None;
            }
            out.push(Tok::Str(body));
            i = end + 1;
            continue;
        }
        if Some(c) == lang.sigil {
            let name = name_len(lang, &b[i + 1..]);
            if name == 0 || b[i + 1].is_ascii_digit() {
                return None; // `$$x`, `${…}`, `$1`
            }
            out.push(Tok::Var);
            i += 1 + name;
            continue;
        }
        if c.is_ascii_digit()
            || (c == b'.'
                && b.get(i + 1).is_some_and(u8::is_ascii_digit)
                && lang.name_chars.contains('.'))
        {
            i += 1;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'.' || b[i] == b'_') {
                i += 1;
            }
            out.push(Tok::Num);
            continue;
        }
        if c.is_ascii_alphabetic() || c == b'_' || (c == b'.' && lang.name_chars.contains('.')) {
            let n = name_len(lang, &b[i..]);
            out.push(Tok::Name(&code[i..i + n]));
            i += n;
            continue;
        }
        if let Some(op) = lang.operators.iter().find(|o| rest.starts_with(*o)) {
            out.push(Tok::Op(&code[i..i + op.len()]));
            i += op.len();
            continue;
        }
        if lang.punctuation.as_bytes().contains(&c) {
            out.push(Tok::Op(&code[i..i + 1]));
            i += 1;
            continue;
        }
        return None;
    }
    Some(out)
}

/// `[[` or `[==[` at the start: its level (the number of `=`).
fn long_bracket(text: &str) -> Option<usize> {
    let rest = text.strip_prefix('[')?;
    let level = rest.bytes().take_while(|&c| c == b'=').count();
    (rest.as_bytes().get(level) == Some(&b'[')).then_some(level)
}

fn name_len(lang: &Language, b: &[u8]) -> usize {
    b.iter()
        .take_while(|&&c| {
            c.is_ascii_alphanumeric() || c == b'_' || lang.name_chars.as_bytes().contains(&c)
        })
        .count()
}

/// The index of the unescaped `close` from `from` on (a backslash escapes the byte after it):
/// also perl's and ruby's scanners' delimiter search.
pub(super) fn closing(b: &[u8], from: usize, close: u8) -> Option<usize> {
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 2,
            c if c == close => return Some(i),
            _ => i += 1,
        }
    }
    None
}

fn same(lang: &Language, a: &str, b: &str) -> bool {
    if lang.case_insensitive {
        a.eq_ignore_ascii_case(b)
    } else {
        a == b
    }
}

fn listed(lang: &Language, list: &[&str], name: &str) -> bool {
    list.iter().any(|n| same(lang, n, name))
}

fn is_op(t: Option<&Tok<'_>>, op: &str) -> bool {
    matches!(t, Some(Tok::Op(o)) if *o == op)
}

fn is_name(t: Option<&Tok<'_>>, lang: &Language, list: &[&str]) -> bool {
    matches!(t, Some(Tok::Name(n)) if listed(lang, list, n))
}

/// Whether the token at `i` starts a statement outside any bracket: the first, or one after
/// `;` (a newline, where [`Language::newline_ends`]) or a block's `}`.
fn statement_start(tokens: &[Tok<'_>], i: usize, depth: usize) -> bool {
    depth == 0
        && matches!(
            i.checked_sub(1).map(|p| &tokens[p]),
            None | Some(Tok::Op(";" | "}"))
        )
}

/// The local names the program declares (see [`Declarations`]); `None` when one is refused.
fn declared<'a>(lang: &Language, tokens: &[Tok<'a>]) -> Option<Vec<&'a str>> {
    let d = &lang.declarations;
    let mut names = Vec::new();
    let mut depth = 0usize;
    // Whether the statement the walk is in started with a keyword (`if`, `for`, `while`): an
    // assignment in it is conditional.
    let mut keyword_statement = false;
    for (i, t) in tokens.iter().enumerate() {
        match t {
            Tok::Op("(" | "[" | "{") => depth += 1,
            Tok::Op(")" | "]" | "}") => depth = depth.saturating_sub(1),
            _ => {}
        }
        if statement_start(tokens, i, depth) {
            keyword_statement = is_name(Some(t), lang, lang.keywords);
        }
        let Tok::Name(name) = t else {
            if let Tok::Op(op) = t {
                if d.assign_right.contains(op) {
                    if let Some(Tok::Name(n)) = tokens.get(i + 1) {
                        names.push(*n);
                    }
                }
            }
            continue;
        };
        if listed(lang, d.local, name) || listed(lang, d.each, name) {
            // `local a, b`, `local function f`, `for k, v in`.
            let mut j = i + 1;
            if is_name(tokens.get(j), lang, d.function) || is_op(tokens.get(j), "(") {
                j += 1;
            }
            while let Some(Tok::Name(n)) = tokens.get(j) {
                names.push(*n);
                if !is_op(tokens.get(j + 1), ",") {
                    break;
                }
                j += 2;
            }
        } else if listed(lang, d.function, name) {
            // `function f(a, b)` (Lua: a global f), `function(a, b)`, `fn($a)`.
            let mut j = i + 1;
            if let Some(Tok::Name(n)) = tokens.get(j) {
                names.push(*n);
                j += 1;
            }
            if !is_op(tokens.get(j), "(") {
                continue;
            }
            j += 1;
            while let Some(t) = tokens.get(j) {
                match t {
                    Tok::Op(")") => break,
                    Tok::Name(n) if matches!(tokens.get(j - 1), Some(Tok::Op("(" | ","))) => {
                        names.push(*n)
                    }
                    _ => {}
                }
                j += 1;
            }
        } else if matches!(tokens.get(i + 1), Some(Tok::Op(o)) if d.assign.contains(o))
            && statement_start(tokens, i, depth)
            && !keyword_statement
        {
            names.push(*name);
        }
    }
    let refused = names.iter().any(|n| {
        listed(lang, lang.predefined, n)
            || listed(lang, lang.keywords, n)
            || (lang.plain_locals && n.bytes().any(|c| lang.name_chars.as_bytes().contains(&c)))
    });
    (!refused).then_some(names)
}

/// The arguments of the call whose `(` is at `open`: each a range of tokens, and the index of
/// the closing `)`.
fn arguments(tokens: &[Tok<'_>], open: usize) -> Option<(Vec<(usize, usize)>, usize)> {
    let mut args = Vec::new();
    let mut depth = 0usize;
    let mut start = open + 1;
    for (j, t) in tokens.iter().enumerate().skip(open) {
        match t {
            Tok::Op("(" | "[" | "{") => depth += 1,
            Tok::Op(")" | "]" | "}") => {
                depth -= 1;
                if depth == 0 {
                    if j > start {
                        args.push((start, j));
                    }
                    return Some((args, j));
                }
            }
            Tok::Op(",") if depth == 1 => {
                args.push((start, j));
                start = j + 1;
            }
            _ => {}
        }
    }
    None
}

/// A call of the listed function `name` whose `(` is at `open`: its callback, path and
/// argument rules hold.
fn call_allowed(
    lang: &Language,
    tokens: &[Tok<'_>],
    locals: &[&str],
    name: &str,
    open: usize,
) -> bool {
    let Some((args, _)) = arguments(tokens, open) else {
        return false;
    };
    // `name = value` inside the parentheses: the argument's name and its value.
    let named = |&(s, e): &(usize, usize)| -> (Option<&str>, (usize, usize)) {
        match (tokens.get(s), tokens.get(s + 1)) {
            (Some(Tok::Name(n)), Some(Tok::Op(o)))
                if Some(*o) == lang.named_argument && s + 2 < e =>
            {
                (Some(n), (s + 2, e))
            }
            _ => (None, (s, e)),
        }
    };
    let callback = |(s, e): (usize, usize)| -> bool {
        match &tokens[s..e] {
            [Tok::Str(body)] => {
                listed(lang, lang.names, body)
                    && !lang.callbacks.iter().any(|(c, _)| same(lang, c, body))
            }
            [Tok::Name(n)] => {
                (listed(lang, lang.names, n) && !locals.contains(n))
                    || listed(lang, &["null", "NULL"], n)
            }
            [Tok::Name(f), ..] => listed(lang, lang.declarations.function, f),
            _ => false,
        }
    };
    let mut positional = 0;
    for arg in &args {
        let (label, value) = named(arg);
        if label.is_none() {
            positional += 1;
        }
        let at_callback = match label {
            Some(l) => lang.callback_arguments.contains(&l),
            None => lang
                .callbacks
                .iter()
                .any(|(c, p)| same(lang, c, name) && *p == positional),
        };
        if at_callback && !callback(value) {
            return false;
        }
        for (f, max, refused) in lang.limits {
            if same(lang, f, name)
                && (label.is_some_and(|l| refused.contains(&l)) || positional > *max)
            {
                return false;
            }
        }
    }
    if listed(lang, lang.path_readers, name) {
        let path_ok = match args.first().map(named) {
            None => true,
            Some((_, (s, e))) => matches!(&tokens[s..e], [Tok::Str(p)] if (lang.plain_path)(p)),
        };
        if !path_ok {
            return false;
        }
    }
    true
}

fn check(lang: &Language, tokens: &[Tok<'_>], locals: &[&str]) -> bool {
    // What each open bracket is: a call's parentheses (its named arguments are not
    // references), a table's braces (its `key =` neither), or a group.
    #[derive(PartialEq)]
    enum Open {
        Call,
        Table,
        Group,
    }
    let mut stack: Vec<Open> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let t = tokens[i];
        let prev = i.checked_sub(1).map(|p| tokens[p]);
        let next = tokens.get(i + 1).copied();
        let calls = |n: Option<Tok<'_>>| {
            matches!(n, Some(Tok::Op("(")))
                || (lang.bare_calls && matches!(n, Some(Tok::Str(_) | Tok::Op("{"))))
        };
        match t {
            Tok::Op("(") => {
                // A call of a string, a variable, a call's result or an index (`$f(…)`,
                // `"system"(…)`, `(…)(…)`, `x[[1]](…)`): what it calls is made at run time.
                if matches!(prev, Some(Tok::Var | Tok::Str(_) | Tok::Op(")" | "]"))) {
                    return false;
                }
                let call = matches!(prev, Some(Tok::Name(n)) if !listed(lang, lang.keywords, n) || listed(lang, lang.declarations.function, n));
                stack.push(if call { Open::Call } else { Open::Group });
            }
            Tok::Op("{") => stack.push(if lang.table_keys {
                Open::Table
            } else {
                Open::Group
            }),
            Tok::Op("[") => stack.push(Open::Group),
            // A closing bracket pops its opening one (the guard does); one too many is refused.
            Tok::Op(")" | "]" | "}") if stack.pop().is_none() => return false,
            Tok::Op(")" | "]" | "}") => {}
            Tok::Op(op) if lang.members.contains(&op) => {
                // A member: a field read, or a listed method called.
                let Some(Tok::Name(member)) = next else {
                    return false;
                };
                if calls(tokens.get(i + 2).copied()) && !listed(lang, lang.methods, member) {
                    return false;
                }
                i += 2;
                continue;
            }
            Tok::Name(name) => {
                let keyword = listed(lang, lang.keywords, name);
                let label = match stack.last() {
                    Some(Open::Call) => {
                        lang.named_argument.is_some_and(|a| is_op(next.as_ref(), a))
                    }
                    Some(Open::Table) => is_op(next.as_ref(), "="),
                    _ => false,
                };
                if label {
                    i += 2;
                    continue;
                }
                if keyword {
                    i += 1;
                    continue;
                }
                if locals.contains(&name) {
                    if calls(next) && !lang.calls_locals {
                        return false;
                    }
                    i += 1;
                    continue;
                }
                // `string.format`: one listed name; a namespace alone (`os`) is not listed.
                let mut full = name.to_string();
                let mut end = i + 1;
                if let Some(q) = lang.qualifier {
                    while is_op(tokens.get(end), q) {
                        let Some(Tok::Name(part)) = tokens.get(end + 1) else {
                            return false;
                        };
                        full = format!("{full}{q}{part}");
                        end += 2;
                    }
                }
                if !listed(lang, lang.names, &full) {
                    return false;
                }
                if is_op(tokens.get(end), "(") && !call_allowed(lang, tokens, locals, &full, end) {
                    return false;
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    stack.is_empty()
}
