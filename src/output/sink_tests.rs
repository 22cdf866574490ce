use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

use pretty_assertions::assert_eq;

use super::*;

fn options(max_bytes: usize, head_bytes: usize) -> OutputOptions {
    OutputOptions {
        max_bytes,
        head_bytes,
        ..Default::default()
    }
}

fn run(options: &OutputOptions, chunks: &[&str]) -> OutputSummary {
    let mut sink = OutputSink::new(options).expect("valid options");
    for chunk in chunks {
        sink.push(chunk);
    }
    sink.finish(None)
}

/// A fresh path in the system temp dir; the file is not created.
fn temp_path(name: &str) -> PathBuf {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    std::env::temp_dir().join(format!(
        "agent-shell-sink-{}-{n}-{name}",
        std::process::id()
    ))
}

struct Case {
    name: &'static str,
    max_bytes: usize,
    head_bytes: usize,
    input: &'static str,
    output: &'static str,
    truncated: bool,
    elided: Option<(u64, u64)>, // (bytes, lines)
}

/// Expected values are the anchor's (oh-my-pi `OutputSink.dump`, pi-tui 18.2.9
/// `tools/streaming-output.ts`): head and tail share the budget, and the marker line comes on top.
const CASES: &[Case] = &[
    Case {
        name: "fits",
        max_bytes: 100,
        head_bytes: 0,
        input: "a\nb\n",
        output: "a\nb\n",
        truncated: false,
        elided: None,
    },
    Case {
        name: "exactly the budget",
        max_bytes: 4,
        head_bytes: 2,
        input: "a\nb\n",
        output: "a\nb\n",
        truncated: false,
        elided: None,
    },
    Case {
        name: "empty",
        max_bytes: 10,
        head_bytes: 0,
        input: "",
        output: "",
        truncated: false,
        elided: None,
    },
    Case {
        name: "no head: the last bytes alone, mid-line, no marker",
        max_bytes: 5,
        head_bytes: 0,
        input: "a\nb\nc\nd\ne\n",
        output: "\nd\ne\n",
        truncated: true,
        elided: None,
    },
    Case {
        name: "no head: the tail starts at a whole character",
        max_bytes: 5,
        head_bytes: 0,
        input: "€€€€",
        output: "€",
        truncated: true,
        elided: None,
    },
    Case {
        name: "head, line marker, tail (head and tail within the budget, the marker on top)",
        max_bytes: 40,
        head_bytes: 12,
        input: "line1\nline2\nmid\nmid\nmid\nmid\nmid\nmid\nmid\nmid\nmid\nmid\nend1\nend2\n",
        output: "line1\nline2\n[…5ln elided…]\nd\nmid\nmid\nmid\nmid\nend1\nend2\n",
        truncated: true,
        elided: Some((22, 5)),
    },
    Case {
        name: "one line longer than the budget: a byte marker",
        max_bytes: 60,
        head_bytes: 10,
        input: "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
        output: "xxxxxxxxxx\n[…40B elided…]\nyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
        truncated: true,
        elided: Some((40, 0)),
    },
];

#[test]
fn head_tail_and_elision_marker() {
    for case in CASES {
        let summary = run(&options(case.max_bytes, case.head_bytes), &[case.input]);
        assert_eq!(summary.output, case.output, "{}", case.name);
        assert_eq!(summary.truncated, case.truncated, "{}", case.name);
        assert_eq!(
            summary.elided_bytes.zip(summary.elided_lines),
            case.elided,
            "{}",
            case.name
        );
        assert_eq!(
            summary.output_bytes,
            case.output.len() as u64,
            "{}",
            case.name
        );
        assert_eq!(
            summary.total_bytes,
            case.input.len() as u64,
            "{}",
            case.name
        );
    }
}

#[test]
fn headbytes_above_half_the_budget_is_clamped() {
    // maxBytes 8 keeps 4 bytes of head, 4 of tail: "0123" + marker + "6789" would not fit, so the
    // budget check shows the clamp through a larger case.
    let summary = run(&options(40, 40), &[&"a\n".repeat(30)]);
    assert!(
        summary.output.starts_with(&"a\n".repeat(10)),
        "{:?}",
        summary.output
    );
    assert!(
        !summary.output.starts_with(&"a\n".repeat(11)),
        "{:?}",
        summary.output
    );
}

