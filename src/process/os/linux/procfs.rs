//! The process table from `/proc`: a process's `stat` line, its children (the `children` file of
//! each of its threads, no scan of all of `/proc`), its executable, its descriptors and its
//! environment.

use std::fs;
use std::os::unix::fs::FileExt;
use std::path::PathBuf;
use std::sync::LazyLock;

use crate::process::os::entry::{FdTarget, ProcEntry};

/// Reads `/proc/<pid>/stat`; `None` when the process does not exist.
pub(crate) fn entry(pid: i32) -> Option<ProcEntry> {
    let mut buf = [0u8; 2048];
    let text = read_small(&format!("/proc/{pid}/stat"), &mut buf)?;
    parse_stat(pid, text)
}

/// A procfs file read whole in one `read` into `buf` (procfs makes the text at that read): an
/// open, a read and a close, where `fs::read_to_string` also asks the size, which procfs does not
/// know. A stop reads a few files of each process of a tree, several times. `None` when the file
/// cannot be read or does not fit.
fn read_small<'b>(path: &str, buf: &'b mut [u8]) -> Option<&'b str> {
    use std::io::Read;
    let n = fs::File::open(path).ok()?.read(buf).ok()?;
    if n == buf.len() {
        return None;
    }
    std::str::from_utf8(&buf[..n]).ok()
}

/// The command name is in parentheses and may itself contain spaces and parentheses, so fields
/// are counted from the last `)`.
fn parse_stat(pid: i32, text: &str) -> Option<ProcEntry> {
    let rest = &text[text.rfind(')')? + 1..];
    let mut fields = rest.split_ascii_whitespace();
    let state = fields.next()?.chars().next()?;
    let ppid = fields.next()?.parse().ok()?;
    let pgid = fields.next()?.parse().ok()?;
    let session = fields.next()?.parse().ok()?;
    // After state, ppid, pgrp and session, start time is the 16th remaining field (field 22).
    let start_time = fields.nth(15)?.parse().ok()?;
    Some(ProcEntry {
        pid,
        ppid,
        pgid,
        session,
        start_time,
        state,
    })
}

/// Every pid in `/proc`.
pub(crate) fn all_pids() -> Vec<i32> {
    fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<i32>().ok())
        .collect()
}

/// Every process that can be read now.
pub(crate) fn snapshot() -> Vec<ProcEntry> {
    all_pids().into_iter().filter_map(entry).collect()
}

/// Direct children of `pid`, from the `children` file of each of its threads (cheap: no scan of
/// all of `/proc`). Falls back to a full scan on kernels without that file.
pub(crate) fn children(pid: i32) -> Vec<i32> {
    // A single-threaded process (most of a tree) has one such file, at a known place: procfs
    // counts a process's threads in its task directory's link count (two plus one a thread), so
    // one stat spares the listing of the directory.
    use std::os::unix::fs::MetadataExt;
    let task_dir = format!("/proc/{pid}/task");
    if fs::metadata(&task_dir).is_ok_and(|m| m.nlink() == 3) {
        let mut buf = [0u8; 4096];
        if let Some(text) = read_small(&format!("{task_dir}/{pid}/children"), &mut buf) {
            return parse_pids(text).collect();
        }
    }
    let Ok(tasks) = fs::read_dir(task_dir) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for task in tasks.flatten() {
        match fs::read_to_string(task.path().join("children")) {
            Ok(text) => out.extend(parse_pids(&text)),
            Err(_) => return children_by_scan(pid),
        }
    }
    out
}

/// Direct children of a single-threaded process such as a shell: one file read, where
/// [`children`] lists the task directory first. Called on every run, so it is worth the twin.
pub(crate) fn children_of_single_threaded(pid: i32) -> Vec<i32> {
    let mut buf = [0u8; 4096];
    match read_small(&format!("/proc/{pid}/task/{pid}/children"), &mut buf) {
        Some(text) => parse_pids(text).collect(),
        None => children(pid),
    }
}

/// The children list of one single-threaded process, kept open: each [`ChildrenFile::read`] is
/// one `pread` (the kernel regenerates the list at offset 0) instead of an open, a stat, a read
/// and a close. A shell's children are read after every run.
pub(crate) struct ChildrenFile {
    pid: i32,
    file: Option<fs::File>,
}

