//! Lisp one-liners, read as forms: SBCL's `--eval FORM` (and a program it reads with `--script`
//! from a known standard input) and Guile's `-c EXPR`. Every symbol the program evaluates must be
//! a listed one that only computes, reads or prints, a special form read for what it binds
//! (`let`, `lambda`, `define`, `defun`, `dolist`, `with-open-file` with no options, so only for
//! reading), or a name the program itself binds where the binding reaches. Quoted data may hold
//! numbers, strings, keywords and listed symbols only (a symbol is a function designator in
//! Common Lisp: `(mapcar 'x l)` calls `x`), no package prefix (`sb-ext:run-program`), no reader
//! macro beyond characters and booleans (`#.` evaluates as it reads), no backquote, no string
//! with format's `~/` (it calls a function by name), no `:test`/`:key` (function designators).
//! Fail closed: anything else is not read-only. The init files each loads are the context's.

use super::words::Word;

const MAX_CODE: usize = 4096; // a one-liner; longer code is not read
const MAX_DEPTH: usize = 64; // nesting read; deeper code is not read

/// Which Lisp: Common Lisp (SBCL, case-folding, functions apart from variables) or Guile's
/// Scheme (case-sensitive, one namespace).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dialect {
    Sbcl,
    Guile,
}

/// Names both dialects share that only compute or print.
#[rustfmt::skip]
const COMMON: &[&str] = &[
    "+", "-", "*", "/", "=", "<", ">", "<=", ">=", "abs", "max", "min", "expt", "sqrt", "exp", "log", "sin",
    "cos", "tan", "floor", "ceiling", "round", "truncate", "list", "cons", "car", "cdr", "cadr", "cddr",
    "caar", "length", "reverse", "append", "not", "if", "and", "or", "when", "unless", "cond", "quote",
    "write", "display", "newline", "string-upcase", "string-downcase", "string", "assoc", "member",
    "gcd", "lcm", "numerator", "denominator", "last", "format",
];

/// SBCL's (the COMMON-LISP package and SB-EXT's few that CL-USER sees unqualified).
#[rustfmt::skip]
const SBCL: &[&str] = &[
    "print", "princ", "prin1", "pprint", "terpri", "fresh-line", "write-line", "write-string", "write-char",
    "mod", "rem", "1+", "1-", "/=", "zerop", "plusp", "minusp", "evenp", "oddp", "numberp", "stringp",
    "first", "second", "third", "rest", "nth", "nthcdr", "subseq", "concatenate", "string-trim",
    "string-left-trim", "string-right-trim", "string=", "string<", "string>", "string-equal",
    "parse-integer", "read-line", "lisp-implementation-version", "lisp-implementation-type",
    "software-type", "software-version", "machine-type", "machine-version", "machine-instance",
    "get-universal-time", "get-decoded-time", "decode-universal-time", "char", "char-code", "code-char",
    "char-upcase", "char-downcase", "aref", "elt", "position", "count", "search", "find", "remove",
    "remove-duplicates", "substitute", "sort", "mapcar", "mapc", "reduce", "progn", "let", "let*",
    "lambda", "function", "defun", "defvar", "defparameter", "setq", "setf", "incf", "decf", "push",
    "dolist", "dotimes", "with-open-file", "posix-getenv", "values", "equal", "eql", "eq", "equalp",
    "null", "listp", "consp", "atom", "symbolp", "integerp", "floatp", "float", "isqrt", "make-list",
    "list-length", "copy-list", "string-capitalize", "digit-char-p", "alpha-char-p", "upper-case-p",
    "lower-case-p", "every", "some",
    "t", "nil", "pi", "most-positive-fixnum", "most-negative-fixnum", "*standard-output*",
    "*standard-input*", "*error-output*", "*features*", "*posix-argv*", "*print-base*",
];

