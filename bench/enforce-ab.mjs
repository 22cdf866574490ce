// What read-only enforcement adds, main's build against this one in one process (issue 44,
// seventh pass): each build is a tool layer (its `dist/index.js`, which loads its own `.node`
// beside it) with a tool set of its own; per round each build in turn (order alternated) runs
// `pairs` pairs of an approved and a confined call in three series (no pause; 50 ms before each
// call; right after a session run that changed the state), then 20 confined and 20 approved calls
// for CPU (/proc/self/stat, this process and its reaped children: the builds' calls never overlap).
// Prints, per build, the median over rounds of each round's median of paired differences, with
// the per-round values. For A, copy main's `package.json`, `main.js`, `index.js`, `dist/` and
// `.node` into a directory and pass its `dist/index.js`.
// `node bench/enforce-ab.mjs A_DIST B_DIST [rounds=6] [pairs=20] [command=ls]`. Linux, Landlock ABI 6+.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
const require = createRequire(import.meta.url)
const [aDist, bDist, roundsArg, pairsArg, commandArg] = process.argv.slice(2)
const rounds = Number(roundsArg ?? 6), pairs = Number(pairsArg ?? 20), command = commandArg ?? 'ls'
const builds = { A: require(aDist), B: require(bDist) }
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const cpuMs = () => readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ').slice(11, 15).reduce((a, b) => a + Number(b), 0) * 10
const pause = (ms) => new Promise((r) => setTimeout(r, ms))
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')
console.log(`${new Date().toISOString()} load ${load()} rounds ${rounds} pairs ${pairs} command ${command}`)
const tools = {}
for (const k of ['A', 'B']) {
  const cwd = mkdtempSync('/tmp/enf43-ab-')
  const t = builds[k].createBashTools({ cwd, env: { V: 'x' } })
  await t.bash.execute({ command: 'f() { echo f; }; export W=1' }, { approved: true })
  for (let i = 0; i < 6; i++) await t.bash.execute({ command }, i % 2 ? { approved: true } : {})
  tools[k] = { t, cwd }
}
const once = async (t, approved) => {
  const s = performance.now()
  const r = await t.bash.execute({ command }, approved ? { approved: true } : {})
  if (r.isError || (r.details.confined === true) === approved) throw new Error(JSON.stringify(r))
  return performance.now() - s
}
const res = { A: { nopause: [], pause: [], changed: [], cpu: [], cpuA: [], conf: [], appr: [] }, B: { nopause: [], pause: [], changed: [], cpu: [], cpuA: [], conf: [], appr: [] } }
for (let r = 0; r < rounds; r++) {
  for (const k of r % 2 ? ['B', 'A'] : ['A', 'B']) {
    const { t } = tools[k]
    const d1 = [], d2 = [], d3 = [], cs = [], as = []
    for (let i = 0; i < pairs; i++) {
      const [a, c] = i % 2 ? [await once(t, true), await once(t, false)] : ((x) => [x[1], x[0]])([await once(t, false), await once(t, true)])
      d1.push(c - a)
    }
    for (let i = 0; i < pairs; i++) {
      await pause(50); const a = await once(t, true)
      await pause(50); const c = await once(t, false)
      d2.push(c - a); cs.push(c); as.push(a)
    }
    for (let i = 0; i < pairs; i++) {
      const a = await once(t, true)
      const x = await t.bash.execute({ command: `CHANGED=${r}_${i}` }, { approved: true })
      if (x.isError) throw new Error(JSON.stringify(x))
      d3.push((await once(t, false)) - a)
    }
    await pause(50)
    let before = cpuMs()
    for (let i = 0; i < 20; i++) await once(t, false)
    res[k].cpu.push((cpuMs() - before) / 20)
    await pause(50)
    before = cpuMs()
    for (let i = 0; i < 20; i++) await once(t, true)
    res[k].cpuA.push((cpuMs() - before) / 20)
    res[k].nopause.push(med(d1)); res[k].pause.push(med(d2)); res[k].changed.push(med(d3)); res[k].conf.push(med(cs)); res[k].appr.push(med(as))
  }
}
const f = (xs) => `${med(xs).toFixed(2)} [${xs.map((x) => x.toFixed(2)).join(' ')}]`
for (const k of ['A', 'B']) {
  const x = res[k]
  console.log(`${k}: added, no pause ${f(x.nopause)}; added, 50 ms pause ${f(x.pause)} (approved ${med(x.appr).toFixed(2)}, confined ${med(x.conf).toFixed(2)}); added after a change ${f(x.changed)}; CPU per confined call ${f(x.cpu)}, per approved ${f(x.cpuA)}`)
}
console.log(`load at the end ${load()}`)
for (const k of ['A', 'B']) { await tools[k].t.close(); rmSync(tools[k].cwd, { recursive: true, force: true }) }
