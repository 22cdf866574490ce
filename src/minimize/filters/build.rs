//! Compilers, and those driven by build tools: make, ninja, cmake, go build/vet. Kept: every diagnostic line
//! (`file:line:col: error|warning: ...`) with its "In function"/"included from" context, label
//! text, `FAILED:` targets, make's `***` lines, summaries. Dropped: progress (`[ 42%] Building
//! ...`, `[3/40] ...`, `Entering directory`), cmake's configure chatter, the quoted source lines
//! and caret lines under a diagnostic (the location says where to read), a context line said
//! before (a template's `required from` chain, `In file included from`, `In function` repeated
//! for each diagnostic under it), and a failed compiler invocation past its first 160 characters.
//! In a build of many files, a compile command's echo goes even with warnings under it (they
//! name their file); one with an error under it stays. Said shorter: an error or warning repeated at several places (one line, its
//! places by file, or by place where many files share one, the lines under each place said once), a
//! note's or instantiation step's text past [`NOTE_KEEP_CHARS`], a long directory that starts a
//! run of lines (said once above them), a remark list's file (said once above its lines, a text
//! at several places once: [`remark_list`]).

use crate::minimize::text::is_blank;
use crate::minimize::text::SplitLines;
use std::borrow::Cow;

use super::paths::FastHash;
use super::Context;
use crate::minimize::text::{find, has, is_place, join_lines, quote_shape, split_str};
use crate::re;

/// Fewest `file:line[:col]: text` lines for an output to be read as a remark list.
const REMARK_LIST_MIN: usize = 20;

/// `file:line[:col]: text` as (`file`, `line[:col]`, `text`): the file without spaces, the
/// place numbers.
fn remark(line: &str) -> Option<(&str, &str, &str)> {
    let (head, text) = split_str(line, ": ")?;
    let (file, place) = head.split_once(':')?;
    (!file.is_empty() && !file.contains(' ') && is_place(place)).then_some((file, place, text))
}

/// A compiler's list of remarks (`go build -gcflags=-m`'s inlining and escape analysis, go's
/// compile errors, `go vet`): every line `file:line[:col]: text` but package headers (`#
/// example.com/m`) and blank lines, none of them an error or warning in gcc's form (those are
/// grouped by message below). Each run of one file's lines under the file once (`fnv/fnv.go:`
/// then `  43:6: can inline New32 with cost 9`); a text said at several places of the run once,
/// at its first, with every place (`  272:20 275:20: inlining call to errors.New`). `-m`'s
/// inlinable body after ` as: ` (the function's source, which the location points at) goes.
fn remark_list(text: &str) -> Option<String> {
    let mut remarks = 0;
    for line in text
        .split_lines()
        .filter(|l| !l.is_empty() && !l.starts_with("# "))
    {
        let (_, _, t) = remark(line)?;
        if ["error", "warning", "note", "fatal error"]
            .iter()
            .any(|w| t.starts_with(w))
        {
            return None;
        }
        remarks += 1;
    }
    if remarks < REMARK_LIST_MIN {
        return None;
    }
    let mut out: Vec<String> = Vec::new();
    let mut file = "";
    // The current run's rows (places, text), and where each text's row is.
    let mut rows: Vec<(String, &str)> = Vec::new();
    let mut at: std::collections::HashMap<&str, usize, FastHash> = Default::default();
    let flush = |rows: &mut Vec<(String, &str)>, out: &mut Vec<String>| {
        out.extend(rows.drain(..).map(|(places, t)| format!("  {places}: {t}")));
    };
    for line in text.split_lines() {
        let Some((f, place, t)) = remark(line) else {
            flush(&mut rows, &mut out);
            at.clear();
            file = "";
            out.push(line.to_string());
            continue;
        };
        if f != file {
            flush(&mut rows, &mut out);
            at.clear();
            file = f;
            out.push(format!("{f}:"));
        }
        let t = match t.split_once(" as: ") {
            Some((inline, _)) if t.starts_with("can inline ") => inline,
            _ => t,
        };
        match at.get(t) {
            Some(&i) => {
                rows[i].0.push(' ');
                rows[i].0.push_str(place);
            }
            None => {
                at.insert(t, rows.len());
                rows.push((place.to_string(), t));
            }
        }
    }
    flush(&mut rows, &mut out);
    Some(join_lines(out))
}

/// Longest failed compiler command kept whole: the flags after it rarely matter to the fix.
const COMMAND_KEEP_CHARS: usize = 160;

