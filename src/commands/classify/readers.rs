//! Programs that can be read-only, judged by their option grammar ([`super::specs`]): every
//! option must be known, and none that writes, runs or connects may be given. A few need a look
//! past their options (`sed` and `awk` programs, `tar` modes, `uniq`'s output operand), and the
//! shell's own builtins have rules of their own.

use super::env;
use super::env::hijack_reason;
use super::grammar::{self, Parsed, Spec};
use super::scripts;
use super::specs;
use super::verdict::Level;
use super::verdict::{Nested, Verdict};
use super::words::Word;

/// The verdict on `program` (which has the grammar `spec`) run with `args`.
pub fn by_grammar(program: &str, spec: &Spec, args: &[Word]) -> Verdict {
    let args = match program {
        "tar" => old_style_tar(args),
        _ => args.to_vec(),
    };
    let parsed = match grammar::parse(spec, &args) {
        Ok(parsed) => parsed,
        Err(problem) => return Verdict::unknown(problem.describe(program)),
    };
    let mut v = Verdict::read_only();
    if let Some(word) = parsed.runtime.first() {
        if !spec.only_reads() {
            v.push(
                Level::Unknown,
                format!(
                    "an argument of {program} is only known at run time and could be an option: {}",
                    word.text
                ),
            );
        }
    }
    for (level, reason) in grammar::effects(spec, &parsed) {
        v.push(level, reason);
    }
    match program {
        // uniq(1): `uniq [INPUT [OUTPUT]]`, an OUTPUT of `-` is standard output; pod2text and
        // pod2man take the same two operands; ptx's second operand is its output with -G.
        "uniq" => second_operand(program, &parsed, true, &mut v),
        "pod2text" | "pod2man" => second_operand(program, &parsed, false, &mut v),
        "ptx" if parsed.has("-G|--traditional") => second_operand(program, &parsed, false, &mut v),
        "date" => {
            let sets = parsed
                .operands
                .iter()
                .any(|o| o.value.as_deref().is_none_or(|v| !v.starts_with('+')));
            if sets {
                v.push(Level::Write, "date sets the system clock");
            }
        }
        "sed" => sed(&parsed, &mut v),
        "awk" => awk(&parsed, &mut v),
        "tar" => tar(&parsed, &mut v),
        // man-db runs the pager through its pipeline with the page on its input: `cat`
        // (alone, no options) only copies it out.
        "man" => {
            let pagers: Vec<&Word> = parsed.all("-P|--pager").filter_map(|o| o.value()).collect();
            if pagers.iter().all(|p| p.value.as_deref() == Some("cat")) {
                v.findings.retain(|f| f.reason != super::specs::MAN_PAGER);
            }
        }
        "top" if !parsed.has("-b") => {
            v.push(
                Level::Unknown,
                "top without -b reads keys that can kill or renice processes",
            );
        }
        "less" | "more" | "zless" | "zmore" | "xzless" | "xzmore" | "lzless" | "lzmore"
        | "bzless" | "bzmore" => {
            // `+cmd` runs a less command at start: `+!cmd` a shell, `+s file` a log, `+v` an editor.
            for op in &parsed.operands {
                let Some(cmd) = op.value.as_deref().and_then(|v| v.strip_prefix('+')) else {
                    continue;
                };
                let harmless = cmd.chars().all(|c| c.is_ascii_digit())
                    || matches!(cmd, "G" | "F" | "g")
                    || cmd.starts_with('/');
                if !harmless {
                    v.push(
                        Level::Unknown,
                        format!("{program} {} runs a command at start", op.text),
                    );
                }
            }
        }
        // gron and html-xml-utils fetch an operand that is a URL.
        "gron" | "hxnormalize" | "hxselect" | "hxwls" | "hxpipe" | "hxunpipe" | "hxremove"
        | "hxcount" | "hxuncdata" | "hxclean" | "hxname2id" | "hxaddid" | "hxnsxml"
        | "hxunxmlns" | "hxprintlinks" | "hxprune" | "hxtoc" | "hxunent" | "hxxmlns"
        | "hxextract"
            if parsed
                .operands
                .iter()
                .any(|o| o.value.as_deref().is_none_or(|v| v.contains("://"))) =>
        {
            v.push(Level::Write, format!("{program} fetches a URL (network)"));
        }
        // csvsql's queries run in a database in memory; `ATTACH` opens (and creates) a file,
        // and a `--query` that names a file reads the queries from it.
        "csvsql" => {
            for query in parsed.all("--query").filter_map(|o| o.value()) {
                let text = query
                    .value
                    .as_deref()
                    .unwrap_or("attach")
                    .to_ascii_lowercase();
                if text.contains("attach") || text.contains("into") || !text.contains(' ') {
                    v.push(
                        Level::Unknown,
                        format!("csvsql --query {} may open or write a database file, or read queries from a file", query.text),
                    );
                }
            }
        }
        "rg" => rg_preprocessor(&parsed, &mut v),
        "bat" | "batcat" if parsed.operands.first().is_some_and(|o| o.is("cache")) => {
            v.push(Level::Write, "bat cache builds or clears bat's cache");
        }
        _ => {}
    }
    v
}

