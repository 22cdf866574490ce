// createBashTools({ snapshot }) (docs/snapshot.md): on by default, the first call waits for the
// capture and says what it gave (names only), the names it defines are unknown programs to the
// permission check, a confined call and a refresh keep it; the CLI's and the MCP server's flags.
// Fake HOMEs only (the tool set's `env.HOME`), never the machine's own startup files.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createBashTools, type BashToolSet, type BashToolsOptions, type ToolContext, type ToolResult } from '../ts/index'
import { RUN_CONFINED } from '../ts/tools'
import { eventually, processesWith, sleepMarker } from './helpers'

// The suite turns snapshots off for every other file (vitest.config.ts); this one captures.
delete process.env.AGENT_SHELL_SNAPSHOT

const root = dirname(import.meta.dirname)
const cli = join(root, 'dist', 'cli.js')
const RC = `case $- in *i*) ;; *) return;; esac
echo "a banner the rc prints"
shopt -s extglob globstar
ab() { case $1 in @(a|b)) echo ab;; *) echo other;; esac; }
mkcd() { mkdir -p "$1" && cd "$1"; }
tree() { echo "my own tree, not the program"; }
alias ll='echo LL'
alias ls='ls --color=always'
export PATH="$HOME/.local/bin:$PATH"
export PAGER=less
export SOME_SERVICE_TOKEN=s3cr3t
`

let dir = ''
let home = ''
let sets: BashToolSet[] = []
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-shell-tools-snapshot-'))
  home = join(dir, 'home')
  mkdirSync(join(home, '.local', 'bin'), { recursive: true })
  writeFileSync(join(home, '.bashrc'), RC)
  writeFileSync(join(home, '.local', 'bin', 'only-in-rc-path'), '#!/bin/sh\necho found on the rc PATH\n', { mode: 0o755 })
})
afterEach(async () => {
  await Promise.all(sets.map((s) => s.close()))
  sets = []
  rmSync(dir, { recursive: true, force: true })
})

function tools(options: BashToolsOptions = {}): BashToolSet {
  const set = createBashTools({ cwd: dir, env: { HOME: home }, snapshot: { shell: 'bash', login: false }, ...options })
  sets.push(set)
  return set
}
const text = (r: ToolResult) => r.content.map((c) => c.text).join('')
const run = (t: BashToolSet, command: string, context: ToolContext = { approved: true }) => t.bash.execute({ command }, context)

