// `agent-shell/anthropic`: Anthropic's client-side bash tool (`bash_20250124`, input
// `{ command }` or `{ restart: true }`) on the tool layer. No SDK is needed: the definition goes in
// `tools`, and each tool_use block's input is run into the fields of its tool_result block.
// `restart` closes the tool set (its session and background jobs) and starts a fresh one.
import { createBashTools } from '../tools'
import type { BashToolSet, BashToolsOptions, PermissionDecision } from '../types'
import { DENIED, refusal, resultText, type AdapterContext } from './common'

export interface AnthropicBashTool {
  /** The tool definition for `tools` in messages.create. */
  definition: { type: 'bash_20250124'; name: 'bash' }
  /**
   * Runs a tool_use block's input: spread what it returns into the block's tool_result
   * (`{ type: 'tool_result', tool_use_id, ...result }`). A failed command has `is_error: true`;
   * a `deny` verdict is refused without running. `approved` says a person approved this call.
   */
  run(input: unknown, context?: { signal?: AbortSignal; onUpdate?: (partialText: string) => void; approved?: boolean }): Promise<{ content: string; is_error: boolean }>
  /** The verdict for an input (allow, ask or deny), for a host that asks a person before `run`. */
  checkPermissions(input: unknown): PermissionDecision
  /** The current tool set (a restart replaces it). */
  readonly toolSet: BashToolSet
  /** Ends the session and kills every background job. */
  close(): Promise<void>
}

export function bashToolForAnthropic(options: BashToolsOptions = {}): AnthropicBashTool {
  let set = createBashTools(options)
  const commandOf = (input: unknown) => (typeof input === 'object' && input !== null ? { command: (input as { command?: unknown }).command } : input)
  return {
    definition: { type: 'bash_20250124', name: 'bash' },
    async run(input, context = {}) {
      if (typeof input === 'object' && input !== null && (input as { restart?: unknown }).restart === true) {
        const old = set
        set = createBashTools(options)
        await old.close()
        return { content: 'The bash session was restarted: a new shell, with no variables, functions or background jobs of the old one.', is_error: false }
      }
      const decision = set.bash.checkPermissions?.(commandOf(input))
      if (decision?.behavior === 'deny') return { content: resultText(refusal(decision, DENIED)), is_error: true }
      const toolContext: AdapterContext = { ...context }
      const result = await set.bash.execute(commandOf(input), toolContext)
      return { content: resultText(result), is_error: result.isError }
    },
    checkPermissions: (input) => set.bash.checkPermissions?.(commandOf(input)) ?? { behavior: 'allow', reasons: [] },
    get toolSet() {
      return set
    },
    close: () => set.close(),
  }
}
