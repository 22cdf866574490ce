//! The host process itself: whose files it makes, and a hook run when it exits. Files that must
//! not outlive the host (the shell snapshot) are removed from that hook, and live in a directory
//! checked to be the host user's alone. POSIX gives both on Linux and macOS alike; on Windows
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
