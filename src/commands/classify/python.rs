//! Reads a `python -c` program far enough to see that it only computes and prints: its
//! statements are imports of known standard modules, assignments and expressions; every call is
//! to a function known to only read (`print`, `len`, `json.dumps`, `platform.machine`,
//! `os.path.exists`, `open(f)` for reading, a string's methods); no attribute of the kind that
//! reaches the interpreter's insides (`__class__`, `__globals__`). Anything else, or anything not
//! understood, is not read-only. (What those modules are loaded from is the context's to check.)
//! [`invocation`] reads the interpreter's own options around it, and `-m` modules with a
//! read-only mode (`json.tool`, `platform`, `pip list`).

use super::verdict::{Level, Settle, Verdict};
use super::words::Word;

/// Standard modules whose functions are listed here, with the ones that only read or compute.
/// `*` allows every function of the module (they only compute or describe the system).
#[rustfmt::skip]
const MODULES: &[(&str, &[&str])] = &[
    ("sys", &["version", "version_info", "path", "argv", "orig_argv", "executable", "platform", "prefix",
        "base_prefix", "exec_prefix", "base_exec_prefix", "maxsize", "maxunicode", "byteorder", "implementation",
        "flags", "hexversion", "api_version", "stdlib_module_names", "builtin_module_names",
        "float_info", "int_info", "hash_info", "thread_info", "copyright", "abiflags", "platlibdir",
        "pycache_prefix", "stdout", "stderr", "warnoptions", "dont_write_bytecode", "getdefaultencoding", "getfilesystemencoding", "getrecursionlimit", "getsizeof", "exit", "intern",
        "getrefcount", "stdout.write", "stderr.write", "stdout.flush", "stderr.flush", "getswitchinterval",
        "stdin", "stdin.read", "stdin.readline", "stdin.readlines", "stdin.isatty", "stdout.isatty", "stdin.buffer.read",
        // Where imports come from: the context reads the directories a literal names.
        "path.insert", "path.append"]),
    ("os", &["sep", "altsep", "extsep", "pathsep", "linesep", "curdir", "pardir", "devnull", "name", "environ",
        "path", "getcwd", "getpid", "getppid", "getuid", "geteuid", "getgid", "getegid", "getlogin", "cpu_count",
        "uname", "listdir", "scandir", "walk", "getenv", "environ.get", "environ.items", "environ.keys",
        "environ.values", "stat", "lstat", "access", "readlink", "get_terminal_size", "fspath", "fsencode",
        "fsdecode", "get_exec_path", "getloadavg", "sysconf", "confstr", "times", "urandom", "getgroups",
        "path.join", "path.exists", "path.isfile", "path.isdir", "path.islink", "path.isabs", "path.abspath",
        "path.realpath", "path.basename", "path.dirname", "path.splitext", "path.split", "path.getsize",
        "path.getmtime", "path.getctime", "path.getatime", "path.expanduser", "path.expandvars", "path.normpath",
        "path.relpath", "path.commonpath", "path.commonprefix", "path.samefile", "path.lexists", "path.sep"]),
    ("platform", &["*"]),
    ("json", &["dumps", "loads", "load", "JSONDecoder", "JSONEncoder", "JSONDecodeError"]),
    ("math", &["*"]), ("cmath", &["*"]), ("statistics", &["*"]), ("decimal", &["*"]), ("fractions", &["*"]),
    ("random", &["*"]), ("string", &["*"]), ("textwrap", &["*"]), ("itertools", &["*"]), ("functools", &["*"]),
    ("operator", &["*"]), ("collections", &["*"]), ("heapq", &["*"]), ("bisect", &["*"]), ("re", &["*"]),
    ("datetime", &["*"]), ("time", &["*"]), ("calendar", &["*"]), ("struct", &["*"]), ("binascii", &["*"]),
    ("base64", &["*"]), ("hashlib", &["*"]), ("hmac", &["*"]), ("zlib", &["*"]), ("uuid", &["*"]),
    ("unicodedata", &["*"]), ("keyword", &["*"]), ("locale", &["*"]), ("pprint", &["*"]), ("shlex", &["*"]),
    ("fnmatch", &["*"]), ("glob", &["*"]), ("copy", &["*"]), ("ipaddress", &["*"]), ("secrets", &["*"]),
    ("html", &["escape", "unescape"]), ("difflib", &["*"]), ("tomllib", &["*"]), ("stat", &["*"]),
    ("getpass", &["getuser"]), ("pwd", &["*"]), ("grp", &["*"]), ("resource", &["getrlimit", "getrusage", "getpagesize"]),
    // `ssl.create_default_context()` appends to the key log SSLKEYLOGFILE names (measured, r28):
    // the context flags that variable for every program, and inline code is not read-only
    // without the context.
    ("socket", &["gethostname", "getfqdn"]), ("ssl", &["OPENSSL_VERSION", "OPENSSL_VERSION_INFO", "HAS_TLSv1_3", "create_default_context"]), ("sqlite3", &["sqlite_version", "version"]), ("zoneinfo", &["*"]), ("io", &["StringIO", "BytesIO"]),
    ("array", &["*"]), ("numbers", &[]), ("typing", &["*"]), ("enum", &["*"]),
    // ast's functions that parse, walk or print, and its node classes (Python 3.11's); not
    // what it imported (`contextmanager`, `nullcontext`, `sys`, `IntEnum`), which a `*` would
    // let through: `ast.contextmanager(open)('x', 'w')` opens for writing.
    ("ast", &[
        "parse", "dump", "literal_eval", "walk", "iter_fields", "iter_child_nodes", "get_docstring",
        "get_source_segment", "unparse", "fix_missing_locations", "copy_location", "increment_lineno",
        "PyCF_ONLY_AST", "PyCF_TYPE_COMMENTS", "PyCF_ALLOW_TOP_LEVEL_AWAIT", "AST", "Add", "And", "AnnAssign",
        "Assert", "Assign", "AsyncFor", "AsyncFunctionDef", "AsyncWith", "Attribute", "AugAssign", "AugLoad",
        "AugStore", "Await", "BinOp", "BitAnd", "BitOr", "BitXor", "BoolOp", "Break", "Bytes", "Call",
        "ClassDef", "Compare", "Constant", "Continue", "Del", "Delete", "Dict", "DictComp", "Div", "Ellipsis",
        "Eq", "ExceptHandler", "Expr", "Expression", "ExtSlice", "FloorDiv", "For", "FormattedValue",
        "FunctionDef", "FunctionType", "GeneratorExp", "Global", "Gt", "GtE", "If", "IfExp", "Import",
        "ImportFrom", "In", "Index", "Interactive", "Invert", "Is", "IsNot", "JoinedStr", "LShift", "Lambda",
        "List", "ListComp", "Load", "Lt", "LtE", "MatMult", "Match", "MatchAs", "MatchClass", "MatchMapping",
        "MatchOr", "MatchSequence", "MatchSingleton", "MatchStar", "MatchValue", "Mod", "Module", "Mult",
        "Name", "NameConstant", "NamedExpr", "Nonlocal", "Not", "NotEq", "NotIn", "Num", "Or", "Param", "Pass",
        "Pow", "RShift", "Raise", "Return", "Set", "SetComp", "Slice", "Starred", "Store", "Str", "Sub",
        "Subscript", "Suite", "Try", "TryStar", "Tuple", "TypeIgnore", "UAdd", "USub", "UnaryOp", "While",
        "With", "Yield", "YieldFrom", "alias", "arg", "arguments", "boolop", "cmpop", "comprehension",
        "excepthandler", "expr", "expr_context", "keyword", "match_case", "mod", "operator", "pattern",
        "slice", "stmt", "type_ignore", "unaryop", "withitem"]),
    ("csv", &["reader", "DictReader", "writer", "DictWriter", "Sniffer", "field_size_limit"]),
    ("sysconfig", &["get_paths", "get_path", "get_config_var", "get_config_vars", "get_platform",
        "get_python_version", "get_scheme_names", "get_path_names", "get_default_scheme", "get_preferred_scheme"]),
    ("site", &["getsitepackages", "getusersitepackages", "getuserbase", "ENABLE_USER_SITE", "USER_SITE", "USER_BASE", "PREFIXES"]),
    ("shutil", &["which", "disk_usage", "get_terminal_size"]),
    ("pathlib", &["Path", "PurePath", "PosixPath", "PurePosixPath"]),
    ("urllib.parse", &["*"]), ("importlib.metadata", &["version", "metadata", "requires", "files", "packages_distributions"]),
    // Records go to stderr; `basicConfig`'s `filename`/`handlers` (a file) are refused where it
    // is called ([`logs_to_a_file`]), and `FileHandler` is not listed.
    ("logging", &["basicConfig", "getLogger", "debug", "info", "warning", "warn", "error", "critical",
        "exception", "log", "getLevelName", "disable", "StreamHandler", "Formatter", "DEBUG", "INFO", "WARNING",
        "ERROR", "CRITICAL", "NOTSET"]),
    ("codecs", &["encode", "decode", "lookup"]), ("this", &[]), ("dataclasses", &["*"]), ("numbers", &[]),
    // Only with a literal name, which the context looks up where ldconfig would
    // ([`LIBRARY`]): one not there is looked for with gcc, which writes temporary files.
    ("ctypes.util", &["find_library"]),
    // What kind of file a path is, found by reading its first bytes (CPython 3.11's dbm,
    // zipfile, tarfile, imghdr, sndhdr and filecmp open it "rb" and stat it; measured with
    // strace: nothing opened for writing); mimetypes reads the system's mime.types.
    ("dbm", &["whichdb"]), ("zipfile", &["is_zipfile"]), ("tarfile", &["is_tarfile"]),
    ("imghdr", &["what"]), ("sndhdr", &["what"]), ("filecmp", &["cmp"]),
    ("mimetypes", &["guess_type", "guess_extension", "guess_all_extensions"]),
];

