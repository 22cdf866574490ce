use pretty_assertions::assert_eq;

use super::*;

fn words(w: &[&str]) -> Vec<String> {
    w.iter().map(|s| s.to_string()).collect()
}

#[test]
fn a_command_line_splits_back_into_the_same_words() {
    let cases: &[&[&str]] = &[
        &[
            "C:\\Program Files\\Git\\bin\\bash.exe",
            "--noprofile",
            "--norc",
            "-c",
            "echo hi",
        ],
        &["bash.exe", ""],
        &[
            "bash.exe",
            "a\"b",
            "\"",
            "\\",
            "\\\\",
            "a\\",
            "a\\\\",
            "a\\\"b",
            "tab\there",
            "nl\nhere",
        ],
        &["x", "C:\\dir with space\\", "trailing\\\\"],
        &["x", "ünïcödé", "$HOME", "'single'", "%PATH%"],
    ];
    for case in cases {
        let (program, args) = case.split_first().unwrap();
        let line = command_line(program, &words(args));
        assert_eq!(split_command_line(&line), words(case), "{line}");
    }
}

#[test]
fn plain_words_are_left_unquoted() {
    assert_eq!(
        command_line("bash.exe", &words(&["-c", "true"])),
        "bash.exe -c true"
    );
    assert_eq!(
        command_line("a b.exe", &words(&["", "x\"y"])),
        r#""a b.exe" "" "x\"y""#
    );
    assert_eq!(command_line("x", &words(&["C:\\a b\\"])), r#"x "C:\a b\\""#);
}

fn decode(block: &[u16]) -> Vec<String> {
    let text = String::from_utf16(block).unwrap();
    assert!(text.ends_with("\0\0"), "{text:?}");
    text.trim_end_matches('\0')
        .split('\0')
        .map(str::to_string)
        .collect()
}

#[test]
fn the_environment_block_is_sorted_without_case_and_double_nul_ended() {
    let env = [
        ("Path".to_string(), "C:\\bin".to_string()),
        ("b".to_string(), "2".to_string()),
        ("A".to_string(), "1".to_string()),
        ("PATH".to_string(), "C:\\Git\\bin".to_string()),
        ("_x".to_string(), "ü".to_string()),
    ];
    assert_eq!(
        decode(&env_block(&env).unwrap()),
        ["A=1", "b=2", "PATH=C:\\Git\\bin", "_x=ü"]
    );
    assert_eq!(env_block(&[]).unwrap(), [0, 0]);
    for bad in [("", "x"), ("A=B", "x"), ("A", "x\0y")] {
        assert_eq!(env_block(&[(bad.0.into(), bad.1.into())]), None, "{bad:?}");
    }
}

#[test]
fn pipe_names_are_per_process_and_unguessable() {
    let name = pipe_name(4242, [0xab; 16]);
    assert_eq!(
        name,
        format!(r"\\.\pipe\agent-shell-4242-{}", "ab".repeat(16))
    );
    assert_ne!(pipe_name(1, [0; 16]), pipe_name(1, [1; 16]));
    assert_eq!(
        user_only_sddl("S-1-5-21-1-2-3-1001"),
        "D:P(A;;GA;;;S-1-5-21-1-2-3-1001)"
    );
}

#[test]
fn the_handle_list_has_each_handle_once_and_no_invalid_one() {
    assert_eq!(handle_list(&[8, 0, 12, 8, usize::MAX, 16]), [8, 12, 16]);
    assert_eq!(handle_list(&[]), Vec::<usize>::new());
}

fn e(pid: i32, ppid: i32, start_time: u64) -> ProcEntry {
    ProcEntry {
        pid,
        ppid,
        pgid: pid,
        session: 0,
        start_time,
        state: 'R',
    }
}

#[test]
fn a_child_older_than_its_parent_is_not_its_child() {
    // 300 started at 50 under a parent with pid 100 that exited; the pid 100 now names a process
    // started at 90, whose real child 400 started at 95.
    let snapshot = [
        e(100, 4, 90),
        e(300, 100, 50),
        e(400, 100, 95),
        e(500, 400, 96),
        e(600, 600, 1),
    ];
    assert_eq!(children_in(&snapshot, 100), [400]);
    assert_eq!(children_in(&snapshot, 400), [500]);
    // A process is never its own child (pid 0 and 4 name themselves as parent on Windows).
    assert_eq!(children_in(&snapshot, 600), Vec::<i32>::new());
    assert_eq!(children_in(&snapshot, 999), Vec::<i32>::new());
    assert_eq!(filetime(1, 2), (2u64 << 32) | 1);
}

#[test]
fn a_creation_time_later_than_now_is_not_known_yet() {
    let now = filetime_now();
    // 2026-11-28 is about 134.4e15 intervals after 1601; this test runs after 2020 and before 2400.
    assert!(
        (132_000_000_000_000_000..250_000_000_000_000_000).contains(&now),
        "{now}"
    );
    assert!(created_yet(now, now));
    assert!(created_yet(now - 10_000_000, now));
    assert!(created_yet(0, now));
    // Wine's unset creation time, read while the process is being created.
    assert!(!created_yet(0x5555_5555_5555_5555, now));
    // A clock set back by up to a day still sees processes created before it was.
    let hour = 3600 * 10_000_000;
    assert!(created_yet(now + hour, now));
    assert!(!created_yet(now + 25 * hour, now));
}

#[test]
fn a_host_record_reads_back_and_nothing_else_reads_as_one() {
    let text = host_record(4242, 133_000_000_000_000_000);
    assert_eq!(text, "4242 133000000000000000\n");
    assert!(text.len() as u64 <= HOST_RECORD_MAX_BYTES);
    assert_eq!(
        parse_host_record(&text),
        Some((4242, 133_000_000_000_000_000))
    );
    for other in [
        "",
        "4242 133\n\n",
        "4242 133",
        "4242  133\n",
        "-1 133\n",
        "4242 +133\n",
        "42a 133\n",
        "99999999999 1\n",
        "1 99999999999999999999999\n",
    ] {
        assert_eq!(parse_host_record(other), None, "{other:?}");
    }
}

#[test]
fn a_host_is_gone_when_no_process_has_its_pid_and_creation_time() {
    let me = (100, 5_000);
    let owner = (200, 7_000);
    let cases: &[((u32, u64), Option<u64>, bool)] = &[
        // No process with that pid: gone.
        (owner, None, true),
        // The pid is another process's now (reused): gone.
        (owner, Some(9_000), true),
        // The same process: alive.
        (owner, Some(7_000), false),
        // A process we cannot read the creation time of may be it: kept.
        (owner, Some(0), false),
        // This host's own directories are never stale.
        (me, None, false),
        (me, Some(5_000), false),
    ];
    for &(owner, now, gone) in cases {
        assert_eq!(host_gone(owner, me, now), gone, "{owner:?} {now:?}");
    }
}
