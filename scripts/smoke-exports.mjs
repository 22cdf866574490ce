#!/usr/bin/env node
// A smoke suite of every export of the native addon, in plain Node (no vitest, no node_modules):
// what scripts/check-linux-arm64.mjs runs inside the emulated arm64 machine, where only Node, bash,
// coreutils and the package's own files exist. It runs on any Linux host too:
//
//   node scripts/smoke-exports.mjs [PACKAGE_DIR]     (default: this checkout)
//
// Its harness (the output, the every-export rule) and the checks of the exports that behave the
// same everywhere are scripts/smoke-common.mjs's, which smoke-windows.mjs shares; here, the
// checks of a POSIX machine (bash, a PTY, process trees, Landlock).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import assert from 'node:assert/strict'
import { alive, eventually, loadPackage, portableChecks, suite, thrown } from './smoke-common.mjs'

const pkgDir = resolve(process.argv[2] ?? join(fileURLToPath(import.meta.url), '..', '..'))
const native = loadPackage(pkgDir)
const { captureShellSnapshot, executeShell, JobManager, killTree, listDescendants, Process, ProcessStatus, PtySession, Shell } =
  native

const s = suite(native)
const { base, check } = s
portableChecks(s, native)

const pidsIn = (file) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number)

check('executeShell: streams output and reports the exit code', ['executeShell'], async () => {
  let text = ''
  const result = await executeShell({ command: 'echo "hello $((6*7))"; uname -m; exit 3', cwd: base }, (err, chunk) => {
    assert.equal(err, null)
    text += chunk
  })
  assert.equal(result.exitCode, 3)
  assert.equal(result.timedOut, false)
  const [hello, machine] = text.trim().split('\n')
  assert.equal(hello, 'hello 42')
  console.log(`# uname -m in the shell: ${machine}; process.arch: ${process.arch}`)
  // Inside the emulated machine the check passes the machine it booted (SMOKE_EXPECT_MACHINE=aarch64).
  if (process.env.SMOKE_EXPECT_MACHINE) assert.equal(machine, process.env.SMOKE_EXPECT_MACHINE)
})

check('executeShell: a timeout kills the whole tree', ['executeShell'], async () => {
  const pids = join(base, 'timeout-pids')
  const result = await executeShell({
    command: `sleep 300 & echo $! >> ${pids}; (sleep 300 & echo $! >> ${pids}; wait) & echo $$ >> ${pids}; wait`,
    cwd: base,
    // Long enough for the three to start on a slow emulated machine.
    timeoutMs: 6_000,
  })
  assert.equal(result.timedOut, true)
  const started = pidsIn(pids)
  assert.equal(started.length, 3)
  await eventually(`pids ${started} gone`, () => started.every((pid) => !alive(pid)))
})

check('Shell: state persists across runs; a timeout leaves a working session', ['Shell'], async () => {
  const shell = new Shell({ sessionEnv: { HOME: base } })
  try {
    const collect = async (options) => {
      let text = ''
      const result = await shell.run({ cwd: base, ...options }, (err, chunk) => {
        assert.equal(err, null)
        text += chunk
      })
      return { result, text }
    }
    assert.equal((await collect({ command: `mkdir -p sub && cd sub && export SMOKE=kept && f() { echo "f:$1"; }` })).result.exitCode, 0)
    const second = await collect({ command: 'echo "$SMOKE"; pwd; f x', cwd: undefined })
    assert.equal(second.text, `kept\n${join(base, 'sub')}\nf:x\n`)
    assert.equal(second.result.workingDir, join(base, 'sub'))
    const timedOut = await collect({ command: 'sleep 300', timeoutMs: 2_000 })
    assert.equal(timedOut.result.timedOut, true)
    const after = await collect({ command: 'echo after' })
    assert.equal(after.text, 'after\n')
    assert.equal(await shell.liveBackgroundJobCount(), 0)
    await shell.abort()
  } finally {
    await shell.close()
  }
})

check('PtySession: a terminal, input, resize and screen()', ['PtySession'], async () => {
  const pty = new PtySession()
  let text = ''
  let pid = 0
  const done = pty.start(
    { command: 'test -t 0 && echo is-a-tty; read -r line; echo "got:$line"; stty size', cwd: base, cols: 80, rows: 24, timeoutMs: 60_000 },
    (err, chunk) => {
      assert.equal(err, null)
      text += chunk
    },
    (err, p) => {
      assert.equal(err, null)
      pid = p
    },
  )
  await eventually('is-a-tty printed', () => text.includes('is-a-tty'))
  pty.resize(100, 30)
  pty.write('typed\n')
  const result = await done
  assert.equal(result.exitCode, 0)
  assert.ok(pid > 0)
  assert.match(text, /got:typed/)
  assert.match(text, /30 100/)
  assert.match(pty.screen(), /got:typed/)
  const second = new PtySession()
  await second.start({ command: "printf 'abc\\rX'", cwd: base })
  assert.equal(second.screen(), 'Xbc')
  const killed = new PtySession()
  let sleeper = 0
  const running = killed.startArgv({ application: 'sleep', args: ['300'], cwd: base, timeoutMs: 120_000 }, null, (err, p) => {
    assert.equal(err, null)
    sleeper = p
  })
  await eventually('the PTY child started', () => sleeper > 0)
  killed.kill()
  const k = await running
  assert.equal(k.timedOut, false)
  assert.notEqual(k.exitCode, 0)
  await eventually(`PTY child ${sleeper} gone`, () => !alive(sleeper))
})

