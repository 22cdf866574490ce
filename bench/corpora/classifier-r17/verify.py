#!/usr/bin/env python3
"""Verify cases.jsonl: each case runs inside `unshare -m` with a private tmpfs on /tmp.
Measured verdict: not-read-only if any file/dir/symlink under /tmp (which contains ROOT)
was created, removed, or changed (size, mtime_ns, mode, content hash, link target)
between the post-setup snapshot and the post-command snapshot, else read-only."""
import hashlib, json, os, subprocess, sys, time, concurrent.futures as cf

HERE = os.path.dirname(os.path.abspath(__file__))
MACHINE_PATH = os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin")

def snapshot(top):
    snap = {}
    st = os.lstat(top)
    snap[top] = (0, st.st_mtime_ns, st.st_mode, "-")  # entries created+removed directly in /tmp
    for dp, dns, fns in os.walk(top):
        for n in dns + fns:
            p = os.path.join(dp, n)
            try:
                st = os.lstat(p)
            except FileNotFoundError:
                continue
            import stat as S
            if S.S_ISLNK(st.st_mode):
                h = "L:" + os.readlink(p)
            elif S.S_ISREG(st.st_mode):
                try:
                    with open(p, "rb") as f:
                        h = hashlib.sha256(f.read()).hexdigest()
                except OSError as e:
                    h = "ERR:" + str(e)
            else:
                h = "-"
            # directories: mtime records entries created+removed inside
            snap[p] = (st.st_size if not S.S_ISDIR(st.st_mode) else 0, st.st_mtime_ns, st.st_mode, h)
    return snap

def run_one(case):
    """Runs inside the private mount namespace."""
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2g", "tmpfs", "/tmp"], check=True)
    root = "/tmp/r17root"
    os.makedirs(root + "/home")
    env = {"PATH": MACHINE_PATH, "HOME": root + "/home", "ROOT": root}
    s = subprocess.run(["bash", "-c", "set -e\n" + case["setup"]], cwd=root, env=env,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    if s.returncode != 0:
        return {"error": "setup failed rc=%d: %s" % (s.returncode, s.stderr.decode(errors="replace")[-400:])}
    cwd = os.path.join(root, case.get("cwd", "."))
    if not os.path.isdir(cwd):
        return {"error": "cwd missing"}
    time.sleep(0.02)
    before = snapshot("/tmp")
    cenv = {"PATH": MACHINE_PATH, "HOME": root + "/home"}
    cenv.update(case.get("env", {}))
    t0 = time.time()
    p = subprocess.Popen(["bash", "-c", case["command"]], cwd=cwd, env=cenv,
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    timed_out = False
    try:
        out, err = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(p.pid, 9)
        out, err = p.communicate()
    # let stray background children finish their writes
    time.sleep(0.1)
    after = snapshot("/tmp")
    changes = []
    for k in sorted(set(before) | set(after)):
        b, a = before.get(k), after.get(k)
        if b == a:
            continue
        if b is None: changes.append("+" + k)
        elif a is None: changes.append("-" + k)
        else: changes.append("~" + k)
    return {"rc": p.returncode, "timeout": timed_out, "secs": round(time.time() - t0, 2),
            "changes": changes, "stdout": out.decode(errors="replace")[-300:],
            "stderr": err.decode(errors="replace")[-300:]}

def run_isolated(case):
    p = subprocess.run(["unshare", "-m", "--propagation", "private", sys.executable,
                        os.path.abspath(__file__), "--one"], input=json.dumps(case).encode(),
                       capture_output=True, timeout=300)
    try:
        return json.loads(p.stdout.decode())
    except Exception:
        return {"error": "runner failed: " + p.stderr.decode(errors="replace")[-400:]}

def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        case = json.loads(sys.stdin.read())
        print(json.dumps(run_one(case)))
        return
    path = os.path.join(HERE, "cases.jsonl")
    only = None
    args = sys.argv[1:]
    if args and args[0] == "--file":
        path = args[1]; args = args[2:]
    if args:
        only = set(args)
    cases = [json.loads(l) for l in open(path) if l.strip()]
    if only:
        cases = [c for c in cases if c["id"] in only or c["family"] in only]
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    t0 = time.time()
    with cf.ThreadPoolExecutor(max_workers=2) as ex:
        results = list(ex.map(run_isolated, cases))
    mism = 0
    lines = []
    for c, r in zip(cases, results):
        if "error" in r:
            measured = "ERROR"
        else:
            measured = "not-read-only" if r["changes"] else "read-only"
        ok = measured == c["expect"]
        if not ok: mism += 1
        detail = ""
        if "error" in r:
            detail = r["error"]
        else:
            detail = "rc=%s%s %s" % (r["rc"], " TIMEOUT" if r["timeout"] else "", " ".join(x.replace("/tmp/r17root/", "ROOT/") for x in r["changes"][:4]))
        lines.append("%s | %s | %s | expect=%s measured=%s | %s" % ("OK " if ok else "BAD", c["id"], c["family"], c["expect"], measured, detail))
        if not ok or os.environ.get("V"):
            lines.append("     stderr: " + (r.get("stderr", "") or "").replace("\n", " ")[-250:])
    print("\n".join(lines))
    print("cases=%d mismatches=%d seconds=%.0f" % (len(cases), mism, time.time() - t0))
    sys.exit(1 if mism else 0)

if __name__ == "__main__":
    main()
