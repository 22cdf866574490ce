// Background jobs (`JobManager`, issue 21): what starting a job costs next to an `executeShell`
// start, what 64 jobs flooding unread output hold in memory, and what idle jobs cost in CPU.
// Every measurement runs in a fresh Node process; prints Markdown and writes bench/JOBS-RESULTS.md.
//
//   node bench/jobs.mjs [--quick] [--no-write]
// (internal: node bench/jobs.mjs --case latency|flood|idle ...)
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const benchDir = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const MiB = 1024 * 1024
const argv = process.argv.slice(2)
const at = argv.indexOf('--case')

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const peakKiB = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1])
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

if (at >= 0) {
  const { JobManager, executeShell } = require('../index.js')
  const [name, ...rest] = argv.slice(at + 1)
  let result
  if (name === 'latency') {
    // `count` starts of `true`, job and executeShell interleaved: the sync start() call alone,
    // start to onExit, and executeShell's call to settle.
    const count = Number(rest[0])
    const jobs = new JobManager()
    for (let i = 0; i < 5; i++) await executeShell({ command: 'true' })
    const startCall = []
    const jobRound = []
    const execRound = []
    for (let i = 0; i < count; i++) {
      let t = process.hrtime.bigint()
      await executeShell({ command: 'true' })
      execRound.push(Number(process.hrtime.bigint() - t) / 1000)
      t = process.hrtime.bigint()
      let ended
      // A running job does not keep the host alive by itself: the pending wait() does.
      const id = jobs.start({ command: 'true' }, () => (ended = process.hrtime.bigint()))
      startCall.push(Number(process.hrtime.bigint() - t) / 1000)
      await jobs.wait(id)
      while (ended === undefined) await new Promise((r) => setImmediate(r))
      jobRound.push(Number(ended - t) / 1000)
    }
    await jobs.close()
    result = { startCallUs: median(startCall), jobRoundUs: median(jobRound), execRoundUs: median(execRound) }
  } else if (name === 'flood') {
    const [count, bufferBytes, seconds] = rest.map(Number)
    await executeShell({ command: 'true' })
    const jobs = new JobManager({ maxJobs: count, bufferBytes })
    const before = peakKiB()
    const ids = Array.from({ length: count }, () => jobs.start({ command: "yes 'a line of output from a chatty dev server'" }))
    await sleep(seconds * 1000)
    const growth = (peakKiB() - before) * 1024
    const read = jobs.output(ids[0])
    await jobs.close()
    result = { growthBytes: growth, readBytes: Buffer.byteLength(read.output), droppedBytes: read.droppedBytes }
  } else if (name === 'idle') {
    const [count, seconds] = rest.map(Number)
    const jobs = new JobManager({ maxJobs: count })
    for (let i = 0; i < count; i++) jobs.start({ command: 'exec sleep 600' })
    await sleep(500)
    const cpu = process.cpuUsage()
    await sleep(seconds * 1000)
    const used = process.cpuUsage(cpu)
    await jobs.close()
    result = { cpuMs: (used.user + used.system) / 1000 }
  }
  console.log(JSON.stringify(result))
  process.exit(0)
}

const quick = argv.includes('--quick')
const reps = quick ? 3 : 7
const latencyCount = quick ? 50 : 200
const runCase = (...args) => {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--case', ...args.map(String)], { encoding: 'utf8', timeout: 180_000 })
  if (r.status !== 0) throw new Error(`case ${args.join(' ')} failed: ${r.stderr}`)
  return JSON.parse(r.stdout)
}
const collect = (runs, key) => runs.map((r) => r[key])
const spread = (xs, digits = 0) => `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`

const latency = Array.from({ length: reps }, () => runCase('latency', latencyCount))
const flood = Array.from({ length: reps }, () => runCase('flood', 64, MiB, 3))
const idle = Array.from({ length: reps }, () => runCase('idle', 64, 2))

const jobRound = collect(latency, 'jobRoundUs')
const execRound = collect(latency, 'execRoundUs')
const ratio = median(jobRound) / median(execRound)
const growthMiB = flood.map((r) => r.growthBytes / MiB)
const lines = [
  `# Background jobs benchmark`,
  '',
  `${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}; medians of ${reps} fresh processes (min–max).`,
  '',
  '| workload | figure |',
  '|---|---|',
  `| \`start()\` call (returns the id), µs | ${spread(collect(latency, 'startCallUs'), 1)} |`,
  `| job of \`true\`: \`start()\` to \`onExit\`, µs (median of ${latencyCount}) | ${spread(jobRound)} |`,
  `| \`executeShell('true')\` call to settle, µs (same processes, interleaved) | ${spread(execRound)} |`,
  `| ratio job / executeShell | ${ratio.toFixed(2)}x |`,
  `| 64 jobs writing \`yes\` for 3 s, none read, 1 MiB buffers: peak RSS growth, MiB | ${spread(growthMiB, 1)} (64 x bufferBytes = 64 MiB) |`,
  `| one flooded job read after 3 s: bytes returned / dropped | ${median(collect(flood, 'readBytes'))} / ${median(collect(flood, 'droppedBytes')).toExponential(2)} |`,
  `| 64 idle jobs (\`sleep\`) for 2 s: host CPU, ms | ${spread(collect(idle, 'cpuMs'), 1)} |`,
  '',
]
const text = lines.join('\n')
console.log(text)
if (!quick && !argv.includes('--no-write')) writeFileSync(join(benchDir, 'JOBS-RESULTS.md'), text)
