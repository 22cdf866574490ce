import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { getEventListeners } from 'node:events'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterEach, describe, expect, test } from 'vitest'
import { Shell } from '../index.js'
import { eventually, processesWith, runIn as run, sleepMarker } from './helpers'

const open: Shell[] = []
function shell(options?: ConstructorParameters<typeof Shell>[0]) {
  const s = new Shell(options)
  open.push(s)
  return s
}
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()))
})

describe('Shell', () => {
  test('variables, functions, options, aliases and the directory carry over', async () => {
    const s = shell()
    await run(s, 'x=1; export Y=2; f() { echo "f$1"; }; shopt -s expand_aliases; alias hello="echo hi"; set -o pipefail; cd /tmp')
    const { result, text } = await run(s, 'echo "$x $Y $(f 3) $PWD"; hello; [[ -o pipefail ]] && echo pf')
    expect(result).toMatchObject({ exitCode: 0, workingDir: '/tmp', sessionRestarted: false })
    expect(text).toBe('1 2 f3 /tmp\nhi\npf\n')
  })

  test('the framing is invisible to set, declare and compgen', async () => {
    const s = shell()
    const before = (await run(s, 'set | wc -l; declare -F | wc -l; compgen -v | wc -l')).text
    await run(s, 'true')
    const after = (await run(s, 'set | wc -l; declare -F | wc -l; compgen -v | wc -l')).text
    expect(after).toBe(before)
    expect((await run(s, 'set | grep -c agsh')).text).toBe('0\n')
  })

  test('$? and $_ carry over as in a script; set -x traces only the user commands', async () => {
    const s = shell()
    await run(s, 'echo a b; (exit 7)')
    expect((await run(s, 'echo "$? $_"')).text).toBe('7 b\n')
    const { text } = await run(s, 'set -x; echo traced')
    expect(text).toBe('+ echo traced\ntraced\n')
    expect((await run(s, 'echo again; set +x')).text).toBe('+ echo again\nagain\n+ set +x\n')
  })

  test('a DEBUG trap that prints, left set across runs, sees only the user commands', async () => {
    const s = shell()
    // The trap is set by the run itself, so it runs before every framing command after it too;
    // the status is still the run's.
    const first = await run(s, "trap 'echo dbg' DEBUG; echo a; (exit 5)")
    expect(first.text).toBe('dbg\na\n')
    expect(first.result.exitCode).toBe(5)
    expect((await run(s, 'echo "$?"')).text).toBe('dbg\n5\n')
    expect((await run(s, 'echo "$K"', { env: { K: 'v' } })).text).toBe('dbg\nv\n')
    expect((await run(s, 'echo "${K-unset}"; trap - DEBUG')).text).toBe('dbg\nunset\ndbg\n')
    expect((await run(s, 'echo clean')).text).toBe('clean\n')
  })

  test('a RETURN trap under set -T does not see the framing restore a status', async () => {
    const s = shell()
    await run(s, "set -T; trap 'echo R' RETURN; f() { :; }")
    expect((await run(s, '(exit 4)')).result.exitCode).toBe(4)
    expect((await run(s, 'echo "next $?"; f')).text).toBe('next 4\nR\n')
  })

  test('a multi-line EXIT trap fires when the run ends', async () => {
    const s = shell()
    const { result, text } = await run(s, "trap 'echo \"status $?\"\necho two' EXIT; echo body; (exit 3)")
    expect(result.exitCode).toBe(3)
    expect(text).toBe('body\nstatus 3\ntwo\n')
    expect((await run(s, 'trap -p EXIT; echo next')).text).toBe('next\n')
  })

  test('$0 and error messages read "bash", as under bash -c, never a temporary path', async () => {
    const s = shell()
    const { text } = await run(s, 'echo "$0"; no-such-command-x')
    expect(text).toMatch(/^bash\nbash: line \d+: no-such-command-x: command not found\n$/)
  })

  test("shell: 'sh' is bash in POSIX mode, named sh; state carries over", async () => {
    const s = shell({ shell: 'sh' })
    await run(s, 'x=1')
    const { result, text } = await run(s, 'echo "$0 $x"; shopt -qo posix && echo posix')
    expect(result.exitCode).toBe(0)
    expect(text).toBe('sh 1\nposix\n')
  })

  test('cwd moves the session, env applies to one run, sessionEnv to all', async () => {
    const s = shell({ sessionEnv: { SESSION: 's' } })
    expect((await run(s, 'echo "$PWD $ONE $SESSION"', { cwd: '/tmp', env: { ONE: '1' } })).text).toBe('/tmp 1 s\n')
    expect((await run(s, 'echo "$PWD ${ONE-unset} $SESSION"')).text).toBe('/tmp unset s\n')
  })

  test('output of a background job never appears in a later run', async () => {
    const s = shell()
    await run(s, '(sleep 0.2; echo late) &')
    expect((await run(s, 'sleep 0.5; echo now')).text).toBe('now\n')
    expect(await s.liveBackgroundJobCount()).toBe(0)
  })

  test('liveBackgroundJobCount counts running & jobs, a pipeline once, as jobs does', async () => {
    const s = shell()
    const m = sleepMarker()
    await run(s, `sleep ${m} &`)
    expect(await s.liveBackgroundJobCount()).toBe(1)
    await run(s, `sleep ${m} | sleep ${m} | cat & (sleep ${m}) &`)
    // Counted from /proc as the jobs' processes are: give them the moment a pipeline's members
    // take to connect their pipes after the run ends (one per process would read 5).
    let count = 0
    for (const end = Date.now() + 2000; Date.now() < end && count !== 3; ) {
      count = await s.liveBackgroundJobCount()
      if (count !== 3) await new Promise((r) => setTimeout(r, 20))
    }
    expect(count).toBe(3)
    expect((await run(s, 'jobs -p | wc -l')).text).toBe('3\n')
    await s.close()
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
  })

  test('exit ends the shell; the next run gets a fresh one', async () => {
    const s = shell()
    await run(s, 'v=1; cd /tmp')
    expect((await run(s, 'exit 4')).result.exitCode).toBe(4)
    const { result, text } = await run(s, 'echo "${v-gone} $PWD"')
    expect(result.sessionRestarted).toBe(true)
    expect(text).toBe('gone /tmp\n')
  })

  test('a run that takes away a builtin the framing needs resolves; the next run gets a fresh shell', async () => {
    const s = shell()
    for (const breaker of ['enable -n printf', 'enable -n trap', 'enable -n read', 'builtin() { :; }']) {
      await run(s, 'v=1')
      // No timeoutMs: before the framing chained its report, `enable -n printf` left this pending forever.
      const { result } = await run(s, breaker)
      expect(result).toMatchObject({ cancelled: false, timedOut: false })
      const next = await run(s, 'echo "${v-gone}"')
      expect(next.result).toMatchObject({ exitCode: 0, sessionRestarted: true })
      expect(next.text).toBe('gone\n')
    }
  })

  test('a text that does not parse ends in a syntax error, status 2, and the session keeps its state', async () => {
    const s = shell()
    await run(s, 'v=1; cd /tmp')
    const broken = ['echo "abc', "echo 'abc", 'if true; then echo x', 'echo $(echo a', 'echo a; echo )', 'echo ${v', 'case x in', 'f() {']
    for (const command of broken) {
      const { result, text } = await run(s, command)
      expect({ command, result }).toMatchObject({ command, result: { exitCode: 2, sessionRestarted: false } })
      expect(text).toMatch(/^bash: eval: line \d+: (syntax error|unexpected EOF)/)
      // The framing after the text is never read as part of it.
      expect(text).not.toContain('builtin')
      expect((await run(s, 'echo "$v $PWD"')).text).toBe('1 /tmp\n')
    }
  })

  test('commands before a syntax error run, as in a script; an open here-document ends with the text', async () => {
    const s = shell()
    const { result, text } = await run(s, 'cd /tmp\nv=2\nif then fi\necho never')
    expect(result).toMatchObject({ exitCode: 2, workingDir: '/tmp', sessionRestarted: false })
    expect(text).not.toContain('never')
    expect((await run(s, 'echo "$v"')).text).toBe('2\n')
    // Left open, or closed by a line that is not exactly its delimiter (`EOF ` and ` EOF` are
    // not `EOF`), a here-document runs to the end of the text, never into the framing.
    for (const command of ['cat <<EOF\nhello', 'cat <<EOF\nhello\nEOF ', 'cat <<EOF\nhello\n EOF']) {
      const heredoc = await run(s, command)
      expect(heredoc.result).toMatchObject({ exitCode: 0, sessionRestarted: false })
      const body = command.split('\n').slice(1).join('\n')
      expect(heredoc.text).toMatch(/warning: here-document at line \d+ delimited by end-of-file \(wanted `EOF'\)\n/)
      expect(heredoc.text.endsWith(`\n${body}\n`)).toBe(true)
    }
  })

  test('a shell that dies after a run, before it reads the next, runs that next run on a fresh shell', async () => {
    const s = shell()
    // Stopped in its wait between runs, then killed once the next run's script is waiting for it.
    // Generous margins: the stop must come well before the next run, the kill well after it.
    await run(s, 'v=1; (sleep 0.2; kill -STOP $$; sleep 2.5; kill -KILL $$) &')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const { result, text } = await run(s, 'echo "ran ${v-fresh}"')
    expect(result).toMatchObject({ exitCode: 0, sessionRestarted: true })
    expect(text).toBe('ran fresh\n')
  })

  test('exit with a daemon left running: the daemon is ended, not orphaned to init', async () => {
    const s = shell()
    const m = sleepMarker()
    const { result } = await run(s, `setsid sleep ${m} & (sleep ${m} &); exit 3`)
    expect(result.exitCode).toBe(3)
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
    expect((await run(s, 'echo next')).result).toMatchObject({ exitCode: 0, sessionRestarted: true })
  })

  test('a host that dies (SIGKILL) takes the shell, its jobs and its running command along, and leaves no files', async () => {
    const m = sleepMarker()
    const tmp = mkdtempSync(join(tmpdir(), 'host-dies-'))
    try {
      const child = spawnSync(process.execPath, [join(__dirname, 'fixtures', 'host-dies.mjs'), m], {
        env: { ...process.env, TMPDIR: tmp },
      })
      expect(child.signal).toBe('SIGKILL')
      expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
      // The session's script and FIFOs lived in TMPDIR: its supervisor removed them.
      expect(await eventually(() => readdirSync(tmp).length === 0)).toBe(true)
    } finally {
      rmSync(tmp, { recursive: true, force: true })
    }
  })

  test('a pending run keeps the host alive; an idle Shell does not', () => {
    const child = spawnSync(process.execPath, [join(__dirname, 'fixtures', 'host-waits.mjs')], {
      encoding: 'utf8',
      timeout: 10_000,
    })
    expect(child.stdout).toBe('exit 7\n')
    expect(child.status).toBe(0)
  })

  test('a callback that throws is an uncaught exception, as in an event listener; the run settles', () => {
    const script = `
      const { Shell } = require(${JSON.stringify(join(__dirname, '..', 'index.js'))})
      process.on('uncaughtException', (e) => console.log('uncaught ' + e.message))
      const s = new Shell()
      s.run({ command: 'echo a' }, () => { throw new Error('boom') })
        .then((r) => console.log('exit ' + r.exitCode))
        .then(() => s.close())`
    const child = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 10_000 })
    expect(child.stdout).toBe('uncaught boom\nexit 0\n')
  })

  test('a timeout kills the command, runs nothing after it, and replaces the shell it stopped', async () => {
    const s = shell()
    const m = sleepMarker()
    await run(s, 'kept=yes; cd /tmp')
    const { result, text } = await run(s, `sleep ${m}; echo after`, { timeoutMs: 200 })
    expect(result).toMatchObject({ timedOut: true, cancelled: false })
    expect(text).toBe('')
    expect(processesWith(m)).toEqual([])
    const next = await run(s, 'echo "${kept-gone} $PWD"')
    expect(next.text).toBe('gone /tmp\n')
    expect(next.result.sessionRestarted).toBe(true)
  })

  test('a result has the fields that apply, absent (not undefined) otherwise, in one order', async () => {
    const s = shell()
    const ended = await s.run({ command: 'true' })
    expect(Object.keys(ended)).toEqual(['cancelled', 'timedOut', 'exitCode', 'workingDir', 'durationMs', 'sessionRestarted'])
    expect(ended).toMatchObject({ cancelled: false, timedOut: false, exitCode: 0, workingDir: process.cwd(), sessionRestarted: false })
    expect(typeof ended.durationMs).toBe('number')
    const killed = await s.run({ command: 'sh -c "kill -SEGV \\$\\$"', output: {} })
    expect(Object.keys(killed)).toEqual(['cancelled', 'timedOut', 'exitCode', 'workingDir', 'durationMs', 'signal', 'sessionRestarted', 'output'])
    expect(killed).toMatchObject({ exitCode: 139, signal: 'SIGSEGV', output: { truncated: false } })
    const timedOut = await s.run({ command: 'sleep 5', timeoutMs: 50 })
    expect(Object.keys(timedOut)).toEqual(['cancelled', 'timedOut', 'workingDir', 'durationMs', 'sessionRestarted'])
    expect(timedOut).toMatchObject({ cancelled: false, timedOut: true })
  })

  test('a builtin loop cannot wedge the session: it is replaced on timeout', async () => {
    const s = shell()
    const { result } = await run(s, 'while :; do :; done', { timeoutMs: 200 })
    expect(result.timedOut).toBe(true)
    expect((await run(s, 'echo ok')).result).toMatchObject({ exitCode: 0, sessionRestarted: true })
  })

  test('runs are serialized; abort() cancels the running and the queued runs', async () => {
    const s = shell()
    const order: number[] = []
    const a = s.run({ command: 'sleep 5' }).then((r) => (order.push(1), r))
    const b = s.run({ command: 'echo b' }).then((r) => (order.push(2), r))
    await new Promise((r) => setTimeout(r, 100))
    await s.abort()
    expect(await a).toMatchObject({ cancelled: true })
    expect(await b).toMatchObject({ cancelled: true })
    expect(order).toEqual([1, 2])
    expect((await run(s, 'echo fine')).text).toBe('fine\n')
  })

  test('an AbortSignal aborts its run, and reused across runs keeps no listener behind', async () => {
    const s = shell()
    const controller = new AbortController()
    for (let i = 0; i < 20; i++) await run(s, 'true', { signal: controller.signal })
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0)
    const pending = s.run({ command: 'sleep 5', signal: controller.signal })
    await new Promise((r) => setTimeout(r, 50))
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1)
    controller.abort()
    expect(await pending).toMatchObject({ cancelled: true, timedOut: false })
    expect((await run(s, 'echo after')).text).toBe('after\n')
  })

  test('runs settle in call order; a bad call rejects at once', async () => {
    const s = shell()
    const settled: number[] = []
    const runs = Array.from({ length: 40 }, (_, i) =>
      s.run({ command: i % 3 ? 'true' : 'echo x' }, i % 2 ? () => {} : null).then(() => settled.push(i)),
    )
    await Promise.all(runs)
    expect(settled).toEqual(Array.from({ length: 40 }, (_, i) => i))
    // A call rejected before it took its place does not wait for the runs ahead.
    const long = s.run({ command: 'sleep 5' })
    await expect(s.run({ command: '' })).rejects.toMatchObject({ code: 'ERR_INVALID_ARG' })
    await expect(s.run({ command: 'true', cwd: '/nonexistent/x' })).rejects.toMatchObject({ code: 'ERR_CWD_NOT_FOUND' })
    await s.abort()
    expect(await long).toMatchObject({ cancelled: true })
  })

  test('a command that ended while the JS thread was busy is not reported as timed out', async () => {
    const s = shell()
    await run(s, 'true')
    const pending = s.run({ command: '(exit 4)', timeoutMs: 100 })
    const until = Date.now() + 400
    while (Date.now() < until) {
      // Busy: the report arrives long before the deadline, but is only seen after it.
    }
    expect(await pending).toMatchObject({ exitCode: 4, timedOut: false, cancelled: false })
    expect((await run(s, 'echo same')).result.sessionRestarted).toBe(false)
  })

  test('exit seen only after the JS thread was busy for long still reports its code', async () => {
    const s = shell()
    await run(s, 'true')
    const pending = s.run({ command: 'exit 3' })
    const until = Date.now() + 2500
    while (Date.now() < until) {
      // Longer than the session waits for the exit report once the shell is gone.
    }
    expect(await pending).toMatchObject({ exitCode: 3 })
  })

  test('Shell, executeShell and PtySession in a worker thread: the worker ends cleanly, with or without close(), and takes its jobs along', async () => {
    const index = JSON.stringify(join(__dirname, '..', 'index.js'))
    for (const close of [false, true]) {
      const m = sleepMarker()
      const code = `
        const { parentPort } = require('node:worker_threads')
        const { Shell, PtySession, executeShell } = require(${index})
        const s = new Shell()
        ;(async () => {
          await s.run({ command: 'sleep ${m} &' })
          const r = await s.run({ command: 'echo hi' }, () => {})
          const one = await executeShell({ command: 'exit 5' }, () => {})
          const pty = await new PtySession().start({ command: 'echo pty' }, () => {})
          if (${close}) await s.close()
          parentPort.postMessage([r.exitCode, one.exitCode, pty.exitCode])
        })()`
      const worker = new Worker(code, { eval: true })
      const message = new Promise((resolve) => worker.once('message', resolve))
      const exited = new Promise((resolve) => worker.once('exit', resolve))
      expect(await message).toEqual([0, 5, 0])
      expect(await exited).toBe(0)
      expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
    }
  })

  test('stdin reads see EOF at once', async () => {
    const s = shell()
    expect((await run(s, 'read x; echo "rc=$?"; cat')).text).toBe('rc=1\n')
  })

  test('close() is idempotent and later runs reject with ERR_SESSION_CLOSED', async () => {
    const s = shell()
    await run(s, 'true')
    await s.close()
    await s.close()
    await expect(s.run({ command: 'true' })).rejects.toMatchObject({ code: 'ERR_SESSION_CLOSED' })
  })
})
