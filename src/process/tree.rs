//! Process trees on Linux, read from `/proc`: who descends from whom, and killing a whole tree.
//!
//! A process is identified by its pid *and* its start time, so a pid recycled after the process
//! exited is never signalled. The shells we start are child subreapers, so `setsid` and
//! double-forked escapees stay below them and are found here.

use std::collections::{HashMap, HashSet};
use std::fs;
use std::time::{Duration, Instant};

/// A process as seen at one moment: pid plus the start time that makes it unique.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Proc {
    pub pid: i32,
    /// Field 22 of `/proc/<pid>/stat`, in clock ticks since boot.
    pub start_time: u64,
}

/// What `/proc/<pid>/stat` says about one process.
#[derive(Debug, Clone, Copy)]
pub struct Stat {
    pub ppid: i32,
    /// The session id: the pid of the session's leader (read by tests only).
    #[cfg(test)]
    pub session: i32,
    pub start_time: u64,
    /// `Z` (zombie) and `X` (dead) count as gone.
    pub state: char,
}

impl Stat {
    pub fn is_gone(&self) -> bool {
        matches!(self.state, 'Z' | 'X')
    }
}

/// Reads `/proc/<pid>/stat`; `None` when the process does not exist.
pub fn stat(pid: i32) -> Option<Stat> {
    let text = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_stat(&text)
}

/// The command name is in parentheses and may itself contain spaces and parentheses, so fields
/// are counted from the last `)`.
fn parse_stat(text: &str) -> Option<Stat> {
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_ascii_whitespace();
    let state = fields.next()?.chars().next()?;
    let ppid = fields.next()?.parse().ok()?;
    let _pgrp = fields.next()?;
    let session: i32 = fields.next()?.parse().ok()?;
    #[cfg(not(test))]
    let _ = session;
    // After state, ppid, pgrp and session, start time is the 16th remaining field (field 22).
    let start_time = fields.nth(15)?.parse().ok()?;
    Some(Stat {
        ppid,
        #[cfg(test)]
        session,
        start_time,
        state,
    })
}

impl Proc {
    /// The process with this pid as it is now, if it exists and has not exited.
    pub fn current(pid: i32) -> Option<Proc> {
        let s = stat(pid)?;
        (!s.is_gone()).then_some(Proc {
            pid,
            start_time: s.start_time,
        })
    }

    /// Whether this very process (not a recycled pid) still runs.
    pub fn is_alive(&self) -> bool {
        matches!(stat(self.pid), Some(s) if s.start_time == self.start_time && !s.is_gone())
    }

    /// Whether this process is stopped (by SIGSTOP) or gone.
    pub fn is_stopped_or_gone(&self) -> bool {
        match stat(self.pid) {
            Some(s) if s.start_time == self.start_time && !s.is_gone() => {
                matches!(s.state, 'T' | 't')
            }
            _ => true,
        }
    }

    /// Sends `signal` if the pid still belongs to this process. Returns whether it was sent.
    pub fn signal(&self, signal: i32) -> bool {
        // The window between this check and kill(2) is microseconds, while a pid is only reused
        // after the whole pid space has cycled, so the check is what makes reuse harmless.
        if !self.is_alive() {
            return false;
        }
        super::fd::kill(self.pid, signal)
    }
}

/// Direct children of `pid`, from the `children` file of each of its threads (cheap: no scan of
/// all of `/proc`). Falls back to a full scan on kernels without that file.
pub fn children(pid: i32) -> Vec<i32> {
    let Ok(tasks) = fs::read_dir(format!("/proc/{pid}/task")) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for task in tasks.flatten() {
        match fs::read_to_string(task.path().join("children")) {
            Ok(text) => out.extend(parse_pids(&text)),
            Err(_) => return children_by_scan(pid),
        }
    }
    out
}

/// Direct children of a single-threaded process such as a shell: one file read, where
/// [`children`] lists the task directory first. Called on every run, so it is worth the twin.
pub fn children_of_single_threaded(pid: i32) -> Vec<i32> {
    match fs::read_to_string(format!("/proc/{pid}/task/{pid}/children")) {
        Ok(text) => parse_pids(&text).collect(),
        Err(_) => children(pid),
    }
}

/// The children list of one single-threaded process, kept open: each [`ChildrenFile::read`] is
/// one `pread` (the kernel regenerates the list at offset 0) instead of an open, a stat, a read
/// and a close. A shell's children are read after every run.
pub struct ChildrenFile {
    pid: i32,
    file: Option<fs::File>,
}

