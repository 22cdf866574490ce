//! Project tooling that reads in a check mode and rewrites files otherwise: `ruff`, `tsc`, the
//! JavaScript linters, the formatters.

use super::args::*;
use super::verdict::{Level, Settle, Verdict};
use super::words::Word;

/// ruff: `check` and `format --check`/`--diff` read, unless told to fix or write.
pub fn ruff(args: &[Word]) -> Verdict {
    const WRITES: &[&str] = &[
        "--fix",
        "--fix-only",
        "--unsafe-fixes",
        "--add-noqa",
        "--output-file",
        "-o",
    ];
    const READS: &[&str] = &[
        "--select",
        "--ignore",
        "--extend-select",
        "--extend-ignore",
        "--per-file-ignores",
        "--extend-per-file-ignores",
        "--output-format",
        "--statistics",
        "--show-files",
        "--show-settings",
        "--show-fixes",
        "--no-show-fixes",
        "-q",
        "--quiet",
        "-v",
        "--verbose",
        "-s",
        "--silent",
        "--no-cache",
        "--config",
        "--isolated",
        "--target-version",
        "--line-length",
        "--exit-zero",
        "--diff",
        "--check",
        "--preview",
        "--no-preview",
        "-e",
        "--no-fix",
        "--respect-gitignore",
        "--no-respect-gitignore",
        "--exclude",
        "--extend-exclude",
        "--force-exclude",
        "--no-force-exclude",
        "--stdin-filename",
        "--fixable",
        "--unfixable",
        "--extend-fixable",
        "--dummy-variable-rgx",
        "--range",
        "--color",
        "-h",
        "--help",
        "-n",
    ];
    let sub = args.first().and_then(|a| a.value.as_deref());
    let rest = args.get(1..).unwrap_or(&[]);
    let mut v = Verdict::read_only();
    // `ruff check` and `ruff format --check`/`--diff` write their cache (`.ruff_cache` in the
    // project) unless `--no-cache` (measured, ruff 0.17.6).
    if !rest.iter().any(|a| a.is("--no-cache")) {
        v.push(
            Level::Write,
            "ruff writes its cache (.ruff_cache) unless --no-cache",
        );
    }
    match sub {
        Some("check") => {}
        Some("format") if rest.iter().any(|a| a.is("--check") || a.is("--diff")) => {}
        Some("version" | "help" | "rule" | "linter" | "--version" | "--help" | "-V" | "-h") => {
            return Verdict::read_only()
        }
        _ => return Verdict::write(format!("ruff {} can rewrite files", sub.unwrap_or(""))),
    }
    for a in rest {
        match a.value.as_deref() {
            None if a.may_be_option() => v.push(
                Level::Unknown,
                format!("an argument of ruff is only known at run time: {}", a.text),
            ),
            Some(x) if x.starts_with('-') => {
                let name = x.split('=').next().unwrap_or(x);
                if WRITES.contains(&name) {
                    v.push(
                        Level::Write,
                        format!("ruff {name} rewrites or writes files"),
                    );
                } else if !READS.contains(&name) {
                    v.push(
                        Level::Unknown,
                        format!("ruff is given an option not known to only read: {x}"),
                    );
                }
            }
            _ => {}
        }
    }
    v
}

/// `tsc`: reads with `--noEmit`, unless an option writes anyway (a trace, build info).
pub fn tsc(args: &[Word]) -> Verdict {
    let writes_anyway = [
        "--generateTrace",
        "--incremental",
        "-b",
        "--build",
        "--tsBuildInfoFile",
        "-i",
    ]
    .iter()
    .any(|f| {
        args.iter().any(|a| {
            a.is(f)
                || a.value
                    .as_deref()
                    .is_some_and(|v| v.starts_with(&format!("{f}=")))
        })
    });
    if has_long(args, "--noEmit") && !writes_anyway {
        Verdict::read_only()
    } else {
        Verdict::write("tsc compiles and writes output files")
    }
}

/// The finding on prettier checking or printing: its configuration may be JavaScript or name
/// plugins; the context reads it (`context::tools`).
pub const PRETTIER_CONFIG: &str =
    "prettier runs the project's JavaScript configuration and plugins; no context was read to tell";

/// `prettier --check a.js`, `prettier -l src/a.ts`, `prettier a.js`: files checked, listed or
/// printed, with options that only choose formatting and output. `--write`, `--cache` (which
/// writes `node_modules/.cache/prettier`), `--plugin`, `--config` and every option not below
/// are refused; an operand must be a plain file name (a directory or glob reaches
/// configuration files in directories not read here).
fn prettier_reads(args: &[Word]) -> bool {
    const FLAGS: &[&str] = &[
        "--check",
        "-c",
        "--list-different",
        "-l",
        "--no-editorconfig",
        "--no-color",
        "--color",
        "--ignore-unknown",
        "-u",
        "--no-error-on-unmatched-pattern",
        "--no-semi",
        "--semi",
        "--single-quote",
        "--jsx-single-quote",
        "--use-tabs",
        "--no-bracket-spacing",
        "--bracket-same-line",
        "--experimental-ternaries",
        "--require-pragma",
        "--insert-pragma",
        "--check-ignore-pragma",
    ];
    const VALUED: &[&str] = &[
        "--log-level",
        "--tab-width",
        "--print-width",
        "--trailing-comma",
        "--prose-wrap",
        "--end-of-line",
        "--arrow-parens",
        "--quote-props",
        "--embedded-language-formatting",
        "--html-whitespace-sensitivity",
        "--object-wrap",
        "--ignore-path",
    ];
    let mut operands = 0;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            return false;
        };
        let option = v.split_once('=').map_or(v, |(o, _)| o);
        if FLAGS.contains(&v) {
        } else if VALUED.contains(&option) {
            if option == v {
                i += 1;
            }
        } else if v.starts_with('-')
            || a.glob
            || v.ends_with('/')
            || !v.contains('.')
            || v.contains(['*', '?', '[', '{'])
        {
            return false;
        } else {
            operands += 1;
        }
    }
    operands > 0
}

