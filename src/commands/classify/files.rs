//! Programs that change files: what they would destroy (`rm`, `mv`, `chmod -R`, `dd`, `shred`),
//! `tee`'s targets, `find`'s actions and `xargs`, which runs a command with words from stdin.

use super::args::*;
use super::targets::{critical_target, device, write_to, Device};
use super::verdict::Level;
use super::verdict::{Nested, Verdict};
use super::words::Word;

// ---------------------------------------------------------------------------------------------
// File programs

pub fn rm(args: &[Word]) -> Verdict {
    let recursive = has_short(args, 'r') || has_short(args, 'R') || has_long(args, "--recursive");
    // A run-time argument (`rm $FLAGS /`) may hold -r.
    let may_recurse = recursive || dynamic_option(args).is_some();
    let spelled = if has_short(args, 'f') || has_long(args, "--force") {
        "rm -rf"
    } else {
        "rm -r"
    };
    let targets = operands(args, &[]);
    let mut v = Verdict::default();
    if has_long(args, "--no-preserve-root") {
        v.push(
            Level::Dangerous,
            "rm --no-preserve-root lets rm delete the root directory",
        );
    }
    if may_recurse {
        for target in &targets {
            if let Some(critical) = critical_target(&target.shape) {
                v.push(
                    Level::Dangerous,
                    format!("{spelled} targets {}", critical.description),
                );
            }
        }
    }
    let what = if recursive { " recursively" } else { "" };
    if targets.is_empty() {
        v.push(Level::Write, "rm deletes files");
    } else {
        v.push(Level::Write, format!("rm deletes {}{what}", list(&targets)));
    }
    v
}

/// `mv F F` and `cp F F` with no option (what `mv F{,}` expands to): GNU mv and cp refuse a
/// source that is its destination ("'F' and 'F' are the same file"; a directory cannot go into
/// itself) and change nothing (coreutils 9.1, measured by round 29's writer). Options are not
/// taken: `cp --backup --force F F` makes a backup.
pub fn same_operand_twice(args: &[Word]) -> bool {
    match args {
        [a, b] => match (a.value.as_deref(), b.value.as_deref()) {
            (Some(x), Some(y)) => x == y && !x.starts_with('-') && !a.glob && !b.glob,
            _ => false,
        },
        _ => false,
    }
}

pub fn mv(args: &[Word]) -> Verdict {
    let ops = operands(args, &["-t", "--target-directory", "-S", "--suffix"]);
    let has_target_option = has_short(args, 't') || has_long(args, "--target-directory");
    let sources = if has_target_option {
        &ops[..]
    } else {
        &ops[..ops.len().saturating_sub(1)]
    };
    let mut v = Verdict::default();
    for source in sources {
        if let Some(critical) = critical_target(&source.shape).filter(|c| c.system) {
            v.push(
                Level::Dangerous,
                format!("mv moves {}", critical.description),
            );
        }
    }
    v.push(
        Level::Write,
        format!(
            "mv moves {}",
            if sources.is_empty() {
                "files".to_string()
            } else {
                list(sources)
            }
        ),
    );
    v
}

pub fn ownership(program: &str, what: &str, args: &[Word]) -> Verdict {
    let recursive = has_short(args, 'R') || has_long(args, "--recursive");
    let ops = operands(args, &[]);
    let targets = if has_long(args, "--reference") {
        &ops[..]
    } else {
        ops.get(1..).unwrap_or(&[])
    };
    let mut v = Verdict::default();
    for target in targets {
        let Some(critical) = critical_target(&target.shape).filter(|c| c.system) else {
            continue;
        };
        let is_root = critical.description == "the root directory";
        if recursive || is_root {
            let spelled = if recursive {
                format!("{program} -R")
            } else {
                program.to_string()
            };
            v.push(
                Level::Dangerous,
                format!("{spelled} changes the {what} of {}", critical.description),
            );
        }
    }
    v.push(
        Level::Write,
        format!("{program} changes the {what} of {}", list(targets)),
    );
    v
}

