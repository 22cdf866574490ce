//! Start latency of a supervised command: today's supervisor (a `clone(CLONE_VM)` of the host)
//! against a helper executable started with `posix_spawn` (its own address space), with plain
//! `posix_spawn` and `fork` + `exec` for scale (issue 20). One process, variants interleaved
//! (order rotated every iteration), the host holding a touched heap of each size asked for.
//!
//!   node bench/spawn_hop.mjs     # builds all of it, runs 3 rounds beside executeShell, writes
//!                                # bench/SPAWN-HOP-RESULTS.md
//! or by hand (the two special helpers first: each build overwrites the example's usual output):
//!   cargo rustc --release --example spawn_hop_helper -- -C target-feature=+crt-static
//!   cp target/release/examples/spawn_hop_helper target/release/examples/spawn_hop_helper-static
//!   cargo rustc --release --example spawn_hop_helper_min -- --cfg spawn_hop_min -C panic=abort \
//!     -C relocation-model=static -C target-feature=+crt-static -C link-arg=-nostartfiles
//!   cp target/release/examples/spawn_hop_helper_min target/release/examples/spawn_hop_helper-min
//!   cargo build --release --example spawn_hop --example spawn_hop_helper
//!   target/release/examples/spawn_hop [--iters 300] [--warmup 20] [--heaps 0,200,1024] [--rounds 1]
//!     [--only LABEL,..] [--fork] [--json] [--check]
//!
//! The helpers found beside this program (`spawn_hop_helper`, `-static`, `-min`) are each measured
//! from their file and from a memfd.
//!
//! Variants (each measured from "start requested" to "exit status received by the host"):
//! - `clone`: a reduced copy of `supervisor::start` for `executeShell`'s shape (stdio on
//!   /dev/null, a control and a status pipe at 250/251, the liveness and ready pipes, the report
//!   on the status pipe): region mmap + guard pages + plan, `clone(CLONE_VM)` of the supervisor,
//!   which resets signals, `setsid`, subreaper, moves descriptors, signalfd, `close_range`, then
//!   `clone(CLONE_VM|CLONE_VFORK)` + subreaper + pdeathsig + `execve`; the host reads `ready`,
//!   opens a pidfd, releases, reads the report.
//! - `helper:NAME`: the same host work and the same supervisor code, but the supervisor is the
//!   executable NAME (examples/spawn_hop_helper.rs), started with `posix_spawn` (file actions
//!   place the descriptors, all signals blocked), which writes the program's pid on `ready`.
//! - `memfd:NAME`: as `helper:NAME`, the executable's bytes copied once into a memfd (as a helper
//!   embedded in the .node would be) and spawned through /proc/self/fd/N.
//! - `spawn`: `posix_spawn` of the program itself (stdio on /dev/null), `waitpid`.
//! - `fork` (with `--fork` only): `fork` + `execve` of the program itself, `waitpid` (cost grows
//!   with the host's heap, and the work it leaves behind slows the variant run after it).
//!
//! Not timed: resolving the program on PATH (identical in both designs), reaping the supervisor
//! or helper after the report (it exits on its own; `reaped` columns give start → reaped).

use std::ffi::{c_char, c_int, CString};
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI32, Ordering};
use std::time::Instant;

// src/process/os/linux/sys.rs is linted where it lives (the crate), not in each program that includes it.
#[allow(dead_code, clippy::undocumented_unsafe_blocks)]
#[path = "../../src/process/os/linux/sys.rs"]
mod sys;

#[path = "core.rs"]
mod hop;

use hop::{Plan, MAX_FDS, MAX_PREFIX_BYTES};

const SUPERVISOR_STACK_BYTES: usize = 64 * 1024;
const CHILD_STACK_BYTES: usize = 32 * 1024;
/// As the session's framing: the shell's control and status descriptors.
const CTL_FD: RawFd = 250;
const STATUS_FD: RawFd = 251;
/// A report prefix as long as the session's (record start + `X`).
const PREFIX: &[u8] = b"\x1eAS0123456789abcdefX";

fn main() {
    if let Err(e) = run() {
        eprintln!("spawn_hop: {e}");
        std::process::exit(1);
    }
}

struct Options {
    iters: usize,
    warmup: usize,
    heaps_mb: Vec<usize>,
    rounds: usize,
    json: bool,
    check: bool,
    /// Only the variants whose label contains one of these.
    only: Vec<String>,
    fork: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        iters: 300,
        warmup: 20,
        heaps_mb: vec![0, 200, 1024],
        rounds: 1,
        json: false,
        check: false,
        only: Vec::new(),
        fork: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--iters" => o.iters = value()?.parse().map_err(|e| format!("{e}"))?,
            "--warmup" => o.warmup = value()?.parse().map_err(|e| format!("{e}"))?,
            "--rounds" => o.rounds = value()?.parse().map_err(|e| format!("{e}"))?,
            "--heaps" => {
                o.heaps_mb = value()?
                    .split(',')
                    .map(|h| h.parse().map_err(|e| format!("{e}")))
                    .collect::<Result<_, _>>()?
            }
            "--json" => o.json = true,
            "--check" => o.check = true,
            "--fork" => o.fork = true,
            "--only" => o.only = value()?.split(',').map(str::to_string).collect(),
            other => return Err(format!("unknown option {other}")),
        }
    }
    if o.iters == 0 {
        return Err("--iters must be at least 1".into());
    }
    Ok(o)
}

