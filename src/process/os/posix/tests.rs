//! The posix backend on Linux: the start, the status report, the run's scope (escapees found
//! without a subreaper), the watchdog, and the terminal trampoline.

use std::os::fd::{AsRawFd, OwnedFd, RawFd};
use std::time::{Duration, Instant};

use super::*;
use crate::process::os::native;
use crate::process::os::scope::scope;
use crate::process::tree;

const REPORT_FD: RawFd = 5;

fn env() -> Vec<(String, String)> {
    vec![("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into())]
}

/// Starts `sh -c script` on the posix backend, its status reported on `REPORT_FD` as `S:<n>`.
fn start_sh(script: &str, terminal: Option<RawFd>) -> (Launched<Watchdog>, OwnedFd) {
    let (status_read, status_write) = native::pipe().unwrap();
    let args = vec!["-c".to_string(), script.to_string()];
    let env = env();
    let fds = [(status_write.as_raw_fd(), REPORT_FD)];
    let started = start(&Request {
        program: "sh",
        args: &args,
        env: &env,
        cwd: None,
        fds: &fds,
        report: ReportTo::Target(REPORT_FD),
        prefix: b"S:",
        report_dir: false,
        terminal,
        scratch_dir: None,
        scratch_file: None,
        tmpdir: None,
        sandbox: None,
    })
    .unwrap_or_else(|_| panic!("start failed"));
    (started, status_read)
}

fn read_all(fd: &OwnedFd) -> String {
    let deadline = Instant::now() + Duration::from_secs(10);
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
    String::from_utf8_lossy(&out).into_owned()
}

fn wait_until(what: &str, mut f: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while !f() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn the_program_leads_its_own_session_carries_the_marker_and_its_status_is_reported() {
    let (mut started, status) = start_sh("exit 7", None);
    let report = read_all(&status);
    assert_eq!(report, format!("S:{}\0", 7 << 8));
    assert!(fd::readable_now(&started.exit).unwrap());
    let anchor = started.supervisor.id() as i32;
    let scope = scope(anchor).expect("the run's scope is registered");
    assert_eq!(scope.program.pid, started.program);
    assert!(
        scope.marker.starts_with(MARKER_PREFIX) && scope.marker.ends_with("=1"),
        "{}",
        scope.marker
    );
    drop(started.liveness);
    started.supervisor.wait().unwrap();
    assert!(
        crate::process::os::scope::scope(anchor).is_none(),
        "removed once reaped"
    );
}

#[test]
fn a_setsid_double_forked_escapee_is_found_by_the_marker_and_ended() {
    // The escapee leaves the program's session and its parent exits: on macOS it would be
    // re-parented to launchd, here to init (or the test's subreaper), out of the program's tree.
    let (mut started, _status) = start_sh(
        "setsid sh -c 'sleep 31 & exit 0' & sleep 30 & echo ready; wait",
        None,
    );
    let program = started.program;
    let anchor = started.supervisor.id() as i32;
    let sleeps = || {
        tree::descendants(anchor)
            .into_iter()
            .filter(|p| native::exe_name(p.pid).as_deref() == Some("sleep"))
            .collect::<Vec<_>>()
    };
    wait_until("both sleeps run", || sleeps().len() == 2);
    let found = sleeps();
    let escapee = found
        .iter()
        .copied()
        .find(|p| native::entry(p.pid).is_some_and(|e| e.session != program))
        .expect("the escapee has a session of its own");
    assert!(
        !tree::descendants_of(&[program]).contains(&escapee),
        "not below the program any more"
    );
    assert!(tree::anchor_children(anchor).contains(&escapee.pid));
    tree::terminate_below(anchor, Duration::from_millis(200));
    assert!(
        found.iter().all(|p| !p.is_alive()),
        "survivors in {found:?}"
    );
    drop(started.liveness);
    started.supervisor.wait().unwrap();
}

#[test]
fn the_watchdog_ends_the_session_and_marked_escapees_when_the_liveness_pipe_closes() {
    // As when the host dies: nothing but the watchdog is left to end the run.
    let (mut started, _status) = start_sh(
        "sleep 30 & setsid sh -c 'sleep 31 & exit 0'; sleep 32; wait",
        None,
    );
    let anchor = started.supervisor.id() as i32;
    let sleeps = || {
        tree::descendants(anchor)
            .iter()
            .filter(|p| native::exe_name(p.pid).as_deref() == Some("sleep"))
            .count()
    };
    wait_until("the sleeps run", || sleeps() == 3);
    let members = tree::descendants(anchor);
    drop(started.liveness);
    started.supervisor.wait().unwrap();
    wait_until("every member is gone", || {
        members.iter().all(|p| !p.is_alive())
    });
}

#[test]
fn a_terminal_becomes_the_programs_controlling_terminal() {
    let pair = crate::pty::open::open(crate::pty::TermSize { cols: 80, rows: 24 }).unwrap();
    // /dev/tty opens only for a process with a controlling terminal.
    let (mut started, status) = start_sh(
        "{ exec 3</dev/tty; } 2>/dev/null && [ -t 0 ] && [ -t 1 ] && exit 3; exit 4",
        Some(pair.slave.as_raw_fd()),
    );
    drop(pair.slave);
    assert_eq!(read_all(&status), format!("S:{}\0", 3 << 8));
    drop(started.liveness);
    started.supervisor.wait().unwrap();
}
