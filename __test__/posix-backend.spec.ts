// The posix backend (src/process/os/posix/: what macOS runs) on Linux, end to end through the
// addon, in a separate Node process that selects it with AGENT_SHELL_BACKEND=posix.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { eventually, processesWith, sleepMarker } from './helpers.js'

describe('posix backend (AGENT_SHELL_BACKEND=posix)', () => {
  test('executeShell, Shell, a timeout with a setsid escapee, close, PtySession, the pool and parking', async () => {
    const m = sleepMarker()
    const child = spawnSync(process.execPath, [join(__dirname, 'fixtures', 'posix-backend.mjs'), m], {
      env: { ...process.env, AGENT_SHELL_BACKEND: 'posix' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(child.stderr).toBe('')
    expect(child.status).toBe(0)
    const seen = JSON.parse(child.stdout)
    expect(seen.execute).toEqual({ exitCode: 3, output: 'hi\n' })
    // The run's environment marker (one per run) is what finds escapees without a subreaper.
    expect(seen.session).toBe('1 /\n1\n')
    expect(seen.timedOut).toBe(true)
    expect(seen.descendantsBeforeClose).toBe(true)
    expect(seen.pty.exitCode).toBe(0)
    expect(seen.pty.output).toContain('on-a-tty')
    expect(seen.ptyMissing).toEqual({
      code: 'ERR_SPAWN_FAILED',
      message: 'application cannot be started (got "/nope"): No such file or directory (os error 2)',
    })
    // The pool and parking run on this backend too (what macOS gets through the OS layer).
    expect(seen.pooled).toBe(true)
    expect(seen.parked).toEqual({ gone: true, output: 'f kept\nfresh\n', restarted: false })
    // Nothing of either run outlived it, the escapee included.
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
  })
})
