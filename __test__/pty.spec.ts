import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterEach, describe, expect, test } from 'vitest'
import { PtySession, type PtyArgvStartOptions, type PtyStartOptions } from '../index.js'
import { eventually, processesWith, sleepMarker, thrown } from './helpers'

const used: PtySession[] = []
function session() {
  const s = new PtySession()
  used.push(s)
  return s
}
// A test that failed half-way may leave a command running: end it.
afterEach(async () => {
  for (const s of used.splice(0)) {
    try {
      s.kill()
    } catch {
      // nothing was running
    }
  }
})

async function run(s: PtySession, options: PtyStartOptions) {
  let text = ''
  const result = await s.start(options, (err, chunk) => {
    expect(err).toBeNull()
    text += chunk
  })
  return { result, text }
}

/** Starts a command and returns its result promise plus a way to wait for its output. */
function start(s: PtySession, options: PtyStartOptions) {
  const out = { text: '' }
  const done = s.start(options, (_e, chunk) => {
    out.text += chunk
  })
  return { done, out, until: (needle: string) => eventually(() => out.text.includes(needle), 10_000) }
}

const openFds = () => readdirSync('/proc/self/fd').length

/** Pids of living processes whose argv is exactly `argv` (a `sh -c` command line contains every
 * marker of its command, and so do its subshells, so a substring match would count those). */
function processesRunning(...argv: string[]): number[] {
  const want = argv.join('\0') + '\0'
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((pid) => {
      try {
        const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0]
        return state !== 'Z' && readFileSync(`/proc/${pid}/cmdline`, 'utf8') === want
      } catch {
        return false // the process ended while we looked
      }
    })
    .map(Number)
}

