import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { expect, test } from 'vitest'
import { eventually } from './helpers'

// The fuzzer runs in a child process, so that a crash (a Rust panic that escapes, an abort, a
// segfault) is seen as such rather than taking vitest down. Seeded: FUZZ_SEED=<n> replays a run.
const SEED = Number(process.env.FUZZ_SEED ?? 1)
const CALLS = 10_000 // about 2-5 s on a shared 2-core machine
const BUDGET_MS = 20_000 // the fuzzer stops making calls after this, whatever CALLS says

test(`seeded fuzz of every export (seed ${SEED}): a result or a coded error, never a crash`, async () => {
  const scratch = mkdtempSync(join(tmpdir(), 'agent-shell-fuzz-'))
  const tmp = join(scratch, 'tmp')
  mkdirSync(tmp)
  try {
    const fixture = resolve(__dirname, 'fixtures/fuzz.mjs')
    const child = spawn(process.execPath, [fixture, resolve(__dirname, '..'), String(SEED), String(CALLS), String(BUDGET_MS)], {
      cwd: scratch, // relative paths the fuzzer passes (cwd, artifactPath) land here
      env: { ...process.env, TMPDIR: tmp, RUST_BACKTRACE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) => child.on('close', (c, s) => done([c, s])))
    const report = `exit ${code} ${signal ?? ''}\n${stdout}\n${stderr.slice(0, 4000)}`
    expect({ code, signal }, report).toEqual({ code: 0, signal: null })
    expect(stderr, report).not.toMatch(/panicked at/)
    const summary = /FUZZ SUMMARY seed=(\d+) calls=(\d+) results=(\d+) errors=(\d+) failures=(\d+)/.exec(stdout)
    expect(summary, report).not.toBeNull()
    const [, seed, calls, results, errors, failures] = summary!.map(Number)
    expect({ seed, failures }).toEqual({ seed: SEED, failures: 0 })
    expect(calls).toBeGreaterThanOrEqual(2000)
    expect(results).toBeGreaterThan(0)
    expect(errors).toBeGreaterThan(0)
    // Every session the fuzzer opened was closed: none leaves its directory behind.
    expect(await eventually(() => readdirSync(tmp).length === 0), readdirSync(tmp).join(' ')).toBe(true)
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}, 60_000)