/// rg's modes that open no file's contents, so run no `--pre` program: `--files` lists what
/// would be searched, `--type-list` the types (measured, ripgrep 13: a `--pre` script that
/// leaves a mark ran for a search and not for these).
pub(super) const RG_NO_SEARCH: &[&str] = &[
    "--files",
    "--type-list",
    "--version",
    "-V",
    "--help",
    "-h",
    "--pcre2-version",
];

/// `rg --pre PROG`: rg runs `PROG PATH` (found on `PATH`) for every file it searches and reads
/// what it prints (ripgrep 13, measured with strace). The program is judged as that command,
/// with the path only known at run time; `--pre ''` turns it off, and the modes that search
/// nothing never run it.
fn rg_preprocessor(parsed: &Parsed, v: &mut Verdict) {
    let reason = "rg --pre runs another program on every file";
    let no_search = parsed
        .options
        .iter()
        .any(|o| RG_NO_SEARCH.contains(&o.name.as_str()));
    let program = parsed.get("--pre").and_then(|o| o.value());
    if no_search || program.is_some_and(|p| p.is("")) {
        v.findings.retain(|f| f.reason != reason);
        return;
    }
    let Some(program) = program.filter(|p| {
        p.value
            .as_deref()
            .is_some_and(|name| !name.is_empty() && !name.contains(char::is_whitespace))
    }) else {
        return;
    };
    v.findings.retain(|f| f.reason != reason);
    let path = Word {
        text: "PATH".to_string(),
        value: None,
        guess: Some("PATH".to_string()),
        shape: super::words::RUNTIME.to_string(),
        glob: false,
        downloads: false,
    };
    v.nested.push(Nested::Command {
        argv: vec![program.clone(), path],
        forwards_stdin: false,
        env: Vec::new(),
    });
}

/// The shape `uniq`, `pod2text` and `ptx -G` share: `PROGRAM [INPUT [OUTPUT]]`, the second
/// operand is written unless it is a standard stream (or `-`, where `dash` says the manual makes
/// it standard output). An operand only known at run time may split into both.
fn second_operand(program: &str, parsed: &Parsed, dash: bool, v: &mut Verdict) {
    if let Some(word) = parsed.operands.iter().find(|o| o.value.is_none()) {
        v.push(
            Level::Unknown,
            format!(
                "{program}'s operand {} is only known at run time; a second operand is written",
                word.text
            ),
        );
    }
    let output = parsed.operands.get(1).filter(|out| {
        !out.value
            .as_deref()
            .is_some_and(|p| grammar::writes_no_file(p, dash))
    });
    if let Some(out) = output {
        v.push(Level::Write, format!("{program} writes to {}", out.text));
    }
}

/// `tar tzf x.tgz`: a first argument without a dash is a cluster of letters whose values follow
/// it in order.
fn old_style_tar(args: &[Word]) -> Vec<Word> {
    const TAKES_VALUE: &str = "bCfFgHIKLNTVX";
    let Some(first) = args.first().and_then(|a| a.value.as_deref()) else {
        return args.to_vec();
    };
    if first.starts_with('-') || first.is_empty() {
        return args.to_vec();
    }
    let mut out = Vec::new();
    let mut rest = args[1..].iter();
    for c in first.chars() {
        out.push(Word::literal(&format!("-{c}")));
        if TAKES_VALUE.contains(c) {
            if let Some(value) = rest.next() {
                out.push(value.clone());
            }
        }
    }
    out.extend(rest.cloned());
    out
}

/// A program in one file (`awk -f FILE`, `sed -f FILE`): the walker reads it from the context
/// and judges it as the same program given inline (`Nested::ScriptFile`); two files, or one
/// named at run time, cannot be checked.
fn program_file(parsed: &Parsed, spellings: &str, unchecked: &str, v: &mut Verdict) {
    let files: Vec<&Word> = parsed.all(spellings).filter_map(|o| o.value()).collect();
    match files.as_slice() {
        [file] if file.value.is_some() && !file.glob => {
            v.nested.push(Nested::ScriptFile((*file).clone()))
        }
        _ => v.push(Level::Unknown, unchecked),
    }
}

