//! Reading modes of utilities that otherwise write or are not known (round 29's held-out false
//! alarms, issue 44), each given its whole documented reading grammar: Subversion's repository
//! tools (`svnlook`, `svnadmin`, `svnversion`), the spell checkers' list and dump modes (`aspell`,
//! `hunspell`), gpg's armour filters to standard output, `systemd-id128`, `pod2usage`, perl's
//! `-V:NAME` and ImageMagick's reading forms (`identify`, `convert … -print … null:`, `compare
//! -metric … null:`, `-list`). A word not listed leaves the call to the program's usual verdict.

use super::verdict::{Level, Settle, Verdict};

/// aspell's configuration (`ASPELL_CONF`, `~/.aspell.conf`) can name filters to load (shared
/// libraries through `filter-path`) and the files it keeps: the context reads it.
pub const ASPELL_CONF: &str =
    "aspell reads ASPELL_CONF and ~/.aspell.conf, which can load filter libraries and name the files it keeps";
/// gpg reads its options file (`gpg.conf`, `common.conf`) from its home directory unless
/// `--no-options`: a `log-file` or `status-file` there is written.
pub const GPG_CONF: &str = "gpg reads gpg.conf from its home directory, which can name files it writes (log-file, status-file)";
/// `svnadmin verify` opens the repository's `db/rep-cache.db` to write, creating it when it is
/// not there (strace, Subversion 1.14); the context looks.
pub const SVN_REP_CACHE: &str =
    "svnadmin verify creates db/rep-cache.db when the repository has none";

/// The programs given a reading grammar here (a file operand may be read-only for them).
#[cfg(test)]
pub const GRAMMARS: &[&str] = &[
    "systemd-id128",
    "svnlook",
    "svnversion",
    "svnadmin",
    "aspell",
    "hunspell",
    "gpg",
    "gpg2",
    "pod2usage",
    "perl",
    "identify",
    "convert",
    "compare",
    "cvs",
    "psql",
    "nasm",
];

/// The verdict on one of this module's programs in a reading mode; `None` to fall through.
pub fn check(program: &str, values: &[&str]) -> Option<Verdict> {
    let reads = match program {
        "systemd-id128" => systemd_id128(values),
        "svnlook" => svnlook(values),
        "svnversion" => svnversion(values),
        "svnadmin" => return svnadmin(values),
        "aspell" => return aspell(values),
        "hunspell" => hunspell(values),
        "gpg" | "gpg2" => return gpg_armour(values),
        "pod2usage" => pod2usage(values),
        "nasm" => nasm_preprocess(values),
        "psql" if psql(values).is_some() => {
            let mut v = Verdict::default();
            v.push_unless(Level::Unknown, PSQL_SERVER, Settle::Configuration);
            return Some(v);
        }
        "cvs" => {
            cvs(values)?;
            let mut v = Verdict::default();
            v.push_unless(Level::Unknown, CVS_ROOT, Settle::Configuration);
            return Some(v);
        }
        "identify" | "convert" | "compare" => {
            magick(program, values)?;
            let mut v = Verdict::default();
            v.push_unless(Level::Unknown, MAGICK_CONFIG, Settle::Configuration);
            return Some(v);
        }
        // perlrun(1) `-V:NAME`: prints the configuration variables NAME matches and stops (the
        // program is never read; PERL5OPT and PERL5LIB are the context's).
        "perl" => {
            !values.is_empty()
                && values.iter().all(|v| {
                    v.strip_prefix("-V:")
                        .is_some_and(|n| !n.is_empty() && !n.contains(['$', '@', '`']))
                })
        }
        _ => false,
    };
    reads.then(Verdict::read_only)
}

