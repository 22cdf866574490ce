// What the framework adapters share: the tool set they wrap, the permission verdict of a call, the
// error a failed call becomes, and a run's live output as an async generator (the shape in which
// the AI SDK and LangChain stream a tool's progress).
import { createBashTools } from '../tools'
import type { AgentTool, BashToolSet, BashToolsOptions, PermissionDecision, ToolContext, ToolResult } from '../types'

export interface AdapterOptions extends BashToolsOptions {
  /**
   * Whether a call whose `checkPermissions` verdict is `ask` waits for the framework's approval
   * step (`false`: it runs without one). A `deny` verdict is refused either way and never runs.
   * @default true
   */
  approval?: boolean
}

/**
 * The framework's module, or an error that says which package to install: the frameworks are
 * optional peer dependencies, so a missing one is the user's next step, not a stack trace.
 */
export function requirePeer<T>(moduleId: string, subpath: string, peer: string, install: string): T {
  try {
    return require(moduleId) as T
  } catch (error) {
    const e = error as { code?: string; message?: string } | null
    if (e?.code !== 'MODULE_NOT_FOUND' || !e.message?.includes(`'${moduleId}'`)) throw error
    throw Object.assign(new Error(`${subpath} needs ${peer}, an optional peer dependency that is not installed: npm install ${install}`), { code: 'MODULE_NOT_FOUND', cause: error })
  }
}

/** The tool set the adapter wraps, and the three tools in the order the frameworks list them. */
export function toolSet(options: AdapterOptions): { set: BashToolSet; tools: AgentTool[]; approval: boolean } {
  const { approval = true, ...rest } = options
  const set = createBashTools(rest)
  return { set, tools: [set.bash, set.bashOutput, set.killBash], approval }
}

/** The result a model reads, as text. */
export function resultText(result: ToolResult): string {
  return result.content.map((part) => part.text).join('\n')
}

/** A failed call (`isError`): thrown where a framework takes a thrown error as a failed tool call. */
export class BashToolError extends Error {
  override name = 'BashToolError'
  /** The tool's result: its `details` say what happened (exitCode, timedOut, refused, ...). */
  readonly result: ToolResult
  constructor(result: ToolResult) {
    super(resultText(result))
    this.result = result
  }
}

export function verdict(tool: AgentTool, input: unknown): PermissionDecision {
  return tool.checkPermissions?.(input) ?? { behavior: 'allow', reasons: [] }
}

/** What a call refused by its verdict (or by a missing approval) reads as; it never ran. */
export function refusal(decision: PermissionDecision, why: string): ToolResult {
  const reasons = decision.reasons.length ? `: ${decision.reasons.join('; ')}` : ''
  return {
    content: [{ type: 'text', text: `Not run. ${why}${reasons}` }],
    isError: true,
    details: { refused: true, permission: decision },
  }
}

export const DENIED = 'This command is not allowed (the permission check denied it)'

/** `ToolContext` with the approval flag of docs/api.md §10 (an approved call is not confined to reading). */
export type AdapterContext = ToolContext & { approved?: boolean }

export type Progress = { kind: 'update'; text: string } | { kind: 'output'; text: string }

/**
 * Runs `execute` and yields its live output as it comes: `update` is the output so far (what
 * `onUpdate` gives, at most every 200 ms), `output` each new piece (`onOutput`). Only the latest
 * `update` is kept while nobody reads; `output` pieces are all kept. Returns the result, or
 * rethrows what `execute` threw (an abort).
 */
export async function* progress(kind: Progress['kind'], execute: (context: AdapterContext) => Promise<ToolResult>, context: AdapterContext): AsyncGenerator<string, ToolResult> {
  const pending: string[] = []
  let wake: (() => void) | undefined
  let settled = false
  const push = (text: string) => {
    if (kind === 'update') pending.length = 0
    pending.push(text)
    wake?.()
  }
  const running = execute({ ...context, ...(kind === 'update' ? { onUpdate: push } : { onOutput: push }) })
  const settle = () => {
    settled = true
    wake?.()
  }
  running.then(settle, settle)
  for (;;) {
    const next = pending.shift()
    if (next !== undefined) {
      yield next
      continue
    }
    if (settled) return await running
    await new Promise<void>((resolve) => (wake = resolve))
    wake = undefined
  }
}
