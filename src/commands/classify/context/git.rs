//! git in context: the repository found as git finds it (`GIT_DIR`, `--git-dir`, `-C`, a
//! `.git` directory or gitfile up the tree, a bare repository, `GIT_CEILING_DIRECTORIES`), its
//! configuration ([`gitconfig`]), its attributes, and which of the keys that run programs the
//! subcommand consults. What each subcommand consults was measured with git 2.47 (a program per
//! key that logs which command ran it):
//!
//! - `core.fsmonitor`: every command that reads the index (status, diff but tree to tree, ls-files,
//!   grep, blame, check-ignore, check-attr, clean, describe --dirty, `:path` revisions, fsck,
//!   diff-files/-index/-tree), not log, show, branch, rev-parse.
//! - the index's lock: status takes `.git/index.lock` whenever it runs (made and removed when
//!   nothing changed; not with `GIT_OPTIONAL_LOCKS=0` or `--no-optional-locks`), describe
//!   --dirty/--broken whenever it runs (optional locks off too): a write in a repository.
//! - the `post-index-change` hook: status and describe --dirty, when they rewrite a stale index
//!   (status not with `GIT_OPTIONAL_LOCKS=0`).
//! - clean and process filters chosen by attributes: blame and diff --no-index always; status,
//!   diff, ls-files -m, add -n, describe --dirty for files whose stat data changed.
//! - textconv drivers chosen by attributes: log, show and whatchanged with a patch or pickaxe
//!   (-p, -S, -G; not --stat), show of a commit, diff, blame, range-diff, `--textconv`.
//! - `diff.external`, `GIT_EXTERNAL_DIFF` and `diff.<driver>.command`: diff (--no-index
//!   included) unless --no-ext-diff; log and show only with --ext-diff.
//! - signature verification (`gpg.program`): `log.showSignature` on log/show/whatchanged,
//!   --show-signature, `%G` formats, `%(signature)`, verify-commit, verify-tag, tag -v.
//! - the help viewer (`man.viewer`, `help.format`): help and `--help`.
//! - aliases: a command that is not git's own.
//! - `GIT_EXEC_PATH`: every command (git runs its helpers from there and puts it first on the
//!   PATH of what it starts; measured: `git submodule status` runs `$GIT_EXEC_PATH/git-submodule`).

use std::collections::HashSet;
use std::fs;
use std::path::{Path, PathBuf};

use super::files::{self, Contents};
use super::gitconfig::{self, Conditions, Config, Loader};
use super::{Alias, Here, Var};
use crate::commands::classify::verdict::{Level, Verdict};
use crate::commands::classify::words::Word;
use crate::process::os::meta::index_stat;

/// git's own commands (`git --list-cmds=main,nohelpers`, git 2.47): an alias of the same name is
/// never used.
#[rustfmt::skip]
pub const COMMANDS: &[&str] = &[
    "add", "am", "annotate", "apply", "archimport", "archive", "bisect", "blame", "branch", "bugreport", "bundle",
    "cat-file", "check-attr", "check-ignore", "check-mailmap", "check-ref-format", "checkout", "checkout-index",
    "cherry", "cherry-pick", "clean", "clone", "column", "commit", "commit-graph", "commit-tree", "config",
    "count-objects", "credential", "credential-cache", "credential-store", "cvsexportcommit", "cvsimport",
    "cvsserver", "daemon", "describe", "diagnose", "diff", "diff-files", "diff-index", "diff-tree", "difftool",
    "fast-export", "fast-import", "fetch", "fetch-pack", "filter-branch", "fmt-merge-msg", "for-each-ref",
    "for-each-repo", "format-patch", "fsck", "fsck-objects", "gc", "get-tar-commit-id", "grep", "hash-object",
    "help", "hook", "http-backend", "http-fetch", "http-push", "imap-send", "index-pack", "init", "init-db",
    "instaweb", "interpret-trailers", "log", "ls-files", "ls-remote", "ls-tree", "mailinfo", "mailsplit",
    "maintenance", "merge", "merge-base", "merge-file", "merge-index", "merge-octopus", "merge-one-file",
    "merge-ours", "merge-recursive", "merge-recursive-ours", "merge-recursive-theirs", "merge-resolve",
    "merge-subtree", "merge-tree", "mergetool", "mktag", "mktree", "multi-pack-index", "mv", "name-rev", "notes",
    "p4", "pack-objects", "pack-redundant", "pack-refs", "patch-id", "pickaxe", "prune", "prune-packed", "pull",
    "push", "quiltimport", "range-diff", "read-tree", "rebase", "receive-pack", "reflog", "refs", "remote",
    "repack", "replace", "replay", "request-pull", "rerere", "reset", "restore", "rev-list", "rev-parse",
    "revert", "rm", "send-email", "send-pack", "shell", "shortlog", "show", "show-branch", "show-index",
    "show-ref", "sparse-checkout", "stage", "stash", "status", "stripspace", "submodule", "svn", "switch",
    "symbolic-ref", "tag", "unpack-file", "unpack-objects", "update-index", "update-ref", "update-server-info",
    "upload-archive", "upload-pack", "var", "verify-commit", "verify-pack", "verify-tag", "version",
    "whatchanged", "worktree", "write-tree", "lfs",
];

/// git's options before the command, as far as finding the repository goes.
#[derive(Default)]
struct Global {
    /// `-C` directories, in order.
    chdirs: Vec<Option<String>>,
    git_dir: Option<Option<String>>,
    work_tree: Option<Option<String>>,
    no_optional_locks: bool,
    attr_source: bool,
    /// `-c key=value`.
    settings: Vec<(String, Option<String>)>,
    /// The command and its arguments.
    rest: Vec<Word>,
}

fn global(args: &[Word], home: Option<&Path>) -> Global {
    let mut g = Global::default();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        let Some(v) = a.value.as_deref() else {
            break;
        };
        let next = || args.get(i + 1).map(|n| n.value.clone());
        // A directory in a word of its own is bash's to expand first: a glob names one only
        // bash's matching knows (`None`), a tilde prefix is expanded as bash does. Written in
        // the option's word (`--git-dir=~/x`), a `~` is a directory's name.
        let place = || {
            args.get(i + 1).map(|n| {
                n.value
                    .as_deref()
                    .filter(|_| !n.glob)
                    .and_then(|v| files::expand_tilde(v, home))
                    .map(|p| p.to_string_lossy().into_owned())
            })
        };
        match v {
            "-C" => {
                g.chdirs.push(place().flatten());
                i += 2;
            }
            "-c" => {
                if let Some(Some(setting)) = next() {
                    let (k, val) = match setting.split_once('=') {
                        Some((k, val)) => (k.to_string(), Some(val.to_string())),
                        None => (setting.clone(), None),
                    };
                    if let Some(k) = gitconfig::canonical_key(&k) {
                        g.settings.push((k, val));
                    }
                }
                i += 2;
            }
            "--git-dir" | "--work-tree" | "--namespace" | "--config-env" | "--attr-source"
            | "--list-cmds" | "--super-prefix" => {
                let value = place().flatten();
                match v {
                    "--git-dir" => g.git_dir = Some(value),
                    "--work-tree" => g.work_tree = Some(value),
                    "--attr-source" => g.attr_source = true,
                    _ => {}
                }
                i += 2;
            }
            "--no-optional-locks" => {
                g.no_optional_locks = true;
                i += 1;
            }
            "--" => {
                i += 1;
                break;
            }
            o if o.starts_with("--git-dir=") => {
                g.git_dir = Some(Some(o["--git-dir=".len()..].to_string()));
                i += 1;
            }
            o if o.starts_with("--work-tree=") => {
                g.work_tree = Some(Some(o["--work-tree=".len()..].to_string()));
                i += 1;
            }
            o if o.starts_with("--attr-source=") => {
                g.attr_source = true;
                i += 1;
            }
            o if o.starts_with('-') => i += 1,
            _ => break,
        }
    }
    g.rest = args.get(i..).unwrap_or(&[]).to_vec();
    g
}

/// A repository as git found it.
#[derive(Debug, Clone)]
struct Repo {
    git_dir: PathBuf,
    common_dir: PathBuf,
    work_tree: Option<PathBuf>,
}

enum Found {
    None,
    Repo(Repo),
    /// Named by something only known at run time, or unreadable.
    Unknown(String),
}

/// The repository git uses in `dir` with `g`'s options and the environment.
fn discover(here: &Here<'_>, g: &Global, dir: &Path) -> Found {
    let env = here.env;
    let explicit = match &g.git_dir {
        Some(Some(d)) => Some(files::join(dir, d)),
        Some(None) => return Found::Unknown("--git-dir is only known at run time".into()),
        None => match env.get("GIT_DIR") {
            Var::Set(d) if !d.is_empty() => Some(files::join(dir, d)),
            Var::Runtime => return Found::Unknown("GIT_DIR is only known at run time".into()),
            _ => None,
        },
    };
    let work_tree_given = match &g.work_tree {
        Some(Some(w)) => Some(files::join(dir, w)),
        Some(None) => return Found::Unknown("--work-tree is only known at run time".into()),
        None => match env.get("GIT_WORK_TREE") {
            Var::Set(w) if !w.is_empty() => Some(files::join(dir, w)),
            Var::Runtime => {
                return Found::Unknown("GIT_WORK_TREE is only known at run time".into())
            }
            _ => None,
        },
    };
    if let Some(git_dir) = explicit {
        let git_dir = match gitfile(&git_dir) {
            Some(target) => target,
            None => git_dir,
        };
        if !is_git_dir(&git_dir) {
            return Found::None;
        }
        let common_dir = common_dir(&git_dir);
        // With GIT_DIR and no work tree named, the current directory is the top of the tree.
        return Found::Repo(Repo {
            git_dir,
            common_dir,
            work_tree: work_tree_given.or_else(|| Some(dir.to_path_buf())),
        });
    }
    let ceilings: Vec<PathBuf> = match env.get("GIT_CEILING_DIRECTORIES") {
        Var::Set(c) => c
            .split(':')
            .filter(|c| c.starts_with('/'))
            .map(PathBuf::from)
            .collect(),
        _ => Vec::new(),
    };
    // git walks up from the directory getcwd gives it: a symbolic link's target, not the link
    // (`git -C link` with link pointing into another repository reads that one's configuration).
    let dir = files::physical(dir);
    let ceilings: Vec<PathBuf> = ceilings.iter().map(|c| files::physical(c)).collect();
    for (level, candidate) in files::ancestors(&dir).enumerate() {
        if level > 0 && ceilings.iter().any(|c| c == candidate) {
            break;
        }
        let dot_git = candidate.join(".git");
        if files::is_file(&dot_git) {
            return match gitfile(&dot_git) {
                Some(git_dir) if is_git_dir(&git_dir) => Found::Repo(Repo {
                    common_dir: common_dir(&git_dir),
                    git_dir,
                    work_tree: Some(work_tree_given.unwrap_or_else(|| candidate.to_path_buf())),
                }),
                // git stops with "not a git repository" at an unusable gitfile.
                _ => Found::None,
            };
        }
        if is_git_dir(&dot_git) {
            return Found::Repo(Repo {
                common_dir: common_dir(&dot_git),
                git_dir: dot_git,
                work_tree: Some(work_tree_given.unwrap_or_else(|| candidate.to_path_buf())),
            });
        }
        if is_git_dir(candidate) && files::is_dir(&candidate.join("objects")) {
            return Found::Repo(Repo {
                git_dir: candidate.to_path_buf(),
                common_dir: common_dir(candidate),
                work_tree: work_tree_given,
            });
        }
    }
    Found::None
}