/// systemd-id128(1) (systemd 252): `new`, `machine-id`, `boot-id`, `invocation-id`, `show` and
/// `var-partition-uuid` print an ID (a new one is random and kept nowhere); `-p`, `-u`,
/// `-P`/`--value`, `-a`/`--app-specific=ID` only change how it is printed.
fn systemd_id128(values: &[&str]) -> bool {
    let mut command = None;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-p" | "--pretty" | "-u" | "--uuid" | "-P" | "--value" | "--no-pager"
            | "--no-legend" | "-j" => {}
            "-a" | "--app-specific" if values.get(i).is_some() => i += 1,
            v if v.starts_with("--app-specific=") || v.starts_with("--json=") => {}
            v if v.starts_with('-') => return false,
            v if command.is_none() => {
                if !matches!(
                    v,
                    "new"
                        | "machine-id"
                        | "boot-id"
                        | "invocation-id"
                        | "show"
                        | "var-partition-uuid"
                ) {
                    return false;
                }
                command = Some(v);
            }
            // `show NAME|UUID…`: the known partition types and IDs to print.
            _ if command == Some("show") => {}
            _ => return false,
        }
    }
    command.is_some()
}

/// svnlook(1) (Subversion 1.14) prints what a repository holds and opens it only to read
/// (strace: nothing written, no configuration read). `diff` is left out: it writes both sides
/// to temporary files in /tmp (measured). Each subcommand's options as `svnlook help SUB`
/// lists them; a repository path first, then a path in it.
fn svnlook(values: &[&str]) -> bool {
    const SUBCOMMANDS: &[&str] = &[
        "author",
        "cat",
        "changed",
        "date",
        "dirs-changed",
        "filesize",
        "help",
        "?",
        "h",
        "history",
        "info",
        "lock",
        "log",
        "propget",
        "pget",
        "pg",
        "proplist",
        "plist",
        "pl",
        "tree",
        "uuid",
        "youngest",
    ];
    const FLAGS: &[&str] = &[
        "--copy-info",
        "--full-paths",
        "--revprop",
        "--show-ids",
        "--show-inherited-props",
        "--xml",
        "-N",
        "--non-recursive",
        "-v",
        "--verbose",
        "-q",
        "--quiet",
        "--no-newline",
    ];
    const VALUED: &[&str] = &[
        "-r",
        "--revision",
        "-t",
        "--transaction",
        "-l",
        "--limit",
        "-M",
        "--memory-cache-size",
    ];
    let Some((sub, rest)) = values.split_first() else {
        return false;
    };
    if !SUBCOMMANDS.contains(sub) {
        return false;
    }
    options_and_operands(rest, FLAGS, VALUED).is_some_and(|n| n >= 1 || sub_is_help(sub))
}

fn sub_is_help(sub: &str) -> bool {
    matches!(sub, "help" | "?" | "h")
}

/// The number of operands in `values` when every option is one of `flags` or `valued` (a value
/// next or attached with `=`); `None` when one is not.
fn options_and_operands(values: &[&str], flags: &[&str], valued: &[&str]) -> Option<usize> {
    let mut operands = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if *v == "--" {
            return Some(operands + values.len() - i);
        }
        if flags.contains(v) {
            continue;
        }
        if valued.contains(v) {
            values.get(i)?;
            i += 1;
            continue;
        }
        if v.starts_with("--") && valued.iter().any(|o| v.starts_with(&format!("{o}="))) {
            continue;
        }
        // A short option's value attached (`-r5`).
        if v.len() > 2
            && !v.starts_with("--")
            && valued.iter().any(|o| o.len() == 2 && v.starts_with(o))
        {
            continue;
        }
        if v.starts_with('-') && *v != "-" {
            return None;
        }
        operands += 1;
    }
    Some(operands)
}

/// svnversion(1) prints the revisions of a working copy, reading its `.svn/wc.db` (opened
/// read-write by SQLite, nothing written: strace, Subversion 1.14).
fn svnversion(values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "-n",
        "--no-newline",
        "-c",
        "--committed",
        "-q",
        "--quiet",
        "-h",
        "--help",
        "--version",
    ];
    options_and_operands(values, FLAGS, &[]).is_some_and(|n| n <= 2)
}

