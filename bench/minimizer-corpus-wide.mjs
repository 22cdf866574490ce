// The minimizer corpus's second, wider recording (issue #32): real outputs of programs and
// variants the first recording (minimizer-corpus.mjs) lacked, all marked held out: they were
// recorded after the filters were written and measured before any filter changed.
//
//   node bench/minimizer-corpus-wide.mjs [--jest DIR] [--only REGEX]
//
// The `r3-` cases are a third round, recorded after the second round's fixes and measured before
// any further change (bench/MINIMIZER-RESULTS.md says what each round found).
//
// Needs: cargo, go, python3, git, node; cmake, ninja, ctest, googletest and ripgrep (Debian 12:
// `apt-get install cmake ninja-build googletest libgtest-dev ripgrep`: cmake 3.25.1, ninja 1.11.1,
// googletest 1.12.1, ripgrep 13.0.0 as recorded); jest 30.2.0 installed outside the repo
// (`npm install jest@30.2.0` in a throwaway dir, given with --jest). Python tools are the first
// recording's pinned ones in bench/.minimizer-cache (run minimizer-corpus.mjs first).
// Cases whose tool is missing are skipped, never faked.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const repo = path.dirname(here)
const work = path.join(here, '.minimizer-work-wide')
const cache = path.join(here, '.minimizer-cache')
const out = path.join(here, 'fixtures', 'minimizer')
const argv = process.argv.slice(2)
const jestDir = argv.includes('--jest') ? path.resolve(argv[argv.indexOf('--jest') + 1]) : null
// `--only REGEX`: record only the cases whose name matches (the others' fixtures stay as recorded).
const only = argv.includes('--only') ? new RegExp(argv[argv.indexOf('--only') + 1]) : null

fs.rmSync(work, { recursive: true, force: true })
fs.mkdirSync(work, { recursive: true })

const write = (file, text) => {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}
const have = (p) => spawnSync('sh', ['-c', `command -v ${p}`]).status === 0

/** Runs `command` with bash in `cwd`, stdout and stderr merged as the shell tool merges them. */
function record(name, command, cwd, { env = {} } = {}) {
  if (only && !only.test(name)) return
  const r = spawnSync('bash', ['-c', `${command} 2>&1`], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'], // stdin on /dev/null, as the shell tool runs commands
    env: { ...process.env, CI: 'true', NO_COLOR: '1', TERM: 'dumb', GIT_PAGER: 'cat', PAGER: 'cat', ...env },
    maxBuffer: 64 << 20,
    encoding: 'utf8',
  })
  const output = r.stdout
  fs.writeFileSync(path.join(out, `${name}.json`), JSON.stringify({ name, command, exitCode: r.status, heldout: true, wide: true, output }, null, 1))
  console.log(`${name.padEnd(32)} exit ${String(r.status).padEnd(3)} ${output.length} chars`)
}

