//! The host process itself: whose files it makes, and what removes them when it goes. Files that
//! must not outlive the host (the shell snapshot, the jobs' state) live in a directory checked to
//! be the host user's alone, removed by an exit hook and, for a host ended by a signal, by the
//! host's keeper. POSIX gives both on Linux and macOS alike; on Windows
//! (where no snapshot is taken yet) there is no hook and no directory passes the check.

use std::fs::Metadata;

/// Runs `hook` when the host exits through `exit()` (Node's `process.exit()` and the end of its
/// event loop both do; a death by a signal runs nothing). Returns whether it was registered.
pub(crate) fn at_exit(hook: extern "C" fn()) -> bool {
    #[cfg(unix)]
    {
        // SAFETY: `hook` is a plain function that lives as long as the program (the addon is
        // never unloaded); atexit only stores it.
        unsafe { libc::atexit(hook) == 0 }
    }
    #[cfg(windows)]
    {
        let _ = hook;
        false
    }
}

/// The directories [`remove_when_gone`] was given: removed by the exit hook.
static GONE_WITH_HOST: std::sync::Mutex<Vec<std::path::PathBuf>> =
    std::sync::Mutex::new(Vec::new());

/// Has `dir` (a directory of the host's own, made private) removed when the host goes, however it
/// goes: when it exits through `exit()` (an exit hook), and when a signal ends it (which runs no
/// exit hook) by the host's keeper, a process of its own that outlives the host by moments
/// (`posix/keeper.rs`). A directory removed earlier (a `close()`) is simply not found then.
/// Returns whether the exit hook has it (the keeper is on top of it: should it fail to start, a
/// host ended by a signal leaves the directory). On Windows nothing does, yet: false.
pub(crate) fn remove_when_gone(dir: &std::path::Path) -> bool {
    static HOOKED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    if !*HOOKED.get_or_init(|| at_exit(remove_all_at_exit)) {
        return false;
    }
    GONE_WITH_HOST
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(dir.to_path_buf());
    #[cfg(unix)]
    super::posix::keeper::remove_when_gone(dir);
    true
}

/// A directory only this user can enter, in the temp directory, named `prefix` and random
/// characters, removed when the host goes ([`remove_when_gone`]; on Windows, not: the caller
/// removes it). For the tool layer's artifacts and the CLI's input, which outlive any session.
pub(crate) fn temp_dir_gone_with_host(prefix: &str) -> std::io::Result<std::path::PathBuf> {
    let dir = super::fd::make_private_temp_dir(prefix)?;
    remove_when_gone(&dir);
    Ok(dir)
}

extern "C" fn remove_all_at_exit() {
    // Another thread may hold the lock as the host exits: then the keeper removes them, moments
    // later (an exit hook that blocks would hang the exit).
    if let Ok(dirs) = GONE_WITH_HOST.try_lock() {
        for dir in dirs.iter() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// Whether `meta` (an entry's own, not a symlink's target) is the host user's.
pub(crate) fn owned(meta: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        // SAFETY: geteuid takes nothing, touches no memory and cannot fail.
        meta.uid() == unsafe { libc::geteuid() }
    }
    #[cfg(windows)]
    {
        let _ = meta;
        false
    }
}

/// Why `meta` (an entry's own) is not a directory only the host user may enter, if it is not:
/// a symlink, not a directory, another user's, or open to the group or others.
pub(crate) fn not_private_dir(meta: &Metadata) -> Option<&'static str> {
    if meta.file_type().is_symlink() || !meta.is_dir() {
        return Some("not a directory");
    }
    if !owned(meta) {
        return Some("not owned by this user");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o077 != 0 {
            return Some("open to other users");
        }
    }
    None
}
