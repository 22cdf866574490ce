import type { Shell } from '../index.js'
import { readdirSync, readFileSync } from 'node:fs'

/** Pids of living processes whose command line contains `marker`. */
export function processesWith(marker: string): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ')
      const state = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.[0]
      if (cmdline.includes(marker) && state !== 'Z') found.push(Number(entry))
    } catch {
      // the process ended while we looked
    }
  }
  return found
}

/** Whether process `pid` lives (exists and is not a zombie). It may end between two reads of
 * /proc, so a read that fails means it has ended. */
export function alive(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z'
  } catch {
    return false
  }
}

/** Waits until `check` holds or `ms` pass; returns whether it held. */
export async function eventually(check: () => boolean, ms = 5000): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return true
    await new Promise((r) => setTimeout(r, 20))
  }
  return check()
}

/** A marker unique to one test, usable as a harmless `sleep` argument: `sleep 1000.<n>`. The
 * counter has a fixed width, so that no marker is a prefix of another (`…1` of `…12`). */
let counter = 0
export function sleepMarker(): string {
  counter += 1
  return `1000.${process.pid}${String(counter).padStart(5, '0')}`
}

/** The error `fn` throws (fails the test when it does not throw). */
export function thrown(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

/** Runs `command` on `s`, collecting its output. */
export async function runIn(s: Shell, command: string, extra: Record<string, unknown> = {}) {
  let text = ''
  const result = await s.run({ command, ...extra }, (_e, chunk) => {
    text += chunk
  })
  return { result, text }
}
