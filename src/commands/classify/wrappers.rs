//! Shells, interpreters and wrappers: programs that run other code.

use super::args::*;
use super::env::hijack_reason;
use super::grammar;
use super::verdict::Level;
use super::verdict::{EnvChange, Nested, Verdict};
use super::words::{assigned_tilde, Word};

// ---------------------------------------------------------------------------------------------
// Shells, interpreters, wrappers

/// `zsh [-f] -c CODE` where CODE means the same to bash: no character that starts one of zsh's
/// own expansions (glob qualifiers and `(e)` flags need `(`, `=cmd` needs `=`, `~`, `^` and `#`
/// extended globs, `!` history), no backslash or backquote, every `$` a plain `$NAME` or
/// `${NAME}`. zsh's `print` with `-l`, `-n`, `-r` or `-N` only prints, and is read as `echo`.
/// What zsh reads first (`$ZDOTDIR/.zshenv`, `~/.zshenv` without -f) is the context's.
fn zsh_code(args: &[Word]) -> Option<String> {
    let values: Vec<&str> = super::args::values(args)?;
    let code = match values.as_slice() {
        ["-c", code] | ["-f", "-c", code] | ["-fc", code] | ["-c", "-f", code] => *code,
        _ => return None,
    };
    let bytes = code.as_bytes();
    for (i, c) in code.char_indices() {
        if "()~^#=!`\\<>".contains(c) {
            return None;
        }
        if c == '$' {
            let braced = bytes.get(i + 1) == Some(&b'{');
            let start = if braced { i + 2 } else { i + 1 };
            let end = crate::syntax::scan::name_end(bytes, start);
            if end == start || (braced && bytes.get(end) != Some(&b'}')) {
                return None;
            }
        }
    }
    for line in code.split(['\n', ';', '|', '&']) {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.first() == Some(&"print") {
            // `--` ends the options (zshbuiltins(1), print).
            let options_print = words[1..]
                .iter()
                .take_while(|w| w.starts_with('-') && **w != "--")
                .all(|w| w.len() > 1 && w[1..].chars().all(|c| "lnrN".contains(c)));
            if !options_print {
                return None;
            }
        }
    }
    // Replace only the word `print` in command position, keeping the separators.
    let mut rewritten = String::with_capacity(code.len());
    let mut at_start = true;
    let mut rest = code;
    while !rest.is_empty() {
        let trimmed = rest.trim_start_matches([' ', '\t']);
        rewritten.push_str(&rest[..rest.len() - trimmed.len()]);
        rest = trimmed;
        if at_start
            && (rest == "print" || rest.starts_with("print ") || rest.starts_with("print\t"))
        {
            // print's options (checked above) and its `--` are not echo's: dropped, `-n` kept.
            rewritten.push_str("echo");
            rest = &rest[5..];
            let mut no_newline = false;
            loop {
                let word_start = rest.trim_start_matches([' ', '\t']);
                let end = word_start
                    .find(|c: char| c.is_whitespace() || matches!(c, ';' | '|' | '&'))
                    .unwrap_or(word_start.len());
                let word = &word_start[..end];
                if !word.starts_with('-') || word == "-" {
                    break;
                }
                no_newline |= word != "--" && word.contains('n');
                rest = &word_start[end..];
                if word == "--" {
                    break;
                }
            }
            if no_newline {
                rewritten.push_str(" -n");
            }
        }
        let Some(c) = rest.chars().next() else { break };
        at_start = matches!(c, '\n' | ';' | '|' | '&');
        rewritten.push(c);
        rest = &rest[c.len_utf8()..];
    }
    Some(rewritten)
}

pub fn shell(program: &str, args: &[Word]) -> Verdict {
    // zsh, ksh, fish, … read code their own way (`*(e:'cmd':)`, `=(cmd)`, `(cmd)`): a bash
    // parse of it proves nothing.
    let base = program.rsplit('/').next().unwrap_or(program);
    if base == "zsh" {
        // `zsh -n script`: NO_EXEC reads the commands, its startup files' included, and runs
        // none of them (zshoptions(1); measured: a ~/.zshenv that touches a file did not run).
        let values: Option<Vec<&str>> = super::args::values(args);
        if let Some(
            ["-n", script] | ["-n", "-f", script] | ["-f", "-n", script] | ["-nf" | "-fn", script],
        ) = values.as_deref()
        {
            if !script.starts_with('-') && !args.iter().any(|a| a.glob) {
                return Verdict::read_only();
            }
        }
        if let Some(code) = zsh_code(args) {
            let mut v = Verdict::script(Word::literal(&code));
            let no_rcs = args.iter().any(|a| a.is("-f") || a.is("-fc"));
            if !no_rcs {
                v.push_unless(
                    Level::Unknown,
                    "zsh sources ~/.zshenv (or $ZDOTDIR/.zshenv) first, which only the context reads",
                    super::verdict::Settle::InlineCode,
                );
            }
            return v;
        }
    }
    if !matches!(base, "bash" | "sh" | "dash" | "ash" | "rbash") {
        return Verdict::unknown(format!(
            "{program} runs code in its own syntax, which is not checked here"
        ));
    }
    let mut i = 0;
    let mut command_mode = false;
    let mut stdin_mode = false;
    // `-n` / `-o noexec`: the shell reads its commands and runs none of them (a syntax check).
    let mut noexec = false;
    // `--rcfile FILE` (`--init-file FILE`): the file an interactive bash reads instead of
    // ~/.bashrc; a shell given `-c` is not interactive without `-i` (bash(1), "INVOCATION"),
    // so it reads none. Taken only with `-c`.
    let mut rcfile = None;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("--" | "-") => {
                i += 1;
                break;
            }
            Some("--rcfile" | "--init-file") if base == "bash" && args.get(i + 1).is_some() => {
                rcfile = Some(a.text.clone());
                i += 2;
            }
            // Startup files and commands run before anything else.
            Some(o)
                if matches!(o, "-C" | "--debugger")
                    || ["--rcfile", "--init-file", "--init-command"]
                        .iter()
                        .any(|p| o.starts_with(p)) =>
            {
                return Verdict::unknown(format!(
                    "{program} {} runs a startup file or command",
                    a.text
                ));
            }
            Some("-o" | "+o") => {
                const READ_ONLY_SETTINGS: &[&str] = &[
                    "errexit",
                    "nounset",
                    "xtrace",
                    "verbose",
                    "noglob",
                    "pipefail",
                    "posix",
                    "noexec",
                    "noclobber",
                    "allexport",
                    "braceexpand",
                    "hashall",
                    "monitor",
                    "notify",
                    "errtrace",
                    "functrace",
                    "physical",
                    "privileged",
                    "nolog",
                ];
                match args.get(i + 1).and_then(|s| s.value.as_deref()) {
                    Some(setting) if READ_ONLY_SETTINGS.contains(&setting) => {
                        if setting == "noexec" {
                            noexec = a.is("-o");
                        }
                        i += 2
                    }
                    _ => {
                        return Verdict::unknown(format!(
                            "{program} {} sets an option that changes what its commands mean",
                            a.text
                        ))
                    }
                }
            }
            Some("-O" | "+O") => i += 2,
            // An interactive shell runs ~/.bashrc and writes the history; `-k` turns arguments
            // that look like assignments into environment variables.
            Some(o)
                if o.starts_with('-') && !o.starts_with("--") && o[1..].contains(['i', 'k']) =>
            {
                return Verdict::unknown(format!(
                    "{program} {o} runs startup files and keeps a history, or takes arguments as variables"
                ));
            }
            Some("--command") => {
                command_mode = true;
                i += 1;
                break;
            }
            Some(o) if o.starts_with("--") => i += 1,
            Some(o) if (o.starts_with('-') || o.starts_with('+')) && o.len() > 1 => {
                command_mode |= o[1..].contains('c');
                stdin_mode |= o[1..].contains('s');
                if o[1..].contains('n') {
                    noexec = o.starts_with('-');
                }
                i += 1;
            }
            None if a.may_be_option() && !command_mode => {
                return Verdict::unknown(format!(
                    "an option of {program} is only known at run time: {}",
                    a.text
                ));
            }
            _ => break,
        }
    }
    if let Some(option) = rcfile.filter(|_| !command_mode) {
        return Verdict::unknown(format!(
            "{program} {option} runs a startup file when the shell is interactive"
        ));
    }
    let operand = args.get(i);
    match operand {
        _ if noexec => Verdict::read_only(),
        Some(code) if command_mode => Verdict::script(code.clone()),
        _ if command_mode => Verdict::read_only(),
        Some(_) if stdin_mode => Verdict {
            nested: vec![Nested::StdinScript],
            ..Verdict::default()
        },
        Some(script) if script.downloads => Verdict::dangerous(format!(
            "{program} runs a script downloaded from the network"
        )),
        Some(script) => Verdict {
            nested: vec![Nested::ScriptFile(script.clone())],
            ..Verdict::default()
        },
        None => Verdict {
            nested: vec![Nested::StdinScript],
            ..Verdict::default()
        },
    }
}

