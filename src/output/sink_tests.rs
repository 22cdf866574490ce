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
    elided: Option<(u64, u64)>, // (bytes, lines)
}

const CASES: &[Case] = &[
    Case {
        name: "fits",
        max_bytes: 100,
        head_bytes: 0,
        input: "a\nb\n",
        output: "a\nb\n",
        elided: None,
    },
    Case {
        name: "exactly the budget",
        max_bytes: 4,
        head_bytes: 2,
        input: "a\nb\n",
        output: "a\nb\n",
        elided: None,
    },
    Case {
        name: "empty",
        max_bytes: 10,
        head_bytes: 0,
        input: "",
        output: "",
        elided: None,
    },
    Case {
        name: "tail at a line start",
        max_bytes: 4,
        head_bytes: 0,
        input: "a\nb\nc\nd\ne\n",
        output: "[…3 lines elided…]\nd\ne\n",
        elided: Some((6, 3)),
    },
    Case {
        name: "tail cut to the next line start",
        max_bytes: 5,
        head_bytes: 0,
        input: "a\nb\nc\nd\ne\n",
        output: "[…3 lines elided…]\nd\ne\n",
        elided: Some((6, 3)),
    },
    Case {
        name: "head and tail",
        max_bytes: 9,
        head_bytes: 4,
        input: "l1\nl2\nl3\nl4\nl5\nl6\n",
        output: "l1\n[…4 lines elided…]\nl6\n",
        elided: Some((12, 4)),
    },
    Case {
        name: "one line",
        max_bytes: 2,
        head_bytes: 0,
        input: "a\nb\n",
        output: "[…1 line elided…]\nb\n",
        elided: Some((2, 1)),
    },
    Case {
        name: "one line longer than the budget",
        max_bytes: 10,
        head_bytes: 0,
        input: "xxxxxxxxxxxxxxxxxxxxyyyyyyyyyy",
        output: "[…20 bytes elided…]\nyyyyyyyyyy",
        elided: Some((20, 0)),
    },
    Case {
        name: "partial head line and partial tail line",
        max_bytes: 8,
        head_bytes: 4,
        input: "aaaaaaaa\nbbbbbbbb",
        output: "aaaa\n[…9 bytes elided…]\nbbbb",
        elided: Some((9, 0)),
    },
    Case {
        name: "a whole line between partial ones",
        max_bytes: 8,
        head_bytes: 4,
        input: "aaaaaaaa\nmid\nbbbbbbbb",
        output: "aaaa\n[…1 line elided…]\nbbbb",
        elided: Some((13, 1)),
    },
    Case {
        name: "tail starts inside a character",
        max_bytes: 5,
        head_bytes: 0,
        input: "€€€€",
        output: "[…9 bytes elided…]\n€",
        elided: Some((9, 0)),
    },
    Case {
        name: "head stops before a character that does not fit",
        max_bytes: 8,
        head_bytes: 4,
        input: "€€€€",
        output: "€\n[…6 bytes elided…]\n€",
        elided: Some((6, 0)),
    },
    Case {
        name: "no budget at all",
        max_bytes: 0,
        head_bytes: 0,
        input: "a\nb\n",
        output: "[…2 lines elided…]",
        elided: Some((4, 2)),
    },
];

