//! Inspection modes of patch, document and database tools that nothing else here knows:
//! patchutils' readers (`lsdiff`, `grepdiff`, `filterdiff`), qpdf's inspection options,
//! Ghostscript's information options and sqlite-utils' listings. Each answers only when every argument is on its list; anything else
//! (qpdf writing an output file, Ghostscript running a file) falls through to unknown.

use super::verdict::{Level, Settle, Verdict};
use super::words::Word;

/// A verdict for `program args` when it is one of the modes below; `None` otherwise.
pub fn check(program: &str, args: &[Word]) -> Option<Verdict> {
    if !matches!(
        program,
        "lsdiff"
            | "grepdiff"
            | "filterdiff"
            | "qpdf"
            | "gs"
            | "gsc"
            | "gsx"
            | "sqlite-utils"
            | "quilt"
    ) || args.iter().any(|a| a.glob)
    {
        return None;
    }
    let values: Vec<&str> = super::args::values(args)?;
    match program {
        "lsdiff" | "grepdiff" | "filterdiff" => patchutils(program, &values),
        "qpdf" => qpdf(&values).then(Verdict::read_only),
        "gs" | "gsc" | "gsx" if ghostscript_info(&values) => Some(Verdict::read_only()),
        "gs" | "gsc" | "gsx" => ghostscript_measures(&values).map(|_| {
            let mut v = Verdict::read_only();
            v.push_unless(Level::Unknown, GS_FILES, Settle::Configuration);
            v
        }),
        "sqlite-utils" => sqlite_utils(&values).map(|_| {
            let mut v = Verdict::read_only();
            if sqlite_utils_query(&values).is_some() {
                v.push_unless(Level::Write, SQLITE_UTILS_CREATES, Settle::Configuration);
            }
            v
        }),
        "quilt" => quilt(&values),
        _ => None,
    }
}

/// quilt's finding on its listings: it sources a bash file first (QUILTRC, else ~/.quiltrc,
/// else the system's /etc/quilt.quiltrc) and runs `$QUILT_DIR/COMMAND`; the context reads both.
pub const QUILT_RC: &str =
    "quilt sources ~/.quiltrc (or the file QUILTRC names) and runs its commands from QUILT_DIR; no context was read to tell";

/// quilt 0.67's listings: `series`, `applied`, `unapplied`, `top`, `next`, `previous`, `files`
/// and `patches` print what the series file and `.pc/` say (measured with strace: nothing
/// opened to write; getopt, tr, head and sed run), with their own options (`-v`, `--color`, a
/// patch named). The command name must be whole (quilt takes a prefix too), and `--quiltrc=-`
/// reads no configuration file; `--trace` and the writing commands are not taken.
fn quilt(values: &[&str]) -> Option<Verdict> {
    const LISTINGS: &[&str] = &[
        "series",
        "applied",
        "unapplied",
        "top",
        "next",
        "previous",
        "files",
        "patches",
    ];
    const OPTIONS: &[&str] = &[
        "-v",
        "-a",
        "-l",
        "--color",
        "--color=always",
        "--color=auto",
        "--color=never",
        "-h",
    ];
    let mut rest = values;
    let mut no_rc = false;
    while let Some((first, tail)) = rest.split_first() {
        match *first {
            "--quiltrc=-" => no_rc = true,
            "--quiltrc" if tail.first() == Some(&"-") => {
                no_rc = true;
                rest = &tail[1..];
                continue;
            }
            _ => break,
        }
        rest = tail;
    }
    let (command, args) = rest.split_first()?;
    if !LISTINGS.contains(command) {
        return None;
    }
    let mut operands = 0;
    for a in args {
        if a.starts_with('-') {
            if !OPTIONS.contains(a) {
                return None;
            }
        } else {
            operands += 1;
        }
    }
    if operands > 1 {
        return None;
    }
    let mut verdict = Verdict::read_only();
    if !no_rc {
        verdict.push_unless(Level::Unknown, QUILT_RC, Settle::Configuration);
    }
    Some(verdict)
}

