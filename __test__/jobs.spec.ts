import { execFile } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { Worker } from 'node:worker_threads'
import { afterAll, afterEach, describe, expect, test } from 'vitest'
import { JobManager, Shell, type JobInfo } from '../index.js'
import { eventually, processesWith, sleepMarker, thrown } from './helpers'

const MiB = 1024 * 1024
const fixtures = join(__dirname, 'fixtures')
const run = promisify(execFile)

/** Every manager a test made, closed after it; every marker a test used, checked at the end. */
const managers: JobManager[] = []
const markers: string[] = []
function manager(options?: ConstructorParameters<typeof JobManager>[0]) {
  const m = new JobManager(options)
  managers.push(m)
  return m
}
function marker() {
  const m = sleepMarker()
  markers.push(m)
  return m
}

/** A job's `onExit` as a promise, and how often it was called. */
function exitWatch() {
  let calls = 0
  let resolve: (info: JobInfo) => void = () => {}
  const ended = new Promise<JobInfo>((r) => (resolve = r))
  const onExit = (error: Error | null, info: JobInfo) => {
    expect(error).toBeNull()
    calls += 1
    resolve(info)
  }
  return { onExit, ended, calls: () => calls }
}

afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()))
})

afterAll(async () => {
  // Nothing any test started is left running.
  expect(await eventually(() => markers.every((m) => processesWith(m).length === 0))).toBe(true)
})

describe('JobManager: start, status and exit', () => {
  test('start returns an id at once while the command runs on; wait gives its output and status', async () => {
    const jobs = manager()
    const exit = exitWatch()
    const before = Date.now()
    const id = jobs.start({ command: 'echo hi; sleep 0.3; echo bye', label: 'greeter' }, exit.onExit)
    expect(typeof id).toBe('string')
    expect(Date.now() - before).toBeLessThan(1000)
    expect(jobs.list()).toMatchObject([{ id, label: 'greeter', command: 'echo hi; sleep 0.3; echo bye', status: 'running' }])
    const out = await jobs.wait(id)
    expect(out).toMatchObject({ id, status: 'completed', exitCode: 0, output: 'hi\nbye\n', droppedBytes: 0, label: 'greeter' })
    expect(out.startedAt).toBeGreaterThanOrEqual(before)
    expect(out.endedAt).toBeGreaterThanOrEqual(out.startedAt)
    expect(out.pid).toBeGreaterThan(1)
    const info = await exit.ended
    expect(info).toMatchObject({ id, status: 'completed', exitCode: 0, endedAt: out.endedAt })
    // Read once: the next read is empty, the job still listed.
    expect(jobs.output(id)).toMatchObject({ status: 'completed', output: '' })
    await new Promise((r) => setTimeout(r, 100))
    expect(exit.calls()).toBe(1)
  })

  test('the status is the truth: failed, signal, killed, timed_out', async () => {
    const jobs = manager()
    const failed = jobs.start({ command: 'echo no >&2; exit 3' })
    const segv = jobs.start({ command: 'kill -SEGV $$' })
    const timed = jobs.start({ command: `echo started; exec sleep ${marker()}`, timeoutMs: 300 })
    const killed = jobs.start({ command: `echo up; exec sleep ${marker()}` })
    expect(await jobs.wait(failed)).toMatchObject({ status: 'failed', exitCode: 3, output: 'no\n' })
    expect(await jobs.wait(segv)).toMatchObject({ status: 'failed', exitCode: 139, signal: 'SIGSEGV' })
    const t = await jobs.wait(timed)
    expect(t).toMatchObject({ status: 'timed_out', output: 'started\n' })
    expect(t.exitCode).toBeUndefined()
    expect(await jobs.wait(killed, 200)).toMatchObject({ status: 'running', output: 'up\n' })
    const k = await jobs.kill(killed)
    expect(k).toMatchObject({ status: 'killed', output: '' })
    expect(k.exitCode).toBeUndefined()
    // A job that ended by itself keeps its status when killed afterwards.
    expect(await jobs.kill(failed)).toMatchObject({ status: 'failed', exitCode: 3 })
  })

  test('an AbortSignal kills the job; close() kills every job and refuses new ones', async () => {
    const jobs = manager()
    const controller = new AbortController()
    const exit = exitWatch()
    const aborted = jobs.start({ command: `exec sleep ${marker()}`, signal: controller.signal }, exit.onExit)
    const other = jobs.start({ command: `exec sleep ${marker()}` })
    controller.abort()
    expect(await exit.ended).toMatchObject({ id: aborted, status: 'killed' })
    await jobs.close()
    expect(jobs.list().map((j) => j.status)).toEqual(['killed', 'killed'])
    expect(jobs.output(other)).toMatchObject({ status: 'killed' })
    expect(thrown(() => jobs.start({ command: 'true' }))).toMatchObject({ code: 'ERR_SESSION_CLOSED' })
    await jobs.close()
  })
})

