//! Machine-readable reports a program prints as JSON, by their shape rather than the program:
//! a list of findings (objects with a file, a line and a message: ruff, eslint, shellcheck,
//! pylint, bandit, golangci-lint, hadolint, mypy's JSON lines; phpcs's map keyed by file) is
//! the location list the text formats give, and a tree of entries (`tree -J`: `name`, `type`, `contents`) is a path list.
//! Dropped: what only a program reads (urls, end positions, fix edits, noqa rows, cell ids);
//! kept: every finding's file, line, column, code, message and a fix's presence, every entry.

use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;
use serde_json::{Map, Value};

use super::build::push_place_rows;
use super::paths::{FastHash, PathList};
use super::Context;
use crate::minimize::text::{fold_library_frames, is_dependency_frame, join_lines};

/// Whether `text` is a JSON document (an array or an object) or a stream of JSON lines.
pub(super) fn looks_like_json(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('[') || t.starts_with('{')
}

/// The values of `text`: one document, or one a line (`mypy -O json`, `go vet -json` style).
fn parse(text: &str) -> Option<Vec<Value>> {
    // A document ends with its closing bracket: one cut short (a capture's limit) is not parsed
    // whole to learn so at its end.
    let closed = text.trim_end().ends_with(['}', ']']);
    if let Some(v) = closed
        .then(|| serde_json::from_str::<Value>(text).ok())
        .flatten()
    {
        return Some(vec![v]);
    }
    // One line (a report cut short): read a line at a time it is the same failed parse again.
    text.trim_end().split_lines().nth(1)?;
    text.split_lines()
        .filter(|l| !is_blank(l))
        .map(|l| serde_json::from_str::<Value>(l).ok())
        .collect()
}

/// JSON output as a location list or a path list; `None` for any other JSON (data, config,
/// a package manifest), which passes as it is.
pub(super) fn report(ctx: &Context) -> Option<String> {
    let values = parse(ctx.text)?;
    if let Some(text) = entry_tree(&values) {
        return Some(text);
    }
    if let Some(text) = test_run(&values) {
        return Some(text);
    }
    if let Some(text) = example_report(&values) {
        return Some(text);
    }
    if let Some(found) = sarif(&values) {
        return Some(render(found));
    }
    let mut found = Vec::new();
    for v in &values {
        collect(v, None, &mut found, 0)?;
    }
    (!found.is_empty()).then(|| render(found))
}

/// SARIF (ruff's, eslint's, semgrep's, clang's `sarif` output): each run's results, a finding
/// each at its first location (`physicalLocation.artifactLocation.uri`, `region.startLine`,
/// `startColumn`), its `ruleId`, `level` and `message.text`. The tool's rule catalogue is what
/// the tool knows, not what it found. `None` when it is not SARIF or a result has no place.
fn sarif(values: &[Value]) -> Option<Vec<Finding>> {
    let [Value::Object(doc)] = values else {
        return None;
    };
    let runs = doc.get("runs")?.as_array()?;
    let mut found = Vec::new();
    for run in runs {
        for result in run.get("results")?.as_array()? {
            let at = result.pointer("/locations/0/physicalLocation")?;
            let uri = at.pointer("/artifactLocation/uri")?.as_str()?;
            let file = uri.strip_prefix("file://").unwrap_or(uri).to_string();
            let line = at.pointer("/region/startLine")?.as_u64()?;
            let place = match at.pointer("/region/startColumn").and_then(Value::as_u64) {
                Some(c) => format!("{line}:{c}"),
                None => line.to_string(),
            };
            let text = |p: &str| result.pointer(p).and_then(Value::as_str).unwrap_or("");
            found.push(Finding {
                file,
                place,
                code: text("/ruleId").to_string(),
                severity: text("/level").to_string(),
                message: text("/message/text").replace('\n', " "),
                fix: result
                    .get("fixes")
                    .is_some_and(|f| f.as_array().is_some_and(|a| !a.is_empty())),
            });
        }
    }
    (!found.is_empty()).then_some(found)
}

