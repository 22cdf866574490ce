// The fidelity set: each script in fixtures/fidelity runs through `Shell.run` and through `bash -c`,
// and must print the same text (stdout and stderr merged) and end with the same status.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { executeShell, Shell } from '../index.js'

const dir = join(__dirname, 'fixtures', 'fidelity')
const scripts = readdirSync(dir).filter((f) => f.endsWith('.sh')).sort()

/** Scripts that do not parse run through `eval`, so that the syntax error ends the run and not the
 * session (docs/behaviour.md); bash's parser then names `eval` in its messages, where `bash -c` reads
 * `bash: line N:`. Every other script must read exactly as `bash -c` does, line numbers included. */
const throughEval = new Set(['syntax-error.sh'])

/** A fatal expansion error (`set -u` and an unset variable, `${x:?}`) ends bash: `bash -c` then
 * exits 127 (its one-command reader returns 127 on that jump), a shell reading a script file exits
 * with the failed command's status, 1, and a session's shell reads a file (docs/behaviour.md). */
const fatalExpansion = new Set(['set-u.sh'])

function direct(path: string) {
  // `exec … 2>&1` merges stderr into the same pipe, in the order bash wrote them; `$0` is `bash`.
  const r = spawnSync('sh', ['-c', 'exec bash --noprofile --norc -c "$1" 2>&1', 'sh', readFileSync(path, 'utf8')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  })
  return { text: functionSource(r.stdout), exitCode: r.status }
}

/** bash 5.2 names the source of a function defined under `-c` `environment` in its messages
 * (`environment: line 8: …`), where a session's shell, reading a file, names it as `$0` (docs/behaviour.md). */
function functionSource(text: string): string {
  return text.replace(/^environment: line /gm, 'bash: line ')
}

async function throughExecuteShell(path: string) {
  let text = ''
  const result = await executeShell({ command: readFileSync(path, 'utf8'), nonInteractiveEnv: false }, (_e, chunk) => {
    text += chunk
  })
  return { text, exitCode: result.exitCode }
}

async function throughShell(path: string) {
  const shell = new Shell({ nonInteractiveEnv: false })
  try {
    // A first run, so the script runs as a later run does: after a status report, with `$?`
    // and `$_` restored.
    await shell.run({ command: ': warm-up' })
    let text = ''
    const result = await shell.run({ command: readFileSync(path, 'utf8') }, (_e, chunk) => {
      text += chunk
    })
    let after = ''
    const next = await shell.run({ command: 'echo still-usable' }, (_e, chunk) => {
      after += chunk
    })
    return { text, exitCode: result.exitCode, after, nextExit: next.exitCode }
  } finally {
    await shell.close()
  }
}

describe('fidelity: Shell.run prints and exits as bash running the same script', () => {
  test('there are a few dozen scripts', () => {
    expect(scripts.length).toBeGreaterThanOrEqual(30)
  })

  test.each(scripts)('%s', async (name) => {
    const path = join(dir, name)
    const expected = direct(path)
    if (throughEval.has(name)) expected.text = expected.text.replace(/^bash: -c: line (\d+):/gm, 'bash: eval: line $1:')
    if (fatalExpansion.has(name)) expected.exitCode = 1
    const got = await throughShell(path)
    expect({ text: got.text, exitCode: got.exitCode }).toEqual(expected)
    expect({ after: got.after, nextExit: got.nextExit }).toEqual({ after: 'still-usable\n', nextExit: 0 })
    expect(await throughExecuteShell(path)).toEqual(expected)
  })
})

describe('line numbers count from 1 in every run', () => {
  async function lines(shell: Shell, command: string, options: { env?: Record<string, string>; cwd?: string } = {}) {
    let text = ''
    const result = await shell.run({ command, ...options }, (_e, chunk) => {
      text += chunk
    })
    return { text, exitCode: result.exitCode }
  }

  test('whatever the previous run left: a status above 1, env and cwd with newlines, $_ with a newline, a new output FIFO, an EXIT trap', async () => {
    const shell = new Shell({ nonInteractiveEnv: false })
    try {
      const dir = mkdtempSync(join(tmpdir(), 'agent-shell-lines-\nx-'))
      try {
        expect(await lines(shell, 'echo $LINENO\nf() { return 3; }; f')).toEqual({ text: '1\n', exitCode: 3 })
        expect(await lines(shell, 'echo "$LINENO"\necho $LINENO', { env: { MULTI: 'a\nb\nc' } })).toEqual({ text: '1\n2\n', exitCode: 0 })
        expect(await lines(shell, 'echo $LINENO "$MULTI"', { env: { MULTI: 'x\ny' }, cwd: dir })).toEqual({ text: '1 x\ny\n', exitCode: 0 })
        expect(await lines(shell, ': "$(printf "a\\nb")"')).toEqual({ text: '', exitCode: 0 })
        expect(await lines(shell, 'printf "%s|" "$_"; echo $LINENO\nexec 3>&-; echo $LINENO')).toEqual({ text: 'a\nb|1\n2\n', exitCode: 0 })
        expect(await lines(shell, "trap 'echo trap at $LINENO' EXIT\necho $LINENO")).toEqual({ text: '2\ntrap at 1\n', exitCode: 0 })
        expect(await lines(shell, 'echo $LINENO; no-such-command-x')).toEqual({ text: '1\nbash: line 1: no-such-command-x: command not found\n', exitCode: 127 })
        expect(await lines(shell, 'set -x\necho $LINENO\nset +x')).toEqual({ text: '+ echo 2\n2\n+ set +x\n', exitCode: 0 })
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    } finally {
      await shell.close()
    }
  })

  test('a user who unset LINENO keeps it unset; FUNCNAME has no main frame', async () => {
    const shell = new Shell({ nonInteractiveEnv: false })
    try {
      expect(await lines(shell, 'f() { echo "${FUNCNAME[*]} ${#FUNCNAME[@]}"; }; f; echo "${#FUNCNAME[@]}"')).toEqual({ text: 'f 1\n0\n', exitCode: 0 })
      expect(await lines(shell, 'unset LINENO')).toEqual({ text: '', exitCode: 0 })
      expect(await lines(shell, 'echo "${LINENO-unset}"; declare -p LINENO >/dev/null 2>&1; echo $?')).toEqual({ text: 'unset\n1\n', exitCode: 0 })
      expect(await lines(shell, 'echo "${LINENO-unset}"')).toEqual({ text: 'unset\n', exitCode: 0 })
    } finally {
      await shell.close()
    }
  })
})

test('a first run starts with $_ as bash -c does: the environment\'s _', async () => {
  let text = ''
  await executeShell({ command: 'echo "$_"', sessionEnv: { _: '/some/program' } }, (_e, chunk) => {
    text += chunk
  })
  const direct = spawnSync('bash', ['--noprofile', '--norc', '-c', 'echo "$_"'], { env: { ...process.env, _: '/some/program' }, encoding: 'utf8' })
  expect(text).toBe(direct.stdout)
  expect(text).toBe('/some/program\n')
})