pub(super) fn compiler(ctx: &Context) -> Option<String> {
    if let Some(out) = remark_list(ctx.text) {
        return Some(out);
    }
    if is_dry_run(ctx) {
        return dry_run(ctx.text);
    }
    let progress = re!(
        r"^\[\s*\d+%\] (Building|Linking|Built target|Generating|Scanning)|^\[\d+/\d+\] |^make(\[\d+\])?: (Entering|Leaving) directory|^(Scanning dependencies|Consolidate compiler generated) |^Making [a-z-]+ in \S+$"
    )?;
    let cmake_chatter = re!(
        r"^-- (The [A-Z]+ compiler identification|Detecting |Check for working|Performing Test|Looking for|Found |Configuring done|Generating done|Build files have been written|Check if compiler)"
    )?;
    let mut said: std::collections::HashSet<&str, FastHash> = Default::default();
    // A kept line is borrowed from the input, not copied (most lines of a long build are kept
    // as written): only the lines the filter rewrites are owned.
    let mut out: Vec<Cow<str>> = Vec::new();
    let mut after_failed = false;
    // The source line an analyzer's event path is at (`|    8 |     code`), for the events
    // under it.
    let mut event_line: Option<&str> = None;
    // An analyzer path's control-flow events dropped since its last line said (see
    // [`is_control_flow`]).
    // (What those events are is said with the first count; the counts after it are short.)
    let mut flow = 0usize;
    let mut flow_said = false;
    let flush_flow = |flow: &mut usize, out: &mut Vec<Cow<str>>, said: &mut bool| {
        if *flow > 0 {
            out.push(if *said {
                format!("  ({flow} control-flow events)").into()
            } else {
                format!("  ({flow} control-flow events: entries, branches, calls, returns)").into()
            });
            *said = true;
            *flow = 0;
        }
    };
    // A line is progress when it says it is (`[ 42%] Building …`) and says no error itself: a
    // path holding the word (`lua-errors/src`) is not one. The patterns run only on lines that
    // start as one of them can (a pattern on every line of a long log costs the most here).
    let is_progress = |l: &str| {
        // (`g` is no pattern's first byte: with it, each line of `go build -v`'s package
        // list, `github.com/…`, ran the pattern.)
        matches!(l.as_bytes().first(), Some(b'[' | b'm' | b'S' | b'C' | b'M'))
            && progress.is_match(l)
            && !has(l, "error:")
    };
    let lines: Vec<&str> = ctx.text.split_lines().collect();
    // Whether each line is a build command, read once: the loop asks it of a line, of the line
    // after, and of every line up to the next command (see [`fails_below`]).
    let commands: Vec<bool> = lines.iter().map(|l| is_build_command(l)).collect();
    // A build of many files (`make -j2` over 40 sources): a compile command's echo is its
    // progress even with diagnostics under it, which name their file themselves (and, run in
    // parallel, are often another file's).
    let many_commands =
        commands.iter().filter(|&&c| c).take(MANY_COMMANDS).count() >= MANY_COMMANDS;
    for (i, &line) in lines.iter().enumerate() {
        if is_progress(line) || line.starts_with("-- ") && cmake_chatter.is_match(line) {
            continue;
        }
        // A compile or link command that printed nothing (the next line is another command,
        // progress, or the end) is progress too; one with output under it stays, as its context.
        if commands[i]
            && lines.get(i + 1).is_none_or(|n| {
                commands[i + 1]
                    || is_progress(n)
                    || is_sub_make_note(n)
                    || many_commands
                        && names_its_file(n)
                        && !fails_below(&lines[i + 1..], &commands[i + 1..])
            })
        {
            continue;
        }
        if is_caret_line(line) || is_code_line(line) || is_sub_make_note(line) {
            continue;
        }
        // clang's excerpt has no gutter: the source line, then a line of only `^` and `~`.
        // (The next line is asked first: the cheapest test, and the one that is most often false.)
        if is_bare_caret_line(line)
            || (lines.get(i + 1).is_some_and(|n| is_bare_caret_line(n))
                && !is_blank(line)
                && diagnostic(line).is_none())
        {
            continue;
        }
        // Its fix-it under the caret line (`    {`, `    nullptr`): the text to put at the
        // caret's place in the source line, which goes with it; the message says what to do.
        if i > 0 && is_bare_caret_line(lines[i - 1]) && is_fix_it(line) {
            continue;
        }
        if (is_context(line) || has(line, ": note: ")) && !said.insert(line) {
            continue;
        }
        if let Some(short) = shortened_context(line) {
            flush_flow(&mut flow, &mut out, &mut flow_said);
            out.push(short.into());
            continue;
        }
        if after_failed && line.chars().count() > COMMAND_KEEP_CHARS && has(line, " -o ") {
            let cut: String = line.chars().take(COMMAND_KEEP_CHARS).collect();
            out.push(format!("{cut}…").into());
            after_failed = false;
            continue;
        }
        after_failed = line.starts_with("FAILED: ");
        if let Some((_, label)) = line.split_once('|').filter(|(g, _)| is_blank(g)) {
            let label = label
                .trim_start_matches([' ', '^', '~', '-', '|', '+'])
                .trim();
            // An event path (`-fanalyzer`): its source lines give each event its line
            // (`  8: (1) this call could return NULL`); the code is the file's.
            if is_code_line(label) {
                event_line = label.split_once(' ').map(|(n, _)| n);
                continue;
            }
            // A gap in a quoted excerpt or a path (`......`) says nothing of its own.
            if !label.is_empty() && !label.bytes().all(|b| b == b'.') {
                if is_event(label) && is_control_flow(label) {
                    flow += 1;
                    continue;
                }
                match event_line.filter(|_| is_event(label)) {
                    Some(n) => out.push(format!("  {n}: {label}").into()),
                    None => out.push(format!("  {label}").into()),
                }
            }
            continue;
        }
        // A path's drawing alone (`<------+`, a `......` gap): the `+-->` before it says the call.
        let t = line.trim();
        if !t.is_empty()
            && t.bytes()
                .all(|b| matches!(b, b'<' | b'-' | b'+' | b'|' | b'.'))
        {
            continue;
        }
        // A path's heading (`‘main’: events 1-4`, `+--> ‘push’: events 5-7`): the function
        // each event is in; with the entries, calls and returns dropped, the lines say where.
        let is_path_heading = |t: &str| {
            let t = t.trim_start_matches(['+', '-', '>', ' ']);
            (t.starts_with('‘') || t.starts_with('\''))
                && (t.contains("’: event") || t.contains("': event"))
        };
        if is_path_heading(t) {
            continue;
        }
        flush_flow(&mut flow, &mut out, &mut flow_said);
        out.push(Cow::Borrowed(line));
    }
    flush_flow(&mut flow, &mut out, &mut flow_said);
    let mut out = automake_summaries(prefix_runs(drop_orphan_context(group_notes(
        group_diagnostics(inner_make_echoes(out)),
    ))));
    // A clean build is its last line (`[42/42] Linking CXX executable app`, `[100%] Built target
    // app`), not nothing: an empty text would leave the whole progress log to be read.
    if out.iter().all(|l| is_blank(l)) {
        out.extend(
            ctx.text
                .split_lines()
                .rev()
                .find(|l| !is_blank(l))
                .map(|l| Cow::Borrowed(l.trim())),
        );
    }
    // What make ran prints its own shapes (a test suite's `PASS: t1.sh` lines, its summary's
    // rules): counted as for a program no filter names.
    let text = join_lines(out);
    Some(super::shape::counted_text(&text).unwrap_or(text))
}

