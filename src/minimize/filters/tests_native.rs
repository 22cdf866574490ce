//! Test runners with their own formats: pytest, go test, ctest, gtest. Kept: every failing,
//! erroring or skipped test's name, its assertion and error lines with their locations, captured
//! output of failures, warnings with locations, every summary and count line. Dropped: passing
//! tests, progress dots, session headers, traceback source lines (the `>` line stays). Said
//! shorter: a Go test's log lines alike but for one number (`Decoding/{1..12} of …`), a
//! loop's failure at one place past its first lines (counted), and a pytest failure whose
//! frames past its test's own end as an earlier failure's (named).

use super::Context;
use crate::minimize::text::SplitLines;
use crate::minimize::text::{
    fold_library_frames, has, is_dependency_frame, join_lines, locations, shared_prefixes, text_has,
};
use crate::minimize::text::{is_blank, trim_start};
use crate::re;

pub(super) fn pytest(ctx: &Context) -> Option<String> {
    if ctx.inv.has_flag(&["--co", "--collect-only"], None) {
        if let Some(counted) = collected_by_module(ctx.text) {
            let inner = Context {
                inv: ctx.inv,
                text: &counted,
                outline: ctx.outline,
            };
            return pytest_text(&inner).or(Some(counted));
        }
    }
    pytest_text(ctx)
}

/// Most collected tests listed by their ids; past it, each module's are counted.
const COLLECTED_LIST_MAX: usize = 30;

/// `--collect-only`'s listing with each test module and how many tests it holds in place of its
/// tests' ids (`-q`'s `t.py::A::test_b[1]` a line; the tree's `<Class>`/`<Function>` lines under
/// `<Module t.py>`), when there are more than [`COLLECTED_LIST_MAX`]: a big suite's ids repeat
/// their module and class on every line, and the counts say what was collected. Collection
/// errors, warnings and the closing counts stay. `None` when nothing is counted.
fn collected_by_module(text: &str) -> Option<String> {
    const ITEMS: [&str; 4] = [
        "<Function ",
        "<TestCaseFunction ",
        "<DoctestItem ",
        "<Item ",
    ];
    let is_item = |t: &str| ITEMS.iter().any(|k| t.starts_with(k));
    let ids = text
        .split_lines()
        .filter(|l| collected_id_file(l).is_some() || is_item(trim_start(l)))
        .count();
    if ids <= COLLECTED_LIST_MAX {
        return None;
    }
    let mut out: Vec<String> = Vec::new();
    // `-q`: the current module's file and its count; the tree: its `<Module …>` line's index.
    let mut file: Option<(&str, usize)> = None;
    let mut module: Option<(usize, usize)> = None;
    let close = |out: &mut Vec<String>,
                 file: &mut Option<(&str, usize)>,
                 module: &mut Option<(usize, usize)>| {
        if let Some((f, n)) = file.take() {
            out.push(format!(
                "{f}: {n} {}",
                if n == 1 { "test" } else { "tests" }
            ));
        }
        if let Some((at, n)) = module.take() {
            out[at].push_str(&format!(" {n} {}", if n == 1 { "test" } else { "tests" }));
        }
    };
    for line in text.split_lines() {
        if let Some(f) = collected_id_file(line) {
            match &mut file {
                Some((open, n)) if *open == f => *n += 1,
                _ => {
                    close(&mut out, &mut file, &mut module);
                    file = Some((f, 1));
                }
            }
            continue;
        }
        let t = trim_start(line);
        if let Some((_, n)) = &mut module {
            if is_item(t) {
                *n += 1;
                continue;
            }
            if t.starts_with("<Class ") || t.starts_with("<UnitTestCase ") {
                continue;
            }
        }
        close(&mut out, &mut file, &mut module);
        out.push(line.to_string());
        if t.starts_with("<Module ") {
            module = Some((out.len() - 1, 0));
        }
    }
    close(&mut out, &mut file, &mut module);
    Some(join_lines(out))
}

/// The module of a collected test's id (`tests/t.py::A::test_b[x y]`): an unindented line whose
/// first `::` follows a `.py` path without spaces.
fn collected_id_file(line: &str) -> Option<&str> {
    let at = line.find("::")?;
    let file = &line[..at];
    (file.ends_with(".py") && !file.is_empty() && !file.contains(char::is_whitespace))
        .then_some(file)
}

/// `--setup-show`'s line for a fixture set up or torn down: `SETUP    F name`, `TEARDOWN S
/// name` (the scope's letter: function, class, module, package, session).
fn is_fixture_step(t: &str) -> bool {
    let Some(rest) = t
        .strip_prefix("SETUP ")
        .or_else(|| t.strip_prefix("TEARDOWN "))
    else {
        return false;
    };
    let mut words = rest.split_whitespace();
    matches!(words.next(), Some("F" | "C" | "M" | "P" | "S")) && words.next().is_some()
}

/// The title between two runs of `mark`, each `min` long or more, a blank on either side of it
/// (`=== FAILURES ===`: `FAILURES`), as `^=+ (.*?) =+$` captures it; read by hand, not by a
/// pattern's captures (5.6M of 531M instructions over the 60 slowest 50 KB cases).
fn between_runs(line: &str, mark: u8, min: usize) -> Option<&str> {
    let b = line.as_bytes();
    let lead = b.iter().take_while(|&&c| c == mark).count();
    let trail = b.iter().rev().take_while(|&&c| c == mark).count();
    if lead < min || trail < min || lead + trail + 2 > b.len() {
        return None;
    }
    line[lead..line.len() - trail]
        .strip_prefix(' ')?
        .strip_suffix(' ')
}

