// The benchmark orchestrator (`npm run bench`): runs every workload through agent-shell and the
// alternatives a user would otherwise pick, each measurement in a fresh Node process
// (`bench/case.mjs`), systems interleaved and rotated on every repetition; prints medians, spreads,
// ratios and the issue's targets as Markdown, and writes them to bench/RESULTS.md on a full run.
//
//   node bench/run.mjs [--quick] [--reps N] [--only latency,throughput,...] [--systems exec,cp,...]
//                      [--out FILE] [--no-write]
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const benchDir = dirname(fileURLToPath(import.meta.url))
const rootDir = dirname(benchDir)
const require = createRequire(import.meta.url)

// ---------------------------------------------------------------------------------------------
// Options.

const argv = process.argv.slice(2)
const flag = (name) => argv.includes(name)
const option = (name) => {
  const at = argv.indexOf(name)
  return at >= 0 ? argv[at + 1] : undefined
}
const quick = flag('--quick')
const only = option('--only')?.split(',')
const onlySystems = option('--systems')?.split(',')
const MiB = 1024 * 1024
const reps = Number(option('--reps') ?? (quick ? 3 : 15))
const params = {
  bytes: (quick ? 32 : 256) * MiB,
  latencyCommands: quick ? 100 : 300,
  warmCommands: quick ? 1000 : 5000,
  warmWarmup: quick ? 1000 : 3000,
  lines: 1_000_000,
  coldSessions: quick ? 20 : 50,
  coldGapMs: 20,
  concurrency: 50,
  treeSize: 20,
  timeoutMs: 200,
  maxWaitMs: 2000, // a tree still up 2 s after the timeout counts as leaked
}
const CASE_TIMEOUT_MS = 180_000 // one measurement; far above any healthy case
const outFile = option('--out') ?? (quick || only || onlySystems ? null : join(benchDir, 'RESULTS.md'))
const write = outFile && !flag('--no-write')
if (flag('--help') || !Number.isInteger(reps) || reps < 1) {
  console.log('usage: node bench/run.mjs [--quick] [--reps N] [--only WORKLOAD,...] [--systems SYSTEM,...] [--out FILE] [--no-write]')
  process.exit(flag('--help') ? 0 : 2)
}

// ---------------------------------------------------------------------------------------------
// Systems and workloads.

