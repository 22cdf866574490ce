// The catalog's inventory (issue 44): every executable of the packages in packages.txt that are
// installed here (`dpkg -L`: /usr/bin, /usr/sbin, /bin, /sbin), each asked of the built classifier
// in its probe forms (`P --version`, `P --help`, `P -h`, `P -V`, `P FILE`, `P < FILE`) in a planted
// directory with context. Writes inventory.tsv (package, program, form, level, first reason) and
// unknown.txt (the programs every form of which is "unknown program"); prints the counts.
//
//   node bench/catalog/inventory.mjs [--out DIR]
//
// Nothing is run but dpkg: the verdicts are the classifier's, not the program's (tracer.py runs
// the programs).
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const { classifyCommand } = createRequire(import.meta.url)(join(here, '..', '..', 'index.js'))
const argv = process.argv.slice(2)
const out = argv.includes('--out') ? argv[argv.indexOf('--out') + 1] : here

export const FORMS = ['--version', '--help', '-h', '-V', 'FILE', '< FILE']
const BIN_DIRS = ['/usr/bin', '/usr/sbin', '/bin', '/sbin']

const packages = readFileSync(join(here, 'packages.txt'), 'utf8').split('\n').filter(Boolean)
const programs = new Map() // name -> package (the first that ships it)
let installed = 0
for (const pkg of packages) {
  let files
  try {
    files = execFileSync('dpkg', ['-L', pkg], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
  } catch {
    continue
  }
  installed++
  for (const f of files.split('\n')) {
    if (!BIN_DIRS.includes(dirname(f))) continue
    try {
      if (!(statSync(f).mode & 0o111) || !statSync(f).isFile()) continue
    } catch {
      continue
    }
    const name = basename(f)
    if (!programs.has(name)) programs.set(name, pkg)
  }
}

const root = mkdtempSync(join(tmpdir(), 'catalog-'))
const home = join(root, 'home')
mkdirSync(home)
writeFileSync(join(root, 'notes.txt'), 'one line of text\n')
const env = { HOME: home, PATH: '/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin', LANG: 'C.UTF-8' }
const command = (p, form) => (form === 'FILE' ? `${p} notes.txt` : form === '< FILE' ? `${p} < notes.txt` : `${p} ${form}`)

const rows = ['package\tprogram\tform\tlevel\treason']
const unknown = []
let known = 0
for (const [p, pkg] of [...programs].sort((a, b) => a[0].localeCompare(b[0]))) {
  let allUnknownProgram = true
  for (const form of FORMS) {
    const r = classifyCommand(command(p, form), { cwd: root, env })
    const reason = r.reasons[0] ?? ''
    if (!reason.startsWith('unknown program')) allUnknownProgram = false
    rows.push([pkg, p, form, r.level, reason.replace(/\s+/g, ' ')].join('\t'))
  }
  if (allUnknownProgram) unknown.push(`${p}\t${pkg}`)
  else known++
}
rmSync(root, { recursive: true, force: true })
writeFileSync(join(out, 'inventory.tsv'), rows.join('\n') + '\n')
writeFileSync(join(out, 'unknown.txt'), unknown.join('\n') + '\n')
console.log(`${installed}/${packages.length} packages installed, ${programs.size} executables: ${known} known, ${unknown.length} unknown program`)
