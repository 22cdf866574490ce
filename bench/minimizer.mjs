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
// compound command's output. Every violation is printed. Exits 1 when agent-shell loses a fact or
// changes a pipe's or a compound command's output; with --strict, on any violation of the bar.
//
//   node bench/minimizer.mjs [--fixtures DIR [--split LABEL]] [--write] [--strict] [--case NAME] [--show [--anchor]]
//
// --fixtures DIR replays another recording (default: fixtures/minimizer/), e.g. a held-out one
// the filters were never tuned on; --split LABEL names its split in the table and totals (default:
// each case's own `split` field, else dev / held-out / held-out (wide) from `heldout` and `wide`).
// --write stores the table in MINIMIZER-RESULTS.md for the default recording, in
// MINIMIZER-RESULTS-<LABEL or the directory's name>.md for another.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

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
// gpt-tokenizer when bench/'s dependencies are installed; otherwise (the vitest suite runs this
// for its fact checks only) the usual estimate of four characters a token.
const encode = await import('gpt-tokenizer').then((m) => m.encode, () => null)
const tokens = (s) => (encode ? encode(s).length : Math.ceil(s.length / 4))

/** The program a command starts first (after `cd … &&` and assignments). */
function firstProgram(command) {
  const seg = command.split(/&&|\|\||;|\|/).map((s) => s.trim()).find((s) => !/^cd(\s|$)/.test(s)) ?? command
  return seg.split(/\s+/).find((w) => !/^\w+=/.test(w))
}

function shim(c, dir) {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(path.join(dir, 'bin'), { recursive: true })
  const out = path.join(dir, 'output.txt')
  fs.writeFileSync(out, c.output)
  const program = firstProgram(c.command)
  const script = `#!/bin/bash\n/bin/cat '${out}'\nexit ${c.exitCode ?? 0}\n`
  const target = program.includes('/') ? path.join(dir, 'cwd', program) : path.join(dir, 'bin', program)
  fs.mkdirSync(path.dirname(target), { recursive: true })
  fs.mkdirSync(path.join(dir, 'cwd'), { recursive: true })
  fs.writeFileSync(target, script, { mode: 0o755 })
  return { cwd: path.join(dir, 'cwd'), env: { PATH: `${path.join(dir, 'bin')}:${process.env.PATH}` } }
}

// ---- facts -------------------------------------------------------------------------------------
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')
const gitDate = /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\w{3}) (\d{1,2}) (\d\d:\d\d):\d\d (\d{4}) ([+-]\d{4})/g
const isoMinute = (s) => s.replace(gitDate, (_, m, d, hm, y, tz) => `${y}-${String(MONTHS.indexOf(m) + 1).padStart(2, '0')}-${d.padStart(2, '0')} ${hm} ${tz}`)
const norm = (s) => isoMinute(s).replace(/([\w./@+-]+\.[A-Za-z]\w*)\((\d+),(\d+)\)/g, '$1:$2:$3').replace(/\s+/g, ' ').trim()
const dependency = (l) => /node_modules\/|site-packages\/|node:internal|\/rustc\/|\.cargo\/registry|\/usr\/lib\/go/.test(l)

/** Visible lines plus, under each unindented header (`path:`, `dir/`), header-joined copies. As
 * the facts, the text as a reader sees it: colour codes aside (an output passed as it is, colours
 * and all, keeps every fact of its own). */
