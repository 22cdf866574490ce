//! Signal numbers on Windows: Git Bash's (the MSYS2 runtime's, Cygwin's), which is what `kill -9`
//! in a command means and what bash reports as 128+n for an MSYS process a signal ended. A
//! Windows process has no signals: [`super::fd::kill`] ends it with `TerminateProcess` and exit
//! code 128+n for any of them, so a result reads as the same signal; SIGSTOP and SIGCONT are not
//! sent (nothing is suspended).

pub(crate) const SIGHUP: i32 = 1;
pub(crate) const SIGINT: i32 = 2;
pub(crate) const SIGQUIT: i32 = 3;
pub(crate) const SIGILL: i32 = 4;
pub(crate) const SIGTRAP: i32 = 5;
pub(crate) const SIGABRT: i32 = 6;
pub(crate) const SIGFPE: i32 = 8;
pub(crate) const SIGKILL: i32 = 9;
pub(crate) const SIGBUS: i32 = 10;
pub(crate) const SIGSEGV: i32 = 11;
pub(crate) const SIGSYS: i32 = 12;
pub(crate) const SIGPIPE: i32 = 13;
pub(crate) const SIGALRM: i32 = 14;
pub(crate) const SIGTERM: i32 = 15;
pub(crate) const SIGSTOP: i32 = 17;
pub(crate) const SIGCONT: i32 = 19;
pub(crate) const SIGXCPU: i32 = 24;
pub(crate) const SIGXFSZ: i32 = 25;
pub(crate) const SIGUSR1: i32 = 30;
pub(crate) const SIGUSR2: i32 = 31;
