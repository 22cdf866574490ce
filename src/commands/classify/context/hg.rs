//! What Mercurial reads before a reading command (`hg log`, `hg status`, …), read here, never
//! run: its configuration in hg's order (`HGRCPATH`'s files and directories, or
//! `/etc/mercurial/hgrc`, `/etc/mercurial/hgrc.d/*.rc`, `~/.hgrc` and `$XDG_CONFIG_HOME/hg/hgrc`;
//! the repository's `.hg/hgrc` and `.hg/hgrc-not-shared`; `--config`), with `%include` and
//! `%unset` ([`super::ini`]), for the keys that run code or change the command on it: hooks
//! named for it (`pre-log`, `post-status`, `fail-cat`, with any `.suffix`), extensions that are
//! not hg's own quiet ones, aliases, `extdiff` commands and `[defaults]` of its name,
//! profiling. And the caches it rewrites when stale (measured, Mercurial 6.3): the tags cache
//! (`.hg/cache/tags2-visible`, against the changelog's tip) for the commands that show tags, the
//! dirstate (a file whose time changed is compared and recorded) and `.hg/wcache`'s checks for
//! `status` and `diff`; and the temporary file every comparison of the working copy makes and
//! removes in `.hg` to read the file system's clock (status, diff, identify, summary). Bounded: a changelog index of [`MAX_INLINE_INDEX`], a dirstate of
//! [`MAX_DIRSTATE_ENTRIES`]; past a bound it is taken to write.

use std::fs;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use super::files;
use super::ini::{Dialect, Ini};
use super::{Here, Var};
use crate::commands::classify::vcs::{self, HgCommand, HgState};
use crate::commands::classify::verdict::{Level, Verdict};
use crate::commands::classify::words::Word;
use crate::process::os::meta::{index_stat, owner_executable};

const MAX_INLINE_INDEX: u64 = 1024 * 1024; // hg splits an inline changelog at 128 KiB; room above it
const MAX_DIRSTATE_BYTES: u64 = 8 * 1024 * 1024; // 20,000 entries of long paths fit
const MAX_DIRSTATE_ENTRIES: usize = 20_000; // as git's index: a larger working copy is taken to write
const MAX_RC_FILES: usize = 32; // `*.rc` files read from one directory of HGRCPATH or hgrc.d

/// hg's own extensions that change nothing a reading command does (each adds commands of its
/// own, or works only on writes). Not here: `blackbox` (logs every command to
/// `.hg/blackbox.log`), `fsmonitor` (runs watchman), `largefiles` and `lfs` (fetch and cache),
/// `eol`, `keyword` and `win32text` (filter files), `sparse`, `narrow`, `share`, `mq`.
const QUIET_EXTENSIONS: &[&str] = &[
    "absorb",
    "amend",
    "children",
    "churn",
    "color",
    "convert",
    "extdiff",
    "fetch",
    "gpg",
    "graphlog",
    "histedit",
    "pager",
    "patchbomb",
    "purge",
    "rebase",
    "record",
    "releasenotes",
    "relink",
    "schemes",
    "shelve",
    "show",
    "strip",
    "transplant",
    "uncommit",
    "phabricator",
    "githelp",
    "highlight",
];

