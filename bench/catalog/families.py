#!/usr/bin/python3
"""The families' forms (third pass, issue 44): every option of every reading grammar catalog.rs
gives the programs chosen by the families' rule (README, "Third pass"), each as one form on a
sample (families-samples.sh), the input alone, the nearest writing forms the grammars leave out,
and the forms of the programs left unknown that were traced to decide.

    python3 bench/catalog/families.py > bench/catalog/families.tsv
    nice python3 bench/catalog/tracer.py --jobs 2 --timeout 20 --forms bench/catalog/families.tsv \\
        --samples target/catalog-samples-families --out bench/catalog/families.jsonl
    python3 bench/catalog/families.py --decide bench/catalog/families.jsonl > bench/catalog/families-decisions.tsv

The options are listed here as the grammars list them (short letters, long names, the values
a form gives them); `--decide` reads the traces per program as inspectors.py does.
"""
import os, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import inspectors  # noqa: E402

# minisign's -P takes the public key itself: the samples' (families-samples.sh), when made.
_PUB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "target", "catalog-samples-families", "mk.pub")
PUBKEY = open(_PUB).read().split("\n")[1] if os.path.exists(_PUB) else "RWQ"

# (program, input the forms end with, flags, {option: value}): each flag and each option with its
# value becomes one form `PROGRAM OPTION [VALUE] INPUT`; the input alone is a form too.
GRAMMARS = [
    # age 1.1: age-keygen prints a new identity, or with -y the recipient of one.
    ("age-keygen", "", ["--help", "--version"], {}),
    ("age-keygen", "-y id.txt", [], {}),
    ("age", "--version", [], {}),
    # minisign 0.11: -V verifies (-o prints the file verified).
    ("minisign", "-V -m a.txt -p mk.pub", ["-H", "-o", "-q", "-Q"], {"-x": "a.txt.minisig"}),
    ("minisign", "-Vm a.txt -P " + PUBKEY, [], {}),
    ("minisign", "-v", [], {}),
    # signify-openbsd 31: -V verifies a message, -C a signed checksum list and its files.
    ("signify-openbsd", "-V -p s.pub -m a.txt", ["-q"], {"-x": "a.txt.sig", "-t": "base"}),
    ("signify-openbsd", "-C -p s.pub -x SHA256.sig", ["-q"], {}),
    ("signify-openbsd", "-C -p s.pub -x SHA256.sig a.txt", [], {}),
    # gpgv 2.2: verifies a detached signature against a keyring.
    ("gpgv", "--keyring ./k.gpg a.txt.gpgsig a.txt", ["-q", "-v", "--quiet", "--verbose", "--ignore-time-conflict"], {"--weak-digest": "SHA1"}),
    ("gpgv", "--version", [], {}),
    ("gpgv", "--help", [], {}),
    ("gpgv", "a.txt.gpgsig a.txt", [], {}),
    # colordiff 1.0.20: diff's arguments (diff runs), or a diff on standard input (a filter).
    ("colordiff", "a.txt b.txt", ["-u", "-c", "-y", "-q", "--color=yes", "--color-patches=no", "--color-term-output-only=yes", "--difftype=diffu"], {}),
    ("colordiff", "< FILE", [], {}),
    ("colordiff", "--version", [], {}),
    # icdiff 2.0.6: two files side by side.
    ("icdiff", "a.txt b.txt", ["-H", "-N", "--no-bold", "--no-headers", "-s", "--show-all-spaces", "-t", "-u", "-W", "-P", "--strip-trailing-cr", "--is-git-diff", "--highlight", "--line-numbers", "--whole-file", "--permissions", "--truncate", "--patch", "--report-identical-files"],
     {"--cols": "80", "--encoding": "utf8", "--head": "2", "--output-encoding": "utf8", "--tabsize": "4", "--color-map": "add:green", "--label": "x", "-L": "x", "-U": "2", "--unified": "2", "--exclude": "x"}),
    ("icdiff", "-r src src", [], {}),
    ("icdiff", "--version", [], {}),
    # cppcheck 2.10: the checks' findings printed to standard error.
    ("cppcheck", "src/f.c", ["-q", "--quiet", "-v", "--verbose", "-f", "--force", "--inconclusive", "--inline-suppr", "--check-config", "--check-library", "--xml", "--report-progress"],
     {"--enable": "warning", "--disable": "style", "--std": "c11", "--language": "c", "-x": "c", "--suppress": "uninitvar", "-I": "src", "-D": "X=1", "-U": "Y", "-i": "src/none.c", "--error-exitcode": "1", "--max-configs": "2", "--platform": "unix64", "--library": "posix", "--template": "{file}:{line}:{message}", "--template-location": "{file}", "--file-filter": "*.c", "--max-ctu-depth": "2", "--suppressions-list": "a.txt", "--exitcode-suppressions": "a.txt"}),
    ("cppcheck", "--enable=warning src/", [], {}),
    ("cppcheck", "--errorlist", [], {}),
    # flawfinder 2.0.19: the hits in C sources printed.
    ("flawfinder", "src/f.c", ["--allowlink", "--followdotdir", "--nolink", "-I", "--inputs", "-F", "--falsepositive", "-n", "--neverignore", "-C", "--columns", "-c", "--context", "-D", "--dataonly", "-H", "--html", "-i", "--immediate", "--sarif", "-S", "--singleline", "--omittime", "-Q", "--quiet"],
     {"-m": "1", "--minlevel": "1", "-e": "strcpy", "--regex": "strcpy", "--error-level": "1", "-P": "p.diff", "--patch": "p.diff"}),
    ("flawfinder", "--listrules", [], {}),
    ("flawfinder", "src", [], {}),
    # desktop-file-validate 0.26: a desktop entry's problems printed.
    ("desktop-file-validate", "x.desktop", ["--no-hints", "--no-warn-deprecated", "--warn-kde"], {}),
    ("desktop-file-validate", "--help", [], {}),
    # devscripts 2.23: checkbashisms without its configuration file.
    ("checkbashisms", "--no-conf x.sh", ["-p", "-x", "-f", "-n", "-e", "-l"], {}),
    # ledger 3.3: reports on a journal (its init file and the journal's Python: the context's).
    *[("ledger", f"-f j.ledger {c}", [], {}) for c in
      ["balance", "bal", "b", "register", "reg", "r", "accounts", "payees", "commodities", "tags", "csv", "stats", "stat", "print", "p", "xml", "equity", "cleared", "budget", "prices", "pricedb", "pricemap", "select account", "source", "emacs", "lisp", "xact 2020/01/09 Coffee"]],
    ("ledger", "-f j.ledger balance",
     ["--flat", "--empty", "-E", "--no-total", "-n", "--collapse", "-C", "--cleared", "-U", "--uncleared", "-R", "--real", "-X EUR", "-V", "--market", "-B", "--basis", "--cost", "-M", "--monthly", "-W", "--weekly", "-Y", "--yearly", "--daily", "-D", "--quarterly", "--pedantic", "--strict", "--no-color", "--force-color", "--no-pager", "--wide", "-w", "--count", "--average", "-A", "--related", "--actual", "-c", "--current", "--percent", "-%", "--invert", "--unround", "--exact", "--immediate", "--permissive", "--explicit", "--check-payees", "--day-break", "--no-rounding", "--revalued", "--pending", "--gain", "-G", "--subtotal", "-s", "--by-payee", "-P", "--equity", "--dc", "--historical", "-H", "--base", "--raw", "--empty"],
     {"--sort-xacts": "date", "-b": "2020/01/01", "--begin": "2020/01/01", "-e": "2021/01/01", "--end": "2021/01/01", "-p": "2020", "--period": "2020", "-S": "date", "--sort": "date", "-l": "amount>0", "--limit": "amount>0", "-d": "amount>0", "--display": "amount>0", "--depth": "2", "-F": "%(account)\\n", "--format": "%(account)\\n", "--columns": "80", "--head": "1", "--tail": "1", "--first": "1", "--last": "1", "--date-format": "%Y", "--input-date-format": "%Y/%m/%d", "-X": "EUR", "--exchange": "EUR", "--price-db": "j.ledger", "--abbrev-len": "5", "--account-width": "20", "--amount-width": "10", "--payee-width": "10", "--date-width": "10", "--meta": "x", "--prepend-format": "x", "--master-account": "X", "--pivot": "x", "--now": "2020/02/01", "--datetime-format": "%Y", "--total": "amount", "--amount": "amount", "--display-amount": "amount", "--display-total": "total", "--time-colon": "", "--rich-data": ""}),
    ("ledger", "--file j.ledger stats", [], {}),
    # hledger 1.25: reports on a journal.
    *[("hledger", f"-f j.journal {c}", [], {}) for c in
      ["balance", "bal", "register", "reg", "accounts", "a", "print", "stats", "payees", "descriptions", "notes", "tags", "commodities", "prices", "files", "check", "balancesheet", "bs", "incomestatement", "is", "cashflow", "cf", "balancesheetequity", "aregister Assets:Bank", "activity", "codes", "roi"]],
    # hledger's command flags follow the command (cmdargs): these forms end with the option.
    ("hledger", "balance -f j.journal",
     ["-I", "--ignore-assertions", "-s", "--strict", "--anon", "-D", "--daily", "-W", "--weekly", "-M", "--monthly", "-Q", "--quarterly", "-Y", "--yearly", "--date2", "-U", "--unmarked", "-P", "--pending", "-C", "--cleared", "-R", "--real", "-E", "--empty", "-B", "--cost", "-V", "--market", "--infer-equity", "--infer-market-prices", "--auto", "--forecast", "--flat", "-l", "--tree", "-t", "--no-total", "-N", "-S", "--sort-amount", "--percent", "-%", "--invert", "--transpose", "--average", "-A", "--row-total", "-T", "--cumulative", "--historical", "-H", "--no-elide", "--change", "--budget", "--color=never", "--pretty=yes", "--layout=wide", "--help", "--version", "--debug=0"],
     {"-b": "2020-01-01", "--begin": "2020-01-01", "-e": "2021-01-01", "--end": "2021-01-01", "-p": "2020", "--period": "2020", "--today": "2020-02-01", "--depth": "2", "-X": "EUR", "--exchange": "EUR", "--value": "end", "--alias": "A=B", "--pivot": "payee", "--drop": "1", "--format": "%(account)", "-O": "csv", "--output-format": "csv", "--rules-file": "j.rules"}),
    # Information modes only: nimble, iex, lintian.
    ("nimble", "--version", [], {}),
    ("nimble", "--help", [], {}),
    ("iex", "--version", [], {}),
    ("iex", "--help", [], {}),
    ("lintian", "--version", [], {}),
    ("lintian", "--help", [], {}),
]

