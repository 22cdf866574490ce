//! Runs that keep stderr apart (`Stderr::Separate`) beside runs that merge it.

use super::*;
use crate::shell::session::tests::run;
use pretty_assertions::assert_eq;

/// Collects what a channel receives, as text.
fn collect(mut rx: mpsc::Receiver<Vec<u8>>) -> tokio::task::JoinHandle<String> {
    tokio::spawn(async move {
        let mut all = Vec::new();
        while let Some(chunk) = rx.recv().await {
            all.extend(chunk);
        }
        String::from_utf8_lossy(&all).into_owned()
    })
}

/// Runs `req` with stderr apart; its outcome, its stdout and its stderr.
async fn run_apart(s: &Session, req: RunRequest) -> (RunOutcome, String, String) {
    let req = RunRequest {
        stderr: Stderr::Separate,
        ..req
    };
    let (tx, rx) = mpsc::channel(16);
    let (etx, erx) = mpsc::channel(16);
    let (out, err) = (collect(rx), collect(erx));
    let senders = Senders {
        out: Some(tx),
        err: Some(etx),
    };
    let outcome = s
        .run_in_to(s.queue(), req, senders, &CancelToken::default())
        .await
        .unwrap();
    (outcome, out.await.unwrap(), err.await.unwrap())
}

fn req(command: &str) -> RunRequest {
    RunRequest {
        command: command.into(),
        ..Default::default()
    }
}

#[tokio::test]
async fn stderr_apart_and_merged_runs_alternate_on_one_shell() {
    let s = Session::new(ShellConfig::default()).unwrap();
    let both = "echo o1; echo e1 >&2; echo o2; echo e2 >&2";
    let (o, out, err) = run_apart(&s, req(both)).await;
    assert_eq!(
        (o.exit_code, out.as_str(), err.as_str()),
        (Some(0), "o1\no2\n", "e1\ne2\n")
    );
    // The FIFOs are reused by the next run apart, then given up by a merged one.
    let (_, out, err) = run_apart(&s, req(both)).await;
    assert_eq!((out.as_str(), err.as_str()), ("o1\no2\n", "e1\ne2\n"));
    let (o, text) = run(&s, "echo o; sleep 0.05; echo e >&2").await;
    assert_eq!((o.session_restarted, text.as_str()), (false, "o\ne\n"));
    let (o, out, err) = run_apart(&s, req(both)).await;
    assert_eq!(
        (o.session_restarted, out.as_str(), err.as_str()),
        (false, "o1\no2\n", "e1\ne2\n")
    );
    s.close().await;
}

