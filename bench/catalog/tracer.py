#!/usr/bin/python3
"""The catalog's tracer (issue 44): runs each program's probe forms and records what each did.

    nice python3 bench/catalog/tracer.py [--jobs 2] [--timeout 5] [--out traces.jsonl] PROGRAM...
    nice python3 bench/catalog/tracer.py --from unknown.txt ...
    nice python3 bench/catalog/tracer.py --forms inspectors.tsv --samples DIR --out inspectors.jsonl

With `--forms FILE` (lines `PROGRAM<TAB>FORM`, the form's words as a shell would split them),
each program runs in exactly the forms listed, with the files of `--samples DIR` (samples.sh:
an object file, an archive, a jar, …) copied into the probe directory first, so that a form
names them relatively (`llvm-nm --defined-only main.o`). The samples opened are not counted
among `looks`.

Each program runs in its own sandbox, `unshare -m -u -i -p -f -n` (private mount, UTS and IPC
namespaces: `domainname NAME` sets the machine's NIS domain name otherwise, which no file trace
shows; a PID namespace of its own; no network), in which /etc, /usr, /var, /opt, /root, /home, /srv, /work,
/sys and /proc/sys are bound read-only (a write there fails with EROFS and is still seen),
/tmp, /var/tmp, /dev/shm and /run are fresh tmpfs for each form, and the probe directory is /tmp/p with a
planted notes.txt and HOME=/tmp/p/home. The program runs under
`strace -f -e trace=%file,%process,connect` with standard input /dev/null (notes.txt for
`< FILE`), killed after the timeout. /tmp, /var/tmp, /dev/shm and /run are snapshotted before
and after as a second witness.

The forms: `--version`, `--help`, `-h`, `-V`, `FILE`, `< FILE`, and the options a program's
`--help` names as listing, printing or checking (`--list`, `-l`, `--check`, `--print`, …,
taken from the help text when it names them). With `--held DECISIONS` (decide.py's output), a
second pass runs only the forms decided `info`, with standard input an empty pipe held open: a
form that reads standard input waits and is reported as hanging (with /dev/null it would have
read nothing and looked like an information mode).

A line of the output per form: {program, form, argv, rc, outcome, writes, runs, connects, looks,
output}, where outcome is `read-only` (nothing written, no other program run, no connection),
`writes` (a path opened to write, created, removed, renamed or changed, or a snapshot
difference), `runs` (another program executed), `connects` (a socket connected), `hangs` (still
running at the timeout: interactive or waiting) or `fails` (exit status not 0 and nothing
else seen; what it printed is still read-only). `looks` lists the paths under the probe
directory and HOME it tried to open or stat besides notes.txt: the configuration it reads.
"""
import ctypes, hashlib, json, os, re, shlex, shutil, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
PROBE = "/tmp/p"
HOME = PROBE + "/home"
PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
READ_ONLY_BINDS = ["/etc", "/usr", "/var", "/opt", "/root", "/home", "/srv", "/work", "/sys", "/proc/sys", "/boot"]
TMPFS = ["/tmp", "/var/tmp", "/dev/shm", "/run"]
BASE_FORMS = ["--version", "--help", "-h", "-V", "FILE", "< FILE"]
# Options a --help text may name whose words say they list, print, show or check.
READING_WORD = re.compile(r"\b(list|lists|listing|print|prints|show|shows|display|displays|check|checks|verify|dump|info|query)\b", re.I)
OPTION = re.compile(r"(?:^|[\s,\[])(--?[A-Za-z][-A-Za-z0-9]*)")
# Programs that act on the machine or a session whatever their arguments: never run here,
# sandbox or not (the PID namespace would hold killall5, but not a reboot through /dev/kmsg).
NEVER_RUN = {
    "shutdown", "reboot", "halt", "poweroff", "init", "telinit", "killall5", "sulogin", "agetty",
    "getty", "login", "ctrlaltdel", "pivot_root", "switch_root", "rtcwake", "hwclock", "kexec",
    "swapoff", "swapon", "vigr", "vipw", "visudo", "sensible-editor", "editor", "vi", "vim", "nano",
    "systemd", "fsfreeze", "fstrim", "cron", "start-stop-daemon", "invoke-rc.d", "dhclient",
    "dhclient-script", "ifup", "ifdown", "wdctl",
}
WRITE_FLAGS = ("O_WRONLY", "O_RDWR", "O_CREAT", "O_TRUNC")
CHANGING_CALLS = {
    "mkdir", "mkdirat", "unlink", "unlinkat", "rmdir", "rename", "renameat", "renameat2",
    "symlink", "symlinkat", "link", "linkat", "chmod", "fchmodat", "chown", "fchownat", "lchown",
    "truncate", "utimensat", "utime", "utimes", "futimesat", "creat", "mknod", "mknodat",
    "setxattr", "lsetxattr", "removexattr", "lremovexattr", "mount", "umount2",
}
# /proc/self/coredump_filter: HotSpot opens its own to read and write (which of its mappings a
# core dump holds), a setting of the process, not a file.
HARMLESS_TARGETS = ("/dev/null", "/dev/tty", "/dev/pts/", "/dev/stdout", "/dev/stderr", "/proc/self/fd/",
                    "/proc/self/coredump_filter")
