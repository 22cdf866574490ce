//! `cat <source file>` as an outline: every declaration and signature (functions, methods,
//! classes, structs, traits, impls, interfaces, types, enums; and at the default level top-level
//! constants) with its line number, a signature spread over several lines kept whole, imports
//! counted. Bodies are elided; the header says how to read a range.

use crate::minimize::text::SplitLines;
use regex::Regex;

use super::Context;
use crate::minimize::command::Invocation;
use crate::minimize::settings::OutlineLevel;
use crate::re;

/// Lines a signature may span before its `{`, `:` or `;` (longer: the first lines only).
const SIGNATURE_MAX_LINES: usize = 12;

/// A file shorter than this (about 1,500 tokens, 150-200 lines of code) passes whole: reading
/// it costs less than an outline plus the range read that usually follows one, and every line
/// of it (a `TODO`, a `raise`) stays in view.
const OUTLINE_MIN_CHARS: usize = 6000;

#[derive(Clone, Copy, PartialEq)]
enum Lang {
    Rust,
    Js,
    Python,
    Go,
    Jvm,
    C,
    Ruby,
}

fn lang(path: &str) -> Option<Lang> {
    let ext = path.rsplit_once('.')?.1;
    Some(match ext {
        "rs" => Lang::Rust,
        "ts" | "tsx" | "js" | "jsx" | "mjs" | "cjs" | "mts" | "cts" => Lang::Js,
        "py" | "pyi" => Lang::Python,
        "go" => Lang::Go,
        "java" | "kt" | "kts" | "cs" | "scala" | "swift" => Lang::Jvm,
        "c" | "h" | "cc" | "cpp" | "cxx" | "hpp" | "hh" | "hxx" => Lang::C,
        "rb" => Lang::Ruby,
        _ => return None,
    })
}

/// `cat FILE` (no options, one file) of a source file.
pub(super) fn is_source_cat(inv: &Invocation) -> bool {
    matches!(inv.args.as_slice(), [f] if !f.starts_with('-') && lang(f).is_some())
}

struct Patterns {
    decl: &'static Regex,
    top_only: Option<&'static Regex>,
    import: &'static Regex,
}

fn patterns(lang: Lang) -> Option<Patterns> {
    Some(match lang {
        Lang::Rust => Patterns {
            decl: re!(
                r"^\s*(pub(\([^)]*\))?\s+)?((const|async|unsafe|default|extern\s+\S+)\s+)*(fn|struct|enum|trait|impl|mod|type|union|macro_rules!)[\s<({!]"
            )?,
            top_only: re!(r"^(pub(\([^)]*\))?\s+)?(const|static)\s")?.into(),
            import: re!(r"^\s*(pub\s+)?(use|extern crate)\s")?,
        },
        Lang::Js => Patterns {
            decl: re!(
                r"^\s*(export\s+)?(default\s+)?(declare\s+)?(abstract\s+)?(async\s+)?(const\s+)?(function\*?|class|interface|type|enum|namespace|module)\s|^\s{1,8}(?:(?:public|private|protected|static|readonly|async|override|abstract|get|set)\s+)*\*?(?:#?[A-Za-z_$][\w$]*)\??\s*(<[^>]*>)?\s*\([^;]*$|^(export\s+)?(const|let|var)\s+[A-Za-z_$][\w$]*\s*(:[^=]+)?=\s*(async\s+)?(\([^)]*\)|[A-Za-z_$][\w$]*)\s*(:[^=]+)?=>"
            )?,
            top_only: re!(r"^(export\s+)?(const|let|var)\s")?.into(),
            import: re!(r"^\s*import\s|^\s*(const|let|var)\s+.*=\s*require\(")?,
        },
        Lang::Python => Patterns {
            // `type Name = …` / `type Name[T] = …`: a type alias statement (Python 3.12;
            // `type` is a keyword only there).
            decl: re!(r"^\s*(async\s+)?def\s|^\s*class\s|^\s*@|^\s*type\s+[A-Za-z_]\w*\s*[\[=]")?,
            top_only: re!(r"^[A-Za-z_][A-Za-z0-9_]*\s*(:[^=]+)?=")?.into(),
            import: re!(r"^\s*(import|from)\s")?,
        },
        Lang::Go => Patterns {
            // A struct field or variable whose type is a func (`fn func(error) error`) is a
            // signature too.
            decl: re!(
                r"^\s*(func|type)\s|^\t[A-Z][A-Za-z0-9_]*\s*\(|^\s+[A-Za-z_]\w*\s+func\s*\("
            )?,
            top_only: re!(r"^(var|const)\s")?.into(),
            import: re!(r"^import\s|^\t\x22")?,
        },
        Lang::Jvm => Patterns {
            decl: re!(
                r"^\s*(@\w+\s+)*((public|private|protected|internal|static|final|abstract|override|open|sealed|data|suspend|inline|synchronized|async|virtual|partial|readonly|case|inner|value|annotation|companion|enum|fileprivate|implicit|lazy|unsafe|new)\s+)*(class|interface|@interface|enum|record|object|struct|fun|func|def|trait)\s|^\s*((public|private|protected|internal|static|final|abstract|override|synchronized|async|virtual)\s+)+[\w<>\[\],.? ]+\s+\w+\s*\([^;]*$"
            )?,
            top_only: None,
            import: re!(r"^\s*(import|using|package)\s")?,
        },
        Lang::C => Patterns {
            decl: re!(
                r"^(template\s*<.*>\s*)?(static\s+|inline\s+|extern\s+|virtual\s+|constexpr\s+)*[A-Za-z_][\w:<>,\s\*&]*[\s\*&]+\**[A-Za-z_~][\w:~]*\s*\([^;]*$|^\s*(class|struct|enum|union|namespace|typedef)\s|^\s+(virtual\s+|static\s+)?[A-Za-z_][\w:<>,\*&\s]*\s[\*&]?~?[A-Za-z_]\w*\s*\([^;{]*\)\s*(const)?\s*(override)?\s*;"
            )?,
            top_only: re!(r"^#define\s")?.into(),
            import: re!(r"^\s*#\s*include\s")?,
        },
        Lang::Ruby => Patterns {
            decl: re!(r"^\s*(def|class|module)\s")?,
            top_only: re!(r"^[A-Z][A-Z0-9_]*\s*=")?.into(),
            import: re!(r"^\s*(require|require_relative|load)\s")?,
        },
    })
}

