//! The Linux sandbox: what a kernel lacks is named, and a confined program writes only in its
//! roots or, when it cannot enter its sandbox, never runs.

use std::os::fd::AsRawFd;
use std::path::PathBuf;

use pretty_assertions::assert_eq;

use super::*;
use crate::process::spawn::{self, pipe, Report, ReportTo, SpawnSpec};

#[test]
fn what_the_kernel_lacks_is_named() {
    let cases: &[((i32, bool), Network, Option<&str>)] = &[
        ((7, false), Network::Denied, None),
        ((6, false), Network::Denied, None),
        ((3, false), Network::Allowed, None),
        (
            (0, true),
            Network::Allowed,
            Some("the sandbox needs Landlock ABI 3 (filesystem rules with truncate, Linux 6.2); this kernel offers no Landlock (simulated by AGENT_SHELL_SANDBOX_SIMULATE_ABI)"),
        ),
        (
            (3, false),
            Network::Denied,
            Some("the sandbox needs Landlock ABI 4 (TCP bind/connect rules, Linux 6.7) for network: false; this kernel offers Landlock ABI 3"),
        ),
        (
            (5, false),
            Network::Denied,
            Some("the sandbox needs Landlock ABI 6 (abstract Unix socket scoping, Linux 6.12) for network: false; this kernel offers Landlock ABI 5"),
        ),
    ];
    for &(abi, network, want) in cases {
        assert_eq!(
            required(abi, network).err().as_deref(),
            want,
            "{abi:?} {network:?}"
        );
    }
}

