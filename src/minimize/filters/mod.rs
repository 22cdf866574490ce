//! The built-in filters, one file per family of programs, and the dispatch from a command's
//! program (and subcommand) to its filter. A filter returns `None` when it does not recognize the
//! output or finds nothing to drop; its text then passes unchanged.

mod build;
mod bundler;
mod cargo;
mod changesets;
mod findings_xml;
mod frame;
mod git;
mod hooks;
mod json;
mod junit;
mod lint;
mod listing;
mod maven;
mod paths;
mod pkg;
mod query;
mod shape;
mod source;
mod streams;
mod table;
mod tasks;
mod tests_js;
mod tests_native;
mod valgrind;
mod workflow;

#[cfg(test)]
pub(crate) use cargo::rendered_diagnostics as rendered_diagnostics_for_test;
#[cfg(test)]
pub(crate) use git::stat_summary as stat_summary_for_test;

use super::command::Invocation;
use super::settings::OutlineLevel;
use super::text::{lost_locations, text_has, with_lost_lines};
use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;

/// What a filter sees.
pub(crate) struct Context<'a> {
    pub inv: &'a Invocation,
    /// The output, ANSI-stripped, with `\n` line ends.
    pub text: &'a str,
    pub outline: OutlineLevel,
}

/// How a filter's output is checked before it is used.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Guard {
    /// Every `file:line[:col]` of the input must still be in the output, verbatim.
    Locations,
    /// The filter restructures paths (listings, grep): its own tests check what it keeps.
    Own,
}

type Filter = fn(&Context) -> Option<String>;

/// Runs the filter for the command's program; `(label, text)` when it rewrote the output.
pub(crate) fn run(ctx: &Context) -> Option<(String, String)> {
    run_after(ctx, &mut None)
}

/// [`run`], told by `shapeless` of a text already read for the shapes any program's output is
/// read for (a workflow's annotations, rustc's JSON, a report, a query's records) and found to
/// hold none; set here when this run read `ctx.text` so. A launcher's run reads its program's
/// output once (a 50 KB JSON report parsed twice was a third of such a call).
fn run_after(ctx: &Context, shapeless: &mut Option<*const str>) -> Option<(String, String)> {
    // A launcher (`npx prettier`, `pnpm exec tsc`, `uv run pytest`) prints what the program it
    // starts prints: that program's filter, by its name.
    if let Some(inner) = launched(ctx.inv) {
        let inner_ctx = Context {
            inv: &inner,
            text: ctx.text,
            outline: ctx.outline,
        };
        if let Some((label, text)) = run_after(&inner_ctx, shapeless) {
            return Some((format!("{}:{label}", ctx.inv.program), text));
        }
    }
    // A package manager's script: its banner and its failure trailer are the manager's, not
    // the program's; the program's filter reads what is left.
    let script_text = pkg::is_script_run(ctx.inv).then(|| pkg::without_banner(ctx.text));
    let script_ctx = script_text.as_deref().map(|text| Context {
        inv: ctx.inv,
        text,
        outline: ctx.outline,
    });
    let ctx = script_ctx.as_ref().unwrap_or(ctx);
    let text: *const str = ctx.text;
    if !shapeless.is_some_and(|read| std::ptr::eq(read, text)) {
        if let Some(found) = shapes(ctx) {
            return found;
        }
        if !prints_data(&ctx.inv.program) {
            *shapeless = Some(text);
        }
    }
    // A code frame's unmarked lines (`frame`), a notice's box and a trace's repeated eval origin
    // go before the program's filter reads the output; when none reads it, that is the rewrite.
    if prints_data(&ctx.inv.program) {
        return chosen(ctx);
    }
    let unboxed = frame::without_boxes(ctx.text);
    let text = unboxed.as_deref().unwrap_or(ctx.text);
    let evals = tests_js::eval_origins_said_once(text);
    let text = evals.as_deref().unwrap_or(text);
    let framed = frame::without_context(text);
    let label = if framed.is_some() {
        "code-frame"
    } else if evals.is_some() {
        "eval-frames"
    } else {
        "boxed"
    };
    if let Some(text) = framed
        .as_deref()
        .or(evals.as_deref())
        .or(unboxed.as_deref())
    {
        let inner = Context {
            inv: ctx.inv,
            text,
            outline: ctx.outline,
        };
        return Some(chosen(&inner).unwrap_or_else(|| (label.to_string(), text.to_string())));
    }
    chosen(ctx)
}

