//! The sandbox on Linux: a Landlock ruleset and a seccomp filter built in the host
//! ([`confine`]), entered by the program's vfork child with raw system calls only ([`enter`]).

use std::ffi::{c_int, CString};
use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use landlock::{
    Access, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, PathBeneath, PathFd, Ruleset,
    RulesetAttr, RulesetCreatedAttr, Scope, ABI,
};

use super::seccomp;
use super::sys;
use crate::error::{Error, Result};
use crate::process::os::fd;
use crate::process::os::sandbox::{roots_exist, Network, SandboxPolicy};

/// For tests only: caps the Landlock ABI the kernel is taken to offer (`0`: no Landlock), read at
/// each policy build, so that `ERR_SANDBOX_UNAVAILABLE` can be seen on a kernel that has it all.
pub const SIMULATE_ABI_ENV: &str = "AGENT_SHELL_SANDBOX_SIMULATE_ABI";
/// For tests only: set to `1`, the read-only mounts are not tried, as where the kernel offers no
/// user or mount namespaces (metadata calls are then refused by the filter everywhere).
pub const SIMULATE_NO_MOUNTS_ENV: &str = "AGENT_SHELL_SANDBOX_SIMULATE_NO_MOUNTS";
/// Writable directories a sandbox mounts read-write again over its read-only tree, at most: the
/// child holds one descriptor per directory on its stack, in an array of this size.
const MAX_WRITABLE_MOUNTS: usize = 64;

/// Read everywhere, when `readableRoots` narrows reading: what a shell and the usual tools need to
/// start at all (binaries, libraries, `/etc` for the loader, locales and users, `/proc`), and in
/// `/dev` only [`READABLE_DEVICES`].
const SYSTEM_READABLE: &[&str] = &[
    "/bin", "/sbin", "/usr", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/proc",
];
/// What `/dev` offers for reading in every policy, the whole filesystem readable or not: the
/// character devices every program uses. Never a disk (a block device read as root gives every
/// file's blocks, whatever the rules on the files) and never another terminal's `/dev/pts/N`
/// (reading one takes its keystrokes). `/dev` itself may be listed. `/dev/stdin` and friends are
/// symbolic links: what they lead to is what is checked.
const READABLE_DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
    "/dev/tty",
    "/dev/ptmx",
];
/// Devices every program may open for writing (`> /dev/null`, its controlling terminal, a new
/// pseudo-terminal). The terminal a PTY run is on is added by name ([`SandboxPolicy::terminal`]).
const WRITABLE_DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/tty",
    "/dev/ptmx",
];

/// The kernel objects that confine one program: a Landlock ruleset and a seccomp filter, built in
/// the host, entered by the program's vfork child. Also owns the program's temp directory when
/// it made one (a PTY run's), removed on drop.
pub struct Confinement {
    ruleset: OwnedFd,
    filter: Vec<libc::sock_filter>,
    /// The filter used where the read-only mounts could not be made (metadata calls refused).
    fallback: Vec<libc::sock_filter>,
    /// Boxed: the child reads it through a pointer while the `Confinement` itself may move (into
    /// the session that keeps it), as the filters' heap buffers stay put.
    mounts: Box<Mounts>,
    tmpdir: PathBuf,
    owns_tmpdir: bool,
}

impl std::fmt::Debug for Confinement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Confinement")
            .field("tmpdir", &self.tmpdir)
            .finish_non_exhaustive()
    }
}

impl Drop for Confinement {
    fn drop(&mut self) {
        if self.owns_tmpdir {
            let _ = std::fs::remove_dir_all(&self.tmpdir);
        }
    }
}

pub(crate) fn check(policy: &SandboxPolicy) -> Result<()> {
    required(effective_abi(), policy.network).map_err(Error::SandboxUnavailable)?;
    roots_exist(policy)
}

pub(crate) fn confine(
    policy: &SandboxPolicy,
    cwd: &Path,
    session_dir: Option<&Path>,
) -> Result<Confinement> {
    confine_with(policy, cwd, session_dir, None)
}

