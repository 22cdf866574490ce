//! Bundlers' diagnostics in esbuild's format (esbuild, and the tools that print its messages:
//! vite, tsup, wrangler): a heading per message (`✘ [ERROR] Could not resolve "x"`, `▲ [WARNING]
//! …`), its location (`    src/a.js:15:20:`), an excerpt of the source under it (`  15 │ code`,
//! `     ╵    ~~~~`, a suggested text under the marks) and notes. Kept: each heading, location,
//! note and the closing count (`1 warning and 3 errors`), and every other line as written.
//! Dropped: the excerpts (the location says where to read the line) and the blank lines
//! between messages.

//!
//! webpack's stats (rspack's are the same): a module or asset row's flags said by every row of a
//! run of siblings (`[built] [code generated]`), and a line said under each of them, are said
//! once before the run; the resolver's log under a module that was not found keeps what it
//! tried (each path that does not exist) and says each other step once; blank lines go.
use super::Context;
use crate::minimize::text::is_blank;
use crate::minimize::text::{join_lines, SplitLines};
use std::collections::HashSet;

/// A message's heading in esbuild's format: its mark, then the level in brackets.
fn is_heading(line: &str) -> bool {
    ["✘ [ERROR] ", "▲ [WARNING] ", "X [ERROR] ", "▲ [WARN] "]
        .iter()
        .any(|h| line.starts_with(h))
}

/// Whether `text` holds esbuild-format messages: a heading whose next non-blank line is an
/// indented location (`    src/a.js:15:20:`).
pub(super) fn looks_like_esbuild(text: &str) -> bool {
    let mut lines = text.split_lines();
    while let Some(line) = lines.next() {
        if is_heading(line) {
            let next = lines.by_ref().find(|l| !is_blank(l));
            return next.is_some_and(is_location);
        }
    }
    false
}

/// A message's location line: indented, `path:line:col:`.
fn is_location(line: &str) -> bool {
    let t = line.trim_start();
    line.len() > t.len()
        && t.strip_suffix(':').is_some_and(|at| {
            let mut parts = at.rsplitn(3, ':');
            let (col, row, path) = (parts.next(), parts.next(), parts.next());
            let number = |s: Option<&str>| {
                s.is_some_and(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()))
            };
            number(col) && number(row) && path.is_some_and(|p| !p.is_empty() && !p.contains(' '))
        })
}

/// A line of a source excerpt: the gutter's line number then `│` (`  15 │ code`), or the
/// gutter alone then `│` or `╵` (the marks under the code, a suggested text under them).
fn is_excerpt(line: &str) -> bool {
    let t = line.trim_start();
    if line.len() == t.len() {
        return false;
    }
    let t = t.trim_start_matches(|c: char| c.is_ascii_digit());
    t.starts_with('│') || t.starts_with('╵') || t.starts_with(" │")
}

pub(super) fn esbuild(ctx: &Context) -> Option<String> {
    let mut out: Vec<&str> = Vec::new();
    let mut dropped = false;
    let mut in_message = false;
    for line in ctx.text.split_lines() {
        if is_heading(line) {
            in_message = true;
        }
        if in_message && (is_blank(line) || is_excerpt(line)) {
            dropped = true;
            continue;
        }
        out.push(line);
    }
    dropped.then(|| join_lines(out))
}

/// Whether `text` is webpack's stats: a closing line `webpack 5.9.0 compiled …` (after a
/// timestamp when `--stats` asks for one), among its last lines.
pub(super) fn looks_like_webpack(text: &str) -> bool {
    text.split_lines()
        .rev()
        .filter(|l| !is_blank(l))
        .take(3)
        .any(|l| {
            ["webpack ", "Rspack ", "rspack "].iter().any(|name| {
                l.find(name).is_some_and(|at| {
                    let rest = &l[at + name.len()..];
                    rest.starts_with(|c: char| c.is_ascii_digit()) && rest.contains(" compiled")
                })
            })
        })
}

