#!/usr/bin/env python3
"""Which r26 runs are new relative to the earlier rounds' recordings (minimizer-r13 ... r25)?
A run counts as new if its `tool` string (normalised) appears in no earlier recording, or if its command
contains a mode marker (flag/subcommand) that no earlier command contains."""
import glob, json, os, re, sys
OLD = "/work/main/bench/corpora"
old_tools, old_cmds, old_outs = set(), [], []
for f in glob.glob(OLD + "/minimizer-r*/**/*.json", recursive=True):
    try:
        d = json.load(open(f))
    except Exception:
        continue
    if isinstance(d, dict) and "command" in d:
        old_tools.add((d.get("tool") or "").strip())
        old_cmds.append(d["command"])
        old_outs.append(d.get("output") or "")
blob = "\n".join(old_cmds)
out_blob = "\n".join(old_outs)
# output signatures: a run is also new if its output has one of these and no earlier output does
SIGS = ["Fatal Python error: Segmentation fault", "Task was destroyed but it is pending", "Task exception was never retrieved",
        "lines matching cause stack trace", "--trace-deprecation", "Maximum call stack size exceeded", "all goroutines are asleep",
        "Process terminating with default action of signal", "SystemCheckError", "Planned operations:", "Endpoint        Methods",
        "Running upgrade", "Application startup complete", "<replacements", "Vendoring ", "no matching package named",
        "Target-spec trace", "No source for code", "benchmark: 4 tests", "Failed to load Noxfile", "Lifecycle script `test` failed",
        "ENOTCACHED", "Inline Snapshots are not supported", "ERROR: Coverage for lines", "describe is not defined",
        "No solution found when resolving dependencies", "Failed to spawn", "lookup proxy.golang.org",
        "module lookup disabled by GOPROXY=off", "inconsistent vendoring", "can't compute 'all' using the vendor directory",
        "Aborted with 3 warnings in strict mode", "Migrations for 'orders'", "BEGIN;\n--\n-- Create model", "Quit the server with CONTROL-C",
        "ERROR in app: Exception on", "Rev: ", "Thread 0x", "Error loading ASGI app", "# via", "Couldn't parse",
        "NO TESTS RAN", "Exception in thread \"main\"", "panicked at", "goroutine 1 [", "Found 6 test(s)", "Wrote HTML report"]
SIGS = [x for x in SIGS if x not in out_blob]
MARKERS = ["RUST_BACKTRACE=full", "GOTRACEBACK", "--trace-warnings", "--throw-deprecation", "-X faulthandler", "-W error::",
           "-m trace", "--stack-trace-limit", "ExceptionGroup", "valgrind --leak-check", "gdb -q -batch", "make -C", "make -k",
           "--output-sync", "make -pn", "manage.py check --deploy", "migrate --plan", "sqlmigrate", "makemigrations --check",
           "diffsettings", "runserver", "flask --app", "alembic", "uvicorn", "black --check --diff", "isort --diff", "--profile black",
           "autopep8 --diff", "--list-different", "cargo fmt --all --check", "rustfmt --check", "gofmt -d", "gofmt -l -e",
           "clang-format --dry-run", "--output-replacements-xml", "shfmt -d", "cargo vendor", "--no-fail-fast", "--include-ignored",
           "cargo clippy --offline --workspace", "cargo add --offline", "cargo metadata", "--timeout=", "pytest-benchmark",
           "--benchmark-", "coverage html", "--skip-covered", "tox config", "tox -e py37", "nox -l", "--find-links wheelhouse",
           "--report -", "pip inspect", "pip wheel", "uv tree", "uv lock", "uv sync", "uv pip", "uv run", "uv add", "go mod vendor",
           "go mod tidy", "GOPROXY=off", "go mod download -json", "go mod why", "go mod verify", "inconsistent", "npm test",
           "--workspaces", "-w @mono", "npm query", "npm ci --offline", "npm install --offline", "npm outdated --workspaces",
           "--listTests", "jest --ci -u", "--reporter dot", "--reporter json", "c8 --check-coverage", "node --test", "sphinx-build -W",
           "mkdocs build --strict", "--export-markdown -", "status=progress", "--info=progress2", "--color=yes", "--color always",
           "FORCE_COLOR=1", "shellcheck -f diff", "json1", "strace -f -c", "x/3i", "glom "]
def is_new(d):
    if (d.get("tool") or "").strip() not in old_tools:
        return "tool"
    for m in MARKERS:
        if m in d["command"] and m not in blob:
            return "mode:" + m
    for sig in SIGS:
        if sig in d["output"]:
            return "output:" + sig
    return ""
if __name__ == "__main__":
    here = os.path.dirname(os.path.abspath(__file__))
    n = new = 0
    for f in sorted(glob.glob(here + "/*.json")):
        d = json.load(open(f)); n += 1
        why = is_new(d)
        new += bool(why)
        if "-v" in sys.argv:
            print(f"{d['name']:45s} {why}")
    print(f"{new} of {n} runs are new")
