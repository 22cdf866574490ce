//! Data and document tools whose options do not fit a getopt grammar: Miller (`mlr`, a main
//! option list, a chain of verbs, a DSL that can write and run), xmlstarlet (subcommands),
//! exiftool (tags given as options, `-TAG=` writes), poppler's PDF readers and sox's `--i`
//! (single-dash long options). Each is read-only in its reading modes with options from a list;
//! any other option, verb or subcommand falls through to unknown.

use super::verdict::{Level, Verdict};
use super::words::Word;

/// Programs with single-dash long options: the flags, the options that take the next word as
/// their value, and what makes the run read-only (`RO_*`).
struct Dash {
    names: &'static [&'static str],
    flags: &'static str,
    valued: &'static str,
    reads: Reads,
}

/// When a [`Dash`] program only reads.
#[derive(Clone, Copy)]
enum Reads {
    /// Always (it prints what it finds).
    Always,
    /// Only with this flag (`pdfimages -list`); otherwise it writes files.
    With(&'static str),
    /// `pdftotext PDF -`: the second operand is the text file, written unless it is `-`; without
    /// it the text goes to PDF's name with `.txt`.
    SecondOperandDash,
}

#[rustfmt::skip]
const DASH: &[Dash] = &[
    // poppler-utils 22: each prints what it reads from the PDF (its man page's options).
    Dash { names: &["pdfinfo"], flags: "-box -meta -custom -js -struct -struct-text -isodates -rawdates -dests -url -listenc -v -h -help --help",
        valued: "-f -l -enc -opw -upw", reads: Reads::Always },
    Dash { names: &["pdffonts"], flags: "-subst -loc -locPS -v -h -help --help", valued: "-f -l -opw -upw", reads: Reads::Always },
    Dash { names: &["pdftotext"], flags: "-layout -raw -nodiag -htmlmeta -tsv -bbox -bbox-layout -cropbox -nopgbrk -listenc -q -v -h -help --help",
        valued: "-f -l -r -x -y -W -H -fixed -enc -eol -colspacing -opw -upw", reads: Reads::SecondOperandDash },
    Dash { names: &["pdfimages"], flags: "-list -j -jp2 -jbig2 -ccitt -all -png -tiff -p -print-filenames -q -v -h -help --help",
        valued: "-f -l -opw -upw", reads: Reads::With("-list") },
    Dash { names: &["pdfdetach"], flags: "-list -v -h -help --help", valued: "-enc -opw -upw", reads: Reads::With("-list") },
    // FFmpeg 5.1's ffprobe (its manual and `-h full`): it prints what it finds in its input.
    // `-o` (an output file), `-report` (a log file, as FFREPORT asks: the context's), `-f` (a
    // format, lavfi's filters among them, some of which write) and the rest are not listed; an
    // input that names a protocol (`http:`, `concat:`, `tcp:`) is refused in `check`.
    Dash { names: &["ffprobe"], flags: "-hide_banner -show_format -show_streams -show_packets -show_frames -show_data -show_error \
        -show_programs -show_chapters -show_private_data -show_program_version -show_library_versions -show_versions \
        -show_pixel_formats -count_frames -count_packets -pretty -unit -prefix -byte_binary_prefix -sexagesimal -bitexact \
        -private -noprivate -version -buildconf -formats -muxers -demuxers -devices -codecs -decoders -encoders -bsfs \
        -protocols -filters -pix_fmts -layouts -sample_fmts -colors -L -h -help --help -nostdin",
        valued: "-v -loglevel -of -print_format -output_format -show_entries -select_streams -read_intervals -show_data_hash \
        -i -analyzeduration -probesize -sections", reads: Reads::Always },
    // libwebp 1.2's webpinfo and libjpeg-turbo's rdjpgcom print what an image holds.
    Dash { names: &["webpinfo"], flags: "-version -quiet -diag -summary -bitstream_info -h -help", valued: "", reads: Reads::Always },
    Dash { names: &["rdjpgcom"], flags: "-raw -verbose", valued: "", reads: Reads::Always },
    // soxi(1), and `sox --i` / `sox --info`, which is soxi.
    Dash { names: &["soxi"], flags: "-T -t -r -c -s -d -D -b -B -p -e -a -V -V0 -V1 -V2 -V3 -V4 -V5 -V6", valued: "", reads: Reads::Always },
];

/// poppler's tools that write what they convert (images, HTML, pages).
const POPPLER_WRITERS: &[&str] = &[
    "pdftoppm",
    "pdftocairo",
    "pdftohtml",
    "pdfseparate",
    "pdfunite",
];

/// The verdict on a data or document tool; `None` for a program not handled here.
pub fn check(p: &str, args: &[Word]) -> Option<Verdict> {
    if p == "ffprobe" {
        return Some(ffprobe(args));
    }
    if let Some(table) = DASH.iter().find(|d| d.names.contains(&p)) {
        return Some(dash(p, table, args));
    }
    if POPPLER_WRITERS.contains(&p) {
        return Some(Verdict::write(format!(
            "{p} writes the files it converts to"
        )));
    }
    match p {
        "mediainfo" => Some(mediainfo(args)),
        "sox" => Some(match args.first() {
            Some(first) if first.is("--i") || first.is("--info") => {
                let soxi = DASH.iter().find(|d| d.names.contains(&"soxi"))?;
                dash("sox --i", soxi, &args[1..])
            }
            _ => match sox_null_output(args) {
                Some(v) => v,
                None => Verdict::write("sox writes the audio file it makes"),
            },
        }),
        "mlr" => Some(mlr(args)),
        "xmlstarlet" => Some(xmlstarlet(args)),
        "exiftool" => Some(exiftool(args)),
        _ => None,
    }
}

/// ffprobe on local files: an input (an operand, or `-i`'s value) that names a protocol or a
/// device (`http://…`, `concat:a|b`, `pipe:`, anything with a colon) may reach the network or
/// read what it names, and is not taken.
fn ffprobe(args: &[Word]) -> Verdict {
    let Some(table) = DASH.iter().find(|d| d.names.contains(&"ffprobe")) else {
        return Verdict::unknown("ffprobe is given arguments outside its reading modes");
    };
    let values = match literal("ffprobe", args) {
        Ok(v) => v,
        Err(v) => return v,
    };
    let inputs = values.iter().enumerate().filter(|(i, v)| {
        !v.starts_with('-') && (*i == 0 || !table.valued.split(' ').any(|o| o == values[i - 1]))
            || (*i > 0 && values[i - 1] == "-i")
    });
    for (_, input) in inputs {
        if input.contains(':') {
            return Verdict::unknown(format!(
                "ffprobe reads {input}, which may name a protocol (the network, a device, other files)"
            ));
        }
    }
    dash("ffprobe", table, args)
}

/// MediaInfo 23's options that only choose what is shown (`mediainfo --help`): names are
/// matched as MediaInfo matches them, in any case. `--LogFile=` writes a file, the `Ssl_*` and
/// `Ssh_*` options reach the network, and the library's other options are not listed; an
/// operand with `://` is a URL MediaInfo fetches.
fn mediainfo(args: &[Word]) -> Verdict {
    const FLAGS: &[&str] = &[
        "--help",
        "-h",
        "--version",
        "--full",
        "-f",
        "--info-parameters",
        "--bom",
        "--help-output",
        "--help-inform",
        "--info-codecs",
        "--info-version",
    ];
    const VALUED: &[&str] = &[
        "--output",
        "--inform",
        "--language",
        "--details",
        "--inform_version",
        "--inform_timestamp",
        "--file_testcontinuousfilenames",
        "--acquisitiondataoutputmode",
    ];
    let values = match literal("mediainfo", args) {
        Ok(v) => v,
        Err(v) => return v,
    };
    for v in values {
        if !v.starts_with('-') {
            if v.contains("://") {
                return Verdict::write(format!("mediainfo fetches {v} over the network"));
            }
            continue;
        }
        let lower = v.to_ascii_lowercase();
        let (name, value) = match lower.split_once('=') {
            Some((n, val)) => (n, Some(val)),
            None => (lower.as_str(), None),
        };
        let known = match value {
            None => FLAGS.contains(&name),
            Some(val) => VALUED.contains(&name) && !val.contains("://"),
        };
        if !known {
            return Verdict::unknown(format!(
                "mediainfo is given an option not known to only read: {v}"
            ));
        }
    }
    Verdict::read_only()
}

/// The words' values, or the verdict that one is only known at run time.
fn literal<'a>(program: &str, args: &'a [Word]) -> Result<Vec<&'a str>, Verdict> {
    super::args::values(args)
        .filter(|_| !args.iter().any(super::grammar::could_expand_to_option))
        .ok_or_else(|| {
            Verdict::unknown(format!(
                "an argument of {program} is only known at run time and could be an option"
            ))
        })
}

