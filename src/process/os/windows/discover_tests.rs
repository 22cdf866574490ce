use std::collections::{HashMap, HashSet};

use pretty_assertions::assert_eq;

use super::*;

/// A fake machine: environment variables and the files that exist (compared case-insensitively,
/// as NTFS does).
#[derive(Default)]
struct Fake {
    vars: HashMap<String, String>,
    files: HashSet<String>,
}

impl Fake {
    fn var(mut self, k: &str, v: &str) -> Fake {
        self.vars.insert(k.into(), v.into());
        self
    }
    fn file(mut self, path: &str) -> Fake {
        self.files.insert(path.to_ascii_lowercase());
        self
    }
    /// A machine as Windows sets one up: Program Files, the user's folders, System32 on PATH.
    fn windows() -> Fake {
        Fake::default()
            .var("ProgramW6432", "C:\\Program Files")
            .var("ProgramFiles", "C:\\Program Files")
            .var("ProgramFiles(x86)", "C:\\Program Files (x86)")
            .var("LOCALAPPDATA", "C:\\Users\\me\\AppData\\Local")
            .var("USERPROFILE", "C:\\Users\\me")
            .var("SystemRoot", "C:\\WINDOWS")
            .var("PATH", "C:\\WINDOWS\\system32;C:\\WINDOWS;C:\\Users\\me\\AppData\\Local\\Microsoft\\WindowsApps")
    }
}

impl Host for Fake {
    fn var(&self, key: &str) -> Option<String> {
        self.vars.get(key).cloned()
    }
    fn is_file(&self, path: &str) -> bool {
        self.files.contains(&path.to_ascii_lowercase())
    }
}

const PF_BASH: &str = "C:\\Program Files\\Git\\bin\\bash.exe";
const WSL: &str = "C:\\WINDOWS\\system32\\bash.exe";
const WSL_APPS: &str = "C:\\Users\\me\\AppData\\Local\\Microsoft\\WindowsApps\\bash.exe";

fn found(path: &str, via: &'static str) -> Result<Found, NotFound> {
    Ok(Found {
        path: path.into(),
        via,
    })
}

#[test]
fn the_order_of_the_issue() {
    let all = Fake::windows()
        .var("AGENT_SHELL_BASH", "D:\\tools\\bash.exe")
        .var("CLAUDE_CODE_GIT_BASH_PATH", "E:\\Git\\bin\\bash.exe")
        .var(
            "PATH",
            "D:\\PortableGit\\cmd;C:\\msys64\\usr\\bin;C:\\WINDOWS\\system32",
        )
        .file("D:\\custom\\bash.exe")
        .file("D:\\tools\\bash.exe")
        .file("E:\\Git\\bin\\bash.exe")
        .file("D:\\PortableGit\\cmd\\git.exe")
        .file("D:\\PortableGit\\bin\\bash.exe")
        .file(PF_BASH)
        .file("C:\\msys64\\usr\\bin\\bash.exe")
        .file(WSL);
    // Each step taken away in turn uncovers the next one.
    assert_eq!(
        find_bash(Some("D:\\custom\\bash.exe"), &all),
        found("D:\\custom\\bash.exe", "shell")
    );
    assert_eq!(
        find_bash(None, &all),
        found("D:\\tools\\bash.exe", "AGENT_SHELL_BASH")
    );
    let mut m = all;
    m.vars.remove("AGENT_SHELL_BASH");
    assert_eq!(
        find_bash(Some("bash"), &m),
        found("E:\\Git\\bin\\bash.exe", "CLAUDE_CODE_GIT_BASH_PATH")
    );
    m.vars.remove("CLAUDE_CODE_GIT_BASH_PATH");
    assert_eq!(
        find_bash(None, &m),
        found("D:\\PortableGit\\bin\\bash.exe", "git.exe on PATH")
    );
    m.files.remove("d:\\portablegit\\cmd\\git.exe");
    assert_eq!(
        find_bash(None, &m),
        found(PF_BASH, "a standard install root")
    );
    m.files.remove(&PF_BASH.to_ascii_lowercase());
    assert_eq!(
        find_bash(None, &m),
        found("C:\\msys64\\usr\\bin\\bash.exe", "bash.exe on PATH")
    );
}

#[test]
fn git_on_path_finds_either_bash_of_its_root() {
    for (dir, root) in [
        ("C:\\Program Files\\Git\\cmd", "C:\\Program Files\\Git"),
        ("C:\\Program Files\\Git\\bin\\", "C:\\Program Files\\Git"),
        (
            "C:\\Program Files\\Git\\mingw64\\bin",
            "C:\\Program Files\\Git",
        ),
        ("D:\\Git\\usr\\bin", "D:\\Git"),
        ("D:\\odd", "D:\\odd"),
    ] {
        assert_eq!(git_root(dir), root, "{dir}");
    }
    let only_usr = Fake::windows()
        .var("PATH", "D:\\Git\\cmd")
        .file("D:\\Git\\cmd\\git.exe")
        .file("D:\\Git\\usr\\bin\\bash.exe");
    assert_eq!(
        find_bash(None, &only_usr),
        found("D:\\Git\\usr\\bin\\bash.exe", "git.exe on PATH")
    );
}

