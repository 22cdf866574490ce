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
