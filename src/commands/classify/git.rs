//! git and gh: which of their commands only read. git's own options, each read command's
//! options and the mode its arguments select (`git branch` lists, `git branch x` creates) are
//! read with grammars; a `-c` setting must be one known to only change output.

use super::args::*;
use super::grammar::{self, Parsed, Spec};
use super::specs;
use super::verdict::Level::{self, Unknown, Write};
use super::verdict::{Nested, Verdict};
use super::words::Word;

/// A grammar of git's with the defaults (see `specs::spec`).
const fn spec(short: &'static str, long: &'static str) -> Spec {
    specs::spec(&["git"], short, long)
}

/// git's own options, before the command.
const GLOBAL: Spec = Spec {
    posix_order: true,
    single_dash: false,
    output: super::grammar::Output::NONE,
    effects: &[(
        "--config-env|--super-prefix",
        Unknown,
        "git takes configuration from the environment",
    )],
    ..spec(
        "C:c:pPhv",
        "git-dir= work-tree= namespace= bare no-pager paginate no-replace-objects literal-pathspecs glob-pathspecs noglob-pathspecs icase-pathspecs no-optional-locks no-advice no-lazy-fetch attr-source= exec-path? html-path man-path info-path version help list-cmds= config-env= super-prefix=",
    )
};

/// Options of `log`, `show`, `diff` and the other commands built on git's revision walk and diff
/// machinery.
const LOG: Spec = Spec {
    numbers: true,
    effects: &[
        ("--output", Write, "writes its output to a file"),
        ("--ext-diff", Unknown, "runs the external diff program the configuration names"),
    ],
    ..spec(
        "pusG:S:L:n:O:I:l::M::C::B::U::DRawbizWEFPgmctrqvN",
        "oneline graph stat? numstat shortstat name-only name-status patch no-patch raw patch-with-stat patch-with-raw summary compact-summary decorate? no-decorate decorate-refs= decorate-refs-exclude= clear-decorations source all branches? tags? remotes? glob? exclude? reverse first-parent exclude-first-parent-only merges no-merges follow no-follow author= committer= grep= grep-reflog= invert-grep all-match regexp-ignore-case basic-regexp extended-regexp fixed-strings perl-regexp since= after= until= before= since-as-filter? max-count= skip= max-age? min-age? date? pretty? format? abbrev-commit no-abbrev-commit abbrev? no-abbrev relative-date full-history simplify-by-decoration simplify-merges show-pulls dense sparse ancestry-path? topo-order date-order author-date-order show-signature no-show-signature color? no-color word-diff? word-diff-regex= color-words? color-moved? no-color-moved color-moved-ws= no-color-moved-ws ignore-space-change ignore-all-space ignore-blank-lines ignore-cr-at-eol ignore-space-at-eol ignore-matching-lines= minimal patience histogram anchored= diff-algorithm= indent-heuristic no-indent-heuristic unified? inter-hunk-context= function-context find-renames? find-copies? find-copies-harder no-renames rename-empty no-rename-empty irreversible-delete break-rewrites? diff-filter= find-object= pickaxe-all pickaxe-regex relative? no-relative text textconv no-textconv ext-diff no-ext-diff cached staged merge-base check exit-code quiet no-index submodule? ignore-submodules? src-prefix= dst-prefix= no-prefix default-prefix line-prefix= full-index binary stat-width= stat-name-width= stat-graph-width= stat-count= no-stat dirstat? dirstat-by-file? cumulative left-right left-only right-only cherry-pick cherry-mark cherry boundary walk-reflogs log-size notes? no-notes show-notes? show-notes-by-default expand-tabs? no-expand-tabs show-linear-break? encoding? mailmap no-mailmap use-mailmap no-use-mailmap remerge-diff? diff-merges= no-diff-merges combined-all-paths cc dd not stdin ignore-missing bisect reflog single-worktree alternate-refs no-walk? do-walk in-commit-order count parents children objects objects-edge no-object-names max-parents? min-parents? no-max-parents no-min-parents ita-invisible-in-index ita-visible-in-index rotate-to= skip-to= ws-error-highlight= output= output-indicator-new= output-indicator-old= output-indicator-context= root no-commit-id pretty-print creation-factor= no-dual-color dual-color include-untracked only-untracked timestamp",
    )
};

