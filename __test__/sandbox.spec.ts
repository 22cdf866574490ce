import { execFileSync, spawn } from 'node:child_process'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { createSocket } from 'node:dgram'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { executeShell, JobManager, PtySession, Shell, type SandboxPolicy } from '../index.js'
import { eventually, processesWith, sleepMarker, thrown } from './helpers'

// Each test gets a working directory (the default writable root) and, beside it, a directory
// outside every root holding a file that must stay as it is.
let base: string
let work: string
let outside: string
const SECRET = 'untouched\n'

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), 'agent-shell-sandbox-test-'))
})
afterAll(() => rmSync(base, { recursive: true, force: true }))

let n = 0
function dirs() {
  n += 1
  work = join(base, `work${n}`)
  outside = join(base, `outside${n}`)
  mkdirSync(work)
  mkdirSync(outside)
  writeFileSync(join(outside, 'secret'), SECRET)
}

async function sandboxed(command: string, sandbox: SandboxPolicy = {}, cwd = work) {
  let text = ''
  const result = await executeShell({ command, cwd, sandbox }, (err, chunk) => {
    expect(err).toBeNull()
    text += chunk
  })
  return { result, text }
}

function outsideUntouched() {
  expect(readFileSync(join(outside, 'secret'), 'utf8')).toBe(SECRET)
}

describe('sandbox: what stays allowed', () => {
  test("the caller's own TMPDIR wins over the session's", async () => {
    dirs()
    const result = await executeShell({ command: 'echo "$TMPDIR" > t', cwd: work, env: { TMPDIR: work }, sandbox: {} })
    expect(result.exitCode).toBe(0)
    expect(readFileSync(join(work, 't'), 'utf8')).toBe(`${work}\n`)
  })

  test('a build in the working directory, TMPDIR, reading system files', async () => {
    dirs()
    writeFileSync(join(work, 'hello.c'), '#include <stdio.h>\nint main(void){puts("built");return 0;}\n')
    writeFileSync(join(work, 'Makefile'), 'hello: hello.c\n\tcc -o hello hello.c\n')
    const { result, text } = await sandboxed(
      'make -s && ./hello && echo t > "$TMPDIR/t" && cat "$TMPDIR/t" && mkdir -p sub/dir && mv hello sub/dir/ && ' +
        'head -c 4 /bin/sh | tail -c 3 && echo && test -r /etc/passwd && echo read-ok && ' +
        'echo $((1+1)) > /dev/null && mktemp | grep -q "^$TMPDIR/" && echo mktemp-in-tmpdir',
    )
    expect(text).toBe('built\nt\nELF\nread-ok\nmktemp-in-tmpdir\n')
    expect(result).toMatchObject({ exitCode: 0 })
    expect(existsSync(join(work, 'sub/dir/hello'))).toBe(true)
  })

  test('a writable root given explicitly, and TMPDIR is the session temp dir', async () => {
    dirs()
    const extra = join(base, `extra${n}`)
    mkdirSync(extra)
    const { result, text } = await sandboxed(`echo x > ${extra}/f && ((echo y > here) 2>/dev/null || echo denied-cwd) && echo "$TMPDIR"`, {
      writableRoots: [extra],
    })
    expect(result.exitCode).toBe(0)
    expect(readFileSync(join(extra, 'f'), 'utf8')).toBe('x\n')
    expect(text).toMatch(/^denied-cwd\n\/.*agent-shell-[^/]+\n$/)
    expect(existsSync(join(work, 'here'))).toBe(false)
  })
})