fn sed(parsed: &Parsed, v: &mut Verdict) {
    let sandboxed = parsed.has("--sandbox");
    let mut scripts: Vec<&Word> = parsed
        .all("-e|--expression")
        .filter_map(|o| o.value())
        .collect();
    let from_file = parsed.has("-f|--file");
    if from_file && !sandboxed {
        program_file(
            parsed,
            "-f|--file",
            "sed runs a script from a file, which cannot be checked",
            v,
        );
    }
    if scripts.is_empty() && !from_file {
        scripts.extend(parsed.operands.first());
    }
    for script in scripts {
        let Some(text) = &script.value else {
            v.push(Level::Unknown, "sed's script is only known at run time");
            continue;
        };
        let fx = scripts::sed(text);
        if fx.unreadable {
            v.push(
                Level::Unknown,
                format!("sed script {text:?} could not be read, so it cannot be checked"),
            );
        }
        if fx.executes && !sandboxed {
            v.push(Level::Unknown, "sed script runs shell commands (e)");
        }
        if fx.writes && !sandboxed {
            v.push(Level::Write, "sed script writes to a file (w)");
        }
        // sed compiles its scripts in order and stops at the first error: the later ones are
        // never compiled, and no command runs.
        if fx.rejected {
            break;
        }
    }
}

/// gawk's libraries that only define functions which compute (its `/usr/share/awk`, 5.2);
/// `group`, `passwd` and `ns_passwd` run a program, `readfile` opens names given at run time
/// (`/inet/…` included), `inplace` writes.
#[rustfmt::skip]
const AWK_LIBRARIES: &[&str] = &[
    "assert", "bits2str", "cliff_rand", "ctime", "ftrans", "getopt", "gettime", "have_mpfr", "intdiv0",
    "isnumeric", "join", "libintl", "noassign", "ord", "processarray", "quicksort", "readable", "rewind",
    "round", "shellquote", "strtonum", "walkarray", "zerofile",
];

/// gawk's extensions that only compute or read (its `gawk` library directory, 5.2);
/// `filefuncs` changes directory, `fork` forks, `inplace` and `rwarray` write, `revtwoway`
/// opens two-way pipes.
const AWK_EXTENSIONS: &[&str] = &[
    "ordchr",
    "intdiv",
    "time",
    "fnmatch",
    "readdir",
    "readfile",
    "revoutput",
];

