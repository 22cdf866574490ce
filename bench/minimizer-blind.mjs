// The output minimizer without its programs' names (issue #45): every case of the recordings given
// is replayed twice through agent-shell's executeShell, as recorded (the named run) and with the
// command's program renamed to one no filter names (`blindprog`; the arguments kept, a chain or a
// pipe still a chain or a pipe), so the shape rules and the sniffers decide alone, as they do for a
// tool nobody wrote a filter for. The facts are those of the recorded command (bench/minimizer-facts.mjs):
// a shape rule must never drop one. Reports, per recording and in total, tokens raw / named / blind
// and facts lost by each run, the cases where the blind run lost a fact, and the cases where it costs
// more than the named run. With --anchor the anchor (@oh-my-pi/pi-natives) runs the recorded command
// too, and every case where the named run costs more tokens than the anchor is listed by filter, with
// the tokens of the facts the anchor dropped (anchor parity by shape). Exits 1 when the blind run
// loses a fact.
//
//   node bench/minimizer-blind.mjs --fixtures DIR [--fixtures DIR ...] [--anchor [--anchor-text]] [--case NAME] [--show] [--write FILE] [--json FILE]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { facts, firstProgram, lostFacts, shim, simple, tokens } from './minimizer-facts.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const ours = require(path.join(here, '..', 'index.js'))
const argv = process.argv.slice(2)
const values = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]] : []))
const withAnchor = argv.includes('--anchor')
const anchorPath = path.join(here, 'node_modules/@oh-my-pi/pi-natives-linux-x64/pi_natives.linux-x64-modern.node')
const anchor = withAnchor && fs.existsSync(anchorPath) ? require(anchorPath) : null
const only = values('--case')[0]
const show = argv.includes('--show')
const dirs = values('--fixtures').map((d) => path.resolve(d))
if (!dirs.length) {
  console.error('usage: node bench/minimizer-blind.mjs --fixtures DIR [--fixtures DIR ...] [--anchor] [--case NAME] [--show] [--write FILE]')
  process.exit(2)
}
const BLIND = 'blindprog'
// Its own directory: bench/minimizer.mjs removes bench/.minimizer-work when it ends.
const replay = fs.mkdtempSync(path.join(os.tmpdir(), 'minimizer-blind-'))

/** `command` with its first program (the one the minimizer reads) renamed to BLIND. */
function renamed(command) {
  const program = firstProgram(command)
  const esc = program.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return command.replace(new RegExp(`(^|[\\s;&|(])${esc}(?=\\s|$)`), `$1${BLIND}`)
}

const describe = (f) => `${f.kind}: ${f.parts.map(String).join(' | ')}`

const rows = []
for (const dir of dirs) {
  const base = path.basename(dir)
  const label = dir === path.join(here, 'fixtures', 'minimizer') ? 'repo' : base === 'fixtures' ? path.basename(path.dirname(dir)) : base === 'holdout' || base === 'tune' ? `${path.basename(path.dirname(dir)).replace(/^minimizer-/, '')}/${base}` : base
  const names = fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()
  for (const n of names) {
    const c = JSON.parse(fs.readFileSync(path.join(dir, n), 'utf8'))
    if (only && c.name !== only) continue
    if (argv.includes('--progress')) process.stderr.write(`${label}/${c.name}\n`)
    const blindCase = { ...c, command: renamed(c.command) }
    const run = async (lib, cs) => {
      const { cwd, env } = shim(cs, path.join(replay, 'case'))
      const r = await lib.executeShell({ command: cs.command, cwd, env, minimizer: { enabled: true } }, () => {})
      return { text: r.minimized?.text ?? c.output, filter: r.minimized?.filter ?? '-', changed: r.minimized !== undefined }
    }
    const named = await run(ours, c)
    const blind = await run(ours, blindCase)
    const theirs = anchor ? await run(anchor, c) : null
    const fs_ = facts(c)
    const row = {
      label, name: c.name, command: c.command, blindCommand: blindCase.command, simple: simple(c.command),
      raw: tokens(c.output), named: tokens(named.text), blind: tokens(blind.text),
      namedFilter: named.filter, blindFilter: blind.filter, facts: fs_.length,
      lostNamed: lostFacts(c, named.text, fs_), lostBlind: lostFacts(c, blind.text, fs_),
      blindChangedNonSimple: !simple(c.command) && blind.changed,
    }
    if (theirs) {
      row.anchor = tokens(theirs.text)
      row.lostAnchor = lostFacts(c, theirs.text, fs_)
      row.anchorLostTokens = row.lostAnchor.reduce((k, f) => k + tokens(f.text ?? f.parts.map((p) => (typeof p === 'string' ? p : p.source.replace(/[^\w:]|\bd\b/g, ''))).join(' ')), 0)
    }
    rows.push(row)
    if (show) {
      console.log(`\n===== ${label}/${c.name}: ${blindCase.command}\n----- blind (${blind.filter})\n${blind.text}`)
      if (row.lostBlind.length) console.log('LOST:', row.lostBlind.map(describe).join('\n  '))
      if (theirs && argv.includes('--anchor-text')) console.log(`----- anchor (${row.anchor} tokens; named ${row.named})\n${theirs.text}`)
    }
  }
}
fs.rmSync(replay, { recursive: true, force: true })