#[derive(Clone)]
enum Variant {
    Clone,
    /// `clone_exec`: started by a `clone(CLONE_VM)` child that only places descriptors and
    /// execs (the host does not wait for the exec, as it waits in `posix_spawn`'s vfork).
    Helper {
        name: String,
        path: CString,
        clone_exec: bool,
    },
    Spawn,
    Fork,
}

impl Variant {
    fn label(&self) -> String {
        match self {
            Variant::Clone => "clone (today)".into(),
            Variant::Helper { name, .. } => name.clone(),
            Variant::Spawn => "posix_spawn direct".into(),
            Variant::Fork => "fork+exec direct".into(),
        }
    }
}

struct Program {
    label: &'static str,
    path: CString,
    argv0: String,
    args: Vec<String>,
}

fn run() -> Result<(), String> {
    let o = options()?;
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let dir = exe.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut helpers: Vec<(String, PathBuf)> = Vec::new();
    for name in [
        "spawn_hop_helper",
        "spawn_hop_helper-static",
        "spawn_hop_helper-min",
    ] {
        let p = dir.join(name);
        if p.is_file() {
            helpers.push((name.to_string(), p));
        }
    }
    if helpers.is_empty() {
        return Err(format!(
            "no spawn_hop_helper beside {} (cargo build --release --example spawn_hop_helper)",
            exe.display()
        ));
    }
    let mut variants = vec![Variant::Clone];
    // The memfds stay open (close-on-exec) for the whole run, as an embedded helper's would.
    let mut memfds = Vec::new();
    for (name, path) in &helpers {
        eprintln!("{name}: {}", describe_binary(path));
        variants.push(Variant::Helper {
            name: format!("helper:{name}"),
            path: cstring(path.as_os_str().as_encoded_bytes())?,
            clone_exec: false,
        });
        if name.ends_with("-min") {
            variants.push(Variant::Helper {
                name: format!("clone_exec:{name}"),
                path: cstring(path.as_os_str().as_encoded_bytes())?,
                clone_exec: true,
            });
        }
        let t = Instant::now();
        let fd = memfd_with(path)?;
        eprintln!(
            "{name}: copied into memfd {} in {:.0} µs",
            fd.as_raw_fd(),
            t.elapsed().as_secs_f64() * 1e6
        );
        variants.push(Variant::Helper {
            name: format!("memfd:{name}"),
            path: cstring(format!("/proc/self/fd/{}", fd.as_raw_fd()).as_bytes())?,
            clone_exec: false,
        });
        memfds.push(fd);
    }
    variants.push(Variant::Spawn);
    // Opt-in: a fork of a large host leaves work (its copy's page tables to tear down) that
    // slows whatever runs next, so it does not go into the interleaved mix by default.
    if o.fork {
        variants.push(Variant::Fork);
    }
    if !o.only.is_empty() {
        variants.retain(|v| o.only.iter().any(|w| v.label().contains(w.as_str())));
    }

    let bash = which("bash").ok_or("bash not on PATH")?;
    let programs = [
        Program {
            label: "bash -c true",
            path: cstring(bash.as_os_str().as_encoded_bytes())?,
            argv0: "bash".into(),
            args: vec!["-c".into(), "true".into()],
        },
        Program {
            label: "/bin/true",
            path: cstring(b"/bin/true")?,
            argv0: "true".into(),
            args: vec![],
        },
    ];
    let env: Vec<(String, String)> = std::env::vars().collect();
    let null = {
        // SAFETY: a NUL-ended literal; we own the returned descriptor.
        let fd = unsafe { libc::open(c"/dev/null".as_ptr(), libc::O_RDWR | libc::O_CLOEXEC) };
        if fd < 0 {
            return Err(io::Error::last_os_error().to_string());
        }
        // SAFETY: just opened, owned by nothing else.
        unsafe { OwnedFd::from_raw_fd(fd) }
    };
    let mut ctx = Ctx {
        env,
        null: null.as_raw_fd(),
        check: false,
    };
    if o.check {
        return check(&mut ctx, &variants, &programs);
    }

    for round in 1..=o.rounds {
        for &heap_mb in &o.heaps_mb {
            let heap = touched_heap(heap_mb);
            let mut samples: Vec<Vec<(Vec<f64>, Vec<f64>)>> = programs
                .iter()
                .map(|_| variants.iter().map(|_| (Vec::new(), Vec::new())).collect())
                .collect();
            for i in 0..o.warmup + o.iters {
                for (p, program) in programs.iter().enumerate() {
                    for k in 0..variants.len() {
                        let v = (i + k) % variants.len();
                        let (status_us, reaped_us) =
                            once(&ctx, &variants[v], program).map_err(|e| {
                                format!("{} {}: {e}", variants[v].label(), program.label)
                            })?;
                        if i >= o.warmup {
                            samples[p][v].0.push(status_us);
                            samples[p][v].1.push(reaped_us);
                        }
                    }
                }
            }
            std::hint::black_box(&heap);
            drop(heap);
            report(&o, round, heap_mb, &programs, &variants, &mut samples);
        }
    }
    drop(memfds);
    Ok(())
}

