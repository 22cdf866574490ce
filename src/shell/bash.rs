//! Which bash a session runs: the framing needs bash 4 or later (macOS's `/bin/bash` is 3.2).
//! A shell named without a `/` (`bash`, the default) is the first bash 4+ on the host's `PATH`,
//! then in Homebrew's and MacPorts' usual places; a path is taken as given. A bash older than 4
//! is refused with `ERR_SPAWN_FAILED` on `shell`, saying how to get a newer one. Each
//! candidate's version is asked once (`bash -c 'echo ${BASH_VERSINFO[0]}'`) and remembered
//! while the file is unchanged.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{LazyLock, Mutex};

use crate::error::{Error, Result};

/// The oldest bash the framing supports.
pub const MIN_MAJOR: u32 = 4;

/// Where a newer bash usually is when `PATH` finds an old one first (Homebrew on Apple silicon,
/// Homebrew on Intel and most source installs, MacPorts).
const WELL_KNOWN: &[&str] = &[
    "/opt/homebrew/bin/bash",
    "/usr/local/bin/bash",
    "/opt/local/bin/bash",
];

/// How to get a bash 4+, for the error.
const HOW: &str = "sessions need bash 4 or later: install one (macOS: `brew install bash`) or \
                   pass its path as `shell`";

/// The bash to start for `program` (`bash`, or a path), given the host's `PATH`.
pub(super) fn usable_bash(program: &str, host_path: Option<&str>) -> Result<String> {
    let refuse = |why: String| Error::SpawnFailed {
        field: Some("shell"),
        program: program.to_string(),
        source: std::io::Error::other(why),
    };
    if program.contains('/') {
        return match major_version(Path::new(program)) {
            Some(major) if major < MIN_MAJOR => {
                Err(refuse(format!("{program} is bash {major}; {HOW}")))
            }
            // Unknown (not found, not bash): the start reports what is wrong.
            _ => Ok(program.to_string()),
        };
    }
    let mut old: Vec<(PathBuf, u32)> = Vec::new();
    // Looked at in turn, the first good one taken: each candidate costs a stat or two.
    for candidate in candidates(program, host_path) {
        match major_version(&candidate) {
            Some(major) if major >= MIN_MAJOR => {
                return Ok(candidate.to_string_lossy().into_owned())
            }
            Some(major) => old.push((candidate, major)),
            None => {}
        }
    }
    match old.first() {
        Some((path, major)) => Err(refuse(format!(
            "the only {program} found, {}, is bash {major}; {HOW}",
            path.display()
        ))),
        // None at all: the start fails with ENOENT, as for any missing program.
        None => Ok(program.to_string()),
    }
}

/// Whether `path`, found by [`usable_bash`] earlier, is still a bash new enough: one stat while
/// the file is unchanged.
pub(super) fn still_usable(path: &str) -> bool {
    path.contains('/') && major_version(Path::new(path)).is_some_and(|m| m >= MIN_MAJOR)
}

/// `program` in every directory of `path` (relative entries skipped), then the well-known
/// places, each once, those that exist; found as they are asked for.
fn candidates<'a>(program: &'a str, path: Option<&'a str>) -> impl Iterator<Item = PathBuf> + 'a {
    let on_path = path
        .unwrap_or("/usr/bin:/bin")
        .split(':')
        .filter(|d| d.starts_with('/'))
        .map(move |d| Path::new(d).join(program));
    let known = WELL_KNOWN
        .iter()
        .filter(move |_| program == "bash")
        .map(PathBuf::from);
    let mut seen: Vec<PathBuf> = Vec::new();
    on_path.chain(known).filter(move |p| {
        let new = p.is_file() && !seen.contains(p);
        if new {
            seen.push(p.clone());
        }
        new
    })
}

/// `(mtime, size, inode)`: a file replaced or rebuilt is asked again.
type Stamp = (i64, u64, u64);
/// Each bash asked: its stamp then, and its major version (`None`: not a bash that runs).
type Known = HashMap<PathBuf, (Stamp, Option<u32>)>;

