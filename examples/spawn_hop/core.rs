//! The supervisor's own work, shared by both sides of the A/B: a reduced copy of
//! `src/process/os/linux/supervisor.rs` (`supervise`, `exec_program`, `supervise_loop`, `report`,
//! `close_all_but`, `kill_all_children`), raw system calls only (`sys` is the crate's own
//! `src/process/os/linux/sys.rs`). Left out, because `executeShell` without a sandbox does not use them at
//! start: the terminal (PtySession only), the sandbox (entered in the vfork child), the scratch
//! directory (removed only when the host goes away).
//!
//! In `spawn_hop` this runs on a `clone(CLONE_VM)` stack inside the host's memory, as today; in
//! `spawn_hop_helper` it runs in a process of its own started with `posix_spawn`. The only
//! difference: the helper cannot hand the program's pid over through shared memory, so it writes
//! it on the ready pipe ([`Plan::pid_on_ready`]).

use core::ffi::{c_char, c_int, c_void};
use core::sync::atomic::{AtomicI32, Ordering};

use super::sys;

/// A descriptor number (no `std` here: the smallest helper is built without it).
pub type RawFd = c_int;

pub const MAX_PREFIX_BYTES: usize = 64;
pub const MAX_FDS: usize = 14;

/// Everything the supervisor and the vfork child read (as `supervisor::Plan`).
#[repr(C)]
pub struct Plan {
    pub path: *const c_char,
    /// `[/bin/sh, argv0, args.., NULL]`.
    pub argv: *mut *const c_char,
    pub envp: *const *const c_char,
    /// Null when the directory stays.
    pub cwd: *const c_char,
    /// `(source fd, target, flags for dup3)`.
    pub fds: [(RawFd, RawFd, c_int); MAX_FDS],
    pub nfds: usize,
    pub liveness: RawFd,
    pub ready: RawFd,
    pub report_fd: RawFd,
    pub prefix: [u8; MAX_PREFIX_BYTES],
    pub prefix_len: usize,
    pub child_stack_top: *mut u8,
    /// Set by the supervisor or the vfork child when starting the program failed.
    pub errno: AtomicI32,
    /// The program's pid, set by the supervisor once it was exec'd.
    pub program: AtomicI32,
    /// The helper writes the pid (or `-errno`) as 4 bytes on `ready` before closing it.
    pub pid_on_ready: bool,
}

/// The supervisor's entry (as `supervisor::supervise`), all signals blocked. Never returns.
///
/// # Safety
/// `arg` points at a [`Plan`] that outlives the process; with `CLONE_VM`, only raw system calls.
pub unsafe extern "C" fn supervise(arg: *mut c_void) -> c_int {
    // SAFETY: the caller's contract.
    let plan = unsafe { &*(arg as *const Plan) };
    // SAFETY: raw system calls on our own descriptors and the plan's memory.
    unsafe {
        for sig in 1..=64 {
            if sig != libc::SIGKILL && sig != libc::SIGSTOP {
                let _ = sys::sig_default(sig);
            }
        }
        let _ = sys::setsid();
        let _ = sys::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);

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
        let errno = plan.errno.load(Ordering::Acquire);
        if errno != 0 {
            let _ = sys::wait4(program, 0);
            fail(plan, errno);
        }
        plan.program.store(program, Ordering::Release);
        if plan.pid_on_ready {
            let _ = sys::write(plan.ready, &program.to_ne_bytes());
        }
        let _ = sys::close(plan.ready);

        let mut go = [0u8; 1];
        if sys::read(plan.liveness, &mut go) != Ok(1) {
            kill_all_children();
            sys::exit(0);
        }
        supervise_loop(plan, program, sigchld)
    }
}

