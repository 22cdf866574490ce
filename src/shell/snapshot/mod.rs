//! The user's shell as their terminal has it: the aliases, functions, glob options and
//! environment their startup files set, captured from their own bash or zsh run interactive (and
//! login on macOS, as a new terminal tab is) and written as a bash file that a session sources
//! when it starts (`snapshotPath`).
//!
//! A capture runs the shell in a session of its own with no terminal, stdin on `/dev/null`,
//! `AGENT_SHELL_SNAPSHOT=1` (a startup file's opt-out test) and a deadline; the dump goes to a
//! FIFO (`script`, `run`), the startup files' output nowhere. What is taken (`select`, `policy`)
//! is written by us (`file`), checked by sourcing it in a plain bash (what does not take is
//! dropped and reported), and stored 0600 in a private directory removed when the host exits
//! (`store`). Captures are shared: one per key (the shell, login mode, HOME/ZDOTDIR, the
//! caller's environment and options, and the startup files' identity), and a failure is
//! remembered for the process.

#[cfg(test)]
mod capture_tests;
mod dump;
mod file;
mod policy;
mod run;
mod script;
mod select;
mod store;
#[cfg(test)]
mod tests;

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use self::dump::Dump;
use self::file::{Plan, Var};
use self::run::{Channel, Outcome, Program};
use crate::cancel::CancelToken;
use crate::process::env::NON_INTERACTIVE_ENV;
use crate::process::fd;

/// The environment variable a startup file tests to leave things out of a capture (`1` while
/// one runs), and that turns snapshots off in a host (`0`).
pub const SNAPSHOT_ENV: &str = "AGENT_SHELL_SNAPSHOT";

/// How long a capture may take unless told: a startup file that waits for input or starts a
/// program that stays is cut off here, and interactive shells with heavy frameworks start well
/// within it (oh-my-zsh: a few hundred ms).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);

/// The shells a snapshot can be taken of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ShellKind {
    Bash,
    Zsh,
}

impl ShellKind {
    /// By the program's name (`/bin/zsh`, `-bash`, `zsh-5.9`).
    fn of(program: &str) -> Option<ShellKind> {
        let name = program.rsplit('/').next()?.trim_start_matches('-');
        if name == "bash" || name.starts_with("bash-") || name.starts_with("bash5") {
            Some(ShellKind::Bash)
        } else if name == "zsh" || name.starts_with("zsh-") {
            Some(ShellKind::Zsh)
        } else {
            None
        }
    }

    fn name(self) -> &'static str {
        match self {
            ShellKind::Bash => "bash",
            ShellKind::Zsh => "zsh",
        }
    }
}

/// What a snapshot takes; all by default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Include {
    pub aliases: bool,
    pub functions: bool,
    pub options: bool,
    pub env: bool,
}

impl Default for Include {
    fn default() -> Self {
        Include {
            aliases: true,
            functions: true,
            options: true,
            env: true,
        }
    }
}

/// A capture asked for.
#[derive(Debug, Clone)]
pub struct SnapshotRequest {
    /// The shell, a name or a path; `None`: `$SHELL` (the caller's environment's, else the host's).
    pub shell: Option<String>,
    /// Read the login files too; `None`: on macOS only (Terminal's tabs are login shells).
    pub login: Option<bool>,
    pub timeout: Duration,
    /// Where the startup files run; `None`: HOME (where a new terminal opens).
    pub cwd: Option<PathBuf>,
    /// The caller's environment: the capture starts from it and the snapshot never overrides
    /// it (PATH is merged). `None`: the host's.
    pub env: Option<Vec<(String, String)>>,
    pub include: Include,
    /// Names (a `*` matches anything) of functions, aliases and variables left out.
    pub exclude: Vec<String>,
    /// Variable names (a `*` matches anything) treated as secrets, beside those that look it.
    pub redact: Vec<String>,
    /// Capture again even when an earlier capture of the same key is known.
    pub refresh: bool,
    /// The caller gives up when this is cancelled (its result is then `Cancelled`); the capture
    /// itself stops, its startup files ended, once every caller waiting for it has given up.
    pub cancel: CancelToken,
}

impl Default for SnapshotRequest {
    fn default() -> Self {
        SnapshotRequest {
            shell: None,
            login: None,
            timeout: DEFAULT_TIMEOUT,
            cwd: None,
            env: None,
            include: Include::default(),
            exclude: Vec::new(),
            redact: Vec::new(),
            refresh: false,
            cancel: CancelToken::default(),
        }
    }
}

