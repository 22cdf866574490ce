// Records the minimizer benchmark's corpus: builds real fixture projects (a failing Rust crate, a
// TypeScript project with tsc errors and vitest failures, a Python project for pytest and ruff,
// C with make and gcc, Go, git histories, big directories, real source files), runs the real
// programs on them and stores each command's raw output in fixtures/minimizer/<case>.json.
// Cases marked `heldout` were recorded after the filters were written and never tuned against.
//
//   node bench/minimizer-corpus.mjs          (needs cargo, node, python3, git, gcc/make; go if present)
//
// Python tools are pinned and installed from PyPI into bench/.minimizer-cache (not the system).
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.dirname(here)
const work = path.join(here, '.minimizer-work')
const cache = path.join(here, '.minimizer-cache')
const out = path.join(here, 'fixtures', 'minimizer')
const PYTEST = 'pytest==8.3.3'
const RUFF = 'ruff==0.8.4'

fs.rmSync(work, { recursive: true, force: true })
fs.mkdirSync(work, { recursive: true })
fs.mkdirSync(out, { recursive: true })

const write = (file, text) => {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}
const have = (p) => spawnSync('sh', ['-c', `command -v ${p}`]).status === 0

/** Runs `command` with bash in `cwd`, stdout and stderr merged as the shell tool merges them. */
function record(name, command, cwd, { heldout = false, env = {} } = {}) {
  const r = spawnSync('bash', ['-c', `${command} 2>&1`], {
    cwd,
    env: { ...process.env, CI: 'true', NO_COLOR: '1', TERM: 'dumb', GIT_PAGER: 'cat', PAGER: 'cat', ...env },
    maxBuffer: 64 << 20,
    encoding: 'utf8',
  })
  const output = r.stdout
  fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify({ name, command, exitCode: r.status, heldout, output }, null, 1))
  console.log(`${name.padEnd(28)} exit ${String(r.status).padEnd(3)} ${output.length} chars`)
}

