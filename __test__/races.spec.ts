// Under races and faults each run's output and status are its own (issue 18, items 1-8). The
// races are loops with enough tries to have shown each bug before its fix, bounded in time.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { Shell } from '../index.js'
import { eventually, processesWith, runIn as run, sleepMarker } from './helpers'

describe('races and faults', () => {
  test('abort() racing the natural end of a run never shifts output or status to the next run', async () => {
    const s = new Shell()
    try {
      for (let i = 0; i < 300; i++) {
        const p = s.run({ command: '/bin/echo a' + i })
        const ab = new Promise((r) => setTimeout(() => r(s.abort()), 0))
        await p
        await ab
        const { result, text } = await run(s, 'echo b' + i)
        expect({ i, text, exitCode: result.exitCode }).toEqual({ i, text: `b${i}\n`, exitCode: 0 })
      }
    } finally {
      await s.close()
    }
  })

  test('a shell killed right after a run settles: the next run goes to a fresh shell and runs', async () => {
    const s = new Shell()
    const seen: Record<string, number> = {}
    try {
      for (let i = 0; i < 300; i++) {
        const pid = Number((await run(s, 'echo $$')).text)
        process.kill(pid, 'SIGKILL')
        const { result, text } = await run(s, 'echo ok')
        const key = `${result.exitCode}/${result.sessionRestarted}/${JSON.stringify(text)}`
        seen[key] = (seen[key] ?? 0) + 1
      }
    } finally {
      await s.close()
    }
    expect(seen).toEqual({ '0/true/"ok\\n"': 300 })
  })

  test('a run that closes or moves the shell’s stdout or stderr does not silence later runs', async () => {
    const s = new Shell()
    try {
      await run(s, 'quiet() { exec >/dev/null 2>&1; }')
      for (const command of ['exec 1>&-', 'exec 2>&-', 'exec >/dev/null', 'exec 2>/dev/null', 'exec >/dev/null 2>&1', 'exec 10>/dev/null 1>&-', 'quiet']) {
        await run(s, command)
        const { result, text } = await run(s, 'echo out; echo err >&2')
        expect({ command, result, text }).toMatchObject({ command, result: { exitCode: 0, sessionRestarted: false }, text: 'out\nerr\n' })
      }
    } finally {
      await s.close()
    }
  })

  test('a fork bomb under a process limit does not outlive its timeout', async () => {
    const m = sleepMarker()
    // As root the limit does not apply: the bomb runs as nobody, as an unprivileged user's would.
    // Each member forks a new one as soon as the limit lets it: the tree forks as fast as it is
    // killed. Before the fix a timeout took 3 to 22 s to settle; it must take the grace (1 s).
    const bomb = `ulimit -u 150; b() { while :; do b & sleep 0.05; done; }; sleep ${m} & b`
    const asNobody = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'true']).status === 0
    const command = process.getuid?.() === 0 && asNobody ? `exec setpriv --reuid=65534 --regid=65534 --clear-groups bash -c '${bomb}'` : `bash -c '${bomb}'`
    const { executeShell } = await import('../index.js')
    for (let attempt = 0; attempt < 2; attempt++) {
      const start = Date.now()
      const result = await executeShell({ command, timeoutMs: 1000 })
      expect(result).toMatchObject({ timedOut: true })
      expect(Date.now() - start).toBeLessThan(1000 + 2500)
      expect(processesWith(m)).toEqual([])
      await new Promise((r) => setTimeout(r, 1500))
      expect(processesWith(m)).toEqual([])
    }
  }, 60_000)

  test('an abort from the callback during a flood stops delivery promptly and reports cancelled', async () => {
    const s = new Shell()
    try {
      for (let i = 0; i < 10; i++) {
        let total = 0
        let atAbort = -1
        const result = await s.run({ command: 'yes | head -c 100M' }, (_e, chunk) => {
          total += chunk.length
          if (atAbort < 0 && total >= 10 * 1024 * 1024) {
            atAbort = total
            void s.abort()
          }
        })
        expect(result).toMatchObject({ cancelled: true })
        // What was already read or in the FIFO (1 MiB), never the rest of the stream.
        expect(total - atAbort).toBeLessThan(4 * 1024 * 1024)
      }
    } finally {
      await s.close()
    }
  })

  test('close() right after run(): the accepted runs resolve cancelled; only later calls reject', async () => {
    for (let i = 0; i < 30; i++) {
      const s = new Shell()
      const accepted = [s.run({ command: 'echo a' }), s.run({ command: 'sleep 1' })]
      const closed = s.close()
      const late = s.run({ command: 'echo late' })
      for (const r of await Promise.allSettled(accepted)) {
        expect(r.status).toBe('fulfilled')
      }
      await expect(late).rejects.toMatchObject({ code: 'ERR_SESSION_CLOSED' })
      await closed
    }
  })

  test.each([
    ['Shell.run', (i: string, m: string) => `new (require(${i}).Shell)().run({ command: 'sleep ${m}' }).catch(() => {})`],
    ['executeShell', (i: string, m: string) => `require(${i}).executeShell({ command: 'sleep ${m}' }).catch(() => {})`],
    ['PtySession', (i: string, m: string) => `new (require(${i}).PtySession)().start({ command: 'sleep ${m}' }).catch(() => {})`],
  ])('worker.terminate() with a %s pending ends its processes', (_name, pending) => {
    const m = sleepMarker()
    const index = JSON.stringify(join(__dirname, '..', 'index.js'))
    // The host checks while it still lives: at its exit, the supervisors end everything anyway.
    const script = `
      const { readdirSync, readFileSync } = require('node:fs')
      const left = () => readdirSync('/proc').filter((p) => /^\\d+$/.test(p)).filter((p) => {
        try { const c = readFileSync('/proc/' + p + '/cmdline', 'utf8'); return c.startsWith('sleep') && c.includes('${m}') } catch { return false }
      })
      require(${index})
      const { Worker } = require('node:worker_threads')
      const w = new Worker(${JSON.stringify(`${pending(index, m)}
        setTimeout(() => require('node:worker_threads').parentPort.postMessage(1), 300)`)}, { eval: true })
      w.once('message', async () => {
        const running = left().length
        await w.terminate()
        setTimeout(() => { console.log(running + ' ' + left().length); process.exit(0) }, 1500)
      })`
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 20_000 })
    expect({ status: child.status, stderr: child.stderr, stdout: child.stdout }).toEqual({ status: 0, stderr: '', stdout: '1 0\n' })
  })

  test('with a background job alive, later runs keep their FIFO (no new one per run)', async () => {
    const s = new Shell()
    const m = sleepMarker()
    try {
      await run(s, `sleep ${m} &`)
      const first = (await run(s, 'readlink /proc/$$/fd/1')).text
      const second = (await run(s, 'readlink /proc/$$/fd/1')).text
      expect(first).toMatch(/out-\d+\n$/)
      expect(second).toBe(first)
    } finally {
      await s.close()
    }
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
  })
})