fn report(
    o: &Options,
    round: usize,
    heap_mb: usize,
    programs: &[Program],
    variants: &[Variant],
    samples: &mut [Vec<(Vec<f64>, Vec<f64>)>],
) {
    for (p, program) in programs.iter().enumerate() {
        if !o.json {
            println!(
                "\nround {round}, host heap {heap_mb} MB touched, {}: {} iterations",
                program.label, o.iters
            );
            println!("| variant | median µs | p90 µs | reaped median µs |");
            println!("|---|---|---|---|");
        }
        for (v, variant) in variants.iter().enumerate() {
            let (status, reaped) = &mut samples[p][v];
            let (m, p90, rm) = (q(status, 0.5), q(status, 0.9), q(reaped, 0.5));
            if o.json {
                println!(
                    "{{\"round\":{round},\"heapMb\":{heap_mb},\"program\":{:?},\"variant\":{:?},\"medianUs\":{m:.1},\"p90Us\":{p90:.1},\"reapedMedianUs\":{rm:.1},\"n\":{}}}",
                    program.label,
                    variant.label(),
                    status.len()
                );
            } else {
                println!("| {} | {m:.0} | {p90:.0} | {rm:.0} |", variant.label());
            }
        }
    }
}

fn q(v: &mut [f64], p: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v[((v.len() - 1) as f64 * p).round() as usize]
}

/// A heap of `mb` MiB with every page written, as a host's would be.
fn touched_heap(mb: usize) -> Vec<u8> {
    let mut heap = vec![0u8; mb << 20];
    for i in (0..heap.len()).step_by(4096) {
        heap[i] = 1;
    }
    heap
}

struct Ctx {
    env: Vec<(String, String)>,
    null: RawFd,
    /// Verify what the supervisor set up for the program (`--check`).
    check: bool,
}

/// `--check`: every variant starts each program once with its set-up verified, and reports a
/// missing program as ENOENT.
fn check(ctx: &mut Ctx, variants: &[Variant], programs: &[Program]) -> Result<(), String> {
    ctx.check = true;
    let missing = Program {
        label: "missing",
        path: cstring(b"/nonexistent/spawn-hop")?,
        argv0: "spawn-hop".into(),
        args: vec![],
    };
    for variant in variants {
        for program in programs {
            once(ctx, variant, program)
                .map_err(|e| format!("{} {}: {e}", variant.label(), program.label))?;
        }
        if matches!(variant, Variant::Clone | Variant::Helper { .. }) {
            match once(ctx, variant, &missing) {
                Err(e) if e.raw_os_error() == Some(libc::ENOENT) => {}
                other => {
                    return Err(format!(
                        "{}: a missing program gave {other:?}",
                        variant.label()
                    ))
                }
            }
        }
        println!("check ok: {}", variant.label());
    }
    Ok(())
}

/// The program's parent, process group and session are its supervisor's, and (/bin/true) it
/// starts with no signal blocked or ignored (the supervisor starts with all blocked).
fn verify(supervisor: libc::pid_t, program: libc::pid_t) -> io::Result<()> {
    let stat = std::fs::read_to_string(format!("/proc/{program}/stat"))?;
    let after = stat.rsplit_once(')').map(|(_, a)| a).unwrap_or("");
    let fields: Vec<&str> = after.split_whitespace().collect();
    // state ppid pgrp session
    let (ppid, pgrp, sid) = (fields.get(1), fields.get(2), fields.get(3));
    let want = supervisor.to_string();
    if ppid != Some(&want.as_str()) || sid != Some(&want.as_str()) || pgrp != Some(&want.as_str()) {
        return Err(io::Error::other(format!(
            "program {program}: ppid {ppid:?} pgrp {pgrp:?} session {sid:?}, supervisor {supervisor}"
        )));
    }
    let status = std::fs::read_to_string(format!("/proc/{program}/status"))?;
    if status.starts_with("Name:\tbash") {
        // bash may be running and ignoring SIGINT itself by now; /bin/true shows what it got.
        return Ok(());
    }
    for key in ["SigBlk:", "SigIgn:"] {
        let line = status.lines().find(|l| l.starts_with(key)).unwrap_or("");
        if !line.trim_end().ends_with("0000000000000000") {
            return Err(io::Error::other(format!("program {program}: {line}")));
        }
    }
    Ok(())
}

