//! Raw Linux system calls (x86_64, aarch64) for code that runs in a process sharing the host's
//! memory but not its thread-local storage: the supervisor and the program's vfork child. libc's
//! wrappers write `errno` into the TLS of the host thread that cloned them (a race with that
//! thread), so these return `-errno` instead and touch nothing but their arguments.
//!
//! A call that only passes integers and Rust slices is a safe function (the kernel reads or
//! writes within the slices it is given); one that takes a raw pointer, or closes or replaces a
//! descriptor number that something else may own, stays `unsafe` with its contract in `# Safety`.

use std::ffi::{c_char, c_int, c_long, c_void};

#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
compile_error!("the supervisor needs raw system calls for this architecture (src/process/sys.rs)");

/// # Safety
/// `n` must be a system call whose arguments `a` are valid for it: every pointer among them
/// points at memory of the size and mutability the call expects.
#[cfg(target_arch = "x86_64")]
unsafe fn syscall6(n: c_long, a: [usize; 6]) -> isize {
    let ret: isize;
    // SAFETY: the caller passes a valid system call; the kernel clobbers only rcx and r11.
    unsafe {
        core::arch::asm!(
            "syscall",
            inlateout("rax") n as isize => ret,
            in("rdi") a[0], in("rsi") a[1], in("rdx") a[2],
            in("r10") a[3], in("r8") a[4], in("r9") a[5],
            lateout("rcx") _, lateout("r11") _,
            options(nostack),
        );
    }
    ret
}

/// # Safety
/// As the x86_64 version.
#[cfg(target_arch = "aarch64")]
unsafe fn syscall6(n: c_long, a: [usize; 6]) -> isize {
    let ret: isize;
    // SAFETY: the caller passes a valid system call; the kernel preserves every other register.
    unsafe {
        core::arch::asm!(
            "svc 0",
            in("x8") n,
            inlateout("x0") a[0] as isize => ret,
            in("x1") a[1], in("x2") a[2], in("x3") a[3], in("x4") a[4], in("x5") a[5],
            options(nostack),
        );
    }
    ret
}

/// `Ok(value)` or `Err(errno)`.
pub type Res = Result<usize, c_int>;

fn check(ret: isize) -> Res {
    if (-4095..0).contains(&ret) {
        Err(-ret as c_int)
    } else {
        Ok(ret as usize)
    }
}

/// # Safety
/// As [`syscall6`].
unsafe fn call(n: c_long, a: [usize; 6]) -> Res {
    // SAFETY: the caller upholds `syscall6`'s contract.
    check(unsafe { syscall6(n, a) })
}

/// Starts a process with `clone(flags)` on the stack ending at `stack_top` (16-byte aligned) that
/// runs `f(arg)` and exits with its return value; returns the new pid in the parent. Unlike
/// libc's `clone`, nothing touches `errno`.
///
/// # Safety
/// `stack_top` must be the top of a mapping that stays valid while the child runs; with
/// `CLONE_VM`, `f` must only make raw system calls and touch memory that outlives the child.
pub unsafe fn clone(
    flags: usize,
    stack_top: *mut u8,
    f: unsafe extern "C" fn(*mut c_void) -> c_int,
    arg: *mut c_void,
) -> Res {
    let ret: isize;
    #[cfg(target_arch = "x86_64")]
    // SAFETY: the child starts on its own stack and never comes back into this function: it
    // calls `f` and exits, so clobbering registers there is harmless.
    unsafe {
        core::arch::asm!(
            "syscall",
            "test rax, rax",
            "jnz 2f",
            "xor ebp, ebp",
            "mov rdi, r12",
            "call r13",
            "mov edi, eax",
            "mov eax, {exit}",
            "syscall",
            "ud2",
            "2:",
            exit = const libc::SYS_exit,
            inlateout("rax") libc::SYS_clone as isize => ret,
            in("rdi") flags, in("rsi") stack_top, in("rdx") 0usize,
            in("r10") 0usize, in("r8") 0usize,
            in("r12") arg, in("r13") f,
            lateout("rcx") _, lateout("r11") _,
        );
    }
    #[cfg(target_arch = "aarch64")]
    // SAFETY: as for x86_64: the child never comes back into this function.
    unsafe {
        core::arch::asm!(
            "svc 0",
            "cbnz x0, 2f",
            "mov x29, xzr",
            "mov x30, xzr",
            "mov x0, x20",
            "blr x21",
            "mov x8, #{exit}",
            "svc 0",
            "brk #0",
            "2:",
            exit = const libc::SYS_exit,
            in("x8") libc::SYS_clone,
            inlateout("x0") flags as isize => ret,
            in("x1") stack_top, in("x2") 0usize, in("x3") 0usize, in("x4") 0usize,
            in("x20") arg, in("x21") f,
        );
    }
    check(ret)
}