/// The major version of the bash at `path`, `None` when it is not a bash that runs.
fn major_version(path: &Path) -> Option<u32> {
    static KNOWN: LazyLock<Mutex<Known>> = LazyLock::new(Default::default);
    let meta = std::fs::metadata(path).ok()?;
    let stamp = crate::process::fd::file_stamp(&meta);
    let known = |k: &mut Known| k.get(path).filter(|(s, _)| *s == stamp).map(|(_, v)| *v);
    if let Some(v) = known(&mut KNOWN.lock().unwrap_or_else(|e| e.into_inner())) {
        return v;
    }
    let out = Command::new(path)
        .args(["-c", "echo \"${BASH_VERSINFO[0]}\""])
        .env_clear()
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let major = String::from_utf8_lossy(&out.stdout).trim().parse().ok();
    KNOWN
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(path.to_path_buf(), (stamp, major));
    major
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A directory with a fake `bash` that reports major version `major`.
    fn fake_bash(major: u32) -> PathBuf {
        let dir = crate::process::fd::make_private_temp_dir("agent-shell-bash-test-").unwrap();
        let bash = dir.join("bash");
        std::fs::write(&bash, format!("#!/bin/sh\necho {major}\n")).unwrap();
        crate::process::fd::make_executable(&bash).unwrap();
        dir
    }

    #[test]
    fn an_old_bash_by_path_is_refused_with_how_to_get_one() {
        let dir = fake_bash(3);
        let path = dir.join("bash").to_string_lossy().into_owned();
        let err = usable_bash(&path, None).unwrap_err();
        assert_eq!(err.code(), "ERR_SPAWN_FAILED");
        let text = err.to_string();
        assert!(
            text.contains("bash 3") && text.contains("brew install bash"),
            "{text}"
        );
        assert!(text.starts_with("shell cannot be started"), "{text}");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_first_new_enough_bash_on_the_path_wins() {
        let (old, new) = (fake_bash(3), fake_bash(5));
        let path = format!("relative:{}:{}", old.display(), new.display());
        assert_eq!(
            usable_bash("bash", Some(&path)).unwrap(),
            new.join("bash").to_string_lossy()
        );
        // Only old ones (and none in the well-known places on this machine): refused, naming it.
        let only_old = old.display().to_string();
        if WELL_KNOWN.iter().all(|p| !Path::new(p).exists()) {
            let err = usable_bash("bash", Some(&only_old)).unwrap_err();
            assert!(err.to_string().contains(&only_old), "{err}");
        }
        std::fs::remove_dir_all(old).unwrap();
        std::fs::remove_dir_all(new).unwrap();
    }

    #[test]
    fn this_machines_bash_is_new_enough() {
        let found = usable_bash("bash", std::env::var("PATH").ok().as_deref()).unwrap();
        assert!(found.starts_with('/'), "{found}");
        assert!(major_version(Path::new(&found)).unwrap() >= MIN_MAJOR);
    }

    /// GNU bash 3.2, as macOS's /bin/bash, built by `scripts/build-bash.sh` (into
    /// target/bash-3.2/): run with `cargo test --release -- --ignored bash_3_2`.
    #[test]
    #[ignore = "needs bash 3.2: sh scripts/build-bash.sh"]
    fn bash_3_2_is_refused() {
        let bash = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bash-3.2/bin/bash");
        assert!(bash.exists(), "build it first: sh scripts/build-bash.sh");
        assert_eq!(major_version(&bash), Some(3));
        let err = usable_bash(&bash.to_string_lossy(), None).unwrap_err();
        assert!(err.to_string().contains("is bash 3;"), "{err}");
        // And by name, when it is the only bash on PATH (as /bin/bash is on a Mac without
        // Homebrew's): refused too.
        let dir = bash.parent().unwrap().to_string_lossy().into_owned();
        if WELL_KNOWN.iter().all(|p| !Path::new(p).exists()) {
            assert!(usable_bash("bash", Some(&dir)).is_err());
        }
    }
}
