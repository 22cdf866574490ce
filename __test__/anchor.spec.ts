// The anchor's own tests (can1357/oh-my-pi, packages/natives/test: native.test.ts "pty" and "shell",
// shell-close.test.ts), ported from bun:test to vitest, for the exports agent-shell replaces.
// Differences kept on purpose are in docs/behaviour.md's "Deliberate differences from the anchor".
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
  // The anchor's message, with the contract's code (docs/api.md §8).
  const closed = { code: 'ERR_SESSION_CLOSED', message: 'Shell is closed' }

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

// coding-agent/test/tools/bash-interceptor.test.ts, "BashTool interception". A deliberate difference
// (docs/behaviour.md, deliberate differences; docs/api.md §10: a tool's failure is a result): the anchor's tool
// throws, agent-shell's gives an error result (`isError: true`) with the anchor's text and
// `details.blocked`.
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
    const command = 'cd packages/coding-agent && echo ok'
    const r = await withRules({ pattern: '^\\s*cd\\s+', tool: 'bash', message: 'Do not hide directory changes in the command string.' }, command)
    // The anchor: `await expect(tool.execute(…)).rejects.toThrow("Do not hide directory changes")`.
    expect(r).toMatchObject({ isError: true, details: { blocked: true, suggestedTool: 'bash', replacement: { tool: 'bash', command } } })
    expect(r.content[0]!.text).toContain('Do not hide directory changes')
  })

  it('checks the cwd-normalized command after leading cd normalization', async () => {
    const command = 'cd packages/coding-agent && cat package.json'
    const r = await withRules({ pattern: '^\\s*cat\\s+', tool: 'read', message: 'Use read instead.' }, command)
    // The anchor: `await expect(tool.execute(…)).rejects.toThrow(\`Use read instead.\\n\\nOriginal command: ${command}\`)`.
    expect(r).toMatchObject({ isError: true, details: { blocked: true, suggestedTool: 'read', replacement: { tool: 'read', command } } })
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
  // (docs/api.md §10) has `isError: false` and `details.exitCode: 0`: a deliberate difference (docs/behaviour.md).
  it('returns a success result for a zero exit (isError false, details.exitCode 0: docs/behaviour.md, deliberate differences)', async () => {
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
// calls tcsetpgrp cannot stop the host) holds; sid == pid does not (docs/behaviour.md, deliberate differences).
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

// coding-agent/test/tools/bash-interceptor.test.ts, the rest of it. The anchor's
// checkBashInterception(command, availableTools, rules) returns `{ block }`; agent-shell's
// (docs/api.md §6) takes (command, rules, availableTools) and returns `{ blocked }`.
describe('bash interception (bash-interceptor.test.ts)', () => {
  const blocks = async (command: string, tools: string[], rules?: { pattern: string; tool: string; message: string }[]) => {
    const native = await import('../index.js')
    return native.checkBashInterception(command, rules ?? native.defaultInterceptorRules(), tools).blocked
  }

  it('BashTool interception: includes structured recovery data in a blocked command error', async () => {
    const { createBashTools } = await import('../dist/index.js')
    const { checkBashInterception, defaultInterceptorRules } = await import('../index.js')
    const command = 'grep pattern path'
    const replacement = { tool: 'grep', command }
    expect(checkBashInterception(command, defaultInterceptorRules(), ['grep'])).toMatchObject({ blocked: true, suggestedTool: 'grep' })
    const tools = createBashTools({ cwd: testDir, interceptor: { availableTools: ['grep'] } })
    try {
      // The anchor's tool throws an error with `context.replacement`; agent-shell's gives an error result.
      const r = await tools.bash.execute({ command })
      expect(r).toMatchObject({ isError: true, details: { blocked: true, replacement } })
      expect(r.content[0]!.text).toContain(`Structured recovery: ${JSON.stringify(replacement)}`)
    } finally {
      await tools.close()
    }
  })

  describe('compound command interception', () => {
    const rules = [{ pattern: '^\\s*git\\s+commit\\b', tool: 'commit', message: 'Use the commit tool instead.' }]

    it.each([
      'git commit -m message',
      'git add file && git commit -m message',
      'git add file; git commit -m message',
      'git add file || git commit -m message',
      'git add file & git commit -m message',
      'git add file\ngit commit -m message',
    ])('blocks a later command after %s', async (command) => {
      expect(await blocks(command, ['commit'], rules)).toBe(true)
    })

    it('does not intercept a downstream pipe stage that consumes piped stdin', async () => {
      expect(await blocks('git add file | git commit -m message', ['commit'], rules)).toBe(false)
      expect(await blocks('git add file || git commit -m message', ['commit'], rules)).toBe(true)
    })

    it('removes one or more leading environment assignments before matching', async () => {
      expect(await blocks('GIT_AUTHOR_EMAIL="a@example.com" git commit -m message', ['commit'], rules)).toBe(true)
      expect(await blocks('GIT_AUTHOR_EMAIL="a@example.com" GIT_AUTHOR_NAME=Dev git commit -m message', ['commit'], rules)).toBe(true)
    })

    it('does not treat quoted, escaped, or commented text as a later command', async () => {
      for (const command of [`printf '%s\\n' "git add file && git commit -m message"`, 'echo "git commit"', 'echo git\\ commit', 'echo ok # git commit -m message']) {
        expect(await blocks(command, ['commit'], rules)).toBe(false)
      }
    })

    it('does not treat redirection targets as later commands', async () => {
      for (const command of ['echo hi >|git commit -m message', 'echo hi >| git commit -m message', 'echo hi >&git commit -m message', 'echo hi >& git commit -m message', 'echo hi <&3 git commit -m message']) {
        expect(await blocks(command, ['commit'], rules)).toBe(false)
      }
      expect(await blocks('echo hi <&3 && git commit -m message', ['commit'], rules)).toBe(true)
    })

    it('does not add matches for unsupported shell syntax', async () => {
      for (const command of [
        'echo "$(git commit -m message)"',
        'echo `git commit -m message`',
        'echo ${x:-foo;git commit -m message}',
        "cat <<'EOF'\ngit commit -m message\nEOF",
      ]) {
        expect(await blocks(command, ['commit'], rules)).toBe(false)
      }
      // The anchor also lets `( git commit -m message )` and `echo start; { true; git commit -m message; }`
      // through; agent-shell checks the commands inside a group (docs/behaviour.md, deliberate differences).
      for (const command of ['( git commit -m message )', 'echo start; { true; git commit -m message; }']) {
        expect(await blocks(command, ['commit'], rules)).toBe(true)
      }
    })

    it('keeps matching a rule written for the complete original input', async () => {
      const complete = [{ pattern: '^git add file && git commit', tool: 'commit', message: 'Use the commit tool instead.' }]
      expect(await blocks('git add file && git commit -m message', ['commit'], complete)).toBe(true)
    })

    it('does not block when the suggested tool is unavailable', async () => {
      expect(await blocks('git add file && git commit -m message', [], rules)).toBe(false)
    })
  })

  describe('default echo/printf redirect rule', () => {
    const tools = ['write']
    it('blocks unquoted redirects to files', async () => {
      for (const c of ['echo hi > out.txt', 'echo hi >> out.txt', 'printf "%s" foo > /tmp/x']) expect(await blocks(c, tools), c).toBe(true)
    })
    it('blocks clobber and variable-target redirects', async () => {
      for (const c of ['echo hi >| out.txt', 'echo hi > $OUT']) expect(await blocks(c, tools), c).toBe(true)
    })
    it('does not block /dev device sink redirects', async () => {
      for (const c of ['echo result > /dev/null', 'echo done > /dev/null 2>&1', 'echo "" > /dev/tty', 'echo x > /dev/stdout', 'echo "marker" > /dev/stderr', 'echo x > "/dev/null"']) {
        expect(await blocks(c, tools), c).toBe(false)
      }
    })
    it('still blocks real paths that resemble /dev sinks', async () => {
      for (const c of ['echo data > ./dev/null', 'echo data > /devices/x']) expect(await blocks(c, tools), c).toBe(true)
    })
    it('keeps scanning after allowed /dev sink redirects', async () => {
      for (const c of ['echo data > /dev/null > out.txt', 'printf x > /dev/stdout >> real.txt']) expect(await blocks(c, tools), c).toBe(true)
    })
    it('does not block `>` inside quoted text or fd duplication', async () => {
      for (const c of ['echo "a -> b"', 'echo "<p>hi</p>"', "printf 'use 2>&1'", 'echo "err" >&2']) expect(await blocks(c, tools), c).toBe(false)
    })
  })

  describe('default grep rule and pipeline stdin', () => {
    const tools = ['grep']
    it('blocks standalone file searches', async () => {
      for (const c of ['grep pattern path', 'rg pattern src']) expect(await blocks(c, tools), c).toBe(true)
    })
    it('blocks a first-stage grep that produces pipeline input', async () => {
      expect(await blocks('grep x file | wc -l', tools)).toBe(true)
    })
    it('does not block grep consuming pipeline stdin', async () => {
      for (const c of ["printf 'x\\n' | grep x", "tr -d '\\r' < input.log | grep -v '^ *foo'", "printf 'x\\n' |\n grep x", "printf 'x\\n' |\n # filter\n grep x", "printf 'x\\n' |& grep x"]) {
        expect(await blocks(c, tools), c).toBe(false)
      }
    })
    it('still blocks a standalone grep sequenced after a pipeline', async () => {
      expect(await blocks('cat log | tr a b && grep err file', tools)).toBe(true)
    })
  })

  describe('default hub start rules', () => {
    it.each(['bun run dev', 'vite --host 0.0.0.0', 'lldb ./app', 'bun test --watch', 'nohup server', 'server &'])('routes %s to hub start', async (command) => {
      const { checkBashInterception, defaultInterceptorRules } = await import('../index.js')
      expect(checkBashInterception(command, defaultInterceptorRules(), ['hub'])).toMatchObject({ blocked: true, suggestedTool: 'hub' })
    })
    it.each(['git diff -w', 'docker compose up -d', 'bun test', "printf 'server &'"])('does not misclassify finite command %s', async (command) => {
      expect(await blocks(command, ['hub'])).toBe(false)
    })
  })
})

// The anchor's OutputSink tests (coding-agent/test/streaming-output.test.ts, "OutputSink", and
// streaming-output-bounds.test.ts, "OutputSink artifact spill bounds"), for agent-shell's native
// OutputSink (docs/api.md §5): the anchor's `spillThreshold` is `maxBytes`; its push and dump are async.
describe('OutputSink (streaming-output.test.ts)', () => {
  const bytes = (t: string) => Buffer.byteLength(t, 'utf8')
  const sink = async (options?: Record<string, unknown>) => new (await import('../index.js')).OutputSink(options)

  it('tracks totals and adds notice in dump', async () => {
    const s = await sink()
    s.push('hello\nworld')
    const dumped = s.dump('notice')
    expect(dumped.output).toBe('[notice]\nhello\nworld')
    expect(dumped.truncated).toBe(false)
    expect(dumped.totalLines).toBe(2)
    expect(dumped.totalBytes).toBe(bytes('hello\nworld'))
    expect(dumped.outputLines).toBe(2)
    expect(dumped.outputBytes).toBe(bytes('hello\nworld'))
  })

  it('counts lines correctly when chunks contain no newlines', async () => {
    const s = await sink()
    s.push('abc')
    s.push('def')
    const dumped = s.dump()
    expect(dumped.totalLines).toBe(1)
    expect(dumped.outputLines).toBe(1)
  })

  it('counts all newline boundaries across chunk splits', async () => {
    const s = await sink()
    s.push('a\n')
    s.push('b\n\n')
    s.push('c')
    const dumped = s.dump()
    expect(dumped.output).toBe('a\nb\n\nc')
    expect(dumped.totalLines).toBe(4)
    expect(dumped.outputLines).toBe(4)
  })

  it('truncates in-memory output when spill threshold is exceeded', async () => {
    const s = await sink({ maxBytes: 5 })
    s.push('abc')
    s.push('def')
    const dumped = s.dump()
    expect(dumped.truncated).toBe(true)
    expect(dumped.output).toBe('bcdef')
    expect(dumped.totalBytes).toBe(6)
    expect(dumped.outputBytes).toBe(5)
  })

  it('spills full output to artifact file when artifact path is provided', async () => {
    const artifactPath = join(testDir, 'output.log')
    const s = await sink({ artifactPath, artifactId: 'artifact-1', maxBytes: 5 })
    s.push('abc')
    s.push('def')
    const dumped = s.dump()
    expect(dumped.truncated).toBe(true)
    expect(dumped.artifactId).toBe('artifact-1')
    expect(require('node:fs').readFileSync(artifactPath, 'utf8')).toBe('abcdef')
    expect(dumped.output).toBe('bcdef')
  })

  // The next three are the anchor's tests as they are; the exact bytes each also asserts are what
  // the anchor's OutputSink gives for the same input (pi-tui 18.2.9, tools/streaming-output.ts).
  it('caps artifact-on-disk size: head + notice + tail when stream exceeds cap', async () => {
    const artifactPath = join(testDir, 'capped-exact.log')
    const s = await sink({ artifactPath, artifactId: 'art-cap', maxBytes: 16, artifactMaxBytes: 32, artifactHeadBytes: 16 })
    // Push 64 raw bytes; cap is 32 (16 head + 16 tail): head = first 16, notice, tail = last 16.
    const payload = '0123456789ABCDEF'.repeat(4)
    s.push(payload)
    s.dump()
    const artifactText: string = require('node:fs').readFileSync(artifactPath, 'utf8')
    expect(artifactText.startsWith('0123456789ABCDEF')).toBe(true)
    expect(artifactText.endsWith('0123456789ABCDEF')).toBe(true)
    expect(artifactText).toContain('[ARTIFACT TRUNCATED:')
    expect(artifactText).toContain('elided from the middle')
    const stripped = artifactText.replace(/\n?\[ARTIFACT TRUNCATED:[^\]]+\]\n?/g, '')
    expect(bytes(stripped)).toBe(32)
    expect(artifactText).toBe('0123456789ABCDEF\n[ARTIFACT TRUNCATED: kept first 16B + last 16B of 64B; 32B elided from the middle]\n0123456789ABCDEF')
  })

  it('head-retain mode: middle elision splices head, marker, and tail', async () => {
    const s = await sink({ maxBytes: 6, headBytes: 6 })
    const lines = Array.from({ length: 12 }, (_, i) => `L${i}`).join('\n')
    s.push(lines)
    const dumped = s.dump()
    expect(dumped.truncated).toBe(true)
    expect(dumped.elidedBytes ?? 0).toBeGreaterThan(0)
    expect(dumped.elidedLines ?? 0).toBeGreaterThan(0)
    expect(dumped.output.startsWith('L0\n')).toBe(true)
    expect(dumped.output.endsWith('L11')).toBe(true)
    expect(dumped.output).toContain('elided')
    expect(dumped.totalBytes).toBe(bytes(lines))
    expect(dumped).toEqual({
      output: 'L0\n[…10ln elided…]\nL11',
      truncated: true,
      totalLines: 12,
      totalBytes: 37,
      outputLines: 3,
      outputBytes: 26,
      elidedBytes: 31,
      elidedLines: 10,
      headLines: 1, // extension
      tailLines: 1, // extension
    })
  })

  it('maxColumns: middle elision math subtracts column-dropped bytes', async () => {
    const s = await sink({ maxColumns: 4, maxBytes: 6, headBytes: 6 })
    const input = `head\n${'M'.repeat(200)}\ntail`
    s.push(input)
    const dumped = s.dump()
    const elided = dumped.elidedBytes ?? 0
    const dropped = dumped.columnDroppedBytes ?? 0
    expect(dropped).toBeGreaterThan(0)
    expect(elided + dropped).toBeLessThan(dumped.totalBytes)
    expect(dumped).toEqual({
      output: 'hea\n[…5B elided…]\nail',
      truncated: true,
      totalLines: 3,
      totalBytes: 210,
      outputLines: 3,
      outputBytes: 25,
      elidedBytes: 5,
      elidedLines: 1,
      columnDroppedBytes: 199,
      columnTruncatedLines: 1,
      columnMax: 4,
      headLines: 1, // extension
      tailLines: 1, // extension
    })
  })

  // The anchor's sink caps its artifact at 4 MiB by default; agent-shell's has no cap unless
  // `artifactMaxBytes` is given (docs/api.md §5), so the test gives the anchor's.
  it('default artifact cap keeps noisy output bounded and marks omitted bytes', async () => {
    const artifactPath = join(testDir, 'capped.log')
    const s = await sink({ artifactPath, artifactId: 'output', maxBytes: 128, headBytes: 32, artifactMaxBytes: 4 * 1024 * 1024 })
    const repeated = 'x'.repeat(64 * 1024)
    for (let index = 0; index < 80; index++) s.push(repeated)
    const summary = s.dump()
    const artifact: string = require('node:fs').readFileSync(artifactPath, 'utf8')
    expect(summary.truncated).toBe(true)
    expect(summary.outputBytes).toBeLessThanOrEqual(128 + 256)
    expect(artifact).toContain('[ARTIFACT TRUNCATED:')
    expect(artifact).toContain('elided from the middle]')
    expect(bytes(artifact)).toBeLessThan(4 * 1024 * 1024 + 256)
    expect(artifact.startsWith('x'.repeat(32))).toBe(true)
    expect(artifact.endsWith('x'.repeat(4 * 1024 * 1024 - 3 * 1024 * 1024))).toBe(true)
  })
})