describe('createBashTools({ snapshot })', () => {
  it("the first call waits for the capture and reports it (names only); the user's aliases, functions, options and PATH work", async () => {
    const t = tools()
    const first = await run(t, 'mkcd made && pwd; ll; ab a; shopt -p globstar; only-in-rc-path; echo "$PAGER ${SOME_SERVICE_TOKEN-unset}"')
    expect(text(first)).toBe(`${join(dir, 'made')}\nLL\nab\nshopt -s globstar\nfound on the rc PATH\ncat unset`)
    expect(first.details.snapshot).toMatchObject({ status: 'ok', counts: { aliases: 1, functions: 3 } })
    const dropped = (first.details.snapshot as { dropped: { name: string }[] }).dropped.map((d) => d.name)
    expect(dropped).toEqual(expect.arrayContaining(['ls', 'PAGER', 'SOME_SERVICE_TOKEN']))
    expect(JSON.stringify(first.details)).not.toContain('s3cr3t')
    const second = await run(t, 'true')
    expect(second.details.snapshot).toBeUndefined()
  })

  it('a pty call sources the snapshot itself (its path through the environment, unset once read)', async () => {
    const t = tools()
    const r = await t.bash.execute({ command: 'll; ab a; echo "${__agsh_snapshot-unset}"', pty: true }, { approved: true })
    expect(text(r).replace(/\r/g, '')).toBe('LL\nab\nunset')
  })

  it('names the snapshot defines are unknown programs to the permission check, from the first call on', async () => {
    const t = tools()
    // While the capture runs, no name can be ruled out.
    expect(t.bash.checkPermissions!({ command: 'tree' })).toMatchObject({ behavior: 'ask', reasons: [expect.any(String), expect.stringContaining('still being captured')] })
    await run(t, 'true')
    expect(t.bash.checkPermissions!({ command: 'tree' })).toMatchObject({ behavior: 'ask', reasons: expect.arrayContaining([expect.stringContaining('`tree`: defined by the user')]) })
    expect(t.bash.isReadOnly!({ command: 'tree | wc -l' })).toBe(false)
    expect(t.bash.checkPermissions!({ command: 'echo hi' }).behavior).toBe('allow')
    // Not confined: the user function ran in the session (a person approved it, or the host asked).
    const r = await t.bash.execute({ command: 'tree' })
    expect(r.details.confined).toBeUndefined()
    expect(text(r)).toBe('my own tree, not the program')
  })

  it("a confined (read-only) call starts from the session's state: the extglob function and the alias are there", async () => {
    const t = tools()
    await run(t, 'true')
    const confined = await (t as unknown as Record<symbol, (i: unknown, c?: ToolContext) => Promise<ToolResult>>)[RUN_CONFINED]!({ command: 'ab b; ab z; ll; shopt -p extglob' })
    if (confined.details.code === 'ERR_SANDBOX_UNAVAILABLE') return // no Landlock ABI 6 here: nothing to confine with
    expect(confined.details.confined).toBe(true)
    expect(text(confined)).toBe('ab\nother\nLL\nshopt -s extglob')
  })

  it('refreshSnapshot() captures again; the next call runs in a new shell with it, in the same directory', async () => {
    const t = tools()
    await run(t, 'cd home/.local && export GONE=1')
    writeFileSync(join(home, '.bashrc'), `${RC}\nalias added='echo added'\n`)
    const info = await t.refreshSnapshot()
    expect(info).toMatchObject({ status: 'ok', cached: false })
    expect(info.names).toContain('added')
    const r = await run(t, 'added; pwd; echo ${GONE-unset}')
    expect(text(r)).toBe(`[The user's shell snapshot was captured again: this command ran in a new shell with it; variables and functions set by earlier commands are gone; the working directory was kept.]\nadded\n${join(home, '.local')}\nunset`)
    expect(r.details.snapshot).toMatchObject({ status: 'ok' })
  })

  it('snapshot: false and AGENT_SHELL_SNAPSHOT=0 turn it off', async () => {
    for (const t of [tools({ snapshot: false }), (() => {
      process.env.AGENT_SHELL_SNAPSHOT = '0'
      try {
        return tools()
      } finally {
        delete process.env.AGENT_SHELL_SNAPSHOT
      }
    })()]) {
      const r = await run(t, 'type -t ll mkcd || echo none')
      expect(text(r)).toBe('none')
      expect(r.details.snapshot).toBeUndefined()
      expect(t.bash.checkPermissions!({ command: 'tree' }).behavior).toBe('allow')
      expect(await t.refreshSnapshot()).toMatchObject({ status: 'disabled' })
    }
  })

  it('close() during the capture stops it: what the startup files started is gone when close() resolves', async () => {
    const marker = sleepMarker()
    writeFileSync(join(home, '.bashrc'), `sleep ${marker}\n`)
    const t = tools({ snapshot: { shell: 'bash', login: false, timeoutMs: 60000 } })
    expect(await eventually(() => processesWith(marker).length > 0)).toBe(true)
    const started = Date.now()
    await t.close()
    expect(processesWith(marker)).toEqual([])
    expect(Date.now() - started).toBeLessThan(5000)
  })

  it('a capture that fails or times out: the call runs without it and says why', async () => {
    writeFileSync(join(home, '.bashrc'), 'sleep 30\n')
    const t = tools({ snapshot: { shell: 'bash', login: false, timeoutMs: 300 } })
    const r = await run(t, 'echo ran')
    expect(text(r)).toBe('ran')
    expect(r.details.snapshot).toMatchObject({ status: 'timeout', reason: expect.stringContaining('300 ms') })
  })
})

describe('the CLI and the MCP server', () => {
  const env = () => ({ PATH: '/usr/bin:/bin', HOME: home, SHELL: '/bin/bash' })

  it('agent-shell run --snapshot runs the command with the user\'s shell; without it, not', () => {
    const on = spawnSync(process.execPath, [cli, 'run', '--snapshot', '--cwd', dir, '--', 'mkcd x && pwd && ll'], { encoding: 'utf8', env: env() })
    expect(on.stdout).toBe(`${join(dir, 'x')}\nLL\n`)
    expect(on.status).toBe(0)
    const off = spawnSync(process.execPath, [cli, 'run', '--cwd', dir, '--', 'type -t mkcd || echo none'], { encoding: 'utf8', env: env() })
    expect(off.stdout).toBe('none\n')
  })

  it('agent-shell mcp captures by default (--snapshot-shell, --no-snapshot)', async () => {
    const call = async (args: string[]) => {
      const client = new Client({ name: 'agent-shell-test', version: '1.0.0' })
      await client.connect(new StdioClientTransport({ command: process.execPath, args: [cli, 'mcp', '--cwd', dir, ...args], env: env(), stderr: 'pipe' }))
      try {
        return (await client.callTool({ name: 'bash', arguments: { command: 'type -t mkcd || echo none' } })) as CallToolResult
      } finally {
        await client.close()
      }
    }
    const on = await call(['--snapshot-shell', 'bash', '--no-snapshot-login'])
    expect(on.content).toEqual([{ type: 'text', text: 'function' }])
    expect(on.structuredContent).toMatchObject({ snapshot: { status: 'ok' } })
    const off = await call(['--no-snapshot'])
    expect(off.content).toEqual([{ type: 'text', text: 'none' }])
  })
})
