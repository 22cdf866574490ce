// `agent-shell/openai-agents`: the three tools for OpenAI's Agents SDK (`@openai/agents`, an optional
// peer dependency). The schema is given with `strict: false` (optional fields, the `env` map); the
// model reads the output text; a failed command is thrown, so the SDK records a failed tool call
// (its span gets the error) and the model reads the text as it is (no "An error occurred" prefix);
// the run's signal reaches the command; an `ask` verdict is the SDK's `needsApproval` (an
// interruption the host approves or rejects). The SDK does not stream a tool's progress:
// `onUpdate` gives it to the host.
import type * as Agents from '@openai/agents'
import type { FunctionTool } from '@openai/agents'
import { classifyCommand, Shell as NativeShell } from '../native'
import type { AgentTool, BashToolSet } from '../types'
import { BashToolError, DENIED, refusal, requirePeer, resultText, toolSet, verdict, type AdapterContext, type AdapterOptions } from './common'

const { tool, shellTool } = requirePeer<typeof Agents>('@openai/agents', 'agent-shell/openai-agents', '@openai/agents', '@openai/agents zod')

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

export interface OpenAIShellOptions {
  /** The session's starting directory. @default process.cwd() */
  cwd?: string
  /** Exported once in the session. */
  env?: Record<string, string>
  /** Shell binary. @default "bash" */
  shell?: string
  /** For an action without `timeoutMs`. @default 300000 */
  defaultTimeoutMs?: number
  /** For an action without `maxOutputLength`: bytes kept of each of stdout and stderr. @default 51200 */
  maxOutputLength?: number
  /** Whether an action with a command whose verdict is `ask` waits for the SDK's approval (`deny` is never run). @default true */
  approval?: boolean
}

export interface OpenAIShellTool {
  /** The Agents SDK's local `shell` tool (shellTool) on one persistent agent-shell session: pass in an Agent's `tools`. */
  tool: Agents.ShellTool
  /** The SDK's Shell interface: `run({ commands, timeoutMs, maxOutputLength })` -> `{ output: [{ stdout, stderr, outcome }] }`. */
  shell: Agents.Shell
  /** Ends the session. */
  close(): Promise<void>
}

/**
 * OpenAI's `shell` tool wants stdout and stderr apart: each command runs with the native option
 * `stderr: 'separate'`, which reads the two streams from pipes of their own, each bounded by
 * `maxOutputLength` (its last bytes are kept) as it comes. The command's own redirections
 * (`2>&1`, `exec 2>file`) behave as under `bash -c`.
 */
export function shellToolForOpenAIAgents(options: OpenAIShellOptions = {}): OpenAIShellTool {
  const session = new NativeShell({ ...(options.env && { sessionEnv: options.env }), ...(options.shell && { shell: options.shell }) })
  const approval = options.approval ?? true
  let cwd = options.cwd ?? process.cwd()
  const verdictOf = (command: string) => classifyCommand(command)

  const shell: Agents.Shell = {
    async run(action) {
      const limit = action.maxOutputLength ?? options.maxOutputLength ?? DEFAULT_SHELL_OUTPUT_BYTES
      const output: Agents.ShellResult['output'] = []
      // A denied command stops the whole action before anything runs.
      const denied = action.commands.map(verdictOf).find((c) => c.level === 'dangerous')
      if (denied) return { output: [{ stdout: '', stderr: `Not run. ${DENIED}: ${denied.reasons.join('; ')}`, outcome: { type: 'exit', exitCode: null } }], maxOutputLength: limit }
      for (const command of action.commands) {
        const result = await session.run({
          command,
          cwd,
          timeoutMs: action.timeoutMs ?? options.defaultTimeoutMs ?? DEFAULT_SHELL_TIMEOUT_MS,
          output: { maxBytes: limit, headBytes: 0 },
          stderr: 'separate',
        })
        if (result.workingDir) cwd = result.workingDir
        output.push({
          stdout: result.output?.output ?? '',
          stderr: result.stderr?.output ?? '',
          outcome: result.timedOut ? { type: 'timeout' } : { type: 'exit', exitCode: result.exitCode ?? null },
        })
        if (result.timedOut) break
      }
      return { output, maxOutputLength: limit }
    },
  }

  return {
    tool: shellTool({
      shell,
      // Read-only actions run; denied ones are refused by run() without asking; the rest wait for approval.
      needsApproval: async (_context, action) => {
        const levels = action.commands.map((command) => verdictOf(command).level)
        return approval && !levels.includes('dangerous') && levels.some((level) => level !== 'read-only')
      },
    }),
    shell,
    close: () => session.close(),
  }
}

const DEFAULT_SHELL_TIMEOUT_MS = 300_000 // the bash tool's default
const DEFAULT_SHELL_OUTPUT_BYTES = 50 * 1024 // the bash tool's default budget
