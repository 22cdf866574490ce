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
        "argv", "title", "uptime", "memoryUsage", "hrtime", "config", "features", "exitCode", "exit", "umask",
        "getuid", "getgid", "geteuid", "getegid", "stdout", "stderr"]),
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

fn tokens(code: &str) -> Option<Vec<Tok>> {
    let s: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let c = s[i];
        match c {
            ' ' | '\t' | '\r' | '\n' => i += 1,
            '`' | '#' | '\\' | '@' => return None,
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
                    if d == '\\' || d == '\n' {
                        return None;
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

/// Whether the program `code` (of `node -e`, or the expression of `node -p`) only computes and
/// prints.
pub fn only_prints(code: &str) -> bool {
    let Some(toks) = tokens(code) else {
        return false;
    };
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
    let mut i = 0;
    while i < toks.len() {
        let t = &toks[i];
        let after_dot = i > 0 && matches!(&toks[i - 1], Tok::Op(o) if o == "." || o == "?.");
        match t {
            Tok::Op(o) if matches!(o.as_str(), "=" | "+=" | "-=" | "**=" | "??=" | "++" | "--") => {
                // Only `const x = …` (a declaration) assigns.
                let declares = o == "="
                    && i >= 2
                    && matches!(&toks[i - 2], Tok::Name(k) if matches!(k.as_str(), "const" | "let" | "var"));
                if !declares {
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
                    "const" | "let" | "var" | "new" | "typeof" | "of" | "in"
                ) {
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
                    if module.ends_with(".json") && !module.contains("..") {
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
    let binds_module = toks.windows(4).any(|w| {
        matches!(&w[0], Tok::Op(o) if o == "=")
            && w[1] == Tok::Name("require".into())
            && matches!(&w[3], Tok::Str(m) if !m.ends_with(".json"))
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
    fn reads_programs_that_only_print() {
        for code in [
            "console.log(1)",
            "process.version",
            "process.versions.node",
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
        ] {
            assert!(!only_prints(code), "{code}");
        }
    }
}
