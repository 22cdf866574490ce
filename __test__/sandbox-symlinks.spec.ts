import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { executeShell, JobManager, PtySession, Shell, type SandboxPolicy } from '../index.js'
import { thrown } from './helpers'

// Issue 46: a sandbox root (or working directory) reached through a symbolic link is the directory
// it leads to, resolved once, on every entry point; a root that leads nowhere, or that turned into
// a link after it was resolved, is ERR_INVALID_ARG naming the field, the value and why.
const base = mkdtempSync(join(tmpdir(), 'agent-shell-sandbox-links-'))
afterAll(() => rmSync(base, { recursive: true, force: true }))

/** `real/`, `link` -> `real`, and `outside/` (in no root), in a directory of their own. */
function layout() {
  const d = mkdtempSync(join(base, 'd-'))
  const real = join(d, 'real')
  const link = join(d, 'link')
  const outside = join(d, 'outside')
  mkdirSync(real)
  mkdirSync(outside)
  symlinkSync(real, link)
  return { d, real, link, outside }
}

/** Writes in the working directory, in the root by both spellings, and outside; prints which failed. */
function writes({ real, link, outside }: ReturnType<typeof layout>): string {
  return [
    'echo cwd > by-cwd',
    `echo real > ${real}/by-real`,
    `echo link > ${link}/by-link`,
    `{ echo out > ${outside}/by-outside; } 2>/dev/null || echo outside-refused`,
  ].join('; ')
}

function confinedAsExpected(l: ReturnType<typeof layout>, text: string) {
  expect(text.replace(/\r/g, '')).toContain('outside-refused\n')
  for (const name of ['by-cwd', 'by-real', 'by-link']) expect(existsSync(join(l.real, name)), name).toBe(true)
  expect(existsSync(join(l.outside, 'by-outside'))).toBe(false)
}

async function collected<T>(start: (onChunk: (e: unknown, chunk: string) => void) => Promise<T>) {
  let text = ''
  const result = await start((_e, chunk) => (text += chunk))
  return { result, text }
}

