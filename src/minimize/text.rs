//! Line helpers the filters share, and the guard that refuses a rewrite which lost a location.

use std::sync::OnceLock;

use regex::Regex;

/// `path/file.ext:12` or `:12:5`, and tsc's `file.ts(12,5)`: what an agent opens next.
fn location_pattern() -> Option<&'static Regex> {
    static RE: OnceLock<Option<Regex>> = OnceLock::new();
    RE.get_or_init(|| {
        Regex::new(r"[A-Za-z0-9_.@+-]*(?:/[A-Za-z0-9_.@+-]+)*\.[A-Za-z][A-Za-z0-9]*(?::\d+(?::\d+)?|\(\d+,\d+\))")
            .ok()
    })
    .as_ref()
}

/// Every location in `text`, as written.
pub(crate) fn locations(text: &str) -> Vec<&str> {
    match location_pattern() {
        Some(re) => text
            .lines()
            .filter(|l| may_hold_location(l))
            .flat_map(|l| re.find_iter(l).map(|m| m.as_str()))
            .collect(),
        None => Vec::new(),
    }
}

/// Whether a line has a `:` or `(` before a digit, without which it holds no location: most
/// lines are skipped before the pattern, which tries every position of the ones it reads.
fn may_hold_location(line: &str) -> bool {
    line.as_bytes()
        .windows(2)
        .any(|w| (w[0] == b':' || w[0] == b'(') && w[1].is_ascii_digit())
}

/// Whether every location of `raw` is still in `out`; frames inside installed dependencies
/// (`node_modules/`, `site-packages/`, the Rust toolchain) are not the agent's to fix.
pub(crate) fn keeps_locations(raw: &str, out: &str) -> bool {
    // The output's own locations answer most look-ups at the cost of one scan; a location the
    // pattern reads differently there (inside a longer path) is searched for as text.
    let kept: std::collections::HashSet<&str> = locations(out).into_iter().collect();
    let rows = place_rows(out);
    let prefixed = prefixed_rows(out);
    raw.lines()
        .filter(|l| may_hold_location(l) && !is_dependency_frame(l))
        .flat_map(locations)
        .all(|l| kept.contains(l) || rows.contains(l) || prefixed.contains(l) || out.contains(l))
}

/// The locations of lines under a directory said once (`/usr/include/c++/12/bits/` then
/// `  stl_algo.h:1938:50: error: …`), with the directory: `/usr/…/bits/stl_algo.h:1938:50`.
fn prefixed_rows(out: &str) -> std::collections::HashSet<String> {
    let mut found = std::collections::HashSet::new();
    let mut dir: Option<&str> = None;
    for line in out.lines() {
        if !line.starts_with(' ') {
            dir = (line.ends_with('/') && !line.contains(' ')).then_some(line);
            continue;
        }
        if let Some(d) = dir {
            found.extend(locations(line).into_iter().map(|l| format!("{d}{l}")));
        }
    }
    found
}

/// The locations of rows that say a file once with its places (`  src/a.rs: 3:9 14:2`, a
/// repeated message's places), as `src/a.rs:3:9`, `src/a.rs:14:2`.
fn place_rows(out: &str) -> std::collections::HashSet<String> {
    let mut found = std::collections::HashSet::new();
    for line in out.lines() {
        let Some((file, places)) = line.trim_start().split_once(": ") else {
            continue;
        };
        // A place warned at more than once carries its count: `151:24(x5)`.
        let bare = |p: &'_ str| -> String {
            match p.split_once("(x") {
                Some((at, n))
                    if n.strip_suffix(')')
                        .is_some_and(|n| n.parse::<u32>().is_ok()) =>
                {
                    at.to_string()
                }
                _ => p.to_string(),
            }
        };
        let is_place = |p: &str| {
            let p = bare(p);
            !p.is_empty()
                && p.split(':').count() <= 2
                && p.split(':')
                    .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        };
        if file.contains(' ') || !places.split(' ').all(is_place) {
            continue;
        }
        found.extend(places.split(' ').map(|p| format!("{file}:{}", bare(p))));
    }
    found
}

pub(crate) fn is_dependency_frame(line: &str) -> bool {
    [
        "node_modules/",
        "site-packages/",
        "dist-packages/",
        "node:internal",
        "/rustc/",
        ".cargo/registry/",
        "/pkg/mod/",
    ]
    .iter()
    .any(|d| line.contains(d))
        || is_go_toolchain_path(line)
}