/// How a capture ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The snapshot is written (some things may have been dropped).
    Ok,
    /// The startup files did not finish in time; everything they started was killed.
    Timeout,
    Failed,
    /// The shell is neither bash nor zsh.
    Unsupported,
    /// `AGENT_SHELL_SNAPSHOT=0`, or this host runs inside a capture.
    Disabled,
    /// The caller's `cancel` was cancelled (and, when it was the last caller waiting, the
    /// capture stopped and everything it started was ended before this was returned).
    Cancelled,
}

/// What a thing dropped was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Alias,
    Function,
    Option,
    Env,
}

/// Something the startup files defined that the snapshot left out: its name and why, never
/// its value.
#[derive(Debug, Clone, PartialEq)]
pub struct Dropped {
    pub name: String,
    pub kind: Kind,
    pub reason: String,
}

/// How many of each the snapshot defines.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Counts {
    pub aliases: u32,
    pub functions: u32,
    pub options: u32,
    pub env: u32,
}

/// A capture's result.
#[derive(Debug, Clone, PartialEq)]
pub struct SnapshotInfo {
    pub status: Status,
    /// The snapshot file, when `status` is `Ok`.
    pub path: Option<PathBuf>,
    /// Why it is not `Ok`.
    pub reason: Option<String>,
    /// The shell captured (its path), or as given when it could not be used.
    pub shell: String,
    /// How long the capture took (the first one's, when this one was shared).
    pub duration: Duration,
    pub counts: Counts,
    pub dropped: Vec<Dropped>,
    /// The names the snapshot defines as commands (its functions and aliases).
    pub names: Vec<String>,
    /// Served from an earlier capture of this process.
    pub cached: bool,
}

impl SnapshotInfo {
    fn not_taken(status: Status, shell: &str, reason: impl Into<String>, started: Instant) -> Self {
        SnapshotInfo {
            status,
            path: None,
            reason: Some(reason.into()),
            shell: shell.to_string(),
            duration: started.elapsed(),
            counts: Counts::default(),
            dropped: Vec::new(),
            names: Vec::new(),
            cached: false,
        }
    }
}

/// Everything a capture needs, resolved.
#[derive(Debug, Clone)]
struct Target {
    kind: ShellKind,
    /// The shell's absolute path.
    program: String,
    login: bool,
    timeout: Duration,
    cwd: PathBuf,
    home: PathBuf,
    env: Vec<(String, String)>,
    include: Include,
    exclude: Vec<String>,
    redact: Vec<String>,
}

/// Captures the user's shell (see the module's notes); never fails: what went wrong is the
/// result's `status` and `reason`. Call within the runtime.
pub async fn capture(req: SnapshotRequest) -> SnapshotInfo {
    let started = Instant::now();
    let host_env: Vec<(String, String)> = std::env::vars_os()
        .filter_map(|(k, v)| Some((k.into_string().ok()?, v.into_string().ok()?)))
        .collect();
    let env = req.env.clone().unwrap_or_else(|| host_env.clone());
    let get = |env: &[(String, String)], key: &str| {
        env.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone())
    };
    let shell = req
        .shell
        .clone()
        .or_else(|| get(&env, "SHELL"))
        .or_else(|| get(&host_env, "SHELL"))
        .unwrap_or_default();
    match (
        get(&host_env, SNAPSHOT_ENV).as_deref(),
        get(&env, SNAPSHOT_ENV).as_deref(),
    ) {
        (Some("0"), _) | (_, Some("0")) => {
            let why = "AGENT_SHELL_SNAPSHOT=0 turns snapshots off";
            return SnapshotInfo::not_taken(Status::Disabled, &shell, why, started);
        }
        (Some("1"), _) => {
            let why = "this process runs inside a snapshot capture (AGENT_SHELL_SNAPSHOT=1)";
            return SnapshotInfo::not_taken(Status::Disabled, &shell, why, started);
        }
        _ => {}
    }
    if shell.is_empty() {
        let why = "no shell given and SHELL is not set: give shell 'bash' or 'zsh'";
        return SnapshotInfo::not_taken(Status::Unsupported, &shell, why, started);
    }
    let Some(kind) = ShellKind::of(&shell) else {
        let why = format!("{shell} is neither bash nor zsh: give shell 'bash' or 'zsh'");
        return SnapshotInfo::not_taken(Status::Unsupported, &shell, why, started);
    };
    let program = match crate::process::os::find_program(&shell) {
        Ok(p) => p,
        Err(e) => {
            let why = format!("{shell} was not found: {e}");
            return SnapshotInfo::not_taken(Status::Failed, &shell, why, started);
        }
    };
    let home = PathBuf::from(get(&env, "HOME").unwrap_or_default());
    let cwd = req
        .cwd
        .clone()
        .or_else(|| home.is_dir().then(|| home.clone()))
        .unwrap_or_else(|| PathBuf::from("/"));
    let target = Target {
        kind,
        program,
        login: req.login.unwrap_or(cfg!(target_os = "macos")),
        timeout: req.timeout,
        cwd,
        home,
        env,
        include: req.include,
        exclude: req.exclude.clone(),
        redact: req.redact.clone(),
    };
    shared(target, req.refresh, req.cancel.clone()).await
}

