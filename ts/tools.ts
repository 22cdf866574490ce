// createBashTools (API.md §10): the `bash`, `bash_output` and `kill_bash` tools on one persistent
// native `Shell`, a native `JobManager` for background jobs, and the tool set's artifacts.
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  applyHeadTail,
  checkBashInterception,
  classifyCommand,
  defaultInterceptorRules,
  JobManager,
  minimizeOutput,
  normalizeBashCommand,
  OutputSink,
  PtySession,
  Shell,
  stripAnsi,
  type InterceptorRule,
  type JobOutput,
  type OutputOptions,
  type OutputSummary,
  type MinimizerOptions,
  type ShellRunResult,
  type SandboxPolicy,
} from './native'
import {
  bashDescription,
  bashInputSchema,
  bashOutputDescription,
  bashOutputInputSchema,
  killBashDescription,
  killBashInputSchema,
} from './descriptions'
import {
  checkDirectory,
  envInput,
  InputError,
  leadingCd,
  optionalBoolean,
  optionalLineCount,
  optionalString,
  record,
  requiredCommand,
  timeoutInput,
} from './input'
import type { AgentTool, BashToolSet, BashToolsOptions, PermissionDecision, ToolContext, ToolResult } from './types'

const KB = 1024
// The anchor's defaults: 50 KB shown, of which the first 20 KB; lines longer than 768 bytes are cut.
const DEFAULT_OUTPUT: OutputOptions = { maxBytes: 50 * KB, headBytes: 20 * KB, maxColumns: 768 }
const DEFAULT_TIMEOUT_SECONDS = 300
const MAX_TIMEOUT_SECONDS = 3600
const UPDATE_INTERVAL_MS = 200 // live output for a UI: often enough to look live, rare enough to cost nothing