/// The shapes any program's output is read for before its own filter: `Some` when one decided
/// (its rewrite, or `None` when its rewrite lost a location), `None` when none is there.
fn shapes(ctx: &Context) -> Option<Option<(String, String)>> {
    // A linter's CI annotations (`::error file=a.py,line=3::msg`, its `github` format) are read
    // as the diagnostics they annotate, then by the program's filter; unescaped, they are
    // shorter than written even when no filter reads them.
    if let Some(decoded) = workflow::as_diagnostics(ctx.text) {
        let inner = Context {
            inv: ctx.inv,
            text: &decoded,
            outline: ctx.outline,
        };
        return Some(Some(match run(&inner) {
            Some((label, text)) => (format!("workflow:{label}"), text),
            None => ("workflow".to_string(), decoded),
        }));
    }
    // rustc's JSON diagnostics (from rustc, cargo or a script around them) are read as the
    // human format they render to, whatever printed them.
    if let Some(rendered) = cargo::rendered_diagnostics(ctx.text) {
        let inner = Context {
            inv: ctx.inv,
            text: &rendered,
            outline: ctx.outline,
        };
        if let Some(text) = cargo::build(&inner) {
            return Some(with_locations_of(&rendered, text).map(|t| ("rustc-json".to_string(), t)));
        }
    }
    if let Some(found) = report(ctx) {
        return Some(Some(found));
    }
    // The same report after a few lines of the program's own notes (ruff's `warning: … are
    // incompatible` on stderr, merged before its JSON or JUnit on stdout): the notes as they
    // are, then the report as when alone, then what follows its end.
    if let Some((lead, body, tail)) = framed_report(ctx.text) {
        let inner = Context {
            inv: ctx.inv,
            text: body,
            outline: ctx.outline,
        };
        if let Some((label, text)) = report(&inner) {
            let mut out = String::with_capacity(lead.len() + text.len() + tail.len() + 1);
            out.push_str(lead);
            out.push_str(&text);
            if !tail.is_empty() && !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(tail);
            return Some(Some((label, out)));
        }
    }
    // A query's answer said a field a line, likewise (a drawn one is sniffed below).
    if !prints_data(&ctx.inv.program) {
        if let Some(text) = query::records(ctx.text) {
            return Some(
                with_locations_of(ctx.text, text).map(|t| ("query-records".to_string(), t)),
            );
        }
        if let Some(text) = query::field_records(ctx.text) {
            return Some(
                with_locations_of(ctx.text, text).map(|t| ("field-records".to_string(), t)),
            );
        }
        if let Some(text) = query::header_records(ctx.text, 2) {
            return Some(
                with_locations_of(ctx.text, text).map(|t| ("header-records".to_string(), t)),
            );
        }
    }
    None
}

/// The program's filter ([`choose`]) on `ctx`, its rewrite checked by its guard.
fn chosen(ctx: &Context) -> Option<(String, String)> {
    let (label, filter, guard) = choose(ctx)?;
    let text = filter(ctx)?;
    if guard == Guard::Locations {
        return Some((label, with_locations_of(ctx.text, text)?));
    }
    Some((label, text))
}

/// A structured report read by its shape whatever printed it: a JSON report (a linter's
/// findings, `tree -J`; other JSON goes on to the program's filter), a JUnit XML report, a
/// linter's findings as XML (cppcheck's, the checkstyle format). A program that prints a file
/// or a query's result (`cat x.json`, `jq`) prints the data asked for, which stays as it is.
fn report(ctx: &Context) -> Option<(String, String)> {
    if prints_data(&ctx.inv.program) {
        return None;
    }
    if json::looks_like_json(ctx.text) {
        if let Some(text) = json::report(ctx) {
            return Some(("json".to_string(), text));
        }
    }
    if junit::looks_like_junit(ctx.text) {
        if let Some(text) = junit::report(ctx) {
            return Some(("junit".to_string(), with_locations_of(ctx.text, text)?));
        }
    }
    if findings_xml::looks_like_findings_xml(ctx.text) {
        if let Some(text) = findings_xml::findings_xml(ctx.text) {
            return Some(("findings-xml".to_string(), text));
        }
    }
    None
}

