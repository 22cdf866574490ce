// The cases of the classifier corpora that the catalog can change (issue 44): those whose
// command, setup or environment names a program of catalog.rs (its INFO table and its grammars'
// names) as a word. The catalog is data looked up by program name, so a case that names none of
// them is classified as before; these are run before and after with bench/classify-corpus.mjs.
//
//   node bench/catalog/touching.mjs OUTDIR [--also a,b,c]   # writes OUTDIR/classifier-rNN.jsonl
//
// `--also` adds names the tables do not hold (catalog::check's own programs, the programs whose
// context a pass changed: the families' pass gives `colordiff,cppcheck,ledger,hledger,
// checkbashisms,elixir,elixirc,iex,mix,escript,erl`).
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const out = process.argv[2]
if (!out) {
  console.error('usage: node bench/catalog/touching.mjs OUTDIR')
  process.exit(2)
}
mkdirSync(out, { recursive: true })
const source = readFileSync(join(here, '..', '..', 'src', 'commands', 'classify', 'catalog.rs'), 'utf8')
const names = new Set()
for (const m of source.matchAll(/^\s*\("([^"]+)", &\[/gm)) names.add(m[1])
for (const m of source.matchAll(/spec\(&\[([^\]]*)\]/g)) for (const n of m[1].matchAll(/"([^"]+)"/g)) names.add(n[1])
const also = process.argv.indexOf('--also')
if (also > 0) for (const n of (process.argv[also + 1] ?? '').split(',').filter(Boolean)) names.add(n)
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const word = new RegExp(`(^|[^\\w.-])(${[...names].map(escape).join('|')})(?![\\w.-])`)
const corpora = join(here, '..', 'corpora')
let total = 0
for (const dir of readdirSync(corpora).filter((d) => d.startsWith('classifier-r')).sort()) {
  const lines = readFileSync(join(corpora, dir, 'cases.jsonl'), 'utf8').split('\n').filter((l) => l.trim())
  const hit = lines.filter((l) => {
    const c = JSON.parse(l)
    return word.test(`${c.command}\n${c.setup ?? ''}\n${JSON.stringify(c.env ?? {})}`)
  })
  writeFileSync(join(out, `${dir}.jsonl`), hit.map((l) => l + '\n').join(''))
  total += hit.length
  console.log(`${dir}: ${hit.length} of ${lines.length} cases name a catalog program`)
}
console.log(`${names.size} programs, ${total} cases`)