/// Modules from outside the standard library known here, with their calls that only read or
/// compute. Such a module is taken as the standard library is only where the context finds the
/// interpreter's first copy of it installed in the system's own directories, owned by root
/// (`context::python`): the machine's code, as the interpreter is, which importing only defines.
/// What it offers beyond the calls listed is not: PyYAML's `load`, `full_load` and
/// `unsafe_load` build the Python objects a document's tags name (`!!python/object/apply`
/// runs a function), `safe_load` builds only plain values; `dump` writes to a stream.
#[rustfmt::skip]
const INSTALLED: &[(&str, &[&str])] = &[
    ("yaml", &["safe_load", "safe_load_all", "YAMLError", "__version__"]),
];

/// What [`inline_project_imports`] returns for an import of a module of [`INSTALLED`]: `^NAME`,
/// a module the context must find installed in the system's directories.
pub const INSTALLED_MARK: char = '^';

/// The modules whose calls are listed here: the standard ones, then [`INSTALLED`].
fn listed() -> impl Iterator<Item = &'static (&'static str, &'static [&'static str])> {
    MODULES.iter().chain(INSTALLED.iter())
}

/// The standard library's top-level modules (`sys.stdlib_module_names`, Python 3.11, without the
/// private ones): a program that imports anything may import any of these in turn.
#[rustfmt::skip]
pub const STDLIB: &[&str] = &[
    "abc", "aifc", "antigravity", "argparse", "array", "ast", "asynchat", "asyncio", "asyncore", "atexit", "audioop",
    "base64", "bdb", "binascii", "bisect", "builtins", "bz2", "cProfile", "calendar", "cgi", "cgitb", "chunk",
    "cmath", "cmd", "code", "codecs", "codeop", "collections", "colorsys", "compileall", "concurrent",
    "configparser", "contextlib", "contextvars", "copy", "copyreg", "crypt", "csv", "ctypes", "curses",
    "dataclasses", "datetime", "dbm", "decimal", "difflib", "dis", "distutils", "doctest", "email", "encodings",
    "ensurepip", "enum", "errno", "faulthandler", "fcntl", "filecmp", "fileinput", "fnmatch", "fractions",
    "ftplib", "functools", "gc", "genericpath", "getopt", "getpass", "gettext", "glob", "graphlib", "grp", "gzip",
    "hashlib", "heapq", "hmac", "html", "http", "idlelib", "imaplib", "imghdr", "imp", "importlib", "inspect", "io",
    "ipaddress", "itertools", "json", "keyword", "lib2to3", "linecache", "locale", "logging", "lzma", "mailbox",
    "mailcap", "marshal", "math", "mimetypes", "mmap", "modulefinder", "msilib", "msvcrt", "multiprocessing",
    "netrc", "nis", "nntplib", "nt", "ntpath", "nturl2path", "numbers", "opcode", "operator", "optparse", "os",
    "ossaudiodev", "pathlib", "pdb", "pickle", "pickletools", "pipes", "pkgutil", "platform", "plistlib", "poplib",
    "posix", "posixpath", "pprint", "profile", "pstats", "pty", "pwd", "py_compile", "pyclbr", "pydoc",
    "pydoc_data", "pyexpat", "queue", "quopri", "random", "re", "readline", "reprlib", "resource", "rlcompleter",
    "runpy", "sched", "secrets", "select", "selectors", "shelve", "shlex", "shutil", "signal", "site", "smtpd",
    "smtplib", "sndhdr", "socket", "socketserver", "spwd", "sqlite3", "sre_compile", "sre_constants", "sre_parse",
    "ssl", "stat", "statistics", "string", "stringprep", "struct", "subprocess", "sunau", "symtable", "sys",
    "sysconfig", "syslog", "tabnanny", "tarfile", "telnetlib", "tempfile", "termios", "textwrap", "this",
    "threading", "time", "timeit", "tkinter", "token", "tokenize", "tomllib", "trace", "traceback", "tracemalloc",
    "tty", "turtle", "turtledemo", "types", "typing", "unicodedata", "unittest", "urllib", "uu", "uuid", "venv",
    "warnings", "wave", "weakref", "webbrowser", "winreg", "winsound", "wsgiref", "xdrlib", "xml", "xmlrpc",
    "zipapp", "zipfile", "zipimport", "zlib", "zoneinfo",
];

/// Builtins that only compute, print or read.
#[rustfmt::skip]
const BUILTINS: &[&str] = &[
    "print", "len", "str", "int", "float", "bool", "complex", "repr", "ascii", "sorted", "reversed", "list", "tuple",
    "dict", "set", "frozenset", "min", "max", "sum", "abs", "round", "range", "enumerate", "zip", "map", "filter",
    "any", "all", "hex", "oct", "bin", "ord", "chr", "isinstance", "issubclass", "type", "format", "divmod", "pow",
    "hash", "id", "iter", "next", "bytes", "bytearray", "slice", "callable", "exit", "quit", "hasattr", "object",
    "open", "True", "False", "None", "Ellipsis", "NotImplemented", "Exception", "ValueError", "KeyError",
    "TypeError", "OSError", "AttributeError", "IndexError", "RuntimeError", "StopIteration",
];

/// Methods that write, run or connect, whatever they are called on.
#[rustfmt::skip]
const DENIED_METHODS: &[&str] = &[
    "write", "writelines", "write_text", "write_bytes", "unlink", "remove", "rmdir", "mkdir", "makedirs", "rename",
    "touch", "chmod", "lchmod", "chown", "symlink_to", "hardlink_to", "link_to", "truncate", "save", "dump",
    "send", "sendall", "sendto", "connect", "bind", "listen", "urlopen", "request", "post", "put", "delete",
    "system", "popen", "spawn", "fork", "kill", "exec", "execute", "executemany", "executescript", "commit",
    "load_module", "exec_module", "run", "call", "check_call", "check_output", "Popen", "extractall", "extract",
    "execv", "execve", "execl", "execle", "execlp", "execlpe", "execvp", "execvpe", "spawnv", "spawnve", "spawnl",
    "spawnlp", "spawnvp", "posix_spawn", "posix_spawnp", "startfile", "rmtree", "copyfile", "copy", "copy2",
    "copytree", "move", "chroot", "setuid", "setgid", "dup2", "open_connection", "create_connection",
    "load", "setattr", "mkfifo", "mknod", "chdir", "putenv", "unsetenv", "setdefault_env", "seek_write",
    "import_module", "reload", "set_trace", "breakpoint",
];

/// Dunder attributes that only describe (`json.__version__`); any other reaches the interpreter.
const DESCRIPTIVE_DUNDERS: &[&str] =
    &["__version__", "__file__", "__name__", "__doc__", "__path__"];

#[derive(Debug, Clone, PartialEq)]
enum Tok {
    Name(String),
    Str { text: String, fstring: bool },
    Num,
    Op(String),
    End,
}

fn tokens(code: &str) -> Option<Vec<Tok>> {
    let s: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut depth = 0i32;
    while i < s.len() {
        let c = s[i];
        match c {
            ' ' | '\t' | '\r' => i += 1,
            '\\' if s.get(i + 1) == Some(&'\n') => i += 2,
            '\n' | ';' if depth == 0 => {
                out.push(Tok::End);
                i += 1;
            }
            '\n' => i += 1,
            '#' => {
                while i < s.len() && s[i] != '\n' {
                    i += 1;
                }
            }
            c if c.is_ascii_alphabetic() || c == '_' => {
                let start = i;
                while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == '_') {
                    i += 1;
                }
                let word: String = s[start..i].iter().collect();
                let prefix = word.to_ascii_lowercase();
                if matches!(s.get(i), Some('\'' | '"'))
                    && matches!(
                        prefix.as_str(),
                        "r" | "b" | "u" | "f" | "rb" | "br" | "fr" | "rf"
                    )
                {
                    let (text, end) = string(&s, i)?;
                    out.push(Tok::Str {
                        text,
                        fstring: prefix.contains('f'),
                    });
                    i = end;
                } else {
                    out.push(Tok::Name(word));
                }
            }
            c if c.is_ascii_digit()
                || (c == '.' && s.get(i + 1).is_some_and(|d| d.is_ascii_digit())) =>
            {
                while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == '.' || s[i] == '_') {
                    i += 1;
                }
                out.push(Tok::Num);
            }
            '\'' | '"' => {
                let (text, end) = string(&s, i)?;
                out.push(Tok::Str {
                    text,
                    fstring: false,
                });
                i = end;
            }
            _ => {
                let three: String = s[i..(i + 3).min(s.len())].iter().collect();
                let two: String = s[i..(i + 2).min(s.len())].iter().collect();
                let op = if ["**=", "//=", ">>=", "<<=", "..."].contains(&three.as_str()) {
                    three
                } else if [
                    "**", "//", "==", "!=", "<=", ">=", "->", "+=", "-=", "*=", "/=", "%=", "&=",
                    "|=", "^=", ":=", "<<", ">>",
                ]
                .contains(&two.as_str())
                {
                    two
                } else {
                    c.to_string()
                };
                match op.as_str() {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth -= 1,
                    _ => {}
                }
                i += op.chars().count();
                out.push(Tok::Op(op));
            }
        }
    }
    out.push(Tok::End);
    Some(out)
}

/// A string literal starting at the quote at `i`: its text (escapes kept) and where it ends.
fn string(s: &[char], i: usize) -> Option<(String, usize)> {
    let quote = s[i];
    let triple = s.get(i + 1) == Some(&quote) && s.get(i + 2) == Some(&quote);
    let mut j = if triple { i + 3 } else { i + 1 };
    let mut text = String::new();
    loop {
        let c = *s.get(j)?;
        if c == '\\' {
            text.push(c);
            text.push(*s.get(j + 1)?);
            j += 2;
            continue;
        }
        if c == quote {
            if !triple {
                return Some((text, j + 1));
            }
            if s.get(j + 1) == Some(&quote) && s.get(j + 2) == Some(&quote) {
                return Some((text, j + 3));
            }
        }
        if c == '\n' && !triple {
            return None;
        }
        text.push(c);
        j += 1;
    }
}

/// Whether the program `code` only computes and prints (see the module's header), importing
/// nothing of the project's.
#[cfg(test)]
pub fn only_prints(code: &str) -> bool {
    let mut project = Vec::new();
    program(code, false, &mut project) && project.is_empty()
}

