use super::*;
use crate::run::CancelToken;
use crate::shell::session::tests::run;
use crate::shell::{RunRequest, Session};
use pretty_assertions::assert_eq;

/// What a first run can see of how its shell was started. PIDs and clocks finer than a second
/// differ between any two shells and are left out.
const PROBE: &str = r#"echo "line=$LINENO seconds=$SECONDS pwd=$PWD oldpwd=${OLDPWD-unset} zero=$0 last=$_ flags=$- status=$? pipe=${PIPESTATUS[*]}"
umask; trap -p; shopt | md5sum; set -o | md5sum; alias; declare -f
declare -p | grep -Ev '^declare [-a-zA-Z]+ (BASHPID|BASH_ARGV0|RANDOM|SRANDOM|EPOCHREALTIME|EPOCHSECONDS|PPID|SECONDS|LINENO|_)=' | md5sum
env | grep -v '^_=' | sort | md5sum"#;

async fn until(mut ready: impl FnMut() -> bool) {
    for _ in 0..1000 {
        if ready() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    panic!("the pool never got there");
}

fn config(snapshot: Option<String>) -> ShellConfig {
    ShellConfig {
        snapshot,
        session_env: vec![("POOL_TEST".into(), "1".into())],
        cwd: Some("/tmp".into()),
        ..Default::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pooled_shell_runs_its_first_command_as_a_fresh_one() {
    let snapshot =
        std::env::temp_dir().join(format!("agsh-pool-snapshot-{}.sh", std::process::id()));
    // Removed however the test ends.
    struct Removed(std::path::PathBuf);
    impl Drop for Removed {
        fn drop(&mut self) {
            let _ = std::fs::remove_file(&self.0);
        }
    }
    let _removed = Removed(snapshot.clone());
    std::fs::write(
        &snapshot,
        "alias ll='ls -l'\nf() { echo f; }\nshopt -s extglob\nset -o noclobber\n",
    )
    .unwrap();
    let snapshot = Some(snapshot.to_string_lossy().into_owned());
    let fresh = Session::new(config(snapshot.clone())).unwrap();
    let (fresh_outcome, fresh_text) = run(&fresh, PROBE).await;
    fresh.close().await;

    let pool = Pool::new(Handle::current());
    // Nothing is started before a call asks for a shell.
    assert_eq!(pool.waiting(), 0);
    let first = Session::new(config(snapshot.clone()))
        .unwrap()
        .with_pool(pool.clone());
    run(&first, "true").await;
    // A shell waiting in the pool is replaced at each turn of the second: the run may come just
    // after one and miss; the next try finds a pooled shell.
    let mut tries = 0;
    let (pooled, outcome, text, pid) = loop {
        tries += 1;
        until(|| pool.waiting() == POOL_SIZE).await;
        let waiting = pool.waiting_pids();
        let pooled = Session::new(config(snapshot.clone()))
            .unwrap()
            .with_pool(pool.clone());
        let (outcome, text) = run(&pooled, PROBE).await;
        let (_, pid) = run(&pooled, "x=1; echo $$").await;
        let pid: i32 = pid.trim().parse().unwrap();
        if waiting.contains(&pid) {
            break (pooled, outcome, text, pid);
        }
        assert!(tries < 5, "no run took a pooled shell");
        pooled.close().await;
    };
    assert!(!pool.waiting_pids().contains(&pid));
    assert_eq!(text, fresh_text);
    assert_eq!(outcome.exit_code, fresh_outcome.exit_code);
    assert_eq!(outcome.working_dir.as_deref(), Some("/tmp"));
    assert!(
        text.starts_with("line=") && text.contains("alias ll='ls -l'"),
        "{text}"
    );
    // Used once: the session's next run is on the same shell, a new session gets another.
    let a = format!("{pid}\n");
    let (_, b) = run(&pooled, "echo ${x-unset}; echo $$").await;
    assert_eq!(b, format!("1\n{a}"));
    // A syntax error in the eval'd text once corrupted bash's heap when the pooled bootstrap's
    // wait sat on its padding line.
    let (o, _) = run(&pooled, "echo a; echo )").await;
    let (_, b) = run(&pooled, "echo ${x-unset}; echo $$").await;
    assert_eq!((o.exit_code, b), (Some(2), format!("1\n{a}")));
    for s in [first, pooled] {
        s.close().await;
    }
    pool.close();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pool_follows_the_last_plan_and_ends_its_shells_when_closed() {
    let pool = Pool::new(Handle::current());
    let with = |value: &str| ShellConfig {
        session_env: vec![("POOL_PLAN".into(), value.into())],
        ..Default::default()
    };
    let a = Session::new(with("a")).unwrap().with_pool(pool.clone());
    run(&a, "true").await;
    until(|| pool.waiting() == POOL_SIZE).await;
    // Another plan: the waiting shells cannot serve it; they are ended, and the pool refilled on
    // the new plan, whose run sees its own environment.
    let b = Session::new(with("b")).unwrap().with_pool(pool.clone());
    let (_, text) = run(&b, "echo $POOL_PLAN").await;
    assert_eq!(text, "b\n");
    until(|| pool.waiting() == POOL_SIZE).await;
    let c = Session::new(with("b")).unwrap().with_pool(pool.clone());
    let (_, text) = run(&c, "echo $POOL_PLAN").await;
    assert_eq!(text, "b\n");
    // A sandboxed session never takes one.
    assert!(Key::now(
        &ShellConfig {
            sandbox: Some(Default::default()),
            ..Default::default()
        },
        &pool.options
    )
    .is_none());
    pool.close();
    assert_eq!(pool.waiting(), 0);
    let d = Session::new(with("b")).unwrap().with_pool(pool.clone());
    let (o, text) = d
        .run(
            RunRequest {
                command: "echo late".into(),
                ..Default::default()
            },
            None,
            CancelToken::default(),
        )
        .await
        .map(|o| (o, "late\n".to_string()))
        .unwrap();
    assert_eq!(
        (o.exit_code, text.as_str(), pool.waiting()),
        (Some(0), "late\n", 0)
    );
    for s in [a, b, c, d] {
        s.close().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_a_pooled_shell_started_on_its_own_ends_with_it() {
    // BASH_ENV runs before the shell's first wait: each shell of this plan, pooled ones
    // included, leaves a process of its own below it, which ending an unused shell (no search of
    // its tree: its supervisor ends what is below) must take along.
    let marker = format!("1000.{}7", std::process::id());
    let env_file = std::env::temp_dir().join(format!("agsh-pool-env-{}.sh", std::process::id()));
    std::fs::write(&env_file, format!("/bin/sleep {marker} &\n")).unwrap();
    let marked = || {
        use crate::process::os::native;
        native::all_pids()
            .into_iter()
            .filter(|&pid| native::argv(pid).contains(&marker))
            .count()
    };
    let pool = Pool::new(Handle::current());
    let config = ShellConfig {
        session_env: vec![("BASH_ENV".into(), env_file.to_string_lossy().into_owned())],
        ..Default::default()
    };
    let session = Session::new(config).unwrap().with_pool(pool.clone());
    run(&session, "true").await;
    until(|| pool.waiting() == POOL_SIZE).await;
    until(|| marked() > POOL_SIZE).await;
    session.close().await;
    pool.close();
    let _ = std::fs::remove_file(&env_file);
    until(|| marked() == 0).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_call_that_finds_the_pool_empty_starts_a_delayed_refill_at_once() {
    let pool = Pool::with_options(Handle::current(), PoolOptions::jobs());
    let session = Session::new(config(None)).unwrap().with_pool(pool.clone());
    // The session started its own shell: the pool wants that plan, and (a job manager's pool)
    // starts nothing until told.
    run(&session, "true").await;
    assert_eq!(pool.waiting(), 0);
    pool.replenish_soon();
    // Its delay not over, a call that needs a shell starts the refill and waits for it (for a
    // while: the shell is waiting, or still being started on a slow machine).
    pool.until_filled().await;
    let started = {
        let state = pool.state();
        state.waiting.len() + state.filling
    };
    assert_eq!(started, PoolOptions::jobs().size);
    session.close().await;
    pool.close();
}

/// While a job of the owner is under way (begun less than `BUSY_FOR` ago) and a shell still
/// waits, the refill after a shell was taken waits for that job's end, which asks again: the
/// start does not compete with the job. With none waiting it would start at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refill_waits_for_the_job_under_way_while_a_shell_waits() {
    let options = PoolOptions {
        same_second: false,
        refill_on_take: false,
        ..PoolOptions::default()
    };
    let pool = Pool::with_options(Handle::current(), options);
    let config = || ShellConfig {
        session_env: vec![("POOL_BUSY".into(), "1".into())],
        ..Default::default()
    };
    // The first session starts its own shell; the pool is then filled on its plan.
    let first = Session::new(config()).unwrap().with_pool(pool.clone());
    run(&first, "true").await;
    pool.replenish_soon();
    until(|| pool.waiting() == POOL_SIZE).await;
    let taker = Session::new(config()).unwrap().with_pool(pool.clone());
    run(&taker, "true").await;
    assert_eq!(pool.waiting(), POOL_SIZE - 1);
    let under_way = pool.job_under_way();
    assert!(pool.is_busy());
    pool.replenish_soon();
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(pool.waiting(), POOL_SIZE - 1);
    // The job's end asks again.
    drop(under_way);
    assert!(!pool.is_busy());
    pool.replenish_soon();
    until(|| pool.waiting() == POOL_SIZE).await;
    for s in [first, taker] {
        s.close().await;
    }
    pool.close();
    assert_eq!(pool.waiting(), 0);
}
