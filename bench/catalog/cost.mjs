// The classifier's cost per call without context on a corpus's commands (issue 44: the catalog's
// data lookups must stay cheap): each command classified 5 times, the median of the last 4.
//
//   node bench/catalog/cost.mjs CASES.jsonl [ADDON.node]   # default: the worktree's build
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
const addon = process.argv[3] ? require(resolve(process.argv[3])) : require(join(here, '..', '..', 'index.js'))
const commands = readFileSync(process.argv[2], 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l).command)
const times = []
for (const command of commands) {
  addon.classifyCommand(command)
  for (let i = 0; i < 4; i++) {
    const t = process.hrtime.bigint()
    addon.classifyCommand(command)
    times.push(Number(process.hrtime.bigint() - t) / 1e3)
  }
}
times.sort((a, b) => a - b)
console.log(`${commands.length} commands, median ${times[Math.floor(times.length / 2)].toFixed(1)} us per call without context`)
