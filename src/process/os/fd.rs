//! Descriptor and OS helpers of the host side, written once for every session kind: pipes,
//! FIFOs, one `read(2)`/`write(2)`, a descriptor's offset and queued bytes, registering a
//! descriptor with tokio, pidfds, signalling and reaping a pid, private temporary directories and
//! random bytes. Each raw call here states why it holds; callers stay safe code. What differs per
//! platform (pipes, pipe sizes, timers, random bytes) is forwarded to [`super::native`].

use std::ffi::{CStr, CString, OsStr};
use std::fs::File;
use std::io;
pub(crate) use std::os::fd::{AsFd, AsRawFd, BorrowedFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

pub(crate) use tokio::io::unix::AsyncFd;
use tokio::io::Interest;

use super::native;
use crate::error::{Error, Result};

/// Pipe buffer of an output FIFO, in bytes (the Linux default is 64 KiB): a bigger buffer lets a
/// fast producer run ahead of a slow reader for longer; 1 MiB is the unprivileged maximum
/// (`/proc/sys/fs/pipe-max-size`).
pub(crate) const FIFO_PIPE_BYTES: libc::c_int = 1 << 20;

/// A close-on-exec pipe: `(read, write)`.
pub(crate) fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    native::pipe()
}

/// A pipe whose read end a program is handed and whose write end is ours: `(read, write)`, as
/// [`pipe`] (on Windows the ends differ: see `windows/fd.rs`).
pub(crate) fn pipe_out() -> io::Result<(OwnedFd, OwnedFd)> {
    pipe()
}

