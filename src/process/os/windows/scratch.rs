//! Scratch directories a dead host left in `%TEMP%`. On Windows no supervisor outlives the host
//! to remove a session's scratch directory (`start.rs`: the host makes and removes it), so a host
//! that is killed leaves it. Each one gets a record of the host that made it (`plan::HOST_RECORD`:
//! its pid and creation time, the identity the process table judges by); the first session start
//! of a host sweeps `%TEMP%` and removes the directories whose host is gone (`plan::host_gone`).
//!
//! Bounded: one sweep per host process, at most [`SWEEP_MAX_ENTRIES`] entries read and
//! [`SWEEP_MAX_REMOVED`] directories removed. Never following links: a directory is one only if
//! it is no reparse point (a symbolic link, a junction), its record only if it is a plain file,
//! and `remove_dir_all` removes a link inside it as a link, not what it points at.

use std::io::Read;
use std::os::windows::fs::MetadataExt;
use std::path::Path;

use windows_sys::Win32::Storage::FileSystem::FILE_ATTRIBUTE_REPARSE_POINT;
use windows_sys::Win32::System::Threading::GetCurrentProcess;

use super::plan::{host_gone, host_record, parse_host_record, HOST_RECORD, HOST_RECORD_MAX_BYTES};
use super::toolhelp;

/// Entries of `%TEMP%` one sweep reads at most: a user's `%TEMP%` can hold many thousands, and a
/// session start must not wait for all of them.
const SWEEP_MAX_ENTRIES: usize = 10_000;
/// Directories one sweep removes at most: a few dozen dead hosts' directories, each small.
const SWEEP_MAX_REMOVED: usize = 64;
/// The names of session scratch directories (`shell/start.rs`).
pub(crate) const SCRATCH_PREFIX: &str = "agent-shell-";

/// This host's identity: its pid and creation time.
pub(crate) fn me() -> Option<(u32, u64)> {
    // SAFETY: the pseudo-handle of this process, which needs no closing.
    let created = toolhelp::creation_time(unsafe { GetCurrentProcess() })?;
    Some((std::process::id(), created))
}

/// Writes this host's record into its scratch directory `dir` (new: nothing is there yet).
pub(crate) fn record_host(dir: &Path) -> std::io::Result<()> {
    let (pid, created) = me().ok_or_else(|| std::io::Error::other("no creation time"))?;
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(dir.join(HOST_RECORD))
        .and_then(|mut f| std::io::Write::write_all(&mut f, host_record(pid, created).as_bytes()))
}

/// Sweeps `parent` once per host process (see the module's notes).
pub(crate) fn sweep_once(parent: &Path) {
    static SWEPT: std::sync::Once = std::sync::Once::new();
    SWEPT.call_once(|| {
        if let Some(me) = me() {
            sweep(parent, SCRATCH_PREFIX, me);
        }
    });
}

/// Removes the directories in `parent` named `prefix…` whose record names a host that is gone
/// (not `me`): how many.
pub(crate) fn sweep(parent: &Path, prefix: &str, me: (u32, u64)) -> usize {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return 0;
    };
    let mut removed = 0;
    for entry in entries.take(SWEEP_MAX_ENTRIES).flatten() {
        if removed == SWEEP_MAX_REMOVED {
            break;
        }
        if !entry
            .file_name()
            .to_str()
            .is_some_and(|n| n.starts_with(prefix))
        {
            continue;
        }
        let dir = entry.path();
        let Some(owner) = owner_of(&dir) else {
            continue;
        };
        let now = toolhelp::entry(owner.0 as i32).map(|e| e.start_time);
        if host_gone(owner, me, now) && std::fs::remove_dir_all(&dir).is_ok() {
            removed += 1;
        }
    }
    removed
}

/// Whether `meta` is a reparse point (a symbolic link, a junction, …).
fn is_link(meta: &std::fs::Metadata) -> bool {
    meta.file_type().is_symlink() || meta.file_attributes() & FILE_ATTRIBUTE_REPARSE_POINT != 0
}

