//! A `PtySession` runs one command at a time on a fresh pseudo-terminal: it starts the command
//! under a supervisor (see [`crate::process::supervisor`]) as the leader of its own session with
//! the terminal as its controlling terminal, pumps its output through the terminal model (which
//! answers queries) to a bounded channel, forwards input and resizes, and ends the whole process
//! tree on kill, timeout, abort or drop.
//!
//! Nothing is lost at exit: after the command exits, the master is read until every holder of
//! the terminal has closed it (EIO; on Windows, until the pseudo-console, closed once the command
//! exited, has written its last output: `process/os/windows/conpty.rs`). A process that keeps holding it is ended after a short
//! wait, so the run cannot stay pending. Nothing the command started outlives its run either:
//! what it left behind, daemons that left its session and the terminal included, stays below the
//! supervisor and is ended with it.

use crate::process::fd::{AsFd, AsRawFd, AsyncFd, BorrowedFd, OwnedFd, PtyMaster};
use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use tokio::io::Interest;
use tokio::sync::{mpsc, Notify};

use super::open;
use super::size::TermSize;
use super::terminal::Terminal;
use crate::error::{Error, Result};
use crate::process::env::host_env_with;
use crate::process::fd;
use crate::process::os::Confinement;
use crate::process::sandbox::SandboxPolicy;
use crate::process::spawn::{self, Report, ReportTo, SpawnSpec, Spawned};
use crate::process::tree::{self, Proc};
use crate::run::{self, validate, CancelToken, Ending, Stop, EXIT_REPORT_MS, READ_CHUNK_BYTES};

/// After the command exits, how long its descendants may keep the terminal open before they are
/// ended; a grandchild holding the terminal must not keep the run pending.
const DRAIN_AFTER_EXIT_MS: u64 = 250;
/// TERM for a terminal unless the caller sets it: what programs are most likely to know.
const DEFAULT_TERM: &str = "xterm-256color";

/// What to run on the terminal.
#[derive(Debug, Clone)]
pub enum Program {
    /// `<shell> -c <command>` (`-l -c` when `login`).
    Shell {
        shell: String,
        command: String,
        login: bool,
    },
    /// The application with these arguments, no shell parsing.
    Argv {
        application: String,
        args: Vec<String>,
    },
}

/// One command to run.
#[derive(Debug, Clone)]
pub struct PtyRequest {
    pub program: Program,
    /// `None` for the host's directory.
    pub cwd: Option<PathBuf>,
    /// Set over the host's environment.
    pub env: Vec<(String, String)>,
    /// Counted from the start; `None` for none.
    pub timeout: Option<Duration>,
    pub size: TermSize,
    /// Confines the command and all it starts.
    pub sandbox: Option<SandboxPolicy>,
}

/// What became of a command: its exit code (128+n when it died of signal n, the shell
/// convention, and then the signal's name), or that it was cancelled (`kill()`, the abort signal,
/// the session's drop) or timed out. Its failure is an outcome, never an error.
pub type PtyOutcome = Ending;

/// Checks a request before anything starts.
pub fn validate(req: &PtyRequest) -> Result<()> {
    match &req.program {
        Program::Shell { shell, command, .. } => {
            validate::command("command", command)?;
            if shell.is_empty() {
                return Err(Error::invalid("shell", "must not be empty", shell));
            }
            validate::no_nul("shell", shell)?;
        }
        Program::Argv { application, args } => {
            if application.is_empty() {
                return Err(Error::invalid(
                    "application",
                    "must not be empty",
                    application,
                ));
            }
            validate::no_nul("application", application)?;
            for (i, arg) in args.iter().enumerate() {
                validate::no_nul(&format!("args[{i}]"), arg)?;
            }
        }
    }
    validate::env("env", &req.env)?;
    if let Some(cwd) = &req.cwd {
        validate::cwd(cwd)?;
    }
    Ok(())
}

/// Runs commands on pseudo-terminals, one at a time. Dropping it ends a running command's tree.
pub struct PtySession {
    shared: Arc<Shared>,
}

