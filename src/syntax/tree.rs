//! The full parse: bash text as tree-sitter-bash's syntax tree, with the checks that tell a text
//! bash would run from one it would reject (tree-sitter recovers from errors where bash stops),
//! and the node helpers the command classifier walks the tree with.

use std::cell::RefCell;

use tree_sitter::{Node, Parser, Tree};

/// The source text of `node`.
pub fn text<'s>(node: Node<'_>, src: &'s str) -> &'s str {
    src.get(node.byte_range()).unwrap_or("")
}

/// Parses `src` with this thread's parser (made once per thread: a parser holds its language and
/// scratch memory); `None` when the grammar cannot be loaded or the parse is cut short.
pub fn parse(src: &str) -> Option<Tree> {
    thread_local! {
        static PARSER: RefCell<Option<Parser>> = const { RefCell::new(None) };
    }
    PARSER.with(|cell| {
        let mut slot = cell.borrow_mut();
        if slot.is_none() {
            let mut parser = Parser::new();
            parser
                .set_language(&tree_sitter_bash::LANGUAGE.into())
                .ok()?;
            *slot = Some(parser);
        }
        slot.as_mut()?.parse(src, None)
    })
}

/// Whether tree-sitter-bash parses `command` with no error (see [`syntax_error`]), no command
/// named by a word that bash reads as syntax there, and every here-document closed by a line
/// that is its delimiter exactly. tree-sitter-bash takes a stray `then` or `fi` for a command
/// name, and `EOF ` or ` EOF` for the end of `<<EOF`; bash reports a syntax error, or reads the
/// here-document on to the end of its input.
pub fn parses_cleanly(command: &str) -> bool {
    let Some(tree) = parse(command) else {
        return false;
    };
    let root = tree.root_node();
    syntax_error(root, command).is_none() && misread(root, command).is_none()
}

/// Where tree-sitter-bash parses `src` without an error but bash would read it otherwise: a
/// command named by a word that bash reads as syntax there (a stray `then` or `fi`), a
/// here-document not closed by a line that is its delimiter exactly (`EOF ` or ` EOF`), or a
/// here-document operator whose line goes on after a backslash-newline (bash joins the lines
/// first, so `<<E\<newline>OF` is delimited by `EOF`).
pub fn misread(root: Node<'_>, src: &str) -> Option<String> {
    const NEVER_COMMANDS: &[&str] = &[
        "then", "else", "elif", "fi", "do", "done", "esac", "in", "}",
    ];
    // Every node once, depth first, with one cursor (a walk that collects children allocates
    // per node, which cost as much as a short command's parse).
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        if node.kind() == "command_name" && NEVER_COMMANDS.contains(&text(node, src)) {
            return Some(format!("{} is not a command there", text(node, src)));
        }
        if node.kind() == "heredoc_end" && !ends_heredoc(node, src) {
            return Some("a here-document's end is not its delimiter".to_string());
        }
        if node.kind() == "heredoc_start" && continues_line(node, src) {
            return Some("a here-document's line goes on after a backslash".to_string());
        }
        if cursor.goto_first_child() || cursor.goto_next_sibling() {
            continue;
        }
        loop {
            if !cursor.goto_parent() {
                return None;
            }
            if cursor.goto_next_sibling() {
                break;
            }
        }
    }
}

/// Whether the line holding `start` (a `heredoc_start`) ends in a backslash-newline, or the
/// delimiter itself holds a backslash or newline tree-sitter may have split differently.
fn continues_line(start: Node<'_>, src: &str) -> bool {
    let from = start.start_byte();
    let line = match src[from..].find('\n') {
        Some(i) => &src[from..from + i],
        None => &src[from..],
    };
    let trailing = line.len() - line.trim_end_matches('\\').len();
    trailing % 2 == 1 || text(start, src).contains('\n')
}

/// Whether the line of `end` (a `heredoc_end`) is the delimiter that its `heredoc_start` names,
/// as bash compares them: the whole line, with leading tabs dropped for `<<-`.
///
/// The delimiter is read from tree-sitter's `heredoc_start` here and from the bytes after `<<`
/// in [`super::scan::read_heredoc_operator`] (for the splitter, which has no tree). The two agree
/// on every usual spelling (`EOF`, `'EOF'`, `"EOF"`, `\EOF`, `"E F"`); they differ on a quote
/// escaped inside a quoted delimiter (`<<"a\"b"`), where making one answer as the other would
/// change what a check or a split says today.
fn ends_heredoc(end: Node<'_>, src: &str) -> bool {
    let Some(redirect) = end.parent() else {
        return false;
    };
    let mut cursor = redirect.walk();
    let Some(start) = redirect
        .children(&mut cursor)
        .find(|n| n.kind() == "heredoc_start")
    else {
        return false;
    };
    let delimiter: String = text(start, src)
        .chars()
        .filter(|c| !matches!(c, '\'' | '"' | '\\'))
        .collect();
    let line_start = src[..end.start_byte()].rfind('\n').map_or(0, |i| i + 1);
    let line_end = src[end.end_byte()..]
        .find('\n')
        .map_or(src.len(), |i| end.end_byte() + i);
    let line = &src[line_start..line_end];
    let line = if text(redirect, src).starts_with("<<-") {
        line.trim_start_matches('\t')
    } else {
        line
    };
    line == delimiter
}

