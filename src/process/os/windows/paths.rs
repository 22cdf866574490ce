//! Paths between Windows and Git Bash (MSYS2): results speak Windows paths (`C:\repo`), the
//! shell's own `/c/repo` is translated, and a `cwd` may be given either way. Plain string work,
//! tested on any OS. What MSYS does to a command's own arguments is left to MSYS (its argument
//! conversion stays on; `MSYS_NO_PATHCONV=1` turns it off).

/// A Windows path as Git Bash spells it: `C:\repo` → `/c/repo`, `C:\` → `/c/`, UNC
/// `\\server\share\x` → `//server/share/x`, the `\\?\` prefix dropped; forward slashes kept,
/// backslashes turned; spaces kept (the caller quotes). A path already in POSIX form comes back
/// as it is. `None` for a drive-relative path (`C:repo`: relative to that drive's current
/// directory, which a shell cannot know) and for device paths (`\\.\pipe\x`).
pub(crate) fn to_posix(path: &str) -> Option<String> {
    if path.starts_with('/') && !path.starts_with("//") || path.is_empty() {
        return Some(path.to_string());
    }
    let path = if let Some(rest) = path.strip_prefix("\\\\?\\UNC\\") {
        format!("\\\\{rest}")
    } else if let Some(rest) = path.strip_prefix("\\\\?\\") {
        rest.to_string()
    } else if path.starts_with("\\\\.\\") || path.starts_with("//./") {
        return None;
    } else {
        path.to_string()
    };
    let slashed = path.replace('\\', "/");
    let bytes = slashed.as_bytes();
    if bytes.len() >= 2 && bytes[1] == b':' && bytes[0].is_ascii_alphabetic() {
        let drive = (bytes[0] as char).to_ascii_lowercase();
        let rest = &slashed[2..];
        if !rest.is_empty() && !rest.starts_with('/') {
            return None;
        }
        let rest = rest.trim_start_matches('/');
        return Some(format!("/{drive}/{rest}"));
    }
    if slashed.starts_with("//") {
        // UNC: `//server/share/…`, kept as MSYS spells it.
        return Some(slashed);
    }
    // A relative path: only the separators change.
    Some(slashed)
}

/// A path Git Bash printed (`pwd`, `$PWD`) as Windows spells it: `/c/repo` → `C:\repo`,
/// `/cygdrive/c/x` → `C:\x`, `//server/share` → `\\server\share`; any other absolute path is
/// under the MSYS root (`/tmp` → `<root>\tmp`, `/usr/bin` → `<root>\usr\bin`), given `root`,
/// the Git install's directory (`C:\Program Files\Git`); without one it comes back as it is.
/// A path already in Windows form comes back as it is.
pub(crate) fn to_windows(path: &str, root: Option<&str>) -> String {
    if !path.starts_with('/') {
        return path.to_string();
    }
    if let Some(rest) = path.strip_prefix("//") {
        return format!("\\\\{}", rest.replace('/', "\\"));
    }
    let after = path
        .strip_prefix("/cygdrive")
        .filter(|r| r.starts_with('/'))
        .unwrap_or(path);
    let mut parts = after[1..].splitn(2, '/');
    let first = parts.next().unwrap_or("");
    let rest = parts.next().unwrap_or("");
    if first.len() == 1 && first.as_bytes()[0].is_ascii_alphabetic() {
        let drive = first.to_ascii_uppercase();
        return format!(
            "{drive}:\\{}",
            rest.replace('/', "\\").trim_end_matches('\\')
        );
    }
    match root {
        Some(root) => {
            let tail = path.trim_start_matches('/').replace('/', "\\");
            let root = root.trim_end_matches(['\\', '/']);
            if tail.is_empty() {
                format!("{root}\\")
            } else {
                format!("{root}\\{}", tail.trim_end_matches('\\'))
            }
        }
        None => path.to_string(),
    }
}

/// A `cwd` option as the host hands it to the OS: a POSIX spelling (`/c/repo`) translated, a
/// Windows one kept (forward slashes turned). Drive-relative (`C:repo`) is refused: `None`.
pub(crate) fn cwd_to_windows(cwd: &str, root: Option<&str>) -> Option<String> {
    let b = cwd.as_bytes();
    if b.len() >= 2
        && b[1] == b':'
        && b[0].is_ascii_alphabetic()
        && b.get(2).is_some_and(|c| *c != b'\\' && *c != b'/')
    {
        return None;
    }
    if b.len() == 2 && b[1] == b':' && b[0].is_ascii_alphabetic() {
        // `C:` alone: as cygpath reads it, the drive's root.
        return Some(format!("{cwd}\\"));
    }
    if cwd.starts_with("//") || cwd.starts_with("\\\\") {
        return Some(cwd.replace('/', "\\"));
    }
    if cwd.starts_with('/') {
        return Some(to_windows(cwd, root));
    }
    Some(cwd.replace('/', "\\"))
}

#[cfg(test)]
#[path = "paths_tests.rs"]
mod tests;