pub fn dd(args: &[Word]) -> Verdict {
    let mut v = Verdict::default();
    for arg in args {
        let Some(target) = arg
            .guess
            .as_deref()
            .unwrap_or(&arg.shape)
            .strip_prefix("of=")
        else {
            continue;
        };
        let target_word = Word {
            value: arg.value.as_ref().map(|_| target.to_string()),
            ..Word::literal(target)
        };
        v.findings.extend(write_to("dd", &target_word));
    }
    v
}

pub fn shred(args: &[Word]) -> Verdict {
    let targets = operands(
        args,
        &["-n", "--iterations", "-s", "--size", "--random-source"],
    );
    let mut v = Verdict::default();
    for target in &targets {
        if device(target.value.as_deref().unwrap_or(&target.shape)) == Device::Disk {
            v.push(
                Level::Dangerous,
                format!("shred overwrites the disk device {}", target.text),
            );
        }
    }
    v.push(
        Level::Write,
        format!("shred destroys the contents of {}", list(&targets)),
    );
    v
}

pub fn tee(args: &[Word]) -> Verdict {
    let mut v = Verdict::default();
    for target in operands(args, &["--output-error"]) {
        v.findings.extend(write_to("tee", target));
    }
    v
}

/// `-newerXY` with X and Y among a, B, c, m, t.
pub fn is_newer_xy(primary: &str) -> bool {
    primary
        .strip_prefix("-newer")
        .is_some_and(|xy| xy.len() == 2 && xy.chars().all(|c| "aBcmt".contains(c)))
}