/// Fewest compile or link commands for a build to be read as one of many files (see
/// `many_commands` in [`compiler`]): a build of one or two keeps each command over its
/// diagnostics, its flags being what the reader may rerun.
const MANY_COMMANDS: usize = 4;

/// Whether the lines under a compile command, up to the next command, say an error: a failed
/// compile keeps its command (the flags are what the reader reruns), a warning's goes in a build
/// of many files (see `many_commands` in [`compiler`]).
fn fails_below(lines: &[&str], commands: &[bool]) -> bool {
    lines
        .iter()
        .zip(commands)
        .take_while(|(_, &command)| !command)
        .any(|(l, _)| has(l, "error: "))
}

/// A line that says its own file: a diagnostic (`a.c:3:5: warning: …`) or the function context
/// before one (`a.c: In function ‘f’:`, `a.c: At top level:`).
fn names_its_file(line: &str) -> bool {
    !line.starts_with(' ')
        && (diagnostic(line).is_some()
            || note(line).is_some()
            || line.ends_with(':') && (has(line, ": In ") || has(line, ": At top level")))
}

/// A sub-make's note that a target needs nothing (`make[4]: 'testc' is up to date.`,
/// `make[3]: Nothing to be done for 'check-am'.`): a recursive `make check` or `make all`
/// prints one for every target already built. The top make's own (`make: Nothing to be done
/// for 'all'.`) stays: it is what the run did.
fn is_sub_make_note(line: &str) -> bool {
    line.strip_prefix("make[")
        .and_then(|r| r.split_once("]: "))
        .is_some_and(|(n, note)| {
            n.bytes().all(|b| b.is_ascii_digit())
                && ((note.starts_with('\'') && note.ends_with("' is up to date."))
                    || (note.starts_with("Nothing to be done for '") && note.ends_with("'.")))
        })
}

/// automake's test-suite summary (`Testsuite summary for jq 1.6`, then `# TOTAL: 7`, `# PASS:
/// 6`, `# SKIP: 0`, … `# ERROR: 0`, between `====` rules) on one line, each count that is
/// not zero with its name (`Testsuite summary for jq 1.6: TOTAL 7, PASS 6, FAIL 1 (the others
/// 0)`); its `====` rules and a `Please report to …` line under it go.
fn automake_summaries(mut out: Vec<Cow<str>>) -> Vec<Cow<str>> {
    let count = |l: &str| -> Option<(String, String)> {
        let (name, n) = l.strip_prefix("# ")?.split_once(':')?;
        let n = n.trim();
        (!name.is_empty()
            && name.bytes().all(|b| b.is_ascii_uppercase())
            && !n.is_empty()
            && n.bytes().all(|b| b.is_ascii_digit()))
        .then(|| (name.to_string(), n.to_string()))
    };
    let mut kept: Vec<Cow<str>> = Vec::with_capacity(out.len());
    let mut i = 0;
    while i < out.len() {
        i += 1;
        if !out[i - 1].starts_with("Testsuite summary for ") {
            // Moved, not copied: no line before `i` is read again.
            kept.push(std::mem::take(&mut out[i - 1]));
            continue;
        }
        let line = &out[i - 1];
        let is_rule = |l: &Cow<str>| l.len() > 3 && l.bytes().all(|b| b == b'=');
        let start = i;
        while out.get(i).is_some_and(is_rule) {
            i += 1;
        }
        let mut counts = Vec::new();
        while let Some(c) = out.get(i).and_then(|l| count(l)) {
            counts.push(c);
            i += 1;
        }
        if counts.is_empty() {
            kept.push(line.clone());
            i = start;
            continue;
        }
        while out.get(i).is_some_and(is_rule) {
            i += 1;
        }
        let see = out.get(i).filter(|l| l.starts_with("See ")).cloned();
        if see.is_some() {
            i += 1;
        }
        while out.get(i).is_some_and(is_rule) {
            i += 1;
        }
        let zeros = counts.iter().filter(|(_, n)| n == "0").count();
        let said: Vec<String> = counts
            .iter()
            .filter(|(name, n)| n != "0" || name == "TOTAL")
            .map(|(name, n)| format!("{name} {n}"))
            .collect();
        let rest = if zeros > 0 { " (the others 0)" } else { "" };
        kept.push(format!("{line}: {}{rest}", said.join(", ")).into());
        kept.extend(see);
        if out
            .get(i)
            .is_some_and(|l| l.starts_with("Please report to "))
        {
            i += 1;
        }
        while out.get(i).is_some_and(is_rule) {
            i += 1;
        }
    }
    kept
}

/// A recursive make's failure, echoed by each make above it (`make[2]: *** [Makefile:665:
/// test-suite.log] Error 1`, `make[1]: *** [Makefile:773: check-TESTS] Error 2`, `make: ***
/// [Makefile:1061: check-am] Error 2`): the innermost (the target that failed) and the
/// outermost (the run's end) stay, the levels between say nothing of their own.
fn inner_make_echoes(out: Vec<Cow<str>>) -> Vec<Cow<str>> {
    let is_echo = |l: &str| {
        let Some(rest) = l.strip_prefix("make") else {
            return false;
        };
        let rest = rest
            .strip_prefix('[')
            .and_then(|r| r.split_once("]"))
            .map_or(rest, |(_, r)| r);
        rest.starts_with(": *** [") && l.contains("] Error ")
    };
    let between: Vec<bool> = (0..out.len())
        .map(|i| {
            i > 0
                && is_echo(&out[i - 1])
                && out.get(i + 1).is_some_and(|n| is_echo(n))
                && is_echo(&out[i])
        })
        .collect();
    out.into_iter()
        .zip(between)
        .filter_map(|(l, b)| (!b).then_some(l))
        .collect()
}

