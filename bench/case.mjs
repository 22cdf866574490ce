// One measurement, in a fresh Node process: `node bench/case.mjs <system> <workload> '<params json>'`.
// Prints one line of JSON on stdout (the orchestrator, run.mjs, reads it) and nothing else there.
//
// Each system is used the way its users would use it, and loads only its own library, so that
// peak RSS is what a host using that system pays. Output is counted in characters (string length)
// inside the per-chunk callback; a run whose count is not exact reports `ok: false`.
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { monitorEventLoopDelay } from 'node:perf_hooks'

const require = createRequire(import.meta.url)
const [system, workload, paramsJson = '{}'] = process.argv.slice(2)
const params = JSON.parse(paramsJson)

const now = () => performance.now()
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))
const maxRssKb = () => process.resourceUsage().maxRSS

// ---------------------------------------------------------------------------------------------
// Commands. Every system runs exactly these strings through bash.

// 64-byte ASCII lines, so characters = bytes.
const streamCommand = (bytes) => `yes 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ | head -c ${bytes}`
// No newline in the output: a tty turns "\n" into "\r\n", which would change the count.
// Programs named by path, as below: the anchor's own shell would run a bare `head` and `tr` itself.
const ptyCommand = (bytes) => `/usr/bin/head -c ${bytes} /dev/zero | /usr/bin/tr '\\0' a`
const linesCommand = (lines) => `seq ${lines}`
// Programs named by path: the anchor runs `yes`, `head` and `tr` in its own process when named
// bare, and these are separate processes for every system.
const programsCommand = (bytes) => `/usr/bin/head -c ${bytes} /dev/zero | /usr/bin/tr '\\0' x`
// The tree's processes are programs named by path, with the marker as their argument (a duration of
// about 1000 s): the anchor runs `sleep` named bare in its own process and has no `exec -a`, so the
// tree of `(exec -a MARKER sleep 1000) &` never existed under it.
const treeCommand = (marker, size) => `for i in $(seq ${size}); do /bin/sleep ${marker} & done; wait`

function seqChars(lines) {
  let total = 0
  for (let digits = 1, lo = 1; lo <= lines; digits++, lo *= 10) {
    total += (Math.min(lines, lo * 10 - 1) - lo + 1) * (digits + 1)
  }
  return total
}

// ---------------------------------------------------------------------------------------------
// Systems.

let agentShell
const agent = () => (agentShell ??= require('../index.js'))
let nodePty
const pty = () => (nodePty ??= require('node-pty'))
let execaFn
const execa = async () => (execaFn ??= (await import('execa')).execa)

// The anchor, `@oh-my-pi/pi-natives` (its Linux x64 binary, installed by bench/install.mjs): its
// package entry expects Bun, but the .node loads under Node when required directly. Its
// `executeShell`, `Shell` (an in-process interpreter, brush) and `PtySession` take the same
// options as agent-shell's for what the bench uses.
let anchorModule
export const ANCHOR_DIR = new URL('./node_modules/@oh-my-pi/pi-natives-linux-x64/', import.meta.url).pathname
const anchor = () => {
  if (anchorModule) return anchorModule
  for (const file of ['pi_natives.linux-x64-modern.node', 'pi_natives.linux-x64-baseline.node']) {
    try {
      return (anchorModule = require(ANCHOR_DIR + file))
    } catch (err) {
      if (err?.code !== 'MODULE_NOT_FOUND' && !/instruction|cpu/i.test(String(err?.message))) throw err
    }
  }
  throw new Unavailable(`the anchor: ${ANCHOR_DIR} not installed (run \`node bench/install.mjs\`)`)
}
function anchorExec(command, onChunk, extra = {}) {
  return anchor().executeShell({ command, ...extra }, onChunk ? (err, chunk) => onChunk(chunk) : null)
}
// Its own shell: given `shell: 'bash'` the anchor's PtySession starts bash and never runs the
// command (every run timed out), so its PTY column was empty.
function anchorPtyRun(command, onChunk, extra = {}) {
  return new (anchor().PtySession)().start({ command, cols: 120, rows: 40, ...extra }, onChunk ? (err, chunk) => onChunk(chunk) : null, null)
}
async function anchorSession() {
  const sh = new (anchor().Shell)()
  return {
    run: (command, onChunk, extra = {}) => sh.run({ command, ...extra }, onChunk ? (err, chunk) => onChunk(chunk) : null),
    // The anchor's Shell has no close(): abort what runs and let it be collected.
    close: async () => (sh.close ? sh.close() : sh.abort()),
  }
}