SYSCALL = re.compile(r'^(\d+)\s+(\w+)\((.*)\)\s+=\s+(-?\d+|\?)(.*)$')


def snap(tops):
    out = {}
    for top in tops:
        for dp, dns, fns in os.walk(top):
            for n in fns + dns:
                p = os.path.join(dp, n)
                try:
                    st = os.lstat(p)
                except OSError:
                    continue
                digest = ""
                if os.path.isfile(p) and not os.path.islink(p) and st.st_size < (1 << 20):
                    try:
                        digest = hashlib.sha256(open(p, "rb").read()).hexdigest()
                    except OSError:
                        digest = "unreadable"
                out[p] = (st.st_mode, st.st_size, st.st_mtime_ns, digest)
    return out


def parse_strace(log, program_path):
    writes, runs, connects, looks = [], [], [], []
    first_exec = True
    for line in log.splitlines():
        m = SYSCALL.match(line)
        if not m:
            continue
        _, call, args, ret, _rest = m.groups()
        strings = re.findall(r'"((?:[^"\\]|\\.)*)"', args)
        path = strings[0] if strings else ""
        if call in ("execve", "execveat"):
            if ret == "0" or ret == "?":
                if first_exec:
                    first_exec = False
                else:
                    runs.append(path)
            continue
        if call == "connect":
            if ret != "-1" or "EINPROGRESS" in _rest:
                connects.append(args[:120])
            elif "sun_path" in args:
                connects.append("tried " + args[:120])
            continue
        if path.startswith(PROBE) and not path.startswith(PROBE + "/notes.txt") and path not in (PROBE, HOME):
            looks.append(path)
        elif path and not path.startswith("/") and path not in ("notes.txt", ".", ""):
            looks.append(path)
        if call in ("open", "openat", "openat2"):
            flags = args.split(",")[2] if call != "open" else args.split(",")[1]
            if any(f in flags for f in WRITE_FLAGS) and not path.startswith(HARMLESS_TARGETS):
                writes.append(f"{call} {path} {flags.strip()} = {ret}{_rest.strip()[:40]}")
        elif call in CHANGING_CALLS:
            if not path.startswith(HARMLESS_TARGETS):
                writes.append(f"{call} {path} = {ret}{_rest.strip()[:40]}")
    dedupe = lambda xs: list(dict.fromkeys(xs))
    return dedupe(writes), dedupe(runs), dedupe(connects), dedupe(looks)


LIBC = ctypes.CDLL(None, use_errno=True)
MS_RDONLY, MS_REMOUNT, MS_BIND, MNT_DETACH = 1, 32, 4096, 2


def mount(source, target, fstype, flags):
    if LIBC.mount(source.encode(), target.encode(), fstype.encode() if fstype else None, flags, None) != 0:
        raise OSError(ctypes.get_errno(), f"mount {target}")


def sandbox():
    """Inside the namespaces, once per program: the machine's trees read-only."""
    for d in READ_ONLY_BINDS:
        if os.path.isdir(d):
            mount(d, d, None, MS_BIND)
            mount(d, d, None, MS_BIND | MS_REMOUNT | MS_RDONLY)


