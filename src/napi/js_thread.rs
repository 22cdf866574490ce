//! The way back to the JS thread from the runtime's threads: one threadsafe function per JS
//! environment, made with its first owner (a `Shell`, a `PtySession`, an `executeShell` call)
//! and kept until Node finalizes it as the environment is torn down, through which every owner's
//! promises are settled and callbacks called, in the order they were queued. napi-rs's
//! `spawn_future` and `ThreadsafeFunction` create and tear down one (a libuv async handle) per
//! promise and per callback; a persistent session's round trip is a few dozen microseconds, and
//! that setup was a third of it (an empty async export's round trip measured 32 to 43 µs). Made
//! per owner, it still cost every `executeShell` and `new Shell()` 26 µs.
//!
//! Futures run as tasks of our own (async-task) that are polled on the runtime's threads, or on
//! the JS thread when what they wait for arrives there (see [`super::event_loop`]): a run whose
//! status report wakes the JS thread finishes and settles right there, without a hop through a
//! runtime thread and back.

use std::cell::{Cell, RefCell};
use std::ffi::c_void;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};

use async_task::Runnable;

use napi::bindgen_prelude::{Function, JsValue, ToNapiValue};
use napi::{sys, Env};

use super::error::{guarded, js_error};
use crate::cancel::CancelToken;
use crate::error::Error;
use crate::run::order::Order;

/// Settles promises and calls callbacks of one owner on the JS thread.
pub struct JsThread {
    shared: Arc<Shared>,
}

/// One owner's side: the environment's way back, and the order of the owner's promises.
pub(super) struct Shared {
    env: Arc<EnvThread>,
    /// The order in which this owner's [`Turn::InOrder`] promises settle. Changed on the JS
    /// thread only (the lock makes `Shared` shareable).
    order: std::sync::Mutex<Order<Job>>,
}

/// One JS environment's threadsafe function and what goes with it.
struct EnvThread {
    tsfn: Arc<Tsfn>,
    /// The async context JS sees when the JS thread runs our work outside a call from JS.
    async_context: sys::napi_async_context,
    /// Promises of every owner not settled yet: the function keeps the event loop alive only
    /// while there are (so an idle `Shell` lets the host exit). Changed on the JS thread only.
    pending: AtomicUsize,
    /// Cancelled when Node finalizes the function (see [`finalized`]).
    gone: CancelToken,
}

// SAFETY: a threadsafe function may be called from any thread; `ref`/`unref` are only called on
// the JS thread (in `spawn` and in the jobs it queues), and so is the async context used.
unsafe impl Send for EnvThread {}
// SAFETY: as for `Send`: what is shared is the threadsafe function (behind its lock), an atomic,
// and the async context, which only the JS thread uses.
unsafe impl Sync for EnvThread {}

thread_local! {
    /// Each environment of this thread's threadsafe function, by the environment's address;
    /// removed by the function's finalizer (the environment's teardown).
    static ENV_THREADS: RefCell<std::collections::HashMap<usize, Arc<EnvThread>>> =
        RefCell::new(std::collections::HashMap::new());
}

/// The threadsafe function until Node finalizes it, which it does when the environment is torn
/// down even while we hold it: from then on it must not be touched, from any thread.
struct Tsfn(std::sync::Mutex<Option<TsfnPtr>>);

struct TsfnPtr(sys::napi_threadsafe_function);
// SAFETY: see `EnvThread`.
unsafe impl Send for TsfnPtr {}

impl Tsfn {
    /// Calls `f` with the function unless it is finalized. Holding the lock keeps the
    /// finalization (on the JS thread) waiting until `f` is done with it.
    fn with<R>(&self, f: impl FnOnce(sys::napi_threadsafe_function) -> R) -> Option<R> {
        let guard = self.0.lock().unwrap_or_else(|p| p.into_inner());
        guard.as_ref().map(|p| f(p.0))
    }
}

/// What the threadsafe function's finalizer needs.
struct Finalize {
    tsfn: Arc<Tsfn>,
    async_context: sys::napi_async_context,
    /// The environment's key in `ENV_THREADS`.
    key: usize,
    /// [`EnvThread::gone`].
    gone: CancelToken,
}

