// `agent-shell mcp` through the official Python MCP SDK (PyPI `mcp`, pinned below): lists the
// tools, runs a command, reads a failure and an unknown tool, over stdio, as a Python agent would.
// Not part of `npm test` (CI has no Python): run `npm run check:mcp-python` (after
// `npm run build:ts`). It makes a virtual environment in a temp dir, installs the SDK there from
// PyPI, and removes the directory when done, whatever the outcome. Needs python3 (3.10 or later)
// with its `venv` module.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const MCP_VERSION = '1.27.0'
const root = dirname(dirname(fileURLToPath(import.meta.url)))
const cli = join(root, 'dist', 'cli.js')
const python = process.env.PYTHON ?? 'python3'

const client = String.raw`
import asyncio, json, os, sys
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import McpError

node, cli, cwd = sys.argv[1:4]

def check(cond, what):
    if not cond:
        raise SystemExit("FAIL: " + what)
    print("ok:", what)

async def main():
    params = StdioServerParameters(command=node, args=[cli, "mcp", "--cwd", cwd], env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": cwd})
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            check(init.serverInfo.name != "", "initialize: server " + init.serverInfo.name)
            tools = (await session.list_tools()).tools
            check([t.name for t in tools] == ["bash", "bash_output", "kill_bash"], "tools/list: bash, bash_output, kill_bash")
            check(all(t.outputSchema for t in tools), "tools/list: every tool has an outputSchema")
            r = await session.call_tool("bash", {"command": "echo from-python; pwd"})
            text = "".join(c.text for c in r.content if c.type == "text")
            check(not r.isError and text == "from-python\n" + cwd, "tools/call bash: output and --cwd (" + json.dumps(text) + ")")
            check(r.structuredContent["output"] == text and r.structuredContent["exitCode"] == 0, "tools/call bash: structuredContent carries the output and exitCode 0")
            r = await session.call_tool("bash", {"command": "export KEEP=kept"})
            r = await session.call_tool("bash", {"command": "echo $KEEP; exit 3"})
            text = "".join(c.text for c in r.content if c.type == "text")
            check(r.isError and text.startswith("kept\n") and text.endswith("Command exited with code 3"), "tools/call bash: state persists; exit 3 is an error result")
            try:
                await session.call_tool("nope", {})
                check(False, "unknown tool rejected")
            except McpError as e:
                check(e.error.code == -32602, "unknown tool: JSON-RPC error -32602")

asyncio.run(main())
`

const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...opts })
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')}: ${r.error?.message ?? `exit ${r.status}`}`)
}

const temp = mkdtempSync(join(tmpdir(), 'agent-shell-mcp-python-'))
let failed = false
try {
  const venv = join(temp, 'venv')
  run(python, ['-m', 'venv', venv])
  const py = join(venv, 'bin', 'python')
  run(py, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', `mcp==${MCP_VERSION}`])
  const script = join(temp, 'client.py')
  writeFileSync(script, client)
  const cwd = join(temp, 'work')
  mkdirSync(cwd)
  run(py, [script, process.execPath, cli, cwd])
  console.log(`check-mcp-python: passed with the Python MCP SDK ${MCP_VERSION}`)
} catch (error) {
  failed = true
  console.error(`check-mcp-python: ${error.message}`)
} finally {
  rmSync(temp, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
