// The tool set's shell snapshot (docs/snapshot.md): the user's aliases, functions, glob options
// and PATH, captured natively (`captureShellSnapshot`) when the tool set is made, awaited by the
// first `bash` call (bounded by the capture's timeout), sourced by the session's shell from then
// on, reported once in `details.snapshot` (names only, never a value). The names it defines are
// unknown programs to the permission check, never read-only.
import { captureShellSnapshot, classifyCommand, type ShellSnapshotInfo, type ShellSnapshotOptions } from '../native'
import type { BashSnapshotOptions, BashToolsOptions, PermissionDecision, ToolResult } from '../types'

export type { BashSnapshotOptions }

/** What the first call's `details.snapshot` says: the status, the counts, what was dropped (names). */
export interface SnapshotDetails {
  status: ShellSnapshotInfo['status']
  reason?: string
  shell: string
  counts: ShellSnapshotInfo['counts']
  dropped: ShellSnapshotInfo['dropped']
}

/** A tool set's snapshot; `onPath` hands a new snapshot file to the tool set's session. */
export class ToolSnapshot {
  readonly enabled: boolean
  private capture: Promise<ShellSnapshotInfo> | undefined
  /** Ends the capture under way (a refresh's replaced one, or at close). */
  private stop: AbortController | undefined
  private info: ShellSnapshotInfo | undefined
  private names = new Set<string>()
  private reported = true
  private path: string | undefined
  /** The session was replaced for a new capture (a refresh): the next result says so. */
  private replaced = false

  constructor(
    private readonly options: BashToolsOptions,
    private readonly onPath: (path: string) => void,
  ) {
    this.enabled = options.snapshot !== false && process.env.AGENT_SHELL_SNAPSHOT !== '0'
    if (this.enabled) this.start(false)
  }

  private request(refresh: boolean): ShellSnapshotOptions {
    const asked = typeof this.options.snapshot === 'object' ? this.options.snapshot : {}
    const env: Record<string, string> = {}
    for (const [key, value] of Object.entries(process.env)) if (typeof value === 'string') env[key] = value
    // The session's own environment wins over the snapshot: the capture is told it sets those keys.
    Object.assign(env, this.options.env)
    return {
      ...(asked.shell !== undefined && { shell: asked.shell }),
      ...(asked.login !== undefined && { login: asked.login }),
      ...(asked.timeoutMs !== undefined && { timeoutMs: asked.timeoutMs }),
      ...(asked.include && { include: asked.include }),
      ...(asked.exclude && { exclude: asked.exclude }),
      ...(asked.redact && { redact: asked.redact }),
      cwd: this.options.cwd ?? process.cwd(),
      env,
      refresh,
    }
  }

  private start(refresh: boolean): Promise<ShellSnapshotInfo> {
    this.stop?.abort()
    const stop = new AbortController()
    this.stop = stop
    const capture = captureShellSnapshot({ ...this.request(refresh), signal: stop.signal }).catch((error: unknown) => failed(error))
    this.capture = capture
    this.info = undefined
    void capture.then((info) => {
      if (this.capture !== capture) return
      this.info = info
      this.names = new Set(info.status === 'ok' ? info.names : [])
      this.reported = false
    })
    return capture
  }

  /** Waits for the capture (the first call does; later ones find it done) and gives its file to the session. */
  async ready(): Promise<void> {
    if (!this.enabled || !this.capture) return
    let capture: Promise<ShellSnapshotInfo>
    let info: ShellSnapshotInfo
    // A refresh meanwhile gave up the capture waited for: its own is the one to wait for.
    do {
      capture = this.capture
      info = await capture
    } while (capture !== this.capture)
    if (info.status === 'ok' && info.path !== undefined && info.path !== this.path) {
      this.replaced = this.path !== undefined
      this.path = info.path
      this.onPath(info.path)
    }
  }

  /** The snapshot file the session sources, once captured. */
  get file(): string | undefined {
    return this.path
  }

