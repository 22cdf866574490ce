//! The supervisor: a small process between the host and a shell (Linux). It is a child subreaper
//! above the shell, so what the shell leaves behind when it exits (`exit` with a daemon still
//! running) stays below a process we own instead of escaping to init; it reaps the shell and
//! reports its wait status; and it ends the whole tree when the host goes away, crash included,
//! by holding the read end of a pipe whose only write end the host holds.
//!
//! Neither it nor the shell is a copy of the host: the supervisor is a `clone(CLONE_VM)` of the
//! host running on a stack of its own, and it starts the shell with `clone(CLONE_VM |
//! CLONE_VFORK)` + `execve`, as `posix_spawn` does, so no page table of a 100+ MB host is copied
//! and the host takes no copy-on-write faults while sessions live. The price: both share the
//! host's memory but not its thread-local storage, so they make raw system calls only
//! ([`super::sys`]: no allocation, no locks, no `errno`) and touch only the [`Region`] prepared
//! before the clone, which stays mapped until the supervisor has been reaped. The host's memory
//! stays alive while the supervisor runs, even after the host exited.

use std::ffi::{c_char, c_int, c_void, CString};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::OnceLock;

use super::sandbox::{self, ChildSandbox, Confinement};
use super::spawn::ReportTo;
use super::sys;

/// Longest report prefix (the status record start); a longer one is cut.
const MAX_PREFIX_BYTES: usize = 64;
/// Descriptors the supervisor sets up: stdio, the caller's (at most 7), liveness, ready, a report
/// descriptor of its own, the terminal.
const MAX_FDS: usize = 14;
/// Stack of the supervisor: its deepest frame reads `/proc` into a 4 KiB buffer; the rest is
/// headroom for unoptimized test builds. Untouched pages cost nothing.
const SUPERVISOR_STACK_BYTES: usize = 64 * 1024;
/// Stack of the vfork child, which only makes a few system calls before `execve`.
const CHILD_STACK_BYTES: usize = 32 * 1024;
/// PATH when the program's environment has none, as glibc's `execvp` (`_CS_PATH`).
const DEFAULT_PATH: &str = "/bin:/usr/bin";

/// What to start under a supervisor: the descriptors are the host's numbers.
pub struct Request<'a> {
    pub program: &'a str,
    pub args: &'a [String],
    pub env: &'a [(String, String)],
    pub cwd: Option<&'a Path>,
    /// `(host fd, fd number in the program)`.
    pub fds: &'a [(RawFd, RawFd)],
    /// Where the program's wait status goes, as `prefix`, the status in decimal, then a NUL.
    pub report: ReportTo,
    pub prefix: &'a [u8],
    /// A terminal (host fd) for the program's stdin, stdout, stderr and controlling terminal: the
    /// program then leads a session of its own. `None`: stdio on `/dev/null`, no terminal.
    pub terminal: Option<RawFd>,
    /// The confinement the program enters before `execve` (see [`super::sandbox`]); it must live
    /// until [`start`] returns.
    pub sandbox: Option<&'a Confinement>,
    /// A directory of files (no subdirectories) that belong to the session, removed by the
    /// supervisor when the host goes away without removing it (killed, or exited without closing
    /// the session).
    pub scratch_dir: Option<&'a Path>,
}

/// A supervisor we started: reaping it unmaps the memory it runs on.
pub struct Supervisor {
    pid: i32,
    /// `None` once reaped.
    region: Option<Region>,
    status: Option<ExitStatus>,
}

/// A started program, its supervisor, and the write end of the liveness pipe. The program is
/// held as a zombie (not reaped, its pid not reusable) until [`Started::release`].
pub struct Started {
    pub supervisor: Supervisor,
    pub program: i32,
    pub liveness: OwnedFd,
}

impl Started {
    /// Lets the supervisor reap the program and report its status; until then it only waits
    /// (so the caller can open a pidfd for the program with no risk of pid reuse).
    pub fn release(&self) -> io::Result<()> {
        let go = [1u8];
        if unsafe { libc::write(self.liveness.as_raw_fd(), go.as_ptr().cast(), 1) } != 1 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }
}