/// One start to exit status; returns (µs to status received, µs to supervisor or child reaped).
fn once(ctx: &Ctx, variant: &Variant, program: &Program) -> io::Result<(f64, f64)> {
    let t0 = Instant::now();
    match variant {
        Variant::Clone | Variant::Helper { .. } => {
            let (ctl_read, ctl_write) = pipe()?;
            let (status_read, status_write) = pipe()?;
            let fds = [
                (ctl_read.as_raw_fd(), CTL_FD),
                (status_write.as_raw_fd(), STATUS_FD),
            ];
            let started = match variant {
                Variant::Helper {
                    path, clone_exec, ..
                } => start_helper(ctx, path, *clone_exec, program, &fds)?,
                _ => start_clone(ctx, program, &fds)?,
            };
            drop((ctl_read, status_write));
            if ctx.check {
                verify(started.supervisor, started.program)?;
            }
            // As spawn::spawn_supervised: a pidfd while the program is held unreaped, then go.
            let pidfd = pidfd_open(started.program)?;
            let go = [1u8];
            // SAFETY: one byte from our buffer to our descriptor.
            if unsafe { libc::write(started.liveness.as_raw_fd(), go.as_ptr().cast(), 1) } != 1 {
                return Err(io::Error::last_os_error());
            }
            let status = read_report(&status_read)?;
            let status_us = t0.elapsed().as_secs_f64() * 1e6;
            if status != 0 {
                return Err(io::Error::other(format!("status {status}")));
            }
            drop((pidfd, ctl_write));
            let Started {
                supervisor,
                liveness,
                region,
                ..
            } = started;
            wait(supervisor)?;
            let reaped_us = t0.elapsed().as_secs_f64() * 1e6;
            drop((liveness, region));
            Ok((status_us, reaped_us))
        }
        Variant::Spawn => {
            let pid = spawn_direct(ctx, program)?;
            let status = wait(pid)?;
            let us = t0.elapsed().as_secs_f64() * 1e6;
            if status != 0 {
                return Err(io::Error::other(format!("status {status}")));
            }
            Ok((us, us))
        }
        Variant::Fork => {
            let pid = fork_direct(ctx, program)?;
            let status = wait(pid)?;
            let us = t0.elapsed().as_secs_f64() * 1e6;
            if status != 0 {
                return Err(io::Error::other(format!("status {status}")));
            }
            Ok((us, us))
        }
    }
}

struct Started {
    supervisor: libc::pid_t,
    program: libc::pid_t,
    liveness: OwnedFd,
    /// The clone's memory, unmapped once it was reaped.
    region: Option<Region>,
}

/// The descriptors as `supervisor::start` lays them out: stdio on /dev/null, the caller's, then
/// the liveness and ready pipes above them, close-on-exec.
fn layout(
    ctx: &Ctx,
    fds: &[(RawFd, RawFd)],
    live_read: RawFd,
    ready_write: RawFd,
) -> (Vec<(RawFd, RawFd, c_int)>, RawFd, RawFd) {
    let mut all = vec![(ctx.null, 0, 0), (ctx.null, 1, 0), (ctx.null, 2, 0)];
    all.extend(fds.iter().map(|&(from, to)| (from, to, 0)));
    let above = all.iter().map(|&(_, to, _)| to).max().unwrap_or(2) + 1;
    let (liveness, ready) = (above, above + 1);
    all.push((live_read, liveness, libc::O_CLOEXEC));
    all.push((ready_write, ready, libc::O_CLOEXEC));
    (all, liveness, ready)
}

