//! What a Windows start is made of, as plain data, before any call: the command line
//! (`CreateProcessW` takes one string, which the program splits again by the Microsoft C runtime's
//! rules, as MSYS programs do too), the environment block (UTF-16, sorted without regard to case,
//! double-NUL ended), a named pipe's unguessable name and the security descriptor that lets only
//! the current user open it, the handles a start may pass on, and which processes of a snapshot
//! descend from which (Windows keeps a dead parent's pid in its children, and reuses pids: a child
//! older than its parent is not its child). Tested on any OS.

use crate::process::os::entry::ProcEntry;

/// `args` as one command line that `CommandLineToArgvW` and the C runtime split back into the
/// same words: each word quoted when it is empty or holds a space, tab, newline, vertical tab or
/// quote; inside quotes, a quote is escaped with a backslash, and backslashes are doubled only
/// where they come before a quote (or the closing one).
pub(crate) fn command_line(program: &str, args: &[String]) -> String {
    let mut line = String::new();
    for (i, word) in std::iter::once(program)
        .chain(args.iter().map(String::as_str))
        .enumerate()
    {
        if i > 0 {
            line.push(' ');
        }
        quote_into(&mut line, word);
    }
    line
}

fn quote_into(line: &mut String, word: &str) {
    if !word.is_empty() && !word.contains([' ', '\t', '\n', '\x0b', '"']) {
        line.push_str(word);
        return;
    }
    line.push('"');
    let mut backslashes = 0usize;
    for c in word.chars() {
        match c {
            '\\' => backslashes += 1,
            '"' => {
                line.extend(std::iter::repeat_n('\\', backslashes * 2 + 1));
                line.push('"');
                backslashes = 0;
            }
            _ => {
                line.extend(std::iter::repeat_n('\\', backslashes));
                line.push(c);
                backslashes = 0;
            }
        }
    }
    line.extend(std::iter::repeat_n('\\', backslashes * 2));
    line.push('"');
}

/// Splits a command line as the Microsoft C runtime does (what MSYS programs' startup does too),
/// for tests of [`command_line`] and for reading one back.
pub(crate) fn split_command_line(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| *c == ' ' || *c == '\t') {
            chars.next();
        }
        if chars.peek().is_none() {
            return words;
        }
        let mut word = String::new();
        let mut quoted = false;
        while let Some(&c) = chars.peek() {
            if !quoted && (c == ' ' || c == '\t') {
                break;
            }
            chars.next();
            match c {
                '\\' => {
                    let mut n = 1;
                    while chars.peek() == Some(&'\\') {
                        chars.next();
                        n += 1;
                    }
                    if chars.peek() == Some(&'"') {
                        word.extend(std::iter::repeat_n('\\', n / 2));
                        if n % 2 == 1 {
                            chars.next();
                            word.push('"');
                        }
                    } else {
                        word.extend(std::iter::repeat_n('\\', n));
                    }
                }
                '"' => {
                    if quoted && chars.peek() == Some(&'"') {
                        chars.next();
                        word.push('"');
                    } else {
                        quoted = !quoted;
                    }
                }
                _ => word.push(c),
            }
        }
        words.push(word);
    }
}

/// The environment block `CreateProcessW` takes with `CREATE_UNICODE_ENVIRONMENT`: `KEY=value`
/// strings in UTF-16, each NUL-ended, sorted by key without regard to case (as Windows keeps
/// them), the last of two keys that differ only in case winning, and one more NUL at the end.
/// `None` when a key is empty or holds `=` or a NUL, or a value holds a NUL.
pub(crate) fn env_block(env: &[(String, String)]) -> Option<Vec<u16>> {
    let mut merged: Vec<(String, &str, &str)> = Vec::new();
    for (k, v) in env {
        if k.is_empty() || k.contains(['=', '\0']) || v.contains('\0') {
            return None;
        }
        let folded = k.to_uppercase();
        match merged.iter_mut().find(|(f, _, _)| *f == folded) {
            Some(slot) => *slot = (folded, k, v),
            None => merged.push((folded, k, v)),
        }
    }
    merged.sort_by(|a, b| a.0.cmp(&b.0));
    let mut block = Vec::new();
    for (_, k, v) in merged {
        block.extend(k.encode_utf16());
        block.push(u16::from(b'='));
        block.extend(v.encode_utf16());
        block.push(0);
    }
    if block.is_empty() {
        block.push(0);
    }
    block.push(0);
    Some(block)
}

/// A named pipe's name: the prefix, our pid, and 128 random bits in hex, so that no other
/// process can guess it and open the pipe before us (the pipe is made with
/// `FILE_FLAG_FIRST_PIPE_INSTANCE` besides, so a name taken already fails the start).
pub(crate) fn pipe_name(pid: u32, random: [u8; 16]) -> String {
    let hex: String = random.iter().map(|b| format!("{b:02x}")).collect();
    format!(r"\\.\pipe\agent-shell-{pid}-{hex}")
}

