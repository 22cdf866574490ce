//! The code that runs outside the host: the supervisor (a `clone(CLONE_VM)` of the host on a stack
//! of its own) and the program's vfork child. Both share the host's memory but not its
//! thread-local storage, so everything here makes raw system calls only ([`super::sys`]), never
//! allocates or locks, and reads only the [`Plan`] in the region, which stays mapped until the
//! supervisor has been reaped.

use std::ffi::{c_char, c_int, c_void};
use std::os::fd::RawFd;
use std::sync::atomic::Ordering;

use super::plan::{Plan, MAX_FDS, MAX_PREFIX_BYTES};
use crate::process::os::linux::sandbox;
use crate::process::os::linux::sys;

/// Signal numbers the kernel knows, 1..=64 (`SIGRTMAX` on x86_64 and aarch64).
const MAX_SIGNAL: c_int = 64;
/// How often the supervisor looks for exited children without a signalfd (never seen), in ms:
/// a program's exit is then reported at most this late.
const CHILD_POLL_MS: i64 = 100;
/// Descriptors closed one by one when `close_range` is missing (Linux < 5.9) and the limit cannot
/// be read: 65536 covers any default soft limit.
const CLOSE_FALLBACK_FDS: usize = 1 << 16;
/// Most descriptors closed one by one (1 Mi, the kernel's default `nr_open`): a higher soft limit
/// would make the loop of closes take seconds.
const CLOSE_MAX_FDS: usize = 1 << 20;
/// Exit code of a supervisor or vfork child that failed to start the program, as a shell's.
const START_FAILED: c_int = 127;

