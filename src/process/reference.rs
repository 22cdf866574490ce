//! A stable reference to any process (the anchor's `Process`, docs/api.md §7a): a pid pinned by its
//! start time, so a recycled pid is never read or signalled; its argv, group, children; a tree kill
//! and a polite terminate (TERM, a grace, KILL) that can be waited on and cancelled.
//!
//! Its OS reads beyond `tree.rs` come from the OS layer (`os::native`: argv, executable, pids)
//! and its group (`getpgid` on POSIX; none on Windows).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use super::os;
use super::tree::{self, Proc};
use crate::cancel::CancelToken;

// ---- OS reads -------------------------------------------------------------------------------

/// The argument vector of `pid`; empty when unreadable.
fn read_argv(pid: i32) -> Vec<String> {
    os::native::argv(pid)
}

fn read_exe(pid: i32) -> Option<std::path::PathBuf> {
    os::native::exe_path(pid)
}

fn read_pgid(pid: i32) -> Option<i32> {
    os::fd::process_group(pid)
}

fn all_pids() -> Vec<i32> {
    os::native::all_pids()
}

// ---- the reference --------------------------------------------------------------------------

/// How often a wait looks whether the process is gone.
const POLL_MS: u64 = 10; // an exit is seen within 10 ms, at a few stat reads per second per waiter
/// The grace between TERM and KILL when none is given (the anchor's default).
pub const DEFAULT_GRACE_MS: u64 = 1000;
/// How long `terminate` waits after KILL when no `timeoutMs` is given.
pub const DEFAULT_KILL_WAIT_MS: u64 = 1000; // KILL takes effect at once but for an uninterruptible sleep

/// One process, known by pid and start time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcessRef(Proc);

/// How `terminate` goes about it.
#[derive(Debug, Clone, Copy)]
pub struct Terminate {
    /// Also signal the process's group (never the host's own).
    pub group: bool,
    /// Time between TERM and KILL; `None` skips TERM.
    pub grace: Option<Duration>,
    /// How long to wait for the tree to go after KILL.
    pub kill_wait: Duration,
}

/// Why a wait ended early.
#[derive(Debug, PartialEq, Eq)]
pub struct Cancelled;

impl ProcessRef {
    /// The process with this pid now, if there is one (not a zombie).
    pub fn from_pid(pid: i32) -> Option<ProcessRef> {
        (pid > 0)
            .then(|| Proc::current(pid))
            .flatten()
            .map(ProcessRef)
    }

    /// Running processes whose executable path is exactly `path`.
    pub fn from_path(path: &std::path::Path) -> Vec<ProcessRef> {
        all_pids()
            .into_iter()
            .filter(|&pid| read_exe(pid).is_some_and(|exe| exe == path))
            .filter_map(ProcessRef::from_pid)
            .collect()
    }

    pub fn pid(&self) -> i32 {
        self.0.pid
    }

    pub fn is_running(&self) -> bool {
        self.0.is_alive()
    }

    /// A read about this very process: `None` once it is gone (or its pid recycled).
    fn while_alive<T>(&self, read: impl FnOnce() -> T) -> Option<T> {
        let value = read();
        self.is_running().then_some(value)
    }

    pub fn ppid(&self) -> Option<i32> {
        let s = tree::stat(self.0.pid)?;
        (s.start_time == self.0.start_time && !s.is_gone()).then_some(s.ppid)
    }

    pub fn args(&self) -> Vec<String> {
        self.while_alive(|| read_argv(self.0.pid))
            .unwrap_or_default()
    }

    pub fn group_id(&self) -> Option<i32> {
        self.while_alive(|| read_pgid(self.0.pid)).flatten()
    }

    pub fn children(&self) -> Vec<ProcessRef> {
        self.while_alive(|| tree::children(self.0.pid))
            .unwrap_or_default()
            .into_iter()
            .filter_map(ProcessRef::from_pid)
            .collect()
    }

    /// This process and everything below it, children first.
    fn tree_children_first(&self) -> Vec<Proc> {
        if !self.is_running() {
            return Vec::new();
        }
        let mut all = tree::descendants(self.0.pid);
        all.reverse();
        all.push(self.0);
        all
    }

    /// Signals the tree, children first; the host and its ancestors never. Returns how many.
    pub fn kill_tree(&self, signal: i32) -> usize {
        let host = host_and_ancestors();
        self.tree_children_first()
            .iter()
            .filter(|p| !host.contains(&p.pid) && p.signal(signal))
            .count()
    }

    /// Waits until the process is gone; `false` when `timeout` passed first.
    pub async fn wait_for_exit(
        &self,
        timeout: Option<Duration>,
        cancel: &CancelToken,
    ) -> Result<bool, Cancelled> {
        let deadline = timeout.map(|t| Instant::now() + t);
        wait_gone(&[self.0], deadline, cancel).await
    }