/// svnadmin(1)'s reading subcommands (Subversion 1.14): `info`, `lslocks`, `lstxns`, `verify`,
/// `dump` and `dump-revprops` to standard output (`-F` writes a file), `help`. None runs a hook.
/// `verify` creates `db/rep-cache.db` when there is none ([`SVN_REP_CACHE`]).
fn svnadmin(values: &[&str]) -> Option<Verdict> {
    const FLAGS: &[&str] = &[
        "-q",
        "--quiet",
        "--incremental",
        "--deltas",
        "--keep-going",
        "--check-normalization",
        "--metadata-only",
        "-t",
        "--transaction",
    ];
    const VALUED: &[&str] = &[
        "-r",
        "--revision",
        "-M",
        "--memory-cache-size",
        "--include",
        "--exclude",
    ];
    let (sub, rest) = values.split_first()?;
    let operands = match *sub {
        "help" | "?" | "h" => return Some(Verdict::read_only()),
        "info" | "lslocks" | "lstxns" | "verify" | "dump" | "dump-revprops" => {
            let flags: Vec<&str> = FLAGS
                .iter()
                .copied()
                .chain((*sub == "dump").then_some("--pattern"))
                .collect();
            options_and_operands(rest, &flags, VALUED)?
        }
        _ => return None,
    };
    // The repository, and for lslocks a path in it.
    if operands == 0 || operands > 1 + usize::from(*sub == "lslocks") {
        return None;
    }
    let mut v = Verdict::default();
    if *sub == "verify" {
        v.push_unless(Level::Write, SVN_REP_CACHE, Settle::Configuration);
    }
    Some(v)
}

/// aspell(1) (0.60)'s commands that print: `list` (the misspelled words of its input),
/// `dump dicts|filters|modes|config|master|personal|repl`, `config [KEY]`, `dicts`, `filters`,
/// `modes`, `soundslike`, `munch`, `expand`, `version`, `help`. `check`, `pipe`/`-a` (whose `*`
/// and `#` commands save the personal dictionary), `create` and `merge` write. Options: the
/// language, dictionary, encoding and filter mode; any option naming a file or directory
/// (`--home-dir`, `--per-conf`, `--filter-path`, …) is not taken, and the configuration files
/// are the context's ([`ASPELL_CONF`]).
fn aspell(values: &[&str]) -> Option<Verdict> {
    let mut command: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-l" | "-d" | "--lang" | "--master" | "--encoding" | "--mode" | "--sug-mode"
            | "--ignore" | "-W" | "--size" | "--variety" | "--jargon" => {
                values.get(i)?;
                i += 1;
            }
            "-e"
            | "-H"
            | "-t"
            | "-n"
            | "-x"
            | "--dont-backup"
            | "--ignore-case"
            | "--dont-ignore-case"
            | "-C"
            | "-B"
            | "--run-together"
            | "--dont-run-together"
            | "--ignore-accents"
            | "--dont-ignore-accents" => {}
            v if [
                "--lang=",
                "--master=",
                "--encoding=",
                "--mode=",
                "--sug-mode=",
                "--ignore=",
                "--size=",
                "--variety=",
                "--jargon=",
            ]
            .iter()
            .any(|p| v.starts_with(p)) => {}
            v if v.starts_with('-')
                && v.len() > 2
                && ["-l", "-d"].iter().any(|p| v.starts_with(p)) => {}
            v if v.starts_with('-') => return None,
            v => command.push(v),
        }
    }
    let prints = match command.as_slice() {
        ["list" | "dicts" | "filters" | "modes" | "soundslike" | "munch" | "expand" | "version"
        | "help"] => true,
        ["expand", level] => level.chars().all(|c| c.is_ascii_digit()),
        ["config"] | ["config", _] => true,
        ["dump", "dicts" | "filters" | "modes" | "config" | "master" | "personal" | "repl"] => true,
        _ => false,
    };
    if !prints {
        return None;
    }
    let mut v = Verdict::default();
    v.push_unless(Level::Unknown, ASPELL_CONF, Settle::Configuration);
    Some(v)
}

