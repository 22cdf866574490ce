//! Reading modes of converters and package tools whose usual job writes: recode's listings and
//! its filter, dos2unix's `--info` and its filter, protoc without an output directive, ghc-pkg's
//! queries, `mix help`, xsltproc to its output. As in [`super::modes`], each answers only when every argument is on its list; the
//! program's writing modes (a file recoded or converted in place, `--cpp_out`, `ghc-pkg
//! register`) fall through to unknown.

/// Read-only when `program values` is one of the modes below; `None` when this module does not
/// know the program.
pub fn check(program: &str, values: &[&str]) -> Option<bool> {
    Some(match program {
        "recode" => recode(values),
        "dos2unix" | "unix2dos" | "mac2unix" | "unix2mac" => dos2unix(values),
        "protoc" => protoc(values),
        "ghc-pkg" => ghc_pkg(values),
        "xsltproc" => xsltproc(values),
        // `mix help [TASK]`, `--names`, `--search PATTERN`: Mix's task list and a task's
        // documentation (measured, Elixir 1.14, no mix.exs: nothing written). The project and
        // the archives it loads, and Erlang's `.erlang`, are the context's.
        "mix" => {
            matches!(
                values,
                ["help"] | ["help", "--names"] | ["help", "--search", _]
            ) || matches!(values, ["help", task] if !task.starts_with('-'))
        }
        _ => return None,
    })
}

/// recode(1) (Free recode 3.6, `recode --help`): the listings (`-l`/`--list[=FORMAT]
/// [CHARSET]`, `-k`/`--known=PAIRS`, `-T`, `-h`/`--header` (a table, on stdout), `-C`,
/// `--help`, `--version`) print and exit; a REQUEST with no FILE recodes stdin to stdout through
/// pipes (`-p` is presumed without a FILE; `-i` would sequence through intermediate files). Each
/// FILE is recoded over itself. Measured with strace in a throwaway directory, a private /tmp:
/// `-l`, `--list=full CHARSET`, `--version` and the filter opened nothing to write.
fn recode(values: &[&str]) -> bool {
    const TUNING: &[&str] = &[
        "-v",
        "--verbose",
        "-q",
        "--quiet",
        "--silent",
        "-f",
        "--force",
        "-s",
        "--strict",
        "-d",
        "--diacritics",
        "-c",
        "--colons",
        "-g",
        "--graphics",
        "-p",
        "--sequence=pipe",
        "--sequence=memory",
        "-S",
        "--source",
    ];
    let mut listing = false;
    let mut operands = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-l" | "--list" | "-T" | "--find-subsets" | "-C" | "--copyright" | "--help"
            | "--version" | "-h" | "--header" => listing = true,
            "-k" => {
                listing = true;
                i += 1;
            }
            "-x" => i += 1,
            _ if ["--list=", "--known=", "--header="]
                .iter()
                .any(|p| v.starts_with(p)) =>
            {
                listing = true
            }
            _ if v.starts_with("--ignore=") || v.starts_with("--source=") => {}
            _ if TUNING.contains(v) => {}
            // A cluster of the tuning flags (`-qf`).
            _ if v.len() > 2
                && v.starts_with('-')
                && !v.starts_with("--")
                && v[1..].chars().all(|c| "vqfsdcgp".contains(c)) => {}
            _ if v.starts_with('-') => return false,
            _ => operands += 1,
        }
    }
    // A listing takes one CHARSET at most; the filter one REQUEST and no FILE.
    i == values.len() && operands <= 1 && (listing || operands == 1)
}