/// Today's start path (`supervisor::start`, reduced to what `executeShell` uses).
fn start_clone(ctx: &Ctx, program: &Program, fds: &[(RawFd, RawFd)]) -> io::Result<Started> {
    let (live_read, live_write) = pipe()?;
    let (ready_read, ready_write) = pipe()?;
    let (all, liveness, ready) = layout(ctx, fds, live_read.as_raw_fd(), ready_write.as_raw_fd());

    let page = 4096;
    let sup_stack = (page, page + SUPERVISOR_STACK_BYTES);
    let child_stack = (sup_stack.1 + page, sup_stack.1 + page + CHILD_STACK_BYTES);
    let plan_at = child_stack.1;
    let path = program.path.as_bytes();
    let strings: usize = [path.len(), program.argv0.len(), b"/bin/sh".len()]
        .into_iter()
        .chain(program.args.iter().map(String::len))
        .chain(ctx.env.iter().map(|(k, v)| k.len() + 1 + v.len()))
        .map(|n| n + 1)
        .sum();
    let arrays = (program.args.len() + 3 + ctx.env.len() + 1) * 8 + 32;
    let len = (plan_at + std::mem::size_of::<Plan>() + arrays + strings).div_ceil(page) * page;
    let region = Region::new(len)?;
    for guard in [0, sup_stack.1] {
        // SAFETY: a page inside the region we just mapped.
        if unsafe { libc::mprotect(region.base.add(guard).cast(), page, libc::PROT_NONE) } < 0 {
            return Err(io::Error::last_os_error());
        }
    }
    let mut arena = Arena {
        // SAFETY: offsets inside the region.
        at: unsafe { region.base.add(plan_at + std::mem::size_of::<Plan>()) },
        // SAFETY: the end of the region.
        end: unsafe { region.base.add(len) },
    };
    let mut argv = vec![
        arena.string(b"/bin/sh"),
        arena.string(program.argv0.as_bytes()),
    ];
    argv.extend(program.args.iter().map(|a| arena.string(a.as_bytes())));
    let envp: Vec<_> = ctx
        .env
        .iter()
        .map(|(k, v)| arena.string(format!("{k}={v}").as_bytes()))
        .collect();
    let mut plan = Plan {
        path: arena.string(path),
        argv: arena.pointers(&argv),
        envp: arena.pointers(&envp),
        cwd: std::ptr::null(),
        fds: [(0, 0, 0); MAX_FDS],
        nfds: all.len(),
        liveness,
        ready,
        report_fd: STATUS_FD,
        prefix: [0; MAX_PREFIX_BYTES],
        prefix_len: PREFIX.len(),
        // SAFETY: the top of the child stack, inside the region.
        child_stack_top: unsafe { region.base.add(child_stack.1) },
        errno: AtomicI32::new(0),
        program: AtomicI32::new(0),
        pid_on_ready: false,
    };
    plan.fds[..all.len()].copy_from_slice(&all);
    plan.prefix[..PREFIX.len()].copy_from_slice(PREFIX);
    // SAFETY: the plan's place in the region, aligned (plan_at is a multiple of the page size).
    let plan_ptr = unsafe { region.base.add(plan_at) } as *mut Plan;
    // SAFETY: as above; nothing else refers to that memory yet.
    unsafe { plan_ptr.write(plan) };

    // The host's mask, restored right after the clone.
    let old = sys::sigprocmask(libc::SIG_SETMASK, sys::ALL_SIGNALS)
        .map_err(io::Error::from_raw_os_error)?;
    // SAFETY: the supervisor runs on the region's stack, which lives until it was reaped, and
    // makes raw system calls only.
    let pid = unsafe {
        sys::clone(
            (libc::CLONE_VM | libc::SIGCHLD) as usize,
            region.base.add(sup_stack.1),
            hop::supervise,
            plan_ptr.cast(),
        )
    };
    // Restores the mask saved above.
    let _ = sys::sigprocmask(libc::SIG_SETMASK, old);
    let pid = pid.map_err(io::Error::from_raw_os_error)? as i32;
    drop((live_read, ready_write));

    let mut buf = [0u8; 8];
    loop {
        // SAFETY: into our own buffer.
        let n = unsafe { libc::read(ready_read.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
        if n >= 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break;
        }
    }
    let plan = region.plan(plan_at);
    let program = plan.program.load(Ordering::Acquire);
    if program <= 0 {
        let errno = plan.errno.load(Ordering::Acquire);
        drop(live_write);
        let _ = wait(pid);
        return Err(io::Error::from_raw_os_error(errno));
    }
    Ok(Started {
        supervisor: pid,
        program,
        liveness: live_write,
        region: Some(region),
    })
}

/// The alternative: the same supervisor in an executable of its own, started with posix_spawn.
fn start_helper(
    ctx: &Ctx,
    helper: &CString,
    clone_exec: bool,
    program: &Program,
    fds: &[(RawFd, RawFd)],
) -> io::Result<Started> {
    let (live_read, live_write) = pipe()?;
    let (ready_read, ready_write) = pipe()?;
    let (all, liveness, ready) = layout(ctx, fds, live_read.as_raw_fd(), ready_write.as_raw_fd());
    // posix_spawn's file actions put every source at a number above all sources and targets (no
    // dup2 can overwrite a source still to be copied); the helper moves them to their targets.
    let base = all
        .iter()
        .map(|&(from, to, _)| from.max(to))
        .max()
        .unwrap_or(2)
        + 1;
    let mut args: Vec<CString> = Vec::with_capacity(16 + program.args.len());
    let mut arg = |s: String| -> io::Result<()> {
        args.push(CString::new(s).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?);
        Ok(())
    };
    arg("spawn_hop_helper".into())?;
    arg(all.len().to_string())?;
    for (i, &(_, to, flags)) in all.iter().enumerate() {
        arg(format!("{}:{to}:{flags}", base + i as RawFd))?;
    }
    arg(liveness.to_string())?;
    arg(ready.to_string())?;
    arg(STATUS_FD.to_string())?;
    arg(PREFIX.iter().map(|b| format!("{b:02x}")).collect())?;
    arg("-".into())?;
    arg("--".into())?;
    arg(String::from_utf8_lossy(program.path.as_bytes()).into_owned())?;
    arg(program.argv0.clone())?;
    for a in &program.args {
        arg(a.clone())?;
    }
    let envs = env_cstrings(ctx)?;

    let moves: Vec<(RawFd, RawFd)> = all
        .iter()
        .enumerate()
        .map(|(i, &(from, _, _))| (from, base + i as RawFd))
        .collect();
    // Lives until the helper was reaped (a clone_exec child reads it until it exec'd).
    let mut launch = None;
    let pid = if clone_exec {
        let (pid, memory) = clone_exec_helper(helper, &args, &envs, &moves)?;
        launch = Some(memory);
        pid
    } else {
        let mut actions = FileActions::new()?;
        for &(from, to) in &moves {
            actions.dup2(from, to)?;
        }
        let attr = SpawnAttr::all_blocked()?;
        posix_spawn(helper, &actions, &attr, &args, &envs)?
    };
    drop((live_read, ready_write));

    let mut buf = [0u8; 4];
    let n = loop {
        // SAFETY: into our own buffer.
        let n = unsafe { libc::read(ready_read.as_raw_fd(), buf.as_mut_ptr().cast(), buf.len()) };
        if n >= 0 || io::Error::last_os_error().kind() != io::ErrorKind::Interrupted {
            break n;
        }
    };
    let value = i32::from_ne_bytes(buf);
    if n != 4 || value <= 0 {
        drop(live_write);
        let _ = wait(pid);
        drop(launch);
        return Err(match n {
            4 => io::Error::from_raw_os_error(-value),
            _ => io::Error::other("the helper exited before starting the program"),
        });
    }
    Ok(Started {
        supervisor: pid,
        program: value,
        liveness: live_write,
        region: launch.map(|l| l.region),
    })
}

/// What a `clone_exec` child reads: it shares our memory until its `execve`.
#[repr(C)]
struct ExecPlan {
    path: *const c_char,
    argv: *const *const c_char,
    envp: *const *const c_char,
    moves: [(RawFd, RawFd); MAX_FDS],
    nmoves: usize,
}

struct CloneLaunch {
    region: Region,
}

/// The helper started without `posix_spawn`: a `clone(CLONE_VM)` child on a stack of its own
/// places the descriptors and execs; we go on at once (no vfork wait). The region holds the
/// stack, the plan and the strings, and is unmapped once the helper was reaped.
fn clone_exec_helper(
    path: &CString,
    args: &[CString],
    envs: &[CString],
    moves: &[(RawFd, RawFd)],
) -> io::Result<(libc::pid_t, CloneLaunch)> {
    let page = 4096;
    let stack = 16 * 1024;
    let plan_at = page + stack;
    let strings: usize = std::iter::once(path)
        .chain(args)
        .chain(envs)
        .map(|c| c.as_bytes().len() + 1)
        .sum();
    let arrays = (args.len() + envs.len() + 2) * 8 + 32;
    let len = (plan_at + std::mem::size_of::<ExecPlan>() + arrays + strings).div_ceil(page) * page;
    let region = Region::new(len)?;
    // SAFETY: the first page of the region we just mapped.
    if unsafe { libc::mprotect(region.base.cast(), page, libc::PROT_NONE) } < 0 {
        return Err(io::Error::last_os_error());
    }
    let mut arena = Arena {
        // SAFETY: offsets inside the region.
        at: unsafe { region.base.add(plan_at + std::mem::size_of::<ExecPlan>()) },
        // SAFETY: the end of the region.
        end: unsafe { region.base.add(len) },
    };
    let argv: Vec<_> = args.iter().map(|a| arena.string(a.as_bytes())).collect();
    let envp: Vec<_> = envs.iter().map(|e| arena.string(e.as_bytes())).collect();
    let mut plan = ExecPlan {
        path: arena.string(path.as_bytes()),
        argv: arena.pointers(&argv),
        envp: arena.pointers(&envp),
        moves: [(0, 0); MAX_FDS],
        nmoves: moves.len().min(MAX_FDS),
    };
    plan.moves[..plan.nmoves].copy_from_slice(&moves[..plan.nmoves]);
    // SAFETY: the plan's place in the region, page-aligned.
    let plan_ptr = unsafe { region.base.add(plan_at) } as *mut ExecPlan;
    // SAFETY: as above; nothing else refers to that memory yet.
    unsafe { plan_ptr.write(plan) };
    // The host's mask, restored right after the clone; the child execs with all blocked, as
    // posix_spawn's attribute would have it.
    let old = sys::sigprocmask(libc::SIG_SETMASK, sys::ALL_SIGNALS)
        .map_err(io::Error::from_raw_os_error)?;
    // SAFETY: the child runs on the region's stack, which lives until the helper was reaped, and
    // makes raw system calls only.
    let pid = unsafe {
        sys::clone(
            (libc::CLONE_VM | libc::SIGCHLD) as usize,
            region.base.add(plan_at),
            exec_helper,
            plan_ptr.cast(),
        )
    };
    // Restores the mask saved above.
    let _ = sys::sigprocmask(libc::SIG_SETMASK, old);
    let pid = pid.map_err(io::Error::from_raw_os_error)? as i32;
    Ok((pid, CloneLaunch { region }))
}

/// The `clone_exec` child: descriptors to the numbers the helper expects (all above every
/// source), then `execve`. Raw system calls only.
unsafe extern "C" fn exec_helper(arg: *mut std::ffi::c_void) -> c_int {
    // SAFETY: the plan lives until the helper was reaped.
    let plan = unsafe { &*(arg as *const ExecPlan) };
    for &(from, to) in &plan.moves[..plan.nmoves] {
        // SAFETY: raw system call.
        if unsafe { sys::dup3(from, to, 0) }.is_err() {
            return 127;
        }
    }
    // SAFETY: raw system call on the plan's strings.
    let _ = unsafe { sys::execve(plan.path, plan.argv, plan.envp) };
    127
}

fn env_cstrings(ctx: &Ctx) -> io::Result<Vec<CString>> {
    ctx.env
        .iter()
        .map(|(k, v)| {
            CString::new(format!("{k}={v}"))
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))
        })
        .collect()
}