impl ChildrenFile {
    pub fn open(pid: i32) -> ChildrenFile {
        let file = fs::File::open(format!("/proc/{pid}/task/{pid}/children")).ok();
        ChildrenFile { pid, file }
    }

    /// The process's direct children now.
    pub fn read(&self) -> Vec<i32> {
        use std::os::unix::fs::FileExt;
        let Some(file) = &self.file else {
            return children_of_single_threaded(self.pid);
        };
        let mut buf = [0u8; 4096];
        match file.read_at(&mut buf, 0) {
            // A full buffer may have been cut mid-list: read it all the slow way.
            Ok(n) if n < buf.len() => {
                parse_pids(std::str::from_utf8(&buf[..n]).unwrap_or("")).collect()
            }
            _ => children_of_single_threaded(self.pid),
        }
    }
}

fn parse_pids(text: &str) -> impl Iterator<Item = i32> + '_ {
    text.split_ascii_whitespace().filter_map(|p| p.parse().ok())
}

fn children_by_scan(parent: i32) -> Vec<i32> {
    all_pids()
        .filter(|&pid| matches!(stat(pid), Some(s) if s.ppid == parent))
        .collect()
}

/// Every pid in `/proc`.
fn all_pids() -> impl Iterator<Item = i32> {
    fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
}

/// The living processes, other than the host, with a descriptor open on `path` (a terminal
/// device, say). Processes of other users are not visible and not listed.
pub fn holding(path: &std::path::Path) -> Vec<Proc> {
    let host = std::process::id() as i32;
    all_pids()
        .filter(|&pid| pid != host)
        .filter(|&pid| {
            fs::read_dir(format!("/proc/{pid}/fd"))
                .into_iter()
                .flatten()
                .flatten()
                .any(|fd| fs::read_link(fd.path()).is_ok_and(|target| target == path))
        })
        .filter_map(Proc::current)
        .collect()
}

/// How many pipelines `pids` form, as a shell counts jobs: a process whose stdin is the pipe
/// another of them writes its stdout to belongs to that one's pipeline (`a | b &` is one job).
pub fn pipelines(pids: &[i32]) -> usize {
    let pipe = |pid: i32, fd: i32| -> Option<String> {
        let target = fs::read_link(format!("/proc/{pid}/fd/{fd}")).ok()?;
        let target = target.to_str()?;
        target.starts_with("pipe:").then(|| target.to_string())
    };
    let written: HashSet<String> = pids.iter().filter_map(|&p| pipe(p, 1)).collect();
    pids.iter()
        .filter(|&&p| !pipe(p, 0).is_some_and(|read| written.contains(&read)))
        .count()
}

/// Every living descendant of `root` (not `root` itself), parents before children.
pub fn descendants(root: i32) -> Vec<Proc> {
    descendants_of(&children(root))
}

/// The given processes and everything below them, parents before children.
pub fn descendants_of(roots: &[i32]) -> Vec<Proc> {
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    let mut queue: Vec<i32> = roots.to_vec();
    let mut i = 0;
    while i < queue.len() {
        let pid = queue[i];
        i += 1;
        if !seen.insert(pid) {
            continue;
        }
        if let Some(p) = Proc::current(pid) {
            out.push(p);
            queue.extend(children(pid));
        }
    }
    out
}

/// Pids of every descendant of `pid`, as `listDescendants` reports them.
pub fn list_descendants(pid: i32) -> Vec<i32> {
    descendants(pid).into_iter().map(|p| p.pid).collect()
}

/// The host process and its ancestors: never signalled, whatever a caller asks.
fn protected() -> HashSet<i32> {
    let mut out = HashSet::new();
    let mut pid = std::process::id() as i32;
    while pid > 1 && out.insert(pid) {
        pid = match stat(pid) {
            Some(s) => s.ppid,
            None => break,
        };
    }
    out.insert(1);
    out
}

/// Signals `pid` and all its descendants, children first; returns how many were signalled.
/// The host process and its ancestors are never signalled.
pub fn kill_tree(pid: i32, signal: i32) -> usize {
    let protected = protected();
    let mut targets = descendants(pid);
    targets.reverse();
    if let Some(root) = Proc::current(pid) {
        targets.push(root);
    }
    targets
        .iter()
        .filter(|p| !protected.contains(&p.pid) && p.signal(signal))
        .count()
}

