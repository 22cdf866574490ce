//! Opening a pseudo-terminal and sizing it. The pair is the OS layer's (`process::os::open_pty`):
//! a `/dev/ptmx` master and slave on Linux and macOS, a pseudo-console and its two pipes on
//! Windows (ConPTY).
//!
//! Both ends are opened close-on-exec in the same call that creates them where the OS allows
//! (Linux). `openpty(3)` (and so portable-pty) sets the flag afterwards: a process forked by
//! another thread in that window (a `Shell`'s bash, a `child_process.spawn`) would inherit the
//! slave and hold it open for its whole life, and a read of the master would then never end.

use std::path::{Path, PathBuf};

use super::size::TermSize;
use crate::error::{Error, Result};
use crate::process::fd::{PtyMaster, PtySlave};
use crate::process::os;

/// Our ends of a new pseudo-terminal. The master is non-blocking.
pub struct PtyPair {
    pub(crate) master: PtyMaster,
    /// Given to the command as its stdin, stdout, stderr and controlling terminal; the parent must
    /// close its copy once the command started, or the master never reports the end.
    pub(crate) slave: PtySlave,
    /// `/dev/pts/<n>`, for finding processes that still hold the terminal; `None` where a
    /// terminal has no path (a Windows pseudo-console).
    pub slave_path: Option<PathBuf>,
}

/// Opens a pseudo-terminal of `size`. Fails with `ERR_PTY` when none can be had.
pub fn open(size: TermSize) -> Result<PtyPair> {
    open_at(Path::new(PTMX), size)
}

/// The pseudo-terminal multiplexer (the same path on Linux and macOS; not used on Windows).
const PTMX: &str = "/dev/ptmx";

fn open_at(ptmx: &Path, size: TermSize) -> Result<PtyPair> {
    let (master, slave, slave_path) = os::open_pty(ptmx, size.cols, size.rows)
        .map_err(|(what, e)| Error::Pty(format!("{what}: {e}")))?;
    Ok(PtyPair {
        master,
        slave,
        slave_path,
    })
}

/// Sets the terminal's size; the kernel sends SIGWINCH to its foreground process group (on
/// Windows, `ResizePseudoConsole`).
pub fn set_size(master: &PtyMaster, size: TermSize) -> std::io::Result<()> {
    master.set_size(size.cols, size.rows)
}

#[cfg(test)]
#[cfg(unix)]
mod tests {
    use super::*;
    use crate::process::fd::{is_cloexec, winsize, OwnedFd};
    use pretty_assertions::assert_eq;

    fn size_of(fd: &OwnedFd) -> (u16, u16) {
        winsize(fd).unwrap()
    }

    #[test]
    fn opens_a_sized_close_on_exec_pair() {
        let pair = open(TermSize { cols: 99, rows: 33 }).unwrap();
        assert_eq!(size_of(&pair.slave), (99, 33));
        assert!(is_cloexec(&pair.master) && is_cloexec(&pair.slave));
        assert!(pair.slave_path.unwrap().starts_with("/dev/"));
        set_size(&pair.master, TermSize { cols: 50, rows: 10 }).unwrap();
        assert_eq!(size_of(&pair.slave), (50, 10));
    }

    #[test]
    fn no_pty_is_err_pty() {
        let err = open_at(Path::new("/nonexistent/ptmx"), TermSize::default())
            .err()
            .unwrap();
        assert_eq!(err.code(), "ERR_PTY");
        assert!(err.to_string().contains("/nonexistent/ptmx"), "{err}");
    }
}
