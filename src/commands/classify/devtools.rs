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
    // ruff's switches (clap booleans): given a value (`--fix=false`, `--fix=`), clap refuses the
    // command line (exit 2) before any file is read or written (measured, ruff 0.17.6).
    const SWITCHES: &[&str] = &[
        "--fix",
        "--no-fix",
        "--fix-only",
        "--no-fix-only",
        "--unsafe-fixes",
        "--no-unsafe-fixes",
        "--show-fixes",
        "--no-show-fixes",
        "--no-cache",
        "--exit-zero",
        "--statistics",
        "--show-files",
        "--show-settings",
        "--diff",
    ];
    let sub = args.first().and_then(|a| a.value.as_deref());
    let rest = args.get(1..).unwrap_or(&[]);
    if matches!(sub, Some("check" | "format"))
        && rest.iter().any(|a| {
            a.value.as_deref().is_some_and(|v| {
                v.split_once('=')
                    .is_some_and(|(name, _)| SWITCHES.contains(&name))
            })
        })
    {
        return Verdict::read_only();
    }
    // `ruff config [KEY]` prints the documentation of ruff's settings: it reads no configuration
    // and writes nothing (measured, ruff 0.17.6); an option it does not know is refused.
    if sub == Some("config") && rest.iter().all(|a| a.value.is_some()) {
        return Verdict::read_only();
    }
    // `ruff check --show-settings` and `--show-files` print the settings or the files and stop
    // before any file is checked: no cache, no fix applied (`--fix` given too), while
    // `--output-file` is still opened (measured, ruff 0.17.6).
    let shows = sub == Some("check")
        && rest
            .iter()
            .any(|a| a.is("--show-settings") || a.is("--show-files"));
    let mut v = Verdict::read_only();
    let stdin = reads_stdin(rest);
    // `ruff check` and `ruff format --check`/`--diff` write their cache (`.ruff_cache` in the
    // project) unless `--no-cache` or `RUFF_NO_CACHE` (measured, ruff 0.17.6); from standard
    // input they write none.
    if !shows && !stdin && !rest.iter().any(|a| a.is("--no-cache")) {
        v.push_unless(
            Level::Write,
            "ruff writes its cache (.ruff_cache) unless --no-cache or RUFF_NO_CACHE",
            Settle::CacheOff,
        );
    }
    match sub {
        Some("check") => {}
        Some("format") if stdin || rest.iter().any(|a| a.is("--check") || a.is("--diff")) => {}
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
            Some(x) if x.starts_with('-') && x != "-" => {
                let name = x.split('=').next().unwrap_or(x);
                if WRITES.contains(&name) {
                    // A fix is never applied by a command that only shows (above), nor to a
                    // file when the code comes from standard input (printed instead).
                    let fix = matches!(name, "--fix" | "--fix-only" | "--unsafe-fixes");
                    if !((shows || stdin) && fix) {
                        v.push(
                            Level::Write,
                            format!("ruff {name} rewrites or writes files"),
                        );
                    }
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

/// Whether `ruff check`/`ruff format` (`rest`, after the sub-command) reads its code from
/// standard input, as ruff's `is_stdin` decides: `--stdin-filename` given (any file operand is
/// then ignored), or `-` its only operand. It then prints diagnostics, fixes and formatted code
/// on standard output and writes no cache (measured, ruff 0.17.6: `check -`, `check --fix -`,
/// `format -`, `check --stdin-filename x.py` left the directory as it was). `None`-valued words
/// make it `false`.
fn reads_stdin(rest: &[Word]) -> bool {
    const VALUED: &[&str] = &[
        "--select",
        "--ignore",
        "--extend-select",
        "--extend-ignore",
        "--per-file-ignores",
        "--extend-per-file-ignores",
        "--output-format",
        "--config",
        "--target-version",
        "--line-length",
        "--exclude",
        "--extend-exclude",
        "--fixable",
        "--unfixable",
        "--extend-fixable",
        "--dummy-variable-rgx",
        "--range",
        "--color",
        "--stdin-filename",
        "-o",
        "--output-file",
    ];
    let Some(values) = values(rest) else {
        return false;
    };
    if values
        .iter()
        .any(|v| *v == "--stdin-filename" || v.starts_with("--stdin-filename="))
    {
        return true;
    }
    let mut operands = Vec::new();
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if *v == "--" {
            operands.extend(values[i..].iter().copied());
            break;
        }
        if VALUED.contains(v) {
            i += 1;
        } else if !v.starts_with('-') || *v == "-" {
            operands.push(*v);
        }
    }
    operands == ["-"]
}

/// `tsc`: reads with `--noEmit`, unless an option writes anyway. tsc's command line is read as
/// tsc reads it (measured, tsc 5.9): an option is `-NAME` or `--NAME` with NAME in any case
/// (`-noemit`, `--GENERATECPUPROFILE p`), a boolean option takes a next word `true` or `false`
/// (`--noEmit false` emits), `--NAME=VALUE` is an unknown option (an error, nothing compiled),
/// and `@FILE` reads more options from FILE (not read here). Writers whatever `--noEmit` says:
/// `--generateTrace DIR`, `--generateCpuProfile FILE`, `--incremental`/`-i` and
/// `--tsBuildInfoFile` (the .tsbuildinfo), `--composite`, `--build`/`-b`, `--init`
/// (tsconfig.json). Its version and help (`-v`, `-h`, `-?`, `--all`) print and stop before
/// any tsconfig.json is read (measured, tsc 5: an unparsable tsconfig.json not opened,
/// nothing written).
pub fn tsc(args: &[Word]) -> Verdict {
    const PRINTS: &[&str] = &["v", "version", "h", "help", "?", "all"];
    const WRITES_ANYWAY: &[&str] = &[
        "generatetrace",
        "generatecpuprofile",
        "incremental",
        "i",
        "tsbuildinfofile",
        "composite",
        "build",
        "b",
        "init",
    ];
    if args.iter().any(|a| {
        a.value.is_none() && a.may_be_option()
            || a.value.as_deref().is_some_and(|v| v.starts_with('@'))
    }) {
        return Verdict::unknown(
            "tsc is given a response file (@FILE) or an argument only known at run time",
        );
    }
    let names: Vec<Option<String>> = args.iter().map(tsc_option).collect();
    let named = |wanted: &[&str]| {
        names
            .iter()
            .flatten()
            .any(|n| wanted.contains(&n.split('=').next().unwrap_or(n)))
    };
    if !args.is_empty()
        && names
            .iter()
            .all(|n| n.as_deref().is_some_and(|n| PRINTS.contains(&n)))
    {
        return Verdict::read_only();
    }
    // `--showConfig` prints the configuration instead of building, `--listFilesOnly` the
    // files of the compilation and stops (measured, tsc 7.0: nothing written, `--incremental`
    // given too); `--init`, `--watch` and the profiles are not taken.
    let shows = named(&["showconfig", "listfilesonly"]);
    let other_writes = named(&[
        "init",
        "w",
        "watch",
        "generatecpuprofile",
        "b",
        "build",
        "generatetrace",
    ]);
    if shows && !other_writes {
        return Verdict::read_only();
    }
    // The last `--noEmit` decides, and `--noEmit false` turns it off.
    let no_emit = names
        .iter()
        .enumerate()
        .rfind(|(_, n)| n.as_deref() == Some("noemit"))
        .is_some_and(|(at, _)| {
            args.get(at + 1)
                .is_none_or(|next| next.value.is_some() && next.value.as_deref() != Some("false"))
        });
    if no_emit && !named(WRITES_ANYWAY) {
        Verdict::read_only()
    } else {
        Verdict::write("tsc compiles and writes output files")
    }
}

/// An argument of tsc as the option it names, lowercased and without its dashes (`-noEmit`,
/// `--noemit`: `noemit`); `None` for an operand.
fn tsc_option(arg: &Word) -> Option<String> {
    let v = arg.value.as_deref()?;
    let name = v.strip_prefix("--").or_else(|| v.strip_prefix('-'))?;
    (!name.is_empty()).then(|| name.to_ascii_lowercase())
}

/// The finding on prettier checking or printing: its configuration may be JavaScript or name
/// plugins; the context reads it (`context::tools`).
pub const PRETTIER_CONFIG: &str =
    "prettier runs the project's JavaScript configuration and plugins; no context was read to tell";

/// `prettier --check a.js`, `prettier -l src/a.ts`, `prettier a.js`: files checked, listed or
/// printed, with options that only choose formatting and output. `--write`, `--cache` (which
/// writes `node_modules/.cache/prettier`), `--plugin`, `--config` and every option not below
/// are refused; an operand must be a plain file name (a directory or glob reaches
/// configuration files in directories not read here); without one, standard input is
/// formatted (`--parser` one of prettier's own).
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
        // No configuration file is searched for or loaded (measured, 3.10: a
        // prettier.config.cjs beside the file did not run).
        "--no-config",
        // Prints whether each file is ignored and its parser, after loading the configuration
        // (measured, 3.10: nothing written).
        "--file-info",
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
        // The name standard input is formatted as: its directory is where the configuration
        // is searched for (the context reads it, from the working directory too).
        "--stdin-filepath",
    ];
    // prettier 3's own parsers (prettier 2 also took a module's path here, which ran).
    const PARSERS: &[&str] = &[
        "babel",
        "babel-flow",
        "babel-ts",
        "flow",
        "typescript",
        "espree",
        "meriyah",
        "acorn",
        "css",
        "less",
        "scss",
        "json",
        "json5",
        "jsonc",
        "json-stringify",
        "graphql",
        "markdown",
        "mdx",
        "vue",
        "yaml",
        "glimmer",
        "html",
        "angular",
        "lwc",
    ];
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            return false;
        };
        let option = v.split_once('=').map_or(v, |(o, _)| o);
        if FLAGS.contains(&v) {
        } else if option == "--parser" {
            let value = match v.split_once('=') {
                Some((_, value)) => Some(value),
                None => {
                    i += 1;
                    args.get(i - 1).and_then(|w| w.value.as_deref())
                }
            };
            if !value.is_some_and(|p| PARSERS.contains(&p)) {
                return false;
            }
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
        }
    }
    // With no file operand prettier formats standard input (when it is not a terminal) onto
    // standard output, its configuration searched for from the working directory (or
    // `--stdin-filepath`'s directory); on a terminal it prints its usage.
    true
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
/// `eslint-suppressions.json`), `--stdin`, `--flag`, and any other option. eslint 8's
/// `--no-eslintrc` and `--env` are taken (the context then reads no configuration), and
/// `--print-config FILE`, which loads what linting FILE would.
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
        // eslint 8's eslintrc mode: no `.eslintrc.*` or `eslintConfig` is read; where a flat
        // configuration is in use (eslint 9, or 8.57 finding `eslint.config.js`) the option is
        // refused before any configuration is loaded (measured, 8.57.1: exit 2, a
        // `.eslintrc.js` and an `eslint.config.js` that write a file did not run).
        "--no-eslintrc",
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
        // eslint 8's environments and globals (data: a plugin's environment needs `--plugin`).
        "--env",
        // Prints the configuration for a file, loaded as for linting it, and lints nothing.
        "--print-config",
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
            if option == "--print-config" {
                operands += 1;
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
    if program == "prettier" && prettier_finds_config(args) {
        return Verdict::read_only();
    }
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
    // isort writes nothing with `-c`/`--check-only`/`--check` (`--diff`/`--df` beside it
    // prints), but `--diff` alone writes the sorted copy to `FILE.isorted` beside each file
    // it would change and removes it (strace, isort 9.0).
    if program == "isort" {
        return if args.iter().any(|a| a.is("-c"))
            || has_long(args, "--check-only")
            || has_long(args, "--check")
        {
            Verdict::read_only()
        } else {
            Verdict::write(
                "isort rewrites files (--diff alone writes FILE.isorted beside each one)",
            )
        };
    }
    if has_long(args, "--check") || has_long(args, "--diff") || has_long(args, "--check-only") {
        Verdict::read_only()
    } else {
        Verdict::write(format!("{program} rewrites files"))
    }
}