const SYSTEMS = {
  cp: { label: 'child_process', kind: 'alt' },
  execa: { label: 'execa', kind: 'alt' },
  jsshell: { label: 'JS persistent bash', kind: 'alt' },
  nodepty: { label: 'node-pty', kind: 'alt' },
  exec: { label: 'executeShell', kind: 'agent' },
  'exec-sandbox': { label: 'executeShell, sandboxed (`sandbox: {}`)', kind: 'agent' },
  // executeShell with no shells started ahead of need: what a sandboxed start (never pooled) adds to.
  'exec-fresh': { label: 'executeShell, no pool (`AGENT_SHELL_POOL=0`)', kind: 'agent', as: 'exec', env: { AGENT_SHELL_POOL: '0' } },
  shell: { label: 'Shell.run', kind: 'agent' },
  // The same `Shell.run`, its status pipe watched on the runtime (the path Bun and Deno take).
  'shell-runtime': { label: 'Shell.run, runtime watch (Bun/Deno path)', kind: 'agent', as: 'shell', env: { AGENT_SHELL_STATUS_WATCH: 'runtime' } },
  'exec-sink': { label: 'executeShell, sink, no callback', kind: 'agent' },
  'shell-sink': { label: 'Shell.run, sink, no callback', kind: 'agent' },
  pty: { label: 'PtySession', kind: 'agent' },
  // The anchor, @oh-my-pi/pi-natives (its Linux x64 binary; its Shell is an in-process interpreter).
  anchor: { label: 'anchor executeShell', kind: 'alt' },
  'anchor-shell': { label: 'anchor Shell.run', kind: 'alt' },
  'anchor-pty': { label: 'anchor PtySession', kind: 'alt' },
  limit: { label: 'limit', kind: 'limit' },
  floor: { label: 'floor: bash with `Shell.run`\'s framing, driven from Rust (no Node)', kind: 'limit' },
  'floor-echo': { label: 'floor: bash with the echo sentinel, driven from Rust (no Node)', kind: 'limit' },
}
const mib = (b) => `${b / MiB} MiB`
const WORKLOADS = [
  {
    id: 'latency',
    title: () => `Latency: ${params.latencyCommands} sequential \`true\` (one-shot and persistent)`,
    about: 'Time per command after 5 warm-up commands; the median and p99 of each run, then the median of the runs. The one-shot systems spawn `bash -c true` per command; the persistent ones reuse one bash.',
    systems: ['cp', 'execa', 'nodepty', 'anchor', 'anchor-pty', 'exec', 'exec-fresh', 'exec-sandbox', 'pty', 'jsshell', 'anchor-shell', 'shell', 'shell-runtime', 'limit'],
    limitLabel: 'limit: `bash -c true` spawned by bash',
    metric: { key: 'medianUs', label: 'median µs', unit: 'µs', better: 'lower' },
    columns: [{ key: 'p99Us', label: 'p99 µs' }],
  },
  {
    id: 'latency-bin',
    title: () => `Latency: ${params.latencyCommands} sequential \`/bin/true\` (one-shot)`,
    about: 'As above with an external program, which every system must start (the anchor interprets `true` itself, not `/bin/true`).',
    systems: ['cp', 'anchor', 'exec', 'limit'],
    limitLabel: 'limit: `bash -c /bin/true` spawned by bash',
    metric: { key: 'medianUs', label: 'median µs', unit: 'µs', better: 'lower' },
    columns: [{ key: 'p99Us', label: 'p99 µs' }],
  },
  {
    id: 'cold',
    title: () => `Cold session: \`new Shell()\` + first \`true\` + close, ${params.coldSessions} times, ${params.coldGapMs} ms apart`,
    about: 'In a host that already ran a command (the library is loaded): what a new session costs until its first result, as for an agent that makes one per backgrounded call.',
    systems: ['anchor-shell', 'shell'],
    metric: { key: 'medianUs', label: 'median µs', unit: 'µs', better: 'lower' },
    columns: [{ key: 'p99Us', label: 'p99 µs' }],
  },
  {
    id: 'latency-warm',
    title: () => `Latency, warm: ${params.warmCommands} sequential \`true\` after ${params.warmWarmup} (persistent)`,
    about: 'As above, in a process that first ran the warm-up commands, so that the JS wrapper\'s code is JIT-compiled, as in a host that runs commands back to back for long. The floors drive the same bash from a Rust program (examples/framing_floor.rs) with no Node in the loop: what each protocol costs bash itself, plus two pipe wake-ups.',
    systems: ['jsshell', 'anchor-shell', 'shell', 'shell-runtime', 'floor', 'floor-echo'],
    metric: { key: 'medianUs', label: 'median µs', unit: 'µs', better: 'lower' },
    columns: [{ key: 'p99Us', label: 'p99 µs' }],
  },
  {
    id: 'throughput',
    title: () => `Throughput: ${mib(params.bytes)} of \`yes … | head -c ${params.bytes}\``,
    about: 'A per-chunk callback counts characters (sink rows: no callback, `output: {}`); the count must be exact. Peak RSS is the host process\'s maxRSS at the end (Node alone is about 43 MB).',
    systems: ['cp', 'execa', 'anchor', 'anchor-shell', 'exec', 'shell', 'exec-sink', 'shell-sink', 'limit'],
    limitLabel: 'limit: `cat` pipe',
    metric: { key: 'mibps', label: 'MiB/s', unit: 'MiB/s', better: 'higher' },
    columns: [
      { key: 'rssMb', label: 'peak RSS MB' },
      { key: 'rssBaseMb', label: 'RSS before MB' },
      { key: 'callbacks', label: 'callbacks', int: true },
    ],
  },
  {
    id: 'throughput-programs',
    title: () => `Throughput, programs named by path: ${mib(params.bytes)} of \`/usr/bin/head -c ${params.bytes} /dev/zero | /usr/bin/tr '\\0' x\``,
    about: 'As above, with a command whose programs are separate processes for every system: the anchor runs `yes`, `head`, `tr` and `seq` named bare inside its own process, so the workload above measures its built-in `yes` and `head` against processes.',
    systems: ['cp', 'anchor', 'anchor-shell', 'exec', 'shell'],
    metric: { key: 'mibps', label: 'MiB/s', unit: 'MiB/s', better: 'higher' },
    columns: [{ key: 'callbacks', label: 'callbacks', int: true }],
  },
  {
    id: 'lines',
    title: () => `One million short lines: \`seq ${params.lines}\``,
    about: 'Wall time of the run with a per-chunk callback counting characters (sink row: none); the count must be exact.',
    systems: ['cp', 'execa', 'anchor', 'anchor-shell', 'exec', 'shell', 'exec-sink'],
    metric: { key: 'ms', label: 'ms', unit: 'ms', better: 'lower' },
    columns: [{ key: 'callbacks', label: 'callbacks', int: true }],
  },
  {
    id: 'concurrent',
    title: () => `${params.concurrency} concurrent one-shot \`sleep 0.1; echo x\``,
    about: 'Wall time until all runs resolved, each with its `x`.',
    systems: ['cp', 'execa', 'nodepty', 'anchor', 'anchor-pty', 'exec', 'pty'],
    metric: { key: 'ms', label: 'ms', unit: 'ms', better: 'lower' },
    columns: [],
  },
  {
    id: 'eventloop',
    title: () => `Event-loop delay while streaming ${mib(params.bytes)}`,
    about: '`perf_hooks.monitorEventLoopDelay({ resolution: 1 })` over the run, with the counting callback (sink row: none).',
    systems: ['cp', 'execa', 'anchor', 'anchor-shell', 'exec', 'shell', 'exec-sink'],
    metric: { key: 'maxMs', label: 'max delay ms', unit: 'ms', better: 'lower' },
    columns: [
      { key: 'p99Ms', label: 'p99 delay ms' },
      { key: 'ms', label: 'run ms' },
    ],
  },
  {
    id: 'timeout',
    title: () => `Timeout to a ${params.treeSize}-process tree gone (timeout ${params.timeoutMs} ms)`,
    about: `\`for i in $(seq ${params.treeSize}); do /bin/sleep 1000.MARKER & done; wait\`; time from start + ${params.timeoutMs} ms to the last marked process gone (/proc polled every ms). child_process: the naive approach (detached, \`process.kill(-pid, 'SIGKILL')\` on a timer); execa: its \`timeout\` option; node-pty: \`kill()\` on a timer. "settled" is when the call returned. agent-shell counts its timeout from the command's start, so its numbers also carry its spawn time.`,
    systems: ['cp', 'execa', 'nodepty', 'anchor', 'anchor-shell', 'anchor-pty', 'exec', 'shell', 'pty'],
    metric: { key: 'goneMs', label: 'tree gone ms', unit: 'ms', better: 'lower' },
    columns: [{ key: 'settledMs', label: 'settled ms' }],
  },
  {
    id: 'pty',
    title: () => `PTY throughput: ${mib(params.bytes)} of \`/usr/bin/head -c ${params.bytes} /dev/zero | /usr/bin/tr '\\0' a\``,
    about: 'Through a pseudo-terminal (120×40), bash -c (the anchor: its own shell, which starts the same two programs), a callback counting characters. node-pty resolves at exit; its time is taken at exit or at its last chunk, whichever is later, and chunks arriving up to 100 ms after exit still count.',
    systems: ['nodepty', 'anchor-pty', 'pty'],
    metric: { key: 'mibps', label: 'MiB/s', unit: 'MiB/s', better: 'higher' },
    columns: [
      { key: 'deliveredPct', label: 'delivered % (min)', reduce: 'min', digits: 4 },
      { key: 'rssMb', label: 'peak RSS MB' },
      { key: 'callbacks', label: 'callbacks', int: true },
    ],
  },
]

