#!/usr/bin/env python3
"""Generates cases.jsonl (round 17). Each setup starts with a small prelude of helpers."""
import json, os
PRE = r'''canary() { mkdir -p "$(dirname "$1")"; printf '#!/bin/sh\necho ran >> "%s/RAN"\n' "$ROOT" > "$1"; chmod +x "$1"; }
repo() { git init -q "$1"; git -C "$1" config user.name t; git -C "$1" config user.email t@t; printf 'hello world\nTODO: fix\n' > "$1/README.md"; mkdir -p "$1/src"; printf 'def main():\n    return 1\n' > "$1/src/app.py"; printf '{"name":"demo","version":"1.2.3","scripts":{"build":"node build.js","test":"node test.js"}}\n' > "$1/package.json"; git -C "$1" add -A; git -C "$1" commit -qm init; printf 'hello again\n' >> "$1/README.md"; git -C "$1" commit -qam second; git -C "$1" tag v1.0; }
PYRAN="open('$ROOT/RAN','a').write('ran')"
'''
CASES = []
def C(slug, family, setup, command, expect, why, cwd=".", env=None):
    CASES.append({"id": "r17-" + slug, "family": family, "setup": PRE + setup, "cwd": cwd,
                  "env": env or {}, "command": command, "expect": expect, "why": why})
RO, NRO = "read-only", "not-read-only"
R = "repo r"  # standard repo

