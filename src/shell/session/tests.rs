use super::*;
use pretty_assertions::assert_eq;

async fn run(s: &Session, command: &str) -> (RunOutcome, String) {
    run_req(
        s,
        RunRequest {
            command: command.into(),
            ..Default::default()
        },
    )
    .await
}

async fn run_req(s: &Session, req: RunRequest) -> (RunOutcome, String) {
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
async fn timeout_kills_the_command_and_keeps_the_session() {
    let s = Session::new(ShellConfig::default()).unwrap();
    run(&s, "v=kept").await;
    let req = RunRequest {
        command: "echo before; sleep 30\necho after".into(),
        timeout: Some(Duration::from_millis(300)),
        ..Default::default()
    };
    let (o, text) = run_req(&s, req).await;
    // bash reports the killed foreground command as a script would ("Terminated"); the next line
    // of the script never runs.
    assert_eq!(
        (
            o.timed_out,
            o.exit_code,
            text.replace("Terminated\n", "").as_str()
        ),
        (true, None, "before\n")
    );
    let (o, text) = run(&s, "echo $v").await;
    assert_eq!((o.session_restarted, text.as_str()), (false, "kept\n"));
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
