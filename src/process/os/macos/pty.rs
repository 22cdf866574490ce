//! A pseudo-terminal pair through `posix_openpt` (macOS).

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

/// `TIOCPTYGNAME` of `<sys/ttycom.h>`: `_IOC(IOC_OUT, 't', 83, 128)`, the slave's name.
const TIOCPTYGNAME: libc::c_ulong = 0x4080_7453;

/// Opens a new pair: `(master, slave, slave path)`, the master non-blocking. Both are made
/// close-on-exec right after they are opened (`posix_openpt` takes no `O_CLOEXEC` here); the
/// posix backend starts programs with `POSIX_SPAWN_CLOEXEC_DEFAULT`, so its own starts never
/// catch the slave in that window. `_ptmx` is Linux's; macOS's `posix_openpt` finds its own.
pub(crate) fn open_pty(_ptmx: &Path) -> Result<(File, OwnedFd, PathBuf), (String, io::Error)> {
    let err = |what: &str| (what.to_string(), io::Error::last_os_error());
    // SAFETY: posix_openpt takes flags and returns a new descriptor or -1.
    let fd = unsafe { libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY) };
    if fd < 0 {
        return Err(err("posix_openpt"));
    }
    // SAFETY: a descriptor just returned to us and owned by nothing else.
    let master = unsafe { OwnedFd::from_raw_fd(fd) };
    let raw = master.as_raw_fd();
    // SAFETY: fcntl with integer arguments on our own descriptor touches no memory.
    let flags_set = unsafe {
        libc::fcntl(raw, libc::F_SETFD, libc::FD_CLOEXEC) == 0
            && libc::fcntl(
                raw,
                libc::F_SETFL,
                libc::fcntl(raw, libc::F_GETFL) | libc::O_NONBLOCK,
            ) == 0
    };
    if !flags_set {
        return Err(err("setting the master's flags"));
    }
    // SAFETY: grantpt and unlockpt take the master and touch no memory of ours.
    let unlocked = unsafe { libc::grantpt(raw) == 0 && libc::unlockpt(raw) == 0 };
    if !unlocked {
        return Err(err("unlocking the pty"));
    }
    let mut name = [0u8; 128];
    // SAFETY: TIOCPTYGNAME writes at most 128 bytes, the name NUL-terminated, into `name`.
    if unsafe { libc::ioctl(raw, TIOCPTYGNAME, name.as_mut_ptr()) } < 0 {
        return Err(err("reading the pty's name"));
    }
    let len = name.iter().position(|&b| b == 0).unwrap_or(name.len());
    let slave_path = PathBuf::from(String::from_utf8_lossy(&name[..len]).into_owned());
    // std opens close-on-exec.
    let slave = OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(&slave_path)
        .map(OwnedFd::from)
        .map_err(|e| (format!("opening {}", slave_path.display()), e))?;
    Ok((File::from(master), slave, slave_path))
}