/// What patchutils makes a temporary file for (0.4.2, measured with strace): `-z` decompresses
/// each file through `zcat` into one, and grep mode with `--output-matching` copies standard input
/// into one (an O_TMPFILE in /tmp, or a named file in TMPDIR when it is set) before it reads it
/// twice. Named files are read where they are.
pub const PATCHUTILS_TEMPORARY: &str =
    "patchutils copies its input to a temporary file (-z, or --output-matching on standard input)";

/// lsdiff(1), grepdiff(1), filterdiff(1): one program (filterdiff.c) in three modes, each
/// printing a patch's file names, the matching hunks or a filtered patch on standard output; no
/// option writes a file (patchutils 0.4.2's manuals). Options with a value take it attached
/// (`-p1`, `--strip=1`) or as the next word; short flags may be clustered (`-sn`). grepdiff's
/// first operand is its pattern unless `-f` gives one; the others, and filterdiff's and lsdiff's,
/// are patches to read (standard input when there is none, or `-`).
fn patchutils(program: &str, values: &[&str]) -> Option<Verdict> {
    const FLAGS: &str = "nNsEHhvz";
    const VALUED_SHORT: &str = "#FpiIxXf";
    const FLAGS_LONG: &[&str] = &[
        "--line-number",
        "--number-files",
        "--status",
        "--empty-files-as-removed",
        "--extended-regexp",
        "--with-filename",
        "--no-filename",
        "--verbose",
        "--decompress",
        "--annotate",
        "--remove-timestamps",
        "--clean",
        "--filter",
        "--grep",
        "--list",
        "--help",
        "--version",
    ];
    const VALUED_LONG: &[&str] = &[
        "--hunks",
        "--lines",
        "--files",
        "--strip-match",
        "--strip",
        "--addprefix",
        "--addoldprefix",
        "--addnewprefix",
        "--include",
        "--include-from-file",
        "--exclude",
        "--exclude-from-file",
        "--format",
        "--as-numbered-lines",
        "--file",
        "--output-matching",
        "--only-match",
    ];
    let mut temporary = false;
    let mut output_matching = false;
    let mut grep = program == "grepdiff";
    let mut pattern_file = false;
    let mut operands: Vec<&str> = Vec::new();
    let mut ended = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if ended || !v.starts_with('-') || *v == "-" {
            operands.push(v);
            continue;
        }
        if *v == "--" {
            ended = true;
            continue;
        }
        if let Some(long) = v.strip_prefix("--") {
            let (name, attached) = match long.split_once('=') {
                Some((n, _)) => (format!("--{n}"), true),
                None => (v.to_string(), false),
            };
            let name = name.as_str();
            if FLAGS_LONG.contains(&name) && !attached {
                temporary |= name == "--decompress";
                match name {
                    "--grep" => grep = true,
                    "--filter" | "--list" => grep = false,
                    _ => {}
                }
                continue;
            }
            if !VALUED_LONG.contains(&name) {
                return None;
            }
            output_matching |= name == "--output-matching";
            pattern_file |= name == "--file";
            if !attached {
                values.get(i)?;
                i += 1;
            }
            continue;
        }
        for (at, c) in v[1..].char_indices() {
            if FLAGS.contains(c) {
                temporary |= c == 'z';
                continue;
            }
            if !VALUED_SHORT.contains(c) {
                return None;
            }
            pattern_file |= c == 'f';
            if at + c.len_utf8() == v.len() - 1 {
                values.get(i)?;
                i += 1;
            }
            break;
        }
    }
    if grep && !pattern_file && !operands.is_empty() {
        operands.remove(0);
    }
    let stdin = operands.is_empty() || operands.contains(&"-");
    if temporary || (grep && output_matching && stdin) {
        return Some(Verdict::write(PATCHUTILS_TEMPORARY));
    }
    Some(Verdict::read_only())
}