/// The security descriptor (SDDL) of a session's pipes: a protected DACL that gives the user
/// `sid` (`S-1-5-…`) all access and nobody else any, not even administrators' groups.
pub(crate) fn user_only_sddl(sid: &str) -> String {
    format!("D:P(A;;GA;;;{sid})")
}

/// The handles a start hands to the program (`PROC_THREAD_ATTRIBUTE_HANDLE_LIST`): each once,
/// none null or invalid (`-1`), since `UpdateProcThreadAttribute` fails the whole start on a
/// duplicate and the list is the only thing inherited.
pub(crate) fn handle_list(handles: &[usize]) -> Vec<usize> {
    let mut out = Vec::with_capacity(handles.len());
    for &h in handles {
        if h != 0 && h != usize::MAX && !out.contains(&h) {
            out.push(h);
        }
    }
    out
}

/// The direct children of `pid` in `snapshot`: entries naming it as parent that started no
/// earlier than it (a process whose parent exited keeps the parent's pid, which Windows may give
/// to a newer process: that one is not its parent). A pid not in the snapshot has no children.
pub(crate) fn children_in(snapshot: &[ProcEntry], pid: i32) -> Vec<i32> {
    let Some(parent) = snapshot.iter().find(|e| e.pid == pid) else {
        return Vec::new();
    };
    snapshot
        .iter()
        .filter(|e| e.ppid == pid && e.pid != pid && e.start_time >= parent.start_time)
        .map(|e| e.pid)
        .collect()
}

/// A `FILETIME` (100 ns intervals since 1601) as one number: a process's identity with its pid.
pub(crate) fn filetime(low: u32, high: u32) -> u64 {
    (u64::from(high) << 32) | u64::from(low)
}

/// `FILETIME` of the Unix epoch: 369 years (89 of them leap) of 100 ns intervals after 1601.
const UNIX_EPOCH_FILETIME: u64 = 116_444_736_000_000_000;

/// The time now as a `FILETIME` number (see [`filetime`]).
pub(crate) fn filetime_now() -> u64 {
    let since = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default();
    UNIX_EPOCH_FILETIME + since.as_secs() * 10_000_000 + u64::from(since.subsec_nanos() / 100)
}

/// Whether `created`, a process's creation time read at `now`, is its real one. A process still
/// being created can be listed before it has one: wine 8 lists it for 100-250 ms with its
/// creation time unset (the server's allocation fill, `0x5555555555555555`, in the year 21087)
/// and no image name, then with its real time. No process was created later than now; a day's
/// leeway keeps a clock set back (by hand, or a large correction) from hiding real processes.
pub(crate) fn created_yet(created: u64, now: u64) -> bool {
    created <= now.saturating_add(CLOCK_LEEWAY)
}

/// One day of 100 ns intervals (see [`created_yet`]).
const CLOCK_LEEWAY: u64 = 24 * 3600 * 10_000_000;

/// The file in a session's scratch directory that names the host that made it: its pid and
/// creation time (see [`host_record`]). A directory without it is not one of these.
#[cfg_attr(not(windows), allow(dead_code))]
pub(crate) const HOST_RECORD: &str = ".agent-shell-host";

/// The most a host record holds: more is not one of ours.
pub(crate) const HOST_RECORD_MAX_BYTES: u64 = 64;

/// The text of a host record: `<pid> <creation time>` and a newline.
pub(crate) fn host_record(pid: u32, created: u64) -> String {
    format!("{pid} {created}\n")
}

/// The host a record names, `(pid, creation time)`; `None` for anything else.
pub(crate) fn parse_host_record(text: &str) -> Option<(u32, u64)> {
    let (pid, created) = text.strip_suffix('\n')?.split_once(' ')?;
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(pid) || !all_digits(created) {
        return None;
    }
    Some((pid.parse().ok()?, created.parse().ok()?))
}

/// Whether the host `owner` (`(pid, creation time)`, from a record) is gone, so that its scratch
/// directory is left over: it is not `me`, and no process has its pid now (`now`: the creation
/// time of the process with that pid, `None` when there is none) or the one that has it started
/// at another time. A process whose creation time cannot be read (0: not ours to open) may be
/// the owner: not gone.
pub(crate) fn host_gone(owner: (u32, u64), me: (u32, u64), now: Option<u64>) -> bool {
    if owner == me {
        return false;
    }
    match now {
        None => true,
        Some(0) => false,
        Some(created) => created != owner.1,
    }
}

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
