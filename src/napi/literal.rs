//! Result objects of the hot path, built by a small JS function compiled once per environment.
//! Node-API sets an object's properties one call at a time, each a key lookup and a shape change
//! in V8's runtime: a `ShellRunResult` made that way was a tenth of the JS thread's time in a
//! `Shell.run('true')` round trip (perf). An object literal in a JIT-compiled function gets the
//! same from inline caches. Where the function cannot be compiled, napi-rs builds the object.
//! `ShellRunResult` is declared here, beside its maker, for `Shell` and `executeShell` alike.

use napi::bindgen_prelude::{JsValue, ToNapiValue};
use napi::{sys, Env};
use napi_derive::napi;

use super::minimize::JsMinimizerResult;
use super::output::JsOutputSummary;

/// How a command ended. Failure of the command is a result, never a rejection.
#[napi(object)]
pub struct ShellRunResult {
    /// Absent when cancelled or timed out.
    pub exit_code: Option<i32>,
    pub cancelled: bool,
    pub timed_out: bool,
    /// The session's directory after the command.
    pub working_dir: Option<String>,
    pub duration_ms: Option<f64>,
    /// e.g. "SIGSEGV" when the command's last process died of a signal (`exitCode` is then 128+n).
    pub signal: Option<String>,
    /// The shell process had to be replaced (it exited or was wedged); session state was lost.
    pub session_restarted: Option<bool>,
    /// Present when `options.output` was given.
    // Named here: napi-derive knows `JsOutputSummary`'s JS name only once `output.rs` was
    // expanded, which comes after this file.
    #[napi(ts_type = "OutputSummary")]
    pub output: Option<JsOutputSummary>,
    /// Present only when a minimizer filter changed the output (`minimizer` option).
    #[napi(ts_type = "MinimizerResult")]
    pub minimized: Option<JsMinimizerResult>,
    /// With `stderr: "separate"`: stderr's text, in its own summary (the `output` options'
    /// budgets; the defaults without them). `output` and the chunks then hold stdout alone.
    #[napi(ts_type = "OutputSummary")]
    pub stderr: Option<JsOutputSummary>,
}

/// Fields in the order napi-rs gives them (required first, then optional ones as declared), and
/// absent rather than `undefined` when `None`, as napi-rs leaves them.
const SHELL_RUN_RESULT: &str = "(function shellRunResult(cancelled, timedOut, exitCode, workingDir, durationMs, signal, sessionRestarted, output, minimized, stderr) {
  'use strict';
  const r = { cancelled, timedOut };
  if (exitCode !== undefined) r.exitCode = exitCode;
  if (workingDir !== undefined) r.workingDir = workingDir;
  if (durationMs !== undefined) r.durationMs = durationMs;
  if (signal !== undefined) r.signal = signal;
  if (sessionRestarted !== undefined) r.sessionRestarted = sessionRestarted;
  if (output !== undefined) r.output = output;
  if (minimized !== undefined) r.minimized = minimized;
  if (stderr !== undefined) r.stderr = stderr;
  return r;
})";

/// What one environment keeps: the compiled function, or `None` where compiling failed.
struct Makers {
    shell_run_result: Option<sys::napi_ref>,
}

/// A `ShellRunResult` on its way to JS.
pub struct ShellRunResultJs(pub ShellRunResult);

impl ToNapiValue for ShellRunResultJs {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> napi::Result<sys::napi_value> {
        let Some(maker) = shell_run_result_maker(env) else {
            // SAFETY: napi-rs calls this on the JS thread of the live `env`, as the struct's own.
            return unsafe { ShellRunResult::to_napi_value(env, val.0) };
        };
        let r = val.0;
        // SAFETY: as above.
        let argv = unsafe {
            [
                bool::to_napi_value(env, r.cancelled)?,
                bool::to_napi_value(env, r.timed_out)?,
                optional(env, r.exit_code)?,
                optional(env, r.working_dir)?,
                optional(env, r.duration_ms)?,
                optional(env, r.signal)?,
                optional(env, r.session_restarted)?,
                optional(env, r.output)?,
                optional(env, r.minimized)?,
                optional(env, r.stderr)?,
            ]
        };
        let mut recv = std::ptr::null_mut();
        let mut result = std::ptr::null_mut();
        // SAFETY: as above.
        napi::check_status!(unsafe { sys::napi_get_undefined(env, &mut recv) })?;
        // SAFETY: as above; `maker` is a function of `env` and every argument a value made in
        // it just now. The maker is our own code, which does not throw.
        napi::check_status!(unsafe {
            sys::napi_call_function(env, recv, maker, argv.len(), argv.as_ptr(), &mut result)
        })?;
        Ok(result)
    }
}

/// `undefined` for `None` (napi-rs would give `null`).
///
/// # Safety
/// On the JS thread of the live `env`, as `T::to_napi_value`.
unsafe fn optional<T: ToNapiValue>(
    env: sys::napi_env,
    value: Option<T>,
) -> napi::Result<sys::napi_value> {
    match value {
        // SAFETY: as the caller vouches.
        Some(v) => unsafe { T::to_napi_value(env, v) },
        None => {
            let mut undefined = std::ptr::null_mut();
            // SAFETY: as the caller vouches.
            napi::check_status!(unsafe { sys::napi_get_undefined(env, &mut undefined) })?;
            Ok(undefined)
        }
    }
}

/// The environment's compiled maker, compiled on first use. Called by a conversion to JS, so on
/// the JS thread of the live `env`.
fn shell_run_result_maker(env: sys::napi_env) -> Option<sys::napi_value> {
    let js = Env::from_raw(env);
    let reference = match js.get_instance_data::<Makers>() {
        Ok(Some(makers)) => makers.shell_run_result?,
        Err(_) => return None,
        Ok(None) => {
            let compiled = compile(&js, SHELL_RUN_RESULT);
            let makers = Makers {
                shell_run_result: compiled,
            };
            // References die with their environment: nothing to release at teardown.
            js.set_instance_data(makers, (), |_| {}).ok()?;
            compiled?
        }
    };
    let mut value = std::ptr::null_mut();
    // SAFETY: on the JS thread of `env`, whose instance data holds `reference` (made in `env`,
    // alive as long as it is).
    let status = unsafe { sys::napi_get_reference_value(env, reference, &mut value) };
    (status == sys::Status::napi_ok && !value.is_null()).then_some(value)
}

fn compile(env: &Env, source: &str) -> Option<sys::napi_ref> {
    let source = env.create_string(source).ok()?;
    let mut function = std::ptr::null_mut();
    let mut reference = std::ptr::null_mut();
    // SAFETY: `env` is a live environment on its thread (an `Env` is only had there); `source`
    // is a string of it, and `function` is created before it is referenced.
    let ok = unsafe {
        sys::napi_run_script(env.raw(), source.raw(), &mut function) == sys::Status::napi_ok
            && sys::napi_create_reference(env.raw(), function, 1, &mut reference)
                == sys::Status::napi_ok
    };
    if !ok {
        // A host that forbids compiling code throws: that is not the caller's exception.
        let mut exception = std::ptr::null_mut();
        // SAFETY: as above.
        unsafe { sys::napi_get_and_clear_last_exception(env.raw(), &mut exception) };
    }
    ok.then_some(reference)
}
