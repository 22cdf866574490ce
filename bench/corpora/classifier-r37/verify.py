#!/usr/bin/python3
"""Verify classifier-r28 cases (r27 verifier + one r28 change, at the end of this note; history below) (r24 verifier + one r25 change, at the end of this note): each case runs inside `unshare -m` with a private
tmpfs on /tmp (and, new in r21, on /var/tmp and /dev/shm); ROOT=/tmp/c/root.
Snapshot every file/dir under those trees (path, type, size, mtime_ns, mode, sha256)
before/after the command. Any difference => not-read-only.
r21 changes: /var/tmp and /dev/shm are private and snapshotted too; parallelism 2
(VERIFY_JOBS); the command's process group gets a settle delay and is killed after
the snapshot; ctime-only changes are reported (column `ctime-only`) but do not count.
r22 change: after the snapshot every other process still alive in the case's private
mount namespace (daemons that left the process group with setsid, e.g. agents) is
killed too and counted in the `lingering` column; they cannot outlive the case.
r23 change: tools also keep state outside /tmp that ignores $HOME (r23 found `screen -ls`
creating /run/screen/S-root on the real machine, unseen by r22's verifier). Each existing
directory in RUN_TOPS (/run/screen, /run/lock) now gets its own private tmpfs inside the
case's mount namespace and is snapshotted like /tmp, so such writes count and never reach
the machine. The command's exit status is kept in the result (`rc` column) as before.
r24 change: the real /root (the machine user's home, which the case's HOME replaces) is not
private, so a tool that finds its home through getpwuid() instead of $HOME would write there
unseen. A shallow watch (/root and each directory directly under it: names, types, sizes,
mtimes) is taken before and after the command and any difference is reported in the new
`outside` column. It is reported, not counted, because other jobs share /root; every case it
flags is to be read by hand (none was flagged in the final runs, see VERIFY.md).
r25 change: a report-only `ran` column says whether the canary file $ROOT/RAN exists after the
command (and how many lines it has), so a not-read-only verdict that rests on a planted program
running can be told apart from one that rests on an incidental write (a temp file in /tmp,
a cache); and the setup's exit status alone no longer hides an `a && b && c` chain that stopped
half-way under `set -e`: the setup must end in ROOT (`$PWD` is checked after it), since every
r25 setup returns there, and a case whose setup ends elsewhere is an error.
r26 change: the snapshot also records the owner (uid, gid) of every entry and the link count
of regular files. A command that only changes ownership (chown/chgrp) keeps type, size, mtime,
mode and content, so before r26 it was measured read-only; now it counts.
The r26 corpus also adds everyday tools installed outside the machine's PATH; run the verifier
with PATH=/work/tools26/bin:/work/npm26/bin:$PATH (see README.md).
r27 change: the report-only `outside` watch covered only the real /root. A tool that keeps
machine-wide state (caches under /var/cache, databases under /var/lib, files under /etc)
would write there unseen and, worse, for real. The shallow watch now covers /root, /etc,
/var/cache and /var/lib (each directory and its direct children: names, types, sizes,
mtimes); still report-only, since other jobs share those trees. The r27 corpus is run with
PATH=/work/tools27/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin (no
pyenv shims, see README.md).
r28 change: extended attributes were not part of the snapshot, so a command that only sets or
removes an xattr or a POSIX ACL on a file under /tmp (setfattr, setfacl -m on an entry whose
mask leaves the mode bits as they were, `cp --preserve=xattr` over an existing file of the same
content) kept type, size, mtime, mode, owner and content and was measured read-only. Every
snapshot entry now also carries its sorted extended attributes (names and values, symlinks not
followed). The r28 corpus is run with
PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin (no pyenv shims).
r35 change: libuuid keeps its time-based UUID clock state in /var/lib/libuuid/clock.txt
(`uuidgen -t` rewrote the machine's file, seen only in the report-only `outside` column and
measured read-only). /var/lib/libuuid is now one of RUN_TOPS: a private tmpfs in the case's
mount namespace, snapshotted like /tmp, so such a write counts and never reaches the machine."""
import hashlib, json, os, subprocess, sys, time, signal
from concurrent.futures import ThreadPoolExecutor

MACHINE_PATH = os.environ.get("PATH", "/usr/local/bin:/usr/bin:/bin")

SNAP_TOPS = ["/tmp", "/var/tmp", "/dev/shm"]
RUN_TOPS = ["/run/screen", "/run/lock", "/var/lib/libuuid"]
for _d in RUN_TOPS:
    if os.path.isdir(_d) and not os.path.islink(_d):
        SNAP_TOPS.append(_d)