pub fn check(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let Some(command) = vcs::hg_command(args) else {
        return;
    };
    let home = here.env.home();
    let repo = files::ancestors(here.dir)
        .find(|d| files::is_dir(&d.join(".hg")))
        .map(Path::to_path_buf);
    let mut ini = Ini::default();
    match here.env.get("HGRCPATH") {
        Var::Runtime => out.push(
            Level::Unknown,
            "hg reads the configuration HGRCPATH names, only known at run time",
        ),
        Var::Set(list) => {
            for item in list.split(':').filter(|i| !i.is_empty()) {
                let path = match files::expand_tilde(item, home.as_deref()) {
                    Some(p) => files::normal(&here.dir.join(p)),
                    None => continue,
                };
                rc_path(&mut ini, &path, home.as_deref());
            }
        }
        Var::Unset => {
            ini.file(
                Path::new("/etc/mercurial/hgrc"),
                Dialect::Hg,
                home.as_deref(),
            );
            rc_dir(
                &mut ini,
                Path::new("/etc/mercurial/hgrc.d"),
                home.as_deref(),
            );
            if let Some(h) = &home {
                ini.file(&h.join(".hgrc"), Dialect::Hg, home.as_deref());
            }
            for config in here.env.xdg_configs(here.dir) {
                ini.file(&config.join("hg/hgrc"), Dialect::Hg, home.as_deref());
            }
        }
    }
    if let Some(repo) = &repo {
        let dot = repo.join(".hg");
        if files::exists(&dot.join("sharedpath")) {
            out.push(
                Level::Unknown,
                format!(
                    "hg reads the configuration of the repository {} shares, not read here",
                    repo.display()
                ),
            );
        }
        ini.file(&dot.join("hgrc"), Dialect::Hg, home.as_deref());
        ini.file(&dot.join("hgrc-not-shared"), Dialect::Hg, home.as_deref());
    }
    for setting in &command.config {
        ini.command_line(setting, "--config");
    }
    configuration(&command, &ini, out);
    if let Some(repo) = &repo {
        caches(&command, &ini, repo, out);
    }
}

/// An item of HGRCPATH: a file, or a directory whose `*.rc` files are read.
fn rc_path(ini: &mut Ini, path: &Path, home: Option<&Path>) {
    if files::is_dir(path) {
        rc_dir(ini, path, home);
    } else {
        ini.file(path, Dialect::Hg, home);
    }
}

fn rc_dir(ini: &mut Ini, dir: &Path, home: Option<&Path>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    let mut rc: Vec<PathBuf> = entries
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "rc"))
        .take(MAX_RC_FILES + 1)
        .collect();
    if rc.len() > MAX_RC_FILES {
        ini.problems.push(format!(
            "{} holds more .rc files than are read here",
            dir.display()
        ));
        return;
    }
    rc.sort();
    for file in rc {
        ini.file(&file, Dialect::Hg, home);
    }
}

/// The keys that run code or change `command`.
fn configuration(command: &HgCommand<'_>, ini: &Ini, out: &mut Verdict) {
    let name = command.name();
    let spellings: Vec<&str> = match command.read {
        Some(read) => read.spec.names.to_vec(),
        None => vec!["version"],
    };
    let shown = command.written.unwrap_or("--version");
    for problem in &ini.problems {
        out.push(
            Level::Unknown,
            format!("hg's configuration is not known: {problem}"),
        );
    }
    for e in ini.section("hooks") {
        let hook = e.key.split('.').next().unwrap_or("");
        let fires = ["pre-", "post-", "fail-"]
            .iter()
            .any(|p| hook.strip_prefix(p) == Some(name));
        if fires {
            out.push(
                Level::Unknown,
                format!(
                    "hg {shown} runs the hook {} = {} ({})",
                    e.key,
                    e.value.as_deref().unwrap_or(""),
                    e.origin
                ),
            );
        }
    }
    for e in ini.section("extensions") {
        let value = e.value.as_deref().unwrap_or("");
        if value.starts_with('!') {
            continue;
        }
        let bare = e
            .key
            .strip_prefix("hgext.")
            .or_else(|| e.key.strip_prefix("hgext/"))
            .unwrap_or(&e.key);
        if !value.is_empty() {
            out.push(
                Level::Unknown,
                format!(
                    "hg loads the extension {} from {value} ({}), which runs on every command",
                    e.key, e.origin
                ),
            );
        } else if !QUIET_EXTENSIONS.contains(&bare) {
            out.push(
                Level::Unknown,
                format!(
                    "hg loads the extension {} ({}), which can change what hg {shown} does",
                    e.key, e.origin
                ),
            );
        }
    }
    let named = |key: &str| spellings.contains(&key);
    for e in ini.section("alias").filter(|e| named(&e.key)) {
        out.push(
            Level::Unknown,
            format!(
                "hg's alias {} = {} ({}) replaces hg {shown}",
                e.key,
                e.value.as_deref().unwrap_or(""),
                e.origin
            ),
        );
    }
    for e in ini.section("extdiff") {
        let command = e.key.strip_prefix("cmd.").unwrap_or(&e.key);
        if !e.key.starts_with("opts.") && named(command) {
            out.push(
                Level::Unknown,
                format!(
                    "extdiff's {} ({}) replaces hg {shown} with another program",
                    e.key, e.origin
                ),
            );
        }
    }
    for e in ini.section("defaults").filter(|e| named(&e.key)) {
        out.push(
            Level::Unknown,
            format!(
                "hg adds the options [defaults] {} = {} ({}) to hg {shown}",
                e.key,
                e.value.as_deref().unwrap_or(""),
                e.origin
            ),
        );
    }
    if let Some(e) = ini.get("profiling", "enabled") {
        if super::gitconfig::truthy(e.value.as_deref()) {
            out.push(
                Level::Unknown,
                format!("hg profiles every command (profiling.enabled, {}) and writes where profiling.output says", e.origin),
            );
        }
    }
}

