// A read-only verdict is enforced (docs/api.md §10, issue 31 §1): a `bash` call whose checkPermissions
// says `allow` runs confined to reading. The adversarial set below writes, connects and signals in
// sneaky ways; each goes through the tool layer when the classifier lets it through (that is the
// hole enforcement closes), and through the tool set's confined path directly when the classifier
// already asks for it, so that the confinement is shown to hold whatever the classifier says.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBashTools, type BashToolSet, type BashToolsOptions, type ToolContext, type ToolResult } from '../ts/index'
import { RUN_CONFINED } from '../ts/tools'

let dir = ''
let outside = ''
let sets: BashToolSet[] = []

function tools(options: BashToolsOptions = {}): BashToolSet {
  const set = createBashTools({ cwd: dir, env: { HOME: dir }, ...options })
  sets.push(set)
  return set
}
const text = (r: ToolResult) => r.content.map((c) => c.text).join('')
const confinedRun = (t: BashToolSet, input: unknown, context: ToolContext = {}): Promise<ToolResult> =>
  (t as unknown as Record<symbol, (i: unknown, c?: ToolContext) => Promise<ToolResult>>)[RUN_CONFINED]!(input, context)

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-shell-enforce-'))
  outside = join(dir, 'outside')
  mkdirSync(outside)
  writeFileSync(join(outside, 'keep'), 'keep\n')
})
afterEach(async () => {
  await Promise.all(sets.map((s) => s.close()))
  sets = []
  rmSync(dir, { recursive: true, force: true })
})

