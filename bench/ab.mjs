// Same-process A/B of two builds of the addon, optionally with the anchor as a third column:
//
//   node bench/ab.mjs OLD.node [NEW.node] [--reps N] [--anchor] [--only a,b]
//
// NEW defaults to the checkout's build; --anchor adds `@oh-my-pi/pi-natives`' Linux x64 binary
// (installed by `npm install` in bench/). Each workload is measured on every build in turn, rounds
// interleaved (order alternated), medians of the per-round values; the ratios NEW/OLD and
// NEW/anchor (for times below 1 is better; for MB/s above 1 is better). For a before/after of a
// change, build the older commit into a file first (e.g. `cp agent-shell.linux-x64-gnu.node
// target/old.node` before the change) and pass it as OLD.
import { createRequire } from 'node:module'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const benchDir = dirname(fileURLToPath(import.meta.url))
const rootDir = dirname(benchDir)
const args = process.argv.slice(2)
const take = (name) => {
  const at = args.indexOf(name)
  return at >= 0 ? args.splice(at, 2)[1] : undefined
}
const reps = Number(take('--reps') ?? 5)
const only = take('--only')?.split(',')
const anchorAt = args.indexOf('--anchor')
const withAnchor = anchorAt >= 0 && args.splice(anchorAt, 1)
const [oldPath, newPath = join(rootDir, 'agent-shell.linux-x64-gnu.node')] = args
if (!oldPath || !existsSync(oldPath) || !existsSync(newPath) || !(reps > 0)) {
  console.error('usage: node bench/ab.mjs OLD.node [NEW.node] [--reps N] [--anchor] [--only WORKLOAD,...]')
  process.exit(2)
}
export const ANCHOR_PATH = join(benchDir, 'node_modules/@oh-my-pi/pi-natives-linux-x64/pi_natives.linux-x64-modern.node')
const builds = { old: require(resolve(oldPath)), new: require(resolve(newPath)) }
if (withAnchor) builds.anchor = require(ANCHOR_PATH)

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}
// The median time of `n` calls of `fn`; with `timed`, `fn` measures itself and returns µs.
async function timeEach(n, fn, timed = false) {
  const us = []
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint()
    const own = await fn()
    us.push(timed ? own : Number(process.hrtime.bigint() - t) / 1000)
  }
  return median(us)
}
const close = async (s) => s.close?.()
const MiB = 1024 * 1024
async function stream(bytes, fn) {
  let got = 0
  let callbacks = 0
  const t = process.hrtime.bigint()
  await fn((_e, c) => { got += c.length; callbacks++ })
  const s = Number(process.hrtime.bigint() - t) / 1e9
  if (got < bytes) throw new Error(`got ${got} of ${bytes} bytes`)
  return { value: bytes / MiB / s, callbacks }
}
// bench/run.mjs's throughput command; the anchor runs `yes` and `head` named bare in its own process.
const yes = (n) => `yes 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ | head -c ${n}`
// Programs named by path: separate processes for every build.
const programs = (n) => `/usr/bin/head -c ${n} /dev/zero | /usr/bin/tr "\\0" x`
// The tool layer's sink options (createBashTools' defaults), its artifact in a scratch dir.
const scratch = mkdtempSync(join(os.tmpdir(), 'agent-shell-ab-'))
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }))
const toolSink = (artifact) => ({ maxBytes: 50 * 1024, headBytes: 20 * 1024, maxColumns: 768, ...(artifact && { artifactPath: join(scratch, 'run.log') }) })

