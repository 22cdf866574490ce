#!/usr/bin/env python3
"""Verify cases.jsonl: run every case in a fresh ROOT and measure its verdict.

For each case:
  * ROOT = fresh dir under /tmp (r13v-*), HOME = ROOT/home (created)
  * setup: bash -c "set -e\n<setup>" in ROOT, env {PATH, HOME, ROOT}
  * snapshot every file/dir/symlink under ROOT (path, type, size, mtime_ns,
    mode, sha256 of content); atime is never recorded
  * run: bash -c <command> in ROOT/<cwd>, env exactly {PATH, HOME} + case env,
    stdin /dev/null, new session, timeout 20 s (process group killed).
    The command runs in its own mount namespace where /tmp is a private,
    initially empty directory PTMP (ROOT-tmp, outside ROOT) with ROOT bound at
    its own path inside it: every file the command creates, changes or
    removes in /tmp lands in PTMP, and other processes' /tmp traffic on this
    shared machine cannot be mistaken for the command's.
  * kill leftover processes whose environment has our HOME (daemons such as
    gpg-agent, tmux servers) by pid
  * snapshot ROOT and PTMP again.  Any created/changed/removed entry
    (including a changed mtime, or a RAN-* canary file) => not-read-only.

Usage: verify.py [cases.jsonl] [--only ID ...] [-v]
Exit status 0 iff every measured verdict equals `expect`.
"""
import hashlib, json, os, shutil, signal, stat, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
MACHINE_PATH = os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin")
TIMEOUT = 20
ROOT_PREFIX = "r13v-"


def snap_tree(top):
    st = os.lstat(top)
    out = {".": ("d", 0, st.st_mtime_ns, st.st_mode, "")}
    for dirpath, dirnames, filenames in os.walk(top, followlinks=False):
        for name in dirnames + filenames:
            p = os.path.join(dirpath, name)
            try:
                st = os.lstat(p)
            except FileNotFoundError:
                continue
            rel = os.path.relpath(p, top)
            if stat.S_ISDIR(st.st_mode):
                out[rel] = ("d", 0, st.st_mtime_ns, st.st_mode, "")
            elif stat.S_ISLNK(st.st_mode):
                out[rel] = ("l", 0, st.st_mtime_ns, st.st_mode, os.readlink(p))
            elif stat.S_ISREG(st.st_mode):
                h = hashlib.sha256()
                try:
                    with open(p, "rb") as f:
                        for chunk in iter(lambda: f.read(1 << 20), b""):
                            h.update(chunk)
                    digest = h.hexdigest()
                except OSError as e:
                    digest = "unreadable:%s" % e.errno
                out[rel] = ("f", st.st_size, st.st_mtime_ns, st.st_mode, digest)
            else:
                out[rel] = ("o", st.st_size, st.st_mtime_ns, st.st_mode, "")
    return out


def diff(a, b):
    ch = []
    for k in sorted(set(a) | set(b)):
        if k not in a:
            ch.append("+" + k)
        elif k not in b:
            ch.append("-" + k)
        elif a[k] != b[k]:
            ch.append("~" + k)
    return ch


def kill_leftovers(home):
    """Kill processes (by pid) whose environment carries our HOME."""
    needle = ("HOME=" + home).encode() + b"\0"
    me = os.getpid()
    killed = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit() or int(pid) == me:
            continue
        try:
            with open("/proc/%s/environ" % pid, "rb") as f:
                env = f.read() + b"\0"
        except OSError:
            continue
        if b"\0" + needle in b"\0" + env:
            try:
                os.kill(int(pid), signal.SIGKILL)
                killed.append(int(pid))
            except OSError:
                pass
    return killed


