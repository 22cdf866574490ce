// The tools of a tool set as a Model Context Protocol server (official TypeScript SDK, low-level
// `Server`: the tools already carry JSON Schemas). Partial output of a running command goes to
// the client as progress notifications when its request carries a progressToken.
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { createBashTools } from './tools'
import type { AgentTool, BashToolSet, BashToolsOptions } from './types'

const PROGRESS_INTERVAL_MS = 100 // coalesce output into a few notifications a second, not one per chunk

export interface McpServerOptions {
  /** Options of the tool set the server exposes. */
  tools?: BashToolsOptions
  /** Server name reported to clients. @default "agent-shell" */
  name?: string
  version?: string
}

export interface McpServerHandle {
  server: Server
  tools: BashToolSet
  /** Closes the transport, the session and every background job. */
  close(): Promise<void>
}

export function createMcpServer(options: McpServerOptions = {}): McpServerHandle {
  // An MCP client decides on every call itself (asks its user, or not) and calls only what it
  // decided to run; the server sees no verdict to enforce: calls run as configured unless the
  // options ask for `enforceReadOnly`.
  const tools = createBashTools({ enforceReadOnly: false, ...options.tools })
  const list: AgentTool[] = [tools.bash, tools.bashOutput, tools.killBash]
  const server = new Server(
    { name: options.name ?? 'agent-shell', version: options.version ?? '0.0.0' },
    {
      capabilities: { tools: {} },
      instructions:
        'Runs shell commands for you in one persistent bash session (bash), and manages long-running background commands (bash_output, kill_bash).',
    },
  )

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: list.map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema as { type: 'object'; properties?: Record<string, object> },
      annotations: {
        readOnlyHint: tool === tools.bashOutput,
        destructiveHint: tool === tools.bash || tool === tools.killBash,
        openWorldHint: tool === tools.bash,
      },
    })),
  }))

  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = list.find((t) => t.name === request.params.name)
    if (!tool) {
      return { content: [{ type: 'text', text: `Unknown tool: ${request.params.name}. The tools are ${list.map((t) => t.name).join(', ')}.` }], isError: true }
    }
    const progressToken = request.params._meta?.progressToken
    let pending = ''
    let progress = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const send = () => {
      timer = undefined
      if (pending === '' || progressToken === undefined) return
      const message = pending
      pending = ''
      progress += 1
      void extra
        .sendNotification({ method: 'notifications/progress', params: { progressToken, progress, message } })
        .catch(() => undefined)
    }
    const result = await tool.execute(request.params.arguments ?? {}, {
      signal: extra.signal,
      ...(progressToken !== undefined && {
        onOutput(text: string) {
          pending += text
          timer ??= setTimeout(send, PROGRESS_INTERVAL_MS)
        },
      }),
    })
    if (timer) clearTimeout(timer)
    send()
    // An MCP client cannot call resolveArtifact: name the file, which the model can read with bash.
    const content = result.content.map((c) => ({
      ...c,
      text: c.text.replace(/artifact:\/\/([\w.-]+)/g, (ref, id: string) => {
        const path = tools.resolveArtifact(id)
        return path ? `${ref} (the file ${path}; read parts of it with bash, e.g. sed -n '1,200p')` : ref
      }),
    }))
    return { content, isError: result.isError, structuredContent: result.details }
  })

  return {
    server,
    tools,
    async close() {
      await server.close()
      await tools.close()
    },
  }
}

/** Serves a tool set on stdin/stdout until the client goes away. */
export async function serveStdio(options: McpServerOptions = {}): Promise<McpServerHandle> {
  const handle = createMcpServer(options)
  const transport = new StdioServerTransport()
  let closing: Promise<void> | undefined
  const close = () => (closing ??= handle.tools.close())
  handle.server.onclose = () => void close()
  process.stdin.on('end', () => void close().then(() => process.exit(0)))
  await handle.server.connect(transport)
  return { ...handle, close: async () => { await handle.server.close(); await close() } }
}