// The issue's targets, as ratios of medians in this run.
const TARGETS = [
  { text: '`Shell.run` latency ≤ 1.0× the JS persistent bash', w: 'latency', a: 'shell', b: 'jsshell', op: '<=', k: 1 },
  { text: '`Shell.run` latency, warm, ≤ 1.0× the JS persistent bash', w: 'latency-warm', a: 'shell', b: 'jsshell', op: '<=', k: 1 },
  { text: '`Shell.run` latency ≤ 0.1× spawn per command (child_process)', w: 'latency', a: 'shell', b: 'cp', op: '<=', k: 0.1 },
  { text: '`executeShell` latency ≤ 1.0× child_process', w: 'latency', a: 'exec', b: 'cp', op: '<=', k: 1 },
  // A difference, not a ratio: what building and entering the sandbox adds to a start.
  // Against a start of its own: a sandboxed session never takes a shell from the pool.
  { text: 'a sandboxed `executeShell` start adds ≤ 200 µs', w: 'latency', a: 'exec-sandbox', b: 'exec-fresh', op: '+<=', k: 200 },
  { text: 'throughput with a callback ≥ 1.0× child_process (`executeShell`)', w: 'throughput', a: 'exec', b: 'cp', op: '>=', k: 1 },
  { text: 'throughput with a callback ≥ 1.0× child_process (`Shell.run`)', w: 'throughput', a: 'shell', b: 'cp', op: '>=', k: 1 },
  { text: 'throughput, sink and no callback ≥ 0.5× the `cat` pipe (`executeShell`)', w: 'throughput', a: 'exec-sink', b: 'limit', op: '>=', k: 0.5 },
  { text: 'throughput, sink and no callback ≥ 0.5× the `cat` pipe (`Shell.run`)', w: 'throughput', a: 'shell-sink', b: 'limit', op: '>=', k: 0.5 },
  { text: `peak RSS for ${mib(params.bytes)} ≤ child_process's (\`executeShell\`, callback)`, w: 'throughput', a: 'exec', b: 'cp', op: '<=', k: 1, key: 'rssMb' },
  { text: `peak RSS for ${mib(params.bytes)} ≤ child_process's (\`executeShell\`, sink)`, w: 'throughput', a: 'exec-sink', b: 'cp', op: '<=', k: 1, key: 'rssMb' },
  { text: 'PTY throughput ≥ 1.0× node-pty, 100% of bytes in every run', w: 'pty', a: 'pty', b: 'nodepty', op: '>=', k: 1 },
  { text: 'event-loop max delay ≤ child_process\'s (`executeShell`)', w: 'eventloop', a: 'exec', b: 'cp', op: '<=', k: 1, key: 'maxMs' },
  { text: 'event-loop max delay ≤ child_process\'s (`Shell.run`)', w: 'eventloop', a: 'shell', b: 'cp', op: '<=', k: 1, key: 'maxMs' },
  // Issue 33: at or ahead of the anchor on every workload.
  { text: '`executeShell(\'true\')` latency ≤ 1.0× the anchor\'s', w: 'latency', a: 'exec', b: 'anchor', op: '<=', k: 1 },
  { text: '`executeShell(\'/bin/true\')` latency ≤ 1.0× the anchor\'s', w: 'latency-bin', a: 'exec', b: 'anchor', op: '<=', k: 1 },
  { text: 'cold `new Shell()` + first run ≤ 1.0× the anchor\'s', w: 'cold', a: 'shell', b: 'anchor-shell', op: '<=', k: 1 },
  { text: '`Shell.run` latency ≤ 1.0× the anchor\'s', w: 'latency', a: 'shell', b: 'anchor-shell', op: '<=', k: 1 },
  { text: '`Shell.run` latency, warm, ≤ 1.0× the anchor\'s', w: 'latency-warm', a: 'shell', b: 'anchor-shell', op: '<=', k: 1 },
  { text: 'throughput with a callback ≥ 1.0× the anchor\'s (`executeShell`)', w: 'throughput', a: 'exec', b: 'anchor', op: '>=', k: 1 },
  { text: 'throughput with a callback ≥ 1.0× the anchor\'s (`Shell.run`)', w: 'throughput', a: 'shell', b: 'anchor-shell', op: '>=', k: 1 },
  { text: 'PTY throughput ≥ 1.0× the anchor\'s', w: 'pty', a: 'pty', b: 'anchor-pty', op: '>=', k: 1 },
  { text: 'throughput, programs named by path, ≥ 1.0× the anchor\'s (`executeShell`)', w: 'throughput-programs', a: 'exec', b: 'anchor', op: '>=', k: 1 },
  { text: 'throughput, programs named by path, ≥ 1.0× the anchor\'s (`Shell.run`)', w: 'throughput-programs', a: 'shell', b: 'anchor-shell', op: '>=', k: 1 },
  { text: `peak RSS for ${mib(params.bytes)} ≤ the anchor's (\`executeShell\`, callback)`, w: 'throughput', a: 'exec', b: 'anchor', op: '<=', k: 1, key: 'rssMb' },
  { text: 'event-loop max delay ≤ the anchor\'s (`executeShell`)', w: 'eventloop', a: 'exec', b: 'anchor', op: '<=', k: 1, key: 'maxMs' },
  { text: 'timeout: tree gone ≤ 1.0× the anchor\'s (`executeShell`)', w: 'timeout', a: 'exec', b: 'anchor', op: '<=', k: 1, key: 'goneMs' },
  { text: 'timeout: call settled ≤ 1.0× the anchor\'s (`executeShell`)', w: 'timeout', a: 'exec', b: 'anchor', op: '<=', k: 1, key: 'settledMs' },
]