/// The directory a gitfile (`gitdir: …`) points to.
fn gitfile(path: &Path) -> Option<PathBuf> {
    if !files::is_file(path) {
        return None;
    }
    let Contents::Text(text) = files::read_text(path) else {
        return None;
    };
    let target = text.lines().next()?.strip_prefix("gitdir:")?.trim();
    Some(files::join(path.parent()?, target))
}

fn is_git_dir(dir: &Path) -> bool {
    files::exists(&dir.join("HEAD")) && files::is_dir(dir)
}

/// `commondir` of a linked worktree's git directory, else the directory itself.
fn common_dir(git_dir: &Path) -> PathBuf {
    match files::read_text(&git_dir.join("commondir")) {
        Contents::Text(t) => files::join(git_dir, t.trim()),
        _ => git_dir.to_path_buf(),
    }
}

/// The branch HEAD names.
fn branch(git_dir: &Path) -> Option<String> {
    let Contents::Text(head) = files::read_text(&git_dir.join("HEAD")) else {
        return None;
    };
    head.trim()
        .strip_prefix("ref: refs/heads/")
        .map(str::to_string)
}

/// `paths` without repeats, in their order.
fn unique(paths: Vec<PathBuf>) -> Vec<PathBuf> {
    let mut seen: Vec<PathBuf> = Vec::with_capacity(paths.len());
    for p in paths {
        if !seen.contains(&p) {
            seen.push(p);
        }
    }
    seen
}

/// The configuration git reads for `repo` (none: outside a repository), in git's order.
fn config(here: &Here<'_>, repo: Option<&Repo>, g: &Global) -> Config {
    let mut conditions = Conditions {
        home: here.env.home(),
        ..Conditions::default()
    };
    if let Some(repo) = repo {
        conditions.git_dirs.push(repo.git_dir.clone());
        if let Ok(real) = fs::canonicalize(&repo.git_dir) {
            conditions.git_dirs.push(real);
        }
        conditions.branch = branch(&repo.git_dir);
    }
    let (config, saw_remote_url_condition) = load(here, repo, g, &conditions);
    // git's two reads for `hasconfig:remote.*.url:`: the first follows every such include to
    // collect the remotes' URLs (from every file and `-c`), the second tests them. When a file
    // could not be read the URLs are not all known: the first read, which includes more, stays.
    if !saw_remote_url_condition || !config.unreadable.is_empty() {
        return config;
    }
    conditions.remote_urls = Some(
        config
            .entries
            .iter()
            .filter(|e| e.section() == "remote" && e.name() == "url" && e.subsection().is_some())
            .filter_map(|e| e.value.clone())
            .collect(),
    );
    load(here, repo, g, &conditions).0
}

/// One read of git's configuration files in git's order, with `includeIf` tested against
/// `conditions`; also whether a `hasconfig:remote.*.url:` condition was met.
fn load(
    here: &Here<'_>,
    repo: Option<&Repo>,
    g: &Global,
    conditions: &Conditions,
) -> (Config, bool) {
    let env = here.env;
    let home = conditions.home.clone();
    let mut config = Config::default();
    let mut loader = Loader::new(conditions);
    let no_system = env
        .value("GIT_CONFIG_NOSYSTEM")
        .is_some_and(|v| gitconfig::truthy(Some(v)));
    if !no_system {
        match env.get("GIT_CONFIG_SYSTEM") {
            Var::Set(p) => loader.file(&mut config, &files::join(here.dir, p)),
            Var::Runtime => config
                .unreadable
                .push("GIT_CONFIG_SYSTEM (only known at run time)".into()),
            Var::Unset => loader.file(&mut config, Path::new("/etc/gitconfig")),
        }
    }
    match env.get("GIT_CONFIG_GLOBAL") {
        Var::Set(p) => loader.file(&mut config, &files::join(here.dir, p)),
        Var::Runtime => config
            .unreadable
            .push("GIT_CONFIG_GLOBAL (only known at run time)".into()),
        Var::Unset => {
            // git reads the global files once it has moved to the top of the work tree, or
            // before, from where it started (early configuration: aliases, the pager).
            let mut xdg = env.xdg_configs(here.dir);
            if let Some(top) = repo.and_then(|r| r.work_tree.as_ref()) {
                xdg.extend(env.xdg_configs(top));
            }
            for dir in unique(xdg) {
                loader.file(&mut config, &dir.join("git/config"));
            }
            if let Some(home) = &home {
                loader.file(&mut config, &home.join(".gitconfig"));
            }
        }
    }
    if let Some(repo) = repo {
        loader.file(&mut config, &repo.common_dir.join("config"));
        if config.bool("extensions.worktreeconfig") == Some(true) {
            loader.file(&mut config, &repo.git_dir.join("config.worktree"));
        }
    }
    match env.get("GIT_CONFIG_COUNT") {
        Var::Set(count) => {
            let count: usize = count.trim().parse().unwrap_or(0);
            for n in 0..count.min(1000) {
                let key = env.get(&format!("GIT_CONFIG_KEY_{n}"));
                let value = env.get(&format!("GIT_CONFIG_VALUE_{n}"));
                match (key, value) {
                    (Var::Set(k), Var::Set(v)) => {
                        if let Some(k) = gitconfig::canonical_key(k) {
                            config.entries.push(gitconfig::Entry {
                                key: k,
                                value: Some(v.to_string()),
                                origin: format!("GIT_CONFIG_KEY_{n}"),
                            });
                        }
                    }
                    (Var::Unset, Var::Unset) => {}
                    _ => config
                        .unreadable
                        .push(format!("GIT_CONFIG_KEY_{n} (only known at run time)")),
                }
            }
        }
        Var::Runtime => config
            .unreadable
            .push("GIT_CONFIG_COUNT (only known at run time)".into()),
        Var::Unset => {}
    }
    match env.get("GIT_CONFIG_PARAMETERS") {
        Var::Set(p) => match gitconfig::parameters(p) {
            Some(pairs) => {
                config
                    .entries
                    .extend(pairs.into_iter().map(|(key, value)| gitconfig::Entry {
                        key,
                        value,
                        origin: "GIT_CONFIG_PARAMETERS".into(),
                    }))
            }
            None => config.unreadable.push("GIT_CONFIG_PARAMETERS".into()),
        },
        Var::Runtime => config
            .unreadable
            .push("GIT_CONFIG_PARAMETERS (only known at run time)".into()),
        Var::Unset => {}
    }
    for (key, value) in &g.settings {
        config.entries.push(gitconfig::Entry {
            key: key.clone(),
            value: value.clone(),
            origin: "git -c".into(),
        });
    }
    (config, loader.saw_remote_url_condition)
}

/// What a git command consults that can run a program.
#[derive(Debug, Default, Clone, Copy)]
struct Consults {
    /// Reads the index (`core.fsmonitor` runs).
    index: bool,
    /// Compares the work tree with the index: clean filters run for files whose stat data
    /// changed, and a stale index is rewritten (the `post-index-change` hook runs).
    refresh: bool,
    /// Rewrites a stale index (status, describe --dirty, diff against the work tree).
    writes_index: bool,
    /// Takes the index's lock whenever it runs, stale or not: `.git/index.lock` is created and
    /// removed even when nothing changed (status, describe --dirty/--broken; measured with strace,
    /// git 2.47). A file made and removed is a write, and one a concurrent `git commit` of the
    /// user's fails on ("Unable to create '.git/index.lock': File exists").
    locks_index: bool,
    /// ... even with optional locks off (`git diff`'s refresh takes the lock regardless).
    ignores_optional_locks: bool,
    /// ... also when an entry is only racily clean (status and describe write the index
    /// whenever one is; `git diff` writes it only for entries whose stat data changed but
    /// whose contents did not: measured, git 2.47).
    rewrites_racy: bool,
    /// Keeps the untracked cache, when configured, in the index it rewrites (status).
    untracked: bool,
    /// Runs clean filters on work-tree files whatever the index says (blame, diff --no-index).
    filters: bool,
    /// Runs smudge filters (`cat-file --filters`).
    smudge: bool,
    textconv: bool,
    ext_diff: bool,
    signatures: bool,
    help: bool,
    /// Runs the compression command of the archive format (`tar.<format>.command`).
    archive: bool,
    /// Runs the `trailer.<key>.cmd`/`.command` programs (interpret-trailers without
    /// --only-input or --parse).
    trailers: bool,
}

/// The options of `rest` before `--`, as given.
fn options(rest: &[Word]) -> Vec<&str> {
    rest.iter()
        .map_while(|a| a.value.as_deref())
        .take_while(|v| *v != "--")
        .filter(|v| v.starts_with('-') && v.len() > 1)
        .collect()
}

/// The operands of `rest` before `--` (words that are not options; a value of an option that
/// takes one separately may be among them, which only widens what is consulted).
fn operands(rest: &[Word]) -> Vec<&str> {
    rest.iter()
        .map(|a| a.value.as_deref().unwrap_or("$"))
        .take_while(|v| *v != "--")
        .filter(|v| !v.starts_with('-'))
        .collect()
}

