//! A JUnit XML report, by its shape rather than the program that printed it (vitest
//! `--reporter=junit`, jest-junit, mocha's and gotestsum's junit reporters, pytest's
//! `--junitxml=/dev/stdout`, Gradle and Maven Surefire files sent to the terminal): said as a
//! test run's text is. Each suite's counts stay; a passing case is counted, not named, and a
//! skipped one too unless it says why (`SKIP name: reason`);
//! a failing or erroring case keeps its name, its message and its body (entities decoded, the
//! XML's indentation gone, a stack's frames in dependencies or the runtime dropped), and what
//! it printed (`system-out`/`system-err`); a run of failing cases of one class, each said in a
//! line, has the class once above them. A case whose class or name is a place in a file
//! (busted's `spec/a_spec.lua:5`) keeps that place: passing and skipped ones on a row per file
//! (`  spec/a_spec.lua: 5 8 14`). Dropped: times,
//! timestamps, host names, properties, the XML declaration.

use super::json::{render, Finding};
use super::Context;
use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;
use crate::minimize::text::{is_dependency_frame, join_lines, locations};

/// Whether `text` is a JUnit XML report: an element `testsuites` or `testsuite` before any
/// `testcase`.
pub(super) fn looks_like_junit(text: &str) -> bool {
    let t = text.trim_start();
    (t.starts_with("<?xml") || t.starts_with("<testsuite"))
        && t.contains("<testsuite")
        && t.contains("<testcase")
}

/// A tag's name and attributes (`<testcase name="a" time="0">`), or its closing (`</testcase>`).
struct Tag<'a> {
    name: &'a str,
    closing: bool,
    empty: bool,
    /// Borrowed from the report unless an entity was decoded (most attributes have none).
    attributes: Vec<(&'a str, std::borrow::Cow<'a, str>)>,
}

impl Tag<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.attributes
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, v)| v.as_ref())
    }
}

/// The tag `raw` (between `<` and `>`); `None` for a malformed one.
fn tag(raw: &str) -> Option<Tag<'_>> {
    let (closing, raw) = match raw.strip_prefix('/') {
        Some(rest) => (true, rest),
        None => (false, raw),
    };
    let (empty, raw) = match raw.strip_suffix('/') {
        Some(rest) => (true, rest),
        None => (false, raw),
    };
    let name_end = raw.find(char::is_whitespace).unwrap_or(raw.len());
    let name = &raw[..name_end];
    let mut attributes = Vec::new();
    let mut rest = raw[name_end..].trim_start();
    while !rest.is_empty() {
        let (key, after) = rest.split_once('=')?;
        let after = after.trim_start();
        let quote = after.chars().next().filter(|c| matches!(c, '"' | '\''))?;
        let value_end = after[1..].find(quote)? + 1;
        attributes.push((key.trim(), decode(&after[1..value_end])));
        rest = after[value_end + 1..].trim_start();
    }
    Some(Tag {
        name,
        closing,
        empty,
        attributes,
    })
}