/// dos2unix(1) (and unix2dos, mac2unix, unix2mac: one program, dos2unix 7.4): `-i`/`--info[=FLAGS]`
/// prints each FILE's line-break counts and converts nothing; with no FILE it converts stdin to
/// stdout. The arguments are processed in order (measured: `dos2unix a.txt -i b.txt` converted
/// a.txt, `-i a -n b c` wrote c), so `-i` must come before the first FILE, and `-n`/`-o` (which
/// pick the files written) are refused. `-h`, `-V`, `-L` print and exit.
fn dos2unix(values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "-q",
        "--quiet",
        "-v",
        "--verbose",
        "-f",
        "--force",
        "-s",
        "--safe",
        "-b",
        "--keep-bom",
        "-r",
        "--remove-bom",
        "-u",
        "--keep-utf16",
        "-ul",
        "--assume-utf16le",
        "-ub",
        "--assume-utf16be",
        "-ascii",
        "-iso",
        "-7",
        "-437",
        "-850",
        "-860",
        "-863",
        "-865",
        "-1252",
        "-S",
        "--skip-symlink",
        "-F",
        "--follow-symlink",
        "-l",
        "--newline",
        "-m",
        "--add-bom",
        "-k",
        "--keepdate",
        "--no-allow-chown",
    ];
    if matches!(
        values,
        ["-h" | "--help" | "-V" | "--version" | "-L" | "--license"]
    ) {
        return true;
    }
    let mut info = false;
    let mut files = 0;
    let mut i = 0;
    let mut options = true;
    while let Some(v) = values.get(i) {
        i += 1;
        if !options || !v.starts_with('-') || *v == "-" {
            if !info {
                return false;
            }
            files += 1;
            continue;
        }
        match *v {
            "--" => options = false,
            "-c" | "--convmode" => i += 1,
            // Before the `-i` prefix: `-iso` is a conversion mode.
            _ if FLAGS.contains(v) => {}
            _ if *v == "--info"
                || v.starts_with("--info=")
                || (v.starts_with("-i") && v[2..].chars().all(|c| c.is_ascii_alphanumeric())) =>
            {
                info = true
            }
            _ => return false,
        }
    }
    // No FILE: the filter, stdin to stdout.
    i == values.len() && (info || files == 0)
}

/// protoc (3.21) writes only what an output directive names (`--LANG_out`, `--plugin`'s
/// generators, `-o`/`--descriptor_set_out`, `--dependency_out`); without one it parses the
/// `.proto` files and, for `--decode_raw`, `--decode=TYPE` and `--encode=TYPE`, reads stdin and
/// writes stdout (measured with strace: `--decode_raw < msg.bin` and `--version` opened nothing
/// to write). `@FILE` reads more arguments from FILE and is refused, as is any option not below.
fn protoc(values: &[&str]) -> bool {
    const FLAGS: &[&str] = &[
        "--decode_raw",
        "--version",
        "-h",
        "--help",
        "--include_imports",
        "--include_source_info",
        "--print_free_field_numbers",
        "--deterministic_output",
        "--fatal_warnings",
        "--disallow_services",
        "--experimental_allow_proto3_optional",
    ];
    const WITH_VALUE: &[&str] = &[
        "--decode",
        "--encode",
        "--proto_path",
        "--error_format",
        "--descriptor_set_in",
    ];
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if v.starts_with('@') {
            return false;
        }
        if !v.starts_with('-') || FLAGS.contains(v) {
            continue;
        }
        if v.starts_with("-I") && v.len() > 2 {
            continue;
        }
        if *v == "-I" {
            i += 1;
            continue;
        }
        match v.split_once('=') {
            Some((name, _)) if WITH_VALUE.contains(&name) => {}
            None if WITH_VALUE.contains(v) => i += 1,
            _ => return false,
        }
    }
    i == values.len() && !values.is_empty()
}