fn pytest_text(ctx: &Context) -> Option<String> {
    let progress = re!(r"^\S+\.py [.FEsxX]+\s*(\[\s*\d+%\])?$|^[.FEsxX]+\s*\[\s*\d+%\]$")?;
    let header = re!(
        r"^(platform |rootdir: |configfile: |plugins: |cachedir: |cacheprovider|Using --randomly-seed|testpaths: |benchmark: \S+ \(defaults: |hypothesis profile '|created: \d+/\d+ workers$|scheduling tests via \w+$)"
    )?;
    let native_location = re!(r#"^\s+File ".+", line \d+"#)?;
    let mut skipped_frames = 0usize;
    let has_summary = text_has(ctx.text, " short test summary info ");
    // The run's closing counts (`== 3 failed, 26 passed in 0.03s ==`, `-q`'s bare line).
    let tail: Vec<&str> = ctx.text.split_lines().rev().take(5).collect();
    let has_counts = tail
        .iter()
        .any(|l| (has(l, " passed") || has(l, " failed") || has(l, " error")) && has(l, " in "));
    let counts_xfailed = has_counts && tail.iter().any(|l| has(l, " xfailed") && has(l, " in "));
    let mut out = Vec::new();
    let mut section = "";
    let mut said_messages: std::collections::HashSet<String> = Default::default();
    let mut platforms: std::collections::HashSet<&str> = Default::default();
    let all: Vec<&str> = ctx.text.split_lines().collect();
    // `--setup-show`'s fixtures set up and not yet torn down (scope and name, `F invoice`).
    let mut set_up: Vec<String> = Vec::new();
    let mut showed_setup = false;
    let mut difference = RestatedDifference::default();
    let warnings = grouped_warnings(&all);
    // The line after the benchmark table said last (pytest-benchmark's, under the tests).
    let mut table_end = 0;
    for (n, &line) in all.iter().enumerate() {
        if let Some((from, to, grouped)) = &warnings {
            if n == *from {
                out.extend(grouped.iter().cloned());
            }
            if (*from..*to).contains(&n) {
                continue;
            }
        }
        if n < table_end {
            continue;
        }
        if let Some((end, said)) = line
            .starts_with("---")
            .then(|| super::table::benchmark_table(&all, n))
            .flatten()
        {
            out.extend(said);
            table_end = end;
            continue;
        }
        // `-v`'s `collecting ... collected 29 items`: as `collected 29 items` (below).
        let line = line.strip_prefix("collecting ... ").unwrap_or(line);
        if difference.restates(line) {
            continue;
        }
        // `--setup-show`: what was asked for is each test's fixtures, set up around it. Its
        // `SETUP    F invoice` lines and the tests' own (`t.py::test_a (fixtures used: …) .`)
        // stay, unindented; a `TEARDOWN F invoice` of a fixture set up before says nothing the
        // setup did not (each fixture is torn down after the tests that used it).
        // A session-scoped fixture's lines are not indented (`SETUP    S tmp_path_factory`).
        // A teardown matches its setup by scope and name: the setup's line may add the fixtures
        // it used and the `E` of an error in it; a teardown's own `E` (an error there) stays.
        let t = trim_start(line);
        if section.is_empty() && (line.starts_with("    ") || is_fixture_step(t)) {
            if let Some(rest) = t.strip_prefix("SETUP ").filter(|_| is_fixture_step(t)) {
                showed_setup = true;
                let rest = trim_start(rest);
                let key = rest.split(" (fixtures used: ").next().unwrap_or(rest);
                set_up.push(key.to_string());
                out.push(format!("SETUP {rest}"));
                continue;
            }
            if let Some(rest) = t.strip_prefix("TEARDOWN ") {
                let rest = trim_start(rest);
                if let Some(i) = set_up
                    .iter()
                    .rposition(|f| f == rest || f.strip_suffix('E') == Some(rest))
                {
                    set_up.remove(i);
                    continue;
                }
                out.push(format!("TEARDOWN {rest}"));
                continue;
            }
            if has(t, " (fixtures used: ") || (showed_setup && has(t, "::")) {
                out.push(t.to_string());
                continue;
            }
        }
        if line.starts_with("_ _ _") {
            continue;
        }
        // pytest-xdist heads each failure with its worker's platform (`[gw0] linux -- Python
        // 3.11.7 /venv/bin/python`), the same for every worker of a run: said once, at the
        // first failure (158 failures of a `-n 2` run repeated it 158 times).
        if section == "failures" && line.starts_with("[gw") {
            if let Some((_, platform)) = line.split_once("] ") {
                if has(platform, " -- Python ") && !platforms.insert(platform) {
                    continue;
                }
            }
        }
        // `-rA`/`-rP` list passing tests in the short summary too; passing tests are dropped
        // everywhere else, and the final counts say how many passed.
        if section == "summary" && line.starts_with("PASSED ") {
            continue;
        }
        // A summary entry whose message a failure's line already says (`E   KeyError: 'b'`,
        // `--tb=line`'s `t.py:80: KeyError: 'b'`): the test's id says which.
        if section == "summary" && (line.starts_with("FAILED ") || line.starts_with("ERROR ")) {
            let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
            let (id, message) = rest.split_once(' ').unwrap_or((rest, ""));
            if let Some(message) = message.strip_prefix("- ") {
                if message.len() > 8 && said_messages.contains(message.trim()) {
                    out.push(format!("{kind} {id}"));
                    continue;
                }
            }
        }
        if section == "summary"
            && (line.starts_with(' ') || line.len() > 8 && said_messages.contains(line.trim()))
        {
            // A summary entry's message continued: the same lines as the failure's `E` lines
            // (a line of it unindented when the message's own lines are).
            continue;
        }
        // `!!!!! Interrupted: 1 error during collection !!!!!`, `!!!!! _pytest.outcomes.Exit: …
        // !!!!!`; `--pdb`'s banners: `>>>>> traceback >>>>>` (the failure, as under
        // `FAILURES`), then `>>>>> entering PDB >>>>>` and the debugger's own lines.
        if let Some(title) = between_runs(line, b'!', 3) {
            out.push(format!("!! {title} !!"));
            continue;
        }
        if line.starts_with(">>>") {
            if let Some(title) = between_runs(line, b'>', 3) {
                section = if title == "traceback" {
                    "failures"
                } else {
                    "other"
                };
                out.push(format!(">> {title} >>"));
                continue;
            }
        }
        if let Some(title) = between_runs(line, b'=', 1) {
            section = match title {
                "FAILURES" | "ERRORS" => "failures",
                "PASSES" => "passes",
                "warnings summary" => "warnings",
                "short test summary info" => "summary",
                t if has(t, "test session starts") => {
                    continue;
                }
                _ => "other",
            };
            // The closing counts (`20 passed, 2 skipped in 0.09s`) say what they are bare.
            if section == "other" && is_counts(title) {
                out.push(title.to_string());
            } else {
                out.push(format!("== {title} =="));
            }
            continue;
        }
        // A test's id holds `::`: the patterns for it, a progress line and a header (the
        // slow part of a long `-v` run, line by line) only run where they can match.
        let has_id = has(line, "::");
        // A progress line holds a file's `.py ` or a percentage's `%]`.
        let may_be_progress = !has_id && (has(line, ".py ") || has(line, "%]"));
        // A header line starts with one of its pattern's first letters (kept in step with it).
        let may_be_header = matches!(
            line.as_bytes().first(),
            Some(b'p' | b'r' | b'c' | b'U' | b't' | b'b' | b'h' | b's')
        );
        if may_be_header && header.is_match(line)
            || may_be_progress && progress.is_match(line.trim_end())
        {
            continue;
        }
        // A progress line cut short, without its percentage (`-x` stopped the run, or `--pdb`'s
        // debugger took over): the closing counts say as much.
        if section.is_empty() && has_counts && is_bare_progress(line) {
            continue;
        }
        if let Some((id, outcome, rest)) = has_id
            .then(|| verbose_outcome(line).or_else(|| xdist_outcome(line)))
            .flatten()
        {
            // Failures and errors are named again in the short summary, with their message.
            let in_summary = matches!(outcome, "FAILED" | "ERROR") && has_summary;
            // An expected failure is counted by the closing counts (`3 xfailed`) as a pass
            // is; an unexpected pass (`XPASS`) stays.
            let counted = outcome == "PASSED" || (outcome == "XFAIL" && counts_xfailed);
            if !counted && !in_summary {
                out.push(format!("{id} {outcome}{rest}"));
            }
            continue;
        }
        // `collected 29 items` (with ` / 2 deselected`): the final counts say as much.
        if section.is_empty() && line.starts_with("collected ") && has_counts {
            continue;
        }
        if line.starts_with("-- Docs: ") || line == IMPORT_HINT {
            continue;
        }
        if section == "warnings" {
            // A warning's place said twice, as the test file's path and then, on the message's
            // line, as the absolute one ending with it: the second says both.
            let next = all.get(n + 1).map_or("", |l| trim_start(l));
            let place = line.trim_end();
            if !line.starts_with(' ')
                && place.contains(':')
                && next
                    .split_once(": ")
                    .is_some_and(|(at, _)| at != place && at.ends_with(&format!("/{place}")))
            {
                continue;
            }
            // The source line a warning points at, under its message (the place says it).
            if line.starts_with("    ") && !line.starts_with("     ") {
                continue;
            }
        }
        // A test's id alone (`-v` with subtests prints it, then the id again with its outcome):
        // the outcome's line says it.
        let id = line.trim_end();
        if section.is_empty()
            && has(id, "::")
            && !id.contains(' ')
            && all[n + 1..].iter().take(50).any(|l| {
                l.strip_prefix(id)
                    .is_some_and(|r| r.starts_with(' ') && !is_blank(r))
                    || xdist_outcome(l).is_some_and(|(i, _, _)| i == id)
            })
        {
            continue;
        }
        // A test's heading (`____ test_a ____`) and its captured output's (`---- Captured
        // stdout call ----`), padded to the terminal's width: the words say them.
        if matches!(section, "failures" | "passes") {
            if let Some(name) = line.strip_prefix('_').map(|l| l.trim_matches(['_', ' '])) {
                if !name.is_empty() {
                    out.push(format!("__ {name}"));
                    continue;
                }
            }
            if let Some(title) = line
                .strip_prefix("--")
                .map(|l| l.trim_matches(['-', ' ']))
                .filter(|t| t.starts_with("Captured ") && line.ends_with("--"))
            {
                out.push(format!("-- {title} --"));
                continue;
            }
        }
        if section == "failures" {
            // Traceback source lines; the failing line (`>`) and `E` lines stay, and so do a
            // native traceback's `File "x.py", line 3, in f` locations (`--tb=native`).
            if (line.starts_with(' ') || line.starts_with('\t')) && !native_location.is_match(line)
            {
                continue;
            }
            // A native traceback's frames in pytest's own machinery or an installed package:
            // counted, not shown (the test's own frames stay).
            if native_location.is_match(line)
                && (has(line, "/_pytest/") || has(line, "/pluggy/") || is_dependency_frame(line))
            {
                skipped_frames += 1;
                continue;
            }
            if skipped_frames > 0 {
                out.push(format!(
                    "  [{skipped_frames} frames in pytest and installed packages]"
                ));
                skipped_frames = 0;
            }
        }
        if section == "failures" {
            // What the failure's lines say (`E   KeyError: 'b'`, `t.py:80: KeyError: 'b'`).
            if let Some(rest) = line.strip_prefix('E') {
                said_messages.insert(rest.trim().to_string());
            }
            // `[XPASS(strict)] reason`, a strict xpass's whole message.
            if line.starts_with('[') {
                said_messages.insert(line.trim().to_string());
            }
            for (at, _) in line.match_indices(": ") {
                said_messages.insert(line[at + 2..].trim().to_string());
            }
        }
        out.push(line.to_string());
    }
    let out = shared_tracebacks(out);
    // Tests of one class listed together (skipped, failed, in the short summary): the class's
    // id once, each test's name under it.
    let out = shared_prefixes(out, |l| has(l, "::") && !l.starts_with("== "), "::");
    Some(join_lines(grouped_skips(out)?))
}

/// A traceback's place in pytest's own form, at the end of a frame (`--tb=long`'s `src/a.py:48:
/// in sign`, `t.py:35: AssertionError`, a test's own frame `t.py:28:`) or at its start
/// (`--tb=short`'s `src/a.py:48: in sign`): a path without spaces, `:`, digits, `:`.
fn is_frame_place(line: &str) -> bool {
    let Some((path, rest)) = line.split_once(':') else {
        return false;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    !path.is_empty()
        && !path.contains(char::is_whitespace)
        && !path.starts_with(['E', '>'])
        && digits > 0
        && rest[digits..].starts_with(':')
}

/// A function argument pytest shows at a frame's top whose value is Python's default repr, a
/// type and an address (`self = <t.TestA object at 0x7f93…>`, `transform = <function
/// A.<lambda> at 0x7f…>`): the address differs on every run and the type is the fixture's.
fn is_address_argument(line: &str) -> bool {
    let Some((name, value)) = line.split_once(" = <") else {
        return false;
    };
    !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && value.rsplit_once(" at 0x").is_some_and(|(_, hex)| {
            hex.strip_suffix('>')
                .is_some_and(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit()))
        })
}

/// Most frames of one failure whose ending is looked up among the earlier failures' (a
/// traceback is a few frames; a log of places in captured output is not a traceback's).
const SHARED_FRAMES_MAX: usize = 16;

/// pytest's failures (`== FAILURES ==`, `== ERRORS ==`, a failure a `__ name` heading) with the
/// frames two failures share said once: a failure whose traceback, from a frame after its
/// test's own on, is line for line the end of an earlier failure's (many tests calling one
/// broken helper) keeps its own frames and says `  (then as in <earlier test>)` for the rest.
/// Arguments whose value is a default repr with an address are dropped ([`is_address_argument`]).
/// Every place, message and test stays said at least once.
fn shared_tracebacks(out: Vec<String>) -> Vec<String> {
    if !out
        .iter()
        .any(|l| l == "== FAILURES ==" || l == "== ERRORS ==")
    {
        return out;
    }
    // Each ending (the lines from a frame on, blank lines aside) said so far, and by which test.
    let mut endings: std::collections::HashMap<String, String> = Default::default();
    let mut result = Vec::with_capacity(out.len());
    let mut in_failures = false;
    let mut i = 0;
    while i < out.len() {
        let line = &out[i];
        if line.starts_with("== ") {
            in_failures = line == "== FAILURES ==" || line == "== ERRORS ==";
        }
        let Some(name) = line.strip_prefix("__ ").filter(|_| in_failures) else {
            result.push(out[i].clone());
            i += 1;
            continue;
        };
        let end = out[i + 1..]
            .iter()
            .position(|l| l.starts_with("__ ") || l.starts_with("== "))
            .map_or(out.len(), |p| i + 1 + p);
        let body: Vec<&String> = out[i + 1..end]
            .iter()
            .filter(|l| !is_address_argument(l))
            .collect();
        // Where a frame ends: after each place but the last line (the first few: each ending
        // is written out as a key, so a block's cost stays linear in its length).
        let cuts: Vec<usize> = (0..body.len().saturating_sub(1))
            .filter(|&k| is_frame_place(body[k]))
            .map(|k| k + 1)
            .take(SHARED_FRAMES_MAX)
            .collect();
        // Blank lines are layout: an ending is its other lines.
        let key = |from: usize| {
            body[from..]
                .iter()
                .map(|l| l.as_str())
                .filter(|l| !is_blank(l))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let shared = cuts.iter().find_map(|&from| {
            let earlier = endings.get(&key(from))?;
            // Worth it only where the reference is shorter than what it stands for.
            let said = body[from..].iter().map(|l| l.len()).sum::<usize>();
            (said > earlier.len() + 20).then(|| (from, earlier.clone()))
        });
        for &from in &cuts {
            endings.entry(key(from)).or_insert_with(|| name.to_string());
        }
        result.push(out[i].clone());
        match shared {
            Some((from, earlier)) => {
                let mine = &body[..from];
                let kept = mine.len() - mine.iter().rev().take_while(|l| is_blank(l)).count();
                result.extend(mine[..kept].iter().map(|l| l.to_string()));
                result.push(format!("  (then as in {earlier})"));
            }
            None => result.extend(body.iter().map(|l| l.to_string())),
        }
        i = end;
    }
    result
}

/// One entry of pytest's warnings summary: the tests that raised it (or the place, for a warning
/// raised outside a test), the warning's file and line, its `Category: message` and the
/// message's further lines. The source line under it (the place says it) is not kept.
struct WarningEntry<'a> {
    ids: Vec<&'a str>,
    file: &'a str,
    line: &'a str,
    message: Vec<&'a str>,
}

/// pytest's warnings summary (`== warnings summary ==` up to the next banner or its `-- Docs:`
/// line) with the warnings of one file and one message said once: pytest groups a warning's
/// tests only when its place is the same too, so a helper that warns at each of its lines (a
/// deprecated class built in every test of a mixin) is one entry a line. Such entries become
/// the file on a line of its own, their lines in order with the message (`  8 54 257:
/// DeprecationWarning: MRUCache is deprecated`, the rows the location guard reads), and the
/// tests that raised them in the same order under it, their shared `::` prefix once (a test
/// that raised one several times `×N`). A warning said at one place stays as pytest wrote it,
/// its source line aside. The section's first line after the banner, the line after its last,
/// and its lines; `None` when no two entries share a file and message, or an entry is not of
/// pytest's shape (the section is then read line by line).
fn grouped_warnings(all: &[&str]) -> Option<(usize, usize, Vec<String>)> {
    let banner = all.iter().position(|l| {
        l.starts_with('=') && l.trim_matches(['=', ' ']) == "warnings summary" && l.ends_with('=')
    })?;
    let from = banner + 1;
    let to = all[from..]
        .iter()
        .position(|l| l.starts_with("==") || l.starts_with("-- Docs: "))
        .map_or(all.len(), |n| from + n);
    let mut entries: Vec<WarningEntry> = Vec::new();
    let mut i = from;
    while i < to {
        if is_blank(all[i]) {
            i += 1;
            continue;
        }
        let mut ids = Vec::new();
        while i < to && !all[i].is_empty() && !all[i].starts_with(' ') {
            ids.push(all[i].trim_end());
            i += 1;
        }
        let end = all[i..to]
            .iter()
            .position(|l| is_blank(l))
            .map_or(to, |n| i + n);
        let body = &all[i..end];
        let (first, rest) = body.split_first()?;
        let (file, line, text) = super::lint::lint_row(first.strip_prefix("  ")?)?;
        if line.contains(':') || !text.contains(": ") {
            return None;
        }
        // The source line pytest prints under the message, four blanks in: the last line.
        let rest = match rest.split_last() {
            Some((last, more)) if last.starts_with("    ") && !last.starts_with("     ") => more,
            _ => rest,
        };
        let mut message = vec![text.trim_end()];
        message.extend(rest.iter().map(|l| l.trim_end()));
        // A place said as the id too (`tests/t.py:5` over `/abs/tests/t.py:5: …`): the message's
        // place says it.
        let place = format!("{file}:{line}");
        ids.retain(|id| {
            !(id.contains(':') && !id.contains("::") && place.ends_with(&format!("/{id}")))
        });
        entries.push(WarningEntry {
            ids,
            file,
            line,
            message,
        });
        i = end;
    }
    // Groups of entries by file and message, in the order first seen.
    let mut groups: Vec<Vec<&WarningEntry>> = Vec::new();
    for e in &entries {
        match groups
            .iter_mut()
            .find(|g| g[0].file == e.file && g[0].message == e.message)
        {
            Some(g) => g.push(e),
            None => groups.push(vec![e]),
        }
    }
    if groups.iter().all(|g| g.len() < 2) {
        return None;
    }
    let mut out = Vec::new();
    for g in groups {
        if let [e] = g[..] {
            out.extend(e.ids.iter().map(|id| id.to_string()));
            out.push(format!("  {}:{}: {}", e.file, e.line, e.message[0]));
            out.extend(e.message[1..].iter().map(|l| l.to_string()));
            continue;
        }
        let lines: Vec<&str> = g.iter().map(|e| e.line).collect();
        out.push(format!("{}:", g[0].file));
        out.push(format!("  {}: {}", lines.join(" "), g[0].message[0]));
        out.extend(g[0].message[1..].iter().map(|l| l.to_string()));
        let ids: Vec<&str> = g.iter().flat_map(|e| e.ids.iter().copied()).collect();
        if ids.is_empty() {
            continue;
        }
        // The `::` prefix every id shares (`tests/t.py::TestA::`).
        let common = ids.iter().skip(1).fold(ids[0].len(), |n, id| {
            ids[0]
                .bytes()
                .zip(id.bytes())
                .take(n)
                .take_while(|(a, b)| a == b)
                .count()
        });
        let prefix = ids[0][..common]
            .rfind("::")
            .map_or("", |at| &ids[0][..at + 2]);
        let said: Vec<String> = g
            .iter()
            .map(|e| {
                let mut names: Vec<(&str, usize)> = Vec::new();
                for id in &e.ids {
                    let name = id.strip_prefix(prefix).unwrap_or(id);
                    match names.last_mut() {
                        Some((last, n)) if *last == name => *n += 1,
                        _ => names.push((name, 1)),
                    }
                }
                let said: Vec<String> = names
                    .iter()
                    .map(|(name, n)| match n {
                        1 => name.to_string(),
                        n => format!("{name}×{n}"),
                    })
                    .collect();
                if said.is_empty() {
                    "-".to_string()
                } else {
                    said.join(",")
                }
            })
            .collect();
        if said.iter().map(|s| s.split(',').count()).sum::<usize>() > WARNING_TESTS_MAX {
            out.push(raised_by(&ids));
            continue;
        }
        out.push(format!(
            "  tests, in that order: {prefix} {}",
            said.join(" ")
        ));
    }
    Some((from, to, out))
}

/// Most tests named under a warning said at several places (a test that raised it several
/// times once, `test_x×3`); past them the tests are said as
/// how many warnings they raised and in which files, as pytest itself says a warning raised by
/// many tests of one file (`tests/t.py: 19 warnings`): which test raised a deprecation is rarely
/// what a reader acts on, its place and message are.
const WARNING_TESTS_MAX: usize = 3;

/// The tests that raised one warning, as a count and their files: `  raised 172 times, by
/// tests in tests/a.py tests/b.py`. An id is a test (`tests/a.py::T::test_x`, once) or pytest's
/// own count for a file (`tests/a.py: 19 warnings`).
fn raised_by(ids: &[&str]) -> String {
    let mut count = 0;
    let mut files: Vec<&str> = Vec::new();
    for &part in ids {
        let counted = part.split_once(": ").and_then(|(file, n)| {
            Some((file, n.strip_suffix(" warnings")?.parse::<usize>().ok()?))
        });
        let (file, n) = counted.unwrap_or((part.split("::").next().unwrap_or(part), 1));
        count += n;
        if !files.contains(&file.trim()) {
            files.push(file.trim());
        }
    }
    format!("  raised {count} times, by tests in {}", files.join(" "))
}

/// A line of progress marks only (`....F`), long enough not to be a word.
fn is_bare_progress(line: &str) -> bool {
    let t = line.trim_end();
    t.len() >= BARE_PROGRESS_MIN && t.bytes().all(|b| b".FEsxX".contains(&b))
}

/// Fewest marks for a line of them to be read as progress (`EX` could be a word).
const BARE_PROGRESS_MIN: usize = 3;

/// A skip's count and reason with the lines it was said at, in one file.
type SkipEntry<'a> = (&'a str, &'a str, Vec<&'a str>);