const workloads = WORKLOADS.filter((w) => !only || only.includes(w.id))
for (const w of workloads) w.systems = w.systems.filter((s) => !onlySystems || onlySystems.includes(s))
if (only) {
  const unknown = only.filter((id) => !WORKLOADS.some((w) => w.id === id))
  if (unknown.length) {
    console.error(`bench: unknown workload ${unknown.join(', ')} (known: ${WORKLOADS.map((w) => w.id).join(', ')})`)
    process.exit(2)
  }
}

// ---------------------------------------------------------------------------------------------
// What is available.

function tryLoad(fn) {
  try {
    return fn()
  } catch (err) {
    return err
  }
}
const agentShell = tryLoad(() => require(join(rootDir, 'index.js')))
if (agentShell instanceof Error) {
  console.error(`bench: cannot load agent-shell from ${rootDir} (run \`npm install\` at the root first): ${agentShell.message}`)
  process.exit(1)
}
const unavailable = {}
if (typeof agentShell.PtySession !== 'function') unavailable.pty = 'PtySession: not available in this build'
const versionOf = (name) => tryLoad(() => JSON.parse(readFileSync(join(benchDir, 'node_modules', name, 'package.json'), 'utf8')).version)
for (const [system, pkg] of [['execa', 'execa'], ['nodepty', 'node-pty']]) {
  if (versionOf(pkg) instanceof Error) unavailable[system] = `${pkg}: not installed (run \`node bench/install.mjs\`)`
}
const anchorDir = join(benchDir, 'node_modules', '@oh-my-pi', 'pi-natives-linux-x64')
if (!existsSync(anchorDir)) {
  for (const s of ['anchor', 'anchor-shell', 'anchor-pty']) unavailable[s] = '@oh-my-pi/pi-natives-linux-x64 (the anchor): not installed (run `node bench/install.mjs`)'
}
const ptyProbe = unavailable.nodepty ? null : spawnSync(process.execPath, ['-e', "require('node-pty')"], { cwd: benchDir, encoding: 'utf8' })
if (ptyProbe && ptyProbe.status !== 0) unavailable.nodepty = `node-pty: does not load (${ptyProbe.stderr.trim().split('\n').pop()})`
if (!existsSync(join(rootDir, 'target', 'release', 'examples', 'framing_floor'))) {
  for (const s of ['floor', 'floor-echo']) unavailable[s] = 'examples/framing_floor: not built (run `node bench/install.mjs`)'
}
for (const message of [...new Set(Object.values(unavailable))]) console.error(message)

