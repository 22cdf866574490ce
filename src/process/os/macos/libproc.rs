//! The process table on macOS, from libproc and `sysctl`.

use std::ffi::{c_int, c_void};
use std::path::PathBuf;

use crate::process::os::entry::{FdTarget, ProcEntry};

/// `PROC_PIDFDVNODEPATHINFO` and `PROC_PIDFDPIPEINFO` of `<sys/proc_info.h>`.
const PROC_PIDFDVNODEPATHINFO: c_int = 2;
const PROC_PIDFDPIPEINFO: c_int = 6;
/// `PROC_PIDPATHINFO_MAXSIZE`: 4 * MAXPATHLEN.
const PIDPATH_MAX: usize = 4096;
/// `p_stat` values of `<sys/proc.h>`.
const SSTOP: u32 = 4;
const SZOMB: u32 = 5;

/// `struct proc_fileinfo`.
#[repr(C)]
#[derive(Clone, Copy)]
struct ProcFileinfo {
    fi_openflags: u32,
    fi_status: u32,
    fi_offset: libc::off_t,
    fi_type: i32,
    fi_guardflags: u32,
}

/// `struct vnode_fdinfowithpath`.
#[repr(C)]
#[derive(Clone, Copy)]
struct VnodeFdinfoWithPath {
    pfi: ProcFileinfo,
    pvip: libc::vnode_info_path,
}

/// `struct pipe_info`.
#[repr(C)]
#[derive(Clone, Copy)]
struct PipeInfo {
    pipe_stat: libc::vinfo_stat,
    pipe_handle: u64,
    pipe_peerhandle: u64,
    pipe_status: c_int,
    rfu_1: c_int,
}

/// `struct pipe_fdinfo`.
#[repr(C)]
#[derive(Clone, Copy)]
struct PipeFdinfo {
    pfi: ProcFileinfo,
    pipeinfo: PipeInfo,
}

/// A zeroed `T`, for the plain C structs the kernel fills in.
///
/// # Safety
/// `T` must be plain data for which all zeroes is a valid value.
unsafe fn zeroed<T>() -> T {
    // SAFETY: the caller's promise.
    unsafe { std::mem::zeroed() }
}

/// One `proc_pidinfo(PROC_PIDTBSDINFO)` and `getsid`; `None` when the process does not exist (or
/// is not ours to inspect).
pub(crate) fn entry(pid: i32) -> Option<ProcEntry> {
    // SAFETY: `proc_bsdinfo` is plain integers and arrays of them.
    let mut info: libc::proc_bsdinfo = unsafe { zeroed() };
    let size = std::mem::size_of::<libc::proc_bsdinfo>() as c_int;
    // SAFETY: proc_pidinfo writes at most `size` bytes into `info`.
    let got = unsafe {
        libc::proc_pidinfo(
            pid,
            libc::PROC_PIDTBSDINFO,
            0,
            (&mut info as *mut libc::proc_bsdinfo).cast(),
            size,
        )
    };
    if got != size {
        return None;
    }
    // SAFETY: getsid takes a pid and touches no memory.
    let session = unsafe { libc::getsid(pid) };
    let state = match info.pbi_status {
        SSTOP => 'T',
        SZOMB => 'Z',
        _ => 'S',
    };
    Some(ProcEntry {
        pid,
        ppid: info.pbi_ppid as i32,
        pgid: info.pbi_pgid as i32,
        session,
        start_time: info.pbi_start_tvsec * 1_000_000 + info.pbi_start_tvusec,
        state,
    })
}

/// A list of pids from `call(buffer, bytes)`, which returns how many it wrote (or, given no
/// buffer, about how many there are).
fn pid_list(call: impl Fn(*mut c_void, c_int) -> c_int) -> Vec<i32> {
    let estimate = call(std::ptr::null_mut(), 0).max(0) as usize;
    let mut pids = vec![0i32; estimate + 64];
    let bytes = (pids.len() * std::mem::size_of::<i32>()) as c_int;
    let got = call(pids.as_mut_ptr().cast(), bytes);
    pids.truncate(got.clamp(0, pids.len() as c_int) as usize);
    pids.retain(|&p| p > 0);
    pids
}

