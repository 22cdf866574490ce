//! Reading the caller's arguments and options objects on the JS thread: each value's type is
//! checked and a wrong one named with its value (`shell must be a string (got 5)`), maps turned
//! into sorted pairs, paths made absolute, `timeoutMs`, and an AbortSignal wired to a
//! [`CancelToken`]. Whatever the caller's own code throws while being read (a getter, a Proxy
//! trap) is taken here and becomes the `cause` of a coded error: no exception stays pending.
//!
//! Each options object is described once, by the `#[napi(object)]` struct that index.d.ts is
//! generated from; [`js_readers!`] gives it a reader per field, which reads the property of that
//! field's JS name as a given type, and checks that every field has one. Values are converted
//! and fields named here; what a value may be is the core's to check, except where nothing
//! checks it before it matters (paths without NUL bytes, the range of a JS number that becomes a
//! duration).

use std::ffi::CStr;
use std::path::PathBuf;
use std::time::Duration;

use napi::bindgen_prelude::*;
use napi::sys::ValueType as ValueKind;
use napi::UnknownRef;
use napi_derive::napi;

use super::error::take_exception;
use super::value::{shown, type_of};
use crate::error::{Error, JsNumber};
use crate::output::utf8_from_utf16;
use crate::process::sandbox::{Network, SandboxPolicy};
use crate::run::CancelToken;

/// `snake_case` as napi-rs names a field in JS (`timeout_ms` → `timeoutMs`), NUL-padded to `N`
/// bytes; for [`js_name!`], at compile time.
pub const fn camel_case<const N: usize>(snake: &str) -> [u8; N] {
    let bytes = snake.as_bytes();
    let mut out = [0u8; N];
    let (mut i, mut j, mut upper) = (0, 0, false);
    while i < bytes.len() {
        if bytes[i] == b'_' {
            upper = true;
        } else {
            out[j] = if upper {
                bytes[i].to_ascii_uppercase()
            } else {
                bytes[i]
            };
            upper = false;
            j += 1;
        }
        i += 1;
    }
    out
}

/// The JS name of the Rust field `$field`, as a C string made at compile time (see [`get`] for
/// why a C string): the name napi-rs gives the field in index.d.ts.
macro_rules! js_name {
    ($field:ident) => {{
        const BYTES: [u8; stringify!($field).len() + 1] =
            $crate::napi::options::camel_case(stringify!($field));
        const NAME: &::std::ffi::CStr = match ::std::ffi::CStr::from_bytes_until_nul(&BYTES) {
            Ok(name) => name,
            // Not reached: the camelCase name is shorter than the array, so a NUL ends it.
            Err(_) => panic!("a field name without its NUL"),
        };
        NAME
    }};
}

/// The readers of a JS options object, declared once by its `#[napi(object)]` struct (whose doc
/// comments and field types make its TypeScript interface in index.d.ts):
/// `js_readers!(Struct { field => Type, … })` gives `Struct::field(&obj)`, which reads the
/// property of the field's JS name as `Type` with [`get`] (absent: `None`; a wrong type:
/// `ERR_INVALID_ARG` naming the field). Every field of the struct must be listed, and only its
/// fields: the check below stops compiling otherwise. Callers read the fields they need, in the
/// order they need them; where Rust keeps the struct itself (`OutputOptions`), it is built from
/// the readers. The JS name is napi-rs's camelCase of the field's: a field renamed with
/// `#[napi(js_name)]` would need a reader of its own.
macro_rules! js_readers {
    ($name:ident { $($field:ident => $read:ty),* $(,)? }) => {
        // A field may be read through another declaration of the same field: `executeShell`'s
        // options are a run's and a session's, read with their readers.
        #[allow(dead_code)]
        impl $name {
            $(
                pub fn $field<'env>(
                    obj: &::napi::bindgen_prelude::Object<'env>,
                ) -> $crate::error::Result<Option<$read>> {
                    $crate::napi::options::get(obj, $crate::napi::options::js_name!($field))
                }
            )*
        }
        const _: fn($name) = |$name { $($field: _),* }| {};
    };
}
pub(crate) use {js_name, js_readers};

