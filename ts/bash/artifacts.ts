// Where a tool set keeps full outputs (`artifact://<id>`): the caller's `artifactDir`, or a temp
// dir of its own made on first need. A dir of its own is removed by `close()` and, for a tool set
// never closed, when the process goes: its exit, or a signal (the native `makeTempDir`'s keeper,
// Linux and macOS); a caller's dir is the caller's and is never removed.
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { makeTempDir } from '../native'

/** The dirs the package made and has not removed yet, removed at exit. One `exit` listener for all. */
const madeDirs = new Set<string>()
let exitHooked = false

function removeMadeDirs(): void {
  for (const dir of madeDirs) {
    try {
      rmSync(dir, { recursive: true, force: true })
    } catch {
      // Nothing to report to at exit; what could not be removed stays.
    }
  }
  madeDirs.clear()
}

/**
 * Removes `dir` at process exit, unless `close()` removed it first: where the native side does not
 * (Windows; on Linux and macOS `makeTempDir` has it removed at exit and on a signal already).
 */
function removeAtExit(dir: string): void {
  madeDirs.add(dir)
  if (!exitHooked) {
    exitHooked = true
    // `exit` runs for a normal end, `process.exit()` and an uncaught exception, not for a signal
    // without a handler (a handler that calls `process.exit()` runs it); rmSync is synchronous, as
    // an `exit` listener must be.
    process.on('exit', removeMadeDirs)
  }
}

export class Artifacts {
  #dir: string | undefined
  readonly #own: boolean
  readonly #byId = new Map<string, string>()

  constructor(artifactDir: string | undefined) {
    this.#dir = artifactDir
    this.#own = artifactDir === undefined
  }

  /**
   * The directory, made on first need (and made again if it went). Looked up before it is made
   * again: making a directory that exists still takes its parent's lock, which a busy temp dir's
   * other entries being made and removed hold (on this machine's ext4, 0.16 ms per confined call
   * of the host's processor, most of it spent waiting for that lock); a lookup takes none.
   */
  dir(): string {
    if (this.#dir === undefined) this.#dir = makeTempDir('agent-shell-artifacts-')
    else if (!existsSync(this.#dir)) mkdirSync(this.#dir, { recursive: true })
    if (this.#own) removeAtExit(this.#dir)
    return this.#dir
  }

  /** A fresh id and the file it will name (not created here), as the `output` options of a run. */
  next(): { artifactId: string; artifactPath: string } {
    const id = `bash-${randomBytes(6).toString('hex')}`
    return { artifactId: id, artifactPath: join(this.dir(), `${id}.log`) }
  }

  /** Makes `artifact://<id>` resolve to `path`. */
  keep(id: string, path: string): void {
    this.#byId.set(id, path)
  }

  resolve(id: string): string | undefined {
    return this.#byId.get(id.startsWith('artifact://') ? id.slice('artifact://'.length) : id)
  }

  /** Forgets every artifact and removes the dir when it is the tool set's own. */
  close(): void {
    if (this.#own && this.#dir !== undefined) {
      rmSync(this.#dir, { recursive: true, force: true })
      madeDirs.delete(this.#dir)
    }
    this.#byId.clear()
  }
}
