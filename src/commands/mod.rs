//! Commands: interception rules, head/tail normalization, and classification of bash commands.
//!
//! Plain Rust, no napi: `src/napi/commands.rs` is the JavaScript skin over [`intercept::check`],
//! [`rules::default_rules`], [`head_tail::normalize`], [`head_tail::apply`] and [`classify::classify`].
//! The bash syntax they read (the segment splitter, the tree-sitter parse) is [`crate::syntax`]'s.

pub mod classify;
pub mod head_tail;
pub mod intercept;
pub mod js_regex;
pub mod rules;

use crate::error::{no_nul, Result};

/// Rejects a command no shell could be given: one with a NUL byte.
pub fn validate_command(command: &str) -> Result<()> {
    no_nul("command", command)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejects_nul_bytes() {
        assert!(validate_command("ls -la").is_ok());
        assert!(validate_command("").is_ok());
        let err = validate_command("ls\0rm").unwrap_err();
        assert_eq!(err.code(), "ERR_INVALID_ARG");
        assert_eq!(
            err.to_string(),
            "command must not contain a NUL byte (at 2) (got \"ls\\0rm\")"
        );
    }
}