/// [`confine`] for a shell whose script and FIFOs are in `control`, a directory apart from its
/// temp directory `tmpdir` (see `shell::start`): files in `control` may be read and opened for
/// writing (its FIFOs), nothing made, removed or truncated there; under the read-only mounts, a
/// regular file there cannot be written either.
pub(crate) fn confine_apart(
    policy: &SandboxPolicy,
    cwd: &Path,
    tmpdir: &Path,
    control: &Path,
) -> Result<Confinement> {
    confine_with(policy, cwd, Some(tmpdir), Some(control))
}

fn confine_with(
    policy: &SandboxPolicy,
    cwd: &Path,
    session_dir: Option<&Path>,
    control: Option<&Path>,
) -> Result<Confinement> {
    let abi = effective_abi();
    required(abi, policy.network).map_err(Error::SandboxUnavailable)?;
    // A session's own directory is its TMPDIR: a directory more would cost its removal, which
    // is slow on some filesystems (ext4 mounted with `discard`: 0.4 ms per `rmdir` here).
    let (tmpdir, owns_tmpdir) = match session_dir {
        Some(dir) => (dir.to_path_buf(), false),
        None => (make_temp_dir()?, true),
    };
    // Ours, made in the host's temp directory, which may be reached through a symbolic link
    // (`$TMPDIR` on macOS is): as a root, the directory it leads to (see [`open_root`]).
    let tmpdir = std::fs::canonicalize(&tmpdir).unwrap_or(tmpdir);
    let ruleset = ruleset(policy, abi.0, cwd, &tmpdir, control).inspect_err(|_| {
        if owns_tmpdir {
            let _ = std::fs::remove_dir_all(&tmpdir);
        }
    })?;
    let mounts = mounts(policy, cwd, &tmpdir);
    let mounts = match mounts {
        Ok(m) => m,
        Err(e) => {
            if owns_tmpdir {
                let _ = std::fs::remove_dir_all(&tmpdir);
            }
            return Err(e);
        }
    };
    Ok(Confinement {
        ruleset,
        filter: seccomp::filter(policy.network, seccomp::Metadata::ToMounts),
        fallback: seccomp::filter(policy.network, seccomp::Metadata::Denied),
        mounts: Box::new(mounts),
        tmpdir,
        owns_tmpdir,
    })
}

/// What Landlock cannot see (a file's mode, owner, times, extended attributes, `chattr` flags)
/// is stopped by the mounts, as bubblewrap does: in a mount namespace of its own (and a user
/// namespace, for a user other than root), everything is remounted read-only, then the writable
/// roots and the temp dir read-write again over it, so that a metadata change outside them fails
/// with EROFS. Built here, made by the child ([`enter`]).
struct Mounts {
    enabled: bool,
    writable: Vec<CString>,
    /// Written to `/proc/self/{uid,gid}_map` in a new user namespace: the caller's own ids.
    uid_map: Vec<u8>,
    gid_map: Vec<u8>,
    root: bool,
}

fn mounts(policy: &SandboxPolicy, cwd: &Path, tmpdir: &Path) -> Result<Mounts> {
    let c = |p: &Path| CString::new(p.as_os_str().as_bytes()).unwrap_or_default();
    let mut writable: Vec<CString> = match &policy.writable_roots {
        None => vec![c(cwd)],
        Some(roots) => roots.iter().map(|p| c(p)).collect(),
    };
    writable.push(c(tmpdir));
    if writable.len() > MAX_WRITABLE_MOUNTS {
        return Err(Error::invalid(
            "sandbox.writableRoots",
            format!("must hold at most {} roots", MAX_WRITABLE_MOUNTS - 1),
            writable.len() - 1,
        ));
    }
    // SAFETY: getuid/getgid/geteuid cannot fail.
    let (uid, gid, euid) = unsafe { (libc::getuid(), libc::getgid(), libc::geteuid()) };
    Ok(Mounts {
        enabled: std::env::var(SIMULATE_NO_MOUNTS_ENV).as_deref() != Ok("1"),
        writable,
        uid_map: format!("{euid} {euid} 1\n").into_bytes(),
        gid_map: format!("{gid} {gid} 1\n").into_bytes(),
        root: euid == 0 && uid == 0,
    })
}