fn awk(parsed: &Parsed, v: &mut Verdict) {
    for include in parsed.all("-i|--include") {
        let name = include.value().and_then(|w| w.value.as_deref());
        match name.map(|n| n.strip_suffix(".awk").unwrap_or(n)) {
            Some("inplace") => v.push(Level::Write, "awk -i inplace edits files in place"),
            // Found through AWKPATH, which starts with the working directory: the context's.
            Some(lib) if AWK_LIBRARIES.contains(&lib) => v.push_unless(
                Level::Unknown,
                format!("awk -i {lib} loads a library found through AWKPATH, which starts with the working directory"),
                super::verdict::Settle::InlineCode,
            ),
            // The context finds it along AWKPATH and judges its text (`context::startup`).
            _ => v.push_unless(
                Level::Unknown,
                "awk loads a library, which cannot be checked",
                super::verdict::Settle::Configuration,
            ),
        }
    }
    for load in parsed.all("-l|--load") {
        let known = load
            .value()
            .and_then(|w| w.value.as_deref())
            .is_some_and(|n| AWK_EXTENSIONS.contains(&n.strip_suffix(".so").unwrap_or(n)));
        if !known {
            v.push(Level::Unknown, "awk --load loads a compiled extension");
        }
    }
    // `-o-`, `--dump-variables=/dev/stdout`: to a stream; bare, to awkprof.out, awkvars.out
    // (measured, gawk 5.2).
    for (spelling, what) in [
        (
            "-o|--pretty-print",
            "the program pretty-printed (awkprof.out unless a file is named)",
        ),
        (
            "-d|--dump-variables",
            "its variables (awkvars.out unless a file is named)",
        ),
        (
            "-p|--profile",
            "a profile (awkprof.out unless a file is named)",
        ),
    ] {
        for o in parsed.all(spelling) {
            let to_stream = o
                .value()
                .and_then(|w| w.value.as_deref())
                .is_some_and(|p| grammar::writes_no_file(p, true));
            if !to_stream {
                v.push(Level::Write, format!("awk writes {what}"));
            }
        }
    }
    for w in parsed.all("-W") {
        let harmless = w.value().is_some_and(|x| {
            matches!(
                x.value.as_deref(),
                Some("version" | "v" | "usage" | "help" | "interactive" | "i" | "posix_space")
            )
        });
        if !harmless {
            v.push(
                Level::Unknown,
                format!(
                    "awk -W {} is an implementation option that is not known here",
                    w.value().map_or("", |x| x.text.as_str())
                ),
            );
        }
    }
    let mut programs: Vec<&Word> = parsed
        .all("-e|--source")
        .filter_map(|o| o.value())
        .collect();
    if parsed.has("-E|--exec") {
        v.push(
            Level::Unknown,
            "awk runs a program from a file, which cannot be checked",
        );
    } else if parsed.has("-f|--file") {
        program_file(
            parsed,
            "-f|--file",
            "awk runs a program from a file, which cannot be checked",
            v,
        );
    } else if programs.is_empty() {
        programs.extend(parsed.operands.first());
    }
    let sandboxed = parsed.has("-S|--sandbox");
    for program in programs {
        let Some(text) = &program.value else {
            v.push(Level::Unknown, "awk's program is only known at run time");
            continue;
        };
        let fx = scripts::awk(text);
        if fx.unreadable {
            v.push(
                Level::Unknown,
                "awk program reads a file named at run time, which could be a network connection",
            );
        }
        if fx.network {
            v.push(
                Level::Write,
                "awk program opens a network connection (/inet)",
            );
        }
        if fx.executes && !sandboxed {
            v.push(
                Level::Unknown,
                "awk program runs shell commands (system or a pipe)",
            );
        }
        // `print | "sort -rn"`: awk runs the fixed line with `sh -c`, classified as one.
        if !sandboxed {
            v.nested
                .extend(fx.commands.iter().map(|c| Nested::Script(Word::literal(c))));
        }
        if fx.writes && !sandboxed {
            v.push(Level::Write, "awk program writes to a file");
        }
    }
}

/// The decompressors tar may be given with `-I`/`--use-compress-program`: tar runs the program
/// with `-d` when it reads an archive (GNU tar's manual, "Using other compression programs"),
/// and each of these then only decompresses to its output. A name with a directory, or options
/// other than threads and a quiet one, is not taken.
const TAR_DECOMPRESSORS: &[&str] = &[
    "gzip", "pigz", "xz", "pixz", "zstd", "pzstd", "bzip2", "pbzip2", "lbzip2", "lz4", "lzip",
    "plzip", "lzma", "lzop", "brotli",
];

/// `-I 'zstd -T0'`: a known decompressor with options that only set threads or quiet it.
fn known_decompressor(value: &str) -> bool {
    let mut words = value.split_whitespace();
    words.next().is_some_and(|p| TAR_DECOMPRESSORS.contains(&p))
        && words.all(|w| {
            matches!(w, "-q" | "--quiet" | "-d" | "--long")
                || w.strip_prefix("-T")
                    .or(w.strip_prefix("--threads="))
                    .or(w.strip_prefix("-p"))
                    .or(w.strip_prefix("--long="))
                    .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
        })
}

fn tar(parsed: &Parsed, v: &mut Verdict) {
    let programs: Vec<&Word> = parsed
        .all("-I|--use-compress-program")
        .filter_map(|o| o.value())
        .collect();
    if !programs.is_empty()
        && programs
            .iter()
            .all(|p| p.value.as_deref().is_some_and(known_decompressor))
    {
        v.findings
            .retain(|f| f.reason != super::specs::TAR_COMPRESS_PROGRAM);
    }
    // "When listing or extracting, the actual contents of snapshot-file is not inspected"
    // (GNU tar's manual, 5.2): listing neither reads nor writes it (measured: tar 1.34; `-d`
    // creates it).
    let lists_only = parsed.has("-t|--list")
        && !parsed.has("-c|--create|-r|--append|-u|--update|-A|--catenate|--concatenate|--delete|-d|--diff|--compare|-x|--extract|--get");
    if lists_only {
        v.findings
            .retain(|f| f.reason != "tar writes the snapshot file of an incremental archive");
    }
    let extracts = parsed.has("-x|--extract|--get");
    let to_command = "tar --to-command runs a program on each file it extracts";
    if !extracts {
        // Listing, comparing or creating pipes no member into the command.
        v.findings.retain(|f| f.reason != to_command);
    }
    // `--to-command=CMD` extracts over a pipe: each regular member's data goes to the standard
    // input of `/bin/sh -c CMD` (GNU tar's `xexec`), and nothing is made on disk, directories,
    // links and FIFOs included (measured, tar 1.34): the command is judged as `sh -c CMD`.
    let commands: Vec<&Word> = parsed
        .all("--to-command")
        .filter_map(|o| o.value())
        .collect();
    let piped = extracts && !commands.is_empty();
    if piped && commands.iter().all(|c| c.value.is_some()) {
        v.findings.retain(|f| f.reason != to_command);
        v.nested
            .extend(commands.into_iter().map(|c| Nested::Script(c.clone())));
    }
    if extracts && !piped && !parsed.has("-O|--to-stdout") {
        v.push(Level::Write, "tar extracts files");
    }
    for archive in parsed.all("-f|--file").filter_map(|o| o.value()) {
        let remote = archive.value.as_deref().is_none_or(|a| a.contains(':'));
        if remote && !parsed.has("--force-local") {
            v.push(
                Level::Unknown,
                format!(
                    "tar reads {} over the network when it names host:file",
                    archive.text
                ),
            );
        }
    }
}

