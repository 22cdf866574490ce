//! The default interceptor rules: shell idioms that an agent's dedicated tools do better. They are
//! the anchor's rules (oh-my-pi `coding-agent/src/config/settings-schema.ts`,
//! `DEFAULT_BASH_INTERCEPTOR_RULES`): the same tools, in the same order, with the same messages.
//!
//! Patterns are JavaScript regular expressions (users see them and tests run them through
//! `new RegExp`), written for the flat segments of `segments.rs`: a segment starts at its command
//! word. They read shell words roughly (quotes are honoured where it matters, e.g. a `>` inside
//! quotes is not a redirection) and lean towards letting a command through; where they decide
//! differently from the anchor's patterns, docs/behaviour.md lists the case and the reason.

use super::intercept::Rule;

/// An optional directory before a command word: `/bin/cat`, `./sed`.
const DIR: &str = r"(?:\S*/)?";

/// Option words and quoted words that may stand between a command and the option a rule looks for.
const OPTIONS_OR_QUOTED: &str = r#"(?:\s+(?:-[^\s'"]*|'[^']*'|"(?:[^"\\]|\\.)*"))*?"#;

/// A redirection target that is not a file the `write` tool could create: the null device, the
/// standard streams, the terminal and descriptor aliases, quoted or not, as a whole word.
const DEVICE: &str = r#"(?:(?:/dev/(?:null|stdout|stderr|tty|fd/\d+))|"/dev/(?:null|stdout|stderr|tty|fd/\d+)"|'/dev/(?:null|stdout|stderr|tty|fd/\d+)')(?=[\s;&|<>)]|$)"#;