/// One capture per key at a time, its result kept for the process (a failure too), and the
/// callers waiting for it.
struct Flight {
    /// `Some` once the capture ended.
    result: tokio::sync::watch::Sender<Option<SnapshotInfo>>,
    /// Callers waiting for `result`; changed under the lock of [`CAPTURES`] only.
    waiting: std::sync::atomic::AtomicUsize,
    /// Stops the capture: cancelled when the last caller waiting gives up.
    stop: CancelToken,
}

static CAPTURES: Mutex<Option<HashMap<u64, Arc<Flight>>>> = Mutex::new(None);

fn captures() -> std::sync::MutexGuard<'static, Option<HashMap<u64, Arc<Flight>>>> {
    CAPTURES.lock().unwrap_or_else(|e| e.into_inner())
}

async fn shared(target: Target, refresh: bool, cancel: CancelToken) -> SnapshotInfo {
    use std::sync::atomic::Ordering;
    let key = key(&target);
    let shell = target.program.clone();
    let (flight, new) = {
        let mut all = captures();
        let all = all.get_or_insert_with(HashMap::new);
        let found = all.get(&key).filter(|_| !refresh).cloned();
        let (flight, new) = match found {
            Some(flight) => (flight, false),
            None => {
                let flight = Arc::new(Flight {
                    result: tokio::sync::watch::channel(None).0,
                    waiting: 0.into(),
                    stop: CancelToken::default(),
                });
                all.insert(key, flight.clone());
                (flight, true)
            }
        };
        flight.waiting.fetch_add(1, Ordering::SeqCst);
        (flight, new)
    };
    let mut result = flight.result.subscribe();
    let cached = result.borrow().is_some();
    if new {
        // Its own task, which no caller's going away cuts: the capture ends on its own, or
        // when every caller waiting for it has given up (`stop`).
        let flight = flight.clone();
        let shell = shell.clone();
        tokio::spawn(async move {
            let started = Instant::now();
            let info = tokio::spawn(capture_now(target, flight.stop.clone()))
                .await
                .unwrap_or_else(|e| {
                    let why = format!("the capture failed: {e}");
                    SnapshotInfo::not_taken(Status::Failed, &shell, why, started)
                });
            flight.result.send_replace(Some(info));
        });
    }
    let ended = tokio::select! {
        biased;
        () = cancel.cancelled() => None,
        ended = result.wait_for(Option::is_some) => ended.ok().and_then(|info| info.clone()),
    };
    let last = {
        let mut all = captures();
        let last = flight.waiting.fetch_sub(1, Ordering::SeqCst) == 1;
        if ended.is_none() && last && flight.result.borrow().is_none() {
            // The last caller gave up on a capture still running: it stops, and is forgotten
            // (its end is not a result to keep).
            flight.stop.cancel();
            if let Some(all) = all.as_mut() {
                if all.get(&key).is_some_and(|f| Arc::ptr_eq(f, &flight)) {
                    all.remove(&key);
                }
            }
            true
        } else {
            false
        }
    };
    match ended {
        Some(info) => SnapshotInfo { cached, ..info },
        None => {
            let started = Instant::now();
            if last {
                // Returns once what the startup files started has been ended.
                let _ = result.wait_for(Option::is_some).await;
            }
            let why = "the capture was cancelled by its caller";
            SnapshotInfo::not_taken(Status::Cancelled, &shell, why, started)
        }
    }
}