// ---------------------------------------------------------------------------------------------
// Runs.

// Markers are sleep durations (case.mjs's tree command): 1000.<pid>0<case>, matched whole.
const runId = `1000.${process.pid}0`
let caseSeq = 0
const results = new Map() // `${workload}/${system}` -> [result]
const key = (w, s) => `${w}/${s}`
const label = (w, s) => (s === 'limit' ? w.limitLabel : SYSTEMS[s].label)
const loud = []

function runCase(w, system, rep) {
  const marker = `${runId}${++caseSeq}`
  const started = performance.now()
  const { as = system, env } = SYSTEMS[system]
  const child = spawnSync(process.execPath, [join(benchDir, 'case.mjs'), as, w.id, JSON.stringify({ ...params, marker })], {
    cwd: benchDir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: CASE_TIMEOUT_MS,
    killSignal: 'SIGKILL',
    maxBuffer: 16 * MiB,
  })
  let result
  try {
    result = JSON.parse(child.stdout.trim().split('\n').pop())
  } catch {
    const why = child.error ? child.error.message : `exit ${child.status ?? child.signal}`
    result = { ok: false, error: `no result (${why}): ${child.stderr.trim().slice(-2000)}` }
  }
  sweep(marker)
  // An incomplete PTY delivery: a known failure of node-pty, reported as a count; ours is a failure.
  if (w.id === 'pty' && result.ok && !result.complete && system === 'pty') {
    result.ok = false
    result.error = `delivered ${result.chars} of ${params.bytes} characters`
  }
  result.rep = rep
  results.get(key(w.id, system)).push(result)
  const secs = ((performance.now() - started) / 1000).toFixed(1)
  if (result.ok) {
    const note = w.id === 'pty' && !result.complete ? ` (incomplete: ${result.deliveredPct.toFixed(3)}%)` : ''
    console.error(`  ${w.id.padEnd(10)} ${label(w, system).padEnd(40)} ${fmt(result[w.metric.key])} ${w.metric.label}${note}  [${secs} s]`)
  } else {
    const message = `${w.id} / ${label(w, system)} / repetition ${rep}: ${result.error}`
    if (SYSTEMS[system].kind === 'agent') {
      loud.push(message)
      console.error(`\n!!! AGENT-SHELL FAILURE: ${message}\n`)
    } else {
      console.error(`  ${w.id.padEnd(10)} ${label(w, system).padEnd(40)} failed: ${result.error}  [${secs} s]`)
    }
  }
}

