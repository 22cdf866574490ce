//! Reads a `node -e`/`node -p` program far enough to see that it only computes and prints:
//! `console.log(…)`, `process.version`, `require('./package.json').version`,
//! `require('os').cpus().length`, declarations of names, arrow functions of one parameter. Every
//! name must be one of those listed or declared in the program, every module required is one of a
//! few (`os`, `path`, `fs` for reading, a `.json` file), and nothing reaches a function's
//! constructor, `eval` or a global object. Anything else is not read-only.

/// Globals and the properties that may be used under them (`*`: any).
#[rustfmt::skip]
const GLOBALS: &[(&str, &[&str])] = &[
    ("console", &["log", "info", "error", "warn", "table", "dir"]),
    ("process", &["version", "versions", "platform", "arch", "pid", "ppid", "execPath", "cwd", "env", "release",
        "argv", "argv0", "execArgv", "title", "uptime", "memoryUsage", "hrtime", "config", "features", "exitCode", "exit", "umask",
        "getuid", "getgid", "geteuid", "getegid", "stdout", "stderr",
        // A warning goes to stderr; only --redirect-warnings=FILE (not taken with -e here,
        // and not harmless in NODE_OPTIONS) writes it to a file (node 20's docs).
        "emitWarning"]),
    ("JSON", &["stringify", "parse"]), ("Math", &["*"]), ("Number", &["*"]), ("String", &["*"]),
    ("Object", &["keys", "values", "entries", "fromEntries"]), ("Array", &["isArray", "from", "of"]),
    ("Date", &["now", "parse", "UTC"]), ("Boolean", &[]), ("BigInt", &[]), ("Intl", &["*"]), ("Buffer", &["from", "byteLength", "isBuffer"]),
    ("parseInt", &[]), ("parseFloat", &[]), ("isNaN", &[]), ("encodeURIComponent", &[]), ("decodeURIComponent", &[]),
    ("undefined", &[]), ("NaN", &[]), ("Infinity", &[]), ("true", &[]), ("false", &[]), ("null", &[]),
];

/// Modules `require` may load, with what may be used of them.
#[rustfmt::skip]
const MODULES: &[(&str, &[&str])] = &[
    ("os", &["platform", "arch", "cpus", "totalmem", "freemem", "hostname", "homedir", "tmpdir", "type", "release",
        "EOL", "uptime", "userInfo", "endianness", "loadavg", "version", "machine", "availableParallelism"]),
    ("node:os", &["platform", "arch", "cpus", "totalmem", "freemem", "hostname", "homedir", "tmpdir", "type",
        "release", "EOL", "uptime", "userInfo", "endianness", "loadavg", "version", "machine", "availableParallelism"]),
    ("path", &["join", "resolve", "basename", "dirname", "extname", "relative", "sep", "delimiter", "normalize",
        "isAbsolute", "parse"]),
    ("node:path", &["join", "resolve", "basename", "dirname", "extname", "relative", "sep", "delimiter",
        "normalize", "isAbsolute", "parse"]),
    ("fs", &["readFileSync", "existsSync", "readdirSync", "statSync", "lstatSync", "readlinkSync", "realpathSync"]),
    ("node:fs", &["readFileSync", "existsSync", "readdirSync", "statSync", "lstatSync", "readlinkSync", "realpathSync"]),
    ("util", &["inspect", "format"]), ("node:util", &["inspect", "format"]),
];

/// Names that reach code, globals or a prototype: never allowed as a property or a name.
const DENIED: &[&str] = &[
    "constructor",
    "__proto__",
    "prototype",
    "eval",
    "Function",
    "globalThis",
    "global",
    "import",
    "Reflect",
    "Proxy",
    "binding",
    "_linkedBinding",
    "dlopen",
    "mainModule",
    "kill",
    "chdir",
    "setuid",
    "setgid",
    "send",
    "disconnect",
    "emit",
    "on",
    "once",
    "defineProperty",
    "assign",
    "setPrototypeOf",
    "__defineGetter__",
    "__defineSetter__",
    "call",
    "apply",
    "bind",
];

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Name(String),
    Str(String),
    Num,
    Op(String),
}