const AGENT_SYSTEMS = new Set(['exec', 'exec-sandbox', 'shell', 'exec-sink', 'shell-sink', 'pty'])

function requirePtySession() {
  if (typeof agent().PtySession !== 'function') throw new Unavailable('PtySession: not available in this build')
  return agent().PtySession
}

class Unavailable extends Error {}

// child_process: what Node gives you. stdout and stderr decoded as UTF-8, the way a tool that
// wants text reads them.
function cpRun(command, onChunk) {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    if (onChunk) {
      child.stdout.on('data', onChunk)
      child.stderr.on('data', onChunk)
    } else {
      child.stdout.resume()
      child.stderr.resume()
    }
    child.on('error', reject)
    child.on('close', (exitCode) => resolve({ exitCode }))
  })
}

// execa: streaming without buffering (its default buffer would refuse 256 MiB).
async function execaRun(command, onChunk) {
  const run = await execa()
  const sub = run('bash', ['-c', command], { stdin: 'ignore', buffer: Boolean(!onChunk) })
  if (onChunk) {
    sub.stdout.setEncoding('utf8')
    sub.stderr.setEncoding('utf8')
    sub.stdout.on('data', onChunk)
    sub.stderr.on('data', onChunk)
  }
  const r = await sub
  return { exitCode: r.exitCode }
}

// node-pty, one-shot. Its exit event can come before the last output (the known loss at exit):
// the time is taken at exit or at the last chunk, whichever is later, and chunks arriving within
// a grace period after exit are still counted, which is generous to node-pty.
const NODE_PTY_GRACE_MS = 100
function nodePtyRun(command, onChunk, { cols = 120, rows = 40 } = {}) {
  return new Promise((resolve) => {
    const p = pty().spawn('bash', ['-c', command], { name: 'xterm', cols, rows, cwd: process.cwd(), env: process.env })
    let lastData = 0
    p.onData((d) => {
      lastData = now()
      onChunk?.(d)
    })
    p.onExit(({ exitCode, signal }) => {
      const exitAt = now()
      setTimeout(() => resolve({ exitCode, signal, endAt: Math.max(exitAt, lastData) }), NODE_PTY_GRACE_MS)
    })
  })
}

function execRun(command, onChunk, extra = {}) {
  return agent().executeShell({ command, ...extra }, onChunk ? (err, chunk) => onChunk(chunk) : null)
}

function ptySessionRun(command, onChunk, extra = {}) {
  const PtySession = requirePtySession()
  return new PtySession().start({ command, shell: 'bash', cols: 120, rows: 40, ...extra }, onChunk ? (err, chunk) => onChunk(chunk) : null, null)
}

// A plain JS persistent bash: one long-lived process; each command is followed by an echo of a
// sentinel carrying `$?`. The baseline for `Shell.run`.
function jsSession() {
  const nonce = Math.random().toString(36).slice(2)
  const tag = `__S_${nonce}_`
  const sh = spawn('bash', ['--noprofile', '--norc'], { stdio: ['pipe', 'pipe', 'pipe'] })
  sh.stdout.setEncoding('utf8')
  sh.stderr.resume()
  let buffered = ''
  let pending = null
  sh.stdout.on('data', (data) => {
    buffered += data
    const at = buffered.indexOf(tag)
    if (at < 0 || !pending) return
    const eol = buffered.indexOf('\n', at)
    if (eol < 0) return
    const exitCode = Number(buffered.slice(at + tag.length, eol))
    const output = buffered.slice(0, at)
    buffered = buffered.slice(eol + 1)
    const { resolve } = pending
    pending = null
    resolve({ exitCode, output })
  })
  return {
    run: (command) =>
      new Promise((resolve) => {
        pending = { resolve }
        sh.stdin.write(`${command}\necho "${tag}$?"\n`)
      }),
    close: () => new Promise((resolve) => (sh.once('close', resolve), sh.stdin.end())),
  }
}

async function agentSession() {
  const sh = new (agent().Shell)()
  return {
    run: (command, onChunk, extra = {}) => sh.run({ command, ...extra }, onChunk ? (err, chunk) => onChunk(chunk) : null),
    close: () => sh.close(),
  }
}

