//! The checks every run's options go through once, in the core, before anything starts. Each
//! error names the field and the value (`ERR_INVALID_ARG`, `ERR_CWD_NOT_FOUND`, `ERR_CWD_NOT_DIR`).

use std::path::Path;

use crate::error::{Error, Result};
use crate::process::env::is_valid_env_key;

/// A command for a shell: not blank, no NUL byte (no shell can be given one).
pub(crate) fn command(field: &str, text: &str) -> Result<()> {
    if text.trim().is_empty() {
        return Err(Error::invalid(field, "must not be empty", text));
    }
    no_nul(field, text)
}

pub(crate) use crate::error::no_nul;

/// Environment pairs: keys are shell names, values have no NUL byte.
pub(crate) fn env(field: &str, env: &[(String, String)]) -> Result<()> {
    for (key, value) in env {
        if !is_valid_env_key(key) {
            return Err(Error::invalid(
                format!("{field} key"),
                "must match ^[A-Za-z_][A-Za-z0-9_]*$",
                key,
            ));
        }
        no_nul(&format!("{field}.{key}"), value)?;
    }
    Ok(())
}

/// A working directory that exists and is a directory.
pub(crate) fn cwd(cwd: &Path) -> Result<()> {
    match std::fs::metadata(cwd) {
        Ok(m) if m.is_dir() => Ok(()),
        Ok(_) => Err(Error::CwdNotDir(cwd.to_path_buf())),
        Err(_) => Err(Error::CwdNotFound(cwd.to_path_buf())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(r: Result<()>) -> String {
        r.expect_err("must be rejected").to_string()
    }

    #[test]
    fn bad_values_are_named_with_their_field() {
        assert!(command("command", "echo hi").is_ok());
        assert!(message(command("command", "  \n")).contains("command"));
        let nul = message(command("command", "ls\0rm"));
        assert!(nul.contains("command") && nul.contains("NUL"), "{nul}");

        let pairs = |k: &str, v: &str| vec![(k.to_string(), v.to_string())];
        assert!(env("env", &pairs("A_1", "x")).is_ok());
        assert!(message(env("env", &pairs("1A", "x"))).contains("1A"));
        assert!(message(env("sessionEnv", &pairs("A", "x\0y"))).contains("sessionEnv.A"));
    }

    #[test]
    fn working_directories() {
        assert!(cwd(Path::new("/")).is_ok());
        assert!(matches!(
            cwd(Path::new("/nonexistent/agent-shell")),
            Err(Error::CwdNotFound(_))
        ));
        assert!(matches!(
            cwd(Path::new("/proc/self/status")),
            Err(Error::CwdNotDir(_))
        ));
    }
}