/// The largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`): the bound of every
/// count and duration read from JS, far below where a conversion to Rust could overflow.
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;
/// `field must be <expected> (got <value>)`.
fn wrong(env: sys::napi_env, raw: sys::napi_value, field: &str, expected: &str) -> Error {
    Error::invalid(field, format!("must be {expected}"), shown(env, raw))
}

/// The error for a read of `field` that failed: what the caller's code threw, when it did (taken,
/// so that it does not stay pending); otherwise `field could not be read`.
fn read_failed(env: sys::napi_env, field: &str, why: &str) -> Error {
    take_exception(env, field).unwrap_or_else(|| Error::invalid(field, "could not be read", why))
}

/// A value read from JS, with its type checked; the error names `field` and the value.
pub trait FromJs<'env>: Sized {
    fn from_js(env: sys::napi_env, raw: sys::napi_value, field: &str)
        -> crate::error::Result<Self>;
}

impl FromJs<'_> for String {
    fn from_js(
        env: sys::napi_env,
        raw: sys::napi_value,
        field: &str,
    ) -> crate::error::Result<Self> {
        if type_of(env, raw) != ValueKind::napi_string {
            return Err(wrong(env, raw, field, "a string"));
        }
        string_of(env, raw).ok_or_else(|| read_failed(env, field, "its text could not be read"))
    }
}

/// A JS string's text, read as UTF-16 (V8's own form of a string holding any character past
/// Latin-1, copied as it is) and made UTF-8 by [`utf8_from_utf16`]: V8's UTF-8 read walked such a
/// string twice, for its length and then to write it.
fn string_of(env: sys::napi_env, raw: sys::napi_value) -> Option<String> {
    let mut len = 0usize;
    // SAFETY: `raw` is a string of `env` (checked by the caller); a null buffer asks only for its
    // length in UTF-16 units, written to `len`.
    let asked =
        unsafe { sys::napi_get_value_string_utf16(env, raw, std::ptr::null_mut(), 0, &mut len) };
    if asked != sys::Status::napi_ok {
        return None;
    }
    // One unit more: the writer ends what it writes with a NUL. Not filled first: the writer
    // fills it (zeroing 100 KB was a tenth of the read).
    let mut units: Vec<u16> = Vec::with_capacity(len + 1);
    let mut written = 0usize;
    // SAFETY: `units` has room for `len + 1` units, the size passed; the writer writes at most
    // that many and says in `written` how many of them are the string's.
    let read = unsafe {
        sys::napi_get_value_string_utf16(env, raw, units.as_mut_ptr(), len + 1, &mut written)
    };
    if read != sys::Status::napi_ok {
        return None;
    }
    // SAFETY: the writer initialized the first `written` units (at most `len`, the capacity's).
    unsafe { units.set_len(written.min(len)) };
    Some(utf8_from_utf16(&units))
}

impl FromJs<'_> for f64 {
    fn from_js(
        env: sys::napi_env,
        raw: sys::napi_value,
        field: &str,
    ) -> crate::error::Result<Self> {
        if type_of(env, raw) != ValueKind::napi_number {
            return Err(wrong(env, raw, field, "a number"));
        }
        // SAFETY: `raw` is a number of `env`.
        unsafe { f64::from_napi_value(env, raw) }.map_err(|e| read_failed(env, field, &e.reason))
    }
}

impl FromJs<'_> for bool {
    fn from_js(
        env: sys::napi_env,
        raw: sys::napi_value,
        field: &str,
    ) -> crate::error::Result<Self> {
        if type_of(env, raw) != ValueKind::napi_boolean {
            return Err(wrong(env, raw, field, "a boolean"));
        }
        // SAFETY: `raw` is a boolean of `env`.
        unsafe { bool::from_napi_value(env, raw) }.map_err(|e| read_failed(env, field, &e.reason))
    }
}

