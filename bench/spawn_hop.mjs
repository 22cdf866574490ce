// Issue 20: what a supervisor in a helper executable of its own (started with posix_spawn) would
// add to a start, next to today's supervisor (a clone(CLONE_VM) of the host), and what that is
// as a share of `executeShell`. Rounds alternate the Rust A/B (examples/spawn_hop, one process,
// variants interleaved) with `executeShell({ command: 'true' })` timed in fresh Node processes.
// Prints Markdown and writes bench/SPAWN-HOP-RESULTS.md.
//
//   npx napi build --platform --release        # the addon executeShell runs from
//   node bench/spawn_hop.mjs [--rounds 3] [--iters 300] [--exec-runs 300] [--heaps 0,200,1024]
//                            [--only LABEL,..] [--out FILE] [--no-build] [--no-write]
// (--only and --heaps go to examples/spawn_hop; --only must keep `clone`.)
// (internal: node bench/spawn_hop.mjs --case exec HEAP_MB RUNS)
import { spawnSync } from 'node:child_process'
import { copyFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const benchDir = dirname(fileURLToPath(import.meta.url))
const rootDir = dirname(benchDir)
const examples = join(rootDir, 'target', 'release', 'examples')
const require = createRequire(import.meta.url)
const argv = process.argv.slice(2)
const option = (name, fallback) => {
  const at = argv.indexOf(name)
  return at >= 0 ? Number(argv[at + 1]) : fallback
}
const text = (name, fallback) => {
  const at = argv.indexOf(name)
  return at >= 0 ? argv[at + 1] : fallback
}
const quantile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.round((s.length - 1) * p)]
}
const median = (xs) => quantile(xs, 0.5)

const at = argv.indexOf('--case')
if (at >= 0) {
  // executeShell('true') from call to settle, in this fresh process, holding HEAP_MB of touched
  // memory beside Node's own.
  const { executeShell } = require('../index.js')
  const [, heapMb, runs] = argv.slice(at + 1).map(Number)
  const heap = heapMb > 0 ? Buffer.allocUnsafe(heapMb * 1024 * 1024).fill(1) : null
  for (let i = 0; i < 5; i++) await executeShell({ command: 'true' })
  const us = []
  for (let i = 0; i < runs; i++) {
    const t = performance.now()
    const r = await executeShell({ command: 'true' })
    us.push((performance.now() - t) * 1000)
    if (r.exitCode !== 0) throw new Error(`true exited with ${r.exitCode}`)
  }
  console.log(JSON.stringify({ medianUs: median(us), p90Us: quantile(us, 0.9), heapBytes: heap?.length ?? 0 }))
  process.exit(0)
}

const rounds = option('--rounds', 3)
const iters = option('--iters', 300)
const execRuns = option('--exec-runs', 300)
const heaps = text('--heaps', '0,200,1024').split(',').map(Number)
const only = text('--only', null)

function run(cmd, args, what) {
  const r = spawnSync(cmd, args, { cwd: rootDir, encoding: 'utf8', maxBuffer: 64 << 20 })
  if (r.status !== 0) throw new Error(`${what}: ${r.error?.message ?? `exit ${r.status}`}\n${r.stderr}`)
  return r
}

if (!argv.includes('--no-build')) {
  // The two special helpers first (each overwrites the example's usual output), the usual
  // builds last.
  const cargo = (args) => run('cargo', args, `cargo ${args.join(' ')}`)
  cargo(['rustc', '--release', '--example', 'spawn_hop_helper', '--', '-C', 'target-feature=+crt-static'])
  copyFileSync(join(examples, 'spawn_hop_helper'), join(examples, 'spawn_hop_helper-static'))
  cargo(['rustc', '--release', '--example', 'spawn_hop_helper_min', '--', '--cfg', 'spawn_hop_min', '-C', 'panic=abort',
    '-C', 'relocation-model=static', '-C', 'target-feature=+crt-static', '-C', 'link-arg=-nostartfiles'])
  copyFileSync(join(examples, 'spawn_hop_helper_min'), join(examples, 'spawn_hop_helper-min'))
  cargo(['build', '--release', '--example', 'spawn_hop', '--example', 'spawn_hop_helper', '--example', 'spawn_hop_helper_min'])
}

const started = new Date()
const loadBefore = os.loadavg()
const execs = { 0: [], 1024: [] }
const execHeaps = heaps.includes(1024) ? [0, 1024] : [0]
const hop = [] // JSON lines of every round
let binaries = ''
const roundLoad = []
for (let round = 1; round <= rounds; round++) {
  roundLoad.push(os.loadavg()[0])
  const steps = [
    ...execHeaps.map((heap) => () =>
      execs[heap].push(JSON.parse(run(process.execPath, [fileURLToPath(import.meta.url), '--case', 'exec', String(heap), String(execRuns)], `executeShell, heap ${heap} MB`).stdout)),
    ),
    () => {
      const args = ['--json', '--iters', String(iters), '--heaps', heaps.join(',')]
      if (only) args.push('--only', only)
      const r = run(join(examples, 'spawn_hop'), args, 'spawn_hop')
      binaries = r.stderr.trim()
      for (const line of r.stdout.trim().split('\n')) hop.push({ ...JSON.parse(line), round })
    },
  ]
  // Rotate the order every round.
  for (let i = 0; i < steps.length; i++) steps[(i + round) % steps.length]()
  process.stderr.write(`round ${round}/${rounds} done\n`)
}

