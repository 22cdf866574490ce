//! Readiness on Windows, where tokio's `AsyncFd` does not exist (its readiness API is Unix-only):
//! each registered handle gets a [`Feed`], filled by a thread of its own.
//!
//! - A pipe (our overlapped server end of a named pipe: a FIFO, a pipe pair's read end): the
//!   thread waits for the writer to connect, then reads in a loop and queues what it read, at
//!   most [`FEED_MAX_BYTES`] ahead of the reader (then it stops reading, and the pipe's own
//!   buffer fills and blocks the writer, as a full FIFO does); a broken pipe (every writer gone)
//!   is the end of file. Its reads are overlapped, so a feed dropped while a read is pending
//!   cancels it (`CancelIoEx`) and the thread ends at once.
//! - Anything else (a process handle: the exit watch; any waitable object): the thread waits for
//!   it to be signalled, which is its readiness, for good.
//!
//! The code above the door reads a registered handle with `fd::read_fd` as it reads a POSIX
//! descriptor: the read takes from the feed (the table below maps a handle's value to its feed,
//! copies made by `try_clone` included), `WouldBlock` when it is empty.

use std::collections::VecDeque;
use std::io;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

use windows_sys::Win32::Foundation::{
    DuplicateHandle, GetLastError, DUPLICATE_SAME_ACCESS, ERROR_BROKEN_PIPE, ERROR_IO_PENDING,
    ERROR_NO_DATA, ERROR_PIPE_CONNECTED, ERROR_PIPE_NOT_CONNECTED, HANDLE, WAIT_OBJECT_0,
};
use windows_sys::Win32::Storage::FileSystem::{GetFileType, ReadFile, FILE_TYPE_PIPE};
use windows_sys::Win32::System::Pipes::{ConnectNamedPipe, GetNamedPipeInfo, PIPE_SERVER_END};
use windows_sys::Win32::System::Threading::{
    CreateEventW, GetCurrentProcess, SetEvent, WaitForMultipleObjects, INFINITE,
};
use windows_sys::Win32::System::IO::{CancelIoEx, GetOverlappedResult, OVERLAPPED};

use super::Handle;

/// How far a feed's thread reads ahead of the reader: as much as a POSIX FIFO's grown buffer.
pub(crate) const FEED_MAX_BYTES: usize = 1 << 20;
/// One read of a feed's thread.
const CHUNK_BYTES: usize = 64 * 1024;

/// What a registered handle's thread has made ready.
pub(crate) struct Feed {
    state: Mutex<State>,
    /// Signalled when the reader took something (room to read ahead again) or the feed closed.
    room: Condvar,
    /// Wakes the tasks waiting for readiness.
    ready: tokio::sync::Notify,
    /// A manual-reset event set when the feed is dropped: ends the thread's wait.
    cancel: Handle,
}

#[derive(Default)]
struct State {
    queued: VecDeque<u8>,
    /// The end: every writer gone, the object signalled, or a failure (`failed`).
    ended: bool,
    failed: Option<io::Error>,
    /// Nobody reads any more: the thread stops.
    closed: bool,
}

impl Feed {
    fn lock(&self) -> MutexGuard<'_, State> {
        // Nothing panics while holding it; a poisoned state is still consistent.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Whether a read would not block: something queued, or the end.
    pub(crate) fn is_ready(&self) -> bool {
        let state = self.lock();
        !state.queued.is_empty() || state.ended
    }

    /// How many bytes are queued.
    pub(crate) fn queued(&self) -> usize {
        self.lock().queued.len()
    }

    /// One read: what is queued (up to `buf.len()`), else 0 at the end, else `WouldBlock`.
    pub(crate) fn take(&self, buf: &mut [u8]) -> io::Result<usize> {
        let mut state = self.lock();
        if state.queued.is_empty() {
            if !state.ended {
                return Err(io::ErrorKind::WouldBlock.into());
            }
            return state.failed.take().map_or(Ok(0), Err);
        }
        let n = buf.len().min(state.queued.len());
        for (to, from) in buf.iter_mut().zip(state.queued.drain(..n)) {
            *to = from;
        }
        drop(state);
        self.room.notify_all();
        Ok(n)
    }