fn ruleset(
    policy: &SandboxPolicy,
    abi: i32,
    cwd: &Path,
    tmpdir: &Path,
    control: Option<&Path>,
) -> Result<OwnedFd> {
    let v = ABI::from(abi);
    let refused = |e: landlock::RulesetError| {
        Error::SandboxUnavailable(format!("Landlock refused the ruleset: {e}"))
    };
    let read = AccessFs::from_read(v);
    // Device nodes are never made, even in a writable root.
    let write = AccessFs::from_all(v) & !(AccessFs::MakeBlock | AccessFs::MakeChar);
    let mut ruleset = Ruleset::default()
        .set_compatibility(CompatLevel::HardRequirement)
        .handle_access(AccessFs::from_all(v))
        .map_err(refused)?;
    let mut scopes: BitFlags<Scope> = BitFlags::EMPTY;
    if abi >= 6 {
        scopes |= Scope::Signal;
    }
    if policy.network == Network::Denied {
        ruleset = ruleset
            .handle_access(AccessNet::from_all(v))
            .map_err(refused)?;
        scopes |= Scope::AbstractUnixSocket;
    }
    if !scopes.is_empty() {
        ruleset = ruleset.scope(scopes).map_err(refused)?;
    }
    let mut created = ruleset.create().map_err(refused)?;

    // The system's paths, opened once ([`system_path`]); then the policy's and the session's.
    let mut system: Vec<(&'static str, BitFlags<AccessFs>)> = Vec::new();
    let mut rules: Vec<(PathBuf, BitFlags<AccessFs>, Option<String>)> = Vec::new();
    match &policy.readable_roots {
        None => {
            // Everything but /dev, one rule per entry of `/` (a rule on `/` would take in /dev).
            for (fd, is_dir) in root_entries()?.iter() {
                let access = if *is_dir {
                    read
                } else {
                    read & AccessFs::from_file(v)
                };
                created = created
                    .add_rule(PathBeneath::new(fd.as_fd(), access))
                    .map_err(refused)?;
            }
            // POSIX shared memory is files like /tmp's: readable when everything is.
            system.push(("/dev/shm", read));
        }
        Some(roots) => {
            system.extend(SYSTEM_READABLE.iter().map(|&p| (p, read)));
            rules.extend(
                roots
                    .iter()
                    .enumerate()
                    .map(|(i, p)| (p.clone(), read, Some(format!("sandbox.readableRoots[{i}]")))),
            );
        }
    }
    match &policy.writable_roots {
        None => rules.push((cwd.to_path_buf(), write, Some("cwd".into()))),
        Some(roots) => rules.extend(roots.iter().enumerate().map(|(i, p)| {
            (
                p.clone(),
                write,
                Some(format!("sandbox.writableRoots[{i}]")),
            )
        })),
    }
    rules.push((tmpdir.to_path_buf(), write, None));
    if let Some(control) = control {
        rules.push((
            control.to_path_buf(),
            AccessFs::ReadFile | AccessFs::WriteFile,
            None,
        ));
    }
    let file_rights = AccessFs::from_file(v);
    // /dev may be listed (its directories too), nothing under it read but the devices below.
    system.push(("/dev", AccessFs::ReadDir.into()));
    system.extend(
        READABLE_DEVICES
            .iter()
            .map(|&p| (p, AccessFs::ReadFile.into())),
    );
    system.extend(WRITABLE_DEVICES.iter().map(|&p| (p, file_rights)));
    if let Some(terminal) = &policy.terminal {
        rules.push((terminal.clone(), file_rights, None));
    }
    for (path, access) in system {
        // A system path this machine lacks (`/lib32`).
        let Some(opened) = system_path(path) else {
            continue;
        };
        let (fd, is_dir) = &*opened;
        let access = if *is_dir {
            access
        } else {
            access & file_rights
        };
        created = created
            .add_rule(PathBeneath::new(fd.as_fd(), access))
            .map_err(refused)?;
    }
    for (path, access, field) in rules {
        let meta = match (std::fs::metadata(&path), field.clone()) {
            (Ok(meta), _) => meta,
            // A system path this machine lacks (`/lib32`).
            (Err(_), None) => continue,
            (Err(_), Some(field)) => {
                return Err(Error::invalid(
                    field,
                    "must name an existing file or directory",
                    path.display(),
                ))
            }
        };
        let access = if meta.is_dir() {
            access
        } else {
            access & file_rights
        };
        let fd = open_root(&path).map_err(|e| match (e.raw_os_error(), field) {
            (Some(libc::ELOOP), Some(field)) => Error::invalid(
                field,
                "changed since it was resolved: a symbolic link is now on its path",
                path.display(),
            ),
            _ => Error::SandboxUnavailable(format!("cannot open {}: {e}", path.display())),
        })?;
        created = created
            .add_rule(PathBeneath::new(fd, access))
            .map_err(refused)?;
    }
    let fd: Option<OwnedFd> = created.into();
    fd.ok_or_else(|| Error::SandboxUnavailable("Landlock is not enforced".into()))
}

/// A root of the policy (or the session's temp directory, or its terminal), opened (`O_PATH`) for
/// its rule without following a symbolic link anywhere on its path: a root was resolved once,
/// when the policy was read (`SandboxPolicy::resolved`), and a path that has become a link since
/// (a writable root's subdirectory replaced by a link to `/etc` by a command confined to the
/// other root) fails with `ELOOP` rather than confining what the link leads to. The child's
/// mounts find it the same way ([`open_unfollowed`]).
fn open_root(path: &Path) -> std::io::Result<OwnedFd> {
    let path = CString::new(path.as_os_str().as_bytes())
        .map_err(|_| std::io::Error::from_raw_os_error(libc::EINVAL))?;
    match open_unfollowed(&path) {
        // SAFETY: a descriptor just opened, ours alone.
        Ok(fd) => Ok(unsafe { std::os::fd::FromRawFd::from_raw_fd(fd) }),
        Err(e) => Err(std::io::Error::from_raw_os_error(e)),
    }
}

/// `struct open_how` (linux/openat2.h; the libc crate's cannot be built outside it).
#[repr(C)]
struct OpenHow {
    flags: u64,
    mode: u64,
    resolve: u64,
}
const RESOLVE_NO_SYMLINKS: u64 = 0x04;

/// Opens `path` (`O_PATH`, close-on-exec) following no symbolic link on the way, raw system
/// calls only (the vfork child uses it too). Where `openat2` is refused (Linux < 5.6, or a
/// container's filter), `O_NOFOLLOW` guards the last component only.
fn open_unfollowed(path: &std::ffi::CStr) -> std::result::Result<c_int, c_int> {
    let how = OpenHow {
        flags: (libc::O_PATH | libc::O_CLOEXEC) as u64,
        mode: 0,
        resolve: RESOLVE_NO_SYMLINKS,
    };
    // SAFETY: integers, and pointers to a string and a struct alive for the call.
    let opened = sys_ok(unsafe {
        libc::syscall(
            libc::SYS_openat2,
            libc::AT_FDCWD,
            path.as_ptr(),
            &how,
            std::mem::size_of::<OpenHow>(),
        )
    });
    match opened {
        Err(libc::ENOSYS) | Err(libc::EPERM) => {
            let flags = libc::O_PATH | libc::O_CLOEXEC | libc::O_NOFOLLOW;
            // SAFETY: integers, and a pointer to a string alive for the call.
            sys_ok(unsafe { libc::syscall(libc::SYS_openat, libc::AT_FDCWD, path.as_ptr(), flags) })
                .map(|fd| fd as c_int)
        }
        other => other.map(|fd| fd as c_int),
    }
}

/// A system path of the rules (`/dev/null`, `/usr`), opened (`O_PATH`) once for the host's life,
/// with whether it is a directory; `None` when this machine lacks it. Opening the dozen of them
/// for every start cost about 80 µs here. A path replaced since (a `/dev/shm` mounted anew) keeps
/// the old inode, beneath which nothing is reached any more: its rule then grants nothing, it
/// never grants more.
fn system_path(path: &'static str) -> Option<std::sync::Arc<(PathFd, bool)>> {
    type Opened = Option<std::sync::Arc<(PathFd, bool)>>;
    static CACHE: std::sync::Mutex<Vec<(&str, Opened)>> = std::sync::Mutex::new(Vec::new());
    let mut cache = CACHE.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, opened)) = cache.iter().find(|(p, _)| *p == path) {
        return opened.clone();
    }
    let opened = std::fs::metadata(path).ok().and_then(|meta| {
        Some(std::sync::Arc::new((
            PathFd::new(path).ok()?,
            meta.is_dir(),
        )))
    });
    cache.push((path, opened.clone()));
    opened
}