/// The supervisor's entry, on its own stack, all signals blocked. Never returns.
///
/// # Safety
/// `arg` must point at a [`Plan`] in a region that stays mapped until this process has been
/// reaped, and this must be the entry of a `clone(CLONE_VM)` on the region's supervisor stack.
pub(super) unsafe extern "C" fn supervise(arg: *mut c_void) -> c_int {
    // SAFETY: the caller passes the plan, which outlives us and which only its atomics change.
    let plan = unsafe { &*(arg as *const Plan) };
    // The host's handlers must never run here, and what the host ignores (SIGPIPE) must not be
    // ignored by the program. With every signal blocked for good, the supervisor itself is not
    // ended by a `kill 0` from a command (only by the liveness pipe or SIGKILL).
    for sig in 1..=MAX_SIGNAL {
        if sig != libc::SIGKILL && sig != libc::SIGSTOP {
            let _ = sys::sig_default(sig);
        }
    }
    // Its own session (no controlling terminal, no terminal signals from the host's), shared by
    // the program; a subreaper, so what the program leaves behind stays below us.
    let _ = sys::setsid();
    // SAFETY: PR_SET_CHILD_SUBREAPER takes an integer.
    let _ = unsafe { sys::prctl(libc::PR_SET_CHILD_SUBREAPER, 1) };

    // A source may itself sit at a target number (hundreds of descriptors are open when many
    // sessions start at once): move every source above all targets first.
    let fds = &plan.fds[..plan.nfds];
    let above = fds.iter().map(|&(_, to, _)| to).max().unwrap_or(2) + 1;
    let mut moved = [0 as RawFd; MAX_FDS];
    for (i, &(from, _, _)) in fds.iter().enumerate() {
        // SAFETY: F_DUPFD_CLOEXEC takes an integer; the new descriptor is ours.
        match unsafe { sys::fcntl(from, libc::F_DUPFD_CLOEXEC, above) } {
            Ok(fd) => moved[i] = fd as RawFd,
            Err(e) => fail(plan, e),
        }
    }
    let mut keep = [-1 as RawFd; MAX_FDS + 1];
    for (i, &(_, to, flags)) in fds.iter().enumerate() {
        // SAFETY: our descriptor table is our own (clone without CLONE_FILES): replacing a
        // number in it touches none of the host's.
        if let Err(e) = unsafe { sys::dup3(moved[i], to, flags) } {
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
    // SAFETY: as for dup3: the table is our own, and what we keep is not closed.
    unsafe { close_all_but(&keep) };
    if !plan.scratch_file.is_null() {
        // SAFETY: a non-null `scratch_file` comes with its directory and text in the region.
        if let Err(e) = unsafe { make_scratch(plan) } {
            fail(plan, e);
        }
    }
    if !plan.cwd.is_null() {
        // SAFETY: a non-null `cwd` is a NUL-terminated string in the region.
        if let Err(e) = unsafe { sys::chdir(plan.cwd) } {
            fail_made(plan, e);
        }
    }

    // With `report_dir`, the program shares our directory (CLONE_FS): where it moves, we move, so
    // that once it exited our directory is the one it was in (see `report`). The kernel keeps
    // the sharing across `execve`; it then refuses setuid (LSM_UNSAFE_SHARE) to a program that
    // the shell itself `exec`s, and only to that one: what it forks gets a copy.
    let share_dir = if plan.report_dir { libc::CLONE_FS } else { 0 };
    // SAFETY: the child stack is the region's, which outlives the child; `exec_program` makes
    // raw system calls only and reads the plan, as `clone` demands with CLONE_VM.
    let program = match unsafe {
        sys::clone(
            (libc::CLONE_VM | libc::CLONE_VFORK | share_dir | libc::SIGCHLD) as usize,
            plan.child_stack_top,
            exec_program,
            arg,
        )
    } {
        Ok(pid) => pid as c_int,
        Err(e) => fail_made(plan, e),
    };
    // CLONE_VFORK: we go on once the child exec'd or exited. The terminal is the program's now;
    // a copy here would keep it open after every process of the run closed it.
    if plan.tty >= 0 {
        // SAFETY: our copy of the terminal, in our own table.
        let _ = unsafe { sys::close(plan.tty) };
    }
    if plan.errno.load(Ordering::Acquire) != 0 {
        let _ = sys::wait4(program, 0);
        remove_made_scratch(plan);
        sys::exit(START_FAILED);
    }
    plan.program.store(program, Ordering::Release);
    // SAFETY: our end of the ready pipe, in our own table.
    let _ = unsafe { sys::close(plan.ready) };

    // Hold the program unreaped until the host has a pidfd for it: one byte on the liveness pipe.
    // EOF instead means the host is gone already.
    let mut go = [0u8; 1];
    if sys::read(plan.liveness, &mut go) != Ok(1) {
        end_all(plan);
    }
    supervise_loop(plan, program, sigchld)
}

/// Reports `errno` to the host (which reads it once our copy of `ready` closed) and exits.
fn fail(plan: &Plan, errno: c_int) -> ! {
    plan.errno.store(errno, Ordering::Release);
    sys::exit(START_FAILED)
}

/// [`fail`], once [`make_scratch`] made the scratch directory: removes it first.
fn fail_made(plan: &Plan, errno: c_int) -> ! {
    remove_made_scratch(plan);
    fail(plan, errno)
}

/// Removes the scratch directory if we made it (see [`make_scratch`]).
fn remove_made_scratch(plan: &Plan) {
    if !plan.scratch_file.is_null() {
        // SAFETY: the plan's scratch directory is a NUL-terminated string in the region.
        unsafe { remove_scratch_dir(plan.scratch_dir) };
    }
}

/// Makes the scratch directory (0700) with its file (0644 less the umask) in it, as the first
/// of the session's files: from here on we remove them should the host go away. Leaves nothing
/// when it fails.
///
/// # Safety
/// `plan.scratch_dir` and `plan.scratch_file` must be NUL-terminated strings and
/// `plan.scratch_text` hold `plan.scratch_text_len` bytes, all in the region.
unsafe fn make_scratch(plan: &Plan) -> Result<(), c_int> {
    // SAFETY: the caller passes valid strings.
    unsafe { sys::mkdir(plan.scratch_dir, 0o700) }?;
    // SAFETY: as above.
    let fd = match unsafe { sys::create_new(plan.scratch_file, 0o644) } {
        Ok(fd) => fd as RawFd,
        Err(e) => {
            // SAFETY: as above; the directory we just made, empty.
            let _ = unsafe { sys::unlinkat(libc::AT_FDCWD, plan.scratch_dir, libc::AT_REMOVEDIR) };
            return Err(e);
        }
    };
    // SAFETY: the caller passes the text's address and length, in the region.
    let text = unsafe { std::slice::from_raw_parts(plan.scratch_text, plan.scratch_text_len) };
    let mut at = 0;
    let mut written = Ok(0);
    while at < text.len() {
        written = sys::write(fd, &text[at..]);
        match written {
            Ok(n) if n > 0 => at += n,
            Err(libc::EINTR) => {}
            Ok(_) => {
                written = Err(libc::EIO);
                break;
            }
            Err(_) => break,
        }
    }
    // SAFETY: the file we just opened, in our own table.
    let _ = unsafe { sys::close(fd) };
    if let Err(e) = written {
        // SAFETY: as above.
        unsafe { remove_scratch_dir(plan.scratch_dir) };
        return Err(e);
    }
    Ok(())
}

/// Kills every process below us, removes the scratch directory (and the temp directory apart
/// from it) and exits: the host is gone.
fn end_all(plan: &Plan) -> ! {
    kill_all_children();
    // SAFETY: the plan's scratch and temp directories are null or NUL-terminated strings in the
    // region.
    unsafe {
        remove_scratch_dir(plan.scratch_dir);
        remove_scratch_dir(plan.tmpdir);
    }
    sys::exit(0)
}

/// Reaps what exits below us, reports the program's status once, and ends everything when the
/// liveness pipe closes.
fn supervise_loop(plan: &Plan, program: c_int, sigchld: RawFd) -> ! {
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
        let timeout_ms = if sigchld < 0 { CHILD_POLL_MS } else { -1 };
        if sys::poll(&mut fds, timeout_ms).is_err() {
            continue;
        }
        if fds[0].revents != 0 {
            end_all(plan);
        }
        let mut drain = [0u8; 512];
        while sigchld >= 0 && matches!(sys::read(sigchld, &mut drain), Ok(n) if n > 0) {}
        loop {
            match sys::wait4(-1, libc::WNOHANG) {
                Ok((0, _)) => break,
                Ok((pid, status)) => {
                    if pid == program && report_fd >= 0 {
                        let shared = plan.dir_shared.load(Ordering::Acquire);
                        report(report_fd, &plan.prefix[..plan.prefix_len], status, shared);
                        // SAFETY: the report descriptor is ours, in our own table.
                        let _ = unsafe { sys::close(report_fd) };
                        report_fd = -1;
                    }
                }
                Err(_) => {
                    // No children left; once the program is gone too, nothing is left to watch,
                    // but a scratch directory. That one waits for the host: a program that exits
                    // because the host died (a shell reading EOF on its control pipe) must not
                    // take us with it before we saw the host go and removed the directory.
                    if report_fd < 0 {
                        if plan.scratch_dir.is_null() && plan.tmpdir.is_null() {
                            sys::exit(0);
                        }
                        wait_for_host(plan);
                    }
                    break;
                }
            }
        }
    }
}

/// Waits until the host closes the liveness pipe (it closes it when it ends the session, or dies),
/// then ends as [`end_all`] does.
fn wait_for_host(plan: &Plan) -> ! {
    let mut buf = [0u8; 1];
    loop {
        match sys::read(plan.liveness, &mut buf) {
            Err(libc::EINTR) | Ok(1..) => continue,
            _ => end_all(plan),
        }
    }
}

/// The vfork child's entry, on its own stack: the supervisor waits until it exec'd or exited.
///
/// # Safety
/// `arg` must point at the supervisor's [`Plan`]; this must be the entry of a
/// `clone(CLONE_VM | CLONE_VFORK)` on the region's child stack.
unsafe extern "C" fn exec_program(arg: *mut c_void) -> c_int {
    // SAFETY: the caller passes the plan, which outlives us.
    let plan = unsafe { &*(arg as *const Plan) };
    // Subreaping is not inherited, and the program must be one: the processes of one run are
    // found as its children. Dispositions are the defaults already (the supervisor's).
    // SAFETY: PR_SET_CHILD_SUBREAPER takes an integer.
    let _ = unsafe { sys::prctl(libc::PR_SET_CHILD_SUBREAPER, 1) };
    // The supervisor only exits before the program when it is killed, and the OOM killer kills it
    // with the host, whose memory it shares: the program then goes too.
    // SAFETY: PR_SET_PDEATHSIG takes an integer.
    let _ = unsafe { sys::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL as usize) };
    if plan.tty >= 0 {
        // A session of its own with the terminal as its controlling terminal, so that the
        // terminal's signals (^C, SIGHUP, SIGWINCH) reach it and what it starts; the supervisor
        // stays outside, without a terminal. Our descriptor table is a copy of the supervisor's:
        // rearranging it here leaves the supervisor's alone.
        if let Err(e) = terminal_stdio(plan.tty) {
            plan.errno.store(e, Ordering::Release);
            return START_FAILED;
        }
    }
    if let Some(confinement) = &plan.sandbox {
        // Last before exec: the program and all it starts inherit the domain and the filter.
        // SAFETY: the confinement's filter lives in the host's `Confinement`, which outlives the
        // start (`Request::sandbox`), and its ruleset was put at its number by the supervisor.
        match unsafe { sandbox::enter(confinement) } {
            Ok(false) => {}
            Ok(true) => plan.dir_shared.store(false, Ordering::Release),
            Err((step, e)) => {
                plan.sandbox_step.store(step as i32, Ordering::Release);
                plan.errno.store(e, Ordering::Release);
                return START_FAILED;
            }
        }
    }
    let _ = sys::sigprocmask(libc::SIG_SETMASK, 0);
    // SAFETY: the path and the null-terminated arrays of strings were written into the region by
    // `plan::encode`.
    let mut errno = unsafe { sys::execve(plan.path, plan.argv.add(1), plan.envp) };
    if errno == libc::ENOEXEC {
        // As execvp: a file without `#!` is a script for /bin/sh.
        // SAFETY: `argv` has room for `[/bin/sh, argv0, ..]` (see `Plan::argv`); the host reads
        // it no more, and the supervisor waits for us (CLONE_VFORK).
        errno = unsafe {
            *plan.argv.add(1) = plan.path;
            sys::execve(*plan.argv, plan.argv, plan.envp)
        };
    }
    plan.errno.store(errno, Ordering::Release);
    START_FAILED
}

