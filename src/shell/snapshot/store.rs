//! Where snapshots live: one directory per host process, made by us with mode 0700, checked to be
//! a directory we own and not a symlink, outside every HOME and project a capture names, on a
//! memory filesystem where there is one (the scratch directory's parent, `process::fd`). Files
//! are written 0600 under a temporary name and renamed into place. The directory is removed when
//! the host exits, or by the host's keeper when the host is ended by a signal (which runs no exit
//! hook); one left all the same (the keeper killed too) is removed by the next host that makes
//! its own.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use crate::process::{fd, host};

/// The directory names' start; then the host's pid, a dash and ten random characters.
const PREFIX: &str = "agent-shell-snapshot-";

/// This host's directory, made at the first capture; the error says why it could not be.
static DIR: OnceLock<Result<PathBuf, String>> = OnceLock::new();

/// This host's snapshot directory, made now if it is not yet (see the module's notes).
pub(super) fn dir() -> Result<&'static Path, String> {
    DIR.get_or_init(make).as_deref().map_err(Clone::clone)
}

/// Whether `dir` is inside `root` (both as given, and as they resolve). The filesystem's root is
/// no project and no HOME to keep out of (a desktop client starts its MCP servers in `/`).
pub(super) fn inside(dir: &Path, root: &Path) -> bool {
    if root.as_os_str().is_empty() || root.parent().is_none() {
        return false;
    }
    let resolved = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    dir.starts_with(root) || resolved(dir).starts_with(resolved(root))
}

fn make() -> Result<PathBuf, String> {
    let home = std::env::var_os("HOME")
        .map(PathBuf::from)
        .unwrap_or_default();
    let cwd = std::env::current_dir().unwrap_or_default();
    let parent = [
        fd::scratch_parent(),
        std::env::temp_dir(),
        PathBuf::from("/tmp"),
    ]
    .into_iter()
    .find(|p| p.is_absolute() && !inside(p, &home) && !inside(p, &cwd))
    .ok_or("no temporary directory outside HOME and the working directory")?;
    remove_stale(&parent);
    let name = format!("{PREFIX}{}-", std::process::id());
    let dir = fd::scratch_path_in(&parent, &name).map_err(|e| e.to_string())?;
    fd::create_private_dir(&dir).map_err(|e| format!("making {}: {e}", dir.display()))?;
    check_private(&dir)?;
    if !host::remove_when_gone(&dir) {
        let _ = std::fs::remove_dir(&dir);
        return Err("registering the removal of the snapshot directory at exit failed".into());
    }
    Ok(dir)
}

/// The directory is a directory (not a symlink to one), ours, and only ours to enter.
pub(super) fn check_private(dir: &Path) -> Result<(), String> {
    let meta = std::fs::symlink_metadata(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    match host::not_private_dir(&meta) {
        Some(why) => Err(format!("{} is {why}", dir.display())),
        None => Ok(()),
    }
}

/// Removes the directories of hosts that are gone (killed, so that their exit hook never ran):
/// ours (same owner), named with a pid that no process has.
fn remove_stale(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name
            .to_str()
            .and_then(|n| n.strip_prefix(PREFIX))
            .and_then(|rest| rest.split('-').next())
            .and_then(|pid| pid.parse::<i32>().ok())
        else {
            continue;
        };
        let ours = entry
            .metadata()
            .is_ok_and(|m| m.is_dir() && host::owned(&m));
        if ours && pid > 0 && pid != std::process::id() as i32 && !fd::kill(pid, 0) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// Writes `bytes` to `dir/name`, mode 0600, whole or not at all (a temporary name, then a rename).
pub(super) fn write(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    let path = dir.join(name);
    let temporary = fd::scratch_path_in(dir, ".writing-")?;
    // New (never a symlink or a file already there), mode 0600 less the umask.
    let written = fd::create_private_file(&temporary)
        .and_then(|mut f| f.write_all(bytes))
        .and_then(|()| std::fs::rename(&temporary, &path));
    match written {
        Ok(()) => Ok(path),
        Err(e) => {
            let _ = std::fs::remove_file(&temporary);
            Err(e)
        }
    }
}