/// The entries of `/` but `/dev`, opened (`O_PATH`) once and kept while `/` is unchanged (its
/// inode and change time): listing and opening them for every start cost 170 µs here, adding
/// their rules to a ruleset 10.
type RootEntries = std::sync::Arc<Vec<(PathFd, bool)>>;
/// `/`'s inode and change time (seconds, nanoseconds), and its entries as of then.
type RootCache = Option<((u64, i64, i64), RootEntries)>;

fn root_entries() -> Result<RootEntries> {
    use std::os::unix::fs::MetadataExt;
    static CACHE: std::sync::Mutex<RootCache> = std::sync::Mutex::new(None);
    let unavailable = |e: std::io::Error| {
        Error::SandboxUnavailable(format!("cannot list / for the read rules: {e}"))
    };
    let meta = std::fs::metadata("/").map_err(unavailable)?;
    let key = (meta.ino(), meta.ctime(), meta.ctime_nsec());
    let mut cache = CACHE.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((k, entries)) = cache.as_ref() {
        if *k == key {
            return Ok(entries.clone());
        }
    }
    let mut entries = Vec::new();
    for entry in std::fs::read_dir("/").map_err(unavailable)?.flatten() {
        if entry.file_name() == "dev" {
            continue;
        }
        // A dangling link or an entry gone since the listing: nothing to read there.
        let Ok(meta) = std::fs::metadata(entry.path()) else {
            continue;
        };
        let Ok(fd) = PathFd::new(entry.path()) else {
            continue;
        };
        entries.push((fd, meta.is_dir()));
    }
    let entries = std::sync::Arc::new(entries);
    *cache = Some((key, entries.clone()));
    Ok(entries)
}

