//! Descriptors on Windows: the names the code above the door uses for POSIX descriptors and their
//! helpers (`OwnedFd`, `AsyncFd`, `pipe`, `make_fifo`, …), so that it compiles unchanged. The
//! session framing over FIFOs and pipes is not on Windows yet (its named pipes are
//! `super::pipe`): no value of these descriptor types can be made (each holds [`Never`]), and
//! every helper that would make one fails with [`not_yet`] at run time. What has a Windows
//! meaning is real: `kill` (TerminateProcess), random bytes, private temp directories, scratch
//! paths.

use std::ffi::CStr;
use std::fs::File;
use std::io;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::sync::Arc;

use tokio::io::Interest;

use crate::error::{Error, Result};

/// No value: what a Windows stand-in for a POSIX descriptor holds.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Never {}

/// The error of a POSIX-descriptor call on Windows (the shell session's framing).
pub(crate) fn not_yet(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::Unsupported,
        format!("{what} is not yet available on Windows (agent-shell's shell sessions run on Linux and macOS for now; see docs/windows.md)"),
    )
}

/// A descriptor number, as the session framing numbers the shell's descriptors.
pub(crate) type RawFd = i32;

/// A POSIX descriptor we own: none exists on Windows.
#[derive(Debug)]
pub(crate) struct OwnedFd(Never);

/// A borrowed POSIX descriptor: none exists on Windows.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BorrowedFd<'a>(Never, PhantomData<&'a ()>);

pub(crate) trait AsRawFd {
    fn as_raw_fd(&self) -> RawFd;
}

pub(crate) trait AsFd {
    fn as_fd(&self) -> BorrowedFd<'_>;
}

pub(crate) trait FromRawFd {
    /// # Safety
    /// As std's: `fd` is open and owned by nothing else.
    unsafe fn from_raw_fd(fd: RawFd) -> Self;
}

impl AsRawFd for OwnedFd {
    fn as_raw_fd(&self) -> RawFd {
        match self.0 {}
    }
}
impl AsFd for OwnedFd {
    fn as_fd(&self) -> BorrowedFd<'_> {
        match self.0 {}
    }
}
impl AsRawFd for BorrowedFd<'_> {
    fn as_raw_fd(&self) -> RawFd {
        match self.0 {}
    }
}
impl AsFd for BorrowedFd<'_> {
    fn as_fd(&self) -> BorrowedFd<'_> {
        *self
    }
}
impl<T: AsRawFd> AsRawFd for Arc<T> {
    fn as_raw_fd(&self) -> RawFd {
        (**self).as_raw_fd()
    }
}
impl<T: AsFd> AsFd for Arc<T> {
    fn as_fd(&self) -> BorrowedFd<'_> {
        (**self).as_fd()
    }
}
impl<T: AsRawFd> AsRawFd for &T {
    fn as_raw_fd(&self) -> RawFd {
        (**self).as_raw_fd()
    }
}
impl FromRawFd for OwnedFd {
    unsafe fn from_raw_fd(_fd: RawFd) -> Self {
        unreachable_descriptor()
    }
}
impl From<OwnedFd> for File {
    fn from(fd: OwnedFd) -> File {
        match fd.0 {}
    }
}
/// A Windows file has a handle, not a descriptor number: -1, which every helper here refuses
/// (they all fail with [`not_yet`] before using it).
impl AsRawFd for File {
    fn as_raw_fd(&self) -> RawFd {
        -1
    }
}

impl BorrowedFd<'_> {
    pub(crate) fn try_clone_to_owned(&self) -> io::Result<OwnedFd> {
        match self.0 {}
    }
}

impl OwnedFd {
    pub(crate) fn try_clone(&self) -> io::Result<OwnedFd> {
        match self.0 {}
    }
}

/// A descriptor number never comes from Windows code (nothing here returns one).
#[allow(clippy::panic)]
fn unreachable_descriptor() -> ! {
    // Not reachable: every RawFd above the door comes from an OwnedFd, which cannot exist here.
    std::process::abort()
}

/// tokio's `AsyncFd` stand-in: never made on Windows ([`register`] fails).
#[derive(Debug)]
pub(crate) struct AsyncFd<T>(Never, PhantomData<T>);

/// The guard a readiness wait gives: never made on Windows.
pub(crate) struct ReadyGuard<'a>(Never, PhantomData<&'a ()>);

impl ReadyGuard<'_> {
    pub(crate) fn clear_ready(&mut self) {
        match self.0 {}
    }
}

impl<T> AsyncFd<T> {
    pub(crate) fn get_ref(&self) -> &T {
        match self.0 {}
    }
    pub(crate) async fn readable(&self) -> io::Result<ReadyGuard<'_>> {
        match self.0 {}
    }
    pub(crate) async fn writable(&self) -> io::Result<ReadyGuard<'_>> {
        match self.0 {}
    }
}

