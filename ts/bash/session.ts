// The state a tool set's calls share: its one persistent `Shell`, the directory the session is
// in as last reported, and the job managers (the model's background jobs, and the confined calls').
import { JobManager, Shell } from '../native'
import type { ToolConfig } from './config'
import type { Artifacts } from './artifacts'

export class ToolSession {
  /** Replaced once, by the one made with the user's shell snapshot (see `useSnapshot`). */
  shell: Shell
  /** The session's directory as last reported; relative `cwd` inputs resolve against it. */
  cwd: string
  /** The session's shell was asked to run something: it exists (or is starting). */
  started = false
  closed = false
  readonly #config: ToolConfig
  readonly #artifacts: Artifacts
  #jobs: JobManager | undefined
  #confinedJobs: JobManager | undefined

  constructor(config: ToolConfig, artifacts: Artifacts) {
    this.#config = config
    this.#artifacts = artifacts
    this.shell = new Shell(config.shellOptions)
    this.cwd = config.initialCwd
  }

  /**
   * The session's shell from now on is one that sources the snapshot at `path`: the one made
   * before it was ready never started (the first call waits for the capture); after a refresh,
   * the next call's shell is a new one, in the session's directory.
   */
  useSnapshot(path: string): void {
    void this.shell.close()
    this.shell = new Shell({ ...this.#config.shellOptions, snapshotPath: path })
    this.started = false
  }

  /** The model's background jobs, made on first need; their full outputs go with the artifacts. */
  jobManager(): JobManager {
    this.#jobs ??= new JobManager({ ...this.#config.options.jobs, artifactDir: this.#artifacts.dir() })
    return this.#jobs
  }

  /** The jobs known so far, for an error that lists them (none when no manager was made). */
  get jobs(): JobManager | undefined {
    return this.#jobs
  }

  /**
   * Confined foreground calls run as jobs of their own manager, so that they are not listed among the model's background jobs.
   * It keeps two confined shells started ahead of need (the policy entered, waiting for the state and the command), ended with the tool set.
   */
  confinedJobManager(bufferBytes: number): JobManager {
    this.#confinedJobs ??= new JobManager({ bufferBytes, startAhead: true })
    return this.#confinedJobs
  }

  /** A job starts from the session's state, so the session's shell must exist first (with the tool set's cwd and env). */
  async ready(): Promise<void> {
    if (this.started) return
    this.started = true
    await this.shell.run({ command: ':', cwd: this.cwd })
  }

  /** Ends the shell and every job, foreground or background. */
  async close(): Promise<void> {
    await Promise.all([this.shell.close(), this.#jobs?.close(), this.#confinedJobs?.close()])
  }
}