const sum = (rs, k) => rs.reduce((n, r) => n + (typeof r[k] === 'number' ? r[k] : r[k].length), 0)
const pct = (a, b) => `${((a / b) * 100).toFixed(0)}%`
let md = '| recording | cases | raw | named | blind | blind vs named | facts | lost (named) | lost (blind) | cases blind > named |\n|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|\n'
const labels = [...new Set(rows.map((r) => r.label))]
for (const [label, rs] of [...labels.map((l) => [l, rows.filter((r) => r.label === l)]), ['**total**', rows]]) {
  const raw = sum(rs, 'raw'), nm = sum(rs, 'named'), bl = sum(rs, 'blind')
  md += `| ${label} | ${rs.length} | ${raw} | ${nm} (${pct(nm, raw)}) | ${bl} (${pct(bl, raw)}) | ${bl >= nm ? '+' : ''}${bl - nm} | ${sum(rs, 'facts')} | ${sum(rs, 'lostNamed')} | ${sum(rs, 'lostBlind')} | ${rs.filter((r) => r.blind > r.named).length} |\n`
}
if (anchor) {
  // The issue's bar beside the anchor, per recording: total tokens (ours named against the anchor's),
  // and the cases within the per-case bar (ours at most the anchor's tokens plus its dropped facts').
  md += '\n| recording | named | anchor | anchor lost (facts, tokens) | named within the per-case bar |\n|---|--:|--:|--:|--:|\n'
  for (const [label, rs] of [...labels.map((l) => [l, rows.filter((r) => r.label === l)]), ['**total**', rows]]) {
    const within = rs.filter((r) => r.lostNamed.length === 0 && r.named <= r.anchor + r.anchorLostTokens).length
    md += `| ${label} | ${sum(rs, 'named')} | ${sum(rs, 'anchor')} | ${sum(rs, 'lostAnchor')}, ${sum(rs, 'anchorLostTokens')} | ${within} of ${rs.length} |\n`
  }
}
const lossRows = rows.filter((r) => r.lostBlind.length || r.blindChangedNonSimple)
md += `\nBlind run, facts lost: ${sum(rows, 'lostBlind')} in ${lossRows.length} cases${lossRows.length ? ':' : '.'}\n`
for (const r of lossRows) {
  md += `- ${r.label}/${r.name} \`${r.command}\` (${r.blindFilter}): ${r.blindChangedNonSimple ? 'changed a pipe or compound command; ' : ''}${r.lostBlind.slice(0, 4).map(describe).join('; ')}${r.lostBlind.length > 4 ? `; and ${r.lostBlind.length - 4} more` : ''}\n`
}
// By the named run's filter: what the shapes make of each family without its name.
const families = new Map()
for (const r of rows.filter((r) => r.namedFilter !== '-')) {
  const f = families.get(r.namedFilter) ?? { cases: 0, raw: 0, named: 0, blind: 0, blindFilters: new Map() }
  f.cases++; f.raw += r.raw; f.named += r.named; f.blind += r.blind
  f.blindFilters.set(r.blindFilter, (f.blindFilters.get(r.blindFilter) ?? 0) + 1)
  families.set(r.namedFilter, f)
}
md += `\nBy the named run's filter (cases: raw / named / blind tokens; the blind run's filters):\n`
for (const [name, f] of [...families].sort((a, b) => (b[1].blind - b[1].named) - (a[1].blind - a[1].named))) {
  md += `- ${name} (${f.cases}): ${f.raw} / ${f.named} / ${f.blind}; blind: ${[...f.blindFilters].map(([k, n]) => `${k} ${n}`).join(', ')}\n`
}
const costlier = rows.filter((r) => r.blind > r.named).sort((a, b) => (b.blind - b.named) - (a.blind - a.named))
md += `\nBlind run over the named run: ${costlier.length} cases, ${costlier.reduce((n, r) => n + r.blind - r.named, 0)} tokens (largest 25: case, named filter -> blind filter, raw / named / blind):\n`
for (const r of costlier.slice(0, 25)) md += `- ${r.label}/${r.name} (${r.namedFilter} -> ${r.blindFilter}): ${r.raw} / ${r.named} / ${r.blind}\n`
if (anchor) {
  const over = rows.filter((r) => r.named > r.anchor).sort((a, b) => (b.named - b.anchor) - (a.named - a.anchor))
  const byFilter = new Map()
  for (const r of over) byFilter.set(r.namedFilter, [...(byFilter.get(r.namedFilter) ?? []), r])
  md += `\nNamed run over the anchor's tokens: ${over.length} cases, ${over.reduce((n, r) => n + r.named - r.anchor, 0)} tokens over; ${over.filter((r) => r.named > r.anchor + r.anchorLostTokens).length} over the anchor plus its dropped facts. By filter (case: ours / anchor + dropped facts' tokens):\n`
  for (const [filter, rs] of [...byFilter].sort((a, b) => b[1].length - a[1].length)) {
    md += `- **${filter}** (${rs.length}): ${rs.map((r) => `${r.label}/${r.name} ${r.named}/${r.anchor}${r.lostAnchor.length ? `+${r.anchorLostTokens}` : ''}`).join(', ')}\n`
  }
}
md += `\nMeasured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the end.\n`
console.log(md)
// --json FILE: every row (case, filters, tokens, facts lost), for grouping the blind-over-named cases by shape.
const json = values('--json')[0]
if (json) fs.writeFileSync(json, JSON.stringify(rows.map((r) => ({ ...r, lostNamed: r.lostNamed.map(describe), lostBlind: r.lostBlind.map(describe), lostAnchor: r.lostAnchor?.map(describe) })), null, 1))
const out = values('--write')[0]
if (out) fs.writeFileSync(out, `# Output minimizer, program-blind (bench/minimizer-blind.mjs)\n\nEach case replayed as recorded (named) and with its program renamed to \`${BLIND}\` (blind); tokens by gpt-tokenizer (o200k_base); facts as bench/minimizer.mjs reads them from the recorded command.\n\n${md}`)
process.exit(lossRows.length ? 1 : 0)