/// Most lines of a program's notes before its report for the report to be read
/// ([`framed_report`]): a stderr warning or two; more is an output with JSON inside it.
const REPORT_LEAD_LINES: usize = 4;

/// `text` as `(lead, report, tail)`: a report starting on one of its first
/// [`REPORT_LEAD_LINES`] + 1 lines, after lines that are not part of it, and ending before at
/// most [`REPORT_LEAD_LINES`] lines that are not either (for XML, those after the root
/// element's closing tag; for JSON, those after its last line that starts with a bracket).
/// `None` when no line there starts a report (`{"`, `[{`, a lone `[` or `{`, `<?xml`,
/// `<testsuites`), or when there is nothing around it (that is [`report`]'s).
fn framed_report(text: &str) -> Option<(&str, &str, &str)> {
    let mut at = 0;
    for line in text.split_lines().take(REPORT_LEAD_LINES + 1) {
        let t = line.trim();
        let json = t.starts_with("{\"") || t.starts_with("[{") || t == "[" || t == "{";
        let xml = t.starts_with("<?xml") || t.starts_with("<testsuite");
        if !json && !xml {
            at += line.len() + 1;
            continue;
        }
        let (lead, rest) = text.split_at(at);
        let end = if json {
            // The end of the last line that starts with a bracket.
            let last = rest
                .split_lines()
                .scan(0, |from, l| {
                    let start = *from;
                    *from += l.len() + 1;
                    Some((start, l))
                })
                .filter(|(_, l)| l.starts_with(['{', '}', '[', ']']))
                .last()?;
            (last.0 + last.1.len() + 1).min(rest.len())
        } else {
            let root_end = [
                "</testsuites>",
                "</testsuite>",
                "</checkstyle>",
                "</results>",
            ]
            .iter()
            .find_map(|close| rest.rfind(close).map(|p| p + close.len()))?;
            rest[root_end..]
                .find('\n')
                .map_or(rest.len(), |n| root_end + n + 1)
        };
        let (body, tail) = rest.split_at(end);
        let around = !lead.is_empty() || !is_blank(tail);
        let short_tail = tail.split_lines().count() <= REPORT_LEAD_LINES;
        return (around && short_tail).then_some((lead, body, tail));
    }
    None
}

/// `text`, the rewrite of `raw`, with each location of `raw` it dropped brought back with its
/// line, rather than the whole output (`None`: too many were dropped, see
/// [`with_lost_lines`]).
fn with_locations_of(raw: &str, text: String) -> Option<String> {
    let lost = lost_locations(raw, &text);
    if lost.is_empty() {
        return Some(text);
    }
    with_lost_lines(raw, text, &lost)
}

/// A program that prints a file's bytes or a query's answer as they are: a `\r` in them is the
/// file's, not a line rewritten in place (a downloader's progress, `curl`'s or `wget`'s, is).
pub(crate) fn prints_file(program: &str) -> bool {
    prints_data(program) && !matches!(program, "curl" | "wget")
}

/// A program whose output is the content of a file or a query's answer, never a report.
fn prints_data(program: &str) -> bool {
    matches!(
        program,
        "cat" | "head" | "tail" | "less" | "more" | "bat" | "jq" | "yq" | "gron" | "curl" | "wget"
    )
}