/// Fewest `SKIPPED [N] file:line: reason` lines in a row for them to be grouped by file.
const SKIP_GROUP_MIN: usize = 3;

/// The short summary's skips (`-rs`: `SKIPPED [1] t.py:128: no numpy`) under `SKIPPED:`, by
/// file (`t.py:` on its own line, as the location guard reads a file said once), the lines of
/// one reason said once: `  164 190: no pandas`. A count other than 1 stays (`  12: [2] no db`).
fn grouped_skips(lines: Vec<String>) -> Option<Vec<String>> {
    let skip = re!(r"^SKIPPED \[(\d+)\] (.+?):(\d+): (.*)$")?;
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        let run = lines[i..]
            .iter()
            .take_while(|l| l.starts_with("SKIPPED [") && skip_line(skip, l).is_some())
            .count();
        if run < SKIP_GROUP_MIN {
            out.push(lines[i].clone());
            i += 1;
            continue;
        }
        // By file in the order first seen; in a file, by count and reason.
        let mut files: Vec<(&str, Vec<SkipEntry>)> = Vec::new();
        for l in &lines[i..i + run] {
            let Some((count, file, line, reason)) = skip_line(skip, l) else {
                continue;
            };
            let at = match files.iter().position(|(f, _)| *f == file) {
                Some(at) => at,
                None => {
                    files.push((file, Vec::new()));
                    files.len() - 1
                }
            };
            let entries = &mut files[at].1;
            match entries
                .iter_mut()
                .find(|(n, r, _)| *n == count && *r == reason)
            {
                Some((_, _, places)) => places.push(line),
                None => entries.push((count, reason, vec![line])),
            }
        }
        out.push("SKIPPED:".to_string());
        for (file, entries) in files {
            out.push(format!("{file}:"));
            for (count, reason, places) in entries {
                let count = if count == "1" {
                    String::new()
                } else {
                    format!("[{count}] ")
                };
                out.push(format!("  {}: {count}{reason}", places.join(" ")));
            }
        }
        i += run;
    }
    Some(out)
}

