//! The supervisor: a small process between the host and a shell (Linux). It is a child subreaper
//! above the shell, so what the shell leaves behind when it exits (`exit` with a daemon still
//! running) stays below a process we own instead of escaping to init; it reaps the shell and
//! reports its wait status; and it ends the whole tree when the host goes away, crash included,
//! by holding the read end of a pipe whose only write end the host holds.
//!
//! It is forked inside `pre_exec`, between the fork and the exec of the shell, from a copy of a
//! multi-threaded host: it may only make async-signal-safe calls (raw syscalls on stack buffers,
//! no allocation, no locks) and never returns to the code that would exec.

use std::os::fd::RawFd;

/// What the supervisor needs, prepared before the fork.
pub struct Supervision {
    /// Read end of the liveness pipe (its number after the child's descriptors were set up); it
    /// reads EOF when the host's write end closes.
    pub liveness: RawFd,
    /// Where the shell's wait status goes, as `prefix`, the status in decimal, then a NUL.
    pub report_fd: RawFd,
    pub prefix: Vec<u8>,
}

/// Longest report prefix (the status record start); a longer one is cut.
const MAX_PREFIX_BYTES: usize = 64;

/// Forks once more: the new child returns `Ok` and goes on to exec the shell, the calling
/// process becomes the shell's supervisor and never returns.
///
/// # Safety
/// Only between fork and exec (in `pre_exec`), after the child's descriptors are in place.
pub unsafe fn fork_supervised(sup: &Supervision) -> std::io::Result<()> {
    let pid = libc::fork();
    if pid < 0 {
        return Err(std::io::Error::last_os_error());
    }
    if pid == 0 {
        // The shell. Subreaping is not inherited over fork, and the shell must stay one: the
        // processes of one run are found as its children. The liveness pipe is not its business.
        libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        libc::close(sup.liveness);
        return Ok(());
    }
    supervise(pid, sup)
}

unsafe fn supervise(shell: libc::pid_t, sup: &Supervision) -> ! {
    // Only the liveness pipe (or SIGKILL) ends the supervisor: a `kill 0` from a command must not.
    for sig in [
        libc::SIGTERM,
        libc::SIGINT,
        libc::SIGHUP,
        libc::SIGQUIT,
        libc::SIGPIPE,
        libc::SIGUSR1,
        libc::SIGUSR2,
        libc::SIGTSTP,
        libc::SIGTTIN,
        libc::SIGTTOU,
    ] {
        libc::signal(sig, libc::SIG_IGN);
    }
    let mut chld: libc::sigset_t = std::mem::zeroed();
    libc::sigemptyset(&mut chld);
    libc::sigaddset(&mut chld, libc::SIGCHLD);
    libc::sigprocmask(libc::SIG_BLOCK, &chld, std::ptr::null_mut());
    let sigchld = libc::signalfd(-1, &chld, libc::SFD_NONBLOCK | libc::SFD_CLOEXEC);
    close_all_but(&[sup.liveness, sup.report_fd, sigchld]);

    let mut report_fd = sup.report_fd;
    loop {
        let mut fds = [
            libc::pollfd {
                fd: sup.liveness,
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
        if libc::poll(fds.as_mut_ptr(), 2, timeout_ms) < 0 {
            continue;
        }
        if fds[0].revents != 0 {
            kill_all_children();
            libc::_exit(0);
        }
        let mut drain = [0u8; 512];
        while sigchld >= 0 && libc::read(sigchld, drain.as_mut_ptr().cast(), drain.len()) > 0 {}
        loop {
            let mut status = 0;
            let pid = libc::waitpid(-1, &mut status, libc::WNOHANG);
            if pid == shell && report_fd >= 0 {
                report(report_fd, &sup.prefix, status);
                libc::close(report_fd);
                report_fd = -1;
            } else if pid == 0 {
                break;
            } else if pid < 0 {
                // No children left; once the shell is gone too, there is nothing to supervise.
                if report_fd < 0 {
                    libc::_exit(0);
                }
                break;
            }
        }
    }
}

/// Closes every descriptor but `keep` (negative entries ignored).
unsafe fn close_all_but(keep: &[RawFd]) {
    let max = libc::sysconf(libc::_SC_OPEN_MAX);
    let max = if max <= 0 { 1 << 16 } else { max as RawFd };
    let mut fd = 3;
    while fd < max {
        let next_kept = keep.iter().copied().filter(|&k| k >= fd).min();
        let end = next_kept.unwrap_or(max);
        if end > fd {
            // close_range (Linux 5.9) in one call; one close per descriptor before that.
            if libc::syscall(
                libc::SYS_close_range,
                fd as libc::c_uint,
                (end - 1) as libc::c_uint,
                0,
            ) != 0
            {
                for f in fd..end.min(4096) {
                    libc::close(f);
                }
            }
        }
        fd = end + 1;
    }
}

/// Writes `prefix`, `status` in decimal and a NUL in one write.
unsafe fn report(fd: RawFd, prefix: &[u8], status: libc::c_int) {
    let mut buf = [0u8; MAX_PREFIX_BYTES + 16];
    let prefix = &prefix[..prefix.len().min(MAX_PREFIX_BYTES)];
    buf[..prefix.len()].copy_from_slice(prefix);
    let mut len = prefix.len() + write_decimal(&mut buf[prefix.len()..], status);
    buf[len] = 0;
    len += 1;
    libc::write(fd, buf.as_ptr().cast(), len);
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
unsafe fn kill_all_children() {
    loop {
        for_each_child(|pid| {
            libc::kill(pid, libc::SIGKILL);
        });
        let mut status = 0;
        if libc::waitpid(-1, &mut status, 0) < 0
            && std::io::Error::last_os_error().raw_os_error() == Some(libc::ECHILD)
        {
            return;
        }
    }
}

/// Calls `f` with each pid in `/proc/thread-self/children` (the supervisor has one thread).
unsafe fn for_each_child(mut f: impl FnMut(libc::pid_t)) {
    let fd = libc::open(
        c"/proc/thread-self/children".as_ptr(),
        libc::O_RDONLY | libc::O_CLOEXEC,
    );
    if fd < 0 {
        return;
    }
    let mut buf = [0u8; 4096];
    let mut pid: libc::pid_t = 0;
    let mut in_number = false;
    loop {
        let n = libc::read(fd, buf.as_mut_ptr().cast(), buf.len());
        if n <= 0 {
            break;
        }
        for &b in &buf[..n as usize] {
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
    libc::close(fd);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal() {
        let mut out = [0u8; 12];
        for n in [0, 7, 42, 256, -1, i32::MAX, i32::MIN] {
            let len = write_decimal(&mut out, n);
            assert_eq!(std::str::from_utf8(&out[..len]).unwrap(), n.to_string());
        }
    }
}