/// What may be registered with the runtime (see the POSIX side's `StableFd`).
///
/// # Safety
/// Nothing to uphold on Windows: nothing is registered.
pub(crate) unsafe trait StableFd {}
// SAFETY: nothing is registered on Windows.
unsafe impl StableFd for OwnedFd {}
// SAFETY: nothing is registered on Windows.
unsafe impl StableFd for File {}
// SAFETY: nothing is registered on Windows.
unsafe impl StableFd for BorrowedFd<'_> {}
// SAFETY: nothing is registered on Windows.
unsafe impl<T: StableFd> StableFd for Arc<T> {}

/// The size a FIFO's pipe is grown to on POSIX; unused here.
pub(crate) const FIFO_PIPE_BYTES: i32 = 1 << 20;

pub(crate) fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    Err(not_yet("a POSIX pipe"))
}
pub(crate) fn read_fd(fd: &impl AsRawFd, _buf: &mut [u8]) -> io::Result<usize> {
    let _ = fd.as_raw_fd();
    Err(not_yet("read(2)"))
}
pub(crate) fn write_fd(fd: &impl AsRawFd, _buf: &[u8]) -> io::Result<usize> {
    let _ = fd.as_raw_fd();
    Err(not_yet("write(2)"))
}
pub(crate) fn readable_now(fd: &impl AsRawFd) -> io::Result<bool> {
    let _ = fd.as_raw_fd();
    Err(not_yet("poll(2)"))
}
pub(crate) fn poll_readable(fd: &impl AsRawFd, _timeout_ms: i32) -> io::Result<bool> {
    let _ = fd.as_raw_fd();
    Err(not_yet("poll(2)"))
}
pub(crate) fn set_nonblocking(fd: &impl AsRawFd, _on: bool) -> io::Result<()> {
    let _ = fd.as_raw_fd();
    Err(not_yet("O_NONBLOCK"))
}
pub(crate) fn offset(fd: &impl AsRawFd) -> io::Result<u64> {
    let _ = fd.as_raw_fd();
    Err(not_yet("lseek(2)"))
}
pub(crate) fn queued_bytes(fd: &impl AsRawFd) -> io::Result<usize> {
    let _ = fd.as_raw_fd();
    Err(not_yet("FIONREAD"))
}
pub(crate) fn dev_null() -> io::Result<BorrowedFd<'static>> {
    Err(not_yet("/dev/null as a descriptor"))
}
pub(crate) fn dup_cloexec(_fd: RawFd, _from: RawFd) -> io::Result<OwnedFd> {
    Err(not_yet("fcntl(F_DUPFD_CLOEXEC)"))
}
pub(crate) fn waitpid(_pid: i32, _hang: bool) -> io::Result<Option<i32>> {
    Err(not_yet("waitpid(2)"))
}

/// Ends `pid` (`TerminateProcess`, exit code 128+`signal`, as MSYS's `kill` does): whether it
/// was ended. SIGSTOP and SIGCONT are not sent: `false`.
pub(crate) fn kill(pid: i32, signal: i32) -> bool {
    super::native::kill(pid, signal)
}

/// A process group on Windows: none. Nothing is sent.
pub(crate) fn kill_group(_group: i32, _signal: i32) -> bool {
    false
}

/// A process's group: Windows has none.
pub(crate) fn process_group(_pid: i32) -> Option<i32> {
    None
}

/// Whether `path` names a file (Windows has no execute bit to ask about).
pub(crate) fn is_executable(path: &CStr) -> bool {
    path.to_str().is_ok_and(|p| Path::new(p).is_file())
}

pub(crate) fn register<T: StableFd>(_fd: T, _interest: Interest) -> io::Result<AsyncFd<T>> {
    Err(not_yet("a descriptor's readiness"))
}
pub(crate) fn register_readable(fd: OwnedFd) -> io::Result<AsyncFd<OwnedFd>> {
    match fd.0 {}
}

/// No timer descriptor on Windows: a run's deadline is left to the runtime's timer (`run::stop`
/// falls back to it), which fires within a few milliseconds of it.
pub(crate) fn timer(_after: std::time::Duration) -> io::Result<AsyncFd<OwnedFd>> {
    Err(not_yet("a timer descriptor"))
}

pub(crate) fn make_fifo(path: &Path) -> Result<(OwnedFd, OwnedFd)> {
    Err(Error::io(
        format!("creating {}", path.display()),
        not_yet("a FIFO"),
    ))
}

/// A new directory in `%TEMP%` named `prefix` and ten random characters. `%TEMP%` is the user's
/// own (`C:\Users\<user>\AppData\Local\Temp`), whose ACL the directory inherits.
pub(crate) fn make_private_temp_dir(prefix: &str) -> io::Result<PathBuf> {
    let dir = scratch_path_in(&std::env::temp_dir(), prefix)?;
    std::fs::create_dir(&dir)?;
    Ok(dir)
}

/// A path in `parent`, `prefix` and ten random letters and digits, that nothing is at.
pub(crate) fn scratch_path_in(parent: &Path, prefix: &str) -> io::Result<PathBuf> {
    const LETTERS: &[u8; 36] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let mut n = u64::from_ne_bytes(random_bytes()?);
    let mut name = String::from(prefix);
    // Lower case and digits only: NTFS names ignore case, so 62 letters would collide.
    for _ in 0..13 {
        name.push(char::from(LETTERS[(n % 36) as usize]));
        n /= 36;
    }
    Ok(parent.join(name))
}