/// A skip line's count, file, line and reason: what `skip` (`^SKIPPED \[(\d+)\] (.+?):(\d+):
/// (.*)$`) captures. An ASCII line is read by hand (the pattern's captures ran its backtracker
/// on each line of a long `-rs` summary, a fifth of such a call): its digits are ASCII, and the
/// file is the shortest one followed by `:<digits>: `, as the lazy `.+?` takes. Another line
/// (a Unicode digit is a `\d` too) is read by the pattern.
fn skip_line<'a>(skip: &regex::Regex, l: &'a str) -> Option<(&'a str, &'a str, &'a str, &'a str)> {
    // (`.` is no line break: a text of several lines is the pattern's too.)
    if !l.is_ascii() || memchr::memchr(b'\n', l.as_bytes()).is_some() {
        let c = skip.captures(l)?;
        let group = |i| c.get(i).map_or("", |m| m.as_str());
        return Some((group(1), group(2), group(3), group(4)));
    }
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let rest = l.strip_prefix("SKIPPED [")?;
    let n = digits(rest);
    let after = rest[n..].strip_prefix("] ").filter(|_| n > 0)?;
    let count = &rest[..n];
    // The first `:` after at least one byte that a line number and `: ` follow.
    memchr::memchr_iter(b':', after.as_bytes())
        .filter(|&at| at > 0)
        .find_map(|at| {
            let tail = &after[at + 1..];
            let d = digits(tail);
            let reason = tail[d..].strip_prefix(": ").filter(|_| d > 0)?;
            Some((count, &after[..at], &tail[..d], reason))
        })
}

/// unittest's account of two values that differ, after a message that gives both whole
/// (`AssertionError: Lists differ: [1, 2, 3] != [1, 2]`, `{'a': 1} != {'a': 2}`): the first
/// differing or extra element with its values, how many more one holds, and the two values
/// again as an `ndiff` (`- [1, 2, 3]`, `?       ---`, `+ [1, 2]`), each line as an `E` line, an
/// indented one (`--tb=line`) or bare (a short summary's message). What the message's line
/// says; a message that unittest shortened (`[truncated]...`, `[40 chars]`) keeps them, and a
/// line of any other shape (an `ndiff`'s context line) ends them.
#[derive(Default)]
struct RestatedDifference {
    /// Whether the lines after the message are being read.
    after_message: bool,
    /// Element values still to come after `First differing element 3:` (two) or `First extra
    /// element 3:` (one).
    values_left: usize,
}

impl RestatedDifference {
    /// Whether `line` says again what the message above it said; reads each line in order.
    fn restates(&mut self, line: &str) -> bool {
        if self.after_message {
            let body = match line.strip_prefix('E') {
                Some(rest) if rest.is_empty() || rest.starts_with(' ') => rest.trim(),
                _ => line.trim(),
            };
            if self.values_left > 0 {
                self.values_left -= 1;
                return true;
            }
            if body.starts_with("First differing element ") {
                self.values_left = 2;
                return true;
            }
            if body.starts_with("First extra element ") || body.starts_with("Second extra element ")
            {
                self.values_left = 1;
                return true;
            }
            let counted = (body.starts_with("First ") || body.starts_with("Second "))
                && has(body, " contains ")
                && body.ends_with(" additional elements.");
            let ndiff = ["- ", "+ ", "? "].iter().any(|m| body.starts_with(m))
                || matches!(body, "" | "-" | "+" | "?");
            if counted || ndiff {
                return true;
            }
        }
        self.after_message = has(line, "AssertionError: ")
            && has(line, " != ")
            && !has(line, "[truncated]")
            && !has(line, " chars]");
        self.values_left = 0;
        false
    }
}

/// pytest's advice under a test module that failed to import, the same every time.
const IMPORT_HINT: &str = "Hint: make sure your test modules/packages have valid Python names.";

/// A run's closing counts: `3 failed, 26 passed in 0.03s`, `1 error in 0.5s`.
fn is_counts(title: &str) -> bool {
    title.contains(" in ")
        && [" passed", " failed", " error", " skipped", " deselected"]
            .iter()
            .any(|w| title.contains(w))
        && title.starts_with(|c: char| c.is_ascii_digit())
}

/// pytest-xdist's `-v` line, `[gw0] [ 12%] PASSED t.py::A::test_b`, as [`verbose_outcome`]'s
/// (id, outcome, what follows the id): the worker and the progress say nothing the closing
/// counts do not. `-v` under xdist also names each test alone as a worker starts it; that line
/// goes with the outcome's.
fn xdist_outcome(line: &str) -> Option<(&str, &str, &str)> {
    const OUTCOMES: [&str; 6] = ["PASSED", "FAILED", "ERROR", "SKIPPED", "XFAIL", "XPASS"];
    let rest = line.strip_prefix("[gw")?;
    let (worker, rest) = rest.split_once("] [")?;
    if worker.is_empty() || !worker.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (progress, rest) = rest.split_once("%] ")?;
    if !trim_start(progress).bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let outcome = OUTCOMES.iter().find(|o| rest.starts_with(**o))?;
    let rest = rest[outcome.len()..].strip_prefix(' ')?;
    let id_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    let id = &rest[..id_end];
    id.contains("::")
        .then(|| (id, *outcome, rest[id_end..].trim_end()))
}

/// A `-v` line's test id, outcome and what follows it, without the progress (`[ 42%]`):
/// `t.py::A::test_b SKIPPED (no db) [ 66%]`. By hand, not a regex with captures: a long `-v`
/// run is thousands of these lines, and this is the filter's hot loop.
fn verbose_outcome(line: &str) -> Option<(&str, &str, &str)> {
    const OUTCOMES: [&str; 6] = ["PASSED", "FAILED", "ERROR", "SKIPPED", "XFAIL", "XPASS"];
    // The id is the line's first word, with a `::` between two of its characters.
    let word_end = line.find(char::is_whitespace).unwrap_or(line.len());
    let sep = line[..word_end]
        .find("::")
        .filter(|&p| p > 0 && p + 2 < word_end)?;
    for (at, _) in line.match_indices(' ').filter(|&(at, _)| at > sep + 2) {
        let word = &line[at + 1..];
        let Some(outcome) = OUTCOMES.iter().find(|o| word.starts_with(**o)) else {
            continue;
        };
        let mut rest = word[outcome.len()..].trim_end();
        if let Some(open) = rest.rfind('[') {
            let progress = rest[open + 1..].strip_suffix("%]").map(str::trim);
            if progress.is_some_and(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit())) {
                rest = rest[..open].trim_end();
            }
        }
        return Some((&line[..at], outcome, rest));
    }
    None
}

pub(super) fn go_test(ctx: &Context) -> Option<String> {
    go_test_text(ctx.text)
}

/// Whether `text` is a stream of JSON events (`go test -json`): one of its first lines an object
/// with an `Action` (a package that did not build prints its errors before the stream).
pub(super) fn is_go_json_stream(text: &str) -> bool {
    text.split_lines()
        .take(JSON_STREAM_LOOK_LINES)
        .any(|l| l.starts_with('{') && l.contains("\"Action\":"))
}

/// How far into the output the first event is looked for: a build error's lines come first.
const JSON_STREAM_LOOK_LINES: usize = 40;

/// One event of `go test -json` (`go doc test2json`): only what it printed matters.
#[derive(serde::Deserialize)]
struct GoEvent<'a> {
    #[serde(rename = "Output", borrow)]
    output: Option<std::borrow::Cow<'a, str>>,
}

/// `go test -json`: the events' `Output` in order is what `go test -v` prints (the events around
/// it, `run`, `pass`, timestamps and elapsed times, say again what those lines say), reduced as
/// that is; a line that is not an event (a build error before the stream) stays where it was.
/// Every location of the printed text must be kept (the stream's own escapes, `\t`, would hide
/// them from the usual guard, which reads the raw text).
pub(super) fn go_test_json(ctx: &Context) -> Option<String> {
    let mut printed = String::with_capacity(ctx.text.len() / 4);
    for line in ctx.text.split_lines() {
        match line
            .starts_with('{')
            .then(|| serde_json::from_str::<GoEvent>(line).ok())
            .flatten()
        {
            Some(event) => printed.push_str(event.output.as_deref().unwrap_or("")),
            None => {
                printed.push_str(line);
                printed.push('\n');
            }
        }
    }
    let out = go_test_text(&printed)?;
    crate::minimize::text::keeps_locations(&printed, &out).then_some(out)
}