/// The program a launcher starts, with its arguments: `npx [-y] prog …`, `bunx`, `pnpx`,
/// `npm exec`/`pnpm exec`/`pnpm dlx`/`yarn exec`/`bun x`, `uv run`/`poetry run`/`pdm run`.
/// Options before the program are skipped (an option's value given apart, `-p pkg`, would be
/// taken for the program: only `--opt=value` forms are read).
fn launched(inv: &Invocation) -> Option<Invocation> {
    let args: &[String] = match inv.program.as_str() {
        "npx" | "bunx" | "pnpx" => &inv.args,
        "npm" | "pnpm" | "yarn" | "bun" | "uv" | "poetry" | "pdm" => {
            let sub = inv.args.iter().position(|a| !a.starts_with('-'))?;
            let launches = match inv.program.as_str() {
                "uv" | "poetry" | "pdm" => inv.args[sub] == "run",
                _ => matches!(inv.args[sub].as_str(), "exec" | "dlx" | "x"),
            };
            if !launches {
                return None;
            }
            &inv.args[sub + 1..]
        }
        // A coverage tool runs the program and prints its table after the program's output,
        // which the program's filter keeps as lines it does not know. Its options that take a
        // value apart are skipped with the value.
        "nyc" | "c8" => {
            let mut at = 0;
            while let Some(a) = inv.args.get(at).filter(|a| a.starts_with('-')) {
                let valued = matches!(
                    a.as_str(),
                    "-r" | "--reporter"
                        | "-n"
                        | "--include"
                        | "-x"
                        | "--exclude"
                        | "-t"
                        | "--temp-dir"
                        | "--report-dir"
                        | "-o"
                        | "--reports-dir"
                        | "-e"
                        | "--extension"
                        | "-i"
                        | "--require"
                        | "--cwd"
                        | "--src"
                );
                at += if valued { 2 } else { 1 };
            }
            let name = inv.args.get(at)?;
            let program = name.rsplit('/').next().unwrap_or(name).to_string();
            return Some(Invocation {
                program,
                args: inv.args[at + 1..].to_vec(),
            });
        }
        _ => return None,
    };
    let at = args.iter().position(|a| !a.starts_with('-'))?;
    // `-p pkg` / `--package pkg` / `-c cmd`: a value apart, which could be taken for the program.
    if args[..at].iter().any(|a| {
        matches!(
            a.as_str(),
            "-p" | "--package" | "-c" | "--call" | "--with" | "--from"
        )
    }) {
        return None;
    }
    // `@scope/eslint-plugin@8` -> `eslint-plugin`: a package's name is its program's.
    let name = args[at].rsplit('/').next().unwrap_or(&args[at]);
    let program = name.split('@').next().unwrap_or(name).to_string();
    (!program.is_empty()).then(|| Invocation {
        program,
        args: args[at + 1..].to_vec(),
    })
}

