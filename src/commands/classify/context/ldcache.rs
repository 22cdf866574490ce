//! The dynamic loader's cache (`/etc/ld.so.cache`, glibc's `glibc-ld.so.cache1.1` format), read
//! as `ldconfig -p` lists it: whether a library of this machine's ABI is there under a name.
//! Read once per process (the file is the machine's, changed only by `ldconfig` as root), at
//! most [`MAX_CACHE_BYTES`].

use std::sync::OnceLock;

const CACHE: &str = "/etc/ld.so.cache";
const LDCONFIG: &str = "/sbin/ldconfig";
const MAX_CACHE_BYTES: u64 = 4 << 20; // a few thousand libraries take ~100 KiB; more is not a cache
const MAGIC: &[u8] = b"glibc-ld.so.cache1.1";
const HEADER_BYTES: usize = 48; // magic and version (20), nlibs, len_strings, flags and padding (8), extension offset (4), unused (12)
const ENTRY_BYTES: usize = 24; // flags, key, value, osversion (4 each), hwcap (8)

/// The entry flags of this machine's libraries, as `ldconfig -p` shows them in parentheses and
/// CPython's `ctypes.util` matches them (`libc6,x86-64`, `libc6,AArch64`): glibc's
/// `FLAG_ELF_LIBC6` with the architecture's bits (`FLAG_X8664_LIB64`, `FLAG_AARCH64_LIB64`).
fn own_flags() -> Option<i32> {
    match std::env::consts::ARCH {
        "x86_64" => Some(0x0303),
        "aarch64" => Some(0x0a03),
        _ => None,
    }
}

/// The names of the cache's libraries of this machine's ABI (`libc.so.6`, …); empty when
/// there is no cache or it cannot be read.
fn names() -> &'static [String] {
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let Some(flags) = own_flags() else {
            return Vec::new();
        };
        let too_large = std::fs::metadata(CACHE).map_or(true, |m| m.len() > MAX_CACHE_BYTES);
        if too_large {
            return Vec::new();
        }
        std::fs::read(CACHE)
            .ok()
            .and_then(|bytes| parse(&bytes, flags))
            .unwrap_or_default()
    })
}

/// The keys of the entries with `flags` in a cache's bytes; `None` when it is not the format.
fn parse(bytes: &[u8], flags: i32) -> Option<Vec<String>> {
    // The new format alone, or after the old one (glibc before 2.32): string offsets count
    // from where its header starts.
    let base = bytes.windows(MAGIC.len()).position(|w| w == MAGIC)?;
    let cache = &bytes[base..];
    let u32_at = |at: usize| -> Option<u32> {
        Some(u32::from_le_bytes(cache.get(at..at + 4)?.try_into().ok()?))
    };
    let count = u32_at(20)? as usize;
    let mut out = Vec::with_capacity(count.min(10_000));
    for n in 0..count {
        let at = HEADER_BYTES + n * ENTRY_BYTES;
        let entry_flags = u32_at(at)? as i32;
        if entry_flags != flags {
            continue;
        }
        let key = u32_at(at + 4)? as usize;
        let text = cache.get(key..)?;
        let end = text.iter().position(|&b| b == 0)?;
        out.push(String::from_utf8_lossy(&text[..end]).into_owned());
    }
    Some(out)
}

/// Whether CPython's `ctypes.util.find_library(name)` finds `name` through `ldconfig -p` alone:
/// a `lib{name}.` entry of this machine's ABI, and `/sbin/ldconfig` there to list it.
pub(super) fn finds(name: &str) -> bool {
    let prefix = format!("lib{name}.");
    super::files::is_file(std::path::Path::new(LDCONFIG))
        && names().iter().any(|n| n.starts_with(&prefix))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    /// A cache of `entries` (flags, name), as glibc writes it.
    fn cache(entries: &[(i32, &str)]) -> Vec<u8> {
        let mut strings = Vec::new();
        let mut offsets = Vec::new();
        let strings_at = HEADER_BYTES + entries.len() * ENTRY_BYTES;
        for (_, name) in entries {
            offsets.push(strings_at + strings.len());
            strings.extend_from_slice(name.as_bytes());
            strings.push(0);
        }
        let mut out = MAGIC.to_vec();
        out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
        out.extend_from_slice(&(strings.len() as u32).to_le_bytes());
        out.resize(HEADER_BYTES, 0);
        for ((flags, _), offset) in entries.iter().zip(&offsets) {
            out.extend_from_slice(&flags.to_le_bytes());
            out.extend_from_slice(&(*offset as u32).to_le_bytes());
            out.extend_from_slice(&(*offset as u32).to_le_bytes());
            out.extend_from_slice(&[0; 12]);
        }
        out.extend_from_slice(&strings);
        out
    }

    #[test]
    fn reads_the_entries_of_one_abi() {
        let bytes = cache(&[(0x0303, "libz.so.1"), (0x0003, "libc.so.6")]);
        assert_eq!(parse(&bytes, 0x0303), Some(vec!["libz.so.1".to_string()]));
        assert_eq!(parse(&bytes, 0x0003), Some(vec!["libc.so.6".to_string()]));
        assert_eq!(parse(b"not a cache", 0x0303), None);
        let mut old_first = b"ld.so-1.7.0\0\0\0\0\0".to_vec();
        old_first.extend_from_slice(&bytes);
        assert_eq!(
            parse(&old_first, 0x0303),
            Some(vec!["libz.so.1".to_string()])
        );
    }

    #[test]
    fn finds_this_machines_c_library() {
        // Every glibc machine these tests run on has libc in its cache; a made-up name is not.
        if files_exist() {
            assert!(finds("c"));
            assert!(!finds("no-such-library-here"));
        }
    }

    fn files_exist() -> bool {
        std::path::Path::new(CACHE).is_file()
            && std::path::Path::new(LDCONFIG).is_file()
            && own_flags().is_some()
    }
}
