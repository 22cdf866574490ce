// What read-only enforcement costs (issue 31 §1): a `bash` call of the tool layer whose verdict is
// `allow` runs confined (a one-shot bash from the session's state, in a read-only sandbox); the
// same call with `approved: true` runs in the session. Both alternate in one process so that both
// see the same load; prints the medians and the median of the paired differences, per call, and
// what the first confined call of a tool set adds (per session).
// `node bench/enforce.mjs [pairs]` (default 100). Linux with Landlock ABI 6+ only.
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const require = createRequire(import.meta.url)
const { createBashTools } = require('../dist/index.js')
const pairs = Number(process.argv[2] ?? 100)
const cwd = mkdtempSync(join(tmpdir(), 'agent-shell-bench-enforce-'))
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}
const command = 'ls -la && git --version >/dev/null 2>&1; echo "$V"'

// Per session: a fresh tool set's first call, confined or not (each on its own tool set).
const firsts = { confined: [], approved: [] }
for (let i = 0; i < 10; i++) {
  for (const kind of i % 2 ? ['confined', 'approved'] : ['approved', 'confined']) {
    const t = createBashTools({ cwd, env: { V: 'x' } })
    const start = performance.now()
    await t.bash.execute({ command }, kind === 'approved' ? { approved: true } : {})
    firsts[kind].push(performance.now() - start)
    await t.close()
  }
}

const t = createBashTools({ cwd, env: { V: 'x' } })
await t.bash.execute({ command: 'f() { echo f; }; export W=1' }, { approved: true })
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
await t.close()
rmSync(cwd, { recursive: true, force: true })
const ms = (x) => `${x.toFixed(2)} ms`
console.log(`tool-layer bash call \`${command}\`, ${pairs} pairs (median):`)
console.log(`  in the session (approved)  ${ms(median(plain))}`)
console.log(`  confined (allow verdict)   ${ms(median(confined))}`)
console.log(`  added per call             ${ms(median(diffs))} (median of paired differences)`)
console.log(`first call of a fresh tool set (median of 10): approved ${ms(median(firsts.approved))}, confined ${ms(median(firsts.confined))}`)