/// `git describe --dirty` (or `--broken`) never reads the work tree when it is also given a
/// commit-ish, which it refuses before it reads the index ("option '--dirty' and commit-ishes
/// cannot be used together"), nor with `--contains`, which hands the commits to `name-rev`
/// (describe.c; measured with git 2.47: no index.lock made). Every word must be known: one
/// only known at run time may expand to nothing. The separate values of `--match`,
/// `--exclude` and `--candidates` (and of a prefix of theirs, which parse-options takes) are
/// not commit-ishes.
fn describe_leaves_the_index(rest: &[Word]) -> bool {
    const VALUED: &[&str] = &["--match", "--exclude", "--candidates"];
    let Some(values) = rest
        .iter()
        .map(|w| w.value.as_deref())
        .collect::<Option<Vec<&str>>>()
    else {
        return false;
    };
    let mut commits = false;
    let mut i = 0;
    while let Some(&v) = values.get(i) {
        i += 1;
        if v == "--" {
            commits |= i < values.len();
            break;
        } else if v == "--contains" {
            return true;
        } else if v.len() > 2 && !v.contains('=') && VALUED.iter().any(|o| o.starts_with(v)) {
            i += 1;
        } else if !v.starts_with('-') {
            commits = true;
        }
    }
    commits
}

/// `-p`, `--patch`, `-S…`: an option that makes log/show/diff compare file contents.
fn patch_option(o: &str) -> bool {
    const LONG: &[&str] = &[
        "--patch",
        "--unified",
        "--patch-with-stat",
        "--patch-with-raw",
        "--cc",
        "--dd",
        "--word-diff",
        "--word-diff-regex",
        "--color-words",
        "--function-context",
        "--pickaxe-all",
        "--pickaxe-regex",
        "--find-object",
        "--remerge-diff",
        "--textconv",
        "--binary",
        "--full-index",
        "--diff-merges",
        "--combined-all-paths",
        "--color-moved",
        "--anchored",
        "--patience",
        "--histogram",
        "--minimal",
    ];
    if let Some(long) = o.strip_prefix("--") {
        let name = long.split('=').next().unwrap_or(long);
        return LONG.contains(&format!("--{name}").as_str());
    }
    let cluster = &o[1..];
    cluster
        .chars()
        .next()
        .is_some_and(|c| matches!(c, 'S' | 'G' | 'L' | 'U' | 'W'))
        || cluster.chars().all(|c| c.is_ascii_alphanumeric())
            && cluster.chars().any(|c| matches!(c, 'p' | 'u' | 'c' | 'm'))
}

/// An option that limits a diff to names or statistics (no content compared).
fn no_content_option(o: &str) -> bool {
    let name = o.split('=').next().unwrap_or(o);
    matches!(
        name,
        "--stat"
            | "--numstat"
            | "--shortstat"
            | "--dirstat"
            | "--dirstat-by-file"
            | "--summary"
            | "--name-only"
            | "--name-status"
            | "--raw"
            | "--no-patch"
            | "-s"
            | "--quiet"
            | "--check"
            | "--compact-summary"
    )
}

/// A revision that names a file in the index (`:path`, `:0:path`, not `:/message`).
fn index_path(rev: &str) -> bool {
    rev.starts_with(':') && !rev.starts_with(":/") && !rev.starts_with(":!")
}

/// Something that looks like a revision rather than a path: diff between two of these does not
/// read the index.
fn looks_like_revision(word: &str, repo: Option<&Repo>) -> bool {
    if word.contains("..")
        || word.contains(['~', '^'])
        || word.contains("@{")
        || matches!(
            word,
            "HEAD" | "FETCH_HEAD" | "ORIG_HEAD" | "MERGE_HEAD" | "@"
        )
    {
        return true;
    }
    if word.len() >= 7 && word.chars().all(|c| c.is_ascii_hexdigit()) {
        return true;
    }
    let Some(repo) = repo else {
        return false;
    };
    ["refs/heads/", "refs/tags/", "refs/remotes/", ""]
        .iter()
        .any(|p| files::exists(&repo.common_dir.join(format!("{p}{word}"))))
        || match files::read_text(&repo.common_dir.join("packed-refs")) {
            Contents::Text(t) => t.lines().any(|l| {
                l.split_once(' ')
                    .is_some_and(|(_, r)| r.rsplit('/').next() == Some(word) || r == word)
            }),
            _ => false,
        }
}

/// A `--format`/`--pretty` value, a `pretty.<name>` alias or `format.pretty` that shows a
/// signature.
fn shows_signature(format: &str, config: &Config) -> bool {
    let format = format
        .strip_prefix("format:")
        .or_else(|| format.strip_prefix("tformat:"))
        .unwrap_or(format);
    if format.contains("%G") || format.contains("%(signature") {
        return true;
    }
    config
        .last(&format!("pretty.{format}"))
        .is_some_and(|e| e.text().contains("%G"))
}

fn consults(sub: &str, rest: &[Word], config: &Config, repo: Option<&Repo>) -> Consults {
    let opts = options(rest);
    let ops = operands(rest);
    let has = |names: &[&str]| {
        opts.iter().any(|o| {
            let name = o.split('=').next().unwrap_or(o);
            names.contains(&name)
        })
    };
    let mut c = Consults::default();
    if has(&["-h"]) && rest.len() == 1 {
        return c;
    }
    if has(&["--help"]) || sub == "help" {
        c.help = sub != "help" || !has(&["-a", "--all", "-g", "--guides", "-c", "--config"]);
        return c;
    }
    let formats: Vec<&str> = opts
        .iter()
        .filter_map(|o| {
            o.strip_prefix("--format=")
                .or_else(|| o.strip_prefix("--pretty="))
        })
        .collect();
    let format_signature = formats.iter().any(|f| shows_signature(f, config))
        || (formats.is_empty()
            && config
                .last("format.pretty")
                .is_some_and(|e| shows_signature(e.text(), config)));
    c.index = ops.iter().any(|o| index_path(o));
    match sub {
        "status" => {
            c.index = true;
            c.refresh = true;
            c.writes_index = true;
            c.locks_index = true;
            c.rewrites_racy = true;
            c.untracked = true;
        }
        "diff" => {
            if has(&["--no-index"]) {
                c.filters = true;
            } else {
                let revisions = ops.iter().filter(|o| looks_like_revision(o, repo)).count();
                let range = ops.iter().any(|o| o.contains(".."));
                let cached = has(&["--cached", "--staged"]);
                let tree_to_tree = range || revisions >= 2;
                c.index = !tree_to_tree;
                c.refresh = !cached && !tree_to_tree;
                // Files whose stat data changed but whose contents did not make `git diff`
                // refresh the index and write it (diff.autoRefreshIndex, on by default), with
                // or without GIT_OPTIONAL_LOCKS=0.
                c.writes_index = c.refresh && config.bool("diff.autorefreshindex") != Some(false);
                c.ignores_optional_locks = c.writes_index;
            }
            let content =
                !opts.iter().any(|o| no_content_option(o)) || opts.iter().any(|o| patch_option(o));
            // `--no-textconv` turns the drivers off, as for log and blame (verified: r7).
            c.textconv = content && !has(&["--no-textconv"]);
            c.ext_diff = content && !has(&["--no-ext-diff"]);
        }
        "diff-files" | "diff-index" => {
            c.index = true;
            c.refresh = sub == "diff-files" || !has(&["--cached"]);
            c.ext_diff = has(&["--ext-diff"]);
            c.textconv = has(&["--textconv"]);
        }
        "diff-tree" => {
            c.index = true;
            c.ext_diff = has(&["--ext-diff"]);
            c.textconv = has(&["--textconv"]);
        }
        "log" | "whatchanged" | "show" => {
            // `-L` (line-level log) makes its own diff of the range, without textconv or an
            // external diff, whatever -p or --ext-diff say; a pickaxe (-S, -G) beside it still
            // runs textconv (measured: git 2.47, a logging textconv and diff.external).
            let line_log = opts.iter().any(|o| o.starts_with("-L"));
            let pickaxe = opts.iter().any(|o| {
                o.starts_with("-S")
                    || o.starts_with("-G")
                    || o.starts_with("--pickaxe")
                    || o.starts_with("--find-object")
            });
            let patch = if line_log {
                pickaxe
            } else {
                opts.iter().any(|o| patch_option(o))
                    || (sub == "show" && {
                        let blobs_only = !ops.is_empty()
                            && ops.iter().all(|o| o.contains(':') && !o.starts_with(":/"));
                        let quiet = opts.iter().any(|o| no_content_option(o));
                        !blobs_only && !quiet
                    })
            };
            c.textconv = patch && !has(&["--no-textconv"]);
            c.ext_diff = has(&["--ext-diff"]) && !line_log;
            c.signatures = has(&["--show-signature"])
                || format_signature
                || (config.bool("log.showsignature") == Some(true)
                    && !has(&["--no-show-signature"]));
        }
        "blame" | "annotate" | "pickaxe" => {
            c.index = true;
            c.filters = true;
            c.textconv = !has(&["--no-textconv"]);
        }
        "grep" => {
            // The first operand is the pattern unless -e or -f gives it; a revision among the
            // rest makes grep search trees, not the index.
            let pattern_given = opts.iter().any(|o| {
                matches!(*o, "-e" | "-f") || o.starts_with("--regexp") || o.starts_with("--file")
            });
            let searched = if pattern_given {
                &ops[..]
            } else {
                ops.get(1..).unwrap_or(&[])
            };
            let trees = searched.iter().any(|o| looks_like_revision(o, repo));
            c.index = !has(&["--no-index"]) && (!trees || has(&["--cached", "--untracked"]));
            c.textconv = has(&["--textconv"]);
        }
        "cat-file" => {
            c.textconv = has(&["--textconv"]);
            c.smudge = has(&["--filters"]);
        }
        "range-diff" => c.textconv = !has(&["--no-textconv"]),
        // `git stash show -p` and `stash list -p` run neither textconv nor an external diff
        // unless asked: `--textconv` and `--ext-diff` with a patch run them (measured, git 2.47).
        "stash" => {
            let patch = opts
                .iter()
                .any(|o| patch_option(o) && !matches!(&o[..], "--textconv" | "--ext-diff"));
            c.textconv = patch && has(&["--textconv"]);
            c.ext_diff = patch && has(&["--ext-diff"]);
        }
        "ls-files" => {
            c.index = true;
            c.refresh = has(&["-m", "--modified", "-d", "--deleted", "-t"]);
        }
        "describe" => {
            let dirty = opts
                .iter()
                .any(|o| o.starts_with("--dirty") || o.starts_with("--broken"))
                && !describe_leaves_the_index(rest);
            c.index = dirty;
            c.refresh = dirty;
            c.writes_index = dirty;
            // describe takes the lock with optional locks off too (measured, git 2.47).
            c.locks_index = dirty;
            c.ignores_optional_locks = dirty;
            c.rewrites_racy = dirty;
            c.untracked = dirty;
        }
        "add" => {
            c.index = true;
            c.refresh = true;
        }
        "check-ignore" => c.index = !has(&["--no-index"]),
        "check-attr" | "clean" | "fsck" | "fsck-objects" | "submodule" | "commit" | "stage"
        | "checkout-index" | "update-index" | "rm" | "mv" | "restore" | "checkout" | "switch"
        | "reset" | "merge" | "rebase" | "cherry-pick" | "revert" | "sparse-checkout"
        | "worktree" | "read-tree" | "write-tree" => c.index = true,
        "verify-commit" | "verify-tag" => c.signatures = true,
        // `git hash-object FILE` runs the clean filter the attributes name, unless told not to.
        "hash-object" => c.filters = !has(&["--no-filters"]),
        // `export-subst` (an attribute of the archived tree) expands `$Format:…$` in a file,
        // and `%G` there verifies the commit's signature (measured, git 2.47).
        // `--list` prints the formats and returns before any tree is read (archive.c).
        "archive" if !has(&["-l", "--list"]) => {
            c.archive = true;
            c.signatures = true;
        }
        // Every configured trailer command runs, given --trailer or not (measured: git 2.47).
        "interpret-trailers" => c.trailers = !has(&["--only-input", "--parse"]),
        "tag" => {
            c.signatures = has(&["-v", "--verify"]) || format_signature;
        }
        "for-each-ref" | "branch" => c.signatures = format_signature,
        _ => {}
    }
    c
}

