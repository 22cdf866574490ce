// Two builds of the minimizer side by side (a cost change's check): every recording's case, on its
// output as recorded and repeated to 50 KB (whole lines, as bench/minimizer.mjs's cost section
// makes it), through minimizeOutput of build A and build B loaded in one process: the outputs must
// be identical (each differing case is named), and the cost per 50 KB is timed with the builds
// alternated call by call (the machines are shared: load moves both the same way), median of RUNS,
// in wall time and in CPU time (process.cpuUsage: what a call costs when the cores are busy with
// other work, which wall time then mixes with the wait for a core).
//
//   node bench/minimizer-ab.mjs A.node [B.node] [--runs N] [--dir DIR]... [--case NAME] [--top N] [--families]
//
// A .node is a copy of target/release/libagent_shell.so. Without --dir: the repository's
// recording (fixtures/minimizer/) and each split of corpora/minimizer-r*/ (holdout/, tune/, or flat).
// Prints per recording and split the median cost and the count over 1 ms, with --families the same
// per family (the filter that build A names on the 50 KB input), then the slowest cases.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const argv = process.argv.slice(2)
const flag = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback)
const valued = new Set(['--runs', '--dir', '--case', '--top'])
const libs = argv.filter((a, i) => a.endsWith('.node') && !valued.has(argv[i - 1]))
if (!libs.length) throw new Error('usage: node bench/minimizer-ab.mjs A.node [B.node] [--runs N] [--dir DIR]...')
const builds = libs.map((l) => require(path.resolve(l)))
const RUNS = Number(flag('--runs', 15))
const TOP = Number(flag('--top', 20))
const only = flag('--case')
const COST_BYTES = 50 * 1024

/** The recordings: [label, directory] per split. */
function recordings() {
  const dirs = argv.flatMap((a, i) => (argv[i - 1] === '--dir' ? [a] : []))
  if (dirs.length) return dirs.map((d) => [path.relative(here, path.resolve(d)), path.resolve(d)])
  const out = [['fixtures', path.join(here, 'fixtures', 'minimizer')]]
  const root = path.join(here, 'corpora')
  for (const r of fs.readdirSync(root).filter((n) => n.startsWith('minimizer-r')).sort()) {
    const splits = ['holdout', 'tune'].filter((s) => fs.existsSync(path.join(root, r, s)))
    if (!splits.length) out.push([r, path.join(root, r)])
    for (const s of splits) out.push([`${r}/${s}`, path.join(root, r, s)])
  }
  return out
}

/** The case's output repeated to 50 KB, cut at a line's end. */
function to50k(output) {
  let input = output
  while (input.length < COST_BYTES) input += output.endsWith('\n') ? output : `\n${output}`
  return input.slice(0, input.lastIndexOf('\n', COST_BYTES) + 1) || input.slice(0, COST_BYTES)
}

const options = { enabled: true }
const show = (r) => (r ? `${r.filter}\n${r.text}` : '(unchanged)')
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1]
const rows = []
const differing = []
for (const [label, dir] of recordings()) {
  for (const file of fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const c = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
    if (only && c.name !== only) continue
    const big = to50k(c.output)
    let family = '(unchanged)'
    for (const input of [c.output, big]) {
      const results = builds.map((b) => b.minimizeOutput(c.command, input, options))
      if (input === big) family = results[0]?.filter ?? '(unchanged)'
      const texts = results.map(show)
      if (texts.some((t) => t !== texts[0])) differing.push(`${label}/${c.name}${input === big ? ' (50 KB)' : ''}`)
    }
    if (c.output.length < 1000) continue
    const times = builds.map(() => [])
    const cpu = builds.map(() => [])
    for (const b of builds) b.minimizeOutput(c.command, big, options)
    for (let i = 0; i < RUNS; i++) {
      builds.forEach((b, k) => {
        const u = process.cpuUsage()
        const t = process.hrtime.bigint()
        b.minimizeOutput(c.command, big, options)
        times[k].push(Number(process.hrtime.bigint() - t) / 1e6)
        const d = process.cpuUsage(u)
        cpu[k].push((d.user + d.system) / 1e3)
      })
    }
    rows.push({ label, name: c.name, command: c.command, family, ms: times.map(median), cpu: cpu.map(median) })
  }
}

const fmt = (x) => x.toFixed(3)
const summary = (rs, k, key) => `median ${fmt(median(rs.map((r) => r[key][k])))} ms, over 1 ms ${rs.filter((r) => r[key][k] > 1).length}`
for (const key of ['ms', 'cpu']) {
console.log(`\n${key === 'ms' ? 'Wall time' : 'CPU time'} per 50 KB call (median of ${RUNS}):\n| recording | cases | ${libs.map((l) => path.basename(l)).join(' | ')} |\n|---|--:|${libs.map(() => '---|').join('')}`)
for (const label of [...new Set(rows.map((r) => r.label)), 'all']) {
  const rs = label === 'all' ? rows : rows.filter((r) => r.label === label)
  console.log(`| ${label} | ${rs.length} | ${libs.map((_, k) => summary(rs, k, key)).join(' | ')} |`)
}
}
if (argv.includes('--families')) {
  console.log(`\nCPU time per 50 KB call by family (the filter build A names on the 50 KB input), median / slowest of its cases:\n| family | cases | ${libs.map((l) => path.basename(l)).join(' | ')} |\n|---|--:|${libs.map(() => '---|').join('')}`)
  const families = [...new Set(rows.map((r) => r.family))]
  const worst = (f) => Math.max(...rows.filter((r) => r.family === f).map((r) => r.cpu[0]))
  for (const f of families.sort((a, b) => worst(b) - worst(a))) {
    const rs = rows.filter((r) => r.family === f)
    console.log(`| ${f} | ${rs.length} | ${libs.map((_, k) => `${fmt(median(rs.map((r) => r.cpu[k])))} / ${fmt(Math.max(...rs.map((r) => r.cpu[k])))} ms, over 1 ms ${rs.filter((r) => r.cpu[k] > 1).length}`).join(' | ')} |`)
  }
}
console.log(`\nSlowest ${TOP} by CPU time (${path.basename(libs[0])}), CPU / wall ms per build:`)
for (const r of [...rows].sort((a, b) => b.cpu[0] - a.cpu[0]).slice(0, TOP)) {
  console.log(`  ${r.cpu.map((x, k) => `${fmt(x)}/${fmt(r.ms[k])}`).join('  ')}  ${r.label}/${r.name}: ${r.command.slice(0, 60)}`)
}
if (builds.length > 1) {
  console.log(`\nOutputs differing between the builds: ${differing.length}${differing.length ? `\n  ${differing.join('\n  ')}` : ''}`)
}
