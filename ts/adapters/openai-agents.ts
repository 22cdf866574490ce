// `agent-shell/openai-agents`: the three tools for OpenAI's Agents SDK (`@openai/agents`, an optional
// peer dependency). The schema is given with `strict: false` (optional fields, the `env` map); the
// model reads the output text; a failed command is thrown, so the SDK records a failed tool call
// (its span gets the error) and the model reads the text as it is (no "An error occurred" prefix);
// the run's signal reaches the command; an `ask` verdict is the SDK's `needsApproval` (an
// interruption the host approves or rejects). The SDK does not stream a tool's progress:
// `onUpdate` gives it to the host.
import type * as Agents from '@openai/agents'
import type { FunctionTool } from '@openai/agents'
import type { AgentTool, BashToolSet } from '../types'
import { BashToolError, DENIED, refusal, requirePeer, resultText, toolSet, verdict, type AdapterContext, type AdapterOptions } from './common'

const { tool } = requirePeer<typeof Agents>('@openai/agents', 'agent-shell/openai-agents', '@openai/agents', '@openai/agents zod')

export { BashToolError, type AdapterOptions } from './common'

export interface OpenAIAgentsAdapterOptions extends AdapterOptions {
  /** Live output for a UI: the output so far of a running call, at most every 200 ms. */
  onUpdate?: (update: { toolName: string; callId?: string; text: string }) => void
}

export interface OpenAIAgentsBashTools {
  /** Pass as an Agent's `tools`. */
  tools: FunctionTool[]
  /** The underlying tool set (resolveArtifact, ...). */
  toolSet: BashToolSet
  /** Ends the session and kills every background job. */
  close(): Promise<void>
}

export function bashToolsForOpenAIAgents(options: OpenAIAgentsAdapterOptions = {}): OpenAIAgentsBashTools {
  const { onUpdate, ...rest } = options
  const { set, tools, approval } = toolSet(rest)

  function wrap(agentTool: AgentTool): FunctionTool {
    return tool({
      name: agentTool.name,
      description: agentTool.description,
      parameters: agentTool.inputSchema as { type: 'object'; properties: Record<string, never>; required: never[]; additionalProperties: true },
      strict: false,
      needsApproval: async (_context, input) => approval && verdict(agentTool, input).behavior === 'ask',
      async execute(input, _context, details) {
        const decision = verdict(agentTool, input)
        if (decision.behavior === 'deny') throw new BashToolError(refusal(decision, DENIED))
        const callId = details?.toolCall?.callId
        const context: AdapterContext = {
          ...(details?.signal && { signal: details.signal }),
          ...(onUpdate && { onUpdate: (text: string) => onUpdate({ toolName: agentTool.name, ...(callId !== undefined && { callId }), text }) }),
          // An `ask` call reaches execute only once the host approved its interruption.
          approved: approval && decision.behavior === 'ask',
        }
        const result = await agentTool.execute(input, context)
        if (result.isError) throw new BashToolError(result)
        return resultText(result)
      },
      errorFunction: (_context, error) => (error instanceof BashToolError ? error.message : `An error occurred while running the tool: ${String(error)}`),
    }) as unknown as FunctionTool
  }

  return { tools: tools.map(wrap), toolSet: set, close: () => set.close() }
}