/// Builtins and the few programs in `programs::READ_ONLY`.
pub fn builtin(p: &str, args: &[Word]) -> Verdict {
    let mut v = Verdict::read_only();
    let runtime_name = |v: &mut Verdict, what: &str, w: &Word| {
        v.push(
            Level::Unknown,
            format!("{what} names a variable only known at run time: {}", w.text),
        )
    };
    match p {
        "printf" => {
            // printf's only option is -v NAME, also attached (`-vNAME`); the format follows.
            let mut i = 0;
            while let Some(a) = args.get(i) {
                match a.value.as_deref() {
                    Some("--") | None => break,
                    Some("-v") => {
                        if let Some(name) = args.get(i + 1) {
                            variable_target(&mut v, "printf -v", name)
                        }
                        i += 2;
                    }
                    Some(o) if o.starts_with("-v") => {
                        variable_target(&mut v, "printf -v", &Word::literal(&o[2..]));
                        i += 1;
                    }
                    _ => break,
                }
            }
            if args
                .first()
                .is_some_and(|a| a.value.is_none() && a.may_be_option())
            {
                runtime_name(&mut v, "printf", &args[0]);
            }
            if args
                .first()
                .is_some_and(|a| a.value.is_none() && a.may_be_option())
            {
                runtime_name(&mut v, "printf", &args[0]);
            }
        }
        "read" | "mapfile" | "readarray" | "getopts" => {
            let mut i = 0;
            let mut names = Vec::new();
            let with_value: &[&str] = match p {
                "read" => &["-a", "-d", "-i", "-n", "-N", "-p", "-t", "-u"],
                _ => &["-d", "-n", "-O", "-s", "-u", "-c"],
            };
            while let Some(a) = args.get(i) {
                match a.value.as_deref() {
                    Some(o)
                        if p != "read"
                            && p != "getopts"
                            && o.starts_with('-')
                            && !o.starts_with("--")
                            && o.contains('C') =>
                    {
                        // bash's mapfile evaluates `CALLBACK INDEX 'LINE'` (the line single-quoted:
                        // mapfile.c), so a callback whose text is fixed runs as that text with two
                        // plain words after it.
                        let at = o.find('C').unwrap_or(0);
                        let (before, after) = (&o[1..at], &o[at + 1..]);
                        let callback = match after {
                            "" => {
                                i += 1;
                                args.get(i).and_then(|a| a.value.clone())
                            }
                            _ => Some(after.to_string()),
                        };
                        match callback {
                            Some(code) if before.chars().all(|c| c == 't') => {
                                v.nested
                                    .push(Nested::Script(Word::literal(&format!("{code} 0 ''"))));
                            }
                            _ => v.push(Level::Unknown, format!("{p} -C runs a callback")),
                        }
                    }
                    Some(o) if with_value.contains(&o) && p != "getopts" => {
                        if o == "-a" && p == "read" {
                            names.extend(args.get(i + 1));
                        }
                        i += 1;
                    }
                    Some(o) if o.starts_with('-') && o.len() > 1 && p != "getopts" => {}
                    _ => names.push(a),
                }
                i += 1;
            }
            if let Some(word) = args.iter().find(|a| splits(a)) {
                v.push(
                    Level::Unknown,
                    format!(
                        "{p} is given {}, which splits into words only known at run time",
                        word.text
                    ),
                );
            }
            // getopts refuses a name that is not an identifier, a subscripted one included
            // (`v[1]`: "not a valid identifier", before any subscript is evaluated: measured,
            // bash 5.2), and assigns nothing.
            let names: Vec<&Word> = match p {
                "getopts" => names
                    .into_iter()
                    .skip(1)
                    .take(1)
                    .filter(|n| !n.value.as_deref().is_some_and(|v| v.contains('[')))
                    .collect(),
                _ => names,
            };
            for name in names {
                variable_target(&mut v, p, name);
            }
        }
        // `wait -p NAME` (bash 5.1: getopt "fnp:") assigns the job's pid to NAME.
        "wait" => {
            let mut i = 0;
            while let Some(a) = args.get(i) {
                i += 1;
                match a.value.as_deref() {
                    Some("--") => break,
                    Some(o) if o.starts_with('-') && o.len() > 1 => {
                        if let Some(at) = o.find('p') {
                            match &o[at + 1..] {
                                "" => {
                                    if let Some(name) = args.get(i) {
                                        variable_target(&mut v, "wait -p", name);
                                    }
                                    i += 1;
                                }
                                name => variable_target(&mut v, "wait -p", &Word::literal(name)),
                            }
                        }
                    }
                    None if a.may_be_option() => runtime_name(&mut v, "wait", a),
                    _ => {}
                }
            }
        }
        "test" | "[" => {
            if let Some(word) = args.iter().find(|a| splits(a)) {
                v.push(
                    Level::Unknown,
                    format!(
                        "{p} is given {}, which word splitting can turn into -v a[$(cmd)]",
                        word.text
                    ),
                );
            }
            for pair in args.windows(2) {
                if pair[0].is("-v") {
                    variable_target(&mut v, "test -v", &pair[1]);
                }
            }
        }
        "unset" => {
            for a in args
                .iter()
                .filter(|a| !a.is("-v") && !a.is("-f") && !a.is("-n"))
            {
                variable_target(&mut v, "unset", a);
            }
        }
        "hash"
            if args.iter().any(|a| {
                a.value
                    .as_deref()
                    .is_none_or(|x| x.starts_with("-p") || (x.starts_with('-') && x.contains('p')))
            }) =>
        {
            v.push(Level::Unknown, "hash -p makes a name run another program");
        }
        "compgen" | "complete" => {
            let mut i = 0;
            while let Some(a) = args.get(i) {
                match a.value.as_deref() {
                    // What `complete` defines runs when a person completes a word at an
                    // interactive prompt: never in `bash -c` nor in the session's shell (not
                    // interactive), and no other shell inherits it (measured, bash 5.2);
                    // `compgen` runs it now.
                    Some("-C" | "-F") if p == "compgen" => {
                        v.push(
                            Level::Unknown,
                            format!("{p} {} runs a command or function", a.text),
                        );
                    }
                    Some("-W") => {
                        let expands = args.get(i + 1).is_none_or(|w| {
                            w.value.as_deref().is_none_or(|x| x.contains(['$', '`']))
                        });
                        if expands {
                            v.push(
                                Level::Unknown,
                                format!("{p} -W expands its word list, which can run commands"),
                            );
                        }
                        i += 1;
                    }
                    None if a.may_be_option() => runtime_name(&mut v, p, a),
                    _ => {}
                }
                i += 1;
            }
        }
        "jobs"
            if args.iter().any(|a| {
                a.value
                    .as_deref()
                    .is_none_or(|x| x.starts_with('-') && x.contains('x'))
            }) =>
        {
            v.push(Level::Unknown, "jobs -x runs a command");
        }
        // Without a name, `enable` lists builtins (`-a` all, `-n` the disabled ones, `-s` the
        // special ones: bash 5.2's enable_builtin); with one it turns it on or off, and `-f`
        // loads a shared object.
        "enable" => {
            let lists = args.iter().all(|a| {
                a.value.as_deref().is_some_and(|x| {
                    x.len() > 1
                        && x.starts_with('-')
                        && x[1..].chars().all(|c| matches!(c, 'a' | 'p' | 's' | 'n'))
                })
            });
            if !lists {
                v.push(Level::Unknown, "enable loads or turns off shell builtins");
            }
        }
        "set" => {
            for a in args.iter().take_while(|a| !a.is("--")) {
                match a.value.as_deref() {
                    Some(x)
                        if (x.starts_with('-') || x.starts_with('+'))
                            && !x.starts_with("--")
                            && x.contains('k') =>
                    {
                        v.push(
                            Level::Unknown,
                            "set -k turns later arguments into environment variables",
                        )
                    }
                    Some("keyword") => v.push(
                        Level::Unknown,
                        "set -o keyword turns later arguments into environment variables",
                    ),
                    None if a.may_be_option() => runtime_name(&mut v, "set", a),
                    _ => {}
                }
            }
        }
        // `fc -l` lists history entries and runs nothing (bash's fc_builtin returns after the
        // listing whatever else is given); without `-l`, fc runs an editor on them and then the
        // commands, `-s` runs one again.
        "fc" => {
            let mut lists = false;
            let mut options_end = false;
            let known = args.iter().all(|a| {
                let Some(x) = a.value.as_deref() else {
                    return false;
                };
                if !options_end && x == "--" {
                    options_end = true;
                    return true;
                }
                if !options_end
                    && x.len() > 1
                    && x.starts_with('-')
                    && !x[1..].starts_with(|c: char| c.is_ascii_digit())
                {
                    lists |= x.contains('l');
                    return x[1..].chars().all(|c| matches!(c, 'l' | 'n' | 'r'));
                }
                options_end = true;
                true
            });
            if !(known && lists) {
                v.push(
                    Level::Unknown,
                    "fc without -l edits history entries and runs them",
                );
            }
        }
        "history" => {
            let shows = args.iter().all(|a| {
                a.value
                    .as_deref()
                    .is_some_and(|x| x.chars().all(|c| c.is_ascii_digit()))
            });
            if !shows {
                v.push(
                    Level::Write,
                    "history changes the shell history or its file",
                );
            }
        }
        "tput"
            if args.iter().any(|a| {
                a.value
                    .as_deref()
                    .is_none_or(|x| matches!(x, "init" | "reset"))
            }) =>
        {
            v.push(
                Level::Unknown,
                "tput init and reset can run the terminal's setup program",
            );
        }
        "ulimit" => {
            if let Some(a) = args.iter().find(|a| a.value.is_none()) {
                v.push(
                    Level::Unknown,
                    format!(
                        "ulimit evaluates {} as arithmetic, which can run code",
                        a.text
                    ),
                );
            }
        }
        "cd" | "pushd" | "popd" => {}
        _ => {}
    }
    v
}

