//! Line continuation as bash does it: a backslash-newline disappears before bash reads words,
//! so `so\<newline>rt -\<newline>o out` is `sort -o out`. tree-sitter-bash reads it as a break
//! between words instead; the classifier parses the joined text. Bash keeps the pair inside
//! single quotes and `$'…'`, in comments, and in the body of a here-document whose delimiter
//! is quoted; everywhere else (double quotes, substitutions, unquoted here-document bodies and
//! operators) it goes. A here-document's delimiter quoted in part (`E"O"F`), which bash takes
//! as the quoted delimiter `EOF`, is given quoted whole (`'EOF'`), the form tree-sitter-bash
//! reads.

use std::borrow::Cow;

use super::scan;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    /// Commands: quotes, comments and here-documents are recognised.
    Code,
    /// Inside `$( … )`: commands until the matching `)` (`depth` open parentheses inside).
    Substitution {
        depth: usize,
    },
    Double,
    Backtick,
    /// Inside `${ … }`.
    Parameter,
}

/// `src` with every backslash-newline that bash removes removed.
pub fn join(src: &str) -> Cow<'_, str> {
    let quoted_delimiter = src.contains("<<") && src.contains(['\'', '"']);
    if !src.contains("\\\n") && !quoted_delimiter {
        return Cow::Borrowed(src);
    }
    let s = src.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(s.len());
    let mut stack = vec![Context::Code];
    // Here-documents whose bodies start after the current line: (delimiter, strip tabs, quoted).
    let mut pending: Vec<(Vec<u8>, bool, bool)> = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let b = s[i];
        let context = *stack.last().unwrap_or(&Context::Code);
        let code = matches!(
            context,
            Context::Code | Context::Substitution { .. } | Context::Backtick
        );
        if b == b'\\' {
            match s.get(i + 1) {
                Some(b'\n') => i += 2,
                Some(&next) => {
                    out.push(b);
                    out.push(next);
                    i += 2;
                }
                None => {
                    out.push(b);
                    i += 1;
                }
            }
            continue;
        }
        match (context, b) {
            (Context::Double, b'"') => {
                stack.pop();
            }
            (Context::Backtick, b'`') => {
                stack.pop();
            }
            (Context::Parameter, b'}') => {
                stack.pop();
            }
            (Context::Substitution { depth: 0 }, b')') => {
                stack.pop();
            }
            (Context::Substitution { depth }, b'(') => {
                stack.pop();
                stack.push(Context::Substitution { depth: depth + 1 });
            }
            (Context::Substitution { depth }, b')') => {
                stack.pop();
                stack.push(Context::Substitution { depth: depth - 1 });
            }
            (_, b'$') if s.get(i + 1) == Some(&b'(') => {
                out.extend_from_slice(b"$(");
                i += 2;
                stack.push(Context::Substitution { depth: 0 });
                continue;
            }
            (_, b'$') if s.get(i + 1) == Some(&b'{') => {
                out.extend_from_slice(b"${");
                i += 2;
                stack.push(Context::Parameter);
                continue;
            }
            (Context::Double, b'`') | (Context::Parameter, b'`') => stack.push(Context::Backtick),
            (_, b'`') if code => stack.push(Context::Backtick),
            (_, b'"') if context != Context::Double => stack.push(Context::Double),
            (_, b'$') if context != Context::Double && s.get(i + 1) == Some(&b'\'') => {
                // `$'…'`: kept as it is, escapes included.
                let end = scan::skip_ansi_c(s, i + 1);
                out.extend_from_slice(&s[i..end]);
                i = end;
                continue;
            }
            (_, b'\'') if context != Context::Double => {
                let end = scan::closing_single(s, i).unwrap_or(s.len());
                out.extend_from_slice(&s[i..end]);
                i = end;
                continue;
            }
            (_, b'#')
                if code
                    && (i == 0
                        || matches!(
                            s[i - 1],
                            b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'('
                        )) =>
            {
                let end = scan::skip_comment(s, i);
                out.extend_from_slice(&s[i..end]);
                i = end;
                continue;
            }
            // A here-string (`<<<`): its word is a word, not a delimiter.
            (_, b'<') if code && s[i + 1..].starts_with(b"<<") => {
                out.extend_from_slice(b"<<<");
                i += 3;
                continue;
            }
            (_, b'<') if code && s.get(i + 1) == Some(&b'<') => {
                // The delimiter as bash reads it: from the joined text after the operator.
                let mut word = Vec::new();
                let mut quote: Option<u8> = None;
                let mut started = false;
                let mut j = i + 2;
                while j < s.len() {
                    let c = s[j];
                    if c == b'\\' && s.get(j + 1) == Some(&b'\n') {
                        j += 2;
                        continue;
                    }
                    if let Some(q) = quote {
                        word.push(c);
                        if c == q {
                            quote = None;
                        }
                        j += 1;
                        continue;
                    }
                    match c {
                        b'\'' | b'"' => quote = Some(c),
                        b'\\' => {
                            word.push(c);
                            j += 1;
                            if let Some(&n) = s.get(j) {
                                word.push(n);
                            }
                            j += 1;
                            started = true;
                            continue;
                        }
                        b' ' | b'\t' if !started => {}
                        b' ' | b'\t' | b'\n' | b';' | b'&' | b'|' | b'<' | b'>' | b'(' | b')' => {
                            break
                        }
                        _ => {}
                    }
                    word.push(c);
                    started = true;
                    j += 1;
                }
                let (_, heredoc) = scan::read_heredoc_operator(&word, 0);
                if let Some(heredoc) = heredoc {
                    let quoted = word.iter().any(|c| matches!(c, b'\'' | b'"' | b'\\'));
                    let delimiter = heredoc.delimiter().as_bytes().to_vec();
                    // A delimiter quoted in part is bash's quoted delimiter, its quotes removed
                    // (`E"O"F` and `'E'OF` are a quoted `EOF`); tree-sitter-bash reads only a
                    // word quoted whole (`'EOF'`, `"EOF"`, `\EOF`): given as `'EOF'`. A word
                    // quoted whole is left as it is (in `$((1<<"2"))` it is arithmetic's).
                    let whole = quoted
                        && in_part(&word)
                        && quote.is_none()
                        && !delimiter.is_empty()
                        && !delimiter.iter().any(|c| matches!(c, b'\'' | b'\n'));
                    if whole {
                        out.extend_from_slice(if heredoc.strips_tabs() {
                            b"<<-'"
                        } else {
                            b"<<'"
                        });
                        out.extend_from_slice(&delimiter);
                        out.push(b'\'');
                    }
                    pending.push((delimiter, heredoc.strips_tabs(), quoted));
                    if whole {
                        i = j;
                        continue;
                    }
                }
                out.extend_from_slice(b"<<");
                i += 2;
                continue;
            }
            (_, b'\n') if code && !pending.is_empty() => {
                out.push(b'\n');
                i += 1;
                for (delimiter, strip_tabs, quoted) in std::mem::take(&mut pending) {
                    i = body(s, i, &delimiter, strip_tabs, quoted, &mut out);
                }
                continue;
            }
            _ => {}
        }
        out.push(b);
        i += 1;
    }
    Cow::Owned(
        String::from_utf8(out)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned()),
    )
}

