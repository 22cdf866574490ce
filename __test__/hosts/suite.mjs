// The runtime-agnostic part of the suite: every export exercised the same way under any Node-API
// host (Node, Bun, Deno), with nothing but what all of them share (node:* modules, createRequire).
// Run as `<runtime> suite.mjs <path of the package entry>`; `__test__/hosts.spec.ts` runs it under
// each pinned runtime. Prints one `ok <name>` line per check and `done <json>` at the end; exits
// non-zero on the first failure. It ends by itself: a host kept alive (or one that exits with a
// run pending) shows as a missing `done` line.
import { createRequire } from 'node:module'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import process from 'node:process'

const entry = process.argv[2]
if (!entry) throw new Error('usage: suite.mjs <package entry>')
const require = createRequire(import.meta.url)
const {
  Shell,
  PtySession,
  OutputSink,
  executeShell,
  stripAnsi,
  killTree,
  listDescendants,
  applyHeadTail,
  classifyCommand,
  normalizeBashCommand,
  checkBashInterception,
  defaultInterceptorRules,
} = require(entry)

const ROUND_TRIPS = 300
const figures = {}
const dir = mkdtempSync(join(tmpdir(), 'agent-shell-host-'))

function check(condition, what, detail) {
  if (!condition) {
    throw new Error(`${what}${detail === undefined ? '' : `: ${JSON.stringify(detail)}`}`)
  }
}

/** Pids of living processes whose command line holds `marker`. */
function processesWith(marker) {
  const found = []
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue
    try {
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ')
      const state = readFileSync(`/proc/${name}/stat`, 'utf8').split(') ')[1]?.[0]
      if (cmdline.includes(marker) && state !== 'Z') found.push(Number(name))
    } catch {
      // ended while we looked
    }
  }
  return found
}

async function eventually(condition, ms = 5000) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (condition()) return true
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return condition()
}

