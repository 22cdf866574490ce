// The package as a user gets it: packed by the release script (scripts/release.mjs), installed from
// its tarballs into a fresh project with no Rust toolchain on PATH and no registry, then loaded
// with `require`, with ESM named imports (under Node, Bun and Deno) and compiled against by a
// strict TypeScript consumer.
import { spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const root = dirname(import.meta.dirname)
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
const platformPkg = 'agent-shell-linux-x64-gnu'
const bin = (name: string) => join(root, 'node_modules', '.bin', name)

let dir = ''
let project = ''
let tarballs: string[] = []
/** PATH without cargo, rustc or anything node_modules/.bin holds: what a user's shell may have. */
let userPath = ''

function run(cmd: string, args: string[], options: SpawnSyncOptions = {}) {
  const r = spawnSync(cmd, args, {
    cwd: project,
    encoding: 'utf8',
    timeout: 60_000,
    ...options,
    env: { PATH: userPath, HOME: dir, ...options.env },
  })
  return { status: r.status, stdout: String(r.stdout), stderr: String(r.stderr), error: r.error }
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-shell-pack-'))
  const packed = spawnSync(process.execPath, [join(root, 'scripts', 'release.mjs'), 'pack', '--out', join(dir, 'tarballs')], {
    cwd: root,
    encoding: 'utf8',
  })
  expect(packed.status, packed.stderr).toBe(0)
  tarballs = packed.stdout.trim().split('\n')

  const hasTool = (d: string) => ['cargo', 'rustc'].some((t) => existsSync(join(d, t)))
  userPath = [dirname(process.execPath), ...(process.env.PATH ?? '').split(delimiter)]
    .filter((d) => d && !hasTool(d) && !d.includes('node_modules'))
    .join(delimiter)

  project = join(dir, 'consumer')
  spawnSync('mkdir', ['-p', project])
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  // The package's registry dependencies (the MCP SDK and what it needs) as the checkout has them
  // installed, so that the install below resolves them without a registry.
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
  const copied: string[] = []
  for (const [path, entry] of Object.entries<{ dev?: boolean; devOptional?: boolean }>(lock.packages)) {
    if (path === '' || entry.dev || entry.devOptional || path.lastIndexOf('node_modules/') !== 0) continue
    cpSync(join(root, path), join(project, path), { recursive: true })
    copied.push(`${join(root, path)}/`)
  }
  // With their bin links: npm reinstalls (from the registry) a package whose bin link is missing.
  mkdirSync(join(project, 'node_modules', '.bin'), { recursive: true })
  for (const name of readdirSync(join(root, 'node_modules', '.bin'))) {
    const target = readlinkSync(join(root, 'node_modules', '.bin', name))
    if (copied.some((dir) => resolve(root, 'node_modules', '.bin', target).startsWith(dir))) symlinkSync(target, join(project, 'node_modules', '.bin', name))
  }
  // --offline with an empty cache: anything fetched from a registry would fail the install.
  const installed = run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--cache', join(dir, 'npm-cache'), ...tarballs])
  expect(installed.status, installed.stderr).toBe(0)
}, 120_000)

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('the packed package', () => {
  it('has no Rust toolchain on the install PATH', () => {
    expect(run('cargo', ['--version']).error).toMatchObject({ code: 'ENOENT' })
    expect(run('rustc', ['--version']).error).toMatchObject({ code: 'ENOENT' })
  })

  it('is a root package without a binary or install scripts, and a platform package with one', () => {
    const list = (tarball: string) => spawnSync('tar', ['tzf', tarball], { encoding: 'utf8' }).stdout.trim().split('\n').sort()
    const [platformTarball, rootTarball] = tarballs
    const dist = ['cli', 'descriptions', 'index', 'input', 'mcp', 'native', 'tools', 'types'].flatMap((m) => [`package/dist/${m}.d.ts`, `package/dist/${m}.js`])
    expect(list(rootTarball)).toEqual([...dist, 'package/README.md', 'package/index.d.ts', 'package/index.js', 'package/main.js', 'package/package.json'].sort())
    expect(list(platformTarball)).toEqual(['package/README.md', 'package/agent-shell.linux-x64-gnu.node', 'package/package.json'])
    const manifest = JSON.parse(readFileSync(join(project, 'node_modules', 'agent-shell', 'package.json'), 'utf8'))
    expect(manifest.scripts).toBeUndefined()
    expect(manifest).toMatchObject({
      name: 'agent-shell',
      version: rootPkg.version,
      main: 'main.js',
      types: 'index.d.ts',
      optionalDependencies: { [platformPkg]: rootPkg.version },
    })
    const platform = JSON.parse(readFileSync(join(project, 'node_modules', platformPkg, 'package.json'), 'utf8'))
    expect(platform).toMatchObject({ name: platformPkg, version: rootPkg.version, os: ['linux'], cpu: ['x64'], libc: ['glibc'] })
  })

  it('loads with require and runs a session', () => {
    writeFileSync(
      join(project, 'use.cjs'),
      `const { Shell, executeShell } = require('agent-shell')
      ;(async () => {
        const shell = new Shell()
        await shell.run({ command: 'X=persisted' })
        let out = ''
        const r = await shell.run({ command: 'echo "$X"' }, (e, c) => (out += c))
        await shell.close()
        const one = await executeShell({ command: 'exit 3' })
        console.log(JSON.stringify({ out, code: r.exitCode, one: one.exitCode }))
      })()`,
    )
    const r = run(process.execPath, ['use.cjs'])
    expect(r.stderr).toBe('')
    expect(JSON.parse(r.stdout)).toEqual({ out: 'persisted\n', code: 0, one: 3 })
  })

  it('gives the tool layer as agent-shell/tools and the agent-shell command', () => {
    writeFileSync(
      join(project, 'tools.mjs'),
      `import { createBashTools } from 'agent-shell/tools'
      const tools = createBashTools()
      const r = await tools.bash.execute({ command: 'echo from-tools' })
      await tools.close()
      console.log(r.content[0].text)`,
    )
    expect(run(process.execPath, ['tools.mjs'])).toMatchObject({ stdout: 'from-tools\n', status: 0 })
    const cli = run(join(project, 'node_modules', '.bin', 'agent-shell'), ['run', '--', 'echo from-cli; exit 4'])
    expect(cli).toMatchObject({ stdout: 'from-cli\n', status: 4 })
  })

  it.each([
    ['node', () => [process.execPath, 'use.mjs']],
    ['bun', () => [bin('bun'), 'use.mjs']],
    ['deno', () => [bin('deno'), 'run', '-A', 'use.mjs']],
  ])('gives ESM named imports under %s', (_, command) => {
    writeFileSync(
      join(project, 'use.mjs'),
      `import { Shell, executeShell, PtySession, OutputSink, stripAnsi } from 'agent-shell'
      const r = await executeShell({ command: 'echo esm' })
      console.log([typeof Shell, typeof PtySession, typeof OutputSink, stripAnsi('\\x1b[1mok'), r.exitCode].join(' '))`,
    )
    const [cmd, ...args] = command()
    const r = run(cmd, args, { env: { DENO_DIR: join(dir, 'deno'), NO_COLOR: '1' } })
    expect(r.stdout.trim(), r.stderr).toBe('function function function ok 0')
  })

  it('compiles a strict TypeScript consumer', () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022', 'DOM'],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
        },
        files: ['consumer.ts'],
      }),
    )
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { Shell, executeShell, OutputSink, type ShellRunResult, type OutputSummary } from 'agent-shell'
      const shell = new Shell({ sessionEnv: { A: '1' } })
      const result: Promise<ShellRunResult> = shell.run({ command: 'echo', timeoutMs: 10 }, (error: Error | null, chunk: string) => {
        if (error === null) process.stdout.write(chunk)
      })
      const code: number | undefined = (await executeShell({ command: 'true' })).exitCode
      const summary: OutputSummary = new OutputSink({ maxBytes: 10 }).dump()
      export { result, code, summary }
      declare const process: { stdout: { write(text: string): void } }
      `,
    )
    const r = run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'])
    expect(r.stdout + r.stderr).toBe('')
    expect(r.status).toBe(0)

    // And the compiler does check the package's types: a wrong field is an error.
    writeFileSync(join(project, 'consumer.ts'), `import { executeShell } from 'agent-shell'\nexecuteShell({ command: 1 })\n`)
    const wrong = run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'])
    expect(wrong.stdout).toMatch(/consumer\.ts\(2,16\): error TS2322/)
  })

  it('compiles a CommonJS TypeScript consumer (node10 resolution, which ignores exports) that imports agent-shell/tools', () => {
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { target: 'ES2022', module: 'commonjs', esModuleInterop: true, lib: ['ES2022', 'DOM'], strict: true, noEmit: true, skipLibCheck: false, types: [] },
        files: ['consumer.ts'],
      }),
    )
    writeFileSync(
      join(project, 'consumer.ts'),
      `import { createBashTools } from 'agent-shell/tools'
      import { Process, executeShell } from 'agent-shell'
      const tools = createBashTools({ cwd: '/' })
      const name: string = tools.bash.name
      const p: Process | null = Process.fromPid(1)
      export { name, p, executeShell }
      `,
    )
    const r = run(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'])
    expect(r.stdout + r.stderr).toBe('')
    expect(r.status).toBe(0)
  })

  it('fails to load with a clear error when no binary matches', () => {
    const platformDir = join(project, 'node_modules', platformPkg)
    renameSync(platformDir, `${platformDir}.away`)
    try {
      const r = run(process.execPath, ['-e', "try { require('agent-shell') } catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })) }"])
      const error = JSON.parse(r.stdout)
      expect(error.code).toBe('ERR_NATIVE_BINARY_NOT_FOUND')
      expect(error.message).toContain('no native binary could be loaded for linux-x64-gnu (Node ')
      expect(error.message).toContain(`the package ${platformPkg}@${rootPkg.version}`)
      expect(error.message).toContain('./agent-shell.linux-x64-gnu.node')
      expect(error.message).toContain('This platform has one: its package was not installed.')
      expect(error.message).toContain('To build from source')
    } finally {
      renameSync(`${platformDir}.away`, platformDir)
    }
  })
})