/// A here-document's word (after `<<`, with its `-` and blanks) has quotes that do not enclose
/// the whole of it: `E"O"F`, `'E'OF`, `"E"'OF'`.
fn in_part(word: &[u8]) -> bool {
    let start = word
        .iter()
        .position(|c| !matches!(c, b'-' | b' ' | b'\t'))
        .unwrap_or(word.len());
    let w = &word[start..];
    match w.first() {
        Some(&q @ (b'\'' | b'"')) => w[1..].iter().position(|&c| c == q) != Some(w.len() - 2),
        _ => w.iter().any(|c| matches!(c, b'\'' | b'"')),
    }
}

/// Copies a here-document's body from `i` through its delimiter line; an unquoted one loses its
/// backslash-newlines (a line joined that way is not taken for the delimiter).
fn body(
    s: &[u8],
    mut i: usize,
    delimiter: &[u8],
    strip_tabs: bool,
    quoted: bool,
    out: &mut Vec<u8>,
) -> usize {
    while i < s.len() {
        let mut line_end = s[i..]
            .iter()
            .position(|&c| c == b'\n')
            .map_or(s.len(), |p| i + p);
        let mut line: Vec<u8> = s[i..line_end].to_vec();
        if !quoted {
            // `a\<newline>b` in an unquoted body: one line, `ab`.
            while line.ends_with(b"\\") && !line.ends_with(b"\\\\") && line_end < s.len() {
                line.pop();
                let next_end = s[line_end + 1..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(s.len(), |p| line_end + 1 + p);
                line.extend_from_slice(&s[line_end + 1..next_end]);
                line_end = next_end;
            }
        }
        let mut compared: &[u8] = &line;
        if strip_tabs {
            while let [b'\t', rest @ ..] = compared {
                compared = rest;
            }
        }
        out.extend_from_slice(&line);
        if line_end < s.len() {
            out.push(b'\n');
        }
        i = (line_end + 1).min(s.len());
        if compared == delimiter {
            break;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn joins_lines_as_bash_does() {
        let cases: &[(&str, &str)] = &[
            ("sort -\\\no out a", "sort -o out a"),
            ("so\\\nrt x", "sort x"),
            ("echo \"a\\\nb\" 'c\\\nd'", "echo \"ab\" 'c\\\nd'"),
            ("echo $'x\\\ny'", "echo $'x\\\ny'"),
            ("echo a # c \\\necho b", "echo a # c \\\necho b"),
            (
                "echo $(echo a\\\nb) ${X:-e\\\nf}",
                "echo $(echo ab) ${X:-ef}",
            ),
            ("cat <<E\necho a\\\nb\nE\n", "cat <<E\necho ab\nE\n"),
            ("cat <<'E'\na\\\nb\nE\n", "cat <<'E'\na\\\nb\nE\n"),
            ("cat <<E\\\nOF\nx\nEOF\nls", "cat <<EOF\nx\nEOF\nls"),
            ("echo \\\\\nls", "echo \\\\\nls"),
            ("plain", "plain"),
            // A delimiter quoted in part, as the quoted whole it is to bash.
            (
                "cat <<E\"O\"F | wc -l\n$(x)\nEOF\n",
                "cat <<'EOF' | wc -l\n$(x)\nEOF\n",
            ),
            (
                "cat <<-'E'OF\n\tx\\\ny\n\tEOF\n",
                "cat <<-'EOF'\n\tx\\\ny\n\tEOF\n",
            ),
            ("cat << \\EOF\nx\nEOF\n", "cat << \\EOF\nx\nEOF\n"),
            ("cat <<\"EOF\"\nx\nEOF\n", "cat <<\"EOF\"\nx\nEOF\n"),
            ("echo $((1<<\"2\"))", "echo $((1<<\"2\"))"),
            ("cat <<EOF\nx\nEOF\n", "cat <<EOF\nx\nEOF\n"),
            ("cat <<< \"$(x)\" <<<'y'", "cat <<< \"$(x)\" <<<'y'"),
            // `$'…'` and `$"…"` quote a delimiter too, the first with its escapes decoded.
            ("cat <<$'EOF'\n$(x)\nEOF\n", "cat <<'EOF'\n$(x)\nEOF\n"),
            (
                "cat <<-$'E\\x4fF'\n\t$(x)\n\tEOF\n",
                "cat <<-'EOF'\n\t$(x)\n\tEOF\n",
            ),
            (
                "cat <<$\"EOF\" | wc\n$(x)\nEOF\n",
                "cat <<'EOF' | wc\n$(x)\nEOF\n",
            ),
            ("cat <<E$'O'F\n$(x)\nEOF\n", "cat <<'EOF'\n$(x)\nEOF\n"),
            ("cat <<a$b\n$(x)\na$b\n", "cat <<a$b\n$(x)\na$b\n"),
        ];
        for (src, joined) in cases {
            assert_eq!(join(src), *joined, "{src:?}");
        }
    }
}