fn control_word(line: &str) -> bool {
    let t = line.trim_start();
    let word: String = t
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    matches!(
        word.as_str(),
        "if" | "for"
            | "while"
            | "switch"
            | "catch"
            | "return"
            | "else"
            | "do"
            | "try"
            | "match"
            | "loop"
            | "new"
            | "await"
            | "throw"
            | "super"
            | "this"
            | "elif"
            | "with"
    )
}

/// Whether a signature started on `line` ends there.
fn signature_ends(line: &str, lang: Lang) -> bool {
    let t = line.trim_end();
    t.ends_with('{')
        || t.ends_with(';')
        || t.ends_with("{}")
        || t.ends_with("=>")
        || (lang == Lang::Python && (t.ends_with(':') || t.trim_start().starts_with("type ")))
        || (lang == Lang::Ruby)
        || (lang == Lang::Go && (t.ends_with(')') || go_line_closed(t)))
        || t.contains("} ")
        || t.ends_with('}')
}

/// A Go line whose parentheses all close and that does not end in `,` or `(` (`fn func(error)
/// error // why`, `type ID int`): nothing of it continues on the next line.
fn go_line_closed(t: &str) -> bool {
    let code = t.split(" //").next().unwrap_or(t).trim_end();
    code.matches('(').count() == code.matches(')').count() && !code.ends_with([',', '('])
}

pub(super) fn outline(ctx: &Context) -> Option<String> {
    if ctx.text.len() < OUTLINE_MIN_CHARS {
        return None;
    }
    let path = ctx.inv.args.first()?;
    // Notes the author left for a reader (`TODO`, `FIXME`, `XXX`, `HACK`) stay with the outline.
    let marker = re!(r"\b(TODO|FIXME|XXX|HACK)\b")?;
    let lang = lang(path)?;
    let p = patterns(lang)?;
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let mut out = Vec::new();
    let mut imports = 0usize;
    let mut first_import = None;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if p.import.is_match(line) {
            imports += 1;
            first_import.get_or_insert(i + 1);
            i += 1;
            continue;
        }
        let is_decl = p.decl.is_match(line) && !control_word(line);
        let is_top = ctx.outline == OutlineLevel::Default
            && (p.top_only.is_some_and(|r| r.is_match(line)) || marker.is_match(line));
        if !(is_decl || is_top) {
            i += 1;
            continue;
        }
        out.push(format!("{}: {}", i + 1, line.trim_end()));
        if is_decl && !signature_ends(line, lang) {
            let mut j = i + 1;
            while j < lines.len() && j - i < SIGNATURE_MAX_LINES {
                out.push(format!("{}: {}", j + 1, lines[j].trim_end()));
                if signature_ends(lines[j], lang) {
                    break;
                }
                j += 1;
            }
            i = j;
        }
        i += 1;
    }
    if out.is_empty() {
        return None;
    }
    let mut text = format!(
        "[outline of {path}: {} lines, bodies elided; `sed -n 'A,Bp' {path}` prints lines A..B]\n",
        lines.len()
    );
    if let Some(at) = first_import {
        text.push_str(&format!("{at}: ({imports} import lines)\n"));
    }
    text.push_str(&out.join("\n"));
    text.push('\n');
    Some(text)
}