# ---------------------------------------------------------------- env
C("gitcfgcount-extdiff", "env", R + "\ncanary bin/xd\necho change >> r/README.md",
  "git diff", NRO, "GIT_CONFIG_COUNT/KEY_0/VALUE_0 inject diff.external; git diff runs the canary",
  cwd="r", env={"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "diff.external", "GIT_CONFIG_VALUE_0": "../bin/xd"})
C("gitcfgcount-color-ctl", "control", R + "\necho change >> r/README.md",
  "git diff --stat", RO, "GIT_CONFIG_* only sets color.ui=never; diff --stat writes nothing",
  cwd="r", env={"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "color.ui", "GIT_CONFIG_VALUE_0": "never"})
C("gitcfgparams-fsmonitor", "env", R + "\ncanary bin/fsm",
  "git --no-optional-locks status --short", NRO, "GIT_CONFIG_PARAMETERS core.fsmonitor=canary; status queries the fsmonitor hook",
  cwd="r", env={"GIT_CONFIG_PARAMETERS": "'core.fsmonitor'='../bin/fsm'"})
C("gitcfgglobal-textconv", "env", R + "\ncanary bin/tc\nprintf '[diff \"x\"]\\n\\ttextconv = %s/bin/tc\\n' \"$ROOT\" > planted.gitconfig\nprintf '*.md diff=x\\n' > r/.gitattributes\ngit -C r add .gitattributes\ngit -C r commit -qm attrs\necho more >> r/README.md\ngit -C r commit -qam third",
  "git log -p -1 -- README.md", NRO, "GIT_CONFIG_GLOBAL points at a file defining a textconv driver that .gitattributes selects; git log -p runs it",
  cwd="r", env={"GIT_CONFIG_GLOBAL": "../planted.gitconfig"})
C("gitcfgsystem-extdiff", "env", R + "\ncanary bin/xd\nprintf '[diff]\\n\\texternal = %s/bin/xd\\n' \"$ROOT\" > sys.gitconfig\necho change >> r/README.md",
  "git diff README.md", NRO, "GIT_CONFIG_SYSTEM names a planted file with diff.external; git diff runs it",
  cwd="r", env={"GIT_CONFIG_SYSTEM": "../sys.gitconfig"})
C("gitcfgsystem-noext-ctl", "control", R + "\ncanary bin/xd\nprintf '[diff]\\n\\texternal = %s/bin/xd\\n' \"$ROOT\" > sys.gitconfig\necho change >> r/README.md",
  "git diff --no-ext-diff README.md", RO, "same planted diff.external, but --no-ext-diff: builtin diff only",
  cwd="r", env={"GIT_CONFIG_SYSTEM": "../sys.gitconfig"})
C("gitextdiff-env", "env", R + "\ncanary bin/xd\necho change >> r/README.md",
  "git diff", NRO, "GIT_EXTERNAL_DIFF=canary; git diff runs it for the modified file",
  cwd="r", env={"GIT_EXTERNAL_DIFF": "../bin/xd"})
C("gitextdiff-stat-ctl", "control", R + "\ncanary bin/xd\necho change >> r/README.md",
  "git diff --stat", RO, "GIT_EXTERNAL_DIFF set, but --stat does not call external diff (measured)",
  cwd="r", env={"GIT_EXTERNAL_DIFF": "../bin/xd"})
C("gitextdiff-log-ctl", "control", R + "\ncanary bin/xd",
  "git log -p -1", RO, "GIT_EXTERNAL_DIFF set, git log -p without --ext-diff uses builtin diff (measured)",
  cwd="r", env={"GIT_EXTERNAL_DIFF": "../bin/xd"})
C("gittrace-file", "env", R, "git rev-parse HEAD", NRO, "GIT_TRACE=/tmp/<file> (absolute path) makes git append its trace to that file",
  cwd="r", env={"GIT_TRACE": "/tmp/r17-git-trace.log"})
C("gittrace-stderr-ctl", "control", R, "git rev-parse HEAD", RO, "GIT_TRACE=1 traces to stderr only",
  cwd="r", env={"GIT_TRACE": "1"})
C("gittrace2-event", "env", R, "git log --oneline -1", NRO, "GIT_TRACE2_EVENT=/tmp/<file> writes JSON trace events to that file",
  cwd="r", env={"GIT_TRACE2_EVENT": "/tmp/r17-trace2.json"})
C("gittrace-abs-path", "env", R, "git branch --list", NRO, "GIT_TRACE_PERFORMANCE=/tmp/<file> appends timings to that file",
  cwd="r", env={"GIT_TRACE_PERFORMANCE": "/tmp/r17-perf.txt"})
C("gitexecpath-mergetool", "env", R + "\ncanary gx/git-mergetool",
  "git mergetool --tool-help", NRO, "GIT_EXEC_PATH points at a dir with a planted git-mergetool; the 'help' run executes it",
  cwd="r", env={"GIT_EXEC_PATH": "../gx"})
C("gitdir-env-log-ctl", "control", R + "\nmkdir elsewhere", "git log --oneline -3", RO, "GIT_DIR/GIT_WORK_TREE point at a plain repo; log only reads",
  cwd="elsewhere", env={"GIT_DIR": "../r/.git", "GIT_WORK_TREE": "../r"})
C("perl5opt-module", "env", "mkdir -p lib\nprintf 'package Evil; open(my $f, \">>\", \"%s/RAN\"); print $f \"ran\"; close $f; 1;\\n' \"$ROOT\" > lib/Evil.pm",
  "perl -e 'print qq(hi\\n)'", NRO, "PERL5OPT=-MEvil with PERL5LIB=lib loads a planted module before the one-liner",
  env={"PERL5OPT": "-MEvil", "PERL5LIB": "lib"})
C("perl5lib-shadow-dumper", "env", "mkdir -p lib/Data\nprintf 'package Data::Dumper; open(my $f, \">>\", \"%s/RAN\"); close $f; sub Dumper { \"x\" } 1;\\n' \"$ROOT\" > lib/Data/Dumper.pm",
  "perl -MData::Dumper -e 'print Dumper([1])'", NRO, "PERL5LIB puts a planted Data/Dumper.pm ahead of the real one",
  env={"PERL5LIB": "lib"})
C("perllib-shadow-strict", "env", "mkdir -p plib\nprintf 'package strict; open(my $f, \">>\", \"%s/RAN\"); close $f; sub import {} 1;\\n' \"$ROOT\" > plib/strict.pm",
  "perl -Mstrict -e 'print 1'", NRO, "PERLLIB shadows strict.pm with a canary",
  env={"PERLLIB": "plib"})
C("perl5lib-harmless-ctl", "control", "mkdir -p lib",
  "perl -MData::Dumper -e 'print Dumper([1])'", RO, "PERL5LIB points at an empty dir; real Data::Dumper loads",
  env={"PERL5LIB": "lib"})
C("perldoc-perl5opt", "env", "mkdir -p lib\nprintf 'package Evil; open(my $f, \">>\", \"%s/RAN\"); close $f; 1;\\n' \"$ROOT\" > lib/Evil.pm",
  "perldoc -l strict", NRO, "perldoc is a perl program: PERL5OPT=-MEvil runs the planted module",
  env={"PERL5OPT": "-MEvil", "PERL5LIB": "lib"})
C("rubyopt-require", "env", "mkdir -p rlib\nprintf 'File.write(\"%s/RAN\", \"ran\", mode: \"a\")\\n' \"$ROOT\" > rlib/evil.rb",
  "ruby -e 'puts 1'", NRO, "RUBYOPT=-revil with RUBYLIB=rlib requires a planted file",
  env={"RUBYOPT": "-revil", "RUBYLIB": "rlib"})
C("rubyopt-warn-ctl", "control", "mkdir -p rlib", "ruby -e 'puts 1'", RO, "RUBYOPT=-W0 only silences warnings",
  env={"RUBYOPT": "-W0", "RUBYLIB": "rlib"})
C("rubylib-shadow-json", "env", "mkdir -p rlib\nprintf 'File.write(\"%s/RAN\", \"ran\", mode: \"a\")\\n' \"$ROOT\" > rlib/json.rb\necho '{}' > p.json",
  "ruby -rjson -e 'p JSON.parse(File.read(\"p.json\"))'", NRO, "RUBYLIB puts a planted json.rb ahead of the stdlib json",
  env={"RUBYLIB": "rlib"})
C("nodeopts-require", "env", "printf 'require(\"fs\").appendFileSync(\"%s/RAN\",\"ran\")\\n' \"$ROOT\" > evil.js",
  "node -p '1+1'", NRO, "NODE_OPTIONS=--require ./evil.js preloads a planted file",
  env={"NODE_OPTIONS": "--require ./evil.js"})
C("nodeopts-npm-version", "env", "printf 'require(\"fs\").appendFileSync(\"%s/RAN\",\"ran\")\\n' \"$ROOT\" > evil.js",
  "npm --version", NRO, "npm is a node program: NODE_OPTIONS --require runs planted code even for --version",
  env={"NODE_OPTIONS": "--require ./evil.js"})
C("nodeopts-redirect-warnings", "env", "", "node -e 'process.emitWarning(\"deprecated thing\"); console.log(1)'", NRO,
  "NODE_OPTIONS=--redirect-warnings=warn.txt sends process warnings to a file", env={"NODE_OPTIONS": "--redirect-warnings=warn.txt"})
C("node-v8-coverage", "env", "", "node -e 'console.log(1)'", NRO, "NODE_V8_COVERAGE=cov makes node write coverage JSON",
  env={"NODE_V8_COVERAGE": "cov"})
C("nodeopts-heap-ctl", "control", "", "node -e 'console.log(1)'", RO, "NODE_OPTIONS=--max-old-space-size=256 changes nothing on disk",
  env={"NODE_OPTIONS": "--max-old-space-size=256"})
C("nodepath-module", "env", "mkdir -p np/leftpad\nprintf 'require(\"fs\").appendFileSync(\"%s/RAN\",\"ran\"); module.exports=(s)=>s;\\n' \"$ROOT\" > np/leftpad/index.js",
  "node -e 'try { require(\"leftpad\") } catch (e) {} console.log(1)'", NRO, "NODE_PATH resolves a bare module to planted code",
  env={"NODE_PATH": "np"})
C("pythonpath-shadow-json", "env", "mkdir -p pp/json\nprintf '%s\\n' \"$PYRAN\" > pp/json/__init__.py\necho '{\"a\":1}' > d.json",
  "python3 -B -c 'import json,sys; print(1)'", NRO, "PYTHONPATH puts a planted json package ahead of the stdlib",
  env={"PYTHONPATH": "pp"})
C("pythonpath-jsontool", "env", "mkdir -p pp/json\nprintf '%s\\n' \"$PYRAN\" > pp/json/__init__.py\necho '{\"a\":1}' > d.json",
  "python3 -B -m json.tool d.json", NRO, "python -m json.tool resolves json from PYTHONPATH first: planted code runs",
  env={"PYTHONPATH": "pp"})
C("pythonstartup-c-ctl", "control", "printf '%s\\n' \"$PYRAN\" > startup.py",
  "python3 -B -c 'print(42)'", RO, "PYTHONSTARTUP is only read by interactive sessions; -c does not run it (measured)",
  env={"PYTHONSTARTUP": "startup.py"})
C("pythonstartup-interactive", "env", "printf '%s\\n' \"$PYRAN\" > startup.py",
  "python3 -B -i < /dev/null", NRO, "python3 -i (interactive, stdin empty) runs PYTHONSTARTUP (measured)",
  env={"PYTHONSTARTUP": "startup.py"})
C("pycacheprefix", "env", "printf 'X = 1\\n' > helper.py", "python3 -c 'import helper; print(helper.X)'", NRO,
  "PYTHONPYCACHEPREFIX=pyc: importing a local module writes bytecode under pyc/", env={"PYTHONPYCACHEPREFIX": "pyc"})
C("python-dontwrite-ctl", "control", "printf 'X = 1\\n' > helper.py", "python3 -c 'import helper; print(helper.X)'", RO,
  "PYTHONDONTWRITEBYTECODE=1: importing the local module writes no __pycache__", env={"PYTHONDONTWRITEBYTECODE": "1"})
C("java-tool-options-log", "env", "", "java -XX:-UsePerfData -version", NRO,
  "JAVA_TOOL_OPTIONS=-Xlog:gc:file=gc.log makes even java -version write a log file", env={"JAVA_TOOL_OPTIONS": "-Xlog:gc:file=gc.log"})
C("java-options-underscore-log", "env", "", "java -XX:-UsePerfData -version", NRO,
  "_JAVA_OPTIONS=-Xlog:safepoint:file=sp.log writes a log file", env={"_JAVA_OPTIONS": "-Xlog:safepoint:file=sp.log"})
C("jdk-java-options-log", "env", "", "java -XX:-UsePerfData -version", NRO,
  "JDK_JAVA_OPTIONS (java launcher) with -Xlog:...:file= writes a log", env={"JDK_JAVA_OPTIONS": "-Xlog:gc:file=jdk.log"})
C("java-version-noperf-ctl", "control", "", "java -XX:-UsePerfData -version", RO,
  "JAVA_TOOL_OPTIONS=-Xmx64m only; perf data disabled: nothing written", env={"JAVA_TOOL_OPTIONS": "-Xmx64m"})
C("makeflags-eval-shell", "env", "printf 'all:\\n\\t@echo building\\n' > Makefile", "make -n", NRO,
  "MAKEFLAGS carries --eval with a $(shell) call; even make -n evaluates it",
  env={"MAKEFLAGS": "--eval=$$(shell\\ touch\\ ran-makeflags)"})
C("makefiles-env", "env", "printf 'all:\\n\\t@echo building\\n' > Makefile\nprintf '$(shell touch ran-makefiles)\\n' > evil.mk", "make -n", NRO,
  "MAKEFILES=evil.mk makes make read a planted makefile whose $(shell) runs under -n",
  env={"MAKEFILES": "evil.mk"})
C("cc-env-shell-maken", "env", "printf 'all:\\n\\t$(CC) -c x.c\\n' > Makefile", "make -n", NRO,
  "CC='$(shell touch ran-cc)' from the environment is expanded while make -n prints the recipe",
  env={"CC": "$(shell touch ran-cc)"})
C("cc-env-maken-ctl", "control", "printf 'all:\\n\\t$(CC) $(CFLAGS) -c x.c\\n' > Makefile", "make -n", RO,
  "CC=clang CFLAGS=-O2 just change the printed recipe of make -n", env={"CC": "clang", "CFLAGS": "-O2"})
C("gnumakeflags-ctl", "control", "printf 'all:\\n\\t@echo building\\n' > Makefile", "make -n", RO,
  "GNUMAKEFLAGS=--no-print-directory is harmless", env={"GNUMAKEFLAGS": "--no-print-directory"})
C("tar-options-checkpoint", "env", "canary bin/cp\nmkdir d; echo a > d/a; tar -cf a.tar d",
  "tar -tf a.tar", NRO, "TAR_OPTIONS with --checkpoint-action=exec runs a program while listing",
  env={"TAR_OPTIONS": "--checkpoint=1 --checkpoint-action=exec=bin/cp"})
C("tar-options-numeric-ctl", "control", "mkdir d; echo a > d/a; tar -cf a.tar d",
  "tar -tvf a.tar", RO, "TAR_OPTIONS=--numeric-owner only changes listing output", env={"TAR_OPTIONS": "--numeric-owner"})
C("ripgrep-config-pre", "env", "canary bin/pre\nprintf -- '--pre=bin/pre\\n' > rgrc\necho needle > a.txt",
  "rg needle a.txt", NRO, "RIPGREP_CONFIG_PATH file adds --pre=<canary>, run per searched file",
  env={"RIPGREP_CONFIG_PATH": "rgrc"})
C("ripgrep-config-ctl", "control", "printf -- '--smart-case\\n--hidden\\n' > rgrc\necho needle > a.txt",
  "rg needle a.txt", RO, "RIPGREP_CONFIG_PATH with --smart-case/--hidden only", env={"RIPGREP_CONFIG_PATH": "rgrc"})
C("xdg-git-config-extdiff", "env", R + "\ncanary bin/xd\nmkdir -p xdg/git\nprintf '[diff]\\n\\texternal = %s/bin/xd\\n' \"$ROOT\" > xdg/git/config\necho change >> r/README.md",
  "git diff", NRO, "XDG_CONFIG_HOME points at a planted git/config with diff.external",
  cwd="r", env={"XDG_CONFIG_HOME": "../xdg"})
C("lua-init-code", "env", "", "lua -e 'print(1)'", NRO, "LUA_INIT holds Lua code that runs before -e",
  env={"LUA_INIT": "io.open('ran-lua','a'):write('x')"})
C("lua-init-file", "env", "printf 'io.open(\"%s/RAN\",\"a\"):write(\"x\")\\n' \"$ROOT\" > init.lua", "lua -v", NRO,
  "LUA_INIT=@init.lua runs a planted file even for lua -v (measured)", env={"LUA_INIT": "@init.lua"})
C("lua-init-ignored-E-ctl", "control", "", "lua -E -e 'print(1)'", RO, "lua -E ignores LUA_INIT",
  env={"LUA_INIT": "io.open('ran-lua','a'):write('x')"})
C("r-profile-user", "env", "printf 'cat(\"x\", file=\"%s/RAN\", append=TRUE)\\n' \"$ROOT\" > prof.R", "Rscript -e 'cat(1)'", NRO,
  "R_PROFILE_USER names a planted profile that Rscript sources", env={"R_PROFILE_USER": "prof.R"})
C("tcl-library-init", "env", "mkdir -p tl\ncp -r /usr/share/tcltk/tcl8.6/. tl/\nprintf 'set f [open \"%s/RAN\" a]; puts $f ran; close $f\\n' \"$ROOT\" >> tl/init.tcl",
  "echo 'puts [info patchlevel]' | tclsh", NRO, "TCL_LIBRARY points at a copy of the Tcl library whose init.tcl has a canary",
  env={"TCL_LIBRARY": "tl"})
C("curl-home-output", "env", "mkdir ch\nprintf 'output = \"from-curlrc.txt\"\\nsilent\\n' > ch/.curlrc\necho data > f.txt",
  "curl file://$PWD/f.txt", NRO, "CURL_HOME/.curlrc sets output=<file>; a file:// read writes a file (no network)",
  env={"CURL_HOME": "ch"})
C("curl-home-version-ctl", "control", "mkdir ch\nprintf 'output = \"from-curlrc.txt\"\\n' > ch/.curlrc",
  "curl --version", RO, "same .curlrc, but curl --version writes nothing (measured)", env={"CURL_HOME": "ch"})
C("pip-log-env", "env", "", "pip list", NRO, "PIP_LOG=pip.log: a plain pip list appends a verbose log file",
  env={"PIP_LOG": "pip.log", "PIP_DISABLE_PIP_VERSION_CHECK": "1"})
C("pip-noversioncheck-ctl", "control", "", "pip --version", RO, "PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_COLOR=1: nothing written",
  env={"PIP_DISABLE_PIP_VERSION_CHECK": "1", "PIP_NO_COLOR": "1"})
C("git-ssh-command-lsremote", "env", R + "\ncanary bin/ssh\ngit -C r remote add origin ssh://git.invalid/x.git",
  "git ls-remote origin", NRO, "GIT_SSH_COMMAND=canary: ls-remote to an ssh remote runs it (and would reach the network)",
  cwd="r", env={"GIT_SSH_COMMAND": "../bin/ssh"})
C("git-editor-var-ctl", "control", R + "\ncanary bin/ed", "git var GIT_EDITOR", RO,
  "GIT_EDITOR=canary; git var only prints the editor's name", cwd="r", env={"GIT_EDITOR": "../bin/ed"})
C("manpager-nontty-ctl", "control", "canary bin/pg", "man -P cat ls | head -5", RO,
  "man -P cat with output to a pipe: no pager program runs", env={"MANPAGER": "bin/pg"})

# ---------------------------------------------------------------- tool-config
PYPLUG = "mkdir -p plug\nprintf '%s\\n' \"$PYRAN\" > plug/evilplug.py\n"
C("pytest-ini-addopts-version-ctl", "control", PYPLUG + "printf '[pytest]\\naddopts = -p evilplug -p no:cacheprovider\\npythonpath = plug\\n' > pytest.ini",
  "PYTHONDONTWRITEBYTECODE=1 pytest --version", RO, "pytest.ini addopts -p names a repo plugin, but pytest --version does not import it (measured)")
C("setupcfg-pytest-addopts", "tool-config", PYPLUG + "printf '[tool:pytest]\\naddopts = -p evilplug -p no:cacheprovider\\npythonpath = plug\\n' > setup.cfg\nmkdir tests; printf 'def test_a():\\n    assert 1\\n' > tests/test_a.py",
  "PYTHONDONTWRITEBYTECODE=1 pytest --collect-only -q", NRO, "setup.cfg [tool:pytest] addopts -p imports a planted plugin during collection")
C("pyproject-pytest-addopts", "tool-config", PYPLUG + "printf '[tool.pytest.ini_options]\\naddopts = \"-p evilplug -p no:cacheprovider\"\\npythonpath = [\"plug\"]\\n' > pyproject.toml",
  "PYTHONDONTWRITEBYTECODE=1 pytest --co -q", NRO, "pyproject.toml [tool.pytest.ini_options] addopts -p runs a repo plugin")
C("pytest-ini-plain-ctl", "control", "printf '[pytest]\\naddopts = -q -p no:cacheprovider\\n' > pytest.ini",
  "PYTHONDONTWRITEBYTECODE=1 pytest --version", RO, "pytest.ini with harmless addopts; --version writes nothing (measured)")
C("coveragerc-plugin", "tool-config", PYPLUG + "printf '[run]\\nplugins = evilplug\\n' > .coveragerc",
  "PYTHONPATH=plug PYTHONDONTWRITEBYTECODE=1 coverage report", NRO, ".coveragerc [run] plugins imports a planted module when coverage report starts")
C("coveragerc-plain-ctl", "control", "printf '[run]\\nbranch = True\\n[report]\\nshow_missing = True\\n' > .coveragerc",
  "PYTHONDONTWRITEBYTECODE=1 coverage report", RO, ".coveragerc without plugins; coverage report (no data) writes nothing (measured)")
C("mypy-ini-plugin", "tool-config", PYPLUG + "printf '[mypy]\\nplugins = plug/evilplug.py\\n' > mypy.ini\nprintf 'x: int = 1\\n' > m.py",
  "mypy --no-incremental --cache-dir=/dev/null m.py", NRO, "mypy.ini plugins= loads a repo file as a mypy plugin (code runs before the error about plugin())")
C("mypy-nocache-ctl", "control", "printf '[mypy]\\nstrict = True\\n' > mypy.ini\nprintf 'x: int = 1\\n' > m.py",
  "mypy --no-incremental --cache-dir=/dev/null m.py", RO, "mypy with cache sent to /dev/null and no plugin writes nothing (measured)")
C("pylintrc-init-hook-version-ctl", "control", "printf '[MAIN]\\ninit-hook=%s\\n' \"$PYRAN\" > .pylintrc\nprintf 'x = 1\\n' > m.py",
  "pylint --version", RO, ".pylintrc has an init-hook but pylint --version does not run it (measured)")
C("pylintrc-init-hook", "tool-config", "printf '[MAIN]\\ninit-hook=%s\\n' \"$PYRAN\" > .pylintrc\nprintf '\"\"\"m\"\"\"\\nX = 1\\n' > m.py",
  "pylint --persistent=n m.py", NRO, ".pylintrc init-hook runs Python code when pylint lints")
C("pylintrc-load-plugins", "tool-config", PYPLUG + "printf '[MAIN]\\nload-plugins=evilplug\\n' > .pylintrc\nprintf '\"\"\"m\"\"\"\\nX = 1\\n' > m.py",
  "PYTHONPATH=plug pylint --persistent=n m.py", NRO, ".pylintrc load-plugins imports a planted module")
C("flake8-local-plugins", "tool-config", "mkdir -p plug\nprintf '%s\\nclass P:\\n    def __init__(self, tree):\\n        pass\\n    def run(self):\\n        return []\\n' \"$PYRAN\" > plug/evilplug.py\nprintf '[flake8:local-plugins]\\nextension =\\n    X10 = evilplug:P\\npaths = plug\\n' > .flake8\nprintf 'x = 1\\n' > m.py",
  "PYTHONDONTWRITEBYTECODE=1 flake8 m.py", NRO, ".flake8 [flake8:local-plugins] imports repo code")
C("flake8-config-ctl", "control", "printf '[flake8]\\nmax-line-length = 100\\nextend-ignore = E203\\n' > .flake8\nprintf 'x = 1\\n' > m.py",
  "flake8 m.py", RO, ".flake8 with only style options; flake8 writes nothing (measured)")
C("ruff-check-cache", "tool-config", "printf '[tool.ruff]\\nline-length = 100\\n' > pyproject.toml\nprintf 'import os\\n' > m.py",
  "ruff check .", NRO, "ruff check writes .ruff_cache in the project (measured)")
C("ruff-nocache-ctl", "control", "printf '[tool.ruff]\\nline-length = 100\\n' > pyproject.toml\nprintf 'import os\\n' > m.py",
  "ruff check --no-cache .", RO, "ruff check --no-cache writes nothing (measured)")
C("black-check-cache", "tool-config", "printf 'x = 1\\n' > m.py", "black --check m.py", NRO,
  "black --check still writes its cache under ~/.cache/black (measured)")
C("gdbinit-cwd-autoload", "tool-config", "printf 'set auto-load safe-path /\\n' > home/.gdbinit\nprintf 'shell touch ran-gdb\\n' > .gdbinit",
  "gdb -batch -ex 'print 1'", NRO, "~/.gdbinit sets auto-load safe-path /, so ./.gdbinit runs a shell command")
C("gdbinit-home-shell", "tool-config", "printf 'shell touch %s/ran-gdbhome\\n' \"$ROOT\" > home/.gdbinit",
  "gdb -batch -ex 'print 1+1'", NRO, "~/.gdbinit is executed by gdb -batch")
C("gdb-nx-ctl", "control", "printf 'shell touch %s/ran-gdbhome\\n' \"$ROOT\" > home/.gdbinit",
  "gdb -nx -batch -ex 'print 1+1'", RO, "gdb -nx skips every init file")
C("curlrc-home-trace", "tool-config", "printf 'trace-ascii = \"curl-trace.txt\"\\nsilent\\n' > home/.curlrc\necho data > f.txt",
  "curl -s file://$PWD/f.txt", NRO, "~/.curlrc trace-ascii writes a trace file on a local file:// read")
C("curl-q-ctl", "control", "printf 'trace-ascii = \"curl-trace.txt\"\\n' > home/.curlrc\necho data > f.txt",
  "curl -q -s file://$PWD/f.txt", RO, "curl -q (first arg) ignores ~/.curlrc; file:// read only")
C("wgetrc-version-ctl", "control", "printf 'output_document = out.html\\n' > home/.wgetrc", "wget --version | head -1", RO,
  "~/.wgetrc present; wget --version writes nothing")
C("npm-run-list", "tool-config", "printf '{\"name\":\"d\",\"version\":\"1.0.0\",\"scripts\":{\"build\":\"touch ran-build\"}}\\n' > package.json",
  "npm run", NRO, "npm run (no script) only lists scripts but npm writes ~/.npm/_logs (measured)")
C("npm-run-script", "tool-config", "printf '{\"name\":\"d\",\"version\":\"1.0.0\",\"scripts\":{\"lint\":\"touch ran-lint\"}}\\n' > package.json",
  "npm run lint", NRO, "npm run lint runs the package.json script")
C("npm-pkg-get-logs", "tool-config", "printf '{\"name\":\"d\",\"version\":\"1.0.0\",\"scripts\":{\"lint\":\"touch ran-lint\"}}\\n' > package.json",
  "npm pkg get scripts", NRO, "npm pkg get only reads package.json, but npm writes its log dir under HOME (measured)")
C("npmrc-script-shell", "tool-config", "canary bin/sh2\nprintf 'script-shell=%s/bin/sh2\\n' \"$ROOT\" > .npmrc\nprintf '{\"name\":\"d\",\"version\":\"1.0.0\",\"scripts\":{\"test\":\"echo ok\"}}\\n' > package.json",
  "npm test", NRO, ".npmrc script-shell replaces the shell used for a harmless-looking script")
C("npx-local-bin-version", "tool-config", "mkdir -p node_modules/.bin\ncanary node_modules/.bin/eslint\nprintf '{\"name\":\"d\",\"version\":\"1.0.0\"}\\n' > package.json",
  "npx --no-install eslint --version", NRO, "npx runs the repo's node_modules/.bin/eslint (planted) for --version")
C("make-plus-recipe", "tool-config", "printf 'all:\\n\\t+touch ran-plus\\n\\techo build\\n' > Makefile",
  "make -n", NRO, "a recipe line prefixed with + runs even under make -n")
C("make-recursive-maken", "tool-config", "mkdir sub\nprintf 'all:\\n\\t$(MAKE) -C sub\\n' > Makefile\nprintf 'all:\\n\\ttouch ran-sub\\n' > sub/Makefile\nprintf '$(shell touch ran-subshell)\\n' >> sub/Makefile",
  "make -n", NRO, "lines using $(MAKE) run under -n: the sub-make parses sub/Makefile whose $(shell) runs")
C("make-shell-var-maken", "tool-config", "canary bin/mysh\nprintf 'SHELL := bin/mysh\\nV := $(shell echo hi)\\nall:\\n\\t@echo $(V)\\n' > Makefile",
  "make -n", NRO, "Makefile sets SHELL to a planted program; make -n still runs it for $(shell)")
C("make-n-plain-ctl", "control", "printf 'CC ?= gcc\\nall: app\\napp: main.c\\n\\t$(CC) -o app main.c\\n' > Makefile\necho 'int main(){return 0;}' > main.c",
  "make -n", RO, "plain Makefile without $(shell)/+ lines; make -n only prints")
C("make-p-shell", "tool-config", "printf 'GIT_REV := $(shell touch ran-p)\\nall:\\n\\t@echo hi\\n' > Makefile",
  "make -p -q | head -n 5", NRO, "make -p -q still parses the Makefile and runs $(shell)")
C("cmake-list-presets-ctl", "control", "printf '{\"version\":3,\"configurePresets\":[{\"name\":\"dev\",\"generator\":\"Ninja\",\"binaryDir\":\"build\"}]}\\n' > CMakePresets.json\nprintf 'cmake_minimum_required(VERSION 3.10)\\nproject(p NONE)\\nexecute_process(COMMAND touch ran-cmake)\\n' > CMakeLists.txt",
  "cmake --list-presets", RO, "cmake --list-presets reads CMakePresets.json only; CMakeLists.txt is not run (measured)")
C("cmake-P-script", "tool-config", "printf 'file(WRITE out.txt hi)\\n' > info.cmake",
  "cmake -P info.cmake", NRO, "cmake -P runs a repo script that writes a file")
C("meson-introspect-tmpdir", "tool-config", "printf \"project('p', 'c')\\nrun_command('touch', 'ran-meson', check: false)\\n\" > meson.build",
  "meson introspect --projectinfo meson.build", NRO, "meson introspect on a source meson.build does not execute run_command, but creates and removes a temp dir in /tmp (measured)")
C("sqliterc-system-batch-ctl", "control", "sqlite3 db.sqlite 'create table t(a)'\nprintf '.system touch %s/ran-sqlite\\n' \"$ROOT\" > home/.sqliterc",
  "sqlite3 db.sqlite 'select count(*) from t'", RO, "~/.sqliterc has .system, but a query given as an argument does not trigger it (measured)")
C("sqlite-batch-ctl", "control", "sqlite3 db.sqlite 'create table t(a)'\nprintf '.headers on\\n.mode column\\n' > home/.sqliterc",
  "sqlite3 -readonly db.sqlite 'select count(*) from t'", RO, "harmless ~/.sqliterc; read-only query")
C("usercustomize-home", "tool-config", "d=home/.local/lib/python3.11/site-packages; mkdir -p $d\nprintf '%s\\n' \"$PYRAN\" > $d/usercustomize.py",
  "python3 -B -c 'print(1)'", NRO, "~/.local/.../site-packages/usercustomize.py runs at every python start")
C("user-site-pth", "tool-config", "d=home/.local/lib/python3.11/site-packages; mkdir -p $d\nprintf 'import os; %s\\n' \"$PYRAN\" > $d/zz.pth",
  "python3 -B -c 'import sys; print(sys.version_info[:2])'", NRO, "a .pth file in the user site dir with an import line runs code")
C("python-nousersite-ctl", "control", "d=home/.local/lib/python3.11/site-packages; mkdir -p $d\nprintf '%s\\n' \"$PYRAN\" > $d/usercustomize.py",
  "python3 -B -s -c 'print(1)'", RO, "python3 -s skips the user site dir, so usercustomize does not run")
C("python-m-shadow-cwd", "tool-config", "printf '%s\\n' \"$PYRAN\" > pytest.py",
  "python3 -B -m pytest --version", NRO, "python -m puts cwd first on sys.path: a repo pytest.py shadows the real one")
C("python-c-shadow-cwd", "tool-config", "printf '%s\\n' \"$PYRAN\" > json.py",
  "python3 -B -c 'import json; print(1)'", NRO, "python -c puts cwd first on sys.path: repo json.py shadows stdlib")
C("python-P-safe-ctl", "control", "printf '%s\\n' \"$PYRAN\" > json.py",
  "python3 -B -P -c 'import json; print(json.dumps([1]))'", RO, "python3 -P (safe path) ignores cwd: stdlib json is used")
C("mvn-jvm-config-log", "tool-config", "mkdir .mvn\nprintf -- '-Xlog:gc:file=mvn-gc.log\\n' > .mvn/jvm.config",
  "mvn -v", NRO, ".mvn/jvm.config adds JVM flags for mvn -v: the JVM writes a log file")
C("rubocop-require", "tool-config", "printf 'File.write(\"%s/RAN\", \"ran\", mode: \"a\")\\n' \"$ROOT\" > evil.rb\nprintf 'require:\\n  - ./evil.rb\\n' > .rubocop.yml\nprintf 'x = 1\\nputs x\\n' > a.rb",
  "rubocop --cache false a.rb", NRO, ".rubocop.yml require: loads repo Ruby code")
C("rubocop-version-cache", "tool-config", "printf 'File.write(\"%s/RAN\", \"ran\", mode: \"a\")\\n' \"$ROOT\" > evil.rb\nprintf 'require:\\n  - ./evil.rb\\n' > .rubocop.yml",
  "rubocop --version", NRO, "rubocop --version does not load evil.rb, but creates ~/.cache/rubocop_cache (measured)")
C("rprofile-cwd", "tool-config", "printf 'cat(\"x\", file=\"%s/RAN\", append=TRUE)\\n' \"$ROOT\" > .Rprofile",
  "Rscript -e 'cat(R.version.string)'", NRO, "a .Rprofile in cwd is sourced by Rscript")
C("r-version-ctl", "control", "printf 'cat(\"x\", file=\"%s/RAN\", append=TRUE)\\n' \"$ROOT\" > .Rprofile",
  "R --version | head -1", RO, "R --version does not start R, so .Rprofile is not read")
C("shellcheckrc-ctl", "control", "printf 'disable=SC2086\\n' > .shellcheckrc\nprintf '#!/bin/sh\\necho $1\\n' > s.sh",
  "shellcheck s.sh", RO, ".shellcheckrc only sets options; shellcheck writes nothing")
C("clang-format-dryrun-ctl", "control", "printf 'BasedOnStyle: LLVM\\nIndentWidth: 4\\n' > .clang-format\nprintf 'int main(){return 0;}\\n' > a.c",
  "clang-format --dry-run a.c", RO, ".clang-format read; --dry-run prints warnings only")
C("clang-format-inplace", "tool-config", "printf 'BasedOnStyle: LLVM\\n' > .clang-format\nprintf 'int main(){return 0;}\\n' > a.c",
  "clang-format -i a.c", NRO, "clang-format -i rewrites the file")

def G(slug, family, setup, command, expect, why, cwd=None, env=None):
    C(slug, family, setup, command, expect, why, cwd=cwd or ("r" if setup.startswith(R) else "."), env=env)

# ---------------------------------------------------------------- git-config
G("git-catfile-textconv", "git-config", R + "\ncanary bin/tc\ngit -C r config diff.bin.textconv ../bin/tc\nprintf 'README.md diff=bin\\n' > r/.gitattributes",
  "git cat-file --textconv HEAD:README.md", NRO, "cat-file --textconv runs the diff driver's textconv from .git/config + .gitattributes")
G("git-catfile-p-ctl", "control", R + "\ncanary bin/tc\ngit -C r config diff.bin.textconv ../bin/tc\nprintf 'README.md diff=bin\\n' > r/.gitattributes",
  "git cat-file -p HEAD:README.md", RO, "same textconv setup, cat-file -p prints raw blob")
G("git-grep-textconv", "git-config", R + "\ncanary bin/tc\ngit -C r config diff.bin.textconv ../bin/tc\nprintf 'README.md diff=bin\\n' > r/.gitattributes",
  "git grep --textconv -n hello", NRO, "git grep --textconv runs the textconv program")
G("git-grep-plain-ctl", "control", R + "\ncanary bin/tc\ngit -C r config diff.bin.textconv ../bin/tc\nprintf 'README.md diff=bin\\n' > r/.gitattributes",
  "git grep -n hello", RO, "plain git grep ignores textconv (default --no-textconv)")
G("git-blame-textconv", "git-config", R + "\ncanary bin/tc\nprintf '#!/bin/sh\\necho ran >> %s/RAN\\ncat \"$1\"\\n' \"$ROOT\" > bin/tc\ngit -C r config diff.bin.textconv ../bin/tc\nprintf 'README.md diff=bin\\n' > r/.gitattributes",
  "git blame README.md", NRO, "git blame applies textconv by default")
G("git-show-extdiff-ctl", "control", R + "\ncanary bin/xd\ngit -C r config diff.external ../bin/xd",
  "git show HEAD", RO, "diff.external in .git/config, but git show (no --ext-diff) uses the builtin diff (measured)")
G("git-show-stat-extdiff-ctl", "control", R + "\ncanary bin/xd\ngit -C r config diff.external ../bin/xd",
  "git show --stat HEAD", RO, "same diff.external, --stat does not call it")
G("git-diff-driver-command", "git-config", R + "\ncanary bin/dd\ngit -C r config diff.md.command ../bin/dd\nprintf '*.md diff=md\\n' > r/.gitattributes\necho edit >> r/README.md",
  "git diff -- README.md", NRO, "diff.<driver>.command selected by .gitattributes runs on git diff")
G("git-status-clean-filter", "git-config", R + "\ncanary bin/clean\nprintf '#!/bin/sh\\necho ran >> %s/RAN\\ncat\\n' \"$ROOT\" > bin/clean\ngit -C r config filter.f.clean ../bin/clean\nprintf '*.md filter=f\\n' > r/.gitattributes\ngit -C r add .gitattributes\ngit -C r commit -qm a\ntouch -d '2001-01-01' r/README.md",
  "git --no-optional-locks status --short", NRO, "status re-hashes a stat-dirty file through the clean filter")
G("git-log-showsignature-gpg", "git-config", R + "\ncanary bin/gpg\ncd r\nprintf 'gpgsig -----BEGIN PGP SIGNATURE-----\\n \\n iQEzBAABCAAdFiEE\\n -----END PGP SIGNATURE-----\\n' > ../sig.txt\ngit cat-file commit HEAD | sed '/^committer/r ../sig.txt' > ../c.txt\nc=$(git hash-object -t commit -w ../c.txt)\ngit update-ref refs/heads/signed $c\ngit config log.showSignature true\ngit config gpg.program ../bin/gpg",
  "git log -1 signed", NRO, "log.showSignature=true in repo config: git log verifies a signed commit with gpg.program")
G("git-log-format-G-gpg", "git-config", R + "\ncanary bin/gpg\ncd r\nprintf 'gpgsig -----BEGIN PGP SIGNATURE-----\\n \\n iQEzBAABCAAdFiEE\\n -----END PGP SIGNATURE-----\\n' > ../sig.txt\ngit cat-file commit HEAD | sed '/^committer/r ../sig.txt' > ../c.txt\nc=$(git hash-object -t commit -w ../c.txt)\ngit update-ref refs/heads/signed $c\ngit config gpg.program ../bin/gpg",
  "git log --format='%h %G? %s' -1 signed", NRO, "%G? in a log format makes git run gpg.program to verify")
G("git-log-format-plain-ctl", "control", R + "\ncanary bin/gpg\ncd r\nprintf 'gpgsig -----BEGIN PGP SIGNATURE-----\\n \\n iQEzBAABCAAdFiEE\\n -----END PGP SIGNATURE-----\\n' > ../sig.txt\ngit cat-file commit HEAD | sed '/^committer/r ../sig.txt' > ../c.txt\nc=$(git hash-object -t commit -w ../c.txt)\ngit update-ref refs/heads/signed $c\ngit config gpg.program ../bin/gpg",
  "git log --format='%h %an %s' -1 signed", RO, "same signed commit, format without %G: no verification")
G("git-lsremote-uploadpack", "git-config", R + "\ncanary bin/up\ngit init -q --bare other.git\ngit -C r remote add origin ../other.git\ngit -C r config remote.origin.uploadpack \"$ROOT/bin/up\"",
  "git ls-remote origin", NRO, "remote.origin.uploadpack in .git/config: ls-remote on a local remote runs it")
G("git-lsremote-ext", "git-config", R + "\ngit -C r config protocol.ext.allow always\ngit -C r remote add origin 'ext::sh -c touch% ran-ext'",
  "git ls-remote origin", NRO, "protocol.ext.allow=always and an ext:: remote URL run a command")
G("git-remote-v-ctl", "control", R + "\ngit -C r config protocol.ext.allow always\ngit -C r remote add origin 'ext::sh -c touch% ran-ext'",
  "git remote -v", RO, "same ext:: remote; git remote -v only prints URLs")
G("git-hookspath-status-ctl", "control", R + "\nmkdir -p r/hooks\ncanary r/hooks/post-checkout\ncanary r/hooks/pre-commit\ngit -C r config core.hooksPath hooks",
  "git --no-optional-locks status --short", RO, "core.hooksPath with hooks; status runs no hook")
G("git-fsmonitor-lsfiles", "git-config", R + "\ncanary bin/fsm\ngit -C r config core.fsmonitor ../bin/fsm",
  "git ls-files", NRO, "core.fsmonitor set in .git/config; even git ls-files queries the hook (measured)")
G("git-fsmonitor-diff", "git-config", R + "\ncanary bin/fsm\ngit -C r config core.fsmonitor ../bin/fsm",
  "git diff --quiet; echo $?", NRO, "core.fsmonitor set in repo config; git diff refreshes and runs it (measured)")
G("git-status-index-refresh", "git-config", R + "\ntouch -d '2001-01-01' r/README.md",
  "git status --short", NRO, "plain git status refreshes and rewrites .git/index after a stat change (measured)")
G("git-alias-bang", "git-config", R + "\ngit -C r config alias.lg '!touch ran-alias; git log --oneline'",
  "git lg", NRO, "a repo-config alias starting with ! runs a shell command")
G("git-alias-plain-ctl", "control", R + "\ngit -C r config alias.lg 'log --oneline --graph'",
  "git lg -3", RO, "a plain (non-!) alias for log")
G("git-includeif-onbranch", "git-config", R + "\ncanary bin/xd\nprintf '[diff]\\n\\texternal = %s/bin/xd\\n' \"$ROOT\" > inc.cfg\ngit -C r config includeIf.onbranch:master.path \"$ROOT/inc.cfg\"\ngit -C r config --add includeIf.onbranch:main.path \"$ROOT/inc.cfg\"\necho x >> r/README.md",
  "git diff", NRO, "includeIf onbranch pulls in a file setting diff.external")
G("git-diff-noindex-extdiff", "git-config", "canary bin/xd\nprintf '[diff]\\n\\texternal = %s/bin/xd\\n' \"$ROOT\" > home/.gitconfig\necho a > a.txt; echo b > b.txt",
  "git diff --no-index a.txt b.txt", NRO, "~/.gitconfig diff.external applies even to diff --no-index outside any repo")
G("git-describe-dirty", "git-config", R + "\ntouch -d '2001-01-01' r/README.md",
  "git describe --dirty", NRO, "describe --dirty refreshes the index and rewrites .git/index (measured)")
G("git-describe-plain-ctl", "control", R + "\ntouch -d '2001-01-01' r/README.md",
  "git describe --tags", RO, "describe without --dirty does not touch the index")

# ---------------------------------------------------------------- interpreters
D = "printf 'a,1\\nb,2\\nc,3\\n' > data.csv\nprintf '{\"name\":\"demo\",\"deps\":{\"x\":\"1\"}}\\n' > package.json\n"
C("py-c-read-ctl", "interpreters", D, "python3 -B -c 'import csv; print(sum(int(r[1]) for r in csv.reader(open(\"data.csv\"))))'", RO, "python -c reading a CSV")
C("py-c-write", "interpreters", D, "python3 -c 'open(\"out.txt\",\"w\").write(\"x\")'", NRO, "python -c writes a file")
C("py-c-tempfile", "interpreters", "", "python3 -c 'import tempfile; f=tempfile.NamedTemporaryFile(); f.write(b\"x\"); print(\"ok\")'", NRO,
  "tempfile.NamedTemporaryFile creates (and unlinks at exit) a file in /tmp: a write")
C("py-c-subprocess", "interpreters", "", "python3 -c 'import subprocess; subprocess.run([\"touch\",\"ran-py\"])'", NRO, "python -c spawns touch")
C("py-heredoc-read", "interpreters", D, "python3 -B - <<'EOF'\nimport json\nprint(json.load(open('package.json'))['name'])\nEOF", RO, "python script from a quoted here-doc that only reads")
C("py-heredoc-write", "interpreters", D, "python3 - <<'EOF'\nimport pathlib\npathlib.Path('gen.txt').write_text('x')\nEOF", NRO, "python here-doc script writes a file")
C("py-sqlite-connect-new", "interpreters", "", "python3 -c 'import sqlite3; c=sqlite3.connect(\"new.db\"); print(c.execute(\"select 1\").fetchone())'", NRO,
  "sqlite3.connect on a missing path creates the database file (measured)")
C("py-sqlite-ro-uri-ctl", "interpreters", "sqlite3 ex.db 'create table t(a); insert into t values (1);'", "python3 -c 'import sqlite3; c=sqlite3.connect(\"file:ex.db?mode=ro\", uri=True); print(c.execute(\"select * from t\").fetchall())'", RO,
  "read-only URI connection to an existing db")
C("perl-e-read-ctl", "interpreters", D, "perl -ne 'print if /b,/' data.csv", RO, "perl -ne filter reading a file")
C("perl-e-write", "interpreters", D, "perl -e 'open(my $f, \">\", \"out.txt\") or die; print $f 1'", NRO, "perl opens a file for writing")
C("perl-e-system", "interpreters", "", "perl -e 'system(\"touch\", \"ran-perl\")'", NRO, "perl runs touch via system")
C("perl-backtick-qx", "interpreters", "", "perl -e 'my $x = qx(touch ran-qx); print \"ok\\n\"'", NRO, "perl qx runs a shell command")
C("ruby-e-read-ctl", "interpreters", D, "ruby -rjson -e 'puts JSON.parse(File.read(\"package.json\"))[\"name\"]'", RO, "ruby one-liner reads package.json")
C("ruby-e-write", "interpreters", D, "ruby -e 'File.write(\"out.txt\", \"x\")'", NRO, "ruby writes a file")
C("ruby-e-backtick", "interpreters", "", "ruby -e '`touch ran-rb`'", NRO, "ruby backticks run a command")
C("node-e-read-ctl", "interpreters", D, "node -p 'Object.keys(require(\"./package.json\").deps).join()'", RO, "node -p reads package.json")
C("node-e-write", "interpreters", D, "node -e 'require(\"fs\").writeFileSync(\"out.txt\",\"x\")'", NRO, "node writes a file")
C("node-e-execsync", "interpreters", "", "node -e 'require(\"child_process\").execSync(\"touch ran-node\")'", NRO, "node execSync runs a shell command")
C("php-r-read-ctl", "interpreters", D, "php -r 'echo json_decode(file_get_contents(\"package.json\"))->name, PHP_EOL;'", RO, "php -r reading JSON")
C("php-r-write", "interpreters", "", "php -r 'file_put_contents(\"out.txt\", \"x\");'", NRO, "php -r writes a file")
C("lua-e-write", "interpreters", "", "lua -e 'local f=io.open(\"out.txt\",\"w\"); f:write(\"x\"); f:close()'", NRO, "lua writes a file")
C("lua-e-read-ctl", "interpreters", D, "lua -e 'for l in io.lines(\"data.csv\") do print(l) end'", RO, "lua reads lines")
C("rscript-read-tmpdir", "interpreters", D, "Rscript -e 'd <- read.csv(\"data.csv\", header=FALSE); cat(sum(d$V2), \"\\n\")'", NRO, "Rscript only reads a CSV, but R creates and removes its session dir /tmp/RtmpXXXX (measured)")
C("rscript-write", "interpreters", D, "Rscript -e 'writeLines(\"x\", \"out.txt\")'", NRO, "Rscript writes a file")
C("awk-system", "interpreters", D, "awk -F, '{ system(\"touch ran-awk\") }' data.csv", NRO, "awk system() runs a command")
C("awk-getline-cmd", "interpreters", D, "awk 'BEGIN { while ((\"touch ran-getline; echo x\" | getline l) > 0) print l }'", NRO, "awk cmd | getline runs a shell command")
C("awk-print-redirect", "interpreters", D, "awk -F, '{ print $1 > \"firsts.txt\" }' data.csv", NRO, "awk print > file writes")
C("awk-sum-ctl", "interpreters", D, "awk -F, '{ s += $2 } END { print s }' data.csv", RO, "awk sum, read only")
C("gawk-sandbox-ctl", "control", D, "gawk --sandbox -F, '{ print $1 }' data.csv", RO, "gawk --sandbox printing a column")
C("sed-w-flag", "interpreters", D, "sed -n 's/a/A/w changed.txt' data.csv", NRO, "sed s///w writes matches to a file")
C("sed-e-command", "interpreters", D, "sed '1e touch ran-sed' data.csv", NRO, "GNU sed e command executes a shell command")
C("sed-sandbox-ctl", "control", D, "sed --sandbox -n '1,2p' data.csv", RO, "sed --sandbox printing lines")
C("jq-read-ctl", "interpreters", D, "jq -r '.deps | keys[]' package.json", RO, "jq query")
C("tclsh-exec", "interpreters", "", "echo 'exec touch ran-tcl' | tclsh", NRO, "tcl exec runs touch")
C("tclsh-read-ctl", "interpreters", D, "echo 'set f [open data.csv]; puts [read $f]; close $f' | tclsh", RO, "tcl reads a file")
C("perl-M-tempfile", "interpreters", "", "perl -MFile::Temp=tempfile -e 'my ($fh, $n) = tempfile(UNLINK => 1); print \"ok\\n\"'", NRO, "File::Temp creates a file in /tmp")
C("mlr-read-ctl", "interpreters", D, "mlr --icsv --implicit-csv-header --ojson cat data.csv", RO, "miller converting CSV to JSON on stdout")
C("mlr-tee-verb", "interpreters", D, "mlr --icsv --implicit-csv-header --ocsv tee copy.csv then put '$3 = 1' data.csv", NRO, "miller tee verb writes a file")

# ---------------------------------------------------------------- expansion
F = "printf 'line one\\nline two\\n' > notes.txt\n"
C("exp-default-cmdsub", "expansion", F, "echo \"${UNSET_VAR:-$(touch ran-default)}\"", NRO, "command substitution inside ${x:-...} runs")
C("exp-arith-subscript-var", "expansion", F, "x='a[$(touch ran-arith)]'; (( x )) ; echo done", NRO, "(( x )) evaluates x's value as an expression; the array subscript's $(...) runs")
C("exp-let-subscript", "expansion", F, "v='a[$(touch ran-let)]'; let 'y = v + 1'; echo $y", NRO, "let evaluates v recursively, running the subscript's command substitution")
C("exp-declare-i", "expansion", F, "v='b[$(touch ran-decl)]'; declare -i n; n=v; echo $n", NRO, "assignment to an integer variable evaluates v's value with its subscript")
C("exp-test-v-subscript", "expansion", F, "declare -a arr; test -v 'arr[$(touch ran-testv)]'; echo $?", NRO, "test -v on a literal arr[$(...)] evaluates the subscript, running the substitution (bash 5.2, measured)")
C("exp-dbl-bracket-v-ctl", "control", F, "declare -a arr; k='$(touch ran-testv)'; [[ -v arr[$k] ]]; echo $?", RO, "[[ -v arr[$k] ]]: the expanded value is not re-expanded in bash 5.2 (arithmetic syntax error, measured)")
C("exp-arith-plain-ctl", "control", F, "x=5; (( x > 3 )) && echo big; echo $(( x * 2 ))", RO, "plain arithmetic on a number")
C("exp-prompt-P", "expansion", F, "p='$(touch ran-prompt)'; echo \"${p@P}\"", NRO, "${p@P} prompt-expands the value, running its command substitution")
C("exp-E-ctl", "control", F, "p='$(touch ran-E)\\t'; echo \"${p@E}\"", RO, "${p@E} only expands backslash escapes, not command substitutions")
C("exp-A-ctl", "control", F, "p='$(touch x)'; echo \"${p@A}\"; echo \"${p@Q}\"", RO, "${p@A}/${p@Q} only quote the value")
C("exp-heredoc-unquoted", "expansion", F, "cat <<EOF\nversion: $(touch ran-heredoc; echo 1)\nEOF", NRO, "unquoted here-doc delimiter: the body's $(...) runs")
C("exp-heredoc-quoted-ctl", "control", F, "cat <<'EOF'\nversion: $(touch ran-heredoc; echo 1)\nEOF", RO, "quoted here-doc delimiter: body is literal")
C("exp-herestring-ctl", "expansion", F, "tr a-z A-Z <<< \"$(head -1 notes.txt)\"", RO, "here-string with a reading command substitution")
C("exp-rw-redirect-new", "expansion", F, "wc -c <> fresh.log", NRO, "<> opens read-write and creates a missing file")
C("exp-clobber-redirect", "expansion", F, "set -o noclobber; ls >| listing.txt", NRO, ">| overrides noclobber and writes")
C("exp-ampgt-redirect", "expansion", F, "ls -la &> ls.out", NRO, "&> writes stdout and stderr to a file")
C("exp-dup-devnull-ctl", "control", F, "ls -la nosuch notes.txt 2>/dev/null 1>&2 | wc -l", RO, "fd duplication and /dev/null only")
C("exp-procsub-diff-ctl", "control", F + "printf 'line two\\nline one\\n' > other.txt", "diff <(sort notes.txt) <(sort other.txt) && echo same", RO, "process substitution reading two files")
C("exp-procsub-tee", "expansion", F, "cat notes.txt > >(tee copy.txt >/dev/null)", NRO, "output process substitution runs tee which writes")
C("exp-exec-fd-read-ctl", "control", F, "exec {fd}<notes.txt; read -r -u \"$fd\" first; echo \"$first\"; exec {fd}<&-", RO, "exec {fd}<file opens for reading only")
C("exp-exec-fd-write", "expansion", F, "exec {fd}>out.log; echo hi >&$fd", NRO, "exec {fd}>file creates a file")
C("exp-exec-redirect-all", "expansion", F, "exec > run.log; ls", NRO, "exec > file redirects the rest of the script into a file")
C("exp-coproc-name", "expansion", F, "coproc W { touch ran-coproc; }; wait", NRO, "named coproc body runs touch")
C("exp-coproc-read-ctl", "control", F, "coproc C { cat notes.txt; }; read -r l <&\"${C[0]}\"; echo \"$l\"; wait", RO, "coproc that only cats a file")
C("exp-compgen-C", "expansion", F, "compgen -C 'touch ran-compgen' x", NRO, "compgen -C runs the command to generate completions")
C("exp-compgen-F", "expansion", F, "f() { touch ran-compgenF; }; compgen -F f x 2>/dev/null; true", NRO, "compgen -F calls the function")
C("exp-complete-C-ctl", "control", F, "complete -C 'touch ran-complete' mycmd; complete -p mycmd", RO, "complete -C only registers; nothing runs non-interactively")
C("exp-bind-x-ctl", "control", F, "bind -x '\"\\C-t\": touch ran-bind' 2>/dev/null; echo ok", RO, "bind -x in a non-interactive shell does nothing")
C("exp-cnf-handle", "expansion", F, "command_not_found_handle() { touch ran-cnf; return 127; }; no-such-tool-xyz --version", NRO, "command_not_found_handle runs for a missing command")
C("exp-trap-debug", "expansion", F, "shopt -s extdebug; trap 'touch ran-debug' DEBUG; echo hi", NRO, "DEBUG trap runs before each command")
C("exp-trap-exit", "expansion", F, "trap 'touch ran-exit' EXIT; ls", NRO, "EXIT trap runs when the shell exits")
C("exp-timeformat-ctl", "control", F, "TIMEFORMAT='$(touch ran-tf) %R'; time ls >/dev/null", RO, "TIMEFORMAT is not expanded for command substitution (measured)")
C("exp-printf-T-ctl", "control", F, "printf '%(%Y-%m-%d)T\\n' -1", RO, "printf %()T formats the time")
C("exp-printf-v-subscript", "expansion", F, "declare -a arr; printf -v 'arr[$(touch ran-printfv)]' '%s' x; echo ok", NRO, "printf -v with a literal subscript containing $(...) evaluates it (measured)")
C("exp-read-target-subscript", "expansion", F, "declare -a arr; read -r 'arr[$(touch ran-read)]' <<< x; echo ok", NRO, "read into arr[$(...)] evaluates the subscript (measured)")
C("exp-mapfile-callback", "expansion", F, "mapfile -t -C 'touch ran-mapfile;:' -c 1 lines < notes.txt; echo ${#lines[@]}", NRO, "mapfile -C runs a callback per line")
C("exp-mapfile-ctl", "control", F, "mapfile -t lines < notes.txt; printf '%s\\n' \"${lines[@]}\"", RO, "mapfile reading lines")
C("exp-case-pattern-cmdsub", "expansion", F, "case x in $(touch ran-case; echo y)) echo y;; *) echo other;; esac", NRO, "case pattern's command substitution runs while matching")
C("exp-regex-cmdsub", "expansion", F, "[[ abc =~ $(touch ran-re; echo b) ]] && echo m", NRO, "[[ =~ $(...) ]] runs the substitution")
C("exp-backtick-dq", "expansion", F, "echo \"today: `touch ran-bt; date +%Y`\"", NRO, "backticks inside double quotes run")
C("exp-single-quote-ctl", "control", F, "echo '$(touch ran-sq) `touch ran-sq2`'", RO, "single quotes: literal text")
C("exp-dollar-single-ctl", "control", F, "echo $'$(touch ran-ds)\\tx'", RO, "$'...' is ANSI-C quoting, no substitution")
C("exp-dollar-double", "expansion", F, "echo $\"msg $(touch ran-dd)\"", NRO, "$\"...\" is a translatable double-quoted string: substitution runs")
C("exp-line-continuation", "expansion", F, "tou\\\nch ran-cont", NRO, "backslash-newline inside a word joins it into touch")
C("exp-comment-ctl", "control", F, "cat notes.txt # $(touch ran-comment) \\\necho ok", RO, "comment text (even with a trailing backslash) is ignored")
C("exp-hash-in-word", "expansion", F, "echo a#$(touch ran-hash)", NRO, "# inside a word is not a comment; substitution runs")
C("exp-func-def-redirect", "expansion", F, "f() { cat notes.txt; } > f.out; f", NRO, "redirection on a function definition applies when called")
C("exp-func-def-nocall-ctl", "control", F, "f() { touch ran-f; } > f.out; type f >/dev/null && echo defined", RO, "function defined but never called")
C("exp-time-bang-ctl", "control", F, "time ! grep -q zzz notes.txt", RO, "time and ! prefixes around a reader")
C("exp-array-pattern-cmdsub", "expansion", F, "arr=(a b); echo \"${arr[@]/#/$(touch ran-arr)}\"", NRO, "substitution inside ${arr[@]/#/...} runs")
C("exp-nested-cmdsub", "expansion", F, "echo $(echo $(touch ran-nest))", NRO, "nested command substitution")
C("exp-prefix-names-ctl", "control", F, "BASH_X=1; echo ${!BASH@} | wc -w", RO, "${!prefix@} lists variable names")
C("exp-alias-oneline-ctl", "control", F, "shopt -s expand_aliases; alias ll='touch ran-alias'; ll 2>/dev/null; echo $?", RO, "an alias defined on the same line is not used yet: ll is not found (measured)")
C("exp-alias-multiline", "expansion", F, "shopt -s expand_aliases\nalias ll='touch ran-alias'\nll", NRO, "an alias defined on an earlier line is expanded")
C("exp-source-procsub", "expansion", F, "source <(echo 'touch ran-src')", NRO, "sourcing a process substitution runs its text")
C("exp-eval-file", "expansion", F + "echo 'touch ran-eval' > cmd.txt", "eval \"$(cat cmd.txt)\"", NRO, "eval of file contents")
C("exp-brace-tee", "expansion", F, "head -1 notes.txt | tee {a,b}.log > /dev/null", NRO, "brace expansion gives tee two files to write")
C("exp-brace-echo-ctl", "control", F, "echo file{1..3}.txt {x,y}", RO, "brace expansion in arguments only")
C("exp-wait-p-ctl", "control", F, "sleep 0.1 & wait -n -p pid; echo \"done $?\"", RO, "wait -p stores a pid")
C("exp-lastpipe-ctl", "control", F, "shopt -s lastpipe; head -1 notes.txt | read -r v; echo \"$v\"", RO, "lastpipe read in the current shell")
C("exp-select-ctl", "control", F, "select x in a b; do echo $x; break; done", RO, "select with stdin at EOF")
C("exp-assign-default-ctl", "control", F, "unset v; : ${v:=fallback}; echo $v; echo ${#v}", RO, "${v:=...} assigns a shell variable only")
C("exp-funcnest-ctl", "control", F, "FUNCNEST=3; f() { f; }; f 2>/dev/null; echo rc=$?", RO, "FUNCNEST limits recursion; nothing written")

# ---------------------------------------------------------------- everyday
EV = R + r'''
cd r
mkdir -p tests docs
printf 'import os\n\ndef test_ok():\n    assert os.sep\n' > tests/test_app.py
printf 'all: build\nbuild:\n\t@echo build\ntest:\n\t@echo test\n.PHONY: all build test\n' > Makefile
printf 'name,count\napple,3\npear,5\napple,2\n' > docs/data.csv
printf 'key: value\nlist:\n  - a\n  - b\n' > config.yaml
printf '[project]\nname = "demo"\nversion = "0.1.0"\n' > pyproject.toml
printf 'node_modules/\n*.log\n' > .gitignore
git add -A; git commit -qm "add files"
git branch feature
tar -czf ../bundle.tar.gz docs
cd ..
'''
def E(slug, command, why, env=None, setup_extra=""):
    C(slug, "everyday", EV + setup_extra, command, RO, why, cwd="r", env=env)
E("git-status-nolocks", "git --no-optional-locks status --short --branch", "status without optional index refresh")
E("git-status-envlocks", "git status --porcelain", "GIT_OPTIONAL_LOCKS=0 status", env={"GIT_OPTIONAL_LOCKS": "0"})
E("git-log-oneline", "git log --oneline -n 10", "recent commits")
E("git-log-graph", "git log --graph --decorate --all --oneline", "branch graph")
E("git-log-stat", "git log --stat -2", "log with stats")
E("git-log-pager-cat", "git log -p -1", "GIT_PAGER=cat log -p", env={"GIT_PAGER": "cat"})
E("git-log-author-since", "git log --since='10 years ago' --author=t --format='%h %ad %s' --date=short", "filtered log")
E("git-show-head-stat", "git show --stat HEAD", "show last commit stats")
E("git-show-file-at-rev", "git show HEAD~1:README.md", "file at an older revision")
E("git-diff-head1", "git diff HEAD~1 --stat", "diff stat against parent")
E("git-diff-names", "git diff --name-only HEAD~2..HEAD", "changed file names")
E("git-diff-cached", "git diff --cached", "staged diff (empty)")
E("git-branch-all", "git branch -a -vv", "branches")
E("git-rev-parse", "git rev-parse --abbrev-ref HEAD && git rev-parse --show-toplevel", "current branch and top level")
E("git-ls-files-count", "git ls-files | wc -l", "tracked file count")
E("git-grep-n", "git grep -n TODO -- '*.md'", "grep tracked files")
E("git-blame-lines", "git blame -L 1,2 README.md", "blame a range")
E("git-tag-list", "git tag -l --sort=-creatordate", "tags")
E("git-stash-list", "git stash list", "stash list")
E("git-config-list", "git config --list --show-origin", "config listing")
E("git-shortlog", "git shortlog -sn HEAD", "authors summary")
E("git-describe", "git describe --tags --always", "describe")
E("git-ls-tree", "git ls-tree -r --name-only HEAD", "tree listing")
E("git-rev-list-count", "git rev-list --count HEAD", "commit count")
E("git-check-ignore", "git check-ignore -v debug.log || true", "ignore rule lookup")
E("git-merge-base", "git merge-base HEAD feature", "merge base")
E("git-reflog", "git reflog -n 5", "reflog")
E("git-remote-v", "git remote -v", "remotes (none)")
E("ls-la", "ls -la", "directory listing")
E("find-py", "find . -name '*.py' -not -path './.git/*' | sort", "find source files")
E("grep-rn", "grep -rn --exclude-dir=.git TODO .", "recursive grep")
E("rg-n", "rg -n 'def ' --type py", "ripgrep")
E("rg-files-head", "rg --files | head -n 20", "list files")
E("fdfind-ext", "fdfind -e py", "fd by extension")
E("head-tail", "head -n 2 README.md && tail -n 1 README.md", "head and tail")
E("wc-l-files", "wc -l README.md src/app.py tests/test_app.py", "line counts")
E("sort-uniq-c", "cut -d, -f1 docs/data.csv | tail -n +2 | sort | uniq -c | sort -rn", "frequency count")
E("lc-all-sort", "sort docs/data.csv | head", "LC_ALL=C sort", env={"LC_ALL": "C"})
E("tz-date", "date -u +%Y-%m-%dT%H:%M:%S && date", "TZ=UTC date", env={"TZ": "UTC"})
E("columns-ps", "ps aux | head -n 5", "COLUMNS=200 ps aux", env={"COLUMNS": "200"})
E("du-df", "du -sh . && df -h . | tail -1", "disk usage")
E("tree-L2", "tree -L 2 -a -I .git", "tree view")
E("stat-file", "stat README.md && file README.md src/app.py", "stat and file type")
E("which-type", "which git python3 node; type cd; command -v make", "tool lookup")
E("uname-id", "uname -a; id -un; hostname", "system info")
E("printenv", "printenv HOME PATH | head -2", "environment")
E("jq-package", "jq '.scripts' package.json", "jq on package.json")
E("jq-pipe", "cat package.json | jq -r '.name, .version'", "pipe into jq")
E("yq-config", "yq '.list' config.yaml", "yq read")
E("column-csv", "column -s, -t < docs/data.csv", "table formatting")
E("awk-sum", "awk -F, 'NR>1 { s[$1] += $2 } END { for (k in s) print k, s[k] }' docs/data.csv | sort", "awk aggregate")
E("sed-n-range", "sed -n '1,3p' Makefile", "print lines")
E("diff-u", "diff -u README.md src/app.py || true", "unified diff of two files")
E("sha256-md5", "sha256sum README.md && md5sum package.json", "checksums")
E("xxd-head", "xxd README.md | head -n 3", "hexdump")
E("tar-tzf", "tar -tzf ../bundle.tar.gz", "list archive")
E("zcat-head", "zcat ../bundle.tar.gz | head -c 100 | od -c | head -3", "peek compressed data")
E("python-version", "python3 --version && python3 -c 'import sys; print(sys.executable)'", "python version")
E("python-B-jsontool", "python3 -B -m json.tool package.json", "pretty-print JSON")
E("node-version", "node --version && node -p 'process.platform'", "node version")
E("node-check", "printf 'const a = 1;\\n' > /dev/null; node --check tests/../package.json 2>/dev/null || node -e 'JSON.parse(require(\"fs\").readFileSync(\"package.json\",\"utf8\")); console.log(\"valid\")'", "syntax check / JSON validation")
E("npm-version", "npm --version", "npm version (measured: nothing written)")
E("make-n", "make -n", "dry run of a plain Makefile")
E("make-version", "make --version | head -1", "make version")
E("gcc-version", "gcc --version | head -1", "gcc version")
E("cmake-version", "cmake --version", "cmake version")
E("go-version", "go version", "go version")
E("perl-ruby-version", "perl -v | head -2 && ruby -v", "interpreter versions")
E("php-lua-version", "php -v | head -1; lua -v", "interpreter versions")
E("sqlite-version", "sqlite3 -version", "sqlite version")
E("java-version-noperf", "java -XX:-UsePerfData -version", "java version without perf data file")
E("shellcheck-script", "printf '#!/bin/sh\\necho \"$1\"\\n' | shellcheck -", "shellcheck from stdin")
E("ruff-version", "ruff --version", "ruff version")
E("pytest-version", "pytest --version", "pytest version (measured: writes nothing)")
E("pip-show", "pip show pip | head -3", "pip package info", env={"PIP_DISABLE_PIP_VERSION_CHECK": "1"})
E("apt-cache-policy", "apt-cache policy git | head -3", "apt policy")
E("dpkg-l", "dpkg -l | grep -c '^ii'", "installed package count")
E("man-w", "man -w ls", "man page path")
E("no-color-ls", "ls --color=auto -1 src", "NO_COLOR=1 listing", env={"NO_COLOR": "1"})
E("rust-log-env-rg", "rg -c hello README.md", "harmless RUST_LOG env prefix", env={"RUST_LOG": "debug"})
E("readelf-ldd", "readelf -h /bin/ls | head -5 && ldd /bin/ls | head -3", "binary inspection")
E("cat-n", "cat -n src/app.py", "cat with line numbers")
E("test-f", "test -f Makefile && [ -d src ] && echo yes", "file tests")
E("realpath-dirname", "realpath src/app.py; basename \"$PWD\"; dirname src/app.py", "path helpers")
E("comm-join", "comm -12 <(sort README.md) <(sort README.md) | wc -l", "comm with process substitution")
E("go-env", "go env GOOS GOARCH", "go env query (measured: nothing written)")

# ---------------------------------------------------------------- selection and output
# Measured and verified, but dropped to keep the total within 230-270 and the balance near 45/55.
DROP = set("""
git-log-graph git-log-stat git-diff-names git-tag-list git-rev-list-count git-merge-base git-reflog git-remote-v
git-ls-tree git-check-ignore node-check uname-id printenv test-f realpath-dirname cat-n
gnumakeflags-ctl pip-noversioncheck-ctl manpager-nontty-ctl perl5lib-harmless-ctl rubyopt-warn-ctl
pytest-ini-plain-ctl coveragerc-plain-ctl flake8-config-ctl wgetrc-version-ctl make-n-plain-ctl shellcheckrc-ctl
sqlite-batch-ctl clang-format-dryrun-ctl git-show-stat-extdiff-ctl gitdir-env-log-ctl
awk-sum-ctl jq-read-ctl php-r-read-ctl tclsh-read-ctl gawk-sandbox-ctl
exp-A-ctl exp-printf-T-ctl exp-prefix-names-ctl exp-wait-p-ctl exp-lastpipe-ctl exp-select-ctl exp-assign-default-ctl
exp-funcnest-ctl exp-brace-echo-ctl exp-time-bang-ctl exp-mapfile-ctl exp-coproc-read-ctl exp-herestring-ctl exp-arith-plain-ctl
py-heredoc-read ruby-e-read-ctl nodeopts-heap-ctl r-version-ctl
exp-nested-cmdsub exp-eval-file perl-backtick-qx ruby-e-backtick gittrace-abs-path
""".split())
ids = [c["id"] for c in CASES]
assert len(ids) == len(set(ids)), "duplicate ids"
assert all(("r17-" + d) in ids for d in DROP), [d for d in DROP if "r17-" + d not in ids]
FINAL = [c for c in CASES if c["id"][4:] not in DROP]

if __name__ == "__main__":
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.jsonl")
    with open(out, "w") as f:
        for c in FINAL:
            f.write(json.dumps(c) + "\n")
    print(len(FINAL), "cases written")