struct Shared {
    active: Mutex<Option<Active>>,
    /// The screen of the current or last command.
    terminal: Mutex<Terminal>,
}

/// The running command, as `write`, `resize` and `kill` reach it.
struct Active {
    master: Arc<PtyMaster>,
    input: Arc<Input>,
    cancel: CancelToken,
}

impl Default for PtySession {
    fn default() -> Self {
        Self::new()
    }
}

impl PtySession {
    pub fn new() -> Self {
        PtySession {
            shared: Arc::new(Shared {
                active: Mutex::new(None),
                terminal: Mutex::new(Terminal::new(TermSize::default())),
            }),
        }
    }

    /// Starts a command; drive it with [`PtyRun::wait`]. `cancel` ends it (as `kill()` does).
    /// Fails with `ERR_PTY_BUSY` while another runs (until its `PtyRun` is dropped).
    pub fn start(&self, req: PtyRequest, cancel: CancelToken) -> Result<PtyRun> {
        validate(&req)?;
        let mut active = lock(&self.shared.active);
        if active.is_some() {
            return Err(Error::PtyBusy);
        }
        let pair = open::open(req.size)?;
        // Which options a failure to start names (see `Error::naming_fields`).
        let (field, too_large) = match &req.program {
            Program::Shell { .. } => ("shell", "env or command"),
            Program::Argv { .. } => ("application", "env or args"),
        };
        let (program, args) = match req.program {
            Program::Shell {
                shell,
                command,
                login,
            } => {
                let mut args = if login { vec!["-l".into()] } else { vec![] };
                args.extend(["-c".into(), command]);
                (shell, args)
            }
            Program::Argv { application, args } => (application, args),
        };
        let mut env = host_env_with(&[("TERM", DEFAULT_TERM)], &req.env);
        let sandbox = match &req.sandbox {
            Some(policy) => {
                let cwd = req.cwd.clone().or_else(|| std::env::current_dir().ok());
                let cwd = cwd.as_deref().unwrap_or(Path::new("/"));
                // Its own terminal only: never another one's /dev/pts/N. The default root, the
                // working directory, resolved as the policy's own roots are.
                let policy = SandboxPolicy {
                    terminal: pair.slave_path.clone(),
                    ..policy.clone()
                }
                .fixed_at(cwd);
                let c = policy.confine(cwd, None)?;
                c.set_tmpdir(&mut env, &req.env);
                Some(c)
            }
            None => None,
        };
        let (report_read, report_write) =
            spawn::pipe().map_err(|e| Error::io("the exit report pipe", e))?;
        let spawned = spawn::spawn_on_terminal(
            &SpawnSpec {
                program: &program,
                args: &args,
                env: &env,
                cwd: req.cwd.as_deref(),
                fds: &[],
                report: Report {
                    to: ReportTo::Own(report_write.as_raw_fd()),
                    prefix: b"",
                    dir: false,
                },
                scratch_dir: None,
                scratch_file: None,
                tmpdir: None,
                sandbox: sandbox.as_ref(),
            },
            &pair.slave,
        )
        .map_err(|e| e.naming_fields(field, too_large))?;
        // Only the command may hold the terminal, or reading it never ends; only the supervisor
        // may hold the report pipe, so that its EOF says the supervisor is gone.
        drop((pair.slave, report_write));
        spawn::set_nonblocking(&report_read, true)
            .map_err(|e| Error::io("the exit report pipe", e))?;
        *lock(&self.shared.terminal) = Terminal::new(req.size);
        let master = Arc::new(pair.master);
        let input = Arc::new(Input::default());
        *active = Some(Active {
            master: master.clone(),
            input: input.clone(),
            cancel: cancel.clone(),
        });
        Ok(PtyRun {
            shared: self.shared.clone(),
            root: spawned.proc,
            supervisor: spawned.supervisor.id() as i32,
            spawned: Some(spawned),
            report: report_read,
            master,
            slave_path: pair.slave_path,
            input,
            cancel,
            deadline: req.timeout.map(|t| run::Deadline::new(Instant::now() + t)),
            _sandbox: sandbox,
        })
    }

