//! JS surface of the output minimizer (docs/api.md §2a): `MinimizerOptions` read into the core's
//! options, and `MinimizerResult` made from the core's [`Minimized`].

use napi::bindgen_prelude::{FromNapiValue, JsObjectValue, Object, ToNapiValue, Unknown};
use napi::Env;
use napi_derive::napi;

use super::options::{arg, js_readers, optional_arg, FromJs, MAX_SAFE_INTEGER};
use crate::error::{Error, JsNumber, Result};
use crate::minimize::{self, Captured, Minimized, MinimizerOptions};
use crate::output::utf16_from_utf8;

/// The output minimizer: after a run, the output of a single simple command whose program has a
/// filter (git, cargo, go, make/cmake/ninja/ctest, gtest, mvn, valgrind, npm/pnpm/yarn/bun, pytest, rspec,
/// jest, vitest, tsc, eslint, ruff, ls, find, grep/rg, cat of a source file) is rewritten into compact text in
/// the result's `minimized`, keeping every failing test, count, error and warning with its
/// location, and summary. Pipes, lists, compound commands and output under 1,000 characters pass
/// unchanged. Chunks still stream raw.
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object, js_name = "MinimizerOptions")]
#[allow(dead_code)]
pub struct JsMinimizerOptions {
    /// Master switch. @default false
    pub enabled: Option<bool>,
    /// A TOML file overriding the defaults (`~` expanded): `enabled`, `only`, `except`,
    /// `max_capture_bytes`, `source_outline_level`, and `[filters.<name>]` line filters.
    pub settings_path: Option<String>,
    /// xxHash64 (hex) of the settings file: a file whose hash differs is ignored (a trust gate
    /// for a path an agent could write).
    pub settings_hash: Option<String>,
    /// Programs minimized (e.g. `"git"`); empty or absent: every filter.
    pub only: Option<Vec<String>>,
    /// Programs never minimized.
    pub except: Option<Vec<String>>,
    /// Output above this many bytes is passed on raw. @default 4194304 (4 MiB)
    pub max_capture_bytes: Option<f64>,
    /// `cat <source file>`: `"default"` (declarations and signatures) or `"aggressive"`
    /// (signatures only). @default "default"
    pub source_outline_level: Option<String>,
    /// Accepted for the anchor's callers; it changes nothing here (there are no legacy filters).
    pub legacy_filters: Option<bool>,
}

js_readers!(JsMinimizerOptions {
    enabled => bool,
    settings_path => String,
    settings_hash => String,
    only => Vec<String>,
    except => Vec<String>,
    max_capture_bytes => f64,
    source_outline_level => String,
    legacy_filters => bool,
});

impl FromJs<'_> for MinimizerOptions {
    fn from_js(env: napi::sys::napi_env, raw: napi::sys::napi_value, field: &str) -> Result<Self> {
        type O = JsMinimizerOptions;
        let obj = Object::from_js(env, raw, field)?;
        let named = |e: Error, name: &str| e.renaming_field(|_| format!("{field}.{name}"));
        let max = O::max_capture_bytes(&obj).map_err(|e| named(e, "maxCaptureBytes"))?;
        if let Some(n) = max {
            if !(0.0..=MAX_SAFE_INTEGER).contains(&n) || n.fract() != 0.0 {
                return Err(Error::invalid(
                    format!("{field}.maxCaptureBytes"),
                    "must be a non-negative integer",
                    JsNumber(n),
                ));
            }
        }
        let level = O::source_outline_level(&obj).map_err(|e| named(e, "sourceOutlineLevel"))?;
        if let Some(l) = &level {
            if l != "default" && l != "aggressive" {
                return Err(Error::invalid(
                    format!("{field}.sourceOutlineLevel"),
                    "must be \"default\" or \"aggressive\"",
                    l,
                ));
            }
        }
        Ok(MinimizerOptions {
            enabled: O::enabled(&obj).map_err(|e| named(e, "enabled"))?,
            settings_path: O::settings_path(&obj).map_err(|e| named(e, "settingsPath"))?,
            settings_hash: O::settings_hash(&obj).map_err(|e| named(e, "settingsHash"))?,
            only: O::only(&obj).map_err(|e| named(e, "only"))?,
            except: O::except(&obj).map_err(|e| named(e, "except"))?,
            max_capture_bytes: max.map(|n| n as usize),
            source_outline_level: level,
            legacy_filters: O::legacy_filters(&obj).map_err(|e| named(e, "legacyFilters"))?,
        })
    }
}