describe('JobManager: output', () => {
  test('an 8 MiB job against a 1 MiB buffer: the newest 1 MiB, the rest counted, all of it in the artifact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-shell-jobs-'))
    try {
      const jobs = manager({ artifactDir: join(dir, 'artifacts') })
      // 131072 lines of 64 bytes once cleaned: colored, CRLF-terminated.
      const line = `%06d.${'x'.repeat(56)}`
      const id = jobs.start({ command: `for ((i = 1; i <= 131072; i++)); do printf '\\033[32m${line}\\033[0m\\r\\n' $i; done` })
      const out = await jobs.wait(id)
      expect(out).toMatchObject({ status: 'completed', droppedBytes: 7 * MiB })
      expect(out.output.length).toBe(MiB)
      expect(out.output.endsWith(`131072.${'x'.repeat(56)}\n`)).toBe(true)
      expect(out.output).not.toMatch(/\x1b|\r/)
      expect(out.artifactPath).toBe(join(dir, 'artifacts', `${id}.log`))
      expect(statSync(out.artifactPath!).size).toBe(8 * MiB)
      expect(readFileSync(out.artifactPath!, 'utf8').slice(0, 14)).toBe('000001.xxxxxxx')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  test('bufferBytes bounds what a read returns while the job runs', async () => {
    const jobs = manager({ bufferBytes: 1000 })
    const id = jobs.start({ command: `yes 'twelve bytes' | head -c 100000; exec sleep ${marker()}` })
    expect(await eventually(() => jobs.list()[0].status === 'running' && jobs.output(id, { filter: 'never' }).droppedBytes > 0)).toBe(true)
    await jobs.kill(id)
  })

  test('a filtered read returns the matching lines (a JS RegExp with flags) and consumes the rest', async () => {
    const jobs = manager()
    const exit = exitWatch()
    const id = jobs.start({ command: "printf 'ok 1\\nERROR: one\\nok 2\\nwarning: two\\nÉtat ok\\n'" }, exit.onExit)
    await exit.ended
    expect(jobs.output(id, { filter: '^error|WARN', flags: 'i' })).toMatchObject({ status: 'completed', output: 'ERROR: one\nwarning: two\n' })
    expect(jobs.output(id)).toMatchObject({ output: '' })
    // JS semantics: lookbehind, and `u` for code points.
    const ended = exitWatch()
    const third = jobs.start({ command: "printf 'x=1\\ny=2\\n'" }, ended.onExit)
    await ended.ended
    expect(jobs.output(third, { filter: '(?<=y=)\\d' }).output).toBe('y=2\n')
    const fourth = exitWatch()
    const id4 = jobs.start({ command: "printf '\\xf0\\x9f\\x98\\x80\\n'" }, fourth.onExit)
    await fourth.ended
    expect(jobs.output(id4, { filter: '^.$', flags: 'u' }).output).toBe('😀\n')
  })

  test('a bad filter is ERR_INVALID_ARG naming it', () => {
    const jobs = manager()
    const id = jobs.start({ command: 'true' })
    expect(thrown(() => jobs.output(id, { filter: '(' }))).toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('filter') })
    expect(thrown(() => jobs.output(id, { filter: 'a', flags: 'q' }))).toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('filter') })
  })
})

