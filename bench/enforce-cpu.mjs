// What a confined call costs in processor time (issue 44, fifth pass): one tool set, a session
// with a function and an exported variable, then N iterations of `ls` back to back: confined
// (`confined`), approved (`approved`), or an approved call then at once a confined one (`mixed`).
// Prints the CPU per iteration of this process and its reaped children (`/proc/self/stat`: utime,
// stime, cutime, cstime; the confined shells and their supervisors are reaped, the session's bash
// is not), the wall time per iteration and the median wall time of each kind of call. Run it under
// `perf record -g` (and `node --perf-basic-prof`) for where the time goes, once per mode, and
// compare the two runs. `DIST=/path/to/dist/index.js` runs another build (main's, for an A/B).
// `node bench/enforce-cpu.mjs [N=100] [confined|approved|mixed]`. Linux with Landlock ABI 6+.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
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
const start = performance.now()
for (let i = 0; i < N; i++) {
  let at = performance.now()
  if (mode !== 'confined') {
    await t.bash.execute({ command: 'ls' }, { approved: true })
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
const [utime, stime, cutime, cstime] = cpu().map((x, i) => ((x - before[i]) * 10) / N)
console.log(
  `${mode}, ${N} iterations: CPU per iteration ${(utime + stime + cutime + cstime).toFixed(2)} ms ` +
    `(host ${utime.toFixed(2)} user + ${stime.toFixed(2)} system, reaped children ${cutime.toFixed(2)} + ${cstime.toFixed(2)}); ` +
    `wall per iteration ${wall.toFixed(2)} ms; median wall: approved ${median(approvedWall)} ms, confined ${median(confinedWall)} ms`,
)
await t.close()
rmSync(cwd, { recursive: true, force: true })
