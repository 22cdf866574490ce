//! Temporary files bash and `sort` make for the data a command is fed: a here-document or
//! here-string longer than a pipe holds goes through a file in TMPDIR, and `sort` spills a piped
//! input larger than its buffer to files there. Removed before the command ends, but made: a
//! write. The sizes are judged where the text says them (literal text, variables whose value is
//! known, `seq`'s output); what is not known is said.

use tree_sitter::Node;

use super::Walker;
use crate::commands::classify::verdict::Level;
use crate::commands::classify::words;
use crate::syntax::tree;

/// bash 5.2 (`redir.c`, `here_document_to_fd`): an expanded here-document or here-string no
/// longer than the pipe capacity found when bash was built (`PIPESIZE`, 64 KiB on Linux) goes
/// through a pipe, a longer one through `sh-thd.XXXXXX` in TMPDIR. Measured with bash 5.2.15:
/// 65,536 bytes a pipe, 65,537 a file, for both.
const HEREDOC_PIPE_BYTES: usize = 65_536;

/// GNU sort 9.1 reading a pipe sorts in a buffer of about 4.6 MB, counting each line's text and
/// its 32-byte record; beyond it, it writes sorted runs to `sortXXXXXX` in TMPDIR (measured:
/// `seq 1 N | sort` spills from 121,600 lines). Kept below the measured edge. A regular file's
/// buffer is sized to the file.
const SORT_PIPE_BUFFER_BYTES: usize = 4_000_000;
const SORT_LINE_RECORD_BYTES: usize = 32;

/// What a here-document's or here-string's expanded text, or a command's output, amounts to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Size {
    /// At most this many bytes, in this many lines.
    Known { bytes: usize, lines: usize },
    /// Not known from the text: what is not.
    Unknown(String),
}

impl Size {
    fn add(self, other: Size) -> Size {
        match (self, other) {
            (Size::Known { bytes, lines }, Size::Known { bytes: b, lines: l }) => Size::Known {
                bytes: bytes.saturating_add(b),
                lines: lines.saturating_add(l),
            },
            (Size::Unknown(what), _) | (_, Size::Unknown(what)) => Size::Unknown(what),
        }
    }

    /// This size when known, else `other`'s.
    fn or(self, other: impl FnOnce() -> Option<Size>) -> Size {
        match self {
            Size::Unknown(_) => other().unwrap_or(self),
            known => known,
        }
    }

    fn text(text: &str) -> Size {
        Size::Known {
            bytes: text.len(),
            lines: text.matches('\n').count(),
        }
    }
}

/// Programs whose output is one short line whatever they are given (a path, a name, a count, a
/// commit id): counted at this size in a document.
const SHORT_OUTPUT: &[&str] = &[
    "pwd", "date", "whoami", "id", "hostname", "uname", "basename", "dirname", "nproc", "arch",
    "wc", "realpath", "readlink", "tty", "logname", "expr",
];
const SHORT_OUTPUT_BYTES: usize = 4096; // a generous line: PATH_MAX

/// coreutils' checksum programs, which print `HASH  NAME` per file.
const CHECKSUMS: &[&str] = &[
    "md5sum",
    "sha1sum",
    "sha224sum",
    "sha256sum",
    "sha384sum",
    "sha512sum",
    "b2sum",
];
const CHECKSUM_LINE_BYTES: usize = 132; // a leading `\`, 128 hex digits, two separators, a newline