/// The default rules for the tools `read`, `grep`, `glob`, `edit`, `write` and `hub`.
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
            "Use the `read` tool instead of cat/head/tail. It provides better context and handles binary files.",
        ),
        rule(
            format!(r"^\s*{DIR}(?:grep|egrep|fgrep|rg|ripgrep|ag|ack)\s+(?!--?(?:version|help|V|h)(?:\s|$))\S"),
            "grep",
            "Use the `grep` tool instead of grep/rg. It respects .gitignore and provides structured output.",
        ),
        rule(
            // find with a name/path/type test and no action (-exec, -delete, … are not globbing);
            // fd without --exec; locate with any argument.
            format!(
                r"^\s*{DIR}(?:find(?=\s)(?!.*\s-(?:exec|execdir|ok|okdir|delete|fprint0?|fprintf|fls)(?:\s|$))(?=.*\s-(?:i?name|i?path|i?wholename|i?regex|type)\s)|(?:fd|fdfind)(?!.*\s(?:-[a-zA-Z]*[xX]|--exec(?:-batch)?)(?:[\s=]|$))\s+(?!--?(?:version|help|V|h)(?:\s|$))\S|(?:locate|plocate|mlocate)\s+\S)"
            ),
            "glob",
            "Use the `glob` tool instead of find/fd. It respects .gitignore and is faster for glob patterns.",
        ),
        rule(
            format!(r"^\s*{DIR}g?sed{OPTIONS_OR_QUOTED}\s+(?:-[a-zA-Z]*i|--in-place(?=[\s=]|$))"),
            "edit",
            "Use the `edit` tool instead of sed -i. It provides diff preview and fuzzy matching.",
        ),
        rule(
            // perl's in-place switch, alone or bundled after switches that take no argument.
            format!(r"^\s*{DIR}perl{OPTIONS_OR_QUOTED}\s+-[lnpaswWtT0-9]*i"),
            "edit",
            "Use the `edit` tool instead of perl -i. It provides diff preview and fuzzy matching.",
        ),
        rule(
            format!(r"^\s*{DIR}g?awk{OPTIONS_OR_QUOTED}\s+(?:-i\s*inplace|--include(?:=|\s+)inplace)(?=\s|$)"),
            "edit",
            "Use the `edit` tool instead of awk -i inplace. It provides diff preview and fuzzy matching.",
        ),
        rule(
            // echo/printf, or cat with a here-doc (`<<`, not the here-string `<<<`), then words
            // (quoted ones whole; fd redirections like `2>&1`, `>&2` and `2>err` skipped, and so
            // are redirections to a device) up to an unquoted `>`, `>>` or `>|` into anything
            // else. Every target of a redirection is opened, so `> /dev/null > out.txt` writes.
            format!(
                r#"^\s*{DIR}(?:echo|printf|cat(?=[^\n]*(?<!<)<<(?!<)))\b(?:[^"'>\n\\]|\\.|"(?:[^"\\]|\\.)*"|'[^']*'|\d>>?&?\s*[^\s;&|<>]+|>&\d*-?|(?:>>?|>\|)\s*{DEVICE})*?(?<!\d)(?:>>?|>\|)\s*(?!{DEVICE})(?![&\s;|<>)])\S"#
            ),
            "write",
            "Use the `write` tool instead of echo/cat redirection. It handles encoding and provides confirmation.",
        ),
        rule(
            // nohup, or a command sent to the background by a trailing `&` (not `&&`, not `\&`).
            format!(r"^\s*{DIR}nohup\s+|(?<![&\\])&\s*$"),
            "hub",
            r#"Use the `hub` tool (`op:"start"`) instead of nohup or background shell syntax so the process stays observable and managed."#,
        ),
        rule(
            // Dev servers, watchers that never exit, debuggers. `vite build` and `vite optimize`
            // exit; `docker compose up -d` detaches.
            r"^\s*(?:(?:bun|npm|pnpm|yarn)\s+(?:run\s+)?(?:dev|start)(?:\s|$)|(?:vite(?!\s+(?:build|optimize)(?:\s|$))|next\s+dev|nuxt\s+dev|nodemon|lldb|gdb|tail\s+-f)(?:\s|$)|docker(?:\s+|-)compose\s+up(?!.*(?:\s-d(?:\s|$)|--detach))(?:\s|$))".to_string(),
            "hub",
            r#"Use the `hub` tool (`op:"start"`) for services, watchers, and debuggers so other omp instances can observe and control them."#,
        ),
        rule(
            // Watch modes: a package script, a test runner or tsc given `--watch`/`-w` as a word;
            // `cargo watch` and `watchexec` watch by nature.
            r"^\s*(?:(?:(?:bun|npm|pnpm|yarn)\s+(?:run\s+)?\S+|pytest|vitest|jest|tsc)(?:.|\n)*\s(?:--watch|-w)(?:\s|$)|cargo\s+watch(?:\s|$)|watchexec(?:\s|$))".to_string(),
            "hub",
            r#"Use the `hub` tool (`op:"start"`) for watch mode so its output, input, and lifecycle stay managed."#,
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
                    // Every redirection target is opened: a device first does not excuse a file.
                    "echo x > /dev/null > out.txt",
                    "printf x > /dev/stdout >> real.txt",
                    "echo x > '/dev/null' >| f",
                    "echo x > /dev/fd/3x",
                ],
                &[
                    "echo hi",
                    "echo 'a > b'",
                    "echo \"a > b\"",
                    "echo hi > /dev/null",
                    "echo hi >/dev/stderr",
                    "echo hi > /dev/tty",
                    "echo hi > \"/dev/null\"",
                    "echo hi > '/dev/stderr'",
                    "echo hi > /dev/fd/3",
                    "echo hi >> /dev/fd/12 2>/dev/null",
                    "echo hi > /dev/null > /dev/stderr",
                    "echo hi &>/dev/null",
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
            (
                "hub",
                &[
                    "nohup ./server &",
                    "nohup python app.py",
                    "sleep 100 &",
                    "npm run dev",
                    "npm start",
                    "bun dev",
                    "pnpm run start --port 3000",
                    "yarn dev",
                    "vite",
                    "vite --port 5173",
                    "next dev",
                    "nuxt dev",
                    "nodemon server.js",
                    "gdb ./a.out",
                    "lldb ./a.out",
                    "tail -f app.log",
                    "docker compose up",
                    "docker-compose up web",
                    "npm test -- --watch",
                    "bun run test -w",
                    "vitest --watch",
                    "jest --watch",
                    "tsc -w",
                    "pytest -w",
                    "cargo watch -x test",
                    "watchexec -e rs cargo test",
                ],
                &[
                    "a && b",
                    "echo a\\&",
                    "echo 'a &'",
                    "ls 2>&1",
                    "npm run build",
                    "npm install",
                    "npm run start-server-and-test",
                    "vite build",
                    "docker compose up -d",
                    "docker compose up --detach web",
                    "docker compose down",
                    "tsc --noEmit",
                    "vitest run",
                    "npm install foo-w",
                    "tail -n 5 f",
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