const SHORTLOG: Spec = Spec {
    numbers: true,
    ..spec(
        "nsecw::",
        "numbered summary email committer group= format? all branches? tags? remotes? since= after= until= before= max-count= no-merges merges first-parent reverse author= grep= date? mailmap no-mailmap",
    )
};

const STATUS: Spec = spec(
    "sbvzu::M::",
    "short branch show-stash porcelain? long verbose untracked-files? ignore-submodules? ignored? null column? no-column ahead-behind no-ahead-behind renames no-renames find-renames?",
);

const BRANCH: Spec = Spec {
    effects: &[(
        "-d|-D|--delete|-m|-M|--move|-c|-C|--copy|-u|--set-upstream-to|--unset-upstream|--edit-description|-f|--force|-t|--track|--no-track|--create-reflog|--recurse-submodules",
        Write,
        "changes branches",
    )],
    ..spec(
        "adDmMcCfilqrtu:v",
        "all remotes list verbose quiet show-current ignore-case omit-empty abbrev? no-abbrev column? no-column color? no-color sort= contains? no-contains? merged? no-merged? points-at= format= set-upstream-to= unset-upstream edit-description force delete move copy track? no-track create-reflog recurse-submodules",
    )
};

const TAG: Spec = Spec {
    effects: &[(
        "-a|--annotate|-s|--sign|-f|--force|-d|--delete|-e|--edit|-m|--message|-F|--file|-u|--local-user|--create-reflog|--trailer",
        Write,
        "changes tags",
    )],
    ..spec(
        "ln::vasfdeim:F:u:",
        "list delete verify annotate sign no-sign force edit no-edit message= file= local-user= cleanup= create-reflog trailer= sort= contains? no-contains? merged? no-merged? points-at? format= color? column? no-column ignore-case omit-empty",
    )
};

const CONFIG: Spec = Spec {
    effects: &[(
        "--add|--replace-all|--unset|--unset-all|--rename-section|--remove-section|-e|--edit",
        Write,
        "changes configuration",
    )],
    ..spec(
        "lf:ze",
        "global system local worktree file= blob= get get-all get-regexp get-urlmatch get-color get-colorbool list show-origin show-scope name-only null type= no-type bool int bool-or-int path expiry-date includes no-includes default= fixed-value all value= regexp url= add replace-all unset unset-all rename-section remove-section edit",
    )
};

const GREP: Spec = Spec {
    numbers: true,
    effects: &[(
        "-O|--open-files-in-pager",
        Unknown,
        "runs a pager named on its command line",
    )],
    ..spec(
        "aiIrwvhHEGPFnlLzocpC:A:B:Wm:f:e:qO::",
        "cached no-index untracked no-exclude-standard exclude-standard recurse-submodules text textconv no-textconv ignore-case max-depth= recursive no-recursive word-regexp invert-match full-name extended-regexp basic-regexp perl-regexp fixed-strings line-number column files-with-matches name-only files-without-match null only-matching count color? no-color break heading show-function context= after-context= before-context= function-context max-count= threads= and or not all-match quiet open-files-in-pager?",
    )
};

const BLAME: Spec = spec(
    "bfnpctlsewL:S:M::C::",
    "root show-stats score-debug textconv no-textconv show-name show-number porcelain line-porcelain incremental show-email ignore-rev= ignore-revs-file= color-lines color-by-age progress no-progress reverse= first-parent encoding= contents= date= abbrev? minimal",
);

/// Options (`-x|--name`) that make a command do more than read, with the level and what they do.
type Effects = &'static [(&'static str, Level, &'static str)];

