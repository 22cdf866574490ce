//! Reading commands of language toolchains' helpers (round 31's tune false alarms, issue 44),
//! each with its documented reading grammar: findlib's `ocamlfind` queries and lcov's report
//! listings. A form not listed leaves the program unknown.

/// Whether `program values` is one of this module's reading forms; `None` for other programs.
pub fn check(program: &str, values: &[&str]) -> Option<bool> {
    Some(match program {
        "ocamlfind" => ocamlfind(values),
        "lcov" => lcov(values),
        _ => return None,
    })
}

/// `ocamlfind list [-describe]`, `printconf [VARIABLE]`, `query [options] PACKAGE…` and `lint
/// FILE` (ocamlfind --help, findlib 1.9): they read the configuration (`findlib.conf`,
/// `OCAMLFIND_CONF`, `OCAMLPATH`) and the packages' META files and print (measured with
/// strace: nothing opened to write, no program run). `ocamlfind ocamlc …` and `pkg/cmd` run
/// programs, `install` and `remove` write; `-toolchain` is not taken.
fn ocamlfind(values: &[&str]) -> bool {
    const CONF: &[&str] = &[
        "conf", "path", "destdir", "metadir", "metaconf", "stdlib", "ldconf",
    ];
    match values {
        ["list"] | ["list", "-describe" | "-long"] => true,
        ["printconf"] => true,
        ["printconf", what] => CONF.contains(what),
        ["lint", file] => !file.starts_with('-'),
        ["query", rest @ ..] => {
            const VALUED: &[&str] = &[
                "-format",
                "-predicates",
                "-prefix",
                "-suffix",
                "-separator",
                "-pp",
            ];
            const FLAGS: &[&str] = &[
                "-r",
                "-recursive",
                "-i-format",
                "-l-format",
                "-a-format",
                "-o-format",
                "-p-format",
                "-long-format",
                "-d-format",
                "-descendants",
                "-qe",
                "-qo",
            ];
            let mut packages = 0;
            let mut i = 0;
            while let Some(v) = rest.get(i) {
                i += 1;
                if VALUED.contains(v) {
                    if rest.get(i).is_none() {
                        return false;
                    }
                    i += 1;
                } else if FLAGS.contains(v) {
                } else if v.starts_with('-') {
                    return false;
                } else {
                    packages += 1;
                }
            }
            packages > 0
        }
        _ => false,
    }
}

/// `lcov --list FILE` and `--summary FILE` (lcov 1.16): a tracefile is read and its coverage
/// printed, with `-q` or the path form of the list (measured: nothing written). `--rc` and
/// `--config-file` set any setting, `-o`, `-c`, `-a`, `-e`, `-r`, `-z` write or run gcov.
fn lcov(values: &[&str]) -> bool {
    let mut listed = 0;
    let mut i = 0;
    while let Some(v) = values.get(i) {
        i += 1;
        match *v {
            "-l" | "--list" | "--summary" => {
                match values.get(i) {
                    Some(file) if !file.starts_with('-') => {}
                    _ => return false,
                }
                i += 1;
                listed += 1;
            }
            "-q" | "--quiet" | "--list-full-path" | "--no-list-full-path" => {}
            _ => return false,
        }
    }
    listed > 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    #[test]
    fn reading_forms_and_their_neighbours() {
        let cases: &[(&str, &[&str], bool)] = &[
            ("ocamlfind", &["list"], true),
            ("ocamlfind", &["printconf"], true),
            ("ocamlfind", &["printconf", "destdir"], true),
            ("ocamlfind", &["query", "-format", "%v", "str"], true),
            ("ocamlfind", &["ocamlc", "-package", "str", "a.ml"], false),
            ("ocamlfind", &["install", "p", "META"], false),
            ("ocamlfind", &["remove", "p"], false),
            ("ocamlfind", &["-toolchain", "t", "list"], false),
            ("lcov", &["--list", "coverage.info"], true),
            ("lcov", &["--summary", "coverage.info", "-q"], true),
            ("lcov", &["-c", "-d", ".", "-o", "coverage.info"], false),
            (
                "lcov",
                &["--list", "coverage.info", "--rc", "lcov_tmp_dir=/x"],
                false,
            ),
            ("lcov", &["-a", "a.info", "-o", "b.info"], false),
        ];
        for (program, args, want) in cases {
            assert_eq!(check(program, args), Some(*want), "{program} {args:?}");
        }
    }
}
