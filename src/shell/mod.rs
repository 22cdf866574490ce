//! The persistent session on a real shell process and its framing protocol; one-shot execution
//! is one run on a fresh session.

pub mod framing;
pub mod reading;
pub mod session;
pub mod status;

pub use session::{CancelToken, RunOutcome, RunRequest, Session, ShellConfig};