/// XML's five entities and numeric references decoded; anything else as it is.
fn decode(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.contains('&') {
        return text.into();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let Some(end) = rest.find(';').filter(|&e| e <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..end];
        let decoded = match entity {
            "lt" => Some('<'),
            "gt" => Some('>'),
            "amp" => Some('&'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            _ => entity
                .strip_prefix("#x")
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out.into()
}

/// A text's lines without the indentation they share and the blank lines around them.
fn body_lines(text: &str) -> Vec<String> {
    let text = decode(text.strip_prefix("<![CDATA[").unwrap_or(text));
    let text = text.strip_suffix("]]>").unwrap_or(&text);
    let lines: Vec<&str> = text.split_lines().map(str::trim_end).collect();
    let first = lines.iter().position(|l| !l.is_empty());
    let last = lines.iter().rposition(|l| !l.is_empty());
    let (Some(first), Some(last)) = (first, last) else {
        return Vec::new();
    };
    let lines = &lines[first..=last];
    let indent = lines
        .iter()
        .filter(|l| !l.is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or("").to_string())
        .collect()
}

/// Where the tag `rest` starts with ends: its `>` outside quotes (an attribute may hold `>`).
fn tag_end(rest: &str) -> Option<usize> {
    let mut quote = None;
    for (i, c) in rest.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(i),
            _ => {}
        }
    }
    None
}

/// The place a case's class or name is, whole (`spec/a_spec.lua:5`): its file and line.
fn place_of(attribute: &str) -> Option<(String, String)> {
    let found = locations(attribute);
    let [at] = found.as_slice() else {
        return None;
    };
    if at.len() != attribute.trim().len() {
        return None;
    }
    let (file, line) = at.split_once(':')?;
    Some((file.to_string(), line.to_string()))
}

/// Places said a row per file, in the order first met: `  spec/a_spec.lua: 5 8 14`.
#[derive(Default)]
struct Places(Vec<(String, Vec<String>)>);

impl Places {
    fn add(&mut self, (file, line): (String, String)) {
        match self.0.iter_mut().find(|(f, _)| *f == file) {
            Some((_, lines)) => lines.push(line),
            None => self.0.push((file, vec![line])),
        }
    }

    fn said(self, heading: &str, out: &mut Vec<String>) {
        if self.0.is_empty() {
            return;
        }
        out.push(format!("{heading}:"));
        out.extend(
            self.0
                .into_iter()
                .map(|(file, lines)| format!("  {file}: {}", lines.join(" "))),
        );
    }
}

/// A case's failure or error, or what it printed.
struct Part {
    kind: &'static str,
    message: String,
    body: String,
}

/// The report said as a test run's text; `None` when it is not well formed enough to read (it
/// then passes as it is).
pub(super) fn report(ctx: &Context) -> Option<String> {
    let text = ctx.text;
    if let Some(findings) = lint_findings(text) {
        return Some(findings);
    }
    let mut out = Vec::new();
    let (mut passed, mut skipped, mut failed) = (0usize, 0usize, 0usize);
    let mut case: Option<(String, Vec<Part>, bool)> = None;
    let mut place: Option<(String, String)> = None;
    let (mut passed_at, mut skipped_at) = (Places::default(), Places::default());
    let mut part: Option<Part> = None;
    let mut rest = text;
    let mut cases = 0usize;
    while let Some(open) = rest.find('<') {
        let between = &rest[..open];
        if let Some(p) = part.as_mut() {
            p.body.push_str(between);
        } else if !is_blank(between) {
            // Text outside any failure or output: not a report this reads.
            return None;
        }
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<![CDATA[") {
            let end = after.find("]]>")?;
            if let Some(p) = part.as_mut() {
                p.body.push_str(&after[..end]);
            }
            rest = &after[end + 3..];
            continue;
        }
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = &after[after.find("-->")? + 3..];
            continue;
        }
        let close = tag_end(rest)?;
        let raw = &rest[1..close];
        rest = &rest[close + 1..];
        // The XML declaration, a doctype.
        if raw.starts_with(['?', '!']) {
            continue;
        }
        let t = tag(raw)?;
        match (t.name, t.closing) {
            ("testsuites", false) => {}
            ("testsuite", false) => {
                let count = |k: &str| t.get(k).unwrap_or("0").to_string();
                out.push(format!(
                    "suite {}: {} tests, {} failures, {} errors, {} skipped",
                    t.get("name").unwrap_or("?"),
                    count("tests"),
                    count("failures"),
                    count("errors"),
                    t.get("skipped").or(t.get("disabled")).unwrap_or("0"),
                ));
            }
            ("testcase", false) => {
                let name = t.get("name").unwrap_or("?");
                let full = match t.get("classname").filter(|c| !c.is_empty()) {
                    Some(class) => format!("{class} > {name}"),
                    None => name.to_string(),
                };
                cases += 1;
                place = t
                    .get("classname")
                    .and_then(place_of)
                    .or_else(|| place_of(name));
                if t.empty {
                    passed += 1;
                    if let Some(p) = place.take() {
                        passed_at.add(p);
                    }
                } else {
                    case = Some((full, Vec::new(), false));
                }
            }
            ("testcase", true) => {
                let (name, parts, was_skipped) = case.take()?;
                let failing = parts.iter().any(|p| matches!(p.kind, "failure" | "error"));
                if failing {
                    failed += 1;
                    out.push(format!("FAIL {name}"));
                    for p in parts {
                        let body = body_lines(&p.body);
                        let said = !p.message.is_empty()
                            && body
                                .iter()
                                .any(|l| l.contains(p.message.split_lines().next().unwrap_or("")));
                        if !said && !p.message.is_empty() {
                            out.push(format!("  {}: {}", p.kind, p.message));
                        } else if p.kind != "failure" {
                            out.push(format!("  {}:", p.kind));
                        }
                        // A stack's frames inside a dependency or the runtime (`at …
                        // (node:internal/timers:483:21)`) are not the test's code; the test
                        // filters drop them from a runner's text too.
                        out.extend(
                            message_once(body)
                                .into_iter()
                                .filter(|l| {
                                    !(l.trim_start().starts_with("at ") && is_dependency_frame(l))
                                })
                                .map(|l| format!("  {l}")),
                        );
                    }
                } else {
                    if was_skipped {
                        skipped += 1;
                    } else {
                        passed += 1;
                    }
                    if let Some(p) = place.take() {
                        if was_skipped {
                            skipped_at.add(p);
                        } else {
                            passed_at.add(p);
                        }
                    }
                    // Why a case was skipped is a fact of its own: its name and the reason.
                    let reason = parts.iter().filter(|p| p.kind == "skipped").find_map(|p| {
                        let body = body_lines(&p.body);
                        let reason = if p.message.is_empty() {
                            body.first().cloned().unwrap_or_default()
                        } else {
                            p.message.clone()
                        };
                        (!reason.is_empty()).then_some(reason)
                    });
                    if let Some(reason) = reason {
                        out.push(format!("SKIP {name}: {reason}"));
                    }
                    // What a passing or skipped case printed stays, under its name.
                    let outcome = if was_skipped { "skipped" } else { "passed" };
                    let mut named = false;
                    for p in parts
                        .iter()
                        .filter(|p| matches!(p.kind, "stdout" | "stderr"))
                    {
                        let body = body_lines(&p.body);
                        if body.is_empty() {
                            continue;
                        }
                        if !named {
                            out.push(format!("{name} ({outcome})"));
                            named = true;
                        }
                        out.push(format!("  {}:", p.kind));
                        out.extend(body.into_iter().map(|l| format!("    {l}")));
                    }
                }
            }
            ("skipped", false) => {
                let new = Part {
                    kind: "skipped",
                    message: t.get("message").unwrap_or("").to_string(),
                    body: String::new(),
                };
                if let Some(c) = case.as_mut() {
                    c.2 = true;
                    if t.empty {
                        c.1.push(new);
                    } else {
                        part = Some(new);
                    }
                }
            }
            ("skipped", true) => {
                if let (Some(p), Some(c)) = (part.take(), case.as_mut()) {
                    c.1.push(p);
                }
            }
            (kind @ ("failure" | "error" | "system-out" | "system-err"), false) => {
                let kind = match kind {
                    "failure" => "failure",
                    "error" => "error",
                    "system-out" => "stdout",
                    _ => "stderr",
                };
                let message = match t.get("type").filter(|ty| !ty.is_empty()) {
                    Some(ty) if !t.get("message").unwrap_or("").starts_with(ty) => {
                        format!("{ty}: {}", t.get("message").unwrap_or(""))
                    }
                    _ => t.get("message").unwrap_or("").to_string(),
                };
                let new = Part {
                    kind,
                    message,
                    body: String::new(),
                };
                match (&mut case, t.empty) {
                    (Some(c), true) => c.1.push(new),
                    (Some(_), false) => part = Some(new),
                    // An empty one outside a case says nothing; a suite's own output is kept
                    // whole when it closes.
                    (None, true) => {}
                    (None, false) => part = Some(new),
                }
            }
            ("failure" | "error" | "system-out" | "system-err", true) => {
                let done = part.take()?;
                match case.as_mut() {
                    Some(c) => c.1.push(done),
                    None => {
                        let body = body_lines(&done.body);
                        if !body.is_empty() {
                            out.push(format!("{}:", done.kind));
                            out.extend(body.into_iter().map(|l| format!("  {l}")));
                        }
                    }
                }
            }
            ("properties" | "property" | "testsuite" | "testsuites", _) => {}
            _ => return None,
        }
    }
    if !is_blank(rest) || cases == 0 || case.is_some() || part.is_some() {
        return None;
    }
    passed_at.said("passed at", &mut out);
    skipped_at.said("skipped at", &mut out);
    out.push(format!(
        "{cases} tests: {passed} passed, {failed} failed, {skipped} skipped"
    ));
    Some(join_lines(classes_once(out)))
}

/// A linter's findings written as JUnit (ruff's and ty's `--output-format junit`, eslint's
/// `-f junit`): a suite per file, a failing case per finding named by its rule
/// (`org.ruff.F401`), its place in `line`/`column` attributes or at its body's start (`line 3,
/// col 5, `), its body the message again (eslint's with its severity and rule around it). Said
/// as the JSON formats' findings are ([`render`]: each file's findings under it, a message many
/// share once with its places), after the run's counts and each suite's where there are
/// several; the body's repeat of the message and the properties but the severity are dropped.
/// `None` when a case is anything else (a passing one, output, a body saying more): a test
/// run's report, read as one.
fn lint_findings(text: &str) -> Option<String> {
    let mut found = Vec::new();
    // Each suite's name, tests and failures; the run's tests, failures, errors, skipped.
    let mut suites: Vec<(String, String, String)> = Vec::new();
    let mut totals = [0usize; 4];
    let mut suite_name = String::new();
    // The open case's name, class, line and column; its severity; its failure's message and body.
    let mut case: Option<(String, String, Option<String>, Option<String>)> = None;
    let mut severity = String::new();
    let mut failure: Option<(String, String)> = None;
    let mut in_failure = false;
    let mut rest = text;
    while let Some(open) = rest.find('<') {
        let between = &rest[..open];
        if in_failure {
            failure.as_mut()?.1.push_str(between);
        } else if !is_blank(between) {
            return None;
        }
        rest = &rest[open..];
        if let Some(after) = rest.strip_prefix("<![CDATA[") {
            let end = after.find("]]>")?;
            if !in_failure {
                return None;
            }
            failure.as_mut()?.1.push_str(&after[..end]);
            rest = &after[end + 3..];
            continue;
        }
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = &after[after.find("-->")? + 3..];
            continue;
        }
        let close = tag_end(rest)?;
        let raw = &rest[1..close];
        rest = &rest[close + 1..];
        if raw.starts_with(['?', '!']) {
            continue;
        }
        let t = tag(raw)?;
        match (t.name, t.closing) {
            ("testsuite", false) => {
                let count = |k: &str| t.get(k).unwrap_or("0").to_string();
                for (i, k) in ["tests", "failures", "errors", "skipped"]
                    .iter()
                    .enumerate()
                {
                    totals[i] += count(k).parse::<usize>().ok()?;
                }
                suite_name = t.get("name").unwrap_or("").to_string();
                suites.push((suite_name.clone(), count("tests"), count("failures")));
            }
            ("testcase", false) if !t.empty && case.is_none() => {
                case = Some((
                    t.get("name")?.to_string(),
                    t.get("classname").unwrap_or("").to_string(),
                    t.get("line").map(str::to_string),
                    t.get("column").map(str::to_string),
                ));
                severity.clear();
            }
            ("property", false) if t.get("name") == Some("severity") => {
                severity = t.get("value").unwrap_or("").to_string();
            }
            ("failure" | "error", false) if case.is_some() && failure.is_none() => {
                failure = Some((t.get("message").unwrap_or("").to_string(), String::new()));
                in_failure = !t.empty;
            }
            ("failure" | "error", true) if in_failure => in_failure = false,
            ("testcase", true) => {
                let (name, class, line, column) = case.take()?;
                let (message, body) = failure.take()?;
                let body = decode(body.trim());
                // `line 3, col 5, ` before the text: the place, when no attribute says it.
                let (place, said) = match body.strip_prefix("line ").and_then(|b| {
                    let (l, b) = b.split_once(", col ")?;
                    let (c, b) = b.split_once(", ")?;
                    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
                    (digits(l) && digits(c)).then(|| (l.to_string(), c.to_string(), b))
                }) {
                    Some((l, c, b)) => (Some((line.unwrap_or(l), column.or(Some(c)))), b),
                    None => (line.map(|l| (l, column)), body.as_ref()),
                };
                let (line, column) = place?;
                let message = if message.is_empty() {
                    said.to_string()
                } else {
                    message
                };
                // The body is the message again, or eslint's `Error - message (rule)`.
                if !said.is_empty() && said != message {
                    let (sev, m) = said.split_once(" - ")?;
                    let rule = name.rsplit('.').next().unwrap_or(&name);
                    if m != format!("{message} ({rule})") && m != message {
                        return None;
                    }
                    severity = sev.to_ascii_lowercase();
                }
                let file = if suite_name.contains('/') || suite_name.contains('.') {
                    suite_name.clone()
                } else {
                    class
                };
                if file.is_empty() || message.contains('\n') {
                    return None;
                }
                found.push(Finding {
                    file,
                    place: match column {
                        Some(c) => format!("{line}:{c}"),
                        None => line,
                    },
                    code: name,
                    severity: std::mem::take(&mut severity),
                    message,
                    fix: false,
                });
            }
            ("testsuites", _) | ("testsuite", true) | ("properties", _) | ("property", _) => {}
            _ => return None,
        }
    }
    if !is_blank(rest) || found.is_empty() || case.is_some() {
        return None;
    }
    let [tests, failures, errors, skipped] = totals;
    let mut out = vec![format!(
        "{tests} tests, {failures} failures, {errors} errors, {skipped} skipped"
    )];
    if suites.len() > 1 {
        // Each suite's counts, its name under the directory they share (said once).
        let first = &suites[0].0;
        let mut common = first.rfind('/').map_or("", |i| &first[..=i]);
        for (name, _, _) in &suites {
            while !name.starts_with(common) {
                common = common[..common.len() - 1]
                    .rfind('/')
                    .map_or("", |i| &common[..=i]);
            }
        }
        out.push(if common.is_empty() {
            "suites:".to_string()
        } else {
            format!("suites, under {common}:")
        });
        out.extend(
            suites.iter().map(|(name, t, f)| {
                format!("  {}: {t} tests, {f} failures", &name[common.len()..])
            }),
        );
    }
    out.push(render(found));
    Some(join_lines(out))
}

