#!/usr/bin/env python3
"""r35: tidy tool strings after recording (pip prints its install path: keep version and python only)."""
import json, glob, os, re
HERE = os.path.dirname(os.path.abspath(__file__))
for f in glob.glob(os.path.join(HERE, '*.json')):
    d = json.load(open(f)); t = d['tool']
    t2 = re.sub(r'^pip (\S+) from \S+ \(python (\S+)\)$', r'pip \1 (python \2)', t)
    if t2 != t:
        d['tool'] = t2; json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False); print(os.path.basename(f), '->', t2)