// Kill whatever a case left behind (it cleans up itself; this is the belt to its braces).
function sweep(prefix) {
  let killed = 0
  for (const name of readdirSync('/proc')) {
    if (name.charCodeAt(0) > 57) continue
    try {
      if (readFileSync(`/proc/${name}/cmdline`, 'latin1').split('\0').some((arg) => arg.startsWith(prefix))) {
        process.kill(Number(name), 'SIGKILL')
        killed++
      }
    } catch {}
  }
  return killed
}

const startedAt = new Date()
const loadStart = os.loadavg()
const t0 = performance.now()
for (const w of workloads) for (const s of w.systems) results.set(key(w.id, s), [])
const plan = workloads.reduce((n, w) => n + w.systems.filter((s) => !unavailable[s]).length, 0) * reps
console.error(`bench: ${reps} repetitions of ${workloads.map((w) => w.id).join(', ')}: ${plan} measurements${quick ? ' (quick)' : ''}`)
for (let rep = 1; rep <= reps; rep++) {
  console.error(`repetition ${rep}/${reps}`)
  for (const w of workloads) {
    const systems = w.systems.filter((s) => !unavailable[s])
    const shift = (rep - 1) % Math.max(1, systems.length) // rotate the order on every repetition
    for (const s of [...systems.slice(shift), ...systems.slice(0, shift)]) runCase(w, s, rep)
  }
}
const leftovers = sweep(runId)
const durationMs = performance.now() - t0
const loadEnd = os.loadavg()

// ---------------------------------------------------------------------------------------------
// Statistics and report.

function median(values) {
  const s = [...values].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}
function stat(w, s, k, reduce = 'median') {
  const runs = results.get(key(w.id, s)) ?? []
  const values = runs.filter((r) => r.ok && typeof r[k] === 'number').map((r) => r[k])
  if (!values.length) return null
  const value = reduce === 'min' ? Math.min(...values) : median(values)
  return { value, min: Math.min(...values), max: Math.max(...values), n: values.length }
}
function fmt(v) {
  if (v === null || v === undefined || Number.isNaN(v)) return '—'
  const a = Math.abs(v)
  return a >= 100 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : v.toFixed(2)
}
// Three decimals where two would round a missed target onto its bound (1.004× shown as 1.00×).
const fmtRatio = (r, bound) => {
  if (r === null) return '—'
  const digits = r >= 10 ? 1 : bound !== undefined && r.toFixed(2) === bound.toFixed(2) && r !== bound ? 3 : 2
  return `${r.toFixed(digits)}×`
}
function ratio(w, a, b, k = w.metric.key) {
  const sa = stat(w, a, k)
  const sb = stat(w, b, k)
  return sa && sb && sb.value !== 0 ? sa.value / sb.value : null
}
const failures = (w, s) => (results.get(key(w.id, s)) ?? []).filter((r) => !r.ok)

