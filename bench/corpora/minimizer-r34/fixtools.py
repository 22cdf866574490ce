#!/usr/bin/env python3
"""Post-pass (as r33's): tidy tool strings whose version command prints a bare number, quotes, or a long install path."""
import json, os, glob, re
HERE = os.path.dirname(os.path.abspath(__file__))
MAP = {'"clojure 1.11.1"': 'Clojure 1.11.1 (Debian clojure 1.11.1-2)',
       'python-dotenv Version: 1.2.4': 'python-dotenv 1.2.4',
       'jsonschema Version: 4.26.0': 'jsonschema 4.26.0 (deprecated CLI)',
       'markdown-it-py Version: 4.3.0': 'markdown-it-py 4.3.0',
       'cbc Version: 2.10.8': 'CBC MILP Solver 2.10.8',
       'Version: 2.6.8': 'biome 2.6.8 (@biomejs/biome)',
       'awk GNU Awk 5.2.1, API 3.2, PMA Avon 8-g1, (GNU MPFR 4.2.0, GNU MP 6.2.1)': 'GNU Awk 5.2.1, API 3.2, PMA Avon 8-g1, (GNU MPFR 4.2.0, GNU MP 6.2.1)',
       'coqc The Coq Proof Assistant, version 8.16.1': 'The Coq Proof Assistant, version 8.16.1 (coqc)'}
for f in glob.glob(os.path.join(HERE, '*.json')):
    d = json.load(open(f)); t = d['tool']; new = MAP.get(t, t)
    if d['name'].startswith('test-unittest') and t.startswith('Python'): new = t + ' (unittest)'
    new = re.sub(r'^(pip [\d.]+) from \S+ (\(python [\d.]+\))$', r'\1 \2', new)
    if new != t:
        d['tool'] = new; json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
