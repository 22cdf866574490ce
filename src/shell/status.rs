//! The session's end of a shell's status pipe, and who watches it.
//!
//! A run ends when its status report arrives here, and the report is read by whichever thread
//! learns first that it is there: a task on the runtime by default, or the host's own event loop
//! when the session is given a [`StatusWatcher`]. On the host's loop, the thread that settles the
//! run's promise is the one the shell wakes, so a round trip needs no hop through a runtime thread.

use crate::process::fd::{AsRawFd, OwnedFd, RawFd};
use std::io;
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll, Waker};

use tokio::io::Interest;

use crate::process::fd::{self, read_fd};

/// What is kept of a status pipe between takes. A shell's reports are a few hundred bytes; only
/// something else writing to the descriptor (a background job's `yes >&251`) comes near this, and
/// then the oldest bytes go, so that a pipe drained as it fills never grows memory.
const KEPT_MAX_BYTES: usize = 1024 * 1024;

/// The read end of a status pipe (non-blocking), read in order from any thread.
pub struct StatusPipe {
    fd: OwnedFd,
    state: Mutex<PipeState>,
}

#[derive(Default)]
struct PipeState {
    /// Read from the pipe, not yet taken by the session.
    buf: Vec<u8>,
    /// Every writer is gone (or reading failed, see `failed`).
    ended: bool,
    failed: Option<io::Error>,
    /// The run waiting for something to take.
    waker: Option<Waker>,
}

impl StatusPipe {
    /// `fd` must be non-blocking.
    pub fn new(fd: OwnedFd) -> Self {
        StatusPipe {
            fd,
            state: Mutex::new(PipeState::default()),
        }
    }

    /// Reads everything the pipe holds now and wakes the run waiting for it. Returns whether the
    /// pipe is still open; after `false` there is nothing more to watch for.
    pub fn fill(&self) -> bool {
        let (open, waker) = {
            let mut state = self.lock();
            let got = self.read_into(&mut state);
            let waker = if got || state.ended {
                state.waker.take()
            } else {
                None
            };
            (!state.ended, waker)
        };
        // Outside the lock: the woken run may be polled on this very thread.
        if let Some(waker) = waker {
            waker.wake();
        }
        open
    }

    /// Hands everything read so far to `take`; returns whether the pipe reached its end. With
    /// `Read::Now`, also what the pipe holds now: for a caller that must not depend on the
    /// watcher having run (which may be a host's busy event loop).
    pub fn take(&self, read: Read, take: impl FnOnce(&[u8])) -> io::Result<bool> {
        let mut state = self.lock();
        if read == Read::Now {
            self.read_into(&mut state);
        }
        if let Some(e) = state.failed.take() {
            return Err(e);
        }
        take(&state.buf);
        state.buf.clear();
        if state.buf.capacity() > 64 * 1024 {
            // A flood is over: its buffer is not kept for a few hundred bytes per run.
            state.buf = Vec::new();
        }
        Ok(state.ended)
    }

    /// Ready when there is something to take (or the end); otherwise wakes `cx` when there is.
    pub fn poll_filled(&self, cx: &mut Context<'_>) -> Poll<()> {
        let mut state = self.lock();
        if !state.buf.is_empty() || state.ended {
            return Poll::Ready(());
        }
        match &state.waker {
            Some(w) if w.will_wake(cx.waker()) => {}
            _ => state.waker = Some(cx.waker().clone()),
        }
        Poll::Pending
    }

    /// Resolves when there is something to take; see [`StatusPipe::poll_filled`].
    pub async fn filled(&self) {
        std::future::poll_fn(|cx| self.poll_filled(cx)).await
    }

