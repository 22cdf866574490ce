//! The seccomp filter of a sandboxed program: what Landlock cannot express. Written as a few
//! lines of classic BPF rather than through a crate (seccompiler, libseccomp): the program is a
//! dozen fixed checks on a syscall number and one argument, which a generator would not make
//! shorter or clearer, and a C library would add a build dependency.
//! Always: no new user namespaces (`unshare`/`clone` with `CLONE_NEWUSER`; `clone3`, whose flags
//! a filter cannot read, answers ENOSYS so that libc falls back to `clone`), no io_uring (its
//! operations bypass the socket checks below), no `open_by_handle_at`; no kernel objects that
//! outlive the sandbox or are shared with processes outside it by a global name or number (SysV
//! shared memory, message queues and semaphores, POSIX message queues, the kernel keyrings); and
//! the calls that change another process's limits or scheduling (`prlimit64`, `setpriority`,
//! `ioprio_set`, `sched_set*`) only on the caller itself (a target of 0): the host runs as the
//! same user, so a limit set on it (`RLIMIT_FSIZE`) would fail the host's own writes.
//! With the network off: `socket` for `AF_UNIX` only, no `connect` at all (Landlock of this era
//! does not confine connecting to a Unix socket by path), no `sendto` with an address, no
//! `sendmmsg` (its addresses are in memory a filter cannot read).

use crate::process::os::sandbox::Network;

// Classic BPF opcodes (linux/filter.h).
const LD_W_ABS: u16 = 0x20;
const JEQ_K: u16 = 0x15;
// Only x86_64 emits it (the x32 syscall range); the tests' interpreter reads it everywhere.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const JGE_K: u16 = 0x35;
const JSET_K: u16 = 0x45;
const RET_K: u16 = 0x06;

// Offsets in `struct seccomp_data`.
const NR_AT: u32 = 0;
const ARCH_AT: u32 = 4;
/// Low 32 bits of argument `i` (both architectures are little-endian).
const fn arg_lo(i: u32) -> u32 {
    16 + 8 * i
}
const fn arg_hi(i: u32) -> u32 {
    16 + 8 * i + 4
}

// Filter return actions (linux/seccomp.h); RET_ERRNO carries the errno in its low 16 bits.
const RET_ALLOW: u32 = 0x7fff_0000;
const RET_KILL_PROCESS: u32 = 0x8000_0000;
const RET_ERRNO: u32 = 0x0005_0000;

/// The architecture the filter admits (AUDIT_ARCH_X86_64 / AUDIT_ARCH_AARCH64, linux/audit.h): a
/// system call of another ABI has other numbers, so it is refused outright.
#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: u32 = 0xc000_003e;
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: u32 = 0xc000_00b7;
/// x86_64's x32 system calls are the same numbers with this bit set: none is allowed.
#[cfg(target_arch = "x86_64")]
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

/// The clone flag the filter looks for, as the 32-bit word it compares.
const CLONE_NEWUSER: u32 = libc::CLONE_NEWUSER as u32;

fn op(code: u16, jt: u8, jf: u8, k: u32) -> libc::sock_filter {
    libc::sock_filter { code, jt, jf, k }
}

fn errno(e: i32) -> u32 {
    RET_ERRNO | (e as u32 & 0xffff)
}

/// Where a jump goes: the next instruction, or a labelled one further on.
#[derive(Clone, Copy, PartialEq)]
enum To {
    Next,
    L(Label),
}

#[derive(Clone, Copy, PartialEq)]
enum Label {
    Syscall,
    NewUser,
    Socket,
    SendTo,
    SelfArg0,
    SelfArg1,
    Eperm,
    Eacces,
    Enosys,
}

/// A few lines of BPF with labelled forward jumps, resolved into offsets by [`Asm::finish`].
#[derive(Default)]
struct Asm {
    code: Vec<(u16, To, To, u32)>,
    labels: Vec<(Label, usize)>,
}

impl Asm {
    fn ld(&mut self, at: u32) {
        self.code.push((LD_W_ABS, To::Next, To::Next, at));
    }
    fn jump(&mut self, code: u16, k: u32, yes: To, no: To) {
        self.code.push((code, yes, no, k));
    }
    fn ret(&mut self, k: u32) {
        self.code.push((RET_K, To::Next, To::Next, k));
    }
    fn label(&mut self, l: Label) {
        self.labels.push((l, self.code.len()));
    }
    fn finish(self) -> Vec<libc::sock_filter> {
        let at = |l: Label| {
            self.labels
                .iter()
                .find(|&&(x, _)| x == l)
                .map(|&(_, i)| i)
                .unwrap_or_else(|| unreachable!("every label used is placed"))
        };
        self.code
            .iter()
            .enumerate()
            .map(|(i, &(code, yes, no, k))| {
                let off = |to: To| match to {
                    To::Next => 0,
                    // BPF jumps forward only, by at most 255: labels follow their users, and
                    // the program is a few dozen instructions.
                    To::L(l) => u8::try_from(at(l).wrapping_sub(i + 1))
                        .unwrap_or_else(|_| unreachable!("a jump backwards or too far")),
                };
                op(code, off(yes), off(no), k)
            })
            .collect()
    }
}

