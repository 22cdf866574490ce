//! The host's keeper: what removes the host's own scratch directories (the shell snapshots, the
//! jobs' state files, the tool layer's artifacts) when the host goes, however it goes. An exit
//! hook runs only when the host ends through `exit()`; a host ended by a signal (a test runner
//! ending its worker with SIGTERM, an app's SIGKILL) runs none. A session's own directory has its
//! supervisor or watchdog for that; these outlive every session, so they get one process of their
//! own per host, started at the first directory registered:
//!
//! - `/bin/sh`, in a session of its own (`posix_spawn`, as every program we start), that hands the
//!   work to a background subshell and exits, so that the keeper is an orphan, not one of the
//!   host's descendants (what `listDescendants(process.pid)` and a host's own process accounting
//!   see stays the host's);
//! - the keeper reads paths from a pipe, one per line, until EOF: the pipe's write end is the
//!   host's alone (close-on-exec; the supervisors close what they do not need), so EOF means the
//!   host is gone; then it removes them (`rm -rf`). A path already removed by the host (a
//!   `close()`, an exit hook) is simply not found.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::AsRawFd;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::Mutex;

use super::spawn;
use crate::process::os::{fd, native};

/// The keeper's script (see the module's header): the subshell reads `$3` (the pipe) and keeps
/// each absolute path as a positional parameter.
const KEEPER: &str = r#"(
  set --
  while IFS= read -r p; do case $p in /*) set -- "$@" "$p" ;; esac; done
  [ "$#" -gt 0 ] && rm -rf -- "$@"
) <&3 >/dev/null 2>&1 &"#;

/// The write end of the keeper's pipe, once the keeper is started; `None` when it could not be
/// (then only the exit hooks remove the directories).
static KEEPER_PIPE: Mutex<Option<Option<File>>> = Mutex::new(None);

/// Has the keeper remove `path` when the host goes. False when it cannot: no keeper could be
/// started, or the path is not absolute or holds a newline (the keeper reads lines).
pub(crate) fn remove_when_gone(path: &Path) -> bool {
    let bytes = path.as_os_str().as_bytes();
    if !path.is_absolute() || bytes.contains(&b'\n') {
        return false;
    }
    let mut keeper = KEEPER_PIPE.lock().unwrap_or_else(|e| e.into_inner());
    let pipe = keeper.get_or_insert_with(|| start().ok());
    let Some(pipe) = pipe else {
        return false;
    };
    let mut line = bytes.to_vec();
    line.push(b'\n');
    // A keeper that is gone (killed from outside) fails the write with EPIPE: the host ignores
    // SIGPIPE (Node does), as for every pipe to a program that may have exited.
    pipe.write_all(&line).is_ok()
}

/// Starts the keeper; returns the pipe's write end.
fn start() -> io::Result<File> {
    let (read, write) = native::pipe()?;
    let null = fd::dev_null()?;
    let pid = spawn::spawn(&spawn::Spawn {
        path: c"/bin/sh",
        argv0: "sh",
        args: &["-c".into(), KEEPER.into()],
        env: &[],
        cwd: Some(Path::new("/")),
        fds: &[
            (null.as_raw_fd(), 0),
            (null.as_raw_fd(), 1),
            (null.as_raw_fd(), 2),
            (read.as_raw_fd(), 3),
        ],
        terminal: None,
    })?;
    drop(read);
    // The outer sh exits as soon as the subshell is started.
    fd::waitpid(pid, true)?;
    Ok(File::from(write))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn until(what: impl Fn() -> bool) -> bool {
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if what() {
                return true;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }

    /// What the keeper does when its pipe's write end closes (as it does when the host dies,
    /// however): every path it was given is removed, a directory with what is in it, a path
    /// already gone and one with spaces alike; a relative line is not taken; and the keeper is
    /// not one of ours (an orphan, so that the host's descendants stay its own).
    #[test]
    fn the_keeper_removes_what_it_was_given_once_the_pipe_closes() {
        let base = std::env::temp_dir().join(format!("agent-shell-keeper-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&base);
        let kept = base.join("kept dir");
        std::fs::create_dir_all(kept.join("sub")).unwrap();
        std::fs::write(kept.join("sub/file"), "x").unwrap();
        let file = base.join("a file");
        std::fs::write(&file, "y").unwrap();
        let other = base.join("not given");
        std::fs::write(&other, "z").unwrap();
        std::fs::write(base.join("relative"), "r").unwrap();

        let mut pipe = start().unwrap();
        let lines = format!(
            "{}\n{}\n{}\nrelative\n",
            kept.display(),
            file.display(),
            base.join("gone already").display()
        );
        pipe.write_all(lines.as_bytes()).unwrap();
        // Keepers (this test's, and the one other tests' registrations started) are nobody's
        // children here: they run the script, and their parent is not this process.
        let keepers: Vec<i32> = native::all_pids()
            .into_iter()
            .filter(|&pid| native::argv(pid) == ["sh", "-c", KEEPER])
            .collect();
        assert!(!keepers.is_empty(), "no keeper runs");
        for pid in keepers {
            let parent = native::entry(pid).map(|e| e.ppid);
            assert_ne!(
                parent,
                Some(std::process::id() as i32),
                "keeper {pid} is ours"
            );
        }
        std::thread::sleep(Duration::from_millis(50));
        assert!(
            kept.exists() && file.exists(),
            "removed before the pipe closed"
        );

        drop(pipe);
        assert!(until(|| !kept.exists() && !file.exists()), "not removed");
        assert!(other.exists() && base.join("relative").exists());
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn paths_it_cannot_keep_are_refused() {
        assert!(!remove_when_gone(Path::new("relative/dir")));
        assert!(!remove_when_gone(Path::new("/tmp/a\nb")));
    }
}
