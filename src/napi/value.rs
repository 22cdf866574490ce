//! How a JS value is named in a message after `got` (`"text"`, `5`, `null`, `an object`), read
//! without running any of the caller's code. Below both the option readers and the error mapping,
//! which both show values.

use napi::bindgen_prelude::FromNapiValue;
use napi::sys;
use napi::sys::ValueType as ValueKind;

use crate::error::JsNumber;

/// Longest string value quoted whole in a message; a longer one is cut with `…`.
const SHOWN_STRING_CHARS: usize = 60;

/// A JS value as a message shows it after `got`: `"text"`, `5`, `null`, `an object`.
pub struct Shown(String);

impl std::fmt::Debug for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The type of `raw`; `undefined` when it cannot be told.
pub fn type_of(env: sys::napi_env, raw: sys::napi_value) -> sys::napi_valuetype {
    let mut kind = ValueKind::napi_undefined;
    // SAFETY: `raw` is a live value of `env`, on its JS thread.
    if unsafe { sys::napi_typeof(env, raw, &mut kind) } != sys::Status::napi_ok {
        return ValueKind::napi_undefined;
    }
    kind
}

/// Describes `raw` for a message, without running any of the caller's code.
pub fn shown(env: sys::napi_env, raw: sys::napi_value) -> Shown {
    // Each read below is of a live value of `env`, on its JS thread, of the type just checked.
    let text = match type_of(env, raw) {
        ValueKind::napi_undefined => "undefined".to_string(),
        ValueKind::napi_null => "null".to_string(),
        // SAFETY: `raw` is a live boolean of `env`, on its JS thread.
        ValueKind::napi_boolean => match unsafe { bool::from_napi_value(env, raw) } {
            Ok(b) => b.to_string(),
            Err(_) => "a boolean".to_string(),
        },
        // SAFETY: `raw` is a live number of `env`, on its JS thread.
        ValueKind::napi_number => match unsafe { f64::from_napi_value(env, raw) } {
            Ok(n) => format!("{:?}", JsNumber(n)),
            Err(_) => "a number".to_string(),
        },
        // SAFETY: `raw` is a live string of `env`, on its JS thread.
        ValueKind::napi_string => match unsafe { String::from_napi_value(env, raw) } {
            Ok(s) if s.chars().count() > SHOWN_STRING_CHARS => {
                let cut: String = s.chars().take(SHOWN_STRING_CHARS).collect();
                format!("{cut:?}…")
            }
            Ok(s) => format!("{s:?}"),
            Err(_) => "a string".to_string(),
        },
        ValueKind::napi_symbol => "a symbol".to_string(),
        ValueKind::napi_function => "a function".to_string(),
        ValueKind::napi_bigint => "a bigint".to_string(),
        ValueKind::napi_object => {
            let mut array = false;
            // SAFETY: `raw` is a live object of `env`, on its JS thread.
            unsafe { sys::napi_is_array(env, raw, &mut array) };
            if array { "an array" } else { "an object" }.to_string()
        }
        _ => "an external value".to_string(),
    };
    Shown(text)
}