/// `%TEMP%`: Windows has no memory filesystem for scratch files.
pub(crate) fn scratch_parent() -> PathBuf {
    std::env::temp_dir()
}

/// Storage is not freed behind a read script on Windows.
pub(crate) fn punch(_file: &File, _from: u64, _to: u64) {}

/// Eight random bytes (`BCryptGenRandom`, the system's preferred generator).
pub(crate) fn random_bytes() -> io::Result<[u8; 8]> {
    let mut bytes = [0u8; 8];
    super::native::fill_random(&mut bytes)?;
    Ok(bytes)
}

/// The signal that ended a process, as a result reports it: a process `TerminateProcess` ended
/// with exit code 128+n (what [`kill`] and MSYS's `kill` use) reads as signal n.
pub(crate) fn exit_signal(status: &ExitStatus) -> Option<i32> {
    super::native::signal_of_exit_code(status.code()?)
}

/// An `ExitStatus` from a raw exit code.
pub(crate) fn exit_status(raw: i32) -> ExitStatus {
    use std::os::windows::process::ExitStatusExt;
    ExitStatus::from_raw(raw as u32)
}

/// Writes all of `buf` at `offset` (Windows moves the file's position too: callers write the file
/// only through this).
pub(crate) fn write_all_at(file: &File, mut buf: &[u8], mut offset: u64) -> io::Result<()> {
    use std::os::windows::fs::FileExt;
    while !buf.is_empty() {
        match file.seek_write(buf, offset)? {
            0 => return Err(io::ErrorKind::WriteZero.into()),
            n => {
                buf = &buf[n..];
                offset += n as u64;
            }
        }
    }
    Ok(())
}

/// What tells a changed file from the one seen before: `(mtime, size, 0)` (no inode here).
pub(crate) fn file_stamp(meta: &std::fs::Metadata) -> (i64, u64, u64) {
    let mtime = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .map_or(0, |d| d.as_nanos() as i64);
    (mtime, meta.len(), 0)
}

/// Makes `dir`; it inherits its parent's ACL (`%TEMP%` is the user's own).
pub(crate) fn create_private_dir(dir: &Path) -> io::Result<()> {
    std::fs::create_dir(dir)
}

/// Opens `path` for writing, emptied, refusing anything but a regular file of its own: a
/// symbolic link or junction is opened as itself (`FILE_FLAG_OPEN_REPARSE_POINT`) and refused, as
/// is a file with other hard links.
pub(crate) fn create_own_file(path: &Path) -> io::Result<File> {
    use std::os::windows::fs::OpenOptionsExt;
    use windows_sys::Win32::Storage::FileSystem::FILE_FLAG_OPEN_REPARSE_POINT;
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .custom_flags(FILE_FLAG_OPEN_REPARSE_POINT)
        .open(path)?;
    let meta = file.metadata()?;
    if meta.file_type().is_symlink() {
        return Err(io::Error::other("it is a symbolic link; refused"));
    }
    if !meta.file_type().is_file() || super::native::hard_links(&file)? > 1 {
        return Err(io::Error::other(
            "it is not a regular file of its own (a device, or a hard link); refused",
        ));
    }
    file.set_len(0)?;
    Ok(file)
}

/// Creates `path`, new; it inherits its directory's ACL (the job snapshots go in `%TEMP%`, the
/// user's own).
pub(crate) fn create_private_file(path: &Path) -> io::Result<File> {
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

/// No pseudo-terminal on Windows yet (ConPTY is to come).
pub(crate) fn set_winsize(_master: &File, _cols: u16, _rows: u16) -> io::Result<()> {
    Err(not_yet("a pseudo-terminal (ConPTY)"))
}

#[cfg(test)]
pub(crate) fn winsize(fd: &impl AsRawFd) -> io::Result<(u16, u16)> {
    let _ = fd.as_raw_fd();
    Err(not_yet("a pseudo-terminal (ConPTY)"))
}

#[cfg(test)]
pub(crate) fn is_cloexec(fd: &impl AsRawFd) -> bool {
    let _ = fd.as_raw_fd();
    false
}

#[cfg(test)]
/// Windows has no execute bit: a file runs by its extension.
pub(crate) fn make_executable(path: &Path) -> io::Result<()> {
    std::fs::metadata(path).map(drop)
}

#[cfg(test)]
/// A symbolic link at `link` to the file `target` (needs Developer Mode or the privilege).
pub(crate) fn symlink_file(target: &Path, link: &Path) -> io::Result<()> {
    std::os::windows::fs::symlink_file(target, link)
}

#[cfg(test)]
/// A symbolic link at `link` to `target`: a directory link when `target` is a directory, else a
/// file link (needs Developer Mode or the privilege).
pub(crate) fn symlink(target: &Path, link: &Path) -> io::Result<()> {
    if target.is_dir() {
        std::os::windows::fs::symlink_dir(target, link)
    } else {
        std::os::windows::fs::symlink_file(target, link)
    }
}