impl Walker {
    /// A here-document or here-string at `node`: a write when bash will put it in a temporary
    /// file, not read-only when its length is not known here.
    pub(super) fn temporary_document(&mut self, node: Node<'_>, src: &str) {
        let (what, size) = match node.kind() {
            "heredoc_redirect" => {
                let mut cursor = node.walk();
                let body = node
                    .named_children(&mut cursor)
                    .find(|c| c.kind() == "heredoc_body");
                let Some(body) = body else { return };
                // A quoted delimiter (`<<'EOF'`, `<<E\OF`): the body is not expanded, so its
                // length is its text's (tree-sitter-bash parses `$(…)` in it all the same).
                if super::evaluation::quoted_heredoc(body, src) {
                    let text = tree::text(body, src);
                    (
                        "here-document",
                        Size::Known {
                            bytes: text.len(),
                            lines: text.matches('\n').count(),
                        },
                    )
                } else {
                    ("here-document", self.expanded_size(body, src))
                }
            }
            "herestring_redirect" => {
                let mut cursor = node.walk();
                let Some(word) = node.named_children(&mut cursor).next() else {
                    return;
                };
                let size = match words::word(word, src, &self.vars).value {
                    Some(value) => Size::text(&value),
                    None => self.expanded_size(word, src),
                };
                ("here-string", size.add(Size::text("\n")))
            }
            _ => return,
        };
        let empty = size == Size::Known { bytes: 0, lines: 0 };
        if !empty && self.compatibility_tempfiles() {
            self.find(
                Level::Write,
                format!("bash at compatibility level 5.0 or lower (BASH_COMPAT, shopt compat31…compat44) writes every {what} to a temporary file in TMPDIR"),
            );
            return;
        }
        match size {
            Size::Known { bytes, .. } if bytes > HEREDOC_PIPE_BYTES => self.find(
                Level::Write,
                format!(
                    "bash writes a {what} of {bytes} bytes (more than the {HEREDOC_PIPE_BYTES} a pipe holds) to a temporary file in TMPDIR"
                ),
            ),
            Size::Known { .. } => {}
            // The effect, if any, is the temporary file: a write.
            Size::Unknown(unknown) => self.find(
                Level::Write,
                format!(
                    "bash writes a {what} longer than a pipe holds ({HEREDOC_PIPE_BYTES} bytes) to a temporary file in TMPDIR, and the length of {unknown} is not known here"
                ),
            ),
        }
    }

    /// bash below compatibility level 5.1 (`shell_compatibility_level <= 50` in `redir.c`) puts
    /// every here-document in a temporary file: `BASH_COMPAT` of 5.0 or lower (the script's or
    /// the context's) or a `shopt -s compat31`…`compat44` anywhere in the script (measured).
    fn compatibility_tempfiles(&self) -> bool {
        let low = |v: &str| {
            let digits: String = v.chars().filter(char::is_ascii_digit).collect();
            digits.parse::<u32>().is_ok_and(|n| (1..=50).contains(&n))
        };
        let shopt = self
            .sources
            .iter()
            .any(|s| s.contains("shopt") && s.contains("compat"));
        shopt
            || self.vars.get("BASH_COMPAT").is_some_and(|v| low(v))
            || self
                .probe
                .as_ref()
                .and_then(|p| p.start_value("BASH_COMPAT"))
                .is_some_and(low)
    }

    /// `… | sort` where the previous stage's output is known to be larger than sort's buffer.
    pub(super) fn sort_spills(&mut self, stage: Node<'_>, src: &str, before: Option<Node<'_>>) {
        let Some(before) = before else { return };
        if program_name(stage, src) != Some("sort") || stage_has_file_operand(stage, src) {
            return;
        }
        if let Size::Known { bytes, lines } = self.output_size(before, src) {
            let need = bytes.saturating_add(lines.saturating_mul(SORT_LINE_RECORD_BYTES));
            if need > SORT_PIPE_BUFFER_BYTES {
                self.find(
                    Level::Write,
                    format!(
                        "sort spills an input of {bytes} bytes in {lines} lines, more than its buffer, to temporary files in TMPDIR"
                    ),
                );
            }
        }
    }

    /// The expanded length of a here-document body or a word, from its parts.
    fn expanded_size(&self, node: Node<'_>, src: &str) -> Size {
        match node.kind() {
            "simple_expansion" | "expansion" => self.variable_size(node, src),
            "command_substitution" => {
                let mut cursor = node.walk();
                let inner: Vec<Node<'_>> = node.named_children(&mut cursor).collect();
                match inner.as_slice() {
                    [one] => match self
                        .output_size(*one, src)
                        .or(|| self.output_bound(*one, src))
                    {
                        // `$(…)` drops the trailing newline.
                        Size::Known { bytes, lines } => Size::Known {
                            bytes: bytes.saturating_sub(usize::from(lines > 0)),
                            lines: lines.saturating_sub(1),
                        },
                        unknown => unknown,
                    },
                    _ => Size::Unknown(tree::text(node, src).to_string()),
                }
            }
            // A number.
            "arithmetic_expansion" => Size::Known {
                bytes: 20,
                lines: 0,
            },
            // `<(…)` stands for a path such as /dev/fd/63.
            "process_substitution" => Size::Known {
                bytes: 16,
                lines: 0,
            },
            _ if node.named_child_count() == 0 => Size::text(tree::text(node, src)),
            _ => {
                // The text between the children counts too (quotes are counted: an upper bound).
                let mut size = Size::Known { bytes: 0, lines: 0 };
                let mut at = node.start_byte();
                let mut cursor = node.walk();
                for child in node.named_children(&mut cursor) {
                    size = size.add(Size::text(src.get(at..child.start_byte()).unwrap_or("")));
                    size = size.add(self.expanded_size(child, src));
                    at = child.end_byte();
                }
                let size = size.add(Size::text(src.get(at..node.end_byte()).unwrap_or("")));
                match (node.kind(), size) {
                    // `"…"`: the quotes are not part of the value.
                    ("string", Size::Known { bytes, lines }) => Size::Known {
                        bytes: bytes.saturating_sub(2),
                        lines,
                    },
                    (_, size) => size,
                }
            }
        }
    }