/// The program `code` only computes and prints, given that the modules it imports that are
/// neither standard nor known here (returned, [`project_import`]'s form) do too: the context
/// finds them (the project's files) and judges each with [`module_project_imports`].
pub fn inline_project_imports(code: &str) -> Option<Vec<String>> {
    let mut project = Vec::new();
    program(code, false, &mut project).then_some(project)
}

/// A module of the project that only defines: what importing it runs (its top level) and what
/// calling its functions runs (their bodies) only computes and prints; `def` with plain
/// parameters (never called in the body) and `return` are read here, beyond a `-c` program.
/// The modules it imports in turn that are not standard are returned, as for
/// [`inline_project_imports`].
pub fn module_project_imports(code: &str) -> Option<Vec<String>> {
    let mut project = Vec::new();
    program(code, true, &mut project).then_some(project)
}

/// A module bound to a project's module (not a standard one): its path starts with this.
const PROJECT: char = '+';

/// What [`inline_project_imports`] returns for `ctypes.util.find_library("NAME")`: `=NAME`, a
/// shared library the context must find in the loader's cache. CPython's `find_library` on
/// Linux runs `/sbin/ldconfig -p` and takes a `libNAME.` entry of its own ABI; failing that it
/// runs gcc on a temporary file, then ld (measured, Python 3.11: `find_library("c")` only runs
/// ldconfig, a name not in the cache makes gcc write and remove files in /tmp).
pub const LIBRARY: char = '=';

/// The libraries `find_library` is asked for, `=NAME` each; `None` when one is not a plain
/// literal name (or `find_library` is used other than called on one).
fn libraries_looked_up(toks: &[Tok]) -> Option<Vec<String>> {
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if *t != Tok::Name("find_library".into()) {
            continue;
        }
        match &toks.get(i + 1..i + 4)? {
            [Tok::Op(open), Tok::Str {
                text,
                fstring: false,
            }, Tok::Op(close)]
                if open == "("
                    && close == ")"
                    && !text.is_empty()
                    && text.chars().all(|c| {
                        c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '+' | '.')
                    }) =>
            {
                out.push(format!("{LIBRARY}{text}"));
            }
            _ => return None,
        }
    }
    Some(out)
}

/// A program that would only print, importing nothing of the project's, but for its calls that
/// make a directory named by a literal: `os.makedirs(DIR…)`, `os.mkdir(DIR…)`,
/// `Path(DIR).mkdir(…)`, `pathlib.Path(DIR).mkdir(…)` (`mode`, `exist_ok`, `parents` given as
/// numbers or booleans). A mkdir of a path where something is already makes nothing (CPython
/// 3.11: `mkdir` answers EEXIST, which `exist_ok` silences for a directory and raises
/// otherwise; `makedirs` makes a missing parent only), so where each DIR exists the program
/// only prints. `os` and `Path` must be the modules' own: bound only by `import os` and `from
/// pathlib import Path`. `None` without such a call, or when the rest does more.
pub fn only_prints_making_dirs(code: &str) -> Option<Vec<String>> {
    let (toks, files) = opened_without_writing(tokens(code)?);
    let widened = files.is_some();
    let name = |at: Option<usize>, n: &str| matches!(at.and_then(|a| toks.get(a)), Some(Tok::Name(x)) if x == n);
    let op = |at: Option<usize>, o: &str| matches!(at.and_then(|a| toks.get(a)), Some(Tok::Op(x)) if x == o);
    // Where the statement holding `at` starts.
    let start = |at: usize| {
        toks[..at]
            .iter()
            .rposition(|t| *t == Tok::End)
            .map_or(0, |e| e + 1)
    };
    // Every use of `bound` is before `next` (a member, a call) or in the import `from` makes.
    let only_imported = |bound: &str, next: &str, from: &[&str]| {
        toks.iter().enumerate().all(|(at, t)| {
            if !matches!(t, Tok::Name(x) if x == bound) || op(Some(at + 1), next) {
                return true;
            }
            let s = start(at);
            let imported = (name(at.checked_sub(1), "import") || op(at.checked_sub(1), ","))
                && from.iter().enumerate().all(|(k, w)| name(Some(s + k), w))
                && !toks[s..at]
                    .iter()
                    .any(|t| matches!(t, Tok::Name(x) if x == "as"));
            imported
                && (toks.get(at + 1).is_none()
                    || op(Some(at + 1), ",")
                    || toks.get(at + 1) == Some(&Tok::End))
        })
    };
    let os_bound = only_imported("os", ".", &["import"]);
    let path_bound = only_imported("Path", "(", &["from", "pathlib", "import"]);
    let pathlib_bound = only_imported("pathlib", ".", &["import"]);
    let literal = |at: usize| match toks.get(at) {
        Some(Tok::Str {
            text,
            fstring: false,
        }) if !text.is_empty() && !text.contains('\\') => Some(text.clone()),
        _ => None,
    };
    let mut rest = Vec::with_capacity(toks.len());
    let mut dirs = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let after_dot = op(i.checked_sub(1), ".");
        // The directory and where the call's arguments after it start.
        let call = if after_dot {
            None
        } else if os_bound
            && name(Some(i), "os")
            && op(Some(i + 1), ".")
            && (name(Some(i + 2), "makedirs") || name(Some(i + 2), "mkdir"))
            && op(Some(i + 3), "(")
        {
            literal(i + 4).map(|d| (d, i + 5))
        } else {
            let path = if pathlib_bound
                && name(Some(i), "pathlib")
                && op(Some(i + 1), ".")
                && name(Some(i + 2), "Path")
            {
                Some(i + 3)
            } else if path_bound && name(Some(i), "Path") {
                Some(i + 1)
            } else {
                None
            };
            path.filter(|&p| {
                op(Some(p), "(")
                    && op(Some(p + 2), ")")
                    && op(Some(p + 3), ".")
                    && name(Some(p + 4), "mkdir")
                    && op(Some(p + 5), "(")
            })
            .and_then(|p| literal(p + 1).map(|d| (d, p + 6)))
        };
        let end = call
            .as_ref()
            .and_then(|(_, args)| mkdir_arguments(&toks, *args));
        if let (Some((dir, _)), Some(end)) = (call, end) {
            dirs.push(dir);
            // The call's value (None) names nothing.
            rest.push(Tok::Num);
            i = end;
            continue;
        }
        rest.push(toks[i].clone());
        i += 1;
    }
    let mut project = Vec::new();
    dirs.extend(files.unwrap_or_default());
    ((!dirs.is_empty() || widened)
        && program_tokens(rest, false, &mut project)
        && project.is_empty())
    .then_some(dirs)
}

/// Methods of an open file that only read it or describe it (not `fileno` or `buffer`, which
/// hand the descriptor to what may write through it).
#[rustfmt::skip]
const HANDLE_READS: &[&str] = &[
    "read", "readline", "readlines", "close", "seek", "tell", "readable", "seekable", "writable", "name",
    "mode", "closed", "encoding", "errors", "newlines",
];

/// `open(PATH, "r+")` and `open(PATH, "a")` (`rb+`, `a+`, `ab`, …) open an existing file without
/// changing it: `r+` never creates or truncates (a missing file raises), `a` creates a missing
/// file only; a file opened either way is unchanged until something is written through it
/// (CPython 3.11, measured: mtime and ctime kept, no BOM before a first write). Such an open is
/// taken as a read when the file object is only read: bound by `NAME = open(…)` as a statement
/// or `with open(…) as NAME:`, with every other use of NAME a method of [`HANDLE_READS`] or the
/// iterable after `in`; or `open(…).METHOD(` with one of them. Anything else that names the
/// handle (`print(…, file=f)`, `g = f`, `csv.writer(f)`, `f.fileno()`) leaves the open as it
/// is, which the reader refuses. The tokens come back with each such mode made `"r"`, with the
/// literal paths an `a` open needs to exist (`None` when no open was widened).
fn opened_without_writing(mut toks: Vec<Tok>) -> (Vec<Tok>, Option<Vec<String>>) {
    let op = |toks: &[Tok], i: usize, o: &str| matches!(toks.get(i), Some(Tok::Op(x)) if x == o);
    let name_at = |toks: &[Tok], i: usize| match toks.get(i) {
        Some(Tok::Name(n)) => Some(n.clone()),
        _ => None,
    };
    let mut files: Option<Vec<String>> = None;
    let mut i = 0;
    while i < toks.len() {
        let is_open = name_at(&toks, i).as_deref() == Some("open")
            && !(i > 0 && op(&toks, i - 1, "."))
            && op(&toks, i + 1, "(");
        if !is_open {
            i += 1;
            continue;
        }
        // The arguments, split at depth 1, and where the call closes.
        let mut depth = 0;
        let mut close = None;
        let mut args: Vec<(usize, usize)> = Vec::new(); // token ranges
        let mut from = i + 2;
        for (j, t) in toks.iter().enumerate().skip(i + 1) {
            match t {
                Tok::Op(o) if matches!(o.as_str(), "(" | "[" | "{") => depth += 1,
                Tok::Op(o) if matches!(o.as_str(), ")" | "]" | "}") => {
                    depth -= 1;
                    if depth == 0 {
                        if j > from {
                            args.push((from, j));
                        }
                        close = Some(j);
                        break;
                    }
                }
                Tok::Op(o) if o == "," && depth == 1 => {
                    args.push((from, j));
                    from = j + 1;
                }
                _ => {}
            }
        }
        let Some(close) = close else {
            break;
        };
        let mut mode_at = None;
        let mut path = None;
        let mut plain = true;
        let mut positional = 0;
        for &(a, b) in &args {
            match &toks[a..b] {
                [Tok::Name(k), Tok::Op(eq), ..] if eq == "=" => match k.as_str() {
                    "mode" if b == a + 3 => mode_at = Some(a + 2),
                    "encoding" | "errors" | "newline" | "buffering" => {}
                    _ => plain = false,
                },
                arg => {
                    positional += 1;
                    match positional {
                        1 => {
                            path = match arg {
                                [Tok::Str {
                                    text,
                                    fstring: false,
                                }] if !text.is_empty() && !text.contains('\\') => {
                                    Some(text.clone())
                                }
                                _ => None,
                            }
                        }
                        2 if b == a + 1 => mode_at = Some(a),
                        _ => plain = false,
                    }
                }
            }
        }
        let mode = match mode_at.map(|m| &toks[m]) {
            Some(Tok::Str {
                text,
                fstring: false,
            }) => text.clone(),
            _ => String::new(),
        };
        let widens = plain
            && !mode.is_empty()
            && mode
                .chars()
                .all(|c| matches!(c, 'r' | 'a' | 'b' | 't' | '+'))
            && (mode.contains('+') || mode.contains('a'))
            && mode.matches(['r', 'a']).count() == 1
            && (!mode.contains('a') || path.is_some());
        if !widens {
            i = close + 1;
            continue;
        }
        // How the file object is used.
        let reads_after = |toks: &[Tok], at: usize| {
            op(toks, at, ".")
                && name_at(toks, at + 1).is_some_and(|m| HANDLE_READS.contains(&m.as_str()))
        };
        let statement_start = i < 3 || toks[i - 3] == Tok::End;
        let bound = if i >= 2 && op(&toks, i - 1, "=") && statement_start {
            name_at(&toks, i - 2).filter(|_| matches!(toks.get(close + 1), None | Some(Tok::End)))
        } else if i >= 1 && name_at(&toks, i - 1).as_deref() == Some("with") {
            match (&toks.get(close + 1), name_at(&toks, close + 2)) {
                (Some(Tok::Name(a)), Some(n)) if a == "as" && op(&toks, close + 3, ":") => Some(n),
                _ => None,
            }
        } else {
            None
        };
        let only_read = match &bound {
            Some(handle) => toks.iter().enumerate().all(|(at, t)| {
                if !matches!(t, Tok::Name(n) if n == handle) {
                    return true;
                }
                let binding = at + 2 == i
                    || (at == close + 2 && name_at(&toks, i - 1).as_deref() == Some("with"));
                binding
                    || (at > 0 && op(&toks, at - 1, ".") && !op(&toks, at + 1, "="))
                    || reads_after(&toks, at + 1)
                    || (at > 0 && name_at(&toks, at - 1).as_deref() == Some("in"))
            }),
            None => reads_after(&toks, close + 1),
        };
        if only_read {
            if let Some(m) = mode_at {
                let binary = mode.contains('b');
                toks[m] = Tok::Str {
                    text: if binary { "rb" } else { "r" }.to_string(),
                    fstring: false,
                };
            }
            let needed = files.get_or_insert_with(Vec::new);
            if mode.contains('a') {
                needed.extend(path);
            }
        }
        i = close + 1;
    }
    (toks, files)
}