/// One `read(2)` into `buf`.
pub(crate) fn read_fd(fd: &impl AsRawFd, buf: &mut [u8]) -> io::Result<usize> {
    // SAFETY: `buf` is valid for writes of `buf.len()` bytes, and read writes at most that many.
    let n = unsafe { libc::read(fd.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
    if n < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(n as usize)
    }
}

/// One `write(2)` of `buf`.
pub(crate) fn write_fd(fd: &impl AsRawFd, buf: &[u8]) -> io::Result<usize> {
    // SAFETY: `buf` is valid for reads of `buf.len()` bytes, and write reads at most that many.
    let n = unsafe { libc::write(fd.as_raw_fd(), buf.as_ptr().cast(), buf.len()) };
    if n < 0 {
        Err(io::Error::last_os_error())
    } else {
        Ok(n as usize)
    }
}

/// Whether `fd` is readable right now (a zero-timeout `poll`).
pub(crate) fn readable_now(fd: &impl AsRawFd) -> io::Result<bool> {
    poll_readable(fd, 0)
}

/// Whether `fd` becomes readable within `timeout_ms` milliseconds (`poll`; negative: no limit).
pub(crate) fn poll_readable(fd: &impl AsRawFd, timeout_ms: i32) -> io::Result<bool> {
    let mut p = libc::pollfd {
        fd: fd.as_raw_fd(),
        events: libc::POLLIN,
        revents: 0,
    };
    // SAFETY: poll reads and writes exactly the one `pollfd` it is given.
    match unsafe { libc::poll(&mut p, 1, timeout_ms) } {
        0 => Ok(false),
        n if n > 0 => Ok(true),
        _ => Err(io::Error::last_os_error()),
    }
}

/// Sets or clears O_NONBLOCK.
pub(crate) fn set_nonblocking(fd: &impl AsRawFd, on: bool) -> io::Result<()> {
    let raw = fd.as_raw_fd();
    // SAFETY: F_GETFL only reads the flags of a descriptor the caller holds open.
    let flags = unsafe { libc::fcntl(raw, libc::F_GETFL) };
    if flags < 0 {
        return Err(io::Error::last_os_error());
    }
    let flags = if on {
        flags | libc::O_NONBLOCK
    } else {
        flags & !libc::O_NONBLOCK
    };
    // SAFETY: F_SETFL with flags just read back, changed in O_NONBLOCK only.
    if unsafe { libc::fcntl(raw, libc::F_SETFL, flags) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The file offset of `fd` (`lseek(fd, 0, SEEK_CUR)`): how far a reader sharing its open file
/// description has read.
pub(crate) fn offset(fd: &impl AsRawFd) -> io::Result<u64> {
    // SAFETY: lseek on a descriptor the caller holds open; SEEK_CUR with offset 0 only reads the
    // offset.
    let at = unsafe { libc::lseek(fd.as_raw_fd(), 0, libc::SEEK_CUR) };
    if at < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(at as u64)
}

/// How many bytes are queued in `fd` (FIONREAD); on either end of a pipe, what the pipe holds.
pub(crate) fn queued_bytes(fd: &impl AsRawFd) -> io::Result<usize> {
    let mut queued: libc::c_int = 0;
    // SAFETY: FIONREAD writes one int, into `queued`.
    if unsafe { libc::ioctl(fd.as_raw_fd(), libc::FIONREAD, &mut queued) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(queued.max(0) as usize)
}

/// A process-wide `/dev/null`, read-write and close-on-exec: the stdio of every program started
/// without a terminal.
pub(crate) fn dev_null() -> io::Result<BorrowedFd<'static>> {
    static NULL: std::sync::OnceLock<OwnedFd> = std::sync::OnceLock::new();
    if let Some(fd) = NULL.get() {
        return Ok(fd.as_fd());
    }
    // std opens close-on-exec.
    let null = File::options().read(true).write(true).open("/dev/null")?;
    Ok(NULL.get_or_init(|| OwnedFd::from(null)).as_fd())
}

/// A close-on-exec duplicate of `fd` at the lowest free number from `from` on.
pub(crate) fn dup_cloexec(fd: RawFd, from: RawFd) -> io::Result<OwnedFd> {
    // SAFETY: F_DUPFD_CLOEXEC takes an integer and returns a new descriptor or -1.
    let dup = unsafe { libc::fcntl(fd, libc::F_DUPFD_CLOEXEC, from) };
    if dup < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor just created for us and owned by nothing else.
    Ok(unsafe { OwnedFd::from_raw_fd(dup) })
}

/// `kill(pid, signal)`: whether it was sent. The caller makes sure `pid` is the process it means.
pub(crate) fn kill(pid: i32, signal: i32) -> bool {
    // SAFETY: kill takes two integers and touches no memory.
    unsafe { libc::kill(pid, signal) == 0 }
}

/// Reaps our child `pid` (`waitpid`), retrying when interrupted; `hang: false` returns `None`
/// at once when it has not exited. Returns its raw wait status.
pub(crate) fn waitpid(pid: i32, hang: bool) -> io::Result<Option<i32>> {
    let options = if hang { 0 } else { libc::WNOHANG };
    loop {
        let mut status = 0;
        // SAFETY: waitpid writes one int, into `status`.
        match unsafe { libc::waitpid(pid, &mut status, options) } {
            0 => return Ok(None),
            n if n > 0 => return Ok(Some(status)),
            _ => {
                let e = io::Error::last_os_error();
                if e.kind() != io::ErrorKind::Interrupted {
                    return Err(e);
                }
            }
        }
    }
}

/// Whether we may execute `path` (`access(X_OK)`).
pub(crate) fn is_executable(path: &CStr) -> bool {
    // SAFETY: `path` is NUL-terminated and outlives the call.
    unsafe { libc::access(path.as_ptr(), libc::X_OK) == 0 }
}

/// A value that holds one open descriptor and reports that same descriptor for as long as it
/// lives: what tokio asks of what it registers.
///
/// # Safety
/// `as_raw_fd` must return the same open descriptor for the value's whole life. (The crate never
/// swaps the value out through `AsyncFd::get_mut`.)
pub(crate) unsafe trait StableFd: AsRawFd {}

// SAFETY: an `OwnedFd` is open until dropped and never changes its number.
unsafe impl StableFd for OwnedFd {}
// SAFETY: a `File` owns its descriptor, open until dropped, and never changes it.
unsafe impl StableFd for File {}
// SAFETY: a `BorrowedFd<'a>` is open for `'a`, which whatever holds it cannot outlive.
unsafe impl StableFd for BorrowedFd<'_> {}
// SAFETY: the `Arc` keeps its value, and so that value's descriptor, alive and unchanged.
unsafe impl<T: StableFd> StableFd for Arc<T> {}

/// Registers `fd` with the runtime for `interest`. Call within the runtime.
pub(crate) fn register<T: StableFd>(fd: T, interest: Interest) -> io::Result<AsyncFd<T>> {
    // SAFETY: `StableFd` promises an open descriptor that stays the same while the value lives,
    // and the `AsyncFd` owns the value.
    unsafe { AsyncFd::register_with_interest(fd, interest) }.map_err(io::Error::from)
}

/// Registers a descriptor we own with the runtime, for readability. Call within the runtime.
pub(crate) fn register_readable(fd: OwnedFd) -> io::Result<AsyncFd<OwnedFd>> {
    register(fd, Interest::READABLE)
}

/// A descriptor that becomes readable once `after` has passed (see `native::timer`),
/// registered with the runtime. Call within the runtime.
pub(crate) fn timer(after: std::time::Duration) -> io::Result<AsyncFd<OwnedFd>> {
    register_readable(native::timer(after)?)
}

/// Where a run's FIFO named `what` goes: `dir/what` (on Windows a named pipe's name; see
/// `windows/fd.rs`).
pub(crate) fn fifo_path_in(dir: &Path, what: &str) -> io::Result<PathBuf> {
    Ok(dir.join(what))
}

/// Creates a FIFO at `path` (mode 0600) and opens it, non-blocking and close-on-exec, for reading
/// and for writing: `(read, write)`. The read end's pipe holds [`FIFO_PIPE_BYTES`].
pub(crate) fn make_fifo(path: &Path) -> Result<(OwnedFd, OwnedFd)> {
    let c = CString::new(path.as_os_str().as_bytes())
        .map_err(|_| Error::io("FIFO path", io::ErrorKind::InvalidInput.into()))?;
    // SAFETY: `c` is a NUL-terminated path that outlives the call.
    if unsafe { libc::mkfifo(c.as_ptr(), 0o600) } < 0 {
        return Err(Error::io(
            format!("creating {}", path.display()),
            io::Error::last_os_error(),
        ));
    }
    // O_NOFOLLOW: a sandboxed command may write in this directory, and must not get us to open a
    // file outside its roots by putting a symlink in the FIFO's place.
    let open = |flags| {
        let flags = flags | libc::O_NONBLOCK | libc::O_CLOEXEC | libc::O_NOFOLLOW;
        // SAFETY: `c` is a NUL-terminated path that outlives the call.
        let fd = unsafe { libc::open(c.as_ptr(), flags) };
        if fd < 0 {
            Err(Error::io(
                format!("opening {}", path.display()),
                io::Error::last_os_error(),
            ))
        } else {
            // SAFETY: a descriptor just opened for us and owned by nothing else.
            Ok(unsafe { OwnedFd::from_raw_fd(fd) })
        }
    };
    let read = open(libc::O_RDONLY)?;
    let write = open(libc::O_WRONLY)?;
    // Best effort: a FIFO with the default buffer still works, only with less slack.
    native::grow_pipe(&read, FIFO_PIPE_BYTES);
    Ok((read, write))
}

/// Creates a directory only we can enter (mkdtemp, mode 0700) in the temp dir, named `prefix`
/// and six random characters.
pub(crate) fn make_private_temp_dir(prefix: &str) -> io::Result<PathBuf> {
    let template = std::env::temp_dir().join(format!("{prefix}XXXXXX"));
    let mut bytes = template.as_os_str().as_bytes().to_vec();
    if bytes.contains(&0) {
        return Err(io::ErrorKind::InvalidInput.into());
    }
    bytes.push(0);
    // SAFETY: `bytes` is a NUL-terminated template ending in XXXXXX that mkdtemp rewrites in
    // place, without changing its length.
    let ptr = unsafe { libc::mkdtemp(bytes.as_mut_ptr().cast()) };
    if ptr.is_null() {
        return Err(io::Error::last_os_error());
    }
    bytes.pop();
    Ok(PathBuf::from(OsStr::from_bytes(&bytes)))
}

/// Opens `path` for writing, emptied, refusing anything but a regular file of its own: not a
/// symbolic link (`O_NOFOLLOW`), a device, a FIFO (non-blocking open, then refused) or a file
/// with other hard links (an artifact's directory may be writable by a sandboxed command).
pub(crate) fn create_own_file(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) => io::Error::other("it is a symbolic link; refused"),
            _ => e,
        })?;
    let meta = file.metadata()?;
    if !meta.file_type().is_file() || meta.nlink() > 1 {
        return Err(io::Error::other(
            "it is not a regular file of its own (a device, a FIFO, or a hard link); refused",
        ));
    }
    file.set_len(0)?;
    Ok(file)
}