    /// `$NAME`, `${NAME…}`: the value the script gave it, else the one the context's
    /// environment holds (none when it is not set there, or without a context: a variable the
    /// caller set is taken to be as short as variables are, a choice docs/security.md names).
    fn variable_size(&self, node: Node<'_>, src: &str) -> Size {
        let text = tree::text(node, src);
        let name: String = text
            .trim_start_matches('$')
            .trim_start_matches('{')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        let operators = text.starts_with("${")
            && text.len() > name.len() + 3
            && !text.starts_with(&format!("${{{name}}}"));
        if operators {
            // `${x:-…}`, `${x//a/b}`, `${x^^}`: the value, and what the word after may add.
            let base = self.variable_value_size(&name, text);
            let mut cursor = node.walk();
            let extra = node
                .named_children(&mut cursor)
                .filter(|c| c.kind() != "variable_name")
                .fold(Size::Known { bytes: 0, lines: 0 }, |acc, c| {
                    acc.add(self.expanded_size(c, src))
                });
            if text.contains("//") || text.contains("/#") || text.contains("/%") {
                // A replacement can grow the value by its length per match.
                return match base {
                    Size::Known { bytes: 0, .. } => base,
                    _ => Size::Unknown(text.to_string()),
                };
            }
            return base.add(extra);
        }
        self.variable_value_size(&name, text)
    }

    fn variable_value_size(&self, name: &str, text: &str) -> Size {
        if name.is_empty() || name.chars().all(|c| c.is_ascii_digit()) {
            // `$1`, `$?`, `$$`, `$#`: the shell's own short values or the script's arguments.
            return Size::Known {
                bytes: 20,
                lines: 0,
            };
        }
        if let Some(value) = self.vars.get(name) {
            return Size::text(value);
        }
        // Set by the script at run time (`x=$(…)`, `read x`, `${x:=…}`): its length is not known.
        // A builtin that sets a variable by name (`read`, `printf -v`, `declare`, …) names it
        // as a word of its own, so the name must stand somewhere other than after `$` or `${`
        // for one to set it (`IFS=: read -ra parts <<< "$PATH"` leaves PATH as it was); `eval`
        // could set anything.
        let set_here = self.sources.iter().any(|s| {
            s.contains(&format!("{name}="))
                || s.contains(&format!("{name}+="))
                || s.contains(&format!("{name}:="))
                || s.contains(&format!("for {name}"))
                || s.contains("eval")
                || ([
                    "read",
                    "mapfile",
                    "readarray",
                    "printf",
                    "declare",
                    "local",
                    "typeset",
                    "getopts",
                    "export",
                ]
                .iter()
                .any(|w| s.contains(w))
                    && names_other_than_expanded(s, name))
        });
        if set_here {
            return Size::Unknown(text.to_string());
        }
        match self.probe.as_ref().and_then(|p| p.start_value(name)) {
            Some(value) => Size::text(value),
            None => Size::Known { bytes: 0, lines: 0 },
        }
    }

