//! What a supervised start is asked for and how it can fail, shared by [`super::spawn`], which
//! builds a request from a caller's spec, and [`super::supervisor`], which carries it out (neither
//! imports the other's side of it).

use super::fd::RawFd;
use std::path::Path;

use super::native::sandbox::Confinement;

/// The descriptor a supervisor reports the program's wait status on.
#[derive(Debug, Clone, Copy)]
pub(crate) enum ReportTo {
    /// A target number of [`super::spawn::SpawnSpec::fds`]: the program holds it too (a shell's status pipe).
    Target(RawFd),
    /// One of our descriptors that only the supervisor gets (the program's exit is all that is
    /// written to it, and its EOF says the supervisor is gone).
    Own(RawFd),
}

/// What to start under a supervisor: the descriptors are the host's numbers.
pub(crate) struct Request<'a> {
    pub(crate) program: &'a str,
    pub(crate) args: &'a [String],
    pub(crate) env: &'a [(String, String)],
    pub(crate) cwd: Option<&'a Path>,
    /// `(host fd, fd number in the program)`.
    pub(crate) fds: &'a [(RawFd, RawFd)],
    /// Where the program's wait status goes, as `prefix`, the status in decimal, then a NUL.
    pub(crate) report: ReportTo,
    pub(crate) prefix: &'a [u8],
    /// Whether the report also says the directory the program was in when it exited: the status
    /// is then followed by `:` and that directory (nothing after the status when it cannot be
    /// known). A shell's `exit` ends it before its framing could report where it was. Only the
    /// Linux supervisor can (the posix backend reports no directory).
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    pub(crate) report_dir: bool,
    /// A terminal (host fd) for the program's stdin, stdout, stderr and controlling terminal: the
    /// program then leads a session of its own. `None`: stdio on `/dev/null`, no terminal.
    /// On Windows, the pseudo-console the program is attached to instead (`fd::TerminalRef`).
    pub(crate) terminal: Option<super::fd::TerminalRef>,
    /// The confinement the program enters before `execve` (see [`super::sandbox`]); it must live
    /// until [`super::supervisor::start`] returns.
    pub(crate) sandbox: Option<&'a Confinement>,
    /// A directory of files (no subdirectories) that belong to the session, removed by the
    /// supervisor when the host goes away without removing it (killed, or exited without closing
    /// the session).
    pub(crate) scratch_dir: Option<&'a Path>,
    /// When set, `scratch_dir` does not exist yet: it is made (mode 0700) with this file in it
    /// by what removes it when the host goes away, before the program starts, so that the
    /// directory never exists without something to remove it. The start fails with `EEXIST`
    /// when the directory exists.
    pub(crate) scratch_file: Option<ScratchFile<'a>>,
    /// A directory more, removed as `scratch_dir` is when the host goes away: a sandboxed
    /// shell's temp directory, made on disk apart from its script and FIFOs in memory (see
    /// `shell::start`). Only the Linux supervisor is given one.
    #[cfg_attr(not(target_os = "linux"), allow(dead_code))]
    pub(crate) tmpdir: Option<&'a Path>,
}

/// A file [`Request::scratch_dir`] is made with (the program's script).
#[derive(Clone, Copy)]
pub(crate) struct ScratchFile<'a> {
    /// A file name, without `/`.
    pub(crate) name: &'a str,
    pub(crate) text: &'a [u8],
}

impl ScratchFile<'_> {
    /// Makes `dir` (0700) with the file in it (0644 less the umask), here in the host: for a
    /// start that cannot do it on the other side of the host (the posix backend).
    pub(crate) fn make_in_host(&self, dir: &Path) -> std::io::Result<()> {
        super::fd::create_private_dir(dir)?;
        self.write_in(dir).inspect_err(|_| {
            let _ = std::fs::remove_dir_all(dir);
        })
    }

    /// Writes the file, new, in `dir`, which exists.
    pub(crate) fn write_in(&self, dir: &Path) -> std::io::Result<()> {
        use std::io::Write;
        std::fs::File::options()
            .write(true)
            .create_new(true)
            .open(dir.join(self.name))
            .and_then(|mut f| f.write_all(self.text))
    }
}

/// The program could not enter its sandbox (carried in an `io::Error` to [`super::spawn`], which
/// makes it `ERR_SANDBOX_UNAVAILABLE`).
#[derive(Debug)]
pub(crate) struct SandboxFailed(pub(crate) String);

impl std::fmt::Display for SandboxFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SandboxFailed {}