fn go_test_text(text: &str) -> Option<String> {
    let reported = race_reports(text);
    let text = reported.as_deref().unwrap_or(text);
    let mut out = Vec::new();
    let mut in_pass = false;
    let lines: Vec<&str> = text.split_lines().collect();
    // Where each line's package ends `ok` (every test in it passed): its tests' logs are said
    // once per place, the first line with the count of the rest.
    let mut passed = vec![false; lines.len()];
    let mut start = 0;
    for (n, l) in lines.iter().enumerate() {
        if l.starts_with("ok  \t") || l.starts_with("FAIL\t") {
            passed[start..=n].fill(l.starts_with("ok"));
            start = n + 1;
        }
    }
    // The kept log line of a passing test (its index in `out`, its place) and how many more.
    let mut log: Option<(usize, &str, usize)> = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        let t = trim_start(line);
        if passed[i - 1] {
            if let Some(place) = go_log_place(line) {
                match &mut log {
                    Some((_, at, more)) if *at == place => *more += 1,
                    _ => {
                        close_log(&mut out, log.take());
                        log = Some((out.len(), place, 0));
                        // Unindented: the test's lines it was under (`=== RUN`, `--- PASS`) go.
                        out.push(t.to_string());
                    }
                }
                continue;
            }
        }
        if t.starts_with("=== RUN")
            || t.starts_with("=== PAUSE")
            || t.starts_with("=== CONT")
            || t.starts_with("=== NAME")
        {
            in_pass = false;
            continue;
        }
        if t.starts_with("--- PASS") {
            in_pass = true;
            continue;
        }
        // A passing test's indented log lines; a subtest's result line after it
        // (`    --- FAIL: TestX/93`) is the next test's, not the passing one's.
        if in_pass && line.starts_with("    ") && !t.starts_with("--- ") {
            continue;
        }
        in_pass = false;
        close_log(&mut out, log.take());
        if line.starts_with('?') && line.ends_with("[no test files]") {
            continue;
        }
        // Go's fuzzing progress (`fuzz: elapsed: 3s, execs: 100293 (33430/sec), new
        // interesting: 12 (total: 15)`, `fuzz: minimizing …`): each line counts the whole run
        // so far, so the last of a run says what the ones before it said.
        if line.starts_with("fuzz: ") && lines.get(i).is_some_and(|n| n.starts_with("fuzz: ")) {
            continue;
        }
        // `To re-run:` and its `go test -run=FuzzX/<id>` under `Failing input written to
        // testdata/fuzz/FuzzX/<id>`: the test and the input's id said again.
        if t == "To re-run:" && lines.get(i).is_some_and(|n| is_rerun_of(n, out.last())) {
            i += 1;
            continue;
        }
        // A package's `PASS` before its `ok` line, a `FAIL` before its `FAIL\tpkg` line: the
        // package's line says it.
        if (line == "PASS" || line == "FAIL")
            && lines
                .get(i)
                .is_some_and(|n| n.starts_with("ok  \t") || n.starts_with("FAIL\t"))
        {
            continue;
        }
        // The run's closing `FAIL` after a package's `FAIL\tpkg 0.01s` line says it again.
        if line == "FAIL"
            && i == lines.len()
            && out.iter().any(|l: &String| l.starts_with("FAIL\t"))
        {
            continue;
        }
        // A test's time (`--- FAIL: TestX (0.00s)`): the package's line gives the run's.
        if let Some(name) = failed_test_without_time(line) {
            out.push(name);
            continue;
        }
        // An example's `got:` and `want:` of as many lines: the lines that differ.
        if line == "got:" {
            if let Some((text, next)) = example_diff(&lines, i) {
                out.extend(text);
                i = next;
                continue;
            }
        }
        // A goroutine trace's frames (`func(args)` / `\t/path/file.go:12 +0x2e`) inside Go's
        // own sources or the module cache: counted, not shown; the test's frames stay.
        if let Some(next) = lines.get(i) {
            if is_go_frame_location(next) && is_outside_frame(next) && !line.starts_with('\t') {
                let mut n = 1;
                i += 1;
                while i + 1 < lines.len()
                    && is_go_frame_location(lines[i + 1])
                    && is_outside_frame(lines[i + 1])
                    && !lines[i].starts_with('\t')
                {
                    n += 1;
                    i += 2;
                }
                out.push(format!(
                    "\t[{n} frame{} in Go's runtime and libraries]",
                    if n == 1 { "" } else { "s" }
                ));
                continue;
            }
        }
        out.push(line.to_string());
    }
    close_log(&mut out, log.take());
    // A test's message that prints a long input back (`Checksum("\xff\xff…")`): its runs counted.
    for line in &mut out {
        if line.starts_with("    ") {
            if let Some(shorter) = crate::minimize::text::counted_runs(line) {
                *line = shorter;
            }
        }
    }
    // A failing test's log lines (`    a_test.go:9: …`) alike but for a number said once; a
    // loop's failure at one place said by its first lines and counted.
    // A subtest's result line (`    --- FAIL: TestParse/case_3`) is a name, never a message.
    // Its indentation trimmed as bytes: this runs several times on every line of a long log.
    let log_line = |l: &str| {
        let t = l.trim_ascii_start();
        l.starts_with("    ") && !t.starts_with("--- ") && !t.starts_with("=== ")
    };
    let out = testify_compact(out);
    let out = crate::minimize::text::counted_alike(counted(grouped_goroutines(out)), log_line);
    let out = crate::minimize::text::capped_alike(out, log_line);
    // A failing test's `have {…}` / `want {…}`: the words that differ.
    let out = crate::minimize::text::contrasted(out, log_line);
    Some(join_lines(passed_packages(places_said_once(out))))
}

/// Fewest log lines in a row from one place for the place to be said once above them (two
/// places cost about what the line of its own does).
const PLACE_RUN_MIN: usize = 3;

/// A failing test's log lines in a row from one place (`    a_test.go:14: On 1,000, …`, a table
/// test's loop reporting each case): the place said once, on its own line, each message under
/// it, indented two more.
fn places_said_once(mut lines: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        // Moved out, not copied: most lines are no log line.
        let Some(place) = go_log_place(&lines[i]) else {
            out.push(std::mem::take(&mut lines[i]));
            i += 1;
            continue;
        };
        let run = lines[i..]
            .iter()
            .take_while(|l| go_log_place(l) == Some(place))
            .count();
        if run < PLACE_RUN_MIN {
            out.extend(lines[i..i + run].iter_mut().map(std::mem::take));
            i += run;
            continue;
        }
        let indent = &lines[i][..lines[i].len() - lines[i].trim_start().len()];
        out.push(format!("{indent}{place}:"));
        for l in &lines[i..i + run] {
            let message = trim_start(l).get(place.len() + 2..).unwrap_or("");
            out.push(format!("{indent}  {message}"));
        }
        i += run;
    }
    out
}

/// testify's assertion report under a failing test (`        \tError Trace:\t/w/a_test.go:63`,
/// `        \t            \texpected: …`): its columns' tabs and padding said as one space and
/// a two-space indent, and its `Diff:` block dropped where the block already said the
/// `expected:` and `actual  :` values (the diff of their dumps says them again, line by line).
/// Every field and value stays: the trace, the error, the values, the test, the messages.
fn testify_compact(lines: Vec<String>) -> Vec<String> {
    let mut kept = Vec::with_capacity(lines.len());
    let (mut expected, mut values, mut in_diff) = (false, false, false);
    for line in lines {
        let spaces = line.len() - line.trim_start_matches(' ').len();
        // testify's field (`Error:`) or its column's continuation, after an indent of spaces
        // (a test's own log line under `go test -json` starts with a tab alone).
        let field = line[spaces..]
            .strip_prefix('\t')
            .filter(|_| spaces > 0)
            .and_then(|rest| {
                let (label, value) = match rest.split_once('\t') {
                    Some((l, v)) => (l.trim(), v.trim()),
                    None => (rest.trim(), ""),
                };
                (label.is_empty() || TESTIFY_FIELDS.contains(&label)).then_some((label, value))
            });
        let Some((label, value)) = field else {
            // testify leaves a blank line between the values and their diff.
            if !is_blank(&line) {
                (expected, values, in_diff) = (false, false, false);
            }
            kept.push(line);
            continue;
        };
        let indent = &line[..spaces];
        if label.is_empty() {
            // `Diff:` is said in the error's column, under its values.
            if value == "Diff:" && values {
                in_diff = true;
            }
            if in_diff || value.is_empty() {
                continue;
            }
            expected |= value.starts_with("expected:");
            values |= expected && value.starts_with("actual");
            kept.push(format!("{indent}  {value}"));
            continue;
        }
        if label == "Error Trace:" {
            (expected, values) = (false, false);
        }
        in_diff = label == "Diff:" && values;
        if !in_diff {
            kept.push(format!("{indent}{label} {value}").trim_end().to_string());
        }
    }
    kept
}

/// The fields of testify's report (`assert.Fail`'s `labeledOutput`).
const TESTIFY_FIELDS: [&str; 7] = [
    "Error Trace:",
    "Error:",
    "Test:",
    "Messages:",
    "Diff:",
    "Stack:",
    "Error Stack:",
];

/// The rule around each report of the race detector.
const RACE_RULE: &str = "==================";

/// The race detector's reports (`WARNING: DATA RACE` between two rules of `=`): the rules
/// dropped, each frame's program counter offset (` +0x76`, not a place) dropped, and a
/// section (an access, a goroutine's creation) whose frames are those of an earlier section of
/// the same report said by that section's heading: `Goroutine 10 (finished) created at: (same
/// frames as Goroutine 8 (running) created)`. Every place stays; `None` without a report.
fn race_reports(text: &str) -> Option<String> {
    if !crate::minimize::text::text_has(text, "WARNING: DATA RACE") {
        return None;
    }
    let lines: Vec<&str> = text.split_lines().collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut i = 0;
    while i < lines.len() {
        if lines[i] != RACE_RULE || lines.get(i + 1) != Some(&"WARNING: DATA RACE") {
            out.push(lines[i].to_string());
            i += 1;
            continue;
        }
        let end = lines[i + 1..]
            .iter()
            .position(|l| *l == RACE_RULE)
            .map_or(lines.len(), |e| i + 1 + e);
        // Each section's heading (without its address) and its frames.
        let mut sections: Vec<(String, Vec<String>)> = Vec::new();
        let mut j = i + 1;
        while j < end {
            let heading = lines[j];
            j += 1;
            if heading.starts_with(' ') || !heading.ends_with(':') {
                out.push(heading.to_string());
                continue;
            }
            let frames_end = (j..end)
                .find(|&k| !lines[k].starts_with(' '))
                .unwrap_or(end);
            let frames: Vec<String> = lines[j..frames_end]
                .iter()
                .map(|f| without_pc(f).to_string())
                .collect();
            j = frames_end;
            let same = sections
                .iter()
                .find(|(_, earlier)| !frames.is_empty() && *earlier == frames);
            if let Some((name, _)) = same {
                out.push(format!("{heading} (same frames as {name})"));
                continue;
            }
            out.push(heading.to_string());
            out.extend(frames.iter().cloned());
            let name = heading.trim_end_matches(':');
            let name = match (name.find(" at 0x"), name.find(" by ")) {
                (Some(at), Some(by)) if at < by => format!("{}{}", &name[..at], &name[by..]),
                _ => name.trim_end_matches(" at").to_string(),
            };
            sections.push((name, frames));
        }
        i = end + 1;
    }
    Some(out.join("\n"))
}