/// hunspell(1) (1.7) in its listing modes: `-l` (misspelled words), `-L` (lines with them),
/// `-G` (correct words), on files or its input, and its input when no file is named (a filter,
/// not the ispell pipe: `-a`'s `*` and `#` save the personal dictionary, measured); `-D` shows
/// the dictionaries found. With files and none of `-l`, `-L`, `-G` it is the interactive
/// checker, which rewrites them.
fn hunspell(values: &[&str]) -> bool {
    let mut listing = false;
    let mut files = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-l" | "-L" | "-G" => listing = true,
            "-D" | "-1" | "-H" | "-n" | "-o" | "-t" | "-X" | "-O" | "-r" | "-m" | "-s" | "-w"
            | "-u" | "-U" | "-u2" | "-u3" | "-v" | "-vv" | "-h" | "--help" | "--version" => {}
            "-d" | "-i" | "-p" | "-P" => {
                if values.get(i).is_none() {
                    return false;
                }
                i += 1;
            }
            v if v.starts_with('-') => return false,
            _ => files += 1,
        }
    }
    listing || files == 0
}

/// gpg(1) (GnuPG 2.2) `--enarmor`/`--dearmor` (and `--enarmour`/`--dearmour`) write the
/// converted data to standard output when they read standard input, or when `-o -` says so;
/// given a file they write FILE.asc (or FILE.gpg) beside it (measured). They open no keyring and
/// make no home directory; the options file is the context's ([`GPG_CONF`]).
pub fn gpg_armour(values: &[&str]) -> Option<Verdict> {
    let mut armour = false;
    let mut to_stdout = false;
    let mut no_options = false;
    let mut files = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "--enarmor" | "--dearmor" | "--enarmour" | "--dearmour" => armour = true,
            "-o" | "--output" => {
                if *values.get(i)? != "-" {
                    return None;
                }
                i += 1;
                to_stdout = true;
            }
            "--output=-" => to_stdout = true,
            "--no-options" => no_options = true,
            "--batch"
            | "--no-tty"
            | "-q"
            | "--quiet"
            | "-v"
            | "--verbose"
            | "--no-verbose"
            | "--no-greeting"
            | "--no-permission-warning"
            | "--armor"
            | "-a"
            | "--no-armor" => {}
            "--" => {
                files += values.len() - i;
                break;
            }
            v if v.starts_with('-') && v != "-" => return None,
            _ => files += 1,
        }
    }
    if !armour || files > 1 || (files == 1 && !to_stdout) {
        return None;
    }
    let mut v = Verdict::default();
    if !no_options {
        v.push_unless(Level::Unknown, GPG_CONF, Settle::Configuration);
    }
    Some(v)
}

/// pod2usage(1) (Pod::Usage 2.03) prints a script's usage from its POD: `-verbose` 0 and 1 print
/// the synopsis and options, 99 the chosen sections; 2 (and `-man`) hand the page to perldoc,
/// which renders it through a temporary file (measured). `-output` names the file to print to
/// (only the standard streams are taken), `-formatter` loads a module. Options as Getopt::Long
/// takes them: one or two dashes, a value next or after `=`.
fn pod2usage(values: &[&str]) -> bool {
    let mut files = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        let Some(option) = v.strip_prefix("--").or_else(|| v.strip_prefix('-')) else {
            files += 1;
            continue;
        };
        let (name, attached) = match option.split_once('=') {
            Some((n, value)) => (n, Some(value)),
            None => (option, None),
        };
        let mut value = || -> Option<&str> {
            if let Some(a) = attached {
                return Some(a);
            }
            let next = values.get(i).copied();
            i += 1;
            next
        };
        let ok = match name {
            "help" | "utf8" => attached.is_none(),
            "verbose" => matches!(value(), Some("0" | "1" | "99")),
            "exit" => {
                value().is_some_and(|x| x.chars().all(|c| c.is_ascii_digit()) || x == "NOEXIT")
            }
            "pathlist" => value().is_some(),
            "output" => matches!(value(), Some("-" | ">&1" | ">&STDOUT" | ">&2" | ">&STDERR")),
            _ => false,
        };
        if !ok {
            return false;
        }
    }
    files <= 1
}