// ---- C++: cmake configure (failing, passing), builds with make and ninja, ctest, gtest ----------
if (have('cmake') && have('ninja') && fs.existsSync('/usr/lib/x86_64-linux-gnu/libgtest.a')) {
  const cc = path.join(work, 'cpp-app')
  write(path.join(cc, 'CMakeLists.txt'), `cmake_minimum_required(VERSION 3.16)
project(geometry CXX)
set(CMAKE_CXX_STANDARD 17)
find_package(GTest REQUIRED)
enable_testing()
add_library(geometry src/vec.cpp src/shape.cpp src/parse.cpp)
target_include_directories(geometry PUBLIC include)
add_executable(geometry_tests test/vec_test.cpp test/shape_test.cpp)
target_link_libraries(geometry_tests geometry GTest::gtest_main)
include(GoogleTest)
gtest_discover_tests(geometry_tests)
add_test(NAME smoke COMMAND geometry_tests --gtest_filter=Vec.*)
add_test(NAME always_fails COMMAND sh -c "echo checking config; exit 3")
`)
  write(path.join(cc, 'include/geometry.h'), `#pragma once
#include <string>
#include <vector>
struct Vec { double x, y; };
Vec add(Vec a, Vec b);
double dot(Vec a, Vec b);
double length(Vec a);
struct Shape { std::vector<Vec> points; double area() const; double perimeter() const; };
Shape parse_shape(const std::string& s);
`)
  write(path.join(cc, 'src/vec.cpp'), '#include "geometry.h"\n#include <cmath>\nVec add(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }\ndouble dot(Vec a, Vec b) { return a.x * b.x + a.y * b.y; }\ndouble length(Vec a) { return std::sqrt(dot(a, a)) + (a.x > 10 ? 1 : 0); }\n')
  write(path.join(cc, 'src/shape.cpp'), '#include "geometry.h"\n#include <cmath>\ndouble Shape::area() const {\n  double s = 0;\n  for (size_t i = 0; i < points.size(); ++i) { const Vec& p = points[i]; const Vec& q = points[(i + 1) % points.size()]; s += p.x * q.y - q.x * p.y; }\n  return s / 2;\n}\ndouble Shape::perimeter() const {\n  double s = 0;\n  for (size_t i = 0; i + 1 < points.size(); ++i) s += length({points[i + 1].x - points[i].x, points[i + 1].y - points[i].y});\n  return s;\n}\n')
  write(path.join(cc, 'src/parse.cpp'), '#include "geometry.h"\n#include <sstream>\nShape parse_shape(const std::string& s) {\n  Shape sh; std::istringstream in(s); double x, y;\n  while (in >> x >> y) sh.points.push_back({x, y});\n  return sh;\n}\n')
  write(path.join(cc, 'test/vec_test.cpp'), `#include <gtest/gtest.h>
#include "geometry.h"
${Array.from({ length: 14 }, (_, i) => `TEST(Vec, AddsPair${i}) { Vec r = add({${i}, 1}, {1, ${i}}); EXPECT_DOUBLE_EQ(r.x, ${i + 1}); EXPECT_DOUBLE_EQ(r.y, ${i + 1}); }`).join('\n')}
TEST(Vec, Dot) { EXPECT_DOUBLE_EQ(dot({1, 2}, {3, 4}), 11); }
TEST(Vec, LengthOfLongVector) { EXPECT_NEAR(length({30, 40}), 50.0, 1e-9) << "length of (30, 40)"; }
TEST(Vec, LengthSmall) { EXPECT_DOUBLE_EQ(length({3, 4}), 5); }
`)
  write(path.join(cc, 'test/shape_test.cpp'), `#include <gtest/gtest.h>
#include "geometry.h"
class ShapeTest : public ::testing::Test { protected: Shape square = parse_shape("0 0 1 0 1 1 0 1"); };
TEST_F(ShapeTest, Area) { EXPECT_DOUBLE_EQ(square.area(), 1.0); }
TEST_F(ShapeTest, Perimeter) { EXPECT_DOUBLE_EQ(square.perimeter(), 4.0); }
TEST_F(ShapeTest, PointCount) { ASSERT_EQ(square.points.size(), 4u); }
${Array.from({ length: 8 }, (_, i) => `TEST(Parse, Reads${i}Points) { EXPECT_EQ(parse_shape("${Array.from({ length: i + 1 }, (_, k) => `${k} ${k}`).join(' ')}").points.size(), ${i + 1}u); }`).join('\n')}
TEST(Parse, IgnoresTrailingGarbage) { EXPECT_EQ(parse_shape("1 2 3").points.size(), 2u); }
class ParamTest : public ::testing::TestWithParam<int> {};
TEST_P(ParamTest, NonNegativeLength) { EXPECT_GE(length({double(GetParam()), 0}), GetParam()); }
INSTANTIATE_TEST_SUITE_P(Lengths, ParamTest, ::testing::Values(1, 5, 11, 20));
`)
  record('cmake-configure-heldout', 'cmake -S . -B build -G Ninja', cc)
  record('cmake-build-ninja-heldout', 'cmake --build build', cc)
  record('ctest-failures-heldout', 'ctest --test-dir build', cc)
  record('ctest-output-on-failure-heldout', 'ctest --test-dir build --output-on-failure -R "Vec|always"', cc)
  record('gtest-binary-heldout', './build/geometry_tests', cc)
  record('gtest-binary-brief-heldout', './build/geometry_tests --gtest_brief=1', cc)
  // A second tree that does not compile: Makefiles generator, then ninja directly.
  const bad = path.join(work, 'cpp-broken')
  fs.cpSync(cc, bad, { recursive: true, filter: (p) => !p.includes('/build') })
  write(path.join(bad, 'src/parse.cpp'), '#include "geometry.h"\n#include <sstream>\nShape parse_shape(const std::string& s) {\n  Shape sh; std::istringstream in(s); double x, y;\n  while (in >> x >> y) sh.points.push_back({x, y, 0});\n  return sh.point;\n}\nint unused_helper(int a) { int b; return a; }\n')
  write(path.join(bad, 'src/vec.cpp'), '#include "geometry.h"\n#include <cmath>\nVec add(Vec a, Vec b) { return {a.x + b.x, a.y + b.y}; }\ndouble dot(Vec a, Vec b) { return a.x * b.x + a.y * b.z; }\ndouble length(Vec a) { return sqrt(dot(a, a)) }\n')
  record('cmake-configure-make-heldout', 'cmake -S . -B build-make', bad)
  record('cmake-build-errors-heldout', 'cmake --build build-make -- -k', bad)
  execFileSync('cmake', ['-S', '.', '-B', 'build-ninja', '-G', 'Ninja'], { cwd: bad, stdio: 'ignore' })
  record('ninja-errors-heldout', 'ninja -C build-ninja -k 0', bad)
  // A configure that fails: a missing package and a bad command.
  const cfg = path.join(work, 'cpp-badconfig')
  write(path.join(cfg, 'CMakeLists.txt'), 'cmake_minimum_required(VERSION 3.16)\nproject(badconfig CXX)\nfind_package(Boost 1.99 REQUIRED COMPONENTS filesystem)\nadd_library(x src/missing.cpp)\ntarget_link_libraries(x Boost::filesystem)\n')
  record('cmake-configure-fails-heldout', 'cmake -S . -B build', cfg)
}

