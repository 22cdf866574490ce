//! The scripts a capture runs: the dump of a bash or a zsh whose startup files just ran, written
//! as NUL-separated records (`dump`) to a FIFO the script names itself, so that nothing the
//! startup files print reaches it (their stdout and stderr are `/dev/null`); and the check of a
//! written snapshot, the same bash dump after sourcing it in a plain bash.
//!
//! Every command word is quoted (`\builtin`), so that the user's aliases, which an interactive
//! shell expands in the script too, change none of it.

use std::path::Path;

use super::dump::HEADER;
use super::run::Channel;
use crate::shell::framing::quote;

/// The bash options a snapshot carries, those that change how a command line reads; the check
/// also reads `expand_aliases`.
pub(super) const BASH_OPTIONS: &[&str] = &[
    "extglob",
    "globstar",
    "dotglob",
    "nullglob",
    "failglob",
    "nocaseglob",
    "nocasematch",
];

/// What bash reads first, alone on its line (bash parses `-c` text a command at a time): no
/// alias expansion for the rest, none of `set -euvx` that a startup file may have left on, no
/// DEBUG trap (bash-preexec's) running before each of our commands.
const BASH_PRELUDE: &str = "\\builtin shopt -u expand_aliases 2>/dev/null; \\builtin set +Ceuvx +o pipefail 2>/dev/null; \\builtin trap -- - DEBUG RETURN ERR 2>/dev/null\n";

/// The check's: `expand_aliases` stays as the snapshot left it, to be read (the snapshot
/// defines no alias that a word of the dump could be: they are never builtins or keywords).
const CHECK_PRELUDE: &str = "\\builtin set +Ceuvx +o pipefail 2>/dev/null; \\builtin trap -- - DEBUG RETURN ERR 2>/dev/null\n";

/// The dump of a bash (see `dump::parse`): the options on, `alias -p`, each function with the
/// file that defined it (`extdebug`'s `declare -F`), the exported variables, and (bash 4.4+,
/// which can tell a variable's attributes without a fork) the plain scalars. Each list of names
/// goes through a file (`channel.names`, names only), read back with `mapfile` (bash 3.2: `read`):
/// no fork (a command substitution cost 2-3 ms each here) and no byte-at-a-time read of a pipe.
/// Its own variables start with `__agsh_`, which the reader leaves out.
fn bash_dump(channel: &Channel, end: &str) -> String {
    let options = BASH_OPTIONS
        .iter()
        .chain(&["expand_aliases"])
        .copied()
        .collect::<Vec<_>>()
        .join(" ");
    let names = |list: &str| {
        format!(
            r#"\builtin compgen {list} >|"$__agsh_f"; __agsh_l=(); \builtin mapfile -t __agsh_l <"$__agsh_f" 2>/dev/null || IFS=$'\n' \builtin read -r -d '' -a __agsh_l <"$__agsh_f""#
        )
    };
    format!(
        r#"{{
__agsh_f={names_file}
\builtin printf '%s\0' {HEADER}
for __agsh_n in {options}; do \builtin shopt -q -- "$__agsh_n" 2>/dev/null && \builtin printf 'O\0%s\0' "$__agsh_n"; done
\builtin printf 'P\0'; \builtin alias -p; \builtin printf '\0'
\builtin shopt -s extdebug 2>/dev/null
{functions}
for __agsh_n in "${{__agsh_l[@]}}"; do \builtin printf 'F\0%s\0' "$__agsh_n"; \builtin declare -f -- "$__agsh_n"; \builtin printf '\0'; \builtin declare -F -- "$__agsh_n"; \builtin printf '\0'; done
{exported}
for __agsh_n in "${{__agsh_l[@]}}"; do \builtin printf 'X\0%s\0%s\0' "$__agsh_n" "${{!__agsh_n}}"; done
if ((BASH_VERSINFO[0] > 4 || (BASH_VERSINFO[0] == 4 && BASH_VERSINFO[1] >= 4))); then {variables}; for __agsh_n in "${{__agsh_l[@]}}"; do case ${{!__agsh_n@a}} in *[aAxnr]*) ;; *) \builtin printf 'S\0%s\0%s\0' "$__agsh_n" "${{!__agsh_n}}";; esac; done; fi
\builtin printf '%s\0' {end}
}} >{fifo} 2>/dev/null
"#,
        names_file = quote(&channel.names.to_string_lossy()),
        functions = names("-A function"),
        exported = names("-e"),
        variables = names("-v"),
        fifo = quote(&channel.fifo.to_string_lossy()),
    )
}

