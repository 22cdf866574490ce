//! The inspectors' reading grammars (issue 44's second pass, `bench/catalog/inspectors.tsv`):
//! for each family, its reading forms read-only and its nearest writing forms (an output option,
//! a mode that writes, a response file, an option not listed) not; versioned and cross names
//! read as the plain one, in the classifier and in its context.

use super::super::verdict::Level::{self, ReadOnly, Unknown, Write};
use super::super::{classify, classify_in, Context};
use super::GRAMMARS;
use pretty_assertions::assert_eq;

fn assert_levels(cases: &[(&str, Level)]) {
    let wrong: Vec<String> = cases
        .iter()
        .filter_map(|(command, expected)| {
            let got = classify(command);
            (got.level != *expected).then(|| {
                format!(
                    "{command:?}: expected {}, got {} {:?}",
                    expected.as_str(),
                    got.level.as_str(),
                    got.reasons
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "misclassified:\n{}", wrong.join("\n"));
}

#[test]
fn grammars_sorted_for_the_binary_search() {
    let keys: Vec<(&str, &str)> = GRAMMARS.iter().map(|g| (g.program, g.mode)).collect();
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(keys, sorted);
}

#[test]
fn llvm_inspectors() {
    assert_levels(&[
        ("llvm-nm --defined-only main.o", ReadOnly),
        ("llvm-nm -CgS --size-sort widget libw.a", ReadOnly),
        ("llvm-objdump -d --no-show-raw-insn main.o", ReadOnly),
        ("llvm-objdump -t -j .text --demangle widget", ReadOnly),
        ("llvm-readelf -h widget", ReadOnly),
        ("llvm-readobj --file-headers --sections main.o", ReadOnly),
        ("llvm-readelf --string-dump=.comment -W widget", ReadOnly),
        ("llvm-size widget main.o", ReadOnly),
        ("llvm-strings -n 8 main.o", ReadOnly),
        ("llvm-cxxfilt _Z5twicei", ReadOnly),
        ("llvm-dwarfdump --debug-info main.o", ReadOnly),
        (
            "llvm-dwarfdump -debug-info=0x0b -c -name twice main.o",
            ReadOnly,
        ),
        ("llvm-dwarfdump --verify --quiet widget", ReadOnly),
        ("llvm-ar t libw.a", ReadOnly),
        ("llvm-ar tv libw.a", ReadOnly),
        ("llvm-ar p libw.a w.o", ReadOnly),
        ("llvm-bcanalyzer -dump main.bc", ReadOnly),
        ("llvm-dis -o - main.bc", ReadOnly),
        ("llvm-dis -o=- main.bc", ReadOnly),
        ("llvm-dis < main.bc", ReadOnly),
        (
            "llvm-profdata show --all-functions --counts default.profdata",
            ReadOnly,
        ),
        (
            "llvm-cov report ./covered -instr-profile=default.profdata",
            ReadOnly,
        ),
        (
            "llvm-cov show covered --instr-profile default.profdata main.c",
            ReadOnly,
        ),
        (
            "llvm-cov export -format=lcov covered -instr-profile=default.profdata",
            ReadOnly,
        ),
        ("llvm-undname '?x@@3HA'", ReadOnly),
        ("llvm-cxxdump main.o", ReadOnly),
        // The nearest writing forms.
        ("llvm-dis main.bc", Write),
        ("llvm-dis -o out.ll main.bc", Write),
        ("llvm-dwarfdump -o=out.txt main.o", Unknown),
        ("llvm-dwarfdump --out-file out.txt main.o", Unknown),
        ("llvm-dwarfdump @opts main.o", Unknown),
        (
            "llvm-profdata show --output=out.txt default.profdata",
            Unknown,
        ),
        (
            "llvm-profdata merge -o all.profdata default.profraw",
            Unknown,
        ),
        (
            "llvm-cov show --output-dir=report covered -instr-profile=x",
            Unknown,
        ),
        (
            "llvm-cov show -Xdemangler=c++filt covered -instr-profile=x",
            Unknown,
        ),
        ("llvm-cov gcov main.c", Unknown),
        ("llvm-ar rc libnew.a main.o", Unknown),
        ("llvm-ar x libw.a", Unknown),
        ("llvm-ar t @members", Unknown),
        ("llvm-dwarfdump --name @names main.o", Unknown),
        ("llvm-nm --no-such-option main.o", Unknown),
        ("llvm-objcopy main.o out.o", Unknown),
        // llvm-symbolizer fetches debug information over HTTP when DEBUGINFOD_URLS is set.
        ("llvm-symbolizer --obj=widget 0x401000", Unknown),
    ]);
}

#[test]
fn jdk_inspectors() {
    assert_levels(&[
        ("jdeps -J-XX:-UsePerfData -summary app.jar", ReadOnly),
        (
            "jdeps -J-XX:-UsePerfData --print-module-deps --ignore-missing-deps app.jar",
            ReadOnly,
        ),
        ("jps -q -J-XX:-UsePerfData", ReadOnly),
        ("jps -J-XX:-UsePerfData -lm", ReadOnly),
        ("jimage -J-XX:-UsePerfData list --verbose modules", ReadOnly),
        ("jmod list -J-XX:-UsePerfData app.jmod", ReadOnly),
        ("jfr -J-XX:-UsePerfData summary rec.jfr", ReadOnly),
        (
            "jfr -J-XX:-UsePerfData print --json --events CPULoad rec.jfr",
            ReadOnly,
        ),
        // The Java VM's performance data, and the writing forms.
        ("jdeps -summary app.jar", Write),
        ("jmod list app.jmod", Write),
        ("jdeps -J-XX:-UsePerfData --dot-output dot app.jar", Unknown),
        (
            "jdeps -J-XX:-UsePerfData --generate-module-info src app.jar",
            Unknown,
        ),
        ("jdeps -J-XX:-UsePerfData @args", Unknown),
        ("jdeps -J-XX:-UsePerfData -cp @args app.jar", Unknown),
        (
            "jdeps -J-XX:-UsePerfData --system /opt/other-jdk app.jar",
            Unknown,
        ),
        (
            "javap -J-XX:-UsePerfData --system /opt/other-jdk java.lang.Object",
            Unknown,
        ),
        (
            "jdeps -J-XX:-UsePerfData -J-javaagent:a.jar -summary app.jar",
            Unknown,
        ),
        ("jps -J-XX:-UsePerfData remotehost:1099", Unknown),
        // jdeprscan looks for javac plugins (META-INF/services) on its class path, the
        // working directory unless told otherwise.
        (
            "jdeprscan -J-XX:-UsePerfData --for-removal app.jar",
            Unknown,
        ),
        ("serialver -J-XX:-UsePerfData -show", Unknown),
        // serialver initializes the class it is given: its static initializer runs.
        (
            "serialver -J-XX:-UsePerfData -classpath app.jar com.example.App",
            Unknown,
        ),
        (
            "jimage -J-XX:-UsePerfData extract --dir out modules",
            Unknown,
        ),
        ("jmod -J-XX:-UsePerfData extract app.jmod", Unknown),
        ("jfr -J-XX:-UsePerfData configure --output my.jfc", Unknown),
        (
            "jfr -J-XX:-UsePerfData disassemble --output parts rec.jfr",
            Unknown,
        ),
    ]);
}

#[test]
fn ocaml_inspectors() {
    assert_levels(&[
        ("ocamlobjinfo calc.cmo", ReadOnly),
        ("ocamlobjinfo -no-approx calc.cmx", ReadOnly),
        ("ocamlfind list", ReadOnly),
        ("ocamlfind list -describe", ReadOnly),
        ("ocamlfind query -format %d findlib", ReadOnly),
        ("ocamlfind printconf path", ReadOnly),
        ("ocamlobjinfo -args more.txt", Unknown),
        ("ocamlfind ocamlc -c calc.ml", Unknown),
        ("ocamlfind install demo META", Unknown),
        ("ocamlfind remove demo", Unknown),
    ]);
}

/// Debian's and LLVM's names: `<tool>-<major>` of LLVM's and GCC's programs, and the GNU
/// triplets of Debian's cross toolchains, read as the plain program.
#[test]
fn versioned_and_cross_names() {
    assert_levels(&[
        ("llvm-nm-14 --defined-only main.o", ReadOnly),
        ("llvm-readelf-16 -h widget", ReadOnly),
        ("llvm-ar-14 t libw.a", ReadOnly),
        ("clang-tidy-16 --version", ReadOnly),
        ("clang-format-18 --dry-run x.c", ReadOnly),
        ("aarch64-linux-gnu-readelf -h x", ReadOnly),
        ("arm-linux-gnueabihf-objdump -d x.o", ReadOnly),
        ("arm-none-eabi-objdump -d x.o", ReadOnly),
        ("x86_64-w64-mingw32-nm x.o", ReadOnly),
        ("gcc-12 --version", ReadOnly),
        ("llvm-dis-14 main.bc", Write),
        ("llvm-ar-14 rc libnew.a main.o", Unknown),
        ("clang-format-18 -i x.c", Write),
        // Not a major version: four digits, a letter.
        ("llvm-nm-1234 main.o", Unknown),
        ("llvm-nm-14a main.o", Unknown),
        ("none-eabi-objdump -d x.o", Unknown),
    ]);
}

/// The context reads a versioned or cross compiler's response file as the plain one's: before,
/// `gcc-12 -fsyntax-only @rsp x.c` was read-only in context whatever the file held.
#[test]
fn versioned_compilers_read_their_response_files_in_context() {
    let dir = std::env::temp_dir().join(format!("classify-catalog-names-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join("x.c"), "int x;\n");
    let _ = std::fs::write(dir.join("writes.rsp"), "-Wall -MD -MF deps.d\n");
    let _ = std::fs::write(dir.join("plain.rsp"), "-Wall -O2\n");
    let context = Context {
        cwd: dir.clone(),
        env: [("PATH", "/usr/bin:/bin"), ("HOME", "/nonexistent")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    let mut wrong = Vec::new();
    for program in [
        "gcc",
        "gcc-12",
        "x86_64-linux-gnu-gcc-12",
        "clang-14",
        "aarch64-linux-gnu-gcc",
    ] {
        for (rsp, read_only) in [("writes.rsp", false), ("plain.rsp", true)] {
            let command = format!("{program} -fsyntax-only @{rsp} x.c");
            let got = classify_in(&command, &context);
            if (got.level == ReadOnly) != read_only {
                wrong.push(format!(
                    "{command}: {} {:?}",
                    got.level.as_str(),
                    got.reasons
                ));
            }
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "misclassified:\n{}", wrong.join("\n"));
}

/// The families (issue 44's third pass, `bench/catalog/families.tsv`): signing tools' verifying
/// and printing modes, diff viewers, checkers without a fix mode, ledger readers; each reading
/// form read-only without context (or unknown, where the context reads what decides), and the
/// nearest writing form not.
#[test]
fn families_reading_forms() {
    assert_levels(&[
        ("age-keygen", ReadOnly),
        ("age-keygen -y id.txt", ReadOnly),
        ("age-keygen -y < id.txt", ReadOnly),
        ("age --version", ReadOnly),
        ("minisign -Vm README.md -p mk.pub", ReadOnly),
        (
            "minisign -V -m a.txt -P RWQf6LRCGA9i5 -x a.txt.minisig -q",
            ReadOnly,
        ),
        ("minisign -Vo -m a.txt", ReadOnly),
        ("signify-openbsd -V -p s.pub -m a.txt", ReadOnly),
        (
            "signify-openbsd -C -q -p s.pub -x SHA256.sig a.txt",
            ReadOnly,
        ),
        ("gpgv --keyring ./k.gpg a.txt.sig a.txt", ReadOnly),
        ("gpgv -q a.txt.sig a.txt", ReadOnly),
        ("icdiff --no-headers -U 2 a.txt b.txt", ReadOnly),
        ("flawfinder --minlevel=2 -C src/", ReadOnly),
        ("desktop-file-validate --no-hints app.desktop", ReadOnly),
        ("checkbashisms --no-conf scripts/lint.sh", ReadOnly),
        ("hledger -f books.journal balance --flat -M", ReadOnly),
        ("hledger reg -f books.journal Expenses", ReadOnly),
        ("git diff | colordiff", ReadOnly),
        ("colordiff --color=always < p.diff", ReadOnly),
        // The nearest writing forms and the forms left out.
        ("age-keygen -o key.txt", Unknown),
        ("age-keygen -y -o rec.txt id.txt", Unknown),
        ("age -d -i id.txt f.age", Unknown),
        ("minisign -G -W -p new.pub -s new.key", Unknown),
        ("minisign -S -s mk.key -m a.txt", Unknown),
        ("minisign -R -s mk.key -p re.pub", Unknown),
        (
            "signify-openbsd -V -e -p s.pub -x m.sig -m out.txt",
            Unknown,
        ),
        ("signify-openbsd -Vz -p s.pub -x a.tgz -m out", Unknown),
        ("signify-openbsd -S -s s.sec -m a.txt", Unknown),
        ("gpgv -o out.txt a.txt.sig a.txt", Unknown),
        ("gpgv --output=out.txt a.txt.sig a.txt", Unknown),
        ("flawfinder --savehitlist=hits src/", Unknown),
        ("flawfinder --loadhitlist=hits src/", Unknown),
        ("hledger -f books.journal balance -o out.txt", Unknown),
        ("hledger -f books.journal print --new", Unknown),
        ("hledger -f books.journal add", Unknown),
        ("hledger -f books.journal import bank.csv", Unknown),
        ("hledger -f books.journal iadd", Unknown),
        ("cppcheck --dump src/f.c", Unknown),
        ("cppcheck --output-file=out.txt src/f.c", Unknown),
        ("cppcheck --cppcheck-build-dir=build src/", Unknown),
        ("cppcheck --addon=misra src/f.c", Unknown),
        ("cppcheck --project=compile_commands.json", Unknown),
        ("wdiff a.txt b.txt", Unknown),
    ]);
}

/// colordiff runs the diff_cmd its configuration names, cppcheck removes `FILE.ctu-info`
/// beside its sources and ledger runs a journal's Python: without the context their checking
/// forms are unknown; in context, read-only unless the files say otherwise.
#[test]
fn families_left_to_the_context() {
    assert_levels(&[
        ("colordiff -u a.txt b.txt", Unknown),
        ("colordiff --version", Unknown),
        ("cppcheck --quiet --enable=warning src/", Unknown),
        ("ledger -f books.ledger balance", Unknown),
        ("ledger balance", Unknown),
        // Not in the grammars whatever the context says.
        ("colordiff -u --to-file=x a.txt", Unknown),
        ("ledger -f books.ledger -o out.txt balance", Unknown),
        ("ledger -f books.ledger --pager ./p balance", Unknown),
        ("ledger -f books.ledger --download balance", Unknown),
        ("ledger -f books.ledger python", Unknown),
        ("ledger -f books.ledger", Unknown),
        ("ledger -fo out.txt balance", Unknown),
        ("ledger --init-file rc balance", Unknown),
        ("ledger --script cmds -f books.ledger balance", Unknown),
    ]);
    let dir =
        std::env::temp_dir().join(format!("classify-catalog-families-{}", std::process::id()));
    let home = dir.join("home");
    let repo = dir.join("repo");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(home.join(".config/colordiff"));
    let _ = std::fs::create_dir_all(repo.join("src/deep"));
    let _ = std::fs::write(repo.join("a.txt"), "a\n");
    let _ = std::fs::write(repo.join("b.txt"), "b\n");
    let _ = std::fs::write(repo.join("src/f.c"), "int x;\n");
    let _ = std::fs::write(repo.join("src/deep/g.c"), "int y;\n");
    let _ = std::fs::write(
        repo.join("books.ledger"),
        "2020/01/01 Opening\n    Assets:Bank    100 EUR\n    Equity:Opening\n",
    );
    let _ = std::fs::write(
        repo.join("py.ledger"),
        "python\n    open('/tmp/x', 'w')\n2020/01/01 x\n    A  1 EUR\n    B\n",
    );
    let _ = std::fs::write(repo.join("import.ledger"), "import os\n");
    let _ = std::fs::write(repo.join("inc.ledger"), "include other.ledger\n");
    let _ = std::fs::write(repo.join("opt.ledger"), "--pager ./p\n");
    let context = Context {
        cwd: repo.clone(),
        env: [
            ("PATH", "/usr/bin:/bin"),
            ("HOME", home.to_str().unwrap_or("/nonexistent")),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect(),
    };
    let mut wrong = Vec::new();
    let mut expect = |command: &str, read_only: bool| {
        let got = classify_in(command, &context);
        if (got.level == ReadOnly) != read_only {
            wrong.push(format!(
                "{command}: {} {:?}",
                got.level.as_str(),
                got.reasons
            ));
        }
    };
    // Nothing planted.
    expect("colordiff -u a.txt b.txt", true);
    expect("git diff | colordiff", true);
    expect("cppcheck --quiet --enable=warning src/", true);
    expect("cppcheck src/f.c", true);
    expect("ledger -f books.ledger balance", true);
    expect("ledger -f books.ledger register Expenses", true);
    expect("ledger -f py.ledger balance", false);
    expect("ledger -f import.ledger balance", false);
    expect("ledger -f inc.ledger balance", false);
    expect("ledger -f opt.ledger balance", false);
    expect("ledger -f - balance", false);
    expect("LEDGER_PAGER=./p ledger -f books.ledger balance", false);
    // (A `NAME=` prefix is refused by the walk whatever it names: LEDGER_FILE's journal is
    // read only when the environment sets it.)
    expect("LEDGER_FILE=py.ledger ledger balance", false);
    // A banner setting is a colour; a diff_cmd runs (as a filter colordiff runs none).
    let _ = std::fs::write(home.join(".colordiffrc"), "banner=no\ncolor_patches=no\n");
    expect("colordiff go.mod Cargo.toml", true);
    let _ = std::fs::write(home.join(".colordiffrc"), "diff_cmd = /tmp/x/canary\n");
    expect("colordiff a.txt b.txt", false);
    expect("git diff | colordiff", true);
    let _ = std::fs::remove_file(home.join(".colordiffrc"));
    let _ = std::fs::write(home.join(".config/colordiff/colordiffrc"), "diff_cmd=sh\n");
    expect("colordiff -u a.txt b.txt", false);
    let _ = std::fs::remove_file(home.join(".config/colordiff/colordiffrc"));
    // cppcheck removes FILE.ctu-info.
    let _ = std::fs::write(repo.join("src/deep/g.c.ctu-info"), "keep\n");
    expect("cppcheck --quiet --enable=warning src/", false);
    expect("cppcheck src/f.c", true);
    let _ = std::fs::write(repo.join("src/f.c.ctu-info"), "keep\n");
    expect("cppcheck src/f.c", false);
    // ledger's init files: a journal named there is read as one named with -f; an option the
    // grammar does not list is not taken.
    let _ = std::fs::write(
        home.join(".ledgerrc"),
        format!("--file {}\n", repo.join("books.ledger").display()),
    );
    expect("ledger balance", true);
    let _ = std::fs::write(home.join(".ledgerrc"), "--file py.ledger\n");
    expect("ledger balance", false);
    let _ = std::fs::write(home.join(".ledgerrc"), "--pager ./p\n");
    expect("ledger -f books.ledger balance", false);
    let _ = std::fs::remove_file(home.join(".ledgerrc"));
    let _ = std::fs::write(repo.join(".ledgerrc"), "--output out.txt\n");
    expect("ledger -f books.ledger balance", false);
    let _ = std::fs::remove_file(repo.join(".ledgerrc"));
    let _ = std::fs::write(home.join(".pricedb"), "python\n    import os\n");
    expect("ledger -f books.ledger balance", false);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "misclassified:\n{}", wrong.join("\n"));
}

/// An Erlang VM loads modules from the working directory first: beside a planted `.beam`,
/// `elixir --version` and `mix --version` are not read-only in context (measured: a planted
/// `inet_db.beam` was loaded, and the crash wrote `erl_crash.dump` there).
#[test]
fn erlang_vms_load_the_working_directory_s_modules() {
    let dir = std::env::temp_dir().join(format!("classify-catalog-beam-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    let context = Context {
        cwd: dir.clone(),
        env: [("PATH", "/usr/bin:/bin"), ("HOME", "/nonexistent")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    let level = |command: &str| classify_in(command, &context).level;
    let mut wrong = Vec::new();
    for command in ["elixir --version", "mix --version"] {
        if level(command) != ReadOnly {
            wrong.push(format!("{command} without a .beam: {:?}", level(command)));
        }
    }
    let _ = std::fs::write(dir.join("inet_db.beam"), "FOR1");
    for command in ["elixir --version", "mix --version"] {
        if level(command) == ReadOnly {
            wrong.push(format!("{command} beside inet_db.beam: read-only"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "misclassified:\n{}", wrong.join("\n"));
}

/// The fourth pass (`bench/catalog/devtools.tsv`): build-flag printers, compilers' information
/// modes, checkers and formatters to standard output, configuration checkers and Python tools,
/// each reading form read-only and its nearest writing form (an output option, a file operand
/// written beside, a form without `--dry-run`) or a form left out not.
#[test]
fn devtools_reading_forms() {
    assert_levels(&[
        ("llvm-config --cflags --ldflags", ReadOnly),
        ("llvm-config --libs core", ReadOnly),
        ("mariadb_config --libs", ReadOnly),
        ("mysql_config --cflags --include", ReadOnly),
        ("ncursesw6-config --libs", ReadOnly),
        ("python3-config --includes --ldflags --embed", ReadOnly),
        ("python3.11-config --extension-suffix", ReadOnly),
        ("pcre2-config --libs8", ReadOnly),
        ("nspr-config --libs", ReadOnly),
        ("cob-config --cflags", ReadOnly),
        (
            "uuidparse -J 1b4e28ba-2fa1-11d2-883f-0016d3cca427",
            ReadOnly,
        ),
        ("dpkg-architecture -L", ReadOnly),
        ("gdc --version", ReadOnly),
        ("gdc -dumpmachine", ReadOnly),
        ("gfortran -print-search-dirs", ReadOnly),
        ("cobc --info", ReadOnly),
        ("gplc --version", ReadOnly),
        ("valac --api-version", ReadOnly),
        ("swig4.0 -version", ReadOnly),
        ("opt --help-list", ReadOnly),
        ("llvm-as -o - m.ll", ReadOnly),
        ("llvm-as -o=- m.ll", ReadOnly),
        ("llvm-as < m.ll", ReadOnly),
        ("llvm-as-14 -o - m.ll", ReadOnly),
        ("sparse -Iinclude -Wsparse-all -D X=1 src/main.c", ReadOnly),
        ("lacheck doc.tex", ReadOnly),
        ("uncrustify -q -c - -f src/main.c", ReadOnly),
        (
            "uncrustify -f src/main.c -l C --set indent_columns=4",
            ReadOnly,
        ),
        ("uncrustify --check -c - src/main.c a.c", ReadOnly),
        ("uncrustify --show-config", ReadOnly),
        ("named-checkzone example.com example.com.zone", ReadOnly),
        ("named-checkzone -D -F text -j example.com z.zone", ReadOnly),
        ("named-checkconf -z named.conf", ReadOnly),
        ("named-checkconf -p -x", ReadOnly),
        ("glib-compile-schemas --strict --dry-run schemas", ReadOnly),
        (
            "systemd-analyze calendar --iterations=2 'Mon *-*-* 09:00:00'",
            ReadOnly,
        ),
        ("systemd-analyze timespan 1h 30min", ReadOnly),
        ("systemd-analyze --no-pager timestamp now", ReadOnly),
        ("chardetect --minimal README.md docs/guide.md", ReadOnly),
        ("symilar -i --duplicates=2 a.py b.py", ReadOnly),
        ("pyflakes3 src/app tests.py", ReadOnly),
        ("apr-1-config --cflags --includes", ReadOnly),
        ("sdl2-config --libs", ReadOnly),
        ("gsl-config --libs-without-cblas", ReadOnly),
        ("pcap-config --static --libs", ReadOnly),
        ("gccgo -dumpversion", ReadOnly),
        ("gnatmake --version", ReadOnly),
        ("astyle --dry-run --style=kr src/main.c", ReadOnly),
        ("astyle --dry-run -A2 -s4 --recursive 'src/*.c'", ReadOnly),
        ("astyle --style=kr < src/main.c", ReadOnly),
        ("astyle --stdin=src/main.c --style=gnu", ReadOnly),
        ("astyle --version", ReadOnly),
        ("csvclean -n bad.csv", ReadOnly),
        ("csvclean --dry-run -d ';' data.csv", ReadOnly),
        ("aclocal --print-ac-dir", ReadOnly),
        ("csvclean bad.csv", Write),
        ("aclocal --print-ac-dir -I m4", Write),
        // The nearest writing forms and the forms left out.
        ("astyle --style=kr src/main.c", Write),
        ("astyle --stdout=out.c --stdin=src/main.c", Unknown),
        ("astyle --html", Unknown),
        ("indent -st -o out.c src/main.c", Unknown),
        ("indent -kr src/main.c", Write),
        ("php-config --includes", Unknown),
        ("cups-config --cflags", Unknown),
        ("ldc2 --version", Unknown),
        ("fpc -iV", Unknown),
        ("gccgo --target-help", Unknown),
        ("llvm-as m.ll", Write),
        ("llvm-as -o out.bc m.ll", Write),
        ("llvm-as --data-layout=e -o - m.ll", Unknown),
        ("uncrustify -c - src/main.c", Write),
        ("uncrustify -f --check src/main.c", Write),
        ("uncrustify -o out.c -f src/main.c", Unknown),
        ("uncrustify --replace --no-backup src/main.c", Unknown),
        ("uncrustify -p dbg.txt -f src/main.c", Unknown),
        ("uncrustify -F list.txt", Unknown),
        ("named-checkzone -o out.zone example.com z.zone", Unknown),
        ("named-checkconf -t /srv named.conf", Unknown),
        ("glib-compile-schemas schemas", Write),
        (
            "glib-compile-schemas --dry-run --targetdir=. schemas",
            Unknown,
        ),
        ("systemd-analyze verify x.service", Unknown),
        ("systemd-analyze blame", Unknown),
        ("systemd-analyze --root=/srv calendar daily", Unknown),
        ("sparse -o out src/main.c", Unknown),
        ("sparse -include x.h src/main.c", Unknown),
        ("gdc -fsyntax-only hello.d", Unknown),
        ("gdc --target-help", Unknown),
        ("gfortran --target-help", Unknown),
        ("cobc hello.cob", Unknown),
        ("opt -S -passes=dot-cfg m.ll -o -", Unknown),
        ("libgcrypt-config --libs", Unknown),
        ("krb5-config --libs", Unknown),
        ("dpkg-architecture -qDEB_HOST_MULTIARCH", Unknown),
        ("dpkg-buildflags --get CFLAGS", Unknown),
        // Read-only only in context (their configuration files): see below.
        ("chktex -q doc.tex", Unknown),
        ("indent -st -kr src/main.c", Unknown),
        ("chktex -o out.txt doc.tex", Unknown),
        ("chktex -l rc doc.tex", Unknown),
        ("haproxy -c -f haproxy.cfg", Unknown),
        ("clisp -q -norc -x '(+ 1 2)'", Unknown),
        ("symilar --bogus a.py b.py", Unknown),
    ]);
}

#[test]
fn printers_sorted_for_the_binary_search() {
    let mut sorted = super::PRINTERS.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(super::PRINTERS, sorted.as_slice());
}

/// In context: chardetect and symilar are Python scripts (the context reads the user's site
/// and PYTHON* variables for them); uncrustify reads its configuration (formatting settings).
#[test]
fn devtools_in_context() {
    let dir =
        std::env::temp_dir().join(format!("classify-catalog-devtools-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    let context = Context {
        cwd: dir.clone(),
        env: [("PATH", "/usr/bin:/bin"), ("HOME", "/nonexistent")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    let level = |command: &str| classify_in(command, &context).level;
    let mut wrong = Vec::new();
    for command in [
        "chardetect README.md",
        "uncrustify -c - -f main.c",
        "systemd-analyze calendar daily",
        "llvm-config --version --bindir",
    ] {
        if level(command) != ReadOnly {
            wrong.push(format!("{command}: {:?}", classify_in(command, &context)));
        }
    }
    // indent's profile and chktex's configuration files: read-only without them, not with one
    // (or with the variable that names one).
    for command in [
        "indent -st -kr main.c",
        "indent < main.c",
        "chktex -q doc.tex",
    ] {
        if level(command) != ReadOnly {
            wrong.push(format!(
                "{command} without a profile: {:?}",
                classify_in(command, &context)
            ));
        }
    }
    let _ = std::fs::write(dir.join(".indent.pro"), "-o out.c\n");
    let _ = std::fs::write(dir.join(".chktexrc"), "CmdLine { -o out.txt }\n");
    for command in ["indent -st -kr main.c", "chktex -q doc.tex"] {
        if level(command) == ReadOnly {
            wrong.push(format!(
                "{command} beside its configuration file: read-only"
            ));
        }
    }
    if level("indent -npro -st main.c") != ReadOnly {
        wrong.push("indent -npro -st beside .indent.pro: not read-only".to_string());
    }
    let _ = std::fs::remove_file(dir.join(".indent.pro"));
    let _ = std::fs::remove_file(dir.join(".chktexrc"));
    for (name, command) in [
        ("INDENT_PROFILE", "indent -st main.c"),
        ("CHKTEXRC", "chktex doc.tex"),
    ] {
        let mut context = Context {
            cwd: dir.clone(),
            env: context.env.clone(),
        };
        context.env.insert(name.to_string(), "/srv/rc".to_string());
        if classify_in(command, &context).level == ReadOnly {
            wrong.push(format!("{command} with {name} set: read-only"));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "misclassified:\n{}", wrong.join("\n"));
}

/// The fifth pass (`bench/catalog/wholesale.tsv`): the executables of the packages behind round
/// 33's unknown programs, their reading forms read-only and their nearest writing forms not.
#[test]
fn wholesale_reading_forms() {
    assert_levels(&[
        ("mandoc -T lint widget.1", ReadOnly),
        ("mandoc -Tutf8 -Wwarning widget.1", ReadOnly),
        ("mandoc -mdoc -I os=Debian < w.7", ReadOnly),
        ("mandoc -a widget.1", Unknown),
        ("mandoc -O tag widget.1", Unknown),
        ("demandoc -w widget.1", ReadOnly),
        ("msoelim -I . widget.1", ReadOnly),
        ("soelim widget.1", ReadOnly),
        ("tbl t.ms", ReadOnly),
        ("preconv -e utf-8 widget.1", ReadOnly),
        ("grog -C t.ms widget.1", ReadOnly),
        ("grog --run t.ms", Unknown),
        ("recountdiff multi.diff", ReadOnly),
        ("unwrapdiff -v multi.diff", ReadOnly),
        ("espdiff multi.diff", Unknown),
        ("fc-query --format='%{family}\\n' font.ttf", ReadOnly),
        ("fc-validate -l en font.ttf", ReadOnly),
        ("fc-scan -b font.ttf", ReadOnly),
        ("fc-pattern -c sans", ReadOnly),
        ("fc-scan -y /srv font.ttf", Unknown),
        ("llvm-diff m.bc m2.bc", ReadOnly),
        ("llvm-extract --func=add -S m.bc -o -", ReadOnly),
        ("llvm-extract --func=add m.bc -o out.bc", Write),
        ("llvm-link m.bc m2.bc -o both.bc", Write),
        ("llvm-link -S m.bc m2.bc", ReadOnly),
        ("llvm-mc --show-encoding a.s", ReadOnly),
        ("llvm-mc a.s -o out.s", Write),
        ("llvm-mca -mcpu=x86-64 a.s", ReadOnly),
        ("llvm-mca-14 --timeline a.s", ReadOnly),
        ("llvm-mca a.s -o=out.txt", Write),
        ("obj2yaml o.o", ReadOnly),
        ("obj2yaml o.o -o out.yaml", Unknown),
        ("ocamldumpobj -noloc m.cmo", ReadOnly),
        ("ocamldumpobj -args more m.cmo", Unknown),
        ("pdfsig -no-ocsp doc.pdf", ReadOnly),
        ("pdfsig -nocert doc.pdf", ReadOnly),
        ("pdfsig doc.pdf", Unknown),
        ("pdfsig -dump doc.pdf", Unknown),
        ("pdfsig -no-ocsp doc.pdf signed.pdf", Unknown),
        ("gvpack -u g.dot h.dot", ReadOnly),
        ("gvpack -oout.dot g.dot", Unknown),
        ("xmlcatalog --noout catalog.xml file:///x.dtd", ReadOnly),
        ("xmlcatalog --noout --add public x y catalog.xml", Unknown),
        ("my_print_defaults mysqld client", ReadOnly),
        ("my_print_defaults --defaults-file=my.cnf client", ReadOnly),
        ("treeify accounts.txt", ReadOnly),
        ("treeify -o out.txt accounts.txt", Unknown),
        ("suspicious-source -d src", ReadOnly),
        (
            "glib-compile-resources --generate-dependencies w.gresource.xml",
            ReadOnly,
        ),
        ("glib-compile-resources w.gresource.xml", Write),
        (
            "glib-compile-resources --generate-dependencies --dependency-file=d w.gresource.xml",
            Write,
        ),
        ("appstreamcli validate --no-net w.metainfo.xml", ReadOnly),
        ("appstreamcli validate w.metainfo.xml", Unknown),
        ("appstreamcli refresh-cache", Unknown),
        ("redis-check-aof ok.aof", Unknown),
        ("highlight u.py", Write),
        ("highlight -O html --syntax=python u.py", Write),
        ("highlight -O ansi -o out.txt u.py", Unknown),
        ("highlight -O ansi --plug-in=p.lua u.py", Unknown),
        ("highlight -O ansi -s ./my.theme u.py", Unknown),
        ("source-highlight u.py", Write),
        ("source-highlight -i u.py -o out.html", Unknown),
        ("source-highlight --gen-references=inline -i u.py", Unknown),
        ("bean-doctor lex books.beancount", ReadOnly),
        ("bean-doctor context books.beancount 3", Unknown),
        ("bean-doctor roundtrip books.beancount", Unknown),
        ("bean-format -o out.beancount books.beancount", Unknown),
        ("bean-check books.beancount", Unknown),
        ("gresource list w.gresource", ReadOnly),
        (
            "gresource --section gresource extract w.gresource /w/style.css",
            ReadOnly,
        ),
        ("gresource extract w.gresource", Unknown),
        ("llvm-tblgen-14 --print-records r.td", ReadOnly),
        ("llvm-tblgen -I include r.td -o out.inc", Write),
        ("llvm-tblgen -d deps.d r.td", Unknown),
        ("diagtool-14 list-warnings", ReadOnly),
        ("diagtool-14 show-enabled -Wall x.c", Unknown),
        ("hmac256 key go.mod", ReadOnly),
        ("hmac256 --binary key go.mod", Unknown),
        ("c_count main.c", ReadOnly),
    ]);
}

/// gvpack's plugins, as dot's: GVBINDIR set leaves it unknown in context.
#[test]
fn wholesale_in_context() {
    let dir =
        std::env::temp_dir().join(format!("classify-catalog-wholesale-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::create_dir_all(&dir);
    let mut context = Context {
        cwd: dir.clone(),
        env: [("PATH", "/usr/bin:/bin"), ("HOME", "/nonexistent")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    let mut wrong = Vec::new();
    for command in [
        "gvpack -u g.dot",
        "mandoc -T lint widget.1",
        "tbl t.ms",
        "highlight -O ansi --syntax=python u.py",
        "source-highlight -s python -f esc -i u.py",
        "bean-format books.beancount",
        "treeify accounts.txt",
    ] {
        if classify_in(command, &context).level != ReadOnly {
            wrong.push(format!("{command}: {:?}", classify_in(command, &context)));
        }
    }
    context
        .env
        .insert("GVBINDIR".to_string(), "/srv/plugins".to_string());
    if classify_in("gvpack -u g.dot", &context).level == ReadOnly {
        wrong.push("gvpack with GVBINDIR set: read-only".to_string());
    }
    for (name, command) in [
        ("HIGHLIGHT_DATADIR", "highlight -O ansi u.py"),
        ("HIGHLIGHT_OPTIONS", "highlight -O ansi u.py"),
        ("SOURCE_HIGHLIGHT_DATADIR", "source-highlight -i u.py"),
    ] {
        let mut context = Context {
            cwd: dir.clone(),
            env: context.env.clone(),
        };
        context.env.insert(name.to_string(), "/srv/x".to_string());
        if classify_in(command, &context).level == ReadOnly {
            wrong.push(format!("{command} with {name} set: read-only"));
        }
    }
    let home = dir.join("home");
    let _ = std::fs::create_dir_all(home.join(".source-highlight"));
    let _ = std::fs::write(
        home.join(".source-highlight/source-highlight.conf"),
        "datadir = \"/srv\"\n",
    );
    context
        .env
        .insert("HOME".to_string(), home.display().to_string());
    if classify_in("source-highlight -i u.py", &context).level == ReadOnly {
        wrong.push("source-highlight beside its configuration: read-only".to_string());
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "misclassified:\n{}", wrong.join("\n"));
}

#[test]
fn modes_and_aliases_sorted_for_the_binary_search() {
    let modes: Vec<&str> = super::MODES.iter().map(|m| m.spec.names[0]).collect();
    let mut sorted = modes.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(modes, sorted);
    let aliases: Vec<&str> = super::ALIASES.iter().map(|(n, _)| *n).collect();
    let mut sorted = aliases.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(aliases, sorted);
}

#[test]
fn sixth_pass_reading_forms() {
    assert_levels(&[
        // (a) the packages behind round 34's unknown programs
        ("pixz -l w.tpxz", ReadOnly),
        ("pixz -l -i w.tpxz", ReadOnly),
        ("pixz w.tpxz", Write),
        ("pixz -d w.tpxz out.tar", Unknown),
        ("pixz -l -o out w.tpxz", Unknown),
        ("uuencode a.txt a.txt", ReadOnly),
        ("uuencode -m a.txt name", ReadOnly),
        ("metaflac --list --block-type=STREAMINFO t.flac", ReadOnly),
        ("metaflac --show-tag=TITLE --no-filename t.flac", ReadOnly),
        ("metaflac --set-tag=A=b t.flac", Unknown),
        ("metaflac --export-tags-to=tags.txt t.flac", Unknown),
        ("flac -t t.flac", Write),
        ("ogginfo -q t.ogg", ReadOnly),
        ("vorbiscomment -l t.ogg", ReadOnly),
        ("vorbiscomment -l -R -e t.ogg", ReadOnly),
        ("vorbiscomment -l -c c.txt t.ogg", Unknown),
        ("vorbiscomment -a -t A=b t.ogg", Unknown),
        ("vorbiscomment t.ogg", ReadOnly),
        ("djpeg -pnm p.jpg", ReadOnly),
        ("djpeg -scale 1/2 -grayscale p.jpg", ReadOnly),
        ("djpeg -outfile out.ppm p.jpg", Unknown),
        ("djpeg -icc out.icc p.jpg", Unknown),
        ("cjpeg -quality 50 p.ppm", ReadOnly),
        ("jpegtran -rotate 90 -copy none p.jpg", ReadOnly),
        ("jpegtran -outfile o.jpg p.jpg", Unknown),
        ("rdjpgcom -verbose p.jpg", ReadOnly),
        ("jpegoptim --noaction p.jpg", ReadOnly),
        ("jpegoptim -n -m50 --strip-all p.jpg", ReadOnly),
        ("jpegoptim p.jpg", Write),
        ("jpegoptim -n -d out p.jpg", Unknown),
        ("optipng -simulate p.png", ReadOnly),
        ("optipng -simulate -o7 -quiet p.png", ReadOnly),
        ("optipng p.png", Write),
        ("optipng -simulate -log o.log p.png", Unknown),
        ("optipng -simulate -out o.png p.png", Unknown),
        ("webpinfo -summary p.webp", ReadOnly),
        ("webpmux -info p.webp", ReadOnly),
        ("webpmux -get icc p.webp -o out.icc", Unknown),
        ("podselect -section SYNOPSIS w.pod", ReadOnly),
        ("podselect -man w.pod", Unknown),
        ("podspell w.pod", ReadOnly),
        ("install-info --dry-run w.info dir", ReadOnly),
        ("install-info --test --remove w.info dir", ReadOnly),
        ("install-info w.info dir", Write),
        ("htpasswd -nbB user secret", ReadOnly),
        ("htpasswd -n user", ReadOnly),
        ("htdbm -nb u pw", ReadOnly),
        ("htdbm -b db u pw", Unknown),
        ("htpasswd -cb pw u x", Unknown),
        ("htpasswd -b pw u x", Unknown),
        (
            "glib-mkenums --vprod '@VALUENAME@ @valuenick@\\n' e.h",
            ReadOnly,
        ),
        ("glib-mkenums --output out.c e.h", Unknown),
        ("glib-genmarshal --header --prefix w m.list", ReadOnly),
        ("glib-genmarshal --body --output out.c m.list", Unknown),
        ("gobject-query tree", ReadOnly),
        ("llvm-stress -size 5 -seed 1", ReadOnly),
        ("llvm-stress-14 -size 5 -seed 1", ReadOnly),
        ("llvm-stress -o out.ll", Write),
        ("FileCheck-14 chk.txt", ReadOnly),
        (
            "FileCheck --input-file=out.txt --check-prefix=A chk.txt",
            ReadOnly,
        ),
        ("FileCheck --load=x.so chk.txt", Unknown),
        ("clang-tidy-14 --list-checks -checks='bugprone-*'", ReadOnly),
        ("clang-tidy --dump-config", ReadOnly),
        ("clang-tidy --list-checks src/a.c", Unknown),
        ("clang-tidy --fix src/a.c", Unknown),
        ("clang-tidy --list-checks --load=p.so", Unknown),
        ("gcov-dump o.gcno", ReadOnly),
        ("gcov-dump -l -p o.gcda", ReadOnly),
        ("gnatkr widget_configuration_loader.adb 8", ReadOnly),
        ("gnatls -v", ReadOnly),
        ("apt-ftparchive packages debs", ReadOnly),
        ("apt-ftparchive --md5 sources debs", ReadOnly),
        ("apt-ftparchive --db cache.db packages debs", Unknown),
        ("apt-ftparchive generate conf", Unknown),
        ("apt-ftparchive -o Dir=x packages debs", Unknown),
        ("apt-sortpkgs P", ReadOnly),
        ("apt-sortpkgs -o Dir=x P", Unknown),
        ("python_count src/a.py src/b.py", ReadOnly),
        ("perl_count 'x|'", Unknown),
        ("python_count '>a.py'", Unknown),
        ("python_count -f list", Unknown),
        ("sql_count a.sql", Unknown),
        ("svnauthz validate authz", ReadOnly),
        ("svnauthz accessof authz --path / --username a", ReadOnly),
        ("svnauthz accessof file:///srv/repo/authz", Unknown),
        ("merge -p mine base theirs", ReadOnly),
        ("merge -p -L a -L b -L c mine base theirs", ReadOnly),
        ("merge mine base theirs", Write),
        ("zipsplit -t -n 100000 w.zip", ReadOnly),
        ("zipsplit -n 100000 w.zip", Write),
        ("ccache -s", ReadOnly),
        ("ccache --show-config", ReadOnly),
        ("ccache -z", Unknown),
        ("dulwich log", ReadOnly),
        ("dulwich commit -m x", Unknown),
        ("chicken-status", ReadOnly),
        ("chicken-status -f", ReadOnly),
        ("moar --version", ReadOnly),
        ("kpt version", ReadOnly),
        // (b) versioned and variant names read as their plain name
        // gnuplot runs ~/.gnuplot first: without the context, unknown as gnuplot is.
        ("gnuplot-nox -e 'print 2**10'", Unknown),
        ("guile-3.0 --version", ReadOnly),
        ("valac-0.56 --version", ReadOnly),
        ("gdc-12 --version", ReadOnly),
        ("gdc-12 -fsyntax-only h.d", Unknown),
        ("gnatls-12 -v", ReadOnly),
        ("ocamlc.opt -i m.ml", ReadOnly),
        ("tiffinfo -s a.tif", ReadOnly),
        ("tiffcmp -t a.tif b.tif", ReadOnly),
        ("tiffcp a.tif c.tif", Unknown),
        // other programs that merely share a prefix keep their own verdict
        ("go-12 build", Unknown),
        ("luarocks-5.1 list", Unknown),
        ("scheme-script s.ss", Unknown),
    ]);
}

#[test]
fn sixth_pass_in_context() {
    let dir = std::env::temp_dir().join(format!("classify-catalog-sixth-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = dir.join("bin");
    let _ = std::fs::create_dir_all(&bin);
    let mut context = Context {
        cwd: dir.clone(),
        env: [("PATH", "/usr/bin:/bin"), ("HOME", "/nonexistent")]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    };
    let mut wrong = Vec::new();
    for command in [
        "apt-sortpkgs P",
        "htpasswd -nbB user secret",
        "merge -p a b c",
        "gnuplot-nox -e 'print 2**10'",
    ] {
        if classify_in(command, &context).level != ReadOnly {
            wrong.push(format!("{command}: {:?}", classify_in(command, &context)));
        }
    }
    // An alias is its plain name's program only where both are one file: a `guile-3.0` of its
    // own first on PATH (beside the system's `guile`) is another program.
    if std::path::Path::new("/usr/bin/guile-3.0").exists()
        && classify_in("guile-3.0 --version", &context).level != ReadOnly
    {
        wrong.push("guile-3.0 --version on the system's PATH: not read-only".to_string());
    }
    let fake = bin.join("guile-3.0");
    let _ = std::fs::write(&fake, "#!/bin/sh\ntouch RAN\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let _ = std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755));
    }
    if std::path::Path::new("/usr/bin/guile").exists() {
        let planted = Context {
            cwd: dir.clone(),
            env: [
                ("PATH", format!("/srv/none:{}:/usr/bin:/bin", bin.display())),
                ("HOME", "/nonexistent".to_string()),
            ]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
        };
        if classify_in("guile-3.0 --version", &planted).level == ReadOnly {
            wrong.push("a guile-3.0 of its own on PATH: read-only".to_string());
        }
    }
    context
        .env
        .insert("APT_CONFIG".to_string(), "/srv/apt.conf".to_string());
    if classify_in("apt-ftparchive packages debs", &context).level == ReadOnly {
        wrong.push("apt-ftparchive with APT_CONFIG set: read-only".to_string());
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "misclassified:\n{}", wrong.join("\n"));
}

#[test]
fn seventh_pass_reading_forms() {
    assert_levels(&[
        // (a) the packages behind round 35's unknown programs
        ("haddock --version", ReadOnly),
        ("hpc version", ReadOnly),
        ("hsc2hs --version", ReadOnly),
        ("hpc report t.tix", Unknown),
        ("nqp --version", ReadOnly),
        ("nqp -e 'say(1)'", Unknown),
        ("petite --version", ReadOnly),
        ("petite --script s.ss", Unknown),
        ("vvp -V", ReadOnly),
        ("vvp a.out", Unknown),
        ("coqwc -p t.v", ReadOnly),
        ("coqdep t.v", ReadOnly),
        ("coqdep -f _CoqProject", Unknown),
        ("cg_annotate --auto=yes --threshold=1 cg.out", ReadOnly),
        ("cg_annotate -I src cg.out m.c", ReadOnly),
        ("cg_diff cg.out cg2.out", ReadOnly),
        ("cg_diff --mod-filename='s/x/y/' cg.out cg2.out", Unknown),
        ("ms_print ms.out", Unknown),
        ("pngfix --optimize --strip=all p.png", ReadOnly),
        ("pngfix --out=o.png p.png", Unknown),
        ("pngfix --suffix=.x p.png", Unknown),
        ("join-dctrl -j Package a.ctl b.ctl", ReadOnly),
        (
            "join-dctrl -a 1 -o 1.Package -j Package a.ctl b.ctl",
            ReadOnly,
        ),
        ("inotifywait -t 1 -q -e modify README.md", ReadOnly),
        ("inotifywait -m -r --format '%w%f' src", ReadOnly),
        ("inotifywait -t 1 -o events.log notes.txt", Unknown),
        ("inotifywait -d -o events.log notes.txt", Unknown),
        ("inotifywatch -t 1 -e modify notes.txt", ReadOnly),
        ("fsnotifywait -t 1 -e modify notes.txt", ReadOnly),
        ("fsnotifywait -o events.log notes.txt", Unknown),
        (
            "callgrind_annotate --inclusive=yes --tree=caller callgrind.out.1",
            ReadOnly,
        ),
        (
            "callgrind_annotate --dump-instr=yes callgrind.out.1",
            Unknown,
        ),
        ("png-fix-itxt < in.png", ReadOnly),
        ("coqc --version", ReadOnly),
        ("coqc t.v", Unknown),
        ("coqtop --version", ReadOnly),
        ("chezscheme --version", ReadOnly),
        ("nqp-m --version", ReadOnly),
        // (c) the brief's toolchains installed for this pass
        ("stack --numeric-version", ReadOnly),
        ("stack path", Unknown),
        ("dune --help", ReadOnly),
        ("dune rules", Unknown),
        ("cabal --help", ReadOnly),
        // splain is left: without the context a PERL5LIB of the environment is not seen
        // (round 35's `r35-env-perl5lib-splain-shadow`).
        ("echo 'Use of uninitialized value' | splain", Unknown),
        ("llc-14 -o - h.ll", ReadOnly),
        (
            "llc-14 -O2 -mtriple=x86_64-pc-linux-gnu -o - h.ll",
            ReadOnly,
        ),
        ("llc -filetype=obj -o - h.ll", ReadOnly),
        ("llc-14 h.ll", Write),
        ("llc -o h.s h.ll", Write),
        ("llc -load ./p.so -o - h.ll", Unknown),
        ("opt-14 -S -passes=mem2reg h.ll -o -", ReadOnly),
        ("opt -S -passes=mem2reg,instcombine h.ll", ReadOnly),
        ("opt -S -passes 'default<O2>' h.ll", ReadOnly),
        ("opt -S -O2 h.ll", ReadOnly),
        ("opt -S -passes=dot-cfg h.ll -o -", Unknown),
        ("opt -S -passes=view-cfg h.ll", Unknown),
        ("opt -S -passes='function(mem2reg)' h.ll", Unknown),
        ("opt -S -passes=mem2reg h.ll -o o.ll", Write),
        ("opt -load-pass-plugin=./p.so -passes=mem2reg h.ll", Unknown),
        ("lli-14 h.ll", Unknown),
        // (b) the names that read their own name (`catalog::SIBLINGS`)
        ("zstdmt -t -q f.zst", ReadOnly),
        ("zstdmt f", Write),
        ("unpigz -t f.gz", ReadOnly),
        ("unpigz -c f.gz", ReadOnly),
        ("unpigz f.gz", Write),
        ("lz4c -t f.lz4", ReadOnly),
        ("lz4c -c0 notes.txt", Unknown),
        ("lz4c -hc notes.txt", Unknown),
        ("lz4c -tc1 notes.txt", Unknown),
        ("lz4c -y -d f.lz4 f", Unknown),
        // left: their own files (gofmt-12 is gccgo's, gem3.1 ruby3.1's), or code run
        ("gofmt-12 -l .", Unknown),
        ("gem3.1 list --local", Unknown),
        ("rake3.1 -T", Unknown),
        ("c-index-test-14 -test-load-source local x.c", Unknown),
    ]);
}

#[test]
fn seventh_pass_in_context() {
    let dir = std::env::temp_dir().join(format!("classify-catalog-seventh-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let bin = dir.join("bin");
    let _ = std::fs::create_dir_all(&bin);
    let with_path = |path: String| Context {
        cwd: dir.clone(),
        env: [("PATH", path), ("HOME", "/nonexistent".to_string())]
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    };
    let system = with_path("/usr/bin:/bin".to_string());
    let mut wrong = Vec::new();
    let mut expect = |command: &str, context: &Context, read_only: bool, why: &str| {
        let got = classify_in(command, context);
        if (got.level == ReadOnly) != read_only {
            wrong.push(format!("{command} ({why}): {:?}", got));
        }
    };
    if std::path::Path::new("/usr/bin/zstdmt").exists() {
        expect("zstdmt -t -q f.zst", &system, true, "one file with zstd");
    }
    if std::path::Path::new("/usr/bin/unpigz").exists() {
        expect("unpigz -t f.gz", &system, true, "a hard link of pigz");
    }
    #[cfg(unix)]
    if std::path::Path::new("/usr/bin/zstd").exists() {
        use std::os::unix::fs::{symlink, PermissionsExt};
        let planted = with_path(format!("{}:/usr/bin:/bin", bin.display()));
        // Rule (b) made general: a versioned name of a known program, one file with it.
        let _ = symlink("/usr/bin/zstd", bin.join("zstd-9"));
        expect("zstd-9 -t f.zst", &planted, true, "zstd-9 -> zstd");
        expect("zstd-9 -t f.zst", &system, false, "zstd-9 not on PATH");
        expect("zstd-9 f", &planted, false, "zstd's writing form");
        // A digit joined to the name may be a mode (`ping4`): the file must be named so.
        let _ = symlink("/usr/bin/zstd", bin.join("zstd9"));
        expect(
            "zstd9 -t f.zst",
            &planted,
            false,
            "zstd9 -> zstd, no separator",
        );
        // Another file, and a name read as its own program's, planted ahead on PATH.
        for name in ["zstd-8", "zstdmt"] {
            let fake = bin.join(name);
            let _ = std::fs::write(&fake, "#!/bin/sh\ntouch RAN\n");
            let _ = std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755));
        }
        expect("zstd-8 -t f.zst", &planted, false, "a zstd-8 of its own");
        expect("zstdmt -t f.zst", &planted, false, "a zstdmt of its own");
        expect(
            "zstd-9 -t f.zst",
            &without_known(&planted),
            false,
            "no zstd beside it",
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(wrong.is_empty(), "misclassified:\n{}", wrong.join("\n"));
}

/// `context` with a PATH on which only the planted directory is left.
fn without_known(context: &Context) -> Context {
    let mut c = Context {
        cwd: context.cwd.clone(),
        env: context.env.clone(),
    };
    let first = c
        .env
        .get("PATH")
        .and_then(|p| p.split(':').next())
        .unwrap_or("")
        .to_string();
    c.env.insert("PATH".to_string(), first);
    c
}
