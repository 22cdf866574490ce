// The native layer as the tool layer sees it. `..` resolves to the package's entry (main.js, which
// explains a missing binary) at run time, and to index.d.ts for the compiler.
import * as native from '..'
import type { ShellExecuteOptions, Shell } from '..'

export * from '..'

/** API.md §9, the background jobs of the native layer. */
export interface JobInfo {
  id: string
  label?: string
  command: string
  status: 'running' | 'completed' | 'failed' | 'killed' | 'timed_out'
  exitCode?: number
  signal?: string
  startedAt: number
  endedAt?: number
  pid?: number
}
export interface JobOutput extends JobInfo {
  output: string
  droppedBytes: number
  artifactPath?: string
}
export interface JobManagerOptions {
  maxJobs?: number
  bufferBytes?: number
  artifactDir?: string
}
export interface JobStartOptions extends Omit<ShellExecuteOptions, 'shell'> {
  label?: string
  shell?: Shell | string
}
export interface JobManagerLike {
  start(options: JobStartOptions, onExit?: (error: Error | null, info: JobInfo) => void): string
  output(id: string, options?: { filter?: string; flags?: string } | null): JobOutput
  kill(id: string): Promise<JobOutput>
  wait(id: string, timeoutMs?: number | null): Promise<JobOutput>
  list(): JobInfo[]
  close(): Promise<void>
}

/** The native `JobManager` constructor, or undefined in a build of the addon that has none. */
export const JobManager: (new (options?: JobManagerOptions | null) => JobManagerLike) | undefined = (
  native as unknown as { JobManager?: new (options?: JobManagerOptions | null) => JobManagerLike }
).JobManager
