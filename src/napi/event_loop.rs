//! Watching a session's status pipe on the host's event loop (libuv, whose API Node and Electron
//! export to addons; looked up at run time), so that the JS thread itself wakes when a run's report arrives and the run
//! finishes and settles there (see `js_thread`). Output, exits and deadlines stay on the runtime.

use crate::process::os::fd::AsRawFd;
use std::alloc::Layout;
use std::ffi::{c_int, c_void};
use std::io;
use std::sync::{Arc, Mutex};

use napi::sys;

use super::js_thread::{self, Shared};
use crate::shell::status::{self, StatusPipe, StatusWatcher, Watch};

#[allow(non_camel_case_types)]
type uv_poll_cb = unsafe extern "C" fn(handle: *mut c_void, status: c_int, events: c_int);
#[allow(non_camel_case_types)]
type uv_close_cb = unsafe extern "C" fn(handle: *mut c_void);

/// The libuv functions used, looked up in the host when first needed rather than bound at load,
/// and only on a host that `super::host` found to be Node or Electron: Bun and Deno export these
/// names too, but not libuv's behaviour (see `host::status_watch`).
struct Uv {
    handle_size: unsafe extern "C" fn(kind: c_int) -> usize,
    poll_init: unsafe extern "C" fn(*mut sys::uv_loop_s, handle: *mut c_void, fd: c_int) -> c_int,
    poll_start: unsafe extern "C" fn(handle: *mut c_void, events: c_int, cb: uv_poll_cb) -> c_int,
    poll_stop: unsafe extern "C" fn(handle: *mut c_void) -> c_int,
    close: unsafe extern "C" fn(handle: *mut c_void, cb: uv_close_cb),
    unref: unsafe extern "C" fn(handle: *mut c_void),
    get_data: unsafe extern "C" fn(handle: *const c_void) -> *mut c_void,
    set_data: unsafe extern "C" fn(handle: *mut c_void, data: *mut c_void),
}

fn uv() -> Option<&'static Uv> {
    static UV: std::sync::OnceLock<Option<Uv>> = std::sync::OnceLock::new();
    UV.get_or_init(|| {
        // SAFETY: each symbol is libuv's function of that name, whose C signature the field's
        // type spells out (libuv 1.x, stable).
        unsafe {
            Some(Uv {
                handle_size: symbol(c"uv_handle_size")?,
                poll_init: symbol(c"uv_poll_init")?,
                poll_start: symbol(c"uv_poll_start")?,
                poll_stop: symbol(c"uv_poll_stop")?,
                close: symbol(c"uv_close")?,
                unref: symbol(c"uv_unref")?,
                get_data: symbol(c"uv_handle_get_data")?,
                set_data: symbol(c"uv_handle_set_data")?,
            })
        }
    })
    .as_ref()
}

/// The host's function `name` as a `F` (a function pointer type the caller vouches for).
unsafe fn symbol<F: Copy>(name: &std::ffi::CStr) -> Option<F> {
    const { assert!(std::mem::size_of::<F>() == std::mem::size_of::<*mut c_void>()) };
    let f = crate::process::os::host_symbol(name);
    // SAFETY: `F` is pointer-sized (checked above) and a function pointer type that the caller
    // vouches matches the symbol.
    (!f.is_null()).then(|| unsafe { std::mem::transmute_copy::<*mut c_void, F>(&f) })
}

/// `UV_POLL` of libuv's `uv_handle_type`.
const UV_POLL: c_int = 8;
/// `UV_READABLE` of libuv's `uv_poll_event`.
const UV_READABLE: c_int = 1;

/// Watches status pipes on the event loop of the JS thread that `shared` belongs to.
pub struct LoopWatcher {
    shared: Arc<Shared>,
    uv: &'static Uv,
}

impl LoopWatcher {
    /// `None` when the host does not export libuv. Call only where `host::status_watch` chose
    /// the event loop: another host may export the names with stubs that abort.
    pub fn new(shared: Arc<Shared>) -> Option<Self> {
        Some(LoopWatcher { shared, uv: uv()? })
    }
}

/// A pipe's watch as the JS thread holds it; set by the start job, taken by whichever ends it
/// first (the watch's owner, or the environment's teardown). Only touched on the JS thread.
type Slot = Arc<Mutex<Option<Watching>>>;

