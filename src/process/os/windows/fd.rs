//! Descriptors on Windows: the names the code above the door uses for POSIX descriptors and their
//! helpers (`OwnedFd`, `AsyncFd`, `pipe`, `make_fifo`, …), made of handles, so that it compiles
//! and runs unchanged.
//!
//! - A descriptor is a handle: [`OwnedFd`] owns one (closed on drop), and its number
//!   ([`RawFd`]) is the handle's value, which 64-bit Windows keeps to 32 significant bits (so
//!   that handles can be shared with 32-bit processes: truncated, then sign-extended back).
//! - [`pipe`] is a named pipe (`super::windows::pipe`: unguessable name, the user's DACL) and
//!   its client: `(read, write)`, the read end ours (overlapped). [`make_fifo`] is an inbound
//!   named pipe at the name [`fifo_path_in`] gave (`//./pipe/…`, which a shell opens as it would
//!   a FIFO's path); its write end holds nothing (a pipe instance takes one client, the shell).
//! - Reads and writes are `ReadFile`/`WriteFile`; an unregistered pipe is never read blocking
//!   (`PeekNamedPipe` first: `WouldBlock` when empty, as a non-blocking FIFO is), and
//!   `readable_now` is `PeekNamedPipe` (a pipe) or a zero wait (a process handle).
//! - [`register`] gives a handle a feed (`super::windows::ready`): a thread of its own reading
//!   the pipe ahead of its reader, or waiting for the process; [`AsyncFd::readable`] waits for
//!   it, and `read_fd` takes from it.
//!
//! What has no Windows meaning fails with [`not_yet`] (`waitpid`, a timer descriptor: `run::stop`
//! falls back to the runtime's timer) or does nothing (`set_nonblocking`: reads never block here).

use std::ffi::CStr;
use std::fs::File;
use std::io;
use std::marker::PhantomData;
use std::path::{Path, PathBuf};
use std::process::ExitStatus;
use std::sync::Arc;

use tokio::io::Interest;
use windows_sys::Win32::Foundation::{
    CloseHandle, GetLastError, ERROR_IO_PENDING, HANDLE, WAIT_OBJECT_0,
};
use windows_sys::Win32::Storage::FileSystem::{
    GetFileType, ReadFile, SetFilePointerEx, WriteFile, FILE_CURRENT, FILE_TYPE_PIPE,
};
use windows_sys::Win32::System::Pipes::PeekNamedPipe;
use windows_sys::Win32::System::Threading::WaitForSingleObject;
use windows_sys::Win32::System::IO::{GetOverlappedResult, OVERLAPPED};

pub(crate) use super::windows::conpty::{terminal_of, PtyMaster, PtySlave, TerminalRef};
use super::windows::{pipe as named, ready, Handle};
use crate::error::{Error, Result};

/// No value: what a Windows stand-in for something POSIX-only holds.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Never {}

/// The error of a POSIX-only call on Windows.
pub(crate) fn not_yet(what: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::Unsupported,
        format!("{what} is not yet available on Windows (see docs/windows.md)"),
    )
}

/// A descriptor number: a handle's value (32 significant bits on 64-bit Windows).
pub(crate) type RawFd = i32;

/// The handle a descriptor number stands for (sign-extended, as Windows does).
pub(crate) fn handle_of(fd: RawFd) -> HANDLE {
    fd as isize as HANDLE
}

/// The descriptor number of a handle (its low 32 bits, all a handle has).
pub(crate) fn raw_of(h: HANDLE) -> RawFd {
    h as isize as RawFd
}

/// A handle we own, closed on drop; or nothing (a FIFO's write end on Windows, see
/// [`make_fifo`]).
#[derive(Debug)]
pub(crate) struct OwnedFd(HANDLE);

// SAFETY: a kernel handle is a process-wide value; any thread may use or close it.
unsafe impl Send for OwnedFd {}
// SAFETY: as above; the calls made through a shared handle are thread-safe kernel calls.
unsafe impl Sync for OwnedFd {}

impl OwnedFd {
    /// Owns `h`'s handle.
    pub(crate) fn from_handle(h: Handle) -> OwnedFd {
        let raw = h.0;
        std::mem::forget(h);
        OwnedFd(raw)
    }

