//! The session's plumbing on Windows, as far as it runs without Git Bash: a FIFO (an inbound named
//! pipe) read through the readiness path (`ready.rs`) while a program writes to it by name, a
//! pipe pair, the exit watch, and a job's end closing a channel its program held open. The
//! program is Windows' node.exe, which `scripts/check-windows.mjs` puts beside this test program
//! (run under wine there).

use std::path::{Path, PathBuf};
use std::time::Duration;

use super::job::{self, Job, StartSpec};
use super::pipe;
use crate::process::os::fd::{self, AsRawFd, OwnedFd};

/// node.exe, beside this test program.
fn node() -> String {
    let exe = std::env::current_exe().unwrap();
    let node = exe.parent().unwrap().join("node.exe");
    assert!(
        node.is_file(),
        "{} is not there (scripts/check-windows.mjs puts it there)",
        node.display()
    );
    node.to_string_lossy().into_owned()
}

/// Starts node.exe in `job` with `-e script`, stdout on `stdout` (else NUL).
fn start_node(
    job: &Job,
    script: &str,
    stdout: Option<windows_sys::Win32::Foundation::HANDLE>,
) -> job::Started {
    let null = fd::dev_null().unwrap().as_raw_fd();
    let null = fd::handle_of(null);
    let env: Vec<(String, String)> = std::env::vars().collect();
    let args = ["-e".to_string(), script.to_string()];
    let program = node();
    let spec = StartSpec {
        program: &program,
        args: &args,
        env: &env,
        cwd: None,
        stdio: [null, stdout.unwrap_or(null), null],
        console: None,
    };
    job::start(&spec, job).unwrap()
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Everything read from `read` through its readiness until the end. Bounded by a minute, so that
/// a reader left pending fails the test instead of hanging it.
async fn read_to_end(read: &fd::AsyncFd<OwnedFd>) -> Vec<u8> {
    let all = async {
        let mut got = Vec::new();
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let mut ready = read.readable().await.unwrap();
            match fd::read_fd(read.get_ref(), &mut buf) {
                Ok(0) => return got,
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => ready.clear_ready(),
                Err(e) => panic!("reading: {e}"),
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(120), all)
        .await
        .expect("the reader saw the end")
}

fn fifo() -> (PathBuf, String) {
    let path = fd::fifo_path_in(Path::new("unused"), "out-1").unwrap();
    let shell = path.to_string_lossy().into_owned();
    assert!(shell.starts_with("//./pipe/agent-shell-"), "{shell}");
    assert!(shell.ends_with("-out-1"), "{shell}");
    let windows = shell.replace('/', "\\");
    (path, windows)
}

#[test]
fn a_fifo_is_read_through_its_readiness_while_a_program_writes_to_it_by_name() {
    let (path, name) = fifo();
    let (read, _write) = fd::make_fifo(&path).unwrap();
    assert!(fd::make_fifo(&path).is_err(), "the name is taken");
    let job = Job::new().unwrap();
    runtime().block_on(async {
        let read = fd::register_readable(read).unwrap();
        assert!(
            !fd::readable_now(read.get_ref()).unwrap(),
            "nothing written yet"
        );
        // 3 MB: more than the pipe's buffer and the feed's read-ahead together, so the writer
        // waits for the reader.
        let script = format!("require('fs').writeFileSync({name:?}, 'x'.repeat(3000000) + 'end')");
        let started = start_node(&job, &script, None);
        let got = read_to_end(&read).await;
        assert_eq!(got.len(), 3_000_003);
        assert!(got.ends_with(b"xend"));
        assert_eq!(started.wait(Duration::from_secs(60)).unwrap(), Some(0));
    });
}

#[test]
fn a_pipe_carries_bytes_and_reports_what_it_holds() {
    let (read, write) = fd::pipe().unwrap();
    assert_eq!(fd::write_fd(&write, b"abc").unwrap(), 3);
    assert_eq!(fd::queued_bytes(&read).unwrap(), 3);
    assert!(fd::readable_now(&read).unwrap());
    let mut buf = [0u8; 8];
    assert_eq!(fd::read_fd(&read, &mut buf).unwrap(), 3);
    assert_eq!(&buf[..3], b"abc");
    let err = fd::read_fd(&read, &mut buf).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::WouldBlock);
    assert!(!fd::readable_now(&read).unwrap());
    drop(write);
    assert_eq!(fd::read_fd(&read, &mut buf).unwrap(), 0, "the end");
}

#[test]
fn a_registered_pipe_is_read_by_its_copies_too() {
    let (read, write) = fd::pipe().unwrap();
    runtime().block_on(async {
        let read = fd::register_readable(read).unwrap();
        fd::write_fd(&write, b"hello").unwrap();
        drop(read.readable().await.unwrap());
        let copy = read.get_ref().try_clone().unwrap();
        let mut buf = [0u8; 8];
        assert_eq!(fd::read_fd(&copy, &mut buf).unwrap(), 5);
        assert_eq!(&buf[..5], b"hello");
        drop(write);
        assert!(read_to_end(&read).await.is_empty());
    });
}

#[test]
fn the_exit_watch_becomes_ready_when_the_program_ends() {
    let job = Job::new().unwrap();
    let started = start_node(&job, "setTimeout(() => {}, 600000)", None);
    let watch = crate::process::os::native::exit_watch(started.pid as i32).unwrap();
    assert!(!fd::readable_now(&watch).unwrap(), "it runs");
    runtime().block_on(async {
        let watch = fd::register_readable(watch).unwrap();
        let copy = watch.get_ref().try_clone().unwrap();
        assert_eq!(
            crate::process::os::native::signal_by_watch(&copy, 9),
            Some(true),
            "ended through the watch"
        );
        tokio::time::timeout(Duration::from_secs(60), watch.readable())
            .await
            .expect("the watch became ready")
            .unwrap();
        assert!(fd::readable_now(watch.get_ref()).unwrap());
    });
    assert_eq!(started.wait(Duration::from_secs(60)).unwrap(), Some(137));
}

#[test]
fn ending_the_job_ends_a_program_holding_a_fifo_and_its_reader_sees_the_end() {
    let (path, _) = fifo();
    let (read, _write) = fd::make_fifo(&path).unwrap();
    let job = Job::new().unwrap();
    // Opened by the name a shell would use, and handed to the program as its stdout.
    let writer = pipe::open_client(&path.to_string_lossy(), true, false).unwrap();
    let started = start_node(&job, "setTimeout(() => {}, 600000)", Some(writer.raw()));
    drop(writer);
    runtime().block_on(async {
        let read = fd::register_readable(read).unwrap();
        assert!(
            !fd::readable_now(read.get_ref()).unwrap(),
            "held open, nothing written"
        );
        job.terminate(128 + 9).unwrap();
        assert!(read_to_end(&read).await.is_empty());
    });
    assert_eq!(started.wait(Duration::from_secs(60)).unwrap(), Some(137));
}

/// A scratch directory's path in `%TEMP%`, not made.
fn scratch() -> PathBuf {
    fd::scratch_path_in(&std::env::temp_dir(), "agent-shell-start-test-").unwrap()
}

/// Polls `done` for up to a minute (wine starts processes slowly): whether it came true.
fn eventually(mut done: impl FnMut() -> bool) -> bool {
    let end = std::time::Instant::now() + Duration::from_secs(60);
    while !done() {
        if std::time::Instant::now() > end {
            return false;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

#[test]
fn the_door_starts_a_program_in_a_job_and_the_host_reports_its_exit() {
    use crate::process::os::request::{ReportTo, Request, ScratchFile};
    let dir = scratch();
    let (report_read, report_write) = fd::pipe().unwrap();
    let (out_read, out_write) = fd::pipe().unwrap();
    let env: Vec<(String, String)> = std::env::vars().collect();
    let program = node();
    let args = [
        "-e".to_string(),
        "process.stdout.write('to stdout', () => process.exit(3))".to_string(),
    ];
    let req = Request {
        program: &program,
        args: &args,
        env: &env,
        cwd: None,
        fds: &[(out_write.as_raw_fd(), 1)],
        report: ReportTo::Own(report_write.as_raw_fd()),
        prefix: b"exit:",
        report_dir: false,
        terminal: None,
        sandbox: None,
        scratch_dir: Some(&dir),
        scratch_file: Some(ScratchFile {
            name: "script",
            text: b"the script",
        }),
        tmpdir: None,
    };
    let Ok(mut started) = crate::process::os::start(&req) else {
        panic!("the start failed");
    };
    drop((report_write, out_write));
    assert_eq!(std::fs::read(dir.join("script")).unwrap(), b"the script");
    runtime().block_on(async {
        let report = fd::register_readable(report_read).unwrap();
        let out = fd::register_readable(out_read).unwrap();
        assert_eq!(read_to_end(&out).await, b"to stdout");
        assert_eq!(read_to_end(&report).await, b"exit:3\0");
    });
    let status = started.supervisor.wait().unwrap();
    assert_eq!(status.code(), Some(3));
    assert!(fd::readable_now(&started.exit).unwrap());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn closing_the_liveness_handle_ends_the_program_and_what_it_started() {
    use crate::process::os::request::{ReportTo, Request};
    let (report_read, report_write) = fd::pipe().unwrap();
    let env: Vec<(String, String)> = std::env::vars().collect();
    let program = node();
    let args = [
        "-e".to_string(),
        "require('child_process').spawn(process.execPath, ['-e', 'setTimeout(() => {}, 600000)'], { detached: true, stdio: 'ignore' }); setTimeout(() => {}, 600000)".to_string(),
    ];
    let req = Request {
        program: &program,
        args: &args,
        env: &env,
        cwd: None,
        fds: &[],
        report: ReportTo::Own(report_write.as_raw_fd()),
        prefix: b"",
        report_dir: false,
        terminal: None,
        sandbox: None,
        scratch_dir: None,
        scratch_file: None,
        tmpdir: None,
    };
    let Ok(started) = crate::process::os::start(&req) else {
        panic!("the start failed");
    };
    drop(report_write);
    let pid = started.program;
    assert!(
        eventually(|| !super::children(pid).is_empty()),
        "the detached child started"
    );
    let grandchild = super::children(pid)[0];
    let crate::process::os::Started {
        mut supervisor,
        exit,
        liveness,
        ..
    } = started;
    assert!(!fd::readable_now(&exit).unwrap(), "it runs");
    drop(liveness);
    assert!(supervisor.wait().unwrap().code().is_some());
    assert!(
        eventually(|| super::entry(grandchild).is_none()),
        "the detached child ended with the job"
    );
    runtime().block_on(async {
        let report = fd::register_readable(report_read).unwrap();
        let text = read_to_end(&report).await;
        assert!(text.ends_with(b"\0") && text.len() > 1, "{text:?}");
    });
}

#[test]
fn a_sessions_status_pipe_is_watched_on_the_runtime_while_a_program_writes_to_it() {
    use crate::shell::status::{watch_on_runtime, Read, StatusPipe};
    let (read, write) = fd::pipe().unwrap();
    let job = Job::new().unwrap();
    runtime().block_on(async {
        let pipe = std::sync::Arc::new(StatusPipe::new(read));
        let _watch = watch_on_runtime(pipe.clone()).unwrap();
        let started = start_node(
            &job,
            "process.stdout.write('0/hB/x\\0C:\\\\repo\\0')",
            Some(write.raw_handle()),
        );
        drop(write);
        let all = async {
            let mut got = Vec::new();
            loop {
                pipe.filled().await;
                let ended = pipe
                    .take(Read::Watched, |b| got.extend_from_slice(b))
                    .unwrap();
                if ended {
                    return got;
                }
            }
        };
        let got = tokio::time::timeout(Duration::from_secs(120), all)
            .await
            .expect("the status pipe reached its end");
        assert_eq!(got, b"0/hB/x\0C:\\repo\0");
        assert_eq!(started.wait(Duration::from_secs(60)).unwrap(), Some(0));
    });
}

#[test]
fn a_started_programs_identity_is_read_from_our_own_handle_on_it() {
    use crate::process::spawn::{spawn, Report, ReportTo as To, SpawnSpec};
    let (_report_read, report_write) = fd::pipe().unwrap();
    let env: Vec<(String, String)> = std::env::vars().collect();
    let program = node();
    let args = ["-e".to_string(), "setTimeout(() => {}, 600000)".to_string()];
    let spawned = spawn(&SpawnSpec {
        program: &program,
        args: &args,
        env: &env,
        cwd: None,
        fds: &[],
        report: Report {
            to: To::Own(report_write.as_raw_fd()),
            prefix: b"",
            dir: false,
        },
        scratch_dir: None,
        scratch_file: None,
        tmpdir: None,
        sandbox: None,
    })
    .unwrap();
    drop(report_write);
    let proc = spawned.proc;
    // Read at once, where a Toolhelp read can still miss the process (wine lists one it is
    // creating without its creation time for 100-250 ms).
    assert_ne!(proc.start_time, 0, "the creation time was read");
    assert!(
        eventually(|| super::entry(proc.pid).map(|e| e.start_time) == Some(proc.start_time)),
        "the process table gives the same creation time"
    );
    assert!(proc.is_alive());
    spawned.end();
    assert!(eventually(|| !proc.is_alive()), "it ended");
}
