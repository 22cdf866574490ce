use super::*;
use crate::shell::session::tests::run;
use pretty_assertions::assert_eq;
use std::sync::atomic::{AtomicUsize, Ordering};

fn spec(command: &str) -> JobSpec {
    JobSpec {
        run: RunRequest {
            command: command.into(),
            ..Default::default()
        },
        ..Default::default()
    }
}

fn manager() -> JobManager {
    JobManager::new(ManagerOptions::default()).unwrap()
}

/// A test's directory in the system's temp dir, removed when dropped (a failing assertion
/// included).
struct TempDir(PathBuf);

impl std::ops::Deref for TempDir {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn temp_dir(tag: &str) -> TempDir {
    let dir = std::env::temp_dir().join(format!("agent-shell-jobs-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    TempDir(dir)
}

#[tokio::test]
async fn status_is_the_truth() {
    let m = manager();
    let ok = m.start(spec("echo hi"), None, None).unwrap();
    let failed = m.start(spec("echo no >&2; exit 3"), None, None).unwrap();
    let segv = m.start(spec("kill -SEGV $$"), None, None).unwrap();
    let mut timed = spec("echo started; sleep 30");
    timed.run.timeout = Some(Duration::from_millis(300));
    let timed = m.start(timed, None, None).unwrap();
    let out = m.wait(&ok, None).await.unwrap();
    assert_eq!(
        (out.info.status, out.info.exit_code, out.output.as_str()),
        (JobStatus::Completed, Some(0), "hi\n")
    );
    assert!(out.info.pid.is_some() && out.info.ended_at_ms.is_some());
    let out = m.wait(&failed, None).await.unwrap();
    assert_eq!(
        (out.info.status, out.info.exit_code, out.output.as_str()),
        (JobStatus::Failed, Some(3), "no\n")
    );
    let out = m.wait(&segv, None).await.unwrap();
    assert_eq!(
        (
            out.info.status,
            out.info.exit_code,
            out.info.signal.as_deref()
        ),
        (JobStatus::Failed, Some(139), Some("SIGSEGV"))
    );
    let out = m.wait(&timed, None).await.unwrap();
    assert_eq!(
        (out.info.status, out.info.exit_code, out.output.as_str()),
        (JobStatus::TimedOut, None, "started\n")
    );
    // Read output is gone; the job is still known.
    assert_eq!(m.output(&ok, None).unwrap().output, "");
    assert_eq!(m.list().len(), 4);
}

#[tokio::test]
async fn wait_with_a_timeout_leaves_the_job_running_and_kill_ends_it() {
    let m = manager();
    let id = m.start(spec("echo up; sleep 30"), None, None).unwrap();
    let out = m.wait(&id, Some(Duration::from_millis(200))).await.unwrap();
    assert_eq!(
        (out.info.status, out.output.as_str()),
        (JobStatus::Running, "up\n")
    );
    let out = m.kill(&id).await.unwrap();
    assert_eq!(
        (out.info.status, out.info.exit_code),
        (JobStatus::Killed, None)
    );
    // A second kill of an ended job changes nothing.
    let again = m.kill(&id).await.unwrap();
    assert_eq!(again.info.status, JobStatus::Killed);
}

#[tokio::test]
async fn kill_ends_a_dev_server_tree_that_escaped_with_setsid() {
    let m = manager();
    let marker = format!("agsh-devserver-{}", std::process::id());
    let command = format!(
        "setsid bash -c 'exec -a {marker} sleep 300' & bash -c 'exec -a {marker} sleep 300' & echo ready; wait"
    );
    let id = m.start(spec(&command), None, None).unwrap();
    let out = m.wait(&id, Some(Duration::from_millis(500))).await.unwrap();
    assert_eq!(out.output, "ready\n");
    assert_eq!(count_processes(&marker), 2);
    let out = m.kill(&id).await.unwrap();
    assert_eq!(out.info.status, JobStatus::Killed);
    assert_eq!(count_processes(&marker), 0);
}

fn count_processes(marker: &str) -> usize {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.filter_map(|e| e.ok())
        .filter(|e| {
            std::fs::read(e.path().join("cmdline")).is_ok_and(|c| c.starts_with(marker.as_bytes()))
        })
        .count()
}

#[tokio::test]
async fn unread_output_is_bounded_and_the_artifact_has_it_all() {
    let dir = temp_dir("flood");
    let m = JobManager::new(ManagerOptions {
        buffer_bytes: 1 << 20,
        artifact_dir: Some(dir.to_path_buf()),
        ..Default::default()
    })
    .unwrap();
    // 8 MiB in 131072 lines of 64 bytes, colored: the color codes are stripped.
    let command = "printf '\\033[31m%s\\033[0m\\r\\n' $(seq -w 1 131072 | sed 's/$/.12345678901234567890123456789012345678901234567890123456/')";
    let id = m.start(spec(command), None, None).unwrap();
    let out = m.wait(&id, None).await.unwrap();
    assert_eq!(out.info.status, JobStatus::Completed);
    let total = 131072 * 64;
    assert_eq!(out.output.len(), 1 << 20);
    assert_eq!(out.dropped_bytes as usize + out.output.len(), total);
    assert!(out
        .output
        .ends_with("131072.12345678901234567890123456789012345678901234567890123456\n"));
    let path = out.artifact_path.unwrap();
    assert_eq!(path, dir.join(format!("{id}.log")));
    let artifact = std::fs::read_to_string(&path).unwrap();
    assert_eq!(artifact.len(), total);
    assert!(artifact.starts_with("000001.1234"));
}

#[tokio::test]
async fn a_filtered_read_returns_matching_lines_and_consumes_the_rest() {
    let m = manager();
    let id = m
        .start(
            spec("printf 'ok 1\\nERROR one\\nok 2\\nwarning: two\\n'"),
            None,
            None,
        )
        .unwrap();
    m.wait(&id, None).await.unwrap();
    // wait consumed it; run again to read filtered.
    let id = m
        .start(
            spec("printf 'ok 1\\nERROR one\\nok 2\\nwarning: two\\n'; sleep 0.2"),
            None,
            None,
        )
        .unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let re = JsRegex::new("error|WARN", "i").unwrap();
    let out = m.output(&id, Some(&re)).unwrap();
    assert_eq!(out.output, "ERROR one\nwarning: two\n");
    assert_eq!(m.wait(&id, None).await.unwrap().output, "");
}

#[tokio::test]
async fn too_many_jobs_and_unknown_ids() {
    let m = JobManager::new(ManagerOptions {
        max_jobs: 2,
        ..Default::default()
    })
    .unwrap();
    let a = m.start(spec("sleep 30"), None, None).unwrap();
    let _b = m.start(spec("sleep 30"), None, None).unwrap();
    let err = m.start(spec("true"), None, None).unwrap_err();
    assert_eq!(err.code(), "ERR_TOO_MANY_JOBS");
    assert_eq!(
        m.output("job-99", None).unwrap_err().code(),
        "ERR_JOB_NOT_FOUND"
    );
    m.kill(&a).await.unwrap();
    let c = m.start(spec("true"), None, None).unwrap();
    m.close().await;
    assert!(m.list().iter().all(|j| j.status != JobStatus::Running));
    assert_eq!(
        m.start(spec("true"), None, None).unwrap_err().code(),
        "ERR_SESSION_CLOSED"
    );
    assert!(m.output(&c, None).is_ok());
}

#[tokio::test]
async fn on_exit_is_called_once_with_the_final_info() {
    let m = manager();
    let calls = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = tokio::sync::oneshot::channel();
    let seen = calls.clone();
    let on_exit: OnExit = Box::new(move |info| {
        seen.fetch_add(1, Ordering::SeqCst);
        let _ = tx.send(info);
    });
    let id = m.start(spec("exit 4"), None, Some(on_exit)).unwrap();
    let info = rx.await.unwrap();
    assert_eq!(
        (info.id.as_str(), info.status, info.exit_code),
        (id.as_str(), JobStatus::Failed, Some(4))
    );
    m.close().await;
    assert_eq!(calls.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn a_job_starts_from_a_sessions_state_without_disturbing_it() {
    let session = Arc::new(Session::new(ShellConfig::default()).unwrap());
    let setup = "cd /tmp && export EXP='e x'; plain=p; declare -r RO=r; declare -a ARR=(1 '2 3'); \
                 declare -A MAP=([k]=v); f() { echo \"f:$1\"; }; shopt -s expand_aliases; alias hi='echo alias-hi'; \
                 set -o pipefail; unset HOME; (exit 7)";
    let (o, _) = run(&session, setup).await;
    assert_eq!(o.exit_code, Some(7));
    let m = manager();
    let probe = "echo \"$PWD|$EXP|$plain|$RO|${ARR[1]}|${MAP[k]}|${HOME-unset}|$(f 1)\"; hi; \
                 shopt -q -o pipefail && echo pipefail; declare -p RO; bash -c 'echo child:$EXP'";
    let id = m.start(spec(probe), Some(session.clone()), None).unwrap();
    let out = m.wait(&id, None).await.unwrap();
    assert_eq!(
        out.output,
        "/tmp|e x|p|r|2 3|v|unset|f:1\nalias-hi\npipefail\ndeclare -r RO=\"r\"\nchild:e x\n"
    );
    assert_eq!(out.info.status, JobStatus::Completed);
    // The session reads `$?` as its own last run left it.
    let (_, text) = run(&session, "echo $? $_").await;
    assert_eq!(text, "7 HOME\n");
    session.close().await;
}

/// A job's state file is not read back for `LINENO` (the job manager says it may name it): a
/// function of the session that unsets `LINENO` leaves it unset in the job once called, and a job
/// that does not unset it counts its command's lines from 1.
#[tokio::test]
async fn lineno_in_a_job_counts_as_in_its_session() {
    let m = manager();
    for (command, expected) in [
        (
            "g; echo \"${LINENO-unset}\"\necho \"${LINENO-unset}\"",
            "unset\nunset\n",
        ),
        (
            "echo \"${LINENO-unset}\"\necho \"${LINENO-unset}\"",
            "1\n2\n",
        ),
    ] {
        let session = Arc::new(Session::new(ShellConfig::default()).unwrap());
        run(&session, "g() { unset LINENO; }").await;
        let id = m.start(spec(command), Some(session.clone()), None).unwrap();
        let out = m.wait(&id, None).await.unwrap();
        assert_eq!(
            (out.output.as_str(), out.info.status),
            (expected, JobStatus::Completed)
        );
        session.close().await;
    }
}

#[tokio::test]
async fn dropping_the_manager_kills_its_jobs() {
    let marker = format!("agsh-dropped-{}", std::process::id());
    {
        let m = manager();
        let id = m
            .start(
                spec(&format!(
                    "setsid bash -c 'exec -a {marker} sleep 300' & echo ok; wait"
                )),
                None,
                None,
            )
            .unwrap();
        m.wait(&id, Some(Duration::from_millis(500))).await.unwrap();
        assert_eq!(count_processes(&marker), 1);
    }
    // kill_now sends KILL at once; the kernel needs a moment to finish the exits.
    for _ in 0..100 {
        if count_processes(&marker) == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(count_processes(&marker), 0);
}

#[tokio::test]
async fn options_that_shape_output_carry_over_without_framing_noise() {
    let session = Arc::new(Session::new(ShellConfig::default()).unwrap());
    run(&session, "set -eux").await;
    let m = manager();
    let id = m
        .start(
            spec("echo one; false; echo never"),
            Some(session.clone()),
            None,
        )
        .unwrap();
    let out = m.wait(&id, None).await.unwrap();
    assert_eq!(
        (out.info.status, out.info.exit_code, out.output.as_str()),
        (JobStatus::Failed, Some(1), "+ echo one\none\n+ false\n")
    );
    session.close().await;
}

#[tokio::test]
async fn the_snapshot_sources_without_an_error() {
    let session = Session::new(ShellConfig::default()).unwrap();
    run(&session, "declare -r R=1; declare -ir I=2; declare -ax A=(x); set -u; shopt -s extglob; f() { :; }; declare -fx f; alias a='echo \"it'\\''s\"'").await;
    let Aside::Ran(raw) = session.run_aside(state::CAPTURE, 1 << 20).await.unwrap() else {
        panic!("the session's shell runs");
    };
    let script = state::snapshot(&raw, None).unwrap().script;
    let path = std::env::temp_dir().join(format!("agsh-snapshot-test-{}.sh", std::process::id()));
    std::fs::write(&path, &script).unwrap();
    let out = std::process::Command::new("bash")
        .args([
            "--noprofile",
            "--norc",
            "-c",
            "source \"$1\" && echo \"$R $I ${A[0]}\" && alias a && declare -F f",
            "bash",
        ])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1 2 x\nalias a='echo \"it'\\''s\"'\nf\n"
    );
    session.close().await;
}

#[tokio::test]
async fn a_kill_while_the_session_is_busy_leaves_the_session_whole() {
    let session = Arc::new(Session::new(ShellConfig::default()).unwrap());
    run(&session, "x=1; (exit 3)").await;
    let busy = {
        let session = session.clone();
        tokio::spawn(async move { run(&session, "sleep 0.5; echo done").await })
    };
    tokio::time::sleep(Duration::from_millis(100)).await;
    let m = manager();
    let id = m
        .start(spec("echo job"), Some(session.clone()), None)
        .unwrap();
    let out = m.kill(&id).await.unwrap();
    assert_eq!(
        (out.info.status, out.output.as_str()),
        (JobStatus::Killed, "")
    );
    let (o, text) = busy.await.unwrap();
    assert_eq!((o.exit_code, text.as_str()), (Some(0), "done\n"));
    let (_, text) = run(&session, "echo $? $x").await;
    assert_eq!(text, "0 1\n");
    session.close().await;
}

#[tokio::test]
async fn a_jobs_own_snapshot_is_sourced_before_the_sessions_state() {
    let session = Arc::new(Session::new(ShellConfig::default()).unwrap());
    run(&session, "x=session").await;
    let own = std::env::temp_dir().join(format!("agsh-own-snapshot-{}.sh", std::process::id()));
    std::fs::write(&own, "mine() { echo mine; }; x=own\n").unwrap();
    let m = manager();
    let mut job = spec("mine; echo $x");
    job.config.snapshot = Some(own.to_string_lossy().into_owned());
    let id = m.start(job, Some(session.clone()), None).unwrap();
    let out = m.wait(&id, None).await.unwrap();
    let _ = std::fs::remove_file(&own);
    assert_eq!(out.output, "mine\nsession\n");
    session.close().await;
}

#[tokio::test]
async fn a_session_without_a_running_shell_is_not_restarted_by_a_job() {
    let config = ShellConfig {
        session_env: vec![("SESSION_VAR".into(), "s".into())],
        cwd: Some("/tmp".into()),
        ..Default::default()
    };
    let session = Arc::new(Session::new(config).unwrap());
    let m = manager();
    // Never started: the job starts as the session's first shell would.
    let id = m
        .start(spec("echo $SESSION_VAR $PWD"), Some(session.clone()), None)
        .unwrap();
    assert_eq!(m.wait(&id, None).await.unwrap().output, "s /tmp\n");
    run(&session, "cd /").await;
    let (o, _) = run(&session, "exit 3").await;
    assert_eq!((o.exit_code, o.session_restarted), (Some(3), false));
    // Its shell exited: the job starts in its last directory, and the session's next run still
    // reports the restart.
    let id = m
        .start(spec("echo $SESSION_VAR $PWD"), Some(session.clone()), None)
        .unwrap();
    assert_eq!(m.wait(&id, None).await.unwrap().output, "s /\n");
    let (o, text) = run(&session, "echo $PWD").await;
    assert_eq!((o.session_restarted, text.as_str()), (true, "/\n"));
    session.close().await;
}

/// A session whose DEBUG trap prints, or that traces, would see a capture run by its own shell:
/// its state is then read by the subshell capture, and a job gets it all the same.
#[tokio::test]
async fn a_session_with_a_debug_trap_or_a_trace_still_gives_its_state() {
    for setup in [
        "trap 'echo debug-noise' DEBUG",
        "set -x",
        "trap 'echo err-noise' ERR",
    ] {
        let session = Arc::new(Session::new(ShellConfig::default()).unwrap());
        run(&session, &format!("V=kept; f() {{ echo f; }}; {setup}")).await;
        let m = manager();
        let id = m
            .start(spec("echo \"$V\"; f"), Some(session.clone()), None)
            .unwrap();
        let out = m.wait(&id, None).await.unwrap();
        // A traced session's job traces too (`set -x` is part of the state).
        let lines: Vec<&str> = out.output.lines().filter(|l| !l.starts_with('+')).collect();
        assert_eq!(lines, ["kept", "f"], "{setup}");
        assert!(!out.output.contains("noise"), "{setup}: {:?}", out.output);
        let (_, text) = run(&session, "echo ${__agsh_v-none} ${__agsh_f-none}").await;
        assert!(text.ends_with("none none\n"), "{setup}: {text:?}");
        session.close().await;
    }
}

/// A manager with a pool of its own (the tool layer's confined calls): after a job, one shell
/// waits, confined already; the next job on the same plan takes it and still sees the session's
/// state and nothing writable but its TMPDIR; a used shell is never handed out again; a timeout
/// ends the taken shell; `close()` ends the waiting one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_takes_a_confined_shell_started_ahead_and_leaves_none_behind() {
    use crate::process::sandbox::{Network, SandboxPolicy};
    use crate::shell::{Pool, PoolOptions};
    let policy = SandboxPolicy {
        writable_roots: Some(vec![]),
        network: Network::Denied,
        ..Default::default()
    };
    if let Err(e) = policy.check() {
        eprintln!("skipped: {e}");
        return;
    }
    async fn until(mut ready: impl FnMut() -> bool) {
        for _ in 0..1000 {
            if ready() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("never got there");
    }
    let alive = |pid: i32| std::path::Path::new(&format!("/proc/{pid}")).exists();
    let outside = temp_dir("ahead");
    std::fs::create_dir_all(outside.as_path()).unwrap();
    let pool = Pool::with_options(tokio::runtime::Handle::current(), PoolOptions::jobs());
    let m = manager().with_pool(pool.clone());
    let session = Arc::new(Session::new(ShellConfig::default()).unwrap());
    run(
        &session,
        "V=kept; f() { echo fn; }; shopt -s expand_aliases; alias al='echo al'; cd /tmp",
    )
    .await;
    let confined = |command: String| {
        let mut s = spec(&command);
        s.config.sandbox = Some(policy.clone());
        s
    };
    let probe = format!(
        "echo $$; echo \"$V\"; f; al; pwd; {{ echo no > {}/w; }} 2>/dev/null || echo refused; echo ok > \"$TMPDIR/t\" && cat \"$TMPDIR/t\"",
        outside.display()
    );
    assert_eq!(pool.waiting(), 0);
    let first = m
        .start(confined(probe.clone()), Some(session.clone()), None)
        .unwrap();
    let out = m.wait(&first, None).await.unwrap();
    let text = |o: &JobOutput| o.output.lines().skip(1).collect::<Vec<_>>().join(" ");
    assert_eq!(text(&out), "kept fn al /tmp refused ok");
    // Full again: the shells a confined call after another finds already started.
    let size = PoolOptions::jobs().size;
    until(|| pool.waiting() == size).await;
    let waiting = pool.waiting_pids();
    let second = m
        .start(confined(probe.clone()), Some(session.clone()), None)
        .unwrap();
    let out = m.wait(&second, None).await.unwrap();
    let taken: i32 = out.output.lines().next().unwrap().parse().unwrap();
    assert!(waiting.contains(&taken), "{taken} not in {waiting:?}");
    assert_eq!(text(&out), "kept fn al /tmp refused ok");
    assert!(!outside.join("w").exists());
    // Never handed out again: replaced, and ended.
    until(|| pool.waiting() == size && !pool.waiting_pids().contains(&taken)).await;
    until(|| !alive(taken)).await;
    let waiting = pool.waiting_pids();
    let mut timed = confined("echo $$; sleep 30".into());
    timed.run.timeout = Some(Duration::from_millis(300));
    let timed = m.start(timed, Some(session.clone()), None).unwrap();
    let out = m.wait(&timed, None).await.unwrap();
    assert_eq!(out.info.status, JobStatus::TimedOut);
    let taken: i32 = out.output.trim().parse().unwrap();
    assert!(waiting.contains(&taken), "{taken} not in {waiting:?}");
    until(|| !alive(taken)).await;
    until(|| pool.waiting() == size).await;
    let last = pool.waiting_pids();
    m.close().await;
    assert!(!pool.holds_any());
    until(|| last.iter().all(|&pid| !alive(pid))).await;
    session.close().await;
}

/// A shell of the pool sources the session's state ahead of the next confined job, once the
/// state is kept (after a job, or read ahead after a session run): the job that takes it sees
/// the session's variables, functions, aliases, options and directory as they are. A primed
/// shell whose state changed since (the session ran something that changed any of them) is never
/// used: the job sees the new state, in a plain shell that waited beside it, and the stale one is
/// ended once that job is over. After `close()` no primed shell runs (nor a stale one a job
/// still running did not take) and no state file is left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_primed_shell_has_the_sessions_state_and_a_stale_one_is_never_used() {
    use crate::process::sandbox::{Network, SandboxPolicy};
    use crate::shell::{Pool, PoolOptions};
    let policy = SandboxPolicy {
        writable_roots: Some(vec![]),
        network: Network::Denied,
        ..Default::default()
    };
    if let Err(e) = policy.check() {
        eprintln!("skipped: {e}");
        return;
    }
    async fn until(what: &str, mut ready: impl FnMut() -> bool) {
        for _ in 0..1000 {
            if ready() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("never got there: {what}");
    }
    let alive = |pid: i32| std::path::Path::new(&format!("/proc/{pid}")).exists();
    let base = temp_dir("primed");
    let (one, two) = (base.join("one"), base.join("two"));
    std::fs::create_dir_all(&one).unwrap();
    std::fs::create_dir_all(&two).unwrap();
    let pool = Pool::with_options(tokio::runtime::Handle::current(), PoolOptions::jobs());
    let m = manager().with_pool(pool.clone());
    let session = Arc::new(Session::new(ShellConfig::default()).unwrap());
    run(
        &session,
        &format!(
            "V=1; f() {{ echo f1; }}; shopt -s expand_aliases nullglob; alias al='echo al1'; cd {}",
            one.display()
        ),
    )
    .await;
    let confined = || {
        let mut s = spec(
            "echo $$; echo \"$V\"; f; al; shopt -q nullglob && echo nullglob; \
             shopt -q extglob && echo extglob; pwd",
        );
        s.config.sandbox = Some(policy.clone());
        s
    };
    let probe = |m: &JobManager| m.start(confined(), Some(session.clone()), None).unwrap();
    let seen = |o: &JobOutput| -> (i32, String) {
        let mut lines = o.output.lines();
        let pid = lines.next().unwrap().parse().unwrap();
        (pid, lines.collect::<Vec<_>>().join(" "))
    };
    let first = format!("1 f1 al1 nullglob {}", one.display());
    let out = m.wait(&probe(&m), None).await.unwrap();
    assert_eq!(seen(&out).1, first);
    // After the job, a shell is primed with the state; the next job takes it.
    until("wait 1", || pool.primed().is_some()).await;
    let (primed, file) = pool.primed().unwrap();
    assert!(file.exists());
    let out = m.wait(&probe(&m), None).await.unwrap();
    assert_eq!(seen(&out), (primed, first.clone()));
    // Its state file is removed with the job.
    until("wait 2", || !file.exists()).await;
    until("wait 3", || {
        pool.primed().is_some_and(|(pid, _)| pid != primed)
    })
    .await;
    let (stale, stale_file) = pool.primed().unwrap();
    // Plain shells wait beside the primed one.
    let size = PoolOptions::jobs().size;
    until("wait 3b", || pool.waiting() == size).await;
    let plain = pool.waiting_pids();
    // The session changes each part of its state; a job started at once (before the state is
    // read ahead) sees the change, in a plain shell that was waiting, and the stale one is
    // ended once the job is over, its file gone.
    let change = format!(
        "V=2; f() {{ echo f2; }}; alias al='echo al2'; shopt -u nullglob; shopt -s extglob; cd {}",
        two.display()
    );
    run(&session, &change).await;
    let second = format!("2 f2 al2 extglob {}", two.display());
    let out = m.wait(&probe(&m), None).await.unwrap();
    let (pid, state) = seen(&out);
    assert_eq!(state, second);
    assert_ne!(pid, stale);
    assert!(plain.contains(&pid), "{pid} not in {plain:?}");
    until("wait 4", || !alive(stale) && !stale_file.exists()).await;
    // Changed again, then left alone: the state read ahead primes a shell with it, which the next
    // job takes.
    run(&session, "V=3").await;
    // The host's run does this (napi's `Shell.run`); `Session::run` does not.
    session.capture_ahead().unwrap().await.unwrap();
    until("wait 5", || {
        pool.primed()
            .is_some_and(|(pid, _)| pid != stale && alive(pid))
    })
    .await;
    let last = format!("3 f2 al2 extglob {}", two.display());
    let mut took = false;
    for _ in 0..20 {
        let (pid, _) = pool.primed().unwrap();
        let out = m.wait(&probe(&m), None).await.unwrap();
        let (taken, state) = seen(&out);
        assert_eq!(state, last);
        if taken == pid {
            took = true;
            break;
        }
        // Primed anew between the look and the job's start: try again.
        until("wait 6", || pool.primed().is_some()).await;
    }
    assert!(took, "no job took the primed shell");
    until("wait 7", || pool.primed().is_some()).await;
    // The state changes and a job that runs on starts at once: the primed shell is stale, and
    // retired until that job is over; `close()` ends the job, the stale shell and its file.
    let (stale, stale_file) = pool.primed().unwrap();
    run(&session, "V=4").await;
    let mut sleeper = spec("sleep 30");
    sleeper.config.sandbox = Some(policy.clone());
    let sleeper = m.start(sleeper, Some(session.clone()), None).unwrap();
    // Retired until the job is over, unless a priming replaced it between the look and the
    // change (a replaced shell is retired and ended with the next refill): either way never used.
    until("wait 8", || {
        pool.retired_pids().contains(&stale) || !alive(stale)
    })
    .await;
    let waiting = pool.waiting_pids();
    m.close().await;
    assert!(!pool.holds_any());
    assert_eq!(
        m.wait(&sleeper, None).await.unwrap().info.status,
        JobStatus::Killed
    );
    until("wait 9", || {
        !alive(stale) && !stale_file.exists() && waiting.iter().all(|&p| !alive(p))
    })
    .await;
    session.close().await;
}

/// A session run that changes the state, read ahead as the host does after each run (napi's
/// `Shell.run` calls `capture_ahead`): the state is read at once, in the turn behind the run, and
/// a shell primed with it there, so that a job started right after (in that turn, before the
/// read ended) takes that shell and sees the new variable, function, alias, option and
/// directory. The shell primed before (a state that is stale now) is never given, and is ended
/// with its file. After `close()` no primed shell runs and no state file is left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_change_of_state_is_primed_at_once_for_the_job_right_after_it() {
    use crate::process::sandbox::{Network, SandboxPolicy};
    use crate::shell::{Pool, PoolOptions};
    let policy = SandboxPolicy {
        writable_roots: Some(vec![]),
        network: Network::Denied,
        ..Default::default()
    };
    if let Err(e) = policy.check() {
        eprintln!("skipped: {e}");
        return;
    }
    async fn until(what: &str, mut ready: impl FnMut() -> bool) {
        for _ in 0..1000 {
            if ready() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("never got there: {what}");
    }
    let alive = |pid: i32| std::path::Path::new(&format!("/proc/{pid}")).exists();
    let base = temp_dir("at-once");
    let pool = Pool::with_options(tokio::runtime::Handle::current(), PoolOptions::jobs());
    let m = manager().with_pool(pool.clone());
    let session = Arc::new(Session::new(ShellConfig::default()).unwrap());
    run(
        &session,
        "shopt -s expand_aliases; V=0; f() { echo f0; }; alias al='echo al0'",
    )
    .await;
    // The state file the shell sourced (`primed-…` ahead, `job-…` at the call), its pid, the
    // state seen.
    let probe = |m: &JobManager| {
        let mut s = spec(
            "grep -ao 'jobs-[^/]*/[a-z]*-' /proc/$$/fd/255 | head -n 1 | sed 's/.*[/]//'; \
             echo $$; echo \"$V\"; f; al; shopt -q nullglob && echo nullglob; pwd",
        );
        s.config.sandbox = Some(policy.clone());
        m.start(s, Some(session.clone()), None).unwrap()
    };
    let seen = |o: &JobOutput| -> (String, i32, String) {
        let mut lines = o.output.lines();
        let file = lines.next().unwrap_or_default().to_string();
        let pid = lines.next().unwrap().parse().unwrap();
        (file, pid, lines.collect::<Vec<_>>().join(" "))
    };
    m.wait(&probe(&m), None).await.unwrap();
    let size = PoolOptions::jobs().size;
    let mut took_primed = 0;
    for i in 1..=4 {
        // The shell primed after the last job (the state before the change), plain ones beside.
        until("primed", || pool.primed().is_some()).await;
        until("filled", || pool.waiting() == size).await;
        let (stale, stale_file) = pool.primed().unwrap();
        let dir = base.join(format!("d{i}"));
        std::fs::create_dir_all(&dir).unwrap();
        let nullglob = if i % 2 == 1 { "-s" } else { "-u" };
        let change = format!(
            "V={i}; f() {{ echo f{i}; }}; alias al='echo al{i}'; shopt {nullglob} nullglob; cd {}",
            dir.display()
        );
        run(&session, &change).await;
        let ahead = session.capture_ahead().unwrap();
        let out = m.wait(&probe(&m), None).await.unwrap();
        ahead.await.unwrap();
        let (file, pid, state) = seen(&out);
        let glob = if i % 2 == 1 { " nullglob" } else { "" };
        assert_eq!(state, format!("{i} f{i} al{i}{glob} {}", dir.display()));
        assert_ne!(pid, stale);
        if file == "primed-" {
            took_primed += 1;
        }
        until("the stale shell ended", || {
            !alive(stale) && !stale_file.exists()
        })
        .await;
    }
    // A shell is primed when one waits ready; each round waited for one.
    assert_eq!(took_primed, 4);
    until("primed at the end", || pool.primed().is_some()).await;
    let (last, last_file) = pool.primed().unwrap();
    m.close().await;
    assert!(!pool.holds_any());
    until("nothing left", || !alive(last) && !last_file.exists()).await;
    session.close().await;
}

#[test]
fn a_jobs_state_file_goes_where_a_plain_shells_scratch_files_go() {
    // The memory filesystem when the host names no TMPDIR (the session's variables never reach
    // a disk, and a file there costs a fraction of one on ext4), else the temp dir; in a
    // directory of the host's own, only its user's.
    let path = super::snapshot_path("job-1").unwrap();
    let dir = path.parent().unwrap();
    assert_eq!(
        dir.parent(),
        Some(crate::process::fd::scratch_parent().as_path())
    );
    let dir_name = dir.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        dir_name.starts_with(&format!("agent-shell-{}-jobs-", std::process::id())),
        "{dir_name}"
    );
    let meta = std::fs::symlink_metadata(dir).unwrap();
    assert_eq!(crate::process::host::not_private_dir(&meta), None);
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("job-1-"), "{name}");
    assert_ne!(super::snapshot_path("job-1").unwrap(), path);
}

/// A confined job's shell started ahead has its script and FIFOs in the memory filesystem, in a
/// directory apart from its temp directory, which stays in the temp dir: the command writes in
/// its TMPDIR and its output arrives through its FIFO, but makes, removes or empties nothing in
/// that directory; both directories go when the job ends.
#[cfg(target_os = "linux")]
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_confined_shell_started_ahead_keeps_its_script_and_fifos_apart_in_memory() {
    use crate::process::sandbox::{Network, SandboxPolicy};
    use crate::shell::{Pool, PoolOptions};
    let policy = SandboxPolicy {
        writable_roots: Some(vec![]),
        network: Network::Denied,
        ..Default::default()
    };
    if let Err(e) = policy.check() {
        eprintln!("skipped: {e}");
        return;
    }
    let Some(memory) = crate::process::fd::memory_scratch_dir() else {
        eprintln!("skipped: no memory filesystem to use");
        return;
    };
    async fn until(mut ready: impl FnMut() -> bool) {
        for _ in 0..1000 {
            if ready() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("never got there");
    }
    let pool = Pool::with_options(tokio::runtime::Handle::current(), PoolOptions::jobs());
    let m = manager().with_pool(pool.clone());
    let session = Arc::new(Session::new(ShellConfig::default()).unwrap());
    run(&session, "V=kept").await;
    let confined = |command: &str| {
        let mut s = spec(command);
        s.config.sandbox = Some(policy.clone());
        s
    };
    // The first job starts its own shell; the pool then fills.
    let first = m
        .start(confined("true"), Some(session.clone()), None)
        .unwrap();
    m.wait(&first, None).await.unwrap();
    until(|| pool.waiting() == PoolOptions::jobs().size).await;
    let waiting = pool.waiting_pids();
    let probe = "echo $$; d=$(dirname \"$(readlink /proc/$$/fd/1)\"); echo \"$d\"; echo \"$TMPDIR\"; \
        echo \"$V\"; { echo x > \"$d/new\"; } 2>/dev/null || echo nomake; \
        rm -f \"$d/bash\" 2>/dev/null || echo noremove; { : > \"$d/bash\"; } 2>/dev/null || echo noempty; \
        echo ok > \"$TMPDIR/t\" && cat \"$TMPDIR/t\"";
    let taken = m
        .start(confined(probe), Some(session.clone()), None)
        .unwrap();
    let out = m.wait(&taken, None).await.unwrap();
    let lines: Vec<&str> = out.output.lines().collect();
    assert_eq!(lines.len(), 8, "{}", out.output);
    let pid: i32 = lines[0].parse().unwrap();
    assert!(waiting.contains(&pid), "{pid} not in {waiting:?}");
    let (control, tmpdir) = (PathBuf::from(lines[1]), PathBuf::from(lines[2]));
    assert!(control.starts_with(&memory), "{}", control.display());
    let temp = std::fs::canonicalize(std::env::temp_dir()).unwrap();
    assert!(tmpdir.starts_with(&temp), "{}", tmpdir.display());
    assert_eq!(&lines[3..], ["kept", "nomake", "noremove", "noempty", "ok"]);
    until(|| !control.exists() && !tmpdir.exists()).await;
    m.close().await;
    session.close().await;
}
