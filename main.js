// The package's entry: the loader that `napi build` generates (index.js), with an error that says
// what to do when no binary loads. The last line is a plain re-export, so that Node's ESM loader
// sees every named export of index.js (`import { Shell } from 'agent-shell'`).
'use strict'

try {
  require('./index.js')
} catch (error) {
  throw explain(error)
}

function explain(cause) {
  const { platform, arch } = process
  const libc = platform === 'linux' ? (isMusl() ? '-musl' : '-gnu') : ''
  const target = `${platform}-${arch}${libc}`
  const { name, version, optionalDependencies = {} } = require('./package.json')
  const prebuilt = Object.keys(optionalDependencies).map((pkg) => pkg.slice(name.length + 1))
  const host = process.versions.bun
    ? `Bun ${process.versions.bun}`
    : process.versions.deno
      ? `Deno ${process.versions.deno}`
      : `Node ${process.versions.node}`
  const error = new Error(
    [
      `${name}: no native binary could be loaded for ${target} (${host}).`,
      `Looked for ./${name}.${target}.node beside ${__dirname}/index.js, then the package ${name}-${target}@${version}.`,
      `Prebuilt binaries are published for: ${prebuilt.join(', ') || 'none'}.`,
      prebuilt.includes(target)
        ? `This platform has one: its package was not installed. Reinstall without --omit=optional / --no-optional (npm bug 4828: remove node_modules and package-lock.json, then install again).`
        : `This platform has none.`,
      `To build from source (Rust stable and cargo on PATH): clone the repository, run \`npm install\` there (it builds ${name}.${target}.node), then depend on that directory.`,
      `Cause: ${cause && cause.message}`,
    ].join('\n'),
  )
  error.code = 'ERR_NATIVE_BINARY_NOT_FOUND'
  error.cause = cause
  return error
}

function isMusl() {
  try {
    return require('fs').readFileSync('/usr/bin/ldd', 'utf8').includes('musl')
  } catch {
    const report = process.report && typeof process.report.getReport === 'function' ? process.report.getReport() : null
    return Boolean(report && report.header && !report.header.glibcVersionRuntime)
  }
}

module.exports = require('./index.js')