/// How much of JavaScript a text may use: a one-liner is code, read strictly; a module of data
/// (a tool's configuration) may carry comments, and its strings are only data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Text {
    OneLiner,
    Data,
}

fn tokens(code: &str, kind: Text) -> Option<Vec<Tok>> {
    let s: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        match c {
            ' ' | '\t' | '\r' | '\n' => i += 1,
            '`' | '#' | '\\' | '@' => return None,
            '/' if kind == Text::Data && s.get(i + 1) == Some(&'/') => {
                while i < s.len() && s[i] != '\n' {
                    i += 1;
                }
            }
            '/' if kind == Text::Data && s.get(i + 1) == Some(&'*') => {
                let rest: String = s[i + 2..].iter().collect();
                i = match rest.find("*/") {
                    Some(end) => i + 2 + rest[..end].chars().count() + 2,
                    None => s.len(),
                };
            }
            '/' if matches!(s.get(i + 1), Some('/' | '*')) => return None,
            c if c.is_ascii_alphabetic() || c == '_' || c == '$' => {
                let start = i;
                while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == '_' || s[i] == '$') {
                    i += 1;
                }
                out.push(Tok::Name(s[start..i].iter().collect()));
            }
            c if c.is_ascii_digit() => {
                while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == '.' || s[i] == '_') {
                    i += 1;
                }
                out.push(Tok::Num);
            }
            '\'' | '"' => {
                let mut text = String::new();
                let mut j = i + 1;
                loop {
                    let d = *s.get(j)?;
                    if d == '\n' {
                        return None;
                    }
                    // Only escapes of one character that stand for themselves or a control
                    // character: `\u0063` or `\x63` could spell a module's name.
                    if d == '\\' {
                        let e = *s.get(j + 1)?;
                        text.push(match e {
                            'n' => '\n',
                            't' => '\t',
                            'r' => '\r',
                            '\\' | '\'' | '"' => e,
                            // Data's strings are never names: any escape stands for a character.
                            _ if kind == Text::Data => e,
                            _ => return None,
                        });
                        j += 2;
                        continue;
                    }
                    if d == c {
                        break;
                    }
                    text.push(d);
                    j += 1;
                }
                out.push(Tok::Str(text));
                i = j + 1;
            }
            _ => {
                let three: String = s[i..(i + 3).min(s.len())].iter().collect();
                let two: String = s[i..(i + 2).min(s.len())].iter().collect();
                let op = if ["===", "!==", "...", "**=", "??="].contains(&three.as_str()) {
                    three
                } else if [
                    "==", "!=", "<=", ">=", "=>", "&&", "||", "??", "?.", "++", "--", "+=", "-=",
                    "**",
                ]
                .contains(&two.as_str())
                {
                    two
                } else {
                    c.to_string()
                };
                i += op.chars().count();
                out.push(Tok::Op(op));
            }
        }
    }
    Some(out)
}

/// A JavaScript module that only exports a literal (`export default [{ rules: { semi: "error" }
/// }];`, `module.exports = {…}`), with comments, an optional `"use strict";` and a trailing `;`:
/// a tool's configuration that is data (eslint's). Read with the one-liners' tokens.
pub fn module_exports_literal(text: &str) -> bool {
    const MAX_TEXT: usize = 64 * 1024; // a configuration of data; a longer file is not read
    if text.len() > MAX_TEXT {
        return false;
    }
    let Some(toks) = tokens(text, Text::Data) else {
        return false;
    };
    let name = |t: Option<&Tok>, n: &str| matches!(t, Some(Tok::Name(x)) if x == n);
    let op = |t: Option<&Tok>, o: &str| matches!(t, Some(Tok::Op(x)) if x == o);
    let mut i = 0;
    if matches!(toks.first(), Some(Tok::Str(s)) if s == "use strict") {
        i = 1 + usize::from(op(toks.get(1), ";"));
    }
    if name(toks.get(i), "export") && name(toks.get(i + 1), "default") {
        i += 2;
    } else if name(toks.get(i), "module")
        && op(toks.get(i + 1), ".")
        && name(toks.get(i + 2), "exports")
        && op(toks.get(i + 3), "=")
    {
        i += 4;
    } else {
        return false;
    }
    let Some(end) = literal(&toks, i, 0) else {
        return false;
    };
    let end = end + usize::from(op(toks.get(end), ";"));
    end == toks.len()
}

