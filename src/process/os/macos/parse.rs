//! Parsing what macOS's process calls return: plain Rust, so that it is tested on Linux too
//! (`os/mod.rs` compiles this file into Linux's tests).

use std::ffi::c_int;

/// In a `KERN_PROCARGS2` record (argc as an int, the exec path, NUL padding, argc arguments, then
/// the environment, each NUL-terminated), whether an environment entry is `needle`.
pub(crate) fn procargs_env_contains(buf: &[u8], needle: &[u8]) -> bool {
    let int = std::mem::size_of::<c_int>();
    if buf.len() < int {
        return false;
    }
    let argc = c_int::from_ne_bytes([buf[0], buf[1], buf[2], buf[3]]).max(0) as usize;
    let mut rest = &buf[int..];
    // The exec path, then its padding.
    let Some(end) = rest.iter().position(|&b| b == 0) else {
        return false;
    };
    rest = &rest[end..];
    let start = rest.iter().position(|&b| b != 0).unwrap_or(rest.len());
    rest = &rest[start..];
    let mut strings = rest.split(|&b| b == 0);
    for _ in 0..argc {
        if strings.next().is_none() {
            return false;
        }
    }
    strings.take_while(|s| !s.is_empty()).any(|s| s == needle)
}

/// The arguments of a `KERN_PROCARGS2` record (see [`procargs_env_contains`]).
pub(crate) fn procargs_argv(buf: &[u8]) -> Vec<String> {
    let int = std::mem::size_of::<c_int>();
    if buf.len() < int {
        return Vec::new();
    }
    let argc = c_int::from_ne_bytes([buf[0], buf[1], buf[2], buf[3]]).max(0) as usize;
    let mut rest = &buf[int..];
    let Some(end) = rest.iter().position(|&b| b == 0) else {
        return Vec::new();
    };
    rest = &rest[end..];
    let start = rest.iter().position(|&b| b != 0).unwrap_or(rest.len());
    rest = &rest[start..];
    rest.split(|&b| b == 0)
        .take(argc)
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(argc: i32, exec: &str, args: &[&str], env: &[&str]) -> Vec<u8> {
        let mut out = argc.to_ne_bytes().to_vec();
        out.extend_from_slice(exec.as_bytes());
        out.extend_from_slice(&[0, 0, 0, 0]);
        for s in args.iter().chain(env) {
            out.extend_from_slice(s.as_bytes());
            out.push(0);
        }
        out.extend_from_slice(&[0, 0]);
        out
    }

    #[test]
    fn reads_the_arguments() {
        let r = record(2, "/bin/sleep", &["sleep", "5"], &["PATH=/bin"]);
        assert_eq!(procargs_argv(&r), ["sleep", "5"]);
        assert!(procargs_argv(&r[..3]).is_empty());
    }

    #[test]
    fn finds_an_environment_entry_after_the_arguments() {
        let r = record(
            2,
            "/bin/sleep",
            &["sleep", "AGENT_SHELL_RUN_1=1"],
            &["PATH=/bin", "AGENT_SHELL_RUN_2=1"],
        );
        assert!(procargs_env_contains(&r, b"AGENT_SHELL_RUN_2=1"));
        assert!(procargs_env_contains(&r, b"PATH=/bin"));
        // An argument that looks like the entry is not the environment.
        assert!(!procargs_env_contains(&r, b"AGENT_SHELL_RUN_1=1"));
        assert!(!procargs_env_contains(&r[..3], b"PATH=/bin"));
        assert!(!procargs_env_contains(&record(5, "/x", &["a"], &[]), b"a"));
    }
}