/// Which diff and filter drivers the attributes that apply name.
#[derive(Default)]
struct Drivers {
    diff: HashSet<String>,
    filter: HashSet<String>,
    /// Each `filter=` with the pattern that selects it and the directory the pattern is
    /// relative to (a macro's, `[attr]…`, applies wherever).
    filter_rules: Vec<(String, PathBuf, String)>,
    /// Attributes come from somewhere not read here (a tree, too many directories): any driver.
    any: Option<String>,
}

impl Drivers {
    fn selects(&self, kind: &str, name: &str) -> bool {
        self.any.is_some()
            || match kind {
                "diff" => self.diff.contains(name),
                _ => self.filter.contains(name),
            }
    }

    /// Whether the filter `name` is selected for one of `paths`.
    fn filter_selects(&self, name: &str, paths: &[PathBuf]) -> bool {
        self.any.is_some()
            || self.filter_rules.iter().any(|(pattern, base, driver)| {
                driver == name
                    && (pattern.starts_with("[attr]") || attribute_matches(pattern, base, paths))
            })
    }
}

const MAX_ATTRIBUTE_DIRS: usize = 2000; // directories searched for .gitattributes; past it, any driver may apply

/// The paths a command is limited to by a pathspec of plain names after `--` (`git diff --
/// a.txt`), as absolute paths: a diff driver chosen only by attribute lines that match none of
/// them is never used. `None` when there is no such list (no `--`, a glob, pathspec magic, a
/// name known only at run time, or pathspec variables in the environment).
fn literal_paths(here: &Here<'_>, rest: &[Word]) -> Option<Vec<PathBuf>> {
    let at = rest.iter().position(|w| w.is("--"))?;
    let names = &rest[at + 1..];
    let magic = [
        "GIT_GLOB_PATHSPECS",
        "GIT_ICASE_PATHSPECS",
        "GIT_LITERAL_PATHSPECS",
    ]
    .iter()
    .any(|n| here.env.is_set(n));
    if names.is_empty() || magic {
        return None;
    }
    names
        .iter()
        .map(|w| {
            let v = w.value.as_deref()?;
            let plain = !v.is_empty()
                && !w.glob
                && !v.starts_with(':')
                && !v.contains(['*', '?', '[', '\\'])
                && !files::is_dir(&files::join(here.dir, v));
            plain.then(|| files::normal(&files::join(here.dir, v)))
        })
        .collect()
}

/// Whether the attribute line pattern `pattern`, read from a file whose patterns are relative to
/// `base`, may match one of `paths` (gitattributes(5): a pattern without a slash matches a name
/// at any depth; with one, the path from `base`). Quoted patterns are taken to match.
fn attribute_matches(pattern: &str, base: &Path, paths: &[PathBuf]) -> bool {
    if pattern.starts_with('"') {
        return true;
    }
    paths.iter().any(|path| {
        let Ok(rel) = path.strip_prefix(base) else {
            return false;
        };
        let rel = rel.to_string_lossy();
        match pattern.strip_prefix('/').unwrap_or(pattern) {
            p if p.contains('/') || pattern.starts_with('/') => files::wildmatch(p, &rel, false),
            p => files::wildmatch(p, rel.rsplit('/').next().unwrap_or(&rel), false),
        }
    })
}

fn drivers(
    here: &Here<'_>,
    repo: Option<&Repo>,
    config: &Config,
    g: &Global,
    paths: Option<&[PathBuf]>,
) -> Drivers {
    let mut d = Drivers::default();
    let env = here.env;
    if g.attr_source || env.is_set("GIT_ATTR_SOURCE") || config.last("attr.tree").is_some() {
        d.any = Some(
            "attributes come from a tree (GIT_ATTR_SOURCE, --attr-source or attr.tree)".into(),
        );
        return d;
    }
    let mut sources: Vec<PathBuf> = Vec::new();
    if !env
        .value("GIT_ATTR_NOSYSTEM")
        .is_some_and(|v| gitconfig::truthy(Some(v)))
    {
        sources.push(PathBuf::from("/etc/gitattributes"));
    }
    match config.last("core.attributesfile") {
        // A relative path is taken from the top of the work tree, where git runs.
        Some(e) => sources.extend(
            files::expand_tilde(e.text(), env.home().as_deref()).map(|p| {
                let top = repo.and_then(|r| r.work_tree.clone());
                files::join(top.as_deref().unwrap_or(here.dir), &p.to_string_lossy())
            }),
        ),
        None => {
            let mut xdg = env.xdg_configs(here.dir);
            if let Some(top) = repo.and_then(|r| r.work_tree.as_ref()) {
                xdg.extend(env.xdg_configs(top));
            }
            sources.extend(unique(xdg).iter().map(|x| x.join("git/attributes")));
        }
    }
    if let Some(repo) = repo {
        sources.push(repo.common_dir.join("info/attributes"));
        if let Some(top) = &repo.work_tree {
            let mut queue = vec![top.clone()];
            let mut seen = 0;
            while let Some(dir) = queue.pop() {
                seen += 1;
                if seen > MAX_ATTRIBUTE_DIRS {
                    d.any = Some(format!(
                        "the work tree has more than {MAX_ATTRIBUTE_DIRS} directories to search for .gitattributes"
                    ));
                    return d;
                }
                let Ok(entries) = fs::read_dir(&dir) else {
                    continue;
                };
                for entry in entries.flatten() {
                    let name = entry.file_name();
                    let Ok(kind) = entry.file_type() else {
                        continue;
                    };
                    if kind.is_dir() && name != ".git" {
                        queue.push(entry.path());
                    } else if name == ".gitattributes" {
                        sources.push(entry.path());
                    }
                }
            }
        }
    } else if let Some(top) = files::ancestors(here.dir).next() {
        sources.push(top.join(".gitattributes"));
    }
    // Patterns of the files outside the work tree are relative to its top.
    let top = repo
        .and_then(|r| r.work_tree.clone())
        .unwrap_or_else(|| here.dir.to_path_buf());
    // A path spelled outside the top as found (a link, another work tree): not restricted.
    let paths = paths.filter(|p| p.iter().all(|x| x.starts_with(&top)));
    for source in sources {
        let base = if source.file_name().is_some_and(|n| n == ".gitattributes") {
            source.parent().map_or(top.clone(), Path::to_path_buf)
        } else {
            top.clone()
        };
        match files::read_text(&source) {
            Contents::Text(text) => {
                for line in text.lines() {
                    let line = line.trim();
                    if line.starts_with('#') {
                        continue;
                    }
                    let pattern = line.split_whitespace().next().unwrap_or("");
                    // A macro (`[attr]name diff=x`) may be set by any line: it counts wherever.
                    let applies = pattern.starts_with("[attr]")
                        || paths.is_none_or(|p| attribute_matches(pattern, &base, p));
                    for token in line.split_whitespace().skip(1) {
                        if let Some(name) = token.strip_prefix("diff=") {
                            if applies {
                                d.diff.insert(name.to_string());
                            }
                        } else if let Some(name) = token.strip_prefix("filter=") {
                            d.filter.insert(name.to_string());
                            d.filter_rules.push((
                                pattern.to_string(),
                                base.clone(),
                                name.to_string(),
                            ));
                        }
                    }
                }
            }
            Contents::Unreadable => {
                d.any = Some(format!("{} cannot be read", source.display()));
            }
            Contents::Missing => {}
        }
    }
    d
}

/// How far the index's stat data is from the work tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Staleness {
    /// Every entry's stat data matches its file.
    Fresh,
    /// Only files whose size changed differ: they are modified, and git says so from the size
    /// alone (a refresh leaves their entries as they are, so nothing is rewritten), but a diff
    /// of their contents still runs their clean filters.
    Modified,
    /// A file whose stat data changed but whose size did not (it may be unchanged: a refresh
    /// compares its contents and rewrites its entry), a racily clean entry, a missing untracked
    /// cache, or an index that cannot be read here: the index is rewritten.
    Stale,
}

/// The files whose contents git reads to compare them with the index, besides the stat data
/// (when the index is not [`Staleness::Stale`], whose files are not all known here).
#[derive(Default)]
struct ContentReads {
    /// Files whose size changed: `git diff` reads them (their clean filter runs), `git status`
    /// reports them from the size alone (measured, git 2.47: a filter logging its runs ran for a
    /// grown `a.png` under diff, not under status).
    modified: Vec<PathBuf>,
    /// Racily clean entries a command that does not rewrite the index compares by content.
    racy: Vec<PathBuf>,
}

