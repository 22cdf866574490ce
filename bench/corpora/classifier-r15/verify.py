#!/usr/bin/python3
"""Verify classifier-r15 cases by running them.

For each case: a child process in a private mount namespace (unshare -m) mounts a
fresh tmpfs on /tmp and /var/tmp, creates ROOT=/tmp/r15root with HOME=ROOT/home,
runs `setup` (bash -c "set -e\n<setup>", env = PATH, HOME, ROOT), snapshots every
file under /tmp and /var/tmp (path, type, size, mtime_ns, mode, sha256, link target;
directories by mtime too, so a temp file created and removed again is seen), runs
the command (bash -c, cwd ROOT/<cwd>, env = PATH, HOME + case env, stdin /dev/null,
20 s timeout, own process group killed afterwards), snapshots again and compares.
measured = not-read-only if anything changed (atime ignored), else read-only.

usage: verify.py [cases.jsonl] [--dump results.jsonl] [--only ID ...] [-v]
"""
import hashlib, json, os, signal, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
MACHINE_PATH = "/root/.pyenv/bin:/root/.pyenv/shims:/root/.cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
ROOT = "/tmp/r15root"
WATCH = ["/tmp", "/var/tmp"]


def snapshot():
    snap = {}
    for top in WATCH:
        for dirpath, dirnames, filenames in os.walk(top, followlinks=False):
            try:
                st = os.lstat(dirpath)
                snap[dirpath] = ("d", st.st_mode, st.st_mtime_ns)
            except FileNotFoundError:
                continue
            for name in filenames + [d for d in dirnames if os.path.islink(os.path.join(dirpath, d))]:
                p = os.path.join(dirpath, name)
                try:
                    st = os.lstat(p)
                except FileNotFoundError:
                    continue
                import stat as S
                if S.S_ISLNK(st.st_mode):
                    snap[p] = ("l", os.readlink(p), st.st_mtime_ns)
                elif S.S_ISREG(st.st_mode):
                    h = hashlib.sha256()
                    try:
                        with open(p, "rb") as f:
                            for chunk in iter(lambda: f.read(1 << 20), b""):
                                h.update(chunk)
                        dig = h.hexdigest()
                    except OSError as e:
                        dig = "ERR:%s" % e
                    snap[p] = ("f", st.st_size, st.st_mtime_ns, st.st_mode, dig)
                else:
                    snap[p] = ("o", st.st_mode, st.st_mtime_ns)
    return snap


def diff(a, b):
    out = []
    for p in sorted(set(a) | set(b)):
        if p not in a:
            out.append("created " + p)
        elif p not in b:
            out.append("removed " + p)
        elif a[p] != b[p]:
            out.append("changed " + p)
    return out


def run_one(case):
    """Runs inside the private mount namespace."""
    for m in WATCH:
        subprocess.run(["mount", "-t", "tmpfs", "-o", "mode=1777", "tmpfs", m], check=True)
    os.makedirs(ROOT + "/home")
    base = {"PATH": MACHINE_PATH, "HOME": ROOT + "/home"}
    senv = dict(base, ROOT=ROOT)
    r = subprocess.run(["bash", "-c", "set -e\n" + case["setup"]], cwd=ROOT, env=senv,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=300)
    if r.returncode != 0:
        return {"error": "setup failed rc=%d: %s" % (r.returncode, r.stderr.decode(errors="replace")[-600:])}
    cwd = os.path.normpath(os.path.join(ROOT, case.get("cwd", ".")))
    env = dict(base)
    env.update(case.get("env", {}))
    time.sleep(0.02)  # let mtimes settle apart from the command's
    before = snapshot()
    t0 = time.time()
    p = subprocess.Popen(["bash", "-c", case["command"]], cwd=cwd, env=env,
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    timed_out = False
    try:
        out, err = p.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
    try:
        os.killpg(p.pid, signal.SIGKILL)  # stray background children
    except ProcessLookupError:
        pass
    time.sleep(0.05)
    after = snapshot()
    changes = diff(before, after)
    return {"rc": p.returncode, "timed_out": timed_out, "secs": round(time.time() - t0, 2),
            "changes": changes, "stdout": out.decode(errors="replace")[-300:],
            "stderr": err.decode(errors="replace")[-300:],
            "measured": "not-read-only" if changes else "read-only"}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--child":
        case = json.load(open(sys.argv[2]))
        try:
            res = run_one(case)
        except Exception as e:  # noqa
            res = {"error": repr(e)}
        print(json.dumps(res))
        return
    args = sys.argv[1:]
    verbose = "-v" in args
    args = [a for a in args if a != "-v"]
    only = None
    dump = None
    if "--dump" in args:
        i = args.index("--dump")
        dump = open(args[i + 1], "w")
        del args[i:i + 2]
    if "--only" in args:
        i = args.index("--only")
        only = set(args[i + 1:])
        args = args[:i]
    path = args[0] if args else os.path.join(HERE, "cases.jsonl")
    cases = [json.loads(l) for l in open(path) if l.strip()]
    ids = [c["id"] for c in cases]
    dup = {i for i in ids if ids.count(i) > 1}
    if dup:
        print("DUPLICATE IDS:", dup)
    t0 = time.time()
    bad = 0
    n = 0
    tmpf = "/tmp/r15-verify-case-%d.json" % os.getpid()
    for c in cases:
        if only and c["id"] not in only:
            continue
        n += 1
        json.dump(c, open(tmpf, "w"))
        r = subprocess.run(["unshare", "-m", "--propagation", "private", "/usr/bin/python3", "-I", "-B",
                            os.path.abspath(__file__), "--child", tmpf],
                           capture_output=True, text=True, timeout=400)
        try:
            res = json.loads(r.stdout.strip().splitlines()[-1])
        except Exception:
            res = {"error": "child: " + r.stdout[-300:] + r.stderr[-300:]}
        ok = res.get("measured") == c["expect"]
        if dump:
            dump.write(json.dumps({"id": c["id"], "expect": c["expect"], **res}) + "\n")
        if not ok:
            bad += 1
        if not ok or verbose:
            print("%s %-40s expect=%-14s measured=%-14s rc=%s t=%s %s" % (
                "OK  " if ok else "MISM", c["id"], c["expect"], res.get("measured"), res.get("rc"),
                res.get("secs"), "TIMEOUT" if res.get("timed_out") else ""))
            if not ok or verbose:
                for k in ("error", "changes", "stderr"):
                    if res.get(k):
                        print("      %s: %s" % (k, res[k] if k != "changes" else res[k][:8]))
        sys.stdout.flush()
    os.unlink(tmpf)
    print("cases: %d  mismatches: %d  wall: %.0fs" % (n, bad, time.time() - t0))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