/// A pseudo-terminal's master as a PTY session holds it: one descriptor (non-blocking), read
/// for what the terminal shows and written for what is typed. On Windows it is a pseudo-console
/// and its two pipes (`windows/conpty.rs`), with the same methods.
#[derive(Debug)]
pub(crate) struct PtyMaster(File);

/// The terminal as a start hands it to a program: the slave, its stdio and controlling terminal.
pub(crate) type PtySlave = OwnedFd;

/// What a start request carries of the terminal (`Request::terminal`): the slave's number.
pub(crate) type TerminalRef = RawFd;

/// The slave as a start request names it.
pub(crate) fn terminal_of(slave: &PtySlave) -> TerminalRef {
    slave.as_raw_fd()
}

impl PtyMaster {
    pub(crate) fn new(master: File) -> PtyMaster {
        PtyMaster(master)
    }

    /// Where input is written: the master itself.
    pub(crate) fn input(&self) -> BorrowedFd<'_> {
        self.0.as_fd()
    }

    /// Sets the terminal's size; the kernel sends SIGWINCH to its foreground process group.
    pub(crate) fn set_size(&self, cols: u16, rows: u16) -> io::Result<()> {
        set_winsize(&self.0, cols, rows)
    }

    /// The program exited: nothing to do here (the terminal reports its end once its last
    /// holder closed the slave). A pseudo-console must be closed for its output to end.
    pub(crate) fn hang_up(&self) {}

    #[cfg(test)]
    pub(crate) fn file(&self) -> &File {
        &self.0
    }
}

