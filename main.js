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
  // The suffix of napi's target names: the C library on Linux, the toolchain on Windows (official
  // Node builds are MSVC's; index.js takes the `-gnu` binary only under a MinGW-built Node).
  const libc = platform === 'linux' ? (isMusl() ? '-musl' : '-gnu') : platform === 'win32' ? '-msvc' : ''
  const target = `${platform}-${arch}${libc}`
  const { name, version, optionalDependencies = {} } = require('./package.json')
  const prebuilt = Object.keys(optionalDependencies).map((pkg) => pkg.slice(name.length + 1))
  const host = process.versions.bun
    ? `Bun ${process.versions.bun}`
    : process.versions.deno
      ? `Deno ${process.versions.deno}`
      : `Node ${process.versions.node}`
  // What index.js tried, from its chain of load errors: "Cannot find module 'X'" for each candidate
  // that is absent (the WebAssembly fallbacks, never published, left out), anything else for a
  // binary that exists but did not load. Its own message (npm's lockfile advice) is not repeated.
  const tried = []
  const failures = []
  const messages = []
  for (let e = cause; e && messages.length < 50; e = e.cause) messages.unshift(String(e.message))
  for (const message of messages) {
    const missing = /^Cannot find module '([^']+)'/.exec(message)
    if (missing) {
      if (!/wasi|wasm/.test(missing[1])) tried.push(missing[1].startsWith('./') ? `${__dirname}/${missing[1].slice(2)}` : `${missing[1]}@${version}`)
    } else if (!/^Unsupported |^Cannot find native binding/.test(message)) failures.push(message.split('\n')[0])
  }
  const fromSource = `build it from source: clone the repository, run \`npm install\` there (needs Rust and cargo; it builds ${name}.${target}.node), then depend on that directory.`
  const lines = [`${name}: no native binary could be loaded for ${target} (${host}).`]
  if (tried.length > 0) lines.push(`Tried: ${tried.join(', ')}.`)
  if (failures.length > 0) {
    lines.push(`A binary was found but did not load: ${failures[0]}`)
    lines.push(`To fix: reinstall ${name} and ${name}-${target} at the same version, or ${fromSource}`)
  } else if (prebuilt.includes(target)) {
    lines.push(`To fix: install ${name}-${target}@${version} (an install with --omit=optional or --no-optional leaves it out), or ${fromSource}`)
  } else {
    lines.push(`No prebuilt binary exists for ${target} (published for ${prebuilt.join(', ') || 'none'}). To use it, ${fromSource}`)
  }
  const error = new Error(lines.join('\n'))
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
