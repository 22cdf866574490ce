#!/usr/bin/env python3
"""Verify cases.jsonl by running every case.

Each case runs inside its own mount namespace (unshare -m) with private tmpfs
mounts on /tmp, /var/tmp and /dev/shm, so every file that appears there is the
case's own.  ROOT=/tmp/r14root, HOME=ROOT/home.  Setup runs with
`bash -c "set -e\n<setup>"`; then /tmp, /var/tmp, /dev/shm are snapshotted
(path, type, size, mtime_ns, mode, sha256 / link target), the command runs with
`bash -c` in ROOT/cwd, env {PATH, HOME} + case env, stdin /dev/null, 20 s
timeout, and the trees are snapshotted again.  Any created / removed / changed
entry (content, size, mode or mtime; atime ignored) => not-read-only.
Directory mtimes are compared too (a file created and deleted again is a write).

usage: verify.py [cases.jsonl] [-j N] [--only ID,...]
"""
import hashlib, json, os, subprocess, sys, time, stat
from concurrent.futures import ThreadPoolExecutor

WATCH = ["/tmp", "/var/tmp", "/dev/shm"]
MACHINE_PATH = os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin")


def snap():
    out = {}
    for top in WATCH:
        for dp, dns, fns in os.walk(top):
            for n in [dp] + [os.path.join(dp, f) for f in fns] + \
                     [os.path.join(dp, d) for d in dns if os.path.islink(os.path.join(dp, d))]:
                try:
                    st = os.lstat(n)
                except FileNotFoundError:
                    continue
                h = ""
                if stat.S_ISREG(st.st_mode):
                    try:
                        with open(n, "rb") as f:
                            h = hashlib.sha256(f.read()).hexdigest()
                    except OSError as e:
                        h = "ERR" + str(e.errno)
                    size = st.st_size
                elif stat.S_ISLNK(st.st_mode):
                    h = "->" + os.readlink(n)
                    size = 0
                else:
                    size = 0  # directory sizes vary with tmpfs bookkeeping
                out[n] = (stat.S_IFMT(st.st_mode), size, st.st_mtime_ns, st.st_mode, h)
    return out


def inner(case):
    """Runs inside the private mount namespace."""
    for m in WATCH:
        subprocess.run(["mount", "-t", "tmpfs", "tmpfs", m], check=True)
    root = "/tmp/r14root"
    home = root + "/home"
    os.makedirs(home)
    senv = {"PATH": MACHINE_PATH, "HOME": home, "ROOT": root}
    r = subprocess.run(["bash", "-c", "set -e\n" + case["setup"]], cwd=root, env=senv,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    if r.returncode != 0:
        return {"id": case["id"], "error": "setup failed rc=%d: %s" % (r.returncode, r.stderr.decode(errors="replace")[-800:])}
    time.sleep(0.02)
    before = snap()
    env = {"PATH": MACHINE_PATH, "HOME": home}
    env.update(case.get("env") or {})
    cwd = os.path.normpath(os.path.join(root, case.get("cwd") or "."))
    t0 = time.time()
    try:
        p = subprocess.Popen(["bash", "-c", case["command"]], cwd=cwd, env=env,
                             stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, start_new_session=True)
        try:
            so, se = p.communicate(timeout=20)
            rc = p.returncode
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, 9)
            so, se = p.communicate()
            rc = "timeout"
    except Exception as e:
        return {"id": case["id"], "error": "run failed: %s" % e}
    dt = time.time() - t0
    time.sleep(0.05)
    after = snap()
    changes = []
    for k in sorted(set(before) | set(after)):
        b, a = before.get(k), after.get(k)
        if b == a:
            continue
        if b is None:
            changes.append("+" + k)
        elif a is None:
            changes.append("-" + k)
        else:
            what = [n for n, i in (("size", 1), ("mtime", 2), ("mode", 3), ("content", 4)) if b[i] != a[i]]
            changes.append("~%s(%s)" % (k, ",".join(what)))
    verdict = "not-read-only" if changes else "read-only"
    return {"id": case["id"], "measured": verdict, "rc": rc, "secs": round(dt, 2),
            "changes": changes[:8], "nchanges": len(changes),
            "stdout": so.decode(errors="replace")[-300:], "stderr": se.decode(errors="replace")[-300:]}


def run_one(case):
    p = subprocess.run(["unshare", "-m", "--propagation", "private", sys.executable,
                        os.path.abspath(__file__), "--inner"],
                       input=json.dumps(case).encode(), capture_output=True, timeout=300)
    try:
        return json.loads(p.stdout.decode().strip().splitlines()[-1])
    except Exception:
        return {"id": case["id"], "error": "inner crashed: " + p.stderr.decode(errors="replace")[-800:]}


def main():
    if "--inner" in sys.argv:
        case = json.loads(sys.stdin.read())
        print(json.dumps(inner(case)))
        return
    args = [a for a in sys.argv[1:]]
    jobs, only, path, verbose = 2, None, os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.jsonl"), False
    i = 0
    while i < len(args):
        if args[i] == "-j":
            jobs = int(args[i + 1]); i += 2; continue
        if args[i] == "--only":
            only = set(args[i + 1].split(",")); i += 2; continue
        if args[i] == "-v":
            verbose = True; i += 1; continue
        path = args[i]; i += 1
    cases = [json.loads(l) for l in open(path) if l.strip()]
    ids = [c["id"] for c in cases]
    dup = {x for x in ids if ids.count(x) > 1}
    if dup:
        print("DUPLICATE IDS:", dup)
    if only:
        cases = [c for c in cases if c["id"] in only]
    t0 = time.time()
    with ThreadPoolExecutor(jobs) as ex:
        results = list(ex.map(run_one, cases))
    bad = 0
    for c, r in zip(cases, results):
        if "error" in r:
            bad += 1
            print("ERROR   %-40s %s" % (c["id"], r["error"]))
            continue
        ok = r["measured"] == c["expect"]
        if not ok:
            bad += 1
        if not ok or verbose:
            print("%s %-40s expect=%-13s measured=%-13s rc=%s %ss %s" % (
                "OK     " if ok else "MISMATCH", c["id"], c["expect"], r["measured"], r["rc"], r["secs"],
                " ".join(r["changes"])))
            if not ok:
                print("        stdout:", r["stdout"][-200:].replace("\n", "\\n"))
                print("        stderr:", r["stderr"][-300:].replace("\n", "\\n"))
        else:
            print("ok       %-40s %-13s rc=%s %ss %s" % (c["id"], r["measured"], r["rc"], r["secs"], " ".join(r["changes"][:3])))
    print("\n%d cases, %d mismatches/errors, %.0f s, %s" % (len(cases), bad, time.time() - t0,
                                                        time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