/// The finding on a Python linter's reading mode: its configuration may name plugins in the
/// project (flake8's `local-plugins`, pylint's `load-plugins` and `init-hook`), which
/// `context::python::plugin_host` reads.
pub const PYTHON_LINTER_CONFIG: &str =
    "the linter loads the plugins its configuration names; no context was read to tell";

/// The finding on flake8 checking more than one file without `-j 1`: its worker processes
/// share semaphores that are files in /dev/shm (`sem.mp-…`, made and removed; strace, flake8
/// 7.5 on two files). With one file it checks in its own process (`checker.Manager.run`).
pub const FLAKE8_PARALLEL: &str =
    "flake8 checks several files in worker processes, whose semaphores are files in /dev/shm, unless -j 1";

/// Reading modes of the Python project tools that otherwise rewrite files or lint with the
/// project's plugins: `flake8` reporting on standard output, `pylint`'s listings, `isort
/// --show-files`/`--show-config`. `None` for anything else.
pub fn python_tool(program: &str, args: &[Word]) -> Option<Verdict> {
    match program {
        "flake8" => flake8(args),
        "pylint" => pylint_lists(args).or_else(|| pylint_lints(args)),
        "isort" => isort_shows(args),
        "autopep8" => Some(autopep8(args)),
        "codespell" => Some(codespell(args)),
        _ => None,
    }
}