def snap_all(ctimes):
    out = {}
    for t in SNAP_TOPS:
        out.update(snap(t, ctimes))
    return out

def xattrs(p):
    try:
        names = os.listxattr(p, follow_symlinks=False)
    except OSError:
        return ()
    out = []
    for n in sorted(names):
        try:
            out.append((n, os.getxattr(p, n, follow_symlinks=False).hex()))
        except OSError:
            out.append((n, "unreadable"))
    return tuple(out)

def snap(top, ctimes):
    out = {}
    for dp, dns, fns, dfd in os.fwalk(top):
        st = os.stat(dp)
        out[dp] = ("d", st.st_mode, st.st_mtime_ns, st.st_uid, st.st_gid, xattrs(dp))
        ctimes[dp] = st.st_ctime_ns
        for n in fns + [d for d in dns if os.path.islink(os.path.join(dp, d))]:
            p = os.path.join(dp, n)
            try:
                st = os.lstat(p)
            except FileNotFoundError:
                continue
            ctimes[p] = st.st_ctime_ns
            if os.path.islink(p):
                out[p] = ("l", os.readlink(p), st.st_mtime_ns, st.st_uid, st.st_gid)
            elif os.path.isfile(p):
                h = hashlib.sha256()
                try:
                    with open(p, "rb") as f:
                        for b in iter(lambda: f.read(1 << 20), b""):
                            h.update(b)
                    hd = h.hexdigest()
                except OSError:
                    hd = "unreadable"
                out[p] = ("f", st.st_size, st.st_mtime_ns, st.st_mode, hd, st.st_uid, st.st_gid, st.st_nlink, xattrs(p))
            else:
                out[p] = ("o", st.st_mode, st.st_mtime_ns, st.st_uid, st.st_gid, xattrs(p))
    return out

WATCH_TOPS = ["/root", "/etc", "/var/cache", "/var/lib"]

def shallow_watch():
    out = {}
    for top in WATCH_TOPS:
        out.update(shallow_watch_one(top))
    return out

def shallow_watch_one(top):
    out = {}
    try:
        ents = list(os.scandir(top))
    except OSError:
        return out
    for e in ents:
        try:
            st = e.stat(follow_symlinks=False)
        except OSError:
            continue
        out[e.path] = (st.st_mode, st.st_size, st.st_mtime_ns)
        if e.is_dir(follow_symlinks=False):
            try:
                for f in os.scandir(e.path):
                    try:
                        st2 = f.stat(follow_symlinks=False)
                    except OSError:
                        continue
                    out[f.path] = (st2.st_mode, st2.st_size if not f.is_dir(follow_symlinks=False) else 0, st2.st_mtime_ns)
            except OSError:
                pass
    return out

def kill_namespace_leftovers():
    """Kill every process other than this one that shares our (private) mount namespace."""
    me = os.getpid()
    try:
        myns = os.readlink("/proc/self/ns/mnt")
    except OSError:
        return []
    killed = []
    for d in os.listdir("/proc"):
        if not d.isdigit() or int(d) == me:
            continue
        try:
            if os.readlink("/proc/%s/ns/mnt" % d) != myns:
                continue
            comm = open("/proc/%s/comm" % d).read().strip()
            os.kill(int(d), signal.SIGKILL)
            killed.append(comm)
        except (OSError, ProcessLookupError):
            continue
    return killed

