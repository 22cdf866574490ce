// Results the model reads when something other than the command's own output is the answer:
// an error result, a native rejection turned into one, the rejection of an aborted call, and the
// units the texts use.
import type { ToolResult } from '../types'
import { KB } from './config'

export function errorResult(text: string, details: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text }], isError: true, details }
}

/** A native rejection (bad cwd, bad option, a shell that cannot start) as a result that tells the model what happened. */
export function nativeErrorResult(error: unknown): ToolResult {
  const e = error as { code?: string; message?: string } | null
  const message = e?.message ?? String(error)
  switch (e?.code) {
    case 'ERR_CWD_NOT_FOUND':
      return errorResult(`Working directory does not exist: ${message.replace(/^cwd does not exist: /, '')}`, { code: e.code })
    case 'ERR_CWD_NOT_DIR':
      return errorResult(`Working directory is not a directory: ${message.replace(/^cwd is not a directory: /, '')}`, { code: e.code })
    case 'ERR_TOO_MANY_JOBS':
      return errorResult(`Too many background jobs are running (${message}). Stop some with kill_bash first.`, { code: e.code })
    case undefined:
      throw error
    default:
      return errorResult(`${message} (${e?.code})`, { code: e?.code })
  }
}

export function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw abortError(signal)
}

/**
 * The rejection of an aborted call: an `AbortError` whose message is the anchor's notice,
 * `[Command cancelled]`, followed by the output so far; the signal's reason is its `cause`.
 */
export function abortError(signal: AbortSignal | undefined, output?: string): Error {
  const error = new Error(output ? `[Command cancelled]\n${output}` : '[Command cancelled]', { cause: signal?.reason })
  error.name = 'AbortError'
  return Object.assign(error, { code: 'ABORT_ERR' })
}

/** Resolves `'aborted'` once `signal` is aborted (at once if it already is); never without one. */
export function whenAborted(signal: AbortSignal | undefined): Promise<'aborted'> {
  return new Promise<'aborted'>((resolve) => {
    if (signal?.aborted) resolve('aborted')
    signal?.addEventListener('abort', () => resolve('aborted'), { once: true })
  })
}

export function formatBytes(n: number): string {
  return n < KB ? `${n} B` : n < KB * KB ? `${(n / KB).toFixed(1)} KB` : `${(n / KB / KB).toFixed(1)} MB`
}

export function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`
}