/// Everything the supervisor and the vfork child read, at the start of the region.
#[repr(C)]
struct Plan {
    path: *const c_char,
    /// `[/bin/sh, argv0, args.., NULL]`: the program gets it from `argv0`; the first slot and
    /// `argv0` replaced by `path` serve `execvp`'s fallback for a script without `#!`.
    argv: *mut *const c_char,
    envp: *const *const c_char,
    /// Null when the directory stays the host's.
    cwd: *const c_char,
    /// [`Request::scratch_dir`], or null.
    scratch_dir: *const c_char,
    /// `(host fd, target, flags for dup3)`.
    fds: [(RawFd, RawFd, c_int); MAX_FDS],
    nfds: usize,
    liveness: RawFd,
    ready: RawFd,
    report_fd: RawFd,
    /// The terminal, close-on-exec, for the vfork child to make its stdio; -1 for none.
    tty: RawFd,
    prefix: [u8; MAX_PREFIX_BYTES],
    prefix_len: usize,
    child_stack_top: *mut u8,
    /// The program's confinement, when `sandboxed`.
    sandbox: Option<ChildSandbox>,
    /// Set by the vfork child with `errno` when entering the sandbox failed: the
    /// [`sandbox::Step`] that did.
    sandbox_step: AtomicI32,
    /// Set by the supervisor or the vfork child when starting the program failed.
    errno: AtomicI32,
    /// The program's pid, set by the supervisor once it was exec'd.
    program: AtomicI32,
}

/// An anonymous mapping: `[guard][supervisor stack][guard][child stack][plan, strings]`.
struct Region {
    base: *mut u8,
    len: usize,
}

// SAFETY: the region is plain memory; the host only reads the plan's atomics after the
// supervisor signalled it, and unmaps it only after the supervisor was reaped.
unsafe impl Send for Region {}
unsafe impl Sync for Region {}

impl Region {
    fn new(len: usize) -> io::Result<Region> {
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        Ok(Region {
            base: base.cast(),
            len,
        })
    }

    fn plan(&self, at: usize) -> &Plan {
        unsafe { &*(self.base.add(at) as *const Plan) }
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        unsafe { libc::munmap(self.base.cast(), self.len) };
    }
}

/// Bump allocation of the plan's strings and arrays inside the region.
struct Arena {
    at: *mut u8,
    end: *mut u8,
}

impl Arena {
    fn take(&mut self, len: usize, align: usize) -> *mut u8 {
        let start = self.at.wrapping_add(self.at.align_offset(align));
        assert!(start.wrapping_add(len) <= self.end, "plan sized wrong");
        self.at = start.wrapping_add(len);
        start
    }

    fn string(&mut self, s: &[u8]) -> *const c_char {
        let p = self.take(s.len() + 1, 1);
        unsafe {
            std::ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
            *p.add(s.len()) = 0;
        }
        p as *const c_char
    }

    fn pointers(&mut self, items: &[*const c_char]) -> *mut *const c_char {
        let p = self.take(std::mem::size_of_val(items) + 8, 8) as *mut *const c_char;
        unsafe {
            std::ptr::copy_nonoverlapping(items.as_ptr(), p, items.len());
            *p.add(items.len()) = std::ptr::null();
        }
        p
    }
}

