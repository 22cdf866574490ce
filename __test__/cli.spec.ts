// The `agent-shell` command (docs/api.md §11): `run` streams output live and exits with the command's
// code; `--help` says how. Runs the built dist/cli.js (npm test builds it first: `tsc -p ts`).
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventually, processesWith, sleepMarker } from './helpers'

const root = dirname(import.meta.dirname)
const cli = join(root, 'dist', 'cli.js')
let home = ''

function agentShell(args: string[], options: { cwd?: string; input?: string } = {}) {
  const r = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', timeout: 20_000, cwd: options.cwd ?? home, env: { ...process.env, HOME: home }, input: options.input })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}

beforeAll(() => {
  expect(existsSync(cli), 'dist/cli.js is missing: run `npm run build:ts` (npm test does)').toBe(true)
  home = mkdtempSync(join(tmpdir(), 'agent-shell-cli-'))
})
afterAll(() => rmSync(home, { recursive: true, force: true }))

describe('agent-shell run', () => {
  it('prints the output (stdout and stderr merged) and exits with the command’s code', () => {
    expect(agentShell(['run', '--', 'echo out; echo err >&2; exit 7'])).toEqual({ status: 7, stdout: 'out\nerr\n', stderr: '' })
    expect(agentShell(['run', '--', 'true'])).toMatchObject({ status: 0, stdout: '' })
  })

  it('joins the words after -- into one command, and takes the command without -- too', () => {
    expect(agentShell(['run', '--', 'echo', 'a', '&&', 'echo', 'b'])).toMatchObject({ status: 0, stdout: 'a\nb\n' })
    expect(agentShell(['run', 'echo', 'plain'])).toMatchObject({ status: 0, stdout: 'plain\n' })
  })

  it('exits 128+n when the command dies of signal n, 124 on --timeout', () => {
    expect(agentShell(['run', '--', 'kill -SEGV $$'])).toMatchObject({ status: 139 })
    expect(agentShell(['run', '--', 'kill -TERM $$'])).toMatchObject({ status: 143 })
    const started = Date.now()
    expect(agentShell(['run', '--timeout', '1', '--', 'echo before; sleep 30'])).toMatchObject({ status: 124, stdout: 'before\n' })
    expect(Date.now() - started).toBeLessThan(15_000)
  })

  it('runs in --cwd, and reports a bad one on stderr with status 2', () => {
    expect(agentShell(['run', '--cwd', '/usr', '--', 'pwd'])).toMatchObject({ status: 0, stdout: '/usr\n' })
    expect(agentShell(['run', '--cwd=/usr', '--', 'pwd'])).toMatchObject({ status: 0, stdout: '/usr\n' })
    const bad = agentShell(['run', '--cwd', join(home, 'missing'), '--', 'true'])
    expect(bad).toMatchObject({ status: 2, stdout: '' })
    expect(bad.stderr).toMatch(/ERR_CWD_NOT_FOUND/)
  })

  it('prints the result object with --json', () => {
    const r = agentShell(['run', '--json', '--', 'printf "a\\nb\\n"; exit 3'])
    expect(r.status).toBe(3)
    expect(JSON.parse(r.stdout)).toMatchObject({
      exitCode: 3,
      cancelled: false,
      timedOut: false,
      durationMs: expect.any(Number),
      output: { output: 'a\nb\n', truncated: false, totalBytes: 4 },
    })
    expect(JSON.parse(agentShell(['run', '--json', '--timeout', '1', '--', 'sleep 30']).stdout)).toMatchObject({ timedOut: true })
  })

  it('runs on a terminal with --pty', () => {
    expect(agentShell(['run', '--pty', '--', '[ -t 1 ] && echo terminal; exit 5'])).toMatchObject({ status: 5, stdout: 'terminal\r\n' })
    const json = agentShell(['run', '--pty', '--json', '--', 'echo on-screen'])
    expect(JSON.parse(json.stdout)).toMatchObject({ exitCode: 0, output: 'on-screen' })
  })

  it('streams output live, before the command ends', async () => {
    const child = spawn(process.execPath, [cli, 'run', '--', 'echo first; sleep 2; echo second'], { env: { ...process.env, HOME: home } })
    const started = Date.now()
    const firstAt = await new Promise<number>((resolve) => child.stdout.once('data', () => resolve(Date.now() - started)))
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    const total = Date.now() - started
    expect(code).toBe(0)
    expect(total - firstAt).toBeGreaterThan(1000) // the first line came well before the end
  })

  it('on SIGINT kills the command’s tree and exits 130', async () => {
    const marker = sleepMarker()
    const child = spawn(process.execPath, [cli, 'run', '--', `echo ready; sleep ${marker}`], { env: { ...process.env, HOME: home } })
    await new Promise((resolve) => child.stdout.once('data', resolve))
    child.kill('SIGINT')
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(130)
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
  })

  it('on SIGTERM kills the command’s tree and exits 143 (128+15)', async () => {
    const marker = sleepMarker()
    const child = spawn(process.execPath, [cli, 'run', '--', `echo ready; sleep ${marker}`], { env: { ...process.env, HOME: home } })
    await new Promise((resolve) => child.stdout.once('data', resolve))
    child.kill('SIGTERM')
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
    expect(code).toBe(143)
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
  })

  it('ends quietly when stdout closes (| head -1): the command’s tree killed, status 141 as SIGPIPE gives', async () => {
    const marker = sleepMarker()
    const r = spawnSync('bash', ['-c', `set -o pipefail; "$0" "$1" run -- 'seq 1 3000000; sleep ${marker}' | head -1`, process.execPath, cli], {
      encoding: 'utf8',
      timeout: 20_000,
      env: { ...process.env, HOME: home },
    })
    expect(r).toMatchObject({ status: 141, stdout: '1\n', stderr: '' })
    // Killed before the CLI exits; the last of it may take a moment to be gone from the table.
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
    expect(spawnSync('bash', ['-c', `"$0" "$1" run -- 'seq 1 3000000' | head -1`, process.execPath, cli], { encoding: 'utf8' })).toMatchObject({ status: 0, stdout: '1\n', stderr: '' })
  })

  it('hands the command this program’s stdin with --stdin (else /dev/null)', () => {
    expect(agentShell(['run', '--stdin', '--', 'cat; echo end'], { input: 'hi\nthere\n' })).toEqual({ status: 0, stdout: 'hi\nthere\nend\n', stderr: '' })
    expect(agentShell(['run', '--', 'cat; echo end'], { input: 'hi\n' })).toMatchObject({ status: 0, stdout: 'end\n' })
    expect(agentShell(['run', '--stdin', '--pty', '--', 'cat'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--stdin cannot be used with --pty/) })
  })

  it('prints its version with --version', () => {
    const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
    expect(agentShell(['--version'])).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' })
  })

  it('rejects bad usage with status 2 and a hint', () => {
    expect(agentShell(['run'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/no command given/) })
    expect(agentShell(['run', '--timeout', 'soon', '--', 'true'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/--timeout must be a positive number/) })
    expect(agentShell(['run', '--bogus', '--', 'true'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/unknown option --bogus/) })
    expect(agentShell(['frobnicate'])).toMatchObject({ status: 2, stderr: expect.stringMatching(/unknown command "frobnicate"[\s\S]*agent-shell --help/) })
  })
})

describe('agent-shell --help', () => {
  it('describes both commands', () => {
    const r = agentShell(['--help'])
    expect(r.status).toBe(0)
    expect(r.stdout).toContain('agent-shell run [--cwd DIR] [--timeout SECONDS] [--pty] [--json] [--stdin] [--snapshot] -- COMMAND')
    expect(r.stdout).toContain('agent-shell mcp')
    expect(r.stdout).toMatch(/128\+n/)
  })

  it('describes run’s options and exit status', () => {
    const r = agentShell(['run', '--help'])
    expect(r.status).toBe(0)
    for (const option of ['--cwd DIR', '--timeout SECONDS', '--pty', '--json', '--stdin', '--snapshot']) expect(r.stdout).toContain(option)
    expect(r.stdout).toMatch(/Exit status: the command's exit code; 128\+n/)
  })

  it('describes the MCP server’s options', () => {
    const r = agentShell(['mcp', '--help'])
    expect(r.status).toBe(0)
    expect(r.stdout).toMatch(/Model Context Protocol/)
    for (const option of ['--cwd DIR', '--auto-background-ms MS', '--interceptor']) expect(r.stdout).toContain(option)
  })
})