/// The end of the literal value (a string, a number, `true`, `false`, `null`, an array or an
/// object of them, keyed by names, strings or numbers) that starts at `toks[i]`.
fn literal(toks: &[Tok], i: usize, depth: usize) -> Option<usize> {
    const MAX_DEPTH: usize = 32; // nesting of objects and arrays; deeper is not read
    let op = |at: usize, o: &str| matches!(toks.get(at), Some(Tok::Op(x)) if x == o);
    match toks.get(i)? {
        Tok::Str(_) | Tok::Num => Some(i + 1),
        Tok::Name(n) if matches!(n.as_str(), "true" | "false" | "null") => Some(i + 1),
        Tok::Op(o) if o == "-" && matches!(toks.get(i + 1), Some(Tok::Num)) => Some(i + 2),
        Tok::Op(o) if (o == "{" || o == "[") && depth < MAX_DEPTH => {
            let object = o == "{";
            let close = if object { "}" } else { "]" };
            let mut at = i + 1;
            loop {
                if op(at, close) {
                    return Some(at + 1);
                }
                if object {
                    if !matches!(toks.get(at)?, Tok::Name(_) | Tok::Str(_) | Tok::Num)
                        || !op(at + 1, ":")
                    {
                        return None;
                    }
                    at += 2;
                }
                at = literal(toks, at, depth + 1)?;
                if op(at, ",") {
                    at += 1;
                } else if !op(at, close) {
                    return None;
                }
            }
        }
        _ => None,
    }
}

/// Whether the program `code` (of `node -e`, or the expression of `node -p`) only computes and
/// prints.
pub fn only_prints(code: &str) -> bool {
    tokens(code, Text::OneLiner).is_some_and(|toks| prints(&toks))
}

/// A program that would only print but for its `fs.mkdirSync(DIR, …)` calls (on
/// `require('fs')` or a name bound to it and used only for its members; DIR a literal; then
/// `{ recursive, mode }` or a mode): the directories named. A mkdir of a path where something is
/// already makes nothing (node 20's `MKDirpSync` and `mkdir`: the system call answers EEXIST,
/// recursive or not; a file or a dangling link there is an error, measured), so where each DIR
/// exists the program only prints. `None` without such a call, or when the rest does more.
pub fn only_prints_making_dirs(code: &str) -> Option<Vec<String>> {
    let toks = tokens(code, Text::OneLiner)?;
    let is_fs = |t: Option<&Tok>| matches!(t, Some(Tok::Str(m)) if m == "fs" || m == "node:fs");
    let op_at = |at: Option<usize>, ops: &[&str]| matches!(at.and_then(|a| toks.get(a)), Some(Tok::Op(o)) if ops.contains(&o.as_str()));
    // `const fs = require('fs')`, the name used nowhere else but before a member.
    let fs_names: Vec<&str> = toks
        .windows(7)
        .filter_map(|w| match (&w[0], &w[1], &w[2], &w[3], &w[4]) {
            (Tok::Name(k), Tok::Name(n), Tok::Op(eq), Tok::Name(r), Tok::Op(open))
                if matches!(k.as_str(), "const" | "let" | "var")
                    && eq == "="
                    && r == "require"
                    && open == "("
                    && is_fs(w.get(5))
                    && w[6] == Tok::Op(")".into()) =>
            {
                Some(n.as_str())
            }
            _ => None,
        })
        .filter(|n| {
            toks.iter().enumerate().all(|(at, t)| {
                let declared = matches!(at.checked_sub(1).map(|p| &toks[p]), Some(Tok::Name(k)) if matches!(k.as_str(), "const" | "let" | "var"));
                !matches!(t, Tok::Name(x) if x == n)
                    || declared
                    || op_at(at.checked_sub(1), &[".", "?."])
                    || op_at(Some(at + 1), &["."])
            })
        })
        .collect();
    let mut rest = Vec::with_capacity(toks.len());
    let mut dirs = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let receiver = match &toks[i] {
            _ if op_at(i.checked_sub(1), &[".", "?."]) => None,
            Tok::Name(r) if r == "require" => {
                (op_at(Some(i + 1), &["("]) && is_fs(toks.get(i + 2)) && op_at(Some(i + 3), &[")"]))
                    .then_some(4)
            }
            Tok::Name(n) if fs_names.contains(&n.as_str()) => Some(1),
            _ => None,
        };
        let call = receiver.and_then(|r| mkdir_call(&toks[i + r..]).map(|(d, u)| (d, r + u)));
        if let Some((dir, used)) = call {
            dirs.push(dir);
            // The call's value (undefined, or the first directory made) names nothing.
            rest.push(Tok::Num);
            i += used;
            continue;
        }
        rest.push(toks[i].clone());
        i += 1;
    }
    (!dirs.is_empty() && prints(&rest)).then_some(dirs)
}