describe('sandbox: a session snapshot', () => {
  test('is read by the confined shell even where reading is limited to roots that do not hold it', async () => {
    dirs()
    const snapshot = join(outside, 'snapshot.sh')
    writeFileSync(snapshot, "greet() { echo hello; }\nalias ll='echo listed'\nshopt -s expand_aliases\n")
    const sh = new Shell({ snapshotPath: snapshot, sandbox: { readableRoots: [work] } })
    try {
      let text = ''
      const r = await sh.run({ command: 'greet; ll; (cat secret 2>/dev/null) || echo no-read', cwd: work }, (err, chunk) => {
        if (!err) text += chunk
      })
      expect({ exitCode: r.exitCode, text }).toEqual({ exitCode: 0, text: 'hello\nlisted\nno-read\n' })
      let denied = ''
      await sh.run({ command: `cat ${join(outside, 'secret')} 2>&1 >/dev/null | grep -c denied` }, (err, chunk) => {
        if (!err) denied += chunk
      })
      expect(denied).toBe('1\n') // the snapshot file alone was made readable, not its directory
    } finally {
      await sh.close()
    }
    outsideUntouched()
  })
})

describe('sandbox: escapes are denied', () => {
  const escapes: [string, (out: string) => string][] = [
    ['a plain write', (o) => `echo x > ${o}/secret`],
    ['a new file', (o) => `echo x > ${o}/new`],
    ['truncate', (o) => `truncate -s 0 ${o}/secret`],
    ['rm', (o) => `rm -f ${o}/secret`],
    ['mkdir', (o) => `mkdir ${o}/d`],
    ['setsid', (o) => `setsid sh -c 'echo x > ${o}/new'; sleep 0.2`],
    ['a double fork', (o) => `( ( sh -c 'echo x > ${o}/new' & ) & ); sleep 0.3`],
    ['exec', (o) => `exec sh -c 'echo x > ${o}/new'`],
    ['an interpreter', (o) => `python3 -c "open('${o}/new','w').write('x')"`],
    ['a symlink in the writable root', (o) => `ln -s ${o} link && echo x > link/new; echo x > link/secret`],
    ['a symlink to the file itself', (o) => `ln -s ${o}/secret s && echo x >> s`],
    ['a hard link into the writable root', (o) => `ln ${o}/secret hard && echo x >> hard`],
    ['rename out of the root', (o) => `echo x > mine && mv mine ${o}/new`],
    ['rename into the root', (o) => `mv ${o}/secret here`],
    ['/proc/self/root', (o) => `echo x > /proc/self/root${o}/new`],
    ['/proc/self/cwd after cd', (o) => `cd ${o} && echo x > /proc/self/cwd/new`],
    ['a user namespace', (o) => `unshare -Urm sh -c 'mount -t tmpfs none ${o} && echo x > ${o}/new'`],
    ['a mount', (o) => `mount -t tmpfs none ${o}`],
    ['a bind mount over the directory', (o) => `mkdir mine && mount --bind mine ${o}`],
  ]
  test.each(escapes)('%s', async (_name, make) => {
    dirs()
    // The denial shows as the OS's own error; the outside directory is as it was.
    const { text } = await sandboxed(make(outside))
    expect(text).toMatch(/permission denied|operation not permitted|invalid cross-device link|read-only file system/i)
    outsideUntouched()
    expect(existsSync(join(outside, 'new'))).toBe(false)
    expect(existsSync(join(outside, 'd'))).toBe(false)
  })

  test('root inside has no capabilities, and signals do not leave the sandbox', async () => {
    dirs()
    const { text } = await sandboxed(`grep ^CapEff /proc/self/status; kill -0 ${process.pid}; echo "kill $?"`)
    expect(text).toMatch(/^CapEff:\s+0+\n/)
    expect(text).toMatch(/kill 1\n$/)
  })

  test("the host's /proc entries are out of reach", async () => {
    dirs()
    const proc = `/proc/${process.pid}`
    const { text } = await sandboxed(
      `for f in environ mem root/ cwd/; do cat ${proc}/$f >/dev/null 2>&1 && echo "read $f"; done; ls ${proc}/root/ 2>&1 | sed 's/.*: //'`,
    )
    expect(text).toBe('Permission denied\n')
  })

  test('a timeout still ends a sandboxed tree, setsid escapees included', async () => {
    dirs()
    const marker = sleepMarker()
    const result = await executeShell({
      command: `setsid sleep ${marker} & sleep ${marker}`,
      cwd: work,
      sandbox: {},
      timeoutMs: 300,
    })
    expect(result).toMatchObject({ timedOut: true })
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
  })

  test('what a command left running stays confined after its run', async () => {
    dirs()
    const marker = sleepMarker()
    const shell = new Shell({ sandbox: {} })
    try {
      const r = await shell.run({
        command: `(sleep ${marker}; echo x > ${outside}/new) > /dev/null 2>&1 & echo started`,
      })
      expect(r.exitCode).toBe(0)
    } finally {
      await shell.close()
    }
    expect(await eventually(() => processesWith(marker).length === 0)).toBe(true)
    expect(existsSync(join(outside, 'new'))).toBe(false)
  })
})