impl AsRawFd for PtyMaster {
    fn as_raw_fd(&self) -> RawFd {
        self.0.as_raw_fd()
    }
}

// SAFETY: a `PtyMaster` owns its file, open until dropped, and never changes it.
unsafe impl StableFd for PtyMaster {}

/// Sets a terminal's size (`TIOCSWINSZ` on its master); the kernel sends SIGWINCH to its
/// foreground process group.
fn set_winsize(master: &File, cols: u16, rows: u16) -> io::Result<()> {
    let winsize = libc::winsize {
        ws_row: rows,
        ws_col: cols,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: `master` is open; TIOCSWINSZ reads one `winsize`, which lives across the call.
    if unsafe { libc::ioctl(master.as_raw_fd(), libc::TIOCSWINSZ, &winsize) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(test)]
/// A terminal's size, `(cols, rows)` (`TIOCGWINSZ`).
pub(crate) fn winsize(fd: &impl AsRawFd) -> io::Result<(u16, u16)> {
    // SAFETY: `winsize` is plain integers, for which all zeroes is a valid value.
    let mut ws: libc::winsize = unsafe { std::mem::zeroed() };
    // SAFETY: TIOCGWINSZ writes one `winsize` into `ws`, which outlives the call.
    if unsafe { libc::ioctl(fd.as_raw_fd(), libc::TIOCGWINSZ, &mut ws) } < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok((ws.ws_col, ws.ws_row))
}

#[cfg(test)]
/// Whether `fd` is closed on exec.
pub(crate) fn is_cloexec(fd: &impl AsRawFd) -> bool {
    // SAFETY: F_GETFD only reads the descriptor's flags.
    unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_GETFD) & libc::FD_CLOEXEC != 0 }
}

#[cfg(test)]
/// Makes `path` executable by everyone (mode 0755).
pub(crate) fn make_executable(path: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
}

#[cfg(test)]
/// A symbolic link at `link` to the file `target`.
pub(crate) fn symlink_file(target: &Path, link: &Path) -> io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

#[cfg(test)]
/// A symbolic link at `link` to `target`, a file, a directory or nothing.
pub(crate) fn symlink(target: &Path, link: &Path) -> io::Result<()> {
    std::os::unix::fs::symlink(target, link)
}

/// Creates `path`, new, mode 0600: a file only the user can read.
pub(crate) fn create_private_file(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
}

/// Makes `dir`, mode 0700: only we can enter it.
pub(crate) fn create_private_dir(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    std::fs::DirBuilder::new().mode(0o700).create(dir)
}

/// The group of `pid` (`getpgid`), when it has one we can see.
pub(crate) fn process_group(pid: i32) -> Option<i32> {
    // SAFETY: getpgid takes a plain integer and touches no memory of ours.
    let g = unsafe { libc::getpgid(pid) };
    (g > 0).then_some(g)
}

/// Signals every process of group `group` (`kill(-group)`): whether it was sent. The caller
/// makes sure the group is not the host's.
pub(crate) fn kill_group(group: i32, signal: i32) -> bool {
    // SAFETY: kill takes two integers and touches no memory.
    unsafe { libc::kill(-group, signal) == 0 }
}

/// The signal that ended a process, from its wait status.
pub(crate) fn exit_signal(status: &std::process::ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status.signal()
}

/// An `ExitStatus` from a raw wait status.
pub(crate) fn exit_status(raw: i32) -> std::process::ExitStatus {
    use std::os::unix::process::ExitStatusExt;
    std::process::ExitStatus::from_raw(raw)
}

