//! Windows x64, on Git for Windows' bash: the process table from a Toolhelp snapshot
//! (`toolhelp`: pid, parent, creation time as identity, image path), a process's end through
//! `TerminateProcess` (exit code 128+n, as MSYS's `kill` does), random bytes from
//! `BCryptGenRandom`, starts into a job object (`job`: suspended, assigned, resumed; only our
//! handles inherited; the whole tree ended by `TerminateJobObject` or by closing the job), named
//! pipes only the user can open (`pipe`), Git Bash found (`discover`), paths translated both
//! ways (`paths`), the start's plain data (`plan`), and the session's plumbing: descriptors as
//! handles (`fd`, mounted by the door), readiness from a thread per registered handle (`ready`),
//! the door's start into a job with the host as supervisor (`start`), the pseudo-terminal as a
//! pseudo-console (`conpty`, ConPTY), and the removal of scratch directories dead hosts left
//! (`scratch`). The sandbox fails closed (`sandbox`). See docs/windows.md.
//!
//! Built (type-checked and linked for x86_64-pc-windows-gnu by `scripts/check-windows.mjs`);
//! what of it ran under wine is in docs/windows.md.

pub(crate) mod conpty;
pub(crate) mod discover;
pub(crate) mod job;
pub(crate) mod paths;
pub(crate) mod pipe;
pub(crate) mod plan;
pub(crate) mod ready;
pub(crate) mod sandbox;
pub(crate) mod scratch;
pub(crate) mod start;
mod toolhelp;

#[cfg(test)]
mod channel_tests;
#[cfg(test)]
mod conpty_tests;

use std::ffi::c_void;
use std::io;
use std::path::{Path, PathBuf};

use windows_sys::Win32::Foundation::{CloseHandle, HANDLE};

use super::entry::FdTarget;
use super::fd::{OwnedFd, RawFd};
pub(crate) use toolhelp::{all_pids, children, entry, exe_name, exe_path, snapshot};

/// No memory filesystem on Windows: scratch files go in `%TEMP%`.
pub(crate) const MEMORY_DIRS: &[&str] = &[];

/// An owned kernel handle, closed on drop.
#[derive(Debug)]
pub(crate) struct Handle(pub(crate) HANDLE);

// SAFETY: a kernel handle is a process-wide value; any thread may use or close it.
unsafe impl Send for Handle {}
// SAFETY: as above; the calls made through a shared handle are thread-safe kernel calls.
unsafe impl Sync for Handle {}

impl Handle {
    /// Owns `h`, or the last error when it is null or `INVALID_HANDLE_VALUE`.
    pub(crate) fn new(h: HANDLE) -> io::Result<Handle> {
        if h.is_null() || h == windows_sys::Win32::Foundation::INVALID_HANDLE_VALUE {
            Err(io::Error::last_os_error())
        } else {
            Ok(Handle(h))
        }
    }

    pub(crate) fn raw(&self) -> HANDLE {
        self.0
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: we own the handle and close it once.
        unsafe { CloseHandle(self.0) };
    }
}

/// Direct children of a single-threaded process: the same snapshot walk as [`children`].
pub(crate) fn children_of_single_threaded(pid: i32) -> Vec<i32> {
    children(pid)
}

/// A process's children list; on Windows each read is a Toolhelp snapshot.
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

/// A process's command line is not read on Windows yet (it sits in the process's own memory):
/// empty, as for a process that cannot be read.
pub(crate) fn argv(_pid: i32) -> Vec<String> {
    Vec::new()
}

/// Descriptors are a POSIX notion: a Windows process has handles, not read here.
pub(crate) fn fd_path(_pid: i32, _fd: i32) -> Option<PathBuf> {
    None
}
pub(crate) fn fd_paths(_pid: i32) -> Vec<PathBuf> {
    Vec::new()
}
pub(crate) fn pipe_id(_pid: i32, _fd: i32) -> Option<u64> {
    None
}
pub(crate) fn open_fds(_pid: i32) -> Option<Vec<(i32, FdTarget)>> {
    None
}
/// Another process's environment is not read on Windows (the posix backend's marker is not used
/// here: a job holds a run's processes).
pub(crate) fn environ_contains(_pid: i32, _needle: &[u8]) -> bool {
    false
}

/// The host's identity, which a shell inherits: the user's SID (a pooled shell is only handed to
/// the same user).
pub(crate) fn host_identity() -> Option<String> {
    pipe::current_user_sid()
        .ok()
        .map(|sid| format!("user {sid}"))
}

/// The exit watch: a handle on process `pid` (`SYNCHRONIZE`, to wait for it; `TERMINATE`, to end
/// it through the watch), which is signalled once it exits and names that very process whatever
/// becomes of its pid. Registered, its readiness is that exit (`ready.rs`).
pub(crate) fn exit_watch(pid: i32) -> io::Result<OwnedFd> {
    use windows_sys::Win32::System::Threading::{
        OpenProcess, PROCESS_QUERY_LIMITED_INFORMATION, PROCESS_SYNCHRONIZE, PROCESS_TERMINATE,
    };
    let access = PROCESS_SYNCHRONIZE | PROCESS_TERMINATE | PROCESS_QUERY_LIMITED_INFORMATION;
    // SAFETY: OpenProcess takes plain values and returns a new handle or null.
    let h = Handle::new(unsafe { OpenProcess(access, 0, pid as u32) })?;
    Ok(OwnedFd::from_handle(h))
}