// ---- Rust: a crate that does not compile, one whose tests fail, one held out -------------------
const rustBroken = path.join(work, 'rust-broken')
write(path.join(rustBroken, 'Cargo.toml'), '[package]\nname = "broken"\nversion = "0.1.0"\nedition = "2021"\n')
write(path.join(rustBroken, 'src/lib.rs'), `
pub mod shapes;
use std::collections::HashMap;

pub fn total(items: &[u32]) -> u32 {
    let unused = 5;
    let mut sum: u32 = 0;
    for i in items { sum += i; }
    let s: String = sum;
    sum
}

pub fn lookup(map: &HashMap<String, u32>, key: &str) -> u32 {
    map.get(key)
}

fn helper_never_used() -> i32 { 42 }
`)
write(path.join(rustBroken, 'src/shapes.rs'), `
pub struct Circle { pub r: f64 }
pub struct Square { pub side: f64, unused_field: u8 }
impl Circle {
    pub fn area(&self) -> f64 { 3.14 * self.r * self.r }
    pub fn grow(&mut self, by: f64) { self.r += by; let tmp = by * 2.0; }
}
pub fn describe(c: &Circle) -> String {
    format!("circle {}", c.radius)
}
pub fn count() -> usize { let v = vec![1, 2, 3]; v.len() as u32 }
`)
const rustTests = path.join(work, 'rust-tests')
write(path.join(rustTests, 'Cargo.toml'), '[package]\nname = "calc"\nversion = "0.1.0"\nedition = "2021"\n')
write(path.join(rustTests, 'src/lib.rs'), `
pub fn add(a: i32, b: i32) -> i32 { a + b }
pub fn sub(a: i32, b: i32) -> i32 { a - b + 1 }
pub fn div(a: i32, b: i32) -> i32 { if b == 0 { return 0; } return a / b; }
pub fn parse(s: &str) -> i32 { s.trim().parse().unwrap() }
pub fn is_even(n: i32) -> bool { if n % 2 == 0 { true } else { false } }
pub fn len_of(v: &Vec<i32>) -> usize { v.len() }

#[cfg(test)]
mod tests {
    use super::*;
${Array.from({ length: 30 }, (_, i) => `    #[test] fn adds_${i}() { assert_eq!(add(${i}, 1), ${i + 1}); }`).join('\n')}
    #[test] fn subtracts() { assert_eq!(sub(5, 3), 2); }
    #[test] fn divides_by_zero() { assert_eq!(div(1, 0), -1, "division by zero must be -1"); }
    #[test] fn parses_garbage() { assert_eq!(parse("x1"), 1); }
    #[test] #[ignore] fn slow_one() {}
    #[test] fn evens() { assert!(is_even(3), "3 is not even"); }
}
`)
write(path.join(rustTests, 'tests/integration.rs'), `
${Array.from({ length: 12 }, (_, i) => `#[test] fn integ_${i}() { assert_eq!(calc::add(${i}, ${i}), ${2 * i}); }`).join('\n')}
#[test] fn integ_fails() { assert_eq!(calc::sub(10, 1), 9); }
`)
const rustHeld = path.join(work, 'rust-heldout')
write(path.join(rustHeld, 'Cargo.toml'), '[package]\nname = "inventory"\nversion = "0.1.0"\nedition = "2021"\n')
write(path.join(rustHeld, 'src/main.rs'), `
use std::fs::Fil;
mod store;
fn main() {
    let mut items = vec![String::from("a")];
    let first = &items[0];
    items.push(String::from("b"));
    println!("{}", first);
    let n: i64 = store::count();
    store::undefined_fn();
}
`)
write(path.join(rustHeld, 'src/store.rs'), `
pub fn count() -> usize { 3 }
pub fn name(x: Option<&str>) -> &str { match x { Some(v) => v } }
pub struct Store { items: Vec<u8>, cap: usize }
impl Store { pub fn new() -> Self { Store { items: vec![] } } }
`)
if (have('cargo')) {
  record('cargo-build-errors', 'cargo build', rustBroken)
  record('cargo-check-errors', 'cargo check', rustBroken)
  record('cargo-test-failures', 'cargo test', rustTests)
  record('cargo-clippy-warnings', 'cargo clippy', rustTests)
  record('cargo-check-heldout', 'cargo check', rustHeld, { heldout: true })
  record('cargo-build-heldout', 'cargo build', rustHeld, { heldout: true })
}

// ---- TypeScript: tsc errors and vitest failures (tsc and vitest from the repo's node_modules) ---
const ts = path.join(work, 'ts-app')
write(path.join(ts, 'package.json'), '{ "name": "ts-app", "version": "1.0.0", "type": "module", "scripts": { "test": "vitest run", "typecheck": "tsc --noEmit -p ." } }\n')
write(path.join(ts, 'vitest.config.mjs'), "export default { test: { include: ['test/**/*.test.ts'] } }\n")
write(path.join(ts, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, "target": "es2022", "module": "esnext", "moduleResolution": "bundler", "noEmit": true, "skipLibCheck": true, "types": [] }, "include": ["src"] }\n')
const models = Array.from({ length: 8 }, (_, i) => `
export interface Model${i} { id: number; name: string; tags: string[] }
export function make${i}(id: number): Model${i} {
  return { id: String(id), name: 'm${i}', tags: [] }
}
export function total${i}(ms: Model${i}[]): number {
  return ms.reduce((a, m) => a + m.nme.length, 0)
}
export const default${i}: Model${i} = { id: 1, name: 'x' }
`).join('\n')
write(path.join(ts, 'src/models.ts'), models)
write(path.join(ts, 'src/util.ts'), `
export function clamp(x: number, lo: number, hi: number) { return Math.min(hi, Math.max(lo, x)) }
export function parse(s: string): number { return parseInt(s) }
export const items: string[] = [1, 2, 3]
export function greet(name) { return 'hi ' + name.toUpperCase() }
let count: number = 'zero'
`)
write(path.join(ts, 'src/math.ts'), `
export const add = (a: number, b: number) => a + b
export const mul = (a: number, b: number) => a * b + (a === 3 ? 1 : 0)
export const div = (a: number, b: number) => (b === 0 ? NaN : a / b)
export function fib(n: number): number { return n < 2 ? n : fib(n - 1) + fib(n - 2) }
`)
const vt = (file, body) => write(path.join(ts, 'test', file), `import { describe, it, expect } from 'vitest'\nimport { add, mul, div, fib } from '../src/math'\n${body}\n`)
vt('add.test.ts', `describe('add', () => {\n${Array.from({ length: 15 }, (_, i) => `  it('adds ${i}', () => expect(add(${i}, 1)).toBe(${i + 1}))`).join('\n')}\n})`)
vt('mul.test.ts', `describe('mul', () => {\n  it('multiplies 2*3', () => expect(mul(2, 3)).toBe(6))\n  it('multiplies 3*3', () => expect(mul(3, 3)).toBe(9))\n  it('multiplies 3*4', () => {\n    const r = mul(3, 4)\n    expect(r).toBe(12)\n  })\n${Array.from({ length: 10 }, (_, i) => `  it('squares ${i}', () => expect(mul(${i + 4}, ${i + 4})).toBe(${(i + 4) ** 2}))`).join('\n')}\n})`)
vt('div.test.ts', `describe('div', () => {\n  it('divides', () => expect(div(6, 3)).toBe(2))\n  it('by zero is Infinity', () => expect(div(1, 0)).toBe(Infinity))\n  it('object shape', () => expect({ a: div(4, 2), b: [1, 2] }).toEqual({ a: 2, b: [1, 2, 3] }))\n})`)
vt('fib.test.ts', `describe('fib', () => {\n${Array.from({ length: 12 }, (_, i) => `  it('fib ${i}', () => expect(fib(${i})).toBeGreaterThanOrEqual(0))`).join('\n')}\n})`)
const bin = path.join(repo, 'node_modules', '.bin')
const tsEnv = { env: { PATH: `${bin}:${process.env.PATH}` } }
record('tsc-errors', 'npx tsc --noEmit -p .', ts, tsEnv)
record('vitest-failures', 'npx vitest run', ts, tsEnv)
record('npm-test-vitest', 'npm test', ts, tsEnv)
record('vitest-heldout-verbose', 'npx vitest run --reporter=verbose', ts, { ...tsEnv, heldout: true })
record('npm-run-typecheck-heldout', 'npm run typecheck', ts, { ...tsEnv, heldout: true })

// ---- eslint (from bench's own node_modules, pinned in bench/package.json) ----------------------
const eslintBin = path.join(here, 'node_modules', '.bin', 'eslint')
if (fs.existsSync(eslintBin)) {
  const js = path.join(work, 'js-app')
  write(path.join(js, 'eslint.config.js'), `export default [{ files: ['**/*.js'], languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { console: 'readonly' } }, rules: { 'no-unused-vars': 'error', 'no-undef': 'error', eqeqeq: 'warn', 'no-console': 'warn', 'prefer-const': 'error', 'no-var': 'error' } }]\n`)
  write(path.join(js, 'package.json'), '{ "name": "js-app", "type": "module" }\n')
  for (let f = 0; f < 6; f++) {
    write(path.join(js, `src/mod${f}.js`), `import { readFile } from 'node:fs'\nvar total = 0\nlet fixed = 3\nexport function run${f}(a, b) {\n  if (a == b) console.log('same', fixed)\n  const unused${f} = 1\n  return missing${f} + total\n}\n`)
  }
  record('eslint-problems', 'npx eslint src', js, { env: { PATH: `${path.dirname(eslintBin)}:${process.env.PATH}` } })
  record('eslint-heldout', 'npx eslint .', js, { env: { PATH: `${path.dirname(eslintBin)}:${process.env.PATH}` }, heldout: true })
}

// ---- Python: pytest and ruff, pinned, installed into bench/.minimizer-cache --------------------
const py = path.join(cache, 'py')
if (!fs.existsSync(path.join(py, 'pytest'))) {
  execFileSync('python3', ['-m', 'pip', 'install', '--quiet', '--target', py, PYTEST, RUFF], { stdio: 'inherit' })
}
const pyEnv = { PYTHONPATH: py, PATH: `${path.join(py, 'bin')}:${process.env.PATH}` }
const pyApp = path.join(work, 'py-app')
write(path.join(pyApp, 'calc.py'), `import os, sys\nimport json\n\ndef add(a, b):\n    return a + b\n\ndef div(a, b):\n    x = 1\n    return a / b\n\nclass Stack:\n    def __init__(self):\n        self.items = []\n    def push(self, x):\n        self.items.append(x)\n    def pop(self):\n        return self.items.pop(0)\n`)
write(path.join(pyApp, 'test_calc.py'), `import warnings\nimport pytest\nfrom calc import add, div, Stack\n\n${Array.from({ length: 20 }, (_, i) => `def test_add_${i}():\n    assert add(${i}, 1) == ${i + 1}\n`).join('\n')}\ndef test_div_zero():\n    assert div(1, 0) == 0\n\ndef test_stack_order():\n    s = Stack()\n    s.push(1)\n    s.push(2)\n    assert s.pop() == 2\n\nclass TestStrings:\n    def test_upper(self):\n        assert 'a'.upper() == 'A'\n    def test_join(self):\n        assert ','.join(['a', 'b']) == 'a;b'\n\n@pytest.mark.skip(reason="not ready")\ndef test_skipped():\n    pass\n\ndef test_warns():\n    warnings.warn("old api", DeprecationWarning)\n    assert True\n`)
write(path.join(pyApp, 'lib/util.py'), `import re\nimport subprocess\nfrom typing import List, Dict\n\ndef f(l):\n    if l == None:\n        return []\n    d = dict()\n    for i in range(len(l)):\n        print(l[i])\n    try:\n        pass\n    except:\n        pass\n    return [x for x in l if x != None]\n\ndef g(a, b = []):\n    lambda_ = lambda x: x\n    return a\n`)
record('pytest-failures', 'pytest', pyApp, { env: pyEnv })
record('pytest-verbose', 'pytest -v', pyApp, { env: pyEnv })
record('ruff-check', 'ruff check --select E,F,W,B,UP,SIM --no-cache .', pyApp, { env: pyEnv })
record('pytest-heldout-q', 'python3 -m pytest -q', pyApp, { env: pyEnv, heldout: true })
record('ruff-heldout', 'ruff check --select ALL --no-cache lib', pyApp, { env: pyEnv, heldout: true })

// ---- C with make and gcc ------------------------------------------------------------------------
if (have('make') && have('gcc')) {
  const c = path.join(work, 'c-app')
  write(path.join(c, 'Makefile'), 'CFLAGS=-Wall -Wextra\nOBJS=$(patsubst %.c,%.o,$(wildcard src/*.c))\napp: $(OBJS)\n\t$(CC) -o $@ $^\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n')
  for (let i = 0; i < 5; i++) write(path.join(c, `src/ok${i}.c`), `int ok${i}(int x) { return x + ${i}; }\n`)
  write(path.join(c, 'src/bad.c'), '#include <stdio.h>\nint unused_fn(int a) { int b; return a; }\nint main(void) {\n  int x = "str";\n  printf("%d\\n", y);\n  return 0\n}\n')
  record('make-gcc-errors', 'make -k', c)
  record('make-heldout', 'make -k -j1 app', c, { heldout: true })
}

// ---- Go -------------------------------------------------------------------------------------------
if (have('go')) {
  const g = path.join(work, 'go-app')
  const goEnv = { env: { GOFLAGS: '-mod=mod', GOPATH: path.join(cache, 'gopath'), GOCACHE: path.join(cache, 'gocache'), GOPROXY: 'off' } }
  write(path.join(g, 'go.mod'), 'module example.com/app\n\ngo 1.19\n')
  write(path.join(g, 'calc/calc.go'), 'package calc\n\nfunc Add(a, b int) int { return a + b }\nfunc Sub(a, b int) int { return a - b + 1 }\n')
  write(path.join(g, 'calc/calc_test.go'), `package calc\n\nimport "testing"\n\n${Array.from({ length: 15 }, (_, i) => `func TestAdd${i}(t *testing.T) { if Add(${i}, 1) != ${i + 1} { t.Fatal("bad") } }`).join('\n')}\nfunc TestSub(t *testing.T) {\n\tif got := Sub(5, 3); got != 2 {\n\t\tt.Errorf("Sub(5, 3) = %d, want 2", got)\n\t}\n}\n`)
  write(path.join(g, 'broken/broken.go'), 'package broken\n\nimport "fmt"\n\nfunc F() int {\n\tvar x int = "s"\n\treturn y\n}\n')
  write(path.join(g, 'vetme/v.go'), 'package vetme\n\nimport "fmt"\n\nfunc F() { fmt.Printf("%d\\n", "str"); fmt.Println("a", ) }\n')
  record('go-test-v', 'go test -v ./calc/', g, goEnv)
  record('go-build-errors', 'go build ./...', g, goEnv)
  record('go-vet', 'go vet ./vetme/', g, goEnv)
  record('go-test-heldout', 'go test ./...', g, { ...goEnv, heldout: true })
}

// ---- git histories ----------------------------------------------------------------------------------
const git = path.join(work, 'git-repo')
fs.mkdirSync(git, { recursive: true })
const g = (args, env = {}) => execFileSync('git', args, { cwd: git, env: { ...process.env, ...env } })
g(['init', '-q', '-b', 'main'])
g(['config', 'user.email', 'dev@example.com'])
g(['config', 'user.name', 'Dev'])
const authors = [['Ada Lovelace', 'ada@example.com'], ['Alan Turing', 'alan@example.org'], ['Grace Hopper', 'grace@navy.mil'], ['Linus T', 'linus@kernel.org']]
for (let i = 0; i < 60; i++) {
  const [name, email] = authors[i % authors.length]
  const file = `src/module${i % 7}.txt`
  const p = path.join(git, file)
  const prev = fs.existsSync(p) ? fs.readFileSync(p, 'utf8').split('\n') : Array.from({ length: 30 }, (_, k) => `line ${k}`)
  prev[(i * 7) % prev.length] = `changed in commit ${i} by ${name}`
  if (i % 5 === 0) prev.push(`appended ${i}`)
  write(p, prev.join('\n'))
  if (i % 9 === 0) write(path.join(git, `docs/note${i}.md`), `# Note ${i}\n\nSome text ${i}.\n`)
  g(['add', '-A'])
  const date = `2026-0${1 + (i % 9)}-${String(1 + (i % 27)).padStart(2, '0')}T1${i % 10}:${String(i % 60).padStart(2, '0')}:00+0${i % 3}00`
  const body = i % 4 === 0 ? `\n\nLonger explanation of change ${i}.\nIt spans two lines.` : ''
  g(['commit', '-q', '-m', `Change ${i}: update module${i % 7}${body}`], { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date })
  if (i === 30) g(['tag', 'v1.0'])
}
for (let k = 0; k < 7; k++) if (k !== 5) fs.appendFileSync(path.join(git, `src/module${k}.txt`), `\nwork in progress ${k}\n`)
write(path.join(git, 'src/new_file.txt'), 'new\n')
g(['add', 'src/new_file.txt'])
fs.rmSync(path.join(git, 'src/module5.txt'))
for (let k = 0; k < 40; k++) write(path.join(git, `scratch/tmp${k}.log`), 'x\n')
for (let k = 0; k < 8; k++) write(path.join(git, `notes/untracked-note-${k}.md`), 'x\n')
record('git-status', 'git status', git)
record('git-log', 'git log', git)
record('git-log-stat', 'git log --stat -n 20', git)
record('git-log-patch', 'git log -p -n 8', git)
record('git-show', 'git show HEAD~2', git)
record('git-diff', 'git diff', git)
record('git-diff-range', 'git diff HEAD~6 HEAD', git)
record('git-compound-status', 'cd . && git status', git)
record('git-log-pipe', 'git log | head -n 200', git)
g(['stash', '-q'])
record('git-stash-show', 'git stash show -p', git)
// Held out: this repository's own history, as it was recorded.
record('git-log-repo-heldout', 'git log -n 40', repo, { heldout: true })
record('git-log-stat-repo-heldout', 'git log --stat -n 15', repo, { heldout: true })
record('git-show-repo-heldout', 'git show HEAD~3', repo, { heldout: true })