/// The index's stat data against the work tree (an index that cannot be told about is
/// [`Staleness::Stale`]), and in `reads` the files compared by content.
fn stale(
    here: &Here<'_>,
    repo: &Repo,
    untracked_cache: bool,
    rewrites_racy: bool,
    split_index: Option<bool>,
    reads: &mut ContentReads,
) -> Staleness {
    use Staleness::{Fresh, Modified, Stale};
    let mut modified = false;
    const MAX_INDEX_BYTES: u64 = 8 * 1024 * 1024; // a few tens of thousands of entries
    const MAX_ENTRIES: usize = 20_000; // each is a stat; past this the check costs more than it saves
    let Some(top) = &repo.work_tree else {
        return Fresh;
    };
    let index = match here.env.get("GIT_INDEX_FILE") {
        Var::Set(p) => files::join(here.dir, p),
        Var::Runtime => return Stale,
        Var::Unset => repo.git_dir.join("index"),
    };
    // No index yet (a new repository): git status does not write one.
    let Ok(meta) = fs::metadata(&index) else {
        return Fresh;
    };
    if meta.len() > MAX_INDEX_BYTES {
        return Stale;
    }
    let Ok(bytes) = fs::read(&index) else {
        return Stale;
    };
    let index_time = index_stat(&meta).mtime;
    let sha_len = match files::read_text(&repo.common_dir.join("config")) {
        Contents::Text(t) if t.contains("sha256") => 32,
        _ => 20,
    };
    let be32 = |at: usize| -> Option<u32> {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    };
    if bytes.get(..4) != Some(b"DIRC") {
        return Stale;
    }
    let (Some(version), Some(count)) = (be32(4), be32(8)) else {
        return Stale;
    };
    if !(2..=4).contains(&version) || count as usize > MAX_ENTRIES {
        return Stale;
    }
    let mut at = 12;
    let mut previous = Vec::<u8>::new();
    for _ in 0..count {
        let start = at;
        let field = |k: usize| be32(start + 4 * k);
        // Fields 1 and 3 are the nanoseconds, which git (built without USE_NSEC) ignores.
        let (Some(ctime), Some(mtime)) = (field(0), field(2)) else {
            return Stale;
        };
        let (Some(ino), Some(mode), Some(uid), Some(gid), Some(size)) =
            (field(5), field(6), field(7), field(8), field(9))
        else {
            return Stale;
        };
        let flags_at = start + 40 + sha_len;
        let Some(flags) = bytes
            .get(flags_at..flags_at + 2)
            .map(|b| u16::from_be_bytes([b[0], b[1]]))
        else {
            return Stale;
        };
        let mut name_at = flags_at + 2;
        let mut skip = false;
        if flags & 0x4000 != 0 {
            let Some(extended) = bytes
                .get(name_at..name_at + 2)
                .map(|b| u16::from_be_bytes([b[0], b[1]]))
            else {
                return Stale;
            };
            // skip-worktree and intent-to-add entries are not compared with the work tree.
            skip = extended & 0x6000 != 0;
            name_at += 2;
        }
        skip |= flags & 0x8000 != 0; // assume-unchanged
        let name = if version == 4 {
            let mut strip = 0usize;
            let mut i = name_at;
            loop {
                let Some(&b) = bytes.get(i) else {
                    return Stale;
                };
                i += 1;
                strip = (strip << 7) | usize::from(b & 0x7f);
                if b & 0x80 == 0 {
                    break;
                }
                strip += 1;
            }
            let Some(end) = bytes[i.min(bytes.len())..].iter().position(|&b| b == 0) else {
                return Stale;
            };
            let keep = previous.len().saturating_sub(strip);
            let mut name = previous[..keep].to_vec();
            name.extend_from_slice(&bytes[i..i + end]);
            at = i + end + 1;
            name
        } else {
            let Some(end) = bytes
                .get(name_at..)
                .and_then(|rest| rest.iter().position(|&b| b == 0))
            else {
                return Stale;
            };
            let name = bytes[name_at..name_at + end].to_vec();
            let length = name_at + end + 1 - start;
            at = start + length.div_ceil(8) * 8;
            name
        };
        previous.clone_from(&name);
        if skip || mode & 0o170000 == 0o160000 {
            continue;
        }
        let path = top.join(String::from_utf8_lossy(&name).as_ref());
        let Ok(meta) = fs::symlink_metadata(&path) else {
            return Stale;
        };
        let file = index_stat(&meta);
        // Times are compared to the second, as git is built by default (without USE_NSEC;
        // measured, git 2.47: a `touch` that moves a file's ctime within the second the index
        // recorded leaves `git status` and `git diff` with nothing to rewrite).
        let same = file.mtime.0 as u32 == mtime
            && file.ctime.0 as u32 == ctime
            && file.ino as u32 == ino
            && file.uid == uid
            && file.gid == gid
            && file.size as u32 == size;
        // Racily clean: changed in the same second the index was written (git re-reads the file;
        // status rewrites the index for it, diff does not).
        let racy = i64::from(mtime) >= index_time.0;
        if racy && rewrites_racy {
            return Stale;
        }
        if !same {
            // A change of size is a modification git reports without reading the file (a
            // zero size may be an entry never filled in, so it is compared).
            if file.size as u32 != size && size != 0 && meta.is_file() {
                modified = true;
                reads.modified.push(path);
            } else {
                return Stale;
            }
        } else if racy {
            reads.racy.push(path);
        }
    }
    let (mut has_cache, mut linked) = (false, false);
    while let (Some(signature), Some(size)) = (bytes.get(at..at + 4), be32(at + 4)) {
        has_cache |= signature == b"UNTR";
        linked |= signature == b"link";
        at += 8 + size as usize;
    }
    // With the untracked cache on, an index that has none yet gets one (measured: the first
    // status after `core.untrackedCache=true` rewrites the index, the next does not).
    if untracked_cache && !has_cache {
        return Stale;
    }
    // Git splits or joins the index to follow `core.splitIndex` whenever it reads it, and
    // writes the result (measured: `git status -uno` after `core.splitIndex=true` writes
    // `sharedindex.*` and a new index). A split index keeps most entries in a shared file
    // this check does not read, so one is never taken as fresh.
    if linked || split_index == Some(true) {
        return Stale;
    }
    if modified {
        Modified
    } else {
        Fresh
    }
}

/// The executable hook `name` of `repo`, as git would run it.
fn hook(repo: &Repo, config: &Config, name: &str, home: Option<&Path>) -> Option<String> {
    let dir = match config.last("core.hookspath") {
        Some(e) => {
            let path = files::expand_tilde(e.text(), home).unwrap_or_default();
            if path.is_absolute() {
                path
            } else {
                repo.work_tree
                    .clone()
                    .unwrap_or_else(|| repo.git_dir.clone())
                    .join(path)
            }
        }
        None => repo.common_dir.join("hooks"),
    };
    let file = dir.join(name);
    if files::is_executable(&file) {
        return Some(file.display().to_string());
    }
    // Hooks set in the configuration (git 2.46+): hook.<name>.command with hook.<name>.event.
    config
        .by_subsection("hook", "event")
        .find(|e| e.text() == name)
        .and_then(|e| config.last(&format!("hook.{}.command", e.subsection()?)))
        .map(|e| format!("{} ({} in {})", e.text(), e.key, e.origin))
}

fn shown(e: &gitconfig::Entry) -> String {
    format!("{} = {} in {}", e.key, e.text(), e.origin)
}

/// The findings for `git args` in `here.dir`.
pub fn check(here: &Here<'_>, args: &[Word], out: &mut Verdict) {
    let g = global(args, here.env.home().as_deref());
    // git runs its commands that are not built in (submodule, mergetool, …) from its exec path,
    // and puts that directory first on the PATH of every program it starts.
    if here.env.is_set("GIT_EXEC_PATH") {
        out.push(
            Level::Unknown,
            "the environment's GIT_EXEC_PATH chooses the directory git runs its own programs from",
        );
    }
    // git's test knobs change what it runs and writes (`GIT_TEST_FSMONITOR` names the fsmonitor
    // hook, measured with git 2.47; others write split indexes or commit graphs): no user sets them.
    if let Some(knob) = here.env.names().find(|n| n.starts_with("GIT_TEST_")) {
        out.push(
            Level::Unknown,
            format!("the environment sets {knob}, one of git's test settings, which change what git runs and writes"),
        );
    }
    let mut dir = here.dir.to_path_buf();
    for chdir in &g.chdirs {
        match chdir {
            Some(c) => dir = files::join(&dir, c),
            None => {
                out.push(
                    Level::Unknown,
                    "git -C names a directory only known at run time, whose repository cannot be read",
                );
                return;
            }
        }
    }
    let Some(sub) = g.rest.first().map(|w| w.value.as_deref()) else {
        return;
    };
    let Some(sub) = sub else {
        return;
    };
    let sub = sub.to_string();
    let rest = g.rest[1..].to_vec();
    judge(here, &g, &dir, &sub, &rest, out, 0);
}

const MAX_SUBMODULES: usize = 16; // submodules looked into per repository; more are taken to apply
const MAX_SUBMODULE_DEPTH: usize = 3; // submodules of submodules of submodules