  /** Runs a `bash` call once the snapshot is ready; the first result after a capture says what it gave. */
  async run(call: () => Promise<ToolResult>): Promise<ToolResult> {
    await this.ready()
    const replaced = this.replaced
    this.replaced = false
    const result = await call()
    if (replaced && result.content[0]) {
      result.content[0].text = `[The user's shell snapshot was captured again: this command ran in a new shell with it; variables and functions set by earlier commands are gone; the working directory was kept.]\n${result.content[0].text}`
    }
    if (!this.reported && this.info) {
      this.reported = true
      result.details.snapshot = details(this.info)
    }
    return result
  }

  /**
   * A name the snapshot defines (an alias or function of the user's) is an unknown program: what
   * it runs is the user's to know, so `allow` becomes `ask`. While the capture runs, no name can
   * be ruled out: `allow` waits for it as `ask`. `commands`: the names the command's classification
   * found, when the caller has them (else it is classified here).
   */
  gate(input: unknown, decision: PermissionDecision, commands?: string[]): PermissionDecision {
    if (!this.enabled || decision.behavior !== 'allow') return decision
    if (this.info === undefined) {
      return { behavior: 'ask', reasons: [...decision.reasons, "the user's shell snapshot is still being captured: a name it defines could change what this command runs"] }
    }
    const command = typeof (input as { command?: unknown } | null)?.command === 'string' ? (input as { command: string }).command : ''
    const defined = [...new Set(commands ?? classifyCommand(command).commands)].filter((name) => this.names.has(name))
    if (defined.length === 0) return decision
    const which = defined.map((n) => `\`${n}\``).join(', ')
    return { behavior: 'ask', reasons: [...decision.reasons, `${which}: defined by the user's shell (an alias or function of the snapshot), so what it runs is unknown`] }
  }

  /** Captures again (the startup files changed); the session starts anew with the new file at its next call. */
  async refresh(): Promise<ShellSnapshotInfo> {
    if (!this.enabled) {
      return { status: 'disabled', reason: 'snapshots are off for this tool set (snapshot: false or AGENT_SHELL_SNAPSHOT=0)', shell: '', durationMs: 0, counts: { aliases: 0, functions: 0, options: 0, env: 0 }, dropped: [], names: [], cached: false }
    }
    return this.start(true)
  }

  /**
   * The tool set closes: a capture still under way is given up, and (when no other tool set of
   * this process waits for the same capture) stopped, everything its startup files started
   * ended before this resolves.
   */
  async close(): Promise<void> {
    this.stop?.abort()
    await this.capture
  }

  /** A PTY command runs outside the session: it sources the snapshot itself (see `withSnapshot`). */
  forPty(command: string, env: Record<string, string>): { command: string; env: Record<string, string> } {
    return this.path === undefined ? { command, env } : withSnapshot(this.path, command, env)
  }
}

/**
 * A command that sources the snapshot at `path` first, on a line of its own (aliases apply from the
 * next line), for a bash that is not a session's (a PTY command): the path goes through the
 * environment, never a program's arguments, and is unset once read.
 */
export function withSnapshot(path: string, command: string, env: Record<string, string>): { command: string; env: Record<string, string> } {
  return {
    command: `{ \\builtin source -- "$__agsh_snapshot"; } </dev/null >/dev/null 2>&1; \\builtin unset -v __agsh_snapshot\n${command}`,
    env: { ...env, __agsh_snapshot: path },
  }
}

function details(info: ShellSnapshotInfo): SnapshotDetails {
  return {
    status: info.status,
    ...(info.reason !== undefined && { reason: info.reason }),
    shell: info.shell,
    counts: info.counts,
    dropped: info.dropped,
  }
}

function failed(error: unknown): ShellSnapshotInfo {
  const e = error as { message?: string; code?: string } | null
  return {
    status: 'failed',
    reason: `${e?.message ?? String(error)}${e?.code ? ` (${e.code})` : ''}`,
    shell: '',
    durationMs: 0,
    counts: { aliases: 0, functions: 0, options: 0, env: 0 },
    dropped: [],
    names: [],
    cached: false,
  }
}
