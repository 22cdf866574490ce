#!/usr/bin/env python3
"""Versioned and alternative names (issue 44, sixth pass, rule (b)).

Debian installs many programs under a versioned or variant name (`guile-3.0`, `valac-0.56`,
`gdc-12`, `identify-im6`, `gnuplot-nox`) with the plain name a symbolic link to it, often through
/etc/alternatives, or the other way round. This measures two candidate rules over every
executable of the system's bin directories:

- the suffix rule: NAME is PLAIN-<version> (`-` and digits with dots) and PLAIN is installed;
- the chosen rule: NAME is PLAIN and a version (`-` or nothing, then digits with dots) and both
  resolve (symbolic links and alternatives followed) to the same file; or NAME is PLAIN, `-` or
  `.`, and a variant word (`-im6`, `-nox`, `.opt`, `.traditional`) and PLAIN is a symbolic link
  naming NAME (`ocamlc -> ocamlc.opt`) or Debian's alternatives link
  (`/usr/bin/PLAIN -> /etc/alternatives/PLAIN`) to NAME's file.

It prints, for the suffix rule, the names whose PLAIN is another file (the rule's errors), and
with `--rust` the chosen rule's pairs as catalog.rs's ALIASES rows (names the classifier maps
already by `programs::cross_tool` and `programs::family` are left out, and programs that read
their own name to choose a mode).

    python3 bench/catalog/aliases.py            # the measure
    python3 bench/catalog/aliases.py --rust     # the rows
"""
import os
import re
import sys

DIRS = ["/usr/local/bin", "/usr/bin", "/usr/sbin", "/bin", "/sbin"]
VERSION = re.compile(r"^(.+)-(\d+(?:\.\d+)*)$")


def executables():
    names = {}
    seen = set()
    for d in DIRS:
        real = os.path.realpath(d)
        if real in seen:
            continue
        seen.add(real)
        for n in sorted(os.listdir(d)):
            p = os.path.join(d, n)
            if n not in names and os.path.isfile(p) and os.access(p, os.X_OK):
                names[n] = os.path.realpath(p)
    return names


# Programs that read their own name (argv[0]) to choose what they do: a variant name of them is
# another mode, never the plain program (Chez Scheme's `scheme-script` runs a script; Wine's
# loader runs the program its name says).
ARGV0 = ("scheme-script",)
# The names the classifier maps already (programs::cross_tool, programs::family): left out.
CROSS = ("gcc", "g++", "cpp", "gcov", "gcov-dump", "gcov-tool", "gcc-ar", "gcc-nm", "gcc-ranlib",
         "lto-dump", "lld", "ld.lld", "lldb", "llc", "lli", "opt", "FileCheck", "wasm-ld")
FAMILY = ("python", "pypy", "pip", "perl", "ruby", "php", "lua", "node", "luac")


def mapped_already(n):
    if "-linux-gnu" in n or "-w64-mingw32-" in n or "-none-eabi-" in n:
        return True
    base, _, version = n.rpartition("-")
    if base and version.isdigit() and len(version) <= 3 and (
            base in CROSS or base.startswith("llvm-") or base.startswith("clang")):
        return True
    return any(n.startswith(b) and all(c.isdigit() or c == "." for c in n[len(b):]) for b in FAMILY)


def alternative(plain, name, real):
    """PLAIN is a symbolic link naming NAME (`ocamlc -> ocamlc.opt`), or Debian's alternatives
    link (`/usr/bin/PLAIN -> /etc/alternatives/PLAIN`) to NAME's file REAL."""
    alt = os.path.join("/etc/alternatives", plain)
    for d in DIRS:
        p = os.path.join(d, plain)
        if not os.path.islink(p):
            continue
        target = os.readlink(p)
        if target == alt and os.path.realpath(alt) == real:
            return True
        if os.path.basename(target) == name and os.path.realpath(p) == real:
            return True
    return False


def rule_pairs(names):
    """(NAME, PLAIN) by the chosen rule: (1) NAME is PLAIN and a version (`-` or nothing, then
    digits with dots) and both are the same file; (2) NAME is PLAIN, `-` or `.`, and a variant
    word, and PLAIN is a symbolic link naming NAME, or the alternatives link to NAME's file."""
    pairs = {}
    for n in sorted(names):
        if n in ARGV0 or n.endswith("-stable") or mapped_already(n):
            continue
        for cut in range(len(n) - 1, 0, -1):
            plain, rest = n[:cut], n[cut:]
            if plain not in names or rest[0] not in "-.0123456789" or len(rest) < 2:
                continue
            if re.fullmatch(r"-?\d+(\.\d+)*", rest):
                if names[plain] == names[n]:
                    pairs[n] = plain
                break
            if alternative(plain, n, names[n]):
                pairs[n] = plain
            break
    # A chain (`identify-im6.q16` -> `identify-im6` -> `identify`) ends at its plainest name.
    for n in pairs:
        while pairs[n] in pairs:
            pairs[n] = pairs[pairs[n]]
    return pairs


def main():
    names = executables()
    suffix_same, suffix_other = [], []
    for n in sorted(names):
        m = VERSION.match(n)
        if m and m.group(1) in names:
            (suffix_same if names[m.group(1)] == names[n] else suffix_other).append(n)
    pairs = rule_pairs(names)
    if "--rust" in sys.argv:
        for n, plain in sorted(pairs.items()):
            print(f'    ("{n}", "{plain}"),')
        return
    print(f"executables: {len(names)}")
    print(f"suffix rule: {len(suffix_same) + len(suffix_other)} names, {len(suffix_same)} the same file as PLAIN, {len(suffix_other)} another:")
    for n in suffix_other:
        m = VERSION.match(n)
        print(f"  {n} -> {names[n]}  but  {m.group(1)} -> {names[m.group(1)]}")
    print(f"chosen rule: {len(pairs)} names (those the classifier maps already left out)")
    for n, plain in sorted(pairs.items()):
        print(f"  {n}\t{plain}\t{names[n]}")


main()