fn choose(ctx: &Context) -> Option<(String, Filter, Guard)> {
    let inv = ctx.inv;
    let program = inv.program.as_str();
    let sub = inv.subcommand().unwrap_or("");
    let pick = |label: &str, f: Filter, g: Guard| Some((label.to_string(), f, g));
    // A tool that prints what it would change as a unified diff (`ruff check --diff`, `isort
    // --diff`, `gofmt -d`, `black --diff`): the diff shape, whatever the program; git's own
    // diffs have their filter.
    if program != "git" && is_unified_diff(ctx.text) {
        return pick("diff", git::unified, Guard::Own);
    }
    match program {
        "git" => {
            let sub = git::subcommand(inv)?;
            match sub.as_str() {
                "status" => pick("git-status", git::status, Guard::Locations),
                "log" => pick("git-log", git::log, Guard::Locations),
                "show" => pick("git-show", git::log, Guard::Locations),
                "diff" => pick("git-diff", git::diff, Guard::Locations),
                "stash" => pick("git-stash", git::stash, Guard::Locations),
                "blame" => pick("git-blame", git::blame, Guard::Own),
                "ls-files" | "ls-tree" => pick("git-ls-files", git::path_lines, Guard::Own),
                // A search's matches (`-n`'s `path:line:text`, `-l`'s paths, `-c`'s counts) are
                // read by their shape, as any program's are.
                "grep" => sniff(ctx.text),
                _ => None,
            }
        }
        "cargo" => match sub {
            "build" | "b" | "check" | "c" | "clippy" | "run" | "r" | "doc" | "d" | "install" => {
                pick(
                    &format!("cargo-{}", cargo::long(sub)),
                    cargo::build,
                    Guard::Locations,
                )
            }
            "test" | "t" | "nextest" => pick("cargo-test", cargo::test, Guard::Locations),
            "fmt" => pick("cargo-fmt", lint::rustfmt_check, Guard::Own),
            "tree" => pick("cargo-tree", listing::tree, Guard::Own),
            _ => None,
        },
        "go" => match sub {
            "build" | "vet" | "install" | "run" => {
                pick(&format!("go-{sub}"), build::compiler, Guard::Locations)
            }
            "test" if tests_native::is_go_json_stream(ctx.text) => {
                pick("go-test-json", tests_native::go_test_json, Guard::Own)
            }
            "test" => pick("go-test", tests_native::go_test, Guard::Locations),
            _ => None,
        },
        "make" | "gmake" | "ninja" | "cmake" => pick(program, build::compiler, Guard::Locations),
        "gcc" | "g++" | "cc" | "c++" | "clang" | "clang++" => {
            pick(program, build::compiler, Guard::Locations)
        }
        // clang's tools print its diagnostics.
        "clang-tidy" | "clang-check" => pick(program, build::compiler, Guard::Locations),
        "pre-commit" | "prek" => pick("pre-commit", hooks::pre_commit, Guard::Own),
        "mypy" | "dmypy" => pick("mypy", lint::located, Guard::Own),
        // Their default format: a heading per file, each row saying the file again.
        "pyright" | "basedpyright" if lint::looks_like_repeating_rows(ctx.text) => {
            pick(program, lint::repeating_rows, Guard::Own)
        }
        "biome" if lint::looks_like_biome(ctx.text) => pick("biome", lint::biome, Guard::Own),
        // Their default formats: yamllint's rows under each file's heading, rubocop's rows each
        // with its source excerpt; `-f parsable` and other one-line formats are lint lists too.
        "yamllint" if lint::looks_like_headed_lint_list(ctx.text) => {
            pick("yamllint", lint::headed_lint_list, Guard::Own)
        }
        "yamllint" | "rubocop" if lint::looks_like_lint_list(ctx.text) => {
            pick(program, lint::lint_list, Guard::Own)
        }
        // `-f gcc` and other one-line formats are read by their shape (sniff).
        "shellcheck" if !lint::looks_like_lint_list(ctx.text) => {
            pick("shellcheck", lint::shellcheck_tty, Guard::Own)
        }
        // Its one-line formats (text, parseable, colorized) under each module's heading.
        "pylint" if lint::looks_like_lint_list(ctx.text) => {
            pick("pylint", lint::pylint, Guard::Own)
        }
        "rustfmt" => pick("rustfmt", lint::rustfmt_check, Guard::Own),
        "prettier" => pick("prettier", lint::prettier_check, Guard::Own),
        "pip" | "pip3" => match sub {
            "install" | "download" | "wheel" => {
                pick("pip-install", pkg::pip_install, Guard::Locations)
            }
            "show" => pick("pip-show", pkg::pip_show, Guard::Own),
            "list" => pick("pip-list", table::padded, Guard::Own),
            _ => None,
        },
        // `uv pip list` prints pip's table.
        "uv" if sub == "pip"
            && inv
                .args
                .iter()
                .filter(|a| !a.starts_with('-'))
                .nth(1)
                .is_some_and(|a| a == "list") =>
        {
            pick("uv-pip-list", table::padded, Guard::Own)
        }
        "apt" if sub == "list" => pick("apt-list", pkg::apt_list, Guard::Own),
        "apt" | "apt-get" | "aptitude"
            if matches!(
                sub,
                "install" | "reinstall" | "upgrade" | "dist-upgrade" | "full-upgrade"
            ) =>
        {
            pick("apt-install", pkg::apt_install, Guard::Locations)
        }
        "mvn" | "mvnw" => pick("mvn", maven::maven, Guard::Locations),
        "valgrind" => pick("valgrind", valgrind::valgrind, Guard::Locations),
        "ctest" => pick("ctest", tests_native::ctest, Guard::Locations),
        "pytest" | "py.test" => pick("pytest", tests_native::pytest, Guard::Locations),
        "mix" if sub == "test" && tests_native::looks_like_exunit(ctx.text) => {
            pick("exunit", tests_native::exunit, Guard::Locations)
        }
        "rspec" if tests_native::looks_like_rspec(ctx.text) => {
            pick("rspec", tests_native::rspec, Guard::Locations)
        }
        "python" | "python3" if inv.args.first().map(String::as_str) == Some("-m") => {
            match inv.args.get(1).map(String::as_str) {
                Some("pytest") => pick("pytest", tests_native::pytest, Guard::Locations),
                Some("ruff") if inv.args.get(2).map(String::as_str) == Some("format") => {
                    pick("ruff-format", lint::formatter_check, Guard::Own)
                }
                Some("ruff") => pick("ruff", lint::ruff, Guard::Own),
                Some("black") => pick("black", lint::formatter_check, Guard::Own),
                Some("mypy") => pick("mypy", lint::located, Guard::Own),
                Some("pylint") if lint::looks_like_lint_list(ctx.text) => {
                    pick("pylint", lint::pylint, Guard::Own)
                }
                Some("pip") => pick("pip-install", pkg::pip_install, Guard::Locations),
                // Another module (`python -m pylint`, `python -m unittest`): its output's shape.
                _ => sniff(ctx.text).or_else(|| shaped(program)),
            }
        }
        // `--tap`'s stream is read by its shape (see `shape::counted`).
        "ava" if !ctx.inv.args.iter().any(|a| a == "--tap" || a == "-t") => {
            pick("ava", tests_js::ava, Guard::Locations)
        }
        "cucumber-js" | "cucumber" if tests_js::looks_like_gherkin(ctx.text) => {
            pick("cucumber", tests_js::gherkin, Guard::Locations)
        }
        // A runner's TAP reporter (`vitest --reporter=tap`, `tap-flat`) prints TAP, read as
        // any TAP stream is.
        "vitest" | "jest" if shape::looks_like_tap(ctx.text) => pick("tap", tap, Guard::Locations),
        "vitest" => pick("vitest", tests_js::vitest, Guard::Locations),
        "jest" => pick("jest", tests_js::jest, Guard::Locations),
        "jasmine" if tests_js::looks_like_jasmine(ctx.text) => {
            pick("jasmine", tests_js::jasmine, Guard::Locations)
        }
        "mocha" if tests_js::looks_like_mocha(ctx.text) => {
            pick("mocha", tests_js::mocha, Guard::Locations)
        }
        "webpack" | "webpack-cli" | "rspack" if bundler::looks_like_webpack(ctx.text) => {
            pick("webpack", bundler::webpack, Guard::Locations)
        }
        "tsc" => pick("tsc", lint::tsc, Guard::Own),
        "eslint" => pick("eslint", lint::eslint, Guard::Own),
        "ruff" if sub == "format" => pick("ruff-format", lint::formatter_check, Guard::Own),
        "black" => pick("black", lint::formatter_check, Guard::Own),
        "ruff" | "flake8" => pick(program, lint::ruff, Guard::Own),
        "npm" | "pnpm" | "yarn" | "bun" | "npx" | "bunx" | "pnpx" => pkg::choose(ctx),
        "ls" => pick("ls", listing::ls, Guard::Own),
        "find" => pick("find", listing::find, Guard::Own),
        "du" => pick("du", listing::du, Guard::Own),
        "rsync" | "tar" => pick(program, listing::file_list, Guard::Own),
        "tree" => pick("tree", listing::tree, Guard::Own),
        "grep" | "egrep" | "fgrep" | "rg" => pick(program, listing::grep, Guard::Own),
        "diff" => pick("diff", git::unified, Guard::Own),
        "cat" if source::is_source_cat(inv) => pick("cat-outline", source::outline, Guard::Own),
        _ => sniff(ctx.text).or_else(|| shaped(program)),
    }
}