pub fn interpreter(program: &str, args: &[Word]) -> Verdict {
    if matches!(args, [only] if ["-v", "-V", "--version", "-h", "--help", "version", "-version"].iter().any(|f| only.is(f)))
    {
        return Verdict::read_only();
    }
    // `node --v8-options` prints V8's options and exits before any script or NODE_OPTIONS
    // module is loaded, as `--version` does (node 20).
    if matches!(program, "node" | "nodejs") && matches!(args, [only] if only.is("--v8-options")) {
        return Verdict::read_only();
    }
    // python(1): `-V` given twice prints more of the build, and exits.
    let python = program.starts_with("python") || program.starts_with("pypy");
    if python
        && (matches!(args, [only] if only.is("-VV"))
            || matches!(args, [a, b] if a.is("-V") && b.is("-V")))
    {
        return Verdict::read_only();
    }
    if args.iter().any(|a| a.downloads) {
        return Verdict::dangerous(format!("{program} runs code downloaded from the network"));
    }
    // `java -XshowSettings:properties -version`: the JVM prints its settings and version and
    // stops before it loads a class (what it takes from the environment is the context's).
    if program == "java" {
        let values: Option<Vec<&str>> = super::args::values(args);
        let shows = values.is_some_and(|vs| {
            vs.iter().any(|v| matches!(*v, "-version" | "--version"))
                && vs.iter().all(|v| {
                    matches!(
                        *v,
                        "-version" | "--version" | "-XshowSettings" | "-XX:-UsePerfData"
                    ) || v.strip_prefix("-XshowSettings:").is_some_and(|s| {
                        matches!(
                            s,
                            "all" | "vm" | "properties" | "locale" | "security" | "system"
                        )
                    })
                })
        });
        if shows {
            return Verdict::read_only();
        }
    }
    if super::context::family(program) == "python" {
        if let Some(v) = super::python::invocation(args) {
            return v;
        }
    }
    if matches!(program, "node" | "nodejs") {
        // `node --env-file=.env -p EXPR`: the variables the file sets are node's environment
        // (NODE_OPTIONS among them, applied: node 20, measured); the context reads the file.
        let (env_files, args) = node_env_files(args);
        // `node -p EXPR` / `node -e CODE` alone (no other option: -r would load a module), and
        // the two together, `-pe` (node's alias for `--print --eval`) or `-p -e`: the code
        // evaluated and its value printed.
        let inline = match args {
            [flag, code] => Some((flag, code)),
            [print, eval, code] if print.is("-p") || print.is("--print") => {
                Some((eval, code)).filter(|_| eval.is("-e") || eval.is("--eval"))
            }
            _ => None,
        };
        if let Some((flag, code)) = inline {
            let printing = flag.is("-p")
                || flag.is("--print")
                || flag.is("-e")
                || flag.is("--eval")
                || flag.is("-pe");
            if printing
                && code
                    .value
                    .as_deref()
                    .is_some_and(super::javascript::only_prints)
            {
                let mut v = inline_code_reads(program);
                if env_files > 0 {
                    v.push_unless(
                        Level::Unknown,
                        format!("{program} sets the variables its --env-file names, which are not shown"),
                        super::verdict::Settle::Configuration,
                    );
                }
                return v;
            }
            // `node -e "…execSync('git rev-parse HEAD')…"`: the commands it runs are judged as
            // scripts where it runs (`javascript::only_prints_running`).
            let running = code
                .value
                .as_deref()
                .filter(|_| printing && env_files == 0)
                .and_then(super::javascript::only_prints_running);
            if let Some(commands) = running {
                let mut v = inline_code_reads(program);
                v.nested
                    .extend(commands.iter().map(|c| Nested::Script(Word::literal(c))));
                return v;
            }
        }
    }
    // `perl -ne 'print if /x/' file`: a one-liner that only reads and prints.
    if program.starts_with("perl") && super::perl::one_liner_only_prints(args) {
        return inline_code_reads(program);
    }
    // `ruby -ne 'print if /TODO/' a.md`, `ruby -rjson -e 'puts JSON.parse(…)'`: the same.
    if super::context::family(program) == "ruby" && super::ruby::one_liner_only_prints(args) {
        return inline_code_reads(program);
    }
    // `php -r 'echo PHP_VERSION;'`, `lua -e 'print(_VERSION)'`, `Rscript -e 'cat(…)'`: read with
    // the shared reader of one-liners (`oneliner`), each language described as data.
    let family = super::context::family(program);
    // R makes its session's temporary directory (`Rtmp…` in TMPDIR, and Rscript a file for the
    // expression beside it) before it runs any code, and removes it when it exits: a write in
    // /tmp however little the code does (R 4.2, measured); `--version` makes none.
    if matches!(family, "R" | "Rscript") && super::rlang::one_liner_only_prints(program, args) {
        return Verdict::write(format!(
            "{program} makes its session's temporary directory in TMPDIR (removed when it exits)"
        ));
    }
    let reads = match family {
        "php" => super::php::one_liner_only_prints(args),
        "lua" => super::lua::one_liner_only_prints(args),
        _ => false,
    };
    if reads {
        return inline_code_reads(program);
    }
    // SBCL's `--eval` forms and `--script` from stdin, Guile's `-c`, SWI-Prolog's `-g`/`-t`
    // goals, a Tcl program on tclsh's stdin (`lisp`, `prolog`, `tcl`); their program files are not read (only the six languages above
    // have theirs judged as inline code).
    match program {
        "sbcl" => {
            return if super::lisp::sbcl_only_prints(args) {
                inline_code_reads(program)
            } else if super::lisp::sbcl_reads_stdin(args).is_some() {
                Verdict {
                    nested: vec![Nested::StdinCode],
                    ..Verdict::default()
                }
            } else {
                Verdict::unknown(format!("{program} runs code that cannot be checked"))
            };
        }
        "guile" if super::lisp::guile_only_prints(args) => return inline_code_reads(program),
        "swipl" if super::prolog::swipl_only_prints(args) => return inline_code_reads(program),
        "tclsh" => {
            return if super::tcl::stdin_only_prints(args) {
                inline_code_reads(program)
            } else if args.is_empty() {
                Verdict {
                    nested: vec![Nested::StdinCode],
                    ..Verdict::default()
                }
            } else {
                Verdict::unknown(format!("{program} runs code that cannot be checked"))
            };
        }
        _ => {}
    }
    if program == "R" && args.iter().any(|a| a.is("--save")) {
        return Verdict::write("R --save writes the workspace to .RData");
    }
    // `perl -c FILE` (`-wc`, `-cw`, `-w -c`) compiles FILE and runs only what runs as it
    // compiles: BEGIN blocks and the modules it `use`s (perlrun). Judged as the file run
    // (`perl -c -e TEXT`, which the one-liner reader takes with `-c` as a flag), so that a file
    // of core pragmas and printing is read-only and one with a BEGIN that writes or a `use` of
    // the project's module is not.
    if program.starts_with("perl") {
        let switches = args
            .iter()
            .take_while(|a| {
                a.value
                    .as_deref()
                    .is_some_and(|v| v.starts_with('-') && v.len() > 1)
            })
            .collect::<Vec<_>>();
        let checks = !switches.is_empty()
            && switches.iter().any(|a| {
                a.value
                    .as_deref()
                    .is_some_and(|v| !v.starts_with("--") && v[1..].contains('c'))
            })
            && switches.iter().all(|a| {
                a.value.as_deref().is_some_and(|v| {
                    !v.starts_with("--") && v[1..].chars().all(|c| matches!(c, 'c' | 'w' | 'W'))
                })
            });
        if let (true, Some(file)) = (checks, args.get(switches.len())) {
            if !file.may_be_option() && !file.is("-") {
                return Verdict {
                    nested: vec![Nested::ScriptFile(file.clone())],
                    ..Verdict::default()
                };
            }
        }
    }
    let inline = [
        "-c",
        "-e",
        "-E",
        "-p",
        "-r",
        "--eval",
        "--print",
        "--command",
    ]
    .iter()
    .any(|f| args.iter().any(|a| a.is(f)))
        || options(args).any(|o| {
            !o.starts_with("--")
                && o.len() > 2
                && (o.ends_with('e') || o.ends_with('c'))
                && program != "java"
        });
    if inline {
        return Verdict::unknown(format!(
            "{program} runs inline code, which cannot be checked"
        ));
    }
    if let Some(i) = args.iter().position(|a| a.is("-m")) {
        let module = args.get(i + 1).map_or("a module", |m| m.text.as_str());
        return Verdict::unknown(format!("{program} runs {module}, which cannot be checked"));
    }
    match args.iter().find(|a| !a.may_be_option() || a.is("-")) {
        Some(stdin) if stdin.is("-") => Verdict {
            nested: vec![Nested::StdinCode],
            ..Verdict::default()
        },
        // A program whose inline form is judged (`python3 -c`, `node -e`, `perl -e`): its
        // file is read from the context and judged as that form.
        Some(script) if inline_flag(program).is_some() => Verdict {
            nested: vec![Nested::ScriptFile(script.clone())],
            ..Verdict::default()
        },
        Some(script) => Verdict::unknown(format!(
            "{program} runs {}, which cannot be checked",
            script.text
        )),
        None => Verdict {
            nested: vec![Nested::StdinCode],
            ..Verdict::default()
        },
    }
}

