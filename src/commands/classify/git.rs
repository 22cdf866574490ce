//! git and gh: which of their commands only read.

use super::args::*;
use super::programs::{Nested, Verdict};
use super::words::Word;
use super::Level;

// ---------------------------------------------------------------------------------------------
// git and gh

pub fn git(args: &[Word]) -> Verdict {
    let mut i = 0;
    let mut v = Verdict::default();
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some(
                "-C" | "--git-dir" | "--work-tree" | "--namespace" | "--exec-path"
                | "--super-prefix" | "--config-env",
            ) => i += 2,
            Some("-c") => {
                if let Some(reason) = args.get(i + 1).and_then(git_config_runs_program) {
                    v.push(Level::Unknown, reason);
                }
                i += 2;
            }
            Some(o) if o.starts_with('-') => i += 1,
            None => {
                return Verdict::unknown(format!(
                    "git's command is only known at run time: {}",
                    a.text
                ))
            }
            Some(_) => break,
        }
    }
    if args[..i].iter().any(|a| {
        a.value
            .as_deref()
            .is_some_and(|o| o.starts_with("--exec-path="))
    }) {
        v.push(
            Level::Unknown,
            "git --exec-path= changes which programs git runs",
        );
    }
    let Some(sub) = args.get(i).and_then(|a| a.value.as_deref()) else {
        return v;
    };
    let rest = &args[i + 1..];
    let runs_program = rest.iter().filter_map(|a| a.value.as_deref()).any(|o| {
        [
            "--upload-pack",
            "--receive-pack",
            "--exec",
            "--open-files-in-pager",
            "--extcmd",
            "--tool",
        ]
        .iter()
        .any(|f| o == *f || o.strip_prefix(f).is_some_and(|r| r.starts_with('=')))
            || (sub == "grep" && o.starts_with("-O"))
    });
    if runs_program {
        v.push(
            Level::Unknown,
            format!("git {sub} is told to run another program"),
        );
    }
    let has = |flags: &[&str]| {
        rest.iter().any(|a| {
            flags.iter().any(|f| {
                a.is(f)
                    || (f.starts_with("--")
                        && a.value
                            .as_deref()
                            .is_some_and(|x| x.starts_with(&format!("{f}="))))
            })
        })
    };
    let short = |c: char| has_short(rest, c);
    let first = operands(rest, &[]).first().and_then(|w| w.value.clone());
    let ops = operands(rest, &[]);
    #[rustfmt::skip]
    const READS: &[&str] = &[
        "status", "log", "diff", "show", "blame", "annotate", "rev-parse", "ls-files", "ls-tree", "ls-remote",
        "cat-file", "describe", "shortlog", "grep", "whatchanged", "for-each-ref", "name-rev", "merge-base",
        "rev-list", "count-objects", "check-ignore", "check-attr", "show-ref", "show-branch", "var", "diff-tree",
        "diff-files", "diff-index", "help", "version", "fsck", "verify-commit", "verify-tag", "cherry", "range-diff",
    ];
    let write = |what: &str| Verdict::write(format!("git {sub} {what}"));
    let verdict = match sub {
        "status" | "log" | "diff" | "show" | "whatchanged" | "shortlog" if has(&["--output"]) => {
            Verdict::write(format!("git {sub} --output writes to a file"))
        }
        "fsck" if has(&["--lost-found"]) => write("writes dangling objects into .git/lost-found"),
        s if READS.contains(&s) => Verdict::read_only(),
        "branch" => {
            let changes = has(&[
                "-d",
                "-D",
                "--delete",
                "-m",
                "-M",
                "--move",
                "-c",
                "-C",
                "--copy",
                "-u",
                "--set-upstream-to",
                "--unset-upstream",
                "--edit-description",
                "-f",
                "--force",
            ]) || rest.iter().any(|a| {
                a.value.as_deref().is_some_and(|x| {
                    x.starts_with('-')
                        && !x.starts_with("--")
                        && x.len() > 2
                        && x.chars().skip(1).any(|c| "dDmMcCfu".contains(c))
                })
            });
            let value_options = [
                "--contains",
                "--no-contains",
                "--merged",
                "--no-merged",
                "--points-at",
                "--sort",
                "--format",
                "--color",
                "--column",
                "--abbrev",
            ];
            let creates = !operands(rest, &value_options).is_empty()
                && !has(&["-l", "--list", "-a", "--all", "-r", "--remotes"]);
            if changes || creates {
                write("changes branches")
            } else {
                Verdict::read_only()
            }
        }
        "tag" => {
            let lists = has(&["-l", "--list", "-v", "--verify"]) || ops.is_empty();
            if lists && !has(&["-d", "--delete", "-a", "-s", "-m", "-f", "--force"]) {
                Verdict::read_only()
            } else {
                write("changes tags")
            }
        }
        "remote" => match first.as_deref() {
            None | Some("show" | "get-url") => Verdict::read_only(),
            _ => write("changes remotes"),
        },
        "config" => {
            let reads = has(&[
                "--get",
                "--get-all",
                "--get-regexp",
                "--get-urlmatch",
                "--list",
                "-l",
                "--show-origin",
                "--show-scope",
            ]) || matches!(first.as_deref(), Some("get" | "list"))
                || (ops.len() == 1
                    && !has(&[
                        "--unset",
                        "--unset-all",
                        "--add",
                        "--replace-all",
                        "--remove-section",
                        "--rename-section",
                        "-e",
                        "--edit",
                    ]));
            if reads {
                Verdict::read_only()
            } else {
                write("changes configuration")
            }
        }
        "stash" => match first.as_deref() {
            Some("list" | "show") => Verdict::read_only(),
            _ => write("changes the stash and the working tree"),
        },
        "reflog" => match first.as_deref() {
            None | Some("show") => Verdict::read_only(),
            _ => write("changes the reflog"),
        },
        "worktree" => match first.as_deref() {
            Some("list") => Verdict::read_only(),
            _ => write("changes worktrees"),
        },
        "notes" => match first.as_deref() {
            None | Some("list" | "show") => Verdict::read_only(),
            _ => write("changes notes"),
        },
        "submodule" => match first.as_deref() {
            None | Some("status" | "summary") => Verdict::read_only(),
            Some("foreach") => {
                let mut v = write("runs a command in every submodule");
                let code: Vec<Word> = rest
                    .iter()
                    .skip_while(|a| !a.is("foreach"))
                    .skip(1)
                    .filter(|a| !a.may_be_option())
                    .cloned()
                    .collect();
                v.nested.push(Nested::Script(joined(&code)));
                v
            }
            _ => write("changes submodules"),
        },
        "bisect" => match first.as_deref() {
            Some("log" | "visualize" | "view") => Verdict::read_only(),
            _ => write("moves HEAD"),
        },
        "lfs" => match first.as_deref() {
            Some("ls-files" | "status" | "env" | "version" | "logs") => Verdict::read_only(),
            _ => write("changes large files"),
        },
        "push" => {
            let forced = has(&[
                "-f",
                "--force",
                "--force-with-lease",
                "--force-if-includes",
                "--mirror",
            ]) || short('f')
                || ops
                    .iter()
                    .any(|o| o.value.as_deref().is_some_and(|x| x.starts_with('+')));
            if forced {
                Verdict::dangerous("git push --force overwrites the remote's history")
            } else {
                write("publishes commits to a remote")
            }
        }
        "reset" if has(&["--hard"]) => {
            Verdict::dangerous("git reset --hard discards uncommitted changes")
        }
        "clean" => {
            if has(&["-n", "--dry-run"]) || short('n') {
                Verdict::read_only()
            } else if has(&["-f", "--force"]) || short('f') {
                Verdict::dangerous("git clean -f deletes untracked files for good")
            } else {
                write("deletes untracked files")
            }
        }
        "checkout" | "restore" => {
            let everything = ops.iter().any(|o| o.is(".") || o.is(":/") || o.is("*"));
            let staged_only =
                sub == "restore" && has(&["--staged", "-S"]) && !has(&["--worktree", "-W"]);
            if (everything || (sub == "checkout" && has(&["-f", "--force"]))) && !staged_only {
                Verdict::dangerous(format!("git {sub} discards uncommitted changes"))
            } else {
                write("changes the working tree")
            }
        }
        "add" | "am" | "apply" | "archive" | "commit" | "cherry-pick" | "clone" | "fetch"
        | "filter-branch" | "gc" | "init" | "merge" | "mv" | "prune" | "pull" | "rebase"
        | "repack" | "replace" | "reset" | "revert" | "rm" | "sparse-checkout" | "switch"
        | "update-index" | "update-ref" | "maintenance" | "format-patch" | "bundle"
        | "read-tree" | "write-tree" | "commit-tree" | "hash-object" | "mktag" | "mktree"
        | "pack-refs" | "symbolic-ref" | "citool" | "gui" | "request-pull" => {
            write("changes the repository")
        }
        _ => Verdict::unknown(format!(
            "unknown git command: {sub} (it may be an alias, which can run anything)"
        )),
    };
    v.findings.extend(verdict.findings);
    v.nested.extend(verdict.nested);
    v
}