    /// Holds nothing.
    pub(crate) fn none() -> OwnedFd {
        OwnedFd(std::ptr::null_mut())
    }

    pub(crate) fn raw_handle(&self) -> HANDLE {
        self.0
    }

    /// A copy (not inheritable); a registered handle's copy reads from the same feed.
    pub(crate) fn try_clone(&self) -> io::Result<OwnedFd> {
        BorrowedFd(self.0, PhantomData).try_clone_to_owned()
    }
}

impl Drop for OwnedFd {
    fn drop(&mut self) {
        if !self.0.is_null() {
            ready::unlink(self.0 as isize);
            // SAFETY: we own the handle and close it once.
            unsafe { CloseHandle(self.0) };
        }
    }
}

/// A handle borrowed for `'a`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BorrowedFd<'a>(HANDLE, PhantomData<&'a ()>);

// SAFETY: as for `OwnedFd`.
unsafe impl Send for BorrowedFd<'_> {}
// SAFETY: as for `OwnedFd`.
unsafe impl Sync for BorrowedFd<'_> {}

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
        raw_of(self.0)
    }
}
impl AsFd for OwnedFd {
    fn as_fd(&self) -> BorrowedFd<'_> {
        BorrowedFd(self.0, PhantomData)
    }
}
impl AsRawFd for BorrowedFd<'_> {
    fn as_raw_fd(&self) -> RawFd {
        raw_of(self.0)
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
    unsafe fn from_raw_fd(fd: RawFd) -> Self {
        OwnedFd(handle_of(fd))
    }
}
impl From<OwnedFd> for File {
    fn from(fd: OwnedFd) -> File {
        use std::os::windows::io::FromRawHandle;
        let h = fd.0;
        ready::unlink(h as isize);
        std::mem::forget(fd);
        // SAFETY: the handle was owned by `fd`, which gave it up above.
        unsafe { File::from_raw_handle(h) }
    }
}
impl AsRawFd for File {
    fn as_raw_fd(&self) -> RawFd {
        use std::os::windows::io::AsRawHandle;
        raw_of(self.as_raw_handle())
    }
}

impl BorrowedFd<'_> {
    /// A copy (not inheritable); a registered handle's copy reads from the same feed.
    pub(crate) fn try_clone_to_owned(&self) -> io::Result<OwnedFd> {
        let copy = OwnedFd::from_handle(ready::duplicate(self.0)?);
        if let Some(feed) = ready::feed_of(self.0 as isize) {
            ready::link(copy.0 as isize, feed);
        }
        Ok(copy)
    }
}

/// tokio's `AsyncFd` on Windows: the handle and its feed (see [`register`]).
pub(crate) struct AsyncFd<T: AsRawFd> {
    inner: T,
    feed: Arc<ready::Feed>,
}

impl<T: AsRawFd> std::fmt::Debug for AsyncFd<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AsyncFd({})", self.inner.as_raw_fd())
    }
}

impl<T: AsRawFd> Drop for AsyncFd<T> {
    fn drop(&mut self) {
        ready::unlink(handle_of(self.inner.as_raw_fd()) as isize);
        self.feed.close();
    }
}

/// The guard a readiness wait gives. Readiness here is the feed's state itself (level, not
/// edge): nothing to clear.
pub(crate) struct ReadyGuard<'a>(PhantomData<&'a ()>);

impl ReadyGuard<'_> {
    pub(crate) fn clear_ready(&mut self) {}
}

impl<T: AsRawFd> AsyncFd<T> {
    pub(crate) fn get_ref(&self) -> &T {
        &self.inner
    }
    /// Resolves once a read would not block: something was read ahead, or the end (every
    /// writer gone; the process exited).
    pub(crate) async fn readable(&self) -> io::Result<ReadyGuard<'_>> {
        self.feed.readable().await;
        Ok(ReadyGuard(PhantomData))
    }
    /// Writes to a pipe of ours block only while its buffer is full: ready at once.
    pub(crate) async fn writable(&self) -> io::Result<ReadyGuard<'_>> {
        Ok(ReadyGuard(PhantomData))
    }
}

