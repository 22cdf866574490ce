// The tool layer (docs/api.md §10) as an agent host uses it: createBashTools from agent-shell/tools.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBashTools, type BashToolSet, type BashToolsOptions, type ToolResult } from '../ts/index'
import { eventually, processesWith, sleepMarker } from './helpers'

let dir = ''
let sets: BashToolSet[] = []

function tools(options: BashToolsOptions = {}): BashToolSet {
  // Read-only enforcement (on by default) has its own spec, enforce.spec.ts; here calls run in the session.
  const set = createBashTools({ cwd: dir, env: { HOME: dir }, enforceReadOnly: false, ...options })
  sets.push(set)
  return set
}
const text = (r: ToolResult) => r.content.map((c) => c.text).join('')

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-shell-tools-'))
})
afterEach(async () => {
  await Promise.all(sets.map((s) => s.close()))
  sets = []
  rmSync(dir, { recursive: true, force: true })
})

describe('tool definitions', () => {
  it('gives bash, bash_output and kill_bash with prose descriptions and JSON Schemas', () => {
    const t = tools()
    expect(t.bash).toMatchObject({ name: 'bash', inputSchema: { type: 'object', required: ['command'] } })
    expect(Object.keys((t.bash.inputSchema as { properties: object }).properties).sort()).toEqual(
      ['async', 'command', 'cwd', 'description', 'env', 'head', 'pty', 'run_in_background', 'tail', 'timeout'].sort(),
    )
    expect(t.bashOutput).toMatchObject({ name: 'bash_output', inputSchema: { type: 'object', required: ['bash_id'] } })
    expect(t.killBash).toMatchObject({ name: 'kill_bash', inputSchema: { type: 'object', properties: { shell_id: {}, bash_id: {} } } })
    expect(t.bash.description).toMatch(/persistent shell session/)
    expect(t.bash.description).toMatch(/run_in_background/)
    expect(t.bashOutput.description).toMatch(/since the last time/)
    expect(t.killBash.description).toMatch(/every process it started/)
  })
})

