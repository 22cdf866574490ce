// Background jobs from the `bash` tool: `run_in_background: true` returns the job's id at once;
// with `autoBackgroundMs`, a foreground call runs as a job and becomes a background one if it is
// still running when that time is up.
import { OutputSink, type JobManager, type JobOutput, type SandboxPolicy } from '../native'
import { InputError } from '../input'
import type { ToolContext, ToolResult } from '../types'
import { UPDATE_INTERVAL_MS } from './config'
import { finish } from './format'
import { liveOutput } from './live'
import type { Plan } from './plan'
import { abortError, errorResult, formatSeconds, nativeErrorResult, whenAborted } from './results'
import type { ToolSetState } from './toolset'

/** Starts `p` as a job of `manager`, from the session's state; returns its id. */
export async function backgroundStart(
  t: ToolSetState,
  p: Plan,
  timeoutMs: number | undefined,
  policy: SandboxPolicy | undefined = t.config.sandbox,
  manager = t.session.jobManager(),
): Promise<string> {
  await t.session.ready()
  return manager.start({
    command: p.command,
    // The directory the tool set knows: a confined call's `cd` moved it without moving the shell.
    cwd: p.cwd ?? t.session.cwd,
    ...(p.env && { env: p.env }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(p.description !== undefined && { label: p.description }),
    ...(policy && { sandbox: policy }),
    shell: t.session.shell,
  })
}

/** `run_in_background: true`: the job's id, for bash_output and kill_bash. */
export async function startBackground(t: ToolSetState, p: Plan, policy: SandboxPolicy | undefined = t.config.sandbox): Promise<ToolResult> {
  if (p.pty) return errorResult('`pty` and `run_in_background` cannot be combined: run the command in the background without pty.', {})
  let id: string
  try {
    // A background job has no deadline unless the model gave one: servers and watchers run until killed.
    id = await backgroundStart(t, p, p.timeout.explicit ? p.timeout.seconds * 1000 : undefined, policy)
  } catch (error) {
    if (error instanceof InputError) return errorResult(error.message, {})
    return nativeErrorResult(error)
  }
  const text = [
    `Command running in background with bash_id: ${id}`,
    'Read its output with the bash_output tool and stop it with the kill_bash tool (give them this bash_id).',
  ]
  if (p.timeout.notice) text.unshift(p.timeout.notice)
  return { content: [{ type: 'text', text: text.join('\n') }], isError: false, details: { bashId: id, background: true } }
}

/** With `autoBackgroundMs`: waits up to `waitMs` for the job; a job still running then is the model's background job. */
export async function runAutoBackground(
  t: ToolSetState,
  p: Plan,
  context: ToolContext,
  waitMs: number,
  policy: SandboxPolicy | undefined = t.config.sandbox,
): Promise<ToolResult> {
  const { config, artifacts } = t
  const started = Date.now()
  let manager: JobManager
  let id: string
  try {
    manager = t.session.jobManager()
    id = await backgroundStart(t, p, p.timeout.seconds * 1000, policy)
  } catch (error) {
    if (error instanceof InputError) return errorResult(error.message, {})
    return nativeErrorResult(error)
  }
  const aborted = whenAborted(context.signal)
  // Live output, for a host that shows it: the job's output is read as it comes (each read
  // takes it from the job's buffer) and kept in the sink that gives the result its text.
  const live = context.onUpdate || context.onOutput ? liveOutput(context, config.outputBudget) : undefined
  const sink = new OutputSink({ ...config.output, ...artifacts.next() })
  const deadline = started + waitMs
  let ended: JobOutput
  for (;;) {
    const slice = live ? Math.min(UPDATE_INTERVAL_MS, Math.max(0, deadline - Date.now())) : waitMs
    const read = await Promise.race([manager.wait(id, slice), aborted])
    if (read === 'aborted') {
      live?.stop()
      await manager.kill(id).catch(() => undefined)
      throw abortError(context.signal)
    }
    sink.push(read.output)
    // A job's output is cleaned natively (docs/api.md §9).
    live?.onText(read.output)
    ended = read
    if (read.status !== 'running' || Date.now() >= deadline) break
  }
  live?.stop()
  if (ended.status === 'running') {
    const soFar = sink.dump().output.replace(/\n+$/, '')
    const text = [
      `Command is still running after ${formatSeconds(waitMs)}; it continues in the background with bash_id: ${id}`,
      'Read its output with the bash_output tool and stop it with the kill_bash tool.',
      '',
      soFar === '' ? '(no output yet)' : soFar,
    ].join('\n')
    return { content: [{ type: 'text', text }], isError: false, details: { bashId: id, background: true, autoBackgrounded: true, wallTimeMs: Date.now() - started } }
  }
  // It ended in time: shown as a foreground command, bounded by the same sink.
  return finish(
    p,
    started,
    sink.dump(),
    {
      exitCode: ended.exitCode,
      timedOut: ended.status === 'timed_out',
      signal: ended.signal,
      bashId: id,
    },
    artifacts,
  )
}