/// A path inside Go's own sources: `<GOROOT>/src/<standard package>/…`, GOROOT being a `go` or
/// `go-1.x` directory (or Homebrew's `libexec`), the package one of the standard library's.
pub(crate) fn is_go_toolchain_path(line: &str) -> bool {
    crate::re!(
        r"/(?:go|go-[\d.]+|libexec)/src/(?:runtime|testing|internal|sync|reflect|syscall|os|fmt|net|io|encoding|time|context|strings|bytes|errors|sort|strconv|math|crypto|log|bufio|unicode|path|regexp|text|html|database|compress|archive|container|debug|embed|flag|hash|image|mime|plugin)/"
    )
    .is_some_and(|r| r.is_match(line))
}

/// Lines joined, runs of blank lines made one, leading and trailing blank lines dropped.
pub(crate) fn join_lines<S: AsRef<str>>(lines: impl IntoIterator<Item = S>) -> String {
    let mut out = String::new();
    let mut blank = true;
    for line in lines {
        let line = line.as_ref().trim_end();
        if line.is_empty() {
            if !blank {
                out.push('\n');
            }
            blank = true;
            continue;
        }
        out.push_str(line);
        out.push('\n');
        blank = false;
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// A regex compiled once (patterns are constants: a failure is a bug, and the filter then
/// declines through `?`).
#[macro_export]
macro_rules! re {
    ($pattern:expr) => {{
        static RE: std::sync::OnceLock<Option<regex::Regex>> = std::sync::OnceLock::new();
        RE.get_or_init(|| regex::Regex::new($pattern).ok()).as_ref()
    }};
}

/// Fewest bytes a run of one repeated piece must span to be counted instead of written.
const RUN_MIN_BYTES: usize = 32;

/// A line with each long run of one repeated ASCII piece of up to four bytes (a test's
/// `\xff\xff…` or `aaaa…` input, printed back in its failure message) said once with its count:
/// `\xff\xff…` (100 times) as `[\xff x100]`. Linear: each position tries four piece lengths
/// and a run is skipped whole. `None` when the line has no such run.
pub(crate) fn counted_runs(line: &str) -> Option<String> {
    let b = line.as_bytes();
    if b.len() < RUN_MIN_BYTES {
        return None;
    }
    let mut out = String::new();
    let mut copied = 0;
    let mut i = 0;
    while i + RUN_MIN_BYTES <= b.len() {
        let run = (1..=4).find_map(|len| {
            let piece = &b[i..i + len];
            if !piece.is_ascii() {
                return None;
            }
            let mut n = 1;
            while b.get(i + n * len..i + (n + 1) * len) == Some(piece) {
                n += 1;
            }
            (n * len >= RUN_MIN_BYTES).then_some((len, n))
        });
        match run {
            Some((len, n)) => {
                out.push_str(&line[copied..i]);
                out.push_str(&format!("[{} x{n}]", &line[i..i + len]));
                i += n * len;
                copied = i;
            }
            None => i += 1,
        }
    }
    if copied == 0 {
        return None;
    }
    out.push_str(&line[copied..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_runs_of_one_piece_are_counted() {
        let ff = "\\xff".repeat(100);
        assert_eq!(
            counted_runs(&format!("    a_test.go:87: Checksum(\"{ff}8\") = 0x1")).as_deref(),
            Some("    a_test.go:87: Checksum(\"[\\xff x100]8\") = 0x1")
        );
        assert_eq!(
            counted_runs(&format!("x{}y{}", "a".repeat(40), "ab".repeat(20))).as_deref(),
            Some("x[a x40]y[ab x20]")
        );
        // Short runs, and text with none, stay as they are.
        assert_eq!(counted_runs(&"ab".repeat(15)), None);
        assert_eq!(
            counted_runs("    a_test.go:9: got 0x1234567890abcdef, want 0xfedcba0987654321"),
            None
        );
        assert_eq!(counted_runs("é".repeat(40).as_str()), None);
    }

    #[test]
    fn locations_are_found() {
        assert_eq!(
            locations("error at src/lib.rs:10:5 and a.ts(3,4) and x.py:7: y"),
            vec!["src/lib.rs:10:5", "a.ts(3,4)", "x.py:7"]
        );
        assert!(keeps_locations("a src/x.rs:1", "b src/x.rs:1"));
        assert!(!keeps_locations("a src/x.rs:1", "b"));
        // A file said once with its places.
        assert!(keeps_locations(
            "src/x.rs:1:2 w\nsrc/x.rs:30:4 w",
            "w:\n  src/x.rs: 1:2 30:4"
        ));
        assert!(!keeps_locations(
            "src/x.rs:1:2 w",
            "w:\n  src/x.rs: 1:3 30:4"
        ));
    }

    #[test]
    fn blank_runs_are_squeezed() {
        assert_eq!(join_lines(["", "a", "", "", "b", ""]), "a\n\nb\n");
    }
}