/// A quoted source line under a diagnostic: `  12 |   code` (a number, spaces, a bar).
fn is_code_line(line: &str) -> bool {
    let t = line.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    let rest = &t[digits..];
    let gap = rest.len() - rest.trim_start().len();
    digits > 0 && gap > 0 && rest.trim_start().starts_with('|')
}

/// A caret or connector line under a quoted one: `      |     ^~~~`, `   |   |`.
fn is_caret_line(line: &str) -> bool {
    line.trim_start().strip_prefix('|').is_some_and(|rest| {
        rest.bytes()
            .all(|b| matches!(b, b' ' | b'\t' | b'^' | b'~' | b'-' | b'+' | b'|'))
    })
}

/// clang's caret line under a quoted source line: spaces, then `^` and `~` only (`    ^~~~~`).
fn is_bare_caret_line(line: &str) -> bool {
    let t = line.trim();
    t.starts_with(['^', '~']) && t.bytes().all(|b| matches!(b, b'^' | b'~' | b' '))
}

/// A line that can be clang's fix-it hint under a caret line: indented, not a diagnostic, a
/// place or a build step's echo.
fn is_fix_it(line: &str) -> bool {
    line.starts_with(' ')
        && !is_blank(line)
        && !is_silent_rule_echo(line)
        && !crate::minimize::text::has_location(line)
}

/// Whether an output of a program no filter names holds gcc's or clang's diagnostics with
/// their excerpts (clang-tidy, scan-build, a compiler run by a script): among its first lines,
/// [`COMPILER_SNIFF_MIN`] `file:line:col: error|warning: …` lines and a caret line under a
/// quoted source line.
pub(super) fn looks_like_compiler(text: &str) -> bool {
    let head: Vec<&str> = text.split_lines().take(COMPILER_SNIFF_LINES).collect();
    head.iter().filter(|l| diagnostic(l).is_some()).count() >= COMPILER_SNIFF_MIN
        && head
            .iter()
            .any(|l| is_bare_caret_line(l) || is_caret_line(l))
}

/// Lines a compiler's sniff reads (see [`looks_like_compiler`]).
const COMPILER_SNIFF_LINES: usize = 40;

/// Diagnostics among them for an output to be read as a compiler's: one could be a log's quote.
const COMPILER_SNIFF_MIN: usize = 2;

/// An analyzer's numbered event: `(3) entry to ‘buf_new’`.
fn is_event(label: &str) -> bool {
    label
        .strip_prefix('(')
        .and_then(|r| r.split_once(')'))
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// An analyzer's event that only walks the path to the finding (`(1) entry to ‘main’`, `(3)
/// ...to here`, `(2) following ‘true’ branch…`, `(4) calling ‘push’ from ‘main’`, `(7)
/// returning to ‘main’ from ‘push’`): the events that say what happens to a value (`(6)
/// allocated here`, `(7) ‘n’ could be NULL: unchecked value from (6)`) stay.
fn is_control_flow(label: &str) -> bool {
    let Some((_, text)) = label.split_once(") ") else {
        return false;
    };
    [
        "entry to ",
        "...to here",
        "following ",
        "calling ",
        "returning to ",
        "inlined call to ",
    ]
    .iter()
    .any(|p| text.starts_with(p))
}

/// A command line a build tool echoes before running it: a compiler, an archiver or a linker
/// (`gcc -O2 -c -o a.o a.c`, `/usr/bin/c++ …`, `x86_64-linux-gnu-gcc …`, `ar rcu liblua.a …`),
/// or a recursive make (`make all SYSCFLAGS=…`), with at least one option or file after it.
fn is_build_command(line: &str) -> bool {
    // Each form has a second word: a line of one word (`go build -v`'s package list, a path) is
    // none, told by its bytes before any word is split (`split_whitespace` decodes characters).
    // Only an ASCII line is told so: another may hold a Unicode blank.
    if line.is_ascii() && !line.bytes().any(|c| matches!(c, b'\t'..=b'\r' | b' ')) {
        return false;
    }
    if line.starts_with("  ") && is_silent_rule_echo(line) {
        return true;
    }
    // automake's dependency tracking after each compile: `mv -f .deps/a.Tpo .deps/a.Po`.
    // libtool's (`.Plo`).
    if line.starts_with("mv -f .deps/") && (line.ends_with(".Po") || line.ends_with(".Plo")) {
        return true;
    }
    // libtool's own echo of the compiler it runs (`libtool: compile:  gcc …`, `libtool: link:
    // ar cr …`), and the make rule that starts it (`/bin/bash ../libtool  --tag=CC
    // --mode=compile gcc …`).
    if let Some(rest) = line.strip_prefix("libtool: ") {
        return ["compile: ", "link: ", "install: "]
            .iter()
            .any(|w| rest.starts_with(w));
    }
    // (Each shell's name starts with `/`, `b` or `s`: other lines are not split for it.)
    if let Some((shell, rest)) = line
        .starts_with(['/', 'b', 's'])
        .then(|| line.split_once(' '))
        .flatten()
    {
        if matches!(shell, "/bin/bash" | "/bin/sh" | "bash" | "sh")
            && rest
                .split_whitespace()
                .next()
                .is_some_and(|w| w.ends_with("/libtool") || w == "libtool")
            && has(rest, " --mode=")
        {
            return true;
        }
    }
    // automake's rules write some commands with two spaces (`gcc  -g -O2 -o calc calc.o`).
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return false;
    };
    let name = first.rsplit('/').next().unwrap_or(first);
    let tool = matches!(
        name,
        "gcc"
            | "g++"
            | "cc"
            | "c++"
            | "clang"
            | "clang++"
            | "ar"
            | "ranlib"
            | "ld"
            | "as"
            | "make"
            | "gmake"
    ) || ["-gcc", "-g++", "-clang", "-ar", "-ld"]
        .iter()
        .any(|s| name.ends_with(s) && !name.contains(':'));
    tool && words
        .next()
        .is_some_and(|w| !w.is_empty() && !w.ends_with(':'))
}

