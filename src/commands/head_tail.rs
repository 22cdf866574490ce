//! Head/tail normalization: a trailing `| head -n N` / `| tail -n N` is lifted out of the command
//! into line limits, so the tool runs the command whole (keeping the full output as an artifact)
//! and applies the limits to what it shows.

use crate::error::{Error, JsNumber, Result};
use crate::syntax::segments::{self, Segment, Separator};

/// A command with its trailing `head`/`tail` stages removed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Normalized {
    pub command: String,
    pub head_lines: Option<usize>,
    pub tail_lines: Option<usize>,
}

/// The largest count a JS number holds exactly (`Number.MAX_SAFE_INTEGER`): larger counts are left
/// in the command rather than rounded.
const MAX_SAFE_INTEGER: usize = 9_007_199_254_740_991;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    Head(usize),
    Tail(usize),
}

/// Lifts a trailing `| head …` (or `| tail …`, or `| head … | tail …`) out of `command`.
///
/// Only when the whole command is one plain pipeline ending in that stage: a `;`, `&&`, `||`,
/// `&`, newline or `|&` anywhere, a comment or here-doc after it, or a head/tail with any other
/// argument leaves the command unchanged, because lifting the stage would then change what it cuts.
pub fn normalize(command: &str) -> Normalized {
    let unchanged = || Normalized {
        command: command.to_string(),
        head_lines: None,
        tail_lines: None,
    };
    let all = segments::split(command);
    let plain_pipeline = all.iter().enumerate().all(|(i, s)| match s.after {
        Separator::Start => i == 0,
        Separator::Pipe => i > 0,
        _ => false,
    });
    if !plain_pipeline {
        return unchanged();
    }
    let Some((rest, last)) = lift_last(command, &all) else {
        return unchanged();
    };
    match last {
        Stage::Head(n) => Normalized {
            command: rest.to_string(),
            head_lines: Some(n),
            tail_lines: None,
        },
        Stage::Tail(tail) => {
            // `… | head -n H | tail -n T` keeps lines head-then-tail, the order `apply` uses; a
            // stage in front of a tail that is not a head has to run first, so it stays.
            if let Some((inner, Stage::Head(head))) = lift_last(rest, &all[..all.len() - 1]) {
                return Normalized {
                    command: inner.to_string(),
                    head_lines: Some(head),
                    tail_lines: Some(tail),
                };
            }
            Normalized {
                command: rest.to_string(),
                head_lines: None,
                tail_lines: Some(tail),
            }
        }
    }
}

/// When the last of `segments` is a head/tail stage that ends `command` and follows a `|`, the
/// command before that pipe and the stage.
fn lift_last<'a>(command: &'a str, segments: &[Segment<'_>]) -> Option<(&'a str, Stage)> {
    let [before @ .., last] = segments else {
        return None;
    };
    if before.is_empty() || last.start + last.text.len() != command.trim_end().len() {
        return None;
    }
    let stage = parse_stage(last.text)?;
    let prefix = command[..last.start]
        .trim_end()
        .strip_suffix('|')?
        .trim_end();
    // A trailing backslash would escape whatever the shell reads next.
    if prefix.is_empty() || prefix.ends_with('\\') {
        return None;
    }
    Some((prefix, stage))
}

/// `head -n N`, `head -nN`, `head -N`, `head --lines=N`, `head --lines N` (and the same for
/// `tail`), with nothing else on the stage.
fn parse_stage(text: &str) -> Option<Stage> {
    let words: Vec<&str> = text.split([' ', '\t']).filter(|w| !w.is_empty()).collect();
    let (program, count) = match words.as_slice() {
        [program, "-n" | "--lines", n] => (*program, *n),
        [program, option] => {
            let n = option
                .strip_prefix("--lines=")
                .or_else(|| option.strip_prefix("-n"))
                .or_else(|| option.strip_prefix('-'))?;
            (*program, n)
        }
        _ => return None,
    };
    if count.is_empty() || !count.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: usize = count.parse().ok().filter(|n| *n <= MAX_SAFE_INTEGER)?;
    match program {
        "head" => Some(Stage::Head(n)),
        "tail" => Some(Stage::Tail(n)),
        _ => None,
    }
}

/// Keeps the first `head_lines` lines of `text`, then the last `tail_lines` of those. A trailing
/// newline ends the last line rather than starting an empty one. Returns the text and whether any
/// line was dropped.
pub fn apply(text: &str, head_lines: Option<usize>, tail_lines: Option<usize>) -> (String, bool) {
    let total = text.split_inclusive('\n').count();
    let kept_head = head_lines.map_or(total, |n| n.min(total));
    let kept = tail_lines.map_or(kept_head, |n| n.min(kept_head));
    if kept == total {
        return (text.to_string(), false);
    }
    let first = kept_head - kept;
    let out: String = text.split_inclusive('\n').skip(first).take(kept).collect();
    (out, true)
}

