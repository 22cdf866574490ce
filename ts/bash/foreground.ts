// The two ways a `bash` call runs while the model waits: in the session (`Shell.run`, state kept
// across calls) and on a pseudo-terminal (`PtySession`, outside the session).
import { OutputSink, PtySession, type SandboxPolicy } from '../native'
import type { ToolContext, ToolResult } from '../types'
import type { ToolSetState } from './toolset'
import { finish } from './format'
import { liveOutput } from './live'
import { minimizedOutput, minimizerOption } from './minimize'
import type { Plan } from './plan'
import { abortError, errorResult, nativeErrorResult } from './results'

/** Runs in the session's shell, whose directory (and state) the call then leaves behind. */
export async function runForeground(t: ToolSetState, p: Plan, context: ToolContext): Promise<ToolResult> {
  const { config, session, artifacts } = t
  const started = Date.now()
  const live = liveOutput(context, config.outputBudget)
  // The native sink cleans the chunks (unless the tool set's `output` turned that off): no second pass here.
  const nativeCleans = config.output.stripAnsi !== false && config.output.normalizeNewlines !== false
  // Always given: a session whose shell was replaced (after `exit`, a timeout or an abort) keeps its directory.
  const cwd = p.cwd ?? session.cwd
  session.started = true
  let result
  try {
    result = await session.shell.run(
      {
        command: p.command,
        cwd,
        ...(p.env && { env: p.env }),
        timeoutMs: p.timeout.seconds * 1000,
        ...(context.signal && { signal: context.signal }),
        output: { ...config.output, ...artifacts.next() },
        ...minimizerOption(p, config),
      },
      (error, chunk) => {
        if (error) return
        if (nativeCleans) live.onText(chunk)
        else live.onRaw(chunk)
      },
    )
  } catch (error) {
    live.stop()
    return nativeErrorResult(error)
  }
  live.stop()
  if (result.workingDir) session.cwd = result.workingDir
  if (result.cancelled) {
    if (context.signal?.aborted) throw abortError(context.signal, result.output?.output)
    return errorResult('The command was cancelled because the bash tool set was closed.', { cancelled: true })
  }
  const minimized = minimizedOutput(result, config, artifacts)
  return finish(
    p,
    started,
    minimized?.summary ?? result.output,
    {
      ...(minimized && { minimized: minimized.details }),
      exitCode: result.exitCode,
      timedOut: result.timedOut,
      signal: result.signal,
      cwd: session.cwd,
      ...(result.sessionRestarted && { sessionRestarted: true }),
    },
    artifacts,
  )
}

/** Runs on a pseudo-terminal with the tool set's env and the session's directory, not its variables. */
export async function runPty(t: ToolSetState, p: Plan, context: ToolContext, policy: SandboxPolicy | undefined = t.config.sandbox): Promise<ToolResult> {
  const { config, session, artifacts } = t
  const started = Date.now()
  const live = liveOutput(context, config.outputBudget)
  const sink = new OutputSink({ ...config.output, ...artifacts.next() })
  const pty = new PtySession()
  let result
  try {
    result = await pty.start(
      {
        ...t.snapshot.forPty(p.command, { ...config.options.env, ...p.env }),
        cwd: p.cwd ?? session.cwd,
        timeoutMs: p.timeout.seconds * 1000,
        shell: config.options.shell ?? 'bash',
        ...(policy && { sandbox: policy }),
        ...(context.signal && { signal: context.signal }),
      },
      (error, chunk) => {
        if (error) return
        sink.push(chunk)
        live.onRaw(chunk)
      },
    )
  } catch (error) {
    live.stop()
    return nativeErrorResult(error)
  }
  live.stop()
  if (result.cancelled) {
    if (context.signal?.aborted) throw abortError(context.signal)
    return errorResult('The command was cancelled.', { cancelled: true })
  }
  return finish(p, started, sink.dump(), { exitCode: result.exitCode, timedOut: result.timedOut, signal: result.signal, pty: true }, artifacts)
}
