//! Linux: the process table from `/proc` (`procfs`), exit notification through pidfds,
//! `/dev/ptmx` terminals (`pty`), the `clone` supervisor (`supervisor/`, on the raw system
//! calls of `sys`) and the sandbox (`sandbox`: Landlock and `seccomp`).

mod procfs;
mod pty;
pub(crate) mod sandbox;
mod seccomp;
pub(crate) mod supervisor;
pub(crate) mod sys;

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

pub(crate) use procfs::{
    all_pids, argv, children, children_of_single_threaded, entry, environ_contains, exe_name,
    exe_path, fd_path, fd_paths, host_identity, open_fds, pipe_id, snapshot, ChildrenFile,
};
pub(crate) use pty::open_pty;

/// The posix backend's extra `posix_spawn` flags: glibc's `POSIX_SPAWN_SETSID` (2.26+). Our
/// descriptors are all close-on-exec already.
pub(crate) const SPAWN_FLAGS: libc::c_short = libc::POSIX_SPAWN_SETSID as libc::c_short;

/// Memory filesystems a shell's scratch directory may go in (see `fd::scratch_parent`).
pub(crate) const MEMORY_DIRS: &[&str] = &["/dev/shm"];

/// Frees the storage of `len` bytes of `file` from `start` (whole pages), which read as zeros
/// afterwards (`fallocate` with `PUNCH_HOLE`); filesystems that cannot do it are left alone.
pub(crate) fn punch_hole(file: &std::fs::File, start: u64, len: u64) {
    // SAFETY: fallocate only changes the storage of the descriptor's file.
    let _ = unsafe {
        libc::fallocate(
            file.as_raw_fd(),
            libc::FALLOC_FL_PUNCH_HOLE | libc::FALLOC_FL_KEEP_SIZE,
            start as libc::off_t,
            len as libc::off_t,
        )
    };
}

/// A timer descriptor, non-blocking: readable once `after` has passed on the monotonic clock
/// (a timerfd; it fires within the kernel's high-resolution timer slack, tens of microseconds).
pub(crate) fn timer(after: std::time::Duration) -> io::Result<OwnedFd> {
    // SAFETY: timerfd_create takes a clock and flags and returns a new descriptor or -1.
    let fd = unsafe {
        libc::timerfd_create(
            libc::CLOCK_MONOTONIC,
            libc::TFD_NONBLOCK | libc::TFD_CLOEXEC,
        )
    };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor just returned to us and owned by nothing else.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    // A zero value would disarm the timer: what is due now is due in a nanosecond.
    let after = after.max(std::time::Duration::from_nanos(1));
    let spec = libc::itimerspec {
        it_interval: libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        },
        it_value: libc::timespec {
            tv_sec: after.as_secs() as libc::time_t,
            tv_nsec: after.subsec_nanos() as libc::c_long,
        },
    };
    // SAFETY: `spec` is a valid itimerspec read by the call; no old value is asked for.
    if unsafe { libc::timerfd_settime(fd.as_raw_fd(), 0, &spec, std::ptr::null_mut()) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(fd)
}

/// A pidfd (Linux 5.3+), non-blocking: readable once `pid` exits.
pub(crate) fn exit_watch(pid: i32) -> io::Result<OwnedFd> {
    // SAFETY: pidfd_open takes a pid and flags, touches no memory of ours, and returns a new
    // descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, libc::PIDFD_NONBLOCK) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor just returned to us and owned by nothing else.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// Sends `signal` to the process behind the pidfd `watch` (the very process, whatever became of
/// its pid): `Some(false)` when it has exited. No /proc read, as a check of the pid would need.
pub(crate) fn signal_by_watch(watch: &OwnedFd, signal: i32) -> Option<bool> {
    // SAFETY: pidfd_send_signal takes a pidfd we own, a signal number, no siginfo and no flags.
    let rc = unsafe {
        libc::syscall(
            libc::SYS_pidfd_send_signal,
            watch.as_raw_fd(),
            signal,
            std::ptr::null::<libc::siginfo_t>(),
            0,
        )
    };
    Some(rc == 0)
}

/// A duplicate of descriptor `fd` of the process behind the pidfd `watch` (Linux 5.6+),
/// close-on-exec.
pub(crate) fn dup_from(watch: &OwnedFd, fd: RawFd) -> io::Result<OwnedFd> {
    // SAFETY: pidfd_getfd takes a pidfd we own, a descriptor number of that process and no
    // flags; it returns a new descriptor that we then own.
    let dup = unsafe { libc::syscall(libc::SYS_pidfd_getfd, watch.as_raw_fd(), fd, 0) };
    if dup < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor just returned to us and owned by nothing else.
    Ok(unsafe { OwnedFd::from_raw_fd(dup as RawFd) })
}

/// A pipe, both ends close-on-exec from the start: `(read, write)`.
pub(crate) fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two descriptors into the two-element array it is given.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors were just created for us and are owned by nothing else.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Best effort: gives the pipe behind `fd` a buffer of `bytes`.
pub(crate) fn grow_pipe(fd: &impl AsRawFd, bytes: libc::c_int) {
    // SAFETY: F_SETPIPE_SZ on a pipe descriptor the caller holds takes a size and touches no
    // memory.
    unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_SETPIPE_SZ, bytes) };
}

/// Eight bytes from the kernel's random source (getrandom).
pub(crate) fn random_bytes() -> io::Result<[u8; 8]> {
    let mut bytes = [0u8; 8];
    // SAFETY: getrandom writes at most `bytes.len()` bytes into the buffer it is given.
    let got = unsafe { libc::getrandom(bytes.as_mut_ptr().cast(), bytes.len(), 0) };
    if got < 0 {
        return Err(io::Error::last_os_error());
    }
    if got != bytes.len() as isize {
        // Requests of up to 256 bytes are never cut short once the pool is ready; this is a
        // pool that is not.
        return Err(io::ErrorKind::WouldBlock.into());
    }
    Ok(bytes)
}
