// The classifier against a corpus of verified cases in context (issue #44): each case plants a
// repository, HOME and configuration in a fresh directory, names a command, the directory it runs
// in and its environment, and says whether running it there only reads (verified by running it:
// see the corpus's own verify script). Here each case is set up again and classified, with its
// context (`classifyCommand(command, { cwd, env })`) or, with --no-context, without; nothing of
// the command is run.
//
//   node bench/classify-corpus.mjs --cases FILE.jsonl [--split tune|holdout|all] [--family F]
//                                  [--no-context] [--show] [--json OUT]
//
// A line of FILE: {"id", "family", "setup" (bash, run with `set -e` in the case's directory ROOT,
// HOME=ROOT/home), "cwd" (relative to ROOT), "env", "command", "expect": "read-only" |
// "not-read-only", "split"}. Reported: holes (expected not read-only, called read-only) and false
// alarms (expected read-only, called anything else), per family and in all, and the classifier's
// time per call (median) with and without context. Exits 1 when there is a hole.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const { classifyCommand } = createRequire(import.meta.url)(join(here, '..', 'index.js'))
const argv = process.argv.slice(2)
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback)
const file = opt('--cases')
if (!file) {
  console.error('usage: node bench/classify-corpus.mjs --cases FILE.jsonl [--split tune|holdout|all] [--family F] [--no-context] [--show] [--json OUT]')
  process.exit(2)
}
const split = opt('--split', 'all')
const family = opt('--family')
const withContext = !argv.includes('--no-context')
const show = argv.includes('--show')
const hostPath = process.env.PATH || '/usr/local/bin:/usr/bin:/bin'
// The directory the corpora's verify scripts run each case in (r20's to r22's verify.py: a private
// tmpfs on /tmp, ROOT=/tmp/c/root). A case may name it or its parent literally (an env value, a
// path in the command, a scratch file of the setup's in /tmp/c); here each case gets a directory of
// its own, put in the parent's place (its root is `root/` in it).
const VERIFY_PARENT = /\/tmp\/c(?![\w.-])/g

const cases = readFileSync(file, 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l))
  .filter((c) => split === 'all' || c.split === split)
  .filter((c) => !family || c.family === family)

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.floor(s.length / 2)] : NaN
}
const timed = (fn) => {
  const t = process.hrtime.bigint()
  const r = fn()
  return [r, Number(process.hrtime.bigint() - t) / 1e3]
}

const byFamily = new Map()
const misses = []
const costWith = []
const costWithout = []
for (const given of cases) {
  const parent = mkdtempSync(join(tmpdir(), 'classify-corpus-'))
  const root = join(parent, 'root')
  mkdirSync(root)
  const c = JSON.parse(JSON.stringify(given).replaceAll(VERIFY_PARENT, parent))
  try {
    const home = join(root, 'home')
    mkdirSync(home, { recursive: true })
    const setup = spawnSync('bash', ['-c', `set -e\n${c.setup ?? ''}`], {
      cwd: root,
      env: { PATH: hostPath, HOME: home, ROOT: root },
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 60_000,
    })
    if (setup.status !== 0) {
      misses.push({ id: c.id, family: c.family, kind: 'setup failed', detail: setup.stderr.slice(-300) })
      continue
    }
    const cwd = join(root, c.cwd ?? '.')
    const env = { PATH: hostPath, HOME: home, ...(c.env ?? {}) }
    // Twice each, the second timed: the first call pays for loading what it reads the first time.
    classifyCommand(c.command, { cwd, env })
    const [verdict, micros] = withContext ? timed(() => classifyCommand(c.command, { cwd, env })) : [null, 0]
    const [bare, microsBare] = timed(() => classifyCommand(c.command))
    if (withContext) costWith.push(micros)
    costWithout.push(microsBare)
    const v = withContext ? verdict : bare
    const readOnly = v.level === 'read-only'
    const f = byFamily.get(c.family) ?? { cases: 0, holes: 0, adversarial: 0, everyday: 0, falseAlarms: 0 }
    byFamily.set(c.family, f)
    f.cases++
    if (c.expect === 'not-read-only') {
      f.adversarial++
      if (readOnly) {
        f.holes++
        misses.push({ id: c.id, family: c.family, kind: 'hole', command: c.command, reasons: v.reasons })
      }
    } else {
      f.everyday++
      if (!readOnly) {
        f.falseAlarms++
        misses.push({ id: c.id, family: c.family, kind: 'false alarm', command: c.command, level: v.level, reasons: v.reasons })
      }
    }
  } finally {
    rmSync(parent, { recursive: true, force: true })
  }
}

const total = { cases: 0, holes: 0, adversarial: 0, everyday: 0, falseAlarms: 0 }
console.log(`| family | cases | holes / not read-only | false alarms / read-only |`)
console.log(`|---|--:|--:|--:|`)
for (const [name, f] of [...byFamily].sort()) {
  for (const k of Object.keys(total)) total[k] += f[k]
  console.log(`| ${name} | ${f.cases} | ${f.holes} / ${f.adversarial} | ${f.falseAlarms} / ${f.everyday} |`)
}
const pct = (a, b) => (b ? ((100 * a) / b).toFixed(1) : '0.0')
console.log(`| all | ${total.cases} | ${total.holes} / ${total.adversarial} | ${total.falseAlarms} / ${total.everyday} (${pct(total.falseAlarms, total.everyday)} %) |`)
console.log(
  `classifyCommand, median per call: ${withContext ? `${median(costWith).toFixed(1)} us with context, ` : ''}${median(costWithout).toFixed(1)} us without (${split}, ${cases.length} cases, ${withContext ? 'with' : 'without'} context)`,
)
const setupFailures = misses.filter((m) => m.kind === 'setup failed')
if (setupFailures.length) console.log(`setup failed: ${setupFailures.length} (${setupFailures.map((m) => m.id).join(', ')})`)
if (show) for (const m of misses) console.log(JSON.stringify(m))
const out = opt('--json')
if (out) writeFileSync(out, JSON.stringify({ split, withContext, total, byFamily: Object.fromEntries(byFamily), misses }, null, 1))
process.exit(total.holes > 0 ? 1 : 0)