/// The finding on codespell's checking mode: its configuration files (`setup.cfg` and
/// `.codespellrc` in the directory it runs in, `--config FILE`; `[tool.codespell]` of
/// `pyproject.toml` there and `--toml FILE`) add options, `write-changes` among them;
/// `context::tools` reads them.
pub const CODESPELL_CONFIG: &str =
    "codespell takes write-changes from its configuration files; no context was read to tell";

/// codespell (2.2) reporting misspellings: every option but `-w` (`--write-changes`, or any
/// prefix of it: argparse takes `--write`) only chooses what is checked and shown, as its
/// `_codespell.py` parses them; it opens the files it checks to read, and writes only with
/// `-w`. `-i` (asking before a fix) is not taken. Options a later codespell added are not known
/// here.
fn codespell(args: &[Word]) -> Verdict {
    const FLAGS: &str = "dcsefHh";
    const VALUED: &str = "DILrSxqABC";
    const LONG_FLAGS: &[&str] = &[
        "version",
        "help",
        "disable-colors",
        "enable-colors",
        "summary",
        "count",
        "hard-encoding-detection",
        "check-filenames",
        "check-hidden",
    ];
    const LONG_VALUED: &[&str] = &[
        "dictionary",
        "builtin",
        "ignore-regex",
        "ignore-words",
        "ignore-words-list",
        "uri-ignore-words-list",
        "regex",
        "uri-regex",
        "skip",
        "exclude-file",
        "quiet-level",
        "after-context",
        "before-context",
        "context",
        "config",
        "toml",
    ];
    let mut i = 0;
    let mut only_operands = false;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            return Verdict::unknown("an argument of codespell is only known at run time");
        };
        if only_operands || v == "-" || !v.starts_with('-') {
            continue;
        }
        if v == "--" {
            only_operands = true;
            continue;
        }
        if let Some(long) = v.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, _)) => (n, true),
                None => (long, false),
            };
            if "write-changes".starts_with(name) {
                return Verdict::write(format!("codespell {v} rewrites the files it fixes"));
            }
            if LONG_VALUED.contains(&name) {
                i += usize::from(!inline);
            } else if !LONG_FLAGS.contains(&name) {
                return Verdict::unknown(format!("codespell {v} is not known to only check"));
            }
            continue;
        }
        for (at, c) in v.char_indices().skip(1) {
            if c == 'w' {
                return Verdict::write(format!("codespell {v} rewrites the files it fixes"));
            }
            if VALUED.contains(c) {
                // The rest of the word, or the next one, is the value.
                i += usize::from(at + 1 == v.len());
                break;
            }
            if !FLAGS.contains(c) {
                return Verdict::unknown(format!("codespell {v} is not known to only check"));
            }
        }
    }
    let mut verdict = Verdict::read_only();
    verdict.push_unless(Level::Write, CODESPELL_CONFIG, Settle::Configuration);
    verdict
}