/// The first node tree-sitter could not parse, ignoring what the grammar gets wrong but bash
/// accepts (`<>`, the read-write redirection).
pub fn syntax_error(root: Node<'_>, src: &str) -> Option<String> {
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        if node.is_missing() {
            return Some(format!("missing {}", node.kind()));
        }
        if node.is_error() && !is_read_write_redirection(node, src) && !is_herestring(node, src) {
            let text: String = text(node, src).chars().take(30).collect();
            return Some(format!("near {text:?}"));
        }
        if node.has_error() {
            let mut cursor = node.walk();
            let children: Vec<Node<'_>> = node.children(&mut cursor).collect();
            stack.extend(children.into_iter().rev());
        }
    }
    None
}

/// tree-sitter-bash reads `<<<` after a compound command (`done <<< x`, `} <<< x`) as an error
/// `<<` followed by a redirection `< x`.
pub fn is_herestring(node: Node<'_>, src: &str) -> bool {
    node.is_error()
        && text(node, src) == "<<"
        && node.next_sibling().is_some_and(|next| {
            next.kind() == "file_redirect"
                && next.start_byte() == node.end_byte()
                && text(next, src).starts_with('<')
        })
}

/// tree-sitter-bash reads `<> f` as `<` followed by an error `>`, and `<>f` as an error `<`
/// followed by the redirection `>f`.
pub fn is_read_write_redirection(node: Node<'_>, src: &str) -> bool {
    node.is_error()
        && ((text(node, src) == ">"
            && node.parent().is_some_and(|p| p.kind() == "file_redirect")
            && node.prev_sibling().is_some_and(|s| s.kind() == "<"))
            || (text(node, src) == "<" && read_write_target(node, src).is_some()))
}

/// The redirection `>f` that an error `<` right before it makes `<>f`.
pub fn read_write_target<'t>(error: Node<'t>, src: &str) -> Option<Node<'t>> {
    error.next_sibling().filter(|next| {
        next.kind() == "file_redirect"
            && next.start_byte() == error.end_byte()
            && text(*next, src).starts_with('>')
            && !text(*next, src).starts_with(">>")
            && !text(*next, src).starts_with(">&")
            && !text(*next, src).starts_with(">|")
    })
}