/// A frame's place without its program counter offset: `/a/b.go:7 +0x76` as `/a/b.go:7`.
fn without_pc(frame: &str) -> &str {
    match frame.rsplit_once(" +0x") {
        Some((place, pc)) if pc.bytes().all(|b| b.is_ascii_hexdigit()) => place,
        _ => frame,
    }
}

/// A trace's goroutines in a row that are in the same state with the same frames (a panic in
/// a test that started many of them): one header naming them all, `goroutine 11 12 13
/// [runnable]:`, then their frames once. Every goroutine's number stays.
fn grouped_goroutines(mut lines: Vec<String>) -> Vec<String> {
    // `goroutine 11 [runnable]:` as (`11`, `[runnable]:`).
    fn header(l: &str) -> Option<(&str, &str)> {
        let (id, state) = l.strip_prefix("goroutine ")?.split_once(' ')?;
        (!id.is_empty()
            && id.bytes().all(|b| b.is_ascii_digit())
            && state.starts_with('[')
            && state.ends_with("]:"))
        .then_some((id, state))
    }
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    // The group being written: its header's index in `out`, its state and its frames.
    let mut group: Option<(usize, String, Vec<String>)> = None;
    let mut i = 0;
    while i < lines.len() {
        let Some((id, state)) = header(&lines[i]) else {
            // A line outside a goroutine's block is read only here: moved, not copied.
            out.push(std::mem::take(&mut lines[i]));
            i += 1;
            continue;
        };
        let end = (i + 1..lines.len())
            .find(|&j| lines[j].is_empty() || header(&lines[j]).is_some())
            .unwrap_or(lines.len());
        let body = &lines[i + 1..end];
        // The same as the goroutine before it, with at most the blank line between them.
        let follows =
            |at: usize| out.len() == at + 1 + body.len() || out.len() == at + 2 + body.len();
        match &mut group {
            Some((at, st, frames)) if st == state && frames == body && follows(*at) => {
                let (at, state) = (*at, state.to_string());
                out.truncate(at + 1 + body.len());
                let head = out[at]
                    .strip_suffix(&format!(" {state}"))
                    .unwrap_or(&out[at]);
                out[at] = format!("{head} {id} {state}");
            }
            _ => {
                group = Some((out.len(), state.to_string(), body.to_vec()));
                out.push(lines[i].clone());
                out.extend_from_slice(body);
            }
        }
        i = end;
    }
    out
}

/// A test's log line (`    a_test.go:14: got 3`): its place, `a_test.go:14`.
fn go_log_place(line: &str) -> Option<&str> {
    let t = line.strip_prefix("    ")?.trim_start();
    let (place, _) = crate::minimize::text::split_str(t, ": ")?;
    let (file, number) = place.rsplit_once(':')?;
    (file.ends_with(".go") && !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()))
        .then_some(place)
}

/// Ends a run of a passing test's log lines from one place: `(+7 more lines here)` on the
/// first, which stays whole.
fn close_log(out: &mut [String], log: Option<(usize, &str, usize)>) {
    if let Some((at, _, more)) = log.filter(|l| l.2 > 0) {
        out[at].push_str(&format!(
            " (+{more} more line{} here)",
            if more == 1 { "" } else { "s" }
        ));
    }
}

/// Whether `line` is go's `go test -run=FuzzX/<id>` for the input `kept` says it wrote
/// (`Failing input written to testdata/fuzz/FuzzX/<id>`).
fn is_rerun_of(line: &str, kept: Option<&String>) -> bool {
    let Some(input) = trim_start(line).strip_prefix("go test -run=") else {
        return false;
    };
    kept.and_then(|k| trim_start(k).strip_prefix("Failing input written to "))
        .and_then(|path| path.strip_prefix("testdata/fuzz/"))
        .is_some_and(|written| !input.is_empty() && written == input)
}

/// `    --- FAIL: TestX/sub (0.01s)` without its time: `    --- FAIL: TestX/sub`.
fn failed_test_without_time(line: &str) -> Option<String> {
    let t = trim_start(line);
    if !(t.starts_with("--- FAIL: ") || t.starts_with("--- SKIP: ")) {
        return None;
    }
    let (head, time) = line.rsplit_once(" (")?;
    let secs = time.strip_suffix("s)")?;
    (!secs.is_empty() && secs.bytes().all(|b| b.is_ascii_digit() || b == b'.'))
        .then(|| head.to_string())
}

/// Runs of the same line as one, with its count (`  a_test.go:11: got 4, want 3 (x7)`).
fn counted(lines: Vec<String>) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(lines.len());
    let mut n = 0usize;
    for l in lines {
        if out.last() == Some(&l) && !is_blank(&l) {
            n += 1;
            continue;
        }
        if n > 0 {
            if let Some(last) = out.last_mut() {
                last.push_str(&format!(" (x{})", n + 1));
            }
        }
        n = 0;
        out.push(l);
    }
    if n > 0 {
        if let Some(last) = out.last_mut() {
            last.push_str(&format!(" (x{})", n + 1));
        }
    }
    out
}

/// The `ok  \tpkg\t0.01s` lines (time or `(cached)` after the package, nothing else), said
/// once after the rest: `ok (8 packages): example.com/mod/` then the packages under that
/// common directory on a row; a single one as `ok example.com/mod/pkg`. A line with more
/// (coverage) stays as written.
fn passed_packages(lines: Vec<String>) -> Vec<String> {
    let plain_ok = |l: &str| -> Option<String> {
        let rest = l.strip_prefix("ok  \t")?;
        let (pkg, after) = rest.split_once('\t').unwrap_or((rest, ""));
        let after = after.trim();
        let timing = after.is_empty()
            || after == "(cached)"
            || after
                .strip_suffix('s')
                .is_some_and(|t| t.parse::<f64>().is_ok());
        (timing && !pkg.contains(' ')).then(|| pkg.to_string())
    };
    let pkgs: Vec<String> = lines.iter().filter_map(|l| plain_ok(l)).collect();
    if pkgs.len() == 1 {
        // One package: its name after `ok`, without the time (as for several), `(cached)` kept.
        return lines
            .into_iter()
            .map(|l| match plain_ok(&l) {
                Some(pkg) if l.ends_with("(cached)") => format!("ok {pkg} (cached)"),
                Some(pkg) => format!("ok {pkg}"),
                None => l,
            })
            .collect();
    }
    if pkgs.len() < 2 {
        return lines;
    }
    let mut prefix = super::paths::split_dir(&pkgs[0]).0;
    for p in &pkgs {
        while !p.starts_with(prefix) {
            prefix = super::paths::split_dir(prefix.strip_suffix('/').unwrap_or("")).0;
        }
    }
    let mut out: Vec<String> = lines
        .into_iter()
        .filter(|l| plain_ok(l).is_none())
        .collect();
    // The run's closing `FAIL` (or `ok`) stays last.
    let last = out.pop_if(|l| l == "FAIL" || l == "PASS");
    out.push(format!("ok ({} packages): {prefix}", pkgs.len()));
    super::paths::rows(
        pkgs.iter().map(|p| p[prefix.len()..].to_string()).collect(),
        "  ",
        &mut out,
    );
    out.extend(last);
    out
}

/// An example's mismatch (`got:` at `lines[i - 1]`, its lines, `want:`, as many lines, up to a
/// line of Go's own): the lines that differ, numbered, each as got then want; `None` when the
/// two differ in length (then both stay whole). Returns the text and the index after `want`'s.
fn example_diff(lines: &[&str], i: usize) -> Option<(Vec<String>, usize)> {
    let want_at = i + lines[i..].iter().position(|l| *l == "want:")?;
    let got = &lines[i..want_at];
    let is_end = |l: &str| {
        l == "FAIL" || l.starts_with("--- ") || l.starts_with("FAIL\t") || l.starts_with("ok  \t")
    };
    let want_end = want_at
        + 1
        + lines[want_at + 1..]
            .iter()
            .position(|l| is_end(l))
            .unwrap_or(lines.len() - want_at - 1);
    let want = &lines[want_at + 1..want_end];
    if got.len() != want.len() || got.len() < 3 {
        return None;
    }
    let mut out = vec![format!("got/want differ (of {} lines):", got.len())];
    for (n, (g, w)) in got.iter().zip(want).enumerate() {
        if g != w {
            out.push(format!("  {} got:  {g}", n + 1));
            out.push(format!("  {} want: {w}", n + 1));
        }
    }
    Some((out, want_end))
}

/// `\t/usr/lib/go/src/testing/testing.go:1446 +0x10b`: the second line of a goroutine frame.
fn is_go_frame_location(line: &str) -> bool {
    // A panic's trace indents it with a tab, the race detector's report with six spaces; a
    // trace a test logged (a fuzz target's panic, `testing.go:1356: panic: …`) has the log's
    // indentation before the tab.
    re!(r"^( *\t| {6})\S+\.go:\d+( \+0x[0-9a-f]+)?$").is_some_and(|r| r.is_match(line))
}

/// A frame in the Go toolchain's standard library (`…/go-1.19/src/testing/…`) or a downloaded
/// module (`…/pkg/mod/…`), not the project's code.
fn is_outside_frame(location: &str) -> bool {
    location.contains("/pkg/mod/") || crate::minimize::text::is_go_toolchain_path(location)
}

