//! An ELF file's dynamic section, read far enough to tell whether it names an audit library
//! (`DT_AUDIT`, `DT_DEPAUDIT`): glibc's loader loads those and runs their code (constructors,
//! `la_version`) even when it only lists the libraries, as `ldd` has it do. Reads the header, the
//! program headers and the dynamic segment, each bounded.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::Path;

const MAX_PROGRAM_HEADERS: usize = 256; // linkers write about a dozen; more is not read
const MAX_DYNAMIC_BYTES: u64 = 64 * 1024; // a dynamic section is a few hundred bytes
const PT_DYNAMIC: u32 = 2;
const DT_NULL: u64 = 0;
const DT_DEPAUDIT: u64 = 0x6fff_fefb;
const DT_AUDIT: u64 = 0x6fff_fefc;

/// What the file at `path` is to the loader.
#[derive(Debug, PartialEq, Eq)]
pub enum Audit {
    /// Not an ELF file (the loader refuses it: `ldd` says "not a dynamic executable") or one
    /// whose dynamic section names no audit library.
    None,
    /// Its dynamic section names an audit library.
    Named,
}

/// Whether the regular file at `path` names an audit library; `None` when it cannot be read or
/// its headers are not what a linker writes.
pub fn audit(path: &Path) -> Option<Audit> {
    if !std::fs::metadata(path).ok()?.is_file() {
        return None;
    }
    let mut file = File::open(path).ok()?;
    let mut header = [0u8; 64];
    let mut got = 0;
    while got < header.len() {
        match file.read(&mut header[got..]).ok()? {
            0 => break,
            n => got += n,
        }
    }
    if got < 4 || header[..4] != *b"\x7fELF" {
        return Some(Audit::None);
    }
    let wide = match header[4] {
        1 => false,
        2 => true,
        _ => return None,
    };
    let little = match header[5] {
        1 => true,
        2 => false,
        _ => return None,
    };
    let int = |bytes: &[u8]| -> u64 {
        let mut v = 0u64;
        let ordered: Vec<u8> = if little {
            bytes.iter().rev().copied().collect()
        } else {
            bytes.to_vec()
        };
        for b in ordered {
            v = (v << 8) | u64::from(b);
        }
        v
    };
    let field = |at: usize, len: usize| header.get(at..at + len).map(int);
    let (phoff, phentsize, phnum) = if wide {
        (field(0x20, 8)?, field(0x36, 2)?, field(0x38, 2)?)
    } else {
        (field(0x1c, 4)?, field(0x2a, 2)?, field(0x2c, 2)?)
    };
    let entry = if wide { 56 } else { 32 };
    let phnum = usize::try_from(phnum).ok()?;
    if phentsize != entry as u64 || phnum > MAX_PROGRAM_HEADERS {
        return None;
    }
    let mut headers = vec![0u8; entry * phnum];
    file.seek(SeekFrom::Start(phoff)).ok()?;
    file.read_exact(&mut headers).ok()?;
    for ph in headers.chunks(entry) {
        if int(&ph[0..4]) != u64::from(PT_DYNAMIC) {
            continue;
        }
        let (offset, size) = if wide {
            (int(&ph[0x08..0x10]), int(&ph[0x20..0x28]))
        } else {
            (int(&ph[0x04..0x08]), int(&ph[0x10..0x14]))
        };
        if size > MAX_DYNAMIC_BYTES {
            return None;
        }
        let mut dynamic = vec![0u8; usize::try_from(size).ok()?];
        file.seek(SeekFrom::Start(offset)).ok()?;
        file.read_exact(&mut dynamic).ok()?;
        let word = if wide { 8 } else { 4 };
        for d in dynamic.chunks_exact(2 * word) {
            match int(&d[..word]) {
                DT_NULL => break,
                DT_AUDIT | DT_DEPAUDIT => return Some(Audit::Named),
                _ => {}
            }
        }
    }
    Some(Audit::None)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A little-endian ELF64 file with one `PT_DYNAMIC` segment holding `dynamic`.
    pub(in crate::commands::classify::context) fn elf64(dynamic: &[(u64, u64)]) -> Vec<u8> {
        let mut b = vec![0u8; 64];
        b[..4].copy_from_slice(b"\x7fELF");
        b[4] = 2;
        b[5] = 1;
        b[6] = 1;
        b[0x20..0x28].copy_from_slice(&64u64.to_le_bytes());
        b[0x36..0x38].copy_from_slice(&56u16.to_le_bytes());
        b[0x38..0x3a].copy_from_slice(&1u16.to_le_bytes());
        let mut ph = vec![0u8; 56];
        ph[..4].copy_from_slice(&PT_DYNAMIC.to_le_bytes());
        ph[0x08..0x10].copy_from_slice(&120u64.to_le_bytes());
        ph[0x20..0x28].copy_from_slice(&(16 * dynamic.len() as u64).to_le_bytes());
        b.extend(ph);
        for (tag, value) in dynamic {
            b.extend(tag.to_le_bytes());
            b.extend(value.to_le_bytes());
        }
        b
    }

    #[test]
    fn audit_libraries_named_in_the_dynamic_section() {
        let dir = std::env::temp_dir().join(format!("classify-elf-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let cases: &[(&str, Vec<u8>, Option<Audit>)] = &[
            ("plain", elf64(&[(1, 1), (DT_NULL, 0)]), Some(Audit::None)),
            (
                "audit",
                elf64(&[(1, 1), (DT_AUDIT, 9), (DT_NULL, 0)]),
                Some(Audit::Named),
            ),
            (
                "depaudit",
                elf64(&[(DT_DEPAUDIT, 9), (DT_NULL, 0)]),
                Some(Audit::Named),
            ),
            (
                "after-null",
                elf64(&[(DT_NULL, 0), (DT_AUDIT, 9)]),
                Some(Audit::None),
            ),
            (
                "script",
                b"#!/bin/sh\ntouch x\n".to_vec(),
                Some(Audit::None),
            ),
            ("cut-short", elf64(&[(DT_AUDIT, 9)])[..100].to_vec(), None),
        ];
        for (name, bytes, expected) in cases {
            let path = dir.join(name);
            std::fs::write(&path, bytes).unwrap();
            assert_eq!(audit(&path), *expected, "{name}");
        }
        assert_eq!(audit(Path::new("/bin/true")), Some(Audit::None));
        assert_eq!(audit(&dir.join("missing")), None);
        assert_eq!(audit(&dir), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
