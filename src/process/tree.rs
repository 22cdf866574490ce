//! Process trees: who descends from whom, and killing a whole tree, written once over the OS
//! layer's process table ([`super::os`]).
//!
//! A process is identified by its pid *and* its start time, so a pid recycled after the process
//! exited is never signalled. On Linux (the `clone` backend) the shells we start are child
//! subreapers, so `setsid` and double-forked escapees stay below them and are found by walking
//! children. With the posix backend (macOS) there is no subreaper: what a run started is found in
//! a snapshot of the process table by its scope ([`scope_members`]: descent, the sessions and
//! process groups the run created, the run's environment marker, all started no earlier than it).

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use super::os::scope::{scope, Scope};
use super::os::signal::{SIGCONT, SIGHUP, SIGKILL, SIGSTOP, SIGTERM};
use super::os::{self, ProcEntry};

pub use super::os::proc::{stat, Proc};

/// Direct children of `pid`.
pub fn children(pid: i32) -> Vec<i32> {
    os::native::children(pid)
}

/// Direct children of a single-threaded process such as a shell (on Linux one file read).
pub fn children_of_single_threaded(pid: i32) -> Vec<i32> {
    os::native::children_of_single_threaded(pid)
}

/// The children list of one process, cheap to read again (a shell's, after every run).
pub(crate) use os::native::ChildrenFile;

/// The living processes, other than the host, with a descriptor open on `path` (a terminal
/// device, say). Processes of other users are not visible and not listed.
pub fn holding(path: &std::path::Path) -> Vec<Proc> {
    let host = std::process::id() as i32;
    os::native::all_pids()
        .into_iter()
        .filter(|&pid| pid != host)
        .filter(|&pid| {
            os::native::fd_paths(pid)
                .iter()
                .any(|target| target == path)
        })
        .filter_map(Proc::current)
        .collect()
}

/// Whether descriptor `fd` of `pid` is open on `path` (a file of ours: the OS may name it by its
/// resolved path, `/private/var/…` for `/var/…` on macOS).
pub fn fd_is(pid: i32, fd: i32, path: &std::path::Path) -> bool {
    os::native::fd_path(pid, fd).is_some_and(|target| {
        target == path || std::fs::canonicalize(path).is_ok_and(|resolved| target == resolved)
    })
}

/// How many pipelines `pids` form, as a shell counts jobs: a process whose stdin is the pipe
/// another of them writes its stdout to belongs to that one's pipeline (`a | b &` is one job).
pub fn pipelines(pids: &[i32]) -> usize {
    let pipe = os::native::pipe_id;
    let written: HashSet<u64> = pids.iter().filter_map(|&p| pipe(p, 1)).collect();
    pids.iter()
        .filter(|&&p| !pipe(p, 0).is_some_and(|read| written.contains(&read)))
        .count()
}

/// Every living descendant of `root` (not `root` itself), parents before children. When `root`
/// anchors a run of the posix backend (its watchdog), the run's members (see [`scope_members`]).
pub fn descendants(root: i32) -> Vec<Proc> {
    if let Some(scope) = scope(root) {
        return members_now(&scope);
    }
    descendants_of(&children(root))
}

/// The processes `root` anchors that have no parent among them: on Linux its children (a
/// supervisor's: the program and orphans it adopted); for a posix run, the program and what
/// escaped from below it.
pub fn anchor_children(root: i32) -> Vec<i32> {
    if let Some(scope) = scope(root) {
        let snapshot = os::native::snapshot();
        let members = scope_members(&snapshot, &scope, |pid| {
            os::native::environ_contains(pid, scope.marker.as_bytes())
        });
        let pids: HashSet<i32> = members.iter().map(|p| p.pid).collect();
        return snapshot
            .iter()
            .filter(|e| pids.contains(&e.pid) && !pids.contains(&e.ppid))
            .map(|e| e.pid)
            .collect();
    }
    children_of_single_threaded(root)
}

fn members_now(scope: &Scope) -> Vec<Proc> {
    scope_members(&os::native::snapshot(), scope, |pid| {
        os::native::environ_contains(pid, scope.marker.as_bytes())
    })
}

