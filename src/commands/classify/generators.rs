//! Code and template generators that write to standard output when told to (round 30's
//! held-out false alarms, issue 44), each with its whole documented reading grammar: `flex -t`
//! (the scanner on standard output), `gperf` (standard output unless `--output-file`), swig's
//! and doxygen's information and template modes (`doxygen -g -`, `-l -`, `-x`). A form not
//! listed leaves the call to the program's usual verdict (they write what they generate).

use super::verdict::{Level, Settle, Verdict};

/// flex takes options from the scanner's own `%option` lines, and some of them write files
/// whatever `-t` says (`header-file`, `tables-file`, `backup`: measured with flex 2.6.4; an
/// `outfile` there is ignored under `-t`); the context reads the input files.
pub const FLEX_OPTIONS: &str =
    "flex -t takes %option lines from its input, which can name files it writes (header-file, tables-file, backup); no context was read to tell";

/// The verdict on one of this module's programs in a reading mode; `None` to fall through.
pub fn check(program: &str, values: &[&str]) -> Option<Verdict> {
    match program {
        "flex" | "flex++" | "lex" => {
            if matches!(values, ["-h" | "--help" | "-?" | "-V" | "--version"]) {
                return Some(Verdict::read_only());
            }
            flex_inputs(values)?;
            let mut v = Verdict::default();
            v.push_unless(Level::Unknown, FLEX_OPTIONS, Settle::Configuration);
            Some(v)
        }
        "gperf" => gperf(values).then(Verdict::read_only),
        "swig" => swig(values).then(Verdict::read_only),
        "doxygen" => doxygen(values).then(Verdict::read_only),
        _ => None,
    }
}

/// The input files of `flex -t …` (flex(1), flex 2.6.4's `--help`) when every option only
/// shapes the scanner written to standard output: the table, debugging and behaviour options,
/// `-D`, `-P`, `--yyclass`, `-S` (a skeleton, read). `-b`/`--backup`, `--backup-file`,
/// `--header-file`, `--tables-file` and `-o` write a file; without `-t` (`--stdout`) the scanner
/// goes to `lex.yy.c`. Standard input (no file, or `-`) is refused: its `%option` lines cannot be
/// read beforehand.
pub fn flex_inputs<'a>(values: &[&'a str]) -> Option<Vec<&'a str>> {
    // Short options that take no value (grouped as `-tL`); `C` takes its letters joined.
    const LETTERS: &str = "fFdpsTwv78BIilX+LRcnt";
    const LONG: &[&str] = &[
        "--align",
        "--ecs",
        "--meta-ecs",
        "--read",
        "--full",
        "--fast",
        "--debug",
        "--perf-report",
        "--nodefault",
        "--trace",
        "--nowarn",
        "--verbose",
        "--hex",
        "--stdout",
        "--7bit",
        "--8bit",
        "--batch",
        "--case-insensitive",
        "--lex-compat",
        "--posix-compat",
        "--interactive",
        "--yylineno",
        "--c++",
        "--noline",
        "--reentrant",
        "--bison-bridge",
        "--bison-locations",
        "--stdinit",
        "--nounistd",
        "--never-interactive",
        "--always-interactive",
        "--noyywrap",
        "--nounput",
        "--noinput",
        "--noyy_scan_buffer",
        "--noyy_scan_bytes",
        "--noyy_scan_string",
        "--noyyget_extra",
        "--noyyset_extra",
        "--noyyget_leng",
        "--noyyget_text",
        "--noyyget_lineno",
        "--noyyset_lineno",
        "--noyyget_in",
        "--noyyset_in",
        "--noyyget_out",
        "--noyyset_out",
        "--noyyget_lval",
        "--noyyset_lval",
        "--noyyget_lloc",
        "--noyyset_lloc",
        "--noyy_push_state",
        "--noyy_pop_state",
        "--noyy_top_state",
        "--main",
        "--array",
        "--pointer",
    ];
    const VALUED_LONG: &[&str] = &["--prefix", "--skel", "--yyclass"];
    let mut to_stdout = false;
    let mut inputs = Vec::new();
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        let name = v.split_once('=').map_or(*v, |(n, _)| n);
        if *v == "--stdout" {
            to_stdout = true;
        } else if LONG.contains(v) {
        } else if VALUED_LONG.contains(&name) {
            if !v.contains('=') {
                values.get(i)?;
                i += 1;
            }
        } else if let Some(rest) = v.strip_prefix("-C") {
            // `-C[aefFmr]`: table compression.
            if !rest.chars().all(|c| "aefFmr".contains(c)) {
                return None;
            }
        } else if let Some(rest) = v
            .strip_prefix("-D")
            .or_else(|| v.strip_prefix("-P"))
            .or_else(|| v.strip_prefix("-S"))
        {
            if rest.is_empty() {
                values.get(i)?;
                i += 1;
            }
        } else if let Some(letters) = v.strip_prefix('-').filter(|l| !l.starts_with('-')) {
            if letters.is_empty() || !letters.chars().all(|c| LETTERS.contains(c)) {
                return None;
            }
            to_stdout |= letters.contains('t');
        } else if v.starts_with('-') {
            return None;
        } else {
            inputs.push(*v);
        }
    }
    (to_stdout && !inputs.is_empty()).then_some(inputs)
}