fn dash(program: &str, table: &Dash, args: &[Word]) -> Verdict {
    let values = match literal(program, args) {
        Ok(v) => v,
        Err(v) => return v,
    };
    let listed = |list: &str, v: &str| list.split(' ').any(|o| o == v);
    let mut operands = Vec::new();
    let mut flags = Vec::new();
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if *v == "-" || !v.starts_with('-') {
            operands.push(*v);
        } else if listed(table.valued, v) {
            if values.get(i).is_none() {
                return Verdict::unknown(format!("{program} {v} needs a value"));
            }
            i += 1;
        } else if listed(table.flags, v) {
            flags.push(*v);
        } else {
            return Verdict::unknown(format!(
                "{program} is given an option it is not known to take: {v}"
            ));
        }
    }
    let only_info = !flags.is_empty()
        && flags
            .iter()
            .all(|f| matches!(*f, "-v" | "-h" | "-help" | "--help" | "-listenc"));
    match table.reads {
        Reads::Always => Verdict::read_only(),
        _ if only_info && operands.is_empty() => Verdict::read_only(),
        Reads::With(flag) if flags.contains(&flag) => Verdict::read_only(),
        Reads::With(flag) => {
            Verdict::write(format!("{program} without {flag} writes the files it extracts"))
        }
        Reads::SecondOperandDash => match operands.as_slice() {
            [_, "-"] => Verdict::read_only(),
            [_] => Verdict::write(format!(
                "{program} writes its text beside the PDF (a .txt file) unless the second operand is -"
            )),
            _ => Verdict::write(format!("{program} writes its text to the file it is given")),
        },
    }
}

