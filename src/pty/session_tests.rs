use super::*;
use pretty_assertions::assert_eq;

fn sh(command: &str) -> PtyRequest {
    PtyRequest {
        program: Program::Shell {
            shell: "sh".into(),
            command: command.into(),
            login: false,
        },
        cwd: None,
        env: Vec::new(),
        timeout: None,
        size: TermSize::default(),
        sandbox: None,
    }
}

fn bash(command: &str) -> PtyRequest {
    let mut req = sh(command);
    if let Program::Shell { shell, .. } = &mut req.program {
        *shell = "bash".into();
    }
    req
}

/// Output received so far, filled by a task.
type Received = Arc<Mutex<Vec<u8>>>;

/// Starts `req` and drives it on a task; returns the output as it arrives and the outcome.
fn start(
    session: &PtySession,
    req: PtyRequest,
) -> (Received, tokio::task::JoinHandle<Result<PtyOutcome>>) {
    let mut run = session.start(req, CancelToken::default()).unwrap();
    let (tx, mut rx) = mpsc::channel::<Vec<u8>>(16);
    let received = Received::default();
    let sink = received.clone();
    tokio::spawn(async move {
        while let Some(chunk) = rx.recv().await {
            lock(&sink).extend(chunk);
        }
    });
    let handle = tokio::spawn(async move {
        let outcome = run.wait(Some(tx)).await;
        drop(run);
        outcome
    });
    (received, handle)
}

async fn run(session: &PtySession, req: PtyRequest) -> (PtyOutcome, String) {
    let (received, handle) = start(session, req);
    let outcome = handle.await.unwrap().unwrap();
    // The channel closed with the reader; give the collecting task its last turn.
    tokio::task::yield_now().await;
    let text = String::from_utf8_lossy(&lock(&received)).into_owned();
    (outcome, text)
}

async fn until_output(received: &Received, needle: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let text = String::from_utf8_lossy(&lock(received)).into_owned();
        if text.contains(needle) || Instant::now() > deadline {
            return text;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Living processes whose command line contains `marker`.
fn processes_with(marker: &str) -> Vec<i32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .filter(|&pid| Proc::current(pid).is_some())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline"))
                .map(|c| {
                    String::from_utf8_lossy(&c)
                        .replace('\0', " ")
                        .contains(marker)
                })
                .unwrap_or(false)
        })
        .collect()
}

