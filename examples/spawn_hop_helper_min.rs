//! The smallest form of `spawn_hop_helper` (same arguments, same supervisor code,
//! examples/spawn_hop/core.rs): no std, no libc, no dynamic loader, no relocations; its own
//! `_start` reads argv and envp off the initial stack and calls the supervisor. What a helper
//! costs when it is only the exec of a few pages. It must be built with its own flags:
//!
//!   cargo rustc --release --example spawn_hop_helper_min -- --cfg spawn_hop_min -C panic=abort \
//!     -C relocation-model=static -C target-feature=+crt-static -C link-arg=-nostartfiles
//!
//! Built without `--cfg spawn_hop_min` (as `cargo test` builds every example) it is a stub that
//! says so and exits 2.

#![cfg_attr(spawn_hop_min, no_std, no_main)]
#![allow(unexpected_cfgs)]

#[cfg(not(spawn_hop_min))]
fn main() {
    eprintln!("spawn_hop_helper_min: build it with --cfg spawn_hop_min (see its header)");
    std::process::exit(2);
}

#[cfg(all(spawn_hop_min, not(target_arch = "x86_64")))]
compile_error!("spawn_hop_helper_min is written for x86_64 only");

#[cfg(spawn_hop_min)]
extern crate core as std;

#[cfg(spawn_hop_min)]
// src/process/os/linux/sys.rs is linted where it lives (the crate), not in each program that includes it.
#[allow(dead_code, clippy::undocumented_unsafe_blocks)]
#[path = "../src/process/os/linux/sys.rs"]
mod sys;

#[cfg(spawn_hop_min)]
#[path = "spawn_hop/core.rs"]
mod hop;

#[cfg(spawn_hop_min)]
mod min {
    use core::ffi::{c_char, c_void, CStr};
    use core::sync::atomic::AtomicI32;

    use super::hop::{self, Plan, MAX_FDS, MAX_PREFIX_BYTES};
    use super::sys;

    #[panic_handler]
    fn panic(_: &core::panic::PanicInfo) -> ! {
        // SAFETY: ends the process.
        unsafe { sys::exit(101) }
    }

    core::arch::global_asm!(
        ".globl _start",
        "_start:",
        "xor ebp, ebp",
        "mov rdi, rsp",
        "and rsp, -16",
        "call {entry}",
        "ud2",
        entry = sym entry,
    );

    /// The vfork child's stack.
    static mut CHILD_STACK: [u128; 2048] = [0; 2048];
    static mut PLAN: core::mem::MaybeUninit<Plan> = core::mem::MaybeUninit::uninit();

    // What the compiler calls and a libc would give: `rep` string instructions, which no
    // optimizer turns back into a call to themselves. `core`, built with unwinding, names the
    // personality routine; with panic=abort nothing calls it.
    #[no_mangle]
    extern "C" fn rust_eh_personality() {}

    #[no_mangle]
    unsafe extern "C" fn memcpy(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
        // SAFETY: the caller's contract (memcpy's).
        unsafe {
            core::arch::asm!("rep movsb", inout("rdi") dest => _, inout("rsi") src => _,
                inout("rcx") n => _, options(nostack, preserves_flags));
        }
        dest
    }

    #[no_mangle]
    unsafe extern "C" fn memmove(dest: *mut u8, src: *const u8, n: usize) -> *mut u8 {
        if (dest as usize) <= (src as usize) || (dest as usize) >= (src as usize) + n {
            // SAFETY: a forward copy never reads a byte it already wrote.
            return unsafe { memcpy(dest, src, n) };
        }
        if n > 0 {
            // SAFETY: a backward copy of overlapping ranges, direction flag restored.
            unsafe {
                core::arch::asm!("std", "rep movsb", "cld", inout("rdi") dest.add(n - 1) => _,
                    inout("rsi") src.add(n - 1) => _, inout("rcx") n => _, options(nostack));
            }
        }
        dest
    }

    #[no_mangle]
    unsafe extern "C" fn memset(dest: *mut u8, c: i32, n: usize) -> *mut u8 {
        // SAFETY: the caller's contract (memset's).
        unsafe {
            core::arch::asm!("rep stosb", inout("rdi") dest => _, inout("rcx") n => _,
                in("al") c as u8, options(nostack, preserves_flags));
        }
        dest
    }

