// A `bash` call's input read into a plan: the command (a trailing `| head`/`| tail` lifted, a
// leading `cd dir &&` made the cwd), its directory checked, its timeout clamped, and the
// interceptor's verdict, before anything runs.
import { checkBashInterception, normalizeBashCommand, type InterceptorRule } from '../native'
import {
  checkDirectory,
  envInput,
  leadingCd,
  optionalBoolean,
  optionalLineCount,
  optionalString,
  record,
  requiredCommand,
  timeoutInput,
} from '../input'
import type { ToolResult } from '../types'
import type { ToolConfig } from './config'
import { errorResult } from './results'

export interface Plan {
  command: string
  cwd?: string
  env?: Record<string, string>
  timeout: ReturnType<typeof timeoutInput>
  headLines?: number
  tailLines?: number
  background: boolean
  pty: boolean
  description?: string
}

/**
 * The plan for `raw`, or the error result of a blocked command. Throws `InputError` for input the
 * model must fix; `sessionCwd` is what a relative `cwd` resolves against.
 */
export function planCall(raw: unknown, config: ToolConfig, sessionCwd: string): Plan | ToolResult {
  const input = record(raw)
  const given = requiredCommand(input)
  const timeout = timeoutInput(input, config.defaultTimeoutSeconds, config.maxTimeoutSeconds)
  const env = envInput(input)
  let cwdInput = optionalString(input, 'cwd')
  const head = optionalLineCount(input, 'head')
  const tail = optionalLineCount(input, 'tail')
  const background = (optionalBoolean(input, 'run_in_background') ?? false) || (optionalBoolean(input, 'async') ?? false)
  const pty = optionalBoolean(input, 'pty') ?? false
  const description = optionalString(input, 'description')

  let command = given
  const cd = cwdInput === undefined ? leadingCd(given) : undefined
  if (cd) {
    cwdInput = cd.dir
    command = cd.rest
  }
  const cwd = cwdInput === undefined ? undefined : checkDirectory(cwdInput, sessionCwd)

  const blocked = config.interceptor && intercepted(cd ? [given, command] : [given], config.interceptor)
  if (blocked) return blocked

  const normalized = normalizeBashCommand(command)
  return {
    command: normalized.command,
    cwd,
    env,
    timeout,
    headLines: head ?? normalized.headLines,
    tailLines: tail ?? normalized.tailLines,
    background,
    pty,
    description,
  }
}

/** The error result of the first candidate a rule blocks, with the anchor's structured recovery; undefined when none is. */
function intercepted(candidates: string[], interceptor: NonNullable<ToolConfig['interceptor']>): ToolResult | undefined {
  const available = interceptor.availableTools ?? [...new Set(interceptor.rules.map((r: InterceptorRule) => r.tool))]
  for (const candidate of candidates) {
    const verdict = checkBashInterception(candidate, interceptor.rules, available)
    if (verdict.blocked) {
      // The anchor's structured recovery: which tool to call instead, for which command.
      const replacement = { tool: verdict.suggestedTool, command: candidate }
      const message = verdict.message ?? `Blocked: use the ${verdict.suggestedTool} tool instead.`
      return errorResult(`${message}\n\nStructured recovery: ${JSON.stringify(replacement)}`, {
        blocked: true,
        suggestedTool: verdict.suggestedTool,
        matchedSegment: verdict.matchedSegment,
        replacement,
      })
    }
  }
  return undefined
}