/// The arguments of a mkdir call from `at` (just after the directory for `os.makedirs(DIR`, just
/// after `(` for `Path(DIR).mkdir(`): numbers and booleans, by position or as `mode=`,
/// `exist_ok=`, `parents=`, up to the closing parenthesis; where the call ends.
fn mkdir_arguments(toks: &[Tok], at: usize) -> Option<usize> {
    let op = |i: usize, o: &str| matches!(toks.get(i), Some(Tok::Op(x)) if x == o);
    let value = |i: usize| {
        matches!(toks.get(i), Some(Tok::Num))
            || matches!(toks.get(i), Some(Tok::Name(b)) if b == "True" || b == "False")
    };
    let mut i = at;
    // `os.makedirs(DIR` is followed by `,` or `)`; `Path(DIR).mkdir(` by an argument or `)`.
    let mut first = !op(i, ",") && !op(i, ")");
    loop {
        if op(i, ")") {
            return Some(i + 1);
        }
        if !first {
            if !op(i, ",") {
                return None;
            }
            i += 1;
            if op(i, ")") {
                return Some(i + 1);
            }
        }
        first = false;
        if let Some(Tok::Name(k)) = toks.get(i) {
            if op(i + 1, "=") {
                if !matches!(k.as_str(), "mode" | "exist_ok" | "parents") {
                    return None;
                }
                i += 2;
            }
        }
        if !value(i) {
            return None;
        }
        i += 1;
    }
}

fn program(code: &str, module: bool, project: &mut Vec<String>) -> bool {
    tokens(code).is_some_and(|toks| program_tokens(toks, module, project))
}

/// [`program`] of the program's tokens.
fn program_tokens(toks: Vec<Tok>, module: bool, project: &mut Vec<String>) -> bool {
    let mut modules: Vec<(String, String)> = Vec::new(); // (name bound, module path)
    let mut locals: Vec<String> = Vec::new();
    let mut parameters: Vec<String> = Vec::new();
    let uses_paths = toks
        .iter()
        .any(|t| matches!(t, Tok::Name(n) if n == "Path" || n == "pathlib"));
    let Some(libraries) = libraries_looked_up(&toks) else {
        return false;
    };
    for library in libraries {
        if !project.contains(&library) {
            project.push(library);
        }
    }
    for statement in toks.split(|t| *t == Tok::End).filter(|s| !s.is_empty()) {
        // A parameter may hold anything a caller passes (`f(open)`): never called.
        let calls_parameter = statement.windows(2).enumerate().any(|(i, w)| {
            matches!(&w[0], Tok::Name(n) if parameters.contains(n))
                && w[1] == Tok::Op("(".into())
                && (i == 0 || statement[i - 1] != Tok::Op(".".into()))
        });
        if calls_parameter {
            return false;
        }
        match statement.first() {
            Some(Tok::Name(k)) if k == "def" && module => {
                let Some(body) = definition(&statement[1..], &mut locals, &mut parameters) else {
                    return false;
                };
                let body = match body {
                    [Tok::Name(r), value @ ..] if r == "return" => value,
                    _ => body,
                };
                if !body.is_empty() && !simple_statement(body, &modules, &mut locals, uses_paths) {
                    return false;
                }
            }
            Some(Tok::Name(k)) if k == "return" && module => {
                if !expression(&statement[1..], &modules, &mut locals, uses_paths) {
                    return false;
                }
            }
            Some(Tok::Name(k)) if k == "import" => {
                if !imports(&statement[1..], None, &mut modules, project) {
                    return false;
                }
            }
            Some(Tok::Name(k)) if k == "from" => {
                let Some(at) = statement
                    .iter()
                    .position(|t| *t == Tok::Name("import".into()))
                else {
                    return false;
                };
                let module = dotted(&statement[1..at]);
                if !imports(&statement[at + 1..], Some(&module), &mut modules, project) {
                    return false;
                }
            }
            // `with open(f) as x: body`: each item is a file opened for reading, bound to a
            // name; the body is a statement like any other.
            Some(Tok::Name(k)) if k == "with" => {
                let Some(body) = with_items(&statement[1..], &modules, &mut locals, uses_paths)
                else {
                    return false;
                };
                if !simple_statement(body, &modules, &mut locals, uses_paths) {
                    return false;
                }
            }
            Some(Tok::Name(k))
                if matches!(
                    k.as_str(),
                    "def"
                        | "class"
                        | "try"
                        | "while"
                        | "async"
                        | "await"
                        | "global"
                        | "nonlocal"
                        | "del"
                        | "raise"
                        | "return"
                        | "yield"
                        | "lambda"
                        | "exec"
                ) =>
            {
                return false
            }
            _ => {
                if !simple_statement(statement, &modules, &mut locals, uses_paths) {
                    return false;
                }
            }
        }
    }
    true
}

/// `NAME(PARAMETERS): BODY…` after `def`: the name becomes a local, the parameters (plain
/// names, `*args`, `**kwargs`, defaults of a number, a string or a constant) locals that are
/// never called; the tokens after the `:` (a one-line body) are returned. No annotations.
fn definition<'a>(
    toks: &'a [Tok],
    locals: &mut Vec<String>,
    parameters: &mut Vec<String>,
) -> Option<&'a [Tok]> {
    let [Tok::Name(name), Tok::Op(open), rest @ ..] = toks else {
        return None;
    };
    if open != "(" {
        return None;
    }
    let close = rest.iter().position(|t| *t == Tok::Op(")".into()))?;
    for part in rest[..close].split(|t| *t == Tok::Op(",".into())) {
        let part = match part {
            [Tok::Op(star), more @ ..] if star == "*" || star == "**" => more,
            _ => part,
        };
        match part {
            [] => {}
            [Tok::Name(p)] => parameters.push(p.clone()),
            [Tok::Name(p), Tok::Op(eq), Tok::Num | Tok::Str { fstring: false, .. }]
                if eq == "=" =>
            {
                parameters.push(p.clone())
            }
            [Tok::Name(p), Tok::Op(eq), Tok::Name(c)]
                if eq == "=" && matches!(c.as_str(), "None" | "True" | "False") =>
            {
                parameters.push(p.clone())
            }
            _ => return None,
        }
    }
    let after = &rest[close + 1..];
    let [Tok::Op(colon), body @ ..] = after else {
        return None;
    };
    if colon != ":" {
        return None;
    }
    locals.push(name.clone());
    locals.extend(parameters.iter().cloned());
    Some(body)
}

/// An expression, or an assignment of one to plain names.
fn simple_statement(
    statement: &[Tok],
    modules: &[(String, String)],
    locals: &mut Vec<String>,
    uses_paths: bool,
) -> bool {
    let mut depth = 0;
    let assignment = statement.iter().position(|t| {
        match t {
            Tok::Op(o) if matches!(o.as_str(), "(" | "[" | "{") => depth += 1,
            Tok::Op(o) if matches!(o.as_str(), ")" | "]" | "}") => depth -= 1,
            _ => {}
        }
        depth == 0 && *t == Tok::Op("=".into())
    });
    let body = match assignment {
        Some(eq) => {
            for t in &statement[..eq] {
                match t {
                    Tok::Name(n) => locals.push(n.clone()),
                    Tok::Op(o) if o == "," || o == "(" || o == ")" => {}
                    _ => return false,
                }
            }
            &statement[eq + 1..]
        }
        None => statement,
    };
    expression(body, modules, locals, uses_paths)
}

