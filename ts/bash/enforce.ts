// Permissions and the read-only gate (docs/api.md §10: a read-only verdict is enforced, not only
// predicted). `checkPermissions` classifies the command; a call the classifier lets through
// (`allow`) runs confined to reading, so that a command it wrongly calls read-only can do no harm.
// How: a one-shot bash started from the session's state (its directory, variables, functions,
// aliases, options: a native job with `shell: session`, as background jobs are), inside the native
// sandbox with nothing writable but the run's own temp dir and no network. The session itself is
// not touched: what the call changes in the shell (variables, functions, aliases, options) is not
// kept; its final directory is (a directory is a place, as the `cwd` input is, not code that could
// run later unconfined).
import { statSync } from 'node:fs'
import { classifyCommand, minimizeOutput, OutputSink, type JobManager, type JobOutput, type ShellRunResult } from '../native'
import { checkDirectory, envInput, InputError, optionalString, record, requiredCommand } from '../input'
import type { PermissionDecision, ToolContext, ToolResult } from '../types'
import { runAutoBackground, backgroundStart, startBackground } from './background'
import { DEFAULT_MAX_CAPTURE_BYTES, KB, UPDATE_INTERVAL_MS } from './config'
import { finish } from './format'
import { runPty } from './foreground'
import { liveOutput } from './live'
import { minimizedOutput, minimizerOption } from './minimize'
import type { Plan } from './plan'
import { abortError, errorResult, formatBytes, nativeErrorResult, whenAborted } from './results'
import type { ToolSetState } from './toolset'

/**
 * What a confined call's environment adds: git takes no optional lock (status's `.git/index.lock`,
 * made and removed on every run, which the confinement would refuse anyway and git then does
 * without). The call's own `env` input wins. With enforcement on, calls are classified in this
 * environment, since it is the one they run in.
 */
const CONFINED_ENV: Record<string, string> = { GIT_OPTIONAL_LOCKS: '0' }

/** What a confined call's job may hold unread between two reads (200 ms apart). */
const CONFINED_BUFFER_BYTES = 8 * KB * KB

