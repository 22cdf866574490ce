// What the smoke suites share (scripts/smoke-exports.mjs, Linux and the emulated arm64 machine;
// scripts/smoke-windows.mjs, Windows): loading the package, the check registry and its runner
// with the every-export rule, the helpers the checks use, and the checks of the exports that do
// not depend on the platform (OutputSink, stripAnsi, minimizeOutput, the classifier). Plain Node,
// no node_modules: scripts/check-linux-arm64.mjs copies this file beside smoke-exports.mjs.
//
// Output: `ok - name`, `not ok - name: why`, `skip - name: why`, and a last line
// `SMOKE RESULT: pass N/N` or `SMOKE RESULT: fail F/N` (with `(S skipped)` when some were);
// the exit status says the same. An export that no check names fails the suite, so a new export
// has to be added to each suite; a skipped check still names the exports it would cover.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import assert from 'node:assert/strict'

/** The package in `pkgDir`, loaded through its own loader (main.js). */
export const loadPackage = (pkgDir) => createRequire(join(pkgDir, 'package.json'))('./main.js')

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Polls `fn` until it returns true; emulated machines and wine are slow, so the bound is generous. */
export async function eventually(what, fn, ms = 60_000) {
  const end = Date.now() + ms
  while (!(await fn())) {
    if (Date.now() > end) throw new Error(`still not true after ${ms} ms: ${what}`)
    await sleep(100)
  }
}

export const alive = (pid) => {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    if (error.code === 'ESRCH') return false
    throw error
  }
}

/** Runs `fn`, returns what it threw (or rejected with); fails when it did not. */
export async function thrown(fn) {
  try {
    await fn()
  } catch (error) {
    return error
  }
  throw new Error('expected an error, got none')
}

/**
 * A suite over the package's exports `native`: `base`, a scratch directory of its own (removed at
 * the end); `check(name, exports, fn)`; `skip(name, exports, why)`, a check that cannot run here;
 * `run()`, which runs them in order, applies the every-export rule, prints the result and exits.
 */
export function suite(native) {
  const base = mkdtempSync(join(tmpdir(), 'agent-shell-smoke-'))
  const checks = []
  const check = (name, exports, fn) => checks.push({ name, exports, fn })
  const skip = (name, exports, why) => checks.push({ name, exports, skip: why })
  async function run() {
    const covered = new Set(['__napiBindingTarget'])
    let failed = 0
    let skipped = 0
    for (const { name, exports, fn, skip: why } of checks) {
      for (const e of exports) covered.add(e)
      if (why) {
        skipped += 1
        console.log(`skip - ${name}: ${why}`)
        continue
      }
      try {
        await fn()
        console.log(`ok - ${name}`)
      } catch (error) {
        failed += 1
        console.log(`not ok - ${name}: ${error && error.stack ? error.stack : error}`)
      }
    }
    const uncovered = Object.keys(native).filter((name) => !covered.has(name))
    if (uncovered.length > 0) {
      failed += 1
      console.log(`not ok - every export is covered: no check for ${uncovered.join(', ')}`)
    } else console.log(`ok - every export is covered (${Object.keys(native).length})`)
    rmSync(base, { recursive: true, force: true })
    const total = checks.length + 1 - skipped
    const note = skipped > 0 ? ` (${skipped} skipped)` : ''
    console.log(failed === 0 ? `SMOKE RESULT: pass ${total}/${total}${note}` : `SMOKE RESULT: fail ${failed}/${total}${note}`)
    process.exit(failed === 0 ? 0 : 1)
  }
  return { base, check, skip, run }
}

