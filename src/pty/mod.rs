//! The pseudo-terminal session (docs/api.md §4): commands on a fresh terminal each, the terminal model
//! that answers their queries and keeps their screen, and the terminal's size rules.

pub(crate) mod open;
pub mod session;
mod size;
mod terminal;

pub use session::{Program, PtyOutcome, PtyRequest, PtyRun, PtySession};
pub use size::TermSize;