#[test]
fn the_result_does_not_depend_on_how_output_was_chunked() {
    for case in CASES {
        let whole = run(&options(case.max_bytes, case.head_bytes), &[case.input]);
        let cuts = (0..=case.input.len()).filter(|&c| case.input.is_char_boundary(c));
        for cut in cuts {
            let split = run(
                &options(case.max_bytes, case.head_bytes),
                &[&case.input[..cut], &case.input[cut..]],
            );
            assert_eq!(split, whole, "{} cut at {cut}", case.name);
        }
    }
}

#[test]
fn counts_lines_and_bytes_as_the_anchor_does() {
    let summary = run(&options(100, 0), &["one\ntwo\nthree"]);
    let expected = OutputSummary {
        output: "one\ntwo\nthree".into(),
        total_bytes: 13,
        total_lines: 3,
        output_bytes: 13,
        output_lines: 3,
        ..Default::default()
    };
    assert_eq!(summary, expected);
    // newlines + 1: "a\n\n" is 3 lines, as "a\n\n".split("\n") has 3 parts.
    let summary = run(&options(100, 0), &["a\n", "\n"]);
    assert_eq!((summary.total_lines, summary.output_lines), (3, 3));
    assert_eq!(run(&options(100, 0), &[]).total_lines, 0);
}

#[test]
fn every_budget_keeps_a_prefix_and_a_suffix_of_whole_characters() {
    let input = "ab€\nc😀d\n\neee\nfé\n€€\nsome more text to elide\nand the end\n";
    for max_bytes in 0..=input.len() + 1 {
        for head_bytes in 0..=max_bytes {
            let summary = run(&options(max_bytes, head_bytes), &[input]);
            let name = format!("max {max_bytes} head {head_bytes}");
            if !summary.truncated {
                assert_eq!(summary.output, input, "{name}");
                continue;
            }
            let Some(marker) = summary.output.find("[…") else {
                // No head kept: the last bytes alone.
                assert!(head_bytes.min(max_bytes / 2) == 0 && input.ends_with(&summary.output));
                assert!(summary.output.len() <= max_bytes, "{name}");
                continue;
            };
            let marker_end = summary.output[marker..]
                .find("…]")
                .map(|e| marker + e + "…]".len())
                .expect("end");
            let shown_head = &summary.output[..marker];
            let shown_tail = &summary.output[marker_end..];
            let elided = summary.elided_bytes.unwrap_or_default() as usize;
            // Head and tail share the budget (the marker line comes on top).
            assert!(input.len() - elided <= max_bytes, "{name}");
            // A separator newline (after a partial head line, before a tail that does not start
            // with one) is not part of the text.
            let heads = [Some(shown_head), shown_head.strip_suffix('\n')];
            let tails = [Some(shown_tail), shown_tail.strip_prefix('\n')];
            let fits = heads.iter().flatten().any(|head| {
                tails.iter().flatten().any(|tail| {
                    input.starts_with(head)
                        && input.ends_with(tail)
                        && head.len() + elided + tail.len() == input.len()
                })
            });
            assert!(
                fits,
                "{name}: head {shown_head:?}, tail {shown_tail:?}, elided {elided}"
            );
        }
    }
}

#[test]
fn the_notice_is_the_first_line_in_brackets() {
    let mut sink = OutputSink::new(&options(100, 0)).expect("valid");
    sink.push("partial");
    let summary = sink.finish(Some("timed out after 5 s"));
    assert_eq!(summary.output, "[timed out after 5 s]\npartial");
    // Counts describe the body, as the anchor's do.
    assert_eq!((summary.output_lines, summary.output_bytes), (1, 7));
    let mut sink = OutputSink::new(&options(100, 0)).expect("valid");
    assert_eq!(sink.summary(Some("note")).output, "[note]\n");
    assert_eq!(sink.summary(Some("")).output, "");
}