/// Guile's (the default environment of `guile -c`).
#[rustfmt::skip]
const GUILE: &[&str] = &[
    "quotient", "remainder", "modulo", "exact->inexact", "inexact->exact", "exact", "inexact",
    "number->string", "string->number", "string-append", "string-length", "substring", "string-ref",
    "string-join", "string-split", "string-index", "string-contains", "string-prefix?", "string-suffix?",
    "string-null?", "string=?", "string<?", "string->list", "list->string", "string->symbol",
    "symbol->string", "string-trim", "string-trim-both", "string-trim-right", "list-ref", "list-tail",
    "iota", "map", "for-each", "filter", "reduce", "fold", "version", "major-version",
    "minor-version", "micro-version", "effective-version", "getenv", "getcwd", "current-time",
    "zero?", "positive?", "negative?", "even?", "odd?", "number?", "string?", "symbol?", "pair?", "null?",
    "list?", "integer?", "equal?", "eq?", "eqv?", "assq", "assv", "assoc-ref", "memq", "memv", "begin",
    "let", "let*", "lambda", "define", "set!", "write-line", "simple-format", "current-output-port",
    "current-error-port", "char->integer", "integer->char", "vector", "vector-ref", "vector-length",
    "list->vector", "vector->list", "exact->inexact", "round", "sort", "length+", "values",
    "else", "#t", "#f",
];

/// Keywords that name a function argument (a designator, called by name).
const DESIGNATOR_KEYS: &[&str] = &[":test", ":test-not", ":key", ":if", ":if-not"];

#[derive(Debug)]
enum Node<'a> {
    Atom(&'a str),
    Str(&'a str),
    /// `'datum`
    Quoted(Box<Node<'a>>),
    /// `#'name`
    Function(&'a str),
    List(Vec<Node<'a>>),
}

/// Whether `code` only computes and prints, read as `dialect` (see the module header).
pub fn only_prints(dialect: Dialect, code: &str) -> bool {
    if code.len() > MAX_CODE {
        return false;
    }
    let Some(forms) = read_all(code) else {
        return false;
    };
    let mut globals: Vec<&str> = Vec::new();
    forms.iter().all(|form| {
        let ok = Checker {
            dialect,
            globals: &globals,
        }
        .form(form, &[], 0);
        if ok {
            if let Some(name) = defined_name(form) {
                globals.push(name);
            }
        }
        ok
    })
}

fn read_all(code: &str) -> Option<Vec<Node<'_>>> {
    let b = code.as_bytes();
    let mut at = 0;
    let mut forms = Vec::new();
    loop {
        skip_blank(code, &mut at)?;
        if at >= b.len() {
            return Some(forms);
        }
        forms.push(read(code, &mut at, 0)?);
    }
}

/// Skips whitespace and `;` comments; `None` on a block comment (`#|`), which is not read.
fn skip_blank(code: &str, at: &mut usize) -> Option<()> {
    let b = code.as_bytes();
    while *at < b.len() {
        match b[*at] {
            c if c.is_ascii_whitespace() => *at += 1,
            b';' => *at += code[*at..].find('\n').unwrap_or(code.len() - *at),
            _ => break,
        }
    }
    Some(())
}

fn delimiter(c: u8) -> bool {
    c.is_ascii_whitespace() || matches!(c, b'(' | b')' | b'"' | b';' | b'\'')
}

fn read<'a>(code: &'a str, at: &mut usize, depth: usize) -> Option<Node<'a>> {
    if depth > MAX_DEPTH {
        return None;
    }
    skip_blank(code, at)?;
    let b = code.as_bytes();
    let c = *b.get(*at)?;
    match c {
        b'(' => {
            *at += 1;
            let mut items = Vec::new();
            loop {
                skip_blank(code, at)?;
                match b.get(*at)? {
                    b')' => {
                        *at += 1;
                        return Some(Node::List(items));
                    }
                    _ => items.push(read(code, at, depth + 1)?),
                }
            }
        }
        b'\'' => {
            *at += 1;
            Some(Node::Quoted(Box::new(read(code, at, depth + 1)?)))
        }
        b'"' => {
            let end = super::oneliner::closing(b, *at + 1, b'"')?;
            let body = &code[*at + 1..end];
            *at = end + 1;
            Some(Node::Str(body))
        }
        b'#' => {
            let rest = &code[*at..];
            if let Some(after) = rest.strip_prefix("#\\") {
                // A character: `#\a`, `#\Space`, `#\(`.
                let first = after.chars().next()?;
                let len = first.len_utf8()
                    + after[first.len_utf8()..]
                        .bytes()
                        .take_while(|&c| !delimiter(c))
                        .count();
                *at += 2 + len;
                return Some(Node::Str(""));
            }
            if let Some(after) = rest.strip_prefix("#'") {
                let len = after.bytes().take_while(|&c| !delimiter(c)).count();
                let name = &after[..len];
                *at += 2 + len;
                return (!name.is_empty()).then_some(Node::Function(name));
            }
            let len = rest.bytes().take_while(|&c| !delimiter(c)).count();
            let word = &rest[..len];
            // Guile's booleans; every other reader macro (`#.`, `#+`, `#p`, `#(`, `#:`) is not
            // read.
            if matches!(word, "#t" | "#f" | "#true" | "#false") {
                *at += len;
                return Some(Node::Atom(word));
            }
            None
        }
        b')' | b'`' | b',' | b'|' => None,
        _ => {
            let len = code[*at..].bytes().take_while(|&c| !delimiter(c)).count();
            let word = &code[*at..*at + len];
            // `|sym|` and `\` escapes spell any name; `pkg:sym` reaches another package.
            if word.contains(['|', '\\', '`', ',', '#'])
                || word.char_indices().any(|(i, c)| i > 0 && c == ':')
            {
                return None;
            }
            *at += len;
            Some(Node::Atom(word))
        }
    }
}

fn number(a: &str) -> bool {
    let a = a.strip_prefix(['-', '+']).unwrap_or(a);
    !a.is_empty()
        && a.as_bytes()[0].is_ascii_digit()
        && a.bytes()
            .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'/' | b'e' | b'd'))
}