/// In the vfork child: leads a new session, with `tty` as stdin, stdout, stderr and controlling
/// terminal.
fn terminal_stdio(tty: RawFd) -> Result<(), c_int> {
    sys::setsid()?;
    for fd in 0..3 {
        // SAFETY: our descriptor table is a copy (vfork without CLONE_FILES): replacing stdio in
        // it touches no one else's.
        unsafe { sys::dup3(tty, fd, 0) }?;
    }
    // SAFETY: TIOCSCTTY takes an integer (0: do not steal the terminal).
    unsafe { sys::ioctl(0, libc::TIOCSCTTY, 0) }?;
    Ok(())
}

/// Closes every descriptor from 3 on but `keep` (negative entries ignored).
///
/// # Safety
/// The calling process must own every descriptor from 3 on (a clone without `CLONE_FILES`).
unsafe fn close_all_but(keep: &[RawFd]) {
    let mut fd: RawFd = 3;
    loop {
        let next_kept = keep.iter().copied().filter(|&k| k >= fd).min();
        let last = next_kept.map_or(u32::MAX, |k| (k - 1) as u32);
        // SAFETY: the caller owns the range.
        if next_kept != Some(fd) && unsafe { sys::close_range(fd as u32, last) }.is_err() {
            // close_range came with Linux 5.9; one close per descriptor before that.
            let limit = sys::nofile_limit()
                .unwrap_or(CLOSE_FALLBACK_FDS)
                .min(CLOSE_MAX_FDS);
            let end = next_kept.map_or(limit as RawFd, |k| k.min(limit as RawFd));
            for f in fd..end {
                // SAFETY: the caller owns the range.
                let _ = unsafe { sys::close(f) };
            }
        }
        match next_kept {
            Some(k) => fd = k + 1,
            None => return,
        }
    }
}

