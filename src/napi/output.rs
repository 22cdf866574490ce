//! JS surface of the output sink: `OutputSink` and `stripAnsi` (API.md §5). `OutputOptions` and
//! `OutputSummary` are public so that the shell layer can reuse them for `ShellRunOptions.output`
//! and `ShellRunResult.output`.

use std::borrow::Cow;
use std::path::PathBuf;

use napi::bindgen_prelude::{Object, Unknown};
use napi::Env;
use napi_derive::napi;

use crate::error::{Error, JsNumber, Result};
use crate::output::{self, OutputOptions, OutputPipeline, OutputSummary};

use super::error;
use super::options::{arg, get, get_path, optional_arg, MAX_SAFE_INTEGER};

/// How output is processed and bounded: ANSI stripping, newline normalization, an in-memory
/// budget of a head and a tail, a per-line cap, and an artifact file for the full text.
/// Sizes are in bytes of UTF-8 text after stripping and normalization.
#[napi(object, js_name = "OutputOptions")]
#[derive(Clone, Debug, Default)]
pub struct JsOutputOptions {
    /// In-memory budget in bytes (head + tail). Beyond it, `output` keeps the head, an elision
    /// marker and the most recent bytes.
    /// @default 51200 (50 KiB)
    pub max_bytes: Option<f64>,
    /// Part of `maxBytes` kept from the start of the output, in bytes; must be <= `maxBytes`.
    /// @default 0 (tail only)
    pub head_bytes: Option<f64>,
    /// Per-line cap in bytes: a longer line is cut at a character boundary and ends in `…`. The cap
    /// applies before the budget, so one huge line costs no more memory than this.
    /// @default 0 (no cap)
    pub max_columns: Option<f64>,
    /// File that receives the full output (stripped and normalized, not line-capped). Created only
    /// once the output exceeds `maxBytes` or a line is capped; it then holds every byte from the
    /// first. Its directory must exist. Write failures are reported in `artifactError`, never thrown.
    pub artifact_path: Option<String>,
    /// Cap on the artifact file in bytes; writing stops there (`artifactTruncated` is then true).
    /// @default 0 (no cap)
    pub artifact_max_bytes: Option<f64>,
    /// Remove ANSI escape sequences (colours, cursor movement, titles, hyperlinks) and control
    /// characters other than tab, LF and CR.
    /// @default true
    pub strip_ansi: Option<bool>,
    /// Turn CRLF and lone CR into LF.
    /// @default true
    pub normalize_newlines: Option<bool>,
}

/// Reads an `OutputOptions` object property by property, each field's type checked and named.
pub fn read(obj: &Object) -> Result<JsOutputOptions> {
    Ok(JsOutputOptions {
        max_bytes: get(obj, c"maxBytes")?,
        head_bytes: get(obj, c"headBytes")?,
        max_columns: get(obj, c"maxColumns")?,
        artifact_path: get_path(obj, c"artifactPath")?,
        artifact_max_bytes: get(obj, c"artifactMaxBytes")?,
        strip_ansi: get(obj, c"stripAnsi")?,
        normalize_newlines: get(obj, c"normalizeNewlines")?,
    })
}

impl JsOutputOptions {
    /// The Rust options, with defaults filled in.
    ///
    /// Errors (`ERR_INVALID_ARG`, naming the field): a size that is negative, not an integer, not
    /// finite or above `Number.MAX_SAFE_INTEGER`; `headBytes` > `maxBytes`; an empty `artifactPath`.
    pub fn to_rust(&self) -> Result<OutputOptions> {
        let defaults = OutputOptions::default();
        let options = OutputOptions {
            max_bytes: byte_count("maxBytes", self.max_bytes)?.unwrap_or(defaults.max_bytes),
            head_bytes: byte_count("headBytes", self.head_bytes)?.unwrap_or(defaults.head_bytes),
            max_columns: byte_count("maxColumns", self.max_columns)?
                .unwrap_or(defaults.max_columns),
            artifact_path: self.artifact_path.as_ref().map(PathBuf::from),
            artifact_max_bytes: byte_count("artifactMaxBytes", self.artifact_max_bytes)?
                .map_or(defaults.artifact_max_bytes, |n| n as u64),
            strip_ansi: self.strip_ansi.unwrap_or(defaults.strip_ansi),
            normalize_newlines: self
                .normalize_newlines
                .unwrap_or(defaults.normalize_newlines),
        };
        options.validate()?;
        Ok(options)
    }
}

/// A JS number as a byte count.
fn byte_count(field: &str, value: Option<f64>) -> Result<Option<usize>> {
    let Some(n) = value else {
        return Ok(None);
    };
    let problem = if !n.is_finite() {
        "must be a finite number"
    } else if n < 0.0 {
        "must be >= 0"
    } else if n.fract() != 0.0 {
        "must be an integer"
    } else if n > MAX_SAFE_INTEGER {
        "must be <= Number.MAX_SAFE_INTEGER"
    } else {
        return Ok(Some(usize::try_from(n as u64).unwrap_or(usize::MAX)));
    };
    Err(Error::invalid(field, problem, JsNumber(n)))
}