impl ChildrenFile {
    pub(crate) fn open(pid: i32) -> ChildrenFile {
        let file = fs::File::open(format!("/proc/{pid}/task/{pid}/children")).ok();
        ChildrenFile { pid, file }
    }

    /// The process's direct children now.
    pub(crate) fn read(&self) -> Vec<i32> {
        let Some(file) = &self.file else {
            return children_of_single_threaded(self.pid);
        };
        let mut buf = [0u8; 4096];
        match file.read_at(&mut buf, 0) {
            // A full buffer may have been cut mid-list: read it all the slow way.
            Ok(n) if n < buf.len() => {
                parse_pids(std::str::from_utf8(&buf[..n]).unwrap_or("")).collect()
            }
            _ => children_of_single_threaded(self.pid),
        }
    }
}

fn parse_pids(text: &str) -> impl Iterator<Item = i32> + '_ {
    text.split_ascii_whitespace().filter_map(|p| p.parse().ok())
}

fn children_by_scan(parent: i32) -> Vec<i32> {
    all_pids()
        .into_iter()
        .filter(|&pid| matches!(entry(pid), Some(s) if s.ppid == parent))
        .collect()
}

/// The file name of the program `pid` runs (`/proc/<pid>/exe`).
pub(crate) fn exe_name(pid: i32) -> Option<String> {
    let exe = exe_path(pid)?;
    Some(exe.file_name()?.to_string_lossy().into_owned())
}

/// The path of the program `pid` runs (`/proc/<pid>/exe`).
pub(crate) fn exe_path(pid: i32) -> Option<PathBuf> {
    fs::read_link(format!("/proc/{pid}/exe")).ok()
}

/// The arguments `pid` was started with (`/proc/<pid>/cmdline`); empty for a kernel thread, a
/// zombie or a process we may not read.
pub(crate) fn argv(pid: i32) -> Vec<String> {
    let Ok(bytes) = fs::read(format!("/proc/{pid}/cmdline")) else {
        return Vec::new();
    };
    let bytes = bytes.strip_suffix(&[0]).unwrap_or(&bytes);
    if bytes.is_empty() {
        return Vec::new();
    }
    bytes
        .split(|&b| b == 0)
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect()
}

/// What descriptor `fd` of `pid` points at: a path, or `pipe:[inode]` and the like.
pub(crate) fn fd_path(pid: i32, fd: i32) -> Option<PathBuf> {
    fs::read_link(format!("/proc/{pid}/fd/{fd}")).ok()
}

/// What every descriptor of `pid` points at.
pub(crate) fn fd_paths(pid: i32) -> Vec<PathBuf> {
    fs::read_dir(format!("/proc/{pid}/fd"))
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|fd| fs::read_link(fd.path()).ok())
        .collect()
}

/// The pipe descriptor `fd` of `pid` is an end of, as a number both ends share (its inode).
pub(crate) fn pipe_id(pid: i32, fd: i32) -> Option<u64> {
    pipe_inode(&fd_path(pid, fd)?)
}

/// The pipe inode of a descriptor's link (`pipe:[123]`).
fn pipe_inode(link: &std::path::Path) -> Option<u64> {
    link.to_str()?
        .strip_prefix("pipe:[")?
        .strip_suffix(']')?
        .parse()
        .ok()
}

/// Every descriptor `pid` has open (`/proc/<pid>/fd`) and what it points at; those closed while
/// they were listed are left out. `None` when the process cannot be looked at.
pub(crate) fn open_fds(pid: i32) -> Option<Vec<(i32, FdTarget)>> {
    let entries = fs::read_dir(format!("/proc/{pid}/fd")).ok()?;
    Some(
        entries
            .flatten()
            .filter_map(|entry| {
                let fd = entry.file_name().to_str()?.parse().ok()?;
                let link = fs::read_link(entry.path()).ok()?;
                let target = match pipe_inode(&link) {
                    Some(inode) => FdTarget::Pipe(inode),
                    None if link.is_absolute() => FdTarget::File(link),
                    None => FdTarget::Other,
                };
                Some((fd, target))
            })
            .collect(),
    )
}