const workloads = {
  // µs per call
  'executeShell true (µs)': async (m) => timeEach(50, () => m.executeShell({ command: 'true' })),
  'executeShell /bin/true (µs)': async (m) => timeEach(50, () => m.executeShell({ command: '/bin/true' })),
  'new Shell + first run (µs)': async (m) => timeEach(30, async () => {
    const shell = new m.Shell()
    await shell.run({ command: 'true' })
    await close(shell)
  }),
  // As an agent makes them: calls 20 ms apart (the host does other work in between).
  'executeShell true, 20 ms apart (µs)': async (m) => timeEach(30, async () => {
    await new Promise((r) => setTimeout(r, 20))
    const t = process.hrtime.bigint()
    await m.executeShell({ command: 'true' })
    return Number(process.hrtime.bigint() - t) / 1000
  }, true),
  'new Shell + first run, 20 ms apart (µs)': async (m) => timeEach(30, async () => {
    await new Promise((r) => setTimeout(r, 20))
    const t = process.hrtime.bigint()
    const shell = new m.Shell()
    await shell.run({ command: 'true' })
    const us = Number(process.hrtime.bigint() - t) / 1000
    await close(shell)
    return us
  }, true),
  'Shell.run true (µs)': async (m) => {
    const shell = new m.Shell()
    await shell.run({ command: 'true' })
    const us = await timeEach(1000, () => shell.run({ command: 'true' }))
    await close(shell)
    return us
  },
  'Shell.run echo + callback (µs)': async (m) => {
    const shell = new m.Shell()
    await shell.run({ command: 'true' })
    const us = await timeEach(1000, () => shell.run({ command: 'echo hi' }, () => {}))
    await close(shell)
    return us
  },
  'PtySession true (µs)': async (m) => {
    const pty = new m.PtySession()
    return timeEach(30, () => pty.start({ command: 'true' }))
  },
  // MB/s through the callback (higher is better)
  'Shell.run 64 MiB stream (MiB/s)': async (m) => {
    const shell = new m.Shell()
    await shell.run({ command: 'true' })
    const r = await stream(64 * MiB, (cb) => shell.run({ command: yes(64 * MiB) }, cb))
    await close(shell)
    return r
  },
  'Shell.run 64 MiB stream, sink + artifact (MiB/s)': async (m) => {
    const shell = new m.Shell()
    await shell.run({ command: 'true' })
    const r = await stream(64 * MiB, (cb) => shell.run({ command: yes(64 * MiB), output: toolSink(true) }, cb))
    await close(shell)
    return r
  },
  'executeShell 256 MiB stream (MiB/s)': async (m) => stream(256 * MiB, (cb) => m.executeShell({ command: yes(256 * MiB) }, cb)),
  'executeShell 256 MiB stream, sink (MiB/s)': async (m) => stream(256 * MiB, (cb) => m.executeShell({ command: yes(256 * MiB), output: toolSink(false) }, cb)),
  'executeShell 256 MiB, programs by path (MiB/s)': async (m) => stream(256 * MiB, (cb) => m.executeShell({ command: programs(256 * MiB) }, cb)),
  // The sink alone, in process: 64 MiB pushed in 64 KiB chunks, then dumped (no subprocess).
  'OutputSink 64 MiB push + dump (MiB/s)': async (m) => {
    const chunk = `${'0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ\n'.repeat(1024)}`
    const t = process.hrtime.bigint()
    const sink = new m.OutputSink(toolSink(true))
    for (let sent = 0; sent < 64 * MiB; sent += chunk.length) sink.push(chunk)
    sink.dump()
    return 64 / (Number(process.hrtime.bigint() - t) / 1e9)
  },
  // ms (lower is better): the event loop's longest stall while 256 MiB stream to a callback.
  'event-loop max delay, executeShell 256 MiB (ms)': async (m) => {
    const monitor = monitorEventLoopDelay({ resolution: 1 })
    monitor.enable()
    await stream(256 * MiB, (cb) => m.executeShell({ command: yes(256 * MiB) }, cb))
    monitor.disable()
    return monitor.max / 1e6
  },
  'PTY 64 MiB (MiB/s)': async (m) => {
    const pty = new m.PtySession()
    return stream(64 * MiB, (cb) => pty.start({ command: `head -c ${64 * MiB} /dev/zero | tr '\\0' a`, cols: 120, rows: 40 }, cb))
  },
}

const names = Object.keys(builds)
const results = {}
const load = [os.loadavg()[0]]
for (let round = 0; round < reps; round++) {
  for (const [name, fn] of Object.entries(workloads)) {
    if (only && !only.some((o) => name.startsWith(o))) continue
    const order = round % 2 === 0 ? names : [...names].reverse()
    for (const which of order) {
      const r = await fn(builds[which])
      const slot = ((results[name] ??= {})[which] ??= { values: [], callbacks: [] })
      slot.values.push(typeof r === 'number' ? r : r.value)
      if (typeof r === 'object') slot.callbacks.push(r.callbacks)
    }
  }
}
load.push(os.loadavg()[0])
const head = names.map((n) => n).join(' | ')
const ratios = ['new/old', ...(withAnchor ? ['new/anchor'] : [])]
console.log(`${reps} rounds; load average (1 min) ${load.map((l) => l.toFixed(2)).join(' → ')}\n`)
console.log(`| workload | ${head} | ${ratios.join(' | ')} |\n|---|${names.map(() => '---|').join('')}${ratios.map(() => '---|').join('')}`)
for (const [name, r] of Object.entries(results)) {
  const med = Object.fromEntries(names.map((n) => [n, median(r[n].values)]))
  const cells = names.map((n) => `${med[n].toFixed(1)}${r[n].callbacks.length ? ` (${median(r[n].callbacks)} cb)` : ''}`)
  const rs = [med.new / med.old, ...(withAnchor ? [med.new / med.anchor] : [])].map((x) => `${x.toFixed(2)}x`)
  console.log(`| ${name} | ${cells.join(' | ')} | ${rs.join(' | ')} |`)
}