/// ghc-pkg (GHC 9.0) queries: `list`, `dump`, `describe`, `field`, `latest`, `find-module`,
/// `dot` and `check` read the package databases and print (measured with strace, as root with
/// the global database writable: nothing opened to write); `register`, `update`, `unregister`,
/// `expose`, `hide`, `trust`, `recache` and `init` change a database. Options choose the
/// databases or the output.
fn ghc_pkg(values: &[&str]) -> bool {
    const QUERIES: &[&str] = &[
        "list",
        "dump",
        "describe",
        "field",
        "latest",
        "find-module",
        "dot",
        "check",
    ];
    const FLAGS: &[&str] = &[
        "--global",
        "--user",
        "--simple-output",
        "--names-only",
        "--ipid",
        "--unit-id",
        "--package-key",
        "--expand-pkgroot",
        "--no-expand-pkgroot",
        "--expand-env-vars",
        "--no-user-package-db",
        "--show-unit-ids",
        "--hide-unit-ids",
        "-v",
        "-v0",
        "-v1",
        "-v2",
        "--verbose",
        "--version",
        "--numeric-version",
        "--help",
    ];
    const WITH_VALUE: &[&str] = &[
        "--package-db",
        "--package-conf",
        "--global-package-db",
        "--user-package-db",
        "--verbose",
    ];
    let mut command = None;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if !v.starts_with('-') {
            command = command.or(Some(*v));
            continue;
        }
        if FLAGS.contains(v) {
            continue;
        }
        match v.split_once('=') {
            Some((name, _)) if WITH_VALUE.contains(&name) => {}
            None if matches!(*v, "-f" | "--package-db" | "--package-conf") => i += 1,
            _ => return false,
        }
    }
    let info = values
        .iter()
        .any(|v| matches!(*v, "--version" | "--numeric-version" | "--help"));
    i == values.len()
        && (command.is_some_and(|c| QUERIES.contains(&c)) || (info && command.is_none()))
}

/// `xsltproc STYLESHEET FILE…` (libxslt 1.1) prints each transformed FILE: only `-o`/`--output`
/// names a file to write. The stylesheet and the documents can still write (`exsl:document`,
/// the XSLT 1.1 `xsl:document`, `saxon:output`, Xalan's `redirect:write`) or reach the network
/// (`document()`, imports, external DTDs and entities): the context reads them
/// (`context::tools`).
fn xsltproc(values: &[&str]) -> bool {
    xsltproc_operands(values).is_some_and(|files| files.len() >= 2)
}

/// The stylesheet and documents of `xsltproc values` (the stylesheet first), when every option
/// only shapes the output, validation or the parameters passed (`--output`, `--writesubtree`,
/// `--xinclude` and the rest are not taken).
pub fn xsltproc_operands<'a>(values: &[&'a str]) -> Option<Vec<&'a str>> {
    const FLAGS: &[&str] = &[
        "-v",
        "--verbose",
        "--timing",
        "--repeat",
        "--debug",
        "--novalid",
        "--noout",
        "--nodtdattr",
        "--nonet",
        "--nowrite",
        "--nomkdir",
        "--html",
        "--huge",
        "--load-trace",
        "--profile",
        "--norman",
        "--nocatalogs",
        "--catalogs",
    ];
    const WITH_VALUE: &[&str] = &[
        "--encoding",
        "--maxdepth",
        "--maxvars",
        "--maxparserdepth",
        "--seed-rand",
        "--path",
    ];
    const WITH_TWO: &[&str] = &["--param", "--stringparam"];
    let mut operands = Vec::new();
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        if WITH_TWO.contains(v) {
            i += 2;
        } else if WITH_VALUE.contains(v) {
            i += 1;
        } else if v.starts_with('-') {
            if !FLAGS.contains(v) {
                return None;
            }
        } else {
            operands.push(*v);
        }
    }
    (i == values.len()).then_some(operands)
}

#[cfg(test)]
mod tests {
    use super::check;
    use pretty_assertions::assert_eq;

