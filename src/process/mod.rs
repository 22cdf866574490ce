//! Processes: spawning the shell with its descriptors, process-tree discovery and tree kill (with
//! pid-reuse safety), and the non-interactive environment every non-PTY command gets.

pub mod env;
pub(crate) mod fd;
pub mod sandbox;
pub mod spawn;
#[cfg(target_os = "linux")]
pub mod supervisor;
#[cfg(target_os = "linux")]
mod sys;
pub mod tree;

pub use tree::{kill_tree, list_descendants, Proc};
