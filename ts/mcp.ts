// The tools of a tool set as a Model Context Protocol server (official TypeScript SDK, low-level
// `Server`: the tools already carry JSON Schemas). Partial output of a running command goes to
// the client as progress notifications when its request carries a progressToken.
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { createBashTools } from './tools'
import type { AgentTool, BashToolSet, BashToolsOptions } from './types'

const PROGRESS_INTERVAL_MS = 100 // coalesce output into a few notifications a second, not one per chunk
/** A progress notification at least this often while a call with a progress token runs, output or
 * not: the TypeScript SDK client's request timeout is 60 s (reset by progress when it asks), while
 * a command may run for 300 s and print nothing. */
export const PROGRESS_HEARTBEAT_MS = 5_000

/**
 * What every result carries as `structuredContent`, and the `outputSchema` that says so: the text
 * the model reads (`output`) beside the details. A client that shows the model only the
 * structured content (OpenAI Agents' `useStructuredContent`) still shows it the output.
 */
export const toolOutputSchema = {
  type: 'object',
  properties: {
    output: { type: 'string', description: 'The text of the result, as in `content`.' },
    isError: { type: 'boolean' },
    exitCode: { type: 'number' },
  },
  required: ['output', 'isError'],
} as const

type JsonSchema = Record<string, unknown>

/**
 * A schema OpenAI's strict mode accepts (`strict: true` function tools, Structured Outputs): every
 * property required, optional ones nullable (null means absent to these tools), no open maps (the
 * `env` map becomes a list of `{ name, value }` pairs, which the server turns back into a map) and
 * `additionalProperties: false` throughout. Keywords strict mode refuses (`minimum`) are dropped.
 */
export function strictInputSchema(schema: JsonSchema): JsonSchema {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  const strict: Record<string, JsonSchema> = {}
  for (const [name, property] of Object.entries(properties)) {
    let p: JsonSchema = { ...property }
    delete p.minimum
    if (p.type === 'object' && p.additionalProperties && typeof p.additionalProperties === 'object') {
      p = {
        type: 'array',
        description: `${String(p.description ?? '')} Given as a list of { name, value } pairs.`.trim(),
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, value: p.additionalProperties },
          required: ['name', 'value'],
          additionalProperties: false,
        },
      }
    }
    if (!required.has(name)) p.type = [p.type as string, 'null']
    strict[name] = p
  }
  return { type: 'object', properties: strict, required: Object.keys(strict), additionalProperties: false }
}

/** Turns strict-mode input back into the tools' own: `null` fields dropped, pair lists into maps. */
function fromStrictInput(input: unknown): unknown {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return input
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    if (value === null) continue
    const pairs = Array.isArray(value) && value.every((v) => v && typeof v === 'object' && 'name' in v && 'value' in v)
    out[key] = pairs ? Object.fromEntries((value as { name: string; value: unknown }[]).map((v) => [v.name, v.value])) : value
  }
  return out
}
export interface McpServerOptions {
  /** Options of the tool set the server exposes. */
  tools?: BashToolsOptions
  /** Server name reported to clients. @default "agent-shell" */
  name?: string
  version?: string
  /** List the tools with OpenAI strict-mode input schemas ({@link strictInputSchema}); the server
   * accepts both forms of input either way. @default false */
  strictSchemas?: boolean
  /** Milliseconds between progress notifications while a call with a progress token runs
   * silently. @default PROGRESS_HEARTBEAT_MS (5000) */
  progressHeartbeatMs?: number
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
      inputSchema: (options.strictSchemas ? strictInputSchema(tool.inputSchema as JsonSchema) : tool.inputSchema) as {
        type: 'object'
        properties?: Record<string, object>
      },
      outputSchema: toolOutputSchema as unknown as { type: 'object'; properties?: Record<string, object> },
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
      throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}. The tools are ${list.map((t) => t.name).join(', ')}.`)
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
    // Silence is not an end: a heartbeat keeps a client that resets its timeout on progress waiting.
    const heartbeat =
      progressToken === undefined
        ? undefined
        : setInterval(() => {
            progress += 1
            void extra.sendNotification({ method: 'notifications/progress', params: { progressToken, progress } }).catch(() => undefined)
          }, options.progressHeartbeatMs ?? PROGRESS_HEARTBEAT_MS)
    const result = await tool.execute(fromStrictInput(request.params.arguments ?? {}), {
      signal: extra.signal,
      ...(progressToken !== undefined && {
        onOutput(text: string) {
          pending += text
          timer ??= setTimeout(send, PROGRESS_INTERVAL_MS)
        },
      }),
    }).finally(() => clearInterval(heartbeat))
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
    const output = content.map((c) => c.text).join('\n')
    return { content, isError: result.isError, structuredContent: { ...result.details, output, isError: result.isError } }
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