/// qpdf(1) (11.3, `qpdf --help=inspection`): with an inspection option qpdf takes no output
/// file ("no output file may be given": it stops with status 2) and prints what it found on
/// standard output; `--show-attachment=KEY` prints the attachment there too. Measured with
/// strace: `--check`, `--show-npages`, `--json`, `--show-object` with `--filtered-stream-data`,
/// `--list-attachments`, `--show-pages` open nothing to write. Taken: exactly one input file
/// (not `--empty`, not `@FILE`, which adds arguments from a file) and, besides the inspection
/// options, only options that choose what is shown or how the input is opened.
fn qpdf(values: &[&str]) -> bool {
    const INSPECT: &[&str] = &[
        "--check",
        "--check-linearization",
        "--filtered-stream-data",
        "--is-encrypted",
        "--list-attachments",
        "--raw-stream-data",
        "--requires-password",
        "--show-encryption",
        "--show-encryption-key",
        "--show-linearization",
        "--show-npages",
        "--show-pages",
        "--show-xref",
        "--with-images",
        "--json",
    ];
    const INSPECT_VALUED: &[&str] = &[
        "--show-object",
        "--show-attachment",
        "--json",
        "--json-key",
        "--json-object",
    ];
    const TUNING: &[&str] = &[
        "--verbose",
        "--no-warn",
        "--warning-exit-0",
        "--suppress-recovery",
        "--ignore-xref-streams",
        "--password-is-hex-key",
        "--suppress-password-recovery",
    ];
    const TUNING_VALUED: &[&str] = &["--password", "--password-file", "--password-mode"];
    if matches!(values, ["--version" | "--help" | "--copyright"]) {
        return true;
    }
    let mut inspects = false;
    let mut operands = 0;
    for v in values {
        if !v.starts_with('-') {
            if v.starts_with('@') {
                return false;
            }
            operands += 1;
            continue;
        }
        let (name, valued) = match v.split_once('=') {
            Some((n, _)) => (n, true),
            None => (*v, false),
        };
        if (!valued && INSPECT.contains(&name)) || (valued && INSPECT_VALUED.contains(&name)) {
            inspects = true;
        } else if !((!valued && TUNING.contains(&name))
            || (valued && TUNING_VALUED.contains(&name)))
        {
            return false;
        }
    }
    inspects && operands == 1
}

/// Ghostscript runs a file as PostScript (a program) unless it begins with `%PDF-`, whatever its
/// name (measured, 10.0: a `p.pdf` holding PostScript ran), and takes options from `GS_OPTIONS`
/// and initialization files from `GS_LIB`: the context reads both.
pub const GS_FILES: &str =
    "gs runs a file as a PostScript program unless it is a PDF, and reads GS_OPTIONS and GS_LIB";

/// `gs -q -dBATCH -dNOPAUSE -sDEVICE=bbox doc.pdf`: Ghostscript drawing files on a device that
/// writes no file (10.0, measured with strace: `bbox` prints the bounding boxes on standard
/// error, `nullpage` and `-dNODISPLAY` draw nothing; a device that needs an output file, such as
/// `inkcov`, stops without one), in batch mode (`-dBATCH`: without it, it reads PostScript from
/// standard input after the files) without pauses, and SAFER (the default since 9.50; not
/// `-dNOSAFER`). Or, on such a device in batch mode, `-c CODE` (the words up to the next
/// option) when the code only computes and prints ([`postscript_prints`]; measured with strace,
/// 10.0: `gs -q -dNODISPLAY -dBATCH -c '(x) ='` opens nothing for writing). Every other option
/// is refused: `-o`/`-sOutputFile` name a file to write, `-f` and other `-c` code run
/// PostScript, `-I`/`-P` add places to load initialization files from, `@FILE` adds arguments.
/// Returns the files drawn (none for code), whose type is the context's to read ([`GS_FILES`]).
pub fn ghostscript_measures<'a>(values: &[&'a str]) -> Option<Vec<&'a str>> {
    let mut batch = false;
    let mut no_pause = false;
    let mut device = false;
    let mut code = false;
    let mut files = Vec::new();
    let mut words = values.iter().peekable();
    while let Some(v) = words.next() {
        match *v {
            "-c" => {
                code = true;
                while let Some(w) = words.next_if(|w| !w.starts_with('-')) {
                    if !postscript_prints(w) {
                        return None;
                    }
                }
            }
            "-q" | "-dQUIET" | "-dSAFER" | "-dNOPROMPT" => {}
            "-dBATCH" => batch = true,
            "-dNOPAUSE" => no_pause = true,
            "-dNODISPLAY" | "-sDEVICE=bbox" | "-sDEVICE=nullpage" => device = true,
            v if v
                .strip_prefix("-dFirstPage=")
                .or_else(|| v.strip_prefix("-dLastPage="))
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())) => {}
            v if v.starts_with('-') || v.starts_with('@') => return None,
            v => files.push(v),
        }
    }
    let drawn = no_pause && !files.is_empty() && !code;
    let computed = code && files.is_empty();
    (batch && device && (drawn || computed)).then_some(files)
}