describe('PtySession', () => {
  test('runs a command on a terminal, reporting its pid before any output', async () => {
    const s = session()
    const events: string[] = []
    let pid = 0
    const result = await s.start(
      { command: 'test -t 0 && test -t 1 && test -t 2 && echo "tty $$"; exit 3' },
      (_e, chunk) => events.push(chunk),
      (err, p) => {
        expect(err).toBeNull()
        pid = p
        events.push('start')
      },
    )
    expect(result).toEqual({ exitCode: 3, cancelled: false, timedOut: false })
    // The terminal turns LF into CRLF.
    expect(events).toEqual(['start', `tty ${pid}\r\n`])
  })

  test('every byte of a multi-megabyte output arrives before the promise settles, run after run', async () => {
    const s = session()
    for (let i = 0; i < 10; i++) {
      let total = 0
      let settled = false
      let stray = false
      const result = await s.start({ command: "head -c 8000000 /dev/zero | tr '\\0' a" }, (_e, chunk) => {
        if (settled) stray = true
        total += chunk.length
      })
      settled = true
      expect(result.exitCode).toBe(0)
      expect(total).toBe(8_000_000)
      expect(stray).toBe(false)
    }
  })

  test('a slow callback slows the command (bounded buffering)', async () => {
    const s = session()
    const dir = mkdtempSync(join(tmpdir(), 'pty-bp-'))
    const progress = join(dir, 'progress')
    // 400 blocks of 64 KiB (25 MiB), counting the blocks written in a file.
    const command = `i=0; while [ $i -lt 400 ]; do head -c 65536 /dev/zero | tr '\\0' a; i=$((i+1)); echo $i > ${progress}; done`
    let total = 0
    let writtenWhileBlocked = -1
    const result = await s.start({ command }, (_e, chunk) => {
      if (writtenWhileBlocked < 0) {
        // Hold the first callback for 500 ms: unbounded buffering would let the command run on.
        const until = Date.now() + 500
        while (Date.now() < until) {
          // busy: the JS thread is the slow consumer
        }
        // Under load the first block may not even be counted yet.
        writtenWhileBlocked = existsSync(progress) ? Number(readFileSync(progress, 'utf8')) : 0
      }
      total += chunk.length
    })
    rmSync(dir, { recursive: true, force: true })
    expect(result.exitCode).toBe(0)
    expect(total).toBe(400 * 65536)
    // ~1 MiB queued for the callback plus the terminal's own buffer: far below 400 blocks.
    expect(writtenWhileBlocked).toBeLessThan(100)
  })

  test('a UTF-8 character split across reads is never split across chunks', async () => {
    const s = session()
    const chunks: string[] = []
    await s.start({ command: "printf 'a\\303'; sleep 0.05; printf '\\251b'" }, (_e, chunk) => chunks.push(chunk))
    expect(chunks.join('')).toBe('aéb')
    for (const chunk of chunks) expect(chunk).not.toContain('\uFFFD')
  })

  test('write goes to the terminal input, even right after start', async () => {
    const s = session()
    const { done, out } = start(s, { command: 'read line; echo "got $line"' })
    s.write('hello\r')
    expect(await done).toMatchObject({ exitCode: 0 })
    // The terminal echoes the input, then the command answers.
    expect(out.text).toBe('hello\r\ngot hello\r\n')
  })

  test('input larger than the terminal buffer arrives whole and in order', async () => {
    const s = session()
    const lines = Array.from({ length: 200 }, (_, i) => `${i}:${'x'.repeat(1000)}`)
    // Echo off so the output is only the count; ^D at the start of a line ends the input.
    const { done, out, until } = start(s, { command: 'stty -echo; echo ready; cksum' })
    expect(await until('ready')).toBe(true)
    s.write(lines.join('\r') + '\r\x04')
    expect(await done).toMatchObject({ exitCode: 0 })
    const { execFileSync } = await import('node:child_process')
    const expected = execFileSync('cksum', { input: lines.join('\n') + '\n' }).toString().trim()
    expect(out.text.replace('ready\r\n', '').trim()).toBe(expected)
  })

  test('Ctrl-C written to the terminal interrupts the foreground job', async () => {
    const s = session()
    const m = sleepMarker()
    const { done, until } = start(s, { command: `echo ready; sleep ${m}` })
    expect(await until('ready')).toBe(true)
    expect(await eventually(() => processesRunning('sleep', m).length === 1)).toBe(true)
    s.write('\x03')
    expect(await done).toMatchObject({ exitCode: 130, signal: 'SIGINT', cancelled: false })
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
  })

  test('login: true runs the shell as a login shell', async () => {
    // A login shell reads the profile files of HOME: one of its own, not the machine's.
    const home = mkdtempSync(join(tmpdir(), 'agent-shell-pty-home-'))
    try {
      const s = session()
      const { text } = await run(s, { command: 'shopt -q login_shell && echo login', shell: 'bash', login: true, env: { HOME: home } })
      expect(text).toContain('login\r\n')
    } finally {
      rmSync(home, { recursive: true, force: true })
    }
  })

  test('default size 120x40, clamping, and resize (the command sees SIGWINCH)', async () => {
    const s = session()
    const { done, out, until } = start(s, {
      // dash's read returns when a trapped signal arrives: read again until a line comes.
      command: 'trap "echo winch" WINCH; stty size; until read x; do :; done; stty size',
    })
    expect(await until('40 120')).toBe(true)
    s.resize(100, 30)
    expect(await until('winch')).toBe(true)
    s.write('\r')
    expect(await done).toMatchObject({ exitCode: 0 })
    expect(out.text).toMatch(/^40 120\r\n.*winch\r\n.*30 100\r\n$/s)

    const clamped = start(s, { command: 'stty size; read x; stty size', cols: 5, rows: 1000 })
    expect(await clamped.until('200 20')).toBe(true)
    s.resize(10_000, 1)
    s.write('\r')
    await clamped.done
    expect(clamped.out.text).toBe('200 20\r\n\r\n5 400\r\n')
  })

  test('a second start while running rejects with ERR_PTY_BUSY; idle write/resize/kill throw ERR_PTY_NOT_RUNNING', async () => {
    const s = session()
    for (const call of [() => s.write('x'), () => s.resize(80, 24), () => s.kill()]) {
      expect(thrown(call)).toMatchObject({ code: 'ERR_PTY_NOT_RUNNING' })
    }
    const first = start(s, { command: 'read x; echo first' })
    await expect(s.start({ command: 'echo second' })).rejects.toMatchObject({ code: 'ERR_PTY_BUSY' })
    await expect(s.startArgv({ application: 'true', args: [] })).rejects.toMatchObject({ code: 'ERR_PTY_BUSY' })
    s.write('\r')
    expect(await first.done).toMatchObject({ exitCode: 0 })
    expect(first.out.text).toBe('\r\nfirst\r\n')
    expect(thrown(() => s.write('x'))).toMatchObject({ code: 'ERR_PTY_NOT_RUNNING' })
    expect((await run(s, { command: 'echo again' })).text).toBe('again\r\n')
  })

  test('kill() ends the command and all its descendants, escapees and TERM-ignorers included', async () => {
    const s = session()
    const [m1, m2, m3] = [sleepMarker(), sleepMarker(), sleepMarker()]
    const command = `setsid sleep ${m1} & (trap '' TERM HUP; sleep ${m2}) & ( ( sleep ${m3} & ) & ); echo up; wait`
    const { done, until } = start(s, { command })
    expect(await until('up')).toBe(true)
    expect(await eventually(() => [m1, m2, m3].every((m) => processesRunning('sleep', m).length === 1))).toBe(true)
    s.kill()
    const result = await done
    expect(result).toMatchObject({ cancelled: true, timedOut: false })
    expect(result.exitCode).toBeUndefined()
    expect(await eventually(() => [m1, m2, m3].every((m) => processesWith(m).length === 0))).toBe(true)
  })

  test('timeout and AbortSignal end the tree; an aborted signal starts nothing', async () => {
    const s = session()
    const m = sleepMarker()
    const timed = await run(s, { command: `sleep ${m} & exec sleep ${m}`, timeoutMs: 300 })
    // The command died of the TERM sent to it; exitCode is absent, as for a shell run.
    expect(timed.result).toEqual({ cancelled: false, timedOut: true, signal: 'SIGTERM' })
    // A shell running a script is killed at once (it would go on with the script after its
    // child died), so it dies of SIGKILL.
    const m1 = sleepMarker()
    const shell = await run(s, { command: `sleep ${m1}; echo after`, timeoutMs: 300 })
    expect(shell).toEqual({ result: { cancelled: false, timedOut: true, signal: 'SIGKILL' }, text: '' })
    expect(processesWith(m1)).toEqual([])
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)

    const m2 = sleepMarker()
    const ac = new AbortController()
    setTimeout(() => ac.abort(), 200)
    const aborted = await run(s, { command: `sleep ${m2}`, signal: ac.signal })
    expect(aborted.result).toMatchObject({ cancelled: true, timedOut: false })
    expect(await eventually(() => processesWith(m2).length === 0)).toBe(true)

    const pre = new AbortController()
    pre.abort()
    const never = await run(s, { command: 'echo never', signal: pre.signal })
    expect(never).toEqual({ result: { cancelled: true, timedOut: false }, text: '' })
  })

  test('exit status and signal are reported as a shell reports them', async () => {
    const s = session()
    expect((await run(s, { command: 'kill -SEGV $$' })).result).toEqual({
      exitCode: 139,
      signal: 'SIGSEGV',
      cancelled: false,
      timedOut: false,
    })
    // A command that died of a signal under a shell: the shell's status is 128+n. (Not INT: a
    // non-interactive shell starts background jobs with SIGINT ignored.)
    expect((await run(s, { command: 'sleep 5 & kill -TERM $!; wait $!' })).result).toMatchObject({
      exitCode: 143,
      signal: 'SIGTERM',
    })
  })

  test('a cursor position query is answered from the terminal model, also when split across writes', async () => {
    const s = session()
    // Echo goes off first, or the terminal may echo the reply before `read` disables it.
    const query = "stty -echo; printf 'ab\\033[6n'; IFS= read -rd R reply; printf '<%s>' \"${reply#?}\""
    const { result, text } = await run(s, { command: query, shell: 'bash' })
    expect(result.exitCode).toBe(0)
    expect(text).toBe('ab\x1b[6n<[1;3>')

    const split = "stty -echo; printf '\\033['; sleep 0.1; printf '6n'; IFS= read -rd R reply; printf '<%s>' \"${reply#?}\""
    expect((await run(s, { command: split, shell: 'bash', timeoutMs: 10_000 })).text).toBe('\x1b[6n<[1;1>')

    // After bulk text (held back and fast-forwarded through the model), a query split across
    // writes is still answered, from the screen all that text made: 300005 characters fill the
    // 120-column last row 2500 times, then 5 more.
    const bulk = `stty -echo; head -c 300005 /dev/zero | tr '\\0' x; ${split}`
    const afterBulk = await run(s, { command: bulk, shell: 'bash', timeoutMs: 10_000 })
    expect(afterBulk.result.timedOut).toBe(false)
    expect(afterBulk.text.endsWith('\x1b[6n<[40;6>')).toBe(true)

    // Device status and primary device attributes, as od shows the reply bytes.
    const status = "stty -echo raw; printf '\\033[5n\\033[c'; dd bs=1 count=11 2>/dev/null | od -An -c | tr -s ' '"
    const od = (await run(s, { command: status, timeoutMs: 10_000 })).text
    expect(od.replace(/\s+/g, ' ')).toContain('033 [ 0 n 033 [ ? 1 ; 2 c')
  })

  test('screen() returns the visible screen as plain text, kept after exit', async () => {
    const s = session()
    expect(s.screen()).toBe('')
    await run(s, { command: "printf 'abc\\rX'" })
    expect(s.screen()).toBe('Xbc')
    await run(s, { command: "printf '\\033[2J\\033[3;5Hhi\\033[1;1Htop'" })
    expect(s.screen()).toBe('top\n\n    hi')
    // Bulk output: the screen shows its end.
    await run(s, { command: 'seq 1 100000', rows: 5 })
    expect(s.screen()).toBe('99997\n99998\n99999\n100000')
  })

  test('TERM is xterm-256color unless given; env merges over the host env; cwd applies', async () => {
    const s = session()
    process.env.AGENT_SHELL_PTY_HOST = 'host'
    try {
      const a = await run(s, { command: 'printf "%s %s %s" "$TERM" "$AGENT_SHELL_PTY_HOST" "$PWD"', cwd: '/tmp' })
      expect(a.text).toBe('xterm-256color host /tmp')
      const b = await run(s, { command: 'printf "%s %s" "$TERM" "$AGENT_SHELL_PTY_HOST"', env: { TERM: 'dumb', AGENT_SHELL_PTY_HOST: 'mine' } })
      expect(b.text).toBe('dumb mine')
    } finally {
      delete process.env.AGENT_SHELL_PTY_HOST
    }
  })

  test('startArgv runs without shell parsing', async () => {
    const s = session()
    let text = ''
    const result = await s.startArgv({ application: 'printf', args: ['<%s>', 'a b; $HOME `x`'] }, (_e, c) => {
      text += c
    })
    expect(result).toMatchObject({ exitCode: 0 })
    expect(text).toBe('<a b; $HOME `x`>')
  })

  test('a process holding the terminal after the command exits does not keep the promise pending, and is ended', async () => {
    const s = session()
    const m = sleepMarker()
    const started = Date.now()
    // setsid leaves the command's session (no SIGHUP at its exit) but keeps the terminal open.
    const { result, text } = await run(s, { command: `setsid sleep ${m} & echo hi` })
    expect(Date.now() - started).toBeLessThan(5000)
    expect(result).toMatchObject({ exitCode: 0 })
    expect(text).toBe('hi\r\n')
    expect(await eventually(() => processesWith(m).length === 0)).toBe(true)
  })

  test('a daemon that left the session and the terminal ends with a run that exits normally', async () => {
    const s = session()
    const [m1, m2] = [sleepMarker(), sleepMarker()]
    // Fully detached: a session of its own, no descriptor on the terminal, double-forked (its
    // parent exits at once). The second keeps the terminal but is double-forked too.
    const daemon = `setsid sh -c '(sleep ${m1} &)' </dev/null >/dev/null 2>&1; (sleep ${m2} &)`
    const up = `until pgrep -fx 'sleep ${m1}' >/dev/null && pgrep -fx 'sleep ${m2}' >/dev/null; do sleep 0.02; done`
    const { result, text } = await run(s, { command: `${daemon}; ${up}; echo up` })
    expect(result).toMatchObject({ exitCode: 0, cancelled: false, timedOut: false })
    expect(text).toBe('up\r\n')
    // Gone when the promise settles, not some time later.
    expect(processesWith(m1)).toEqual([])
    expect(processesWith(m2)).toEqual([])
  })

  test('no descriptor leaks over 200 start/exit cycles', async () => {
    const s = session()
    await run(s, { command: 'true' })
    const before = openFds()
    for (let i = 0; i < 200; i++) {
      const { result } = await run(s, { command: i % 2 ? 'echo x' : 'true' })
      expect(result.exitCode).toBe(0)
    }
    // Other test files' workers come and go; a leak would show as growth (one per cycle).
    expect(openFds()).toBeLessThanOrEqual(before)
  })

  test('a session only its pending promise refers to is not collected while its command runs', async () => {
    setFlagsFromString('--expose-gc')
    const gc = runInNewContext('gc') as () => void
    let text = ''
    const done = new PtySession().start({ command: 'sleep 0.5; printf done' }, (_e, c) => {
      text += c
    })
    for (let i = 0; i < 5; i++) {
      gc()
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(await done).toMatchObject({ exitCode: 0, cancelled: false })
    expect(text).toBe('done')
  })

  test.each<[string, PtyStartOptions | PtyArgvStartOptions, string, string]>([
    ['empty command', { command: ' ' }, 'ERR_INVALID_ARG', 'command'],
    ['NUL in command', { command: 'echo a\0b' }, 'ERR_INVALID_ARG', 'command'],
    ['cols 0', { command: 'true', cols: 0 }, 'ERR_INVALID_ARG', 'cols must be a positive integer (got 0)'],
    ['cols negative', { command: 'true', cols: -1 }, 'ERR_INVALID_ARG', 'cols must be a positive integer (got -1)'],
    ['rows not an integer', { command: 'true', rows: 2.5 }, 'ERR_INVALID_ARG', 'rows must be a positive integer (got 2.5)'],
    ['cols NaN', { command: 'true', cols: Number.NaN }, 'ERR_INVALID_ARG', 'cols'],
    ['negative timeout', { command: 'true', timeoutMs: -5 }, 'ERR_INVALID_ARG', 'timeoutMs'],
    ['bad env key', { command: 'true', env: { 'A-B': 'x' } }, 'ERR_INVALID_ARG', 'A-B'],
    ['NUL in env value', { command: 'true', env: { A: 'x\0y' } }, 'ERR_INVALID_ARG', 'env.A'],
    ['missing cwd', { command: 'true', cwd: '/definitely/not/here' }, 'ERR_CWD_NOT_FOUND', '/definitely/not/here'],
    ['cwd not a directory', { command: 'true', cwd: '/etc/passwd' }, 'ERR_CWD_NOT_DIR', '/etc/passwd'],
    ['unknown shell', { command: 'true', shell: 'no-such-shell-binary' }, 'ERR_SPAWN_FAILED', 'no-such-shell-binary'],
    ['unknown application', { application: 'no-such-application', args: [] }, 'ERR_SPAWN_FAILED', 'no-such-application'],
    ['empty application', { application: '', args: [] }, 'ERR_INVALID_ARG', 'application'],
    ['NUL in an argument', { application: 'echo', args: ['ok', 'a\0b'] }, 'ERR_INVALID_ARG', 'args[1]'],
  ])('%s rejects with %s', async (_name, options, code, named) => {
    const s = session()
    const promise = 'application' in options ? s.startArgv(options) : s.start(options as PtyStartOptions)
    const err = await promise.catch((e) => e)
    expect(err).toBeInstanceOf(Error)
    expect(err.code).toBe(code)
    expect(err.message).toContain(named)
    // Nothing was left running.
    expect(thrown(() => s.kill())).toMatchObject({ code: 'ERR_PTY_NOT_RUNNING' })
  })

  test('bad resize and write arguments throw ERR_INVALID_ARG', async () => {
    const s = session()
    const { done, until } = start(s, { command: 'read x' })
    await until('') // started
    for (const [call, named] of [
      [() => s.resize(0, 10), 'cols'],
      [() => s.resize(80, -2), 'rows'],
      [() => s.resize(80.5, 10), 'cols'],
      [() => (s.resize as (a: unknown, b: unknown) => void)('80', 10), 'cols'],
      [() => (s.write as (a: unknown) => void)(42), 'data'],
    ] as const) {
      const err = thrown(call) as { code: string; message: string }
      expect(err.code).toBe('ERR_INVALID_ARG')
      expect(err.message).toContain(named)
    }
    s.write('\r')
    expect(await done).toMatchObject({ exitCode: 0 })
  })
})

