#!/usr/bin/python3
"""Verify classifier-r16 cases by running them.

For each case: `unshare -m` with a private tmpfs on /tmp (so only the case's own
/tmp activity is visible), fresh ROOT=/tmp/r16case/ROOT, HOME=ROOT/home, run the
setup with `bash -c "set -e\n<setup>"`, snapshot every entry under /tmp (path,
type, size, mtime_ns, mode, sha256 of content / symlink target; directories by
mode and mtime_ns), run the command with `bash -c` in ROOT/cwd, env = {PATH, HOME}
+ case env, stdin /dev/null, timeout 20 s, snapshot again.  Measured verdict is
not-read-only if anything under /tmp (ROOT included) was created, removed or
changed (atime ignored), else read-only.  Canaries planted by setups write
marker files under ROOT, so code execution shows as a write.

usage: verify.py [cases.jsonl] [-j N] [--only ID,ID] [-v] [--json results.json]
"""
import hashlib, json, os, subprocess, sys, time, tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin")

def snapshot(top):
    snap = {}
    for dp, dns, fns in os.walk(top):
        for n in dns + fns:
            p = os.path.join(dp, n)
            try:
                st = os.lstat(p)
            except FileNotFoundError:
                continue
            import stat as S
            if S.S_ISDIR(st.st_mode):
                snap[p] = ("d", st.st_mode, st.st_mtime_ns)
            elif S.S_ISLNK(st.st_mode):
                snap[p] = ("l", os.readlink(p), st.st_mtime_ns)
            elif S.S_ISREG(st.st_mode):
                h = hashlib.sha256()
                try:
                    with open(p, "rb") as f:
                        for b in iter(lambda: f.read(1 << 20), b""):
                            h.update(b)
                    hd = h.hexdigest()
                except OSError:
                    hd = "?"
                snap[p] = ("f", st.st_size, st.st_mtime_ns, st.st_mode, hd)
            else:
                snap[p] = ("o", st.st_mode, st.st_mtime_ns)
    return snap

def worker(case):
    """Runs inside the private mount namespace."""
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=512m", "tmpfs", "/tmp"], check=True)
    root = "/tmp/r16case/ROOT"
    home = root + "/home"
    os.makedirs(home)
    senv = {"PATH": PATH, "HOME": home, "ROOT": root}
    r = subprocess.run(["bash", "-c", "set -e\n" + case["setup"]], cwd=root, env=senv,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    if r.returncode != 0:
        return {"id": case["id"], "error": "setup failed rc=%d: %s" % (r.returncode, r.stderr.decode(errors="replace")[-600:])}
    cwd = os.path.normpath(os.path.join(root, case.get("cwd", ".")))
    cenv = {"PATH": PATH, "HOME": home}
    cenv.update(case.get("env", {}))
    time.sleep(0.02)
    before = snapshot("/tmp")
    try:
        c = subprocess.run(["bash", "-c", case["command"]], cwd=cwd, env=cenv,
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=20,
                           start_new_session=True)
        rc, out, err = c.returncode, c.stdout, c.stderr
    except subprocess.TimeoutExpired as e:
        rc, out, err = "timeout", e.stdout or b"", e.stderr or b""
    time.sleep(0.05)
    after = snapshot("/tmp")
    changes = []
    for p in sorted(set(before) | set(after)):
        b, a = before.get(p), after.get(p)
        if b == a:
            continue
        rel = p.replace(root, "ROOT")
        if b is None:
            changes.append("+" + rel)
        elif a is None:
            changes.append("-" + rel)
        else:
            changes.append("~" + rel)
    return {"id": case["id"], "rc": rc, "changes": changes,
            "measured": "not-read-only" if changes else "read-only",
            "stdout": out.decode(errors="replace")[-300:], "stderr": err.decode(errors="replace")[-400:]}

def run_case(case):
    r = subprocess.run(["unshare", "-m", "--propagation", "private", "/usr/bin/python3",
                        os.path.abspath(__file__), "--worker"],
                       input=json.dumps(case).encode(), capture_output=True, timeout=300)
    try:
        res = json.loads(r.stdout.decode().strip().splitlines()[-1])
    except Exception:
        res = {"id": case["id"], "error": "worker failed: " + r.stderr.decode(errors="replace")[-600:]}
    res["expect"] = case["expect"]
    res["family"] = case["family"]
    return res

def main():
    if "--worker" in sys.argv:
        case = json.loads(sys.stdin.read())
        print(json.dumps(worker(case)))
        return
    args = [a for a in sys.argv[1:]]
    jobs, only, verbose, jsonout = 2, None, False, None
    path = os.path.join(HERE, "cases.jsonl")
    i = 0
    while i < len(args):
        a = args[i]
        if a == "-j": jobs = int(args[i + 1]); i += 1
        elif a == "-v": verbose = True
        elif a == "--only": only = set(args[i + 1].split(",")); i += 1
        elif a == "--json": jsonout = args[i + 1]; i += 1
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
    for r in results:
        ok = "error" not in r and r["measured"] == r["expect"]
        if not ok: bad += 1
        if not ok or verbose:
            print(("OK  " if ok else "BAD ") + r["id"], "expect=" + r["expect"],
                  "measured=" + r.get("measured", "ERROR"), "rc=%s" % r.get("rc"),
                  " ".join(r.get("changes", [])[:8]), r.get("error", ""))
            if not ok or verbose:
                if r.get("stderr"): print("    stderr:", r["stderr"].strip().replace("\n", " | ")[:400])
    print("cases=%d mismatches=%d seconds=%.1f" % (len(results), bad, time.time() - t0))
    if jsonout:
        json.dump(results, open(jsonout, "w"), indent=1)
    sys.exit(1 if bad else 0)

if __name__ == "__main__":
    main()