/// One finding as the text formats say it.
pub(super) struct Finding {
    pub file: String,
    /// `line:col`, or `line`.
    pub place: String,
    pub code: String,
    pub severity: String,
    pub message: String,
    pub fix: bool,
}

/// The first of `keys` (searched as written, then inside a `location`/`start`/`Pos`/`range`
/// object) that holds a string or a number, as text.
fn field(o: &Map<String, Value>, keys: &[&str]) -> Option<String> {
    let direct = keys.iter().find_map(|k| match o.get(*k)? {
        Value::String(s) if !s.is_empty() => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    });
    direct.or_else(|| {
        ["location", "start", "Pos", "pos", "range", "position"]
            .iter()
            .filter_map(|w| o.get(*w)?.as_object())
            .find_map(|inner| field_flat(inner, keys))
    })
}

/// As [`field`], one level only (a `range` holds a `start` holding the line).
fn field_flat(o: &Map<String, Value>, keys: &[&str]) -> Option<String> {
    keys.iter()
        .find_map(|k| match o.get(*k)? {
            Value::String(s) if !s.is_empty() => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        })
        .or_else(|| {
            // A range's start: `start`, or `positions.begin` (the Code Climate format: ruff's
            // and ty's `gitlab`), or `range.start` (reviewdog's rdjson).
            ["start", "begin", "positions", "range"]
                .iter()
                .filter_map(|w| o.get(*w)?.as_object())
                .find_map(|s| field_flat(s, keys))
        })
}

const FILE_KEYS: &[&str] = &[
    "filename",
    "file",
    "path",
    "filePath",
    "file_path",
    "Filename",
    "fileName",
    "uri",
];
const LINE_KEYS: &[&str] = &[
    "line",
    "row",
    "line_number",
    "lineNumber",
    "startLine",
    "Line",
];
const COLUMN_KEYS: &[&str] = &["column", "col", "startColumn", "Column", "character"];
const CODE_KEYS: &[&str] = &[
    "code",
    "ruleId",
    "rule",
    "rule_id",
    "check_name",
    "symbol",
    "test_id",
    "message-id",
    "FromLinter",
    "check",
    "source",
];
const MESSAGE_KEYS: &[&str] = &[
    "message",
    "msg",
    "text",
    "Text",
    "description",
    "issue_text",
];
const SEVERITY_KEYS: &[&str] = &["severity", "level", "type", "issue_severity", "Severity"];

/// Deepest nesting read: a report nests findings two or three levels down (`results`, a file's
/// `messages`); deeper JSON is data, not a report.
const MAX_DEPTH: usize = 4;

