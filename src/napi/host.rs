//! Which Node-API host runs us, as far as a `Shell` must know to choose how its status pipe is
//! watched: on the host's own event loop (libuv, which only Node and Electron are), or on the
//! runtime (threadsafe functions only, which every Node-API host has). Nothing here calls libuv.

use std::ffi::CStr;
use std::sync::OnceLock;

use napi::{sys, Env};

/// Set to `runtime` to watch every new `Shell`'s status pipe on the runtime even under Node
/// (`npm run bench` compares both paths this way).
pub(super) const STATUS_WATCH_ENV: &str = "AGENT_SHELL_STATUS_WATCH";

/// Where a `Shell` watches its status pipe.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum StatusWatch {
    /// On the host's libuv loop: the JS thread wakes and settles the run itself (Node, Electron).
    EventLoop,
    /// On a runtime thread, which hands the run to the JS thread through a threadsafe function.
    Runtime,
}

/// The watch for a new `Shell` on `env`'s host.
///
/// Bun and Deno export libuv's names without libuv behind them: Bun's are stubs that abort the
/// process (`unsupported uv function: uv_poll_init`), and Deno's `uv_poll_start` is an
/// emulation that reports a readable descriptor once and then stops watching it, where libuv
/// keeps reporting while the handle is active; a session's second run then waits forever for a
/// report nobody reads. So the libuv path is taken only where the host says it is Node itself,
/// which `process.versions` tells without calling anything that could abort.
pub(super) fn status_watch(env: &Env) -> StatusWatch {
    if std::env::var(STATUS_WATCH_ENV).is_ok_and(|v| v == "runtime") {
        return StatusWatch::Runtime;
    }
    static NODE: OnceLock<bool> = OnceLock::new();
    if *NODE.get_or_init(|| is_node(env.raw())) {
        StatusWatch::EventLoop
    } else {
        StatusWatch::Runtime
    }
}

/// `process.versions.node` is set and no other runtime announces itself, in `process.versions`
/// (Bun and Deno set `bun` and `deno` there beside the Node version they emulate) or as a global
/// (`Bun`, `Deno`). Electron is Node with `versions.electron`, and its libuv is real.
fn is_node(env: sys::napi_env) -> bool {
    let mut global = std::ptr::null_mut();
    // SAFETY: `env` is the environment of the call that is constructing a `Shell`, on its thread.
    if unsafe { sys::napi_get_global(env, &mut global) } != sys::Status::napi_ok {
        return false;
    }
    let other_runtime = [c"Bun", c"Deno"].iter().any(|name| {
        !matches!(
            kind(env, global, name),
            Some(sys::ValueType::napi_undefined)
        )
    });
    if other_runtime {
        return false;
    }
    let Some(versions) =
        property(env, global, c"process").and_then(|process| property(env, process, c"versions"))
    else {
        return false;
    };
    kind(env, versions, c"node") == Some(sys::ValueType::napi_string)
        && [c"bun", c"deno"]
            .iter()
            .all(|name| kind(env, versions, name) == Some(sys::ValueType::napi_undefined))
}

/// `object[name]` when it is an object.
fn property(env: sys::napi_env, object: sys::napi_value, name: &CStr) -> Option<sys::napi_value> {
    let mut value = std::ptr::null_mut();
    let mut value_kind = sys::ValueType::napi_undefined;
    // SAFETY: `object` is a live value of `env`, on its thread; `name` is NUL-terminated.
    let read = unsafe {
        sys::napi_get_named_property(env, object, name.as_ptr(), &mut value) == sys::Status::napi_ok
            && sys::napi_typeof(env, value, &mut value_kind) == sys::Status::napi_ok
    };
    (read && value_kind == sys::ValueType::napi_object).then_some(value)
}

/// The type of `object[name]`; `None` when reading it threw (the exception is cleared: this is
/// a probe, not the caller's business).
fn kind(env: sys::napi_env, object: sys::napi_value, name: &CStr) -> Option<sys::napi_valuetype> {
    let mut value = std::ptr::null_mut();
    let mut value_kind = sys::ValueType::napi_undefined;
    // SAFETY: as in `property`.
    let read = unsafe {
        sys::napi_get_named_property(env, object, name.as_ptr(), &mut value) == sys::Status::napi_ok
            && sys::napi_typeof(env, value, &mut value_kind) == sys::Status::napi_ok
    };
    if !read {
        let mut exception = std::ptr::null_mut();
        // SAFETY: as above; clears what a throwing getter left pending.
        unsafe { sys::napi_get_and_clear_last_exception(env, &mut exception) };
        return None;
    }
    Some(value_kind)
}
