//! Named pipes for a session's channels: an unguessable name (`plan::pipe_name`: our pid and 128
//! random bits), `FILE_FLAG_FIRST_PIPE_INSTANCE` (a name someone made first fails, rather than
//! joining their pipe), remote clients refused, and a DACL that lets only the current user open
//! it (`plan::user_only_sddl` over the process token's SID). The descriptors of `fd.rs` are made
//! of them (a pipe pair, a FIFO by name); `job.rs`'s and `channel_tests.rs`'s tests hand one's
//! end to a program started in a job and read what it wrote (run under wine by
//! `scripts/check-windows.mjs`).

use std::io;

use windows_sys::Win32::Foundation::{LocalFree, GENERIC_READ, GENERIC_WRITE, HLOCAL};
use windows_sys::Win32::Security::Authorization::{
    ConvertSidToStringSidW, ConvertStringSecurityDescriptorToSecurityDescriptorW, SDDL_REVISION_1,
};
use windows_sys::Win32::Security::{
    GetTokenInformation, TokenUser, PSECURITY_DESCRIPTOR, SECURITY_ATTRIBUTES, TOKEN_QUERY,
    TOKEN_USER,
};
use windows_sys::Win32::Storage::FileSystem::{
    CreateFileW, FILE_FLAG_FIRST_PIPE_INSTANCE, FILE_FLAG_OVERLAPPED, OPEN_EXISTING,
    PIPE_ACCESS_INBOUND, PIPE_ACCESS_OUTBOUND,
};
use windows_sys::Win32::System::Pipes::{
    CreateNamedPipeW, PIPE_READMODE_BYTE, PIPE_REJECT_REMOTE_CLIENTS, PIPE_TYPE_BYTE, PIPE_WAIT,
};
use windows_sys::Win32::System::Threading::{GetCurrentProcess, OpenProcessToken};

use super::plan::{pipe_name, user_only_sddl};
use super::Handle;

/// Each direction's buffer: as large as a POSIX FIFO's grown one, so a burst of output does not
/// block the writer.
const PIPE_BUFFER_BYTES: u32 = 1 << 20;

fn wide(s: &str) -> Vec<u16> {
    s.encode_utf16().chain(std::iter::once(0)).collect()
}

