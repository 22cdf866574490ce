#!/usr/bin/env node
// Type-checks agent-shell for both Apple targets with its tests, and links the release addon for
// aarch64-apple-darwin, on Linux without an Apple SDK. Not part of `npm test` (it takes minutes);
// `npm run check:platforms` runs it.
//
//   node scripts/check-apple.mjs            # all three steps
//   node scripts/check-apple.mjs --no-link  # the two type-checks only
//
// How: Debian's rustc-web (1.96, with its rust-web-src) builds std for any target with
// `-Zbuild-std` (RUSTC_BOOTSTRAP=1); zig, from PyPI (`ziglang`, driven by `cargo-zigbuild`), is the
// C compiler of the C dependencies (tree-sitter) and the Mach-O linker, given
// MACOSX_DEPLOYMENT_TARGET and no strip step. The script installs what it needs, pinned: the apt
// packages when missing (needs root), the PyPI packages into target/apple-tools/ (its own cache).
// Prints each step's time; exits non-zero when a step fails.

import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, copyFileSync, statSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const tools = join(root, 'target', 'apple-tools')
const py = join(tools, 'py')
const targetDir = join(root, 'target', 'apple')

// Pinned: the versions this check was measured with.
const APT = { 'rustc-web': '1.96.0+dfsg1-1~deb12u2', 'rust-web-src': '1.96.0+dfsg1-1~deb12u2', 'cargo-web': '1.96.0+dfsg1-1~deb12u2' }
const PYPI = { ziglang: '0.15.2', 'cargo-zigbuild': '0.24.1' }
const DEPLOYMENT_TARGET = '11.0'
const TARGETS = ['aarch64-apple-darwin', 'x86_64-apple-darwin']

const link = !process.argv.includes('--no-link')
const timings = []

function step(name, fn) {
  const t0 = Date.now()
  process.stdout.write(`\n== ${name}\n`)
  try {
    fn()
  } catch (e) {
    const s = ((Date.now() - t0) / 1000).toFixed(1)
    console.error(`\n!! ${name} failed after ${s} s: ${e.message}`)
    report()
    process.exit(1)
  }
  const s = (Date.now() - t0) / 1000
  timings.push([name, s])
  console.log(`-- ${name}: ${s.toFixed(1)} s`)
}

function report() {
  console.log('\nTimings:')
  for (const [name, s] of timings) console.log(`  ${s.toFixed(1).padStart(7)} s  ${name}`)
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (r.error) throw r.error
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`)
}

function installedVersion(pkg) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

step('tools: apt (rustc-web, rust-web-src, cargo-web)', () => {
  const missing = Object.entries(APT).filter(([pkg]) => !installedVersion(pkg))
  for (const [pkg, v] of Object.entries(APT)) {
    const have = installedVersion(pkg)
    if (have && have !== v) console.log(`note: ${pkg} ${have} installed (measured with ${v})`)
  }
  if (missing.length === 0) return console.log('installed')
  run('apt-get', ['update'])
  run('apt-get', ['install', '-y', '--no-install-recommends', ...missing.map(([p, v]) => `${p}=${v}`)])
})

step(`tools: PyPI (${Object.entries(PYPI).map(([p, v]) => `${p}==${v}`).join(', ')})`, () => {
  const want = Object.entries(PYPI).map(([p, v]) => `${p.replace(/-/g, '_')}-${v}.dist-info`)
  if (want.every((d) => existsSync(join(py, d)))) return console.log(`cached in ${py}`)
  mkdirSync(py, { recursive: true })
  run('python3', ['-m', 'pip', 'install', '--quiet', '--upgrade', '--target', py, ...Object.entries(PYPI).map(([p, v]) => `${p}==${v}`)])
})

const env = {
  // Debian's toolchain, not rustup's: its std sources build std for the Apple targets.
  PATH: `/usr/bin:${join(py, 'bin')}:${process.env.PATH}`,
  CARGO: '/usr/bin/cargo',
  RUSTC: '/usr/bin/rustc',
  RUSTC_BOOTSTRAP: '1',
  PYTHONPATH: py,
  CARGO_TARGET_DIR: targetDir,
  MACOSX_DEPLOYMENT_TARGET: DEPLOYMENT_TARGET,
  // Cargo strips a release build's debug info by default, on Apple targets with rustc's
  // rust-objcopy, which Debian's rustc-web does not ship ("unable to run rust-objcopy"); the
  // release packages are built on macOS runners by CI, so the check links unstripped.
  CARGO_PROFILE_RELEASE_STRIP: 'false',
}
const zigbuild = join(py, 'bin', 'cargo-zigbuild')

for (const target of TARGETS) {
  step(`cargo check --tests --target ${target}`, () => {
    run(zigbuild, ['check', '-Zbuild-std', '--tests', '--target', target], env)
  })
}

if (link) {
  const target = TARGETS[0]
  step(`link the release addon for ${target}`, () => {
    run(zigbuild, ['zigbuild', '-Zbuild-std', '--release', '--lib', '--target', target], env)
    const dylib = join(targetDir, target, 'release', 'libagent_shell.dylib')
    const bytes = readFileSync(dylib)
    // MH_MAGIC_64 (0xfeedfacf, little-endian) and CPU_TYPE_ARM64 (0x0100000c).
    const magic = bytes.readUInt32LE(0)
    const cpu = bytes.readUInt32LE(4)
    const filetype = bytes.readUInt32LE(12)
    if (magic !== 0xfeedfacf || cpu !== 0x0100000c || filetype !== 6 /* MH_DYLIB */) {
      throw new Error(`${dylib} is not an arm64 Mach-O dylib (magic ${magic.toString(16)}, cpu ${cpu.toString(16)}, type ${filetype})`)
    }
    const node = join(targetDir, 'agent-shell.darwin-arm64.node')
    copyFileSync(dylib, node)
    console.log(`${node}: arm64 Mach-O dylib, ${statSync(node).size} bytes`)
  })
}

report()
