// `agent-shell mcp` through a client nobody here wrote: the MCP Inspector's command-line mode
// (`mcp-inspector --cli`, the devDependency @modelcontextprotocol/inspector, pinned), which
// starts the server itself over stdio, lists the tools and calls one, as a user checking a
// server by hand would. 0.21.x is the inspector's last line whose CLI runs on Node 20 (2.x needs
// Node 22.19); 0.21.2 declares Node 22.7.5 in `engines`, and its CLI runs on Node 20 all the same.
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const root = dirname(import.meta.dirname)
const inspector = join(root, 'node_modules', '@modelcontextprotocol', 'inspector', 'cli', 'build', 'cli.js')
const cli = join(root, 'dist', 'cli.js')
let dir = ''

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-shell-inspector-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

/** Runs `mcp-inspector --cli node dist/cli.js mcp --cwd DIR <args>`; its exit status, stdout and stderr. */
function inspect(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [inspector, '--cli', process.execPath, cli, 'mcp', '--cwd', dir, ...args],
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir }, timeout: 25_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    )
  })
}

describe('MCP Inspector CLI (@modelcontextprotocol/inspector --cli)', () => {
  it('tools/list: the three tools, each with its input and output schema', async () => {
    const r = await inspect(['--method', 'tools/list'])
    expect(r.code, r.stderr).toBe(0)
    const { tools } = JSON.parse(r.stdout) as { tools: { name: string; inputSchema: { required?: string[] }; outputSchema?: object }[] }
    expect(tools.map((t) => t.name)).toEqual(['bash', 'bash_output', 'kill_bash'])
    expect(tools[0]!.inputSchema.required).toEqual(['command'])
    expect(tools.every((t) => t.outputSchema)).toBe(true)
  })

  it('tools/call: runs bash in --cwd and gives the output as content and structured content', async () => {
    const r = await inspect(['--method', 'tools/call', '--tool-name', 'bash', '--tool-arg', 'command=echo from-inspector; pwd'])
    expect(r.code, r.stderr).toBe(0)
    const result = JSON.parse(r.stdout)
    expect(result).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: `from-inspector\n${dir}` }],
      structuredContent: { output: `from-inspector\n${dir}`, isError: false, exitCode: 0, cwd: dir },
    })
  })

  it('tools/call: a failing command is an error result; an unknown tool is a JSON-RPC error', async () => {
    const failed = await inspect(['--method', 'tools/call', '--tool-name', 'bash', '--tool-arg', 'command=echo no >&2; exit 3'])
    expect(failed.code, failed.stderr).toBe(0)
    expect(JSON.parse(failed.stdout)).toMatchObject({ isError: true, structuredContent: { exitCode: 3 } })
    expect(JSON.parse(failed.stdout).content[0].text).toMatch(/^no\n\nCommand exited with code 3$/)
    const unknown = await inspect(['--method', 'tools/call', '--tool-name', 'nope'])
    expect(unknown.code).not.toBe(0)
    expect(unknown.stdout + unknown.stderr).toContain('-32602')
  })
})