/// A failure's body that says its message, then the error's line repeating it in the stack
/// (`Expected values to be strictly equal:` … `AssertionError [ERR_ASSERTION]: Expected values
/// to be strictly equal:` and the message's lines again, as mocha's xunit reporter writes it):
/// the error's line said with its name and a pointer up, the repeated lines gone.
fn message_once(body: Vec<String>) -> Vec<String> {
    let Some(first) = body.first().filter(|l| !is_blank(l)) else {
        return body;
    };
    let error_line = body.iter().enumerate().skip(1).find_map(|(i, l)| {
        let name = l.strip_suffix(first.as_str())?.strip_suffix(": ")?;
        (!name.is_empty() && !name.starts_with(char::is_whitespace)).then_some((i, name))
    });
    let Some((at, name)) = error_line else {
        return body;
    };
    // The message's next lines said again after the error's line.
    let again = (1..at)
        .take_while(|&k| body.get(at + k).is_some_and(|l| *l == body[k]))
        .count();
    let mut out = Vec::with_capacity(body.len());
    out.extend(body[..at].iter().cloned());
    out.push(format!("{name}: (the message above)"));
    out.extend(body[at + 1 + again..].iter().cloned());
    out
}

/// Fewest failing cases of one class in a row, each said in a line or two, for the class to be
/// said once above them: a linter's JUnit report (ruff's, a case per finding, its file as the
/// class) repeats a long path on every case.
const CLASS_RUN_MIN_CASES: usize = 3;

