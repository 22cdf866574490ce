//! A linter's findings as XML, whatever printed them: cppcheck's `--xml` report (`<error id
//! severity msg verbose cwe>` with its `<location file line column info>`s) and the checkstyle
//! format many linters write (`<file name>` around `<error line column severity message
//! source>`: eslint, shellcheck, ktlint, phpcs `-f checkstyle`). Each finding becomes one row,
//! `file:line:col: severity: message [rule]`, a further place's note after it; the markup, the
//! tool's version and a finding's `<symbol>` (its message names it) go.

use crate::minimize::text::{has, join_lines};

/// Whether `text` is an XML report of either shape: an XML start, then an `<error ` element
/// within the first lines, under `<results` (cppcheck) or `<checkstyle` (the checkstyle format).
pub(super) fn looks_like_findings_xml(text: &str) -> bool {
    let start = text.trim_start();
    let head = start
        .char_indices()
        .nth(HEAD_CHARS)
        .map_or(start, |(at, _)| &start[..at]);
    (start.starts_with("<?xml")
        || start.starts_with("<results")
        || start.starts_with("<checkstyle"))
        && (has(head, "<results") || has(head, "<checkstyle"))
        && has(text, "<error ")
}

/// Characters of the report's start read for its root element.
const HEAD_CHARS: usize = 512;

/// `name="value"` of a tag's text, unescaped.
fn attr(tag: &str, name: &str) -> Option<String> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    let end = tag[at..].find('"')? + at;
    Some(unescape(&tag[at..end]))
}

/// XML's five entities as their characters.
fn unescape(s: &str) -> String {
    if !s.contains('&') {
        return s.to_string();
    }
    s.replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&#10;", " ")
        .replace("&amp;", "&")
}

/// `file:line[:col]` of a tag's `file`/`line`/`column` attributes (`file` given apart for
/// checkstyle's rows, which say only their line).
fn place(file: &str, tag: &str) -> Option<String> {
    let line = attr(tag, "line")?;
    Some(match attr(tag, "column").filter(|c| c != "0") {
        Some(col) => format!("{file}:{line}:{col}"),
        None => format!("{file}:{line}"),
    })
}

/// The report's findings as rows (see the module's header); `None` when it holds none or a
/// finding without a place.
pub(super) fn findings_xml(text: &str) -> Option<String> {
    let mut out: Vec<String> = Vec::new();
    // checkstyle's current `<file name>`; cppcheck's open `<error>`: its head, its notes.
    let mut file: Option<String> = None;
    let mut open: Option<(String, Vec<String>)> = None;
    let mut findings = 0usize;
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>')? + start;
        let tag = &rest[start..=end];
        rest = &rest[end + 1..];
        if tag.starts_with("<file ") {
            file = attr(tag, "name");
        } else if tag.starts_with("</file") {
            file = None;
        } else if tag.starts_with("<error ") {
            let severity = attr(tag, "severity").unwrap_or_else(|| "error".to_string());
            if let Some(msg) = attr(tag, "msg") {
                // cppcheck: the places follow as `<location>`s.
                let mut head = format!("{severity}: {msg}");
                if let Some(verbose) = attr(tag, "verbose").filter(|v| *v != msg) {
                    head.push_str(&format!(" ({verbose})"));
                }
                let rule = [
                    attr(tag, "id"),
                    attr(tag, "cwe").map(|c| format!("CWE-{c}")),
                ];
                let rule: Vec<String> = rule.into_iter().flatten().collect();
                if !rule.is_empty() {
                    head.push_str(&format!(" [{}]", rule.join(", ")));
                }
                if tag.ends_with("/>") {
                    // A finding of no place (`missingInclude`, a run's information).
                    out.push(head);
                    findings += 1;
                } else {
                    open = Some((head, Vec::new()));
                }
            } else {
                // checkstyle: a row of the file around it.
                let message = attr(tag, "message")?;
                let at = place(file.as_deref()?, tag)?;
                let mut row = format!("{at}: {severity}: {message}");
                if let Some(source) = attr(tag, "source") {
                    row.push_str(&format!(" [{source}]"));
                }
                out.push(row);
                findings += 1;
            }
        } else if tag.starts_with("<location ") {
            let (_, places) = open.as_mut()?;
            let at = place(&attr(tag, "file")?, tag)?;
            places.push(match attr(tag, "info") {
                Some(info) => format!("{at}: {info}"),
                None => at,
            });
        } else if tag.starts_with("</error") {
            if let Some((head, places)) = open.take() {
                let mut places = places.into_iter();
                match places.next() {
                    // `file:line:col: info` first, as a compiler's row: the message then says
                    // what the place's info does not.
                    Some(first) => {
                        let (at, info) = first.split_once(": ").unwrap_or((&first, ""));
                        let info = if info.is_empty() {
                            String::new()
                        } else {
                            format!(" ({info})")
                        };
                        out.push(format!("{at}: {head}{info}"));
                    }
                    None => out.push(head),
                }
                out.extend(places.map(|p| format!("  {p}")));
                findings += 1;
            }
        }
    }
    (findings > 0).then(|| join_lines(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn cppcheck_and_checkstyle_reports_are_rows() {
        let cppcheck = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<results version=\"2\">\n    <cppcheck version=\"2.10\"/>\n    <errors>\n        <error id=\"bufferAccessOutOfBounds\" severity=\"error\" msg=\"Buffer is accessed out of bounds: p\" verbose=\"Buffer is accessed out of bounds: p\" cwe=\"788\" file0=\"analyze.c\">\n            <location file=\"analyze.c\" line=\"21\" column=\"33\" info=\"Buffer overrun\"/>\n            <location file=\"analyze.c\" line=\"21\" column=\"13\" info=\"Assign p, buffer with size 8\"/>\n        </error>\n        <error id=\"memleak\" severity=\"error\" msg=\"Dereferencing &apos;r&apos;\" verbose=\"Dereferencing &apos;r&apos;\" cwe=\"401\" file0=\"analyze.c\">\n            <location file=\"analyze.c\" line=\"9\" column=\"13\"/>\n            <symbol>r</symbol>\n        </error>\n    </errors>\n</results>\n";
        assert!(looks_like_findings_xml(cppcheck));
        assert_eq!(
            findings_xml(cppcheck).as_deref(),
            Some("analyze.c:21:33: error: Buffer is accessed out of bounds: p [bufferAccessOutOfBounds, CWE-788] (Buffer overrun)\n  analyze.c:21:13: Assign p, buffer with size 8\nanalyze.c:9:13: error: Dereferencing 'r' [memleak, CWE-401]\n")
        );
        let checkstyle = "<?xml version=\"1.0\" encoding=\"utf-8\"?><checkstyle version=\"4.3\"><file name=\"/app/a.js\"><error line=\"3\" column=\"5\" severity=\"error\" message=\"&apos;x&apos; is defined but never used.\" source=\"eslint.rules.no-unused-vars\" /></file><file name=\"/app/b.js\"></file></checkstyle>\n";
        assert!(looks_like_findings_xml(checkstyle));
        assert_eq!(
            findings_xml(checkstyle).as_deref(),
            Some("/app/a.js:3:5: error: 'x' is defined but never used. [eslint.rules.no-unused-vars]\n")
        );
        assert!(!looks_like_findings_xml(
            "<?xml version=\"1.0\"?>\n<testsuites><testsuite/></testsuites>\n"
        ));
    }
}