/// Starts `req` under a new supervisor; returns once the program was exec'd.
pub fn start(req: &Request) -> io::Result<Started> {
    let path = resolve(req.program, req.env, req.cwd)?;
    let nul = |s: &[u8]| {
        if s.contains(&0) {
            Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "nul byte found in provided data",
            ))
        } else {
            Ok(())
        }
    };
    nul(req.program.as_bytes())?;
    for a in req.args {
        nul(a.as_bytes())?;
    }
    for (k, v) in req.env {
        nul(k.as_bytes())?;
        nul(v.as_bytes())?;
    }
    let cwd = req.cwd.map(|c| c.as_os_str().as_bytes());
    let scratch_dir = req.scratch_dir.map(|d| d.as_os_str().as_bytes());
    if let Some(c) = cwd {
        nul(c)?;
    }
    assert!(
        req.fds.len() <= 7,
        "at most 7 descriptors are passed to a child"
    );

    let (live_read, live_write) = super::spawn::pipe()?;
    let (ready_read, ready_write) = super::spawn::pipe()?;
    let null = dev_null()?;
    let mut fds = vec![(null, 0, 0), (null, 1, 0), (null, 2, 0)];
    fds.extend(req.fds.iter().map(|&(from, to)| (from, to, 0)));
    // The liveness and ready pipes go to numbers of their own, above the others: with hundreds of
    // descriptors open in the host their own numbers may well be targets. The program must not
    // get them.
    let above = fds.iter().map(|&(_, to, _)| to).max().unwrap_or(2) + 1;
    let (liveness, ready) = (above, above + 1);
    fds.push((live_read.as_raw_fd(), liveness, libc::O_CLOEXEC));
    fds.push((ready_write.as_raw_fd(), ready, libc::O_CLOEXEC));
    // Neither a report descriptor of the supervisor's own nor the terminal goes to the program as
    // such: the terminal becomes its stdio in the vfork child, and the supervisor's copy is
    // closed once the program was exec'd, so that only the program's processes hold it.
    let mut next = above + 2;
    let report_fd = match req.report {
        ReportTo::Target(fd) => fd,
        ReportTo::Own(host_fd) => {
            fds.push((host_fd, next, libc::O_CLOEXEC));
            next += 1;
            next - 1
        }
    };
    let tty = match req.terminal {
        Some(host_fd) => {
            fds.push((host_fd, next, libc::O_CLOEXEC));
            next += 1;
            next - 1
        }
        None => -1,
    };
    // The ruleset goes to the vfork child only: close-on-exec, the program never holds it.
    let child_sandbox = req.sandbox.map(|c| {
        fds.push((c.ruleset_fd(), next, libc::O_CLOEXEC));
        c.for_child(next)
    });

    let page = page_size();
    let round = |n: usize| n.div_ceil(page) * page;
    let sup_stack = (page, page + SUPERVISOR_STACK_BYTES);
    let child_stack = (sup_stack.1 + page, sup_stack.1 + page + CHILD_STACK_BYTES);
    let plan_at = child_stack.1;
    let strings: usize = [path.as_bytes().len(), req.program.len(), b"/bin/sh".len()]
        .into_iter()
        .chain(req.args.iter().map(String::len))
        .chain(req.env.iter().map(|(k, v)| k.len() + 1 + v.len()))
        .chain(cwd.map(<[u8]>::len))
        .chain(scratch_dir.map(<[u8]>::len))
        .map(|n| n + 1)
        .sum();
    let arrays = (req.args.len() + 3 + req.env.len() + 1) * 8 + 32;
    let len = round(plan_at + std::mem::size_of::<Plan>() + arrays + strings);
    let region = Region::new(len)?;
    for guard in [0, sup_stack.1] {
        if unsafe { libc::mprotect(region.base.add(guard).cast(), page, libc::PROT_NONE) } < 0 {
            return Err(io::Error::last_os_error());
        }
    }

    let mut arena = Arena {
        at: unsafe { region.base.add(plan_at + std::mem::size_of::<Plan>()) },
        end: unsafe { region.base.add(len) },
    };
    let mut argv = vec![
        arena.string(b"/bin/sh"),
        arena.string(req.program.as_bytes()),
    ];
    argv.extend(req.args.iter().map(|a| arena.string(a.as_bytes())));
    let envp: Vec<_> = req
        .env
        .iter()
        .map(|(k, v)| arena.string(format!("{k}={v}").as_bytes()))
        .collect();
    let mut plan = Plan {
        path: arena.string(path.as_bytes()),
        argv: arena.pointers(&argv),
        envp: arena.pointers(&envp),
        cwd: cwd.map_or(std::ptr::null(), |c| arena.string(c)),
        scratch_dir: scratch_dir.map_or(std::ptr::null(), |d| arena.string(d)),
        fds: [(0, 0, 0); MAX_FDS],
        nfds: fds.len(),
        liveness,
        ready,
        report_fd,
        tty,
        prefix: [0; MAX_PREFIX_BYTES],
        prefix_len: req.prefix.len().min(MAX_PREFIX_BYTES),
        child_stack_top: unsafe { region.base.add(child_stack.1) },
        sandbox: child_sandbox,
        sandbox_step: AtomicI32::new(0),
        errno: AtomicI32::new(0),
        program: AtomicI32::new(0),
    };
    plan.fds[..fds.len()].copy_from_slice(&fds);
    plan.prefix[..plan.prefix_len].copy_from_slice(&req.prefix[..plan.prefix_len]);
    let plan_ptr = unsafe { region.base.add(plan_at) } as *mut Plan;
    unsafe { plan_ptr.write(plan) };

    // No host signal handler may ever run on the supervisor's stack with the host's TLS: the
    // supervisor starts with every signal blocked and keeps them so.
    let old = unsafe { sys::sigprocmask(libc::SIG_SETMASK, sys::ALL_SIGNALS) }
        .map_err(io::Error::from_raw_os_error)?;
    let pid = unsafe {
        sys::clone(
            (libc::CLONE_VM | libc::SIGCHLD) as usize,
            region.base.add(sup_stack.1),
            supervise,
            plan_ptr.cast(),
        )
    };
    let _ = unsafe { sys::sigprocmask(libc::SIG_SETMASK, old) };
    let pid = pid.map_err(io::Error::from_raw_os_error)? as i32;
    drop((live_read, ready_write));
    let mut supervisor = Supervisor {
        pid,
        region: Some(region),
        status: None,
    };

    // The supervisor closes its copy of `ready` when the program was exec'd or failed to start.
    let mut buf = [0u8; 8];
    loop {
        let n = unsafe { libc::read(ready_read.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
        if n >= 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break;
        }
    }
    let plan = supervisor.region.as_ref().map(|r| r.plan(plan_at));
    let program = plan.map_or(0, |p| p.program.load(Ordering::Acquire));
    if program > 0 {
        return Ok(Started {
            supervisor,
            program,
            liveness: live_write,
        });
    }
    let errno = plan.map_or(0, |p| p.errno.load(Ordering::Acquire));
    let step = plan.and_then(|p| sandbox::Step::from_i32(p.sandbox_step.load(Ordering::Acquire)));
    drop(live_write);
    let _ = supervisor.wait();
    Err(match (step, errno) {
        (Some(step), e) => io::Error::other(SandboxFailed(step.describe(e))),
        (None, 0) => io::Error::other("the supervisor exited before starting the program"),
        (None, e) => io::Error::from_raw_os_error(e),
    })
}

