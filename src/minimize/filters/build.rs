//! Compilers driven by build tools: make, ninja, cmake, go build/vet. Kept: every diagnostic line
//! (`file:line:col: error|warning: ...`) with its "In function"/"included from" context, label
//! text, `FAILED:` targets, make's `***` lines, summaries. Dropped: progress (`[ 42%] Building
//! ...`, `[3/40] ...`, `Entering directory`), cmake's configure chatter, the quoted source lines
//! and caret lines under a diagnostic (the location says where to read), a context line said
//! before (a template's `required from` chain, `In file included from`, `In function` repeated
//! for each diagnostic under it), and a failed compiler invocation past its first 160 characters.

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
    let mut said: std::collections::HashSet<&str> = std::collections::HashSet::new();
    let mut out = Vec::new();
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
        if code.is_match(line) {
            continue;
        }
        if is_context(line) && !said.insert(line) {
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

/// A line that places a diagnostic rather than states one (`In file included from`, `from
/// a.h:3,`, `a.c: In function 'f':`, `In instantiation of`, `required from here`): said once,
/// the first time. Plain substring tests: a pattern on every line of a long log costs more than
/// the rest of the filter.
fn is_context(line: &str) -> bool {
    line.starts_with("In file included from ")
        || (line.starts_with(' ') && line.trim_start().starts_with("from "))
        || line.contains(": In ")
        || line.contains(": At ")
        || line.contains("required from ")
        || line.contains("required by ")
}
