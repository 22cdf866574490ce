//! Promises settled from the runtime's threads through one threadsafe function per owner (a
//! `Shell`), instead of napi-rs's `spawn_future`, which creates and tears down a threadsafe
//! function (a libuv async handle) for every promise. A persistent session's round trip is a
//! few dozen microseconds, and that per-promise setup was a third of it (measured: an empty
//! async export round trip took 32 to 43 µs).

use std::ffi::c_void;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use napi::bindgen_prelude::ToNapiValue;
use napi::{sys, Env};

use super::error::{guarded, js_error};
use super::options::AbortListener;
use crate::error::Error;

/// Settles the promises of one owner's async calls on the JS thread.
pub struct Settler {
    shared: Arc<Shared>,
}

struct Shared {
    tsfn: sys::napi_threadsafe_function,
    /// Promises not settled yet; the function keeps the event loop alive only while there are.
    /// Changed on the JS thread only (atomic because the struct is shared with the runtime).
    pending: AtomicUsize,
}

// SAFETY: a threadsafe function may be called and released from any thread; `ref`/`unref` are
// only called on the JS thread (in `spawn` and in `call_js`).
unsafe impl Send for Shared {}
unsafe impl Sync for Shared {}

impl Drop for Shared {
    fn drop(&mut self) {
        unsafe {
            sys::napi_release_threadsafe_function(
                self.tsfn,
                sys::ThreadsafeFunctionReleaseMode::release,
            )
        };
    }
}

/// What travels to the JS thread: settles one promise there.
type Job = Box<dyn FnOnce(sys::napi_env) + Send>;

/// State that belongs to the JS thread (the deferred, the AbortSignal listener) carried through
/// the runtime's threads, which only move it and never touch it.
struct JsOnly<T>(T);
// SAFETY: see above; it is only unwrapped in `call_js`, on the JS thread.
unsafe impl<T> Send for JsOnly<T> {}

impl<T> JsOnly<T> {
    /// Only on the JS thread. (A method, so that closures capture the whole wrapper.)
    fn take(self) -> T {
        self.0
    }
}

impl Settler {
    pub fn new(env: &Env) -> napi::Result<Settler> {
        let mut name = std::ptr::null_mut();
        let mut tsfn = std::ptr::null_mut();
        unsafe {
            napi::check_status!(sys::napi_create_string_utf8(
                env.raw(),
                c"agent-shell settle".as_ptr(),
                18,
                &mut name,
            ))?;
            napi::check_status!(sys::napi_create_threadsafe_function(
                env.raw(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                name,
                0,
                1,
                std::ptr::null_mut(),
                None,
                std::ptr::null_mut(),
                Some(call_js),
                &mut tsfn,
            ))?;
            // An idle owner must not keep the process alive.
            napi::check_status!(sys::napi_unref_threadsafe_function(env.raw(), tsfn))?;
        }
        Ok(Settler {
            shared: Arc::new(Shared {
                tsfn,
                pending: AtomicUsize::new(0),
            }),
        })
    }

    /// Runs `fut` on napi's runtime and returns a promise of its value: an `Err` rejects with a
    /// coded error, a panic with ERR_IO. `listener` is removed from its AbortSignal as the
    /// promise settles.
    pub fn spawn<T, F>(
        &self,
        env: &Env,
        listener: Option<AbortListener>,
        fut: F,
    ) -> napi::Result<sys::napi_value>
    where
        T: ToNapiValue + Send + 'static,
        F: Future<Output = Result<T, Error>> + Send + 'static,
    {
        let mut deferred = std::ptr::null_mut();
        let mut promise = std::ptr::null_mut();
        napi::check_status!(unsafe {
            sys::napi_create_promise(env.raw(), &mut deferred, &mut promise)
        })?;
        if self.shared.pending.fetch_add(1, Ordering::SeqCst) == 0 {
            unsafe { sys::napi_ref_threadsafe_function(env.raw(), self.shared.tsfn) };
        }
        let js = JsOnly((deferred, listener));
        let shared = self.shared.clone();
        napi::bindgen_prelude::spawn(async move {
            let result = guarded(fut).await;
            let tsfn = shared.tsfn;
            let job: Job = Box::new(move |env| {
                let (deferred, listener) = js.take();
                if let Some(listener) = listener {
                    listener.remove(&Env::from_raw(env));
                }
                settle(env, deferred, result);
                if shared.pending.fetch_sub(1, Ordering::SeqCst) == 1 {
                    unsafe { sys::napi_unref_threadsafe_function(env, shared.tsfn) };
                }
            });
            let data = Box::into_raw(Box::new(job));
            let status = unsafe {
                sys::napi_call_threadsafe_function(
                    tsfn,
                    data.cast(),
                    sys::ThreadsafeFunctionCallMode::nonblocking,
                )
            };
            if status != sys::Status::napi_ok {
                // The environment is going away: the JS-side state cannot be dropped on this
                // thread, and nothing will read the promise.
                std::mem::forget(unsafe { Box::from_raw(data) });
            }
        });
        Ok(promise)
    }
}

fn settle<T: ToNapiValue>(
    env: sys::napi_env,
    deferred: sys::napi_deferred,
    result: Result<T, Error>,
) {
    unsafe {
        let value = result.and_then(|v| {
            T::to_napi_value(env, v).map_err(|e| {
                Error::io(
                    "converting a result to JavaScript",
                    std::io::Error::other(e.reason),
                )
            })
        });
        match value {
            Ok(v) => sys::napi_resolve_deferred(env, deferred, v),
            Err(e) => sys::napi_reject_deferred(env, deferred, js_error(env, &e)),
        };
    }
}

unsafe extern "C" fn call_js(
    env: sys::napi_env,
    _js_callback: sys::napi_value,
    _context: *mut c_void,
    data: *mut c_void,
) {
    let job = unsafe { Box::from_raw(data.cast::<Job>()) };
    if env.is_null() {
        // Teardown: the JS-side state is gone with the environment.
        std::mem::forget(job);
        return;
    }
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(env)));
}
