// The output minimizer's benchmark (issue #32): over the recorded corpus of real outputs
// (fixtures/minimizer/, made by minimizer-corpus.mjs), each command is replayed through
// agent-shell's executeShell and the anchor's (@oh-my-pi/pi-natives, its Linux x64 .node loaded
// directly), with the program replaced by a shim that prints the recorded output and exits with
// the recorded code, so both minimizers see the same command and the same output in the same run.
// Reports tokens (gpt-tokenizer, o200k) of raw / agent-shell / anchor per case and in total, and
// checks every fact of each case (extracted from the raw output: locations, failing tests,
// summaries, errors, authors and dates, stats, changed lines, matches, directories, signatures)
// in each visible text, then the bar of issue #32 per case: agent-shell keeps every fact, costs
// at most the anchor's tokens where the anchor keeps every fact, at most the anchor's tokens plus
// the tokens of the facts it dropped where it drops some, and never changes a pipe's or a
// compound command's output (one left unchanged is reported apart, whatever the anchor's tokens:
// its raw output is what the bar asks for). Every violation is printed. Exits 1 when agent-shell loses a fact or
// changes a pipe's or a compound command's output; with --strict, on any violation of the bar.
//
//   node bench/minimizer.mjs [--fixtures DIR [--split LABEL]] [--write] [--strict] [--case NAME] [--show [--anchor]] [--no-cost]
//
// --fixtures DIR replays another recording (default: fixtures/minimizer/), e.g. a held-out one
// the filters were never tuned on; --split LABEL names its split in the table and totals (default:
// each case's own `split` field, else dev / held-out / held-out (wide) from `heldout` and `wide`).
// --no-cost skips the cost section (tokens and facts only, for a quick re-run on a loaded machine).
// --write stores the table in MINIMIZER-RESULTS.md for the default recording, in
// MINIMIZER-RESULTS-<LABEL or the directory's name>.md for another.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { facts, lostFacts, shim, simple, tokens } from './minimizer-facts.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const ours = require(path.join(here, '..', 'index.js'))
const anchorPath = path.join(here, 'node_modules/@oh-my-pi/pi-natives-linux-x64/pi_natives.linux-x64-modern.node')
const anchor = fs.existsSync(anchorPath) ? require(anchorPath) : null
const argv = process.argv.slice(2)
const only = argv.includes('--case') ? argv[argv.indexOf('--case') + 1] : null
const show = argv.includes('--show')

const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined)
const defaultFixtures = path.join(here, 'fixtures', 'minimizer')
const fixtures = path.resolve(option('--fixtures') ?? defaultFixtures)
const splitOption = option('--split')
/** The split a case is reported under. */
const splitOf = (c) => splitOption ?? c.split ?? (c.wide ? 'held-out (wide)' : c.heldout ? 'held-out' : 'dev')
const replay = path.join(here, '.minimizer-work', 'replay')
// ---- run ----------------------------------------------------------------------------------------
const cases = fs.readdirSync(fixtures).filter((n) => n.endsWith('.json')).sort()
  .map((n) => JSON.parse(fs.readFileSync(path.join(fixtures, n), 'utf8')))
  .filter((c) => !only || c.name === only)