/// Ends the watched process with exit code 128+`signal`: `Some(false)` when it had exited.
/// `None` (the caller signals the pid, which sends nothing) for SIGSTOP and SIGCONT.
pub(crate) fn signal_by_watch(watch: &OwnedFd, signal: i32) -> Option<bool> {
    use windows_sys::Win32::System::Threading::{TerminateProcess, WaitForSingleObject};
    if signal == crate::process::os::signal::SIGSTOP
        || signal == crate::process::os::signal::SIGCONT
    {
        return None;
    }
    // SAFETY: a process handle we own.
    let exited = unsafe { WaitForSingleObject(watch.raw_handle(), 0) } == 0;
    if exited || signal == 0 {
        return Some(!exited);
    }
    // SAFETY: a process handle we own, opened with PROCESS_TERMINATE.
    Some(unsafe { TerminateProcess(watch.raw_handle(), 128 + signal as u32) } != 0)
}
pub(crate) fn dup_from(_watch: &OwnedFd, _fd: RawFd) -> io::Result<OwnedFd> {
    Err(io::ErrorKind::Unsupported.into())
}

/// Fills `buf` from the system's preferred random generator.
pub(crate) fn fill_random(buf: &mut [u8]) -> io::Result<()> {
    use windows_sys::Win32::Security::Cryptography::{
        BCryptGenRandom, BCRYPT_USE_SYSTEM_PREFERRED_RNG,
    };
    // SAFETY: writes `buf.len()` bytes into `buf`; no algorithm handle with this flag.
    let status = unsafe {
        BCryptGenRandom(
            std::ptr::null_mut(),
            buf.as_mut_ptr(),
            buf.len() as u32,
            BCRYPT_USE_SYSTEM_PREFERRED_RNG,
        )
    };
    if status < 0 {
        return Err(io::Error::other(format!(
            "BCryptGenRandom failed (NTSTATUS {status:#x})"
        )));
    }
    Ok(())
}

/// Ends `pid` with exit code 128+`signal` (what MSYS's `kill` does to a process that is not an
/// MSYS one): whether it was ended. SIGSTOP and SIGCONT are not sent (Windows has no stop).
pub(crate) fn kill(pid: i32, signal: i32) -> bool {
    use windows_sys::Win32::System::Threading::{OpenProcess, TerminateProcess, PROCESS_TERMINATE};
    if pid <= 0
        || signal == crate::process::os::signal::SIGSTOP
        || signal == crate::process::os::signal::SIGCONT
    {
        return false;
    }
    if signal == 0 {
        return toolhelp::entry(pid).is_some();
    }
    // SAFETY: OpenProcess takes plain values and returns a new handle or null.
    let Ok(process) = Handle::new(unsafe { OpenProcess(PROCESS_TERMINATE, 0, pid as u32) }) else {
        return false;
    };
    // SAFETY: a process handle we own, opened with PROCESS_TERMINATE.
    unsafe { TerminateProcess(process.raw(), 128 + signal as u32) != 0 }
}

/// The signal an exit code reports: 128+n for the signals a result names (what `kill` above and
/// MSYS's `kill` give); anything else is a plain exit code.
pub(crate) fn signal_of_exit_code(code: i32) -> Option<i32> {
    (129..=159).contains(&code).then_some(code - 128)
}

/// How many names `file` has (hard links).
pub(crate) fn hard_links(file: &std::fs::File) -> io::Result<u32> {
    use std::os::windows::io::AsRawHandle;
    use windows_sys::Win32::Storage::FileSystem::{
        GetFileInformationByHandle, BY_HANDLE_FILE_INFORMATION,
    };
    // SAFETY: plain data, all zeroes valid; filled by the call below.
    let mut info: BY_HANDLE_FILE_INFORMATION = unsafe { std::mem::zeroed() };
    // SAFETY: an open file's handle; the call writes one structure into `info`.
    if unsafe { GetFileInformationByHandle(file.as_raw_handle() as HANDLE, &mut info) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(info.nNumberOfLinks)
}

/// A file's identity: its volume's serial number and its file index (what a hard link shares).
pub(crate) fn file_id(path: &Path) -> io::Result<(u32, u64)> {
    use std::os::windows::io::AsRawHandle;
    use windows_sys::Win32::Storage::FileSystem::{
        GetFileInformationByHandle, BY_HANDLE_FILE_INFORMATION,
    };
    let file = std::fs::File::open(path)?;
    // SAFETY: plain data, all zeroes valid; filled by the call below.
    let mut info: BY_HANDLE_FILE_INFORMATION = unsafe { std::mem::zeroed() };
    // SAFETY: an open file's handle; the call writes one structure into `info`.
    if unsafe { GetFileInformationByHandle(file.as_raw_handle() as HANDLE, &mut info) } == 0 {
        return Err(io::Error::last_os_error());
    }
    let index = (u64::from(info.nFileIndexHigh) << 32) | u64::from(info.nFileIndexLow);
    Ok((info.dwVolumeSerialNumber, index))
}

/// The machine as discovery sees it: this process's environment and file system.
struct RealHost;

impl discover::Host for RealHost {
    fn var(&self, key: &str) -> Option<String> {
        std::env::var(key).ok()
    }
    fn is_file(&self, path: &str) -> bool {
        Path::new(path).is_file()
    }
}

/// The bash a session starts for the `shell` option `program` (see `discover`); the error says
/// every place tried and how to install or point at Git Bash.
pub(crate) fn find_shell(program: &str) -> io::Result<String> {
    discover::find_bash(Some(program), &RealHost)
        .map(|found| found.path)
        .map_err(|why| io::Error::new(io::ErrorKind::NotFound, why.to_string()))
}

/// A pointer-sized null, for calls that take optional pointers.
pub(crate) const NULL: *mut c_void = std::ptr::null_mut();