impl<'env> FromJs<'env> for Object<'env> {
    fn from_js(
        env: sys::napi_env,
        raw: sys::napi_value,
        field: &str,
    ) -> crate::error::Result<Self> {
        if type_of(env, raw) != ValueKind::napi_object {
            return Err(wrong(env, raw, field, "an object"));
        }
        Ok(Object::from_raw(env, raw))
    }
}

/// A function to call back, e.g. `onChunk`.
impl<'env, T: JsValuesTupleIntoVec> FromJs<'env> for Function<'env, T, ()> {
    fn from_js(
        env: sys::napi_env,
        raw: sys::napi_value,
        field: &str,
    ) -> crate::error::Result<Self> {
        if type_of(env, raw) != ValueKind::napi_function {
            return Err(wrong(env, raw, field, "a function"));
        }
        // SAFETY: `raw` is a function of `env`.
        unsafe { Function::from_napi_value(env, raw) }
            .map_err(|e| read_failed(env, field, &e.reason))
    }
}

/// `Record<string, string>`, as `(key, value)` pairs sorted by key; a value's field is
/// `field.key`.
pub struct StringMap(pub Vec<(String, String)>);

impl FromJs<'_> for StringMap {
    fn from_js(
        env: sys::napi_env,
        raw: sys::napi_value,
        field: &str,
    ) -> crate::error::Result<Self> {
        let obj = Object::from_js(env, raw, field)?;
        let mut keys = std::ptr::null_mut();
        // SAFETY: `obj` is an object of `env`; a Proxy's traps may throw, which `read_failed` takes.
        if unsafe { sys::napi_get_property_names(env, obj.raw(), &mut keys) }
            != sys::Status::napi_ok
        {
            return Err(read_failed(env, field, "its keys could not be listed"));
        }
        let mut pairs = Vec::new();
        for key in elements(env, keys, field)? {
            let key = String::from_js(env, key, &format!("{field} key"))?;
            let key_field = format!("{field}.{key}");
            let value = named(env, obj.raw(), &key, &key_field)?;
            pairs.push((key, String::from_js(env, value, &key_field)?));
        }
        pairs.sort();
        Ok(StringMap(pairs))
    }
}

/// `string[]`; an element's field is `field[i]`.
impl FromJs<'_> for Vec<String> {
    fn from_js(
        env: sys::napi_env,
        raw: sys::napi_value,
        field: &str,
    ) -> crate::error::Result<Self> {
        array(env, raw, field)?
            .into_iter()
            .enumerate()
            .map(|(i, v)| String::from_js(env, v, &format!("{field}[{i}]")))
            .collect()
    }
}

/// The elements of an array, checked to be one.
pub fn array(
    env: sys::napi_env,
    raw: sys::napi_value,
    field: &str,
) -> crate::error::Result<Vec<sys::napi_value>> {
    let mut is_array = false;
    // SAFETY: `raw` is a live value of `env`.
    if unsafe { sys::napi_is_array(env, raw, &mut is_array) } != sys::Status::napi_ok || !is_array {
        return Err(wrong(env, raw, field, "an array"));
    }
    elements(env, raw, field)
}

fn elements(
    env: sys::napi_env,
    raw: sys::napi_value,
    field: &str,
) -> crate::error::Result<Vec<sys::napi_value>> {
    let mut len = 0u32;
    // SAFETY: `raw` is an array of `env`.
    if unsafe { sys::napi_get_array_length(env, raw, &mut len) } != sys::Status::napi_ok {
        return Err(read_failed(env, field, "its length could not be read"));
    }
    (0..len)
        .map(|i| {
            let mut value = std::ptr::null_mut();
            // SAFETY: as above; an element's getter may throw, which `read_failed` takes.
            match unsafe { sys::napi_get_element(env, raw, i, &mut value) } {
                sys::Status::napi_ok => Ok(value),
                _ => Err(read_failed(
                    env,
                    &format!("{field}[{i}]"),
                    "its getter failed",
                )),
            }
        })
        .collect()
}