/// Gathers the findings in `v`; `None` when it holds something that is neither a finding nor a
/// container of findings (the JSON is data, and passes as it is). `file` is the enclosing
/// object's (eslint's `filePath` around its `messages`).
fn collect(v: &Value, file: Option<&str>, out: &mut Vec<Finding>, depth: usize) -> Option<()> {
    if depth > MAX_DEPTH {
        return None;
    }
    match v {
        Value::Array(items) => {
            for item in items {
                collect(item, file, out, depth + 1)?;
            }
            Some(())
        }
        Value::Object(o) => {
            let own_file = field_flat(o, FILE_KEYS).or_else(|| field(o, FILE_KEYS));
            let file_here = own_file.as_deref().or(file);
            let message = o.get("message").and_then(|m| match m {
                // `"message": {"text": …}` (SARIF-like) or a string.
                Value::Object(inner) => field_flat(inner, &["text"]),
                _ => None,
            });
            let message = message.or_else(|| field_flat(o, MESSAGE_KEYS));
            let line = field(o, LINE_KEYS);
            if let (Some(f), Some(line), Some(message)) = (file_here, &line, &message) {
                if line.bytes().all(|b| b.is_ascii_digit()) {
                    let place = match field(o, COLUMN_KEYS) {
                        Some(c) if c.bytes().all(|b| b.is_ascii_digit()) => format!("{line}:{c}"),
                        _ => line.clone(),
                    };
                    let code = match o.get("code") {
                        Some(Value::Object(c)) => field_flat(c, &["value"]),
                        _ => None,
                    };
                    // A rule's name is one word: bandit's `code` is the source excerpt, its
                    // rule the `test_id` after it.
                    let rule = CODE_KEYS.iter().find_map(|k| match o.get(*k)? {
                        Value::String(s) if !s.is_empty() && !s.contains(char::is_whitespace) => {
                            Some(s.clone())
                        }
                        Value::Number(n) => Some(n.to_string()),
                        _ => None,
                    });
                    out.push(Finding {
                        file: f.to_string(),
                        place,
                        code: code.or(rule).unwrap_or_default(),
                        severity: field_flat(o, SEVERITY_KEYS).unwrap_or_default(),
                        message: message.replace('\n', " "),
                        // eslint's `fix` edit; phpcs's `"fixable": true`.
                        fix: o
                            .get("fix")
                            .is_some_and(|f| !f.is_null() && f != &Value::Bool(false))
                            || o.get("fixable") == Some(&Value::Bool(true)),
                    });
                    return Some(());
                }
            }
            // A container: its arrays of objects are read, its other fields (counts, a
            // version, the file's own summary) are its report's.
            let mut any = false;
            for inner in o.values() {
                if let Value::Array(items) = inner {
                    if items.iter().all(Value::is_object) && !items.is_empty() {
                        collect(inner, file_here, out, depth + 1)?;
                        any = true;
                    }
                }
            }
            // A map keyed by file (phpcs's `"files": {"src/a.php": {"messages": […]}}`): each
            // file's report read with its key as the file, a file with an empty list being a
            // clean one. Beside it, what is not a map of findings (phpcs's `totals`) is the
            // report's own summary.
            for (key, inner) in o {
                let Value::Object(io) = inner else {
                    continue;
                };
                if is_path_key(key) && own_file.is_none() {
                    let clean = io
                        .values()
                        .any(|v| v.as_array().is_some_and(|a| a.is_empty()));
                    if !clean {
                        collect(inner, Some(key), out, depth + 1)?;
                    }
                    any = true;
                } else if io.keys().any(|k| is_path_key(k)) {
                    let mut found = Vec::new();
                    if collect(inner, file_here, &mut found, depth + 1).is_some() {
                        out.extend(found);
                        any = true;
                    }
                }
            }
            // An object with neither a finding nor findings under it is data, unless it sits
            // beside findings as a file with none (eslint lists clean files: `"messages": []`).
            // An object with a file but neither a finding nor an empty list is not a clean
            // file: something this reading does not know, so the JSON passes as it is.
            let empty_list = o
                .values()
                .any(|v| v.as_array().is_some_and(|a| a.is_empty()));
            (any || own_file.is_some() && empty_list).then_some(())
        }
        _ => None,
    }
}

/// Whether an object's key names a file: a path with a `/` and an extension
/// (`src/a.php`, `/work/x/B.php`), never a word (`totals`, `dependencies`).
fn is_path_key(key: &str) -> bool {
    let name = key.rsplit('/').next().unwrap_or(key);
    key.contains('/')
        && !key.contains(char::is_whitespace)
        && name.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && !ext.is_empty() && ext.bytes().all(|b| b.is_ascii_alphanumeric())
        })
}

/// Fewest findings with one code and one message, word for word, said as that message once with
/// each place: fewer cost about what the message's line does. Only equal messages are grouped:
/// two that differ in a quoted name (`Class 'A' inherits…`, `Class 'B' inherits…`) are two
/// facts, each written out (a shape with the names beside the places reads as neither message).
const SHAPE_MIN_FINDINGS: usize = 3;