/// The finding on autopep8 printing: its configuration files (data: `[pycodestyle]`, `[pep8]`
/// or `[flake8]` of setup.cfg, tox.ini, .pep8, .flake8 up from the files, `[tool.autopep8]` of
/// pyproject.toml, `~/.config/pycodestyle` or `--global-config`) set its options, `in-place`
/// and `jobs` among them; `context::tools` reads them.
pub const AUTOPEP8_CONFIG: &str =
    "autopep8 takes in-place or parallel jobs from its configuration files; no context was read to tell";

/// autopep8 (2.3): `--list-fixes`, `--version` and `--help` print; `--diff FILE…` and plain
/// `FILE…` print the diff or the fixed source (strace: nothing opened to write). `-i` rewrites;
/// `-j N` above 1 (or 0, every CPU) fixes in worker processes, whose semaphores are files in
/// /dev/shm. Options that only choose what is fixed, as its `--help` lists them.
fn autopep8(args: &[Word]) -> Verdict {
    const FLAGS: &[&str] = &[
        "-v",
        "--verbose",
        "-d",
        "--diff",
        "--ignore-local-config",
        "-r",
        "--recursive",
        "-a",
        "--aggressive",
        "--experimental",
        "--hang-closing",
        "--exit-code",
    ];
    const VALUED: &[&str] = &[
        "--global-config",
        "--exclude",
        "--ignore",
        "--select",
        "--max-line-length",
        "--indent-size",
        "-p",
        "--pep8-passes",
        "-j",
        "--jobs",
    ];
    let prints = |v: &str| matches!(v, "--list-fixes" | "--version" | "-h" | "--help");
    if !args.is_empty() && args.iter().all(|a| a.value.as_deref().is_some_and(prints)) {
        return Verdict::read_only();
    }
    let mut operands = 0;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            return Verdict::unknown("an argument of autopep8 is only known at run time");
        };
        let (option, inline) = match v.split_once('=') {
            Some((o, value)) if o.starts_with("--") => (o, Some(value)),
            _ => (v, None),
        };
        if FLAGS.contains(&v) {
            continue;
        }
        if VALUED.contains(&option) || option == "--line-range" || option == "--range" {
            let value = match inline {
                Some(value) => value,
                None => {
                    i += 1;
                    match args.get(i - 1).and_then(|w| w.value.as_deref()) {
                        Some(value) => value,
                        None => {
                            return Verdict::unknown(
                                "an argument of autopep8 is only known at run time",
                            )
                        }
                    }
                }
            };
            if matches!(option, "--line-range" | "--range") {
                i += 1;
            }
            if matches!(option, "-j" | "--jobs") && value != "1" {
                return Verdict::write(
                    "autopep8 -j fixes in worker processes, whose semaphores are files in /dev/shm",
                );
            }
            continue;
        }
        if v.starts_with('-') && v != "-" {
            return Verdict::write(format!(
                "autopep8 {v} rewrites files or is not known to only read"
            ));
        }
        operands += 1;
    }
    if operands == 0 {
        return Verdict::unknown("autopep8 is given no file");
    }
    let mut verdict = Verdict::read_only();
    verdict.push_unless(Level::Write, AUTOPEP8_CONFIG, Settle::Configuration);
    verdict
}