/// An unquoted word with an expansion: bash splits its value into words.
pub fn splits(word: &Word) -> bool {
    word.value.is_none() && !word.text.starts_with(['"', '\'']) && word.text.contains('$')
}

/// A word that names a variable to assign: a name only known at run time, or with a subscript
/// that expands (`a[$(cmd)]`), runs code; a configuration variable is [`env::shell_risk`].
pub fn variable_target(v: &mut Verdict, what: &str, name: &Word) {
    let Some(text) = name.value.as_deref() else {
        v.push(
            Level::Unknown,
            format!(
                "{what} names a variable only known at run time: {}",
                name.text
            ),
        );
        return;
    };
    if let Some((_, subscript)) = text.split_once('[') {
        // An index is arithmetic: only a number (or @, *) is safe.
        let index = subscript.strip_suffix(']').unwrap_or(subscript);
        let literal = index.chars().all(|c| c.is_ascii_digit()) || matches!(index, "@" | "*");
        if !literal {
            v.push(
                Level::Unknown,
                format!("{what} assigns {text}, whose subscript bash evaluates as code"),
            );
        }
    }
    let base = text.split('[').next().unwrap_or(text);
    if let Some(reason) = hijack_reason(base).or_else(|| env::shell_risk(base, None)) {
        v.push(Level::Unknown, reason);
    }
}