/// Miller 6's main options that only choose formats, separators and what is shown (`mlr help
/// flags`): flags, then options with a value. `-I` (in place), `--prepipe`/`--prepipex` (run a
/// command), `--load`/`--mload` (DSL files), `-s` (arguments from a file), `--from` with `-n`
/// aside, are not here.
#[rustfmt::skip]
const MLR_FLAGS: &str = "--csv --tsv --json --jsonl --nidx --xtab --pprint --markdown --dkvp --usv --asv --csvlite --tsvlite \
    --icsv --itsv --ijson --ijsonl --inidx --ixtab --ipprint --imd --idkvp --iusv --iasv --icsvlite --itsvlite \
    --ocsv --otsv --ojson --ojsonl --onidx --oxtab --opprint --omd --odkvp --ousv --oasv --ocsvlite --otsvlite --oxvright \
    --c2t --c2d --c2n --c2j --c2l --c2p --c2b --c2x --c2m --t2c --t2d --t2n --t2j --t2l --t2p --t2b --t2x --t2m \
    --j2c --j2t --j2d --j2n --j2l --j2p --j2b --j2x --j2m --l2c --l2t --l2d --l2n --l2j --l2p --l2b --l2x --l2m \
    --x2c --x2t --x2d --x2n --x2j --x2l --x2p --x2b --x2m --p2c --p2t --p2d --p2n --p2j --p2l --p2x --p2m \
    --d2c --d2t --d2n --d2j --d2l --d2p --d2b --d2x --d2m --n2c --n2t --n2d --n2j --n2l --n2p --n2b --n2x --n2m \
    -p -n -S -A -O -M -C --no-color --always-color --key-color --value-color --pass-color --fail-color --help-color \
    --implicit-csv-header --headerless-csv-output --hi --ho --headerless-csv-input --allow-ragged-csv-input --ragged \
    --barred --barred-input --right --no-auto-flatten --no-auto-unflatten --xvright --jvstack --no-jvstack --jlistwrap \
    --no-jlistwrap --jvquoteall --records-per-batch --nr-progress-mod --no-fflatsep --infer-none --infer-octal \
    --infer-int-as-float --no-dedupe-field-names --dedupe-field-names --lazy-quotes --quote-all --quote-original \
    --gzin --bz2in --zin --zstdin --no-implicit-csv-header --files-with-headers --idkvp --ofmt --fflatsep --jflatsep \
    --version --help";

