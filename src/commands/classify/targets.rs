//! What a destructive command would destroy: the root, a home, a system directory, a disk device.

use super::verdict::{Finding, Level};
use super::words::Word;

// ---------------------------------------------------------------------------------------------
// Destructive targets

/// How bad it is to destroy a path recursively.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CriticalTarget {
    pub description: String,
    /// The root, a home or a system directory (as opposed to the working directory).
    pub system: bool,
}

/// System directories: deleting or re-owning them breaks the machine.
#[rustfmt::skip]
pub const SYSTEM_DIRS: &[&str] = &[
    "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib32", "/lib64", "/libx32", "/opt", "/proc", "/root", "/run",
    "/sbin", "/srv", "/sys", "/usr", "/var", "/usr/bin", "/usr/sbin", "/usr/lib", "/usr/local", "/usr/share",
    "/usr/include", "/var/lib", "/System", "/Library", "/Applications", "/Users", "/private", "/nix", "/snap",
];

/// Top-level directories that belong to the operating system as a whole: removing anything
/// under them recursively can break the machine.
#[rustfmt::skip]
const OS_TREES: &[&str] = &[
    "bin", "boot", "dev", "etc", "lib", "lib32", "lib64", "libx32", "proc", "sbin", "sys", "usr", "System", "Library",
];

/// When `shape` (a word's shape) names a directory whose recursive removal is a disaster. Brace
/// expansions are tried one by one and paths are resolved lexically, so `{/,x}`, `/tmp/..` and
/// `./a/../` are seen for what they name.
pub fn critical_target(shape: &str) -> Option<CriticalTarget> {
    expand_braces(shape.trim())
        .iter()
        .find_map(|path| critical_path(path))
}

/// Where a path starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Base {
    Root,
    Home,
    Working,
}

pub fn critical_path(path: &str) -> Option<CriticalTarget> {
    if path.is_empty() {
        return None; // `rm -rf ""` is an error, not the current directory
    }
    let system = |d: String| {
        Some(CriticalTarget {
            description: d,
            system: true,
        })
    };
    let working = |d: &str| {
        Some(CriticalTarget {
            description: d.to_string(),
            system: false,
        })
    };
    // `$DIR/` or `$DIR/*`: the root directory when DIR is empty or unset.
    if let Some(name) = path
        .strip_prefix('$')
        .and_then(|r| r.strip_suffix("/*").or_else(|| r.strip_suffix('/')))
    {
        if !name.is_empty()
            && name != "HOME"
            && name != "PWD"
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            return system(format!("the root directory when {name} is empty"));
        }
    }
    // `~user`: another user's home directory.
    if let Some(user) = path.strip_prefix('~') {
        let name = user.split('/').next().unwrap_or("");
        let rest = &user[name.len()..];
        if !name.is_empty() && name != "+" && name != "-" && rest.trim_matches('/').is_empty() {
            return system(format!("the home directory of {name}"));
        }
    }
    let (base, rest) = if let Some(rest) = path.strip_prefix('/') {
        (Base::Root, rest)
    } else if let Some(rest) = ["~+", "$PWD"].iter().find_map(|p| after_prefix(path, p)) {
        (Base::Working, rest)
    } else if let Some(rest) = ["~", "$HOME"].iter().find_map(|p| after_prefix(path, p)) {
        (Base::Home, rest)
    } else {
        (Base::Working, path)
    };
    let mut segments: Vec<&str> = Vec::new();
    let mut above = 0usize;
    for segment in rest.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                if segments.pop().is_none() {
                    above += 1;
                }
            }
            s => segments.push(s),
        }
    }
    // A last `*` empties the directory it is in.
    let every_entry = segments.last() == Some(&"*");
    if every_entry {
        segments.pop();
    }
    let is_glob = |s: &str| s.contains(['*', '?', '[']);
    match (base, above, segments.as_slice()) {
        (Base::Root, _, []) => system("the root directory".to_string()),
        (Base::Root, _, [entry]) if is_glob(entry) => system(format!(
            "the entries of the root directory matching {entry}"
        )),
        (Base::Root, _, [top, _]) if matches!(*top, "home" | "Users") => {
            system(format!("/{}, a user's home directory", segments.join("/")))
        }
        (Base::Root, _, dirs) => {
            let dir = format!("/{}", dirs.join("/"));
            if SYSTEM_DIRS.contains(&dir.as_str()) {
                return system(format!("{dir}, a system directory"));
            }
            let inside_system = match dirs {
                ["usr", "local", _, _, ..] => false,
                [top, ..] => OS_TREES.contains(top),
                [] => false,
            };
            inside_system.then(|| CriticalTarget {
                description: format!("{dir}, inside a system directory"),
                system: true,
            })
        }
        (Base::Home, 0, []) => system("the home directory".to_string()),
        (Base::Home, _, []) => system("a directory above the home directory".to_string()),
        (Base::Working, 0, []) if every_entry => working("every file in the current directory"),
        (Base::Working, 0, []) => working("the current directory"),
        (Base::Working, 1, []) => working("the parent directory"),
        (Base::Working, _, []) => working("a directory above the current one"),
        (Base::Working, 0, [".*"]) => working("the hidden files of the current directory"),
        _ => None,
    }
}