describe('a read-only call runs confined and still works', () => {
  it('sees the session: variables, functions, aliases, options, directory', async () => {
    mkdirSync(join(dir, 'sub'))
    const t = tools()
    await t.bash.execute({ command: 'export V=exported; W=plain; f() { echo "fn $1"; }; shopt -s expand_aliases; alias al="echo aliased"; set -o pipefail; cd sub' }, { approved: true })
    const input = { command: 'echo "$V $W"; pwd; type -t f; alias al; shopt -o pipefail | tr -s " \\t" " "' }
    expect(t.bash.checkPermissions!(input).behavior).toBe('allow')
    const r = await t.bash.execute(input)
    expect(r).toMatchObject({ isError: false, details: { confined: true, exitCode: 0 } })
    expect(text(r)).toBe(`exported plain\n${join(dir, 'sub')}\nfunction\nalias al='echo aliased'\npipefail on`)
  })

  it('git status in a repository: allowed and confined with git\'s optional locks off; asked where nothing confines it', async () => {
    const git = (...args: string[]) => expect(spawnSync('git', ['-C', dir, ...args], { env: { ...process.env, HOME: dir } }).status).toBe(0)
    git('init', '-q')
    writeFileSync(join(dir, 'a.txt'), 'a\n')
    git('add', 'a.txt')
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', 'a')
    const t = tools()
    // Confined, git status runs with GIT_OPTIONAL_LOCKS=0: classified so, it is read-only.
    expect(t.bash.checkPermissions!({ command: 'git status --short' })).toMatchObject({ behavior: 'allow' })
    const r = await t.bash.execute({ command: 'git status --short; echo "locks=$GIT_OPTIONAL_LOCKS"' })
    expect(r).toMatchObject({ isError: false, details: { confined: true, exitCode: 0 } })
    expect(text(r)).toBe('?? outside/\nlocks=0')
    expect(existsSync(join(dir, '.git', 'index.lock'))).toBe(false)
    // The call's own env wins, and then the lock is taken: asked.
    expect(t.bash.checkPermissions!({ command: 'git status', env: { GIT_OPTIONAL_LOCKS: '1' } })).toMatchObject({
      behavior: 'ask',
      reasons: [expect.stringContaining('GIT_OPTIONAL_LOCKS=0 keeps it from writing')],
    })
    // Without enforcement the call runs as it is: git takes .git/index.lock (and, this index being
    // racily clean, rewrites it), so it is asked.
    const open = tools({ enforceReadOnly: false })
    expect(open.bash.checkPermissions!({ command: 'git status' })).toMatchObject({
      behavior: 'ask',
      reasons: [expect.stringContaining('GIT_OPTIONAL_LOCKS=0 keeps it from writing')],
    })
    expect(open.bash.checkPermissions!({ command: 'git --no-optional-locks status' })).toMatchObject({ behavior: 'allow' })
  })

  it('confined calls in a row see the session as it is: a session run between, a trap fired while idle', async () => {
    const t = tools()
    const read = async () => {
      const r = await t.bash.execute({ command: 'echo "${X-unset} ${Y-unset}"' })
      expect(r.details.confined).toBe(true)
      return text(r)
    }
    await t.bash.execute({ command: 'X=1' }, { approved: true })
    expect(await read()).toBe('1 unset')
    expect(await read()).toBe('1 unset')
    await t.bash.execute({ command: 'X=2' }, { approved: true })
    expect(await read()).toBe('2 unset')
    // A few milliseconds after each session run its state is read ahead (a run aside, while the
    // agent thinks; the pause leaves it the time): the session's next run still reads `$?` and
    // `$_` as its last run left them, and a confined call sees the state as that run left it.
    await t.bash.execute({ command: 'X=3; false last' }, { approved: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(text(await t.bash.execute({ command: 'echo "$? $_ $X"' }, { approved: true }))).toBe('1 last 3')
    await t.bash.execute({ command: 'X=2' }, { approved: true })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(await read()).toBe('2 unset')
    // A session run that cannot change the state leaves the state read for a call true; one that
    // calls the session's own function (which may change anything) does not.
    await t.bash.execute({ command: 'setx() { X=$1; }' }, { approved: true })
    expect(await read()).toBe('2 unset')
    await t.bash.execute({ command: 'ls >/dev/null; echo "$X" | wc -c' }, { approved: true })
    expect(await read()).toBe('2 unset')
    await t.bash.execute({ command: 'setx 9' }, { approved: true })
    expect(await read()).toBe('9 unset')
    await t.bash.execute({ command: 'setx 2' }, { approved: true })
    // A trap on a signal runs while the session's shell waits: the state is read anew each call.
    const pid = Number(text(await t.bash.execute({ command: "trap 'Y=late' USR1; echo $$" }, { approved: true })))
    expect(await read()).toBe('2 unset')
    process.kill(pid, 'SIGUSR1')
    let seen = ''
    for (let i = 0; i < 200 && seen !== '2 late'; i++) seen = await read()
    expect(seen).toBe('2 late')
  })

  it('a shell that sourced the state ahead serves only that state: each change between two confined calls is seen', async () => {
    mkdirSync(join(dir, 'a'))
    mkdirSync(join(dir, 'b'))
    const t = tools()
    await t.bash.execute({ command: 'V=1; f() { echo f1; }; shopt -s expand_aliases; alias al="echo al1"; cd a' }, { approved: true })
    const read = async () => {
      const r = await confinedRun(t, { command: 'echo "$V"; f; al; shopt -q nullglob && echo nullglob; shopt -qo pipefail && echo pipefail; pwd' })
      expect(r.details.confined).toBe(true)
      return text(r).split('\n')
    }
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50))
    let expected = ['1', 'f1', 'al1', join(dir, 'a')]
    expect(await read()).toEqual(expected)
    const changes: [string, (e: string[]) => string[]][] = [
      ['V=2', (e) => ['2', ...e.slice(1)]],
      ['f() { echo f2; }', (e) => [e[0]!, 'f2', ...e.slice(2)]],
      ["alias al='echo al2'", (e) => [e[0]!, e[1]!, 'al2', ...e.slice(3)]],
      ['shopt -s nullglob', (e) => [...e.slice(0, 3), 'nullglob', ...e.slice(3)]],
      ['set -o pipefail', (e) => [...e.slice(0, -1), 'pipefail', e.at(-1)!]],
      ['cd ../b', (e) => [...e.slice(0, -1), join(dir, 'b')]],
      ['V=3; shopt -u nullglob; cd ../a', (e) => ['3', ...e.slice(1, 3), ...e.slice(4, -1), join(dir, 'a')]],
    ]
    // Each change both right before the confined call (the state read in the call's time) and
    // with a pause between (read ahead, and a shell primed with it); a confined call first, after
    // a pause, takes the shell primed with the state before the change.
    for (const wait of [false, true]) {
      for (const [change, next] of changes) {
        await pause()
        expect(await read(), `before ${change}`).toEqual(expected)
        await t.bash.execute({ command: change }, { approved: true })
        if (wait) await pause()
        expected = next(expected)
        expect(await read(), `after ${change}${wait ? ', a pause between' : ''}`).toEqual(expected)
      }
      await t.bash.execute({ command: 'V=1; f() { echo f1; }; alias al="echo al1"; set +o pipefail' }, { approved: true })
      expected = ['1', 'f1', 'al1', join(dir, 'a')]
    }
  })

  it('an approved call and enforceReadOnly: false run in the session, unconfined', async () => {
    const t = tools()
    const approved = await t.bash.execute({ command: 'export KEPT=1' }, { approved: true })
    expect(approved.details.confined).toBeUndefined()
    expect(text(await t.bash.execute({ command: 'echo ${KEPT-unset}' }, { approved: true }))).toBe('1')
    const off = tools({ enforceReadOnly: false })
    const r = await off.bash.execute({ command: 'export KEPT=2' })
    expect(r.details.confined).toBeUndefined()
    expect(text(await off.bash.execute({ command: 'echo ${KEPT-unset}' }))).toBe('2')
  })

  it('its directory carries over; what it sets in the shell does not, and the text says so', async () => {
    mkdirSync(join(dir, 'a'))
    const t = tools()
    const cd = await t.bash.execute({ command: 'cd a' })
    expect(cd).toMatchObject({ details: { confined: true, cwd: join(dir, 'a') } })
    const exp = await t.bash.execute({ command: 'export X=1' })
    expect(exp.details.confined).toBe(true)
    expect(text(exp)).toMatch(/variables, functions, aliases and options it set are not kept.*ask the user to approve/s)
    expect(text(await t.bash.execute({ command: 'pwd; echo ${X-unset}' }, { approved: true }))).toBe(`${join(dir, 'a')}\nunset`)
    // A leading `cd dir &&` is the tool layer's own cd: kept as well.
    const back = await t.bash.execute({ command: `cd ${dir} && ls` })
    expect(back.details).toMatchObject({ confined: true, cwd: dir })
  })

  it('writes in its own TMPDIR, reads the project, and a refused write is named with what to do', async () => {
    writeFileSync(join(dir, 'data'), 'project data\n')
    const t = tools()
    const ok = await confinedRun(t, { command: 'cat data; mktemp >/dev/null && echo tmp-ok; sort data -o "$TMPDIR/s" && cat "$TMPDIR/s"' })
    expect(text(ok)).toBe('project data\ntmp-ok\nproject data')
    const denied = await confinedRun(t, { command: 'echo x > made' })
    expect(denied).toMatchObject({ isError: true, details: { confined: true } })
    expect(text(denied)).toMatch(/Read-only file system[\s\S]*ran confined to reading[\s\S]*ask the user to approve running it unconfined/)
    expect(existsSync(join(dir, 'made'))).toBe(false)
  })

  it('background and pty calls are confined too', async () => {
    const t = tools()
    const bg = await confinedRun(t, { command: `echo x > ${outside}/bg; echo done`, run_in_background: true })
    expect(bg.details).toMatchObject({ confined: true, background: true })
    const id = bg.details.bashId as string
    let out: ToolResult
    let seen = ''
    do {
      out = await t.bashOutput.execute({ bash_id: id })
      seen += text(out)
    } while (out.details.status === 'running' && (await new Promise((r) => setTimeout(r, 50)), true))
    expect(seen).toMatch(/Read-only file system/)
    const pty = await confinedRun(t, { command: `echo x > ${outside}/pty; echo "status $?"`, pty: true })
    expect(pty.details).toMatchObject({ confined: true, pty: true })
    expect(text(pty)).toMatch(/Read-only file system[\s\S]*status 1/)
    expect(existsSync(join(outside, 'bg')) || existsSync(join(outside, 'pty'))).toBe(false)
  })

  it('a command that cannot be confined here does not run, and allow turns into ask', async () => {
    const t = tools()
    process.env.AGENT_SHELL_SANDBOX_SIMULATE_ABI = '0'
    try {
      const r = await t.bash.execute({ command: `ls ${dir}` })
      expect(r).toMatchObject({ isError: true, details: { confined: false, code: 'ERR_SANDBOX_UNAVAILABLE' } })
      expect(text(r)).toMatch(/cannot confine it: .*Landlock.*Nothing ran\. Ask the user to approve/)
      expect(t.bash.checkPermissions!({ command: 'ls' })).toMatchObject({ behavior: 'ask' })
    } finally {
      delete process.env.AGENT_SHELL_SANDBOX_SIMULATE_ABI
    }
  })
})