/// `help2man [OPTION]… EXECUTABLE` (GNU help2man 1.49) runs `EXECUTABLE --help` and
/// `EXECUTABLE --version` (or the options `--help-option`/`--version-option` name; none for
/// `--version-string`) and prints a man page made of their output: it is judged as those two
/// runs (strace: the program started directly, nothing written). `-o`/`--output` writes the
/// page; `-i`/`-I` only read an include file. `None` for anything else.
pub fn help2man(args: &[Word]) -> Option<Verdict> {
    const FLAGS: &[&str] = &["-N", "--no-info", "-l", "--libtool", "--no-discard-stderr"];
    const VALUED: &[&str] = &[
        "-n",
        "--name",
        "-s",
        "--section",
        "-m",
        "--manual",
        "-S",
        "--source",
        "-L",
        "--locale",
        "-i",
        "--include",
        "-I",
        "--opt-include",
        "-p",
        "--info-page",
        "--help-option",
        "--version-option",
        "--version-string",
    ];
    let mut help = "--help".to_string();
    let mut version = Some("--version".to_string());
    let mut program = None;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let v = a.value.as_deref()?;
        let (option, inline) = match v.split_once('=') {
            Some((o, value)) if o.starts_with("--") => (o, Some(value.to_string())),
            _ => (v, None),
        };
        if FLAGS.contains(&v) {
            continue;
        }
        if VALUED.contains(&option) {
            let value = match inline {
                Some(value) => value,
                None => {
                    i += 1;
                    args.get(i - 1)?.value.clone()?
                }
            };
            match option {
                "--help-option" => help = value,
                "--version-option" => version = Some(value),
                "--version-string" => version = None,
                _ => {}
            }
            continue;
        }
        if v.starts_with('-') || program.is_some() {
            return None;
        }
        program = Some(a.clone());
    }
    let program = program?;
    let mut v = Verdict::default();
    for option in std::iter::once(help).chain(version) {
        v.nested.push(Nested::Command {
            argv: vec![program.clone(), Word::literal(&option)],
            forwards_stdin: false,
            env: Vec::new(),
        });
    }
    Some(v)
}

