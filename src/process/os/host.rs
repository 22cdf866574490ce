//! The host process itself, as POSIX gives it on Linux and macOS alike: whose files it makes (its
//! effective user) and a hook run when it exits. Files that must not outlive the host (the shell
//! snapshot) are removed from that hook.

/// The host's effective user id: the owner of every file and directory it makes.
pub(crate) fn effective_uid() -> u32 {
    // SAFETY: geteuid takes nothing, touches no memory and cannot fail.
    unsafe { libc::geteuid() }
}

/// Runs `hook` when the host exits through `exit()` (Node's `process.exit()` and the end of its
/// event loop both do; a death by a signal runs nothing). Returns whether it was registered.
pub(crate) fn at_exit(hook: extern "C" fn()) -> bool {
    // SAFETY: `hook` is a plain function that lives as long as the program (the addon is never
    // unloaded); atexit only stores it.
    unsafe { libc::atexit(hook) == 0 }
}