/// Read commands that have no option that writes or runs anything, with the options that do.
#[rustfmt::skip]
const READS_ANY: &[(&str, Effects)] = &[
    ("rev-parse", &[]), ("ls-files", &[]), ("ls-tree", &[]), ("cat-file", &[]), ("describe", &[]),
    ("for-each-ref", &[]), ("name-rev", &[]), ("merge-base", &[]), ("count-objects", &[]), ("check-ignore", &[]),
    ("check-attr", &[]), ("show-ref", &[]), ("show-branch", &[]), ("var", &[]), ("verify-commit", &[]),
    ("verify-tag", &[]), ("cherry", &[]), ("version", &[]), ("check-ref-format", &[]), ("get-tar-commit-id", &[]),
    ("fsck", &[("--lost-found", Write, "writes dangling objects into .git/lost-found")]),
    ("help", &[("--web|-w|--info|-i|--man|-m", Unknown, "opens a viewer or a browser")]),
];

/// Commands that reach another machine.
const NETWORK: &[&str] = &[
    "ls-remote",
    "fetch",
    "pull",
    "clone",
    "archive",
    "send-email",
    "svn",
    "p4",
];

pub fn git(args: &[Word]) -> Verdict {
    let parsed = match grammar::parse(&GLOBAL, args) {
        Ok(parsed) => parsed,
        Err(problem) => return Verdict::unknown(problem.describe("git")),
    };
    let mut v = Verdict::default();
    if let Some(word) = parsed.runtime.first() {
        v.push(
            Unknown,
            format!("git's command is only known at run time: {}", word.text),
        );
    }
    for (level, reason) in grammar::effects(&GLOBAL, &parsed) {
        v.push(level, reason);
    }
    if parsed
        .get("--exec-path")
        .is_some_and(|o| o.value().is_some())
    {
        v.push(Unknown, "git --exec-path= changes which programs git runs");
    }
    for setting in parsed.all("-c").filter_map(|o| o.value()) {
        if let Some(reason) = git_config_risk(setting) {
            v.push(Unknown, reason);
        }
    }
    let Some((sub_word, rest)) = parsed.operands.split_first() else {
        return v;
    };
    let Some(sub) = sub_word.value.as_deref() else {
        v.push(
            Unknown,
            format!("git's command is only known at run time: {}", sub_word.text),
        );
        return v;
    };
    let verdict = command(sub, rest);
    v.findings.extend(verdict.findings);
    v.nested.extend(verdict.nested);
    v
}

