//! What a snapshot never takes: names that would change what a command means (builtins,
//! keywords, core tools), the shell's own machinery (completion, hooks, prompts, history, the
//! directory), zsh syntax bash would misread, and environment values that look like secrets.
//! Plain functions over names and text, no I/O.

use crate::syntax::tree;

/// Programs whose meaning an agent relies on: an alias such as `ls=eza`, `rm='rm -i'`,
/// `grep='grep --color'` or a `cd` from zoxide is the user's terminal habit, not the agent's.
const CORE_TOOLS: &[&str] = &[
    "awk",
    "basename",
    "bash",
    "cat",
    "chgrp",
    "chmod",
    "chown",
    "cmp",
    "cp",
    "curl",
    "cut",
    "dash",
    "date",
    "dd",
    "df",
    "diff",
    "dir",
    "dirname",
    "du",
    "egrep",
    "env",
    "fd",
    "fgrep",
    "file",
    "find",
    "gawk",
    "git",
    "grep",
    "gunzip",
    "gzip",
    "head",
    "hexdump",
    "install",
    "jq",
    "less",
    "ln",
    "ls",
    "make",
    "mawk",
    "md5sum",
    "mkdir",
    "mktemp",
    "more",
    "mv",
    "od",
    "patch",
    "perl",
    "ps",
    "readlink",
    "realpath",
    "rg",
    "rm",
    "rmdir",
    "rsync",
    "scp",
    "sed",
    "seq",
    "sh",
    "sha1sum",
    "sha256sum",
    "sleep",
    "sort",
    "ssh",
    "stat",
    "su",
    "sudo",
    "tac",
    "tail",
    "tar",
    "tee",
    "timeout",
    "touch",
    "tr",
    "uniq",
    "unzip",
    "vdir",
    "wc",
    "wget",
    "which",
    "xargs",
    "xxd",
    "zip",
    "zsh",
];

/// Why a function or alias named `name` is never taken, if it is not.
pub(super) fn reserved_name(name: &str) -> Option<&'static str> {
    if crate::syntax::BASH_WORDS.contains(&name) {
        Some("a bash builtin or keyword")
    } else if CORE_TOOLS.contains(&name) {
        Some("a core tool")
    } else {
        None
    }
}

/// zsh builtins and reserved words bash has not (zsh 5.9's `${(k)builtins}` and `reswords`
/// less bash's, and less `which`, a program bash finds on PATH).
const ZSH_ONLY_COMMANDS: &[&str] = &[
    "add-zsh-hook",
    "always",
    "autoload",
    "bindkey",
    "bye",
    "chdir",
    "compadd",
    "comparguments",
    "compcall",
    "compctl",
    "compdef",
    "compdescribe",
    "compfiles",
    "compgroups",
    "compquote",
    "comptags",
    "comptry",
    "compvalues",
    "disable",
    "echotc",
    "echoti",
    "emulate",
    "end",
    "float",
    "foreach",
    "functions",
    "getln",
    "integer",
    "limit",
    "log",
    "noglob",
    "nocorrect",
    "print",
    "private",
    "pushln",
    "r",
    "rehash",
    "repeat",
    "sched",
    "setopt",
    "ttyctl",
    "unfunction",
    "unhash",
    "unlimit",
    "unsetopt",
    "vared",
    "whence",
    "where",
    "zcompile",
    "zformat",
    "zle",
    "zmodload",
    "zparseopts",
    "zregexparse",
    "zstyle",
];

/// Functions of the shell's machinery rather than the user's tools: hooks the shell calls
/// itself (a prompt, a directory change, a missing command) and the completion system's entry
/// points.
const MACHINERY: &[&str] = &[
    "command_not_found_handle",
    "command_not_found_handler",
    "precmd",
    "preexec",
    "chpwd",
    "periodic",
    "zshaddhistory",
    "zshexit",
    "compinit",
    "compdef",
    "compaudit",
    "compdump",
    "compinstall",
    "bashcompinit",
];

/// Whether a function is machinery a snapshot leaves out without a word (not the user's own
/// definition): a hook, a zsh `TRAP…` function, an autoload stub (its body is only an
/// `autoload -X`: the file it would load is not on bash's path), or a function of the
/// completion system (defined in a file of bash-completion or zsh's `Completion/`).
pub(super) fn machinery(name: &str, body: &[u8], source: &str) -> bool {
    let source = source.to_ascii_lowercase();
    MACHINERY.contains(&name)
        || (name.starts_with("TRAP") && name.len() > 4)
        || name.starts_with("__agsh_")
        || trimmed(body).starts_with(b"builtin autoload -X")
        || source.contains("completion")
        || source.contains("/completion/")
}