impl Confinement {
    /// Sets `TMPDIR` in `env` to [`Confinement::tmpdir`], unless the caller's own variables
    /// (`caller`) set it.
    pub fn set_tmpdir(&self, env: &mut Vec<(String, String)>, caller: &[(String, String)]) {
        if caller.iter().any(|(k, _)| k == "TMPDIR") {
            return;
        }
        env.retain(|(k, _)| k != "TMPDIR");
        env.push(("TMPDIR".into(), self.tmpdir.to_string_lossy().into_owned()));
    }

    pub(crate) fn ruleset_fd(&self) -> RawFd {
        self.ruleset.as_raw_fd()
    }

    /// What the vfork child needs, with the ruleset at descriptor `ruleset` (its number there).
    /// The filter's instructions stay in `self`, which outlives the start.
    pub(crate) fn for_child(&self, ruleset: RawFd) -> ChildSandbox {
        ChildSandbox {
            ruleset,
            prog: libc::sock_fprog {
                len: self.filter.len() as u16,
                filter: self.filter.as_ptr().cast_mut(),
            },
            fallback: libc::sock_fprog {
                len: self.fallback.len() as u16,
                filter: self.fallback.as_ptr().cast_mut(),
            },
            mounts: &*self.mounts,
        }
    }
}

/// The confinement as the vfork child reads it: numbers and a pointer, no allocation.
#[derive(Clone, Copy)]
pub(crate) struct ChildSandbox {
    ruleset: RawFd,
    prog: libc::sock_fprog,
    fallback: libc::sock_fprog,
    mounts: *const Mounts,
}

/// Which step of entering the sandbox failed, as the host reports it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(i32)]
pub(crate) enum Step {
    NoNewPrivs = 1,
    Capabilities = 2,
    Landlock = 3,
    Seccomp = 4,
    Mounts = 5,
}