/// A message's places, by file: each file with its places, in order.
type PlacesByFile = Vec<(String, Vec<String>)>;

/// `found` (never empty) as a location list: a count, each file's findings under it, a message
/// said by many findings once with its places.
pub(super) fn render(found: Vec<Finding>) -> String {
    // The directory every file shares, said once (a linter given absolute paths).
    let first_dir = found[0]
        .file
        .rfind('/')
        .map_or("", |i| &found[0].file[..=i]);
    let mut common = first_dir.to_string();
    for f in &found {
        while !f.file.starts_with(&common) {
            common.pop();
            match common.rfind('/') {
                Some(i) => common.truncate(i + 1),
                None => common.clear(),
            }
        }
    }
    let short = |f: &str| f[common.len()..].to_string();
    let severities: std::collections::HashSet<&str, FastHash> =
        found.iter().map(|f| f.severity.as_str()).collect();
    let one_severity = severities.len() == 1;
    let head = |f: &Finding| {
        let mut h = String::new();
        if !one_severity && !f.severity.is_empty() {
            h.push_str(&f.severity);
            h.push(' ');
        }
        if !f.code.is_empty() {
            h.push_str(&f.code);
            h.push(' ');
        }
        if f.fix {
            h.push_str("[fix] ");
        }
        h
    };
    // Findings that share a code, a fix mark and a message.
    let mut shapes: std::collections::HashMap<(String, &str), usize, FastHash> = Default::default();
    for f in &found {
        *shapes.entry((head(f), f.message.as_str())).or_default() += 1;
    }
    let mut out = Vec::new();
    let files: std::collections::HashSet<&str, FastHash> =
        found.iter().map(|f| f.file.as_str()).collect();
    let mut summary = format!(
        "{} finding{} in {} file{}",
        found.len(),
        if found.len() == 1 { "" } else { "s" },
        files.len(),
        if files.len() == 1 { "" } else { "s" },
    );
    if one_severity && !found[0].severity.is_empty() {
        summary.push_str(&format!(" ({})", found[0].severity));
    }
    if !common.is_empty() {
        summary.push_str(&format!(", under {common}"));
    }
    out.push(summary);
    // Each file's findings one a line under it (a message is a sentence, never a row's item).
    let mut by_file: Vec<(String, Vec<String>)> = Vec::new();
    let mut grouped: Vec<(String, PlacesByFile)> = Vec::new();
    let mut group_at: std::collections::HashMap<(String, &str), usize, FastHash> =
        Default::default();
    for f in &found {
        let h = head(f);
        let key = (h, f.message.as_str());
        if shapes.get(&key).is_some_and(|&n| n >= SHAPE_MIN_FINDINGS) {
            let g = *group_at.entry(key.clone()).or_insert_with(|| {
                grouped.push((format!("{}{}", key.0, key.1), Vec::new()));
                grouped.len() - 1
            });
            let file = short(&f.file);
            let places = &mut grouped[g].1;
            match places.iter_mut().find(|(p, _)| *p == file) {
                Some((_, at)) => at.push(f.place.clone()),
                None => places.push((file, vec![f.place.clone()])),
            }
            continue;
        }
        let file = short(&f.file);
        let line = format!("  {} {}{}", f.place, key.0, f.message);
        match by_file.last_mut().filter(|(name, _)| *name == file) {
            Some((_, lines)) => lines.push(line),
            None => match by_file.iter_mut().find(|(name, _)| *name == file) {
                Some((_, lines)) => lines.push(line),
                None => by_file.push((file, vec![line])),
            },
        }
    }
    for (file, lines) in by_file {
        out.push(format!("{file}:"));
        out.extend(lines);
    }
    for (message, places) in grouped {
        let n: usize = places.iter().map(|(_, p)| p.len()).sum();
        out.push(format!("{message} ({n} places):"));
        // Places alone a blank apart (`26:9 30:9`), as a compiler's are.
        for (file, at) in places {
            push_place_rows(&mut out, &file, at);
        }
    }
    join_lines(out)
}

