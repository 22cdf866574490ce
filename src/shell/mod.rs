//! The persistent session on a real shell process and its framing protocol; one-shot execution
//! is one run on a fresh session.

mod bash;
pub mod framing;
mod live;
mod neutral;
pub mod pool;
pub mod reading;
mod request;
pub mod session;
pub mod snapshot;
mod start;
pub(crate) mod state;
pub mod status;

pub use pool::{Pool, PoolOptions};
pub use request::{validate_run, RunOutcome, RunRequest, ShellConfig, Stderr};
pub use session::Session;
pub(crate) use start::start_env;
