//! Reading a run's options object on the JS thread: optional fields with their type checked and
//! named in the error, maps turned into sorted pairs, paths made absolute, `timeoutMs`, and an
//! AbortSignal wired to a [`CancelToken`].

use std::collections::HashMap;
use std::ffi::CStr;
use std::path::PathBuf;
use std::time::Duration;

use napi::bindgen_prelude::*;
use napi::UnknownRef;

use crate::error::{Error, JsNumber};
use crate::shell::CancelToken;

/// Reads an optional property, naming it when its type is wrong. The key goes to Node-API as a C
/// string, which Node internalizes directly: a key made as a JS string first (napi-rs's
/// `Object::get`) costs a string allocation and a string-table lookup per read, most of the 4 µs
/// that reading a run's options took.
pub fn get<V: FromNapiValue + ValidateNapiValue>(
    obj: &Object,
    field: &CStr,
) -> crate::error::Result<Option<V>> {
    let name = field.to_str().unwrap_or("option");
    let env = obj.value().env;
    let mut value = std::ptr::null_mut();
    let mut kind = sys::ValueType::napi_undefined;
    // SAFETY: `obj` is a live object of this call's environment; `field` is NUL-terminated.
    let read = unsafe {
        sys::napi_get_named_property(env, obj.raw(), field.as_ptr(), &mut value)
            == sys::Status::napi_ok
            && sys::napi_typeof(env, value, &mut kind) == sys::Status::napi_ok
    };
    if !read {
        // A getter that threw: its exception is what the caller sees.
        return Err(Error::invalid(
            name,
            "could not be read",
            "its getter threw",
        ));
    }
    if kind == sys::ValueType::napi_undefined || kind == sys::ValueType::napi_null {
        return Ok(None);
    }
    // SAFETY: `value` was just read from `obj`, in this call's environment.
    let value = unsafe { Unknown::from_napi_value(env, value) }
        .map_err(|e| Error::invalid(name, "could not be read", e.reason))?;
    arg(value, name).map(Some)
}

/// Reads a positional argument, naming it when its type is wrong.
pub fn arg<V: FromNapiValue + ValidateNapiValue>(
    value: Unknown,
    field: &str,
) -> crate::error::Result<V> {
    let (env, raw) = (value.value().env, value.raw());
    // SAFETY: `value` is a live value of this call's environment.
    unsafe { V::validate(env, raw).and_then(|_| V::from_napi_value(env, raw)) }
        .map_err(|e| Error::invalid(field, "has the wrong type", e.reason))
}

/// `timeoutMs`: absent or 0 is no deadline; negative or not finite is `ERR_INVALID_ARG`.
pub fn timeout(obj: &Object) -> crate::error::Result<Option<Duration>> {
    match get::<f64>(obj, c"timeoutMs")? {
        None => Ok(None),
        Some(t) if !t.is_finite() || t < 0.0 => Err(Error::invalid(
            "timeoutMs",
            "must be a finite number >= 0",
            JsNumber(t),
        )),
        Some(0.0) => Ok(None),
        Some(t) => Ok(Some(Duration::from_secs_f64(t / 1000.0))),
    }
}

/// A token cancelled when the options' `signal` aborts (already cancelled when it has), and the
/// listener this added to the signal, to be removed when the run settles.
pub fn abort_token(
    env: &Env,
    obj: &Object,
) -> crate::error::Result<(CancelToken, Option<AbortListener>)> {
    let cancel = CancelToken::default();
    let listener = match get::<Object>(obj, c"signal")? {
        Some(signal) => watch_abort_signal(env, &signal, &cancel).map_err(|e| {
            Error::invalid(
                "signal",
                format!("must be an AbortSignal ({})", e.reason),
                "object",
            )
        })?,
        None => None,
    };
    Ok((cancel, listener))
}

/// Cancels `cancel` when `signal` aborts (or at once when it already has). Returns the listener
/// it added, if any.
fn watch_abort_signal(
    env: &Env,
    signal: &Object,
    cancel: &CancelToken,
) -> Result<Option<AbortListener>> {
    if signal.get::<bool>("aborted")?.unwrap_or(false) {
        cancel.cancel();
        return Ok(None);
    }
    let token = cancel.clone();
    let listener = env.create_function_from_closure::<(), (), _>("onAbort", move |_| {
        token.cancel();
        Ok(())
    })?;
    type AddEventListener<'a> = Function<'a, FnArgs<(String, Function<'a, (), ()>)>, ()>;
    let add: AddEventListener = signal.get_named_property("addEventListener")?;
    add.apply(signal, ("abort".to_string(), listener).into())?;
    Ok(Some(AbortListener {
        signal: signal.to_unknown().create_ref()?,
        listener: listener.to_unknown().create_ref()?,
    }))
}

/// An `abort` listener on a run's AbortSignal. Removed when the run settles: one signal is often
/// reused for many runs (one AbortController per agent turn), and must not collect a listener per
/// run.
pub struct AbortListener {
    signal: UnknownRef,
    listener: UnknownRef,
}

impl AbortListener {
    /// Removes the listener (on the JS thread, once the run has settled).
    pub fn remove(self, env: &Env) {
        let removed = (|| -> Result<()> {
            let signal = Object::from_unknown(self.signal.get_value(env)?)?;
            let listener = self.listener.get_value(env)?;
            type RemoveEventListener<'a> = Function<'a, FnArgs<(String, Unknown<'a>)>, ()>;
            let remove: RemoveEventListener = signal.get_named_property("removeEventListener")?;
            remove.apply(signal, ("abort".to_string(), listener).into())
        })();
        // Nothing to report to: the run has settled, and a signal without removeEventListener
        // could not have taken the listener either.
        drop(removed);
        let _ = self.signal.unref(env);
        let _ = self.listener.unref(env);
    }
}

pub fn sorted(map: Option<HashMap<String, String>>) -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = map.unwrap_or_default().into_iter().collect();
    v.sort();
    v
}

/// A relative `cwd` is taken from the host process's directory, as child_process does.
pub fn absolute(path: &str) -> PathBuf {
    let p = PathBuf::from(path);
    if p.is_absolute() {
        p
    } else {
        std::env::current_dir().map(|d| d.join(&p)).unwrap_or(p)
    }
}