impl Shared {
    /// Queues `job` to run on the JS thread. Fails only while the environment is torn down; the
    /// job, which may hold JS-thread state, is then leaked rather than dropped here.
    pub(super) fn queue(&self, job: Job) -> bool {
        let data = Box::into_raw(Box::new(job));
        // SAFETY: a threadsafe function may be called from any thread; `with` holds it live.
        // On success Node owns `data` and hands it to `call_js` once.
        let status = self.env.tsfn.with(|tsfn| unsafe {
            sys::napi_call_threadsafe_function(
                tsfn,
                data.cast(),
                sys::ThreadsafeFunctionCallMode::nonblocking,
            )
        });
        if status != Some(sys::Status::napi_ok) {
            // SAFETY: `data` came from `Box::into_raw` above and Node refused it, so it is ours
            // again; it is leaked, not dropped (see above).
            std::mem::forget(unsafe { Box::from_raw(data) });
            return false;
        }
        true
    }

    /// Settles a promise with `job`: now when this is the JS thread polling a future, else by a
    /// job queued to it; a promise numbered in order (see [`Turn`]) after the ones before it.
    fn settle_in_turn(self: Arc<Self>, number: Option<u64>, job: Job) {
        let env = POLLING_HERE.get();
        if env.is_null() {
            let owner = self.clone();
            self.queue(Box::new(move |env| owner.in_turn(env, number, job)));
        } else {
            self.in_turn(env, number, job);
        }
    }

    /// Runs `job` if its promise is free or next in order, then the early ones its settling made
    /// due; keeps it for its turn otherwise. JS thread only.
    fn in_turn(&self, env: sys::napi_env, number: Option<u64>, job: Job) {
        let Some(number) = number else {
            return job(env);
        };
        // Each job runs outside the lock: it may settle a promise whose reactions make more.
        let mut due = self.order().arrive(number, job);
        while let Some(job) = due {
            job(env);
            due = self.order().done();
        }
    }

    fn order(&self) -> std::sync::MutexGuard<'_, Order<Job>> {
        // Nothing panics while holding it; a poisoned order is still consistent.
        self.order.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Runs `work` on the JS thread as JS expects work started by the event loop to run: in a
    /// handle scope and a callback scope (whose end runs the microtasks, promise reactions among
    /// them, that `work` queued).
    pub(super) fn enter_from_event_loop(&self, env: sys::napi_env, work: impl FnOnce()) {
        // SAFETY: the caller runs on the JS thread of `env`, from its event loop, outside any
        // call from JS; `async_context` was made for `env` and lives as long as the threadsafe
        // function, which `self` holds. The scopes close in reverse order of opening, and the
        // callback scope only if it opened.
        unsafe {
            let mut handles = std::ptr::null_mut();
            let mut callback = std::ptr::null_mut();
            sys::napi_open_handle_scope(env, &mut handles);
            let opened = sys::napi_open_callback_scope(
                env,
                std::ptr::null_mut(),
                self.env.async_context,
                &mut callback,
            ) == sys::Status::napi_ok;
            work();
            if opened {
                sys::napi_close_callback_scope(env, callback);
            }
            sys::napi_close_handle_scope(env, handles);
        }
    }
}

/// Work for the JS thread.
pub(super) type Job = Box<dyn FnOnce(sys::napi_env) + Send>;

thread_local! {
    /// Set while a future is polled on the JS thread: the env its settlement may use at once.
    static POLLING_HERE: Cell<sys::napi_env> = const { Cell::new(std::ptr::null_mut()) };
    /// Set while the JS thread hands something it read to the futures waiting for it: the
    /// tasks that wakes, to be polled right there afterwards (see [`woken_by`]).
    static WOKEN_HERE: RefCell<Option<Vec<Runnable>>> = const { RefCell::new(None) };
}

/// Where a task goes when it is woken: to the JS thread's list while it collects one (see
/// [`woken_by`]), else to the runtime.
fn schedule(runnable: Runnable) {
    let runnable = WOKEN_HERE.with_borrow_mut(|woken| match woken {
        Some(list) => {
            list.push(runnable);
            None
        }
        None => Some(runnable),
    });
    let Some(runnable) = runnable else {
        return;
    };
    let task = async move {
        runnable.run();
    };
    // Within the runtime (its threads, or a poll on the JS thread) its handle is at hand; napi's
    // `spawn` would take the lock around the runtime again, which a poll on the JS thread holds.
    match tokio::runtime::Handle::try_current() {
        Ok(runtime) => drop(runtime.spawn(task)),
        Err(_) => drop(napi::bindgen_prelude::spawn(task)),
    }
}