    /// Queues `data` for the terminal's input (as if typed). @throws ERR_PTY_NOT_RUNNING
    pub fn write(&self, data: &[u8]) -> Result<()> {
        let active = lock(&self.shared.active);
        let active = active.as_ref().ok_or(Error::PtyNotRunning)?;
        active.input.push(&active.master, data);
        Ok(())
    }

    /// Resizes the terminal and its model; the command gets SIGWINCH.
    pub fn resize(&self, size: TermSize) -> Result<()> {
        let active = lock(&self.shared.active);
        let active = active.as_ref().ok_or(Error::PtyNotRunning)?;
        // The model is held across both: the reader feeds it under this lock, so the redraw the
        // program makes on SIGWINCH reaches the model at the new size, never at the old one.
        // What was read before is parsed at the old size first.
        let mut terminal = lock(&self.shared.terminal);
        terminal.flush();
        open::set_size(&active.master, size).map_err(|e| Error::io("resizing the terminal", e))?;
        terminal.resize(size);
        Ok(())
    }

    /// Ends the command and all its descendants; its run resolves as cancelled.
    pub fn kill(&self) -> Result<()> {
        let active = lock(&self.shared.active);
        active.as_ref().ok_or(Error::PtyNotRunning)?.cancel.cancel();
        Ok(())
    }

    /// The visible screen of the running or last command as plain text, after up to
    /// `scrollback` rows that scrolled off above it (at most
    /// [`SCROLLBACK_LINES`](super::terminal::SCROLLBACK_LINES) are kept).
    pub fn screen(&self, scrollback: usize) -> String {
        lock(&self.shared.terminal).text(scrollback)
    }
}

impl Drop for PtySession {
    fn drop(&mut self) {
        if let Some(active) = lock(&self.shared.active).as_ref() {
            active.cancel.cancel();
        }
    }
}

/// A started command. [`PtyRun::wait`] drives it to its end; dropping it releases the session
/// for the next `start` (and ends the command's tree if it still runs).
pub struct PtyRun {
    shared: Arc<Shared>,
    /// The command.
    root: Proc,
    /// Its supervisor's pid, valid while `spawned` is `Some` (until then we have not reaped it).
    supervisor: i32,
    /// The command and its supervisor; `None` once the supervisor was ended and reaped.
    spawned: Option<Spawned>,
    /// Where the supervisor reports the command's wait status (non-blocking).
    report: OwnedFd,
    master: Arc<PtyMaster>,
    /// `None` where the terminal has no path (a Windows pseudo-console).
    slave_path: Option<PathBuf>,
    input: Arc<Input>,
    cancel: CancelToken,
    deadline: Option<run::Deadline>,
    /// Holds the command's sandbox temp directory until the run is dropped.
    _sandbox: Option<Confinement>,
}

impl PtyRun {
    pub fn pid(&self) -> i32 {
        self.root.pid
    }