    /// Returns whether anything was read.
    fn read_into(&self, state: &mut PipeState) -> bool {
        let mut got = false;
        let mut chunk = [0u8; 4096];
        while !state.ended {
            match read_fd(&self.fd, &mut chunk) {
                Ok(0) => state.ended = true,
                Ok(n) => {
                    state.buf.extend_from_slice(&chunk[..n]);
                    if state.buf.len() > KEPT_MAX_BYTES {
                        let excess = state.buf.len() - KEPT_MAX_BYTES;
                        state.buf.drain(..excess);
                    }
                    got = true;
                    if n < chunk.len() {
                        // A pipe read short is empty now; what comes next is a new event.
                        break;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) if e.kind() == io::ErrorKind::WouldBlock => break,
                Err(e) => {
                    state.failed = Some(e);
                    state.ended = true;
                }
            }
        }
        got
    }

    fn lock(&self) -> MutexGuard<'_, PipeState> {
        // Nothing panics while holding it; a poisoned state is still consistent.
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

impl AsRawFd for StatusPipe {
    fn as_raw_fd(&self) -> RawFd {
        self.fd.as_raw_fd()
    }
}

// SAFETY: the pipe owns its descriptor (`fd` is private and never replaced), open until the pipe
// is dropped.
unsafe impl fd::StableFd for StatusPipe {}

/// Whether [`StatusPipe::take`] reads the pipe itself.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Read {
    /// Only what the watcher read.
    Watched,
    Now,
}

/// Watches status pipes: calls [`StatusPipe::fill`] whenever one is readable, until `fill`
/// returns `false` or the returned [`Watch`] is dropped. `watch` may be called on any thread.
pub trait StatusWatcher: Send + Sync {
    fn watch(&self, pipe: Arc<StatusPipe>) -> io::Result<Watch>;
}

/// A watch on one pipe; dropping it ends the watch.
pub struct Watch(Option<Box<dyn FnOnce() + Send>>);

impl Watch {
    pub fn new(stop: impl FnOnce() + Send + 'static) -> Self {
        Watch(Some(Box::new(stop)))
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        if let Some(stop) = self.0.take() {
            stop();
        }
    }
}

/// The default watch: a task on the runtime. Call within the runtime.
pub fn watch_on_runtime(pipe: Arc<StatusPipe>) -> io::Result<Watch> {
    let fd = fd::register(pipe, Interest::READABLE)?;
    let task = tokio::spawn(async move {
        loop {
            let Ok(mut ready) = fd.readable().await else {
                return;
            };
            let open = fd.get_ref().fill();
            // Only clears readiness no newer event has set since `readable()` returned.
            ready.clear_ready();
            if !open {
                return;
            }
        }
    });
    Ok(Watch::new(move || task.abort()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;
    use std::io::Write;

    fn pipe() -> (StatusPipe, std::fs::File) {
        let (read, write) = crate::process::fd::pipe().unwrap();
        crate::process::fd::set_nonblocking(&read, true).unwrap();
        (StatusPipe::new(read), std::fs::File::from(write))
    }

    fn taken(pipe: &StatusPipe, read: Read) -> (Vec<u8>, bool) {
        let mut bytes = Vec::new();
        let ended = pipe.take(read, |b| bytes.extend_from_slice(b)).unwrap();
        (bytes, ended)
    }

    #[test]
    fn hands_on_in_order_what_the_watcher_and_the_taker_read() {
        let (pipe, mut writer) = pipe();
        writer.write_all(b"one ").unwrap();
        assert!(pipe.fill());
        writer.write_all(b"two").unwrap();
        // Only what the watcher read, then what is in the pipe too.
        assert_eq!(taken(&pipe, Read::Watched), (b"one ".to_vec(), false));
        assert_eq!(taken(&pipe, Read::Now), (b"two".to_vec(), false));
        drop(writer);
        assert!(!pipe.fill());
        assert_eq!(taken(&pipe, Read::Watched), (Vec::new(), true));
    }

    #[test]
    fn keeps_at_most_the_newest_mebibyte_of_a_flood() {
        let (pipe, mut writer) = pipe();
        let block = vec![b'x'; 60 * 1024];
        for _ in 0..40 {
            writer.write_all(&block).unwrap();
            assert!(pipe.fill());
        }
        writer.write_all(b"END").unwrap();
        pipe.fill();
        let (bytes, _) = taken(&pipe, Read::Watched);
        assert_eq!(bytes.len(), KEPT_MAX_BYTES);
        assert!(bytes.ends_with(b"xEND"));
    }
}
