// Drop-in parity with the anchor (issue 24): each test states the value oh-my-pi's coding-agent gives
// for the same input, and cites the file it comes from. Where agent-shell deliberately differs, the
// test says so and docs/behaviour.md ("Deliberate differences from the anchor") gives the reason.
import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { checkBashInterception, defaultInterceptorRules, executeShell, OutputSink, type OutputOptions } from '../index.js'

function dump(chunks: string[], options?: OutputOptions | null, notice?: string) {
  const sink = new OutputSink(options)
  for (const chunk of chunks) sink.push(chunk)
  return sink.dump(notice)
}

// packages/coding-agent/src/session/streaming-output.ts: OutputSink.push / dump,
// formatMiddleElisionMarker, #applyColumnCap, #flushArtifactTailIfCapped.
describe('OutputSink, as the anchor streaming-output.ts', () => {
  it('puts the notice first, as `[notice]\\n`', () => {
    expect(dump(['a\nb\n'], null, 'Command timed out').output).toBe('[Command timed out]\na\nb\n')
    // `notice ?` in the anchor: an empty notice adds nothing.
    expect(dump(['a\n'], null, '').output).toBe('a\n')
  })

  it('gives the tail alone, from wherever the budget falls, when no head is kept', () => {
    // The anchor's buffer keeps the last spillThreshold bytes (truncateTailBytes): no marker.
    const summary = dump(['one\ntwo\nthree\nfour\n'], { maxBytes: 12 })
    expect(summary).toEqual({
      output: '\nthree\nfour\n',
      truncated: true,
      totalBytes: 19,
      totalLines: 5, // newlines + 1
      outputBytes: 12,
      outputLines: 4,
      headLines: 0, // extension: no marker, no head
      tailLines: 3, // extension: the end of "two", "three", "four"
    })
    expect(dump(['one\ntwo\nthree\nfour\n'], { maxBytes: 8 }).output).toBe('ee\nfour\n')
  })

  it('marks the elided middle with `[…Nln elided…]` when more than one line went', () => {
    const input = 'line1\nline2\n' + 'mid\n'.repeat(10) + 'end1\nend2\n'
    // Head and tail share the 40 bytes (12 + 28); the marker line comes on top, as in the anchor.
    expect(dump([input], { maxBytes: 40, headBytes: 12 })).toMatchObject({
      output: 'line1\nline2\n[…5ln elided…]\nd\nmid\nmid\nmid\nmid\nend1\nend2\n',
      truncated: true,
      outputBytes: 59,
      outputLines: 11, // head lines + 1 + tail lines, the anchor's formula
      elidedLines: 5,
      elidedBytes: 22,
    })
  })

  it('marks it with `[…NB elided…]` when one line or less went', () => {
    const input = 'a'.repeat(9) + '\n' + 'b'.repeat(30) + '\n' + 'c'.repeat(29) + '\n'
    // The anchor: elidedLines = totalLines - headLines - tailLines = 4 - 1 - 3 = 0 → bytes.
    expect(dump([input], { maxBytes: 60, headBytes: 10 })).toMatchObject({
      output: 'a'.repeat(9) + '\n[…11B elided…]\n' + 'b'.repeat(19) + '\n' + 'c'.repeat(29) + '\n',
      elidedLines: 0,
      elidedBytes: 11,
      outputBytes: 79,
    })
    const oneHugeLine = dump(['x'.repeat(50) + 'y'.repeat(50)], { maxBytes: 60, headBytes: 10 })
    expect(oneHugeLine.output).toBe('x'.repeat(10) + '\n[…40B elided…]\n' + 'y'.repeat(50))
  })

  it('keeps head and tail within the budget whatever the input and options, the marker line on top', () => {
    const inputs = [
      Array.from({ length: 500 }, (_, i) => `line ${i}\n`).join(''),
      'x'.repeat(5000),
      '€😀é\n'.repeat(300),
    ]
    for (const input of inputs) {
      for (const maxBytes of [24, 40, 64, 100, 1000, 4096]) {
        for (const headBytes of [0, 1, 7, 12, maxBytes / 4, maxBytes / 2, maxBytes]) {
          const summary = dump([input], { maxBytes, headBytes: Math.floor(headBytes) })
          const marker = /\n?\[…\d+(?:ln|B) elided…\]\n?/.exec(summary.output)?.[0] ?? ''
          expect(summary.outputBytes - Buffer.byteLength(marker), `${maxBytes}/${headBytes}`).toBeLessThanOrEqual(maxBytes)
          expect(Buffer.byteLength(summary.output)).toBe(summary.outputBytes)
        }
      }
    }
  })

  it('clamps headBytes to maxBytes / 2, as the anchor does', () => {
    expect(dump(['0123456789'], { maxBytes: 10, headBytes: 10 }).output).toBe('0123456789')
    // 20 of 40 bytes of head, not 40 (nor an error).
    expect(dump(['a\n'.repeat(40)], { maxBytes: 40, headBytes: 40 }).output).toBe('a\n'.repeat(10) + '[…20ln elided…]\n' + 'a\n'.repeat(10))
  })

  it('caps lines at maxColumns bytes with the `…` inside the cap, and reports the anchor fields', () => {
    const summary = dump(['ok\n' + 'z'.repeat(20) + '\n12345\n'], { maxColumns: 5 })
    expect(summary).toEqual({
      output: 'ok\nzz…\n12345\n',
      truncated: false,
      totalBytes: 30,
      totalLines: 4,
      outputBytes: 15,
      outputLines: 4,
      columnDroppedBytes: 18,
      columnTruncatedLines: 1,
      columnMax: 5,
    })
  })

  it('ends at dump(): later pushes are ignored, unless keepOpen', () => {
    const ended = new OutputSink()
    ended.push('first\n')
    expect(ended.dump().output).toBe('first\n')
    ended.push('second\n')
    expect(ended.dump()).toMatchObject({ output: 'first\n', totalBytes: 6 })

    const open = new OutputSink({ keepOpen: true })
    open.push('first\n')
    expect(open.dump().output).toBe('first\n')
    open.push('second\n')
    expect(open.dump()).toMatchObject({ output: 'first\nsecond\n', totalBytes: 13 })
  })

  describe('artifact', () => {
    let dir = ''
    beforeEach(async () => {
      dir = await mkdtemp(join(tmpdir(), 'agent-shell-parity-'))
    })
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true })
    })

    const MiB = 1024 * 1024
    const block = (i: number) => `block ${String(i).padStart(6, '0')} ${'-'.repeat(1010)}\n` // 1 KiB

    it('is unbounded by default (ARTIFACT_DEFAULT_MAX_BYTES = 0)', async () => {
      const artifactPath = join(dir, 'full.log')
      const blocks = Array.from({ length: 5 * 1024 }, (_, i) => block(i))
      const summary = dump(blocks, { artifactPath, artifactId: 'run-1' })
      expect(summary).toMatchObject({ truncated: true, artifactPath, artifactId: 'run-1' })
      expect(summary.artifactTruncated).toBeUndefined()
      expect((await readFile(artifactPath)).length).toBe(5 * MiB)
    })

    it('keeps 3 MiB of head (ARTIFACT_DEFAULT_HEAD_BYTES), the cut notice and the tail up to the cap', async () => {
      const artifactPath = join(dir, 'capped.log')
      const blocks = Array.from({ length: 5 * 1024 }, (_, i) => block(i))
      const summary = dump(blocks, { artifactPath, artifactMaxBytes: 4 * MiB })
      expect(summary).toMatchObject({ artifactPath, artifactTruncated: true })
      const text = await readFile(artifactPath, 'utf8')
      // The anchor's file: the first 3 MiB, the notice, the last artifactMaxBytes - 3 MiB; the
      // notice line comes on top of the cap.
      const notice = '\n[ARTIFACT TRUNCATED: kept first 3.0MB + last 1.0MB of 5.0MB; 1.0MB elided from the middle]\n'
      expect(text === blocks.join('').slice(0, 3 * MiB) + notice + blocks.slice(-1024).join('')).toBe(true)
      expect(Buffer.byteLength(text)).toBe(4 * MiB + notice.length)
    })

    it('names artifactId only when the artifact was written', () => {
      expect(dump(['small\n'], { artifactPath: join(dir, 'never.log'), artifactId: 'x' }).artifactId).toBeUndefined()
    })
  })
})