describe('JobManager: process trees and hosts', () => {
  test('kill ends a dev-server-like tree: setsid and double-forked children included', async () => {
    const jobs = manager()
    const m = marker()
    const id = jobs.start({ command: `bash ${join(fixtures, 'dev-server.sh')} ${m}` })
    // The server script and its three sleeps (the double fork's middle shell is gone). The script
    // starts them before it prints, so its line may come after they are seen; a read returns what
    // came since the last one.
    let said = ''
    const ready = () => {
      said += jobs.output(id).output
      return said === 'listening\n' && processesWith(`sleep ${m}`).length === 3
    }
    expect(await eventually(ready)).toBe(true)
    expect(processesWith(m).length).toBe(4)
    const out = await jobs.kill(id)
    expect(out.status).toBe('killed')
    expect(processesWith(m)).toEqual([])
  })

  test('a running job does not keep the host alive, and the host exit takes the job with it', async () => {
    const m = marker()
    const started = Date.now()
    const { stdout } = await run(process.execPath, [join(fixtures, 'jobs-host.mjs'), 'exit', m], { timeout: 20_000 })
    expect(stdout.trim()).toMatch(/^job-\d+$/)
    expect(Date.now() - started).toBeLessThan(15_000)
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
  })

  test('a pending wait keeps the host alive until the job ends', async () => {
    const { stdout } = await run(process.execPath, [join(fixtures, 'jobs-host.mjs'), 'wait', 'unused'], { timeout: 20_000 })
    expect(stdout.trim()).toBe('failed 4')
  })

  test('a manager collected as garbage kills its jobs', async () => {
    const m = marker()
    const { stdout } = await run(process.execPath, ['--expose-gc', join(fixtures, 'jobs-host.mjs'), 'gc', m], { timeout: 20_000 })
    expect(stdout.trim()).toBe('gone')
    expect(processesWith(m)).toEqual([])
  })

  test('a worker terminated with a job running takes the job with it', async () => {
    const m = marker()
    const addon = JSON.stringify(join(__dirname, '..', 'index.js'))
    const code = `const { JobManager } = require(${addon}); const { parentPort } = require('node:worker_threads');
      globalThis.jobs = new JobManager(); globalThis.jobs.start({ command: 'sleep ${m}' }); parentPort.postMessage('started');
      setInterval(() => {}, 1000) // a running job does not keep the worker alive: this does`
    const worker = new Worker(code, { eval: true })
    await once(worker, 'message')
    expect(await eventually(() => processesWith(`sleep ${m}`).length === 1)).toBe(true)
    await worker.terminate()
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
  })

  test('a job that prints nothing costs no CPU', async () => {
    const jobs = manager()
    const ids = Array.from({ length: 8 }, () => jobs.start({ command: `exec sleep ${marker()}` }))
    await new Promise((r) => setTimeout(r, 300))
    const before = process.cpuUsage()
    await new Promise((r) => setTimeout(r, 1000))
    const used = process.cpuUsage(before)
    // Generous: the test runner's own work is counted too; a poll every millisecond per job would not fit.
    expect((used.user + used.system) / 1000).toBeLessThan(150)
    for (const id of ids) expect(jobs.output(id).status).toBe('running')
  })

  test('64 jobs flooding unread output stay within 64 x bufferBytes plus the chunks in flight', async () => {
    const { stdout } = await run(process.execPath, [join(fixtures, 'jobs-flood.mjs'), '64', String(256 * 1024), '3'], { timeout: 60_000 })
    const r = JSON.parse(stdout)
    expect(r).toMatchObject({ outputBytes: 256 * 1024, status: 'running', killedStatus: 'killed' })
    expect(r.droppedBytes).toBeGreaterThan(0)
    // Per job, besides its buffer: its session's 16 KiB read buffer, the chunks on their way and
    // their decoded copies, the output pipeline's state, the allocator's per-thread arenas, plus
    // the runtime's own: about 0.2 MiB a flooding job (51 KiB an idle one), as docs/benchmarks.md's jobs
    // figures say. Measured 28.3-29.4 MB in all here (16 MiB of buffers), builds apart by their
    // code's layout alone; 0.22 MiB a job is the bound.
    expect(r.growthBytes).toBeLessThan(64 * 256 * 1024 + 14 * MiB)
  }, 60_000)
})

