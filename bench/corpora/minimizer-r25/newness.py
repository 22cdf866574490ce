#!/usr/bin/env python3
"""How many r25 runs are new: tool string unseen in minimizer-r13..r24, or a command using a tool/mode/format
that no earlier command used (keywords below, kept only if absent from every earlier command)."""
import json, glob, sys
CORPORA = sys.argv[1] if len(sys.argv) > 1 else "/work/main/bench/corpora"
prev_tools, prev_cmds = set(), []
for f in glob.glob(CORPORA + "/minimizer-r*/**/*.json", recursive=True):
    if "/minimizer-r25" in f:
        continue
    try:
        d = json.load(open(f))
    except Exception:
        continue
    if isinstance(d, dict) and "tool" in d:
        prev_tools.add(d["tool"]); prev_cmds.append(d["command"])
prev = "\n".join(prev_cmds)
KEYS = ['ty check','pyupgrade','refurb','docformatter','autoflake','deptry','xenon','pyroma','check-manifest','--reruns',
        'svelte-check','vue-tsc','cspell','htmlhint','commitlint','publint','tsx ','pip-audit','--hypothesis-show-statistics',
        '--reporter=junit','tap-flat','--reporter=tap','--reporter=json','vitest list','-O json','--output-format github',
        '--output-format json-lines','--output-format pylint','--output-format junit','--output-format full',
        '--output-format gitlab','--output-format sarif','--output-format azure','--output-format rdjson','--test --doc',
        'cargo test --doc','json-diagnostic-short','--show-error-context','pyright --stats','radon mi','radon cc','radon hal',
        '--no-config-lookup','--ignoreConfig','-k 0','branch -a -vv','--exit-code','status -s -uall','pip list --format=json',
        'cat _pytest','RECORD','builtins.pyi','--example','--show-suggestions','--words-only','--no-cov','-p no:cov',
        'linecount-report','any-exprs-report','msvs','msg-template','make-whitelist','cspell trace','json-with-metadata',
        'listEmittedFiles','cargo tree --depth','clippy --message-format','coverage json','ruff rule','--show-settings',
        'eslint --stats','--stats -f','--verifytypes','--dependencies','--list-msgs-enabled','analyze graph',
        '--sort-by-size','--timings','--rules ','--show-context','lib.dom.d.ts','--explainFiles']
absent = [k for k in KEYS if k not in prev]
here = sorted(glob.glob(__file__.rsplit("/", 1)[0] + "/*.json"))
new = 0
for f in here:
    d = json.load(open(f))
    if d["tool"] not in prev_tools or any(k in d["command"] for k in absent):
        new += 1
print(f"{new} of {len(here)} runs new")