/// The name a top-level `(define name …)`, `(define (name …) …)`, `(defun name …)`,
/// `(defvar name …)` binds.
fn defined_name<'a>(form: &Node<'a>) -> Option<&'a str> {
    let Node::List(items) = form else {
        return None;
    };
    match (items.first(), items.get(1)) {
        (Some(Node::Atom(head)), Some(Node::Atom(name)))
            if matches!(
                head.to_ascii_lowercase().as_str(),
                "define" | "defun" | "defvar" | "defparameter"
            ) =>
        {
            Some(name)
        }
        (Some(Node::Atom(head)), Some(Node::List(sig))) if *head == "define" => match sig.first() {
            Some(Node::Atom(name)) => Some(name),
            _ => None,
        },
        _ => None,
    }
}

struct Checker<'g, 'a> {
    dialect: Dialect,
    globals: &'g [&'a str],
}

impl<'a> Checker<'_, 'a> {
    fn same(&self, a: &str, b: &str) -> bool {
        match self.dialect {
            Dialect::Sbcl => a.eq_ignore_ascii_case(b),
            Dialect::Guile => a == b,
        }
    }

    fn listed(&self, name: &str) -> bool {
        let own = match self.dialect {
            Dialect::Sbcl => SBCL,
            Dialect::Guile => GUILE,
        };
        COMMON.iter().chain(own).any(|n| self.same(n, name))
    }

    fn bound(&self, name: &str, locals: &[&str]) -> bool {
        locals
            .iter()
            .chain(self.globals)
            .any(|n| self.same(n, name))
    }

    /// A name the program binds: never one of the listed ones (a binding that does not reach
    /// a use would leave the real one there), never a keyword.
    fn bindable(&self, name: &str) -> bool {
        !self.listed(name) && !name.starts_with(':') && !number(name) && !name.starts_with('&')
    }

    fn symbol(&self, a: &str, locals: &[&str]) -> bool {
        number(a)
            || (a.starts_with(':') && !DESIGNATOR_KEYS.iter().any(|k| self.same(k, a)))
            || self.listed(a)
            || self.bound(a, locals)
    }

    fn string(&self, s: &str) -> bool {
        !s.contains("~/")
    }

    /// Quoted data: numbers, strings, keywords and listed symbols.
    fn datum(&self, node: &Node<'a>) -> bool {
        match node {
            Node::Atom(a) => {
                number(a)
                    || (a.starts_with(':') && !DESIGNATOR_KEYS.iter().any(|k| self.same(k, a)))
                    || self.listed(a)
            }
            Node::Str(s) => self.string(s),
            Node::Quoted(inner) => self.datum(inner),
            Node::Function(_) => false,
            Node::List(items) => items.iter().all(|i| self.datum(i)),
        }
    }

    fn forms(&self, nodes: &[Node<'a>], locals: &[&'a str], depth: usize) -> bool {
        nodes.iter().all(|n| self.form(n, locals, depth))
    }

    fn form(&self, node: &Node<'a>, locals: &[&'a str], depth: usize) -> bool {
        match node {
            Node::Atom(a) => self.symbol(a, locals),
            Node::Str(s) => self.string(s),
            Node::Quoted(inner) => self.datum(inner),
            Node::Function(name) => self.listed(name) || self.bound(name, locals),
            Node::List(items) => self.call(items, locals, depth),
        }
    }

    fn call(&self, items: &[Node<'a>], locals: &[&'a str], depth: usize) -> bool {
        let Some((head, args)) = items.split_first() else {
            return true; // `()`
        };
        let Node::Atom(head) = head else {
            return false; // `((lambda …) …)`, a call of a computed function
        };
        let lower = head.to_ascii_lowercase();
        let guile = self.dialect == Dialect::Guile;
        let special = |name: &str| self.same(head, name) && !self.bound(head, locals);
        if special("quote") {
            return matches!(args, [d] if self.datum(d));
        }
        if special("function") {
            return matches!(args, [Node::Atom(n)] if self.listed(n) || self.bound(n, locals));
        }
        if special("let") || special("let*") {
            let sequential = lower == "let*";
            let [Node::List(bindings), body @ ..] = args else {
                return false;
            };
            let mut inner = locals.to_vec();
            let mut names = Vec::new();
            for binding in bindings {
                let (name, init) = match binding {
                    Node::Atom(n) => (n, None),
                    Node::List(pair) => match &pair[..] {
                        [Node::Atom(n)] => (n, None),
                        [Node::Atom(n), init] => (n, Some(init)),
                        _ => return false,
                    },
                    _ => return false,
                };
                if !self.bindable(name) {
                    return false;
                }
                let scope = if sequential { &inner } else { locals };
                if init.is_some_and(|i| !self.form(i, scope, depth + 1)) {
                    return false;
                }
                if sequential {
                    inner.push(name);
                } else {
                    names.push(*name);
                }
            }
            inner.extend(names);
            return self.forms(body, &inner, depth + 1);
        }
        if special("lambda") {
            let [Node::List(params), body @ ..] = args else {
                return false;
            };
            let Some(inner) = self.parameters(params, locals) else {
                return false;
            };
            return self.forms(body, &inner, depth + 1);
        }
        // Definitions at the top only: one inside a body would bind where the reader does not
        // follow it.
        if (guile && special("define")) || (!guile && special("defun")) {
            if depth > 0 {
                return false;
            }
            return match args {
                // `(define name value)`
                [Node::Atom(name), value] if guile => {
                    self.bindable(name) && self.form(value, locals, depth + 1)
                }
                // `(define (name params…) body…)`
                [Node::List(sig), body @ ..] if guile => match sig.split_first() {
                    Some((Node::Atom(name), params)) if self.bindable(name) => {
                        let Some(mut inner) = self.parameters(params, locals) else {
                            return false;
                        };
                        inner.push(name);
                        self.forms(body, &inner, depth + 1)
                    }
                    _ => false,
                },
                // `(defun name (params…) body…)`
                [Node::Atom(name), Node::List(params), body @ ..] if !guile => {
                    if !self.bindable(name) {
                        return false;
                    }
                    let Some(mut inner) = self.parameters(params, locals) else {
                        return false;
                    };
                    inner.push(name);
                    self.forms(body, &inner, depth + 1)
                }
                _ => false,
            };
        }
        if !guile && (special("defvar") || special("defparameter")) {
            return depth == 0
                && match args {
                    [Node::Atom(name), rest @ ..] if rest.len() <= 2 => {
                        self.bindable(name) && self.forms(rest, locals, depth + 1)
                    }
                    _ => false,
                };
        }
        if !guile && (special("dolist") || special("dotimes") || special("with-open-file")) {
            // `(dolist (var list [result]) body…)`; `(with-open-file (var path) body…)`, with
            // no options: a file opened for reading.
            let [Node::List(spec), body @ ..] = args else {
                return false;
            };
            let Some((Node::Atom(var), rest)) = spec.split_first() else {
                return false;
            };
            let fits = if lower == "with-open-file" {
                rest.len() == 1
            } else {
                (1..=2).contains(&rest.len())
            };
            if !fits || !self.bindable(var) || !self.forms(rest, locals, depth + 1) {
                return false;
            }
            let mut inner = locals.to_vec();
            inner.push(var);
            return self.forms(body, &inner, depth + 1);
        }
        if special("setq")
            || special("setf")
            || special("set!")
            || special("incf")
            || special("decf")
        {
            // Only the program's own variables are set.
            let mut pairs = args.iter();
            while let Some(place) = pairs.next() {
                let Node::Atom(name) = place else {
                    return false;
                };
                if !self.bound(name, locals) || self.listed(name) {
                    return false;
                }
                if let Some(value) = pairs.next() {
                    if !self.form(value, locals, depth + 1) {
                        return false;
                    }
                }
            }
            return true;
        }
        if special("push") {
            return matches!(args, [value, Node::Atom(place)]
                if self.bound(place, locals) && !self.listed(place) && self.form(value, locals, depth + 1));
        }
        if special("cond") {
            return args.iter().all(|clause| match clause {
                Node::List(parts) => self.forms(parts, locals, depth + 1),
                _ => false,
            });
        }
        let callable = if guile {
            self.listed(head) || self.bound(head, locals)
        } else {
            // Common Lisp calls a function, not a variable: only the program's `defun`s.
            self.listed(head) || self.globals.iter().any(|g| self.same(g, head))
        };
        // `setf`-like and binding forms are read above; a listed name that binds (`let`) but
        // came here is not in the right shape.
        let binds = [
            "let",
            "let*",
            "lambda",
            "define",
            "defun",
            "defvar",
            "defparameter",
            "dolist",
            "dotimes",
            "with-open-file",
        ]
        .iter()
        .any(|b| self.same(b, head));
        callable && !binds && self.forms(args, locals, depth + 1)
    }

    /// A plain parameter list (`(a b)`); `&optional`, `&rest`, `&key` and defaults are not read.
    fn parameters(&self, params: &[Node<'a>], locals: &[&'a str]) -> Option<Vec<&'a str>> {
        let mut inner = locals.to_vec();
        for p in params {
            let Node::Atom(name) = p else {
                return None;
            };
            if !self.bindable(name) {
                return None;
            }
            inner.push(name);
        }
        Some(inner)
    }
}