/// The verdict on a program with a grammar or known to take any argument, `None` otherwise.
pub fn known(p: &str, args: &[Word]) -> Option<Verdict> {
    if let Some(spec) = specs::find(p) {
        let mut verdict = by_grammar(p, spec, args);
        match p {
            "diffstat" => diffstat_inputs(args, &mut verdict),
            "bzcmp" | "bzdiff" => bzdiff_temporary(args, &mut verdict),
            // An `@FILE` operand adds the options a JSON file lists (mkvinfo(1)).
            "mkvinfo"
                if args
                    .iter()
                    .any(|a| a.value.as_deref().is_none_or(|v| v.starts_with('@'))) =>
            {
                verdict.push(
                    Level::Unknown,
                    "mkvinfo takes options from the @FILE it is given",
                )
            }
            _ => {}
        }
        return Some(verdict);
    }
    if specs::ANY_ARGUMENTS.contains(&p) {
        return Some(Verdict::read_only());
    }
    None
}

/// bzip2 1.0.8's bzdiff script (bzcmp is a link to it) takes every word not starting with `-`
/// as a file, word-split again (`set $FILES`), and when there are two and both end in `.bz2`
/// decompresses the second into `mktemp ${TMPDIR:-/tmp}/bzdiff.XXXXXXXXXX`, a write (measured
/// with strace; gzip's zdiff and xz's xzdiff read both through pipes).
fn bzdiff_temporary(args: &[Word], verdict: &mut Verdict) {
    let mut compressed = 0;
    for arg in args {
        let Some(value) = arg.value.as_deref() else {
            verdict.push(
                Level::Unknown,
                "bzdiff's files are only known at run time: two .bz2 files make a temporary file",
            );
            return;
        };
        if !value.starts_with('-') {
            compressed += value
                .split_whitespace()
                .filter(|w| w.ends_with(".bz2"))
                .count();
        }
    }
    if compressed >= 2 {
        verdict.push(
            Level::Write,
            "bzdiff decompresses the second of two .bz2 files into a temporary file in TMPDIR (removed when it exits)",
        );
    }
}

