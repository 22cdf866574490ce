// The user's shell snapshot (docs/snapshot.md, issue 43): what a capture costs for a bash and a zsh
// user (fake HOMEs with realistic startup files), next to the floor, the same shell started
// interactive with the same files and doing nothing (`bash -i -c true`, child_process); and what
// a snapshot adds to the first `bash` call of a tool set when the capture is done (warm: this
// process captured the same files before), next to a tool set without one. Prints Markdown and
// writes bench/SNAPSHOT-RESULTS.md.
//
//   node bench/snapshot.mjs [--quick] [--no-write]
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const benchDir = dirname(fileURLToPath(import.meta.url))
const require = createRequire(import.meta.url)
delete process.env.AGENT_SHELL_SNAPSHOT
const { captureShellSnapshot, Shell } = require('../index.js')
const { createBashTools } = require('../dist/index.js')

const quick = process.argv.includes('--quick')
const ROUNDS = quick ? 8 : 30
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const ms = (x) => (Math.abs(x) >= 10 ? x.toFixed(0) : x.toFixed(2))
const signed = (x) => `${x >= 0 ? '+' : '-'}${ms(Math.abs(x))}`

// A bash user: Debian's stock ~/.bashrc, 30 aliases, 15 functions, an nvm-like PATH and a few
// exports. A zsh user: the same in zsh, with path=(…), setopts and zsh-only functions to drop.
const aliases = Array.from({ length: 30 }, (_, i) => `alias a${i}='echo alias ${i} --flag'`).join('\n')
const functions = Array.from({ length: 15 }, (_, i) => `f${i}() { local x="$1"; [ -n "$x" ] && echo "f${i} $x" || return 1; }`).join('\n')
const bashrc = `case $- in *i*) ;; *) return;; esac
HISTCONTROL=ignoreboth
shopt -s histappend checkwinsize globstar
PS1='\\u@\\h:\\w\\$ '
alias ls='ls --color=auto'
alias ll='ls -alF'
${aliases}
${functions}
export NVM_DIR="$HOME/.nvm"
export PATH="$HOME/.nvm/versions/node/v22.0.0/bin:$HOME/.local/bin:$PATH:$HOME/go/bin"
export EDITOR=vim GOPATH="$HOME/go" MY_TOOL_HOME=/opt/tool
`
const zshrc = `${aliases}
alias -g G='| grep'
${functions}
upper() { print -r -- \${(U)1}; }
lines() { local -a x=(\${(f)"$(cat $1)"}); print -l $x; }
path=($HOME/.local/bin $HOME/.cargo/bin $path)
setopt globdots extendedglob
export EDITOR=vim GOPATH="$HOME/go"
autoload -Uz compinit
`

const root = mkdtempSync(join(os.tmpdir(), 'agent-shell-bench-snapshot-'))
function home(name, files) {
  const dir = join(root, name)
  mkdirSync(dir)
  for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text)
  return { HOME: dir, PATH: '/usr/local/bin:/usr/bin:/bin', LANG: 'C.UTF-8' }
}
const zsh = ['/usr/bin/zsh', '/bin/zsh'].find((p) => existsSync(p))
const users = [
  { name: 'bash (Debian .bashrc, 32 aliases, 15 functions)', shell: 'bash', env: home('bash', { '.bashrc': bashrc }) },
  ...(zsh ? [{ name: 'zsh (.zshrc, 31 aliases, 17 functions)', shell: zsh, env: home('zsh', { '.zshrc': zshrc }) }] : []),
]

const lines = []
const say = (line = '') => {
  lines.push(line)
  console.log(line)
}
say(`# Shell snapshot: capture time and the first call's added latency`)
say()
say(`${new Date().toISOString().slice(0, 16)}Z, ${os.cpus()[0]?.model ?? 'cpu'} (${os.cpus().length} cores, shared), Node ${process.version}, ${ROUNDS} rounds, medians.`)
if (!zsh) say('zsh is not installed here: its row is left out.')
say()
say('| startup files | floor: `$SHELL -i -c true` | captureShellSnapshot | capture / floor |')
say('|---|---|---|---|')
for (const user of users) {
  const floor = []
  const capture = []
  for (let i = 0; i < ROUNDS; i++) {
    let t = performance.now()
    spawnSync(user.shell, ['-i', '-c', 'true'], { env: user.env, cwd: user.env.HOME, stdio: 'ignore' })
    floor.push(performance.now() - t)
    t = performance.now()
    const info = await captureShellSnapshot({ shell: user.shell, login: false, env: user.env, refresh: true })
    capture.push(performance.now() - t)
    if (info.status !== 'ok') throw new Error(`${user.name}: ${info.status} ${info.reason}`)
  }
  say(`| ${user.name} | ${ms(median(floor))} ms | ${ms(median(capture))} ms | ${(median(capture) / median(floor)).toFixed(1)}x |`)
}

// The first call of a tool set, with the capture done (warm: the same files captured before in
// this process), against one without a snapshot; tool sets made and called alternately.
say()
say('| first `bash` call of a new tool set (`true`) | without snapshot | with snapshot, warm | added |')
say('|---|---|---|---|')
for (const user of users.slice(0, 1)) {
  await captureShellSnapshot({ shell: user.shell, login: false, env: { ...process.env, ...user.env }, cwd: root })
  const without = []
  const withSnapshot = []
  for (let i = 0; i < ROUNDS; i++) {
    const both = [false, { shell: user.shell, login: false }]
    for (const snapshot of i % 2 ? both.reverse() : both) {
      const tools = createBashTools({ cwd: root, env: user.env, snapshot })
      // The capture of a tool set starts when it is made; a host's first call comes after the model answered.
      await new Promise((r) => setTimeout(r, 20))
      const t = performance.now()
      const r = await tools.bash.execute({ command: 'true' }, { approved: true })
      const took = performance.now() - t
      if (r.isError || (snapshot && r.details.snapshot?.status !== 'ok')) throw new Error(JSON.stringify(r))
      ;(snapshot ? withSnapshot : without).push(took)
      await tools.close()
    }
  }
  const added = median(withSnapshot) - median(without)
  say(`| ${user.name} | ${ms(median(without))} ms | ${ms(median(withSnapshot))} ms | ${signed(added)} ms (target < 5 ms) |`)
}

// The same on a bare Shell: a first run with snapshotPath against one without.
const info = await captureShellSnapshot({ shell: users[0].shell, login: false, env: users[0].env })
const plain = []
const sourced = []
for (let i = 0; i < ROUNDS; i++) {
  for (const snapshotPath of i % 2 ? [info.path, undefined] : [undefined, info.path]) {
    const s = new Shell(snapshotPath ? { snapshotPath } : {})
    const t = performance.now()
    await s.run({ command: 'true' })
    ;(snapshotPath ? sourced : plain).push(performance.now() - t)
    await s.close()
  }
}
say()
say(`A \`Shell\`'s first run: ${ms(median(plain))} ms without, ${ms(median(sourced))} ms with the bash user's snapshot sourced (${signed(median(sourced) - median(plain))} ms).`)

rmSync(root, { recursive: true, force: true })
if (!process.argv.includes('--no-write')) writeFileSync(join(benchDir, 'SNAPSHOT-RESULTS.md'), `${lines.join('\n')}\n`)
