//! Captures of fake HOMEs (never the machine's own startup files), bash always; zsh's are ignored
//! by a plain `cargo test` and run by scripts/tool-tests.mjs (in `npm test`) where zsh is
//! installed. They run shells: Linux's and macOS's.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use pretty_assertions::assert_eq;

use super::*;

/// A fake HOME with the given startup files, removed when dropped.
struct Home(PathBuf);

impl Home {
    fn new(files: &[(&str, &str)]) -> Home {
        let dir = std::env::temp_dir().join(format!(
            "agsh-snap-home-{}-{:x}",
            std::process::id(),
            u64::from_ne_bytes(fd::random_bytes().unwrap())
        ));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            let path = dir.join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        Home(dir)
    }

    fn env(&self, shell: &str) -> Vec<(String, String)> {
        vec![
            ("HOME".into(), self.0.to_string_lossy().into_owned()),
            ("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into()),
            ("SHELL".into(), shell.into()),
            ("PAGER".into(), "cat".into()),
            ("LANG".into(), "C.UTF-8".into()),
        ]
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn request(home: &Home, shell: &str) -> SnapshotRequest {
    SnapshotRequest {
        shell: Some(shell.into()),
        login: Some(false),
        env: Some(home.env(shell)),
        ..Default::default()
    }
}

/// The zsh the zsh tests run (`#[ignore]`d: scripts/tool-tests.mjs runs them where zsh is installed).
fn zsh() -> String {
    crate::process::os::find_program("zsh")
        .expect("zsh is not installed here (Debian: apt-get install zsh)")
}

/// Runs `command` in a plain bash that sourced `snapshot`, with `env`; its stdout.
fn in_bash(snapshot: &Path, env: &[(&str, &str)], command: &str) -> String {
    let out = std::process::Command::new("bash")
        .args(["--noprofile", "--norc", "-c"])
        .arg(format!(
            "source {} >/dev/null 2>&1; {command}",
            crate::shell::framing::quote(&snapshot.to_string_lossy())
        ))
        .env_clear()
        .envs(env.iter().copied())
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const DEBIAN_BASHRC: &str = r#"# ~/.bashrc: executed by bash(1) for non-login shells.
# If not running interactively, don't do anything
case $- in
    *i*) ;;
      *) return;;
esac
HISTCONTROL=ignoreboth
shopt -s histappend
HISTSIZE=1000
PS1='${debian_chroot:+($debian_chroot)}\u@\h:\w\$ '
alias ls='ls --color=auto'
alias grep='grep --color=auto'
alias ll='ls -alF'
alias -- -='cd -'
mkcd() { mkdir -p "$1" && cd "$1"; }
shopt -s globstar
export PATH="$HOME/.local/bin:$PATH"
export EDITOR=vim
export PAGER=less
export GITHUB_TOKEN=ghp_notreallyasecret
export MY_TOOL_HOME=/opt/my-tool
echo "hello from .bashrc"
"#;

#[tokio::test]
async fn a_stock_debian_bashrc_behind_its_interactive_guard() {
    let home = Home::new(&[(".bashrc", DEBIAN_BASHRC)]);
    let info = capture(request(&home, "bash")).await;
    assert_eq!(info.status, Status::Ok, "{info:?}");
    let path = info.path.clone().unwrap();
    assert_eq!(info.counts.aliases, 2, "{info:?}"); // ll and -
    assert_eq!(info.counts.functions, 1, "{info:?}");
    let dropped: Vec<(&str, &str)> = info
        .dropped
        .iter()
        .map(|d| (d.name.as_str(), d.reason.as_str()))
        .collect();
    for name in ["ls", "grep", "GITHUB_TOKEN", "EDITOR", "PAGER"] {
        assert!(
            dropped.iter().any(|(n, _)| *n == name),
            "{name}: {dropped:?}"
        );
    }
    let text = std::fs::read(&path).unwrap();
    assert!(memchr::memmem::find(&text, b"ghp_").is_none());
    let home_dir = home.0.to_string_lossy().into_owned();
    let out = in_bash(
        &path,
        &[("PATH", "/usr/bin:/bin"), ("HOME", &home_dir)],
        "type -t mkcd; alias ll; alias -- -; shopt -p globstar; echo \"$PATH\"; echo \"$MY_TOOL_HOME\"; echo \"${GITHUB_TOKEN-unset}\"",
    );
    assert_eq!(
        out,
        format!(
            "function\nalias ll='ls -alF'\nalias -- -='cd -'\nshopt -s globstar\n{home_dir}/.local/bin:/usr/bin:/bin\n/opt/my-tool\nunset\n"
        )
    );
    use std::os::unix::fs::PermissionsExt;
    assert_eq!(
        std::fs::metadata(&path).unwrap().permissions().mode() & 0o777,
        0o600
    );
    let dir = path.parent().unwrap();
    assert_eq!(
        std::fs::metadata(dir).unwrap().permissions().mode() & 0o777,
        0o700
    );
    assert!(!dir.starts_with(&home.0));
}

/// The pid a startup file wrote to `name` in the fake HOME is gone (killed and reaped).
fn gone(home: &Home, name: &str) -> bool {
    let pid: i32 = std::fs::read_to_string(home.0.join(name))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    // Killed and reaped, or killed and left a zombie to an init that does not reap (a container's).
    !fd::kill(pid, 0)
        || std::fs::read_to_string(format!("/proc/{pid}/stat")).is_ok_and(|stat| {
            stat.rsplit(") ")
                .next()
                .is_some_and(|rest| rest.starts_with('Z'))
        })
}

#[tokio::test]
async fn values_round_trip_byte_for_byte_and_path_is_merged() {
    let rc = r#"
export WEIRD=$'line one\nline two \'single\' "double" $HOME `tick` \\back\\slash\t!'
export RAW=$'\xff\xfe latin \xe9'
export EMPTY=
export PATH="$HOME/my tools/bin:$PATH:/opt/after dir/bin"
export PATH="$HOME/my tools/bin:$PATH"
"#;
    let home = Home::new(&[(".bashrc", rc)]);
    let info = capture(request(&home, "bash")).await;
    assert_eq!(info.status, Status::Ok, "{info:?}");
    let path = info.path.clone().unwrap();
    let home_dir = home.0.to_string_lossy().into_owned();
    // In a session with another PATH: the startup files' directories around it, each once.
    let out = std::process::Command::new("bash")
        .args(["--noprofile", "--norc", "-c"])
        .arg(format!(
            "source {} >/dev/null 2>&1; printf '%s\\0' \"$WEIRD\" \"$RAW\" \"${{EMPTY-unset}}\" \"$PATH\"",
            crate::shell::framing::quote(&path.to_string_lossy())
        ))
        .env_clear()
        .env("PATH", "/sbin:/usr/bin:/bin")
        .output()
        .unwrap();
    let fields: Vec<&[u8]> = out.stdout.split(|&b| b == 0).collect();
    assert_eq!(
        String::from_utf8_lossy(fields[0]),
        "line one\nline two 'single' \"double\" $HOME `tick` \\back\\slash\t!"
    );
    assert_eq!(fields[1], b"\xff\xfe latin \xe9");
    assert_eq!(fields[2], b"");
    assert_eq!(
        String::from_utf8_lossy(fields[3]),
        format!("{home_dir}/my tools/bin:/sbin:/usr/bin:/bin:/opt/after dir/bin")
    );
}

#[tokio::test]
async fn startup_files_that_read_touch_the_terminal_and_start_jobs() {
    let rc = r#"
case $- in *i*) ;; *) return;; esac
read -r first_line && export READ_GOT="$first_line"
stty -echo 2>/dev/null
tput cols
printf '\e[?1049h' > /dev/tty
exec 3</dev/tty
sleep 300 & echo $! > "$HOME/job.pid"
( setsid sleep 301 & echo $! > "$HOME/escapee.pid" )
[ "$AGENT_SHELL_SNAPSHOT" = 1 ] && export SAW_OPT_OUT_VARIABLE=yes
alias kept='echo kept'
"#;
    let home = Home::new(&[(".bashrc", rc)]);
    let started = std::time::Instant::now();
    let info = capture(request(&home, "bash")).await;
    assert_eq!(info.status, Status::Ok, "{info:?}");
    assert!(
        started.elapsed() < Duration::from_secs(4),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(info.counts.aliases, 1);
    let text = std::fs::read_to_string(info.path.unwrap()).unwrap();
    assert!(text.contains("SAW_OPT_OUT_VARIABLE='yes'"), "{text}");
    assert!(!text.contains("READ_GOT"), "{text}");
    assert!(gone(&home, "job.pid") && gone(&home, "escapee.pid"));
}

#[tokio::test]
async fn a_startup_file_that_sleeps_past_the_timeout() {
    let rc = "sleep 30 & echo $! > \"$HOME/job.pid\"; sleep 31\nalias never=true\n";
    let home = Home::new(&[(".bashrc", rc)]);
    let started = std::time::Instant::now();
    let info = capture(SnapshotRequest {
        timeout: Duration::from_millis(700),
        ..request(&home, "bash")
    })
    .await;
    assert_eq!(info.status, Status::Timeout, "{info:?}");
    assert!(info.path.is_none());
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(gone(&home, "job.pid"));
}

/// Waits (at most 5 s) until `name` exists in `home`.
async fn appears(home: &Home, name: &str) {
    for _ in 0..250 {
        if home.0.join(name).exists() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{name} never appeared");
}

/// The last caller to give up stops the capture: what the startup files started is ended
/// before the call returns, and the capture is not remembered (the next call captures anew).
#[tokio::test]
async fn a_capture_whose_only_caller_gives_up_stops() {
    let rc = "if [ ! -e \"$HOME/fast\" ]; then sleep 30 & echo $! > \"$HOME/job.pid\"; wait; fi\n\
              alias ll='ls -l'\n";
    let home = Home::new(&[(".bashrc", rc)]);
    let cancel = CancelToken::default();
    let started = std::time::Instant::now();
    let capture = tokio::spawn(capture(SnapshotRequest {
        timeout: Duration::from_secs(20),
        cancel: cancel.clone(),
        ..request(&home, "bash")
    }));
    appears(&home, "job.pid").await;
    cancel.cancel();
    let info = capture.await.unwrap();
    assert_eq!(info.status, Status::Cancelled, "{info:?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    assert!(
        gone(&home, "job.pid"),
        "the startup file's job outlived the capture"
    );
    std::fs::write(home.0.join("fast"), "").unwrap();
    let again = capture_now_of(&home).await;
    assert_eq!(
        (again.status, again.cached),
        (Status::Ok, false),
        "{again:?}"
    );
    assert_eq!(again.names, ["ll"]);
}

async fn capture_now_of(home: &Home) -> SnapshotInfo {
    capture(SnapshotRequest {
        timeout: Duration::from_secs(20),
        ..request(home, "bash")
    })
    .await
}

/// A caller that gives up does not cut a capture another caller still waits for.
#[tokio::test]
async fn a_shared_capture_runs_on_for_the_callers_left() {
    let rc = "echo $$ >> \"$HOME/shell.pid\"\n\
              while [ ! -e \"$HOME/go\" ]; do sleep 0.02; done\nalias ll='ls -l'\n";
    let home = std::sync::Arc::new(Home::new(&[(".bashrc", rc)]));
    let cancel = CancelToken::default();
    let leaving = tokio::spawn(capture(SnapshotRequest {
        timeout: Duration::from_secs(20),
        cancel: cancel.clone(),
        ..request(&home, "bash")
    }));
    appears(&home, "shell.pid").await;
    let staying = tokio::spawn({
        let home = home.clone();
        async move { capture_now_of(&home).await }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    cancel.cancel();
    let left = leaving.await.unwrap();
    assert_eq!(left.status, Status::Cancelled, "{left:?}");
    assert!(!staying.is_finished());
    std::fs::write(home.0.join("go"), "").unwrap();
    let stayed = staying.await.unwrap();
    assert_eq!(stayed.status, Status::Ok, "{stayed:?}");
    assert_eq!(stayed.names, ["ll"]);
    assert_eq!(
        std::fs::read_to_string(home.0.join("shell.pid"))
            .unwrap()
            .lines()
            .count(),
        1,
        "the capture ran twice"
    );
}

/// A script stopped by the deadline runs its EXIT trap, as when a terminal closes: pyenv's
/// `rehash` (run by `pyenv init -` from a .bashrc) holds a lock file it removes in one, and a lock
/// left behind makes every later shell of the user wait a minute for it. What ignores HUP and
/// TERM is killed after the grace.
#[tokio::test]
async fn a_script_stopped_by_the_deadline_releases_its_lock() {
    let rehash = "set -o noclobber\necho > \"$HOME/lock\"\ntrap 'rm -f \"$HOME/lock\"' EXIT\necho $$ > \"$HOME/rehash.pid\"\nsleep 30\n";
    let stubborn =
        "trap '' HUP TERM\necho $$ > \"$HOME/stubborn.pid\"\nwhile :; do sleep 0.05; done\n";
    let rc = "bash \"$HOME/stubborn.sh\" &\nbash \"$HOME/rehash.sh\"\n";
    let home = Home::new(&[
        (".bashrc", rc),
        ("rehash.sh", rehash),
        ("stubborn.sh", stubborn),
    ]);
    let started = std::time::Instant::now();
    let info = capture(SnapshotRequest {
        timeout: Duration::from_millis(700),
        ..request(&home, "bash")
    })
    .await;
    assert_eq!(info.status, Status::Timeout, "{info:?}");
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(home.0.join("rehash.pid").exists(), "the script never ran");
    assert!(!home.0.join("lock").exists(), "the lock was left behind");
    assert!(gone(&home, "rehash.pid") && gone(&home, "stubborn.pid"));
}

#[tokio::test]
async fn a_startup_file_that_execs_another_program_fails_and_is_remembered() {
    let rc = "echo run >> \"$HOME/runs\"\nexec cat\n";
    let home = Home::new(&[(".bashrc", rc)]);
    let info = capture(request(&home, "bash")).await;
    assert_eq!(info.status, Status::Failed, "{info:?}");
    assert!(info.reason.as_deref().unwrap().contains("exec"), "{info:?}");
    assert!(!info.cached);
    let again = capture(request(&home, "bash")).await;
    assert_eq!((again.status, again.cached), (Status::Failed, true));
    assert_eq!(
        std::fs::read_to_string(home.0.join("runs")).unwrap(),
        "run\n"
    );
}

#[tokio::test]
async fn concurrent_captures_share_one_and_a_touched_bashrc_is_captured_again() {
    let rc = "echo run >> \"$HOME/runs\"\nalias one='echo 1'\n";
    let home = Home::new(&[(".bashrc", rc)]);
    let (a, b) = tokio::join!(
        capture(request(&home, "bash")),
        capture(request(&home, "bash"))
    );
    assert_eq!(a.status, Status::Ok, "{a:?}");
    assert_eq!(a.path, b.path);
    assert_eq!(
        std::fs::read_to_string(home.0.join("runs")).unwrap(),
        "run\n"
    );
    let c = capture(request(&home, "bash")).await;
    assert!(c.cached && c.path == a.path);
    // Touched: same size, a later modification time.
    std::thread::sleep(Duration::from_millis(20));
    std::fs::write(home.0.join(".bashrc"), rc.replace("1'", "2'")).unwrap();
    let d = capture(request(&home, "bash")).await;
    assert!(!d.cached);
    assert_ne!(d.path, a.path);
    assert_eq!(
        std::fs::read_to_string(home.0.join("runs")).unwrap(),
        "run\nrun\n"
    );
    let refreshed = capture(SnapshotRequest {
        refresh: true,
        ..request(&home, "bash")
    })
    .await;
    assert!(!refreshed.cached);
    assert_eq!(refreshed.path, d.path); // the same text, the same file
}

#[tokio::test]
async fn names_of_builtins_core_tools_and_secrets_are_left_out_and_listed() {
    let rc = r#"
cd() { builtin cd "$@"; }
rm() { command rm -i "$@"; }
alias cat=bat
alias ls=eza
export AWS_SECRET_ACCESS_KEY=abc
export DB_URL='postgres://me:hunter2@db/x'
export OPENAI_KEY=x
export PLAIN=value
export SECRETLESS_NAME=ok
__mise_helper=/opt/mise/bin/mise
mise() { command "$__mise_helper" "$@"; }
command_not_found_handle() { echo nope; }
"#;
    let home = Home::new(&[(".bashrc", rc)]);
    let info = capture(SnapshotRequest {
        exclude: vec!["PLAIN".into()],
        redact: vec!["*LESS_NAME".into()],
        ..request(&home, "bash")
    })
    .await;
    assert_eq!(info.status, Status::Ok, "{info:?}");
    let mut dropped: Vec<(String, Kind)> = info
        .dropped
        .iter()
        .map(|d| (d.name.clone(), d.kind))
        .collect();
    dropped.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        dropped,
        [
            ("AWS_SECRET_ACCESS_KEY".to_string(), Kind::Env),
            ("DB_URL".into(), Kind::Env),
            ("OPENAI_KEY".into(), Kind::Env),
            ("PLAIN".into(), Kind::Env),
            ("SECRETLESS_NAME".into(), Kind::Env),
            ("cat".into(), Kind::Alias),
            ("cd".into(), Kind::Function),
            ("ls".into(), Kind::Alias),
            ("rm".into(), Kind::Function),
        ]
    );
    let text = std::fs::read_to_string(info.path.unwrap()).unwrap();
    for secret in ["abc", "hunter2", "OPENAI_KEY"] {
        assert!(!text.contains(secret), "{secret} in {text}");
    }
    assert!(
        text.contains("__mise_helper='/opt/mise/bin/mise'"),
        "{text}"
    );
    assert_eq!(info.names, ["mise"]);
}

/// A login shell reads the system's profile too (`/etc/profile.d/gawk.sh` defines functions where
/// gawk is installed): what the user's `.bash_profile` adds is measured against an empty HOME's.
#[tokio::test]
async fn a_login_shell_reads_the_profile() {
    let login = |home: &Home| SnapshotRequest {
        login: Some(true),
        ..request(home, "bash")
    };
    let bare = Home::new(&[]);
    let system = capture(login(&bare)).await;
    assert_eq!(system.status, Status::Ok, "{system:?}");
    let home = Home::new(&[(".bash_profile", "alias from_profile='echo p'\n")]);
    let info = capture(login(&home)).await;
    assert_eq!(info.status, Status::Ok, "{info:?}");
    let mut expected = system.names.clone();
    expected.push("from_profile".to_string());
    expected.sort();
    let mut names = info.names.clone();
    names.sort();
    assert_eq!(names, expected);
}

#[tokio::test]
async fn off_and_unsupported() {
    let home = Home::new(&[]);
    let mut env = home.env("bash");
    env.push((SNAPSHOT_ENV.into(), "0".into()));
    let info = capture(SnapshotRequest {
        env: Some(env),
        ..request(&home, "bash")
    })
    .await;
    assert_eq!(info.status, Status::Disabled);
    let info = capture(request(&home, "/usr/bin/fish")).await;
    assert_eq!(info.status, Status::Unsupported);
    assert!(info.reason.unwrap().contains("neither bash nor zsh"));
}

const ZSHRC: &str = r#"
alias ll='ls -la'
alias gs='git status'
alias -g G='| grep'
alias -s txt=cat
alias nd='noglob echo'
mkcd() { mkdir -p "$1" && cd "$1"; }
lines() { local -a x=(${(f)"$(cat $1)"}); print -l $x; }
greet() { echo "hi $1"; }
path=($HOME/zbin $path)
export ZSH_USER_VAR='z value'
setopt globdots
autoload -Uz compinit
"#;

#[tokio::test]
#[ignore = "needs zsh: run by scripts/tool-tests.mjs (npm test) where zsh is installed"]
async fn a_zsh_users_zshrc() {
    let zsh = zsh();
    // What this zsh defines before any ~/.zshrc (zsh's own `run-help` alias, say, which Debian's
    // /etc/zsh/zshrc removes and a zsh built elsewhere keeps): the user's names come on top.
    let bare = capture(request(&Home::new(&[(".zshrc", "")]), &zsh)).await;
    assert_eq!(bare.status, Status::Ok, "{bare:?}");
    let home = Home::new(&[(".zshrc", ZSHRC)]);
    let info = capture(request(&home, &zsh)).await;
    assert_eq!(info.status, Status::Ok, "{info:?}");
    let mut names: Vec<&str> = info
        .names
        .iter()
        .map(String::as_str)
        .filter(|n| !bare.names.iter().any(|b| b == n))
        .collect();
    names.sort();
    assert_eq!(names, ["greet", "gs", "ll", "mkcd"], "{info:?}");
    let dropped: Vec<&str> = info.dropped.iter().map(|d| d.name.as_str()).collect();
    for name in ["lines", "G", "txt", "nd"] {
        assert!(dropped.contains(&name), "{name}: {info:?}");
    }
    let home_dir = home.0.to_string_lossy().into_owned();
    let out = in_bash(
        info.path.as_ref().unwrap(),
        &[("PATH", "/usr/bin:/bin")],
        "greet there; shopt -p dotglob globstar; echo \"$PATH\"; echo \"$ZSH_USER_VAR\"",
    );
    assert_eq!(
        out,
        format!("hi there\nshopt -s dotglob\nshopt -s globstar\n{home_dir}/zbin:/usr/bin:/bin\nz value\n")
    );
}

/// A desktop client starts an MCP server in `/`: the filesystem's root is no project to keep the
/// snapshot out of.
#[tokio::test]
async fn a_capture_in_the_filesystem_root() {
    let home = Home::new(&[(".bashrc", "alias here=true\n")]);
    let info = capture(SnapshotRequest {
        cwd: Some(PathBuf::from("/")),
        ..request(&home, "bash")
    })
    .await;
    assert_eq!(
        (info.status, info.names),
        (Status::Ok, vec!["here".to_string()])
    );
}

/// What does not take in bash is dropped alone, and listed: a definition that does not parse
/// (here an extglob pattern with extglob off), a variable bash will not assign, an option it
/// lacks; the rest of the file still defines what it should.
#[tokio::test]
async fn the_check_drops_what_does_not_take_and_keeps_the_rest() {
    let dir = store::dir().unwrap();
    let plan = Plan {
        options: vec!["globstar".into(), "no_such_option".into()],
        vars: vec![
            Var::Exported("KEPT".into(), b"yes".to_vec()),
            Var::Shell("BASHOPTS".into(), b"readonly in bash".to_vec()),
        ],
        functions: vec![
            (
                "bad".into(),
                b"bad () { case $1 in @(a|b)) :;; esac; }".to_vec(),
            ),
            ("good".into(), b"good () { echo good; }".to_vec()),
        ],
        aliases: vec![
            ("ok".into(), b"echo ok".to_vec()),
            ("a b".into(), b"x".to_vec()),
        ],
        expand_aliases: true,
    };
    let target = Target {
        kind: ShellKind::Bash,
        program: "bash".into(),
        login: false,
        timeout: DEFAULT_TIMEOUT,
        cwd: PathBuf::from("/"),
        home: PathBuf::new(),
        env: Vec::new(),
        include: Include::default(),
        exclude: Vec::new(),
        redact: Vec::new(),
    };
    let mut dropped = Vec::new();
    let kept = checked(
        plan,
        &target,
        dir,
        "check-test",
        "/usr/bin:/bin",
        &mut dropped,
        &CancelToken::default(),
    )
    .await
    .unwrap();
    let mut names: Vec<(&str, Kind)> = dropped.iter().map(|d| (d.name.as_str(), d.kind)).collect();
    names.sort_by(|a, b| a.0.cmp(b.0));
    assert_eq!(
        names,
        [
            ("BASHOPTS", Kind::Env),
            ("a b", Kind::Alias),
            ("bad", Kind::Function),
            ("no_such_option", Kind::Option),
        ]
    );
    assert_eq!(kept.options, ["globstar"]);
    assert_eq!(kept.functions.len(), 1);
    assert_eq!(kept.aliases.len(), 1);
    assert_eq!(kept.vars, [Var::Exported("KEPT".into(), b"yes".to_vec())]);
}

#[test]
fn the_directory_must_be_a_private_directory_of_ours() {
    use std::os::unix::fs::PermissionsExt;
    let base = std::env::temp_dir().join(format!("agsh-snap-private-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    std::fs::create_dir_all(base.join("real")).unwrap();
    let real = base.join("real");
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o700)).unwrap();
    assert_eq!(store::check_private(&real), Ok(()));
    std::os::unix::fs::symlink(&real, base.join("link")).unwrap();
    assert!(store::check_private(&base.join("link"))
        .unwrap_err()
        .contains("not a directory"));
    std::fs::set_permissions(&real, std::fs::Permissions::from_mode(0o755)).unwrap();
    assert!(store::check_private(&real)
        .unwrap_err()
        .contains("open to other users"));
    let _ = std::fs::remove_dir_all(&base);
}

#[tokio::test]
async fn the_dump_goes_through_the_channels_fifo_and_its_names_through_its_file() {
    // As on Windows, where the FIFO is a named pipe: its place holds no other file, so the names
    // file is not derived from it. Here the two are in different directories.
    let fifos = Home::new(&[]);
    let home = Home::new(&[(
        ".bashrc",
        "alias ll='ls -l'\ngreet() { echo hi; }\nexport MY_TOOL_HOME=/opt/t\n",
    )]);
    let channel = run::Channel {
        fifo: fd::fifo_path_in(&fifos.0, "dump-test").unwrap(),
        names: home.0.join("names-test"),
    };
    let end = "END-test";
    let args = vec![
        "-i".to_string(),
        "-c".into(),
        script::capture_bash(&channel, end),
    ];
    let env = home.env("bash");
    let bash = crate::process::os::find_program("bash").unwrap();
    let program = run::Program {
        path: &bash,
        args: &args,
        env: &env,
        cwd: &home.0,
    };
    let trailer = format!("{end}\0");
    let outcome = run::run(
        &program,
        &channel,
        trailer.as_bytes(),
        Duration::from_secs(20),
        &CancelToken::default(),
    )
    .await
    .unwrap();
    let run::Outcome::Dumped(bytes) = outcome else {
        panic!("{outcome:?}")
    };
    let dump = dump::parse(&bytes, trailer.as_bytes()).expect("a whole dump");
    assert!(
        dump.aliases.iter().any(|(name, _)| name == "ll"),
        "{dump:?}"
    );
    assert!(dump.functions.iter().any(|f| f.name == "greet"), "{dump:?}");
    assert!(dump
        .exported
        .iter()
        .any(|(name, v)| name == "MY_TOOL_HOME" && v == b"/opt/t"));
    // Both are gone, and nothing was written beside the FIFO.
    assert_eq!(std::fs::read_dir(&fifos.0).unwrap().count(), 0);
    assert!(!channel.names.exists());
}