/// What diffstat's standard-input finding says; the walk drops it for an input known to be
/// text that starts like no compressed file.
pub(crate) const DIFFSTAT_STDIN: &str = "diffstat copies standard input that starts like compressed data (BZh, \\x1f\\x8b, …) to a file in /tmp and decompresses it through sh -c";

/// diffstat 1.65 decompresses a file whose name ends in a compressor's suffix with
/// `sh -c "gzip -dc \"NAME\""` (the name spliced into shell code; DIFFSTAT_*_PATH choose the
/// program), and copies standard input that starts with a compressor's magic bytes (`BZh` is
/// text) to a file in /tmp first (measured with strace). Reading standard input is noted for the
/// walk ([`DIFFSTAT_STDIN`]).
fn diffstat_inputs(args: &[Word], verdict: &mut Verdict) {
    const COMPRESSED: &[&str] = &[".gz", ".bz2", ".xz", ".lzma", ".z", ".Z"];
    let operands = super::args::operands(
        args,
        &["-D", "-e", "-f", "-n", "-N", "-o", "-p", "-r", "-S", "-w"],
    );
    for o in &operands {
        match o.value.as_deref() {
            Some("-") => verdict.push(Level::Write, DIFFSTAT_STDIN),
            Some(v) if COMPRESSED.iter().any(|s| v.ends_with(s)) => verdict.push(
                Level::Unknown,
                format!("diffstat decompresses {v} through sh -c, with the name spliced into the code"),
            ),
            Some(_) => {}
            None => verdict.push(
                Level::Unknown,
                format!("diffstat reads {}, a name only known at run time (a compressed one runs sh -c)", o.text),
            ),
        }
    }
    // `-V` and `-h` print and exit before any input is read.
    let prints_and_exits = args.iter().any(|a| a.is("-V") || a.is("-h"));
    if operands.is_empty() && !prints_and_exits {
        verdict.push(Level::Write, DIFFSTAT_STDIN);
    }
}

/// `fd … -x cmd`: the grammar covers what comes before the command.
pub fn fd(args: &[Word]) -> Verdict {
    let exec = args.iter().position(|a| {
        a.value
            .as_deref()
            .is_some_and(|v| matches!(v, "-x" | "--exec" | "-X" | "--exec-batch"))
    });
    let (own, command) = match exec {
        Some(i) => (&args[..i], Some(&args[i + 1..])),
        None => (args, None),
    };
    let mut v = by_grammar("fd", &FD, own);
    if let Some(command) = command {
        let end = command
            .iter()
            .position(|w| w.is(";"))
            .unwrap_or(command.len());
        v.nested.push(Nested::Command {
            argv: command[..end].to_vec(),
            forwards_stdin: false,
            env: Vec::new(),
        });
    }
    v
}

const FD: Spec = Spec {
    names: &["fd", "fdfind"],
    short: "HIusiglFaLp0d:t:e:E:S:o:c:j:1qhV",
    long: "hidden no-hidden no-ignore ignore no-ignore-vcs ignore-vcs no-ignore-parent no-global-ignore-file unrestricted case-sensitive ignore-case glob regex fixed-strings and= absolute-path relative-path list-details follow no-follow full-path print0 max-depth= min-depth= exact-depth= prune type= extension= exclude= ignore-file= color= threads= size= changed-within= changed-before= change-newer-than= change-older-than= newer= older= owner= format= max-results= quiet show-errors base-directory= path-separator= search-path= strip-cwd-prefix? one-file-system hyperlink? help version",
    effects: &[],
    complete: false,
    numbers: false,
    posix_order: false,
    single_dash: false,
    output: super::grammar::Output::NONE,
};
