//! This platform's calls, under one name: what the rest of `os/` and the code above it call as
//! `native::…`. The one other place that names a platform is the door (`mod.rs`).

#[cfg(target_os = "linux")]
pub(crate) use super::linux::*;
#[cfg(target_os = "macos")]
pub(crate) use super::macos::*;
#[cfg(windows)]
pub(crate) use super::windows::*;
