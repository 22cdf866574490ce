// `agent-shell/ai`: the three tools for the Vercel AI SDK (`ai` 5/6, an optional peer dependency).
// The model reads the output text (toModelOutput), a failed command is a tool error (thrown, so the
// SDK records a `tool-error` and the model reads the text as `error-text`), the call's abortSignal
// reaches the command, live output arrives as preliminary results (streamText), and an `ask`
// verdict is the SDK's `needsApproval`.
import type * as Ai from 'ai'
import type { Tool } from 'ai'
import type { AgentTool, BashToolSet, ToolResult } from '../types'
import { BashToolError, DENIED, progress, refusal, requirePeer, resultText, toolSet, verdict, type AdapterOptions } from './common'

const { jsonSchema, tool } = requirePeer<typeof Ai>('ai', 'agent-shell/ai', 'ai', 'ai@^6')

export { BashToolError, type AdapterOptions } from './common'

/** A tool's output as the host sees it: the agent-shell result (`details` for a UI); the model reads only its text. */
export type AiSdkToolOutput = ToolResult & { preliminary?: boolean }

export interface AiSdkBashTools {
  /** Pass as `tools` to generateText/streamText (or merge with your own). */
  tools: { bash: Tool<Record<string, unknown>, AiSdkToolOutput>; bash_output: Tool<Record<string, unknown>, AiSdkToolOutput>; kill_bash: Tool<Record<string, unknown>, AiSdkToolOutput> }
  /** The underlying tool set (resolveArtifact, ...). */
  toolSet: BashToolSet
  /** Ends the session and kills every background job. */
  close(): Promise<void>
}

export function bashToolsForAiSdk(options: AdapterOptions = {}): AiSdkBashTools {
  const { set, approval } = toolSet(options)

  function wrap(agentTool: AgentTool): Tool<Record<string, unknown>, AiSdkToolOutput> {
    return tool<Record<string, unknown>, AiSdkToolOutput>({
      description: agentTool.description,
      // No validator: the tool checks its own input and tells the model what is wrong.
      inputSchema: jsonSchema<Record<string, unknown>>(agentTool.inputSchema as Parameters<typeof jsonSchema>[0] & object),
      needsApproval: (input) => approval && verdict(agentTool, input).behavior === 'ask',
      async *execute(input, { abortSignal }) {
        const decision = verdict(agentTool, input)
        if (decision.behavior === 'deny') throw new BashToolError(refusal(decision, DENIED))
        const updates = progress('update', (context) => agentTool.execute(input, context), {
          ...(abortSignal && { signal: abortSignal }),
          // An `ask` call reaches execute only once the user approved it.
          approved: approval && decision.behavior === 'ask',
        })
        let next = await updates.next()
        while (!next.done) {
          yield { content: [{ type: 'text', text: next.value }], isError: false, details: {}, preliminary: true }
          next = await updates.next()
        }
        if (next.value.isError) throw new BashToolError(next.value)
        yield next.value
      },
      toModelOutput: ({ output }) => ({ type: 'text', value: resultText(output) }),
    })
  }

  return {
    tools: { bash: wrap(set.bash), bash_output: wrap(set.bashOutput), kill_bash: wrap(set.killBash) },
    toolSet: set,
    close: () => set.close(),
  }
}
