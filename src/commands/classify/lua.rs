//! Lua's inline programs (`lua -e 'print(_VERSION)'`, `lua5.4 -e 'print(string.format(…))'`),
//! read with [`super::oneliner`]: every global must be a listed one (qualified names are read
//! whole, so `os.date` is listed and `os` alone, `os.execute`, `io.open`, `io.popen`,
//! `io.output` are not), methods only the string and standard-stream ones; no `load`,
//! `loadstring`, `dofile`, `require`, `_G`, `_ENV`, `debug`, `setmetatable`, `getmetatable`,
//! `rawget`; a local may not take the name of one of Lua's globals (a `local os` in a block
//! leaves the real one outside it). The switches are the reading ones: `-e`, `-E` (which
//! ignores `LUA_INIT`), `-W`; no `-l` (it `require`s through `LUA_PATH`, `./?.lua` first), `-i`,
//! or script. `LUA_INIT` is the context's.

use super::oneliner::{Declarations, Interpolation, Language};
use super::words::Word;

#[rustfmt::skip]
const NAMES: &[&str] = &[
    "print", "tostring", "tonumber", "type", "pairs", "ipairs", "select", "next", "assert", "error", "pcall",
    "_VERSION", "arg", "unpack",
    "string.format", "string.rep", "string.upper", "string.lower", "string.sub", "string.len", "string.byte",
    "string.char", "string.find", "string.match", "string.gmatch", "string.gsub", "string.reverse",
    "table.concat", "table.insert", "table.remove", "table.sort", "table.unpack", "table.pack",
    "math.abs", "math.ceil", "math.floor", "math.max", "math.min", "math.sqrt", "math.pi", "math.huge",
    "math.maxinteger", "math.mininteger", "math.fmod", "math.modf", "math.log", "math.exp", "math.sin",
    "math.cos", "math.tan", "math.random", "math.tointeger", "math.type", "math.ult",
    "os.time", "os.date", "os.clock", "os.getenv", "os.difftime",
    "io.write", "io.read", "io.lines", "io.stdout", "io.stderr", "io.stdin",
    "utf8.char", "utf8.len", "utf8.codepoint", "utf8.charpattern", "utf8.codes", "utf8.offset",
];

/// Methods of strings (`("x"):rep(3)`, `s:gmatch(…)`) and of the standard streams
/// (`io.stdout:write`); a file opened for writing is never in reach (`io.open` is not listed).
#[rustfmt::skip]
const METHODS: &[&str] = &[
    "format", "rep", "upper", "lower", "sub", "len", "byte", "find", "match", "gmatch", "gsub", "reverse",
    "write", "read", "lines",
];

#[rustfmt::skip]
const KEYWORDS: &[&str] = &[
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "if", "in", "local", "nil",
    "not", "or", "repeat", "return", "then", "true", "until", "while",
];

/// Lua 5.4's globals (`for k in pairs(_G)`), which a local may not shadow.
#[rustfmt::skip]
const GLOBALS: &[&str] = &[
    "_G", "_VERSION", "arg", "assert", "collectgarbage", "coroutine", "debug", "dofile", "error",
    "getmetatable", "io", "ipairs", "load", "loadfile", "math", "next", "os", "package", "pairs", "pcall",
    "print", "rawequal", "rawget", "rawlen", "rawset", "require", "select", "setmetatable", "string", "table",
    "tonumber", "tostring", "type", "utf8", "warn", "xpcall", "_ENV", "loadstring", "unpack", "setfenv",
    "getfenv", "module", "bit32", "jit", "ffi",
];

pub const LUA: Language = Language {
    line_comments: &["--"],
    block_comments: &[],
    long_brackets: true,
    quotes: &[(b'\'', Interpolation::None), (b'"', Interpolation::None)],
    sigil: None,
    name_chars: "",
    case_insensitive: false,
    operators: &["...", "..", "==", "~=", "<=", ">=", "//", "<<", ">>"],
    punctuation: "(){}[];,.=+-*/%<>#^~&|:",
    // `::label::` and `goto` jump; nothing else of Lua's is forbidden as text.
    forbidden: &["::"],
    qualifier: Some("."),
    members: &[":", "."],
    keywords: KEYWORDS,
    names: NAMES,
    methods: METHODS,
    declarations: Declarations {
        local: &["local"],
        function: &["function"],
        each: &["for"],
        assign: &["="],
        assign_right: &[],
    },
    predefined: GLOBALS,
    plain_locals: false,
    // A local holds a function written in the program or a listed one: its globals cannot be
    // shadowed, so calling it runs nothing unlisted.
    calls_locals: true,
    callbacks: &[],
    callback_arguments: &[],
    path_readers: &[],
    plain_path: |_| true,
    limits: &[],
    named_argument: None,
    table_keys: true,
    bare_calls: true,
    newline_ends: true,
};