/// The findings for `git sub rest` run in `dir`; `depth` > 0 in a submodule git recursed into.
fn judge(
    here: &Here<'_>,
    g: &Global,
    dir: &Path,
    sub: &str,
    rest: &[Word],
    out: &mut Verdict,
    depth: usize,
) {
    let found = discover(here, g, dir);
    let repo = match &found {
        Found::Repo(r) => Some(r),
        Found::Unknown(why) => {
            out.push(
                Level::Unknown,
                format!("git {sub}: the repository cannot be found ({why})"),
            );
            return;
        }
        Found::None => None,
    };
    let config = config(here, repo, g);
    // core.worktree moves the work tree (unless --work-tree or GIT_WORK_TREE named one).
    let moved;
    let repo = match (repo, config.last("core.worktree")) {
        (Some(r), Some(e))
            if g.work_tree.is_none() && here.env.value("GIT_WORK_TREE").is_none() =>
        {
            moved = Repo {
                work_tree: Some(files::join(&r.git_dir, e.text())),
                ..r.clone()
            };
            Some(&moved)
        }
        _ => repo,
    };
    if depth == 0 {
        for (what, target) in trace_targets(here, repo, &config) {
            out.push(
                Level::Write,
                format!("git {sub} writes its trace to {target} ({what}), whatever the command"),
            );
        }
    }
    // rerere's listing modes make its cache directory when rerere.enabled is true and it is
    // missing (measured: git 2.47, `git rerere status`, `diff`, `remaining`); unset, rerere is
    // on only where the directory already is.
    if sub == "rerere" && config.bool("rerere.enabled") == Some(true) {
        if let Some(cache) = repo
            .map(|r| r.common_dir.join("rr-cache"))
            .filter(|c| !files::exists(c))
        {
            out.push(
                Level::Write,
                format!("git rerere creates {} (rerere.enabled)", cache.display()),
            );
        }
    }
    if sub == "hook" && rest.first().is_some_and(|a| a.is("run")) {
        let home = here.env.home();
        if let (Some(name), Some(repo)) =
            (crate::commands::classify::git::hook_name(&rest[1..]), repo)
        {
            if let Some(h) = hook(repo, &config, name, home.as_deref()) {
                out.push(Level::Unknown, format!("git hook run runs the hook {h}"));
            }
        }
    }
    // A partial clone fetches the objects it lacks from its promisor remote when a command
    // reads them (`git show`, `log -p`, `diff`, `blame`, …): the network, with `core.sshCommand`
    // or `GIT_SSH_COMMAND`, and objects written.
    if repo.is_some()
        && (config.last("extensions.partialclone").is_some()
            || config
                .entries
                .iter()
                .any(|e| e.key.starts_with("remote.") && e.key.ends_with(".promisor")))
    {
        out.push(
            Level::Write,
            format!(
                "git {sub} may fetch missing objects from the promisor remote of a partial clone"
            ),
        );
    }
    let c = consults(sub, rest, &config, repo);
    let runs = |what: &str| {
        if depth == 0 {
            format!("git {sub} runs {what}")
        } else {
            format!(
                "git {sub} recurses into the submodule at {} and runs {what}",
                dir.display()
            )
        }
    };
    let mut found: Vec<String> = Vec::new();
    let mut push = |reason: String| found.push(reason);
    if c.trailers {
        for key in ["cmd", "command"] {
            for e in config
                .by_subsection("trailer", key)
                .filter(|e| !e.text().is_empty())
            {
                push(runs(&format!("a trailer command ({})", shown(e))));
            }
        }
    }
    let any = c.archive
        || c.trailers
        || c.index
        || c.refresh
        || c.filters
        || c.smudge
        || c.textconv
        || c.ext_diff
        || c.signatures
        || c.help;
    if !any {
        return;
    }
    for file in &config.unreadable {
        push(format!(
            "git {sub} reads {file}, which is too large or unreadable to check"
        ));
    }
    if c.index {
        if let Some(e) = config
            .last("core.fsmonitor")
            .filter(|e| fsmonitor_on(e.value.as_deref()))
        {
            push(runs(&format!("the fsmonitor hook ({})", shown(e))));
        }
        if config.bool("core.usebuiltinfsmonitor") == Some(true) {
            push(runs("the fsmonitor daemon (core.useBuiltinFSMonitor)"));
        }
    }
    let untracked_cache = config.bool("core.untrackedcache") == Some(true)
        || (config.last("core.untrackedcache").is_none()
            && config.bool("feature.manyfiles") == Some(true));
    let stale_now = std::cell::OnceCell::new();
    let measured = || {
        stale_now.get_or_init(|| {
            let mut reads = ContentReads::default();
            let level = match repo {
                Some(r) => stale(
                    here,
                    r,
                    untracked_cache && c.untracked,
                    c.rewrites_racy,
                    config.bool("core.splitindex"),
                    &mut reads,
                ),
                None => Staleness::Fresh,
            };
            (level, reads)
        })
    };
    let staleness = || measured().0;
    let rewritten = || staleness() == Staleness::Stale;
    let is_stale = || staleness() != Staleness::Fresh || !measured().1.racy.is_empty();
    let locks = !(g.no_optional_locks
        || here
            .env
            .value("GIT_OPTIONAL_LOCKS")
            .is_some_and(|v| v.trim() == "0"));
    if c.writes_index && (locks || c.ignores_optional_locks) {
        if let Some(repo) = repo {
            let unless = if !c.ignores_optional_locks {
                "git --no-optional-locks or GIT_OPTIONAL_LOCKS=0 keeps it from writing"
            } else if c.locks_index {
                "GIT_OPTIONAL_LOCKS=0 does not keep it from writing"
            } else {
                "diff.autoRefreshIndex=false keeps it from writing; GIT_OPTIONAL_LOCKS=0 does not"
            };
            let index = repo.git_dir.join("index");
            if rewritten() {
                if let Some(hook) = hook(
                    repo,
                    &config,
                    "post-index-change",
                    here.env.home().as_deref(),
                ) {
                    push(runs(&format!(
                        "the post-index-change hook {hook} when it rewrites a stale index"
                    )));
                }
                out.push(
                    Level::Write,
                    format!(
                        "git {sub} rewrites the index ({}): its stat data no longer matches the work tree, or it lacks the untracked cache it is set to keep ({unless})",
                        index.display()
                    ),
                );
            } else if c.locks_index {
                out.push(
                    Level::Write,
                    format!(
                        "git {sub} takes the index's lock ({}.lock), made and removed even when nothing changed, which a concurrent git command fails on ({unless})",
                        index.display()
                    ),
                );
            }
        }
    }
    let needs_drivers = c.refresh || c.filters || c.smudge || c.textconv || c.ext_diff;
    if needs_drivers {
        let filters: Vec<&gitconfig::Entry> = ["clean", "process", "smudge"]
            .iter()
            .flat_map(|k| config.by_subsection("filter", k))
            .filter(|e| !e.text().is_empty())
            .collect();
        let textconvs: Vec<&gitconfig::Entry> = config
            .by_subsection("diff", "textconv")
            .filter(|e| !e.text().is_empty())
            .collect();
        let commands: Vec<&gitconfig::Entry> = config
            .by_subsection("diff", "command")
            .filter(|e| !e.text().is_empty())
            .collect();
        let wanted = (!filters.is_empty() && (c.refresh || c.filters || c.smudge))
            || (!textconvs.is_empty() && c.textconv)
            || (!commands.is_empty() && c.ext_diff);
        if wanted {
            let d = drivers(here, repo, &config, g, literal_paths(here, rest).as_deref());
            // `git blame FILE` runs the clean filter on that one file of the work tree: a
            // filter its attributes do not select is not run (a path outside the work tree as
            // found here, or not a plain existing file, keeps every filter).
            let top = repo.and_then(|r| r.work_tree.as_deref());
            let blamed: Option<Vec<PathBuf>> = (sub == "blame")
                .then(|| rest.last().and_then(|w| w.value.as_deref()))
                .flatten()
                .filter(|v| {
                    !v.is_empty() && !v.starts_with('-') && !v.contains(['*', '?', '[', '\\'])
                })
                .map(|v| files::normal(&files::join(dir, v)))
                .filter(|p| files::is_file(p) && top.is_some_and(|t| p.starts_with(t)))
                .map(|p| vec![p]);
            let why = |name: &str| match &d.any {
                Some(any) => format!(" ({any})"),
                None => format!(" (chosen by {name} in the attributes)"),
            };
            for e in &filters {
                let driver = e.subsection().unwrap_or("");
                if !d.selects("filter", driver) {
                    continue;
                }
                // A refresh runs the filter only on the files it compares by content, and
                // only where their attributes select it: any file of a stale index, else the
                // racily clean ones and (but for status) those whose size changed.
                let refresh = c.refresh
                    && is_stale()
                    && match measured() {
                        (Staleness::Stale, _) => true,
                        (_, reads) => {
                            let mut read: Vec<PathBuf> = reads.racy.clone();
                            if sub != "status" {
                                read.extend(reads.modified.iter().cloned());
                            }
                            !read.is_empty() && d.filter_selects(driver, &read)
                        }
                    };
                let filters =
                    c.filters && blamed.as_ref().is_none_or(|p| d.filter_selects(driver, p));
                let applies = match e.name() {
                    "smudge" => c.smudge,
                    "clean" => filters || refresh,
                    _ => c.smudge || filters || refresh,
                };
                if applies {
                    push(runs(&format!(
                        "a filter: {}{}",
                        shown(e),
                        why(&format!("filter={driver}"))
                    )));
                }
            }
            if c.textconv {
                for e in &textconvs {
                    let driver = e.subsection().unwrap_or("");
                    if d.selects("diff", driver) {
                        push(runs(&format!(
                            "a textconv program: {}{}",
                            shown(e),
                            why(&format!("diff={driver}"))
                        )));
                    }
                }
            }
            if c.ext_diff {
                for e in &commands {
                    let driver = e.subsection().unwrap_or("");
                    if d.selects("diff", driver) {
                        push(runs(&format!(
                            "an external diff driver: {}{}",
                            shown(e),
                            why(&format!("diff={driver}"))
                        )));
                    }
                }
            }
        }
    }
    if c.archive {
        // The format asked for (tar unless named), whose command alone runs; `tar` and `zip`
        // are git's own whatever the configuration says (its formats are found first).
        let format = archive_format(rest);
        for e in config.by_subsection("tar", "command") {
            let applies = match format.as_deref() {
                Some("tar" | "zip") => false,
                Some(f) => e.subsection() == Some(f),
                None => true,
            };
            if applies {
                push(runs(&format!("a compression command: {}", shown(e))));
            }
        }
        // Each file goes through the smudge filter its attributes name (measured, git 2.47):
        // the archived tree's own `.gitattributes` files, with the repository's, the user's
        // and the system's attribute files (and the work tree's with
        // `--worktree-attributes`). A tree read here to hold none (loose objects only) leaves
        // the files outside it, which select a filter by name or do not.
        let tree_free = repo.is_some_and(|r| {
            archive_tree(rest)
                .and_then(|rev| super::objects::resolve(&r.common_dir, &r.git_dir, &rev))
                .and_then(|id| super::objects::tree_has_attributes(&r.common_dir, &id))
                == Some(false)
        });
        let chosen = tree_free.then(|| drivers(here, repo, &config, g, None));
        for e in ["smudge", "process"]
            .iter()
            .flat_map(|k| config.by_subsection("filter", k))
            .filter(|e| !e.text().is_empty())
            .filter(|e| {
                chosen
                    .as_ref()
                    .is_none_or(|d| d.selects("filter", e.subsection().unwrap_or("")))
            })
        {
            push(runs(&format!(
                "a filter: {} (git archive applies the archived tree's attributes)",
                shown(e)
            )));
        }
    }
    if c.ext_diff {
        if let Some(e) = config
            .last("diff.external")
            .filter(|e| !e.text().is_empty())
        {
            push(runs(&format!("an external diff program: {}", shown(e))));
        }
        if here.env.is_set("GIT_EXTERNAL_DIFF") {
            push(runs("the external diff program GIT_EXTERNAL_DIFF names"));
        }
    }
    // git runs the signature program only for signed commits (measured): a history read here
    // to have none verifies nothing.
    let unsigned = matches!(sub, "log" | "show" | "whatchanged" | "archive")
        && repo.is_some_and(|r| unsigned_history(r, rest));
    if c.signatures && !unsigned {
        let programs: Vec<&gitconfig::Entry> = [
            "gpg.program",
            "gpg.openpgp.program",
            "gpg.x509.program",
            "gpg.ssh.program",
        ]
        .iter()
        .filter_map(|k| config.last(k))
        .collect();
        for e in &programs {
            push(runs(&format!("a signature program: {}", shown(e))));
        }
        let gnupg = match here.env.get("GNUPGHOME") {
            Var::Set(p) => Some(files::join(here.dir, p)),
            Var::Runtime => None,
            Var::Unset => here.env.home().map(|h| h.join(".gnupg")),
        };
        if programs.is_empty() && !gnupg.is_some_and(|g| files::is_dir(&g)) {
            out.push(
                Level::Write,
                format!("git {sub} verifies signatures with gpg, which creates its home directory (~/.gnupg) when missing"),
            );
        }
    }
    if c.help {
        let format = config
            .last("help.format")
            .map(|e| e.text().to_ascii_lowercase());
        if format.as_deref().is_some_and(|f| f != "man") {
            if let Some(e) = config.last("help.format") {
                push(runs(&format!("a help viewer: {}", shown(e))));
            }
        }
        let viewers = config
            .entries
            .iter()
            .filter(|e| {
                e.key == "man.viewer"
                    || (e.section() == "man" && matches!(e.name(), "cmd" | "path"))
                    || e.key == "web.browser"
                    || (e.section() == "browser" && matches!(e.name(), "cmd" | "path"))
                    || e.key == "help.browser"
            })
            .filter(|e| !(e.key == "man.viewer" && e.text() == "man"));
        for e in viewers {
            push(runs(&format!("a help viewer: {}", shown(e))));
        }
        if here.env.is_set("GIT_MAN_VIEWER") {
            push(runs("the manual viewer GIT_MAN_VIEWER names"));
        }
    }
    for reason in found {
        out.push(Level::Unknown, reason);
    }
    // status, diff and describe --dirty look into each submodule's work tree with a git of its
    // own, which reads the submodule's configuration.
    let recurses = c.index
        && matches!(sub, "status" | "diff" | "describe")
        && !has_option(rest, "--ignore-submodules");
    if let (true, Some(top)) = (recurses, repo.and_then(|r| r.work_tree.as_ref())) {
        let Contents::Text(modules) = files::read_text(&top.join(".gitmodules")) else {
            return;
        };
        let paths: Vec<String> = gitconfig::parse(&modules)
            .into_iter()
            .filter(|(k, _)| k.starts_with("submodule.") && k.ends_with(".path"))
            .filter_map(|(_, v)| v)
            .collect();
        if depth >= MAX_SUBMODULE_DEPTH || paths.len() > MAX_SUBMODULES {
            out.push(
                Level::Unknown,
                format!("git {sub} recurses into more submodules than are read here"),
            );
            return;
        }
        // The submodule's git is started with git's environment: `--no-optional-locks` became
        // GIT_OPTIONAL_LOCKS=0 and `-c` GIT_CONFIG_PARAMETERS, which it keeps, while the
        // repository's own variables (GIT_DIR, GIT_WORK_TREE) are cleared (measured, git 2.47:
        // no `index.lock` in the submodule, and a `-c core.fsmonitor` runs there too).
        let inner = Global {
            no_optional_locks: g.no_optional_locks,
            attr_source: g.attr_source,
            settings: g.settings.clone(),
            ..Global::default()
        };
        for path in paths {
            let dir = files::join(top, &path);
            if files::exists(&dir.join(".git")) {
                judge(here, &inner, &dir, "status", &[], out, depth + 1);
            }
        }
    }
}

