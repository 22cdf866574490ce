// The classifier's verdict on each form of a pass's forms file (PROGRAM<TAB>FORM, as tracer.py
// --forms reads it), with context, in a copy of the pass's samples: per program, how many forms
// are read-only, and which form changed against a second addon (issue 44's sixth pass).
//
//   node bench/catalog/forms-verdicts.mjs FORMS.tsv SAMPLES_DIR [BEFORE_INDEX_JS]
//
// The addon is this worktree's (index.js); BEFORE_INDEX_JS names another build's loader.
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const [formsFile, samples, beforeIndex] = process.argv.slice(2)
const load = (p) => createRequire(import.meta.url)(p).classifyCommand
const after = load(join(here, '..', '..', 'index.js'))
const before = beforeIndex ? load(beforeIndex) : null
const dir = mkdtempSync(join(tmpdir(), 'forms-verdicts-'))
cpSync(samples, dir, { recursive: true })
const env = { HOME: join(dir, 'home'), PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin', LANG: 'C.UTF-8' }
const quote = (w) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replaceAll("'", "'\\''")}'`)
const rows = new Map()
let changed = 0
for (const line of readFileSync(formsFile, 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue
  const [program, form] = line.split('\t')
  const command = form === '< FILE' ? `${program} < notes.txt` : form.endsWith(' < FILE') ? `${program} ${form.slice(0, -7)} < notes.txt` : `${program} ${form}`
  const a = after(command, { cwd: dir, env })
  const row = rows.get(program) ?? { forms: 0, after: 0, before: 0 }
  row.forms++
  if (a.level === 'read-only') row.after++
  if (before) {
    const b = before(command, { cwd: dir, env })
    if (b.level === 'read-only') row.before++
    if (b.level !== a.level) {
      changed++
      console.log(`changed\t${command}\t${b.level} -> ${a.level}`)
    }
  }
  rows.set(program, row)
}
rmSync(dir, { recursive: true, force: true })
console.log(['program', 'forms', 'read-only after', ...(before ? ['read-only before'] : [])].join('\t'))
for (const [p, r] of rows) console.log([p, r.forms, r.after, ...(before ? [r.before] : [])].join('\t'))
const sum = (k) => [...rows.values()].reduce((n, r) => n + r[k], 0)
console.log(`total: ${rows.size} programs, ${sum('forms')} forms, ${sum('after')} read-only${before ? ` (before: ${sum('before')}; ${changed} changed)` : ''}`)