    /// TERM to the tree (and the group), a grace, KILL to what is left (found again from every
    /// member, as orphans move), then a wait for all of it. `true` when the process is gone at the
    /// end.
    pub async fn terminate(&self, how: Terminate, cancel: &CancelToken) -> Result<bool, Cancelled> {
        if cancel.is_cancelled() {
            return Err(Cancelled);
        }
        let host = host_and_ancestors();
        let host_group = read_pgid(std::process::id() as i32);
        let group = if how.group {
            self.group_id().filter(|g| Some(*g) != host_group)
        } else {
            None
        };
        let mut members = self.tree_children_first();
        members.retain(|p| !host.contains(&p.pid));
        let signal_all = |members: &[Proc], signal: i32| {
            for p in members {
                p.signal(signal);
            }
            if let Some(g) = group {
                // `g` is not the host's group.
                os::fd::kill_group(g, signal);
            }
        };
        if let Some(grace) = how.grace {
            signal_all(&members, os::signal::SIGTERM);
            signal_all(&members, os::signal::SIGCONT);
            if wait_gone(&members, Some(Instant::now() + grace), cancel).await? {
                return Ok(true);
            }
        }
        // What the members started meanwhile, wherever it was re-parented to.
        let live: Vec<i32> = members
            .iter()
            .filter(|p| p.is_alive())
            .map(|p| p.pid)
            .collect();
        let mut left: Vec<Proc> = tree::descendants_of(&live);
        left.retain(|p| !host.contains(&p.pid));
        signal_all(&left, os::signal::SIGKILL);
        // SIGKILL lands asynchronously: wait for everything it was sent to, so that nothing
        // killed here is still running when the caller goes on.
        left.push(self.0);
        wait_gone(&left, Some(Instant::now() + how.kill_wait), cancel).await?;
        Ok(!self.0.is_alive())
    }
}

/// Waits until every one of `procs` is gone, or `deadline`, or a cancel.
async fn wait_gone(
    procs: &[Proc],
    deadline: Option<Instant>,
    cancel: &CancelToken,
) -> Result<bool, Cancelled> {
    let mut pause = Duration::from_millis(1);
    loop {
        if cancel.is_cancelled() {
            return Err(Cancelled);
        }
        if procs.iter().all(|p| !p.is_alive()) {
            return Ok(true);
        }
        let now = Instant::now();
        if deadline.is_some_and(|d| now >= d) {
            return Ok(false);
        }
        let step = match deadline {
            Some(d) => pause.min(d - now),
            None => pause,
        };
        tokio::select! {
            _ = tokio::time::sleep(step) => {}
            _ = cancel.cancelled() => return Err(Cancelled),
        }
        pause = (pause * 2).min(Duration::from_millis(POLL_MS));
    }
}

/// The host and its ancestors (and init): never signalled.
fn host_and_ancestors() -> HashSet<i32> {
    let mut out = HashSet::from([1]);
    let mut pid = std::process::id() as i32;
    while pid > 1 && out.insert(pid) {
        match tree::stat(pid) {
            Some(s) => pid = s.ppid,
            None => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use std::process::{Command, Stdio};

    fn spawn(script: &str) -> std::process::Child {
        Command::new("bash")
            .args(["-c", script])
            .stdin(Stdio::null())
            .spawn()
            .unwrap()
    }

    fn settle(pid: i32, n: usize) {
        let until = Instant::now() + Duration::from_secs(5);
        while tree::descendants(pid).len() < n && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    #[test]
    fn reads_argv_parent_group_and_children() {
        let mut child = spawn("sleep 30 & exec sleep 31");
        let pid = child.id() as i32;
        settle(pid, 1);
        let p = ProcessRef::from_pid(pid).unwrap();
        // Both execs done (the fork and the exec race the reads below otherwise).
        let until = Instant::now() + Duration::from_secs(5);
        while Instant::now() < until
            && (p.args() != ["sleep", "31"]
                || p.children().iter().any(|c| c.args() != ["sleep", "30"]))
        {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(p.args(), vec!["sleep", "31"]);
        assert_eq!(p.ppid(), Some(std::process::id() as i32));
        assert!(p.group_id().is_some());
        let kids: Vec<Vec<String>> = p.children().iter().map(|c| c.args()).collect();
        assert_eq!(kids, vec![vec!["sleep".to_string(), "30".to_string()]]);
        assert!(ProcessRef::from_path(&read_exe(pid).unwrap()).contains(&p));
        assert_eq!(p.kill_tree(os::signal::SIGKILL), 2);
        let _ = child.wait();
        assert!(!p.is_running());
        assert_eq!((p.args(), p.ppid(), p.group_id()), (vec![], None, None));
        assert_eq!(p.kill_tree(os::signal::SIGKILL), 0);
    }

    #[tokio::test]
    async fn terminate_kills_what_ignores_term_after_the_grace() {
        let mut child = spawn("trap '' TERM; sleep 30 & (trap '' TERM; sleep 32) & wait");
        let pid = child.id() as i32;
        settle(pid, 2);
        let p = ProcessRef::from_pid(pid).unwrap();
        let below = tree::descendants(pid);
        let how = Terminate {
            group: false,
            grace: Some(Duration::from_millis(100)),
            kill_wait: Duration::from_secs(5),
        };
        let cancel = CancelToken::default();
        let reap = std::thread::spawn(move || child.wait());
        assert_eq!(p.terminate(how, &cancel).await, Ok(true));
        let _ = reap.join();
        assert!(below.iter().all(|q| !q.is_alive()), "{below:?}");
    }

    #[tokio::test]
    async fn a_wait_times_out_and_is_cancelled() {
        let mut child = spawn("exec sleep 30");
        let p = ProcessRef::from_pid(child.id() as i32).unwrap();
        let cancel = CancelToken::default();
        assert_eq!(
            p.wait_for_exit(Some(Duration::from_millis(20)), &cancel)
                .await,
            Ok(false)
        );
        cancel.cancel();
        assert_eq!(p.wait_for_exit(None, &cancel).await, Err(Cancelled));
        p.kill_tree(os::signal::SIGKILL);
        let _ = child.wait();
        assert_eq!(
            p.wait_for_exit(None, &CancelToken::default()).await,
            Ok(true)
        );
    }
}
