// `agent-shell mcp` end to end: the official SDK's own client talks to the built server
// (dist/cli.js) over stdio, as Claude Desktop or Claude Code would.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer, type AddressInfo } from 'node:net'
import { dirname, join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import type { CallToolResult, Progress } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eventually, processesWith, sleepMarker } from './helpers'

const root = dirname(import.meta.dirname)
const cli = join(root, 'dist', 'cli.js')
let dir = ''
let clients: Client[] = []

async function connect(args: string[] = [], env: Record<string, string> = {}): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [cli, 'mcp', '--cwd', dir, ...args],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir, ...env },
    stderr: 'pipe',
  })
  const client = new Client({ name: 'agent-shell-test', version: '1.0.0' })
  await client.connect(transport)
  clients.push(client)
  return client
}

const call = async (client: Client, name: string, args: Record<string, unknown>, onprogress?: (p: Progress) => void) =>
  (await client.callTool({ name, arguments: args }, undefined, onprogress ? { onprogress } : {})) as CallToolResult
const text = (r: CallToolResult) => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('')

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-shell-mcp-'))
})
afterEach(async () => {
  await Promise.all(clients.map((c) => c.close()))
  clients = []
  rmSync(dir, { recursive: true, force: true })
})

describe('agent-shell mcp', () => {
  it('initializes and lists the three tools with their JSON Schemas and descriptions', async () => {
    const client = await connect()
    expect(client.getServerVersion()).toMatchObject({ name: 'agent-shell' })
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(['bash', 'bash_output', 'kill_bash'])
    expect(tools[0]).toMatchObject({
      description: expect.stringMatching(/persistent shell session/),
      inputSchema: { type: 'object', required: ['command'], properties: { command: { type: 'string' }, run_in_background: { type: 'boolean' } } },
    })
    expect(tools[1]).toMatchObject({ inputSchema: { required: ['bash_id'] }, annotations: { readOnlyHint: true } })
  })

  it('carries the output in structuredContent too, as its outputSchema says', async () => {
    const client = await connect()
    const { tools } = await client.listTools()
    for (const tool of tools) expect(tool.outputSchema).toMatchObject({ type: 'object', required: ['output', 'isError'] })
    // The SDK client validates structuredContent against the outputSchema it listed.
    expect(await call(client, 'bash', { command: 'echo visible' })).toMatchObject({
      structuredContent: { output: 'visible', isError: false, exitCode: 0 },
    })
    const failed = await call(client, 'bash', { command: 'echo why; exit 3' })
    expect(failed).toMatchObject({ isError: true, structuredContent: { isError: true, exitCode: 3, output: expect.stringContaining('why') } })
    expect((failed.structuredContent as { output: string }).output).toBe(text(failed))
  })

  it('answers an unknown tool with a JSON-RPC error (-32602), not a tool result', async () => {
    const client = await connect()
    await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('Unknown tool: no_such_tool') })
  })

  it('sends progress while a silent command runs, so a client resetting its timeout on progress waits', async () => {
    const client = await connect([], { AGENT_SHELL_PROGRESS_HEARTBEAT_MS: '300' })
    const seen: Progress[] = []
    const result = (await client.callTool({ name: 'bash', arguments: { command: 'sleep 4; echo done' } }, undefined, {
      timeout: 2000,
      resetTimeoutOnProgress: true,
      onprogress: (p) => seen.push(p),
    })) as CallToolResult
    expect(result).toMatchObject({ isError: false, structuredContent: { output: 'done' } })
    expect(seen.length).toBeGreaterThan(3)
    // Without progress the same wait fails with the SDK's request timeout.
    await expect(client.callTool({ name: 'bash', arguments: { command: 'sleep 4' } }, undefined, { timeout: 1000 })).rejects.toMatchObject({ code: -32001 })
  })

  it('offers OpenAI strict-mode schemas with --strict-schemas, and takes strict input', async () => {
    const client = await connect(['--strict-schemas'])
    const { tools } = await client.listTools()
    const walk = (schema: Record<string, unknown>) => {
      if (schema.type === 'object' || (Array.isArray(schema.type) && schema.type.includes('object'))) {
        const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>
        expect(schema.additionalProperties).toBe(false)
        expect([...((schema.required as string[]) ?? [])].sort()).toEqual(Object.keys(properties).sort())
        Object.values(properties).forEach(walk)
      }
      if (schema.items) walk(schema.items as Record<string, unknown>)
    }
    for (const tool of tools) walk(tool.inputSchema as Record<string, unknown>)
    const bash = tools[0]!.inputSchema as { properties: Record<string, { type: unknown }> }
    expect(bash.properties.env!.type).toEqual(['array', 'null'])
    const strictCall = { command: 'echo "$A"', timeout: null, cwd: null, env: [{ name: 'A', value: 'from-pairs' }], head: null, tail: null, run_in_background: null, async: null, pty: null, description: null }
    expect(await call(client, 'bash', strictCall)).toMatchObject({ isError: false, structuredContent: { output: 'from-pairs' } })
  })

  it('runs commands in one persistent session, in --cwd', async () => {
    const client = await connect()
    expect(await call(client, 'bash', { command: 'export KEPT=1; pwd' })).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: dir }],
      structuredContent: { exitCode: 0, cwd: dir, timeoutSeconds: 300 },
    })
    expect(text(await call(client, 'bash', { command: 'echo "kept=$KEPT"' }))).toBe('kept=1')
  })

  it('names the file of a truncated output, which the client cannot resolve itself', async () => {
    const client = await connect()
    const r = await call(client, 'bash', { command: 'seq 1 100000' })
    const [, id, path] = /Full output: artifact:\/\/(\S+) \(the file (\S+);/.exec(text(r)) ?? []
    expect(r.structuredContent).toMatchObject({ artifactId: id, truncation: { truncated: true, totalLines: 100001 } })
    expect(readFileSync(path!, 'utf8').split('\n')).toHaveLength(100001)
  })

  it('returns failures as error results the model can read', async () => {
    const client = await connect()
    const failed = await call(client, 'bash', { command: 'echo oops; exit 2' })
    expect(failed).toMatchObject({ isError: true, structuredContent: { exitCode: 2 } })
    expect(text(failed)).toBe('oops\n\nCommand exited with code 2')
    expect(await call(client, 'bash', { command: 'true', cwd: 'nowhere' })).toMatchObject({
      isError: true,
      content: [{ text: `Working directory does not exist: ${join(dir, 'nowhere')}` }],
    })
  })

  it('streams partial output as progress notifications when the client asks for progress', async () => {
    const client = await connect()
    const progress: Progress[] = []
    const r = await call(client, 'bash', { command: 'for i in 1 2 3 4 5; do echo step$i; sleep 0.2; done' }, (p) => progress.push(p))
    expect(text(r)).toBe('step1\nstep2\nstep3\nstep4\nstep5')
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress.map((p) => p.progress)).toEqual(progress.map((_, i) => i + 1))
    expect(progress.map((p) => p.message).join('')).toBe('step1\nstep2\nstep3\nstep4\nstep5\n')
    // Without a progressToken, none are sent (and the call still works).
    expect(text(await call(client, 'bash', { command: 'echo quiet' }))).toBe('quiet')
  })

  it('applies server options from flags: the interceptor and the default timeout', async () => {
    const client = await connect(['--interceptor', '--default-timeout', '1'])
    expect(await call(client, 'bash', { command: 'cat /etc/hostname' })).toMatchObject({ isError: true, structuredContent: { blocked: true, suggestedTool: 'read' } })
    expect(await call(client, 'bash', { command: 'sleep 20' })).toMatchObject({ isError: true, structuredContent: { timedOut: true, timeoutSeconds: 1 } })
  })

  it('confines every command with --sandbox: writes only under --cwd, no network', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'agent-shell-mcp-outside-'))
    try {
      const client = await connect(['--sandbox'])
      expect(text(await call(client, 'bash', { command: 'echo x > inside && cat inside' }))).toContain('x')
      const denied = await call(client, 'bash', { command: `echo x > ${outside}/f` })
      expect({ isError: denied.isError, text: text(denied) }).toMatchObject({ isError: true, text: expect.stringMatching(/Permission denied|Read-only file system/) })
      // A listener the test itself opened: reachable without the sandbox, not with it.
      const server = createServer((socket) => socket.end())
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
      const port = (server.address() as AddressInfo).port
      try {
        const probe = `exec 3<>/dev/tcp/127.0.0.1/${port} && echo connected`
        expect(text(await call(client, 'bash', { command: probe }))).not.toContain('connected')
        const open = await connect([])
        expect(text(await call(open, 'bash', { command: probe }))).toContain('connected')
      } finally {
        server.close()
      }
    } finally {
      rmSync(outside, { recursive: true, force: true })
    }
  })

  it('starts a background job, reads it and kills it', async () => {
    const client = await connect()
    const marker = sleepMarker()
    const started = await call(client, 'bash', { command: `echo job-up; sleep ${marker}`, run_in_background: true })
    expect(started).toMatchObject({ isError: false, structuredContent: { bashId: expect.any(String) } })
    const id = (started.structuredContent as { bashId: string }).bashId
    expect(text(started)).toContain(`bash_id: ${id}`)
    let read = ''
    for (let i = 0; i < 100 && !read.includes('job-up'); i++) {
      read += text(await call(client, 'bash_output', { bash_id: id }))
      if (!read.includes('job-up')) await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(read).toContain('job-up')
    expect(read).toContain('Status: running')
    expect(await eventually(() => processesWith(marker).length === 1)).toBe(true)
    const killed = await call(client, 'kill_bash', { shell_id: id })
    expect(killed).toMatchObject({ isError: false, structuredContent: { status: 'killed' } })
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
    expect(await call(client, 'bash_output', { bash_id: 'missing' })).toMatchObject({ isError: true })
  })

  it('kills a command when the client cancels its request, and the session goes on', async () => {
    const client = await connect()
    const marker = sleepMarker()
    const controller = new AbortController()
    const pending = client.callTool({ name: 'bash', arguments: { command: `sleep ${marker}` } }, undefined, { signal: controller.signal })
    expect(await eventually(() => processesWith(marker).length === 1)).toBe(true)
    controller.abort()
    await expect(pending).rejects.toThrow()
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
    expect(text(await call(client, 'bash', { command: 'echo still-here' }))).toMatch(/still-here$/)
  })

  it('ends the session and its processes when the client disconnects', async () => {
    const client = await connect()
    const marker = sleepMarker()
    await call(client, 'bash', { command: `(sleep ${marker} &) ; echo started` })
    expect(await eventually(() => processesWith(marker).length === 1)).toBe(true)
    await client.close()
    expect(await eventually(() => processesWith(marker).length === 0, 10_000)).toBe(true)
  })
})