/** `text` as a printf format that writes exactly its UTF-8 bytes (every byte but letters, digits
 * and spaces as an octal escape, which dash's printf knows). */
function printfBytes(text: string): string {
  return [...Buffer.from(text)]
    .map((b) => (/[A-Za-z0-9 ]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : '\\' + b.toString(8).padStart(3, '0')))
    .join('')
}

/** What screen() shows after a command writes `output` on a terminal of this size. */
async function screenAfter(output: string, cols = 20, rows = 5, scrollback?: number) {
  const s = session()
  await run(s, { command: `printf '${printfBytes(output)}'`, cols, rows })
  return scrollback === undefined ? s.screen() : s.screen({ scrollback })
}

// Each expected screen is what tmux shows for the same output at the same size
// (`tmux capture-pane -pJ`); the tests do not run tmux.
describe('PtySession screen() shows what a terminal shows', () => {
  test('DEC line drawing (ESC ( 0) draws boxes', async () => {
    expect(await screenAfter('\x1b(0lqqqk\r\nx   x\r\nmqqqj\x1b(B ok')).toBe('┌───┐\n│   │\n└───┘ ok')
    // G1 as line drawing, shifted in with SO and out with SI.
    expect(await screenAfter('\x1b)0a\x0eqqq\x0fq')).toBe('a───q')
  })

  test('autowrap off (CSI ?7l) keeps writing the last column', async () => {
    expect(await screenAfter('\x1b[?7labcdefghijklmnopqrstuvwxyz\x1b[?7h\r\nnext')).toBe('abcdefghijklmnopqrsz\nnext')
  })

  test('insert mode (CSI 4 h) shifts the rest of the row right', async () => {
    expect(await screenAfter('abcdef\r\x1b[4hXY\x1b[4lZ')).toBe('XYZbcdef')
  })

  test('save and restore cursor (CSI s, CSI u; ESC 7, ESC 8)', async () => {
    expect(await screenAfter('hello\x1b[s\r\nworld\x1b[uX')).toBe('helloX\nworld')
    expect(await screenAfter('ab\x1b7\r\n\r\ncd\x1b8Y')).toBe('abY\n\ncd')
  })

  test('index (ESC D) moves down in the same column, next line (ESC E) to the next line', async () => {
    expect(await screenAfter('ab\x1bDcd\x1bEef')).toBe('ab\n  cd\nef')
    // At the bottom row both scroll.
    expect(await screenAfter('1\r\n2\r\n3\r\n4\r\n5\x1bDx\x1bEy')).toBe('3\n4\n5\n x\ny')
  })

  test('back-tab (CSI Z) moves to the previous tab stop', async () => {
    expect(await screenAfter('abcdefghijk\x1b[Z*')).toBe('abcdefgh*jk')
    expect(await screenAfter('x\t\ty\x1b[2Z#')).toBe('x       #       y')
  })

  test('a row that wrapped continues its line, also when its last column is blank', async () => {
    expect(await screenAfter('x'.repeat(19) + ' yy')).toBe('x'.repeat(19) + ' yy')
    expect(await screenAfter('a'.repeat(45) + '\r\nb')).toBe('a'.repeat(45) + '\nb')
    // A row filled to its last column, then a new line, did not wrap.
    expect(await screenAfter('c'.repeat(20) + '\r\nd')).toBe('c'.repeat(20) + '\nd')
  })

  test('trailing blanks are left out: tildes padded to the width, a prompt, a bottom row of spaces', async () => {
    const vimLike = '\x1b[?1049h\x1b[H\x1b[2Jtext' + [2, 3, 4].map((r) => `\x1b[${r};1H~` + ' '.repeat(19)).join('') + '\x1b[5;1Hprompt$ ' + '\x1b[6;1H' + ' '.repeat(19)
    expect(await screenAfter(vimLike, 20, 6)).toBe('text\n~\n~\n~\nprompt$')
    expect(await screenAfter('   \r\n  \r\n')).toBe('')
  })

  test('a grown terminal shows the rows that had scrolled off on top; a narrowed one reflows', async () => {
    const s = session()
    const { done, until } = start(s, { command: 'seq 60; echo x; read x', cols: 120, rows: 40 })
    expect(await until('x\r\n')).toBe(true)
    const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i))
    // 60 numbers, x, and the cursor's row: 40 rows from 23 on.
    expect(s.screen()).toBe([...lines(23, 60), 'x'].join('\n'))
    s.resize(120, 50)
    expect(s.screen()).toBe([...lines(13, 60), 'x'].join('\n'))
    s.resize(120, 20)
    expect(s.screen()).toBe([...lines(43, 60), 'x'].join('\n'))
    s.resize(120, 40)
    expect(s.screen()).toBe([...lines(23, 60), 'x'].join('\n'))
    s.write('\r')
    expect(await done).toMatchObject({ exitCode: 0 })

    const narrowed = start(s, { command: `printf '%s\\n' ${'y'.repeat(35)} end; read x`, cols: 40, rows: 5 })
    expect(await narrowed.until('end')).toBe(true)
    // The line's first row goes into the scrollback, which keeps the cursor's row in place.
    s.resize(20, 5)
    expect(s.screen()).toBe('y'.repeat(15) + '\nend')
    expect(s.screen({ scrollback: 1 })).toBe('y'.repeat(35) + '\nend')
    s.resize(40, 5)
    expect(s.screen()).toBe('y'.repeat(35) + '\nend')
    s.write('\r')
    await narrowed.done
  })

  test('screen({ scrollback }) puts the rows that scrolled off above the screen', async () => {
    const s = session()
    await run(s, { command: 'seq 100', cols: 20, rows: 5 })
    const lines = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => String(from + i)).join('\n')
    expect(s.screen()).toBe(lines(97, 100))
    expect(s.screen({})).toBe(lines(97, 100))
    expect(s.screen({ scrollback: 0 })).toBe(lines(97, 100))
    expect(s.screen({ scrollback: 3 })).toBe(lines(94, 100))
    expect(s.screen({ scrollback: Infinity })).toBe(lines(1, 100))
    expect(s.screen({ scrollback: 5000 })).toBe(lines(1, 100))
    for (const bad of [-1, 1.5, NaN, '3']) {
      expect(thrown(() => s.screen({ scrollback: bad as number }))).toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringContaining('scrollback') })
    }
    expect(thrown(() => (s.screen as (o: unknown) => string)(7))).toMatchObject({ code: 'ERR_INVALID_ARG' })
    // Only the last 1000 rows are kept.
    await run(s, { command: 'seq 3000', cols: 20, rows: 5 })
    expect(s.screen({ scrollback: Infinity })).toBe(lines(1997, 3000))
  })

  test('a resize during a full-screen redraw under load shows the redraw at the new size', async () => {
    // A full-screen program that redraws every row at once on SIGWINCH (Node, as vim does it:
    // woken at the signal, one write), at the size the terminal reports.
    const program = [
      'const draw = () => {',
      '  const { columns: c, rows: r } = process.stdout',
      "  let s = '\\x1b[H\\x1b[2J'",
      '  for (let i = 1; i <= r; i++) s += `\\x1b[${i};1Hrow ${i} of ${r}x${c}\\x1b[${i};${c}H#`',
      '  process.stdout.write(s)',
      '}',
      "process.stdout.write('\\x1b[?1049h')",
      'draw()',
      "process.stdout.on('resize', draw)",
      'setInterval(() => {}, 60_000)',
    ].join('\n')
    const expected = (cols: number, rows: number) =>
      Array.from({ length: rows }, (_, i) => `row ${i + 1} of ${rows}x${cols}`.padEnd(cols - 1) + '#').join('\n')
    const busy: ChildProcess[] = []
    const s = session()
    try {
      for (let i = 0; i < 3; i++) busy.push(spawn('sh', ['-c', 'while :; do :; done'], { stdio: 'ignore' }))
      const done = s.startArgv({ application: process.execPath, args: ['-e', program], cols: 120, rows: 40 })
      expect(await eventually(() => s.screen() === expected(120, 40), 10_000)).toBe(true)
      const sizes = [[100, 30], [132, 43], [80, 24], [120, 40], [60, 20], [200, 60]]
      for (const [cols, rows] of [...sizes, ...sizes, ...sizes, ...sizes, ...sizes]) {
        s.resize(cols, rows)
        // A redraw fed at the old size would leave the screen wrong until the next redraw.
        const shown = await eventually(() => s.screen() === expected(cols, rows), 10_000)
        expect(shown ? 'the redraw' : s.screen()).toBe('the redraw')
      }
      s.kill()
      expect(await done).toMatchObject({ cancelled: true })
    } finally {
      for (const p of busy) p.kill('SIGKILL')
    }
  })
})