describe('JobManager: starting from a Shell', () => {
  test("the job sees the session's directory, variables, functions, aliases and options; the session is undisturbed", async () => {
    const shell = new Shell()
    const dir = mkdtempSync(join(tmpdir(), 'agent-shell-jobs-cwd-'))
    try {
      const setup = [
        `cd ${dir}`,
        "export EXPORTED='with space'",
        "plain='not exported'",
        "declare -r CONSTANT='fixed'",
        "declare -a LIST=(one 'two three')",
        'declare -A MAP=([key]=value)',
        'declare -i NUM=41',
        'greet() { echo "hello $1"; }',
        'shopt -s expand_aliases',
        "alias ll='echo aliased'",
        'set -o pipefail',
        'unset HOME',
        '(exit 5)',
      ].join('\n')
      expect(await shell.run({ command: setup })).toMatchObject({ exitCode: 5 })
      const names = async () => (await runText(shell, 'compgen -v | grep -v "^_$"; compgen -A function; alias -p'))
      const namesBefore = await names()
      // Bash's own variables are the job's (its pid), SHELLOPTS as the same options make it.
      const colons = await runText(shell, 'echo "${SHELLOPTS//[^:]/}"')
      expect(await shell.run({ command: ': last-arg; (exit 5)' })).toMatchObject({ exitCode: 5 })
      const jobs = manager()
      const probe = [
        'echo "$PWD|$EXPORTED|$plain|$CONSTANT|${LIST[1]}|${MAP[key]}|$((NUM + 1))|${HOME-unset}"',
        'greet job',
        'll',
        'shopt -qo pipefail && echo pipefail',
        'declare -p CONSTANT',
        'echo "$$ $BASHPID ${SHELLOPTS//[^:]/}"',
        'bash -c \'echo "child sees $EXPORTED and ${plain-no plain}"\'',
      ].join('\n')
      const id = jobs.start({ command: probe, shell })
      const out = await jobs.wait(id)
      expect(out).toMatchObject({ status: 'completed', exitCode: 0 })
      expect(out.output).toBe(`${dir}|with space|not exported|fixed|two three|value|42|unset\nhello job\naliased\npipefail\ndeclare -r CONSTANT="fixed"\n${out.pid} ${out.pid} ${colons.trim()}\nchild sees with space and no plain\n`)
      // The session reads $? and $_ as its own last run left them, and has nothing new.
      expect(await runText(shell, 'echo "$? $_"')).toBe('5 last-arg\n')
      expect(await names()).toBe(namesBefore)
      // A job's own cwd and env win over the session's.
      const own = jobs.start({ command: 'echo "$PWD $EXPORTED"', shell, cwd: '/', env: { EXPORTED: 'mine' } })
      expect(await jobs.wait(own)).toMatchObject({ output: '/ mine\n' })
    } finally {
      await shell.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test("a host that exits while such a job runs leaves no state file (the session's variables) behind", async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'agent-shell-jobs-exit-'))
    try {
      const m = marker()
      const script = `
        const { JobManager, Shell } = require(${JSON.stringify(join(__dirname, '..', 'index.js'))})
        const shell = new Shell()
        shell.run({ command: 'SECRET_LIKE=value' }).then(() => {
          const jobs = new JobManager()
          jobs.start({ command: 'sleep ${m}', shell })
          setTimeout(() => {
            const fs = require('fs'); const dirs = fs.readdirSync(${JSON.stringify(tmp)}).filter((n) => n.includes('-jobs-'))
            console.log(dirs.flatMap((d) => fs.readdirSync(${JSON.stringify(tmp)} + '/' + d)).length)
            process.exit(0)
          }, 500)
        })`
      const { stdout } = await run(process.execPath, ['-e', script], { env: { ...process.env, TMPDIR: tmp } })
      expect(stdout.trim()).toBe('1') // the job's state file, while it ran
      expect(readdirSync(tmp).filter((n) => n.includes('-jobs-'))).toEqual([]) // the host's directory for them
      expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
    } finally {
      rmSync(tmp, { recursive: true, force: true })
    }
  })

  test('a closed Shell is ERR_SESSION_CLOSED', async () => {
    const shell = new Shell()
    await shell.close()
    expect(thrown(() => manager().start({ command: 'true', shell }))).toMatchObject({ code: 'ERR_SESSION_CLOSED' })
  })
})