#[test]
fn a_summary_mid_stream_leaves_the_sink_working() {
    let mut sink = OutputSink::new(&options(4, 0)).expect("valid");
    sink.push("ab\n");
    assert_eq!(sink.summary(None).output, "ab\n");
    sink.push("cd\n");
    assert_eq!(sink.summary(None).output, "\ncd\n");
}

#[test]
fn an_ended_sink_ignores_later_pushes() {
    let mut sink = OutputSink::new(&options(100, 0)).expect("valid");
    sink.push("before\n");
    sink.end();
    sink.push("after\n");
    let summary = sink.summary(None);
    assert_eq!(
        (summary.output.as_str(), summary.total_bytes),
        ("before\n", 7)
    );
}

fn columns(max_columns: usize) -> OutputOptions {
    OutputOptions {
        max_columns,
        ..Default::default()
    }
}

#[test]
fn column_caps_count_the_ellipsis_in_the_cap() {
    // The anchor keeps `maxColumns - 3` bytes before a 3-byte "…"; a line of exactly
    // `maxColumns` bytes stays whole.
    let summary = run(&columns(5), &["short\ntoolongline\n€€€€\nx"]);
    assert_eq!(summary.output, "short\nto…\n…\nx");
    assert_eq!(
        (
            summary.column_truncated_lines,
            summary.column_dropped_bytes,
            summary.column_max
        ),
        (Some(2), Some(9 + 12), Some(5))
    );
    assert_eq!((summary.total_bytes, summary.total_lines), (32, 4));
    assert!(!summary.truncated);
    let none = run(&columns(5), &["12345\n"]);
    assert_eq!(
        (
            none.column_truncated_lines,
            none.column_dropped_bytes,
            none.column_max
        ),
        (None, None, None)
    );
}

#[test]
fn column_caps_follow_chunks_as_the_anchor_does() {
    // What a chunk already showed stays: the next chunk's overflow only adds the "…".
    let chunked = run(&columns(5), &["abc", "def", "ghi\n", "jk"]);
    assert_eq!(chunked.output, "abc…\njk");
    assert_eq!(chunked.column_dropped_bytes, Some(6));
    let exact_then_more = run(&columns(4), &["abcd", "e\n"]);
    assert_eq!(exact_then_more.output, "abcd…\n");
}

/// Caps each line of a whole text pushed at once, the obvious way.
fn cap_lines(text: &str, max_columns: usize) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| match line.len() > max_columns {
            true => format!(
                "{}{COLUMN_ELLIPSIS}",
                &line[..line.floor_char_boundary(max_columns.saturating_sub(3))]
            ),
            false => line.to_string(),
        })
        .collect();
    lines.join("\n")
}

#[test]
fn column_caps_of_one_chunk_match_capping_line_by_line() {
    let input = "a\nbb\n\nccc€\ndddd😀dd\neeeeeeeeeeee\nf\ngg\nhhh\n\n\niiiiiiii";
    for max_columns in 1..=12 {
        let summary = run(&columns(max_columns), &[input]);
        assert_eq!(
            summary.output,
            cap_lines(input, max_columns),
            "maxColumns {max_columns}"
        );
    }
}

#[test]
fn column_caps_apply_before_the_budget() {
    let opts = OutputOptions {
        max_bytes: 21,
        max_columns: 5,
        ..Default::default()
    };
    let summary = run(&opts, &["aaaaaaaaaa\nbbbbbbbbbbb\nccccccccc\n"]);
    assert_eq!(summary.output, "aa…\nbb…\ncc…\n");
    assert!(!summary.truncated);
}

#[test]
fn no_artifact_when_everything_fits() {
    let path = temp_path("fits.log");
    let opts = OutputOptions {
        max_bytes: 10,
        artifact_path: Some(path.clone()),
        ..Default::default()
    };
    let summary = run(&opts, &["0123456789"]);
    assert_eq!(summary.artifact_path, None);
    assert!(!path.exists());
}