fn trimmed(text: &[u8]) -> &[u8] {
    let start = text
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(text.len());
    &text[start..]
}

/// Variables the shell keeps for itself or that shape the terminal session rather than the
/// commands: never written, never reported.
const SHELL_STATE: &[&str] = &[
    "_",
    "AGENT_SHELL_SNAPSHOT",
    "BASH_ENV",
    "CDPATH",
    "COLUMNS",
    "ENV",
    "FIGNORE",
    "GLOBIGNORE",
    "HISTCMD",
    "HISTCONTROL",
    "HISTFILE",
    "HISTFILESIZE",
    "HISTIGNORE",
    "HISTSIZE",
    "HISTTIMEFORMAT",
    "IFS",
    "LINES",
    "LOGNAME",
    "MAIL",
    "MAILCHECK",
    "MAILPATH",
    "OLDPWD",
    "OPTARG",
    "OPTERR",
    "OPTIND",
    "POSIXLY_CORRECT",
    "PROMPT",
    "PROMPT_COMMAND",
    "PROMPT_DIRTRIM",
    "PS0",
    "PS1",
    "PS2",
    "PS3",
    "PS4",
    "PWD",
    "RPROMPT",
    "RPS1",
    "RPS2",
    "SAVEHIST",
    "SHELL",
    "SHLVL",
    "SSH_AGENT_PID",
    "TERM",
    "TIMEFORMAT",
    "TMOUT",
    "ZDOTDIR",
];

/// Whether `name` is shell or terminal state that a snapshot never carries. (zsh's own
/// variables, `ZSH_VERSION` and the like, are specials, which its dump leaves out.)
pub(super) fn shell_state(name: &str) -> bool {
    SHELL_STATE.contains(&name)
        || name.starts_with("BASH")
        // The posix backend's mark on every process of a run, the capture's included.
        || name.starts_with(crate::process::os::scope::MARKER_PREFIX)
        || name.starts_with("__agsh_")
        || name.starts_with("COMP_")
}

/// Parts of a variable's name that say it holds a secret (matched in the upper-cased name).
const SECRET_PARTS: &[&str] = &[
    "TOKEN",
    "SECRET",
    "PASSWORD",
    "PASSWD",
    "PASSPHRASE",
    "API_KEY",
    "APIKEY",
    "PRIVATE_KEY",
    "ACCESS_KEY",
    "CREDENTIAL",
    "SESSION_KEY",
    "SIGNING_KEY",
    "ENCRYPTION_KEY",
];

/// `_`-separated words that say it too (`NPM_AUTH`, `GH_PAT`; not `GIT_AUTHOR_NAME`).
const SECRET_WORDS: &[&str] = &["AUTH", "PAT", "PW", "PWD_HASH"];

/// Prefixes of well-known token formats, for a secret whose name says nothing.
const SECRET_VALUE_PREFIXES: &[&[u8]] = &[
    b"ghp_",
    b"gho_",
    b"ghu_",
    b"ghs_",
    b"github_pat_",
    b"glpat-",
    b"xoxb-",
    b"xoxp-",
    b"sk-",
    b"AKIA",
    b"AIza",
    b"-----BEGIN ",
];

/// Whether a variable looks like it holds a secret, by its name (`*TOKEN*`, `*SECRET*`,
/// `*PASSWORD*`, `*API_KEY*`, a name ending in `_KEY`, …) or by its value (a known token
/// format, a URL with a password in it).
pub(super) fn secret(name: &str, value: &[u8]) -> bool {
    let upper = name.to_ascii_uppercase();
    SECRET_PARTS.iter().any(|p| upper.contains(p))
        || upper.split('_').any(|w| SECRET_WORDS.contains(&w))
        || upper.ends_with("_KEY")
        || SECRET_VALUE_PREFIXES.iter().any(|p| value.starts_with(p))
        || url_with_password(value)
}

/// `scheme://user:password@host…`
fn url_with_password(value: &[u8]) -> bool {
    let Some(start) = memchr::memmem::find(value, b"://") else {
        return false;
    };
    let rest = &value[start + 3..];
    let authority_end = rest
        .iter()
        .position(|&b| b == b'/' || b == b'?' || b == b'#' || b.is_ascii_whitespace())
        .unwrap_or(rest.len());
    let authority = &rest[..authority_end];
    match memchr::memrchr(b'@', authority) {
        Some(at) => authority[..at].contains(&b':'),
        None => false,
    }
}