/// Main options of Miller that take a value (the next word).
const MLR_VALUED: &str = "--ifs --ofs --fs --ips --ops --ps --irs --ors --rs --repifs --ofmt --fflatsep --jflatsep \
    --oflatsep --iflatsep --from --tz --nr-progress-mod --records-per-batch --c2p-maxlen --key-color --value-color \
    --pass-color --fail-color --help-color --csv-trim-leading-space";

/// Miller's verbs that only transform records to standard output (`mlr help list-verbs`);
/// `tee`, `split` and `case`-like verbs that write files are not here. `put` and `filter` are,
/// with their DSL looked at ([`mlr_dsl_writes`]).
#[rustfmt::skip]
const MLR_READ_VERBS: &[&str] = &[
    "altkv", "bar", "bootstrap", "case", "cat", "count", "count-distinct", "count-similar", "cut", "decimate",
    "fill-down", "fill-empty", "filter", "flatten", "format-values", "fraction", "gap", "grep", "group-by",
    "group-like", "having-fields", "head", "histogram", "json-parse", "json-stringify", "join", "label",
    "latin1-to-utf8", "least-frequent", "merge-fields", "most-frequent", "nest", "nothing", "regularize", "rename",
    "reorder", "repeat", "reshape", "sec2gmt", "sec2gmtdate", "seqgen", "shuffle", "skip-trivial-records", "sort",
    "sort-within-records", "sort-within-records-values", "sparsify", "split-join", "ssub", "stats1", "stats2",
    "step", "sub", "gsub", "summary", "tac", "tail", "template", "top", "unflatten", "uniq", "unspace",
    "unsparsify", "utf8-to-latin1", "sample", "sec2str", "put",
];

/// A main option of Miller as `.mlrrc` gives it (`--ojson`, `ojson`, `ifs ;`): one that only
/// chooses formats and separators. `-I` there makes every run rewrite its files (measured, Miller
/// 6.6); `--prepipe` and `--load` it refuses.
pub(super) fn mlr_harmless_rc_line(line: &str) -> bool {
    let mut words = line.split_whitespace();
    let Some(flag) = words.next() else {
        return true;
    };
    let flag = if flag.starts_with('-') {
        flag.to_string()
    } else {
        format!("--{flag}")
    };
    let listed = |list: &str| list.split_whitespace().any(|o| o == flag);
    let rest = words.count();
    (listed(MLR_FLAGS) && rest == 0 && flag != "-n") || (listed(MLR_VALUED) && rest <= 1)
}

/// `mlr [main options] VERB [verb options] [then VERB …] [files]`.
fn mlr(args: &[Word]) -> Verdict {
    let values = match literal("mlr", args) {
        Ok(v) => v,
        Err(v) => return v,
    };
    let listed = |list: &str, v: &str| list.split_whitespace().any(|o| o == v);
    let mut i = 0;
    while let Some(v) = values.get(i) {
        if !v.starts_with('-') {
            break;
        }
        i += 1;
        if *v == "-I" {
            return Verdict::write("mlr -I rewrites its input files in place");
        }
        if listed(MLR_VALUED, v) {
            i += 1;
        } else if !listed(MLR_FLAGS, v) {
            return Verdict::unknown(format!(
                "mlr is given a main option not known here to only choose formats: {v}"
            ));
        }
    }
    if i >= values.len() {
        return Verdict::read_only();
    }
    // The verb chain: each verb's own options only shape its records; the chain ends at the
    // last verb's operands (files to read).
    let mut v = Verdict::read_only();
    let mut at_verb = true;
    while let Some(word) = values.get(i) {
        i += 1;
        if at_verb {
            at_verb = false;
            match *word {
                "tee" => v.push(Level::Write, "mlr tee writes its records to a file"),
                "split" => v.push(Level::Write, "mlr split writes a file per group of records"),
                "put" | "filter" => {
                    // The DSL expression is the first word after the verb's options; `-f`
                    // and `-s` read it or its variables from files, `-x`/`-q`/`-S`/`-F` only
                    // shape the output.
                    while let Some(o) = values.get(i).filter(|o| o.starts_with('-')) {
                        i += 1;
                        match *o {
                            "-q" | "-S" | "-F" | "-x" => {}
                            _ => {
                                v.push(
                                    Level::Unknown,
                                    format!(
                                        "mlr {word} {o} is not known here to only shape records"
                                    ),
                                );
                                return v;
                            }
                        }
                    }
                    match values.get(i) {
                        Some(dsl) => {
                            if let Some(reason) = mlr_dsl_writes(dsl) {
                                v.push(Level::Unknown, format!("mlr {word}: {reason}"));
                            }
                            i += 1;
                        }
                        None => v.push(Level::Unknown, format!("mlr {word} has no expression")),
                    }
                }
                verb if MLR_READ_VERBS.contains(&verb) => {}
                verb => v.push(
                    Level::Unknown,
                    format!("mlr {verb} is not a verb known here to only transform records"),
                ),
            }
            continue;
        }
        if *word == "then" {
            at_verb = true;
        }
    }
    v
}

