//! Quote removal: the value bash gives the text of a word, outside quotes, inside double
//! quotes, and inside `$'…'`. The parts of a word (which text is quoted how) come from the
//! parse ([`super::tree`]); this turns each part's text into its value.

/// Quote removal outside quotes: `\x` is `x`, a backslash-newline disappears.
pub fn unescape_unquoted(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\n') | None => {}
            Some(next) => out.push(next),
        }
    }
    out
}

/// Quote removal inside double quotes: a backslash only escapes `$`, `` ` ``, `"`, `\` and newline.
pub fn unescape_double(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some('\n')) => {
                chars.next();
            }
            ('\\', Some(&next @ ('$' | '`' | '"' | '\\'))) => {
                out.push(next);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// The value of `$'…'`: C escapes, including the `\x72\x6d` spelling of `rm`.
pub fn decode_ansi_c(inner: &str) -> String {
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        let Some(e) = chars.next() else {
            out.push('\\');
            break;
        };
        let decoded = match e {
            'a' => Some('\u{7}'),
            'b' => Some('\u{8}'),
            'e' | 'E' => Some('\u{1b}'),
            'f' => Some('\u{c}'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\u{b}'),
            '\\' | '\'' | '"' | '?' => Some(e),
            'x' => code_point(&mut chars, 16, 2, None),
            'u' => code_point(&mut chars, 16, 4, None),
            'U' => code_point(&mut chars, 16, 8, None),
            '0'..='7' => code_point(&mut chars, 8, 3, Some(e)),
            'c' => chars.next().map(|x| char::from((x as u8) & 0x1f)),
            other => {
                out.push('\\');
                Some(other)
            }
        };
        out.extend(decoded);
    }
    out
}

/// Reads up to `max` digits in `radix` (after `first`, already read) as a character.
fn code_point(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    radix: u32,
    max: usize,
    first: Option<char>,
) -> Option<char> {
    let mut digits: String = first.into_iter().collect();
    while digits.len() < max {
        match chars.peek() {
            Some(d) if d.is_digit(radix) => digits.push(*d),
            _ => break,
        }
        chars.next();
    }
    u32::from_str_radix(&digits, radix)
        .ok()
        .and_then(char::from_u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn removes_quotes_as_bash_does() {
        let unquoted: &[(&str, &str)] = &[
            ("\\r\\m", "rm"),
            ("a\\\nb", "ab"),
            ("a\\", "a"),
            ("é\\ü", "éü"),
        ];
        for (raw, value) in unquoted {
            assert_eq!((*raw, unescape_unquoted(raw).as_str()), (*raw, *value));
        }
        let double: &[(&str, &str)] = &[
            ("a\\$b", "a$b"),
            ("\\\"\\`\\\\", "\"`\\"),
            ("\\n\\x", "\\n\\x"),
            ("a\\\nb", "ab"),
        ];
        for (raw, value) in double {
            assert_eq!((*raw, unescape_double(raw).as_str()), (*raw, *value));
        }
        let ansi_c: &[(&str, &str)] = &[
            ("\\x72\\x6d", "rm"),
            ("\\162\\155", "rm"),
            ("\\u00e9", "é"),
            ("a\\tb\\n", "a\tb\n"),
            ("\\'", "'"),
            ("\\cA", "\u{1}"),
            ("\\q", "\\q"),
            ("end\\", "end\\"),
        ];
        for (raw, value) in ansi_c {
            assert_eq!((*raw, decode_ansi_c(raw).as_str()), (*raw, *value));
        }
    }
}