/// The rest of `path` after `prefix` when the prefix is a whole path component.
pub fn after_prefix<'a>(path: &'a str, prefix: &str) -> Option<&'a str> {
    let rest = path.strip_prefix(prefix)?;
    (rest.is_empty() || rest.starts_with('/')).then_some(rest)
}

pub const MAX_BRACE_EXPANSIONS: usize = 64; // enough for any honest path list; bounds `{a,b}{c,d}…` blow-up

/// The words bash's brace expansion makes of `word` (`{a,b}`, `{1..3}`), at most
/// [`MAX_BRACE_EXPANSIONS`]; the word itself when it has none.
pub fn expand_braces(word: &str) -> Vec<String> {
    let mut out = Vec::new();
    expand_braces_into(word, &mut out);
    out
}

pub fn expand_braces_into(word: &str, out: &mut Vec<String>) {
    if out.len() >= MAX_BRACE_EXPANSIONS {
        return;
    }
    for (open, _) in word.match_indices('{') {
        let Some(alternatives) = brace_alternatives(&word[open..]) else {
            continue;
        };
        let (inner_len, items) = alternatives;
        let (prefix, suffix) = (&word[..open], &word[open + inner_len..]);
        for item in items {
            expand_braces_into(&format!("{prefix}{item}{suffix}"), out);
        }
        return;
    }
    out.push(word.to_string());
}

/// For `text` starting at `{`: the length of the brace group and its alternatives, when it is a
/// list (`{a,b}`) or a sequence (`{1..3}`, `{a..c}`).
pub fn brace_alternatives(text: &str) -> Option<(usize, Vec<String>)> {
    let mut depth = 0usize;
    let mut commas = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => {
                depth -= 1;
                if depth == 0 {
                    let inner = &text[1..i];
                    if !commas.is_empty() {
                        let mut items = Vec::new();
                        let mut from = 1;
                        for comma in commas.iter().chain(std::iter::once(&i)) {
                            items.push(text[from..*comma].to_string());
                            from = comma + 1;
                        }
                        return Some((i + 1, items));
                    }
                    return sequence(inner).map(|items| (i + 1, items));
                }
            }
            ',' if depth == 1 => commas.push(i),
            _ => {}
        }
    }
    None
}

/// `1..3` or `a..c`, capped.
pub fn sequence(inner: &str) -> Option<Vec<String>> {
    let (from, to) = inner.split_once("..")?;
    if let (Ok(a), Ok(b)) = (from.parse::<i64>(), to.parse::<i64>()) {
        let (lo, hi) = (a.min(b), a.max(b));
        return Some(
            (lo..=hi)
                .take(MAX_BRACE_EXPANSIONS)
                .map(|n| n.to_string())
                .collect(),
        );
    }
    let (mut a, mut b) = (from.chars(), to.chars());
    match (a.next(), a.next(), b.next(), b.next()) {
        (Some(x), None, Some(y), None) if x.is_ascii_alphabetic() && y.is_ascii_alphabetic() => {
            let (lo, hi) = (x.min(y), x.max(y));
            Some(
                (lo..=hi)
                    .take(MAX_BRACE_EXPANSIONS)
                    .map(String::from)
                    .collect(),
            )
        }
        _ => None,
    }
}

/// What writing to a path under `/dev` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    /// Not under /dev: a plain file.
    File,
    /// The standard streams, /dev/null and friends: writing there writes no file.
    Stream,
    /// A disk, partition or memory device: writing there destroys data.
    Disk,
    Other,
}

pub fn device(path: &str) -> Device {
    let Some(name) = path.strip_prefix("/dev/") else {
        return Device::File;
    };
    // /dev/stdin and /dev/fd/N (other than 1 and 2) reopen whatever the descriptor is, which
    // can be a file: writing there writes that file. A process substitution's /dev/fd/… is a
    // pipe to a command that is checked on its own.
    const STREAMS: &[&str] = &[
        "null", "stdout", "stderr", "tty", "zero", "full", "random", "urandom", "fd/1", "fd/2",
    ];
    #[rustfmt::skip]
    const DISKS: &[&str] = &[
        "sd", "hd", "vd", "xvd", "nvme", "mmcblk", "loop", "dm-", "md", "sr", "disk", "rdisk", "mapper/", "nbd",
        "mem", "kmem", "port", "root",
    ];
    let substitution = name
        .strip_prefix("fd/")
        .is_some_and(|n| n.starts_with(super::words::RUNTIME));
    if STREAMS.contains(&name) || substitution || name.starts_with("pts/") {
        Device::Stream
    } else if DISKS.iter().any(|d| name.starts_with(d)) {
        Device::Disk
    } else {
        Device::Other
    }
}