/// Every pid.
pub(crate) fn all_pids() -> Vec<i32> {
    // SAFETY: proc_listallpids writes at most `bytes` bytes into `buffer` (none when null).
    pid_list(|buffer, bytes| unsafe { libc::proc_listallpids(buffer, bytes) })
}

/// Direct children of `pid`.
pub(crate) fn children(pid: i32) -> Vec<i32> {
    // SAFETY: proc_listchildpids writes at most `bytes` bytes into `buffer` (none when null).
    pid_list(|buffer, bytes| unsafe { libc::proc_listchildpids(pid, buffer, bytes) })
}

/// Every process that can be read now.
pub(crate) fn snapshot() -> Vec<ProcEntry> {
    all_pids().into_iter().filter_map(entry).collect()
}

/// The file name of the program `pid` runs.
pub(crate) fn exe_name(pid: i32) -> Option<String> {
    let path = exe_path(pid)?;
    Some(path.file_name()?.to_string_lossy().into_owned())
}

/// The path of the program `pid` runs (`proc_pidpath`).
pub(crate) fn exe_path(pid: i32) -> Option<PathBuf> {
    let mut buf = vec![0u8; PIDPATH_MAX];
    // SAFETY: proc_pidpath writes at most `buf.len()` bytes into `buf`.
    let n = unsafe { libc::proc_pidpath(pid, buf.as_mut_ptr().cast(), buf.len() as u32) };
    if n <= 0 {
        return None;
    }
    buf.truncate(n as usize);
    Some(PathBuf::from(String::from_utf8_lossy(&buf).into_owned()))
}

/// The arguments `pid` was started with (`KERN_PROCARGS2`: readable for our own user's
/// processes); empty where they cannot be read.
pub(crate) fn argv(pid: i32) -> Vec<String> {
    procargs(pid).map_or_else(Vec::new, |buf| super::parse::procargs_argv(&buf))
}

/// The path of the file descriptor `fd` of `pid` is open on, if it is a file (a vnode).
pub(crate) fn fd_path(pid: i32, fd: i32) -> Option<PathBuf> {
    // SAFETY: plain integers and arrays of them.
    let mut info: VnodeFdinfoWithPath = unsafe { zeroed() };
    let size = std::mem::size_of::<VnodeFdinfoWithPath>() as c_int;
    // SAFETY: proc_pidfdinfo writes at most `size` bytes into `info`.
    let got = unsafe {
        libc::proc_pidfdinfo(
            pid,
            fd,
            PROC_PIDFDVNODEPATHINFO,
            (&mut info as *mut VnodeFdinfoWithPath).cast(),
            size,
        )
    };
    if got != size {
        return None;
    }
    let bytes: Vec<u8> = info
        .pvip
        .vip_path
        .iter()
        .flatten()
        .map(|&c| c as u8)
        .take_while(|&b| b != 0)
        .collect();
    (!bytes.is_empty()).then(|| PathBuf::from(String::from_utf8_lossy(&bytes).into_owned()))
}

/// The descriptors `pid` has open, with their kind (`PROC_PIDLISTFDS`); `None` when the process
/// cannot be looked at.
fn list_fds(pid: i32) -> Option<Vec<libc::proc_fdinfo>> {
    let entry_size = std::mem::size_of::<libc::proc_fdinfo>();
    // SAFETY: with no buffer, proc_pidinfo only returns the size it needs.
    let needed =
        unsafe { libc::proc_pidinfo(pid, libc::PROC_PIDLISTFDS, 0, std::ptr::null_mut(), 0) };
    if needed <= 0 {
        return None;
    }
    let count = needed as usize / entry_size + 16;
    // SAFETY: plain integers.
    let mut fds: Vec<libc::proc_fdinfo> = (0..count).map(|_| unsafe { zeroed() }).collect();
    let bytes = (count * entry_size) as c_int;
    // SAFETY: proc_pidinfo writes at most `bytes` bytes into `fds`.
    let got = unsafe {
        libc::proc_pidinfo(
            pid,
            libc::PROC_PIDLISTFDS,
            0,
            fds.as_mut_ptr().cast(),
            bytes,
        )
    };
    if got <= 0 {
        return None;
    }
    fds.truncate((got as usize / entry_size).min(count));
    Some(fds)
}