enum Watching {
    Loop(*mut Poll),
    /// The event loop refused the descriptor (never seen): a task on the runtime instead.
    Runtime {
        _watch: Watch,
    },
}

// SAFETY: the `Poll` behind the pointer is only touched on the JS thread.
unsafe impl Send for Watching {}

/// What a libuv poll handle carries.
struct Poll {
    uv: &'static Uv,
    pipe: Arc<StatusPipe>,
    env: sys::napi_env,
    shared: Arc<Shared>,
    slot: Slot,
    /// The libuv handle (`uv_handle_size(UV_POLL)` bytes).
    handle: *mut c_void,
    /// How `handle` was allocated, to free it alike.
    layout: Layout,
    /// Removes the hook that closes the handle when the environment is torn down.
    teardown_hook: sys::napi_async_cleanup_hook_handle,
    /// Set when the teardown is what closes the handle: tells the environment it is done.
    closed_by_teardown: sys::napi_async_cleanup_hook_handle,
}

impl StatusWatcher for LoopWatcher {
    fn watch(&self, pipe: Arc<StatusPipe>) -> io::Result<Watch> {
        let slot: Slot = Arc::new(Mutex::new(None));
        let (start_slot, shared, uv) = (slot.clone(), self.shared.clone(), self.uv);
        // Handles belong to the loop's thread: the watch starts (and stops) there, in order. A
        // report written before it starts is not lost: the poll is level-triggered, so it
        // reports a pipe that already holds something at once.
        let queued = self.shared.queue(Box::new(move |env| {
            // SAFETY: a job, so on the JS thread with its `env`; `uv` was found in this host.
            let watching = unsafe { start(uv, env, pipe.clone(), shared, start_slot.clone()) }
                .map(Watching::Loop)
                .or_else(|_| {
                    napi::bindgen_prelude::within_runtime_if_available(|| {
                        status::watch_on_runtime(pipe)
                    })
                    .map(|watch| Watching::Runtime { _watch: watch })
                });
            if let Ok(watching) = watching {
                *lock(&start_slot) = Some(watching);
            }
        }));
        if !queued {
            return Err(io::Error::other(
                "the JavaScript environment is shutting down",
            ));
        }
        let shared = self.shared.clone();
        Ok(Watch::new(move || {
            shared.queue(Box::new(move |_env| {
                if let Some(Watching::Loop(poll)) = lock(&slot).take() {
                    // SAFETY: a job, so on the loop's thread; taken out of the slot, so closed
                    // once (the teardown takes from the same slot), and the teardown hook has
                    // not run (the slot was still full).
                    unsafe { close(poll, std::ptr::null_mut()) };
                }
            }));
        }))
    }
}

fn lock(slot: &Slot) -> std::sync::MutexGuard<'_, Option<Watching>> {
    slot.lock().unwrap_or_else(|p| p.into_inner())
}

/// The memory of a poll handle; `None` only for a size no allocation could have.
fn handle_layout(uv: &Uv) -> Option<Layout> {
    // SAFETY: libuv's `uv_handle_size` only reads its argument, a valid handle type.
    let size = unsafe { (uv.handle_size)(UV_POLL) };
    Layout::from_size_align(size.max(1), 16).ok()
}

/// Starts polling `pipe` on `env`'s loop.
///
/// # Safety
/// On the JS thread of `env`, with `uv` the host's libuv (that of `env`'s loop).
unsafe fn start(
    uv: &'static Uv,
    env: sys::napi_env,
    pipe: Arc<StatusPipe>,
    shared: Arc<Shared>,
    slot: Slot,
) -> io::Result<*mut Poll> {
    let layout = handle_layout(uv).ok_or(io::ErrorKind::OutOfMemory)?;
    // SAFETY: as the caller vouches. The handle gets the size libuv asks for (zeroed, non-zero
    // size) and is freed with the same layout, here when libuv refused it, else in `on_closed`
    // once libuv is done with it. Its data is the `Poll`, set before the poll starts, freed in
    // `on_closed` too. The cleanup hook gets the same `Poll`, and is removed before it goes.
    unsafe {
        let mut event_loop = std::ptr::null_mut();
        if sys::napi_get_uv_event_loop(env, &mut event_loop) != sys::Status::napi_ok {
            return Err(io::Error::other("no event loop"));
        }
        let handle = std::alloc::alloc_zeroed(layout).cast::<c_void>();
        if handle.is_null() {
            return Err(io::ErrorKind::OutOfMemory.into());
        }
        let status = (uv.poll_init)(event_loop, handle, pipe.as_raw_fd());
        if status != 0 {
            std::alloc::dealloc(handle.cast(), layout);
            return Err(io::Error::from_raw_os_error(-status));
        }
        let poll = Box::into_raw(Box::new(Poll {
            uv,
            pipe,
            env,
            shared,
            slot,
            handle,
            layout,
            teardown_hook: std::ptr::null_mut(),
            closed_by_teardown: std::ptr::null_mut(),
        }));
        (uv.set_data)(handle, poll.cast());
        // An idle session must not keep the host alive; a pending run's promise does that.
        (uv.unref)(handle);
        sys::napi_add_async_cleanup_hook(
            env,
            Some(on_teardown),
            poll.cast(),
            &mut (*poll).teardown_hook,
        );
        (uv.poll_start)(handle, UV_READABLE, on_readable);
        Ok(poll)
    }
}