/// `--name` (or `--name=…`) is among the options of `rest`.
/// The tree-ish `git archive` archives: its first operand after the options (those below take
/// a value of their own); `None` for anything else.
fn archive_tree(rest: &[Word]) -> Option<String> {
    let mut words = rest.iter();
    while let Some(w) = words.next() {
        let v = w.value.as_deref()?;
        match v {
            "-o" | "--output" | "--prefix" | "--format" | "--remote" | "--exec" | "--add-file"
            | "--add-virtual-file" | "--mtime" => {
                words.next()?;
            }
            "--" => return None,
            v if v.starts_with('-') => {}
            v => return Some(v.to_string()),
        }
    }
    None
}

/// The format `git archive` writes: `--format=F`/`--format F`, else what `-o FILE` names
/// (`None`, any), else tar. `None` when not known.
fn archive_format(rest: &[Word]) -> Option<String> {
    let mut format = Some("tar".to_string());
    let mut i = 0;
    while let Some(a) = rest.get(i) {
        i += 1;
        match a.value.as_deref() {
            Some("--format") => format = rest.get(i).and_then(|f| f.value.clone()),
            Some(v) if v.starts_with("--format=") => {
                format = Some(v["--format=".len()..].to_string())
            }
            Some(v) if v.starts_with("-o") || v.starts_with("--output") => return None,
            None if a.may_be_option() => return None,
            _ => {}
        }
    }
    format
}

fn has_option(rest: &[Word], name: &str) -> bool {
    options(rest)
        .iter()
        .any(|o| o.split('=').next() == Some(name))
}

/// Where git's traces go when that is a file or a socket: `trace2.normalTarget`,
/// `trace2.perfTarget`, `trace2.eventTarget` (git reads them from the system and global
/// configuration, on every command, `git rev-parse` included) and the `GIT_TRACE*` variables
/// that name a target. Off, stderr (`1`, `true`) and a descriptor (`2`-`9`) write no file.
/// `GIT_TRACE_FSMONITOR` is traced to only by the fsmonitor code ([`fsmonitor_traces`]),
/// `GIT_TRACE_CURL` only by the network's.
fn trace_targets(here: &Here<'_>, repo: Option<&Repo>, config: &Config) -> Vec<(String, String)> {
    let to_file = |v: &str| {
        let v = v.trim();
        let lower = v.to_ascii_lowercase();
        let off_or_stream = matches!(
            lower.as_str(),
            "" | "0" | "1" | "false" | "true" | "no" | "yes" | "off" | "on"
        ) || (v.len() == 1 && v.as_bytes()[0].is_ascii_digit());
        // Only an absolute path or a socket is opened; git ignores any other value (a relative
        // path included) with a warning (trace.c, trace2/tr2_dst.c).
        let opened = v.starts_with('/') || v.contains('~') || lower.starts_with("af_unix:");
        !off_or_stream && opened
    };
    let mut found = Vec::new();
    for key in [
        "trace2.normaltarget",
        "trace2.perftarget",
        "trace2.eventtarget",
    ] {
        if let Some(e) = config.last(key).filter(|e| to_file(e.text())) {
            found.push((format!("{key} in {}", e.origin), e.text().to_string()));
        }
    }
    // GIT_TRACE2_BRIEF, GIT_TRACE2_CONFIG_PARAMS and the like tune a trace; they name no target.
    let tuning = [
        "BRIEF",
        "CONFIG_PARAMS",
        "ENV_VARS",
        "NESTING",
        "DST_DEBUG",
        "MAX_FILES",
        "PARENT",
        "NO_DATA",
        "REDACT",
        "BARE",
    ];
    let mut names: Vec<&str> = here
        .env
        .names()
        .filter(|n| n.starts_with("GIT_TRACE") && !tuning.iter().any(|t| n.contains(t)))
        .collect();
    names.sort_unstable();
    names.dedup();
    // GIT_TRACE_CURL (and its _NO_DATA) is traced to only by the curl transport (http.c), which
    // no command judged read-only here uses: it reaches the network (measured, git 2.47: no
    // trace file made by `git log`, `git status` or `git ls-remote` of a local repository).
    names.retain(|n| *n != "GIT_TRACE_CURL");
    if !fsmonitor_traces(here, repo, config) {
        names.retain(|n| *n != "GIT_TRACE_FSMONITOR");
    }
    for name in names {
        match here.env.get(name) {
            Var::Set(v) if to_file(v) => found.push((name.to_string(), v.to_string())),
            Var::Runtime => found.push((
                name.to_string(),
                "a target only known at run time".to_string(),
            )),
            _ => {}
        }
    }
    found
}

/// Whether anything may be written to `GIT_TRACE_FSMONITOR`'s target: its key is traced to only
/// by the fsmonitor code (git 2.47's fsmonitor.c), which does something when the configuration
/// turns fsmonitor on or when the index it reads carries an fsmonitor extension (`FSMN`, left by
/// an earlier fsmonitor: reading it, or removing it, is traced). Neither: nothing is written
/// (measured: `git log`, `status`, `diff`, `ls-files`, `show` in a repository without either).
/// An index too large to read, or named at run time, is taken to carry one.
fn fsmonitor_traces(here: &Here<'_>, repo: Option<&Repo>, config: &Config) -> bool {
    const MAX_INDEX_BYTES: u64 = 8 * 1024 * 1024; // as `stale`'s bound
    let configured = config
        .last("core.fsmonitor")
        .is_some_and(|e| fsmonitor_on(e.value.as_deref()))
        || config.bool("core.usebuiltinfsmonitor") == Some(true);
    let Some(repo) = repo else {
        return configured;
    };
    let index = match here.env.get("GIT_INDEX_FILE") {
        Var::Set(p) => files::join(here.dir, p),
        Var::Runtime => return true,
        Var::Unset => repo.git_dir.join("index"),
    };
    let extension = match fs::metadata(&index) {
        Err(_) => false,
        Ok(meta) if meta.len() > MAX_INDEX_BYTES => true,
        // The signature is searched for anywhere: a path holding it only costs a false alarm.
        Ok(_) => fs::read(&index).map_or(true, |b| b.windows(4).any(|w| w == b"FSMN")),
    };
    configured || extension
}

