//! What the classifier reads of a file's metadata where platforms differ: the execute bit, a
//! file's identity (two paths, one file), the account's user id, and the stat fields git caches
//! in its index. POSIX gives them on Linux and macOS alike; Windows has no execute bit (a file
//! runs by its extension), identifies a file by its volume and file index, and Git for Windows
//! caches zero for the inode, user and group.

use std::fs::Metadata;
use std::path::Path;

/// A regular file that may run: on POSIX an execute bit is set; on Windows any regular file
/// (what runs is decided by its extension and the shell, not a bit).
pub(crate) fn is_executable_file(meta: &Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(windows)]
    {
        meta.is_file()
    }
}

/// The owner's execute bit of a file on POSIX; `None` on Windows, which has none (Mercurial's
/// dirstate records it where the file system keeps it).
pub(crate) fn owner_executable(meta: &Metadata) -> Option<bool> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(meta.permissions().mode() & 0o100 != 0)
    }
    #[cfg(windows)]
    {
        let _ = meta;
        None
    }
}

/// A file's permission bits with the set-id and sticky bits (`mode & 0o7777`) on POSIX; `None`
/// on Windows, which keeps none.
pub(crate) fn permission_bits(meta: &Metadata) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        Some(meta.permissions().mode() & 0o7777)
    }
    #[cfg(windows)]
    {
        let _ = meta;
        None
    }
}

/// Whether `a` and `b` name the same file (a hard or symbolic link to it counts): the device
/// and inode on POSIX, the volume serial and file index on Windows.
pub(crate) fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(x), Ok(y)) => x.ino() == y.ino() && x.dev() == y.dev(),
            _ => false,
        }
    }
    #[cfg(windows)]
    {
        match (super::windows::file_id(a), super::windows::file_id(b)) {
            (Ok(x), Ok(y)) => x == y,
            _ => false,
        }
    }
}

/// The identity of the file `path` names now (its device and inode; the volume serial and file
/// index on Windows): equal at two times only while the path names the same file.
pub(crate) fn identity(path: &Path) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata(path).ok().map(|m| (m.dev(), m.ino()))
    }
    #[cfg(windows)]
    {
        super::windows::file_id(path)
            .ok()
            .map(|(volume, index)| (u64::from(volume), index))
    }
}

/// The user id this process runs as: the owner of `/proc/self` (`None` where there is no
/// `/proc`, as on macOS, and on Windows, which has no numeric user ids).
pub(crate) fn account_uid() -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        std::fs::metadata("/proc/self").ok().map(|m| m.uid())
    }
    #[cfg(windows)]
    {
        None
    }
}

/// The user id that owns a file on POSIX; `None` on Windows, which has no numeric user ids.
pub(crate) fn owner_uid(meta: &Metadata) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(meta.uid())
    }
    #[cfg(windows)]
    {
        let _ = meta;
        None
    }
}

/// The fields of a file's status that git caches in its index entry, as git fills them on this
/// platform (seconds and nanoseconds since the epoch; Git for Windows caches the creation time
/// as `ctime` and zero for the inode, user and group).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct IndexStat {
    pub(crate) mtime: (i64, i64),
    pub(crate) ctime: (i64, i64),
    pub(crate) ino: u64,
    pub(crate) uid: u32,
    pub(crate) gid: u32,
    pub(crate) size: u64,
}

/// What git would cache of `meta` (an entry's own, not a symbolic link's target).
pub(crate) fn index_stat(meta: &Metadata) -> IndexStat {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        IndexStat {
            mtime: (meta.mtime(), meta.mtime_nsec()),
            ctime: (meta.ctime(), meta.ctime_nsec()),
            ino: meta.ino(),
            uid: meta.uid(),
            gid: meta.gid(),
            size: meta.size(),
        }
    }
    #[cfg(windows)]
    {
        let since_epoch = |t: std::io::Result<std::time::SystemTime>| {
            t.ok()
                .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
                .map_or((0, 0), |d| {
                    (d.as_secs() as i64, i64::from(d.subsec_nanos()))
                })
        };
        IndexStat {
            mtime: since_epoch(meta.modified()),
            ctime: since_epoch(meta.created()),
            ino: 0,
            uid: 0,
            gid: 0,
            size: meta.len(),
        }
    }
}