/// `read(fd, buf)`.
pub fn read(fd: c_int, buf: &mut [u8]) -> Res {
    // SAFETY: `buf` is valid for writes of `buf.len()` bytes, and read writes at most that many.
    unsafe {
        call(
            libc::SYS_read,
            [fd as usize, buf.as_mut_ptr() as usize, buf.len(), 0, 0, 0],
        )
    }
}

/// `write(fd, buf)`.
pub fn write(fd: c_int, buf: &[u8]) -> Res {
    // SAFETY: `buf` is valid for reads of `buf.len()` bytes, and write reads at most that many.
    unsafe {
        call(
            libc::SYS_write,
            [fd as usize, buf.as_ptr() as usize, buf.len(), 0, 0, 0],
        )
    }
}

/// `close(fd)`.
///
/// # Safety
/// Nothing else may own `fd` (an `OwnedFd` of the host would see its number reused).
pub unsafe fn close(fd: c_int) -> Res {
    // SAFETY: integers only; the caller owns `fd`.
    unsafe { call(libc::SYS_close, [fd as usize, 0, 0, 0, 0, 0]) }
}

/// `close_range(first, last, 0)`.
///
/// # Safety
/// As [`close`], for every descriptor in the range.
pub unsafe fn close_range(first: u32, last: u32) -> Res {
    // SAFETY: integers only; the caller owns the range.
    unsafe {
        call(
            libc::SYS_close_range,
            [first as usize, last as usize, 0, 0, 0, 0],
        )
    }
}

/// `dup3(from, to, flags)`.
///
/// # Safety
/// As [`close`] for `to`, which is closed if open.
pub unsafe fn dup3(from: c_int, to: c_int, flags: c_int) -> Res {
    // SAFETY: integers only; the caller owns `to`.
    unsafe {
        call(
            libc::SYS_dup3,
            [from as usize, to as usize, flags as usize, 0, 0, 0],
        )
    }
}

/// `fcntl(fd, cmd, arg)` with an integer argument (`F_DUPFD_CLOEXEC`).
///
/// # Safety
/// `cmd` must take an integer argument, not a pointer.
pub unsafe fn fcntl(fd: c_int, cmd: c_int, arg: c_int) -> Res {
    // SAFETY: the caller passes a command that takes an integer, so no memory is touched.
    unsafe {
        call(
            libc::SYS_fcntl,
            [fd as usize, cmd as usize, arg as usize, 0, 0, 0],
        )
    }
}

/// `open(path, O_RDONLY | O_CLOEXEC)`.
///
/// # Safety
/// `path` must point at a NUL-terminated string that stays valid for the call.
pub unsafe fn open_read(path: *const c_char) -> Res {
    let flags = (libc::O_RDONLY | libc::O_CLOEXEC) as usize;
    // SAFETY: the caller passes a valid NUL-terminated path.
    unsafe {
        call(
            libc::SYS_openat,
            [libc::AT_FDCWD as usize, path as usize, flags, 0, 0, 0],
        )
    }
}

