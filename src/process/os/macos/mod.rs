//! macOS: the process table from libproc (`proc_pidinfo`, `proc_listallpids`,
//! `proc_listchildpids`, `proc_pidfdinfo`, `proc_pidpath`) and `sysctl(KERN_PROCARGS2)` for
//! environments, exit notification from kqueue (`EVFILT_PROC`, `NOTE_EXIT`), terminals through
//! `posix_openpt`. Programs start through the posix backend (`super::posix`): macOS has no
//! `clone`, no subreaper and no pidfd.
//!
//! Type-checked and linked for aarch64 and x86_64 (`scripts/check-apple.mjs`), never run on a Mac
//! yet: docs/platforms.md lists every function here as such.

mod libproc;
pub(crate) mod parse;
mod pty;
pub(crate) mod sandbox;

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

pub(crate) use libproc::{
    all_pids, argv, children, entry, environ_contains, exe_name, exe_path, fd_path, fd_paths,
    open_fds, pipe_id, snapshot,
};
pub(crate) use pty::open_pty;

/// Apple's `POSIX_SPAWN_SETSID` (macOS 10.15+), which the libc crate does not define.
const POSIX_SPAWN_SETSID: libc::c_short = 0x0400;

/// The posix backend's extra `posix_spawn` flags: a session of its own, and no descriptor of the
/// host but those the file actions hand over (`POSIX_SPAWN_CLOEXEC_DEFAULT`), whatever another
/// thread opened without close-on-exec.
pub(crate) const SPAWN_FLAGS: libc::c_short =
    POSIX_SPAWN_SETSID | libc::POSIX_SPAWN_CLOEXEC_DEFAULT as libc::c_short;

/// macOS mounts no memory filesystem for temporary files: scratch directories go in the temp
/// directory (see `fd::scratch_parent`).
pub(crate) const MEMORY_DIRS: &[&str] = &[];

/// Left alone on macOS: APFS's `F_PUNCHHOLE` could free a read script's storage, but a session's
/// script there stays whole (as it did before punching came to Linux), and no Mac has run it.
pub(crate) fn punch_hole(_file: &std::fs::File, _start: u64, _len: u64) {}

/// The host's ids, groups and file-mode mask, which a shell inherits at its start, as text that is
/// equal for equal identities. The mask has no call that only reads it: it is read by setting it
/// to `077` and back (as Node's `process.umask()` does with `0`), so a file another thread makes
/// in that window gets fewer permissions, never more.
pub(crate) fn host_identity() -> Option<String> {
    // SAFETY: these take no arguments and only return ids.
    let ids = unsafe {
        (
            libc::getuid(),
            libc::geteuid(),
            libc::getgid(),
            libc::getegid(),
        )
    };
    // SAFETY: with a zero count getgroups only returns how many groups there are.
    let count = unsafe { libc::getgroups(0, std::ptr::null_mut()) };
    if count < 0 {
        return None;
    }
    let mut groups: Vec<libc::gid_t> = vec![0; count as usize + 1];
    // SAFETY: getgroups writes at most `groups.len()` ids into `groups`.
    let got = unsafe { libc::getgroups(groups.len() as libc::c_int, groups.as_mut_ptr()) };
    if got < 0 {
        return None;
    }
    groups.truncate(got as usize);
    // SAFETY: umask takes and returns a mask; the old one is put back at once.
    let mask = unsafe {
        let old = libc::umask(0o077);
        libc::umask(old);
        old
    };
    Some(format!("ids {ids:?} groups {groups:?} umask {mask:o}"))
}

/// Direct children of a single-threaded process: the same call as [`children`] here.
pub(crate) fn children_of_single_threaded(pid: i32) -> Vec<i32> {
    children(pid)
}

/// A process's children list; on macOS each read is one `proc_listchildpids`.
pub(crate) struct ChildrenFile {
    pid: i32,
}

impl ChildrenFile {
    pub(crate) fn open(pid: i32) -> ChildrenFile {
        ChildrenFile { pid }
    }

    pub(crate) fn read(&self) -> Vec<i32> {
        children(self.pid)
    }
}

fn owned(fd: RawFd) -> io::Result<OwnedFd> {
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor just returned to us and owned by nothing else.
    Ok(unsafe { OwnedFd::from_raw_fd(fd) })
}