impl Step {
    pub(crate) fn from_i32(n: i32) -> Option<Step> {
        Some(match n {
            1 => Step::NoNewPrivs,
            2 => Step::Capabilities,
            3 => Step::Landlock,
            4 => Step::Seccomp,
            5 => Step::Mounts,
            _ => return None,
        })
    }

    pub(crate) fn describe(self, errno: c_int) -> String {
        let what = match self {
            Step::NoNewPrivs => "setting no_new_privs",
            Step::Capabilities => "dropping capabilities",
            Step::Landlock => "landlock_restrict_self",
            Step::Seccomp => "installing the seccomp filter",
            Step::Mounts => "making the read-only mounts",
        };
        format!(
            "{what} failed: {}",
            std::io::Error::from_raw_os_error(errno)
        )
    }
}

/// In the vfork child, before `execve`: no new privileges, no capabilities, the Landlock domain,
/// the filter; returns whether the child now has namespaces of its own, and with them a
/// directory of its own (`unshare(CLONE_NEWNS)` unshares `CLONE_FS`). Raw system calls only. Root is confined too: with `no_new_privs`, an `execve` never
/// grants more than the permitted set it starts from (commoncap's "they get no more than they
/// had"), which is empty here, so the bounding set need not be emptied (41 calls saved).
///
/// # Safety
/// `s.prog` must point at a live filter, and `s.ruleset` be a Landlock ruleset descriptor.
pub(crate) unsafe fn enter(s: &ChildSandbox) -> std::result::Result<bool, (Step, c_int)> {
    // SAFETY: PR_SET_NO_NEW_PRIVS takes integers.
    unsafe { sys::prctl5(libc::PR_SET_NO_NEW_PRIVS, [1, 0, 0, 0]) }
        .map_err(|e| (Step::NoNewPrivs, e))?;
    // EINVAL before Linux 4.3, which had no ambient set to clear.
    // SAFETY: PR_CAP_AMBIENT takes integers.
    match unsafe { sys::prctl5(PR_CAP_AMBIENT, [PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0]) } {
        Ok(_) | Err(libc::EINVAL) => {}
        Err(e) => return Err((Step::Capabilities, e)),
    }
    // While root still has its capabilities (a user namespace gives others theirs).
    // SAFETY: the caller guarantees `s.mounts` points at the live confinement's mounts.
    let mounted = unsafe { read_only_mounts(&*s.mounts) }.map_err(|e| (Step::Mounts, e))?;
    sys::capset_none().map_err(|e| (Step::Capabilities, e))?;
    sys::landlock_restrict_self(s.ruleset).map_err(|e| (Step::Landlock, e))?;
    let prog = if mounted { &s.prog } else { &s.fallback };
    // SAFETY: the caller guarantees both filters are live.
    unsafe { sys::seccomp_filter(prog) }.map_err(|e| (Step::Seccomp, e))?;
    Ok(mounted)
}

/// `struct mount_attr` (linux/mount.h, MOUNT_ATTR_SIZE_VER0).
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}
const MOUNT_ATTR_RDONLY: u64 = 0x1;
const OPEN_TREE_CLONE: libc::c_uint = 1;
const AT_RECURSIVE: libc::c_uint = 0x8000;
const MOVE_MOUNT_F_EMPTY_PATH: libc::c_uint = 0x4;
const MOVE_MOUNT_T_EMPTY_PATH: libc::c_uint = 0x40;

fn sys_ok(r: libc::c_long) -> std::result::Result<libc::c_long, c_int> {
    if r < 0 {
        // SAFETY: errno is thread-local and readable after a failed call.
        Err(unsafe { *libc::__errno_location() })
    } else {
        Ok(r)
    }
}