/// Kernel objects found by a global key or number, which a process outside created or will read:
/// SysV IPC (a segment attached, a message sent, a semaphore held), POSIX message queues, keyrings.
const SHARED_BY_NAME: &[libc::c_long] = &[
    libc::SYS_shmget,
    libc::SYS_shmat,
    libc::SYS_shmctl,
    libc::SYS_msgget,
    libc::SYS_msgsnd,
    libc::SYS_msgrcv,
    libc::SYS_msgctl,
    libc::SYS_semget,
    libc::SYS_semop,
    libc::SYS_semtimedop,
    libc::SYS_semctl,
    libc::SYS_mq_open,
    libc::SYS_mq_unlink,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_keyctl,
];
/// Calls on a process named by their first argument: allowed on the caller only (0).
const SELF_ONLY_ARG0: &[libc::c_long] = &[
    libc::SYS_prlimit64,
    libc::SYS_sched_setaffinity,
    libc::SYS_sched_setscheduler,
    libc::SYS_sched_setparam,
    libc::SYS_sched_setattr,
];
/// Calls on a process named by their second argument (`setpriority(which, who, …)`,
/// `ioprio_set(which, who, …)`): allowed on the caller only (0).
const SELF_ONLY_ARG1: &[libc::c_long] = &[libc::SYS_setpriority, libc::SYS_ioprio_set];

/// The filter for `network`, as BPF instructions. The syscall number is loaded once and compared
/// in a chain (the kernel runs the filter for every number when it is installed, to cache which
/// ones are always allowed: a short chain keeps that cheap), and only the few calls whose
/// arguments matter go on to read them.
/// Calls that change a file's metadata (mode, owner, times, extended attributes), which Landlock
/// does not see. Refused outright (EPERM) where the read-only mounts that stop them outside the
/// writable roots could not be made ([`Metadata::Denied`]): inside the roots too, then.
const METADATA: &[libc::c_long] = &[
    #[cfg(target_arch = "x86_64")]
    libc::SYS_chmod,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_chown,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_lchown,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_utime,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_utimes,
    #[cfg(target_arch = "x86_64")]
    libc::SYS_futimesat,
    libc::SYS_fchmod,
    libc::SYS_fchmodat,
    SYS_FCHMODAT2,
    libc::SYS_fchown,
    libc::SYS_fchownat,
    libc::SYS_utimensat,
    libc::SYS_setxattr,
    libc::SYS_lsetxattr,
    libc::SYS_fsetxattr,
    libc::SYS_removexattr,
    libc::SYS_lremovexattr,
    libc::SYS_fremovexattr,
    SYS_SETXATTRAT,
    SYS_REMOVEXATTRAT,
];
/// Numbers shared by every architecture since Linux 5.x's unified table (asm-generic/unistd.h).
const SYS_FCHMODAT2: libc::c_long = 452;
const SYS_SETXATTRAT: libc::c_long = 463;
const SYS_REMOVEXATTRAT: libc::c_long = 466;

/// Whether metadata calls are left to the read-only mounts or refused by the filter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Metadata {
    /// Read-only mounts stop them outside the writable roots.
    ToMounts,
    /// No mounts could be made: refused everywhere.
    Denied,
}

