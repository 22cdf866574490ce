#!/usr/bin/env python3
"""Post-pass: prefix the program name where its '--version' first line is a bare number or version word."""
import json, os, glob
HERE = os.path.dirname(os.path.abspath(__file__))
BYPREFIX = {  # first line as printed -> tool string stored
    '11.19.1': 'npm 11.19.1', 'Version 5.9.3': 'tsc Version 5.9.3', 'v8.57.1': 'eslint v8.57.1',
    'version: 0.9.0': 'ShellCheck version: 0.9.0',
}
for f in glob.glob(os.path.join(HERE, '*.json')):
    d = json.load(open(f)); t = d['tool']; new = t
    if t in BYPREFIX: new = BYPREFIX[t]
    elif t.startswith('3.40.1 '): new = 'sqlite3 ' + t
    elif d['name'].startswith('lint-prettier') and t[:1].isdigit(): new = 'prettier ' + t
    elif t.startswith('5.0.4 (mccabe'): new = 'flake8 ' + t
    elif t.startswith('Client Version: '): new = 'kubectl ' + t
    elif t == '0.25.12': new = 'esbuild 0.25.12'
    elif 'Apache Maven 3.8.7' in t: new = 'Apache Maven 3.8.7 (its -v first line starts with ANSI reset codes, removed here)'
    if new != t:
        d['tool'] = new; json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