describe('a confined shell started ahead of need', () => {
  /** The processes that carry `mark` in their environment (the tool set's shells and what they run). */
  function marked(mark: string): number[] {
    const pids: number[] = []
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
      try {
        if (readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0').includes(mark)) pids.push(Number(entry))
      } catch {
        // Gone meanwhile, or not ours to read.
      }
    }
    return pids
  }
  async function until(ready: () => boolean, ms = 5000, what: () => string = () => ''): Promise<void> {
    let ok = ready()
    for (let i = 0; i < ms / 10 && !ok; i++) {
      await new Promise((r) => setTimeout(r, 10))
      ok = ready()
    }
    expect(ok, what()).toBe(true)
  }
  /** Each process's pid, parent and command line, for a failure's message. */
  const described = (pids: number[]) =>
    pids
      .map((pid) => {
        try {
          const parent = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1]
          return `${pid} (parent ${parent}): ${readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' ')}`
        } catch {
          return `${pid} (gone)`
        }
      })
      .join('; ')

  it('serves one call only, sees the state, refuses writes, ends with its timeout, abort and close()', async () => {
    const mark = `AGENT_SHELL_AHEAD_TEST=${process.pid}-${Date.now()}`
    process.env.AGENT_SHELL_AHEAD_TEST = mark.split('=')[1]
    try {
      const t = tools()
      await t.bash.execute({ command: 'export V=exported; f() { echo "fn"; }; shopt -s expand_aliases; alias al="echo al"' }, { approved: true })
      const session = text(await t.bash.execute({ command: 'echo $$' }, { approved: true }))
      const pids = new Set<string>([session])
      for (let i = 0; i < 3; i++) {
        const r = await confinedRun(t, { command: `echo $$; echo "$V"; f; al; { echo x > ${outside}/w${i}; } 2>/dev/null || echo refused` })
        const [pid, ...rest] = text(r).split('\n')
        expect(rest.slice(0, 4), `call ${i}`).toEqual(['exported', 'fn', 'al', 'refused'])
        // Each call in a shell of its own: never the session's, never one that ran a call before.
        expect(pids.has(pid!), `call ${i}`).toBe(false)
        pids.add(pid!)
      }
      expect(existsSync(join(outside, 'w0')) || existsSync(join(outside, 'w2'))).toBe(false)
      const timedOut = await confinedRun(t, { command: 'echo started; sleep 30', timeout: 1 })
      expect(timedOut.details).toMatchObject({ confined: true, timedOut: true })
      const controller = new AbortController()
      const aborted = confinedRun(t, { command: 'sleep 30' }, { signal: controller.signal })
      setTimeout(() => controller.abort(), 200)
      await expect(aborted).rejects.toThrow()
      expect(text(await confinedRun(t, { command: 'echo "$V"' }))).toBe('exported')
      // The session's shell and the confined shell waiting for the next call.
      await until(() => marked(mark).length >= 2)
      await t.close()
      // The tool set's session shell came from the environment's pool, which then started more
      // for the next Shell on the same plan (the mark included), replaces them at each turn of
      // the second (for a moment, none is there) and ends them 5 s after its last call
      // (shell::pool::IDLE_RELEASE): not the tool set's to end. So wait until none has been
      // seen for longer than a second, within 15 s; the confined shell started ahead would live
      // 60 s if close() left it (JOBS_IDLE_RELEASE).
      let noneSince = Date.now()
      await until(
        () => (marked(mark).length > 0 && (noneSince = Date.now()), Date.now() - noneSince > 1500),
        15_000,
        () => `left after close(): ${described(marked(mark))}`,
      )
    } finally {
      delete process.env.AGENT_SHELL_AHEAD_TEST
    }
  })
})