describe('sandbox roots and working directories reached through a symbolic link', () => {
  test('executeShell, the root and cwd through the link', async () => {
    const l = layout()
    const { result, text } = await collected((cb) =>
      executeShell({ command: writes(l), cwd: l.link, sandbox: { writableRoots: [l.link] } }, cb),
    )
    expect(result).toMatchObject({ exitCode: 0, workingDir: l.link })
    confinedAsExpected(l, text)
  })

  test('executeShell, the default root: the working directory through the link', async () => {
    const l = layout()
    const { result, text } = await collected((cb) => executeShell({ command: writes(l), cwd: l.link, sandbox: {} }, cb))
    expect(result).toMatchObject({ exitCode: 0 })
    confinedAsExpected(l, text)
  })

  test('Shell, across a restart', async () => {
    const l = layout()
    const s = new Shell({ sandbox: { writableRoots: [l.link] } })
    try {
      const first = await collected((cb) => s.run({ command: writes(l), cwd: l.link }, cb))
      expect(first.result).toMatchObject({ exitCode: 0, workingDir: l.link })
      confinedAsExpected(l, first.text)
      expect(await s.run({ command: 'exit 3' })).toMatchObject({ exitCode: 3 })
      const again = await collected((cb) => s.run({ command: `rm ${l.real}/*; ${writes(l)}` }, cb))
      expect(again.result).toMatchObject({ exitCode: 0, sessionRestarted: true })
      confinedAsExpected(l, again.text)
    } finally {
      await s.close()
    }
  })

  test('PtySession.start and startArgv', async () => {
    const l = layout()
    const pty = new PtySession()
    const started = await collected((cb) => pty.start({ command: writes(l), cwd: l.link, sandbox: { writableRoots: [l.link] } }, cb))
    expect(started.result).toMatchObject({ exitCode: 0 })
    confinedAsExpected(l, started.text)
    const argv = await collected((cb) =>
      pty.startArgv({ application: 'touch', args: ['by-argv', join(l.link, 'by-argv-link'), join(l.outside, 'by-argv')], cwd: l.link, sandbox: {} }, cb),
    )
    expect(argv.result).toMatchObject({ exitCode: 1 })
    expect(argv.text).toMatch(/by-argv': Read-only file system/)
    expect(existsSync(join(l.real, 'by-argv'))).toBe(true)
    expect(existsSync(join(l.real, 'by-argv-link'))).toBe(true)
    expect(existsSync(join(l.outside, 'by-argv'))).toBe(false)
  })

  test('JobManager.start', async () => {
    const l = layout()
    const jobs = new JobManager()
    try {
      const id = jobs.start({ command: writes(l), cwd: l.link, sandbox: { writableRoots: [l.link] } })
      const done = await jobs.wait(id, 10_000)
      expect(done).toMatchObject({ status: 'completed', exitCode: 0 })
      confinedAsExpected(l, done.output)
    } finally {
      await jobs.close()
    }
  })

  test('readableRoots through a link: what it leads to is readable, the rest is not', async () => {
    const l = layout()
    writeFileSync(join(l.real, 'f'), 'shared\n')
    writeFileSync(join(l.outside, 'secret'), 'secret\n')
    const work = join(l.d, 'work')
    mkdirSync(work)
    const { text } = await collected((cb) =>
      executeShell(
        { command: `cat ${l.link}/f ${l.real}/f; cat ${l.outside}/secret 2>&1 | sed 's/.*: //'`, cwd: work, sandbox: { readableRoots: [l.link] } },
        cb,
      ),
    )
    expect(text).toBe('shared\nshared\nPermission denied\n')
  })

  test('a writable root that is a link to a file: that file is writable, nothing beside it', async () => {
    const l = layout()
    const file = join(l.outside, 'file')
    writeFileSync(file, 'old\n')
    symlinkSync(file, join(l.d, 'file-link'))
    const { result, text } = await collected((cb) =>
      executeShell(
        {
          command: `echo new > ${file}; { echo x > ${l.outside}/beside; } 2>&1 | sed 's/.*: //'`,
          cwd: l.real,
          sandbox: { writableRoots: [join(l.d, 'file-link')] },
        },
        cb,
      ),
    )
    expect(result).toMatchObject({ exitCode: 0 })
    expect(text).toBe('Read-only file system\n')
    expect(readFileSync(file, 'utf8')).toBe('new\n')
    expect(existsSync(join(l.outside, 'beside'))).toBe(false)
  })

  test('a root resolved once: a link re-pointed afterwards changes nothing', async () => {
    const l = layout()
    const s = new Shell({ sandbox: { writableRoots: [l.link] } })
    try {
      await s.run({ command: 'true', cwd: l.real })
      // The link now leads outside; the session's shell is replaced after `exit`.
      unlinkSync(l.link)
      symlinkSync(l.outside, l.link)
      expect(await s.run({ command: 'exit 1' })).toMatchObject({ exitCode: 1 })
      const { result, text } = await collected((cb) =>
        s.run({ command: `{ echo x > ${l.link}/via-link; } 2>/dev/null || echo refused; echo y > ${l.real}/kept` }, cb),
      )
      expect(result).toMatchObject({ exitCode: 0, sessionRestarted: true })
      expect(text).toBe('refused\n')
      expect(existsSync(join(l.outside, 'via-link'))).toBe(false)
      expect(existsSync(join(l.real, 'kept'))).toBe(true)
    } finally {
      await s.close()
    }
  })
})

describe('sandbox roots that lead nowhere are ERR_INVALID_ARG, naming the field, the value and why', () => {
  function nowhere() {
    const l = layout()
    const missing = join(l.d, 'missing')
    const dangling = join(l.d, 'dangling')
    symlinkSync(missing, dangling)
    const loop = join(l.d, 'loop')
    symlinkSync(join(l.d, 'loop2'), loop)
    symlinkSync(loop, join(l.d, 'loop2'))
    return { ...l, missing, dangling, loop }
  }

  test('a dangling link, a link on the way that dangles, a loop: on every entry point', async () => {
    const l = nowhere()
    const cases: [SandboxPolicy, string][] = [
      [
        { writableRoots: [l.real, l.dangling] },
        `sandbox.writableRoots[1] must name an existing file or directory: ${l.dangling} is a symbolic link to ${l.missing}, which does not exist (got "${l.dangling}")`,
      ],
      [
        { readableRoots: [join(l.dangling, 'sub')] },
        `sandbox.readableRoots[0] must name an existing file or directory: ${l.dangling} is a symbolic link to ${l.missing}, which does not exist (got "${join(l.dangling, 'sub')}")`,
      ],
      [
        { writableRoots: [l.loop] },
        `sandbox.writableRoots[0] must name an existing file or directory: its symbolic links lead round in a loop (got "${l.loop}")`,
      ],
    ]
    for (const [sandbox, message] of cases) {
      const expected = { code: 'ERR_INVALID_ARG', message }
      await expect(executeShell({ command: 'true', cwd: l.real, sandbox })).rejects.toMatchObject(expected)
      expect(thrown(() => new Shell({ sandbox }))).toMatchObject(expected)
      await expect(new PtySession().start({ command: 'true', cwd: l.real, sandbox })).rejects.toMatchObject(expected)
      await expect(new PtySession().startArgv({ application: 'true', args: [], cwd: l.real, sandbox })).rejects.toMatchObject(expected)
      const jobs = new JobManager()
      expect(thrown(() => jobs.start({ command: 'true', cwd: l.real, sandbox }))).toMatchObject(expected)
      await jobs.close()
    }
  })

  test('a root that became a link after it was resolved: the next start refuses it', async () => {
    const l = layout()
    const s = new Shell({ sandbox: { writableRoots: [l.real] } })
    try {
      await s.run({ command: 'true', cwd: l.d })
      // `real` is now a link to `outside`: confining it would confine what it leads to now.
      renameSync(l.real, join(l.d, 'moved'))
      symlinkSync(l.outside, l.real)
      expect(await s.run({ command: 'exit 1' })).toMatchObject({ exitCode: 1 })
      await expect(s.run({ command: `echo x > ${l.real}/x` })).rejects.toMatchObject({
        code: 'ERR_INVALID_ARG',
        message: `sandbox.writableRoots[0] changed since it was resolved: a symbolic link is now on its path (got "${l.real}")`,
      })
      expect(existsSync(join(l.outside, 'x'))).toBe(false)
    } finally {
      await s.close()
    }
  })
})