const rows = []
let failures = 0
for (const c of cases) {
  const { cwd, env } = shim(c, path.join(replay, c.name))
  const minimizer = { enabled: true }
  const mine = await ours.executeShell({ command: c.command, cwd, env, minimizer }, () => {})
  const theirs = anchor ? await anchor.executeShell({ command: c.command, cwd, env, minimizer }, () => {}) : null
  const oursText = mine.minimized?.text ?? c.output
  const anchorText = theirs?.minimized?.text ?? c.output
  const fs_ = facts(c)
  const lostOurs = lostFacts(c, oursText, fs_)
  const lostAnchor = lostFacts(c, anchorText, fs_)
  const changedNonSimple = !simple(c.command) && mine.minimized !== undefined
  rows.push({
    name: c.name, heldout: c.heldout, wide: c.wide, split: splitOf(c), command: c.command, simple: simple(c.command),
    raw: tokens(c.output), ours: tokens(oursText), anchor: tokens(anchorText),
    oursFilter: mine.minimized?.filter ?? '-', anchorFilter: theirs?.minimized?.filter ?? '-',
    facts: fs_.length, lostOurs, lostAnchor, changedNonSimple,
    anchorLostTokens: lostAnchor.reduce((n, f) => n + tokens(f.text ?? f.parts.map((p) => (typeof p === 'string' ? p : p.source.replace(/[^\w:]|\bd\b/g, ''))).join(' ')), 0),
  })
  if (show) {
    console.log(`\n===== ${c.name}: ${c.command}\n----- ours (${mine.minimized?.filter ?? 'unchanged'})\n${oursText}`)
    if (lostOurs.length) console.log('LOST:', lostOurs.map((f) => `${f.kind}: ${f.parts.map(String).join(" | ")}`).join('\n  '))
    if (argv.includes('--anchor')) console.log(`----- anchor (${theirs?.minimized?.filter ?? 'unchanged'})\n${anchorText}`)
    if (argv.includes('--anchor') && lostAnchor.length) console.log('ANCHOR LOST:', lostAnchor.map((f) => `${f.kind}: ${f.parts.map(String).join(" | ")}`).join('\n  '))
  }
}
fs.rmSync(path.join(here, '.minimizer-work'), { recursive: true, force: true })

