use super::*;
use crate::shell::status::{self, StatusPipe, Watch};
use pretty_assertions::assert_eq;

/// Runs `command` on `s`; its outcome and its whole output (also used by the jobs' tests).
pub(crate) async fn run(s: &Session, command: &str) -> (RunOutcome, String) {
    run_req(
        s,
        RunRequest {
            command: command.into(),
            ..Default::default()
        },
    )
    .await
}

pub(crate) async fn run_req(s: &Session, req: RunRequest) -> (RunOutcome, String) {
    let (tx, mut rx) = mpsc::channel(16);
    let collect = tokio::spawn(async move {
        let mut all = Vec::new();
        while let Some(chunk) = rx.recv().await {
            all.extend(chunk);
        }
        String::from_utf8_lossy(&all).into_owned()
    });
    let outcome = s.run(req, Some(tx), CancelToken::default()).await.unwrap();
    (outcome, collect.await.unwrap())
}

#[tokio::test]
async fn state_carries_over_and_status_is_reported() {
    let s = Session::new(ShellConfig::default()).unwrap();
    let (o, text) = run(
        &s,
        "x=1; export Y=2; f() { echo f$1; }; cd /tmp; echo hi; false",
    )
    .await;
    assert_eq!(
        (o.exit_code, text.as_str(), o.working_dir.as_deref()),
        (Some(1), "hi\n", Some("/tmp"))
    );
    let (o, text) = run(&s, "echo \"$? $x $Y $(f 3) $PWD $_\"").await;
    assert_eq!(
        (o.exit_code, text.as_str()),
        (Some(0), "1 1 2 f3 /tmp false\n")
    );
    let (_, text) = run(&s, "compgen -v | grep -c agsh; declare -F | wc -l").await;
    assert_eq!(text, "0\n1\n");
    s.close().await;
}

#[tokio::test]
async fn exit_ends_the_shell_and_the_next_run_restarts() {
    let s = Session::new(ShellConfig::default()).unwrap();
    run(&s, "cd /tmp").await;
    let (o, _) = run(&s, "exit 3").await;
    assert_eq!(o.exit_code, Some(3));
    let (o, text) = run(&s, "pwd").await;
    assert_eq!((o.session_restarted, text.as_str()), (true, "/tmp\n"));
    s.close().await;
}

#[tokio::test]
async fn a_timeout_ends_the_run_there_and_the_shell_with_it() {
    let s = Session::new(ShellConfig::default()).unwrap();
    run(&s, "v=kept; cd /tmp").await;
    // The rest of a list, the next line, a TERM handler's aftermath: none of it runs.
    let req = RunRequest {
        command: "trap 'echo caught' TERM; echo before; sleep 30; echo after\necho next".into(),
        timeout: Some(Duration::from_millis(300)),
        ..Default::default()
    };
    let (o, text) = run_req(&s, req).await;
    assert_eq!(
        (o.timed_out, o.exit_code, text.as_str()),
        (true, None, "before\n")
    );
    // The shell was in the middle of the script: it was replaced, in the last directory.
    let (o, text) = run(&s, "echo ${v-gone} $PWD").await;
    assert_eq!((o.session_restarted, text.as_str()), (true, "gone /tmp\n"));
    s.close().await;
}

/// A watcher that never reports: a host whose event loop is busy past the deadline.
struct Busy;

impl status::StatusWatcher for Busy {
    fn watch(&self, _pipe: Arc<StatusPipe>) -> std::io::Result<Watch> {
        Ok(Watch::new(|| {}))
    }
}

#[tokio::test]
async fn a_stop_that_finds_the_report_there_keeps_the_session() {
    let s = Session::new(ShellConfig::default())
        .unwrap()
        .with_status_watcher(Arc::new(Busy));
    // Nothing is ever read from the status pipe but at a stop: every run ends by its deadline,
    // and the report it finds there stands.
    let req = |command: &str| RunRequest {
        command: command.into(),
        timeout: Some(Duration::from_millis(300)),
        ..Default::default()
    };
    let (o, text) = run_req(&s, req("v=kept; echo one; (exit 3)")).await;
    assert_eq!(
        (o.timed_out, o.exit_code, text.as_str()),
        (false, Some(3), "one\n")
    );
    let (o, text) = run_req(&s, req("echo $v")).await;
    assert_eq!(
        (o.timed_out, o.session_restarted, text.as_str()),
        (false, false, "kept\n")
    );
    // A run still going at its deadline is stopped there, and the shell with it.
    let (o, text) = run_req(&s, req("echo a; sleep 5; echo b")).await;
    assert_eq!((o.timed_out, text.as_str()), (true, "a\n"));
    s.close().await;
}