    /// What a command prints, when the text says: `seq`'s numbers, `echo`/`printf` of known
    /// words, a program of one short line.
    pub(super) fn output_size(&self, node: Node<'_>, src: &str) -> Size {
        let text = tree::text(node, src);
        let unknown = || Size::Unknown(format!("$({text})"));
        if node.kind() != "command" {
            return unknown();
        }
        let Some(program) = program_name(node, src) else {
            return unknown();
        };
        let mut cursor = node.walk();
        let args: Vec<Option<String>> = node
            .children_by_field_name("argument", &mut cursor)
            .map(|a| words::word(a, src, &self.vars).value)
            .collect();
        let Some(args) = args.into_iter().collect::<Option<Vec<String>>>() else {
            return unknown();
        };
        match program {
            "seq" => seq_size(&args).unwrap_or_else(unknown),
            "echo" if args.iter().all(|a| !a.starts_with('-')) => {
                Size::text(&format!("{}\n", args.join(" ")))
            }
            "git"
                if matches!(
                    args.first().map(String::as_str),
                    Some("rev-parse" | "describe" | "symbolic-ref")
                ) =>
            {
                Size::Known {
                    bytes: SHORT_OUTPUT_BYTES,
                    lines: 1,
                }
            }
            // A checksum program given files prints one line per file: the hash (at most
            // 128 hex digits, b2sum's and sha512sum's), two separators and the name, escaped
            // (a `\` before the line, each `\` or newline in it as two characters) at worst. Words that
            // bash may expand to more (a glob, braces) are not counted.
            _ if CHECKSUMS.contains(&program)
                && !self.functions.contains(program)
                && !args.is_empty()
                && args
                    .iter()
                    .all(|a| !a.starts_with('-') && !a.contains(['*', '?', '[', '{'])) =>
            {
                Size::Known {
                    bytes: args.iter().map(|a| CHECKSUM_LINE_BYTES + 2 * a.len()).sum(),
                    lines: args.len(),
                }
            }
            _ if SHORT_OUTPUT.contains(&program) => Size::Known {
                bytes: SHORT_OUTPUT_BYTES,
                lines: 1,
            },
            _ => unknown(),
        }
    }
}

impl Walker {
    /// An upper bound of what `node` prints when it only passes on part of files the context
    /// can stat (`head -1 data.csv | tr , ' '`): `head`, `tail` and `cat` without options that
    /// add text print at most their files' bytes (`head -c N` at most N per file), and `tr`,
    /// `head` and `tail` after it in a pipeline print at most what they read. Lines are
    /// bounded by bytes. `None` for anything else.
    fn output_bound(&self, node: Node<'_>, src: &str) -> Option<Size> {
        let probe = self.probe.as_ref()?;
        let stages: Vec<Node<'_>> = match node.kind() {
            "pipeline" => {
                let mut cursor = node.walk();
                node.named_children(&mut cursor)
                    .filter(|c| c.kind() != "comment")
                    .collect()
            }
            "command" => vec![node],
            _ => return None,
        };
        let (first, rest) = stages.split_first()?;
        let literal_args = |n: Node<'_>| -> Option<Vec<String>> {
            if n.kind() != "command" || n.child_by_field_name("redirect").is_some() {
                return None;
            }
            let mut cursor = n.walk();
            let mut out = Vec::new();
            for child in n.named_children(&mut cursor) {
                match child.kind() {
                    "command_name" => {}
                    "file_redirect" | "herestring_redirect" | "heredoc_redirect" => return None,
                    _ => out.push(words::word(child, src, &self.vars).value?),
                }
            }
            Some(out)
        };
        let program = program_name(*first, src)?;
        if self.functions.contains(program) {
            return None;
        }
        let args = literal_args(*first)?;
        let (per_file, files) = match program {
            "cat" if args.iter().all(|a| !a.starts_with('-')) => (None, args),
            "head" | "tail" => {
                let (cap, files) = head_tail_options(&args)?;
                (cap, files)
            }
            // Filters that print some of a file's lines, each at most once and whole or cut
            // shorter (`sed -n 2p`, `grep -m1 x f`, `cut -d, -f2 f`): no more than the file,
            // and a newline after a last line that has none.
            "sed" | "grep" | "cut" => (None, vec![selected_lines_file(program, &args)?]),
            _ => return None,
        };
        if files.is_empty() {
            return None;
        }
        let mut bytes: u64 = u64::from(matches!(program, "sed" | "grep" | "cut"));
        for f in &files {
            let size = probe.file_size(f)?;
            bytes = bytes.saturating_add(per_file.map_or(size, |cap| cap.min(size)));
        }
        for stage in rest {
            let program = program_name(*stage, src)?;
            if self.functions.contains(program) {
                return None;
            }
            let args = literal_args(*stage)?;
            let passes = match program {
                // tr(1) maps or deletes bytes of its input one by one; it reads no file.
                "tr" => args.iter().all(|a| {
                    !a.starts_with('-')
                        || matches!(
                            a.as_str(),
                            "-d" | "-s"
                                | "-c"
                                | "-C"
                                | "-t"
                                | "-ds"
                                | "-cd"
                                | "-dc"
                                | "-cs"
                                | "-sc"
                        )
                        || a.len() == 1
                }),
                "head" | "tail" => head_tail_options(&args).is_some_and(|(_, f)| f.is_empty()),
                _ => false,
            };
            if !passes {
                return None;
            }
        }
        let bytes = usize::try_from(bytes).ok()?;
        Some(Size::Known {
            bytes,
            lines: bytes,
        })
    }
}