/// What ImageMagick reads besides its inputs, for the context to judge: its configuration
/// (`MAGICK_CONFIGURE_PATH`, `~/.config/ImageMagick`, `~/.magick`: a `delegates.xml` there runs
/// programs, a `log.xml` writes a log, a `policy.xml` or a `MAGICK_*_LIMIT` can move the pixel
/// cache to a temporary file) and each input's format and size.
pub const MAGICK_CONFIG: &str = "ImageMagick reads its configuration (delegates it runs, a log it writes, resource limits) and decodes its inputs, which may need a delegate or a temporary pixel cache";

/// An ImageMagick command in a reading form: its input files and whether it decodes their
/// pixels (`identify` without `-verbose`, `-format` and the statistics options only pings).
pub struct MagickRead<'a> {
    pub inputs: Vec<&'a str>,
    pub decodes: bool,
}

/// ImageMagick 6's reading forms (`identify(1)`, `convert(1)`, `compare(1)`, 6.9.11): `identify
/// FILE…`, `convert FILE… OPERATORS OUTPUT` and `compare A B OUTPUT` whose output is `null:`,
/// `info:` or standard output (`-`, `info:-`, `txt:-`), with options that only choose what is
/// printed or change the image without making it larger (a larger image may not fit the pixel
/// cache's memory and go to a temporary file: measured, a 9000×9000 PNG through `convert` made
/// `/tmp/magick-*`); `-list TYPE`, `-version`, `-help`. `-write`, `-define`, `-set`, `-limit`,
/// `-fx` and the rest are refused, as is any input that is not a plain file name (`msl:`,
/// `ephemeral:` (removed after reading), `|cmd`, `@list`, globs ImageMagick expands itself).
pub fn magick<'a>(program: &str, values: &[&'a str]) -> Option<MagickRead<'a>> {
    const LISTS: &[&str] = &[
        "format",
        "color",
        "delegate",
        "policy",
        "resource",
        "configure",
        "coder",
        "magic",
        "list",
        "colorspace",
        "command",
        "compose",
        "compress",
        "gravity",
        "type",
        "units",
        "virtual-pixel",
        "metric",
        "channel",
        "orientation",
        "dispose",
        "filter",
        "interpolate",
        "method",
        "module",
        "log",
        "threshold",
    ];
    const COMMON_FLAGS: &[&str] = &[
        "-verbose",
        "-quiet",
        "-regard-warnings",
        "-ping",
        "+ping",
        "-monitor",
        "-antialias",
        "+antialias",
    ];
    const COMMON_VALUED: &[&str] = &[
        "-format",
        "-density",
        "-units",
        "-depth",
        "-size",
        "-channel",
        "-colorspace",
        "-alpha",
        "-fuzz",
        "-interlace",
        "-sampling-factor",
        "-precision",
        "-endian",
        "-virtual-pixel",
        "-interpolate",
        "-authenticate",
        "-seed",
    ];
    const IDENTIFY_FLAGS: &[&str] = &["-unique", "-moments", "-grayscale"];
    const IDENTIFY_VALUED: &[&str] = &["-features", "-crop"];
    const CONVERT_FLAGS: &[&str] = &[
        "-identify",
        "+repage",
        "-trim",
        "-strip",
        "-flip",
        "-flop",
        "-negate",
        "+negate",
        "-separate",
        "-unique-colors",
        "-auto-orient",
        "-normalize",
        "-flatten",
        "-monochrome",
    ];
    const CONVERT_VALUED: &[&str] = &[
        "-print",
        "-crop",
        "-type",
        "-gravity",
        "-grayscale",
        "-quality",
    ];
    const COMPARE_FLAGS: &[&str] = &["-subimage-search"];
    const COMPARE_VALUED: &[&str] = &[
        "-metric",
        "-compose",
        "-highlight-color",
        "-lowlight-color",
        "-dissimilarity-threshold",
        "-similarity-threshold",
    ];
    if matches!(values, ["-version" | "--version" | "-help" | "--help"]) {
        return Some(MagickRead {
            inputs: Vec::new(),
            decodes: false,
        });
    }
    if let ["-list", list] = values {
        return LISTS.contains(list).then(|| MagickRead {
            inputs: Vec::new(),
            decodes: false,
        });
    }
    let (flags, valued): (&[&str], &[&str]) = match program {
        "identify" => (IDENTIFY_FLAGS, IDENTIFY_VALUED),
        "convert" => (CONVERT_FLAGS, CONVERT_VALUED),
        "compare" => (COMPARE_FLAGS, COMPARE_VALUED),
        _ => return None,
    };
    let mut files = Vec::new();
    let mut pings = program == "identify";
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if COMMON_FLAGS.contains(v) || flags.contains(v) {
            if matches!(*v, "-verbose" | "-unique" | "-moments") {
                pings = false;
            }
            continue;
        }
        if COMMON_VALUED.contains(v) || valued.contains(v) {
            values.get(i)?;
            i += 1;
            if matches!(*v, "-format" | "-features") {
                pings = false;
            }
            continue;
        }
        if v.starts_with(['-', '+']) && v.len() > 1 {
            return None;
        }
        files.push(*v);
    }
    if values.contains(&"-ping") {
        pings = true;
    }
    let plain = |f: &str| {
        !f.is_empty()
            && !f.starts_with('.')
            && f.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '/' | '-'))
            && !f.contains("/.")
    };
    let output = |f: &str| matches!(f, "null:" | "NULL:" | "info:" | "info:-" | "txt:-" | "-");
    let inputs = match program {
        "identify" => files,
        _ => {
            let (last, inputs) = files.split_last()?;
            let count_ok = if program == "compare" {
                inputs.len() == 2
            } else {
                !inputs.is_empty()
            };
            if !output(last) || !count_ok {
                return None;
            }
            inputs.to_vec()
        }
    };
    if inputs.is_empty() || !inputs.iter().all(|f| plain(f)) {
        return None;
    }
    Some(MagickRead {
        inputs,
        decodes: !pings,
    })
}