/// For a program no filter names and no sniffer knows: the line shapes any tool prints (pass
/// lines, progress, a table's rules), counted. Not for a program that prints a file or data.
fn shaped(program: &str) -> Option<(String, Filter, Guard)> {
    (!prints_data(program)).then(|| {
        (
            "shape".to_string(),
            shape::counted as Filter,
            Guard::Locations,
        )
    })
}

/// Whether `text` starts as a unified diff does (after any lines before the first file, as
/// `gofmt -d`'s `diff -u a.go.orig a.go`): a `--- ` line, a `+++ ` line, then a hunk header.
fn is_unified_diff(text: &str) -> bool {
    // Only the first lines are read: this runs before every filter but git's.
    let head: Vec<&str> = text.split_lines().take(DIFF_PREAMBLE_LINES + 3).collect();
    head.iter()
        .position(|l| l.starts_with("--- "))
        .is_some_and(|at| {
            head.get(at + 1).is_some_and(|l| l.starts_with("+++ "))
                && head.get(at + 2).is_some_and(|l| l.starts_with("@@ -"))
        })
}

/// Most lines before a diff's first file for the output to be taken for a diff (`diff -u a b`,
/// `Index: x`, a `===` rule): a program's own report with a diff deep inside is not one.
const DIFF_PREAMBLE_LINES: usize = 3;