/// `open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)`: a new file, never an existing
/// one.
///
/// # Safety
/// As [`open_read`].
pub unsafe fn create_new(path: *const c_char, mode: u32) -> Res {
    let flags = (libc::O_WRONLY | libc::O_CREAT | libc::O_EXCL | libc::O_CLOEXEC) as usize;
    // SAFETY: the caller passes a valid NUL-terminated path.
    unsafe {
        call(
            libc::SYS_openat,
            [
                libc::AT_FDCWD as usize,
                path as usize,
                flags,
                mode as usize,
                0,
                0,
            ],
        )
    }
}

/// `mkdir(path, mode)`.
///
/// # Safety
/// As [`open_read`].
pub unsafe fn mkdir(path: *const c_char, mode: u32) -> Res {
    // SAFETY: the caller passes a valid NUL-terminated path.
    unsafe {
        call(
            libc::SYS_mkdirat,
            [
                libc::AT_FDCWD as usize,
                path as usize,
                mode as usize,
                0,
                0,
                0,
            ],
        )
    }
}

/// `open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)`.
///
/// # Safety
/// As [`open_read`].
pub unsafe fn open_directory(path: *const c_char) -> Res {
    let flags = (libc::O_RDONLY | libc::O_DIRECTORY | libc::O_CLOEXEC) as usize;
    // SAFETY: the caller passes a valid NUL-terminated path.
    unsafe {
        call(
            libc::SYS_openat,
            [libc::AT_FDCWD as usize, path as usize, flags, 0, 0, 0],
        )
    }
}

/// Directory entries as `linux_dirent64` records.
pub fn getdents64(fd: c_int, buf: &mut [u8]) -> Res {
    // SAFETY: `buf` is valid for writes of `buf.len()` bytes, and getdents64 writes at most that
    // many.
    unsafe {
        call(
            libc::SYS_getdents64,
            [fd as usize, buf.as_mut_ptr() as usize, buf.len(), 0, 0, 0],
        )
    }
}

/// Rewinds a directory (or file) descriptor to its start.
pub fn lseek_start(fd: c_int) -> Res {
    // SAFETY: integers only; no memory is touched.
    unsafe {
        call(
            libc::SYS_lseek,
            [fd as usize, 0, libc::SEEK_SET as usize, 0, 0, 0],
        )
    }
}

/// `unlinkat(dir, path, flags)`; `dir` may be `AT_FDCWD`.
///
/// # Safety
/// As [`open_read`] for `path`.
pub unsafe fn unlinkat(dir: c_int, path: *const c_char, flags: c_int) -> Res {
    // SAFETY: the caller passes a valid NUL-terminated path.
    unsafe {
        call(
            libc::SYS_unlinkat,
            [dir as usize, path as usize, flags as usize, 0, 0, 0],
        )
    }
}

/// `chdir(path)`.
///
/// # Safety
/// As [`open_read`] for `path`.
pub unsafe fn chdir(path: *const c_char) -> Res {
    // SAFETY: the caller passes a valid NUL-terminated path.
    unsafe { call(libc::SYS_chdir, [path as usize, 0, 0, 0, 0, 0]) }
}

/// `getcwd(buf)`: the directory's path and its terminating NUL at the start of `buf`; returns
/// the length with the NUL. Fails with `ENOENT` when the directory was removed, `ERANGE` when
/// `buf` is too small.
pub fn getcwd(buf: &mut [u8]) -> Res {
    // SAFETY: the kernel writes at most `buf.len()` bytes into `buf`, which we own.
    unsafe {
        call(
            libc::SYS_getcwd,
            [buf.as_mut_ptr() as usize, buf.len(), 0, 0, 0, 0],
        )
    }
}

/// `poll` with a timeout in milliseconds (negative: none), as `ppoll` (aarch64 has no `poll`).
pub fn poll(fds: &mut [libc::pollfd], timeout_ms: i64) -> Res {
    let ts = libc::timespec {
        tv_sec: (timeout_ms / 1000) as _,
        tv_nsec: ((timeout_ms % 1000) * 1_000_000) as _,
    };
    let ts = if timeout_ms < 0 {
        0
    } else {
        &ts as *const libc::timespec as usize
    };
    let args = [fds.as_mut_ptr() as usize, fds.len(), ts, 0, 8, 0];
    // SAFETY: ppoll reads and writes the `fds.len()` entries of `fds` and reads `ts`, which lives
    // on this frame (or gets null); the null sigmask with size 8 leaves the mask alone.
    unsafe { call(libc::SYS_ppoll, args) }
}

