import { describe, expect, test } from 'vitest'
import { executeShell, killTree, listDescendants } from '../index.js'
import { eventually, processesWith, sleepMarker } from './helpers'
import { join } from 'node:path'

async function collect(options: Parameters<typeof executeShell>[0]) {
  const chunks: string[] = []
  const result = await executeShell(options, (err, chunk) => {
    expect(err).toBeNull()
    chunks.push(chunk)
  })
  return { result, text: chunks.join(''), chunks }
}

describe('executeShell', () => {
  test('runs bash with merged output, exit code and duration', async () => {
    const { result, text } = await collect({ command: 'echo out; echo err >&2; exit 3' })
    expect(result).toMatchObject({ exitCode: 3, cancelled: false, timedOut: false })
    expect(result.durationMs).toBeGreaterThan(0)
    expect(text).toBe('out\nerr\n')
  })

  test('stdin is /dev/null, cwd and env apply, non-interactive env is set', async () => {
    const { result, text } = await collect({
      command: 'cat; read x || echo "eof $PWD $A $B $PAGER $CI $GIT_TERMINAL_PROMPT"',
      cwd: '/tmp',
      env: { A: 'a' },
      sessionEnv: { B: 'b' },
    })
    expect(result.exitCode).toBe(0)
    expect(text).toBe('eof /tmp a b cat true 0\n')
  })

  test('caller env wins over the non-interactive defaults; nonInteractiveEnv: false keeps the host env', async () => {
    expect((await collect({ command: 'echo $PAGER', env: { PAGER: 'less' } })).text).toBe('less\n')
    const host = process.env.CI ?? ''
    expect((await collect({ command: 'echo "${CI-}"', nonInteractiveEnv: false })).text).toBe(`${host}\n`)
  })

  test('a 10 MB output arrives complete before the promise resolves', async () => {
    let total = 0
    let resolved = false
    const result = await executeShell({ command: 'head -c 10000000 /dev/zero | tr "\\0" x' }, (_e, chunk) => {
      expect(resolved).toBe(false)
      total += chunk.length
    })
    resolved = true
    expect(result.exitCode).toBe(0)
    expect(total).toBe(10_000_000)
  })

  test('a UTF-8 character split across writes is never split across chunks', async () => {
    // é is c3 a9: write the two bytes 50 ms apart so they arrive in separate reads.
    const { text, chunks } = await collect({ command: "printf 'a\\xc3'; sleep 0.05; printf '\\xa9b\\xff\\n'" })
    expect(text).toBe('aéb\uFFFD\n')
    for (const chunk of chunks) expect(chunk.includes('\uFFFD') && !chunk.includes('b')).toBe(false)
  })

  test('50 concurrent calls', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => collect({ command: `sleep 0.1; echo ${i}` })),
    )
    results.forEach(({ result, text }, i) => {
      expect(result.exitCode).toBe(0)
      expect(text).toBe(`${i}\n`)
    })
  })

  test('timeout ends a TERM-ignoring loop and a setsid escapee, leaving nothing', async () => {
    const m1 = sleepMarker()
    const m2 = sleepMarker()
    const command = `setsid sleep ${m1} & (trap '' TERM; while :; do sleep ${m2}; done) & wait`
    const { result } = await collect({ command, timeoutMs: 300 })
    expect(result).toMatchObject({ timedOut: true, cancelled: false })
    expect(result.exitCode).toBeUndefined()
    expect(await eventually(() => processesWith(m1).length + processesWith(m2).length === 0)).toBe(true)
  })

  test('a grandchild holding the output pipe does not keep the promise pending, and is killed', async () => {
    const m = sleepMarker()
    const started = Date.now()
    const { result, text } = await collect({ command: `(sleep ${m} &); echo hi` })
    expect(Date.now() - started).toBeLessThan(3000)
    expect(result.exitCode).toBe(0)
    expect(text).toBe('hi\n')
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
  })

  test('a double-forked daemon is killed when the run ends', async () => {
    const m = sleepMarker()
    const { result } = await collect({ command: `( ( setsid sleep ${m} & ) & ); true` })
    expect(result.exitCode).toBe(0)
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
  })

  test('an AbortSignal cancels the run', async () => {
    const m = sleepMarker()
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 200)
    const { result } = await collect({ command: `sleep ${m}`, signal: ac.signal })
    expect(result).toMatchObject({ cancelled: true, timedOut: false })
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
    const pre = new AbortController()
    pre.abort()
    expect((await collect({ command: 'echo never', signal: pre.signal })).result).toMatchObject({ cancelled: true })
  })

  test('signal names the fatal signal of the last command', async () => {
    const { result } = await collect({ command: 'kill -SEGV $$' })
    expect(result).toMatchObject({ exitCode: 139, signal: 'SIGSEGV' })
  })

  test.each([
    [{ command: '' }, 'ERR_INVALID_ARG', 'command'],
    [{ command: 'echo a\0b' }, 'ERR_INVALID_ARG', 'command'],
    [{ command: 'true', env: { 'A-B': 'x' } }, 'ERR_INVALID_ARG', 'A-B'],
    [{ command: 'true', env: { A: 'x\0y' } }, 'ERR_INVALID_ARG', 'env'],
    [{ command: 'true', timeoutMs: -5 }, 'ERR_INVALID_ARG', 'timeoutMs'],
    [{ command: 'true', timeoutMs: Number.NaN }, 'ERR_INVALID_ARG', 'timeoutMs'],
    [{ command: 'true', cwd: '/definitely/not/here' }, 'ERR_CWD_NOT_FOUND', '/definitely/not/here'],
    [{ command: 'true', cwd: '/etc/passwd' }, 'ERR_CWD_NOT_DIR', '/etc/passwd'],
    [{ command: 'true', shell: 'no-such-shell-binary' }, 'ERR_SPAWN_FAILED', 'no-such-shell-binary'],
    [{ command: 'true', shell: 'zsh' }, 'ERR_INVALID_ARG', 'zsh'],
  ])('bad input %o rejects with %s', async (options, code, named) => {
    const err = await executeShell(options as any).catch((e) => e)
    expect(err).toBeInstanceOf(Error)
    expect(err.code).toBe(code)
    expect(err.message).toContain(named)
  })
})