pub fn find(args: &[Word]) -> Verdict {
    /// Primaries followed by a value.
    #[rustfmt::skip]
    const WITH_VALUE: &[&str] = &[
        "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-lname", "-ilname",
        "-type", "-xtype", "-newer", "-anewer", "-cnewer", "-perm", "-size", "-mtime", "-mmin", "-atime", "-amin",
        "-ctime", "-cmin", "-user", "-group", "-uid", "-gid", "-maxdepth", "-mindepth", "-links", "-inum",
        "-samefile", "-fstype", "-used", "-context", "-printf", "-regextype", "-newermt", "-newerct", "-newerat",
    ];
    /// Primaries that do not narrow what `-delete` removes.
    #[rustfmt::skip]
    const UNFILTERED: &[&str] = &[
        "-delete", "-depth", "-maxdepth", "-mindepth", "-xdev", "-mount", "-print", "-print0", "-noleaf", "-daystart",
        "-follow", "-regextype", "-warn", "-nowarn", "-ignore_readdir_race",
    ];
    /// Primaries without a value.
    #[rustfmt::skip]
    const FLAGS: &[&str] = &[
        "-delete", "-depth", "-d", "-xdev", "-mount", "-print", "-print0", "-ls", "-prune", "-quit", "-true", "-false",
        "-empty", "-executable", "-readable", "-writable", "-nouser", "-nogroup", "-noleaf", "-daystart", "-follow",
        "-ignore_readdir_race", "-noignore_readdir_race", "-warn", "-nowarn", "-not", "-a", "-and", "-o", "-or",
        "-help", "--help", "-version", "--version",
    ];
    let mut v = Verdict::default();
    if let Some(word) = args.iter().find(|a| {
        (a.value.is_none() && a.may_be_option()) || super::grammar::could_expand_to_option(a)
    }) {
        v.push(
            Level::Unknown,
            format!(
                "an argument of find is only known at run time: {}",
                word.text
            ),
        );
    }
    let mut i = 0;
    // Leading options (-H, -L, -P, -D debug, -O level), then the starting points.
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("-H" | "-L" | "-P") => i += 1,
            Some("-D") => i += 2,
            Some(o) if o.starts_with("-O") => i += 1,
            _ => break,
        }
    }
    let mut paths = Vec::new();
    while let Some(a) = args.get(i) {
        let starts_expression = a
            .value
            .as_deref()
            .is_some_and(|s| s.starts_with('-') || matches!(s, "(" | "!" | ")" | ","));
        if starts_expression {
            break;
        }
        paths.push(a);
        i += 1;
    }
    let mut deletes = false;
    // What deletes: `-delete`, or the action that runs rm (`-ok rm` asks first, on stdin).
    let mut deleter: Option<&str> = None;
    let mut filtered = false;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            None if a.may_be_option() => {
                v.push(
                    Level::Unknown,
                    format!("an argument of find is only known at run time: {}", a.text),
                );
            }
            Some("-delete") => {
                deletes = true;
                deleter = Some("-delete");
            }
            Some(action @ ("-exec" | "-execdir" | "-ok" | "-okdir")) => {
                let end = args[i + 1..]
                    .iter()
                    .position(|w| w.is(";") || w.is("+"))
                    .map_or(args.len(), |p| i + 1 + p);
                let root = match paths.first() {
                    _ if action.ends_with("dir") => "./",
                    Some(p) => p.shape.as_str(),
                    None => ".",
                };
                let argv: Vec<Word> = args[i + 1..end]
                    .iter()
                    .map(|w| found_name(w, root))
                    .collect();
                // `-exec rm {} +` deletes what it finds, as `-delete` does.
                if argv
                    .first()
                    .is_some_and(|c| c.is("rm") || c.is("/bin/rm") || c.is("/usr/bin/rm"))
                {
                    deletes = true;
                    deleter.get_or_insert(action);
                } else {
                    filtered = true;
                }
                v.nested.push(Nested::Command {
                    argv,
                    forwards_stdin: false,
                    env: Vec::new(),
                });
                i = end;
            }
            Some(action @ ("-fprint" | "-fprint0" | "-fls" | "-fprintf")) => {
                if let Some(target) = args.get(i + 1) {
                    v.findings
                        .extend(write_to(&format!("find {action}"), target));
                }
                i += if action == "-fprintf" { 2 } else { 1 };
            }
            Some(primary) if WITH_VALUE.contains(&primary) => {
                filtered |= !UNFILTERED.contains(&primary);
                i += 1;
            }
            Some(primary) if FLAGS.contains(&primary) => filtered |= !UNFILTERED.contains(&primary),
            Some(primary) if is_newer_xy(primary) => {
                filtered = true;
                i += 1;
            }
            Some(primary) if primary.starts_with('-') => v.push(
                Level::Unknown,
                format!("find is given a primary that is not known here: {primary}"),
            ),
            _ => {}
        }
        i += 1;
    }
    if deletes {
        let deleter = deleter.unwrap_or("-delete");
        let dot = Word::literal(".");
        let roots: Vec<&Word> = if paths.is_empty() { vec![&dot] } else { paths };
        for root in &roots {
            if let Some(critical) = critical_target(&root.shape).filter(|c| c.system || !filtered) {
                v.push(
                    Level::Dangerous,
                    format!(
                        "find {deleter} deletes everything under {}",
                        critical.description
                    ),
                );
            }
        }
        v.push(
            Level::Write,
            format!("find {deleter} deletes files under {}", list(&roots)),
        );
    }
    v
}

/// xargs's grammar (GNU findutils); it stops at the command.
pub const XARGS: super::grammar::Spec = super::grammar::Spec {
    names: &["xargs"],
    short: "0a:d:E:e::I:i::L:l::n:oP:prs:tx",
    long: "arg-file= delimiter= eof? replace? max-lines? max-args= open-tty interactive max-procs= process-slot-var= no-run-if-empty max-chars= show-limits verbose exit null help version",
    effects: &[],
    complete: true,
    numbers: false,
    posix_order: true,
    single_dash: false,
    output: super::grammar::Output::NONE,
};

