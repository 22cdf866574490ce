// The shapes an agent host sees (docs/api.md §10): tools with a JSON Schema input, an `execute` that
// resolves to a result (a command's failure is a result, never a rejection), and the options of
// a tool set.
import type { InterceptorRule, MinimizerOptions, OutputOptions, ShellSnapshotInfo } from '..'

/** `createBashTools({ snapshot })`: the capture's options (`true`: all defaults). */
export interface BashSnapshotOptions {
  /** The shell to capture, bash or zsh. @default `$SHELL` */
  shell?: string
  /** Read the login startup files too. @default true on macOS, false elsewhere */
  login?: boolean
  /** Milliseconds the startup files may take; the first call waits at most this long. @default 5000 */
  timeoutMs?: number
  /** What to take; each defaults to true. */
  include?: { aliases?: boolean; functions?: boolean; options?: boolean; env?: boolean }
  /** Names of functions, aliases and variables to leave out (`*` matches any text). */
  exclude?: string[]
  /** Variable names to treat as secrets, beside those that look like one. */
  redact?: string[]
}

export interface ToolResult {
  content: { type: 'text'; text: string }[]
  isError: boolean
  details: Record<string, unknown>
}

export interface ToolContext {
  /** Aborting it stops the command (and its whole process tree); `execute` then rejects with an `AbortError`. */
  signal?: AbortSignal
  /** The output so far (ANSI-stripped, the last `maxBytes` of it), at most every 200 ms while a command runs. */
  onUpdate?: (partialText: string) => void
  /** Extension: each new piece of output as it arrives (ANSI-stripped), for hosts that stream it (the MCP server, the CLI). */
  onOutput?: (text: string) => void
  /** A person approved this call: it runs as configured, not confined to reading even when `checkPermissions` said `allow`. */
  approved?: boolean
}

export interface PermissionDecision {
  behavior: 'allow' | 'ask' | 'deny'
  reasons: string[]
}

export interface AgentTool {
  name: string
  description: string
  /** JSON Schema (draft 2020-12 compatible, `type: 'object'`). */
  inputSchema: Record<string, unknown>
  execute(input: unknown, context?: ToolContext): Promise<ToolResult>
  checkPermissions?(input: unknown): PermissionDecision
  isReadOnly?(input: unknown): boolean
}

export interface BashToolSet {
  bash: AgentTool
  bashOutput: AgentTool
  killBash: AgentTool
  /** `artifact://<id>` (or the bare id) -> the file that holds that output in full; undefined when unknown. */
  resolveArtifact(id: string): string | undefined
  /** Closes the session, kills every background job and removes the tool set's own artifact directory. Idempotent. */
  close(): Promise<void>
  /** Captures the user's shell again (docs/snapshot.md); the next `bash` call runs in a new shell with it. */
  refreshSnapshot(): Promise<ShellSnapshotInfo>
}

/** The native sandbox (docs/security.md): every command of the tool set runs confined by it. */
export interface SandboxPolicy {
  writableRoots?: string[]
  readableRoots?: string[]
  network?: boolean
}

export interface BashToolsOptions {
  /** The session's starting directory. @default process.cwd() */
  cwd?: string
  /** Exported once in the session (and given to background jobs and PTY commands). */
  env?: Record<string, string>
  /** Shell binary. @default "bash" */
  shell?: string
  /** @default 300 */
  defaultTimeoutSeconds?: number
  /** @default 3600 */
  maxTimeoutSeconds?: number
  /** Off unless given. `rules` default to `defaultInterceptorRules()`, `availableTools` to every tool the rules name. */
  interceptor?: { rules?: InterceptorRule[]; availableTools?: string[] }
  /** Merged over the default: 50 KB budget, 20 KB head, 768 columns. */
  output?: OutputOptions
  /**
   * Where full outputs are kept; a given dir is the caller's and is never removed.
   * @default a temp dir of the tool set's own (`agent-shell-artifacts-*` in the OS temp dir), removed by close() or, for a tool set never closed, when the process exits
   */
  artifactDir?: string
  /** Off unless set: a foreground command still running after this many ms returns as a background job. */
  autoBackgroundMs?: number
  jobs?: { maxJobs?: number; bufferBytes?: number }
  sandbox?: SandboxPolicy
  /** Output minimizer for foreground calls (docs/api.md §2a); a minimized call's text is the compact text and `[raw output: artifact://<id>]`. @default { enabled: true } */
  minimizer?: MinimizerOptions
  /**
   * A `bash` call whose `checkPermissions` verdict is `allow` runs confined to reading (no write
   * outside its own temp dir, no network, no signal outside its own processes), unless the call's
   * context says `approved: true`. Its result has `details.confined: true`. @default true
   */
  enforceReadOnly?: boolean
  /**
   * The user's shell as their terminal has it (docs/snapshot.md): their aliases, functions, glob
   * options and the environment their startup files set (PATH merged), captured when the tool
   * set is made; the first `bash` call waits for it and its `details.snapshot` says what was
   * captured and dropped (names only). `false` (or `AGENT_SHELL_SNAPSHOT=0` in the environment)
   * turns it off. @default true
   */
  snapshot?: boolean | BashSnapshotOptions
}