pub fn wrapper(program: &str, args: &[Word]) -> Verdict {
    match program {
        "env" => env(args),
        "sudo" | "doas" => sudo(program, args),
        "command" => {
            if args
                .iter()
                .take_while(|a| a.may_be_option())
                .any(|a| a.is("-v") || a.is("-V"))
            {
                Verdict::read_only()
            } else {
                Verdict::runs(skip_options(args, &[]))
            }
        }
        "exec" => Verdict::runs(skip_options(args, &["-a"])),
        "nice" => Verdict::runs(skip_options(args, &["-n", "--adjustment"])),
        "ionice" => {
            if ionice_shows(args) {
                return Verdict::read_only();
            }
            let mut v = Verdict::runs(skip_options(
                args,
                &[
                    "-c",
                    "--class",
                    "-n",
                    "--classdata",
                    "-p",
                    "--pid",
                    "-P",
                    "--pgid",
                    "-u",
                    "--uid",
                ],
            ));
            if has_short(args, 'p') || has_short(args, 'P') || has_short(args, 'u') {
                v.push(
                    Level::Write,
                    "ionice changes the priority of running processes",
                );
            }
            v
        }
        "flock" => flock(args),
        // util-linux's scheduling wrappers: `taskset [-c] MASK CMD…` and `chrt [POLICY] PRIO CMD…`
        // run CMD; with `-p` they change a running process instead, and `chrt -m` only prints.
        "taskset" | "chrt" => {
            if queries_process(args) {
                return Verdict::read_only();
            }
            if has_short(args, 'p') || args.iter().any(|a| a.is("--pid")) {
                return Verdict::write(format!(
                    "{program} -p changes the scheduling of a running process"
                ));
            }
            if program == "chrt" && (has_short(args, 'm') || args.iter().any(|a| a.is("--max"))) {
                return Verdict::read_only();
            }
            let takes = [
                "-T",
                "--sched-runtime",
                "-P",
                "--sched-period",
                "-D",
                "--sched-deadline",
            ];
            let rest = skip_options(args, if program == "chrt" { &takes } else { &[] });
            Verdict::runs(rest.get(1..).unwrap_or(&[]))
        }
        "timeout" => {
            let rest = skip_options(args, &["-s", "--signal", "-k", "--kill-after"]);
            Verdict::runs(rest.get(1..).unwrap_or(&[]))
        }
        "stdbuf" => Verdict::runs(skip_options(
            args,
            &["-i", "-o", "-e", "--input", "--output", "--error"],
        )),
        "time" => {
            let mut v = Verdict::runs(skip_options(args, &["-f", "--format", "-o", "--output"]));
            if has_short(args, 'o') || has_long_prefix(args, "--output") {
                v.push(Level::Write, "time -o writes to a file");
            }
            v
        }
        "caffeinate" => Verdict::runs(skip_options(args, &["-t", "-w"])),
        "strace" => strace(args),
        "busybox" => Verdict::runs(args),
        "nohup" => {
            let mut v = Verdict::runs(skip_options(args, &[]));
            v.push(Level::Write, NOHUP_OUT);
            v
        }
        // builtin, chronic, coproc, nohup, setsid, unbuffer: options without values.
        _ => Verdict::runs(skip_options(args, &[])),
    }
}

/// strace 6.1's short options (its usage line and manual); its long options are not taken. The
/// options that do more than choose what is shown on its standard error: `-o` writes a file (or
/// pipes to a command: `-o '|cmd'`), `-p` attaches to a process already running, `-E` sets the
/// command's environment, `-u` changes its user.
const STRACE: grammar::Spec = grammar::Spec {
    names: &["strace"],
    short: "a:Ab:cCdDe:E:fFhiI:knO:o:p:P:qrs:S:tTu:U:vVwxX:yzZ",
    long: "",
    effects: &[
        (
            "-o",
            Level::Unknown,
            "strace -o writes its trace to a file or a command",
        ),
        (
            "-p",
            Level::Unknown,
            "strace -p attaches to a process already running",
        ),
        (
            "-E",
            Level::Unknown,
            "strace -E sets its command's environment",
        ),
        (
            "-u",
            Level::Unknown,
            "strace -u runs its command as another user",
        ),
    ],
    complete: false,
    numbers: false,
    // strace stops reading options at its command (getopt with a leading `+`).
    posix_order: true,
    single_dash: false,
    output: grammar::Output::NONE,
};

/// `strace [OPTIONS] COMMAND…`: traces to its standard error and runs COMMAND, which is judged.
/// Options are split by [`STRACE`]; of their values only `-e`'s is read: `trace=…`, a list of
/// system calls and the other keys that choose what is shown are taken, `inject=`/`fault=`
/// (what the command's system calls return) and any other key are not (strace 6.1).
fn strace(args: &[Word]) -> Verdict {
    let unknown = |why: String| {
        let mut v = Verdict::default();
        v.push(Level::Unknown, why);
        v
    };
    if matches!(args, [only] if ["-V", "--version", "-h", "--help"].iter().any(|o| only.is(o))) {
        return Verdict::read_only();
    }
    let parsed = match grammar::parse(&STRACE, args) {
        Ok(parsed) => parsed,
        Err(problem) => return unknown(problem.describe("strace")),
    };
    if let Some(word) = parsed.runtime.first() {
        return unknown(format!(
            "strace is given {}, only known at run time, which may be an option",
            word.text
        ));
    }
    if let Some((_, what)) = grammar::effects(&STRACE, &parsed).into_iter().next() {
        return unknown(what);
    }
    for expr in parsed.all("-e").filter_map(|o| o.value()) {
        // `trace=…`, `signal=…`, `abbrev=…`, `verbose=…`, `raw=…`, `status=…`, `quiet=…`,
        // `read=…`/`write=…` (dumps to the trace), or a bare list of system calls.
        let shows = expr
            .value
            .as_deref()
            .is_some_and(|given| match given.split_once('=') {
                None => true,
                Some((key, _)) => matches!(
                    key,
                    "trace"
                        | "t"
                        | "signal"
                        | "signals"
                        | "s"
                        | "abbrev"
                        | "a"
                        | "verbose"
                        | "v"
                        | "raw"
                        | "x"
                        | "status"
                        | "quiet"
                        | "silent"
                        | "silence"
                        | "q"
                        | "read"
                        | "reads"
                        | "r"
                        | "write"
                        | "writes"
                        | "w"
                        | "decode-fds"
                        | "decode-pids"
                ),
            });
        if !shows {
            return unknown(format!(
                "strace -e {} changes what its command's system calls return, or is not known here",
                expr.text
            ));
        }
    }
    if parsed.operands.is_empty() {
        return unknown("strace is given no command to run".to_string());
    }
    Verdict::runs(&parsed.operands)
}

