// What the sandbox adds to a start: `executeShell({ command: 'true' })` plain and with
// `sandbox: {}` (Landlock ruleset + seccomp filter built, entered by the program), alternated in
// one process so that both see the same load; prints the medians and the median of the paired
// differences (sandboxed − plain), which is what the 0.2 ms bound is about.
// `node bench/sandbox.mjs [pairs]` (default 400). Linux with Landlock ABI 6+ only.
import { createRequire } from 'node:module'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

// A sandboxed session never takes a shell started ahead of need: the plain starts must not either.
process.env.AGENT_SHELL_POOL = '0'
const require = createRequire(import.meta.url)
const { executeShell } = require('../index.js')
const pairs = Number(process.argv[2] ?? 400)
const cwd = mkdtempSync(join(tmpdir(), 'agent-shell-bench-sandbox-'))

const once = async (sandbox) => {
  const t = performance.now()
  const r = await executeShell({ command: 'true', cwd, sandbox })
  if (r.exitCode !== 0) throw new Error(`exit ${r.exitCode}`)
  return (performance.now() - t) * 1000
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

for (let i = 0; i < 20; i++) await once(i % 2 ? {} : undefined)
const plain = []
const boxed = []
const diffs = []
for (let i = 0; i < pairs; i++) {
  // Alternate which goes first, so that neither always follows the other.
  const [a, b] = i % 2 ? [await once(undefined), await once({})] : [null, null]
  const [d, c] = i % 2 ? [null, null] : [await once({}), await once(undefined)]
  const p = a ?? c
  const s = b ?? d
  plain.push(p)
  boxed.push(s)
  diffs.push(s - p)
}
rmSync(cwd, { recursive: true, force: true })
const fmt = (us) => `${us.toFixed(0)} µs`
const added = median(diffs)
console.log(`executeShell start, ${pairs} pairs (median):`)
console.log(`  plain      ${fmt(median(plain))}`)
console.log(`  sandboxed  ${fmt(median(boxed))}`)
console.log(`  added      ${fmt(added)} (median of paired differences; target ≤ 200 µs: ${added <= 200 ? 'PASS' : 'FAIL'})`)
