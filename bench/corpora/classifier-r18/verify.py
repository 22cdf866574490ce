#!/usr/bin/env python3
"""Verify cases.jsonl of the round-18 classifier corpus by running every case.

Each case runs in its own mount namespace (unshare -m) with a private tmpfs on
/tmp, so every file under /tmp seen by the snapshots belongs to the case.
ROOT=/tmp/r18case/ROOT, HOME=ROOT/home.  setup runs as bash -c "set -e\n<setup>"
with env {ROOT, HOME, PATH}; then the whole of /tmp is snapshotted (path, type,
size, mtime_ns, mode, sha256 / link target; directories with their mtime_ns so
transient files are seen too), the command runs as bash -c <command> in
ROOT/<cwd> with env {PATH, HOME} + case env, stdin /dev/null, timeout 20 s, and
/tmp is snapshotted again.  Any created / removed / changed entry (atime never
counts) -> measured "not-read-only", else "read-only".

usage: verify.py [cases.jsonl] [-j N] [--only id1,id2] [-v]
"""
import hashlib, json, os, subprocess, sys, time, signal, stat
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = "/root/.pyenv/bin:/root/.pyenv/shims:/root/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
PATH = os.environ.get("PATH", PATH)
TIMEOUT = 20


def snap(top):
    out = {}
    for dp, dns, fns in os.walk(top):
        for n in [""] + dns + fns:
            p = os.path.join(dp, n) if n else dp
            if n == "" and dp != top:
                continue  # directories are recorded from their parent listing
            try:
                st = os.lstat(p)
            except FileNotFoundError:
                continue
            m = st.st_mode
            rec = [stat.S_IFMT(m), stat.S_IMODE(m), st.st_mtime_ns]
            if stat.S_ISREG(m):
                h = hashlib.sha256()
                try:
                    with open(p, "rb") as f:
                        for b in iter(lambda: f.read(1 << 20), b""):
                            h.update(b)
                    rec += [st.st_size, h.hexdigest()]
                except OSError as e:
                    rec += [st.st_size, "ERR:" + str(e)]
            elif stat.S_ISLNK(m):
                rec += [os.readlink(p)]
            out[os.path.relpath(p, top)] = rec
    return out


def diff(a, b):
    ch = []
    for p in sorted(set(a) | set(b)):
        if p not in a:
            ch.append(("created", p))
        elif p not in b:
            ch.append(("removed", p))
        elif a[p] != b[p]:
            if a[p][0] == stat.S_IFDIR and a[p][:2] == b[p][:2]:
                ch.append(("dir-mtime", p))
            else:
                ch.append(("changed", p))
    return ch


def inner():
    case = json.load(sys.stdin)
    subprocess.run(["mount", "--make-rprivate", "/"], check=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2g", "tmpfs", "/tmp"], check=True)
    root = "/tmp/r18case/ROOT"
    home = root + "/home"
    os.makedirs(home)
    senv = {"ROOT": root, "HOME": home, "PATH": PATH}
    r = subprocess.run(["bash", "-c", "set -e\n" + case["setup"]], cwd=root, env=senv,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
    res = {"id": case["id"]}
    if r.returncode != 0:
        res["error"] = "setup failed rc=%d: %s" % (r.returncode, r.stderr.decode(errors="replace")[-600:])
        print(json.dumps(res)); return
    time.sleep(0.02)  # make sure any later write gets a different mtime_ns
    before = snap("/tmp")
    cenv = {"PATH": PATH, "HOME": home}
    cenv.update(case.get("env", {}))
    cwd = os.path.normpath(os.path.join(root, case.get("cwd", ".")))
    t0 = time.time()
    p = subprocess.Popen(["bash", "-c", case["command"]], cwd=cwd, env=cenv, stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        so, se = p.communicate(timeout=TIMEOUT)
        res["rc"] = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        so, se = p.communicate()
        res["rc"] = "timeout"
    try:
        os.killpg(p.pid, signal.SIGKILL)  # stray background children
    except ProcessLookupError:
        pass
    time.sleep(0.05)
    res["secs"] = round(time.time() - t0, 2)
    after = snap("/tmp")
    ch = diff(before, after)
    res["changes"] = ch
    res["marker"] = any("RAN" in os.path.basename(p) for k, p in ch)
    res["measured"] = "not-read-only" if ch else "read-only"
    res["stdout"] = so.decode(errors="replace")[-300:]
    res["stderr"] = se.decode(errors="replace")[-300:]
    print(json.dumps(res))


def run_case(case):
    r = subprocess.run(["unshare", "-m", "--", sys.executable, os.path.abspath(__file__), "--inner"],
                       input=json.dumps(case).encode(), capture_output=True, timeout=400)
    try:
        return json.loads(r.stdout.decode().strip().splitlines()[-1])
    except Exception:
        return {"id": case["id"], "error": "runner: " + r.stderr.decode(errors="replace")[-600:]}


def main():
    args = sys.argv[1:]
    if args and args[0] == "--inner":
        return inner()
    path = os.path.join(HERE, "cases.jsonl"); jobs = 2; only = None; verbose = False
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-j": jobs = int(args[i + 1]); i += 1
        elif a == "--only": only = set(args[i + 1].split(",")); i += 1
        elif a == "-v": verbose = True
        else: path = a
        i += 1
    cases = [json.loads(l) for l in open(path) if l.strip()]
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    if only: cases = [c for c in cases if c["id"] in only]
    t0 = time.time()
    with ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(run_case, cases))
    bad = 0
    for c, r in zip(cases, results):
        if "error" in r:
            bad += 1; print("ERROR    %-40s %s" % (c["id"], r["error"].replace("\n", " | "))); continue
        ok = r["measured"] == c["expect"]
        bad += not ok
        chs = ", ".join("%s:%s" % tuple(x) for x in r["changes"][:4]) + (" ..." if len(r["changes"]) > 4 else "")
        print("%-8s %-40s expect=%-13s measured=%-13s rc=%s %ss %s" % (
            "OK" if ok else "MISMATCH", c["id"], c["expect"], r["measured"], r["rc"], r["secs"], chs))
        if verbose or not ok:
            print("         stdout: %r\n         stderr: %r" % (r["stdout"][-200:], r["stderr"][-200:]))
    print("\n%d cases, %d mismatches/errors, %.0f s wall, finished %s" % (
        len(cases), bad, time.time() - t0, time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