/// What the minimizer made of a run's output; present only when a filter changed the text.
#[napi(object, js_name = "MinimizerResult")]
pub struct JsMinimizerResult {
    /// The filter that ran, e.g. `"git-log"`, `"cargo-test"`, `"vitest"`, `"npm:vitest"`.
    pub filter: String,
    /// The compact text a model should read instead of the streamed chunks.
    pub text: String,
    /// The whole captured output, as streamed.
    pub original_text: String,
    /// Bytes of `originalText`.
    pub input_bytes: f64,
    /// Bytes of `text`.
    pub output_bytes: f64,
}

impl From<Minimized> for JsMinimizerResult {
    fn from(m: Minimized) -> Self {
        JsMinimizerResult {
            filter: m.filter,
            text: m.text,
            original_text: m.original_text,
            input_bytes: m.input_bytes as f64,
            output_bytes: m.output_bytes as f64,
        }
    }
}

/// Minimizes `output`, the whole output of `command`, exactly as a run's `minimizer` option would
/// (extension: for output gathered elsewhere, such as a job's, which is read in pieces while it
/// runs). `null` when nothing changed (minimizer off, not a single simple command, no filter,
/// output short or over `maxCaptureBytes`).
#[napi(
    catch_unwind,
    js_name = "minimizeOutput",
    ts_args_type = "command: string, output: string, options?: MinimizerOptions | undefined | null",
    ts_return_type = "MinimizerResult | null"
)]
pub fn minimize_output<'a>(
    env: Env,
    command: Unknown<'a>,
    output: Unknown<'a>,
    options: Option<Unknown<'a>>,
) -> napi::Result<Option<Object<'a>>> {
    let read = || -> Result<Option<Minimized>> {
        let command: String = arg(command, "command")?;
        let text: String = arg(output, "output")?;
        let Some(config) = optional_arg::<MinimizerOptions>(options, "options")?
            .map(|o| o.resolve())
            .filter(|c| c.enabled)
        else {
            return Ok(None);
        };
        let captured = if text.len() > config.max_capture_bytes {
            Captured::TooLarge
        } else {
            Captured::Text(text)
        };
        Ok(minimize::minimize(&command, captured, &config, None))
    };
    let Some(minimized) = read().map_err(|e| super::error::throw(&env, e))? else {
        return Ok(None);
    };
    // `originalText` is the caller's own string, handed back as it is: making a new one from
    // the copy read here would decode every byte of it again (about a tenth of a 50 KB call).
    let mut result = JsMinimizerResult::from(minimized);
    result.original_text = String::new();
    let text = std::mem::take(&mut result.text);
    // SAFETY: `env` is the live environment of this call, and the value just made from it is
    // an object (a `#[napi(object)]` struct).
    let mut object = unsafe {
        let raw = JsMinimizerResult::to_napi_value(env.raw(), result)?;
        Object::from_napi_value(env.raw(), raw)?
    };
    // A rewrite holding any character past ASCII is handed over as UTF-16, the form V8 keeps it
    // in: its UTF-8 reader walks such a text twice.
    if text.is_ascii() {
        object.set_named_property("text", text)?;
    } else {
        object.set_named_property("text", env.create_string_utf16(utf16_from_utf8(&text))?)?;
    }
    object.set_named_property("originalText", output)?;
    Ok(Some(object))
}