/// `wait4(pid, &status, options, NULL)`: `(pid, status)`.
pub fn wait4(pid: c_int, options: c_int) -> Result<(c_int, c_int), c_int> {
    let mut status: c_int = 0;
    let args = [
        pid as usize,
        &mut status as *mut c_int as usize,
        options as usize,
        0,
        0,
        0,
    ];
    // SAFETY: wait4 writes one int, into `status`; the null rusage is not written.
    unsafe { call(libc::SYS_wait4, args) }.map(|pid| (pid as c_int, status))
}

pub fn kill(pid: c_int, sig: c_int) -> Res {
    // SAFETY: integers only; no memory is touched.
    unsafe { call(libc::SYS_kill, [pid as usize, sig as usize, 0, 0, 0, 0]) }
}

pub fn setsid() -> Res {
    // SAFETY: no arguments; no memory is touched.
    unsafe { call(libc::SYS_setsid, [0; 6]) }
}

/// `ioctl(fd, request, arg)` with an integer argument (`TIOCSCTTY`).
///
/// # Safety
/// `request` must take an integer argument, not a pointer.
pub unsafe fn ioctl(fd: c_int, request: libc::c_ulong, arg: usize) -> Res {
    // SAFETY: the caller passes a request that takes an integer, so no memory is touched.
    unsafe {
        call(
            libc::SYS_ioctl,
            [fd as usize, request as usize, arg, 0, 0, 0],
        )
    }
}

/// `prctl(option, arg)`.
///
/// # Safety
/// `option` must take an integer argument (`PR_SET_CHILD_SUBREAPER`, `PR_SET_PDEATHSIG`), not
/// a pointer.
pub unsafe fn prctl(option: c_int, arg: usize) -> Res {
    // SAFETY: the caller passes an option that takes an integer, so no memory is touched.
    unsafe { call(libc::SYS_prctl, [option as usize, arg, 0, 0, 0, 0]) }
}

/// `prctl(option, a, b, c, d)` with every argument (`PR_CAP_AMBIENT`, `PR_SET_NO_NEW_PRIVS`).
///
/// # Safety
/// As [`prctl`], for every argument.
pub unsafe fn prctl5(option: c_int, args: [usize; 4]) -> Res {
    // SAFETY: the caller passes an option that takes integers, so no memory is touched.
    unsafe {
        call(
            libc::SYS_prctl,
            [option as usize, args[0], args[1], args[2], args[3], 0],
        )
    }
}

/// Clears the effective, permitted and inheritable capability sets of the calling process.
pub fn capset_none() -> Res {
    // _LINUX_CAPABILITY_VERSION_3: two 32-bit words per set.
    let header: [u32; 2] = [0x2008_0522, 0];
    let data = [0u32; 6];
    let args = [header.as_ptr() as usize, data.as_ptr() as usize, 0, 0, 0, 0];
    // SAFETY: capset reads the header (2 words) and, for version 3, two 3-word data entries: the
    // six words of `data`, both on this frame.
    unsafe { call(libc::SYS_capset, args) }
}

/// `landlock_restrict_self(ruleset, 0)`: the calling thread enters the ruleset's domain.
pub fn landlock_restrict_self(ruleset: c_int) -> Res {
    // SAFETY: integers only; no memory is touched.
    unsafe {
        call(
            libc::SYS_landlock_restrict_self,
            [ruleset as usize, 0, 0, 0, 0, 0],
        )
    }
}

/// `seccomp(SECCOMP_SET_MODE_FILTER, 0, prog)`.
///
/// # Safety
/// `prog` must point at a `sock_fprog` whose `filter` points at `len` instructions, all valid
/// for the call.
pub unsafe fn seccomp_filter(prog: *const libc::sock_fprog) -> Res {
    // SAFETY: the caller passes a valid program.
    unsafe {
        call(
            libc::SYS_seccomp,
            [
                libc::SECCOMP_SET_MODE_FILTER as usize,
                0,
                prog as usize,
                0,
                0,
                0,
            ],
        )
    }
}

