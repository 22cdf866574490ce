// The classifier against the documented modes of the programs a coding agent runs (issue #44):
// for each program, one representative command per mode its manual page or `--help` documents as
// only reading (printing to stdout), and one per mode that writes a file, runs code, takes an
// output file or reaches the network. Each is classified without context (`classifyCommand`) and
// every disagreement is listed: a read mode not called read-only (a false alarm to come) or a
// write mode called read-only (a hole). Nothing is run.
//
//   node bench/classify-modes.mjs [--program NAME] [--show-agreeing] [--json OUT] [--addon DIR]
//
// --addon DIR loads the classifier of another checkout (DIR/index.js, built), for before/after.
//
// The list is bench/classify-modes.json: [{ "program", "doc" (where the modes come from),
// "read": [commands], "write": [commands], "asked"?: [read commands still not called read-only,
// on purpose or for now], "note"?: why }]. `cargo test --lib documented_modes` holds the
// classifier to the same list (a read mode not in "asked" must be read-only, one in "asked" must
// not be, a write mode never is). Extend it when a new program or mode turns
// up: the documented modes of the program, not the corpus line that found it. Network access is
// not a file write, but the classifier does not call it read-only (docs/security.md): `curl URL`
// and `kubectl get` are listed under "write". Exits 1 when a write mode is called read-only.
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const argv = process.argv.slice(2)
const opt = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined)
const { classifyCommand } = createRequire(import.meta.url)(join(opt('--addon') ?? join(here, '..'), 'index.js'))
const only = opt('--program')
const showAgreeing = argv.includes('--show-agreeing')

const programs = JSON.parse(readFileSync(join(here, 'classify-modes.json'), 'utf8')).filter(
  (p) => !only || p.program === only,
)
const rows = []
let reads = 0
let writes = 0
for (const p of programs) {
  for (const [side, list] of [
    ['read', p.read ?? []],
    ['write', p.write ?? []],
  ]) {
    for (const command of list) {
      const v = classifyCommand(command)
      const readOnly = v.level === 'read-only'
      if (side === 'read') reads++
      else writes++
      const agrees = side === 'read' ? readOnly : !readOnly
      if (!agrees || showAgreeing) {
        const asked = side === 'read' && (p.asked ?? []).includes(command)
        rows.push({ program: p.program, side, agrees, asked, command, level: v.level, reasons: v.reasons })
      }
    }
  }
}
const falseAlarms = rows.filter((r) => !r.agrees && r.side === 'read')
const holes = rows.filter((r) => !r.agrees && r.side === 'write')
for (const r of rows) {
  const tag = r.agrees ? 'ok' : r.side === 'write' ? 'HOLE' : r.asked ? 'asked' : 'FALSE ALARM'
  console.log(`${tag.padEnd(11)} ${r.program.padEnd(14)} ${r.command}  [${r.level}: ${r.reasons.join('; ')}]`)
}
console.log(
  `${programs.length} programs, ${reads} read modes, ${writes} write modes: ${falseAlarms.length + holes.length} disagreements (${falseAlarms.length} read modes not read-only, ${falseAlarms.filter((r) => r.asked).length} of them listed as asked; ${holes.length} write modes read-only)`,
)
const out = opt('--json')
if (out) writeFileSync(out, JSON.stringify({ programs: programs.length, reads, writes, falseAlarms, holes }, null, 1))
process.exit(holes.length ? 1 : 0)
