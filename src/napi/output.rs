//! JS surface of the output sink: `OutputSink` and `stripAnsi` (docs/api.md §5). `OutputOptions` and
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
use super::options::{
    arg, js_name, js_readers, optional_arg, path, shown_name, FromJs, Path, MAX_SAFE_INTEGER,
};

/// How output is processed and bounded: ANSI stripping, newline normalization, an in-memory
/// budget of a head and a tail, a per-line cap, and an artifact file for the full text.
/// Sizes are in bytes of UTF-8 text after stripping and normalization.
#[napi(object, js_name = "OutputOptions")]
#[derive(Clone, Debug, Default)]
pub struct JsOutputOptions {
    /// Inline budget in bytes (head + tail). Beyond it, `output` keeps the most recent bytes,
    /// after the head and an elision marker line when a head is kept (the marker line comes on
    /// top of the budget, as in the anchor).
    /// @default 51200 (50 KiB)
    pub max_bytes: Option<f64>,
    /// Part of `maxBytes` kept from the start of the output, in bytes; clamped to `maxBytes / 2`.
    /// @default 0 (tail only)
    pub head_bytes: Option<f64>,
    /// Per-line cap in bytes, `…` included: a longer line keeps what fits before a `…` (cut at a
    /// character boundary). The cap applies before the budget, so one huge line costs no more
    /// memory than this.
    /// @default 0 (no cap)
    pub max_columns: Option<f64>,
    /// File that receives the full output (stripped and normalized, not line-capped). Created only
    /// once the output exceeds `maxBytes` or capping shortens a chunk; it then holds every byte
    /// from the first. Its directory must exist. Write failures are reported in `artifactError`,
    /// never thrown.
    pub artifact_path: Option<String>,
    /// Echoed as `artifactId` in the summary when the artifact was written, for hosts that name
    /// artifacts by id (`artifact://<id>`).
    pub artifact_id: Option<String>,
    /// Cap on the artifact file's text in bytes. A capped artifact is its first
    /// `artifactHeadBytes`, a line `[ARTIFACT TRUNCATED: kept first … + last … of …; … elided from
    /// the middle]` and the output's last `artifactMaxBytes - artifactHeadBytes` bytes
    /// (`artifactTruncated` is then true): the notice line (about 100 bytes) comes on top of the
    /// cap, as in the anchor. The last bytes wait in memory until `dump()`.
    /// @default 0 (no cap)
    pub artifact_max_bytes: Option<f64>,
    /// With `artifactMaxBytes`: bytes kept from the start before the cut; clamped to the cap.
    /// @default 3145728 (3 MiB)
    pub artifact_head_bytes: Option<f64>,
    /// Remove ANSI escape sequences (colours, cursor movement, titles, hyperlinks) and control
    /// characters other than tab, LF and CR.
    /// @default true
    pub strip_ansi: Option<bool>,
    /// Turn CRLF and lone CR into LF.
    /// @default true
    pub normalize_newlines: Option<bool>,
    /// `OutputSink` only (extension): `dump()` leaves the sink open, so later pushes continue the
    /// same output and the artifact stays open (a capped artifact gets its cut notice and tail
    /// when the sink is garbage-collected). Without it, `dump()` ends the sink as the anchor's
    /// does: the artifact is completed and closed and later pushes are ignored.
    /// @default false
    pub keep_open: Option<bool>,
}

js_readers!(JsOutputOptions {
    max_bytes => f64,
    head_bytes => f64,
    max_columns => f64,
    artifact_path => Path,
    artifact_id => String,
    artifact_max_bytes => f64,
    artifact_head_bytes => f64,
    strip_ansi => bool,
    normalize_newlines => bool,
    keep_open => bool,
});

/// Reads an `OutputOptions` object property by property, each field's type checked and named.
pub fn read(obj: &Object) -> Result<JsOutputOptions> {
    type O = JsOutputOptions;
    Ok(JsOutputOptions {
        max_bytes: O::max_bytes(obj)?,
        head_bytes: O::head_bytes(obj)?,
        max_columns: O::max_columns(obj)?,
        artifact_path: path(O::artifact_path(obj)?),
        artifact_id: O::artifact_id(obj)?,
        artifact_max_bytes: O::artifact_max_bytes(obj)?,
        artifact_head_bytes: O::artifact_head_bytes(obj)?,
        strip_ansi: O::strip_ansi(obj)?,
        normalize_newlines: O::normalize_newlines(obj)?,
        keep_open: O::keep_open(obj)?,
    })
}

