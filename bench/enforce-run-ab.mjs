// What reading the state ahead costs a session run (issue 44, tenth pass): main's build against
// this one in one process, alternated, as `enforce-ab.mjs` runs them. Per build a tool set whose
// session has served a confined call (so its state is read ahead after each run) and a plain
// `Shell` (no confined call: nothing is read ahead). Per round, each build in turn (order
// alternated), 20 ms before each call:
//   - an approved `true` through the tool set (a run that cannot change the state: every call
//     of an agent that only reads);
//   - an approved `cd` to one of two directories in turn (a run that changes the state);
//   - that `cd`, then at once an approved `true` (a session run right behind a change: timed is
//     the `true`);
//   - `Shell.run` of `true` and of a `cd` on the plain shell;
// and the processor time of blocks of the tool set's `cd` and `true` runs: this process's own
// and the session's bash's (`/proc/PID/stat` of the bash below this process that lives through
// the block); the confined shells that a change primes are started and ended later, and are
// counted apart (`enforce-cpu.mjs changed`). Prints per build the median over rounds of each
// round's median, with the per-round values.
// `node bench/enforce-run-ab.mjs A_DIST B_DIST [rounds=6] [calls=20]`. Linux, Landlock ABI 6+.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { loadavg } from 'node:os'
import { join } from 'node:path'
const require = createRequire(import.meta.url)
const [aDist, bDist, roundsArg, callsArg] = process.argv.slice(2)
const rounds = Number(roundsArg ?? 6), calls = Number(callsArg ?? 20)
const dists = { A: aDist, B: bDist }
const builds = { A: require(aDist), B: require(bDist) }
const natives = { A: require(join(aDist, '..', '..', 'main.js')), B: require(join(bDist, '..', '..', 'main.js')) }
const med = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const pause = (ms) => new Promise((r) => setTimeout(r, ms))
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')
/** This process's own utime + stime, in ms (ticks of 10 ms). */
const selfCpu = () => readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ').slice(11, 13).reduce((a, b) => a + Number(b), 0) * 10
/** utime + stime of each bash process below this one, in ms. */
function shells() {
  const parent = new Map(), found = new Map()
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
      parent.set(Number(pid), Number(f[1]))
      if (comm === 'bash') found.set(Number(pid), (Number(f[11]) + Number(f[12])) * 10)
    } catch {}
  }
  const below = (pid) => { for (let p = parent.get(pid); p; p = parent.get(p)) if (p === process.pid) return true; return false }
  return new Map([...found].filter(([pid]) => below(pid)))
}
/** CPU of the bash processes alive both before and after (the sessions' own shells). */
const bashCpu = (before, after) => [...after].reduce((sum, [pid, t]) => sum + (before.has(pid) ? t - before.get(pid) : 0), 0)
console.log(`${new Date().toISOString()} load ${load()} rounds ${rounds} calls ${calls} A ${dists.A} B ${dists.B}`)
const sets = {}
for (const k of ['A', 'B']) {
  const cwd = mkdtempSync('/tmp/enf46-run-ab-')
  for (const d of ['a', 'b']) mkdirSync(join(cwd, d))
  const t = builds[k].createBashTools({ cwd, env: { V: 'x' } })
  await t.bash.execute({ command: 'f() { echo f; }; export W=1' }, { approved: true })
  for (let i = 0; i < 6; i++) await t.bash.execute({ command: 'ls' }, i % 2 ? { approved: true } : {})
  const shell = new natives[k].Shell({ cwd })
  await shell.run({ command: 'true' })
  sets[k] = { t, shell, cwd, turn: 0 }
}
const approved = async (k, command) => {
  const s = performance.now()
  const r = await sets[k].t.bash.execute({ command }, { approved: true })
  if (r.isError || r.details.confined === true) throw new Error(JSON.stringify(r))
  return performance.now() - s
}
const cd = (k) => `cd ${join(sets[k].cwd, sets[k].turn++ % 2 ? 'a' : 'b')}`
const plain = async (k, command) => {
  const s = performance.now()
  const r = await sets[k].shell.run({ command })
  if (r.exitCode !== 0) throw new Error(JSON.stringify(r))
  return performance.now() - s
}
const keys = ['neutral', 'change', 'behind', 'shellTrue', 'shellCd', 'cpuChange', 'bashChange', 'cpuNeutral', 'bashNeutral']
const res = { A: Object.fromEntries(keys.map((x) => [x, []])), B: Object.fromEntries(keys.map((x) => [x, []])) }
for (let r = 0; r < rounds; r++) {
  for (const k of r % 2 ? ['B', 'A'] : ['A', 'B']) {
    const x = Object.fromEntries(keys.map((y) => [y, []]))
    for (let i = 0; i < calls; i++) {
      await pause(20); x.neutral.push(await approved(k, 'true'))
      await pause(20); x.change.push(await approved(k, cd(k)))
      await pause(20); await approved(k, cd(k)); x.behind.push(await approved(k, 'true'))
      await pause(20); x.shellTrue.push(await plain(k, 'true'))
      await pause(20); x.shellCd.push(await plain(k, cd(k)))
    }
    for (const [what, command] of [['Change', () => cd(k)], ['Neutral', () => 'true']]) {
      await pause(50)
      const [cpu, sh] = [selfCpu(), shells()]
      for (let i = 0; i < calls; i++) { await approved(k, command()); await pause(5) }
      await pause(10)
      res[k][`cpu${what}`].push((selfCpu() - cpu) / calls)
      res[k][`bash${what}`].push(bashCpu(sh, shells()) / calls)
    }
    for (const y of ['neutral', 'change', 'behind', 'shellTrue', 'shellCd']) res[k][y].push(med(x[y]))
  }
}
const f = (xs) => `${med(xs).toFixed(2)} [${xs.map((x) => x.toFixed(2)).join(' ')}]`
for (const k of ['A', 'B']) {
  const x = res[k]
  console.log(`${k}: tool set, approved: true ${f(x.neutral)}; cd ${f(x.change)}; true right after a cd ${f(x.behind)}`)
  console.log(`${k}: Shell.run: true ${f(x.shellTrue)}; cd ${f(x.shellCd)}`)
  console.log(`${k}: CPU per approved cd: host ${f(x.cpuChange)}, session's bash ${f(x.bashChange)}; per approved true: host ${f(x.cpuNeutral)}, session's bash ${f(x.bashNeutral)}`)
}
console.log(`load at the end ${load()}`)
for (const k of ['A', 'B']) { await sets[k].t.close(); await sets[k].shell.close(); rmSync(sets[k].cwd, { recursive: true, force: true }) }
