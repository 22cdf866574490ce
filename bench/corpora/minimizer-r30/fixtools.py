#!/usr/bin/env python3
"""Post-pass: replace tool strings whose '$ cmd --version' first line was not the version (warnings, odd --version)."""
import json, os, glob
HERE = os.path.dirname(os.path.abspath(__file__))
FIX = {
    'tf-': 'Terraform v1.11.4 (first line of `terraform version` is a CLI-config warning on this machine)',
    'lint-redocly': '@redocly/cli 2.77.0 (the first line of its --version output is a Node 20 deprecation banner)',
    'build-redocly-': '@redocly/cli 2.77.0 (the first line of its --version output is a Node 20 deprecation banner)',
    'build-postcss-': 'postcss-cli 11.0.1 with postcss 8.5.34 and autoprefixer 10.7.0 (its --version prints 1.0.0)',
}
BYTOOL = {  # bare version numbers: prefix the program name
    '30.5.2': 'jest 30.5.2', 'Version 6.0.3': 'tsc Version 6.0.3', 'v10.15.0': 'eslint v10.15.0',
}
for f in glob.glob(os.path.join(HERE, '*.json')):
    d = json.load(open(f))
    if d['tool'] in BYTOOL:
        d['tool'] = BYTOOL[d['tool']]; json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
    if d['tool'].startswith('3.40.1 '):
        d['tool'] = 'sqlite3 ' + d['tool']; json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
    for pre, tool in FIX.items():
        if d['name'].startswith(pre):
            d['tool'] = tool
            json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