// Every system first runs `true` once, as a host that already ran a command would have: the
// library is loaded, its runtime started and, for a session, the shell is up (the session is
// returned for the measurement to use).
async function warmUp() {
  switch (system) {
    case 'shell':
    case 'shell-sink': {
      const session = await agentSession()
      await session.run('true')
      return session
    }
    case 'anchor-shell': {
      const session = await anchorSession()
      await session.run('true')
      return session
    }
    case 'anchor':
      await anchorExec('true')
      break
    case 'anchor-pty':
      await anchorPtyRun('true', null)
      break
    case 'exec':
    case 'exec-sink':
      await execRun('true')
      break
    case 'exec-sandbox':
      await execRun('true', null, { sandbox: {} })
      break
    case 'execa':
      await execaRun('true', null)
      break
    case 'nodepty':
      await nodePtyRunNoGrace('true')
      break
    case 'pty':
      await ptySessionRun('true', null)
      break
    default:
      await cpRun('true', null)
  }
  return undefined
}

// A streaming run of `command` through `system`, counting characters and callbacks.
// Returns { ms, chars, callbacks, exitCode, outputBytes? }; sessions are started (and warmed up)
// before the clock starts, since a session is paid for once.
async function streamThrough(system, command, { monitor } = {}) {
  let chars = 0
  let callbacks = 0
  const count = (chunk) => {
    chars += chunk.length
    callbacks++
  }
  const session = await warmUp()
  const rssBaseKb = maxRssKb()
  monitor?.enable()
  const start = now()
  let r
  let endAt
  switch (system) {
    case 'cp':
      r = await cpRun(command, count)
      break
    case 'execa':
      r = await execaRun(command, count)
      break
    case 'exec':
      r = await execRun(command, count)
      break
    case 'shell':
    case 'anchor-shell':
      r = await session.run(command, count)
      break
    case 'anchor':
      r = await anchorExec(command, count)
      break
    case 'anchor-pty':
      r = await anchorPtyRun(command, count)
      break
    case 'exec-sink':
      r = await execRun(command, null, { output: {} })
      break
    case 'shell-sink':
      r = await session.run(command, null, { output: {} })
      break
    case 'nodepty':
      r = await nodePtyRun(command, count)
      endAt = r.endAt
      break
    case 'pty':
      r = await ptySessionRun(command, count)
      break
    case 'limit':
      // The pipe's own rate: the same producer drained by `cat`.
      r = await cpRun(`${command} | cat > /dev/null`, null)
      break
    default:
      throw new Error(`system ${system} does not stream`)
  }
  const ms = (endAt ?? now()) - start
  monitor?.disable()
  await session?.close()
  if (r.output) chars = r.output.totalBytes // sink runs: ASCII output, so bytes = characters
  return { ms, chars, callbacks, exitCode: r.exitCode, rssBaseKb, rssKb: maxRssKb(), totalLines: r.output?.totalLines }
}

// ---------------------------------------------------------------------------------------------
// Workloads.

const MiB = 1024 * 1024

// The floors (`floor`, `floor-echo`): bash driven from Rust, no Node in the loop, by
// examples/framing_floor.rs, which measures and reports in this file's format itself.
function floor(mode, n, warmup) {
  const bin = new URL('../target/release/examples/framing_floor', import.meta.url).pathname
  const r = spawnSync(bin, [mode, String(n), String(warmup)], { encoding: 'utf8' })
  if (r.error?.code === 'ENOENT') throw new Unavailable(`${bin}: not built (run \`node bench/install.mjs\`)`)
  const result = JSON.parse(r.stdout.trim().split('\n').pop() || '{}')
  if (!result.ok) throw new Error(`framing_floor ${mode}: ${result.error ?? r.stderr}`)
  return result
}