/// The names the coprocesses of `src` store their descriptors under: `coproc NAME { …; }` sets
/// the array NAME, any other `coproc …` the array COPROC (bash(1), "Coprocesses").
pub fn coprocess_names(src: &str) -> Vec<String> {
    let mut names = Vec::new();
    for (at, _) in src.match_indices("coproc") {
        let before = src[..at].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let mut words = src[at + "coproc".len()..].split_ascii_whitespace();
        let name = match (words.next(), words.next()) {
            (Some(name), Some(next))
                if super::is_name(name)
                    && [
                        "{", "(", "while", "until", "if", "for", "case", "select", "[[",
                    ]
                    .iter()
                    .any(|k| next == *k || (*k == "(" && next.starts_with('('))) =>
            {
                name.to_string()
            }
            _ => "COPROC".to_string(),
        };
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// `src` with each named coprocess (`coproc NAME { …; }`, `coproc NAME ( … )`, `coproc NAME
/// while …`) written as its compound command alone, blanks in place of `coproc NAME` so every
/// offset stays. tree-sitter-bash has no `coproc` grammar: it reads `coproc` as a command named
/// by a word and the `}` that ends the group as another command. For what a command reads and
/// writes, a coprocess is its compound command run in the background (NAME only holds its
/// descriptors). An unnamed `coproc cmd args` parses as a command and stays.
pub fn unname_coprocesses(src: &str) -> Option<String> {
    const COMPOUND: &[&str] = &[
        "{", "(", "while", "until", "if", "for", "case", "select", "[[",
    ];
    if !src.contains("coproc") {
        return None;
    }
    let tree = parse(src)?;
    let mut blanks: Vec<std::ops::Range<usize>> = Vec::new();
    let mut cursor = tree.root_node().walk();
    loop {
        let node = cursor.node();
        if node.kind() == "command_name" && text(node, src) == "coproc" {
            // The words after it, as bash splits them.
            let rest = &src[node.end_byte()..];
            let mut words = rest.split_ascii_whitespace();
            if let (Some(name), Some(next)) = (words.next(), words.next()) {
                let keyword = COMPOUND
                    .iter()
                    .any(|k| next == *k || (*k == "(" && next.starts_with('(')));
                if super::is_name(name) && keyword {
                    let name_at = node.end_byte() + rest.find(name).unwrap_or(0);
                    blanks.push(node.start_byte()..name_at + name.len());
                }
            }
            // `coproc { cat; }`: the default name, COPROC; the compound command is read as
            // it would be without the keyword.
            if let Some(first) = rest.split_ascii_whitespace().next() {
                if COMPOUND.contains(&first) {
                    blanks.push(node.start_byte()..node.end_byte());
                }
            }
        }
        if cursor.goto_first_child() || cursor.goto_next_sibling() {
            continue;
        }
        loop {
            if !cursor.goto_parent() {
                if blanks.is_empty() {
                    return None;
                }
                let mut out = src.as_bytes().to_vec();
                for range in blanks {
                    out[range].fill(b' ');
                }
                return String::from_utf8(out).ok();
            }
            if cursor.goto_next_sibling() {
                break;
            }
        }
    }
}

/// `src` with the `0` of each `0<…` redirection (`wc -l 0<>F`, `cat 0<F`, `0<<EOF`) written
/// as a blank, so every offset stays. tree-sitter-bash lexes a `0` before `<` or `>` as a number
/// and makes it an argument of the command (`wc -l 0` and a redirection `<>F`); bash reads it as
/// the redirection's descriptor, which for every redirection starting with `<` is 0 by default,
/// so the blank changes nothing bash does. `0<(cmd)` is a word (`0/dev/fd/63`) and stays; `0>F`
/// stays an argument (the blank would make it stdout's), which only errs towards a write.
pub fn stdin_descriptors(src: &str) -> Option<String> {
    if !src.contains("0<") {
        return None;
    }
    let tree = parse(src)?;
    let mut blanks: Vec<usize> = Vec::new();
    let mut stack = vec![tree.root_node()];
    while let Some(node) = stack.pop() {
        let at = node.start_byte();
        let after = &src[node.end_byte()..];
        let zero = node.kind() == "number"
            && text(node, src) == "0"
            && node.parent().is_some_and(|p| p.kind() == "command")
            && after.starts_with('<')
            && !after.starts_with("<(")
            && src[..at].ends_with([' ', '\t']);
        if zero {
            blanks.push(at);
        }
        let mut cursor = node.walk();
        stack.extend(node.children(&mut cursor));
    }
    if blanks.is_empty() {
        return None;
    }
    let mut out = src.as_bytes().to_vec();
    for at in blanks {
        out[at] = b' ';
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn stdin_descriptor_zero_is_a_blank() {
        assert_eq!(
            stdin_descriptors("wc -l 0<>README.md").as_deref(),
            Some("wc -l  <>README.md")
        );
        assert_eq!(stdin_descriptors("cat 0<a").as_deref(), Some("cat  <a"));
        // A word, an argument, and stdout's descriptor stay.
        assert_eq!(stdin_descriptors("echo 0<(true)"), None);
        assert_eq!(stdin_descriptors("echo 0 < a"), None);
        assert_eq!(stdin_descriptors("echo 0>a"), None);
    }

    #[test]
    fn tells_texts_bash_runs_from_texts_it_rejects() {
        let clean = [
            "ls -la",
            "for i in 1 2; do echo $i; done",
            "cat <<-EOF\n\thi\n\tEOF",
            "echo x <> F",
            "exec 3<>F",
            "cat <>F",
            "",
        ];
        for text in clean {
            assert!(parses_cleanly(text), "{text:?}");
        }
        let rejected = [
            "echo 'abc",
            "if true; then echo x",
            "echo a\nthen",
            "}",
            "cat <<EOF\nhi\nEOF ",
            "cat <<-EOF\nhi\n  EOF",
            "cat <<E\\\nOF\nls\nEOF",
        ];
        for text in rejected {
            assert!(!parses_cleanly(text), "{text:?}");
        }
    }

    #[test]
    fn names_the_first_error() {
        let cases: &[(&str, Option<&str>)] = &[
            ("echo ok", None),
            ("echo x <> F", None),
            ("echo )", Some("near \")\"")),
        ];
        for (src, expected) in cases {
            let tree = parse(src).expect("the bash grammar loads");
            assert_eq!(
                (*src, syntax_error(tree.root_node(), src).as_deref()),
                (*src, *expected)
            );
        }
        let tree = parse("echo héllo").expect("the bash grammar loads");
        let first = tree.root_node().child(0).expect("a command");
        assert_eq!(text(first, "echo héllo"), "echo héllo");
    }
}