const checks = {
  async persistence() {
    const shell = new Shell({ sessionEnv: { FROM_SESSION: 'yes' } })
    try {
      await shell.run({ command: `export A=1; B=2; f() { echo "f:$1"; }; alias g='echo g'; cd ${dir}` })
      const r = await shell.run({ command: 'shopt -s expand_aliases\necho "$A$B $FROM_SESSION"; f x; pwd' })
      check(r.exitCode === 0 && r.workingDir === dir, 'state carried over', r)
      let out = ''
      await shell.run({ command: 'echo "$A$B"; f y; pwd' }, (error, chunk) => (out += chunk))
      check(out === `12\nf:y\n${dir}\n`, 'variables, functions and cwd persist', out)
      const status = await shell.run({ command: 'false' })
      check(status.exitCode === 1 && !status.cancelled && !status.timedOut, 'exit status is a result', status)
    } finally {
      await shell.close()
    }
  },

  async streaming() {
    const shell = new Shell()
    try {
      const chunks = []
      const r = await shell.run(
        { command: 'for i in 1 2 3; do echo "line $i"; sleep 0.2; done; echo err >&2' },
        (error, chunk) => chunks.push(chunk),
      )
      check(r.exitCode === 0, 'streamed run exits 0', r)
      check(chunks.join('') === 'line 1\nline 2\nline 3\nerr\n', 'every chunk, in order, before settling', chunks)
      check(chunks.length >= 2, 'output arrives while the command runs', chunks)
      const utf8 = []
      await shell.run({ command: "printf 'caf\\xc3'; sleep 0.1; printf '\\xa9\\n'" }, (e, c) => utf8.push(c))
      check(utf8.join('') === 'café\n', 'a character split across reads stays whole', utf8)
    } finally {
      await shell.close()
    }
  },

  async timeoutsAndTreeKill() {
    const marker = `1000.${process.pid}7`
    const shell = new Shell()
    try {
      const started = Date.now()
      const r = await shell.run({
        command: `sleep ${marker} & setsid sleep ${marker} & (trap '' TERM; sleep ${marker}) & sleep ${marker}`,
        timeoutMs: 300,
      })
      check(r.timedOut && !r.cancelled && r.exitCode === undefined, 'the run timed out', r)
      check(Date.now() - started < 10_000, 'the timeout ended the run promptly', Date.now() - started)
      check(await eventually(() => processesWith(marker).length === 0), 'every process of the tree is gone', processesWith(marker))
      const after = await shell.run({ command: 'echo still' })
      check(after.exitCode === 0, 'the session serves the next run', after)

      const controller = new AbortController()
      const pending = shell.run({ command: `sleep ${marker}`, signal: controller.signal })
      setTimeout(() => controller.abort(), 200)
      const aborted = await pending
      check(aborted.cancelled && aborted.exitCode === undefined, 'an AbortSignal cancels the run', aborted)
      check(await eventually(() => processesWith(marker).length === 0), 'the aborted command is gone')

      const parent = await executeShell({ command: `sleep ${marker} & sleep ${marker} & echo $$; wait`, timeoutMs: 400 })
      check(parent.timedOut, 'executeShell times out too', parent)
      check(await eventually(() => processesWith(marker).length === 0), 'executeShell leaves nothing behind')
    } finally {
      await shell.close()
    }
  },

  async close() {
    const shell = new Shell()
    let pid = ''
    await shell.run({ command: 'echo $$' }, (e, c) => (pid += c))
    pid = Number(pid.trim())
    check(pid > 0 && listDescendants(process.pid).includes(pid), 'the session shell is our descendant', pid)
    await shell.close()
    await shell.close()
    check(await eventually(() => !listDescendants(process.pid).includes(pid)), 'close kills the shell')
    const error = await shell.run({ command: 'true' }).then(() => null, (e) => e)
    check(error?.code === 'ERR_SESSION_CLOSED', 'a run after close rejects with its code', error?.code)
  },

  async roundTrips() {
    const shell = new Shell()
    try {
      await shell.run({ command: 'true' })
      const started = performance.now()
      for (let i = 0; i < ROUND_TRIPS; i++) {
        let out = ''
        const r = await shell.run({ command: `echo ${i}` }, (e, c) => (out += c))
        if (r.exitCode !== 0 || out !== `${i}\n`) check(false, `round trip ${i}`, { r, out })
      }
      figures.roundTripUs = Math.round(((performance.now() - started) * 1000) / ROUND_TRIPS)
      // Runs queued at once settle in call order.
      const queued = await Promise.all(Array.from({ length: 20 }, (_, i) => shell.run({ command: `exit_code=${i}; (exit ${i % 3})` })))
      check(queued.every((r, i) => r.exitCode === i % 3), 'queued runs settle in order', queued.map((r) => r.exitCode))
    } finally {
      await shell.close()
    }
  },

  async pty() {
    const pty = new PtySession()
    let out = ''
    let pid = 0
    const result = await pty.start(
      { command: 'tty; read -r line; echo "got:$line"', cols: 80, rows: 10 },
      (e, chunk) => (out += chunk),
      (e, started) => {
        pid = started
        pty.write('hello\r')
      },
    )
    check(result.exitCode === 0 && !result.timedOut, 'the PTY command exits 0', result)
    check(pid > 0, 'onStart gave a pid', pid)
    check(/\/dev\/pts\/\d+/.test(out) && out.includes('got:hello'), 'a terminal, and input reaches it', out)
    check(pty.screen().includes('got:hello'), 'the screen model shows the output', pty.screen())
    const thrown = (() => {
      try {
        pty.write('x')
      } catch (e) {
        return e
      }
    })()
    check(thrown?.code === 'ERR_PTY_NOT_RUNNING', 'write after exit throws with its code', thrown?.code)
    const killed = pty.start({ command: `sleep 1000.${process.pid}8` })
    await new Promise((resolve) => setTimeout(resolve, 200))
    pty.kill()
    const k = await killed
    check(k.exitCode !== 0, 'kill ends the PTY command', k)
  },

  async sink() {
    const sink = new OutputSink({ maxBytes: 200, headBytes: 50 })
    for (let i = 0; i < 1000; i++) sink.push(`\x1b[31mline ${i}\x1b[0m\r\n`)
    const summary = sink.dump()
    // Lines are counted as the anchor counts them: newlines + 1.
    check(summary.truncated && summary.totalLines === 1001, 'the sink truncates and counts', summary)
    check(summary.output.startsWith('line 0\n') && summary.output.endsWith('line 999\n'), 'head and tail kept, ANSI and CR gone', summary.output)
    check(summary.output.length < 400, 'near the budget', summary.output.length)
    // The spec compares this across hosts: the same input gives the same text everywhere.
    figures.sink = summary

    const artifactPath = join(dir, 'artifact.txt')
    const r = await executeShell({ command: 'seq 1 20000', output: { maxBytes: 1000, artifactPath } })
    check(r.output?.truncated && r.output.totalLines === 20001 && r.output.artifactPath === artifactPath, 'a run feeds the sink', r.output)
    check(readFileSync(artifactPath, 'utf8').split('\n').length === 20001, 'the artifact holds everything')
  },

  async oneShotAndFunctions() {
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => executeShell({ command: `echo ${i}; exit ${i}` })))
    check(results.every((r, i) => r.exitCode === i), 'concurrent executeShell', results.map((r) => r.exitCode))
    const bad = await executeShell({ command: '' }).then(() => null, (e) => e)
    check(bad?.code === 'ERR_INVALID_ARG', 'a bad option rejects with its code', bad?.code)
    check(stripAnsi('\x1b[1;31mred\x1b[0m') === 'red', 'stripAnsi')
    check(applyHeadTail('a\nb\nc\n', 2).text === 'a\nb\n', 'applyHeadTail', applyHeadTail('a\nb\nc\n', 2))
    const classified = [classifyCommand('ls -la').level, classifyCommand('rm -rf /').level]
    check(classified[0] === 'read-only' && classified[1] === 'dangerous', 'classifyCommand', classified)
    const normalized = normalizeBashCommand('cat x | head -n 3')
    check(normalized.command === 'cat x' && normalized.headLines === 3, 'normalizeBashCommand', normalized)
    const intercepted = checkBashInterception('grep foo .', defaultInterceptorRules(), ['grep'])
    check(intercepted.blocked && intercepted.suggestedTool === 'grep', 'checkBashInterception', intercepted)
    check(killTree(2 ** 22 + 1, 15) === 0, 'killTree on no process signals nothing')
  },
}

const only = process.argv[3]
for (const [name, run] of Object.entries(checks)) {
  if (only && name !== only) continue
  const started = Date.now()
  try {
    await run()
  } catch (error) {
    console.log(`FAIL ${name}: ${error?.stack ?? error}`)
    rmSync(dir, { recursive: true, force: true })
    process.exit(1)
  }
  console.log(`ok ${name} ${Date.now() - started}ms`)
}
rmSync(dir, { recursive: true, force: true })
figures.versions = process.versions
console.log(`done ${JSON.stringify(figures)}`)
