#!/usr/bin/env python3
"""Verify classifier-r19 cases: run each case in a private mount namespace with a
fresh tmpfs on /tmp, snapshot ROOT and /tmp before/after the command, compare.
Usage: verify.py cases.jsonl [--jobs N] [--only ID,...]"""
import hashlib, json, os, subprocess, sys, time, concurrent.futures as cf

def snap(top, exclude=None):
    out = {}
    for dp, dns, fns in os.walk(top):
        if exclude and (dp == exclude or dp.startswith(exclude + '/')):
            dns[:] = []
            continue
        if exclude:
            dns[:] = [d for d in dns if os.path.join(dp, d) != exclude]
        try:
            st = os.lstat(dp)
            out[dp + '/'] = ('d', st.st_mode, st.st_mtime_ns)
        except OSError:
            pass
        for fn in fns + [d for d in dns if os.path.islink(os.path.join(dp, d))]:
            p = os.path.join(dp, fn)
            try:
                st = os.lstat(p)
            except OSError:
                continue
            if os.path.islink(p):
                out[p] = ('l', os.readlink(p), st.st_mtime_ns)
            elif os.path.isfile(p):
                h = hashlib.sha256()
                try:
                    with open(p, 'rb') as f:
                        for b in iter(lambda: f.read(1 << 20), b''):
                            h.update(b)
                    hx = h.hexdigest()
                except OSError:
                    hx = '?'
                out[p] = ('f', st.st_size, st.st_mtime_ns, st.st_mode, hx)
            else:
                out[p] = ('o', st.st_mode, st.st_mtime_ns)
    return out

def diff(a, b):
    ch = []
    for k in sorted(set(a) | set(b)):
        if k not in a: ch.append('+' + k)
        elif k not in b: ch.append('-' + k)
        elif a[k] != b[k]: ch.append('~' + k)
    return ch

def inner(case):
    # runs inside `unshare -m`: private tmpfs on /tmp
    subprocess.run(['mount', '--make-rprivate', '/'], check=False)
    subprocess.run(['mount', '-t', 'tmpfs', 'tmpfs', '/tmp'], check=True)
    root = '/tmp/case-' + case['id']
    home = root + '/home'
    os.makedirs(home)
    r = subprocess.run(['bash', '-c', 'set -e\n' + case['setup']], cwd=root,
                       env={'PATH': os.environ['PATH'], 'HOME': home, 'ROOT': root},
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    if r.returncode != 0:
        return {'id': case['id'], 'error': 'setup failed rc=%d: %s' % (r.returncode, r.stderr.decode(errors='replace')[-600:])}
    cwd = os.path.join(root, case['cwd'])
    time.sleep(0.02)
    s_root = snap(root); s_tmp = snap('/tmp', exclude=root)
    env = {'PATH': os.environ['PATH'], 'HOME': home}
    env.update(case.get('env') or {})
    timed_out = False
    try:
        c = subprocess.run(['bash', '-c', case['command']], cwd=cwd, env=env,
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=20,
                           start_new_session=True)
        rc = c.returncode; err = c.stderr.decode(errors='replace')[-300:]
        outp = c.stdout.decode(errors='replace')[:200]
    except subprocess.TimeoutExpired:
        timed_out = True; rc = None; err = 'TIMEOUT'; outp = ''
    time.sleep(0.05)
    a_root = snap(root); a_tmp = snap('/tmp', exclude=root)
    changes = [c.replace(root, '$ROOT') for c in diff(s_root, a_root)] + diff(s_tmp, a_tmp)
    measured = 'not-read-only' if changes else 'read-only'
    return {'id': case['id'], 'measured': measured, 'changes': changes[:8], 'rc': rc,
            'stderr': err, 'stdout': outp, 'timeout': timed_out}

def run_one(case):
    p = subprocess.run(['unshare', '-m', '--propagation', 'private', sys.executable,
                        os.path.abspath(__file__), '--inner'],
                       input=json.dumps(case).encode(), capture_output=True, timeout=200)
    try:
        return json.loads(p.stdout.decode().strip().splitlines()[-1])
    except Exception:
        return {'id': case['id'], 'error': 'runner failed: ' + p.stderr.decode(errors='replace')[-600:]}

def main():
    if '--inner' in sys.argv:
        case = json.loads(sys.stdin.read())
        print(json.dumps(inner(case)))
        return
    path = sys.argv[1]
    jobs = int(sys.argv[sys.argv.index('--jobs') + 1]) if '--jobs' in sys.argv else 2
    only = set(sys.argv[sys.argv.index('--only') + 1].split(',')) if '--only' in sys.argv else None
    cases = [json.loads(l) for l in open(path) if l.strip()]
    ids = [c['id'] for c in cases]
    assert len(ids) == len(set(ids)), 'duplicate ids'
    if only: cases = [c for c in cases if c['id'] in only]
    t0 = time.time()
    mism = 0; errs = 0
    with cf.ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(run_one, cases))
    for c, r in zip(cases, results):
        if 'error' in r:
            errs += 1
            print('ERROR %s %s' % (c['id'], r['error'].replace('\n', ' | ')))
            continue
        ok = r['measured'] == c['expect']
        if not ok: mism += 1
        print('%s %-40s %-13s expect=%-13s measured=%-13s rc=%s %s%s' % (
            'OK  ' if ok else 'MISS', c['id'], c['family'], c['expect'], r['measured'], r['rc'],
            ' '.join(r['changes'][:4]), '' if ok else '  stderr=' + r['stderr'].replace('\n', ' | ')[-200:]))
    print('\nSUMMARY: %d cases, %d mismatches, %d errors, %.0f s' % (len(cases), mism, errs, time.time() - t0))
    sys.exit(1 if mism or errs else 0)

if __name__ == '__main__':
    main()