// ---- cost ---------------------------------------------------------------------------------------
// The minimizer's own cost (minimizeOutput: the same code a run calls, without the shell), per case
// on its output repeated to 50 KB (whole lines), median of COST_RUNS calls after one warm-up.
const COST_BYTES = 50 * 1024
const COST_RUNS = 15 // enough for a stable median on shared cores, cheap enough to run every time
const costs = []
for (const c of argv.includes('--no-cost') ? [] : cases) {
  if (c.output.length < 1000) continue
  let input = c.output
  while (input.length < COST_BYTES) input += c.output.endsWith('\n') ? c.output : `\n${c.output}`
  input = input.slice(0, input.lastIndexOf('\n', COST_BYTES) + 1) || input.slice(0, COST_BYTES)
  const options = { enabled: true }
  ours.minimizeOutput(c.command, input, options)
  const times = []
  for (let i = 0; i < COST_RUNS; i++) {
    const t = process.hrtime.bigint()
    ours.minimizeOutput(c.command, input, options)
    times.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  times.sort((a, b) => a - b)
  costs.push({ name: c.name, bytes: input.length, ms: times[COST_RUNS >> 1] })
}
costs.sort((a, b) => b.ms - a.ms)

const sum = (rs, k) => rs.reduce((n, r) => n + r[k], 0)
const pct = (a, b) => `${((a / b) * 100).toFixed(0)}%`
// The bar, per case: every violation with its reason.
const violations = []
for (const r of rows) {
  for (const f of r.lostOurs) violations.push(`agent-shell lost in ${r.name}: ${f.kind}: ${f.parts.map(String).join(' | ')}`)
  if (r.changedNonSimple) violations.push(`agent-shell changed ${r.name}: the output of a pipe or compound command`)
  const limit = r.anchor + (r.lostAnchor.length ? r.anchorLostTokens : 0)
  // A pipe or a compound command passes unchanged by design (the bar's own rule): its tokens
  // are the raw output's, whatever the anchor makes of it, so it is reported apart, not as over.
  r.unchangedNonSimple = !r.simple && !r.changedNonSimple
  if (r.ours > limit && !r.unchangedNonSimple) {
    violations.push(r.lostAnchor.length
      ? `${r.name}: ${r.ours} tokens > anchor's ${r.anchor} + ${r.anchorLostTokens} for the ${r.lostAnchor.length} facts it dropped`
      : `${r.name}: ${r.ours} tokens > anchor's ${r.anchor} (the anchor keeps every fact)`)
  }
  r.barMet = !violations.some((v) => v.includes(` ${r.name}: `) || v.startsWith(`${r.name}: `))
  r.apart = r.unchangedNonSimple && r.ours > limit
  if (r.lostOurs.length || r.changedNonSimple) failures++
}
let md = `| case | split | command | raw | agent-shell | anchor | facts | lost (agent-shell) | lost (anchor) | bar | filters (ours / anchor) |\n|---|---|---|--:|--:|--:|--:|--:|--:|---|---|\n`
for (const r of rows) {
  md += `| ${r.name} | ${r.split} | \`${r.command.replace(/\|/g, '\\|')}\` | ${r.raw} | ${r.ours} | ${r.anchor} | ${r.facts} | ${r.lostOurs.length}${r.changedNonSimple ? ' (changed a non-simple command!)' : ''} | ${r.lostAnchor.length} | ${r.barMet ? (r.apart ? 'unchanged (pipe or compound)' : 'met') : '**not met**'} | ${r.oursFilter} / ${r.anchorFilter} |\n`
}
const labels = [...new Set(rows.map((r) => r.split))]
const groups = [['all', rows], ...labels.map((l) => [l, rows.filter((r) => r.split === l)])]
// The first held-out recording and the wide one together, as earlier results quote them.
if (labels.includes('held-out') && labels.includes('held-out (wide)')) groups.push(['held-out and held-out (wide)', rows.filter((r) => r.split.startsWith('held-out'))])
for (const [label, rs] of groups) {
  if (!rs.length || (label !== 'all' && rs.length === rows.length)) continue
  const raw = sum(rs, 'raw'), o = sum(rs, 'ours'), a = sum(rs, 'anchor')
  const lostO = rs.reduce((n, r) => n + r.lostOurs.length, 0), lostA = rs.reduce((n, r) => n + r.lostAnchor.length, 0)
  const anchorLossCases = rs.filter((r) => r.lostAnchor.length).length
  const apart = rs.filter((r) => r.apart).length
  md += `| **total ${label}** (${rs.length} cases) | | | ${raw} | ${o} (${pct(o, raw)}) | ${a} (${pct(a, raw)}) | ${sum(rs, 'facts')} | ${lostO} | ${lostA} (in ${anchorLossCases} cases) | ${rs.filter((r) => r.barMet).length}/${rs.length} met${apart ? ` (${apart} of them a pipe or compound command left unchanged, over the anchor's tokens)` : ''} | |\n`
}
if (argv.includes('--strict')) failures = violations.length
const apartRows = rows.filter((r) => r.apart)
md += `\nThe bar per case (every fact kept; tokens <= the anchor's where it keeps every fact, <= the anchor's plus its dropped facts' tokens where it drops some; pipes and compound commands unchanged): met in ${rows.filter((r) => r.barMet).length} of ${rows.length} cases.\n`
if (apartRows.length) md += `\nPipes and compound commands left unchanged, as the bar requires, where the anchor rewrote them to fewer tokens (reported apart, not as over the bar): ${apartRows.map((r) => `${r.name} (${r.ours} vs ${r.anchor})`).join(', ')}.\n`
md += violations.length ? `\nViolations:\n${violations.map((v) => `- ${v}`).join('\n')}\n` : '\nViolations: none.\n'
if (costs.length) {
  const median = [...costs].sort((a, b) => a.ms - b.ms)[costs.length >> 1].ms
  md += `\nCost (minimizeOutput on each case's output repeated to 50 KB, median of ${COST_RUNS} calls): median over ${costs.length} cases ${median.toFixed(3)} ms, over 1 ms: ${costs.filter((c) => c.ms > 1).length}; slowest ${costs.slice(0, 8).map((c) => `${c.name} ${c.ms.toFixed(3)} ms`).join(', ')}.\n`
}
console.log(md)
// When and where: the cost figures depend on the machine and its load.
const measured = `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os.loadavg()[0].toFixed(1)} at the end.`
md += `\n${measured}\n`
const slug = (s) => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')
if (argv.includes('--write') && fixtures !== defaultFixtures) {
  const name = splitOption ?? path.basename(path.basename(fixtures) === 'fixtures' ? path.dirname(fixtures) : fixtures)
  fs.writeFileSync(path.join(here, `MINIMIZER-RESULTS-${slug(name)}.md`), `# Output minimizer on ${fixtures} (bench/minimizer.mjs --fixtures)\n\nTokens: gpt-tokenizer (o200k_base). Raw: the command's whole output. Anchor: @oh-my-pi/pi-natives-linux-x64, same command and output, same run. Split: ${splitOption ?? 'each case\'s own'}.\n\n${md}`)
} else if (argv.includes('--write')) fs.writeFileSync(path.join(here, 'MINIMIZER-RESULTS.md'), `# Output minimizer: tokens and facts (bench/minimizer.mjs)\n\nTokens: gpt-tokenizer (o200k_base). Raw: the command's whole output. Anchor: @oh-my-pi/pi-natives-linux-x64 18.2.11, same command and output, same run.\n\nSplits: dev (the first recording, filters written against it), held-out (recorded after the filters, never tuned on), held-out (wide) (bench/minimizer-corpus-wide.mjs: cmake, ninja, ctest, gtest, jest, rg, more variants of the rest; recorded and measured before any filter changed: the bar was then met in 120 of 126 cases; the six violations were two checker mistakes (a quoted \`|\` taken for a pipe, docstring prose taken for a signature) and four filter gaps fixed by rules about the format, not the recording: tsc --pretty, git diff context lines and binary files, Go's own stack frames, gtest's repeated closing lines). A third round (the r3- cases, also in the wide split, recorded after those fixes and measured before any further change) met the bar in 13 of 16: git log -p lost two commits' days (a day said once for several commits, cut off by diff lines), ls -la of 86 entries cost more than the anchor plus its dropped names, pytest -rA listed passing tests; fixed by rules about the format (days grouped only without diffs, names only above 50 entries, PASSED summary lines dropped). A fourth round (issue 45: 133 real runs recorded by someone who never read the filters, cargo/clippy/nextest/fmt, JS/TS, Python, Go, C, listings, grep, cat, misc, pipes; 34 of them, the tune split, are the r4- cases here, the other 99 held out and measured by the lead with \`--fixtures\`) met the bar in 27 of 34 tune cases before any change (one fact lost: a test binary with no tests; cargo fmt --check, du, gcc, pip install and mypy unfiltered; a passing cargo test and a long git status over the anchor); the filters were then rewritten around shapes (a path list by directory, a passing test binary as its result line, one line per message and file, a formatter's places, diffs' hunk headers), never around a recording. The checker learnt in that round: du's and tree's entries, a linter's finding text after its code, each line of a program no rule is about (an elided listing no longer counts as keeping everything), rows one space apart. A fifth round (issue 45 again: the same 133 runs, both splits now tuning material while a new held-out recording is made apart; \`--fixtures /work/corpora/minimizer/fixtures\`, table in MINIMIZER-RESULTS-minimizer.md) started from 148,841 tokens against the anchor's 128,840 on the 99 holdout cases, the bar met in 85 of 99; shapes added (a compiler's repeated warning said once with its places, a formatter's places, a launcher's program, Go's passing packages and example mismatches, git log --graph, hunk headers without repeated sections, git blame by commit runs, eslint's repeated findings, tree's files before subdirectories, pytest's bare test ids) brought it to 111,483 against 128,863, the bar met in 98 of 99 (the root commit shown through a command substitution stays raw). The checker learnt git log --graph (the drawing is layout), git blame's lines and prettier's [warn] files.\n\n${md}`)
process.exit(failures ? 1 : 0)