/// The key of a capture: everything its result depends on, the startup files' identity (path,
/// size, modification time, inode) included, so that a touched `~/.bashrc` is captured again.
fn key(t: &Target) -> u64 {
    let mut text = format!(
        "{:?}\0{}\0{}\0{}\0{}\0{:?}\0{:?}\0{:?}\0",
        t.kind,
        t.program,
        t.login,
        t.timeout.as_millis(),
        t.cwd.display(),
        t.include,
        t.exclude,
        t.redact
    );
    let mut env = t.env.clone();
    env.sort();
    for (k, v) in &env {
        text.push_str(&format!("{k}={v}\0"));
    }
    for file in startup_files(t) {
        let id = std::fs::metadata(&file)
            .map(|m| format!("{:?}:{:?}", m.modified().ok(), fd::file_stamp(&m)))
            .unwrap_or_default();
        text.push_str(&format!("{}={id}\0", file.display()));
    }
    xxhash_rust::xxh64::xxh64(text.as_bytes(), 0)
}

/// The files the shell reads when it starts as asked (the system's in the places Debian, Fedora
/// and macOS keep them), and `~/.bash_aliases`, which Debian's `.bashrc` reads.
fn startup_files(t: &Target) -> Vec<PathBuf> {
    let get = |key: &str| {
        t.env
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| PathBuf::from(v))
    };
    let home = &t.home;
    let mut files: Vec<PathBuf> = Vec::new();
    let mut add = |list: &[&str], dir: &Path| {
        files.extend(list.iter().map(|f| match f.strip_prefix("~/") {
            Some(rel) => dir.join(rel),
            None => PathBuf::from(f),
        }))
    };
    match t.kind {
        ShellKind::Bash => {
            if t.login {
                add(
                    &[
                        "/etc/profile",
                        "~/.bash_profile",
                        "~/.bash_login",
                        "~/.profile",
                    ],
                    home,
                );
            }
            add(
                &[
                    "/etc/bash.bashrc",
                    "/etc/bashrc",
                    "~/.bashrc",
                    "~/.bash_aliases",
                ],
                home,
            );
        }
        ShellKind::Zsh => {
            let zdot = get("ZDOTDIR").unwrap_or_else(|| home.clone());
            add(&["/etc/zshenv", "/etc/zsh/zshenv", "~/.zshenv"], &zdot);
            if t.login {
                add(
                    &["/etc/zprofile", "/etc/zsh/zprofile", "~/.zprofile"],
                    &zdot,
                );
            }
            add(&["/etc/zshrc", "/etc/zsh/zshrc", "~/.zshrc"], &zdot);
            if t.login {
                add(&["/etc/zlogin", "/etc/zsh/zlogin", "~/.zlogin"], &zdot);
            }
        }
    }
    files
}

/// Variables a capture's shell never gets: they would run a file of their own in it.
const CAPTURE_UNSET: &[&str] = &["BASH_ENV", "ENV"];

