//! Finding a program as `execvp` would: on a `PATH` (glibc's default when there is none),
//! relative entries counted from a working directory. Used for the host's lookup of a session's
//! shell (`process::spawn`) and the program's own (each backend's start).

use std::ffi::CString;
use std::io;
use std::path::{Path, PathBuf};

use super::fd;

/// PATH when the program's environment has none, as glibc's `execvp` (`_CS_PATH`).
const DEFAULT_PATH: &str = "/bin:/usr/bin";

/// The path `execvp` would run for `program`, looked up on the program's PATH (glibc's default
/// when it has none), relative entries from `cwd`: ENOENT when nothing matches, EACCES when a
/// match is not executable.
pub(crate) fn resolve(
    program: &str,
    env: &[(String, String)],
    cwd: Option<&Path>,
) -> io::Result<CString> {
    let cstring =
        |s: &str| CString::new(s).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e));
    if program.is_empty() {
        return Err(io::Error::from_raw_os_error(libc::ENOENT));
    }
    if program.contains('/') {
        return cstring(program);
    }
    let path = env
        .iter()
        .rev()
        .find(|(k, _)| k == "PATH")
        .map_or(DEFAULT_PATH, |(_, v)| v.as_str());
    let mut denied = false;
    for dir in path.split(':') {
        let candidate = if dir.is_empty() {
            program.to_string()
        } else {
            format!("{}/{program}", dir.trim_end_matches('/'))
        };
        let on_disk: PathBuf = match cwd {
            Some(cwd) if !candidate.starts_with('/') => cwd.join(&candidate),
            _ => PathBuf::from(&candidate),
        };
        match std::fs::metadata(&on_disk) {
            Ok(meta) => {
                let c = cstring(&on_disk.to_string_lossy())?;
                if meta.is_file() && fd::is_executable(&c) {
                    return cstring(&candidate);
                }
                denied = true;
            }
            Err(e) => match e.raw_os_error() {
                Some(libc::EACCES) => denied = true,
                Some(
                    libc::ENOENT
                    | libc::ENOTDIR
                    | libc::ESTALE
                    | libc::ENODEV
                    | libc::ETIMEDOUT
                    | libc::ENAMETOOLONG
                    | libc::ELOOP,
                ) => {}
                _ => return Err(e),
            },
        }
    }
    Err(io::Error::from_raw_os_error(if denied {
        libc::EACCES
    } else {
        libc::ENOENT
    }))
}

/// `program` as the host would find it: a path is kept, a name is looked up on the host's `PATH`
/// (glibc's default when it has none) and made absolute.
pub(crate) fn on_host_path(program: &str) -> std::io::Result<String> {
    if program.contains('/') {
        return Ok(program.to_string());
    }
    let path: Vec<(String, String)> = std::env::var("PATH")
        .map(|p| vec![("PATH".to_string(), p)])
        .unwrap_or_default();
    let found = resolve(program, &path, None)?;
    let found = found.to_string_lossy().into_owned();
    match found.starts_with('/') {
        true => Ok(found),
        // A relative entry of the host's PATH counts from the host's directory, not the program's.
        false => Ok(std::env::current_dir()?
            .join(found)
            .to_string_lossy()
            .into_owned()),
    }
}