/// What `flock` says when it would create its lock file: it opens FILE with `O_CREAT`
/// (measured: `flock -n new true` leaves `new`); the context drops it when FILE is there.
/// nohup's finding: settled where stdout is not a terminal (nohup.c opens nohup.out only then).
pub const NOHUP_OUT: &str = "nohup writes nohup.out when its output is a terminal";
pub const FLOCK_CREATES: &str = "flock creates its lock file when it is not there";

/// `flock [options] FILE|DIR (COMMAND [ARG…] | -c|--command STRING)`, or `flock [options] FD`:
/// the lock file and what follows it. Options stop at the first operand (util-linux parses
/// them with a leading `+`); `-c` is only an option after the file. `None` for an option this
/// does not know or a word only known at run time.
pub fn flock_operands(args: &[Word]) -> Option<(&Word, &[Word])> {
    let mut i = 0;
    loop {
        let v = args.get(i)?.value.as_deref()?;
        if v == "--" {
            i += 1;
            break;
        }
        if let Some(long) = v.strip_prefix("--") {
            let (name, inline) = match long.split_once('=') {
                Some((n, _)) => (n, true),
                None => (long, false),
            };
            match name {
                "shared" | "exclusive" | "unlock" | "nonblock" | "nb" | "no-fork" | "close"
                | "verbose"
                    if !inline =>
                {
                    i += 1
                }
                "wait" | "timeout" | "conflict-exit-code" => i += if inline { 1 } else { 2 },
                _ => return None,
            }
        } else if let Some(short) = v.strip_prefix('-').filter(|s| !s.is_empty()) {
            let mut step = 1;
            for (at, c) in short.char_indices() {
                match c {
                    's' | 'e' | 'x' | 'n' | 'o' | 'u' | 'F' => {}
                    'w' | 'E' => {
                        if at + 1 == short.len() {
                            step = 2;
                        }
                        break;
                    }
                    _ => return None,
                }
            }
            i += step;
        } else {
            break;
        }
    }
    let file = args.get(i)?;
    Some((file, args.get(i + 1..).unwrap_or(&[])))
}

/// `flock`: the command it runs, and the lock file it creates when that is not there.
fn flock(args: &[Word]) -> Verdict {
    let Some((file, rest)) = flock_operands(args) else {
        return Verdict::unknown(
            "flock is given an option this does not know, or one only known at run time",
        );
    };
    let mut v = match rest {
        // `flock FD` locks a descriptor the shell opened: no file, no command.
        [] if file
            .value
            .as_deref()
            .is_some_and(|f| f.bytes().all(|b| b.is_ascii_digit())) =>
        {
            return Verdict::read_only()
        }
        [] => Verdict::read_only(),
        [c, code] if c.is("-c") || c.is("--command") => Verdict::script(code.clone()),
        [c, ..] if c.is("-c") || c.is("--command") => {
            Verdict::unknown("flock -c takes exactly one command string")
        }
        _ => Verdict::runs(rest),
    };
    v.push(Level::Write, FLOCK_CREATES);
    v
}

/// The arguments after the leading options (and the values of `takes_value`).
pub fn skip_options<'a>(args: &'a [Word], takes_value: &[&str]) -> &'a [Word] {
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("--") => return &args[i + 1..],
            Some(o) if takes_value.contains(&o) => i += 2,
            Some(o) if o.starts_with('-') && o.len() > 1 => i += 1,
            _ => break,
        }
    }
    args.get(i..).unwrap_or(&[])
}

/// Whether `word` is a `NAME=value` assignment (as `env` and `sudo` take before the command);
/// an assignment that can redirect later commands makes the verdict unknown.
pub fn takes_assignment(v: &mut Verdict, word: &Word) -> bool {
    let Some((name, _)) = word.text.split_once('=') else {
        return false;
    };
    if !crate::syntax::is_name(name) {
        return false;
    }
    let value = word
        .value
        .as_deref()
        .and_then(|v| v.split_once('='))
        .map(|(_, v)| v);
    let risk = super::env::prefix_risk(name, value).and_then(|r| hijack_reason(name).or(Some(r)));
    if let Some(reason) = risk {
        v.push(Level::Unknown, reason);
    }
    true
}

pub fn env(args: &[Word]) -> Verdict {
    let mut v = Verdict::default();
    let mut changes = Vec::new();
    let named = |w: Option<&Word>| w.and_then(|w| w.value.clone());
    // `-C DIR`: a glob names a directory only bash's matching knows. Written in the option's
    // word (`-C~/x`, `--chdir=~/x`), a `~` is not bash's to expand: the directory is named `~`.
    let place = |w: Option<&Word>| w.filter(|w| !w.glob).and_then(|w| w.value.clone());
    let attached = |a: &Word, dir: &str| {
        (!a.glob).then(|| match dir.starts_with('~') {
            true => format!("./{dir}"),
            false => dir.to_string(),
        })
    };
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        match a.value.as_deref() {
            Some("--") => break,
            Some("-u" | "--unset") => {
                changes.push(unset(named(args.get(i))));
                i += 1;
            }
            Some("-C" | "--chdir") => {
                changes.push(EnvChange::Chdir(place(args.get(i))));
                i += 1;
            }
            Some("-S" | "--split-string") => {
                v.nested.extend(args.get(i).cloned().map(Nested::Script));
                return v;
            }
            Some(o) if o.starts_with("--split-string=") => {
                v.nested
                    .push(Nested::Script(Word::literal(&o["--split-string=".len()..])));
                return v;
            }
            Some("--ignore-environment") => changes.push(EnvChange::Clear),
            Some(
                "--null"
                | "--debug"
                | "--block-signal"
                | "--default-signal"
                | "--ignore-signal"
                | "--list-signal-handling",
            ) => {}
            Some(o) if o.starts_with("--unset=") => {
                changes.push(unset(Some(o["--unset=".len()..].to_string())));
            }
            Some(o) if o.starts_with("--chdir=") => {
                changes.push(EnvChange::Chdir(attached(a, &o["--chdir=".len()..])));
            }
            Some(o)
                if o.starts_with("--block-signal=")
                    || o.starts_with("--default-signal=")
                    || o.starts_with("--ignore-signal=") => {}
            // Any other long option may take the next word as its value (`--argv0 ls rm …`).
            Some(o) if o.starts_with("--") => {
                v.push(
                    Level::Unknown,
                    format!("env is given an option not known here: {o}"),
                );
                return v;
            }
            // A cluster: `-iS'cmd'`, `-uNAME`; -S, -u and -C take the rest or the next word.
            Some(o) if o.starts_with('-') && o.len() > 1 => {
                for (at, c) in o.char_indices().skip(1) {
                    let rest = &o[at + 1..];
                    let value = || {
                        if rest.is_empty() {
                            if c == 'C' {
                                place(args.get(i))
                            } else {
                                named(args.get(i))
                            }
                        } else if c == 'C' {
                            attached(a, rest)
                        } else {
                            Some(rest.to_string())
                        }
                    };
                    match c {
                        'S' => {
                            let code = if rest.is_empty() {
                                args.get(i).cloned()
                            } else {
                                Some(Word::literal(rest))
                            };
                            v.nested.extend(code.map(Nested::Script));
                            return v;
                        }
                        'u' | 'C' => {
                            changes.push(if c == 'u' {
                                unset(value())
                            } else {
                                EnvChange::Chdir(value())
                            });
                            if rest.is_empty() {
                                i += 1;
                            }
                            break;
                        }
                        'i' => changes.push(EnvChange::Clear),
                        '0' | 'v' => {}
                        _ => {
                            v.push(
                                Level::Unknown,
                                format!("env is given an option not known here: -{c}"),
                            );
                            return v;
                        }
                    }
                }
            }
            None if a.may_be_option() => {
                v.push(
                    Level::Unknown,
                    format!("an argument of env is only known at run time: {}", a.text),
                );
                return v;
            }
            _ => match same_value(a) {
                // The variable keeps the value it has: whether that value is harmless is for
                // the walker to say (it knows the context's).
                Some(name) => changes.push(EnvChange::Same(name)),
                None if takes_assignment(&mut v, a) => {
                    if let Some((name, written)) = a.text.split_once('=') {
                        // `env GIT_DIR=~/.git …`: bash expands a tilde in a word shaped as an
                        // assignment, after its `=` and each `:`.
                        let tilde = assigned_tilde(written);
                        let value = a
                            .value
                            .as_deref()
                            .filter(|_| !tilde)
                            .and_then(|v| v.split_once('='))
                            .map(|(_, v)| v.to_string());
                        changes.push(EnvChange::Set(name.to_string(), value));
                    }
                }
                None => {
                    i -= 1;
                    break;
                }
            },
        }
    }
    if changes.contains(&EnvChange::Unset(String::new())) {
        v.push(
            Level::Unknown,
            "env -u names a variable only known at run time",
        );
    }
    let rest = args.get(i..).unwrap_or(&[]);
    if !rest.is_empty() {
        v.nested.push(Nested::Command {
            argv: rest.to_vec(),
            forwards_stdin: true,
            env: changes,
        });
    }
    v
}