/// A program recognized by its output rather than its name: a gtest binary, a test runner or
/// compiler started through a script.
fn sniff(text: &str) -> Option<(String, Filter, Guard)> {
    let head: String = text.split_lines().take(40).collect::<Vec<_>>().join("\n");
    // Shapes an output has from its first line (a commit, a listing's row) before the words
    // that may occur anywhere (a commit's diff can hold `error TS`).
    let found: Option<(&str, Filter)> = if git::looks_like_log(&head) {
        Some(("commit-log", git::log))
    } else if changesets::looks_like_changesets(&head) {
        Some(("changesets", changesets::changesets))
    } else if git::looks_like_blame(&head) {
        Some(("blame", git::blame))
    } else if lint::looks_like_caret_report(&head) {
        Some(("caret-report", lint::shellcheck_tty))
    } else if lint::looks_like_rustfmt_check(&head) {
        Some(("rustfmt-check", lint::rustfmt_check))
    } else if listing::looks_like_drawn_tree(&head) {
        Some(("drawn-tree", listing::drawn))
    } else if listing::looks_like_narrow_tree(&head) {
        Some(("narrow-tree", listing::npm_tree))
    } else if listing::looks_like_path_counts(&head) {
        Some(("path-counts", listing::path_counts))
    } else if listing::looks_like_path_list(text) {
        Some(("path-list", listing::find))
    } else if git::looks_like_state_paths(text) {
        Some(("state-paths", git::path_lines))
    } else if git::looks_like_diffstat(text) {
        Some(("diffstat", git::diff))
    } else if maven::looks_like_maven(&head, text) {
        Some(("maven-log", maven::maven))
    } else if tasks::looks_like_task_run(&head) {
        Some(("task-run", tasks::task_run))
    } else if bundler::looks_like_esbuild(&head) {
        Some(("esbuild", bundler::esbuild))
    } else if bundler::looks_like_webpack(text) {
        Some(("webpack", bundler::webpack))
    } else if streams::looks_like_streams(text) {
        Some(("streams", streams::streams))
    } else if shape::looks_like_tap(text) {
        Some(("tap", tap))
    } else if hooks::looks_like_hook_run(&head) {
        Some(("hooks", hooks::pre_commit))
    } else if listing::looks_like_long_listing(text) {
        Some(("long-listing", listing::long_listing))
    } else if lint::looks_like_biome(text) {
        Some(("biome", lint::biome))
    } else if lint::looks_like_graphical(text) {
        Some(("graphical", lint::graphical))
    } else if head.contains("[==========] Running") {
        Some(("gtest", tests_native::gtest))
    } else if head.contains("RUN  v") || text_has(text, "Test Files ") {
        Some(("vitest", tests_js::vitest))
    } else if text_has(text, "\nTests:") && text_has(text, "Test Suites:") {
        Some(("jest", tests_js::jest))
    } else if tests_native::looks_like_rspec(text) {
        Some(("rspec", tests_native::rspec))
    } else if tests_js::looks_like_mocha(text) {
        Some(("mocha", tests_js::mocha))
    } else if tests_js::looks_like_jasmine(text) {
        Some(("jasmine", tests_js::jasmine))
    } else if tests_native::looks_like_go_test(&head, text) {
        Some(("go-test", tests_native::go_test))
    } else if tests_native::looks_like_pytest_run(&head, text) {
        Some(("pytest", tests_native::pytest))
    } else if text_has(text, "error TS") {
        Some(("tsc", lint::tsc))
    } else if text_has(text, "problem") && text_has(text, "✖") {
        Some(("eslint", lint::eslint))
    } else if tests_js::looks_like_gherkin(text) {
        Some(("gherkin", tests_js::gherkin))
    } else if tests_js::has_js_trace(text) {
        Some(("js-trace", js_trace))
    } else if tests_native::has_py_trace(text) {
        Some(("py-trace", tests_native::py_trace))
    } else if cargo::looks_like_libtest(text) {
        Some(("libtest", cargo::test))
    } else if lint::looks_like_code_findings(text) {
        Some(("code-findings", lint::ruff))
    } else if cargo::looks_like_rustc(text) {
        Some(("rustc", cargo::build))
    } else if listing::looks_like_match_list(text) {
        Some(("match-list", listing::match_list))
    } else if lint::looks_like_lint_list(text) {
        Some(("lint-list", lint::lint_list))
    } else if lint::looks_like_headed_lint_list(text) {
        Some(("headed-lint-list", lint::headed_lint_list))
    } else if lint::looks_like_repeating_rows(text) {
        Some(("repeating-rows", lint::repeating_rows))
    } else if build::looks_like_compiler(text) {
        Some(("compiler", build::compiler))
    } else if table::looks_like_padded_table(text) {
        Some(("table", table::padded))
    } else if table::looks_like_drawn_table(text) {
        Some(("drawn-table", table::drawn))
    } else if table::looks_like_aligned_table(text) {
        Some(("aligned-table", table::aligned))
    } else {
        None
    };
    found.map(|(l, f)| {
        let guard = if matches!(
            l,
            "tsc"
                | "eslint"
                | "code-findings"
                | "lint-list"
                | "headed-lint-list"
                | "repeating-rows"
                | "biome"
                | "match-list"
                | "long-listing"
                | "graphical"
                | "table"
                | "drawn-table"
                | "aligned-table"
                | "hooks"
                | "streams"
                | "blame"
                | "caret-report"
                | "rustfmt-check"
                | "drawn-tree"
                | "narrow-tree"
                | "path-counts"
                | "path-list"
                | "state-paths"
        ) {
            Guard::Own
        } else {
            Guard::Locations
        };
        (l.to_string(), f, guard)
    })
}