/** An OS refusal in the output: what the confinement (or anything else) denied. */
const REFUSED = /Permission denied|Operation not permitted|Read-only file system|PermissionError|\bE(?:ACCES|PERM|ROFS)\b/
/** Builtins whose effect is the shell's own state, which a confined call does not carry back (besides assignments, below). */
const STATE_BUILTINS = new Set(['unset', 'unalias', 'trap', 'umask', 'enable', 'read', 'mapfile', 'readarray', 'hash', 'shift', 'getopts', 'complete'])
/** An assignment (`X=1`, `export X=1`, `alias a=b`, `declare -A m=()`), a function definition, `set -o …`, `shopt -s …`. */
const STATE_CHANGE = /(?:^|[\s;&|(])[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=|(?:^|[\s;&|(])function\s|\w\s*\(\)\s*\{|\bset\s+[-+][a-zA-Z]|\bshopt\s+-[su]\b/

/**
 * allow for read-only commands, ask for writes and anything unproven, deny for dangerous ones
 * (classifyCommand). With the tool set's state, the command is classified where it will run: the
 * session's directory (or the call's `cwd`) and environment (the host's, the tool set's `env`, the
 * call's `env`, the non-interactive defaults), so that configuration there which makes a reader run
 * code (a repository's core.fsmonitor, a .pnpmfile.cjs, …) makes it ask.
 */
export function permissions(raw: unknown, t?: ToolSetState): PermissionDecision {
  return classified(raw, t).decision
}

/** A call's verdict, with the names of the commands it would run: classified once, for the snapshot's gate and the notes. */
interface Verdict {
  decision: PermissionDecision
  commands: string[]
}

/** `permissions`, with the command names the classification found. */
function classified(raw: unknown, t?: ToolSetState): Verdict {
  let command: string
  let where: { cwd: string; env: Record<string, string> } | undefined
  try {
    const input = record(raw)
    command = requiredCommand(input)
    if (t) {
      const cwdInput = optionalString(input, 'cwd')
      const cwd = cwdInput === undefined ? t.session.cwd : checkDirectory(cwdInput, t.session.cwd)
      const env: Record<string, string> = {}
      for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v
      const confined = t.config.enforceReadOnly ? CONFINED_ENV : {}
      where = { cwd, env: { ...env, ...t.config.options.env, ...confined, ...envInput(input) } }
    }
  } catch (error) {
    return { decision: { behavior: 'ask', reasons: [error instanceof Error ? error.message : String(error)] }, commands: [] }
  }
  const c = where ? classifyCommand(command, { ...where, nonInteractiveEnv: true }) : classifyCommand(command)
  const behavior = c.level === 'read-only' ? 'allow' : c.level === 'dangerous' ? 'deny' : 'ask'
  return { decision: { behavior, reasons: c.reasons.length ? c.reasons : [`${c.level}: ${c.commands.join(', ') || 'no command'}`] }, commands: c.commands }
}

/** `classified`, through the snapshot's gate. */
function gated(t: ToolSetState, raw: unknown): Verdict {
  const v = classified(raw, t)
  return { decision: t.snapshot.gate(raw, v.decision, v.commands), commands: v.commands }
}

/** `permissions`, except that `allow` reads `ask` once this system was found unable to confine. */
export function gatedPermissions(t: ToolSetState, raw: unknown): PermissionDecision {
  const decision = gated(t, raw).decision
  if (decision.behavior !== 'allow' || !t.config.enforceReadOnly || t.confinementUnavailable === undefined) return decision
  return {
    behavior: 'ask',
    reasons: [...decision.reasons, `read-only commands cannot be confined on this system (${t.confinementUnavailable}), so each needs approval`],
  }
}

/**
 * The call must run confined (its verdict is `allow`, enforcement is on, and no person approved
 * it): the names of the commands it runs, for `runReadOnly`'s notes; else undefined.
 */
export function mustConfine(t: ToolSetState, raw: unknown, context: ToolContext): string[] | undefined {
  if (!t.config.enforceReadOnly || context.approved === true) return undefined
  const v = gated(t, raw)
  return v.decision.behavior === 'allow' ? v.commands : undefined
}

/**
 * Runs `p` confined to reading, whichever way it would have run; nothing runs where that cannot be
 * done. `commands`: the names the call's classification found (classified here when not given).
 */
export async function runReadOnly(t: ToolSetState, plan: Plan, context: ToolContext, commands?: string[]): Promise<ToolResult> {
  if (t.confinementUnavailable !== undefined) return confinementRefused(t.confinementUnavailable)
  const p: Plan = { ...plan, env: { ...CONFINED_ENV, ...plan.env } }
  const policy = t.config.readOnlyPolicy
  const autoBackgroundMs = t.config.options.autoBackgroundMs
  let result: ToolResult
  if (p.background) result = await startBackground(t, p, policy)
  else if (p.pty) result = await runPty(t, p, context, policy)
  else if (autoBackgroundMs !== undefined) result = await runAutoBackground(t, p, context, autoBackgroundMs, policy)
  else result = await runConfinedForeground(t, p, context)
  if (result.details.code === 'ERR_SANDBOX_UNAVAILABLE') {
    t.confinementUnavailable = result.content[0]?.text.replace(/ \(ERR_SANDBOX_UNAVAILABLE\)$/, '') ?? 'the sandbox is unavailable'
    return confinementRefused(t.confinementUnavailable)
  }
  result.details.confined = true
  const notes = confinementNotes(p.command, commands ?? classifyCommand(p.command).commands, result)
  if (notes.length) result.content[0]!.text += `\n\n${notes.join('\n')}`
  return result
}

/** A foreground call, confined: a job of the confined manager, read in slices until it ends. */
async function runConfinedForeground(t: ToolSetState, p: Plan, context: ToolContext): Promise<ToolResult> {
  const { config, session, artifacts } = t
  const started = Date.now()
  let manager: JobManager
  let id: string
  try {
    manager = session.confinedJobManager(CONFINED_BUFFER_BYTES)
    id = await backgroundStart(t, { ...p, description: undefined }, p.timeout.seconds * 1000, config.readOnlyPolicy, manager)
  } catch (error) {
    if (error instanceof InputError) return errorResult(error.message, {})
    return nativeErrorResult(error)
  }
  const aborted = whenAborted(context.signal)
  const live = context.onUpdate || context.onOutput ? liveOutput(context, config.outputBudget) : undefined
  const sink = new OutputSink({ ...config.output, ...artifacts.next() })
  // The minimizer reads the whole output once the job ended, as a run's `minimizer` would.
  const minimizing = minimizerOption(p, config).minimizer
  const captureLimit = minimizing?.enabled ? (minimizing.maxCaptureBytes ?? DEFAULT_MAX_CAPTURE_BYTES) : 0
  let captured: string[] | undefined = captureLimit > 0 ? [] : undefined
  let capturedBytes = 0
  let dropped = 0
  let ended: JobOutput
  for (;;) {
    // Read in slices, so that the job's unread buffer never holds more than a slice's output.
    const read = await Promise.race([manager.wait(id, UPDATE_INTERVAL_MS), aborted])
    if (read === 'aborted') {
      live?.stop()
      await manager.kill(id).catch(() => undefined)
      throw abortError(context.signal)
    }
    sink.push(read.output)
    if (captured) {
      capturedBytes += read.output.length
      if (capturedBytes > captureLimit) captured = undefined
      else captured.push(read.output)
    }
    // A job's output is cleaned natively (docs/api.md §9).
    live?.onText(read.output)
    dropped += read.droppedBytes
    if (read.status !== 'running') {
      ended = read
      break
    }
  }
  live?.stop()
  if (ended.status === 'killed') return errorResult('The command was cancelled because the bash tool set was closed.', { cancelled: true })
  // The tool layer's own `cd` (the `cwd` input, a leading `cd dir &&`), then where the command ended.
  if (p.cwd !== undefined) session.cwd = p.cwd
  if (ended.workingDir !== undefined && ended.workingDir !== session.cwd && isDirectory(ended.workingDir)) session.cwd = ended.workingDir
  const summary = sink.dump()
  const minimized =
    captured && dropped === 0
      ? minimizedOutput({ minimized: minimizeOutput(p.command, captured.join(''), minimizing) ?? undefined, output: summary } as ShellRunResult, config, artifacts)
      : undefined
  const result = finish(
    p,
    started,
    minimized?.summary ?? summary,
    {
      ...(minimized && { minimized: minimized.details }),
      exitCode: ended.exitCode,
      timedOut: ended.status === 'timed_out',
      signal: ended.signal,
      cwd: session.cwd,
    },
    artifacts,
  )
  if (dropped > 0) result.content[0]!.text += `\n[${formatBytes(dropped)} of output were lost: it came faster than it could be read.]`
  return result
}

/** The lines a confined call's result ends with: what was refused, what was not kept. */
function confinementNotes(command: string, words: string[], result: ToolResult): string[] {
  const notes: string[] = []
  if (!('bashId' in result.details && result.details.background) && REFUSED.test(result.content[0]?.text ?? '')) {
    notes.push(
      '[This command was classified read-only, so it ran confined to reading: no writes outside its own temp dir ($TMPDIR), no network, no signals to other processes. ' +
        'Something it tried was refused (the "Permission denied" / "Operation not permitted" / "Read-only file system" above may be that). ' +
        'If it needs to write, connect or signal, ask the user to approve running it unconfined.]',
    )
  }
  if (words.some((w) => STATE_BUILTINS.has(w)) || STATE_CHANGE.test(command)) {
    notes.push(
      '[It ran confined, in a copy of the session: the variables, functions, aliases and options it set are not kept in the session (its working directory is). ' +
        'To keep them, ask the user to approve running it in the session.]',
    )
  }
  return notes
}

function confinementRefused(why: string): ToolResult {
  return errorResult(
    `This command was classified read-only, so it must run confined to reading, but this system cannot confine it: ${why}. Nothing ran. Ask the user to approve running it unconfined.`,
    { confined: false, code: 'ERR_SANDBOX_UNAVAILABLE' },
  )
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