#[test]
fn default_roots_are_fixed_once() {
    let policy = SandboxPolicy::default().fixed_at(Path::new("/a"));
    assert_eq!(policy.writable_roots, Some(vec![PathBuf::from("/a")]));
    let again = policy.clone().fixed_at(Path::new("/b"));
    assert_eq!(again, policy);
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("agent-shell-sbx-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("in")).unwrap();
    std::fs::create_dir_all(dir.join("out")).unwrap();
    dir
}

/// Runs `script` under `sh` confined by `policy` started in `cwd`; returns its wait status.
fn run_confined(policy: &SandboxPolicy, cwd: &Path, script: &str) -> i32 {
    let confinement = policy.confine(cwd, None).unwrap();
    let (status_read, status_write) = pipe().unwrap();
    let args = vec!["-c".to_string(), script.to_string()];
    let mut env = vec![("PATH".to_string(), "/usr/bin:/bin".to_string())];
    confinement.set_tmpdir(&mut env, &[]);
    let spawned = spawn::spawn(&SpawnSpec {
        program: "/bin/sh",
        args: &args,
        env: &env,
        cwd: Some(cwd),
        fds: &[],
        report: Report {
            to: ReportTo::Own(status_write.as_raw_fd()),
            prefix: b"S:",
            dir: false,
        },
        scratch_dir: None,
        scratch_file: None,
        tmpdir: None,
        sandbox: Some(&confinement),
    })
    .unwrap();
    drop(status_write);
    let mut out = Vec::new();
    let mut buf = [0u8; 64];
    while let Ok(n) = spawn::read_fd(&status_read, &mut buf) {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
    }
    spawned.end();
    let text = String::from_utf8_lossy(&out);
    text.trim_start_matches("S:")
        .trim_end_matches('\0')
        .parse()
        .unwrap_or(-1)
}

#[test]
fn a_confined_program_writes_only_in_its_roots() {
    let dir = scratch("roots");
    let inside = dir.join("in");
    let policy = SandboxPolicy::default().fixed_at(&inside);
    let status = run_confined(
        &policy,
        &inside,
        &format!(
            "echo a > ok && echo t > \"$TMPDIR/t\" && cat /etc/hostname >/dev/null && \
             ! echo b > {out}/f 2>/dev/null && ! (setsid sh -c 'echo c > {out}/g') 2>/dev/null",
            out = dir.join("out").display()
        ),
    );
    assert_eq!(status, 0);
    assert!(inside.join("ok").exists());
    assert!(!dir.join("out/f").exists() && !dir.join("out/g").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_program_that_cannot_enter_its_sandbox_never_runs() {
    let dir = scratch("enter");
    let marker = dir.join("in/ran");
    let policy = SandboxPolicy::default().fixed_at(&dir.join("in"));
    let mut confinement = policy.confine(&dir.join("in"), None).unwrap();
    // Not a ruleset: landlock_restrict_self refuses it in the vfork child, after no_new_privs.
    confinement.ruleset = std::fs::File::open("/dev/null").unwrap().into();
    let args = vec!["-c".to_string(), format!("touch {}", marker.display())];
    let started = spawn::spawn(&SpawnSpec {
        program: "/bin/sh",
        args: &args,
        env: &[],
        cwd: None,
        fds: &[],
        report: Report {
            to: ReportTo::Own(libc::STDERR_FILENO),
            prefix: b"",
            dir: false,
        },
        scratch_dir: None,
        scratch_file: None,
        tmpdir: None,
        sandbox: Some(&confinement),
    });
    match started {
        Err(crate::error::Error::SandboxUnavailable(why)) => {
            assert!(why.starts_with("landlock_restrict_self failed"), "{why}")
        }
        Err(other) => panic!("expected SandboxUnavailable, got {other:?}"),
        Ok(_) => panic!("the program started outside its sandbox"),
    }
    assert!(!marker.exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `script` as [`run_confined`] does, with the read-only mounts made or (`mounts: false`)
/// not, as where the kernel offers no namespaces.
fn run_confined_mounts(policy: &SandboxPolicy, cwd: &Path, script: &str, mounts: bool) -> i32 {
    confined_report(policy, cwd, script, mounts, false)
        .trim_start_matches("S:")
        .trim_end_matches('\0')
        .parse()
        .unwrap_or(-1)
}

/// Runs `script` as [`run_confined_mounts`] does; returns its supervisor's report, with the
/// directory it exited in when `dir` asks for it.
fn confined_report(
    policy: &SandboxPolicy,
    cwd: &Path,
    script: &str,
    mounts: bool,
    dir: bool,
) -> String {
    let mut confinement = policy.confine(cwd, None).unwrap();
    confinement.mounts.enabled = mounts;
    let (status_read, status_write) = pipe().unwrap();
    let args = vec!["-c".to_string(), script.to_string()];
    let mut env = vec![("PATH".to_string(), "/usr/bin:/bin".to_string())];
    confinement.set_tmpdir(&mut env, &[]);
    let spawned = spawn::spawn(&SpawnSpec {
        program: "/bin/sh",
        args: &args,
        env: &env,
        cwd: Some(cwd),
        fds: &[],
        report: Report {
            to: ReportTo::Own(status_write.as_raw_fd()),
            prefix: b"S:",
            dir,
        },
        scratch_dir: None,
        scratch_file: None,
        tmpdir: None,
        sandbox: Some(&confinement),
    })
    .unwrap();
    drop(status_write);
    let mut out = Vec::new();
    let mut buf = [0u8; 64];
    while let Ok(n) = spawn::read_fd(&status_read, &mut buf) {
        if n == 0 {
            break;
        }
        out.extend_from_slice(&buf[..n]);
    }
    spawned.end();
    String::from_utf8_lossy(&out).into_owned()
}

/// A program in a mount namespace of its own has a directory of its own (`unshare(CLONE_NEWNS)`
/// unshares it): its supervisor, left where the program started, says nothing rather than
/// something wrong. Without the namespaces the directory is still shared, and reported.
#[test]
fn a_sandboxed_program_s_exit_directory_is_reported_only_while_shared() {
    let dir = scratch("exitdir");
    let inside = dir.join("in");
    std::fs::create_dir_all(inside.join("sub")).unwrap();
    let policy = SandboxPolicy::default().fixed_at(&inside);
    let script = "cd sub; exit 3";
    assert_eq!(
        confined_report(&policy, &inside, script, true, true),
        "S:768\0"
    );
    let shared = format!("S:768:{}\0", inside.join("sub").display());
    assert_eq!(
        confined_report(&policy, &inside, script, false, true),
        shared
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn metadata_outside_the_roots_stays_as_it_was() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("meta");
    let inside = dir.join("in");
    let victim = dir.join("out/f");
    std::fs::write(&victim, "x").unwrap();
    std::fs::set_permissions(&victim, std::fs::Permissions::from_mode(0o644)).unwrap();
    let before = std::fs::metadata(&victim).unwrap();
    let out_before = std::fs::metadata(dir.join("out")).unwrap();
    let policy = SandboxPolicy::default().fixed_at(&inside);
    let v = victim.display();
    // With the mounts: outside fails (EROFS), inside works, a subshell's `cd` and new files too.
    let status = run_confined_mounts(
        &policy,
        &inside,
        &format!(
            "! chmod 4777 {v} 2>/dev/null && ! touch -d 2001-01-01 {v} 2>/dev/null && \
             ! chmod 700 {out} 2>/dev/null && \
             echo a > mine && chmod 755 mine && touch -d 2001-01-01 mine && test -x mine && \
             echo t > \"$TMPDIR/t\" && chmod 600 \"$TMPDIR/t\" && mkdir -p sub && cd sub && echo b > b",
            out = dir.join("out").display()
        ),
        true,
    );
    assert_eq!(status, 0);
    assert!(inside.join("sub/b").exists());
    // Without them (no namespaces): metadata calls are refused everywhere, outside included.
    let status = run_confined_mounts(
        &policy,
        &inside,
        &format!("! chmod 4777 {v} 2>/dev/null && ! touch -d 2001-01-01 {v} 2>/dev/null && ! chmod 700 mine 2>/dev/null && echo c > c"),
        false,
    );
    assert_eq!(status, 0);
    let after = std::fs::metadata(&victim).unwrap();
    use std::os::unix::fs::MetadataExt;
    assert_eq!(
        (after.mode(), after.mtime(), after.mtime_nsec()),
        (before.mode(), before.mtime(), before.mtime_nsec())
    );
    assert_eq!(
        std::fs::metadata(dir.join("out")).unwrap().mode(),
        out_before.mode()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `cargo test --release confine_cost -- --ignored --nocapture`: what building a confinement
/// costs in the host (the ruleset, one rule per entry of `/`, both filters), median of 200.
#[test]
#[ignore]
fn confine_cost() {
    let dir = scratch("cost");
    let policy = SandboxPolicy::default().fixed_at(&dir);
    let mut times: Vec<u128> = (0..200)
        .map(|_| {
            let t = std::time::Instant::now();
            drop(policy.confine(&dir, Some(&dir)).unwrap());
            t.elapsed().as_micros()
        })
        .collect();
    times.sort_unstable();
    println!("confine: median {} µs", times[100]);
    std::fs::remove_dir_all(&dir).unwrap();
}
