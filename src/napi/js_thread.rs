//! The way back to the JS thread from the runtime's threads, one per owner (a `Shell`, a
//! `PtySession`, an `executeShell` call): a single threadsafe function through which the owner's
//! promises are settled and its callbacks called, in the order they were queued. napi-rs's
//! `spawn_future` and `ThreadsafeFunction` create and tear down one (a libuv async handle) per
//! promise and per callback; a persistent session's round trip is a few dozen microseconds, and
//! that setup was a third of it (an empty async export's round trip measured 32 to 43 µs).

use std::ffi::c_void;
use std::future::Future;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use napi::bindgen_prelude::{Function, JsValue, ToNapiValue};
use napi::{sys, Env};

use super::error::{guarded, js_error};
use crate::error::Error;

/// Settles promises and calls callbacks of one owner on the JS thread.
pub struct JsThread {
    shared: Arc<Shared>,
}

struct Shared {
    tsfn: sys::napi_threadsafe_function,
    /// Promises not settled yet: the function keeps the event loop alive only while there are
    /// (so an idle `Shell` lets the host exit). Changed on the JS thread only.
    pending: AtomicUsize,
}

// SAFETY: a threadsafe function may be called and released from any thread; `ref`/`unref` are
// only called on the JS thread (in `spawn` and in the jobs it queues).
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

impl Shared {
    /// Queues `job` to run on the JS thread. Fails only while the environment is torn down; the
    /// job, which may hold JS-thread state, is then leaked rather than dropped here.
    fn queue(&self, job: Job) -> bool {
        let data = Box::into_raw(Box::new(job));
        let status = unsafe {
            sys::napi_call_threadsafe_function(
                self.tsfn,
                data.cast(),
                sys::ThreadsafeFunctionCallMode::nonblocking,
            )
        };
        if status != sys::Status::napi_ok {
            std::mem::forget(unsafe { Box::from_raw(data) });
            return false;
        }
        true
    }
}

/// Work for the JS thread.
type Job = Box<dyn FnOnce(sys::napi_env) + Send>;

/// What runs as a promise settles, on the JS thread (removing an AbortSignal listener, releasing
/// the reference that pinned a session).
pub type OnSettle = Box<dyn FnOnce(&Env)>;

/// State that belongs to the JS thread (a deferred, a reference, an `OnSettle`) carried through
/// the runtime's threads, which only move it and never touch it.
struct JsOnly<T>(T);
// SAFETY: see above; it is only unwrapped by jobs, which run on the JS thread.
unsafe impl<T> Send for JsOnly<T> {}
unsafe impl<T> Sync for JsOnly<T> {}

impl<T> JsOnly<T> {
    /// Only on the JS thread. (A method, so that closures capture the whole wrapper.)
    fn take(self) -> T {
        self.0
    }
}

impl JsThread {
    pub fn new(env: &Env) -> napi::Result<JsThread> {
        let mut name = std::ptr::null_mut();
        let mut tsfn = std::ptr::null_mut();
        unsafe {
            napi::check_status!(sys::napi_create_string_utf8(
                env.raw(),
                c"agent-shell".as_ptr(),
                11,
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
            napi::check_status!(sys::napi_unref_threadsafe_function(env.raw(), tsfn))?;
        }
        Ok(JsThread {
            shared: Arc::new(Shared {
                tsfn,
                pending: AtomicUsize::new(0),
            }),
        })
    }

    /// Runs `fut` on napi's runtime and returns a promise of its value: an `Err` rejects with a
    /// coded error, a panic with ERR_IO. `on_settle` runs on the JS thread as it settles.
    pub fn spawn<T, F>(
        &self,
        env: &Env,
        on_settle: Option<OnSettle>,
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
        let js = JsOnly((deferred, on_settle));
        let shared = self.shared.clone();
        napi::bindgen_prelude::spawn(async move {
            let result = guarded(fut).await;
            let queue = shared.clone();
            queue.queue(Box::new(move |env| {
                let (deferred, on_settle) = js.take();
                if let Some(on_settle) = on_settle {
                    on_settle(&Env::from_raw(env));
                }
                settle(env, deferred, result);
                if shared.pending.fetch_sub(1, Ordering::SeqCst) == 1 {
                    unsafe { sys::napi_unref_threadsafe_function(env, shared.tsfn) };
                }
            }));
        });
        Ok(promise)
    }

    /// Makes an error-first callback `(error, value) => void` callable from the runtime's
    /// threads; its calls run in order with this owner's settlements.
    pub fn callback<T: ToNapiValue + Send + 'static>(
        &self,
        env: &Env,
        f: Function<T, ()>,
    ) -> napi::Result<JsCallback<T>> {
        let mut reference = std::ptr::null_mut();
        napi::check_status!(unsafe {
            sys::napi_create_reference(env.raw(), f.raw(), 1, &mut reference)
        })?;
        Ok(JsCallback {
            function: Arc::new(JsOnly(reference)),
            shared: self.shared.clone(),
            _value: PhantomData,
        })
    }
}

/// A JS function called on the JS thread with `(null, value)`; see [`JsThread::callback`].
pub struct JsCallback<T> {
    function: Arc<JsOnly<sys::napi_ref>>,
    shared: Arc<Shared>,
    _value: PhantomData<fn(T)>,
}

impl<T: ToNapiValue + Send + 'static> JsCallback<T> {
    /// Calls the function and waits until it returned (so a slow callback slows its caller).
    /// A callback that throws reports an uncaught exception, as a throwing event listener does.
    pub async fn call(&self, value: T) {
        let (done, returned) = tokio::sync::oneshot::channel::<()>();
        let function = self.function.clone();
        let queued = self.shared.queue(Box::new(move |env| {
            unsafe { call_function(env, function.0, value) };
            let _ = done.send(());
        }));
        if queued {
            let _ = returned.await;
        }
    }
}

impl<T> Drop for JsCallback<T> {
    fn drop(&mut self) {
        let function = self.function.clone();
        // After every call this callback queued: the queue is in order.
        self.shared.queue(Box::new(move |env| unsafe {
            sys::napi_delete_reference(env, function.0);
        }));
    }
}

unsafe fn call_function<T: ToNapiValue>(env: sys::napi_env, function: sys::napi_ref, value: T) {
    let mut func = std::ptr::null_mut();
    let mut recv = std::ptr::null_mut();
    let mut null = std::ptr::null_mut();
    unsafe {
        if sys::napi_get_reference_value(env, function, &mut func) != sys::Status::napi_ok
            || func.is_null()
        {
            return;
        }
        sys::napi_get_undefined(env, &mut recv);
        sys::napi_get_null(env, &mut null);
        let Ok(value) = T::to_napi_value(env, value) else {
            return;
        };
        let argv = [null, value];
        let mut result = std::ptr::null_mut();
        let status = sys::napi_call_function(env, recv, func, 2, argv.as_ptr(), &mut result);
        if status == sys::Status::napi_pending_exception {
            let mut exception = std::ptr::null_mut();
            sys::napi_get_and_clear_last_exception(env, &mut exception);
            sys::napi_fatal_exception(env, exception);
        }
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
        // Teardown: the JS-thread state is gone with the environment.
        std::mem::forget(job);
        return;
    }
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(env)));
}