def run_case(case, keep=False):
    root = tempfile.mkdtemp(prefix=ROOT_PREFIX)
    home = os.path.join(root, "home")
    os.mkdir(home)
    res = {"id": case["id"]}
    try:
        senv = {"PATH": MACHINE_PATH, "HOME": home, "ROOT": root}
        p = subprocess.run(["bash", "-c", "set -e\n" + case["setup"]], cwd=root, env=senv,
                           stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
        if p.returncode != 0:
            res["error"] = "setup failed rc=%d: %s" % (p.returncode, p.stderr.decode(errors="replace")[-400:])
            return res
        kill_leftovers(home)
        time.sleep(0.05)
        cwd = os.path.normpath(os.path.join(root, case.get("cwd", ".")))
        if not os.path.isdir(cwd):
            res["error"] = "cwd missing: %s" % case.get("cwd")
            return res
        cenv = {"PATH": MACHINE_PATH, "HOME": home}
        cenv.update(case.get("env", {}))
        # private /tmp: PTMP (outside ROOT) is bind-mounted over /tmp in a new
        # mount namespace, with ROOT bound at its own path inside it, so every
        # /tmp write of the command lands in PTMP and none of the machine's
        # other /tmp traffic is seen.
        ptmp = root + "-tmp"
        os.mkdir(ptmp)
        os.mkdir(os.path.join(ptmp, os.path.basename(root)))
        before_root = snap_tree(root)
        before_tmp = snap_tree(ptmp)
        launcher = ('mount --bind "$1" "$2/${1##*/}" && mount --rbind "$2" /tmp && cd "$3" '
                    '&& shift 3 && exec /usr/bin/env -i "$@"')
        argv = (["unshare", "-m", "--propagation", "private", "--", "/bin/sh", "-c", launcher,
                 "launcher", root, ptmp, cwd] + ["%s=%s" % kv for kv in cenv.items()]
                + ["/bin/bash", "-c", case["command"]])
        t0 = time.time()
        proc = subprocess.Popen(argv, cwd="/", env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin"},
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=TIMEOUT)
            res["rc"] = proc.returncode
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
            out, err = proc.communicate()
            res["rc"] = "timeout"
        res["secs"] = round(time.time() - t0, 2)
        time.sleep(0.3)  # let late writers (daemons, background jobs) land
        res["killed"] = kill_leftovers(home)
        if res["killed"]:
            time.sleep(0.1)
        after_root = snap_tree(root)
        after_tmp = snap_tree(ptmp)
        res["root_changes"] = diff(before_root, after_root)
        res["tmp_changes"] = [c[0] + "/tmp/" + c[1:] for c in diff(before_tmp, after_tmp)]
        res["stdout"] = out.decode(errors="replace")[-300:]
        res["stderr"] = err.decode(errors="replace")[-300:]
        return res
    finally:
        if not keep:
            shutil.rmtree(root, ignore_errors=True)
            shutil.rmtree(root + "-tmp", ignore_errors=True)


def measure(case):
    r = run_case(case)
    if "error" in r:
        return r, None
    if r["root_changes"] or r["tmp_changes"]:
        return r, "not-read-only"
    return r, "read-only"


def main():
    args = sys.argv[1:]
    verbose = "-v" in args
    args = [a for a in args if a != "-v"]
    only = set()
    if "--only" in args:
        i = args.index("--only")
        only = set(args[i + 1:])
        args = args[:i]
    path = args[0] if args else os.path.join(HERE, "cases.jsonl")
    cases = [json.loads(l) for l in open(path) if l.strip()]
    ids = [c["id"] for c in cases]
    dup = sorted(set(i for i in ids if ids.count(i) > 1))
    if dup:
        print("DUPLICATE IDS:", dup)
    start = time.time()
    print("# verify run started %s, %d cases" % (time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()), len(cases)))
    mism = 0
    errors = 0
    n = 0
    for c in cases:
        if only and c["id"] not in only:
            continue
        n += 1
        r, verdict = measure(c)
        ok = verdict == c["expect"]
        if verdict is None:
            errors += 1
            ok = False
        if not ok:
            mism += 1
        allch = r.get("root_changes", []) + r.get("tmp_changes", [])
        markers = [x for x in allch if os.path.basename(x).startswith("RAN-")]
        evidence = (markers + [x for x in allch if x not in markers])[:4]
        line = "%s %-40s expect=%-13s measured=%-13s rc=%s %s" % (
            "OK  " if ok else "FAIL", c["id"], c["expect"], verdict, r.get("rc"),
            r.get("error", "") or ("changes=" + ",".join(evidence) if evidence else ""))
        print(line, flush=True)
        if verbose or not ok:
            print("     stdout:", r.get("stdout", "").strip().replace("\n", " | ")[-200:])
            print("     stderr:", r.get("stderr", "").strip().replace("\n", " | ")[-300:])
            if r.get("tmp_noise"):
                print("     tmp noise ignored:", r["tmp_noise"][:5])
    el = time.time() - start
    print("# verify run finished %s: %d cases, %d mismatches, %d setup errors, %.0f s" % (
        time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()), n, mism, errors, el))
    sys.exit(1 if mism or dup else 0)


if __name__ == "__main__":
    main()
