// The `bash_output` and `kill_bash` tools: read and stop the model's background jobs.
import type { JobOutput } from '../native'
import { bashOutputDescription, bashOutputInputSchema, killBashDescription, killBashInputSchema } from '../descriptions'
import { InputError, optionalString, record } from '../input'
import type { AgentTool, ToolResult } from '../types'
import { errorResult, formatBytes, nativeErrorResult, throwIfAborted } from './results'
import type { ToolSetState } from './toolset'

export function bashOutputTool(t: ToolSetState): AgentTool {
  return {
    name: 'bash_output',
    description: bashOutputDescription,
    inputSchema: bashOutputInputSchema as unknown as Record<string, unknown>,
    async execute(raw, context = {}) {
      throwIfAborted(context.signal)
      let id: string
      let filter: string | undefined
      try {
        const input = record(raw)
        id = optionalString(input, 'bash_id') ?? ''
        if (id === '') throw new InputError('`bash_id` is required: give the bash_id that the bash tool returned.')
        filter = optionalString(input, 'filter')
      } catch (error) {
        if (error instanceof InputError) return errorResult(error.message, {})
        throw error
      }
      try {
        const out = t.session.jobManager().output(id, filter !== undefined ? { filter } : null)
        return { content: [{ type: 'text', text: jobText(t, out, []) }], isError: false, details: jobDetails(out) }
      } catch (error) {
        if (error instanceof InputError) return errorResult(error.message, {})
        return jobError(t, error, id)
      }
    },
    isReadOnly: () => true,
    checkPermissions: () => ({ behavior: 'allow', reasons: ['reads the output of a background job'] }),
  }
}

export function killBashTool(t: ToolSetState): AgentTool {
  return {
    name: 'kill_bash',
    description: killBashDescription,
    inputSchema: killBashInputSchema as unknown as Record<string, unknown>,
    async execute(raw, context = {}) {
      throwIfAborted(context.signal)
      let id: string
      try {
        const input = record(raw)
        id = optionalString(input, 'shell_id') ?? optionalString(input, 'bash_id') ?? ''
        if (id === '') throw new InputError('`shell_id` is required: give the bash_id of the background job to stop.')
      } catch (error) {
        if (error instanceof InputError) return errorResult(error.message, {})
        throw error
      }
      try {
        const out = await t.session.jobManager().kill(id)
        const lead = out.status === 'killed' ? [`Killed background job ${id} and every process it started.`, ''] : [`Background job ${id} had already ended.`, '']
        return { content: [{ type: 'text', text: jobText(t, out, lead) }], isError: false, details: jobDetails(out) }
      } catch (error) {
        if (error instanceof InputError) return errorResult(error.message, {})
        return jobError(t, error, id)
      }
    },
    isReadOnly: () => false,
    checkPermissions: () => ({ behavior: 'allow', reasons: ['stops a background job this tool set started'] }),
  }
}

/** A read of a job: `lead`, its new output, what was dropped (and where the whole of it is), its status. */
function jobText(t: ToolSetState, out: JobOutput, lead: string[]): string {
  const body = out.output.replace(/\n+$/, '')
  const lines = [...lead, body === '' ? '(no new output)' : body, '']
  if (out.droppedBytes > 0) {
    let hint = ''
    if (out.artifactPath) {
      t.artifacts.keep(out.id, out.artifactPath)
      hint = ` The full output is in artifact://${out.id}`
    }
    lines.push(`[${formatBytes(out.droppedBytes)} of older output were dropped before it was read.${hint}]`)
  }
  lines.push(`Status: ${out.status}${out.exitCode !== undefined ? ` (exit code ${out.exitCode})` : ''}${out.signal ? ` (signal ${out.signal})` : ''}`)
  return lines.join('\n')
}

function jobDetails(out: JobOutput): Record<string, unknown> {
  return {
    bashId: out.id,
    status: out.status,
    ...(out.exitCode !== undefined && { exitCode: out.exitCode }),
    ...(out.signal !== undefined && { signal: out.signal }),
    droppedBytes: out.droppedBytes,
    ...(out.artifactPath !== undefined && { artifactPath: out.artifactPath }),
  }
}

function jobError(t: ToolSetState, error: unknown, id: string): ToolResult {
  const code = (error as { code?: string } | null)?.code
  if (code === 'ERR_JOB_NOT_FOUND') {
    const known = t.session.jobs?.list().map((j) => `${j.id} (${j.status}${j.label ? `: ${j.label}` : ''})`) ?? []
    const which = known.length ? ` The background jobs of this session are: ${known.join(', ')}.` : ' This session has no background jobs.'
    return errorResult(`No background job with bash_id "${id}". Use the bash_id that the bash tool returned for a command started with run_in_background: true.${which}`, { bashId: id })
  }
  if (code === 'ERR_INVALID_ARG') return errorResult(`Invalid input: ${(error as Error).message}. Fix it and call the tool again.`, { bashId: id })
  return nativeErrorResult(error)
}
