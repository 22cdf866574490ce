#!/usr/bin/python3
"""The seventh pass's decisions (issue 44): per program of seventh.tsv, its traced forms by
outcome (seventh.jsonl, tracer.py --forms) and what the pass did with it: `taken` (a reading
grammar or information mode in catalog.rs), `sibling` (catalog::SIBLINGS), `left` (and why).

    python3 bench/catalog/seventh.py bench/catalog/seventh.jsonl > bench/catalog/seventh-decisions.tsv
"""
import collections, json, sys

DECISIONS = {
    "haddock": "taken: INFO (the wrapper execs /usr/lib/ghc/bin/haddock, its own path; the RTS names its threads in /proc/self/task/*/comm)",
    "hpc": "taken: INFO (the wrapper execs /usr/lib/ghc/bin/hpc)",
    "hsc2hs": "taken: INFO (the wrapper execs /usr/lib/ghc/bin/hsc2hs)",
    "nqp": "taken: INFO; -e runs code",
    "nqp-m": "taken: INFO",
    "petite": "taken: INFO; --script runs code",
    "chezscheme": "taken: INFO",
    "vvp": "taken: INFO (-V); a simulation runs the design ($fopen, $system)",
    "coqwc": "taken: SPECS",
    "coqdep": "taken: SPECS (operands only)",
    "coqc": "taken: INFO; compiling writes .vo files",
    "coqtop": "taken: INFO; the toplevel runs code",
    "coqchk": "taken: INFO",
    "coqdoc": "taken: INFO; writes HTML",
    "cg_annotate": "taken: SPECS (the sources the profile names are read)",
    "cg_diff": "taken: SPECS, not --mod-filename/--mod-funcname (Perl expressions, evaluated)",
    "callgrind_annotate": "taken: SPECS (Cwd runs /usr/bin/pwd, its own path)",
    "ms_print": "left: writes /tmp/ms_print.tmp.PID (O_TRUNC without O_EXCL)",
    "pngfix": "taken: SPECS, not --out/--suffix/--prefix (traced writing)",
    "png-fix-itxt": "taken: SPECS (a filter)",
    "join-dctrl": "taken: SPECS",
    "inotifywait": "taken: SPECS, not -o (traced writing), -d, -s, --fromfile",
    "inotifywatch": "taken: SPECS",
    "fsnotifywait": "taken: SPECS (inotifywait's)",
    "fsnotifywatch": "taken: SPECS (inotifywatch's)",
    "splain": "left: traced reading only, but without the context a PERL5LIB of the environment is not seen (r35-env-perl5lib-splain-shadow)",
    "llc-14": "taken: GRAMMARS llc (-o - or standard input; FILE.s written otherwise, traced)",
    "opt-14": "taken: GRAMMARS opt (OPT_PASSES only: dot-cfg traced writing)",
    "lz4c": "sibling: lz4 but for the legacy words -c0 -c1 -c2 -hc -y (to standard output here only because it was a pipe)",
    "unpigz": "sibling: pigz (-d)",
    "zstdmt": "sibling: zstd (-T0)",
    "cups-config": "left: runs dpkg-architecture (which runs gcc) and krb5-config at every start",
    "nss-config": "left: runs pkg-config from PATH at every start",
    "phpquery": "left: a shell script running expr, readlink from PATH",
    "ptardiff": "left: needs Text::Diff (absent: failed); compares with the working directory's files",
    "flipdiff": "left: runs patch and diff",
    "interdiff": "left: runs patch and diff",
    "combinediff": "left: runs patch",
    "rediff": "left: runs diff (two files) or recountdiff (one)",
    "editdiff": "left: rewrites the file in place",
    "iverilog": "left: -V writes temporary files in /tmp",
    "haxelib": "left: loads std.ndll and other neko libraries from the working directory",
    "nekotools": "left: loads std.ndll from the working directory",
    "shtool": "left: a shell script running sed and grep from PATH",
    "what-patch": "left: looks up debian/rules and runs the VCS it finds",
    "scalar": "left: runs git",
    "pmake": "left: runs bmake, whose -n and -V still run the makefile's != assignments",
    "rake": "left: -T loads the Rakefile",
    "grep-aptavail": "left: runs /bin/sh and dpkg --print-avail",
    "grep-debtags": "left: runs /bin/sh",
    "grep-dctrl": "known before (the sample did not fit)",
    "ocamllibdep": "left: failed on this sample (not traced reading)",
    "unwrapdiff": "known before (fourth pass)",
    "dehtmldiff": "left: a shell script (not taken this pass)",
    "pod2usage": "left: failed on this sample; -verbose 2 and -man run perldoc",
    "streamzip": "left: failed on this sample; -zipfile writes",
}

rows = collections.OrderedDict()
for line in open(sys.argv[1]):
    d = json.loads(line)
    r = rows.setdefault(d["program"], collections.Counter())
    r[d["outcome"]] += 1
print("program\tforms\tread-only\twrites\truns\tconnects\tfails\thangs\tdecision")
for p, c in rows.items():
    print("\t".join([p, str(sum(c.values()))] + [str(c[k]) for k in ("read-only", "writes", "runs", "connects", "fails", "hangs")] + [DECISIONS.get(p, "?")]))