/// The verdict on `git <sub> <rest>`.
fn command(sub: &str, rest: &[Word]) -> Verdict {
    let write = |what: &str| Verdict::write(format!("git {sub} {what}"));
    // `git <command> -h` prints the command's usage and exits.
    if matches!(rest, [only] if only.is("-h")) && is_command(sub) {
        return Verdict::read_only();
    }
    if let Some((_, effects)) = READS_ANY.iter().find(|(name, _)| *name == sub) {
        let mut v = Verdict::read_only();
        for (spellings, level, what) in *effects {
            if spellings.split('|').any(|s| given(rest, s)) {
                v.push(*level, format!("git {sub} {what}"));
            }
        }
        return v;
    }
    if sub == "hook" && rest.first().is_some_and(|a| a.is("run")) {
        return hook_run(&rest[1..]);
    }
    if super::modes::git(sub, rest) {
        return Verdict::read_only();
    }
    let runs = ["--upload-pack", "--receive-pack", "--exec"];
    let transport = NETWORK.contains(&sub) || matches!(sub, "push" | "submodule" | "remote");
    if transport && runs.iter().any(|r| given(rest, r)) {
        return Verdict::unknown(format!("git {sub} is told to run another program"));
    }
    if sub == "archive" {
        return archive(rest);
    }
    // `git gc --auto` below its thresholds returns before it locks or writes anything; the
    // context counts (`context::git::gc_auto_below`).
    if sub == "gc"
        && rest.iter().any(|a| a.is("--auto"))
        && rest
            .iter()
            .all(|a| a.is("--auto") || a.is("--quiet") || a.is("-q"))
    {
        let mut v = Verdict::read_only();
        v.push_unless(
            Write,
            "git gc --auto packs the repository when it holds many loose objects or packs",
            super::verdict::Settle::GcAuto,
        );
        return v;
    }
    // `git ls-remote NAME`: a remote whose URL is a path is listed by git's local transport;
    // the context reads the URL (`context::git::remote_is_local`).
    if sub == "ls-remote" {
        let values: Option<Vec<&str>> = super::args::values(rest);
        let named = values
            .as_deref()
            .and_then(super::modes::ls_remote_repository)
            .flatten()
            .is_some_and(|r| !r.contains(['/', ':']) || matches!(r, "." | ".."));
        if named {
            let mut v = Verdict::read_only();
            v.push_unless(
                Write,
                "git ls-remote reaches another machine over the network (unless the remote's URL is a path on this one)",
                super::verdict::Settle::LocalRemote,
            );
            return v;
        }
    }
    if NETWORK.contains(&sub) {
        return write("reaches another machine over the network");
    }
    let first = rest
        .iter()
        .find(|a| !a.may_be_option())
        .and_then(|a| a.value.as_deref());
    match sub {
        "log" | "show" | "diff" | "whatchanged" | "rev-list" | "diff-tree" | "diff-files"
        | "diff-index" | "range-diff" => by(sub, &LOG, rest, |_, _| {}),
        "shortlog" => by(sub, &SHORTLOG, rest, |_, _| {}),
        "status" => by(sub, &STATUS, rest, |_, _| {}),
        "grep" => by(sub, &GREP, rest, |_, _| {}),
        "blame" | "annotate" => by(sub, &BLAME, rest, |_, _| {}),
        "branch" => by(sub, &BRANCH, rest, |p, v| {
            let lists = p.has("-l|--list|-a|--all|-r|--remotes|--contains|--no-contains|--merged|--no-merged|--points-at|--show-current");
            if !p.operands.is_empty() && !lists {
                v.push(Write, "git branch creates a branch");
            }
        }),
        "tag" => by(sub, &TAG, rest, |p, v| {
            let lists = p.has("-l|--list|-n|--contains|--no-contains|--merged|--no-merged|--points-at|-v|--verify");
            if !p.operands.is_empty() && !lists {
                v.push(Write, "git tag creates a tag");
            }
        }),
        "config" => {
            by(sub, &CONFIG, rest, |p, v| {
                let reads = p.has("--get|--get-all|--get-regexp|--get-urlmatch|--get-color|--get-colorbool|-l|--list");
                let mode = p.operands.first().and_then(|o| o.value.as_deref());
                let verdict = match mode {
                    _ if reads => None,
                    Some("get" | "list") => None,
                    Some("set" | "unset" | "rename-section" | "remove-section" | "edit") => {
                        Some("changes configuration")
                    }
                    _ if p.operands.len() >= 2 => Some("changes configuration"),
                    _ => None,
                };
                if let Some(what) = verdict {
                    v.push(Write, format!("git config {what}"));
                }
            })
        }
        // `git symbolic-ref [-q] [--short] NAME` shows what NAME points to; a second operand
        // or -d changes it.
        "symbolic-ref" => {
            let known = rest.iter().all(|a| {
                a.value.as_deref().is_some_and(|v| {
                    !v.starts_with('-')
                        || matches!(
                            v,
                            "-q" | "--quiet" | "--short" | "--no-recurse" | "--recurse"
                        )
                })
            });
            let operands = rest.iter().filter(|a| !a.may_be_option()).count();
            if known && operands <= 1 {
                Verdict::read_only()
            } else {
                write("changes the repository")
            }
        }
        // `list-heads` and `verify` read the bundle file (verify checks its prerequisite commits
        // against the repository); `create` writes a file and `unbundle` objects.
        "bundle" => match first {
            Some("list-heads" | "verify") if rest.iter().all(|a| a.value.is_some()) => {
                Verdict::read_only()
            }
            // `git bundle create - REVS`: the bundle goes to stdout and nothing is written
            // (measured: git 2.47); the file is the first word after `create` and its options.
            Some("create")
                if rest.iter().all(|a| a.value.is_some())
                    && rest
                        .iter()
                        .skip_while(|a| !a.is("create"))
                        .skip(1)
                        .find(|a| a.is("-") || !a.may_be_option())
                        .is_some_and(|a| a.is("-")) =>
            {
                Verdict::read_only()
            }
            _ => write("changes the repository or writes a bundle"),
        },
        "stash" => match first {
            Some("list" | "show") => by(sub, &LOG, &after_first(rest), |_, _| {}),
            _ => write("changes the stash and the working tree"),
        },
        "reflog" => match first {
            // `expire` and `delete` lock every ref they look at (`HEAD.lock`,
            // `refs/heads/NAME.lock`, made and removed) with -n/--dry-run too, whatever
            // GIT_OPTIONAL_LOCKS says (measured with strace, git 2.47).
            Some("expire" | "delete") if dry_run(rest) => {
                write("locks the refs it would prune (a ref.lock made and removed), -n too")
            }
            Some("expire" | "delete" | "drop" | "write") => write("changes the reflog"),
            Some("exists" | "list") => Verdict::read_only(),
            Some("show") => by(sub, &LOG, &after_first(rest), |_, _| {}),
            _ => by(sub, &LOG, rest, |_, _| {}),
        },
        "remote" => {
            let words: Vec<&str> = rest.iter().filter_map(|a| a.value.as_deref()).collect();
            let runtime = rest.iter().any(|a| a.value.is_none());
            match (first, runtime) {
                (_, true) => {
                    Verdict::unknown("git remote is given an argument only known at run time")
                }
                (None, _) if words.iter().all(|w| matches!(*w, "-v" | "--verbose")) => {
                    Verdict::read_only()
                }
                (Some("get-url"), _) => Verdict::read_only(),
                (Some("show"), _) if words.contains(&"-n") => Verdict::read_only(),
                // Naming no remote, `show` lists the configured ones as `git remote` does
                // (builtin/remote.c: `if (argc < 1) return show_all();`), asking none of them.
                (Some("show"), _)
                    if words
                        .iter()
                        .skip_while(|w| **w != "show")
                        .skip(1)
                        .all(|w| w.starts_with('-')) =>
                {
                    Verdict::read_only()
                }
                (Some("show"), _) => write("asks the remote over the network"),
                _ => write("changes remotes"),
            }
        }
        "worktree" => match first {
            Some("list")
                if rest.iter().all(|a| {
                    a.is("list")
                        || a.is("--porcelain")
                        || a.is("-v")
                        || a.is("--verbose")
                        || a.is("-z")
                }) =>
            {
                Verdict::read_only()
            }
            _ => write("changes worktrees"),
        },
        "notes" => match first {
            None | Some("list" | "show") if rest.iter().all(|a| a.value.is_some()) => {
                Verdict::read_only()
            }
            _ => write("changes notes"),
        },
        "submodule" => match first {
            None | Some("status" | "summary")
                if rest.iter().all(|a| {
                    a.value.as_deref().is_some_and(|x| {
                        !x.starts_with("--")
                            || matches!(x, "--cached" | "--recursive" | "--files" | "--quiet")
                    })
                }) =>
            {
                Verdict::read_only()
            }
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
        "bisect" => match first {
            Some("log" | "visualize" | "view") => Verdict::read_only(),
            _ => write("moves HEAD"),
        },
        // git-lfs writes `lfs.repositoryformatversion` into `.git/config` the first time a
        // repository is used (`ls-files`, `status`), and `env` makes `.git/lfs/{objects,tmp}`
        // (measured, git-lfs 3.3): only `version` prints and writes nothing.
        "lfs" => match first {
            Some("version") => Verdict::read_only(),
            _ => write("changes large files or its settings in .git, or reaches the network"),
        },
        _ => writes(sub, rest),
    }
}

/// Why `git hook run NAME` is not read-only without context: it runs the hook NAME when the
/// repository has one (`core.hooksPath`, `.git/hooks`, `hook.<x>.command`), and does nothing
/// else; the context looks for it (`context::git`) and drops this reason.
pub const HOOK_RUNS: &str =
    "git hook run runs the repository's hook of that name when there is one";

/// `git hook run [--ignore-missing] [--to-stdin=FILE] NAME [-- ARGS]` (git-hook(1)).
fn hook_run(rest: &[Word]) -> Verdict {
    match hook_name(rest) {
        Some(_) => Verdict::unknown(HOOK_RUNS),
        None => Verdict::unknown(
            "git hook run is given a hook or an option only known at run time, or one not known here",
        ),
    }
}

/// The hook `git hook run` is asked to run, from the words after `run`, when every option
/// before it is one git-hook(1) documents and the name is known.
pub fn hook_name(rest: &[Word]) -> Option<&str> {
    let mut i = 0;
    while let Some(a) = rest.get(i) {
        let v = a.value.as_deref()?;
        match v {
            "--ignore-missing" => i += 1,
            "--to-stdin" => i += 2,
            _ if v.starts_with("--to-stdin=") => i += 1,
            _ if v.starts_with('-') => return None,
            _ => return Some(v),
        }
    }
    None
}

/// `rest` without its first operand.
fn after_first(rest: &[Word]) -> Vec<Word> {
    let at = rest
        .iter()
        .position(|a| !a.may_be_option())
        .map_or(rest.len(), |i| i + 1);
    rest[..at.saturating_sub(1)]
        .iter()
        .chain(&rest[at..])
        .cloned()
        .collect()
}

/// The option `spelling` (`-x` or `--name`) is among `args`, alone, with `=value`, in a cluster,
/// or abbreviated (git's parser accepts unambiguous abbreviations).
fn given(args: &[Word], spelling: &str) -> bool {
    let end = args.iter().position(|a| a.is("--")).unwrap_or(args.len());
    let args = &args[..end];
    args.iter().filter_map(|a| a.value.as_deref()).any(|a| {
        if let Some(long) = spelling.strip_prefix("--") {
            let name = a
                .strip_prefix("--")
                .map(|n| n.split('=').next().unwrap_or(n));
            name.is_some_and(|n| n.len() >= 3 && long.starts_with(n))
        } else {
            let c = spelling.trim_start_matches('-');
            !a.starts_with("--") && a.starts_with('-') && a[1..].contains(c)
        }
    }) || args
        .iter()
        .any(|a| (a.value.is_none() && a.may_be_option()) || grammar::could_expand_to_option(a))
}

/// Parses `git <sub> <rest>` with `spec`, then lets `mode` look at what was given.
fn by(sub: &str, spec: &Spec, rest: &[Word], mode: impl Fn(&Parsed, &mut Verdict)) -> Verdict {
    let program = format!("git {sub}");
    let parsed = match grammar::parse(spec, rest) {
        Ok(parsed) => parsed,
        Err(problem) => return Verdict::unknown(problem.describe(&program)),
    };
    let mut v = Verdict::read_only();
    if let Some(word) = parsed.runtime.first() {
        v.push(
            Unknown,
            format!(
                "an argument of {program} is only known at run time and could be an option: {}",
                word.text
            ),
        );
    }
    for (level, what) in grammar::effects(spec, &parsed) {
        v.push(level, format!("{program} {what}"));
    }
    mode(&parsed, &mut v);
    v
}

/// `git archive TREE` writes the archive to its output: only `--remote` reaches another machine
/// and only `-o`/`--output` writes a file. (A format's `tar.<format>.command` runs a program:
/// the context reads the configuration.)
fn archive(rest: &[Word]) -> Verdict {
    let elsewhere = rest.iter().any(|a| match a.value.as_deref() {
        Some(v) => v.starts_with("-o") || v.starts_with("--output") || v.starts_with("--remote"),
        None => a.may_be_option(),
    });
    if elsewhere {
        Verdict::write("git archive writes a file or reaches another machine over the network")
    } else {
        Verdict::read_only()
    }
}

/// Commands that change the repository, the working tree or a remote.
fn writes(sub: &str, rest: &[Word]) -> Verdict {
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
    let ops = operands(rest, &[]);
    let write = |what: &str| Verdict::write(format!("git {sub} {what}"));
    match sub {
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
        // `prune -n`: "Do not remove anything; just report what it would remove" (git-prune(1));
        // it takes no lock. `git rm -n`, `git mv -n` (and `add -n`, `commit --dry-run`) change
        // nothing but take `.git/index.lock` and remove it again, whatever GIT_OPTIONAL_LOCKS
        // says (measured with strace, git 2.47): a write, as git status's lock is.
        "prune" if dry_run(rest) => Verdict::read_only(),
        "rm" | "mv" if dry_run(rest) => {
            write("takes the index's lock (.git/index.lock made and removed), -n too")
        }
        // `commit-graph verify`, `multi-pack-index verify`: check the file against the objects
        // and report (git-commit-graph(1), git-multi-pack-index(1)); `write` and the rest write.
        "commit-graph" | "multi-pack-index"
            if rest.first().is_some_and(|a| a.is("verify"))
                && rest[1..].iter().all(|a| {
                    a.is("--shallow")
                        || a.is("--progress")
                        || a.is("--no-progress")
                        || a.value
                            .as_deref()
                            .is_some_and(|v| v.starts_with("--object-dir="))
                }) =>
        {
            Verdict::read_only()
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
        // `git merge-tree BASE A B` (three commits) or `--trivial-merge`: the old mode, which
        // prints the merge and writes no object; two commits (or `--write-tree`) write the
        // merged trees into the object store (git-merge-tree(1); measured with strace, git
        // 2.47). A base given as `$(git merge-base A B)` is one word or none, and none leaves
        // two unrelated commits, which the new mode refuses before writing anything.
        "merge-tree" => {
            let base = |w: &Word| {
                w.value.is_some()
                    || w.text.strip_prefix("$(").is_some_and(|t| {
                        t.trim_start().starts_with("git merge-base ")
                            && t.ends_with(')')
                            && !t[..t.len() - 1]
                                .contains(['$', '`', '(', ')', ';', '|', '&', '<', '>'])
                    })
            };
            let trivial = has(&["--trivial-merge"])
                || (!has(&["--write-tree"])
                    && rest.iter().all(|a| a.value.is_some() || base(a))
                    && rest
                        .iter()
                        .all(|a| a.value.as_deref().is_none_or(|v| !v.starts_with('-')))
                    && ops.len() == 3
                    && ops[1..].iter().all(|o| o.value.is_some()));
            if trivial {
                Verdict::read_only()
            } else {
                write("writes the merged trees into the object store")
            }
        }
        "add" | "am" | "apply" | "archive" | "commit" | "cherry-pick" | "clone" | "fetch"
        | "filter-branch" | "gc" | "init" | "merge" | "mv" | "prune" | "pull" | "rebase"
        | "repack" | "replace" | "reset" | "revert" | "rm" | "sparse-checkout" | "switch"
        | "update-index" | "update-ref" | "maintenance" | "format-patch" | "read-tree"
        | "write-tree" | "commit-tree" | "hash-object" | "mktag" | "mktree" | "pack-refs"
        | "citool" | "gui" | "request-pull" => write("changes the repository"),
        _ => Verdict::unknown(format!(
            "unknown git command: {sub} (it may be an alias, which can run anything)"
        )),
    }
}

/// `-n` or `--dry-run` among the options (every argument known before the command runs).
fn dry_run(rest: &[Word]) -> bool {
    rest.iter().all(|a| a.value.is_some()) && (has_short(rest, 'n') || has_long(rest, "--dry-run"))
}

/// Settings that only change how git prints.
#[rustfmt::skip]
const HARMLESS_SETTINGS: &[&str] = &[
    "core.quotepath", "core.abbrev", "core.safecrlf", "core.autocrlf", "diff.noprefix", "diff.mnemonicprefix",
    "diff.renames", "diff.relative", "diff.context", "diff.interhunkcontext", "diff.algorithm", "diff.indentheuristic",
    "diff.statgraphwidth", "diff.submodule", "log.date", "log.decorate", "log.abbrevcommit", "log.follow",
    "log.showroot", "log.mailmap", "log.showsignature", "status.short", "status.branch", "status.showuntrackedfiles",
    "status.relativepaths", "grep.linenumber", "grep.extendedregexp", "grep.patterntype", "grep.column",
    "blame.date", "init.defaultbranch", "user.name", "user.email", "pager.branch", "pager.log",
    "pager.diff", "pager.show", "pager.status", "pager.tag", "pager.grep", "core.pager", "versionsort.suffix",
    "tag.sort", "branch.sort", "format.pretty", "pretty.oneline", "merge.conflictstyle",
];

/// Keys that make git run a program or rewrite the index, which a false value turns off.
const TURNED_OFF: &[&str] = &[
    "core.fsmonitor",
    "core.usebuiltinfsmonitor",
    "core.untrackedcache",
    "core.splitindex",
    "diff.autorefreshindex",
    "log.showsignature",
    "feature.manyfiles",
];

/// What git takes as false for a boolean (`git config --type=bool`).
const FALSE_VALUES: &[&str] = &["false", "no", "off", "0"];

/// Why `git -c key=value` is not harmless, when it is not: only settings that change what git
/// prints are allowed (pagers only as `cat`, `less` or off).
fn git_config_risk(setting: &Word) -> Option<String> {
    let Some(value) = setting.value.as_deref() else {
        return Some("git -c sets a configuration only known at run time".to_string());
    };
    let (key, val) = value.split_once('=').unwrap_or((value, "true"));
    let key = key.to_ascii_lowercase();
    // A key that names a program git runs, set to a value that turns it off, runs nothing (the
    // context reads the same `-c` as the last word on the key).
    if TURNED_OFF.contains(&key.as_str())
        && FALSE_VALUES.contains(&val.to_ascii_lowercase().as_str())
    {
        return None;
    }
    let printing = key.starts_with("color.")
        || key.starts_with("advice.")
        || key.starts_with("column.")
        || key.starts_with("i18n.")
        || HARMLESS_SETTINGS.contains(&key.as_str());
    let pager = key == "core.pager" || key.starts_with("pager.");
    let harmless_value = !pager
        || matches!(
            val,
            "" | "cat" | "less" | "false" | "true" | "off" | "on" | "0" | "1" | "no" | "yes"
        );
    if printing && harmless_value && !val.starts_with('!') {
        None
    } else {
        Some(format!("git -c {key} is a setting not known to be harmless (it can make git run another program)"))
    }
}

/// gh talks to GitHub over the network for everything but its own help and version.
pub fn gh(args: &[Word]) -> Verdict {
    let local = matches!(
        args.first().and_then(|a| a.value.as_deref()),
        Some("version" | "help" | "--version" | "--help" | "completion")
    );
    if local {
        Verdict::read_only()
    } else {
        let what = args.first().map_or("", |a| a.text.as_str());
        Verdict::write(format!("gh {what} reaches GitHub over the network"))
    }
}

/// `sub` is one of git's own commands (an alias named like one is never used).
fn is_command(sub: &str) -> bool {
    super::context::git_command(sub)
}