/// xargs runs its command with words read from stdin appended (or put in place of `-I`'s
/// string): those words are only known at run time, and can be options (`echo -delete | xargs
/// find .`).
/// A word of `find -exec` with the name found put where it says `{}`: a name is only known at
/// run time, and in a word that is code (`sh -c 'wc -l {}'`) it is parsed as code, so a file
/// named `$(touch x).md` runs `touch`. A word that is `{}` alone is one whole name, which starts
/// with the starting point (`./` for `-execdir`), so never an option. GNU find replaces `{}`
/// inside a word too (with `;`; with `+` only alone, but it is taken as replaced either way).
fn found_name(word: &Word, root: &str) -> Word {
    let Some(value) = word.value.as_deref().filter(|v| v.contains("{}")) else {
        return word.clone();
    };
    let runtime = super::words::RUNTIME.to_string();
    let shape = if value == "{}" {
        format!("{}/{runtime}", root.trim_end_matches('/'))
    } else {
        value.replace("{}", &runtime)
    };
    Word {
        text: word.text.clone(),
        value: None,
        guess: Some(value.replace("{}", "NAME")),
        shape,
        glob: false,
        downloads: false,
    }
}

pub fn xargs(args: &[Word]) -> Verdict {
    xargs_reading(args, false, false, false, None)
}

/// xargs reading lines known to be of plain characters (`ls config | xargs -I{} sh -c 'echo
/// {}; wc -l < config/{}'`): with a replace string and newlines as the only separator (no
/// `-0`, `-d`, `-a`), each line is one item as it is (no blank to strip, no quote or backslash
/// for xargs to take out), so in shell code ([`plain_item_code`]) it is a plain word. Split
/// on blanks too, each line is one word: when every line starts with `lead` (`find scripts
/// -type f | xargs file`: `scripts`), so does every word, which is then no option.
pub fn xargs_plain_lines(args: &[Word], lead: Option<&str>) -> Verdict {
    xargs_reading(args, false, false, true, lead)
}

/// The variable a plain item of xargs stands as in the shell code it is put in
/// ([`plain_item_code`]); [`walker`](super::walker) takes it only where the context does not set it.
pub const XARGS_ITEM: &str = "xargs_item";

/// Shell code with xargs's replace string in it, written with `${xargs_item}` where the string
/// stands, when that is the same code for every item of plain characters: the string is
/// never after a `$`, and the code around it has no quote, backslash, brace, tilde, `=` or
/// here-document (where a word's text, not its value, would count), so each item is one
/// word, or part of one, as the variable's value is (no blank or glob character to split or
/// match).
fn plain_item_code(code: &str, replace: &str) -> Option<String> {
    let around = code.replace(replace, "");
    let joined = code
        .match_indices(replace)
        .any(|(at, _)| code[..at].ends_with('$'));
    if joined
        || code.contains(XARGS_ITEM)
        || code.contains("<<")
        || around.contains(['\'', '\\', '{', '}', '~', '=', '`'])
    {
        return None;
    }
    Some(code.replace(replace, &format!("${{{XARGS_ITEM}}}")))
}

/// xargs reading object names (`git log --format=%H | xargs -n1 git show`): however it splits
/// them (blanks, `-d`, `-0`, `-I`'s lines), no word starts with `-`, so none is an option.
/// Not with `-a` (the words come from a file).
pub fn xargs_object_names(args: &[Word]) -> Verdict {
    xargs_reading(args, false, true, true, None)
}

/// xargs on an input known to be empty (`< /dev/null`, a stage that prints nothing): with
/// `-r` (`--no-run-if-empty`) or a replace string (`-I`, `-i`: one run per line read) the
/// command never starts, otherwise it runs once with its own words and none read (findutils
/// 4.9, measured: `xargs echo run < /dev/null` prints `run`, `-r`, `-I{}` print nothing; `-L`,
/// `-n`, `-0`, `-d`, `-E` run it once). Not with `-a` (the words come from a file) or `-p`/`-o`
/// (a terminal is read).
pub fn xargs_empty_input(args: &[Word]) -> Verdict {
    xargs_reading(args, true, false, false, None)
}

