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

// native.test.ts "pty": "keeps a fast PTY child blocked while onChunk is stalled and still delivers every byte".
describe('pty backpressure (native.test.ts)', () => {
  it('keeps a fast PTY child blocked while onChunk is stalled and still delivers every byte', async () => {
    const blockBytes = 64 * 1024
    const blocks = 80
    const scriptPath = join(testDir, 'pty-slow-consumer.js')
    writeFileSync(
      scriptPath,
      `const block = Buffer.alloc(${blockBytes}, 0x78);\nfor (let i = 0; i < ${blocks}; i++) process.stdout.write(block);\nprocess.stdout.write("END\\n");\n`,
    )
    let pid = 0
    let stalled = false
    let aliveDuringStall = false
    let output = ''
    const result = await new PtySession().startArgv(
      { application: process.execPath, args: [scriptPath], cwd: testDir, timeoutMs: 30_000, cols: 400, rows: 24 },
      (_error, chunk) => {
        output += chunk
        if (stalled || !output.includes('x')) return
        stalled = true
        const until = Date.now() + 400
        while (Date.now() < until) {}
        if (pid > 0) {
          try {
            process.kill(pid, 0)
            aliveDuringStall = true
          } catch {}
        }
      },
      (_error, childPid) => {
        pid = childPid
      },
    )
    expect(result.timedOut).toBe(false)
    expect(result.cancelled).toBe(false)
    expect(result.exitCode).toBe(0)
    expect(aliveDuringStall).toBe(true)
    expect(output.split('x').length - 1).toBe(blockBytes * blocks)
    expect(output.includes('END')).toBe(true)
  })
})

// coding-agent/test/tools/bash-execution-results.test.ts, "BashTool execution results", through the
// tool layer (createBashTools). The anchor's timeout test shortens the native deadline by mocking
// Shell.prototype.run; here the tool's own 1 s timeout runs.
describe('BashTool execution results', () => {
  const text = (r: { content: { text: string }[] }) => r.content.map((c) => c.text).join('')
  const withTools = async <T>(f: (tools: Awaited<ReturnType<typeof loadTools>>) => Promise<T>): Promise<T> => {
    const tools = await loadTools()
    try {
      return await f(tools)
    } finally {
      await tools.close()
    }
  }
  const loadTools = async () => (await import('../dist/index.js')).createBashTools({ cwd: testDir })

  it('resolves with an error result carrying execution details instead of throwing', async () => {
    const result = await withTools((t) => t.bash.execute({ command: 'exit 3' }))
    expect(result.isError).toBe(true)
    expect(result.details?.exitCode).toBe(3)
    expect(result.details?.timeoutSeconds).toBe(300)
    expect(typeof result.details?.wallTimeMs).toBe('number')
    expect(text(result)).toContain('Command exited with code 3')
  })

  it('returns a warning-state timeout result with one timeout notice', async () => {
    const result = await withTools((t) => t.bash.execute({ command: 'sleep 3', timeout: 1 }))
    expect(result.isError).toBe(true)
    expect(result.details?.timedOut).toBe(true)
    expect(text(result).match(/\[Command timed out after 1 seconds\]/gu)).toHaveLength(1)
  })

  it('preserves the executor cancellation notice without classifying it as a timeout', async () => {
    const error = await withTools(async (t) => {
      const controller = new AbortController()
      const execution = t.bash.execute({ command: 'echo started; sleep 3' }, { signal: controller.signal, onUpdate: () => controller.abort() })
      return execution.catch((e: unknown) => e)
    })
    expect(error).toBeInstanceOf(Error)
    const message = (error as Error).message
    expect(message.match(/\[Command cancelled\]/gu)).toHaveLength(1)
    expect(message).not.toContain('Command aborted')
    expect((error as Error).name).toBe('AbortError')
  })

  // The anchor's result for a zero exit has no `isError` and no `details.exitCode`; agent-shell's
  // (API.md §10) has `isError: false` and `details.exitCode: 0`: a deliberate difference (README).
  it('returns a success result for a zero exit (isError false, details.exitCode 0: README, deliberate differences)', async () => {
    const result = await withTools((t) => t.bash.execute({ command: 'printf hi' }))
    expect(result.isError).toBe(false)
    expect(result.details?.exitCode).toBe(0)
    expect(text(result)).toContain('hi')
    expect(text(result)).not.toContain('Command exited with code')
  })

  it('preserves final-stage output when a pipeline ends in head or tail', async () => {
    await withTools(async (t) => {
      for (const scenario of [
        { command: 'seq 1 5 | head -n2', expected: '1\n2' },
        { command: 'seq 1 5 | tail -n2', expected: '4\n5' },
      ]) {
        const result = await t.bash.execute({ command: scenario.command })
        expect(result.isError).toBe(false)
        expect(text(result).replace(/\n\nWall time: \d+\.\d{2} seconds$/, '').trimEnd()).toBe(scenario.expected)
      }
    })
  })
})

// coding-agent/test/agent-session-bash-detach.test.ts, "BashTool through AgentSession runs children in
// their own session (e2e)", through the tool layer. The anchor's embedded shell (brush) calls setsid
// for every external command, so a child's session id is its own pid; agent-shell's commands run on
// real bash, which is the leader of a session of its own: a child is in that session (the
// shell's), never in the host's. What the anchor's test guards (a command that opens /dev/tty or
// calls tcsetpgrp cannot stop the host) holds; sid == pid does not (README, deliberate differences).
describe.skipIf(process.platform !== 'linux')('BashTool runs children outside the host session (agent-session-bash-detach.test.ts)', () => {
  const field = (stat: string, n: number) => Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[n - 3])
  const hostSid = () => field(require('node:fs').readFileSync('/proc/self/stat', 'utf8'), 6)

  it('spawned child runs in a session that is not the host session', async () => {
    const { createBashTools } = await import('../dist/index.js')
    const tools = createBashTools({ cwd: testDir })
    try {
      const result = await tools.bash.execute({ command: 'cat /proc/self/stat; cat /proc/$$/stat' })
      const [stat, shellStat] = result.content[0]!.text.split('\n')
      const childPid = Number(stat!.split(' ')[0])
      const childSid = field(stat!, 6)
      expect(childSid).toBeGreaterThan(0)
      expect(childPid).toBeGreaterThan(0)
      expect(childSid).not.toBe(hostSid())
      // The anchor: toBe(childPid). Here: the child is in the session of the shell that ran it
      // (a session of its own, led by the shell's supervisor).
      expect(childSid).toBe(field(shellStat!, 6))
      expect(childSid).not.toBe(childPid)
    } finally {
      await tools.close()
    }
  })

  it('pipelines through BashTool still produce both stages output', async () => {
    const { createBashTools } = await import('../dist/index.js')
    const tools = createBashTools({ cwd: testDir })
    try {
      const result = await tools.bash.execute({ command: `echo stage_a | sed 's/^/stage_b /'` })
      expect(result.isError).toBe(false)
      expect(result.content[0]!.text).toContain('stage_b stage_a')
    } finally {
      await tools.close()
    }
  })
})
