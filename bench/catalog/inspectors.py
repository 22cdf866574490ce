#!/usr/bin/python3
"""The inspectors' forms (second pass of issue 44): every option of every reading grammar the
catalog gives an inspector (catalog.rs: the getopt-style SPECS after "The inspectors", and
GRAMMARS), each as one form on a sample input, for tracer.py --forms.

    python3 bench/catalog/inspectors.py > bench/catalog/inspectors.tsv
    python3 bench/catalog/inspectors.py --decide inspectors.jsonl > inspectors-decisions.tsv

A flag is run as `P [MODE] FLAG INPUT`, an option with a value as `P [MODE] OPTION VALUE INPUT`
(LLVM's as `--name=VALUE`), with the values of VALUES (else a plain word). Each program also runs
on its input alone, and in the nearest writing form the grammar leaves out (WRITING), which the
trace must show writing. The JDK's tools run with `-J-XX:-UsePerfData` (their Java VM's
/tmp/hsperfdata file is the classifier's PerfData finding, traced once without it)."""
import json, os, re, sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
SRC = os.path.join(HERE, "..", "..", "src", "commands", "classify", "catalog.rs")
NO_PERF = "-J-XX:-UsePerfData"

# The input each program reads (samples.sh's files), after its options (llvm-objdump's with an
# action: its other options only modify one).
INPUT = {
    "llvm-nm": "main.o", "llvm-objdump": "-d main.o", "llvm-readelf": "widget", "llvm-readobj": "main.o",
    "llvm-size": "main.o libw.a", "llvm-strings": "main.o", "llvm-cxxfilt": "_Z5twicei",
    "llvm-bcanalyzer": "main.bc", "llvm-cxxdump": "main.o", "llvm-dis": "-o - main.bc",
    "llvm-dwarfdump": "main.o", "llvm-undname": "'?x@@3HA'", "llvm-profdata show": "default.profdata",
    "llvm-cov export": "covered --instr-profile=default.profdata",
    "llvm-cov report": "covered --instr-profile=default.profdata",
    "llvm-cov show": "covered --instr-profile=default.profdata main.c",
    "jdeprscan": "app.jar", "jdeps": "app.jar", "jfr metadata": "rec.jfr", "jfr print": "rec.jfr",
    "jfr summary": "rec.jfr", "jimage info": "/usr/lib/jvm/java-17-openjdk-amd64/lib/modules",
    "jimage list": "/usr/lib/jvm/java-17-openjdk-amd64/lib/modules",
    "jimage verify": "/usr/lib/jvm/java-17-openjdk-amd64/lib/modules",
    "jmod describe": "app.jmod", "jmod list": "app.jmod", "jps": "", "serialver": "com.example.App",
    "ocamlfind list": "", "ocamlfind printconf": "", "ocamlfind query": "findlib",
    "ocamlobjinfo": "calc.cmo",
}
# Values for the options that take one (by option name; a plain word otherwise).
VALUES = {
    "format": "bsd", "f": "bsd", "radix": "x", "t": "x", "arch": "x86_64", "arch-name": "x86-64",
    "section": ".text", "j": ".text", "hex-dump": ".text", "x": ".text", "string-dump": ".comment",
    "p": ".comment", "elf-output-style": "GNU", "bytes": "4", "n": "4", "adjust-vma": "0x10",
    "debug-vars-indent": "2", "disassemble-symbols": "main", "disassembler-options": "intel",
    "M": "intel", "dwarf": "frames", "mattr": "help", "mcpu": "generic", "prefix": "/nonexistent",
    "prefix-strip": "1", "start-address": "0x0", "stop-address": "0x40", "triple": "x86_64-linux-gnu",
    "x86-asm-syntax": "intel", "dis-symname": "main", "dsym": "none.dSYM",
    "find": "twice", "lookup": "0x0", "name": "twice", "parent-recurse-depth": "1",
    "recurse-depth": "1", "r": "1", "block-info": "main.bc", "check-hash": "x", "o": "-",
    "instr-profile": "default.profdata", "object": "covered", "ignore-filename-regex": "none",
    "compilation-dir": ".", "path-equivalence": "/a,/b", "num-threads": "1",
    "line-coverage-gt": "0", "line-coverage-lt": "100", "region-coverage-gt": "0",
    "region-coverage-lt": "100", "name-regex": "tw.*", "name-allowlist": "notes.txt",
    "project-title": "p", "tab-size": "4", "show-branches": "count", "debug-info": "main.o",
    "detailed-summary-cutoffs": "800000", "function": "main", "topn": "3", "value-cutoff": "0",
    "raw-file": "notes.txt", "llvm-size:format": "sysv", "llvm-size:radix": "16",
    "llvm-cov:format": "text", "llvm-cov:j": "1",
    "--class-path": "app.jar", "-cp": "app.jar", "-classpath": "app.jar", "--release": "11",
    "--module-path": "app.jmod", "--upgrade-module-path": "app.jmod",
    "--system": "/usr/lib/jvm/java-17-openjdk-amd64", "--add-modules": "java.base",
    "--multi-release": "17", "-m": "java.base", "--module": "java.base", "--check": "java.base",
    "-p": "java.lang", "-package": "java.lang", "--package": "java.lang", "-e": "java.*",
    "-regex": "java.*", "--regex": "java.*", "--require": "java.base", "-f": "java.*",
    "-filter": "java.*", "-include": "com.*", "--categories": "GC", "--events": "CPULoad",
    "--stack-depth": "3", "--include": "*.class", "-predicates": "byte", "-format": "%p",
    "-separator": ",", "-prefix": "[", "-suffix": "]",
}
# The nearest writing form of each family, which the grammar leaves out: traced to show it writes.
WRITING = [
    ("llvm-dis", "main.bc"), ("llvm-dis", "-o out.ll main.bc"), ("llvm-dwarfdump", "-o=out.txt main.o"),
    ("llvm-profdata", "show --output=out.txt default.profdata"),
    ("llvm-cov", "show --output-dir=report covered --instr-profile=default.profdata"),
    ("llvm-ar", "x libw.a"), ("llvm-ar", "rc libnew.a main.o"),
    ("jdeps", NO_PERF + " --dot-output dot app.jar"), ("jdeps", "-summary app.jar"),
    ("jimage", NO_PERF + " extract --dir ex /usr/lib/jvm/java-17-openjdk-amd64/lib/modules"),
    ("jmod", NO_PERF + " extract --dir ex app.jmod"), ("jfr", NO_PERF + " disassemble --output dis rec.jfr"),
    ("ocamlfind", "ocamlc -c calc.ml"),
]
# Programs traced and left unknown (README): their reading form, to show why.
LEFT = [
    ("jdeprscan", NO_PERF + " app.jar"), ("jdeprscan", NO_PERF + " --for-removal app.jar"),
    ("serialver", NO_PERF + " -classpath app.jar com.example.App"),
]
# Forms beyond one option at a time: the archive operations, jps's clusters.
EXTRA = [
    ("llvm-ar", "t libw.a"), ("llvm-ar", "tv libw.a"), ("llvm-ar", "tO libw.a"), ("llvm-ar", "p libw.a"),
    ("llvm-ar", "pv libw.a w.o"), ("llvm-ar", "-t libw.a"),
    ("llvm-nm", "widget"), ("llvm-nm", "libw.a"), ("llvm-objdump", "-d widget"), ("llvm-objdump", "-t libw.a"),
    ("llvm-readobj", "widget"), ("llvm-size", "widget"), ("llvm-strings", "widget"),
]


