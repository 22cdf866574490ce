//! The default interceptor rules: shell idioms that an agent's dedicated tools do better.
//!
//! Patterns are JavaScript regular expressions (users see them and tests run them through
//! `new RegExp`), written for the flat segments of `segments.rs`: a segment starts at its command
//! word. They read shell words roughly (quotes are honoured where it matters, e.g. a `>` inside
//! quotes is not a redirection) and lean towards letting a command through.

use super::intercept::Rule;

/// An optional directory before a command word: `/bin/cat`, `./sed`.
const DIR: &str = r"(?:\S*/)?";

/// Option words and quoted words that may stand between a command and the option a rule looks for.
const OPTIONS_OR_QUOTED: &str = r#"(?:\s+(?:-[^\s'"]*|'[^']*'|"(?:[^"\\]|\\.)*"))*?"#;

/// The default rules for the tools `read`, `grep`, `glob`, `edit` and `write`.
pub fn default_rules() -> Vec<Rule> {
    let rule = |pattern: String, tool: &str, message: &str| Rule {
        pattern,
        flags: None,
        tool: tool.to_string(),
        message: message.to_string(),
    };
    vec![
        rule(
            // cat/head/tail/less/more, options (`-n 5` and `--lines 5` take a count for head and
            // tail; a `-n` before a non-number is cat's flag), then a word that is not an option,
            // `-` (stdin), a here-doc, a redirection or an operator.
            format!(
                r"^\s*{DIR}(?:cat|head|tail|less|more)(?:\s+(?:-[nc]\s*[+-]?\d+|-[nc](?=\s+[^\s\d+-])|--(?:lines|bytes)(?:=|\s+)[+-]?\d+|-(?!(?:[nc]|-lines|-bytes)(?:\s|$))\S*))*\s+(?![-<>|&;)]|\d+>)\S"
            ),
            "read",
            "Use the `read` tool instead of cat/head/tail/less/more to read a file: it pages through large files and shows line numbers.",
        ),
        rule(
            format!(r"^\s*{DIR}(?:grep|egrep|fgrep|rg|ripgrep|ag|ack)\s+(?!--?(?:version|help|V|h)(?:\s|$))\S"),
            "grep",
            "Use the `grep` tool instead of grep/rg/ag/ack to search file contents: it respects .gitignore and returns structured matches.",
        ),
        rule(
            // find with a name/path/type test and no action (-exec, -delete, … are not globbing);
            // fd without --exec; locate with any argument.
            format!(
                r"^\s*{DIR}(?:find(?=\s)(?!.*\s-(?:exec|execdir|ok|okdir|delete|fprint0?|fprintf|fls)(?:\s|$))(?=.*\s-(?:i?name|i?path|i?wholename|i?regex|type)\s)|(?:fd|fdfind)(?!.*\s(?:-[a-zA-Z]*[xX]|--exec(?:-batch)?)(?:[\s=]|$))\s+(?!--?(?:version|help|V|h)(?:\s|$))\S|(?:locate|plocate|mlocate)\s+\S)"
            ),
            "glob",
            "Use the `glob` tool instead of find/fd/locate to find files by name or type: it respects .gitignore and is faster.",
        ),
        rule(
            format!(r"^\s*{DIR}g?sed{OPTIONS_OR_QUOTED}\s+(?:-[a-zA-Z]*i|--in-place(?=[\s=]|$))"),
            "edit",
            "Use the `edit` tool instead of sed -i to change a file: it shows the diff and fails loudly when the text is not found.",
        ),
        rule(
            // perl's in-place switch, alone or bundled after switches that take no argument.
            format!(r"^\s*{DIR}perl{OPTIONS_OR_QUOTED}\s+-[lnpaswWtT0-9]*i"),
            "edit",
            "Use the `edit` tool instead of perl -i to change a file: it shows the diff and fails loudly when the text is not found.",
        ),
        rule(
            format!(r"^\s*{DIR}g?awk{OPTIONS_OR_QUOTED}\s+(?:-i\s*inplace|--include(?:=|\s+)inplace)(?=\s|$)"),
            "edit",
            "Use the `edit` tool instead of awk -i inplace to change a file: it shows the diff and fails loudly when the text is not found.",
        ),
        rule(
            // echo/printf, or cat with a here-doc (`<<`, not the here-string `<<<`), then words
            // (quoted ones whole; fd redirections like `2>&1` and `>&2` skipped) up to an
            // unquoted `>`, `>>` or `>|` into anything but /dev/null, /dev/stdout, /dev/stderr or
            // /dev/tty.
            format!(
                r#"^\s*{DIR}(?:echo|printf|cat(?=[^\n]*(?<!<)<<(?!<)))\b(?:[^"'>\n\\]|\\.|"(?:[^"\\]|\\.)*"|'[^']*'|\d>>?&?\s*[^\s;&|<>]+|>&\d*-?)*?(?<!\d)(?:>>?|>\|)\s*(?!/dev/(?:null|stdout|stderr|tty)(?![\w/.-]))(?![&\s;|<>)])\S"#
            ),
            "write",
            "Use the `write` tool instead of echo/printf/cat redirection to create or overwrite a file: it writes the exact content and confirms.",
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::js_regex::JsRegex;

    /// Every default rule compiles and decides its table of segments as expected; the vitest suite
    /// runs the same patterns through V8's `RegExp` to hold the two engines to the same answers.
    #[test]
    fn default_rules_decide_their_tables() {
        // (tool, blocked, allowed)
        let table: &[(&str, &[&str], &[&str])] = &[
            (
                "read",
                &[
                    "cat file.txt",
                    "  cat -n src/main.rs",
                    "head -n 20 README.md",
                    "head -n20 a",
                    "head -5 a",
                    "tail -f app.log",
                    "tail -n +5 a",
                    "tail --lines 3 a",
                    "less README",
                    "more notes",
                    "/bin/cat x",
                    "cat $FILE",
                ],
                &[
                    "cat",
                    "cat -",
                    "cat <<EOF",
                    "cat <<< hi",
                    "cat > out.txt",
                    "cat 2>/dev/null",
                    "head -n 5",
                    "head -5",
                    "tail --lines 3",
                    "concat file",
                    "catalog x",
                    "ls cat",
                ],
            ),
            (
                "grep",
                &[
                    "grep -rn TODO src",
                    "rg foo",
                    "ag bar .",
                    "ack baz",
                    "egrep 'a|b' f",
                    "/usr/bin/grep x f",
                ],
                &[
                    "grep",
                    "grep --version",
                    "rg -h",
                    "git grep x",
                    "ls | wc",
                    "pgrep node",
                    "grepx y",
                ],
            ),
            (
                "glob",
                &[
                    "find . -name '*.rs'",
                    "find src -type f",
                    "find . -iname README -maxdepth 2",
                    "fd main",
                    "fd -e rs",
                    "locate libc.so",
                ],
                &[
                    "find . -name '*.o' -delete",
                    "find . -name '*.tmp' -exec rm {} +",
                    "find . -mtime -1",
                    "find",
                    "fd -e rs -x rm",
                    "fd --exec-batch ls",
                    "fd --version",
                    "finder -name x",
                ],
            ),
            (
                "edit",
                &[
                    "sed -i 's/a/b/' file",
                    "sed -i.bak s/a/b/ f",
                    "sed -E -i 's/a/b/' f",
                    "sed -ni 'p' f",
                    "sed -e 's/a/b/' -i f",
                    "sed --in-place=.orig 's/a/b/' f",
                    "gsed -i s/x/y/ f",
                    "perl -pi -e 's/a/b/' f",
                    "perl -i.bak -pe 's/a/b/' f",
                    "perl -0777 -pi -e 's/a/b/' f",
                    "awk -i inplace '{print}' f",
                    "gawk --include=inplace '{print}' f",
                ],
                &[
                    "sed 's/a/b/' file",
                    "sed -n '1,5p' f",
                    "sed 's/ -i/x/' f",
                    "sed -e 's/-i/x/' f",
                    "perl -e 'print 1'",
                    "perl -Mstrict -e 1",
                    "perl -ne 'print if /-i/' f",
                    "awk '{print $1}' f",
                    "awk -F: '{print}' f",
                ],
            ),
            (
                "write",
                &[
                    "echo hi > out.txt",
                    "echo hi>out.txt",
                    "echo 'a > b' >> notes.md",
                    "printf '%s\\n' a b > list.txt",
                    "echo x &> f",
                    "echo x >| f",
                    "echo x 2>&1 > f",
                    "echo x > ~/.bashrc",
                    "cat <<EOF > script.sh",
                    "cat <<'EOF' >>log",
                    "cat > f <<EOF",
                    "echo x > /dev/nullx",
                    "/bin/echo x > f",
                ],
                &[
                    "echo hi",
                    "echo 'a > b'",
                    "echo \"a > b\"",
                    "echo hi > /dev/null",
                    "echo hi >/dev/stderr",
                    "echo hi > /dev/tty",
                    "echo hi 2>&1",
                    "echo hi >&2",
                    "echo hi 2> err.log",
                    "echo $((1>2))",
                    "cat <<EOF",
                    "cat <<< x > f",
                    "cat a > b",
                    "echoes > f",
                    "printf x | tee f",
                ],
            ),
        ];
        let rules = default_rules();
        for (tool, blocked, allowed) in table {
            let regexes: Vec<JsRegex> = rules
                .iter()
                .filter(|r| r.tool == *tool)
                .map(|r| {
                    JsRegex::new(&r.pattern, r.flags.as_deref().unwrap_or(""))
                        .expect("default rule compiles")
                })
                .collect();
            assert!(!regexes.is_empty(), "no rule for {tool}");
            for segment in *blocked {
                assert!(
                    regexes.iter().any(|r| r.test(segment)),
                    "{tool} should block {segment:?}"
                );
            }
            for segment in *allowed {
                assert!(
                    !regexes.iter().any(|r| r.test(segment)),
                    "{tool} should allow {segment:?}"
                );
            }
        }
    }
}
