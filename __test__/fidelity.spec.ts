// The fidelity set: each script in fixtures/fidelity runs through `Shell.run` and through bash
// directly, and must print the same text (stdout and stderr merged) and end with the same status.
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { Shell } from '../index.js'

const dir = join(__dirname, 'fixtures', 'fidelity')
const scripts = readdirSync(dir).filter((f) => f.endsWith('.sh')).sort()

/** bash names the script in its messages (`$0`), which a session calls `bash` as `bash -c` does,
 * and the line, the one thing that differs by design (LINENO counts the session's whole script,
 * see README). */
function normalize(text: string, path: string): string {
  return text.split(path).join('bash').replace(/^bash: (eval: )?line \d+:/gm, 'bash: $1line N:')
}

/** Scripts that do not parse run through `eval`, so that the syntax error ends the run and not the
 * session (README); bash's parser then names `eval` in its messages, where a script's read
 * `bash: line N:`. Every other script must read exactly as bash's. */
const throughEval = new Set(['syntax-error.sh'])

function direct(path: string) {
  // `exec … 2>&1` merges stderr into the same pipe, in the order bash wrote them.
  const r = spawnSync('sh', ['-c', 'exec bash --noprofile --norc "$0" 2>&1', path], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  })
  return { text: normalize(r.stdout, path), exitCode: r.status }
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
    return { text: normalize(text, path), exitCode: result.exitCode, after, nextExit: next.exitCode }
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
    if (throughEval.has(name)) expected.text = expected.text.replace(/^bash: line N:/gm, 'bash: eval: line N:')
    const got = await throughShell(path)
    expect({ text: got.text, exitCode: got.exitCode }).toEqual(expected)
    expect({ after: got.after, nextExit: got.nextExit }).toEqual({ after: 'still-usable\n', nextExit: 0 })
  })
})