// ---- jest (outside the repo) ----------------------------------------------------------------------
if (jestDir && fs.existsSync(path.join(jestDir, 'node_modules', '.bin', 'jest'))) {
  const j = path.join(work, 'jest-app')
  write(path.join(j, 'package.json'), '{ "name": "jest-app", "version": "1.0.0", "scripts": { "test": "jest" } }\n')
  write(path.join(j, 'src/cart.js'), `function total(items) { return items.reduce((s, i) => s + i.price * i.qty, 0) }
function discount(t, code) { if (code === 'HALF') return t / 2; if (code === 'TEN') return t - 10; return t }
function parseQty(s) { const n = parseInt(s, 10); if (Number.isNaN(n)) throw new TypeError('not a number: ' + s); return n }
async function fetchPrice(id) { return id === 'missing' ? undefined : { id, price: 5 } }
module.exports = { total, discount, parseQty, fetchPrice }
`)
  write(path.join(j, 'test/cart.test.js'), `const { total, discount, parseQty, fetchPrice } = require('../src/cart')
describe('total', () => {
${Array.from({ length: 12 }, (_, i) => `  test('sums ${i} items', () => { expect(total(Array.from({ length: ${i} }, () => ({ price: 2, qty: 1 })))).toBe(${2 * i}) })`).join('\n')}
  test('uses quantity', () => { expect(total([{ price: 3, qty: 4 }])).toBe(13) })
})
describe('discount', () => {
  test('half', () => { expect(discount(100, 'HALF')).toBe(50) })
  test('ten never negative', () => { expect(discount(5, 'TEN')).toBeGreaterThanOrEqual(0) })
  test('unknown code', () => { expect(discount(10, 'X')).toEqual(10) })
})
`)
  write(path.join(j, 'test/parse.test.js'), `const { parseQty, fetchPrice } = require('../src/cart')
describe('parseQty', () => {
  it('parses', () => expect(parseQty('3')).toBe(3))
  it('rejects words', () => expect(() => parseQty('three')).toThrow(RangeError))
  it('object', () => expect({ q: parseQty('2'), tags: ['a'] }).toEqual({ q: 2, tags: ['a', 'b'] }))
})
describe('fetchPrice', () => {
  it('finds', async () => expect(await fetchPrice('a')).toEqual({ id: 'a', price: 5 }))
  it('missing has a price', async () => { const p = await fetchPrice('missing'); expect(p.price).toBe(0) })
})
`)
  for (let k = 0; k < 5; k++) write(path.join(j, `test/ok${k}.test.js`), `test.each([${Array.from({ length: 6 }, (_, i) => i).join(', ')}])('identity %i', (n) => { expect(n + 0).toBe(n) })\n`)
  const jestEnv = { env: { PATH: `${path.join(jestDir, 'node_modules', '.bin')}:${process.env.PATH}` } }
  record('jest-failures-heldout', 'jest', j, jestEnv)
  record('jest-verbose-heldout', 'jest --verbose', j, jestEnv)
  record('npm-test-jest-heldout', 'npm test', j, jestEnv)
  record('jest-passing-heldout', 'jest test/ok', j, jestEnv)
}

