//! The single mapping from [`crate::error::Error`] to a JavaScript error carrying a string `code`
//! (API.md §8), and the panic guard that keeps a Rust panic from taking the host down.
//!
//! napi-rs builds rejections from `napi::Status`, whose `code` is a fixed enum name. To give JS the
//! contract's codes, the error object is created here, on the JS thread, and handed to napi-rs by
//! reference: sync functions return it as `Err`; `#[napi] async fn`s resolve to [`Coded`], whose
//! conversion turns an `Err` into that object and rejects with it; promises settled through a
//! `JsThread` reject with [`js_error`].

use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::task::{Context, Poll};

use napi::bindgen_prelude::{ToNapiValue, TypeName};
use napi::{sys, Env, Unknown, ValueType};

use crate::error::Error;

/// Creates the JS `Error` with `code` and `message` and wraps it so napi-rs throws that object.
pub fn to_js(env: sys::napi_env, err: &Error) -> napi::Error {
    match try_js_error(env, err) {
        Ok(js_error) => napi::Error::from(unsafe { Unknown::from_raw_unchecked(env, js_error) }),
        Err(e) => e,
    }
}

/// The JS `Error` with `code` and `message`, to reject a promise with.
pub fn js_error(env: sys::napi_env, err: &Error) -> sys::napi_value {
    match try_js_error(env, err) {
        Ok(js_error) => js_error,
        Err(e) => unsafe { napi::JsError::from(e).into_value(env) },
    }
}

fn try_js_error(env: sys::napi_env, err: &Error) -> napi::Result<sys::napi_value> {
    unsafe {
        let code = String::to_napi_value(env, err.code().to_string())?;
        let message = String::to_napi_value(env, err.to_string())?;
        let mut js_error = std::ptr::null_mut();
        napi::check_status!(sys::napi_create_error(env, code, message, &mut js_error))?;
        Ok(js_error)
    }
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
