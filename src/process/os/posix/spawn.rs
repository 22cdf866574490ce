//! One `posix_spawn`: a program in a session of its own, default signal dispositions and an
//! empty mask, the given descriptors at their numbers, and, for a terminal, a trampoline through
//! `/bin/sh` that makes it the controlling terminal (`posix_spawn` has no `TIOCSCTTY`: a session
//! leader without one acquires the first terminal it opens without `O_NOCTTY`, on Linux and on
//! macOS alike, which is what node-pty's `spawn-helper` does too).

use std::ffi::{c_char, CStr, CString};
use std::io;
use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use crate::process::os::fd;
use crate::process::os::native;

/// The trampoline of a terminal program: `$1` the terminal's path, then the program and its
/// arguments.
const TERMINAL_TRAMPOLINE: &str = r#"exec 0<>"$1" 1>&0 2>&0 || exit 127; shift; exec "$@""#;

/// What to start.
pub(super) struct Spawn<'a> {
    /// The program's path, as `execve` takes it (found already).
    pub(super) path: &'a CStr,
    /// `argv[0]`.
    pub(super) argv0: &'a str,
    pub(super) args: &'a [String],
    /// `NAME=value` entries.
    pub(super) env: &'a [String],
    pub(super) cwd: Option<&'a Path>,
    /// `(host fd, number in the program)`.
    pub(super) fds: &'a [(RawFd, RawFd)],
    /// The terminal to make the controlling one (its stdio is among `fds` already).
    pub(super) terminal: Option<&'a Path>,
}

/// The path of the terminal `tty` is open on.
pub(super) fn tty_path(tty: RawFd) -> io::Result<PathBuf> {
    let mut buf = [0u8; 256];
    // SAFETY: ttyname_r writes at most `buf.len()` bytes, NUL included, into `buf`.
    let rc = unsafe { libc::ttyname_r(tty, buf.as_mut_ptr().cast(), buf.len()) };
    if rc != 0 {
        return Err(io::Error::from_raw_os_error(rc));
    }
    let name = CStr::from_bytes_until_nul(&buf).map_err(io::Error::other)?;
    Ok(PathBuf::from(std::ffi::OsStr::from_bytes(name.to_bytes())))
}

/// Whether `path` (from `cwd` when relative) is a file we may execute: ENOENT, EACCES as
/// `execve` would fail.
fn startable(path: &CStr, cwd: Option<&Path>) -> io::Result<()> {
    let path = Path::new(std::ffi::OsStr::from_bytes(path.to_bytes()));
    let on_disk = match cwd {
        Some(cwd) if path.is_relative() => cwd.join(path),
        _ => path.to_path_buf(),
    };
    let meta = std::fs::metadata(&on_disk)?;
    let c = cstring(on_disk.as_os_str().as_bytes())?;
    if !meta.is_file() || !fd::is_executable(&c) {
        return Err(io::Error::from_raw_os_error(libc::EACCES));
    }
    Ok(())
}

fn cstring(s: impl Into<Vec<u8>>) -> io::Result<CString> {
    CString::new(s).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))
}

/// Starts `s`; returns the pid.
pub(super) fn spawn(s: &Spawn) -> io::Result<i32> {
    let mut argv: Vec<CString> = Vec::new();
    let path: CString = match s.terminal {
        Some(tty) => {
            // The trampoline's `exec` would turn a program that cannot start into sh's exit 127:
            // fail as `execve` would instead.
            startable(s.path, s.cwd)?;
            argv.extend([
                cstring("sh")?,
                cstring("-c")?,
                cstring(TERMINAL_TRAMPOLINE)?,
                cstring("sh")?,
                cstring(tty.as_os_str().as_bytes())?,
                CString::from(s.path),
            ]);
            cstring("/bin/sh")?
        }
        None => {
            argv.push(cstring(s.argv0)?);
            CString::from(s.path)
        }
    };
    for a in s.args {
        argv.push(cstring(a.as_bytes())?);
    }
    let env = s
        .env
        .iter()
        .map(|e| cstring(e.as_bytes()))
        .collect::<io::Result<Vec<_>>>()?;
    let cwd = s
        .cwd
        .map(|c| cstring(c.as_os_str().as_bytes()))
        .transpose()?;

    // A source may sit at a target number: every source is first copied above all targets.
    let above = s.fds.iter().map(|&(_, to)| to).max().unwrap_or(2) + 1;
    let moved = s
        .fds
        .iter()
        .map(|&(from, _)| fd::dup_cloexec(from, above))
        .collect::<io::Result<Vec<OwnedFd>>>()?;
    let table: Vec<(RawFd, RawFd)> = moved
        .iter()
        .zip(s.fds)
        .map(|(m, &(_, to))| (m.as_raw_fd(), to))
        .collect();

    let run = |path: &CStr, argv: &[CString]| {
        // SAFETY: every pointer handed to `posix_spawn_raw` is a NUL-terminated string or a
        // null-terminated array of them, all alive for the call.
        unsafe { posix_spawn_raw(path, argv, &env, cwd.as_deref(), &table) }
    };
    match run(&path, &argv) {
        Err(e) if e.raw_os_error() == Some(libc::ENOEXEC) && s.terminal.is_none() => {
            // As execvp: a file without `#!` is a script for /bin/sh.
            let mut sh = vec![cstring("/bin/sh")?, CString::from(s.path)];
            sh.extend(argv.into_iter().skip(1));
            run(c"/bin/sh", &sh)
        }
        other => other,
    }
}

