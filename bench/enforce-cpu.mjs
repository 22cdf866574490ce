// What a confined call costs in processor time (issue 44, fifth pass): one tool set, a session
// with a function and an exported variable, then N iterations of `ls` back to back: confined
// (`confined`), approved (`approved`), an approved call then at once a confined one (`mixed`), or
// an approved call that changes the session's state (`CHANGED=i`) then at once a confined one, which
// reads the state in its own time (`changed`). Prints the CPU per iteration of this process and its
// reaped children (`/proc/self/stat`: utime, stime, cutime, cstime; the confined shells and their
// supervisors are reaped, the session's bash is not: its own CPU per iteration is printed apart,
// read from `/proc/PID/stat` of the bash processes below this one that live through the loop), the
// wall time per iteration and the median wall time of each kind of call. Run it under
// `perf record -g` (and `node --perf-basic-prof`) for where the time goes, once per mode, and
// compare the two runs. `DIST=/path/to/dist/index.js` runs another build (main's, for an A/B).
// `node bench/enforce-cpu.mjs [N=100] [confined|approved|mixed|changed]`. Linux with Landlock ABI 6+.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const { createBashTools } = require(process.env.DIST ?? '../dist/index.js')
const N = Number(process.argv[2] ?? 100)
const mode = process.argv[3] ?? 'mixed'
const cwd = mkdtempSync(join(tmpdir(), 'agent-shell-bench-enforce-cpu-'))
/** utime, stime, cutime, cstime of this process, in ticks of 10 ms. */
const cpu = () => readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ').slice(11, 15).map(Number)
/** The bash processes below this one, with their utime + stime in ticks. */
function shells() {
  const parent = new Map()
  const found = new Map()
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ')
      parent.set(Number(pid), Number(f[1]))
      if (comm === 'bash') found.set(Number(pid), Number(f[11]) + Number(f[12]))
    } catch {}
  }
  const below = (pid) => {
    for (let p = parent.get(pid); p; p = parent.get(p)) if (p === process.pid) return true
    return false
  }
  return new Map([...found].filter(([pid]) => below(pid)))
}
const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(2) : '-')

const t = createBashTools({ cwd, env: { V: 'x' } })
await t.bash.execute({ command: 'f() { echo f; }; export W=1' }, { approved: true })
for (let i = 0; i < 10; i++) {
  await t.bash.execute({ command: 'ls' }, { approved: true })
  await t.bash.execute({ command: 'ls' }, {})
}
const approvedWall = []
const confinedWall = []
const before = cpu()
const shellsBefore = shells()
const start = performance.now()
for (let i = 0; i < N; i++) {
  let at = performance.now()
  if (mode !== 'confined') {
    await t.bash.execute({ command: mode === 'changed' ? `CHANGED=${i}` : 'ls' }, { approved: true })
    approvedWall.push(performance.now() - at)
    at = performance.now()
  }
  if (mode !== 'approved') {
    const r = await t.bash.execute({ command: 'ls' }, {})
    if (r.details.confined !== true) throw new Error(`not confined: ${JSON.stringify(r)}`)
    confinedWall.push(performance.now() - at)
  }
}
const wall = (performance.now() - start) / N
let sessionTicks = 0
for (const [pid, ticks] of shells()) if (shellsBefore.has(pid)) sessionTicks += ticks - shellsBefore.get(pid)
const [utime, stime, cutime, cstime] = cpu().map((x, i) => ((x - before[i]) * 10) / N)
console.log(
  `${mode}, ${N} iterations: CPU per iteration ${(utime + stime + cutime + cstime).toFixed(2)} ms ` +
    `(host ${utime.toFixed(2)} user + ${stime.toFixed(2)} system, reaped children ${cutime.toFixed(2)} + ${cstime.toFixed(2)}); ` +
    `the session's bash ${((sessionTicks * 10) / N).toFixed(2)}; wall per iteration ${wall.toFixed(2)} ms; median wall: approved ${median(approvedWall)} ms, confined ${median(confinedWall)} ms`,
)
await t.close()
rmSync(cwd, { recursive: true, force: true })