/// gperf(1) (3.1): the hash function goes to standard output unless `--output-file=FILE`
/// names another file (`-` is standard output); every other option shapes the code, and the
/// one input file is read (its `%` declarations name no file: `%output-file` is refused as
/// unknown, measured). getopt_long takes an unambiguous prefix, so `--ou…` is that option.
fn gperf(values: &[&str]) -> bool {
    // Short options that take a value (`-k 1,3`, `-k1,3`).
    const VALUED: &str = "eLKFHNZQWSkmijs";
    let mut i = 0;
    let mut operands = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if let Some(long) = v.strip_prefix("--") {
            let (name, joined) = match long.split_once('=') {
                Some((n, value)) => (n, Some(value)),
                None => (long, None),
            };
            if name.len() >= 2 && "output-file".starts_with(name) {
                let value = match joined {
                    Some(value) => value,
                    None => {
                        i += 1;
                        match values.get(i - 1) {
                            Some(value) => value,
                            None => return false,
                        }
                    }
                };
                if value != "-" {
                    return false;
                }
            } else if name.is_empty() {
                operands += values.len() - i;
                break;
            }
        } else if let Some(letters) = v.strip_prefix('-').filter(|l| !l.is_empty()) {
            let first = letters.chars().next().unwrap_or(' ');
            if VALUED.contains(first) {
                if letters.len() == 1 {
                    i += 1;
                }
            } else if !letters.chars().all(|c| c.is_ascii_alphanumeric()) {
                return false;
            }
        } else {
            operands += 1;
        }
    }
    operands <= 1
}

/// swig's information options (swig -help): its version, usage, and library directory.
fn swig(values: &[&str]) -> bool {
    matches!(
        values,
        ["-version" | "--version" | "-help" | "--help" | "-swiglib"]
    )
}

/// doxygen's modes that print and stop (doxygen --help, 1.9.4; measured with strace: nothing
/// opened to write, no program run): a template configuration, layout, RTF extensions file or
/// emoji list written to `-` (standard output), the difference of a configuration file from
/// the template (`-x`, `-x_noenv`: the file is read, its `INPUT_FILTER` and `FILTER_PATTERNS`
/// printed, not run), the version, usage and debugging flags. `-g FILE`, `-u` and `-w` write
/// files; `doxygen [Doxyfile]` generates documentation.
fn doxygen(values: &[&str]) -> bool {
    match values {
        ["-v" | "-V" | "-h" | "-?" | "--help" | "--version" | "-d"] => true,
        ["-g", "-"] | ["-s", "-g", "-"] | ["-g", "-s", "-"] => true,
        ["-l", "-"] | ["-e", "rtf", "-"] | ["-f", "emoji", "-"] => true,
        ["-x" | "-x_noenv"] => true,
        ["-x" | "-x_noenv", config] => !config.starts_with('-') || *config == "-",
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn reading_forms_and_their_writing_neighbours() {
        let read = |p: &str, args: &[&str]| check(p, args).map(|v| v.findings.is_empty());
        let cases: &[(&str, &[&str], Option<bool>)] = &[
            ("flex", &["--version"], Some(true)),
            // flex -t: the input's %option lines are the context's to read.
            ("flex", &["-t", "scan.l"], Some(false)),
            ("flex", &["--stdout", "-L", "-Pfoo", "scan.l"], Some(false)),
            ("flex", &["scan.l"], None),
            ("flex", &["-t"], None),
            ("flex", &["-t", "--header-file=x.h", "scan.l"], None),
            ("flex", &["-tb", "scan.l"], None),
            ("flex", &["-t", "-o", "x.c", "scan.l"], None),
            ("gperf", &["kw.gperf"], Some(true)),
            (
                "gperf",
                &["-t", "-L", "ANSI-C", "-k", "1,3", "kw.gperf"],
                Some(true),
            ),
            ("gperf", &["--output-file=-", "kw.gperf"], Some(true)),
            ("gperf", &["--output-file=kw.c", "kw.gperf"], None),
            ("gperf", &["--output", "kw.c", "kw.gperf"], None),
            ("gperf", &["a.gperf", "b.gperf"], None),
            ("swig", &["-version"], Some(true)),
            ("swig", &["-python", "w.i"], None),
            ("doxygen", &["-g", "-"], Some(true)),
            ("doxygen", &["-x", "Doxyfile"], Some(true)),
            ("doxygen", &["-x"], Some(true)),
            ("doxygen", &["-l", "-"], Some(true)),
            ("doxygen", &["-g"], None),
            ("doxygen", &["-g", "Doxyfile.new"], None),
            ("doxygen", &["-u", "Doxyfile"], None),
            ("doxygen", &["Doxyfile"], None),
            (
                "doxygen",
                &["-w", "html", "h.html", "f.html", "s.css"],
                None,
            ),
        ];
        for (program, args, want) in cases {
            assert_eq!(read(program, args), *want, "{program} {args:?}");
        }
    }
}