    /// Resolves once a read would not block.
    pub(crate) async fn readable(&self) {
        loop {
            let notified = self.ready.notified();
            tokio::pin!(notified);
            // Registered before the look, so that a wake-up between the two is not lost.
            notified.as_mut().enable();
            if self.is_ready() {
                return;
            }
            notified.await;
        }
    }

    /// Stops the thread (the feed's owner is gone).
    pub(crate) fn close(&self) {
        self.lock().closed = true;
        self.room.notify_all();
        // SAFETY: our event, alive as long as the feed.
        unsafe { SetEvent(self.cancel.raw()) };
    }

    fn push(&self, bytes: &[u8]) {
        self.lock().queued.extend(bytes);
        self.ready.notify_waiters();
    }

    fn end(&self, failed: Option<io::Error>) {
        {
            let mut state = self.lock();
            state.ended = true;
            state.failed = failed;
        }
        self.ready.notify_waiters();
    }

    /// Waits until the reader left room to read ahead; false once the feed is closed.
    fn wait_for_room(&self) -> bool {
        let mut state = self.lock();
        while state.queued.len() >= FEED_MAX_BYTES && !state.closed {
            state = self.room.wait(state).unwrap_or_else(|p| p.into_inner());
        }
        !state.closed
    }
}

/// The feeds of registered handles, by handle value (a few per session).
static FEEDS: Mutex<Vec<(isize, Arc<Feed>)>> = Mutex::new(Vec::new());

fn feeds() -> MutexGuard<'static, Vec<(isize, Arc<Feed>)>> {
    FEEDS.lock().unwrap_or_else(|p| p.into_inner())
}

/// The feed registered for the handle `key`, if any.
pub(crate) fn feed_of(key: isize) -> Option<Arc<Feed>> {
    let feeds = feeds();
    feeds
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, f)| f.clone())
}

/// Reads of the handle `key` take from `feed` (a registration, or a copy of a registered handle).
pub(crate) fn link(key: isize, feed: Arc<Feed>) {
    let mut feeds = feeds();
    feeds.retain(|(k, _)| *k != key);
    feeds.push((key, feed));
}

/// The handle `key` is being closed: its value may be given to another handle next.
pub(crate) fn unlink(key: isize) {
    let mut feeds = feeds();
    if !feeds.is_empty() {
        feeds.retain(|(k, _)| *k != key);
    }
}

/// A copy of `h`, same access, not inheritable.
pub(crate) fn duplicate(h: HANDLE) -> io::Result<Handle> {
    let mut copy = std::ptr::null_mut();
    // SAFETY: `h` is a handle the caller holds open; one handle written into `copy`.
    let ok = unsafe {
        DuplicateHandle(
            GetCurrentProcess(),
            h,
            GetCurrentProcess(),
            &mut copy,
            0,
            0,
            DUPLICATE_SAME_ACCESS,
        )
    };
    if ok == 0 {
        return Err(io::Error::last_os_error());
    }
    Handle::new(copy)
}

/// A new manual-reset event, not signalled.
pub(crate) fn event() -> io::Result<Handle> {
    // SAFETY: no attributes, no name; returns a new handle or null.
    Handle::new(unsafe { CreateEventW(std::ptr::null(), 1, 0, std::ptr::null()) })
}

/// Starts feeding `h` (a copy of it: the caller keeps its own, and may close it).
pub(crate) fn start(h: HANDLE) -> io::Result<Arc<Feed>> {
    let own = duplicate(h)?;
    let feed = Arc::new(Feed {
        state: Mutex::new(State::default()),
        room: Condvar::new(),
        ready: tokio::sync::Notify::new(),
        cancel: event()?,
    });
    let fed = feed.clone();
    // SAFETY: a handle we own.
    let pipe = unsafe { GetFileType(own.raw()) } == FILE_TYPE_PIPE;
    std::thread::Builder::new()
        .name("agent-shell-feed".into())
        .stack_size(64 * 1024)
        .spawn(move || {
            if pipe {
                pump(&own, &fed);
            } else {
                watch(&own, &fed);
            }
        })?;
    Ok(feed)
}

/// How an overlapped call ended.
enum Done {
    Bytes(u32),
    Failed(io::Error),
    Cancelled,
}

