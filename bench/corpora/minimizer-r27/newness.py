#!/usr/bin/env python3
"""Which r27 runs are new relative to minimizer-r13..r26 (grep over their tool and command fields)."""
import glob, json, os, re, sys
prev_tools, prev_cmds = set(), []
for f in glob.glob('/work/main/bench/corpora/minimizer-r*/**/*.json', recursive=True):
    try: d = json.load(open(f))
    except Exception: continue
    if isinstance(d, dict) and 'command' in d:
        prev_tools.add(d.get('tool', '').strip()); prev_cmds.append(d['command'])
blob = '\n'.join(prev_cmds)
def words(cmd):
    # program names (first word of each pipeline/chain element, npx's target) and flags
    out = set()
    for part in re.split(r'\|\||&&|[|;]', cmd):
        t = part.strip().split()
        t = [x for x in t if '=' not in x or x.startswith('-')]
        if not t: continue
        if t[0] in ('npx', 'timeout', 'nice') and len(t) > 1: t = t[1:]
        if t[0].isdigit() and len(t) > 1: t = t[1:]
        out.add(t[0])
        for x in t[1:]:
            if x.startswith('-') and len(x) > 1: out.add(x.split('=')[0])
    return out
res = {'tool': [], 'mode': [], 'old': []}
for f in sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(__file__)), '*.json'))):
    d = json.load(open(f))
    if d['tool'].strip() not in prev_tools: res['tool'].append(d['name']); continue
    nw = [w for w in words(d['command']) if w not in blob]
    if nw: res['mode'].append('%s (%s)' % (d['name'], ' '.join(sorted(nw)))); continue
    res['old'].append(d['name'])
for k in res: print(k, len(res[k]))
if '-v' in sys.argv:
    for k in res: print('\n'.join('%s: %s' % (k, x) for x in res[k]))

# output shapes: markers that occur in no earlier output
MARKERS = ['##[group]', '::group::', '##[error]', 'Failed password for invalid user', '[emerg]', 'while connecting to upstream', 'access forbidden by rule', 'Timeout (>1.0s) from pytest-timeout', 'SETUP    F', 'TEARDOWN F', 'Hypothesis Statistics', '- during generate phase',
           'diff --cc', 'users:((', 'MemoryLimit=', '--- before', 'PLAY RECAP', '=> Send header', '<= Recv header',
           '301 Moved Permanently', '502 Bad Gateway', 'B403:blacklist', 'Rule parse error', 'Performance counter stats',
           'Each sample counts as', 'Statistical profiling result', 'Massif arguments', 'Profile data file', 'Maximum resident set size',
           'usecs/call', 'average=', 'List reduced from', 'were called from', 'No journal files were found', 'interactive rebase in progress',
           'cherry-pick --continue', 'Merge: ', 'Bin 3000 -> 3000 bytes', 'similarity index 100%', 'author-mail', 'Seq Scan',
           'Buffers: shared hit', 'Table "public.orders"', 'Referenced by:', 'is not present in table', 'already exists.',
           '-[ RECORD 1 ]', 'SET default_table_access_method', 'restrict ', '# Keyspace', 'WRONGTYPE', 'Biggest string found',
           '"MONITOR"', 'redis_version', 'ERR unknown command', 'Could not connect to Redis', 'Scan Status', 'Code Findings',
           'circular dependency', 'Circular dependency', 'non-dry build', 'is out of date because', 'is up to date because',
           'Successfully compiled', "experimental syntax 'jsx'", 'sourceType: module', 'performance recommendations', 'entrypoint size limit',
           'Field \'browser\' doesn\'t contain', 'MD022/blanks-around-headings', 'attr-no-duplication', 'Expecting \'STRING\'',
           'Depended by', 'Missing script:', 'Could not resolve', 'JSX syntax extension', '--- traceback of biggest block',
           'Failed to parse service restart specifier', 'localhost | SUCCESS', 'localhost | FAILED', 'ansible_distribution', 'found duplication of key',
           '==> ', 'Error compiling', 'No broken requirements', 'cumtime',
           'Cycle detected', 'Index by function name', 'HTTP request sent, awaiting response', '% Total    % Received']
prev_out = []
for f in glob.glob('/work/main/bench/corpora/minimizer-r*/**/*.json', recursive=True):
    try: d = json.load(open(f))
    except Exception: continue
    if isinstance(d, dict) and 'output' in d: prev_out.append(d['output'])
pblob = '\n'.join(prev_out)
newm = [m for m in MARKERS if m not in pblob]
shape = []
for name in list(res['old']):
    out = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), name + '.json')))['output']
    hit = [m for m in newm if m in out]
    if hit: shape.append('%s (%s)' % (name, hit[0])); res['old'].remove(name)
print('shape', len(shape)); print('still old', len(res['old']))
if '-v' in sys.argv:
    print('\n'.join('shape: ' + x for x in shape)); print('\n'.join('old: ' + x for x in res['old']))

