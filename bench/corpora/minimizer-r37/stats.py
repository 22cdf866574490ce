#!/usr/bin/env python3
"""Numbers for README: families, sizes, exit codes, pipelines, comparison results, newness vs every minimizer-r* round (r36 holdout/ and tune/ included)."""
import json, glob, os, re, collections, sys
HERE = os.path.dirname(os.path.abspath(__file__))
OLD = sys.argv[1] if len(sys.argv) > 1 else '/work/main/bench/corpora'
runs = [json.load(open(f)) for f in sorted(glob.glob(os.path.join(HERE, '*.json')))]
fam = collections.Counter(r['name'].split('-')[0] for r in runs)
print('runs', len(runs)); print('families', dict(fam.most_common()))
lines = [r['output'].count('\n') for r in runs]
b = collections.Counter('<30' if n < 30 else '30-499' if n < 500 else '500-4999' if n < 5000 else '>=5000' for n in lines)
print('sizes', dict(b), 'total bytes', sum(len(r['output']) for r in runs))
big = sorted(runs, key=lambda r: -r['output'].count('\n'))[:6]
print('largest', [(r['name'], r['output'].count('\n'), len(r['output'])) for r in big])
rc = collections.Counter(r['exitCode'] for r in runs)
print('exit', dict(sorted(rc.items())), 'nonzero', sum(v for k, v in rc.items() if k != 0))
print('pipelines/chains', sum(1 for r in runs if re.search(r'\||&&|;', r['command'])))
print('nondeterministic', sum(1 for r in runs if '(non-deterministic:' in r['notes']))
for part in 'AB':
    pr=[r for r in runs if r['notes'].startswith('[%s]' % part)]
    print('part', part, len(pr), 'nonzero', sum(1 for r in pr if r['exitCode']), 'pipelines', sum(1 for r in pr if re.search(r'\||&&|;', r['command'])))
old_tools, old_cmds = set(), set()
for f in glob.glob(os.path.join(OLD, 'minimizer-r*', '**', '*.json'), recursive=True):
    try: d = json.load(open(f))
    except Exception: continue
    if isinstance(d, dict) and 'tool' in d:
        old_tools.add(d['tool'].strip().lower()); old_cmds.add(d.get('command', ''))
def key(c):  # the "mode": each pipeline stage's program word and its sorted flags
    out = []
    for stage in re.split(r'\|\||&&|\||;', c):
        w = stage.split()
        if not w: continue
        prog = w[0] if w[0] not in ('python', 'python3') or len(w) < 3 or w[1] != '-m' else w[2]
        out.append(prog + ' ' + ' '.join(sorted({x.split('=')[0] for x in w[1:] if x.startswith('-')})))
    return ' | '.join(out)
old_modes = {key(c) for c in old_cmds}
newtool = [r['name'] for r in runs if r['tool'].strip().lower() not in old_tools]
newmode = [r['name'] for r in runs if r['name'] not in newtool and key(r['command']) not in old_modes]
print('new tool string', len(newtool), 'of which part B', sum(1 for n in newtool if any(r['name']==n and r['notes'].startswith('[B]') for r in runs))); print('  ', newtool); print('new mode (first words of command)', len(newmode))
print('  ', newmode)