// packages/coding-agent/src/config/settings-schema.ts: DEFAULT_BASH_INTERCEPTOR_RULES;
// packages/coding-agent/src/tools/bash-interceptor.ts: checkBashInterception's message.
describe('defaultInterceptorRules, as the anchor DEFAULT_BASH_INTERCEPTOR_RULES', () => {
  const rules = defaultInterceptorRules()
  const tools = ['read', 'grep', 'glob', 'edit', 'write', 'hub']

  it('has the anchor rules in its order, with its messages', () => {
    expect(rules.map((r) => [r.tool, r.message])).toEqual([
      ['read', 'Use the `read` tool instead of cat/head/tail. It provides better context and handles binary files.'],
      ['grep', 'Use the `grep` tool instead of grep/rg. It respects .gitignore and provides structured output.'],
      ['glob', 'Use the `glob` tool instead of find/fd. It respects .gitignore and is faster for glob patterns.'],
      ['edit', 'Use the `edit` tool instead of sed -i. It provides diff preview and fuzzy matching.'],
      ['edit', 'Use the `edit` tool instead of perl -i. It provides diff preview and fuzzy matching.'],
      ['edit', 'Use the `edit` tool instead of awk -i inplace. It provides diff preview and fuzzy matching.'],
      ['write', 'Use the `write` tool instead of echo/cat redirection. It handles encoding and provides confirmation.'],
      ['hub', 'Use the `hub` tool (`op:"start"`) instead of nohup or background shell syntax so the process stays observable and managed.'],
      ['hub', 'Use the `hub` tool (`op:"start"`) for services, watchers, and debuggers so other omp instances can observe and control them.'],
      ['hub', 'Use the `hub` tool (`op:"start"`) for watch mode so its output, input, and lifecycle stay managed.'],
    ])
  })

  it('blocks with the anchor message: "Blocked: <message>\\n\\nOriginal command: <command>"', () => {
    expect(checkBashInterception('nohup ./server.sh &', rules, tools)).toEqual({
      blocked: true,
      message:
        'Blocked: Use the `hub` tool (`op:"start"`) instead of nohup or background shell syntax so the process stays observable and managed.\n\nOriginal command: nohup ./server.sh &',
      suggestedTool: 'hub',
      matchedSegment: 'nohup ./server.sh',
    })
  })

  // (command, the tool the anchor's rules suggest, or null when they let it run)
  it.each<[string, string | null]>([
    ['sleep 30 &', 'hub'],
    ['python -m http.server 8000 &', 'hub'],
    ['make && make test', null],
    ['npm run dev', 'hub'],
    ['pnpm start', 'hub'],
    ['bun run dev --port 3000', 'hub'],
    ['next dev', 'hub'],
    ['nodemon index.js', 'hub'],
    ['gdb ./a.out', 'hub'],
    ['docker compose up', 'hub'],
    ['docker compose up -d', null],
    ['docker compose up --detach', null],
    ['npm test -- --watch', 'hub'],
    ['vitest --watch', 'hub'],
    ['tsc -w', 'hub'],
    ['npm run build', null],
    ['tail -f app.log', 'read'], // the read rule comes first in the anchor's order
    ['cat README.md', 'read'],
    ['grep -rn TODO src', 'grep'],
    ['find . -name "*.ts"', 'glob'],
    ["sed -i 's/a/b/' f", 'edit'],
    ['echo hi > out.txt', 'write'],
  ])('%j → %j', (command, tool) => {
    const result = checkBashInterception(command, rules, tools)
    expect(result.suggestedTool ?? null).toBe(tool)
  })

  // The anchor's write rule consumes device sinks while looking for a later real file target.
  it.each<[string, boolean]>([
    ['echo x > /dev/null', false],
    ['echo x >/dev/stdout', false],
    ['echo x 2>&1 > /dev/stderr', false],
    ['echo x > "/dev/null"', false],
    ["printf x > '/dev/stderr'", false],
    ['echo x > /dev/fd/3', false], // extension: the anchor lists null, tty, stdout and stderr
    ['echo x > /dev/null > out.txt', true],
    ['printf x > /dev/stdout >> real.txt', true],
    ['echo x > "/dev/null" >| f.txt', true],
  ])('write rule: %j blocked: %s', (command, blocked) => {
    expect(checkBashInterception(command, rules, ['write']).blocked).toBe(blocked)
  })

  it('is stricter than the anchor inside ( … ) and { …; } (docs/behaviour.md: deliberate differences)', () => {
    // The anchor does not split grouping and checks only the whole command, which does not start
    // with `cat`; agent-shell checks the commands inside the group too.
    expect(checkBashInterception('(cd src && cat main.rs)', rules, tools).suggestedTool).toBe('read')
    expect(checkBashInterception('{ cat a.txt; }', rules, tools).suggestedTool).toBe('read')
  })
})

