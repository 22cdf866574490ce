//! A pseudo-terminal pair from `/dev/ptmx` (Linux's ioctls).

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// Opens a new pair on the multiplexer `ptmx`: `(master, slave, slave path)`, both ends
/// close-on-exec from the start (no other thread's fork can catch the slave), the master
/// non-blocking. An error names the step that failed.
pub(crate) fn open_pty(ptmx: &Path) -> Result<(File, OwnedFd, PathBuf), (String, io::Error)> {
    // std opens with O_CLOEXEC.
    let master = OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY | libc::O_NONBLOCK)
        .open(ptmx)
        .map_err(|e| (format!("opening {}", ptmx.display()), e))?;
    let fd = master.as_raw_fd();
    let unlock: libc::c_int = 0;
    // SAFETY: `fd` is the open master; TIOCSPTLCK reads one int, which `unlock` is.
    if unsafe { libc::ioctl(fd, libc::TIOCSPTLCK, &unlock) } < 0 {
        return Err(("unlocking the pty".into(), io::Error::last_os_error()));
    }
    let mut number: libc::c_uint = 0;
    // SAFETY: TIOCGPTN writes one unsigned int, into `number`, which outlives the call.
    if unsafe { libc::ioctl(fd, libc::TIOCGPTN, &mut number) } < 0 {
        return Err(("reading the pty number".into(), io::Error::last_os_error()));
    }
    let slave_path = PathBuf::from(format!("/dev/pts/{number}"));
    // TIOCGPTPEER (Linux 4.13) opens the slave without a path lookup; older kernels use the path.
    // SAFETY: TIOCGPTPEER takes open flags by value and returns a new descriptor or -1.
    let peer = unsafe {
        libc::ioctl(
            fd,
            libc::TIOCGPTPEER,
            libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC,
        )
    };
    let slave = if peer >= 0 {
        // SAFETY: `peer` is a descriptor the ioctl just opened, owned by nothing else.
        unsafe { OwnedFd::from_raw_fd(peer) }
    } else {
        OpenOptions::new()
            .read(true)
            .write(true)
            .custom_flags(libc::O_NOCTTY)
            .open(&slave_path)
            .map(OwnedFd::from)
            .map_err(|e| (format!("opening {}", slave_path.display()), e))?
    };
    Ok((master, slave, slave_path))
}
