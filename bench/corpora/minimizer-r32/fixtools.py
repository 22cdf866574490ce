#!/usr/bin/env python3
"""Post-pass (as r31's): prefix the program name where its version command prints a bare number or version word."""
import json, os, glob
HERE = os.path.dirname(os.path.abspath(__file__))
BYPREFIX = {'11.19.1': 'npm 11.19.1', 'Version 5.9.3': 'tsc Version 5.9.3', 'Version 4.8.4': 'tsc Version 4.8.4 (Debian node-typescript)',
            'v8.57.1': 'eslint v8.57.1', 'v20.20.2': 'node v20.20.2'}
for f in glob.glob(os.path.join(HERE, '*.json')):
    d = json.load(open(f)); t = d['tool']; new = t; n = d['name']
    if t in BYPREFIX: new = BYPREFIX[t]
    elif t.startswith('3.40.1 '): new = 'sqlite3 ' + t
    elif n.startswith('lint-prettier') and t[:1].isdigit(): new = 'prettier ' + t
    elif t.startswith('Client Version: '): new = 'kubectl ' + t
    elif n.startswith('media-pngcheck') and not t.lower().startswith('pngcheck'): new = 'pngcheck ' + t
    if t.startswith('There are some problems with the CLI configuration'): new = 'Terraform v1.11.4'
    if t.endswith('Optimized build.'): new = t.replace('Optimized build.', '(Debian LLVM version 14.0.6)')
    if n.startswith('run-erb') and t[:1].isdigit(): new = 'erb ' + t
    if n.startswith('grep-nimgrep') and t[:1].isdigit(): new = 'nimgrep ' + t
    if n.startswith('lint-jdeprscan') and t[:1].isdigit(): new = 'jdeprscan ' + t
    if n.startswith('docs-ocamldoc') and t[:1].isdigit(): new = 'ocamldoc ' + t
    if t.startswith('ocamlfind'): new = 'ocamlfind (ocaml-findlib 1.9.6-1+b1)'
    if t.startswith('ocamlobjinfo: unknown option'): new = 'ocamlobjinfo (OCaml 4.13.1; it has no -version option)'
    if t == 'Mix [timeout]': new = 'Mix 1.14.0 (compiled with Erlang/OTP 24)'
    if new != t:
        d['tool'] = new; json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