/// The end every one of two or more lines shares after a `, ` (`line 28, col 15, Use X` and
/// `line 29, col 24, Use X`: `Use X`), each keeping a start of its own; `None` otherwise.
fn shared_end<'a>(details: &[Option<&'a str>]) -> Option<&'a str> {
    if details.len() < 2 || details.iter().any(Option::is_none) {
        return None;
    }
    let first = details[0]?;
    // The ends of the first line after each `, `, longest first.
    first
        .match_indices(", ")
        .map(|(at, _)| &first[at + 2..])
        .find(|end| {
            !end.is_empty()
                && details.iter().flatten().all(|d| {
                    d.len() > end.len() + 2
                        && d.ends_with(end)
                        && d[..d.len() - end.len()].ends_with(", ")
                })
        })
}

/// Failing cases said `FAIL class > name` and at most one line under it, in runs of one class:
/// the class once (`FAIL class (3 cases):`), then each case's name and its line on one row
/// (`  name: line 28, col 15, msg`). Cases with more to say stay as they were.
fn classes_once(out: Vec<String>) -> Vec<String> {
    // (class, name, its one line) for a short failing case starting at `i`, and its length.
    let short = |i: usize| -> Option<(&str, &str, Option<&str>, usize)> {
        let (class, name) = out[i].strip_prefix("FAIL ")?.split_once(" > ")?;
        let next = out.get(i + 1).filter(|l| l.starts_with("  "));
        let detail = next.map(|l| l.trim());
        let len = 1 + usize::from(next.is_some());
        // A second indented line: more than one line to say.
        if next.is_some() && out.get(i + 2).is_some_and(|l| l.starts_with("  ")) {
            return None;
        }
        Some((class, name, detail, len))
    };
    let mut said = Vec::with_capacity(out.len());
    let mut i = 0;
    while i < out.len() {
        let Some((class, ..)) = short(i) else {
            said.push(out[i].clone());
            i += 1;
            continue;
        };
        let mut run = Vec::new();
        let mut j = i;
        while let Some(case) = short(j).filter(|c| c.0 == class) {
            j += case.3;
            run.push(case);
        }
        if run.len() < CLASS_RUN_MIN_CASES {
            said.extend(out[i..j].iter().cloned());
        } else {
            said.push(format!("FAIL {class} ({} cases):", run.len()));
            // Cases of one name whose lines end alike (`line 28, col 15, Use X`, `line 29, col
            // 24, Use X`: a linter's rule at several places): the shared end said once, then
            // each case's own start (`org.ruff.UP045: Use X: line 28, col 15; line 29, col 24`).
            let mut names: Vec<(&str, Vec<Option<&str>>)> = Vec::new();
            for (_, name, detail, _) in run {
                match names.iter_mut().find(|(n, _)| *n == name) {
                    Some((_, details)) => details.push(detail),
                    None => names.push((name, vec![detail])),
                }
            }
            for (name, details) in names {
                let shared = shared_end(&details);
                match shared {
                    Some(end) => {
                        let starts: Vec<&str> = details
                            .iter()
                            .flatten()
                            .map(|d| &d[..d.len() - end.len() - 2])
                            .collect();
                        said.push(format!("  {name}: {end}: {}", starts.join("; ")));
                    }
                    None => said.extend(details.into_iter().map(|d| match d {
                        Some(d) => format!("  {name}: {d}"),
                        None => format!("  {name}"),
                    })),
                }
            }
        }
        i = j;
    }
    said
}