/// The kernel's signal set: one bit per signal, 1..=64.
pub type SigSet = u64;
/// Every signal: the mask the supervisor is started with, so no host handler runs on its stack.
pub const ALL_SIGNALS: SigSet = !0;

pub fn sig_bit(sig: c_int) -> SigSet {
    1 << (sig - 1)
}

/// `rt_sigprocmask(how, set)`, returning the previous mask.
pub fn sigprocmask(how: c_int, set: SigSet) -> Result<SigSet, c_int> {
    let mut old: SigSet = 0;
    let args = [
        how as usize,
        &set as *const SigSet as usize,
        &mut old as *mut SigSet as usize,
        8,
        0,
        0,
    ];
    // SAFETY: rt_sigprocmask reads the 8-byte `set` and writes the 8-byte `old`, both on this
    // frame.
    unsafe { call(libc::SYS_rt_sigprocmask, args) }.map(|_| old)
}

/// The kernel's `struct sigaction` (with `sa_restorer`, which both architectures define).
#[repr(C)]
struct KernelSigaction {
    handler: usize,
    flags: u64,
    restorer: usize,
    mask: SigSet,
}

/// Sets the disposition of `sig` to its default.
pub fn sig_default(sig: c_int) -> Res {
    let act = KernelSigaction {
        handler: libc::SIG_DFL,
        flags: 0,
        restorer: 0,
        mask: 0,
    };
    let args = [
        sig as usize,
        &act as *const KernelSigaction as usize,
        0,
        8,
        0,
        0,
    ];
    // SAFETY: rt_sigaction reads the kernel-layout `act` on this frame; the old action (null) is
    // not written. SIG_DFL installs no handler, so no code of ours can be called.
    unsafe { call(libc::SYS_rt_sigaction, args) }
}

/// A signalfd for `set` (which must be blocked).
pub fn signalfd(set: SigSet, flags: c_int) -> Res {
    let args = [
        usize::MAX,
        &set as *const SigSet as usize,
        8,
        flags as usize,
        0,
        0,
    ];
    // SAFETY: signalfd4 reads the 8-byte `set` on this frame and returns a new descriptor.
    unsafe { call(libc::SYS_signalfd4, args) }
}

/// The soft limit on descriptors.
pub fn nofile_limit() -> Res {
    let mut lim = libc::rlimit64 {
        rlim_cur: 0,
        rlim_max: 0,
    };
    let args = [
        0,
        libc::RLIMIT_NOFILE as usize,
        0,
        &mut lim as *mut libc::rlimit64 as usize,
        0,
        0,
    ];
    // SAFETY: prlimit64 with a null new limit only writes the old one, into `lim` on this frame.
    unsafe { call(libc::SYS_prlimit64, args) }.map(|_| lim.rlim_cur as usize)
}

/// `execve(path, argv, envp)`: returns only on failure, with the errno.
///
/// # Safety
/// `path` must be NUL-terminated; `argv` and `envp` null-terminated arrays of NUL-terminated
/// strings; all valid for the call.
pub unsafe fn execve(
    path: *const c_char,
    argv: *const *const c_char,
    envp: *const *const c_char,
) -> c_int {
    let args = [path as usize, argv as usize, envp as usize, 0, 0, 0];
    // SAFETY: the caller passes valid strings and arrays.
    match unsafe { call(libc::SYS_execve, args) } {
        Ok(_) => 0,
        Err(errno) => errno,
    }
}

/// Ends the calling process (a clone without `CLONE_THREAD` is its own thread group).
pub fn exit(code: c_int) -> ! {
    // SAFETY: integers only; exit_group ends every thread of the process, so nothing of ours runs
    // after it.
    unsafe {
        syscall6(libc::SYS_exit_group, [code as usize, 0, 0, 0, 0, 0]);
    }
    // SAFETY: exit_group does not return.
    unsafe { core::hint::unreachable_unchecked() }
}
