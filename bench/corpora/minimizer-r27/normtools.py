#!/usr/bin/env python3
"""After recording: turn bare version strings in `tool` into "name version" (nothing else is edited)."""
import glob, json, os
H = os.path.dirname(os.path.abspath(__file__))
MAP = {'0.28.2': 'esbuild 0.28.2', '1.185.0': 'semgrep 1.185.0', '1.6.3': 'jsonlint 1.6.3', '1.9.2': 'htmlhint 1.9.2',
       '11.19.1': 'npm 11.19.1', '7.29.7 (@babel/core 7.29.16)': '@babel/cli 7.29.7 (@babel/core 7.29.16)',
       'Version 7.0.2': 'TypeScript 7.0.2 (tsc, native)', 'v20.20.2': 'node v20.20.2',
       'npx webpack --version | head -1': 'webpack 5.113.0 (webpack-cli 7.3.1)', 'ltrace version 0.7.3.': 'ltrace 0.7.3',
       'crontab': 'crontab (not installed)', 'yq 0.0.0': 'yq 0.0.0 (Debian yq 3.1.0, jq wrapper)',
       'pip 26.3 from /work/corpus-r27/scratch/venv/lib/python3.13/site-packages/pip (python 3.13)': 'pip 26.3 (python 3.13)'}
for f in glob.glob(os.path.join(H, '*.json')):
    d = json.load(open(f))
    if d['tool'] in MAP:
        d['tool'] = MAP[d['tool']]
        json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