// ---- big directories: ls, find, grep ------------------------------------------------------------
const big = path.join(work, 'big')
for (let d = 0; d < 12; d++) {
  for (let s = 0; s < 4; s++) {
    for (let f = 0; f < 8; f++) {
      write(path.join(big, `pkg${d}`, `sub${s}`, `file${f}.${['ts', 'rs', 'py', 'md'][f % 4]}`), `// file ${d}/${s}/${f}\n${f % 3 === 0 ? `// TODO: fix pkg${d} sub${s} item ${f}\n` : ''}export const v = ${f}\n${f % 5 === 0 ? '    // TODO(indent): nested todo\n' : ''}`)
    }
  }
}
record('ls-la-big', 'ls -la pkg0/sub0 pkg1/sub1 pkg2', big)
record('ls-R', 'ls -R', big)
record('ls-la-usr-bin', 'ls -la /usr/bin', big)
record('find-name', "find . -name '*.ts'", big)
record('find-all', 'find .', big)
record('grep-rn', 'grep -rn TODO .', big)
record('grep-pipe', 'grep -rn TODO . | sort', big)
record('ls-lR-heldout', 'ls -lR pkg3 pkg4', big, { heldout: true })
record('find-repo-heldout', 'find src -type f', repo, { heldout: true })
record('grep-repo-heldout', 'grep -rn "pub fn" src/output', repo, { heldout: true })
record('grep-repo-ctx-heldout', 'grep -rn -C1 "SAFETY" src/process', repo, { heldout: true })

// ---- cat of real source files -------------------------------------------------------------------
record('cat-rust', 'cat src/shell/session.rs', repo)
record('cat-ts', 'cat ts/tools.ts', repo)
const pyLib = execFileSync('python3', ['-c', 'import argparse, os; print(os.path.dirname(argparse.__file__))'], { encoding: 'utf8' }).trim()
record('cat-python', 'cat argparse.py', pyLib)
record('cat-rust-heldout', 'cat src/jobs/manager.rs', repo, { heldout: true })
record('cat-python-heldout', 'cat textwrap.py', pyLib, { heldout: true })
record('cat-ts-heldout', 'cat vitest.config.ts', repo, { heldout: true })

fs.rmSync(work, { recursive: true, force: true })