/// A program that would only print but for `require('child_process').execSync(COMMAND)` calls
/// (`node:child_process` too; COMMAND a literal, with `{ encoding: 'utf8' }` or `'utf8'` at
/// most): the commands, which node runs with `/bin/sh -c` in its own directory and environment,
/// their output piped back and their input empty (node 20's docs). The caller judges each
/// command as a script in the same context: so the program is read-only exactly when they are.
/// A command is taken only in the words sh and bash read alike: letters, digits, spaces,
/// quotes and `-_./=:,@%+` (no expansion, redirection, glob, list or pipe); the call's value is
/// read as a string (`.toString().trim()` after it). `None` without such a call, or when the
/// rest does more.
pub fn only_prints_running(code: &str) -> Option<Vec<String>> {
    let toks = tokens(code, Text::OneLiner)?;
    let op = |at: usize, o: &str| matches!(toks.get(at), Some(Tok::Op(x)) if x == o);
    let plain = |c: &str| {
        !c.trim().is_empty()
            && c.chars()
                .all(|ch| ch.is_ascii_alphanumeric() || " -_./=:,@%+'\"".contains(ch))
            && c.matches('\'').count().is_multiple_of(2)
            && c.matches('"').count().is_multiple_of(2)
    };
    let mut rest = Vec::with_capacity(toks.len());
    let mut commands = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let call = (toks[i] == Tok::Name("require".into())
            && !(i > 0 && (op(i - 1, ".") || op(i - 1, "?.")))
            && op(i + 1, "(")
            && matches!(toks.get(i + 2), Some(Tok::Str(m)) if m == "child_process" || m == "node:child_process")
            && op(i + 3, ")")
            && op(i + 4, ".")
            && toks.get(i + 5) == Some(&Tok::Name("execSync".into()))
            && op(i + 6, "("))
        .then(|| match toks.get(i + 7) {
            Some(Tok::Str(command)) if plain(command) => {
                let utf8 = |t: Option<&Tok>| {
                    matches!(t, Some(Tok::Str(e)) if matches!(e.as_str(), "utf8" | "utf-8"))
                };
                let end = if op(i + 8, ")") {
                    Some(i + 9)
                } else if op(i + 8, ",") && utf8(toks.get(i + 9)) && op(i + 10, ")") {
                    Some(i + 11)
                } else if op(i + 8, ",")
                    && op(i + 9, "{")
                    && toks.get(i + 10) == Some(&Tok::Name("encoding".into()))
                    && op(i + 11, ":")
                    && utf8(toks.get(i + 12))
                    && op(i + 13, "}")
                    && op(i + 14, ")")
                {
                    Some(i + 15)
                } else {
                    None
                };
                end.map(|e| (command.clone(), e))
            }
            _ => None,
        })
        .flatten();
        if let Some((command, end)) = call {
            commands.push(command);
            // The output, a string (or a Buffer, whose `toString` makes one).
            rest.push(Tok::Str(String::new()));
            i = end;
            continue;
        }
        rest.push(toks[i].clone());
        i += 1;
    }
    (!commands.is_empty() && prints(&rest)).then_some(commands)
}

