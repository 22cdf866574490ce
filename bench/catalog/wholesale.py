#!/usr/bin/python3
"""The fifth pass's forms (issue 44): the whole Debian packages behind round 33's unknown
programs, chosen by rule (README, "Fifth pass"): every option of every reading grammar
catalog.rs gives their executables, each as one form on a sample (wholesale-samples.sh), the
input alone, the nearest writing forms the grammars leave out (`WRITING`) and forms of the
programs left unknown (`LEFT`).

    bench/catalog/wholesale-samples.sh
    python3 bench/catalog/wholesale.py > bench/catalog/wholesale.tsv
    nice python3 bench/catalog/tracer.py --jobs 2 --timeout 20 --forms bench/catalog/wholesale.tsv \\
        --samples target/catalog-samples-wholesale --out bench/catalog/wholesale.jsonl
    python3 bench/catalog/wholesale.py --decide bench/catalog/wholesale.jsonl > bench/catalog/wholesale-decisions.tsv

The first pass's probe forms of every executable of those packages that the classifier did
not know (`--version`, `--help`, `-h`, `-V`, `FILE`, `< FILE`, the listing options their help
names) are in `wholesale-probe.jsonl` (`tracer.py --from wholesale-programs.txt`).
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import families  # noqa: E402

LLVM_HELP = ["--help", "--help-list", "--version"]

# (program, input the forms end with, flags, {option: value}), as families.py reads them.
GRAMMARS = [
    # mandoc 1.14.6 (package mandoc): formats manual pages to standard output.
    ("mandoc", "widget.1", ["-c", "-man", "-mdoc", "-Tascii", "-Tutf8", "-Tlint", "-Thtml", "-Tman", "-Tmarkdown", "-Ttree", "-Tlocale", "-Tpdf", "-Tps", "-Wall", "-Werror,stop", "-Wstyle"],
     {"-T": "utf8", "-W": "warning", "-I": "os=Debian", "-K": "utf-8"}),
    ("mandoc", "w.7", ["-T lint", "-mdoc -T ascii"], {}),
    ("mandoc", "< FILE", [], {}),
    ("demandoc", "widget.1", ["-w"], {}),
    ("msoelim", "widget.1", ["-C", "-r", "-t", "-v"], {"-I": "."}),
    # groff-base 1.22.4: tbl (gtbl's name), soelim, preconv, grog.
    ("tbl", "t.ms", ["-C", "-v", "--version", "--help"], {}),
    ("tbl", "< FILE", [], {}),
    ("soelim", "widget.1", ["-C", "-r", "-t", "-v"], {"-I": "."}),
    ("preconv", "widget.1", ["-d", "-r", "-v", "-h"], {"-e": "utf-8", "-D": "latin1"}),
    ("grog", "t.ms widget.1", ["-C", "--ligatures", "--warnings", "-v", "-h", "--version", "--help"], {}),
    # patchutils 0.4.2: the diff filters that print.
    ("recountdiff", "multi.diff", ["--help", "--version"], {}),
    ("recountdiff", "< FILE", [], {}),
    ("unwrapdiff", "multi.diff", ["-v", "--help", "--version"], {}),
    ("espdiff", "multi.diff", ["--deep-brainwave-mode", "--recurse", "--compare", "--help", "--version"], {}),
    ("dehtmldiff", "multi.diff", ["--help", "--version"], {}),
    ("rediff", "one.diff multi.diff", [], {}),
    ("interdiff", "one.diff multi.diff", ["-q", "-w"], {"-U": "1"}),
    ("combinediff", "one.diff multi.diff", [], {}),
    ("flipdiff", "one.diff multi.diff", [], {}),
    # poppler-utils 22.12: the printers of a PDF's facts.
    ("pdffonts", "doc.pdf", ["-subst", "-v", "-h", "-help", "--help", "-?"], {"-f": "1", "-l": "1", "-opw": "x", "-upw": "x"}),
    ("pdfsig", "doc.pdf", ["-nocert", "-no-ocsp", "-nocert -no-ocsp", "-v", "-h", "-help", "-?", "-list-nicks"], {"-nssdir": "home", "-opw": "x", "-upw": "x"}),
    ("pdfsig", "-no-ocsp doc.pdf", [], {}),
    ("pdfdetach", "-list doc.pdf", ["-v", "-h"], {"-enc": "UTF-8", "-opw": "x", "-upw": "x"}),
    ("pdfimages", "-list doc.pdf", ["-p", "-q", "-png", "-all"], {"-f": "1", "-l": "1", "-opw": "x", "-upw": "x"}),
    # fontconfig 2.14: a font file's patterns, validity and the configuration's files.
    ("fc-query", "font.ttf", ["-b", "--brief", "-V", "-h"], {"-i": "0", "--index": "0", "-f": "%{family}\\n", "--format": "%{file}"}),
    ("fc-validate", "font.ttf", ["-v", "--verbose", "-V", "-h"], {"-i": "0", "--index": "0", "-l": "en", "--lang": "fr"}),
    ("fc-scan", "font.ttf", ["-b", "--brief", "-V", "-h"], {"-f": "%{family}\\n", "--format": "%{file}"}),
    ("fc-pattern", "sans", ["-c", "-d", "--config", "--default", "-V", "-h"], {"-f": "%{family}\\n", "--format": "%{family}"}),
    ("fc-conflist", "", ["-V", "-h", "--version", "--help"], {}),
    ("fc-cat", "", ["-V", "-h", "-v", "-r"], {}),
    # LLVM 14 (package llvm-14): printers whose output is standard output unless -o names a file.
    ("llvm-diff", "m.bc m2.bc", ["--color", *LLVM_HELP], {}),
    ("llvm-diff", "m.ll m2.ll add", [], {}),
    ("llvm-extract", "-o - m.bc", ["-S", "--recursive", "--keep-const-init", "--delete", "-f", *LLVM_HELP], {"--func": "add", "--rfunc": "a.*", "--glob": "g", "--rglob": "g.*"}),
    ("llvm-extract", "--func=add -S m.bc", [], {}),
    ("llvm-link", "-S m.bc m2.bc", ["-o -", "--only-needed", "--internalize", "--suppress-warnings", "-v", "--disable-lazy-loading", "--color", *LLVM_HELP], {"--override": "m2.bc"}),
    ("llvm-mc", "a.s", ["--show-encoding", "--show-inst", "--show-inst-operands", "--print-imm-hex", "--as-lex", "--preserve-comments", "-o -", "--filetype=null", "--filetype=asm", *LLVM_HELP], {"--triple": "x86_64", "--mcpu": "x86-64", "--mattr": "+sse2", "--x86-asm-syntax": "intel", "--output-asm-variant": "1", "--arch": "x86-64"}),
    ("llvm-mc", "< FILE", [], {}),
    ("llvm-mca", "a.s", ["--all-stats", "--all-views", "--bottleneck-analysis", "--dispatch-stats", "--instruction-info", "--instruction-tables", "--json", "--register-file-stats", "--resource-pressure", "--retire-stats", "--scheduler-stats", "--show-encoding", "--timeline", "--noalias", "--print-imm-hex", "-o -", *LLVM_HELP],
     {"--mcpu": "x86-64", "--mtriple": "x86_64", "--march": "x86-64", "--iterations": "2", "--timeline-max-cycles": "10", "--timeline-max-iterations": "2", "--dispatch": "2", "--lqueue": "4", "--squeue": "4", "--register-file-size": "8", "--output-asm-variant": "1"}),
    ("obj2yaml", "o.o", ["--color", *LLVM_HELP], {}),
    ("obj2yaml", "m.bc", [], {}),
    # graphviz 2.42: the graph filters (cgraph) that print to standard output.
    ("gvpack", "g.dot h.dot", ["-u", "-g", "-n", "-v", "-array", "-array_c2", "-?"], {"-m": "8", "-s": "root", "-G": "label=x"}),
    ("tred", "g.dot", ["-v", "-?"], {}),
    ("acyclic", "g.dot", ["-n", "-v", "-?"], {}),
    ("nop", "g.dot", ["-p", "-?"], {}),
    ("sccmap", "g.dot", ["-s", "-S", "-d", "-v", "-?"], {}),
    ("unflatten", "g.dot", ["-f", "-?"], {"-l": "2", "-c": "2"}),
    ("bcomps", "g.dot", ["-s", "-t", "-v", "-x", "-?"], {}),
    ("ccomps", "g.dot", ["-s", "-v", "-e", "-n", "-C", "-x", "-z", "-?"], {"-X": "a"}),
    ("gvcolor", "g.dot", ["-?"], {}),
    # libxml2-utils 2.9.14: a catalog queried.
    ("xmlcatalog", "catalog.xml -//W//DTD\\ W//EN", ["--noout", "-v", "--verbose"], {}),
    ("xmlcatalog", "--noout catalog.xml file:///x.dtd", [], {}),
    # redis-tools 7.0: an append-only file and an RDB file checked.
    ("redis-check-aof", "ok.aof", [], {}),
    # mariadb-client-core 10.11: the option groups of the option files, printed.
    ("my_print_defaults", "mysqld client", ["--mysqld", "--mariadbd", "-n", "--no-defaults", "-v", "--verbose", "-V", "--version", "-?", "--help"], {"--defaults-file": "my.cnf", "--defaults-extra-file": "my.cnf", "--defaults-group-suffix": "_x"}),
    # beancount 2.3.5's treeify: a column of account names drawn as a tree.
    ("treeify", "accounts.txt", ["-F", "-A", "-h", "--help"], {"-r": "Assets.*", "--pattern": "Assets.*", "-d": " ", "--delimiter": " ", "-s": ":", "--split": ":", "--filler": "."}),
    ("treeify", "< FILE", [], {}),
    # ocaml 4.13: a bytecode file dumped.
    ("ocamldumpobj", "m.cmo", ["-noloc", "-reloc", "-help", "--help"], {}),
    # libglib2.0-dev-bin 2.74: a resource description's dependencies printed.
    ("glib-compile-resources", "--generate-dependencies w.gresource.xml", ["--generate-phony-targets", "--manual-register", "--internal", "--external-data"], {"--sourcedir": "."}),
    # appstream 0.16: a metainfo file validated without the network.
    *[("appstreamcli", f"validate --no-net {o} w.metainfo.xml".replace("  ", " "), [], {}) for o in ["", "--pedantic", "--explain", "--strict", "--format yaml", "--format text", "-h", "--help"]],
    # highlight 3.41: a source file coloured for a terminal (`-O ansi`, `xterm256`, `truecolor`:
    # the HTML and LaTeX formats write highlight.css or highlight.sty into the working
    # directory, traced).
    ("highlight", "-O ansi u.py", ["-S python", "--syntax=python", "-f", "--fragment", "-F kr", "--reformat=ansi", "-J 60", "--line-length=60", "-j 3", "--line-number-length=3", "-l", "--line-numbers", "-m 5", "--line-number-start=5", "-s zenburn", "--style=edit-vim", "-t 4", "--replace-tabs=4", "-u utf-8", "--encoding=utf-8", "-V", "--wrap-simple", "-W", "--wrap", "--wrap-no-numbers", "-z", "--zeroes", "-q", "--quiet", "--force", "--stdout", "--validate-input", "--no-trailing-nl", "--no-version-info", "--kw-case=upper", "-k mono", "-K 10"], {}),
    ("highlight", "-O xterm256 -i u.py", [], {}),
    ("highlight", "--out-format=truecolor u.py", [], {}),
    ("highlight", "--version", [], {}),
    ("highlight", "-h", [], {}),
    # source-highlight 3.1.9: a source file coloured to standard output (`-i FILE` or standard
    # input, no `-o`).
    ("source-highlight", "-i u.py", ["-s python", "--src-lang=python", "-f esc", "--out-format=html", "-n", "--line-number", "--line-number=3", "-t 4", "--tab=4", "-d", "--doc", "--no-doc", "-T t", "--title=t", "--infer-lang", "--failsafe", "-q", "--quiet", "-v", "--line-range=1-2", "--range-context=1", "--regex-range=x", "--gen-version", "--binary-output", "--statistics"], {}),
    ("source-highlight", "-s python -f esc", [], {}),
    ("source-highlight", "--lang-list", [], {}),
    ("source-highlight", "--outlang-list", [], {}),
    ("source-highlight", "-V", [], {}),
    ("source-highlight", "-h", [], {}),
    # beancount 2.3.5's bean-format aligns a ledger's amounts (text only: no plugin or cache),
    # bean-doctor's lex and parse dump its tokens and parse.
    ("bean-format", "books.beancount", ["-h", "--help"], {"-w": "40", "--prefix-width": "40", "-W": "10", "--num-width": "10", "-c": "60", "--currency-column": "60"}),
    ("bean-format", "< FILE", [], {}),
    ("bean-doctor", "lex books.beancount", [], {}),
    ("bean-doctor", "dump_lexer books.beancount", [], {}),
    ("bean-doctor", "parse books.beancount", [], {}),
    ("bean-doctor", "list_options", [], {}),
    # Round 34's tune part, by the same rule: GLib's gresource, LLVM's llvm-tblgen, clang-tools'
    # diagtool, libgcrypt's hmac256, sloccount's c_count, chardet's other name.
    ("gresource", "list w.gresource", [], {}),
    ("gresource", "details w.gresource", [], {}),
    ("gresource", "sections w.gresource", [], {}),
    ("gresource", "extract w.gresource /org/example/w/res/hello.txt", [], {}),
    ("gresource", "--section .gresource extract w.gresource /org/example/w/res/hello.txt", [], {}),
    ("gresource", "help list", [], {}),
    ("llvm-tblgen", "r.td", ["--print-records", "--print-detailed-records", "--dump-json", "--print-sets", "-o -", *LLVM_HELP], {"-I": ".", "--class": "C"}),
    ("llvm-tblgen", "--print-enums --class=C r.td", [], {}),
    ("diagtool-14", "list-warnings", [], {}),
    ("diagtool-14", "tree", [], {}),
    ("diagtool-14", "tree --flags-only", [], {}),
    ("diagtool-14", "tree -Wall", [], {}),
    ("diagtool-14", "find-diagnostic-id warn_unused_variable", [], {}),
    ("hmac256", "key a.txt", [], {}),
    ("c_count", "src/o.c", [], {}),
    ("chardet", "a.txt", ["--minimal", "-l"], {}),
    # lintian 2.116, devscripts 2.23: tag descriptions, suspicious files listed.
    ("lintian-explain-tags", "no-copyright-file", ["--tags", "-t", "--no-user-dirs", "--output-width 80"], {}),
    ("lintian-explain-tags", "-l", [], {}),
    ("suspicious-source", "-d src", ["-v"], {"-m": "text/plain", "-e": ".c"}),
]

WRITING = [
    ("llvm-tblgen", "r.td -o out.inc"),
    ("llvm-tblgen", "-d deps.d -o out.inc r.td"),
    ("bean-format", "-o out.beancount books.beancount"),
    ("bean-doctor", "roundtrip books.beancount"),
    ("source-highlight", "u.py"),
    ("highlight", "-O latex u.py"),
    ("highlight", "u.py"),
    ("mandoc", "-a widget.1"),
    ("llvm-extract", "--func=add m.bc -o out.bc"),
    ("llvm-link", "m.bc m2.bc -o both.bc"),
    ("llvm-mc", "a.s -o out.s"),
    ("llvm-mca", "a.s -o out.txt"),
    ("gvpack", "-oout.dot g.dot"),
    ("acyclic", "-o out.dot g.dot"),
    ("sccmap", "-oout.dot g.dot"),
    ("unflatten", "-o out.dot g.dot"),
    ("bcomps", "-oout g.dot"),
    ("ccomps", "-oout g.dot"),
    ("pdfdetach", "-saveall doc.pdf"),
    ("pdfimages", "doc.pdf img"),
    ("pdfsig", "-dump doc.pdf"),
    ("redis-check-aof", "--fix broken.aof"),
    ("xmlcatalog", "--noout --add public -//X//EN file:///x.dtd catalog.xml"),
    ("treeify", "-o out.txt accounts.txt"),
    ("glib-compile-resources", "w.gresource.xml"),
    ("glib-compile-resources", "--generate-dependencies --dependency-file=deps.d w.gresource.xml"),
    ("fc-cache", "-v"),
]

LEFT = [
    ("obj2yaml", "o.o -o out.yaml"),
    ("bean-check", "books.beancount"),
    ("bean-query", "books.beancount 'SELECT account'"),
    ("bean-report", "books.beancount accounts"),
    ("perltidy", "-st s.pl"),
    ("perltidy", "-st bad.pl"),
    ("perltidy", "-st -se bad.pl"),
    ("luarocks", "list"),
    ("luarocks", "list --porcelain"),
    ("luarocks", "path"),
    ("luarocks", "config lua_version"),
    ("luarocks", "config --json"),
    ("luarocks", "show luafilesystem"),
    ("luarocks", "which lfs"),
    ("luarocks", "completion bash"),
    ("lintian-explain-tags", "--no-user-dirs no-copyright-file"),
    ("mix", "format --check-formatted w.ex"),
    ("bmake", "-n"),
    ("expect", "-n -c 'puts 1'"),
    ("redis-check-aof", "broken.aof"),
    ("redis-check-rdb", "ok.aof"),
    ("appstreamcli", "validate w.metainfo.xml"),
    ("clang-format-diff", "< FILE"),
    ("validate-json", "o.yaml"),
    ("gvpr", "-c N[]{} g.dot"),
]


def main():
    families.GRAMMARS[:] = GRAMMARS
    families.WRITING[:] = WRITING
    families.LEFT[:] = LEFT
    import io, contextlib
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        families.main()
    text = buf.getvalue().replace("(families.py)", "(wholesale.py)").replace("families' reading", "fifth pass's reading")
    sys.stdout.write(text)


# What a form may do and still be taken, beyond inspectors.problems' rules.
ACCEPTED = {
    # Every Python script: the context reads the user's site directory (context::python::script).
    **{p: [r"looks for /tmp/p/home/\.local/lib/python3\.\d+/site-packages$"] for p in
       ["treeify", "suspicious-source", "bean-format", "bean-doctor"]},
    # groff's relocation code looks its own name up along PATH (access F_OK, nothing opened).
    "preconv": [r"looks for preconv$"],
    # soelim opens its input and the files its `.so` requests name: what it prints.
    "soelim": [r"looks for \./(widget|inc)\.1$"],
    "msoelim": [r"looks for \./(widget|inc)\.1$"],
    # The files a resource description names, stat'ed to list them.
    "glib-compile-resources": [r"looks for \./res/hello\.txt$"],
}


def decide(path):
    families.WRITING[:] = WRITING
    families.ACCEPTED.clear()
    families.ACCEPTED.update(ACCEPTED)
    families.decide(path)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--decide"]:
        decide(sys.argv[2])
    else:
        main()
