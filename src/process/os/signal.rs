//! Signal numbers, as the platform's C library defines them: what a result's `signal` and a
//! `killTree(pid, signal)` mean here. Windows has its own table (`windows/signal.rs`).

pub(crate) use libc::{
    SIGABRT, SIGALRM, SIGBUS, SIGCONT, SIGFPE, SIGHUP, SIGILL, SIGINT, SIGKILL, SIGPIPE, SIGQUIT,
    SIGSEGV, SIGSTOP, SIGSYS, SIGTERM, SIGTRAP, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ,
};