/// What may be registered: a value that holds one open handle and reports that same handle for
/// as long as it lives.
///
/// # Safety
/// `as_raw_fd` must return the same open handle for the value's whole life.
pub(crate) unsafe trait StableFd: AsRawFd {}
// SAFETY: an `OwnedFd` is open until dropped and never changes its handle.
unsafe impl StableFd for OwnedFd {}
// SAFETY: a `File` owns its handle, open until dropped, and never changes it.
unsafe impl StableFd for File {}
// SAFETY: a `BorrowedFd<'a>` is open for `'a`, which whatever holds it cannot outlive.
unsafe impl StableFd for BorrowedFd<'_> {}
// SAFETY: the `Arc` keeps its value, and so that value's handle, alive and unchanged.
unsafe impl<T: StableFd> StableFd for Arc<T> {}

/// The size a FIFO's pipe is grown to on POSIX; a named pipe is made with this buffer.
pub(crate) const FIFO_PIPE_BYTES: i32 = 1 << 20;

/// A pipe: `(read, write)`, neither inheritable; the read end (ours) is a named pipe's server
/// end, overlapped, its write end the client's (a start hands it over).
pub(crate) fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let server = named::server(true, true)?;
    let client = named::open_client(&server.name, true, false)?;
    Ok((
        OwnedFd::from_handle(server.server),
        OwnedFd::from_handle(client),
    ))
}

/// A pipe whose read end a program is handed and whose write end is ours: `(read, write)`,
/// neither inheritable, both for plain (synchronous) I/O: the write end an outbound named pipe's
/// server end, the read end its client, connected already (so a write never finds the pipe
/// waiting for its reader).
pub(crate) fn pipe_out() -> io::Result<(OwnedFd, OwnedFd)> {
    let server = named::server(false, false)?;
    let client = named::open_client(&server.name, false, false)?;
    Ok((
        OwnedFd::from_handle(client),
        OwnedFd::from_handle(server.server),
    ))
}

/// Whether `h` is a pipe.
fn is_pipe(h: HANDLE) -> bool {
    // SAFETY: GetFileType only looks at a handle the caller holds open.
    let kind = unsafe { GetFileType(h) };
    kind == FILE_TYPE_PIPE
}

/// What a pipe holds now (`PeekNamedPipe`); `None` when every writer is gone.
fn pipe_holds(h: HANDLE) -> io::Result<Option<usize>> {
    let mut avail = 0u32;
    // SAFETY: no buffer; one u32 written.
    let ok = unsafe {
        PeekNamedPipe(
            h,
            std::ptr::null_mut(),
            0,
            std::ptr::null_mut(),
            &mut avail,
            std::ptr::null_mut(),
        )
    };
    if ok == 0 {
        let e = io::Error::last_os_error();
        if ready_is_broken(&e) {
            return Ok(None);
        }
        return Err(e);
    }
    Ok(Some(avail as usize))
}

fn ready_is_broken(e: &io::Error) -> bool {
    use windows_sys::Win32::Foundation::{
        ERROR_BROKEN_PIPE, ERROR_NO_DATA, ERROR_PIPE_NOT_CONNECTED,
    };
    matches!(
        e.raw_os_error().map(|c| c as u32),
        Some(ERROR_BROKEN_PIPE | ERROR_PIPE_NOT_CONNECTED | ERROR_NO_DATA)
    )
}

