use pretty_assertions::assert_eq;

use super::*;

const GIT: Option<&str> = Some("C:\\Program Files\\Git");

#[test]
fn windows_to_posix() {
    for (win, posix) in [
        ("C:\\repo", Some("/c/repo")),
        ("c:\\repo\\", Some("/c/repo/")),
        ("D:/work/x y/z", Some("/d/work/x y/z")),
        ("C:\\", Some("/c/")),
        ("C:", Some("/c/")),
        (
            "C:\\Program Files\\Git\\bin",
            Some("/c/Program Files/Git/bin"),
        ),
        ("\\\\server\\share\\dir", Some("//server/share/dir")),
        ("\\\\?\\C:\\very\\long", Some("/c/very/long")),
        ("\\\\?\\UNC\\server\\share", Some("//server/share")),
        ("/c/repo", Some("/c/repo")),
        ("/tmp/x", Some("/tmp/x")),
        ("relative\\dir", Some("relative/dir")),
        ("", Some("")),
        // Drive-relative: relative to a drive's current directory, which a shell cannot know.
        ("C:repo", None),
        ("\\\\.\\pipe\\agent-shell", None),
    ] {
        assert_eq!(to_posix(win).as_deref(), posix, "{win}");
    }
}

#[test]
fn posix_to_windows() {
    for (posix, win) in [
        ("/c/repo", "C:\\repo"),
        ("/c/repo/", "C:\\repo"),
        ("/c", "C:\\"),
        ("/c/", "C:\\"),
        ("/d/x y/z", "D:\\x y\\z"),
        ("/cygdrive/e/data", "E:\\data"),
        ("//server/share/dir", "\\\\server\\share\\dir"),
        ("/tmp", "C:\\Program Files\\Git\\tmp"),
        ("/usr/bin/", "C:\\Program Files\\Git\\usr\\bin"),
        ("/", "C:\\Program Files\\Git\\"),
        // A name longer than one letter is not a drive.
        ("/cd/x", "C:\\Program Files\\Git\\cd\\x"),
        ("C:\\already", "C:\\already"),
        ("relative/x", "relative/x"),
    ] {
        assert_eq!(to_windows(posix, GIT), win, "{posix}");
    }
    assert_eq!(to_windows("/tmp", None), "/tmp");
}

#[test]
fn round_trips() {
    for win in ["C:\\repo", "D:\\a b\\c", "\\\\srv\\share\\x", "C:\\"] {
        let posix = to_posix(win).unwrap();
        assert_eq!(to_windows(&posix, GIT), win, "{win} via {posix}");
    }
}

#[test]
fn cwd_accepts_both_spellings() {
    for (cwd, win) in [
        ("C:\\repo", Some("C:\\repo")),
        ("C:/repo", Some("C:\\repo")),
        ("/c/repo", Some("C:\\repo")),
        ("/tmp", Some("C:\\Program Files\\Git\\tmp")),
        ("//srv/share", Some("\\\\srv\\share")),
        ("\\\\srv\\share", Some("\\\\srv\\share")),
        ("C:", Some("C:\\")),
        ("C:repo", None),
    ] {
        assert_eq!(cwd_to_windows(cwd, GIT).as_deref(), win, "{cwd}");
    }
}