function versions() {
  const run = (cmd, args) => {
    const r = spawnSync(cmd, args, { encoding: 'utf8' })
    return r.status === 0 ? r.stdout.trim().split('\n')[0] : 'n/a'
  }
  const rootPkg = JSON.parse(readFileSync(join(rootDir, 'package.json'), 'utf8'))
  const git = run('git', ['-C', rootDir, 'rev-parse', '--short', 'HEAD'])
  const dirty = run('git', ['-C', rootDir, 'status', '--porcelain', '--untracked-files=no']) !== '' ? ', uncommitted changes' : ''
  const v = (name) => {
    const version = versionOf(name)
    return version instanceof Error ? 'not installed' : version
  }
  return [
    `node ${process.version}`,
    `npm ${run('npm', ['-v'])}`,
    run('rustc', ['-V']).replace(/ \(.*/, ''),
    run('bash', ['-c', 'echo bash $BASH_VERSION']),
    `agent-shell ${rootPkg.version} (git ${git}${dirty})`,
    `execa ${v('execa')}`,
    `node-pty ${v('node-pty')}`,
    `the anchor @oh-my-pi/pi-natives-linux-x64 ${v('@oh-my-pi/pi-natives-linux-x64')}`,
  ].join(', ')
}
function machine() {
  const cpu = tryLoad(() => readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.*)$/m)?.[1]) ?? os.cpus()[0]?.model
  return `${cpu}, ${os.cpus().length} cores, ${os.type()} ${os.release()} ${os.arch()}, ${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB RAM`
}

const lines = []
const out = (s = '') => lines.push(s)
out('# agent-shell benchmarks')
out()
out(`- Date: ${startedAt.toISOString().replace(/\.\d+Z$/, 'Z')}; duration ${Math.floor(durationMs / 60000)} min ${Math.round((durationMs % 60000) / 1000)} s`)
out(`- Machine: ${machine()}; load average ${loadStart.map((l) => l.toFixed(2)).join(' ')} at start, ${loadEnd.map((l) => l.toFixed(2)).join(' ')} at end`)
out(`- Versions: ${versions()}`)
out(`- Command: \`npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}\`: ${reps} repetitions, each measurement in a fresh Node process, systems interleaved (order rotated on every repetition).`)
out(`  Every value is the median of the repetitions, with the min–max of the repetitions; ratios are agent-shell ÷ alternative, of medians.`)
for (const message of Object.values(unavailable)) out(`- ${message}`)
out()

out('## Targets')
out()
out('| target | agent-shell | alternative | ratio | result |')
out('|---|---|---|---|---|')
let failedTargets = 0
for (const t of TARGETS) {
  const w = WORKLOADS.find((x) => x.id === t.w)
  if (!workloads.includes(w) || !w.systems.includes(t.a) || !w.systems.includes(t.b)) continue
  const k = t.key ?? w.metric.key
  const unit = k === 'rssMb' ? 'MB' : w.metric.unit
  let cells
  if (unavailable[t.a] || unavailable[t.b]) {
    cells = [unavailable[t.a] ?? '', unavailable[t.b] ?? '', '—', 'n/a']
  } else {
    const sa = stat(w, t.a, k)
    const sb = stat(w, t.b, k)
    const added = t.op === '+<=' ? (sa && sb ? sa.value - sb.value : null) : undefined
    const r = ratio(w, t.a, t.b, k)
    const broken = failures(w, t.a)
    const within = t.op === '+<=' ? added !== null && added <= t.k : t.op === '<=' ? r <= t.k : r >= t.k
    const pass = r !== null && !broken.length && within
    if (!pass) failedTargets++
    const show = (s) => (s ? `${fmt(s.value)} ${unit}` : 'no result')
    const why = broken.length ? ` (${broken.length} failed run${broken.length > 1 ? 's' : ''})` : ''
    const shown = added === undefined ? fmtRatio(r, t.k) : added === null ? '—' : `${added >= 0 ? '+' : ''}${fmt(added)} ${unit}`
    cells = [show(sa), show(sb), shown, `${pass ? 'PASS' : 'FAIL'}${why}`]
  }
  out(`| ${t.text} | ${cells.join(' | ')} |`)
}
out()