/// PostScript operators that only compute on the operand stack or print to standard output
/// (the PostScript Language Reference's stack, arithmetic, comparison and `=`/`print` operators,
/// Ghostscript's `product`, `version`, `revision`): no file, device, font or dictionary of the
/// system is touched.
const POSTSCRIPT_PRINTS: &[&str] = &[
    "=",
    "==",
    "print",
    "pstack",
    "stack",
    "flush",
    "quit",
    "pop",
    "dup",
    "exch",
    "copy",
    "index",
    "roll",
    "clear",
    "count",
    "add",
    "sub",
    "mul",
    "div",
    "idiv",
    "mod",
    "neg",
    "abs",
    "sqrt",
    "round",
    "floor",
    "ceiling",
    "truncate",
    "max",
    "min",
    "eq",
    "ne",
    "gt",
    "ge",
    "lt",
    "le",
    "and",
    "or",
    "not",
    "xor",
    "true",
    "false",
    "null",
    "cvi",
    "cvr",
    "length",
    "product",
    "version",
    "revision",
    "languagelevel",
];

/// Whether one word of `gs -c` is strings, numbers, literal names, brackets and the operators
/// of [`POSTSCRIPT_PRINTS`] only. Procedures (`{…}`), hex strings and dictionaries (`<…>`) and
/// every other name are refused.
fn postscript_prints(code: &str) -> bool {
    let mut chars = code.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            c if c.is_whitespace() || c == '[' || c == ']' => {
                chars.next();
            }
            '%' => while chars.next_if(|&c| c != '\n').is_some() {},
            '(' => {
                chars.next();
                let mut depth = 1;
                while depth > 0 {
                    match chars.next() {
                        Some('\\') => {
                            chars.next();
                        }
                        Some('(') => depth += 1,
                        Some(')') => depth -= 1,
                        Some(_) => {}
                        None => return false,
                    }
                }
            }
            '{' | '}' | '<' | '>' | ')' => return false,
            _ => {
                let literal = chars.next_if_eq(&'/').is_some();
                let mut token = String::new();
                while let Some(c) =
                    chars.next_if(|&c| !c.is_whitespace() && !"()<>[]{}/%".contains(c))
                {
                    token.push(c);
                }
                let number = token
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.#".contains(c))
                    && token.starts_with(|c: char| c.is_ascii_digit() || "+-.".contains(c));
                if !(literal || number || POSTSCRIPT_PRINTS.contains(&token.as_str())) {
                    return false;
                }
            }
        }
    }
    true
}

/// Ghostscript's information options (10.0, `gs -h`): `--version`, `--revision`, `-h`,
/// `--help`, `-?` print and stop while the command line is read, before `GS_OPTIONS` is run and
/// before the initialization files are (measured: `GS_OPTIONS='-c …'` is not run by `gs
/// --version`). Running a file is not taken: a PostScript file is a program.
fn ghostscript_info(values: &[&str]) -> bool {
    matches!(
        values,
        ["--version" | "--revision" | "-h" | "--help" | "-?"]
    )
}

/// What `sqlite-utils query` does to a database that is not there: Python's sqlite3 creates it
/// (the context checks the file).
pub const SQLITE_UTILS_CREATES: &str =
    "sqlite-utils query creates the database file when it is not there";

