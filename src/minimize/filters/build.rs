//! Compilers driven by build tools: make, ninja, cmake, go build/vet. Kept: every diagnostic line
//! (`file:line:col: error|warning: ...`) with its "In function"/"included from" context, error
//! source lines, label text, `FAILED:` targets, make's `***` lines, summaries. Dropped: progress
//! (`[ 42%] Building ...`, `[3/40] ...`, `Entering directory`), cmake's configure chatter, caret
//! lines, and a failed compiler invocation past its first 160 characters.

use super::Context;
use crate::minimize::text::join_lines;
use crate::re;

/// Longest failed compiler command kept whole: the flags after it rarely matter to the fix.
const COMMAND_KEEP_CHARS: usize = 160;

pub(super) fn compiler(ctx: &Context) -> Option<String> {
    let progress = re!(
        r"^\[\s*\d+%\] (Building|Linking|Built target|Generating|Scanning)|^\[\d+/\d+\] |^make(\[\d+\])?: (Entering|Leaving) directory|^(Scanning dependencies|Consolidate compiler generated) "
    )?;
    let cmake_chatter = re!(
        r"^-- (The [A-Z]+ compiler identification|Detecting |Check for working|Performing Test|Looking for|Found |Configuring done|Generating done|Build files have been written|Check if compiler)"
    )?;
    let code = re!(r"^\s*\d+\s+\|")?;
    let caret = re!(r"^\s*\|[\s^~\-+|]*$")?;
    let mut out = Vec::new();
    let mut in_error = false;
    let mut after_failed = false;
    for line in ctx.text.lines() {
        if progress.is_match(line) && !line.contains("error") {
            continue;
        }
        if cmake_chatter.is_match(line) {
            continue;
        }
        if caret.is_match(line) {
            continue;
        }
        if line.contains(": error") || line.contains(": fatal error") {
            in_error = true;
        } else if line.contains(": warning") || line.contains(": note") {
            in_error = false;
        }
        if code.is_match(line) {
            if in_error {
                out.push(line.trim().to_string());
            }
            continue;
        }
        if after_failed && line.chars().count() > COMMAND_KEEP_CHARS && line.contains(" -o ") {
            let cut: String = line.chars().take(COMMAND_KEEP_CHARS).collect();
            out.push(format!("{cut}…"));
            after_failed = false;
            continue;
        }
        after_failed = line.starts_with("FAILED: ");
        if let Some((_, label)) = line.split_once('|').filter(|(g, _)| g.trim().is_empty()) {
            let label = label
                .trim_start_matches([' ', '^', '~', '-', '|', '+'])
                .trim();
            if !label.is_empty() {
                out.push(format!("  {label}"));
            }
            continue;
        }
        out.push(line.to_string());
    }
    // A clean build is its last line (`[42/42] Linking CXX executable app`, `[100%] Built target
    // app`), not nothing: an empty text would leave the whole progress log to be read.
    if out.iter().all(|l| l.trim().is_empty()) {
        out.extend(
            ctx.text
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .map(|l| l.trim().to_string()),
        );
    }
    Some(join_lines(out))
}