/// Calls `wake` (on the JS thread) and returns what it returned and the tasks it woke, which
/// are to be polled with [`poll_here`] rather than on the runtime.
pub(super) fn woken_by<T>(wake: impl FnOnce() -> T) -> (T, Vec<Runnable>) {
    /// Puts the outer list back however `wake` ends (a panic unwinds through here).
    struct Restore(Option<Vec<Runnable>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            WOKEN_HERE.set(self.0.take());
        }
    }
    let _restore = Restore(WOKEN_HERE.replace(Some(Vec::new())));
    let value = wake();
    (value, WOKEN_HERE.take().unwrap_or_default())
}

/// Polls tasks on the JS thread (within the runtime, whose timers and I/O they may register).
/// A task that finishes here settles its promise here.
pub(super) fn poll_here(env: sys::napi_env, tasks: impl IntoIterator<Item = Runnable>) {
    /// Puts the outer value back however the polls end (a panic unwinds through here).
    struct Restore(sys::napi_env);
    impl Drop for Restore {
        fn drop(&mut self) {
            POLLING_HERE.set(self.0);
        }
    }
    let _restore = Restore(POLLING_HERE.replace(env));
    napi::bindgen_prelude::within_runtime_if_available(|| {
        for task in tasks {
            task.run();
        }
    });
}

/// Polls `fut` in place, then hands its output to `then` (an `async` block awaiting `fut` would
/// hold it twice: as its capture and as the awaited value).
struct Then<F, C> {
    fut: F,
    then: Option<C>,
}

impl<F: Future, C: FnOnce(F::Output)> Future for Then<F, C> {
    type Output = ();
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        // SAFETY: `fut` is pinned structurally and never moved; `then` is not pinned (it is only
        // taken out). `Then` has no `Drop` and no `Unpin` of its own.
        let this = unsafe { self.get_unchecked_mut() };
        // SAFETY: as above: `fut` is pinned in place with `Then`.
        let fut = unsafe { Pin::new_unchecked(&mut this.fut) };
        let output = std::task::ready!(fut.poll(cx));
        if let Some(then) = this.then.take() {
            then(output);
        }
        Poll::Ready(())
    }
}

/// When a promise settles relative to the owner's others.
#[derive(Clone, Copy, PartialEq)]
pub enum Turn {
    /// After every `InOrder` promise made before it (a session's runs, serialized anyway, which
    /// may end on different threads).
    InOrder,
    /// As soon as its work ends (a call rejected before it was queued).
    Free,
}

/// Where a promise's future is first polled.
#[derive(Clone, Copy, PartialEq)]
pub enum FirstPoll {
    /// On the runtime: the future may block as it starts (a spawn).
    OnRuntime,
    /// Right away, on the JS thread: it starts with a few non-blocking steps.
    Here,
}

/// What runs as a promise settles, on the JS thread (removing an AbortSignal listener, releasing
/// the reference that pinned a session).
pub type OnSettle = Box<dyn FnOnce(&Env)>;

/// State that belongs to the JS thread (a deferred, a reference, an `OnSettle`, an AbortSignal
/// listener) carried through the runtime's threads, which only move it and never touch it.
pub(super) struct JsOnly<T>(T);
// SAFETY: see above; it is only unwrapped by jobs, which run on the JS thread.
unsafe impl<T> Send for JsOnly<T> {}
// SAFETY: as for `Send`: other threads hold it without ever reading it.
unsafe impl<T> Sync for JsOnly<T> {}

impl<T> JsOnly<T> {
    /// Wraps JS-thread state (on the JS thread) for the trip.
    pub(super) fn new(value: T) -> Self {
        JsOnly(value)
    }

    /// Only on the JS thread, in a job. (A method, so that closures capture the whole wrapper.)
    pub(super) fn take(self) -> T {
        self.0
    }
}

impl JsThread {
    /// A new owner's way back to the JS thread of `env`.
    pub fn new(env: &Env) -> napi::Result<JsThread> {
        let key = env.raw() as usize;
        let found = ENV_THREADS.with_borrow(|all| all.get(&key).cloned());
        let env_thread = match found {
            Some(found) => found,
            None => {
                let made = Arc::new(Self::make(env)?);
                ENV_THREADS.with_borrow_mut(|all| all.insert(key, made.clone()));
                made
            }
        };
        Ok(JsThread {
            shared: Arc::new(Shared {
                env: env_thread,
                order: std::sync::Mutex::new(Order::default()),
            }),
        })
    }