/// The current user's SID as text (`S-1-5-21-…`), from the process token.
pub(crate) fn current_user_sid() -> io::Result<String> {
    let mut token = std::ptr::null_mut();
    // SAFETY: the pseudo-handle of this process; one handle written into `token`.
    if unsafe { OpenProcessToken(GetCurrentProcess(), TOKEN_QUERY, &mut token) } == 0 {
        return Err(io::Error::last_os_error());
    }
    let token = Handle::new(token)?;
    let mut buf = vec![0u64; 128]; // 1 KiB, aligned for TOKEN_USER; a SID is at most 68 bytes
    let mut len = 0u32;
    // SAFETY: a token with query rights; at most the buffer's size written.
    if unsafe {
        GetTokenInformation(
            token.raw(),
            TokenUser,
            buf.as_mut_ptr().cast(),
            (buf.len() * 8) as u32,
            &mut len,
        )
    } == 0
    {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: the call wrote a TOKEN_USER at the start of the (8-aligned) buffer.
    let user = unsafe { &*(buf.as_ptr() as *const TOKEN_USER) };
    let mut text = std::ptr::null_mut();
    // SAFETY: the SID inside `buf`; the call allocates the string, freed below.
    if unsafe { ConvertSidToStringSidW(user.User.Sid, &mut text) } == 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a NUL-terminated wide string the call allocated.
    let sid = unsafe {
        let len = (0..).take_while(|&i| *text.add(i) != 0).count();
        String::from_utf16_lossy(std::slice::from_raw_parts(text, len))
    };
    // SAFETY: allocated by ConvertSidToStringSidW with LocalAlloc.
    unsafe { LocalFree(text as HLOCAL) };
    Ok(sid)
}

/// A security descriptor that lets only the current user in, freed on drop.
struct UserOnly(PSECURITY_DESCRIPTOR);

impl UserOnly {
    fn new() -> io::Result<UserOnly> {
        let sddl = wide(&user_only_sddl(&current_user_sid()?));
        let mut sd = std::ptr::null_mut();
        // SAFETY: a NUL-terminated SDDL string; the call allocates the descriptor.
        if unsafe {
            ConvertStringSecurityDescriptorToSecurityDescriptorW(
                sddl.as_ptr(),
                SDDL_REVISION_1,
                &mut sd,
                std::ptr::null_mut(),
            )
        } == 0
        {
            return Err(io::Error::last_os_error());
        }
        Ok(UserOnly(sd))
    }

    fn attributes(&self, inherit: bool) -> SECURITY_ATTRIBUTES {
        SECURITY_ATTRIBUTES {
            nLength: std::mem::size_of::<SECURITY_ATTRIBUTES>() as u32,
            lpSecurityDescriptor: self.0,
            bInheritHandle: i32::from(inherit),
        }
    }
}

impl Drop for UserOnly {
    fn drop(&mut self) {
        // SAFETY: allocated by ConvertStringSecurityDescriptorToSecurityDescriptorW.
        unsafe { LocalFree(self.0 as HLOCAL) };
    }
}

/// A named pipe's server end (ours: we read from an inbound one, write to an outbound one) and
/// its name.
#[derive(Debug)]
pub(crate) struct Inbound {
    pub(crate) name: String,
    pub(crate) server: Handle,
}

/// Makes a new inbound pipe, its name unguessable, only the current user allowed in; our end
/// for plain (synchronous) reads.
pub(crate) fn inbound() -> io::Result<Inbound> {
    server(true, false)
}

/// A new named pipe, its name unguessable, only the current user allowed in: our end (the
/// server's) reads from it when `inbound`, else writes to it; with `overlapped`, our end is
/// opened for overlapped I/O (what `ready.rs`'s feeders use, so that a pending read can be
/// cancelled), which a program handed that end could not use: only our end is.
pub(crate) fn server(inbound: bool, overlapped: bool) -> io::Result<Inbound> {
    server_named(unguessable_name()?, inbound, overlapped)
}

/// A new pipe name: [`pipe_name`] over our pid and 128 random bits.
pub(crate) fn unguessable_name() -> io::Result<String> {
    let mut random = [0u8; 16];
    super::fill_random(&mut random)?;
    Ok(pipe_name(std::process::id(), random))
}

/// [`server`] for the name `name` (`\\.\pipe\…`).
pub(crate) fn server_named(name: String, inbound: bool, overlapped: bool) -> io::Result<Inbound> {
    let sd = UserOnly::new()?;
    let sa = sd.attributes(false);
    let direction = if inbound {
        PIPE_ACCESS_INBOUND
    } else {
        PIPE_ACCESS_OUTBOUND
    };
    let overlapped = if overlapped { FILE_FLAG_OVERLAPPED } else { 0 };
    // SAFETY: a NUL-terminated name; security attributes that outlive the call.
    let server = Handle::new(unsafe {
        CreateNamedPipeW(
            wide(&name).as_ptr(),
            direction | overlapped | FILE_FLAG_FIRST_PIPE_INSTANCE,
            PIPE_TYPE_BYTE | PIPE_READMODE_BYTE | PIPE_WAIT | PIPE_REJECT_REMOTE_CLIENTS,
            1,
            PIPE_BUFFER_BYTES,
            PIPE_BUFFER_BYTES,
            0,
            &sa,
        )
    })?;
    Ok(Inbound { name, server })
}

/// Opens the writing end of the pipe `name` (the program's side), inheritable so that a start
/// can hand it over.
pub(crate) fn open_writer(name: &str) -> io::Result<Handle> {
    open_client(name, true, true)
}

/// Opens the program's end of the pipe `name` (`\\.\pipe\…`, or `//./pipe/…` as a shell
/// spells it), for writing or reading, for plain (synchronous) I/O; `inherit`: inheritable (a
/// start makes the handles it names inheritable for itself anyway).
pub(crate) fn open_client(name: &str, write: bool, inherit: bool) -> io::Result<Handle> {
    let name = name.replace('/', "\\");
    let sd = UserOnly::new()?;
    let sa = sd.attributes(inherit);
    let access = if write { GENERIC_WRITE } else { GENERIC_READ };
    // SAFETY: a NUL-terminated name; security attributes that outlive the call.
    Handle::new(unsafe {
        CreateFileW(
            wide(&name).as_ptr(),
            access,
            0,
            &sa,
            OPEN_EXISTING,
            0,
            std::ptr::null_mut(),
        )
    })
}