def spec_rows(text):
    """The getopt-style inspector SPECS: (names, short optstring, long list)."""
    part = text.split("The inspectors (second pass", 1)[1].split("];", 1)[0]
    for m in re.finditer(r'spec\(&\[([^\]]*)\],\s*"([^"]*)",\s*"([^"]*)"\)', part, re.S):
        names = re.findall(r'"([^"]+)"', m.group(1))
        yield names, m.group(2), m.group(3).split()


def value(program, name):
    return VALUES.get(f"{program}:{name}", VALUES.get(name, "x"))


def main():
    text = open(SRC).read()
    out = []
    for names, short, longs in spec_rows(text):
        for p in names:
            inp = INPUT[p]
            out.append((p, inp))
            for c, takes in re.findall(r"([A-Za-z0-9_])(:?)", short):
                v = value(p, c)
                out.append((p, f"-{c} {v} {inp}" if takes else f"-{c} {inp}"))
            for l in longs:
                if l.endswith("="):
                    n = l[:-1]
                    out.append((p, f"--{n}={value(p, n)} {inp}"))
                elif l.endswith("?"):
                    out.append((p, f"--{l[:-1]} {inp}"))
                else:
                    out.append((p, f"--{l} {inp}"))
    consts = dict(re.findall(r'const (\w+): &str = "([^"]*)";', text))
    word = lambda v: v.strip('"') if v.startswith('"') else consts[v]
    part = text.split("pub(super) const GRAMMARS", 1)[1].split("\n];", 1)[0]
    call = re.compile(r'(llvm|exact)\("([^"]+)", "([^"]*)",\s*("[^"]*"|\w+),\s*("[^"]*"|\w+)\)', re.S)
    last = 0
    for m in call.finditer(part):
        style, program, mode, flags, values = m.groups()
        before = part[last:m.start()]
        last = m.end()
        # `Grammar { optional: "…", ..llvm(…) }`: the optional values precede the call.
        opt = re.search(r'optional: "([^"]*)"[^;]*$', before.rsplit("),", 1)[-1])
        optional = opt.group(1).split() if opt else []
        key = f"{program} {mode}".strip()
        inp = INPUT[key]
        pre = (mode + " ") if mode else ""
        jvm = NO_PERF + " " if style == "exact" and program.startswith(("j", "serialver")) else ""
        if program == "serialver":
            inp = "-classpath app.jar " + inp
        out.append((program, f"{jvm}{pre}{inp}".strip()))
        for f in word(flags).split():
            if style == "llvm":
                out.append((program, f"{pre}--{f} {inp}".strip()))
                if len(f) > 1:
                    out.append((program, f"{pre}-{f} {inp}".strip()))
            else:
                out.append((program, f"{jvm}{pre}{f} {inp}".strip()))
        for o in optional:
            out.append((program, f"{pre}--{o} {inp}".strip()))
            out.append((program, f"{pre}--{o}=0 {inp}".strip()))
        for v in word(values).split():
            if style == "llvm":
                out.append((program, f"{pre}--{v}={value(program, v)} {inp}".strip()))
                out.append((program, f"{pre}-{v} {value(program, v)} {inp}".strip()))
            else:
                out.append((program, f"{jvm}{pre}{v} {value(program, v)} {inp}".strip()))
    out += EXTRA + LEFT + WRITING
    print("# PROGRAM<TAB>FORM: every option of the inspectors' reading grammars (inspectors.py)")
    for p, f in dict.fromkeys(out):
        print(f"{p}\t{f}")