/// Column where the file of a silent rule's echo starts at the least: the step's name is
/// padded to eight columns after two spaces (automake's `am__v_CC_0 = @echo "  CC      " $@`,
/// Kbuild's `quiet_cmd_cc_o_c = CC $(quiet_modtag)  $@` printed as `  CC [M]  a.o`).
const SILENT_ECHO_FILE_COLUMN: usize = 10;

/// The short echo of a compile or link step that automake's silent rules and Kbuild print in
/// place of the command (`  CC       a.lo`, `  CCLD     libx.la`, `  CPPAS    s.lo`, `  CC [M]
/// drivers/x.o`): two spaces, the step in capitals, padding, the one file it makes. A build
/// command as [`is_build_command`] reads one: progress when nothing is printed under it.
fn is_silent_rule_echo(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("  ") else {
        return false;
    };
    let step = rest
        .bytes()
        .take_while(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
        .count();
    if !(2..=8).contains(&step) || !rest.as_bytes()[0].is_ascii_uppercase() {
        return false;
    }
    let after = &rest[step..];
    let after = after.strip_prefix(" [M]").unwrap_or(after);
    let file = after.trim_start_matches(' ');
    file.len() < after.len()
        && !file.is_empty()
        && !file.contains(char::is_whitespace)
        && line.len() - file.len() >= SILENT_ECHO_FILE_COLUMN
}

/// A line that places a diagnostic rather than states one (`In file included from`, `from
/// a.h:3,`, `a.c: In function 'f':`, `In instantiation of`, `required from here`): said once,
/// the first time. Plain substring tests: a pattern on every line of a long log costs more than
/// the rest of the filter.
fn is_context(line: &str) -> bool {
    line.starts_with("In file included from ")
        || (line.starts_with(' ') && line.trim_start().starts_with("from "))
        || colon_then(line, &["In ", "At "]).next().is_some()
        // `q` is a rarer byte than `r` to look for first.
        || has(line, "quired ")
            && (has(line, "required from ") || has(line, "required by "))
}

/// Longest text kept after a note's or an instantiation step's location (`note: candidate: ‘…’`,
/// `required from ‘…’`): a template's signature there runs to hundreds of characters and says
/// again the types the error states; the location says where to read it whole.
const NOTE_KEEP_CHARS: usize = 60;

/// A note or an instantiation step (`x.h:3:5: note: candidate: ‘…’`, `x.h:3:5:   required from
/// ‘…’`, `x.h: In instantiation of ‘…’:`) past [`NOTE_KEEP_CHARS`] after its location, cut there;
/// `None` for any other line (an error's or a warning's message is never cut).
fn shortened_context(line: &str) -> Option<String> {
    // Most lines of a long log hold none of the forms: one pass over its colons says so.
    colon_then(line, CONTEXT_TAILS).next()?;
    let (head, text) = if let Some((loc, rest)) = split_str(line, ": note: ") {
        (format!("{loc}: note: "), rest)
    } else if let Some((loc, rest)) = split_str(line, ":   required from ") {
        (format!("{loc}:   required from "), rest)
    } else if let Some((loc, rest)) = split_str(line, ": In instantiation of ") {
        (format!("{loc}: In instantiation of "), rest)
    } else if let Some((loc, rest)) = split_str(line, ": In substitution of ") {
        (format!("{loc}: In substitution of "), rest)
    } else if let Some((loc, rest)) = split_str(line, ":   required by ") {
        (format!("{loc}:   required by "), rest)
    } else if let Some((loc, rest)) = split_str(line, ":   required for ") {
        (format!("{loc}:   required for "), rest)
    } else {
        return None;
    };
    if head.starts_with(' ') || text.chars().count() <= NOTE_KEEP_CHARS {
        return None;
    }
    let cut: String = text.chars().take(NOTE_KEEP_CHARS).collect();
    Some(format!("{head}{cut}…"))
}

/// What follows the `: ` of each form [`shortened_context`] cuts (`: note: `, `:   required
/// from `, …).
const CONTEXT_TAILS: &[&str] = &[
    "note: ",
    "  required from ",
    "In instantiation of ",
    "In substitution of ",
    "  required by ",
    "  required for ",
];

/// Where `line` has `: ` followed by one of `tails`, in order: each `:` found by `memchr`
/// and the bytes after it compared, one pass over the line for all the forms (a search per
/// form read every line of a long log once per form, the most of this filter's time).
fn colon_then<'a>(line: &'a str, tails: &'a [&'a str]) -> impl Iterator<Item = usize> + 'a {
    let bytes = line.as_bytes();
    memchr::memchr_iter(b':', bytes).filter(move |&at| {
        bytes[at + 1..]
            .strip_prefix(b" ")
            .is_some_and(|rest| tails.iter().any(|t| rest.starts_with(t.as_bytes())))
    })
}

/// `file:line:col: kind: message` (kind `error`, `warning`, `fatal error`) as (file,
/// `line:col`, `kind: message`). Notes are not grouped: each explains the diagnostic above it.
fn diagnostic(line: &str) -> Option<(&str, &str, &str)> {
    if line.starts_with(' ') {
        return None;
    }
    // The first `: error: `, `: warning: ` or `: fatal error: `, as the least of three
    // searches would find it.
    let at = colon_then(line, &["error: ", "warning: ", "fatal error: "]).next()?;
    placed(line, at)
}

