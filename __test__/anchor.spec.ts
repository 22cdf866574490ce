// The anchor's own tests (can1357/oh-my-pi, packages/natives/test: native.test.ts "pty" and "shell",
// shell-close.test.ts), ported from bun:test to vitest, for the exports agent-shell replaces.
// Differences kept on purpose are in README's "Deliberate differences from the anchor".
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { executeShell, PtySession, Shell } from '../index.js'

let testDir = ''
beforeAll(() => {
  testDir = mkdtempSync(join(tmpdir(), 'agent-shell-anchor-'))
})
afterAll(() => rmSync(testDir, { recursive: true, force: true }))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('pty (native.test.ts)', () => {
  it('passes executable arguments without shell quoting', async () => {
    const scriptPath = join(testDir, 'pty-argv.js')
    const expected = ['argument with spaces', 'quote"inside', 'backslash\\end']
    writeFileSync(scriptPath, 'process.stdout.write(JSON.stringify(process.argv.slice(2)) + "\\n");\n')
    let output = ''
    let callbackError: Error | null = null
    const result = await new PtySession().startArgv(
      { application: process.execPath, args: [scriptPath, ...expected], cwd: testDir, timeoutMs: 5_000, cols: 80, rows: 24 },
      (error, chunk) => {
        callbackError = error
        output += chunk
      },
    )
    expect(callbackError).toBeNull()
    expect(result.exitCode).toBe(0)
    expect(result.timedOut).toBe(false)
    const payload = output.replace(/\u001b\][^\u0007]*?(?:\u0007|\u001b\\)|\u001b\[[0-9;?]*[ -/]*[@-~]/g, '').trim()
    expect(JSON.parse(payload)).toEqual(expected)
  })

  it('reports the child PID as soon as the PTY process starts', async () => {
    const session = new PtySession()
    let resolveStarted!: (v: { error: Error | null; pid: number }) => void
    const started = new Promise<{ error: Error | null; pid: number }>((r) => (resolveStarted = r))
    const run = session.startArgv(
      { application: process.execPath, args: ['-e', 'process.stdin.resume()'], cwd: testDir, timeoutMs: 5_000, cols: 80, rows: 24 },
      undefined,
      (error, pid) => resolveStarted({ error, pid }),
    )
    const spawned = await started
    let alive = false
    try {
      process.kill(spawned.pid, 0)
      alive = true
    } catch {}
    expect(spawned.error).toBeNull()
    expect(spawned.pid).toBeGreaterThan(0)
    expect(alive).toBe(true)
    session.kill()
    expect((await run).cancelled).toBe(true)
  })

  it('should time out detached background workloads without hanging', async () => {
    const session = new PtySession()
    const started = Date.now()
    try {
      const outcome = await Promise.race([
        session
          .start({ command: 'bash -lc "set -m; sleep 30 & disown; sleep 30"', cwd: testDir, timeoutMs: 150, cols: 120, rows: 40 }, undefined)
          .then((result) => ({ kind: 'done' as const, result })),
        sleep(4000).then(() => ({ kind: 'hang' as const })),
      ])
      expect(outcome.kind).toBe('done')
      if (outcome.kind !== 'done') return
      expect(outcome.result.timedOut).toBe(true)
      expect(Date.now() - started).toBeLessThan(4000)
    } finally {
      try {
        session.kill()
      } catch {}
    }
  })
})

describe('shell (native.test.ts)', () => {
  it('should time out background workloads without leaving delayed writers behind', async () => {
    const markerPath = join(testDir, 'shell-timeout-marker.txt')
    const markerEscaped = markerPath.replace(/'/g, "'\\''")
    const result = await executeShell({ command: `{ sleep 0.15; echo done > '${markerEscaped}'; } & sleep 10`, cwd: testDir, timeoutMs: 50 })
    expect(result.timedOut).toBe(true)
    await sleep(500)
    expect(existsSync(markerPath)).toBe(false)
  })

  it('should SIGKILL workloads that ignore SIGTERM on timeout', async () => {
    const markerPath = join(testDir, 'shell-timeout-sigkill-marker.txt')
    const markerEscaped = markerPath.replace(/'/g, "'\\''")
    const result = await executeShell({ command: `trap '' TERM; sleep 0.3; echo done > '${markerEscaped}'`, cwd: testDir, timeoutMs: 50 })
    expect(result.timedOut).toBe(true)
    await sleep(600)
    expect(existsSync(markerPath)).toBe(false)
  })
})

describe('Shell.close (shell-close.test.ts)', () => {
  // The anchor's message is "Shell is closed"; agent-shell's carries the contract's code.
  const closed = { code: 'ERR_SESSION_CLOSED' }

  it('rejects future runs after close', async () => {
    const shell = new Shell()
    await shell.close()
    await expect(shell.run({ command: "printf 'should not run'", cwd: process.cwd() })).rejects.toMatchObject(closed)
  })

  it('is idempotent when close is called multiple times', async () => {
    const shell = new Shell()
    await shell.close()
    await shell.close()
    expect(await shell.liveBackgroundJobCount()).toBe(0)
  })

  it('runs commands before close and rejects after close', async () => {
    const shell = new Shell()
    const result = await shell.run({ command: "printf 'before-close'", cwd: process.cwd() })
    expect(result.exitCode).toBe(0)
    await shell.close()
    await expect(shell.run({ command: "printf 'after-close'", cwd: process.cwd() })).rejects.toMatchObject(closed)
  })

  it('reports zero background jobs after close', async () => {
    const shell = new Shell()
    await shell.close()
    expect(await shell.liveBackgroundJobCount()).toBe(0)
  })
})

// coding-agent/test/tools/bash-interceptor.test.ts, "BashTool interception": the anchor's tool
// throws; agent-shell's tool layer gives an error result (API.md §10) with the same text.
describe('bash tool interception (bash-interceptor.test.ts)', () => {
  const withRules = async (rule: { pattern: string; tool: string; message: string }, command: string) => {
    const { createBashTools } = await import('../dist/index.js')
    const { mkdirSync } = await import('node:fs')
    mkdirSync(join(testDir, 'packages', 'coding-agent'), { recursive: true })
    const tools = createBashTools({ cwd: testDir, interceptor: { rules: [rule], availableTools: [rule.tool] } })
    try {
      return await tools.bash.execute({ command })
    } finally {
      await tools.close()
    }
  }

  it('checks the original command before leading cd normalization', async () => {
    const r = await withRules({ pattern: '^\\s*cd\\s+', tool: 'bash', message: 'Do not hide directory changes in the command string.' }, 'cd packages/coding-agent && echo ok')
    expect(r.isError).toBe(true)
    expect(r.content[0]!.text).toContain('Do not hide directory changes')
  })

  it('checks the cwd-normalized command after leading cd normalization', async () => {
    const command = 'cd packages/coding-agent && cat package.json'
    const r = await withRules({ pattern: '^\\s*cat\\s+', tool: 'read', message: 'Use read instead.' }, command)
    expect(r.isError).toBe(true)
    expect(r.content[0]!.text).toContain(`Use read instead.\n\nOriginal command: ${command}`)
  })
})