/// `flake8 src`, `flake8 --max-line-length 100 -j 1 a.py`: findings printed, with options that
/// only choose what is checked and shown (flake8 7.5's `--help`). Not taken: `--output-file`
/// (a report file), `--tee`, `--format` other than a built-in one (a plugin's formatter),
/// `--enable-extensions`, `--require-plugins`, `--bug-report`, and any other option. flake8
/// keeps no cache.
fn flake8(args: &[Word]) -> Option<Verdict> {
    let (serial, operands) = flake8_run(args)?;
    // `--version` and `--help` print (after loading the plugins) and check nothing.
    let serial = serial
        || args
            .iter()
            .any(|a| a.is("--version") || a.is("-h") || a.is("--help"));
    let mut verdict = Verdict::read_only();
    // Not read-only whatever the configuration says: its worker processes.
    if !serial && operands.len() != 1 {
        verdict.push(Level::Write, FLAKE8_PARALLEL);
        return Some(verdict);
    }
    verdict.push_unless(Level::Unknown, PYTHON_LINTER_CONFIG, Settle::Configuration);
    // One operand may still be a directory of files: the context looks (`context::python`).
    if !serial {
        verdict.push_unless(Level::Write, FLAKE8_PARALLEL, Settle::Configuration);
    }
    Some(verdict)
}