/// The items of a `with` statement (after `with`), each `open(…) as name` with `open` reading:
/// the names become locals, and the body after the `:` is returned.
fn with_items<'a>(
    toks: &'a [Tok],
    modules: &[(String, String)],
    locals: &mut Vec<String>,
    uses_paths: bool,
) -> Option<&'a [Tok]> {
    let mut depth = 0;
    let colon = toks.iter().position(|t| {
        match t {
            Tok::Op(o) if matches!(o.as_str(), "(" | "[" | "{") => depth += 1,
            Tok::Op(o) if matches!(o.as_str(), ")" | "]" | "}") => depth -= 1,
            _ => {}
        }
        depth == 0 && *t == Tok::Op(":".into())
    })?;
    let mut depth = 0;
    let items = toks[..colon].split(|t| {
        match t {
            Tok::Op(o) if matches!(o.as_str(), "(" | "[" | "{") => depth += 1,
            Tok::Op(o) if matches!(o.as_str(), ")" | "]" | "}") => depth -= 1,
            _ => {}
        }
        depth == 0 && *t == Tok::Op(",".into())
    });
    for item in items {
        let (call, name) = match item {
            [call @ .., Tok::Name(r#as), Tok::Name(name)] if r#as == "as" => (call, Some(name)),
            call => (call, None),
        };
        // Only a call of the builtin `open`, whole: `open(…)`.
        let whole_call = matches!(call, [Tok::Name(f), Tok::Op(open), .., Tok::Op(close)]
            if f == "open" && open == "(" && close == ")" && paren_closes_at_end(&call[1..]));
        if !whole_call
            || locals.iter().any(|l| l == "open")
            || !expression(call, modules, locals, uses_paths)
        {
            return None;
        }
        if let Some(name) = name {
            locals.push(name.clone());
        }
    }
    Some(&toks[colon + 1..])
}

/// The `(` that `toks` starts with closes at its last token.
fn paren_closes_at_end(toks: &[Tok]) -> bool {
    let mut depth = 0;
    for (i, t) in toks.iter().enumerate() {
        match t {
            Tok::Op(o) if matches!(o.as_str(), "(" | "[" | "{") => depth += 1,
            Tok::Op(o) if matches!(o.as_str(), ")" | "]" | "}") => {
                depth -= 1;
                if depth == 0 {
                    return i == toks.len() - 1;
                }
            }
            _ => {}
        }
    }
    false
}

fn dotted(toks: &[Tok]) -> String {
    toks.iter()
        .map(|t| match t {
            Tok::Name(n) => n.as_str(),
            Tok::Op(o) if o == "." => ".",
            _ => "?",
        })
        .collect()
}

/// `import a.b as c, d` (or the names after `from m import`): binds known modules; a module
/// that is neither standard nor known here is bound as the project's and added to `project`
/// ([`project_import`]).
fn imports(
    toks: &[Tok],
    from: Option<&str>,
    modules: &mut Vec<(String, String)>,
    project: &mut Vec<String>,
) -> bool {
    for part in toks.split(|t| *t == Tok::Op(",".into())) {
        let part: Vec<&Tok> = part
            .iter()
            .filter(|t| !matches!(t, Tok::Op(o) if o == "(" || o == ")"))
            .collect();
        let as_at = part.iter().position(|t| **t == Tok::Name("as".into()));
        let name_toks: Vec<Tok> = part[..as_at.unwrap_or(part.len())]
            .iter()
            .map(|t| (*t).clone())
            .collect();
        let name = dotted(&name_toks);
        let bound = match as_at.and_then(|a| part.get(a + 1)) {
            Some(Tok::Name(alias)) => alias.clone(),
            Some(_) => return false,
            None => name.split('.').next().unwrap_or(&name).to_string(),
        };
        let path = match from {
            Some(m) => format!("{m}.{name}"),
            None => name.clone(),
        };
        let known = listed().any(|(m, functions)| {
            let inner = path.strip_prefix(m).and_then(|r| r.strip_prefix('.'));
            *m == path
                || inner.is_some_and(|f| {
                    functions.contains(&"*")
                        || functions.contains(&f)
                        || functions.iter().any(|g| g.starts_with(&format!("{f}.")))
                })
                || m.starts_with(&format!("{path}."))
        });
        if name == "*" {
            return false;
        }
        if !known {
            let Some(wanted) = project_import(from, &name) else {
                return false;
            };
            for w in wanted {
                if !project.contains(&w) {
                    project.push(w);
                }
            }
            let target = if from.is_none() && as_at.is_none() {
                bound.clone()
            } else {
                path
            };
            // The module part is one unit (`from app import util` binds `+app:util`), so
            // that `util.add` is one attribute of it, as `helper.add` is of `import helper`.
            // Not for a standard module's name (`from app import os` is os, whose attributes
            // are not the project's).
            let unit = if STDLIB.contains(&name.as_str()) {
                target
            } else {
                target.replace('.', ":")
            };
            modules.push((bound, format!("{PROJECT}{unit}")));
            continue;
        }
        let top = path.split('.').next().unwrap_or(&path);
        if INSTALLED.iter().any(|(m, _)| *m == top) {
            let wanted = format!("{INSTALLED_MARK}{top}");
            if !project.contains(&wanted) {
                project.push(wanted);
            }
        }
        // `import os.path` binds `os`; `from os import path` binds `path` to `os.path`.
        let target = if from.is_none() && as_at.is_none() {
            bound.clone()
        } else {
            path
        };
        modules.push((bound, target));
    }
    true
}

/// The project's modules `import NAME` (or `from FROM import NAME`) loads, when the top-level
/// module is not a standard one: dotted names (`a.b`), relative ones with their dots (`.core`),
/// and `?a.b.c` for a name imported from a module that may be a submodule (loaded when it is a
/// file). `None` for a standard module (one not listed here is not read-only) or a form not read.
fn project_import(from: Option<&str>, name: &str) -> Option<Vec<String>> {
    let plain = |m: &str| {
        !m.is_empty()
            && m.split('.')
                .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
    };
    let module = from.unwrap_or(name);
    let relative = module.trim_start_matches('.');
    let top = relative.split('.').next().unwrap_or(relative);
    if module.starts_with('.') {
        if (!relative.is_empty() && !plain(relative)) || !plain(name) {
            return None;
        }
    } else if !plain(module) || STDLIB.contains(&top) || (from.is_some() && !plain(name)) {
        return None;
    }
    Some(match from {
        None => vec![name.to_string()],
        Some(f) if relative.is_empty() => vec![format!("{f}{name}")],
        Some(f) => vec![f.to_string(), format!("?{f}.{name}")],
    })
}

/// An expression's tokens: every call is to something known to only read.
fn expression(
    toks: &[Tok],
    modules: &[(String, String)],
    locals: &mut Vec<String>,
    uses_paths: bool,
) -> bool {
    // Names bound by comprehensions (`for x in …`) anywhere in the expression.
    for w in toks.windows(2) {
        if w[0] == Tok::Name("for".into()) {
            if let Tok::Name(n) = &w[1] {
                locals.push(n.clone());
            }
        }
    }
    // `key=lambda r: int(r["score"])`: a lambda's parameters are plain names up to its `:`
    // (no defaults or `*`, which would bind names not checked), and its body is checked here
    // like the rest of the expression.
    for (i, t) in toks.iter().enumerate() {
        if *t != Tok::Name("lambda".into()) {
            continue;
        }
        let mut j = i + 1;
        loop {
            match toks.get(j) {
                Some(Tok::Op(o)) if o == ":" => break,
                Some(Tok::Name(n)) if matches!(toks.get(j + 1), Some(Tok::Op(o)) if o == "," || o == ":") =>
                {
                    locals.push(n.clone());
                    j += if toks.get(j + 1) == Some(&Tok::Op(",".into())) {
                        2
                    } else {
                        1
                    };
                }
                _ => return false,
            }
        }
    }
    let mut depth = 0;
    for (i, t) in toks.iter().enumerate() {
        let after_dot = i > 0 && toks[i - 1] == Tok::Op(".".into());
        match t {
            Tok::Op(o) if matches!(o.as_str(), "(" | "[" | "{") => depth += 1,
            Tok::Op(o) if matches!(o.as_str(), ")" | "]" | "}") => depth -= 1,
            // `print(x, sep='')`: a keyword argument's name.
            Tok::Name(_) if depth > 0 && toks.get(i + 1) == Some(&Tok::Op("=".into())) => {}
            Tok::Str {
                text,
                fstring: true,
            } if !fstring_parts(text).iter().all(|part| {
                tokens(part)
                    .is_some_and(|p| expression(&p[..p.len() - 1], modules, locals, uses_paths))
            }) =>
            {
                return false
            }
            Tok::Op(o) if matches!(o.as_str(), ":=" | "+=" | "-=" | "*=" | "/=" | "@") => {
                return false
            }
            Tok::Name(name) if after_dot => {
                if name.starts_with('_') && !DESCRIPTIVE_DUNDERS.contains(&name.as_str()) {
                    return false;
                }
                let continues = toks.get(i + 1) == Some(&Tok::Op(".".into()));
                if continues {
                    continue;
                }
                let called = toks.get(i + 1) == Some(&Tok::Op("(".into()));
                // The dotted chain this name ends, from its first name.
                let mut start = i;
                while start >= 2
                    && toks[start - 1] == Tok::Op(".".into())
                    && matches!(toks[start - 2], Tok::Name(_))
                {
                    start -= 2;
                }
                let chain = dotted(&toks[start..=i]);
                let head = chain.split('.').next().unwrap_or("");
                let chained_from_name = start == 0 || toks[start - 1] != Tok::Op(".".into());
                let module = modules
                    .iter()
                    .find(|(bound, _)| bound == head)
                    .filter(|_| chained_from_name && !locals.iter().any(|l| l == head));
                match module {
                    // A module's attribute, called or passed on (`map(os.system, …)`), must be
                    // one of those listed.
                    Some((_, path)) => {
                        let full = format!("{path}{}", &chain[head.len()..]);
                        if !module_call(&full) && !DESCRIPTIVE_DUNDERS.contains(&name.as_str()) {
                            return false;
                        }
                        if full == "logging.basicConfig" && logs_to_a_file(&toks[i + 1..]) {
                            return false;
                        }
                    }
                    None if called => {
                        if DENIED_METHODS.contains(&name.as_str())
                            || (uses_paths && matches!(name.as_str(), "replace" | "open"))
                        {
                            return false;
                        }
                        if name == "open" && !read_mode(&toks[i + 1..]) {
                            return false;
                        }
                    }
                    None => {}
                }
            }
            Tok::Name(name) => {
                let keyword = matches!(
                    name.as_str(),
                    "and"
                        | "or"
                        | "not"
                        | "in"
                        | "is"
                        | "if"
                        | "elif"
                        | "else"
                        | "for"
                        | "assert"
                        | "pass"
                        | "lambda"
                        | "break"
                        | "continue"
                );
                let known = keyword
                    || BUILTINS.contains(&name.as_str())
                    || locals.contains(name)
                    || modules.iter().any(|(b, _)| b == name);
                if !known {
                    return false;
                }
                if let Some((_, path)) = modules.iter().find(|(b, _)| b == name) {
                    let called = toks.get(i + 1) == Some(&Tok::Op("(".into()));
                    if called && !module_call(path) {
                        return false;
                    }
                    if path == "logging.basicConfig" && logs_to_a_file(&toks[i + 1..]) {
                        return false;
                    }
                }
                if name == "open" && !read_mode(&toks[i + 1..]) {
                    return false;
                }
            }
            _ => {}
        }
    }
    true
}

/// `logging.basicConfig(filename=…)` (or `handlers=`, or arguments passed on with `**`) opens
/// a log file: the call's arguments, the tokens after its name up to the closing parenthesis.
fn logs_to_a_file(after: &[Tok]) -> bool {
    let mut depth = 0;
    for t in after {
        match t {
            Tok::Op(o) if o == "(" => depth += 1,
            Tok::Op(o) if o == ")" => {
                depth -= 1;
                if depth == 0 {
                    return false;
                }
            }
            Tok::Op(o) if o == "**" || o == "*" => return true,
            Tok::Name(n) if matches!(n.as_str(), "filename" | "handlers" | "filemode") => {
                return true
            }
            _ => {}
        }
    }
    true
}

/// Fields of `sys`'s data attributes (`sys.version_info.major`, `sys.flags.isolated`).
const SYS_RECORDS: &[&str] = &[
    "version_info",
    "flags",
    "float_info",
    "int_info",
    "implementation",
    "hash_info",
    "thread_info",
];

/// The standard streams (`sys.stdout.encoding`): their data attributes only describe them.
const STREAMS: &[&str] = &["stdin", "stdout", "stderr"];
const STREAM_FIELDS: &[&str] = &[
    "encoding",
    "errors",
    "name",
    "mode",
    "line_buffering",
    "write_through",
    "newlines",
    "closed",
];

/// Methods of a string or a mapping that only compute (`str.replace` is not here: on a path it
/// renames).
#[rustfmt::skip]
const VALUE_METHODS: &[&str] = &[
    "split", "rsplit", "splitlines", "strip", "lstrip", "rstrip", "lower", "upper", "title", "casefold",
    "startswith", "endswith", "partition", "rpartition", "join", "format", "count", "find", "rfind", "index",
    "rindex", "isdigit", "isalpha", "isalnum", "isspace", "zfill", "removeprefix", "removesuffix", "get", "keys",
    "values", "items",
];

/// `module.function` (a path such as `os.path.join`) is on the list: named there, or any name
/// of a module listed with `*` but another module it imported (`platform.os.system` is `os`'s),
/// or a string's or mapping's method called on a listed value (`sys.version.split`).
fn module_call(full: &str) -> bool {
    // A project's module: one attribute of it (a value or a function, judged with the module),
    // never a standard module it imported (`helper.os`) or an attribute of an attribute.
    if let Some(rest) = full.strip_prefix(PROJECT) {
        let mut parts = rest.split('.');
        let _module = parts.next();
        return match (parts.next(), parts.next()) {
            (None, _) => true,
            (Some(attribute), None) => !STDLIB.contains(&attribute),
            _ => false,
        };
    }
    if let Some(rest) = full.strip_prefix("sys.") {
        if let Some((record, field)) = rest.split_once('.') {
            if SYS_RECORDS.contains(&record) && !field.starts_with('_') && !field.contains('.') {
                return true;
            }
            if STREAMS.contains(&record) && STREAM_FIELDS.contains(&field) {
                return true;
            }
        }
    }
    listed().any(|(m, functions)| {
        full.strip_prefix(m)
            .and_then(|rest| rest.strip_prefix('.'))
            .is_some_and(|function| {
                let first = function.split('.').next().unwrap_or(function);
                let imported_module = first != *m && STDLIB.contains(&first);
                functions.contains(&function)
                    || functions.contains(&"*") && !function.starts_with('_') && !imported_module
                    || function.rsplit_once('.').is_some_and(|(value, method)| {
                        functions.contains(&value) && VALUE_METHODS.contains(&method)
                    })
            })
    })
}

/// The arguments of `open(…)` (from its `(`) open for reading: no mode, or a literal mode
/// without `w`, `a`, `x` or `+`, and no opener.
fn read_mode(toks: &[Tok]) -> bool {
    let mut depth = 0;
    let mut positional = 0;
    let mut args: Vec<Vec<&Tok>> = vec![Vec::new()];
    for t in toks {
        match t {
            Tok::Op(o) if o == "(" || o == "[" || o == "{" => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            Tok::Op(o) if o == ")" || o == "]" || o == "}" => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            Tok::Op(o) if o == "," && depth == 1 => {
                args.push(Vec::new());
                continue;
            }
            _ => {}
        }
        if depth >= 1 {
            if let Some(last) = args.last_mut() {
                last.push(t);
            }
        }
    }
    let literal_read = |toks: &[&Tok]| matches!(toks, [Tok::Str { text, fstring: false }] if !text.contains(['w', 'a', 'x', '+']));
    for arg in args.iter().filter(|a| !a.is_empty()) {
        match arg.as_slice() {
            [Tok::Name(k), Tok::Op(eq), rest @ ..] if eq == "=" => match k.as_str() {
                "mode" if literal_read(rest) => {}
                "encoding" | "errors" | "newline" | "buffering" => {}
                _ => return false,
            },
            _ => {
                positional += 1;
                if positional == 2 && !literal_read(arg) {
                    return false;
                }
                if positional > 2 {
                    return false;
                }
            }
        }
    }
    true
}

/// The expressions inside an f-string's `{…}` (`{{` is a brace).
fn fstring_parts(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            '{' if chars.get(i + 1) == Some(&'{') => i += 2,
            '{' => {
                let mut depth = 1;
                let mut j = i + 1;
                while j < chars.len() && depth > 0 {
                    match chars[j] {
                        '{' => depth += 1,
                        '}' => depth -= 1,
                        _ => {}
                    }
                    j += 1;
                }
                let inner: String = chars[i + 1..j.saturating_sub(1)].iter().collect();
                // `{x!r:>10}`: the expression ends at a top-level `!` or `:`.
                let expr = inner
                    .split(['!', ':'])
                    .next()
                    .unwrap_or("")
                    .trim_end_matches('=')
                    .to_string();
                out.push(expr);
                i = j;
            }
            _ => i += 1,
        }
    }
    out
}

