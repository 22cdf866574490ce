#!/usr/bin/env python3
"""Recorder for minimizer-r26 (r25 method, scratch path changed).

Runs each spec'd command twice as `bash -c "<command> 2>&1"` in the project directory with the
machine env plus CI=true NO_COLOR=1 TERM=dumb GIT_PAGER=cat PAGER=cat, stdin=/dev/null and a timeout.
Stores the first run; compares the second (identical / identical-masked / different).
Specs live in specs.py as RUNS = [dict(name, cwd, cmd, tool, notes, [reset], [env], [timeout], [nd])].
  tool : literal string, or "$ <cmd>" to take the first line of that command's output as the version.
  reset: shell command run (output discarded) before each of the two runs.
  post : shell command run after the second run (restores files a run edits).
  nd   : text describing what changes between runs (used when the outputs differ).
Usage: rec.py [name | prefix* ...]   (records only the matching specs; existing JSONs are overwritten)
       rec.py --renote                 (rewrites notes only, from specs.py and scratch/verify.log)
"""
import json, os, re, subprocess, sys, importlib.util

HERE = os.path.dirname(os.path.abspath(__file__))
SCRATCH = "/work/corpus-r26/scratch"
ENV = dict(os.environ, CI="true", NO_COLOR="1", TERM="dumb", GIT_PAGER="cat", PAGER="cat")
# a venv with the Python tools is at the front of PATH (as with an activated venv); git reads a scratch
# global config (user name, safe.directory, init.defaultBranch) instead of the machine user's one
ENV["PATH"] = SCRATCH + "/venv/bin:" + ENV.get("PATH", "")
ENV["VIRTUAL_ENV"] = SCRATCH + "/venv"
ENV["GIT_CONFIG_GLOBAL"] = SCRATCH + "/gitconfig"
_vers = {}

def version(tool, cwd):
    if not tool.startswith("$ "):
        return tool
    if (tool, cwd) not in _vers:
        p = subprocess.run(["bash", "-c", tool[2:] + " 2>&1"], capture_output=True, env=ENV, cwd=cwd, stdin=subprocess.DEVNULL)
        line = p.stdout.decode("utf-8", "replace").strip().splitlines()
        _vers[(tool, cwd)] = line[0].strip() if line else tool[2:]
    return _vers[(tool, cwd)]

def run(spec):
    env = dict(ENV, **spec.get("env", {}))
    if spec.get("reset"):
        subprocess.run(["bash", "-c", spec["reset"]], cwd=spec["cwd"], env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        p = subprocess.run(["bash", "-c", spec["cmd"] + " 2>&1"], cwd=spec["cwd"], env=env,
                           stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           timeout=spec.get("timeout", 300))
        return p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        return 124, (e.stdout or b"").decode("utf-8", "replace")

def mask(s):
    s = re.sub(r"0x[0-9a-fA-F]+", "0xH", s)
    s = re.sub(r"\b[0-9a-f]{7,64}\b", "H", s)
    return re.sub(r"\d+", "N", s)

def notes_for(spec, cmp):
    notes = spec["notes"]
    if cmp == "different":
        notes += " (non-deterministic: " + spec.get("nd", "output differs between two runs") + ")"
    elif cmp == "masked" and spec.get("nd_masked"):
        notes += " (non-deterministic: " + spec["nd_masked"] + ")"
    return notes

def renote(specs):
    """--renote: rewrite only the notes of stored JSONs from specs.py and the last comparison in verify.log."""
    cmp = {}
    with open(os.path.join(SCRATCH, "verify.log")) as f:
        for line in f:
            name, rc, n, b, c = line.rstrip("\n").split("\t")
            cmp[name] = c
    for spec in specs:
        path = os.path.join(HERE, spec["name"] + ".json")
        if not os.path.exists(path) or spec["name"] not in cmp:
            continue
        rec = json.load(open(path))
        rec["notes"] = notes_for(spec, cmp[spec["name"]])
        with open(path, "w") as f:
            json.dump(rec, f, indent=1, ensure_ascii=False)

def main():
    spec_mod = importlib.util.spec_from_file_location("specs", os.path.join(HERE, "specs.py"))
    m = importlib.util.module_from_spec(spec_mod); spec_mod.loader.exec_module(m)
    pats = sys.argv[1:]
    if pats[:1] == ["--renote"]:
        return renote(m.RUNS)
    for spec in m.RUNS:
        if pats and not any(p == spec["name"] or (p.endswith("*") and spec["name"].startswith(p[:-1])) for p in pats):
            continue
        rc1, out1 = run(spec)
        rc2, out2 = run(spec)
        if spec.get("post"):
            subprocess.run(["bash", "-c", spec["post"]], cwd=spec["cwd"], env=ENV, stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if out1 == out2 and rc1 == rc2:
            cmp = "identical"
        elif mask(out1) == mask(out2) and rc1 == rc2:
            cmp = "masked"
        else:
            cmp = "different"
        notes = notes_for(spec, cmp)
        os.makedirs(os.path.join(SCRATCH, "second"), exist_ok=True)
        with open(os.path.join(SCRATCH, "second", spec["name"] + ".txt"), "w") as f:
            f.write(out2)
        rec = {"name": spec["name"], "command": spec["cmd"], "exitCode": rc1, "output": out1,
               "tool": version(spec["tool"], spec["cwd"]), "notes": notes}
        with open(os.path.join(HERE, spec["name"] + ".json"), "w") as f:
            json.dump(rec, f, indent=1, ensure_ascii=False)
        n = out1.count("\n")
        print(f"{spec['name']:50s} rc={rc1:<3d} lines={n:<6d} bytes={len(out1):<8d} {cmp}", flush=True)
        with open(os.path.join(SCRATCH, "verify.log"), "a") as f:
            f.write(f"{spec['name']}\t{rc1}\t{n}\t{len(out1)}\t{cmp}\n")

if __name__ == "__main__":
    main()