describe('sandbox: network', () => {
  let server: Server
  let port: number
  let connections = 0
  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1
      socket.end('hello\n')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

  const connect = () => `exec 3<>/dev/tcp/127.0.0.1/${port} && head -1 <&3`

  test('off by default: a listener on 127.0.0.1 cannot be reached', async () => {
    dirs()
    const before = connections
    const { result, text } = await sandboxed(connect())
    expect(result.exitCode).not.toBe(0)
    expect(text).toMatch(/Permission denied/)
    expect(connections).toBe(before)
  })

  test('on: the same listener is reached', async () => {
    dirs()
    const { result, text } = await sandboxed(connect(), { network: true })
    expect(result.exitCode).toBe(0)
    expect(text).toBe('hello\n')
  })

  test('off: UDP, IPv6 and python sockets fail too', async () => {
    dirs()
    const udp = createSocket('udp4')
    let datagrams = 0
    udp.on('message', () => (datagrams += 1))
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve))
    const udpPort = udp.address().port
    try {
      const { text } = await sandboxed(
        `echo x > /dev/udp/127.0.0.1/${udpPort}; echo "udp $?"; ` +
          `python3 -c "import socket; socket.socket(socket.AF_INET6)" 2>&1 | tail -1; ` +
          `python3 -c "import socket; socket.create_connection(('127.0.0.1', ${port}))" 2>&1 | tail -1`,
      )
      expect(text).toMatch(/udp 1\n/)
      expect(text).toMatch(/PermissionError: \[Errno 13\] Permission denied\nPermissionError: \[Errno 13\] Permission denied\n$/)
      await new Promise((r) => setTimeout(r, 100))
      expect(datagrams).toBe(0)
    } finally {
      udp.close()
    }
  })

  test('off: a Unix socket outside the roots and an abstract one cannot be connected; on: they can', async () => {
    dirs()
    const path = join(outside, 'sock')
    const abstract = `\0agent-shell-test-${process.pid}-${n}`
    const server = createServer((s) => s.end('unix\n'))
    await new Promise<void>((resolve) => server.listen(path, resolve))
    // The abstract listener is Python's: Node 20 binds an abstract name padded with NULs to the
    // whole sun_path (Node 22 binds the exact name), which no exact-length connect reaches.
    const listener = spawn('python3', ['-c', `import socket
s = socket.socket(socket.AF_UNIX)
s.bind('\\0${abstract.slice(1)}')
s.listen(8)
print('ready', flush=True)
while True:
    c, _ = s.accept()
    c.sendall(b'abstract\\n')
    c.close()`])
    await new Promise<void>((resolve, reject) => {
      listener.stdout.once('data', () => resolve())
      listener.once('exit', (code) => reject(new Error(`the abstract listener exited (${code})`)))
    })
    const py = (addr: string) =>
      `python3 -c "import socket; s=socket.socket(socket.AF_UNIX); s.connect(${addr}); print(s.recv(64).decode(), end='')" 2>&1 | tail -1`
    const command = `${py(`'${path}'`)}; ${py(`'\\\\0${abstract.slice(1)}'`)}`
    try {
      const off = await sandboxed(command)
      expect(off.text).toBe('PermissionError: [Errno 13] Permission denied\nPermissionError: [Errno 13] Permission denied\n')
      const on = await sandboxed(command, { network: true })
      expect(on.text).toBe('unix\nabstract\n')
    } finally {
      listener.kill()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

describe('sandbox: a Shell', () => {
  test('the framing works inside it across runs, restarts stay confined to the first roots', async () => {
    dirs()
    const shell = new Shell({ sandbox: { writableRoots: [work] } })
    const chunks: string[] = []
    const run = (command: string, cwd?: string) => shell.run({ command, cwd }, (_e, c) => chunks.push(c))
    try {
      expect(await run('pwd; x=1; f() { echo "f $x"; }; echo a > a', work)).toMatchObject({ exitCode: 0 })
      expect(await run(`f; cd ${outside}; (echo b > b) 2>&1 | sed 's/.*: //'; cat secret`)).toMatchObject({
        exitCode: 0,
        workingDir: outside,
      })
      expect(await run('exit 7')).toMatchObject({ exitCode: 7 })
      // A fresh shell, started in `outside`, keeps the roots fixed at the first start.
      const after = await run(`pwd; (echo c > c) 2>&1 | sed 's/.*: //'; echo d > ${work}/d && echo wrote-d`)
      expect(after).toMatchObject({ exitCode: 0, sessionRestarted: true })
    } finally {
      await shell.close()
    }
    const text = chunks.join('')
    expect(text).toBe(`${work}\nf 1\nRead-only file system\n${SECRET}${outside}\nRead-only file system\nwrote-d\n`)
    expect(readFileSync(join(work, 'a'), 'utf8')).toBe('a\n')
    expect(existsSync(join(work, 'd'))).toBe(true)
    expect(existsSync(join(outside, 'b'))).toBe(false)
    expect(existsSync(join(outside, 'c'))).toBe(false)
  })
})

describe('sandbox: readable roots', () => {
  test('narrowed reading hides the rest but keeps system files and writable roots', async () => {
    dirs()
    const shared = join(base, `shared${n}`)
    mkdirSync(shared)
    writeFileSync(join(shared, 'f'), 'shared\n')
    const { text } = await sandboxed(
      `cat ${outside}/secret 2>&1 | sed 's/.*: //'; ls ${outside} 2>&1 | sed 's/.*: //'; cat ${shared}/f; echo w > w && cat w; head -c 4 /bin/sh | tail -c 3`,
      { readableRoots: [shared] },
    )
    expect(text).toBe('Permission denied\nPermission denied\nshared\nw\nELF')
  })
})

describe('sandbox: PtySession', () => {
  test('start and startArgv are confined', async () => {
    dirs()
    const pty = new PtySession()
    let out = ''
    const r = await pty.start(
      { command: `echo ok > in; echo x > ${outside}/new; echo "status $?"`, cwd: work, sandbox: {} },
      (_e, c) => (out += c),
    )
    expect(r.exitCode).toBe(0)
    expect(out).toMatch(/Read-only file system/)
    expect(out).toMatch(/status [1-9]/)
    expect(readFileSync(join(work, 'in'), 'utf8')).toBe('ok\n')
    out = ''
    const argv = await pty.startArgv(
      { application: 'touch', args: [join(outside, 'new'), join(work, 'argv')], cwd: work, sandbox: {} },
      (_e, c) => (out += c),
    )
    expect(argv.exitCode).toBe(1)
    expect(out).toMatch(/Read-only file system/)
    expect(existsSync(join(work, 'argv'))).toBe(true)
    expect(existsSync(join(outside, 'new'))).toBe(false)
    outsideUntouched()
  })
})

describe('sandbox: failing closed', () => {
  const SIMULATE = 'AGENT_SHELL_SANDBOX_SIMULATE_ABI'
  afterEach(() => {
    delete process.env[SIMULATE]
  })

  test('no Landlock: every entry point rejects, nothing runs', async () => {
    dirs()
    process.env[SIMULATE] = '0'
    const marker = join(work, 'ran')
    await expect(executeShell({ command: `touch ${marker}`, cwd: work, sandbox: {} })).rejects.toMatchObject({
      code: 'ERR_SANDBOX_UNAVAILABLE',
      message: expect.stringContaining('Landlock ABI 3'),
    })
    expect(thrown(() => new Shell({ sandbox: { network: true } }))).toMatchObject({
      code: 'ERR_SANDBOX_UNAVAILABLE',
      message: expect.stringContaining('no Landlock (simulated by AGENT_SHELL_SANDBOX_SIMULATE_ABI)'),
    })
    const pty = new PtySession()
    await expect(pty.start({ command: `touch ${marker}`, cwd: work, sandbox: {} })).rejects.toMatchObject({
      code: 'ERR_SANDBOX_UNAVAILABLE',
    })
    await expect(
      pty.startArgv({ application: 'touch', args: [marker], cwd: work, sandbox: {} }),
    ).rejects.toMatchObject({ code: 'ERR_SANDBOX_UNAVAILABLE' })
    expect(existsSync(marker)).toBe(false)
    // Without a sandbox, nothing changes.
    await expect(executeShell({ command: 'true' })).resolves.toMatchObject({ exitCode: 0 })
  })

  test('an ABI without TCP rules: network off is refused, network on runs', async () => {
    dirs()
    process.env[SIMULATE] = '3'
    await expect(executeShell({ command: 'true', cwd: work, sandbox: {} })).rejects.toMatchObject({
      code: 'ERR_SANDBOX_UNAVAILABLE',
      message: expect.stringContaining('TCP'),
    })
    const { result, text } = await sandboxed(`echo x > ${outside}/new; echo ok > in && cat in`, { network: true })
    expect(result.exitCode).toBe(0)
    expect(text).toMatch(/Read-only file system\nok\n$/)
    outsideUntouched()
  })

  test('bad policies are ERR_INVALID_ARG naming the field', async () => {
    dirs()
    const cases: [unknown, string][] = [
      [5, 'sandbox'],
      [[], 'sandbox'],
      ['/tmp', 'sandbox'],
      [{ writableRoots: '/tmp' }, 'sandbox.writableRoots'],
      [{ writableRoots: [7] }, 'sandbox.writableRoots[0]'],
      [{ writableRoots: [join(base, 'missing')] }, 'sandbox.writableRoots[0]'],
      [{ readableRoots: [work, join(base, 'missing')] }, 'sandbox.readableRoots[1]'],
      [{ network: 'yes' }, 'sandbox.network'],
    ]
    expect(thrown(() => new Shell({ sandbox: { writableRoots: [join(base, 'missing')] } }))).toMatchObject({
      code: 'ERR_INVALID_ARG',
      message: expect.stringMatching(/^sandbox\.writableRoots\[0\] must name an existing file or directory/),
    })
    for (const [sandbox, field] of cases) {
      await expect(
        executeShell({ command: 'true', cwd: work, sandbox: sandbox as SandboxPolicy }),
      ).rejects.toMatchObject({ code: 'ERR_INVALID_ARG', message: expect.stringMatching(new RegExp(`^${field.replace(/[[\].]/g, '\\$&')} `)) })
    }
  })
})

// Issue 31 §3: routes out of a confined command found by an escape campaign, each closed.
describe('sandbox: the routes of the escape campaign are closed', () => {
  test('with readableRoots, no block device (nor any /dev entry but the usual ones) can be read', async () => {
    dirs()
    const block = readdirSync('/dev').map((d) => `/dev/${d}`).find((p) => {
      try {
        return statSync(p).isBlockDevice()
      } catch {
        return false
      }
    })
    if (!block) console.warn('sandbox.spec: this machine has no block device under /dev; the block-device read is not tried')
    const target = block ?? '/dev/kmsg'
    for (const sandbox of [{ readableRoots: [work] }, {}]) {
      const { text } = await sandboxed(`head -c 1 ${target} > /dev/null 2>&1 && echo read; ls /dev > /dev/null && echo listed; head -c 1 /dev/urandom | wc -c`, sandbox)
      expect(text, JSON.stringify(sandbox)).toBe('listed\n1\n')
    }
  })

  test("another terminal's /dev/pts/N can be neither read nor written", async () => {
    dirs()
    const pty = new PtySession()
    let seen = ''
    let ttyPath = ''
    const running = pty.start({ command: 'tty; sleep 5', cwd: work }, (_e, c) => (seen += c))
    expect(await eventually(() => /\/dev\/pts\/\d+/.test(seen))).toBe(true)
    ttyPath = /\/dev\/pts\/\d+/.exec(seen)![0]
    try {
      const { text } = await sandboxed(`{ echo hijack > ${ttyPath}; } 2>/dev/null && echo wrote; timeout 1 head -c 1 ${ttyPath} >/dev/null 2>&1 && echo read; echo done`)
      expect(text).toBe('done\n')
      expect(seen).not.toMatch(/hijack/)
    } finally {
      pty.kill()
      await running.catch(() => undefined)
    }
  })

  test('prlimit, setpriority and sched_setaffinity on the host are refused', async () => {
    dirs()
    const { text } = await sandboxed(
      `prlimit --pid ${process.pid} --fsize=1 2>/dev/null && echo limited; renice -n 19 -p ${process.pid} >/dev/null 2>&1 && echo reniced; ` +
        `taskset -p 1 ${process.pid} >/dev/null 2>&1 && echo pinned; prlimit --fsize=100000 true && echo own-ok`,
    )
    expect(text).toBe('own-ok\n')
    // The host still writes files of any size.
    writeFileSync(join(work, 'host-write'), 'x'.repeat(4096))
    expect(statSync(join(work, 'host-write')).size).toBe(4096)
  })

  test('SysV IPC made outside, POSIX message queues and keyrings are out of reach', async () => {
    dirs()
    const made = execFileSync('ipcmk', ['-M', '4096'], { encoding: 'utf8' })
    const id = /(\d+)\s*$/.exec(made.trim())![1]
    try {
      const py = (nr: number, args: string) => `python3 -c "import ctypes, os; r = ctypes.CDLL(None, use_errno=True).syscall(${nr}, ${args}); print(r, os.strerror(ctypes.get_errno()) if r < 0 else '')"`
      const { text } = await sandboxed(
        `ipcrm -m ${id} 2>&1 | tail -1; ipcmk -M 4096 2>&1 | tail -1; ipcmk -Q 2>&1 | tail -1; ipcmk -S 1 2>&1 | tail -1; ` +
          // shmat(id, 0, 0); add_key("user", "k", "v", 1, KEY_SPEC_USER_KEYRING); mq_open("/q", O_CREAT|O_RDWR, 0600, 0)
          `${py(30, `${id}, 0, 0`)}; ${py(248, `b'user', b'k', b'v', 1, -4`)}; ${py(240, `b'q', 0o102, 0o600, 0`)}`,
      )
      // Nothing removed or made (ipcrm/ipcmk say why in their own words), then the raw calls' answers.
      expect(text).not.toMatch(/id: \d|resource\(s\) deleted/i)
      expect(text).toMatch(/\n-1 Operation not permitted\n-1 Operation not permitted\n-1 Operation not permitted\n$/)
      expect(execFileSync('ipcs', ['-m', '-i', id], { encoding: 'utf8' })).toMatch(new RegExp(`shmid=${id}`))
    } finally {
      execFileSync('ipcrm', ['-m', id])
    }
  })

  test('file metadata outside the roots stays: chmod (setuid included), touch -d, chattr', async () => {
    dirs()
    const secret = join(outside, 'secret')
    const before = statSync(secret)
    const { text } = await sandboxed(
      `chmod 4777 ${secret} 2>&1 | sed 's/.*: //'; touch -d 2001-01-01 ${secret} 2>&1 | sed 's/.*: //'; chmod 700 ${outside} 2>&1 | sed 's/.*: //'; ` +
        `echo x > mine && chmod 4755 mine && touch -d 2001-01-01 mine && stat -c %a mine`,
    )
    expect(text).toBe('Read-only file system\nRead-only file system\nRead-only file system\n4755\n')
    const after = statSync(secret)
    expect([after.mode, after.mtimeMs]).toEqual([before.mode, before.mtimeMs])
  })

  test('where no namespace can be made, metadata calls are refused everywhere (fail closed)', async () => {
    dirs()
    process.env.AGENT_SHELL_SANDBOX_SIMULATE_NO_MOUNTS = '1'
    try {
      const secret = join(outside, 'secret')
      const before = statSync(secret)
      const { text } = await sandboxed(`chmod 4777 ${secret} 2>&1 | sed 's/.*: //'; echo x > mine && chmod 755 mine 2>&1 | sed 's/.*: //'; { echo y > ${secret}; } 2>&1 | sed 's/.*: //'`)
      expect(text).toBe('Operation not permitted\nOperation not permitted\nPermission denied\n')
      expect(statSync(secret).mode).toBe(before.mode)
    } finally {
      delete process.env.AGENT_SHELL_SANDBOX_SIMULATE_NO_MOUNTS
    }
  })

  test("a job from a sandboxed Shell is confined by the Shell's policy, its own policy or not", async () => {
    dirs()
    const shell = new Shell({ sandbox: { writableRoots: [work] } })
    const jobs = new JobManager()
    try {
      await shell.run({ command: `leak() { echo x > ${outside}/$1; }`, cwd: work })
      const plain = jobs.start({ command: 'leak plain; echo in > in-plain', shell })
      // Its own policy is wider: only what both allow holds.
      const wider = jobs.start({ command: 'leak wider; echo in > in-wider', shell, sandbox: { writableRoots: [outside, work], network: true } })
      const [a, b] = await Promise.all([jobs.wait(plain), jobs.wait(wider)])
      expect(a.output + b.output).toMatch(/Read-only file system[\s\S]*Read-only file system/)
      expect(existsSync(join(outside, 'plain')) || existsSync(join(outside, 'wider'))).toBe(false)
      expect(existsSync(join(work, 'in-plain')) && existsSync(join(work, 'in-wider'))).toBe(true)
    } finally {
      await jobs.close()
      await shell.close()
    }
    outsideUntouched()
  })

  test('the host does not write an artifact through a link planted in a writable root', async () => {
    dirs()
    const shell = new Shell({ sandbox: { writableRoots: [work] } })
    const jobs = new JobManager({ artifactDir: work })
    try {
      // The confined command plants the links; the host's artifacts then land on them.
      await shell.run({ command: `ln -s ${outside}/secret art.log; ln -s ${outside}/secret job-1.log`, cwd: work })
      const r = await shell.run({ command: 'seq 1 5000', output: { maxBytes: 100, artifactPath: join(work, 'art.log') } })
      expect(r.output).toMatchObject({ truncated: true })
      expect(r.output?.artifactError).toMatch(/symbolic link; refused/)
      const id = jobs.start({ command: 'seq 1 100', cwd: work })
      const out = await jobs.wait(id)
      expect(out.output).toMatch(/symbolic link; refused/)
      expect(lstatSync(join(work, 'art.log')).isSymbolicLink()).toBe(true)
    } finally {
      await jobs.close()
      await shell.close()
    }
    outsideUntouched()
  })
})