function searchable(text) {
  const lines = text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').split('\n')
  const outLines = [...lines]
  let header = null
  for (const line of lines) {
    if (/^\S.*[:/]$/.test(line) && !/^\s/.test(line)) { header = line; continue }
    if (header && /^\s+\S/.test(line)) {
      const h = header.endsWith(':') ? header.slice(0, -1) : header
      outLines.push(`${h}:${line.trim()}`)
      outLines.push(`${h} ${line.trim()}`)
      if (h.endsWith('/')) outLines.push(h + line.trim())
      // Entries on rows: two spaces apart, or one (a name with a space then quoted).
      const items = new Set([...line.trim().split(/\s{2,}/), ...line.trim().split(/\s+/).map((i) => i.replace(/^'(.*)'$/, '$1'))])
      for (const item of items) {
        const name = item.replace(/\s+\S+$/, '')
        outLines.push(h.endsWith('/') ? h + item : `${h}/${item}`)
        outLines.push(h.endsWith('/') ? h + name : `${h}/${name}`)
      }
    } else if (!/^\s/.test(line)) header = null
  }
  return outLines.map(norm)
}

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const has = (lines, parts) => lines.some((l) => parts.every((p) => (typeof p === 'string' ? l.includes(norm(p)) : p.test(l))))

function facts(c) {
  // The facts are the text as a reader sees it: colour codes aside.
  const raw = c.output.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')
  const lines = raw.split('\n')
  const f = []
  const add = (kind, ...parts) => { if (parts.every((p) => p && (typeof p !== 'string' || norm(p).length))) f.push({ kind, parts }) }
  const program = firstProgram(c.command).split('/').pop()
  const args = c.command.split(/\s+/)
  const sub = args[1] ?? ''
  if (program === 'git') {
    let inMessage = false
    // `--graph`: the drawing before each line (`| * `, `|\  `) is layout, not a fact; a message
    // line keeps its four-space indent.
    const graphed = /\s--graph\b/.test(c.command)
    const ungraph = (l) => l.replace(/^[*|\\/_ ]*?(?=commit [0-9a-f]{7}|Author:|Date:|Merge:| {4}\S)/, '').replace(/^[*|\\/_ ]+$/, '')
    for (const l of graphed ? lines.map(ungraph) : lines) {
      let m
      // A commit's message: the indented lines after its Date line.
      if (inMessage && (l === '' || l.startsWith('    '))) {
        if (l.trim()) add('message', l.trim())
        continue
      }
      inMessage = false
      if ((m = /^Date:/.exec(l))) inMessage = true
      if ((m = /^commit ([0-9a-f]{7})/.exec(l))) add('sha', m[1])
      else if ((m = /^Author:\s+(.*?) </.exec(l))) add('author', m[1])
      else if ((m = /^Date:\s+(.*)$/.exec(l))) add('date', m[1])
      else if ((m = /^ (\S.*?)\s+\|\s+(\d+|Bin.*)/.exec(l))) add('stat', m[1], m[2].split(' ')[0])
      else if (/^[+-](?![+-]{2} )/.test(l) && l.trim().length > 1) add('changed line', l)
      else if ((m = /^\t(?:[a-z ]+:\s+)?(.+)$/.exec(l)) && sub === 'status') add('path', m[1])
      else if ((m = /^diff --git a\/\S+ b\/(\S+)/.exec(l))) add('file', m[1])
      else if ((m = /^ +(\d+) (files?) changed(?:, (\d+) insertions?\(\+\))?(?:, (\d+) deletions?\(-\))?$/.exec(l))) {
        // The summary's three numbers, as git writes them or as `N files, +X -Y`.
        const compact = `${m[1]} ${m[2]},?${m[3] ? ` \\+${m[3]}` : ''}${m[4] ? ` -${m[4]}` : ''}`
        add('summary', new RegExp(`(^|[^\\w])(${esc(norm(m[0]))}|${compact})$`))
      }
      else if ((m = /^On branch (\S+)/.exec(l))) add('branch', m[1])
    }
    // `git blame`: each line's commit, author, number and code (`hash (Author date N) code`).
    if (sub === 'blame') {
      for (const l of lines) {
        const m = /^\^?([0-9a-f]{7,40}) (?:\S+ +)?\((.+?) +\d{4}-\d\d-\d\d.*?\s+(\d+)\) ?(.*)$/.exec(l)
        if (m) add('blame', m[1], m[2], new RegExp(`(^|[^\\d])${m[3]}\\)?${norm(m[4]) ? ` ${esc(norm(m[4]))}` : '($| )'}`))
      }
    }
    // A subcommand none of these rules is about (ls-files, diff --name-status, branch, tag):
    // each line is a fact, as for a program no rule is about.
    if (!f.length) for (const l of lines) if (l.trim()) add('line', l.trim())
    return f
  }
  // A unified diff from any other program (diff -u, ruff format --diff, black --diff): as for
  // git, each changed line and each file is a fact; context lines are not, and no line inside a
  // hunk is read by the build, lint and test rules below (a context line of black --diff that
  // reads `self.exit(2, "%s: error: %s" % …)` is the file's code, not an error of the run).
  const inHunk = new Set()
  if (lines.some((l) => /^@@ -\d+(,\d+)? \+\d+(,\d+)? @@/.test(l))) {
    let oldLeft = 0
    let newLeft = 0
    for (const [i, l] of lines.entries()) {
      let m
      if (oldLeft > 0 || newLeft > 0) {
        inHunk.add(i)
        if (l.startsWith('-')) oldLeft--
        else if (l.startsWith('+')) newLeft--
        else if (!l.startsWith('\\')) { oldLeft--; newLeft-- }
      } else if ((m = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/.exec(l))) {
        oldLeft = m[1] === undefined ? 1 : Number(m[1])
        newLeft = m[2] === undefined ? 1 : Number(m[2])
      }
      if ((m = /^\+\+\+ (\S+)/.exec(l))) add('file', m[1].replace(/^b\//, ''))
      else if (/^[+-](?![+-]{2} )/.test(l) && l.trim().length > 1) add('changed line', l)
    }
  }
  if (program === 'ls') {
    const recursive = /-\w*R/.test(c.command)
    for (const l of lines) {
      if (!l || /^total \d/.test(l)) continue
      if (/:$/.test(l) && !/^[-dl][-rwx]/.test(l)) { if (recursive) add('directory', l.slice(0, -1)); continue }
      const name = /^[-dlcbps][-rwxsStT.+@]{9}/.test(l) ? l.split(/\s+/).slice(8).join(' ').split(' -> ')[0] : l
      if (name !== '.' && name !== '..') add('entry', name)
    }
    return f
  }
  if (program === 'du') {
    // `SIZE<TAB>PATH`: each path with its size.
    for (const l of lines) { const m = /^(\S+)\t(.+)$/.exec(l); if (m) add('entry', m[2], m[1]) }
    return f
  }
  if (program === 'tree') {
    for (const l of lines) { const m = /(?:├──|└──|`--|\|--)\s(.+)$/.exec(l); if (m) add('entry', m[1]) }
    // `tree -J`: the same entries as JSON (each one's name; the report's two counts).
    if (/(^|\s)-\w*J/.test(c.command)) {
      const walk = (items) => { for (const i of items ?? []) { if (i.name) add('entry', i.name); walk(i.contents) } }
      try { walk(JSON.parse(raw)) } catch {}
    }
    return f
  }
  if (program === 'find') {
    for (const l of lines) if (l && l !== '.') add('path', l)
    return f
  }
  if (program === 'grep' || program === 'rg') {
    const numbered = /(^|\s)-\w*n/.test(c.command)
    for (const l of lines) {
      const m = /^([^:]+?):(\d+):(.*)$/.exec(l)
      if (numbered && m) add('match', m[1], `${m[2]}`, m[3].trim() || m[1])
      // Without line numbers (rg's default when piped): `path:text`.
      const u = !numbered && /^([^:\s][^:]*\.\w+):(.*)$/.exec(l)
      if (u) add('match', u[1], u[2].trim() || u[1])
      // Counts (`-c`): `path:12`.
      const k = /^([^:\s][^:]*):(\d+)$/.exec(l)
      if (k && /(^|\s)-\w*c|--count/.test(c.command)) add('count', k[1], k[2])
    }
    return f
  }
  if (program === 'cat') {
    // A declaration (a function-like keyword then a name and its parameters, or a type keyword then
    // a name), not prose in a docstring such as `function that supports ...`.
    const sig = /^\s*(?:(?:pub(?:\([\w:]+\))?|export|default|async|static|public|private|protected|unsafe|const)\s+)*(?:(?:fn|function|def|func)\s+(?:\([^)]*\)\s*)?\w+\s*[(<]|(?:class|struct|enum|trait|interface|impl|type)\s+[\w<])/
    for (const l of lines) if (sig.test(l) && !/^\s*(\/\/|#|\*)/.test(l)) add('signature', l.trim())
    return f
  }
  // Build, lint and test tools.
  const inBlocks = lines.some((l) => /^In \S+ line \d+:$/.test(l))
  for (const [i, l] of lines.entries()) {
    if (dependency(l) || inHunk.has(i)) continue
    let m
    for (const loc of l.matchAll(/([\w./@+-]*[\w@+-]\.[A-Za-z]\w*)(?::(\d+)(?::(\d+))?|\((\d+),(\d+)\))/g)) {
      // The file and its line:col on one line (a list of locations after one file counts).
      const at = `${loc[2] ?? loc[4]}${loc[3] || loc[5] ? `:${loc[3] ?? loc[5]}` : ''}`
      if (loc[2] || loc[4]) add('location', loc[1], new RegExp(`(^|[^\\d])${at}($|[^\\d])`))
    }
    if ((m = /^(?:error|warning)(?:\[\w+\])?: (.+)$/.exec(l)) && !/^(aborting|could not compile|build failed)/.test(m[1])) add('message', m[1].split(' (run `')[0])
    if ((m = /: (?:fatal )?(?:error|warning): (.+)$/.exec(l))) add('message', m[1])
    if ((m = /error (TS\d+)/.exec(l))) add('code', m[1])
    // A diagnostic block's heading in shellcheck's default format (`In a.sh line 12:`): its
    // place; a caret line under a source snippet (`  ^--^ SC2086 (info): msg`): the message
    // after the marks (the snippet above it is the file's own text, not a fact of the run).
    if ((m = /^In (\S+) line (\d+):$/.exec(l))) add('location', m[1], new RegExp(`(^|[^\\d])${m[2]}($|[^\\d])`))
    if (inBlocks && (m = /^\s*\^[-^~]*\s+(\S.*)$/.exec(l))) add('message', m[1])
    if ((m = /^\s+(\d+:\d+)\s+(error|warning)\s+(.+?)\s{2,}(\S+)$/.exec(l))) add('finding', m[1], m[2], m[3], m[4])
    if ((m = /^([A-Z]+\d+) /.exec(l)) || (m = /:\d+:\d+: ([A-Z]+\d+) /.exec(l))) add('rule', m[1])
    // A linter's finding text after its rule code (ruff, flake8: `F401 [*] msg`, `a.py:1:8: F401 msg`).
    if ((m = /^[A-Z]+\d+ (?:\[\*\] )?(.+)$/.exec(l)) || (m = /:\d+:\d+: [A-Z]+\d+ (?:\[\*\] )?(.+)$/.exec(l))) add('message', m[1])
    if ((m = /^test (\S+) \.\.\. (FAILED|ignored)/.exec(l))) add('test', m[1], m[2] === 'ignored' ? 'ignored' : m[1])
    if ((m = /^---- (\S+) stdout ----/.exec(l))) add('test', m[1])
    if ((m = /^ FAIL {1,2}(.+?)( \[.*\])?$/.exec(l))) add('test', ...m[1].split(' > ').map((s) => s.trim()))
    if ((m = /^\s+[×✗] (.+?)( \d+ms)?$/.exec(l))) add('test', m[1].split(' > ').pop())
    if ((m = /^\s+● (.+)$/.exec(l))) add('test', m[1].split(' › ').pop())
    if ((m = /^(?:FAILED|ERROR) (\S+)/.exec(l))) add('test', m[1])
    if ((m = /^\S+::\S+ (FAILED|ERROR|SKIPPED)/.exec(l))) add('test', l.split(' ')[0])
    if ((m = /^\s*--- FAIL: (\S+)/.exec(l))) add('test', m[1])
    if ((m = /^\[  FAILED  \] (\S+)/.exec(l))) add('test', m[1])
    if ((m = /^\s*\d+\/\d+ Test\s+#\d+: (\S+) \.*\s*\**(Failed|Not Run|Timeout|Exception|Subprocess aborted)/.exec(l))) add('test', m[1], m[2])
    if ((m = /^\s+\d+ - (\S+) \(([\w ]+)\)$/.exec(l))) add('test', m[1], m[2])
    if ((m = /^\s+✕ (.+?)( \(\d+ ms\))?$/.exec(l))) add('test', m[1])
    if ((m = /^(\d+% tests passed, \d+ tests? failed out of \d+)/.exec(l))) add('summary', m[1])
    if ((m = /^CMake Error at (\S+?):(\d+)/.exec(l))) add('location', m[1], m[2])
    if ((m = /^FAILED: (.+)$/.exec(l))) add('summary', m[1].slice(0, 60))
    if ((m = /^test result: (.*?); finished/.exec(l))) add('summary', m[1])
    if ((m = /^\s*(Test Files|Tests|Test Suites|Snapshots)\s+(.+)$/.exec(l))) add('summary', m[1], m[2])
    if ((m = /^Tests:\s+(.+)$/.exec(l))) add('summary', m[1])
    if ((m = /^=+ (.*(?:passed|failed|error).*) =+$/.exec(l))) add('summary', m[1])
    if ((m = /^(\d+ (?:failed|passed).*) in [\d.]+s$/.exec(l))) add('summary', m[1])
    if ((m = /^(Found \d+ errors?.*)$/.exec(l))) add('summary', m[1])
    if ((m = /^✖ (\d+ problems?.*)$/.exec(l))) add('summary', m[1])
    if ((m = /^\[\*\] (\d+ fixable.*)$/.exec(l))) add('summary', m[1])
    if ((m = /^(FAIL|ok)\s+(\S+)/.exec(l))) add('summary', m[1], m[2])
    if ((m = /generated (\d+ warnings?)/.exec(l))) add('summary', m[0])
    if ((m = /^error: could not compile `(\w+)`/.exec(l))) add('summary', m[0])
    if ((m = /^make: \*\*\* (.*)$/.exec(l))) add('summary', m[1])
    if ((m = /^(\d+%) tests passed, (\d+) tests? failed/.exec(l))) add('summary', m[0])
    // A formatter's files (prettier --check: `[warn] src/a.ts`).
    if ((m = /^\[warn\] (\S+\.\w+)$/.exec(l))) add('path', m[1])
    // black --check / ruff format --check: `would reformat PATH`, `Would reformat: PATH` (the path
    // is the fact; the phrase is the same on every line), and their count.
    if ((m = /^[Ww]ould reformat:? (\S+)$/.exec(l))) add('path', m[1])
    if ((m = /^(\d+ files? would be reformatted)/.exec(l))) add('summary', m[1])
    // A drawn tree's entries (cargo tree, npm ls).
    if ((m = /(?:├──|└──|├─┬|└─┬) (.+)$/.exec(l))) add('entry', m[1].trim())
  }
  // A program none of the rules above is about (ps, df, env, jq, tail of a log…): nothing tells
  // its facts from its noise, so each line is one; a text that drops lines drops facts.
  if (!f.length && !BUILD_TOOLS.has(program)) for (const l of lines) if (l.trim()) add('line', l.trim())
  return f
}
/** The programs the build, lint and test rules are written for: their other lines are noise. */
const BUILD_TOOLS = new Set(['cargo', 'rustc', 'rustfmt', 'go', 'gcc', 'g++', 'cc', 'c++', 'clang', 'clang++', 'make', 'gmake', 'cmake', 'ninja', 'ctest', 'tsc', 'eslint', 'prettier', 'black', 'vitest', 'jest', 'npm', 'npx', 'pnpm', 'yarn', 'bun', 'node', 'pytest', 'python', 'python3', 'ruff', 'flake8', 'mypy', 'pip', 'pip3'])

// ---- run ----------------------------------------------------------------------------------------
// Quoted text aside (`-R "Vec|always"` is one argument), no pipe, list or substitution.
const simple = (cmd) => !/&&|\|\||;|\||\$\(|`/.test(cmd.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, 'q'))
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
  const oursS = searchable(oursText)
  const anchorS = searchable(anchorText)
  const lostOurs = fs_.filter((f) => !has(oursS, f.parts))
  const lostAnchor = fs_.filter((f) => !has(anchorS, f.parts))
  const changedNonSimple = !simple(c.command) && mine.minimized !== undefined
  rows.push({
    name: c.name, heldout: c.heldout, wide: c.wide, split: splitOf(c), command: c.command,
    raw: tokens(c.output), ours: tokens(oursText), anchor: tokens(anchorText),
    oursFilter: mine.minimized?.filter ?? '-', anchorFilter: theirs?.minimized?.filter ?? '-',
    facts: fs_.length, lostOurs, lostAnchor, changedNonSimple,
    anchorLostTokens: lostAnchor.reduce((n, f) => n + tokens(f.parts.map((p) => (typeof p === 'string' ? p : p.source.replace(/[^\w:]|\bd\b/g, ''))).join(' ')), 0),
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
for (const c of cases) {
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
  if (r.ours > limit) {
    violations.push(r.lostAnchor.length
      ? `${r.name}: ${r.ours} tokens > anchor's ${r.anchor} + ${r.anchorLostTokens} for the ${r.lostAnchor.length} facts it dropped`
      : `${r.name}: ${r.ours} tokens > anchor's ${r.anchor} (the anchor keeps every fact)`)
  }
  r.barMet = !violations.some((v) => v.includes(` ${r.name}: `) || v.startsWith(`${r.name}: `))
  if (r.lostOurs.length || r.changedNonSimple) failures++
}
let md = `| case | split | command | raw | agent-shell | anchor | facts | lost (agent-shell) | lost (anchor) | bar | filters (ours / anchor) |\n|---|---|---|--:|--:|--:|--:|--:|--:|---|---|\n`
for (const r of rows) {
  md += `| ${r.name} | ${r.split} | \`${r.command.replace(/\|/g, '\\|')}\` | ${r.raw} | ${r.ours} | ${r.anchor} | ${r.facts} | ${r.lostOurs.length}${r.changedNonSimple ? ' (changed a non-simple command!)' : ''} | ${r.lostAnchor.length} | ${r.barMet ? 'met' : '**not met**'} | ${r.oursFilter} / ${r.anchorFilter} |\n`
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
  md += `| **total ${label}** (${rs.length} cases) | | | ${raw} | ${o} (${pct(o, raw)}) | ${a} (${pct(a, raw)}) | ${sum(rs, 'facts')} | ${lostO} | ${lostA} (in ${anchorLossCases} cases) | ${rs.filter((r) => r.barMet).length}/${rs.length} met | |\n`
}
if (argv.includes('--strict')) failures = violations.length
md += `\nThe bar per case (every fact kept; tokens <= the anchor's where it keeps every fact, <= the anchor's plus its dropped facts' tokens where it drops some; pipes and compound commands unchanged): met in ${rows.filter((r) => r.barMet).length} of ${rows.length} cases.\n`
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
