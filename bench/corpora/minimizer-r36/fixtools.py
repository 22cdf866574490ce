#!/usr/bin/env python3
"""r36: tidy tool strings after recording: bare version numbers get their program's name, pip loses its install path."""
import json, glob, os, re
HERE = os.path.dirname(os.path.abspath(__file__))
BARE = {'0.25.12': 'esbuild 0.25.12', '11.19.1': 'npm 11.19.1', 'Version 5.9.3': 'tsc Version 5.9.3 (typescript 5.9.3)',
        'v9.39.5': 'ESLint v9.39.5', 'mccabe Version: 0.7.0': 'mccabe 0.7.0', 'typeguard Version: 4.6.1': 'typeguard 4.6.1',
        'TAP::Harness v3.44 and Perl v5.36.0': 'prove (TAP::Harness v3.44, Perl v5.36.0) running rakudo v2022.12'}
for f in glob.glob(os.path.join(HERE, '*.json')):
    d = json.load(open(f)); t = d['tool']
    t2 = BARE.get(t, re.sub(r'^pip (\S+) from \S+ \(python (\S+)\)$', r'pip \1 (python \2)', t))
    if t2 != t:
        d['tool'] = t2; json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False); print(os.path.basename(f), '->', t2)