describe('bash', () => {
  it('runs a command, merges stderr, and keeps env and directory across calls (one Shell per tool set)', async () => {
    mkdirSync(join(dir, 'sub'))
    const t = tools({ env: { HOME: dir, FROM_OPTIONS: 'opt' } })
    expect(await t.bash.execute({ command: 'export KEPT=yes; cd sub; echo out; echo err >&2' })).toMatchObject({
      content: [{ type: 'text', text: 'out\nerr' }],
      isError: false,
      details: { exitCode: 0, timeoutSeconds: 300, cwd: join(dir, 'sub') },
    })
    const r = await t.bash.execute({ command: 'echo "$KEPT $FROM_OPTIONS $(pwd)"' })
    expect(text(r)).toBe(`yes opt ${join(dir, 'sub')}`)
    expect(typeof r.details.wallTimeMs).toBe('number')
  })

  it('starts in options.cwd and reads (no output) for a silent command', async () => {
    const t = tools()
    expect(text(await t.bash.execute({ command: 'pwd' }))).toBe(dir)
    expect(await t.bash.execute({ command: 'true' })).toMatchObject({ content: [{ text: '(no output)' }], isError: false })
  })

  it('reports a non-zero exit as an error result ending in "Command exited with code N"', async () => {
    const t = tools()
    const r = await t.bash.execute({ command: 'echo failing; exit 3' })
    expect(r).toMatchObject({ isError: true, details: { exitCode: 3 } })
    expect(text(r)).toBe('failing\n\nCommand exited with code 3')
    const s = await t.bash.execute({ command: 'kill -SEGV $BASHPID' })
    expect(text(s)).toMatch(/Command exited with code 139$/)
    expect(s.details).toMatchObject({ exitCode: 139, signal: 'SIGSEGV' })
  })

  it('times out as an error result, and clamps the timeout with a notice and details.requestedTimeoutSeconds', async () => {
    const t = tools({ maxTimeoutSeconds: 5 })
    const r = await t.bash.execute({ command: 'echo started; sleep 30', timeout: 0.1 })
    expect(r).toMatchObject({ isError: true, details: { timedOut: true, timeoutSeconds: 1, requestedTimeoutSeconds: 0.1 } })
    expect(text(r)).toMatch(/^\[timeout 0.1 s is outside 1..5 s; using 1 s\]\nstarted\n\n\[Command timed out after 1 seconds\] It was killed/)
    const big = await t.bash.execute({ command: 'echo ok', timeout: 9999 })
    expect(big).toMatchObject({ isError: false, details: { timeoutSeconds: 5, requestedTimeoutSeconds: 9999 } })
    expect(text(big)).toMatch(/^\[timeout 9999 s is outside 1..5 s; using 5 s\]\n(\[A new shell was started .*\]\n)?ok$/)
    expect((await t.bash.execute({ command: 'true', timeout: 2 })).details).not.toHaveProperty('requestedTimeoutSeconds')
  })

  it('validates cwd and env keys before running, with messages that say what is wrong', async () => {
    const t = tools()
    writeFileSync(join(dir, 'file'), '')
    const marker = join(dir, 'ran')
    expect(await t.bash.execute({ command: `touch ${marker}`, cwd: 'missing' })).toMatchObject({
      isError: true,
      content: [{ text: `Working directory does not exist: ${join(dir, 'missing')}` }],
    })
    expect(await t.bash.execute({ command: `touch ${marker}`, cwd: join(dir, 'file') })).toMatchObject({
      isError: true,
      content: [{ text: `Working directory is not a directory: ${join(dir, 'file')}` }],
    })
    const env = await t.bash.execute({ command: `touch ${marker}`, env: { 'BAD-KEY': 'x' } })
    expect(env.isError).toBe(true)
    expect(text(env)).toMatch(/^Invalid environment variable name: "BAD-KEY"/)
    expect(await t.bash.execute({ command: '' })).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/`command` is required/) }] })
    expect(await t.bash.execute({ command: 'true', timeout: 'soon' })).toMatchObject({ isError: true })
    expect(await t.bash.execute('ls')).toMatchObject({ isError: true })
    expect(existsSync(marker)).toBe(false)
  })

  it('gives env to one command only, and runs in a given cwd (relative to the session) that the session keeps', async () => {
    mkdirSync(join(dir, 'a', 'b'), { recursive: true })
    const t = tools()
    expect(text(await t.bash.execute({ command: 'echo "[$ONLY]"', env: { ONLY: 'once' } }))).toBe('[once]')
    expect(text(await t.bash.execute({ command: 'echo "[$ONLY]"' }))).toBe('[]')
    expect(text(await t.bash.execute({ command: 'pwd', cwd: 'a' }))).toBe(join(dir, 'a'))
    expect(text(await t.bash.execute({ command: 'pwd', cwd: 'b' }))).toBe(join(dir, 'a', 'b'))
    expect(text(await t.bash.execute({ command: 'pwd' }))).toBe(join(dir, 'a', 'b'))
  })

  it('turns a leading `cd <dir> &&` into the cwd (validated, kept by the session)', async () => {
    mkdirSync(join(dir, 'with space'))
    const t = tools()
    expect(await t.bash.execute({ command: 'cd "with space" && pwd' })).toMatchObject({
      content: [{ text: join(dir, 'with space') }],
      details: { cwd: join(dir, 'with space') },
    })
    expect(text(await t.bash.execute({ command: 'basename "$PWD"' }))).toBe('with space')
    expect(await t.bash.execute({ command: 'cd /no/such/dir && echo ran' })).toMatchObject({
      isError: true,
      content: [{ text: 'Working directory does not exist: /no/such/dir' }],
    })
  })

  it('runs commands the interceptor would block when it is not enabled', async () => {
    writeFileSync(join(dir, 'notes.txt'), 'hello\n')
    expect(await tools().bash.execute({ command: 'cat notes.txt' })).toMatchObject({ isError: false, content: [{ text: 'hello' }] })
  })

  it('with the interceptor enabled, blocks before anything runs, on the command as given and without its leading cd', async () => {
    writeFileSync(join(dir, 'notes.txt'), 'hello\n')
    mkdirSync(join(dir, 'sub'))
    const t = tools({ interceptor: {} })
    const marker = join(dir, 'ran')
    const r = await t.bash.execute({ command: `touch ${marker}; cat notes.txt` })
    expect(r).toMatchObject({ isError: true, details: { blocked: true, suggestedTool: 'read' } })
    expect(text(r)).toMatch(/^Blocked: /)
    expect(text(r)).toContain(`Original command: touch ${marker}; cat notes.txt`)
    expect(await t.bash.execute({ command: 'cd sub && cat ../notes.txt' })).toMatchObject({ isError: true, details: { blocked: true } })
    expect(existsSync(marker)).toBe(false)
    expect((await t.bash.execute({ command: 'echo fine' })).isError).toBe(false)
    // A rule applies only when its tool is available.
    const narrow = tools({ interceptor: { availableTools: ['grep'] } })
    expect(await narrow.bash.execute({ command: 'cat notes.txt' })).toMatchObject({ isError: false, content: [{ text: 'hello' }] })
    expect(await narrow.bash.execute({ command: 'grep hello notes.txt' })).toMatchObject({ isError: true, details: { suggestedTool: 'grep' } })
  })

  it('lifts a trailing | head -n N / | tail -n N into limits, and explicit head/tail win', async () => {
    const t = tools()
    expect(await t.bash.execute({ command: 'seq 1 100 | tail -n 3' })).toMatchObject({
      content: [{ text: '98\n99\n100' }],
      details: { headTail: { tailLines: 3, applied: true }, truncation: { totalLines: 101 } },
    })
    expect(text(await t.bash.execute({ command: 'seq 1 100 | head -n 2' }))).toBe('1\n2')
    expect(text(await t.bash.execute({ command: 'seq 1 100 | tail -n 3', tail: 1 }))).toBe('100')
    expect(text(await t.bash.execute({ command: 'seq 1 10', head: 4, tail: 2 }))).toBe('3\n4')
    expect(text(await t.bash.execute({ command: 'seq 1 100 | head -n 50 | tail -n 1' }))).toBe('50')
  })

  it('strips ANSI sequences', async () => {
    expect(text(await tools().bash.execute({ command: "printf '\\033[1;31mred\\033[0m plain\\n'" }))).toBe('red plain')
  })

  it('bounds long output with the default 20 KB head + tail and keeps the full text as an artifact://<id>', async () => {
    const t = tools()
    const r = await t.bash.execute({ command: 'seq 1 200000' })
    const shown = text(r)
    expect(Buffer.byteLength(shown)).toBeLessThan(52 * 1024)
    expect(shown.startsWith('1\n2\n3\n')).toBe(true)
    expect(shown).toMatch(/\n\[…\d+ln elided…\]\n/)
    expect(shown).toMatch(/\n199999\n200000\n\n\[Output truncated: 200001 lines \(1\.\d MB\) in all; showing the first \d+ and the last \d+ lines\. Full output: artifact:\/\/(bash-[0-9a-f]+)\]$/)
    const id = /artifact:\/\/(\S+)\]$/.exec(shown)![1]!
    expect(r.details).toMatchObject({ artifactId: id, truncation: { truncated: true, totalLines: 200001, artifactId: id } })
    // Head and tail fill the 50 KB; the marker line comes on top, as in the anchor.
    const { outputBytes } = r.details.truncation as { outputBytes: number }
    expect(outputBytes).toBeGreaterThan(50 * 1024)
    expect(outputBytes).toBeLessThanOrEqual(50 * 1024 + 32)
    const path = t.resolveArtifact(`artifact://${id}`)!
    expect(t.resolveArtifact(id)).toBe(path)
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(200001)
    expect(t.resolveArtifact('bash-unknown')).toBeUndefined()
    await t.close()
    expect(existsSync(dirname(path))).toBe(false)
  })

  it('makes its artifact directory again when it went between calls, and keeps the next full output there', async () => {
    const t = tools()
    const id = (r: ToolResult) => /artifact:\/\/(\S+)\]$/.exec(text(r))![1]!
    const first = t.resolveArtifact(id(await t.bash.execute({ command: 'seq 1 200000' })))!
    rmSync(dirname(first), { recursive: true, force: true })
    const second = t.resolveArtifact(id(await t.bash.execute({ command: 'seq 1 200000' })))!
    expect(dirname(second)).toBe(dirname(first))
    expect(readFileSync(second, 'utf8').split('\n')).toHaveLength(200001)
  })

  it("says what a truncated text shows from the sink's figures, whatever lines look like its marker", async () => {
    // Tail only (no head): the last 60 bytes are lines 89..100, a line that reads like the elision
    // marker, "a" and "b". Reading the marker back out of the text took that line for one.
    const t = tools({ output: { maxBytes: 60, headBytes: 0 } })
    const r = await t.bash.execute({ command: "seq 1 100; echo '[…5ln elided…]'; echo a; echo b" })
    expect(text(r)).toMatch(/^89\n[\s\S]*\n100\n\[…5ln elided…\]\na\nb\n\n\[Output truncated: 104 lines \(315 B\) in all; showing the last 15 lines\. Full output: artifact:\/\/\S+\]$/)
    expect(r.details).toMatchObject({ truncation: { truncated: true, shown: { headLines: 0, tailLines: 15 } } })
  })

  it('takes the output budget and the artifact directory from options, and caps long lines', async () => {
    const artifactDir = join(dir, 'artifacts')
    const t = tools({ output: { maxBytes: 100, headBytes: 0 }, artifactDir })
    const r = await t.bash.execute({ command: 'seq 1 1000' })
    expect(text(r)).toMatch(/^\d*\n?[\d\n]+\n1000\n\n\[Output truncated: 1001 lines \(3\.\d KB\) in all; showing the last \d+ lines\. Full output: artifact:\/\/\S+\]$/)
    expect(t.resolveArtifact(r.details.artifactId as string)!.startsWith(artifactDir)).toBe(true)
    const wide = await tools().bash.execute({ command: "printf 'x%.0s' $(seq 1 2000); echo" })
    expect(wide.details).toMatchObject({ truncation: { columnTruncatedLines: 1, columnMax: 768 } })
    const [line, rest] = text(wide).split('\n\n')
    expect(line).toMatch(/^x+…$/)
    expect(Buffer.byteLength(line!)).toBe(768)
    expect(rest).toMatch(/^\[1 long lines were cut at 768 bytes\. Full output: artifact:\/\/\S+\]$/)
  })

  it('streams live output through onUpdate, throttled, and through onOutput piece by piece', async () => {
    const updates: string[] = []
    const pieces: string[] = []
    const r = await tools().bash.execute(
      { command: 'for i in $(seq 1 12); do echo line$i; sleep 0.1; done' },
      { onUpdate: (t) => updates.push(t), onOutput: (p) => pieces.push(p) },
    )
    expect(text(r)).toBe(Array.from({ length: 12 }, (_, i) => `line${i + 1}`).join('\n'))
    expect(updates.length).toBeGreaterThanOrEqual(2)
    expect(updates.length).toBeLessThanOrEqual(12) // throttled: fewer updates than lines at 200 ms for 1.2 s
    expect(updates.at(-1)).toBe(`${text(r)}\n`)
    expect(updates[0]!.startsWith('line1\n')).toBe(true)
    expect(pieces.join('')).toBe(`${text(r)}\n`)
  })

  it('streams clean live output (no ANSI, LF newlines) when escapes and CRLFs are split across writes', async () => {
    // Cleaned once, natively, as the chunks are read (the run's sink, a job's buffer): an escape
    // sequence or a CRLF cut between two writes must not leak into onOutput/onUpdate.
    const command = [
      "printf '\\033[31mred\\033[0m\\r'",
      'sleep 0.15',
      "printf '\\nline2\\033['",
      'sleep 0.15',
      "printf '1mbold\\033[0m\\r\\n\\033]0;title\\007end\\r\\n'",
    ].join('; ')
    for (const options of [{}, { autoBackgroundMs: 5000 }]) {
      const updates: string[] = []
      const pieces: string[] = []
      const r = await tools(options).bash.execute({ command }, { onUpdate: (t) => updates.push(t), onOutput: (p) => pieces.push(p) })
      expect(text(r), JSON.stringify(options)).toBe('red\nline2bold\nend')
      expect(pieces.length, JSON.stringify(options)).toBeGreaterThan(1)
      expect(pieces.join(''), JSON.stringify(options)).toBe('red\nline2bold\nend\n')
      expect(updates.at(-1), JSON.stringify(options)).toBe('red\nline2bold\nend\n')
    }
  })

  it('rejects as an AbortError when the signal aborts, and kills the command', async () => {
    const t = tools()
    const marker = sleepMarker()
    const controller = new AbortController()
    setTimeout(() => controller.abort(), 300)
    const started = Date.now()
    await expect(t.bash.execute({ command: `sleep ${marker}` }, { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' })
    expect(Date.now() - started).toBeLessThan(10_000)
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
    await expect(t.bash.execute({ command: 'echo never' }, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' })
    // The tool set goes on, in the same directory, on a fresh shell when the stop ended the old one.
    const after = await t.bash.execute({ command: 'echo after; pwd' })
    expect(text(after)).toMatch(new RegExp(`^(\\[A new shell was started .*the working directory was kept\\.\\]\n)?after\n${dir}$`))
  })

  it('runs on a pseudo-terminal with pty: true', async () => {
    const t = tools()
    const r = await t.bash.execute({ command: '[ -t 1 ] && echo "terminal $ONLY"', pty: true, env: { ONLY: 'yes' } })
    expect(r).toMatchObject({ isError: false, content: [{ text: 'terminal yes' }], details: { exitCode: 0, pty: true } })
    expect(await t.bash.execute({ command: 'exit 4', pty: true })).toMatchObject({ isError: true, details: { exitCode: 4 } })
  })

  it('classifies commands for permissions: read-only allow, writes and unknown ask, dangerous deny', () => {
    const { bash } = tools()
    expect(bash.checkPermissions!({ command: 'ls -la && git status' })).toMatchObject({ behavior: 'allow' })
    expect(bash.checkPermissions!({ command: 'echo hi > out.txt' })).toMatchObject({ behavior: 'ask', reasons: [expect.stringContaining('out.txt')] })
    expect(bash.checkPermissions!({ command: 'some-unknown-program' })).toMatchObject({ behavior: 'ask' })
    expect(bash.checkPermissions!({ command: 'rm -rf /' })).toMatchObject({ behavior: 'deny', reasons: expect.arrayContaining([expect.stringContaining('root')]) })
    expect(bash.checkPermissions!({})).toMatchObject({ behavior: 'ask' })
    expect(bash.isReadOnly!({ command: 'cat README.md | wc -l' })).toBe(true)
    expect(bash.isReadOnly!({ command: 'touch x' })).toBe(false)
  })

  it('classifies where the command will run: the directory and its repository, the call\'s cwd and env', () => {
    expect(spawnSync('git', ['init', '-q', dir]).status).toBe(0)
    expect(spawnSync('git', ['-C', dir, 'config', 'core.fsmonitor', join(dir, 'hook')]).status).toBe(0)
    const { bash } = tools()
    expect(bash.checkPermissions!({ command: 'git status' })).toMatchObject({ behavior: 'ask', reasons: expect.arrayContaining([expect.stringContaining('core.fsmonitor')]) })
    expect(bash.checkPermissions!({ command: 'git log --oneline' })).toMatchObject({ behavior: 'allow' })
    const plain = mkdtempSync(join(tmpdir(), 'agent-shell-plain-'))
    try {
      expect(bash.checkPermissions!({ command: 'git status', cwd: plain })).toMatchObject({ behavior: 'allow' })
    } finally {
      rmSync(plain, { recursive: true, force: true })
    }
    expect(bash.checkPermissions!({ command: 'less README.md', env: { LESSOPEN: '|./x %s' } })).toMatchObject({
      behavior: 'ask',
      reasons: [expect.stringContaining('LESSOPEN')],
    })
    // The non-interactive environment counts: pip's version check is off in the session.
    expect(bash.checkPermissions!({ command: 'pip list' })).toMatchObject({ behavior: 'allow' })
  })

  it('after close(), a call is an error result, not a crash', async () => {
    const t = tools()
    await t.close()
    await t.close()
    expect(await t.bash.execute({ command: 'echo hi' })).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/closed/) }] })
  })

  it('confines foreground, PTY and background commands with its sandbox', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'agent-shell-outside-'))
    try {
      const t = tools({ sandbox: {} })
      const write = (where: string) => `echo x > ${where}/f && echo wrote`
      expect(text(await t.bash.execute({ command: write(dir) }))).toContain('wrote')
      const denied = await t.bash.execute({ command: write(outside) })
      expect({ isError: denied.isError, text: text(denied) }).toMatchObject({ isError: true, text: expect.stringMatching(/Permission denied|Read-only file system/) })
      const pty = await t.bash.execute({ command: write(outside), pty: true })
      expect(text(pty)).toMatch(/Permission denied|Read-only file system/)
      const started = await t.bash.execute({ command: write(outside), run_in_background: true })
      const id = (started.details as { bashId: string }).bashId
      let read = ''
      for (const end = Date.now() + 5000; Date.now() < end && !/Permission denied|Read-only file system/.test(read); ) {
        read += text(await t.bashOutput.execute({ bash_id: id }))
        await new Promise((r) => setTimeout(r, 50))
      }
      expect(read).toMatch(/Permission denied|Read-only file system/)
      expect(existsSync(join(outside, 'f'))).toBe(false)
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  })

  it('refuses a sandbox the kernel cannot enforce (fails closed)', () => {
    process.env.AGENT_SHELL_SANDBOX_SIMULATE_ABI = '0'
    try {
      expect(() => createBashTools({ sandbox: { network: false } })).toThrow(expect.objectContaining({ code: 'ERR_SANDBOX_UNAVAILABLE' }))
    } finally {
      delete process.env.AGENT_SHELL_SANDBOX_SIMULATE_ABI
    }
  })
})