/// Describes a write into `target` by `what` (`dd`, `tee`, a redirection).
pub fn write_to(what: &str, target: &Word) -> Option<Finding> {
    let path = target.value.as_deref().unwrap_or(&target.shape);
    if path.starts_with("/proc/sysrq-trigger") || path == "/proc/sys/kernel/sysrq" {
        return Some(Finding {
            level: Level::Dangerous,
            reason: format!("{what} writes to {path}, which can crash or reboot the machine"),
            settle: None,
        });
    }
    match device(path) {
        Device::Stream => None,
        Device::Disk => Some(Finding {
            level: Level::Dangerous,
            reason: format!("{what} overwrites the disk device {path}"),
            settle: None,
        }),
        Device::File | Device::Other if target.value.is_none() => Some(Finding {
            level: Level::Write,
            reason: format!("{what} writes to {}, a file named at run time", target.text),
            settle: None,
        }),
        Device::File | Device::Other => Some(Finding {
            level: Level::Write,
            reason: format!("{what} writes to {path}"),
            settle: None,
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn recognises_critical_targets() {
        let cases: &[(&str, Option<(&str, bool)>)] = &[
            ("/", Some(("the root directory", true))),
            ("/*", Some(("the root directory", true))),
            ("//", Some(("the root directory", true))),
            ("/.", Some(("the root directory", true))),
            ("~", Some(("the home directory", true))),
            ("~/", Some(("the home directory", true))),
            ("$HOME/*", Some(("the home directory", true))),
            ("*", Some(("every file in the current directory", false))),
            ("./*", Some(("every file in the current directory", false))),
            (".", Some(("the current directory", false))),
            ("..", Some(("the parent directory", false))),
            (
                ".*",
                Some(("the hidden files of the current directory", false)),
            ),
            ("/usr", Some(("/usr, a system directory", true))),
            ("/etc/", Some(("/etc, a system directory", true))),
            (
                "$BUILD_DIR/",
                Some(("the root directory when BUILD_DIR is empty", true)),
            ),
            ("$BUILD_DIR", None),
            ("$BUILD_DIR/out", None),
            ("build", None),
            ("./build", None),
            ("/tmp/x", None),
            ("/usr/local/lib/foo", None),
            (
                "/usr/lib/x86_64-linux-gnu",
                Some(("/usr/lib/x86_64-linux-gnu, inside a system directory", true)),
            ),
            (
                "/etc/ssl",
                Some(("/etc/ssl, inside a system directory", true)),
            ),
            (
                "/home/$USER",
                Some(("/home/$USER, a user's home directory", true)),
            ),
            ("~root", Some(("the home directory of root", true))),
            ("~root/x", None),
            ("/home/bob/project/build", None),
            ("/var/lib/apt/lists/*", None),
            ("", None),
            ("*.o", None),
            ("build/*", None),
            ("~/notes.txt", None),
            ("{/,x}", Some(("the root directory", true))),
            ("/{tmp,etc}", Some(("/etc, a system directory", true))),
            ("{a..c}", None),
            ("/tmp/..", Some(("the root directory", true))),
            ("/./", Some(("the root directory", true))),
            ("/usr/../etc", Some(("/etc, a system directory", true))),
            ("./build/..", Some(("the current directory", false))),
            ("a/../..", Some(("the parent directory", false))),
            ("~/..", Some(("a directory above the home directory", true))),
            ("~+", Some(("the current directory", false))),
            (
                "$PWD/*",
                Some(("every file in the current directory", false)),
            ),
            (
                "/[a-z]*",
                Some(("the entries of the root directory matching [a-z]*", true)),
            ),
            ("/tmp/*", None),
        ];
        for (shape, expected) in cases {
            let got = critical_target(shape).map(|c| (c.description, c.system));
            assert_eq!(got, expected.map(|(d, s)| (d.to_string(), s)), "{shape:?}");
        }
    }

    #[test]
    fn recognises_devices() {
        let cases = [
            ("/dev/null", Device::Stream),
            ("/dev/stderr", Device::Stream),
            ("/dev/fd/3", Device::Other),
            ("/dev/stdin", Device::Other),
            ("/dev/fd/2", Device::Stream),
            ("/dev/sda", Device::Disk),
            ("/dev/nvme0n1p2", Device::Disk),
            ("/dev/mapper/root", Device::Disk),
            ("/dev/shm/x", Device::Other),
            ("out.txt", Device::File),
        ];
        for (path, expected) in cases {
            assert_eq!(device(path), expected, "{path}");
        }
    }
}