/// How long processes get to exit after TERM before they are killed.
pub const KILL_GRACE_MS: u64 = 1000; // long enough for a clean exit, short enough for an agent waiting on a timeout
const POLL_MS: u64 = 10; // how often the grace period checks whether everything is gone
/// How long freezing or killing a tree may keep at it: a fork bomb under a process limit forks
/// as fast as its members die, and is only beaten by freezing every member before killing any.
/// 3 s, three kill graces, is a bound, not a measurement: a stop that cannot win still returns.
const CONVERGE_MS: u64 = 3000;
/// How long a frozen tree's members may take to be seen stopped: SIGSTOP takes effect when each is
/// next scheduled, at once unless it sits in an uninterruptible wait. Past this, what is not
/// stopped yet is left to the kill that follows.
const STOP_SEEN_MS: u64 = 100;

/// Programs that run shell script text. Killed at once, never sent TERM: a shell that survives
/// TERM (`trap '' TERM`, `trap 'echo caught' TERM`) or sees its child die goes on with the next
/// command of its script, and a stopped run must start no further command.
const SHELLS: &[&str] = &[
    "bash", "sh", "dash", "ash", "zsh", "ksh", "ksh93", "mksh", "pdksh", "yash", "posh", "fish",
];

/// Whether `p` runs a shell (a script, or a subshell: a fork of a shell is still that shell).
fn is_shell(p: &Proc) -> bool {
    fs::read_link(format!("/proc/{}/exe", p.pid))
        .ok()
        .and_then(|exe| exe.file_name().map(|n| n.to_string_lossy().into_owned()))
        .is_some_and(|name| SHELLS.contains(&name.as_str()))
}

/// Ends `roots` and everything below them (see [`Frozen`]). `roots` are processes, not just
/// pids, so a recycled pid is never hit.
pub fn terminate(roots: &[Proc], grace: Duration) {
    let roots = roots.to_vec();
    freeze(Box::new(move || {
        let live: Vec<i32> = roots
            .iter()
            .filter(|p| p.is_alive())
            .map(|p| p.pid)
            .collect();
        descendants_of(&live)
    }))
    .terminate(grace);
}

/// Ends everything below `anchor` (not `anchor` itself); see [`freeze_below`].
pub fn terminate_below(anchor: i32, grace: Duration) {
    freeze_below(anchor).terminate(grace);
}

/// Freezes everything below `anchor` (not `anchor` itself) and returns it frozen: nothing in it
/// runs, forks or writes until [`Frozen::terminate`]. Every scan starts from `anchor`, so
/// orphans re-parented to it (a subreaper, or below one) are found too. `anchor` must be a process
/// that cannot be reaped meanwhile, such as our own unreaped child.
pub fn freeze_below(anchor: i32) -> Frozen {
    freeze(Box::new(move || descendants(anchor)))
}

fn freeze(scan: Scan) -> Frozen {
    let mut frozen = Frozen {
        scan,
        known: HashMap::new(),
        protected: protected(),
    };
    frozen.freeze_newcomers();
    frozen.await_stopped();
    frozen
}

type Scan = Box<dyn Fn() -> Vec<Proc> + Send>;

/// A tree frozen with STOP. [`Frozen::terminate`] kills its shells at once (KILL, while they are
/// frozen), sends the rest TERM and CONT, waits up to a grace for them to exit, then KILLs what
/// is left, freezing newcomers first, until nothing is left (or a few seconds passed).
pub struct Frozen {
    /// Finds the tree's living members.
    scan: Scan,
    known: HashMap<i32, Proc>,
    /// The host and its ancestors: never signalled.
    protected: HashSet<i32>,
}