/// ctest's report: the failing tests' lines and output, the summary, the failed list. Dropped:
/// `Start` lines, passing tests' result lines and (under `-V`) their output, dot leaders, blank
/// lines, `-V`'s own bookkeeping (`UpdateCTestConfiguration`, `Constructing a list of tests`, the
/// dependency graph, `test 2`, each test's working directory and timeout: the test command
/// stays), and `Test project DIR` when `Internal ctest changing into directory: DIR` said it.
pub(super) fn ctest(ctx: &Context) -> Option<String> {
    let start = re!(r"^\s+Start\s+\d+: ")?;
    let passed = re!(r"^\s*\d+/\d+ Test\s+#(\d+): .*\s+Passed\s+")?;
    // `-V`'s lines of test N: `N: text`.
    let verbose = re!(r"^(\d+): ")?;
    let verbose_run = ctx
        .inv
        .args
        .iter()
        .any(|a| matches!(a.as_str(), "-V" | "-VV" | "--verbose" | "--extra-verbose"));
    let passing: Vec<&str> = ctx
        .text
        .split_lines()
        .filter_map(|l| passed.captures(l)?.get(1).map(|m| m.as_str()))
        .collect();
    let changed_into = ctx
        .text
        .split_lines()
        .find_map(|l| l.strip_prefix("Internal ctest changing into directory: "));
    let bookkeeping = |l: &str| {
        const LINES: &[&str] = &[
            "Constructing a list of tests",
            "Done constructing a list of tests",
            "Updating test list for fixtures",
            "Checking test dependency graph...",
            "Checking test dependency graph end",
        ];
        LINES.contains(&l)
            || l.starts_with("UpdateCTestConfiguration  from :")
            || l.starts_with("Parse Config file:")
            || (l.starts_with("Added ") && l.ends_with(" to meet fixture requirements"))
            || l.strip_prefix("test ")
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            || l.strip_prefix("Test project ")
                .is_some_and(|d| Some(d) == changed_into)
    };
    let out = ctx
        .text
        .split_lines()
        .filter(|l| !is_blank(l) && !start.is_match(l) && !passed.is_match(l))
        .filter(|l| !bookkeeping(l))
        .filter(|l| match verbose.captures(l).filter(|_| verbose_run) {
            Some(c) => {
                let rest = &l[c[0].len()..];
                !passing.contains(&&c[1])
                    && !rest.starts_with("Working Directory: ")
                    && !rest.starts_with("Test timeout computed to be: ")
            }
            None => true,
        })
        .map(|l| {
            // `2/3 Test #2: b ..........***Failed` without its dot leader.
            match re!(r"\s\.{3,}\s*") {
                Some(r) => r.replace(l, " ").into_owned(),
                None => l.to_string(),
            }
        });
    Some(join_lines(out))
}

pub(super) fn gtest(ctx: &Context) -> Option<String> {
    let mut out = Vec::new();
    let mut test_lines: Option<Vec<&str>> = None;
    // gtest's closing lines repeat what the opening ones say: the test count (`Running 33 tests
    // from 4 test suites.` / `33 tests from 4 test suites ran.`), the failed count and names
    // (`[  FAILED  ] 3 tests, listed below:` / ` 3 FAILED TESTS`). The opening line goes when the
    // closing one is there (a crashed binary has none); a failing test's own line loses its time
    // when the list at the end names it again.
    let ran = ctx
        .text
        .split_lines()
        .any(|l| l.starts_with("[==========] ") && l.contains(" ran."));
    let listed = ctx.text.split_lines().find_map(|l| {
        l.strip_prefix("[  FAILED  ] ")?
            .strip_suffix(", listed below:")
            .map(|n| {
                n.trim_end_matches(" tests")
                    .trim_end_matches(" test")
                    .to_string()
            })
    });
    let passed = ctx
        .text
        .split_lines()
        .any(|l| l.starts_with("[  PASSED  ] "));
    let timing = re!(r" \(\d+ ms\)$")?;
    for line in ctx.text.split_lines() {
        if line.starts_with("[ RUN      ]") {
            test_lines = Some(Vec::new());
            continue;
        }
        if line.starts_with("[       OK ]") {
            test_lines = None;
            continue;
        }
        if line.starts_with("[----------]") || line.starts_with("Running main() from ") {
            continue;
        }
        if ran && line.starts_with("[==========] Running ") {
            continue;
        }
        // The run's total is the passed, failed and skipped counts that follow it.
        if passed && line.starts_with("[==========] ") && line.contains(" ran.") {
            continue;
        }
        if let Some(n) = &listed {
            let t = line.trim();
            if t == format!("{n} FAILED TESTS") || t == format!("{n} FAILED TEST") {
                continue;
            }
        }
        if line.starts_with("[  FAILED  ]") || line.starts_with("[  SKIPPED ]") {
            if let Some(lines) = test_lines.take() {
                out.extend(lines.into_iter().map(str::to_string));
            }
            let line = if listed.is_some() {
                timing.replace(line, "").into_owned()
            } else {
                line.to_string()
            };
            out.push(line);
            continue;
        }
        match &mut test_lines {
            Some(lines) => lines.push(line),
            None => out.push(line.to_string()),
        }
    }
    if let Some(lines) = test_lines {
        out.extend(lines.into_iter().map(str::to_string));
    }
    Some(join_lines(out.into_iter().filter(|l| !is_blank(l))))
}

/// Whether `text` is an RSpec report: its summary line (`7 examples, 2 failures`) after a
/// `Finished in` line.
pub(super) fn looks_like_rspec(text: &str) -> bool {
    if !crate::minimize::text::text_has(text, "Finished in ") {
        return false;
    }
    let summary = |l: &str| {
        l.split_once(" example").is_some_and(|(n, rest)| {
            n.parse::<u32>().is_ok() && (rest.starts_with(['s', ',']) || rest.is_empty())
        })
    };
    let mut finished = false;
    text.split_lines().any(|l| {
        finished |= l.starts_with("Finished in ");
        finished && summary(l)
    })
}

/// RSpec (`--format progress` or `documentation`): the example list before the report drops
/// (its progress characters, the names of the examples that passed, and those of the failing
/// and pending ones, which their sections below say with their messages and places; the
/// summary counts them all); a line in it that says more (a warning, a deprecation, an error)
/// stays. `Failures:`, the summary and the seed stay whole; `Failed examples:` (the rerun
/// commands, `rspec ./spec/a_spec.rb:20 # name`) says its places on the failures' headings
/// (`  1) name (rspec ./spec/a_spec.rb:20)`), a line whose name heads no failure once staying;
/// `Pending:` says each example on one line with its reason and its frames' places
/// (`pending ./spec/a_spec.rb:44 name # not implemented`), not the expected failure under it;
/// `Finished in` (the run's times) drops.
pub(super) fn rspec(ctx: &Context) -> Option<String> {
    const SECTIONS: [&str; 4] = ["Pending:", "Failures:", "Failed examples:", "Finished in "];
    let progress =
        |l: &str| !l.is_empty() && l.bytes().all(|b| matches!(b, b'.' | b'F' | b'*' | b'E'));
    let marked = re!(r"\((FAILED - \d+|PENDING: .*)\)$")?;
    let says_more = re!(r"(?i)warn|deprecat|error|exception")?;
    let item = re!(r"^  \d+\) ")?;
    let mut out: Vec<String> = Vec::new();
    // A line the example list says again (Ruby's `warning: method redefined` each time a file
    // is loaded): its place in `out` and how many times it was said.
    let mut said: std::collections::HashMap<String, (usize, usize)> = Default::default();
    let mut section: Option<&str> = None;
    let mut error_block = false;
    // In `Pending:`, the example being read: its name, its reason, its frames' places.
    let mut pending: Option<(String, Option<String>, Vec<String>)> = None;
    let said_pending = |p: (String, Option<String>, Vec<String>), out: &mut Vec<String>| {
        let (name, reason, places) = p;
        let mut line = String::from("pending ");
        for place in &places {
            line.push_str(place);
            line.push(' ');
        }
        line.push_str(&name);
        if let Some(r) = reason {
            line.push_str(" # ");
            line.push_str(&r);
        }
        out.push(line);
    };
    for line in ctx.text.split_lines() {
        if let Some(s) = SECTIONS.iter().find(|s| line.starts_with(**s)) {
            section = Some(s);
            if let Some(p) = pending.take() {
                said_pending(p, &mut out);
            }
            match *s {
                "Finished in " | "Pending:" => continue,
                _ => {}
            }
        }
        match section {
            None => {
                let name = line.trim();
                // An error's lines run to the next blank line (`LoadError:`, then its message
                // and frames; `An error occurred while loading …`, then the files it offers).
                let in_error = std::mem::replace(&mut error_block, false);
                if name.is_empty() || progress(name) || marked.is_match(name) {
                    continue;
                }
                if !says_more.is_match(name) && !in_error {
                    continue;
                }
                error_block = true;
                // As written, progress characters before it and all: the location guard reads
                // them as part of its path.
                match said.get_mut(line) {
                    Some((_, n)) => *n += 1,
                    None => {
                        said.insert(line.to_string(), (out.len(), 1));
                        out.push(line.to_string());
                    }
                }
                continue;
            }
            Some("Pending:") => {
                if let Some(m) = item.find(line) {
                    if let Some(p) = pending.take() {
                        said_pending(p, &mut out);
                    }
                    pending = Some((line[m.end()..].trim().to_string(), None, Vec::new()));
                } else if let Some(p) = pending.as_mut() {
                    let t = trim_start(line);
                    // The reason right under the name; then the frames (`# ./spec/a.rb:44:in
                    // ...`), whose places are the example's.
                    match t.strip_prefix("# ") {
                        Some(r) if p.1.is_none() && p.2.is_empty() && !t.starts_with("# ./") => {
                            p.1 = Some(r.to_string());
                        }
                        Some(frame) => {
                            p.2.extend(locations(frame).into_iter().take(1).map(str::to_string));
                        }
                        None => {}
                    }
                }
                continue;
            }
            _ => {}
        }
        out.push(line.to_string());
    }
    if let Some(p) = pending.take() {
        said_pending(p, &mut out);
    }
    for (at, n) in said.into_values().filter(|&(_, n)| n > 1) {
        out[at].push_str(&format!(" ({n} times)"));
    }
    section?;
    Some(join_lines(fold_library_frames(with_rerun_places(out))))
}

