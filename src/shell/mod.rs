//! The persistent session on a real shell process and its framing protocol; one-shot execution
//! is one run on a fresh session.

pub mod framing;
pub mod session;
pub mod status;
pub mod syntax;

pub(crate) use crate::run::CancelToken;
pub use session::{RunOutcome, RunRequest, Session, ShellConfig};
