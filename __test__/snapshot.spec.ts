// captureShellSnapshot (docs/snapshot.md): the user's shell as their terminal has it, captured
// from fake HOMEs only (never the machine's own startup files), and what a session makes of it:
// sourced at the start, kept by a parked session and by a job started from the session's state.
// zsh runs where it is installed or its pinned package can be had; its tests say when they skip.
import { spawnSync, spawn } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { captureShellSnapshot, JobManager, Shell, type ShellSnapshotOptions } from '../index.js'
import { alive, eventually, processesWith, sleepMarker } from './helpers'
import { pinnedPath } from '../scripts/pinned-tools.mjs'

// The suite turns snapshots off for every other file (vitest.config.ts); this one captures.
delete process.env.AGENT_SHELL_SNAPSHOT

const FIXTURES = join(__dirname, 'fixtures', 'snapshot')
// The machine's zsh, else the one pinned in scripts/pinned-tools.mjs (Debian's zsh-static, fetched
// into target/pinned-tools).
const pinned = await pinnedPath(['zsh'])
const zsh = [...pinned.dirs.map((d) => join(d, 'zsh')), '/usr/bin/zsh', '/bin/zsh'].find((p) => existsSync(p))
if (!zsh) console.warn(`snapshot.spec.ts: the zsh tests are skipped: ${pinned.notes.join('; ')}`)

let root = ''
let shells: Shell[] = []
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'agent-shell-snapshot-'))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))
afterEach(async () => {
  await Promise.all(shells.map((s) => s.close()))
  shells = []
})

let homes = 0
/** A fake HOME with these startup files; its environment for a capture. */
function home(files: Record<string, string>): { dir: string; env: Record<string, string> } {
  const dir = join(root, `home ${++homes}`)
  mkdirSync(dir, { recursive: true })
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  return { dir, env: { HOME: dir, PATH: '/usr/local/bin:/usr/bin:/bin', PAGER: 'cat', LANG: 'C.UTF-8' } }
}

function capture(env: Record<string, string>, options: ShellSnapshotOptions = {}) {
  return captureShellSnapshot({ shell: 'bash', login: false, env, ...options })
}

function shell(options: Record<string, unknown>): Shell {
  const s = new Shell(options)
  shells.push(s)
  return s
}

async function out(s: Shell, command: string): Promise<string> {
  let text = ''
  await s.run({ command }, (e, c) => {
    if (!e) text += c
  })
  return text
}