/// `line` split at `at` (where `: kind: ` starts) into its file, its `row:col` and what follows
/// the colon (`kind: message`), when what comes before `at` is `file:row:col`.
fn placed(line: &str, at: usize) -> Option<(&str, &str, &str)> {
    let loc = &line[..at];
    let (rest, col) = loc.rsplit_once(':')?;
    let (file, row) = rest.rsplit_once(':')?;
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (digits(row) && digits(col) && !file.is_empty() && !file.contains(' '))
        .then(|| (file, &loc[file.len() + 1..], &line[at + 2..]))
}

/// A message's places: each file with its `line:col`s, in order.
type PlacesByFile<'a> = Vec<(&'a str, Vec<&'a str>)>;

/// A row of one file's places stays about this wide: a row break costs a token, and a row
/// stays well under the tool layer's column cap.
pub(super) const PLACES_ROW_CHARS: usize = 120;

/// One file's places on rows of about [`PLACES_ROW_CHARS`], each row naming the file:
/// `  src/a.c: 3:9 14:2 …` (or one place's files, each row naming the place: [`push_places`]).
pub(super) fn push_place_rows<P: AsRef<str>, L: From<String>>(
    out: &mut Vec<L>,
    file: &str,
    places: impl IntoIterator<Item = P>,
) {
    let mut row = String::new();
    for p in places {
        let p = p.as_ref();
        if !row.is_empty() && row.len() + p.len() > PLACES_ROW_CHARS {
            out.push(format!("  {file}: {}", std::mem::take(&mut row)).into());
        }
        if !row.is_empty() {
            row.push(' ');
        }
        row.push_str(p);
    }
    out.push(format!("  {file}: {row}").into());
}

/// A message's places (`files`, each with its places), laid out as rows: by file (`  src/a.c:
/// 3:9 14:2`, see [`push_place_rows`]), or by place where many files share few places (the same
/// warning at the same line of each of 40 generated files: `  6:11: src/m00.c src/m01.c …`, a
/// file's name said once instead of a row each). Every file and place is said either way.
fn push_places<L: From<String>>(out: &mut Vec<L>, files: &[(&str, Vec<&str>)]) {
    let mut by_place: Vec<(&str, Vec<&str>)> = Vec::new();
    for (file, places) in files {
        for &p in places {
            match by_place.iter_mut().find(|(q, _)| *q == p) {
                Some((_, fs)) if fs.last() == Some(file) => {}
                Some((_, fs)) => fs.push(file),
                None => by_place.push((p, vec![file])),
            }
        }
    }
    if files.len() < PLACE_ROWS_MIN_FILES || by_place.len() * 2 > files.len() {
        for (file, places) in files {
            push_place_rows(out, file, places);
        }
        return;
    }
    // The same rows with the place as their label and the files as their items.
    for (place, fs) in by_place {
        push_place_rows(out, place, fs);
    }
}

/// Fewest places of a message for the notes under its later places to be moved under its first
/// (see [`group_diagnostics`]): a note moved away from its file's lines costs the directory said
/// once for them ([`prefix_runs`]), which pays only where many notes become one grouped line.
const NOTES_MOVED_MIN_PLACES: usize = 8;

/// Fewest files for a message's places to be laid out by place (see [`push_places`]): with
/// fewer, a row a file reads as well.
const PLACE_ROWS_MIN_FILES: usize = 4;

/// The lines under a diagnostic at `at` that belong to it: indented ones (its labels, an
/// analyzer's event path as the filter wrote it) and, with `notes`, notes (`a.c:3:5: note:
/// declared here`).
fn details_end(out: &[Cow<str>], at: usize, notes: bool) -> usize {
    let mut end = at + 1;
    while end < out.len() && (out[end].starts_with(' ') || notes && note(&out[end]).is_some()) {
        end += 1;
    }
    end
}