/// An `output` option: read as above, then made the core's options (defaults filled in).
impl FromJs<'_> for OutputOptions {
    fn from_js(env: napi::sys::napi_env, raw: napi::sys::napi_value, field: &str) -> Result<Self> {
        read(&Object::from_js(env, raw, field)?)?.to_rust()
    }
}

impl JsOutputOptions {
    /// The Rust options, with defaults filled in.
    ///
    /// Errors (`ERR_INVALID_ARG`, naming the field): a size that is negative, not an integer, not
    /// finite or above `Number.MAX_SAFE_INTEGER`; an empty `artifactPath`.
    pub fn to_rust(&self) -> Result<OutputOptions> {
        let defaults = OutputOptions::default();
        let options = OutputOptions {
            max_bytes: byte_count(js_name!(max_bytes), self.max_bytes)?
                .unwrap_or(defaults.max_bytes),
            head_bytes: byte_count(js_name!(head_bytes), self.head_bytes)?
                .unwrap_or(defaults.head_bytes),
            max_columns: byte_count(js_name!(max_columns), self.max_columns)?
                .unwrap_or(defaults.max_columns),
            artifact_path: self.artifact_path.as_ref().map(PathBuf::from),
            artifact_id: self.artifact_id.clone(),
            artifact_max_bytes: byte_count(js_name!(artifact_max_bytes), self.artifact_max_bytes)?
                .map_or(defaults.artifact_max_bytes, |n| n as u64),
            artifact_head_bytes: byte_count(
                js_name!(artifact_head_bytes),
                self.artifact_head_bytes,
            )?
            .map_or(defaults.artifact_head_bytes, |n| n as u64),
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
fn byte_count(field: &std::ffi::CStr, value: Option<f64>) -> Result<Option<usize>> {
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
    Err(Error::invalid(shown_name(field), problem, JsNumber(n)))
}

/// What an output sink saw and kept, with the fields of oh-my-pi's `OutputSummary`. Byte counts
/// are of UTF-8 text after ANSI stripping and newline normalization; lines are counted as the
/// anchor counts them: newlines + 1 for any non-empty text (`"a\n"` is 2 lines).
#[napi(object, js_name = "OutputSummary")]
#[derive(Clone, Debug, Default)]
pub struct JsOutputSummary {
    /// `[notice]` as the first line when `dump` got a notice; then everything when it fits in
    /// `maxBytes`; otherwise, with no head kept, the last bytes alone (from a character boundary,
    /// possibly mid-line); with a head kept, the head, an elision marker on its own line
    /// (`[…Nln elided…]`, or `[…NB elided…]` when one line or less was left out) and the tail.
    pub output: String,
    /// Output was left out of `output` because it exceeded `maxBytes`.
    pub truncated: bool,
    /// Bytes of all the output (before `maxColumns` capping).
    pub total_bytes: i64,
    /// Lines of all the output.
    pub total_lines: i64,
    /// Bytes of `output` without the notice line: at most `maxBytes`, plus the elision marker
    /// line when a head was kept and output was elided.
    pub output_bytes: i64,
    /// Lines of `output` without the notice line.
    pub output_lines: i64,
    /// Bytes left out between head and tail (of the line-capped text); present when a head was
    /// kept and output was elided.
    pub elided_bytes: Option<i64>,
    /// Lines left out between head and tail; present with `elidedBytes`.
    pub elided_lines: Option<i64>,
    /// Extension: lines of `output` shown before the elision marker (0 when there is none);
    /// present when `truncated`. Lines are counted as a reader counts them: a final newline ends
    /// the last line, and the notice line is not counted.
    pub head_lines: Option<i64>,
    /// Extension: lines of `output` shown after the elision marker, or of all of it when there is
    /// no marker (no head kept); present when `truncated`, counted as `headLines` is.
    pub tail_lines: Option<i64>,
    /// Bytes dropped by `maxColumns`; present when a line was cut.
    pub column_dropped_bytes: Option<i64>,
    /// Lines cut by `maxColumns`; present when there were any.
    pub column_truncated_lines: Option<i64>,
    /// The `maxColumns` in effect; present when a line was cut.
    pub column_max: Option<i64>,
    /// Extension: the artifact file; present when it was written without error.
    pub artifact_path: Option<String>,
    /// `artifactId` from the options; present when the artifact was written without error.
    pub artifact_id: Option<String>,
    /// Extension: why the artifact could not be written (the output is still complete in memory
    /// within the budget).
    pub artifact_error: Option<String>,
    /// Extension: true when the artifact reached `artifactMaxBytes` and its middle was cut.
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
            head_lines: summary.head_lines.map(number),
            tail_lines: summary.tail_lines.map(number),
            column_dropped_bytes: summary.column_dropped_bytes.map(number),
            column_truncated_lines: summary.column_truncated_lines.map(number),
            column_max: summary.column_max.map(number),
            artifact_path: summary
                .artifact_path
                .map(|p| p.to_string_lossy().into_owned()),
            artifact_id: summary.artifact_id,
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
    /// `keepOpen`: `dump()` does not end the sink.
    keep_open: bool,
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
            .map(|o| o.unwrap_or_default())
            .map_err(|e| error::throw(&env, e))?;
        let rust = options.to_rust().map_err(|e| error::throw(&env, e))?;
        let pipeline = OutputPipeline::new(&rust).map_err(|e| error::throw(&env, e))?;
        Ok(Self {
            pipeline,
            keep_open: options.keep_open.unwrap_or(false),
        })
    }

    /// Adds a chunk of output. An escape sequence or a CRLF split across two pushes is handled
    /// as a whole. Never throws on artifact write errors (see `artifactError`). Ignored after
    /// `dump()` unless the sink was made with `keepOpen`.
    /// @throws ERR_INVALID_ARG when `chunk` is not a string.
    #[napi(catch_unwind, ts_args_type = "chunk: string")]
    pub fn push(&mut self, env: Env, chunk: Unknown) -> napi::Result<()> {
        let chunk = arg::<String>(chunk, "chunk").map_err(|e| error::throw(&env, e))?;
        let _processed: Cow<'_, str> = self.pipeline.push_str(&chunk);
        Ok(())
    }

    /// The summary of everything pushed so far, with `[notice]` (e.g. a timeout message) as the
    /// first line of `output`. A CR or an unfinished escape sequence that ended the last push is
    /// resolved as if the output ended here. Ends the sink as the anchor's `dump()` does: a capped
    /// artifact gets its cut notice and tail, the file is closed, later pushes are ignored (a
    /// later `dump()` gives the same summary). With `keepOpen`, the artifact is only flushed and
    /// later pushes continue the same output.
    /// @throws ERR_INVALID_ARG when `notice` is given and is not a string.
    #[napi(catch_unwind, ts_args_type = "notice?: string | undefined | null")]
    pub fn dump(&mut self, env: Env, notice: Option<Unknown>) -> napi::Result<JsOutputSummary> {
        let notice = optional_arg::<String>(notice, "notice").map_err(|e| error::throw(&env, e))?;
        if !self.keep_open {
            self.pipeline.end();
        }
        Ok(self.pipeline.summary(notice.as_deref()).into())
    }
}

/// Makes a directory only this user can enter (mode 0700 on Linux and macOS) in the temp
/// directory, named `prefix` and random characters, and returns its path. It is removed with what
/// is in it when the process goes: when it exits (the end of the event loop, `process.exit()`)
/// and, on Linux and macOS, when a signal ends it (a `SIGTERM` or `SIGKILL` included), by a
/// process of its own that outlives it by moments. On Windows only its maker removes it. The tool
/// layer keeps its artifacts there. @default prefix "agent-shell-"
///
/// @throws ERR_INVALID_ARG when `prefix` is not a string of at most 64 characters without `/`,
/// `\` or NUL; ERR_IO when the directory cannot be made.
#[napi(
    js_name = "makeTempDir",
    catch_unwind,
    ts_args_type = "prefix?: string | undefined | null"
)]
#[cfg_attr(test, allow(dead_code))] // #[napi] registers it with Node only outside test builds
pub fn make_temp_dir(env: Env, prefix: Option<Unknown>) -> napi::Result<String> {
    let made = (|| {
        let prefix =
            optional_arg::<String>(prefix, "prefix")?.unwrap_or_else(|| "agent-shell-".to_string());
        if prefix.chars().count() > 64 || prefix.contains(['/', '\\', '\0']) {
            return Err(Error::invalid(
                "prefix",
                "must be at most 64 characters without '/', '\\' or NUL",
                &prefix,
            ));
        }
        let dir = crate::process::host::temp_dir_gone_with_host(&prefix)
            .map_err(|e| Error::io("making a temp directory", e))?;
        Ok(dir.to_string_lossy().into_owned())
    })();
    made.map_err(|e| error::throw(&env, e))
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