/// `posix_spawn` with the file actions and attributes of [`spawn`].
///
/// # Safety
/// The strings must stay alive for the call (they do: all are borrowed).
unsafe fn posix_spawn_raw(
    path: &CStr,
    argv: &[CString],
    env: &[CString],
    cwd: Option<&CStr>,
    fds: &[(RawFd, RawFd)],
) -> io::Result<i32> {
    let check = |rc: libc::c_int| match rc {
        0 => Ok(()),
        e => Err(io::Error::from_raw_os_error(e)),
    };
    let mut argv_ptrs: Vec<*mut c_char> = argv.iter().map(|a| a.as_ptr() as *mut c_char).collect();
    argv_ptrs.push(std::ptr::null_mut());
    let mut env_ptrs: Vec<*mut c_char> = env.iter().map(|e| e.as_ptr() as *mut c_char).collect();
    env_ptrs.push(std::ptr::null_mut());

    let mut actions = FileActions::new()?;
    let mut attr = Attr::new()?;
    for &(from, to) in fds {
        // SAFETY: the actions were initialized; adddup2 takes two integers.
        check(unsafe { libc::posix_spawn_file_actions_adddup2(&mut actions.0, from, to) })?;
    }
    if let Some(cwd) = cwd {
        // SAFETY: the actions were initialized; the path is NUL-terminated and copied.
        check(unsafe { libc::posix_spawn_file_actions_addchdir_np(&mut actions.0, cwd.as_ptr()) })?;
    }
    // SAFETY: `sigset_t` is plain data, filled or emptied by the calls below before use.
    let mut all: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: as above.
    let mut none: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: sigfillset, sigdelset and sigemptyset write the set they are given.
    unsafe {
        libc::sigfillset(&mut all);
        // Never caught or ignored anyway; XNU's spawn need not be asked to reset them.
        libc::sigdelset(&mut all, libc::SIGKILL);
        libc::sigdelset(&mut all, libc::SIGSTOP);
        libc::sigemptyset(&mut none);
    }
    let flags = libc::POSIX_SPAWN_SETSIGDEF as libc::c_short
        | libc::POSIX_SPAWN_SETSIGMASK as libc::c_short
        | native::SPAWN_FLAGS;
    // SAFETY: the attributes were initialized; the sets live across the calls, which copy them.
    unsafe {
        check(libc::posix_spawnattr_setsigdefault(&mut attr.0, &all))?;
        check(libc::posix_spawnattr_setsigmask(&mut attr.0, &none))?;
        check(libc::posix_spawnattr_setflags(&mut attr.0, flags))?;
    }
    let mut pid: libc::pid_t = 0;
    // SAFETY: every pointer is valid for the call: the path, and the null-terminated arrays of
    // NUL-terminated strings the caller keeps alive; the actions and attributes were initialized.
    check(unsafe {
        libc::posix_spawn(
            &mut pid,
            path.as_ptr(),
            &actions.0,
            &attr.0,
            argv_ptrs.as_ptr(),
            env_ptrs.as_ptr(),
        )
    })?;
    Ok(pid)
}

struct FileActions(libc::posix_spawn_file_actions_t);

impl FileActions {
    fn new() -> io::Result<FileActions> {
        // SAFETY: the type is plain data (or a pointer on macOS) that init fills in.
        let mut a: libc::posix_spawn_file_actions_t = unsafe { std::mem::zeroed() };
        // SAFETY: init writes the value it is given.
        match unsafe { libc::posix_spawn_file_actions_init(&mut a) } {
            0 => Ok(FileActions(a)),
            e => Err(io::Error::from_raw_os_error(e)),
        }
    }
}

impl Drop for FileActions {
    fn drop(&mut self) {
        // SAFETY: initialized in `new`, destroyed once.
        unsafe { libc::posix_spawn_file_actions_destroy(&mut self.0) };
    }
}

struct Attr(libc::posix_spawnattr_t);

impl Attr {
    fn new() -> io::Result<Attr> {
        // SAFETY: the type is plain data (or a pointer on macOS) that init fills in.
        let mut a: libc::posix_spawnattr_t = unsafe { std::mem::zeroed() };
        // SAFETY: init writes the value it is given.
        match unsafe { libc::posix_spawnattr_init(&mut a) } {
            0 => Ok(Attr(a)),
            e => Err(io::Error::from_raw_os_error(e)),
        }
    }
}

impl Drop for Attr {
    fn drop(&mut self) {
        // SAFETY: initialized in `new`, destroyed once.
        unsafe { libc::posix_spawnattr_destroy(&mut self.0) };
    }
}
