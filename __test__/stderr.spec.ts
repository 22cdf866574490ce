// stdout and stderr apart (`stderr: 'separate'`, docs/behaviour.md "stdout and stderr apart"): each stream to
// its own callback and summary, each complete and in order before the promise settles; the
// command's own redirections as under `bash -c`; the merged default unchanged.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { executeShell, JobManager, Shell } from '../index.js'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-shell-stderr-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

type Options = Parameters<typeof executeShell>[0]
type Run = (options: Options, onChunk: (e: Error | null, c: string) => void, onStderr: (e: Error | null, c: string) => void) => ReturnType<typeof executeShell>

/** Runs `options` apart through `run`; the result and each stream's text as its callback got it. */
async function apart(run: Run, options: Options) {
  let out = ''
  let err = ''
  const result = await run(
    { stderr: 'separate', ...options },
    (e, c) => {
      expect(e).toBeNull()
      out += c
    },
    (e, c) => {
      expect(e).toBeNull()
      err += c
    },
  )
  return { result, out, err }
}
const viaExecute: Run = (o, a, b) => executeShell(o, a, b)
const numbered = (n: number, tag = '') => Array.from({ length: n }, (_, i) => `${tag}${i + 1}\n`).join('')

describe('executeShell with stderr apart', () => {
  test('each stream to its own callback and summary; the default still merges', async () => {
    const { result, out, err } = await apart(viaExecute, { command: 'echo o1; echo e1 >&2; echo o2; printf e2 >&2; exit 3' })
    expect({ out, err, exitCode: result.exitCode }).toEqual({ out: 'o1\no2\n', err: 'e1\ne2', exitCode: 3 })
    expect(result.stderr).toMatchObject({ output: 'e1\ne2', truncated: false, totalBytes: 5 })
    expect(result.output).toBeUndefined()
    let merged = ''
    const plain = await executeShell({ command: 'echo o1; echo e1 >&2; echo o2' }, (_e, c) => (merged += c))
    expect(merged).toBe('o1\ne1\no2\n')
    expect(plain.stderr).toBeUndefined()
  })

  test('both streams flooding at once arrive complete and in order before the promise settles', async () => {
    // ~2.3 MB each, written at the same time: more than either FIFO holds.
    const { result, out, err } = await apart(viaExecute, { command: 'seq 1 300000 | sed s/^/e/ >&2 & seq 1 300000 | sed s/^/o/; wait' })
    expect(result.exitCode).toBe(0)
    expect(out === numbered(300000, 'o')).toBe(true)
    expect(err === numbered(300000, 'e')).toBe(true)
    // The summary keeps its budget (the default: the last 50 KiB) and says it cut.
    expect(result.stderr!.truncated).toBe(true)
    expect(result.stderr!.totalBytes).toBe(Buffer.byteLength(err))
    expect(result.stderr!.output.endsWith('e299999\ne300000\n')).toBe(true)
  })

  test("stderr without a callback still ends up in the result; the output options' budgets apply to each stream", async () => {
    const artifactPath = join(dir, 'run.log')
    const result = await executeShell({
      command: 'seq 1 2000; seq 1 3000 >&2',
      stderr: 'separate',
      output: { maxBytes: 1000, headBytes: 100, artifactPath },
    })
    expect(result.output).toMatchObject({ truncated: true, totalBytes: Buffer.byteLength(numbered(2000)) })
    expect(result.stderr).toMatchObject({ truncated: true, totalBytes: Buffer.byteLength(numbered(3000)) })
    expect(result.stderr!.output).toMatch(/^1\n2\n[\s\S]*\[…\d+ln elided…\][\s\S]*\n3000\n$/)
    expect(result.stderr!.artifactPath).toBe(`${artifactPath}.stderr`)
    expect(readFileSync(artifactPath, 'utf8')).toBe(numbered(2000))
    expect(readFileSync(`${artifactPath}.stderr`, 'utf8')).toBe(numbered(3000))
  })

  test('each stream has its own decoder: characters split across writes, interleaved, stay whole', async () => {
    // é (\303\251) on stderr and € (\342\202\254) on stdout, each cut in two, the halves interleaved.
    const command = "printf '\\303' >&2; printf '\\342\\202'; sleep 0.05; printf '\\251\\n' >&2; printf '\\254\\n'"
    expect(await apart(viaExecute, { command })).toMatchObject({ out: '€\n', err: 'é\n' })
  })

  test('a slow onStderr slows the command but loses nothing, while stdout floods beside it', async () => {
    let out = ''
    let err = ''
    let slowCalls = 0
    const result = await executeShell(
      { command: 'seq 1 200000 | sed s/^/o/ & seq 1 100000 | sed s/^/e/ >&2; wait', stderr: 'separate' },
      (_e, c) => (out += c),
      (_e, c) => {
        slowCalls++
        const until = Date.now() + 2
        while (Date.now() < until);
        err += c
      },
    )
    expect(result.exitCode).toBe(0)
    expect(slowCalls).toBeGreaterThan(0)
    expect(out === numbered(200000, 'o')).toBe(true)
    expect(err === numbered(100000, 'e')).toBe(true)
  })

  test('a timeout keeps what both streams wrote', async () => {
    const { result, out, err } = await apart(viaExecute, { command: 'echo o; echo e >&2; sleep 30', timeoutMs: 300 })
    expect({ timedOut: result.timedOut, out, err }).toEqual({ timedOut: true, out: 'o\n', err: 'e\n' })
    expect(result.stderr!.output).toBe('e\n')
  })
})