export function createBashTools(options: BashToolsOptions = {}): BashToolSet {
  const maxTimeoutSeconds = options.maxTimeoutSeconds ?? MAX_TIMEOUT_SECONDS
  const defaultTimeoutSeconds = Math.min(options.defaultTimeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, maxTimeoutSeconds)
  const output: OutputOptions = { ...DEFAULT_OUTPUT, ...options.output }
  const initialCwd = options.cwd ?? process.cwd()
  const ownArtifactDir = options.artifactDir === undefined
  let artifactDir = options.artifactDir
  const artifacts = new Map<string, string>()
  const interceptor = options.interceptor && {
    rules: options.interceptor.rules ?? defaultInterceptorRules(),
    availableTools: options.interceptor.availableTools,
  }

  // Every command of the tool set, foreground, PTY or background, runs confined the same way;
  // writable by default: the tool set's directory (and each run's own temp dir).
  const sandbox = options.sandbox && { ...options.sandbox, writableRoots: options.sandbox.writableRoots ?? [initialCwd] }
  const shellOptions = { sessionEnv: options.env, shell: options.shell, ...(sandbox && { sandbox }) }
  const session = new Shell(shellOptions)
  /** The session's directory as last reported; relative `cwd` inputs resolve against it. */
  let sessionCwd = initialCwd
  let sessionStarted = false
  let jobs: JobManager | undefined
  let closed = false

  function ensureArtifactDir(): string {
    if (artifactDir === undefined) artifactDir = mkdtempSync(join(tmpdir(), 'agent-shell-artifacts-'))
    else mkdirSync(artifactDir, { recursive: true })
    return artifactDir
  }

  function newArtifact(): OutputOptions {
    const id = `bash-${randomBytes(6).toString('hex')}`
    return { artifactId: id, artifactPath: join(ensureArtifactDir(), `${id}.log`) }
  }

  function jobManager(): JobManager {
    if (jobs) return jobs
    jobs = new JobManager({ ...options.jobs, artifactDir: ensureArtifactDir() })
    return jobs
  }

  // ---- bash ----

  interface Plan {
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

  function plan(raw: unknown): Plan | ToolResult {
    const input = record(raw)
    const given = requiredCommand(input)
    const timeout = timeoutInput(input, defaultTimeoutSeconds, maxTimeoutSeconds)
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

    if (interceptor) {
      const available = interceptor.availableTools ?? [...new Set(interceptor.rules.map((r: InterceptorRule) => r.tool))]
      for (const candidate of cd ? [given, command] : [given]) {
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
    }

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

  async function runBash(raw: unknown, context: ToolContext = {}): Promise<ToolResult> {
    throwIfAborted(context.signal)
    if (closed) return errorResult('The bash tool set was closed; no command can run.', {})
    let p: Plan | ToolResult
    try {
      p = plan(raw)
    } catch (error) {
      if (error instanceof InputError) return errorResult(error.message, {})
      throw error
    }
    if ('content' in p) return p
    if (mustConfine(raw, context)) return runReadOnly(p, context)
    if (p.background) return startBackground(p)
    if (p.pty) return runPty(p, context)
    if (options.autoBackgroundMs !== undefined) return runAutoBackground(p, context, options.autoBackgroundMs)
    return runForeground(p, context)
  }

  async function runForeground(p: Plan, context: ToolContext): Promise<ToolResult> {
    const started = Date.now()
    const live = liveOutput(context, output.maxBytes ?? DEFAULT_OUTPUT.maxBytes!)
    // The run's sink cleans its chunks (unless the tool set's `output` turned that off): no second pass here.
    const nativeCleans = output.stripAnsi !== false && output.normalizeNewlines !== false
    // Always given: a session whose shell was replaced (after `exit`, a timeout or an abort) keeps its directory.
    const cwd = p.cwd ?? sessionCwd
    sessionStarted = true
    let result
    try {
      result = await session.run(
        {
          command: p.command,
          cwd,
          ...(p.env && { env: p.env }),
          timeoutMs: p.timeout.seconds * 1000,
          ...(context.signal && { signal: context.signal }),
          output: { ...output, ...newArtifact() },
          ...minimizerOption(p),
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
    if (result.workingDir) sessionCwd = result.workingDir
    if (result.cancelled) {
      if (context.signal?.aborted) throw abortError(context.signal, result.output?.output)
      return errorResult('The command was cancelled because the bash tool set was closed.', { cancelled: true })
    }
    const minimized = minimizedOutput(result)
    return finish(p, started, minimized?.summary ?? result.output, {
      ...(minimized && { minimized: minimized.details }),
      exitCode: result.exitCode,
      timedOut: result.timedOut,
      signal: result.signal,
      cwd: sessionCwd,
      ...(result.sessionRestarted && { sessionRestarted: true }),
    })
  }

  // ---- output minimizer (API.md §2a, §10) ----

  const minimizer: MinimizerOptions = options.minimizer ?? { enabled: true }

  /** The minimizer for a foreground run; none when head/tail was asked for (the lines meant are the raw output's). */
  function minimizerOption(p: Plan): { minimizer?: MinimizerOptions } {
    return p.headLines === undefined && p.tailLines === undefined ? { minimizer } : {}
  }

  /** A minimized run's text: the compact text, then the original kept as an artifact; `undefined` to show the output as it is. */
  function minimizedOutput(result: ShellRunResult): { summary: OutputSummary; details: Record<string, unknown> } | undefined {
    const m = result.minimized
    const budget = output.maxBytes ?? DEFAULT_OUTPUT.maxBytes!
    if (!m || !result.output || Buffer.byteLength(m.text) > budget) return undefined
    const { artifactId, artifactPath } = newArtifact() as { artifactId: string; artifactPath: string }
    writeFileSync(artifactPath, m.originalText)
    artifacts.set(artifactId, artifactPath)
    const text = `${m.text.replace(/\n+$/, '')}\n[raw output: artifact://${artifactId}]`
    const summary: OutputSummary = {
      ...result.output,
      output: text,
      truncated: false,
      columnTruncatedLines: 0,
      artifactId: undefined,
      artifactPath: undefined,
    }
    return { summary, details: { filter: m.filter, inputBytes: m.inputBytes, outputBytes: m.outputBytes, artifactId } }
  }

  async function runPty(p: Plan, context: ToolContext, policy: SandboxPolicy | undefined = sandbox): Promise<ToolResult> {
    const started = Date.now()
    const live = liveOutput(context, output.maxBytes ?? DEFAULT_OUTPUT.maxBytes!)
    const sink = new OutputSink({ ...output, ...newArtifact() })
    const pty = new PtySession()
    let result
    try {
      result = await pty.start(
        {
          command: p.command,
          cwd: p.cwd ?? sessionCwd,
          env: { ...options.env, ...p.env },
          timeoutMs: p.timeout.seconds * 1000,
          shell: options.shell ?? 'bash',
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
    return finish(p, started, sink.dump(), { exitCode: result.exitCode, timedOut: result.timedOut, signal: result.signal, pty: true })
  }

  function finish(p: Plan, started: number, summary: OutputSummary | undefined, outcome: { exitCode?: number; timedOut: boolean; signal?: string } & Record<string, unknown>): ToolResult {
    const details: Record<string, unknown> = {
      ...outcome,
      timeoutSeconds: p.timeout.seconds,
      wallTimeMs: Date.now() - started,
    }
    if (p.timeout.requested !== undefined) details.requestedTimeoutSeconds = p.timeout.requested
    const notices = p.timeout.notice ? [p.timeout.notice] : []
    if (outcome.sessionRestarted) notices.push('[A new shell was started (the previous command was stopped or ended the shell): variables, functions and aliases of the session were reset; the working directory was kept.]')
    let text = formatOutput(summary, p, details)
    if (notices.length) text = `${notices.join('\n')}\n${text}`
    if (outcome.timedOut) {
      return { content: [{ type: 'text', text: `${text}\n\n[Command timed out after ${p.timeout.seconds} seconds] It was killed with everything it started. If it needs longer, run it again with a larger timeout or run_in_background: true.` }], isError: true, details }
    }
    if (outcome.exitCode !== undefined && outcome.exitCode !== 0) {
      return { content: [{ type: 'text', text: `${text}\n\nCommand exited with code ${outcome.exitCode}` }], isError: true, details }
    }
    return { content: [{ type: 'text', text }], isError: false, details }
  }

  /** The shown text of a summary, head/tail applied, with a footer saying what was left out and where the rest is. */
  function formatOutput(summary: OutputSummary | undefined, p: Plan, details: Record<string, unknown>): string {
    let text = summary?.output ?? ''
    if (summary) {
      const truncation: Record<string, unknown> = {
        truncated: summary.truncated,
        totalLines: summary.totalLines,
        totalBytes: summary.totalBytes,
        outputLines: summary.outputLines,
        outputBytes: summary.outputBytes,
      }
      if (summary.truncated) truncation.shown = shownRange(summary)
      for (const key of ['elidedLines', 'elidedBytes', 'columnTruncatedLines', 'columnDroppedBytes', 'columnMax', 'artifactError'] as const) {
        if (summary[key] !== undefined) truncation[key] = summary[key]
      }
      if (summary.artifactId && summary.artifactPath) {
        artifacts.set(summary.artifactId, summary.artifactPath)
        truncation.artifactId = summary.artifactId
        details.artifactId = summary.artifactId
      }
      details.truncation = truncation
    }
    if (p.headLines !== undefined || p.tailLines !== undefined) {
      const cut = applyHeadTail(text, p.headLines ?? null, p.tailLines ?? null)
      details.headTail = { headLines: p.headLines, tailLines: p.tailLines, applied: cut.applied }
      text = cut.text
    }
    text = text.replace(/\n+$/, '')
    if (text === '') text = '(no output)'
    const footer: string[] = []
    if (summary?.truncated) {
      const shown = shownRange(summary)
      const what = shown.headLines > 0 ? `the first ${shown.headLines} and the last ${shown.tailLines} lines` : `the last ${shown.tailLines} lines`
      footer.push(`[Output truncated: ${summary.totalLines} lines (${formatBytes(summary.totalBytes)}) in all; showing ${what}.${artifactHint(summary)}]`)
    } else if (summary?.columnTruncatedLines) {
      footer.push(`[${summary.columnTruncatedLines} long lines were cut at ${summary.columnMax} bytes.${artifactHint(summary)}]`)
    }
    return footer.length ? `${text}\n\n${footer.join('\n')}` : text
  }

  function artifactHint(summary: OutputSummary): string {
    if (summary.artifactId && summary.artifactPath) return ` Full output: artifact://${summary.artifactId}`
    if (summary.artifactError) return ` The full output could not be saved: ${summary.artifactError}`
    return ''
  }

  // ---- background ----

  /** A job starts from the session's state, so the session's shell must exist first (with the tool set's cwd and env). */
  async function sessionReady(): Promise<void> {
    if (sessionStarted) return
    sessionStarted = true
    await session.run({ command: ':', cwd: sessionCwd })
  }

  async function backgroundStart(p: Plan, timeoutMs: number | undefined, policy: SandboxPolicy | undefined = sandbox, manager = jobManager()): Promise<string> {
    await sessionReady()
    return manager.start({
      command: p.command,
      // The directory the tool set knows: a confined call's `cd` moved it without moving the shell.
      cwd: p.cwd ?? sessionCwd,
      ...(p.env && { env: p.env }),
      ...(timeoutMs !== undefined && { timeoutMs }),
      ...(p.description !== undefined && { label: p.description }),
      ...(policy && { sandbox: policy }),
      shell: session,
    })
  }

  async function startBackground(p: Plan, policy: SandboxPolicy | undefined = sandbox): Promise<ToolResult> {
    if (p.pty) return errorResult('`pty` and `run_in_background` cannot be combined: run the command in the background without pty.', {})
    let id: string
    try {
      // A background job has no deadline unless the model gave one: servers and watchers run until killed.
      id = await backgroundStart(p, p.timeout.explicit ? p.timeout.seconds * 1000 : undefined, policy)
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

  async function runAutoBackground(p: Plan, context: ToolContext, waitMs: number, policy: SandboxPolicy | undefined = sandbox): Promise<ToolResult> {
    const started = Date.now()
    let manager: JobManager
    let id: string
    try {
      manager = jobManager()
      id = await backgroundStart(p, p.timeout.seconds * 1000, policy)
    } catch (error) {
      if (error instanceof InputError) return errorResult(error.message, {})
      return nativeErrorResult(error)
    }
    const aborted = new Promise<'aborted'>((resolve) => {
      if (context.signal?.aborted) resolve('aborted')
      context.signal?.addEventListener('abort', () => resolve('aborted'), { once: true })
    })
    // Live output, for a host that shows it: the job's output is read as it comes (each read
    // takes it from the job's buffer) and kept in the sink that gives the result its text.
    const live = context.onUpdate || context.onOutput ? liveOutput(context, output.maxBytes ?? DEFAULT_OUTPUT.maxBytes!) : undefined
    const sink = new OutputSink({ ...output, ...newArtifact() })
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
      // A job's output is cleaned natively (API.md §9).
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
    return finish(p, started, sink.dump(), {
      exitCode: ended.exitCode,
      timedOut: ended.status === 'timed_out',
      signal: ended.signal,
      bashId: id,
    })
  }

  function jobText(out: JobOutput, lead: string[]): string {
    const body = out.output.replace(/\n+$/, '')
    const lines = [...lead, body === '' ? '(no new output)' : body, '']
    if (out.droppedBytes > 0) {
      let hint = ''
      if (out.artifactPath) {
        artifacts.set(out.id, out.artifactPath)
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

  function jobError(error: unknown, id: string): ToolResult {
    const code = (error as { code?: string } | null)?.code
    if (code === 'ERR_JOB_NOT_FOUND') {
      const known = jobs?.list().map((j) => `${j.id} (${j.status}${j.label ? `: ${j.label}` : ''})`) ?? []
      const which = known.length ? ` The background jobs of this session are: ${known.join(', ')}.` : ' This session has no background jobs.'
      return errorResult(`No background job with bash_id "${id}". Use the bash_id that the bash tool returned for a command started with run_in_background: true.${which}`, { bashId: id })
    }
    if (code === 'ERR_INVALID_ARG') return errorResult(`Invalid input: ${(error as Error).message}. Fix it and call the tool again.`, { bashId: id })
    return nativeErrorResult(error)
  }

  // ---- read-only enforcement (API.md §10: a read-only verdict is enforced, not only predicted) ----
  //
  // A call the classifier lets through (`allow`) runs confined to reading, so that a command it
  // wrongly calls read-only can do no harm. How: a one-shot bash started from the session's state
  // (its directory, variables, functions, aliases, options: a native job with `shell: session`,
  // as background jobs are), inside the native sandbox with nothing writable but the run's own
  // temp dir and no network. The session itself is not touched: what the call changes in the
  // shell (variables, functions, aliases, options) is not kept; its final directory is (a
  // directory is a place, as the `cwd` input is, not code that could run later unconfined).

  const enforceReadOnly = options.enforceReadOnly ?? true
  /** Nothing writable but the run's own temp dir (its TMPDIR), no network; reading as the tool set's sandbox allows. A sandboxed session's job is also confined by the session's policy (the native layer meets both). */
  const readOnlyPolicy: SandboxPolicy = {
    writableRoots: [],
    network: false,
    ...(sandbox?.readableRoots && { readableRoots: sandbox.readableRoots }),
  }
  /** Why calls cannot be confined here, once a confined start was refused with ERR_SANDBOX_UNAVAILABLE: from then on `allow` reads `ask`. */
  let confinementUnavailable: string | undefined
  /** Confined foreground calls run as jobs of their own manager, so that they are not listed among the model's background jobs. */
  let confinedJobs: JobManager | undefined

  function mustConfine(raw: unknown, context: ToolContext): boolean {
    return enforceReadOnly && context.approved !== true && permissions(raw).behavior === 'allow'
  }

  function gatedPermissions(raw: unknown): PermissionDecision {
    const decision = permissions(raw)
    if (decision.behavior !== 'allow' || !enforceReadOnly || confinementUnavailable === undefined) return decision
    return { behavior: 'ask', reasons: [...decision.reasons, `read-only commands cannot be confined on this system (${confinementUnavailable}), so each needs approval`] }
  }

  async function runReadOnly(p: Plan, context: ToolContext): Promise<ToolResult> {
    if (confinementUnavailable !== undefined) return confinementRefused(confinementUnavailable)
    let result: ToolResult
    if (p.background) result = await startBackground(p, readOnlyPolicy)
    else if (p.pty) result = await runPty(p, context, readOnlyPolicy)
    else if (options.autoBackgroundMs !== undefined) result = await runAutoBackground(p, context, options.autoBackgroundMs, readOnlyPolicy)
    else result = await runConfinedForeground(p, context)
    if (result.details.code === 'ERR_SANDBOX_UNAVAILABLE') {
      confinementUnavailable = result.content[0]?.text.replace(/ \(ERR_SANDBOX_UNAVAILABLE\)$/, '') ?? 'the sandbox is unavailable'
      return confinementRefused(confinementUnavailable)
    }
    result.details.confined = true
    const notes = confinementNotes(p.command, result)
    if (notes.length) result.content[0]!.text += `\n\n${notes.join('\n')}`
    return result
  }

  async function runConfinedForeground(p: Plan, context: ToolContext): Promise<ToolResult> {
    const started = Date.now()
    let manager: JobManager
    let id: string
    try {
      manager = confinedJobs ??= new JobManager({ bufferBytes: CONFINED_BUFFER_BYTES })
      id = await backgroundStart({ ...p, description: undefined }, p.timeout.seconds * 1000, readOnlyPolicy, manager)
    } catch (error) {
      if (error instanceof InputError) return errorResult(error.message, {})
      return nativeErrorResult(error)
    }
    const aborted = new Promise<'aborted'>((resolve) => {
      if (context.signal?.aborted) resolve('aborted')
      context.signal?.addEventListener('abort', () => resolve('aborted'), { once: true })
    })
    const live = context.onUpdate || context.onOutput ? liveOutput(context, output.maxBytes ?? DEFAULT_OUTPUT.maxBytes!) : undefined
    const sink = new OutputSink({ ...output, ...newArtifact() })
    // The minimizer reads the whole output once the job ended, as a run's `minimizer` would.
    const minimizing = minimizerOption(p).minimizer
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
      // A job's output is cleaned natively (API.md §9).
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
    if (p.cwd !== undefined) sessionCwd = p.cwd
    if (ended.workingDir !== undefined && ended.workingDir !== sessionCwd && isDirectory(ended.workingDir)) sessionCwd = ended.workingDir
    const summary = sink.dump()
    const minimized =
      captured && dropped === 0
        ? minimizedOutput({ minimized: minimizeOutput(p.command, captured.join(''), minimizing) ?? undefined, output: summary } as ShellRunResult)
        : undefined
    const result = finish(p, started, minimized?.summary ?? summary, {
      ...(minimized && { minimized: minimized.details }),
      exitCode: ended.exitCode,
      timedOut: ended.status === 'timed_out',
      signal: ended.signal,
      cwd: sessionCwd,
    })
    if (dropped > 0) result.content[0]!.text += `\n[${formatBytes(dropped)} of output were lost: it came faster than it could be read.]`
    return result
  }

  const bash: AgentTool = {
    name: 'bash',
    description: bashDescription({ defaultTimeoutSeconds, maxTimeoutSeconds, maxBytes: output.maxBytes ?? 0, headBytes: output.headBytes ?? 0 }),
    inputSchema: withTimeoutBounds(bashInputSchema, defaultTimeoutSeconds, maxTimeoutSeconds),
    execute: runBash,
    checkPermissions: (input) => gatedPermissions(input),
    isReadOnly: (input) => gatedPermissions(input).behavior === 'allow',
  }

  const bashOutput: AgentTool = {
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
        const out = jobManager().output(id, filter !== undefined ? { filter } : null)
        return { content: [{ type: 'text', text: jobText(out, []) }], isError: false, details: jobDetails(out) }
      } catch (error) {
        if (error instanceof InputError) return errorResult(error.message, {})
        return jobError(error, id)
      }
    },
    isReadOnly: () => true,
    checkPermissions: () => ({ behavior: 'allow', reasons: ['reads the output of a background job'] }),
  }

  const killBash: AgentTool = {
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
        const out = await jobManager().kill(id)
        const lead = out.status === 'killed' ? [`Killed background job ${id} and every process it started.`, ''] : [`Background job ${id} had already ended.`, '']
        return { content: [{ type: 'text', text: jobText(out, lead) }], isError: false, details: jobDetails(out) }
      } catch (error) {
        if (error instanceof InputError) return errorResult(error.message, {})
        return jobError(error, id)
      }
    },
    isReadOnly: () => false,
    checkPermissions: () => ({ behavior: 'allow', reasons: ['stops a background job this tool set started'] }),
  }

  const set: BashToolSet = {
    bash,
    bashOutput,
    killBash,
    resolveArtifact(id: string) {
      return artifacts.get(id.startsWith('artifact://') ? id.slice('artifact://'.length) : id)
    },
    async close() {
      if (closed) return
      closed = true
      await Promise.all([session.close(), jobs?.close(), confinedJobs?.close()])
      if (ownArtifactDir && artifactDir !== undefined) rmSync(artifactDir, { recursive: true, force: true })
      artifacts.clear()
    },
  }
  // For tests: the confined path whatever the classifier says, to show the confinement holds for
  // a command the classifier would (wrongly) let through. Not part of the package's exports.
  Object.defineProperty(set, RUN_CONFINED, {
    value: async (raw: unknown, context: ToolContext = {}) => {
      const p = plan(raw)
      return 'content' in p ? p : runReadOnly(p, context)
    },
  })
  return set
}

/** The key of a tool set's confined path, for tests (`set[RUN_CONFINED](input, context)`). */
export const RUN_CONFINED = Symbol('agent-shell.runConfined')

/** allow for read-only commands, ask for writes and anything unproven, deny for dangerous ones (classifyCommand). */
function permissions(raw: unknown): PermissionDecision {
  let command: string
  try {
    command = requiredCommand(record(raw))
  } catch (error) {
    return { behavior: 'ask', reasons: [error instanceof Error ? error.message : String(error)] }
  }
  const c = classifyCommand(command)
  const behavior = c.level === 'read-only' ? 'allow' : c.level === 'dangerous' ? 'deny' : 'ask'
  return { behavior, reasons: c.reasons.length ? c.reasons : [`${c.level}: ${c.commands.join(', ') || 'no command'}`] }
}

/** The minimizer's capture bound when its options give none (API.md §2a: 4 MiB). */
const DEFAULT_MAX_CAPTURE_BYTES = 4 * 1024 * 1024

/** What a confined call's job may hold unread between two reads (200 ms apart). */
const CONFINED_BUFFER_BYTES = 8 * KB * KB

/** An OS refusal in the output: what the confinement (or anything else) denied. */
const REFUSED = /Permission denied|Operation not permitted|Read-only file system|PermissionError|\bE(?:ACCES|PERM|ROFS)\b/
/** Builtins whose effect is the shell's own state, which a confined call does not carry back (besides assignments, below). */
const STATE_BUILTINS = new Set(['unset', 'unalias', 'trap', 'umask', 'enable', 'read', 'mapfile', 'readarray', 'hash', 'shift', 'getopts', 'complete'])
/** An assignment (`X=1`, `export X=1`, `alias a=b`, `declare -A m=()`), a function definition, `set -o …`, `shopt -s …`. */
const STATE_CHANGE = /(?:^|[\s;&|(])[A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]*\])?\+?=|(?:^|[\s;&|(])function\s|\w\s*\(\)\s*\{|\bset\s+[-+][a-zA-Z]|\bshopt\s+-[su]\b/

/** The lines a confined call's result ends with: what was refused, what was not kept. */
function confinementNotes(command: string, result: ToolResult): string[] {
  const notes: string[] = []
  if (!('bashId' in result.details && result.details.background) && REFUSED.test(result.content[0]?.text ?? '')) {
    notes.push(
      '[This command was classified read-only, so it ran confined to reading: no writes outside its own temp dir ($TMPDIR), no network, no signals to other processes. ' +
        'Something it tried was refused (the "Permission denied" / "Operation not permitted" / "Read-only file system" above may be that). ' +
        'If it needs to write, connect or signal, ask the user to approve running it unconfined.]',
    )
  }
  const words = classifyCommand(command).commands
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

function withTimeoutBounds(schema: typeof bashInputSchema, defaultSeconds: number, maxSeconds: number): Record<string, unknown> {
  return {
    ...schema,
    properties: {
      ...schema.properties,
      timeout: { type: 'number', description: `Timeout in seconds (1 to ${maxSeconds}). Default: ${defaultSeconds}.` },
    },
  }
}

/** What a truncated summary shows: lines before the elision marker (none without a head) and after it, as the sink counted them. */
function shownRange(summary: OutputSummary): { headLines: number; tailLines: number } {
  return { headLines: summary.headLines ?? 0, tailLines: summary.tailLines ?? 0 }
}

/**
 * Live output for `onUpdate` (throttled, the last `maxBytes` so far) and `onOutput` (each piece),
 * both clean (no ANSI, LF newlines): `onText` takes text the native layer already cleaned (a run's
 * chunks, a job's reads) as it is; `onRaw` cleans raw terminal output (a PTY's) first.
 */
function liveOutput(context: ToolContext, maxBytes: number) {
  let text = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  let dirty = false
  const flush = () => {
    timer = undefined
    if (!dirty) return
    dirty = false
    context.onUpdate?.(text)
  }
  const onText = (clean: string) => {
    if (clean === '') return
    context.onOutput?.(clean)
    if (!context.onUpdate) return
    text += clean
    if (text.length > maxBytes) text = text.slice(text.length - maxBytes)
    dirty = true
    timer ??= setTimeout(flush, UPDATE_INTERVAL_MS)
  }
  return {
    onText,
    onRaw(chunk: string) {
      onText(stripAnsi(chunk).replace(/\r\n?/g, '\n'))
    },
    stop() {
      if (timer) clearTimeout(timer)
      flush()
    },
  }
}

function errorResult(text: string, details: Record<string, unknown>): ToolResult {
  return { content: [{ type: 'text', text }], isError: true, details }
}

/** A native rejection (bad cwd, bad option, a shell that cannot start) as a result that tells the model what happened. */
function nativeErrorResult(error: unknown): ToolResult {
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

function throwIfAborted(signal: AbortSignal | undefined) {
  if (signal?.aborted) throw abortError(signal)
}

/**
 * The rejection of an aborted call: an `AbortError` whose message is the anchor's notice,
 * `[Command cancelled]`, followed by the output so far; the signal's reason is its `cause`.
 */
function abortError(signal: AbortSignal | undefined, output?: string): Error {
  const error = new Error(output ? `[Command cancelled]\n${output}` : '[Command cancelled]', { cause: signal?.reason })
  error.name = 'AbortError'
  return Object.assign(error, { code: 'ABORT_ERR' })
}

function formatBytes(n: number): string {
  return n < KB ? `${n} B` : n < KB * KB ? `${(n / KB).toFixed(1)} KB` : `${(n / KB / KB).toFixed(1)} MB`
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`
}