/// Writes all of `buf` at `offset` without moving the file's position (`pwrite`).
pub(crate) fn write_all_at(file: &File, buf: &[u8], offset: u64) -> io::Result<()> {
    use std::os::unix::fs::FileExt;
    file.write_all_at(buf, offset)
}

/// What tells a changed file from the one seen before: `(mtime, size, inode)`.
pub(crate) fn file_stamp(meta: &std::fs::Metadata) -> (i64, u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (meta.mtime(), meta.size(), meta.ino())
}

/// A path in `parent`, `prefix` and ten random letters and digits, that nothing is at (made by
/// whoever will remove it; see [`super::request::ScratchFile`]).
pub(crate) fn scratch_path_in(parent: &Path, prefix: &str) -> io::Result<PathBuf> {
    const LETTERS: &[u8; 62] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut n = u64::from_ne_bytes(random_bytes()?);
    let mut name = String::from(prefix);
    for _ in 0..10 {
        name.push(char::from(LETTERS[(n % 62) as usize]));
        n /= 62;
    }
    Ok(parent.join(name))
}

/// Where a plain shell's scratch directory goes: its script and FIFOs, which no command sees
/// (a sandboxed shell's is its commands' `TMPDIR`, always in the temp directory). When the host
/// names no `TMPDIR` and the platform mounts a memory filesystem (`native::MEMORY_DIRS`: Linux's
/// `/dev/shm`), a directory there: `$XDG_RUNTIME_DIR` (the per-user directory meant for such
/// files) first, whichever is a directory we may write to. Making and removing a directory and its
/// files there costs a fraction of what it costs on a disk filesystem (ext4 mounted with `discard`
/// here: one-shot calls back to back 20 % faster). Else, and when a start there fails (a full
/// `/dev/shm`), the temp directory.
pub(crate) fn scratch_parent() -> PathBuf {
    memory_scratch_dir().unwrap_or_else(std::env::temp_dir)
}

/// [`scratch_parent`]'s memory filesystem, `None` where there is none to use.
pub(crate) fn memory_scratch_dir() -> Option<PathBuf> {
    memory_scratch_parent(|k| std::env::var_os(k), native::MEMORY_DIRS, usable_dir)
}

/// [`scratch_parent`]'s memory filesystem, from the environment (`var`), the platform's memory
/// directories (`memory`; none: no memory filesystem at all) and a check of a directory
/// (`usable`).
fn memory_scratch_parent(
    var: impl Fn(&str) -> Option<std::ffi::OsString>,
    memory: &[&str],
    usable: impl Fn(&Path) -> bool,
) -> Option<PathBuf> {
    if memory.is_empty() || var("TMPDIR").is_some_and(|v| !v.is_empty()) {
        return None;
    }
    let runtime = var("XDG_RUNTIME_DIR")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute());
    runtime
        .into_iter()
        .chain(memory.iter().map(PathBuf::from))
        .find(|p| usable(p))
}