describe('Shell.run with stderr apart', () => {
  test("a command's own 2>&1, 1>&2 and exec 2>file behave as under bash -c, for that run only", async () => {
    const sh = new Shell({ sessionEnv: { HOME: dir } })
    const run: Run = (o, a, b) => sh.run(o, a, b)
    try {
      expect(await apart(run, { command: '{ echo a; echo b >&2; } 2>&1; { echo c; } 1>&2' })).toMatchObject({ out: 'a\nb\n', err: 'c\n' })
      const file = join(dir, 'err')
      expect(await apart(run, { command: `echo before >&2; exec 2>'${file}'; echo into-file >&2; echo out` })).toMatchObject({ out: 'out\n', err: 'before\n' })
      expect(readFileSync(file, 'utf8')).toBe('into-file\n')
      expect(await apart(run, { command: 'exec 2>&1; echo o; echo e >&2' })).toMatchObject({ out: 'o\ne\n', err: '' })
      expect(await apart(run, { command: 'echo o; echo e >&2' })).toMatchObject({ out: 'o\n', err: 'e\n' })
    } finally {
      await sh.close()
    }
  })

  test('runs apart and merged runs alternate on one session, which keeps its state', async () => {
    const sh = new Shell({ sessionEnv: { HOME: dir } })
    const run: Run = (o, a, b) => sh.run(o, a, b)
    try {
      expect(await apart(run, { command: 'x=kept; echo o; echo e >&2' })).toMatchObject({ out: 'o\n', err: 'e\n' })
      let merged = ''
      const r = await sh.run({ command: 'echo $x; echo e >&2' }, (_e, c) => (merged += c))
      expect({ merged, restarted: r.sessionRestarted, stderr: r.stderr }).toEqual({ merged: 'kept\ne\n', restarted: false, stderr: undefined })
      const again = await apart(run, { command: 'echo $x; echo e >&2' })
      expect(again).toMatchObject({ out: 'kept\n', err: 'e\n', result: { sessionRestarted: false } })
    } finally {
      await sh.close()
    }
  })

  test('a background job of a run apart writes into neither stream of a later run', async () => {
    const sh = new Shell({ sessionEnv: { HOME: dir } })
    const run: Run = (o, a, b) => sh.run(o, a, b)
    try {
      await apart(run, { command: '(sleep 0.3; echo late; echo late >&2) &' })
      expect(await apart(run, { command: 'sleep 0.6; echo now; echo now >&2' })).toMatchObject({ out: 'now\n', err: 'now\n' })
    } finally {
      await sh.close()
    }
  })
})

describe('the stderr option is checked', () => {
  test('a bad value, onStderr without separate, and separate on a job are ERR_INVALID_ARG', async () => {
    await expect(executeShell({ command: 'true', stderr: 'apart' as 'separate' })).rejects.toMatchObject({ code: 'ERR_INVALID_ARG', message: 'stderr must be "merge" or "separate" (got "apart")' })
    await expect(executeShell({ command: 'true' }, null, () => {})).rejects.toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringMatching(/^onStderr needs the option stderr: "separate"/) })
    const jobs = new JobManager()
    try {
      expect(() => jobs.start({ command: 'true', stderr: 'separate' as 'merge' })).toThrow(/stderr must be "merge" for a job/)
    } finally {
      await jobs.close()
    }
  })
})