/// The capture of a bash whose startup files ran (`bash -i -c` this).
pub(super) fn capture_bash(channel: &Channel, end: &str) -> String {
    format!("{BASH_PRELUDE}{}", bash_dump(channel, end))
}

/// The capture of a zsh whose startup files ran (`zsh -i -c` this). zsh parses the whole text
/// before running it, under the user's options: the options are read there with plain tests,
/// and the dump itself runs under `emulate -R zsh` (zsh's defaults, whatever the startup files
/// set: `rc_quotes`, `ksh_arrays`, `sh_word_split`, …), from a single-quoted word with no quote
/// in it. zsh's options map to bash's: `glob_dots` dotglob, `null_glob` nullglob, no
/// `case_glob` nocaseglob, `ksh_glob` extglob; `**/` recursion, always on in zsh, globstar.
pub(super) fn capture_zsh(fifo: &Path, end: &str) -> String {
    let dump = format!(
        r#"
zmodload zsh/parameter 2>/dev/null
builtin printf "%s\0" {HEADER}
for __agsh_n in ${{=__agsh_o}} globstar; do builtin printf "O\0%s\0" "$__agsh_n"; done
for __agsh_n in "${{(@k)aliases}}"; do builtin printf "A\0%s\0%s\0" "$__agsh_n" "${{aliases[$__agsh_n]}}"; done
for __agsh_n in "${{(@k)galiases}}" "${{(@k)saliases}}"; do builtin printf "G\0%s\0" "$__agsh_n"; done
for __agsh_n in "${{(@k)functions}}"; do builtin printf "F\0%s\0%s\0%s\0" "$__agsh_n" "${{functions[$__agsh_n]}}" "${{functions_source[$__agsh_n]}}"; done
for __agsh_n in "${{(@k)parameters}}"; do
  case "${{parameters[$__agsh_n]}}" in
    (*export*) builtin printf "X\0%s\0%s\0" "$__agsh_n" "${{(P)__agsh_n}}" ;;
    (scalar) builtin printf "S\0%s\0%s\0" "$__agsh_n" "${{(P)__agsh_n}}" ;;
  esac
done
builtin printf "%s\0" {end}
"#
    );
    // The dump is single-quoted whole: it holds no single quote (checked by a test).
    format!(
        r#"__agsh_o=
[[ -o globdots ]] && __agsh_o="$__agsh_o dotglob"
[[ -o nullglob ]] && __agsh_o="$__agsh_o nullglob"
[[ -o caseglob ]] || __agsh_o="$__agsh_o nocaseglob"
[[ -o kshglob ]] && __agsh_o="$__agsh_o extglob"
\builtin emulate -R zsh -c '{dump}' >{fifo} 2>/dev/null
"#,
        fifo = quote(&fifo.to_string_lossy()),
    )
}

/// The variable that names the file the check sources (the file's path is never in a program's
/// arguments, which any user may read; a process's environment only its owner).
pub(super) const CHECKED_FILE_ENV: &str = "__agsh_file";

/// The check of a written snapshot: a plain bash (`--noprofile --norc -c` this) sources the file
/// named by [`CHECKED_FILE_ENV`], then dumps what it has.
pub(super) fn validation(channel: &Channel, end: &str) -> String {
    format!(
        "{{ \\builtin source -- \"${CHECKED_FILE_ENV}\"; }} </dev/null >/dev/null 2>&1\n{CHECK_PRELUDE}{}",
        bash_dump(channel, end)
    )
}
