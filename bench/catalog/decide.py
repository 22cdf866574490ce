#!/usr/bin/python3
"""From the tracer's records to the catalog's decisions (issue 44), by rule, not by hand.

    python3 bench/catalog/decide.py traces.jsonl [held.jsonl] > decisions.tsv
    python3 bench/catalog/decide.py --rust traces.jsonl held.jsonl   # catalog.rs's INFO rows

A form is an information mode that only prints when its trace shows no write (attempted or done,
EROFS included), no socket connected or tried (glibc's nscd probe excepted: every name-service
lookup tries /var/run/nscd/socket and sends nothing else), no program run but the harmless
helpers below, no file looked for in HOME or the probe directory (a configuration: what it would
read there could change what it does; the Python user site, which the classifier's context
reads for every Python script, excepted), it finished within the timeout (its exit status may
be anything: a usage error prints and changes nothing), and, given held.jsonl (the tracer's
`--held` pass), it also did all that with standard input an empty pipe held open: it did not
wait to read standard input, so it is an information mode, not a filter or a default action
that had nothing to do. Extra forms the tracer took from a program's --help count only with
status 0.

The form must also be what the program documents as an information mode, since a trace shows
only this machine's state (`fsck -V` is "verbose" and, on a machine whose /etc/fstab lists
filesystems, checks them all; here it printed one line): `--help` and `-h` print a usage text
(`usage` or `options` in it, or a line that starts with an option: `fstab-decode --help`
tried to run a program named `--help` and printed that it found none) and `-h` is listed beside the word "help" in that text;
`--version` prints a version number (`N.N`) or is listed beside the word "version", and `-V`
is listed beside the word "version" (fsck's `-V` printed a version number).
The options a help text names as listing or checking (traced too) are not taken: what they
list or check is the machine's (`fsck -A`).

Per program, one line: program, decision, the forms, why:
  info      some one-word forms only print (listed in catalog.rs's INFO)
  unknown   no form qualifies; why: writes, runs, connects, hangs, reads configuration, silent
"""
import json, os, re, sys
from collections import defaultdict

HERE = os.path.dirname(os.path.abspath(__file__))
# Programs that scripts run to print their usage or version; none writes, runs another program
# or reads a configuration in these uses.
HARMLESS_RUNS = {
    "basename", "dirname", "cat", "sed", "expr", "uname", "tr", "head", "tail", "grep", "printf",
    "echo", "getopt", "readlink", "realpath", "sort", "id", "tput", "wc", "cut", "awk", "mawk",
    "gawk", "ls", "true", "false", "test", "[",
}
IGNORED_LOOK = re.compile(r"^/tmp/p/home/\.local/lib/python3\.\d+/site-packages$")
BASE_FORMS = ["--version", "--help", "-h", "-V"]
# Left to another helper (cls49) by the task.
LEFT_TO_OTHERS = {"pandoc", "asciidoctor", "global", "gtags", "licensecheck", "getcap", "gfortran", "gnuplot", "xmllint"}


def problems(r):
    out = []
    if r["outcome"] == "hangs":
        out.append("hangs")
    if r.get("writes"):
        out.append("writes " + r["writes"][0][:80])
    connects = [c for c in r.get("connects", []) if "/nscd/socket" not in c]
    if connects:
        out.append("connects " + connects[0][:80])
    runs = [x for x in r.get("runs", []) if os.path.basename(x) not in HARMLESS_RUNS]
    if runs:
        out.append("runs " + ",".join(os.path.basename(x) for x in runs[:3]))
    looks = [x for x in r.get("looks", []) if not IGNORED_LOOK.match(x)]
    if looks:
        out.append("reads " + looks[0][:80])
    if r["outcome"] in ("error", "not run"):
        out.append(r["outcome"])
    return out


USAGE = re.compile(r"usage|options|^\s+-\w", re.I | re.M)
VERSION_NUMBER = re.compile(r"\d+\.\d+")


def listed(option, word, text):
    """`option` appears as an option on a line of `text` that has `word` in it."""
    pattern = re.compile(r"(^|[\s,\[|])" + re.escape(option) + r"([\s,\]|=]|$)")
    return any(pattern.search(line) and word in line.lower() for line in text.splitlines())


def documented(form, output, help_text):
    if form == "--help":
        return bool(USAGE.search(output))
    if form == "-h":
        return bool(USAGE.search(output)) and listed("-h", "help", help_text)
    if form == "--version":
        return bool(VERSION_NUMBER.search(output)) or listed(form, "version", help_text)
    if form == "-V":
        return listed("-V", "version", help_text)
    return False


def main():
    args = sys.argv[1:]
    rust = "--rust" in args
    args = [a for a in args if a != "--rust"]
    path = args[0] if args else os.path.join(HERE, "traces.jsonl")
    by_program = defaultdict(list)
    for line in open(path):
        r = json.loads(line)
        by_program[r["program"]].append(r)
    held = {}
    if len(args) > 1:
        for line in open(args[1]):
            r = json.loads(line)
            held[(r["program"], r["form"])] = r
    decisions = []
    for program in sorted(by_program):
        rows = by_program[program]
        if program in LEFT_TO_OTHERS:
            decisions.append((program, "left", "", "left to another task"))
            continue
        good, why = [], []
        helps = [held.get((program, f), {}).get("output", "") for f in ("--help", "-h")]
        helps += [r.get("output", "") for r in rows if r["form"] in ("--help", "-h")]
        help_text = "\n".join(helps)
        for r in rows:
            if r["form"] in ("FILE", "< FILE", "*"):
                p = problems(r)
                if p and r["form"] == "*":
                    why += p
                continue
            p = problems(r)
            if r["form"] not in BASE_FORMS:
                continue
            printed = r["rc"] is not None
            h = held.get((program, r["form"])) if held else r
            output = (h or r).get("output", "")
            if not p and printed and held and h is not None and not documented(r["form"], output, help_text):
                why.append(f"{r['form']} undocumented: not a usage or version text")
            elif not p and printed and h is None:
                why.append(f"{r['form']} not traced with standard input held")
            elif not p and printed and problems(h):
                why += [f"{r['form']} with standard input held: " + problems(h)[0]]
            elif not p and printed:
                good.append(r["form"])
            else:
                why += p or [f"{r['form']} exit {r['rc']}"]
        if good:
            decisions.append((program, "info", " ".join(good), ""))
        else:
            kinds = "; ".join(dict.fromkeys(w.split(" ")[0] for w in why))
            decisions.append((program, "unknown", "", f"{kinds}: {why[0] if why else ''}"))
    if rust:
        for program, decision, forms, _ in decisions:
            if decision == "info":
                quoted = ", ".join(f'"{f}"' for f in forms.split(" "))
                print(f'    ("{program}", &[{quoted}]),')
        return
    print("program\tdecision\tforms\twhy")
    for d in decisions:
        print("\t".join(d))


if __name__ == "__main__":
    main()
