//! JS surface of the command helpers (docs/api.md §6): the bash interceptor and its default rules,
//! head/tail normalization, and command classification. Thin: the logic is in `crate::commands`.

use std::collections::HashMap;

use napi::bindgen_prelude::{JsValue, Object, Unknown};
use napi::Env;
use napi_derive::napi;

use crate::commands::{self, classify, head_tail, intercept, rules};
use crate::error::{Error, Result};

use super::error;
use super::options::{
    arg, array, js_name, js_readers, optional_arg, required, FromJs, Path, StringMap,
};

/// A rule of the bash interceptor: when `pattern` matches a command (or one of its segments) and
/// `tool` is available, the command is blocked with `message`.
#[napi(object)]
#[derive(Clone, Debug)]
pub struct InterceptorRule {
    /// A JavaScript regular expression, matched exactly as `new RegExp(pattern, flags).test(…)`
    /// would (lookbehind, named groups, Unicode modes included). A rule whose pattern or flags do
    /// not compile is skipped.
    pub pattern: String,
    /// Regular expression flags (`d g i m s u v y`). Each test uses a fresh regex, so `g` and `y`
    /// carry no `lastIndex` between tests (`y` anchors the match at the start).
    pub flags: Option<String>,
    /// The dedicated tool to use instead (e.g. `read`). The rule applies only when this name is in
    /// `availableTools`.
    pub tool: String,
    /// Why the command is blocked and what to do instead, for the agent.
    pub message: String,
}

js_readers!(InterceptorRule {
    pattern => String,
    flags => String,
    tool => String,
    message => String,
});

/// What `checkBashInterception` decided.
#[napi(object)]
#[derive(Clone, Debug)]
pub struct InterceptionResult {
    /// The command should not run.
    pub blocked: bool,
    /// `Blocked: <rule message>`, a blank line, then `Original command: <command>`, when blocked.
    pub message: Option<String>,
    /// The blocking rule's `tool`, when blocked.
    pub suggested_tool: Option<String>,
    /// The text the rule matched: a segment of the command, or the whole command trimmed.
    pub matched_segment: Option<String>,
}

/// A command with a trailing `| head …` / `| tail …` lifted out into line limits.
#[napi(object)]
#[derive(Clone, Debug)]
pub struct NormalizedCommand {
    /// The command without the lifted stages (unchanged when nothing was lifted).
    pub command: String,
    /// Keep this many lines from the start of the output.
    pub head_lines: Option<f64>,
    /// Then keep this many lines from the end of what is left.
    pub tail_lines: Option<f64>,
}

/// The text after `applyHeadTail`.
#[napi(object)]
#[derive(Clone, Debug)]
pub struct HeadTailResult {
    pub text: String,
    /// At least one line was dropped.
    pub applied: bool,
}

/// How much a command can do (extension).
#[napi(object)]
#[derive(Clone, Debug)]
pub struct CommandClassification {
    /// The worst of its parts: `dangerous` > `unknown` > `write` > `read-only`. `unknown` means it
    /// could not be proven safe (unparsable, an unknown program, a command name computed at run
    /// time, `eval`, `source`, …): fail closed.
    #[napi(ts_type = "'read-only' | 'write' | 'dangerous' | 'unknown'")]
    pub level: String,
    /// Every command name that would run, substitutions and nested `bash -c` code included, in
    /// order of appearance, without repeats.
    pub commands: Vec<String>,
    /// Why, worst first, in words an agent can show a user (e.g. `rm -rf targets the root
    /// directory`, `redirection writes to out.txt`, `unknown program: foo`). A finding in the
    /// context names the file and key (`git status runs the fsmonitor hook (core.fsmonitor = … in
    /// /repo/.git/config)`).
    pub reasons: Vec<String>,
    /// `read`: the command's directory and environment were read (`classifyCommand(command,
    /// { cwd, env })`). `none`: no context was given, and the verdict assumes that no
    /// configuration in the directory, HOME or environment makes a program run code.
    #[napi(ts_type = "'none' | 'read'")]
    pub context: String,
}

/// Where a command will run, for `classifyCommand` (extension).
// Declares the TypeScript type; the object is read field by field, with the readers below.
#[napi(object)]
#[allow(dead_code)]
pub struct ClassifyOptions {
    /// The directory the command will run in. @default the host's working directory
    pub cwd: Option<String>,
    /// The environment it will run with (`HOME`, `PATH`, `GIT_DIR`, …), whole: it is not merged
    /// with the host's. @default the host's environment
    pub env: Option<HashMap<String, String>>,
    /// The command runs with the non-interactive environment (docs/api.md §7), as `executeShell`
    /// and a `Shell` run commands by default: its values count for the keys `env` does not set
    /// (`CI`, `npm_config_update_notifier`, `PIP_DISABLE_PIP_VERSION_CHECK`, …). @default false
    pub non_interactive_env: Option<bool>,
}

