#!/usr/bin/env node
// `npm run check:platforms`: what this x86-64 Linux machine can verify of the other targets.
// Not part of `npm test` (a cold run takes ~15 minutes: the aarch64 build compiles std), but kept green.
//
//   scripts/check-apple.mjs        both Apple targets: type-check with tests, link the release .node
//   scripts/check-linux-arm64.mjs  linux-arm64-gnu: build, then the smoke suite of every export on
//                                  an emulated arm64 machine (qemu-system-aarch64)
//   scripts/check-windows.mjs      win32-x64 (gnu): type-check with tests, link the release addon,
//                                  then the Windows smoke suite with Windows' node.exe under wine
//
// Each check installs what it needs itself (pinned, into its cache under target/). This script runs
// them one after the other, prints each one's time, and exits non-zero when any of them failed.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = dirname(dirname(fileURLToPath(import.meta.url)))
const checks = [
  { name: 'apple (darwin-arm64, darwin-x64)', script: 'scripts/check-apple.mjs' },
  { name: 'linux-arm64-gnu', script: 'scripts/check-linux-arm64.mjs' },
  { name: 'win32-x64 (x86_64-pc-windows-gnu)', script: 'scripts/check-windows.mjs' },
]

const results = []
for (const { name, script } of checks) {
  if (!existsSync(join(root, script))) {
    console.log(`[check:platforms] ${name}: ${script} is not present in this checkout; not run`)
    results.push({ name, outcome: 'not present' })
    continue
  }
  console.log(`[check:platforms] ${name}: node ${script}`)
  const start = process.hrtime.bigint()
  const r = spawnSync(process.execPath, [join(root, script)], { cwd: root, stdio: 'inherit' })
  const seconds = (Number(process.hrtime.bigint() - start) / 1e9).toFixed(1)
  const outcome = r.status === 0 ? 'passed' : `FAILED (${r.error?.message ?? (r.signal ? `signal ${r.signal}` : `exit ${r.status}`)})`
  console.log(`[check:platforms] ${name}: ${outcome} in ${seconds} s`)
  results.push({ name, outcome, seconds })
}

console.log('[check:platforms] summary:')
for (const { name, outcome, seconds } of results) console.log(`  ${name}: ${outcome}${seconds ? ` (${seconds} s)` : ''}`)
process.exit(results.some((r) => r.outcome.startsWith('FAILED')) ? 1 : 0)