/// The verdict on `python args` when it certainly only reads: `-c` with a program that only
/// prints, or `-m` with a module run in a read-only mode, after options that change nothing
/// about what runs. `None`: not known to only read (the caller decides).
pub fn invocation(args: &[Word]) -> Option<Verdict> {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let v = a.value.as_deref()?;
        if !v.starts_with('-') || v == "-" || v.starts_with("--") {
            return None;
        }
        let cluster = &v[1..];
        for (at, c) in cluster.char_indices() {
            let rest = &cluster[at + 1..];
            let value = || -> Option<String> {
                if rest.is_empty() {
                    args.get(i)?.value.clone()
                } else {
                    Some(rest.to_string())
                }
            };
            match c {
                'I' | 'E' | 's' | 'S' | 'B' | 'u' | 'O' | 'q' | 'b' | 'P' | 'R' | 'v' => {}
                'X' | 'W' => {
                    let option = value()?;
                    let harmless = if c == 'X' {
                        matches!(
                            option.split('=').next().unwrap_or(""),
                            "utf8"
                                | "dev"
                                | "importtime"
                                | "warn_default_encoding"
                                | "no_debug_ranges"
                                | "int_max_str_digits"
                                | "faulthandler"
                        )
                    } else {
                        harmless_warning_filter(&option)
                    };
                    if !harmless {
                        return None;
                    }
                    if rest.is_empty() {
                        i += 1;
                    }
                    break;
                }
                'c' => {
                    let code = value()?;
                    // The project's modules it imports are the context's to find and judge.
                    inline_project_imports(&code)?;
                    // What it imports may come from the working directory: read only when the
                    // context is read (which checks that), unknown as before without it.
                    let mut v = Verdict::default();
                    v.push_unless(
                        Level::Unknown,
                        "python3 runs inline code, whose modules may come from the working directory",
                        Settle::InlineCode,
                    );
                    return Some(v);
                }
                'm' => {
                    let module = value()?;
                    let after = if rest.is_empty() { i + 1 } else { i };
                    return module_mode(&module, args.get(after..).unwrap_or(&[]));
                }
                _ => return None,
            }
        }
    }
    None
}

/// `-W action[:message[:category[:module[:lineno]]]]` that imports nothing: a built-in category
/// or none, no module.
fn harmless_warning_filter(filter: &str) -> bool {
    let parts: Vec<&str> = filter.split(':').collect();
    let action_ok = matches!(
        parts[0],
        "ignore"
            | "default"
            | "error"
            | "always"
            | "module"
            | "once"
            | "i"
            | "d"
            | "e"
            | "a"
            | "m"
            | "o"
    );
    let category_ok = parts
        .get(2)
        .is_none_or(|c| c.is_empty() || (!c.contains('.') && c.ends_with("Warning")));
    action_ok && category_ok && parts.len() <= 3
}