// ---- vitest failing in another shape, tsc pretty and not ------------------------------------------
{
  const v = path.join(work, 'vt-app')
  write(path.join(v, 'package.json'), '{ "name": "vt-app", "type": "module" }\n')
  write(path.join(v, 'vitest.config.mjs'), "export default { test: { include: ['spec/**/*.spec.ts'] } }\n")
  write(path.join(v, 'src/queue.ts'), `export class Queue<T> {
  private items: T[] = []
  push(x: T) { this.items.push(x) }
  shift(): T | undefined { return this.items.pop() }
  get size() { return this.items.length + (this.items.length > 3 ? 1 : 0) }
}
export async function drain<T>(q: Queue<T>): Promise<T[]> { const out: T[] = []; let x; while ((x = q.shift()) !== undefined) out.push(x); return out }
`)
  write(path.join(v, 'spec/queue.spec.ts'), `import { describe, it, expect, test } from 'vitest'
import { Queue, drain } from '../src/queue'
describe('Queue', () => {
  it('is FIFO', () => { const q = new Queue<number>(); q.push(1); q.push(2); expect(q.shift()).toBe(1) })
  it('size', () => { const q = new Queue<number>(); for (let i = 0; i < 5; i++) q.push(i); expect(q.size).toBe(5) })
  describe('drain', () => {
    it('empties in order', async () => { const q = new Queue<string>(); q.push('a'); q.push('b'); expect(await drain(q)).toEqual(['a', 'b']) })
    it('throws on closed', async () => { await expect(drain(null as any)).rejects.toThrow('closed') })
  })
${Array.from({ length: 20 }, (_, i) => `  test('push ${i}', () => { const q = new Queue<number>(); q.push(${i}); expect(q.size).toBe(1) })`).join('\n')}
})
`)
  write(path.join(v, 'spec/util.spec.ts'), `import { it, expect } from 'vitest'\n${Array.from({ length: 10 }, (_, i) => `it('util ${i}', () => expect(${i} * 2).toBe(${2 * i}))`).join('\n')}\nit.skip('later', () => {})\nit.todo('someday')\n`)
  write(path.join(v, 'tsconfig.json'), '{ "compilerOptions": { "strict": true, "target": "es2022", "module": "esnext", "moduleResolution": "bundler", "noEmit": true, "skipLibCheck": true, "types": [] }, "include": ["src", "lib"] }\n')
  write(path.join(v, 'lib/api.ts'), `import { Queue } from '../src/queue'
export interface User { id: number; name: string; email?: string }
export function findUser(users: User[], id: string): User { return users.find((u) => u.id === id) }
export function names(users: User[]): string[] { return users.map((u) => u.nam) }
export function mail(u: User): string { return u.email.toLowerCase() }
export const q: Queue<number> = new Queue<string>()
export function sum(xs: number[]) { let t = 0; for (const x of xs) t += x; return t.toFixed }
export async function load(): Promise<User> { return { id: 1 } }
export function unusedParam(a: number, b) { return a }
export default function (x: number): string { return x }
`)
  const bin = path.join(repo, 'node_modules', '.bin')
  const env = { env: { PATH: `${bin}:${process.env.PATH}` } }
  record('vitest-failures-2-heldout', 'vitest run', v, env)
  record('tsc-pretty-false-heldout', 'tsc --noEmit -p . --pretty false', v, env)
  record('tsc-pretty-true-heldout', 'tsc --noEmit -p . --pretty true', v, env)
}

// ---- eslint stylish over more files, warnings only and errors ------------------------------------
const eslintBin = path.join(here, 'node_modules', '.bin', 'eslint')
if (fs.existsSync(eslintBin)) {
  const e = path.join(work, 'lint-app')
  write(path.join(e, 'package.json'), '{ "name": "lint-app", "type": "module" }\n')
  write(path.join(e, 'eslint.config.js'), `export default [{ files: ['**/*.js'], languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { console: 'readonly', process: 'readonly' } }, rules: { 'no-unused-vars': 'warn', 'no-undef': 'error', eqeqeq: 'warn', 'no-console': 'warn', curly: 'warn', 'no-empty': 'error', 'no-shadow': 'warn', 'prefer-const': 'warn' } }]\n`)
  for (let f = 0; f < 9; f++) {
    write(path.join(e, `lib/part${f}/index.js`), `let base = ${f}\nexport function handler${f}(req, res) {\n  let base = req.base\n  if (req.id == ${f}) return res\n  try { res.send(base) } catch (err) {}\n  if (req.debug) console.log('debug', req)\n  for (let i = 0; i < 3; i++) if (i) count${f}++\n  const unusedThing = ${f}\n  return process.env.X\n}\n`)
  }
  record('eslint-stylish-heldout', 'eslint lib', e, { env: { PATH: `${path.dirname(eslintBin)}:${process.env.PATH}` } })
  record('eslint-rule-filter-heldout', "eslint --rule 'no-console: off' --rule 'curly: off' lib/part1 lib/part2 lib/part3 lib/part4 lib/part5", e, { env: { PATH: `${path.dirname(eslintBin)}:${process.env.PATH}` } })
}