    #[test]
    fn modes() {
        let cases: &[(&str, &[&str], bool)] = &[
            ("recode", &["-l"], true),
            ("recode", &["--list=full", "latin1"], true),
            ("recode", &["-k", "130:233", "latin1"], true),
            ("recode", &["--version"], true),
            ("recode", &["-h", "latin1"], true),
            ("recode", &["latin1..utf8"], true),
            ("recode", &["-qf", "latin1..utf8"], true),
            // A FILE is recoded over itself; `-i` sequences through files.
            ("recode", &["latin1..utf8", "a.txt"], false),
            ("recode", &["-i", "latin1..utf8"], false),
            ("recode", &["-t", "latin1..utf8"], false),
            ("recode", &[], false),
            ("dos2unix", &["--info=d", "dos.txt", "README.md"], true),
            ("dos2unix", &["-i", "a.txt"], true),
            ("dos2unix", &["-idu", "a.txt", "--", "-q"], true),
            ("dos2unix", &["-c", "mac", "-i", "a.txt"], true),
            ("unix2dos", &["--info", "a.txt"], true),
            ("dos2unix", &[], true),
            ("dos2unix", &["-q"], true),
            ("dos2unix", &["-V"], true),
            ("dos2unix", &["-iso", "a.txt"], false),
            // Files are converted in the order given, before a later `-i`.
            ("dos2unix", &["a.txt", "-i", "b.txt"], false),
            ("dos2unix", &["a.txt"], false),
            ("dos2unix", &["-i", "a.txt", "-n", "b.txt", "c.txt"], false),
            ("dos2unix", &["-i", "a.txt", "-o", "b.txt"], false),
            ("protoc", &["--decode_raw"], true),
            (
                "protoc",
                &["--decode=pkg.Msg", "-I", "proto", "m.proto"],
                true,
            ),
            (
                "protoc",
                &["--encode", "pkg.Msg", "--proto_path=p", "m.proto"],
                true,
            ),
            ("protoc", &["--version"], true),
            ("protoc", &["m.proto"], true),
            ("protoc", &["--cpp_out=.", "m.proto"], false),
            ("protoc", &["-o", "d.pb", "m.proto"], false),
            ("protoc", &["--descriptor_set_out=d.pb", "m.proto"], false),
            (
                "protoc",
                &["--plugin=protoc-gen-x=./x", "--x_out=.", "m.proto"],
                false,
            ),
            ("protoc", &["@args.txt"], false),
            ("protoc", &[], false),
            ("ghc-pkg", &["list", "--global", "--simple-output"], true),
            ("ghc-pkg", &["field", "base", "version"], true),
            ("ghc-pkg", &["--package-db=db", "describe", "base"], true),
            ("ghc-pkg", &["-f", "db", "latest", "base"], true),
            ("ghc-pkg", &["--version"], true),
            ("ghc-pkg", &["register", "p.conf"], false),
            ("ghc-pkg", &["recache"], false),
            ("ghc-pkg", &["unregister", "--force", "base"], false),
            ("ghc-pkg", &["list", "--force"], false),
            ("ghc-pkg", &[], false),
            ("mix", &["help"], true),
            ("mix", &["help", "compile"], true),
            ("mix", &["help", "--search", "deps"], true),
            ("mix", &["compile"], false),
            ("xsltproc", &["id.xsl", "cfg.xml"], true),
            (
                "xsltproc",
                &["--novalid", "--stringparam", "k", "v", "s.xsl", "a.xml"],
                true,
            ),
            ("xsltproc", &["-o", "out.xml", "s.xsl", "a.xml"], false),
            (
                "xsltproc",
                &["--output", "out.xml", "s.xsl", "a.xml"],
                false,
            ),
            ("xsltproc", &["--xinclude", "s.xsl", "a.xml"], false),
            ("xsltproc", &["s.xsl"], false),
            ("mix", &["help", "--x", "y"], false),
        ];
        for (program, values, expected) in cases {
            assert_eq!(
                check(program, values),
                Some(*expected),
                "{program} {}",
                values.join(" ")
            );
        }
        assert_eq!(check("ls", &[]), None);
    }
}