/// Fewest siblings for their shared flags and lines to be said once: the note costs what two
/// rows' flags do.
const SIBLINGS_MIN: usize = 3;

fn indent(line: &str) -> usize {
    line.len() - line.trim_start().len()
}

/// A row's flags: the bracketed words it ends with (`[built] [code generated] [1 error]`).
fn flags(line: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = line.trim_end();
    while rest.ends_with(']') {
        let Some(open) = rest.rfind('[') else { break };
        if open == 0
            || !rest[..open].ends_with(' ')
            || rest[open + 1..rest.len() - 1].contains(['[', ']'])
        {
            break;
        }
        out.push(&rest[open..]);
        rest = rest[..open].trim_end();
    }
    out.reverse();
    out
}

pub(super) fn webpack(ctx: &Context) -> Option<String> {
    let mut lines: Vec<&str> = ctx.text.split_lines().filter(|l| !is_blank(l)).collect();
    let mut dropped = lines.len() < ctx.text.split_lines().count();
    // The resolver's log (`resolve './x' in '/dir'`, its steps indented under it): each path it
    // tried that does not exist stays; another step is said once (`Field 'browser' doesn't
    // contain a valid alias configuration` under every candidate), and the description file it
    // read for each candidate (the package.json above them all) is not said again.
    let mut keep = vec![true; lines.len()];
    let mut at = 0;
    while at < lines.len() {
        let t = lines[at].trim_start();
        if !(t.starts_with("resolve '") && t.contains("' in '")) {
            at += 1;
            continue;
        }
        let depth = indent(lines[at]);
        let mut said: HashSet<&str> = HashSet::new();
        at += 1;
        while at < lines.len() && indent(lines[at]) > depth {
            let step = lines[at].trim();
            keep[at] = step.ends_with(" doesn't exist")
                || (said.insert(step) && !step.starts_with("using description file: "));
            at += 1;
        }
    }
    if keep.contains(&false) {
        dropped = true;
        lines = lines
            .into_iter()
            .zip(&keep)
            .filter(|(_, &k)| k)
            .map(|(l, _)| l)
            .collect();
    }
    // Runs of siblings: a note before the first, each row without the shared flags, the
    // shared lines under them skipped.
    let mut note: Vec<Option<String>> = vec![None; lines.len()];
    let mut row: Vec<Option<String>> = vec![None; lines.len()];
    let mut skip = vec![false; lines.len()];
    let mut from = 0;
    while from < lines.len() {
        let Some((members, end)) = sibling_run(&lines, from) else {
            from += 1;
            continue;
        };
        let common = shared_flags(&lines, &members);
        let under = shared_lines(&lines, &members, end);
        if common.is_empty() && under.is_empty() {
            from += 1;
            continue;
        }
        dropped = true;
        let first = members[0];
        let pad = &lines[first][..indent(lines[first])];
        let mut said = format!("{pad}(each of these {}:", members.len());
        for f in &common {
            said.push(' ');
            said.push_str(f);
        }
        for (k, u) in under.iter().enumerate() {
            said.push_str(match (k, common.is_empty()) {
                (0, true) => " under it: ",
                (0, false) => "; under it: ",
                _ => "; ",
            });
            said.push_str(u);
        }
        said.push(')');
        note[first] = Some(said);
        for (k, &m) in members.iter().enumerate() {
            let next = members.get(k + 1).copied().unwrap_or(end);
            for j in m + 1..next {
                skip[j] = under.contains(&lines[j].trim());
            }
            let all = flags(lines[m]);
            let mut text = lines[m].trim_end();
            for f in all.iter().rev() {
                text = text[..text.len() - f.len()].trim_end();
            }
            let mut text = text.to_string();
            for f in all.iter().filter(|f| !common.contains(f)) {
                text.push(' ');
                text.push_str(f);
            }
            row[m] = Some(text);
        }
        from = end;
    }
    let mut out: Vec<String> = Vec::with_capacity(lines.len() + 4);
    for (i, line) in lines.iter().enumerate() {
        if let Some(n) = note[i].take() {
            out.push(n);
        }
        if skip[i] {
            continue;
        }
        out.push(row[i].take().unwrap_or_else(|| line.to_string()));
    }
    dropped.then(|| join_lines(out))
}

