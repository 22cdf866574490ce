//! The single mapping from [`crate::error::Error`] to a JavaScript error carrying a string `code`
//! (docs/api.md §8), and the panic guard that keeps a Rust panic from taking the host down.
//!
//! napi-rs builds rejections from `napi::Status`, whose `code` is a fixed enum name. To give JS the
//! contract's codes, the error object is created here, on the JS thread, and handed to napi-rs by
//! reference: sync functions return it as `Err`; `#[napi] async fn`s resolve to [`Coded`], whose
//! conversion turns an `Err` into that object and rejects with it; promises settled through a
//! `JsThread` reject with [`js_error`].
//!
//! Every function here takes a raw `napi_env` and is called on that environment's JS thread,
//! while it is live (from a call from JS, or a job of a `JsThread`): the SAFETY comments below
//! rest on that.

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::sync::atomic::{AtomicPtr, Ordering};
use std::task::{Context, Poll};

use napi::bindgen_prelude::{FromNapiValue, ToNapiValue, TypeName};
use napi::{sys, Env, Unknown, ValueType};

use super::value::shown;
use crate::error::{Error, Thrown};

/// Creates the JS `Error` with `code` and `message` and wraps it so napi-rs throws that object.
pub fn to_js(env: sys::napi_env, err: &Error) -> napi::Error {
    match try_js_error(env, err) {
        // SAFETY: `js_error` was just made in `env`, on its thread (module rule).
        Ok(js_error) => napi::Error::from(unsafe { Unknown::from_raw_unchecked(env, js_error) }),
        Err(e) => e,
    }
}

/// The JS `Error` with `code` and `message`, to reject a promise with.
pub fn js_error(env: sys::napi_env, err: &Error) -> sys::napi_value {
    match try_js_error(env, err) {
        Ok(js_error) => js_error,
        // SAFETY: on the JS thread of the live `env` (module rule).
        Err(e) => unsafe { napi::JsError::from(e).into_value(env) },
    }
}

fn try_js_error(env: sys::napi_env, err: &Error) -> napi::Result<sys::napi_value> {
    // An exception still pending (the caller's code threw where no reader expected it) would
    // make every call below fail: it becomes the cause instead, unless the error carries one.
    let pending = pending_exception(env);
    let cause = match err {
        Error::Threw { cause, .. } => cause_value(env, cause).or(pending),
        _ => pending,
    };
    // SAFETY: on the JS thread of the live `env` (module rule); every value passed was made in
    // `env` just before, `cause` included, and the property name is NUL-terminated.
    unsafe {
        let code = String::to_napi_value(env, err.code().to_string())?;
        let message = String::to_napi_value(env, err.to_string())?;
        let mut js_error = std::ptr::null_mut();
        napi::check_status!(sys::napi_create_error(env, code, message, &mut js_error))?;
        if matches!(err, Error::Aborted(_)) {
            let name = String::to_napi_value(env, "AbortError".to_string())?;
            napi::check_status!(sys::napi_set_named_property(
                env,
                js_error,
                c"name".as_ptr(),
                name
            ))?;
        }
        if let Some(cause) = cause {
            napi::check_status!(sys::napi_set_named_property(
                env,
                js_error,
                c"cause".as_ptr(),
                cause
            ))?;
        }
        Ok(js_error)
    }
}

/// The pending exception, cleared; `None` when there is none.
fn pending_exception(env: sys::napi_env) -> Option<sys::napi_value> {
    let mut pending = false;
    let mut exception = std::ptr::null_mut();
    // SAFETY: called on `env`'s JS thread, as every function of this module.
    unsafe {
        (sys::napi_is_exception_pending(env, &mut pending) == sys::Status::napi_ok
            && pending
            && sys::napi_get_and_clear_last_exception(env, &mut exception) == sys::Status::napi_ok
            && !exception.is_null())
        .then_some(exception)
    }
}

/// What the caller's code threw, until it becomes an error's `cause`: an object (an `Error`, a
/// symbol) kept alive by a reference, a primitive (`throw 'text'`) by its value. An error dropped
/// without reaching JS (two failures at once, only one reported) leaves its reference behind: one
/// small object, only on that path.
enum JsCause {
    Object {
        env: usize,
        reference: AtomicPtr<sys::napi_ref__>,
    },
    String(String),
    Number(f64),
    Bool(bool),
    Null,
    Undefined,
}

/// Takes the pending exception, if the caller's code threw one, as the error for `field`.
pub fn take_exception(env: sys::napi_env, field: &str) -> Option<Error> {
    let exception = pending_exception(env)?;
    let shown = thrown_text(env, exception);
    Some(Error::Threw {
        field: field.to_string(),
        shown,
        cause: Thrown(Box::new(keep(env, exception))),
    })
}

