// The output minimizer (docs/api.md §2a) seen from JS: a single simple command is minimized, a pipe, a
// list or a compound command never is, options turn it off, and the tool layer shows the compact
// text with the original as an artifact. The fact checks over the whole recorded corpus of real
// outputs run through bench/minimizer.mjs (it exits 1 when a filter drops a fact).
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

import { executeShell, JobManager, minimizeOutput, Shell } from '../index.js'
import { createBashTools } from '../ts/index'

const fixture = JSON.parse(readFileSync(join(__dirname, '../bench/fixtures/minimizer/git-log.json'), 'utf8'))
const dir = mkdtempSync(join(tmpdir(), 'agent-shell-minimizer-'))
mkdirSync(join(dir, 'bin'))
writeFileSync(join(dir, 'out.txt'), fixture.output)
writeFileSync(join(dir, 'bin', 'git'), `#!/bin/bash\n/bin/cat '${join(dir, 'out.txt')}'\n`)
chmodSync(join(dir, 'bin', 'git'), 0o755)
const env = { PATH: `${join(dir, 'bin')}:${process.env.PATH}` }
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('minimizer', () => {
  it('minimizes a single simple command and keeps the original', async () => {
    const chunks: string[] = []
    const r = await executeShell({ command: 'git log', cwd: dir, env, minimizer: { enabled: true } }, (_e, c) => chunks.push(c))
    expect(chunks.join('')).toBe(fixture.output)
    expect(r.minimized).toMatchObject({ filter: 'git-log', originalText: fixture.output, inputBytes: Buffer.byteLength(fixture.output) })
    expect(r.minimized!.outputBytes).toBe(Buffer.byteLength(r.minimized!.text))
    expect(r.minimized!.text.length).toBeLessThan(fixture.output.length * 0.9)
    expect(r.minimized!.text).toContain('Ada Lovelace')
  })

  it('minimizeOutput: the same answer for output gathered elsewhere, the original handed back as it was given', () => {
    const r = minimizeOutput('git log', fixture.output, { enabled: true })
    expect(r).toMatchObject({ filter: 'git-log', originalText: fixture.output, inputBytes: Buffer.byteLength(fixture.output) })
    expect(r!.outputBytes).toBe(Buffer.byteLength(r!.text))
    // Text beyond ASCII (each byte counted as UTF-8, the original unchanged to the character).
    const wide = fixture.output.replace(/Ada Lovelace/g, 'Ada Lövelace 😀')
    const w = minimizeOutput('git log', wide, { enabled: true })
    expect(w!.originalText).toBe(wide)
    expect(w!.inputBytes).toBe(Buffer.byteLength(wide))
    expect(w!.text).toContain('Ada Lövelace 😀')
    expect(minimizeOutput('git log', fixture.output)).toBeNull()
    expect(minimizeOutput('git log | head', fixture.output, { enabled: true })).toBeNull()
    expect(() => minimizeOutput('git log', 42 as unknown as string, { enabled: true })).toThrow(/output/)
  })

  it('minimizes a job whose whole output one read holds, and no piece of one', async () => {
    const jobs = new JobManager()
    try {
      const whole = jobs.start({ command: 'git log', cwd: dir, env, minimizer: { enabled: true } })
      const r = await jobs.wait(whole)
      expect(r.output).toBe(fixture.output)
      expect(r.minimized).toMatchObject({ filter: 'git-log', originalText: fixture.output })
      // Read again: nothing left, nothing minimized.
      expect(jobs.output(whole).minimized).toBeUndefined()
      // A filtered read is not the whole output.
      const filtered = jobs.start({ command: 'git log', cwd: dir, env, minimizer: { enabled: true } })
      while (jobs.list().find((j) => j.id === filtered)!.status === 'running') await new Promise((r) => setTimeout(r, 20))
      expect(jobs.output(filtered, { filter: 'Author' }).minimized).toBeUndefined()
      // A job read in pieces: once a read returned output, the rest is a piece.
      const pieces = jobs.start({ command: 'echo first; sleep 0.3; git log', cwd: dir, env, minimizer: { enabled: true } })
      let first = ''
      while (!first) {
        first = jobs.output(pieces).output
        if (!first) await new Promise((r) => setTimeout(r, 20))
      }
      expect((await jobs.wait(pieces)).minimized).toBeUndefined()
      // Without the option, never.
      const off = jobs.start({ command: 'git log', cwd: dir, env })
      expect((await jobs.wait(off)).minimized).toBeUndefined()
    } finally {
      await jobs.close()
    }
  })

  it('never changes a pipe, a list or a compound command', async () => {
    for (const command of ['git log | cat', 'cd . && git log', 'git log; true', '{ git log; }', '(git log)', 'if true; then git log; fi', 'git log > /dev/stdout', 'x=$(true) git log | cat']) {
      const r = await executeShell({ command, cwd: dir, env, minimizer: { enabled: true } })
      expect(r.minimized, command).toBeUndefined()
    }
  })

  it('is off unless enabled, and honours only, except and maxCaptureBytes', async () => {
    const run = (minimizer?: object) => executeShell({ command: 'git log', cwd: dir, env, ...(minimizer && { minimizer }) })
    expect((await run()).minimized).toBeUndefined()
    expect((await run({ enabled: false })).minimized).toBeUndefined()
    expect((await run({ enabled: true, except: ['git'] })).minimized).toBeUndefined()
    expect((await run({ enabled: true, only: ['cargo'] })).minimized).toBeUndefined()
    expect((await run({ enabled: true, only: ['git'] })).minimized).toBeDefined()
    expect((await run({ enabled: true, maxCaptureBytes: 100 })).minimized).toBeUndefined()
  })

  it('takes a settings file only when its hash matches', async () => {
    const settings = join(dir, 'minimizer.toml')
    writeFileSync(settings, 'except = ["git"]\n')
    const run = (settingsHash?: string) => executeShell({ command: 'git log', cwd: dir, env, minimizer: { enabled: true, settingsPath: settings, ...(settingsHash && { settingsHash }) } })
    expect((await run()).minimized).toBeUndefined()
    expect((await run('0123456789abcdef')).minimized).toBeDefined()
  })

  it('rejects a bad option naming it', async () => {
    await expect(executeShell({ command: 'true', minimizer: { enabled: true, maxCaptureBytes: -1 } })).rejects.toMatchObject({ code: 'ERR_INVALID_ARG' })
    await expect(executeShell({ command: 'true', minimizer: { enabled: true, sourceOutlineLevel: 'max' } })).rejects.toMatchObject({ code: 'ERR_INVALID_ARG' })
  })

  it('uses the session option on Shell.run, and a run option over it', async () => {
    const sh = new Shell({ minimizer: { enabled: true }, sessionEnv: env })
    try {
      expect((await sh.run({ command: 'git log', cwd: dir })).minimized?.filter).toBe('git-log')
      expect((await sh.run({ command: 'git log', minimizer: { enabled: false } })).minimized).toBeUndefined()
    } finally {
      await sh.close()
    }
  })

  it('tool layer: minimized text, the original as an artifact, details.minimized', async () => {
    const tools = createBashTools({ cwd: dir, env })
    try {
      const r = await tools.bash.execute({ command: 'git log' })
      const text = r.content[0].text
      const m = /\[raw output: artifact:\/\/(\S+)\]$/.exec(text)
      expect(m).not.toBeNull()
      expect(readFileSync(tools.resolveArtifact(`artifact://${m![1]}`)!, 'utf8')).toBe(fixture.output)
      expect(r.details.minimized).toMatchObject({ filter: 'git-log', inputBytes: Buffer.byteLength(fixture.output) })
      // A read-only call runs confined (a job started from the session's state) and is minimized all the same.
      expect(r.details.confined).toBe(true)
      const approved = await tools.bash.execute({ command: 'git log' }, { approved: true })
      expect(approved.details.confined).toBeUndefined()
      expect(approved.details.minimized).toMatchObject({ filter: 'git-log' })
      const piped = await tools.bash.execute({ command: 'git log | cat' })
      expect(piped.details.minimized).toBeUndefined()
      const off = createBashTools({ cwd: dir, env, minimizer: { enabled: false } })
      expect((await off.bash.execute({ command: 'git log' })).details.minimized).toBeUndefined()
      await off.close()
    } finally {
      await tools.close()
    }
  })

  it('meets the bar on every recorded real output: every fact kept, no more tokens than the anchor (plus its dropped facts), no pipe or compound command changed', () => {
    const r = spawnSync(process.execPath, [join(__dirname, '../bench/minimizer.mjs'), '--strict'], { encoding: 'utf8' })
    expect(r.stdout.match(/agent-shell lost in .*/g) ?? []).toEqual([])
    expect(r.status, r.stdout + r.stderr).toBe(0)
  }, 120_000)
})