describe('shells started ahead of need', () => {
  test('a pooled shell sees the host environment and directory as they are at the call', async () => {
    await collect({ command: 'true' }) // the pool is filled after a first call
    await new Promise((r) => setTimeout(r, 300))
    process.env.AGENT_SHELL_POOL_PROBE = 'set after the fill'
    try {
      expect((await collect({ command: 'echo "${AGENT_SHELL_POOL_PROBE-unset} $PWD"' })).text).toBe(
        `set after the fill ${process.cwd()}\n`,
      )
    } finally {
      delete process.env.AGENT_SHELL_POOL_PROBE
    }
    await new Promise((r) => setTimeout(r, 300))
    expect((await collect({ command: 'echo "${AGENT_SHELL_POOL_PROBE-unset}"' })).text).toBe('unset\n')
    expect((await collect({ command: 'echo "$PWD $OLDPWD"', cwd: '/tmp' })).text).toBe(`/tmp ${process.env.OLDPWD ?? ''}\n`)
  })

  test('a host that never runs a command starts no process', async () => {
    const { execFileSync } = await import('node:child_process')
    const script = `
      const m = require(${JSON.stringify(join(__dirname, '..', 'index.js'))})
      new m.Shell(); m.stripAnsi('x')
      setTimeout(() => {
        const fs = require('fs')
        const kids = fs.readdirSync('/proc/self/task').flatMap((t) => fs.readFileSync('/proc/self/task/' + t + '/children', 'utf8').split(' ').filter(Boolean))
        console.log(kids.length)
      }, 300)`
    expect(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()).toBe('0')
  })
})

describe('process trees', () => {
  test('listDescendants and killTree see the whole tree and never the host', async () => {
    const m = sleepMarker()
    // The loop keeps the shell alive after its children die, however slowly killTree's three
    // signals go out on a loaded machine.
    const run = executeShell({ command: `sleep ${m} & sleep ${m} & wait; while :; do sleep 0.05; done` })
    expect(await eventually(() => processesWith(m).length === 2)).toBe(true)
    const [first] = processesWith(m)
    const shellPid = Number(
      (await import('node:fs')).readFileSync(`/proc/${first}/stat`, 'utf8').split(') ')[1].split(' ')[1],
    )
    const found = listDescendants(shellPid)
    expect(found).toEqual(expect.arrayContaining(processesWith(m)))
    expect(killTree(shellPid, 15)).toBeGreaterThanOrEqual(3)
    await run
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
    expect(() => killTree(1, 15)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG' }))
    // The killed shell's supervisor exits by itself and is reaped off the settle path (it takes
    // half a millisecond, a loaded machine more); the shells started ahead of need are ended 5 s
    // after the last call: nothing is left then.
    expect(await eventually(() => killTree(process.pid, 0) === 0, 15_000)).toBe(true)
  })
})