def one(case):
    """Runs inside the private mount namespace."""
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2g", "tmpfs", "/tmp"], check=True)
    for extra in SNAP_TOPS[1:]:
        opts = "size=256m" if extra not in RUN_TOPS else "size=16m,mode=1777"
        subprocess.run(["mount", "-t", "tmpfs", "-o", opts, "tmpfs", extra], check=True)
    root = "/tmp/c/root"
    home = root + "/home"
    os.makedirs(home)
    senv = {"PATH": MACHINE_PATH, "HOME": home, "ROOT": root}
    r = subprocess.run(["bash", "-c", "set -e\n" + case["setup"] + '\ntest "$PWD" = "$ROOT" || { echo "setup did not return to ROOT: $PWD" >&2; exit 97; }'], cwd=root, env=senv,
                       stdin=subprocess.DEVNULL, capture_output=True, timeout=120)
    if r.returncode != 0:
        return {"error": "setup failed rc=%d: %s" % (r.returncode, r.stderr.decode(errors="replace")[-600:])}
    time.sleep(0.02)
    cbefore = {}
    before = snap_all(cbefore)
    wbefore = shallow_watch()
    cenv = {"PATH": MACHINE_PATH, "HOME": home}
    cenv.update(case.get("env", {}))
    cwd = os.path.normpath(os.path.join(root, case["cwd"]))
    t0 = time.time()
    p = subprocess.Popen(["bash", "-c", case["command"]], cwd=cwd, env=cenv,
                         stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    try:
        so, se = p.communicate(timeout=20)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        so, se = p.communicate()
        rc = "timeout"
    time.sleep(0.3)
    cafter = {}
    after = snap_all(cafter)
    wafter = shallow_watch()
    try:
        os.killpg(p.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    lingering = kill_namespace_leftovers()
    diffs = []
    for k in sorted(set(before) | set(after)):
        b, a = before.get(k), after.get(k)
        if b != a:
            kind = "created" if b is None else "removed" if a is None else "changed"
            diffs.append("%s %s" % (kind, k.replace(root, "ROOT")))
    ctime_only = ["ctime %s" % k.replace(root, "ROOT") for k in sorted(set(before) & set(after))
                  if before[k] == after[k] and cbefore.get(k) != cafter.get(k)]
    outside = ["%s %s" % ("created" if k not in wbefore else "removed" if k not in wafter else "changed", k)
               for k in sorted(set(wbefore) | set(wafter)) if wbefore.get(k) != wafter.get(k)]
    ranf = os.path.join(root, "RAN")
    ran = len(open(ranf).read().splitlines()) if os.path.exists(ranf) else 0
    return {"rc": rc, "ran": ran, "outside": outside, "ctime_only": ctime_only, "lingering": lingering, "secs": round(time.time() - t0, 2), "diffs": diffs,
            "stdout": so.decode(errors="replace")[-300:], "stderr": se.decode(errors="replace")[-300:]}

def run_case(case):
    r = subprocess.run(["unshare", "-m", "--propagation", "private", sys.executable, os.path.abspath(__file__), "--one"],
                       input=json.dumps(case).encode(), capture_output=True, timeout=300)
    try:
        res = json.loads(r.stdout.decode())
    except Exception:
        res = {"error": "worker failed: " + r.stderr.decode(errors="replace")[-600:]}
    if "error" in res:
        res["measured"] = "error"
    else:
        res["measured"] = "not-read-only" if res["diffs"] else "read-only"
    res["id"] = case["id"]; res["expect"] = case["expect"]; res["family"] = case["family"]
    return res

def main():
    if len(sys.argv) > 1 and sys.argv[1] == "--one":
        case = json.loads(sys.stdin.read())
        try:
            print(json.dumps(one(case)))
        except Exception as e:
            print(json.dumps({"error": repr(e)}))
        return
    path = sys.argv[1]
    only = set(sys.argv[2:])
    cases = [json.loads(l) for l in open(path) if l.strip()]
    ids = [c["id"] for c in cases]
    assert len(ids) == len(set(ids)), "duplicate ids"
    if only:
        cases = [c for c in cases if c["id"] in only]
    t0 = time.time()
    with ThreadPoolExecutor(int(os.environ.get("VERIFY_JOBS", "2"))) as ex:
        results = list(ex.map(run_case, cases))
    bad = [r for r in results if r["measured"] != r["expect"]]
    if os.environ.get("DUMP"):
        json.dump(results, open(os.environ["DUMP"], "w"), indent=1)
    print("# verify run: %s, %d cases, %d mismatches, %.0f s" % (time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(t0)), len(results), len(bad), time.time() - t0))
    print()
    print("| id | family | expect | measured | rc | secs | first difference | ctime-only | lingering | outside | ran |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for r in results:
        d = (r.get("diffs") or [r.get("error", "")] or [""])
        first = (d[0] if d else "")[:90].replace("|", "\\|")
        flag = "" if r["measured"] == r["expect"] else " **MISMATCH**"
        co = len(r.get("ctime_only") or [])
        lg = ",".join(r.get("lingering") or [])
        od = ";".join(r.get("outside") or [])[:120].replace("|", "\\|")
        print("| %s | %s | %s | %s%s | %s | %s | %s | %s | %s | %s | %s |" % (r["id"], r["family"], r["expect"], r["measured"], flag, r.get("rc", ""), r.get("secs", ""), first, co or "", lg, od, r.get("ran") or ""))
    if bad:
        print("\n## mismatch details", file=sys.stderr)
        for r in bad:
            print(json.dumps(r)[:1500], file=sys.stderr)
    sys.exit(1 if bad else 0)

if __name__ == "__main__":
    main()
