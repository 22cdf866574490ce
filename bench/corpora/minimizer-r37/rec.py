#!/usr/bin/env python3
"""r37 recorder (adapted from r36's): runs each spec twice via bash -c "<cmd> 2>&1", stores the first output, compares the second.
Usage: rec.py [--prefix P ...] [name ...]   (no argument: every spec)"""
import json, os, re, subprocess, sys, importlib.util
HERE = os.path.dirname(os.path.abspath(__file__))
S = '/work/corpus-min37-scratch'
spec = importlib.util.spec_from_file_location('specs', os.path.join(HERE, 'specs.py'))
specs = importlib.util.module_from_spec(spec); spec.loader.exec_module(specs)
ENV = dict(os.environ, CI='true', NO_COLOR='1', TERM='dumb', GIT_PAGER='cat', PAGER='cat',
           GIT_CONFIG_GLOBAL=S + '/gitconfig')
# nothing may write into the machine's HOME: every tool gets a HOME (and XDG dirs, cargo/go caches) in the scratch
H = S + '/home'
ENV.update(HOME=H, XDG_CONFIG_HOME=H + '/.config', XDG_CACHE_HOME=H + '/.cache', XDG_DATA_HOME=H + '/.local/share',
           XDG_STATE_HOME=H + '/.local/state', CARGO_HOME=H + '/.cargo', RUSTUP_HOME='/root/.rustup',
           GOPATH=H + '/go', GOCACHE=H + '/.cache/go-build', MIX_HOME=H + '/.mix', HEX_HOME=H + '/.hex',
           npm_config_cache=H + '/.npm', GRADLE_USER_HOME=H + '/.gradle', PIP_CACHE_DIR=H + '/.cache/pip',
           GOPROXY='off', GOFLAGS='-mod=mod', DOTNET_CLI_HOME=H, CABAL_DIR=H + '/.cabal', STACK_ROOT=H + '/.stack',
           GPRC=S + '/gprc')
ENV['PATH'] = S + '/bin:' + S + '/venv/bin:' + S + '/tools/node/node_modules/.bin:' + S + '/tools/cargo/bin:' + ENV['PATH']
ENV.pop('VIRTUAL_ENV', None)
def sh(cmd, cwd, env, timeout):
    try:
        p = subprocess.run(['nice', '-n', '10', 'bash', '-c', cmd + ' 2>&1'], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        return p.returncode, p.stdout.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired as e:
        return 124, (e.stdout or b'').decode('utf-8', 'replace') + '\n[timeout]'
def mask(s): return re.sub(r'[0-9a-f]', '#', re.sub(r'\d+', '0', s))
def renote():
    # rewrite notes from specs.py after corrections, keeping the recorded comparison result
    for sp in specs.SPECS:
        f = os.path.join(HERE, sp['name'] + '.json')
        if not os.path.exists(f): continue
        d = json.load(open(f))
        n = sp.get('notes', '')
        if '(non-deterministic:' in d['notes']:
            old = d['notes'].split('(non-deterministic: ', 1)[1].rsplit(')', 1)[0]
            n += ' (non-deterministic: %s)' % sp.get('nd', old)
        d['notes'] = n
        json.dump(d, open(f, 'w'), indent=1, ensure_ascii=False)
def main():
    if sys.argv[1:2] == ['--renote']: return renote()
    args = sys.argv[1:]
    prefixes = [args[i + 1] for i, a in enumerate(args) if a == '--prefix']
    only = {a for i, a in enumerate(args) if a != '--prefix' and (i == 0 or args[i - 1] != '--prefix')}
    log = open(os.path.join(S, 'verify-%d.log' % os.getpid()), 'a')
    order = [a for i, a in enumerate(args) if a != '--prefix' and (i == 0 or args[i - 1] != '--prefix')]
    byname = {sp['name']: sp for sp in specs.SPECS}
    todo = [byname[n] for n in order if n in byname] if order and not prefixes else specs.SPECS  # names run in the order given
    for sp in todo:
        name = sp['name']
        if (only or prefixes) and not (name in only or any(name.startswith(p) for p in prefixes)): continue
        cwd = os.path.join(S, sp.get('dir', '.'))
        env = dict(ENV, **sp.get('env', {}))
        to = sp.get('timeout', 150)
        outs = []
        for i in range(2):
            if sp.get('reset'): sh(sp['reset'], cwd, env, 150)
            outs.append(sh(sp['cmd'], cwd, env, to))
        if sp.get('post'): sh(sp['post'], cwd, env, 150)
        (rc, out), (rc2, out2) = outs
        cmp = 'identical' if (out == out2 and rc == rc2) else ('masked' if mask(out) == mask(out2) and rc == rc2 else 'different')
        tool = sp.get('tool', '')
        if tool.startswith('$ '):
            t = sh(tool[2:], cwd, env, 60)[1].strip()
            tool = t.splitlines()[0].strip() if t else tool[2:]
            if sp.get('toolname') and not tool.lower().startswith(sp['toolname'].lower()): tool = sp['toolname'] + ' ' + tool
        notes = sp.get('notes', '')
        if cmp != 'identical':
            notes += ' (non-deterministic: %s)' % sp.get('nd', 'digits differ between runs' if cmp == 'masked' else 'output differs between runs')
        json.dump({'name': name, 'command': sp['cmd'], 'exitCode': rc, 'output': out, 'tool': tool, 'notes': notes},
                  open(os.path.join(HERE, name + '.json'), 'w'), indent=1, ensure_ascii=False)
        os.makedirs(os.path.join(S, 'second'), exist_ok=True)
        open(os.path.join(S, 'second', name + '.txt'), 'w').write(out2)
        line = '%s rc=%s lines=%d bytes=%d %s' % (name, rc, out.count('\n'), len(out), cmp)
        print(line, flush=True); log.write(line + '\n'); log.flush()
if __name__ == '__main__': main()
