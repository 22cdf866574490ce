#!/usr/bin/python3
"""The fourth pass's forms (issue 44): the next families of a developer's programs, chosen by
rule (README, "Fourth pass"): every option of every reading grammar catalog.rs gives them, each
as one form on a sample (devtools-samples.sh), the input alone, the nearest writing forms the
grammars leave out (`WRITING`) and forms of the programs left unknown (`LEFT`).

    bench/catalog/devtools-samples.sh
    python3 bench/catalog/devtools.py > bench/catalog/devtools.tsv
    nice python3 bench/catalog/tracer.py --jobs 2 --timeout 20 --forms bench/catalog/devtools.tsv \\
        --samples target/catalog-samples-devtools --out bench/catalog/devtools.jsonl
    python3 bench/catalog/devtools.py --decide bench/catalog/devtools.jsonl > bench/catalog/devtools-decisions.tsv

The first pass's probe forms of the same programs (`--version`, `--help`, `-h`, `-V`, `FILE`,
`< FILE` and the listing options their help names) are in `devtools-probe.jsonl`
(`tracer.py --from devtools-programs.txt`).
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import families  # noqa: E402

# astyle 3.1's options (its --help), each given a value its help names.
ASTYLE = """-A -C -D -E -F -H -I -J -K -L -M40 -N -O -P -Q -R -S -T4 -U -V -W -X -Y -Z -b -bps -c -d -e -f -h -i -j -k -m2 -n -o -p -q -r -s -s4 -t -t4 -v -w -xB -xC80 -xD -xG -xL -xM -xP -xQ -xR -xS -xT4 -xU -xV -xW -xb -xc -xd -xf -xg -xh -xi -xj -xk -xl -xn -xp -xq -xr -xs -xt4 -xw -xy -y -z1 --add-braces --add-one-line-braces --align-method-colon --align-pointer=middle --align-pointer=name --align-pointer=type --align-reference=middle --align-reference=name --align-reference=none --align-reference=type --ascii --attach-classes --attach-closing-while --attach-extern-c --attach-inlines --attach-namespaces --attach-return-type --attach-return-type-decl --break-after-logical --break-blocks --break-blocks=all --break-closing-braces --break-elseifs --break-one-line-headers --break-return-type --break-return-type-decl --close-templates --convert-tabs --delete-empty-lines --errors-to-stdout --exclude=x.c --fill-empty-lines --formatted --ignore-exclude-errors --ignore-exclude-errors-x --indent-after-parens --indent-cases --indent-classes --indent-col1-comments --indent-continuation=2 --indent-labels --indent-modifiers --indent-namespaces --indent-preproc-block --indent-preproc-cond --indent-preproc-define --indent-switches --indent=force-tab=4 --indent=spaces=4 --indent=tab=4 --keep-one-line-blocks --keep-one-line-statements --lineend=linux --lineend=macold --lineend=windows --max-code-length=80 --max-continuation-indent=40 --min-conditional-indent=2 --mode=c --mode=cs --mode=java --options=none --options=home/.uncrustify.cfg --pad-comma --pad-first-paren-out --pad-header --pad-method-colon=after --pad-method-colon=none --pad-method-prefix --pad-oper --pad-param-type --pad-paren --pad-paren-in --pad-paren-out --pad-return-type --preserve-date --project=none --quiet --recursive --remove-braces --remove-comment-prefix --stdin=a.c --style=allman --style=attach --style=banner --style=break --style=bsd --style=gnu --style=google --style=horstmann --style=java --style=knf --style=kr --style=linux --style=lisp --style=mozilla --style=otbs --style=pico --style=ratliff --style=run-in --style=stroustrup --style=vtk --style=whitesmith --suffix=.bak --suffix=none --unpad-method-prefix --unpad-param-type --unpad-paren --unpad-return-type --verbose --version --help""".split()

# (program, input the forms end with, flags, {option: value}), as families.py reads them.
GRAMMARS = [
    # (a) build-flag printers: every option prints (catalog::PRINTERS).
    ("llvm-config", "", ["--version", "--prefix", "--bindir", "--includedir", "--libdir", "--cmakedir", "--cppflags", "--cflags", "--cxxflags", "--ldflags", "--system-libs", "--libs", "--libnames", "--libfiles", "--components", "--targets-built", "--host-target", "--build-mode", "--assertion-mode", "--build-system", "--has-rtti", "--shared-mode", "--link-shared", "--link-static", "--ignore-libllvm", "--obj-root", "--src-root", "--help"], {}),
    ("llvm-config", "--libs core", [], {}),
    *[(p, "", ["--cflags", "--include", "--libs", "--libs_r", "--plugindir", "--socket", "--port", "--version", "--libmysqld-libs", "--variable=pkgincludedir", "--help"], {})
      for p in ["mariadb_config", "mariadb-config", "mysql_config"]],
    *[(p, "", ["--prefix", "--exec-prefix", "--cflags", "--libs", "--libs-only-L", "--libs-only-l", "--libs-only-other", "--version", "--abi-version", "--mouse-version", "--bindir", "--datadir", "--includedir", "--libdir", "--mandir", "--terminfo", "--terminfo-dirs", "--termpath", "--help"], {})
      for p in ["ncurses5-config", "ncurses6-config", "ncursesw5-config", "ncursesw6-config"]],
    *[(p, "", ["--prefix", "--exec-prefix", "--includes", "--libs", "--cflags", "--ldflags", "--embed", "--extension-suffix", "--abiflags", "--configdir", "--help"], {})
      for p in ["python3-config", "python3.11-config", "x86_64-linux-gnu-python3-config", "x86_64-linux-gnu-python3.11-config"]],
    ("pcre-config", "", ["--prefix", "--exec-prefix", "--version", "--cflags", "--cflags-posix", "--libs", "--libs-posix", "--libs16", "--libs32", "--libs-cpp"], {}),
    ("pcre2-config", "", ["--prefix", "--exec-prefix", "--version", "--cflags", "--cflags-posix", "--libs8", "--libs16", "--libs32", "--libs-posix"], {}),
    ("nspr-config", "", ["--prefix", "--exec-prefix", "--includedir", "--libdir", "--version", "--cflags", "--libs"], {}),
    ("cob-config", "", ["--prefix", "--exec-prefix", "--cflags", "--libs", "--version", "--bindir", "--datarootdir", "--datadir", "--includedir", "--libdir", "--mandir", "--help"], {}),
    ("apr-1-config", "", "--apr-la-file --apr-lib-target --apr-libtool --apr-so-ext --bindir --cc --cflags --cpp --cppflags --help --includedir --includes --installbuilddir --ldflags --libs --link-ld --link-libtool --prefix --shlib-path-var --srcdir --version".split(), {}),
    ("apr-config", "--cflags", [], {}),
    ("apu-1-config", "", "--apu-la-file --avoid-dbm --avoid-ldap --bindir --db-version --dbm-libs --help --includedir --includes --ldap-libs --ldflags --libs --link-ld --link-libtool --old-expat --prefix --srcdir --version".split(), {}),
    ("apu-config", "--libs", [], {}),
    ("gsl-config", "", "--cflags --help --libs --libs-without-cblas --prefix --version".split(), {}),
    ("libassuan-config", "", "--cflags --exec-prefix --host --libs --prefix --version".split(), {}),
    ("pcap-config", "", "--additional-libs --help --libs --static --static-pcap-only --version".split(), {}),
    ("sdl2-config", "", "--cflags --exec-prefix --libs --prefix --static-libs --version".split(), {}),
    ("sdl2-config", "--prefix=/usr --cflags", [], {}),
    ("uuidparse", "1b4e28ba-2fa1-11d2-883f-0016d3cca427", ["-J", "--json", "-n", "--noheadings", "-r", "--raw"], {"-o": "UUID,TYPE", "--output": "UUID,VARIANT"}),
    # (a) dpkg-architecture's list of known architectures.
    ("dpkg-architecture", "-L", [], {}),
    # (a) aclocal's data directory (automake 1.16).
    ("aclocal", "--print-ac-dir", [], {}),
    ("dpkg-architecture", "--list-known", [], {}),
    # (b) compilers' information modes (catalog::INFO).
    *[(p.split(" ", 1)[0], p.split(" ", 1)[1], [], {}) for p in ["gdc --version", "gdc --help", "gdc -dumpversion", "gdc -dumpmachine", "gdc -dumpspecs", "gdc -print-search-dirs", "gdc -print-libgcc-file-name",
                               "gfortran --version", "gfortran --help", "gfortran -dumpversion", "gfortran -dumpmachine", "gfortran -dumpspecs", "gfortran -print-search-dirs", "gfortran -print-libgcc-file-name",
                               "cobc --version", "cobc --help", "cobc -h", "cobc -V", "cobc -i", "cobc --info", "cobc -help", "cobc -version",
                               "gplc --version", "gplc --help", "gplc -h", "valac --version", "valac --help", "valac --api-version",
                               "swig4.0 -version", "swig4.0 -help", "swig4.0 -copyright",
                               "gccgo --version", "gccgo --help", "gccgo -dumpversion", "gccgo -dumpmachine", "gccgo -dumpspecs", "gccgo -print-search-dirs", "gccgo -print-libgcc-file-name",
                               "gnat --version", "gnat --help", "gnatmake --version", "gnatmake --help", "gnatls --version", "gnatls --help",
                               "astyle --version", "astyle --help", "astyle -h", "astyle -V", "pyflakes3 --version", "pyflakes3 --help", "pyflakes3 -h", "pyflakes3 -V",
                               "opt --version", "opt --help", "opt -h", "opt --help-list", "llvm-as --version", "llvm-as --help", "llvm-as -h", "llvm-as --help-list"]],
    # (b) llvm-as assembles to standard output with `-o -` (or from standard input).
    ("llvm-as", "-o - m.ll", ["-f", "-disable-output", "--disable-output"], {}),
    ("llvm-as", "-o=- m.ll", [], {}),
    ("llvm-as", "--o - m.ll", [], {}),
    ("llvm-as", "-disable-output m.ll", [], {}),
    # (c) checkers: sparse with gcc's include, macro, warning and standard options.
    ("sparse", "src/main.c", ["-Iinclude", "-DX=1", "-UX", "-Wsparse-all", "-Wno-decl", "-Wall", "-Wextra", "-std=c99", "-std=gnu11", "-m64", "-m32", "-v", "-pedantic", "-O2"],
     {"-I": "include", "-D": "X=1", "-U": "X", "-isystem": "include", "-idirafter": "include", "-iquote": "include"}),
    ("sparse", "a.c src/main.c", [], {}),
    ("lacheck", "doc.tex", [], {}),
    ("uncrustify", "-f src/main.c", ["-q", "--frag", "--set indent_columns=2", "-c home/.uncrustify.cfg", "-c -"], {"-l": "C", "--assume": "x.c"}),
    ("uncrustify", "-c - -l C", [], {}),
    ("uncrustify", "--check src/main.c", ["-q"], {"-c": "-", "-l": "C"}),
    ("uncrustify", "--check a.c src/main.c", [], {}),
    ("uncrustify", "", ["--version", "--help", "-h", "-?", "--usage", "--count-options", "--show-config"], {}),
    ("uncrustify", "-c - --show-config", [], {}),
    # (c) formatters to standard output or in a dry run: astyle 3.1 (every option of its --help
    # with --dry-run, and as a filter on standard input), GNU indent 2.2.12 (-st, a filter),
    # ChkTeX 1.7.8 (its display options).
    # astyle 3.1 finds a plain relative name only where PWD is set (the sandbox sets none:
    # "Cannot find file a.c"), so the forms name ./a.c.
    ("astyle", "--dry-run ./a.c", ASTYLE, {}),
    ("astyle", "--dry-run './src/*.c'", ["--recursive"], {}),
    ("astyle", "--dry-run ./a.c ./src/main.c", [], {}),
    ("astyle", "< FILE", [], {}),
    *[("astyle", o, [], {}) for o in ["--style=kr", "--style=gnu -s4", "--indent=spaces=2 --pad-oper", "--stdin=a.c", "--options=none --style=linux"]],
    ("indent", "-st a.c", ["-kr", "-gnu", "-linux", "-npro", "-i4", "-l80", "-bap", "-nbad", "-bl", "-br", "-ce", "-cli4", "-nut", "-ut", "-ts4", "-sob", "-T size_t", "--k-and-r-style", "--gnu-style", "--indent-level4", "--line-length80", "--no-tabs", "--ignore-profile"], {}),
    ("indent", "--standard-output a.c src/main.c", [], {}),
    ("indent", "< FILE", [], {}),
    ("indent", "-kr", [], {}),
    ("chktex", "doc.tex", ["-q", "--quiet", "-v0", "-v2", "--verbosity=3", "-V1", "-L", "--nolinesupp", "-I0", "-H0", "-x0", "-g0", "-t0", "-b0", "-r", "--reset", "-w 1", "--warnon=1", "-e 1", "--erroron=1", "-m 1", "--msgon=1", "-n 1", "--nowarn=1", "-s :", "--splitchar=:", "-p name", "--pseudoname=name", "-f %f:%l:%m\\n", "--format=%f:%l:%m\\n"], {}),
    ("chktex", "", ["-W", "--version", "-i", "--license", "-h", "--help"], {}),
    # (d) configuration checkers.
    ("named-checkzone", "example.com example.com.zone", ["-d", "-j", "-q", "-v", "-D"],
     {"-c": "IN", "-f": "text", "-F": "text", "-s": "full", "-w": ".", "-k": "warn", "-m": "warn", "-n": "warn", "-r": "warn", "-i": "local", "-M": "warn", "-S": "warn", "-W": "warn", "-J": "example.com.zone.jnl"}),
    ("named-checkzone", "-D -F text example.com example.com.zone", [], {}),
    ("named-checkconf", "named.conf", ["-c", "-i", "-j", "-l", "-p", "-z"], {}),
    ("named-checkconf", "-p -x named.conf", [], {}),
    ("named-checkconf", "-z -j named.conf", [], {}),
    ("named-checkconf", "", ["-v", "-h"], {}),
    ("glib-compile-schemas", "--dry-run schemas", ["--strict", "--allow-any-name"], {}),
    ("glib-compile-schemas", "--strict --dry-run schemas", [], {}),
    ("systemd-analyze", "calendar daily", ["--no-pager"], {"--iterations": "3", "--base-time": "2020-01-01"}),
    ("systemd-analyze", "calendar daily weekly 'Mon *-*-* 09:00:00'", [], {}),
    ("systemd-analyze", "timespan 1h 30min", ["--no-pager"], {}),
    ("systemd-analyze", "timestamp now today '2020-01-01 10:00'", ["--no-pager"], {}),
    ("systemd-analyze", "calendar --iterations=2 daily", [], {}),
    # (e) Python tools: chardetect (chardet 5.1), symilar (pylint 2.16).
    ("chardetect", "one.py two.py", ["--minimal", "-l", "--legacy"], {}),
    ("chardetect", "", ["--version", "--help", "-h"], {}),
    ("symilar", "one.py two.py", ["-i", "--ignore-comments", "--ignore-docstrings", "--ignore-imports", "--ignore-signatures"], {"-d": "2", "--duplicates": "2"}),
    ("symilar", "", ["--help", "-h"], {}),
    # csvkit 1.0.7's csvclean with -n (--dry-run) reports a file's bad rows and writes nothing.
    ("csvclean", "-n bad.csv", ["-t", "-b", "-S", "-H", "-v", "-l", "--zero", "--tabs", "--no-doublequote", "--skipinitialspace", "--no-header-row", "--verbose", "--linenumbers"],
     {"-d": ",", "--delimiter": ",", "-q": "'\"'", "-u": "0", "--quoting": "0", "-p": "\\\\", "-z": "1000", "--maxfieldsize": "1000", "-e": "utf-8", "--encoding": "utf-8", "-K": "0", "--skip-lines": "0"}),
    ("csvclean", "--dry-run bad.csv", [], {}),
    # pyflakes 2.5 prints the problems of Python files (no configuration, no options but help
    # and version).
    ("pyflakes3", "one.py two.py", [], {}),
    ("pyflakes3", "src", [], {}),
]

WRITING = [
    ("llvm-as", "m.ll"),
    ("llvm-as", "-o out.bc m.ll"),
    ("uncrustify", "src/main.c"),
    ("uncrustify", "-c - src/main.c"),
    ("uncrustify", "--replace --no-backup src/main.c"),
    ("uncrustify", "-o out.c -f src/main.c"),
    ("uncrustify", "-p dbg.txt -f src/main.c"),
    ("uncrustify", "--update-config -o new.cfg"),
    ("named-checkzone", "-o out.zone example.com example.com.zone"),
    ("astyle", "./a.c"),
    ("astyle", "--style=kr ./a.c"),
    ("astyle", "--stdout=out.c --stdin=a.c"),
    ("csvclean", "bad.csv"),
    ("indent", "a.c"),
    ("indent", "-kr a.c"),
    ("indent", "-st -o out.c a.c"),
    ("chktex", "-o out.txt doc.tex"),
    ("glib-compile-schemas", "schemas"),
    ("glib-compile-schemas", "--targetdir=. schemas"),
]

LEFT = [
    ("dpkg-architecture", "-qDEB_HOST_MULTIARCH"),
    ("dpkg-buildflags", "--get CFLAGS"),
    ("dpkg-buildflags", "--query"),
    ("gdc", "-fsyntax-only a.c"),
    ("gdc", "--target-help"),
    ("opt", "-S -passes=dot-cfg m.ll -o -"),
    ("lacheck", "--version"),
    ("haproxy", "-c -f named.conf"),
    ("krb5-config", "--libs"),
    ("libgcrypt-config", "--libs"),
    ("libgcrypt-config", "--cflags"),
    ("libwmf-config", "--libs"),
    ("xmlsec1-config", "--cflags"),
    ("gpgrt-config", "--libs"),
    ("clisp", "--version"),
    ("php-config", "--includes"),
    ("cups-config", "--cflags"),
    ("fltk-config", "--cflags"),
    ("ldc2", "--version"),
    ("fpc", "-iV"),
    ("gccgo", "--target-help"),
    ("sparse", "-o out src/main.c"),
]


def main():
    families.GRAMMARS[:] = GRAMMARS
    families.WRITING[:] = WRITING
    families.LEFT[:] = LEFT
    import io, contextlib
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        families.main()
    text = buf.getvalue().replace("(families.py)", "(devtools.py)").replace("families' reading", "fourth pass's reading")
    sys.stdout.write(text)


# What a form may do and still be taken, beyond inspectors.problems' rules.
ACCEPTED = {
    # Every Python script: the context reads the user's site directory (context::python::script).
    "pyflakes3": [r"looks for /tmp/p/home/\.local/lib/python3\.\d+/site-packages$"],
    "chardetect": [r"looks for /tmp/p/home/\.local/lib/python3\.\d+/site-packages$"],
    # pylint 2.16's import looks for pylintrc and PYLINTHOME (stat only); symilar's Run reads
    # only its own getopt options and never loads a configuration (pylint/checkers/similar.py).
    "symilar": [r"looks for /tmp/p/home/\.local/lib/python3\.\d+/site-packages$", r"looks for /tmp/p/home/\.pylint\.d$", r"looks for \.?pylintrc$", r"looks for \.?pylintrc\.toml$", r"looks for pyproject\.toml$", r"looks for setup\.cfg$", r"looks for tox\.ini$", r"looks for /tmp/p/home/\.pylintrc$", r"looks for /tmp/p/home/\.config/pylintrc$", r"looks for (\.\./)*__init__\.py$", r"looks for /tmp/p/__init__\.py$", r"looks for /tmp/__init__\.py$"],
    # pylint's start looks the working directory up as a package (stat of __init__.py up the
    # tree; measured: a planted __init__.py that writes a file was not run).
    # lacheck opens FILE.tex, then FILE: its input.
    "lacheck": [r"looks for doc\.tex(\.tex)?$"],
    # The journal `-j` and `-J` name (FILE.jnl beside the zone file, and its backup): data read.
    "named-checkzone": [r"looks for example\.com\.zone\.j(nl|bk)$"],
    "named-checkconf": [r"looks for example\.com\.zone\.j(nl|bk)$"],
    # indent's profile and chktex's configuration files: context::catalog looks for them.
    "indent": [r"looks for (\./)?\.indent\.pro$", r"looks for /tmp/p/home/\.indent\.pro$"],
    "chktex": [r"looks for (\./)?\.chktexrc$", r"looks for /tmp/p/home/\.chktexrc$", r"looks for /tmp/p/home/\.config/chktexrc$", r"looks for /tmp/p/home/\.terminfo$"],
    # astyle's options file: formatting options only (`stdout=` and `html` there are refused
    # before any file is read: measured).
    # The forms' own inputs, named ./a.c (see ASTYLE's forms) and found by --recursive.
    "astyle": [r"looks for /tmp/p/home/\.astylerc$", r"looks for \./(a\.c|src/main\.c|src/w\.h|src|src/\.|src/\.\.)$", r"looks for /tmp/p/(a\.c|src/main\.c)$"],
    # uncrustify's configuration (UNCRUSTIFY_CONFIG, ~/.uncrustify.cfg, ~/uncrustify.cfg):
    # formatting settings only (`--show-config` lists every one; none names a file written or
    # a program), read when no -c is given.
    "uncrustify": [r"looks for /tmp/p/home/\.?uncrustify\.cfg$"],
    # The shell scripts' own helpers (decide.py's HARMLESS_RUNS).
    # ncurses's scripts given no argument run themselves again (`exec /bin/sh "$0" --error`).
    **{p: [r"runs /usr/bin/(sed|basename|dirname|readlink|uname|cat)$", r"runs /bin/sh$"] for p in
       ["ncurses5-config", "ncurses6-config", "ncursesw5-config", "ncursesw6-config", "python3-config", "python3.11-config",
        "x86_64-linux-gnu-python3-config", "x86_64-linux-gnu-python3.11-config", "pcre-config", "pcre2-config",
        "cob-config", "sdl2-config", "apu-1-config", "apu-config"]},
    # nspr-config's --libs greps its own pkg-config file.
    "nspr-config": [r"runs /usr/bin/grep$"],
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
