#!/usr/bin/env python3
"""After recording: turn bare version strings in `tool` into "name version" (nothing else is edited)."""
import glob, json, os, re
HERE = os.path.dirname(os.path.abspath(__file__))
def norm(name, cmd, tool):
    t = tool.strip()
    if re.fullmatch(r"v\d+\.\d+\.\d+", t):
        return "node " + t
    if re.fullmatch(r"\d+\.\d+\.\d+", t):
        for key, label in (("django", "Django"), ("prettier", "prettier"), ("shfmt", "shfmt"), ("jest", "jest"), ("mocha", "mocha"), ("glom", "glom")):
            if key in name or key in cmd:
                return f"{label} {t}"
    if re.fullmatch(r"\d{4}\.\d+\.\d+", t) and "nox" in cmd:
        return "nox " + t
    if t.startswith("mkdocs, version "):
        return "mkdocs " + t.split()[2] + " (" + t.split("(")[-1]
    if t.startswith("Version: ") and "glom" in name:
        return "glom " + t[9:]
    if t.startswith("version: ") and "shellcheck" in cmd:
        return "ShellCheck " + t[9:]
    m = re.fullmatch(r"(\d+\.\d+\.\d+) from \S+/tox/__init__.py", t)
    if m:
        return "tox " + m.group(1)
    if re.fullmatch(r"\d{4}\.\d+\.\d+", t) and "nox" in cmd:
        return "nox " + t
    m = re.fullmatch(r"(\d+\.\d+\.\d+) \(compiled yes\)", t)
    if m:
        return f"isort {m.group(1)} (compiled yes)"
    m = re.fullmatch(r"Running uvicorn (\S+) with (\S+ \S+) on Linux", t)
    if m:
        return f"uvicorn {m.group(1)} ({m.group(2)})"
    return t
for f in glob.glob(os.path.join(HERE, "*.json")):
    d = json.load(open(f))
    new = norm(d["name"], d["command"], d["tool"])
    if new != d["tool"]:
        d["tool"] = new
        with open(f, "w") as fh:
            json.dump(d, fh, indent=1, ensure_ascii=False)
