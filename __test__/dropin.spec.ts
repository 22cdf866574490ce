// What a user of the anchor (@oh-my-pi/pi-natives) relies on beyond the Process class
// (process.spec.ts): results shaped as the anchor's, error messages that name the option.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { executeShell, makeTempDir, PtySession, Shell } from '../index.js'
import { eventually } from './helpers'

const addon = join(import.meta.dirname, '..', 'index.js')

describe('drop-in details', () => {
  it('executeShell gives workingDir after `exit N` too', async () => {
    expect(await executeShell({ command: 'exit 3', cwd: '/tmp' })).toMatchObject({ exitCode: 3, workingDir: '/tmp' })
    const sh = new Shell()
    try {
      await sh.run({ command: 'cd /' })
      expect(await sh.run({ command: 'exit 4' })).toMatchObject({ exitCode: 4, workingDir: '/' })
    } finally {
      await sh.close()
    }
  })
})

// `npm install` rewrites package-lock.json when its root entry says other than package.json (the
// `bin` entry was once missing from it). Checked by hand as well: `npm install` in a fresh clone
// leaves `git status` clean.
describe('package-lock.json', () => {
  it("its root entry is package.json's, so that npm install in a clone does not rewrite it", async () => {
    const { readFileSync } = await import('node:fs')
    const root = join(import.meta.dirname, '..')
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
    const entry = lock.packages['']
    expect(lock).toMatchObject({ name: pkg.name, version: pkg.version })
    for (const key of ['name', 'version', 'license', 'bin', 'engines', 'dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'peerDependenciesMeta']) {
      expect(entry[key], key).toEqual(pkg[key])
    }
  })
})

describe('a program that cannot start names the option that gave it', () => {
  const big = 'x'.repeat(10 * 1024 * 1024)
  it('a missing shell or application', async () => {
    await expect(executeShell({ command: 'true', shell: '/nope' })).rejects.toMatchObject({
      code: 'ERR_SPAWN_FAILED',
      message: 'shell cannot be started (got "/nope"): No such file or directory (os error 2)',
    })
    await expect(new PtySession().startArgv({ application: '/nope', args: [] })).rejects.toMatchObject({
      code: 'ERR_SPAWN_FAILED',
      message: 'application cannot be started (got "/nope"): No such file or directory (os error 2)',
    })
  })

  it('an environment or arguments too large for the OS (E2BIG)', async () => {
    const tooLarge = (fields: string) => ({ code: 'ERR_SPAWN_FAILED', message: expect.stringMatching(new RegExp(`^${fields} too large: .*Argument list too long`)) })
    await expect(executeShell({ command: 'true', env: { BIG: big } })).rejects.toMatchObject(tooLarge('sessionEnv or env'))
    const sh = new Shell({ sessionEnv: { BIG: big } })
    await expect(sh.run({ command: 'true' })).rejects.toMatchObject(tooLarge('sessionEnv or env'))
    await sh.close()
    await expect(new PtySession().startArgv({ application: '/bin/true', args: [big] })).rejects.toMatchObject(tooLarge('env or args'))
  })
})

describe("a shell's scratch directory", () => {
  // With no TMPDIR named, a plain shell's script and FIFOs go to a memory filesystem: the user's
  // runtime directory when there is one (else /dev/shm). Its script keeps only its last chunks.
  it('is in the runtime directory, holds little of a long session, and is gone with a killed host', async () => {
    const runtime = mkdtempSync(join(tmpdir(), 'agent-shell-runtime-'))
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: runtime }
      delete env.TMPDIR
      const script = `const a = require(${JSON.stringify(addon)}); const fs = require('node:fs'); const path = require('node:path')
        const s = new a.Shell()
        ;(async () => {
          const big = 'x'.repeat(1000)
          for (let i = 0; i < 400; i++) await s.run({ command: ': ' + big })
          const r = await s.run({ command: 'echo $LINENO' }, () => {})
          const dirs = fs.readdirSync(${JSON.stringify(runtime)})
          const scripts = dirs.map((d) => fs.statSync(path.join(${JSON.stringify(runtime)}, d, 'bash'))).map((st) => ({ size: st.size, allocated: st.blocks * 512 }))
          console.log(JSON.stringify({ dirs: dirs.length, scripts, exitCode: r.exitCode }))
          setInterval(() => {}, 1000)
        })()`
      const host = spawn(process.execPath, ['-e', script], { env, stdio: ['ignore', 'pipe', 'inherit'] })
      const line = await new Promise<string>((r) => host.stdout.once('data', (d) => r(String(d))))
      const got = JSON.parse(line)
      expect(got.exitCode).toBe(0)
      expect(got.dirs).toBeGreaterThan(0)
      // The session's script: over 400 KB written, a few pages kept (64 KiB between two frees).
      const long = got.scripts.reduce((a: { size: number }, b: { size: number }) => (b.size > a.size ? b : a))
      expect(long.size).toBeGreaterThan(400_000)
      expect(long.allocated).toBeLessThan(160 * 1024)
      host.kill('SIGKILL')
      expect(await eventually(() => readdirSync(runtime).length === 0)).toBe(true)
    } finally {
      rmSync(runtime, { recursive: true, force: true })
    }
  })

  // A runtime directory where no directory can be made (/proc: writable for root by its mode, and
  // refusing every mkdir): each start fails there and is made again in the temp directory. As
  // another user /proc is not writable, and the start goes to /dev/shm or the temp directory.
  it('falls back to the temp directory when a start fails in the runtime directory', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, XDG_RUNTIME_DIR: '/proc' }
    delete env.TMPDIR
    const script = `const a = require(${JSON.stringify(addon)})
      ;(async () => {
        let out = ''
        const r = await a.executeShell({ command: 'echo one' }, (e, c) => (out += c))
        const s = new a.Shell()
        await s.run({ command: 'echo two' }, (e, c) => (out += c))
        await s.close()
        console.log(JSON.stringify({ out, exitCode: r.exitCode }))
        process.exit(0)
      })()`
    const host = spawn(process.execPath, ['-e', script], { env, stdio: ['ignore', 'pipe', 'inherit'] })
    const line = await new Promise<string>((r) => host.stdout.once('data', (d) => r(String(d))))
    expect(JSON.parse(line)).toEqual({ out: 'one\ntwo\n', exitCode: 0 })
  })
})