# The writing forms the grammars leave out: each must be traced doing more than read.
WRITING = [
    ("age-keygen", "-o new.txt"),
    ("age-keygen", "-y -o rec.txt id.txt"),
    ("minisign", "-G -W -p new.pub -s new.key"),
    ("minisign", "-S -s mk.key -m b.txt"),
    ("minisign", "-R -s mk.key -p re.pub"),
    ("signify-openbsd", "-S -s s.sec -m b.txt"),
    ("signify-openbsd", "-V -e -p s.pub -x SHA256.sig -m out.txt"),
    ("gpgv", "--keyring ./k.gpg -o out.txt a.txt.gpgsig a.txt"),
    ("cppcheck", "--dump src/f.c"),
    ("cppcheck", "--output-file=out.txt src/f.c"),
    ("cppcheck", "--cppcheck-build-dir=. src/f.c"),
    ("cppcheck", "--plist-output=. src/f.c"),
    ("cppcheck", "--addon=misra src/f.c"),
    ("flawfinder", "--savehitlist=hits src/f.c"),
    ("ledger", "-f j.ledger -o out.txt balance"),
    ("ledger", "-f j.ledger --pager ./pager balance"),
    ("hledger", "balance -f j.journal -o out.txt"),
    ("hledger", "-f j.journal print --new"),
]

