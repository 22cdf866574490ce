// Two builds of the minimizer, named and program-blind, over every recording (a change's check on
// tokens and facts, where bench/minimizer-blind.mjs's full replay takes too long on a loaded
// machine): each case's output through minimizeOutput of build A and build B, with the recorded
// command (named) and with its program renamed to `blindprog` (blind, as minimizer-blind.mjs
// renames it). Tokens (o200k_base) and the recorded command's facts (minimizer-facts.mjs) are read
// only where a build's text differs, so the figures are those cases' sums; with --base FILE (a
// --json of minimizer-blind.mjs --anchor over the same recordings, made with build A) each
// recording's totals after are its totals there plus the differences, and the cases within the
// issue's per-case bar (ours at most the anchor's tokens plus its dropped facts') before and after.
//
//   node bench/minimizer-blind-ab.mjs A.node B.node [--dir DIR]... [--base FILE] [--show]
//
// Without --dir: the repository's recording and each split of corpora/minimizer-r13 … (as
// minimizer-ab.mjs). Exits 1 when build B loses a fact build A kept.
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { facts, firstProgram, lostFacts, tokens } from './minimizer-facts.mjs'

const here = path.dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const argv = process.argv.slice(2)
const values = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]] : []))
const libs = argv.filter((a, i) => a.endsWith('.node') && !['--dir', '--base'].includes(argv[i - 1]))
if (libs.length !== 2) throw new Error('usage: node bench/minimizer-blind-ab.mjs A.node B.node [--dir DIR]... [--base FILE] [--show]')
const [a, b] = libs.map((l) => require(path.resolve(l)))
const base = values('--base')[0] ? JSON.parse(fs.readFileSync(values('--base')[0], 'utf8')) : null
const show = argv.includes('--show')

/** [label, directory] per split, labelled as minimizer-blind.mjs labels them. */
function recordings() {
  const dirs = values('--dir').map((d) => path.resolve(d))
  if (!dirs.length) {
    dirs.push(path.join(here, 'fixtures', 'minimizer'))
    const root = path.join(here, 'corpora')
    for (const r of fs.readdirSync(root).filter((n) => n.startsWith('minimizer-r')).sort()) {
      for (const s of ['holdout', 'tune']) if (fs.existsSync(path.join(root, r, s))) dirs.push(path.join(root, r, s))
    }
  }
  return dirs.map((d) => {
    const name = path.basename(d)
    const label = d === path.join(here, 'fixtures', 'minimizer') ? 'repo' : name === 'holdout' || name === 'tune' ? `${path.basename(path.dirname(d)).replace(/^minimizer-/, '')}/${name}` : name
    return [label, d]
  })
}

/** `command` with its first program renamed to `blindprog` (minimizer-blind.mjs's rule). */
function renamed(command) {
  const program = firstProgram(command)
  const esc = program.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return command.replace(new RegExp(`(^|[\\s;&|(])${esc}(?=\\s|$)`), '$1blindprog')
}

const options = { enabled: true }
const text = (lib, command, output) => lib.minimizeOutput(command, output, options)?.text ?? output
const lost = (c, t, fs_) => lostFacts(c, t, fs_).length
const baseRows = new Map((base ?? []).map((r) => [`${r.label}/${r.name}`, r]))
const out = []
let worse = 0
for (const [label, dir] of recordings()) {
  const sums = { label, cases: 0, changed: 0, namedA: 0, namedB: 0, blindA: 0, blindB: 0, lostA: 0, lostB: 0, blindLostA: 0, blindLostB: 0, withinA: 0, withinB: 0 }
  for (const file of fs.readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) {
    const c = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
    sums.cases++
    const blindCommand = renamed(c.command)
    const [na, nb, ba, bb] = [[a, c.command], [b, c.command], [a, blindCommand], [b, blindCommand]].map(([lib, cmd]) => text(lib, cmd, c.output))
    const row = baseRows.get(`${label}/${c.name}`)
    const bar = row ? row.anchor + row.anchorLostTokens : null
    if (na === nb && ba === bb) {
      if (row && row.lostNamed.length === 0 && row.named <= bar) { sums.withinA++; sums.withinB++ }
      continue
    }
    sums.changed++
    const fs_ = facts(c)
    const t = [na, nb, ba, bb].map(tokens)
    const l = [na, nb, ba, bb].map((x) => lost(c, x, fs_))
    sums.namedA += t[0]; sums.namedB += t[1]; sums.blindA += t[2]; sums.blindB += t[3]
    sums.lostA += l[0]; sums.lostB += l[1]; sums.blindLostA += l[2]; sums.blindLostB += l[3]
    if (bar !== null) {
      if (l[0] === 0 && t[0] <= bar) sums.withinA++
      if (l[1] === 0 && t[1] <= bar) sums.withinB++
    }
    if (l[1] > l[0] || l[3] > l[2]) worse++
    console.log(`  ${label}/${c.name}: named ${t[0]} -> ${t[1]}, blind ${t[2]} -> ${t[3]}, lost named ${l[0]} -> ${l[1]}, blind ${l[2]} -> ${l[3]}${bar !== null ? `, bar ${bar}` : ''}`)
    if (show) console.log(`----- named B\n${nb}\n----- blind B\n${bb}`)
  }
  out.push(sums)
}
const total = Object.fromEntries(Object.keys(out[0]).map((k) => [k, k === 'label' ? '**total**' : out.reduce((n, s) => n + s[k], 0)]))
console.log(`\n| recording | cases | changed | named A -> B (changed cases) | blind A -> B (changed cases) | lost named A, B | lost blind A, B |${base ? ' within the per-case bar A -> B |' : ''}\n|---|--:|--:|--:|--:|--:|--:|${base ? '--:|' : ''}`)
for (const s of [...out, total]) {
  console.log(`| ${s.label} | ${s.cases} | ${s.changed} | ${s.namedA} -> ${s.namedB} | ${s.blindA} -> ${s.blindB} | ${s.lostA}, ${s.lostB} | ${s.blindLostA}, ${s.blindLostB} |${base ? ` ${s.withinA} -> ${s.withinB} |` : ''}`)
}
console.log(`\nCases where build B loses a fact build A kept: ${worse}`)
process.exit(worse ? 1 : 0)