/// Writes `prefix`, `status` in decimal and a NUL in one write; with `dir` (the program shared
/// our directory until it exited), `:` and that directory before the NUL, when it still exists
/// and is reachable (`getcwd` names an unreachable one `(unreachable)/…`). Our directory then
/// goes back to `/`, so that we hold on to no directory of the user's while we wait.
fn report(fd: RawFd, prefix: &[u8], status: c_int, dir: bool) {
    let mut buf = [0u8; MAX_PREFIX_BYTES + 16 + libc::PATH_MAX as usize];
    let prefix = &prefix[..prefix.len().min(MAX_PREFIX_BYTES)];
    buf[..prefix.len()].copy_from_slice(prefix);
    let mut len = prefix.len() + write_decimal(&mut buf[prefix.len()..], status);
    if dir {
        let at = len + 1;
        // The last byte stays for the NUL the report ends with.
        let room = buf.len() - 1;
        if let Ok(n) = sys::getcwd(&mut buf[at..room]) {
            if n > 1 && buf[at] == b'/' {
                buf[len] = b':';
                // `n` counts getcwd's NUL, which ends the report.
                len = at + n - 1;
            }
        }
        // SAFETY: a NUL-terminated literal.
        let _ = unsafe { sys::chdir(c"/".as_ptr()) };
    }
    buf[len] = 0;
    len += 1;
    let _ = sys::write(fd, &buf[..len]);
}