async function latency(n = params.latencyCommands, warmup = 5, command = 'true') {
  const samples = []
  if (system === 'floor' || system === 'floor-echo') return floor(system === 'floor' ? 'framing' : 'echo', n, warmup)
  if (system === 'limit') {
    // `bash -c true` spawned by bash itself: the cost of fork + exec + bash start-up, no Node.
    const script = `for ((i = 0; i < ${n + warmup}; i++)); do s=$EPOCHREALTIME; bash -c ${command}; e=$EPOCHREALTIME; echo "$s $e"; done`
    let out = ''
    await cpRun(script, (c) => (out += c))
    const lines = out.trim().split('\n').slice(warmup)
    for (const line of lines) {
      const [s, e] = line.split(' ').map(Number)
      samples.push((e - s) * 1e6)
    }
  } else {
    let once
    let close = async () => {}
    switch (system) {
      case 'cp':
        once = () => cpRun(command, null)
        break
      case 'execa': {
        const run = await execa()
        once = () => run('bash', ['-c', command], { stdin: 'ignore' })
        break
      }
      case 'exec':
        once = () => execRun(command, null)
        break
      case 'anchor':
        once = () => anchorExec(command, null)
        break
      case 'anchor-pty':
        once = () => anchorPtyRun(command, null)
        break
      case 'anchor-shell': {
        const s = await anchorSession()
        once = () => s.run(command)
        close = s.close
        break
      }
      case 'exec-sandbox':
        once = () => execRun('true', null, { sandbox: {} })
        break
      case 'nodepty':
        once = () => nodePtyRunNoGrace('true')
        break
      case 'pty':
        requirePtySession()
        once = () => ptySessionRun('true', null)
        break
      case 'jsshell': {
        const s = jsSession()
        once = () => s.run('true')
        close = s.close
        break
      }
      case 'shell': {
        const s = await agentSession()
        once = () => s.run('true')
        close = s.close
        break
      }
      default:
        throw new Error(`no latency case for ${system}`)
    }
    for (let i = 0; i < warmup; i++) await once()
    for (let i = 0; i < n; i++) {
      const t = now()
      const r = await once()
      samples.push((now() - t) * 1000)
      if (r.exitCode !== 0) throw new Error(`\`${command}\` exited with ${r.exitCode}`)
    }
    await close()
  }
  if (samples.length !== n) throw new Error(`expected ${n} samples, got ${samples.length}`)
  samples.sort((a, b) => a - b)
  return {
    ok: true,
    medianUs: quantile(samples, 0.5),
    p99Us: quantile(samples, 0.99),
    maxUs: samples[samples.length - 1],
  }
}

// For latency, a one-shot node-pty run resolves at exit (no grace period, nothing to count).
function nodePtyRunNoGrace(command) {
  return new Promise((resolve) => {
    const p = pty().spawn('bash', ['-c', command], { name: 'xterm', cols: 120, rows: 40, cwd: process.cwd(), env: process.env })
    p.onData(() => {})
    p.onExit(({ exitCode }) => resolve({ exitCode }))
  })
}

async function throughput() {
  const bytes = params.bytes
  const r = await streamThrough(system, streamCommand(bytes))
  const complete = system === 'limit' ? true : r.chars === bytes
  return {
    ok: complete && r.exitCode === 0,
    error: complete ? undefined : `delivered ${r.chars} of ${bytes} characters`,
    ms: r.ms,
    mibps: bytes / MiB / (r.ms / 1000),
    // The limit's work happens in `cat`, not in this process: its RSS and callbacks mean nothing.
    rssMb: system === 'limit' ? undefined : r.rssKb / 1024,
    rssBaseMb: system === 'limit' ? undefined : r.rssBaseKb / 1024,
    callbacks: system === 'limit' ? undefined : r.callbacks,
    chars: r.chars,
  }
}

async function throughputPrograms() {
  const bytes = params.bytes
  const r = await streamThrough(system, programsCommand(bytes))
  const complete = r.chars === bytes
  return {
    ok: complete && r.exitCode === 0,
    error: complete ? undefined : `delivered ${r.chars} of ${bytes} characters`,
    ms: r.ms,
    mibps: bytes / MiB / (r.ms / 1000),
    callbacks: r.callbacks,
    chars: r.chars,
  }
}

async function lines() {
  const n = params.lines
  const expected = seqChars(n)
  const r = await streamThrough(system, linesCommand(n))
  // The sink counts lines as the anchor's does: newlines + 1 (n lines, each ending in a newline).
  const complete = r.chars === expected && (r.totalLines === undefined || r.totalLines === n + 1)
  return {
    ok: complete && r.exitCode === 0,
    error: complete ? undefined : `delivered ${r.chars} of ${expected} characters (${r.totalLines ?? '?'} lines)`,
    ms: r.ms,
    callbacks: r.callbacks,
    chars: r.chars,
  }
}

async function eventLoop() {
  const bytes = params.bytes
  const monitor = monitorEventLoopDelay({ resolution: 1 })
  const r = await streamThrough(system, streamCommand(bytes), { monitor })
  const complete = r.chars === bytes
  return {
    ok: complete && r.exitCode === 0,
    error: complete ? undefined : `delivered ${r.chars} of ${bytes} characters`,
    maxMs: monitor.max / 1e6,
    p99Ms: monitor.percentile(99) / 1e6,
    ms: r.ms,
  }
}