/// `sqlite-utils query DB SQL` (and the default command, `sqlite-utils DB SQL` with a database
/// named by a path): one statement judged as sqlite3's reading statements are
/// (`modes::sqlite_reads` on a writable database: `select`, `with`, `values`, `explain` without
/// a writing word, pragmas that only report), with options that only format the rows or bind
/// parameters (`-p NAME VALUE`). `--attach`, `--load-extension` and `--functions` (Python code)
/// are not taken. Measured with strace (sqlite-utils 4.2): `query app.db 'select name from
/// users' --csv` opened the database and wrote nothing. Returns the database.
pub fn sqlite_utils_query<'a>(values: &[&'a str]) -> Option<&'a str> {
    const FLAGS: &[&str] = &[
        "--nl",
        "--arrays",
        "--csv",
        "--tsv",
        "--no-headers",
        "-t",
        "--table",
        "--json-cols",
        "--raw",
        "--raw-lines",
    ];
    let rest = match values {
        ["query", rest @ ..] => rest,
        [first, ..] if first.contains(['.', '/']) && !first.starts_with('-') => values,
        _ => return None,
    };
    let mut operands: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(v) = rest.get(i) {
        i += 1;
        match *v {
            v if FLAGS.contains(&v) => {}
            "-p" | "--param" => {
                rest.get(i + 1)?;
                i += 2;
            }
            "--fmt" => {
                rest.get(i)?;
                i += 1;
            }
            v if v.starts_with("--fmt=") => {}
            v if v.starts_with('-') => return None,
            v => operands.push(v),
        }
    }
    let [database, sql] = operands.as_slice() else {
        return None;
    };
    let (reads, _) = super::modes::sqlite_reads(&[*database, *sql]);
    (reads && !sql.trim_start().starts_with('.')).then_some(*database)
}

/// sqlite-utils' reading commands (4.2, each one's `--help`): `tables`, `views`, `rows`,
/// `schema`, `indexes`, `triggers` and `dump` print what they read. Each takes a database that
/// must exist (click's `exists=True`: a missing one is refused before it is opened, so none is
/// created), then table names (`rows`: exactly one), with options that only choose what is
/// printed and how. `--load-extension` (code) and the default `query` command (any SQL) are not
/// taken. Measured with strace: the database opened, nothing made beside it; whether a `-wal`
/// or hot `-journal` beside it makes the open write is the context's to say
/// (`context::tools`), as for sqlite3. Returns the database.
pub fn sqlite_utils<'a>(values: &[&'a str]) -> Option<&'a str> {
    if let Some(database) = sqlite_utils_query(values) {
        return Some(database);
    }
    const OUTPUT_FLAGS: &[&str] = &[
        "--nl",
        "--arrays",
        "--csv",
        "--tsv",
        "--no-headers",
        "-t",
        "--table",
        "--json-cols",
        "--ascii",
    ];
    let (command, rest) = values.split_first()?;
    let (flags, valued): (&[&str], &[&str]) = match *command {
        "tables" | "views" => (
            &["--fts4", "--fts5", "--counts", "--columns", "--schema"],
            &["--fmt"],
        ),
        "rows" => (
            &[],
            &[
                "-c", "--column", "--where", "-o", "--order", "--limit", "--offset", "--fmt",
            ],
        ),
        "indexes" => (&["--aux"], &["--fmt"]),
        "triggers" => (&[], &["--fmt"]),
        "schema" | "dump" => (&[], &[]),
        _ => return None,
    };
    let output = !matches!(*command, "schema" | "dump");
    let mut operands: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(v) = rest.get(i) {
        i += 1;
        if !v.starts_with('-') {
            operands.push(v);
            continue;
        }
        let name = v.split_once('=').map_or(*v, |(n, _)| n);
        let attached = name.len() < v.len();
        if !attached && (flags.contains(v) || (output && OUTPUT_FLAGS.contains(v))) {
            continue;
        }
        if valued.contains(&name) {
            if !attached {
                rest.get(i)?;
                i += 1;
            }
            continue;
        }
        // `-p NAME VALUE`: a named parameter for rows' where clause.
        if *command == "rows" && matches!(*v, "-p" | "--param") {
            rest.get(i + 1)?;
            i += 2;
            continue;
        }
        return None;
    }
    let (database, tables) = operands.split_first()?;
    if *command == "rows" && tables.len() != 1 {
        return None;
    }
    Some(database)
}
