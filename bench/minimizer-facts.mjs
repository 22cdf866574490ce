// The output minimizer bench's shared parts (bench/minimizer.mjs, bench/minimizer-blind.mjs): the
// replay shim, the token count, and the facts of a recorded case with the check that a text keeps them.
import fs from 'node:fs'
import path from 'node:path'

// gpt-tokenizer when bench/'s dependencies are installed; otherwise (the vitest suite runs this
// for its fact checks only) the usual estimate of four characters a token.
const encode = await import('gpt-tokenizer').then((m) => m.encode, () => null)
export const tokens = (s) => (encode ? encode(s).length : Math.ceil(s.length / 4))

/** A line that is only a table's or a box's drawing (`|----|---|`, `+----+`, `====`, `| :-- |`,
 * `├────┼────┤`): layout, no fact. */
const RULE = /^[\s|+\-=:\u2500-\u257F]+$/

/** The program a command starts first (after `cd …` and assignments), read with its quotes: an
 * assignment's quoted value (`GIT_SEQUENCE_EDITOR="sed -i '1s/a/b/; 2s/c/d/'" git rebase -i`) is
 * one word, and a `;` or `|` inside quotes separates nothing. The replay shims this program; one
 * read wrong would run for real. */
export function firstProgram(command) {
  const segments = []
  let cur = ''
  let quote = null
  for (let i = 0; i < command.length; i++) {
    const ch = command[i]
    if (quote) {
      cur += ch
      if (ch === quote) quote = null
      else if (ch === '\\' && quote === '"') cur += command[++i] ?? ''
    } else if (ch === '"' || ch === "'") {
      quote = ch
      cur += ch
    } else if (ch === '\\') {
      cur += ch + (command[++i] ?? '')
    } else if (';|&\n'.includes(ch)) {
      segments.push(cur)
      cur = ''
    } else {
      cur += ch
    }
  }
  segments.push(cur)
  for (const segment of segments) {
    const words = segment.match(/(?:[^\s"']+|"(?:\\.|[^"\\])*"|'[^']*')+/g) ?? []
    if (!words.length || words[0] === 'cd') continue
    const program = words.find((w) => !/^\w+=/.test(w))
    if (program) return program.replace(/["']/g, '')
  }
  return command.split(/\s+/)[0]
}

export function shim(c, dir) {
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
  // Whatever the replay runs for real (a pipeline's other programs, `> $HOME/B2.sol`, a REPL's
  // history) finds no repository above its directory, which lies inside this checkout, and a HOME
  // of its own: never the machine's.
  const home = path.join(dir, 'home')
  fs.mkdirSync(home, { recursive: true })
  const env = {
    PATH: `${path.join(dir, 'bin')}:${process.env.PATH}`,
    GIT_CEILING_DIRECTORIES: path.resolve(dir),
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    XDG_DATA_HOME: path.join(home, '.local/share'),
    XDG_STATE_HOME: path.join(home, '.local/state'),
  }
  return { cwd: path.join(dir, 'cwd'), env }
}
// ---- facts -------------------------------------------------------------------------------------
const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ')
const gitDate = /\b(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) (\w{3}) (\d{1,2}) (\d\d:\d\d):\d\d (\d{4}) ([+-]\d{4})/g
const isoMinute = (s) => s.replace(gitDate, (_, m, d, hm, y, tz) => `${y}-${String(MONTHS.indexOf(m) + 1).padStart(2, '0')}-${d.padStart(2, '0')} ${hm} ${tz}`)
// A banner's rule of `*` padding it to the terminal's width (ansible's `TASK [name] ****…`) is
// layout, as a table's rules and a hook runner's dot leader are: the words before it are the fact.
// (`normBody`: the same without that cut, for a line whose own words end with `***`: a search's
// match `a.pyi:157:    # *** TODO: … ***` starts with a letter once its place is before it, and
// the fact read from it, `# *** TODO: … ***`, does not.)
const normBody = (s) => isoMinute(s).replace(/([\w./@+-]+\.[A-Za-z]\w*)\((\d+),(\d+)\)/g, '$1:$2:$3').replace(/\s+/g, ' ').trim()
const norm = (s) => normBody(s).replace(/^([A-Za-z].*[^*\s]) \*{3,}$/, '$1')
const dependency = (l) => /node_modules\/|site-packages\/|node:internal|\/rustc\/|\.cargo\/registry|\/usr\/lib\/go/.test(l)
// A stack frame in a dependency's code (`    at f (…/node_modules/x/a.js:3:1)`, `  File
// "…/site-packages/x.py", line 3`): no fact of the run, in a program's lines read whole as in its
// locations above (a crash inside a tool from node_modules shows only such frames).
const dependencyFrame = (l) => dependency(l) && /^\s*(at |File ")/.test(l)

// A C0 control but tab, line feed and carriage return, and DEL, are executed by a terminal and
// never shown (a grep match of a file holding a DEL byte): the reader sees the line without them,
// as agent-shell's ANSI stripper gives it (src/output/ansi.rs).
const INVISIBLE = /[\x00-\x08\x0b\x0c\x0e-\x1a\x1c-\x1f\x7f]/g

/** A text as a terminal shows it where a line is rewritten in place (`frame\rframe`, a progress
 * bar, a reporter's running line): each frame written over the one before from the first column,
 * so a reader sees the frames laid over each other, not each frame; and without the invisible
 * controls. */
export const asShown = (text) => shownLines(text.replace(INVISIBLE, ''))
const shownLines = (text) => (text.includes('\r') ? text.replace(/\r\n/g, '\n').split('\n').map((l) => {
  if (!l.includes('\r')) return l
  const shown = []
  for (const frame of l.split('\r')) [...frame].forEach((ch, i) => { shown[i] = ch })
  return shown.join('').trimEnd()
}).join('\n') : text)

/** Visible lines plus, under each unindented header (`path:`, `dir/`), header-joined copies. As
 * the facts, the text as a reader sees it: colour codes aside (an output passed as it is, colours
 * and all, keeps every fact of its own). */
export function searchable(text) {
  const lines = asShown(text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '')).split('\n')
  const outLines = [...lines]
  let header = null
  for (const line of lines) {
    if (/^\S.*[:/]$/.test(line) && !/^\s/.test(line)) { header = line; continue }
    // A checkstyle report's `<file name="…">` heads the findings under it, as `path:` does.
    const xmlFile = /^<file name="([^"]+)">$/.exec(line)
    if (xmlFile) { header = `${xmlFile[1]}:`; continue }
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
  // An indented directory heading with deeper lines under it (`  alembic/ddl/` then `    base.py
  // impl.py`, a path list by directory inside a program's report: pip show -f's `Files:`): each
  // name joined with the directory too.
  let inner = null
  for (const line of lines) {
    const m = /^( +)(\S+\/)$/.exec(line)
    if (m) { inner = { indent: m[1].length, dir: m[2] }; continue }
    if (inner && line.trim() && line.length - line.trimStart().length > inner.indent) {
      for (const item of line.trim().split(/\s+/)) outLines.push(inner.dir + item)
    } else inner = null
  }
  // Records said a field a line (sqlite3 -line): each record's values as one line too, as a
  // row of a table says them.
  const records = recordList(lines)
  if (records) for (const r of records.rows) outLines.push(r.join('\t'))
  return outLines.flatMap((l) => {
    const cut = norm(l)
    const whole = normBody(l)
    return cut === whole ? [cut] : [cut, whole]
  })
}

/** A message's text without the XML markup a report closes it with (a JUnit/xunit report's
 * `…: error: Failure!]]></failure>`: a CDATA section's end and closing tags are the format's, not the message's). */
const unmarked = (s) => s.replace(/(?:\]\]>)?(?:<\/[\w:.-]+>\s*)+$/, '').trimEnd() || s

const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
export const has = (lines, parts) => {
  // Each string part normalized once, not once a line (norm's replacements were most of a big case's time).
  const ps = parts.map((p) => (typeof p === 'string' ? norm(p) : p))
  return lines.some((l) => ps.every((p) => (typeof p === 'string' ? l.includes(p) : p.test(l))))
}

/** The facts of `fs_` (read from case `c`) that `text` does not show, as `searchable` reads it.
 * A fact the recorded output itself does not show that way cannot be kept by any text (an output
 * passed through unchanged would lose it: a JSON report pretty-printed over several lines, its
 * file and its line number on lines of their own), so it is not counted as lost. Only the facts
 * `text` lacks are looked for again in the recorded output. */
export function lostFacts(c, text, fs_) {
  const s = searchable(text)
  const lost = fs_.filter((f) => !has(s, f.parts))
  if (!lost.length) return lost
  const recorded = text === c.output ? s : searchable(c.output)
  return lost.filter((f) => has(recorded, f.parts))
}

export function facts(c) {
  // The facts are the text as a reader sees it: colour codes aside.
  const raw = asShown(c.output.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, ''))
    // inside a JSON string too (`"rendered": "\u001b[0m…"`, cargo's json-diagnostic-rendered-ansi)
    .replace(/\\u001b\[[0-9;?]*[A-Za-z]/g, '')
  const lines = workflowCommands(raw).split('\n')
  const f = []
  const add = (kind, ...parts) => { if (parts.every((p) => p && (typeof p !== 'string' || norm(p).length))) f.push({ kind, parts }) }
  const program = firstProgram(c.command).split('/').pop()
  const args = c.command.split(/\s+/)
  const sub = args[1] ?? ''
  if (program === 'git') {
    let inMessage = false
    // `--graph`: the drawing before each line (`| * `, `|\  `) is layout, not a fact; a message
    // line keeps its four-space indent. The drawing is as wide on each line of a commit as
    // before its `commit`/`Author:` line (`|/  Author:` then `|    a.py | 2 +-`: a stat line
    // under a drawing two columns wider, not a message line), so that width is cut first.
    const graphed = /\s--graph\b/.test(c.command)
    let drawn = -1
    const ungraph = (l) => {
      const head = /^([*|\\/_ ]*?)(?=commit [0-9a-f]{7}|Author:|Merge:)/.exec(l)
      if (head) drawn = head[1].length
      else if (drawn >= 0 && l.length >= drawn && /^[*|\\/_ ]*$/.test(l.slice(0, drawn))) return l.slice(drawn).replace(/^ +$/, '')
      return l.replace(/^[*|\\/_ ]*?(?=commit [0-9a-f]{7}|Author:|Date:|Merge:| {4}\S)/, '').replace(/^[*|\\/_ ]+$/, '')
    }
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
      // `--numstat` (`12\t3\tpath`, `-\t-\tlogo.png` for a binary file) and `--name-status`
      // (`M\tpath`, `R100\told\tnew`): each file with its counts or its status, as git writes
      // them or as `+12 -3 path`, `binary path`, `R100 old -> new`. Not changed lines.
      else if ((m = /^(\d+|-)\t(\d+|-)\t(.+)$/.exec(l))) {
        const file = esc(norm(m[3]))
        // Or after the path, as a `--stat` row has its count (`a.py +12 -3`, `logo.png binary`:
        // a path list by directory writes each name with what follows it). Its tokens, for the
        // bar, are those of the form git writes, whichever forms are read.
        const written = m[1] === '-' ? new RegExp(`(^|\\s)(binary|- -) ${file}($|,)`) : new RegExp(`(^|\\s)\\+?${m[1]} -?${m[2]} ${file}($|,)`)
        const after = m[1] === '-' ? `${file} binary` : `${file} \\+${m[1]} -${m[2]}`
        f.push({ kind: 'stat', parts: [new RegExp(`(^|\\s)(${written.source.slice(6, -5)}|${after})($|,)`)], text: written.source.replace(/[^\w:]|\bd\b/g, '') })
      }
      else if ((m = /^([ACDMRTUXB]\d*)\t([^\t]+)(?:\t([^\t]+))?$/.exec(l))) {
        add('stat', new RegExp(`(^|\\s)${m[1]} ${esc(norm(m[2]))}${m[3] ? `( ->)? ${esc(norm(m[3]))}` : ''}($|,)`))
      }
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
    if (!f.length) for (const l of lines) if (l.trim() && !RULE.test(l)) add('line', l.trim())
    return f
  }
  // A unified diff from any other program (diff -u, ruff format --diff, black --diff): as for
  // git, each changed line and each file is a fact; context lines are not, and no line inside a
  // hunk is read by the build, lint and test rules below (a context line of black --diff that
  // reads `self.exit(2, "%s: error: %s" % …)` is the file's code, not an error of the run).
  const inHunk = new Set()
  // A diff inside an XML report (a JUnit failure's body) is written with entities (`&quot;`):
  // its lines are what they stand for.
  const xml = /^\s*<(\?xml|testsuites?\b)/.test(lines.find((l) => l.trim()) ?? '')
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
      else if (/^[+-](?![+-]{2} )/.test(l) && l.trim().length > 1) add('changed line', xml ? unxml(l) : l)
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
  // `cargo tree --prefix depth`: no drawing, each line's depth as its first digits, then the
  // entry (`2base64 v0.22.1`, `1serde feature "std"`); a crate's name never starts with a digit.
  if (program === 'cargo' && sub === 'tree' && /\s--prefix[= ]depth\b/.test(c.command)) {
    for (const l of lines) { const m = /^\d+([A-Za-z].*)$/.exec(l); if (m) add('entry', m[1].trim()) }
    return f
  }
  // `apt list`: each row's name, suites, version, architecture and state (`name/suites version
  // arch [state]`), found on one line in any order; the notice and `Listing...` as lines.
  if (program === 'apt' && sub === 'list') {
    for (const l of lines) {
      const m = /^([^\s/]+)\/(\S+) (\S+) (\S+)(?: \[(.+)\])?$/.exec(l)
      if (m) add('package', new RegExp(`(^|\\s)${esc(m[1])}[\\s/]`), m[2], ` ${m[3]}`, m[4], ...(m[5] ? [`[${m[5]}]`] : []))
      else if (l.trim() && !RULE.test(l)) add('line', l.trim())
    }
    return f
  }
  // `npm explain` / `npm why`: why a package is installed, as a tree of edges (`semver@"^6.3.1"
  // from @babel/core@7.29.16`, `dev x@"^1" from the root project`, a `peer`/`optional` mark
  // before it): each installed copy's heading (`semver@6.3.2 dev`), each edge and each nested
  // place (`node_modules/a/node_modules/semver`) is a fact, once however often the tree repeats
  // it (a dependent's own reasons are printed again under every path that reaches it); a
  // top-level place (`node_modules/x`, the folder its name says) is not.
  if (program === 'npm' && /^(explain|why)$/.test(sub)) {
    const seen = new Set()
    for (const l of lines) {
      const t = l.trim()
      if (!t || seen.has(t) || (t.startsWith('node_modules/') && !t.slice(13).includes('/node_modules/'))) continue
      seen.add(t)
      add('edge', t)
    }
    return f
  }
  // `npm ls --parseable` (pnpm's too): a path a line, as find prints them.
  if (['npm', 'pnpm'].includes(program) && /^(ls|list|la|ll)$/.test(sub) && /\s(--parseable|-p)\b/.test(c.command)) {
    for (const l of lines) if (l.trim()) add('path', l.trim())
    return f
  }
  // `pip show` (`-f`, `-v`): each field with its value (`Requires: Mako, SQLAlchemy`) and each
  // file under `Files:` (a path list, as find's); a compiled copy in `__pycache__/` of a source
  // listed beside it is one fact for its directory (`alembic/__pycache__/`), its names being the
  // sources'. A classifier or entry point (`-v`, indented under its field) is not read here.
  if (['pip', 'pip3'].includes(program) && sub === 'show') {
    let files = false
    const listed = new Set(lines.filter((l) => /^ +\S/.test(l)).map((l) => l.trim()))
    const caches = new Set()
    for (const l of lines) {
      let m
      if ((m = /^([A-Z][\w-]*): (.+)$/.exec(l))) { add('field', l.trim()); files = false; continue }
      if (/^[A-Z][\w-]*:$/.test(l)) { files = l === 'Files:'; continue }
      if (!files || !/^ +\S+$/.test(l)) continue
      const entry = l.trim()
      if ((m = /^(.*?)__pycache__\/([^/.]+)\.[^/]+\.pyc$/.exec(entry)) && listed.has(`${m[1]}${m[2]}.py`)) {
        if (!caches.has(m[1])) add('path', `${m[1]}__pycache__/`)
        caches.add(m[1])
      } else add('path', entry)
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
    const generic = /^\s*(?:(?:pub(?:\([\w:]+\))?|export|default|async|static|public|private|protected|unsafe|const)\s+)*(?:(?:fn|function|def|func)\s+(?:\([^)]*\)\s*)?\w+\s*[(<]|(?:class|struct|enum|trait|interface|impl|type)\s+[\w<])/
    // Python has `def`, `class` and (3.12) the `type Name = …` statement, `type` being a keyword
    // only there: a docstring's prose that starts with `type is …`, `interface to …` or `enum
    // values …` is no declaration of a Python file.
    const python = /^\s*(?:async\s+)?(?:def\s+\w+\s*[(\[]|class\s+\w|type\s+\w+\s*[[=])/
    const sig = /\.pyi?$/.test(args.filter((a) => !a.startsWith('-')).at(-1) ?? '') ? python : generic
    for (const l of lines) if (sig.test(l) && !/^\s*(\/\/|#|\*)/.test(l)) add('signature', l.trim())
    return f
  }
  // Build, lint and test tools.
  const inBlocks = lines.some((l) => /^In \S+ line \d+:$/.test(l))
  // A Python traceback printed by the program run (not a log file's, shown by tail or cat).
  const pyTrace = !['cat', 'head', 'tail', 'less', 'more', 'bat'].includes(program) && lines.some((l) => l.startsWith('Traceback (most recent call last):'))
  for (const [i, l] of lines.entries()) {
    if (dependency(l) || inHunk.has(i)) continue
    let m
    // A JSON string's escaped tab or newline before a path (`"\tdir/a_test.go:24"`) is not part of it.
    for (const loc of l.replace(/\\[tn](?=[\w./])/g, ' ').matchAll(/([\w./@+-]*[\w@+-]\.[A-Za-z]\w*)(?::(\d+)(?::(\d+))?|\((\d+),(\d+)\))/g)) {
      // The file and its line:col on one line (a list of locations after one file counts).
      const at = `${loc[2] ?? loc[4]}${loc[3] || loc[5] ? `:${loc[3] ?? loc[5]}` : ''}`
      if (loc[2] || loc[4]) add('location', loc[1], new RegExp(`(^|[^\\d])${at}($|[^\\d])`))
    }
    // gcc's diagnostic shape (`file:line:col: severity: text`, shellcheck -f gcc, clang) names its
    // file whole, with or without an extension (`autoconf:35:12`, a script in /usr/bin).
    if ((m = /^([^\s:]+):(\d+):(\d+): (?:fatal error|error|warning|note|info|style):/.exec(l)) && !/\.[A-Za-z]\w*$/.test(m[1])) add('location', m[1], new RegExp(`(^|[^\\d])${m[2]}:${m[3]}($|[^\\d])`))
    // A hook runner's line (pre-commit: `ruff lint.....Failed`, `x...(no files to check)Skipped`):
    // the hook and its result; the dot leader is layout.
    if ((m = /^(\S.*?)\.{3,}(?:\([^)]*\))?(Passed|Failed|Skipped)$/.exec(l))) add('hook', m[1], m[2])
    if ((m = /^(?:error|warning)(?:\[\w+\])?: (.+)$/.exec(l)) && !/^(aborting|could not compile|build failed)/.test(m[1])) add('message', unmarked(m[1]).split(' (run `')[0])
    if ((m = /: (?:fatal )?(?:error|warning): (.+)$/.exec(l))) add('message', unmarked(m[1]))
    if ((m = /error (TS\d+)/.exec(l))) add('code', m[1])
    // tsc's message after its code (`a.ts(3,5): error TS2322: Type …`, vue-tsc, tsc through a
    // script): the finding's text, as gcc's after `error:` is.
    if ((m = /\b(?:error|warning) TS\d+: (.+)$/.exec(l))) add('message', unmarked(m[1]))
    // svelte-check's formats: `machine` (`1796… ERROR "a.ts" 15:39 "msg"`, the message JSON-escaped,
    // its first line the finding's), `machine-verbose` (the same as a JSON object after the
    // time, its message as written there) and `human` (`Error: msg` under the `path:15:39` line).
    if ((m = /^\d+ (?:ERROR|WARNING) "(.+?)" (\d+:\d+) "(.*)"$/.exec(l))) {
      add('location', m[1], new RegExp(`(^|[^\\d])${m[2]}($|[^\\d])`))
      add('message', m[3].split('\\n')[0])
    }
    if ((m = /^\d+ \{"type":"(?:ERROR|WARNING)".*?"message":"((?:[^"\\]|\\.)*)"/.exec(l))) add('message', m[1].split('\\n')[0])
    if (i > 0 && /^\S+:\d+:\d+$/.test(lines[i - 1]) && (m = /^(?:Error|Warn|Hint): (.+?)\s*$/.exec(l))) add('message', m[1])
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
    if ((m = /^(?:FAILED|ERROR) (\S+)/.exec(l)) && !/^ERROR in /.test(l)) add('test', m[1])
    if ((m = /^\S+::\S+ (FAILED|ERROR|SKIPPED)/.exec(l))) add('test', l.split(' ')[0])
    // pytest-xdist's -v line, the worker and progress first (`[gw0] [ 12%] SKIPPED t.py::A::test_b`):
    // the same fact as pytest's own -v line.
    if ((m = /^\[gw\d+\] \[\s*\d+%\] (?:FAILED|ERROR|SKIPPED) (\S+::\S+)/.exec(l))) add('test', m[1])
    if ((m = /^\s*--- FAIL: (\S+)/.exec(l))) add('test', m[1])
    if ((m = /^\[  FAILED  \] (\S+)/.exec(l))) add('test', m[1])
    if ((m = /^\s*\d+\/\d+ Test\s+#\d+: (\S+) \.*\s*\**(Failed|Not Run|Timeout|Exception|Subprocess aborted)/.exec(l))) add('test', m[1], m[2])
    if ((m = /^\s+\d+ - (\S+) \(([\w ]+)\)$/.exec(l))) add('test', m[1], m[2])
    if ((m = /^\s+✕ (.+?)( \(\d+ ms\))?$/.exec(l))) add('test', m[1])
    if ((m = /^(\d+% tests passed, \d+ tests? failed out of \d+)/.exec(l))) add('summary', m[1])
    if ((m = /^CMake Error at (\S+?):(\d+)/.exec(l))) add('location', m[1], m[2])
    if ((m = /^FAILED: (.+)$/.exec(l))) add('summary', m[1].slice(0, 60))
    if ((m = /^test result: (.*?); finished/.exec(l))) add('summary', m[1])
    // vitest's summary pads its label with two spaces or more (`      Tests  4 failed | 9 passed`);
    // a docstring's `Tests ported from ...` in a test's source is prose.
    if ((m = /^\s*(Test Files|Tests|Test Suites|Snapshots)\s{2,}(.+)$/.exec(l))) add('summary', m[1], m[2])
    // Python's unittest report (unittest, Django's and any runner built on it): each failing or
    // erroring test's name (`FAIL: test_x (app.tests.T.test_x)`), the run's count and outcome.
    if ((m = /^(?:FAIL|ERROR): (\w+) \(([\w.]+)\)/.exec(l))) add('test', m[1])
    if ((m = /^(Ran \d+ tests?) in /.exec(l))) add('summary', m[1])
    if ((m = /^(FAILED|OK) \((.+)\)$/.exec(l))) add('summary', m[1], m[2])
    // A Python traceback's frame in the program's own code (a dependency's is skipped above, and
    // so is pytest's own machinery, `_pytest/` and `pluggy/`, wherever it is installed; OCaml's
    // `File "a.ml", line 4, characters 5-9:` is no frame), and the exception it ends with.
    if (pyTrace && (m = /^\s*File "([^"]+)", line (\d+), in /.exec(l)) && !/\/(_pytest|pluggy)\//.test(m[1])) add('location', m[1], new RegExp(`(^|[^\\d])${m[2]}($|[^\\d])`))
    if (pyTrace && (m = /^([A-Za-z_][\w.]*(?:Error|Exception|Warning)): (\S.*)$/.exec(l))) add('message', m[1], m[2])
    if ((m = /^Tests:\s+(.+)$/.exec(l))) add('summary', m[1])
    if ((m = /^=+ (.*(?:passed|failed|error).*) =+$/.exec(l))) add('summary', m[1])
    if ((m = /^(\d+ (?:failed|passed).*) in [\d.]+s$/.exec(l))) add('summary', m[1])
    if ((m = /^(Found \d+ errors?.*)$/.exec(l))) add('summary', m[1])
    if ((m = /^✖ (\d+ problems?.*)$/.exec(l))) add('summary', m[1])
    if ((m = /^\[\*\] (\d+ fixable.*)$/.exec(l))) add('summary', m[1])
    // TAP (node --test, mocha --reporter tap, prove): a failing result's name, and a directive's
    // with it, are facts; a pass is not, as a passing test is nowhere else, and its number is no
    // Go package (`ok 6 rounds case 1` was read as Go's `ok  pkg` summary).
    if ((m = /^\s*not ok \d+ (?:- )?(.+?)(?: # .*)?$/.exec(l))) add('test', m[1])
    else if ((m = /^\s*ok \d+ (?:- )?(.+?) # (SKIP|TODO)\b/i.exec(l))) add('test', m[1], m[2])
    else if ((m = /^(FAIL|ok)\s+(\S+)/.exec(l)) && !/^\d+$/.test(m[2])) add('summary', m[1], m[2])
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
    // npm's `X@1.0.0 deduped` (drawn in full elsewhere) as written, or in a node's group of
    // them, `(deduped: X@1.0.0 Y@2.0.0)`: the package, its version and the mark.
    if ((m = /(?:├──|└──|├─┬|└─┬) (.+)$/.exec(l))) {
      const d = /^(\S+) deduped$/.exec(m[1].trim())
      // (`text`: the fact as written, for its tokens where a text drops it.)
      if (d) f.push({ kind: 'entry', parts: [new RegExp(`(^|[\\s>])${esc(norm(d[1]))} deduped|\\(deduped:[^)]* ${esc(norm(d[1]))}[ )]`)], text: m[1].trim() })
      else add('entry', m[1].trim())
    }
  }
  // A report in a structured format (a linter's JSON, JUnit XML): its findings and failures, not
  // its lines (a JSON line can be a whole report; `"endColumn": 14,` is no fact on its own).
  if (!f.length) for (const [kind, ...parts] of structured(raw)) add(kind, ...parts)
  // The same report after a few lines of the program's own notes (ruff's `warning: … are
  // incompatible` on stderr, merged before its JSON lines or its JUnit; bandit's `[main]
  // INFO` lines): the notes' facts as read above, and the report's as when alone (ruff's JSON
  // lines were read as their two warnings, its 287 findings as no fact).
  const at = lines.slice(0, 5).findIndex((l) => /^(\{"|\[\{|\[$|\{$|<\?xml|<testsuites?[\s>])/.test(l.trim()))
  if (at > 0) for (const [kind, ...parts] of structured(lines.slice(at).join('\n'))) add(kind, ...parts)
  // A padded table (a header, a rule of `-` or `=` under it, rows aligned to the rule's columns:
  // pip list, dpkg -l), or a drawn one (cells between `|` or `│` under a rule whose `+`/`|`
  // mark where columns part: psql, mysql, sqlite3 -box/-markdown): each row's cells are its
  // fact, found on one line whatever the padding and the drawing; a column whose cell is the
  // same on every row is one fact, not one a row. The lines around it are read as below; a
  // drawn table's borders are layout.
  // coverage.py's report table (`Name  Stmts  Miss [Branch BrPart]  Cover [Missing]`, a rule
  // above and under its rows) after a run's other facts (pytest-cov's `term`/`term-missing`
  // after the tests' results): each row's cells are its fact (which lines of which file no test
  // ran), found on one line whatever the padding, as a padded table's at the top of an output
  // (read below, where nothing else is).
  if (f.length) {
    for (const [i, l] of lines.entries()) {
      if (!/^Name\s+Stmts\s+Miss\s+(Branch\s+BrPart\s+)?Cover\b/.test(l) || !/^-{10,}\s*$/.test(lines[i + 1] ?? '')) continue
      let j = i + 2
      for (; j < lines.length && lines[j].trim() && !/^-{10,}\s*$/.test(lines[j]); j++) {
        const m = /^(\S+)\s+(\d.*)$/.exec(lines[j].trimEnd())
        if (m) add('row', m[1], m[2].replace(/\s+/g, ' '))
      }
      // The total under the closing rule.
      const total = /^-{10,}\s*$/.test(lines[j] ?? '') && /^TOTAL\s+(\d.*)$/.exec((lines[j + 1] ?? '').trimEnd())
      if (total) add('row', 'TOTAL', total[1].replace(/\s+/g, ' '))
    }
  }
  const table = !f.length && (paddedTable(lines) ?? drawnTable(lines))
  if (table) {
    for (const v of table.constant) if (v !== null) add('column', v)
    for (const r of table.rows) add('row', ...r.filter((c, i) => c && table.constant[i] === null))
    if (!BUILD_TOOLS.has(program)) for (const l of [...lines.slice(0, table.rule - 1), ...lines.slice(table.end)]) if (l.trim() && !RULE.test(l)) add('line', l.trim())
    return f
  }
  // A query's answer said a field a line (sqlite3 -line: `  id = 1`, a blank line between
  // records with the same names): each record's cells are its fact, found on one line; a
  // record's names are one fact each, not one a record. (A drawn table is read above.)
  const query = !f.length && recordList(lines)
  if (query) {
    for (const n of query.names ?? []) add('column', n)
    for (const r of query.rows) add('row', ...r.filter(Boolean))
    if (!BUILD_TOOLS.has(program)) for (const l of [...lines.slice(0, query.start), ...lines.slice(query.end)]) if (l.trim() && !RULE.test(l)) add('line', l.trim())
    return f
  }
  // A program none of the rules above is about (ps, df, env, jq, tail of a log…): nothing tells
  // its facts from its noise, so each line is one; a text that drops lines drops facts.
  // A TAP stream (a `TAP version` line or a `1..N` plan) whose results all passed has no fact
  // by the TAP rule above, and its passes, `# Subtest:` headings and YAML bookkeeping
  // (`---`, `...`, `duration_ms`, `type`) are not facts here either (tape, nyc or c8 over
  // tape, node --test under c8 read each pass as a fact). Nor is a group's heading whose next
  // line is a pass (tape's `# name` over its assertions): the name of a test that passed, as
  // node's `# Subtest: name` is.
  const tap = lines.some((l) => /^TAP version \d+$|^\s*1\.\.\d+$/.test(l.trim()))
  const tapLayout = (l) => /^\s*ok \d+\b/.test(l) && !/ # (SKIP|TODO)\b/i.test(l) || /^\s*# Subtest: /.test(l) || /^\s*(---|\.\.\.)\s*$/.test(l) || /^\s*(duration_ms|type): /.test(l)
  const passingHeading = (i) => /^# /.test(lines[i]) && /^ok \d+\b/.test(lines[i + 1] ?? '') && !/ # (SKIP|TODO)\b/i.test(lines[i + 1])
  // dpkg's steps before it sets a package up (under apt, apt-get, dpkg -i): `Selecting
  // previously unselected package X.`, `Preparing to unpack .../X_1.0_all.deb ...`, `Unpacking X
  // (1.0) ...`, and the database's progress, are not facts where `Setting up X (1.0) ...`
  // says the package and its version; a package never set up keeps its steps as facts.
  const setUp = new Set(lines.map((l) => /^Setting up (\S+) \((\S+)\)/.exec(l.trim())).filter(Boolean).map((m) => m[1]))
  const dpkgStep = (l) => {
    let m
    if (/^\(Reading database \.\.\./.test(l)) return true
    if ((m = /^Selecting previously unselected package (\S+)\.$/.exec(l))) return setUp.has(m[1])
    if ((m = /^Preparing to unpack \S*?([^/\s_]+)_[^/\s]*\.deb \.\.\.$/.exec(l))) return [...setUp].some((s) => s.split(':')[0] === m[1])
    if ((m = /^Unpacking (\S+) \(.*\.\.\.$/.exec(l))) return setUp.has(m[1])
    return false
  }
  // A code frame (`@babel/code-frame`'s: `> 4 | code` marked, `  3 | code` around it, as babel,
  // webpack and eslint's codeframe format print it at a message's top level): the lines around
  // the marked one are the file's own text, no fact of the run.
  const framed = lines.some((l) => /^>\s*\d+ \| /.test(l))
  const frameContext = (l) => framed && /^ +\d+ \|( |$)/.test(l)
  if (!f.length && !BUILD_TOOLS.has(program)) for (const [i, l] of lines.entries()) if (l.trim() && !RULE.test(l) && !(tap && (tapLayout(l) || passingHeading(i))) && !dpkgStep(l.trim()) && !frameContext(l) && !dependencyFrame(l)) add('line', l.trim())
  for (const [kind, ...parts] of bundled(lines)) add(kind, ...parts)
  return f
}

/** A bundler's report (webpack's stats, and the asset tables of vite, rollup, parcel, esbuild):
 * each asset or chunk with its size, each module row with its size (and its `[1 error]`), each
 * `ERROR in`/`WARNING in` heading and the message under it, a resolver's "did you mean" and the
 * paths it tried, the import trace (`@ ./src/main.js 4:12-38`), the closing `compiled …`. Read
 * after the rules above, whatever they found (a program no rule is about keeps its lines too). */
function bundled(lines) {
  const out = []
  const size = '[\\d.,]+ ?(?:bytes|B|kB|KB|KiB|MB|MiB|GB|GiB)'
  const asset = new RegExp(`^\\s*(\\S+\\.(?:js|mjs|cjs|css|html|map|wasm|json|svg|txt))\\s+(${size})\\b`)
  const moduleRow = new RegExp(`^\\s*((?:\\.{1,2}/|webpack/runtime/|external )\\S*(?: [a-z][\\w ]*?)?(?: \\+ \\d+ modules?)?) (?:\\[\\d+\\] )?(${size})\\b`)
  for (const [i, l] of lines.entries()) {
    let m
    if ((m = /^(ERROR|WARNING) in (.+?)\s*$/.exec(l))) {
      out.push(['message', `${m[1]} in ${m[2]}`])
      const next = lines[i + 1]?.trim()
      if (next) out.push(['message', next])
    }
    if ((m = /^Did you mean (.+)$/.exec(l.trim()))) out.push(['message', m[0]])
    if ((m = /\bcompiled (successfully|with .+?) in [\d.]+ m?s\b/.exec(l))) out.push(['summary', `compiled ${m[1]}`])
    if ((m = new RegExp(`^asset (\\S+) (${size})`).exec(l))) out.push(['asset', m[1], m[2]])
    else if ((m = new RegExp(`^chunk \\{\\w+\\} .*?(\\S+\\.\\w+) (?:\\(\\S+\\) )?(${size})`).exec(l))) out.push(['chunk', m[1], m[2]])
    else if ((m = moduleRow.exec(l))) {
      const counted = /\[(\d+ (?:errors?|warnings?))\]/.exec(l)
      out.push(['module', m[1], m[2], ...(counted ? [counted[0]] : [])])
    } else if ((m = asset.exec(l))) out.push(['asset', m[1], m[2]])
    if ((m = /^\s+(\/\S+) doesn't exist$/.exec(l))) out.push(['path', m[1]])
    if ((m = /^ @ (\S+) (\d+:\d+(?:-\d+)?)/.exec(l))) out.push(['location', m[1], m[2]])
    // An asset in a size warning's list (`  main.js (2.86 KiB)`).
    if ((m = new RegExp(`^\\s+(\\S+\\.\\w+) \\((${size})\\)$`).exec(l))) out.push(['asset', m[1], m[2]])
    // A code frame's heading as babel writes it (`SyntaxError: /p/a.js: Unexpected token (4:9)`):
    // the message and its place; and the line the frame marks (`> 4 | code`).
    if ((m = /^(\w*Error): (\S+?): (.+?) \((\d+:\d+)\):?$/.exec(l))) out.push(['message', m[3]], ['location', m[2], m[4]])
    if ((m = /^>\s*(\d+) \| (.*\S)/.exec(l))) out.push(['frame', new RegExp(`^> ?${m[1]} \\|`), m[2].trim()])
  }
  const seen = new Set()
  return out.filter((f) => { const k = f.map(String).join('\n'); return !seen.has(k) && seen.add(k) })
}

/** GitHub Actions' workflow commands (`::error file=a.py,line=3,col=5,title=T::message`, a
 * linter's `github` format) as the diagnostics they annotate: the message unescaped (`%0A` is a
 * line break: the lines after it are the message's notes, not its text), with its place before
 * it where the message does not name it. Other text as it is. */
function workflowCommands(raw) {
  const command = /^::(error|warning|notice|debug)(?: ([^:]*))?::(.*)$/
  // Azure Pipelines' `##vso[task.logissue type=error;sourcepath=a.py;linenumber=3;
  // columnnumber=5;code=F401;]message` (ruff's `azure` format): the same annotation, read as
  // the linter's line `a.py:3:5: F401 message` (`a.py:3:5: warning: message` without a code).
  const vso = /^##vso\[task\.logissue ([^\]]*)\](.*)$/
  const azure = (m) => {
    const p = Object.fromEntries(m[1].split(';').map((x) => x.split('=')).filter((x) => x.length === 2 && x[1]))
    const place = p.sourcepath ? [p.sourcepath, p.linenumber, p.columnnumber].filter(Boolean).join(':') + ': ' : ''
    return p.code ? `${place}${p.code} ${m[2]}` : `${place}${p.type ?? 'error'}: ${m[2]}`
  }
  // After at most four lines of the program's own notes (ruff's `warning: …` on stderr).
  const head = raw.split('\n').filter((l) => l.trim()).slice(0, 5)
  if (!head.some((l) => command.test(l)) && head.some((l) => vso.test(l))) return raw.split('\n').map((l) => { const m = vso.exec(l); return m ? azure(m) : l }).join('\n')
  if (!head.some((l) => command.test(l))) return raw
  const unescape = (s) => s.replace(/%0D/g, '').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%')
  return raw.split('\n').map((l) => {
    const m = command.exec(l)
    if (!m) return l
    const params = Object.fromEntries((m[2] ?? '').split(',').map((p) => p.split('=')).filter((p) => p.length === 2).map(([k, v]) => [k, unescape(v)]))
    const message = unescape(m[3])
    if (!params.file) return `${m[1]}: ${message}`
    const at = params.line ? `${path.basename(params.file)}:${params.line}` : path.basename(params.file)
    if (message.split('\n')[0].includes(at)) return message
    const place = [params.file, params.line, params.col].filter(Boolean).join(':')
    const title = params.title && !message.split('\n')[0].includes(params.title) ? `${params.title}: ` : ''
    return `${place}: ${m[1]}: ${title}${message}`
  }).join('\n')
}

const number = (n) => new RegExp(`(^|[^\\d])${n}($|[^\\d])`)
const firstLine = (s) => s.replace(/<!\[CDATA\[|\]\]>/g, '').split('\n').map((l) => l.trim()).find(Boolean) ?? ''
// Keys under which a finding holds its fix's or suggestion's edits (replacement text at a place).
const FIX_KEYS = new Set(['fix', 'fixes', 'suggestions', 'replacements', 'edits'])
const unxml = (s) => s.replace(/&quot;/g, '"').replace(/&apos;|&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

/** The facts of a structured report: `[kind, ...parts]` each, none when `raw` is not one.
 * - JSON (one document, or one per line): each object with a message (`message`, `msg`, `text`,
 *   `description`, `title`) and a place (a file, or a line: its own, or its `location`'s,
 *   `start`'s, `range.start`'s) is a finding: its message's first line, and its file's name with
 *   its line, each a fact of its own (a text may group findings by file or by message). Objects
 *   without both (a fix's replacements and text, a suggestion) are not findings.
 * - JUnit XML: each failing or erroring test case's name and its message's first line, each
 *   skipped case's name and reason, and each suite's test and failure counts. A passing case's
 *   name is not a fact (the issue: repeated test lines are counted, not listed). */
function structured(raw) {
  const text = raw.trim()
  const out = []
  if (/^<\?xml|^<testsuites?[\s>]/.test(text)) {
    for (const m of text.matchAll(/<testsuite\b([^>]*)>/g)) {
      const attr = (k) => new RegExp(`\\b${k}="(\\d+)"`).exec(m[1])?.[1]
      // As the report says it (`tests="7"`) or as a sentence (`7 tests`, `2 failures`).
      if (attr('tests')) out.push(['summary', new RegExp(`\\b${attr('tests')} tests?\\b|\\btests="${attr('tests')}"`)])
      if (Number(attr('failures')) > 0) out.push(['summary', new RegExp(`\\b${attr('failures')} fail|\\bfailures="${attr('failures')}"`)])
    }
    for (const m of text.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
      const name = unxml(/\bname="([^"]*)"/.exec(m[1])?.[1] ?? '')
      const body = m[2] ?? ''
      const failed = /<(failure|error)\b([^>]*?)(?:\/>|>([\s\S]*?)<\/\1>)/.exec(body)
      const skipped = /<skipped\b([^>]*?)(?:\/>|>([\s\S]*?)<\/skipped>)/.exec(body)
      if (failed) {
        out.push(['test', name])
        const message = unxml(/\bmessage="([^"]*)"/.exec(failed[2])?.[1] ?? firstLine(failed[3] ?? ''))
        if (message) out.push(['message', firstLine(message)])
      } else if (skipped) {
        out.push(['test', name])
        const reason = unxml(/\bmessage="([^"]*)"/.exec(skipped[1])?.[1] ?? firstLine(skipped[2] ?? ''))
        if (reason) out.push(['message', firstLine(reason)])
      }
    }
    // A linter's findings as XML: cppcheck's `--xml` (`<error msg=…>` with its `<location
    // file= line=>`s) and the checkstyle format (`<file name=>` around `<error line= message=>`):
    // each finding's message and each of its places (the file's name with its line), as for
    // a JSON report. The markup, the tool's version and a finding's `<symbol>` are no facts.
    if (/<(results|checkstyle)\b/.test(text.slice(0, 512))) {
      const attr = (tag, k) => { const v = new RegExp(`\\s${k}="([^"]*)"`).exec(tag)?.[1]; return v === undefined ? undefined : unxml(v) }
      let file = null
      for (const m of text.matchAll(/<(\/?)(file|error|location)\b([^>]*)>/g)) {
        const [, close, el, tag] = m
        if (el === 'file') { file = close ? null : attr(tag, 'name') ?? null; continue }
        if (close) continue
        const message = attr(tag, 'msg') ?? attr(tag, 'message')
        // As a text shows it, or as the XML spells it (`&apos;r&apos;`, the report passed as it is).
        const spelled = new RegExp(`\\s(?:msg|message)="([^"]*)"`).exec(tag)?.[1]
        if (el === 'error' && message) {
          const shown = norm(firstLine(message))
          out.push(['message', spelled === undefined || norm(spelled) === shown ? shown : new RegExp(`${esc(shown)}|${esc(norm(firstLine(spelled)))}`)])
        }
        const at = el === 'location' ? attr(tag, 'file') : el === 'error' && attr(tag, 'line') ? file : null
        if (at && attr(tag, 'line')) out.push(['location', path.basename(at), number(attr(tag, 'line'))])
      }
    }
    return out
  }
  let docs
  // One document or one a line; then the same without the program's lines after its last
  // bracketed one (a note on stderr after the report).
  const parse = (t) => {
    try { return [JSON.parse(t)] } catch {
      try { return t.split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l)) } catch { return null }
    }
  }
  docs = parse(text)
  if (!docs) {
    const ls = text.split('\n')
    let last = ls.length - 1
    while (last > 0 && !/^[{}[\]]/.test(ls[last])) last--
    if (last < ls.length - 1 && ls.length - 1 - last <= 4) docs = parse(ls.slice(0, last + 1).join('\n'))
    if (!docs) return out
  }
  const pick = (o, keys) => keys.map((k) => o?.[k]).find((v) => v !== undefined && v !== null && typeof v !== 'object')
  // A map keyed by file (phpcs's `"files": {"src/a.php": {"messages": […]}}`): the key is the
  // file of the findings under it.
  const pathKey = (k) => /\/[^/\s]*[^/\s.]\.[A-Za-z0-9]+$/.test(k) && !/\s/.test(k)
  const walk = (v, keyed) => {
    if (Array.isArray(v)) { for (const i of v) walk(i, keyed); return }
    if (!v || typeof v !== 'object') return
    const message = pick(v, ['message', 'msg', 'text', 'description', 'title', 'issue_text'])
    const file = pick(v, ['file', 'path', 'filename', 'filePath', 'file_path']) ?? pick(v.location, ['file', 'path', 'filename']) ?? keyed
    const line = pick(v, ['line', 'lineNumber', 'line_number', 'startLine', 'row'])
      ?? pick(v.location, ['line', 'row']) ?? pick(v.start, ['line', 'row']) ?? pick(v.range?.start, ['line', 'row'])
      // reviewdog's rdjson (`location.range.start`), Code Climate's (`location.positions.begin`:
      // ruff's and ty's `gitlab`).
      ?? pick(v.location?.range?.start, ['line', 'row']) ?? pick(v.location?.positions?.begin, ['line'])
    // A finding has a place; a message without one is a fix's or a suggestion's (`fix: {range,
    // text}`, ruff's `fix.message`), part of the finding it hangs under.
    if (typeof message === 'string' && message.trim() && (typeof file === 'string' || Number.isInteger(line))) {
      // As a text shows it, or as the JSON itself spells it (`\"quoted\"`, a passed-through report).
      const shown = norm(firstLine(message))
      const spelled = norm(JSON.stringify(firstLine(message)).slice(1, -1))
      out.push(['message', shown === spelled ? shown : new RegExp(`${esc(shown)}|${esc(spelled)}`)])
      if (typeof file === 'string' && file && Number.isInteger(line)) out.push(['location', path.basename(file), number(line)])
      else if (typeof file === 'string' && file) out.push(['path', path.basename(file)])
    }
    // A fix's or suggestion's edits (rdjson's `suggestions: [{range, text}]`, eslint's `fix`,
    // clang's `replacements`) are replacement text at a place, part of the finding above them.
    for (const [k, child] of Object.entries(v)) {
      if (child && typeof child === 'object' && !FIX_KEYS.has(k)) walk(child, !Array.isArray(v) && pathKey(k) ? k : keyed)
    }
  }
  // SARIF (ruff's, eslint's, semgrep's `sarif`): each run's results, their message's text and
  // their first place (its file's name with its start line); the tool's rule catalogue is no fact.
  const sarif = docs.length === 1 && Array.isArray(docs[0]?.runs) && docs[0].runs.every((r) => Array.isArray(r?.results))
  if (sarif) {
    for (const run of docs[0].runs) for (const r of run.results) {
      const text = r.message?.text
      const at = r.locations?.[0]?.physicalLocation
      if (typeof text === 'string' && text.trim()) out.push(['message', norm(firstLine(text))])
      const uri = at?.artifactLocation?.uri
      if (typeof uri === 'string' && Number.isInteger(at?.region?.startLine)) out.push(['location', path.basename(uri), number(at.region.startLine)])
    }
    return out
  }
  for (const d of docs) walk(d)
  return out
}
/** A padded table near the top of `lines`: its rule's line, header cells, rows' cells, where it
 * ends and, per column, the cell every row has (null where they differ; never the first column,
 * which names the row). Null when there is none, or fewer than 8 rows. */
function paddedTable(lines) {
  for (let rule = 1; rule < Math.min(lines.length, 9); rule++) {
    const l = lines[rule].trimEnd()
    if (l.length < 10 || !/^[-=+| ]+$/.test(l)) continue
    const dashes = (l.match(/-/g) ?? []).length, equals = (l.match(/=/g) ?? []).length
    if (Math.max(dashes, equals) * 10 < l.length * 7) continue
    const body = equals > dashes ? '=' : '-'
    const starts = [0]
    for (let i = 1; i < l.length; i++) {
      if (l[i] === body && l[i - 1] !== body && !/^ *$/.test(l.slice(0, i))) starts.push(i)
    }
    if (starts.length < 2) continue
    const last = starts[starts.length - 1]
    const cellsOf = (line) => starts.map((s, i) => line.slice(s, starts[i + 1] ?? line.length).trim())
    // With three columns or more, a row may leave its last cell empty (pip list's editable
    // location, said only for a package installed from a directory).
    const reach = starts.length > 2 ? starts[starts.length - 2] : last
    const isRow = (line) => {
      const l = line.length > last ? line : line.trimEnd()
      return l.trim() && l.length > reach && starts.slice(1).filter((s) => s < l.length).every((s) => l[s - 1] === ' ' && (l[s] !== ' ' || s === last))
    }
    let end = rule + 1
    while (end < lines.length && isRow(lines[end])) end++
    if (end - rule - 1 < 8) continue
    const rows = lines.slice(rule + 1, end).map(cellsOf)
    const constant = starts.map((_, i) => (i > 0 && rows[0][i] && rows.every((r) => r[i] === rows[0][i]) ? rows[0][i] : null))
    return { rule, end, header: cellsOf(lines[rule - 1]), rows, constant }
  }
  return null
}

/** A drawn table near the top of `lines` (psql's `a | b` under `---+---`, mysql's and
 * sqlite3 -box's bordered ones, markdown's `|---|---|`): as paddedTable's result, the cells
 * those between the rule's separators. Null when there is none, or fewer than 8 rows. */
function drawnTable(lines) {
  const marks = /^[-=:+| ─═┼├┤┌┬┐└┴┘╪╞╡│]+$/u
  const isRule = (l) => [...l.trim()].length >= 3 && marks.test(l.trim()) && /[-=─═]/.test(l)
  const seps = /[+|┼├┤┌┬┐└┴┘╪╞╡│]/u
  for (let rule = 1; rule < Math.min(lines.length, 10); rule++) {
    const r = [...lines[rule].trimEnd()]
    if (!isRule(lines[rule])) continue
    const at = r.flatMap((ch, i) => (seps.test(ch) ? [i] : []))
    if (!at.length) continue
    const outer = at[0] === 0 && at[at.length - 1] === r.length - 1
    if (at.length + 1 - (outer ? 2 : 0) < 2) continue
    const cellsOf = (line) => {
      const l = [...line.trimEnd()]
      if (isRule(line) || at.some((p) => l[p] !== '|' && l[p] !== '│')) return null
      const cells = []
      let from = 0
      at.forEach((p, k) => { if (!(outer && k === 0)) cells.push(l.slice(from, p).join('').trim()); from = p + 1 })
      if (!outer) cells.push(l.slice(from).join('').trim())
      return cells
    }
    const header = cellsOf(lines[rule - 1])
    if (!header) continue
    let end = rule + 1
    while (end < lines.length && cellsOf(lines[end])) end++
    if (end - rule - 1 < 8) continue
    const rows = lines.slice(rule + 1, end).map(cellsOf)
    const constant = header.map((_, i) => (i > 0 && rows[0][i] && rows.every((row) => row[i] === rows[0][i]) ? rows[0][i] : null))
    return { rule, end: end < lines.length && isRule(lines[end]) ? end + 1 : end, header, rows, constant }
  }
  return null
}

/** Records said a field a line (`        id = 1`, the `=` at one column in a record), a blank
 * line between them, each with the same names; null unless the whole text is two or more. */
function recordList(lines) {
  const blocks = [[]]
  for (const l of lines) if (l === '') { if (blocks.at(-1).length) blocks.push([]) } else blocks.at(-1).push(l)
  if (!blocks.at(-1).length) blocks.pop()
  if (blocks.length < 2) return null
  let names = null
  const rows = []
  for (const b of blocks) {
    const head = b.find((l) => !l.startsWith(' ')) ?? ''
    const at = head.indexOf(' = ') >= 0 ? head.indexOf(' = ') : head.endsWith(' =') ? head.length - 2 : -1
    if (at < 0) return null
    const fields = b.map((l) => [l.slice(0, at).trim(), l.slice(at)])
    if (fields.some(([n, rest]) => !n || !(rest === ' =' || rest.startsWith(' = ')))) return null
    const ns = fields.map(([n]) => n)
    if (names && names.join('\n') !== ns.join('\n')) return null
    names ??= ns
    rows.push(fields.map(([, rest]) => rest.slice(3)))
  }
  return names.length >= 2 ? { start: 0, end: lines.length, names, rows } : null
}

/** The programs the build, lint and test rules are written for: their other lines are noise. */
const BUILD_TOOLS = new Set(['cargo', 'rustc', 'rustfmt', 'go', 'gcc', 'g++', 'cc', 'c++', 'clang', 'clang++', 'make', 'gmake', 'cmake', 'ninja', 'ctest', 'tsc', 'eslint', 'prettier', 'black', 'vitest', 'jest', 'npm', 'npx', 'pnpm', 'yarn', 'bun', 'node', 'pytest', 'python', 'python3', 'ruff', 'flake8', 'mypy', 'pip', 'pip3'])

// Quoted text aside (`-R "Vec|always"` is one argument), no pipe, list or substitution.
export const simple = (cmd) => !/&&|\|\||;|\||\$\(|`/.test(cmd.replace(/'[^']*'|"(?:[^"\\]|\\.)*"/g, 'q'))