    /// Pumps output to `out` (bounded: a slow consumer slows the command) until the command has
    /// exited and its output is drained, ending it early on cancel or timeout.
    pub async fn wait(&mut self, out: Option<mpsc::Sender<Vec<u8>>>) -> Result<PtyOutcome> {
        // One registration for both directions: epoll takes a descriptor once.
        let master = fd::register(self.master.clone(), Interest::READABLE | Interest::WRITABLE)
            .map(Arc::new)
            .map_err(|e| Error::io("registering the pty", e))?;
        let Some(exit) = self.spawned.as_ref().map(|s| s.exit.as_fd()) else {
            return Err(Error::io(
                "waiting for the command",
                std::io::Error::other("wait() called twice"),
            ));
        };
        let exited = fd::register(exit, Interest::READABLE)
            .map_err(|e| Error::io("registering the command's exit watch", e))?;
        let report = fd::register(self.report.as_fd(), Interest::READABLE)
            .map_err(|e| Error::io("registering the exit report pipe", e))?;
        let stop_reading = CancelToken::default();
        let mut reader = tokio::spawn(read_output(
            master.clone(),
            self.shared.clone(),
            self.input.clone(),
            out,
            stop_reading.clone(),
        ));

        let stopped = tokio::select! {
            biased;
            _ = exited.readable() => None,
            why = run::wait_for_stop([Some(&self.cancel), None], self.deadline.as_ref()) => Some(why),
            _ = self.input.pump(&master) => None,
        };
        if stopped.is_some() {
            // The command and all it started, escapees included: the supervisor is not reaped
            // before `spawned` is taken below.
            run::end_below(self.supervisor, || ()).await;
            // The command itself where it is not below its supervisor (Windows: it anchors its
            // job); elsewhere it is gone already and this sends nothing.
            if let Some(spawned) = &self.spawned {
                spawned.kill_program();
            }
            let _ = exited.readable().await;
        }
        // A pseudo-console's output ends only once it is closed (a POSIX terminal's when its
        // last holder closes it: nothing to do). The reader keeps draining meanwhile.
        self.master.hang_up();

        // What the command left behind is below the supervisor, which we have not reaped: its
        // pid cannot be reused while we look there.
        let drained = tokio::time::timeout(Duration::from_millis(DRAIN_AFTER_EXIT_MS), &mut reader)
            .await
            .is_ok();
        self.end_leftovers(!drained).await;
        stop_reading.cancel();
        if !drained {
            let _ = reader.await;
        }
        let status = read_report(&report).await;
        drop((exited, report));
        if let Some(spawned) = self.spawned.take() {
            // Nothing is left below the supervisor: it exits as soon as its liveness pipe closes.
            spawned.end();
        }
        Ok(outcome(status, stopped))
    }

    /// Ends what the command left behind, all of it below the supervisor (background jobs,
    /// `setsid` daemons, double-forked escapees), and, when the terminal is still held, whatever
    /// else holds it.
    async fn end_leftovers(&self, terminal_held: bool) {
        let supervisor = self.supervisor;
        let root = self.root.pid;
        let list = move || -> Vec<Proc> {
            tree::descendants(supervisor)
                .into_iter()
                .filter(|p| p.pid != root)
                .collect()
        };
        let left = list();
        if left.is_empty() && !terminal_held {
            // The common case: no grace to give, and no hop to the blocking pool.
            return;
        }
        let slave = self.slave_path.clone();
        let _ = tokio::task::spawn_blocking(move || {
            let mut left = list();
            if let Some(slave) = slave.filter(|_| terminal_held) {
                left.extend(tree::holding(&slave));
            }
            if !left.is_empty() {
                tree::terminate(&left, Duration::from_millis(tree::KILL_GRACE_MS));
            }
        })
        .await;
    }
}

