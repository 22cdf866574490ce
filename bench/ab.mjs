// Same-process A/B of two builds of the addon (`node bench/ab.mjs OLD.node [NEW.node] [--reps N]`;
// NEW defaults to the checkout's build): the round trips a refactor must not slow down, each
// measured on both builds in turn, rounds interleaved, medians of the per-round medians and the
// ratio NEW/OLD (below 1: NEW is faster). For a before/after of a change, build the older commit
// into a file first (e.g. in a worktree) and pass it as OLD.
import { createRequire } from 'node:module'
import { existsSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const rootDir = dirname(dirname(fileURLToPath(import.meta.url)))
const args = process.argv.slice(2)
const repsAt = args.indexOf('--reps')
const reps = repsAt >= 0 ? Number(args.splice(repsAt, 2)[1]) : 5
const [oldPath, newPath = join(rootDir, 'agent-shell.linux-x64-gnu.node')] = args
if (!oldPath || !existsSync(oldPath) || !existsSync(newPath) || !(reps > 0)) {
  console.error('usage: node bench/ab.mjs OLD.node [NEW.node] [--reps N]')
  process.exit(2)
}
const builds = { old: require(resolve(oldPath)), new: require(resolve(newPath)) }

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}
async function timeEach(n, fn) {
  const us = []
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint()
    await fn()
    us.push(Number(process.hrtime.bigint() - t) / 1000)
  }
  return median(us)
}

const workloads = {
  // µs per call
  'executeShell true': async (m) => timeEach(100, () => m.executeShell({ command: 'true' })),
  'Shell.run true': async (m) => {
    const shell = new m.Shell()
    await shell.run({ command: 'true' })
    const us = await timeEach(1000, () => shell.run({ command: 'true' }))
    await shell.close()
    return us
  },
  'Shell.run echo + callback': async (m) => {
    const shell = new m.Shell()
    await shell.run({ command: 'true' })
    const us = await timeEach(1000, () => shell.run({ command: 'echo hi' }, () => {}))
    await shell.close()
    return us
  },
  'PtySession true': async (m) => {
    const pty = new m.PtySession()
    return timeEach(50, () => pty.start({ command: 'true' }))
  },
  // ms for 64 MiB through the callback
  'Shell.run 64 MiB stream (ms)': async (m) => {
    const shell = new m.Shell()
    const t = process.hrtime.bigint()
    let bytes = 0
    await shell.run({ command: 'head -c 67108864 /dev/zero | tr "\\0" x' }, (_e, c) => { bytes += c.length })
    const ms = Number(process.hrtime.bigint() - t) / 1e6
    await shell.close()
    if (bytes !== 67108864) throw new Error(`got ${bytes} bytes`)
    return ms
  },
}

const results = {}
for (let round = 0; round < reps; round++) {
  for (const [name, fn] of Object.entries(workloads)) {
    const order = round % 2 === 0 ? ['old', 'new'] : ['new', 'old']
    for (const which of order) {
      ;((results[name] ??= { old: [], new: [] })[which]).push(await fn(builds[which]))
    }
  }
}
console.log(`| workload | old | new | new/old |\n|---|---|---|---|`)
for (const [name, r] of Object.entries(results)) {
  const o = median(r.old)
  const n = median(r.new)
  console.log(`| ${name} | ${o.toFixed(1)} | ${n.toFixed(1)} | ${(n / o).toFixed(2)}x |`)
}