    /// The threadsafe function of `env`, unreferenced (it keeps no event loop alive).
    fn make(env: &Env) -> napi::Result<EnvThread> {
        let mut name = std::ptr::null_mut();
        let mut tsfn = std::ptr::null_mut();
        let mut async_context = std::ptr::null_mut();
        // SAFETY: `env` is the live environment of this call from JS, on its thread; the name is
        // a NUL-terminated static string of 11 bytes.
        unsafe {
            napi::check_status!(sys::napi_create_string_utf8(
                env.raw(),
                c"agent-shell".as_ptr(),
                11,
                &mut name,
            ))?;
            napi::check_status!(sys::napi_async_init(
                env.raw(),
                std::ptr::null_mut(),
                name,
                &mut async_context,
            ))?;
        }
        let cell = Arc::new(Tsfn(std::sync::Mutex::new(None)));
        let gone = CancelToken::default();
        let finalize = Box::into_raw(Box::new(Finalize {
            tsfn: cell.clone(),
            async_context,
            key: env.raw() as usize,
            gone: gone.clone(),
        }));
        // SAFETY: on the JS thread of `env`; `name` and `async_context` were made above for it.
        // Node owns `finalize` once the function is created and hands it to `finalized`; when
        // creation fails it is ours again, and freed here with the context.
        unsafe {
            let created = napi::check_status!(sys::napi_create_threadsafe_function(
                env.raw(),
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                name,
                0,
                1,
                finalize.cast(),
                Some(finalized),
                std::ptr::null_mut(),
                Some(call_js),
                &mut tsfn,
            ));
            if let Err(e) = created {
                drop(Box::from_raw(finalize));
                sys::napi_async_destroy(env.raw(), async_context);
                return Err(e);
            }
            sys::napi_unref_threadsafe_function(env.raw(), tsfn);
        }
        *cell.0.lock().unwrap_or_else(|p| p.into_inner()) = Some(TsfnPtr(tsfn));
        Ok(EnvThread {
            tsfn: cell,
            async_context,
            pending: AtomicUsize::new(0),
            gone,
        })
    }

    pub(super) fn shared(&self) -> Arc<Shared> {
        self.shared.clone()
    }

    /// Runs `fut` and returns a promise of its value: an `Err` rejects with a coded error, a
    /// panic with ERR_IO. `on_settle` runs on the JS thread as it settles.
    pub fn spawn<T, F>(
        &self,
        env: &Env,
        on_settle: Option<OnSettle>,
        first_poll: FirstPoll,
        turn: Turn,
        fut: F,
    ) -> napi::Result<sys::napi_value>
    where
        T: ToNapiValue + Send + 'static,
        F: Future<Output = Result<T, Error>> + Send + 'static,
    {
        let mut deferred = std::ptr::null_mut();
        let mut promise = std::ptr::null_mut();
        // SAFETY: `env` is the live environment of this call from JS, on its thread.
        napi::check_status!(unsafe {
            sys::napi_create_promise(env.raw(), &mut deferred, &mut promise)
        })?;
        if self.shared.env.pending.fetch_add(1, Ordering::SeqCst) == 0 {
            // SAFETY: on the JS thread (a call from JS); `with` holds the function live.
            self.shared
                .env
                .tsfn
                .with(|tsfn| unsafe { sys::napi_ref_threadsafe_function(env.raw(), tsfn) });
        }
        let number = (turn == Turn::InOrder).then(|| self.shared.order().ticket());
        let js = JsOnly((deferred, on_settle));
        let shared = self.shared.clone();
        let settle_now = move |result: Result<T, Error>| {
            let owner = shared.clone();
            owner.settle_in_turn(
                number,
                Box::new(move |env| {
                    let (deferred, on_settle) = js.take();
                    if let Some(on_settle) = on_settle {
                        on_settle(&Env::from_raw(env));
                    }
                    settle(env, deferred, result);
                    if shared.env.pending.fetch_sub(1, Ordering::SeqCst) == 1 {
                        // SAFETY: a job, so on the JS thread with its `env`; `with` holds the
                        // function live.
                        shared
                            .env
                            .tsfn
                            .with(|tsfn| unsafe { sys::napi_unref_threadsafe_function(env, tsfn) });
                    }
                }),
            );
        };
        // One allocation for the whole task: the future is a few KiB (measured: 3.9 KiB for a
        // Shell run, where an `async` wrapper made it 7.8 KiB plus a 3.9 KiB box).
        let task = Then {
            fut: guarded(fut),
            then: Some(settle_now),
        };
        let (task, settled) = async_task::spawn(task, schedule);
        settled.detach();
        match first_poll {
            FirstPoll::Here => poll_here(env.raw(), [task]),
            FirstPoll::OnRuntime => task.schedule(),
        }
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
        // SAFETY: `f` is a live function of this call from JS, on the thread of `env`.
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
        if let Some(returned) = self.queue_call(value) {
            returned.wait().await;
        }
    }

