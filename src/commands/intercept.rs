//! The bash interceptor: blocks a command that a dedicated tool does better (`cat file` → `read`)
//! and says which tool to use. Rules are JavaScript regular expressions matched as the TypeScript
//! agent matches them: on the whole command and on each flat segment, assignments stripped.

use std::collections::HashSet;

use super::js_regex;
use crate::syntax::segments;

/// A rule: when `pattern` (a JS regular expression with `flags`) matches, and `tool` is available,
/// the command is blocked with `message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rule {
    pub pattern: String,
    pub flags: Option<String>,
    pub tool: String,
    pub message: String,
}

/// What the interceptor decided.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Interception {
    pub blocked: bool,
    pub message: Option<String>,
    pub suggested_tool: Option<String>,
    /// The text the rule matched: the whole command or one of its segments.
    pub matched_segment: Option<String>,
}

/// Tools that change named files. A stage that reads piped stdin can still write or edit a file
/// (`… | sed -i s/a/b/ f`), so their rules are checked on every segment. Every other rule is
/// taken to be file-reading (`read`, `grep`, `glob`, or a custom reader): a piped stage reads the
/// stream, which no path-based tool can replace, so such rules skip it.
const FILE_WRITING_TOOLS: &[&str] = &[
    "edit",
    "write",
    "multiedit",
    "multi_edit",
    "apply_patch",
    "notebook_edit",
];

/// Which segments a rule is tested against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum PipedStdin {
    Exempt,
    Checked,
}

fn piped_stdin_policy(tool: &str) -> PipedStdin {
    if FILE_WRITING_TOOLS.contains(&tool) {
        PipedStdin::Checked
    } else {
        PipedStdin::Exempt
    }
}

/// Checks `command` against `rules` in order; the first rule (whose tool is available and whose
/// pattern compiles) that matches any candidate blocks the command.
///
/// Candidates: each segment and the segment without its leading `NAME=value` assignments, then the
/// whole command trimmed. Which candidates exist decides the outcome; their order only decides
/// which one `matched_segment` reports, the most specific first.
pub fn check(command: &str, rules: &[Rule], available_tools: &[String]) -> Interception {
    let candidates = candidates(command);
    for rule in rules {
        if !available_tools.contains(&rule.tool) {
            continue;
        }
        let Ok(regex) =
            js_regex::compile_cached(&rule.pattern, rule.flags.as_deref().unwrap_or(""))
        else {
            continue;
        };
        let policy = piped_stdin_policy(&rule.tool);
        let tested = candidates
            .iter()
            .filter(|c| policy == PipedStdin::Checked || !c.piped_stdin);
        if let Some(matched) = tested.map(|c| c.text).find(|text| regex.test(text)) {
            return Interception {
                blocked: true,
                message: Some(format!(
                    "Blocked: {}\n\nOriginal command: {command}",
                    rule.message
                )),
                suggested_tool: Some(rule.tool.clone()),
                matched_segment: Some(matched.to_string()),
            };
        }
    }
    Interception::default()
}

/// A string the rules are tested on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Candidate<'a> {
    text: &'a str,
    piped_stdin: bool,
}

/// Every segment, every segment without its assignments, then the whole command; each once.
fn candidates(command: &str) -> Vec<Candidate<'_>> {
    let mut seen = HashSet::new();
    let segments = segments::split(command);
    let per_segment = segments.iter().flat_map(|s| {
        let piped_stdin = s.piped_stdin();
        std::iter::once(s.text)
            .chain(segments::strip_leading_assignments(s.text))
            .map(move |text| Candidate { text, piped_stdin })
    });
    let whole = Candidate {
        text: segments::js_trim(command),
        piped_stdin: false,
    };
    per_segment
        .chain(std::iter::once(whole))
        .filter(|c| seen.insert(*c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn rule(pattern: &str, flags: Option<&str>, tool: &str) -> Rule {
        Rule {
            pattern: pattern.into(),
            flags: flags.map(Into::into),
            tool: tool.into(),
            message: format!("use {tool}"),
        }
    }

    fn tools(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn blocks_on_the_first_matching_rule() {
        let rules = [
            rule(r"^\s*cat\s+", None, "read"),
            rule(r"^\s*grep\s", None, "grep"),
        ];
        let result = check("cat a.txt", &rules, &tools(&["read", "grep"]));
        assert_eq!(
            result,
            Interception {
                blocked: true,
                message: Some("Blocked: use read\n\nOriginal command: cat a.txt".into()),
                suggested_tool: Some("read".into()),
                matched_segment: Some("cat a.txt".into()),
            }
        );
    }

    #[test]
    fn decides_per_segment() {
        let rules = [
            rule(r"^\s*cat\s+", None, "read"),
            rule(r"^\s*grep\s", None, "grep"),
            rule(r"^\s*sed\s+-i", None, "edit"),
        ];
        let all = tools(&["read", "grep", "edit"]);
        // (command, matched segment or None when allowed)
        let cases: &[(&str, Option<&str>)] = &[
            ("ls | grep x", None),
            ("cat f | grep x", Some("cat f")),
            ("ls && grep x f", Some("grep x f")),
            ("ls; FOO=1 BAR='a b' cat f", Some("cat f")),
            ("ls |& grep x", None),
            ("ls |\n  grep x", None),
            ("echo 'x; cat f'", None),
            ("echo $(cat f)", None),
            ("ls | sed -i s/a/b/ f", Some("sed -i s/a/b/ f")),
            ("FOO=1", None),
            ("cd src && echo <<EOF\nx; grep y\nEOF", None),
        ];
        for (command, expected) in cases {
            let result = check(command, &rules, &all);
            assert_eq!(result.matched_segment.as_deref(), *expected, "{command:?}");
            assert_eq!(result.blocked, expected.is_some(), "{command:?}");
        }
    }

    #[test]
    fn skips_unavailable_tools_and_bad_patterns() {
        let rules = [
            rule("(", None, "read"),
            rule("cat", Some("x"), "read"),
            rule("cat", None, "glob"),
        ];
        assert!(!check("cat f", &rules, &tools(&["read"])).blocked);
        assert!(check("cat f", &rules, &tools(&["read", "glob"])).blocked);
    }

    #[test]
    fn stateful_flags_do_not_carry_over() {
        let rules = [rule("cat", Some("gy"), "read")];
        // A shared /cat/gy would advance lastIndex after the first hit; every check starts fresh.
        for _ in 0..3 {
            assert!(check("cat f", &rules, &tools(&["read"])).blocked);
        }
        assert!(!check("x cat", &rules, &tools(&["read"])).blocked);
    }
}