/// What CVS reads besides its command line, for the context to judge: `~/.cvsrc` (options added
/// to each command), the repository named by `-d`, `CVS/Root` or `CVSROOT` (a remote method runs
/// `CVS_RSH` or `CVS_SERVER`), and which files a working-copy command recurses into.
pub const CVS_ROOT: &str =
    "cvs reads ~/.cvsrc and reaches the repository its root names (a remote method runs a program)";

/// A CVS command that reads a repository without a lock: the global `-R` (read-only repository)
/// or `-n` (change nothing) makes CVS take no read lock in the repository, which every reading
/// command takes otherwise (measured by round 29's writer and here, CVS 1.12.13: `log`,
/// `rlog`, `annotate`, `rannotate` and `ls` under `-R` wrote nothing; `rdiff`, and `update -n`
/// when a file needs a merge, write temporary files in /var/tmp; `status` may rewrite
/// `CVS/Entries`). The command, its options (CVS's getopt letters) and the working-copy
/// command's files: `Some(is a working-copy command)`.
pub fn cvs(values: &[&str]) -> Option<bool> {
    let mut unlocked = false;
    let mut i = 0;
    // Global options, before the command.
    let command = loop {
        let v = *values.get(i)?;
        i += 1;
        match v {
            "-d" | "-z" => {
                values.get(i)?;
                i += 1;
            }
            _ if v.starts_with('-') && v.len() > 1 => {
                let letters = &v[1..];
                if let Some(rest) = letters
                    .strip_prefix('d')
                    .or_else(|| letters.strip_prefix('z'))
                {
                    if !rest.is_empty() {
                        continue;
                    }
                }
                if !letters.chars().all(|c| "RnQqftwrl".contains(c)) {
                    return None;
                }
                unlocked |= letters.contains(['R', 'n']);
            }
            _ => break v,
        }
    };
    if !unlocked {
        return None;
    }
    let (working_copy, flags, valued, attached) = match command {
        "log" | "lo" => (true, "bhlNRSt", "d", "rswd"),
        "rlog" | "rl" => (false, "bhlNRSt", "d", "rswd"),
        "annotate" | "ann" => (true, "lRfFb", "rD", ""),
        "rannotate" | "rann" | "ra" => (false, "lRfFb", "rD", ""),
        "ls" | "dir" | "list" => (true, "edlRP", "rD", ""),
        "rls" | "rdir" | "rlist" => (false, "edlRP", "rD", ""),
        _ => return None,
    };
    while let Some(v) = values.get(i) {
        i += 1;
        let Some(letters) = v.strip_prefix('-').filter(|l| !l.is_empty()) else {
            continue;
        };
        let mut chars = letters.chars();
        let first = chars.next()?;
        let rest = chars.as_str();
        if attached.contains(first) && !rest.is_empty() {
            continue;
        }
        if valued.contains(first) {
            if rest.is_empty() {
                values.get(i)?;
                i += 1;
            }
            continue;
        }
        if attached.contains(first) || !letters.chars().all(|c| flags.contains(c)) {
            return None;
        }
    }
    Some(working_copy)
}

