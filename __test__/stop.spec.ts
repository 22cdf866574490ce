// A stopped run stops: from the moment a timeout fires, an AbortSignal aborts, abort() or kill()
// is called, no further command of that run starts, whatever the script did with signals, and
// every process it started is gone before the promise settles.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { executeShell, PtySession, Shell } from '../index.js'
import { eventually, processesWith, sleepMarker } from './helpers'

const root = mkdtempSync(join(tmpdir(), 'agent-shell-stop-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** Scripts that print `before`, then reach a command the stop lands in; everything after it
 * would create a file named `after…` in the current directory. `M` is a `sleep` marker. POSIX sh
 * where it can be, so that the PTY (`sh -c`) runs them too. */
const scripts: Record<string, (m: string) => string> = {
  'the rest of a list': (m) => `echo before; sleep ${m}; touch after`,
  'the next line': (m) => `echo before\nsleep ${m}\ntouch after`,
  "trap '' TERM": (m) => `trap '' TERM; echo before; sleep ${m}; touch after`,
  "trap 'echo caught' TERM": (m) => `trap 'echo caught' TERM; echo before; sleep ${m}; touch after`,
  'a builtin loop': () => `echo before; while :; do :; done; touch after`,
  'the next iteration of a loop': (m) => `echo before; for i in 1 2 3; do sleep ${m}; touch after$i; done`,
  'the rest of a function': (m) => `f() { sleep ${m}; touch after; }; echo before; f; touch after2`,
  'a subshell': (m) => `echo before; (sleep ${m}; touch after)`,
  'a TERM-ignoring subshell': (m) => `echo before; (trap '' TERM; sleep ${m}; touch after); touch after2`,
  'set -m': (m) => `set -m; echo before; sleep ${m}; touch after`,
  'a pipeline stage yet to start': (m) => `echo before; sleep ${m} | cat; touch after`,
  'a waited background job': (m) => `echo before; { sleep ${m}; touch after; } & wait; touch after2`,
  'a nested bash script ignoring TERM': (m) => `echo before; bash -c 'trap "" TERM; sleep ${m}; touch after'`,
  'a nested sh script ignoring TERM': (m) => `echo before; sh -c 'trap "" TERM; sleep ${m}; touch after'`,
}

type Stopper = 'timeout' | 'signal' | 'abort' | 'kill'

interface Case {
  name: string
  dir: string
  marker: string
  command: string
}

function cases(): Case[] {
  return Object.entries(scripts).map(([name, script]) => {
    const dir = mkdtempSync(join(root, 'case-'))
    const marker = sleepMarker()
    return { name, dir, marker, command: script(marker) }
  })
}

/** Once `before` arrived: a callback that stops the run a moment later (the command is then in
 * the sleep or the loop). */
function stopAfterBefore(stop: () => void) {
  let text = ''
  let armed = false
  const onChunk = (_e: unknown, chunk: string) => {
    text += chunk
    if (!armed && text.includes('before')) {
      armed = true
      setTimeout(stop, 150)
    }
  }
  return { onChunk, text: () => text }
}

async function expectStopped(c: Case, result: Record<string, unknown>, text: string, settledIn: number, why: 'timedOut' | 'cancelled') {
  expect({ name: c.name, result }).toMatchObject({ name: c.name, result: { [why]: true } })
  expect({ name: c.name, text }).toMatchObject({ name: c.name, text: expect.stringContaining('before') })
  expect({ name: c.name, text }).not.toMatchObject({ text: expect.stringContaining('after') })
  // Every process of the run is gone when the promise settles, and it settles within the grace
  // (1 s) plus a generous margin for a loaded machine.
  expect({ name: c.name, left: processesWith(c.marker) }).toEqual({ name: c.name, left: [] })
  expect({ name: c.name, settledIn: settledIn < 4000 }).toEqual({ name: c.name, settledIn: true })
}

/** Nothing the rest of the script would have created appears, also a second after the settle. */
async function expectNothingAfter(all: Case[]) {
  await new Promise((r) => setTimeout(r, 1000))
  for (const c of all) {
    expect({ name: c.name, files: readdirSync(c.dir) }).toEqual({ name: c.name, files: [] })
  }
}

describe('a stopped run stops', () => {
  test.each(['timeout', 'signal'] as Stopper[])('executeShell, by %s', async (how) => {
    const all = cases()
    await Promise.all(
      all.map(async (c) => {
        const ac = new AbortController()
        const watch = stopAfterBefore(() => ac.abort())
        const start = Date.now()
        const options = how === 'timeout' ? { timeoutMs: 400 } : { signal: ac.signal }
        const result = await executeShell({ command: c.command, cwd: c.dir, ...options }, watch.onChunk)
        await expectStopped(c, result as never, watch.text(), Date.now() - start, how === 'timeout' ? 'timedOut' : 'cancelled')
      }),
    )
    await expectNothingAfter(all)
  })

  test.each(['timeout', 'signal', 'abort'] as Stopper[])('Shell.run, by %s; the next run gets a fresh shell', async (how) => {
    const all = cases()
    await Promise.all(
      all.map(async (c) => {
        const s = new Shell()
        try {
          await s.run({ command: 'kept=1' })
          const ac = new AbortController()
          const watch = stopAfterBefore(() => (how === 'abort' ? void s.abort() : ac.abort()))
          const options = how === 'timeout' ? { timeoutMs: 400 } : how === 'signal' ? { signal: ac.signal } : {}
          const start = Date.now()
          const result = await s.run({ command: c.command, cwd: c.dir, ...options }, watch.onChunk)
          await expectStopped(c, result as never, watch.text(), Date.now() - start, how === 'timeout' ? 'timedOut' : 'cancelled')
          // The shell was in the middle of the script: it is replaced, and says so.
          let next = ''
          const after = await s.run({ command: 'echo "${kept-gone}"' }, (_e, x) => (next += x))
          expect({ name: c.name, after, next }).toMatchObject({ name: c.name, after: { exitCode: 0, sessionRestarted: true }, next: 'gone\n' })
        } finally {
          await s.close()
        }
      }),
    )
    await expectNothingAfter(all)
  })

  test('a TERM trap left in the session does not let a stopped run go on', async () => {
    const s = new Shell()
    const [c] = cases()
    try {
      await s.run({ command: "trap 'echo caught' TERM; trap '' INT" })
      const start = Date.now()
      let text = ''
      const result = await s.run({ command: c.command, cwd: c.dir, timeoutMs: 400 }, (_e, x) => (text += x))
      await expectStopped(c, result as never, text, Date.now() - start, 'timedOut')
    } finally {
      await s.close()
    }
    await expectNothingAfter([c])
  })

  test.each(['timeout', 'signal', 'kill'] as Stopper[])('PtySession, by %s', async (how) => {
    const all = cases()
    await Promise.all(
      all.map(async (c) => {
        const pty = new PtySession()
        const ac = new AbortController()
        const watch = stopAfterBefore(() => (how === 'kill' ? pty.kill() : ac.abort()))
        const options = how === 'timeout' ? { timeoutMs: 400 } : how === 'signal' ? { signal: ac.signal } : {}
        const start = Date.now()
        // bash, not sh: some scripts above are bash's (a nested bash is still started by them).
        const result = await pty.start({ command: c.command, cwd: c.dir, shell: 'bash', ...options }, watch.onChunk)
        await expectStopped(c, result as never, watch.text(), Date.now() - start, how === 'timeout' ? 'timedOut' : 'cancelled')
      }),
    )
    await expectNothingAfter(all)
  })

  test('runs queued behind abort() never start; runs made after it do', async () => {
    const s = new Shell()
    const dir = mkdtempSync(join(root, 'queued-'))
    const m = sleepMarker()
    try {
      const running = s.run({ command: `sleep ${m}; touch after`, cwd: dir })
      const queued = [1, 2, 3].map((i) => s.run({ command: `touch queued${i}`, cwd: dir }))
      await new Promise((r) => setTimeout(r, 200))
      const aborted = s.abort()
      const later = s.run({ command: 'touch later', cwd: dir })
      expect(await running).toMatchObject({ cancelled: true })
      for (const q of queued) expect(await q).toMatchObject({ cancelled: true })
      await aborted
      expect(await later).toMatchObject({ exitCode: 0, cancelled: false })
      expect(processesWith(m)).toEqual([])
      await new Promise((r) => setTimeout(r, 500))
      expect(readdirSync(dir)).toEqual(['later'])
    } finally {
      await s.close()
    }
  })

  test('a run whose script ended before its stop keeps the session', async () => {
    const s = new Shell()
    try {
      await s.run({ command: 'kept=1' })
      // The report is there before the deadline: not a stop.
      const r = await s.run({ command: 'true', timeoutMs: 5000 })
      expect(r).toMatchObject({ exitCode: 0, timedOut: false })
      let text = ''
      const next = await s.run({ command: 'echo $kept' }, (_e, x) => (text += x))
      expect({ next, text }).toMatchObject({ next: { sessionRestarted: false }, text: '1\n' })
    } finally {
      await s.close()
    }
  })
})

test('nothing of the stop cases is left running', async () => {
  expect(await eventually(() => processesWith('1000.' + process.pid).length === 0)).toBe(true)
})