/// The program could not enter its sandbox (carried in an `io::Error` to [`super::spawn`], which
/// makes it `ERR_SANDBOX_UNAVAILABLE`).
#[derive(Debug)]
pub struct SandboxFailed(pub String);

impl std::fmt::Display for SandboxFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SandboxFailed {}

impl Supervisor {
    pub fn id(&self) -> u32 {
        self.pid as u32
    }

    /// Reaps the supervisor (it exits once the liveness pipe closed and its children are gone)
    /// and unmaps the memory it ran on.
    pub fn wait(&mut self) -> io::Result<ExitStatus> {
        if let Some(status) = self.status {
            return Ok(status);
        }
        let mut status = 0;
        loop {
            if unsafe { libc::waitpid(self.pid, &mut status, 0) } == self.pid {
                break;
            }
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
        let status = ExitStatus::from_raw(status);
        self.status = Some(status);
        self.region = None;
        Ok(status)
    }

    pub fn kill(&mut self) -> io::Result<()> {
        if self.status.is_none() && unsafe { libc::kill(self.pid, libc::SIGKILL) } < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }
}

impl Drop for Supervisor {
    fn drop(&mut self) {
        let Some(region) = self.region.take() else {
            return;
        };
        let mut status = 0;
        if unsafe { libc::waitpid(self.pid, &mut status, libc::WNOHANG) } == self.pid {
            return;
        }
        // Still running on the region (the liveness pipe usually closes right after this): a
        // thread reaps it and unmaps then. Without a thread, the region is leaked, never unmapped
        // under a running supervisor.
        let (pid, base, len) = (self.pid, region.base as usize, region.len);
        std::mem::forget(region);
        let _ = std::thread::Builder::new()
            .name("agent-shell-reaper".into())
            .spawn(move || {
                let mut status = 0;
                while unsafe { libc::waitpid(pid, &mut status, 0) } < 0
                    && io::Error::last_os_error().kind() == io::ErrorKind::Interrupted
                {
                }
                drop(Region {
                    base: base as *mut u8,
                    len,
                });
            });
    }
}

fn page_size() -> usize {
    match unsafe { libc::sysconf(libc::_SC_PAGESIZE) } {
        n if n > 0 => n as usize,
        _ => 4096,
    }
}

/// A process-wide `/dev/null`, the source of every supervised program's stdio.
fn dev_null() -> io::Result<RawFd> {
    static NULL: OnceLock<OwnedFd> = OnceLock::new();
    if let Some(fd) = NULL.get() {
        return Ok(fd.as_raw_fd());
    }
    let fd = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR | libc::O_CLOEXEC) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(NULL
        .get_or_init(|| unsafe { OwnedFd::from_raw_fd(fd) })
        .as_raw_fd())
}