/// The same diagnostic (kind and message) at several places, said once at the first one's
/// position with its places (by file, or by place: [`push_places`]): `warning: msg (3
/// places):` then `  src/a.c: 3:9 14:2`. The lines under each later place (its labels, its
/// event path, its notes: [`details_end`]) follow the first place's, each line said once (the
/// same `int` label, the same path under each of three places); a note at another place stays
/// whole, and is grouped with its like by [`group_notes`] (notes are moved for a message at
/// [`NOTES_MOVED_MIN_PLACES`] places or more). A message said once stays as it was.
fn group_diagnostics(out: Vec<Cow<str>>) -> Vec<Cow<str>> {
    // Each line read as a diagnostic once (the passes below each ask it of every line).
    let diagnostics: Vec<Option<(&str, &str, &str)>> = out.iter().map(|l| diagnostic(l)).collect();
    let mut count: std::collections::HashMap<&str, usize, FastHash> = Default::default();
    for &(_, _, msg) in diagnostics.iter().flatten() {
        *count.entry(msg).or_default() += 1;
    }
    if !count.values().any(|&n| n > 1) {
        return out;
    }
    // Each repeated message's places by file, and where it is said.
    let mut groups: Vec<(&str, PlacesByFile)> = Vec::new();
    let mut first: std::collections::HashMap<&str, usize, FastHash> = Default::default();
    let mut slot: Vec<Option<usize>> = vec![None; out.len()];
    let mut keep = vec![true; out.len()];
    for (i, d) in diagnostics.iter().enumerate() {
        let &Some((file, place, msg)) = d else {
            continue;
        };
        if count[msg] < 2 {
            continue;
        }
        keep[i] = false;
        let g = *first.entry(msg).or_insert_with(|| {
            slot[i] = Some(groups.len());
            groups.push((msg, Vec::new()));
            groups.len() - 1
        });
        let files = &mut groups[g].1;
        match files.iter_mut().find(|(f, _)| *f == file) {
            Some((_, places)) => places.push(place),
            None => files.push((file, vec![place])),
        }
    }
    // Each group's details: where its first place's end, and the later places' lines not said.
    let mut first_end: Vec<usize> = vec![usize::MAX; groups.len()];
    let mut said: Vec<std::collections::HashSet<&str, FastHash>> =
        vec![Default::default(); groups.len()];
    let mut extra: Vec<Vec<usize>> = vec![Vec::new(); groups.len()];
    for i in 0..out.len() {
        if keep[i] {
            continue;
        }
        let Some((_, _, msg)) = diagnostics[i] else {
            continue;
        };
        let g = first[msg];
        let end = details_end(&out, i, count[msg] >= NOTES_MOVED_MIN_PLACES);
        if slot[i].is_some() {
            first_end[g] = end;
            said[g].extend(out[i + 1..end].iter().map(|l| &**l));
            continue;
        }
        for (k, l) in out.iter().enumerate().take(end).skip(i + 1) {
            keep[k] = false;
            if said[g].insert(l) {
                extra[g].push(k);
            }
        }
    }
    let mut ends: Vec<(usize, usize)> = (0..groups.len()).map(|g| (first_end[g], g)).collect();
    ends.sort_unstable();
    let mut ends = ends.into_iter().peekable();
    let mut grouped = Vec::with_capacity(out.len());
    for i in 0..=out.len() {
        while let Some((_, g)) = ends.next_if(|&(e, _)| e == i) {
            grouped.extend(extra[g].iter().map(|&k| out[k].clone()));
        }
        let Some(line) = out.get(i) else {
            break;
        };
        if let Some(g) = slot[i] {
            let (msg, files) = &groups[g];
            let n: usize = files.iter().map(|(_, p)| p.len()).sum();
            grouped.push(format!("{msg} ({n} places):").into());
            push_places(&mut grouped, files);
        } else if keep[i] {
            grouped.push(line.clone());
        }
    }
    grouped
}

/// `file:line:col: note: text` as (file, `line:col`, `note: text`).
fn note(line: &str) -> Option<(&str, &str, &str)> {
    if line.starts_with(' ') {
        return None;
    }
    let at = find(line, ": note: ")?;
    placed(line, at)
}

/// Fewest notes with the same text under one diagnostic for them to be said once with their
/// places: two read as well apart.
const NOTE_GROUP_MIN: usize = 3;

/// The same note said again and again under one error (a template cascade's `note: candidate:
/// ‘…’`, each cut to [`NOTE_KEEP_CHARS`], `note:   template argument deduction/substitution
/// failed:` under each of dozens of candidates, `cannot convert ‘v’ … to type ‘char’` then `…
/// ‘wchar_t’`: one shape, see [`quote_shape`]): said once, at the first one's position, with its
/// places by file, as [`group_diagnostics`] does for repeated errors (`(12 notes, quoted parts
/// vary):` when the texts differ in their quotes). A note is grouped only with the notes of the
/// same error or warning (the block its line is in); a shape said fewer than
/// [`NOTE_GROUP_MIN`] times stays as written.
fn group_notes(mut out: Vec<Cow<str>>) -> Vec<Cow<str>> {
    let mut grouped = Vec::with_capacity(out.len());
    let mut start = 0;
    while start < out.len() {
        let end = (start + 1..out.len())
            .find(|&j| diagnostic(&out[j]).is_some())
            .unwrap_or(out.len());
        group_block(&mut out[start..end], &mut grouped);
        start = end;
    }
    grouped
}

fn group_block<'a>(block: &mut [Cow<'a, str>], grouped: &mut Vec<Cow<'a, str>>) {
    let shapes: Vec<Option<String>> = block
        .iter()
        .map(|l| note(l).map(|(_, _, text)| quote_shape(text)))
        .collect();
    let mut count: std::collections::HashMap<&str, usize, FastHash> = Default::default();
    for shape in shapes.iter().flatten() {
        *count.entry(shape).or_default() += 1;
    }
    if !count.values().any(|&n| n >= NOTE_GROUP_MIN) {
        grouped.extend(block.iter_mut().map(std::mem::take));
        return;
    }
    // Each shape's first text, whether the texts differ, and its places by file.
    let mut groups: std::collections::HashMap<&str, (&str, bool, PlacesByFile), FastHash> =
        Default::default();
    for (l, shape) in block.iter().zip(&shapes) {
        let Some(shape) = shape.as_deref().filter(|s| count[s] >= NOTE_GROUP_MIN) else {
            continue;
        };
        let Some((file, place, text)) = note(l) else {
            continue;
        };
        let (first, differs, files) = groups.entry(shape).or_insert((text, false, Vec::new()));
        *differs |= *first != text;
        match files.iter_mut().find(|(f, _)| *f == file) {
            Some((_, p)) if p.contains(&place) => {}
            Some((_, p)) => p.push(place),
            None => files.push((file, vec![place])),
        }
    }
    for (l, shape) in block.iter().zip(&shapes) {
        match shape.as_deref().filter(|s| count[s] >= NOTE_GROUP_MIN) {
            Some(shape) => {
                if let Some((first, differs, files)) = groups.remove(shape) {
                    let n = count[shape];
                    let vary = if differs { ", quoted parts vary" } else { "" };
                    grouped.push(format!("{first} ({n} notes{vary}):").into());
                    push_places(grouped, &files);
                }
            }
            None => grouped.push(l.clone()),
        }
    }
}