/// Whether the environment `pid` was started with (`/proc/<pid>/environ`, readable for our own
/// user's processes) holds the entry `needle` (`NAME=value`).
pub(crate) fn environ_contains(pid: i32, needle: &[u8]) -> bool {
    fs::read(format!("/proc/{pid}/environ"))
        .is_ok_and(|env| env.split(|&b| b == 0).any(|entry| entry == needle))
}

/// The host's identity, capabilities and file-mode mask, which a shell inherits at its start
/// (`Umask`, `Uid`, `Gid`, `Groups` and the capability sets of `/proc/self/status`), as text that
/// is equal for equal identities.
pub(crate) fn host_identity() -> Option<String> {
    const FIELDS: &[&str] = &[
        "Umask:",
        "Uid:",
        "Gid:",
        "Groups:",
        "CapInh:",
        "CapPrm:",
        "CapEff:",
        "CapBnd:",
        "CapAmb:",
        "NoNewPrivs:",
    ];
    // Opened once and read again from its start: procfs makes the text anew at each read, and the
    // open and close were a third of the cost.
    static STATUS: LazyLock<Option<fs::File>> =
        LazyLock::new(|| fs::File::open("/proc/self/status").ok());
    let file = STATUS.as_ref()?;
    let mut buf = vec![0u8; 4096];
    let mut len = 0;
    loop {
        if len == buf.len() {
            buf.resize(len * 2, 0);
        }
        match file.read_at(&mut buf[len..], len as u64).ok()? {
            0 => break,
            n => len += n,
        }
    }
    let status = std::str::from_utf8(&buf[..len]).ok()?;
    Some(
        status
            .lines()
            .filter(|l| FIELDS.iter().any(|f| l.starts_with(f)))
            .collect::<Vec<_>>()
            .join("\n"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn parses_stat_with_parentheses_in_the_name() {
        let line =
            "1234 (a) b (c)) S 77 1230 1234 0 -1 4194560 100 0 0 0 0 0 0 0 20 0 1 0 987654 1000 10";
        let s = parse_stat(1234, line).unwrap();
        assert_eq!(
            (s.ppid, s.pgid, s.session, s.start_time, s.state),
            (77, 1230, 1234, 987654, 'S')
        );
    }

    #[test]
    fn finds_the_children_of_every_thread_and_of_a_single_threaded_process() {
        use std::process::{Command, Stdio};
        use std::sync::mpsc;
        let me = std::process::id() as i32;
        // Started from a thread of its own, which lives while we look: only that thread's
        // `children` file lists it. The shell is single-threaded and has one child.
        let (started, pid) = mpsc::channel();
        let (looked, done) = mpsc::channel::<()>();
        let starter = std::thread::spawn(move || {
            let child = Command::new("sh")
                .args(["-c", "sleep 30 & wait"])
                .stdin(Stdio::null())
                .spawn()
                .unwrap();
            started.send(child.id() as i32).unwrap();
            let _ = done.recv();
            child
        });
        let shell = pid.recv().unwrap();
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while children(shell).is_empty() && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        let ours = children(me);
        let below = children(shell);
        let below_too = children_of_single_threaded(shell);
        looked.send(()).unwrap();
        let mut child = starter.join().unwrap();
        for &p in &below {
            crate::process::os::fd::kill(p, libc::SIGKILL);
        }
        let _ = child.kill();
        let _ = child.wait();
        assert!(ours.contains(&shell), "{shell} among {ours:?}");
        assert_eq!(below.len(), 1, "{below:?}");
        assert_eq!(below, below_too);
    }

    #[test]
    fn reads_our_own_entry_environment_and_pipes() {
        let me = std::process::id() as i32;
        let e = entry(me).unwrap();
        assert_eq!(e.pid, me);
        assert!(!e.is_gone() && e.start_time > 0);
        assert!(snapshot().iter().any(|p| p.pid == me));
        let (read, write) = crate::process::os::native::pipe().unwrap();
        use std::os::fd::AsRawFd;
        let ends = (
            pipe_id(me, read.as_raw_fd()),
            pipe_id(me, write.as_raw_fd()),
        );
        assert!(ends.0.is_some() && ends.0 == ends.1, "{ends:?}");
        assert!(!environ_contains(me, b"AGENT_SHELL_NO_SUCH_ENTRY=1"));
    }
}
