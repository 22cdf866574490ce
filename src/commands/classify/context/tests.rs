//! Planted repositories, HOMEs and configuration, classified in context: for each key that makes
//! a reader run a program or write, a command it applies to (not read-only, and the reason names
//! the key) and one it does not (read-only). Only files are planted; nothing is run but `git` to
//! make the repository.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::commands::classify::verdict::{ContextUse, Level};
use crate::commands::classify::{classify, classify_in, Context};

/// A throwaway directory with `home/` and a committed repository `repo/` whose index is fresh.
struct Planted {
    root: PathBuf,
}

impl Planted {
    fn new(tag: &str) -> Option<Planted> {
        let root = std::env::temp_dir().join(format!(
            "classify-context-{tag}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .ok()?
                .as_nanos()
        ));
        fs::create_dir_all(root.join("home")).ok()?;
        fs::create_dir_all(root.join("repo/src")).ok()?;
        let p = Planted { root };
        p.write("repo/README.md", "# demo\nTODO: docs\n");
        p.write("repo/notes.txt", "alpha\nbeta\n");
        p.write("repo/a.txt", "apple\n");
        p.write("repo/src/main.rs", "fn main() {}\n");
        p.write(
            "repo/Cargo.toml",
            "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
        );
        p.write(
            "repo/Cargo.lock",
            "version = 4\n\n[[package]]\nname = \"demo\"\nversion = \"0.1.0\"\n",
        );
        p.write(
            "repo/package.json",
            "{\"name\": \"demo\", \"version\": \"1.0.0\"}\n",
        );
        // A used machine's cargo home: cargo made its package cache's lock and database.
        p.write("home/.cargo/.package-cache", "");
        p.write("home/.cargo/.global-cache", "");
        // ... its rustup home's settings, made the first time a proxy ran ...
        p.write("home/.rustup/settings.toml", "version = \"12\"\n");
        // ... and top's configuration directory, made the first time top ran.
        p.sh("mkdir -p home/.config/procps");
        let made = p.sh("cd repo && git init -q -b main . && git add -A && \
             git -c user.name=t -c user.email=t@t commit -qm init && \
             find . -path ./.git -prune -o -exec touch -h -d '2024-03-01 12:00:00' {} + && \
             git update-index -q --refresh");
        made.then_some(p)
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.root.join(rel)
    }

    fn write(&self, rel: &str, text: &str) {
        let path = self.path(rel);
        if let Some(parent) = path.parent() {
            let _ = fs::create_dir_all(parent);
        }
        let _ = fs::write(path, text);
    }

    /// A program that would show it ran (nothing runs it here).
    fn program(&self, rel: &str) -> String {
        self.write(rel, "#!/bin/sh\ntouch \"$ROOT/PWNED\"\n");
        let path = self.path(rel);
        let _ = crate::process::fd::make_executable(&path);
        path.display().to_string()
    }

    fn script(&self, rel: &str, interpreter: &str) -> String {
        self.write(rel, &format!("#!/usr/bin/env {interpreter}\n"));
        let path = self.path(rel);
        let _ = crate::process::fd::make_executable(&path);
        path.display().to_string()
    }

    fn git(&self, args: &str) -> bool {
        self.sh(&format!("git -C repo {args}"))
    }

    fn sh(&self, script: &str) -> bool {
        Command::new("bash")
            .args(["-c", script])
            .current_dir(&self.root)
            .env("HOME", self.root.join("home"))
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    fn context(&self, cwd: &str, env: &[(&str, &str)]) -> Context {
        let mut vars: std::collections::HashMap<String, String> = [
            ("HOME", self.path("home").display().to_string()),
            (
                "PATH",
                std::env::var("PATH").unwrap_or_else(|_| "/usr/bin:/bin".into()),
            ),
            ("GIT_CONFIG_NOSYSTEM", "1".into()),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
        for (k, v) in env {
            vars.insert((*k).to_string(), (*v).to_string());
        }
        Context {
            cwd: self.path(cwd),
            env: vars,
        }
    }
}

impl Drop for Planted {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.root);
    }
}

/// One case: what is planted, the command, where, and what is expected.
struct Case {
    name: &'static str,
    plant: fn(&Planted),
    command: &'static str,
    cwd: &'static str,
    env: &'static [(&'static str, &'static str)],
    /// `None`: read-only; `Some(text)`: not read-only, with `text` in a reason.
    flagged: Option<&'static str>,
}

const fn case(
    name: &'static str,
    plant: fn(&Planted),
    command: &'static str,
    flagged: Option<&'static str>,
) -> Case {
    Case {
        name,
        plant,
        command,
        cwd: "repo",
        env: &[],
        flagged,
    }
}

fn run(cases: &[Case]) {
    let mut wrong = Vec::new();
    for c in cases {
        let Some(p) = Planted::new(c.name) else {
            eprintln!("skipped {}: git is missing", c.name);
            return;
        };
        (c.plant)(&p);
        let env: Vec<(&str, String)> = c
            .env
            .iter()
            .map(|(k, v)| (*k, v.replace("$ROOT", &p.root.display().to_string())))
            .collect();
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let got = classify_in(c.command, &p.context(c.cwd, &env));
        let ok = match c.flagged {
            None => got.level == Level::ReadOnly,
            Some(text) => {
                got.level != Level::ReadOnly && got.reasons.iter().any(|r| r.contains(text))
            }
        };
        if !ok {
            wrong.push(format!(
                "{}: {:?} expected {}, got {} {:?}",
                c.name,
                c.command,
                c.flagged
                    .map_or("read-only".to_string(), |t| format!("a reason with {t:?}")),
                got.level.as_str(),
                got.reasons
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A repository whose attributes give `*.png` a clean filter (as git-lfs's do) that would run a
/// program, with a `logo.png` committed, and README.md grown since (modified by its size).
fn lfs_like(p: &Planted) {
    p.write("repo/.gitattributes", "*.png filter=lfs-like -text\n");
    p.write("repo/logo.png", "PNG\n");
    p.sh(
        "cd repo && git add -A && git -c user.name=t -c user.email=t@t commit -qm attrs && \
          find . -path ./.git -prune -o -exec touch -h -d '2024-03-01 12:00:00' {} + && \
          git update-index -q --refresh && echo more >> README.md && \
          touch -h -d '2024-03-01 12:00:00' README.md",
    );
    // Configured last: git add would run it.
    let cmd = p.program("home/bin/clean");
    p.git(&format!("config filter.lfs-like.clean '{cmd} %f'"));
    p.git(&format!("config filter.lfs-like.process '{cmd}'"));
}

/// Moves the nanoseconds recorded for the index's first entry (its ctime's and mtime's), leaving
/// the seconds: what a second `touch` within the same second does.
fn nanoseconds_moved(p: &Planted) {
    let index = p.path("repo/.git/index");
    let Ok(mut bytes) = fs::read(&index) else {
        return;
    };
    const FIRST_ENTRY: usize = 12; // after the signature, the version and the count
    for field in [1, 3] {
        let at = FIRST_ENTRY + 4 * field;
        if let Some(ns) = bytes.get_mut(at..at + 4) {
            ns.copy_from_slice(&123_456_789u32.to_be_bytes());
        }
    }
    let _ = fs::write(&index, bytes);
}

fn fsmonitor(p: &Planted) {
    let hook = p.program("repo/.git/fsm");
    p.git(&format!("config core.fsmonitor {hook}"));
}

/// A signed commit on top (a fake signer that prints a signature block).
fn signed(p: &Planted) {
    p.write(
        "signer",
        "#!/bin/sh\ncat >/dev/null\necho '[GNUPG:] SIG_CREATED ' >&2\nprintf -- '-----BEGIN PGP SIGNATURE-----\\n\\nZmFrZQ==\\n-----END PGP SIGNATURE-----\\n'\n",
    );
    p.sh("chmod +x signer && cd repo && echo s >> notes.txt && git add notes.txt && git -c user.name=t -c user.email=t@t -c gpg.program=\"$PWD/../signer\" -c user.signingkey=X commit -qS -m signed");
}

fn textconv(p: &Planted) {
    let conv = p.program("repo/.git/conv");
    p.git(&format!("config diff.c.textconv {conv}"));
}

#[test]
fn git_keys_that_run_programs() {
    run(&[
        case(
            "rerere-enabled-first-use",
            |p| {
                p.git("config rerere.enabled true");
            },
            "git rerere status; git rerere diff",
            Some("rr-cache"),
        ),
        case(
            "rerere-enabled-cache-there",
            |p| {
                p.git("config rerere.enabled true");
                p.sh("mkdir repo/.git/rr-cache");
            },
            "git rerere status",
            None,
        ),
        case("rerere-default", |_| {}, "git rerere remaining", None),
        case(
            "fsmonitor-status",
            fsmonitor,
            "git status",
            Some("core.fsmonitor"),
        ),
        case(
            "fsmonitor-ls-files",
            fsmonitor,
            "git ls-files",
            Some("core.fsmonitor"),
        ),
        case(
            "fsmonitor-show-index",
            fsmonitor,
            "git show :a.txt",
            Some("core.fsmonitor"),
        ),
        case("fsmonitor-log", fsmonitor, "git log --oneline", None),
        case(
            "fsmonitor-check-is-real",
            fsmonitor,
            "git status",
            Some("core.fsmonitor"),
        ),
        case(
            "fsmonitor-two-trees",
            fsmonitor,
            "git diff HEAD HEAD --stat",
            None,
        ),
        case(
            "fsmonitor-include",
            |p| {
                let hook = p.program("home/fsm");
                p.write(
                    "repo/.git/extra",
                    &format!("[core]\n\tfsmonitor = {hook}\n"),
                );
                p.git("config include.path extra");
            },
            "git grep TODO",
            Some("extra"),
        ),
        case(
            "fsmonitor-includeif-gitdir",
            |p| {
                let hook = p.program("home/fsm");
                p.write("home/work", &format!("[core]\n\tfsmonitor = {hook}\n"));
                p.write(
                    "home/.gitconfig",
                    &format!(
                        "[includeIf \"gitdir:{}/\"]\n\tpath = work\n",
                        p.path("repo").display()
                    ),
                );
            },
            "git status",
            Some("core.fsmonitor"),
        ),
        case(
            "fsmonitor-includeif-hasconfig",
            |p| {
                let hook = p.program("home/fsm");
                p.write("home/work.inc", &format!("[core]\n\tfsmonitor = {hook}\n"));
                p.write(
                    "home/.gitconfig",
                    "[includeIf \"hasconfig:remote.*.url:https://example.com/**\"]\n\tpath = ~/work.inc\n",
                );
                p.git("remote add origin https://example.com/team/demo.git");
            },
            "git status --short",
            Some("core.fsmonitor"),
        ),
        case(
            "fsmonitor-includeif-hasconfig-no-match",
            |p| {
                let hook = p.program("home/fsm");
                p.write("home/work.inc", &format!("[core]\n\tfsmonitor = {hook}\n"));
                p.write(
                    "home/.gitconfig",
                    "[includeIf \"hasconfig:remote.*.url:https://example.com/**\"]\n\tpath = ~/work.inc\n",
                );
                p.git("remote add origin https://github.com/other/demo.git");
            },
            "git --no-optional-locks status --short",
            None,
        ),
        case(
            // `*` does not cross a `/` (git's WM_PATHNAME); git leaves this include out.
            "fsmonitor-includeif-hasconfig-star-stops-at-slash",
            |p| {
                let hook = p.program("home/fsm");
                p.write("home/work.inc", &format!("[core]\n\tfsmonitor = {hook}\n"));
                p.write(
                    "home/.gitconfig",
                    "[includeIf \"hasconfig:remote.*.url:https://example.com/*\"]\n\tpath = ~/work.inc\n",
                );
                p.git("remote add origin https://example.com/team/demo.git");
            },
            "git --no-optional-locks status --short",
            None,
        ),
        case(
            // The URLs come from the whole configuration (here an include the first read follows,
            // which names the second remote), as git's first read collects them.
            "fsmonitor-includeif-hasconfig-url-from-other-include",
            |p| {
                let hook = p.program("home/fsm");
                p.write("home/work.inc", &format!("[core]\n\tfsmonitor = {hook}\n"));
                p.write(
                    "home/remotes.inc",
                    "[remote \"mirror\"]\n\turl = https://example.com/team/demo.git\n",
                );
                p.write(
                    "home/.gitconfig",
                    "[includeIf \"hasconfig:remote.*.url:https://example.com/**\"]\n\tpath = ~/work.inc\n[include]\n\tpath = ~/remotes.inc\n",
                );
                p.git("remote add origin https://github.com/other/demo.git");
            },
            "git status --short",
            Some("core.fsmonitor"),
        ),
        case(
            "trace2-global",
            |p| {
                p.write(
                    "home/.gitconfig",
                    "[trace2]\n\tnormalTarget = /tmp/trace.log\n",
                )
            },
            "git rev-parse --show-toplevel",
            Some("trace2.normaltarget"),
        ),
        case(
            "trace2-stderr",
            |p| {
                p.write(
                    "home/.gitconfig",
                    "[trace2]\n\tperfTarget = 2\n\teventTarget = false\n",
                )
            },
            "git rev-parse --show-toplevel",
            None,
        ),
        Case {
            env: &[
                ("GIT_TRACE2_EVENT", "/tmp/events.json"),
                ("GIT_TRACE2_BRIEF", "1"),
            ],
            ..case(
                "trace2-env",
                |_| {},
                "git rev-parse HEAD",
                Some("GIT_TRACE2_EVENT"),
            )
        },
        Case {
            env: &[("GIT_TRACE", "1"), ("GIT_TRACE2_BRIEF", "true")],
            ..case("trace-stderr-env", |_| {}, "git rev-parse HEAD", None)
        },
        // `git ls-remote NAME`: a remote whose URLs are paths is listed by the local transport.
        case(
            "ls-remote-local",
            |p| {
                p.sh("git init -q --bare up.git && git -C repo remote add origin ../up.git");
            },
            "git ls-remote origin",
            None,
        ),
        case(
            "ls-remote-file-url",
            |p| {
                p.sh(
                    "git init -q --bare up.git && git -C repo remote add origin file://$PWD/up.git",
                );
            },
            "git ls-remote --heads origin",
            None,
        ),
        case(
            "ls-remote-network",
            |p| {
                p.git("remote add origin https://example.invalid/x.git");
            },
            "git ls-remote origin",
            Some("network"),
        ),
        case(
            "ls-remote-insteadof",
            |p| {
                p.git("remote add origin ../up.git");
                p.git("config url.https://example.invalid/.insteadOf ../");
            },
            "git ls-remote origin",
            Some("network"),
        ),
        case(
            "ls-remote-uploadpack",
            |p| {
                p.git("remote add origin ../up.git");
                p.git("config remote.origin.uploadpack ./evil");
            },
            "git ls-remote origin",
            Some("network"),
        ),
        case(
            "ls-remote-second-url",
            |p| {
                p.git("remote add origin ../up.git");
                p.git("config --add remote.origin.url host:x.git");
            },
            "git ls-remote origin",
            Some("network"),
        ),
        case(
            "ls-remote-unconfigured",
            |_| {},
            "git ls-remote origin",
            Some("network"),
        ),
        // GIT_TRACE_FSMONITOR is written only by the fsmonitor code: when the configuration
        // turns it on or the index carries its extension.
        Case {
            env: &[("GIT_TRACE_FSMONITOR", "$ROOT/fsm.trace")],
            ..case(
                "trace-fsmonitor-off",
                |_| {},
                "git log -1 --format=%h",
                None,
            )
        },
        Case {
            env: &[("GIT_TRACE_FSMONITOR", "$ROOT/fsm.trace")],
            ..case(
                "trace-fsmonitor-configured",
                fsmonitor,
                "git log -1 --format=%h",
                Some("GIT_TRACE_FSMONITOR"),
            )
        },
        Case {
            env: &[("GIT_TRACE_FSMONITOR", "$ROOT/fsm.trace")],
            ..case(
                "trace-fsmonitor-extension",
                |p| {
                    p.sh("printf 'FSMN' >> repo/.git/index");
                },
                "git status --porcelain",
                Some("GIT_TRACE_FSMONITOR"),
            )
        },
        case(
            "fsmonitor-includeif-elsewhere",
            |p| {
                let hook = p.program("home/fsm");
                p.write("home/work", &format!("[core]\n\tfsmonitor = {hook}\n"));
                p.write(
                    "home/.gitconfig",
                    "[includeIf \"gitdir:/elsewhere/\"]\n\tpath = work\n",
                );
            },
            "git --no-optional-locks status",
            None,
        ),
        case(
            "fsmonitor-xdg",
            |p| {
                let hook = p.program("home/fsm");
                p.write(
                    "home/.config/git/config",
                    &format!("[core]\n\tfsmonitor = {hook}\n"),
                );
            },
            "git diff",
            Some(".config/git/config"),
        ),
        Case {
            env: &[("GIT_CONFIG_GLOBAL", "../home/alt")],
            ..case(
                "fsmonitor-config-global",
                |p| {
                    let hook = p.program("home/fsm");
                    p.write("home/alt", &format!("[core]\n\tfsmonitor = {hook}\n"));
                },
                "git status",
                Some("home/alt"),
            )
        },
        Case {
            env: &[
                ("GIT_CONFIG_COUNT", "1"),
                ("GIT_CONFIG_KEY_0", "core.fsmonitor"),
                ("GIT_CONFIG_VALUE_0", "x"),
            ],
            ..case(
                "fsmonitor-config-count",
                |_| {},
                "git status",
                Some("GIT_CONFIG_KEY_0"),
            )
        },
        Case {
            env: &[("GIT_CONFIG_PARAMETERS", "'core.fsmonitor'='x'")],
            ..case(
                "fsmonitor-config-parameters",
                |_| {},
                "git status",
                Some("GIT_CONFIG_PARAMETERS"),
            )
        },
        case(
            "fsmonitor-gitfile",
            |p| {
                p.sh("mv repo/.git store.git && echo 'gitdir: ../store.git' > repo/.git");
                let hook = p.program("fsm");
                p.sh(&format!(
                    "git --git-dir=store.git config core.fsmonitor {hook}"
                ));
            },
            "git status",
            Some("store.git/config"),
        ),
        case(
            "fsmonitor-git-dir-prefix",
            |p| {
                p.sh("git init -q other");
                let hook = p.program("fsm");
                p.sh(&format!("git -C other config core.fsmonitor {hook}"));
            },
            "GIT_DIR=../other/.git git status",
            Some("other/.git/config"),
        ),
        case(
            "git-dir-prefix-own",
            |_| {},
            "GIT_DIR=.git git rev-parse HEAD",
            None,
        ),
        case(
            "fsmonitor-dash-c-dir",
            |p| {
                p.sh("git init -q repo/vendor");
                let hook = p.program("fsm");
                p.sh(&format!("git -C repo/vendor config core.fsmonitor {hook}"));
            },
            "git -C vendor status",
            Some("vendor/.git/config"),
        ),
        case(
            "fsmonitor-after-cd",
            |p| {
                p.sh("git init -q repo/vendor");
                let hook = p.program("fsm");
                p.sh(&format!("git -C repo/vendor config core.fsmonitor {hook}"));
            },
            "cd vendor && git status",
            Some("vendor/.git/config"),
        ),
        Case {
            cwd: "repo/src",
            ..case(
                "cd-to-the-top",
                fsmonitor,
                "cd \"$(git rev-parse --show-toplevel)\" && git status",
                Some("core.fsmonitor"),
            )
        },
        case(
            "cd-home",
            |_| {},
            "cd \"$HOME\" && ls && git --no-optional-locks status",
            None,
        ),
        case(
            "cd-back",
            fsmonitor,
            "cd /tmp && cd - && git status",
            Some("cd -"),
        ),
        case(
            "core-worktree",
            |p| {
                textconv(p);
                p.write("tree/.gitattributes", "*.txt diff=c\n");
                p.git(&format!(
                    "config core.worktree {}",
                    p.path("tree").display()
                ));
            },
            "git log -p -1",
            Some("diff.c.textconv"),
        ),
        case(
            "stash-show-textconv-asked",
            |p| {
                textconv(p);
                p.write("repo/.git/info/attributes", "*.txt diff=c\n");
            },
            "git stash show -p --textconv | head -3; git stash list -p --ext-diff",
            Some("diff.c.textconv"),
        ),
        case(
            "stash-show-textconv-not-asked",
            |p| {
                textconv(p);
                p.write("repo/.git/info/attributes", "*.txt diff=c\n");
            },
            "git stash show -p; git stash show --stat --textconv",
            None,
        ),
        case(
            "relative-attributes-file",
            |p| {
                textconv(p);
                p.write("repo/attrs", "*.txt diff=c\n");
                p.git("config core.attributesFile attrs");
            },
            "cd src && git log -p -1",
            Some("diff.c.textconv"),
        ),
        case(
            "hook-post-index-change-stale",
            |p| {
                p.program("repo/.githooks/post-index-change");
                p.git("config core.hooksPath .githooks");
                p.sh("touch repo/notes.txt");
            },
            "git status",
            Some("post-index-change"),
        ),
        case(
            "hook-post-index-change-fresh",
            |p| {
                p.program("repo/.git/hooks/post-index-change");
            },
            "git status",
            Some("takes the index's lock"),
        ),
        Case {
            env: &[("GIT_OPTIONAL_LOCKS", "0")],
            ..case(
                "stale-index-without-locks",
                |p| {
                    p.sh("touch repo/notes.txt");
                },
                "git status",
                None,
            )
        },
        case(
            "stale-index-rewritten",
            |p| {
                p.sh("touch repo/notes.txt");
            },
            "git status --short",
            Some("rewrites the index"),
        ),
        case(
            "stale-index-diff",
            |p| {
                p.sh("touch repo/notes.txt");
            },
            "git diff --stat",
            Some("rewrites the index"),
        ),
        Case {
            env: &[("GIT_OPTIONAL_LOCKS", "0")],
            ..case(
                "stale-index-diff-without-locks",
                |p| {
                    p.sh("touch repo/notes.txt");
                },
                "git diff --stat",
                Some("rewrites the index"),
            )
        },
        case(
            "stale-index-diff-no-auto-refresh",
            |p| {
                p.sh("touch repo/notes.txt");
                p.git("config diff.autoRefreshIndex false");
            },
            "git diff --stat",
            None,
        ),
        // git compares times to the second: an entry whose recorded nanoseconds differ from the
        // file's is still fresh.
        case(
            "status-takes-the-lock",
            |_| {},
            "git status --short",
            Some("takes the index's lock"),
        ),
        case(
            "describe-dirty-takes-the-lock",
            |_| {},
            "git describe --always --dirty",
            Some("takes the index's lock"),
        ),
        Case {
            env: &[("GIT_OPTIONAL_LOCKS", "0")],
            ..case(
                "describe-dirty-takes-the-lock-optional-off",
                |_| {},
                "git describe --always --broken",
                Some("GIT_OPTIONAL_LOCKS=0 does not keep it"),
            )
        },
        // issue 44 (r33): with a commit-ish (after `--` too) or `--contains`, describe stops
        // before the index; the value of `--match` is no commit-ish.
        case(
            "describe-dirty-with-a-commit-leaves-the-index",
            |_| {},
            "git describe --tags --always --dirty=-wip --abbrev=10 HEAD; git describe --broken -- v1; git describe --contains --dirty",
            None,
        ),
        case(
            "describe-dirty-match-value-is-no-commit",
            |_| {},
            "git describe --dirty --match v1",
            Some("takes the index's lock"),
        ),
        case(
            "describe-dirty-prefix-value-is-no-commit",
            |_| {},
            "git describe --dirty --exc v1 --cand 3",
            Some("takes the index's lock"),
        ),
        case(
            "status-no-optional-locks",
            |_| {},
            "git --no-optional-locks status --short; git describe --always",
            None,
        ),
        case(
            "index-nanoseconds-differ-status",
            nanoseconds_moved,
            "git status -sb --untracked-files=no",
            Some("takes the index's lock"),
        ),
        case(
            "index-nanoseconds-differ-diff",
            nanoseconds_moved,
            "git diff --check; git diff --no-ext-diff --stat",
            None,
        ),
        // Racily clean: a file whose mtime is not older than the index is re-read, and the
        // index rewritten, however often it is refreshed.
        case(
            "index-racily-clean",
            |p| {
                p.sh("touch -d '2099-01-01 00:00:00' repo/notes.txt && git -C repo update-index -q --refresh");
            },
            "git status --short",
            Some("rewrites the index"),
        ),
        // ... but `git diff` writes the index only for an entry whose stat data changed and
        // whose contents did not (measured, git 2.47: a racily clean entry leaves it alone).
        case(
            "index-racily-clean-diff",
            |p| {
                p.sh("touch -d '2099-01-01 00:00:00' repo/notes.txt && git -C repo update-index -q --refresh");
            },
            "git diff --stat; git --no-optional-locks diff --no-ext-diff",
            None,
        ),
        case(
            "modified-file-diff",
            |p| {
                p.write("repo/notes.txt", "alpha\nbeta\ngamma\n");
            },
            "git diff --stat && git --no-optional-locks status -s",
            None,
        ),
        case(
            "split-index-asked-for",
            |p| {
                p.git("config core.splitIndex true");
            },
            "git status -uno",
            Some("rewrites the index"),
        ),
        case(
            "split-index-made",
            |p| {
                p.git("config core.splitIndex true");
                p.git("update-index --split-index");
            },
            "git diff --stat",
            Some("rewrites the index"),
        ),
        case(
            "split-index-off",
            |p| {
                p.git("config core.splitIndex false");
            },
            "git status -uno",
            Some("takes the index's lock"),
        ),
        Case {
            env: &[("PATH", "node_modules/.bin:/usr/bin:/bin")],
            ..case(
                "path-relative-planted",
                |p| {
                    p.program("repo/node_modules/.bin/git");
                },
                "git --no-pager status",
                Some("found through the PATH entry \"node_modules/.bin\""),
            )
        },
        Case {
            env: &[("PATH", ":/usr/bin:/bin")],
            ..case(
                "path-empty-entry-planted",
                |p| {
                    p.program("repo/src/ls");
                },
                "cd src && ls -la",
                Some("found through the PATH entry \".\""),
            )
        },
        Case {
            env: &[("PATH", "$ROOT/repo/tools:/usr/bin:/bin")],
            ..case(
                "path-inside-work-tree-planted",
                |p| {
                    p.program("repo/tools/grep");
                },
                "grep -n TODO README.md",
                Some("a program of the directory the command runs in"),
            )
        },
        Case {
            env: &[("PATH", "node_modules/.bin:/usr/bin:/bin")],
            ..case(
                "path-relative-nothing-planted",
                |_| {},
                "git --no-pager --no-optional-locks status && cd src && ls && echo done",
                None,
            )
        },
        case(
            "noclobber-existing",
            |_| {},
            "set -o noclobber; git log -1 > notes.txt 2>/dev/null; cat notes.txt",
            None,
        ),
        case(
            "noclobber-short-existing",
            |_| {},
            "set -eC; echo x > notes.txt; echo y &> a.txt",
            None,
        ),
        case(
            "noclobber-new-file",
            |_| {},
            "set -C; echo x > new.txt",
            Some("redirection"),
        ),
        case(
            "noclobber-forced",
            |_| {},
            "set -C; echo x >| notes.txt",
            Some("redirection"),
        ),
        // A command whose `>` noclobber refuses never runs (r33); its words are expanded first,
        // and the redirections before the refused one are opened.
        case(
            "noclobber-refused-command-never-runs",
            |_| {},
            "set -o noclobber; git status -s > README.md 2>/dev/null; echo rc=$?",
            None,
        ),
        case(
            "noclobber-refused-command-substitution",
            |_| {},
            "set -C; echo $(touch x) > README.md",
            Some("touch"),
        ),
        case(
            "noclobber-refused-after-an-opened-one",
            |_| {},
            "set -C; git status -s > new.txt > README.md",
            Some("redirection"),
        ),
        case(
            "noclobber-new-file-command-runs",
            |_| {},
            "set -C; git status -s > new.txt",
            Some("index"),
        ),
        case(
            "noclobber-append",
            |_| {},
            "set -C; echo x >> notes.txt",
            Some("redirection"),
        ),
        case(
            "noclobber-on-a-branch",
            |_| {},
            "if false; then set -C; fi; echo x > notes.txt",
            Some("redirection"),
        ),
        case(
            "noclobber-in-a-subshell",
            |_| {},
            "(set -C); echo x > notes.txt",
            Some("redirection"),
        ),
        case(
            "noclobber-turned-off",
            |_| {},
            "set -C; set +o noclobber; echo x > notes.txt",
            Some("redirection"),
        ),
        case(
            "noclobber-nested-shell",
            |_| {},
            "bash -c 'set -C'; echo x > notes.txt",
            Some("redirection"),
        ),
        case(
            "noclobber-after-cd",
            |_| {},
            "set -C; cd src; echo x > notes.txt",
            Some("redirection"),
        ),
        case("read-write-stdin-existing", |_| {}, "cat <>notes.txt", None),
        case(
            "read-write-stdin-new",
            |_| {},
            "cat <>new.txt",
            Some("redirection"),
        ),
        case(
            "read-write-exec",
            |_| {},
            "exec 3<>notes.txt; echo x >&3",
            Some("redirection"),
        ),
        case(
            "read-write-duplicated",
            |_| {},
            "cat <>notes.txt >&0",
            Some("redirection"),
        ),
        case(
            "read-write-block",
            |_| {},
            "{ echo x >&0; } <>notes.txt",
            Some("redirection"),
        ),
        case(
            "read-write-dev-stdin",
            |_| {},
            "tee /dev/stdin <>notes.txt",
            Some("redirection"),
        ),
        case(
            "read-write-other-descriptor",
            |_| {},
            "cat 3<>notes.txt",
            Some("redirection"),
        ),
        case(
            "curlrc-in-home",
            |p| p.write("home/.curlrc", "output = written.txt\n"),
            "curl -s file:///etc/hostname",
            Some(".curlrc"),
        ),
        case(
            "curlrc-skipped",
            |p| p.write("home/.curlrc", "output = written.txt\n"),
            "curl -q -s file:///etc/hostname",
            None,
        ),
        case(
            "curl-no-curlrc",
            |_| {},
            "curl -s file:///etc/hostname",
            None,
        ),
        case(
            "pydoc-shadowed-module",
            |p| p.write("repo/json.py", "open('PWNED', 'w')\n"),
            "pydoc json",
            Some("json.py"),
        ),
        case(
            "pydoc-shadowed-builtin-name",
            |p| p.write("repo/str.py", "open('PWNED', 'w')\n"),
            "python3 -m pydoc str.split",
            Some("str.py"),
        ),
        Case {
            env: &[("PAGER", "sh -c id")],
            ..case("pydoc-pager", |_| {}, "pydoc json", Some("PAGER"))
        },
        case("pydoc-plain", |_| {}, "pydoc3 json.dumps", None),
        case(
            "archive-other-format-command",
            |p| {
                let cmd = p.program("home/bin/compress");
                p.git(&format!("config tar.tgz.command {cmd}"));
            },
            "git archive --format=tar HEAD | tar -t",
            None,
        ),
        case(
            "archive-format-command",
            |p| {
                let cmd = p.program("home/bin/compress");
                p.git(&format!("config tar.tgz.command {cmd}"));
            },
            "git archive --format=tgz HEAD | tar -tz",
            Some("compression command"),
        ),
        case(
            "archive-smudge-filter",
            |p| {
                let cmd = p.program("home/bin/smudge");
                p.git(&format!("config filter.lfs-like.smudge {cmd}"));
                // The archived tree's own attributes choose it (one with none chooses nothing:
                // `archive-no-attributes`).
                p.write("repo/.gitattributes", "*.txt filter=lfs-like\n");
                p.sh("cd repo && git add -A && git -c user.name=t -c user.email=t@t commit -qm attrs");
            },
            "git archive HEAD | tar -t",
            Some("filter"),
        ),
        case(
            "archive-list-reads-no-tree",
            |p| {
                let cmd = p.program("home/bin/smudge");
                p.git(&format!("config filter.lfs-like.smudge {cmd}"));
                p.git(&format!("config tar.tgz.command {cmd}"));
                p.write("repo/.gitattributes", "*.txt filter=lfs-like\n");
                p.sh("cd repo && git add -A && git -c user.name=t -c user.email=t@t commit -qm attrs");
            },
            "git archive --list | grep -c tar",
            None,
        ),
        case(
            "archive-default-format-own-command",
            |p| {
                let cmd = p.program("home/bin/compress");
                p.git(&format!("config tar.tar.command {cmd}"));
            },
            "git archive HEAD | tar -t",
            None,
        ),
        case(
            "default-redirect-unset",
            |_| {},
            "git log --oneline > \"${LOGFILE:-/dev/null}\"",
            None,
        ),
        Case {
            env: &[("LOGFILE", "out.log")],
            ..case(
                "default-redirect-set",
                |_| {},
                "git log --oneline > \"${LOGFILE:-/dev/null}\"",
                Some("redirection"),
            )
        },
        case(
            "default-redirect-assigned",
            |_| {},
            "LOGFILE=out.log; git log --oneline > \"${LOGFILE:-/dev/null}\"",
            Some("redirection"),
        ),
        case(
            "default-redirect-read",
            |_| {},
            "read -r LOGFILE < notes.txt; git log > ${LOGFILE-/dev/null}",
            Some("redirection"),
        ),
        case(
            "default-redirect-prefix",
            |_| {},
            "LOGFILE=x.log bash -c 'git log > \"${LOGFILE:-/dev/null}\"'",
            Some("redirection"),
        ),
        case(
            "default-redirect-file",
            |_| {},
            "git log --oneline > \"${LOGFILE:-out.txt}\"",
            Some("redirection"),
        ),
        case(
            "default-redirect-network",
            |_| {},
            "cat < \"${SRC:-/dev/tcp/example.com/80}\"",
            Some("redirection"),
        ),
        case(
            "stale-index-diff-cached",
            |p| {
                p.sh("touch repo/notes.txt");
            },
            "git diff --cached --stat",
            None,
        ),
        Case {
            env: &[("XDG_CONFIG_HOME", ".ci-config")],
            ..case(
                "xdg-config-home-relative",
                |p| {
                    let hook = p.program("repo/.ci-config/git/fsmon");
                    p.write(
                        "repo/.ci-config/git/config",
                        &format!("[core]\n\tfsmonitor = {hook}\n"),
                    );
                },
                "git status -s",
                Some("core.fsmonitor"),
            )
        },
        Case {
            env: &[("XDG_CONFIG_HOME", "$ROOT/xdg")],
            ..case(
                "xdg-config-home-absolute",
                |p| {
                    let hook = p.program("xdg/fsmon");
                    p.write("xdg/git/config", &format!("[core]\n\tfsmonitor = {hook}\n"));
                },
                "git status -s",
                Some("core.fsmonitor"),
            )
        },
        case(
            "textconv-worktree-attributes",
            |p| {
                textconv(p);
                p.write("repo/.gitattributes", "*.txt diff=c\n");
            },
            "git log -p -1",
            Some("diff.c.textconv"),
        ),
        case(
            "textconv-info-attributes",
            |p| {
                textconv(p);
                p.write("repo/.git/info/attributes", "*.txt diff=c\n");
            },
            "git show HEAD",
            Some("diff.c.textconv"),
        ),
        case(
            "textconv-attributes-file",
            |p| {
                textconv(p);
                p.write("home/attrs", "*.txt diff=c\n");
                p.git(&format!(
                    "config core.attributesFile {}",
                    p.path("home/attrs").display()
                ));
            },
            "git blame notes.txt",
            Some("diff.c.textconv"),
        ),
        // The command's own overrides: --no-textconv, and `-c key=false` after the files'.
        case(
            "textconv-blame-off",
            |p| {
                textconv(p);
                p.write("repo/.gitattributes", "*.txt diff=c\n");
            },
            "git blame --no-textconv -L 1,2 notes.txt",
            None,
        ),
        case(
            "textconv-diff-off",
            |p| {
                textconv(p);
                p.write("repo/.gitattributes", "*.txt diff=c\n");
                p.write("repo/notes.txt", "changed\n");
            },
            "git diff --no-textconv HEAD -- notes.txt",
            None,
        ),
        case(
            "textconv-diff-on",
            |p| {
                textconv(p);
                p.write("repo/.gitattributes", "*.txt diff=c\n");
                p.write("repo/notes.txt", "changed\n");
            },
            "git diff HEAD -- notes.txt",
            Some("diff.c.textconv"),
        ),
        case(
            "textconv-blame-on",
            |p| {
                textconv(p);
                p.write("repo/.gitattributes", "*.txt diff=c\n");
            },
            "git blame -L 1,2 notes.txt",
            Some("diff.c.textconv"),
        ),
        case(
            "fsmonitor-off-on-command-line",
            fsmonitor,
            "git -c core.fsmonitor=false --no-optional-locks status --porcelain",
            None,
        ),
        case(
            "fsmonitor-on-after-off",
            fsmonitor,
            "git -c core.fsmonitor=false -c core.fsmonitor=.git/fsm status --porcelain",
            Some("core.fsmonitor"),
        ),
        case(
            "textconv-xdg-attributes",
            |p| {
                textconv(p);
                p.write("home/.config/git/attributes", "*.txt diff=c\n");
            },
            "git diff --no-index a.txt notes.txt",
            Some("diff.c.textconv"),
        ),
        case(
            "textconv-nested-attributes",
            |p| {
                textconv(p);
                p.write("repo/src/.gitattributes", "*.rs diff=c\n");
            },
            "git log -S main",
            Some("diff.c.textconv"),
        ),
        Case {
            env: &[("GIT_ATTR_SOURCE", "HEAD")],
            ..case(
                "textconv-attr-source",
                textconv,
                "git log -p",
                Some("GIT_ATTR_SOURCE"),
            )
        },
        case(
            "textconv-stat",
            |p| {
                textconv(p);
                p.write("repo/.gitattributes", "*.txt diff=c\n");
            },
            "git log --stat -1",
            None,
        ),
        case("textconv-no-attributes", textconv, "git log -p -1", None),
        // `-L` makes its own diff of the range: no textconv, even with -p; a pickaxe beside it
        // runs textconv (measured: git 2.47).
        case(
            "textconv-line-log",
            |p| {
                textconv(p);
                p.write("repo/.gitattributes", "*.txt diff=c\n");
            },
            "git log -p -L1,2:notes.txt --oneline",
            None,
        ),
        case(
            "textconv-line-log-pickaxe",
            |p| {
                textconv(p);
                p.write("repo/.gitattributes", "*.txt diff=c\n");
            },
            "git log -L1,2:notes.txt -Salpha",
            Some("diff.c.textconv"),
        ),
        // interpret-trailers runs every configured trailer command unless --only-input.
        case(
            "trailer-command",
            |p| {
                let cmd = p.program("home/trailer");
                p.git(&format!("config trailer.sign.command {cmd}"));
            },
            "git interpret-trailers --trailer 'Reviewed-by: Ann' notes.txt",
            Some("trailer.sign.command"),
        ),
        case(
            "trailer-cmd-only-input",
            |p| {
                let cmd = p.program("home/trailer");
                p.git(&format!("config trailer.sign.cmd {cmd}"));
            },
            "git interpret-trailers --only-input notes.txt",
            None,
        ),
        case(
            "trailer-none",
            |_| {},
            "git interpret-trailers --trailer 'Reviewed-by: Ann' notes.txt",
            None,
        ),
        // `git hook run NAME` runs the hook when there is one, and nothing else.
        case(
            "hook-run-missing",
            |_| {},
            "git hook run --ignore-missing post-checkout",
            None,
        ),
        case(
            "hook-run-present",
            |p| {
                p.program("repo/.git/hooks/post-checkout");
            },
            "git hook run --ignore-missing post-checkout",
            Some("hooks/post-checkout"),
        ),
        case(
            "hook-run-hooks-path",
            |p| {
                p.program("home/hooks/pre-push");
                p.git("config core.hooksPath ../home/hooks");
            },
            "git hook run pre-push -- origin",
            Some("home/hooks/pre-push"),
        ),
        case(
            "hook-run-configured",
            |p| {
                let cmd = p.program("home/lint");
                p.git("config hook.lint.event pre-commit");
                p.git(&format!("config hook.lint.command {cmd}"));
            },
            "git hook run pre-commit",
            Some("hook.lint.command"),
        ),
        case(
            "diff-external",
            |p| {
                let ext = p.program("home/ext");
                p.git(&format!("config diff.external {ext}"));
            },
            "git diff HEAD",
            Some("diff.external"),
        ),
        case(
            "diff-external-show",
            |p| {
                let ext = p.program("home/ext");
                p.git(&format!("config diff.external {ext}"));
            },
            "git show HEAD",
            None,
        ),
        case(
            "diff-external-ext-diff-log",
            |p| {
                let ext = p.program("home/ext");
                p.git(&format!("config diff.external {ext}"));
            },
            "git log -p --ext-diff -1",
            Some("diff.external"),
        ),
        Case {
            env: &[("GIT_EXEC_PATH", ".tools")],
            ..case(
                "exec-path-variable",
                |p| {
                    p.program("repo/.tools/git-submodule");
                },
                "git submodule status",
                Some("GIT_EXEC_PATH"),
            )
        },
        Case {
            env: &[("GIT_EXTERNAL_DIFF", "/x")],
            ..case(
                "external-diff-variable",
                |_| {},
                "git diff",
                Some("GIT_EXTERNAL_DIFF"),
            )
        },
        case(
            "diff-driver-command",
            |p| {
                let d = p.program("home/d");
                p.git(&format!("config diff.d.command {d}"));
                p.write("repo/.gitattributes", "*.md diff=d\n");
            },
            "git diff HEAD~0",
            Some("diff.d.command"),
        ),
        case(
            "filter-clean-blame",
            |p| {
                let f = p.program("home/f");
                p.git(&format!("config filter.f.clean {f}"));
                p.write("repo/.gitattributes", "*.txt filter=f\n");
            },
            "git blame notes.txt",
            Some("filter.f.clean"),
        ),
        // `git hash-object FILE` hashes the file as the clean filter leaves it.
        case(
            "filter-clean-hash-object",
            |p| {
                let f = p.program("home/f");
                p.git(&format!("config filter.f.clean {f}"));
                p.write("repo/.gitattributes", "*.txt filter=f\n");
            },
            "git hash-object notes.txt",
            Some("filter.f.clean"),
        ),
        case(
            "filter-clean-hash-object-no-filters",
            |p| {
                let f = p.program("home/f");
                p.git(&format!("config filter.f.clean {f}"));
                p.write("repo/.gitattributes", "*.txt filter=f\n");
            },
            "git hash-object --no-filters notes.txt",
            None,
        ),
        case(
            "filter-process-stale-status",
            |p| {
                let f = p.program("home/f");
                p.git(&format!("config filter.f.process {f}"));
                p.write("repo/.git/info/attributes", "*.txt filter=f\n");
                p.sh("touch repo/notes.txt");
            },
            "GIT_OPTIONAL_LOCKS=0 git status",
            Some("filter.f.process"),
        ),
        case(
            "filter-clean-fresh-status",
            |p| {
                let f = p.program("home/f");
                p.git(&format!("config filter.f.clean {f}"));
                p.write("repo/.git/info/attributes", "*.txt filter=f\n");
            },
            "git status",
            Some("takes the index's lock"),
        ),
        case(
            "filter-smudge-cat-file",
            |p| {
                let f = p.program("home/f");
                p.git(&format!("config filter.f.smudge {f}"));
                p.write("repo/.git/info/attributes", "*.txt filter=f\n");
            },
            "git cat-file --filters HEAD:notes.txt",
            Some("filter.f.smudge"),
        ),
        case(
            "alias-shell",
            |p| {
                p.write(
                    "home/.gitconfig",
                    "[alias]\n\tst = !touch PWNED && git status\n",
                );
            },
            "git st",
            Some("touch"),
        ),
        case(
            "alias-plain",
            |p| {
                p.write("home/.gitconfig", "[alias]\n\tst = status -sb\n");
            },
            "git --no-optional-locks st",
            None,
        ),
        case(
            "alias-shadowing-a-command",
            |p| {
                p.git("config alias.status '!touch PWNED'");
            },
            "git --no-optional-locks status",
            None,
        ),
        case(
            "show-signature-unsigned-history",
            |p| {
                let g = p.program("home/gpg");
                p.write(
                    "home/.gitconfig",
                    &format!("[log]\n\tshowSignature = true\n[gpg]\n\tprogram = {g}\n"),
                );
            },
            "git log --oneline",
            None,
        ),
        case(
            "show-signature",
            |p| {
                signed(p);
                let g = p.program("home/gpg");
                p.write(
                    "home/.gitconfig",
                    &format!("[log]\n\tshowSignature = true\n[gpg]\n\tprogram = {g}\n"),
                );
            },
            "git log -1",
            Some("gpg.program"),
        ),
        case(
            "signature-format",
            |p| {
                signed(p);
                let g = p.program("home/gpg");
                p.git(&format!("config gpg.program {g}"));
            },
            "git log -1 --format=%G?",
            Some("gpg.program"),
        ),
        case(
            "verify-commit",
            |p| {
                let g = p.program("home/gpg");
                p.git(&format!("config gpg.ssh.program {g}"));
            },
            "git verify-commit HEAD",
            Some("gpg.ssh.program"),
        ),
        case(
            "archive-export-subst-signature",
            |p| {
                signed(p);
                let g = p.program("home/gpg");
                p.git(&format!("config gpg.program {g}"));
            },
            "git archive --format=tar HEAD | tar -tf -",
            Some("gpg.program"),
        ),
        case(
            "archive-unsigned",
            |p| {
                let g = p.program("home/gpg");
                p.git(&format!("config gpg.program {g}"));
            },
            "git archive --format=tar HEAD | tar -tf -",
            None,
        ),
        Case {
            env: &[("GIT_TEST_FSMONITOR", ".git/fsm")],
            ..case(
                "test-fsmonitor-variable",
                |p| {
                    p.program("repo/.git/fsm");
                },
                "git status -s",
                Some("GIT_TEST_FSMONITOR"),
            )
        },
        case(
            "signature-program-without-signatures",
            |p| {
                let g = p.program("home/gpg");
                p.git(&format!("config gpg.program {g}"));
            },
            "git log -1 --oneline",
            None,
        ),
        case(
            "man-viewer",
            |p| {
                let v = p.program("home/v");
                p.write(
                    "home/.gitconfig",
                    &format!("[man]\n\tviewer = v\n[man \"v\"]\n\tcmd = {v}\n"),
                );
            },
            "git help log",
            Some("man.viewer"),
        ),
        case(
            "submodule-fsmonitor",
            |p| {
                p.write(
                    "repo/.gitmodules",
                    "[submodule \"lib\"]\n\tpath = lib\n\turl = ./lib\n",
                );
                p.sh("git init -q repo/lib");
                let hook = p.program("fsm");
                p.sh(&format!("git -C repo/lib config core.fsmonitor {hook}"));
            },
            "git diff",
            Some("submodule"),
        ),
        case(
            "filter-not-selected-for-the-modified-file",
            lfs_like,
            "git --no-optional-locks status --short && git diff --stat",
            None,
        ),
        case(
            "filter-selected-for-a-grown-file-diff",
            |p| {
                lfs_like(p);
                p.sh("echo more >> repo/logo.png");
            },
            "git diff --stat",
            Some("filter=lfs-like"),
        ),
        case(
            "filter-grown-file-status-reads-no-content",
            |p| {
                lfs_like(p);
                p.sh("echo more >> repo/logo.png");
            },
            "git --no-optional-locks status --short",
            None,
        ),
        case(
            "filter-stat-changed-same-size",
            |p| {
                lfs_like(p);
                p.sh("touch -d '2024-03-02 12:00:00' repo/logo.png");
            },
            "git --no-optional-locks status --short",
            Some("filter=lfs-like"),
        ),
        case(
            "filter-not-selected-for-the-blamed-file",
            lfs_like,
            "git blame README.md | head -3",
            None,
        ),
        case(
            "filter-selected-for-the-blamed-file",
            lfs_like,
            "git blame logo.png",
            Some("filter=lfs-like"),
        ),
        case(
            "filter-by-macro",
            |p| {
                lfs_like(p);
                p.write(
                    "repo/.git/info/attributes",
                    "[attr]big filter=lfs-like\n*.md big\n",
                );
            },
            "git diff --stat",
            Some("filter"),
        ),
        case(
            "submodule-no-optional-locks",
            |p| {
                p.write(
                    "repo/.gitmodules",
                    "[submodule \"lib\"]\n\tpath = lib\n\turl = ./lib\n",
                );
                p.sh("git init -q repo/lib");
            },
            "git --no-optional-locks status --short",
            None,
        ),
        case(
            "submodule-takes-its-lock",
            |p| {
                p.write(
                    "repo/.gitmodules",
                    "[submodule \"lib\"]\n\tpath = lib\n\turl = ./lib\n",
                );
                p.sh("git init -q repo/lib");
            },
            "GIT_OPTIONAL_LOCKS=1 git -C lib/.. status --short",
            Some("lib/.git/index.lock"),
        ),
        case(
            "submodule-fsmonitor-off-by-c",
            |p| {
                p.write(
                    "repo/.gitmodules",
                    "[submodule \"lib\"]\n\tpath = lib\n\turl = ./lib\n",
                );
                p.sh("git init -q repo/lib");
                let hook = p.program("fsm");
                p.sh(&format!("git -C repo/lib config core.fsmonitor {hook}"));
            },
            "git -c core.fsmonitor=false --no-optional-locks status",
            None,
        ),
        case(
            "submodule-fsmonitor-on-by-c",
            |p| {
                p.write(
                    "repo/.gitmodules",
                    "[submodule \"lib\"]\n\tpath = lib\n\turl = ./lib\n",
                );
                p.sh("git init -q repo/lib");
                let hook = p.program("fsm");
                p.sh(&format!("git -C repo/lib config core.fsmonitor {hook}"));
            },
            "git --no-optional-locks status",
            Some("submodule"),
        ),
        case(
            "inert-editor-pager-credentials",
            |p| {
                p.git("config core.editor 'touch PWNED'");
                p.git("config core.pager 'touch PWNED'");
                p.git("config credential.helper '!touch PWNED'");
                p.git("config core.sshCommand 'touch PWNED'");
            },
            "git log -2 && git remote -v && git branch -vv",
            None,
        ),
    ]);
}

#[test]
fn cargo_and_rustup() {
    fn wrapper(p: &Planted) {
        let w = p.program("repo/.cargo/w");
        p.write(
            "repo/.cargo/config.toml",
            &format!("[build]\nrustc-wrapper = \"{w}\"\n"),
        );
    }
    fn rustup_home(p: &Planted) {
        let _ = fs::create_dir_all(
            p.path("rustup/toolchains/stable-x86_64-unknown-linux-gnu/lib/rustlib"),
        );
        p.write(
            "rustup/toolchains/stable-x86_64-unknown-linux-gnu/lib/rustlib/components",
            "rustc-x86_64-unknown-linux-gnu\nrustfmt-preview-x86_64-unknown-linux-gnu\n",
        );
        p.write("rustup/settings.toml", "version = \"12\"\n");
    }
    /// rustup's proxies planted on `PATH` (nothing runs them here).
    fn proxies(p: &Planted) {
        p.program("bin/rustup");
        p.program("bin/rustc");
    }
    const PROXIED: &[(&str, &str)] = &[("PATH", "$ROOT/bin")];
    const RUSTUP: &[(&str, &str)] = &[("RUSTUP_HOME", "$ROOT/rustup")];
    /// A rustup home in the repository, whose default toolchain is a directory of its own.
    fn planted_rustup_home(p: &Planted) {
        p.program("repo/.rustup-home/toolchains/evil/bin/cargo");
        p.write(
            "repo/.rustup-home/settings.toml",
            "version = \"12\"\ndefault_toolchain = \"evil\"\n",
        );
    }
    run(&[
        Case {
            env: PROXIED,
            ..case(
                "rustup-settings-made",
                |p| {
                    proxies(p);
                    p.sh("rm -rf home/.rustup");
                },
                "rustc --version",
                Some("settings.toml"),
            )
        },
        Case {
            env: PROXIED,
            ..case("rustup-settings-there", proxies, "rustc --version", None)
        },
        Case {
            env: &[("RUSTUP_HOME", ".rustup-home")],
            ..case(
                "rustup-home-relative",
                planted_rustup_home,
                "cargo --version",
                Some("RUSTUP_HOME"),
            )
        },
        Case {
            env: &[("RUSTUP_HOME", "$ROOT/repo/.rustup-home")],
            ..case(
                "rustup-home-in-the-work-tree",
                planted_rustup_home,
                "rustc -vV",
                Some("RUSTUP_HOME"),
            )
        },
        case(
            "rustc-wrapper-metadata",
            wrapper,
            "cargo metadata --format-version 1",
            Some("build.rustc-wrapper"),
        ),
        case(
            "rustc-wrapper-tree",
            wrapper,
            "cargo tree --offline",
            Some("build.rustc-wrapper"),
        ),
        case(
            "rustc-wrapper-no-deps",
            wrapper,
            "cargo metadata --no-deps --format-version 1",
            None,
        ),
        Case {
            cwd: "repo/src",
            ..case(
                "rustc-parent-legacy-config",
                |p| {
                    let r = p.program("home/rc");
                    p.write("repo/.cargo/config", &format!("[build]\nrustc = \"{r}\"\n"));
                },
                "cargo tree --frozen",
                Some("build.rustc"),
            )
        },
        case(
            "cargo-home-config",
            |p| {
                let w = p.program("home/w");
                p.write(
                    "home/.cargo/config.toml",
                    &format!("[build]\nrustc-wrapper = \"{w}\"\n"),
                );
            },
            "cargo fetch",
            Some("home/.cargo/config.toml"),
        ),
        case(
            "runner-is-not-asked",
            |p| {
                p.write(
                    "repo/.cargo/config.toml",
                    "[target.x86_64-unknown-linux-gnu]\nrunner = \"touch PWNED\"\n",
                );
            },
            "cargo tree --offline",
            None,
        ),
        case(
            "external-command-in-cargo-home",
            |p| {
                p.program("home/.cargo/bin/cargo-clippy");
            },
            "cargo clippy --version",
            Some("cargo-clippy"),
        ),
        Case {
            env: &[("RUSTFMT", "./tools/rustfmt")],
            ..case(
                "cargo-fmt-rustfmt-variable",
                |_| {},
                "cargo fmt -- --check",
                Some("RUSTFMT"),
            )
        },
        case("cargo-fmt-check", |_| {}, "cargo fmt --check", None),
        case("top-configured", |_| {}, "top -b -n 1", None),
        case(
            "top-first-run",
            |p| {
                p.sh("rm -rf home/.config/procps");
            },
            "top -b -n 1 | head -5",
            Some(".config/procps"),
        ),
        case(
            "top-first-run-old-toprc",
            |p| {
                p.sh("rm -rf home/.config/procps && touch home/.toprc");
            },
            "top -b -n 1",
            None,
        ),
        Case {
            env: &[("XDG_CONFIG_HOME", "$ROOT/xdg")],
            ..case("top-first-run-xdg", |_| {}, "top -bn1", Some("xdg/procps"))
        },
        case(
            "cargo-home-first-use",
            |p| {
                p.sh("rm -rf home/.cargo");
            },
            "cargo tree --offline",
            Some(".package-cache"),
        ),
        case(
            "cargo-home-first-use-no-deps",
            |p| {
                p.sh("rm -rf home/.cargo");
            },
            "cargo metadata --no-deps --offline --format-version 1",
            None,
        ),
        case(
            "lockfile-stale",
            |p| {
                p.sh("touch repo/Cargo.toml");
            },
            "cargo tree --offline",
            Some("Cargo.lock"),
        ),
        Case {
            env: RUSTUP,
            ..case(
                "toolchain-path",
                |p| {
                    rustup_home(p);
                    p.write(
                        "repo/rust-toolchain.toml",
                        "[toolchain]\npath = \"/opt/tc\"\n",
                    );
                },
                "rustc --version",
                Some("toolchain.path"),
            )
        },
        // rustup's own reading commands name the toolchain and run none of it; --version runs
        // its rustc.
        Case {
            env: RUSTUP,
            ..case(
                "toolchain-path-rustup-show",
                |p| {
                    rustup_home(p);
                    p.write(
                        "repo/rust-toolchain.toml",
                        "[toolchain]\npath = \"/opt/tc\"\n",
                    );
                },
                "rustup show active-toolchain; rustup toolchain list",
                None,
            )
        },
        Case {
            env: RUSTUP,
            ..case(
                "toolchain-path-rustup-version",
                |p| {
                    rustup_home(p);
                    p.write(
                        "repo/rust-toolchain.toml",
                        "[toolchain]\npath = \"/opt/tc\"\n",
                    );
                },
                "rustup --version",
                Some("toolchain.path"),
            )
        },
        Case {
            env: RUSTUP,
            cwd: "repo/src",
            ..case(
                "toolchain-not-installed",
                |p| {
                    rustup_home(p);
                    p.write("repo/rust-toolchain", "nightly-2020-01-01\n");
                },
                "cargo --version",
                Some("installs the toolchain"),
            )
        },
        Case {
            env: RUSTUP,
            ..case(
                "toolchain-component-missing",
                |p| {
                    rustup_home(p);
                    p.write(
                        "repo/rust-toolchain.toml",
                        "[toolchain]\nchannel = \"stable\"\ncomponents = [\"rust-src\"]\n",
                    );
                },
                "cargo --version",
                Some("rust-src"),
            )
        },
        Case {
            env: RUSTUP,
            ..case(
                "toolchain-installed",
                |p| {
                    rustup_home(p);
                    p.write(
                        "repo/rust-toolchain.toml",
                        "[toolchain]\nchannel = \"stable\"\ncomponents = [\"rustfmt\"]\n",
                    );
                },
                "cargo --version",
                None,
            )
        },
    ]);
}

#[test]
fn node_package_managers() {
    // npm, yarn and pnpm as node scripts on a PATH of the case's own: what runs them is planted.
    fn managers(p: &Planted) {
        for name in ["npm", "yarn", "pnpm"] {
            p.script(&format!("bin/{name}"), "node");
        }
        p.write("home/.npmrc", "logs-max=0\nupdate-notifier=false\n");
    }
    const PATH: &[(&str, &str)] = &[("PATH", "$ROOT/bin:/usr/bin:/bin")];
    let with_path = |c: Case| Case { env: PATH, ..c };
    run(&[
        with_path(case(
            "yarn-path",
            |p| {
                managers(p);
                p.write("repo/.yarnrc", "yarn-path \"./y.js\"\n");
            },
            "yarn --version",
            Some("yarn-path"),
        )),
        with_path(case(
            "yarnpath-yml-home",
            |p| {
                managers(p);
                p.write("home/.yarnrc.yml", "yarnPath: ./y.cjs\n");
            },
            "yarn --version",
            Some("yarnPath"),
        )),
        with_path(case(
            "yarn-plugins",
            |p| {
                managers(p);
                p.write("repo/.yarnrc.yml", "plugins:\n  - path: p.cjs\n");
            },
            "yarn --version",
            Some("plugins"),
        )),
        with_path(case(
            "yarnrc-harmless",
            |p| {
                managers(p);
                p.write("repo/.yarnrc.yml", "nodeLinker: node-modules\n");
            },
            "yarn --version",
            None,
        )),
        with_path(case(
            "pnpmfile",
            |p| {
                managers(p);
                p.write("repo/.pnpmfile.cjs", "module.exports = {}\n");
            },
            "pnpm --version",
            Some(".pnpmfile.cjs"),
        )),
        with_path(case(
            "pnpmfile-setting",
            |p| {
                managers(p);
                p.write("repo/.npmrc", "pnpmfile=hooks.cjs\n");
            },
            "pnpm --version",
            Some("pnpmfile"),
        )),
        with_path(case("pnpm-plain", managers, "pnpm --version", None)),
        with_path(case(
            "npm-logs-on-by-default",
            |p| {
                managers(p);
                p.write("home/.npmrc", "");
            },
            "npm ls",
            Some("logs-max"),
        )),
        with_path(case(
            "npm-logs-off",
            managers,
            "npm ls && npm pkg get name && npm run",
            None,
        )),
        Case {
            env: &[
                ("PATH", "$ROOT/bin:/usr/bin:/bin"),
                ("NODE_OPTIONS", "--require ./x.js"),
            ],
            ..case(
                "node-options-require",
                managers,
                "npm -v",
                Some("NODE_OPTIONS"),
            )
        },
        Case {
            env: &[
                ("PATH", "$ROOT/bin:/usr/bin:/bin"),
                ("NODE_OPTIONS", "--max-old-space-size=4096"),
            ],
            ..case("node-options-harmless", managers, "npm -v", None)
        },
    ]);
}

/// Python reads only variables named PYTHON…: one not known to leave its writes and loads alone
/// (PYTHONPERFSUPPORT writes /tmp/perf-PID.map, Python 3.12) is not read-only; known ones are.
#[test]
fn python_variables_not_known() {
    run(&[
        Case {
            env: &[("PYTHONPERFSUPPORT", "1")],
            ..case(
                "python-perf-support",
                |_| {},
                "python3 -c 'print(1)'",
                Some("PYTHONPERFSUPPORT"),
            )
        },
        Case {
            env: &[("PYTHON_PERF_JIT_SUPPORT", "1")],
            ..case(
                "python-perf-jit",
                |_| {},
                "python3 -c 'print(1)'",
                Some("PYTHON_PERF_JIT_SUPPORT"),
            )
        },
        Case {
            env: &[
                ("PYTHONUNBUFFERED", "1"),
                ("PYTHONDONTWRITEBYTECODE", "1"),
                ("PYTHONHASHSEED", "0"),
            ],
            ..case(
                "python-known-variables",
                |_| {},
                "python3 -c 'print(1)'",
                None,
            )
        },
    ]);
}

#[test]
fn python_module_path_and_site() {
    fn shadow(p: &Planted) {
        p.write("repo/json.py", "open('PWNED', 'w')\n");
    }
    fn user_site(p: &Planted, file: &str, text: &str) {
        p.write(
            &format!("home/.local/lib/python3.11/site-packages/{file}"),
            text,
        );
    }
    run(&[
        case(
            "shadow-m",
            shadow,
            "python3 -m json.tool a.txt",
            Some("json.py"),
        ),
        case(
            "shadow-c",
            shadow,
            "python3 -c 'import json; print(json.dumps(1))'",
            Some("json.py"),
        ),
        case(
            "shadow-isolated",
            shadow,
            "python3 -I -m json.tool a.txt",
            None,
        ),
        case(
            "shadow-safe-path",
            shadow,
            "python3 -P -c 'import json; print(1)'",
            None,
        ),
        case("shadow-not-imported", shadow, "python3 -c 'print(1)'", None),
        case(
            "ctypes-find-library-not-cached",
            |_| {},
            "python3 -B -c 'import ctypes.util; print(ctypes.util.find_library(\"no-such-lib-here\"))'",
            Some("runs gcc"),
        ),
        case(
            "ctypes-find-library-name-not-literal",
            |_| {},
            "python3 -B -c 'import ctypes.util, sys; print(ctypes.util.find_library(sys.argv[0]))'",
            Some("inline code"),
        ),
        Case {
            env: &[("PYTHONPATH", "lib")],
            ..case(
                "shadow-pythonpath",
                |p| p.write("repo/lib/json/__init__.py", ""),
                "python3 -m json.tool a.txt",
                Some("PYTHONPATH"),
            )
        },
        Case {
            env: &[("PYTHONPATH", "lib")],
            ..case(
                "shadow-pythonpath-ignored",
                |p| p.write("repo/lib/json/__init__.py", ""),
                "python3 -E -m json.tool a.txt",
                None,
            )
        },
        case(
            "sitecustomize-in-cwd",
            |p| p.write("repo/sitecustomize.py", "open('PWNED', 'w')\n"),
            "python3 -c 'print(1)'",
            None,
        ),
        case(
            "pth-import",
            |p| user_site(p, "x.pth", "import os\n"),
            "python3 -c 'print(1)'",
            Some("x.pth"),
        ),
        case(
            "pth-paths",
            |p| user_site(p, "x.pth", "/nowhere\n"),
            "python3 -c 'print(1)'",
            None,
        ),
        case(
            "pth-no-user-site",
            |p| user_site(p, "x.pth", "import os\n"),
            "python3 -s -m json.tool a.txt",
            None,
        ),
        case(
            "usercustomize",
            |p| user_site(p, "usercustomize.py", ""),
            "python3 -m json.tool a.txt",
            Some("usercustomize"),
        ),
        case(
            "usercustomize-pip",
            |p| user_site(p, "usercustomize.py", ""),
            "pip --version",
            Some("usercustomize"),
        ),
        Case {
            env: &[("PYTHONSTARTUP", "/x.py")],
            ..case(
                "startup-not-interactive",
                |_| {},
                "python3 -c 'print(1)'",
                None,
            )
        },
        case(
            "pip-version-check",
            |_| {},
            "python3 -m pip list",
            Some("newer pip"),
        ),
        case(
            "pip-log-config",
            |p| {
                p.write(
                    "home/.config/pip/pip.conf",
                    "[global]\nlog = /tmp/pip.log\n",
                )
            },
            "pip show pip",
            Some("log ="),
        ),
        case(
            "pip-log-legacy-config",
            |p| p.write("home/.pip/pip.conf", "[show]\nlog_file: pip.log\n"),
            "python3 -m pip show pip",
            Some("log ="),
        ),
        case(
            "pip-config-no-log",
            |p| {
                p.write(
                    "home/.config/pip/pip.conf",
                    "[global]\ntimeout = 5\nlogfile-note = x\n",
                )
            },
            "pip show pip",
            None,
        ),
        case(
            "go-env-file-cc",
            |p| p.write("home/.config/go/env", "CC=/tmp/evil-cc\nGOPROXY=off\n"),
            "go env GOPATH",
            Some("CC"),
        ),
        Case {
            env: &[("GOENV", "goenv")],
            ..case(
                "go-env-file-goenv",
                |p| p.write("repo/goenv", "GOTOOLCHAIN=go1.99.0\n"),
                "go version",
                Some("GOTOOLCHAIN"),
            )
        },
        case(
            "go-env-file-plain",
            |p| p.write("home/.config/go/env", "GOPROXY=off\nGOTOOLCHAIN=local\n"),
            "go env GOPATH",
            None,
        ),
        case(
            "login-shell-profile",
            |p| p.write("home/.profile", "touch \"$HOME/PWNED\"\n"),
            "bash -l -c 'ls src'",
            // The file is walked as the code it is (session 30).
            Some("touch"),
        ),
        case(
            "interactive-shell-bashrc",
            |p| p.write("home/.bashrc", "touch \"$HOME/PWNED\"\n"),
            "bash -ic 'ls src'",
            Some("touch"),
        ),
        case(
            "plain-shell-profile",
            |p| p.write("home/.profile", "touch \"$HOME/PWNED\"\n"),
            "bash -c 'ls src'",
            None,
        ),
        case(
            "login-shell-noprofile",
            |p| p.write("home/.bash_profile", "touch \"$HOME/PWNED\"\n"),
            "bash --login --noprofile -c 'ls src'",
            None,
        ),
        case(
            "pip-version-check-off",
            |_| {},
            "pip list --disable-pip-version-check",
            None,
        ),
    ]);
}

/// A `-c` program's imports of the project's modules: each found where Python looks first and
/// judged as a module that only defines and prints, with what it imports; bytecode is written
/// beside it unless `-B` or `PYTHONDONTWRITEBYTECODE` (measured, Python 3.11).
#[test]
fn python_inline_imports_of_the_project() {
    fn plain(p: &Planted) {
        p.write(
            "repo/helper.py",
            "\"\"\"Helpers.\"\"\"\nX = 41 + 1\n\n\ndef f(a, b=2):\n    return a + b\n",
        );
    }
    fn writes(p: &Planted) {
        p.write("repo/helper.py", "open('ran', 'w').write('x')\nX = 1\n");
    }
    fn writes_in_function(p: &Planted) {
        p.write(
            "repo/helper.py",
            "def f():\n    open('ran', 'w').write('x')\n    return 1\n",
        );
    }
    fn calls_parameter(p: &Planted) {
        p.write("repo/helper.py", "def f(g):\n    return g('ran', 'w')\n");
    }
    fn transitive(p: &Planted) {
        p.write("repo/helper.py", "import sub2\nX = sub2.Y\n");
        p.write("repo/sub2.py", "import os\nos.system('touch ran')\nY = 1\n");
    }
    fn transitive_plain(p: &Planted) {
        p.write("repo/helper.py", "import sub2\nX = sub2.Y + 1\n");
        p.write("repo/sub2.py", "Y = 1\n");
    }
    fn package(p: &Planted) {
        p.write("repo/pkg/__init__.py", "from .core import V\n");
        p.write("repo/pkg/core.py", "V = 2\n");
    }
    fn package_writes(p: &Planted) {
        p.write("repo/pkg/__init__.py", "from .core import V\n");
        p.write("repo/pkg/core.py", "open('ran', 'w')\nV = 2\n");
    }
    fn src(p: &Planted) {
        p.write("repo/src/m.py", "def f():\n    return 5\n");
    }
    fn extension(p: &Planted) {
        plain(p);
        p.write("repo/helper.cpython-311-x86_64-linux-gnu.so", "");
    }
    fn shadow_json(p: &Planted) {
        p.write("repo/json.py", "open('ran', 'w')\n");
    }
    run(&[
        case(
            "project-plain-B",
            plain,
            "python3 -B -c 'import helper; print(helper.X, helper.f(1))'",
            None,
        ),
        case(
            "project-from-B",
            plain,
            "python3 -B -c 'from helper import f; print(f(1))'",
            None,
        ),
        Case {
            env: &[("PYTHONDONTWRITEBYTECODE", "1")],
            ..case(
                "project-plain-env",
                plain,
                "python3 -c 'import helper; print(helper.X)'",
                None,
            )
        },
        case(
            "project-plain-bytecode",
            plain,
            "python3 -c 'import helper; print(helper.X)'",
            Some("bytecode"),
        ),
        case(
            "project-writes",
            writes,
            "python3 -B -c 'import helper; print(helper.X)'",
            Some("does more than define"),
        ),
        case(
            "project-writes-in-function",
            writes_in_function,
            "python3 -B -c 'import helper; print(helper.f())'",
            Some("does more than define"),
        ),
        case(
            "project-calls-parameter",
            calls_parameter,
            "python3 -B -c 'import helper; print(helper.f(print))'",
            Some("does more than define"),
        ),
        case(
            "project-transitive",
            transitive,
            "python3 -B -c 'import helper; print(helper.X)'",
            Some("sub2.py"),
        ),
        case(
            "project-transitive-plain",
            transitive_plain,
            "python3 -B -c 'import helper; print(helper.X)'",
            None,
        ),
        case(
            "project-package",
            package,
            "python3 -B -c 'import pkg; print(pkg.V)'",
            None,
        ),
        case(
            "project-package-writes",
            package_writes,
            "python3 -B -c 'import pkg; print(pkg.V)'",
            Some("core.py"),
        ),
        case(
            "project-sys-path",
            src,
            "python3 -B -c 'import sys; sys.path.insert(0, \"src\"); import m; print(m.f())'",
            None,
        ),
        case(
            "project-not-found",
            |_| {},
            "python3 -B -c 'import helper; print(helper.X)'",
            Some("neither a standard module"),
        ),
        case(
            "project-sys-path-missing",
            src,
            "python3 -B -c 'import m; print(m.f())'",
            Some("neither a standard module"),
        ),
        case(
            "project-safe-path",
            plain,
            "python3 -B -P -c 'import helper; print(helper.X)'",
            Some("neither a standard module"),
        ),
        case(
            "project-extension",
            extension,
            "python3 -B -c 'import helper; print(helper.X)'",
            Some("neither a standard module"),
        ),
        case(
            "project-std-module-through",
            plain,
            "python3 -B -c 'import helper; print(helper.os)'",
            Some("inline code"),
        ),
        case(
            "project-shadow-json",
            shadow_json,
            "python3 -B -c 'import json; print(1)'",
            Some("json.py"),
        ),
        case(
            "sys-path-aliased",
            shadow_json,
            "python3 -B -c 'import sys; p = sys.path; p.insert(0, \"lib\"); print(1)'",
            Some("sys.path"),
        ),
        case(
            "sys-path-inserted-shadow",
            |p| p.write("repo/lib/json.py", "open('ran', 'w')\n"),
            "python3 -B -c 'import sys; sys.path.insert(0, \"lib\"); import json; print(1)'",
            Some("json.py"),
        ),
        // pathlib is not `from sys import path`; that, and `import sys as s`, are names for
        // sys.path not followed.
        case(
            "pathlib-is-not-sys-path",
            |_| {},
            "python3 -c 'import pathlib; print(sorted(p.name for p in pathlib.Path(\".\").glob(\"*.csv\")))'",
            None,
        ),
        case(
            "from-sys-import-path",
            |_| {},
            "python3 -c 'from sys import argv, path; path.insert(0, \"lib\"); import json'",
            Some("sys.path"),
        ),
        case(
            "sys-path-printed",
            |_| {},
            "python3 -c 'import sys; print(*sys.path, sep=\"\\n\")'",
            None,
        ),
        // Read where it stands: a length, a membership test, an element, a loop over it.
        case(
            "sys-path-len",
            |_| {},
            "python3 -c 'import sys; print(len(sys.path) > 0)'",
            None,
        ),
        case(
            "sys-path-in",
            |_| {},
            "python3 -c 'import sys; print(\"src\" in sys.path, sys.path[0])'",
            None,
        ),
        case(
            "sys-path-loop",
            |_| {},
            "python3 -c 'import sys\nfor p in sys.path: print(p)'",
            None,
        ),
        // Changed: an element assigned, a slice deleted, an extension, a function given it.
        case(
            "sys-path-element-assigned",
            shadow_json,
            "python3 -B -c 'import sys; sys.path[0] = \"lib\"; import json'",
            Some("sys.path"),
        ),
        case(
            "sys-path-deleted",
            |_| {},
            "python3 -B -c 'import sys; del sys.path[0]; print(1)'",
            Some("sys.path"),
        ),
        case(
            "sys-path-extended",
            |_| {},
            "python3 -B -c 'import sys; sys.path += [\"lib\"]; print(1)'",
            Some("sys.path"),
        ),
        case(
            "sys-path-given-away",
            |_| {},
            "python3 -B -c 'import sys, site; site.addsitedir(\"lib\", sys.path)'",
            Some("sys.path"),
        ),
    ]);
}

/// A program that would write, with nothing to do here: it asks and its stdin is at its end
/// (`< /dev/null`), or what it would make is there already.
#[test]
fn prompts_answered_no_and_directories_already_there() {
    fn files(p: &Planted) {
        p.write("repo/a.txt", "a\n");
        p.write("repo/b.txt", "b\n");
        p.write("repo/d/f", "f\n");
    }
    run(&[
        case("rm-i-eof", files, "rm -i a.txt < /dev/null", None),
        case("rm-ri-eof", files, "rm -ri d < /dev/null; ls d", None),
        case(
            "rm-i-input",
            files,
            "rm -i a.txt < answers.txt",
            Some("deletes"),
        ),
        case(
            "rm-i-then-f",
            files,
            "rm -i -f a.txt < /dev/null",
            Some("deletes"),
        ),
        case(
            "rm-I-eof",
            files,
            "rm -I a.txt < /dev/null",
            Some("deletes"),
        ),
        case("rm-i-no-redirect", files, "rm -i a.txt", Some("deletes")),
        case(
            "cp-i-existing",
            files,
            "cp -i a.txt b.txt < /dev/null",
            None,
        ),
        case(
            "mv-i-existing",
            files,
            "mv -i a.txt b.txt < /dev/null",
            None,
        ),
        case(
            "cp-i-new",
            files,
            "cp -i a.txt c.txt < /dev/null",
            Some("cop"),
        ),
        case(
            "cp-i-into-directory",
            files,
            "cp -i a.txt d < /dev/null",
            Some("cop"),
        ),
        case(
            "cp-i-here-string",
            files,
            "cp -i a.txt b.txt <<< y",
            Some("cop"),
        ),
        case(
            "cp-n-existing",
            files,
            "cp -n a.txt b.txt 2>/dev/null; mv -nv a.txt b.txt; cp --no-clobber a.txt b.txt",
            None,
        ),
        case("cp-n-new", files, "cp -n a.txt c.txt", Some("cop")),
        case("cp-n-into-directory", files, "cp -n a.txt d", Some("cop")),
        case("cp-n-recursive", files, "cp -nr a.txt b.txt", Some("cop")),
        case("mkdir-existing", files, "mkdir -p . .. d; echo ok", None),
        case("mkdir-mode-existing", files, "mkdir -p -m700 d", None),
        case("mkdir-new", files, "mkdir -p d/e", Some("creates")),
        case(
            "mkdir-through-missing",
            files,
            "mkdir -p x/..",
            Some("creates"),
        ),
        case(
            "mkdir-after-cd",
            files,
            "cd d && mkdir -p d",
            Some("creates"),
        ),
        // node's mkdirSync of a directory that exists, recursive or not, makes nothing.
        case(
            "node-mkdir-existing",
            files,
            "node -e 'require(\"fs\").mkdirSync(\"d\",{recursive:true})'",
            None,
        ),
        case(
            "node-mkdir-existing-bound",
            files,
            "node -e 'const fs = require(\"node:fs\"); fs.mkdirSync(\"d\", { mode: 0o755 }); console.log(fs.existsSync(\"d\"))'",
            None,
        ),
        case(
            "node-mkdir-new",
            files,
            "node -e 'require(\"fs\").mkdirSync(\"d/e\",{recursive:true})'",
            Some("inline code"),
        ),
        case(
            "m4-file-defines",
            |p| p.write("repo/macros.m4", "define(X,42)dnl\nX\n"),
            "m4 macros.m4",
            None,
        ),
        case(
            "m4-file-runs",
            |p| p.write("repo/macros.m4", "define(x,sys)dnl\nx()cmd(`touch made')\n"),
            "m4 macros.m4",
            Some("m4"),
        ),
        case(
            "m4-file-and-stdin",
            |p| p.write("repo/macros.m4", "define(X,42)dnl\n"),
            "echo 'syscmd(id)' | m4 macros.m4 -",
            Some("m4"),
        ),
        case(
            "python-makedirs-existing",
            files,
            "python3 -B -c 'import os; os.makedirs(\"d\", exist_ok=True); print(os.listdir(\"d\"))'",
            None,
        ),
        case(
            "python-path-mkdir-existing",
            files,
            "python3 -c 'from pathlib import Path; Path(\"d\").mkdir(parents=True, exist_ok=True)'",
            None,
        ),
        case(
            "python-makedirs-new",
            files,
            "python3 -c 'import os; os.makedirs(\"d/e\", exist_ok=True)'",
            Some("inline code"),
        ),
        case(
            "node-mkdir-existing-then-writes",
            files,
            "node -e 'const fs = require(\"fs\"); fs.mkdirSync(\"d\"); fs.writeFileSync(\"d/x\", \"1\")'",
            Some("inline code"),
        ),
        // Nothing where rm and truncate -c are pointed: nothing to remove or make.
        case(
            "rm-f-missing",
            files,
            "rm -f build.tmp x/y; rm -rf out",
            None,
        ),
        case(
            "rm-f-missing-trap",
            files,
            "trap 'rm -f build.tmp' EXIT; cat a.txt > /dev/null",
            None,
        ),
        case(
            "rm-f-existing",
            files,
            "rm -f build.tmp a.txt",
            Some("deletes"),
        ),
        case(
            "rm-f-dangling-link",
            |p| {
                files(p);
                p.sh("ln -s nowhere repo/link");
            },
            "rm -f link",
            Some("deletes"),
        ),
        case("rm-f-after-cd", files, "cd d && rm -f f", Some("deletes")),
        case("rm-f-tilde", files, "rm -f ~/x", Some("deletes")),
        case(
            "rm-interactive-missing",
            files,
            "rm -I build.tmp",
            Some("deletes"),
        ),
        case(
            "truncate-c-missing",
            files,
            "truncate -c -s 0 nosuch.txt; truncate --no-create --size=1 x y; truncate -cs0 z",
            None,
        ),
        case(
            "truncate-c-existing",
            files,
            "truncate -c -s 0 a.txt",
            Some("truncates"),
        ),
        case(
            "truncate-missing-creates",
            files,
            "truncate -s 0 nosuch.txt",
            Some("truncates"),
        ),
        case(
            "truncate-c-size-is-operand",
            files,
            "truncate -c -s a.txt nosuch.txt",
            None,
        ),
        case(
            "touch-c-missing",
            files,
            "touch -c nosuch.txt x/y; touch --no-create -d 2020-01-01 a.txt.new; touch -cm -r a.txt z",
            None,
        ),
        case(
            "touch-c-existing",
            files,
            "touch -c -d 2020-01-01 nosuch.txt a.txt",
            Some("touches"),
        ),
        case("touch-missing-creates", files, "touch nosuch.txt", Some("touches")),
        case("touch-c-stdout", files, "touch -c -", Some("touches")),
        case(
            "touch-c-date-is-not-an-operand",
            files,
            "touch -c -t a.txt nosuch.txt",
            None,
        ),
        // Nothing on stdin: the interpreter's program is empty.
        case("python-devnull", |_| {}, "python3 < /dev/null", None),
        case("python-file-input", |_| {}, "python3 < a.py", Some("input")),
    ]);
}

/// A Java VM writes no performance data when the options its environment gives it say
/// `-XX:-UsePerfData`: JAVA_TOOL_OPTIONS for every VM, MAVEN_OPTS for mvn only.
#[test]
fn jvm_perf_data_turned_off_by_the_environment() {
    let tool: &[(&str, &str)] = &[("JAVA_TOOL_OPTIONS", "-XX:-UsePerfData")];
    let maven: &[(&str, &str)] = &[("MAVEN_OPTS", "-XX:-UsePerfData")];
    let back_on: &[(&str, &str)] = &[
        ("JAVA_TOOL_OPTIONS", "-XX:-UsePerfData"),
        ("_JAVA_OPTIONS", "-XX:+UsePerfData"),
    ];
    let logged = |p: &Planted| p.write("repo/.mvn/maven.config", "--log-file=build.log\n");
    run(&[
        Case {
            env: tool,
            ..case("java-tool-options", |_| {}, "java -version", None)
        },
        Case {
            env: maven,
            ..case("maven-opts", |_| {}, "mvn -v 2>&1 | head -1", None)
        },
        Case {
            env: maven,
            ..case(
                "maven-opts-not-java",
                |_| {},
                "java -version",
                Some("hsperfdata"),
            )
        },
        Case {
            env: back_on,
            ..case(
                "turned-back-on",
                |_| {},
                "java -version",
                Some("hsperfdata"),
            )
        },
        Case {
            env: maven,
            ..case("maven-config-log", logged, "mvn -v", Some("maven.config"))
        },
        case("nothing-said", |_| {}, "java -version", Some("hsperfdata")),
    ]);
}

/// `iconv -l` reads GCONV_PATH's list of converters and loads none of them.
#[test]
fn gconv_path_and_iconv_listing() {
    fn planted(p: &Planted) {
        p.write(
            "gconv/gconv-modules",
            "alias\tUTF-8//\tEVIL//\nmodule\tINTERNAL\tEVIL//\tEVIL\t1\n",
        );
        p.write("gconv/EVIL.so", "");
    }
    let env: &[(&str, &str)] = &[("GCONV_PATH", "$ROOT/gconv")];
    let with = |name, command, flagged| Case {
        env,
        ..case(name, planted, command, flagged)
    };
    run(&[
        with("iconv-l", "iconv -l", None),
        // grep loads what the environment names as any program does.
        with("iconv-l-grep", "iconv -l | grep -c UTF", Some("GCONV_PATH")),
        with("iconv-version", "iconv --version", None),
        with(
            "iconv-convert",
            "iconv -f latin1 -t utf-8 a.txt",
            Some("GCONV_PATH"),
        ),
        with("iconv-l-and-file", "iconv -l a.txt", Some("GCONV_PATH")),
        with("other-program", "ls", Some("GCONV_PATH")),
    ]);
}

#[test]
fn pagers_tools_and_interpreters() {
    fn bash_script(p: &Planted) {
        p.script("bin/tool", "bash");
    }
    /// pyenv's shim for `python3`, as `pyenv rehash` writes it.
    fn pyenv_shim(p: &Planted) {
        let root = p.path("pyenv").display().to_string();
        p.write(
            "pyenv/shims/python3",
            &format!("#!/usr/bin/env bash\nset -e\nprogram=\"${{0##*/}}\"\nexport PYENV_ROOT=\"{root}\"\nexec \"{root}/libexec/pyenv\" exec \"$program\" \"$@\"\n"),
        );
        let _ = crate::process::fd::make_executable(&p.path("pyenv/shims/python3"));
        p.write("repo/.pyenv.d/exec/pwn.bash", "touch \"$ROOT/PWNED\"\n");
    }
    run(&[
        Case {
            env: &[
                ("PATH", "$ROOT/pyenv/shims:/usr/bin:/bin"),
                ("PYENV_HOOK_PATH", "./.pyenv.d"),
            ],
            ..case(
                "pyenv-hook-path",
                pyenv_shim,
                "python3 -V",
                Some("PYENV_HOOK_PATH"),
            )
        },
        Case {
            env: &[("PATH", "$ROOT/pyenv/shims:/usr/bin:/bin")],
            ..case("pyenv-shim-no-hook-path", pyenv_shim, "python3 -V", None)
        },
        Case {
            env: &[("LESSOPEN", "|./x %s")],
            ..case("lessopen", |_| {}, "less README.md", Some("LESSOPEN"))
        },
        Case {
            env: &[("LESSOPEN", "|./x %s")],
            ..case("lessopen-off", |_| {}, "less -L README.md", None)
        },
        Case {
            env: &[("LESSCLOSE", "./x %s %s")],
            ..case("lessclose-without-lessopen", |_| {}, "less -F README.md | head -1", None)
        },
        Case {
            env: &[("LESSCLOSE", "./x %s %s"), ("LESSOPEN", "")],
            ..case("lessclose-empty-lessopen", |_| {}, "less -F README.md", None)
        },
        Case {
            env: &[("LESSCLOSE", "./x %s %s"), ("LESSOPEN", "| /usr/bin/lesspipe %s")],
            ..case("lessclose-with-lessopen", |_| {}, "less -F README.md", Some("LESSCLOSE"))
        },
        case(
            "lessclose-lesskey-lessopen",
            |p| p.write("home/.lesskey", "#env\nLESSOPEN=|./x %s\n"),
            "LESSCLOSE='./x %s %s' less README.md",
            Some(".lesskey"),
        ),
        case(
            "lesskey",
            |p| p.write("home/.lesskey", "#env\nLESSOPEN=|./x %s\n"),
            "less README.md",
            Some(".lesskey"),
        ),
        Case {
            env: &[("RIPGREP_CONFIG_PATH", "rgrc")],
            ..case(
                "rg-config-pre",
                |p| p.write("repo/rgrc", "--pre=./x\n"),
                "rg TODO",
                Some("rgrc"),
            )
        },
        Case {
            env: &[("RIPGREP_CONFIG_PATH", "rgrc")],
            ..case(
                "rg-config-plain",
                |p| p.write("repo/rgrc", "--smart-case\n"),
                "rg TODO",
                None,
            )
        },
        // `--no-config` turns the file off; the same words as another option's value do not.
        Case {
            env: &[("RIPGREP_CONFIG_PATH", "rgrc")],
            ..case(
                "rg-config-no-config",
                |p| p.write("repo/rgrc", "--pre=./x\n"),
                "rg --no-config -n TODO",
                None,
            )
        },
        Case {
            env: &[("RIPGREP_CONFIG_PATH", "rgrc")],
            ..case(
                "rg-config-no-config-as-pattern",
                |p| p.write("repo/rgrc", "--pre=./x\n"),
                "rg -e --no-config README.md",
                Some("rgrc"),
            )
        },
        // bat starts its pager without a terminal only with --paging=always; -P overrides it.
        case(
            "bat-config-paging-always",
            |p| {
                p.write(
                    "home/.config/bat/config",
                    "--paging=always\n--pager=\"sh -c 'touch x'\"\n",
                )
            },
            "batcat a.txt",
            Some("--paging=always in"),
        ),
        case(
            "bat-config-pager-auto",
            |p| p.write("home/.config/bat/config", "--pager=\"sh -c 'touch x'\"\n"),
            "bat a.txt",
            None,
        ),
        case(
            "bat-config-paging-never-on-line",
            |p| p.write("home/.config/bat/config", "--paging=always\n"),
            "bat -P a.txt",
            None,
        ),
        Case {
            env: &[("BAT_PAGING", "always")],
            ..case("bat-paging-env", |_| {}, "bat a.txt", Some("BAT_PAGING"))
        },
        // tsc --noEmit writes .tsbuildinfo under incremental or composite, found as tsc finds
        // its configuration (up the tree, -p, a relative extends).
        case(
            "tsc-incremental-up-the-tree",
            |p| {
                p.write(
                    "tsconfig.json",
                    "{\n  \"compilerOptions\": {\n    \"incremental\": true\n  }\n}\n",
                )
            },
            "tsc --noEmit",
            Some("incremental or composite"),
        ),
        case(
            "tsc-composite-extended",
            |p| {
                p.write("repo/tsconfig.json", "{ \"extends\": \"./base\" }\n");
                p.write(
                    "repo/base.json",
                    "{\n  \"compilerOptions\": {\n    \"composite\": true,\n  }\n}\n",
                );
            },
            "tsc --noEmit -p .",
            Some("base.json"),
        ),
        // ... and an event trace under generateTrace (round 36's hole; measured, tsc 5.9),
        // there or in a file it extends; generateCpuProfile there writes nothing.
        case(
            "tsc-generate-trace-extended",
            |p| {
                p.write("repo/tsconfig.json", "{ \"extends\": \"./base.json\" }\n");
                p.write(
                    "repo/base.json",
                    "{\"compilerOptions\":{\"strict\":true,\"generateTrace\":\"trace\"}}\n",
                );
            },
            "tsc --noEmit -p . 2>&1 | tail -n 5",
            Some("generateTrace"),
        ),
        case(
            "tsc-cpu-profile-in-configuration",
            |p| {
                p.write(
                    "repo/tsconfig.json",
                    "{\"compilerOptions\":{\"generateCpuProfile\":\"p.cpuprofile\"}}\n",
                )
            },
            "tsc --noEmit",
            None,
        ),
        case(
            "tsc-commented-out",
            |p| {
                p.write("repo/tsconfig.json", "{\n  \"compilerOptions\": {\n    // \"incremental\": true,\n    \"strict\": true\n  }\n}\n")
            },
            "tsc --noEmit",
            None,
        ),
        case(
            "tsc-extends-package",
            |p| {
                p.write(
                    "repo/tsconfig.json",
                    "{ \"extends\": \"@tsconfig/node20/tsconfig.json\" }\n",
                )
            },
            "tsc --noEmit",
            Some("not read here"),
        ),
        Case {
            env: &[("TAR_OPTIONS", "--checkpoint-action=exec=./x")],
            ..case("tar-options", |_| {}, "tar -tf x.tar", Some("TAR_OPTIONS"))
        },
        Case {
            env: &[("TAR_OPTIONS", "--wildcards")],
            ..case("tar-options-plain", |_| {}, "tar -tf x.tar", None)
        },
        case(
            "ssh-match-exec",
            |p| p.write("repo/sshc", "Match exec \"touch PWNED\"\n  User x\n"),
            "ssh -F sshc -G host",
            Some("Match exec"),
        ),
        case(
            "ssh-match-exec-included",
            |p| {
                p.write("repo/inc", "Match exec \"touch PWNED\"\n");
                p.write(
                    "repo/sshc",
                    &format!("Include {}\n", p.path("repo/inc").display()),
                );
            },
            "ssh -F sshc -G host",
            Some("Match exec"),
        ),
        // The shell's `~` (HOME's), not the account's: the file HOME names is read.
        case(
            "ssh-match-exec-shell-tilde",
            |p| p.write("home/.ssh/config", "Match exec \"touch PWNED\"\n  User x\n"),
            "ssh -F ~/.ssh/config -G host",
            Some("Match exec"),
        ),
        case(
            "ssh-plain",
            |p| p.write("repo/sshc", "Host x\n  User y\n"),
            "ssh -F sshc -G x",
            None,
        ),
        case(
            "sqlite-wal",
            |p| {
                let mut header = b"SQLite format 3\0".to_vec();
                header.extend_from_slice(&[0x10, 0x00, 2, 2]);
                let _ = fs::write(p.path("repo/app.db"), header);
            },
            "sqlite3 -readonly app.db 'select 1'",
            Some("WAL"),
        ),
        case(
            "flock-existing",
            |p| p.write("repo/Cargo.lock", "x\n"),
            "flock -nw 3 Cargo.lock cat Cargo.lock",
            None,
        ),
        case(
            "flock-after-lost-cd",
            |p| p.write("repo/Cargo.lock", "x\n"),
            "cd \"$D\"; flock -n Cargo.lock cat Cargo.lock",
            Some("only known at run time"),
        ),
        case(
            "sqlite-after-lost-cd",
            |p| p.write("repo/app.db", ""),
            "cd \"$D\" && sqlite3 app.db 'select 1'",
            Some("only known at run time"),
        ),
        case(
            "flock-missing",
            |_| {},
            "flock -n new.lock cat a.txt",
            Some("flock creates"),
        ),
        case(
            "flock-existing-writer",
            |p| p.write("repo/Cargo.lock", "x\n"),
            "flock Cargo.lock -c 'echo x > out.txt'",
            Some("out.txt"),
        ),
        case(
            "sqlite-wal-read",
            |p| {
                let mut header = b"SQLite format 3\0".to_vec();
                header.extend_from_slice(&[0x10, 0x00, 2, 2]);
                let _ = fs::write(p.path("repo/app.db"), header);
            },
            "sqlite3 app.db 'select 1'",
            Some("WAL"),
        ),
        // sqlite-utils opens its database as sqlite3 does: a WAL database makes two files,
        // a hot journal is rolled back; a plain database is only read.
        case(
            "sqlite-utils-plain",
            |p| p.write("repo/app.db", ""),
            "sqlite-utils tables app.db --counts -t",
            None,
        ),
        case(
            "sqlite-utils-query-reads",
            |p| p.write("repo/app.db", ""),
            "sqlite-utils query app.db 'select name from users' --csv && sqlite-utils ./app.db 'select 1'",
            None,
        ),
        case(
            "sqlite-utils-query-missing-database",
            |_| {},
            "sqlite-utils query app.db 'select 1'",
            Some("creates the database"),
        ),
        case(
            "sqlite-utils-wal",
            |p| {
                let mut header = b"SQLite format 3\0".to_vec();
                header.extend_from_slice(&[0x10, 0x00, 2, 2]);
                let _ = fs::write(p.path("repo/app.db"), header);
            },
            "sqlite-utils rows app.db users --limit 1",
            Some("WAL"),
        ),
        case(
            "sqlite-utils-hot-journal",
            |p| {
                p.write("repo/app.db", "");
                p.write("repo/app.db-journal", "x");
            },
            "sqlite-utils schema app.db",
            Some("recovers"),
        ),
        // Ghostscript runs a file that does not begin with %PDF- as PostScript, whatever its
        // name; GS_OPTIONS and GS_LIB add options and initialization files.
        case(
            "gs-bbox-pdf",
            |p| p.write("repo/doc.pdf", "%PDF-1.7\n%\n"),
            "gs -q -dBATCH -dNOPAUSE -sDEVICE=bbox doc.pdf",
            None,
        ),
        case(
            "gs-bbox-postscript-named-pdf",
            |p| p.write("repo/doc.pdf", "%!PS\n(x.txt) (w) file pop\n"),
            "gs -q -dBATCH -dNOPAUSE -sDEVICE=bbox doc.pdf",
            Some("PostScript"),
        ),
        case(
            "gs-code-that-prints",
            |_| {},
            "gs -q -dNODISPLAY -dBATCH -dNOPAUSE -c '(hello) = ' && gs -q -dNODISPLAY -dSAFER -dBATCH -c '(x) ='",
            None,
        ),
        Case {
            env: &[("GS_OPTIONS", "-c (x) (w) file")],
            ..case(
                "gs-code-options-from-the-environment",
                |_| {},
                "gs -q -dNODISPLAY -dBATCH -c '1 2 add ='",
                Some("GS_OPTIONS"),
            )
        },
        case(
            "gs-missing-file",
            |_| {},
            "gs -q -dNODISPLAY -dBATCH -dNOPAUSE doc.pdf",
            Some("PostScript"),
        ),
        Case {
            env: &[("GS_OPTIONS", "-c (x) (w) file")],
            ..case(
                "gs-options-from-the-environment",
                |p| p.write("repo/doc.pdf", "%PDF-1.7\n"),
                "gs -q -dBATCH -dNOPAUSE -sDEVICE=nullpage doc.pdf",
                Some("GS_OPTIONS"),
            )
        },
        Case {
            env: &[("GS_LIB", "/tmp")],
            ..case(
                "gs-lib-from-the-environment",
                |p| p.write("repo/doc.pdf", "%PDF-1.7\n"),
                "gs -q -dBATCH -dNOPAUSE -sDEVICE=nullpage doc.pdf",
                Some("GS_LIB"),
            )
        },
        case(
            "sqlite-wal-left-behind",
            |p| {
                let mut header = b"SQLite format 3\0".to_vec();
                header.extend_from_slice(&[0x10, 0x00, 2, 2]);
                let _ = fs::write(p.path("repo/app.db"), header);
                let _ = fs::write(p.path("repo/app.db-wal"), b"");
            },
            "sqlite3 app.db 'select 1'",
            Some("recovers"),
        ),
        Case {
            env: &[
                ("BASH_ENV", "./env.sh"),
                ("PATH", "$ROOT/bin:/usr/bin:/bin"),
            ],
            ..case("bash-env-script", bash_script, "tool", Some("BASH_ENV"))
        },
        case(
            "bash-env-prefix-binary",
            |_| {},
            "BASH_ENV=./env.sh git --version",
            None,
        ),
        case(
            "bash-env-prefix-bash",
            |_| {},
            "BASH_ENV=./env.sh bash -c ls",
            Some("BASH_ENV"),
        ),
        Case {
            env: &[("OPENSSL_CONF", "openssl.cnf")],
            ..case(
                "openssl-conf-provider-module",
                |p| {
                    p.write(
                        "repo/openssl.cnf",
                        "openssl_conf = init\n[init]\nproviders = provs\n[provs]\nx = x_sect\n[x_sect]\nmodule = ./prov.so\nactivate = 1\n",
                    )
                },
                "openssl version",
                Some("OPENSSL_CONF"),
            )
        },
        Case {
            env: &[("OPENSSL_CONF", "openssl.cnf")],
            ..case(
                "openssl-conf-without-modules",
                |p| p.write("repo/openssl.cnf", "openssl_conf = init\n[init]\n"),
                "openssl version",
                None,
            )
        },
        Case {
            env: &[("LD_PRELOAD", "/tmp/x.so")],
            ..case("ld-preload", |_| {}, "ls", Some("LD_PRELOAD"))
        },
        // A runtime's variables count for every program: which one is built on it cannot be
        // told from its name (pandoc on GHC's, elixir on the Erlang VM). The Java VM's count
        // for the programs known to start one and for every program that starts others.
        Case {
            env: &[("GHCRTS", "-t/tmp/stats.txt")],
            ..case(
                "ghcrts-pandoc",
                |_| {},
                "pandoc --version | head -1",
                Some("GHCRTS"),
            )
        },
        Case {
            env: &[("GHCRTS", "-t/tmp/stats.txt")],
            ..case("ghcrts-any-program", |_| {}, "ls", Some("GHCRTS"))
        },
        Case {
            env: &[("GHCRTS", "")],
            ..case("ghcrts-empty", |_| {}, "ls", None)
        },
        Case {
            env: &[(
                "JAVA_TOOL_OPTIONS",
                "-XX:-UsePerfData -Xlog:gc:file=/tmp/gc.log",
            )],
            ..case(
                "java-tool-options-javap-log",
                |_| {},
                "javap -version",
                Some("JAVA_TOOL_OPTIONS"),
            )
        },
        Case {
            env: &[("JAVA_TOOL_OPTIONS", "-XX:-UsePerfData")],
            ..case(
                "java-tool-options-javap-no-perfdata",
                |_| {},
                "javap -version",
                None,
            )
        },
        Case {
            env: &[("_JAVA_OPTIONS", "-javaagent:a.jar")],
            ..case("java-options-program-without-vm", |_| {}, "ls", None)
        },
        Case {
            env: &[("JAVA_TOOL_OPTIONS", "-javaagent:x.jar")],
            ..case(
                "java-tool-options-which",
                |_| {},
                "which node python3 java | sed -n 1,9p",
                None,
            )
        },
        Case {
            env: &[("JAVA_TOOL_OPTIONS", "-XX:-UsePerfData -javaagent:x.jar")],
            ..case(
                "java-tool-options-javap-agent",
                |_| {},
                "javap -version",
                Some("JAVA_TOOL_OPTIONS"),
            )
        },
        Case {
            env: &[("JAVA_TOOL_OPTIONS", "-javaagent:x.jar")],
            ..case(
                "java-tool-options-through-env",
                |_| {},
                "env LC_ALL=C ls",
                Some("JAVA_TOOL_OPTIONS"),
            )
        },
        Case {
            env: &[("JDK_JAVA_OPTIONS", "-javaagent:x.jar")],
            ..case(
                "jdk-java-options-through-xargs",
                |_| {},
                "echo a | xargs ls",
                Some("JDK_JAVA_OPTIONS"),
            )
        },
        Case {
            env: &[("_JAVA_OPTIONS", "-javaagent:x.jar")],
            ..case(
                "java-options-through-find-exec",
                |_| {},
                "find . -name '*.txt' -exec cat {} +",
                Some("_JAVA_OPTIONS"),
            )
        },
        case(
            "java-tool-options-prefix-which",
            |_| {},
            "JAVA_TOOL_OPTIONS=-javaagent:x.jar which java",
            None,
        ),
        case(
            "java-tool-options-prefix-java",
            |_| {},
            "JAVA_TOOL_OPTIONS='-XX:-UsePerfData -javaagent:x.jar' java -version",
            Some("JAVA_TOOL_OPTIONS"),
        ),
        case(
            "java-tool-options-prefix-function",
            |_| {},
            "f() { java -version; }; JAVA_TOOL_OPTIONS='-XX:-UsePerfData -javaagent:x.jar' f",
            Some("JAVA_TOOL_OPTIONS"),
        ),
        Case {
            env: &[("GHCRTS", "-t/tmp/stats.txt")],
            ..case("ghcrts-which", |_| {}, "which pandoc", Some("GHCRTS"))
        },
        // ack's configuration: only a pager runs a program, and only on a terminal.
        case(
            "ackrc-in-home-pager",
            |p| p.write("home/.ackrc", "--ignore-dir=vendor\n--pager=less -R\n"),
            "ack --go package",
            None,
        ),
        case(
            "ackrc-in-home-nopager",
            |p| p.write("home/.ackrc", "--ignore-dir=vendor\n--pager=./x.sh\n"),
            "ack --nopager --go package",
            None,
        ),
        case(
            "ackrc-in-home-plain",
            |p| p.write("home/.ackrc", "# mine\n--ignore-dir=vendor\n--smart-case\n--type-add=tpl:ext:tpl\n"),
            "ack --go package",
            None,
        ),
        case(
            "ackrc-in-project-unknown-option",
            |p| p.write(".ackrc", "--frobnicate\n"),
            "ack -t go package",
            Some("ackrc"),
        ),
        Case {
            env: &[("ACK_PAGER", "./x.sh")],
            ..case("ack-pager-variable", |_| {}, "ack --go package", None)
        },
        Case {
            env: &[("ACK_OPTIONS", "--pager=./x.sh --frobnicate")],
            ..case("ack-options-unknown", |_| {}, "ack x", Some("ACK_OPTIONS"))
        },
        Case {
            env: &[("ACK_OPTIONS", "--pager=./x.sh")],
            ..case("ack-options-noenv", |_| {}, "ack --noenv x", None)
        },
        // A number in the environment, only read: bash's arithmetic runs nothing.
        Case {
            env: &[("N", "5")],
            ..case("arithmetic-number-from-environment", |_| {}, "[[ $N -gt 0 ]] && echo big", None)
        },
        Case {
            env: &[("N", "a[$(touch x)]")],
            ..case("arithmetic-subscript-from-environment", |_| {}, "[[ $N -gt 0 ]] && echo big", Some("arithmetic"))
        },
        Case {
            env: &[("N", "5")],
            ..case("arithmetic-number-reassigned", |_| {}, "read N; [[ $N -gt 0 ]] && echo big", Some("arithmetic"))
        },
        Case {
            env: &[("ERL_FLAGS", "-eval 'os:cmd(\"touch x\")'")],
            ..case(
                "erl-flags-elixir",
                |_| {},
                "elixir --version",
                Some("ERL_FLAGS"),
            )
        },
        Case {
            env: &[("DOTNET_STARTUP_HOOKS", "/tmp/hook.dll")],
            ..case(
                "dotnet-startup-hooks",
                |_| {},
                "ls",
                Some("DOTNET_STARTUP_HOOKS"),
            )
        },
        Case {
            env: &[("PERL5OPT", "-Mx"), ("PATH", "$ROOT/bin:/usr/bin:/bin")],
            ..case(
                "perl5opt-script",
                |p| {
                    p.script("bin/pl", "perl");
                },
                "pl",
                Some("PERL5OPT"),
            )
        },
        Case {
            env: &[("PERL5OPT", "-Mx")],
            ..case("perl5opt-version", |_| {}, "perl -v", None)
        },
        case(
            "node-print",
            |_| {},
            "node -p \"require('./package.json').version\"",
            None,
        ),
        Case {
            env: &[("NODE_OPTIONS", "--require ./x.js")],
            ..case(
                "node-print-node-options",
                |_| {},
                "node -e 'console.log(1)'",
                Some("NODE_OPTIONS"),
            )
        },
        // A warning goes to the file NODE_REDIRECT_WARNINGS (or --redirect-warnings) names.
        case(
            "node-emit-warning",
            |_| {},
            "node -e 'process.emitWarning(\"x\")'",
            None,
        ),
        Case {
            env: &[("NODE_REDIRECT_WARNINGS", "warn.log")],
            ..case(
                "node-redirect-warnings-env",
                |_| {},
                "node -e 'process.emitWarning(\"x\")'",
                Some("NODE_REDIRECT_WARNINGS"),
            )
        },
        Case {
            env: &[("NODE_OPTIONS", "--redirect-warnings=warn.log")],
            ..case(
                "node-redirect-warnings-option",
                |_| {},
                "node -e 'process.emitWarning(\"x\")'",
                Some("NODE_OPTIONS"),
            )
        },
        Case {
            env: &[("JAVA_TOOL_OPTIONS", "-javaagent:x.jar")],
            ..case(
                "java-tool-options",
                |_| {},
                "java -version",
                Some("JAVA_TOOL_OPTIONS"),
            )
        },
        case(
            "sqlite-database-there",
            |p| {
                p.write("repo/app.db", "");
            },
            "sqlite3 app.db '.tables' 'select 1'",
            None,
        ),
        case(
            "sqlite-database-missing",
            |_| {},
            "sqlite3 new.db 'select 1'",
            Some("creates the database"),
        ),
        case(
            "sqlite-database-elsewhere",
            |p| {
                p.write("repo/app.db", "");
            },
            "sqlite3 app.db 'select 1'; cd src && sqlite3 app.db 'select 1'",
            Some("creates the database"),
        ),
        case(
            "sqlite-hot-journal",
            |p| {
                p.write("repo/app.db", "");
                p.write("repo/app.db-journal", "x");
            },
            "sqlite3 app.db 'select 1'",
            Some("app.db-journal"),
        ),
        // Opened -readonly, a hot journal is not rolled back: SQLITE_READONLY_ROLLBACK, and the
        // database and journal stay as they were (measured, sqlite3 3.40).
        case(
            "sqlite-hot-journal-readonly",
            |p| {
                p.write("repo/app.db", "");
                p.write("repo/app.db-journal", "x");
            },
            "sqlite3 -readonly app.db 'select 1'",
            None,
        ),
        case(
            "sqlite-wal-readonly",
            |p| {
                p.write("repo/app.db", "");
                p.write("repo/app.db-wal", "x");
            },
            "sqlite3 -readonly app.db 'select 1'",
            Some("app.db-wal"),
        ),
        case("make-dry-run", make_inert, "make -n && make -n test", None),
        // -q (question mode) runs no recipe, with the same exceptions as -n.
        case(
            "make-question",
            make_inert,
            "make -pq -f Makefile 2>/dev/null | grep -E '^(build|test):'",
            None,
        ),
        case(
            "make-question-plus-line",
            |p| {
                p.write("repo/Makefile", "test:\n\t+touch x\n");
            },
            "make -q test",
            Some("build recipes"),
        ),
        case(
            "make-print-database-alone",
            make_inert,
            "make -p",
            Some("build recipes"),
        ),
        // No makefile but /dev/null and no target: no goal, nothing runs (GNU make 4.3).
        case(
            "make-print-database-no-makefile",
            make_inert,
            "make -p -f /dev/null 2>/dev/null | grep -c '^CC'",
            None,
        ),
        // No makefile found where it runs, and no target: no goal either.
        case(
            "make-print-database-none-found",
            |p| p.write("repo/fx/.keep", ""),
            "cd fx && gmake -pq 2>/dev/null | grep -c '^[a-z]*:'",
            None,
        ),
        case(
            "make-none-found-target",
            |p| p.write("repo/fx/hello.c", "int main(void) { return 0; }\n"),
            "cd fx && make -p hello",
            Some("build recipes"),
        ),
        Case {
            env: &[("MAKEFILES", "extra.mk")],
            ..case(
                "make-none-found-makefiles",
                |p| p.write("repo/fx/extra.mk", "all:\n\ttouch x\n"),
                "cd fx && make -p",
                Some("build recipes"),
            )
        },
        // A target named: the built-in rules build it (cc runs).
        case(
            "make-no-makefile-target",
            make_inert,
            "make -f /dev/null main.o",
            Some("build recipes"),
        ),
        case(
            "make-dry-run-recipe-prefix",
            |p| {
                p.write("repo/Makefile", ".RECIPEPREFIX = >\ntest:\n>+touch x\n");
            },
            "make -n test",
            Some("build recipes"),
        ),
        case(
            "make-dry-run-tab-include",
            |p| {
                p.write("repo/Makefile", "\tinclude gen.mk\ntest:\n\techo\n");
            },
            "make -n test",
            Some("build recipes"),
        ),
        case(
            "make-dry-run-shell",
            |p| {
                make_inert(p);
                p.write(
                    "repo/Makefile",
                    "V := $(shell touch x)\ntest:\n\techo $(V)\n",
                );
            },
            "make -n",
            Some("build recipes"),
        ),
        case(
            "make-dry-run-explicit-file",
            |p| {
                make_inert(p);
                p.write("repo/GNUmakefile", "V != touch x\ninclude Makefile\n");
            },
            "make -n -f Makefile test",
            None,
        ),
        case(
            "make-dry-run-gnumakefile-first",
            |p| {
                make_inert(p);
                p.write("repo/GNUmakefile", "V != touch x\ninclude Makefile\n");
            },
            "make -n test",
            Some("build recipes"),
        ),
        case(
            "make-dry-run-plus-recipe",
            |p| {
                p.write("repo/Makefile", "test:\n\t+touch x\n");
            },
            "make -n test",
            Some("build recipes"),
        ),
        case(
            "make-dry-run-recursive",
            |p| {
                p.write("repo/Makefile", "test:\n\tcd src && $(MAKE) all\n");
            },
            "make -n test",
            Some("build recipes"),
        ),
        case(
            "make-dry-run-remakes-itself",
            |p| {
                p.write(
                    "repo/Makefile",
                    "Makefile: Makefile.in\n\tcp $< $@\ntest:\n\techo\n",
                );
            },
            "make -n test",
            Some("build recipes"),
        ),
        Case {
            env: &[("MAKEFLAGS", "--eval=$(shell touch x)")],
            ..case(
                "make-dry-run-makeflags",
                make_inert,
                "make -n",
                Some("build recipes"),
            )
        },
        Case {
            env: &[("CC", "$(shell touch x)")],
            ..case(
                "make-dry-run-env-reference",
                make_inert,
                "make -n",
                Some("build recipes"),
            )
        },
        Case {
            env: &[("CC", "gcc"), ("CFLAGS", "-O2 -Wall")],
            ..case("make-dry-run-env-plain", make_inert, "make -n", None)
        },
        case(
            "make-dry-run-variable",
            make_inert,
            "make -n SHELL=./x.sh",
            Some("build recipes"),
        ),
        case("mvn-version", |_| {}, "mvn -v", Some("hsperfdata")),
        case(
            "mvn-version-maven-config",
            |p| p.write("repo/.mvn/maven.config", "--log-file=build.log\n"),
            "mvn --version --quiet",
            Some("maven.config"),
        ),
        case(
            "mvn-version-empty-maven-config",
            |p| p.write("repo/.mvn/maven.config", "\n"),
            "mvn --version --quiet",
            Some("hsperfdata"),
        ),
        Case {
            env: &[("COMPILER_PATH", ".devtools")],
            ..case(
                "gcc-compiler-path",
                |p| {
                    p.program("repo/.devtools/cc1");
                    p.write("repo/hello.c", "int main(void) { return 0; }\n");
                },
                "gcc -fsyntax-only hello.c",
                Some("COMPILER_PATH"),
            )
        },
        Case {
            env: &[("CCC_OVERRIDE_OPTIONS", "+-fplugin=$ROOT/plug.so")],
            ..case(
                "clang-override-options-syntax",
                |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
                "clang -fsyntax-only hello.c",
                Some("CCC_OVERRIDE_OPTIONS"),
            )
        },
        // CCC_OVERRIDE_OPTIONS's edits are applied and the edited line judged as written.
        Case {
            env: &[("CCC_OVERRIDE_OPTIONS", "# +-Wall ^-Wextra O2 x-g X-include")],
            ..case(
                "clang-override-options-warnings",
                |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
                "clang -fsyntax-only -O0 hello.c",
                None,
            )
        },
        Case {
            env: &[("CCC_OVERRIDE_OPTIONS", "+-Wall x-fsyntax-only")],
            ..case(
                "clang-override-options-deleted-check",
                |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
                "clang -fsyntax-only hello.c",
                Some("CCC_OVERRIDE_OPTIONS"),
            )
        },
        Case {
            env: &[("CCC_OVERRIDE_OPTIONS", "s/-fsyntax-only/-c/")],
            ..case(
                "clang-override-options-regex",
                |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
                "clang -fsyntax-only hello.c",
                Some("CCC_OVERRIDE_OPTIONS"),
            )
        },
        Case {
            env: &[("CCC_OVERRIDE_OPTIONS", "+-MD")],
            ..case(
                "clang-override-options-dependencies",
                |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
                "clang -E hello.c",
                Some("CCC_OVERRIDE_OPTIONS"),
            )
        },
        Case {
            env: &[("GCC_COMPARE_DEBUG", "-O2")],
            ..case(
                "gcc-compare-debug",
                |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
                "gcc -fsyntax-only hello.c",
                Some("GCC_COMPARE_DEBUG"),
            )
        },
        Case {
            env: &[("SUNPRO_DEPENDENCIES", "deps.mk")],
            ..case(
                "cpp-dependencies-variable",
                |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
                "cpp -P hello.c",
                Some("SUNPRO_DEPENDENCIES"),
            )
        },
        Case {
            env: &[("CCC_OVERRIDE_OPTIONS", "+-fplugin=/tmp/plug.so")],
            ..case(
                "clang-override-options",
                |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
                "clang -E hello.c | tail -2",
                Some("CCC_OVERRIDE_OPTIONS"),
            )
        },
        Case {
            env: &[("CC_PRINT_HEADERS", "1"), ("CC_PRINT_HEADERS_FILE", "h.txt")],
            ..case(
                "clang-print-headers",
                |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
                "clang -fsyntax-only hello.c",
                Some("CC_PRINT_HEADERS"),
            )
        },
        case(
            "clang-preprocess-plain",
            |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
            "clang -E hello.c | tail -2",
            None,
        ),
        Case {
            env: &[("DEPENDENCIES_OUTPUT", "deps.mk")],
            ..case(
                "gcc-dependencies-variable",
                |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
                "gcc -E hello.c",
                Some("DEPENDENCIES_OUTPUT"),
            )
        },
        case(
            "gcc-syntax-only",
            |p| p.write("repo/hello.c", "int main(void) { return 0; }\n"),
            "gcc -fsyntax-only hello.c",
            None,
        ),
        Case {
            env: &[("KUBECONFIG", "deploy/kubeconfig")],
            ..case(
                "kubectl-exec-plugin",
                |p| {
                    let cmd = p.program("repo/deploy/auth.sh");
                    p.write(
                        "repo/deploy/kubeconfig",
                        &format!("apiVersion: v1\nkind: Config\nusers:\n- name: dev\n  user:\n    exec:\n      command: {cmd}\n"),
                    );
                },
                "kubectl config view --minify",
                Some("credential plugin"),
            )
        },
        case(
            "docker-help-user-plugin",
            |p| {
                p.program("home/.docker/cli-plugins/docker-foo");
            },
            "docker --help",
            Some("CLI plugin"),
        ),
        case(
            "docker-command-help-user-plugin",
            |p| {
                p.program("home/.docker/cli-plugins/docker-foo");
            },
            "docker ps --help",
            Some("CLI plugin"),
        ),
        Case {
            env: &[("DOCKER_CONFIG", "ci/docker")],
            ..case(
                "docker-info-config-env-plugin",
                |p| {
                    p.program("repo/ci/docker/cli-plugins/docker-scan");
                },
                "docker info",
                Some("CLI plugin"),
            )
        },
        case(
            "docker-config-extra-plugin-dirs",
            |p| {
                p.program("repo/tools/docker-foo");
                p.write(
                    "home/.docker/config.json",
                    "{\"cliPluginsExtraDirs\": [\"../repo/tools\"]}",
                );
            },
            "docker system info",
            Some("CLI plugin"),
        ),
        case(
            "docker-ps-with-plugins",
            |p| {
                p.program("home/.docker/cli-plugins/docker-foo");
            },
            "docker ps -a",
            None,
        ),
        case(
            "docker-help-no-plugins",
            |p| p.write("home/.docker/config.json", "{}"),
            "docker --help",
            None,
        ),
        case(
            "kubectl-home-config-exec-plugin",
            |p| {
                p.write(
                    "home/.kube/config",
                    "users:\n- name: a\n  user:\n    auth-provider:\n      name: oidc\n",
                )
            },
            "kubectl config view",
            Some("credential plugin"),
        ),
        case(
            "kubectl-plain-config",
            |p| {
                p.write(
                    "home/.kube/config",
                    "apiVersion: v1\nkind: Config\nusers:\n- name: a\n  user:\n    token: t\n",
                )
            },
            "kubectl config view",
            None,
        ),
        Case {
            env: &[("LESSOPEN", "| /usr/bin/lesspipe %s")],
            ..case(
                "lesspipe-user-filter",
                |p| {
                    p.program("home/.lessfilter");
                },
                "less README.md",
                Some("LESSOPEN"),
            )
        },
        case(
            "mvn-version-jvm-config",
            |p| {
                p.write("repo/.mvn/jvm.config", "-javaagent:agent.jar\n");
            },
            "cd src && mvn -v",
            Some("jvm.config"),
        ),
        case(
            "mvn-version-mavenrc",
            |p| {
                p.write("home/.mavenrc", "touch x\n");
            },
            "mvn --version",
            Some(".mavenrc"),
        ),
        Case {
            env: &[("MAVEN_OPTS", "-javaagent:x.jar")],
            ..case(
                "mvn-version-maven-opts",
                |_| {},
                "mvn -v",
                Some("MAVEN_OPTS"),
            )
        },
        case(
            "terraform-checkpoint",
            |_| {},
            "terraform version",
            Some("checkpoint"),
        ),
        Case {
            env: &[("CHECKPOINT_DISABLE", "1")],
            ..case(
                "terraform-checkpoint-off",
                |_| {},
                "terraform version",
                None,
            )
        },
        Case {
            env: &[("CHECKPOINT_DISABLE", "1"), ("TF_LOG_PATH", "tf.log")],
            ..case(
                "terraform-log-path",
                |_| {},
                "terraform version",
                Some("TF_LOG_PATH"),
            )
        },
    ]);
}

/// Variables that make every program write a file (the loader's debug output and profile,
/// glibc's malloc trace, the TLS key log): a plain reader writes, in a pipeline too; the same
/// variable without what turns it on does not.
#[test]
fn output_file_variables_make_every_program_write() {
    run(&[
        Case {
            env: &[("LD_DEBUG", "libs"), ("LD_DEBUG_OUTPUT", "ld.log")],
            ..case(
                "ld-debug-output",
                |_| {},
                "ls -la src",
                Some("LD_DEBUG_OUTPUT"),
            )
        },
        Case {
            env: &[("LD_DEBUG", "all"), ("LD_DEBUG_OUTPUT", "/tmp/ld")],
            ..case(
                "ld-debug-output-pipeline",
                |_| {},
                "cat a.txt | wc -l",
                Some("LD_DEBUG_OUTPUT"),
            )
        },
        Case {
            env: &[("LD_DEBUG", "libs")],
            ..case("ld-debug-to-stderr", |_| {}, "ls -la src", None)
        },
        Case {
            env: &[("LD_DEBUG_OUTPUT", "ld.log")],
            ..case("ld-debug-output-alone", |_| {}, "ls -la src", None)
        },
        Case {
            env: &[("LD_PROFILE", "libc.so.6")],
            ..case("ld-profile", |_| {}, "wc -l a.txt", Some("LD_PROFILE"))
        },
        Case {
            env: &[("MALLOC_TRACE", "trace.txt")],
            ..case(
                "malloc-trace",
                |_| {},
                "head -1 a.txt",
                Some("MALLOC_TRACE"),
            )
        },
        Case {
            env: &[("SSLKEYLOGFILE", "keys.txt")],
            ..case("ssl-key-log", |_| {}, "git status", Some("SSLKEYLOGFILE"))
        },
    ]);
    // Given before the command instead, the same variables are not on the allow-list.
    for command in [
        "LD_DEBUG=libs LD_DEBUG_OUTPUT=ld.log ls",
        "LD_PROFILE=libc.so.6 ls",
        "SSLKEYLOGFILE=k.txt git status",
        "TF_LOG_PATH=tf.log terraform version",
    ] {
        assert_ne!(classify(command).level, Level::ReadOnly, "{command}");
    }
}

/// The base workspace's Makefile: recipes that only a real run would run.
fn make_inert(p: &Planted) {
    p.write(
        "repo/Makefile",
        ".PHONY: build test\nbuild:\n\tcargo build\ntest:\n\tcargo test\n",
    );
}

#[test]
fn erlang_startup_and_mix_projects() {
    run(&[
        case("mix-help-plain", |_| {}, "mix help | head -3", None),
        case("mix-version-plain", |_| {}, "mix --version", None),
        case(
            "mix-version-home-erlang",
            |p| p.write("home/.erlang", "os:cmd(\"touch x\").\n"),
            "mix --version",
            Some(".erlang"),
        ),
        case(
            "mix-help-xdg-erlang",
            |p| p.write("home/.config/erlang/.erlang", "os:cmd(\"touch x\").\n"),
            "mix help",
            Some("erlang/.erlang"),
        ),
        case(
            "mix-help-project",
            |p| p.write("repo/mix.exs", "File.write!(\"x\", \"\")\n"),
            "mix help",
            Some("mix.exs"),
        ),
        // `mix --version` stops before it reads the project.
        case(
            "mix-version-project",
            |p| p.write("repo/mix.exs", "File.write!(\"x\", \"\")\n"),
            "mix --version",
            None,
        ),
        case(
            "mix-help-archives",
            |p| p.write("home/.mix/archives/x-1.0/x-1.0/ebin/x.app", "{}.\n"),
            "mix help compile",
            Some("archives"),
        ),
    ]);
}

#[test]
fn wgetrc_before_a_refused_url() {
    run(&[
        case(
            "wget-file-url-plain",
            |_| {},
            "wget -q -O - file:///etc/hostname",
            None,
        ),
        case(
            "wget-output-document-overridden",
            |p| p.write("home/.wgetrc", "output_document = /tmp/x/wget.out\n"),
            "wget -q -O - file:///etc/hostname 2>/dev/null | head -1; true",
            None,
        ),
        case(
            "wget-output-document-opened",
            |p| p.write("home/.wgetrc", "Output-Document = wget.out\n"),
            "wget -q file:///etc/hostname",
            Some(".wgetrc"),
        ),
        case(
            "wget-logfile-opened",
            |p| p.write("home/.wgetrc", "# log\ntries = 2\nlogfile = wget.log\n"),
            "wget -qO- file:///etc/hostname",
            Some(".wgetrc"),
        ),
        // Printed and stopped before anything a setting names is opened (measured: logfile,
        // output_document and save_cookies in a WGETRC, `wget --version` and `--help`).
        case(
            "wget-version-with-wgetrc",
            |p| {
                p.write(
                    "home/.wgetrc",
                    "logfile = wget.log\noutput_document = o.txt\n",
                )
            },
            "wget --version | head -1",
            None,
        ),
        case(
            "wget-harmless-commands",
            |p| p.write("home/.wgetrc", "passive_ftp = on\ntries = 2\n"),
            "wget -qO- file:///etc/hostname",
            None,
        ),
    ]);
}

#[test]
fn xsltproc_stylesheets_and_documents() {
    run(&[
        case(
            "xslt-plain",
            |p| {
                p.write("repo/id.xsl", "<xsl:stylesheet version=\"1.0\" xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\"><xsl:output method=\"text\"/><xsl:template match=\"/\"><xsl:value-of select=\"count(//item)\"/></xsl:template></xsl:stylesheet>\n");
                p.write("repo/cfg.xml", "<cfg><item k=\"a\">1</item></cfg>\n");
            },
            "xsltproc id.xsl cfg.xml",
            None,
        ),
        case(
            "xslt-exsl-document",
            |p| {
                p.write("repo/w.xsl", "<xsl:stylesheet version=\"1.0\" xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\" xmlns:exsl=\"http://exslt.org/common\" extension-element-prefixes=\"exsl\"><xsl:template match=\"/\"><exsl:document href=\"made.txt\">x</exsl:document></xsl:template></xsl:stylesheet>\n");
                p.write("repo/cfg.xml", "<cfg/>\n");
            },
            "xsltproc w.xsl cfg.xml",
            Some("w.xsl"),
        ),
        case(
            "xslt-external-dtd",
            |p| {
                p.write("repo/id.xsl", "<xsl:stylesheet version=\"1.0\" xmlns:xsl=\"http://www.w3.org/1999/XSL/Transform\"><xsl:output method=\"text\"/><xsl:template match=\"/\"><xsl:value-of select=\"count(//item)\"/></xsl:template></xsl:stylesheet>\n");
                p.write(
                    "repo/d.xml",
                    "<!DOCTYPE cfg SYSTEM \"http://example.com/c.dtd\"><cfg/>\n",
                );
            },
            "xsltproc id.xsl d.xml",
            Some("d.xml"),
        ),
    ]);
}

#[test]
fn without_context_nothing_is_read() {
    assert_eq!(classify("git status").context, ContextUse::Assumed);
    let ctx = Context {
        cwd: Path::new("/").to_path_buf(),
        env: std::collections::HashMap::new(),
    };
    assert_eq!(classify_in("git status", &ctx).context, ContextUse::Read);
}

/// Issue 44: a virtualenv's interpreter is a link to a system one; its version mode only prints.
#[test]
fn virtualenv_interpreter_version() {
    fn venv(p: &Planted) {
        let bin = p.path("repo/.venv/bin");
        let _ = fs::create_dir_all(&bin);
        // The target need not exist: only the links are read.
        let _ = crate::process::fd::symlink(Path::new("/usr/bin/python3.99"), &bin.join("python"));
        let _ = crate::process::fd::symlink(Path::new("python"), &bin.join("python3"));
    }
    fn elsewhere(p: &Planted) {
        let bin = p.path("repo/.venv/bin");
        let _ = fs::create_dir_all(&bin);
        let _ = crate::process::fd::symlink(&p.path("home/python3"), &bin.join("python"));
    }
    fn copied(p: &Planted) {
        p.program("repo/.venv/bin/python");
    }
    run(&[
        case("venv-version", venv, ".venv/bin/python --version", None),
        case("venv-v", venv, ".venv/bin/python3 -V", None),
        case("venv-script", venv, ".venv/bin/python x.py", Some("python")),
        case("venv-two", venv, ".venv/bin/python -V -c 1", Some("python")),
        case(
            "venv-elsewhere",
            elsewhere,
            ".venv/bin/python --version",
            Some("not a system program"),
        ),
        case(
            "venv-copied",
            copied,
            ".venv/bin/python --version",
            // A copy that is a shell script (as planted here) is judged by what it runs.
            Some("touch"),
        ),
    ]);
}

/// A virtualenv's interpreter, run by its path or found first on an activated `PATH`, is the
/// system interpreter started in that environment: its site-packages' `.pth` import lines and
/// `sitecustomize` run at startup, the user's site only with `include-system-site-packages`.
#[test]
fn virtualenv_interpreter_runs_its_site() {
    fn venv_at(p: &Planted, include_system: bool) {
        let bin = p.path("repo/.venv/bin");
        let _ = fs::create_dir_all(&bin);
        let _ = crate::process::fd::symlink(Path::new("/usr/bin/python3.99"), &bin.join("python"));
        p.write(
            "repo/.venv/pyvenv.cfg",
            &format!("home = /usr/bin\ninclude-system-site-packages = {include_system}\nversion = 3.99.0\n"),
        );
        let _ = fs::create_dir_all(p.path("repo/.venv/lib/python3.99/site-packages"));
    }
    fn venv(p: &Planted) {
        venv_at(p, false);
    }
    fn venv_pth(p: &Planted) {
        venv_at(p, false);
        p.write(
            "repo/.venv/lib/python3.99/site-packages/hook.pth",
            "import os; os.system('touch RAN')\n",
        );
    }
    fn venv_sitecustomize(p: &Planted) {
        venv_at(p, false);
        p.write(
            "repo/.venv/lib/python3.99/site-packages/sitecustomize.py",
            "open('RAN', 'w')\n",
        );
    }
    fn user_pth(p: &Planted) {
        p.write(
            "home/.local/lib/python3.99/site-packages/hook.pth",
            "import os; os.system('touch RAN')\n",
        );
    }
    fn venv_user_pth(p: &Planted) {
        venv_at(p, false);
        user_pth(p);
    }
    fn venv_system_user_pth(p: &Planted) {
        venv_at(p, true);
        user_pth(p);
    }
    fn copied(p: &Planted) {
        p.program("repo/.venv/bin/python");
        p.write("repo/.venv/pyvenv.cfg", "home = /usr/bin\n");
    }
    const INLINE: &str = ".venv/bin/python -c 'import sys; print(sys.prefix)'";
    const ACTIVATED: &[(&str, &str)] = &[("PATH", ".venv/bin:/usr/bin:/bin")];
    run(&[
        case("venv-inline", venv, INLINE, None),
        case("venv-inline-pth", venv_pth, INLINE, Some("hook.pth")),
        case(
            "venv-sitecustomize",
            venv_sitecustomize,
            INLINE,
            Some("sitecustomize"),
        ),
        case("venv-no-user-site", venv_user_pth, INLINE, None),
        case(
            "venv-system-site",
            venv_system_user_pth,
            INLINE,
            Some("hook.pth"),
        ),
        case(
            "venv-isolated-pth",
            venv_pth,
            ".venv/bin/python -S -c 1",
            None,
        ),
        case("venv-copied-inline", copied, INLINE, Some("touch")),
        Case {
            env: ACTIVATED,
            ..case(
                "venv-activated-copied",
                copied,
                "python -c 'print(1)'",
                Some("PATH entry"),
            )
        },
    ]);
    // Found on an activated PATH, the link must lead to an interpreter that is there, as bash
    // finds only a file that exists: the machine's own /usr/bin/python3.
    if !Path::new("/usr/bin/python3").is_file() {
        eprintln!("the activated-PATH cases need /usr/bin/python3, which this machine lacks");
        return;
    }
    fn activated(p: &Planted) {
        venv(p);
        let link = p.path("repo/.venv/bin/python");
        let _ = fs::remove_file(&link);
        let _ = crate::process::fd::symlink(Path::new("/usr/bin/python3"), &link);
    }
    fn activated_pth(p: &Planted) {
        activated(p);
        p.write(
            "repo/.venv/lib/python3.99/site-packages/hook.pth",
            "import os; os.system('touch RAN')\n",
        );
    }
    run(&[
        Case {
            env: ACTIVATED,
            ..case("venv-activated", activated, "python -c 'print(1)'", None)
        },
        Case {
            env: ACTIVATED,
            ..case(
                "venv-activated-pth",
                activated_pth,
                "python -c 'print(1)'",
                Some("hook.pth"),
            )
        },
    ]);
}

/// perl -T (or -t, alone or in a cluster) ignores PERL5LIB and PERL5OPT; a `-T` that is a script's
/// argument or inline code does not.
#[test]
fn perl_taint_ignores_the_environment() {
    let Some(p) = Planted::new("perl-taint") else {
        return;
    };
    let env = [("PERL5OPT", "-Mx"), ("PERL5LIB", "lib")];
    for (command, ignored) in [
        ("perl -T -ne 'print if /b/' notes.txt", true),
        ("perl -wT -c x.pl", true),
        ("perl -lt -e 1", true),
        ("perl x.pl -T", false),
        ("perl -e -T", false),
        ("perl -I -T x.pl", false),
        ("perl -ne 'print' -- -T", false),
    ] {
        let got = classify_in(command, &p.context("repo", &env));
        let names_env = got.reasons.iter().any(|r| r.contains("PERL5"));
        assert_eq!(names_env, !ignored, "{command}: {:?}", got.reasons);
    }
}

/// The environment the program will have after `env`'s own changes (`-i`, `-u`, `-C`,
/// `NAME=value`) and after `NAME="$NAME"`, which keeps the context's value.
#[test]
fn env_changes_what_the_program_reads() {
    run(&[
        case(
            "env-i-same-home",
            fsmonitor,
            "env -i PATH=/usr/bin:/bin HOME=\"$HOME\" git rev-parse --short HEAD",
            None,
        ),
        case(
            "prefix-same-home",
            |_| {},
            "HOME=\"$HOME\" git --no-optional-locks status --short",
            None,
        ),
        case(
            "env-i-still-reads-the-repository",
            fsmonitor,
            "env -i PATH=/usr/bin:/bin git status",
            Some("core.fsmonitor"),
        ),
        case(
            "same-home-after-assignment",
            |_| {},
            "HOME=/tmp; env -i HOME=\"$HOME\" git rev-parse HEAD",
            Some("HOME"),
        ),
        Case {
            env: &[("GIT_DIR", "$ROOT/safe/.git")],
            ..case(
                "env-u-git-dir",
                |p| {
                    fsmonitor(p);
                    p.sh("git init -q safe");
                },
                "env -u GIT_DIR git status",
                Some("core.fsmonitor"),
            )
        },
        Case {
            env: &[("GIT_DIR", "$ROOT/safe/.git")],
            ..case(
                "env-i-git-dir",
                |p| {
                    fsmonitor(p);
                    p.sh("git init -q safe");
                },
                "env -i PATH=/usr/bin:/bin git status",
                Some("core.fsmonitor"),
            )
        },
        Case {
            cwd: ".",
            ..case(
                "env-chdir",
                fsmonitor,
                "env -C repo git status",
                Some("core.fsmonitor"),
            )
        },
    ]);
}

/// `source FILE` with a path: the file's code, read here, is walked as a script.
#[test]
fn sourced_files_are_walked() {
    let dotenv = |p: &Planted| p.write("repo/.env", "NAME=demo\nPORT=8080\n");
    run(&[
        case(
            "source-plain-assignments",
            dotenv,
            "set -a; . ./.env; set +a; echo \"$NAME:$PORT\"",
            None,
        ),
        // What the file sets is judged as the command's own assignments would be.
        case(
            "source-sets-configuration",
            |p| p.write("repo/.env", "GIT_DIR=/tmp/x\n"),
            "set -a; . ./.env; set +a; git status",
            Some("GIT_DIR"),
        ),
        case(
            "source-writes",
            |p| p.write("repo/.env", "PORT=1\ntouch made\n"),
            "source ./.env",
            Some("touch"),
        ),
        case(
            "source-by-name-looks-in-path",
            dotenv,
            ". .env",
            Some("cannot be checked"),
        ),
        case(
            "source-missing",
            |_| {},
            ". ./missing.sh",
            Some("cannot be checked"),
        ),
        // A file that sources itself twice: read a bounded number of times, then unknown.
        case(
            "source-itself",
            |p| p.write("repo/x.sh", ". ./x.sh; . ./x.sh\n"),
            ". ./x.sh",
            Some("cannot be checked"),
        ),
        case(
            "source-downloaded-first",
            |p| p.write("repo/x.sh", "echo hi\n"),
            "curl -so x.sh https://example.com/x.sh; . ./x.sh",
            Some("downloaded"),
        ),
    ]);
}

/// A perl one-liner that only prints is read-only once its environment is read.
#[test]
fn perl_one_liners_in_context() {
    run(&[
        case(
            "perl-one-liner",
            |_| {},
            "perl -F, -lane 'print $F[1] if $. > 1' notes.txt",
            None,
        ),
        Case {
            env: &[("PERL5OPT", "-Mx")],
            ..case(
                "perl-one-liner-perl5opt",
                |_| {},
                "perl -ne 'print' notes.txt",
                Some("PERL5OPT"),
            )
        },
        Case {
            env: &[("PERL5OPT", "-Mx"), ("PERL5LIB", "lib")],
            ..case(
                "perl-one-liner-taint",
                |_| {},
                "perl -T -ne 'print if /beta/' notes.txt",
                None,
            )
        },
        case(
            "perl-one-liner-system",
            |_| {},
            "perl -ne 'system \"id\"' notes.txt",
            Some("perl"),
        ),
    ]);
}

/// `split --filter` runs the filter with `$SHELL -c`.
#[test]
fn split_filter_shell() {
    run(&[
        Case {
            env: &[("SHELL", "/bin/bash")],
            ..case(
                "split-filter-system-shell",
                |_| {},
                "split -n l/2 --filter='wc -l' notes.txt",
                None,
            )
        },
        Case {
            env: &[("SHELL", "./sh")],
            ..case(
                "split-filter-planted-shell",
                |_| {},
                "split -n l/2 --filter='wc -l' notes.txt",
                Some("SHELL"),
            )
        },
    ]);
}

/// A program given as text on stdin (a here-document, a here-string, a pipe from a fixed
/// printer) or in a file is judged as the same program given inline; a file is read from the
/// context, as `source` reads one.
#[test]
fn programs_on_stdin_and_in_files() {
    let build = |p: &Planted| p.write("repo/scripts/build.sh", "#!/bin/sh\necho building\n");
    let py = |p: &Planted| {
        p.write(
            "repo/tool.py",
            "import json\nprint(json.load(open('package.json'))['name'])\n",
        )
    };
    run(&[
        case(
            "python-heredoc-reads",
            |_| {},
            "python3 - <<'PY'\nimport json\nprint(json.load(open(\"package.json\"))[\"name\"])\nPY",
            None,
        ),
        case(
            "python-herestring",
            |_| {},
            "python3 <<< 'print(1 + 1)'",
            None,
        ),
        case("python-piped", |_| {}, "echo 'print(1)' | python3 -", None),
        case(
            "node-heredoc",
            |_| {},
            "node - <<'JS'\nconsole.log(process.version)\nJS",
            None,
        ),
        case(
            "python-heredoc-writes",
            |_| {},
            "python3 - <<'PY'\nimport os\nos.remove('a.txt')\nPY",
            Some("python3"),
        ),
        case(
            "python-heredoc-expands",
            |_| {},
            "python3 - <<PY\nprint('$(touch x)')\nPY",
            Some("touch"),
        ),
        case(
            "python-heredoc-shadowed",
            |p| p.write("repo/json.py", "import os\n"),
            "python3 - <<'PY'\nimport json\nprint(json.dumps(1))\nPY",
            Some("json.py"),
        ),
        case(
            "bash-script-file",
            build,
            "bash -x scripts/build.sh 2>&1",
            None,
        ),
        case(
            "sh-script-bare-name",
            |p| p.write("repo/b.sh", "ls -la\n"),
            "sh b.sh",
            None,
        ),
        case(
            "bash-script-writes",
            |p| p.write("repo/scripts/build.sh", "#!/bin/sh\ncargo build\n"),
            "bash scripts/build.sh",
            Some("cargo"),
        ),
        case(
            "bash-script-missing",
            |_| {},
            "bash scripts/none.sh",
            Some("cannot be checked"),
        ),
        // `awk -f FILE`, `sed -f FILE`: the program file is judged as the inline program.
        case(
            "awk-program-file-prints",
            |p| p.write("repo/names.awk", "BEGIN { FS = \",\" }\n{ print $1 }\n"),
            "awk -f names.awk notes.txt | sort",
            None,
        ),
        case(
            "awk-program-file-in-a-directory",
            |p| p.write("repo/src/names.awk", "{ print $1 }\n"),
            "awk -F: -f src/names.awk notes.txt",
            None,
        ),
        case(
            "awk-program-file-writes",
            |p| p.write("repo/w.awk", "{ print > \"out.txt\" }\n"),
            "awk -f w.awk notes.txt",
            Some("writes to a file"),
        ),
        case(
            "awk-program-file-runs",
            |p| p.write("repo/r.awk", "BEGIN { system(\"touch x\") }\n"),
            "awk -f r.awk",
            Some("touch"),
        ),
        Case {
            env: &[("AWKPATH", "$ROOT/home")],
            ..case(
                "awk-program-file-on-awkpath",
                |p| {
                    p.write("repo/names.awk", "{ print $1 }\n");
                    p.write("home/names.awk", "BEGIN { system(\"touch x\") }\n");
                },
                "awk -f names.awk notes.txt",
                Some("touch"),
            )
        },
        case(
            "sed-script-from-stdin",
            |p| p.write("repo/-", "p\n"),
            "echo 'w out.txt' | sed -f - notes.txt",
            Some("cannot be checked"),
        ),
        case(
            "awk-program-file-missing",
            |_| {},
            "awk -f none.awk notes.txt",
            Some("cannot be checked"),
        ),
        case(
            "awk-two-program-files",
            |p| {
                p.write("repo/a.awk", "{ print }\n");
                p.write("repo/b.awk", "{ print }\n");
            },
            "awk -f a.awk -f b.awk notes.txt",
            Some("cannot be checked"),
        ),
        case(
            "sed-script-file-prints",
            |p| p.write("repo/p.sed", "s/alpha/ALPHA/\n1p\n"),
            "sed -n -f p.sed notes.txt",
            None,
        ),
        case(
            "sed-script-file-writes",
            |p| p.write("repo/w.sed", "s/alpha/x/w out.txt\n"),
            "sed -f w.sed notes.txt",
            Some("writes"),
        ),
        case(
            "sed-script-file-executes",
            |p| p.write("repo/e.sed", "1e touch x\n"),
            "sed -f e.sed notes.txt",
            Some("shell"),
        ),
        // A new shell has none of the caller's functions: the name runs a program there.
        case(
            "bash-script-no-functions",
            |p| p.write("repo/s.sh", "mytool\n"),
            "mytool() { ls; }; bash s.sh",
            Some("mytool"),
        ),
        case(
            "bash-c-no-functions",
            |_| {},
            "mytool() { ls; }; bash -c mytool",
            Some("mytool"),
        ),
        case("python-file-reads", py, "python3 tool.py", None),
        case(
            "python-file-elsewhere",
            |p| p.write("repo/src/t.py", "print(1)\n"),
            "python3 src/t.py",
            Some("cannot be checked"),
        ),
        case(
            "python-file-writes",
            |p| p.write("repo/t.py", "open('x', 'w').write('1')\n"),
            "python3 t.py",
            Some("python3"),
        ),
        // ruby, lua and php files are judged as their inline forms (`-e`, `-r`), as python's.
        case(
            "ruby-file-reads",
            |p| p.write("repo/app.rb", "#!/usr/bin/env ruby\nputs [1, 2].sum\n"),
            "ruby app.rb",
            None,
        ),
        case(
            "ruby-file-writes",
            |p| p.write("repo/app.rb", "File.write('x', '1')\n"),
            "ruby app.rb",
            Some("ruby"),
        ),
        case(
            "lua-file-shebang-reads",
            |p| p.write("repo/hello.lua", "#!/usr/bin/lua\nprint('hello')\n"),
            "lua5.4 hello.lua",
            None,
        ),
        case(
            "lua-file-writes",
            |p| p.write("repo/w.lua", "io.open('x', 'w'):write('1')\n"),
            "lua5.4 w.lua",
            Some("lua5.4"),
        ),
        case(
            "php-file-reads",
            |p| p.write("repo/index.php", "<?php\necho strtoupper('hi'), PHP_EOL;\n"),
            "php index.php",
            None,
        ),
        // A template: text outside `<?php … ?>` is printed, the block in it is code.
        case(
            "php-template-not-read",
            |p| p.write("repo/t.php", "<p><?php system('touch x') ?></p>\n"),
            "php t.php",
            Some("cannot be checked"),
        ),
        case(
            "php-stdin-no-tag",
            |_| {},
            "php <<< 'echo 1;'",
            Some("cannot be checked"),
        ),
        // `script` runs its command with $SHELL -c and logs to its operand.
        case(
            "script-command-reads",
            |_| {},
            "script -q -e -c 'git --no-pager log --oneline -2' /dev/null",
            None,
        ),
        // On a terminal git pages its output (less writes ~/.lesshst).
        case(
            "script-command-pages",
            |_| {},
            "script -q -e -c 'git log --oneline -2' /dev/null",
            Some("terminal"),
        ),
        case(
            "script-command-writes",
            |_| {},
            "script -q -c 'touch x' /dev/null",
            Some("touch"),
        ),
        case(
            "script-typescript",
            |_| {},
            "script -q -c 'ls'",
            Some("script"),
        ),
        Case {
            env: &[("SHELL", "./sh")],
            ..case(
                "script-planted-shell",
                |_| {},
                "script -q -c ls /dev/null",
                Some("SHELL"),
            )
        },
        // awk's fixed command lines are judged as commands.
        case(
            "awk-pipe-sort",
            |_| {},
            "awk -F, 'NR>1 {print $3, $2 | \"sort -rn\"}' a.txt",
            None,
        ),
        case(
            "awk-system-writes",
            |_| {},
            "awk 'BEGIN { system(\"touch x\") }'",
            Some("touch"),
        ),
    ]);
}

/// A command word that is one parameter expansion takes the context's value when nothing in the
/// command touches the variable (issue 44: `${VISUAL:-cat} FILE`).
#[test]
fn command_word_from_the_environment() {
    let with = |env: &'static [(&'static str, &'static str)], command, flagged| Case {
        env,
        ..case("command-word", |_| {}, command, flagged)
    };
    run(&[
        with(&[], "${VISUAL:-cat} README.md", None),
        with(&[("VISUAL", "")], "\"${VISUAL:-cat}\" README.md", None),
        with(&[("PAGER", "less")], "$PAGER README.md", None),
        with(&[("EDITOR", "rm")], "\"$EDITOR\" README.md", Some("rm")),
        with(&[("VISUAL", "rm")], "${VISUAL:-cat} README.md", Some("rm")),
        with(&[], "VISUAL=rm; ${VISUAL:-cat} README.md", Some("")),
        with(&[], "read VISUAL; ${VISUAL:-cat} README.md", Some("")),
        with(&[], "${VISUAL:=rm} x; ${VISUAL:-cat} README.md", Some("")),
        with(&[], "export VISUAL=rm; ${VISUAL:-cat} README.md", Some("")),
        with(
            &[("VISUAL", "code --wait")],
            "${VISUAL:-cat} README.md",
            Some(""),
        ),
        with(&[("IFS", "a")], "${VISUAL:-cat} README.md", Some("")),
        with(&[], "$VISUAL README.md", Some("")),
    ]);
    assert_ne!(
        classify("${VISUAL:-cat} README.md").level,
        Level::ReadOnly,
        "without context the environment is not known"
    );
}

/// `zsh -c CODE` in bash's common syntax is walked; `~/.zshenv` (or `$ZDOTDIR/.zshenv`) runs
/// first unless -f.
#[test]
fn zsh_inline_code() {
    let zshenv = |p: &Planted| p.write("home/.zshenv", "touch \"$HOME/PWNED\"\n");
    run(&[
        case(
            "zsh-plain",
            |_| {},
            "zsh -c 'echo ${ZSH_VERSION}; ls src | wc -l'",
            None,
        ),
        case("zsh-print", |_| {}, "zsh -f -c 'print -l src/*.rs'", None),
        case("zsh-zshenv", zshenv, "zsh -c 'ls src'", Some(".zshenv")),
        case("zsh-zshenv-f", zshenv, "zsh -f -c 'ls src'", None),
        // NO_EXEC: the startup files are read, not run (measured).
        case("zsh-zshenv-n", zshenv, "zsh -n scripts/build.sh", None),
        Case {
            env: &[("ZDOTDIR", "$ROOT/zdot")],
            ..case(
                "zsh-zdotdir",
                |p| p.write("zdot/.zshenv", "x\n"),
                "zsh -c 'ls src'",
                Some("zdot/.zshenv"),
            )
        },
        case("zsh-writes", |_| {}, "zsh -c 'rm -f notes.txt'", Some("rm")),
        case(
            "perl-pragma",
            |_| {},
            "perl -Mstrict -Mwarnings -e 'print 1'",
            None,
        ),
        Case {
            env: &[("PERL5LIB", "$ROOT/lib")],
            ..case(
                "perl-pragma-lib",
                |_| {},
                "perl -Mstrict -e 'print 1'",
                Some("PERL5LIB"),
            )
        },
    ]);
}

/// RubyGems loads the plugins of every gem directory (GEM_HOME, GEM_PATH, the user's, a gemrc's)
/// on every `gem` command; Bundler evaluates the Gemfile (Ruby code) it finds up the tree or
/// BUNDLE_GEMFILE names, but not for `-v` or `config`.
#[test]
fn ruby_gem_plugins_and_the_gemfile() {
    run(&[
        Case {
            env: &[("GEM_HOME", "vendor/bundle/ruby/3.1.0")],
            ..case(
                "gem-home-relative-plugin",
                |p| {
                    p.write(
                        "repo/vendor/bundle/ruby/3.1.0/plugins/x_plugin.rb",
                        "system('id')\n",
                    )
                },
                "gem list --local 2>&1 | head -20",
                Some("plugins"),
            )
        },
        Case {
            env: &[("GEM_PATH", "$ROOT/gems")],
            ..case(
                "gem-path-plugin",
                |p| p.write("gems/plugins/x_plugin.rb", "system('id')\n"),
                "gem -v",
                Some("plugins"),
            )
        },
        case(
            "gem-user-dir-plugin",
            |p| p.write("home/.gem/ruby/3.1.0/plugins/x_plugin.rb", "system('id')\n"),
            "gem env",
            Some("plugins"),
        ),
        case(
            "gem-xdg-user-dir-plugin",
            |p| {
                p.write(
                    "home/.local/share/gem/ruby/3.1.0/plugins/x_plugin.rb",
                    "system('id')\n",
                )
            },
            "gem list",
            Some("plugins"),
        ),
        case(
            "gemrc-gemhome",
            |p| p.write("home/.gemrc", "gemhome: /tmp/elsewhere\n"),
            "gem list",
            Some(".gemrc"),
        ),
        case("gem-no-plugins", |_| {}, "gem list --local", None),
        Case {
            env: &[("GEM_HOME", "vendor/gems")],
            ..case(
                "gem-home-empty-plugins",
                |p| {
                    p.sh("mkdir -p repo/vendor/gems/plugins");
                },
                "gem list",
                None,
            )
        },
        case(
            "gemfile-bundle-list",
            |p| p.write("repo/Gemfile", "system('id')\n"),
            "bundle list 2>&1 | head",
            Some("Gemfile"),
        ),
        Case {
            cwd: "repo/src",
            ..case(
                "gemfile-up-the-tree",
                |p| p.write("repo/gems.rb", "system('id')\n"),
                "bundle info rake",
                Some("gems.rb"),
            )
        },
        Case {
            env: &[("BUNDLE_GEMFILE", "../Gemfile.ci")],
            cwd: "repo/src",
            ..case(
                "bundle-gemfile-variable",
                |p| p.write("repo/Gemfile.ci", "system('id')\n"),
                "bundle list",
                Some("Gemfile.ci"),
            )
        },
        case(
            "gemfile-bundle-version",
            |p| p.write("repo/Gemfile", "system('id')\n"),
            "bundle -v && bundle config list && bundle config get path",
            None,
        ),
        case("bundle-list-no-gemfile", |_| {}, "bundle list", None),
    ]);
}

/// gdb's initialization files and the scripts it auto-loads beside a program; the JVM options
/// that only size the heap or set the encoding.
#[test]
fn gdb_init_and_jvm_options() {
    run(&[
        case(
            "gdb-no-init",
            |_| {},
            "gdb -batch -ex 'info functions add' -ex 'info line main' build/m 2>&1 | tail -4",
            None,
        ),
        case(
            "gdb-home-init",
            |p| p.write("home/.gdbinit", "shell touch x\n"),
            "gdb -batch -ex 'info line main' build/m",
            Some(".gdbinit"),
        ),
        Case {
            env: &[("XDG_CONFIG_HOME", "$ROOT/home/cfg")],
            ..case(
                "gdb-xdg-init",
                |p| p.write("home/cfg/gdb/gdbinit", "shell touch x\n"),
                "gdb -batch -ex 'print 1'",
                Some("gdbinit"),
            )
        },
        case(
            "gdb-version-skips-init",
            |p| p.write("home/.gdbinit", "shell touch x\n"),
            "gdb --version | head -1",
            None,
        ),
        case(
            "gdb-version-reads-early-init",
            |p| p.write("home/.gdbearlyinit", "shell touch x\n"),
            "gdb --version",
            Some(".gdbearlyinit"),
        ),
        case(
            "gdb-nx-skips-init",
            |p| p.write("home/.gdbinit", "shell touch x\n"),
            "gdb -nx -batch -ex 'print 1'",
            None,
        ),
        case(
            "gdb-nh-skips-home-init",
            |p| {
                p.write("home/.gdbinit", "shell touch x\n");
                p.write("home/.gdbearlyinit", "shell touch x\n");
                p.write("repo/.gdbinit", "shell touch x\n");
            },
            "gdb -nh -batch -ex 'print 2+2'",
            None,
        ),
        case(
            "gdb-nh-auto-load-beside-program",
            |p| p.write("repo/build/m-gdb.py", "import os\n"),
            "gdb -nh -batch -ex 'info line main' build/m",
            Some("m-gdb.py"),
        ),
        case(
            "gdb-auto-load-beside-program",
            |p| p.write("repo/build/m-gdb.py", "import os\n"),
            "gdb -nx -batch -ex 'info line main' build/m",
            Some("m-gdb.py"),
        ),
        Case {
            env: &[("JAVA_TOOL_OPTIONS", "-Dfile.encoding=UTF-8")],
            ..case(
                "java-tool-options-encoding",
                |_| {},
                "java -version 2>&1 | tail -2",
                Some("hsperfdata"),
            )
        },
        Case {
            env: &[("JAVA_TOOL_OPTIONS", "-javaagent:agent.jar")],
            ..case(
                "java-tool-options-agent",
                |_| {},
                "java -version",
                Some("JAVA_TOOL_OPTIONS"),
            )
        },
        Case {
            env: &[("JAVA_TOOL_OPTIONS", "-Djava.system.class.loader=x.L")],
            ..case(
                "java-tool-options-loader",
                |_| {},
                "java -version",
                Some("JAVA_TOOL_OPTIONS"),
            )
        },
        Case {
            env: &[("MAVEN_OPTS", "-Xmx512m -Xss4m")],
            ..case(
                "maven-opts-heap",
                |_| {},
                "mvn -v | head -1",
                Some("hsperfdata"),
            )
        },
        Case {
            env: &[("MAVEN_OPTS", "-Xlog:gc:file=gc.log")],
            ..case("maven-opts-log-file", |_| {}, "mvn -v", Some("MAVEN_OPTS"))
        },
    ]);
}

/// A ruby one-liner that only reads and prints is read-only in context; one that writes, runs,
/// loads or evaluates is not, however it spells it; a newer version of a gem Ruby loads at start
/// (or of a library it requires) in a gem directory is loaded instead.
#[test]
fn ruby_one_liners_and_shadowed_gems() {
    let reads = |name: &'static str, command: &'static str| case(name, |_| {}, command, None);
    let runs = |name: &'static str, command: &'static str| {
        case(name, |_| {}, command, Some("inline code"))
    };
    run(&[
        reads("ruby-ne-print", "ruby -ne 'print if /TODO/' README.md notes.txt"),
        reads(
            "ruby-json",
            "ruby -rjson -e 'puts JSON.pretty_generate(JSON.parse(File.read(\"config.json\")))'",
        ),
        reads(
            "ruby-version-line",
            "ruby -e 'puts [RUBY_VERSION, RUBY_PLATFORM].join(\" \")'",
        ),
        reads(
            "ruby-require-interpolation",
            "ruby -e 'require \"json\"; File.readlines(\"a.txt\").each { |l| puts \"#{l.strip.size}: #{l}\" }'",
        ),
        reads("ruby-syntax-check", "ruby -wc lib/tool.rb"),
        runs("ruby-system", "ruby -e 'system(\"id\")'"),
        runs("ruby-file-write", "ruby -e 'File.write(\"x\", 1)'"),
        runs("ruby-backquote", "ruby -e 'puts `id`'"),
        runs("ruby-percent-x", "ruby -e 'puts %x(id)'"),
        runs("ruby-interpolated-system", "ruby -e 'puts \"#{system(\"id\")}\"'"),
        runs("ruby-symbol-proc", "ruby -e '[File].each(&:delete)'"),
        runs("ruby-read-mode-label", "ruby -e 'File.read(\"x\", mode: \"w\")'"),
        runs("ruby-read-mode-string-label", "ruby -e 'File.read(\"x\", \"mode\": \"w\")'"),
        runs("ruby-hash-rocket", "ruby -e 'File.read(\"x\", **{\"mode\" => \"w\"})'"),
        runs("ruby-scope", "ruby -e 'Kernel::system(\"id\")'"),
        runs("ruby-open-pipe", "ruby -e 'open(\"|id\")'"),
        runs("ruby-eval", "ruby -e 'eval(\"1\")'"),
        runs("ruby-send", "ruby -e 'File.send(:delete, \"x\")'"),
        runs("ruby-in-place", "ruby -pi -e 'x' a.txt"),
        runs("ruby-include-dir", "ruby -Ilib -rjson -e 'puts 1'"),
        runs("ruby-other-library", "ruby -rfileutils -e 'puts 1'"),
        runs("ruby-require-other", "ruby -e 'require \"open3\"'"),
        runs("ruby-heredoc", "ruby -e 'puts <<~X\nhi\nX'"),
        Case {
            env: &[("RUBYOPT", "-W0")],
            ..case("ruby-rubyopt-warnings", |_| {}, "ruby -e 'puts 1'", None)
        },
        Case {
            env: &[("RUBYOPT", "-r./x")],
            ..case("ruby-rubyopt", |_| {}, "ruby -e 'puts 1'", Some("RUBYOPT"))
        },
        case(
            "ruby-user-gem-did-you-mean",
            |p| p.write("home/.gem/ruby/3.1.0/specifications/did_you_mean-99.0.0.gemspec", "x\n"),
            "ruby -e 'puts 1'",
            Some("did_you_mean"),
        ),
        case(
            "gem-user-gem-did-you-mean",
            |p| p.write("home/.gem/ruby/3.1.0/specifications/did_you_mean-99.0.0.gemspec", "x\n"),
            "gem list",
            Some("did_you_mean"),
        ),
        case(
            "ruby-check-skips-gems",
            |p| p.write("home/.gem/ruby/3.1.0/specifications/did_you_mean-99.0.0.gemspec", "x\n"),
            "ruby -wc lib/tool.rb",
            None,
        ),
        Case {
            env: &[("GEM_HOME", "vendor/gems")],
            ..case(
                "ruby-gem-home-json",
                |p| p.write("repo/vendor/gems/specifications/json-9.0.gemspec", "x\n"),
                "ruby -rjson -e 'puts 1'",
                Some("json-9.0.gemspec"),
            )
        },
        case(
            "ruby-user-gem-unrelated",
            |p| p.write("home/.gem/ruby/3.1.0/specifications/rake-13.0.gemspec", "x\n"),
            "ruby -e 'puts 1'",
            None,
        ),
    ]);
}

/// The harmless siblings of the rules above (issue 44, session 30): the same file with only keys
/// that print or set options, beside one with a key that runs or writes.
#[test]
fn configuration_decided_by_its_keys() {
    run(&[
        case(
            "gdbinit-print-settings",
            |p| {
                p.write(
                    "home/.gdbinit",
                    "# mine\nset print pretty on\nset pagination off\nset confirm off\n",
                )
            },
            "gdb -batch -ex 'info line main' build/m",
            None,
        ),
        case(
            "gdbinit-logging-file",
            |p| {
                p.write(
                    "home/.gdbinit",
                    "set print pretty on\nset logging file gdb.log\nset logging enabled on\n",
                )
            },
            "gdb -batch -ex 'info line main' build/m",
            Some(".gdbinit"),
        ),
        case(
            "gdbinit-source",
            |p| p.write("home/.gdbinit", "set pagination off\nsource ~/x.py\n"),
            "gdb -batch -ex 'print 1'",
            Some(".gdbinit"),
        ),
        case(
            "mvn-jvm-config-heap",
            |p| p.write("repo/.mvn/jvm.config", "-Xmx1g -Xss4m\n"),
            "mvn -v | head -1",
            Some("hsperfdata"),
        ),
        case(
            "mvn-jvm-config-agent",
            |p| p.write("repo/.mvn/jvm.config", "-Xmx1g -javaagent:a.jar\n"),
            "mvn -v",
            Some("jvm.config"),
        ),
        case(
            "mvn-maven-config-batch",
            |p| {
                p.write(
                    "repo/.mvn/maven.config",
                    "-B\n--no-transfer-progress\n-T 4\n",
                )
            },
            "mvn -v",
            Some("hsperfdata"),
        ),
        case(
            "mvn-maven-config-log-file",
            |p| p.write("repo/.mvn/maven.config", "-B\n--log-file=build.log\n"),
            "mvn -v",
            Some("maven.config"),
        ),
        case(
            "kubeconfig-token-namespace-executor",
            |p| {
                p.write(
                    "home/.kube/config",
                    "contexts:\n- context:\n    namespace: executor-jobs\n  name: exec-dev\nusers:\n- name: dana\n  user:\n    token: abc\n",
                )
            },
            "kubectl config view --minify",
            None,
        ),
        case(
            "kubeconfig-exec-user",
            |p| {
                p.write(
                    "home/.kube/config",
                    "users:\n- name: dana\n  user:\n    exec:\n      command: ./cred\n",
                )
            },
            "kubectl config view --minify",
            Some("credential plugin"),
        ),
        case(
            "kubeconfig-json-exec",
            |p| {
                p.write(
                    "home/.kube/config",
                    "{\"users\":[{\"user\":{\"exec\" :{\"command\":\"x\"}}}]}\n",
                )
            },
            "kubectl config view --minify",
            Some("credential plugin"),
        ),
        case(
            "curlrc-silent",
            |p| {
                p.write(
                    "home/.curlrc",
                    "# defaults\nsilent\nshow-error\nconnect-timeout = 5\n--location\n",
                )
            },
            "curl --version",
            None,
        ),
        case(
            "curlrc-stderr-file",
            |p| p.write("home/.curlrc", "silent\nstderr = err.txt\n"),
            "curl --version",
            Some(".curlrc"),
        ),
        case(
            "curlrc-output-version",
            |p| p.write("home/.curlrc", "-o out.html\nurl = http://127.0.0.1:9/\n"),
            "curl --version",
            None,
        ),
        case(
            "curlrc-output-transfer",
            |p| p.write("home/.curlrc", "-o out.html\n"),
            "curl -s file:///etc/hostname",
            Some(".curlrc"),
        ),
        case(
            "meson-introspect-languages",
            |p| p.write("repo/meson.build", "project('p', 'c')\n"),
            "meson introspect --projectinfo meson.build",
            Some("compilers"),
        ),
        case(
            "meson-introspect-language-list",
            |p| {
                p.write(
                    "repo/meson.build",
                    "# demo\nproject('p', ['c', 'cpp'],\n  version: '1.0')\n",
                )
            },
            "meson introspect --targets",
            Some("compilers"),
        ),
        case(
            "meson-introspect-no-language",
            |p| {
                p.write(
                    "repo/meson.build",
                    "project('demo', version: '1.2', default_options: ['a=b'])\n",
                )
            },
            "meson introspect --projectinfo meson.build",
            None,
        ),
        case(
            "meson-introspect-build-dir",
            |p| {
                p.write("repo/meson.build", "project('p', 'c')\n");
                p.write("repo/build/meson-info/meson-info.json", "{}\n");
            },
            "meson introspect build --targets",
            None,
        ),
        case(
            "curlrc-stderr-help",
            |p| p.write("home/.curlrc", "--stderr e.txt\n"),
            "curl --help",
            Some(".curlrc"),
        ),
        case(
            "curlrc-config-version",
            |p| p.write("home/.curlrc", "config = other.rc\n"),
            "curl -V",
            Some(".curlrc"),
        ),
        case(
            "bash-profile-harmless",
            |p| {
                p.write(
                    "home/.bash_profile",
                    "export HISTSIZE=1000\nalias ll='ls -l'\numask 022\n",
                )
            },
            "bash -lc 'ls src'",
            None,
        ),
        case(
            "bash-profile-touches",
            |p| p.write("home/.bash_profile", "export HISTSIZE=1000\ntouch ~/ran\n"),
            "bash -lc 'ls src'",
            Some("touch"),
        ),
        case(
            "bash-profile-path",
            |p| p.write("home/.profile", "PATH=\"$HOME/bin:$PATH\"\n"),
            "bash -lc 'ls src'",
            Some("PATH"),
        ),
        case(
            "bash-profile-function-shadows",
            |p| p.write("home/.bash_profile", "ls() { rm -rf \"$@\"; }\n"),
            "bash -lc 'ls src'",
            Some("rm"),
        ),
        case(
            "bashrc-interactive-alias",
            |p| {
                p.write(
                    "home/.bashrc",
                    "shopt -s expand_aliases\nalias ls='touch x'\n",
                )
            },
            "bash -ic 'ls src'",
            Some("touch"),
        ),
        case(
            "php-lint-cwd-ini",
            |p| {
                p.write("repo/php.ini", "auto_prepend_file=evil.php\n");
                p.write("repo/a.php", "<?php echo 1;\n");
            },
            "php -l a.php && php -m",
            None,
        ),
        Case {
            env: &[("PHPRC", "$ROOT/ini")],
            ..case(
                "php-lint-phprc",
                |p| p.write("ini/php.ini", "extension=/tmp/evil.so\n"),
                "php -l a.php",
                Some("extension"),
            )
        },
        // A lint runs no prepended script (measured, PHP 8.2).
        Case {
            env: &[("PHPRC", "$ROOT/ini")],
            ..case(
                "php-lint-phprc-prepend",
                |p| p.write("ini/php.ini", "auto_prepend_file=/tmp/evil.php\n"),
                "php -l a.php",
                None,
            )
        },
        Case {
            env: &[("PHPRC", "$ROOT/ini")],
            ..case(
                "php-lint-phprc-limits",
                |p| {
                    p.write(
                        "ini/php.ini",
                        "; limits\n[PHP]\nmemory_limit = 256M\ndisplay_errors = On\n",
                    )
                },
                "php -l a.php",
                None,
            )
        },
        Case {
            env: &[("PHPRC", "$ROOT/ini")],
            ..case(
                "php-lint-phprc-empty-dir",
                |p| {
                    p.sh("mkdir -p ini");
                },
                "php -l a.php",
                None,
            )
        },
        Case {
            env: &[("MAKEFLAGS", "-j4 --no-print-directory")],
            ..case(
                "makeflags-jobs-dry-run",
                |p| p.write("repo/Makefile", "build:\n\tcargo build\n"),
                "make -n build",
                None,
            )
        },
        Case {
            env: &[("MAKEFLAGS", "CC=./evil")],
            ..case(
                "makeflags-assignment-dry-run",
                |p| p.write("repo/Makefile", "build:\n\tcargo build\n"),
                "make -n build",
                Some("make"),
            )
        },
    ]);
}

/// Python tools that import the project's code before they answer `--version` or `--help`
/// (pytest's conftest.py, flake8's local plugins, tox's toxfile.py, pylint's rcfile plugins), and
/// lua's LUA_INIT, which runs before `-v`: each with a sibling that reads only.
#[test]
fn plugin_hosts_and_lua_init() {
    run(&[
        case(
            "pytest-version-clean",
            |_| {},
            "pytest --version 2>&1",
            None,
        ),
        case(
            // pytest 9.2 (the one installed) prints its version before it looks for conftest.py
            // files (measured; 7.2 imported them).
            "pytest-version-conftest",
            |p| p.write("repo/conftest.py", "import os\n"),
            "pytest --version 2>&1",
            None,
        ),
        Case {
            cwd: "repo/src",
            ..case(
                "pytest-version-parent-conftest",
                |p| p.write("repo/conftest.py", "import os\n"),
                "pytest --help",
                Some("conftest.py"),
            )
        },
        // pytest 9.2 returns from one `--version` before reading anything, operands or not
        // (`_pytest.config._main`); with an operand the verdict stays the test run's.
        case(
            "pytest-version-conftest-of-operand",
            |p| p.write("repo/tests/conftest.py", "import os\n"),
            "pytest --version tests/test_a.py",
            Some("runs the project's tests"),
        ),
        case(
            "pytest-version-conftest-of-test-dir",
            |p| p.write("repo/tests/conftest.py", "import os\n"),
            "pytest --version",
            None,
        ),
        case(
            "pytest-version-conftest-elsewhere",
            |p| p.write("repo/src/conftest.py", "import os\n"),
            "pytest --version",
            None,
        ),
        case(
            "pytest-addopts-plugin",
            |p| p.write("repo/pytest.ini", "[pytest]\naddopts = -p myplugin\n"),
            "pytest --co -q",
            Some("pytest.ini"),
        ),
        case(
            "pytest-addopts-plugin-version",
            |p| p.write("repo/pytest.ini", "[pytest]\naddopts = -p myplugin\n"),
            "pytest --version",
            None,
        ),
        case(
            "pytest-ini-plain",
            |p| {
                p.write(
                    "repo/pytest.ini",
                    "[pytest]\naddopts = -q -ra\ntestpaths = tests\n",
                )
            },
            "pytest --version",
            None,
        ),
        Case {
            env: &[("PYTEST_PLUGINS", "evil")],
            // One `--version` prints before the plugin manager reads PYTEST_PLUGINS (pytest
            // 9.2's `_main`); a test run loads them.
            ..case(
                "pytest-plugins-env",
                |_| {},
                "pytest --co -q",
                Some("PYTEST_PLUGINS"),
            )
        },
        case(
            "flake8-local-plugins",
            |p| {
                p.write(
                    "repo/.flake8",
                    "[flake8:local-plugins]\nextension =\n    X = p:P\npaths = ./plug\n",
                )
            },
            "flake8 --version",
            Some("local-plugins"),
        ),
        case(
            "flake8-plain-config",
            |p| p.write("repo/setup.cfg", "[flake8]\nmax-line-length = 100\n"),
            "flake8 --version",
            None,
        ),
        case(
            "tox-toxfile",
            |p| p.write("repo/toxfile.py", "import os\n"),
            "tox --version",
            Some("toxfile.py"),
        ),
        case(
            "tox-plain",
            |p| p.write("repo/tox.ini", "[tox]\nenv_list = py311\n"),
            "tox --version",
            None,
        ),
        case(
            "tox-legacy-list-plain",
            |p| p.write("repo/tox.ini", "[tox]\nenv_list = py311\n"),
            "tox -l",
            None,
        ),
        case(
            "mysql-version-plain-options",
            |p| p.write("home/.my.cnf", "[client]\nuser = dev\n"),
            "mysql --version && mariadb -V && mysql --help | head -1",
            None,
        ),
        case(
            "mysql-version-tee",
            |p| p.write("home/.my.cnf", "[client]\ntee = /tmp/x\n"),
            "mysql -V",
            Some("tee"),
        ),
        case(
            "mysql-no-defaults-tee",
            |p| p.write("home/.my.cnf", "[client]\ntee = /tmp/x\n"),
            "mysql --no-defaults --help",
            None,
        ),
        case(
            "direnv-exec-blocked",
            |p| p.write("repo/.envrc", "touch RAN\n"),
            "direnv exec . true 2>&1 | head -1; true",
            None,
        ),
        case(
            "direnv-exec-allowed",
            |p| {
                p.write("repo/.envrc", "touch RAN\n");
                p.write("home/.local/share/direnv/allow/0123", "/x/.envrc\n");
            },
            "direnv exec . true",
            Some("approves"),
        ),
        case(
            "direnv-exec-whitelist",
            |p| {
                p.write("repo/.envrc", "touch RAN\n");
                p.write(
                    "home/.config/direnv/direnv.toml",
                    "[whitelist]\nprefix = [\"/\"]\n",
                );
            },
            "direnv exec . true",
            Some("direnv.toml"),
        ),
        case(
            "direnv-exec-judges-the-command",
            |_| {},
            "direnv exec . touch x",
            Some("touch"),
        ),
        case(
            "tox-config-plain-keys",
            |p| {
                p.write(
                    "repo/tox.ini",
                    "[tox]\nenv_list = py311, lint\n\n[testenv]\ncommands = pytest {posargs} {toxinidir}\n",
                )
            },
            "tox config -e py311 -k commands deps",
            None,
        ),
        case(
            "tox-config-interpreter-substitution",
            |p| {
                p.write(
                    "repo/tox.ini",
                    "[tox]\nenv_list = py311\n\n[testenv]\ncommands = ls {envsitepackagesdir}\n",
                )
            },
            "tox config -e py311 -k commands",
            Some("envsitepackagesdir"),
        ),
        case(
            "tox-config-requires",
            |p| p.write("repo/tox.ini", "[tox]\nrequires = tox>=9\n"),
            "tox config -k commands",
            Some("provisions"),
        ),
        case(
            "tox-legacy-list-toxfile",
            |p| {
                p.write("repo/tox.ini", "[tox]\nenv_list = py311\n");
                p.write("repo/toxfile.py", "import os\n");
            },
            "tox -l",
            Some("toxfile.py"),
        ),
        case(
            "pylint-help-plugins",
            |p| p.write("repo/.pylintrc", "[MAIN]\nload-plugins=pylplug\n"),
            "pylint --help",
            Some("pylintrc"),
        ),
        case(
            "pylint-help-plain",
            |p| p.write("repo/.pylintrc", "[FORMAT]\nmax-line-length=100\n"),
            "pylint --help",
            None,
        ),
        Case {
            env: &[("LUA_INIT", "os.execute('touch x')")],
            ..case("lua-init-version", |_| {}, "lua5.4 -v", Some("LUA_INIT"))
        },
        Case {
            env: &[("LUA_INIT_5_4", "@init.lua")],
            ..case("lua-init-versioned", |_| {}, "lua -v", Some("LUA_INIT_5_4"))
        },
        Case {
            env: &[("LUA_INIT", "")],
            ..case("lua-init-empty", |_| {}, "lua5.4 -v", None)
        },
    ]);
}

/// Inline programs of PHP, Lua, R and gawk that only print, and what each interpreter loads
/// before them: ini files, LUA_INIT, R's profiles, environ files and workspace, gawk's AWKPATH
/// (which starts with the working directory) and AWKLIBPATH. Each with a sibling that reads.
#[test]
fn inline_programs_of_php_lua_r_and_gawk() {
    const R_PRINTS: &str = "Rscript -e 'cat(R.version.string)'";
    run(&[
        case("php-r", |_| {}, "php -r 'echo PHP_VERSION, \"\\n\";'", None),
        // php-cli reads no php.ini from the working directory (measured, PHP 8.2).
        case(
            "php-r-ini-here",
            |p| p.write("repo/php.ini", "extension=/tmp/evil.so\n"),
            "php -r 'echo PHP_VERSION;'",
            None,
        ),
        Case {
            env: &[("PHPRC", "$ROOT/repo")],
            ..case(
                "php-r-phprc",
                |p| p.write("repo/php.ini", "extension=/tmp/evil.so\n"),
                "php -r 'echo 1;'",
                Some("extension"),
            )
        },
        Case {
            env: &[("PHP_INI_SCAN_DIR", "$ROOT/repo")],
            ..case(
                "php-r-scan-dir",
                |p| p.write("repo/zz.ini", "zend_extension=x.so\n"),
                "php -r 'echo 1;'",
                Some("zend_extension"),
            )
        },
        Case {
            env: &[("PHP_INI_SCAN_DIR", "$ROOT/repo")],
            ..case(
                "php-r-scan-dir-timezone",
                |p| p.write("repo/tz.ini", "date.timezone = UTC\n"),
                "php -r 'echo 1;'",
                None,
            )
        },
        case("lua-e", |_| {}, "lua5.4 -e 'print(_VERSION)'", None),
        Case {
            env: &[("LUA_INIT", "os.execute('id')")],
            ..case(
                "lua-e-init",
                |_| {},
                "lua5.4 -e 'print(1)'",
                Some("LUA_INIT"),
            )
        },
        Case {
            env: &[("LUA_INIT", "os.execute('id')")],
            ..case(
                "lua-e-init-ignored",
                |_| {},
                "lua5.4 -E -e 'print(1)'",
                None,
            )
        },
        // Lua 5.1 knows no -E and runs LUA_INIT first (measured, 5.1.5); `lua` may be 5.1.
        Case {
            env: &[("LUA_INIT", "os.execute('id')")],
            ..case(
                "lua51-E-init",
                |_| {},
                "lua5.1 -E -e 'print(1)'",
                Some("LUA_INIT"),
            )
        },
        Case {
            env: &[("LUA_INIT", "os.execute('id')")],
            ..case(
                // 5.1 knows no -E (`lua` itself: lua_e_by_the_version_lua_links_to).
                "lua-E-init",
                |_| {},
                "lua5.1 -E -e 'print(1)'",
                Some("LUA_INIT"),
            )
        },
        case("r-e", |_| {}, R_PRINTS, Some("temporary directory")),
        case(
            "r-e-R",
            |_| {},
            "R -q -e 'print(1 + 1)'",
            Some("temporary directory"),
        ),
        case(
            "r-profile-here",
            |p| p.write("repo/.Rprofile", "system('id')\n"),
            R_PRINTS,
            Some(".Rprofile"),
        ),
        case(
            "r-profile-home",
            |p| p.write("home/.Rprofile", "system('id')\n"),
            R_PRINTS,
            Some(".Rprofile"),
        ),
        case(
            "r-profile-vanilla",
            |p| p.write("repo/.Rprofile", "system('id')\n"),
            "Rscript --vanilla -e 'print(1)'",
            // R makes its session directory whatever its startup reads.
            Some("temporary directory"),
        ),
        case(
            "r-environ-here",
            |p| p.write("repo/.Renviron", "R_PROFILE_USER=up.R\n"),
            R_PRINTS,
            Some(".Renviron"),
        ),
        case(
            "r-environ-skipped",
            |p| p.write("repo/.Renviron", "R_PROFILE_USER=up.R\n"),
            "Rscript --no-environ -e 'print(1)'",
            // R makes its session directory whatever its startup reads.
            Some("temporary directory"),
        ),
        Case {
            env: &[("R_PROFILE_USER", "up.R")],
            ..case("r-profile-user", |_| {}, R_PRINTS, Some("R_PROFILE_USER"))
        },
        Case {
            env: &[("R_LIBS_USER", "$ROOT/repo/lib")],
            ..case("r-libs", |_| {}, R_PRINTS, Some("R_LIBS_USER"))
        },
        case(
            "r-user-library-stats",
            |p| {
                p.sh("mkdir -p home/R/x86_64-pc-linux-gnu-library/4.2/stats");
            },
            R_PRINTS,
            Some("user library"),
        ),
        case(
            "r-workspace-restored",
            |p| p.write("repo/.RData", "RDX3\n"),
            "R -q -e 'print(1)'",
            Some(".RData"),
        ),
        case(
            "r-workspace-not-restored",
            |p| p.write("repo/.RData", "RDX3\n"),
            "R -q --no-restore -e 'print(1)'",
            // R makes its session directory whatever its startup reads.
            Some("temporary directory"),
        ),
        case(
            "r-workspace-rscript",
            |p| p.write("repo/.RData", "RDX3\n"),
            R_PRINTS,
            // R makes its session directory whatever its startup reads.
            Some("temporary directory"),
        ),
        case("r-save", |_| {}, "R -q --save -e 'x <- 1'", Some(".RData")),
        case(
            "gawk-include",
            |_| {},
            "gawk -i ord 'BEGIN { print ord(\"A\") }'",
            None,
        ),
        case(
            "gawk-include-planted",
            |p| p.write("repo/ord.awk", "BEGIN { system(\"id\") }\n"),
            "gawk -i ord 'BEGIN { print ord(\"A\") }'",
            Some("ord.awk"),
        ),
        // Not found along AWKPATH: gawk stops before it runs anything (gawk 5.2, measured).
        Case {
            env: &[("AWKPATH", "$ROOT/repo")],
            ..case(
                "gawk-include-awkpath-missing",
                |_| {},
                "gawk -i ord 'BEGIN { print ord(\"A\") }'",
                None,
            )
        },
        // Found there: judged as the awk program it is.
        Case {
            env: &[("AWKPATH", "$ROOT/home/awk")],
            ..case(
                "gawk-include-awkpath-functions",
                |p| {
                    p.write(
                        "home/awk/util.awk",
                        "function upper(s) { return toupper(s) }\n",
                    )
                },
                "gawk -i util '{ print upper($1) }' notes.txt",
                None,
            )
        },
        Case {
            env: &[("AWKPATH", "$ROOT/home/awk")],
            ..case(
                "gawk-include-awkpath-runs",
                |p| {
                    p.write(
                        "home/awk/util.awk",
                        "function upper(s) { system(\"id\"); return s }\n",
                    )
                },
                "gawk -i util '{ print upper($1) }' notes.txt",
                Some("util.awk"),
            )
        },
        Case {
            env: &[("AWKPATH", "$ROOT/home/awk")],
            ..case(
                "gawk-include-awkpath-writes",
                |p| p.write("home/awk/log.awk", "END { print NR > \"count.txt\" }\n"),
                "gawk -i log.awk '{ print }' notes.txt",
                Some("writes"),
            )
        },
        Case {
            env: &[("AWKPATH", "$ROOT/home/awk")],
            ..case(
                "gawk-include-awkpath-includes",
                |p| p.write("home/awk/util.awk", "@include \"more\"\n"),
                "gawk -i util '{ print }' notes.txt",
                Some("loads more"),
            )
        },
        case(
            "gawk-include-runtime",
            |_| {},
            "gawk -i \"$LIB\" '{ print }' notes.txt",
            Some("run time"),
        ),
        case(
            "gawk-load",
            |_| {},
            "gawk -l ordchr 'BEGIN { print chr(65) }'",
            None,
        ),
        Case {
            env: &[("AWKLIBPATH", "$ROOT/repo")],
            ..case(
                "gawk-load-awklibpath",
                |_| {},
                "gawk -l ordchr 'BEGIN { print chr(65) }'",
                Some("AWKLIBPATH"),
            )
        },
    ]);
}

/// An hg repository `hgr/` whose caches are warm: its file older than the commit (so the commit
/// records it), the tags cache and the working copy's checks written by a first `hg log` and
/// `hg status`. `false` when hg is not installed.
fn hg_repo(p: &Planted) -> bool {
    p.sh("hg init hgr -q && cd hgr && echo a > a.txt && touch -d '2024-03-01 12:00:00' a.txt && \
          hg add -q a.txt && hg commit -q -m init -u t && hg log >/dev/null && hg status >/dev/null")
}

/// A Subversion working copy `wc/` of the repository `svnrepo/` (file://), with svn's
/// configuration directory made in HOME.
fn svn_wc(p: &Planted) -> bool {
    p.sh(
        "svnadmin create svnrepo && svn checkout -q \"file://$PWD/svnrepo\" wc && cd wc && \
          echo a > a.txt && svn add -q a.txt && svn commit -q -m init && svn update -q",
    )
}

fn hg_case(
    name: &'static str,
    plant: fn(&Planted),
    command: &'static str,
    flagged: Option<&'static str>,
) -> Case {
    Case {
        cwd: "hgr",
        ..case(name, plant, command, flagged)
    }
}

#[test]
#[ignore = "needs Mercurial (hg): run by scripts/tool-tests.mjs (npm test) where hg is installed"]
fn mercurial_configuration_and_caches() {
    assert!(
        Planted::new("hg-probe").is_some_and(|p| hg_repo(&p)),
        "hg init/commit failed: is Mercurial (hg) installed?"
    );
    run(&[
        hg_case(
            "hg-log",
            |p| {
                hg_repo(p);
            },
            "hg log",
            None,
        ),
        hg_case(
            "hg-status",
            |p| {
                hg_repo(p);
            },
            "hg status && hg st && hg diff",
            Some("file system's clock"),
        ),
        hg_case(
            "hg-between-revisions",
            |p| {
                hg_repo(p);
            },
            "hg status --change 0; hg status --rev 0:0; hg diff -r 0 -r 0; hg diff -c 0; hg diff --from 0 --to 0; hg id -r 0",
            None,
        ),
        hg_case(
            "hg-against-the-working-copy",
            |p| {
                hg_repo(p);
            },
            "hg diff -r 0; hg summary",
            Some("file system's clock"),
        ),
        hg_case(
            "hg-reads",
            |p| {
                hg_repo(p);
            },
            "hg cat -r 0 a.txt; hg annotate a.txt; hg id -r .; hg tip; hg files; hg root",
            None,
        ),
        hg_case(
            "hg-version",
            |p| {
                hg_repo(p);
            },
            "hg --version",
            None,
        ),
        hg_case(
            "hg-harmless",
            |p| {
                hg_repo(p);
                p.write("hgr/.hg/hgrc", "[ui]\nusername = x\n[extensions]\nrebase =\nmq = !\n[alias]\nlg = log -G\n[hooks]\ncommit = touch x\npre-push = touch x\n");
            },
            "hg log && hg status --change 0",
            None,
        ),
        hg_case(
            "hg-hook-pre-log",
            |p| {
                hg_repo(p);
                p.write("hgr/.hg/hgrc", "[hooks]\npre-log = touch x\n");
            },
            "hg log",
            Some("pre-log"),
        ),
        hg_case(
            "hg-hook-other-command",
            |p| {
                hg_repo(p);
                p.write("hgr/.hg/hgrc", "[hooks]\npre-log = touch x\n");
            },
            "hg cat -r 0 a.txt",
            None,
        ),
        hg_case(
            "hg-hook-home-alias-spelling",
            |p| {
                hg_repo(p);
                p.write("home/.hgrc", "[hooks]\npost-status = touch x\n");
            },
            "hg st",
            Some("post-status"),
        ),
        hg_case(
            "hg-hook-suffixed-continued",
            |p| {
                hg_repo(p);
                p.write("hgr/.hg/hgrc", "[hooks]\npre-cat.audit =\n  touch x\n");
            },
            "hg cat -r 0 a.txt",
            Some("pre-cat.audit"),
        ),
        hg_case(
            "hg-hook-unset",
            |p| {
                hg_repo(p);
                p.write("home/.hgrc", "[hooks]\npre-log = touch x\n");
                p.write("hgr/.hg/hgrc", "[hooks]\n%unset pre-log\n");
            },
            "hg log",
            None,
        ),
        hg_case(
            "hg-hook-include",
            |p| {
                hg_repo(p);
                p.write("hgr/hooks.rc", "[hooks]\npre-log = touch x\n");
                p.write("hgr/.hg/hgrc", "%include ../hooks.rc\n");
            },
            "hg log",
            Some("pre-log"),
        ),
        Case {
            env: &[("HGRCPATH", "../rc.d")],
            ..hg_case(
                "hg-hook-hgrcpath-dir",
                |p| {
                    hg_repo(p);
                    p.write("rc.d/a.rc", "[hooks]\npre-tip = touch x\n");
                },
                "hg tip",
                Some("pre-tip"),
            )
        },
        hg_case(
            "hg-hook-xdg",
            |p| {
                hg_repo(p);
                p.write("home/.config/hg/hgrc", "[hooks]\npre-status = touch x\n");
            },
            "hg status",
            Some("pre-status"),
        ),
        hg_case(
            "hg-hook-config-option",
            |p| {
                hg_repo(p);
            },
            "hg log --config hooks.pre-log=touch",
            Some("pre-log"),
        ),
        hg_case(
            "hg-extension-path",
            |p| {
                hg_repo(p);
                p.write("home/.hgrc", "[extensions]\ne = ~/e.py\n");
            },
            "hg --version",
            Some("~/e.py"),
        ),
        hg_case(
            "hg-extension-blackbox",
            |p| {
                hg_repo(p);
                p.write("hgr/.hg/hgrc", "[extensions]\nblackbox =\n");
            },
            "hg log",
            Some("blackbox"),
        ),
        hg_case(
            "hg-alias-shell",
            |p| {
                hg_repo(p);
                p.write("hgr/.hg/hgrc", "[alias]\nst = !touch x\n");
            },
            "hg st",
            Some("alias st"),
        ),
        hg_case(
            "hg-extdiff-shadows",
            |p| {
                hg_repo(p);
                p.write(
                    "hgr/.hg/hgrc",
                    "[extensions]\nextdiff =\n[extdiff]\ncmd.diff = touch\n",
                );
            },
            "hg diff",
            Some("cmd.diff"),
        ),
        hg_case(
            "hg-defaults",
            |p| {
                hg_repo(p);
                p.write("hgr/.hg/hgrc", "[defaults]\ncat = -o out.txt\n");
            },
            "hg cat -r 0 a.txt",
            Some("[defaults] cat"),
        ),
        hg_case(
            "hg-profiling",
            |p| {
                hg_repo(p);
                p.write(
                    "hgr/.hg/hgrc",
                    "[profiling]\nenabled = true\noutput = prof.txt\n",
                );
            },
            "hg log",
            Some("profiling"),
        ),
        hg_case(
            "hg-unparsable",
            |p| {
                hg_repo(p);
                p.write("hgr/.hg/hgrc", "[ui]\njust words\n");
            },
            "hg log",
            Some("does not parse"),
        ),
        hg_case(
            "hg-tags-cache-missing",
            |p| {
                hg_repo(p);
                let _ = fs::remove_file(p.path("hgr/.hg/cache/tags2-visible"));
            },
            "hg log",
            Some("tags cache"),
        ),
        hg_case(
            "hg-tags-cache-stale",
            |p| {
                hg_repo(p);
                p.sh("cd hgr && echo b > b.txt && touch -d '2024-03-01 12:00:00' b.txt && hg add -q b.txt && hg commit -q -m two -u t && hg status >/dev/null");
            },
            "hg id",
            Some("not for the tip"),
        ),
        hg_case(
            "hg-template-without-tags",
            |p| {
                hg_repo(p);
                let _ = fs::remove_dir_all(p.path("hgr/.hg/cache"));
            },
            "hg log -T '{rev} {desc}\\n' && hg log -l 1 -T '{desc|firstline}\\n' -r 0:tip && hg tip -T '{node|short}'",
            None,
        ),
        hg_case(
            "hg-template-with-tags",
            |p| {
                hg_repo(p);
                let _ = fs::remove_dir_all(p.path("hgr/.hg/cache"));
            },
            "hg log -T '{rev} {latesttag}\\n'",
            Some("tags cache"),
        ),
        hg_case(
            "hg-template-style-name",
            |p| {
                hg_repo(p);
                let _ = fs::remove_dir_all(p.path("hgr/.hg/cache"));
            },
            "hg log -T json",
            Some("tags cache"),
        ),
        hg_case(
            "hg-template-alias",
            |p| {
                hg_repo(p);
                let _ = fs::remove_dir_all(p.path("hgr/.hg/cache"));
                p.write("hgr/.hg/hgrc", "[templatealias]\nrev = tags\n");
            },
            "hg log -T '{rev}'",
            Some("tags cache"),
        ),
        hg_case(
            "hg-revision-by-name-branch-cache",
            |p| {
                hg_repo(p);
                // hg commit left the branch caches current: removed, as before a first lookup.
                p.sh("rm -f hgr/.hg/cache/branch2-* hgr/.hg/cache/rbc-*");
            },
            "hg cat -r default a.txt",
            Some("branch cache"),
        ),
        hg_case(
            "hg-revset-function-branch-cache",
            |p| {
                hg_repo(p);
                // hg commit left the branch caches current: removed, as before a first lookup.
                p.sh("rm -f hgr/.hg/cache/branch2-* hgr/.hg/cache/rbc-*");
            },
            "hg log -T '{rev}' -r 'all()'",
            Some("branch cache"),
        ),
        hg_case(
            "hg-log-branch-option",
            |p| {
                hg_repo(p);
                // hg commit left the branch caches current: removed, as before a first lookup.
                p.sh("rm -f hgr/.hg/cache/branch2-* hgr/.hg/cache/rbc-*");
            },
            "hg log -b default -T '{rev}'",
            Some("branch cache"),
        ),
        hg_case(
            "hg-branch-cache-warm",
            |p| {
                hg_repo(p);
                p.sh("cd hgr && hg log -r 'all()' >/dev/null");
            },
            "hg log -b default -T '{rev}' && hg cat -r default a.txt",
            None,
        ),
        hg_case(
            "hg-tags-cache-current-after-commit",
            |p| {
                hg_repo(p);
                p.sh("cd hgr && echo b > b.txt && touch -d '2024-03-01 12:00:00' b.txt && hg add -q b.txt && hg commit -q -m two -u t && hg log >/dev/null");
            },
            "hg log",
            None,
        ),
        hg_case(
            "hg-dirstate-time-changed",
            |p| {
                hg_repo(p);
                p.sh("touch hgr/a.txt");
            },
            "hg status",
            Some("time changed"),
        ),
        hg_case(
            "hg-dirstate-size-changed",
            |p| {
                hg_repo(p);
                p.sh("echo more >> hgr/a.txt");
            },
            "hg diff",
            Some("file system's clock"),
        ),
        hg_case(
            "hg-wcache-missing",
            |p| {
                hg_repo(p);
                let _ = fs::remove_file(p.path("hgr/.hg/wcache/checknoexec"));
            },
            "hg status",
            Some("wcache"),
        ),
        hg_case(
            "hg-shared",
            |p| {
                hg_repo(p);
                p.write("hgr/.hg/sharedpath", "/elsewhere/.hg");
            },
            "hg log",
            Some("shares"),
        ),
    ]);
}

fn svn_case(
    name: &'static str,
    plant: fn(&Planted),
    command: &'static str,
    flagged: Option<&'static str>,
) -> Case {
    Case {
        cwd: "wc",
        ..case(name, plant, command, flagged)
    }
}

#[test]
#[ignore = "needs Subversion (svn, svnadmin): run by scripts/tool-tests.mjs (npm test) where it is installed"]
fn subversion_configuration_and_repository() {
    assert!(
        Planted::new("svn-probe").is_some_and(|p| svn_wc(&p)),
        "svnadmin create/svn checkout failed: is Subversion installed?"
    );
    const DIFF_CMD: &str = "[helpers]\ndiff-cmd = /tmp/d.sh\n";
    run(&[
        svn_case(
            "svn-reads",
            |p| {
                svn_wc(p);
            },
            "svn status; svn info; svn diff; svn log -l 1; svn cat a.txt; svn list",
            None,
        ),
        svn_case(
            "svn-editor-cmd",
            |p| {
                svn_wc(p);
                p.write(
                    "home/.subversion/config",
                    "[helpers]\neditor-cmd = touch x\n",
                );
            },
            "svn diff",
            None,
        ),
        svn_case(
            "svn-diff-cmd",
            |p| {
                svn_wc(p);
                p.write("home/.subversion/config", DIFF_CMD);
            },
            "svn diff",
            Some("diff-cmd"),
        ),
        svn_case(
            "svn-diff-cmd-log",
            |p| {
                svn_wc(p);
                p.write("home/.subversion/config", DIFF_CMD);
            },
            "svn log --diff -l 1",
            Some("diff-cmd"),
        ),
        svn_case(
            "svn-diff-cmd-internal",
            |p| {
                svn_wc(p);
                p.write("home/.subversion/config", DIFF_CMD);
            },
            "svn diff --internal-diff; svn status",
            None,
        ),
        svn_case(
            "svn-config-dir",
            |p| {
                svn_wc(p);
                p.sh("cp -r home/.subversion cfg");
                p.write("cfg/config", DIFF_CMD);
            },
            "svn diff --config-dir ../cfg",
            Some("diff-cmd"),
        ),
        svn_case(
            "svn-config-dir-missing",
            |p| {
                svn_wc(p);
            },
            "svn status --config-dir ../newcfg",
            Some("creates its configuration"),
        ),
        svn_case(
            "svn-home-missing",
            |p| {
                svn_wc(p);
                let _ = fs::remove_dir_all(p.path("home/.subversion"));
            },
            "svn info",
            Some("creates its configuration"),
        ),
        svn_case(
            "svn-config-file-missing",
            |p| {
                svn_wc(p);
                let _ = fs::remove_file(p.path("home/.subversion/config"));
            },
            "svn status",
            Some("config is not there"),
        ),
        svn_case(
            "svn-unparsable",
            |p| {
                svn_wc(p);
                p.write("home/.subversion/config", "[helpers]\ngarbage\n");
            },
            "svn diff",
            Some("does not parse"),
        ),
        svn_case(
            "svn-remote-url",
            |p| {
                svn_wc(p);
            },
            "svn log https://example.com/repo",
            Some("network"),
        ),
        svn_case(
            "svn-remote-working-copy",
            |p| {
                svn_wc(p);
                p.write(
                    "remote/.svn/wc.db",
                    "SQLite format 3\0\x01https://example.com/svn/repo\0",
                );
            },
            "cd ../remote && svn log",
            Some("network"),
        ),
        svn_case(
            "svn-remote-status-is-local",
            |p| {
                svn_wc(p);
                p.write(
                    "remote/.svn/wc.db",
                    "SQLite format 3\0\x01https://example.com/svn/repo\0",
                );
            },
            "cd ../remote && svn status",
            None,
        ),
    ]);
}

#[test]
fn printers_startup_files_and_aliases() {
    const JUSTFILE: &str = "x := `touch BT`\n\nbuild:\n    echo {{x}}\n";
    run(&[
        case("gnuplot-plain", |_| {}, "gnuplot -e 'print 1+2'", None),
        case(
            "gnuplot-home-rc",
            |p| p.write("home/.gnuplot", "system(\"touch x\")\n"),
            "gnuplot -e 'print 1+2'",
            Some(".gnuplot"),
        ),
        case(
            "gnuplot-home-rc-skipped",
            |p| p.write("home/.gnuplot", "system(\"touch x\")\n"),
            "gnuplot -d -e 'print 1+2'",
            None,
        ),
        case(
            "gnuplot-home-rc-version",
            |p| p.write("home/.gnuplot", "system(\"touch x\")\n"),
            "gnuplot --version",
            None,
        ),
        case(
            "gnuplot-cwd-rc",
            |p| p.write("repo/.gnuplot", "system(\"touch x\")\n"),
            "gnuplot -e 'print 1+2'",
            None,
        ),
        case("rsync-dry-run", |_| {}, "rsync -n -av src/ dst/", None),
        case(
            "rsync-popt-alias",
            |p| {
                p.write(
                    "home/.popt",
                    "rsync alias --dry-run --dry-run --log-file=LOG\n",
                )
            },
            "rsync --dry-run -a src/ dst/",
            Some(".popt"),
        ),
        case(
            "rsync-popt-other-program",
            |p| p.write("home/.popt", "tar alias --x --y\n"),
            "rsync -n -a src/ dst/",
            None,
        ),
        case(
            "just-list-backticks",
            |p| p.write("repo/justfile", JUSTFILE),
            "just --list; just --dry-run build; just --show build",
            None,
        ),
        case(
            "just-evaluate-backticks",
            |p| p.write("repo/justfile", JUSTFILE),
            "just --evaluate",
            Some("backticks"),
        ),
        case(
            "just-evaluate-up-the-tree",
            |p| p.write("repo/Justfile", JUSTFILE),
            "cd src && just --evaluate x",
            Some("backticks"),
        ),
        case(
            "just-evaluate-shell",
            |p| p.write("repo/justfile", "x := shell('touch x')\n"),
            "just --evaluate",
            Some("backticks"),
        ),
        case(
            "just-evaluate-import",
            |p| p.write("repo/justfile", "import 'other.just'\nx := \"a\"\n"),
            "just --evaluate",
            Some("imports"),
        ),
        case(
            "just-evaluate-plain",
            |p| p.write("repo/justfile", "x := \"a\"\n"),
            "just --evaluate",
            None,
        ),
        Case {
            env: &[("GROFF_BIN_PATH", "$ROOT/bin")],
            ..case(
                "groff-bin-path",
                |_| {},
                "groff -man -Tutf8 a.1",
                Some("GROFF_BIN_PATH"),
            )
        },
        case("groff-safe", |_| {}, "groff -man -Tutf8 a.1", None),
        Case {
            env: &[("GVBINDIR", "$ROOT/plugins")],
            ..case(
                "graphviz-plugins",
                |_| {},
                "dot -Tsvg a.dot",
                Some("GVBINDIR"),
            )
        },
        case(
            "pandoc-data-dir",
            |p| {
                p.write(
                    "home/.local/share/pandoc/init.lua",
                    "os.execute('touch x')\n",
                )
            },
            "pandoc a.md",
            None,
        ),
    ]);
}

#[test]
fn program_variables_and_early_init_files() {
    run(&[
        Case {
            env: &[("GREP", "touch ran; grep")],
            ..case("zgrep-grep", |_| {}, "zgrep foo a.gz", Some("GREP"))
        },
        Case {
            env: &[("GREP", "grep -E")],
            ..case("zgrep-plain-grep", |_| {}, "zgrep foo a.gz", None)
        },
        Case {
            env: &[("GREP", "./x")],
            ..case("bzgrep-grep", |_| {}, "bzgrep foo a.bz2", Some("GREP"))
        },
        Case {
            env: &[("DIFF", "touch ran; diff")],
            ..case("zdiff-diff", |_| {}, "zdiff a.gz b.gz", Some("DIFF"))
        },
        Case {
            env: &[("CMP", "./x")],
            ..case("xzcmp-cmp", |_| {}, "xzcmp a.xz b.xz", Some("CMP"))
        },
        Case {
            env: &[("PAGER", "touch ran")],
            ..case("zmore-pager", |_| {}, "zmore a.gz", Some("PAGER"))
        },
        Case {
            env: &[("PERLDOC", "-d out.txt")],
            ..case(
                "perldoc-options",
                |_| {},
                "perldoc -m strict",
                Some("PERLDOC"),
            )
        },
        case("perldoc-plain", |_| {}, "perldoc -m strict", None),
        case("zgrep-no-variables", |_| {}, "zgrep -c foo a.gz", None),
        case("gdb-version-plain", |_| {}, "gdb --version", None),
        case(
            "gdb-version-early-init",
            |p| p.write("home/.gdbearlyinit", "shell touch ran\n"),
            "gdb --version",
            Some(".gdbearlyinit"),
        ),
    ]);
}

/// Configuration judged by its value: the harmless twin of each file a reader flags, and the
/// harmful one (lesskey files named by LESSKEYIN, php.ini, ~/.zshenv).
#[test]
fn configuration_judged_by_value() {
    run(&[
        Case {
            env: &[("LESSKEYIN", "keys")],
            ..case(
                "lesskeyin-bindings",
                |p| p.write("repo/keys", "#command\nj forw-line\nk back-line\n"),
                "less README.md",
                None,
            )
        },
        Case {
            env: &[("LESSKEYIN", "keys")],
            ..case(
                "lesskeyin-lessopen",
                |p| p.write("repo/keys", "#env\nLESSOPEN=|./x %s\n"),
                "less README.md",
                Some("keys"),
            )
        },
        Case {
            env: &[("LESSKEY_CONTENT", "#env\nLESSOPEN=|./x %s\n")],
            ..case(
                "lesskey-content",
                |_| {},
                "less README.md",
                Some("LESSKEY_CONTENT"),
            )
        },
        case(
            "exiftool-config",
            |p| p.write("home/.ExifTool_config", "open(my $f, '>', 'x');\n1;\n"),
            "exiftool a.txt",
            Some(".ExifTool_config"),
        ),
        case(
            "mlrrc-in-place",
            |p| p.write("home/.mlrrc", "# defaults\n-I\n"),
            "mlr --csv sort -f name a.csv",
            Some(".mlrrc"),
        ),
        case(
            "mlrrc-formats",
            |p| p.write("home/.mlrrc", "# defaults\n--icsv\nojson\nifs ;\n"),
            "mlr sort -f name a.csv",
            None,
        ),
        Case {
            env: &[("MLRRC", "__none__")],
            ..case(
                "mlrrc-none",
                |p| p.write("home/.mlrrc", "-I\n"),
                "mlr --csv sort -f name a.csv",
                None,
            )
        },
        case(
            "exiftool-config-empty",
            |p| p.write("home/.ExifTool_config", "# nothing\n1;\n"),
            "exiftool a.txt",
            None,
        ),
        case(
            "zshenv-assignments",
            |p| {
                p.write(
                    "home/.zshenv",
                    "# project\nexport PROJECT=web\nREGION=eu-west-1\n",
                )
            },
            "zsh -c 'ls src'",
            None,
        ),
        case(
            "zshenv-path",
            |p| p.write("home/.zshenv", "export PATH=/tmp/evil:/usr/bin\n"),
            "zsh -c 'ls src'",
            Some(".zshenv"),
        ),
        case(
            "zshenv-expansion",
            |p| p.write("home/.zshenv", "export X=$(touch y)\n"),
            "zsh -c 'ls src'",
            Some(".zshenv"),
        ),
    ]);
}

/// Values the walk knows from the context: a parameter set there is not replaced by its default
/// (`${HOME:-$(cmd)}` runs nothing), one unset there takes no alternative (`${X:+$(cmd)}`).
#[test]
fn expansions_known_from_the_context() {
    let set = &[("CLS_SET", "v"), ("CLS_EMPTY", "")];
    let mut cases = Vec::new();
    for (command, flagged) in [
        ("echo \"${HOME:-$(touch x)}\"", None),
        ("echo \"${CLS_SET-$(touch x)}\"", None),
        ("echo \"${CLS_SET:=$(touch x)}\"", None),
        (": \"${CLS_SET:?$(touch x)}\"", None),
        ("echo \"${CLS_UNSET:+$(touch x)}\"", None),
        ("echo \"${CLS_EMPTY-$(touch x)}\"", None),
        ("echo \"${CLS_UNSET:-$(touch x)}\"", Some("touch")),
        ("echo \"${CLS_EMPTY:-$(touch x)}\"", Some("touch")),
        ("echo \"${CLS_SET:+$(touch x)}\"", Some("touch")),
        ("echo \"${CLS_EMPTY+$(touch x)}\"", Some("touch")),
        (
            "unset CLS_SET; echo \"${CLS_SET:-$(touch x)}\"",
            Some("touch"),
        ),
        ("CLS_SET=; echo \"${CLS_SET:-$(touch x)}\"", Some("touch")),
        (
            "read CLS_SET; echo \"${CLS_SET:-$(touch x)}\"",
            Some("touch"),
        ),
        (
            "eval \"$1\"; echo \"${CLS_SET:-$(touch x)}\"",
            Some("touch"),
        ),
        (
            ": ${CLS_UNSET:=a}; echo \"${CLS_UNSET:+$(touch x)}\"",
            Some("touch"),
        ),
        ("echo \"${PWD:+$(touch x)}\"", Some("touch")),
        ("echo \"${PAGER:-$(touch x)}\"", Some("touch")),
        (
            "env -i bash -c 'echo \"${HOME:-$(touch x)}\"'",
            Some("touch"),
        ),
    ] {
        cases.push((command, flagged));
    }
    let mut wrong = Vec::new();
    for (command, flagged) in cases {
        let Some(p) = Planted::new("expansions") else {
            return;
        };
        let got = classify_in(command, &p.context("repo", set));
        let ok = match flagged {
            None => got.level == Level::ReadOnly,
            Some(t) => got.level != Level::ReadOnly && got.reasons.iter().any(|r| r.contains(t)),
        };
        if !ok {
            wrong.push(format!(
                "{command:?}: {} {:?}",
                got.level.as_str(),
                got.reasons
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Configuration that is there but harmless, options that turn it off, and their harmful
/// twins (session 37: the false alarms of r13-r16 by cause).
#[test]
fn harmless_configuration_and_options_that_turn_it_off() {
    fn exif(p: &Planted) {
        p.write("home/.ExifTool_config", "open(my $f, '>', 'x');\n1;\n");
    }
    fn mypy_plain(p: &Planted) {
        p.write("repo/mypy.ini", "[mypy]\nstrict = True\n");
    }
    fn mypy_plugin(p: &Planted) {
        p.write("repo/mypy.ini", "[mypy]\nplugins = myplug\n");
    }
    fn php_prepend(p: &Planted) {
        p.write("repo/ini/zz.ini", "auto_prepend_file=/tmp/pre.php\n");
    }
    fn php_extension(p: &Planted) {
        p.write("repo/ini/zz.ini", "extension=/tmp/x.so\n");
    }
    fn conftest(p: &Planted) {
        p.write("repo/conftest.py", "open('x', 'w')\n");
    }
    fn gnuplot_set(p: &Planted) {
        p.write(
            "home/.gnuplot",
            "set datafile separator \",\"\n# c\nset key left\n",
        );
    }
    fn gnuplot_system(p: &Planted) {
        p.write("home/.gnuplot", "set key left\nsystem \"touch x\"\n");
    }
    fn gnuplot_output(p: &Planted) {
        p.write("home/.gnuplot", "set output \"x.png\"\n");
    }
    fn bash_env_plain(p: &Planted) {
        p.write("repo/.ci-env.sh", "export APP_MODE=test\nNAME=demo\n");
    }
    fn bash_env_touch(p: &Planted) {
        p.write("repo/.ci-env.sh", "export APP_MODE=test\ntouch x\n");
    }
    fn bash_env_path(p: &Planted) {
        p.write("repo/.ci-env.sh", "export PATH=./bin:/usr/bin\n");
    }
    fn prettier_json(p: &Planted) {
        p.write("repo/.prettierrc", "{\"semi\": false}\n");
    }
    fn prettier_js(p: &Planted) {
        p.write("repo/.prettierrc.js", "module.exports = {}\n");
    }
    fn prettier_plugins(p: &Planted) {
        p.write("repo/.prettierrc", "{\"plugins\": [\"./p.js\"]}\n");
    }
    fn prettier_shared(p: &Planted) {
        p.write(
            "repo/package.json",
            "{\"name\": \"demo\", \"prettier\": \"@acme/prettier-config\"}\n",
        );
    }
    fn make_include(p: &Planted) {
        p.write("repo/Makefile", "include vars.mk\nall:\n\t@echo $(X)\n");
        p.write("repo/vars.mk", "X = 1\n");
    }
    fn make_include_shell(p: &Planted) {
        p.write("repo/Makefile", "include vars.mk\nall:\n\t@echo $(X)\n");
        p.write("repo/vars.mk", "X := $(shell touch x)\n");
    }
    fn make_include_remade(p: &Planted) {
        p.write(
            "repo/Makefile",
            "include gen.mk\nall:\n\t@echo hi\ngen.mk:\n\ttouch x\n",
        );
        p.write("repo/gen.mk", "X = 1\n");
    }
    fn make_include_missing(p: &Planted) {
        p.write("repo/Makefile", "-include gen.mk\nall:\n\t@echo hi\n");
    }
    fn count(p: &Planted) {
        p.write("repo/count.txt", "41\n");
    }
    fn count_code(p: &Planted) {
        p.write("repo/count.txt", "a[$(touch x)]\n");
    }
    fn rc(p: &Planted) {
        p.write("repo/rc.sh", "touch x\n");
    }
    fn nothing(_: &Planted) {}
    fn textconv_bin(p: &Planted) {
        textconv(p);
        p.write("repo/.gitattributes", "*.bin diff=c\n");
        p.write("repo/a.txt", "changed\n");
        p.write("repo/x.bin", "x\n");
    }
    fn textconv_macro(p: &Planted) {
        textconv(p);
        p.write("repo/.gitattributes", "[attr]conv diff=c\n*.txt conv\n");
        p.write("repo/a.txt", "changed\n");
    }
    fn textconv_anchored(p: &Planted) {
        textconv(p);
        p.write("repo/.gitattributes", "/a.bin diff=c\n");
    }
    fn archive_filter(p: &Planted) {
        p.git("config filter.x.smudge 'touch x; cat'");
    }
    fn archive_filter_attributed(p: &Planted) {
        archive_filter(p);
        p.write("repo/.gitattributes", "*.txt filter=x\n");
        p.sh("cd repo && git add -A && git -c user.name=t -c user.email=t@t commit -qm attrs");
    }
    fn archive_filter_info(p: &Planted) {
        archive_filter(p);
        p.write("repo/.git/info/attributes", "*.txt filter=x\n");
    }
    fn mlrrc_prepipe(p: &Planted) {
        p.write("home/.mlrrc", "ojson\nprepipe touch x;\n");
    }
    fn partial_clone(p: &Planted) {
        p.git("config remote.origin.promisor true");
    }
    const INI: &[(&str, &str)] = &[("PHP_INI_SCAN_DIR", "ini")];
    const BASH_ENV: &[(&str, &str)] = &[("BASH_ENV", "./.ci-env.sh")];
    let with = |name, plant, command, env, flagged| Case {
        name,
        plant,
        command,
        cwd: "repo",
        env,
        flagged,
    };
    run(&[
        // exiftool: `-config ''` or `/dev/null` first loads no configuration.
        case("exif-off", exif, "exiftool -config '' -s a.txt", None),
        case("exif-devnull", exif, "exiftool -config /dev/null -s a.txt", None),
        case("exif-default", exif, "exiftool -s a.txt", Some("ExifTool_config")),
        case("exif-file", exif, "exiftool -config c.pl -s a.txt", Some("-config")),
        case("exif-off-write", exif, "exiftool -config '' -Comment=x a.txt", Some("writes")),
        // mypy with its cache off: its configuration decides.
        case("mypy-off", nothing, "mypy --cache-dir=/dev/null src", None),
        case("mypy-off-ini", mypy_plain, "mypy --cache-dir /dev/null src", None),
        case("mypy-plugin", mypy_plugin, "mypy --cache-dir=/dev/null src", Some("plugins")),
        case("mypy-cache", nothing, "mypy src", Some("cache")),
        case("mypy-report", nothing, "mypy --cache-dir=/dev/null --junit-xml o.xml src", Some("mypy")),
        // php -r runs no prepended file; an extension still loads.
        with("php-r", php_prepend, "php -r 'echo 1;'", INI, None),
        with("php-file", php_prepend, "php s.php", INI, Some("auto_prepend_file")),
        with("php-r-ext", php_extension, "php -r 'echo 1;'", INI, Some("extension")),
        // pytest --version prints before conftest.py is imported (pytest 9).
        case("pytest-version", conftest, "pytest --version", None),
        case("pytest-V", conftest, "pytest -V", None),
        case("pytest-help", conftest, "pytest --help", Some("conftest")),
        // ~/.gnuplot of plot settings only.
        case("gnuplot-set", gnuplot_set, "gnuplot -e 'print 6*7'", None),
        case("gnuplot-system", gnuplot_system, "gnuplot -e 'print 6*7'", Some(".gnuplot")),
        case("gnuplot-output", gnuplot_output, "gnuplot -e 'print 6*7'", Some(".gnuplot")),
        // BASH_ENV of plain assignments.
        with("bash-env-plain", bash_env_plain, "echo \"$APP_MODE\"", BASH_ENV, None),
        with("bash-env-touch", bash_env_touch, "echo hi", BASH_ENV, Some("BASH_ENV")),
        with("bash-env-path", bash_env_path, "ls", BASH_ENV, Some("BASH_ENV")),
        // bash expands BASH_ENV's value first: a substitution in it runs, whatever it names.
        with("bash-env-substitution", nothing, "pwd", &[("BASH_ENV", "$(touch x)")], Some("BASH_ENV")),
        with("bash-env-missing", nothing, "pwd", &[("BASH_ENV", "./absent.sh")], None),
        // prettier's configuration as data.
        case("prettier-none", nothing, "prettier --check a.txt", None),
        case("prettier-json", prettier_json, "prettier --check a.txt", None),
        case("prettier-js", prettier_js, "prettier --check a.txt", Some(".prettierrc.js")),
        case("prettier-plugins", prettier_plugins, "prettier -l a.txt", Some("plugins")),
        case("prettier-shared", prettier_shared, "prettier --check a.txt", Some("package.json")),
        case("prettier-write", prettier_json, "prettier --write a.txt", Some("rewrites")),
        case("prettier-cache", prettier_json, "prettier --check --cache a.txt", Some("prettier")),
        case("prettier-dir", prettier_json, "prettier --check src", Some("prettier")),
        // Standard input: the configuration is searched for from the working directory.
        case("prettier-stdin", prettier_json, "prettier --parser typescript < a.txt", None),
        case("prettier-stdin-js", prettier_js, "prettier --parser typescript < a.txt", Some(".prettierrc.js")),
        case("prettier-stdin-module-parser", prettier_json, "prettier --parser ./parse.js < a.txt", Some("prettier")),
        case("prettier-stdin-path", prettier_json, "cat a.txt | prettier --stdin-filepath web/a.ts", None),
        // make -n follows an include of fixed names.
        case("make-include", make_include, "make -n all", None),
        case("make-include-shell", make_include_shell, "make -n all", Some("make")),
        case("make-include-remade", make_include_remade, "make -n all", Some("make")),
        case("make-include-missing", make_include_missing, "make -n all", Some("make")),
        // read of a file that holds a number, then arithmetic.
        case("read-number", count, "read -r n < count.txt; echo $(( n + 1 ))", None),
        case("read-number-test", count, "read n < count.txt; [[ $n -gt 3 ]] && echo big", None),
        case("read-code", count_code, "read -r n < count.txt; echo $(( n + 1 ))", Some("arithmetic")),
        case("read-missing", nothing, "read -r n < count.txt; echo $(( n + 1 ))", Some("arithmetic")),
        case("read-twice", count, "read -r n < count.txt; read -r n; echo $(( n + 1 ))", Some("arithmetic")),
        case("read-in-branch", count, "true || read -r n < count.txt; echo $(( n + 1 ))", Some("arithmetic")),
        // sh reads ENV only when interactive.
        case("sh-env-c", rc, "ENV=./rc.sh sh -c 'echo hi'", None),
        case("sh-env-i", rc, "echo 'echo hi' | ENV=./rc.sh sh -i", Some("ENV")),
        case("sh-env-stdin", rc, "echo 'echo hi' | ENV=./rc.sh sh", Some("ENV")),
        case("dash-env-i", rc, "echo 'echo hi' | ENV=./rc.sh dash -i", Some("ENV")),
        // A textconv chosen only for paths the pathspec does not name.
        case("textconv-other-path", textconv_bin, "git diff -- a.txt", None),
        case("textconv-named-path", textconv_bin, "git diff -- x.bin", Some("textconv")),
        case("textconv-no-pathspec", textconv_bin, "git diff", Some("textconv")),
        case("textconv-glob", textconv_bin, "git diff -- '*.txt'", Some("textconv")),
        case("textconv-macro", textconv_macro, "git diff -- a.txt", Some("textconv")),
        case("textconv-anchored", textconv_anchored, "git diff -- src/a.bin", None),
        // A partial clone fetches what it lacks.
        case("partial-clone", partial_clone, "git show HEAD:a.txt", Some("promisor")),
        // git archive: a filter is chosen only by the tree's attributes (or the repository's).
        case("archive-no-attributes", archive_filter, "git archive --format=tar HEAD | tar -t", None),
        case("archive-tree-attributes", archive_filter_attributed, "git archive --format=tar HEAD | tar -t", Some("filter")),
        case("archive-info-attributes", archive_filter_info, "git archive --format=tar HEAD | tar -t", Some("filter")),
        // Miller refuses prepipe in a .mlrrc and stops.
        case("mlrrc-prepipe", mlrrc_prepipe, "mlr --icsv --ojson cat a.txt", None),
        // coprocess descriptors.
        case("coproc", nothing, "coproc WC { wc -l; }; echo hi >&${WC[1]}; exec {WC[1]}>&-; read -r n <&${WC[0]}; echo $n", None),
        case("coproc-quoted", nothing, "coproc C { cat; }; echo hi >&\"${C[1]}\"; exec {C[1]}>&-; read -r l <&\"${C[0]}\"; echo \"$l\"", None),
        case("coproc-default", nothing, "coproc { cat; }; echo hi >&${COPROC[1]}; exec {COPROC[1]}>&-; read -r l <&${COPROC[0]}; echo $l", None),
        case("coproc-file", nothing, "coproc WC { cat; }; echo hi > ${WC[1]}", Some("redirection")),
        case("coproc-assigned", nothing, "coproc WC { cat; }; WC=x; echo hi >&${WC[1]}", Some("redirection")),
        case("coproc-touch", nothing, "coproc WC { touch x; }", Some("touch")),
    ]);
}

/// Session 39's readers: a compiler's response file, `perl -c`, fontconfig's caches, eslint's
/// configuration of data, `pytest --co`'s imports, and gawk's `-f` along AWKPATH; each with the
/// harmless file and its harmful twin.
#[test]
fn response_files_perl_check_fonts_eslint_pytest_collection_awkpath() {
    fn nothing(_: &Planted) {}
    fn rsp_plain(p: &Planted) {
        p.write("repo/x.c", "int main(void){return 0;}\n");
        p.write("repo/b.rsp", "-Wall -Wextra '-std=c11' -O2\n");
    }
    fn rsp_deps(p: &Planted) {
        p.write("repo/x.c", "int main(void){return 0;}\n");
        p.write("repo/b.rsp", "-Wall -MD -MF deps.d\n");
    }
    fn rsp_plugin(p: &Planted) {
        p.write("repo/x.c", "int main(void){return 0;}\n");
        p.write("repo/b.rsp", "-fplugin=./p.so\n");
    }
    fn rsp_nested(p: &Planted) {
        p.write("repo/x.c", "int main(void){return 0;}\n");
        p.write("repo/b.rsp", "@more.rsp\n");
        p.write("repo/more.rsp", "-Wall\n");
    }
    fn perl_plain(p: &Planted) {
        p.write(
            "repo/app.pl",
            "use strict;\nuse warnings;\nmy $x = 1;\nprint $x;\n",
        );
    }
    fn perl_begin(p: &Planted) {
        p.write(
            "repo/app.pl",
            "BEGIN { open my $f, \">>\", \"ran\"; }\nprint \"hi\\n\";\n",
        );
    }
    fn perl_use(p: &Planted) {
        p.write("repo/lib/Helper.pm", "package Helper;\n1;\n");
        p.write("repo/app.pl", "use Helper;\nprint 1;\n");
    }
    fn fonts_dir(p: &Planted) {
        p.sh("mkdir -p home/.fonts");
    }
    fn fonts_xdg(p: &Planted) {
        p.sh("mkdir -p home/.local/share/fonts");
    }
    fn fonts_conf(p: &Planted) {
        p.write(
            "home/.config/fontconfig/fonts.conf",
            "<fontconfig><dir>/srv/f</dir></fontconfig>\n",
        );
    }
    fn eslint_data(p: &Planted) {
        p.write(
            "repo/eslint.config.mjs",
            "// lint\nexport default [{ rules: { semi: \"error\", 'no-var': [\"warn\"] }, files: [\"**/*.js\"], }];\n",
        );
        p.write("repo/app.js", "const x = 1;\n");
    }
    fn eslint_cjs(p: &Planted) {
        p.write(
            "repo/eslint.config.cjs",
            "\"use strict\";\nmodule.exports = [{ rules: { semi: 2 } }];\n",
        );
        p.write("repo/app.js", "const x = 1;\n");
    }
    fn eslint_import(p: &Planted) {
        p.write(
            "repo/eslint.config.mjs",
            "import fs from \"fs\"; fs.writeFileSync(\"ran\", \"\");\nexport default [];\n",
        );
        p.write("repo/app.js", "const x = 1;\n");
    }
    fn eslint_spread(p: &Planted) {
        p.write(
            "repo/eslint.config.js",
            "export default [...require(\"./shared\")];\n",
        );
        p.write("repo/app.js", "const x = 1;\n");
    }
    fn pytest_plain(p: &Planted) {
        p.write("repo/tests/test_a.py", "def test_a():\n    assert 1\n");
    }
    fn pytest_helper(p: &Planted) {
        p.write("repo/tests/helper.py", "X = 1\n");
        p.write(
            "repo/tests/test_a.py",
            "import pytest\nfrom helper import X\n\n\ndef test_a():\n    assert X == 1\n",
        );
    }
    fn pytest_writes(p: &Planted) {
        p.write(
            "repo/tests/test_a.py",
            "open(\"ran\", \"w\").close()\n\ndef test_a():\n    assert 1\n",
        );
    }
    fn pytest_conftest(p: &Planted) {
        pytest_plain(p);
        p.write(
            "repo/tests/sub/conftest.py",
            "import os\nos.system(\"touch ran\")\n",
        );
    }
    fn pytest_ini(p: &Planted) {
        pytest_plain(p);
        p.write("repo/pytest.ini", "[pytest]\npython_files = check_*.py\n");
    }
    fn pytest_shadow(p: &Planted) {
        pytest_plain(p);
        p.write("repo/tests/csv.py", "X = 1\n");
    }
    fn awk_lib(p: &Planted) {
        p.write("repo/lib/p.awk", "BEGIN { print 1 }\n");
    }
    fn awk_lib_system(p: &Planted) {
        p.write("repo/lib/p.awk", "BEGIN { system(\"touch ran\") }\n");
        p.write("repo/p.awk", "BEGIN { print 1 }\n");
    }
    fn awk_both(p: &Planted) {
        p.write("repo/lib/p.awk", "BEGIN { print 1 }\n");
        p.write("repo/p.awk", "BEGIN { print 2 }\n");
    }
    const NO_BYTECODE: &[(&str, &str)] = &[("PYTHONDONTWRITEBYTECODE", "1")];
    const AWKPATH: &[(&str, &str)] = &[("AWKPATH", "lib")];
    const FONTCONFIG_FILE: &[(&str, &str)] = &[("FONTCONFIG_FILE", "f.conf")];
    let with = |name, plant, command, env, flagged| Case {
        name,
        plant,
        command,
        cwd: "repo",
        env,
        flagged,
    };
    run(&[
        // gcc @FILE: the response file's options, judged as the command line's.
        case("rsp-plain", rsp_plain, "gcc -fsyntax-only @b.rsp x.c", None),
        case(
            "rsp-deps",
            rsp_deps,
            "gcc -fsyntax-only @b.rsp x.c",
            Some("response file"),
        ),
        case(
            "rsp-plugin",
            rsp_plugin,
            "gcc -fsyntax-only @b.rsp x.c",
            Some("response file"),
        ),
        case(
            "rsp-nested",
            rsp_nested,
            "gcc -fsyntax-only @b.rsp x.c",
            Some("response file"),
        ),
        case(
            "rsp-missing",
            nothing,
            "gcc -fsyntax-only @b.rsp x.c",
            Some("response file"),
        ),
        case("rsp-compiles", rsp_plain, "gcc -c @b.rsp x.c", Some("gcc")),
        // perl -c: the file judged as the program it is.
        case("perl-c-plain", perl_plain, "perl -c app.pl", None),
        case("perl-wc-plain", perl_plain, "perl -wc app.pl", None),
        case("perl-c-begin", perl_begin, "perl -c app.pl", Some("perl")),
        case("perl-c-use", perl_use, "perl -c -Ilib app.pl", Some("perl")),
        case("perl-c-use-noinc", perl_use, "perl -c app.pl", Some("perl")),
        case("perl-run-plain", perl_plain, "perl app.pl", None),
        case(
            "perl-deparse",
            nothing,
            "perl -MO=Deparse -e 'print 1+2'",
            None,
        ),
        case(
            "perl-deparse-begin",
            nothing,
            "perl -MO=Deparse -e 'BEGIN { open my $f, \">\", \"x\" } print 1'",
            Some("perl"),
        ),
        // fontconfig's listers write a cache for a user's font directory.
        case("fc-list-fresh", nothing, "fc-list | head -3", None),
        case("fc-match-fresh", nothing, "fc-match sans", None),
        case("fc-list-fonts", fonts_dir, "fc-list", Some("fontconfig")),
        case(
            "fc-list-xdg-fonts",
            fonts_xdg,
            "fc-list",
            Some("fontconfig"),
        ),
        case("fc-list-conf", fonts_conf, "fc-list", Some("fonts.conf")),
        with(
            "fc-list-env",
            nothing,
            "fc-list",
            FONTCONFIG_FILE,
            Some("FONTCONFIG_FILE"),
        ),
        // eslint: a configuration of data loads nothing.
        case("eslint-none", nothing, "eslint a.txt", None),
        case("eslint-data", eslint_data, "eslint app.js", None),
        case(
            "eslint-data-json",
            eslint_data,
            "eslint -f json --quiet app.js",
            None,
        ),
        case("eslint-cjs", eslint_cjs, "eslint app.js", None),
        case(
            "eslint-import",
            eslint_import,
            "eslint app.js",
            Some("eslint.config.mjs"),
        ),
        case(
            "eslint-spread",
            eslint_spread,
            "eslint app.js",
            Some("eslint.config.js"),
        ),
        case(
            "eslint-cache",
            eslint_data,
            "eslint --cache app.js",
            Some("eslint"),
        ),
        case(
            "eslint-fix",
            eslint_data,
            "eslint --fix app.js",
            Some("rewrites"),
        ),
        case(
            "eslint-formatter",
            eslint_data,
            "eslint -f ./fmt.js app.js",
            Some("eslint"),
        ),
        // eslint 8's --no-eslintrc: no configuration is loaded, flat or not.
        case(
            "eslint-no-eslintrc",
            eslint_import,
            "eslint web/src --no-eslintrc --env node,es2020 2>&1 | head -30",
            None,
        ),
        case(
            "eslint-no-eslintrc-plugin",
            eslint_import,
            "eslint --no-eslintrc --plugin foo app.js",
            Some("eslint"),
        ),
        case(
            "eslint-print-config",
            eslint_data,
            "eslint --print-config app.js | jq '.rules | keys | length'",
            None,
        ),
        case(
            "eslint-print-config-import",
            eslint_import,
            "eslint --print-config app.js",
            Some("eslint.config.mjs"),
        ),
        // pytest --co imports the test modules: each judged.
        with(
            "pytest-co",
            pytest_plain,
            "pytest --co -q -s -p no:cacheprovider",
            NO_BYTECODE,
            None,
        ),
        with(
            "pytest-co-helper",
            pytest_helper,
            "pytest --collect-only --capture=no -p no:cacheprovider tests",
            NO_BYTECODE,
            None,
        ),
        with(
            "pytest-co-writes",
            pytest_writes,
            "pytest --co -q -s -p no:cacheprovider",
            NO_BYTECODE,
            Some("test_a.py"),
        ),
        with(
            "pytest-co-conftest",
            pytest_conftest,
            "pytest --co -q -s -p no:cacheprovider",
            NO_BYTECODE,
            Some("conftest.py"),
        ),
        with(
            "pytest-co-ini",
            pytest_ini,
            "pytest --co -q -s -p no:cacheprovider",
            NO_BYTECODE,
            Some("pytest.ini"),
        ),
        with(
            "pytest-co-shadow",
            pytest_shadow,
            "pytest --co -q -s -p no:cacheprovider",
            NO_BYTECODE,
            Some("standard module"),
        ),
        case(
            "pytest-co-bytecode",
            pytest_plain,
            "pytest --co -q -s -p no:cacheprovider",
            Some("bytecode"),
        ),
        with(
            "pytest-co-cache",
            pytest_plain,
            "pytest --co -q -s",
            NO_BYTECODE,
            Some(".pytest_cache"),
        ),
        with(
            "pytest-co-capture",
            pytest_plain,
            "pytest --co -q -p no:cacheprovider",
            NO_BYTECODE,
            Some("TMPDIR"),
        ),
        with(
            "pytest-run",
            pytest_plain,
            "pytest -q -p no:cacheprovider",
            NO_BYTECODE,
            Some("tests"),
        ),
        // gawk -f NAME along AWKPATH, as -i is; awk may be mawk, which opens ./NAME.
        with(
            "gawk-f-awkpath",
            awk_lib,
            "gawk -f p.awk a.txt",
            AWKPATH,
            None,
        ),
        with(
            "gawk-f-awkpath-system",
            awk_lib_system,
            "gawk -f p.awk a.txt",
            AWKPATH,
            Some("touch"),
        ),
        with(
            "awk-f-awkpath-both",
            awk_both,
            "awk -f p.awk a.txt",
            AWKPATH,
            None,
        ),
        with(
            "awk-f-awkpath-system",
            awk_lib_system,
            "awk -f p.awk a.txt",
            AWKPATH,
            Some("touch"),
        ),
        with(
            "awk-f-awkpath-no-plain",
            awk_lib,
            "awk -f p.awk a.txt",
            AWKPATH,
            Some("cannot be checked"),
        ),
    ]);
}

/// The later additions of session 39: `perl -MO=Deparse`, `eslint --version` beside a
/// configuration that runs, an optimization level in a response file.
#[test]
fn deparse_eslint_version_and_optimization_levels() {
    fn nothing(_: &Planted) {}
    fn eslint_code(p: &Planted) {
        p.write(
            "repo/eslint.config.mjs",
            "import fs from \"fs\"; fs.writeFileSync(\"ran\", \"\");\nexport default [];\n",
        );
    }
    fn rsp_optimized(p: &Planted) {
        p.write("repo/x.c", "int main(void){return 0;}\n");
        p.write("repo/b.rsp", "-Wall -O2\n");
    }
    run(&[
        case(
            "perl-deparse",
            nothing,
            "perl -MO=Deparse -e 'print 1+2'",
            None,
        ),
        case(
            "perl-deparse-begin",
            nothing,
            "perl -MO=Deparse -e 'BEGIN { open my $f, \">\", \"x\" } print 1'",
            Some("perl"),
        ),
        case("eslint-version", eslint_code, "eslint --version", None),
        case(
            "eslint-code",
            eslint_code,
            "eslint a.txt",
            Some("eslint.config.mjs"),
        ),
        case(
            "rsp-optimized",
            rsp_optimized,
            "gcc -fsyntax-only @b.rsp x.c",
            None,
        ),
    ]);
}

/// Session 40: temporary files are writes (here-documents and here-strings longer than a pipe,
/// sort spilling a pipe, bash below compatibility level 5.1), and the readers that settle r19's
/// false alarms: go's module-local reads, node's --env-file, eslint's configuration named as
/// `-c=FILE`. Each with its harmful twin.
#[test]
fn temporary_files_go_modules_node_env_files_eslint_named() {
    fn nothing(_: &Planted) {}
    fn go_plain(p: &Planted) {
        p.write("repo/go.mod", "module example.com/demo\n\ngo 1.19\n");
        p.write("repo/hello/hello.go", "package hello\n");
    }
    // A GOROOT of its own (`pkg/tool`, `src/fmt`), its go linked from `bin/go`; the `go` in
    // `other/bin` has no GOROOT above it.
    fn go_std(p: &Planted) {
        go_plain(p);
        p.write("goroot/pkg/tool/linux_amd64/doc", "");
        p.write("goroot/src/fmt/print.go", "package fmt\n");
        p.program("goroot/bin/go");
        p.program("other/bin/go");
        let _ = fs::create_dir_all(p.path("bin"));
        let _ = crate::process::fd::symlink(&p.path("goroot/bin/go"), &p.path("bin/go"));
    }
    fn go_requires(p: &Planted) {
        p.write(
            "repo/go.mod",
            "module example.com/demo\n\ngo 1.19\n\nrequire golang.org/x/text v0.3.0\n",
        );
    }
    fn go_new_line(p: &Planted) {
        p.write("repo/go.mod", "module example.com/demo\n\ngo 1.23\n");
    }
    fn go_workspace(p: &Planted) {
        p.write("repo/go.mod", "module example.com/demo\n\ngo 1.19\n");
        p.write("go.work", "go 1.19\n\nuse ./repo\n");
    }
    fn env_plain(p: &Planted) {
        p.write("repo/.env", "# settings\nFOO=1\nexport BAR=\"two words\"\n");
    }
    fn env_options(p: &Planted) {
        p.write("repo/.env", "FOO=1\nNODE_OPTIONS=\"--require ./r.js\"\n");
    }
    fn env_expansion(p: &Planted) {
        p.write("repo/.env", "FOO=$(touch ran)\n");
    }
    fn env_multiline(p: &Planted) {
        p.write(
            "repo/.env",
            "KEY=\"line one\nNODE_OPTIONS=--require ./r.js\"\n",
        );
    }
    fn eslint_two(p: &Planted) {
        p.write(
            "repo/eslint.config.mjs",
            "export default [{ rules: { semi: \"error\" } }];\n",
        );
        p.write(
            "repo/evil.mjs",
            "import fs from \"fs\"; fs.writeFileSync(\"ran\", \"\");\nexport default [];\n",
        );
    }
    run(&[
        // bash's here-strings and here-documents.
        case(
            "herestring-seq-small",
            nothing,
            "wc -l <<< \"$(seq 1 1000)\"",
            None,
        ),
        case(
            "herestring-seq-big",
            nothing,
            "wc -l <<< \"$(seq 1 30000)\"",
            Some("temporary file"),
        ),
        case(
            "herestring-seq-edge",
            nothing,
            "wc -c <<< \"$(seq 1 12773)\"",
            None,
        ),
        case(
            "herestring-seq-over",
            nothing,
            "wc -c <<< \"$(seq 1 12774)\"",
            Some("65538 bytes"),
        ),
        case(
            "heredoc-rev-parse",
            nothing,
            "cat <<EOF\nHEAD is $(git rev-parse --short HEAD)\nEOF",
            None,
        ),
        case(
            "heredoc-unknown-output",
            nothing,
            "cat <<EOF\n$(git log)\nEOF",
            Some("not known here"),
        ),
        case(
            "herestring-set-at-run-time",
            nothing,
            "x=$(cat a.txt); wc -c <<< \"$x\"",
            Some("not known here"),
        ),
        Case {
            env: &[("GREETING", "hello")],
            ..case(
                "herestring-env-small",
                nothing,
                "wc -c <<< \"$GREETING\"",
                None,
            )
        },
        case(
            "compat44-herestring",
            nothing,
            "shopt -s compat44; cat <<< hello",
            Some("compatibility level"),
        ),
        Case {
            env: &[("BASH_COMPAT", "5.0")],
            ..case(
                "compat-env",
                nothing,
                "cat <<EOF\nhi\nEOF",
                Some("compatibility level"),
            )
        },
        Case {
            env: &[("BASH_COMPAT", "5.2")],
            ..case("compat-env-52", nothing, "cat <<EOF\nhi\nEOF", None)
        },
        // sort spilling a pipe.
        case("sort-seq-small", nothing, "seq 1 5000 | sort -n", None),
        case(
            "sort-seq-big",
            nothing,
            "seq 1 300000 | sort | tail -1",
            Some("sort spills"),
        ),
        case("sort-file", nothing, "seq 1 300000 | sort a.txt", None),
        // go's module-local reads.
        case("go-mod-graph", go_plain, "go mod graph", None),
        case("go-doc-pkg", go_plain, "go doc ./hello", None),
        case("go-list-m", go_plain, "go list -m -json", None),
        case("go-mod-verify", go_plain, "go mod verify", None),
        case(
            "go-mod-verify-requires",
            go_requires,
            "go mod verify",
            Some("network"),
        ),
        case("go-list-pkgs", go_plain, "go list ./...", Some("network")),
        // `go doc`: an import path outside the standard library runs `go list` (build cache).
        case("go-doc-here", go_plain, "go doc", None),
        case("go-doc-dot-symbol", go_plain, "go doc ./hello.Hi", None),
        case(
            "go-doc-dir-symbol",
            go_plain,
            "go doc ../repo/hello Hi",
            None,
        ),
        case("go-doc-symbol", go_plain, "go doc Hello", Some("go list")),
        case(
            "go-doc-pkg-symbol",
            go_plain,
            "go doc fmt.Println",
            Some("go list"),
        ),
        case(
            "go-doc-module-path",
            go_plain,
            "go doc example.com/demo/hello",
            Some("go list"),
        ),
        Case {
            env: &[("GOROOT", "$ROOT/goroot")],
            ..case("go-doc-std", go_std, "go doc -- fmt", None)
        },
        Case {
            env: &[("GOROOT", "$ROOT/goroot")],
            ..case("go-doc-not-std", go_std, "go doc json", Some("go list"))
        },
        Case {
            env: &[("GOROOT", "$ROOT/goroot")],
            ..case(
                "go-doc-dotdot",
                go_std,
                "go doc fmt/../fmt",
                Some("go list"),
            )
        },
        Case {
            env: &[("PATH", "$ROOT/goroot/bin:/usr/bin:/bin")],
            ..case("go-doc-std-path", go_std, "go doc fmt Println", None)
        },
        Case {
            env: &[("PATH", "$ROOT/bin:/usr/bin:/bin")],
            ..case("go-doc-std-link", go_std, "go doc fmt Println", None)
        },
        Case {
            env: &[("PATH", "$ROOT/other/bin:/usr/bin:/bin")],
            ..case("go-doc-no-root", go_std, "go doc fmt", Some("go list"))
        },
        case(
            "go-mod-graph-requires",
            go_requires,
            "go mod graph",
            Some("network"),
        ),
        case(
            "go-doc-requires",
            go_requires,
            "go doc ./hello",
            Some("network"),
        ),
        // `go list -m` alone names the main module; `all` loads the requirements.
        case("go-list-m-requires", go_requires, "go list -m", None),
        case(
            "go-list-m-json-requires",
            go_requires,
            "go list -m -json 2>&1; true",
            None,
        ),
        case(
            "go-list-m-all-requires",
            go_requires,
            "go list -m all",
            Some("network"),
        ),
        case(
            "go-list-m-u-requires",
            go_requires,
            "go list -m -u -json",
            Some("network"),
        ),
        case(
            "go-list-m-block-requires",
            |p| {
                p.write(
                    "repo/go.mod",
                    "module example.com/demo\n\ngo 1.19\n\nrequire (\n\tgolang.org/x/text v0.3.0\n)\n",
                )
            },
            "go list -m",
            None,
        ),
        case(
            "go-list-m-new-line",
            go_new_line,
            "go list -m",
            Some("toolchain"),
        ),
        case(
            "go-list-m-toolchain-in-block",
            |p| {
                p.write(
                    "repo/go.mod",
                    "module example.com/demo\n\ngo 1.19\n\nrequire (\n\tgolang.org/x/text v0.3.0\n)\ntoolchain go1.23.0\n",
                )
            },
            "go list -m",
            Some("toolchain"),
        ),
        case("go-new-line", go_new_line, "go mod graph", Some("network")),
        Case {
            env: &[("GOTOOLCHAIN", "local")],
            ..case("go-new-line-local", go_new_line, "go mod graph", None)
        },
        case(
            "go-workspace",
            go_workspace,
            "go mod graph",
            Some("network"),
        ),
        case("go-no-module", nothing, "go mod graph", Some("network")),
        // node's --env-file.
        case(
            "node-env-file",
            env_plain,
            "node --env-file=.env -p process.env.BAR",
            None,
        ),
        case(
            "node-env-file-space",
            env_plain,
            "node --env-file .env -p 1",
            None,
        ),
        case(
            "node-env-file-options",
            env_options,
            "node --env-file=.env -p 1",
            Some("NODE_OPTIONS"),
        ),
        case(
            "node-env-file-expansion",
            env_expansion,
            "node --env-file=.env -p 1",
            Some("not read here"),
        ),
        case(
            "node-env-file-multiline",
            env_multiline,
            "node --env-file=.env -p 1",
            Some("not read here"),
        ),
        case(
            "node-env-file-missing",
            nothing,
            "node --env-file=.env -p 1",
            Some("not read here"),
        ),
        // eslint's configuration, named in each form eslint 9 takes.
        case(
            "eslint-named-data",
            eslint_two,
            "eslint -c eslint.config.mjs a.js",
            None,
        ),
        case(
            "eslint-c-eq",
            eslint_two,
            "eslint -c=evil.mjs a.js",
            Some("evil.mjs"),
        ),
        case(
            "eslint-c-space",
            eslint_two,
            "eslint -c evil.mjs a.js",
            Some("evil.mjs"),
        ),
        case(
            "eslint-config-eq",
            eslint_two,
            "eslint --config=evil.mjs a.js",
            Some("evil.mjs"),
        ),
    ]);
}

/// `ctypes.util.find_library("c")`: glibc's cache lists libc, so only `ldconfig -p` runs.
#[cfg(target_os = "linux")]
#[test]
fn ctypes_find_library_in_the_loaders_cache() {
    run(&[case(
        "ctypes-find-library-cached",
        |_| {},
        "python3 -B -c 'import ctypes.util; print(ctypes.util.find_library(\"c\"))'",
        None,
    )]);
}

/// `lua -E`: LUA_INIT is ignored by the Lua `lua` links to when that one is 5.2 or later (read
/// through its links), and run by 5.1 (no `-E`) or when `lua` is not found.
#[test]
fn lua_e_by_the_version_lua_links_to() {
    let e_known = ["/usr/local/bin/lua", "/usr/bin/lua", "/bin/lua"]
        .iter()
        .find(|p| std::path::Path::new(p).exists())
        .and_then(|p| fs::canonicalize(p).ok())
        .and_then(|real| real.file_name().map(|n| n.to_string_lossy().into_owned()))
        .is_some_and(|n| matches!(n.as_str(), "lua5.2" | "lua5.3" | "lua5.4"));
    run(&[
        Case {
            env: &[
                ("LUA_INIT", "@init.lua"),
                ("PATH", "/usr/local/bin:/usr/bin:/bin"),
            ],
            ..case(
                "lua-e-linked",
                |_| {},
                "lua -E -e 'print(1)'",
                if e_known { None } else { Some("LUA_INIT") },
            )
        },
        Case {
            env: &[
                ("LUA_INIT", "@init.lua"),
                ("PATH", "/usr/local/bin:/usr/bin:/bin"),
            ],
            ..case(
                "lua-no-e-linked",
                |_| {},
                "lua -e 'print(1)'",
                Some("LUA_INIT"),
            )
        },
    ]);
}

/// `${P@P}` runs nothing when the environment's value has no `$`, backquote or octal escape;
/// `${PS1@P}` none in a shell that is not interactive.
#[test]
fn prompt_expansion_of_the_environment() {
    let plain: &[(&str, &str)] = &[("PS1", "\\u@\\h:\\w\\$ ")];
    let substitutes: &[(&str, &str)] = &[("PS1", "$(touch x) ")];
    let p = |name, env, flagged| Case {
        env,
        ..case(name, |_| {}, "echo \"${PS1@P}\"", flagged)
    };
    run(&[
        p("ps1-plain", plain, None),
        p("ps1-unset", &[], None),
        // bash unsets PS1 and PS2 when it is not interactive: another name keeps its value.
        p("ps1-substitutes", substitutes, None),
        Case {
            env: &[("PS0", "$(touch x) ")],
            ..case(
                "ps0-substitutes",
                |_| {},
                "echo \"${PS0@P}\"",
                Some("prompt"),
            )
        },
        Case {
            env: &[("PR", "\\044(touch x) ")],
            ..case("octal", |_| {}, "echo \"${PR@P}\"", Some("prompt"))
        },
        Case {
            env: &[("PR", "\\u@\\h ")],
            ..case("plain", |_| {}, "echo \"${PR@P}\"", None)
        },
        case(
            "ps1-assigned",
            |_| {},
            "PS1='$(id)'; echo \"${PS1@P}\"",
            Some("prompt"),
        ),
        case(
            "ps1-read",
            |_| {},
            "read -r PS1; echo \"${PS1@P}\"",
            Some("prompt"),
        ),
    ]);
}

/// PERL5OPT of warning switches and core pragmas loads nothing of the context's, unless
/// PERL5LIB or PERLLIB put a directory before perl's own library.
#[test]
fn perl5opt_of_core_pragmas() {
    let p = |name, env, flagged| Case {
        env,
        ..case(name, |_| {}, "perl -e 'print qq(1\\n)'", flagged)
    };
    run(&[
        p("none", &[], None),
        p("pragmas", &[("PERL5OPT", "-w -Mstrict")], None),
        p("module", &[("PERL5OPT", "-MPlanted")], Some("PERL5OPT")),
        p(
            "pragmas-with-lib",
            &[("PERL5OPT", "-Mstrict"), ("PERL5LIB", "$ROOT/lib")],
            Some("PERL5"),
        ),
    ]);
}

/// PYTHONINSPECT prompts after the program only on a terminal: with stdin empty, nothing.
#[test]
fn python_inspect_with_nothing_on_stdin() {
    let inspect: &[(&str, &str)] = &[("PYTHONINSPECT", "1")];
    let p = |name, command, flagged| Case {
        env: inspect,
        ..case(name, |_| {}, command, flagged)
    };
    run(&[
        p("inspect-devnull", "python3 -c 'print(1)' < /dev/null", None),
        p(
            "inspect-terminal",
            "python3 -c 'print(1)'",
            Some("PYTHONINSPECT"),
        ),
        p(
            "inspect-piped",
            "echo 'print(2)' | python3 -c 'print(1)'",
            Some("PYTHONINSPECT"),
        ),
        case(
            "i-devnull",
            |_| {},
            "python3 -i -c 'print(1)' < /dev/null",
            Some("interactive"),
        ),
    ]);
}

/// r22's false alarms on context read too cautiously, each with its twin that still counts.
#[test]
fn r22_context_not_used() {
    fn nothing(_: &Planted) {}
    fn empty_gconv(p: &Planted) {
        p.write("gconv/README", "no converters here\n");
    }
    fn listed_gconv(p: &Planted) {
        p.write("gconv/gconv-modules", "module\tINTERNAL\tEVIL//\tEVIL\t1\n");
    }
    fn listed_dir_gconv(p: &Planted) {
        p.write(
            "gconv/gconv-modules.d/x.conf",
            "module\tINTERNAL\tEVIL//\tEVIL\t1\n",
        );
    }
    fn pip_log(p: &Planted) {
        p.write(
            "home/.config/pip/pip.conf",
            "[global]\nlog = /tmp/pip.log\n",
        );
    }
    fn php_prepend(p: &Planted) {
        p.write("repo/ini/z.ini", "auto_prepend_file=/tmp/x.php\n");
    }
    fn php_extension(p: &Planted) {
        p.write("repo/ini/z.ini", "extension=/tmp/evil.so\n");
    }
    const GCONV: &[(&str, &str)] = &[("GCONV_PATH", "$ROOT/gconv")];
    const CURL: &[(&str, &str)] = &[("GIT_TRACE_CURL", "$ROOT/curl.trace")];
    const PACKET: &[(&str, &str)] = &[("GIT_TRACE_PACK_ACCESS", "$ROOT/pack.trace")];
    const INI: &[(&str, &str)] = &[("PHP_INI_SCAN_DIR", "ini")];
    const OCAML: &[(&str, &str)] = &[("OCAMLPARAM", "ppx=./rewrite,_")];
    const OCAML_WARNINGS: &[(&str, &str)] = &[("OCAMLPARAM", "_,w=-a,warn-error=+a")];
    const OCAML_SEPARATOR: &[(&str, &str)] = &[("OCAMLPARAM", ":w=-a:ppx=./rewrite")];
    const OCAML_ANNOT: &[(&str, &str)] = &[("OCAMLPARAM", "w=-a,bin-annot=1")];
    let with = |name, plant, command, env, flagged| Case {
        name,
        plant,
        command,
        cwd: "repo",
        env,
        flagged,
    };
    run(&[
        // GCONV_PATH naming directories with no list of converters loads nothing.
        with(
            "gconv-empty",
            empty_gconv,
            "iconv -f UTF-8 -t ASCII a.txt",
            GCONV,
            None,
        ),
        with("gconv-missing", nothing, "ls", GCONV, None),
        with("gconv-list", listed_gconv, "ls", GCONV, Some("GCONV_PATH")),
        with(
            "gconv-list-dir",
            listed_dir_gconv,
            "ls",
            GCONV,
            Some("GCONV_PATH"),
        ),
        // GIT_TRACE_CURL is written to by the network's code only.
        with("trace-curl", nothing, "git log -1 --format=%h", CURL, None),
        with(
            "trace-pack",
            nothing,
            "git log -1 --format=%h",
            PACKET,
            Some("GIT_TRACE_PACK_ACCESS"),
        ),
        // pip prints its version or help before it sets up its log.
        case("pip-version-log", pip_log, "pip --version", None),
        case("pip-help-log", pip_log, "pip --help", None),
        case("pip-list-log", pip_log, "pip show pip", Some("log =")),
        // php's lint and reflection run no prepended script; an extension still loads.
        with("php-l", php_prepend, "php -l v.php", INI, None),
        with("php-ri", php_prepend, "php --ri json", INI, None),
        with(
            "php-l-ext",
            php_extension,
            "php -l v.php",
            INI,
            Some("extension"),
        ),
        with(
            "php-script",
            php_prepend,
            "php v.php",
            INI,
            Some("auto_prepend_file"),
        ),
        // OCAMLPARAM may add a preprocessor to ocamlc and ocamldep.
        with(
            "ocamlparam",
            nothing,
            "ocamlc -i m.ml",
            OCAML,
            Some("OCAMLPARAM"),
        ),
        with(
            "ocamldep-param",
            nothing,
            "ocamldep m.ml",
            OCAML,
            Some("OCAMLPARAM"),
        ),
        case("ocamlc-i", nothing, "ocamlc -i m.ml", None),
        // Items that only change warnings or type checking (r33); a separator of the value's
        // own that hides a ppx is still read.
        with(
            "ocamlparam-warnings",
            nothing,
            "ocamlc -i m.ml",
            OCAML_WARNINGS,
            None,
        ),
        with(
            "ocamlparam-separator-ppx",
            nothing,
            "ocamlc -i m.ml",
            OCAML_SEPARATOR,
            Some("OCAMLPARAM"),
        ),
        with(
            "ocamlparam-bin-annot",
            nothing,
            "ocamldep m.ml",
            OCAML_ANNOT,
            Some("OCAMLPARAM"),
        ),
    ]);
}

/// An exported function (`BASH_FUNC_ls%%`) runs instead of the program bash looks up, under
/// `time` and `coproc` too; a program another one starts with execve (`command`, `exec`, `env`,
/// `nice`, `xargs`) is the program (measured, bash 5.2).
#[test]
fn exported_functions_and_programs_started_by_others() {
    const LS: &[(&str, &str)] = &[("BASH_FUNC_ls%%", "() { touch RAN; }")];
    const COMMAND: &[(&str, &str)] = &[("BASH_FUNC_command%%", "() { touch RAN; }")];
    run(&[
        Case {
            env: LS,
            ..case("fn-looked-up", |_| {}, "ls", Some("bash function ls"))
        },
        Case {
            env: LS,
            ..case(
                "fn-under-time",
                |_| {},
                "time ls -l",
                Some("bash function ls"),
            )
        },
        Case {
            env: LS,
            ..case(
                "fn-after-command",
                |_| {},
                "command ls; ls",
                Some("bash function ls"),
            )
        },
        // A name with a slash is a path to bash, never a function, and bash imports no
        // function whose name has one (measured, bash 5.2).
        Case {
            env: LS,
            ..case(
                "fn-path-with-slash",
                |_| {},
                "/bin/ls -l; /usr/bin/ls",
                None,
            )
        },
        Case {
            env: LS,
            ..case(
                "fn-path-then-name",
                |_| {},
                "/bin/ls; ls",
                Some("bash function ls"),
            )
        },
        Case {
            env: LS,
            ..case(
                "fn-bypassed",
                |_| {},
                "command ls; exec ls -l; env ls; nice /bin/ls; echo . | xargs ls",
                None,
            )
        },
        Case {
            env: COMMAND,
            ..case(
                "fn-command-itself",
                |_| {},
                "command ls",
                Some("bash function command"),
            )
        },
    ]);
}

/// Reading modes of r23's held-out false alarms, settled by what is planted: `rmdir` of a
/// directory that holds something, an empty append to an existing file, `ldd` of a project's
/// program (an audit library it names runs), `git ls-remote .`, rg's `--files` under a
/// configuration that sets `--pre`.
#[test]
fn r23_reading_modes_in_context() {
    fn files(p: &Planted) {
        p.write("repo/a.txt", "a\n");
        p.write("repo/d/f", "f\n");
        p.sh("mkdir repo/empty");
    }
    fn binaries(p: &Planted) {
        let _ = fs::copy("/bin/true", p.path("repo/tool"));
        fs::write(
            p.path("repo/audited"),
            super::elf::tests::elf64(&[(0x6fff_fefc, 1), (0, 0)]),
        )
        .ok();
    }
    run(&[
        case(
            "rmdir-nonempty",
            files,
            "rmdir --ignore-fail-on-non-empty d; rmdir -v d 2>/dev/null",
            None,
        ),
        case("rmdir-empty", files, "rmdir --ignore-fail-on-non-empty empty", Some("removes")),
        case("rmdir-parents", files, "rmdir -p d/", Some("removes")),
        case("rmdir-missing", files, "rmdir nosuch", Some("removes")),
        case("append-nothing", files, ": >> a.txt; true 2>> a.txt", None),
        case("append-nothing-new", files, ": >> new.txt", Some("new.txt")),
        case("append-echo", files, "echo >> a.txt", Some("a.txt")),
        case("append-truncate", files, ": > a.txt", Some("a.txt")),
        case(
            "append-true-function",
            files,
            "true() { echo x; }; true >> a.txt",
            Some("a.txt"),
        ),
        case("ldd-project", binaries, "ldd ./tool; ldd -v tool", None),
        case("ldd-audit", binaries, "ldd ./audited", Some("audit library")),
        case("ldd-missing", binaries, "ldd ./nosuch", Some("ldd")),
        case("ls-remote-dot", |_| {}, "git ls-remote . && git ls-remote --heads ..", None),
        case(
            "ls-remote-dot-configured",
            |p| {
                p.git("config remote...url https://example.invalid/x.git");
            },
            "git ls-remote .",
            Some("network"),
        ),
        case(
            "ls-remote-dot-insteadof",
            |p| {
                p.git("config url.https://example.invalid/.insteadOf .");
            },
            "git ls-remote .",
            Some("network"),
        ),
        Case {
            env: &[("RIPGREP_CONFIG_PATH", "rgrc")],
            ..case(
                "rg-config-pre-files",
                |p| p.write("repo/rgrc", "--pre=./x\n"),
                "rg --files; rg --type-list",
                None,
            )
        },
        Case {
            env: &[("RIPGREP_CONFIG_PATH", "rgrc")],
            ..case(
                "rg-config-pre-cat",
                |p| p.write("repo/rgrc", "--pre=cat\n"),
                "rg TODO",
                Some("rgrc"),
            )
        },
        case("fzf-filter", |_| {}, "rg --files | fzf --filter=util -i --no-sort", None),
        case("fzf-filter-terminal", |_| {}, "fzf --filter=util", Some("fzf")),
        case("fzf-filter-history", |_| {}, "ls | fzf -f util --history=h", Some("fzf")),
        Case {
            env: &[("FZF_DEFAULT_OPTS", "--bind 'start:execute(touch ran)' --preview 'touch ran'")],
            ..case("fzf-filter-bind", |_| {}, "ls | fzf --filter=util", None)
        },
        Case {
            env: &[("FZF_DEFAULT_OPTS", "--history=h")],
            ..case("fzf-filter-env-history", |_| {}, "ls | fzf --filter=util", Some("history"))
        },
        case(
            "python-logging-stderr",
            |_| {},
            "python3 -c 'import logging; logging.basicConfig(level=logging.INFO); logging.warning(\"x\")'",
            None,
        ),
        case(
            "python-logging-file",
            |_| {},
            "python3 -c 'import logging; logging.basicConfig(filename=\"x.log\"); logging.warning(\"x\")'",
            Some("python3"),
        ),
        case(
            "python-logging-imported-file",
            |_| {},
            "python3 -c 'from logging import basicConfig; basicConfig(**{\"filename\": \"x.log\"})'",
            Some("python3"),
        ),
        case("rg-pre-planted", |p| {
            p.write("repo/cat", "#!/bin/sh\ntouch RAN\n");
            p.sh("chmod +x repo/cat");
        }, "rg --pre ./cat TODO", Some("touch")),
    ]);
}

/// Session 45's context rules: `MAKEFILES` read as makefiles, `chmod` to the mode a file has,
/// dc's program file read as its `-e` code, and a `for` loop over globs walked once per name.
#[test]
fn makefiles_chmod_dc_files_and_glob_loops() {
    fn files(p: &Planted) {
        p.write("repo/Makefile", "all:\n\t@echo building\n");
        p.write("w/extra.mk", "Y := 1\n");
        p.write("w/shell.mk", "Y := $(shell touch x)\n");
        p.write("w/remade.mk", "Y := 1\n%.mk:\n\ttouch $@\n");
        p.write("repo/a.txt", "a\n");
        p.write("repo/calc.dc", "2 3 + p\n");
        p.write(
            "repo/info.cmake",
            "cmake_minimum_required(VERSION 3.10)\nset(X 1)\nif (X)\n  message(STATUS \"x: ${X}\")\nendif()\n",
        );
        p.write("repo/write.cmake", "file(WRITE out.txt hi)\n");
        p.write(
            "repo/run.cmake",
            "message(hi)\nexecute_process (COMMAND touch x)\n",
        );
        p.write("repo/shell.dc", "!touch x\n");
        p.write("repo/asks.dc", "?\n");
        p.write("repo/a.json", "{}\n");
        p.write("repo/b.json", "{}\n");
        p.write("repo/src/t.py", "\n");
        p.sh("chmod 644 repo/a.txt; cp repo/a.txt repo/run.sh; chmod 755 repo/run.sh");
    }
    fn dash_file(p: &Planted) {
        files(p);
        p.write("repo/-n.json", "{}\n");
    }
    run(&[
        Case {
            env: &[("MAKEFILES", "$ROOT/w/extra.mk")],
            ..case("makefiles-plain", files, "make -n", None)
        },
        Case {
            env: &[("MAKEFILES", "$ROOT/w/shell.mk")],
            ..case("makefiles-shell", files, "make -n", Some("build recipes"))
        },
        Case {
            env: &[("MAKEFILES", "$ROOT/w/remade.mk")],
            ..case("makefiles-remade", files, "make -n", Some("build recipes"))
        },
        Case {
            env: &[("MAKEFILES", "$ROOT/w/missing.mk")],
            ..case("makefiles-missing", files, "make -n", Some("build recipes"))
        },
        case(
            "chmod-same-octal",
            files,
            "chmod 644 a.txt && chmod -v 0755 run.sh",
            None,
        ),
        case(
            "chmod-same-symbolic",
            files,
            "chmod +x run.sh; chmod u+x run.sh; chmod go-w,a+r run.sh a.txt",
            None,
        ),
        case(
            "chmod-other-octal",
            files,
            "chmod 600 a.txt",
            Some("permissions"),
        ),
        case(
            "chmod-adds-a-bit",
            files,
            "chmod +x a.txt run.sh",
            Some("permissions"),
        ),
        case(
            "chmod-equals",
            files,
            "chmod u=rw a.txt",
            Some("permissions"),
        ),
        case(
            "chmod-recursive",
            files,
            "chmod -R 644 a.txt",
            Some("permissions"),
        ),
        // Nothing at the path (not even a dangling link): chmod fails and makes nothing, as
        // `rm -f` and `touch -c` of nothing (round 30's `chmod +x` of a missing file, cls50).
        case("chmod-missing", files, "chmod 644 nosuch", None),
        case(
            "chmod-dangling-link",
            |p| {
                files(p);
                p.sh("ln -s gone repo/dangling");
            },
            "chmod 644 dangling",
            Some("permissions"),
        ),
        case(
            "dc-file",
            files,
            "dc calc.dc; dc -f calc.dc; dc -e 1p -f calc.dc",
            None,
        ),
        case("dc-file-shell", files, "dc shell.dc", Some("dc")),
        case("dc-file-asks", files, "dc asks.dc", Some("dc")),
        case("dc-two-files", files, "dc calc.dc calc.dc", Some("dc")),
        case("dc-missing", files, "dc nosuch.dc", Some("dc")),
        case(
            "gc-auto-below",
            files,
            "git gc --auto; git gc --auto --quiet",
            None,
        ),
        case(
            "gc-auto-many-loose",
            |p| {
                files(p);
                p.sh("cd repo && git config gc.auto 1");
                p.write(
                    "repo/.git/objects/17/00000000000000000000000000000000000000",
                    "",
                );
                p.write(
                    "repo/.git/objects/17/00000000000000000000000000000000000001",
                    "",
                );
            },
            "git gc --auto",
            Some("git gc"),
        ),
        case(
            "gc-auto-limit-unread",
            |p| {
                files(p);
                p.sh("cd repo && git config gc.auto 1k");
            },
            "git gc --auto",
            Some("git gc"),
        ),
        case("gc-not-auto", files, "git gc", Some("git gc")),
        case(
            "cmake-script",
            files,
            "cmake -P info.cmake; cmake -D X=1 -P info.cmake",
            None,
        ),
        case(
            "cmake-script-writes",
            files,
            "cmake -P write.cmake",
            Some("cmake"),
        ),
        case(
            "cmake-script-runs",
            files,
            "cmake -P run.cmake",
            Some("cmake"),
        ),
        case(
            "cmake-script-missing",
            files,
            "cmake -P nosuch.cmake",
            Some("cmake"),
        ),
        case(
            "glob-loop",
            files,
            "for f in *.json src/*.py; do jq . \"$f\" > /dev/null && sort \"$f\"; done",
            None,
        ),
        case(
            "glob-loop-dash-name",
            dash_file,
            "for f in *.json; do jq . \"$f\"; done",
            Some("jq"),
        ),
        // Matched by nothing: the body sees the pattern itself (bash's default).
        case(
            "glob-loop-no-match",
            files,
            "for f in *.zzz; do jq . \"$f\"; done",
            None,
        ),
        case(
            "glob-loop-no-match-made",
            files,
            "for f in *.zzz; do touch \"$f\"; done",
            Some("touch"),
        ),
        case(
            "file-test-of-nothing",
            files,
            "[ -d out ] && touch out/stamp; [[ -e none.txt ]] && rm -rf src",
            None,
        ),
        case(
            "file-test-of-nothing-if",
            files,
            "if test -f build.lock; then touch done; fi",
            None,
        ),
        case(
            "file-test-of-a-file",
            files,
            "test -e README.md && touch README.md.bak",
            Some("touch"),
        ),
        case(
            "file-test-of-nothing-or",
            files,
            "test -e stamp || touch stamp",
            Some("touch"),
        ),
        case(
            "glob-loop-shopt",
            files,
            "shopt -s globstar; for f in *.json; do jq . \"$f\"; done",
            Some("jq"),
        ),
        case(
            "glob-loop-body-writes",
            files,
            "for f in *.json; do sort -o \"$f\" \"$f\"; done",
            Some("sort"),
        ),
    ]);
}

/// Session 55's rules of the shell's own logic, in context: a test whose value is known (a
/// fixed string, a file test the file system answers) decides which side of `||`/`&&` runs,
/// and `[[ ]]` expands no side it does not evaluate; a glob that matches nothing stands for a
/// path where nothing is (`rm -f build/*.o`), and a loop over it after `shopt -s nullglob`
/// runs its body for no name; an append of nothing leaves a file as it was; a substitution
/// that prints a number is safe in `(( ))`; `0<>F` is stdin's.
#[test]
fn known_tests_unmatched_globs_and_appends_of_nothing() {
    fn files(p: &Planted) {
        p.write("repo/a.json", "{}\n");
        p.write("repo/empty.txt", "");
    }
    run(&[
        case("test-dir-or", files, "[ -d src ] || touch MISSING", None),
        case(
            "test-dir-or-missing",
            files,
            "[ -d build ] || touch MISSING",
            Some("touch"),
        ),
        case(
            "test-file-and-not",
            files,
            "[ ! -f README.md ] && touch x",
            None,
        ),
        case(
            "test-empty-file-size",
            files,
            "[ -s empty.txt ] || touch x",
            Some("touch"),
        ),
        case(
            "test-if-else",
            files,
            "if [[ -f README.md && -d src ]]; then cat README.md; else touch x; fi",
            None,
        ),
        case(
            "test-while-true-file",
            files,
            "while [ ! -e README.md ]; do touch x; done",
            None,
        ),
        case(
            "test-string-short-circuit",
            files,
            "[[ -n x || $(touch y) ]] && echo yes",
            None,
        ),
        case(
            "test-string-evaluated",
            files,
            "[[ -z x || $(touch y) ]] && echo yes",
            Some("touch"),
        ),
        case(
            "test-single-bracket-expands-all",
            files,
            "[ -n x -o \"$(touch y)\" ] && echo yes",
            Some("touch"),
        ),
        case("test-string-equal", files, "[ abc = abc ] || touch x", None),
        case(
            "test-string-case",
            files,
            "[ abc = ABC ] || touch x",
            Some("touch"),
        ),
        case(
            "test-unquoted-in-single",
            files,
            "v=; [ -n $v ] && touch x",
            Some("touch"),
        ),
        case(
            "test-plain-in-double",
            files,
            "[[ abc == abc ]] || touch x",
            None,
        ),
        case(
            "rm-glob-of-nothing",
            files,
            "rm -f build/*.o 2>/dev/null; true",
            None,
        ),
        case("rm-glob-of-nothing-here", files, "rm -f *.orig *.rej", None),
        case("rm-glob-of-something", files, "rm -f *.json", Some("rm")),
        case(
            "rm-extglob",
            files,
            "shopt -s extglob\nrm -f *(a).json",
            Some(""),
        ),
        case(
            "glob-loop-nullglob",
            files,
            "shopt -s nullglob; for f in *.orig *.rej; do rm -- \"$f\"; done; echo clean",
            None,
        ),
        case(
            "glob-loop-nullglob-matches",
            files,
            "shopt -s nullglob; for f in *.json; do rm -- \"$f\"; done",
            Some("rm"),
        ),
        case("append-nothing-echo", files, "echo -n >> notes.txt", None),
        case(
            "append-nothing-printf",
            files,
            "printf '' >> notes.txt",
            None,
        ),
        case(
            "append-echo-text",
            files,
            "echo -n x >> notes.txt",
            Some("notes.txt"),
        ),
        case(
            "append-nothing-new-file",
            files,
            "echo -n >> new.txt",
            Some("new.txt"),
        ),
        case(
            "append-echo-xpg",
            files,
            "shopt -s xpg_echo; echo -n >> notes.txt",
            Some("notes.txt"),
        ),
        case(
            "arithmetic-count",
            files,
            "n=0; (( n += $(git rev-list --count HEAD) )); echo $n",
            None,
        ),
        case(
            "arithmetic-file-text",
            files,
            "n=0; (( n += $(cat notes.txt) )); echo $n",
            Some("arithmetic"),
        ),
        Case {
            env: &[("LD_LIBRARY_PATH", "$ROOT/repo/.lib")],
            ..case(
                "ld-library-path-empty",
                |p| {
                    p.sh("mkdir -p repo/.lib");
                },
                "ls -la | cat",
                None,
            )
        },
        Case {
            env: &[("LD_LIBRARY_PATH", "$ROOT/repo/.lib")],
            ..case(
                "ld-library-path-library",
                |p| p.write("repo/.lib/libc.so.6", ""),
                "ls -la | cat",
                Some("LD_LIBRARY_PATH"),
            )
        },
        Case {
            env: &[("LD_LIBRARY_PATH", "$ROOT/repo/.lib")],
            ..case(
                "ld-library-path-hwcaps",
                |p| {
                    p.sh("mkdir -p repo/.lib/glibc-hwcaps/x86-64-v2");
                },
                "ls -la | cat",
                Some("LD_LIBRARY_PATH"),
            )
        },
        Case {
            env: &[("PYTHONHOME", "/usr")],
            ..case("pythonhome-system", files, "python3 -c 'print(1)'", None)
        },
        Case {
            env: &[("PYTHONHOME", "$ROOT/repo")],
            ..case(
                "pythonhome-project",
                files,
                "python3 -c 'print(1)'",
                Some("PYTHONHOME"),
            )
        },
        case("enable-n-echo", files, "enable -n echo; echo hi", None),
        Case {
            env: &[("PATH", "$ROOT/repo/bin:/usr/bin:/bin")],
            ..case(
                "enable-n-echo-planted",
                |p| {
                    p.program("repo/bin/echo");
                },
                "enable -n echo; echo hi",
                Some("echo"),
            )
        },
        case(
            "enable-n-in-loop",
            files,
            "for i in 1 2; do enable -n echo; done",
            Some("enable"),
        ),
        case("enable-n-cd", files, "enable -n cd; cd src", Some("enable")),
        case("stdin-read-write", files, "wc -l 0<>README.md", None),
        case(
            "stdin-read-write-new",
            files,
            "wc -l 0<>new.txt",
            Some("new.txt"),
        ),
    ]);
}

/// tidy and rhash follow their configuration files, whose settings can make them write; pip's
/// `--version` sets up no log (measured, pip 23.2).
#[test]
fn settings_files_of_readers() {
    const TIDY: &[(&str, &str)] = &[("HTML_TIDY", "$ROOT/repo/t.cfg")];
    const PIP_LOG: &[(&str, &str)] = &[("PIP_LOG", "$ROOT/pip.log")];
    run(&[
        case("tidy-plain", |_| {}, "tidy -q -e README.md", None),
        case(
            "tidy-rc",
            |p| p.write("home/.tidyrc", "write-back: yes\n"),
            "tidy -q README.md",
            Some(".tidyrc"),
        ),
        case(
            "tidy-rc-comments",
            |p| p.write("home/.tidyrc", "# nothing\n\n"),
            "tidy -q README.md",
            None,
        ),
        Case {
            env: TIDY,
            ..case(
                "tidy-html-tidy",
                |p| p.write("repo/t.cfg", "output-file: o.html\n"),
                "tidy -q README.md",
                Some("t.cfg"),
            )
        },
        case("rhash-plain", |_| {}, "rhash --sha1 README.md", None),
        case(
            "rhash-rc",
            |p| p.write("home/.rhashrc", "update\n"),
            "rhash --sha1 README.md",
            Some(".rhashrc"),
        ),
        case(
            "rhash-xdg-rc",
            |p| p.write("home/.config/rhash/rhashrc", "log=x.log\n"),
            "rhash -M README.md",
            Some("rhashrc"),
        ),
        Case {
            env: PIP_LOG,
            ..case("pip-version-log", |_| {}, "python3 -m pip --version", None)
        },
        Case {
            env: PIP_LOG,
            ..case("pip-list-log", |_| {}, "pip3 list", Some("PIP_LOG"))
        },
    ]);
}

/// `sort -S`: named files that fit the buffer twice over are sorted in memory (measured, sort
/// 9.1 `-S 1K --parallel=1`: 20 lines of 2 bytes made no temporary file, 30 did).
#[test]
fn sort_buffer_of_known_files() {
    fn small(p: &Planted) {
        p.write("repo/data.csv", "name,qty\napple,3\npear,5\napple,2\n");
    }
    fn many(p: &Planted) {
        p.write("repo/data.csv", &"x\n".repeat(30));
    }
    run(&[
        case(
            "sort-fits",
            small,
            "sort -S 1K --parallel=1 data.csv | head -1",
            None,
        ),
        case(
            "sort-fits-cluster",
            small,
            "sort -nS 1K --parallel 1 -t, -k2 data.csv",
            None,
        ),
        case(
            "sort-many-lines",
            many,
            "sort -S 1K --parallel=1 data.csv",
            Some("sort -S"),
        ),
        // Eight threads by default: a line record of 128 bytes.
        case(
            "sort-threads",
            small,
            "sort -S 1K data.csv",
            Some("sort -S"),
        ),
        case(
            "sort-stdin",
            small,
            "sort -S 1K --parallel=1 < data.csv",
            Some("sort -S"),
        ),
        case(
            "sort-missing",
            small,
            "sort -S 1K --parallel=1 nothing.csv",
            Some("sort -S"),
        ),
        case(
            "sort-percent",
            small,
            "sort -S 50% --parallel=1 data.csv",
            Some("sort -S"),
        ),
    ]);
}

/// A here-string of `$(head -1 f | tr , ' ')` is at most f's size: below a pipe's capacity it
/// goes through a pipe (bash 5.2), so with f small and known it writes nothing.
#[test]
fn here_string_bounded_by_files() {
    fn small(p: &Planted) {
        p.write("repo/data.csv", "a,b\n1,2\n");
    }
    fn large(p: &Planted) {
        p.write("repo/data.csv", &"a,b\n".repeat(20_000));
    }
    run(&[
        case(
            "herestring-head-tr",
            small,
            "read -r a b <<< \"$(head -1 data.csv | tr , ' ')\"; echo \"$a|$b\"",
            None,
        ),
        case(
            "herestring-cat",
            small,
            "wc -c <<< \"$(cat data.csv)\"",
            None,
        ),
        case(
            "herestring-large-file",
            large,
            "read -r a b <<< \"$(head -1 data.csv | tr , ' ')\"",
            Some("here-string"),
        ),
        case(
            "herestring-head-bytes",
            large,
            "wc -c <<< \"$(head -c 100 data.csv)\"",
            None,
        ),
        case(
            "herestring-missing",
            small,
            "wc -c <<< \"$(head -1 other.csv)\"",
            Some("here-string"),
        ),
        case(
            "herestring-cat-n",
            small,
            "wc -c <<< \"$(cat -n data.csv)\"",
            Some("here-string"),
        ),
        case(
            "herestring-sed-after",
            small,
            "wc -c <<< \"$(head -1 data.csv | sed p)\"",
            Some("here-string"),
        ),
    ]);
}

/// `node -i` reading an empty input, its output not a terminal: no code, no REPL history
/// (measured, node 20, NODE_REPL_HISTORY set too).
#[test]
fn node_repl_of_nothing() {
    const HIST: &[(&str, &str)] = &[("NODE_REPL_HISTORY", "$ROOT/hist")];
    run(&[
        Case {
            env: HIST,
            ..case(
                "node-i-empty",
                |_| {},
                "node -i < /dev/null > /dev/null",
                None,
            )
        },
        case(
            "node-i-terminal",
            |_| {},
            "node -i < /dev/null",
            Some("node"),
        ),
        case(
            "node-i-code",
            |_| {},
            "echo 'require(1)' | node -i > /dev/null",
            Some("node"),
        ),
    ]);
}

/// Inline programs of SBCL, Guile, SWI-Prolog and Tcl (on stdin), and the init files each runs
/// as it starts: `~/.sbclrc` unless `--no-userinit`/`--script`, `~/.tclshrc` for a program on
/// stdin, SWI-Prolog's init.pl unless `-f none`, and its packs; `guile -c` loads no `~/.guile`.
#[test]
fn inline_programs_of_lisp_prolog_and_tcl() {
    const SBCL_PRINTS: &str = "sbcl --non-interactive --eval '(print (+ 1 2))'";
    const SBCLRC: &str = "(sb-ext:run-program \"/bin/touch\" (list \"x\"))\n";
    const SWIPL_PRINTS: &str = "swipl -g 'print(ok), nl' -t halt";
    run(&[
        case("sbcl-eval-clean", |_| {}, SBCL_PRINTS, None),
        case(
            "sbcl-eval-sbclrc",
            |p| p.write("home/.sbclrc", SBCLRC),
            SBCL_PRINTS,
            Some(".sbclrc"),
        ),
        case(
            "sbcl-eval-no-userinit",
            |p| p.write("home/.sbclrc", SBCLRC),
            "sbcl --non-interactive --no-userinit --eval '(print (+ 1 2))'",
            None,
        ),
        case(
            "sbcl-script-stdin",
            |p| p.write("home/.sbclrc", SBCLRC),
            "sbcl --script /dev/stdin <<< '(print (with-open-file (s \"README.md\") (read-line s)))'",
            None,
        ),
        Case {
            env: &[("SBCL_HOME", "/tmp")],
            ..case("sbcl-eval-sbcl-home", |_| {}, SBCL_PRINTS, Some("SBCL_HOME"))
        },
        case(
            "guile-c-home-init",
            |p| p.write("home/.guile", "(system \"touch x\")\n"),
            "guile -c '(display 1)'",
            None,
        ),
        Case {
            env: &[("GUILE_LOAD_PATH", "/tmp")],
            ..case(
                "guile-c-load-path",
                |_| {},
                "guile -c '(display 1)'",
                Some("GUILE_LOAD_PATH"),
            )
        },
        case(
            "tclsh-stdin-clean",
            |_| {},
            "echo 'puts [expr {6*7}]' | tclsh",
            None,
        ),
        case(
            "tclsh-stdin-tclshrc",
            |p| p.write("home/.tclshrc", "exec touch x\n"),
            "tclsh <<< 'puts [info patchlevel]'",
            Some(".tclshrc"),
        ),
        case("swipl-goal-clean", |_| {}, SWIPL_PRINTS, None),
        case(
            "swipl-goal-init",
            |p| p.write("home/.config/swi-prolog/init.pl", ":- shell(\"touch x\").\n"),
            SWIPL_PRINTS,
            Some("swi-prolog"),
        ),
        case(
            "swipl-goal-init-skipped",
            |p| p.write("home/.config/swi-prolog/init.pl", ":- shell(\"touch x\").\n"),
            "swipl -f none -g 'print(ok), nl' -t halt",
            None,
        ),
        case(
            "swipl-goal-packs",
            |p| p.write("home/.local/share/swi-prolog/pack/x/pack.pl", "name(x).\n"),
            "swipl -f none -g 'print(ok), nl' -t halt",
            Some("swi-prolog"),
        ),
    ]);
}

/// Issue 44 (r26's tune split): the Python tools' variables and configuration that turn a cache
/// off or write a report, flake8's parallel run, and what prettier --find-config-path reads.
#[test]
fn python_tool_variables_and_reports() {
    fn nothing(_: &Planted) {}
    fn flake8_plain(p: &Planted) {
        p.write("repo/setup.cfg", "[flake8]\nmax-line-length = 100\n");
        p.write("repo/src/a.py", "x = 1\n");
        p.write("repo/src/b.py", "y = 2\n");
    }
    fn flake8_output(p: &Planted) {
        flake8_plain(p);
        p.write("repo/.flake8", "[flake8]\noutput-file = lint.txt\n");
    }
    fn flake8_local(p: &Planted) {
        flake8_plain(p);
        p.write(
            "repo/tox.ini",
            "[flake8:local-plugins]\nextension =\n  X = x:X\n",
        );
    }
    fn pylint_hook(p: &Planted) {
        p.write("repo/.pylintrc", "[MAIN]\ninit-hook = import os\n");
    }
    fn prettier_js(p: &Planted) {
        p.write(
            "repo/prettier.config.cjs",
            "require('child_process').execSync('x');\n",
        );
        p.write("repo/app.js", "a\n");
    }
    fn mypy_ini_null(p: &Planted) {
        p.write("repo/mypy.ini", "[mypy]\ncache_dir = /dev/null\n");
    }
    fn mypy_ini_junit(p: &Planted) {
        p.write(
            "repo/mypy.ini",
            "[mypy]\ncache_dir = /dev/null\njunit_xml = report.xml\n",
        );
    }
    fn pylint_format_file(p: &Planted) {
        p.write("repo/.pylintrc", "[MAIN]\noutput-format=json:lint.json\n");
    }
    fn mypy_overrides(p: &Planted) {
        // pyproject.toml names mypy: it is mypy's file, and sets no cache_dir.
        p.write(
            "repo/pyproject.toml",
            "[[tool.mypy.overrides]]\nmodule = \"x\"\n",
        );
        p.write("repo/setup.cfg", "[mypy]\ncache_dir = /dev/null\n");
    }
    fn mypy_plugin(p: &Planted) {
        p.write("repo/mypy.ini", "[mypy]\nplugins = tools/p.py\n");
    }
    fn autopep8_jobs(p: &Planted) {
        p.write("repo/setup.cfg", "[pycodestyle]\njobs = 4\n");
    }
    fn tsconfig_package(p: &Planted) {
        p.write(
            "repo/node_modules/@acme/tsconfig/tsconfig.json",
            "{\"compilerOptions\":{\"strict\":false}}\n",
        );
        p.write(
            "repo/tsconfig.json",
            "{\"extends\": \"@acme/tsconfig/tsconfig.json\", \"compilerOptions\": {\"noEmit\": true}}\n",
        );
    }
    fn tsconfig_package_incremental(p: &Planted) {
        tsconfig_package(p);
        p.write(
            "repo/node_modules/@acme/tsconfig/tsconfig.json",
            "{\"compilerOptions\":{\"incremental\":true}}\n",
        );
    }
    const ADDOPTS: &[(&str, &str)] = &[("PYTEST_ADDOPTS", "-p plug")];
    const NO_CACHE: &[(&str, &str)] = &[("RUFF_NO_CACHE", "true")];
    const CACHE_ON: &[(&str, &str)] = &[("RUFF_NO_CACHE", "false")];
    const REPORT: &[(&str, &str)] = &[("RUFF_OUTPUT_FILE", "lint.txt")];
    const MYPY_NULL: &[(&str, &str)] = &[("MYPY_CACHE_DIR", "/dev/null")];
    const MYPY_DIR: &[(&str, &str)] = &[("MYPY_CACHE_DIR", "/tmp/mc")];
    let with = |name, plant, command, env, flagged| Case {
        name,
        plant,
        command,
        cwd: "repo",
        env,
        flagged,
    };
    run(&[
        case("mypy-ini-null", mypy_ini_null, "mypy src", None),
        case("mypy-overrides", mypy_overrides, "mypy src", Some("cache")),
        case("mypy-ini-junit", mypy_ini_junit, "mypy src", Some("report")),
        case(
            "pylint-format-file",
            pylint_format_file,
            "pylint --persistent=n src",
            Some("report file"),
        ),
        case("mypy-version", mypy_plugin, "mypy --version", None),
        case("autopep8-plain", nothing, "autopep8 --diff a.py", None),
        case(
            "autopep8-jobs",
            autopep8_jobs,
            "autopep8 --diff a.py",
            Some("jobs"),
        ),
        case(
            "tsc-extends-package",
            tsconfig_package,
            "tsc --noEmit",
            None,
        ),
        case(
            "tsc-extends-package-incremental",
            tsconfig_package_incremental,
            "tsc --noEmit",
            Some("tsbuildinfo"),
        ),
        with("pytest-version", nothing, "pytest --version", ADDOPTS, None),
        with("ruff-env-off", nothing, "ruff check src", NO_CACHE, None),
        with(
            "ruff-env-on",
            nothing,
            "ruff check src",
            CACHE_ON,
            Some("cache"),
        ),
        case("ruff-cache", nothing, "ruff check src", Some("cache")),
        with(
            "ruff-report",
            nothing,
            "ruff check --no-cache --exit-zero src",
            REPORT,
            Some("RUFF_OUTPUT_FILE"),
        ),
        with(
            "ruff-report-format",
            nothing,
            "ruff format --check --no-cache src",
            REPORT,
            None,
        ),
        with(
            "mypy-env-null",
            nothing,
            "mypy --no-incremental src",
            MYPY_NULL,
            None,
        ),
        with("mypy-env-dir", nothing, "mypy src", MYPY_DIR, Some("cache")),
        with("mypy-env-plugin", pylint_hook, "mypy src", MYPY_NULL, None),
        case(
            "flake8-file",
            flake8_plain,
            "flake8 --max-line-length 100 src/a.py",
            None,
        ),
        case("flake8-serial", flake8_plain, "flake8 -j 1 src", None),
        case("flake8-dir", flake8_plain, "flake8 src", Some("/dev/shm")),
        // flake8 7.5 takes `output-file` from the command line only (measured).
        case("flake8-output", flake8_output, "flake8 -j 1 src", None),
        case(
            "flake8-isolated",
            flake8_local,
            "flake8 --isolated --version",
            None,
        ),
        case(
            "flake8-version",
            flake8_local,
            "flake8 --version",
            Some("local plugins"),
        ),
        case("pylint-version", pylint_hook, "pylint --version", None),
        case(
            "pylint-rcfile-null",
            pylint_hook,
            "pylint --rcfile=/dev/null --persistent=n src",
            None,
        ),
        case(
            "pylint-lint",
            pylint_hook,
            "pylint --persistent=n src",
            Some("init-hook"),
        ),
        case("prettier-version", prettier_js, "prettier --version", None),
        case(
            "prettier-no-config",
            prettier_js,
            "prettier --no-config --check a.js",
            None,
        ),
        case(
            "flake8-local",
            flake8_local,
            "flake8 -j1 src/a.py",
            Some("local plugins"),
        ),
        case(
            "flake8-report",
            flake8_plain,
            "flake8 --output-file=o.txt src/a.py",
            Some("flake8"),
        ),
        case("pylint-list", nothing, "pylint --list-msgs", None),
        case(
            "pylint-list-hook",
            pylint_hook,
            "pylint --list-msgs",
            Some("init-hook"),
        ),
        case(
            "prettier-find",
            prettier_js,
            "prettier --find-config-path app.js",
            None,
        ),
        case(
            "prettier-check",
            prettier_js,
            "prettier --check app.js",
            Some("prettier"),
        ),
    ]);
}

/// Inline code that opens a file without writing it (issue 44, r26): `r+` and `+<` never
/// create, an append creates only a missing file, and nothing may write through the handle.
#[test]
fn inline_opens_that_do_not_write() {
    run(&[
        case(
            "py-open-rplus",
            |_| {},
            "python3 -c 'f=open(\"README.md\",\"r+\"); print(f.readline().strip())'",
            None,
        ),
        case(
            "py-open-rplus-missing",
            |_| {},
            "python3 -c 'f=open(\"nothere.md\",\"r+\"); print(f.read())'",
            None,
        ),
        case(
            "py-open-append-with",
            |_| {},
            "python3 -c 'with open(\"notes.txt\", \"a\") as f: print(f.mode)'",
            None,
        ),
        case(
            "py-open-append-missing",
            |_| {},
            "python3 -c 'with open(\"new.txt\", \"a\") as f: print(f.mode)'",
            Some("python3"),
        ),
        case(
            "py-open-rplus-write",
            |_| {},
            "python3 -c 'f=open(\"README.md\",\"r+\"); f.write(\"x\")'",
            Some("python3"),
        ),
        case(
            "py-open-rplus-print-file",
            |_| {},
            "python3 -c 'f=open(\"README.md\",\"r+\"); print(\"x\", file=f)'",
            Some("python3"),
        ),
        case(
            "py-open-append-passed-on",
            |_| {},
            "python3 -c 'import csv; f=open(\"notes.txt\",\"a\"); csv.writer(f).writerow([1])'",
            Some("python3"),
        ),
        case(
            "py-open-w",
            |_| {},
            "python3 -c 'f=open(\"README.md\",\"w\"); f.close()'",
            Some("python3"),
        ),
        case(
            "py-m-timeit",
            |_| {},
            "python3 -m timeit -n 100 -r 2 'sum(range(50))'",
            None,
        ),
        case(
            "py-m-timeit-setup",
            |_| {},
            "python3 -m timeit -s 'import json' 'json.dumps([1, 2])'",
            None,
        ),
        case(
            "py-m-timeit-writes",
            |_| {},
            "python3 -m timeit -n 1 'open(\"x\", \"w\")'",
            Some("python3"),
        ),
        case(
            "py-m-timeit-project",
            |p| p.write("repo/helper.py", "import os\nos.remove('README.md')\n"),
            "python3 -m timeit -s 'import helper' 'pass'",
            Some("python3"),
        ),
        case("py-m-inspect", |_| {}, "python3 -m inspect -d json", None),
        case(
            "node-execsync-git",
            |_| {},
            "node -e \"console.log(require('child_process').execSync('git rev-parse --short HEAD').toString().trim())\"",
            None,
        ),
        case(
            "node-execsync-writes",
            |_| {},
            "node -e \"require('child_process').execSync('touch x')\"",
            Some("touch"),
        ),
        case(
            "node-execsync-list",
            |_| {},
            "node -e \"require('child_process').execSync('ls; rm -f README.md')\"",
            Some("node"),
        ),
        case(
            "node-execsync-variable",
            |_| {},
            "node -e \"const c='touch x'; require('child_process').execSync(c)\"",
            Some("node"),
        ),
        case(
            "py-m-inspect-shadowed",
            |p| p.write("repo/json.py", "import os\n"),
            "python3 -m inspect -d json",
            Some("json"),
        ),
        case(
            "py-m-inspect-project",
            |p| p.write("repo/helper.py", "import os\n"),
            "python3 -m inspect helper",
            Some("python3"),
        ),
        case(
            "perl-open-append-existing",
            |_| {},
            "perl -e 'open(my $f, \">>\", \"README.md\") or die; close $f; print \"ok\\n\"'",
            None,
        ),
        case(
            "perl-open-append-missing",
            |_| {},
            "perl -e 'open(my $f, \">>\", \"new.txt\") or die; close $f'",
            Some("perl"),
        ),
        case(
            "perl-open-read-lines",
            |_| {},
            "perl -e 'open my $f, \"<\", \"notes.txt\" or die; while (my $l = <$f>) { print $l if $l =~ /beta/ } close($f)'",
            None,
        ),
        case(
            "perl-open-append-print",
            |_| {},
            "perl -e 'open(my $f, \">>\", \"README.md\") or die; print $f \"x\"; close $f'",
            Some("perl"),
        ),
        case(
            "perl-open-truncate",
            |_| {},
            "perl -e 'open(my $f, \">\", \"README.md\") or die; close $f'",
            Some("perl"),
        ),
        case(
            "perl-open-pipe",
            |_| {},
            "perl -e 'open(my $f, \"-|\", \"id\") or die; print <$f>'",
            Some("perl"),
        ),
    ]);
}

/// Bash builtins and redirections read with the context (issue 44, r26).
#[test]
fn builtins_and_redirections_in_context() {
    run(&[
        case(
            "exec-rw-existing",
            |_| {},
            "exec 3<>README.md; head -n1 <&3; exec 3>&-",
            None,
        ),
        case(
            "exec-rw-missing",
            |_| {},
            "exec 3<>new.txt; head -n1 <&3",
            Some("redirection"),
        ),
        case(
            "exec-rw-written",
            |_| {},
            "exec 3<>README.md; echo x >&3",
            Some("redirection"),
        ),
        case(
            "exec-rw-onto-stdout",
            |_| {},
            "exec 3<>README.md; exec 1<&3; echo x",
            Some("redirection"),
        ),
        case(
            "exec-rw-devfd",
            |_| {},
            "exec 3<>README.md; echo x | tee /dev/fd/3",
            Some("redirection"),
        ),
        // An append descriptor of an existing file that nothing writes through.
        case(
            "exec-append-unused",
            |p| p.write("repo/notes.txt", "scratch\n"),
            "exec 3>> notes.txt; git log -1 --format=%s; exec 3>&-",
            None,
        ),
        case(
            "exec-append-missing",
            |_| {},
            "exec 3>> new.txt; git log -1 --format=%s; exec 3>&-",
            Some("redirection"),
        ),
        case(
            "exec-append-written",
            |p| p.write("repo/notes.txt", "scratch\n"),
            "exec 3>>notes.txt; git log -1 --format=%s 1>&3",
            Some("redirection"),
        ),
        case(
            "exec-append-xtrace",
            |p| p.write("repo/notes.txt", "scratch\n"),
            "exec 7>>notes.txt; BASH_XTRACEFD=7; set -x; echo hi",
            Some("redirection"),
        ),
        case(
            "exec-append-named-number",
            |p| p.write("repo/notes.txt", "scratch\n"),
            "exec 3>>notes.txt; git log -1 | gpg --status-fd 3 --verify",
            Some("redirection"),
        ),
        Case {
            env: &[("GIT_TRACE", "3")],
            ..case(
                "exec-append-traced",
                |p| p.write("repo/notes.txt", "scratch\n"),
                "exec 3>> notes.txt; git log -1 --format=%s; exec 3>&-",
                Some("redirection"),
            )
        },
        // `hash -p` of the file PATH finds for the name anyway.
        case(
            "hash-p-own-program",
            |_| {},
            "hash -p /bin/ls ls; ls | head -3",
            None,
        ),
        case(
            "hash-p-other-program",
            |_| {},
            "hash -p /bin/cat ls; ls | head -3",
            Some("hash -p"),
        ),
        case(
            "hash-p-path-changed",
            |_| {},
            "PATH=/usr/local/bin:$PATH; hash -p /bin/ls ls; ls",
            Some("hash -p"),
        ),
        // `<>` on stdin with stdout and stderr joined: the file is still only read.
        case(
            "rw-stdin-joined-streams",
            |_| {},
            "wc -l <> README.md 2>&1 | head -60",
            None,
        ),
        case(
            "rw-stdin-onto-stdout",
            |_| {},
            "wc -l <> README.md >&0",
            Some("redirection"),
        ),
        case(
            "rw-stdin-copied",
            |_| {},
            "wc -l <> README.md 3<&0",
            Some("redirection"),
        ),
        case(
            "herestring-of-a-line",
            |p| p.write("repo/data.csv", "id,name,qty\n1,bolt,4\n"),
            "IFS=, read -r id name qty <<< \"$(sed -n 2p data.csv)\"; echo \"$name:$qty\"",
            None,
        ),
        case(
            "herestring-of-a-large-file",
            |p| p.write("repo/data.csv", &"x,y,z\n".repeat(20_000)),
            "IFS=, read -r a b c <<< \"$(grep -v id data.csv)\"; echo $a",
            Some("TMPDIR"),
        ),
        case(
            "herestring-of-path-read-elsewhere",
            |_| {},
            "IFS=: read -ra parts <<< \"$PATH\"; echo \"${#parts[@]}\"",
            None,
        ),
        case(
            "herestring-of-a-variable-read",
            |_| {},
            "read -r PATH < /dev/null; cat <<< \"$PATH\"",
            Some("TMPDIR"),
        ),
        Case {
            env: &[("V", "opt")],
            ..case(
                "getopts-env-name",
                |_| {},
                "set -- -a; getopts a \"$V\"; echo done",
                None,
            )
        },
        Case {
            env: &[("V", "a[$(id)]")],
            ..case(
                "getopts-env-subscript",
                |_| {},
                "set -- -a; getopts a \"$V\"; echo done",
                Some("getopts"),
            )
        },
    ]);
}

/// The catalog's programs that read configuration (issue 44): quilt sources ~/.quiltrc (or
/// QUILTRC's file) as bash and runs its commands from QUILT_DIR; FFREPORT makes ffprobe write a
/// report.
#[test]
fn catalog_programs_configuration() {
    run(&[
        case("quiltrc-absent", |_| {}, "quilt series", None),
        case(
            "quiltrc-comments",
            |p| p.write("home/.quiltrc", "# nothing here\n\n"),
            "quilt applied",
            None,
        ),
        case(
            "quiltrc-code",
            |p| {
                p.write(
                    "home/.quiltrc",
                    "touch /tmp/ran\nQUILT_PATCHES=debian/patches\n",
                )
            },
            "quilt series",
            Some(".quiltrc"),
        ),
        Case {
            env: &[("QUILTRC", "$ROOT/repo/rc")],
            ..case(
                "quiltrc-env",
                |p| p.write("repo/rc", "echo hi > out\n"),
                "quilt top",
                Some("rc"),
            )
        },
        case(
            "quiltrc-none-given",
            |p| p.write("home/.quiltrc", "touch /tmp/ran\n"),
            "quilt --quiltrc=- series",
            None,
        ),
        Case {
            env: &[("QUILT_DIR", "$ROOT/repo/q")],
            ..case("quilt-dir", |_| {}, "quilt series", Some("QUILT_DIR"))
        },
        case("ffprobe-plain", |_| {}, "ffprobe -show_format a.mkv", None),
        Case {
            env: &[("FFREPORT", "file=r.log")],
            ..case(
                "ffprobe-ffreport",
                |_| {},
                "ffprobe -show_format a.mkv",
                Some("FFREPORT"),
            )
        },
    ]);
}

/// What round 28's tune showed the readers of these programs' configuration must tell apart:
/// `~/.gnuplot` that only sets a variable, codespell's configuration naming write-changes or
/// not, docutils' configuration files' settings and the document's `:url:` options.
#[test]
fn gnuplot_codespell_and_docutils_configuration() {
    fn guide(p: &Planted) {
        p.write("repo/guide.rst", "Guide\n=====\n\n- one\n- two\n");
    }
    run(&[
        case(
            "gnuplot-rc-assigns",
            |p| p.write("home/.gnuplot", "a = 2\nset key left\nprint a\n"),
            "gnuplot -e 'print 1'",
            None,
        ),
        case(
            "gnuplot-rc-plot-terminal",
            |p| p.write("home/.gnuplot", "set terminal png\n"),
            "gnuplot -e 'print 1'",
            Some(".gnuplot"),
        ),
        case(
            "gnuplot-dumb-plot",
            |_| {},
            "gnuplot -e 'set term dumb 40 10; plot x'",
            None,
        ),
        case("codespell-plain", |_| {}, "codespell README.md", None),
        case(
            "codespell-rc-count",
            |p| p.write("repo/.codespellrc", "[codespell]\ncount =\nskip = *.lock\n"),
            "codespell README.md",
            None,
        ),
        case(
            "codespell-rc-write",
            |p| p.write("repo/.codespellrc", "[codespell]\nwrite-changes =\n"),
            "codespell README.md",
            Some("write-changes"),
        ),
        case(
            "codespell-setup-cfg-prefix",
            |p| {
                p.write(
                    "repo/setup.cfg",
                    "[metadata]\nname = x\n[codespell]\nwrite =\n",
                )
            },
            "codespell README.md",
            Some("setup.cfg"),
        ),
        case(
            "codespell-pyproject",
            |p| {
                p.write(
                    "repo/pyproject.toml",
                    "[project]\ndependencies = [\"codespell\"]\n[tool.codespell]\nw = true\n",
                )
            },
            "codespell README.md",
            Some("pyproject.toml"),
        ),
        case(
            "codespell-pyproject-other-tool",
            |p| {
                p.write(
                    "repo/pyproject.toml",
                    "[project]\ndependencies = [\"codespell\"]\n[tool.black]\nline-length = 99\n",
                )
            },
            "codespell README.md",
            None,
        ),
        case(
            "codespell-named-config",
            |p| p.write("repo/cs.ini", "[codespell]\nwrite-changes = \n"),
            "codespell --config cs.ini README.md",
            Some("cs.ini"),
        ),
        case("docutils-plain", guide, "rst2html guide.rst", None),
        case(
            "docutils-conf-report-level",
            |p| {
                guide(p);
                p.write("repo/docutils.conf", "[general]\nreport_level: 4\n");
            },
            "rst2html guide.rst",
            None,
        ),
        case(
            "docutils-conf-dependencies",
            |p| {
                guide(p);
                p.write(
                    "repo/docutils.conf",
                    "[general]\nrecord_dependencies: deps.txt\n",
                );
            },
            "rst2html5 guide.rst",
            Some("record_dependencies"),
        ),
        case(
            "docutils-home-dependencies",
            |p| {
                guide(p);
                p.write(
                    "home/.docutils",
                    "[general]\nrecord_dependencies: deps.txt\n",
                );
            },
            "rst2html4 guide.rst",
            Some("record_dependencies"),
        ),
        Case {
            env: &[("DOCUTILSCONFIG", "$ROOT/du.conf")],
            ..case(
                "docutils-listed-dependencies",
                |p| {
                    guide(p);
                    p.write("du.conf", "[general]\nrecord_dependencies: deps.txt\n");
                },
                "rst2html4 guide.rst | grep -c '<h1'",
                Some("record_dependencies"),
            )
        },
        case(
            "docutils-conf-warnings",
            |p| {
                guide(p);
                p.write("repo/docutils.conf", "[general]\nwarning_stream: w.log\n");
            },
            "rst2html guide.rst",
            Some("warning_stream"),
        ),
        case(
            "docutils-home-math-converter",
            |p| {
                guide(p);
                p.write(
                    "home/.docutils",
                    "[html writers]\nmath_output: MathML ttm\n",
                );
            },
            "rst2html guide.rst",
            Some("math_output"),
        ),
        case(
            "docutils-url",
            |p| {
                p.write(
                    "repo/guide.rst",
                    ".. raw:: html\n   :url: http://example.invalid/x\n",
                )
            },
            "rst2html guide.rst",
            Some(":url:"),
        ),
        case(
            "docutils-included-url",
            |p| {
                p.write("repo/guide.rst", "Guide\n\n.. include:: part.rst\n");
                p.write(
                    "repo/part.rst",
                    ".. csv-table::\n   :url: http://example.invalid/t.csv\n",
                );
            },
            "rst2html guide.rst",
            Some(":url:"),
        ),
        case(
            "docutils-module",
            guide,
            "python3 -m docutils --writer=html guide.rst",
            None,
        ),
        case(
            "docutils-module-conf",
            |p| {
                guide(p);
                p.write("repo/docutils.conf", "[general]\n_destination: out.html\n");
            },
            "python3 -m docutils guide.rst",
            Some("_destination"),
        ),
        case(
            "docutils-stdin",
            |_| {},
            "cat notes.txt | rst2html",
            Some("standard input"),
        ),
        Case {
            env: &[("DOCUTILSCONFIG", "$ROOT/dc.conf")],
            ..case(
                "docutils-config-variable",
                |p| {
                    guide(p);
                    p.write("dc.conf", "[general]\nwarning_stream: w.log\n");
                },
                "rst2html guide.rst",
                Some("dc.conf"),
            )
        },
        // DOCUTILSCONFIG's entries go through `os.path.expanduser`, as bash expands a tilde.
        Case {
            env: &[("DOCUTILSCONFIG", "~/du.conf")],
            ..case(
                "docutils-config-variable-home",
                |p| {
                    guide(p);
                    p.write("home/du.conf", "[general]\nrecord_dependencies: d.txt\n");
                },
                "rst2html guide.rst",
                Some("record_dependencies"),
            )
        },
        Case {
            env: &[("DOCUTILSCONFIG", "~"), ("HOME", "$ROOT/home.conf")],
            ..case(
                "docutils-config-variable-lone-tilde",
                |p| {
                    guide(p);
                    p.write("home.conf", "[general]\nrecord_dependencies: d.txt\n");
                },
                "rst2html guide.rst",
                Some("record_dependencies"),
            )
        },
        Case {
            env: &[("DOCUTILSCONFIG", "~root/cls-none.conf:/etc/docutils.conf")],
            ..case(
                "docutils-config-variable-user",
                guide,
                "rst2html guide.rst",
                None,
            )
        },
        Case {
            env: &[("DOCUTILSCONFIG", "~no-such-user-here/du.conf")],
            ..case(
                "docutils-config-variable-unknown-user",
                guide,
                "rst2html guide.rst",
                Some("only known at run time"),
            )
        },
        Case {
            env: &[("DOCUTILSCONFIG", "~/du.conf"), ("HOME", "relative")],
            ..case(
                "docutils-config-variable-unknown-home",
                guide,
                "rst2html guide.rst",
                Some("only known at run time"),
            )
        },
    ]);
}

/// Round 28's false alarms, by cause (cls49): words of an output of object names are never
/// options, editors that write nothing, `R --version`, TCLLIBPATH for a program that loads
/// nothing, the output of a checksum program in a here-string, `touch -r F F`.
#[test]
fn round_28_causes() {
    fn signatures_shown(p: &Planted) {
        p.write(
            "repo/.git/config",
            "[core]\n\trepositoryformatversion = 0\n[log]\n\tshowSignature = true\n",
        );
    }
    fn tcl_index(p: &Planted) {
        p.write(
            "repo/tcl/tclIndex",
            "# Tcl autoload index file, version 2.0\nexec touch x\n",
        );
    }
    fn tcl_package(p: &Planted) {
        p.write("repo/tcl/pkgIndex.tcl", "exec touch x\n");
    }
    run(&[
        case(
            "names-xargs",
            |_| {},
            "git log --format=%H | xargs -n1 git show -s --format='%h %ci'",
            None,
        ),
        case(
            "names-xargs-I",
            |_| {},
            "git rev-list --all | xargs -I{} git show -s {}",
            None,
        ),
        case(
            "names-xargs-errors-too",
            |_| {},
            "git log --format=%H |& xargs -n1 git show -s",
            Some("could be an option"),
        ),
        case(
            "names-xargs-errors-redirected",
            |_| {},
            "git log --format=%H 2>&1 | xargs -n1 git show -s",
            Some("could be an option"),
        ),
        case(
            "names-xargs-subject",
            |_| {},
            "git log --format='%H %s' | xargs -n1 git show -s",
            Some("could be an option"),
        ),
        case(
            "names-xargs-signatures",
            signatures_shown,
            "git log --format=%H | xargs -n1 git show -s",
            Some("could be an option"),
        ),
        case(
            "names-rev-parse",
            |_| {},
            "git grep -c main $(git rev-parse HEAD) -- src",
            None,
        ),
        case(
            "names-rev-parse-path",
            |_| {},
            "git grep -c main $(git rev-parse /tmp) -- src",
            Some("could be an option"),
        ),
        Case {
            env: &[("TCLLIBPATH", "$ROOT/repo/tcl")],
            ..case(
                "tcllibpath-package",
                tcl_package,
                "echo 'puts ok' | tclsh",
                None,
            )
        },
        Case {
            env: &[("TCLLIBPATH", "$ROOT/repo/tcl")],
            ..case(
                "tcllibpath-index",
                tcl_index,
                "echo 'puts ok' | tclsh",
                Some("TCLLIBPATH"),
            )
        },
        Case {
            env: &[("TCLLIBPATH", "$ROOT/repo/tcl")],
            ..case(
                "tcllibpath-clock",
                tcl_package,
                "echo 'puts [clock format 0]' | tclsh",
                Some("TCLLIBPATH"),
            )
        },
        Case {
            env: &[("R_PROFILE_USER", "$ROOT/prof.R")],
            ..case("r-version-profile", |_| {}, "R --version", None)
        },
        Case {
            env: &[("R_PROFILE_USER", "$ROOT/prof.R")],
            ..case(
                "r-expression-profile",
                |_| {},
                "Rscript -e 'cat(R.version.string)'",
                Some("R_PROFILE_USER"),
            )
        },
        case(
            "checksum-here-string",
            |_| {},
            "sha1sum -c <<< \"$(sha1sum README.md)\"",
            None,
        ),
        case(
            "checksum-here-string-glob",
            |_| {},
            "sha1sum -c <<< \"$(sha1sum *)\"",
            Some("temporary file"),
        ),
        case(
            "ssl-context",
            |_| {},
            "python3 -c 'import ssl; ssl.create_default_context(); print(1)'",
            None,
        ),
        Case {
            env: &[("SSLKEYLOGFILE", "$ROOT/keys.log")],
            ..case(
                "ssl-context-key-log",
                |_| {},
                "python3 -c 'import ssl; ssl.create_default_context(); print(1)'",
                Some("SSLKEYLOGFILE"),
            )
        },
        case(
            "touch-to-itself",
            |_| {},
            "touch -r README.md README.md",
            None,
        ),
        case(
            "touch-to-another",
            |_| {},
            "touch -r README.md notes.txt",
            Some("touch"),
        ),
        case(
            "touch-to-itself-dated",
            |_| {},
            "touch -r README.md -d '1 day ago' README.md",
            Some("touch"),
        ),
    ]);
}

/// Round 29's tune split (cls29t): `co -p` prints a revision and changes nothing, unless RCSINIT
/// adds options (`-l` locks, rewriting the RCS file).
#[test]
fn rcs_checkout_to_stdout_and_rcsinit() {
    fn rcs(p: &Planted) {
        p.write(
            "repo/notes.txt,v",
            "head\t1.1;\naccess;\nsymbols;\nlocks; strict;\n",
        );
    }
    run(&[
        case("co-p", rcs, "co -p -q notes.txt", None),
        case("co-p-rev", rcs, "co -p1.1 notes.txt,v", None),
        case("co-lock", rcs, "co -p -l notes.txt", Some("co")),
        Case {
            env: &[("RCSINIT", "-l")],
            ..case("co-p-rcsinit", rcs, "co -p -q notes.txt", Some("RCSINIT"))
        },
        Case {
            env: &[("RCSINIT", "-q -kv")],
            ..case("co-p-rcsinit-quiet", rcs, "co -p notes.txt", None)
        },
        Case {
            env: &[("RCSINIT", "-q -M")],
            ..case(
                "co-p-rcsinit-times",
                rcs,
                "co -p notes.txt",
                Some("RCSINIT"),
            )
        },
    ]);
}

/// A PNG's first bytes: the signature and an IHDR chunk of `width` × `height` (ImageMagick finds
/// the format and size there; the rest of the file is not read here).
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
    bytes.extend(width.to_be_bytes());
    bytes.extend(height.to_be_bytes());
    bytes.extend([8, 2, 0, 0, 0, 0, 0, 0, 0]);
    bytes
}

/// Round 29's held-out false alarms (cls50), with the context: aspell's and gpg's configuration
/// files, the repository `svnadmin verify` opens, SOX_OPTS, vim's plugins in Ex mode,
/// ImageMagick's configuration and inputs, `php -n`, and `perl -c` of a script with POD; each
/// beside the planted file or variable that makes it not read-only.
#[test]
fn round_29_reading_modes_in_context() {
    fn small_png(p: &Planted) {
        let _ = fs::write(p.path("repo/red.png"), png_header(4, 4));
    }
    fn large_png(p: &Planted) {
        let _ = fs::write(p.path("repo/big.png"), png_header(9000, 9000));
    }
    run(&[
        case(
            "aspell-list",
            |_| {},
            "aspell --lang=en list < README.md",
            None,
        ),
        case(
            "aspell-home-conf",
            |p| p.write("home/.aspell.conf", "filter-path /tmp\n"),
            "aspell --lang=en list < README.md",
            Some("aspell"),
        ),
        Case {
            env: &[("ASPELL_CONF", "home-dir /tmp")],
            ..case(
                "aspell-env-conf",
                |_| {},
                "aspell dump dicts",
                Some("ASPELL_CONF"),
            )
        },
        case("gpg-enarmor", |_| {}, "printf x | gpg --enarmor", None),
        case(
            "gpg-conf",
            |p| p.write("home/.gnupg/gpg.conf", "log-file /tmp/g.log\n"),
            "printf x | gpg --enarmor",
            Some("gpg.conf"),
        ),
        case(
            "gpg-conf-harmless",
            |p| {
                p.write(
                    "home/.gnupg/gpg.conf",
                    "# mine\nno-greeting\nkeyid-format long\n",
                )
            },
            "printf x | gpg --enarmor",
            None,
        ),
        case(
            "gpg-version-conf",
            |p| p.write("home/.gnupg/gpg.conf", "log-file /tmp/g.log\n"),
            "gpg --version",
            None,
        ),
        case(
            "gpg-conf-no-options",
            |p| p.write("home/.gnupg/gpg.conf", "log-file /tmp/g.log\n"),
            "printf x | gpg --no-options --enarmor",
            None,
        ),
        case(
            "svnadmin-verify",
            |p| p.write("repo/svnrepo/db/rep-cache.db", ""),
            "svnadmin verify -q svnrepo",
            None,
        ),
        case(
            "svnadmin-verify-no-cache",
            |p| p.write("repo/svnrepo/db/current", "1\n"),
            "svnadmin verify -q svnrepo",
            Some("rep-cache.db"),
        ),
        case("sox-stat", |_| {}, "sox tone.wav -n stat", None),
        Case {
            env: &[("SOX_OPTS", "--temp /tmp/t")],
            ..case("sox-opts", |_| {}, "sox tone.wav -n stat", Some("SOX_OPTS"))
        },
        case(
            "vim-e",
            |_| {},
            "vim -n -e -c q README.md < /dev/null",
            None,
        ),
        case("ex-print", |_| {}, "ex -n -c 1p -c 'q!' README.md", None),
        case(
            "vim-e-plugin",
            |p| p.write("home/.vim/plugin/p.vim", "call system('touch x')\n"),
            "vim -n -e -c q README.md",
            Some("plugins"),
        ),
        case(
            "vim-es-plugin",
            |p| p.write("home/.vim/plugin/p.vim", "call system('touch x')\n"),
            "vim -n -es -c q README.md",
            None,
        ),
        case("identify-png", small_png, "identify red.png", None),
        case(
            "identify-png-format",
            small_png,
            "identify -format '%w x %h\\n' red.png",
            None,
        ),
        case(
            "convert-print",
            small_png,
            "convert red.png -print '%wx%h\\n' null:",
            None,
        ),
        case(
            "compare-metric",
            small_png,
            "compare -metric AE red.png red.png null:",
            None,
        ),
        case("convert-list", |_| {}, "convert -list format", None),
        case(
            "identify-home-delegates",
            |p| {
                small_png(p);
                p.write(
                    "home/.config/ImageMagick/delegates.xml",
                    "<delegatemap><delegate decode=\"wgt\" command=\"touch x\"/></delegatemap>\n",
                );
            },
            "identify red.png",
            None,
        ),
        case(
            "identify-home-log",
            |p| {
                small_png(p);
                p.write("home/.config/ImageMagick/log.xml", "<logmap/>\n");
            },
            "identify red.png",
            Some("log.xml"),
        ),
        Case {
            env: &[("MAGICK_CONFIGURE_PATH", "$ROOT/mc")],
            ..case(
                "identify-configure-path-coder",
                |p| {
                    small_png(p);
                    p.write("mc/coder.xml", "<codermap/>\n");
                },
                "identify red.png",
                Some("coder.xml"),
            )
        },
        Case {
            env: &[("MAGICK_MEMORY_LIMIT", "1")],
            ..case(
                "identify-limit",
                small_png,
                "identify red.png",
                Some("MAGICK_MEMORY_LIMIT"),
            )
        },
        case(
            "identify-not-an-image",
            |p| p.write("repo/chart.png", "%!PS\n"),
            "identify chart.png",
            Some("chart.png"),
        ),
        case("identify-large-pings", large_png, "identify big.png", None),
        case(
            "convert-large",
            large_png,
            "convert big.png -print '%w' null:",
            Some("pixels"),
        ),
        Case {
            env: &[("PHPRC", "$ROOT/phpini")],
            ..case(
                "php-n-phprc",
                |p| {
                    p.write("phpini/php.ini", "auto_prepend_file=/tmp/pre.php\n");
                    p.write("repo/hello.php", "<?php\necho \"hi\\n\";\n");
                },
                "php -n hello.php",
                None,
            )
        },
        Case {
            env: &[("PHPRC", "$ROOT/phpini")],
            ..case(
                "php-phprc",
                |p| {
                    p.write("phpini/php.ini", "auto_prepend_file=/tmp/pre.php\n");
                    p.write("repo/hello.php", "<?php\necho \"hi\\n\";\n");
                },
                "php hello.php",
                Some("auto_prepend_file"),
            )
        },
        Case {
            env: &[("CVSROOT", "$ROOT/cvsroot")],
            ..case("cvs-rlog", |_| {}, "cvs -R -Q rlog -h proj", None)
        },
        Case {
            env: &[("CVSROOT", "$ROOT/cvsroot")],
            ..case(
                "cvs-rlog-cvsrc",
                |p| p.write("home/.cvsrc", "cvs -d :ext:u@h.invalid:/r\n"),
                "cvs -R -Q rlog -h proj",
                Some("cvsrc"),
            )
        },
        Case {
            env: &[("CVSROOT", "$ROOT/cvsroot")],
            ..case(
                "cvs-rlog-cvsrc-f",
                |p| p.write("home/.cvsrc", "cvs -d :ext:u@h.invalid:/r\n"),
                "cvs -f -R -Q rlog -h proj",
                None,
            )
        },
        case(
            "cvs-ext",
            |_| {},
            "cvs -R -d :ext:u@h.invalid:/r rlog proj",
            Some("local"),
        ),
        case(
            "cvs-log-file",
            |p| p.write("repo/CVS/Root", "/srv/cvsroot\n"),
            "cvs -R -Q log a.txt",
            None,
        ),
        case(
            "cvs-log-recursive",
            |p| p.write("repo/CVS/Root", "/srv/cvsroot\n"),
            "cvs -R -Q log",
            Some("recurses"),
        ),
        case(
            "cvs-log-fork",
            |p| p.write("repo/CVS/Root", ":fork:/srv/cvsroot\n"),
            "cvs -R -Q log a.txt",
            Some("local"),
        ),
        case(
            "patsub-unset",
            |_| {},
            "echo \"${UNSET_V/b/$(touch x)}\"",
            None,
        ),
        case(
            "patsub-empty",
            |_| {},
            "E=; echo \"${E/b/$(touch x)}\"",
            Some("touch"),
        ),
        case(
            "redirect-glob-two",
            |p| {
                p.write("repo/a.csv", "1\n");
                p.write("repo/b.csv", "2\n");
            },
            "echo hi > *.csv",
            None,
        ),
        case(
            "redirect-glob-one",
            |p| p.write("repo/a.csv", "1\n"),
            "echo hi > *.csv",
            Some("redirection"),
        ),
        Case {
            env: &[("POSIXLY_CORRECT", "1")],
            ..case(
                "redirect-glob-posix",
                |p| {
                    p.write("repo/a.csv", "1\n");
                    p.write("repo/b.csv", "2\n");
                },
                "echo hi > *.csv",
                Some("redirection"),
            )
        },
        case(
            "ed-script-file",
            |p| p.write("repo/show.ed", ",p\nq\n"),
            "ed -s README.md < show.ed",
            None,
        ),
        case(
            "ed-script-file-writes",
            |p| p.write("repo/show.ed", ",s/a/b/\nw\nq\n"),
            "ed -s README.md < show.ed",
            Some("ed"),
        ),
        case(
            "erb-render",
            |p| p.write("repo/t.erb", "Total: <%= 1 + 2 %>\n<%# a note %>\n"),
            "erb t.erb",
            None,
        ),
        case(
            "erb-render-backquote",
            |p| p.write("repo/t.erb", "Who: <%= `id` %>\n"),
            "erb t.erb",
            Some("erb"),
        ),
        case(
            "erb-render-percent-line",
            |p| p.write("repo/t.erb", "% system('touch x')\nhi\n"),
            "erb t.erb",
            Some("erb"),
        ),
        case(
            "erb-render-percent-line-off",
            |p| p.write("repo/t.erb", "% system('touch x')\nhi\n"),
            "erb -P t.erb",
            None,
        ),
        case(
            "erb-render-write",
            |p| p.write("repo/t.erb", "<% File.write('x', 'y') %>\n"),
            "erb t.erb",
            Some("erb"),
        ),
        case(
            "perl-script-shebang-switch",
            |p| p.write("repo/w.pl", "#!/usr/bin/perl -i\nwhile (<>) { print }\n"),
            "perl w.pl notes.txt",
            Some("perl"),
        ),
        case(
            "perl-script-shebang-plain",
            |p| p.write("repo/w.pl", "#!/usr/bin/perl\nprint 1;\n"),
            "perl w.pl",
            None,
        ),
        case(
            "exiftool-argfile",
            |p| p.write("repo/tags.args", "# read\n-s\n-Comment\n"),
            "exiftool -@ tags.args README.md",
            None,
        ),
        case(
            "exiftool-argfile-writes",
            |p| p.write("repo/tags.args", "-w\ntxt\n"),
            "exiftool -@ tags.args README.md",
            Some("exiftool"),
        ),
        Case {
            env: &[("PSQLRC", "$ROOT/psqlrc")],
            ..case(
                "psql-no-server",
                |p| p.write("psqlrc", "\\! touch x\n"),
                "psql -h /tmp/nosock-cls50 -c 'select 1' 2>&1; true",
                None,
            )
        },
        case(
            "psql-socket-there",
            |p| p.write("sock/.s.PGSQL.5432", ""),
            "psql -h ../sock -c 'select 1'",
            Some("psql"),
        ),
        case(
            "psql-tcp-host",
            |_| {},
            "psql -h db.invalid -c 'select 1'",
            Some("psql"),
        ),
        case(
            "psql-conninfo",
            |_| {},
            "psql -d 'host=db.invalid' -c 'select 1'",
            Some("psql"),
        ),
        case(
            "eslintrc-yaml-parser",
            |p| p.write("repo/.eslintrc.yml", "root: true\nparser: evil-parser\n"),
            "eslint web/src/lib.js",
            Some(".eslintrc.yml"),
        ),
        case(
            "eslintrc-json-rules",
            |p| {
                p.write(
                    "repo/.eslintrc.json",
                    "{\n  \"root\": true,\n  \"extends\": \"eslint:recommended\",\n  \"rules\": {\"semi\": \"warn\"}\n}\n",
                )
            },
            "eslint web/src/lib.js",
            None,
        ),
        // `extends` of a JSON file beside it: data, read as such (round 36's tune part).
        case(
            "eslintrc-extends-json-file",
            |p| {
                p.write("repo/eslint-base.json", "{\"rules\": {}}\n");
                p.write(
                    "repo/.eslintrc.json",
                    "{\"root\": true, \"extends\": [\"./eslint-base.json\"], \"env\": {\"node\": true}}\n",
                );
            },
            "eslint web/src/lib.js 2>&1 | head -60",
            None,
        ),
        case(
            "eslintrc-extends-json-plugin",
            |p| {
                p.write("repo/eslint-base.json", "{\"plugins\": [\"evil\"]}\n");
                p.write(
                    "repo/.eslintrc.json",
                    "{\"root\": true, \"extends\": \"./eslint-base.json\"}\n",
                );
            },
            "eslint web/src/lib.js",
            Some(".eslintrc.json"),
        ),
        case(
            "eslintrc-extends-js-file",
            |p| {
                p.write("repo/eslint-base.js", "module.exports = {};\n");
                p.write(
                    "repo/.eslintrc.json",
                    "{\"root\": true, \"extends\": [\"./eslint-base.js\"]}\n",
                );
            },
            "eslint web/src/lib.js",
            Some(".eslintrc.json"),
        ),
        case(
            "eslintrc-js",
            |p| p.write("repo/.eslintrc.js", "module.exports = {};\n"),
            "eslint web/src/lib.js",
            Some(".eslintrc.js"),
        ),
        case(
            "eslintrc-home-extends",
            |p| p.write("home/.eslintrc.json", "{\"extends\": \"airbnb\"}\n"),
            "eslint web/src/lib.js",
            Some(".eslintrc.json"),
        ),
        case(
            "eslintrc-package",
            |p| {
                p.write(
                    "repo/package.json",
                    "{\"name\": \"demo\", \"eslintConfig\": {\"plugins\": [\"x\"]}}\n",
                )
            },
            "eslint web/src/lib.js",
            Some("eslintConfig"),
        ),
        case(
            "chmod-x-missing",
            |p| {
                p.write("repo/run.sh", "echo hi\n");
                p.sh("chmod 755 repo/run.sh");
            },
            "chmod +x run.sh missing.sh 2>/dev/null",
            None,
        ),
        case(
            "chmod-x-not-yet",
            |p| p.write("repo/run.sh", "echo hi\n"),
            "chmod +x run.sh missing.sh",
            Some("chmod"),
        ),
        case(
            "perl-c-pod",
            |p| {
                p.write(
                    "repo/w.pl",
                    "=head1 NAME\n\nw - widget\n\n=cut\nprint \"ok\\n\";\n",
                )
            },
            "perl -c w.pl",
            None,
        ),
        case(
            "perl-c-pod-begin",
            |p| {
                p.write(
                    "repo/w.pl",
                    "=head1 NAME\n\n=cut\nBEGIN { system 'touch x' }\n",
                )
            },
            "perl -c w.pl",
            Some("perl"),
        ),
    ]);
}

/// eslint 8's older configuration (`.eslintrc.*`, `eslintConfig`), read whatever version runs:
/// one that is JavaScript, or data naming a plugin, parser or shared configuration, here, above,
/// or inside a directory operand, loads code; data of rules and `eslint:` configurations does not.
/// terraform's `-diff` writes temporary files; `TF_CLI_ARGS*` adds arguments.
#[test]
fn eslintrc_files_and_terraform_arguments() {
    fn rc_js(p: &Planted) {
        p.write(
            "repo/.eslintrc.js",
            "require('child_process').execSync('touch ran');\nmodule.exports = {};\n",
        );
        p.write("repo/web/a.js", "var x = 1;\n");
    }
    fn rc_plugin(p: &Planted) {
        p.write(
            "repo/.eslintrc.json",
            "{\"root\": true, \"plugins\": [\"local\"]}\n",
        );
        p.write("repo/web/a.js", "var x = 1;\n");
    }
    fn rc_rules(p: &Planted) {
        p.write(
            "repo/.eslintrc.json",
            "{\"root\": true, \"extends\": \"eslint:recommended\", \"parserOptions\": {\"ecmaVersion\": 2022}, \"rules\": {\"semi\": \"error\"}}\n",
        );
        p.write("repo/web/a.js", "var x = 1;\n");
    }
    fn rc_shared(p: &Planted) {
        p.write(
            "repo/.eslintrc.json",
            "{\"extends\": [\"eslint:recommended\", \"airbnb\"]}\n",
        );
        p.write("repo/web/a.js", "var x = 1;\n");
    }
    fn rc_yaml_parser(p: &Planted) {
        p.write(
            "repo/.eslintrc.yml",
            "root: true\nparser: '@typescript-eslint/parser'\n",
        );
        p.write("repo/web/a.js", "var x = 1;\n");
    }
    fn rc_package(p: &Planted) {
        p.write(
            "repo/package.json",
            "{\"name\": \"x\", \"eslintConfig\": {\"plugins\": [\"local\"]}}\n",
        );
        p.write("repo/web/a.js", "var x = 1;\n");
    }
    fn rc_package_rules(p: &Planted) {
        p.write(
            "repo/package.json",
            "{\"name\": \"x\", \"eslintConfig\": {\"rules\": {\"semi\": 2}}}\n",
        );
        p.write("repo/web/a.js", "var x = 1;\n");
    }
    fn rc_nested(p: &Planted) {
        p.write(
            "repo/web/lib/.eslintrc.cjs",
            "module.exports = require('./x');\n",
        );
        p.write("repo/web/lib/a.js", "var x = 1;\n");
    }
    fn rc_override(p: &Planted) {
        p.write(
            "repo/.eslintrc.json",
            "{\"overrides\": [{\"files\": [\"*.ts\"], \"parser\": \"@typescript-eslint/parser\"}]}\n",
        );
        p.write("repo/web/a.js", "var x = 1;\n");
    }
    fn rc_home(p: &Planted) {
        p.write("home/.eslintrc.js", "module.exports = {};\n");
        p.write("repo/web/a.js", "var x = 1;\n");
    }
    fn rc_home_beside_project(p: &Planted) {
        rc_home(p);
        rc_rules(p);
    }
    fn tf(p: &Planted) {
        p.write("repo/main.tf", "variable \"n\" {\ndefault=1\n}\n");
    }
    const NO_CHECKPOINT: &[(&str, &str)] = &[("CHECKPOINT_DISABLE", "1")];
    run(&[
        case("eslintrc-js", rc_js, "eslint web", Some(".eslintrc.js")),
        case(
            "eslintrc-plugin",
            rc_plugin,
            "eslint web/a.js",
            Some(".eslintrc.json"),
        ),
        case("eslintrc-rules", rc_rules, "eslint web/a.js", None),
        case("eslintrc-rules-dir", rc_rules, "eslint web", None),
        case(
            "eslintrc-shared",
            rc_shared,
            "eslint web/a.js",
            Some(".eslintrc.json"),
        ),
        case(
            "eslintrc-yaml-parser",
            rc_yaml_parser,
            "eslint web/a.js",
            Some(".eslintrc.yml"),
        ),
        case(
            "eslintrc-package",
            rc_package,
            "eslint web/a.js",
            Some("eslintConfig"),
        ),
        case(
            "eslintrc-package-rules",
            rc_package_rules,
            "eslint web/a.js",
            None,
        ),
        case(
            "eslintrc-nested",
            rc_nested,
            "eslint web",
            Some(".eslintrc.cjs"),
        ),
        case(
            "eslintrc-nested-file",
            rc_nested,
            "eslint web/lib/a.js",
            Some(".eslintrc.cjs"),
        ),
        case(
            "eslintrc-nested-not-linted",
            rc_nested,
            "eslint web/a.js",
            None,
        ),
        case(
            "eslintrc-override",
            rc_override,
            "eslint web/a.js",
            Some(".eslintrc.json"),
        ),
        case(
            "eslintrc-home",
            rc_home,
            "eslint web/a.js",
            Some(".eslintrc.js"),
        ),
        case(
            "eslintrc-home-beside-project",
            rc_home_beside_project,
            "eslint web/a.js",
            None,
        ),
        Case {
            env: NO_CHECKPOINT,
            ..case("terraform-fmt-check", tf, "terraform fmt -check", None)
        },
        Case {
            env: NO_CHECKPOINT,
            ..case(
                "terraform-fmt-diff",
                tf,
                "terraform fmt -check -diff",
                Some("terraform"),
            )
        },
        Case {
            env: &[("CHECKPOINT_DISABLE", "1"), ("TF_CLI_ARGS_fmt", "-diff")],
            ..case(
                "terraform-cli-args",
                tf,
                "terraform fmt -check",
                Some("TF_CLI_ARGS_fmt"),
            )
        },
    ]);
}

/// Round 30's held-out false alarms by cause (cls51): `python -m mypy` read as mypy, `flex -t`
/// with its input's `%option` lines, a system-installed PyYAML, a project's module imported
/// with `from PACKAGE import MODULE`; each beside its nearest writing form.
#[test]
fn round_30_generators_mypy_module_and_installed_modules() {
    fn nothing(_: &Planted) {}
    fn mypy_plugin(p: &Planted) {
        p.write("repo/mypy.ini", "[mypy]\nplugins = myplug\n");
    }
    fn mypy_shadow(p: &Planted) {
        p.write(
            "repo/mypy/__init__.py",
            "import os\nos.system('touch ran')\n",
        );
    }
    fn egg_info(p: &Planted) {
        p.write(
            "repo/app.egg-info/entry_points.txt",
            "[pytest11]\nx = app.plug\n",
        );
    }
    fn scanner(p: &Planted) {
        p.write(
            "repo/scan.l",
            "%option noyywrap outfile=\"x.c\"\n%%\na ECHO;\n",
        );
    }
    fn scanner_header(p: &Planted) {
        p.write(
            "repo/scan.l",
            "%option noyywrap header-file=\"x.h\"\n%%\na ECHO;\n",
        );
    }
    fn doxyfile_filter(p: &Planted) {
        p.write("repo/Doxyfile", "INPUT_FILTER = touch ran\nINPUT = src\n");
    }
    fn package(p: &Planted) {
        p.write("repo/src/app/__init__.py", "");
        p.write("repo/src/app/util.py", "def add(a, b):\n    return a + b\n");
    }
    fn package_runs(p: &Planted) {
        p.write("repo/src/app/__init__.py", "");
        p.write(
            "repo/src/app/util.py",
            "import os\nos.system('touch ran')\n",
        );
    }
    fn empty_dir(p: &Planted) {
        let _ = std::fs::create_dir_all(p.path("fake"));
    }
    fn planted_cc1(p: &Planted) {
        p.write("fake/cc1plus", "#!/bin/sh\ntouch ran\n");
    }
    fn yaml_shadow(p: &Planted) {
        p.write("repo/yaml.py", "import os\nos.system('touch ran')\n");
    }
    const SYSTEM: &[(&str, &str)] = &[("PATH", "/usr/bin:/bin")];
    const SRC: &[(&str, &str)] = &[("PATH", "/usr/bin:/bin"), ("PYTHONPATH", "src")];
    const M4: &[(&str, &str)] = &[("PATH", "/usr/bin:/bin"), ("M4", "$ROOT/bin/canary")];
    let with = |name, plant, command, env, flagged| Case {
        name,
        plant,
        command,
        cwd: "repo",
        env,
        flagged,
    };
    const CFG_SET: &[(&str, &str)] = &[("CFG", "")];
    const ALLEXPORT: &[(&str, &str)] = &[("SHELLOPTS", "braceexpand:allexport:hashall")];
    let mut cases = vec![
        // COMPILER_PATH at an empty directory adds no pass.
        with(
            "compiler-path-empty",
            empty_dir,
            "g++ -fsyntax-only a.cpp",
            &[("COMPILER_PATH", "$ROOT/fake")],
            None,
        ),
        with(
            "compiler-path-cc1",
            planted_cc1,
            "g++ -fsyntax-only a.cpp",
            &[("COMPILER_PATH", "$ROOT/fake")],
            Some("COMPILER_PATH"),
        ),
        // A shell variable no program sees: assigned, never exported.
        case(
            "default-assign",
            nothing,
            "cat \"${CFG:=config/app.toml}\"; echo \"$CFG\"",
            None,
        ),
        case(
            "assign-then-list",
            nothing,
            "OUT_DIR=build; ls \"$OUT_DIR\"",
            None,
        ),
        case(
            "default-assign-export",
            nothing,
            "export CFG; cat \"${CFG:=config/app.toml}\"",
            Some("CFG"),
        ),
        case(
            "assign-set-a",
            nothing,
            "set -a; OUT_DIR=build; ls \"$OUT_DIR\"",
            Some("OUT_DIR"),
        ),
        with(
            "assign-exported",
            nothing,
            "cat \"${CFG:=config/app.toml}\"",
            CFG_SET,
            Some("CFG"),
        ),
        with(
            "assign-allexport",
            nothing,
            "OUT_DIR=build; ls",
            ALLEXPORT,
            Some("OUT_DIR"),
        ),
        case(
            "assign-bash-reads",
            nothing,
            "TMPDIR=/x; cat <<EOF\nhi\nEOF",
            Some("TMPDIR"),
        ),
        with(
            "py-m-egg-info",
            egg_info,
            "python3 -m mypy --cache-dir=/dev/null src",
            SYSTEM,
            Some("register"),
        ),
        with(
            "py-m-mypy-off",
            nothing,
            "python3 -m mypy --cache-dir=/dev/null src",
            SYSTEM,
            None,
        ),
        with(
            "py-m-mypy-plugin",
            mypy_plugin,
            "python3 -m mypy --cache-dir=/dev/null src",
            SYSTEM,
            Some("plugins"),
        ),
        with(
            "py-m-mypy-cache",
            nothing,
            "python3 -m mypy src",
            SYSTEM,
            Some("cache"),
        ),
        with(
            "py-m-mypy-shadow",
            mypy_shadow,
            "python3 -m mypy --cache-dir=/dev/null src",
            SYSTEM,
            Some("mypy"),
        ),
        with(
            "py-m-pyflakes",
            nothing,
            "python3 -m pyflakes src",
            SYSTEM,
            None,
        ),
        with(
            "py-m-pyflakes-shadow",
            |p| p.write("repo/pyflakes.py", "import os\nos.system('touch ran')\n"),
            "python3 -m pyflakes src",
            SYSTEM,
            Some("pyflakes"),
        ),
        case("flex-t", scanner, "flex -t scan.l", None),
        case(
            "flex-t-header",
            scanner_header,
            "flex -t scan.l",
            Some("%option"),
        ),
        case("flex-no-t", scanner, "flex scan.l", Some("scanner")),
        // flex runs the macro processor M4 names (round 32's held-out hole, measured).
        with(
            "flex-t-m4",
            scanner,
            "lex -t scan.l | head -2",
            M4,
            Some("M4"),
        ),
        case(
            "doxygen-x-filter",
            doxyfile_filter,
            "doxygen -x Doxyfile",
            None,
        ),
        case(
            "doxygen-run-filter",
            doxyfile_filter,
            "doxygen Doxyfile",
            Some("doxygen"),
        ),
        with(
            "from-package-import",
            package,
            "python3 -B -c 'from app import util; print(util.add(1, 1))'",
            SRC,
            None,
        ),
        with(
            "from-package-import-runs",
            package_runs,
            "python3 -B -c 'from app import util; print(util.add(1, 1))'",
            SRC,
            Some("util.py"),
        ),
        with(
            "from-package-import-os",
            package,
            "python3 -B -c 'from app import os; os.system(\"id\")'",
            SRC,
            Some("python3"),
        ),
    ];
    // PyYAML as Debian installs it, where this machine has it.
    if std::path::Path::new("/usr/lib/python3/dist-packages/yaml/__init__.py").is_file() {
        cases.extend([
            with(
                "yaml-system",
                nothing,
                "python3 -c \"import yaml; print(yaml.safe_load(open('c.yaml')))\"",
                SYSTEM,
                None,
            ),
            with(
                "yaml-shadow",
                yaml_shadow,
                "python3 -c \"import yaml; print(yaml.safe_load(open('c.yaml')))\"",
                SYSTEM,
                Some("not the system's"),
            ),
            with(
                "yaml-unsafe",
                nothing,
                "python3 -c \"import yaml; print(yaml.unsafe_load(open('c.yaml')))\"",
                SYSTEM,
                Some("python3"),
            ),
        ]);
    }
    run(&cases);
}

/// `terraform validate` and `kubectl kustomize` read only while the project holds nothing that
/// runs or fetches (cls51, round 30).
#[test]
fn terraform_validate_and_kustomize_in_context() {
    fn tf(p: &Planted) {
        p.write("repo/main.tf", "variable \"n\" {\n  default = 1\n}\n");
    }
    fn tf_init(p: &Planted) {
        tf(p);
        p.write(
            "repo/.terraform/providers/registry.terraform.io/hashicorp/null/3.2.0/linux_amd64/terraform-provider-null",
            "#!/bin/sh\ntouch ran\n",
        );
    }
    fn tf_dev(p: &Planted) {
        tf(p);
        p.write(
            "home/.terraformrc",
            "provider_installation {\n  dev_overrides {\n    \"x/y\" = \"/tmp/p\"\n  }\n  direct {}\n}\n",
        );
    }
    fn kust(p: &Planted) {
        p.write(
            "repo/deploy/cm.yaml",
            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: w\n",
        );
        p.write(
            "repo/deploy/kustomization.yaml",
            "resources:\n- cm.yaml\n- ../base\nnamePrefix: dev-\n",
        );
        p.write("repo/base/kustomization.yaml", "resources: []\n");
    }
    fn kust_remote(p: &Planted) {
        kust(p);
        p.write(
            "repo/base/kustomization.yaml",
            "resources:\n- https://github.com/kubernetes-sigs/kustomize//examples/helloWorld?ref=v3.3.1\n",
        );
    }
    fn kust_helm(p: &Planted) {
        kust(p);
        p.write(
            "repo/deploy/kustomization.yaml",
            "helmCharts:\n- name: x\n  repo: r\n",
        );
    }
    const NO_CHECKPOINT: &[(&str, &str)] = &[("CHECKPOINT_DISABLE", "1")];
    run(&[
        Case {
            env: NO_CHECKPOINT,
            ..case("tf-validate", tf, "terraform validate -no-color", None)
        },
        Case {
            env: NO_CHECKPOINT,
            ..case(
                "tf-validate-init",
                tf_init,
                "terraform validate",
                Some(".terraform"),
            )
        },
        Case {
            env: NO_CHECKPOINT,
            ..case(
                "tf-validate-dev",
                tf_dev,
                "terraform validate",
                Some(".terraformrc"),
            )
        },
        Case {
            env: &[("CHECKPOINT_DISABLE", "1"), ("TF_CLI_ARGS_validate", "-x")],
            ..case(
                "tf-validate-args",
                tf,
                "terraform validate",
                Some("TF_CLI_ARGS_validate"),
            )
        },
        case(
            "tf-validate-checkpoint",
            tf,
            "terraform validate",
            Some("checkpoint"),
        ),
        case("kustomize", kust, "kubectl kustomize deploy", None),
        case(
            "kustomize-remote",
            kust_remote,
            "kubectl kustomize deploy",
            Some("fetches"),
        ),
        case(
            "kustomize-helm",
            kust_helm,
            "kubectl kustomize deploy",
            Some("helmCharts"),
        ),
        case(
            "kustomize-out",
            kust,
            "kubectl kustomize deploy -o out.yaml",
            Some("kubectl"),
        ),
    ]);
}

/// rdoc's reports take options from RDOCOPT, and `--dry-run` the generator `.rdoc_options`
/// names; `$(command -v go)` prints a path of PATH's, which the context reads (cls52).
#[test]
fn rdoc_reports_and_command_paths() {
    run(&[
        case("rdoc-dry-run-plain", |_| {}, "rdoc --dry-run src", None),
        case("rdoc-coverage-plain", |_| {}, "rdoc -C src", None),
        case(
            "rdoc-dry-run-options-file",
            |p| {
                p.write(
                    "repo/.rdoc_options",
                    "--- !ruby/object:RDoc::Options\ngenerator_name: pot\n",
                )
            },
            "rdoc --dry-run src",
            Some(".rdoc_options"),
        ),
        // `-C` runs no generator, whatever `.rdoc_options` names.
        case(
            "rdoc-coverage-options-file",
            |p| {
                p.write(
                    "repo/.rdoc_options",
                    "--- !ruby/object:RDoc::Options\ngenerator_name: pot\n",
                )
            },
            "rdoc -C src",
            None,
        ),
        Case {
            env: &[("RDOCOPT", "--write-options")],
            ..case("rdoc-rdocopt", |_| {}, "rdoc -C src", Some("RDOCOPT"))
        },
        case(
            "makeinfo-plaintext-plain",
            |_| {},
            "makeinfo --plaintext doc.texi",
            None,
        ),
        case(
            "makeinfo-plaintext-config-here",
            |p| p.write("repo/texi2any-config.pm", "system('touch x');\n"),
            "makeinfo --plaintext doc.texi",
            Some("texi2any-config.pm"),
        ),
        case(
            "makeinfo-plaintext-config-home",
            |p| p.write("home/.texi2any/Config", "system('touch x');\n"),
            "makeinfo --plaintext doc.texi",
            Some(".texi2any/Config"),
        ),
        case(
            "command-v-plain",
            |_| {},
            "go version -m $(command -v go)",
            None,
        ),
        Case {
            env: &[("PATH", "-x:/usr/bin:/bin")],
            ..case(
                "command-v-path-dash",
                |_| {},
                "go version -m $(command -v go)",
                Some("only known at run time"),
            )
        },
        Case {
            env: &[("PATH", "bin:/usr/bin:/bin")],
            ..case(
                "command-v-path-relative",
                |_| {},
                "go version -m $(command -v go)",
                Some("only known at run time"),
            )
        },
    ]);
}

/// `ls DIR | xargs -I{} sh -c 'CODE'`: the names `ls` prints are read from the directory, and
/// when every one is of plain characters, each line is one plain word in CODE, judged as a
/// variable of that value. A name that is not plain (a file named `$(touch x)`), an option that
/// changes what `ls` prints or how xargs splits, `QUOTING_STYLE`, or quotes around the replace
/// string in CODE leave it unknown.
#[test]
fn xargs_shell_code_over_a_listing_of_plain_names() {
    fn config(p: &Planted) {
        p.write("repo/config/app.toml", "a = 1\n");
        p.write("repo/config/db.yml", "x: 1\n");
    }
    fn odd(p: &Planted) {
        config(p);
        p.write("repo/config/$(touch x)", "");
    }
    fn modules(p: &Planted) {
        p.write("repo/src/app/cli.py", "print(1)\n");
        p.write("repo/src/app/util.py", "x = 1\n");
    }
    const ECHO_WC: &str = "ls config | xargs -I{} sh -c 'echo {}; wc -l < config/{}'";
    run(&[
        case("xargs-ls-plain", config, ECHO_WC, None),
        case(
            "xargs-ls-plain-i",
            config,
            "ls -A config | xargs -i bash -c 'grep -c x config/{} || true'",
            None,
        ),
        case(
            "xargs-ls-plain-writes",
            config,
            "ls config | xargs -I{} sh -c 'rm config/{}'",
            Some("rm"),
        ),
        case(
            "xargs-ls-odd-name",
            odd,
            ECHO_WC,
            Some("only known at run time"),
        ),
        case(
            "xargs-ls-redirect-item",
            config,
            "ls config | xargs -I{} sh -c 'wc -l < {}'",
            Some("redirection"),
        ),
        case(
            "xargs-ls-null",
            config,
            "ls config | xargs -0 -I{} sh -c 'echo {}'",
            Some("only known at run time"),
        ),
        case(
            "xargs-ls-long",
            config,
            "ls -l config | xargs -I{} sh -c 'echo {}'",
            Some("only known at run time"),
        ),
        case(
            "xargs-ls-quoted",
            config,
            "ls config | xargs -I{} sh -c \"echo '{}'\"",
            Some("only known at run time"),
        ),
        case(
            "xargs-ls-missing",
            config,
            "ls nosuch | xargs -I{} sh -c 'echo {}'",
            Some("only known at run time"),
        ),
        // A glob operand: the names it gives, and what a directory among them holds.
        case(
            "xargs-ls-glob",
            modules,
            "ls src/app/*.py | xargs -I{} sh -c 'echo \"--- {}\"; head -3 {}'",
            None,
        ),
        case(
            "xargs-ls-glob-directory",
            modules,
            "ls src/* | xargs -I{} sh -c 'echo {}'",
            None,
        ),
        case(
            "xargs-ls-glob-odd-name",
            |p| {
                modules(p);
                p.write("repo/src/app/x$(touch y).py", "");
            },
            "ls src/app/*.py | xargs -I{} sh -c 'echo \"--- {}\"; head -3 {}'",
            Some("only known at run time"),
        ),
        case(
            "xargs-ls-glob-writes",
            modules,
            "ls src/app/*.py | xargs -I{} sh -c 'rm {}'",
            Some("rm"),
        ),
        Case {
            env: &[("QUOTING_STYLE", "shell-always")],
            ..case(
                "xargs-ls-quoting-style",
                config,
                "ls config | xargs -I{} sh -c 'echo {}'",
                Some("only known at run time"),
            )
        },
    ]);
}

/// A command name the context resolves to a function the command defines (`${VISUAL:-f}` with
/// VISUAL unset runs `f`): its body counts, though the name is not written as a word of its own.
#[test]
fn functions_run_through_a_command_word_from_the_environment() {
    run(&[
        case(
            "function-by-default-word",
            |_| {},
            "f() { touch ran; }; ${VISUAL:-f} README.md",
            Some("touch"),
        ),
        case(
            "function-by-default-word-args",
            |_| {},
            "f() { touch ran; }; ${VISUAL:-f} \"$x\"",
            Some("touch"),
        ),
        case(
            "function-defined-only",
            |_| {},
            "f() { touch ran; }; echo defined",
            None,
        ),
    ]);
}

/// `cd DIR && …`: what follows runs only where the `cd` took the command, so its programs are
/// read there alone (not in the directory before too). Not after `;` (a failed `cd` leaves the
/// command where it was), with `CDPATH`, or past a later `cd` in the chain.
#[test]
fn programs_after_cd_and_run_only_there() {
    fn app(p: &Planted) {
        p.write("repo/src/app/__init__.py", "");
        p.write("repo/src/app/util.py", "def div(a, b):\n    return a / b\n");
        p.write("repo/src/bad.py", "open('ran', 'w')\n");
    }
    const IMPORT: &str = "python3 -B -c 'from app.util import div; print(div(6, 3))'";
    run(&[
        case(
            "cd-and-import",
            app,
            "cd src && python3 -B -c 'from app.util import div; print(div(6, 3))'",
            None,
        ),
        case(
            "cd-and-chain-import",
            app,
            "cd src && test -d app && python3 -B -c 'from app.util import div; print(div(6, 3))'",
            None,
        ),
        case(
            "import-in-repo",
            app,
            IMPORT,
            Some("neither a standard module"),
        ),
        case(
            "cd-then-import",
            app,
            "cd src; python3 -B -c 'from app.util import div; print(div(6, 3))'",
            Some("neither a standard module"),
        ),
        case(
            "cd-and-cd-import",
            app,
            "cd src && cd .. && python3 -B -c 'from app.util import div; print(div(6, 3))'",
            Some("neither a standard module"),
        ),
        case(
            "cd-and-import-writes",
            app,
            "cd src && python3 -B -c 'import bad'",
            Some("bad"),
        ),
        Case {
            env: &[("CDPATH", "/tmp")],
            ..case(
                "cd-cdpath-import",
                app,
                "cd src && python3 -B -c 'from app.util import div; print(div(6, 3))'",
                Some("neither a standard module"),
            )
        },
    ]);
}

/// A script run by its path with a plain shell `#!` line is that shell run on the file, judged
/// as `bash FILE ARGS` is (its text read). Not when it is not executable, names another
/// interpreter or gives the shell options.
#[test]
fn shell_scripts_run_by_their_path() {
    fn scripts(p: &Planted) {
        p.write(
            "repo/scripts/deploy.sh",
            "#!/usr/bin/env bash\nset -euo pipefail\nenv_name=${1:-staging}\necho \"deploying to $env_name\"\n",
        );
        p.write("repo/scripts/lint.sh", "#!/bin/sh\necho lint\n");
        p.write("repo/scripts/clean.sh", "#!/bin/sh\ntouch stamp\n");
        p.write("repo/scripts/plain.sh", "#!/bin/sh\necho plain\n");
        p.write("repo/scripts/x.py", "#!/usr/bin/env python3\nprint(1)\n");
        p.write("repo/scripts/opts.sh", "#!/bin/bash -x\necho x\n");
        p.sh("cd repo/scripts && chmod +x deploy.sh lint.sh clean.sh x.py opts.sh");
    }
    run(&[
        case(
            "script-env-bash",
            scripts,
            "./scripts/deploy.sh prod 2>&1",
            None,
        ),
        case("script-bin-sh", scripts, "cd scripts && ./lint.sh", None),
        case(
            "script-writes",
            scripts,
            "./scripts/clean.sh",
            Some("touch"),
        ),
        case(
            "script-not-executable",
            scripts,
            "./scripts/plain.sh",
            Some("not a system program"),
        ),
        case(
            "script-python",
            scripts,
            "./scripts/x.py",
            Some("not a system program"),
        ),
        case(
            "script-shell-options",
            scripts,
            "./scripts/opts.sh",
            Some("not a system program"),
        ),
    ]);
}

/// A directory of the repository that is a symbolic link into another repository: git, run there
/// (`cd link && git diff`, `git -C link diff`), walks up from the link's target and reads the
/// other repository's configuration, whose core.fsmonitor runs a program.
#[test]
fn symbolic_link_into_another_repository() {
    fn linked(p: &Planted) {
        p.sh("git init -q other && mkdir -p other/sub && ln -s ../other/sub repo/link && mkdir -p repo/plain");
        let hook = p.program("other/.git/fsm");
        p.sh(&format!("git -C other config core.fsmonitor {hook}"));
    }
    run(&[
        case(
            "cd-link",
            linked,
            "cd link && git diff",
            Some("core.fsmonitor"),
        ),
        case(
            "git-C-link",
            linked,
            "git -C link diff",
            Some("core.fsmonitor"),
        ),
        case("cd-plain", linked, "cd plain && git diff", None),
    ]);
}

/// `cd sub` with CDPATH in the environment: bash looks `sub` up in CDPATH's directories before
/// the one the command is in, so what follows may run in another repository (here one whose
/// core.fsmonitor runs a program on `git diff`). Not for a target that starts with `./`, `../`
/// or `/`, which bash never looks up there.
#[test]
fn cdpath_may_take_cd_elsewhere() {
    fn elsewhere(p: &Planted) {
        p.sh("git init -q other && mkdir -p other/sub repo/sub");
        let hook = p.program("other/.git/fsm");
        p.sh(&format!("git -C other config core.fsmonitor {hook}"));
    }
    run(&[
        case("cd-sub", elsewhere, "cd sub && git diff", None),
        Case {
            env: &[("CDPATH", "$ROOT/other")],
            ..case(
                "cdpath-absolute",
                elsewhere,
                "cd sub && git diff",
                Some("core.fsmonitor"),
            )
        },
        Case {
            env: &[("CDPATH", ":../other")],
            ..case(
                "cdpath-relative",
                elsewhere,
                "cd sub; git diff",
                Some("core.fsmonitor"),
            )
        },
        Case {
            env: &[("CDPATH", "$ROOT/other")],
            ..case("cdpath-dot-slash", elsewhere, "cd ./sub && git diff", None)
        },
        Case {
            env: &[("CDPATH", "$ROOT/other")],
            ..case(
                "cdpath-pushd",
                elsewhere,
                "pushd sub >/dev/null && git diff",
                Some("core.fsmonitor"),
            )
        },
    ]);
}

/// `find DIR … | xargs PROGRAM`: every path find prints starts with DIR, and when every name
/// under DIR is of plain characters (read here) each line is one word, so none is an option
/// (`file -C` compiles a magic file); the same lines read whole by `while read -r f`. A name
/// with a blank (xargs splits it: `scripts/a -C`), an action or a followed link, or a writing
/// program leave it as before.
#[test]
fn xargs_and_read_over_the_paths_find_prints() {
    fn scripts(p: &Planted) {
        p.write("repo/scripts/lint.sh", "echo lint\n");
        p.write("repo/scripts/sub/build.sh", "echo build\n");
    }
    fn blank(p: &Planted) {
        scripts(p);
        p.write("repo/scripts/a -C", "");
    }
    fn newline(p: &Planted) {
        scripts(p);
        p.write("repo/scripts/a\n-i", "");
    }
    const FILE: &str = "find scripts -type f | xargs file";
    const READ: &str =
        "find scripts -name '*.sh' | while IFS= read -r f; do sed -n 1p \"$f\"; done";
    run(&[
        case("find-xargs-plain", scripts, FILE, None),
        case(
            "find-xargs-plain-n1",
            scripts,
            "find scripts sub* -maxdepth 2 -type f -name '*.sh' -print | xargs -n1 file",
            Some("only known at run time"),
        ),
        case("find-read-plain", scripts, READ, None),
        case(
            "find-xargs-blank",
            blank,
            FILE,
            Some("only known at run time"),
        ),
        case(
            "find-read-newline",
            newline,
            READ,
            Some("only known at run time"),
        ),
        case(
            "find-xargs-writes",
            scripts,
            "find scripts -type f | xargs sed -i 1d",
            Some("sed"),
        ),
        case(
            "find-xargs-follows",
            scripts,
            "find -L scripts -type f | xargs file",
            Some("only known at run time"),
        ),
        case(
            "find-xargs-printf",
            scripts,
            "find scripts -type f -printf '%f\\n' | xargs file",
            Some("only known at run time"),
        ),
        case(
            "find-xargs-missing",
            scripts,
            "find nosuch -type f | xargs file",
            Some("only known at run time"),
        ),
    ]);
}

/// `file *`: a glob argument starting with `*` or `?` is no option when no name it can give
/// here starts with `-` (dot files and other cases counted); a file named `-C` (file compiles
/// a magic file with it) leaves it unknown, and what the program does with the names is judged
/// as before.
#[test]
fn glob_arguments_without_option_names() {
    fn plain(p: &Planted) {
        p.write("repo/a.txt", "a\n");
    }
    fn dashed(p: &Planted) {
        p.write("repo/-C", "");
    }
    run(&[
        case("glob-arg-plain", plain, "file * | grep -v directory", None),
        case("glob-arg-suffix", plain, "file -b ?.txt *.md", None),
        case(
            "glob-arg-dashed",
            dashed,
            "file * | grep -v directory",
            Some("could be an option"),
        ),
        case("glob-arg-writes", plain, "sed -i 1d *.txt", Some("sed")),
        case(
            "glob-arg-sort-output",
            plain,
            "sort -o * a.txt",
            Some("sort"),
        ),
    ]);
}

/// A directory given to `cd`, `pushd`, `env -C` or `git -C`/`--git-dir` in a word of its own is
/// bash's to expand first: a glob (`cd ../oth*`) names a directory only bash's matching knows,
/// and a tilde prefix is `~`/`~/…` from HOME, `~USER` from /etc/passwd, `~+`/`~-` bash's working
/// directories (not followed here). Each was read as a literal relative path, so another
/// repository's textconv program ran under a read-only verdict; `GIT_DIR=~/.git` too (bash
/// expands a tilde in an assignment).
#[test]
fn tilde_and_glob_directories_are_expanded_as_bash_does() {
    fn textconv(p: &Planted, dir: &str) {
        let program = p.program(&format!("{dir}.textconv"));
        p.sh(&format!(
            "git init -q {dir} && cd {dir} && echo a > f.txt && echo '*.txt diff=x' > .gitattributes && \
             mkdir -p .git/info && echo '*.txt diff=x' > .git/info/attributes && git add -A && \
             git -c user.name=t -c user.email=t@t commit -qm one && echo b >> f.txt && \
             git -c user.name=t -c user.email=t@t commit -qam two && \
             git config diff.x.textconv {program}"
        ));
    }
    fn other(p: &Planted) {
        textconv(p, "other");
    }
    fn home(p: &Planted) {
        textconv(p, "home");
    }
    fn plain_home(p: &Planted) {
        p.sh("git init -q home");
    }
    run(&[
        case(
            "cd-glob",
            other,
            "cd ../oth* && git log -p",
            Some("only known at run time"),
        ),
        case(
            "pushd-glob",
            other,
            "pushd ../othe[r] && git log -p",
            Some("only known at run time"),
        ),
        case(
            "cd-pwd-tilde",
            other,
            "cd ~+/../other && git log -p",
            Some("only known at run time"),
        ),
        case(
            "cd-oldpwd-tilde",
            other,
            "cd ~- && git log -p",
            Some("only known at run time"),
        ),
        case("cd-home", home, "cd ~ && git log -p", Some("textconv")),
        case(
            "cd-home-slash",
            home,
            "cd ~/ && git log -p",
            Some("textconv"),
        ),
        case(
            "git-C-glob",
            other,
            "git -C ../oth* log -p",
            Some("only known at run time"),
        ),
        case("git-C-home", home, "git -C ~/ log -p", Some("textconv")),
        case("git-C-home-plain", plain_home, "git -C ~ log -p", None),
        case(
            "git-C-other",
            other,
            "git -C ../other log -p",
            Some("textconv"),
        ),
        case(
            "env-C-glob",
            other,
            "env -C ../oth* git log -p",
            Some("only known at run time"),
        ),
        case(
            "git-dir-home",
            home,
            "git --git-dir ~/.git log -p",
            Some("textconv"),
        ),
        case(
            "git-dir-assigned-home",
            home,
            "GIT_DIR=~/.git git log -p",
            Some("GIT_DIR"),
        ),
        case(
            "env-git-dir-home",
            home,
            "env GIT_DIR=~/.git git log -p",
            Some("GIT_DIR"),
        ),
        // Written in the option's word, a `~` is not bash's: `./~/x`, as git and env take it.
        case(
            "git-dir-attached",
            home,
            "git --git-dir=~/.git log -p",
            None,
        ),
    ]);
}