/// Waits for the overlapped call `ov` on `h` (started, and pending or done), or for the feed's
/// cancel event, which cancels it.
fn finish(h: &Handle, ov: &OVERLAPPED, feed: &Feed) -> Done {
    let events = [ov.hEvent, feed.cancel.raw()];
    // SAFETY: two events we own, alive across the wait.
    let woken = unsafe { WaitForMultipleObjects(2, events.as_ptr(), 0, INFINITE) };
    let mut n = 0u32;
    if woken != WAIT_OBJECT_0 {
        // SAFETY: our handle and the call's OVERLAPPED; the call is then waited for, so that
        // the kernel is done with `ov` and the buffer before they go.
        unsafe {
            CancelIoEx(h.raw(), ov);
            GetOverlappedResult(h.raw(), ov, &mut n, 1);
        }
        return Done::Cancelled;
    }
    // SAFETY: as above; the call completed (its event is set).
    if unsafe { GetOverlappedResult(h.raw(), ov, &mut n, 0) } == 0 {
        return Done::Failed(io::Error::last_os_error());
    }
    Done::Bytes(n)
}

/// Whether `e` says every writer is gone.
fn is_broken(e: &io::Error) -> bool {
    matches!(
        e.raw_os_error().map(|c| c as u32),
        Some(ERROR_BROKEN_PIPE | ERROR_PIPE_NOT_CONNECTED | ERROR_NO_DATA)
    )
}

/// A pipe's thread: connects (a server end), then reads until the end or the feed closes.
fn pump(h: &Handle, feed: &Feed) {
    let Ok(event) = event() else {
        feed.end(Some(io::Error::last_os_error()));
        return;
    };
    // SAFETY: plain data; all zeroes is a fresh OVERLAPPED.
    let mut ov: OVERLAPPED = unsafe { std::mem::zeroed() };
    ov.hEvent = event.raw();
    let mut flags = 0u32;
    // SAFETY: our handle; one u32 written, the other outputs not asked for.
    let server = unsafe {
        GetNamedPipeInfo(
            h.raw(),
            &mut flags,
            std::ptr::null_mut(),
            std::ptr::null_mut(),
            std::ptr::null_mut(),
        )
    } != 0
        && flags & PIPE_SERVER_END != 0;
    if server {
        // SAFETY: our handle (overlapped) and OVERLAPPED, which outlive the call (`finish`).
        let connected = unsafe { ConnectNamedPipe(h.raw(), &mut ov) } != 0;
        // SAFETY: reads this thread's last error.
        let code = unsafe { GetLastError() };
        if !connected {
            match code {
                // A writer connected already (and may have gone: its bytes are still read).
                ERROR_PIPE_CONNECTED | ERROR_NO_DATA => {}
                ERROR_IO_PENDING => match finish(h, &ov, feed) {
                    Done::Bytes(_) => {}
                    Done::Failed(e) => return feed.end(Some(e)),
                    Done::Cancelled => return,
                },
                _ => return feed.end(Some(io::Error::from_raw_os_error(code as i32))),
            }
        }
    }
    let mut buf = vec![0u8; CHUNK_BYTES];
    while feed.wait_for_room() {
        // SAFETY: our handle; `buf` and `ov` outlive the call, which `finish` waits for.
        let ok = unsafe {
            ReadFile(
                h.raw(),
                buf.as_mut_ptr(),
                buf.len() as u32,
                std::ptr::null_mut(),
                &mut ov,
            )
        } != 0;
        // SAFETY: reads this thread's last error.
        let code = unsafe { GetLastError() };
        let done = if ok || code == ERROR_IO_PENDING {
            finish(h, &ov, feed)
        } else {
            Done::Failed(io::Error::from_raw_os_error(code as i32))
        };
        match done {
            Done::Bytes(0) => {}
            Done::Bytes(n) => feed.push(&buf[..n as usize]),
            Done::Failed(e) if is_broken(&e) => return feed.end(None),
            Done::Failed(e) => return feed.end(Some(e)),
            Done::Cancelled => return,
        }
    }
}

/// A waitable object's thread: ready once it is signalled.
fn watch(h: &Handle, feed: &Feed) {
    let objects = [h.raw(), feed.cancel.raw()];
    // SAFETY: two handles we own, alive across the wait.
    let woken = unsafe { WaitForMultipleObjects(2, objects.as_ptr(), 0, INFINITE) };
    if woken == WAIT_OBJECT_0 {
        feed.end(None);
    }
}