fn xargs_reading(
    args: &[Word],
    empty_input: bool,
    names: bool,
    plain_lines: bool,
    lead: Option<&str>,
) -> Verdict {
    let parsed = match super::grammar::parse(&XARGS, args) {
        Ok(parsed) => parsed,
        Err(problem) => return Verdict::unknown(problem.describe("xargs")),
    };
    if let Some(var) = parsed.get("--process-slot-var").and_then(|o| o.value()) {
        let name = var.value.as_deref().unwrap_or("");
        if super::env::prefix_risk(name, Some("0")).is_some() {
            return Verdict::unknown(format!(
                "xargs --process-slot-var sets {} in the command's environment",
                var.text
            ));
        }
    }
    let empty_input = empty_input
        && parsed
            .get("-a|--arg-file|-p|--interactive|-o|--open-tty")
            .is_none();
    if empty_input && parsed.get("-r|--no-run-if-empty|-I|--replace|-i").is_some() {
        return Verdict::read_only();
    }
    let replace = parsed.get("-I|--replace|-i").map(|o| {
        o.value()
            .and_then(|v| v.value.clone())
            .unwrap_or_else(|| "{}".to_string())
    });
    let names = names && parsed.get("-a|--arg-file").is_none();
    let runtime = if names {
        format!("0{}", super::words::RUNTIME)
    } else {
        super::words::RUNTIME.to_string()
    };
    let item = |text: &str| Word {
        text: text.to_string(),
        value: None,
        guess: Some(text.to_string()),
        shape: runtime.clone(),
        glob: false,
        downloads: false,
    };
    let mut argv: Vec<Word> = if parsed.operands.is_empty() {
        vec![Word::literal("echo")]
    } else {
        parsed.operands.clone()
    };
    let plain_lines = plain_lines
        && parsed
            .get("-0|--null|-d|--delimiter|-a|--arg-file")
            .is_none();
    match replace.filter(|r| !r.is_empty()) {
        Some(replace) => {
            // `sh -c CODE`: CODE with each plain item in it as a variable of that value.
            let shell = argv
                .first()
                .and_then(|w| w.value.as_deref())
                .map(|p| p.rsplit('/').next().unwrap_or(p))
                .is_some_and(|p| super::programs::is_shell(p) && p != "fish");
            if plain_lines && shell && argv.get(1).is_some_and(|w| w.is("-c")) {
                if let Some(code) = argv
                    .get(2)
                    .and_then(|w| w.value.as_deref())
                    .and_then(|code| plain_item_code(code, &replace))
                {
                    argv[2] = Word {
                        text: argv[2].text.clone(),
                        ..Word::literal(&code)
                    };
                }
            }
            for word in argv.iter_mut().skip(1) {
                if let Some(value) = word.value.clone().filter(|v| v.contains(&replace)) {
                    *word = Word {
                        guess: Some(value.replace(&replace, "ITEM")),
                        shape: value.replace(&replace, &runtime),
                        ..item(&word.text)
                    };
                }
            }
        }
        None if empty_input => {}
        None => match lead.filter(|_| plain_lines) {
            Some(lead) => argv.push(Word {
                shape: format!("{lead}{}", super::words::RUNTIME),
                ..item("(words read from stdin)")
            }),
            None => argv.push(item("(words read from stdin)")),
        },
    }
    Verdict {
        nested: vec![Nested::Command {
            argv,
            forwards_stdin: false,
            env: Vec::new(),
        }],
        ..Verdict::default()
    }
}