/// `pattern` (a name, or a glob with `*`) matches `name`, ignoring case.
pub(super) fn glob_matches(pattern: &str, name: &str) -> bool {
    let (p, n) = (pattern.to_ascii_uppercase(), name.to_ascii_uppercase());
    let parts: Vec<&str> = p.split('*').collect();
    if parts.len() == 1 {
        return p == n;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !n.starts_with(first) || n.len() < first.len() + last.len() || !n.ends_with(last) {
        return false;
    }
    let mut at = first.len();
    let end = n.len() - last.len();
    for part in &parts[1..parts.len() - 1] {
        match n[at..end].find(part) {
            Some(i) => at += i + part.len(),
            None => return false,
        }
    }
    true
}

/// What in a zsh function's body bash would reject or read otherwise, if anything: zsh's
/// parameter flags and modifiers (`${(f)x}`, `${x:h}`, `${=x}`), subscripts without braces or
/// with flags (`$x[1]`, `$x[(i)y]`), `$+x`, `=(…)`, `&!`, a zsh builtin or reserved word in
/// command position, or a text tree-sitter-bash does not parse as exactly one function (bash is
/// the judge later; this keeps a definition that bash would read otherwise from ever running
/// as something else).
pub(super) fn zsh_only(definition: &str) -> Option<String> {
    let b = definition.as_bytes();
    for (i, w) in b.windows(2).enumerate() {
        let construct = match w {
            [b'$', b'{'] => match b.get(i + 2) {
                Some(b'(') => Some("parameter flags ${(…)}"),
                Some(b'=' | b'~' | b'^' | b'+') => {
                    Some("a zsh parameter form (${=…}, ${~…}, ${^…}, ${+…})")
                }
                _ => modifier(&b[i + 2..]),
            },
            [b'$', b'+'] => Some("$+name"),
            [b'[', b'('] => Some("subscript flags [(…)]"),
            [b'=', b'('] if i == 0 || b[i - 1].is_ascii_whitespace() => Some("=(…)"),
            [b'&', b'!'] | [b'&', b'|'] => Some("&! or &|"),
            [b'$', c] if c.is_ascii_alphabetic() || *c == b'_' => {
                let end = i + 1 + crate::syntax::scan::name_end(&b[i + 1..], 0);
                (b.get(end) == Some(&b'[')).then_some("a subscript without braces ($name[…])")
            }
            _ => None,
        };
        if let Some(construct) = construct {
            return Some(format!("zsh syntax: {construct}"));
        }
    }
    let Some(parsed) = tree::parse(definition) else {
        return Some("does not parse as bash".into());
    };
    let root = parsed.root_node();
    if tree::syntax_error(root, definition).is_some() || tree::misread(root, definition).is_some() {
        return Some("does not parse as bash".into());
    }
    let mut cursor = root.walk();
    let top: Vec<_> = root.named_children(&mut cursor).collect();
    let whole = top.len() == 1
        && top[0].kind() == "function_definition"
        && top[0].end_byte() == definition.trim_end().len();
    if !whole {
        return Some("does not read as one bash function".into());
    }
    let mut cursor = root.walk();
    loop {
        let node = cursor.node();
        if node.kind() == "command_name" {
            let name = tree::text(node, definition);
            if ZSH_ONLY_COMMANDS.contains(&name) {
                return Some(format!("zsh command: {name}"));
            }
        }
        if cursor.goto_first_child() || cursor.goto_next_sibling() {
            continue;
        }
        loop {
            if !cursor.goto_parent() {
                return None;
            }
            if cursor.goto_next_sibling() {
                break;
            }
        }
    }
}

/// `NAME:h}` and the other zsh modifiers (`:t`, `:r`, `:e`, `:a`, `:l`, `:u`, `:q`), which bash
/// reads as a substring from offset `h` (an arithmetic variable) without a word of warning.
fn modifier(rest: &[u8]) -> Option<&'static str> {
    let end = crate::syntax::scan::name_end(rest, 0);
    if end == 0 {
        return None;
    }
    match rest.get(end..end + 3) {
        Some([b':', m, b'}' | b':']) if b"htrealuqAP".contains(m) => {
            Some("a modifier (${x:h}, ${x:t}, …)")
        }
        _ => None,
    }
}

/// Why a zsh alias is not taken, if it is not: its command is a zsh builtin or precommand
/// modifier (`noglob`, `nocorrect`, `print`, …) bash has not.
pub(super) fn zsh_only_alias(value: &[u8]) -> Option<String> {
    let text = String::from_utf8_lossy(value);
    let first = text.split_whitespace().next()?;
    ZSH_ONLY_COMMANDS
        .contains(&first)
        .then(|| format!("zsh command: {first}"))
}