/// `obj[key]` for a key given as a Rust string.
fn named(
    env: sys::napi_env,
    obj: sys::napi_value,
    key: &str,
    field: &str,
) -> crate::error::Result<sys::napi_value> {
    let read = (|| -> napi::Result<sys::napi_value> {
        // SAFETY: `obj` is an object of `env`; the key is a string made here.
        let key = unsafe { String::to_napi_value(env, key.to_string())? };
        let mut value = std::ptr::null_mut();
        // SAFETY: `obj` is a live object of `env` and `key` a string just made in it, on the JS
        // thread; a getter that throws leaves an exception that `read_failed` takes.
        napi::check_status!(unsafe { sys::napi_get_property(env, obj, key, &mut value) })?;
        Ok(value)
    })();
    read.map_err(|e| read_failed(env, field, &e.reason))
}

/// Reads an optional property (`undefined` and `null` are absent), naming it when its type is
/// wrong. The key goes to Node-API as a C string, which Node internalizes directly: a key made as
/// a JS string first (napi-rs's `Object::get`) costs a string allocation and a string-table
/// lookup per read, most of the 4 µs that reading a run's options took.
pub fn get<'env, V: FromJs<'env>>(
    obj: &Object<'env>,
    field: &CStr,
) -> crate::error::Result<Option<V>> {
    let name = shown_name(field);
    let env = obj.value().env;
    let mut value = std::ptr::null_mut();
    // SAFETY: `obj` is a live object of this call's environment; `field` is NUL-terminated.
    let status =
        unsafe { sys::napi_get_named_property(env, obj.raw(), field.as_ptr(), &mut value) };
    if status != sys::Status::napi_ok {
        return Err(read_failed(env, name, "its getter failed"));
    }
    optional(env, value, name)
}

/// `None` for `undefined` and `null`, else the value read as `V`.
pub fn optional<'env, V: FromJs<'env>>(
    env: sys::napi_env,
    raw: sys::napi_value,
    field: &str,
) -> crate::error::Result<Option<V>> {
    match type_of(env, raw) {
        ValueKind::napi_undefined | ValueKind::napi_null => Ok(None),
        _ => V::from_js(env, raw, field).map(Some),
    }
}

/// Reads a positional argument, naming it when its type is wrong.
pub fn arg<'env, V: FromJs<'env>>(value: Unknown<'env>, field: &str) -> crate::error::Result<V> {
    V::from_js(value.value().env, value.raw(), field)
}

/// An optional positional argument (`undefined` and `null` are absent).
pub fn optional_arg<'env, V: FromJs<'env>>(
    value: Option<Unknown<'env>>,
    field: &str,
) -> crate::error::Result<Option<V>> {
    match value {
        Some(v) => optional(v.value().env, v.raw(), field),
        None => Ok(None),
    }
}

/// A string that names a file or a program: a NUL byte cannot be passed to the OS.
pub struct Path(pub String);

impl FromJs<'_> for Path {
    fn from_js(
        env: sys::napi_env,
        raw: sys::napi_value,
        field: &str,
    ) -> crate::error::Result<Self> {
        let value = String::from_js(env, raw, field)?;
        crate::error::no_nul(field, &value)?;
        Ok(Path(value))
    }
}

/// A path, as a string.
pub fn path(value: Option<Path>) -> Option<String> {
    value.map(|p| p.0)
}

/// A duration given in milliseconds (every `…Ms` option): negative, not finite or above
/// `Number.MAX_SAFE_INTEGER` (285,000 years) is `ERR_INVALID_ARG` naming `field`.
pub fn millis(field: &str, ms: f64) -> crate::error::Result<Duration> {
    if !ms.is_finite() || !(0.0..=MAX_SAFE_INTEGER).contains(&ms) {
        return Err(Error::invalid(
            field,
            "must be a finite number from 0 to Number.MAX_SAFE_INTEGER",
            JsNumber(ms),
        ));
    }
    Ok(Duration::from_secs_f64(ms / 1000.0))
}