/// The one file of `sed -n 'Np'` (a line, a range `N,M`, `$`), `grep` with options that only
/// choose which lines print (no `-o`, whose matches each take a line, nor `-n`/`-H`/`-c`,
/// which add text), or `cut` of fields or characters; `None` for anything else.
fn selected_lines_file(program: &str, args: &[String]) -> Option<String> {
    let address = |a: &str| a == "$" || (!a.is_empty() && a.chars().all(|c| c.is_ascii_digit()));
    match (program, args) {
        ("sed", [n, script, file]) if n == "-n" && !file.starts_with('-') => {
            let range = script.strip_suffix('p')?;
            let mut ends = range.split(',');
            let first = ends.next()?;
            let second = ends.next();
            (ends.next().is_none() && address(first) && second.is_none_or(address))
                .then(|| file.clone())
        }
        ("grep", [.., pattern, file]) => {
            let options = &args[..args.len() - 2];
            let mut i = 0;
            while let Some(o) = options.get(i) {
                match o.as_str() {
                    "-i" | "-v" | "-w" | "-x" | "-F" | "-E" | "-G" | "-s" | "-a" | "-h"
                    | "--no-filename" => {}
                    "-m" => {
                        i += 1;
                        options.get(i)?.parse::<u64>().ok()?;
                    }
                    m if m
                        .strip_prefix("-m")
                        .is_some_and(|n| n.parse::<u64>().is_ok()) => {}
                    _ => return None,
                }
                i += 1;
            }
            (!pattern.starts_with('-') && !file.starts_with('-')).then(|| file.clone())
        }
        ("cut", [.., file]) if !file.starts_with('-') => {
            let options = &args[..args.len() - 1];
            let mut i = 0;
            while let Some(o) = options.get(i) {
                match o.as_str() {
                    "-d" | "-f" | "-c" | "-b" => {
                        options.get(i + 1)?;
                        i += 1;
                    }
                    "-s" => {}
                    v if ["-d", "-f", "-c", "-b"]
                        .iter()
                        .any(|p| v.len() > 2 && v.starts_with(p)) => {}
                    _ => return None,
                }
                i += 1;
            }
            Some(file.clone())
        }
        _ => None,
    }
}

/// Whether `name` stands in `script` other than right after `$` or `${` (as a word a builtin
/// could take for the variable to set, or anywhere else).
fn names_other_than_expanded(script: &str, name: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    script.match_indices(name).any(|(at, _)| {
        let before = &script[..at];
        let after = script[at + name.len()..].chars().next();
        let whole = !before.chars().next_back().is_some_and(ident) && !after.is_some_and(ident);
        whole && !(before.ends_with('$') || before.ends_with("${"))
    })
}