/// Whether `sbcl args` evaluates forms (`--eval`, or a program from stdin given as
/// [`super::m4::FILE_TEXT`]-marked text after `--script`) that only compute and print. The
/// options are the ones that change no more than the banner, the debugger and which init files
/// load (`--no-userinit`, `--no-sysinit`: the context reads the files that do load).
pub fn sbcl_only_prints(args: &[Word]) -> bool {
    let mut programs = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let Some(v) = word.value.as_deref().filter(|_| !word.glob) else {
            return false;
        };
        match v {
            "--noinform"
            | "--non-interactive"
            | "--no-userinit"
            | "--no-sysinit"
            | "--disable-debugger"
            | "--quit"
            | "--disable-ldb"
            | "--lose-on-corruption"
            | "--end-runtime-options" => {}
            "--eval" => match words.next().and_then(|w| w.value.as_deref()) {
                Some(code) => programs.push(code),
                None => return false,
            },
            "--script" => match words.next().and_then(|w| w.value.as_deref()) {
                Some(code) if code.starts_with(super::m4::FILE_TEXT) => {
                    programs.push(&code[super::m4::FILE_TEXT.len_utf8()..]);
                }
                _ => return false,
            },
            _ => return false,
        }
    }
    !programs.is_empty() && only_prints(Dialect::Sbcl, &programs.join("\n"))
}