describe.skipIf(process.platform === 'win32')('captureShellSnapshot', () => {
  it("a stock Debian ~/.bashrc behind its interactive guard: an alias, a function, globstar and a PATH addition", async () => {
    const stock = readFileSync(join(FIXTURES, 'debian.bashrc'), 'utf8')
    // The stock file sources bash-completion where the machine has it, and that brings the
    // machine's own drop-ins (git's prompt functions, from /etc/bash_completion.d): what they
    // add is measured apart, with the stock file's completion block alone.
    const block = stock.slice(stock.indexOf('if ! shopt -oq posix'), stock.indexOf('# The user'))
    expect(block).toContain('bash_completion')
    const system = await capture(home({ '.bashrc': block }).env)
    const systemNames = system.status === 'ok' ? system.names : []
    const h = home({ '.bashrc': stock })
    const info = await capture(h.env)
    expect(info).toMatchObject({ status: 'ok', shell: expect.stringMatching(/bash$/), cached: false })
    expect(info.names.sort()).toEqual(['l', 'la', 'll', 'mkcd', ...systemNames].sort())
    // env: PATH and dircolors' LS_COLORS (empty here: no TERM).
    const added = system.status === 'ok' ? system.counts : { aliases: 0, functions: 0, env: 0 }
    expect(info.counts).toMatchObject({ aliases: 3 + added.aliases, functions: 1 + added.functions, env: 2 + added.env })
    expect(info.dropped).toEqual(expect.arrayContaining([{ name: 'ls', kind: 'alias', reason: 'a core tool' }]))
    const path = info.path!
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(statSync(dirname(path)).mode & 0o777).toBe(0o700)
    expect(path.startsWith(h.dir)).toBe(false)

    const s = shell({ snapshotPath: path, sessionEnv: { PATH: '/usr/bin:/bin', HOME: h.dir } })
    expect(await out(s, `mkcd ${JSON.stringify(join(h.dir, 'made'))} && pwd; type -t ll; shopt -p globstar; echo "$PATH"`)).toBe(
      `${join(h.dir, 'made')}\nalias\nshopt -s globstar\n${h.dir}/.local/bin:/usr/bin:/bin\n`,
    )
    expect(await out(s, 'll -d / | cut -c1; echo "${LS_COLORS+set}"')).toBe('d\nset\n')
  })

  it.skipIf(!zsh)(`a zsh user's ~/.zshrc: aliases, functions, path=(...); zsh-only constructs dropped`, async () => {
    // What this zsh defines before any ~/.zshrc (zsh's own `run-help` alias, which Debian's
    // /etc/zsh/zshrc removes and a zsh built elsewhere keeps): the user's names come on top.
    const bare = await captureShellSnapshot({ shell: zsh, login: false, env: home({ '.zshrc': '' }).env })
    expect(bare.status).toBe('ok')
    const h = home({ '.zshrc': readFileSync(join(FIXTURES, 'user.zshrc'), 'utf8') })
    const info = await captureShellSnapshot({ shell: zsh, login: false, env: h.env })
    expect(info.status).toBe('ok')
    expect(info.names.filter((n) => !bare.names.includes(n)).sort()).toEqual(['greet', 'gs', 'll', 'mkcd'])
    const dropped = Object.fromEntries(info.dropped.map((d) => [d.name, d.kind]))
    expect(dropped).toMatchObject({ G: 'alias', txt: 'alias', lines: 'function', upper: 'function' })
    const s = shell({ snapshotPath: info.path, sessionEnv: { PATH: '/usr/bin:/bin' } })
    expect(await out(s, 'greet you; type -t gs; shopt -p dotglob globstar; echo "$PATH"')).toBe(
      `hello you\nalias\nshopt -s dotglob\nshopt -s globstar\n${h.dir}/bin:/usr/bin:/bin\n`,
    )
  })

  it("the caller's PAGER=cat and sessionEnv win; a secret-looking variable is neither in the file nor in the session", async () => {
    const h = home({
      '.bashrc': 'export PAGER=less\nexport FROM_SESSION=rc\nexport MY_SERVICE_TOKEN=s3cr3t-value\nexport KEPT=rc\n',
    })
    // The tool layer captures with its sessionEnv in the environment, as here.
    const info = await capture({ ...h.env, FROM_SESSION: 'session' })
    expect(info.status).toBe('ok')
    expect(info.dropped).toEqual(
      expect.arrayContaining([
        { name: 'PAGER', kind: 'env', reason: 'set by the caller' },
        { name: 'FROM_SESSION', kind: 'env', reason: 'set by the caller' },
        { name: 'MY_SERVICE_TOKEN', kind: 'env', reason: 'looks like a secret' },
      ]),
    )
    expect(readFileSync(info.path!, 'utf8')).not.toContain('s3cr3t')
    expect(JSON.stringify(info)).not.toContain('s3cr3t')
    const s = shell({ snapshotPath: info.path, sessionEnv: { FROM_SESSION: 'session' } })
    expect(await out(s, 'echo "$PAGER $FROM_SESSION ${MY_SERVICE_TOKEN-unset} $KEPT"')).toBe('cat session unset rc\n')
  })

  it("a Shell's sessionEnv wins over a snapshot captured without it (a name set empty too)", async () => {
    const h = home({ '.bashrc': 'export TOOL_HOME=/opt/rc\nexport BLANK=rc\nexport KEPT=rc\n' })
    const info = await capture(h.env)
    expect(info.status).toBe('ok')
    expect(readFileSync(info.path!, 'utf8')).toContain('TOOL_HOME')
    const s = shell({ snapshotPath: info.path, sessionEnv: { TOOL_HOME: '/opt/mine', BLANK: '' } })
    expect(await out(s, 'echo "$TOOL_HOME|$BLANK|$KEPT"')).toBe('/opt/mine||rc\n')
  })

  it('values with newlines, quotes, $, backslashes and a spaced PATH directory round-trip byte for byte', async () => {
    const value = 'one\ntwo \'single\' "double" $HOME `cmd` \\back\\ \t end'
    const h = home({})
    writeFileSync(join(h.dir, 'value'), value)
    writeFileSync(join(h.dir, '.bashrc'), 'export ODD="$(cat ~/value)"\nexport PATH="$HOME/my tools/bin:$PATH"\n')
    const info = await capture(h.env)
    expect(info.status).toBe('ok')
    const s = shell({ snapshotPath: info.path, sessionEnv: { PATH: '/usr/bin:/bin' } })
    expect(await out(s, 'printf "%s|" "$ODD" "$PATH"')).toBe(`${value}|${h.dir}/my tools/bin:/usr/bin:/bin|`)
  })

  it('startup files that print, read stdin, touch the terminal and start a background job: captured, and nothing of the capture is left running', async () => {
    const marker = sleepMarker()
    const h = home({
      '.bashrc': `echo printed; echo to stderr >&2\nread -r line\nstty -echo 2>/dev/null; printf '\\e[?1049h' >/dev/tty\nsleep ${marker} &\n(setsid sleep ${marker} &)\nalias after=true\n`,
    })
    const info = await capture(h.env)
    expect(info).toMatchObject({ status: 'ok', names: ['after'] })
    expect(processesWith(marker)).toEqual([])
  })

  it('a startup file that sleeps past the timeout: status timeout, everything it started killed', async () => {
    const marker = sleepMarker()
    const h = home({ '.bashrc': `sleep ${marker}\n` })
    const started = Date.now()
    const info = await capture(h.env, { timeoutMs: 500 })
    expect(info).toMatchObject({ status: 'timeout', counts: { aliases: 0, functions: 0, options: 0, env: 0 } })
    expect(info.path).toBeUndefined()
    expect(info.reason).toMatch(/did not finish within 500 ms/)
    expect(Date.now() - started).toBeLessThan(3000)
    expect(processesWith(marker)).toEqual([])
  })

  it('signal: the caller gives up with an AbortError; the last one to give up stops the capture, everything it started ended first, and a later call captures anew', async () => {
    const marker = sleepMarker()
    const h = home({ '.bashrc': `[ -e "$HOME/fast" ] || sleep ${marker}\nalias ll='ls -l'\n` })
    const stop = new AbortController()
    const started = Date.now()
    const first = capture(h.env, { timeoutMs: 60000, signal: stop.signal })
    const other = new AbortController()
    const second = capture(h.env, { timeoutMs: 60000, signal: other.signal })
    expect(await eventually(() => processesWith(marker).length > 0)).toBe(true)
    stop.abort()
    await expect(first).rejects.toMatchObject({ name: 'AbortError', code: 'ABORT_ERR' })
    // Another caller still waits: the capture runs on.
    expect(processesWith(marker)).not.toEqual([])
    other.abort()
    await expect(second).rejects.toMatchObject({ name: 'AbortError', code: 'ABORT_ERR' })
    expect(processesWith(marker)).toEqual([])
    expect(Date.now() - started).toBeLessThan(10000)
    writeFileSync(join(h.dir, 'fast'), '')
    expect(await capture(h.env)).toMatchObject({ status: 'ok', cached: false, names: ['ll'] })
    const aborted = AbortSignal.abort()
    await expect(capture(h.env, { signal: aborted })).rejects.toMatchObject({ name: 'AbortError' })
    await expect(capture(h.env, { signal: 'no' as unknown as AbortSignal })).rejects.toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('signal') })
  })

  it('a startup file that execs another program: status failed, and the failure is remembered', async () => {
    const h = home({ '.bashrc': 'exec cat\n' })
    const info = await capture(h.env)
    expect(info).toMatchObject({ status: 'failed', cached: false })
    expect(info.reason).toMatch(/exec/)
    expect(await capture(h.env)).toMatchObject({ status: 'failed', cached: true })
    expect(await capture(h.env, { refresh: true })).toMatchObject({ status: 'failed', cached: false })
  })

  it('an opt-out by AGENT_SHELL_SNAPSHOT, an unsupported shell, and malformed options', async () => {
    const h = home({ '.bashrc': '[ "$AGENT_SHELL_SNAPSHOT" = 1 ] && return\nalias never=true\n' })
    expect(await capture(h.env)).toMatchObject({ status: 'ok', names: [] })
    expect(await capture({ ...h.env, AGENT_SHELL_SNAPSHOT: '0' })).toMatchObject({ status: 'disabled' })
    expect(await captureShellSnapshot({ shell: 'fish', env: h.env })).toMatchObject({ status: 'unsupported', shell: 'fish' })
    await expect(captureShellSnapshot({ timeoutMs: -1 })).rejects.toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('timeoutMs') })
    await expect(captureShellSnapshot({ shell: 5 as unknown as string })).rejects.toMatchObject({ code: 'ERR_INVALID_ARG' })
  })
})