#[test]
fn the_artifact_holds_every_byte_once_the_budget_is_exceeded() {
    let path = temp_path("full.log");
    let opts = OutputOptions {
        max_bytes: 64,
        head_bytes: 16,
        artifact_path: Some(path.clone()),
        ..Default::default()
    };
    let mut sink = OutputSink::new(&opts).expect("valid");
    let mut expected = String::new();
    for i in 0..500 {
        let chunk = format!("line {i} ü€😀{}\n", "-".repeat(i % 7));
        sink.push(&chunk);
        expected.push_str(&chunk);
        if i == 0 {
            assert!(!path.exists(), "created before the budget was exceeded");
        }
    }
    let summary = sink.finish(None);
    assert!(summary.truncated);
    assert_eq!(summary.artifact_path.as_deref(), Some(path.as_path()));
    assert_eq!(std::fs::read_to_string(&path).expect("artifact"), expected);
    std::fs::remove_file(&path).expect("cleanup");
}

#[test]
fn a_capped_line_starts_the_artifact_with_the_uncapped_text() {
    let path = temp_path("columns.log");
    let opts = OutputOptions {
        max_columns: 4,
        artifact_path: Some(path.clone()),
        ..Default::default()
    };
    let summary = run(&opts, &["ok\nlong", "er line\n", "end\n"]);
    assert_eq!(summary.output, "ok\nlong…\nend\n");
    assert_eq!(summary.artifact_path.as_deref(), Some(path.as_path()));
    assert_eq!(
        std::fs::read_to_string(&path).expect("artifact"),
        "ok\nlonger line\nend\n"
    );
    std::fs::remove_file(&path).expect("cleanup");
}

#[test]
fn a_capped_artifact_keeps_its_head_a_notice_and_its_tail() {
    let path = temp_path("capped.log");
    let opts = OutputOptions {
        max_bytes: 16,
        artifact_path: Some(path.clone()),
        artifact_id: Some("42".into()),
        artifact_max_bytes: 200,
        artifact_head_bytes: 20,
        ..Default::default()
    };
    let lines: Vec<String> = (0..100).map(|i| format!("line {i:03}\n")).collect();
    let chunks: Vec<&str> = lines.iter().map(String::as_str).collect();
    let summary = run(&opts, &chunks);
    assert!(summary.artifact_truncated);
    assert_eq!(summary.artifact_path.as_deref(), Some(path.as_path()));
    assert_eq!(summary.artifact_id.as_deref(), Some("42"));
    let text = std::fs::read_to_string(&path).expect("artifact");
    // The anchor's file: the first 20 bytes, its notice, the last 180 bytes.
    let tail: String = (80..100).map(|i| format!("line {i:03}\n")).collect();
    let expected = format!("line 000\nline 001\nli\n[ARTIFACT TRUNCATED: kept first 20B + last 180B of 900B; 700B elided from the middle]\n{tail}");
    assert_eq!(text, expected);
    std::fs::remove_file(&path).expect("cleanup");
}

#[test]
fn an_artifact_that_cannot_be_written_is_reported() {
    let path = temp_path("missing-dir").join("out.log");
    let opts = OutputOptions {
        max_bytes: 2,
        artifact_path: Some(path),
        ..Default::default()
    };
    let summary = run(&opts, &["abc\n"]);
    assert_eq!(summary.output, "c\n");
    assert_eq!(summary.artifact_path, None);
    assert!(summary
        .artifact_error
        .is_some_and(|e| e.contains("missing-dir")));
}