# What a form may do and still only read (decide.py's rules): glibc's nscd probe; HotSpot's stat
# of .hotspotrc and .hotspot_compiler in the working directory (a product VM only warns that they
# are ignored unless -XX:Flags / -XX:CompileCommandFile name them).
HOTSPOT_LOOKS = {".hotspotrc", ".hotspot_compiler", "/tmp/p/.hotspotrc", "/tmp/p/.hotspot_compiler"}


def problems(r):
    out = []
    if r["outcome"] == "hangs":
        out.append("hangs")
    if r.get("writes"):
        out.append("writes " + r["writes"][0][:80])
    connects = [c for c in r.get("connects", []) if "/nscd/socket" not in c]
    if connects:
        out.append("connects " + connects[0][:80])
    if r.get("runs"):
        out.append("runs " + r["runs"][0])
    # The working directory itself (a default class path of ".") is not a configuration.
    looks = [l for l in r.get("looks", []) if l not in HOTSPOT_LOOKS and l.rstrip("/.") != "/tmp/p"]
    if looks:
        out.append("looks for " + looks[0])
    return out


def decide(path):
    """Per program (and mode): the forms traced, those that only read (status 0, or a failure
    that wrote nothing), and each form that did more; the writing forms (WRITING) must."""
    writing = {(p, f) for p, f in WRITING}
    rows = defaultdict(lambda: {"forms": 0, "clean": 0, "failed": 0, "bad": [], "writing": []})
    for line in open(path):
        r = json.loads(line)
        words = [w for w in r["form"].split() if w != NO_PERF]
        mode = words[0] if words and r["program"] in ("llvm-profdata", "llvm-cov", "jfr", "jimage", "jmod", "ocamlfind") else ""
        row = rows[(r["program"], mode)]
        bad = problems(r)
        if (r["program"], r["form"]) in writing:
            row["writing"].append(f"{r['form']}: {'; '.join(bad) or 'NOTHING SEEN'}")
            continue
        row["forms"] += 1
        if bad:
            row["bad"].append(f"{r['form']}: {'; '.join(bad)}")
        elif r["outcome"] == "fails":
            row["failed"] += 1
        else:
            row["clean"] += 1
    print("program\tmode\tforms\tread-only\tfailed, nothing done\tdid more\tthe writing forms left out")
    for (p, mode), row in sorted(rows.items()):
        print(f"{p}\t{mode}\t{row['forms']}\t{row['clean']}\t{row['failed']}\t{' | '.join(row['bad']) or '-'}\t{' | '.join(row['writing']) or '-'}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--decide"]:
        decide(sys.argv[2])
    else:
        main()