describe.skipIf(process.platform !== 'linux')('a snapshot with an extglob function, in every restore', () => {
  const rc = "shopt -s extglob\nab() { case $1 in @(a|b)) echo ab;; *) echo other;; esac; }\nalias ll2='echo LL'\nshopt -s globstar\n"

  it('a parked session comes back with it (and parks, with a snapshot)', async () => {
    const info = await capture(home({ '.bashrc': rc }).env)
    expect(info.status).toBe('ok')
    const s = shell({ snapshotPath: info.path, idleParkMs: 150 })
    const pid = Number(await out(s, 'echo $$'))
    expect(await eventually(() => !alive(pid), 5000), 'the idle shell parked').toBe(true)
    expect(await out(s, 'ab a; ab c; ll2; shopt -p extglob globstar expand_aliases')).toBe(
      'ab\nother\nLL\nshopt -s extglob\nshopt -s globstar\nshopt -s expand_aliases\n',
    )
  })

  it("a job started from the session's state (a confined call's path) has it", async () => {
    const info = await capture(home({ '.bashrc': rc }).env)
    const s = shell({ snapshotPath: info.path })
    await out(s, 'true')
    const jobs = new JobManager()
    try {
      const id = jobs.start({ command: 'ab b; ll2; shopt -p extglob', shell: s })
      expect((await jobs.wait(id, 10_000)).output).toBe('ab\nLL\nshopt -s extglob\n')
    } finally {
      await jobs.close()
    }
  })
})

