import { afterAll, describe, expect, test } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { executeShell, Shell } from '../index.js'
import { runIn } from './helpers'

// Issue 46: a run that ends its shell reports the directory the shell was in when it ended, as
// the anchor does and as `cd sub; (exit 4)` does, and the fresh shell of the next run starts there.
const base = mkdtempSync(join(tmpdir(), 'agent-shell-exitdir-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

/** A directory of its own with a `sub` directory in it. */
function dir(): string {
  const d = mkdtempSync(join(base, 'd-'))
  mkdirSync(join(d, 'sub'))
  return d
}

// Every way a run can end its shell early, with the exit code it reports.
const endings: [string, string, number][] = [
  ['exit', 'cd sub; exit 4', 4],
  ['exit in a function', 'f() { cd sub; exit 5; }; f; echo never', 5],
  ['a tripped set -e', 'set -e; cd sub; false; echo never', 1],
  ['an unset variable under set -u', 'set -u; cd sub; echo "$nope"; echo never', 1],
  ['exec of a program that exits', "cd sub; exec bash -c 'exit 6'", 6],
  ['exit from the EXIT trap the run set', "trap 'cd sub; exit 7' EXIT; true", 7],
  ['a signal that kills the shell', 'cd sub; kill -9 $$', 137],
]

describe('the directory a run reports when it ends its shell', () => {
  test.each(endings)('executeShell, %s', async (_name, command, exitCode) => {
    const d = dir()
    const result = await executeShell({ command, cwd: d })
    expect(result).toMatchObject({ exitCode, workingDir: join(d, 'sub'), cancelled: false, timedOut: false })
  })

  test.each(endings)('Shell.run, %s: the run reports it and the fresh shell starts there', async (_name, command, exitCode) => {
    const d = dir()
    const s = new Shell()
    try {
      expect((await runIn(s, 'v=1', { cwd: d })).result).toMatchObject({ exitCode: 0, workingDir: d })
      expect((await runIn(s, command)).result).toMatchObject({ exitCode, workingDir: join(d, 'sub') })
      const next = await runIn(s, 'echo "${v-gone} $PWD"')
      expect(next.result).toMatchObject({ exitCode: 0, sessionRestarted: true, workingDir: join(d, 'sub') })
      expect(next.text).toBe(`gone ${join(d, 'sub')}\n`)
    } finally {
      await s.close()
    }
  })

  test('a program exec-ed by the shell that changes directory itself: the directory it ended in', async () => {
    // The session's process was that program when it ended (docs/behaviour.md, Session semantics).
    const d = dir()
    const result = await executeShell({ command: "exec bash -c 'cd sub; exit 3'", cwd: d })
    expect(result).toMatchObject({ exitCode: 3, workingDir: join(d, 'sub') })
  })

  test('the run starts under a symbolic link: the directory keeps the spelling it started with', async () => {
    const d = dir()
    mkdirSync(join(d, 'sub', 'deeper'))
    symlinkSync(d, join(base, `link-${d.split('-').pop()}`))
    const link = join(base, `link-${d.split('-').pop()}`)
    const result = await executeShell({ command: 'cd sub/deeper; exit 2', cwd: link })
    expect(result).toMatchObject({ exitCode: 2, workingDir: join(link, 'sub', 'deeper') })
    // Where the shell went is not below where it started: the directory as the kernel names it.
    const out = await executeShell({ command: `cd ${base}; exit 2`, cwd: link })
    expect(out).toMatchObject({ exitCode: 2, workingDir: base })
  })

  test('the directory it ended in was removed: the directory the run started in', async () => {
    const d = dir()
    const result = await executeShell({ command: 'mkdir gone; cd gone; rmdir ../gone; exit 3', cwd: d })
    expect(result).toMatchObject({ exitCode: 3, workingDir: d })
    const s = new Shell()
    try {
      await runIn(s, 'true', { cwd: d })
      expect((await runIn(s, 'mkdir gone; cd gone; rmdir ../gone; exit 3')).result).toMatchObject({ exitCode: 3, workingDir: d })
      const next = await runIn(s, 'pwd')
      expect(next).toMatchObject({ result: { sessionRestarted: true }, text: `${d}\n` })
    } finally {
      await s.close()
    }
  })
})