#[tokio::test]
async fn a_commands_own_redirections_behave_as_under_bash_c() {
    let s = Session::new(ShellConfig::default()).unwrap();
    // `2>&1` sends stderr where stdout goes; `>&2` the other way; left to right, as bash reads
    // them (`>&2 2>&1` leaves both on stderr).
    let (_, out, err) = run_apart(&s, req("{ echo a; echo b >&2; } 2>&1; echo c >&2 2>&1")).await;
    assert_eq!((out.as_str(), err.as_str()), ("a\nb\n", "c\n"));
    let (_, out, err) = run_apart(&s, req("{ echo a; echo b >&2; } 1>&2")).await;
    assert_eq!((out.as_str(), err.as_str()), ("", "a\nb\n"));
    // `exec 2>file` moves the shell's stderr for the rest of the run, and no further.
    let dir = crate::process::fd::make_private_temp_dir("agent-shell-stderr-test-").unwrap();
    let file = dir.join("err");
    let command = format!(
        "echo before >&2; exec 2>'{}'; echo into-file >&2; echo out",
        file.display()
    );
    let (_, out, err) = run_apart(&s, req(&command)).await;
    assert_eq!((out.as_str(), err.as_str()), ("out\n", "before\n"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "into-file\n");
    let (_, out, err) = run_apart(&s, req("echo o; echo e >&2")).await;
    assert_eq!((out.as_str(), err.as_str()), ("o\n", "e\n"));
    // `exec 2>&1` in a run apart: merged there, apart again in the next run.
    let (_, out, err) = run_apart(&s, req("exec 2>&1; echo o; echo e >&2")).await;
    assert_eq!((out.as_str(), err.as_str()), ("o\ne\n", ""));
    let (_, out, err) = run_apart(&s, req("echo o; echo e >&2")).await;
    assert_eq!((out.as_str(), err.as_str()), ("o\n", "e\n"));
    // And a merged run after `exec 2>file` in a run apart gets both back.
    run_apart(&s, req(&format!("exec 2>'{}'", file.display()))).await;
    let (_, text) = run(&s, "echo o; echo e >&2").await;
    assert_eq!(text, "o\ne\n");
    s.close().await;
    std::fs::remove_dir_all(&dir).unwrap();
}

#[tokio::test]
async fn both_streams_in_full_and_in_order_when_they_flood_at_once() {
    let s = Session::new(ShellConfig::default()).unwrap();
    // More than the FIFOs hold (1 MiB each), both at once, each numbered to check its order.
    let command = "seq 1 300000 >&2 & seq 1 300000; wait";
    let (o, out, err) = run_apart(&s, req(command)).await;
    let expected: String = (1..=300_000).map(|n| format!("{n}\n")).collect();
    assert_eq!(o.exit_code, Some(0));
    assert!(out == expected, "stdout: {} bytes", out.len());
    assert!(err == expected, "stderr: {} bytes", err.len());
    s.close().await;
}

#[tokio::test]
async fn a_stop_takes_what_both_streams_wrote() {
    let s = Session::new(ShellConfig::default()).unwrap();
    let stopped = RunRequest {
        timeout: Some(Duration::from_millis(300)),
        ..req("echo o; echo e >&2; sleep 30; echo late")
    };
    let (o, out, err) = run_apart(&s, stopped).await;
    assert_eq!(
        (o.timed_out, out.as_str(), err.as_str()),
        (true, "o\n", "e\n")
    );
    let (o, out, err) = run_apart(&s, req("echo o; echo e >&2")).await;
    assert_eq!(
        (o.session_restarted, out.as_str(), err.as_str()),
        (true, "o\n", "e\n")
    );
    s.close().await;
}

#[tokio::test]
async fn a_background_jobs_stderr_stays_out_of_later_runs() {
    let s = Session::new(ShellConfig::default()).unwrap();
    run_apart(&s, req("(sleep 0.3; echo late >&2; echo late) &")).await;
    let (_, out, err) = run_apart(&s, req("sleep 0.6; echo now; echo err >&2")).await;
    assert_eq!((out.as_str(), err.as_str()), ("now\n", "err\n"));
    s.close().await;
}

#[tokio::test]
async fn an_exit_trap_writes_to_the_runs_streams() {
    let s = Session::new(ShellConfig::default()).unwrap();
    let (o, out, err) = run_apart(&s, req("trap 'echo bye; echo bye-err >&2' EXIT; false")).await;
    assert_eq!(
        (o.exit_code, out.as_str(), err.as_str()),
        (Some(1), "bye\n", "bye-err\n")
    );
    s.close().await;
}

/// Takes delivered text into a shared string.
struct Collect(std::sync::Arc<std::sync::Mutex<String>>);

impl ChunkReceiver for Collect {
    fn receive(&mut self, text: String) -> crate::output::Received<'_> {
        self.0.lock().unwrap().push_str(&text);
        Box::pin(std::future::ready(()))
    }
}

#[tokio::test]
async fn delivered_apart_each_stream_gets_its_own_summary_and_budget() {
    let s = Session::new(ShellConfig::default()).unwrap();
    let (out, err) = (Arc::default(), Arc::default());
    let output = OutputOptions {
        max_bytes: 16,
        ..Default::default()
    };
    let command = "echo short; seq 1 1000 >&2";
    let (outcome, summary, err_summary) = s
        .run_delivered_apart(
            Launch::Queued(
                s.queue(),
                RunRequest {
                    stderr: Stderr::Separate,
                    ..req(command)
                },
            ),
            Some(&output),
            Some(Collect(Arc::clone(&out))),
            &crate::output::stderr_options(Some(&output)),
            Some(Collect(Arc::clone(&err))),
            &CancelToken::default(),
        )
        .await
        .unwrap();
    assert_eq!(outcome.exit_code, Some(0));
    let expected: String = (1..=1000).map(|n| format!("{n}\n")).collect();
    assert_eq!(out.lock().unwrap().as_str(), "short\n");
    assert_eq!(err.lock().unwrap().as_str(), expected);
    let summary = summary.expect("a sink was asked for");
    assert_eq!(
        (summary.output.as_str(), summary.truncated),
        ("short\n", false)
    );
    assert!(err_summary.truncated, "{err_summary:?}");
    assert_eq!(err_summary.total_bytes, expected.len() as u64);
    assert!(
        err_summary.output.ends_with("999\n1000\n"),
        "{err_summary:?}"
    );
    s.close().await;
}