/// The path `execvp` would run for `program`, looked up on the program's PATH (glibc's default
/// when it has none), relative entries from `cwd`: ENOENT when nothing matches, EACCES when a
/// match is not executable.
pub(crate) fn resolve(
    program: &str,
    env: &[(String, String)],
    cwd: Option<&Path>,
) -> io::Result<CString> {
    let cstring =
        |s: &str| CString::new(s).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e));
    if program.is_empty() {
        return Err(io::Error::from_raw_os_error(libc::ENOENT));
    }
    if program.contains('/') {
        return cstring(program);
    }
    let path = env
        .iter()
        .rev()
        .find(|(k, _)| k == "PATH")
        .map_or(DEFAULT_PATH, |(_, v)| v.as_str());
    let mut denied = false;
    for dir in path.split(':') {
        let candidate = if dir.is_empty() {
            program.to_string()
        } else {
            format!("{}/{program}", dir.trim_end_matches('/'))
        };
        let on_disk: PathBuf = match cwd {
            Some(cwd) if !candidate.starts_with('/') => cwd.join(&candidate),
            _ => PathBuf::from(&candidate),
        };
        match std::fs::metadata(&on_disk) {
            Ok(meta) => {
                let c = cstring(&on_disk.to_string_lossy())?;
                if meta.is_file() && unsafe { libc::access(c.as_ptr(), libc::X_OK) } == 0 {
                    return cstring(&candidate);
                }
                denied = true;
            }
            Err(e) => match e.raw_os_error() {
                Some(libc::EACCES) => denied = true,
                Some(
                    libc::ENOENT
                    | libc::ENOTDIR
                    | libc::ESTALE
                    | libc::ENODEV
                    | libc::ETIMEDOUT
                    | libc::ENAMETOOLONG
                    | libc::ELOOP,
                ) => {}
                _ => return Err(e),
            },
        }
    }
    Err(io::Error::from_raw_os_error(if denied {
        libc::EACCES
    } else {
        libc::ENOENT
    }))
}

