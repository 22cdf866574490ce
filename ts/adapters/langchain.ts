// `agent-shell/langchain`: the three tools for LangChain.js (`@langchain/core`, an optional peer
// dependency), for `createAgent` (langchain) or LangGraph's ToolNode. The model reads the output
// text; a failed command is a ToolMessage with `status: "error"` (LangChain reports a tool's plain
// return as a success); input LangChain's own schema check rejects goes to the tool anyway, which
// says what is wrong in its own words; the run's signal reaches the command; live output is the
// tool's stream of events (LangGraph's "tools" stream mode, `on_tool_event`); an `ask` verdict goes
// through langchain's human-in-the-loop middleware: pass `interruptOn` to
// `humanInTheLoopMiddleware`. Without that middleware an `ask` call is refused (unless
// `approval: false`), and a `deny` is refused always.
import type * as Messages from '@langchain/core/messages'
import type * as Tools from '@langchain/core/tools'
import type { ToolMessage as ToolMessageType } from '@langchain/core/messages'
import type { StructuredToolInterface } from '@langchain/core/tools'
import type { RunnableConfig } from '@langchain/core/runnables'
import type { AgentTool, BashToolSet, ToolResult } from '../types'
import { BashToolError, DENIED, progress, refusal, requirePeer, resultText, toolSet, verdict, type AdapterOptions } from './common'

const { ToolMessage } = requirePeer<typeof Messages>('@langchain/core/messages', 'agent-shell/langchain', '@langchain/core', '@langchain/core')
const { DynamicStructuredTool, ToolInputParsingException } = requirePeer<typeof Tools>('@langchain/core/tools', 'agent-shell/langchain', '@langchain/core', '@langchain/core')

export { BashToolError, type AdapterOptions } from './common'

interface ToolCallLike {
  name: string
  args: Record<string, unknown>
  id?: string
}

/** One entry of langchain's `humanInTheLoopMiddleware({ interruptOn })`, by tool name. */
export interface InterruptOnEntry {
  allowedDecisions: ('approve' | 'edit' | 'reject')[]
  description: (toolCall: ToolCallLike) => string
  /** True (interrupt for a person's decision) when the call's permission verdict is `ask`. */
  when: (request: { toolCall: ToolCallLike }) => boolean
}

export interface LangChainBashTools {
  /** Pass as `tools` to createAgent / ToolNode / model.bindTools. */
  tools: StructuredToolInterface[]
  /** Pass to `humanInTheLoopMiddleware({ interruptOn })` (langchain): `ask` verdicts wait for a person. */
  interruptOn: Record<string, InterruptOnEntry>
  /** The underlying tool set (resolveArtifact, ...). */
  toolSet: BashToolSet
  /** Ends the session and kills every background job. */
  close(): Promise<void>
}

type Output = ToolMessageType | string

export function bashToolsForLangChain(options: AdapterOptions = {}): LangChainBashTools {
  const { set, tools, approval } = toolSet(options)
  /** Calls the middleware sent to a person: the tool runs only those that come back (approved or edited). */
  const interrupted = new Set<string>()

  async function* run(agentTool: AgentTool, input: unknown, config: RunnableConfig | undefined): AsyncGenerator<string, Output> {
    const toolCall = (config as { toolCall?: ToolCallLike } | undefined)?.toolCall
    const decision = verdict(agentTool, input)
    let result: ToolResult
    if (decision.behavior === 'deny') {
      result = refusal(decision, DENIED)
    } else if (approval && decision.behavior === 'ask' && !(toolCall?.id !== undefined && interrupted.delete(toolCall.id))) {
      result = refusal(decision, 'This command needs a person\'s approval and the agent has no approval step for it (humanInTheLoopMiddleware with interruptOn from bashToolsForLangChain)')
    } else {
      result = yield* progress('output', (context) => agentTool.execute(input, context), {
        ...(config?.signal && { signal: config.signal }),
        approved: approval && decision.behavior === 'ask',
      })
    }
    if (toolCall?.id === undefined) {
      // Called directly, not as a model's tool call: there is no ToolMessage to mark, so a failure throws.
      if (result.isError) throw new BashToolError(result)
      return resultText(result)
    }
    return new ToolMessage({
      content: resultText(result),
      tool_call_id: toolCall.id,
      name: agentTool.name,
      status: result.isError ? 'error' : 'success',
      artifact: result.details,
    })
  }

  class AgentShellTool extends DynamicStructuredTool {
    constructor(readonly agentTool: AgentTool) {
      super({
        name: agentTool.name,
        description: agentTool.description,
        schema: agentTool.inputSchema,
        func: ((input: unknown, _runManager: unknown, config?: RunnableConfig) => run(agentTool, input, config)) as never,
      })
    }

    // LangChain checks the input against the schema before the tool sees it and answers a mismatch
    // with "did not match expected schema" alone; the tool reads the input itself instead.
    override async call(arg: any, configArg?: any, tags?: string[]): Promise<any> {
      try {
        return await super.call(arg, configArg, tags)
      } catch (error) {
        if (!(error instanceof ToolInputParsingException)) throw error
        const isCall = typeof arg === 'object' && arg !== null && arg.type === 'tool_call'
        const config = { ...configArg, ...(isCall && { toolCall: arg }) }
        const events = run(this.agentTool, isCall ? arg.args : arg, config)
        for (;;) {
          const next = await events.next()
          if (next.done) return next.value
        }
      }
    }
  }

  const interruptOn: Record<string, InterruptOnEntry> = {}
  for (const agentTool of tools) {
    interruptOn[agentTool.name] = {
      allowedDecisions: ['approve', 'edit', 'reject'],
      description: (toolCall) => {
        const reasons = verdict(agentTool, toolCall.args).reasons
        return `${agentTool.name} wants to run ${JSON.stringify(toolCall.args.command ?? toolCall.args)}${reasons.length ? ` (${reasons.join('; ')})` : ''}`
      },
      when: ({ toolCall }) => {
        const ask = approval && verdict(agentTool, toolCall.args).behavior === 'ask'
        if (ask && toolCall.id !== undefined) interrupted.add(toolCall.id)
        return ask
      },
    }
  }

  return {
    tools: tools.map((agentTool) => new AgentShellTool(agentTool)),
    interruptOn,
    toolSet: set,
    close: async () => {
      interrupted.clear()
      await set.close()
    },
  }
}