/// `core.fsmonitor` names a hook or turns the daemon on.
fn fsmonitor_on(value: Option<&str>) -> bool {
    match value {
        None => true,
        Some(v) => !matches!(
            v.trim().to_ascii_lowercase().as_str(),
            "" | "false" | "no" | "off" | "0"
        ),
    }
}

/// Whether `git ls-remote NAME` (`args`: git's, options checked by the text's rule) run in
/// `here.dir` lists a repository on this machine: the remote's URLs (git takes the first) are
/// paths or a `file://` URL, so git's local transport runs its own upload-pack there, which
/// only reads. Not when any `url.<base>.insteadOf` could rewrite it, the remote names a program
/// to run (`remote.NAME.uploadpack`, a `vcs` helper), or it is not configured (`.git/remotes`).
/// `git gc --auto` (git 2.47 builtin/gc.c, `need_to_gc`) returns before it locks, packs or
/// runs the `pre-auto-gc` hook when `gc.auto` is 0 or less, or when the repository has at most
/// `gc.autoPackLimit` (50) packs without a `.keep` (or that limit is 0 or less) and at most
/// `gc.auto` (6700) / 256, rounded up, loose objects in `objects/17`. Values other than plain
/// integers (`1k`) are not read.
pub fn gc_auto_below(here: &Here<'_>, args: &[Word]) -> bool {
    let g = global(args, here.env.home().as_deref());
    let mut dir = here.dir.to_path_buf();
    for chdir in &g.chdirs {
        match chdir {
            Some(c) => dir = files::join(&dir, c),
            None => return false,
        }
    }
    let Found::Repo(repo) = discover(here, &g, &dir) else {
        return false;
    };
    let config = config(here, Some(&repo), &g);
    if !config.unreadable.is_empty() {
        return false;
    }
    let setting = |name: &str, default: i64| -> Option<i64> {
        match config
            .entries
            .iter()
            .rev()
            .find(|e| e.section() == "gc" && e.subsection().is_none() && e.name() == name)
        {
            Some(e) => e.text().trim().parse().ok(),
            None => Some(default),
        }
    };
    let (Some(auto), Some(pack_limit)) = (setting("auto", 6700), setting("autopacklimit", 50))
    else {
        return false;
    };
    if auto <= 0 {
        return true;
    }
    let objects = repo.common_dir.join("objects");
    if pack_limit > 0 {
        let Ok(packs) = std::fs::read_dir(objects.join("pack")) else {
            return false;
        };
        let mut count = 0;
        for entry in packs {
            let Ok(entry) = entry else { return false };
            let name = entry.file_name().to_string_lossy().into_owned();
            if let Some(stem) = name.strip_suffix(".idx") {
                if !files::exists(&objects.join("pack").join(format!("{stem}.keep"))) {
                    count += 1;
                }
            }
        }
        if count > pack_limit {
            return false;
        }
    }
    let threshold = (auto + 255) / 256;
    let loose = match std::fs::read_dir(objects.join("17")) {
        Ok(entries) => entries
            .filter_map(Result::ok)
            .filter(|e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                name.len() >= 38 && name.chars().all(|c| c.is_ascii_hexdigit())
            })
            .count(),
        Err(_) if !files::exists(&objects.join("17")) => 0,
        Err(_) => return false,
    };
    i64::try_from(loose).is_ok_and(|n| n <= threshold)
}

pub fn remote_is_local(here: &Here<'_>, args: &[Word]) -> bool {
    let g = global(args, here.env.home().as_deref());
    let Some(name) = g
        .rest
        .iter()
        .skip(1)
        .find_map(|w| w.value.as_deref().filter(|v| !v.starts_with('-')))
    else {
        return false;
    };
    let mut dir = here.dir.to_path_buf();
    for chdir in &g.chdirs {
        match chdir {
            Some(c) => dir = files::join(&dir, c),
            None => return false,
        }
    }
    let Found::Repo(repo) = discover(here, &g, &dir) else {
        return false;
    };
    let config = config(here, Some(&repo), &g);
    if !config.unreadable.is_empty() {
        return false;
    }
    let remote = |e: &gitconfig::Entry, key: &str| {
        e.section() == "remote" && e.subsection() == Some(name) && e.name() == key
    };
    let rewrites = config
        .entries
        .iter()
        .any(|e| e.section() == "url" && e.name() == "insteadof");
    let runs = config
        .entries
        .iter()
        .any(|e| remote(e, "uploadpack") || remote(e, "vcs"));
    // Every URL set is a path, so that which one git takes does not matter.
    let mut urls = config
        .entries
        .iter()
        .filter(|e| remote(e, "url"))
        .peekable();
    // `.` and `..` are never a remote's name (remote.c's `valid_remote_nick`): git takes them as
    // the path they are, unless a `remote "."` section gives them a URL.
    if matches!(name, "." | "..") && urls.peek().is_none() {
        return !rewrites && !runs;
    }
    !rewrites
        && !runs
        && urls.peek().is_some()
        && urls.all(|e| {
            let u = e.text();
            let path = u.strip_prefix("file://").unwrap_or(u);
            !path.is_empty() && !path.contains(':')
        })
}

/// `git args`'s command is an alias in the repository that applies in `here.dir`: its expansion.
/// The boolean `key` as `git ARGS` will read it in `here` (its `-C`s, its repository's,
/// HOME's and the system's files, the environment's settings): `None` when the repository or a
/// directory is only known at run time.
pub fn config_bool(here: &Here<'_>, args: &[Word], key: &str) -> Option<bool> {
    let g = global(args, here.env.home().as_deref());
    let mut dir = here.dir.to_path_buf();
    for chdir in &g.chdirs {
        dir = files::join(&dir, chdir.as_deref()?);
    }
    let repo = match discover(here, &g, &dir) {
        Found::Repo(r) => Some(r),
        Found::None => None,
        Found::Unknown(_) => return None,
    };
    Some(config(here, repo.as_ref(), &g).bool(key) == Some(true))
}

pub fn alias(here: &Here<'_>, args: &[Word]) -> Option<Alias> {
    let g = global(args, here.env.home().as_deref());
    let sub_word = g.rest.first()?;
    let sub = sub_word.value.as_deref()?;
    if COMMANDS.contains(&sub) || sub.starts_with('-') {
        return None;
    }
    let mut dir = here.dir.to_path_buf();
    for chdir in &g.chdirs {
        dir = files::join(&dir, chdir.as_deref()?);
    }
    let repo = match discover(here, &g, &dir) {
        Found::Repo(r) => Some(r),
        Found::None => None,
        Found::Unknown(_) => return None,
    };
    let config = config(here, repo.as_ref(), &g);
    let entry = config.last(&format!("alias.{}", sub.to_ascii_lowercase()))?;
    let value = entry.text().trim();
    let rest = &g.rest[1..];
    if let Some(code) = value.strip_prefix('!') {
        let mut code = code.to_string();
        for word in rest {
            code.push(' ');
            code.push_str(&word.text);
        }
        return Some(Alias::Shell(code));
    }
    // Everything before the alias (the global options) stays; the alias's words replace it.
    let before = args.len() - g.rest.len();
    let mut expanded: Vec<Word> = args[..before].to_vec();
    expanded.extend(split_alias(value).iter().map(|w| Word::literal(w)));
    expanded.extend(rest.iter().cloned());
    Some(Alias::Git(expanded))
}

/// An alias's words, split as git splits them (whitespace, with quotes and backslashes).
fn split_alias(value: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quote: Option<char> = None;
    let mut in_word = false;
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match (c, quote) {
            ('\\', _) => {
                if let Some(n) = chars.next() {
                    current.push(n);
                }
                in_word = true;
            }
            (q @ ('"' | '\''), None) => {
                quote = Some(q);
                in_word = true;
            }
            (q, Some(open)) if q == open => quote = None,
            (c, None) if c.is_whitespace() => {
                if in_word {
                    out.push(std::mem::take(&mut current));
                    in_word = false;
                }
            }
            (c, _) => {
                current.push(c);
                in_word = true;
            }
        }
    }
    if in_word {
        out.push(current);
    }
    out
}

/// Every commit `git log`/`show` `rest` would show is unsigned (and no signed tag is named), as
/// far as loose objects tell; false when that cannot be told.
fn unsigned_history(repo: &Repo, rest: &[Word]) -> bool {
    let opts = options(rest);
    let everything = opts.iter().any(|o| {
        let name = o.split('=').next().unwrap_or(o);
        matches!(
            name,
            "--all"
                | "--branches"
                | "--tags"
                | "--remotes"
                | "--glob"
                | "--reflog"
                | "--stdin"
                | "--walk-reflogs"
                | "-g"
                | "--alternate-refs"
                | "--exclude"
        )
    });
    if everything || rest.iter().any(|a| a.value.is_none()) {
        return false;
    }
    let mut starts = Vec::new();
    for op in operands(rest) {
        if !looks_like_revision(op, Some(repo)) {
            // A path (git log README.md) or something not understood here.
            if files::exists(&repo.work_tree.clone().unwrap_or_default().join(op)) {
                continue;
            }
            return false;
        }
        for side in op.split("...").flat_map(|s| s.split("..")) {
            let side = side.trim_start_matches('^');
            let base = side.split(['~', '^', '@']).next().unwrap_or(side);
            let base = if base.is_empty() { "HEAD" } else { base };
            let tag = files::exists(&repo.common_dir.join("refs/tags").join(base))
                || matches!(files::read_text(&repo.common_dir.join("packed-refs")), Contents::Text(t) if t.contains(&format!("refs/tags/{base}")));
            if tag {
                return false;
            }
            match super::objects::resolve(&repo.common_dir, &repo.git_dir, base) {
                Some(id) => starts.push(id),
                None => return false,
            }
        }
    }
    if starts.is_empty() {
        match super::objects::resolve(&repo.common_dir, &repo.git_dir, "HEAD") {
            Some(id) => starts.push(id),
            None => return false,
        }
    }
    super::objects::any_signed(&repo.common_dir, &starts) == Some(false)
}