/// The operand of a flake8 reading run that has one and no `-j 1`: whether it is a
/// directory decides if it runs in parallel (the context's to say).
pub fn flake8_lone_operand(args: &[Word]) -> Option<String> {
    match flake8_run(args)? {
        (false, operands) if operands.len() == 1 => operands.into_iter().next(),
        _ => None,
    }
}

/// A flake8 reading run: whether `-j 1` makes it serial, and its operands.
fn flake8_run(args: &[Word]) -> Option<(bool, Vec<String>)> {
    const FLAGS: &[&str] = &[
        "-v",
        "--verbose",
        "-q",
        "--quiet",
        "--count",
        "--statistics",
        "--show-source",
        "--no-show-source",
        "--hang-closing",
        "--exit-zero",
        "--doctests",
        "--disable-noqa",
        "--benchmark",
        "--isolated",
        "--version",
        "-h",
        "--help",
    ];
    const VALUED: &[&str] = &[
        "--max-line-length",
        "--max-doc-length",
        "--indent-size",
        "--select",
        "--ignore",
        "--extend-select",
        "--extend-ignore",
        "--per-file-ignores",
        "--exclude",
        "--extend-exclude",
        "--filename",
        "--max-complexity",
        "--stdin-display-name",
        "--config",
        "--append-config",
        "--format",
        "-j",
        "--jobs",
    ];
    const FORMATS: &[&str] = &["default", "pylint", "quiet-filename", "quiet-nothing"];
    let mut serial = false;
    let mut operands = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let v = a.value.as_deref()?;
        if a.glob {
            return None;
        }
        let (option, inline) = match v.split_once('=') {
            Some((o, value)) if o.starts_with("--") => (o, Some(value)),
            _ if v.starts_with("-j") && v.len() > 2 => ("-j", Some(&v[2..])),
            _ => (v, None),
        };
        if FLAGS.contains(&v) {
            continue;
        }
        if VALUED.contains(&option) || option == "--color" {
            let value = match inline {
                Some(value) => value,
                None => {
                    i += 1;
                    args.get(i - 1)?.value.as_deref()?
                }
            };
            match option {
                "--format" if !FORMATS.contains(&value) => return None,
                "-j" | "--jobs" => serial = value == "1",
                _ => {}
            }
            continue;
        }
        if v.starts_with('-') && v != "-" {
            return None;
        }
        operands.push(v.to_string());
    }
    Some((serial, operands))
}

/// pylint's listings print and stop once its rcfile and plugins are loaded, before any file
/// is linted or its statistics saved (strace, pylint 4.1: nothing opened to write).
fn pylint_lists(args: &[Word]) -> Option<Verdict> {
    const LISTS: &[&str] = &[
        "--list-msgs",
        "--list-msgs-enabled",
        "--list-groups",
        "--list-conf-levels",
        "--list-extensions",
        "--full-documentation",
        "--long-help",
        "--generate-rcfile",
        "--generate-toml-config",
    ];
    let [only] = args else { return None };
    let v = only.value.as_deref()?;
    if !LISTS.contains(&v) && !v.starts_with("--help-msg=") {
        return None;
    }
    let mut verdict = Verdict::read_only();
    verdict.push_unless(Level::Unknown, PYTHON_LINTER_CONFIG, Settle::Configuration);
    Some(verdict)
}