describe.skipIf(process.platform !== 'linux')('the snapshot directory', () => {
  // The keepers of process `pid`: the /bin/sh whose descriptor 3 is a pipe `pid` holds (Linux's /proc).
  const keepersOf = (pid: number): number[] => {
    const link = (p: string) => {
      try {
        return readlinkSync(p)
      } catch {
        return ''
      }
    }
    const pipes = new Set(readdirSync(`/proc/${pid}/fd`).map((fd) => link(`/proc/${pid}/fd/${fd}`)).filter((l) => l.startsWith('pipe:')))
    return readdirSync('/proc')
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .filter((p) => {
        try {
          return readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('IFS= read -r p') && pipes.has(link(`/proc/${p}/fd/3`))
        } catch {
          return false
        }
      })
  }

  const script = (env: Record<string, string>, then: string) =>
    `const { captureShellSnapshot } = require(${JSON.stringify(join(__dirname, '..', 'index.js'))});` +
    `captureShellSnapshot({ shell: 'bash', login: false, env: ${JSON.stringify(env)} }).then((i) => { console.log(i.path); ${then} })`

  it('is removed when the process exits (process.exit included)', () => {
    const h = home({ '.bashrc': 'alias x=true\n' })
    for (const then of ['', 'process.exit(3)']) {
      const child = spawnSync(process.execPath, ['-e', script(h.env, then)], { encoding: 'utf8', env: { ...process.env, AGENT_SHELL_SNAPSHOT: '' } })
      const path = child.stdout.trim()
      expect(path).toMatch(/agent-shell-snapshot-\d+-/)
      expect(existsSync(dirname(path))).toBe(false)
    }
  })

  // A process ended by a signal runs no exit code: its keeper (one orphaned /bin/sh per process,
  // holding a pipe only the process writes) removes the directory when that pipe closes.
  it('is removed when a signal ends the process', async () => {
    const h = home({ '.bashrc': 'alias x=true\n' })
    const env = { ...process.env, AGENT_SHELL_SNAPSHOT: '' }
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const child = spawn(process.execPath, ['-e', script(h.env, 'setInterval(() => {}, 1000)')], { env })
      try {
        const path = await new Promise<string>((resolve) => child.stdout.on('data', (d) => resolve(String(d).trim())))
        expect(existsSync(path)).toBe(true)
        expect(keepersOf(child.pid!)).toHaveLength(1)
        child.kill(signal)
        await new Promise((r) => child.on('exit', r))
        expect(await eventually(() => !existsSync(dirname(path)))).toBe(true)
      } finally {
        child.kill('SIGKILL')
      }
    }
  })

  it("one left by a killed process (its keeper killed too) is removed by the next process's first capture", async () => {
    const h = home({ '.bashrc': 'alias x=true\n' })
    const env = { ...process.env, AGENT_SHELL_SNAPSHOT: '' }
    const child = spawn(process.execPath, ['-e', script(h.env, 'setInterval(() => {}, 1000)')], { env })
    // Killed first thing after its path is read: nothing in between can fail and leave it running.
    const path = await new Promise<string>((resolve) => child.stdout.on('data', (d) => resolve(String(d).trim()))).finally(() => {
      for (const keeper of keepersOf(child.pid!)) process.kill(keeper, 'SIGKILL')
      child.kill('SIGKILL')
    })
    await new Promise((r) => child.on('exit', r))
    expect(existsSync(path)).toBe(true)
    const next = spawnSync(process.execPath, ['-e', script(h.env, '')], { encoding: 'utf8', env })
    expect(next.stdout).toMatch(/agent-shell-snapshot-/)
    expect(existsSync(dirname(path))).toBe(false)
  })
})