# Forms of the programs left unknown, traced to decide (README: left, and why).
LEFT = [
    ("ledger", "balance"),  # ~/.ledgerrc looked up
    ("hledger", "balance"),  # ~/.hledger.journal
    ("wdiff", "a.txt b.txt"),
    ("dwdiff", "a.txt b.txt"),
    ("dwdiff", "--no-profile a.txt b.txt"),
    ("highlight", "-O ansi src/f.c"),
    ("source-highlight", "-i src/f.c -f esc"),
    ("bean-check", "j.ledger"),
    ("age", "-d -i id.txt a.txt.age"),
    ("lintian", "x.desktop"),
    ("nimble", "tasks"),
    ("iex", "-e IO.puts(1)"),
    ("appstreamcli", "validate x.desktop"),
    ("gpg", "--verify a.txt.gpgsig a.txt"),
]


def main():
    out = []
    for program, inp, flags, values in GRAMMARS:
        out.append((program, inp))
        # hledger reads a command's own flags only after the command: its forms end with them.
        form = (lambda o: f"{inp} {o}") if program == "hledger" else (lambda o: f"{o} {inp}")
        for f in flags:
            out.append((program, form(f).strip()))
        for o, v in values.items():
            if not v:
                continue
            sep = "=" if o.startswith("--") else " "
            out.append((program, form(f"{o}{sep}{v}").strip()))
    print("# PROGRAM<TAB>FORM: every option of the families' reading grammars (families.py)")
    for p, f in dict.fromkeys(out + WRITING + LEFT):
        print(f"{p}\t{f}")


