import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { OutputSink, stripAnsi, type OutputOptions } from '../index.js'
import { thrown } from './helpers'

const fixture = (name: string) => readFile(join(__dirname, 'fixtures', name), 'utf8')

function sinkOf(chunks: string[], options?: OutputOptions | null, notice?: string | null) {
  const sink = new OutputSink(options)
  for (const chunk of chunks) sink.push(chunk)
  return sink.dump(notice)
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  )

describe('stripAnsi', () => {
  it.each([
    ['SGR colours', '\x1b[1;31mred\x1b[0m and \x1b[38;5;208morange\x1b[m', 'red and orange'],
    ['cursor movement and erase', 'a\x1b[2K\x1b[1A\x1b[10;20Hb\x1b[?25lc', 'abc'],
    ['OSC title (BEL)', '\x1b]0;title\x07text', 'text'],
    ['OSC 8 hyperlink (ST)', '\x1b]8;;https://x.dev\x1b\\link\x1b]8;;\x1b\\', 'link'],
    ['DCS and APC strings', '\x1bPq#0\x1b\\a\x1b_apc\x1b\\b', 'ab'],
    ['two-byte escapes and charset', '\x1b7\x1b(Bx\x1b8\x1bM', 'x'],
    ['C0 controls and backspace', 'a\x00b\x07c\x08d\x7f', 'abcd'],
    ['C1 controls', 'a\u009b1mb\u009d0;t\u009cc\u0085', 'abc'],
    ['tab, newline and CR survive', 'a\tb\r\nc\rd', 'a\tb\r\nc\rd'],
    ['non-ASCII text survives', 'grüße 日本 😀 ©', 'grüße 日本 😀 ©'],
  ])('%s', async (_name, input, expected) => {
    expect(stripAnsi(input)).toBe(expected)
  })
})