/// A TAP stream, alone or among a test runner's reporter lines (`node --test`'s spec reporter
/// around a child's TAP): its shapes counted and its repeated blocks said once
/// ([`shape::counted`]), then each failure's JavaScript trace with its runs of node's own and
/// dependencies' frames counted ([`tests_js::js_trace`]).
fn tap(ctx: &Context) -> Option<String> {
    let counted = shape::counted(ctx);
    let inner = Context {
        inv: ctx.inv,
        text: counted.as_deref().unwrap_or(ctx.text),
        outline: ctx.outline,
    };
    tests_js::js_trace(&inner).or(counted)
}

/// An output with a JavaScript trace: its runs of node's own and dependencies' frames counted
/// ([`tests_js::js_trace`]). Under `node --test`'s spec reporter (its `✖ failing tests:` recap
/// prints each failure again), its other shapes too, as for any program ([`shape::counted`]:
/// the pass lines counted, a failure's block said once); another output's trace is not read
/// twice.
fn js_trace(ctx: &Context) -> Option<String> {
    let traced = tests_js::js_trace(ctx)?;
    if !text_has(&traced, "✖ failing tests:") {
        return Some(traced);
    }
    Some(shape::counted_text(&traced).unwrap_or(traced))
}

/// The sniffed filter for output a package manager's script printed.
fn sniffed(ctx: &Context) -> Option<(String, Filter, Guard)> {
    sniff(ctx.text).or_else(|| shaped(&ctx.inv.program))
}