fn program_argv(program: &Program) -> io::Result<Vec<CString>> {
    std::iter::once(&program.argv0)
        .chain(&program.args)
        .map(|a| {
            CString::new(a.as_bytes()).map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))
        })
        .collect()
}

fn spawn_direct(ctx: &Ctx, program: &Program) -> io::Result<libc::pid_t> {
    let mut actions = FileActions::new()?;
    for fd in 0..3 {
        actions.dup2(ctx.null, fd)?;
    }
    let attr = SpawnAttr::new()?;
    posix_spawn(
        &program.path,
        &actions,
        &attr,
        &program_argv(program)?,
        &env_cstrings(ctx)?,
    )
}

fn fork_direct(ctx: &Ctx, program: &Program) -> io::Result<libc::pid_t> {
    let argv = program_argv(program)?;
    let envs = env_cstrings(ctx)?;
    let argv_p = null_ended(&argv);
    let envp = null_ended(&envs);
    // SAFETY: this program is single-threaded; the child only makes async-signal-safe calls.
    let pid = unsafe { libc::fork() };
    if pid == 0 {
        // SAFETY: the child: descriptors, exec, _exit.
        unsafe {
            for fd in 0..3 {
                libc::dup2(ctx.null, fd);
            }
            libc::execve(program.path.as_ptr(), argv_p.as_ptr(), envp.as_ptr());
            libc::_exit(127);
        }
    }
    if pid < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(pid)
}