/// RSpec's `Failed examples:` folded into the failures' headings: `rspec ./spec/a_spec.rb:20
/// # name` puts its command on the heading `  1) name` when exactly one failure has that name;
/// any other line stays under the section's heading.
fn with_rerun_places(mut out: Vec<String>) -> Vec<String> {
    let Some(at) = out.iter().position(|l| l == "Failed examples:") else {
        return out;
    };
    let rerun: Vec<String> = out.split_off(at + 1);
    let heading = |l: &str, name: &str| {
        l.strip_prefix("  ")
            .and_then(|r| r.split_once(") "))
            .is_some_and(|(n, rest)| n.bytes().all(|b| b.is_ascii_digit()) && rest == name)
    };
    let mut left = Vec::new();
    for line in rerun {
        let folded = line
            .strip_prefix("rspec ")
            .and_then(|r| r.split_once(" # "))
            .and_then(|(place, name)| {
                let mut found = (0..at).filter(|&i| heading(&out[i], name));
                let first = found.next()?;
                found.next().is_none().then_some((first, place))
            });
        match folded {
            Some((i, place)) => out[i] = format!("{} (rspec {place})", out[i]),
            None if is_blank(&line) => {}
            None => left.push(line),
        }
    }
    if left.is_empty() {
        out.pop();
    } else {
        out.extend(left);
    }
    out
}

/// Whether `text` is ExUnit's report (`mix test`): its summary (`7 tests, 2 failures`, after
/// any `3 doctests, `) after a `Finished in` line.
pub(super) fn looks_like_exunit(text: &str) -> bool {
    let summary = re!(r"^(\d+ (doctests?|propert(y|ies)), )*\d+ tests?, \d+ failures?");
    let Some(summary) = summary else {
        return false;
    };
    let mut finished = false;
    text.split_lines().any(|l| {
        finished |= l.starts_with("Finished in ");
        finished && summary.is_match(l)
    })
}

/// ExUnit (`mix test`): its progress characters (`.` a passing test, `*` a skipped one: the
/// summary counts them), the blank lines around each failure, a table's rules (`--cover`'s
/// `-----|-----`) and `Finished in` (the run's times) drop. Each failure's heading, place,
/// assertion, values and stack trace, the summary, the seed and every other line stay as
/// written.
pub(super) fn exunit(ctx: &Context) -> Option<String> {
    let progress = |t: &str| !t.is_empty() && t.bytes().all(|b| matches!(b, b'.' | b'*'));
    let rule = |t: &str| {
        t.len() >= 3 && t.bytes().all(|b| matches!(b, b'-' | b'|' | b'+')) && t.contains('-')
    };
    let kept = ctx.text.split_lines().filter(|l| {
        let t = l.trim();
        !(t.is_empty() || progress(t) || rule(t) || l.starts_with("Finished in "))
    });
    Some(join_lines(kept))
}

/// Frames in a row that [`py_trace`] counts: fewer cost less than the line that counts them.
const MIN_PY_FRAME_RUN: usize = 3;

/// `  File "/app/x.py", line 3, in f`: a Python traceback's frame, as every Python prints it
/// (the interpreter's uncaught error, unittest's and Django's test reports, a logged exception).
fn is_py_frame(line: &str) -> bool {
    line.starts_with("  File \"") && has(line, "\", line ")
}

/// A frame inside an installed package (`site-packages/`, `dist-packages/`).
fn is_dependency_py_frame(line: &str) -> bool {
    is_py_frame(line) && is_dependency_frame(line)
}

/// Whether `text` holds a Python traceback with [`MIN_PY_FRAME_RUN`] frames in a row inside
/// installed packages, which [`py_trace`] counts.
pub(super) fn has_py_trace(text: &str) -> bool {
    if !crate::minimize::text::text_has(text, "Traceback (most recent call last):") {
        return false;
    }
    let mut run = 0;
    for line in text.split_lines() {
        if is_py_frame(line) {
            run = if is_dependency_frame(line) {
                run + 1
            } else {
                0
            };
            if run >= MIN_PY_FRAME_RUN {
                return true;
            }
        } else if !line.starts_with("    ") {
            // A frame's source line and its caret line are part of the frame; anything else
            // ends the run.
            run = 0;
        }
    }
    false
}

/// Python tracebacks with their runs of installed packages' frames (a frame: its `File` line, its
/// source line, its caret line) counted: `  [14 frames in installed packages]`, as pytest's
/// native tracebacks and JavaScript traces say theirs. The program's own frames stay as written
/// and in order, and so does the frame that raised when a run ends the traceback (the library's
/// place the exception line names). Everything else passes as written.
pub(super) fn py_trace(ctx: &Context) -> Option<String> {
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let mut out: Vec<&str> = Vec::with_capacity(lines.len());
    let mut counts: Vec<(usize, usize)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !is_dependency_py_frame(lines[i]) {
            out.push(lines[i]);
            i += 1;
            continue;
        }
        // The run's frames, each from its `File` line to the line before the next frame's.
        let mut frames: Vec<(usize, usize)> = Vec::new();
        let mut j = i;
        while j < lines.len() && is_dependency_py_frame(lines[j]) {
            let end = lines[j + 1..]
                .iter()
                .position(|l| !l.starts_with("    "))
                .map_or(lines.len(), |n| j + 1 + n);
            frames.push((j, end));
            j = end;
        }
        let raised = !lines.get(j).is_some_and(|l| is_py_frame(l));
        let counted = frames.len() - usize::from(raised);
        if counted >= MIN_PY_FRAME_RUN {
            counts.push((out.len(), counted));
            if raised {
                let (from, to) = frames[frames.len() - 1];
                out.extend(&lines[from..to]);
            }
        } else {
            out.extend(&lines[i..j]);
        }
        i = j;
    }
    if counts.is_empty() {
        return None;
    }
    let notes: Vec<String> = counts
        .iter()
        .map(|(_, n)| format!("  [{n} frames in installed packages]"))
        .collect();
    let mut joined: Vec<&str> = Vec::with_capacity(out.len() + counts.len());
    let mut next = counts.iter().zip(&notes).peekable();
    for (at, line) in out.iter().enumerate() {
        while let Some(((_, _), note)) = next.next_if(|((k, _), _)| *k == at) {
            joined.push(note.as_str());
        }
        joined.push(line);
    }
    joined.extend(next.map(|(_, note)| note.as_str()));
    Some(join_lines(joined))
}

/// Whether an output reads as a `go test` run whatever started it (a script, `make test`):
/// `-v`'s `=== RUN   TestX` lines among its first, or two of a package's verdict lines, Go's
/// tab after the word (`ok  \tpath\t0.01s`, `FAIL\tpath\t0.01s`, `?   \tpath\t[no test files]`),
/// or one of them with a test's own verdict line (`--- FAIL: TestX (0.00s)`: one package's run,
/// as `go test -race -run X .` prints it under a data race report).
/// `head` is the sniff's: the text's first lines.
pub(super) fn looks_like_go_test(head: &str, text: &str) -> bool {
    const RUN_MIN_LINES: usize = 2;
    const VERDICT_MIN_LINES: usize = 2;
    use crate::minimize::text::text_has;
    if head
        .split_lines()
        .filter(|l| l.starts_with("=== RUN   "))
        .take(RUN_MIN_LINES)
        .count()
        >= RUN_MIN_LINES
    {
        return true;
    }
    if !["ok  \t", "FAIL\t", "?   \t"]
        .iter()
        .any(|v| text_has(text, v))
    {
        return false;
    }
    let verdicts = text
        .split_lines()
        .filter(|l| l.starts_with("ok  \t") || l.starts_with("FAIL\t") || l.starts_with("?   \t"))
        .take(VERDICT_MIN_LINES)
        .count();
    verdicts >= VERDICT_MIN_LINES
        || verdicts == 1
            && text.split_lines().any(|l| {
                (l.starts_with("--- FAIL: ") || l.starts_with("--- PASS: ")) && l.ends_with("s)")
            })
}

/// Whether an output reads as a pytest run whatever started it (a script, a wrapper, `-q`
/// with no session header): one of its section banners (`=== FAILURES ===`, `=== short test
/// summary info ===`, …), a progress line of outcome marks and a percentage (`..F.s [ 42%]`),
/// or, as its last line, its closing counts (`3 failed, 26 passed in 0.03s`, `297 tests
/// collected in 3.20s`, with or without `=` around them). What pytest's filter keys on, said
/// as a shape; a near miss (a banner with another title, counts without `in <time>s`) is not one.
/// `head` is the sniff's: the text's first lines, where a progress line is looked for.
pub(super) fn looks_like_pytest_run(head: &str, text: &str) -> bool {
    const BANNERS: [&str; 5] = [
        "= FAILURES =",
        "= ERRORS =",
        "= short test summary info =",
        "= warnings summary =",
        "= test session starts =",
    ];
    // A banner is a whole line of `=` around its title (a package's description quoting one
    // inside a JSON string is not one); the lines are read only when its words occur.
    let banner_line = |b: &str| {
        text.split_lines().any(|l| {
            let l = l.trim_end();
            l.starts_with("==") && l.ends_with("==") && l.contains(b)
        })
    };
    if BANNERS
        .iter()
        .any(|b| crate::minimize::text::text_has(text, b) && banner_line(b))
    {
        return true;
    }
    let Some(counts) = re!(
        r"^(?:=+ )?\d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?|rerun|tests? collected)(?:, \d+ (?:passed|failed|errors?|skipped|xfailed|xpassed|deselected|warnings?|rerun))* in \d+(?:\.\d+)?s(?: \([0-9:]+\))?(?: =+)?$"
    ) else {
        return false;
    };
    let last = text.split_lines().rev().find(|l| !is_blank(l));
    if last.is_some_and(|l| counts.is_match(l.trim())) {
        return true;
    }
    // Progress lines (`-q`'s dots with their percentage), among the first lines.
    let Some(progress) = re!(r"^(?:\S+\.py )?[.FEsxX]+\s*\[\s*\d+%\]$") else {
        return false;
    };
    // (The pattern only on lines that end as one: most end otherwise.)
    head.split_lines()
        .map(str::trim_end)
        .filter(|l| l.ends_with("%]") && progress.is_match(l))
        .count()
        >= 2
}