/// The caches `command` rewrites when they are stale.
fn caches(command: &HgCommand<'_>, ini: &Ini, repo: &Path, out: &mut Verdict) {
    let dot = repo.join(".hg");
    let shown = command.written.unwrap_or("--version");
    let requires = match files::read_text(&dot.join("requires")) {
        files::Contents::Text(t) => t,
        _ => String::new(),
    };
    let state = command.state();
    // A template alias or a named template of the configuration may stand for `{tags}`.
    let aliased = command.template
        && (ini.section("templatealias").next().is_some()
            || ini.section("templates").next().is_some());
    let tags = command.tags
        || command.names
        || (aliased && matches!(state, HgState::Tags | HgState::Both));
    if tags {
        // The store's requirements are in `.hg/store/requires` under share-safe.
        let store = if files::is_dir(&dot.join("store")) {
            dot.join("store")
        } else {
            dot.clone()
        };
        if let Some(why) = tags_stale(&store, &dot.join("cache/tags2-visible")) {
            out.push(
                Level::Write,
                format!("hg {shown} rewrites its tags cache (.hg/cache/tags2-visible): {why}"),
            );
        }
    }
    if command.names {
        let store = if files::is_dir(&dot.join("store")) {
            dot.join("store")
        } else {
            dot.clone()
        };
        if let Some(why) = branches_stale(&store, &dot.join("cache")) {
            out.push(
                Level::Write,
                format!(
                    "hg {shown} looks a revision or branch name up and rewrites its branch cache (.hg/cache/branch2-served, rbc-*): {why}"
                ),
            );
        }
    }
    if matches!(state, HgState::Dirstate | HgState::Both) && command.working_copy {
        out.push(
            Level::Write,
            format!(
                "hg {shown} makes and removes a temporary file in .hg to read the file system's clock (before it compares the working copy)"
            ),
        );
        if requires.lines().any(|l| l == "dirstate-v2") {
            out.push(
                Level::Unknown,
                format!("hg {shown} may record files in the dirstate (dirstate-v2, not read here)"),
            );
        } else if let Some(why) = dirstate_unsure(repo) {
            out.push(
                Level::Write,
                format!("hg {shown} records the working copy's state in .hg: {why}"),
            );
        }
    }
}