/// `python -m module args` when the module's mode only reads.
/// `pydoc json`, `pydoc str.split`, `pydoc if`: pydoc prints the documentation of a keyword, a
/// topic, or what it imports by name; names of the standard library and builtins import only
/// modules that do nothing but define (whether the working directory shadows them is the
/// context's to check). A path (`./x.py`) or an option (`-k` imports every module, `-w`
/// writes HTML, `-p`/`-b` serve) is not read-only.
pub fn pydoc(values: &[&str]) -> bool {
    const KEYWORDS: &[&str] = &[
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
        "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
        "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
        "try", "while", "with", "yield",
    ];
    const MORE_BUILTINS: &[&str] = &[
        "object",
        "bytes",
        "bytearray",
        "memoryview",
        "slice",
        "property",
        "staticmethod",
        "classmethod",
        "super",
        "Exception",
    ];
    let known = |name: &str| {
        if KEYWORDS.contains(&name)
            || (!name.is_empty() && name.chars().all(|c| c.is_ascii_uppercase() || c == '_'))
        {
            return true;
        }
        let identifier = |p: &str| {
            p.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        };
        let top = name.split('.').next().unwrap_or("");
        name.split('.').all(identifier)
            && (MODULES
                .iter()
                .any(|(m, _)| m.split('.').next() == Some(top))
                || BUILTINS.contains(&top)
                || MORE_BUILTINS.contains(&top))
    };
    !values.is_empty() && values.iter().all(|v| known(v))
}

/// Python tools whose `python -m NAME` is the tool's own command (the module's `__main__` calls
/// the entry point its console script calls: mypy's `main`, pytest's `console_main`, …): judged
/// as the tool, whose configuration the context reads as for the tool; that NAME is the
/// installed module and not one of the working directory is the context's to check too.
pub const TOOL_MODULES: &[&str] = &[
    "mypy",
    "pytest",
    "flake8",
    "pylint",
    "autopep8",
    "codespell",
    // Each has a `__main__` that calls its console script's entry point (pyflakes' `api.main`,
    // pycodestyle's `_main`, black's `patched_main`, isort's `main`, yamllint's `cli.run`).
    "pyflakes",
    "pycodestyle",
    "black",
    "isort",
    "yamllint",
];

fn module_mode(module: &str, rest: &[Word]) -> Option<Verdict> {
    if module == "pip" {
        return super::tools::check("pip", rest);
    }
    if module == "docutils" {
        return super::printers::check("docutils", rest);
    }
    let values: Vec<&str> = super::args::values(rest)?;
    if rest.iter().any(|a| a.glob) {
        return None;
    }
    if TOOL_MODULES.contains(&module) {
        return super::programs::module_tool(module, rest);
    }
    // `timeit [-n N] [-r N] [-s SETUP] [-u UNIT] [-p] [-v] STMT…` runs its setup and statements
    // as Python (each compiled on its own first, so neither can close the template's function):
    // judged as the inline program they make, whose imports the context reads as for `-c`.
    if module == "timeit" {
        let code = timeit_code(&values)?;
        inline_project_imports(&code).filter(|project| project.is_empty())?;
        let mut v = Verdict::default();
        v.push_unless(
            Level::Unknown,
            "python3 runs timeit's statements, whose modules may come from the working directory",
            Settle::InlineCode,
        );
        return Some(v);
    }
    let reads = match module {
        // `inspect [-d] MODULE[:QUALNAME]` imports MODULE and prints the object's source or,
        // with `-d`, its details (Python 3.11): a standard module that only defines, as pydoc
        // takes (whether the working directory shadows it is the context's to check).
        "inspect" => match values.as_slice() {
            [target] | ["-d" | "--details", target] | [target, "-d" | "--details"] => {
                let (module, qualname) = target.split_once(':').unwrap_or((target, ""));
                pydoc(&[module])
                    && qualname.split('.').all(|p| {
                        p.is_empty() || p.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                    })
                    && !module.contains('.')
            }
            _ => false,
        },
        "json.tool" | "json" => {
            let mut files = 0;
            let mut i = 0;
            while let Some(v) = values.get(i) {
                match *v {
                    "--sort-keys" | "--no-ensure-ascii" | "--json-lines" | "--tab"
                    | "--no-indent" | "--compact" => {}
                    "--indent" => i += 1,
                    v if v.starts_with("--indent=") => {}
                    v if v.starts_with('-') && v != "-" => return None,
                    // The second operand is where it writes: a standard stream writes no file.
                    v if files == 1 => {
                        if !matches!(v, "-" | "/dev/stdout" | "/dev/stderr") {
                            return None;
                        }
                    }
                    _ => files += 1,
                }
                i += 1;
            }
            true
        }
        // Class browsers and archive information: the module's or archive's text is read, not
        // run (pyclbr parses source; `zipapp --info` prints an archive's interpreter line).
        "pyclbr" => !values.is_empty() && values.iter().all(|v| !v.starts_with('-')),
        "zipapp" => {
            matches!(values.as_slice(), [archive, "--info"] | ["--info", archive] if !archive.starts_with('-'))
        }
        "platform" => values
            .iter()
            .all(|v| matches!(*v, "--terse" | "--nonaliased")),
        "sysconfig" | "this" => values.is_empty(),
        "pydoc" => pydoc(&values),
        "site" => values
            .iter()
            .all(|v| matches!(*v, "--user-base" | "--user-site")),
        "calendar" => values.iter().all(|v| v.chars().all(|c| c.is_ascii_digit())),
        // `-l` lists and `-t` tests an archive (zipfile and tarfile, Python 3.11); `-e` and `-c`
        // extract and create.
        "zipfile" | "tarfile" => {
            matches!(values.as_slice(), ["-l" | "--list" | "-t" | "--test", _])
        }
        // Disassemble or parse files and print; nothing in them runs (pickletools reads opcodes
        // without unpickling, ast/dis/tokenize compile without running). `pickletools -o`
        // writes its output to a file.
        "pickletools" => files_with(
            &values,
            &["-a", "--annotate"],
            &["-m", "--memo", "-l", "--indentlevel", "-p", "--preamble"],
            usize::MAX,
        ),
        "ast" => files_with(
            &values,
            &["-a", "--include-attributes", "--no-type-comments"],
            &[
                "-m",
                "--mode",
                "-i",
                "--indent",
                "--feature-version",
                "-O",
                "--optimize",
            ],
            1,
        ),
        // base64's, mimetypes' and uuid's command lines (Python 3.11): they print an encoding,
        // a type or a new UUID; a file named is only read.
        "base64" => files_with(&values, &["-d", "-e", "-u", "-t"], &[], 1),
        "mimetypes" => files_with(
            &values,
            &["-e", "--extension", "-l", "--lenient"],
            &[],
            usize::MAX,
        ),
        "uuid" => files_with(
            &values,
            &[],
            &["-u", "--uuid", "-n", "--namespace", "-N", "--name"],
            0,
        ),
        // Checkers and printers over files (Python 3.11, strace: nothing opened to write, no
        // program run): tabnanny tokenizes files and the .py files of directories, filecmp
        // compares two directories, shlex prints a file's (or stdin's) tokens, locale prints
        // the locale's settings.
        "tabnanny" => files_with(&values, &["-q", "-v"], &[], usize::MAX),
        "filecmp" => {
            let operands = values.iter().filter(|v| **v != "-r").count();
            operands == 2 && files_with(&values, &["-r"], &[], 2)
        }
        "shlex" => files_with(&values, &[], &[], 1),
        "locale" => values.is_empty(),
        "dis" | "tokenize" => files_with(
            &values,
            &[
                "-e",
                "--exact",
                "-C",
                "--show-caches",
                "-O",
                "--show-offsets",
            ],
            &[],
            1,
        ),
        _ => false,
    };
    reads.then(Verdict::read_only)
}

/// The program `python -m timeit ARGS` runs: its `-s` setups, then its statements (`pass` when
/// none), one a line; `None` for an option not known to only change how it times and prints.
fn timeit_code(values: &[&str]) -> Option<String> {
    let mut setup = Vec::new();
    let mut statements = Vec::new();
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if !statements.is_empty() || !v.starts_with('-') || *v == "-" {
            statements.push(v.to_string());
            continue;
        }
        if *v == "--" {
            statements.extend(values[i..].iter().map(|s| s.to_string()));
            break;
        }
        let (option, attached) = match v.split_once('=') {
            Some((o, value)) if o.starts_with("--") => (o, Some(value.to_string())),
            _ if !v.starts_with("--") && v.len() > 2 => (&v[..2], Some(v[2..].to_string())),
            _ => (*v, None),
        };
        let valued = matches!(
            option,
            "-n" | "--number" | "-r" | "--repeat" | "-s" | "--setup" | "-u" | "--unit"
        );
        if !valued {
            if attached.is_some() || !matches!(option, "-p" | "--process" | "-v" | "--verbose") {
                return None;
            }
            continue;
        }
        let value = match attached {
            Some(value) => value,
            None => {
                i += 1;
                values.get(i - 1)?.to_string()
            }
        };
        match option {
            "-s" | "--setup" => setup.push(value),
            "-u" | "--unit" if !matches!(value.as_str(), "nsec" | "usec" | "msec" | "sec") => {
                return None
            }
            "-n" | "--number" | "-r" | "--repeat" if !value.chars().all(|c| c.is_ascii_digit()) => {
                return None
            }
            _ => {}
        }
    }
    setup.extend(statements);
    Some(setup.join("\n"))
}