/// `sbcl --script`: whether its init files are skipped (it implies `--no-sysinit
/// --no-userinit`), and whether `--no-userinit` is given.
pub fn sbcl_skips_userinit(args: &[Word]) -> bool {
    args.iter()
        .any(|a| a.is("--no-userinit") || a.is("--script"))
}

/// `sbcl --script /dev/stdin` (or `--script` last): a program read from standard input.
pub fn sbcl_reads_stdin(args: &[Word]) -> Option<usize> {
    let at = args.iter().position(|a| a.is("--script"))?;
    match args.get(at + 1) {
        None => Some(at + 1),
        Some(w) if w.is("/dev/stdin") || w.is("-") => Some(at + 1),
        _ => None,
    }
}

/// Whether `guile args` evaluates `-c EXPR` that only computes and prints. `-q` (no
/// `~/.guile`, which `-c` does not load anyway) and the auto-compilation switches change nothing
/// `-c` does; what follows EXPR is the program's arguments.
pub fn guile_only_prints(args: &[Word]) -> bool {
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let Some(v) = word.value.as_deref().filter(|_| !word.glob) else {
            return false;
        };
        match v {
            "-q" | "--no-auto-compile" | "--auto-compile" | "--no-debug" => {}
            "-c" => {
                return words
                    .next()
                    .and_then(|w| w.value.as_deref())
                    .is_some_and(|code| only_prints(Dialect::Guile, code));
            }
            _ => return false,
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sbcl_forms() {
        for code in [
            "(princ (lisp-implementation-version))",
            "(print (+ 1 2))",
            r#"(print (with-open-file (s "README.md") (read-line s)))"#,
            r#"(format t "~a ~d~%" "x" (* 6 7))"#,
            "(let ((x 1) (y 2)) (print (+ x y)))",
            "(let* ((x 1) (y (+ x 1))) (print y))",
            "(defun sq (x) (* x x)) (print (sq 3))",
            "(dolist (x '(1 2 3)) (print x))",
            "(dotimes (i 3) (princ i)) (terpri)",
            "(print (mapcar #'1+ '(1 2 3)))",
            "(print (mapcar (lambda (x) (* x x)) '(1 2)))",
            "(print (posix-getenv \"HOME\")) ; home",
            "(print (sort (list 3 1 2) #'<))",
            "(PRINT 1)",
            "(print #\\a)",
            "(print (find 2 '(1 2 3)))",
            "(print :done)",
        ] {
            assert!(only_prints(Dialect::Sbcl, code), "{code}");
        }
        for code in [
            r#"(sb-ext:run-program "/bin/sh" '("-c" "id"))"#,
            r#"(run-program "/bin/sh" '("-c" "id"))"#,
            r#"(with-open-file (s "o.txt" :direction :output) (print 1 s))"#,
            r#"(with-open-file (s "o.txt" :direction :output :if-exists :supersede))"#,
            r#"(open "o.txt" :direction :output)"#,
            r#"(load "x.lisp")"#,
            r#"(eval (read-from-string "(run-program)"))"#,
            "(print #.(run-program))",
            r#"(funcall 'run-program "id")"#,
            r#"(mapcar 'run-program '("id"))"#,
            r#"(find 1 '(1) :test 'run-program)"#,
            r#"(print (mapcar (car '(run-program)) '(1)))"#,
            r#"(format t "~/run-program/" 1)"#,
            "(require :asdf)",
            "(let ((x 1)) (x 2))",
            "(let ((print 1)) 1)",
            r#"(let ((run (run-program "x"))) run)"#,
            "(print `(1 ,(run-program)))",
            "(delete-file \"x\")",
            "(print (intern \"RUN-PROGRAM\"))",
            "(progn (defun f () 1))",
            "(setq *print-base* 16)",
            "(print |run-program|)",
            "(print (",
        ] {
            assert!(!only_prints(Dialect::Sbcl, code), "{code}");
        }
    }

    #[test]
    fn reads_guile_forms() {
        for code in [
            "(display (+ 1 2)) (newline)",
            "(display 1)",
            "(display (version))",
            "(define (sq x) (* x x)) (display (sq 4))",
            "(define x 3) (display x)",
            "(for-each (lambda (x) (display x)) '(1 2 3))",
            "(display (map (lambda (x) (* x 2)) (iota 3)))",
            "(display (string-append \"a\" (number->string 1)))",
            "(display (getenv \"HOME\"))",
            "(if #t (display 1) (display 2))",
            "(format #t \"~a~%\" 42)",
        ] {
            assert!(only_prints(Dialect::Guile, code), "{code}");
        }
        for code in [
            r#"(system "id")"#,
            r#"(system* "id")"#,
            r#"(call-with-output-file "o" (lambda (p) (display 1 p)))"#,
            r#"(with-output-to-file "o" (lambda () (display 1)))"#,
            r#"(open-output-file "o")"#,
            r#"(load "x.scm")"#,
            r#"(primitive-eval '(system "id"))"#,
            r#"(eval '(system "id") (interaction-environment))"#,
            "(use-modules (ice-9 popen))",
            r#"(define display system) (display "id")"#,
            r#"(let ((f system)) (f "id"))"#,
            r#"(let ((system display)) 1) (system "id")"#,
            r#"(let ((x display) (y (x 1))) y)"#,
            r#"(define (f) (define system display) 1) (system "id")"#,
            r#"(map system '("id"))"#,
            "(DISPLAY 1)",
            "(display #.(system))",
            r#"(delete-file "x")"#,
            r#"(mkdir "x")"#,
        ] {
            assert!(!only_prints(Dialect::Guile, code), "{code}");
        }
    }

    #[test]
    fn reads_switches() {
        let words = |a: &[&str]| a.iter().map(|w| Word::literal(w)).collect::<Vec<_>>();
        let stdin = format!("{}(print 1)", super::super::m4::FILE_TEXT);
        for args in [
            vec![
                "--noinform",
                "--non-interactive",
                "--no-userinit",
                "--eval",
                "(princ 1)",
            ],
            vec![
                "--non-interactive",
                "--eval",
                "(print 1)",
                "--eval",
                "(print 2)",
            ],
            vec!["--script", stdin.as_str()],
        ] {
            assert!(sbcl_only_prints(&words(&args)), "{args:?}");
        }
        for args in [
            vec!["--eval", "(print 1)", "--load", "x.lisp"],
            vec!["--script", "x.lisp"],
            vec!["--script", "(print 1)"],
            vec!["--userinit", "x", "--eval", "(print 1)"],
            vec!["--core", "x.core", "--eval", "(print 1)"],
            vec!["--non-interactive"],
        ] {
            assert!(!sbcl_only_prints(&words(&args)), "{args:?}");
        }
        assert!(guile_only_prints(&words(&["-c", "(display 1)"])));
        assert!(guile_only_prints(&words(&["-q", "-c", "(display 1)", "a"])));
        for args in [
            &["-l", "x.scm", "-c", "(display 1)"][..],
            &["-L", ".", "-c", "(display 1)"],
            &["-s", "x.scm"],
            &["-c", "(system \"id\")"],
            &["x.scm"],
        ] {
            assert!(!guile_only_prints(&words(args)), "{args:?}");
        }
    }
}
