// A confined call after a session run that changed the state, with no pause, 10 ms and 100 ms
// after that run (issue 44, tenth pass): main's build against this one in one process, as
// `enforce-ab.mjs` runs them (each build its own tool set, in turn, order alternated per round).
// Per round and pause, `pairs` times: an approved `ls`, an approved `CHANGED=…`, the pause, a
// confined `ls`; the added time is the confined call's less the approved one's. Prints per build
// and pause the median over rounds of each round's median, with the per-round values.
// `node bench/enforce-changed-ab.mjs A_DIST B_DIST [rounds=6] [pairs=20]`. Linux, Landlock ABI 6+.
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
const require = createRequire(import.meta.url)
const [aDist, bDist, roundsArg, pairsArg] = process.argv.slice(2)
const rounds = Number(roundsArg ?? 6), pairs = Number(pairsArg ?? 20)
const builds = { A: require(aDist), B: require(bDist) }
const pauses = [0, 10, 100]
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const pause = (ms) => new Promise((r) => setTimeout(r, ms))
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')
console.log(`${new Date().toISOString()} load ${load()} rounds ${rounds} pairs ${pairs}`)
const tools = {}
for (const k of ['A', 'B']) {
  const cwd = mkdtempSync('/tmp/enf46-changed-ab-')
  const t = builds[k].createBashTools({ cwd, env: { V: 'x' } })
  await t.bash.execute({ command: 'f() { echo f; }; export W=1' }, { approved: true })
  for (let i = 0; i < 6; i++) await t.bash.execute({ command: 'ls' }, i % 2 ? { approved: true } : {})
  tools[k] = { t, cwd }
}
const once = async (t, command, approved) => {
  const s = performance.now()
  const r = await t.bash.execute({ command }, approved ? { approved: true } : {})
  if (r.isError || (r.details.confined === true) === approved) throw new Error(JSON.stringify(r))
  return performance.now() - s
}
const res = { A: pauses.map(() => []), B: pauses.map(() => []) }
for (let r = 0; r < rounds; r++) {
  for (const k of r % 2 ? ['B', 'A'] : ['A', 'B']) {
    const { t } = tools[k]
    for (const [p, ms] of pauses.entries()) {
      const d = []
      for (let i = 0; i < pairs; i++) {
        await pause(20)
        const a = await once(t, 'ls', true)
        await once(t, `CHANGED=${r}_${ms}_${i}`, true)
        if (ms) await pause(ms)
        d.push((await once(t, 'ls', false)) - a)
      }
      res[k][p].push(med(d))
    }
  }
}
const f = (xs) => `${med(xs).toFixed(2)} [${xs.map((x) => x.toFixed(2)).join(' ')}]`
for (const k of ['A', 'B']) console.log(`${k}: added after a change, ${pauses.map((ms, p) => `${ms} ms later ${f(res[k][p])}`).join('; ')}`)
console.log(`load at the end ${load()}`)
for (const k of ['A', 'B']) { await tools[k].t.close(); rmSync(tools[k].cwd, { recursive: true, force: true }) }