/// `values` are flags among `flags`, options among `valued` with their value in the next word,
/// and at most `max` file operands (none may start with `-`).
fn files_with(values: &[&str], flags: &[&str], valued: &[&str], max: usize) -> bool {
    let mut files = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        if flags.contains(v) {
        } else if valued.contains(v) {
            i += 1;
            if values.get(i).is_none() {
                return false;
            }
        } else if v.starts_with('-') {
            return false;
        } else {
            files += 1;
        }
        i += 1;
    }
    files <= max
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn project_imports_of_inline_programs_and_modules() {
        let project = |code: &str| inline_project_imports(code).unwrap_or_else(|| panic!("{code}"));
        assert_eq!(
            project("import helper; print(helper.X, helper.f(1))"),
            ["helper"]
        );
        assert_eq!(project("from a.b import c; print(c)"), ["a.b", "?a.b.c"]);
        assert_eq!(
            project("import sys; sys.path.insert(0, 'src'); import m; print(m.f())"),
            ["m"]
        );
        assert!(project("import json; print(1)").is_empty());
        for code in [
            "import helper; print(helper.os.system)",
            "import helper; print(helper.os)",
            "import helper; helper.X.y.z()",
            "import subprocess; print(1)",
            "from os import system; system('id')",
            "from helper import *",
            "import helper; helper._private()",
        ] {
            assert!(inline_project_imports(code).is_none(), "{code}");
        }
        let module = |code: &str| module_project_imports(code);
        assert_eq!(
            module("\"\"\"Doc.\"\"\"\nX = 1\n\ndef f(a, *rest, b=None, **kw):\n    return a\n"),
            Some(vec![])
        );
        assert_eq!(
            module("from .core import V\n"),
            Some(vec![".core".to_string(), "?.core.V".to_string()])
        );
        assert_eq!(
            module("import sub2\nX = sub2.Y\n"),
            Some(vec!["sub2".to_string()])
        );
        assert_eq!(module("def f(): return 1\n"), Some(vec![]));
        for code in [
            "import os\nos.system('id')\n",
            "def f():\n    open('x', 'w')\n",
            "def f(g):\n    return g()\n",
            "def f(a: int):\n    return a\n",
            "class A:\n    pass\n",
            "@decorator\ndef f():\n    return 1\n",
            "def f(a=os.system):\n    return a\n",
            "if __name__ == '__main__':\n    main()\n",
        ] {
            assert!(module_project_imports(code).is_none(), "{code}");
        }
        // A `-c` program is not a module: no `def` there.
        assert!(inline_project_imports("def f(): return 1\nprint(f())").is_none());
    }

    #[test]
    fn finds_the_directories_a_printing_program_makes() {
        let dirs = |code: &str| only_prints_making_dirs(code);
        assert_eq!(
            dirs("import os; os.makedirs('src', exist_ok=True)"),
            Some(vec!["src".to_string()])
        );
        assert_eq!(
            dirs("import sys, os\nos.mkdir(\"a\", 0o755)\nos.makedirs('b/c', mode=0o700, exist_ok=False); print(os.listdir('a'))"),
            Some(vec!["a".to_string(), "b/c".to_string()])
        );
        assert_eq!(
            dirs("from pathlib import Path; Path('out').mkdir(parents=True, exist_ok=True)"),
            Some(vec!["out".to_string()])
        );
        assert_eq!(
            dirs("import pathlib; pathlib.Path('out').mkdir(); print(1)"),
            Some(vec!["out".to_string()])
        );
        for code in [
            "print(1)",
            "import os; os.makedirs(os.environ['D'], exist_ok=True)",
            "import os; os.makedirs(f'{1}', exist_ok=True)",
            "import os; os.makedirs('a\\x41', exist_ok=True)",
            "import os; os.makedirs('a', exist_ok=True); open('a/x', 'w')",
            "import os; os.makedirs('a', dir_fd=3)",
            // `os` or `Path` bound to something else.
            "import shutil as os; os.makedirs('a')",
            "import os; os = x; os.makedirs('a')",
            "from os import makedirs; makedirs('a')",
            "from x import Path; Path('a').mkdir()",
            "from pathlib import Path; Path = x; Path('a').mkdir()",
            "import os; x.os.makedirs('a')",
            // A module of the project's is the context's to judge: not taken here.
            "import os, helper; os.makedirs('a'); print(helper.X)",
        ] {
            assert_eq!(dirs(code), None, "{code}");
        }
    }

    #[test]
    fn reads_programs_that_only_print() {
        for code in [
            "print(1)",
            "print(1 + 1)",
            "import sys; print(sys.version_info[:2])",
            "import sys; print(sys.stdout.encoding, sys.stdin.errors)",
            "import sys; print(len(sys.argv))",
            "import json; print(json.dumps([1, 2]))",
            "import sys; print(sys.path[1])",
            "import platform; print(platform.machine(), platform.python_version())",
            "import os; print(os.getcwd()); print(os.path.exists('x'))",
            "import json; print(json.load(open('config.json'))['name'])",
            "print(f'{1+2} {\"a\".upper()}')",
            "import sys; print(*sys.path, sep='\\n')",
            "print('a', end='')",
            "import os; print(os.environ.get('HOME'), os.sep, os.environ['PATH'])",
            "from os import path; print(path.join('a', 'b'))",
            "from json import dumps; print(dumps(1))",
            "import sys\nfor_each = [x * 2 for x in range(3)]\nprint(for_each)",
            "import os.path; print(os.path.join('a', 'b'))",
            "from pathlib import Path; print(Path('a').exists())",
            "import sys; sys.stdout.write('x\\n')",
            "import sys; print(f\"{sys.version_info.major}.{sys.version_info.minor}\")",
            "import csv, sys; print(sys.version_info[:2])",
            "import json; print(json.__version__)",
            "with open('notes.txt') as f: print(len(f.read().splitlines()))",
            "with open('a') as f, open('b', 'rb') as g: print(f.read() == g.read())",
            "import json\nwith open('package.json') as fh:\n    data = json.load(fh)\nprint(data['version'])",
            "import json, sys; d = json.load(sys.stdin); print(d['version'])",
            "import sys; [print(l.upper(), end='') for l in sys.stdin]",
            "import sys; print(sum(1 for _ in sys.stdin.readlines()))",
            // issue 44 (r10): a here-document's program, judged as `-c` code.
            "import csv\nwith open(\"data.csv\") as f:\n    rows = list(csv.DictReader(f))\nprint(max(rows, key=lambda r: int(r[\"score\"]))[\"name\"])\n",
            "rows = [1, 2]\nfor r in rows:\n    if r > 1:\n        print(r)\n    elif r:\n        continue\n    else:\n        break\n",
            "print(list(map(lambda a, b: a + b, [1], [2])))",
            // issue 44 (r12): a listed value's string method; a class named as its module.
            "import sys, platform; print(sys.version.split()[0], platform.machine(), sys.prefix)",
            "import datetime; print(datetime.datetime.now().isoformat())",
            // issue 44 (r24): what kind of file a path is, probed by reading it.
            "import dbm; print(dbm.whichdb(\"nothing\"))",
            "import zipfile, tarfile; print(zipfile.is_zipfile('a.zip'), tarfile.is_tarfile('a.tar'))",
            "import filecmp; print(filecmp.cmp('a', 'b', shallow=False))",
            "import mimetypes; print(mimetypes.guess_type('a.txt')[0])",
            "import imghdr, sndhdr; print(imghdr.what('a.png'), sndhdr.what('a.wav'))",
            // issue 44 (r33): ast's node classes and walkers, used to list a module's functions.
            "import ast,sys; t=ast.parse(open('u.py').read()); print([n.name for n in t.body if isinstance(n, ast.FunctionDef)])",
            "import ast; print(sum(1 for n in ast.walk(ast.parse(open('u.py').read())) if isinstance(n, ast.Call)))",
            "import ast; print(ast.get_docstring(ast.parse(open('u.py').read())))",
        ] {
            assert!(only_prints(code), "{code}");
        }
        for code in [
            "import os; os.system('touch x')",
            "open('x', 'w').write('1')",
            "open('x', mode='a')",
            "__import__('os').system('id')",
            "import subprocess; subprocess.run(['id'])",
            "print(().__class__.__bases__[0].__subclasses__())",
            "exec('print(1)')",
            "eval('1')",
            "import numpy; print(numpy.__version__)",
            "from pathlib import Path; Path('x').write_text('1')",
            "from pathlib import Path; Path('x').replace('y')",
            "import json; json.dump({}, open('x', 'w'))",
            "getattr(__builtins__, 'exec')('1')",
            "def f(): pass",
            "import shutil; shutil.rmtree('x')",
            "print(f'{__import__(\"os\").system(\"id\")}')",
            "import os; os.remove('x')",
            "x = open('a'); x.write('b')",
            "import pickle",
            "import os; list(map(os.system, ['id']))",
            "import os; f = os.remove; f('x')",
            "import os; os.environ['X'] = 'y'",
            "with open('x', 'w') as f: f.write('1')",
            "with open('x', 'a') as f: pass",
            "with open('a') as f: open('x', 'w').write(f.read())",
            "import os; with os.popen('id') as p: print(p.read())",
            "with open('a') as f, os.popen('id') as p: print(1)",
            "with open('a'), f(): print(1)",
            "with open('a').f() as f: print(1)",
            "import sys; sys.stdin.fileno()",
            "import sys; sys.stdout.buffer.raw.write(b'x')",
            "f = lambda x=exec: x('1')",
            "f = lambda *a: a; print(f(1))",
            "print((lambda: __import__('os'))())",
            "import os; print(list(map(lambda c: os.system(c), ['id'])))",
            // A module listed with `*` holds the modules it imported: those are not listed.
            "import platform; platform.os.system('id')",
            "import glob; glob.os.remove('x')",
            "import shlex; shlex.os.system('id')",
            "import uuid; print(uuid.os.popen('id').read())",
            "import typing; typing.sys.modules['os'].system('id')",
            "import sys; sys.version.replace('a', 'b')",
            "import sys; sys.stdout.buffer.write(b'x'); sys.stdout.reconfigure(x=open('f', 'w'))",
            "import sys; sys.stdout.encoding.__class__",
            // Only the probes of these modules: opening or changing is not read-only.
            "import dbm; dbm.open('x', 'c')",
            "import zipfile; zipfile.ZipFile('a.zip').extractall()",
            "import tarfile; tarfile.open('a.tar').extractall()",
            "import filecmp; filecmp.dircmp('a', 'b').report()",
            // ast listed with `*` still holds the modules it imported.
            "import ast; ast.sys.modules['os'].system('id')",
            "import ast; ast.contextmanager(open)('x', 'w')",
            "import ast; t = ast.parse(open('u.py').read()); open('u.py', 'w').write(ast.unparse(t))",
            "import ast; exec(compile(ast.parse('1'), 'f', 'exec'))",
        ] {
            assert!(!only_prints(code), "{code}");
        }
    }
}