/// `pylint --persistent=n src/`: a lint reported on standard output that keeps no statistics
/// (without `--persistent=n` pylint writes `~/.cache/pylint/NAME_1.stats`; with it nothing is
/// opened to write: strace, pylint 4.1), in one process (`-j 1`, the default; more jobs are
/// worker processes), with options that only choose what is checked and shown and a built-in
/// output format (a reporter class is a module). `--output` (a report file), `--load-plugins`,
/// `--init-hook` and every other option are not taken. The rcfile's plugins, init-hook, jobs
/// and output are the context's (`context::python::plugin_host`).
fn pylint_lints(args: &[Word]) -> Option<Verdict> {
    const FLAGS: &[&str] = &["-E", "--errors-only", "--exit-zero", "-v", "--verbose"];
    const VALUED: &[&str] = &[
        "-d",
        "--disable",
        "-e",
        "--enable",
        "--rcfile",
        "--max-line-length",
        "--ignore",
        "--ignore-patterns",
        "--ignore-paths",
        "--fail-under",
        "--fail-on",
        "--msg-template",
        "--py-version",
        "-r",
        "--reports",
        "-s",
        "--score",
        "--recursive",
        "--persistent",
        "-f",
        "--output-format",
        "-j",
        "--jobs",
    ];
    const FORMATS: &[&str] = &["text", "parseable", "colorized", "json", "json2", "msvs"];
    let mut persistent = true;
    let mut operands = 0;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let v = a.value.as_deref()?;
        if a.glob {
            return None;
        }
        let (option, inline) = match v.split_once('=') {
            Some((o, value)) if o.starts_with("--") => (o, Some(value)),
            _ => (v, None),
        };
        if FLAGS.contains(&v) {
            continue;
        }
        if VALUED.contains(&option) {
            let value = match inline {
                Some(value) => value,
                None => {
                    i += 1;
                    args.get(i - 1)?.value.as_deref()?
                }
            };
            match option {
                "--persistent" => {
                    persistent =
                        !matches!(value.to_ascii_lowercase().as_str(), "n" | "no" | "false")
                }
                "-f" | "--output-format" if !value.split(',').all(|f| FORMATS.contains(&f)) => {
                    return None
                }
                "-j" | "--jobs" if value != "1" => return None,
                _ => {}
            }
            continue;
        }
        if v.starts_with('-') {
            return None;
        }
        operands += 1;
    }
    if persistent || operands == 0 {
        return None;
    }
    let mut verdict = Verdict::read_only();
    verdict.push_unless(Level::Unknown, PYTHON_LINTER_CONFIG, Settle::Configuration);
    Some(verdict)
}

/// `isort --show-files .`, `isort --show-config`: isort 9's `main` prints the files it would
/// sort, or its settings, and returns before it sorts anything, whatever else is given. The
/// word must be isort's own option, not the value of the option before it. isort's
/// configuration sets options; its plugins are installed packages.
fn isort_shows(args: &[Word]) -> Option<Verdict> {
    const FLAGS: &[&str] = &[
        "-c",
        "--check-only",
        "--check",
        "--diff",
        "--df",
        "-q",
        "--quiet",
        "-v",
        "--verbose",
    ];
    let shows = args.iter().enumerate().any(|(i, a)| {
        (a.is("--show-files") || a.is("--show-config"))
            && (i == 0
                || args[i - 1]
                    .value
                    .as_deref()
                    .is_some_and(|p| !p.starts_with('-') || FLAGS.contains(&p)))
    });
    shows.then(Verdict::read_only)
}

/// `prettier --find-config-path FILE`: prettier 3 finds the configuration file FILE would use
/// and prints its path; it neither loads it (a `prettier.config.cjs` that runs a program did
/// not run: measured) nor any plugin.
pub fn prettier_finds_config(args: &[Word]) -> bool {
    match args {
        [flag, file] => flag.is("--find-config-path") && file.value.is_some(),
        [joined] => joined
            .value
            .as_deref()
            .is_some_and(|v| v.starts_with("--find-config-path=")),
        _ => false,
    }
}