/// What in a Miller DSL expression writes or runs: `system`, `exec` and `os` calls, and output
/// redirected to a file or a pipe (`tee > "f"`, `emit > "f"`, `print | "cmd"`, `dump >> "f"`;
/// `> stdout` and `> stderr` are streams).
fn mlr_dsl_writes(dsl: &str) -> Option<String> {
    let words: Vec<&str> = dsl
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect();
    if let Some(call) = words.iter().find(|w| matches!(**w, "system" | "exec")) {
        return Some(format!("{call} runs a command"));
    }
    const OUTPUT: &[&str] = &[
        "tee", "emit", "emitp", "emitf", "emit1", "print", "printn", "eprint", "eprintn", "dump",
        "edump",
    ];
    let bytes = dsl.as_bytes();
    for keyword in OUTPUT {
        let mut from = 0;
        while let Some(at) = dsl[from..].find(keyword) {
            let start = from + at;
            let end = start + keyword.len();
            from = end;
            let boundary_before = start == 0 || !is_ident(bytes[start - 1]);
            let boundary_after = end >= bytes.len() || !is_ident(bytes[end]);
            if !(boundary_before && boundary_after) {
                continue;
            }
            // The redirect follows the keyword (or its lashed, parenthesized emittables).
            let rest = dsl[end..].trim_start();
            let rest = if rest.starts_with('(') {
                rest.find(')').map_or("", |c| rest[c + 1..].trim_start())
            } else {
                rest
            };
            let target = if let Some(r) = rest.strip_prefix(">>") {
                Some(r)
            } else if let Some(r) = rest.strip_prefix('>') {
                Some(r)
            } else {
                rest.strip_prefix('|')
            };
            if let Some(target) = target {
                let target = target.trim_start();
                let stream = ["stdout", "stderr"].iter().any(|s| {
                    target
                        .strip_prefix(s)
                        .is_some_and(|r| r.trim_start().starts_with(','))
                });
                if !stream || rest.starts_with('|') {
                    return Some(format!(
                        "{keyword} redirects its output to a file or command"
                    ));
                }
            }
            // `emit @x, "a" > "file"`: a redirect may also come after the emittable.
            if keyword.starts_with("emit") || *keyword == "tee" || keyword.starts_with("print") {
                let statement = dsl[end..].split([';', '}']).next().unwrap_or("");
                if statement.contains('|') || redirects_late(statement) {
                    return Some(format!(
                        "{keyword} redirects its output to a file or command"
                    ));
                }
            }
        }
    }
    None
}

