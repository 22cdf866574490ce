// A `Shell` left idle parks (ShellOptions.idleParkMs; docs/behaviour.md, Session semantics): its state is
// kept, its bash and supervisor end without waiting for a garbage collection, and the next run
// restores the state in a fresh bash. One test per carried piece of state; the things a snapshot
// cannot carry keep the shell.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { JobManager, Shell } from '../index.js'
import { alive, eventually } from './helpers'

const IDLE_MS = 150
let dir = ''
let shells: Shell[] = []
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-shell-park-'))
  mkdirSync(join(dir, 'sub dir'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))
afterEach(async () => {
  await Promise.all(shells.map((s) => s.close()))
  shells = []
})

function shell(options: Record<string, unknown> = {}): Shell {
  const s = new Shell({ idleParkMs: IDLE_MS, ...options })
  shells.push(s)
  return s
}

async function out(s: Shell, command: string, extra: Record<string, unknown> = {}): Promise<string> {
  let text = ''
  const r = await s.run({ command, ...extra }, (e, c) => {
    if (!e) text += c
  })
  return text
}

/** Runs `setup`, waits for the session to park (its bash gone), and returns the old bash's pid. */
async function parkAfter(s: Shell, setup: string, extra: Record<string, unknown> = {}): Promise<number> {
  await s.run({ command: setup, ...extra })
  const pid = Number(await out(s, 'echo $$'))
  expect(await eventually(() => !alive(pid), 5000), 'the idle shell parked').toBe(true)
  return pid
}

describe.skipIf(process.platform !== 'linux')('an idle Shell parks and restores its state', () => {
  it('ends its bash after the idle period; the next run gets a fresh one ($$ differs), not a restart', async () => {
    const s = shell()
    const pid = await parkAfter(s, 'true')
    const r = await s.run({ command: 'echo $$' })
    expect(r.sessionRestarted).toBe(false)
    expect(Number(await out(s, 'echo $$'))).not.toBe(pid)
  })

  it("shells dropped without close() (the anchor's agent's backgrounded calls) give back their bash and supervisor", async () => {
    const pids: number[] = []
    for (let i = 0; i < 5; i++) {
      const s = new Shell({ idleParkMs: IDLE_MS })
      pids.push(...(await out(s, 'echo $$ $PPID')).trim().split(' ').map(Number))
      // No close(), no reference kept: what the anchor's executeBash does with an `:async:` Shell.
    }
    expect(pids.every((p) => p > 0)).toBe(true)
    expect(await eventually(() => pids.every((p) => !alive(p)), 5000)).toBe(true)
  })

  it('the directory and OLDPWD', async () => {
    const s = shell()
    await parkAfter(s, `cd ${JSON.stringify(dir)} && cd 'sub dir'`)
    expect(await out(s, 'echo "$PWD|$OLDPWD"')).toBe(`${join(dir, 'sub dir')}|${dir}\n`)
  })

  it('exported and plain variables, arrays, associative arrays, integers, read-only ones, and an unset one', async () => {
    const s = shell({ sessionEnv: { GONE: 'from-sessionEnv' } })
    await parkAfter(s, 'export EXP="a b"; PLAIN=$\'x\\ny\'; ARR=(1 "two 2" 3); declare -A MAP=([k]=v); declare -i N=41; N+=1; declare -r RO=fixed; unset GONE')
    expect(await out(s, 'printf "%s|" "$EXP" "$PLAIN" "${ARR[1]}" "${#ARR[@]}" "${MAP[k]}" "$((N+1))" "$RO" "${GONE-unset}"; declare -p RO N | tr "\\n" " "; env | grep -c "^EXP=a b$"')).toBe(
      'a b|x\ny|two 2|3|v|43|fixed|unset|declare -r RO="fixed" declare -i N="42" 1\n',
    )
  })

  it('functions (with their export attribute) and aliases', async () => {
    const s = shell()
    await parkAfter(s, 'greet() { echo "hi $1"; }; shout() { echo LOUD; }; export -f shout; shopt -s expand_aliases; alias ll="echo aliased"')
    expect(await out(s, 'greet you; ll; bash -c shout')).toBe('hi you\naliased\nLOUD\n')
  })

  it('set -o and shopt options', async () => {
    const s = shell()
    await parkAfter(s, 'set -o pipefail -o noclobber; shopt -s extglob nullglob')
    expect(await out(s, 'echo "$-" | tr -cd C; echo; set -o | grep -E "^(pipefail|noclobber) " | tr -s " \\t" " "; shopt extglob nullglob | tr -s " \\t" " "')).toBe(
      'C\nnoclobber on\npipefail on\nextglob on\nnullglob on\n',
    )
  })

  it('the resource limits, soft and hard (lowered, or a soft one raised up to the hard one)', async () => {
    const s = shell()
    await parkAfter(s, 'ulimit -S -n 256; ulimit -H -n 512; ulimit -S -c 0')
    expect(await out(s, 'ulimit -Sn; ulimit -Hn; ulimit -Sc')).toBe('256\n512\n0\n')
  })

  it('the umask', async () => {
    const s = shell()
    await parkAfter(s, `umask 027; cd ${JSON.stringify(dir)}`)
    await out(s, 'rm -f made && touch made')
    expect(statSync(join(dir, 'made')).mode & 0o777).toBe(0o640)
    expect(await out(s, 'umask')).toBe('0027\n')
  })

  it('$? and $_ of the last run', async () => {
    const s = shell()
    await s.run({ command: 'true' })
    await parkAfter(s, 'true')
    // parkAfter's last run was `echo $$`; one more run whose status and last argument are read after the park:
    const pid = Number(await out(s, 'echo $$'))
    await s.run({ command: 'echo last-arg >/dev/null; (exit 7)' })
    expect(await eventually(() => !alive(pid), 5000)).toBe(true)
    expect(await out(s, 'echo "$? $_"')).toBe('7 last-arg\n')
  })

  it("a run's own env is undone after the restore, as it would have been", async () => {
    const s = shell()
    await parkAfter(s, 'true', { env: { ONLY_THIS_RUN: 'x' } })
    expect(await out(s, 'echo "${ONLY_THIS_RUN-unset}"')).toBe('unset\n')
  })

  it('a job started from a parked session starts from its state', async () => {
    const s = shell()
    await parkAfter(s, `cd ${JSON.stringify(dir)}; JOBVAR=carried`)
    const jobs = new JobManager()
    try {
      const id = jobs.start({ command: 'echo "$JOBVAR $PWD"', shell: s })
      const done = await jobs.wait(id, 10_000)
      expect(done.output).toBe(`carried ${dir}\n`)
    } finally {
      await jobs.close()
    }
  })

  it('idleParkMs: 0 never parks', async () => {
    const s = shell({ idleParkMs: 0 })
    await s.run({ command: 'true' })
    const pid = Number(await out(s, 'echo $$'))
    await new Promise((r) => setTimeout(r, IDLE_MS * 4))
    expect(alive(pid)).toBe(true)
  })
})

