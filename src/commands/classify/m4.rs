//! GNU m4, judged by its input. m4 only prints what it expands, but its builtins run commands
//! (`syscmd`, `esyscmd`), make files (`maketemp`, `mkstemp`, `debugfile`, the temporary files
//! large diversions spill to) and read other input (`include`), and a name is looked up after
//! expansion: `define(x,sys)x()cmd(…)` runs `syscmd` (GNU m4 1.4.19, measured), as does a name
//! that a builtin spells (`translit`, `eval` in base 36). So an input is taken only when no such
//! builtin's name can be put together from its words at all.

use std::collections::HashSet;

use super::verdict::{Nested, Verdict};
use super::words::Word;

/// Marks an operand that stands for the text of the file operand it replaced (the walker reads
/// the file from the context); no word of a shell command holds a NUL.
pub const FILE_TEXT: char = '\0';
/// Marks an operand the walker adds with m4's standard input, when that is known.
pub const STDIN_TEXT: char = '\u{1}';

/// Builtins that run, write, read other input, spell names, or change how input is read
/// (GNU m4 1.4.19's manual). Any name not here only expands to text taken from the input or to
/// a number (`len`, `incr`, `index`, `__line__`), or prints to stderr (`errprint`, `dumpdef`).
const UNSAFE: &[&str] = &[
    "syscmd",
    "esyscmd",
    "maketemp",
    "mkstemp",
    "debugfile",
    "divert",
    "include",
    "sinclude",
    "translit",
    "substr",
    "patsubst",
    "regexp",
    "format",
    "eval",
    "indir",
    "builtin",
    "defn",
    "changeword",
    "changequote",
    "changecom",
    "__file__",
    "__program__",
];

/// The verdict of `m4 ARGS`: read-only when every option is known and the input (the text of
/// its one file operand, or standard input's) can spell no [`UNSAFE`] builtin.
pub fn check(args: &[Word]) -> Verdict {
    const UNCHECKED: &str = "m4 expands macros whose builtins run commands and write files";
    let Some(values) = super::args::values(args).filter(|_| !args.iter().any(|a| a.glob)) else {
        return Verdict::unknown(UNCHECKED);
    };
    if matches!(values.as_slice(), ["--version" | "--help"]) {
        return Verdict::read_only();
    }
    let mut words: Vec<&str> = Vec::new(); // of -D and -U
    let mut files: Vec<usize> = Vec::new();
    let mut texts: Vec<&str> = Vec::new();
    let mut stdin_text = None;
    let mut reads_stdin = false;
    let mut ended = false;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if let Some(text) = v.strip_prefix(FILE_TEXT) {
            texts.push(text);
            continue;
        }
        if let Some(text) = v.strip_prefix(STDIN_TEXT) {
            stdin_text = Some(text);
            continue;
        }
        // `-` is standard input after `--` too (m4.c's process_file).
        if *v == "-" {
            reads_stdin = true;
            continue;
        }
        if ended || !v.starts_with('-') {
            files.push(i - 1);
            continue;
        }
        match *v {
            "--" => ended = true,
            "-P" | "--prefix-builtins" | "-Q" | "--quiet" | "--silent" | "-s" | "--synclines"
            | "-E" | "--fatal-warnings" | "-G" | "--traditional" | "-g" | "--gnu" | "-i" | "-e"
            | "--interactive" | "-b" | "--batch" => {}
            "-D" | "--define" | "-U" | "--undefine" => match values.get(i) {
                Some(value) => {
                    words.push(*value);
                    i += 1;
                }
                None => return Verdict::unknown(UNCHECKED),
            },
            // How deep macros may nest; -B, -S and -T are read and ignored (System V's).
            "-L" | "--nesting-limit" | "-B" | "-S" | "-T" => i += 1,
            o => {
                let defines = ["--define=", "--undefine=", "-D", "-U"]
                    .iter()
                    .find_map(|p| o.strip_prefix(p));
                match defines {
                    Some(value) => words.push(value),
                    None if o.starts_with("--nesting-limit=") || o.starts_with("-L") => {}
                    None => return Verdict::unknown(UNCHECKED),
                }
            }
        }
    }
    match files.as_slice() {
        [] => {}
        // Each file's text is judged in its place (the context reads it): with the others',
        // as the macros one defines are the next one's.
        [file] if texts.is_empty() => {
            return Verdict {
                nested: vec![Nested::ScriptFile(args[*file].clone())],
                ..Verdict::default()
            }
        }
        _ => return Verdict::unknown(UNCHECKED),
    }
    if texts.is_empty() || reads_stdin {
        match stdin_text {
            Some(text) => texts.push(text),
            None => {
                return Verdict::unknown(
                    "m4 expands macros read from standard input, which is not known here",
                )
            }
        }
    }
    if spells_unsafe(&texts, &words) {
        return Verdict::unknown(UNCHECKED);
    }
    Verdict::read_only()
}

/// Whether the input `texts` (with the `-D`/`-U` words) can spell an [`UNSAFE`] builtin, plain
/// or with `-P`'s `m4_`. A name looked up is one word of the input, or words put together
/// where an expansion ends just before the next word (`x()cmd`) or quotes are taken off
/// (`` `sys'`cmd' `` in an argument), and numbers a builtin prints: never a part of a word.
/// `$` is not taken (a macro's arguments put together anything its caller passes).
fn spells_unsafe(texts: &[&str], defines: &[&str]) -> bool {
    if texts.iter().chain(defines).any(|t| t.contains('$')) {
        return true;
    }
    let mut pieces: HashSet<&str> = HashSet::new();
    for text in texts.iter().chain(defines) {
        for run in text
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .filter(|r| !r.is_empty())
        {
            pieces.insert(run);
            // m4 reads `9sys` as `9`, then the word `sys`.
            pieces.insert(run.trim_start_matches(|c: char| c.is_ascii_digit()));
        }
    }
    UNSAFE.iter().any(|name| {
        [name.to_string(), format!("m4_{name}")]
            .iter()
            .any(|n| spelled(n, &pieces))
    })
}

/// Whether `name` is a run of `pieces` and numbers, one after another.
fn spelled(name: &str, pieces: &HashSet<&str>) -> bool {
    let mut reach = vec![false; name.len() + 1];
    reach[0] = true;
    for start in 0..name.len() {
        if !reach[start] {
            continue;
        }
        for end in start + 1..=name.len() {
            let piece = &name[start..end];
            if pieces.contains(piece) || piece.bytes().all(|b| b.is_ascii_digit()) {
                reach[end] = true;
            }
        }
    }
    reach[name.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_builtins_an_input_can_spell() {
        for (text, spells) in [
            ("define(X,42)dnl\nX\n", false),
            ("m4_define(X, 42)X", false),
            (
                "define(`NAME', `world')Hello NAME ifelse(1, 1, `yes')\n",
                false,
            ),
            ("syscmd(`touch x')", true),
            ("m4_esyscmd(`id')", true),
            ("define(x,sys)x()cmd(`touch x')", true),
            ("ifelse(1,1,`sys'`cmd')(`id')", true),
            ("define(`c', `$1$2')c(`a',`b')", true),
            ("translit(`SYSCMD', `A-Z', `a-z')", true),
            ("include(`other.m4')", true),
            ("divert(1)x", true),
            ("changequote([,])", true),
            ("define(a,m)a()4_syscmd", true),
        ] {
            assert_eq!(spells_unsafe(&[text], &[]), spells, "{text}");
        }
        assert!(spells_unsafe(&["x()cmd"], &["x=sys"]));
    }
}
