#!/usr/bin/env python3
"""Show, for every run whose two outputs differ, the first few differing lines (first run vs second/<name>.txt)."""
import json, glob, os, difflib, sys
HERE = os.path.dirname(os.path.abspath(__file__)); S = '/work/corpus-min37-scratch'
for f in sorted(glob.glob(os.path.join(HERE, '*.json'))):
    d = json.load(open(f)); n = d['name']; p = os.path.join(S, 'second', n + '.txt')
    if len(sys.argv) > 1 and not any(n.startswith(a) for a in sys.argv[1:]): continue
    if not os.path.exists(p): continue
    b = open(p).read()
    if b == d['output']: continue
    dl = [l for l in difflib.unified_diff(d['output'].splitlines(), b.splitlines(), lineterm='', n=0) if l[:1] in '+-' and l[:3] not in ('+++', '---')]
    print('==', n, len(dl), 'changed lines'); print('\n'.join(x[:160] for x in dl[:6]))