async fn eventually_gone(marker: &str) -> bool {
    for _ in 0..500 {
        if processes_with(marker).is_empty() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    false
}

/// A `sleep` argument unique to one test.
fn marker(n: u32) -> String {
    format!("1000.{}{n}", std::process::id())
}

#[tokio::test]
async fn runs_a_command_on_a_terminal() {
    let s = PtySession::new();
    let (o, text) = run(&s, sh("test -t 0 && test -t 1 && printf 'hi\\n'; exit 3")).await;
    assert_eq!(
        o,
        PtyOutcome {
            exit_code: Some(3),
            ..Default::default()
        }
    );
    // The terminal turns LF into CRLF.
    assert_eq!(text, "hi\r\n");
}

#[tokio::test]
async fn every_byte_arrives_before_the_end() {
    let s = PtySession::new();
    for _ in 0..3 {
        let (o, text) = run(&s, sh("head -c 3000000 /dev/zero | tr '\\0' a")).await;
        assert_eq!((o.exit_code, text.len()), (Some(0), 3_000_000));
        assert!(text.bytes().all(|b| b == b'a'));
    }
}

#[tokio::test]
async fn argv_runs_without_a_shell_and_reports_signals() {
    let s = PtySession::new();
    let argv = PtyRequest {
        program: Program::Argv {
            application: "printf".into(),
            args: vec!["<%s>".into(), "a b; $x".into()],
        },
        ..sh("unused")
    };
    assert_eq!(run(&s, argv).await.1, "<a b; $x>");
    let (o, _) = run(&s, sh("kill -SEGV $$")).await;
    assert_eq!(
        (o.exit_code, o.signal.as_deref()),
        (Some(139), Some("SIGSEGV"))
    );
}

#[tokio::test]
async fn term_defaults_to_xterm_unless_given_and_cwd_applies() {
    let s = PtySession::new();
    assert_eq!(run(&s, sh("printf %s \"$TERM\"")).await.1, "xterm-256color");
    let mut req = sh("printf '%s %s' \"$TERM\" \"$PWD\"");
    req.env = vec![("TERM".into(), "dumb".into())];
    req.cwd = Some("/tmp".into());
    assert_eq!(run(&s, req).await.1, "dumb /tmp");
}

#[tokio::test]
async fn busy_and_not_running() {
    let s = PtySession::new();
    let code = |r: Result<()>| r.err().map(|e| e.code());
    assert_eq!(code(s.write(b"x")), Some("ERR_PTY_NOT_RUNNING"));
    assert_eq!(
        code(s.resize(TermSize::default())),
        Some("ERR_PTY_NOT_RUNNING")
    );
    assert_eq!(code(s.kill()), Some("ERR_PTY_NOT_RUNNING"));
    let (_, handle) = start(&s, sh("read x"));
    let second = s.start(sh("true"), CancelToken::default());
    assert_eq!(second.err().map(|e| e.code()), Some("ERR_PTY_BUSY"));
    s.write(b"\n").unwrap();
    assert_eq!(handle.await.unwrap().unwrap().exit_code, Some(0));
    assert_eq!(code(s.write(b"x")), Some("ERR_PTY_NOT_RUNNING"));
}

#[tokio::test]
async fn input_resize_and_screen() {
    let s = PtySession::new();
    let (received, handle) = start(
        &s,
        sh("stty size; read line; echo \"got $line\"; stty size"),
    );
    assert!(until_output(&received, "40 120").await.contains("40 120"));
    s.resize(TermSize {
        cols: 100,
        rows: 30,
    })
    .unwrap();
    s.write(b"hello\n").unwrap();
    assert_eq!(handle.await.unwrap().unwrap().exit_code, Some(0));
    let text = String::from_utf8_lossy(&lock(&received)).into_owned();
    assert_eq!(text, "40 120\r\nhello\r\ngot hello\r\n30 100\r\n");
    assert_eq!(s.screen(0), "40 120\nhello\ngot hello\n30 100");
    run(&s, sh("printf 'abc\\rX'")).await;
    assert_eq!(s.screen(0), "Xbc");
}

#[tokio::test]
async fn a_cursor_position_query_is_answered() {
    let s = PtySession::new();
    let (o, text) = run(
        &s,
        // Echo off first, or the terminal may echo the reply before `read` turns it off.
        bash(
            "stty -echo; printf 'ab\\033[6n'; IFS= read -rd R reply; printf '<%s>' \"${reply:1}\"",
        ),
    )
    .await;
    assert_eq!((o.exit_code, text.as_str()), (Some(0), "ab\x1b[6n<[1;3>"));
}

#[tokio::test]
async fn kill_ends_the_tree_including_escapees() {
    let s = PtySession::new();
    let (m1, m2) = (marker(1), marker(2));
    let (_, handle) = start(
        &s,
        sh(&format!(
            "setsid sleep {m1} & (trap '' TERM HUP; sleep {m2}) & echo started; wait"
        )),
    );
    for _ in 0..500 {
        if processes_with(&m1).len() + processes_with(&m2).len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    s.kill().unwrap();
    let o = handle.await.unwrap().unwrap();
    assert_eq!((o.cancelled, o.timed_out, o.exit_code), (true, false, None));
    assert!(eventually_gone(&m1).await && eventually_gone(&m2).await);
}

#[tokio::test]
async fn timeout_and_cancel() {
    let s = PtySession::new();
    let m = marker(3);
    // `exec`: the command itself is the root, and is asked to exit with TERM (a shell at the
    // root would be killed at once, see `tree::Frozen`).
    let mut req = sh(&format!("exec sleep {m}"));
    req.timeout = Some(Duration::from_millis(200));
    let (o, _) = run(&s, req).await;
    assert_eq!(
        o,
        PtyOutcome {
            timed_out: true,
            signal: Some("SIGTERM".into()),
            ..Default::default()
        }
    );
    assert!(eventually_gone(&m).await);
}

#[tokio::test]
async fn a_process_holding_the_terminal_does_not_keep_the_run_pending() {
    let s = PtySession::new();
    let m = marker(4);
    let started = Instant::now();
    // setsid leaves the session (no SIGHUP when the command exits) but keeps the terminal.
    let (o, text) = run(&s, sh(&format!("setsid sleep {m} & echo hi"))).await;
    assert!(started.elapsed() < Duration::from_secs(5));
    assert_eq!((o.exit_code, text.as_str()), (Some(0), "hi\r\n"));
    assert!(eventually_gone(&m).await);
}

#[tokio::test]
async fn a_daemon_that_left_the_session_and_the_terminal_ends_with_the_run() {
    let s = PtySession::new();
    let m = marker(7);
    // A session of its own, no descriptor on the terminal, its parent gone at once: nothing but
    // the supervisor above it links it to the run.
    let command = format!(
        "setsid sh -c '(sleep {m} &)' </dev/null >/dev/null 2>&1; \
         until pgrep -fx 'sleep {m}' >/dev/null; do sleep 0.02; done; echo up"
    );
    let (o, text) = run(&s, sh(&command)).await;
    assert_eq!((o.exit_code, text.as_str()), (Some(0), "up\r\n"));
    assert_eq!(processes_with(&m), Vec::<i32>::new());
}

#[tokio::test]
async fn dropping_the_session_ends_a_running_command() {
    let m = marker(5);
    let s = PtySession::new();
    let (_, handle) = start(&s, sh(&format!("sleep {m}")));
    for _ in 0..500 {
        if !processes_with(&m).is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    drop(s);
    let o = handle.await.unwrap().unwrap();
    assert!(o.cancelled);
    assert!(eventually_gone(&m).await);
}

#[tokio::test]
async fn a_run_dropped_undriven_ends_its_command() {
    let m = marker(6);
    let s = PtySession::new();
    let run = s
        .start(sh(&format!("sleep {m}")), CancelToken::default())
        .unwrap();
    drop(run);
    assert!(eventually_gone(&m).await);
    // The session is free again.
    assert_eq!(self::run(&s, sh("printf ok")).await.1, "ok");
}

#[test]
fn bad_requests() {
    let s = PtySession::new();
    let argv = |application: &str, args: &[&str]| PtyRequest {
        program: Program::Argv {
            application: application.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
        },
        ..sh("unused")
    };
    let with = |f: fn(&mut PtyRequest)| {
        let mut req = sh("true");
        f(&mut req);
        req
    };
    let cases = [
        (sh(" "), "ERR_INVALID_ARG", "command"),
        (sh("a\0b"), "ERR_INVALID_ARG", "command"),
        (argv("", &[]), "ERR_INVALID_ARG", "application"),
        (argv("echo", &["ok", "a\0"]), "ERR_INVALID_ARG", "args[1]"),
        (
            argv("no-such-program-here", &[]),
            "ERR_SPAWN_FAILED",
            "no-such-program-here",
        ),
        (
            with(|r| r.env = vec![("A-B".into(), "x".into())]),
            "ERR_INVALID_ARG",
            "A-B",
        ),
        (
            with(|r| r.cwd = Some("/no/such/dir".into())),
            "ERR_CWD_NOT_FOUND",
            "/no/such/dir",
        ),
        (
            with(|r| r.cwd = Some("/etc/passwd".into())),
            "ERR_CWD_NOT_DIR",
            "/etc/passwd",
        ),
        (
            with(|r| {
                if let Program::Shell { shell, .. } = &mut r.program {
                    *shell = "no-such-shell".into();
                }
            }),
            "ERR_SPAWN_FAILED",
            "no-such-shell",
        ),
    ];
    for (req, code, named) in cases {
        let err = s.start(req, CancelToken::default()).err().unwrap();
        assert_eq!(err.code(), code, "{err}");
        assert!(err.to_string().contains(named), "{err}");
    }
}