#[tokio::test]
async fn background_output_stays_out_of_later_runs() {
    let s = Session::new(ShellConfig::default()).unwrap();
    run(&s, "(sleep 0.3; echo late) &").await;
    let (_, text) = run(&s, "sleep 0.6; echo now").await;
    assert_eq!(text, "now\n");
    s.close().await;
}

#[tokio::test]
async fn per_run_env_is_undone() {
    let s = Session::new(ShellConfig::default()).unwrap();
    run(&s, "export KEEP=old").await;
    let req = RunRequest {
        command: "echo $KEEP $NEW".into(),
        env: vec![("KEEP".into(), "new".into()), ("NEW".into(), "1".into())],
        ..Default::default()
    };
    let (_, text) = run_req(&s, req).await;
    assert_eq!(text, "new 1\n");
    let (_, text) = run(&s, "echo \"$KEEP ${NEW-unset}\"").await;
    assert_eq!(text, "old unset\n");
    s.close().await;
}

#[tokio::test]
async fn exit_trap_fires_when_the_run_ends() {
    let s = Session::new(ShellConfig::default()).unwrap();
    let (o, text) = run(&s, "trap 'echo bye' EXIT; echo hi; false").await;
    assert_eq!((o.exit_code, text.as_str()), (Some(1), "hi\nbye\n"));
    let (_, text) = run(&s, "trap -p EXIT; echo next").await;
    assert_eq!(text, "next\n");
    s.close().await;
}

#[test]
fn texts_that_may_move_the_shells_descriptors() {
    for text in [
        "exec >/dev/null",
        "f() { builtin exec 2>&-; }",
        "eval \"$x\"",
        "source ./env.sh",
        ". ./env.sh",
        "true; . f",
        "x=1\n. f",
    ] {
        assert!(may_move_descriptors(text), "{text}");
    }
    for text in [
        "ls -la",
        "cd ..",
        "echo a.b",
        "cat ./f",
        "git log --oneline",
    ] {
        assert!(!may_move_descriptors(text), "{text}");
    }
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
async fn a_rust_caller_gets_the_output_decoded_and_through_the_sink() {
    let s = Session::new(ShellConfig::default()).unwrap();
    let text = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let output = OutputOptions {
        max_bytes: 8,
        ..Default::default()
    };
    // A character split across two writes, ANSI colour, and more than the budget.
    let command = r"printf '\303'; sleep 0.05; printf '\251 \033[31mred\033[0m 0123456789\n'";
    let req = RunRequest {
        command: command.into(),
        ..Default::default()
    };
    let (outcome, summary) = s
        .run_delivered(
            Launch::Queued(s.queue(), req),
            Some(&output),
            Some(Collect(text.clone())),
            &CancelToken::default(),
        )
        .await
        .unwrap();
    assert_eq!(outcome.exit_code, Some(0));
    assert_eq!(text.lock().unwrap().as_str(), "é red 0123456789\n");
    let summary = summary.expect("a sink was asked for");
    assert!(summary.truncated, "{summary:?}");
    assert_eq!(summary.total_bytes, "é red 0123456789\n".len() as u64);
    s.close().await;
}

/// The directory a shell exited in, as its supervisor reads it (no symbolic link), is spelled from
/// the run's starting directory as the run spelled it.
#[test]
fn an_exit_directory_is_spelled_from_where_the_run_started() {
    let base = crate::process::fd::make_private_temp_dir("agent-shell-spelled-test-").unwrap();
    let real = base.canonicalize().unwrap();
    std::fs::create_dir_all(real.join("real/sub")).unwrap();
    crate::process::fd::symlink(&real.join("real"), &real.join("link")).unwrap();
    let at = |p: &str| real.join(p).to_string_lossy().into_owned();
    let link = at("link");
    let sub = at("real/sub");
    let cases = [
        (at("real"), Some(link.as_str()), link.clone()),
        (at("real/sub"), Some(link.as_str()), format!("{link}/sub")),
        (at("real/sub"), Some("/nonexistent"), at("real/sub")),
        (at("real"), Some(sub.as_str()), at("real")),
        ("/".to_string(), None, "/".to_string()),
    ];
    for (dir, from, spelled) in cases {
        assert_eq!(
            spelled_from(dir.clone(), from),
            spelled,
            "{dir} from {from:?}"
        );
    }
    std::fs::remove_dir_all(&base).unwrap();
}