fn set_cloexec(fd: &impl AsRawFd) -> io::Result<()> {
    // SAFETY: F_SETFD with FD_CLOEXEC on a descriptor the caller holds touches no memory.
    if unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_SETFD, libc::FD_CLOEXEC) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// A kqueue cannot signal the process it watches: `None` (the caller signals the pid).
pub(crate) fn signal_by_watch(_watch: &OwnedFd, _signal: i32) -> Option<bool> {
    None
}

/// A kqueue watching `pid` for `NOTE_EXIT`: readable once it exits (a kqueue is readable while
/// events are pending, and nothing takes this one's). A pid that has exited already (a zombie:
/// the caller has not reaped it) gives a pipe at EOF, readable at once.
pub(crate) fn exit_watch(pid: i32) -> io::Result<OwnedFd> {
    // SAFETY: `kevent` is plain data; every field that matters is set below.
    let mut change: libc::kevent = unsafe { std::mem::zeroed() };
    change.ident = pid as libc::uintptr_t;
    change.filter = libc::EVFILT_PROC;
    change.flags = libc::EV_ADD | libc::EV_ONESHOT;
    change.fflags = libc::NOTE_EXIT;
    match kqueue_with(&change) {
        Err(e) if e.raw_os_error() == Some(libc::ESRCH) => {
            let (read, _write) = pipe()?;
            Ok(read)
        }
        other => other,
    }
}

/// A new kqueue, close-on-exec, with `change` registered in it.
fn kqueue_with(change: &libc::kevent) -> io::Result<OwnedFd> {
    // SAFETY: kqueue takes no arguments and returns a new descriptor or -1.
    let kq = owned(unsafe { libc::kqueue() })?;
    set_cloexec(&kq)?;
    // SAFETY: one change read from `change`; no event list, so nothing is written.
    let rc = unsafe {
        libc::kevent(
            kq.as_raw_fd(),
            change,
            1,
            std::ptr::null_mut(),
            0,
            std::ptr::null(),
        )
    };
    if rc < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(kq)
}

/// A kqueue readable once `after` has passed: a one-shot `EVFILT_TIMER` in
/// microseconds, `NOTE_CRITICAL` so that the system does not coalesce it with later timers.
pub(crate) fn timer(after: std::time::Duration) -> io::Result<OwnedFd> {
    // SAFETY: `kevent` is plain data; every field that matters is set below.
    let mut change: libc::kevent = unsafe { std::mem::zeroed() };
    change.ident = 1;
    change.filter = libc::EVFILT_TIMER;
    change.flags = libc::EV_ADD | libc::EV_ONESHOT;
    change.fflags = libc::NOTE_USECONDS | libc::NOTE_CRITICAL;
    // Rounded up: a timer that fired before the deadline would leave the wait to the runtime's.
    change.data = after.as_nanos().div_ceil(1000).clamp(1, isize::MAX as u128) as libc::intptr_t;
    kqueue_with(&change)
}

/// macOS cannot copy another process's descriptor (Linux's `pidfd_getfd`).
pub(crate) fn dup_from(_watch: &OwnedFd, _fd: RawFd) -> io::Result<OwnedFd> {
    Err(io::ErrorKind::Unsupported.into())
}

/// A pipe, both ends then made close-on-exec (macOS has no `pipe2`; the posix backend starts
/// programs with `POSIX_SPAWN_CLOEXEC_DEFAULT`, so its own starts never catch the window).
pub(crate) fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: pipe writes two descriptors into the two-element array it is given.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } < 0 {
        return Err(io::Error::last_os_error());
    }
    let (read, write) = (owned(fds[0])?, owned(fds[1])?);
    set_cloexec(&read)?;
    set_cloexec(&write)?;
    Ok((read, write))
}

/// macOS pipes grow by themselves (to 64 KiB); there is no call to size one.
pub(crate) fn grow_pipe(_fd: &impl AsRawFd, _bytes: libc::c_int) {}

/// Eight bytes from the kernel's random source (getentropy).
pub(crate) fn random_bytes() -> io::Result<[u8; 8]> {
    let mut bytes = [0u8; 8];
    // SAFETY: getentropy writes `bytes.len()` (at most 256) bytes into the buffer it is given.
    if unsafe { libc::getentropy(bytes.as_mut_ptr().cast(), bytes.len()) } != 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(bytes)
}