// ---- Rust: a panic in a test and a failing doctest ----------------------------------------------
if (have('cargo')) {
  const r = path.join(work, 'rust-doc')
  write(path.join(r, 'Cargo.toml'), '[package]\nname = "ledger"\nversion = "0.1.0"\nedition = "2021"\n')
  write(path.join(r, 'src/lib.rs'), `//! A tiny ledger.

/// Sums the entries.
///
/// \`\`\`
/// assert_eq!(ledger::sum(&[1, 2, 3]), 6);
/// \`\`\`
pub fn sum(xs: &[i64]) -> i64 { xs.iter().sum() }

/// The balance after a withdrawal.
///
/// \`\`\`
/// assert_eq!(ledger::withdraw(10, 3), Some(7));
/// assert_eq!(ledger::withdraw(1, 3), Some(0));
/// \`\`\`
pub fn withdraw(balance: i64, amount: i64) -> Option<i64> { if amount > balance { None } else { Some(balance - amount) } }

/// Parses "a,b,c".
///
/// \`\`\`
/// let v = ledger::parse("1,2,x");
/// assert_eq!(v.len(), 3);
/// \`\`\`
pub fn parse(s: &str) -> Vec<i64> { s.split(',').map(|p| p.parse().unwrap()).collect() }

pub fn index(xs: &[i64], i: usize) -> i64 { xs[i] }

#[cfg(test)]
mod tests {
    use super::*;
${Array.from({ length: 25 }, (_, i) => `    #[test] fn sum_${i}() { assert_eq!(sum(&[${i}, 1]), ${i + 1}); }`).join('\n')}
    #[test] fn parse_bad() { assert_eq!(parse("1,two"), vec![1, 2]); }
    #[test] fn out_of_range() { assert_eq!(index(&[1, 2], 5), 0); }
    #[test] #[should_panic(expected = "overdrawn")] fn overdraw_panics() { withdraw(1, 5); }
    #[test] fn result_test() -> Result<(), String> { Err(format!("ledger closed at {}", 3)) }
}
`)
  record('cargo-test-panic-doctest-heldout', 'cargo test', r)
  record('cargo-test-quiet-heldout', 'cargo test -q', r)
  record('cargo-test-doc-heldout', 'cargo test --doc', r)
}

// ---- Python: pytest -q / -v / -x with tracebacks -------------------------------------------------
const py = path.join(cache, 'py')
if (fs.existsSync(path.join(py, 'pytest'))) {
  const p = path.join(work, 'py-inv')
  const pyEnv = { env: { PYTHONPATH: py, PATH: `${path.join(py, 'bin')}:${process.env.PATH}` } }
  write(path.join(p, 'inventory/__init__.py'), '')
  write(path.join(p, 'inventory/store.py'), `import json


class OutOfStock(Exception):
    pass


class Store:
    def __init__(self, path=None):
        self.items = {}
        self.path = path

    def add(self, name, qty):
        self.items[name] = self.items.get(name, 0) + qty

    def take(self, name, qty):
        have = self.items[name]
        if qty > have:
            raise OutOfStock(f"{name}: want {qty}, have {have}")
        self.items[name] = have - qty

    def load(self):
        with open(self.path) as f:
            self.items = json.load(f)

    def report(self):
        return ", ".join(f"{k}={v}" for k, v in sorted(self.items.items()))
`)
  write(path.join(p, 'tests/test_store.py'), `import pytest
from inventory.store import Store, OutOfStock


@pytest.fixture
def store():
    s = Store()
    s.add("apple", 3)
    s.add("pear", 1)
    return s


${Array.from({ length: 18 }, (_, i) => `def test_add_${i}(store):\n    store.add("k${i}", ${i})\n    assert store.items["k${i}"] == ${i}\n`).join('\n')}

def test_take_too_many(store):
    store.take("pear", 2)


def test_take_unknown(store):
    store.take("kiwi", 1)


def test_report(store):
    assert store.report() == "apple=3, pear=2"


def test_load_missing():
    Store("/nonexistent/inventory.json").load()


@pytest.mark.parametrize("n,expected", [(1, 2), (2, 3), (3, 5)])
def test_param(store, n, expected):
    store.add("x", n)
    assert store.items["x"] + 1 == expected


@pytest.mark.xfail(reason="known bug")
def test_known_bug():
    assert False
`)
  write(path.join(p, 'tests/test_errors.py'), 'import inventory.missing_module\n\ndef test_never():\n    pass\n')
  record('pytest-q-tracebacks-heldout', 'pytest -q tests/test_store.py', p, pyEnv)
  record('pytest-v-tracebacks-heldout', 'pytest -v tests/test_store.py', p, pyEnv)
  record('pytest-x-heldout', 'pytest -x', p, pyEnv)
  record('pytest-collect-error-heldout', 'pytest', p, pyEnv)
  record('pytest-tb-short-heldout', 'python3 -m pytest --tb=short tests/test_store.py', p, pyEnv)
  record('ruff-check-2-heldout', 'ruff check --no-cache --select E,F,B,UP,PL .', p, pyEnv)
}

// ---- Go: go test -v with failures and subtests, go vet ----------------------------------------------
if (have('go')) {
  const g = path.join(work, 'go-svc')
  const goEnv = { env: { GOFLAGS: '-mod=mod', GOPATH: path.join(cache, 'gopath'), GOCACHE: path.join(cache, 'gocache'), GOPROXY: 'off' } }
  write(path.join(g, 'go.mod'), 'module example.com/svc\n\ngo 1.19\n')
  write(path.join(g, 'rate/rate.go'), 'package rate\n\nimport "errors"\n\nvar ErrZero = errors.New("zero window")\n\nfunc PerSecond(n, ms int) (float64, error) {\n\tif ms == 0 {\n\t\treturn 0, ErrZero\n\t}\n\treturn float64(n) / float64(ms) * 100, nil\n}\n\nfunc Clamp(x, lo, hi int) int {\n\tif x < lo {\n\t\treturn lo\n\t}\n\tif x > hi {\n\t\treturn x\n\t}\n\treturn x\n}\n')
  write(path.join(g, 'rate/rate_test.go'), `package rate

import "testing"

${Array.from({ length: 12 }, (_, i) => `func TestClampInside${i}(t *testing.T) {\n\tif got := Clamp(${i}, 0, 100); got != ${i} {\n\t\tt.Errorf("Clamp(${i}) = %d", got)\n\t}\n}`).join('\n\n')}

func TestClampHigh(t *testing.T) {
	if got := Clamp(500, 0, 100); got != 100 {
		t.Errorf("Clamp(500, 0, 100) = %d, want 100", got)
	}
}

func TestPerSecond(t *testing.T) {
	cases := []struct{ name string; n, ms int; want float64 }{{"one", 1, 1000, 1}, {"ten", 10, 1000, 10}, {"zero", 0, 5, 0}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := PerSecond(c.n, c.ms)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("PerSecond(%d, %d) = %v, want %v", c.n, c.ms, got, c.want)
			}
		})
	}
}