describe('JobManager: errors', () => {
  test('a shell that cannot start makes a failed job whose output says why', async () => {
    const jobs = manager()
    const exit = exitWatch()
    const id = jobs.start({ command: 'true', shell: '/no/such/bash' }, exit.onExit)
    expect(await exit.ended).toMatchObject({ id, status: 'failed' })
    expect(jobs.output(id).output).toMatch(/shell cannot be started \(got "\/no\/such\/bash"\)/)
  })

  test('unknown ids are ERR_JOB_NOT_FOUND for every method', async () => {
    const jobs = manager()
    expect(thrown(() => jobs.output('job-404'))).toMatchObject({ code: 'ERR_JOB_NOT_FOUND' })
    await expect(jobs.wait('job-404')).rejects.toMatchObject({ code: 'ERR_JOB_NOT_FOUND' })
    await expect(jobs.kill('job-404')).rejects.toMatchObject({ code: 'ERR_JOB_NOT_FOUND' })
    // Arguments of the wrong type or range are ERR_INVALID_ARG naming them.
    const id = jobs.start({ command: 'true' })
    expect(thrown(() => jobs.output(5 as never))).toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('id') })
    await expect(jobs.wait(id, -1)).rejects.toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('timeoutMs') })
    expect(thrown(() => jobs.start({ command: 'true' }, 'nope' as never))).toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('onExit') })
  })

  test('starting past maxJobs running jobs is ERR_TOO_MANY_JOBS; an ended job frees its place', async () => {
    const jobs = manager({ maxJobs: 2 })
    const a = jobs.start({ command: `exec sleep ${marker()}` })
    jobs.start({ command: `exec sleep ${marker()}` })
    expect(thrown(() => jobs.start({ command: 'true' }))).toMatchObject({ code: 'ERR_TOO_MANY_JOBS', message: expect.stringContaining('maxJobs') })
    await jobs.kill(a)
    expect(typeof jobs.start({ command: 'true' })).toBe('string')
  })

  test("executeShell's option errors apply as they are", () => {
    const jobs = manager()
    const cases: [object, string, string][] = [
      [{ command: '' }, 'ERR_INVALID_ARG', 'command'],
      [{ command: 'a\0b' }, 'ERR_INVALID_ARG', 'command'],
      [{ command: 'true', env: { 'BAD-KEY': 'x' } }, 'ERR_INVALID_ARG', 'env'],
      [{ command: 'true', timeoutMs: -5 }, 'ERR_INVALID_ARG', 'timeoutMs'],
      [{ command: 'true', cwd: '/no/such/dir' }, 'ERR_CWD_NOT_FOUND', '/no/such/dir'],
      [{ command: 'true', cwd: '/etc/hostname' }, 'ERR_CWD_NOT_DIR', '/etc/hostname'],
      [{ command: 'true', shell: 5 }, 'ERR_INVALID_ARG', 'shell'],
      [{ command: 'true', shell: 'zsh' }, 'ERR_INVALID_ARG', 'shell'],
      [{ command: 'true', signal: 'nope' }, 'ERR_INVALID_ARG', 'signal'],
    ]
    for (const [options, code, named] of cases) {
      expect(thrown(() => jobs.start(options as never))).toMatchObject({ code, message: expect.stringContaining(named) })
    }
    expect(jobs.list()).toEqual([])
    expect(thrown(() => new JobManager({ maxJobs: 0 }))).toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('maxJobs') })
    expect(thrown(() => new JobManager({ bufferBytes: 1.5 }))).toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('bufferBytes') })
  })
})

async function runText(shell: Shell, command: string): Promise<string> {
  let text = ''
  await shell.run({ command }, (_e, chunk) => (text += chunk))
  return text
}