const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1))
const spread = (xs) => `${fmt(median(xs))} (${fmt(Math.min(...xs))}–${fmt(Math.max(...xs))})`
const execMedian = median(execs[0].map((e) => e.medianUs))
// executeShell's median moves 2-4x between fresh processes on shared cores; its quietest round
// is the smallest denominator, so the largest share.
const execQuiet = Math.min(...execs[0].map((e) => e.medianUs))
const variants = [...new Set(hop.map((h) => h.variant))]
const programs = [...new Set(hop.map((h) => h.program))]
const pick = (heap, program, variant) => hop.filter((h) => h.heapMb === heap && h.program === program && h.variant === variant)

let md = `# Supervisor start: clone(CLONE_VM) today against a posix_spawn'ed helper (issue 20)

${started.toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model}), Linux ${os.release()}, Node ${process.version};
load average ${loadBefore.map((l) => l.toFixed(2)).join(' ')} at start, ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} at end.
${rounds} rounds; in each, the Rust A/B (${iters} iterations per variant after 20 warm-ups, variants interleaved, order
rotated every iteration) and executeShell (${execRuns} runs after 5, fresh Node process) in rotated order. Every figure is the
median of the ${rounds} rounds' figures, with their min–max. Command: \`node bench/spawn_hop.mjs ${argv.join(' ')}\` (see its header and
examples/spawn_hop/main.rs for what each variant does).

Helpers (same release profile):
${binaries.split('\n').map((l) => `- ${l}`).join('\n')}

## executeShell({ command: 'true' }) today, call to settle

| host | median µs | p90 µs |
|---|---|---|
| Node alone | ${spread(execs[0].map((e) => e.medianUs))} | ${spread(execs[0].map((e) => e.p90Us))} |
${execs[1024].length ? `| Node + 1 GB touched Buffer | ${spread(execs[1024].map((e) => e.medianUs))} | ${spread(execs[1024].map((e) => e.p90Us))} |\n` : ''}`
for (const heap of heaps) {
  md += `\n## Start to exit status received by the host, host heap ${heap} MB touched\n\n`
  md += `"extra" is the variant's median minus today's (clone) median in the same round; "% of executeShell" divides it by executeShell's median over the rounds (${fmt(execMedian)} µs, Node alone) / by the median of its quietest round (${fmt(execQuiet)} µs).\n\n`
  md += `| variant | ${programs.map((p) => `${p}: median µs | p90 µs | extra µs | % of executeShell`).join(' | ')} |\n`
  md += `|---|${programs.map(() => '---|---|---|---').join('|')}|\n`
  for (const variant of variants) {
    const cells = programs.map((program) => {
      const rows = pick(heap, program, variant)
      const base = pick(heap, program, 'clone (today)')
      const extra = rows.map((r) => r.medianUs - base.find((b) => b.round === r.round).medianUs)
      const pct = `${((100 * median(extra)) / execMedian).toFixed(1)} % / ${((100 * median(extra)) / execQuiet).toFixed(1)} %`
      const isBase = variant === 'clone (today)'
      return `${spread(rows.map((r) => r.medianUs))} | ${spread(rows.map((r) => r.p90Us))} | ${isBase ? '—' : spread(extra)} | ${isBase ? '—' : pct}`
    })
    md += `| ${variant} | ${cells.join(' | ')} |\n`
  }
}
md += `\n## Per round (load shows in every figure; the quietest round is closest to the cost itself)\n\n`
md += `bash -c true, host heap 0 MB: each helper's median minus clone's median in that round.\n\n`
const helpers = variants.filter((v) => v !== 'clone (today)' && v !== 'posix_spawn direct')
md += `| round | load avg (1 min) at start | executeShell median µs | clone median µs | ${helpers.map((h) => `${h} extra µs`).join(' | ')} | posix_spawn direct µs |\n`
md += `|---|---|---|---|${helpers.map(() => '---').join('|')}|---|\n`
for (let round = 1; round <= rounds; round++) {
  const get = (v) => hop.find((h) => h.round === round && h.heapMb === 0 && h.program === programs[0] && h.variant === v)?.medianUs
  const base = get('clone (today)')
  md += `| ${round} | ${roundLoad[round - 1].toFixed(2)} | ${fmt(execs[0][round - 1].medianUs)} | ${fmt(base)} | ${helpers.map((h) => fmt(get(h) - base)).join(' | ')} | ${fmt(get('posix_spawn direct'))} |\n`
}
console.log(md)
if (!argv.includes('--no-write')) writeFileSync(text('--out', join(benchDir, 'SPAWN-HOP-RESULTS.md')), md)
