//! Classifies a bash command as read-only, write, dangerous or unknown by walking its real syntax
//! tree (tree-sitter-bash). It fails closed: read-only only when every command that would run is
//! proven to only read; anything it cannot parse or prove is unknown.
//!
//! Nested code is followed: substitutions, `bash -c '…'`, wrappers (`sudo`, `env`, `timeout`, …),
//! `xargs`, `find -exec`. Evasions that hide a command name (`$(echo rm)`, `X=rm; $X`) stay
//! unknown, but a guess at their value still surfaces anything dangerous.
//!
//! The arrows run one way: [`walker`] walks the tree (the syntax itself is `crate::syntax`'s) and
//! hands each program and its [`words`] to `programs`, which dispatches to the file that knows
//! it (`devtools`, `files`, `git`, `network`, `readers`, `system`, `tools`, `wrappers`); those
//! build a [`verdict::Verdict`] with `args`, `grammar` and `specs`, `targets`, `env` and
//! `scripts`, and none of them imports `programs` or the walker back.

mod args;
mod catalog;
pub mod context;
mod data;
mod devtools;
mod env;
mod files;
mod generators;
mod git;
mod grammar;
mod inspectors;
mod javascript;
mod lisp;
mod listings;
mod lua;
mod m4;
mod modes;
mod network;
mod oneliner;
mod perl;
mod php;
mod printers;
mod programs;
mod projects;
mod prolog;
mod python;
mod readers;
mod rlang;
mod ruby;
mod scripts;
mod specs;
mod system;
mod targets;
mod tcl;
mod toolchains;
mod tools;
mod utilities;
mod vcs;
mod verdict;
mod walker;
mod words;
mod wrappers;

pub use context::Context;
pub use verdict::Classification;
use walker::Walker;

/// Classifies `command`, assuming no configuration makes its programs run code.
pub fn classify(command: &str) -> Classification {
    let mut walker = Walker::default();
    walker.script(command);
    walker.finish()
}

/// Classifies `command` as it would run in `context`: what its programs will read there (the git
/// repository, cargo's, npm's, Python's and the pagers' configuration) is read first.
pub fn classify_in(command: &str, context: &Context) -> Classification {
    let probe = context::Probe::new(context.clone());
    let startup = probe.shell_startup();
    let mut walker = Walker::with_probe(probe);
    walker.script(command);
    walker.add(startup);
    walker.finish()
}

#[cfg(test)]
mod corpus_tests;
#[cfg(test)]
mod tests;
