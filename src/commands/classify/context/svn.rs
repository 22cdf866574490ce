//! What Subversion reads before a reading command (`svn status`, `svn diff`, `svn log`, …), read
//! here, never run: its configuration directory (`--config-dir` or `~/.subversion`), which svn
//! creates, file by file, when any of it is missing (measured, Subversion 1.14: README.txt,
//! config, servers and the four `auth/` directories); `[helpers] diff-cmd` in
//! `/etc/subversion/config` and the directory's `config` ([`super::ini`]), which `svn diff` and
//! `svn log --diff` run unless `--internal-diff`; and for the subcommands that ask the
//! repository, where it is: a URL given, or the working copy's (the URLs `.svn/wc.db` holds,
//! looked for in its bytes, up to [`MAX_WC_DB_BYTES`]): `file://` is this machine, any other
//! scheme the network.

use std::path::{Path, PathBuf};

use super::files;
use super::ini::{Dialect, Ini};
use super::Here;
use crate::commands::classify::vcs::{self, SvnCommand};
use crate::commands::classify::verdict::{Level, Verdict};
use crate::commands::classify::words::Word;

const MAX_WC_DB_BYTES: u64 = 16 * 1024 * 1024; // a working copy of some thousands of files
/// What svn creates in its configuration directory when it is not there.
const CONFIG_FILES: &[&str] = &[
    "README.txt",
    "config",
    "servers",
    "auth/svn.simple",
    "auth/svn.ssl.client-passphrase",
    "auth/svn.ssl.server",
    "auth/svn.username",
];

pub fn check(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let Some(command) = vcs::svn_command(args) else {
        return;
    };
    let home = here.env.home();
    let dir: PathBuf = match command.config_dir() {
        Some(Some(d)) => files::join(here.dir, d),
        Some(None) => return,
        None => match &home {
            Some(h) => h.join(".subversion"),
            None => {
                out.push(
                    Level::Unknown,
                    "svn's configuration directory is under a HOME not known",
                );
                return;
            }
        },
    };
    if let Some(missing) = CONFIG_FILES.iter().find(|f| !files::exists(&dir.join(f))) {
        out.push(
            Level::Write,
            format!(
                "svn creates its configuration in {} ({missing} is not there)",
                dir.display()
            ),
        );
    }
    if command.diffs() {
        let mut ini = Ini::default();
        ini.file(
            Path::new("/etc/subversion/config"),
            Dialect::Svn,
            home.as_deref(),
        );
        ini.file(&dir.join("config"), Dialect::Svn, home.as_deref());
        for problem in &ini.problems {
            out.push(
                Level::Unknown,
                format!("svn's configuration is not known: {problem}"),
            );
        }
        if let Some(e) = ini
            .get("helpers", "diff-cmd")
            .filter(|e| e.value.as_deref() != Some(""))
        {
            out.push(
                Level::Unknown,
                format!(
                    "svn runs the diff-cmd {} ({}) to show differences (--internal-diff would not)",
                    e.value.as_deref().unwrap_or(""),
                    e.origin
                ),
            );
        }
    }
    if command.reaches_repository() {
        repository(here, &command, out);
    }
}

/// Where the repository is, for a subcommand that asks it.
fn repository(here: &Here<'_>, command: &SvnCommand<'_>, out: &mut Verdict) {
    let urls: Vec<&str> = command
        .parsed
        .operands
        .iter()
        .filter_map(|o| o.value.as_deref())
        .filter(|v| v.contains("://"))
        .collect();
    for url in &urls {
        if !url.starts_with("file://") {
            out.push(
                Level::Write,
                format!("svn reaches the repository {url} over the network"),
            );
        }
    }
    let paths = command.parsed.operands.len() > urls.len() || urls.is_empty();
    if !paths {
        return;
    }
    let Some(wc) = files::ancestors(here.dir).find(|d| files::is_file(&d.join(".svn/wc.db")))
    else {
        return; // not a working copy: svn stops there
    };
    let db = wc.join(".svn/wc.db");
    let bytes = match std::fs::metadata(&db) {
        Ok(m) if m.len() <= MAX_WC_DB_BYTES => std::fs::read(&db).ok(),
        _ => None,
    };
    let Some(bytes) = bytes else {
        out.push(
            Level::Unknown,
            format!(
                "svn asks the working copy's repository, which {} does not tell here",
                db.display()
            ),
        );
        return;
    };
    let schemes = url_schemes(&bytes);
    if schemes.is_empty() {
        out.push(
            Level::Unknown,
            format!(
                "svn asks the working copy's repository, which {} does not tell here",
                db.display()
            ),
        );
    } else if let Some(remote) = schemes.iter().find(|s| s.as_str() != "file") {
        out.push(
            Level::Write,
            format!("svn asks the working copy's repository ({remote}://) over the network"),
        );
    }
}

/// The schemes of the URLs in `bytes` (`file`, `svn+ssh`, `https`). In a database page the
/// byte before a text can be anything, so a scheme is known by how it ends: `file` is this
/// machine's; any other is taken as given.
fn url_schemes(bytes: &[u8]) -> Vec<String> {
    const MAX_SCHEME: usize = 16; // `svn+tunnelname`; what is before it is another column
    let mut out: Vec<String> = Vec::new();
    for at in 0..bytes.len().saturating_sub(2) {
        if &bytes[at..at + 3] != b"://" {
            continue;
        }
        let before = &bytes[at.saturating_sub(MAX_SCHEME)..at];
        let start = before
            .iter()
            .rposition(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.')))
            .map_or(0, |p| p + 1);
        let text = String::from_utf8_lossy(&before[start..]).to_ascii_lowercase();
        let scheme = if text.ends_with("file") {
            "file".to_string()
        } else {
            text
        };
        if !out.contains(&scheme) {
            out.push(scheme);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schemes_of_a_database_page() {
        assert_eq!(url_schemes(b"\x01\x41file:///tmp/repo\x00x"), vec!["file"]);
        assert_eq!(
            url_schemes(b"\x02svn+ssh://host/r\x00https://h"),
            vec!["svn+ssh", "https"]
        );
        assert!(url_schemes(b"no urls").is_empty());
    }
}