#[test]
fn the_standard_roots_in_order() {
    let m = Fake::windows().var("SCOOP", "D:\\scoop");
    assert_eq!(
        install_roots(&m),
        [
            "C:\\Program Files\\Git",
            "C:\\Program Files (x86)\\Git",
            "C:\\Users\\me\\AppData\\Local\\Programs\\Git",
            "D:\\scoop\\apps\\git\\current",
        ]
    );
    let user = Fake::windows().file("C:\\Users\\me\\AppData\\Local\\Programs\\Git\\bin\\bash.exe");
    assert_eq!(
        find_bash(None, &user),
        found(
            "C:\\Users\\me\\AppData\\Local\\Programs\\Git\\bin\\bash.exe",
            "a standard install root"
        )
    );
    let scoop =
        Fake::windows().file("C:\\Users\\me\\scoop\\apps\\git\\current\\usr\\bin\\bash.exe");
    assert_eq!(
        find_bash(None, &scoop),
        found(
            "C:\\Users\\me\\scoop\\apps\\git\\current\\usr\\bin\\bash.exe",
            "a standard install root"
        )
    );
}

#[test]
fn the_wsl_launchers_are_never_taken() {
    let m = Fake::windows().file(WSL).file(WSL_APPS);
    let Err(NotFound::Nowhere { tried }) = find_bash(None, &m) else {
        panic!("a WSL launcher was taken");
    };
    assert!(
        tried
            .iter()
            .any(|t| t.starts_with(WSL) && t.contains("WSL")),
        "{tried:?}"
    );
    assert!(is_wsl_launcher("c:\\windows\\SYSTEM32\\bash.exe", &m));
    assert!(is_wsl_launcher(WSL_APPS, &m));
    assert!(is_wsl_launcher("C:\\Windows\\Sysnative\\bash.exe", &m));
    assert!(!is_wsl_launcher(PF_BASH, &m));
}

#[test]
fn nothing_found_names_every_place_and_how_to_fix_it() {
    let err = find_bash(None, &Fake::windows()).unwrap_err();
    let NotFound::Nowhere { tried } = &err else {
        panic!("{err:?}")
    };
    assert_eq!(
        tried,
        &[
            "AGENT_SHELL_BASH (not set)",
            "CLAUDE_CODE_GIT_BASH_PATH (not set)",
            "git.exe on PATH (none)",
            "C:\\Program Files\\Git\\bin\\bash.exe",
            "C:\\Program Files\\Git\\usr\\bin\\bash.exe",
            "C:\\Program Files (x86)\\Git\\bin\\bash.exe",
            "C:\\Program Files (x86)\\Git\\usr\\bin\\bash.exe",
            "C:\\Users\\me\\AppData\\Local\\Programs\\Git\\bin\\bash.exe",
            "C:\\Users\\me\\AppData\\Local\\Programs\\Git\\usr\\bin\\bash.exe",
            "C:\\Users\\me\\scoop\\apps\\git\\current\\bin\\bash.exe",
            "C:\\Users\\me\\scoop\\apps\\git\\current\\usr\\bin\\bash.exe",
            "bash.exe on PATH (none)",
        ]
    );
    let text = err.to_string();
    for needle in [
        "Git for Windows",
        "`shell` option",
        "AGENT_SHELL_BASH",
        "winget install Git.Git",
    ] {
        assert!(text.contains(needle), "{needle} missing from {text}");
    }
}

#[test]
fn an_explicit_choice_that_points_at_nothing_is_an_error_not_a_fall_back() {
    let m = Fake::windows().file(PF_BASH);
    assert_eq!(
        find_bash(Some("D:\\gone\\bash.exe"), &m),
        Err(NotFound::Pointed {
            by: "shell",
            path: "D:\\gone\\bash.exe".into()
        })
    );
    let v = Fake::windows()
        .file(PF_BASH)
        .var("CLAUDE_CODE_GIT_BASH_PATH", "D:\\gone.exe");
    assert_eq!(
        find_bash(None, &v),
        Err(NotFound::Pointed {
            by: "CLAUDE_CODE_GIT_BASH_PATH",
            path: "D:\\gone.exe".into()
        })
    );
    // An empty variable counts as unset.
    let empty = Fake::windows().file(PF_BASH).var("AGENT_SHELL_BASH", "");
    assert_eq!(
        find_bash(None, &empty),
        found(PF_BASH, "a standard install root")
    );
}

#[test]
fn another_shell_by_name_is_looked_up_on_path() {
    let m = Fake::windows()
        .var("PATH", "C:\\WINDOWS\\system32;D:\\bb")
        .file("D:\\bb\\sh.exe")
        .file(PF_BASH);
    assert_eq!(find_bash(Some("sh"), &m), found("D:\\bb\\sh.exe", "shell"));
    assert_eq!(
        find_bash(Some("BASH.EXE"), &m),
        found(PF_BASH, "a standard install root")
    );
    assert!(matches!(
        find_bash(Some("zsh"), &m),
        Err(NotFound::Nowhere { .. })
    ));
    // A forward-slash path is a path too.
    let fwd = Fake::windows().file("D:/Git/bin/bash.exe");
    assert_eq!(
        find_bash(Some("D:/Git/bin/bash.exe"), &fwd),
        found("D:/Git/bin/bash.exe", "shell")
    );
}

#[test]
fn sh_not_on_path_is_git_bashs_own() {
    let git = Fake::windows()
        .file(PF_BASH)
        .file("C:\\Program Files\\Git\\bin\\sh.exe");
    assert_eq!(
        find_bash(Some("sh"), &git),
        found(
            "C:\\Program Files\\Git\\bin\\sh.exe",
            "a standard install root"
        )
    );
    // No sh.exe beside it: the bash itself.
    let bare = Fake::windows().file(PF_BASH);
    assert_eq!(
        find_bash(Some("sh.exe"), &bare),
        found(PF_BASH, "a standard install root")
    );
    // Nothing anywhere: every place tried is said, PATH's `sh` first.
    match find_bash(Some("sh"), &Fake::windows()) {
        Err(NotFound::Nowhere { tried }) => {
            assert_eq!(tried[0], "shell \"sh\" on PATH");
            assert!(tried.len() > 3, "{tried:?}");
        }
        other => panic!("{other:?}"),
    }
}