js_readers!(ClassifyOptions {
    cwd => Path,
    env => StringMap,
    non_interactive_env => bool,
});

/// The default interceptor rules, for the tools `read` (cat/head/tail/less/more with a file),
/// `grep` (grep/rg/ag/ack), `glob` (find/fd/locate by name or type), `edit` (`sed -i`, `perl -i`,
/// `awk -i inplace`) and `write` (echo/printf/`cat <<` redirected into a file). Patterns are
/// JavaScript regular expressions; a fresh array on each call.
#[napi(catch_unwind)]
#[cfg_attr(test, allow(dead_code))] // #[napi] registers it with Node only outside test builds
pub fn default_interceptor_rules() -> Vec<InterceptorRule> {
    rules::default_rules()
        .into_iter()
        .map(|r| InterceptorRule {
            pattern: r.pattern,
            flags: r.flags,
            tool: r.tool,
            message: r.message,
        })
        .collect()
}

/// Checks whether a bash command should be blocked in favour of a dedicated tool.
///
/// Rules are tried in order; a rule applies only when its `tool` is in `availableTools`. Each is
/// tested on every segment of the command (split on unquoted `&&`, `||`, `;`, `|`, `|&`, `&` and
/// newlines; quotes, escapes, `$( )`, backticks and here-documents respected), on each segment
/// without its leading `NAME=value` assignments, and on the whole command trimmed. A segment that
/// reads piped stdin (after `|` or `|&`) is tested only by rules for tools that write files
/// (`edit`, `write`, …): `ls | grep x` passes the grep rule, `cat f | grep x` is blocked by the
/// read rule on `cat f`.
///
/// @throws {Error} `ERR_INVALID_ARG` when `command` contains a NUL byte.
#[napi(
    catch_unwind,
    ts_args_type = "command: string, rules: Array<InterceptorRule>, availableTools: Array<string>"
)]
#[cfg_attr(test, allow(dead_code))]
pub fn check_bash_interception(
    env: Env,
    command: Unknown,
    rules: Unknown,
    available_tools: Unknown,
) -> napi::Result<InterceptionResult> {
    let read = || -> Result<_> {
        let command = valid_command(command)?;
        let rules = array(rules.value().env, rules.raw(), "rules")?
            .into_iter()
            .enumerate()
            .map(|(i, rule)| read_rule(rules.value().env, rule, &format!("rules[{i}]")))
            .collect::<Result<Vec<_>>>()?;
        let available_tools = arg::<Vec<String>>(available_tools, "availableTools")?;
        Ok((command, rules, available_tools))
    };
    let (command, rules, available_tools) = read().map_err(|e| error::throw(&env, e))?;
    let result = intercept::check(&command, &rules, &available_tools);
    Ok(InterceptionResult {
        blocked: result.blocked,
        message: result.message,
        suggested_tool: result.suggested_tool,
        matched_segment: result.matched_segment,
    })
}

/// Lifts a trailing `| head -n N` (also `-N`, `-nN`, `--lines=N`) or `| tail -n N` out of a
/// command, so it can run whole while its output is cut with `applyHeadTail`. `… | head -n H |
/// tail -n T` gives both limits. Only when the command is a single pipeline that ends with that
/// stage, outside quotes: anything else (`a && b | head`, `x | head -5 > f`, `"… | head"`, a
/// head/tail with a file or other options) comes back unchanged, without limits.
///
/// @throws {Error} `ERR_INVALID_ARG` when `command` contains a NUL byte.
#[napi(catch_unwind, ts_args_type = "command: string")]
#[cfg_attr(test, allow(dead_code))]
pub fn normalize_bash_command(env: Env, command: Unknown) -> napi::Result<NormalizedCommand> {
    let command = valid_command(command).map_err(|e| error::throw(&env, e))?;
    let normalized = head_tail::normalize(&command);
    Ok(NormalizedCommand {
        command: normalized.command,
        head_lines: normalized.head_lines.map(|n| n as f64),
        tail_lines: normalized.tail_lines.map(|n| n as f64),
    })
}