/// Why the branch caches would be rewritten: `branch2-served` missing, filtered (a third field:
/// some changesets are secret or hidden) or not for the changelog's tip, or `rbc-revs-v1` not
/// holding one 8-byte record per revision (measured, Mercurial 6.3: a second `hg log -r
/// 'all()'` writes nothing).
fn branches_stale(store: &Path, cache: &Path) -> Option<String> {
    if fs::metadata(store.join("obsstore")).is_ok_and(|m| m.len() > 0) {
        return Some("the repository hides obsolete changesets, which the cache filters".into());
    }
    let (rev, node) = match changelog_tip(&store.join("00changelog.i")) {
        Ok(Some(tip)) => tip,
        Ok(None) => return Some("the repository has no changeset yet".into()),
        Err(why) => return Some(why),
    };
    let files::Contents::Text(text) = files::read_text(&cache.join("branch2-served")) else {
        return Some("the cache is missing".into());
    };
    let first: Vec<&str> = text.lines().next().unwrap_or("").split(' ').collect();
    if !matches!(first.as_slice(), [n, r] if *n == node && r.parse::<usize>().ok() == Some(rev)) {
        return Some(format!("the cache is not for the tip (revision {rev})"));
    }
    let records = fs::metadata(cache.join("rbc-revs-v1")).map_or(0, |m| m.len());
    if records != 8 * (rev as u64 + 1) || !files::exists(&cache.join("rbc-names-v1")) {
        return Some("its revision-branch cache does not cover every revision".into());
    }
    None
}

/// Why the tags cache would be rewritten: missing, or not for the changelog's tip.
fn tags_stale(store: &Path, cache: &Path) -> Option<String> {
    if fs::metadata(store.join("obsstore")).is_ok_and(|m| m.len() > 0) {
        return Some("the repository hides obsolete changesets, which the cache filters".into());
    }
    let tip = match changelog_tip(&store.join("00changelog.i")) {
        Ok(Some(tip)) => tip,
        Ok(None) => return Some("the repository has no changeset yet".into()),
        Err(why) => return Some(why),
    };
    let files::Contents::Text(text) = files::read_text(cache) else {
        return Some("the cache is missing".into());
    };
    let first: Vec<&str> = text.lines().next().unwrap_or("").split(' ').collect();
    let (rev, node) = tip;
    match first.as_slice() {
        [r, n] if r.parse::<usize>().ok() == Some(rev) && *n == node => None,
        _ => Some(format!("the cache is not for the tip (revision {rev})")),
    }
}

/// The changelog's tip (its revision number and node in hex), from the revlog index (version 1:
/// 64-byte entries, the node at byte 32; an inline index has each revision's data after its
/// entry). `Ok(None)`: no changeset.
fn changelog_tip(index: &Path) -> Result<Option<(usize, String)>, String> {
    const ENTRY: u64 = 64;
    let Ok(meta) = fs::metadata(index) else {
        return Ok(None);
    };
    let unreadable = || format!("its changelog {} cannot be read here", index.display());
    let hex = |node: &[u8]| node.iter().map(|b| format!("{b:02x}")).collect::<String>();
    let header = files::head(index, 4).ok_or_else(unreadable)?;
    if header.len() < 4 {
        return Ok(None);
    }
    let version = u32::from_be_bytes([header[0], header[1], header[2], header[3]]);
    if version & 0xFFFF != 1 {
        return Err(unreadable());
    }
    let inline = version & (1 << 16) != 0;
    if !inline {
        if meta.len() % ENTRY != 0 {
            return Err(unreadable());
        }
        let count = meta.len() / ENTRY;
        let mut entry = [0u8; ENTRY as usize];
        let mut file = fs::File::open(index).map_err(|_| unreadable())?;
        file.seek(SeekFrom::Start((count - 1) * ENTRY))
            .and_then(|_| file.read_exact(&mut entry))
            .map_err(|_| unreadable())?;
        return Ok(Some((count as usize - 1, hex(&entry[32..52]))));
    }
    if meta.len() > MAX_INLINE_INDEX {
        return Err(unreadable());
    }
    let bytes = fs::read(index).map_err(|_| unreadable())?;
    let mut at = 0usize;
    let mut tip = None;
    let mut rev = 0usize;
    while at < bytes.len() {
        let entry = bytes.get(at..at + ENTRY as usize).ok_or_else(unreadable)?;
        let length = u32::from_be_bytes([entry[8], entry[9], entry[10], entry[11]]) as usize;
        tip = Some((rev, hex(&entry[32..52])));
        rev += 1;
        at += ENTRY as usize + length;
    }
    if at != bytes.len() {
        return Err(unreadable());
    }
    Ok(tip)
}