/// The run of siblings from `first`: the lines at its indent (a `+ 3 modules` count aside)
/// with only deeper lines between them, and where the run ends; `None` under
/// [`SIBLINGS_MIN`] rows or where the first is no row with flags.
fn sibling_run(lines: &[&str], first: usize) -> Option<(Vec<usize>, usize)> {
    let depth = indent(lines[first]);
    if flags(lines[first]).is_empty() {
        return None;
    }
    let mut members = vec![first];
    let mut end = first + 1;
    while end < lines.len() {
        let d = indent(lines[end]);
        if d < depth {
            break;
        }
        if d == depth {
            let t = lines[end].trim_start();
            if t.starts_with("+ ") {
                break;
            }
            if flags(lines[end]).is_empty() {
                break;
            }
            members.push(end);
        }
        end += 1;
    }
    (members.len() >= SIBLINGS_MIN).then_some((members, end))
}

/// The flags every row of the run has.
fn shared_flags<'a>(lines: &[&'a str], members: &[usize]) -> Vec<&'a str> {
    let mut common = flags(lines[members[0]]);
    for &m in &members[1..] {
        let own = flags(lines[m]);
        common.retain(|f| own.contains(f));
    }
    common
}

/// The lines said under every row of the run (the same words under each), in the first row's
/// order.
fn shared_lines<'a>(lines: &[&'a str], members: &[usize], end: usize) -> Vec<&'a str> {
    let under = |k: usize| {
        let next = members.get(k + 1).copied().unwrap_or(end);
        lines[members[k] + 1..next].iter().map(|l| l.trim())
    };
    let mut common: Vec<&str> = under(0).collect();
    for k in 1..members.len() {
        let own: Vec<&str> = under(k).collect();
        common.retain(|l| own.contains(l));
    }
    common.dedup();
    common
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimize::command::Invocation;
    use crate::minimize::settings::OutlineLevel;
    use pretty_assertions::assert_eq;

    fn run(text: &str) -> Option<String> {
        let inv = Invocation {
            program: "esbuild".into(),
            args: vec!["src/main.js".into(), "--bundle".into()],
        };
        esbuild(&Context {
            inv: &inv,
            text,
            outline: OutlineLevel::default(),
        })
    }

    #[test]
    fn excerpts_and_blank_lines_go_headings_locations_and_notes_stay() {
        let text = "✘ [ERROR] Could not resolve \"./lib/utils.js\"\n\n    src/main.js:15:20:\n      15 │ import { fmt } from './lib/utils.js';\n         ╵                     ~~~~~~~~~~~~~~~~\n\n▲ [WARNING] The character \">\" is not valid inside a JSX element\n\n    src/p.js:4:48:\n      4 │ ...n id=\"p3\">' + table(rows.map(r => [r.id, fmt(r.price ...\n        │                                    ^\n        ╵                                    {'>'}\n\n  Did you mean to escape it as \"{'>'}\" instead?\n\n1 warning and 1 error\n";
        assert!(looks_like_esbuild(text));
        assert_eq!(
            run(text).as_deref(),
            Some("✘ [ERROR] Could not resolve \"./lib/utils.js\"\n    src/main.js:15:20:\n▲ [WARNING] The character \">\" is not valid inside a JSX element\n    src/p.js:4:48:\n  Did you mean to escape it as \"{'>'}\" instead?\n1 warning and 1 error\n")
        );
    }

    fn webpack_of(text: &str) -> Option<String> {
        let inv = Invocation {
            program: "webpack".into(),
            args: vec![],
        };
        webpack(&Context {
            inv: &inv,
            text,
            outline: OutlineLevel::default(),
        })
    }

    #[test]
    fn siblings_flags_and_the_lines_under_each_are_said_once() {
        let text = "asset a.js 4.2 KiB [emitted]\nmodules by path ./src/*.js 6 KiB\n  ./src/p1.js [661] 1.66 KiB {661} [depth 1] [built] [code generated]\n    [exports: render1]\n    ModuleConcatenation bailout: Cannot concat with ./src/u.js\n  ./src/p2.js [844] 1.71 KiB {844} [depth 1] [built] [code generated] [1 error]\n    [exports: render2]\n    ModuleConcatenation bailout: Cannot concat with ./src/u.js\n  ./src/p3.js [715] 1.8 KiB {715} [depth 1] [built] [code generated]\n    [exports: render3]\n    ModuleConcatenation bailout: Cannot concat with ./src/u.js\n  + 3 modules\n\nwebpack 5.113.0 compiled with 1 error in 4152 ms\n";
        assert!(looks_like_webpack(text));
        assert_eq!(
            webpack_of(text).as_deref(),
            Some("asset a.js 4.2 KiB [emitted]\nmodules by path ./src/*.js 6 KiB\n  (each of these 3: [depth 1] [built] [code generated]; under it: ModuleConcatenation bailout: Cannot concat with ./src/u.js)\n  ./src/p1.js [661] 1.66 KiB {661}\n    [exports: render1]\n  ./src/p2.js [844] 1.71 KiB {844} [1 error]\n    [exports: render2]\n  ./src/p3.js [715] 1.8 KiB {715}\n    [exports: render3]\n  + 3 modules\nwebpack 5.113.0 compiled with 1 error in 4152 ms\n")
        );
    }

    #[test]
    fn a_resolvers_log_keeps_the_paths_it_tried_and_each_step_once() {
        let text = "ERROR in ./src/main.js 15:0-37\nModule not found: Error: Can't resolve './lib/utils.js' in '/w/src'\nDid you mean './lib/util.js'?\nresolve './lib/utils.js' in '/w/src'\n  using description file: /w/package.json (relative path: ./src)\n    Field 'browser' doesn't contain a valid alias configuration\n    using description file: /w/package.json (relative path: ./src/lib/utils.js)\n      no extension\n        Field 'browser' doesn't contain a valid alias configuration\n        /w/src/lib/utils.js doesn't exist\n      .ts\n        Field 'browser' doesn't contain a valid alias configuration\n        /w/src/lib/utils.js.ts doesn't exist\n\nwebpack 5.113.0 compiled with 1 error in 1436 ms\n";
        assert_eq!(
            webpack_of(text).as_deref(),
            Some("ERROR in ./src/main.js 15:0-37\nModule not found: Error: Can't resolve './lib/utils.js' in '/w/src'\nDid you mean './lib/util.js'?\nresolve './lib/utils.js' in '/w/src'\n    Field 'browser' doesn't contain a valid alias configuration\n      no extension\n        /w/src/lib/utils.js doesn't exist\n      .ts\n        /w/src/lib/utils.js.ts doesn't exist\nwebpack 5.113.0 compiled with 1 error in 1436 ms\n")
        );
        // Not webpack's closing line: not its stats.
        assert!(!looks_like_webpack("built in 3s\nwebpack is a bundler\n"));
    }

    #[test]
    fn a_heading_without_a_location_is_not_the_format() {
        assert!(!looks_like_esbuild("✘ [ERROR] something\n\nplain text\n"));
        assert!(!looks_like_esbuild("[ERROR] a log line\n    a.js:1:2:\n"));
        // Lines before the first message (a wrapper's own log) stay, blank ones too.
        assert_eq!(
            run("vite v5 building\n\n✘ [ERROR] Unexpected \"}\"\n\n    a.js:3:1:\n      3 │ }\n        ╵ ^\n\n").as_deref(),
            Some("vite v5 building\n\n✘ [ERROR] Unexpected \"}\"\n    a.js:3:1:\n")
        );
    }
}