# What a form may do and still be taken, per program, beyond inspectors.problems' rules: each
# either harmless or what the context reads before it calls the form read-only.
ACCEPTED = {
    # Every Python script: the context reads the user's site directory (context::python::script).
    "flawfinder": [r"looks for /tmp/p/home/\.local/lib/python3\.\d+/site-packages$"],
    "icdiff": [r"looks for /tmp/p/home/\.local/lib/python3\.\d+/site-packages$"],
    # GHC's runtime names its threads (/proc/self/task/N/comm: no file); the terminal's
    # description is looked up for colours.
    # The default journal (data) when no -f is given.
    "hledger": [r"writes openat /proc/self/task/\d+/comm O_RDWR", r"looks for /tmp/p/home/\.terminfo$", r"looks for /tmp/p/home/\.hledger\.journal$"],
    # The keyring the form names (./k.gpg: a sample), or the default one (keys: data).
    "gpgv": [r"looks for \./k\.gpg$", r"looks for /tmp/p/home/\.gnupg/trustedkeys\.(kbx|gpg)$"],
    # The configuration (diff_cmd) and the diff it runs: context::catalog reads the files.
    "colordiff": [r"runs /usr/bin/diff$", r"looks for /tmp/p/home/\.config/colordiff/colordiffrc$", r"looks for /tmp/p/home/\.colordiffrc$"],
    # Init files and the price database: context::catalog reads them.
    "ledger": [r"looks for /tmp/p/home/\.config/ledger/ledgerrc$", r"looks for /tmp/p/home/\.ledgerrc$", r"looks for \./\.ledgerrc$", r"looks for /tmp/p/home/\.pricedb$", r"looks for /tmp/p/home/\.ledger$"],
    # FILE.ctu-info beside each source (context::catalog looks for any); the standard library's
    # description (std.cfg, XML of functions' properties) looked up first in the working
    # directory: data that only changes the findings.
    "cppcheck": [r"writes unlink src/f\.c\.ctu-info = -1ENOENT", r"looks for (std|posix)\.cfg$", r"looks for posix$"],
}


def all_problems(r):
    """Every problem of a form (inspectors.problems names the first of each kind)."""
    r = dict(r)
    out = []
    while True:
        bad = inspectors.problems(r)
        if not bad:
            return out
        p = bad[0]
        out.append(p)
        for key, word in (("writes", "writes "), ("runs", "runs "), ("looks", "looks for "), ("connects", "connects ")):
            if p.startswith(word) and r.get(key):
                r[key] = r[key][1:]
                break
        else:
            if p == "hangs":
                r["outcome"] = "fails"
            else:
                return out + bad[1:]


def decide(path):
    import json, re
    from collections import defaultdict
    writing = set(WRITING)
    rows = defaultdict(lambda: {"forms": 0, "clean": 0, "accepted": 0, "failed": 0, "bad": [], "writing": []})
    for line in open(path):
        r = json.loads(line)
        row = rows[r["program"]]
        bad = all_problems(r)
        if (r["program"], r["form"]) in writing:
            row["writing"].append(f"{r['form']}: {'; '.join(bad[:2]) or 'NOTHING SEEN'}")
            continue
        row["forms"] += 1
        ok = [p for p in bad if any(re.search(a, p) for a in ACCEPTED.get(r["program"], []))]
        rest = [p for p in bad if p not in ok]
        if rest:
            row["bad"].append(f"{r['form']}: {'; '.join(rest[:2])}")
        elif r["outcome"] == "fails":
            row["failed"] += 1
        elif ok:
            row["accepted"] += 1
        else:
            row["clean"] += 1
    print("program\tforms\tread-only\tread-only but what the context reads or is harmless (ACCEPTED)\tfailed, nothing done\tdid more\tthe writing forms left out")
    for p, row in sorted(rows.items()):
        print(f"{p}\t{row['forms']}\t{row['clean']}\t{row['accepted']}\t{row['failed']}\t{' | '.join(row['bad']) or '-'}\t{' | '.join(row['writing']) or '-'}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--decide"]:
        decide(sys.argv[2])
    else:
        main()