/// `.mkdirSync(DIR)`, `.mkdirSync(DIR, MODE)` or `.mkdirSync(DIR, { recursive: BOOL, mode:
/// MODE })` at the start of `toks`: DIR and how many tokens the call takes.
fn mkdir_call(toks: &[Tok]) -> Option<(String, usize)> {
    let op = |at: usize, o: &str| matches!(toks.get(at), Some(Tok::Op(x)) if x == o);
    let boolean = |t: &Tok| matches!(t, Tok::Name(b) if b == "true" || b == "false");
    if !op(0, ".") || toks.get(1) != Some(&Tok::Name("mkdirSync".into())) || !op(2, "(") {
        return None;
    }
    let Some(Tok::Str(dir)) = toks.get(3) else {
        return None;
    };
    if dir.is_empty() {
        return None;
    }
    let mut i = 4;
    if op(i, ",") && toks.get(i + 1) == Some(&Tok::Num) {
        i += 2;
    } else if op(i, ",") && op(i + 1, "{") {
        i += 2;
        while !op(i, "}") {
            match (toks.get(i), toks.get(i + 2)) {
                (Some(Tok::Name(k)), Some(v))
                    if op(i + 1, ":")
                        && ((k == "recursive" && boolean(v))
                            || (k == "mode" && matches!(v, Tok::Num))) => {}
                _ => return None,
            }
            i += 3;
            if op(i, ",") {
                i += 1;
            } else if !op(i, "}") {
                return None;
            }
        }
        i += 1;
    }
    op(i, ")").then(|| (dir.clone(), i + 1))
}