#[test]
fn memory_stays_bounded_for_one_huge_line() {
    let chunk = "x".repeat(64 * 1024);
    let chunks = 200 * 16; // 200 MiB
    let capped = OutputOptions {
        max_columns: 100,
        ..Default::default()
    };
    let mut sink = OutputSink::new(&capped).expect("valid");
    for _ in 0..chunks {
        sink.push(&chunk);
    }
    assert!(
        sink.retained_bytes() <= 1024,
        "retained {} bytes",
        sink.retained_bytes()
    );
    let summary = sink.finish(None);
    assert_eq!(summary.output, format!("{}…", "x".repeat(97)));
    assert_eq!((summary.total_bytes, summary.total_lines), (200 << 20, 1));

    let mut sink = OutputSink::new(&options(50 * 1024, 1024)).expect("valid");
    for _ in 0..chunks {
        sink.push(&chunk);
    }
    assert!(
        sink.retained_bytes() <= 50 * 1024,
        "retained {} bytes",
        sink.retained_bytes()
    );
    let summary = sink.finish(None);
    let marker = "\n[…209664000B elided…]\n";
    assert_eq!(summary.elided_bytes, Some((200 << 20) - 50 * 1024));
    assert_eq!(summary.output.len(), 50 * 1024 + marker.len());
}

#[test]
fn a_tiny_budget_keeps_the_first_line_and_the_last_as_the_anchor_does() {
    // The anchor's tests "middle elision splices head, marker, and tail" and "middle elision math
    // subtracts column-dropped bytes" (coding-agent/test/streaming-output.test.ts); the bytes are
    // what its OutputSink gives (pi-tui 18.2.9): head and tail share the 6 bytes, the marker is
    // on top of them, and bytes a line cap dropped are not counted as elided too.
    let lines: Vec<String> = (0..12).map(|i| format!("L{i}")).collect();
    let summary = run(&options(6, 6), &[&lines.join("\n")]);
    assert_eq!(
        summary,
        OutputSummary {
            output: "L0\n[…10ln elided…]\nL11".into(),
            truncated: true,
            total_bytes: 37,
            total_lines: 12,
            output_bytes: 26,
            output_lines: 3,
            elided_bytes: Some(31),
            elided_lines: Some(10),
            head_lines: Some(1),
            tail_lines: Some(1),
            ..Default::default()
        }
    );
    let capped = OutputOptions {
        max_columns: 4,
        ..options(6, 6)
    };
    let input = format!("head\n{}\ntail", "M".repeat(200));
    let summary = run(&capped, &[&input]);
    assert_eq!(
        summary,
        OutputSummary {
            output: "hea\n[…5B elided…]\nail".into(),
            truncated: true,
            total_bytes: 210,
            total_lines: 3,
            output_bytes: 25,
            output_lines: 3,
            elided_bytes: Some(5),
            elided_lines: Some(1),
            head_lines: Some(1),
            tail_lines: Some(1),
            column_dropped_bytes: Some(199),
            column_truncated_lines: Some(1),
            column_max: Some(4),
            ..Default::default()
        }
    );
}

#[test]
fn a_truncated_summary_says_how_many_lines_it_shows_before_and_after_the_marker() {
    // (max, head, input, head lines, tail lines): a final newline ends the last line.
    let cases: &[(usize, usize, &str, u64, u64)] = &[
        (
            40,
            12,
            "line1\nline2\nmid\nmid\nmid\nmid\nmid\nmid\nmid\nmid\nmid\nmid\nend1\nend2\n",
            2,
            7,
        ),
        // A head that ends mid-line: the marker goes on the next line, the partial line counts.
        (10, 5, "abcdefghij\nklmnop\nqrstu\n", 1, 1),
        // A tail that starts with a newline: no separator, the newline is not an extra line.
        (8, 4, "aaaa\nbbbbbbbbbbbbbbbbbb\nccc", 1, 1),
        // No head: the whole body is the tail (here the end of a cut line, then two lines).
        (5, 0, "a\nb\nc\nd\ne\n", 0, 3),
        (3, 0, "abcdef", 0, 1),
    ];
    for &(max, head, input, head_lines, tail_lines) in cases {
        let summary = run(&options(max, head), &[input]);
        assert!(summary.truncated, "{input:?}");
        assert_eq!(
            (summary.head_lines, summary.tail_lines),
            (Some(head_lines), Some(tail_lines)),
            "{input:?} -> {:?}",
            summary.output
        );
    }
    let whole = run(&options(100, 10), &["fits\n"]);
    assert_eq!((whole.head_lines, whole.tail_lines), (None, None));
}