/// The supervisor's entry, on its own stack, all signals blocked. Never returns.
unsafe extern "C" fn supervise(arg: *mut c_void) -> c_int {
    let plan = unsafe { &*(arg as *const Plan) };
    unsafe {
        // The host's handlers must never run here, and what the host ignores (SIGPIPE) must not be
        // ignored by the program. With every signal blocked for good, the supervisor itself is
        // not ended by a `kill 0` from a command (only by the liveness pipe or SIGKILL).
        for sig in 1..=64 {
            if sig != libc::SIGKILL && sig != libc::SIGSTOP {
                let _ = sys::sig_default(sig);
            }
        }
        // Its own session (no controlling terminal, no terminal signals from the host's), shared
        // by the program; a subreaper, so what the program leaves behind stays below us.
        let _ = sys::setsid();
        let _ = sys::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);

        // A source may itself sit at a target number (hundreds of descriptors are open when
        // many sessions start at once): move every source above all targets first.
        let fds = &plan.fds[..plan.nfds];
        let above = fds.iter().map(|&(_, to, _)| to).max().unwrap_or(2) + 1;
        let mut moved = [0 as RawFd; MAX_FDS];
        for (i, &(from, _, _)) in fds.iter().enumerate() {
            match sys::fcntl(from, libc::F_DUPFD_CLOEXEC, above) {
                Ok(fd) => moved[i] = fd as RawFd,
                Err(e) => fail(plan, e),
            }
        }
        let mut keep = [-1 as RawFd; MAX_FDS + 1];
        for (i, &(_, to, flags)) in fds.iter().enumerate() {
            if let Err(e) = sys::dup3(moved[i], to, flags) {
                fail(plan, e);
            }
            keep[i] = to;
        }
        let sigchld = sys::signalfd(
            sys::sig_bit(libc::SIGCHLD),
            libc::SFD_NONBLOCK | libc::SFD_CLOEXEC,
        )
        .map_or(-1, |fd| fd as RawFd);
        keep[MAX_FDS] = sigchld;
        close_all_but(&keep);
        if !plan.cwd.is_null() {
            if let Err(e) = sys::chdir(plan.cwd) {
                fail(plan, e);
            }
        }

        let program = match sys::clone(
            (libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD) as usize,
            plan.child_stack_top,
            exec_program,
            arg,
        ) {
            Ok(pid) => pid as c_int,
            Err(e) => fail(plan, e),
        };
        // CLONE_VFORK: we go on once the child exec'd or exited. The terminal is the program's
        // now; a copy here would keep it open after every process of the run closed it.
        if plan.tty >= 0 {
            let _ = sys::close(plan.tty);
        }
        if plan.errno.load(Ordering::Acquire) != 0 {
            let _ = sys::wait4(program, 0);
            sys::exit(127);
        }
        plan.program.store(program, Ordering::Release);
        let _ = sys::close(plan.ready);

        // Hold the program unreaped until the host has a pidfd for it: one byte on the
        // liveness pipe. EOF instead means the host is gone already.
        let mut go = [0u8; 1];
        if sys::read(plan.liveness, &mut go) != Ok(1) {
            kill_all_children();
            remove_scratch_dir(plan.scratch_dir);
            sys::exit(0);
        }
        supervise_loop(plan, program, sigchld)
    }
}

/// Reports `errno` to the host (which reads it once our copy of `ready` closed) and exits.
fn fail(plan: &Plan, errno: c_int) -> ! {
    plan.errno.store(errno, Ordering::Release);
    unsafe { sys::exit(127) }
}