/// Validates a line limit received from JavaScript: a non-negative integer (absent means none).
pub fn line_limit(field: &str, value: Option<f64>) -> Result<Option<usize>> {
    match value {
        None => Ok(None),
        // Saturating: a limit beyond any text's line count keeps everything.
        Some(v) if v.is_finite() && v >= 0.0 && v.fract() == 0.0 => Ok(Some(v as usize)),
        Some(v) => Err(Error::invalid(
            field,
            "must be a non-negative integer",
            JsNumber(v),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn n(command: &str, head: Option<usize>, tail: Option<usize>) -> Normalized {
        Normalized {
            command: command.to_string(),
            head_lines: head,
            tail_lines: tail,
        }
    }

    #[test]
    fn lifts_a_trailing_head_or_tail() {
        let cases: &[(&str, Normalized)] = &[
            ("ls | head -n 5", n("ls", Some(5), None)),
            ("ls | head -5", n("ls", Some(5), None)),
            ("ls | head -n5", n("ls", Some(5), None)),
            ("ls | head --lines=7", n("ls", Some(7), None)),
            ("ls | head --lines 7", n("ls", Some(7), None)),
            ("ls -la | tail -n 3", n("ls -la", None, Some(3))),
            ("ls | tail -3  ", n("ls", None, Some(3))),
            ("ls|tail -n2", n("ls", None, Some(2))),
            (
                "git log --oneline | grep fix | head -n 20",
                n("git log --oneline | grep fix", Some(20), None),
            ),
            ("ls | head -n 0", n("ls", Some(0), None)),
            ("ls | head -n 5 | tail -n 2", n("ls", Some(5), Some(2))),
            ("ls | head -5|tail -2", n("ls", Some(5), Some(2))),
            // tail-then-head cannot be expressed as head-then-tail: only the last stage is lifted.
            (
                "ls | tail -n 5 | head -n 2",
                n("ls | tail -n 5", Some(2), None),
            ),
            ("ls | head -5 | head -3", n("ls | head -5", Some(3), None)),
            ("ls | tail -5 | tail -3", n("ls | tail -5", None, Some(3))),
            ("echo 'a | b' | tail -1", n("echo 'a | b'", None, Some(1))),
        ];
        for (command, expected) in cases {
            assert_eq!(normalize(command), *expected, "{command:?}");
        }
    }

    #[test]
    fn leaves_anything_else_alone() {
        let cases = [
            "ls",
            "head -n 5 file",
            "| head -5",
            "ls | head -n 5 file",
            "ls | head -c 5",
            "ls | head -n -5",
            "ls | tail -n +5",
            "ls | tail -f",
            "ls | head",
            "ls | head -n 5 > out",
            "ls | head -n 5 &",
            "ls | head -n 5; echo done",
            "cd x && ls | head -5",
            "a || ls | head -5",
            "ls |& head -5",
            "echo 'x | head -5'",
            "echo \"$(ls | head -5)\"",
            "bash -c 'ls | head -5'",
            "ls | head -n 5 # first five",
            "cat <<EOF | head -5\na\nEOF",
            "(ls; pwd) | head -5",
            "ls \\\n| head -5",
            "ls | head -n 99999999999999999999999",
            "ls | head -n 9007199254740992",
            "ls | HEAD -5",
        ];
        for command in cases {
            assert_eq!(normalize(command), n(command, None, None), "{command:?}");
        }
    }

    #[test]
    fn applies_head_then_tail() {
        /// (text, headLines, tailLines, kept text, applied)
        type Case = (
            &'static str,
            Option<usize>,
            Option<usize>,
            &'static str,
            bool,
        );
        let cases: &[Case] = &[
            ("a\nb\nc\n", Some(2), None, "a\nb\n", true),
            ("a\nb\nc\n", None, Some(2), "b\nc\n", true),
            ("a\nb\nc", None, Some(1), "c", true),
            ("a\nb\nc\nd\ne\n", Some(4), Some(2), "c\nd\n", true),
            ("a\nb\nc\n", Some(3), None, "a\nb\nc\n", false),
            ("a\nb\nc\n", Some(10), Some(10), "a\nb\nc\n", false),
            ("a\nb\nc\n", None, None, "a\nb\nc\n", false),
            ("a\nb\nc\n", Some(0), None, "", true),
            ("a\nb\n", None, Some(0), "", true),
            ("", Some(1), Some(1), "", false),
            ("\n\n\n", Some(2), None, "\n\n", true),
            ("a\r\nb\r\n", Some(1), None, "a\r\n", true),
            ("only", Some(1), None, "only", false),
            ("é\n😀\nz", None, Some(2), "😀\nz", true),
        ];
        for (text, head, tail, expected, applied) in cases {
            assert_eq!(
                apply(text, *head, *tail),
                (expected.to_string(), *applied),
                "{text:?} {head:?} {tail:?}"
            );
        }
    }

    #[test]
    fn validates_line_limits() {
        assert_eq!(line_limit("headLines", None).unwrap(), None);
        assert_eq!(line_limit("headLines", Some(0.0)).unwrap(), Some(0));
        assert_eq!(line_limit("headLines", Some(12.0)).unwrap(), Some(12));
        assert_eq!(
            line_limit("headLines", Some(1e300)).unwrap(),
            Some(usize::MAX)
        );
        let cases = [
            (-1.0, "-1"),
            (1.5, "1.5"),
            (f64::NAN, "NaN"),
            (f64::INFINITY, "Infinity"),
        ];
        for (bad, shown) in cases {
            let err = line_limit("headLines", Some(bad)).unwrap_err();
            assert_eq!(err.code(), "ERR_INVALID_ARG");
            assert_eq!(
                err.to_string(),
                format!("headLines must be a non-negative integer (got {shown})")
            );
        }
    }
}