/// The compressors: they replace files with (de)compressed copies unless they write to stdout, list
/// or test, or are given no file at all (a filter from standard input to standard output, as each
/// one's manual says: `cat f.gz | gzip -d`, `lzip -d < f.lz`).
pub fn compressor(program: &str, args: &[Word]) -> Verdict {
    // `-l` lists for gzip, xz, zstd, lzip and lzop; for lz4 it picks the legacy format (and
    // compresses), for pbzip2 it sets the number of processors by the load.
    let lists = !matches!(
        program,
        "lz4"
            | "unlz4"
            | "bzip2"
            | "bunzip2"
            | "pbzip2"
            | "lbzip2"
            | "brotli"
            | "compress"
            | "uncompress"
    );
    // Output elsewhere (`-o F`, `--output=F`, zstd's `--output-dir-flat D`) and lists of files
    // to work on (xz `--files=F`, zstd `--filelist F`) are never taken.
    let elsewhere = has_short(args, 'o')
        || ["--output", "--files", "--filelist"]
            .iter()
            .any(|o| options(args).any(|v| v.starts_with(o)));
    let to_stdout = has_short(args, 'c')
        || (lists && has_short(args, 'l'))
        || has_short(args, 't')
        || ["--stdout", "--to-stdout", "--list", "--test"]
            .iter()
            .any(|o| has_long(args, o));
    if !elsewhere && (to_stdout || filters(program, args)) {
        Verdict::read_only()
    } else if !elsewhere && lz4_one_file(program, args) {
        let mut v = Verdict::read_only();
        v.push(Level::Write, LZ4_TERMINAL);
        v
    } else {
        Verdict::write(format!(
            "{program} replaces files with (de)compressed copies"
        ))
    }
}

/// lz4's finding on one file and no output name: settled where stdout is not a terminal.
pub const LZ4_TERMINAL: &str =
    "lz4 given one file and no output name writes the result beside it when its output is a terminal";

/// `lz4 -d f.lz4`, `lz4 f`: one file and no output name. lz4 (1.9.4) writes to standard output
/// then when that is not a terminal ("using stdout as default output"), and to the file it
/// names after the input (`f` from `f.lz4`, `f.lz4` from `f`) when it is (measured: `| head`
/// and `> /dev/null` made no file, a terminal made one). Only flags that take no value.
fn lz4_one_file(program: &str, args: &[Word]) -> bool {
    const FLAGS: &str = "dzkqvf0123456789";
    const LONG: &[&str] = &[
        "--decompress",
        "--uncompress",
        "--keep",
        "--quiet",
        "--verbose",
        "--force",
    ];
    matches!(program, "lz4" | "unlz4")
        && args.iter().all(|a| {
            a.value
                .as_deref()
                .is_some_and(|v| !v.starts_with('-') || valueless_flag(v, FLAGS, LONG))
        })
        && args
            .iter()
            .filter(|a| a.value.as_deref().is_some_and(|v| !v.starts_with('-')))
            .count()
            == 1
}

/// A compressor given only flags that take no value and no file (or only `-`): it reads standard
/// input and writes standard output. Any other option could take the next word as its value or
/// name files, so it is not taken; neither is `-r` (a directory walked) or brotli (which wants
/// `-c` or `-o`).
fn filters(program: &str, args: &[Word]) -> bool {
    const FLAGS: &str = "dzkqvfcFtTlLnN0123456789";
    const LONG: &[&str] = &[
        "--decompress",
        "--uncompress",
        "--compress",
        "--keep",
        "--quiet",
        "--verbose",
        "--force",
        "--fast",
        "--best",
    ];
    if matches!(program, "brotli") {
        return false;
    }
    args.iter().all(|a| {
        a.value
            .as_deref()
            .is_some_and(|v| v == "-" || valueless_flag(v, FLAGS, LONG))
    })
}

/// `v` is one of the `long` options or a cluster of the `short` letters (`-dk`), all flags
/// that take no value.
fn valueless_flag(v: &str, short: &str, long: &[&str]) -> bool {
    long.contains(&v)
        || v.strip_prefix('-').is_some_and(|l| {
            !l.is_empty() && !l.starts_with('-') && l.chars().all(|c| short.contains(c))
        })
}