    #[no_mangle]
    unsafe extern "C" fn strlen(s: *const c_char) -> usize {
        let left: usize;
        // SAFETY: the caller's contract (a NUL-ended string).
        unsafe {
            core::arch::asm!("repne scasb", inout("rdi") s => _, inout("rcx") usize::MAX => left,
                in("al") 0u8, options(nostack, readonly));
        }
        !left - 1
    }

    fn fail(code: i32) -> ! {
        // SAFETY: ends the process.
        unsafe { sys::exit(code) }
    }

    fn number(s: *const c_char) -> i32 {
        if s.is_null() {
            fail(2);
        }
        // SAFETY: an argv string, NUL-ended.
        let bytes = unsafe { CStr::from_ptr(s) }.to_bytes();
        let (neg, digits) = match bytes.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, bytes),
        };
        let mut n: i32 = 0;
        for &b in digits {
            if !b.is_ascii_digit() {
                fail(2);
            }
            n = n.wrapping_mul(10).wrapping_add((b - b'0') as i32);
        }
        if neg {
            -n
        } else {
            n
        }
    }

    fn hex(b: u8) -> u8 {
        match b {
            b'0'..=b'9' => b - b'0',
            b'a'..=b'f' => b - b'a' + 10,
            _ => fail(2),
        }
    }

    /// `sp` is the initial stack: argc, argv.., NULL, envp.., NULL.
    unsafe extern "C" fn entry(sp: *mut usize) -> ! {
        // SAFETY: the kernel's initial stack layout; argv's strings and array are writable.
        unsafe {
            let argc = *sp;
            let argv = sp.add(1) as *mut *const c_char;
            let envp = argv.add(argc + 1) as *const *const c_char;
            let at = core::cell::Cell::new(1);
            let next = || {
                if at.get() >= argc {
                    fail(2);
                }
                at.set(at.get() + 1);
                *argv.add(at.get() - 1)
            };
            let nfds = number(next()) as usize;
            if nfds > MAX_FDS {
                fail(2);
            }
            let mut fds = [(0, 0, 0); MAX_FDS];
            for slot in fds.iter_mut().take(nfds) {
                // FROM:TO:FLAGS
                let spec = CStr::from_ptr(next()).to_bytes();
                let mut parts = [0i32; 3];
                let mut i = 0;
                for &b in spec {
                    if b == b':' {
                        i += 1;
                        if i > 2 {
                            fail(2);
                        }
                    } else if b.is_ascii_digit() {
                        parts[i] = parts[i] * 10 + (b - b'0') as i32;
                    } else {
                        fail(2);
                    }
                }
                *slot = (parts[0], parts[1], parts[2]);
            }
            let liveness = number(next());
            let ready = number(next());
            let report_fd = number(next());
            let prefix_hex = CStr::from_ptr(next()).to_bytes();
            let cwd = next();
            let dashes = next();
            if CStr::from_ptr(dashes).to_bytes() != b"--" {
                fail(2);
            }
            // The path's slot becomes the `/bin/sh` slot before argv0 (see Plan::argv).
            let path_slot = argv.add(at.get());
            let path = next();
            *path_slot = c"/bin/sh".as_ptr();

            let mut prefix = [0u8; MAX_PREFIX_BYTES];
            let prefix_len = (prefix_hex.len() / 2).min(MAX_PREFIX_BYTES);
            for (i, byte) in prefix.iter_mut().enumerate().take(prefix_len) {
                *byte = hex(prefix_hex[2 * i]) << 4 | hex(prefix_hex[2 * i + 1]);
            }
            let stack = &raw mut CHILD_STACK;
            let plan = (&raw mut PLAN).cast::<Plan>();
            plan.write(Plan {
                path,
                argv: path_slot,
                envp,
                cwd: if CStr::from_ptr(cwd).to_bytes() == b"-" {
                    core::ptr::null()
                } else {
                    cwd
                },
                fds,
                nfds,
                liveness,
                ready,
                report_fd,
                prefix,
                prefix_len,
                child_stack_top: stack.cast::<u8>().add(core::mem::size_of_val(&*stack)),
                errno: AtomicI32::new(0),
                program: AtomicI32::new(0),
                pid_on_ready: true,
            });
            hop::supervise(plan.cast::<c_void>());
            fail(1)
        }
    }
}