impl Frozen {
    /// Waits (at most [`STOP_SEEN_MS`]) until every member is seen stopped or gone, so that what
    /// the caller does with the tree frozen (take its output) sees it quiet.
    fn await_stopped(&self) {
        let deadline = Instant::now() + Duration::from_millis(STOP_SEEN_MS);
        let mut pending: Vec<Proc> = self.known.values().copied().collect();
        loop {
            pending.retain(|p| !p.is_stopped_or_gone());
            if pending.is_empty() || Instant::now() >= deadline {
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    /// STOPs every process the scan finds until a scan finds no new one: a stopped process cannot
    /// fork, so the tree stops growing. Returns the newly frozen.
    fn freeze_newcomers(&mut self) -> Vec<Proc> {
        let mut added = Vec::new();
        let until = Instant::now() + Duration::from_millis(CONVERGE_MS);
        loop {
            let mut new = Vec::new();
            for p in (self.scan)() {
                if !self.protected.contains(&p.pid) && !self.known.contains_key(&p.pid) {
                    self.known.insert(p.pid, p);
                    new.push(p);
                }
            }
            if new.is_empty() {
                return added;
            }
            for p in &new {
                p.signal(libc::SIGSTOP);
            }
            added.extend(new);
            if Instant::now() >= until {
                return added;
            }
        }
    }

    /// Shells are killed at once, the others asked to exit (TERM, then CONT to let them act on it).
    fn end_or_ask(members: &[Proc], grace: Duration) {
        for p in members {
            if grace.is_zero() || is_shell(p) {
                p.signal(libc::SIGKILL);
            } else {
                p.signal(libc::SIGTERM);
                p.signal(libc::SIGCONT);
            }
        }
    }

    /// Ends the frozen tree (see [`Frozen`]). Returns when everything is gone (or only
    /// unkillable zombies remain).
    pub fn terminate(mut self, grace: Duration) {
        let members: Vec<Proc> = self.known.values().copied().collect();
        Self::end_or_ask(&members, grace);
        let deadline = Instant::now() + grace;
        let mut pause = Duration::from_millis(1);
        while Instant::now() < deadline {
            if self.known.values().all(|p| !p.is_alive()) {
                // Newcomers (forked before the freeze took, or by a member before it exited) get
                // the same treatment; when there are none, the tree is gone.
                let new = self.freeze_newcomers();
                if new.is_empty() {
                    return;
                }
                Self::end_or_ask(&new, grace);
            }
            // Most processes die at once on TERM: look again soon, then less often.
            std::thread::sleep(pause);
            pause = (pause * 2).min(Duration::from_millis(POLL_MS));
        }
        let until = Instant::now() + Duration::from_millis(CONVERGE_MS);
        loop {
            // Newcomers are frozen before anyone is killed, so that a death cannot make room
            // for a fork (a fork bomb under a process limit).
            self.freeze_newcomers();
            self.known.retain(|_, p| p.is_alive());
            if self.known.is_empty() || Instant::now() >= until {
                return;
            }
            for p in self.known.values() {
                p.signal(libc::SIGKILL);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use std::process::{Command, Stdio};

    #[test]
    fn parses_stat_with_parentheses_in_the_name() {
        let line =
            "1234 (a) b (c)) S 77 1234 1234 0 -1 4194560 100 0 0 0 0 0 0 0 20 0 1 0 987654 1000 10";
        let s = parse_stat(line).unwrap();
        assert_eq!(
            (s.ppid, s.session, s.start_time, s.state),
            (77, 1234, 987654, 'S')
        );
    }

    #[test]
    fn finds_and_kills_a_tree_including_a_setsid_escapee() {
        let mut child = Command::new("bash")
            .args([
                "-c",
                "sleep 30 & setsid sleep 31 & (trap '' TERM; sleep 32) & wait",
            ])
            .stdin(Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id() as i32;
        let deadline = Instant::now() + Duration::from_secs(5);
        while descendants(pid).len() < 3 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let found = descendants(pid);
        assert!(found.len() >= 3, "found {found:?}");
        let root = Proc::current(pid).unwrap();
        terminate(&[root], Duration::from_millis(200));
        let _ = child.wait();
        assert!(
            found.iter().all(|p| !p.is_alive()),
            "survivors among {found:?}"
        );
    }

    #[test]
    fn finds_the_holders_of_a_file() {
        let dir = std::env::temp_dir().join(format!("agent-shell-tree-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let file = dir.join("held");
        std::fs::write(&file, "").unwrap();
        let mut child = Command::new("setsid")
            .args(["sh", "-c", "exec 3<\"$0\"; sleep 30 & exec sleep 31"])
            .arg(&file)
            .stdin(Stdio::null())
            .spawn()
            .unwrap();
        let pid = child.id() as i32;
        let deadline = Instant::now() + Duration::from_secs(5);
        let members = || {
            Proc::current(pid)
                .into_iter()
                .chain(descendants(pid))
                .collect::<Vec<_>>()
        };
        while members().len() < 2 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        let members = members();
        let holders = holding(&file);
        terminate(&members, Duration::from_millis(200));
        let _ = child.wait();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(members.len(), 2, "{members:?}");
        assert!(members.iter().any(|p| p.pid == pid));
        // Both the background sleep and the exec'd leader inherited descriptor 3.
        assert_eq!(holders.len(), 2, "{holders:?}");
        assert!(members.iter().all(|p| !p.is_alive()));
    }

    #[test]
    fn never_signals_the_host() {
        assert!(protected().contains(&(std::process::id() as i32)));
        assert!(protected().contains(&1));
    }
}