/// `env -u NAME`; a name only known at run time is kept as the empty name, which no variable has.
fn unset(name: Option<String>) -> EnvChange {
    EnvChange::Unset(name.unwrap_or_default())
}

/// `NAME="$NAME"` (or `NAME=$NAME`, `NAME=${NAME}`, `NAME="${NAME}"`): the variable's own value.
pub fn same_value(word: &Word) -> Option<String> {
    let (name, value) = word.text.split_once('=')?;
    if !crate::syntax::is_name(name) {
        return None;
    }
    let own = [
        format!("${name}"),
        format!("\"${name}\""),
        format!("${{{name}}}"),
        format!("\"${{{name}}}\""),
    ];
    own.contains(&value.to_string()).then(|| name.to_string())
}

pub fn sudo(program: &str, args: &[Word]) -> Verdict {
    #[rustfmt::skip]
    const WITH_VALUE: &[&str] = &[
        "-u", "-g", "-C", "-D", "-h", "-p", "-r", "-t", "-U", "-T", "-R", "--user", "--group", "--close-from",
        "--chdir", "--host", "--prompt", "--role", "--type", "--other-user", "--command-timeout", "--chroot",
    ];
    let mut v = Verdict::default();
    let mut shell_mode = false;
    let mut i = 0;
    while let Some(a) = args.get(i) {
        match a.value.as_deref() {
            Some("--") => {
                i += 1;
                break;
            }
            Some("-e" | "--edit") => {
                return Verdict::write(format!("{program} -e edits files as root"))
            }
            Some("-i" | "-s" | "--login" | "--shell") => {
                shell_mode = true;
                i += 1;
            }
            Some(o) if WITH_VALUE.contains(&o) => i += 2,
            Some(o) if o.starts_with('-') && o.len() > 1 => {
                shell_mode |= !o.starts_with("--") && (o.contains('i') || o.contains('s'));
                i += 1;
            }
            _ if takes_assignment(&mut v, a) => i += 1,
            _ => break,
        }
    }
    let rest = args.get(i..).unwrap_or(&[]);
    match (rest.is_empty(), shell_mode) {
        (true, true) => v.push(Level::Unknown, format!("{program} opens a root shell")),
        (true, false) => {}
        (false, true) => v.nested.push(Nested::Script(joined(rest))),
        (false, false) => v.nested.push(Nested::Command {
            argv: rest.to_vec(),
            forwards_stdin: true,
            env: Vec::new(),
        }),
    }
    v
}

pub fn su(args: &[Word]) -> Verdict {
    let code = args
        .iter()
        .position(|a| a.is("-c") || a.is("--command"))
        .and_then(|i| args.get(i + 1));
    let inline = args.iter().find_map(|a| {
        Some(Word::literal(
            a.value.as_deref()?.strip_prefix("--command=")?,
        ))
    });
    match code.cloned().or(inline) {
        Some(code) => Verdict::script(code),
        None => Verdict::unknown("su starts a shell as another user"),
    }
}

/// What `direnv exec DIR CMD…` may load before CMD: the `.envrc` found from DIR up, run by
/// bash when `direnv allow` approved it (or the configuration's whitelist does); the context
/// reads whether one is found and whether anything could approve it.
pub const DIRENV_LOADS: &str =
    "direnv exec runs the .envrc it finds when it is allowed; no context was read to tell";

/// `direnv exec DIR CMD…` (direnv 2.32): CMD run with the environment DIR's `.envrc` gives;
/// a `.envrc` not allowed is refused before anything runs (measured: `direnv exec . touch X`
/// beside a blocked `.envrc` exits 1, X not made, nothing written), and without one CMD runs
/// as it is. CMD is judged either way.
pub fn direnv_exec(args: &[Word]) -> Option<Verdict> {
    let [exec, dir, command @ ..] = args else {
        return None;
    };
    if !exec.is("exec") || dir.value.is_none() || command.is_empty() {
        return None;
    }
    let mut v = Verdict {
        nested: vec![Nested::Command {
            argv: command.to_vec(),
            forwards_stdin: true,
            env: Vec::new(),
        }],
        ..Verdict::default()
    };
    v.push_unless(
        Level::Unknown,
        DIRENV_LOADS,
        super::verdict::Settle::Configuration,
    );
    Some(v)
}

