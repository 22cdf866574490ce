#!/usr/bin/env node
// The Rust tests that need a program a plain machine lacks (Mercurial, Subversion, zsh). They are
// `#[ignore]`d, so that a `cargo test` where the program is missing counts them as ignored, not as
// passed; `npm test` runs this script after `cargo test`. A program not on PATH comes from its pinned
// Debian package (scripts/pinned-tools.mjs, into target/pinned-tools); the script runs each test whose
// programs it has and says which it did not run and why. A test run here fails if its program
// misbehaves.
//
//   node scripts/tool-tests.mjs [--list]   (--list: print the table and what this machine has)
import { spawnSync } from 'node:child_process'
import { delimiter } from 'node:path'
import { onPath, pinnedPath } from './pinned-tools.mjs'

/** Each test (its full path in the library's test binary) and the programs it runs. */
const tests = [
  { name: 'commands::classify::context::tests::mercurial_configuration_and_caches', needs: ['hg'] },
  { name: 'commands::classify::context::tests::subversion_configuration_and_repository', needs: ['svn', 'svnadmin'] },
  { name: 'shell::snapshot::capture_tests::a_zsh_users_zshrc', needs: ['zsh'] },
]

const { dirs, notes } = await pinnedPath([...new Set(tests.flatMap((t) => t.needs))])
for (const note of notes) console.log(`[tool-tests] ${note}`)
const PATH = [...dirs, process.env.PATH ?? ''].join(delimiter)

const runnable = []
for (const t of tests) {
  const missing = t.needs.filter((p) => !onPath(p, PATH))
  if (missing.length) console.log(`[tool-tests] not run: ${t.name} (needs ${missing.join(', ')}, not on PATH)`)
  else runnable.push(t.name)
}
if (process.argv.includes('--list')) {
  for (const name of runnable) console.log(`[tool-tests] runnable: ${name}`)
  process.exit(0)
}
if (!runnable.length) {
  console.log('[tool-tests] none of the tests that need other programs can run here')
  process.exit(0)
}
const r = spawnSync('cargo', ['test', '--release', '--lib', '--', '--ignored', '--exact', ...runnable], {
  stdio: 'inherit',
  env: { ...process.env, PATH },
})
process.exit(r.status ?? 1)