/// A deadline in milliseconds (`timeoutMs`, read by [`millis`]): 0 is none.
pub struct TimeoutMs(Option<Duration>);

impl FromJs<'_> for TimeoutMs {
    fn from_js(
        env: sys::napi_env,
        raw: sys::napi_value,
        field: &str,
    ) -> crate::error::Result<Self> {
        let after = millis(field, f64::from_js(env, raw, field)?)?;
        Ok(TimeoutMs((!after.is_zero()).then_some(after)))
    }
}

/// The deadline, none when absent.
pub fn timeout(value: Option<TimeoutMs>) -> Option<Duration> {
    value.and_then(|t| t.0)
}

/// A token cancelled when `signal` (the options' `signal`, as read) aborts (already cancelled
/// when it has), and the listener this added to the signal, to be removed when the run settles.
pub fn abort_token(
    env: &Env,
    signal: crate::error::Result<Option<Object>>,
) -> crate::error::Result<(CancelToken, Option<AbortListener>)> {
    let cancel = CancelToken::default();
    let signal = signal.map_err(|e| match e {
        Error::InvalidArg { field, value, .. } => Error::InvalidArg {
            field,
            problem: "must be an AbortSignal".into(),
            value,
        },
        other => other,
    })?;
    let listener = match signal {
        Some(signal) => watch_abort_signal(env, &signal, &cancel).map_err(|e| {
            take_exception(env.raw(), "signal").unwrap_or_else(|| {
                Error::invalid(
                    "signal",
                    format!("must be an AbortSignal ({})", e.reason),
                    shown(env.raw(), signal.raw()),
                )
            })
        })?,
        None => None,
    };
    Ok((cancel, listener))
}

/// The token of an option's `signal` and its listener, as [`abort_token`] gives them.
pub type Token = (CancelToken, Option<AbortListener>);

/// Options read with their `signal`'s token, apart from its listener, which stays on the JS
/// thread (to be removed as the promise settles: [`on_settle`]); a reading's error has none.
pub fn split_token<T>(
    read: crate::error::Result<(T, Token)>,
) -> (
    crate::error::Result<(T, CancelToken)>,
    Option<AbortListener>,
) {
    match read {
        Ok((value, (cancel, listener))) => (Ok((value, cancel)), listener),
        Err(e) => (Err(e), None),
    }
}