func TestZeroWindow(t *testing.T) {
	if _, err := PerSecond(1, 0); err != ErrZero {
		t.Fatalf("err = %v", err)
	}
	t.Log("zero window handled")
}

func TestPanics(t *testing.T) {
	var m map[string]int
	m["x"] = 1
}
`)
  write(path.join(g, 'ok/ok.go'), 'package ok\n\nfunc Double(x int) int { return 2 * x }\n')
  write(path.join(g, 'ok/ok_test.go'), `package ok\n\nimport "testing"\n\n${Array.from({ length: 25 }, (_, i) => `func TestDouble${i}(t *testing.T) {\n\tif Double(${i}) != ${2 * i} {\n\t\tt.Fail()\n\t}\n}`).join('\n\n')}\n`)
  write(path.join(g, 'vetbad/v.go'), 'package vetbad\n\nimport (\n\t"fmt"\n\t"sync"\n)\n\ntype Counter struct {\n\tmu sync.Mutex\n\tn  int\n}\n\nfunc (c Counter) Get() int { return c.n }\n\nfunc Report(name string, n int) {\n\tfmt.Printf("%s has %d items %s\\n", name, n)\n\tfmt.Sprintf("unused %d", n)\n\tif n != n {\n\t\tfmt.Println("never")\n\t}\n}\n\nfunc Copy(c Counter) Counter { return c }\n')
  record('go-test-v-failures-heldout', 'go test -v ./rate/', g, goEnv)
  record('go-test-v-passing-heldout', 'go test -v ./ok/', g, goEnv)
  record('go-test-all-heldout', 'go test ./...', g, goEnv)
  record('go-vet-2-heldout', 'go vet ./...', g, goEnv)
}

// ---- git: renames and binary files in a diff, more log formats ------------------------------------
{
  const gr = path.join(work, 'git-wide')
  fs.mkdirSync(path.join(gr, 'assets'), { recursive: true })
  const g = (args, env = {}) => execFileSync('git', args, { cwd: gr, env: { ...process.env, ...env } })
  g(['init', '-q', '-b', 'main'])
  g(['config', 'user.email', 'dev@example.com'])
  g(['config', 'user.name', 'Dev'])
  const people = [['Margaret Hamilton', 'mh@nasa.gov'], ['Ken Thompson', 'ken@bell-labs.com'], ['Barbara Liskov', 'liskov@mit.edu']]
  const blob = (seed, n = 300) => Buffer.from(Array.from({ length: n }, (_, k) => (k * 7 + seed) % 256))
  for (let i = 0; i < 45; i++) {
    const [name, email] = people[i % people.length]
    const f = path.join(gr, `app/service${i % 5}.py`)
    const prev = fs.existsSync(f) ? fs.readFileSync(f, 'utf8').split('\n') : Array.from({ length: 40 }, (_, k) => `def handler_${k}(req):\n    return ${k}`).join('\n').split('\n')
    prev[(i * 11) % prev.length] = `    return compute(req, ${i})  # rev ${i}`
    write(f, prev.join('\n'))
    if (i % 6 === 0) fs.writeFileSync(path.join(gr, `assets/logo${i}.png`), blob(i))
    g(['add', '-A'])
    const date = `2025-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T0${i % 10}:1${i % 6}:00-0${i % 5}00`
    g(['commit', '-q', '-m', `${['fix', 'feat', 'refactor'][i % 3]}(service${i % 5}): revision ${i}${i % 5 === 0 ? `\n\nCloses #${100 + i}.\nReviewed-by: ${people[(i + 1) % 3][0]}` : ''}`], { GIT_AUTHOR_NAME: name, GIT_AUTHOR_EMAIL: email, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date })
    if (i === 20) g(['tag', '-a', 'v2.0', '-m', 'release 2.0'])
  }
  // Uncommitted: two renames (one with edits), a binary change, a new binary, a deletion, edits.
  fs.mkdirSync(path.join(gr, 'lib'), { recursive: true })
  g(['mv', 'app/service1.py', 'app/billing.py'])
  g(['mv', 'app/service2.py', 'lib/service2.py'])
  fs.appendFileSync(path.join(gr, 'lib/service2.py'), '\n\ndef moved():\n    return "moved"\n')
  fs.writeFileSync(path.join(gr, 'assets/logo0.png'), blob(99))
  fs.writeFileSync(path.join(gr, 'assets/banner.png'), blob(5, 2000))
  g(['rm', '-q', 'assets/logo6.png'])
  const s3 = path.join(gr, 'app/service3.py')
  fs.writeFileSync(s3, fs.readFileSync(s3, 'utf8').replace('def handler_3(req)', 'def handler_3(req, ctx=None)').replace('return 9', 'return ctx or 9') + '\n\ndef added():\n    pass\n')
  g(['add', '-A'])
  record('git-diff-renames-binary-heldout', 'git diff --cached -M', gr)
  record('git-diff-stat-heldout', 'git diff --cached --stat', gr)
  record('git-status-renames-heldout', 'git status', gr)
  g(['commit', '-q', '-m', 'refactor: move billing and service2, new banner'])
  record('git-show-renames-heldout', 'git show --stat -M HEAD', gr)
  record('git-log-fuller-heldout', 'git log --format=fuller -n 15', gr)
  record('git-log-oneline-heldout', 'git log --oneline --decorate', gr)
  record('git-log-graph-heldout', 'git log --graph --oneline --all', gr)
  record('git-log-patch-2-heldout', 'git log -p -n 6 -- app', gr)
  record('git-log-stat-2-heldout', 'git log --stat', gr)
  record('git-log-name-status-heldout', 'git log --name-status -n 12', gr)
  record('git-show-tag-heldout', 'git show v2.0', gr)
}