describe('adversarial: no write, connection or signal gets past an allow verdict', () => {
  let server: Server
  let port = 0
  let connections = 0
  let victim: ChildProcess
  beforeAll(async () => {
    server = createServer((s) => {
      connections += 1
      s.end('hello\n')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as { port: number }).port
    victim = spawn('sleep', ['600'], { stdio: 'ignore' })
  })
  afterAll(async () => {
    victim.kill('SIGKILL')
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  // `O` is a directory outside every writable root; `K` a file in it.
  const writes: string[] = [
    'echo ${a[$(touch O/w1)]}',
    `echo "\${x:-'$(touch O/w2)'}"`,
    'f() { ls; } > O/w3; f',
    '[ a > O/w4 ]',
    'cat <<E\n$(touch O/w5)\nE',
    'echo `echo \\`touch O/w6\\``',
    'printf -vX "%s" y; echo > O/w7',
    "find . -maxdepth 0 -fprint O/w8",
    "find . -maxdepth 0 -exec touch O/w9 {} +",
    'sort -o O/w10 /dev/null',
    "echo -e 'touch O/w11' | sh",
    'echo O/w12 | xargs touch',
    "awk 'BEGIN { print 1 > \"O/w13\" }'",
    "sed -n 'w O/w14' /etc/hostname",
    'git -C O init -q',
    'ln -s /etc O/w15',
    'mkfifo O/w16',
    'cp /etc/hostname O/w17',
    'tee O/w18 < /dev/null',
    "python3 -c \"open('O/w19', 'w')\"",
    'echo x >> K',
    'truncate -s 0 K',
    'rm -f K',
    'mv K O/w20',
    'exec 3>O/w21',
    'env touch O/w22',
    'command -p touch O/w23',
    'eval "touch O/w24"',
    'bash -c "touch O/w25"',
    '(cd O && touch w26)',
    'HISTFILE=O/w27 history -w',
    'x=$(touch O/w28)',
    'ls > O/w29',
    'echo ${!a[$(touch O/w30)]}',
  ]
  const connects: string[] = [
    `exec 3<>/dev/tcp/127.0.0.1/PORT && head -1 <&3`,
    `cat < /dev/tcp/127.0.0.1/PORT`,
    `python3 -c "import socket; socket.create_connection(('127.0.0.1', PORT))"`,
    `curl -s http://127.0.0.1:PORT/`,
  ]
  const signals: string[] = ['kill -TERM PID', 'kill -KILL PID', 'pkill -f "^sleep 600$"', `python3 -c "import os; os.kill(PID, 9)"`]

  async function attempt(t: BashToolSet, command: string): Promise<{ verdict: string; result: ToolResult }> {
    const verdict = t.bash.checkPermissions!({ command }).behavior
    // Through the tool layer when the classifier lets it through; else the confined path itself.
    const result = verdict === 'allow' ? await t.bash.execute({ command }) : await confinedRun(t, { command })
    expect(result.details.confined, command).toBe(true)
    return { verdict, result }
  }

  it('writes', async () => {
    const t = tools()
    const through: string[] = []
    for (const template of writes) {
      const command = template.replaceAll('O/', `${outside}/`).replaceAll(' O ', ` ${outside} `).replace(/\bK\b/, `${outside}/keep`)
      const { verdict } = await attempt(t, command)
      if (verdict === 'allow') through.push(command)
      expect(readFileSync(join(outside, 'keep'), 'utf8'), command).toBe('keep\n')
    }
    const made = (await import('node:fs')).readdirSync(outside)
    expect(made).toEqual(['keep'])
    // Visible: how many the classifier let through (each was then stopped by the confinement).
    console.log(`enforce: ${through.length} of ${writes.length} writing commands were classified allow and stopped by the confinement`)
  })

  it('connections', async () => {
    const t = tools()
    const before = connections
    for (const template of connects) await attempt(t, template.replaceAll('PORT', String(port)))
    expect(connections).toBe(before)
  })

  it('signals', async () => {
    const t = tools()
    for (const template of signals) await attempt(t, template.replaceAll('PID', String(victim.pid)))
    expect(victim.exitCode).toBeNull()
    expect(victim.signalCode).toBeNull()
    expect(process.kill(victim.pid!, 0)).toBe(true)
  })

  it('metadata of files outside: chmod, touch -d, setfattr', async () => {
    const t = tools()
    const keep = join(outside, 'keep')
    const before = statSync(keep)
    const outsideMode = statSync(outside).mode
    for (const command of [`chmod 4777 ${keep}`, `touch -d 2001-01-01 ${keep}`, `setfattr -n user.x -v 1 ${keep} 2>&1 || true`, `chmod 700 ${outside}`]) {
      await attempt(t, command)
    }
    const after = statSync(keep)
    expect({ mode: after.mode, mtime: after.mtimeMs }).toEqual({ mode: before.mode, mtime: before.mtimeMs })
    expect(statSync(outside).mode).toBe(outsideMode)
  })
})
