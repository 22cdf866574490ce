//! Task runners that print a banner per play and per task, padded to the terminal's width with a
//! rule of `*` (ansible-playbook, and the CI runners and wrappers that print its format): the
//! banner keeps its words without the rule, the blank lines between sections go, and the
//! recap's rows (`web1 : ok=6 changed=0 unreachable=0 …`) lose their column padding; a host's
//! bare `ok` goes where the recap counts it, and the exception note a `fatal:` line says again.
//! Every other line (each host's `changed:`/`skipping:`/`fatal:` line, a result's JSON, a
//! `--diff`'s hunks) stays as written, but the path of a new content staged in ansible's own
//! temporary directory.

use super::Context;
use crate::minimize::text::is_blank;
use crate::minimize::text::{join_lines, SplitLines};

/// Fewest banners for an output to be read as a task run: one could be any tool's heading.
const BANNERS_MIN: usize = 2;

/// Shortest rule of `*` that pads a banner: the width left after a long task name can be short.
const RULE_MIN_STARS: usize = 3;

/// A banner's words (`TASK [Render config]`) when `line` is one: words, a space, then only `*`
/// to the end (at least [`RULE_MIN_STARS`]); words that start with a letter (pylint's
/// `************* Module x` starts with its rule, doctest's rule is alone on its line).
fn banner(line: &str) -> Option<&str> {
    let line = line.trim_end();
    let words = line.trim_end_matches('*');
    let stars = line.len() - words.len();
    let words = words.strip_suffix(' ')?;
    (stars >= RULE_MIN_STARS
        && words.starts_with(|c: char| c.is_ascii_uppercase())
        && !words.ends_with('*'))
    .then_some(words)
}

/// Whether `text` is a task run: [`BANNERS_MIN`] banners among its lines.
pub(super) fn looks_like_task_run(text: &str) -> bool {
    text.split_lines()
        .filter(|l| l.ends_with("***") && banner(l).is_some())
        .take(BANNERS_MIN)
        .count()
        >= BANNERS_MIN
}

/// A recap's row: a host, ` : `, then only `name=count` columns (`ok=6    changed=0 …`).
fn recap_row(line: &str) -> Option<String> {
    let (host, counts) = line.split_once(" : ")?;
    let host = host.trim_end();
    if host.is_empty() || host.contains(' ') || host.starts_with(' ') {
        return None;
    }
    let columns: Vec<&str> = counts.split_whitespace().collect();
    let counted = |c: &&str| {
        c.split_once('=').is_some_and(|(k, n)| {
            !k.is_empty() && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
        })
    };
    (!columns.is_empty() && columns.iter().all(counted))
        .then(|| format!("{host} : {}", columns.join(" ")))
}

/// A host's bare `ok` (`ok: [web1]`): the task changed nothing
/// there and printed no result (one with a result, `ok: [web1] => {`, is not bare).
fn is_bare_ok(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("ok: [") else {
        return false;
    };
    let Some((host, after)) = rest.split_once(']') else {
        return false;
    };
    // A loop's `ok: [h] => (item=etc)` names its item, which the recap does not count.
    !host.is_empty() && !host.contains(' ') && after.trim_end().is_empty()
}

/// ansible's note before a failed task's `fatal:` line, `An exception occurred during task
/// execution. To see the full traceback, use -vvv. The error was: …`: the error it quotes.
fn exception_note(line: &str) -> Option<&str> {
    let (_, error) = line
        .strip_prefix("An exception occurred during task execution.")?
        .split_once(" The error was: ")?;
    (!is_blank(error)).then_some(error.trim())
}

/// A `--diff`'s `+++ after: PATH` header whose PATH is in ansible's own temporary directory (a
/// component `ansible-local-…` or `ansible-tmp-…`): its label alone. A template's or a copy's new
/// content is staged there and removed when the task ends; the file changed is the task's (or the
/// `--- before: PATH` line's), so the staged path tells a model nothing it could open.
fn staged_after(line: &str) -> Option<&'static str> {
    let path = line.strip_prefix("+++ after: ")?;
    path.split('/')
        .any(|c| c.starts_with("ansible-local-") || c.starts_with("ansible-tmp-"))
        .then_some("+++ after:")
}