/// `tree -J`: `[{"type":"directory","name":"py","contents":[…]}, {"type":"report",…}]` as a
/// path list by directory and the report's counts; `None` for other JSON.
fn entry_tree(values: &[Value]) -> Option<String> {
    let [Value::Array(items)] = values else {
        return None;
    };
    let is_entry = |v: &Value| {
        v.get("type").and_then(Value::as_str).is_some() && v.get("name").is_some()
            || v.get("type").and_then(Value::as_str) == Some("report")
    };
    if items.is_empty() || !items.iter().all(is_entry) {
        return None;
    }
    let mut list = PathList::default();
    let mut other = Vec::new();
    for item in items {
        if item.get("type").and_then(Value::as_str) == Some("report") {
            let count = |k: &str| item.get(k).and_then(Value::as_u64);
            match (count("directories"), count("files")) {
                (Some(d), Some(f)) => other.push(format!("{d} directories, {f} files")),
                _ => other.push(item.to_string()),
            }
            continue;
        }
        walk_entry(item, "", &mut list, 0)?;
    }
    let mut out = Vec::new();
    list.render(&mut out);
    out.extend(other);
    Some(join_lines(out))
}

/// Deepest directory walked: `tree` itself stops far sooner in practice.
const MAX_TREE_DEPTH: usize = 64;

/// Adds an entry (a directory's entries under `dir/name/`) to `list`; a directory with none is
/// said with its `/`; a link with its target (`name -> target`).
fn walk_entry(v: &Value, dir: &str, list: &mut PathList, depth: usize) -> Option<()> {
    if depth > MAX_TREE_DEPTH {
        return None;
    }
    let name = v.get("name")?.as_str()?;
    let kind = v.get("type")?.as_str()?;
    match (kind, v.get("contents").and_then(Value::as_array)) {
        ("directory", Some(contents)) if !contents.is_empty() => {
            let here = format!("{dir}{name}/");
            for c in contents {
                walk_entry(c, &here, list, depth + 1)?;
            }
        }
        ("directory", _) => list.add(dir, format!("{name}/")),
        _ => match v.get("target").and_then(Value::as_str) {
            Some(t) => list.add(dir, format!("{name} -> {t}")),
            None => list.add(dir, name.to_string()),
        },
    }
    Some(())
}

/// A test runner's JSON report of a run (mocha's `--reporter json`: `stats`, then `tests`,
/// `pending`, `failures` and `passes`, each test with its `title`, `fullTitle`, `file` and `err`):
/// the counts, then each file's tests, one a line (`✔`, `-` pending, `✖` failing), a failing
/// one with its error's stack (its frames inside node or installed dependencies dropped), or
/// its message when it has no stack. The lists after `tests` repeat its tests. Dropped:
/// durations, retries, speeds, the error's `actual`/`expected` (the message shows them).
fn test_run(values: &[Value]) -> Option<String> {
    let [Value::Object(o)] = values else {
        return None;
    };
    let stats = o.get("stats")?.as_object()?;
    let tests = o.get("tests")?.as_array()?;
    o.get("failures")?.as_array()?;
    let pending: std::collections::HashSet<&str> = o
        .get("pending")
        .and_then(Value::as_array)
        .map(|p| {
            p.iter()
                .filter_map(|t| t.get("fullTitle")?.as_str())
                .collect()
        })
        .unwrap_or_default();
    let count = |k: &str| {
        stats
            .get(k)
            .map_or_else(|| "?".to_string(), Value::to_string)
    };
    let mut out = vec![format!(
        "{} tests: {} passing, {} pending, {} failing ({}ms)",
        count("tests"),
        count("passes"),
        count("pending"),
        count("failures"),
        count("duration")
    )];
    let mut file_said: Option<&str> = None;
    for t in tests {
        let t = t.as_object()?;
        let title = t.get("fullTitle").or_else(|| t.get("title"))?.as_str()?;
        let file = t.get("file").and_then(Value::as_str).unwrap_or("");
        if file_said != Some(file) {
            out.push(format!("{file}:"));
            file_said = Some(file);
        }
        let err = t
            .get("err")
            .and_then(Value::as_object)
            .filter(|e| !e.is_empty());
        let Some(err) = err else {
            let mark = if pending.contains(title) { '-' } else { '✔' };
            out.push(format!("  {mark} {title}"));
            continue;
        };
        out.push(format!("  ✖ {title}"));
        let said = err
            .get("stack")
            .or_else(|| err.get("message"))
            .and_then(Value::as_str)
            .unwrap_or("");
        for l in said.split_lines() {
            let l = l.trim_end();
            if is_blank(l) || l.trim_start().starts_with("at ") && is_dependency_frame(l) {
                continue;
            }
            out.push(format!("      {l}"));
        }
    }
    Some(join_lines(out))
}