/// When `git -c key=value` makes git run another program.
pub fn git_config_runs_program(setting: &Word) -> Option<String> {
    let Some(value) = setting.value.as_deref() else {
        return Some("git -c sets a configuration only known at run time".to_string());
    };
    let (key, val) = value.split_once('=').unwrap_or((value, ""));
    let key = key.to_ascii_lowercase();
    let runs = val.starts_with('!')
        || key.starts_with("alias.")
        || key.starts_with("pager.")
        || key.starts_with("filter.")
        || key.ends_with(".command")
        || key.ends_with(".textconv")
        || key.ends_with(".cmd")
        || key.ends_with(".helper")
        || key.ends_with(".program")
        || [
            "core.pager",
            "core.editor",
            "core.sshcommand",
            "core.fsmonitor",
            "core.hookspath",
            "core.gitproxy",
            "core.askpass",
            "diff.external",
            "sequence.editor",
            "uploadpack.packobjectshook",
        ]
        .contains(&key.as_str());
    runs.then(|| format!("git -c {key} can make git run another program"))
}

pub fn gh(args: &[Word]) -> Verdict {
    let ops = operands(
        args,
        &[
            "-R",
            "--repo",
            "-X",
            "--method",
            "-f",
            "-F",
            "--field",
            "--raw-field",
            "-H",
            "--header",
            "--jq",
            "-q",
            "--template",
            "-t",
        ],
    );
    let sub = ops.first().and_then(|w| w.value.as_deref());
    let action = ops.get(1).and_then(|w| w.value.as_deref());
    let reads = match (sub, action) {
        (Some("api"), _) => {
            let method = args
                .iter()
                .position(|a| a.is("-X") || a.is("--method"))
                .and_then(|i| args.get(i + 1)?.value.as_deref());
            matches!(method, None | Some("GET" | "get"))
                && !["-f", "-F", "--field", "--raw-field", "--input"]
                    .iter()
                    .any(|f| args.iter().any(|a| a.is(f)))
        }
        (Some("status" | "version" | "help"), _) | (None, _) => true,
        (Some("auth"), Some("status")) => true,
        (Some(_), Some("view" | "list" | "ls" | "status" | "diff" | "checks")) => true,
        _ => false,
    };
    if reads {
        Verdict::read_only()
    } else {
        Verdict::write(format!("gh {} changes things on GitHub", sub.unwrap_or("")))
    }
}
