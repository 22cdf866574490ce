// The tool set's settings: `BashToolsOptions` with every default filled in, read once when the
// tool set is made.
import { defaultInterceptorRules, type InterceptorRule, type MinimizerOptions, type OutputOptions, type SandboxPolicy, type ShellOptions } from '../native'
import type { BashToolsOptions } from '../types'

export const KB = 1024
// The anchor's defaults: 50 KB shown, of which the first 20 KB; lines longer than 768 bytes are cut.
export const DEFAULT_OUTPUT: OutputOptions = { maxBytes: 50 * KB, headBytes: 20 * KB, maxColumns: 768 }
const DEFAULT_TIMEOUT_SECONDS = 300
const MAX_TIMEOUT_SECONDS = 3600
/** Live output for a UI: often enough to look live, rare enough to cost nothing. */
export const UPDATE_INTERVAL_MS = 200
/** The minimizer's capture bound when its options give none (docs/api.md §2a: 4 MiB). */
export const DEFAULT_MAX_CAPTURE_BYTES = 4 * 1024 * 1024

export interface ToolConfig {
  /** The options as given, for what is passed on unchanged (`env`, `shell`, `jobs`, `autoBackgroundMs`). */
  options: BashToolsOptions
  defaultTimeoutSeconds: number
  maxTimeoutSeconds: number
  /** The sink options of every run: the defaults with `options.output` over them. */
  output: OutputOptions
  /** `output.maxBytes`, or the default's when `options.output` unset it. */
  outputBudget: number
  /** The session's starting directory. */
  initialCwd: string
  /** Off unless `options.interceptor` was given. */
  interceptor?: { rules: InterceptorRule[]; availableTools?: string[] }
  /** Every command of the tool set, foreground, PTY or background, runs confined by it. */
  sandbox?: SandboxPolicy
  shellOptions: ShellOptions
  minimizer: MinimizerOptions
  enforceReadOnly: boolean
  /** A confined call's policy: nothing writable but the run's own temp dir (its TMPDIR), no network; reading as the tool set's sandbox allows. */
  readOnlyPolicy: SandboxPolicy
}

export function toolConfig(options: BashToolsOptions): ToolConfig {
  const maxTimeoutSeconds = options.maxTimeoutSeconds ?? MAX_TIMEOUT_SECONDS
  const output: OutputOptions = { ...DEFAULT_OUTPUT, ...options.output }
  const initialCwd = options.cwd ?? process.cwd()
  // Writable by default: the tool set's directory (and each run's own temp dir).
  const sandbox = options.sandbox && { ...options.sandbox, writableRoots: options.sandbox.writableRoots ?? [initialCwd] }
  return {
    options,
    defaultTimeoutSeconds: Math.min(options.defaultTimeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS, maxTimeoutSeconds),
    maxTimeoutSeconds,
    output,
    outputBudget: output.maxBytes ?? DEFAULT_OUTPUT.maxBytes!,
    initialCwd,
    interceptor: options.interceptor && {
      rules: options.interceptor.rules ?? defaultInterceptorRules(),
      availableTools: options.interceptor.availableTools,
    },
    sandbox,
    shellOptions: { sessionEnv: options.env, shell: options.shell, ...(sandbox && { sandbox }) },
    minimizer: options.minimizer ?? { enabled: true },
    enforceReadOnly: options.enforceReadOnly ?? true,
    // A sandboxed session's job is also confined by the session's policy (the native layer meets both).
    readOnlyPolicy: {
      writableRoots: [],
      network: false,
      ...(sandbox?.readableRoots && { readableRoots: sandbox.readableRoots }),
    },
  }
}