/// A test runner's JSON report of examples (`rspec --format json`: `examples`, each with a
/// `status`, a `full_description`, a `file_path` and `line_number`, a failure's `exception`
/// with its `class`, `message` and `backtrace`; a `summary_line`): the summary line; each
/// example that did not pass with its place, its name, its exception's class and message and
/// its backtrace, a trace's frames inside installed libraries folded by directory (see
/// [`fold_library_frames`]); the passing ones counted per file with their lines. Dropped: the
/// run times and ids.
fn example_report(values: &[Value]) -> Option<String> {
    let [Value::Object(o)] = values else {
        return None;
    };
    let examples = o.get("examples")?.as_array()?;
    let mut out: Vec<String> = Vec::new();
    if let Some(line) = o.get("summary_line").and_then(Value::as_str) {
        out.push(line.to_string());
    }
    // The passing examples' lines per file, files in the order first seen.
    let mut passed: Vec<(&str, Vec<String>)> = Vec::new();
    for e in examples {
        let e = e.as_object()?;
        let status = e.get("status")?.as_str()?;
        let file = e.get("file_path").and_then(Value::as_str).unwrap_or("");
        let line = e
            .get("line_number")
            .map(Value::to_string)
            .unwrap_or_default();
        let name = e
            .get("full_description")
            .or_else(|| e.get("description"))
            .and_then(Value::as_str)
            .unwrap_or("");
        if status == "passed" {
            match passed.iter_mut().find(|(f, _)| *f == file) {
                Some((_, lines)) => lines.push(line),
                None => passed.push((file, vec![line])),
            }
            continue;
        }
        let mut heading = format!("{status} {file}:{line} {name}");
        if let Some(m) = e.get("pending_message").and_then(Value::as_str) {
            heading.push_str(" # ");
            heading.push_str(m);
        }
        out.push(heading);
        let Some(x) = e.get("exception").and_then(Value::as_object) else {
            continue;
        };
        if let Some(class) = x.get("class").and_then(Value::as_str) {
            out.push(format!("  {class}:"));
        }
        let message = x.get("message").and_then(Value::as_str).unwrap_or("");
        out.extend(
            message
                .split_lines()
                .filter(|l| !is_blank(l))
                .map(|l| format!("    {}", l.trim_end())),
        );
        // Frames at the line's start: a folded directory is a heading, its files under it.
        let frames: Vec<String> = x
            .get("backtrace")
            .and_then(Value::as_array)
            .map(|b| {
                b.iter()
                    .filter_map(Value::as_str)
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default();
        out.extend(fold_library_frames(frames));
    }
    if !passed.is_empty() {
        out.push("passed:".to_string());
        out.extend(
            passed
                .into_iter()
                .map(|(file, lines)| format!("  {file}: {}", lines.join(" "))),
        );
    }
    Some(join_lines(out))
}
