//! The floor under `Shell.run`'s round trip: bash driven with the session's own framing (the text
//! of `shell::framing`) straight from Rust, with no Node, runtime, supervisor or output FIFO, or
//! with an echo sentinel as a plain JS wrapper sends it. bench/ reports both beside `Shell.run`:
//! what a round trip would cost if everything on the Node side were free.
//!
//!   cargo run --release --no-default-features --features floor --example framing_floor -- framing|echo RUNS WARMUP
//!
//! Prints one JSON line as bench/case.mjs does: `{"ok":true,"medianUs":…,"p99Us":…,"maxUs":…}`.

// Built only with the feature `floor` and without the Node-API bindings (the default feature
// `node`), with which the crate links only into a Node process: Cargo.toml's [[example]] entry.
fn main() {
    floor::main()
}

mod floor {
    use std::fs::File;
    use std::io::{PipeReader, Read, Write};
    use std::os::fd::AsRawFd;
    use std::os::unix::fs::FileExt;
    use std::os::unix::process::CommandExt;
    use std::process::{Command, Stdio};
    use std::time::Instant;

    // The session's framing module itself, from the crate built without its Node-API bindings
    // (`--no-default-features`), which only a Node process can resolve.
    use agent_shell::framing::{self, Framing, Record, RunScript, ShellState};

    pub fn main() {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let mode = args.first().map(String::as_str).unwrap_or("framing");
        let runs: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(5000);
        let warmup: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3000);
        let result = match mode {
            "framing" => framed(runs, warmup),
            "echo" => echo_sentinel(runs, warmup),
            other => Err(format!("unknown mode {other} (framing or echo)")),
        };
        match result {
            Ok(mut us) => {
                us.sort_by(f64::total_cmp);
                let q = |p: f64| us[((us.len() - 1) as f64 * p).round() as usize];
                println!(
                    "{{\"ok\":true,\"medianUs\":{:.2},\"p99Us\":{:.2},\"maxUs\":{:.2}}}",
                    q(0.5),
                    q(0.99),
                    q(1.0)
                );
            }
            Err(e) => {
                println!("{{\"ok\":false,\"error\":{e:?}}}");
                std::process::exit(1);
            }
        }
    }

    /// `true` after `true` through the framing a session sends: each run's script appended to the
    /// shell's script file, one newline on its control pipe, the status read back and parsed.
    fn framed(runs: usize, warmup: usize) -> Result<Vec<f64>, String> {
        let dir = std::env::temp_dir().join(format!("agent-shell-floor-{}", std::process::id()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let result = (|| {
            let script_path = dir.join("bash");
            let script = File::options()
                .create_new(true)
                .read(true)
                .write(true)
                .open(&script_path)
                .map_err(|e| e.to_string())?;
            let boot = framing::bootstrap(&dir.to_string_lossy(), None, None);
            script
                .write_all_at(boot.as_bytes(), 0)
                .map_err(|e| e.to_string())?;
            let mut script_len = boot.len() as u64;
            let (ctl_read, mut ctl) = std::io::pipe().map_err(|e| e.to_string())?;
            let (mut status_read, status_write) = std::io::pipe().map_err(|e| e.to_string())?;
            let mut child = spawn_bash(
                &["--noprofile", "--norc", "bash"],
                &dir,
                &[
                    (ctl_read.as_raw_fd(), framing::CTL_FD),
                    (status_write.as_raw_fd(), framing::STATUS_FD),
                ],
                Stdio::null(),
                Stdio::null(),
            )?;
            drop((ctl_read, status_write));
            let framing = Framing::random();
            let mut parser = framing.parser();
            let mut state = ShellState::default();
            let mut buf = vec![0u8; 64 * 1024];
            let mut times = Vec::with_capacity(runs);
            for i in 0..warmup + runs {
                let started = Instant::now();
                let text = framing.run_script(
                    &state,
                    &RunScript {
                        command: "true",
                        ..Default::default()
                    },
                );
                script
                    .write_all_at(text.as_bytes(), script_len)
                    .map_err(|e| e.to_string())?;
                script_len += text.len() as u64;
                ctl.write_all(b"\n").map_err(|e| e.to_string())?;
                state = loop {
                    if let Some(record) = parser.next_record() {
                        match record {
                            Record::Status { state, .. } if state.last_status == 0 => break state,
                            other => return Err(format!("unexpected report {other:?}")),
                        }
                    }
                    let n = read_some(&mut status_read, &mut buf)?;
                    parser.push(&buf[..n]);
                };
                if i >= warmup {
                    times.push(started.elapsed().as_secs_f64() * 1e6);
                }
            }
            // End of file on the control pipe ends the wait; the shell then reaches the end of its
            // script and exits.
            drop(ctl);
            let _ = child.wait();
            Ok(times)
        })();
        let _ = std::fs::remove_dir_all(&dir);
        result
    }

    /// `true` after `true` as the bench's plain JS wrapper sends it: the command and an echo of a
    /// sentinel with `$?` on bash's stdin, read back to the sentinel's newline.
    fn echo_sentinel(runs: usize, warmup: usize) -> Result<Vec<f64>, String> {
        let (stdin_read, mut stdin) = std::io::pipe().map_err(|e| e.to_string())?;
        let (mut stdout_read, stdout_write) = std::io::pipe().map_err(|e| e.to_string())?;
        let mut child = spawn_bash(
            &["--noprofile", "--norc"],
            &std::env::temp_dir(),
            &[],
            Stdio::from(stdin_read),
            Stdio::from(stdout_write),
        )?;
        let command = b"true\necho \"__S_floor_$?\"\n";
        let mut buf = vec![0u8; 4096];
        let mut times = Vec::with_capacity(runs);
        for i in 0..warmup + runs {
            let started = Instant::now();
            stdin.write_all(command).map_err(|e| e.to_string())?;
            let mut line = Vec::new();
            while line.last() != Some(&b'\n') {
                let n = read_some(&mut stdout_read, &mut buf)?;
                line.extend_from_slice(&buf[..n]);
            }
            if line != b"__S_floor_0\n" {
                return Err(format!(
                    "unexpected output {:?}",
                    String::from_utf8_lossy(&line)
                ));
            }
            if i >= warmup {
                times.push(started.elapsed().as_secs_f64() * 1e6);
            }
        }
        drop(stdin);
        let _ = child.wait();
        Ok(times)
    }

    /// One read of what the shell wrote; its end is an error here.
    fn read_some(from: &mut PipeReader, buf: &mut [u8]) -> Result<usize, String> {
        match from.read(buf) {
            Ok(0) => Err("the shell exited".into()),
            Ok(n) => Ok(n),
            Err(e) => Err(e.to_string()),
        }
    }

    /// Starts bash in `dir` with `fds` (parent descriptor, child number) in place and stderr on
    /// /dev/null.
    fn spawn_bash(
        args: &[&str],
        dir: &std::path::Path,
        fds: &[(i32, i32)],
        stdin: Stdio,
        stdout: Stdio,
    ) -> Result<std::process::Child, String> {
        let fds = fds.to_vec();
        let mut command = Command::new("bash");
        command
            .args(args)
            .current_dir(dir)
            .stdin(stdin)
            .stdout(stdout)
            .stderr(Stdio::null());
        // SAFETY: only dup2, which is async-signal-safe, runs between fork and exec.
        unsafe {
            command.pre_exec(move || {
                for &(from, to) in &fds {
                    if libc::dup2(from, to) < 0 {
                        return Err(std::io::Error::last_os_error());
                    }
                }
                Ok(())
            });
        }
        command.spawn().map_err(|e| format!("spawning bash: {e}"))
    }
}