/// The host `dir`'s record names, if `dir` is a plain directory with a plain record file in it.
fn owner_of(dir: &Path) -> Option<(u32, u64)> {
    let meta = std::fs::symlink_metadata(dir).ok()?;
    if !meta.is_dir() || is_link(&meta) {
        return None;
    }
    let record = dir.join(HOST_RECORD);
    let meta = std::fs::symlink_metadata(&record).ok()?;
    if !meta.is_file() || is_link(&meta) || meta.len() > HOST_RECORD_MAX_BYTES {
        return None;
    }
    let mut text = String::new();
    std::fs::File::open(&record)
        .ok()?
        .take(HOST_RECORD_MAX_BYTES)
        .read_to_string(&mut text)
        .ok()?;
    parse_host_record(&text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::os::fd;
    use crate::process::os::windows::job::{self, Job, StartSpec};
    use std::path::PathBuf;
    use std::time::Duration;

    /// A host that was and is gone: node.exe (beside this test program), run to its end; its pid
    /// and creation time, read from our handle while it was ours.
    fn gone_host() -> (u32, u64) {
        let exe = std::env::current_exe().unwrap();
        let program = exe.parent().unwrap().join("node.exe");
        let program = program.to_string_lossy().into_owned();
        let null = fd::handle_of(fd::AsRawFd::as_raw_fd(&fd::dev_null().unwrap()));
        let env: Vec<(String, String)> = std::env::vars().collect();
        let args = ["-e".to_string(), "0".to_string()];
        let spec = StartSpec {
            program: &program,
            args: &args,
            env: &env,
            cwd: None,
            stdio: [null; 3],
            console: None,
        };
        let job = Job::new().unwrap();
        let started = job::start(&spec, &job).unwrap();
        let created = toolhelp::creation_time(started.process()).unwrap();
        assert_eq!(started.wait(Duration::from_secs(120)).unwrap(), Some(0));
        let pid = started.pid;
        drop((started, job));
        (pid, created)
    }

    fn dir_with(parent: &Path, name: &str, record: Option<&str>) -> PathBuf {
        let dir = parent.join(name);
        std::fs::create_dir(&dir).unwrap();
        std::fs::write(dir.join("bash"), b"script").unwrap();
        if let Some(record) = record {
            std::fs::write(dir.join(HOST_RECORD), record).unwrap();
        }
        dir
    }

    #[test]
    fn a_sweep_removes_only_the_directories_of_hosts_that_are_gone() {
        let parent = fd::make_private_temp_dir("agent-shell-sweep-test-").unwrap();
        let prefix = "agent-shell-";
        let me = me().expect("this host's identity");
        let gone = gone_host();
        let gone_record = host_record(gone.0, gone.1);
        let stale = dir_with(&parent, "agent-shell-stale", Some(&gone_record));
        let mine = dir_with(&parent, "agent-shell-mine", Some(&host_record(me.0, me.1)));
        // The pid of a live process (this one) with another creation time: a reused pid.
        let reused = dir_with(
            &parent,
            "agent-shell-reused",
            Some(&host_record(me.0, me.1 - 1)),
        );
        let unrecorded = dir_with(&parent, "agent-shell-unrecorded", None);
        let garbled = dir_with(&parent, "agent-shell-garbled", Some("not a record\n"));
        let other_name = dir_with(&parent, "someone-else", Some(&gone_record));
        // A gone host's directory holding a link to a directory outside it: the link goes, what
        // it points at stays. (A link needs Developer Mode or the privilege: wine and CI's
        // runners have it.)
        let outside = dir_with(&parent, "outside", None);
        let linked = dir_with(&parent, "agent-shell-linked", Some(&gone_record));
        std::os::windows::fs::symlink_dir(&outside, linked.join("link")).unwrap();
        // A link named as one of ours, pointing at a gone host's directory: not a directory.
        let pointing = dir_with(&parent, "pointed-at", Some(&gone_record));
        std::os::windows::fs::symlink_dir(&pointing, parent.join("agent-shell-link")).unwrap();

        assert_eq!(sweep(&parent, prefix, me), 3);
        for (dir, kept) in [
            (&stale, false),
            (&reused, false),
            (&linked, false),
            (&mine, true),
            (&unrecorded, true),
            (&garbled, true),
            (&other_name, true),
            (&pointing, true),
        ] {
            assert_eq!(dir.exists(), kept, "{}", dir.display());
        }
        assert!(outside.join("bash").is_file(), "the link was not followed");
        assert_eq!(sweep(&parent, prefix, me), 0, "nothing left to remove");
        std::fs::remove_dir_all(&parent).unwrap();
    }

    #[test]
    fn a_sessions_scratch_directory_carries_its_hosts_record() {
        let dir = fd::scratch_path_in(&std::env::temp_dir(), "agent-shell-record-test-").unwrap();
        std::fs::create_dir(&dir).unwrap();
        record_host(&dir).unwrap();
        assert_eq!(owner_of(&dir), me());
        assert!(record_host(&dir).is_err(), "a record is never overwritten");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