/** The checks of the exports that run the same on every platform, added to `s` (a `suite`). */
export function portableChecks(s, native) {
  const { base, check } = s
  const {
    applyHeadTail,
    checkBashInterception,
    classifyCommand,
    defaultInterceptorRules,
    makeTempDir,
    minimizeOutput,
    normalizeBashCommand,
    OutputSink,
    stripAnsi,
  } = native

  check('__napiBindingTarget is native', [], () => assert.equal(native.__napiBindingTarget, 'native'))

  check('OutputSink: truncation and artifact', ['OutputSink'], () => {
    const artifactPath = join(base, 'artifact.log')
    const sink = new OutputSink({ maxBytes: 64, artifactPath })
    for (let i = 0; i < 100; i++) sink.push(`line ${i}\n`)
    const summary = sink.dump()
    assert.equal(summary.truncated, true)
    assert.equal(summary.totalBytes, 790)
    assert.match(summary.output, /line 99\n$/)
    assert.ok(summary.output.length < 200)
    assert.equal(readFileSync(artifactPath, 'utf8').length, 790)
    const crlf = new OutputSink({})
    crlf.push('a\r\nb\r')
    crlf.push('\nc\r\n')
    assert.equal(crlf.dump().output, 'a\nb\nc\n')
  })

  check('stripAnsi', ['stripAnsi'], () => {
    assert.equal(stripAnsi('\x1b[1;31mred\x1b[0m \x1b]0;title\x07plain'), 'red plain')
  })

  check('makeTempDir: a directory of its own in the temp directory; a bad prefix named', ['makeTempDir'], () => {
    const dir = makeTempDir('agent-shell-smoke-own-')
    try {
      assert.ok(dir.startsWith(join(tmpdir(), 'agent-shell-smoke-own-')), dir)
      assert.ok(statSync(dir).isDirectory())
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    assert.throws(() => makeTempDir('a/b'), (e) => e.code === 'ERR_INVALID_ARG' && /^prefix must /.test(e.message))
  })

  check('minimizeOutput: a single simple command is minimized, a pipe never', ['minimizeOutput'], () => {
    const commit = (i) =>
      `commit ${i.toString(16).padStart(2, '0').repeat(20)}\nAuthor: Ada Lovelace <ada@example.com>\nDate:   Mon Nov 2${i % 10} 10:00:00 2026 +0000\n\n    Change number ${i} of the engine\n`
    const output = Array.from({ length: 30 }, (_, i) => commit(i)).join('\n')
    const m = minimizeOutput('git log', output, { enabled: true })
    assert.ok(m, 'git log output was minimized')
    assert.equal(m.filter, 'git-log')
    assert.equal(m.originalText, output)
    assert.ok(m.outputBytes < m.inputBytes, `${m.outputBytes} < ${m.inputBytes}`)
    for (let i = 0; i < 30; i++) assert.ok(m.text.includes(`Change number ${i} of`), `commit ${i} kept`)
    assert.ok(m.text.includes('Ada Lovelace'))
    assert.equal(minimizeOutput('git log | cat', output, { enabled: true }), null)
    assert.equal(minimizeOutput('git log', output), null)
  })

  check('classifyCommand, checkBashInterception, normalizeBashCommand, applyHeadTail', [
    'classifyCommand',
    'checkBashInterception',
    'defaultInterceptorRules',
    'normalizeBashCommand',
    'applyHeadTail',
  ], () => {
    assert.equal(classifyCommand('ls -la | grep foo').level, 'read-only')
    assert.equal(classifyCommand('rm -rf /').level, 'dangerous')
    assert.equal(classifyCommand('echo hi > out.txt').level, 'write')
    // In context: a directory of this machine, read through the platform's file system calls.
    assert.notEqual(classifyCommand('git status', { cwd: base }).level, undefined)
    const rules = defaultInterceptorRules()
    assert.ok(rules.length > 0)
    const blocked = checkBashInterception('cat src/main.rs', rules, ['read'])
    assert.equal(blocked.blocked, true)
    assert.equal(blocked.suggestedTool, 'read')
    assert.deepEqual(checkBashInterception('cat src/main.rs', rules, []), { blocked: false })
    assert.deepEqual(normalizeBashCommand('git log | head -n 5'), { command: 'git log', headLines: 5 })
    assert.deepEqual(applyHeadTail('a\nb\nc\nd\n', 2), { text: 'a\nb\n', applied: true })
    assert.deepEqual(applyHeadTail('a\nb\nc\nd\n', null, 1), { text: 'd\n', applied: true })
  })
}
