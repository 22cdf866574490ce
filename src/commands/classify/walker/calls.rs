//! A function the command defines and then calls with fixed words (`show() { sed -n
//! "1,${2:-5}p" "$1"; }; show README.md 3`): at that call its positional parameters are those
//! words, so its body is judged again with them written in (`sed -n "1,3p" README.md`).

use tree_sitter::Node;

use super::evaluation::plain_char;
use super::Walker;
use crate::commands::classify::words::Word;
use crate::syntax::tree;

/// A function's body, as written, with the places that expand its positional parameters.
#[derive(Debug, Clone)]
pub(super) struct Template {
    text: String,
    /// The definition's redirections, as written (`2>/dev/null`), applied at every call.
    redirects: String,
    /// Byte ranges of `text`, in order and apart, and what each one expands.
    params: Vec<(usize, usize, Param)>,
}

#[derive(Debug, Clone, PartialEq)]
enum Param {
    /// `$N`, `${N}`, and `${N:-W}`, `${N-W}`, `${N:+W}`, `${N+W}` with W a plain word.
    Positional {
        index: usize,
        op: Option<(String, String)>,
    },
    /// `$#`.
    Count,
    /// `$@` and `$*` unquoted and `"$@"` as a whole word: the words, apart; `"$*"`: the words
    /// joined by a space (the default IFS's first character).
    All,
}

/// Commands that change the positional parameters of the function they run in.
const SHIFTS: &[&str] = &["shift", "set", "getopts"];

impl Template {
    /// The body of a function definition, when every positional parameter in it belongs to this
    /// function (no function is defined inside it) and nothing in it changes them (no word in it
    /// is `shift`, `set` or `getopts`, whether as a command's name or after `builtin`/`command`). Expansions this does not take (`${1#x}`, `${@:2}`, `"a$@"`) are left
    /// as written: they stay only known at run time.
    pub(super) fn of(body: Node<'_>, src: &str) -> Option<Template> {
        let start = body.start_byte();
        let text = tree::text(body, src).to_string();
        let mut params = Vec::new();
        let mut stack = vec![body];
        while let Some(node) = stack.pop() {
            match node.kind() {
                "function_definition" => return None,
                // Any word, not only a command's name: `builtin shift`, `command set --`.
                "command_name" | "word" if SHIFTS.contains(&tree::text(node, src)) => return None,
                "simple_expansion" | "expansion" => {
                    let quoted = node.parent().is_some_and(|p| p.kind() == "string");
                    if let Some(param) = parse(tree::text(node, src), quoted) {
                        params.push((node.start_byte() - start, node.end_byte() - start, param));
                        continue;
                    }
                }
                "string" if matches!(tree::text(node, src), "\"$@\"" | "\"${@}\"") => {
                    params.push((
                        node.start_byte() - start,
                        node.end_byte() - start,
                        Param::All,
                    ));
                    continue;
                }
                _ => {}
            }
            let mut cursor = node.walk();
            stack.extend(node.children(&mut cursor));
        }
        params.sort_by_key(|(from, _, _)| *from);
        Some(Template {
            text,
            redirects: String::new(),
            params,
        })
    }

    /// The template with the redirections of its definition (`f() { …; } 2>/dev/null`), which
    /// a call runs the body under.
    pub(super) fn redirected(mut self, redirects: &[Node<'_>], src: &str) -> Template {
        self.redirects = redirects
            .iter()
            .map(|r| tree::text(*r, src))
            .collect::<Vec<&str>>()
            .join(" ");
        self
    }

    /// The body with `words` as its positional parameters, when each is a plain word (no blank,
    /// quote, glob or expansion: unquoted or in double quotes it is the same word).
    pub(super) fn with(&self, words: &[Word]) -> Option<String> {
        let values: Vec<&str> = words
            .iter()
            .map(|w| {
                w.value
                    .as_deref()
                    .filter(|v| !w.glob && !v.is_empty() && v.chars().all(plain_char))
            })
            .collect::<Option<_>>()?;
        let mut out = self.text.clone();
        for (from, to, param) in self.params.iter().rev() {
            let value = match param {
                Param::Count => values.len().to_string(),
                Param::All => values.join(" "),
                Param::Positional { index, op } => {
                    let given = index.checked_sub(1).and_then(|i| values.get(i)).copied();
                    match (op, given) {
                        (None, given) => given.unwrap_or("").to_string(),
                        (Some((op, word)), Some(value)) => match op.as_str() {
                            ":-" | "-" => value.to_string(),
                            _ => word.clone(),
                        },
                        (Some((op, word)), None) => match op.as_str() {
                            ":-" | "-" => word.clone(),
                            _ => String::new(),
                        },
                    }
                }
            };
            out.replace_range(*from..*to, &value);
        }
        Some(out)
    }
}

/// What the expansion `text` reads of the positional parameters, when it is one of the forms
/// [`Param`] lists. In double quotes with other text, `$@` makes a word of each parameter,
/// glued to that text at the ends: not taken.
fn parse(text: &str, quoted: bool) -> Option<Param> {
    if let Some(rest) = text.strip_prefix("${").and_then(|t| t.strip_suffix('}')) {
        let digits = rest.chars().take_while(char::is_ascii_digit).count();
        if digits == 0 {
            return match rest {
                "#" => Some(Param::Count),
                "@" if quoted => None,
                "@" | "*" => Some(Param::All),
                _ => None,
            };
        }
        let index: usize = rest[..digits].parse().ok()?;
        if index == 0 {
            return None;
        }
        let tail = &rest[digits..];
        if tail.is_empty() {
            return Some(Param::Positional { index, op: None });
        }
        let op = [":-", ":+", "-", "+"]
            .into_iter()
            .find(|op| tail.starts_with(op))?;
        let word = &tail[op.len()..];
        if !word.chars().all(plain_char) {
            return None;
        }
        return Some(Param::Positional {
            index,
            op: Some((op.to_string(), word.to_string())),
        });
    }
    match text.strip_prefix('$')? {
        "#" => Some(Param::Count),
        "@" if quoted => None,
        "@" | "*" => Some(Param::All),
        d if d.len() == 1 && d != "0" && d.chars().all(|c| c.is_ascii_digit()) => {
            Some(Param::Positional {
                index: d.parse().ok()?,
                op: None,
            })
        }
        _ => None,
    }
}

impl Walker {
    /// A call of `name`, a function of this command named like no program known here, at byte
    /// `site` of the script being walked: judged as its body with `args` written in, when its
    /// one definition gave a [`Template`] and every argument is a plain word. A call that is not
    /// leaves the body as judged where it was defined (its parameters unknown).
    pub(super) fn call_with_words(&mut self, name: &str, args: &[Word], site: Option<usize>) {
        let default_ifs = self.only_read("IFS")
            && self
                .probe
                .as_ref()
                .is_none_or(|p| p.start_value("IFS").is_none());
        let body = match (self.templates.get(name), site) {
            (Some(Some(template)), Some(site)) if default_ifs => template
                .with(args)
                .map(|text| (format!("{text} {}", template.redirects), site)),
            _ => None,
        };
        match body {
            Some((text, site)) => {
                self.called_with_words.insert((self.source, site));
                // Walked as the definition it is (what holds inside a function, `local -A`
                // among it, holds there), judged where it stands rather than kept aside.
                let outer = std::mem::replace(&mut self.judging_call, true);
                self.script(&format!("{name}() {text}\n"));
                self.judging_call = outer;
            }
            None => {
                self.templates.insert(name.to_string(), None);
                self.called.insert(name.to_string());
            }
        }
    }
}