/// Why `hg status` would write in the repository at `repo`: a check of `.hg/wcache` it would
/// create, or a file of the dirstate (version 1) it would have to compare and record: marked
/// unsure (time -1, as a commit in the same second leaves it), or with the size recorded but
/// another time.
fn dirstate_unsure(repo: &Path) -> Option<String> {
    let dot = repo.join(".hg");
    for check in ["checkisexec", "checknoexec", "checklink"] {
        if !files::exists(&dot.join("wcache").join(check)) {
            return Some(format!("it creates .hg/wcache/{check}"));
        }
    }
    let path = dot.join("dirstate");
    let meta = fs::metadata(&path).ok();
    if meta.as_ref().is_none_or(|m| m.len() > MAX_DIRSTATE_BYTES) {
        return Some("its dirstate is missing or larger than is read here".into());
    }
    let bytes = fs::read(&path).ok()?;
    let mut at = 40; // the two parents
    let mut entries = 0;
    while at < bytes.len() {
        entries += 1;
        let Some(head) = bytes.get(at..at + 17) else {
            return Some("its dirstate does not parse".into());
        };
        let int = |i: usize| i32::from_be_bytes([head[i], head[i + 1], head[i + 2], head[i + 3]]);
        let (state, mode, size, mtime, length) = (head[0], int(1), int(5), int(9), int(13));
        let Some(name) = usize::try_from(length)
            .ok()
            .and_then(|l| bytes.get(at + 17..at + 17 + l))
        else {
            return Some("its dirstate does not parse".into());
        };
        at += 17 + name.len();
        if entries > MAX_DIRSTATE_ENTRIES {
            return Some("its dirstate has more files than are compared here".into());
        }
        // A copy is `name\0source`.
        let name = name.split(|&b| b == 0).next().unwrap_or(name);
        let shown = String::from_utf8_lossy(name);
        match state {
            b'n' => {}
            b'a' | b'r' | b'm' => continue,
            _ => return Some("its dirstate does not parse".into()),
        }
        if size < 0 || mtime < 0 {
            return Some(format!("{shown} is marked unsure"));
        }
        let Ok(file) = fs::symlink_metadata(repo.join(String::from_utf8_lossy(name).as_ref()))
        else {
            continue; // deleted: reported, nothing recorded
        };
        let exec_changed =
            owner_executable(&file).is_some_and(|x| x != ((mode as u32) & 0o100 != 0));
        if file.len() != size as u64 || (exec_changed && !file.file_type().is_symlink()) {
            continue; // modified: reported, nothing recorded
        }
        if (index_stat(&file).mtime.0 & 0x7FFF_FFFF) as i32 != mtime {
            return Some(format!("{shown}'s time changed since it was recorded"));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_an_inline_changelog_tip() {
        let dir = std::env::temp_dir().join(format!("hg-tip-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let mut index = Vec::new();
        for (rev, length) in [(0u8, 3u32), (1, 0)] {
            let mut entry = vec![0u8; 64];
            if rev == 0 {
                entry[..4].copy_from_slice(&0x0001_0001u32.to_be_bytes());
            }
            entry[8..12].copy_from_slice(&length.to_be_bytes());
            entry[32] = 0xab + rev;
            index.extend(entry);
            index.extend(vec![b'x'; length as usize]);
        }
        fs::write(dir.join("00changelog.i"), &index).unwrap();
        let tip = changelog_tip(&dir.join("00changelog.i")).unwrap().unwrap();
        assert_eq!(tip.0, 1);
        assert!(tip.1.starts_with("ac00"));
        fs::remove_dir_all(&dir).unwrap();
    }
}