/// What an output sink saw and kept. Byte counts are of UTF-8 text after ANSI stripping and
/// newline normalization; a line is text ended by a newline (LF) or by the end of the output.
#[napi(object, js_name = "OutputSummary")]
#[derive(Clone, Debug, Default)]
pub struct JsOutputSummary {
    /// Everything when it fits in `maxBytes`; otherwise the head, an elision marker on its own line
    /// (`[…N lines elided…]` when at least one whole line was left out, else `[…N bytes elided…]`)
    /// and the tail, which starts at a line start unless its one line is longer than the budget.
    /// Ends with the notice given to `dump`, on its own line.
    pub output: String,
    /// Output was left out of `output` because it exceeded `maxBytes`.
    pub truncated: bool,
    /// Bytes of all the output (before `maxColumns` capping).
    pub total_bytes: i64,
    /// Lines of all the output.
    pub total_lines: i64,
    /// Bytes of `output`, marker and notice included.
    pub output_bytes: i64,
    /// Lines of `output`, marker and notice included.
    pub output_lines: i64,
    /// Bytes left out of `output` (of the line-capped text); present when `truncated`.
    pub elided_bytes: Option<i64>,
    /// Whole lines left out of `output`; present when `truncated`.
    pub elided_lines: Option<i64>,
    /// Lines cut by `maxColumns`; present when there were any.
    pub column_truncated_lines: Option<i64>,
    /// The artifact file; present when it was written without error.
    pub artifact_path: Option<String>,
    /// Extension: why the artifact could not be written (the output is still complete in memory
    /// within the budget).
    pub artifact_error: Option<String>,
    /// Extension: true when the artifact stopped at `artifactMaxBytes`.
    pub artifact_truncated: Option<bool>,
}

impl From<OutputSummary> for JsOutputSummary {
    fn from(summary: OutputSummary) -> Self {
        let number = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        Self {
            output: summary.output,
            truncated: summary.truncated,
            total_bytes: number(summary.total_bytes),
            total_lines: number(summary.total_lines),
            output_bytes: number(summary.output_bytes),
            output_lines: number(summary.output_lines),
            elided_bytes: summary.elided_bytes.map(number),
            elided_lines: summary.elided_lines.map(number),
            column_truncated_lines: summary.column_truncated_lines.map(number),
            artifact_path: summary
                .artifact_path
                .map(|p| p.to_string_lossy().into_owned()),
            artifact_error: summary.artifact_error,
            artifact_truncated: summary.artifact_truncated.then_some(true),
        }
    }
}

/// A bounded buffer for command output: strips ANSI sequences, normalizes newlines, keeps a head
/// and a tail within `maxBytes`, caps long lines, and spills the full text to `artifactPath` once
/// it no longer fits. Memory stays bounded by the budget whatever is pushed.
#[napi]
pub struct OutputSink {
    pipeline: OutputPipeline,
}

#[napi]
impl OutputSink {
    /// @throws {Error} `ERR_INVALID_ARG` when an option is invalid (the message names the field).
    #[napi(
        constructor,
        catch_unwind,
        ts_args_type = "options?: OutputOptions | undefined | null"
    )]
    pub fn new(env: Env, options: Option<Unknown>) -> napi::Result<Self> {
        let options = optional_arg::<Object>(options, "options")
            .and_then(|o| o.map(|o| read(&o)).transpose())
            .and_then(|o| o.unwrap_or_default().to_rust())
            .map_err(|e| error::throw(&env, e))?;
        let pipeline = OutputPipeline::new(&options).map_err(|e| error::throw(&env, e))?;
        Ok(Self { pipeline })
    }

    /// Adds a chunk of output. An escape sequence or a CRLF split across two pushes is handled
    /// as a whole. Never throws on artifact write errors (see `artifactError`).
    /// @throws ERR_INVALID_ARG when `chunk` is not a string.
    #[napi(catch_unwind, ts_args_type = "chunk: string")]
    pub fn push(&mut self, env: Env, chunk: Unknown) -> napi::Result<()> {
        let chunk = arg::<String>(chunk, "chunk").map_err(|e| error::throw(&env, e))?;
        let _processed: Cow<'_, str> = self.pipeline.push_str(&chunk);
        Ok(())
    }

    /// The summary of everything pushed so far, with `notice` (e.g. a timeout message) appended to
    /// `output` on its own line. The artifact file is flushed. The sink stays usable: later pushes
    /// continue the same output; a CR or an unfinished escape sequence that ended the last push is
    /// resolved as if the output ended there.
    /// @throws ERR_INVALID_ARG when `notice` is given and is not a string.
    #[napi(catch_unwind, ts_args_type = "notice?: string | undefined | null")]
    pub fn dump(&mut self, env: Env, notice: Option<Unknown>) -> napi::Result<JsOutputSummary> {
        let notice = optional_arg::<String>(notice, "notice").map_err(|e| error::throw(&env, e))?;
        Ok(self.pipeline.summary(notice.as_deref()).into())
    }
}

/// Removes ANSI escape sequences (SGR colours, cursor movement, erase, OSC titles and hyperlinks,
/// DCS/SOS/PM/APC strings, charset selection, C1 controls) and control characters other than
/// tab, LF and CR, keeping all printable text (backspace is removed, not applied). An unterminated
/// sequence at the end is dropped.
///
/// @throws ERR_INVALID_ARG when `text` is not a string.
#[napi(js_name = "stripAnsi", catch_unwind, ts_args_type = "text: string")]
#[cfg_attr(test, allow(dead_code))] // #[napi] registers it with Node only outside test builds
pub fn strip_ansi(env: Env, text: Unknown) -> napi::Result<String> {
    let text = arg::<String>(text, "text").map_err(|e| error::throw(&env, e))?;
    Ok(output::strip_ansi(&text))
}