/// A function's heading (`a.c: In function ‘f’:`, `At top level:`) whose diagnostics were all
/// said elsewhere (grouped with the same message at other places) heads nothing: dropped.
fn drop_orphan_context(out: Vec<Cow<str>>) -> Vec<Cow<str>> {
    let heading = |l: &str| {
        !l.starts_with(' ')
            && l.ends_with(':')
            && (has(l, ": In function ")
                || has(l, ": In member function ")
                || has(l, ": At top level"))
    };
    let orphan: Vec<bool> = (0..out.len())
        .map(|i| {
            let next = out.get(i + 1).map(|l| &**l);
            heading(&out[i])
                && next.is_none_or(|n| heading(n) || n.ends_with(" places):") || n.is_empty())
        })
        .collect();
    out.into_iter()
        .zip(orphan)
        .filter_map(|(l, o)| (!o).then_some(l))
        .collect()
}

/// A directory's path said once for a run of diagnostics in its files: a line starting with a
/// path whose directory (at least [`PREFIX_MIN_CHARS`] long) starts the next lines too becomes
/// `dir/` then `  file.h:3:5: …` for each (a system header's `/usr/include/c++/12/bits/`, said
/// on every line of a template error, costs more than the message).
fn prefix_runs(mut out: Vec<Cow<str>>) -> Vec<Cow<str>> {
    let dir_of = |l: &str| -> Option<usize> {
        if l.starts_with(' ') {
            return None;
        }
        let path_end = l.find(':')?;
        let slash = l[..path_end].rfind('/')?;
        (slash + 1 >= PREFIX_MIN_CHARS && !l[..slash].contains(' ')).then_some(slash + 1)
    };
    let dirs: Vec<Option<usize>> = out.iter().map(|l| dir_of(l)).collect();
    let mut grouped = Vec::with_capacity(out.len());
    let mut i = 0;
    while i < out.len() {
        let mut j = i + 1;
        if let Some(d) = dirs[i] {
            while j < out.len() && dirs[j].is_some_and(|e| out[j][..e] == out[i][..d]) {
                j += 1;
            }
        }
        match dirs[i] {
            Some(d) if j - i >= PREFIX_MIN_RUN => {
                grouped.push(out[i][..d].to_string().into());
                grouped.extend(out[i..j].iter().map(|l| format!("  {}", &l[d..]).into()));
            }
            _ => grouped.extend(out[i..j].iter_mut().map(std::mem::take)),
        }
        i = j;
    }
    grouped
}

/// Fewest lines a directory is said once for: its own line costs what two prefixes save.
const PREFIX_MIN_RUN: usize = 3;

/// Shortest directory said once for a run of lines: a shorter one costs about what it saves.
const PREFIX_MIN_CHARS: usize = 16;

/// Whether the command is make's dry run (`make -n`, `--dry-run`, `--just-print`, `--recon`):
/// its output is the commands make would run, not a build's log.
fn is_dry_run(ctx: &Context) -> bool {
    matches!(ctx.inv.program.as_str(), "make" | "gmake")
        && ctx.inv.args.iter().any(|a| {
            matches!(a.as_str(), "--dry-run" | "--just-print" | "--recon")
                || (a.starts_with('-')
                    && !a.starts_with("--")
                    && a[1..].bytes().all(|b| b.is_ascii_alphabetic())
                    && a.contains('n'))
        })
}

/// Fewest commands in a run of one command with a few words changed for the run to be said
/// as its first command and each other's changed words: two lines cost what the heading does.
const DRY_RUN_MIN_RUN: usize = 3;

/// Most words a command of a run may change from the run's first (a source and its object).
const DRY_RUN_MAX_CHANGED: usize = 3;

/// make's dry run: every command stays (they are what was asked for), said shorter. An
/// `echo` of a command's pretty name (`echo "  CC  build/a.o"`) just before the command that
/// names the same file goes; a run of compile commands that differ from the first in at most
/// [`DRY_RUN_MAX_CHANGED`] words (the flags said once, the source and object changing) is the
/// first command whole, then the changed words of each, one command a line. `None` when
/// neither shortens anything.
fn dry_run(text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut kept: Vec<&str> = Vec::with_capacity(lines.len());
    for (i, &line) in lines.iter().enumerate() {
        let echoed = line.strip_prefix("echo ").and_then(|e| {
            let last = e
                .trim_matches(|c| c == '"' || c == '\'')
                .split_whitespace()
                .last()?;
            let next = lines.get(i + 1)?;
            (is_build_command(next) && next.split_whitespace().any(|w| w == last)).then_some(())
        });
        if echoed.is_none() {
            kept.push(line);
        }
    }
    let words: Vec<Vec<&str>> = kept
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    let changed = |a: &[&str], b: &[&str]| -> Option<Vec<usize>> {
        (a.len() == b.len()).then(|| (0..a.len()).filter(|&k| a[k] != b[k]).collect())
    };
    let mut out: Vec<String> = Vec::with_capacity(kept.len());
    let mut shortened = kept.len() < lines.len();
    let mut i = 0;
    while i < kept.len() {
        let mut j = i + 1;
        if is_build_command(kept[i]) {
            while j < kept.len()
                && is_build_command(kept[j])
                && changed(&words[i], &words[j])
                    .is_some_and(|c| !c.is_empty() && c.len() <= DRY_RUN_MAX_CHANGED)
            {
                j += 1;
            }
        }
        if j - i < DRY_RUN_MIN_RUN {
            out.push(kept[i].to_string());
            i += 1;
            continue;
        }
        out.push(kept[i].to_string());
        out.push(format!(
            "  (then the same command {} more times, with only these words changed:)",
            j - i - 1
        ));
        for w in &words[i + 1..j] {
            let diff = changed(&words[i], w).unwrap_or_default();
            out.push(format!(
                "  {}",
                diff.iter().map(|&k| w[k]).collect::<Vec<_>>().join(" ")
            ));
        }
        shortened = true;
        i = j;
    }
    shortened.then(|| join_lines(out))
}