/// Writes `n` in decimal at the start of `out` (which has room for any i32); returns its length.
pub(super) fn write_decimal(out: &mut [u8], n: i32) -> usize {
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

/// Removes the files in `dir` (null: none) and then `dir`, as the host would have on close.
/// Missing files and a missing directory are fine: the host may have removed them already.
///
/// # Safety
/// `dir` must be null or a NUL-terminated string that stays valid for the call.
unsafe fn remove_scratch_dir(dir: *const c_char) {
    if dir.is_null() {
        return;
    }
    // SAFETY: the caller passes a valid path.
    if let Ok(fd) = unsafe { sys::open_directory(dir) } {
        let fd = fd as RawFd;
        let mut buf = [0u8; 2048];
        // Each pass lists what is left; removing while listing may skip entries, so list again
        // until a pass removes nothing.
        loop {
            let mut removed = false;
            loop {
                let n = match sys::getdents64(fd, &mut buf) {
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
                        // SAFETY: the kernel ends each name with a NUL within its record.
                        let gone = unsafe { sys::unlinkat(fd, name.as_ptr().cast(), 0) };
                        removed |= gone.is_ok();
                    }
                    at += reclen;
                }
            }
            if !removed {
                break;
            }
            // Back to the first entry for another pass.
            let _ = sys::lseek_start(fd);
        }
        // SAFETY: the directory descriptor we just opened.
        let _ = unsafe { sys::close(fd) };
    }
    // SAFETY: the caller passes a valid path.
    let _ = unsafe { sys::unlinkat(libc::AT_FDCWD, dir, libc::AT_REMOVEDIR) };
}

/// SIGKILLs every child, reaps it, and repeats until there are none: the orphans of a killed
/// child are adopted (we are their subreaper) and killed in the next round.
fn kill_all_children() {
    loop {
        for_each_child(|pid| {
            let _ = sys::kill(pid, libc::SIGKILL);
        });
        if sys::wait4(-1, 0) == Err(libc::ECHILD) {
            return;
        }
    }
}

/// Calls `f` with each pid in `/proc/thread-self/children` (the supervisor has one thread).
fn for_each_child(mut f: impl FnMut(libc::pid_t)) {
    // SAFETY: a NUL-terminated literal.
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
    // SAFETY: the file we just opened.
    let _ = unsafe { sys::close(fd) };
}
