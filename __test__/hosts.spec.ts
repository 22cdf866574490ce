// The runtime-agnostic part of the suite (__test__/hosts/suite.mjs) under each Node-API host users
// run agents on, at the versions pinned in devDependencies: the Node running this suite (CI's
// Node 20), Node 24, Bun and Deno. Each must pass every check and end by itself.
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = dirname(import.meta.dirname)
const pinned = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).devDependencies
// Node 24 comes from npm's per-platform `node-<os>-<cpu>` packages, optional dependencies of
// __test__/runtimes (so that `npm install` works on every OS). npm publishes them for Linux only
// at this version: elsewhere that host is skipped, with the reason in the test's name.
const runtimes = JSON.parse(readFileSync(join(root, '__test__', 'runtimes', 'package.json'), 'utf8')).optionalDependencies as Record<string, string>
const node24Package = `node-${process.platform}-${process.arch}`
const node24Version = runtimes[node24Package]
const suite = join(root, '__test__', 'hosts', 'suite.mjs')
const entry = join(root, 'main.js')
const bin = (name: string) => join(root, 'node_modules', '.bin', name)

// Deno's and Bun's caches for this run only, removed afterwards: nothing of ours stays in the temp
// dir, and nothing is written in the user's HOME (Bun keeps its transpiler cache in
// ~/.bun/install/cache otherwise).
const denoDir = mkdtempSync(join(tmpdir(), 'agent-shell-deno-'))
const bunDir = mkdtempSync(join(tmpdir(), 'agent-shell-bun-'))
afterAll(() => {
  rmSync(denoDir, { recursive: true, force: true })
  rmSync(bunDir, { recursive: true, force: true })
})
const caches = {
  DENO_DIR: denoDir,
  BUN_INSTALL_CACHE_DIR: join(bunDir, 'install'),
  BUN_RUNTIME_TRANSPILER_CACHE_PATH: join(bunDir, 'transpiler'),
}

type Report = { status: number | null; lines: string[]; stderr: string; figures: Record<string, unknown> | null }

function runSuite(command: string, args: string[], env: Record<string, string>): Promise<Report> {
  return new Promise((resolve) => {
    const child = spawn(command, [...args, suite, entry], {
      cwd: tmpdir(),
      env: { ...process.env, NO_COLOR: '1', ...caches, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    // A host kept alive by the addon would never exit: the suite itself ends in a few seconds.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.on('close', (status) => {
      clearTimeout(timer)
      const lines = stdout.trim().split('\n')
      const done = lines.find((l) => l.startsWith('done '))
      resolve({ status, lines, stderr, figures: done ? JSON.parse(done.slice(5)) : null })
    })
  })
}

const CHECKS = ['persistence', 'streaming', 'timeoutsAndTreeKill', 'close', 'roundTrips', 'pty', 'sink', 'oneShotAndFunctions']

type Host = [string, string, string[], Record<string, string>, (versions: Record<string, string>) => void]

const HOSTS: Host[] = [
  ['Node (this one)', process.execPath, [], {}, (v) => expect(v.node).toBe(process.versions.node)],
  // The path Bun and Deno take, under Node: the same checks hold with the status pipe watched on
  // the runtime rather than on the event loop.
  ['Node, runtime watch', process.execPath, [], { AGENT_SHELL_STATUS_WATCH: 'runtime' }, (v) => expect(v.node).toBe(process.versions.node)],
  // Where a runtime package is pinned, it must have been installed: a missing one fails.
  ...(node24Version
    ? [['Node 24', join(root, 'node_modules', node24Package, 'bin', 'node'), [], {}, (v) => expect(v.node).toBe(node24Version)] satisfies Host]
    : []),
  ['Bun', bin('bun'), [], {}, (v) => expect(v.bun).toBe(pinned.bun)],
  ['Deno', bin('deno'), ['run', '-A'], {}, (v) => expect(v.deno).toBe(pinned.deno)],
]

describe('every export under every Node-API host', () => {
  const reports = new Map<string, Report>()

  if (!node24Version) it.skip(`Node 24: not run here, npm has no ${node24Package} at the pinned version (__test__/runtimes pins ${Object.keys(runtimes).join(', ')})`, () => {})

  it.concurrent.each(HOSTS)('%s', async (name, command, args, env, checkVersion) => {
    const report = await runSuite(command, args, env)
    reports.set(name, report)
    expect(report.lines.filter((l) => l.startsWith('FAIL')), report.stderr).toEqual([])
    expect(report.lines.filter((l) => l.startsWith('ok ')).map((l) => l.split(' ')[1])).toEqual(CHECKS)
    expect(report.figures, `no "done" line: the host exited early or was killed\n${report.stderr}`).not.toBeNull()
    expect(report.status).toBe(0)
    checkVersion(report.figures!.versions as Record<string, string>)
    // Round trips measured, not asserted beyond sanity: 300 runs in well under 30 s.
    expect(report.figures!.roundTripUs).toBeLessThan(100_000)
  }, 90_000)

  it('gives the same sink text everywhere', () => {
    const sinks = [...reports.values()].map((r) => JSON.stringify(r.figures?.sink))
    expect(sinks).toHaveLength(HOSTS.length)
    expect(new Set(sinks).size).toBe(1)
  })
})