fn null_ended(items: &[CString]) -> Vec<*const c_char> {
    items
        .iter()
        .map(|c| c.as_ptr())
        .chain(std::iter::once(std::ptr::null()))
        .collect()
}

struct FileActions(libc::posix_spawn_file_actions_t);

impl FileActions {
    fn new() -> io::Result<Box<FileActions>> {
        // SAFETY: zeroed storage, initialized by the call below before any other use.
        let mut fa = Box::new(FileActions(unsafe { std::mem::zeroed() }));
        // SAFETY: fa is valid storage for the object.
        errno_result(unsafe { libc::posix_spawn_file_actions_init(&mut fa.0) })?;
        Ok(fa)
    }

    fn dup2(&mut self, from: RawFd, to: RawFd) -> io::Result<()> {
        // SAFETY: an initialized object.
        errno_result(unsafe { libc::posix_spawn_file_actions_adddup2(&mut self.0, from, to) })
    }
}

impl Drop for FileActions {
    fn drop(&mut self) {
        // SAFETY: initialized in new.
        unsafe { libc::posix_spawn_file_actions_destroy(&mut self.0) };
    }
}

struct SpawnAttr(libc::posix_spawnattr_t);

impl SpawnAttr {
    fn new() -> io::Result<Box<SpawnAttr>> {
        // SAFETY: zeroed storage, initialized by the call below before any other use.
        let mut attr = Box::new(SpawnAttr(unsafe { std::mem::zeroed() }));
        // SAFETY: attr is valid storage for the object.
        errno_result(unsafe { libc::posix_spawnattr_init(&mut attr.0) })?;
        Ok(attr)
    }

    /// The child starts with every signal blocked, as today's supervisor does.
    fn all_blocked() -> io::Result<Box<SpawnAttr>> {
        let mut attr = SpawnAttr::new()?;
        // SAFETY: a sigset_t on our stack, filled before use; attr is initialized.
        unsafe {
            let mut all: libc::sigset_t = std::mem::zeroed();
            libc::sigfillset(&mut all);
            errno_result(libc::posix_spawnattr_setsigmask(&mut attr.0, &all))?;
            errno_result(libc::posix_spawnattr_setflags(
                &mut attr.0,
                libc::POSIX_SPAWN_SETSIGMASK as libc::c_short,
            ))?;
        }
        Ok(attr)
    }
}

impl Drop for SpawnAttr {
    fn drop(&mut self) {
        // SAFETY: initialized in new.
        unsafe { libc::posix_spawnattr_destroy(&mut self.0) };
    }
}

fn posix_spawn(
    path: &CString,
    actions: &FileActions,
    attr: &SpawnAttr,
    argv: &[CString],
    envs: &[CString],
) -> io::Result<libc::pid_t> {
    let argv_p = null_ended(argv);
    let envp = null_ended(envs);
    let mut pid = 0;
    // SAFETY: NUL-ended strings and arrays that outlive the call; initialized objects.
    errno_result(unsafe {
        libc::posix_spawn(
            &mut pid,
            path.as_ptr(),
            &actions.0,
            &attr.0,
            argv_p.as_ptr() as *const *mut c_char,
            envp.as_ptr() as *const *mut c_char,
        )
    })?;
    Ok(pid)
}

fn errno_result(rc: c_int) -> io::Result<()> {
    match rc {
        0 => Ok(()),
        e => Err(io::Error::from_raw_os_error(e)),
    }
}

/// Reads the supervisor's report (`prefix`, status in decimal, NUL) and returns the status.
fn read_report(fd: &OwnedFd) -> io::Result<i32> {
    let mut buf = [0u8; 128];
    let mut len = 0;
    loop {
        // SAFETY: into the free part of our own buffer.
        let n = unsafe {
            libc::read(
                fd.as_raw_fd(),
                buf[len..].as_mut_ptr().cast(),
                buf.len() - len,
            )
        };
        if n < 0 {
            let e = io::Error::last_os_error();
            if e.kind() == io::ErrorKind::Interrupted {
                continue;
            }
            return Err(e);
        }
        if n == 0 {
            return Err(io::Error::other("status pipe closed without a report"));
        }
        len += n as usize;
        if let Some(end) = buf[..len].iter().position(|&b| b == 0) {
            let text = buf[..end]
                .strip_prefix(PREFIX)
                .ok_or_else(|| io::Error::other("report without the prefix"))?;
            return String::from_utf8_lossy(text)
                .parse()
                .map_err(|e| io::Error::other(format!("report: {e}")));
        }
        if len == buf.len() {
            return Err(io::Error::other("report too long"));
        }
    }
}