unsafe fn supervise_loop(plan: &Plan, program: c_int, sigchld: RawFd) -> ! {
    let mut report_fd = plan.report_fd;
    loop {
        let mut fds = [
            libc::pollfd {
                fd: plan.liveness,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: sigchld,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        // Without a signalfd (never seen), poll the children every 100 ms instead.
        let timeout_ms = if sigchld < 0 { 100 } else { -1 };
        if unsafe { sys::poll(&mut fds, timeout_ms) }.is_err() {
            continue;
        }
        if fds[0].revents != 0 {
            unsafe {
                kill_all_children();
                remove_scratch_dir(plan.scratch_dir);
                sys::exit(0);
            }
        }
        let mut drain = [0u8; 512];
        while sigchld >= 0 && matches!(unsafe { sys::read(sigchld, &mut drain) }, Ok(n) if n > 0) {}
        loop {
            match unsafe { sys::wait4(-1, libc::WNOHANG) } {
                Ok((0, _)) => break,
                Ok((pid, status)) => {
                    if pid == program && report_fd >= 0 {
                        let prefix = &plan.prefix[..plan.prefix_len];
                        unsafe {
                            report(report_fd, prefix, status);
                            let _ = sys::close(report_fd);
                        }
                        report_fd = -1;
                    }
                }
                Err(_) => {
                    // No children left; once the program is gone too, nothing is left to watch.
                    if report_fd < 0 {
                        unsafe { sys::exit(0) };
                    }
                    break;
                }
            }
        }
    }
}

/// The vfork child's entry, on its own stack: the supervisor waits until it exec'd or exited.
unsafe extern "C" fn exec_program(arg: *mut c_void) -> c_int {
    let plan = unsafe { &*(arg as *const Plan) };
    unsafe {
        // Subreaping is not inherited, and the program must be one: the processes of one run are
        // found as its children. Dispositions are the defaults already (the supervisor's).
        let _ = sys::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
        // The supervisor only exits before the program when it is killed, and the OOM killer
        // kills it with the host, whose memory it shares: the program then goes too.
        let _ = sys::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as usize);
        if plan.tty >= 0 {
            // A session of its own with the terminal as its controlling terminal, so that the
            // terminal's signals (^C, SIGHUP, SIGWINCH) reach it and what it starts; the
            // supervisor stays outside, without a terminal. Our descriptor table is a copy of the
            // supervisor's: rearranging it here leaves the supervisor's alone.
            if let Err(e) = terminal_stdio(plan.tty) {
                plan.errno.store(e, Ordering::Release);
                return 127;
            }
        }
        if let Some(confinement) = &plan.sandbox {
            // Last before exec: the program and all it starts inherit the domain and the filter.
            if let Err((step, e)) = sandbox::enter(confinement) {
                plan.sandbox_step.store(step as i32, Ordering::Release);
                plan.errno.store(e, Ordering::Release);
                return 127;
            }
        }
        let _ = sys::sigprocmask(libc::SIG_SETMASK, 0);
        let mut errno = sys::execve(plan.path, plan.argv.add(1), plan.envp);
        if errno == libc::ENOEXEC {
            // As execvp: a file without `#!` is a script for /bin/sh.
            *plan.argv.add(1) = plan.path;
            errno = sys::execve(*plan.argv, plan.argv, plan.envp);
        }
        plan.errno.store(errno, Ordering::Release);
        127
    }
}

/// In the vfork child: leads a new session, with `tty` as stdin, stdout, stderr and controlling
/// terminal.
unsafe fn terminal_stdio(tty: RawFd) -> Result<(), c_int> {
    unsafe {
        sys::setsid()?;
        for fd in 0..3 {
            sys::dup3(tty, fd, 0)?;
        }
        sys::ioctl(0, libc::TIOCSCTTY, 0)?;
    }
    Ok(())
}

/// Closes every descriptor from 3 on but `keep` (negative entries ignored).
unsafe fn close_all_but(keep: &[RawFd]) {
    let mut fd: RawFd = 3;
    loop {
        let next_kept = keep.iter().copied().filter(|&k| k >= fd).min();
        let last = next_kept.map_or(u32::MAX, |k| (k - 1) as u32);
        if next_kept != Some(fd) && unsafe { sys::close_range(fd as u32, last) }.is_err() {
            // close_range came with Linux 5.9; one close per descriptor before that.
            let limit = unsafe { sys::nofile_limit() }
                .unwrap_or(1 << 16)
                .min(1 << 20);
            let end = next_kept.map_or(limit as RawFd, |k| k.min(limit as RawFd));
            for f in fd..end {
                let _ = unsafe { sys::close(f) };
            }
        }
        match next_kept {
            Some(k) => fd = k + 1,
            None => return,
        }
    }
}

/// Writes `prefix`, `status` in decimal and a NUL in one write.
unsafe fn report(fd: RawFd, prefix: &[u8], status: c_int) {
    let mut buf = [0u8; MAX_PREFIX_BYTES + 16];
    let prefix = &prefix[..prefix.len().min(MAX_PREFIX_BYTES)];
    buf[..prefix.len()].copy_from_slice(prefix);
    let mut len = prefix.len() + write_decimal(&mut buf[prefix.len()..], status);
    buf[len] = 0;
    len += 1;
    let _ = unsafe { sys::write(fd, &buf[..len]) };
}

/// Writes `n` in decimal at the start of `out` (which has room for any i32); returns its length.
fn write_decimal(out: &mut [u8], n: i32) -> usize {
    let mut digits = [0u8; 12];
    let mut len = 0;
    let mut rest = (n as i64).unsigned_abs();
    loop {
        digits[len] = b'0' + (rest % 10) as u8;
        len += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let mut at = 0;
    if n < 0 {
        out[0] = b'-';
        at = 1;
    }
    for i in 0..len {
        out[at + i] = digits[len - 1 - i];
    }
    at + len
}

/// SIGKILLs every child, reaps it, and repeats until there are none: the orphans of a killed
/// child are adopted (we are their subreaper) and killed in the next round.
/// Removes the files in `dir` (null: none) and then `dir`, as the host would have on close.
/// Missing files and a missing directory are fine: the host may have removed them already.
unsafe fn remove_scratch_dir(dir: *const c_char) {
    if dir.is_null() {
        return;
    }
    if let Ok(fd) = unsafe { sys::open_directory(dir) } {
        let fd = fd as RawFd;
        let mut buf = [0u8; 2048];
        // Each pass lists what is left; removing while listing may skip entries, so list again
        // until a pass removes nothing.
        loop {
            let mut removed = false;
            loop {
                let n = match unsafe { sys::getdents64(fd, &mut buf) } {
                    Ok(n) if n > 0 => n,
                    _ => break,
                };
                let mut at = 0;
                // linux_dirent64: u64 ino, i64 off, u16 reclen, u8 type, then the NUL-ended name.
                while at + 19 < n {
                    let reclen = u16::from_ne_bytes([buf[at + 16], buf[at + 17]]) as usize;
                    if reclen == 0 || at + reclen > n {
                        break;
                    }
                    let name = &buf[at + 19..at + reclen];
                    let dot_or_dotdot =
                        name[0] == b'.' && (name[1] == 0 || (name[1] == b'.' && name[2] == 0));
                    if !dot_or_dotdot {
                        removed |= unsafe { sys::unlinkat(fd, name.as_ptr().cast(), 0) }.is_ok();
                    }
                    at += reclen;
                }
            }
            if !removed {
                break;
            }
            // Back to the first entry for another pass.
            let _ = unsafe { sys::lseek_start(fd) };
        }
        let _ = unsafe { sys::close(fd) };
    }
    let _ = unsafe { sys::unlinkat(libc::AT_FDCWD, dir, libc::AT_REMOVEDIR) };
}

unsafe fn kill_all_children() {
    loop {
        unsafe {
            for_each_child(|pid| {
                let _ = sys::kill(pid, libc::SIGKILL);
            });
            if sys::wait4(-1, 0) == Err(libc::ECHILD) {
                return;
            }
        }
    }
}

/// Calls `f` with each pid in `/proc/thread-self/children` (the supervisor has one thread).
unsafe fn for_each_child(mut f: impl FnMut(libc::pid_t)) {
    let Ok(fd) = (unsafe { sys::open_read(c"/proc/thread-self/children".as_ptr()) }) else {
        return;
    };
    let fd = fd as RawFd;
    let mut buf = [0u8; 4096];
    let mut pid: libc::pid_t = 0;
    let mut in_number = false;
    loop {
        let n = match unsafe { sys::read(fd, &mut buf) } {
            Ok(n) if n > 0 => n,
            _ => break,
        };
        for &b in &buf[..n] {
            if b.is_ascii_digit() {
                pid = pid * 10 + (b - b'0') as libc::pid_t;
                in_number = true;
            } else if in_number {
                f(pid);
                pid = 0;
                in_number = false;
            }
        }
    }
    if in_number {
        f(pid);
    }
    let _ = unsafe { sys::close(fd) };
}

#[cfg(test)]
#[path = "supervisor_tests.rs"]
mod tests;
