#!/usr/bin/env python3
"""Post-pass (as r32's): prefix the program name where its version command prints a bare number or version word."""
import json, os, glob
HERE = os.path.dirname(os.path.abspath(__file__))
BYPREFIX = {'version: 0.9.0': 'ShellCheck version: 0.9.0', '11.19.1': 'npm 11.19.1', 'Version 5.9.3': 'tsc Version 5.9.3', 'v8.57.1': 'eslint v8.57.1', 'v20.20.2': 'node v20.20.2'}
for f in glob.glob(os.path.join(HERE, '*.json')):
    d = json.load(open(f)); t = d['tool']; new = BYPREFIX.get(t, t); n = d['name']
    if n.startswith('test-unittest') and t.startswith('Python'): new = t.split(' (unittest)')[0] + ' (unittest)'
    if new != t:
        d['tool'] = new; json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
