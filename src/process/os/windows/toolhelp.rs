//! The process table on Windows: a Toolhelp snapshot (`CreateToolhelp32Snapshot`) gives every
//! pid, its parent and its image name; `GetProcessTimes` gives its creation time, the other half
//! of its identity (Windows reuses pids at once, and keeps a dead parent's pid in its children:
//! see `plan::children_in`). A process we may not open (another user's, a protected one) is
//! listed with creation time 0. A process whose creation time is not set yet (wine lists one it
//! is still creating, for 100-250 ms, with an unset time: see `plan::created_yet`) is not listed:
//! it has no identity yet, and one read now would not match the next (a tree's walk would count
//! it, and `Proc::signal`'s identity check then refuse it).

use std::path::PathBuf;

use windows_sys::Win32::Foundation::{FILETIME, HANDLE};
use windows_sys::Win32::System::Diagnostics::ToolHelp::{
    CreateToolhelp32Snapshot, Process32FirstW, Process32NextW, PROCESSENTRY32W, TH32CS_SNAPPROCESS,
};
use windows_sys::Win32::System::Threading::{
    GetExitCodeProcess, GetProcessTimes, OpenProcess, QueryFullProcessImageNameW,
    PROCESS_NAME_WIN32, PROCESS_QUERY_LIMITED_INFORMATION,
};

use super::plan::{children_in, created_yet, filetime, filetime_now};
use super::Handle;
use crate::process::os::entry::ProcEntry;

/// `STILL_ACTIVE`: the exit code a running process reports.
const STILL_ACTIVE: u32 = 259;

/// Every process now: `(pid, parent pid, image name)`.
fn processes() -> Vec<(u32, u32, String)> {
    // SAFETY: takes flags and a pid (0: all) and returns a new handle or INVALID_HANDLE_VALUE.
    let Ok(snap) = Handle::new(unsafe { CreateToolhelp32Snapshot(TH32CS_SNAPPROCESS, 0) }) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut e = PROCESSENTRY32W {
        dwSize: std::mem::size_of::<PROCESSENTRY32W>() as u32,
        ..Default::default()
    };
    // SAFETY: `e` is a PROCESSENTRY32W with dwSize set, which the call fills.
    let mut more = unsafe { Process32FirstW(snap.raw(), &mut e) } != 0;
    while more {
        let len = e
            .szExeFile
            .iter()
            .position(|&c| c == 0)
            .unwrap_or(e.szExeFile.len());
        let name = String::from_utf16_lossy(&e.szExeFile[..len]);
        out.push((e.th32ProcessID, e.th32ParentProcessID, name));
        // SAFETY: as above.
        more = unsafe { Process32NextW(snap.raw(), &mut e) } != 0;
    }
    out
}

fn open(pid: i32) -> Option<Handle> {
    // SAFETY: plain values in, a new handle or null out.
    Handle::new(unsafe { OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid as u32) }).ok()
}

/// The creation time of the process `process` (a handle with query rights), as the table gives
/// it; `None` when it cannot be read, or is not set yet (see `plan::created_yet`).
pub(crate) fn creation_time(process: HANDLE) -> Option<u64> {
    created_as_read(process).filter(|&created| created_yet(created, filetime_now()))
}

/// `GetProcessTimes`' creation time of `process`, set or not.
fn created_as_read(process: HANDLE) -> Option<u64> {
    let zero = FILETIME {
        dwLowDateTime: 0,
        dwHighDateTime: 0,
    };
    let (mut created, mut exited, mut kernel, mut user) = (zero, zero, zero, zero);
    // SAFETY: a process handle with query rights (the caller's); four FILETIMEs written.
    if unsafe { GetProcessTimes(process, &mut created, &mut exited, &mut kernel, &mut user) } == 0 {
        return None;
    }
    Some(filetime(created.dwLowDateTime, created.dwHighDateTime))
}

/// `pid`'s creation time, and whether it still runs (`None`: not ours to open, or gone). A
/// creation time not set yet is returned as read (`to_entry` leaves such a process out).
fn times(pid: i32) -> Option<(u64, bool)> {
    let process = open(pid)?;
    let created = created_as_read(process.raw())?;
    let mut code = 0u32;
    // SAFETY: as above; one u32 written.
    let running =
        unsafe { GetExitCodeProcess(process.raw(), &mut code) } != 0 && code == STILL_ACTIVE;
    Some((created, running))
}

/// `pid`'s entry; `None` while it is being created (its creation time not set yet).
fn to_entry(pid: u32, ppid: u32, now: u64) -> Option<ProcEntry> {
    let pid = pid as i32;
    let (start_time, running) = times(pid).unwrap_or((0, true));
    if !created_yet(start_time, now) {
        return None;
    }
    Some(ProcEntry {
        pid,
        ppid: ppid as i32,
        // Windows has no process groups or sessions in this sense: each is its own.
        pgid: pid,
        session: 0,
        start_time,
        // A process that exited while a handle keeps it is gone, as a zombie is.
        state: if running { 'R' } else { 'X' },
    })
}

pub(crate) fn snapshot() -> Vec<ProcEntry> {
    let list = processes();
    // Read after the list: every process in it was created before this moment.
    let now = filetime_now();
    list.into_iter()
        .filter_map(|(pid, ppid, _)| to_entry(pid, ppid, now))
        .collect()
}

pub(crate) fn entry(pid: i32) -> Option<ProcEntry> {
    let list = processes();
    let now = filetime_now();
    list.into_iter()
        .find(|(p, _, _)| *p as i32 == pid)
        .and_then(|(pid, ppid, _)| to_entry(pid, ppid, now))
}

pub(crate) fn all_pids() -> Vec<i32> {
    processes()
        .into_iter()
        .map(|(pid, _, _)| pid as i32)
        .collect()
}

/// Direct children of `pid`: those naming it as parent that started no earlier than it.
pub(crate) fn children(pid: i32) -> Vec<i32> {
    children_in(&snapshot(), pid)
}

/// The image's name without `.exe` (`bash`), as `tree.rs` compares shells' names.
pub(crate) fn exe_name(pid: i32) -> Option<String> {
    let (_, _, name) = processes().into_iter().find(|(p, _, _)| *p as i32 == pid)?;
    let lower = name.to_ascii_lowercase();
    Some(match lower.strip_suffix(".exe") {
        Some(stem) => name[..stem.len()].to_string(),
        None => name,
    })
}

/// The image's full path (`QueryFullProcessImageNameW`).
pub(crate) fn exe_path(pid: i32) -> Option<PathBuf> {
    let process = open(pid)?;
    let mut buf = vec![0u16; 32_768];
    let mut len = buf.len() as u32;
    // SAFETY: a process handle with query rights; at most `len` UTF-16 units written to `buf`.
    if unsafe {
        QueryFullProcessImageNameW(
            process.raw(),
            PROCESS_NAME_WIN32,
            buf.as_mut_ptr(),
            &mut len,
        )
    } == 0
    {
        return None;
    }
    Some(PathBuf::from(String::from_utf16_lossy(
        &buf[..len as usize],
    )))
}