/// `pee CMD…` (moreutils) hands its input to each CMD, run by `/bin/sh -c` (popen), and prints
/// nothing itself: each is judged as shell code. Its options only choose which errors count.
pub fn pee(args: &[Word]) -> Verdict {
    let mut v = Verdict::read_only();
    for a in args {
        match a.value.as_deref() {
            Some(
                "--ignore-sigpipe"
                | "--no-ignore-sigpipe"
                | "--ignore-write-errors"
                | "--no-ignore-write-errors",
            ) => {}
            Some(o) if o.starts_with('-') => {
                return Verdict::unknown(format!("pee is given an option not known here: {o}"))
            }
            _ => v.nested.push(Nested::Script(a.clone())),
        }
    }
    v
}

/// `hyperfine CMD…` (1.15) runs each command, and its `--setup`, `--prepare` and `--cleanup`
/// commands, with `sh -c` (`-N`/`--shell=none`: split into words and run directly), their
/// output sent to /dev/null, and writes nothing else (measured with strace): each command is
/// judged. Its exports and `--output FILE` write; a parameter scan rewrites the commands and
/// another shell is not taken.
pub fn hyperfine(args: &[Word]) -> Verdict {
    const VALUED: &[&str] = &[
        "-w",
        "--warmup",
        "-m",
        "--min-runs",
        "-M",
        "--max-runs",
        "-r",
        "--runs",
        "--style",
        "-u",
        "--time-unit",
        "-n",
        "--command-name",
    ];
    const COMMANDS: &[&str] = &["-s", "--setup", "-p", "--prepare", "-c", "--cleanup"];
    let mut direct = false;
    let mut commands = Vec::new();
    let mut i = 0;
    while let Some(a) = args.get(i) {
        i += 1;
        let Some(v) = a.value.as_deref() else {
            return Verdict::unknown(format!(
                "an argument of hyperfine is only known at run time: {}",
                a.text
            ));
        };
        let (name, inline) = match v.split_once('=') {
            Some((n, value)) if n.starts_with("--") => (n, Some(value)),
            _ => (v, None),
        };
        match name {
            "-N" => direct = true,
            "-i" | "--ignore-failure" | "--show-output" => {}
            "--shell" | "-S" | "--output" => {
                let value = match inline {
                    Some(value) => Some(value.to_string()),
                    None => {
                        i += 1;
                        args.get(i - 1).and_then(|w| w.value.clone())
                    }
                };
                match (name, value.as_deref()) {
                    ("--shell" | "-S", Some("none")) => direct = true,
                    ("--shell" | "-S", Some("sh" | "default")) => {}
                    ("--output", Some("null" | "pipe" | "inherit")) => {}
                    _ => {
                        return Verdict::unknown(format!(
                        "hyperfine {v} runs another shell or writes its commands' output to a file"
                    ))
                    }
                }
            }
            _ if VALUED.contains(&name) => {
                if inline.is_none() {
                    i += 1;
                }
            }
            _ if COMMANDS.contains(&name) => {
                let command = match inline {
                    Some(value) => Some(Word::literal(value)),
                    None => {
                        i += 1;
                        args.get(i - 1).cloned()
                    }
                };
                match command {
                    Some(c) => commands.push(c),
                    None => return Verdict::unknown("hyperfine is missing a command"),
                }
            }
            _ if v.starts_with('-') => {
                return Verdict::unknown(format!(
                    "hyperfine {v} writes an export or rewrites its commands"
                ))
            }
            _ => commands.push(a.clone()),
        }
    }
    let mut v = Verdict::read_only();
    for command in commands {
        if !direct {
            v.nested.push(Nested::Script(command));
            continue;
        }
        // `-N` splits the command into words (shell-words): only plain words are taken.
        match command.value.as_deref() {
            Some(text) if !text.contains(['\'', '"', '\\']) && !text.trim().is_empty() => {
                v.nested.push(Nested::Command {
                    argv: text.split_whitespace().map(Word::literal).collect(),
                    forwards_stdin: false,
                    env: Vec::new(),
                });
            }
            _ => {
                return Verdict::unknown(format!(
                    "hyperfine -N splits {} into words, which is not followed here",
                    command.text
                ))
            }
        }
    }
    v
}

/// `taskset -p PID` and `chrt -p PID` print the process's affinity or policy; a mask or a
/// priority before the PID sets it (util-linux's taskset(1), chrt(1)). Only `-p`, `-a` (every
/// thread), taskset's `-c` (as a list) and `-v`, and one operand, a number.
fn queries_process(args: &[Word]) -> bool {
    let mut pid = false;
    let mut operands = 0;
    for a in args {
        if is_process_id(a) {
            operands += 1;
            continue;
        }
        let Some(v) = a.value.as_deref() else {
            return false;
        };
        match v {
            "--pid" | "--all-tasks" | "--cpu-list" | "--verbose" => pid |= v == "--pid",
            _ if v.starts_with('-') && !v.starts_with("--") && v.len() > 1 => {
                if !v[1..].chars().all(|c| matches!(c, 'p' | 'a' | 'c' | 'v')) {
                    return false;
                }
                pid |= v.contains('p');
            }
            _ => return false,
        }
    }
    pid && operands == 1
}

/// A word that is one process id whatever runs: a number, or one of bash's parameters that
/// always hold one (`$$`, `$BASHPID`, `$PPID`, which is read-only), quoted or not. A
/// substitution (`$(pgrep x)`) is not: it may print several words, or an option.
fn is_process_id(word: &Word) -> bool {
    let numeric = |v: &str| !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit());
    if word.value.as_deref().is_some_and(numeric) {
        return true;
    }
    let text = word.text.as_str();
    let bare = text
        .strip_prefix('"')
        .and_then(|t| t.strip_suffix('"'))
        .unwrap_or(text);
    matches!(
        bare,
        "$$" | "${$}" | "$BASHPID" | "${BASHPID}" | "$PPID" | "${PPID}"
    )
}

/// `ionice -p PID…` (`-P PGID…`, `-u UID…`) with no class and no level shows the processes'
/// I/O class and priority and sets nothing (util-linux's ionice(1): "without -c or -n … the
/// current scheduling class and priority are printed"; measured, util-linux 2.38). Every
/// operand must be a number or a process id parameter ([`is_process_id`]), so that none can be
/// an option.
fn ionice_shows(args: &[Word]) -> bool {
    let mut selects = false;
    for a in args {
        match a.value.as_deref() {
            Some("-p" | "--pid" | "-P" | "--pgid" | "-u" | "--uid") => selects = true,
            Some("-t" | "--ignore") => {}
            _ if is_process_id(a) => {}
            _ => return false,
        }
    }
    selects
}

pub fn trap(args: &[Word]) -> Verdict {
    let rest = match args.first() {
        Some(a) if a.is("--") => &args[1..],
        _ => args,
    };
    match rest {
        [] => Verdict::read_only(),
        [first, ..] if first.is("-p") || first.is("-l") || first.is("-") || first.is("") => {
            Verdict::read_only()
        }
        [_] => Verdict::read_only(),
        [handler, ..] => Verdict::script(handler.clone()),
    }
}

