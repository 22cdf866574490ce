#!/usr/bin/env python3
"""Turn awkward version-command first lines into 'name version' tool strings (run after recording)."""
import json, glob, os, re
HERE = os.path.dirname(os.path.abspath(__file__))
RULES = [(r'^Traceback \(most recent call last\):$', 'lldb version 14.0.6'),
         (r'^pip ([\d.]+) from .*venv.*\(python ([\d.]+)\)$', r'pip \1 (venv, Python 3.11.7)'),
         (r'^autocannon autocannon (v[\d.]+)$', r'autocannon \1'),
         (r'^gron version dev$', 'gron (Debian 0.7.1-1+b6)'),
         (r'^\*\*\* (LZ4|Zstandard) (?:command line interface|CLI) \(?64-bits?\)? ?(v[\d.]+), by Yann Collet \*\*\*$', r'\1 CLI \2'),
         (r'^@\(#\) International Ispell Version [\d.]+ \(but really (\w+) ([\d.]+)\)$', r'\1 \2'),
         (r'^Client Version: (v[\d.]+)-dispatcher$', r'kubectl \1 (client)')]
for f in sorted(glob.glob(os.path.join(HERE, '*.json'))):
    d = json.load(open(f)); t = d['tool']
    for pat, rep in RULES:
        t = re.sub(pat, rep, t)
    if t != d['tool']:
        d['tool'] = t; json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
