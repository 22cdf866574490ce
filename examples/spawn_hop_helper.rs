//! The helper side of `spawn_hop` (see examples/spawn_hop/main.rs): a supervisor in a process of
//! its own, started by the host with `posix_spawn`, doing what today's `clone(CLONE_VM)`
//! supervisor does (the same code, examples/spawn_hop/core.rs). Not a product: a measuring stub.
//!
//!   spawn_hop_helper NFDS FROM:TO:FLAGS.. LIVENESS READY REPORT PREFIX_HEX CWD|- -- PATH ARGV0 ARGS..
//!
//! The descriptors FROM were put in place by the host's `posix_spawn` file actions; the program's
//! environment is the helper's own. Signals arrive all blocked (the host's spawn attributes).

use std::ffi::{c_char, c_int, c_void, CString, OsString};
use std::os::unix::ffi::OsStringExt;
use std::sync::atomic::AtomicI32;

// src/process/os/linux/sys.rs is linted where it lives (the crate), not in each program that includes it.
#[allow(dead_code, clippy::undocumented_unsafe_blocks)]
#[path = "../src/process/os/linux/sys.rs"]
mod sys;

#[path = "spawn_hop/core.rs"]
mod hop;

use hop::{Plan, MAX_FDS, MAX_PREFIX_BYTES};

extern "C" {
    static environ: *const *const c_char;
}

const SUPERVISOR_STACK_BYTES: usize = 32 * 1024;

fn main() {
    match plan_from_args(std::env::args_os().skip(1).collect()) {
        Ok(()) => {}
        Err(why) => {
            eprintln!("spawn_hop_helper: {why}");
            std::process::exit(2);
        }
    }
}

fn plan_from_args(args: Vec<OsString>) -> Result<(), String> {
    let mut args = args.into_iter().map(OsString::into_vec);
    let mut next = || args.next().ok_or("too few arguments");
    let number = |b: Vec<u8>| -> Result<i32, String> {
        String::from_utf8_lossy(&b)
            .parse()
            .map_err(|e| format!("{e}"))
    };
    let nfds = number(next()?)? as usize;
    if nfds > MAX_FDS {
        return Err("too many descriptors".into());
    }
    let mut fds = [(0, 0, 0); MAX_FDS];
    for slot in fds.iter_mut().take(nfds) {
        let spec = String::from_utf8_lossy(&next()?).into_owned();
        let parts: Vec<i32> = spec.split(':').filter_map(|p| p.parse().ok()).collect();
        let [from, to, flags] = parts[..] else {
            return Err(format!("bad descriptor {spec}"));
        };
        *slot = (from, to, flags);
    }
    let liveness = number(next()?)?;
    let ready = number(next()?)?;
    let report_fd = number(next()?)?;
    let prefix_hex = next()?;
    let cwd = next()?;
    if next()? != b"--" {
        return Err("expected --".into());
    }
    let path = CString::new(next()?).map_err(|e| e.to_string())?;
    let rest: Vec<CString> = args
        .map(CString::new)
        .collect::<Result<_, _>>()
        .map_err(|e| e.to_string())?;
    let cwd = (cwd != b"-")
        .then(|| CString::new(cwd))
        .transpose()
        .map_err(|e| e.to_string())?;

    let mut prefix = [0u8; MAX_PREFIX_BYTES];
    let prefix_len = (prefix_hex.len() / 2).min(MAX_PREFIX_BYTES);
    for (i, byte) in prefix.iter_mut().enumerate().take(prefix_len) {
        let hex = std::str::from_utf8(&prefix_hex[2 * i..2 * i + 2]).map_err(|e| e.to_string())?;
        *byte = u8::from_str_radix(hex, 16).map_err(|e| e.to_string())?;
    }

    let sh = c"/bin/sh";
    let mut argv: Vec<*const c_char> = vec![sh.as_ptr()];
    argv.extend(rest.iter().map(|a| a.as_ptr()));
    argv.push(std::ptr::null());
    // The vfork child's stack: untouched pages cost nothing; 16-byte aligned top.
    let mut stack = vec![0u8; SUPERVISOR_STACK_BYTES];
    let top = stack.as_mut_ptr().wrapping_add(SUPERVISOR_STACK_BYTES);
    let top = top.wrapping_sub(top as usize % 16);
    let plan = Box::new(Plan {
        path: path.as_ptr(),
        argv: argv.as_mut_ptr(),
        // SAFETY: glibc's environment, not changed by this single-threaded program.
        envp: unsafe { environ },
        cwd: cwd.as_ref().map_or(std::ptr::null(), |c| c.as_ptr()),
        fds,
        nfds,
        liveness,
        ready,
        report_fd,
        prefix,
        prefix_len,
        child_stack_top: top,
        errno: AtomicI32::new(0),
        program: AtomicI32::new(0),
        pid_on_ready: true,
    });
    let plan_ptr: *mut Plan = Box::into_raw(plan);
    // SAFETY: the plan, its strings and the stack are never freed (supervise does not return).
    let _: c_int = unsafe { hop::supervise(plan_ptr.cast::<c_void>()) };
    unreachable!("supervise returned")
}