for (const w of workloads) {
  out(`## ${w.title()}`)
  out()
  out(`${w.about} ${w.metric.better === 'lower' ? 'Lower' : 'Higher'} is better.`)
  out()
  const head = ['system', w.metric.label, 'min–max', ...w.columns.map((c) => c.label), 'runs']
  out(`| ${head.join(' | ')} |`)
  out(`|${head.map(() => '---').join('|')}|`)
  for (const s of w.systems) {
    const name = SYSTEMS[s].kind === 'agent' ? `**${label(w, s)}**` : label(w, s)
    if (unavailable[s]) {
      out(`| ${name} | ${unavailable[s]} |${' |'.repeat(head.length - 2)}`)
      continue
    }
    const m = stat(w, s, w.metric.key)
    const runs = results.get(key(w.id, s))
    const bad = failures(w, s)
    let runsCell = `${runs.length - bad.length}/${runs.length} ok`
    if (w.id === 'pty' && s === 'nodepty') {
      const incomplete = runs.filter((r) => r.ok && !r.complete).length
      runsCell += `, ${incomplete} incomplete${incomplete ? ' (node-pty loses output at exit)' : ''}`
    }
    if (w.id === 'timeout' && bad.some((r) => r.leaked)) runsCell += `, tree leaked in ${bad.filter((r) => r.leaked).length}`
    const cols = w.columns.map((c) => {
      const v = stat(w, s, c.key, c.reduce)?.value
      if (v === undefined) return '—'
      return c.int ? String(Math.round(v)) : c.digits ? v.toFixed(c.digits) : fmt(v)
    })
    out(`| ${name} | ${m ? fmt(m.value) : '—'} | ${m ? `${fmt(m.min)}–${fmt(m.max)}` : '—'} | ${cols.join(' | ')}${cols.length ? ' | ' : ''}${runsCell} |`)
  }
  out()
  const agents = w.systems.filter((s) => SYSTEMS[s].kind === 'agent' && !unavailable[s])
  const others = w.systems.filter((s) => SYSTEMS[s].kind !== 'agent' && !unavailable[s])
  if (agents.length && others.length) {
    out(`Ratio of medians, agent-shell ÷ alternative (${w.metric.label}; ${w.metric.better === 'lower' ? 'below 1 is better' : 'above 1 is better'}):`)
    out()
    out(`| | ${others.map((s) => label(w, s)).join(' | ')} |`)
    out(`|---|${others.map(() => '---').join('|')}|`)
    for (const a of agents) out(`| ${label(w, a)} | ${others.map((b) => fmtRatio(ratio(w, a, b))).join(' | ')} |`)
    out()
  }
}

// Failed runs, one line per system and message; incomplete node-pty runs listed with them.
const allFailures = []
for (const w of workloads) {
  for (const s of w.systems) {
    const byMessage = new Map()
    for (const r of failures(w, s)) {
      if (r.unavailable) continue
      const message = r.error.split('\n')[0]
      byMessage.set(message, [...(byMessage.get(message) ?? []), r.rep])
    }
    const who = `${SYSTEMS[s].kind === 'agent' ? '**agent-shell** ' : ''}${w.id} / ${label(w, s)}`
    for (const [message, repsFailed] of byMessage) allFailures.push(`- ${who}, repetition${repsFailed.length > 1 ? 's' : ''} ${repsFailed.join(', ')}: ${message}`)
    if (w.id === 'pty' && s === 'nodepty') {
      for (const r of results.get(key(w.id, s)).filter((x) => x.ok && !x.complete)) {
        allFailures.push(`- ${who}, repetition ${r.rep}: incomplete, ${params.bytes - r.chars} of ${params.bytes} characters missing`)
      }
    }
  }
}
if (allFailures.length || leftovers) {
  out('## Failed and incomplete runs')
  out()
  for (const f of allFailures) out(f)
  if (leftovers) out(`- ${leftovers} marked processes were still alive at the end and were killed by the bench`)
  out()
}

const report = lines.join('\n')
console.log(report)
if (write) {
  writeFileSync(outFile, report)
  console.error(`bench: wrote ${relative(process.cwd(), outFile) || outFile}`)
}
if (loud.length) {
  console.error(`\n!!! ${loud.length} AGENT-SHELL FAILURE(S):\n${loud.map((m) => `!!!   ${m.split('\n')[0]}`).join('\n')}`)
}
console.error(`bench: ${failedTargets} target(s) missed; ${(durationMs / 1000).toFixed(0)} s`)
process.exit(loud.length ? 1 : 0)