/// The capture itself.
async fn capture_now(t: Target, stop: CancelToken) -> SnapshotInfo {
    let started = Instant::now();
    let fail = |why: String| SnapshotInfo::not_taken(Status::Failed, &t.program, why, started);
    let dir = match store::dir() {
        Ok(dir) => dir,
        Err(why) => return fail(format!("no private directory for the snapshot: {why}")),
    };
    if store::inside(dir, &t.home) || store::inside(dir, &t.cwd) {
        return fail(format!(
            "{} is inside HOME or the working directory",
            dir.display()
        ));
    }
    if let Err(why) = store::check_private(dir) {
        return fail(why);
    }
    let nonce = match fd::random_bytes() {
        Ok(b) => format!("{:016x}", u64::from_ne_bytes(b)),
        Err(e) => return fail(format!("no random bytes: {e}")),
    };
    let end = format!("END-{nonce}");
    let channel = match Channel::in_dir(dir, &format!("dump-{nonce}")) {
        Ok(channel) => channel,
        Err(e) => return fail(format!("the capture could not run: {e}")),
    };
    let script = match t.kind {
        ShellKind::Bash => script::capture_bash(&channel, &end),
        ShellKind::Zsh => script::capture_zsh(&channel.fifo, &end),
    };
    let mut args = vec!["-i".to_string()];
    if t.login {
        args.push("-l".into());
    }
    args.extend(["-c".into(), script]);
    let env = capture_env(&t.env);
    let program = Program {
        path: &t.program,
        args: &args,
        env: &env,
        cwd: &t.cwd,
    };
    let trailer = format!("{end}\0");
    let outcome = match run::run(&program, &channel, trailer.as_bytes(), t.timeout, &stop).await {
        Ok(outcome) => outcome,
        Err(e) => return fail(format!("the capture could not run: {e}")),
    };
    let dump = match outcome {
        Outcome::Dumped(bytes) => match dump::parse(&bytes, trailer.as_bytes()) {
            Some(dump) => dump,
            None => return fail("the capture's output could not be read".into()),
        },
        Outcome::Cancelled => {
            let why = "the capture was cancelled by its callers";
            return SnapshotInfo::not_taken(Status::Cancelled, &t.program, why, started);
        }
        Outcome::TimedOut => {
            let why = format!(
                "the startup files did not finish within {} ms (one may wait for input, sleep, \
                 or start a program that stays); everything they started was killed",
                t.timeout.as_millis()
            );
            return SnapshotInfo::not_taken(Status::Timeout, &t.program, why, started);
        }
        Outcome::Exited(status) => {
            return fail(format!(
                "{} exited (wait status {}) before the capture ran: a startup file may `exec` \
                 another program (tmux, another shell) or `exit`",
                t.kind.name(),
                status.map_or("unknown".into(), |s| s.to_string())
            ))
        }
        Outcome::TooLarge => return fail("the startup files defined too much to capture".into()),
    };
    let choice = select::Choice {
        kind: t.kind,
        caller_env: &t.env,
        started_env: &env,
        include: t.include,
        exclude: &t.exclude,
        redact: &t.redact,
    };
    let (plan, mut dropped) = select::select(dump, &choice);
    let caller_path = t
        .env
        .iter()
        .find(|(k, _)| k == "PATH")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    let plan = match checked(plan, &t, dir, &nonce, &caller_path, &mut dropped, &stop).await {
        Ok(plan) => plan,
        Err(why) => return fail(why),
    };
    let text = file::render(&plan, t.kind.name());
    let name = format!(
        "snapshot-{}-{:016x}.sh",
        t.kind.name(),
        xxhash_rust::xxh64::xxh64(&text, 0)
    );
    let path = match store::write(dir, &name, &text) {
        Ok(path) => path,
        Err(e) => return fail(format!("writing the snapshot: {e}")),
    };
    let vars = plan.vars.len() as u32;
    SnapshotInfo {
        status: Status::Ok,
        path: Some(path),
        reason: None,
        shell: t.program.clone(),
        duration: started.elapsed(),
        counts: Counts {
            aliases: plan.aliases.len() as u32,
            functions: plan.functions.len() as u32,
            options: (plan.options.len() + usize::from(plan.expand_aliases)) as u32,
            env: vars,
        },
        names: plan
            .functions
            .iter()
            .map(|(n, _)| n)
            .chain(plan.aliases.iter().map(|(n, _)| n))
            .cloned()
            .collect(),
        dropped,
        cached: false,
    }
}

/// The capture shell's environment: the caller's without what would run a file of its own,
/// with [`SNAPSHOT_ENV`]` = 1` and the non-interactive environment under the caller's keys (no
/// pager, editor or password prompt can wait for a person) but `TERM`, which startup files test
/// to skip themselves (`[[ $TERM == dumb ]] && return`, for Emacs's TRAMP).
fn capture_env(caller: &[(String, String)]) -> Vec<(String, String)> {
    let mut env: Vec<(String, String)> = caller
        .iter()
        .filter(|(k, _)| !CAPTURE_UNSET.contains(&k.as_str()) && k != SNAPSHOT_ENV)
        .cloned()
        .collect();
    for (k, v) in NON_INTERACTIVE_ENV {
        if *k != "TERM" && !env.iter().any(|(e, _)| e == k) {
            env.push((k.to_string(), v.to_string()));
        }
    }
    env.push((SNAPSHOT_ENV.into(), "1".into()));
    env
}