/// Whether `dir` is a directory we may make entries in.
fn usable_dir(dir: &Path) -> bool {
    let Ok(c) = CString::new(dir.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: a NUL-terminated path; access only reads it.
    dir.is_dir() && unsafe { libc::access(c.as_ptr(), libc::W_OK | libc::X_OK) } == 0
}

/// Frees the storage of the whole pages of `file` from the one holding byte `from` to the one
/// holding byte `to` (not included), which read as zeros afterwards; its size is unchanged. Called
/// again with `from` at the last call's `to`, it frees the page left straddling that boundary.
/// Filesystems and platforms that cannot do it are left alone (see `native::punch_hole`).
pub(crate) fn punch(file: &File, from: u64, to: u64) {
    let (start, end) = (from & !4095, to & !4095);
    if end > start {
        native::punch_hole(file, start, end - start);
    }
}

/// Eight bytes from the kernel's random source.
pub(crate) fn random_bytes() -> io::Result<[u8; 8]> {
    native::random_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SHM: &[&str] = &["/dev/shm"];

    #[test]
    fn scratch_goes_to_memory_unless_tmpdir_is_named() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| {
                pairs
                    .iter()
                    .find(|(name, _)| *name == k)
                    .map(|(_, v)| std::ffi::OsString::from(v))
            }
        };
        let all = |_: &Path| true;
        let none = |_: &Path| false;
        let shm = Some(PathBuf::from("/dev/shm"));
        let run = Some(PathBuf::from("/run/user/1000"));
        assert_eq!(memory_scratch_parent(env(&[]), SHM, all), shm);
        assert_eq!(
            memory_scratch_parent(env(&[("XDG_RUNTIME_DIR", "/run/user/1000")]), SHM, all),
            run
        );
        // An explicit TMPDIR is the host's choice; an empty one is not a choice.
        assert_eq!(
            memory_scratch_parent(env(&[("TMPDIR", "/var/tmp")]), SHM, all),
            None
        );
        assert_eq!(memory_scratch_parent(env(&[("TMPDIR", "")]), SHM, all), shm);
        // A relative or unusable runtime directory is passed over.
        assert_eq!(
            memory_scratch_parent(env(&[("XDG_RUNTIME_DIR", "run")]), SHM, all),
            shm
        );
        let only_shm = |p: &Path| p == Path::new("/dev/shm");
        assert_eq!(
            memory_scratch_parent(env(&[("XDG_RUNTIME_DIR", "/run/user/1000")]), SHM, only_shm),
            shm
        );
        assert_eq!(memory_scratch_parent(env(&[]), SHM, none), None);
        // A platform without a memory filesystem (macOS) never looks.
        assert_eq!(
            memory_scratch_parent(env(&[("XDG_RUNTIME_DIR", "/run/user/1000")]), &[], all),
            None
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_punched_prefix_frees_its_pages_and_keeps_the_rest() {
        // Where shells' scripts go by default: tmpfs frees punched pages on every kernel since 3.5.
        let parent = memory_scratch_parent(|_| None, native::MEMORY_DIRS, usable_dir)
            .unwrap_or_else(std::env::temp_dir);
        let dir = parent.join(format!("agent-shell-punch-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("script");
        let text: Vec<u8> = (0..256 * 1024).map(|i| b'a' + (i % 26) as u8).collect();
        std::fs::write(&path, &text).unwrap();
        let file = File::options().read(true).write(true).open(&path).unwrap();
        let allocated = || {
            use std::os::unix::fs::MetadataExt;
            file.metadata().unwrap().blocks() * 512
        };
        let before = allocated();
        punch(&file, 0, 128 * 1024 + 100);
        let after = allocated();
        let read = std::fs::read(&path).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(read.len(), text.len(), "the size is kept");
        assert_eq!(
            &read[128 * 1024..],
            &text[128 * 1024..],
            "what follows the pages is kept"
        );
        assert!(
            read[..128 * 1024].iter().all(|&b| b == 0),
            "the punched pages read as zeros"
        );
        assert!(
            after + 128 * 1024 <= before,
            "freed: {before} -> {after} bytes"
        );
    }

    #[test]
    fn a_pipe_carries_bytes_and_reports_what_it_holds() {
        let (read, write) = pipe().unwrap();
        let mut write = File::from(write);
        std::io::Write::write_all(&mut write, b"abc").unwrap();
        assert_eq!(queued_bytes(&read).unwrap(), 3);
        let mut buf = [0u8; 8];
        assert_eq!(read_fd(&read, &mut buf).unwrap(), 3);
        assert_eq!(&buf[..3], b"abc");
        assert_eq!(queued_bytes(&read).unwrap(), 0);
        set_nonblocking(&read, true).unwrap();
        let err = read_fd(&read, &mut buf).unwrap_err();
        assert_eq!(err.kind(), io::ErrorKind::WouldBlock);
    }

    #[test]
    fn a_file_offset_follows_reads() {
        let dir = make_private_temp_dir("agent-shell-fd-test-").unwrap();
        let path = dir.join("f");
        std::fs::write(&path, b"hello").unwrap();
        let file = File::open(&path).unwrap();
        assert_eq!(offset(&file).unwrap(), 0);
        let mut buf = [0u8; 2];
        read_fd(&file, &mut buf).unwrap();
        assert_eq!(offset(&file).unwrap(), 2);
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_fifo_is_opened_at_both_ends() {
        let dir = make_private_temp_dir("agent-shell-fd-test-").unwrap();
        let path = dir.join("fifo");
        let (read, write) = make_fifo(&path).unwrap();
        let mut write = File::from(write);
        std::io::Write::write_all(&mut write, b"x").unwrap();
        let mut buf = [0u8; 4];
        assert_eq!(read_fd(&read, &mut buf).unwrap(), 1);
        assert!(make_fifo(&path).is_err(), "the path is taken");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn random_bytes_differ() {
        assert_ne!(random_bytes().unwrap(), random_bytes().unwrap());
    }
}