/// The living members of a run in `snapshot`, parents before children: its program (if it is
/// still the process it was), every process below a member, and every process started no earlier
/// than the program that is in a session or process group a member leads or belongs to, or
/// whose environment holds the run's marker (`has_marker`, asked only of such candidates, once
/// each). A session or group id is a pid of its leader: sessions and groups reached this way
/// were made by the run (the program leads a session of its own), so nothing outside the run is
/// in them; the start-time bound keeps out processes of a recycled pid or id.
pub fn scope_members(
    snapshot: &[ProcEntry],
    scope: &Scope,
    mut has_marker: impl FnMut(i32) -> bool,
) -> Vec<Proc> {
    let started = scope.program.start_time;
    let candidates: Vec<&ProcEntry> = snapshot
        .iter()
        .filter(|e| !e.is_gone() && e.start_time >= started)
        .collect();
    let mut members: Vec<&ProcEntry> = Vec::new();
    let mut member_pids: HashSet<i32> = HashSet::new();
    let mut sessions: HashSet<i32> = HashSet::new();
    let mut groups: HashSet<i32> = HashSet::new();
    let mut marked: HashMap<i32, bool> = HashMap::new();
    // The program was started leading a session and a group of its own: both outlive it while
    // anything is in them, and their ids are not reused meanwhile.
    sessions.insert(scope.program.pid);
    groups.insert(scope.program.pid);
    if let Some(program) = candidates
        .iter()
        .find(|e| e.pid == scope.program.pid && e.start_time == started)
    {
        members.push(program);
        member_pids.insert(program.pid);
        sessions.insert(program.session);
        groups.insert(program.pgid);
    }
    loop {
        let mut grew = false;
        for e in &candidates {
            if member_pids.contains(&e.pid) {
                continue;
            }
            let joined = member_pids.contains(&e.ppid)
                || sessions.contains(&e.session)
                || groups.contains(&e.pgid)
                || *marked.entry(e.pid).or_insert_with(|| has_marker(e.pid));
            if joined {
                members.push(e);
                member_pids.insert(e.pid);
                sessions.insert(e.session);
                groups.insert(e.pgid);
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    // Parents before children: by depth below the members that have no member parent.
    let parent: HashMap<i32, i32> = members.iter().map(|e| (e.pid, e.ppid)).collect();
    let depth = |mut pid: i32| {
        let mut d = 0;
        while let Some(&pp) = parent.get(&pid) {
            if !member_pids.contains(&pp) || d > members.len() {
                break;
            }
            pid = pp;
            d += 1;
        }
        d
    };
    let mut out: Vec<(usize, Proc)> = members
        .iter()
        .map(|e| {
            (
                depth(e.pid),
                Proc {
                    pid: e.pid,
                    start_time: e.start_time,
                },
            )
        })
        .collect();
    out.sort_by_key(|(d, p)| (*d, p.start_time, p.pid));
    out.into_iter().map(|(_, p)| p).collect()
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
/// The longest pause between two looks at processes given a signal (see [`poll_until`]).
const POLL_MS: u64 = 10;
/// The first pause: a look at a process costs about 5 µs (one /proc read on Linux).
const FIRST_PAUSE_US: u64 = 50;
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
    os::native::exe_name(p.pid).is_some_and(|name| SHELLS.contains(&name.as_str()))
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

/// Ends everything below `anchor` as a terminal that closes does, shells included: each member
/// is sent HUP and TERM (then CONT) and has `grace` to exit before it is killed; see
/// [`Frozen::hang_up`]. For what is not a run of the agent's (a snapshot's startup files), whose
/// scripts may hold a lock they release on exit.
pub fn hang_up_below(anchor: i32, grace: Duration) {
    freeze_below(anchor).hang_up(grace);
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

/// How a frozen tree is asked to end before what is left is killed.
#[derive(Clone, Copy, PartialEq, Eq)]
enum End {
    /// A stopped run: shells are killed at once (a shell asked to exit may run its next command),
    /// the others sent TERM.
    Stop,
    /// A closing terminal: every member sent HUP and TERM.
    HangUp,
}

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
        poll_until(deadline, || {
            pending.retain(|p| !p.is_stopped_or_gone());
            pending.is_empty()
        });
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
                p.signal_seen(SIGSTOP);
            }
            added.extend(new);
            if Instant::now() >= until {
                return added;
            }
        }
    }

    /// Asks `members` to exit as `end` says (then CONT, to let them act on it); with no grace, or
    /// a shell stopping a run, kills at once.
    fn end_or_ask(members: &[Proc], grace: Duration, end: End) {
        for p in members {
            if grace.is_zero() || (end == End::Stop && is_shell(p)) {
                p.signal_seen(SIGKILL);
            } else {
                if end == End::HangUp {
                    p.signal_seen(SIGHUP);
                }
                p.signal_seen(SIGTERM);
                p.signal_seen(SIGCONT);
            }
        }
    }

    /// Ends the frozen tree (see [`Frozen`]). Returns when everything is gone (or only
    /// unkillable zombies remain).
    pub fn terminate(self, grace: Duration) {
        self.end(grace, End::Stop);
    }

    /// Ends the frozen tree as a closing terminal does: every member, shells included, is sent
    /// HUP and TERM and has `grace` to exit, so that a script's EXIT trap runs (pyenv's `rehash`
    /// removes the lock it holds in one: killed, it leaves it, and every later shell of the user
    /// waits a minute for it); then what is left is killed as [`Frozen::terminate`] kills.
    /// An interactive bash ignores TERM and ends on HUP.
    pub fn hang_up(self, grace: Duration) {
        self.end(grace, End::HangUp);
    }

    fn end(mut self, grace: Duration, end: End) {
        let members: Vec<Proc> = self.known.values().copied().collect();
        Self::end_or_ask(&members, grace, end);
        let deadline = Instant::now() + grace;
        let gone = poll_until(deadline, || {
            if self.known.values().any(|p| p.is_alive()) {
                return false;
            }
            // Newcomers (forked before the freeze took, or by a member before it exited) get
            // the same treatment; when there are none, the tree is gone.
            let new = self.freeze_newcomers();
            Self::end_or_ask(&new, grace, end);
            new.is_empty()
        });
        if gone {
            return;
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
                p.signal_seen(SIGKILL);
            }
            std::thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Calls `done` until it holds (true) or `deadline` passes (false, after a last call). A
/// process acts on a signal when it is next scheduled, within tens of microseconds unless the
/// processors are busy: the first look again is after [`FIRST_PAUSE_US`], each later one after
/// twice the pause before, up to [`POLL_MS`].
pub fn poll_until(deadline: Instant, mut done: impl FnMut() -> bool) -> bool {
    let mut pause = Duration::from_micros(FIRST_PAUSE_US);
    loop {
        if done() {
            return true;
        }
        let now = Instant::now();
        if now >= deadline {
            return false;
        }
        std::thread::sleep(pause.min(deadline - now));
        pause = (pause * 2).min(Duration::from_millis(POLL_MS));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use std::process::{Command, Stdio};

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

    fn e(pid: i32, ppid: i32, pgid: i32, session: i32, start_time: u64) -> ProcEntry {
        ProcEntry {
            pid,
            ppid,
            pgid,
            session,
            start_time,
            state: 'S',
        }
    }

    fn pids(members: &[Proc]) -> Vec<i32> {
        members.iter().map(|p| p.pid).collect()
    }

    /// A snapshot as macOS would show a run of program 100 (started at 1000) after its children
    /// did what escapees do.
    fn run_snapshot() -> Vec<ProcEntry> {
        vec![
            e(1, 0, 1, 1, 0),            // launchd
            e(50, 1, 50, 50, 10),        // the host
            e(100, 50, 100, 100, 1000),  // the program: its own session and group
            e(101, 100, 100, 100, 1001), // its child
            e(102, 101, 102, 100, 1002), // a grandchild in a group of its own
            e(110, 1, 100, 100, 1010),   // double-forked, re-parented, same session
            e(120, 1, 120, 120, 1020),   // setsid + double fork: found by the marker only
            e(121, 120, 120, 120, 1021), // the escapee's child: below a member
            e(122, 1, 120, 120, 1022),   // its orphan in its session: by session
            e(130, 1, 130, 130, 1030),   // an unrelated process started during the run
            e(140, 1, 100, 100, 900),    // in session 100 but older than the program: a reused id
            e(150, 50, 150, 150, 1040),  // another child of the host
        ]
    }

    #[test]
    fn a_scope_finds_descendants_session_and_group_members_and_marked_escapees() {
        let scope = Scope {
            program: Proc {
                pid: 100,
                start_time: 1000,
            },
            marker: "AGENT_SHELL_RUN_0123456789abcdef=1".into(),
        };
        let mut asked = Vec::new();
        let members = scope_members(&run_snapshot(), &scope, |pid| {
            asked.push(pid);
            pid == 120
        });
        let mut found = pids(&members);
        // Parents before children.
        let at = |pid| found.iter().position(|&p| p == pid).unwrap();
        assert!(at(100) < at(101) && at(101) < at(102) && at(120) < at(121));
        found.sort();
        assert_eq!(found, vec![100, 101, 102, 110, 120, 121, 122]);
        // The marker is asked once per candidate at most, never of the old or of members found
        // otherwise first.
        let mut unique = asked.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), asked.len(), "{asked:?}");
        assert!(!asked.contains(&140) && !asked.contains(&1) && !asked.contains(&50));
    }

    #[test]
    fn a_scope_without_its_program_still_finds_what_the_run_left() {
        let scope = Scope {
            program: Proc {
                pid: 100,
                start_time: 1000,
            },
            marker: "AGENT_SHELL_RUN_0=1".into(),
        };
        let snapshot: Vec<ProcEntry> = run_snapshot()
            .into_iter()
            .filter(|p| p.pid != 100)
            .collect();
        let mut found = pids(&scope_members(&snapshot, &scope, |_| false));
        found.sort();
        // Session 100 outlives its leader: 101, 102 (below 101) and 110 are in it.
        assert_eq!(found, vec![101, 102, 110]);
        // A recycled program pid (a different start time) is not the program.
        let recycled = Scope {
            program: Proc {
                pid: 150,
                start_time: 7,
            },
            marker: "AGENT_SHELL_RUN_1=1".into(),
        };
        let found = pids(&scope_members(&run_snapshot(), &recycled, |_| false));
        assert!(!found.contains(&50), "{found:?}");
    }

    #[test]
    fn a_zombie_is_no_member() {
        let scope = Scope {
            program: Proc {
                pid: 100,
                start_time: 1000,
            },
            marker: "AGENT_SHELL_RUN_2=1".into(),
        };
        let mut snapshot = run_snapshot();
        for p in &mut snapshot {
            if p.pid == 110 {
                p.state = 'Z';
            }
        }
        let found = pids(&scope_members(&snapshot, &scope, |_| false));
        assert!(!found.contains(&110) && found.contains(&101), "{found:?}");
    }

    #[test]
    fn never_signals_the_host() {
        assert!(protected().contains(&(std::process::id() as i32)));
        assert!(protected().contains(&1));
    }
}
