import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { Process, ProcessStatus, killTree, listDescendants } from '../index.js'

const started = async (script: string, children: number, stdin: 'ignore' | 'pipe' = 'ignore') => {
  const child = spawn('bash', ['-c', script], { stdio: [stdin, 'ignore', 'ignore'] })
  await new Promise((r) => child.once('spawn', r))
  for (let i = 0; i < 500 && listDescendants(child.pid!).length < children; i++) await new Promise((r) => setTimeout(r, 10))
  return child
}

describe('Process (the anchor’s process API)', () => {
  it('reads a running tree and ends it, children first, by default with SIGKILL', async () => {
    // The shell waits on its stdin, not on its children: one that waited on them could end by
    // itself between its children's SIGKILL and its own (seen under load), and be signalled by
    // no one.
    const child = await started('sleep 30 & sleep 31 & read -r _', 2, 'pipe')
    const p = Process.fromPid(child.pid!)!
    expect(p).toBeInstanceOf(Process)
    expect({ pid: p.pid, ppid: p.ppid, args: p.args(), status: p.status() }).toEqual({
      pid: child.pid, ppid: process.pid, args: ['bash', '-c', 'sleep 30 & sleep 31 & read -r _'], status: ProcessStatus.Running,
    })
    expect(p.groupId()).toBe(Process.fromPid(process.pid)!.groupId())
    expect(p.children().map((c) => c.args()).sort()).toEqual([['sleep', '30'], ['sleep', '31']])
    const exited = new Promise((r) => child.once('exit', (_c, s) => r(s)))
    expect(p.killTree()).toBe(3)
    expect(await exited).toBe('SIGKILL')
    expect(await p.waitForExit()).toBe(true)
    expect({ status: p.status(), ppid: p.ppid, args: p.args(), group: p.groupId(), children: p.children() }).toEqual({
      status: 'exited', ppid: null, args: [], group: null, children: [],
    })
    expect(p.killTree()).toBe(0)
  })

  it('fromPid: null for no such process, an error for a pid that is not an integer', () => {
    expect(Process.fromPid(0)).toBeNull()
    expect(Process.fromPid(-1)).toBeNull()
    expect(Process.fromPid(2 ** 31)).toBeNull()
    expect(() => Process.fromPid(1.5)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG', message: 'pid must be an integer (got 1.5)' }))
    expect(() => (Process as any).fromPid('1')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG' }))
    expect(() => new (Process as any)()).toThrow()
  })

  it('fromPath matches the executable path exactly', async () => {
    // Spawned directly: 'spawn' comes after the exec, so the executable is sleep's already.
    const child = spawn('sleep', ['30'], { stdio: 'ignore' })
    await new Promise((r) => child.once('spawn', r))
    const { readlinkSync } = await import('node:fs')
    const exe = readlinkSync(`/proc/${child.pid}/exe`)
    expect(Process.fromPath(exe).map((p) => p.pid)).toContain(child.pid)
    expect(Process.fromPath('sleep')).toEqual([])
    child.kill('SIGKILL')
  })

  it('a recycled pid is never used: a reference to an exited process stays exited', async () => {
    const child = await started('exit 0', 0)
    const p = Process.fromPid(child.pid!)
    await new Promise((r) => child.once('exit', r))
    // Either it was already gone when asked, or the reference now says exited.
    expect(p === null || p.status() === ProcessStatus.Exited).toBe(true)
  })

  it('terminate: TERM, the grace, then KILL for what ignores TERM; gracefulMs < 0 skips TERM', async () => {
    const stubborn = await started("trap '' TERM; sleep 30 & (trap '' TERM; exec sleep 31) & wait", 2)
    const p = Process.fromPid(stubborn.pid!)!
    const below = listDescendants(stubborn.pid!)
    const exited = new Promise((r) => stubborn.once('exit', (_c, s) => r(s)))
    expect(await p.terminate({ gracefulMs: 100, timeoutMs: 5000 })).toBe(true)
    // Its children are killed first, so bash may see its `wait` end and exit on its own.
    await exited
    expect(p.status()).toBe('exited')
    for (const pid of below) expect(Process.fromPid(pid)).toBeNull()

    const polite = await started('sleep 30', 0)
    const signalled = new Promise((r) => polite.once('exit', (_c, s) => r(s)))
    expect(await Process.fromPid(polite.pid!)!.terminate({ gracefulMs: -1, group: false })).toBe(true)
    expect(await signalled).toBe('SIGKILL')

    const termed = await started('exec sleep 30', 0)
    const got = new Promise((r) => termed.once('exit', (_c, s) => r(s)))
    expect(await Process.fromPid(termed.pid!)!.terminate()).toBe(true)
    expect(await got).toBe('SIGTERM')
  })

  it('group: also signals the process group, never the host’s own', async () => {
    const leader = spawn('bash', ['-c', 'sleep 30 & wait'], { stdio: 'ignore', detached: true })
    await new Promise((r) => leader.once('spawn', r))
    const p = Process.fromPid(leader.pid!)!
    expect(p.groupId()).toBe(leader.pid)
    expect(await p.terminate({ group: true, gracefulMs: 1000 })).toBe(true)
    // The host's group is left alone even when asked for it.
    const same = await started('exec sleep 30', 0)
    expect(await Process.fromPid(same.pid!)!.terminate({ group: true, gracefulMs: -1 })).toBe(true)
    expect(Process.fromPid(process.pid)!.status()).toBe('running')
  })

  it('waitForExit: false on timeout, an AbortError on abort, a checked signal', async () => {
    const child = await started('exec sleep 30', 0)
    const p = Process.fromPid(child.pid!)!
    expect(await p.waitForExit({ timeoutMs: 20 })).toBe(false)
    expect(await p.waitForExit({ timeoutMs: 0 })).toBe(false)
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 20)
    await expect(p.waitForExit({ signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError', code: 'ABORT_ERR' })
    await expect(p.waitForExit({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' })
    await expect(p.terminate({ signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' })
    expect(p.status()).toBe('running')
    await expect(p.waitForExit({ signal: 5 })).rejects.toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('signal must be an AbortSignal') })
    await expect(p.waitForExit({ timeoutMs: -5 })).rejects.toMatchObject({ code: 'ERR_INVALID_ARG' })
    expect(() => p.killTree(65)).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG' }))
    expect(killTree(child.pid!, 9)).toBe(1)
    expect(await p.waitForExit({ timeoutMs: 5000 })).toBe(true)
  })
})