/// The pipe is readable (or in error, which its read then reports): read it, and finish here the
/// runs that were waiting for it.
unsafe extern "C" fn on_readable(handle: *mut c_void, _status: c_int, _events: c_int) {
    // Registered only once `uv()` was found.
    let Some(uv) = uv() else { return };
    // SAFETY: our handle, whose data is its `Poll` from before the poll started until
    // `on_closed`, after which libuv calls nothing of it.
    let poll = unsafe { &*(uv.get_data)(handle).cast::<Poll>() };
    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let (open, woken) = js_thread::woken_by(|| poll.pipe.fill());
        if !open {
            // Level-triggered: an ended pipe would report itself forever.
            // SAFETY: on the loop's thread, in the handle's own callback; it is not closed yet.
            unsafe { (uv.poll_stop)(handle) };
        }
        if !woken.is_empty() {
            poll.shared.enter_from_event_loop(poll.env, || {
                js_thread::poll_here(poll.env, woken);
            });
        }
    }));
    drop(result);
}

/// The environment is being torn down: close the handle, and say so once it is closed.
unsafe extern "C" fn on_teardown(done: sys::napi_async_cleanup_hook_handle, data: *mut c_void) {
    let poll = data.cast::<Poll>();
    // SAFETY: `data` is the `Poll` this hook was added with; it lives until `on_closed`, and an
    // owner's close removes this hook before closing.
    let taken = lock(unsafe { &(*poll).slot }).take();
    match taken {
        // SAFETY: on the loop's thread; taken out of the slot, so closed once.
        Some(Watching::Loop(poll)) => unsafe { close(poll, done) },
        // Already closing for its owner, whose close removed this hook first: not reached.
        // SAFETY: `done` is the handle Node gave this hook, removed once to say it is done.
        _ => unsafe {
            sys::napi_remove_async_cleanup_hook(done);
        },
    }
}

/// Stops and closes the handle; frees it once libuv is done with it.
///
/// # Safety
/// On the loop's thread, with `poll` a live `Poll` from `start`, closed once. `closed_by_teardown`
/// is null unless the teardown hook is what closes it (its hook is then not removed here).
unsafe fn close(poll: *mut Poll, closed_by_teardown: sys::napi_async_cleanup_hook_handle) {
    // SAFETY: as the caller vouches; the hook removed here has not run (the slot was full).
    unsafe {
        if closed_by_teardown.is_null() {
            sys::napi_remove_async_cleanup_hook((*poll).teardown_hook);
        }
        (*poll).closed_by_teardown = closed_by_teardown;
        ((*poll).uv.poll_stop)((*poll).handle);
        ((*poll).uv.close)((*poll).handle, on_closed);
    }
}

unsafe extern "C" fn on_closed(handle: *mut c_void) {
    let Some(uv) = uv() else { return };
    // SAFETY: libuv calls this once, when it is done with the handle: its `Poll` (boxed in
    // `start`) and its memory (allocated there with `layout`) are ours to free. `closed_by_teardown`
    // is the teardown hook's handle, removed once to tell Node the handle is closed.
    unsafe {
        let poll = Box::from_raw((uv.get_data)(handle).cast::<Poll>());
        std::alloc::dealloc(handle.cast(), poll.layout);
        if !poll.closed_by_teardown.is_null() {
            sys::napi_remove_async_cleanup_hook(poll.closed_by_teardown);
        }
    }
}