// ---- listings of big real trees: ls -R, ls -la, find --------------------------------------------
{
  const nm = path.join(repo, 'node_modules')
  const pick = (name) => (fs.existsSync(path.join(nm, name)) ? path.join(nm, name) : null)
  const vitestDir = pick('vitest')
  if (vitestDir) {
    record('ls-R-vitest-heldout', 'ls -R', vitestDir)
    record('ls-la-vitest-dist-heldout', 'ls -la dist', vitestDir)
    record('find-vitest-heldout', 'find . -type f', vitestDir)
    record('find-vitest-name-heldout', "find . -name '*.d.ts'", vitestDir)
  }
  record('ls-la-etc-heldout', 'ls -la /etc', repo)
  record('ls-lR-gtest-heldout', 'ls -lR /usr/include/gtest', repo)
  record('ls-la-repo-src-heldout', 'ls -la src src/shell src/minimize', repo)
  record('find-usr-include-gtest-heldout', 'find /usr/include/gtest /usr/include/gmock', repo)
  record('find-maxdepth-heldout', 'find /usr/share/doc -maxdepth 1 -type d', repo)
  record('find-src-name-heldout', "find src -name '*.rs' -newer Cargo.toml -o -name '*.rs' -size +1k", repo)
}

// ---- grep and rg over real trees -------------------------------------------------------------------
record('grep-rn-C2-heldout', 'grep -rn -C2 "unwrap_or" src/minimize', repo)
record('grep-rn-include-heldout', 'grep -rn --include=*.ts "export function" ts', repo)
record('grep-rc-heldout', 'grep -rc "fn " src/shell', repo)
record('grep-rl-heldout', 'grep -rl "use crate::" src', repo)
record('grep-ri-heldout', 'grep -rni "todo\\|fixme" src ts', repo)
if (have('rg')) {
  record('rg-plain-heldout', 'rg "Result<"', path.join(repo, 'src'))
  record('rg-n-ctx-heldout', 'rg -n -C2 "catch_unwind"', path.join(repo, 'src'))
  record('rg-count-heldout', 'rg -c "fn "', path.join(repo, 'src'))
  record('rg-heading-heldout', 'rg --heading -n "pub\\(crate\\) fn" src/output src/minimize', repo)
  record('rg-files-with-matches-heldout', 'rg -l "serde"', repo)
  record('rg-many-files-heldout', 'rg -n "import " ts __test__', repo)
}