fn wait(pid: libc::pid_t) -> io::Result<c_int> {
    let mut status = 0;
    loop {
        // SAFETY: into our own variable.
        if unsafe { libc::waitpid(pid, &mut status, 0) } == pid {
            return Ok(status);
        }
        let e = io::Error::last_os_error();
        if e.kind() != io::ErrorKind::Interrupted {
            return Err(e);
        }
    }
}

fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0; 2];
    // SAFETY: into our own array.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: two descriptors just returned to us.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

fn pidfd_open(pid: i32) -> io::Result<OwnedFd> {
    // SAFETY: no pointers; returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, libc::PIDFD_NONBLOCK) };
    if fd < 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: a descriptor just returned to us.
    Ok(unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// A close-on-exec memfd holding the file at `path`.
fn memfd_with(path: &Path) -> Result<OwnedFd, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    // SAFETY: a NUL-ended literal; we own the returned descriptor.
    let fd = unsafe { libc::memfd_create(c"spawn_hop_helper".as_ptr(), libc::MFD_CLOEXEC) };
    if fd < 0 {
        return Err(format!("memfd_create: {}", io::Error::last_os_error()));
    }
    // SAFETY: just created, owned by nothing else.
    let fd = unsafe { OwnedFd::from_raw_fd(fd) };
    let mut file = std::fs::File::from(fd);
    io::Write::write_all(&mut file, &bytes).map_err(|e| e.to_string())?;
    Ok(OwnedFd::from(file))
}

/// Size, and whether it names an ELF interpreter (`PT_INTERP`: dynamically linked).
fn describe_binary(path: &Path) -> String {
    let Ok(bytes) = std::fs::read(path) else {
        return "unreadable".into();
    };
    let u16_at = |at: usize| {
        bytes
            .get(at..at + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]) as usize)
    };
    let u64_at = |at: usize| {
        let b: [u8; 8] = bytes.get(at..at + 8)?.try_into().ok()?;
        Some(u64::from_le_bytes(b) as usize)
    };
    // ELF64 little-endian: e_phoff at 0x20, e_phentsize at 0x36, e_phnum at 0x38; PT_INTERP = 3.
    let interp = (|| {
        let (off, size, num) = (u64_at(0x20)?, u16_at(0x36)?, u16_at(0x38)?);
        Some((0..num).any(|i| bytes.get(off + i * size..off + i * size + 4) == Some(&[3, 0, 0, 0])))
    })();
    let linking = match interp {
        Some(true) => "dynamically linked (PT_INTERP)",
        Some(false) => "statically linked (no PT_INTERP)",
        None => "not an ELF64 file",
    };
    format!("{} bytes, {linking}", bytes.len())
}

fn which(name: &str) -> Option<PathBuf> {
    std::env::var_os("PATH")?
        .to_str()?
        .split(':')
        .map(|d| Path::new(d).join(name))
        .find(|p| p.is_file())
}

fn cstring(b: &[u8]) -> Result<CString, String> {
    CString::new(b).map_err(|e| e.to_string())
}

/// An anonymous mapping: `[guard][supervisor stack][guard][child stack][plan, strings]`.
struct Region {
    base: *mut u8,
    len: usize,
}

impl Region {
    fn new(len: usize) -> io::Result<Region> {
        // SAFETY: a fresh anonymous mapping.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                len,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | libc::MAP_STACK,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        Ok(Region {
            base: base.cast(),
            len,
        })
    }

    fn plan(&self, at: usize) -> &Plan {
        // SAFETY: the plan was written at `at` before the clone.
        unsafe { &*(self.base.add(at) as *const Plan) }
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        // SAFETY: our own mapping, no longer used (its supervisor was reaped).
        unsafe { libc::munmap(self.base.cast(), self.len) };
    }
}

struct Arena {
    at: *mut u8,
    end: *mut u8,
}

impl Arena {
    fn take(&mut self, len: usize, align: usize) -> *mut u8 {
        let start = self.at.wrapping_add(self.at.align_offset(align));
        assert!(start.wrapping_add(len) <= self.end, "plan sized wrong");
        self.at = start.wrapping_add(len);
        start
    }

    fn string(&mut self, s: &[u8]) -> *const c_char {
        let p = self.take(s.len() + 1, 1);
        // SAFETY: `take` gave len + 1 bytes inside the region.
        unsafe {
            std::ptr::copy_nonoverlapping(s.as_ptr(), p, s.len());
            *p.add(s.len()) = 0;
        }
        p as *const c_char
    }

    fn pointers(&mut self, items: &[*const c_char]) -> *mut *const c_char {
        let p = self.take(std::mem::size_of_val(items) + 8, 8) as *mut *const c_char;
        // SAFETY: `take` gave room for the items and a null.
        unsafe {
            std::ptr::copy_nonoverlapping(items.as_ptr(), p, items.len());
            *p.add(items.len()) = std::ptr::null();
        }
        p
    }
}