/// `head`/`tail` options that only choose how much is printed (`-n N`, `-N`, `-c N`, `-q`),
/// and its files: the cap per file in bytes for `-c N`. `None` for any other option, or a
/// `+N`/`-c +N` start, which `tail` takes from a line or byte onward (still at most the file).
fn head_tail_options(args: &[String]) -> Option<(Option<u64>, Vec<String>)> {
    let mut cap = None;
    let mut files = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let number = |v: &str| v.trim_start_matches(['+', '-']).parse::<u64>().ok();
        match a.as_str() {
            "-q" | "--quiet" | "--silent" | "-v" | "--verbose" => {}
            "-n" | "--lines" => {
                number(args.get(i)?)?;
                i += 1;
            }
            "-c" | "--bytes" => {
                let v = args.get(i)?;
                let n = number(v)?;
                if !v.starts_with(['+', '-']) {
                    cap = Some(n);
                }
                i += 1;
            }
            "-" => return None,
            v if v.starts_with("-n") || v.starts_with("--lines=") => {
                number(v.trim_start_matches("--lines=").trim_start_matches("-n"))?;
            }
            v if v.starts_with('-')
                && v[1..].chars().all(|c| c.is_ascii_digit())
                && v.len() > 1 => {}
            v if v.starts_with('-') => return None,
            v => files.push(v.to_string()),
        }
    }
    Some((cap, files))
}

/// `seq LAST`, `seq FIRST LAST`, `seq FIRST INCREMENT LAST` of integers, no options: the exact
/// length of what it prints.
fn seq_size(args: &[String]) -> Option<Size> {
    let numbers: Vec<i64> = args
        .iter()
        .map(|a| a.parse::<i64>().ok())
        .collect::<Option<_>>()?;
    let (first, step, last) = match numbers.as_slice() {
        [last] => (1, 1, *last),
        [first, last] => (*first, 1, *last),
        [first, step, last] if *step != 0 => (*first, *step, *last),
        _ => return None,
    };
    let (mut bytes, mut lines) = (0usize, 0usize);
    let mut n = first;
    let digits = |n: i64| n.unsigned_abs().to_string().len() + usize::from(n < 0);
    // Summed by runs of numbers of one width (`seq 1 1000000000` is cheap); a run of negative
    // numbers one by one, up to a bound.
    let mut steps = 0;
    while (step > 0 && n <= last) || (step < 0 && n >= last) {
        let width = digits(n);
        let count = if n >= 0 {
            let low = if width == 1 {
                0
            } else {
                10i64.pow(u32::try_from(width - 1).ok()?)
            };
            let high = 10i64
                .checked_pow(u32::try_from(width).ok()?)?
                .saturating_sub(1);
            if step > 0 {
                (last.min(high) - n) / step + 1
            } else {
                (n - last.max(low)) / -step + 1
            }
        } else {
            steps += 1;
            if steps > 100_000 {
                return None;
            }
            1
        };
        let count = usize::try_from(count).ok()?;
        bytes = bytes.saturating_add(count.saturating_mul(width + 1));
        lines = lines.saturating_add(count);
        n = n.checked_add(step.checked_mul(i64::try_from(count).ok()?)?)?;
    }
    Some(Size::Known { bytes, lines })
}

fn program_name<'a>(node: Node<'_>, src: &'a str) -> Option<&'a str> {
    let name = node.child_by_field_name("name")?;
    Some(tree::text(name, src))
}

/// `sort FILE`: sort reads its files itself (a regular file's buffer is sized to it), not the pipe.
fn stage_has_file_operand(node: Node<'_>, src: &str) -> bool {
    let mut cursor = node.walk();
    let operands = node
        .children_by_field_name("argument", &mut cursor)
        .any(|a| !tree::text(a, src).starts_with('-'));
    operands
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(args: &[&str]) -> Option<Size> {
        seq_size(&args.iter().map(|a| a.to_string()).collect::<Vec<_>>())
    }

    #[test]
    fn seq_sizes_are_exact() {
        for args in [
            &["10"][..],
            &["1", "30000"],
            &["5", "3", "200"],
            &["-20", "15"],
            &["100", "-7", "-30"],
            &["3", "1"],
            &["0"],
        ] {
            let nums: Vec<i64> = args.iter().map(|a| a.parse().unwrap()).collect();
            let (first, step, last) = match nums.as_slice() {
                [l] => (1, 1, *l),
                [f, l] => (*f, 1, *l),
                [f, s, l] => (*f, *s, *l),
                _ => unreachable!(),
            };
            let mut out = String::new();
            let mut n = first;
            while (step > 0 && n <= last) || (step < 0 && n >= last) {
                out.push_str(&format!("{n}\n"));
                n += step;
            }
            assert_eq!(seq(args), Some(Size::text(&out)), "{args:?}");
        }
        assert_eq!(seq(&["-w", "10"]), None);
        assert_eq!(seq(&["1.5", "3"]), None);
    }
}
