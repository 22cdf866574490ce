#!/usr/bin/env node
// The `agent-shell` command (docs/api.md §11): `run` executes one command through the native layer and
// exits with its code; `mcp` serves the tool set over stdio.
import { spawnSync } from 'node:child_process'
import { createWriteStream, fstatSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { withSnapshot, type BashSnapshotOptions } from './bash/snapshot'
import { captureShellSnapshot, executeShell, makeTempDir, PtySession, type ShellRunResult, type PtyRunResult } from './native'

/** The snapshot's options, shared by `run --snapshot` and `mcp`, as help lines with their descriptions from column `width`. */
function snapshotHelp(width: number): string {
  const rows: [string, string][] = [
    ['--snapshot-shell SHELL', 'the shell to capture, bash or zsh (AGENT_SHELL_SNAPSHOT_SHELL; default: $SHELL)'],
    ['--snapshot-login', 'read its login files too (AGENT_SHELL_SNAPSHOT_LOGIN=1; default: on macOS only)'],
    ['--no-snapshot-login', 'do not (AGENT_SHELL_SNAPSHOT_LOGIN=0)'],
    ['--snapshot-timeout MS', 'how long its startup files may take (AGENT_SHELL_SNAPSHOT_TIMEOUT_MS; default: 5000)'],
    ['--snapshot-exclude a,b,...', 'names of aliases, functions and variables to leave out (AGENT_SHELL_SNAPSHOT_EXCLUDE)'],
  ]
  return rows.map(([flag, text]) => (flag.length <= width - 4 ? `  ${flag.padEnd(width - 3)} ${text}` : `  ${flag}\n${' '.repeat(width)}${text}`)).join('\n')
}

const USAGE = `agent-shell: the shell layer of AI coding agents, from the command line.

Usage:
  agent-shell run [--cwd DIR] [--timeout SECONDS] [--pty] [--json] [--stdin] [--snapshot] -- COMMAND...
  agent-shell mcp [--cwd DIR] [--shell SHELL] [--default-timeout SECONDS] [--max-timeout SECONDS]
                  [--auto-background-ms MS] [--interceptor [--available-tools a,b,...]] [--no-snapshot]
  agent-shell --help | run --help | mcp --help | --version

Commands:
  run   Runs COMMAND with bash (as \`bash -c\`, stdin on /dev/null, pagers and prompts off), streams
        its output (stdout and stderr merged) live, and exits with its exit code (128+n when it
        died of signal n, 124 when it timed out).
  mcp   A Model Context Protocol server on stdin/stdout exposing the tools bash, bash_output and
        kill_bash (one persistent bash session, background jobs).

Run "agent-shell run --help" or "agent-shell mcp --help" for their options.`

const RUN_USAGE = `Usage: agent-shell run [--cwd DIR] [--timeout SECONDS] [--pty] [--json] [--stdin] [--snapshot] -- COMMAND...

Runs COMMAND (the words after --, joined by spaces) with bash through agent-shell's native layer:
stdin on /dev/null, the non-interactive environment (pagers off, prompts refused, CI=true), and
the whole process tree killed on timeout or Ctrl-C.

Options:
  --cwd DIR            run in DIR (default: the current directory)
  --timeout SECONDS    kill the command and everything it started after SECONDS (default: none)
  --pty                run on a pseudo-terminal (the command sees a terminal)
  --stdin              give the command this program's stdin instead of /dev/null
                       (echo hi | agent-shell run --stdin -- cat); not with --pty
  --json               print no live output; print the result as one JSON object instead:
                       { exitCode, signal, timedOut, cancelled, durationMs, output: { output, truncated, ... } }
  --snapshot           first capture your shell as your terminal has it (aliases, functions, glob
                       options, the PATH and variables your ~/.bashrc or ~/.zshrc set) and run
                       COMMAND with it (default: off; see docs/snapshot.md)
${snapshotHelp(23)}
  -h, --help           this text

Exit status: the command's exit code; 128+n when it died of signal n; 124 when it timed out;
130 when interrupted (SIGINT), 143 when terminated (SIGTERM); 141 when stdout closed early (as
a writer in a shell pipeline that got SIGPIPE: the command's tree is killed quietly); 2 for a
usage error.`

const MCP_USAGE = `Usage: agent-shell mcp [options]

Serves the tools bash, bash_output and kill_bash over the Model Context Protocol on stdin/stdout,
for MCP clients such as Claude Desktop or Claude Code. Partial output of a running command is
sent as progress notifications when the client asks for progress.

Options (each also read from the environment variable shown):
  --cwd DIR                    the session's starting directory (AGENT_SHELL_CWD; default: the current directory)
  --shell SHELL                shell binary (AGENT_SHELL_SHELL; default: bash)
  --default-timeout SECONDS    a command's timeout when the model gives none (AGENT_SHELL_DEFAULT_TIMEOUT; default: 300)
  --max-timeout SECONDS        the largest timeout a model may ask for (AGENT_SHELL_MAX_TIMEOUT; default: 3600)
  --auto-background-ms MS      a command still running after MS becomes a background job (AGENT_SHELL_AUTO_BACKGROUND_MS; default: off)
  --interceptor                block commands that have a dedicated tool (AGENT_SHELL_INTERCEPTOR=1; default: off)
  --available-tools a,b,...    with --interceptor: the client's dedicated tools (AGENT_SHELL_AVAILABLE_TOOLS; default: every tool the rules name)
  --sandbox                    confine every command (Landlock + seccomp): writes only under the working
                               directory, its temp dir and --writable dirs; no network unless --network
                               (AGENT_SHELL_SANDBOX=1; default: off)
  --writable DIR,...           with --sandbox: the writable roots (AGENT_SHELL_WRITABLE; default: the --cwd directory)
  --network                    with --sandbox: allow TCP and UDP (AGENT_SHELL_NETWORK=1; default: off)
  --strict-schemas             list input schemas OpenAI's strict mode accepts: every field required and
                               nullable, env as a list of {name, value} (AGENT_SHELL_STRICT_SCHEMAS=1;
                               default: off; either form of input is accepted)
  --no-snapshot                do not capture your shell (AGENT_SHELL_SNAPSHOT=0; default: on: the
                               session has the aliases, functions, glob options, PATH and variables
                               your ~/.bashrc or ~/.zshrc set; the first call waits for the capture)
${snapshotHelp(31)}

While a call that asked for progress runs, a progress notification is sent at least every 5 s
(AGENT_SHELL_PROGRESS_HEARTBEAT_MS), so a client that resets its timeout on progress keeps waiting
for a silent command. Every result carries structuredContent { output, isError, exitCode, ... }
(outputSchema given), so a client that shows only structured content still shows the output.
  -h, --help                   this text`

const SNAPSHOT_VALUED = ['--snapshot-shell', '--snapshot-timeout', '--snapshot-exclude']
const SNAPSHOT_BOOLEANS = ['--snapshot-login', '--no-snapshot-login']

/** The snapshot's options from the flags and the environment. */
function snapshotOptions(flags: Map<string, string | true>): BashSnapshotOptions {
  const env = process.env
  const get = (flag: string, variable: string) => (flags.get(flag) as string | undefined) ?? (env[variable] || undefined)
  const shell = get('--snapshot-shell', 'AGENT_SHELL_SNAPSHOT_SHELL')
  const timeout = get('--snapshot-timeout', 'AGENT_SHELL_SNAPSHOT_TIMEOUT_MS')
  const timeoutMs = timeout === undefined ? undefined : Number(timeout)
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0 && timeoutMs <= 600_000)) {
    throw new UsageError(`--snapshot-timeout must be a whole number of milliseconds from 1 to 600000 (got ${JSON.stringify(timeout)})`)
  }
  const login = flags.has('--snapshot-login') ? true : flags.has('--no-snapshot-login') ? false : env.AGENT_SHELL_SNAPSHOT_LOGIN ? ['1', 'true'].includes(env.AGENT_SHELL_SNAPSHOT_LOGIN) : undefined
  const exclude = get('--snapshot-exclude', 'AGENT_SHELL_SNAPSHOT_EXCLUDE')
  return {
    ...(shell !== undefined && { shell }),
    ...(login !== undefined && { login }),
    ...(timeoutMs !== undefined && { timeoutMs }),
    ...(exclude !== undefined && { exclude: exclude.split(',').map((n) => n.trim()).filter(Boolean) }),
  }
}