/// One `ReadFile` or `WriteFile` on a pipe, overlapped or not, waited for.
fn pipe_io(h: HANDLE, buf: *mut u8, len: usize, write: bool) -> io::Result<usize> {
    let event = ready::event()?;
    // SAFETY: plain data; all zeroes is a fresh OVERLAPPED.
    let mut ov: OVERLAPPED = unsafe { std::mem::zeroed() };
    ov.hEvent = event.raw();
    let len = len.min(u32::MAX as usize) as u32;
    // SAFETY: `buf` is valid for `len` bytes (the caller's slice); `ov` outlives the call, which
    // is waited for below before either goes.
    let ok = unsafe {
        if write {
            WriteFile(h, buf, len, std::ptr::null_mut(), &mut ov)
        } else {
            ReadFile(h, buf, len, std::ptr::null_mut(), &mut ov)
        }
    };
    // SAFETY: reads this thread's last error.
    if ok == 0 && unsafe { GetLastError() } != ERROR_IO_PENDING {
        return Err(io::Error::last_os_error());
    }
    let mut n = 0u32;
    // SAFETY: our call's OVERLAPPED; waits for it to complete.
    if unsafe { GetOverlappedResult(h, &ov, &mut n, 1) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(n as usize)
}

/// One read into `buf`: from the handle's feed when it is registered; a pipe's only when it
/// holds something (`WouldBlock` when empty, 0 once every writer is gone); a file's as it comes.
pub(crate) fn read_fd(fd: &impl AsRawFd, buf: &mut [u8]) -> io::Result<usize> {
    let h = handle_of(fd.as_raw_fd());
    if let Some(feed) = ready::feed_of(h as isize) {
        return feed.take(buf);
    }
    if is_pipe(h) {
        return match pipe_holds(h)? {
            None => Ok(0),
            Some(0) => Err(io::ErrorKind::WouldBlock.into()),
            Some(n) => pipe_io(h, buf.as_mut_ptr(), buf.len().min(n), false).or_else(|e| {
                if ready_is_broken(&e) {
                    Ok(0)
                } else {
                    Err(e)
                }
            }),
        };
    }
    let mut n = 0u32;
    // SAFETY: `buf` is valid for writes of its length; one u32 written.
    let ok = unsafe {
        ReadFile(
            h,
            buf.as_mut_ptr(),
            buf.len().min(u32::MAX as usize) as u32,
            &mut n,
            std::ptr::null_mut(),
        )
    };
    if ok == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(n as usize)
}

/// One write of `buf` (`WriteFile`).
pub(crate) fn write_fd(fd: &impl AsRawFd, buf: &[u8]) -> io::Result<usize> {
    let h = handle_of(fd.as_raw_fd());
    if is_pipe(h) {
        return pipe_io(h, buf.as_ptr().cast_mut(), buf.len(), true);
    }
    let mut n = 0u32;
    // SAFETY: `buf` is valid for reads of its length; one u32 written.
    let ok = unsafe {
        WriteFile(
            h,
            buf.as_ptr(),
            buf.len().min(u32::MAX as usize) as u32,
            &mut n,
            std::ptr::null_mut(),
        )
    };
    if ok == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(n as usize)
}

/// Whether a read of `fd` would not block now: its feed's state when registered; a pipe holding
/// something, or with every writer gone; another object (a process) signalled.
pub(crate) fn readable_now(fd: &impl AsRawFd) -> io::Result<bool> {
    poll_readable(fd, 0)
}

/// [`readable_now`], waiting up to `timeout_ms` (negative: no limit) for it. A pipe is looked at
/// every millisecond.
pub(crate) fn poll_readable(fd: &impl AsRawFd, timeout_ms: i32) -> io::Result<bool> {
    let h = handle_of(fd.as_raw_fd());
    let deadline = (timeout_ms >= 0)
        .then(|| std::time::Instant::now() + std::time::Duration::from_millis(timeout_ms as u64));
    let feed = ready::feed_of(h as isize);
    let pipe = feed.is_none() && is_pipe(h);
    loop {
        let ready = match &feed {
            Some(feed) => feed.is_ready(),
            None if pipe => pipe_holds(h)?.is_none_or(|n| n > 0),
            None => {
                let ms = match deadline {
                    None => u32::MAX,
                    Some(_) => timeout_ms as u32,
                };
                // SAFETY: a handle the caller holds open.
                return Ok(unsafe { WaitForSingleObject(h, ms) } == WAIT_OBJECT_0);
            }
        };
        if ready {
            return Ok(true);
        }
        if deadline.is_some_and(|d| std::time::Instant::now() >= d) {
            return Ok(false);
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

/// Reads never block here (see [`read_fd`]): nothing to set.
pub(crate) fn set_nonblocking(_fd: &impl AsRawFd, _on: bool) -> io::Result<()> {
    Ok(())
}

/// A file's position (`SetFilePointerEx` by 0 from the current one).
pub(crate) fn offset(fd: &impl AsRawFd) -> io::Result<u64> {
    let mut at = 0i64;
    // SAFETY: a handle the caller holds open; one i64 written.
    if unsafe { SetFilePointerEx(handle_of(fd.as_raw_fd()), 0, &mut at, FILE_CURRENT) } == 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(at as u64)
}

/// How many bytes a pipe holds: in its feed when registered, and in the pipe.
pub(crate) fn queued_bytes(fd: &impl AsRawFd) -> io::Result<usize> {
    let h = handle_of(fd.as_raw_fd());
    let fed = ready::feed_of(h as isize).map_or(0, |f| f.queued());
    Ok(fed + pipe_holds(h)?.unwrap_or(0))
}

/// A process-wide `NUL`, read-write, not inheritable.
pub(crate) fn dev_null() -> io::Result<BorrowedFd<'static>> {
    static NULL: std::sync::OnceLock<OwnedFd> = std::sync::OnceLock::new();
    if let Some(fd) = NULL.get() {
        return Ok(fd.as_fd());
    }
    use std::os::windows::io::IntoRawHandle;
    let null = File::options().read(true).write(true).open("NUL")?;
    Ok(NULL.get_or_init(|| OwnedFd(null.into_raw_handle())).as_fd())
}

/// A copy of `fd`, not inheritable (Windows has no descriptor numbers to choose from).
pub(crate) fn dup_cloexec(fd: RawFd, _from: RawFd) -> io::Result<OwnedFd> {
    BorrowedFd(handle_of(fd), PhantomData).try_clone_to_owned()
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

/// Registers `fd` for readiness: a thread of its own feeds it (see `super::windows::ready`).
pub(crate) fn register<T: StableFd>(fd: T, _interest: Interest) -> io::Result<AsyncFd<T>> {
    let h = handle_of(fd.as_raw_fd());
    let feed = ready::start(h)?;
    ready::link(h as isize, feed.clone());
    Ok(AsyncFd { inner: fd, feed })
}

/// Registers a handle we own for readability.
pub(crate) fn register_readable(fd: OwnedFd) -> io::Result<AsyncFd<OwnedFd>> {
    register(fd, Interest::READABLE)
}

/// No timer descriptor on Windows: a run's deadline is left to the runtime's timer (`run::stop`
/// falls back to it), which fires within a few milliseconds of it.
pub(crate) fn timer(_after: std::time::Duration) -> io::Result<AsyncFd<OwnedFd>> {
    Err(not_yet("a timer descriptor"))
}

/// Where a run's FIFO goes: on Windows a named pipe's name, `//./pipe/agent-shell-<pid>-<128
/// random bits>-<what>` (as a shell opens it; `dir` is not used), made by [`make_fifo`].
pub(crate) fn fifo_path_in(_dir: &Path, what: &str) -> io::Result<PathBuf> {
    let name = named::unguessable_name()?;
    Ok(PathBuf::from(format!("{}-{what}", name.replace('\\', "/"))))
}

/// Makes the inbound named pipe `path` (from [`fifo_path_in`]), only the user allowed in:
/// `(read, write)`, the read end ours (overlapped); the write end holds nothing, since a pipe
/// instance takes one client, which is the shell (a program that opens `path` for writing).
pub(crate) fn make_fifo(path: &Path) -> Result<(OwnedFd, OwnedFd)> {
    let creating = |e| Error::io(format!("creating {}", path.display()), e);
    let name = path.to_string_lossy().replace('/', "\\");
    if !name.starts_with(r"\\.\pipe\") {
        return Err(creating(io::Error::new(
            io::ErrorKind::InvalidInput,
            "a FIFO on Windows is a named pipe (\\\\.\\pipe\\…)",
        )));
    }
    let server = named::server_named(name, true, true).map_err(creating)?;
    Ok((OwnedFd::from_handle(server.server), OwnedFd::none()))
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

/// None: Windows has no memory filesystem for scratch files.
pub(crate) fn memory_scratch_dir() -> Option<PathBuf> {
    None
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
