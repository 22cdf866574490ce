// What read-only enforcement costs (issue 31 §1, issue 44): a `bash` call of the tool layer whose
// verdict is `allow` runs confined (a one-shot bash from the session's state, in a read-only
// sandbox; since issue 44 a shell started ahead of need, the policy already entered); the same
// call with `approved: true` runs in the session. Both alternate in one process so that both see
// the same load; prints, per command, the medians and the median of the paired differences, the
// CPU time per call (this process and its reaped children, blocks of calls of one kind), and what
// the first confined call of a tool set adds (per session), and what a confined call right after
// another adds (the session's state, captured for the one before, given again), and what one
// 50 ms after a session run adds (the state read ahead meanwhile), and one right after a session
// run that changed the state adds (read in its time). The "added per call" pairs alternate calls
// with no pause; a session run of a command that cannot change the state (both commands here)
// leaves the capture read for a confined call before it true (`src/shell/neutral.rs`).
// `node bench/enforce.mjs [pairs] [--out FILE]` (default 100 pairs; `--out` appends a markdown
// section with the date, cores and load). Linux with Landlock ABI 6+ only.
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const { createBashTools } = require('../dist/index.js')
const args = process.argv.slice(2)
const outAt = args.indexOf('--out')
const out = outAt >= 0 ? args.splice(outAt, 2)[1] : undefined
const pairs = Number(args[0] ?? 100)
const cwd = mkdtempSync(join(tmpdir(), 'agent-shell-bench-enforce-'))
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}
const ms = (x) => `${x.toFixed(2)} ms`
const commands = ['ls', 'ls -la && git --version >/dev/null 2>&1; echo "$V"']
const lines = []
const say = (line) => {
  console.log(line)
  lines.push(line)
}
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ')
/** CPU time of this process and of its children that ended, in ms (/proc/self/stat: utime stime cutime cstime). */
function cpuMs() {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ')
  const ticks = fields.slice(11, 15).reduce((a, b) => a + Number(b), 0)
  return (ticks * 1000) / 100
}

say(`### ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${cpus().length} cores, load average ${load()} at the start`)
say('')

// Per session: a fresh tool set's first call, confined or not (each on its own tool set).
const firsts = { confined: [], approved: [] }
for (let i = 0; i < 10; i++) {
  for (const kind of i % 2 ? ['confined', 'approved'] : ['approved', 'confined']) {
    const t = createBashTools({ cwd, env: { V: 'x' } })
    const start = performance.now()
    await t.bash.execute({ command: commands[0] }, kind === 'approved' ? { approved: true } : {})
    firsts[kind].push(performance.now() - start)
    await t.close()
  }
}

const t = createBashTools({ cwd, env: { V: 'x' } })
await t.bash.execute({ command: 'f() { echo f; }; export W=1' }, { approved: true })
for (const command of commands) {
  const once = async (approved) => {
    const start = performance.now()
    const r = await t.bash.execute({ command }, approved ? { approved: true } : {})
    if (r.isError || (r.details.confined === true) === approved) throw new Error(JSON.stringify(r))
    return performance.now() - start
  }
  for (let i = 0; i < 5; i++) await once(i % 2 === 0)
  const plain = []
  const confined = []
  const diffs = []
  for (let i = 0; i < pairs; i++) {
    const [a, b] = i % 2 ? [await once(true), await once(false)] : [null, null]
    const [d, c] = i % 2 ? [null, null] : [await once(false), await once(true)]
    const p = a ?? c
    const s = b ?? d
    plain.push(p)
    confined.push(s)
    diffs.push(s - p)
  }
  // A confined call right after another (the agent's common case: reads in a row): the
  // session ran nothing in between, so its state as captured for the one before is given again.
  // Paired with an approved call, before or after the two confined ones in turn. A pause of
  // 50 ms (untimed) before each timed call, as a model's turn gives (seconds): the shell started
  // ahead after a confined call is ready by then, as it is for an agent's next call.
  const again = []
  const againDiffs = []
  for (let i = 0; i < pairs; i++) {
    let p
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50))
    if (i % 2) await pause(), (p = await once(true))
    await once(false)
    await pause()
    const s = await once(false)
    if (!(i % 2)) await pause(), (p = await once(true))
    again.push(s)
    againDiffs.push(s - p)
  }
  // A confined call after a session run, 50 ms after it (a model's turn takes seconds): the
  // session's state was read ahead in that time (issue 44, third pass). Paired with the approved
  // call that ran just before it, itself 50 ms after the confined call before.
  const afterRun = []
  const afterRunDiffs = []
  for (let i = 0; i < pairs; i++) {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 50))
    await pause()
    const p = await once(true)
    await pause()
    const s = await once(false)
    afterRun.push(s)
    afterRunDiffs.push(s - p)
  }
  // A confined call right after a session run that changes the session's state (an assignment:
  // no pause, so nothing can be read ahead): the state is read for it, in its time. Paired with
  // the approved call of the command itself, run just before that run.
  const afterChange = []
  const afterChangeDiffs = []
  for (let i = 0; i < pairs; i++) {
    const p = await once(true)
    const r = await t.bash.execute({ command: `CHANGED=${i}` }, { approved: true })
    if (r.isError) throw new Error(JSON.stringify(r))
    const s = await once(false)
    afterChange.push(s)
    afterChangeDiffs.push(s - p)
  }
  // CPU per call: blocks of 20 calls of one kind, alternated.
  const cpu = { approved: [], confined: [] }
  for (let block = 0; block < 6; block++) {
    const approved = block % 2 === 0
    const before = cpuMs()
    for (let i = 0; i < 20; i++) await once(approved)
    cpu[approved ? 'approved' : 'confined'].push((cpuMs() - before) / 20)
  }
  const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length
  say(`\`${command}\`, ${pairs} pairs (median): in the session (approved) ${ms(median(plain))}, confined ${ms(median(confined))}, ` +
    `**added per call ${ms(median(diffs))}** (median of paired differences); ` +
    `CPU per call (host and reaped children, 3 blocks of 20 each): approved ${ms(avg(cpu.approved))}, confined ${ms(avg(cpu.confined))}; ` +
    `a confined call right after another (its state kept): ${ms(median(again))}, **added ${ms(median(againDiffs))}** (median of ${pairs} paired differences); ` +
    `a confined call 50 ms after a session run (its state read ahead): ${ms(median(afterRun))}, **added ${ms(median(afterRunDiffs))}** (median of ${pairs} paired differences); ` +
    `a confined call right after a session run that changed the state (\`CHANGED=i\`, no pause: the state read in the call's time): ${ms(median(afterChange))}, **added ${ms(median(afterChangeDiffs))}** (median of ${pairs} paired differences)`)
  say('')
}
await t.close()
rmSync(cwd, { recursive: true, force: true })
say(`First call of a fresh tool set (\`${commands[0]}\`, median of 10): approved ${ms(median(firsts.approved))}, confined ${ms(median(firsts.confined))}. Load average at the end: ${load()}.`)
say('')
if (out) appendFileSync(out, `${lines.join('\n')}\n`)