SAMPLES = None  # --samples: a directory whose files each form finds in the probe directory


def inner(program, form, timeout, hold_stdin=False):
    """Runs one form inside the namespaces on fresh tmpfs mounts, under strace; returns the record."""
    for d in TMPFS:
        mount("none", d, "tmpfs", 0)
    try:
        return traced(program, form, timeout, hold_stdin)
    finally:
        os.chdir("/")
        for d in reversed(TMPFS):
            LIBC.umount2(d.encode(), MNT_DETACH)


def traced(program, form, timeout, hold_stdin=False):
    os.makedirs(HOME)
    with open(PROBE + "/notes.txt", "w") as f:
        f.write("one line of text\n")
    if SAMPLES:
        shutil.copytree(SAMPLES, PROBE, dirs_exist_ok=True, symlinks=True)
    os.chdir(PROBE)
    # `WORDS < FILE` (the sixth pass): the words, with notes.txt on standard input.
    fed = form == "< FILE" or form.endswith(" < FILE")
    words = form[: -len("< FILE")].strip() if fed else form
    argv = [program] + ([] if not words else ["notes.txt"] if words == "FILE" else shlex.split(words))
    stdin = open(PROBE + "/notes.txt") if fed else open("/dev/null")
    held = None
    if hold_stdin and not fed:
        # An empty pipe whose writer stays open: a program that reads standard input waits on it
        # (and is reported as hanging), one that only prints does not.
        r, held = os.pipe()
        stdin = os.fdopen(r)
    before = snap(TMPFS)
    log = "/dev/shm/strace.log"  # left out of the after-snapshot below
    env = {"PATH": PATH, "HOME": HOME, "LANG": "C.UTF-8", "TERM": "dumb", "USER": "root", "LOGNAME": "root"}
    cmd = ["strace", "-f", "-qq", "-e", "trace=%file,%process,connect", "-s", "200", "-o", log] + argv
    timed_out = False
    try:
        p = subprocess.run(cmd, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env,
                           timeout=timeout, start_new_session=True)
        rc, output = p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        timed_out, rc, output = True, None, e.stdout or b""
    if held is not None:
        os.close(held)
    os.system("kill -9 -1 2>/dev/null")  # everything else in this PID namespace
    after = snap(TMPFS)
    changed = sorted(k for k in set(before) | set(after)
                     if before.get(k) != after.get(k) and not k.startswith(log) and k != PROBE)
    try:
        trace = open(log, errors="replace").read()
    except OSError:
        trace = ""
    writes, runs, connects, looks = parse_strace(trace, program)
    if SAMPLES:
        mine = {os.path.join(PROBE, n) for n in os.listdir(SAMPLES)} | set(os.listdir(SAMPLES))
        looks = [l for l in looks if not any(l == m or l.startswith(m + "/") for m in mine)]
    writes += [f"changed {k}" for k in changed if not any(k in w for w in writes)]
    if timed_out:
        outcome = "hangs"
    elif writes:
        outcome = "writes"
    elif connects:
        outcome = "connects"
    elif runs:
        outcome = "runs"
    elif rc != 0:
        outcome = "fails"
    else:
        outcome = "read-only"
    return {"program": program, "form": form, "argv": argv, "rc": rc, "outcome": outcome,
            "writes": writes[:20], "runs": runs[:20], "connects": connects[:5], "looks": looks[:20],
            "output": output.decode(errors="replace")[:4000]}


def inner_program(program, timeout, forms=None, listed=False):
    """All of a program's forms, in one set of namespaces: the base forms, then its help's; or
    only `forms`, with standard input held open (the second pass: does it read stdin?), or
    (`listed`, --forms) only `forms`, with standard input /dev/null."""
    sandbox()
    if listed:
        for f in forms:
            print(json.dumps(inner(program, f, timeout)))
        return
    if forms is not None:
        for f in forms:
            print(json.dumps(inner(program, f, timeout, hold_stdin=True)))
        return
    results = [inner(program, f, timeout) for f in BASE_FORMS]
    helps = [r["output"] for r in results if r["form"] in ("--help", "-h") and r["outcome"] in ("read-only", "fails")]
    results += [inner(program, f, timeout) for f in reading_forms("\n".join(helps)) if f not in BASE_FORMS]
    for r in results:
        print(json.dumps(r))