// packages/coding-agent/src/exec/non-interactive-env.ts: NON_INTERACTIVE_ENV, buildNonInteractiveEnv.
describe('non-interactive environment, as the anchor NON_INTERACTIVE_ENV', () => {
  const anchor: Record<string, string> = {
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    MANPAGER: 'cat',
    SYSTEMD_PAGER: 'cat',
    BAT_PAGER: 'cat',
    DELTA_PAGER: 'cat',
    GH_PAGER: 'cat',
    GLAB_PAGER: 'cat',
    PSQL_PAGER: 'cat',
    MYSQL_PAGER: 'cat',
    AWS_PAGER: '',
    HOMEBREW_PAGER: 'cat',
    LESS: 'FRX',
    TERM: 'dumb',
    NO_COLOR: '1',
    PYTHONUNBUFFERED: '1',
    GIT_EDITOR: 'true',
    VISUAL: 'true',
    EDITOR: 'true',
    GIT_TERMINAL_PROMPT: '0',
    SSH_ASKPASS: 'false', // the anchor: $which("false") ?? "false"; git and ssh look it up on PATH
    GIT_ASKPASS: 'false', // docs/api.md §7 (the anchor sets SSH_ASKPASS only)
    CI: 'true',
    AGENT: '1',
    npm_config_yes: 'true',
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_progress: 'false',
    PNPM_DISABLE_SELF_UPDATE_CHECK: 'true',
    PNPM_UPDATE_NOTIFIER: 'false',
    YARN_ENABLE_TELEMETRY: '0',
    YARN_ENABLE_PROGRESS_BARS: '0',
    CARGO_TERM_PROGRESS_WHEN: 'never',
    DEBIAN_FRONTEND: 'noninteractive',
    PIP_NO_INPUT: '1',
    PIP_DISABLE_PIP_VERSION_CHECK: '1',
    TF_INPUT: '0',
    TF_IN_AUTOMATION: '1',
    GH_PROMPT_DISABLED: '1',
    COMPOSER_NO_INTERACTION: '1',
    CLOUDSDK_CORE_DISABLE_PROMPTS: '1',
  }
  const keys = Object.keys(anchor)
  const printAll = keys.map((k) => `printf '%s=%s\\n' ${k} "\${${k}-<unset>}"`).join('; ')

  it('sets every anchor key to the anchor value', async () => {
    let text = ''
    const result = await executeShell({ command: printAll }, (_e, chunk) => {
      text += chunk
    })
    expect(result.exitCode).toBe(0)
    const seen = Object.fromEntries(text.trimEnd().split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]))
    expect(seen).toEqual(anchor)
  })

  it('leaves CI out when the host sets PI_BASH_NO_CI or CLAUDE_BASH_NO_CI', () => {
    // A fresh Node process whose own environment carries the opt-out, as a host's would.
    const script = `
      const { executeShell } = require(${JSON.stringify(join(__dirname, '..', 'index.js'))})
      let text = ''
      executeShell({ command: 'echo "\${CI-unset} $AGENT"' }, (_e, c) => { text += c }).then(() => process.stdout.write(text))`
    const run = (extra: Record<string, string>) => {
      const env: Record<string, string | undefined> = { ...process.env, ...extra }
      delete env.CI
      delete env.PI_BASH_NO_CI
      delete env.CLAUDE_BASH_NO_CI
      Object.assign(env, extra)
      return execFileSync(process.execPath, ['-e', script], { env, encoding: 'utf8' })
    }
    expect(run({})).toBe('true 1\n')
    expect(run({ PI_BASH_NO_CI: '1' })).toBe('unset 1\n')
    expect(run({ CLAUDE_BASH_NO_CI: '1' })).toBe('unset 1\n')
    expect(run({ PI_BASH_NO_CI: '1', CI: 'from-host' })).toBe('from-host 1\n')
  })
})

describe('errors name the field', () => {
  it('a shell that cannot be started says `shell` and the path', async () => {
    const err = await executeShell({ command: 'true', shell: '/no/such/bash' }).catch((e) => e)
    expect(err).toMatchObject({
      code: 'ERR_SPAWN_FAILED',
      message: expect.stringMatching(/^shell cannot be started \(got "\/no\/such\/bash"\): /),
    })
  })
})