check('captureShellSnapshot: a bashrc\'s function and alias, sourced by a Shell', ['captureShellSnapshot'], async () => {
  const home = join(base, 'snapshot-home')
  mkdirSync(home)
  writeFileSync(join(home, '.bashrc'), "smoke_fn() { echo \"fn:$1\"; }\nalias smoke_alias='echo aliased'\n")
  const info = await captureShellSnapshot({ shell: 'bash', cwd: home, env: { HOME: home } })
  assert.equal(info.status, 'ok', info.reason)
  assert.equal(info.counts.functions, 1)
  assert.equal(info.counts.aliases, 1)
  const shell = new Shell({ snapshotPath: info.path, sessionEnv: { HOME: home } })
  try {
    let text = ''
    await shell.run({ command: 'smoke_fn x', cwd: home }, (err, chunk) => (text += chunk))
    assert.equal(text, 'fn:x\n')
  } finally {
    await shell.close()
  }
})

check('killTree and listDescendants on a tree the test started', ['killTree', 'listDescendants'], async () => {
  // The two shells wait on a pipe held open here (fd 3: a background job's stdin is /dev/null),
  // not on their children: a shell that waited on a child would exit by itself once that child
  // was killed, before its own SIGKILL, which killTree then does not count ("signalled 3",
  // seen under load).
  const child = spawn('bash', ['-c', 'exec 3<&0; sleep 300 & (sleep 300 & read -r _ <&3) & read -r _ <&3'], {
    stdio: ['pipe', 'ignore', 'ignore'],
  })
  const exited = new Promise((r) => child.on('exit', (code, signal) => r(signal)))
  try {
    let tree = []
    await eventually('three descendants', () => (tree = listDescendants(child.pid)).length >= 3)
    const signalled = killTree(child.pid, 9)
    assert.equal(signalled, 4, `killTree signalled ${signalled}`)
    assert.equal(await exited, 'SIGKILL')
    await eventually(`descendants ${tree} gone`, () => tree.every((pid) => !alive(pid)))
    assert.deepEqual(listDescendants(child.pid), [])
  } finally {
    child.stdin.destroy()
  }
})

check('Process: a stable reference, its args, children, terminate and status', ['Process', 'ProcessStatus'], async () => {
  // The shell waits on its stdin (a pipe held here), not on its child: waiting on it, it could
  // exit 0 on its own once TERM reached the child first (6 runs of 100 under load).
  const child = spawn('bash', ['-c', 'sleep 300 & read -r _'], { stdio: ['pipe', 'ignore', 'ignore'] })
  const exited = new Promise((r) => child.on('exit', (code, signal) => r(signal)))
  try {
    const p = Process.fromPid(child.pid)
    assert.ok(p, 'Process.fromPid found the child')
    assert.equal(p.pid, child.pid)
    assert.equal(p.ppid, process.pid)
    await eventually('the argv', () => p.args().join(' ') === 'bash -c sleep 300 & read -r _')
    await eventually('a child', () => p.children().length === 1)
    assert.equal(p.status(), ProcessStatus.Running)
    assert.equal(await p.terminate({ gracefulMs: 200 }), true)
    assert.equal(await exited, 'SIGTERM')
    assert.equal(p.status(), ProcessStatus.Exited)
    assert.equal(Process.fromPid(4_194_303), null)
  } finally {
    // Whatever failed above, the tree this check started ends with it.
    if (child.exitCode === null && child.signalCode === null) killTree(child.pid, 9)
    child.stdin.destroy()
  }
})

check('JobManager: start, wait, kill, list, close', ['JobManager'], async () => {
  const jobs = new JobManager({ artifactDir: join(base, 'jobs') })
  const exits = []
  const ok = jobs.start({ command: 'echo job-out; exit 4', cwd: base, label: 'four' }, (err, info) => exits.push(info.status))
  const done = await jobs.wait(ok, 60_000)
  assert.equal(done.exitCode, 4)
  assert.equal(done.label, 'four')
  assert.match(done.output, /job-out/)
  const long = jobs.start({ command: 'sleep 300', cwd: base }, (err, info) => exits.push(info.status))
  assert.equal(jobs.output(long).status, 'running')
  assert.equal(jobs.list().length, 2)
  const killed = await jobs.kill(long)
  assert.equal(killed.status, 'killed')
  await eventually('both exit callbacks', () => exits.length === 2)
  assert.deepEqual(exits, ['failed', 'killed'])
  await jobs.close()
})

check('sandbox: enforced where the kernel has Landlock, else fails closed', ['executeShell'], async () => {
  const work = join(base, 'sandbox-work')
  const outside = join(base, 'sandbox-outside')
  mkdirSync(work)
  mkdirSync(outside)
  let lsm = null
  try {
    lsm = readFileSync('/sys/kernel/security/lsm', 'utf8').split(',')
  } catch {}
  console.log(`# kernel LSMs: ${lsm ? lsm.join(',') : 'unknown (no securityfs)'}`)
  let result
  try {
    result = await executeShell({ command: `echo in > inside; echo out > ${outside}/escaped`, cwd: work, sandbox: {} })
  } catch (error) {
    assert.equal(error.code, 'ERR_SANDBOX_UNAVAILABLE', `unexpected error ${error.code}: ${error.message}`)
    assert.ok(!lsm || !lsm.includes('landlock'), `the kernel lists landlock, yet: ${error.message}`)
    assert.ok(!existsSync(join(work, 'inside')), 'nothing ran')
    console.log(`# sandbox failed closed: ${error.message}`)
    return
  }
  assert.notEqual(result.exitCode, 0)
  assert.equal(readFileSync(join(work, 'inside'), 'utf8'), 'in\n')
  assert.ok(!existsSync(join(outside, 'escaped')), 'a write outside the writable roots got through')
  const invalid = await thrown(() => executeShell({ command: 'true', cwd: work, sandbox: { writableRoots: ['relative/path'] } }))
  assert.match(String(invalid.code), /^ERR_/)
  console.log('# sandbox enforced')
})

await s.run()