def trace_program(program, timeout, forms=None, listed=False):
    if program in NEVER_RUN:
        return [{"program": program, "form": "*", "outcome": "not run", "writes": [], "runs": []}]
    cmd = ["unshare", "-m", "-u", "-i", "-p", "-f", "-n", "--mount-proc", "--propagation", "private",
           sys.executable, os.path.abspath(__file__), "--inner", program, str(timeout)]
    if forms is not None:
        cmd.append(json.dumps(forms))
        cmd.append(json.dumps({"listed": listed, "samples": SAMPLES}))
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL,
                           timeout=timeout * (20 + len(forms or [])) + 30)
        rows = [json.loads(l) for l in p.stdout.decode(errors="replace").splitlines() if l.startswith("{")]
        return rows or [{"program": program, "form": "*", "outcome": "error", "rc": p.returncode, "writes": [], "runs": []}]
    except (subprocess.TimeoutExpired, json.JSONDecodeError) as e:
        return [{"program": program, "form": "*", "outcome": "error", "error": str(e)[:200], "writes": [], "runs": []}]


def reading_forms(help_text):
    """The options a --help text names on a line that says it lists, prints, shows or checks."""
    forms = []
    for line in help_text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("-"):
            continue
        head = stripped.split("  ")[0]
        rest = stripped[len(head):]
        if not READING_WORD.search(rest or stripped):
            continue
        for opt in OPTION.findall(head):
            if opt in ("-h", "--help", "-V", "--version"):
                continue
            # Only options that take no value: a value placeholder follows `=` or a space.
            after = head.split(opt, 1)[1]
            if after.startswith(("=", " <", " [", " FILE", " N", " ARG")) or re.match(r"\s*[A-Z]{2,}", after):
                continue
            forms.append(opt)
    return list(dict.fromkeys(forms))[:6]


def main():
    args = sys.argv[1:]
    global SAMPLES
    if args and args[0] == "--inner":
        extra = json.loads(args[4]) if len(args) > 4 else {}
        SAMPLES = extra.get("samples")
        inner_program(args[1], float(args[2]), json.loads(args[3]) if len(args) > 3 else None,
                      extra.get("listed", False))
        return
    jobs, timeout, out, programs, forms = 2, 5.0, os.path.join(HERE, "traces.jsonl"), [], {}
    listed = False
    while args:
        a = args.pop(0)
        if a == "--jobs":
            jobs = int(args.pop(0))
        elif a == "--timeout":
            timeout = float(args.pop(0))
        elif a == "--out":
            out = args.pop(0)
        elif a == "--from":
            programs += [l.rstrip("\n").split("\t")[0] for l in open(args.pop(0)) if l.strip()]
        elif a == "--samples":
            SAMPLES = os.path.abspath(args.pop(0))
        elif a == "--forms":
            # PROGRAM<TAB>FORM lines: exactly these forms, in the order given.
            listed = True
            for l in open(args.pop(0)):
                if not l.strip() or l.startswith("#"):
                    continue
                program, form = l.rstrip("\n").split("\t", 1)
                if program not in forms:
                    programs.append(program)
                    forms[program] = []
                forms[program].append(form)
        elif a == "--held":
            # decide.py's output: a second pass over the information modes it accepted, each run
            # with standard input held open.
            for l in open(args.pop(0)):
                cols = l.rstrip("\n").split("\t")
                if len(cols) > 2 and cols[1] == "info":
                    programs.append(cols[0])
                    forms[cols[0]] = cols[2].split(" ")
        else:
            programs.append(a)
    with open(out, "w") as f, ThreadPoolExecutor(jobs) as pool:
        for results in pool.map(lambda p: trace_program(p, timeout, forms.get(p), listed), programs):
            for r in results:
                if "output" in r:
                    r["output"] = r["output"][:1500 if r.get("form") in ("--help", "-h") else 300]
                f.write(json.dumps(r) + "\n")
            f.flush()
            print(results[0]["program"], " ".join(f"{r['form']}:{r['outcome']}" for r in results), flush=True)


if __name__ == "__main__":
    main()
