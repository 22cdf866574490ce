//! Supervised starts end to end: the wait status report, start failures and PATH lookup, the
//! descriptor mapping, what leaks (nothing), the liveness pipe, terminals, scratch files.

use std::collections::BTreeSet;
use std::io::Write;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use pretty_assertions::assert_eq;

use super::child::write_decimal;
use super::*;
use crate::error::Error;
use crate::process::os::fd;
use crate::process::os::request::ReportTo;
use crate::process::spawn::{self, pipe, Report, SpawnSpec, Spawned};
use crate::process::tree;

/// Descriptor number at which the tests' programs get their status pipe (any above stdio does).
const REPORT_FD: RawFd = 5;

fn env() -> Vec<(String, String)> {
    vec![("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into())]
}

/// Starts `program args` supervised, its status reported on `REPORT_FD` with prefix `S:`.
fn start(program: &str, args: &[&str], extra: &[(RawFd, RawFd)]) -> (Spawned, OwnedFd) {
    try_start(program, args, extra, None).unwrap()
}

/// A scratch directory the supervisor makes: there with its file before the program starts
/// (the program reads it), removed when the host goes even after the program exited first.
#[test]
fn a_scratch_directory_made_by_the_supervisor_is_there_for_the_program_and_goes_with_the_host() {
    let dir = std::env::temp_dir().join(format!("agent-shell-test-made-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let (status_read, status_write) = pipe().unwrap();
    let spawned = spawn::spawn(&SpawnSpec {
        program: "sh",
        // The program reads its file, then exits before the host goes (as a shell does when the
        // host dies: its control pipe closes before the liveness pipe).
        args: &["-c".to_string(), format!("cat script >&{REPORT_FD}")],
        env: &env(),
        cwd: Some(&dir),
        fds: &[(status_write.as_raw_fd(), REPORT_FD)],
        report: Report {
            to: ReportTo::Target(REPORT_FD),
            prefix: b"S:",
            dir: false,
        },
        scratch_dir: Some(&dir),
        scratch_file: Some(spawn::ScratchFile {
            name: "script",
            text: b"the text",
        }),
        tmpdir: None,
        sandbox: None,
    })
    .unwrap();
    drop(status_write);
    let out = read_all(&status_read);
    assert!(
        out.starts_with(b"the text"),
        "{:?}",
        String::from_utf8_lossy(&out)
    );
    assert!(
        out.ends_with(b"S:0\0"),
        "{:?}",
        String::from_utf8_lossy(&out)
    );
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(&dir).unwrap().permissions().mode();
    assert_eq!(mode & 0o777, 0o700);
    // The program is gone; the supervisor stays until the host goes, then removes the directory.
    std::thread::sleep(Duration::from_millis(50));
    assert!(dir.join("script").exists());
    let Spawned { mut supervisor, .. } = { spawned };
    supervisor.wait().unwrap();
    assert!(!dir.exists(), "{} is still there", dir.display());
}

/// A scratch directory that exists already is not taken over: the start fails, and leaves it.
#[test]
fn a_scratch_directory_that_exists_fails_the_start() {
    let dir = std::env::temp_dir().join(format!("agent-shell-test-taken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let started = spawn::spawn(&SpawnSpec {
        program: "true",
        args: &[],
        env: &env(),
        cwd: Some(&dir),
        fds: &[],
        report: Report {
            to: ReportTo::Target(REPORT_FD),
            prefix: b"S:",
            dir: false,
        },
        scratch_dir: Some(&dir),
        scratch_file: Some(spawn::ScratchFile {
            name: "script",
            text: b"x",
        }),
        tmpdir: None,
        sandbox: None,
    });
    let err = started.err().expect("the start must fail");
    assert!(err.to_string().contains("File exists"), "{err}");
    assert!(dir.exists());
    std::fs::remove_dir(&dir).unwrap();
}

fn try_start(
    program: &str,
    args: &[&str],
    extra: &[(RawFd, RawFd)],
    cwd: Option<&Path>,
) -> crate::error::Result<(Spawned, OwnedFd)> {
    let (status_read, status_write) = pipe().unwrap();
    let mut fds = vec![(status_write.as_raw_fd(), REPORT_FD)];
    fds.extend_from_slice(extra);
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let spawned = spawn::spawn(&SpawnSpec {
        program,
        args: &args,
        env: &env(),
        cwd,
        fds: &fds,
        report: Report {
            to: ReportTo::Target(REPORT_FD),
            prefix: b"S:",
            dir: false,
        },
        scratch_dir: None,
        scratch_file: None,
        tmpdir: None,
        sandbox: None,
    })?;
    Ok((spawned, status_read))
}

/// Reads `fd` until EOF or 5 s passed.
fn read_all(fd: &OwnedFd) -> Vec<u8> {
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut out = Vec::new();
    while Instant::now() < deadline {
        if !matches!(fd::poll_readable(fd, 100), Ok(true)) {
            continue;
        }
        let mut buf = [0u8; 256];
        match fd::read_fd(fd, &mut buf) {
            Ok(n) if n > 0 => out.extend_from_slice(&buf[..n]),
            _ => break,
        }
    }
    out
}

fn open_fds(pid: i32) -> BTreeSet<RawFd> {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse().ok())
        .collect()
}

fn status_line(pid: i32, key: &str) -> String {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap()
        .lines()
        .find_map(|l| l.strip_prefix(key).map(|v| v.trim().to_string()))
        .unwrap()
}

#[test]
fn decimal() {
    let mut out = [0u8; 12];
    for n in [0, 7, 42, 256, -1, i32::MAX, i32::MIN] {
        let len = write_decimal(&mut out, n);
        assert_eq!(std::str::from_utf8(&out[..len]).unwrap(), n.to_string());
    }
}

#[test]
fn the_supervisor_reports_the_wait_status() {
    for (script, status) in [("exit 0", 0), ("exit 7", 7 << 8), ("kill -9 $$", 9)] {
        let (spawned, status_read) = start("sh", &["-c", script], &[]);
        let record = format!("S:{status}\0");
        assert_eq!(String::from_utf8(read_all(&status_read)).unwrap(), record);
        assert!(spawned.has_exited());
        spawned.end();
    }
}

/// With `dir`, the program shares its directory with the supervisor, which reports where the
/// program was when it exited (`exec` included: the process's directory, whatever it runs), or
/// nothing when that directory is gone.
#[test]
fn the_supervisor_reports_the_directory_the_program_exited_in() {
    let gone = std::env::temp_dir().join(format!("agent-shell-test-gone-{}", std::process::id()));
    let gone = gone.to_string_lossy();
    let cases = [
        ("cd /usr; exit 3".to_string(), "S:768:/usr\0".to_string()),
        (
            "cd /; exec sh -c 'cd /usr/bin; kill -9 $$'".into(),
            "S:9:/usr/bin\0".into(),
        ),
        (
            format!("mkdir {gone}; cd {gone}; rmdir {gone}; exit 1"),
            "S:256\0".into(),
        ),
    ];
    for (script, record) in cases {
        let (status_read, status_write) = pipe().unwrap();
        let spawned = spawn::spawn(&SpawnSpec {
            program: "sh",
            args: &["-c".to_string(), script.clone()],
            env: &env(),
            cwd: None,
            fds: &[(status_write.as_raw_fd(), REPORT_FD)],
            report: Report {
                to: ReportTo::Target(REPORT_FD),
                prefix: b"S:",
                dir: true,
            },
            scratch_dir: None,
            scratch_file: None,
            tmpdir: None,
            sandbox: None,
        })
        .unwrap();
        drop(status_write);
        let out = String::from_utf8(read_all(&status_read)).unwrap();
        assert_eq!(out, record, "{script}");
        spawned.end();
    }
}

#[test]
fn failures_to_start_name_the_program_and_the_os_error() {
    let file = std::env::temp_dir().join(format!("agent-shell-noexec-{}", std::process::id()));
    std::fs::write(&file, "not a program").unwrap();
    let file = file.to_string_lossy().to_string();
    let missing_dir = Path::new("/no/such/directory");
    for (program, cwd, errno) in [
        ("no-such-program-agent-shell", None, libc::ENOENT),
        ("", None, libc::ENOENT),
        ("/no/such/program", None, libc::ENOENT),
        // Found by the parent, refused by execve in the vfork child.
        ("/tmp", None, libc::EACCES),
        (file.as_str(), None, libc::EACCES),
        // Refused in the supervisor.
        ("sh", Some(missing_dir), libc::ENOENT),
    ] {
        match try_start(program, &["-c", "true"], &[], cwd) {
            Err(Error::SpawnFailed {
                program: p, source, ..
            }) => {
                assert_eq!((p.as_str(), source.raw_os_error()), (program, Some(errno)));
            }
            Err(e) => panic!("{program}: {e}"),
            Ok(_) => panic!("{program} started"),
        }
    }
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn resolves_like_execvp() {
    let env = |path: &str| vec![("PATH".to_string(), path.to_string())];
    let sh = resolve("sh", &env("/no/such:/usr/bin:/bin"), None).unwrap();
    assert!(sh.to_str().unwrap().ends_with("/sh"), "{sh:?}");
    // A directory where a program is expected is skipped, and the result is EACCES if nothing
    // else matches.
    let err = resolve("tmp", &env("/"), None).unwrap_err();
    assert_eq!(err.raw_os_error(), Some(libc::EACCES));
    // Without PATH, glibc's default.
    assert!(resolve("sh", &[], None).is_ok());
    assert_eq!(resolve("./x", &[], None).unwrap().to_str().unwrap(), "./x");
}

#[test]
fn descriptors_are_mapped_even_when_a_source_sits_at_another_target() {
    // Above REPORT_FD: with few descriptors open (a filtered run), a pipe could sit at it, and
    // the report would then go to that pipe instead.
    let above_report = |fd: OwnedFd| -> OwnedFd {
        // SAFETY: F_DUPFD_CLOEXEC takes an integer and returns a new descriptor.
        let moved = unsafe { libc::fcntl(fd.as_raw_fd(), libc::F_DUPFD_CLOEXEC, REPORT_FD + 1) };
        assert!(moved > REPORT_FD);
        // SAFETY: the descriptor just made, owned by nothing else.
        unsafe { OwnedFd::from_raw_fd(moved) }
    };
    let (read_a, write_a) = pipe().unwrap();
    let (read_b, write_b) = pipe().unwrap();
    let (write_a, write_b) = (above_report(write_a), above_report(write_b));
    let (a, b) = (write_a.as_raw_fd(), write_b.as_raw_fd());
    // Swapped: each source sits at the other's target.
    let script = format!("echo to-b >&{a}; echo to-a >&{b}");
    let (spawned, status_read) = start("bash", &["-c", &script], &[(a, b), (b, a)]);
    assert_eq!(read_all(&status_read), b"S:0\0");
    spawned.end();
    drop((write_a, write_b));
    assert_eq!(read_all(&read_a), b"to-a\n");
    assert_eq!(read_all(&read_b), b"to-b\n");
}

#[test]
fn nothing_of_the_host_leaks_into_the_program_or_the_supervisor() {
    // Some host descriptors that must not be inherited.
    let _noise: Vec<(OwnedFd, OwnedFd)> = (0..20).map(|_| pipe().unwrap()).collect();
    let (spawned, _status_read) = start("sleep", &["30"], &[]);
    let program = spawned.proc.pid;
    let supervisor = spawned.supervisor.id() as i32;
    // The program's own loader opens its libraries (at 3) while it starts, and closes them; a
    // descriptor leaked from the host would stay. Seen on a loaded machine: {0, 1, 2, 3, 5}.
    let expected = BTreeSet::from([0, 1, 2, REPORT_FD]);
    let started = Instant::now();
    while open_fds(program) != expected && started.elapsed() < Duration::from_secs(5) {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(open_fds(program), expected);
    // The supervisor also holds the liveness pipe and its SIGCHLD signalfd.
    assert_eq!(open_fds(supervisor).len(), 6, "{:?}", open_fds(supervisor));
    for fd in 0..3 {
        let target = std::fs::read_link(format!("/proc/{program}/fd/{fd}")).unwrap();
        assert_eq!(target, Path::new("/dev/null"));
    }
    // Default dispositions (the test harness ignores SIGPIPE) and an empty mask.
    assert_eq!(status_line(program, "SigIgn:"), "0000000000000000");
    assert_eq!(status_line(program, "SigBlk:"), "0000000000000000");
    // The supervisor leads the session the program is in.
    let stat = tree::stat(program).unwrap();
    assert_eq!(stat.ppid, supervisor);
    assert_eq!(stat.session, supervisor);
    spawned.end();
    assert!(!tree::Proc::current(supervisor).is_some_and(|p| p.is_alive()));
}

#[test]
fn closing_the_liveness_pipe_ends_the_whole_tree() {
    let (spawned, _status_read) = start(
        "bash",
        // bash execs the last command: three processes, one of them in a session of its own.
        &["-c", "sleep 30 & (setsid sleep 30 &); sleep 30"],
        &[],
    );
    let supervisor = spawned.supervisor.id() as i32;
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut below = Vec::new();
    while below.len() < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
        below = tree::descendants(supervisor);
    }
    assert!(below.len() >= 3, "{below:?}");
    let Spawned { mut supervisor, .. } = { spawned };
    // `end` would SIGKILL the program first; here only the liveness pipe closes (with the rest of
    // `Spawned`), as when the host dies.
    supervisor.wait().unwrap();
    assert!(below.iter().all(|p| !p.is_alive()), "{below:?}");
}

#[test]
fn many_threads_spawn_at_once() {
    let threads: Vec<_> = (0..4)
        .map(|t| {
            std::thread::spawn(move || {
                for i in 0..25 {
                    let script = format!("exit {}", (t * 25 + i) % 100);
                    let (spawned, status_read) = start("sh", &["-c", &script], &[]);
                    let status = ((t * 25 + i) % 100) << 8;
                    assert_eq!(read_all(&status_read), format!("S:{status}\0").as_bytes());
                    spawned.end();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
}

#[test]
fn a_killed_supervisor_takes_the_program_along() {
    let (spawned, _status_read) = start("sleep", &["30"], &[]);
    let program = spawned.proc;
    let supervisor = spawned.supervisor.id() as i32;
    // As the OOM killer would, with the host whose memory the supervisor shares.
    // The supervisor is our unreaped child, so its pid is its own.
    fd::kill(supervisor, libc::SIGKILL);
    let deadline = Instant::now() + Duration::from_secs(5);
    while program.is_alive() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(!program.is_alive());
    spawned.end();
}

/// Field `n` (1-based, as in proc(5)) of `/proc/<pid>/stat`.
fn stat_field(pid: i32, n: usize) -> i64 {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let rest = &text[text.rfind(')').unwrap() + 1..];
    rest.split_ascii_whitespace()
        .nth(n - 3)
        .unwrap()
        .parse()
        .unwrap()
}

/// Reads the non-blocking `master` until `needle` shows up or 5 s passed.
fn read_until(master: &std::fs::File, needle: &str) -> String {
    use std::io::Read;
    let deadline = Instant::now() + Duration::from_secs(5);
    let mut out = Vec::new();
    while !String::from_utf8_lossy(&out).contains(needle) && Instant::now() < deadline {
        if !matches!(fd::poll_readable(master, 100), Ok(true)) {
            continue;
        }
        let mut buf = [0u8; 256];
        match (&*master).read(&mut buf) {
            Ok(n) if n > 0 => out.extend_from_slice(&buf[..n]),
            _ => break,
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn a_terminal_program_leads_its_session_on_its_controlling_terminal() {
    let pair = crate::pty::open::open(crate::pty::TermSize::default()).unwrap();
    let (report_read, report_write) = pipe().unwrap();
    let args: Vec<String> = ["-c", "tty; exec sleep 30"].map(String::from).to_vec();
    let spawned = spawn::spawn_on_terminal(
        &SpawnSpec {
            program: "sh",
            args: &args,
            env: &env(),
            cwd: None,
            fds: &[],
            report: Report {
                to: ReportTo::Own(report_write.as_raw_fd()),
                prefix: b"S:",
                dir: false,
            },
            scratch_dir: None,
            scratch_file: None,
            tmpdir: None,
            sandbox: None,
        },
        &pair.slave,
    )
    .unwrap();
    drop((pair.slave, report_write));
    let program = spawned.proc.pid;
    let supervisor = spawned.supervisor.id() as i32;
    let slave_path = pair.slave_path.clone().unwrap();
    let slave = slave_path.to_string_lossy().into_owned();
    assert!(
        read_until(pair.master.file(), "\n").starts_with(&format!("{slave}\r\n")),
        "{slave}"
    );
    // proc(5): field 6 is the session, field 7 the controlling terminal (0 for none).
    assert_eq!(stat_field(program, 6), program as i64);
    assert_ne!(stat_field(program, 7), 0);
    assert_eq!(stat_field(supervisor, 6), supervisor as i64);
    assert_eq!(stat_field(supervisor, 7), 0);
    for fd in 0..3 {
        let target = std::fs::read_link(format!("/proc/{program}/fd/{fd}")).unwrap();
        assert_eq!(target, slave_path);
    }
    // The supervisor holds neither end of the terminal: its stdio, its own report descriptor,
    // the liveness pipe and its SIGCHLD signalfd.
    let held: Vec<PathBuf> = open_fds(supervisor)
        .into_iter()
        .filter_map(|fd| std::fs::read_link(format!("/proc/{supervisor}/fd/{fd}")).ok())
        .collect();
    assert_eq!(held.len(), 6, "{held:?}");
    assert!(
        held.iter()
            .all(|t| t != &slave_path && !t.starts_with("/dev/ptmx")),
        "{held:?}"
    );
    // ^C reaches the program: the terminal is its controlling terminal, its group in front.
    pair.master.file().write_all(b"\x03").unwrap();
    assert_eq!(
        read_all(&report_read),
        format!("S:{}\0", libc::SIGINT).as_bytes()
    );
    spawned.end();
}

#[test]
fn a_host_gone_without_closing_leaves_no_scratch_files() {
    let dir = std::env::temp_dir().join(format!("agent-shell-test-{}", std::process::id()));
    std::fs::create_dir(&dir).unwrap();
    for name in ["bash", "out-1", "out-2"] {
        std::fs::write(dir.join(name), b"x").unwrap();
    }
    let spawned = spawn::spawn(&SpawnSpec {
        program: "sleep",
        args: &["30".to_string()],
        env: &env(),
        cwd: Some(&dir),
        fds: &[],
        report: Report {
            to: ReportTo::Target(REPORT_FD),
            prefix: b"S:",
            dir: false,
        },
        scratch_dir: Some(&dir),
        scratch_file: None,
        tmpdir: None,
        sandbox: None,
    })
    .unwrap();
    let Spawned { mut supervisor, .. } = { spawned };
    // The liveness pipe closed with the rest of `Spawned`, as when the host dies.
    supervisor.wait().unwrap();
    assert!(!dir.exists(), "{} is still there", dir.display());
}

/// A temp directory given apart from the scratch directory goes with the host too, its files
/// with it.
#[test]
fn a_temp_directory_apart_goes_with_the_host() {
    let base = std::env::temp_dir();
    let dir = base.join(format!("agent-shell-test-apart-{}", std::process::id()));
    let tmpdir = base.join(format!("agent-shell-test-apart-tmp-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&tmpdir).unwrap();
    let (status_read, status_write) = pipe().unwrap();
    let spawned = spawn::spawn(&SpawnSpec {
        program: "sh",
        args: &[
            "-c".to_string(),
            "echo left > \"$1/file\"".into(),
            "sh".into(),
            tmpdir.to_string_lossy().into_owned(),
        ],
        env: &env(),
        cwd: Some(&dir),
        fds: &[(status_write.as_raw_fd(), REPORT_FD)],
        report: Report {
            to: ReportTo::Target(REPORT_FD),
            prefix: b"S:",
            dir: false,
        },
        scratch_dir: Some(&dir),
        scratch_file: Some(spawn::ScratchFile {
            name: "script",
            text: b"x",
        }),
        tmpdir: Some(&tmpdir),
        sandbox: None,
    })
    .unwrap();
    drop(status_write);
    // The program exits; the supervisor stays until the host goes.
    let out = read_all(&status_read);
    assert!(
        out.ends_with(b"S:0\0"),
        "{:?}",
        String::from_utf8_lossy(&out)
    );
    assert!(tmpdir.join("file").exists());
    let Spawned { mut supervisor, .. } = { spawned };
    supervisor.wait().unwrap();
    assert!(!dir.exists(), "{} is still there", dir.display());
    assert!(!tmpdir.exists(), "{} is still there", tmpdir.display());
}