/// A `>` or `>>` in a statement that is not a comparison's (`$x > 1` is one: a redirect is
/// followed by a string, `stdout`/`stderr` or a variable, then a comma).
fn redirects_late(statement: &str) -> bool {
    let mut rest = statement;
    while let Some(at) = rest.find('>') {
        let after = rest[at + 1..].trim_start_matches('>').trim_start();
        if after.starts_with('"')
            && after[1..]
                .find('"')
                .is_some_and(|q| after[q + 2..].trim_start().starts_with(','))
        {
            return true;
        }
        rest = &rest[at + 1..];
    }
    false
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// xmlstarlet's commands that print (xmlstarlet(1)): `sel`, `el`, `val`, `fo`, `c14n`, `pyx`,
/// `p2x`, `depyx`, `esc`, `unesc`, `ls`, and `ed`, which prints the edited document unless
/// `-L`/`--inplace` rewrites the files. `tr` runs an XSLT stylesheet, whose extension elements
/// (`exsl:document`) write files: unknown.
fn xmlstarlet(args: &[Word]) -> Verdict {
    let values = match literal("xmlstarlet", args) {
        Ok(v) => v,
        Err(v) => return v,
    };
    let mut i = 0;
    while let Some(v) = values.get(i) {
        match *v {
            "-q" | "--quiet" | "--no-doc-namespace" | "--doc-namespace" | "--version"
            | "--help" => i += 1,
            _ => break,
        }
    }
    match values.get(i).copied() {
        None => Verdict::read_only(),
        Some(
            "sel" | "select" | "el" | "elements" | "val" | "validate" | "fo" | "format" | "c14n"
            | "canonic" | "pyx" | "xmln" | "p2x" | "depyx" | "esc" | "escape" | "unesc"
            | "unescape" | "ls",
        ) => Verdict::read_only(),
        Some("ed" | "edit") => {
            if values[i + 1..]
                .iter()
                .any(|v| matches!(*v, "-L" | "--inplace"))
            {
                Verdict::write("xmlstarlet ed -L rewrites its files in place")
            } else {
                Verdict::read_only()
            }
        }
        Some("tr" | "transform") => Verdict::unknown(
            "xmlstarlet tr runs an XSLT stylesheet, whose extensions (exsl:document) write files",
        ),
        Some(other) => Verdict::unknown(format!(
            "xmlstarlet {other} is not a command known here to only print"
        )),
    }
}

/// exiftool's options (lower case: exiftool takes them in any case) that only choose what is
/// printed and how; the second list takes the next word as its value.
#[rustfmt::skip]
const EXIF_READS: &[&str] = &[
    "-a", "-b", "-binary", "-csv", "-d", "-e", "-ee", "-ee2", "-ee3", "-ex", "-escapehtml", "-escapexml", "-f",
    "-forceprint", "-fast", "-fast2", "-fast3", "-fast4", "-g", "-groupheadings", "-h", "-htmlformat", "-j", "-json",
    "-l", "-long", "-l", "-m", "-ignoreminorerrors", "-n", "-php", "-q", "-quiet", "-r", "-recurse", "-s", "-short",
    "-s2", "-s3", "-veryshort", "-sort", "-struct", "-t", "-tab", "-table", "-u", "-unknown", "-u2", "-unknown2",
    "-v", "-verbose", "-v0", "-v1", "-v2", "-v3", "-v4", "-v5", "-x", "-xmlformat", "-ver", "-list", "-listw", "-listf",
    "-listr", "-listwf", "-listg", "-listd", "-listx", "-scanforxmp", "-duplicates", "-groupnames", "-latin", "-args",
    "-all", "-common", "-e", "-struct", "-printconv", "-k",
];
const EXIF_VALUED: &[&str] = &[
    "-c",
    "-coordformat",
    "-d",
    "-dateformat",
    "-sep",
    "-separator",
    "-ext",
    "-extension",
    "-ext+",
    "-x",
    "-exclude",
    "-i",
    "-ignore",
    "-lang",
    "-listitem",
    "-charset",
    "-fileorder",
    "-fileorder0",
];
/// exiftool's own options that write or run (its documentation, "OPTIONS"): the rest of its
/// option words are tag names, which it prints.
#[rustfmt::skip]
const EXIF_OTHER: &[&str] = &[
    "-@", "-api", "-config", "-common_args", "-delete_original", "-delete_original!", "-diff", "-echo", "-echo1",
    "-echo2", "-echo3", "-echo4", "-efile", "-efile!", "-execute", "-geotag", "-geosync", "-geotime",
    "-globaltimeshift", "-htmldump", "-if", "-if2", "-if3", "-o", "-out", "-overwrite_original",
    "-overwrite_original_in_place", "-p", "-printformat", "-p-", "-P", "-preserve", "-progress", "-restore_original",
    "-srcfile", "-stay_open", "-tagsfromfile", "-use", "-userparam", "-validate", "-w", "-w!", "-w+", "-textout",
    "-W", "-W!", "-W+", "-tagout", "-wext", "-tagoutext", "-wm", "-writemode", "-z", "-zip", "-E", "-escape",
    "-dn", "-alldates",
];

/// Beginnings of exiftool's options that come numbered or suffixed (`-execute2`, `-if3`,
/// `-echo4`, `-efile!`, `-overwrite_original_in_place`).
const EXIF_OTHER_PREFIXES: &[&str] = &[
    "-execute",
    "-efile",
    "-echo",
    "-if",
    "-stay_open",
    "-overwrite_original",
    "-geo",
    "-tagsfromfile",
    "-api",
    "-userparam",
    "-config",
    "-srcfile",
];

/// `exiftool -config '' …` or `-config /dev/null`: the option that turns exiftool's
/// configuration file off, first on the line (where exiftool takes it).
pub fn exiftool_config_off<S: AsRef<str>>(values: &[S]) -> bool {
    matches!(values, [first, file, ..]
        if first.as_ref().eq_ignore_ascii_case("-config") && matches!(file.as_ref(), "" | "/dev/null"))
}

/// exiftool: read-only when every option is a printing one or a tag name to print; a tag
/// assigned (`-TAG=`, `-TAG<`, `-TAG+=`), `-o`, `-w`, `-tagsFromFile` and the like write, `-if`,
/// `-p` and `-api` take Perl expressions, `-@` and `-config` read arguments or Perl from a file.
fn exiftool(args: &[Word]) -> Verdict {
    let values = match literal("exiftool", args) {
        Ok(v) => v,
        Err(v) => return v,
    };
    // `-@ ARGFILE`: its arguments, one a line (exiftool(1): blank lines and `#` comments
    // ignored, spaces around each removed), stand in its place; the file is read from the
    // context (the walker puts its text there, marked with [`super::m4::FILE_TEXT`]) and
    // judged as the same command line. Not `-@ -` (standard input) nor an argfile naming
    // another (round 29, cls50).
    if let Some(at) = values.iter().position(|v| *v == "-@") {
        let Some(file) = args.get(at + 1).filter(|_| values[at + 1] != "-") else {
            return Verdict::unknown("exiftool -@ - reads its arguments from standard input");
        };
        let Some(text) = values[at + 1].strip_prefix(super::m4::FILE_TEXT) else {
            return Verdict {
                nested: vec![super::verdict::Nested::ScriptFile(file.clone())],
                ..Verdict::default()
            };
        };
        let added: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        if added.iter().any(|a| a.eq_ignore_ascii_case("-@")) {
            return Verdict::unknown("exiftool -@ reads an argument file that names another");
        }
        let line: Vec<Word> = args[..at]
            .iter()
            .cloned()
            .chain(added.iter().map(|a| Word::literal(a)))
            .chain(args[at + 2..].iter().cloned())
            .collect();
        return exiftool(&line);
    }
    let mut i = 0;
    // `-config ''` (exiftool(1): "disabled by setting CFGFILE to an empty string") or
    // `-config /dev/null`, first on the line as exiftool requires: no configuration is loaded
    // (measured, exiftool 12.57: a planted ~/.ExifTool_config did not run).
    if exiftool_config_off(&values) {
        i = 2;
    }
    let mut v = Verdict::read_only();
    while let Some(word) = values.get(i) {
        i += 1;
        if *word == "--" {
            break;
        }
        let Some(name) = word.strip_prefix('-') else {
            continue;
        };
        if name.is_empty() {
            continue;
        }
        let lower = word.to_ascii_lowercase();
        if name.contains(['=', '<', '>']) {
            v.push(
                Level::Write,
                format!("exiftool {word} writes a tag into the file"),
            );
        } else if EXIF_VALUED.contains(&lower.as_str()) {
            i += 1;
        } else if EXIF_READS.contains(&lower.as_str())
            || lower
                .strip_prefix("-g")
                .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit() || c == ':'))
        {
            // Prints.
        } else if EXIF_OTHER.iter().any(|o| o.eq_ignore_ascii_case(word))
            || EXIF_OTHER_PREFIXES.iter().any(|p| lower.starts_with(p))
        {
            v.push(
                Level::Unknown,
                format!("exiftool {word} writes files or takes Perl or arguments from elsewhere"),
            );
        } else if name
            .trim_end_matches('#')
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | ':' | '-' | '*' | '?'))
            && name.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        {
            // A tag (`-FileSize`, `-EXIF:Model`, `-GPS*`) to print.
        } else {
            v.push(
                Level::Unknown,
                format!("exiftool is given an option it is not known to take: {word}"),
            );
        }
    }
    v
}