/// The paths of every file descriptor of `pid` open on a file.
pub(crate) fn fd_paths(pid: i32) -> Vec<PathBuf> {
    list_fds(pid)
        .unwrap_or_default()
        .iter()
        .filter(|f| f.proc_fdtype == libc::PROX_FDTYPE_VNODE as u32)
        .filter_map(|f| fd_path(pid, f.proc_fd))
        .collect()
}

/// Every descriptor `pid` has open and what it points at; those closed while they were listed
/// are left out. `None` when the process cannot be looked at.
pub(crate) fn open_fds(pid: i32) -> Option<Vec<(i32, FdTarget)>> {
    let listed = list_fds(pid)?;
    Some(
        listed
            .iter()
            .filter_map(|f| {
                let fd = f.proc_fd;
                let target = match f.proc_fdtype {
                    t if t == libc::PROX_FDTYPE_VNODE as u32 => FdTarget::File(fd_path(pid, fd)?),
                    t if t == libc::PROX_FDTYPE_PIPE as u32 => FdTarget::Pipe(pipe_id(pid, fd)?),
                    _ => FdTarget::Other,
                };
                Some((fd, target))
            })
            .collect(),
    )
}

/// The pipe descriptor `fd` of `pid` is an end of, as a number both ends share: the smaller of
/// the two ends' kernel handles.
pub(crate) fn pipe_id(pid: i32, fd: i32) -> Option<u64> {
    // SAFETY: plain integers.
    let mut info: PipeFdinfo = unsafe { zeroed() };
    let size = std::mem::size_of::<PipeFdinfo>() as c_int;
    // SAFETY: proc_pidfdinfo writes at most `size` bytes into `info`.
    let got = unsafe {
        libc::proc_pidfdinfo(
            pid,
            fd,
            PROC_PIDFDPIPEINFO,
            (&mut info as *mut PipeFdinfo).cast(),
            size,
        )
    };
    if got != size {
        return None;
    }
    let (a, b) = (info.pipeinfo.pipe_handle, info.pipeinfo.pipe_peerhandle);
    Some(if b == 0 { a } else { a.min(b) })
}

/// Whether the environment `pid` was exec'd with (`KERN_PROCARGS2`: readable for our own user's
/// processes) holds the entry `needle` (`NAME=value`).
pub(crate) fn environ_contains(pid: i32, needle: &[u8]) -> bool {
    procargs(pid).is_some_and(|buf| super::parse::procargs_env_contains(&buf, needle))
}

/// The `KERN_PROCARGS2` record of `pid` (see `parse`), if it can be read.
fn procargs(pid: i32) -> Option<Vec<u8>> {
    let mut mib = [libc::CTL_KERN, libc::KERN_PROCARGS2, pid];
    let mut size: libc::size_t = 0;
    // SAFETY: with a null buffer, sysctl only writes the size it needs into `size`.
    let rc = unsafe {
        libc::sysctl(
            mib.as_mut_ptr(),
            3,
            std::ptr::null_mut(),
            &mut size,
            std::ptr::null_mut(),
            0,
        )
    };
    if rc != 0 || size == 0 {
        return None;
    }
    let mut buf = vec![0u8; size];
    // SAFETY: sysctl writes at most `size` bytes into `buf`, and the length it wrote to `size`.
    let rc = unsafe {
        libc::sysctl(
            mib.as_mut_ptr(),
            3,
            buf.as_mut_ptr().cast(),
            &mut size,
            std::ptr::null_mut(),
            0,
        )
    };
    if rc != 0 {
        return None;
    }
    buf.truncate(size);
    Some(buf)
}