pub(crate) fn filter(network: Network, metadata: Metadata) -> Vec<libc::sock_filter> {
    use Label::*;
    let nr = |n: libc::c_long| n as u32;
    let mut a = Asm::default();
    a.ld(ARCH_AT);
    a.jump(JEQ_K, AUDIT_ARCH, To::L(Syscall), To::Next);
    a.ret(RET_KILL_PROCESS);
    a.label(Syscall);
    a.ld(NR_AT);
    #[cfg(target_arch = "x86_64")]
    a.jump(JGE_K, X32_SYSCALL_BIT, To::L(Enosys), To::Next);
    let to = |a: &mut Asm, n, l| a.jump(JEQ_K, nr(n), To::L(l), To::Next);
    to(&mut a, libc::SYS_io_uring_setup, Eperm);
    to(&mut a, libc::SYS_open_by_handle_at, Eperm);
    to(&mut a, libc::SYS_clone3, Enosys);
    to(&mut a, libc::SYS_unshare, NewUser);
    to(&mut a, libc::SYS_clone, NewUser);
    for &n in SHARED_BY_NAME {
        to(&mut a, n, Eperm);
    }
    if metadata == Metadata::Denied {
        for &n in METADATA {
            to(&mut a, n, Eperm);
        }
    }
    for &n in SELF_ONLY_ARG0 {
        to(&mut a, n, SelfArg0);
    }
    for &n in SELF_ONLY_ARG1 {
        to(&mut a, n, SelfArg1);
    }
    if network == Network::Denied {
        to(&mut a, libc::SYS_socket, Socket);
        to(&mut a, libc::SYS_connect, Eacces);
        to(&mut a, libc::SYS_sendto, SendTo);
        to(&mut a, libc::SYS_sendmmsg, Eacces);
    }
    a.ret(RET_ALLOW);
    a.label(NewUser);
    a.ld(arg_lo(0));
    a.jump(JSET_K, CLONE_NEWUSER, To::L(Eperm), To::Next);
    a.ret(RET_ALLOW);
    // A pid (pid_t: the low word is all the kernel reads) of 0 is the caller.
    a.label(SelfArg0);
    a.ld(arg_lo(0));
    a.jump(JEQ_K, 0, To::Next, To::L(Eperm));
    a.ret(RET_ALLOW);
    a.label(SelfArg1);
    a.ld(arg_lo(1));
    a.jump(JEQ_K, 0, To::Next, To::L(Eperm));
    a.ret(RET_ALLOW);
    if network == Network::Denied {
        // socket(family, …): AF_UNIX only.
        a.label(Socket);
        a.ld(arg_lo(0));
        a.jump(JEQ_K, libc::AF_UNIX as u32, To::Next, To::L(Eacces));
        a.ret(RET_ALLOW);
        // sendto(fd, buf, len, flags, addr, addrlen): an address (a named Unix socket) is refused.
        a.label(SendTo);
        a.ld(arg_lo(4));
        a.jump(JEQ_K, 0, To::Next, To::L(Eacces));
        a.ld(arg_hi(4));
        a.jump(JEQ_K, 0, To::Next, To::L(Eacces));
        a.ret(RET_ALLOW);
    }
    a.label(Eperm);
    a.ret(errno(libc::EPERM));
    a.label(Eacces);
    a.ret(errno(libc::EACCES));
    a.label(Enosys);
    a.ret(errno(libc::ENOSYS));
    a.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs the filter on one system call, as the kernel's interpreter would.
    fn run(prog: &[libc::sock_filter], arch: u32, nr: u32, args: [u64; 6]) -> u32 {
        let mut data = [0u8; 64];
        data[0..4].copy_from_slice(&nr.to_le_bytes());
        data[4..8].copy_from_slice(&arch.to_le_bytes());
        for (i, a) in args.iter().enumerate() {
            data[16 + 8 * i..24 + 8 * i].copy_from_slice(&a.to_le_bytes());
        }
        let mut acc = 0u32;
        let mut pc = 0usize;
        loop {
            let i = prog[pc];
            pc += 1;
            match i.code {
                LD_W_ABS => {
                    let k = i.k as usize;
                    acc = u32::from_le_bytes([data[k], data[k + 1], data[k + 2], data[k + 3]]);
                }
                JEQ_K | JGE_K | JSET_K => {
                    let taken = match i.code {
                        JEQ_K => acc == i.k,
                        JGE_K => acc >= i.k,
                        _ => acc & i.k != 0,
                    };
                    pc += if taken { i.jt } else { i.jf } as usize;
                }
                RET_K => return i.k,
                other => panic!("unexpected opcode {other:#x}"),
            }
        }
    }

    fn call(net: Network, n: libc::c_long, args: [u64; 6]) -> u32 {
        run(&filter(net, Metadata::ToMounts), AUDIT_ARCH, n as u32, args)
    }

    #[test]
    fn without_mounts_metadata_calls_are_refused() {
        for n in [
            libc::SYS_fchmodat,
            libc::SYS_utimensat,
            libc::SYS_fsetxattr,
            libc::SYS_fchownat,
        ] {
            let prog = filter(Network::Allowed, Metadata::Denied);
            assert_eq!(run(&prog, AUDIT_ARCH, n as u32, [0; 6]), errno(libc::EPERM));
            assert_eq!(call(Network::Allowed, n, [0; 6]), RET_ALLOW);
        }
    }

    #[test]
    fn the_filter_answers_as_meant() {
        use Network::*;
        let inet = libc::AF_INET as u64;
        let unix = libc::AF_UNIX as u64;
        let newuser = libc::CLONE_NEWUSER as u64;
        let cases: &[(Network, libc::c_long, [u64; 6], u32)] = &[
            (Denied, libc::SYS_read, [0; 6], RET_ALLOW),
            (
                Denied,
                libc::SYS_socket,
                [inet, 1, 0, 0, 0, 0],
                errno(libc::EACCES),
            ),
            (Denied, libc::SYS_socket, [unix, 1, 0, 0, 0, 0], RET_ALLOW),
            (Allowed, libc::SYS_socket, [inet, 1, 0, 0, 0, 0], RET_ALLOW),
            (
                Denied,
                libc::SYS_connect,
                [3, 0, 0, 0, 0, 0],
                errno(libc::EACCES),
            ),
            (Allowed, libc::SYS_connect, [3, 0, 0, 0, 0, 0], RET_ALLOW),
            (Denied, libc::SYS_sendto, [3, 0, 0, 0, 0, 0], RET_ALLOW),
            (
                Denied,
                libc::SYS_sendto,
                [3, 0, 0, 0, 1 << 40, 0],
                errno(libc::EACCES),
            ),
            (
                Denied,
                libc::SYS_sendto,
                [3, 0, 0, 0, 0x1000, 0],
                errno(libc::EACCES),
            ),
            (
                Allowed,
                libc::SYS_unshare,
                [newuser, 0, 0, 0, 0, 0],
                errno(libc::EPERM),
            ),
            (
                Allowed,
                libc::SYS_unshare,
                [libc::CLONE_NEWNS as u64, 0, 0, 0, 0, 0],
                RET_ALLOW,
            ),
            (
                Allowed,
                libc::SYS_clone,
                [newuser | 17, 0, 0, 0, 0, 0],
                errno(libc::EPERM),
            ),
            (Allowed, libc::SYS_clone, [17, 0, 0, 0, 0, 0], RET_ALLOW),
            (Allowed, libc::SYS_clone3, [0; 6], errno(libc::ENOSYS)),
            (
                Allowed,
                libc::SYS_io_uring_setup,
                [0; 6],
                errno(libc::EPERM),
            ),
            (
                Allowed,
                libc::SYS_open_by_handle_at,
                [0; 6],
                errno(libc::EPERM),
            ),
        ];
        let shared = [
            libc::SYS_shmget,
            libc::SYS_shmat,
            libc::SYS_msgsnd,
            libc::SYS_semop,
            libc::SYS_mq_open,
            libc::SYS_add_key,
            libc::SYS_keyctl,
        ];
        let mut cases = cases.to_vec();
        for n in shared {
            cases.push((Allowed, n, [0; 6], errno(libc::EPERM)));
        }
        let host = 4242u64;
        cases.extend([
            (Allowed, libc::SYS_prlimit64, [0, 1, 0, 0, 0, 0], RET_ALLOW),
            (
                Allowed,
                libc::SYS_prlimit64,
                [host, 1, 0, 0, 0, 0],
                errno(libc::EPERM),
            ),
            (
                Allowed,
                libc::SYS_sched_setaffinity,
                [host, 8, 0, 0, 0, 0],
                errno(libc::EPERM),
            ),
            (
                Allowed,
                libc::SYS_setpriority,
                [0, 0, 19, 0, 0, 0],
                RET_ALLOW,
            ),
            (
                Allowed,
                libc::SYS_setpriority,
                [0, host, 19, 0, 0, 0],
                errno(libc::EPERM),
            ),
            (
                Allowed,
                libc::SYS_ioprio_set,
                [1, host, 0, 0, 0, 0],
                errno(libc::EPERM),
            ),
            (
                Denied,
                libc::SYS_sendmmsg,
                [3, 0, 1, 0, 0, 0],
                errno(libc::EACCES),
            ),
            (Allowed, libc::SYS_sendmmsg, [3, 0, 1, 0, 0, 0], RET_ALLOW),
        ]);
        for &(net, n, args, want) in &cases {
            assert_eq!(call(net, n, args), want, "{net:?} syscall {n} {args:?}");
        }
        assert_eq!(
            run(&filter(Allowed, Metadata::ToMounts), 0x4000_0003, 0, [0; 6]),
            RET_KILL_PROCESS
        );
        #[cfg(target_arch = "x86_64")]
        assert_eq!(
            run(
                &filter(Allowed, Metadata::ToMounts),
                AUDIT_ARCH,
                X32_SYSCALL_BIT,
                [0; 6]
            ),
            errno(libc::ENOSYS)
        );
    }
}