fn fail(plan: &Plan, errno: c_int) -> ! {
    plan.errno.store(errno, Ordering::Release);
    if plan.pid_on_ready {
        let _ = sys::write(plan.ready, &(-errno).to_ne_bytes());
    }
    sys::exit(127)
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
        let timeout_ms = if sigchld < 0 { 100 } else { -1 };
        if sys::poll(&mut fds, timeout_ms).is_err() {
            continue;
        }
        if fds[0].revents != 0 {
            // SAFETY: raw system calls.
            unsafe {
                kill_all_children();
                sys::exit(0);
            }
        }
        let mut drain = [0u8; 512];
        while sigchld >= 0 && matches!(sys::read(sigchld, &mut drain), Ok(n) if n > 0) {}
        loop {
            match sys::wait4(-1, libc::WNOHANG) {
                Ok((0, _)) => break,
                Ok((pid, status)) => {
                    if pid == program && report_fd >= 0 {
                        let prefix = &plan.prefix[..plan.prefix_len];
                        // SAFETY: raw system calls on our own descriptor.
                        unsafe {
                            report(report_fd, prefix, status);
                            let _ = sys::close(report_fd);
                        }
                        report_fd = -1;
                    }
                }
                Err(_) => {
                    if report_fd < 0 {
                        sys::exit(0);
                    }
                    break;
                }
            }
        }
    }
}

/// The vfork child's entry (as `supervisor::exec_program`, without terminal and sandbox).
unsafe extern "C" fn exec_program(arg: *mut c_void) -> c_int {
    // SAFETY: the plan outlives the vfork child, whose parent waits.
    let plan = unsafe { &*(arg as *const Plan) };
    // SAFETY: raw system calls on the plan's memory.
    unsafe {
        let _ = sys::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
        let _ = sys::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as usize);
        let _ = sys::sigprocmask(libc::SIG_SETMASK, 0);
        let mut errno = sys::execve(plan.path, plan.argv.add(1), plan.envp);
        if errno == libc::ENOEXEC {
            *plan.argv.add(1) = plan.path;
            errno = sys::execve(*plan.argv, plan.argv, plan.envp);
        }
        plan.errno.store(errno, Ordering::Release);
        127
    }
}

unsafe fn close_all_but(keep: &[RawFd]) {
    let mut fd: RawFd = 3;
    loop {
        let next_kept = keep.iter().copied().filter(|&k| k >= fd).min();
        let last = next_kept.map_or(u32::MAX, |k| (k - 1) as u32);
        // SAFETY: raw system call.
        if next_kept != Some(fd) && unsafe { sys::close_range(fd as u32, last) }.is_err() {
            let limit = sys::nofile_limit().unwrap_or(1 << 16).min(1 << 20);
            let end = next_kept.map_or(limit as RawFd, |k| k.min(limit as RawFd));
            for f in fd..end {
                // SAFETY: raw system call.
                let _ = unsafe { sys::close(f) };
            }
        }
        match next_kept {
            Some(k) => fd = k + 1,
            None => return,
        }
    }
}

unsafe fn report(fd: RawFd, prefix: &[u8], status: c_int) {
    let mut buf = [0u8; MAX_PREFIX_BYTES + 16];
    let prefix = &prefix[..prefix.len().min(MAX_PREFIX_BYTES)];
    buf[..prefix.len()].copy_from_slice(prefix);
    let mut len = prefix.len() + write_decimal(&mut buf[prefix.len()..], status);
    buf[len] = 0;
    len += 1;
    let _ = sys::write(fd, &buf[..len]);
}

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

unsafe fn kill_all_children() {
    loop {
        // SAFETY: raw system calls.
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

unsafe fn for_each_child(mut f: impl FnMut(libc::pid_t)) {
    // SAFETY: raw system call on a NUL-ended literal.
    let Ok(fd) = (unsafe { sys::open_read(c"/proc/thread-self/children".as_ptr()) }) else {
        return;
    };
    let fd = fd as RawFd;
    let mut buf = [0u8; 4096];
    let mut pid: libc::pid_t = 0;
    let mut in_number = false;
    loop {
        let n = match sys::read(fd, &mut buf) {
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
    // SAFETY: raw system call on our own descriptor.
    let _ = unsafe { sys::close(fd) };
}