pub fn alias(args: &[Word]) -> Verdict {
    let mut v = Verdict::default();
    for a in args.iter().filter(|a| !a.is("-p")) {
        match a.value.as_deref().map(|x| x.split_once('=')) {
            Some(Some((_, body))) => v.nested.push(Nested::Script(Word::literal(body))),
            Some(None) => {}
            None => v.push(
                Level::Unknown,
                format!("alias defines a command only known at run time: {}", a.text),
            ),
        }
    }
    v
}

pub fn watch(args: &[Word]) -> Verdict {
    let exec = has_short(args, 'x') || has_long(args, "--exec");
    let rest = skip_options(args, &["-n", "--interval", "-q", "--equexit"]);
    if exec {
        Verdict::runs(rest)
    } else if rest.is_empty() {
        Verdict::read_only()
    } else {
        Verdict::script(joined(rest))
    }
}

/// The option that gives `program` its program as text (`python3 -c`, `node -e`, `perl -e`), for
/// the interpreters whose inline code is read here; a program they take from stdin or a file is
/// judged in that form.
pub fn inline_flag(program: &str) -> Option<&'static str> {
    match super::context::family(program) {
        "python" => Some("-c"),
        "node" | "nodejs" | "ruby" | "lua" => Some("-e"),
        "php" => Some("-r"),
        _ if program.starts_with("perl") => Some("-e"),
        _ => None,
    }
}

/// Whether a fixed program on `program`'s standard input is judged as its inline form
/// ([`inline_form`]).
pub fn reads_stdin_code(program: &str) -> bool {
    inline_flag(program).is_some() || matches!(program, "tclsh" | "sbcl")
}

/// The code of a program file or of a program read from stdin, as the interpreter's inline form
/// takes it: lua skips a first line that starts with `#` in a file (`lua.c`'s `skipcomment`) and
/// not in `-e`; php reads a file as a template, so only a file that is one `<?php` block with no
/// `?>` is the same code as `php -r` (text outside the block is printed, not run). `None`: the
/// file is not such code.
fn inline_code<'a>(program: &str, text: &'a str) -> Option<&'a str> {
    // perl and ruby take switches from a `#!` line that names them (perlrun(1): "#!" … "is
    // always examined for switches"; ruby(1)): `#!/usr/bin/perl -i` edits its input files in
    // place. Such a script is not the same program given inline, so it is not taken.
    let family = super::context::family(program);
    if matches!(family, "perl" | "ruby") {
        if let Some(first) = text.strip_prefix("#!").and_then(|t| t.lines().next()) {
            let mut words = first.split_whitespace();
            let named = words.any(|w| w.rsplit('/').next().is_some_and(|n| n.starts_with(family)));
            if named && words.any(|w| w.starts_with('-')) {
                return None;
            }
        }
    }
    match family {
        "lua" if text.starts_with('#') => Some(text.find('\n').map_or("", |at| &text[at..])),
        "php" => {
            let body = text.strip_prefix("<?php")?;
            (body.starts_with(char::is_whitespace) && !body.contains("?>")).then_some(body)
        }
        _ => Some(text),
    }
}

/// `awk -f FILE`, `sed -f FILE`: the option that gives the same program inline (gawk's
/// `--source`, sed's `-e`), under which a program file read from the context is judged.
pub fn program_file_flag(program: &str) -> Option<&'static str> {
    match program.rsplit('/').next().unwrap_or(program) {
        "awk" | "gawk" | "mawk" | "nawk" | "busybox-awk" => Some("--source"),
        "sed" | "gsed" => Some("-e"),
        _ => None,
    }
}

/// `args[at - 1 ..= at]`, the `-f FILE` of [`program_file_flag`]'s programs, with the program
/// given inline as `text` instead: `awk -F: -f p.awk data` is `awk -F: --source TEXT data`.
pub fn program_file_form(program: &str, args: &[Word], at: usize, text: &str) -> Option<Vec<Word>> {
    let flag = program_file_flag(program)?;
    let option = args.get(at.checked_sub(1)?)?;
    if !(option.is("-f") || option.is("--file")) {
        return None;
    }
    let mut inline = args.to_vec();
    inline[at - 1] = Word::literal(flag);
    inline[at] = Word::literal(text);
    Some(inline)
}

/// `args` of an interpreter reading its program from stdin (`-` or no operand) or from the file
/// `args[operand]`, with that program given inline as `text` instead: `python3 - a <<EOF` is
/// `python3 -c TEXT a`.
pub fn inline_form(
    program: &str,
    args: &[Word],
    operand: Option<usize>,
    text: &str,
) -> Option<Vec<Word>> {
    // tclsh (no operand) and `sbcl --script /dev/stdin` take the program as one marked word in
    // the operand's place (`tcl::stdin_only_prints`, `lisp::sbcl_only_prints`): a shell word
    // holds no NUL, so no command line can spell it.
    let marked = || Word::literal(&format!("{}{text}", super::m4::FILE_TEXT));
    match program {
        "tclsh" if args.is_empty() => return Some(vec![marked()]),
        "sbcl" => {
            let at = super::lisp::sbcl_reads_stdin(args)?;
            let mut inline = args.to_vec();
            inline.truncate(at);
            inline.push(marked());
            inline.extend(args.get(at + 1..).unwrap_or(&[]).iter().cloned());
            return Some(inline);
        }
        _ => {}
    }
    let flag = inline_flag(program)?;
    let text = inline_code(program, text)?;
    let at = operand.unwrap_or(args.len());
    let mut inline: Vec<Word> = args[..at].to_vec();
    inline.push(Word::literal(flag));
    inline.push(Word::literal(text));
    inline.extend(args.get(at + 1..).unwrap_or(&[]).iter().cloned());
    Some(inline)
}

/// An interpreter's inline code that only reads and prints: what it loads as it starts is the
/// context's to check, so it is read-only only when the context was read (`Settle::InlineCode`).
/// node's leading `--env-file FILE`, `--env-file=FILE` (and `--env-file-if-exists`): how many,
/// and the arguments after them.
fn node_env_files(args: &[Word]) -> (usize, &[Word]) {
    let mut at = 0;
    let mut count = 0;
    while let Some(v) = args.get(at).and_then(|a| a.value.as_deref()) {
        if matches!(v, "--env-file" | "--env-file-if-exists") && args.get(at + 1).is_some() {
            at += 2;
        } else if v.starts_with("--env-file=") || v.starts_with("--env-file-if-exists=") {
            at += 1;
        } else {
            break;
        }
        count += 1;
    }
    (count, &args[at..])
}

fn inline_code_reads(program: &str) -> Verdict {
    let mut v = Verdict::default();
    v.push_unless(
        Level::Unknown,
        format!("{program} runs inline code, whose startup options come from the environment"),
        super::verdict::Settle::InlineCode,
    );
    v
}