/// Keeps `value` (live in `env`, on its JS thread) for a later `cause`.
fn keep(env: sys::napi_env, value: sys::napi_value) -> JsCause {
    let mut kind = sys::ValueType::napi_undefined;
    // SAFETY: `value` is a live value of `env`, on its JS thread.
    unsafe { sys::napi_typeof(env, value, &mut kind) };
    match kind {
        sys::ValueType::napi_undefined => JsCause::Undefined,
        sys::ValueType::napi_null => JsCause::Null,
        sys::ValueType::napi_boolean => {
            // SAFETY: `value` is a live boolean of `env`, on its JS thread.
            JsCause::Bool(unsafe { bool::from_napi_value(env, value) }.unwrap_or(false))
        }
        sys::ValueType::napi_number => {
            // SAFETY: `value` is a live number of `env`, on its JS thread.
            JsCause::Number(unsafe { f64::from_napi_value(env, value) }.unwrap_or(f64::NAN))
        }
        sys::ValueType::napi_string => {
            // SAFETY: `value` is a live string of `env`, on its JS thread.
            JsCause::String(unsafe { String::from_napi_value(env, value) }.unwrap_or_default())
        }
        _ => {
            let mut reference = std::ptr::null_mut();
            // SAFETY: `value` is a live object (or symbol) of `env`, on its JS thread.
            let made = unsafe { sys::napi_create_reference(env, value, 1, &mut reference) }
                == sys::Status::napi_ok;
            JsCause::Object {
                env: env as usize,
                reference: AtomicPtr::new(if made {
                    reference
                } else {
                    std::ptr::null_mut()
                }),
            }
        }
    }
}

/// The thrown value's `String(value)` (`Error: boom`), or its type when that throws too.
fn thrown_text(env: sys::napi_env, value: sys::napi_value) -> String {
    let mut text = std::ptr::null_mut();
    // SAFETY: `value` is a live value of `env`; coercion runs JS (`toString`), which may throw:
    // that exception is cleared.
    let coerced =
        unsafe { sys::napi_coerce_to_string(env, value, &mut text) } == sys::Status::napi_ok;
    if !coerced {
        pending_exception(env);
        return format!("{:?}", shown(env, value));
    }
    // SAFETY: `text` is the string coercion just made in `env`.
    match unsafe { String::from_napi_value(env, text) } {
        Ok(s) => s,
        Err(_) => format!("{:?}", shown(env, value)),
    }
}

/// The value a [`JsCause`] holds; an object's reference is released here, once.
fn cause_value(env: sys::napi_env, cause: &Thrown) -> Option<sys::napi_value> {
    let cause = cause.0.downcast_ref::<JsCause>()?;
    // SAFETY: on `env`'s JS thread (module rule); a reference is used only in the environment
    // that made it (checked), and released exactly once (the swap).
    let value = unsafe {
        match cause {
            JsCause::Undefined => <()>::to_napi_value(env, ()),
            JsCause::Null => {
                napi::bindgen_prelude::Null::to_napi_value(env, napi::bindgen_prelude::Null)
            }
            JsCause::Bool(b) => bool::to_napi_value(env, *b),
            JsCause::Number(n) => f64::to_napi_value(env, *n),
            JsCause::String(s) => String::to_napi_value(env, s.clone()),
            JsCause::Object {
                env: made_in,
                reference,
            } => {
                if *made_in != env as usize {
                    return None;
                }
                let reference = reference.swap(std::ptr::null_mut(), Ordering::AcqRel);
                if reference.is_null() {
                    return None;
                }
                let mut value = std::ptr::null_mut();
                let got = sys::napi_get_reference_value(env, reference, &mut value)
                    == sys::Status::napi_ok;
                sys::napi_delete_reference(env, reference);
                return (got && !value.is_null()).then_some(value);
            }
        }
    };
    value.ok()
}

/// For sync functions: `Err(throw(&env, e))` throws a coded error.
pub fn throw(env: &Env, err: Error) -> napi::Error {
    to_js(env.raw(), &err)
}

/// The value an async export resolves to: `Ok` becomes the JS value, `Err` a rejection with a
/// coded error. Declare the TS return type with `ts_return_type`.
pub struct Coded<T>(pub Result<T, Error>);

impl<T: ToNapiValue> ToNapiValue for Coded<T> {
    unsafe fn to_napi_value(env: sys::napi_env, val: Self) -> napi::Result<sys::napi_value> {
        match val.0 {
            // SAFETY: napi-rs calls this on the JS thread of the live `env`, as `T`'s own.
            Ok(v) => unsafe { T::to_napi_value(env, v) },
            Err(e) => Err(to_js(env, &e)),
        }
    }
}

impl<T> TypeName for Coded<T> {
    fn type_name() -> &'static str {
        "Coded"
    }
    fn value_type() -> ValueType {
        ValueType::Unknown
    }
}

/// Runs an async export's body, turning a panic into an `ERR_IO` error instead of a promise that
/// never settles (or a host abort).
pub fn guarded<T, F>(fut: F) -> Guarded<F>
where
    F: Future<Output = Result<T, Error>>,
{
    Guarded(fut)
}

/// See [`guarded`]. Polls the future it holds in place: no box and no copy of its own (a run's
/// future is a few KiB, and an `async fn` wrapper would hold it twice).
pub struct Guarded<F>(F);

impl<T, F: Future<Output = Result<T, Error>>> Future for Guarded<F> {
    type Output = Result<T, Error>;
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        // SAFETY: structural pinning of the only field: `Guarded` has no `Drop` and no `Unpin`
        // of its own, and never moves the field out.
        let inner = unsafe { self.map_unchecked_mut(|s| &mut s.0) };
        match std::panic::catch_unwind(AssertUnwindSafe(|| inner.poll(cx))) {
            Ok(poll) => poll,
            Err(payload) => Poll::Ready(Err(Error::io(
                "internal error (a bug in agent-shell)",
                std::io::Error::other(panic_message(&payload)),
            ))),
        }
    }
}

/// The text of a panic payload, for the error message.
pub fn panic_message(payload: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}