/// The banners without their rules, the recap's rows without their padding, no blank lines.
/// When the recap counts each host's results: a host's bare `ok` goes (the recap's `ok=`
/// counts it; a task's other results, `changed`, `skipping`, `fatal`, stay), and so does the
/// note before a `fatal:` line whose message says the error the note quotes.
pub(super) fn task_run(ctx: &Context) -> Option<String> {
    let mut out: Vec<std::borrow::Cow<str>> = Vec::new();
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    let recap = lines.iter().any(|l| recap_row(l).is_some());
    for (i, &line) in lines.iter().enumerate() {
        if is_blank(line) {
            continue;
        }
        if recap && is_bare_ok(line) {
            continue;
        }
        if let Some(error) = exception_note(line) {
            let fatal = lines[i + 1..].iter().find(|l| !is_blank(l));
            if fatal.is_some_and(|f| f.starts_with("fatal: [") && f.contains(error)) {
                continue;
            }
        }
        if let Some(words) = banner(line) {
            out.push(words.into());
        } else if let Some(row) = recap_row(line) {
            out.push(row.into());
        } else if let Some(label) = staged_after(line) {
            out.push(label.into());
        } else {
            out.push(line.into());
        }
    }
    let text = join_lines(out);
    (text.len() < ctx.text.len()).then_some(text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::minimize::command::Invocation;
    use crate::minimize::settings::OutlineLevel;
    use pretty_assertions::assert_eq;

    fn run(text: &str) -> Option<String> {
        let inv = Invocation {
            program: "ansible-playbook".into(),
            args: vec!["site.yml".into()],
        };
        task_run(&Context {
            inv: &inv,
            text,
            outline: OutlineLevel::default(),
        })
    }

    #[test]
    fn banners_lose_their_rule_and_the_recap_its_padding() {
        let text = "\nPLAY [web] *********************************************\n\nTASK [Create dirs] *************************************\nok: [web1] => (item=bin)\nchanged: [web2] => (item=bin)\n\nTASK [Show] ********************************************\nok: [web1] => {\n    \"out.stdout\": \"1\"\n}\n\nPLAY RECAP *********************************************\nweb1                  : ok=2    changed=0    unreachable=0    failed=0   \nweb2                  : ok=1    changed=1    unreachable=0    failed=0   \n\n";
        assert!(looks_like_task_run(text));
        assert_eq!(
            run(text).as_deref(),
            Some("PLAY [web]\nTASK [Create dirs]\nok: [web1] => (item=bin)\nchanged: [web2] => (item=bin)\nTASK [Show]\nok: [web1] => {\n    \"out.stdout\": \"1\"\n}\nPLAY RECAP\nweb1 : ok=2 changed=0 unreachable=0 failed=0\nweb2 : ok=1 changed=1 unreachable=0 failed=0\n")
        );
    }

    #[test]
    fn bare_oks_and_a_quoted_error_go_when_the_recap_counts() {
        let text = "PLAY [app] *****\n\nTASK [Dirs] *****\nok: [h1] => (item=etc)\nchanged: [h1] => (item=log)\nok: [h2]\n\nTASK [Show] *****\nok: [h1] => {\n    \"msg\": \"1\"\n}\n\nTASK [Copy] *****\nAn exception occurred during task execution. To see the full traceback, use -vvv. The error was: see the remote_src option\nfatal: [h1]: FAILED! => {\"changed\": false, \"msg\": \"Could not find 'x'. If you are using a module, see the remote_src option\"}\nAn exception occurred during task execution. To see the full traceback, use -vvv. The error was: KeyError: 'x'\nfatal: [h2]: FAILED! => {\"msg\": \"failed\"}\n\nPLAY RECAP *****\nh1   : ok=2    changed=1    failed=1\nh2   : ok=1    changed=0    failed=1\n";
        assert_eq!(
            run(text).as_deref(),
            Some("PLAY [app]\nTASK [Dirs]\nok: [h1] => (item=etc)\nchanged: [h1] => (item=log)\nTASK [Show]\nok: [h1] => {\n    \"msg\": \"1\"\n}\nTASK [Copy]\nfatal: [h1]: FAILED! => {\"changed\": false, \"msg\": \"Could not find 'x'. If you are using a module, see the remote_src option\"}\nAn exception occurred during task execution. To see the full traceback, use -vvv. The error was: KeyError: 'x'\nfatal: [h2]: FAILED! => {\"msg\": \"failed\"}\nPLAY RECAP\nh1 : ok=2 changed=1 failed=1\nh2 : ok=1 changed=0 failed=1\n")
        );
        // Without a recap (a run cut short), every host's result stays.
        let cut = "PLAY [app] *****\nTASK [Dirs] *****\nok: [h1]\n";
        assert_eq!(
            run(cut).as_deref(),
            Some("PLAY [app]\nTASK [Dirs]\nok: [h1]\n")
        );
    }

    #[test]
    fn a_diff_loses_the_path_ansible_staged_its_new_content_at() {
        let text = "TASK [Template motd] *****\n--- before\n+++ after: /home/u/.ansible/tmp/ansible-local-2886a58_5/tmpa_xg7\n@@ -0,0 +1 @@\n+Welcome\n\nchanged: [h1]\n\nTASK [Copy env] *****\n--- before: /srv/app.conf\n+++ after: /root/.ansible/tmp/ansible-tmp-171-9/app.conf.j2\n@@ -1 +1 @@\n-a=1\n+a=2\nchanged: [h1]\n--- before\n+++ after: /tmp/r15/srv/app.env\n@@ -0,0 +1 @@\n+b=1\nchanged: [h1]\n";
        assert_eq!(
            run(text).as_deref(),
            // A path outside ansible's own directories may be the file changed: it stays.
            Some("TASK [Template motd]\n--- before\n+++ after:\n@@ -0,0 +1 @@\n+Welcome\nchanged: [h1]\nTASK [Copy env]\n--- before: /srv/app.conf\n+++ after:\n@@ -1 +1 @@\n-a=1\n+a=2\nchanged: [h1]\n--- before\n+++ after: /tmp/r15/srv/app.env\n@@ -0,0 +1 @@\n+b=1\nchanged: [h1]\n")
        );
    }

    #[test]
    fn other_star_rules_are_no_banners() {
        for (text, is) in [
            (
                "************* Module a\na.py:1:0: C0114: doc\n************* Module b\n",
                false,
            ),
            (
                "**********************\nFile \"x\", line 3\n**********************\n",
                false,
            ),
            ("one banner only ****************\nok\n", false),
            ("RUNNING HANDLER [restart] ******\nTASK [x] ******\n", true),
        ] {
            assert_eq!(looks_like_task_run(text), is, "{text}");
        }
    }

    #[test]
    fn a_row_with_other_columns_is_no_recap() {
        assert_eq!(
            recap_row("web1   : ok=2  changed=1"),
            Some("web1 : ok=2 changed=1".into())
        );
        assert_eq!(recap_row("Note : see the docs"), None);
        assert_eq!(recap_row("a b : ok=1"), None);
    }
}