/// The command's wait status as its supervisor reports it (the status in decimal, then NUL);
/// `None` when the supervisor went away without reporting (it was killed).
async fn read_report(report: &AsyncFd<BorrowedFd<'_>>) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + Duration::from_millis(EXIT_REPORT_MS);
    let mut record = Vec::new();
    loop {
        let mut buf = [0u8; 64];
        match spawn::read_fd(report.get_ref(), &mut buf) {
            Ok(0) => return None,
            Ok(n) => {
                record.extend_from_slice(&buf[..n]);
                if let Some(end) = record.iter().position(|&b| b == 0) {
                    let raw = std::str::from_utf8(&record[..end]).ok()?.parse().ok()?;
                    return Some(crate::process::fd::exit_status(raw));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                let readable = tokio::time::timeout_at(deadline.into(), report.readable()).await;
                match readable {
                    Ok(Ok(mut guard)) => guard.clear_ready(),
                    _ => return None,
                }
            }
            Err(_) => return None,
        }
    }
}

impl Drop for PtyRun {
    fn drop(&mut self) {
        if let Some(spawned) = self.spawned.take() {
            // Not driven to its end (an error, or the future was dropped): end it here. Its
            // supervisor, its liveness pipe closed, kills whatever else is left below it.
            tree::terminate(&[self.root], Duration::from_millis(0));
            spawned.end();
        }
        *lock(&self.shared.active) = None;
    }
}

/// `status` is `None` when it is unknown (the supervisor was killed before reporting it).
fn outcome(status: Option<std::process::ExitStatus>, stopped: Option<Stop>) -> PtyOutcome {
    match stopped {
        Some(why) => Ending::stopped(why, status),
        None => Ending::exited(status),
    }
}

/// Reads the master until every holder of the terminal closed it, feeding the terminal model
/// (its replies go to the input) and then `out`. On `stop`, reads what is there and returns.
async fn read_output(
    master: Arc<AsyncFd<Arc<PtyMaster>>>,
    shared: Arc<Shared>,
    input: Arc<Input>,
    out: Option<mpsc::Sender<Vec<u8>>>,
    stop: CancelToken,
) {
    let mut buf = vec![0u8; READ_CHUNK_BYTES];
    loop {
        let mut last_look = false;
        let mut guard = tokio::select! {
            biased;
            g = master.readable() => match g {
                Ok(g) => Some(g),
                Err(_) => return,
            },
            _ = stop.cancelled() => {
                last_look = true;
                None
            }
        };
        let (filled, closed) = read_available(master.get_ref(), &mut buf);
        if !closed && filled < buf.len() {
            if let Some(g) = guard.as_mut() {
                g.clear_ready();
            }
        }
        if filled > 0 {
            let read = &buf[..filled];
            let replies = lock(&shared.terminal).feed(read);
            if !replies.is_empty() {
                input.push(master.get_ref(), &replies);
            }
            if let Some(tx) = &out {
                let _ = tx.send(read.to_vec()).await;
            }
        }
        if closed || (last_look && filled == 0) {
            return;
        }
    }
}

/// Reads what the master holds now, up to `buf`'s size. Returns the bytes read and whether the
/// terminal is closed (EIO: no process holds the slave any more; a pseudo-console's output pipe
/// at its end).
fn read_available(master: &PtyMaster, buf: &mut [u8]) -> (usize, bool) {
    let mut filled = 0;
    while filled < buf.len() {
        match fd::read_fd(master, &mut buf[filled..]) {
            Ok(0) => return (filled, true),
            Ok(n) => filled += n,
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return (filled, false),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => return (filled, true),
        }
    }
    (filled, false)
}

/// Input for the terminal that the master did not take yet (it is non-blocking, and a program
/// that does not read its input fills the terminal's buffer).
#[derive(Default)]
struct Input {
    queue: Mutex<VecDeque<u8>>,
    more: Notify,
}

impl Input {
    /// Writes what the terminal takes now and queues the rest for [`Input::pump`].
    fn push(&self, master: &PtyMaster, data: &[u8]) {
        let mut queue = lock(&self.queue);
        queue.extend(data);
        if !flush(master, &mut queue) {
            self.more.notify_one();
        }
    }

    /// Writes queued input whenever the terminal can take it. Never returns.
    async fn pump(&self, master: &AsyncFd<Arc<PtyMaster>>) {
        loop {
            self.more.notified().await;
            loop {
                let Ok(mut guard) = master.writable().await else {
                    return std::future::pending().await;
                };
                if flush(master.get_ref(), &mut lock(&self.queue)) {
                    break;
                }
                guard.clear_ready();
            }
        }
    }
}

/// Writes from the front of `queue` until it is empty (returns true) or the terminal is full.
/// Input for a terminal that is gone is dropped. (A pseudo-console's input pipe is written
/// blocking: the console reads it as it comes, whatever the program reads.)
fn flush(master: &PtyMaster, queue: &mut VecDeque<u8>) -> bool {
    while !queue.is_empty() {
        let (front, _) = queue.as_slices();
        match fd::write_fd(&master.input(), front) {
            // Not expected from a terminal; waiting for writability beats spinning.
            Ok(0) => return false,
            Ok(n) => {
                queue.drain(..n);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => return false,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => queue.clear(),
        }
    }
    true
}

/// A lock that a panic elsewhere does not poison for good: the data stays usable.
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
