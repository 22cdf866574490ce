// Installs bench/'s own dev dependencies (execa, node-pty) and builds the floor program
// (examples/framing_floor.rs, which links the crate without its Node-API bindings) before a run,
// so that the root `npm install` (and CI) never pays for them.
//
// node-pty is a native module built by node-gyp, which downloads Node's headers from nodejs.org
// unless it is told where they are. Machines that reach only a package registry cannot download
// them, so point node-gyp at the headers of the running Node when they are installed locally
// (`<prefix>/include/node`, present in distribution packages and the official tarballs).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const benchDir = dirname(fileURLToPath(import.meta.url))
const env = { ...process.env }
const prefix = dirname(dirname(process.execPath))
if (!env.npm_config_nodedir && existsSync(join(prefix, 'include', 'node', 'common.gypi'))) {
  env.npm_config_nodedir = prefix
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
const r = spawnSync(npm, ['install', '--no-audit', '--no-fund'], { cwd: benchDir, env, stdio: 'inherit' })
if (r.status !== 0) {
  console.error(`bench: npm install in ${benchDir} failed (${r.error?.message ?? `exit ${r.status}`})`)
  process.exit(1)
}

const cargo = spawnSync('cargo', ['build', '--release', '--no-default-features', '--features', 'floor', '--example', 'framing_floor'], { cwd: dirname(benchDir), stdio: 'inherit' })
if (cargo.status !== 0) {
  // The floors are then reported as unavailable; everything else still runs.
  console.error(`bench: building examples/framing_floor failed (${cargo.error?.message ?? `exit ${cargo.status}`})`)
}