describe('background jobs', () => {
  /** Reads a job until `done(text)` holds, as a model would, with a pause between reads. */
  async function readUntil(t: BashToolSet, id: string, done: (all: string, r: ToolResult) => boolean, ms = 10_000) {
    let all = ''
    const end = Date.now() + ms
    for (;;) {
      const r = await t.bashOutput.execute({ bash_id: id })
      expect(r.isError).toBe(false)
      all += `${text(r)}\n`
      if (done(all, r) || Date.now() > end) return { all, last: r }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }

  it('run_in_background returns a bash_id at once; the job starts from the session state without moving the session', async () => {
    mkdirSync(join(dir, 'sub'))
    const t = tools()
    await t.bash.execute({ command: 'export FROM_SESSION=var; greet() { echo "hello $1"; }; cd sub' })
    const started = Date.now()
    const r = await t.bash.execute({ command: 'sleep 2; greet "$FROM_SESSION from $(basename "$PWD")"; cd /; exit 3', run_in_background: true, description: 'greets' })
    expect(Date.now() - started).toBeLessThan(1500)
    expect(r).toMatchObject({ isError: false, details: { bashId: expect.any(String), background: true } })
    const id = r.details.bashId as string
    expect(text(r)).toContain(`bash_id: ${id}`)
    const { all, last } = await readUntil(t, id, (_, out) => out.details.status !== 'running')
    expect(all).toContain('hello var from sub')
    expect(last.details).toMatchObject({ bashId: id, status: 'failed', exitCode: 3 })
    expect(text(last)).toMatch(/Status: failed \(exit code 3\)$/)
    // The session did not move.
    expect(text(await t.bash.execute({ command: 'pwd' }))).toBe(join(dir, 'sub'))
  })

  it('accepts async as an alias, and bash_output returns only new output, filtered when asked', async () => {
    const t = tools()
    const r = await t.bash.execute({ command: 'for i in 1 2 3 4 5 6; do echo "n$i"; echo "odd$i" | grep -E "odd[135]"; sleep 0.1; done', async: true })
    const id = r.details.bashId as string
    const { all, last } = await readUntil(t, id, (_, out) => out.details.status === 'completed')
    expect(all.match(/^n\d$/gm)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5', 'n6'])
    expect(last.details).toMatchObject({ status: 'completed', exitCode: 0 })
    expect(text(await t.bashOutput.execute({ bash_id: id }))).toMatch(/^\(no new output\)\n\nStatus: completed \(exit code 0\)$/)
    const g = await t.bash.execute({ command: 'printf "keep 1\\ndrop 2\\nkeep 3\\n"; sleep 0.3', run_in_background: true })
    await new Promise((resolve) => setTimeout(resolve, 200))
    const only = await t.bashOutput.execute({ bash_id: g.details.bashId, filter: '^keep' })
    expect(text(only)).toMatch(/^keep 1\nkeep 3\n/)
    expect(await t.bashOutput.execute({ bash_id: g.details.bashId, filter: '(' })).toMatchObject({ isError: true })
  })

  it('kill_bash kills the job and everything it started, by shell_id or bash_id', async () => {
    const t = tools()
    const marker = sleepMarker()
    const r = await t.bash.execute({ command: `echo up; sleep ${marker} & sleep ${marker}; wait`, run_in_background: true })
    const id = r.details.bashId as string
    expect(await eventually(() => processesWith(marker).length === 2)).toBe(true)
    const killed = await t.killBash.execute({ shell_id: id })
    expect(killed).toMatchObject({ isError: false, details: { bashId: id, status: 'killed' } })
    expect(text(killed)).toMatch(new RegExp(`^Killed background job ${id} and every process it started\\.\\n\\n(up\\n\\n)?Status: killed$`))
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
    const other = await t.bash.execute({ command: `sleep ${marker}`, run_in_background: true })
    expect(await t.killBash.execute({ bash_id: other.details.bashId })).toMatchObject({ details: { status: 'killed' } })
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
  })

  it('gives clear error results for unknown or missing ids', async () => {
    const t = tools()
    const out = await t.bashOutput.execute({ bash_id: 'nope' })
    expect(out).toMatchObject({ isError: true })
    expect(text(out)).toMatch(/^No background job with bash_id "nope"\. .*This session has no background jobs\.$/)
    const running = await t.bash.execute({ command: 'sleep 5', run_in_background: true, description: 'napping' })
    const kill = await t.killBash.execute({ shell_id: 'nope' })
    expect(kill).toMatchObject({ isError: true })
    expect(text(kill)).toContain(`${running.details.bashId} (running: napping)`)
    expect(await t.killBash.execute({})).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/shell_id/) }] })
    expect(await t.bashOutput.execute({})).toMatchObject({ isError: true, content: [{ text: expect.stringMatching(/bash_id/) }] })
  })

  it('with autoBackgroundMs, a quick command reads as a foreground result and a slow one becomes a job', async () => {
    const t = tools({ autoBackgroundMs: 500 })
    expect(await t.bash.execute({ command: 'echo quick; exit 2' })).toMatchObject({ isError: true, content: [{ text: 'quick\n\nCommand exited with code 2' }], details: { exitCode: 2 } })
    const started = Date.now()
    const slow = await t.bash.execute({ command: 'echo begun; sleep 3; echo finished' })
    expect(Date.now() - started).toBeLessThan(2500)
    expect(slow).toMatchObject({ isError: false, details: { autoBackgrounded: true, bashId: expect.any(String) } })
    expect(text(slow)).toMatch(/still running after 0\.5 s; it continues in the background with bash_id: \S+\n[\s\S]*\n\nbegun$/)
    const { all, last } = await readUntil(t, slow.details.bashId as string, (_, out) => out.details.status !== 'running')
    expect(all).toContain('finished')
    expect(all).not.toContain('begun')
    expect(last.details).toMatchObject({ status: 'completed', exitCode: 0 })
  })

  it('with autoBackgroundMs, a call shows its output live while it waits, and the job keeps the rest', async () => {
    const t = tools({ autoBackgroundMs: 1500 })
    const updates: string[] = []
    const pieces: string[] = []
    const started = Date.now()
    let firstUpdateAt = 0
    const slow = await t.bash.execute(
      { command: 'echo begun; sleep 0.5; echo middle; sleep 4; echo finished' },
      {
        onUpdate: (text) => {
          firstUpdateAt ||= Date.now() - started
          updates.push(text)
        },
        onOutput: (piece) => pieces.push(piece),
      },
    )
    // The first output reached the host long before the call returned.
    expect(firstUpdateAt).toBeGreaterThan(0)
    expect(firstUpdateAt).toBeLessThan(1200)
    expect(updates.at(-1)).toBe('begun\nmiddle\n')
    expect(pieces.join('')).toBe('begun\nmiddle\n')
    expect(slow).toMatchObject({ isError: false, details: { autoBackgrounded: true } })
    expect(text(slow)).toMatch(/\n\nbegun\nmiddle$/)
    const { all, last } = await readUntil(t, slow.details.bashId as string, (_, out) => out.details.status !== 'running')
    expect(all).toContain('finished')
    expect(all).not.toContain('middle')
    expect(last.details).toMatchObject({ status: 'completed', exitCode: 0 })

    // A command that ends in time reads as a foreground result, with its output shown live too.
    const quick: string[] = []
    const done = await t.bash.execute({ command: 'echo a; sleep 0.4; echo b' }, { onOutput: (piece) => quick.push(piece) })
    expect(done).toMatchObject({ isError: false, content: [{ text: 'a\nb' }], details: { exitCode: 0 } })
    expect(quick.join('')).toBe('a\nb\n')
    expect(quick.length).toBeGreaterThan(1)
    await t.close()
  })

  it('close() kills every background job', async () => {
    const t = tools()
    const marker = sleepMarker()
    await t.bash.execute({ command: `sleep ${marker}`, run_in_background: true })
    expect(await eventually(() => processesWith(marker).length === 1)).toBe(true)
    await t.close()
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
  })
})

