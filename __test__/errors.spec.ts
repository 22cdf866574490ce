import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  applyHeadTail,
  checkBashInterception,
  classifyCommand,
  executeShell,
  killTree,
  listDescendants,
  normalizeBashCommand,
  OutputSink,
  PtySession,
  Shell,
  stripAnsi,
} from '../index.js'
import { thrown } from './helpers'

// Every wrong input gets an Error with a contract code and a message naming the field and the
// value (docs/api.md §8, issue 18 items 9 to 15).

/** Calls `fn` with arguments the declarations do not allow. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loose = (fn: unknown) => fn as (...args: any[]) => any

function expectInvalid(error: unknown, ...mentions: (string | RegExp)[]) {
  expect(error).toBeInstanceOf(Error)
  expect(error).toMatchObject({ code: 'ERR_INVALID_ARG' })
  for (const m of mentions) expect((error as Error).message).toMatch(m)
}

async function rejection(promise: unknown): Promise<unknown> {
  expect(promise).toBeInstanceOf(Promise)
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

async function withShell<T>(fn: (s: Shell) => Promise<T>): Promise<T> {
  const s = new Shell()
  try {
    return await fn(s)
  } finally {
    await s.close()
  }
}

describe('item 9: wrong types get ERR_INVALID_ARG naming the field and the value', () => {
  test('killTree and listDescendants', () => {
    expectInvalid(thrown(() => loose(killTree)('x', 15)), /pid/, /"x"/)
    expectInvalid(thrown(() => loose(killTree)(undefined, 15)), /pid/, /undefined/)
    expectInvalid(thrown(() => loose(killTree)(4_000_000, 'TERM')), /signal/, /"TERM"/)
    expectInvalid(thrown(() => loose(listDescendants)('x')), /pid/, /"x"/)
    expectInvalid(thrown(() => loose(listDescendants)({})), /pid/, /object/)
  })

  test('OutputSink options, push and dump', () => {
    expectInvalid(thrown(() => new OutputSink(loose({ maxBytes: 'x' }))), /maxBytes/, /"x"/)
    expectInvalid(thrown(() => new OutputSink(loose({ stripAnsi: 1 }))), /stripAnsi/, /1/)
    expectInvalid(thrown(() => new OutputSink(loose({ artifactPath: 5 }))), /artifactPath/, /5/)
    expectInvalid(thrown(() => new OutputSink(loose(7))), /options/, /7/)
    const sink = new OutputSink()
    expectInvalid(thrown(() => loose(sink.push).call(sink, 5)), /chunk/, /5/)
    expectInvalid(thrown(() => loose(sink.dump).call(sink, 5)), /notice/, /5/)
    sink.push('still usable')
    expect(sink.dump().output).toBe('still usable')
  })

  test('new Shell options', () => {
    expectInvalid(thrown(() => new Shell(loose({ shell: 5 }))), /shell/, /5/)
    expectInvalid(thrown(() => new Shell(loose({ snapshotPath: 5 }))), /snapshotPath/, /5/)
    expectInvalid(thrown(() => new Shell(loose({ sessionEnv: { A: 5 } }))), /sessionEnv\.A/, /5/)
    expectInvalid(thrown(() => new Shell(loose({ sessionEnv: 'A=1' }))), /sessionEnv/, /"A=1"/)
    expectInvalid(thrown(() => new Shell(loose({ nonInteractiveEnv: 'no' }))), /nonInteractiveEnv/, /"no"/)
    expectInvalid(thrown(() => new Shell(loose('bash'))), /options/, /"bash"/)
  })

  test('a non-function onChunk or onStart', async () => {
    await withShell(async (s) => {
      expectInvalid(await rejection(loose(s.run).call(s, { command: 'true' }, 5)), /onChunk/, /5/)
    })
    expectInvalid(await rejection(loose(executeShell)({ command: 'true' }, 'f')), /onChunk/, /"f"/)
    const pty = new PtySession()
    expectInvalid(await rejection(loose(pty.start).call(pty, { command: 'true' }, null, {})), /onStart/, /object/)
    expectInvalid(await rejection(loose(pty.startArgv).call(pty, { application: 'true', args: [] }, 1)), /onChunk/)
  })

  test('run options of the wrong type name the field', async () => {
    expectInvalid(await rejection(executeShell(loose({ command: 5 }))), /command/, /5/)
    expectInvalid(await rejection(executeShell(loose({ command: 'true', env: { A: 1 } }))), /env\.A/, /1/)
    expectInvalid(await rejection(executeShell(loose({ command: 'true', output: { maxBytes: 'x' } }))), /maxBytes/)
    expectInvalid(await rejection(executeShell(loose({ command: 'true', timeoutMs: '5' }))), /timeoutMs/, /"5"/)
  })

  test('command helpers', () => {
    expectInvalid(thrown(() => loose(stripAnsi)(5)), /text/, /5/)
    expectInvalid(thrown(() => loose(classifyCommand)(null)), /command/, /null/)
    expectInvalid(thrown(() => loose(normalizeBashCommand)([])), /command/)
    expectInvalid(thrown(() => loose(applyHeadTail)('a', 'x')), /headLines/, /"x"/)
    expectInvalid(thrown(() => loose(checkBashInterception)('ls', 5, [])), /rules/, /5/)
    expectInvalid(thrown(() => loose(checkBashInterception)('ls', [{ pattern: 1, tool: 't', message: 'm' }], [])), /rules\[0\]\.pattern/)
    expectInvalid(thrown(() => loose(checkBashInterception)('ls', [], [3])), /availableTools\[0\]/, /3/)
  })
})

describe('item 10: a null or missing options object rejects with ERR_INVALID_ARG', () => {
  test('executeShell, Shell.run, PtySession.start and startArgv', async () => {
    for (const bad of [null, undefined, 5, 'echo hi']) {
      expectInvalid(await rejection(loose(executeShell)(bad)), /options/)
      await withShell(async (s) => {
        expectInvalid(await rejection(loose(s.run).call(s, bad)), /options/)
      })
      const pty = new PtySession()
      expectInvalid(await rejection(loose(pty.start).call(pty, bad)), /options/)
      expectInvalid(await rejection(loose(pty.startArgv).call(pty, bad)), /options/)
    }
  })
})

describe('item 11: huge numbers never reach a panic', () => {
  test('timeoutMs above Number.MAX_SAFE_INTEGER is ERR_INVALID_ARG', async () => {
    for (const timeoutMs of [1e300, 2 ** 64, Number.MAX_VALUE]) {
      expectInvalid(await rejection(executeShell({ command: 'true', timeoutMs })), /timeoutMs/)
      await withShell(async (s) => {
        expectInvalid(await rejection(s.run({ command: 'true', timeoutMs })), /timeoutMs/)
      })
      expectInvalid(await rejection(new PtySession().start({ command: 'true', timeoutMs })), /timeoutMs/)
    }
  })

  test('the largest timeoutMs accepted works as no practical deadline', async () => {
    const result = await executeShell({ command: 'echo ok', timeoutMs: Number.MAX_SAFE_INTEGER })
    expect(result).toMatchObject({ exitCode: 0, timedOut: false })
    await withShell(async (s) => {
      expect(await s.run({ command: 'true', timeoutMs: Number.MAX_SAFE_INTEGER })).toMatchObject({ exitCode: 0 })
    })
    const pty = await new PtySession().start({ command: 'true', timeoutMs: Number.MAX_SAFE_INTEGER, cols: 1e300, rows: 1e300 })
    expect(pty).toMatchObject({ exitCode: 0 })
  })

  test('other numbers: sizes, line limits, pids', () => {
    for (const n of [1e300, -1, NaN, Infinity, 1.5]) {
      expectInvalid(thrown(() => new OutputSink({ maxBytes: n })), /maxBytes/)
      expectInvalid(thrown(() => new OutputSink({ artifactMaxBytes: n })), /artifactMaxBytes/)
      if (n !== 1e300) expectInvalid(thrown(() => applyHeadTail('a\n', n)), /headLines/)
      expectInvalid(thrown(() => killTree(n, 0)), /pid/)
      expectInvalid(thrown(() => listDescendants(n)), /pid/)
    }
    // A line limit saturates: beyond any text's line count, it keeps everything.
    expect(applyHeadTail('a\nb\n', 1e300, 1)).toEqual({ text: 'b\n', applied: true })
  })
})

describe('item 12: out-of-range pids and signals are ERR_INVALID_ARG, never wrapped', () => {
  test('killTree and listDescendants', () => {
    expectInvalid(thrown(() => killTree(2 ** 32 + process.pid, 0)), /pid/, new RegExp(String(2 ** 32 + process.pid)))
    expectInvalid(thrown(() => killTree(2 ** 31, 0)), /pid/)
    expectInvalid(thrown(() => killTree(-process.pid, 0)), /pid/)
    expectInvalid(thrown(() => killTree(1, 0)), /pid/)
    expectInvalid(thrown(() => killTree(4_000_000, 2 ** 32 + 15)), /signal/)
    expectInvalid(thrown(() => killTree(4_000_000, -1)), /signal/)
    expectInvalid(thrown(() => listDescendants(2 ** 32 + process.pid)), /pid/)
    expectInvalid(thrown(() => listDescendants(-1)), /pid/)
    // In range: no such process is not an error.
    expect(killTree(2 ** 31 - 1, 0)).toBe(0)
    expect(listDescendants(2 ** 31 - 1)).toEqual([])
  })
})

describe('item 13: the shell is found with the host environment', () => {
  test('a per-command PATH does not decide which shell starts', async () => {
    const chunks: string[] = []
    const result = await executeShell({ command: 'echo "[$PATH]"', env: { PATH: '' } }, (_e, c) => chunks.push(c))
    expect(result).toMatchObject({ exitCode: 0 })
    expect(chunks.join('')).toBe('[]\n')
    const s = new Shell({ sessionEnv: { PATH: '/nonexistent' } })
    try {
      const out: string[] = []
      expect(await s.run({ command: 'echo "$PATH"' }, (_e, c) => out.push(c))).toMatchObject({ exitCode: 0 })
      expect(out.join('')).toBe('/nonexistent\n')
    } finally {
      await s.close()
    }
  })

  test('a shell that is not on the host PATH is still ERR_SPAWN_FAILED', async () => {
    const error = await rejection(executeShell({ command: 'true', shell: 'no-such-shell-zq' }))
    expect(error).toMatchObject({ code: 'ERR_SPAWN_FAILED' })
  })
})

describe('item 14: a bad shell is ERR_INVALID_ARG and no failure leaves a temp directory', () => {
  test('NUL in shell, missing shell, missing cwd', async () => {
    const saved = process.env.TMPDIR
    const dir = mkdtempSync(join(tmpdir(), 'errors-spec-'))
    process.env.TMPDIR = dir
    try {
      expectInvalid(await rejection(executeShell({ command: 'true', shell: 'ba\0sh' })), /shell/, /\\u\{0\}|\\0/)
      expectInvalid(thrown(() => new Shell({ shell: 'ba\0sh' })), /shell/)
      expect(await rejection(executeShell({ command: 'true', shell: '/no/such/bash' }))).toMatchObject({ code: 'ERR_SPAWN_FAILED' })
      expect(await rejection(executeShell({ command: 'true', cwd: '/no/such/dir' }))).toMatchObject({ code: 'ERR_CWD_NOT_FOUND' })
      const s = new Shell({ shell: '/no/such/bash' })
      try {
        expect(await rejection(s.run({ command: 'true' }))).toMatchObject({ code: 'ERR_SPAWN_FAILED' })
      } finally {
        await s.close()
      }
      expect(readdirSync(dir)).toEqual([])
    } finally {
      if (saved === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = saved
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('item 15: what a getter or Proxy trap throws is the cause of a coded error', () => {
  test('async calls reject with the thrown value as cause', async () => {
    const boom = new Error('boom')
    const getter = { get command(): string { throw boom } }
    const e1 = await rejection(executeShell(getter))
    expectInvalid(e1, /command/, /boom/)
    expect((e1 as Error).cause).toBe(boom)

    const trap = new Proxy({ command: 'true' }, { get() { throw 'trapped' } })
    const e2 = await rejection(executeShell(trap))
    expectInvalid(e2)
    expect((e2 as Error).cause).toBe('trapped')

    const env = new Proxy({}, { ownKeys() { throw boom } })
    await withShell(async (s) => {
      const e3 = await rejection(s.run({ command: 'true', env }))
      expectInvalid(e3, /env/)
      expect((e3 as Error).cause).toBe(boom)
      // The session is unharmed.
      expect(await s.run({ command: 'true' })).toMatchObject({ exitCode: 0 })
    })

    const pty = new PtySession()
    const e4 = await rejection(pty.start({ command: 'true', get cols(): number { throw boom } }))
    expectInvalid(e4, /cols/)
    expect((e4 as Error).cause).toBe(boom)
  })

  test('sync calls throw with the thrown value as cause', () => {
    const boom = new Error('boom')
    const e1 = thrown(() => new Shell({ get shell(): string { throw boom } }))
    expectInvalid(e1, /shell/)
    expect((e1 as Error).cause).toBe(boom)
    const e2 = thrown(() => new OutputSink({ get maxBytes(): number { throw boom } }))
    expectInvalid(e2, /maxBytes/)
    expect((e2 as Error).cause).toBe(boom)
    const rules = [new Proxy({}, { get() { throw boom } })]
    const e3 = thrown(() => checkBashInterception('ls', loose(rules), []))
    expectInvalid(e3, /rules\[0\]/)
    expect((e3 as Error).cause).toBe(boom)
    const sessionEnv = { get A(): string { throw boom } }
    const e4 = thrown(() => new Shell({ sessionEnv: loose(sessionEnv) }))
    expectInvalid(e4, /sessionEnv\.A/)
    expect((e4 as Error).cause).toBe(boom)
  })
})