describe('nothing of ours stays in the temp dir', () => {
  // Every host started here, killed after each test: one a failed assertion left running must
  // not outlive the suite.
  const started: ChildProcess[] = []
  afterEach(() => {
    for (const child of started.splice(0)) child.kill('SIGKILL')
  })
  const host = (tmp: string, script: string, env: NodeJS.ProcessEnv = process.env) => {
    const child = spawn(process.execPath, ['-e', script], { env: { ...env, TMPDIR: tmp }, stdio: ['ignore', 'pipe', 'inherit'] })
    started.push(child)
    return child
  }

  it('after a host killed with SIGKILL, a terminated worker, and a shell value with a NUL byte', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'agent-shell-hygiene-'))
    try {
      const killed = host(tmp, `const a = require(${JSON.stringify(addon)}); const s = new a.Shell(); s.run({ command: 'echo ready' }).then(() => console.log('ready')); setInterval(() => {}, 1000)`)
      await new Promise((r) => killed.stdout.once('data', r))
      expect(readdirSync(tmp).length).toBeGreaterThan(0) // the session's script and FIFO live there
      killed.kill('SIGKILL')
      expect(await eventually(() => readdirSync(tmp).length === 0)).toBe(true)

      const worker = host(
        tmp,
        `const { Worker } = require('node:worker_threads')
        const w = new Worker(\`const a = require(${JSON.stringify(addon)}); const s = new a.Shell(); s.run({ command: 'true' }).then(() => require('node:worker_threads').parentPort.postMessage(1))\`, { eval: true })
        w.on('message', async () => { await w.terminate(); console.log('done') })`,
      )
      await new Promise((r) => worker.stdout.once('data', r))
      expect(await eventually(() => readdirSync(tmp).length === 0)).toBe(true)
      worker.kill('SIGKILL')

      const nul = host(tmp, `const a = require(${JSON.stringify(addon)}); a.executeShell({ command: 'true', shell: 'ba\\0sh' }).catch((e) => console.log(e.code))`)
      const code = await new Promise<string>((r) => nul.stdout.once('data', (d) => r(String(d).trim())))
      expect(code).toBe('ERR_INVALID_ARG')
      expect(readdirSync(tmp)).toEqual([])

      // A host that exits as soon as its last executeShell resolved (the CLI does). The run's own
      // shell is gone with the promise; the shells started ahead of need for the next call go with
      // the host (process.exit() runs no native teardown: their supervisors remove them).
      for (let i = 0; i < 5; i++) {
        const quick = host(tmp, `require(${JSON.stringify(addon)}).executeShell({ command: 'true' }).then(() => process.exit(0))`)
        await new Promise((r) => quick.once('exit', r))
      }
      expect(await eventually(() => readdirSync(tmp).length === 0)).toBe(true)

      // Hosts killed at random moments while they run commands back to back, shells being started
      // for the pool all the while: none leaves a directory.
      for (let i = 0; i < 10; i++) {
        const busy = host(tmp, `const a = require(${JSON.stringify(addon)}); console.log('up'); (async () => { for (;;) await a.executeShell({ command: 'true' }) })()`)
        await new Promise((r) => busy.stdout.once('data', r))
        await new Promise((r) => setTimeout(r, 20 + Math.random() * 200))
        busy.kill('SIGKILL')
        await new Promise((r) => busy.once('exit', r))
      }
      expect(await eventually(() => readdirSync(tmp).length === 0)).toBe(true)
    } finally {
      rmSync(tmp, { recursive: true, force: true })
    }
  })

  it("makeTempDir's directory and a tool set's artifacts, after a host ended by SIGTERM or SIGKILL", async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'agent-shell-hygiene-'))
    const tools = join(import.meta.dirname, '..', 'dist', 'index.js')
    try {
      for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
        const killed = host(
          tmp,
          `const a = require(${JSON.stringify(addon)}); const fs = require('node:fs')
          const { createBashTools } = require(${JSON.stringify(tools)})
          const own = a.makeTempDir('mine-'); fs.mkdirSync(own + '/sub'); fs.writeFileSync(own + '/sub/f', 'x')
          const t = createBashTools({ cwd: ${JSON.stringify(tmp)}, enforceReadOnly: false, snapshot: false })
          t.bash.execute({ command: 'seq 1 100000' }).then(() => {
            console.log(JSON.stringify(fs.readdirSync(${JSON.stringify(tmp)})))
            setInterval(() => {}, 1000)
          })`,
        )
        const names: string[] = JSON.parse(await new Promise<string>((r) => killed.stdout.once('data', (d) => r(String(d)))))
        expect(names.some((n) => n.startsWith('mine-'))).toBe(true)
        expect(names.some((n) => n.startsWith('agent-shell-artifacts-'))).toBe(true)
        killed.kill(signal)
        await new Promise((r) => killed.once('exit', r))
        expect(await eventually(() => readdirSync(tmp).length === 0)).toBe(true)
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true })
    }
  })

  it('makeTempDir makes a private directory and names a bad prefix', () => {
    const dir = makeTempDir('agent-shell-test-')
    try {
      expect(dir.startsWith(join(tmpdir(), 'agent-shell-test-'))).toBe(true)
      expect(statSync(dir).mode & 0o777).toBe(0o700)
      expect(makeTempDir()).toMatch(/agent-shell-/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    for (const bad of ['a/b', 'a\0b', 'x'.repeat(65), 3]) {
      let error: unknown
      try {
        makeTempDir(bad as string)
      } catch (e) {
        error = e
      }
      expect(error).toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringMatching(/^prefix must /) })
    }
  })

  // What outlives every session (the host's snapshot directory, the jobs' state files) has no
  // shell's supervisor to remove it: an exit hook does when the host exits, the host's keeper when
  // a signal ends it (a test runner's SIGTERM to its worker, a SIGKILL).
  it('after a host with a snapshot and a job started from its session is ended by SIGTERM or SIGKILL', async () => {
    const tmp = mkdtempSync(join(tmpdir(), 'agent-shell-hygiene-'))
    const home = mkdtempSync(join(tmpdir(), 'agent-shell-hygiene-home-'))
    writeFileSync(join(home, '.bashrc'), 'alias ll="ls -l"\nexport FROM_RC=1\n')
    // The suite turns snapshots off (vitest.config.ts); this host takes one.
    const env = { ...process.env }
    delete env.AGENT_SHELL_SNAPSHOT
    try {
      for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
        const killed = host(
          tmp,
          `const a = require(${JSON.stringify(addon)}); const fs = require('node:fs')
          ;(async () => {
            const snap = await a.captureShellSnapshot({ shell: 'bash', env: { HOME: ${JSON.stringify(home)}, PATH: process.env.PATH } })
            const s = new a.Shell()
            await s.run({ command: 'SECRET=1' })
            const m = new a.JobManager()
            m.start({ command: 'sleep 30', shell: s })
            for (let i = 0; i < 500; i++) {
              const names = fs.readdirSync(${JSON.stringify(tmp)})
              const jobs = names.find((n) => n.includes('-jobs-'))
              if (jobs && fs.readdirSync(${JSON.stringify(tmp)} + '/' + jobs).length > 0) {
                console.log(JSON.stringify({ snapshot: snap.status, names })); break
              }
              await new Promise((r) => setTimeout(r, 10))
            }
            setInterval(() => {}, 1000)
          })()`,
          env,
        )
        const got = JSON.parse(await new Promise<string>((r) => killed.stdout.once('data', (d) => r(String(d)))))
        expect(got.snapshot).toBe('ok')
        expect(got.names.some((n: string) => n.startsWith('agent-shell-snapshot-'))).toBe(true)
        expect(got.names.some((n: string) => n.includes('-jobs-'))).toBe(true)
        killed.kill(signal)
        await new Promise((r) => killed.once('exit', r))
        expect(await eventually(() => readdirSync(tmp).length === 0)).toBe(true)
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true })
      rmSync(home, { recursive: true, force: true })
    }
  })
})