/// The finding on eslint's reading run: its configuration file is JavaScript it runs
/// (`context::tools::eslint_config` reads it).
pub const ESLINT_CONFIG: &str =
    "eslint runs the project's JavaScript configuration and plugins; no context was read to tell";

/// `eslint a.js`, `eslint -f json --quiet src`: files linted and reported on standard output
/// (eslint 9.39), with options that only choose what is reported. Not taken: `--fix` (writes),
/// `--cache` and its options, `-o` (a report file), `-f` other than a built-in formatter (a
/// module), `--plugin`, `--parser`, `--rulesdir`, `--resolve-plugins-relative-to` (modules),
/// `--init` (runs npm), `--inspect-config`, `--mcp` (servers), the suppression options (write
/// `eslint-suppressions.json`), `--stdin`, `--flag`, and any other option.
fn eslint_reads(args: &[Word]) -> bool {
    const FLAGS: &[&str] = &[
        "--quiet",
        "--color",
        "--no-color",
        "--no-ignore",
        "--no-inline-config",
        "--report-unused-disable-directives",
        "--no-error-on-unmatched-pattern",
        "--exit-on-fatal-error",
        "--no-warn-ignored",
        "--pass-on-no-patterns",
        "--fix-dry-run",
        "--stats",
        "--no-config-lookup",
    ];
    const VALUED: &[&str] = &[
        "--max-warnings",
        "--ext",
        "--global",
        "--ignore-pattern",
        "--report-unused-disable-directives-severity",
        "--report-unused-inline-configs",
        "--fix-type",
        "-c",
        "--config",
    ];
    const FORMATS: &[&str] = &["stylish", "json", "json-with-metadata", "html"];
    let mut i = 0;
    let mut operands = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            return false;
        };
        let (option, inline) = match v.split_once('=') {
            Some((o, value)) if o.starts_with("--") => (o, Some(value)),
            _ => (v, None),
        };
        if FLAGS.contains(&v) {
            continue;
        }
        if option == "-f" || option == "--format" {
            let value = inline.or_else(|| {
                i += 1;
                args.get(i - 1).and_then(|w| w.value.as_deref())
            });
            if !value.is_some_and(|f| FORMATS.contains(&f)) {
                return false;
            }
            continue;
        }
        if VALUED.contains(&option) {
            if inline.is_none() {
                i += 1;
                if args.get(i - 1).is_none_or(|w| w.value.is_none()) {
                    return false;
                }
            }
            continue;
        }
        if v.starts_with('-') {
            return false;
        }
        operands += 1;
    }
    operands > 0
}

/// `prettier`, `eslint`: `--write`/`--fix` rewrite files; otherwise they run the project's
/// configuration and plugins.
pub fn js_linter(program: &str, args: &[Word]) -> Verdict {
    if program == "prettier" && prettier_reads(args) {
        let mut v = Verdict::read_only();
        v.push_unless(Level::Unknown, PRETTIER_CONFIG, Settle::Configuration);
        return v;
    }
    if program == "eslint" && eslint_reads(args) {
        let mut v = Verdict::read_only();
        v.push_unless(Level::Unknown, ESLINT_CONFIG, Settle::Configuration);
        return v;
    }
    if args.iter().any(|a| {
        a.is("--write")
            || a.is("-w")
            || a.is("--fix")
            || a.value.as_deref().is_some_and(|v| v.starts_with("--fix"))
    }) {
        Verdict::write(format!("{program} rewrites files"))
    } else {
        Verdict::unknown(format!(
            "{program} runs the project's JavaScript configuration and plugins"
        ))
    }
}

/// `black`, `rustfmt`, `isort`: read with `--check`/`--diff`, else rewrite files.
pub fn formatter(program: &str, args: &[Word]) -> Verdict {
    // `rustfmt --emit stdout` (or `checkstyle`, `json`) prints the formatted code or a report and
    // writes no file; `--emit files` writes them, whatever else is given.
    if program == "rustfmt" {
        let emit = args.iter().enumerate().find_map(|(i, a)| {
            let v = a.value.as_deref();
            if a.is("--emit") {
                Some(args.get(i + 1).and_then(|n| n.value.as_deref()))
            } else {
                v.and_then(|v| v.strip_prefix("--emit=")).map(Some)
            }
        });
        match emit {
            Some(Some("stdout" | "checkstyle" | "json")) => return Verdict::read_only(),
            Some(_) => return Verdict::write(format!("{program} rewrites files")),
            None => {}
        }
    }
    // black keeps its cache in `~/.cache/black/<version>/` (or `--cache-dir`, `BLACK_CACHE_DIR`)
    // on every run, `--check` and `--diff` included: its grammar tables, and the files found
    // formatted (measured, black 26.10); `--no-cache` writes none.
    if program == "black" && !has_long(args, "--no-cache") {
        return Verdict::write("black writes its cache (~/.cache/black) unless given --no-cache");
    }
    if has_long(args, "--check") || has_long(args, "--diff") || has_long(args, "--check-only") {
        Verdict::read_only()
    } else {
        Verdict::write(format!("{program} rewrites files"))
    }
}