async function ptyThroughput() {
  const bytes = params.bytes
  const r = await streamThrough(system, ptyCommand(bytes))
  return {
    ok: r.exitCode === 0,
    complete: r.chars === bytes,
    ms: r.ms,
    mibps: r.chars / MiB / (r.ms / 1000),
    deliveredPct: (100 * r.chars) / bytes,
    chars: r.chars,
    rssMb: r.rssKb / 1024,
    callbacks: r.callbacks,
  }
}

async function concurrent() {
  const n = params.concurrency
  const command = 'sleep 0.1; echo x'
  let once
  switch (system) {
    case 'cp':
      once = async () => {
        let out = ''
        await cpRun(command, (c) => (out += c))
        return out
      }
      break
    case 'execa': {
      const run = await execa()
      once = async () => (await run('bash', ['-c', command], { stdin: 'ignore' })).stdout + '\n'
      break
    }
    case 'exec':
      once = async () => {
        let out = ''
        await execRun(command, (c) => (out += c))
        return out
      }
      break
    case 'nodepty':
      once = async () => {
        let out = ''
        await nodePtyRun(command, (c) => (out += c))
        return out.replace(/\r\n/g, '\n')
      }
      break
    case 'pty':
      requirePtySession()
      once = async () => {
        let out = ''
        await ptySessionRun(command, (c) => (out += c))
        return out.replace(/\r\n/g, '\n')
      }
      break
    case 'anchor':
      once = async () => {
        let out = ''
        await anchorExec(command, (c) => (out += c))
        return out
      }
      break
    case 'anchor-pty':
      once = async () => {
        let out = ''
        await anchorPtyRun(command, (c) => (out += c))
        return out.replace(/\r\n/g, '\n')
      }
      break
    default:
      throw new Error(`no concurrent case for ${system}`)
  }
  await warmUp()
  const start = now()
  const outs = await Promise.all(Array.from({ length: n }, once))
  const ms = now() - start
  const wrong = outs.filter((o) => o !== 'x\n').length
  return { ok: wrong === 0, error: wrong ? `${wrong} of ${n} runs did not print "x"` : undefined, ms }
}

// Processes with the marker as an argument, alive (a zombie's cmdline is empty).
function markerPids(marker) {
  const pids = []
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) > 57) continue
    if (hasMarker(name, marker)) pids.push(Number(name))
  }
  return pids
}
function hasMarker(pid, marker) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'latin1').split('\0').includes(marker)
  } catch {
    return false
  }
}
function killMarked(marker) {
  const pids = markerPids(marker)
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {}
  }
  return pids.length
}

