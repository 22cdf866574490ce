//! The pseudo-console, as far as it runs under wine (whose ConPTY returns no output): a console
//! is made, node.exe starts on it in a job, its exit code comes back through the exit watch and
//! the exit report, resize and hang-up return, the output's reader sees the end; closing the job
//! ends a program on a console; and `PtySession` itself runs a command to its exit code and
//! kills one. node.exe is Windows' own, put beside this test program by
//! `scripts/check-windows.mjs` (which runs these under wine).

use std::sync::Arc;
use std::time::Duration;

use super::conpty;
use crate::process::os::fd::{self, AsFd, AsRawFd, PtyMaster};
use crate::process::os::request::{ReportTo, Request};

/// node.exe, beside this test program.
fn node() -> String {
    let exe = std::env::current_exe().unwrap();
    let node = exe.parent().unwrap().join("node.exe");
    assert!(node.is_file(), "{} is not there", node.display());
    node.to_string_lossy().into_owned()
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Bounds a wait by two minutes (wine is slow), so that a wait left pending fails the test.
async fn within<T>(what: &str, f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(120), f)
        .await
        .unwrap_or_else(|_| panic!("{what}: still pending after two minutes"))
}

/// `E_NOTIMPL`: wine 8's `ResizePseudoConsole` (real Windows has it since 1809).
const E_NOTIMPL: i32 = 0x8000_4001_u32 as i32;

/// A resize's result: done, or wine's not-implemented (nothing else).
fn resized(result: std::io::Result<()>) {
    if let Err(e) = result {
        assert_eq!(e.raw_os_error(), Some(E_NOTIMPL), "{e}");
    }
}

/// Reads the console's output until its end.
async fn read_to_end(master: &fd::AsyncFd<Arc<PtyMaster>>) -> Vec<u8> {
    let mut got = Vec::new();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let mut ready = master.readable().await.unwrap();
        match fd::read_fd(master.get_ref(), &mut buf) {
            Ok(0) => return got,
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => ready.clear_ready(),
            Err(_) => return got,
        }
    }
}

/// Starts node.exe with `-e script` on a new console: the master, the start, and the report's
/// read end.
fn start_on_console(script: &str) -> (Arc<PtyMaster>, crate::process::os::Started, fd::OwnedFd) {
    let (master, slave, path) = conpty::open(80, 24).unwrap();
    assert!(path.is_none(), "a pseudo-console has no path");
    let (report_read, report_write) = fd::pipe().unwrap();
    let env: Vec<(String, String)> = std::env::vars().collect();
    let args = ["-e".to_string(), script.to_string()];
    let program = node();
    let req = Request {
        program: &program,
        args: &args,
        env: &env,
        cwd: None,
        fds: &[],
        report: ReportTo::Own(report_write.as_raw_fd()),
        prefix: b"",
        report_dir: false,
        terminal: Some(fd::terminal_of(&slave)),
        sandbox: None,
        scratch_dir: None,
        scratch_file: None,
        tmpdir: None,
    };
    let Ok(started) = crate::process::os::start(&req) else {
        panic!("the start on a pseudo-console failed");
    };
    drop((slave, report_write));
    (Arc::new(master), started, report_read)
}

#[test]
fn a_program_on_a_pseudo_console_exits_and_its_code_and_the_consoles_end_come_back() {
    let (master, started, report) = start_on_console("process.exit(3)");
    let crate::process::os::Started {
        mut supervisor,
        exit,
        liveness,
        ..
    } = started;
    runtime().block_on(async {
        let output = fd::register(master.clone(), tokio::io::Interest::READABLE).unwrap();
        let exit = fd::register(exit.as_fd(), tokio::io::Interest::READABLE).unwrap();
        within("the exit watch", exit.readable()).await.unwrap();
        assert_eq!(supervisor.wait().unwrap().code(), Some(3));
        resized(master.set_size(100, 30));
        master.hang_up();
        within("the console's output ending", read_to_end(&output)).await;
        let report = fd::register_readable(report).unwrap();
        let mut text = Vec::new();
        let mut buf = [0u8; 64];
        loop {
            let _ = within("the exit report", report.readable()).await;
            match fd::read_fd(report.get_ref(), &mut buf) {
                Ok(0) => break,
                Ok(n) => text.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) => panic!("reading the report: {e}"),
            }
        }
        assert_eq!(text, b"3\0");
    });
    assert!(
        master.set_size(80, 24).is_err(),
        "a closed console is not resized"
    );
    drop(liveness);
}

#[test]
fn closing_the_job_ends_a_program_on_a_pseudo_console_and_the_reader_ends() {
    let (master, started, _report) = start_on_console("setTimeout(() => {}, 600000)");
    let crate::process::os::Started {
        mut supervisor,
        exit,
        liveness,
        ..
    } = started;
    assert!(!fd::readable_now(&exit).unwrap(), "it runs");
    runtime().block_on(async {
        let output = fd::register(master.clone(), tokio::io::Interest::READABLE).unwrap();
        drop(liveness);
        let exit = fd::register(exit.as_fd(), tokio::io::Interest::READABLE).unwrap();
        within("the exit watch", exit.readable()).await.unwrap();
        assert!(supervisor.wait().unwrap().code().is_some());
        master.hang_up();
        within("the console's output ending", read_to_end(&output)).await;
    });
}

#[test]
fn a_pty_session_runs_a_program_to_its_exit_code_and_kills_another() {
    use crate::pty::{Program, PtyRequest, PtySession, TermSize};
    use crate::run::CancelToken;
    let argv = |script: &str| PtyRequest {
        program: Program::Argv {
            application: node(),
            args: vec!["-e".into(), script.into()],
        },
        cwd: None,
        env: Vec::new(),
        timeout: None,
        size: TermSize::default(),
        sandbox: None,
    };
    let session = PtySession::new();
    runtime().block_on(async {
        let mut run = session
            .start(argv("process.exit(3)"), CancelToken::default())
            .unwrap();
        let ending = within("the run", run.wait(None)).await.unwrap();
        assert_eq!((ending.exit_code, ending.cancelled), (Some(3), false));
        drop(run);

        let mut run = session
            .start(argv("setTimeout(() => {}, 600000)"), CancelToken::default())
            .unwrap();
        session.write(b"typed\r").unwrap();
        match session.resize(TermSize {
            cols: 100,
            rows: 30,
        }) {
            Err(crate::error::Error::Io { source, .. }) => resized(Err(source)),
            other => other.unwrap(),
        }
        session.kill().unwrap();
        let ending = within("the killed run", run.wait(None)).await.unwrap();
        assert!(ending.cancelled && ending.exit_code.is_none(), "{ending:?}");
    });
}
