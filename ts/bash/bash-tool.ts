// The `bash` tool: reads the call into a plan, then runs it the one way that applies (confined,
// in the background, on a PTY, auto-backgrounded, or in the session).
import { bashDescription, bashInputSchema } from '../descriptions'
import { InputError } from '../input'
import type { AgentTool, ToolContext, ToolResult } from '../types'
import { runAutoBackground, startBackground } from './background'
import { gatedPermissions, mustConfine, runReadOnly } from './enforce'
import { runForeground, runPty } from './foreground'
import { planCall, type Plan } from './plan'
import { errorResult, throwIfAborted } from './results'
import type { ToolSetState } from './toolset'

export function bashTool(t: ToolSetState): AgentTool {
  const { defaultTimeoutSeconds, maxTimeoutSeconds, output } = t.config
  return {
    name: 'bash',
    description: bashDescription({ defaultTimeoutSeconds, maxTimeoutSeconds, maxBytes: output.maxBytes ?? 0, headBytes: output.headBytes ?? 0 }),
    inputSchema: withTimeoutBounds(bashInputSchema, defaultTimeoutSeconds, maxTimeoutSeconds),
    execute: (raw, context) => t.snapshot.run(() => runBash(t, raw, context)),
    checkPermissions: (input) => gatedPermissions(t, input),
    isReadOnly: (input) => gatedPermissions(t, input).behavior === 'allow',
  }
}

async function runBash(t: ToolSetState, raw: unknown, context: ToolContext = {}): Promise<ToolResult> {
  throwIfAborted(context.signal)
  if (t.session.closed) return errorResult('The bash tool set was closed; no command can run.', {})
  let p: Plan | ToolResult
  try {
    p = planCall(raw, t.config, t.session.cwd)
  } catch (error) {
    if (error instanceof InputError) return errorResult(error.message, {})
    throw error
  }
  if ('content' in p) return p
  const confined = mustConfine(t, raw, context)
  if (confined) return runReadOnly(t, p, context, confined)
  if (p.background) return startBackground(t, p)
  if (p.pty) return runPty(t, p, context)
  const autoBackgroundMs = t.config.options.autoBackgroundMs
  if (autoBackgroundMs !== undefined) return runAutoBackground(t, p, context, autoBackgroundMs)
  return runForeground(t, p, context)
}

/** The confined path whatever the classifier says (for tests: see `RUN_CONFINED`). */
export function runConfined(t: ToolSetState, raw: unknown, context: ToolContext = {}): Promise<ToolResult> {
  return t.snapshot.run(async () => {
    const p = planCall(raw, t.config, t.session.cwd)
    return 'content' in p ? p : runReadOnly(t, p, context)
  })
}

function withTimeoutBounds(schema: typeof bashInputSchema, defaultSeconds: number, maxSeconds: number): Record<string, unknown> {
  return {
    ...schema,
    properties: {
      ...schema.properties,
      timeout: { type: 'number', description: `Timeout in seconds (1 to ${maxSeconds}). Default: ${defaultSeconds}.` },
    },
  }
}
