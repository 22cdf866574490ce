//! The pseudo-terminal on Windows: a pseudo-console (ConPTY) over two pipes of ours. The console
//! reads what is typed from one (`fd::pipe_out`: our write end, its read end) and writes what it
//! shows, as UTF-8 text and VT sequences, to the other (`fd::pipe`: its write end, our
//! overlapped read end, which `ready.rs` reads ahead once registered). Its own ends are handed to
//! `CreatePseudoConsole`, which keeps copies, and closed here at once: ours would keep the output
//! pipe from ever ending.
//!
//! A program is attached to it at its start (`job.rs`: `PROC_THREAD_ATTRIBUTE_PSEUDOCONSOLE`).
//! The output pipe ends only when the console is closed (`ClosePseudoConsole`), not when the
//! program exits: the session hangs the console up once the program exited
//! ([`PtyMaster::hang_up`]). Before Windows 11 24H2, `ClosePseudoConsole` waits until the console
//! has written its last output, which blocks while nobody drains the pipe: it is called on a
//! thread of its own, while the session's reader drains (and a dropped reader's pipe is closed
//! first, which ends the console's write).

use std::io;
use std::path::PathBuf;
use std::sync::Mutex;

use windows_sys::Win32::System::Console::{
    ClosePseudoConsole, CreatePseudoConsole, ResizePseudoConsole, COORD, HPCON,
};

use crate::process::os::fd::{self, AsFd, AsRawFd, BorrowedFd, OwnedFd, RawFd, StableFd};

/// A pseudo-console and our ends of its pipes: what a PTY session holds as the master.
#[derive(Debug)]
pub(crate) struct PtyMaster {
    /// What the console shows: our read end (overlapped).
    output: OwnedFd,
    /// What is typed: our write end of the console's input pipe.
    input: OwnedFd,
    /// The console, until it is closed.
    console: Mutex<Option<Console>>,
}

/// An open pseudo-console, closed by [`Console::close`].
#[derive(Debug)]
struct Console(HPCON);

// SAFETY: a pseudo-console is a process-wide object; any thread may resize or close it, and it is
// closed once (`close` takes it by value).
unsafe impl Send for Console {}

impl Console {
    /// Closes it on a thread of its own (see the module's notes); inline if no thread starts.
    fn close(self) {
        let hpc = self.0;
        let closing = std::thread::Builder::new()
            .name("agent-shell-conpty-close".into())
            .stack_size(64 * 1024)
            .spawn(move || {
                // SAFETY: an open pseudo-console, closed once: its `Console` was consumed.
                unsafe { ClosePseudoConsole(hpc) }
            });
        if closing.is_err() {
            // SAFETY: as above.
            unsafe { ClosePseudoConsole(hpc) };
        }
    }
}

/// The console as a start hands it to a program (`Request::terminal`). It is the master's: this
/// only names it, and closes nothing.
#[derive(Debug)]
pub(crate) struct PtySlave(HPCON);

/// What a start request carries of the terminal: the pseudo-console.
pub(crate) type TerminalRef = HPCON;

/// The console as a start request names it.
pub(crate) fn terminal_of(slave: &PtySlave) -> TerminalRef {
    slave.0
}

fn coord(cols: u16, rows: u16) -> COORD {
    COORD {
        X: cols.min(i16::MAX as u16) as i16,
        Y: rows.min(i16::MAX as u16) as i16,
    }
}

/// A new pseudo-console of `cols` × `rows` over two new pipes (`(master, slave, no path)`); an
/// error names the step that failed.
#[allow(clippy::type_complexity)]
pub(crate) fn open(
    cols: u16,
    rows: u16,
) -> Result<(PtyMaster, PtySlave, Option<PathBuf>), (String, io::Error)> {
    let (output, console_out) =
        fd::pipe().map_err(|e| ("making the console's output pipe".to_string(), e))?;
    let (console_in, input) =
        fd::pipe_out().map_err(|e| ("making the console's input pipe".to_string(), e))?;
    let mut hpc: HPCON = 0;
    // SAFETY: two open pipe handles (synchronous, as the console wants them), which the call
    // duplicates; one HPCON written into `hpc`.
    let hr = unsafe {
        CreatePseudoConsole(
            coord(cols, rows),
            console_in.raw_handle(),
            console_out.raw_handle(),
            0,
            &mut hpc,
        )
    };
    if hr < 0 {
        return Err((
            "creating a pseudo-console".to_string(),
            io::Error::from_raw_os_error(hr),
        ));
    }
    // The console has its own copies; ours would keep its output pipe open after it closed.
    drop((console_in, console_out));
    Ok((
        PtyMaster {
            output,
            input,
            console: Mutex::new(Some(Console(hpc))),
        },
        PtySlave(hpc),
        None,
    ))
}

impl PtyMaster {
    fn console(&self) -> std::sync::MutexGuard<'_, Option<Console>> {
        self.console.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Where input is written: the console's input pipe.
    pub(crate) fn input(&self) -> BorrowedFd<'_> {
        self.input.as_fd()
    }

    /// Resizes the console (`ResizePseudoConsole`); it tells the program as a console window's
    /// resize would. Fails once the console is closed.
    pub(crate) fn set_size(&self, cols: u16, rows: u16) -> io::Result<()> {
        let console = self.console();
        let Some(console) = console.as_ref() else {
            return Err(io::Error::new(
                io::ErrorKind::BrokenPipe,
                "the pseudo-console is closed",
            ));
        };
        // SAFETY: an open pseudo-console, kept open by the lock held across the call.
        let hr = unsafe { ResizePseudoConsole(console.0, coord(cols, rows)) };
        if hr < 0 {
            return Err(io::Error::from_raw_os_error(hr));
        }
        Ok(())
    }

    /// The program exited: closes the console, so that its output pipe ends once the console
    /// wrote what it had (see the module's notes). Later calls do nothing.
    pub(crate) fn hang_up(&self) {
        if let Some(console) = self.console().take() {
            console.close();
        }
    }
}

impl Drop for PtyMaster {
    fn drop(&mut self) {
        // Our read end first: a console still writing then fails, rather than waiting for a
        // reader that is gone.
        drop(std::mem::replace(&mut self.output, OwnedFd::none()));
        self.hang_up();
    }
}

impl AsRawFd for PtyMaster {
    fn as_raw_fd(&self) -> RawFd {
        self.output.as_raw_fd()
    }
}

// SAFETY: the output pipe's handle is owned by the master and only closed when it drops.
unsafe impl StableFd for PtyMaster {}
