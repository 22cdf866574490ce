#!/usr/bin/env node
// The release flow: one npm package per platform target (npm/<platform>/, napi-rs's layout) holding
// that target's binary, and the root package `agent-shell` that lists them as optionalDependencies
// and loads whichever matches. Steps (docs/platforms.md, "Releasing"):
//
//   node scripts/release.mjs version <x.y.z>   set the version everywhere it is written
//   npm run build (or CI's build job per target) -> agent-shell.<platform>.node at the root
//   node scripts/release.mjs pack [--out DIR] [--platforms a,b]  copy each binary into npm/<platform>/,
//                                              npm pack all (or, for a local test, only the platforms named)
//   node scripts/release.mjs publish [--dry-run] [--provenance] [--tag TAG]   pack, then publish platforms first
//
// `pack` refuses to go on when a target's binary is missing or a version disagrees, so a root
// package is never published that points at platform packages which were not.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = dirname(dirname(fileURLToPath(import.meta.url)))
const [command, ...rest] = process.argv.slice(2)
const option = (name) => {
  const i = rest.indexOf(name)
  return i < 0 ? undefined : rest[i + 1]
}

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'))
const writeJson = (path, value) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`)
const rootPkgPath = join(root, 'package.json')

function fail(message) {
  console.error(`release: ${message}`)
  process.exit(1)
}

/** Each platform package: its directory under npm/, its package.json, and its binary's name. */
function platforms() {
  const pkg = readJson(rootPkgPath)
  return readdirSync(join(root, 'npm')).map((platform) => {
    const dir = join(root, 'npm', platform)
    const manifest = readJson(join(dir, 'package.json'))
    return { platform, dir, manifest, binary: `${pkg.napi.binaryName}.${platform}.node` }
  })
}

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' })
  if (r.status !== 0) fail(`${cmd} ${args.join(' ')} (in ${cwd}) failed: ${r.error?.message ?? `exit ${r.status}`}`)
  return r.stdout
}

function version(next) {
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(next ?? '')) fail(`version: expected x.y.z, got ${next}`)
  const pkg = readJson(rootPkgPath)
  pkg.version = next
  for (const name of Object.keys(pkg.optionalDependencies ?? {})) pkg.optionalDependencies[name] = next
  writeJson(rootPkgPath, pkg)
  for (const p of platforms()) writeJson(join(p.dir, 'package.json'), { ...p.manifest, version: next })
  const cargo = join(root, 'Cargo.toml')
  writeFileSync(cargo, readFileSync(cargo, 'utf8').replace(/^version = ".*"$/m, `version = "${next}"`))
  console.error(`release: version ${next} in package.json, npm/*/package.json and Cargo.toml; now regenerate (npm run build) and commit`)
}

/** Checks that the packages agree, then packs them into `out`; returns the tarballs, platforms first.
 * `only` (a list of platforms) packs just those platform packages: a machine that built one binary
 * can test the install; `publish` never takes it. */
function pack(out, only) {
  const pkg = readJson(rootPkgPath)
  const listed = Object.keys(pkg.optionalDependencies ?? {}).sort()
  const all = platforms()
  const names = all.map((p) => p.manifest.name).sort()
  if (JSON.stringify(listed) !== JSON.stringify(names)) {
    fail(`optionalDependencies (${listed.join(', ')}) and npm/ (${names.join(', ')}) differ`)
  }
  const unknown = (only ?? []).filter((platform) => !all.some((p) => p.platform === platform))
  if (unknown.length > 0) fail(`--platforms: no npm/${unknown.join(', npm/')}`)
  const found = only ? all.filter((p) => only.includes(p.platform)) : all
  for (const p of found) {
    if (p.manifest.version !== pkg.version || pkg.optionalDependencies[p.manifest.name] !== pkg.version) {
      fail(`${p.manifest.name} is at ${p.manifest.version}, listed as ${pkg.optionalDependencies[p.manifest.name]}, root at ${pkg.version}`)
    }
    const built = join(root, p.binary)
    if (existsSync(built)) copyFileSync(built, join(p.dir, p.binary))
    if (!existsSync(join(p.dir, p.binary))) fail(`no ${p.binary}: build it for ${p.platform} first (npm run build, or CI's build job)`)
  }
  mkdirSync(out, { recursive: true })
  const tarballs = []
  for (const p of found) tarballs.push(packOne(p.dir, out))
  tarballs.push(packOne(stageRoot(pkg, out), out))
  return tarballs
}

/** The root package as published: its files, and a manifest without the scripts that build
 * from source in a checkout (a user's install runs nothing). */
function stageRoot(pkg, out) {
  const stage = mkdtempSync(join(out, '.stage-'))
  // What npm itself would pack from the checkout (`files`, README, LICENSE), whatever the patterns.
  const [listing] = JSON.parse(run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], root))
  for (const { path } of listing.files) {
    mkdirSync(dirname(join(stage, path)), { recursive: true })
    copyFileSync(join(root, path), join(stage, path))
  }
  const { scripts, devDependencies, allowScripts, ...published } = pkg
  writeJson(join(stage, 'package.json'), published)
  return stage
}

function packOne(dir, out) {
  const [info] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', out], dir))
  if (dir.includes('.stage-')) rmSync(dir, { recursive: true, force: true })
  const tarball = join(out, info.filename)
  console.error(`release: packed ${tarball} (${info.entryCount} files, ${info.size} bytes)`)
  return tarball
}

switch (command) {
  case 'version':
    version(rest[0])
    break
  case 'pack':
    for (const tarball of pack(resolve(option('--out') ?? join(root, 'dist-npm')), option('--platforms')?.split(','))) console.log(tarball)
    break
  case 'publish': {
    const tarballs = pack(resolve(option('--out') ?? join(root, 'dist-npm')))
    const extra = [
      ...['--dry-run', '--provenance'].filter((flag) => rest.includes(flag)),
      ...(option('--tag') ? ['--tag', option('--tag')] : []),
    ]
    for (const tarball of tarballs) run('npm', ['publish', tarball, '--access', 'public', ...extra], root)
    break
  }
  default:
    fail('usage: node scripts/release.mjs version <x.y.z> | pack [--out DIR] [--platforms a,b] | publish [--dry-run] [--provenance] [--tag TAG] [--out DIR]')
}
