import { expectTypeOf, test } from 'vitest'
import type { JobInfo, JobManager, JobOutput, Shell } from '../index.js'

test("JobManager's declarations carry docs/api.md §9", () => {
  expectTypeOf<JobInfo>().toMatchTypeOf<{
    id: string
    label?: string
    command: string
    status: 'running' | 'completed' | 'failed' | 'killed' | 'timed_out'
    exitCode?: number
    signal?: string
    startedAt: number
    endedAt?: number
    pid?: number
  }>()
  expectTypeOf<JobOutput>().toMatchTypeOf<JobInfo & { output: string; droppedBytes: number; artifactPath?: string }>()
  expectTypeOf<JobManager['start']>().returns.toEqualTypeOf<string>()
  expectTypeOf<JobManager['start']>().parameter(0).toMatchTypeOf<{ command: string; label?: string }>()
  // `shell` takes a Shell (start from its state) or a program name.
  expectTypeOf<{ command: string; shell: Shell }>().toMatchTypeOf<Parameters<JobManager['start']>[0]>()
  expectTypeOf<{ command: string; shell: string; timeoutMs: number; env: Record<string, string> }>().toMatchTypeOf<Parameters<JobManager['start']>[0]>()
  expectTypeOf<JobManager['start']>().parameter(1).toEqualTypeOf<((error: Error | null, info: JobInfo) => void) | undefined | null>()
  expectTypeOf<JobManager['output']>().returns.toEqualTypeOf<JobOutput>()
  expectTypeOf<JobManager['wait']>().returns.toEqualTypeOf<Promise<JobOutput>>()
  expectTypeOf<JobManager['kill']>().returns.toEqualTypeOf<Promise<JobOutput>>()
  expectTypeOf<JobManager['list']>().returns.toEqualTypeOf<JobInfo[]>()
  expectTypeOf<JobManager['close']>().returns.toEqualTypeOf<Promise<void>>()
})
