// Same-process A/B of two builds of the tool layer (agent-shell/tools), each a package directory
// with its own dist/ and binary, measured as ab.mjs measures the addon (rounds interleaved, order
// alternated, medians):
//
//   node bench/ab-tools.mjs OLD_PACKAGE_DIR [NEW_PACKAGE_DIR] [--reps N]
//
// NEW defaults to the checkout. A package dir needs main.js, index.js, the .node binary and dist/
// (e.g. a checkout of the older commit after `npm run build && npm run build:ts`).
import { createRequire } from 'node:module'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(import.meta.url)
const rootDir = dirname(dirname(fileURLToPath(import.meta.url)))
const args = process.argv.slice(2)
const at = args.indexOf('--reps')
const reps = at >= 0 ? Number(args.splice(at, 2)[1]) : 5
const [oldDir, newDir = rootDir] = args
if (!oldDir || !existsSync(join(oldDir, 'dist', 'index.js')) || !existsSync(join(newDir, 'dist', 'index.js')) || !(reps > 0)) {
  console.error('usage: node bench/ab-tools.mjs OLD_PACKAGE_DIR [NEW_PACKAGE_DIR] [--reps N]')
  process.exit(2)
}
const builds = { old: require(resolve(oldDir, 'dist', 'index.js')), new: require(resolve(newDir, 'dist', 'index.js')) }
const work = mkdtempSync(join(os.tmpdir(), 'agent-shell-ab-tools-'))
process.on('exit', () => rmSync(work, { recursive: true, force: true }))

const MiB = 1024 * 1024
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const yes = (n) => `yes 0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ | head -c ${n}`
const toolsOf = (m) => m.createBashTools({ cwd: work, enforceReadOnly: false, minimizer: { enabled: false } })

const workloads = {
  // MiB/s through onOutput (higher is better): a command's output streamed to a host.
  'bash 64 MiB, onOutput (MiB/s)': async (m) => {
    const tools = toolsOf(m)
    await tools.bash.execute({ command: 'true' })
    let got = 0
    const t = process.hrtime.bigint()
    await tools.bash.execute({ command: yes(64 * MiB) }, { onOutput: (piece) => (got += piece.length) })
    const s = Number(process.hrtime.bigint() - t) / 1e9
    await tools.close()
    if (got < 64 * MiB) throw new Error(`got ${got} bytes`)
    return 64 / s
  },
  // µs per call (lower is better): a short command with live output, as an agent makes them.
  'bash echo, onOutput (µs)': async (m) => {
    const tools = toolsOf(m)
    await tools.bash.execute({ command: 'true' })
    const us = []
    for (let i = 0; i < 200; i++) {
      const t = process.hrtime.bigint()
      await tools.bash.execute({ command: 'echo hi' }, { onOutput: () => {} })
      us.push(Number(process.hrtime.bigint() - t) / 1000)
    }
    await tools.close()
    return median(us)
  },
}

const results = {}
const load = [os.loadavg()[0]]
for (let round = 0; round < reps; round++) {
  for (const [name, fn] of Object.entries(workloads)) {
    for (const which of round % 2 === 0 ? ['old', 'new'] : ['new', 'old']) {
      ;((results[name] ??= {})[which] ??= []).push(await fn(builds[which]))
    }
  }
}
load.push(os.loadavg()[0])
console.log(`${reps} rounds; load average (1 min) ${load.map((l) => l.toFixed(2)).join(' → ')}\n`)
console.log('| workload | old | new | new/old |\n|---|---|---|---|')
for (const [name, r] of Object.entries(results)) {
  const [o, n] = [median(r.old), median(r.new)]
  console.log(`| ${name} | ${o.toFixed(1)} | ${n.toFixed(1)} | ${(n / o).toFixed(2)}x |`)
}