    /// Queues a call of the function; the [`Returned`] tells when it returned. `None` when the
    /// environment is shutting down (nothing is called).
    pub fn queue_call(&self, value: T) -> Option<Returned> {
        let (done, returned) = tokio::sync::oneshot::channel::<()>();
        let function = self.function.clone();
        let queued = self.shared.queue(Box::new(move |env| {
            // SAFETY: a job, so on the JS thread with its `env`; the reference is deleted only by
            // the job `Drop` queues, which runs after this one (the queue keeps order).
            unsafe { call_function(env, function.0, value) };
            let _ = done.send(());
        }));
        queued.then_some(Returned {
            returned,
            gone: self.shared.env.gone.clone(),
        })
    }
}

/// The return of a queued call, or the end of its environment. A call still queued when the
/// environment is torn down is never made, and its job, which may hold JS-thread state, is leaked
/// with what tells its return (see [`call_js`]): whoever waits for it (a run delivering its
/// output) would wait forever, holding its session, whose shell's supervisor then outlived the
/// terminated worker for as long as the host lived.
pub struct Returned {
    returned: tokio::sync::oneshot::Receiver<()>,
    gone: CancelToken,
}

impl Returned {
    pub async fn wait(self) {
        tokio::select! {
            _ = self.returned => {}
            () = self.gone.cancelled() => {}
        }
    }
}

impl<T> Drop for JsCallback<T> {
    fn drop(&mut self) {
        let function = self.function.clone();
        // After every call this callback queued: the queue is in order.
        // SAFETY: a job, so on the JS thread with its `env`; the last use of the reference,
        // queued after every call that uses it.
        self.shared.queue(Box::new(move |env| unsafe {
            sys::napi_delete_reference(env, function.0);
        }));
    }
}

/// Calls the referenced function with `(null, value)`; a throw becomes an uncaught exception.
///
/// # Safety
/// On the JS thread of `env`, with `function` a live reference made in `env`.
unsafe fn call_function<T: ToNapiValue>(env: sys::napi_env, function: sys::napi_ref, value: T) {
    let mut func = std::ptr::null_mut();
    let mut recv = std::ptr::null_mut();
    let mut null = std::ptr::null_mut();
    // SAFETY: as the caller vouches; every value used is made here in `env` and checked.
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
    // SAFETY: a job, so on the JS thread with its `env`; `deferred` was made by `spawn` in this
    // environment and is settled once (the job that owns it is `FnOnce`).
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

/// Node is done with the threadsafe function: released by us, or the environment is torn down.
unsafe extern "C" fn finalized(env: sys::napi_env, data: *mut c_void, _hint: *mut c_void) {
    // SAFETY: `data` is the `Finalize` boxed in `JsThread::new`, which Node hands back once.
    let finalize = unsafe { Box::from_raw(data.cast::<Finalize>()) };
    *finalize.tsfn.0.lock().unwrap_or_else(|p| p.into_inner()) = None;
    // Node makes no call still queued (it hands each to `call_js` without an environment, right
    // after this): nothing may wait for one.
    finalize.gone.cancel();
    // The environment's entry goes with it (only this function's: a later environment at the
    // same address has its own). `try_with`: the thread may be exiting.
    let _ = ENV_THREADS.try_with(|all| {
        let mut all = all.borrow_mut();
        if all
            .get(&finalize.key)
            .is_some_and(|e| Arc::ptr_eq(&e.tsfn, &finalize.tsfn))
        {
            all.remove(&finalize.key);
        }
    });
    if !env.is_null() {
        // SAFETY: on the JS thread of the live `env` that made the context, destroyed once.
        unsafe { sys::napi_async_destroy(env, finalize.async_context) };
    }
}

unsafe extern "C" fn call_js(
    env: sys::napi_env,
    _js_callback: sys::napi_value,
    _context: *mut c_void,
    data: *mut c_void,
) {
    // SAFETY: `data` is a `Job` boxed by `Shared::queue`, which Node hands here once.
    let job = unsafe { Box::from_raw(data.cast::<Job>()) };
    if env.is_null() {
        // Teardown: the JS-thread state is gone with the environment.
        std::mem::forget(job);
        return;
    }
    let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(env)));
}