// ---- cat of real source files: Python, TypeScript, Rust, Go --------------------------------------
const pyLib = execFileSync('python3', ['-c', 'import json, os; print(os.path.dirname(os.path.dirname(json.__file__)))'], { encoding: 'utf8' }).trim()
record('cat-py-2-heldout', 'cat shutil.py', pyLib)
record('cat-py-3-heldout', 'cat json/decoder.py', pyLib)
record('cat-ts-2-heldout', 'cat ts/mcp.ts', repo)
const tsFile = ['node_modules/vitest/dist/index.d.ts', 'node_modules/typescript/lib/lib.es2015.promise.d.ts'].find((f) => fs.existsSync(path.join(repo, f)))
if (tsFile) record('cat-dts-heldout', `cat ${tsFile}`, repo)
record('cat-rs-2-heldout', 'cat src/output/sink.rs', repo)
record('cat-rs-3-heldout', 'cat src/minimize/filters/listing.rs', repo)
const goRoot = have('go') ? execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim() : null
if (goRoot) {
  record('cat-go-heldout', 'cat strings/builder.go', path.join(goRoot, 'src'))
  record('cat-go-2-heldout', 'cat net/http/cookie.go', path.join(goRoot, 'src'))
}

// ---- a third round, recorded after the second round's fixes and measured before any change ----
{
  const repoEnv = {}
  record('r3-git-log-merges-heldout', 'git log -n 12 --stat', repo, repoEnv)
  record('r3-git-show-stat-heldout', 'git show --stat HEAD~1', repo, repoEnv)
  record('r3-git-log-p-repo-heldout', 'git log -p -n 3 -- bench/minimizer.mjs', repo, repoEnv)
  record('r3-ls-la-include-heldout', 'ls -la /usr/include/x86_64-linux-gnu/sys', repo)
  record('r3-ls-lh-heldout', 'ls -lh node_modules/.bin', repo)
  record('r3-find-type-f-heldout', "find ts __test__ -type f -name '*.ts'", repo)
  record('r3-grep-rnw-heldout', 'grep -rnw "Option" src/minimize', repo)
  record('r3-rg-type-heldout', 'rg -n --type rust "fn [a-z_]+\\(" src/minimize/filters', repo)
  record('r3-cat-rs-heldout', 'cat src/jobs/buffer.rs', repo)
  record('r3-cat-ts-heldout', 'cat ts/input.ts', repo)
  record('r3-cat-go-heldout', 'cat fmt/print.go', path.join(execFileSync('go', ['env', 'GOROOT'], { encoding: 'utf8' }).trim(), 'src'))
  const pyLib3 = execFileSync('python3', ['-c', 'import json, os; print(os.path.dirname(os.path.dirname(json.__file__)))'], { encoding: 'utf8' }).trim()
  record('r3-cat-py-heldout', 'cat contextlib.py', pyLib3)
  if (fs.existsSync(path.join(cache, 'py', 'pytest'))) {
    const p = path.join(work, 'py-r3')
    const pyEnv = { env: { PYTHONPATH: path.join(cache, 'py'), PATH: `${path.join(cache, 'py', 'bin')}:${process.env.PATH}` } }
    write(path.join(p, 'test_r3.py'), `import pytest\n\n${Array.from({ length: 25 }, (_, i) => `def test_ok_${i}():\n    assert ${i} == ${i}\n`).join('\n')}\n\ndef helper(x):\n    return {'a': x}['b']\n\ndef test_keyerror():\n    helper(1)\n\ndef test_compare():\n    assert [1, 2, 3] == [1, 2, 4]\n\n@pytest.mark.parametrize('x', [1, 2])\ndef test_param(x):\n    assert x < 2\n`)
    record('r3-pytest-rA-heldout', 'pytest -rA', p, pyEnv)
    record('r3-pytest-tb-native-heldout', 'pytest --tb=native', p, pyEnv)
    record('r3-pytest-tb-line-heldout', 'pytest --tb=line', p, pyEnv)
  }
  if (have('cargo')) {
    const r = path.join(work, 'rust-r3')
    write(path.join(r, 'Cargo.toml'), '[package]\nname = "r3"\nversion = "0.1.0"\nedition = "2021"\n')
    write(path.join(r, 'src/lib.rs'), `pub fn a(v: &Vec<i32>) -> usize { v.len() }\npub fn b(x: i32) -> i32 { return x + 1; }\npub fn c(s: &String) -> bool { s.len() == 0 }\npub fn d(o: Option<i32>) -> i32 { match o { Some(x) => x, None => 0 } }\npub fn e(x: i32) -> bool { if x > 0 { true } else { false } }\npub fn f() { let v = vec![1]; for i in 0..v.len() { println!("{}", v[i]); } }\npub fn g(x: &i32) -> i32 { x.clone() }\n`)
    record('r3-cargo-clippy-many-heldout', 'cargo clippy -- -W clippy::pedantic', r)
  }
}

fs.rmSync(work, { recursive: true, force: true })
