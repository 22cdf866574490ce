#!/usr/bin/env python3
"""Numbers for README: runs by family, sizes, exit statuses, pipelines."""
import collections, glob, json, os, re
H = os.path.dirname(os.path.abspath(__file__))
runs = [json.load(open(f)) for f in sorted(glob.glob(os.path.join(H, '*.json')))]
fam = collections.Counter(d['name'].split('-')[0] for d in runs)
print('runs', len(runs)); print('families', ', '.join('%s %d' % kv for kv in fam.most_common()))
b = collections.Counter()
for d in runs:
    n = d['output'].count('\n') + (0 if d['output'].endswith('\n') or not d['output'] else 1)
    b['<30' if n < 30 else '30-499' if n < 500 else '500-4999' if n < 5000 else '>=5000'] += 1
print('sizes', dict(b))
big = sorted(runs, key=lambda d: -len(d['output']))[:4]
print('largest', '; '.join('%s (%d lines, %d KB)' % (d['name'], d['output'].count('\n'), len(d['output'].encode()) // 1024) for d in big))
print('total bytes', sum(len(d['output'].encode()) for d in runs))
ec = collections.Counter(d['exitCode'] for d in runs)
print('exit', sorted(ec.items()), 'nonzero', sum(v for k, v in ec.items() if k != 0))
print('pipelines/chains', sum(1 for d in runs if re.search(r'\||&&|;', d['command'])))
print('nd', sum(1 for d in runs if '(non-deterministic' in d['notes']))
print('empty', [d['name'] for d in runs if not d['output'].strip()])
print('cnf', [d['name'] for d in runs if 'command not found' in d['output'] or 'not found' in d['output'][:200]])
