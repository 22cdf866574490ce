import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { createSocket } from 'node:dgram'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { executeShell, PtySession, Shell, type SandboxPolicy } from '../index.js'
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