describe('temp files at exit', () => {
  const fixture = join(__dirname, 'fixtures', 'tools-exit.mjs')
  // The child's own temp dir (its TMPDIR): whatever the package makes there without being told
  // where shows up in it.
  const leaveWithout = (how: string, ...args: string[]) => {
    const tmp = mkdtempSync(join(dir, 'tmp-'))
    const child = spawnSync(process.execPath, [fixture, how, dir, ...args], { env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8', timeout: 30_000 })
    return { tmp, child, artifact: child.stdout.trim() }
  }

  it.each(['end', 'exit'])('a tool set that was never closed leaves nothing in the temp dir once its process exits (%s)', async (how) => {
    const { tmp, child, artifact } = leaveWithout(how)
    expect(child.status, child.stderr).toBe(0)
    expect(artifact.startsWith(join(tmp, 'agent-shell-artifacts-'))).toBe(true)
    expect(await eventually(() => readdirSync(tmp).length === 0)).toBe(true)
  })

  // A signal runs no exit code: the process's keeper removes the artifact directory
  // (`makeTempDir`, docs/api.md §5).
  it('one killed by SIGKILL leaves nothing either, its artifact directory included', async () => {
    const { tmp, child, artifact } = leaveWithout('kill')
    expect(child.signal).toBe('SIGKILL')
    expect(artifact.startsWith(join(tmp, 'agent-shell-artifacts-'))).toBe(true)
    expect(await eventually(() => readdirSync(tmp).length === 0)).toBe(true)
  })

  it("never removes a caller's artifactDir", () => {
    const artifactDir = join(dir, 'kept')
    const { tmp, child, artifact } = leaveWithout('end', artifactDir)
    expect(child.status, child.stderr).toBe(0)
    expect(dirname(artifact)).toBe(artifactDir)
    expect(readdirSync(artifactDir).sort()).toEqual([basename(artifact), 'job-1.log'].sort())
    expect(readdirSync(tmp)).toEqual([])
  })
})