/// `plan` once a plain bash has sourced it: whatever it did not define as written is dropped
/// (and listed), and the rest checked again, until all of it takes (three rounds at most).
async fn checked(
    mut plan: Plan,
    t: &Target,
    dir: &Path,
    nonce: &str,
    caller_path: &str,
    dropped: &mut Vec<Dropped>,
    stop: &CancelToken,
) -> Result<Plan, String> {
    let bash = crate::process::os::find_program("bash")
        .map_err(|e| format!("no bash to check the snapshot with: {e}"))?;
    let session_path = if caller_path.is_empty() {
        "/usr/bin:/bin".to_string()
    } else {
        caller_path.to_string()
    };
    let mut env = vec![("PATH".to_string(), session_path.clone())];
    if let Some(home) = t.env.iter().find(|(k, _)| k == "HOME") {
        env.push(home.clone());
    }
    for round in 0..3 {
        let text = file::render(&plan, t.kind.name());
        let candidate = store::write(dir, &format!(".candidate-{nonce}-{round}.sh"), &text)
            .map_err(|e| format!("writing the snapshot to check it: {e}"))?;
        let end = format!("END-{nonce}-{round}");
        let channel = Channel::in_dir(dir, &format!("check-{nonce}-{round}"))
            .map_err(|e| format!("checking the snapshot in bash failed: {e}"))?;
        let args = vec![
            "--noprofile".to_string(),
            "--norc".to_string(),
            "-c".to_string(),
            script::validation(&channel, &end),
        ];
        let trailer = format!("{end}\0");
        let mut env = env.clone();
        env.push((
            script::CHECKED_FILE_ENV.into(),
            candidate.to_string_lossy().into_owned(),
        ));
        let program = Program {
            path: &bash,
            args: &args,
            env: &env,
            cwd: dir,
        };
        let outcome = run::run(&program, &channel, trailer.as_bytes(), t.timeout, stop).await;
        let _ = std::fs::remove_file(&candidate);
        let dump = match outcome {
            Ok(Outcome::Dumped(bytes)) => dump::parse(&bytes, trailer.as_bytes())
                .ok_or("the check's output could not be read")?,
            Ok(other) => return Err(format!("checking the snapshot in bash failed: {other:?}")),
            Err(e) => return Err(format!("checking the snapshot in bash failed: {e}")),
        };
        let failed = untaken(&plan, &dump, session_path.as_bytes());
        if failed.is_empty() {
            return Ok(plan);
        }
        for (name, kind) in &failed {
            dropped.push(Dropped {
                name: name.clone(),
                kind: *kind,
                reason: "did not take in bash".into(),
            });
        }
        remove(&mut plan, &failed);
    }
    Err("the snapshot still did not take in bash after dropping what failed".into())
}

/// What `plan` defines that `dump` (a bash that sourced it, started with PATH `session_path`)
/// does not have as written.
fn untaken(plan: &Plan, dump: &Dump, session_path: &[u8]) -> Vec<(String, Kind)> {
    let mut failed = Vec::new();
    for option in &plan.options {
        if !dump.options.contains(option) {
            failed.push((option.clone(), Kind::Option));
        }
    }
    if plan.expand_aliases && !dump.options.iter().any(|o| o == "expand_aliases") {
        failed.push(("expand_aliases".into(), Kind::Option));
    }
    for (name, _) in &plan.functions {
        if !dump.functions.iter().any(|f| &f.name == name) {
            failed.push((name.clone(), Kind::Function));
        }
    }
    for (name, value) in &plan.aliases {
        if !dump.aliases.iter().any(|(n, v)| n == name && v == value) {
            failed.push((name.clone(), Kind::Alias));
        }
    }
    let has = |list: &[(String, Vec<u8>)], name: &str, value: &[u8]| {
        list.iter().any(|(n, v)| n == name && v == value)
    };
    for var in &plan.vars {
        let ok = match var {
            Var::Exported(name, value) => has(&dump.exported, name, value),
            Var::Shell(name, value) => has(&dump.scalars, name, value),
            Var::Path { .. } => has(
                &dump.exported,
                "PATH",
                &file::merged_path(var, session_path),
            ),
        };
        if !ok {
            failed.push((var_name(var).to_string(), Kind::Env));
        }
    }
    failed
}

fn var_name(var: &Var) -> &str {
    match var {
        Var::Exported(name, _) | Var::Shell(name, _) => name,
        Var::Path { .. } => "PATH",
    }
}

fn remove(plan: &mut Plan, failed: &[(String, Kind)]) {
    let gone = |name: &str, kind: Kind| failed.iter().any(|(n, k)| n == name && *k == kind);
    plan.options.retain(|o| !gone(o, Kind::Option));
    if gone("expand_aliases", Kind::Option) {
        plan.expand_aliases = false;
        plan.aliases.clear();
    }
    plan.functions.retain(|(n, _)| !gone(n, Kind::Function));
    plan.aliases.retain(|(n, _)| !gone(n, Kind::Alias));
    plan.vars.retain(|v| !gone(var_name(v), Kind::Env));
}