/// The child's side of [`Mounts`], raw system calls only. `Ok(false)`: no namespace could be made
/// (the kernel or a container forbids them), nothing changed; the caller then refuses metadata
/// calls instead. An error after the namespace was made fails the start.
///
/// # Safety
/// `m` must be live; called in the vfork child before `execve`.
unsafe fn read_only_mounts(m: &Mounts) -> std::result::Result<bool, c_int> {
    if !m.enabled {
        return Ok(false);
    }
    let alone =
        // SAFETY: integers, and pointers to strings and buffers alive for the call.
        m.root && sys_ok(unsafe { libc::syscall(libc::SYS_unshare, libc::CLONE_NEWNS) }).is_ok();
    if !alone {
        let flags = libc::CLONE_NEWUSER | libc::CLONE_NEWNS;
        // SAFETY: integers, and pointers to strings and buffers alive for the call.
        if sys_ok(unsafe { libc::syscall(libc::SYS_unshare, flags) }).is_err() {
            return Ok(false);
        }
        for (path, text) in [
            (c"/proc/self/setgroups", &b"deny"[..]),
            (c"/proc/self/uid_map", &m.uid_map[..]),
            (c"/proc/self/gid_map", &m.gid_map[..]),
        ] {
            // SAFETY: integers, and pointers to strings and buffers alive for the call.
            let fd = sys_ok(unsafe {
                libc::syscall(
                    libc::SYS_openat,
                    libc::AT_FDCWD,
                    path.as_ptr(),
                    libc::O_WRONLY | libc::O_CLOEXEC,
                )
            })? as c_int;
            let written =
                // SAFETY: integers, and pointers to strings and buffers alive for the call.
                sys_ok(unsafe { libc::syscall(libc::SYS_write, fd, text.as_ptr(), text.len()) });
            // SAFETY: integers, and pointers to strings and buffers alive for the call.
            let _ = unsafe { libc::syscall(libc::SYS_close, fd) };
            written?;
        }
    }
    let private = MountAttr {
        attr_set: 0,
        attr_clr: 0,
        propagation: libc::MS_PRIVATE,
        userns_fd: 0,
    };
    let size = std::mem::size_of::<MountAttr>();
    // Copies of the writable trees as they are, made private (nothing we mount is seen outside).
    // Each is found as the host found it for its rule, following no symbolic link ([`open_root`]):
    // a root that became a link in between fails the start; and the copy is mounted back where
    // that lookup found it, not where the path leads by then.
    let mut fds = [-1 as c_int; MAX_WRITABLE_MOUNTS];
    let mut places = [-1 as c_int; MAX_WRITABLE_MOUNTS];
    for ((slot, place), path) in fds.iter_mut().zip(places.iter_mut()).zip(&m.writable) {
        *place = open_unfollowed(path)?;
        let flags = OPEN_TREE_CLONE
            | libc::O_CLOEXEC as libc::c_uint
            | AT_RECURSIVE
            | libc::AT_EMPTY_PATH as libc::c_uint;
        // SAFETY: integers, and pointers to strings and buffers alive for the call.
        *slot = sys_ok(unsafe { libc::syscall(libc::SYS_open_tree, *place, c"".as_ptr(), flags) })?
            as c_int;
        let at = libc::AT_EMPTY_PATH as libc::c_uint | AT_RECURSIVE;
        // SAFETY: integers, and pointers to strings and buffers alive for the call.
        sys_ok(unsafe {
            libc::syscall(
                libc::SYS_mount_setattr,
                *slot,
                c"".as_ptr(),
                at,
                &private,
                size,
            )
        })?;
    }
    let read_only = MountAttr {
        attr_set: MOUNT_ATTR_RDONLY,
        ..private
    };
    // SAFETY: integers, and pointers to strings and buffers alive for the call.
    sys_ok(unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            c"/".as_ptr(),
            AT_RECURSIVE,
            &read_only,
            size,
        )
    })?;
    for (&fd, &place) in fds.iter().zip(&places).take(m.writable.len()) {
        // SAFETY: integers, and pointers to strings and buffers alive for the call.
        sys_ok(unsafe {
            libc::syscall(
                libc::SYS_move_mount,
                fd,
                c"".as_ptr(),
                place,
                c"".as_ptr(),
                MOVE_MOUNT_F_EMPTY_PATH | MOVE_MOUNT_T_EMPTY_PATH,
            )
        })?;
        // SAFETY: integers, and pointers to strings and buffers alive for the call.
        let _ = unsafe { libc::syscall(libc::SYS_close, fd) };
        // SAFETY: as above.
        let _ = unsafe { libc::syscall(libc::SYS_close, place) };
    }
    // The directory it is in (set before, by the spawn) is now under the read-only tree: the
    // same path, looked up again, is the writable copy when it is in a root.
    let mut cwd = [0u8; libc::PATH_MAX as usize];
    // SAFETY: integers, and pointers to strings and buffers alive for the call.
    sys_ok(unsafe { libc::syscall(libc::SYS_getcwd, cwd.as_mut_ptr(), cwd.len()) })?;
    // SAFETY: integers, and pointers to strings and buffers alive for the call.
    sys_ok(unsafe { libc::syscall(libc::SYS_chdir, cwd.as_ptr()) })?;
    Ok(true)
}

