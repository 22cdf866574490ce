//! The capture's output, read: NUL-separated records that the capture script (`script`) writes
//! to its FIFO, byte for byte (a value may hold any byte but NUL, newlines and invalid UTF-8
//! included).

use crate::shell::state::alias_listing;

/// What a shell had once its startup files ran.
#[derive(Debug, Default, PartialEq)]
pub(super) struct Dump {
    /// bash option names that were on (zsh's mapped to bash's by the script).
    pub(super) options: Vec<String>,
    pub(super) aliases: Vec<(String, Vec<u8>)>,
    /// zsh global (`alias -g`) and suffix (`alias -s`) aliases: bash has no such thing.
    pub(super) zsh_aliases: Vec<String>,
    pub(super) functions: Vec<Function>,
    /// Exported variables.
    pub(super) exported: Vec<(String, Vec<u8>)>,
    /// Shell variables not exported (plain scalars only).
    pub(super) scalars: Vec<(String, Vec<u8>)>,
}

#[derive(Debug, PartialEq)]
pub(super) struct Function {
    pub(super) name: String,
    /// bash: the whole definition as `declare -f` prints it; zsh: the body, as `$functions`
    /// holds it.
    pub(super) text: Vec<u8>,
    /// The file that defined it, where the shell says (bash's `extdebug`, zsh's
    /// `$functions_source`); empty otherwise.
    pub(super) source: String,
}

/// The first record of every dump; the last is the run's own end marker.
pub(super) const HEADER: &str = "AGSH";

/// Reads a dump that ended with `trailer` (the end marker, NUL included); `None` when it is not
/// one (cut short, or not ours).
pub(super) fn parse(bytes: &[u8], trailer: &[u8]) -> Option<Dump> {
    let body = bytes.strip_suffix(trailer)?;
    let mut fields = body.split(|&b| b == 0);
    if fields.next()? != HEADER.as_bytes() {
        return None;
    }
    let mut dump = Dump::default();
    let text = |f: &[u8]| String::from_utf8_lossy(f).into_owned();
    while let Some(kind) = fields.next() {
        match kind {
            b"" => {}
            b"O" => dump.options.push(text(fields.next()?)),
            b"A" => {
                let name = text(fields.next()?);
                dump.aliases.push((name, fields.next()?.to_vec()));
            }
            b"G" | b"U" => dump.zsh_aliases.push(text(fields.next()?)),
            b"P" => dump.aliases.extend(alias_listing(fields.next()?)),
            b"F" => {
                let name = text(fields.next()?);
                let text_ = fields.next()?.to_vec();
                let source = declared_source(&name, fields.next()?);
                dump.functions.push(Function {
                    name,
                    text: text_,
                    source,
                });
            }
            b"X" | b"S" => {
                let name = text(fields.next()?);
                let value = fields.next()?.to_vec();
                if kind == b"X" {
                    dump.exported.push((name, value));
                } else {
                    dump.scalars.push((name, value));
                }
            }
            _ => return None,
        }
    }
    Some(dump)
}

/// The file in a function's source field: zsh's `$functions_source` is the path itself; bash's
/// `declare -F name` under `extdebug` is `name LINE FILE`.
fn declared_source(name: &str, field: &[u8]) -> String {
    let field = String::from_utf8_lossy(field);
    let field = field.trim_end_matches('\n');
    match field.strip_prefix(name).and_then(|r| r.strip_prefix(' ')) {
        Some(rest) => rest
            .split_once(' ')
            .map(|(_, file)| file.to_string())
            .unwrap_or_default(),
        None => field.to_string(),
    }
}