/// psql runs its commands on a server, and reads PSQLRC (whose `\!` runs programs) once it is
/// connected: the context tells whether any server can be reached.
pub const PSQL_SERVER: &str =
    "psql runs its commands on a database server and then reads PSQLRC, unless it cannot connect";

/// A psql(1) command line whose connection goes only through the options below: the hosts and
/// port, the user, a database name (not a connection string, which could name other hosts or a
/// service), the SQL (`-c`), and how results print; `-o` and `-L` (files written), `-f` and the
/// rest are refused. `Some((hosts, port))` as the command line gives them.
pub fn psql<'a>(values: &[&'a str]) -> Option<(Option<&'a str>, Option<&'a str>)> {
    let mut host = None;
    let mut port = None;
    let mut operands = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        let (name, attached) = match v.split_once('=') {
            Some((n, a)) if n.starts_with("--") => (n, Some(a)),
            _ => (*v, None),
        };
        let mut value = || -> Option<&'a str> {
            if let Some(a) = attached {
                return Some(a);
            }
            let next = values.get(i).copied();
            i += 1;
            next
        };
        match name {
            "-h" | "--host" => host = Some(value()?),
            "-p" | "--port" => port = Some(value()?),
            "-d" | "--dbname" => {
                let db = value()?;
                if db.contains('=') || db.contains("://") {
                    return None;
                }
            }
            "-U" | "--username" | "-c" | "--command" | "-v" | "--set" | "--variable" | "-P"
            | "--pset" | "-F" | "--field-separator" | "-R" | "--record-separator" => {
                value()?;
            }
            "-X" | "--no-psqlrc" | "-q" | "--quiet" | "-t" | "--tuples-only" | "-A"
            | "--no-align" | "-w" | "--no-password" | "-x" | "--expanded" | "-H" | "--html"
            | "--csv" | "-l" | "--list" | "-e" | "--echo-queries" | "-a" | "--echo-all" => {}
            _ if v.starts_with('-') => return None,
            db => {
                operands += 1;
                if operands > 2 || db.contains('=') || db.contains("://") {
                    return None;
                }
            }
        }
    }
    Some((host, port))
}

/// nasm(1) (2.16) `-E` (`-e`): preprocess only, the result on standard output unless `-o`.
/// Include paths, macros defined or undefined, files included first (read), the output format
/// and the warnings are taken; `-o`, `-l` (a listing), `-Z` (errors to a file), `-M*` (the
/// dependency modes, some writing a file) and the rest are refused. One source file.
fn nasm_preprocess(values: &[&str]) -> bool {
    let mut preprocess = false;
    let mut files = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-E" | "-e" => preprocess = true,
            "-I" | "-i" | "-D" | "-d" | "-U" | "-u" | "-P" | "-p" | "-f" => {
                if values.get(i).is_none() {
                    return false;
                }
                i += 1;
            }
            v if v.len() > 2
                && [
                    "-I", "-i", "-D", "-d", "-U", "-u", "-P", "-p", "-f", "-w", "-W",
                ]
                .iter()
                .any(|o| v.starts_with(o)) => {}
            v if v.starts_with('-') => return false,
            _ => files += 1,
        }
    }
    preprocess && files == 1
}
