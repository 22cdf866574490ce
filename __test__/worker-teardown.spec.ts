import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

// Issue 46: a worker terminated while its Shell streams used to leave its shell's supervisor (a
// clone of the host) alive for as long as the host lived, when the main thread had loaded the
// addon too: a chunk call still queued to the worker's JS thread at its teardown is never made,
// and the run waited for its return forever, holding the session and the supervisor's liveness
// pipe. The fixture's callback is slow, so that calls are queued when the worker goes.
const fixture = join(__dirname, 'fixtures', 'worker-teardown.cjs')
const index = join(__dirname, '..', 'index.js')

describe('a worker terminated while its command runs', () => {
  test.each([
    ['a Shell run streaming to a callback', 'stream'],
    ['a Shell run without a callback', 'plain'],
    ['a background job', 'job'],
    ['a PtySession', 'pty'],
    ["a job manager's confined shell started ahead of need", 'ahead'],
  ])('%s leaves no process in the host once it has ended', (_name, mode) => {
    const child = spawnSync(process.execPath, [fixture, index, mode], { encoding: 'utf8', timeout: 20_000 })
    expect({ status: child.status, stderr: child.stderr, stdout: child.stdout }).toEqual({ status: 0, stderr: '', stdout: '[]\n' })
  })
})
