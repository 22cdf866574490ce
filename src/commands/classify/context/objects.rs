//! Reading git's commits, far enough to tell whether any commit `git log` would show carries a
//! signature: git runs its signature program only for signed commits (and merged signed tags),
//! so a history without one verifies nothing. Only loose objects are read (a packed one, or more
//! than [`MAX_COMMITS`], makes the answer unknown), each inflated up to [`MAX_OBJECT_BYTES`].

use std::collections::HashSet;
use std::path::Path;

use super::files::{self, Contents};

const MAX_COMMITS: usize = 2000; // a young repository's whole history; past it, signatures are assumed
const MAX_OBJECT_BYTES: usize = 1024 * 1024; // a commit object is a few hundred bytes

/// The object id `rev` names: `HEAD`, a branch, a tag (peeled to its commit) or a full id.
pub fn resolve(common_dir: &Path, git_dir: &Path, rev: &str) -> Option<String> {
    let mut name = rev.to_string();
    for _ in 0..8 {
        if name.len() == 40 && name.chars().all(|c| c.is_ascii_hexdigit()) {
            return peel(common_dir, &name);
        }
        let candidates = if name == "HEAD" {
            vec![git_dir.join("HEAD")]
        } else if name.starts_with("refs/") {
            vec![common_dir.join(&name)]
        } else {
            ["refs/heads/", "refs/tags/", "refs/remotes/"]
                .iter()
                .map(|p| common_dir.join(format!("{p}{name}")))
                .collect()
        };
        let found = candidates.iter().find_map(|c| match files::read_text(c) {
            Contents::Text(t) => Some(t.trim().to_string()),
            _ => None,
        });
        match found {
            Some(text) => match text.strip_prefix("ref: ") {
                Some(target) => name = target.to_string(),
                None => name = text,
            },
            None => return packed(common_dir, &name).and_then(|id| peel(common_dir, &id)),
        }
    }
    None
}

/// A ref in `packed-refs`.
fn packed(common_dir: &Path, name: &str) -> Option<String> {
    let Contents::Text(text) = files::read_text(&common_dir.join("packed-refs")) else {
        return None;
    };
    let wanted: Vec<String> = if name.starts_with("refs/") {
        vec![name.to_string()]
    } else {
        ["refs/heads/", "refs/tags/", "refs/remotes/"]
            .iter()
            .map(|p| format!("{p}{name}"))
            .collect()
    };
    text.lines().find_map(|l| {
        let (id, r) = l.split_once(' ')?;
        wanted.iter().any(|w| w == r).then(|| id.to_string())
    })
}

/// A tag object's commit (`None` when the object cannot be read).
fn peel(common_dir: &Path, id: &str) -> Option<String> {
    let mut id = id.to_string();
    for _ in 0..8 {
        let (kind, body) = object(common_dir, &id)?;
        if kind != "tag" {
            return Some(id);
        }
        id = header(&body, "object")?.to_string();
    }
    None
}

/// A loose object's kind and content.
fn object(common_dir: &Path, id: &str) -> Option<(String, Vec<u8>)> {
    if id.len() != 40 {
        return None;
    }
    let path = common_dir.join("objects").join(&id[..2]).join(&id[2..]);
    let meta = std::fs::metadata(&path).ok()?;
    if meta.len() > MAX_OBJECT_BYTES as u64 {
        return None;
    }
    let compressed = std::fs::read(&path).ok()?;
    let raw =
        miniz_oxide::inflate::decompress_to_vec_zlib_with_limit(&compressed, MAX_OBJECT_BYTES)
            .ok()?;
    let nul = raw.iter().position(|&b| b == 0)?;
    let kind = String::from_utf8_lossy(&raw[..nul])
        .split(' ')
        .next()?
        .to_string();
    Some((kind, raw[nul + 1..].to_vec()))
}

const MAX_TREE_ENTRIES: usize = 20_000; // entries of the trees walked for .gitattributes; past it, unknown

/// Whether the tree of the commit `id` holds a `.gitattributes` file anywhere (what `git archive`
/// applies); `None` when that cannot be told (a tree not loose, too many entries).
pub fn tree_has_attributes(common_dir: &Path, id: &str) -> Option<bool> {
    let (kind, body) = object(common_dir, id)?;
    if kind != "commit" {
        return None;
    }
    let mut trees = vec![header(&body, "tree")?.to_string()];
    let mut seen = 0;
    while let Some(tree) = trees.pop() {
        let (kind, body) = object(common_dir, &tree)?;
        if kind != "tree" {
            return None;
        }
        // Entries: `<mode> <name>\0<20-byte id>`.
        let mut rest = body.as_slice();
        while !rest.is_empty() {
            seen += 1;
            if seen > MAX_TREE_ENTRIES {
                return None;
            }
            let space = rest.iter().position(|&b| b == b' ')?;
            let nul = rest.iter().position(|&b| b == 0)?;
            let raw_id = rest.get(nul + 1..nul + 21)?;
            let mode = &rest[..space];
            let name = rest.get(space + 1..nul)?;
            if name == b".gitattributes" {
                return Some(true);
            }
            if mode == b"40000" {
                trees.push(raw_id.iter().map(|b| format!("{b:02x}")).collect());
            }
            rest = &rest[nul + 21..];
        }
    }
    Some(false)
}

/// The value of a header line (`parent <id>`) before the message.
fn header<'a>(body: &'a [u8], name: &str) -> Option<&'a str> {
    headers(body).find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
}

fn headers(body: &[u8]) -> impl Iterator<Item = &str> {
    let end = body
        .windows(2)
        .position(|w| w == b"\n\n")
        .unwrap_or(body.len());
    std::str::from_utf8(&body[..end]).unwrap_or("").lines()
}

/// Whether any commit reachable from `starts` is signed or merges a signed tag; `None` when that
/// cannot be told (an object not loose, too many commits).
pub fn any_signed(common_dir: &Path, starts: &[String]) -> Option<bool> {
    let mut queue: Vec<String> = starts.to_vec();
    let mut seen = HashSet::new();
    while let Some(id) = queue.pop() {
        if !seen.insert(id.clone()) {
            continue;
        }
        if seen.len() > MAX_COMMITS {
            return None;
        }
        let (kind, body) = object(common_dir, &id)?;
        if kind != "commit" {
            return None;
        }
        for line in headers(&body) {
            if line.starts_with("gpgsig") || line.starts_with("mergetag") {
                return Some(true);
            }
            if let Some(parent) = line.strip_prefix("parent ") {
                queue.push(parent.to_string());
            }
        }
    }
    Some(false)
}