// Time from the timeout firing (start + timeoutMs) to the last process of the tree being gone.
async function timeoutTree() {
  const { treeSize, timeoutMs, marker, maxWaitMs } = params
  const command = treeCommand(marker, treeSize)
  const session = await warmUp()
  const start = now()
  const fire = start + timeoutMs
  let settledAt = null
  let run
  switch (system) {
    case 'cp': {
      // The naive user approach: its own process group, SIGKILL to the group on timeout.
      run = new Promise((resolve) => {
        const child = spawn('bash', ['-c', command], { stdio: ['ignore', 'pipe', 'pipe'], detached: true })
        child.stdout.resume()
        child.stderr.resume()
        const timer = setTimeout(() => process.kill(-child.pid, 'SIGKILL'), timeoutMs)
        child.on('close', () => (clearTimeout(timer), resolve()))
      })
      break
    }
    case 'execa': {
      // execa's own `timeout` option.
      const x = await execa()
      run = x('bash', ['-c', command], { stdin: 'ignore', timeout: timeoutMs }).catch(() => {})
      break
    }
    case 'nodepty':
      // node-pty's kill() (SIGHUP to the shell) on timeout.
      run = new Promise((resolve) => {
        const p = pty().spawn('bash', ['-c', command], { name: 'xterm', cols: 120, rows: 40, cwd: process.cwd(), env: process.env })
        p.onData(() => {})
        const timer = setTimeout(() => p.kill(), timeoutMs)
        p.onExit(() => (clearTimeout(timer), resolve()))
      })
      break
    case 'exec':
      run = execRun(command, null, { timeoutMs })
      break
    case 'shell':
      run = session.run(command, null, { timeoutMs })
      break
    case 'pty':
      run = ptySessionRun(command, null, { timeoutMs })
      break
    case 'anchor':
      run = anchorExec(command, null, { timeoutMs })
      break
    case 'anchor-shell':
      run = session.run(command, null, { timeoutMs })
      break
    case 'anchor-pty':
      run = anchorPtyRun(command, null, { timeoutMs })
      break
    default:
      throw new Error(`no timeout case for ${system}`)
  }
  run = run.then((r) => ((settledAt = now()), r))

  // The whole tree must be up before the timeout fires.
  let pids = []
  while (now() < fire - 5) {
    pids = markerPids(marker)
    if (pids.length >= treeSize) break
    await sleep(5)
  }
  const started = pids.length
  while (now() < fire) await sleep(1)
  let goneAt = null
  for (;;) {
    pids = pids.filter((pid) => hasMarker(pid, marker))
    if (pids.length === 0) {
      goneAt = now()
      break
    }
    if (now() - fire > maxWaitMs) break
    await sleep(1)
  }
  const leaked = killMarked(marker) // also catches any process that was not in the snapshot
  const settled = await Promise.race([run, sleep(2000).then(() => 'pending')])
  await session?.close()
  const timedOut = settled && typeof settled === 'object' && 'timedOut' in settled ? settled.timedOut : undefined
  const ok = started === treeSize && leaked === 0 && goneAt !== null && timedOut !== false
  let error
  if (started !== treeSize) error = `only ${started} of ${treeSize} processes were up when the timeout fired`
  else if (leaked) error = `${leaked} of ${treeSize} processes still alive ${maxWaitMs} ms after the timeout (killed by the bench)`
  else if (timedOut === false) error = 'the result does not say timedOut'
  return {
    ok,
    error,
    leaked,
    goneMs: goneAt === null ? null : goneAt - fire,
    settledMs: settledAt === null ? null : settledAt - fire,
  }
}

function quantile(sorted, q) {
  const at = (sorted.length - 1) * q
  const lo = Math.floor(at)
  const hi = Math.ceil(at)
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo)
}

// The same, in a process that has already run thousands of commands: the JS wrapper's code is
// then JIT-compiled, as in a long-lived host that runs commands back to back.
const latencyWarm = () => latency(params.warmCommands, params.warmWarmup)

// A one-shot external program: the same work for every system, the anchor's interpreter included
// (it interprets `true` itself, but must start `/bin/true`).
const latencyBin = () => latency(params.latencyCommands, 5, '/bin/true')

// A cold session: \`new Shell()\` and its first run, then close, repeated; the host already ran a
// command (the library is loaded). What an agent pays per backgrounded call or per new session.
async function cold() {
  const n = params.coldSessions
  await warmUp()
  const open = { shell: agentSession, 'anchor-shell': anchorSession }[system]
  if (!open) throw new Error(`no cold case for ${system}`)
  const samples = []
  for (let i = 0; i < n + 3; i++) {
    const t = now()
    const s = await open()
    const r = await s.run('true')
    if (i >= 3) samples.push((now() - t) * 1000)
    if (r.exitCode !== 0) throw new Error(`\`true\` exited with ${r.exitCode}`)
    await s.close()
    // As between an agent's calls: the host does other work between sessions.
    await sleep(params.coldGapMs)
  }
  samples.sort((a, b) => a - b)
  return { ok: true, medianUs: quantile(samples, 0.5), p99Us: quantile(samples, 0.99) }
}

const WORKLOADS = { latency, 'latency-bin': latencyBin, cold, 'latency-warm': latencyWarm, throughput, 'throughput-programs': throughputPrograms, lines, eventloop: eventLoop, pty: ptyThroughput, concurrent, timeout: timeoutTree }

try {
  if (!WORKLOADS[workload]) throw new Error(`unknown workload ${workload}`)
  const result = await WORKLOADS[workload]()
  result.agent = AGENT_SYSTEMS.has(system)
  process.stdout.write(`${JSON.stringify(result)}\n`)
  process.exit(0)
} catch (err) {
  if (params.marker) killMarked(params.marker)
  const unavailable = err instanceof Unavailable
  const error = unavailable ? err.message : String(err?.stack ?? err)
  process.stdout.write(`${JSON.stringify({ ok: false, unavailable, error })}\n`)
  process.exit(unavailable ? 0 : 1)
}