// Expected values are those of the anchor's OutputSink (oh-my-pi
// packages/coding-agent/src/session/streaming-output.ts) unless a comment says otherwise;
// __test__/parity.spec.ts holds the cases where the two used to differ.
describe('OutputSink', () => {
  it('strips and normalizes by default, and counts', async () => {
    const summary = sinkOf(['\x1b[32mok\x1b[0m\r\n', 'two\rthree\n'])
    expect(summary).toMatchObject({
      output: 'ok\ntwo\nthree\n',
      truncated: false,
      totalBytes: 13,
      totalLines: 4, // the anchor counts newlines + 1
      outputBytes: 13,
      outputLines: 4,
    })
    expect(Object.keys(summary).sort()).toEqual(
      ['output', 'outputBytes', 'outputLines', 'totalBytes', 'totalLines', 'truncated'].sort(),
    )
  })

  it('reads a recorded terminal session as plain text', async () => {
    const [session, expected] = await Promise.all([
      fixture('output-terminal-session.txt'),
      fixture('output-terminal-session.expected.txt'),
    ])
    expect(sinkOf([session])).toMatchObject({ output: expected, truncated: false })
    // Cut everywhere: every escape sequence and CRLF is split across two pushes somewhere.
    for (let cut = 0; cut <= session.length; cut++) {
      expect(sinkOf([session.slice(0, cut), session.slice(cut)]).output).toBe(expected)
    }
  })

  it('handles an escape sequence and a CRLF split across pushes', async () => {
    expect(sinkOf(['\x1b[3', '1mred\x1b', '[0m\r', '\nnext\x1b]0;ti', 'tle\x07!'])).toMatchObject({
      output: 'red\nnext!',
      totalLines: 2,
    })
  })

  it('keeps CR when normalization is off and escapes when stripping is off', async () => {
    expect(sinkOf(['\x1b[1ma\r\nb\rc'], { normalizeNewlines: false })).toMatchObject({ output: 'a\r\nb\rc' })
    expect(sinkOf(['\x1b[1ma\r\n'], { stripAnsi: false })).toMatchObject({ output: '\x1b[1ma\n' })
  })

  it('keeps the last bytes alone when no head is kept', async () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}\n`).join('')
    const summary = sinkOf([lines], { maxBytes: 24 })
    expect(summary).toMatchObject({
      output: 'line 97\nline 98\nline 99\n',
      truncated: true,
      totalBytes: lines.length,
      totalLines: 101,
      outputBytes: 24,
      outputLines: 4,
    })
    expect(summary.elidedBytes).toBeUndefined()
    // The cut falls where the budget does, mid-line if need be.
    expect(sinkOf([lines], { maxBytes: 20 }).output).toBe(' 97\nline 98\nline 99\n')
  })

  it('keeps a head and a tail within the budget around a line marker', async () => {
    const input = 'line1\nline2\n' + 'mid\n'.repeat(10) + 'end1\nend2\n'
    expect(sinkOf([input], { maxBytes: 40, headBytes: 12 })).toMatchObject({
      output: 'line1\nline2\n[…5ln elided…]\nd\nmid\nmid\nmid\nmid\nend1\nend2\n',
      truncated: true,
      outputBytes: 59,
      elidedLines: 5,
      elidedBytes: 22,
      headLines: 2,
      tailLines: 7,
    })
  })

  it('counts bytes when one line or less was elided', async () => {
    const summary = sinkOf(['x'.repeat(50) + 'y'.repeat(50)], { maxBytes: 60, headBytes: 10 })
    expect(summary).toMatchObject({
      output: 'x'.repeat(10) + '\n[…40B elided…]\n' + 'y'.repeat(50),
      outputBytes: 80,
      elidedBytes: 40,
      elidedLines: 0,
    })
  })

  it('never cuts a UTF-8 character at the budget edge', async () => {
    expect(sinkOf(['€€€€'], { maxBytes: 5 })).toMatchObject({ output: '€', outputBytes: 3, truncated: true })
    const text = 'ab€\nc😀d\néé\n€€😀'
    for (let maxBytes = 0; maxBytes <= 30; maxBytes++) {
      for (let headBytes = 0; headBytes <= maxBytes; headBytes += 3) {
        const { output } = sinkOf([text], { maxBytes, headBytes })
        expect(output, `maxBytes ${maxBytes} headBytes ${headBytes}`).not.toContain('\uFFFD')
      }
    }
  })

  it('clamps headBytes to maxBytes / 2', async () => {
    const summary = sinkOf(['a\n'.repeat(30)], { maxBytes: 40, headBytes: 40 })
    expect(summary.output).toBe('a\n'.repeat(10) + '[…10ln elided…]\n' + 'a\n'.repeat(10))
  })

  it('caps long lines before they reach the budget, the ellipsis within the cap', async () => {
    expect(sinkOf(['short\ntoolong', 'line\n€€€€\n'], { maxColumns: 5 })).toMatchObject({
      output: 'short\nto…\n…\n',
      truncated: false,
      totalBytes: 31,
      columnTruncatedLines: 2,
      columnDroppedBytes: 21,
      columnMax: 5,
    })
    const huge = new OutputSink({ maxColumns: 100 })
    const chunk = 'z'.repeat(1 << 20)
    for (let i = 0; i < 32; i++) huge.push(chunk)
    expect(huge.dump()).toMatchObject({
      output: 'z'.repeat(97) + '…',
      totalBytes: 32 << 20,
      totalLines: 1,
      columnTruncatedLines: 1,
      columnDroppedBytes: (32 << 20) - 97,
    })
  })

  it('puts the notice first, in brackets', async () => {
    expect(sinkOf(['partial'], null, 'timed out after 5 s')).toMatchObject({
      output: '[timed out after 5 s]\npartial',
      outputLines: 1,
      totalLines: 1,
    })
  })

  it('ends at dump: later pushes are ignored', async () => {
    const sink = new OutputSink({ maxBytes: 4 })
    sink.push('ab\n')
    expect(sink.dump()).toMatchObject({ output: 'ab\n', truncated: false })
    sink.push('cd\n')
    expect(sink.dump()).toMatchObject({ output: 'ab\n', truncated: false, totalBytes: 3 })
  })

  it('keeps working after dump with keepOpen', async () => {
    const sink = new OutputSink({ maxBytes: 4, keepOpen: true })
    sink.push('ab\n')
    expect(sink.dump()).toMatchObject({ output: 'ab\n', truncated: false })
    sink.push('cd\n')
    expect(sink.dump()).toMatchObject({ output: '\ncd\n', truncated: true })
  })

  describe('artifact', () => {
    let dir = ''
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'agent-shell-output-'))
    })
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true })
    })

    it('is not created when everything fits', async () => {
      const artifactPath = join(dir, 'fits.log')
      const summary = sinkOf(['0123456789'], { maxBytes: 10, artifactPath })
      expect(summary).toMatchObject({ output: '0123456789', truncated: false })
      expect(summary.artifactPath).toBeUndefined()
      expect(await exists(artifactPath)).toBe(false)
    })

    it('holds every byte once the budget is exceeded', async () => {
      const artifactPath = join(dir, 'full.log')
      const sink = new OutputSink({ maxBytes: 256, headBytes: 64, artifactPath })
      let all = ''
      for (let i = 0; i < 2000; i++) {
        const chunk = `\x1b[33mline ${i}\x1b[0m ü€😀 ${'-'.repeat(i % 13)}\r\n`
        sink.push(chunk)
        all += chunk
        if (i === 0) expect(await exists(artifactPath)).toBe(false)
      }
      const summary = sink.dump()
      expect(summary).toMatchObject({ truncated: true, artifactPath, totalLines: 2001 })
      const expected = all.replace(/\x1b\[\d*m/g, '').replace(/\r\n/g, '\n')
      expect(await readFile(artifactPath, 'utf8')).toBe(expected)
      expect(summary.totalBytes).toBe(Buffer.byteLength(expected))
    })

    it('holds the uncapped text when a line was capped', async () => {
      const artifactPath = join(dir, 'columns.log')
      const summary = sinkOf(['ok\nlong', 'er line\n'], { maxColumns: 4, artifactPath })
      expect(summary).toMatchObject({ output: 'ok\nlong…\n', truncated: false, artifactPath, columnTruncatedLines: 1 })
      expect(await readFile(artifactPath, 'utf8')).toBe('ok\nlonger line\n')
    })

    it('keeps head, a cut notice and the last bytes of the output under artifactMaxBytes', async () => {
      const artifactPath = join(dir, 'capped.log')
      const lines = Array.from({ length: 1000 }, (_, i) => `line ${String(i).padStart(4, '0')}\n`)
      const sink = new OutputSink({ maxBytes: 64, artifactPath, artifactId: 'a1', artifactMaxBytes: 400, artifactHeadBytes: 100 })
      for (const line of lines) sink.push(line)
      expect(sink.dump()).toMatchObject({ truncated: true, artifactPath, artifactId: 'a1', artifactTruncated: true })
      const text = await readFile(artifactPath, 'utf8')
      // The anchor's file: the first 100 bytes, the notice, the last 300 (the notice on top of the cap).
      const notice = '\n[ARTIFACT TRUNCATED: kept first 100B + last 300B of 9.8KB; 9.4KB elided from the middle]\n'
      expect(text).toBe(lines.slice(0, 10).join('') + notice + lines.slice(-30).join(''))
    })

    it('reports a write failure in the summary instead of throwing', async () => {
      const artifactPath = join(dir, 'missing', 'out.log')
      const summary = sinkOf(['abc\n'], { maxBytes: 2, artifactPath })
      expect(summary).toMatchObject({ output: 'c\n', truncated: true })
      expect(summary.artifactPath).toBeUndefined()
      expect(summary.artifactError).toContain(artifactPath)
    })
  })

  it.each([
    [{ maxBytes: -5 }, 'maxBytes must be >= 0 (got -5)'],
    [{ headBytes: 1.5 }, 'headBytes must be an integer (got 1.5)'],
    [{ maxColumns: Number.NaN }, 'maxColumns must be a finite number (got NaN)'],
    [{ artifactMaxBytes: Number.POSITIVE_INFINITY }, 'artifactMaxBytes must be a finite number (got Infinity)'],
    [{ artifactHeadBytes: -1 }, 'artifactHeadBytes must be >= 0 (got -1)'],
    [{ artifactPath: '' }, 'artifactPath must not be empty (got "")'],
  ])('rejects %j', async (options, message) => {
    expect(thrown(() => new OutputSink(options))).toMatchObject({ code: 'ERR_INVALID_ARG', message })
  })
})