/// Keeps the first `headLines` lines of `text`, then the last `tailLines` of those. A line ends
/// with a newline (LF); a trailing newline ends the last line and does not count as an extra
/// empty line. Kept lines are returned as they were, newlines included.
///
/// @throws {Error} `ERR_INVALID_ARG` when `headLines` or `tailLines` is not a non-negative integer.
#[napi(
    catch_unwind,
    ts_args_type = "text: string, headLines?: number | undefined | null, tailLines?: number | undefined | null"
)]
#[cfg_attr(test, allow(dead_code))]
pub fn apply_head_tail(
    env: Env,
    text: Unknown,
    head_lines: Option<Unknown>,
    tail_lines: Option<Unknown>,
) -> napi::Result<HeadTailResult> {
    let read = || -> Result<_> {
        let text = arg::<String>(text, "text")?;
        let head = head_tail::line_limit("headLines", optional_arg(head_lines, "headLines")?)?;
        let tail = head_tail::line_limit("tailLines", optional_arg(tail_lines, "tailLines")?)?;
        Ok((text, head, tail))
    };
    let (text, head, tail) = read().map_err(|e| error::throw(&env, e))?;
    let (text, applied) = head_tail::apply(&text, head, tail);
    Ok(HeadTailResult { text, applied })
}

/// Classifies a bash command by parsing it with a real bash grammar (extension). Fails closed:
/// `read-only` only when every command that would run (pipelines, lists, substitutions, process
/// substitution, `bash -c '…'`, `xargs`, `find -exec`, and wrappers such as `sudo`, `env`,
/// `timeout`, `nohup`) is a known reader used with read-only options and no redirection writes
/// a file. This is a guide for approval prompts, not a sandbox.
///
/// With `options`, the command is classified where it will run: what its programs read before
/// they run is read first (never run): the git repository and configuration that apply, cargo's
/// and rustup's, npm's, yarn's and pnpm's, Python's module path and site files, pager and tool
/// variables, what kind of file each program is. Configuration that makes a reader run code or
/// write makes the verdict not `read-only`, with the file and key in `reasons`. Without
/// `options`, `context` is `none`: the verdict assumes there is no such configuration.
///
/// @throws {Error} `ERR_INVALID_ARG` when `command` contains a NUL byte, or an option has the
/// wrong type.
#[napi(
    catch_unwind,
    ts_args_type = "command: string, options?: ClassifyOptions | undefined | null"
)]
#[cfg_attr(test, allow(dead_code))]
pub fn classify_command(
    env: Env,
    command: Unknown,
    options: Option<Unknown>,
) -> napi::Result<CommandClassification> {
    let read = || -> Result<(String, Option<classify::Context>)> {
        let command = valid_command(command)?;
        let Some(options) = optional_arg::<Object>(options, "options")? else {
            return Ok((command, None));
        };
        let cwd = match ClassifyOptions::cwd(&options)? {
            Some(super::options::Path(cwd)) => std::path::absolute(&cwd)
                .map_err(|e| Error::invalid("options.cwd", "must be a path", e.to_string()))?,
            None => std::env::current_dir()
                .map_err(|e| Error::invalid("options.cwd", "could not be read", e.to_string()))?,
        };
        let mut vars: HashMap<String, String> = match ClassifyOptions::env(&options)? {
            Some(StringMap(pairs)) => pairs.into_iter().collect(),
            None => std::env::vars().collect(),
        };
        if ClassifyOptions::non_interactive_env(&options)?.unwrap_or(false) {
            crate::process::env::defaults_under(&mut vars);
        }
        Ok((command, Some(classify::Context { cwd, env: vars })))
    };
    let (command, context) = read().map_err(|e| error::throw(&env, e))?;
    let result = match &context {
        Some(context) => classify::classify_in(&command, context),
        None => classify::classify(&command),
    };
    Ok(CommandClassification {
        level: result.level.as_str().to_string(),
        commands: result.commands,
        reasons: result.reasons,
        context: result.context.as_str().to_string(),
    })
}

/// The `command` argument: a string without NUL bytes.
fn valid_command(command: Unknown) -> Result<String> {
    let command = arg::<String>(command, "command")?;
    commands::validate_command(&command)?;
    Ok(command)
}

/// One element of `rules`, each field's type checked and named (`rules[2].pattern`).
fn read_rule(
    env: napi::sys::napi_env,
    raw: napi::sys::napi_value,
    field: &str,
) -> Result<intercept::Rule> {
    let rule = Object::from_js(env, raw, field)?;
    type R = InterceptorRule;
    let named = |e: Error| e.renaming_field(|name| format!("{field}.{name}"));
    Ok(intercept::Rule {
        pattern: required(R::pattern(&rule).map_err(named)?, js_name!(pattern)).map_err(named)?,
        flags: R::flags(&rule).map_err(named)?,
        tool: required(R::tool(&rule).map_err(named)?, js_name!(tool)).map_err(named)?,
        message: required(R::message(&rule).map_err(named)?, js_name!(message)).map_err(named)?,
    })
}