/// Whether `lua args` runs inline code (`-e`) that only computes and prints.
pub fn one_liner_only_prints(args: &[Word]) -> bool {
    let mut programs = Vec::new();
    let mut i = 0;
    while let Some(word) = args.get(i) {
        let Some(v) = word.value.as_deref().filter(|_| !word.glob) else {
            return false;
        };
        i += 1;
        match v {
            "-E" | "-W" => {}
            "-e" => {
                let Some(code) = args.get(i).and_then(|w| w.value.clone()) else {
                    return false;
                };
                programs.push(code);
                i += 1;
            }
            _ if v.starts_with("-e") => programs.push(v[2..].to_string()),
            // A script (its arguments after it), `-` (stdin), `-i`, `-l`, `--`: not read here.
            _ => return false,
        }
    }
    // Each chunk runs in turn with the same globals: read as one program.
    !programs.is_empty() && super::oneliner::only_prints(&LUA, &programs.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::classify::oneliner::only_prints;

    #[test]
    fn reads_lua_one_liners() {
        for code in [
            "print(_VERSION)",
            r#"print(string.format("%5.2f", math.pi))"#,
            r#"print(("x"):rep(3))"#,
            r#"local t = {3, 1, 2}; table.sort(t); print(table.concat(t, ","))"#,
            r#"for line in io.lines("a.txt") do print(#line) end"#,
            r#"local n = 0 for _ in io.lines() do n = n + 1 end print(n)"#,
            r#"local s = "a,b,c"; for w in s:gmatch("[^,]+") do print(w:upper()) end"#,
            r#"local t = {type = "x", [1] = 2} print(t.type)"#,
            "io.stdout:write('x', '\\n')",
            "local function sq(x) return x * x end print(sq(3)) -- squares",
            "print [[long\nstring]] --[[ a\ncomment ]]",
            "x = 1\nprint(x)",
            r#"print(os.date("%Y", 0), os.time() > 0, os.getenv("HOME") ~= nil)"#,
        ] {
            assert!(only_prints(&LUA, code), "{code}");
        }
        for code in [
            r#"os.execute("id")"#,
            r#"io.popen("id"):close()"#,
            r#"io.open("x", "w"):write("y")"#,
            r#"io.output("x"); io.write("y")"#,
            r#"os.remove("x")"#,
            r#"os.rename("a", "b")"#,
            "print(os.tmpname())",
            r#"load("os.execute('id')")()"#,
            r#"loadstring("x")()"#,
            r#"dofile("x.lua")"#,
            r#"require("x")"#,
            r#"require "x""#,
            r#"_G["os"]["execute"]("id")"#,
            r#"_ENV.os.execute("id")"#,
            r#"local o = os; o.execute("id")"#,
            r#"if false then local os = 1 end os.execute("id")"#,
            r#"local load = print"#,
            r#"debug.sethook(print, "l")"#,
            r#"setmetatable({}, {__gc = print})"#,
            r#"print(rawget(_G, "os"))"#,
            r#"print(("x"):dump())"#,
            r#"local t = {f = print} t.f(1)"#,
            "::top:: goto top",
            "print(string.dump(print))",
        ] {
            assert!(!only_prints(&LUA, code), "{code}");
        }
    }

    #[test]
    fn reads_lua_switches() {
        let words = |a: &[&str]| a.iter().map(|w| Word::literal(w)).collect::<Vec<_>>();
        for args in [
            &["-e", "print(1)"][..],
            &["-E", "-e", "print(1)"],
            &["-eprint(1)"],
            &["-e", "x = 1", "-e", "print(x)"],
        ] {
            assert!(one_liner_only_prints(&words(args)), "{args:?}");
        }
        for args in [
            &["x.lua"][..],
            &["-e", "print(1)", "x.lua"],
            &["-l", "x", "-e", "print(1)"],
            &["-i", "-e", "print(1)"],
            &["-", "-e", "print(1)"],
            &["-e", "os.exit()"],
        ] {
            assert!(!one_liner_only_prints(&words(args)), "{args:?}");
        }
    }
}