/// Whether the tokens of a one-liner only compute and print (see [`only_prints`]).
fn prints(toks: &[Tok]) -> bool {
    let mut locals: Vec<String> = Vec::new();
    // Declared names and arrow parameters.
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Name(k) if matches!(k.as_str(), "const" | "let" | "var") => {
                if let Some(Tok::Name(n)) = toks.get(i + 1) {
                    locals.push(n.clone());
                }
            }
            Tok::Op(o) if o == "=>" => {
                match i.checked_sub(1).and_then(|p| toks.get(p)) {
                    Some(Tok::Name(n)) => locals.push(n.clone()),
                    // `(a, b) =>`: the names back to the opening parenthesis.
                    Some(Tok::Op(close)) if close == ")" => {
                        let mut j = i - 1;
                        while j > 0 {
                            j -= 1;
                            match &toks[j] {
                                Tok::Name(n) => locals.push(n.clone()),
                                Tok::Op(o) if o == "," => {}
                                _ => break,
                            }
                        }
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
    // `const fs = require('fs')` binds a module: each use of the name must be one of its listed
    // members, right away. `const { readFileSync } = require('fs')` binds listed members only.
    let mut module_locals: Vec<(&str, &[&str])> = Vec::new();
    let mut module_bindings: Vec<usize> = Vec::new(); // where their `=` stands
    for (i, t) in toks.iter().enumerate() {
        if !matches!(t, Tok::Name(k) if matches!(k.as_str(), "const" | "let" | "var")) {
            continue;
        }
        let mut eq = i + 1;
        let mut names: Vec<&str> = Vec::new();
        let destructures = toks.get(eq) == Some(&Tok::Op("{".into()));
        if destructures {
            eq += 1;
            while let Some(Tok::Name(n)) = toks.get(eq) {
                names.push(n);
                eq += 1;
                match toks.get(eq) {
                    Some(Tok::Op(o)) if o == "," => eq += 1,
                    _ => break,
                }
            }
            if toks.get(eq) != Some(&Tok::Op("}".into())) {
                continue;
            }
            eq += 1;
        } else if let Some(Tok::Name(n)) = toks.get(eq) {
            names.push(n);
            eq += 1;
        }
        let (
            Some(Tok::Op(o)),
            Some(Tok::Name(r)),
            Some(Tok::Op(open)),
            Some(Tok::Str(m)),
            Some(Tok::Op(close)),
        ) = (
            toks.get(eq),
            toks.get(eq + 1),
            toks.get(eq + 2),
            toks.get(eq + 3),
            toks.get(eq + 4),
        )
        else {
            continue;
        };
        let Some((_, members)) = MODULES.iter().find(|(name, _)| name == m) else {
            continue;
        };
        let ends = !matches!(toks.get(eq + 5), Some(Tok::Op(o)) if matches!(o.as_str(), "." | "?." | "(" | "["));
        if o != "=" || r != "require" || open != "(" || close != ")" || !ends || names.is_empty() {
            continue;
        }
        if destructures {
            if names.iter().all(|n| members.contains(n)) {
                locals.extend(names.iter().map(|n| n.to_string()));
                module_bindings.push(eq);
            }
        } else {
            module_locals.push((names[0], members));
            module_bindings.push(eq);
        }
    }
    let is_module = |n: &str| module_locals.iter().any(|(m, _)| *m == n);
    // A plain local name (not a member, not a module), before or after `at`.
    let plain_local = |at: usize| {
        matches!(toks.get(at), Some(Tok::Name(n)) if locals.contains(n) && !is_module(n))
            && !matches!(at.checked_sub(1).and_then(|p| toks.get(p)), Some(Tok::Op(o)) if o == "." || o == "?.")
            && !matches!(toks.get(at + 1), Some(Tok::Op(o)) if matches!(o.as_str(), "." | "?." | "["))
    };
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        let after_dot = i > 0 && matches!(&toks[i - 1], Tok::Op(o) if o == "." || o == "?.");
        match t {
            Tok::Op(o) if matches!(o.as_str(), "=" | "+=" | "-=" | "**=" | "??=" | "++" | "--") => {
                // A declaration (`const x = …`), a module bound as above, or a local name
                // given a new value (`n += i`, `i++`): nothing outside the program changes.
                let declares = o == "="
                    && i >= 2
                    && matches!(&toks[i - 2], Tok::Name(k) if matches!(k.as_str(), "const" | "let" | "var"));
                let updates = if matches!(o.as_str(), "++" | "--") {
                    (i > 0 && plain_local(i - 1)) || plain_local(i + 1)
                } else {
                    i > 0 && plain_local(i - 1)
                };
                if !declares && !updates && !module_bindings.contains(&i) {
                    return false;
                }
            }
            Tok::Op(o) if o == "[" => {
                // A computed property reaches anything (`x["constructor"]`): only a number
                // inside; a `[` after an operator or at the start is an array.
                let indexing = i > 0 && matches!(&toks[i - 1], Tok::Name(_) | Tok::Str(_))
                    || matches!(i.checked_sub(1).and_then(|p| toks.get(p)), Some(Tok::Op(o)) if o == ")" || o == "]");
                if indexing
                    && (toks.get(i + 1) != Some(&Tok::Num)
                        || toks.get(i + 2) != Some(&Tok::Op("]".into())))
                {
                    return false;
                }
            }
            // A member of a global or module chain is checked where the chain starts; a member
            // of a value may be anything but these.
            Tok::Name(name)
                if after_dot && (DENIED.contains(&name.as_str()) || name.starts_with('_')) =>
            {
                return false
            }
            Tok::Name(_) if after_dot => {}
            Tok::Name(name) => {
                if DENIED.contains(&name.as_str()) {
                    return false;
                }
                if matches!(
                    name.as_str(),
                    "const"
                        | "let"
                        | "var"
                        | "new"
                        | "typeof"
                        | "of"
                        | "in"
                        | "for"
                        | "if"
                        | "else"
                ) {
                    i += 1;
                    continue;
                }
                if let Some((_, members)) = module_locals.iter().find(|(m, _)| *m == name) {
                    let declared = i > 0
                        && matches!(&toks[i - 1], Tok::Name(k) if matches!(k.as_str(), "const" | "let" | "var"));
                    match (toks.get(i + 1), toks.get(i + 2)) {
                        _ if declared => {}
                        (Some(Tok::Op(dot)), Some(Tok::Name(member)))
                            if (dot == "." || dot == "?.")
                                && members.contains(&member.as_str()) => {}
                        _ => return false,
                    }
                    i += 1;
                    continue;
                }
                if name == "require" {
                    // require('<module>') or require('./x.json'), then its members.
                    let (Some(Tok::Op(open)), Some(Tok::Str(module)), Some(Tok::Op(close))) =
                        (toks.get(i + 1), toks.get(i + 2), toks.get(i + 3))
                    else {
                        return false;
                    };
                    if open != "(" || close != ")" {
                        return false;
                    }
                    if module.ends_with(".json") && !module.contains("..")
                        || i.checked_sub(1)
                            .is_some_and(|p| module_bindings.contains(&p))
                    {
                        i += 4;
                        continue;
                    }
                    let Some((_, members)) = MODULES.iter().find(|(m, _)| m == module) else {
                        return false;
                    };
                    // A module is only used through one of its listed members, right away.
                    match (toks.get(i + 4), toks.get(i + 5)) {
                        (Some(Tok::Op(dot)), Some(Tok::Name(member)))
                            if (dot == "." || dot == "?.")
                                && members.contains(&member.as_str()) => {}
                        _ => return false,
                    }
                    i += 4;
                    continue;
                }
                if locals.contains(name) {
                    i += 1;
                    continue;
                }
                let Some((_, members)) = GLOBALS.iter().find(|(g, _)| g == name) else {
                    return false;
                };
                if let (Some(Tok::Op(dot)), Some(Tok::Name(member))) =
                    (toks.get(i + 1), toks.get(i + 2))
                {
                    if (dot == "." || dot == "?.")
                        && !members.contains(&"*")
                        && !members.contains(&member.as_str())
                    {
                        return false;
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    // A local bound to a module (`const fs = require('fs')`) would reach the module's members
    // unchecked: only data may be bound (JSON, strings, numbers, results of calls).
    let binds_module = toks.windows(4).enumerate().any(|(at, w)| {
        matches!(&w[0], Tok::Op(o) if o == "=")
            && w[1] == Tok::Name("require".into())
            && matches!(&w[3], Tok::Str(m) if !m.ends_with(".json"))
            && !module_bindings.contains(&at)
    }) || toks.windows(3).any(|w| {
        matches!(&w[0], Tok::Op(o) if o == "=")
            && matches!(&w[1], Tok::Name(g) if GLOBALS.iter().any(|(n, _)| n == g))
            && !matches!(&w[2], Tok::Op(o) if o == "." || o == "(")
    });
    !binds_module
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_directories_a_printing_program_makes() {
        let dirs = |code: &str| only_prints_making_dirs(code);
        assert_eq!(
            dirs("require(\"fs\").mkdirSync(\"src\",{recursive:true})"),
            Some(vec!["src".to_string()])
        );
        assert_eq!(
            dirs("const fs = require('fs'); fs.mkdirSync('a', 0o755); fs.mkdirSync('b/c', { recursive: false, mode: 0o700, }); console.log(fs.existsSync('a'))"),
            Some(vec!["a".to_string(), "b/c".to_string()])
        );
        assert_eq!(
            dirs("console.log(require('node:fs').mkdirSync('/tmp'))"),
            Some(vec!["/tmp".to_string()])
        );
        for code in [
            "console.log(1)",
            "require('fs').mkdirSync(process.argv[1], {recursive: true})",
            "require('fs').mkdirSync('a', {recursive: true, flush: true})",
            "require('fs').mkdirSync('a'); require('fs').writeFileSync('a/x', '1')",
            "require('fs').mkdirSync('a', {recursive: true}, x)",
            "require('fs').mkdir('a', () => 1)",
            "x.require('fs').mkdirSync('a')",
            // A name bound to fs used otherwise may be bound again.
            "const fs = require('fs'); [1].map(fs => fs.mkdirSync('a'))",
            "let fs = require('fs'); fs = x; fs.mkdirSync('a')",
            "const fs = require('child_process'); fs.mkdirSync('a')",
            "const fs = require('fs'); fs.mkdirSync(`a`)",
        ] {
            assert_eq!(dirs(code), None, "{code}");
        }
    }

    #[test]
    fn reads_programs_that_only_print() {
        for code in [
            "console.log(1)",
            "process.emitWarning(\"x\")",
            "process.version",
            "process.versions.node",
            "process.execArgv.length",
            "require('./package.json').version",
            "console.log(require('os').cpus().length)",
            "const p = require('./package.json'); console.log(p.name, p.version)",
            "console.log(Object.keys(require('./package.json').scripts).join(' '))",
            "JSON.stringify(process.versions)",
            "[1, 2, 3].map(x => x * 2)",
            "console.log(require('path').join('a', 'b'))",
            "require('fs').readFileSync('a.txt', 'utf8').length",
            "process.env.HOME",
            "[1, 2, 3].reduce((a, b) => a + b, 0)",
            "const fs = require(\"fs\"); console.log(fs.readdirSync(\".\").length)",
            "const { readFileSync } = require('fs'); console.log(readFileSync('a', 'utf8').length)",
            "for (const f of require('fs').readdirSync('src')) console.log(f)",
            "let n = 0; for (let i = 0; i < 5; i++) n += i; console.log(n)",
            "require('fs').readFileSync('notes.txt', 'utf8').split('\\n').length",
            "const path = require('path'); if (path.extname('a.js') === '.js') console.log('js'); else console.log('other')",
        ] {
            assert!(only_prints(code), "{code}");
        }
        for code in [
            "require('child_process').execSync('id')",
            "require('fs').writeFileSync('x', '')",
            "const fs = require('fs'); fs.writeFileSync('x', '')",
            "''.constructor.constructor('return process')()",
            "process.binding('fs')",
            "globalThis.process",
            "eval('1')",
            "new Function('1')()",
            "require(x)",
            "require('lodash')",
            "x['constructor']",
            "console.log(`${1}`)",
            "process.env.X = 1",
            "import('fs')",
            "const c = console; c.log(1)",
            "process.kill(1)",
            "Object.assign(process.env, {})",
            "require('fs')['writeFileSync']('x', '')",
            "(require('fs')).writeFileSync('x', '')",
            "require('fs')?.writeFileSync('x', '')",
            "console.log(require('child_process'))",
            "const fs = require('fs'); fs.writeFileSync('x', '')",
            "const fs = require('fs'); const g = fs; g.writeFileSync('x', '')",
            "const fs = require('fs'); (m => m.writeFileSync('x', ''))(fs)",
            "const { writeFileSync } = require('fs'); writeFileSync('x', '')",
            "const { readFileSync, writeFileSync } = require('fs')",
            "const cp = require('child_process'); cp.execSync('id')",
            "let fs = require('fs'); fs = process; fs.kill(1)",
            "const o = {}; o.x = 1",
            "let a = [1]; a[0] = 2",
            "process.exitCode++",
            "require('\\x63hild_process').execSync('id')",
            "require('child\\u005fprocess').execSync('id')",
            "const fs = require('fs').promises",
        ] {
            assert!(!only_prints(code), "{code}");
        }
    }
}