/// `SOX_OPTS` adds global options before the command line's (sox(1), "ENVIRONMENT"): `--temp`,
/// `--norm` and `--plot` among them; the context reads it.
pub const SOX_OPTS: &str = "sox takes global options from SOX_OPTS";

/// sox(1) (14.4) with the null file as its output (`sox in.wav -n stat`): it reads its inputs,
/// runs the effects and writes no audio; `stat` and `stats` print what they measure (measured:
/// nothing written). Only effects that compute on the stream in one pass are taken (`trim`,
/// `remix`, `channels`, `rate`, `vol`, `highpass`, `lowpass` before them); `spectrogram` writes
/// a PNG, `noiseprof FILE` a profile, and `norm`, `reverse` or `gain -n` go through temporary
/// files. An input named `|command` is run by sox, and a URL fetched: refused.
fn sox_null_output(args: &[Word]) -> Option<Verdict> {
    const GLOBAL: &[&str] = &[
        "-q",
        "--no-show-progress",
        "-S",
        "--show-progress",
        "-V",
        "-V0",
        "-V1",
        "-V2",
        "-V3",
        "-V4",
        "-V5",
        "-V6",
        "-R",
        "--no-glob",
        "-D",
        "--no-dither",
        "--guard",
        "--single-threaded",
        "--multi-threaded",
        "-L",
        "-B",
        "-x",
        "-N",
        "-X",
        "--ignore-length",
    ];
    const VALUED: &[&str] = &[
        "-t",
        "--type",
        "-r",
        "--rate",
        "-c",
        "--channels",
        "-b",
        "--bits",
        "-e",
        "--encoding",
        "-v",
        "--volume",
        "--buffer",
        "--input-buffer",
    ];
    const EFFECTS: &[&str] = &[
        "stat", "stats", "trim", "remix", "channels", "rate", "vol", "highpass", "lowpass",
    ];
    const EFFECT_OPTIONS: &[&str] = &[
        "-s", "-rms", "-freq", "-v", "-d", "-b", "-x", "-w", "-a", "-m", "-h", "-l", "-q",
    ];
    let values: Vec<&str> = super::args::values(args)?;
    let mut files = Vec::new();
    let mut i = 0;
    while let Some(v) = values.get(i) {
        if EFFECTS.contains(v) {
            break;
        }
        i += 1;
        if GLOBAL.contains(v) {
            continue;
        }
        if VALUED.contains(v) {
            values.get(i)?;
            i += 1;
            continue;
        }
        if matches!(*v, "-n" | "--null" | "-") || !v.starts_with('-') {
            if v.starts_with('|') || v.contains("://") {
                return None;
            }
            files.push(*v);
            continue;
        }
        return None;
    }
    if files.len() < 2 || !matches!(files.last(), Some(&("-n" | "--null"))) {
        return None;
    }
    let argument = |v: &str| {
        EFFECT_OPTIONS.contains(&v)
            || (!v.is_empty()
                && v.chars()
                    .all(|c| c.is_ascii_digit() || ".,:-+=%vdBkqhs".contains(c)))
    };
    if !values[i..]
        .iter()
        .all(|v| EFFECTS.contains(v) || argument(v))
    {
        return None;
    }
    let mut verdict = Verdict::default();
    verdict.push_unless(
        Level::Unknown,
        SOX_OPTS,
        super::verdict::Settle::Configuration,
    );
    Some(verdict)
}
