// Programs some tests need that a machine with only cargo and node lacks (zsh, Mercurial,
// Subversion), pinned here as Debian 12 (bookworm) amd64 packages: exact file, size and sha256,
// fetched from Debian's archive into target/pinned-tools/ and unpacked with dpkg-deb (or ar and
// tar). Nothing is installed on the machine: each program gets a launcher in
// target/pinned-tools/bin that points it at its unpacked files. A program already on PATH is used
// as it is.
//
//   import { pinnedPath } from './pinned-tools.mjs'
//   const { dirs, notes } = await pinnedPath(['zsh', 'hg'])   // directories to put before PATH
//   node scripts/pinned-tools.mjs zsh hg svn                  // fetch, print the bin directory
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { accessSync, chmodSync, constants, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { delimiter, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const cache = join(root, 'target', 'pinned-tools')
const DEBIAN = 'http://deb.debian.org/debian/'
const SECURITY = 'http://deb.debian.org/debian-security/'

/** Debian bookworm amd64 packages: archive path, size in bytes, sha256 (from the archive's index). */
const PACKAGES = {
  'zsh-static': [DEBIAN + 'pool/main/z/zsh/zsh-static_5.9-4+b15_amd64.deb', 1184768, 'd5cb242b3a4d7a536540c30b4ea003d2e7f3d18a30fc2721f6ba11fbac99bfa8'],
  mercurial: [DEBIAN + 'pool/main/m/mercurial/mercurial_6.3.2-1+deb12u1_amd64.deb', 335176, 'd2cbdb636a3650d8f8a9326e8a32b2b76e2cafcd69e237ec4ba8e4ea9816fe9e'],
  'mercurial-common': [DEBIAN + 'pool/main/m/mercurial/mercurial-common_6.3.2-1+deb12u1_all.deb', 2768392, 'f32d8eec41cf9a7e402685dfa48ea368bfe78ca92f673deb9c3a36d56ae1694c'],
  subversion: [DEBIAN + 'pool/main/s/subversion/subversion_1.14.2-4+deb12u1_amd64.deb', 960380, '6a712bd0ee09a92bb96910e737bd11738d41b225af681973d0f5b829ead0d197'],
  libsvn1: [DEBIAN + 'pool/main/s/subversion/libsvn1_1.14.2-4+deb12u1_amd64.deb', 1410744, '0f78e780ce8c23ca3fb5b9b769205f6fed2ce735fd8e5bafb9c943b941896b91'],
  libapr1: [DEBIAN + 'pool/main/a/apr/libapr1_1.7.2-3+deb12u1_amd64.deb', 102116, '4d4c2cbf2cd9652063b8a72fb8a5e434d4cde097454157e4428f036136a4be3e'],
  libaprutil1: [SECURITY + 'pool/updates/main/a/apr-util/libaprutil1_1.6.3-1+deb12u1_amd64.deb', 89048, '7415e4ca945533d855e7eb4b0b6c93b89a0edd88a32a55aca98dca86312a2e40'],
  'libserf-1-1': [DEBIAN + 'pool/main/s/serf/libserf-1-1_1.3.9-11_amd64.deb', 55016, '1eb33273639963e50e916a219268bfd9312f56a2b9ce88deb5488cc1232cc491'],
  libutf8proc2: [DEBIAN + 'pool/main/u/utf8proc/libutf8proc2_2.8.0-1_amd64.deb', 60060, '7664d8e2c4a7443d2d85e3ef84013d1689e7890acf57835a24d401b0d2d4badc'],
}

const LIBS = 'usr/lib/x86_64-linux-gnu'

/**
 * Each program: the packages it is unpacked from, the host programs its launcher relies on
 * (besides /bin/sh), and its launcher's body ($P is the unpacked tree). zsh-static has its modules
 * built in, so it runs from anywhere; hg is Python and runs on Debian's python3 (its C modules are
 * built for bookworm's 3.11); svn's libraries come from the tree.
 */
const PROGRAMS = {
  zsh: { packages: ['zsh-static'], hostNeeds: [], launcher: 'exec "$P/bin/zsh-static" "$@"' },
  hg: {
    packages: ['mercurial', 'mercurial-common'],
    hostNeeds: ['/usr/bin/python3'],
    launcher: `PYTHONPATH="$P/usr/lib/python3/dist-packages\${PYTHONPATH:+:$PYTHONPATH}" exec /usr/bin/python3 "$P/usr/bin/hg" "$@"`,
  },
  ...Object.fromEntries(
    ['svn', 'svnadmin', 'svnlook'].map((name) => [
      name,
      {
        packages: ['subversion', 'libsvn1', 'libapr1', 'libaprutil1', 'libserf-1-1', 'libutf8proc2'],
        hostNeeds: [],
        launcher: `LD_LIBRARY_PATH="$P/${LIBS}\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" exec "$P/usr/bin/${name}" "$@"`,
      },
    ]),
  ),
}

/** Whether `program` is an executable file in a directory of PATH. */
export function onPath(program, path = process.env.PATH ?? '') {
  for (const dir of path.split(delimiter)) {
    if (!dir) continue
    try {
      accessSync(join(dir, program), constants.X_OK)
      return true
    } catch {}
  }
  return false
}

async function download(name) {
  const [url, size, sha256] = PACKAGES[name]
  const file = join(cache, 'debs', url.split('/').pop())
  const digest = (bytes) => createHash('sha256').update(bytes).digest('hex')
  if (existsSync(file) && digest(readFileSync(file)) === sha256) return file
  const res = await fetch(url, { signal: AbortSignal.timeout(120_000) })
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`)
  const bytes = Buffer.from(await res.arrayBuffer())
  if (bytes.length !== size || digest(bytes) !== sha256) {
    throw new Error(`${url}: ${bytes.length} bytes, sha256 ${digest(bytes)}; pinned ${size} bytes, sha256 ${sha256}`)
  }
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(`${file}.part`, bytes)
  renameSync(`${file}.part`, file)
  return file
}

/** Unpacks a .deb into `dir`: dpkg-deb where it exists, else ar and tar. */
function unpack(deb, dir) {
  const r = onPath('dpkg-deb')
    ? spawnSync('dpkg-deb', ['-x', deb, dir], { encoding: 'utf8' })
    : spawnSync('sh', ['-c', 'cd "$2" && ar p "$1" data.tar.xz | tar -xJf -', 'unpack', deb, dir], { encoding: 'utf8' })
  if (r.status !== 0) throw new Error(`unpacking ${deb}: ${(r.stderr || r.error?.message || '').trim()}`)
}

/** Fetches and unpacks `program`'s packages (once) and writes its launcher; the launcher's path. */
async function provide(program) {
  const spec = PROGRAMS[program]
  const tree = join(cache, 'root', spec.packages[0])
  const stamp = join(tree, '.unpacked')
  const want = spec.packages.map((p) => PACKAGES[p][2]).join('\n')
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== want) {
    const debs = []
    for (const p of spec.packages) debs.push(await download(p))
    rmSync(tree, { recursive: true, force: true })
    mkdirSync(tree, { recursive: true })
    for (const deb of debs) unpack(deb, tree)
    writeFileSync(stamp, want)
  }
  const bin = join(cache, 'bin')
  mkdirSync(bin, { recursive: true })
  const launcher = join(bin, program)
  writeFileSync(launcher, `#!/bin/sh\n# ${program} from Debian's ${spec.packages.join(', ')} (scripts/pinned-tools.mjs)\nP='${tree}'\n${spec.launcher}\n`)
  chmodSync(launcher, 0o755)
  return launcher
}

/**
 * Makes each of `programs` runnable: those on PATH as they are, the others from the pinned
 * packages. `dirs`: directories to put in front of PATH; `notes`: a line per program that was
 * fetched or could not be (and why).
 */
export async function pinnedPath(programs) {
  const notes = []
  let fetched = false
  for (const program of programs) {
    if (onPath(program)) continue
    const spec = PROGRAMS[program]
    if (!spec) {
      notes.push(`${program}: not on PATH, and not pinned in scripts/pinned-tools.mjs`)
      continue
    }
    if (process.platform !== 'linux' || process.arch !== 'x64') {
      notes.push(`${program}: not on PATH; the pinned packages are Debian's linux x64 ones, this is ${process.platform} ${process.arch}`)
      continue
    }
    const missing = spec.hostNeeds.filter((p) => !existsSync(p))
    if (missing.length) {
      notes.push(`${program}: not on PATH; its pinned package needs ${missing.join(', ')}, not on this machine`)
      continue
    }
    try {
      await provide(program)
      fetched = true
      notes.push(`${program}: from the pinned Debian package (${PROGRAMS[program].packages.join(', ')})`)
    } catch (e) {
      notes.push(`${program}: not on PATH, and its pinned package could not be had: ${e.message}`)
    }
  }
  return { dirs: fetched ? [join(cache, 'bin')] : [], notes }
}

/** The launcher directory's path, whether or not anything is in it yet. */
export const pinnedBin = join(cache, 'bin')

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { dirs, notes } = await pinnedPath(process.argv.slice(2))
  for (const n of notes) console.error(`[pinned-tools] ${n}`)
  if (dirs.length) console.log(dirs.join(delimiter))
}