class UsageError extends Error {}

interface Parsed {
  flags: Map<string, string | true>
  rest: string[]
}

/** `--name value`, `--name=value` and boolean `--name`; everything after `--` (or the first word that is not an option) is `rest`. */
function parse(args: string[], valued: Set<string>, booleans: Set<string>): Parsed {
  const flags = new Map<string, string | true>()
  let i = 0
  for (; i < args.length; i++) {
    const arg = args[i]!
    if (arg === '--') {
      i++
      break
    }
    if (!arg.startsWith('-') || arg === '-') break
    const [name, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    if (name === '-h' || name === '--help') flags.set('--help', true)
    else if (booleans.has(name)) flags.set(name, true)
    else if (valued.has(name)) {
      const value = inline ?? args[++i]
      if (value === undefined) throw new UsageError(`${name} needs a value`)
      flags.set(name, value)
    } else throw new UsageError(`unknown option ${arg}`)
  }
  return { flags, rest: args.slice(i) }
}

function seconds(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new UsageError(`${name} must be a positive number of seconds (got ${JSON.stringify(value)})`)
  return n
}

/** 128+n for a signal, 124 for a timeout (as coreutils' timeout), 128+n when this program got signal n (or SIGPIPE: stdout closed). */
function exitStatus(result: ShellRunResult | PtyRunResult, stoppedBy: number | undefined): number {
  if (stoppedBy !== undefined) return 128 + stoppedBy
  if (result.timedOut) return 124
  if (result.cancelled) return 1
  return result.exitCode ?? 1
}

const SIGNALS = { SIGINT: 2, SIGPIPE: 13, SIGTERM: 15 } as const

/**
 * A path the command opens to read this program's stdin, live. A pipe, file or terminal is opened
 * again through /proc (nothing is relayed); a socket (a Node parent's stdio) cannot be, so it is
 * relayed into a FIFO in a private directory, removed as soon as both ends are open.
 */
function stdinPath(): string {
  if (!fstatSync(0).isSocket()) return `/proc/${process.pid}/fd/0`
  const dir = makeTempDir('agent-shell-stdin-')
  const fifo = join(dir, 'stdin')
  const made = spawnSync('mkfifo', ['-m', '600', fifo])
  if (made.status !== 0) throw new Error(`--stdin: cannot make a FIFO in ${dir}: ${made.stderr}`)
  const out = createWriteStream(fifo)
  out.on('open', () => rmSync(dir, { recursive: true, force: true }))
  out.on('error', () => {})
  process.stdin.pipe(out)
  return `'${fifo}'`
}

async function run(args: string[]): Promise<number> {
  const { flags, rest } = parse(args, new Set(['--cwd', '--timeout', ...SNAPSHOT_VALUED]), new Set(['--pty', '--json', '--stdin', '--snapshot', ...SNAPSHOT_BOOLEANS]))
  if (flags.has('--help')) {
    process.stdout.write(`${RUN_USAGE}\n`)
    return 0
  }
  let command = rest.join(' ')
  if (command.trim() === '') throw new UsageError('no command given: agent-shell run [options] -- COMMAND')
  if (flags.has('--stdin')) {
    if (flags.has('--pty')) throw new UsageError('--stdin cannot be used with --pty (the command reads the terminal)')
    command = `{\n${command}\n} < ${stdinPath()}`
  }
  const timeout = seconds('--timeout', flags.get('--timeout') as string | undefined)
  const cwd = flags.get('--cwd') as string | undefined
  const json = flags.has('--json')
  // The user's shell, captured first (off unless asked: a one-shot command from a terminal has
  // its environment already); what could not be captured is said on stderr, and the command runs.
  let snapshotPath: string | undefined
  if (flags.has('--snapshot') && process.env.AGENT_SHELL_SNAPSHOT !== '0') {
    const info = await captureShellSnapshot({ ...snapshotOptions(flags), ...(cwd !== undefined && { cwd }) })
    if (info.status === 'ok') snapshotPath = info.path
    else process.stderr.write(`agent-shell: no shell snapshot (${info.status}: ${info.reason ?? 'unknown'})\n`)
  }

  const controller = new AbortController()
  let stoppedBy: number | undefined
  const stop = (signal: keyof typeof SIGNALS) => {
    stoppedBy ??= SIGNALS[signal]
    controller.abort()
  }
  const onSignal = (signal: NodeJS.Signals) => stop(signal as keyof typeof SIGNALS)
  // A closed stdout (`agent-shell run -- seq 1 3000000 | head -1`) ends the command as SIGPIPE
  // would end a writer in a pipeline: its tree is killed, nothing is reported.
  const onStdoutError = (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') stop('SIGPIPE')
    else stop('SIGTERM')
  }
  process.stdout.on('error', onStdoutError)
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  const onChunk = json
    ? null
    : (error: Error | null, chunk: string) => void (error || stoppedBy !== undefined || process.stdout.write(chunk))
  const common = {
    command,
    ...(cwd !== undefined && { cwd }),
    ...(timeout !== undefined && { timeoutMs: Math.round(timeout * 1000) }),
    signal: controller.signal,
  }
  try {
    if (flags.has('--pty')) {
      const pty = new PtySession()
      const cols = process.stdout.columns
      const rows = process.stdout.rows
      const sourced = snapshotPath === undefined ? {} : withSnapshot(snapshotPath, command, {})
      const result = await pty.start({ ...common, ...sourced, shell: 'bash', ...(cols && { cols }), ...(rows && { rows }) }, onChunk)
      if (json && stoppedBy === undefined) process.stdout.write(`${JSON.stringify({ ...result, output: pty.screen() })}\n`)
      return exitStatus(result, stoppedBy)
    }
    const result = await executeShell({ ...common, ...(snapshotPath !== undefined && { snapshotPath }), ...(json && { output: {} }) }, onChunk)
    if (json && stoppedBy === undefined) process.stdout.write(`${JSON.stringify(result)}\n`)
    return exitStatus(result, stoppedBy)
  } catch (error) {
    const e = error as { code?: string; message?: string }
    process.stderr.write(`agent-shell: ${e.message ?? String(error)}${e.code ? ` (${e.code})` : ''}\n`)
    return 2
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

async function mcp(args: string[]): Promise<number | undefined> {
  const { flags, rest } = parse(
    args,
    new Set(['--cwd', '--shell', '--default-timeout', '--max-timeout', '--auto-background-ms', '--available-tools', '--writable', ...SNAPSHOT_VALUED]),
    new Set(['--interceptor', '--sandbox', '--network', '--strict-schemas', '--no-snapshot', ...SNAPSHOT_BOOLEANS]),
  )
  if (flags.has('--help')) {
    process.stdout.write(`${MCP_USAGE}\n`)
    return 0
  }
  if (rest.length) throw new UsageError(`unexpected argument ${rest[0]}`)
  const env = process.env
  const get = (flag: string, variable: string) => (flags.get(flag) as string | undefined) ?? (env[variable] || undefined)
  const autoBackground = get('--auto-background-ms', 'AGENT_SHELL_AUTO_BACKGROUND_MS')
  const autoBackgroundMs = autoBackground === undefined ? undefined : Number(autoBackground)
  if (autoBackgroundMs !== undefined && !(Number.isInteger(autoBackgroundMs) && autoBackgroundMs > 0)) {
    throw new UsageError(`--auto-background-ms must be a positive whole number of milliseconds (got ${JSON.stringify(autoBackground)})`)
  }
  const interceptor = flags.has('--interceptor') || ['1', 'true'].includes(env.AGENT_SHELL_INTERCEPTOR ?? '')
  const available = get('--available-tools', 'AGENT_SHELL_AVAILABLE_TOOLS')
  const cwd = get('--cwd', 'AGENT_SHELL_CWD')
  const shell = get('--shell', 'AGENT_SHELL_SHELL')
  const defaultTimeoutSeconds = seconds('--default-timeout', get('--default-timeout', 'AGENT_SHELL_DEFAULT_TIMEOUT'))
  const maxTimeoutSeconds = seconds('--max-timeout', get('--max-timeout', 'AGENT_SHELL_MAX_TIMEOUT'))
  const on = (flag: string, variable: string) => flags.has(flag) || ['1', 'true'].includes(env[variable] ?? '')
  const writable = get('--writable', 'AGENT_SHELL_WRITABLE')
  const sandbox = on('--sandbox', 'AGENT_SHELL_SANDBOX')
    ? {
        network: on('--network', 'AGENT_SHELL_NETWORK'),
        ...(writable !== undefined && { writableRoots: writable.split(',').map((d) => d.trim()).filter(Boolean) }),
      }
    : undefined
  // Loaded here: `run` should not pay for the MCP SDK's start-up.
  const { serveStdio } = await import('./mcp.js')
  const heartbeat = env.AGENT_SHELL_PROGRESS_HEARTBEAT_MS
  await serveStdio({
    name: 'agent-shell',
    strictSchemas: on('--strict-schemas', 'AGENT_SHELL_STRICT_SCHEMAS'),
    ...(heartbeat && Number(heartbeat) > 0 && { progressHeartbeatMs: Number(heartbeat) }),
    version: packageVersion(),
    tools: {
      ...(cwd !== undefined && { cwd }),
      ...(shell !== undefined && { shell }),
      ...(defaultTimeoutSeconds !== undefined && { defaultTimeoutSeconds }),
      ...(maxTimeoutSeconds !== undefined && { maxTimeoutSeconds }),
      ...(autoBackgroundMs !== undefined && { autoBackgroundMs }),
      ...(interceptor && { interceptor: available ? { availableTools: available.split(',').map((t) => t.trim()).filter(Boolean) } : {} }),
      ...(sandbox && { sandbox }),
      snapshot: flags.has('--no-snapshot') ? false : snapshotOptions(flags),
    },
  })
  return undefined // serves until stdin closes
}

function packageVersion(): string {
  try {
    return (require('../package.json') as { version: string }).version
  } catch {
    return '0.0.0'
  }
}

async function main(argv: string[]): Promise<number | undefined> {
  const [command, ...args] = argv
  try {
    switch (command) {
      case 'run':
        return await run(args)
      case 'mcp':
        return await mcp(args)
      case '-v':
      case '--version':
      case 'version':
        process.stdout.write(`${packageVersion()}\n`)
        return 0
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        process.stdout.write(`${USAGE}\n`)
        return command === undefined ? 2 : 0
      default:
        throw new UsageError(`unknown command ${JSON.stringify(command)}`)
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    process.stderr.write(`agent-shell: ${error.message}\nRun "agent-shell --help" for usage.\n`)
    return 2
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code === undefined) return
    // Let stdout drain before exiting (a pipe may still hold the last chunk).
    process.exitCode = code
    if (process.stdout.writableLength === 0 || process.stdout.destroyed) process.exit(code)
    process.stdout.once('drain', () => process.exit(code))
    process.stdout.once('error', () => process.exit(code))
  },
  (error: unknown) => {
    process.stderr.write(`agent-shell: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    process.exit(1)
  },
)