describe.skipIf(process.platform !== 'linux')('what a parked state cannot carry keeps the shell', () => {
  const stays = async (setup: string) => {
    const s = shell()
    await s.run({ command: setup })
    const pid = Number((await out(s, 'echo $$')).trim().split('\n').pop())
    expect(pid).toBeGreaterThan(0)
    await new Promise((r) => setTimeout(r, IDLE_MS * 5))
    expect(alive(pid), setup).toBe(true)
    return s
  }
  it('a live background job', async () => {
    await stays('sleep 30 &')
  })
  it('a trap', async () => {
    // (An EXIT trap is no session state: a run that sets one runs it at its end.)
    await stays("trap 'echo usr' USR1")
  })
  it('a descriptor the session did not open', async () => {
    await stays(`exec 7>${JSON.stringify(join(dir, 'fd7'))}`)
  })
  it('positional parameters', async () => {
    await stays('set -- a b')
  })
  it('a pushd stack', async () => {
    await stays(`pushd ${JSON.stringify(dir)} >/dev/null`)
  })
  it('xtrace', async () => {
    await stays('set -x')
  })
})

describe.skipIf(process.platform !== 'linux')('a session waits for its background jobs, then parks', () => {
  it('parks once its last `&` job ended, with no run after it', async () => {
    const s = shell()
    await s.run({ command: 'KEPT=yes; sleep 0.6 &' })
    const pid = Number(await out(s, 'echo $$'))
    expect(alive(pid)).toBe(true)
    expect(await eventually(() => !alive(pid), 5000), 'parked after the job ended').toBe(true)
    expect(await out(s, 'echo $KEPT')).toBe('yes\n')
  })
})