#[test]
fn head_tail_and_elision_marker() {
    for case in CASES {
        let summary = run(&options(case.max_bytes, case.head_bytes), &[case.input]);
        assert_eq!(summary.output, case.output, "{}", case.name);
        assert_eq!(summary.truncated, case.elided.is_some(), "{}", case.name);
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
fn counts_lines_and_bytes() {
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
    assert_eq!(run(&options(100, 0), &["a\n", "\n"]).total_lines, 2);
}

#[test]
fn every_budget_keeps_a_prefix_and_a_suffix_of_whole_characters() {
    let input = "ab€\nc😀d\n\neee\nfé\n€€";
    for max_bytes in 0..=input.len() + 1 {
        for head_bytes in 0..=max_bytes {
            let summary = run(&options(max_bytes, head_bytes), &[input]);
            let name = format!("max {max_bytes} head {head_bytes}");
            if !summary.truncated {
                assert_eq!(summary.output, input, "{name}");
                continue;
            }
            let marker = summary.output.find("[…").expect("marker");
            let marker_end = summary.output[marker..]
                .find("…]")
                .map(|e| marker + e + "…]".len())
                .expect("end");
            let shown_head = &summary.output[..marker];
            let tail = summary.output[marker_end..]
                .strip_prefix('\n')
                .unwrap_or("");
            assert!(input.ends_with(tail), "{name}: tail {tail:?}");
            let elided = summary.elided_bytes.unwrap_or_default() as usize;
            // The separator newline after a partial head line is not part of the text.
            let head_fits = |head: &str| {
                input.starts_with(head) && head.len() + elided + tail.len() == input.len()
            };
            assert!(
                head_fits(shown_head) || shown_head.strip_suffix('\n').is_some_and(head_fits),
                "{name}: head {shown_head:?}, tail {tail:?}, elided {elided}"
            );
            assert!(
                shown_head.len() <= head_bytes + 1 && tail.len() <= max_bytes - head_bytes + 3,
                "{name}"
            );
        }
    }
}

#[test]
fn the_notice_goes_on_its_own_line() {
    let mut sink = OutputSink::new(&options(100, 0)).expect("valid");
    sink.push("partial");
    let summary = sink.finish(Some("[timed out after 5 s]"));
    assert_eq!(summary.output, "partial\n[timed out after 5 s]");
    assert_eq!(summary.output_lines, 2);
    assert_eq!(summary.total_lines, 1);
    assert_eq!(run(&options(100, 0), &[]).output, "");
    let mut sink = OutputSink::new(&options(100, 0)).expect("valid");
    assert_eq!(sink.summary(Some("note")).output, "note");
}

#[test]
fn a_summary_mid_stream_leaves_the_sink_working() {
    let mut sink = OutputSink::new(&options(4, 0)).expect("valid");
    sink.push("ab\n");
    assert_eq!(sink.summary(None).output, "ab\n");
    sink.push("cd\n");
    assert_eq!(sink.summary(None).output, "[…1 line elided…]\ncd\n");
}

#[test]
fn column_caps() {
    let columns = OutputOptions {
        max_columns: 5,
        ..Default::default()
    };
    let input = "short\ntoolongline\n€€€€\nx";
    let expected = "short\ntoolo…\n€…\nx";
    for cut in (0..=input.len()).filter(|&c| input.is_char_boundary(c)) {
        let summary = run(&columns, &[&input[..cut], &input[cut..]]);
        assert_eq!(summary.output, expected, "cut at {cut}");
        assert_eq!(summary.column_truncated_lines, Some(2), "cut at {cut}");
        assert_eq!(
            (summary.total_bytes, summary.total_lines),
            (input.len() as u64, 4)
        );
        assert!(!summary.truncated);
    }
    let chunked = run(&columns, &["abc", "def", "ghi\n", "jk"]);
    assert_eq!(chunked.output, "abcde…\njk");
    assert_eq!(run(&columns, &["12345\n"]).column_truncated_lines, None);
}

/// Caps each line of a whole text, the obvious way.
fn cap_lines(text: &str, max_columns: usize) -> String {
    let lines: Vec<String> = text
        .split('\n')
        .map(|line| match line.len() > max_columns {
            true => format!(
                "{}{COLUMN_ELLIPSIS}",
                &line[..line.floor_char_boundary(max_columns)]
            ),
            false => line.to_string(),
        })
        .collect();
    lines.join("\n")
}

#[test]
fn column_caps_match_capping_line_by_line_at_every_split() {
    let input = "a\nbb\n\nccc€\ndddd😀dd\neeeeeeeeeeee\nf\ngg\nhhh\n\n\niiiiiiii";
    for max_columns in 1..=9 {
        let opts = OutputOptions {
            max_columns,
            ..Default::default()
        };
        let expected = cap_lines(input, max_columns);
        for cut in (0..=input.len()).filter(|&c| input.is_char_boundary(c)) {
            let summary = run(&opts, &[&input[..cut], &input[cut..]]);
            assert_eq!(
                summary.output, expected,
                "maxColumns {max_columns} cut at {cut}"
            );
        }
    }
}

#[test]
fn column_caps_apply_before_the_budget() {
    let opts = OutputOptions {
        max_bytes: 21,
        max_columns: 3,
        ..Default::default()
    };
    let summary = run(&opts, &["aaaaaaaaaa\nbbbbbbbbbbb\nccccccccc\n"]);
    assert_eq!(summary.output, "aaa…\nbbb…\nccc…\n");
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
fn the_artifact_stops_at_its_cap_on_a_character_boundary() {
    let path = temp_path("capped.log");
    let opts = OutputOptions {
        max_bytes: 4,
        artifact_path: Some(path.clone()),
        artifact_max_bytes: 8,
        ..Default::default()
    };
    let summary = run(&opts, &["abcdef", "€€€"]);
    assert!(summary.artifact_truncated);
    assert_eq!(summary.artifact_path.as_deref(), Some(path.as_path()));
    assert_eq!(std::fs::read_to_string(&path).expect("artifact"), "abcdef");
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
    assert_eq!(summary.output, "[…2 bytes elided…]\nc\n");
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
    assert_eq!(summary.output, format!("{}…", "x".repeat(100)));
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
    assert_eq!(summary.elided_bytes, Some((200 << 20) - 50 * 1024));
    assert_eq!(
        summary.output.len(),
        50 * 1024 + "\n[…209664000 bytes elided…]\n".len()
    );
}