/// Removes the AbortSignal listener as the promise settles.
pub fn on_settle(listener: Option<AbortListener>) -> Option<super::js_thread::OnSettle> {
    listener.map(|l| Box::new(move |env: &Env| l.remove(env)) as super::js_thread::OnSettle)
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

/// `value`, or `ERR_INVALID_ARG` naming `field` (a [`js_name!`]) when it is absent.
pub fn required<T>(value: Option<T>, field: &CStr) -> crate::error::Result<T> {
    value.ok_or_else(|| Error::invalid(shown_name(field), "is required", "undefined"))
}

/// A [`js_name!`] as messages show it.
pub fn shown_name(field: &CStr) -> &str {
    // Made from a Rust identifier: always UTF-8.
    field.to_str().unwrap_or("option")
}

/// An optional map's pairs, none when absent.
pub fn pairs(map: Option<StringMap>) -> Vec<(String, String)> {
    map.map(|m| m.0).unwrap_or_default()
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

/// A sandbox for a command and everything it starts (Linux: Landlock and seccomp). A denied
/// operation fails as the OS fails it (`EACCES`/`EPERM`); where the kernel cannot enforce the
/// policy, the call rejects with `ERR_SANDBOX_UNAVAILABLE` and nothing runs. Root inside it has no
/// capabilities. Set `AGENT_SHELL_SANDBOX_SIMULATE_ABI=<n>` (for tests only) to have the kernel
/// taken as offering at most Landlock ABI `n`.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object, js_name = "SandboxPolicy")]
#[allow(dead_code)]
pub struct JsSandboxPolicy {
    /// Where writing is allowed; relative paths count from the host's directory. The session's own
    /// temp directory, given to the command as `TMPDIR`, is writable in any case.
    /// @default the run's working directory (a `Shell`'s: the host's directory when it is constructed)
    pub writable_roots: Option<Vec<String>>,
    /// Where reading is allowed besides the system directories (`/usr`, `/bin`, `/sbin`, `/lib*`,
    /// `/etc`, `/proc`, and the character devices of `/dev` every program uses) and the writable
    /// roots. @default the whole filesystem but `/dev` (there: the devices every program uses and
    /// the run's own terminal; never a disk or another terminal)
    pub readable_roots: Option<Vec<String>>,
    /// TCP/UDP to any address (loopback included), sockets other than `AF_UNIX`, and `connect`
    /// to any Unix socket. @default false
    pub network: Option<bool>,
}

js_readers!(JsSandboxPolicy {
    writable_roots => Vec<String>,
    readable_roots => Vec<String>,
    network => bool,
});

/// The `sandbox` option. Paths are made absolute and resolved, once (see
/// [`SandboxPolicy::resolved`]). A field's errors name it in full (`sandbox.writableRoots[1]`).
impl FromJs<'_> for SandboxPolicy {
    fn from_js(
        env: sys::napi_env,
        raw: sys::napi_value,
        field: &str,
    ) -> crate::error::Result<Self> {
        let mut is_array = false;
        // SAFETY: `raw` is a live value of `env`.
        let status = unsafe { sys::napi_is_array(env, raw, &mut is_array) };
        // An array is an object to `typeof`, but no policy: `sandbox: []` would otherwise read
        // as `{}`, every default applied, which is not what whoever wrote it meant.
        if status != sys::Status::napi_ok || is_array {
            return Err(wrong(env, raw, field, "a policy object"));
        }
        let policy = Object::from_js(env, raw, field)?;
        let roots = |list: crate::error::Result<Option<Vec<String>>>,
                     name: &str|
         -> crate::error::Result<Option<Vec<PathBuf>>> {
            let name = format!("{field}.{name}");
            let Some(list) = list.map_err(|e| renamed(e, &name))? else {
                return Ok(None);
            };
            list.iter()
                .enumerate()
                .map(|(i, p)| match p.contains('\0') || p.is_empty() {
                    true => Err(Error::invalid(
                        format!("{name}[{i}]"),
                        "must be a non-empty path without NUL bytes",
                        p,
                    )),
                    false => Ok(absolute(p)),
                })
                .collect::<crate::error::Result<Vec<_>>>()
                .map(Some)
        };
        let network = match JsSandboxPolicy::network(&policy)
            .map_err(|e| renamed(e, &format!("{field}.network")))?
        {
            Some(true) => Network::Allowed,
            Some(false) | None => Network::Denied,
        };
        SandboxPolicy {
            writable_roots: roots(JsSandboxPolicy::writable_roots(&policy), "writableRoots")?,
            readable_roots: roots(JsSandboxPolicy::readable_roots(&policy), "readableRoots")?,
            network,
            terminal: None,
        }
        .resolved(field)
    }
}

/// An error about a field of a nested object, named by its full path: `writableRoots[1]` read
/// from `sandbox` is `sandbox.writableRoots[1]`.
fn renamed(e: Error, full: &str) -> Error {
    e.renaming_field(|field| match field.find('[') {
        Some(at) => format!("{full}{}", &field[at..]),
        None => full.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use pretty_assertions::assert_eq;

    #[test]
    fn js_names_are_napi_rs_camel_case() {
        assert_eq!(js_name!(command), c"command");
        assert_eq!(js_name!(timeout_ms), c"timeoutMs");
        assert_eq!(js_name!(non_interactive_env), c"nonInteractiveEnv");
        assert_eq!(js_name!(artifact_head_bytes), c"artifactHeadBytes");
    }
}