/// `prctl` option and argument (linux/prctl.h; not in the libc crate for every target).
const PR_CAP_AMBIENT: c_int = 47;
/// `PR_CAP_AMBIENT_CLEAR_ALL`: empties the ambient set, which `execve` would otherwise grant.
const PR_CAP_AMBIENT_CLEAR_ALL: usize = 4;
/// `landlock_create_ruleset` flag: return the ABI version instead of a ruleset.
const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1;

/// The Landlock ABI to build for, and whether [`SIMULATE_ABI_ENV`] lowered it.
fn effective_abi() -> (i32, bool) {
    let kernel = kernel_abi();
    match std::env::var(SIMULATE_ABI_ENV)
        .ok()
        .and_then(|v| v.trim().parse::<i32>().ok())
    {
        Some(cap) if cap < kernel => (cap.max(0), true),
        _ => (kernel, false),
    }
}

/// The kernel's Landlock ABI version, 0 without Landlock.
fn kernel_abi() -> i32 {
    static ABI_VERSION: OnceLock<i32> = OnceLock::new();
    *ABI_VERSION.get_or_init(|| {
        // SAFETY: the version query takes no attribute and returns a number, no descriptor.
        let v = unsafe {
            libc::syscall(
                libc::SYS_landlock_create_ruleset,
                std::ptr::null::<u8>(),
                0usize,
                LANDLOCK_CREATE_RULESET_VERSION,
            )
        };
        v.max(0) as i32
    })
}

/// What the policy needs of the kernel, or a message naming what is missing.
fn required((abi, simulated): (i32, bool), network: Network) -> std::result::Result<(), String> {
    let mut needs = vec![(
        3,
        "Landlock ABI 3 (filesystem rules with truncate, Linux 6.2)",
    )];
    if network == Network::Denied {
        needs.push((
            4,
            "Landlock ABI 4 (TCP bind/connect rules, Linux 6.7) for network: false",
        ));
        needs.push((
            6,
            "Landlock ABI 6 (abstract Unix socket scoping, Linux 6.12) for network: false",
        ));
    }
    match needs.into_iter().find(|&(n, _)| abi < n) {
        None => Ok(()),
        Some((_, what)) => {
            let offers = match abi {
                0 => "no Landlock".to_string(),
                n => format!("Landlock ABI {n}"),
            };
            let how = if simulated {
                format!(" (simulated by {SIMULATE_ABI_ENV})")
            } else {
                String::new()
            };
            Err(format!(
                "the sandbox needs {what}; this kernel offers {offers}{how}"
            ))
        }
    }
}

fn make_temp_dir() -> Result<PathBuf> {
    fd::make_private_temp_dir("agent-shell-tmp-")
        .map_err(|e| Error::io("creating the sandbox TMPDIR", e))
}

/// The command the posix backend would start for a program confined by `c`: an error on Linux
/// (Landlock and seccomp are entered by the clone supervisor's vfork child, which the posix
/// backend does not have), so that nothing runs unconfined.
pub(crate) fn posix_command(
    c: &Confinement,
    program: &str,
    args: &[String],
) -> std::result::Result<(String, Vec<String>), String> {
    let _ = (c, program, args);
    Err(
        "the posix backend cannot enter the Linux sandbox (Landlock and seccomp are entered by \
         the clone supervisor); unset AGENT_SHELL_BACKEND"
            .into(),
    )
}

#[cfg(test)]
#[path = "sandbox_tests.rs"]
mod tests;
