import { expectTypeOf, test } from 'vitest'
import { Process, ProcessStatus } from '../index.js'
import type { ProcessTerminateOptions, ProcessWaitOptions } from '../index.js'
import type {
  executeShell,
  Shell,
  ShellRunOptions,
  ShellRunResult,
  OutputSummary,
  PtySession,
  PtyStartOptions,
  PtyArgvStartOptions,
  PtyRunResult,
} from '../index.js'

test('the generated declarations carry the contract', () => {
  expectTypeOf<ShellRunResult>().toMatchTypeOf<{
    exitCode?: number
    cancelled: boolean
    timedOut: boolean
    workingDir?: string
    durationMs?: number
    signal?: string
    sessionRestarted?: boolean
    output?: OutputSummary
  }>()
  expectTypeOf<ShellRunOptions>().toHaveProperty('signal').toEqualTypeOf<unknown>() // as the anchor's: an AbortSignal, checked at run time
  expectTypeOf<ShellRunOptions>().toHaveProperty('timeoutMs').toEqualTypeOf<number | undefined>()
  expectTypeOf<typeof executeShell>().returns.toEqualTypeOf<Promise<ShellRunResult>>()
  expectTypeOf<Shell['run']>().parameter(1).toEqualTypeOf<((error: Error | null, chunk: string) => void) | undefined | null>()
  expectTypeOf<Shell['close']>().returns.toEqualTypeOf<Promise<void>>()
  expectTypeOf<Shell['liveBackgroundJobCount']>().returns.toEqualTypeOf<Promise<number>>()
})

test('PtySession matches docs/api.md §4', () => {
  type ChunkCallback = ((error: Error | null, chunk: string) => void) | undefined | null
  type StartCallback = ((error: Error | null, pid: number) => void) | undefined | null
  expectTypeOf<PtyRunResult>().toEqualTypeOf<{ exitCode?: number; cancelled: boolean; timedOut: boolean; signal?: string }>()
  expectTypeOf<PtyStartOptions>().toMatchTypeOf<{
    command: string
    cwd?: string
    env?: Record<string, string>
    timeoutMs?: number
    signal?: unknown
    cols?: number
    rows?: number
    shell?: string
    login?: boolean
  }>()
  expectTypeOf<PtyArgvStartOptions>().toMatchTypeOf<{
    application: string
    args: string[]
    cwd?: string
    env?: Record<string, string>
    timeoutMs?: number
    signal?: unknown
    cols?: number
    rows?: number
  }>()
  expectTypeOf<PtyStartOptions>().toHaveProperty('signal').toEqualTypeOf<unknown>() // as the anchor's: an AbortSignal, checked at run time
  expectTypeOf<PtySession['start']>().parameters.toEqualTypeOf<[PtyStartOptions, ChunkCallback?, StartCallback?]>()
  expectTypeOf<PtySession['startArgv']>().parameters.toEqualTypeOf<[PtyArgvStartOptions, ChunkCallback?, StartCallback?]>()
  expectTypeOf<PtySession['start']>().returns.toEqualTypeOf<Promise<PtyRunResult>>()
  expectTypeOf<PtySession['startArgv']>().returns.toEqualTypeOf<Promise<PtyRunResult>>()
  expectTypeOf<PtySession['write']>().toEqualTypeOf<(data: string) => void>()
  expectTypeOf<PtySession['resize']>().toEqualTypeOf<(cols: number, rows: number) => void>()
  expectTypeOf<PtySession['kill']>().toEqualTypeOf<() => void>()
  // docs/api.md's `screen(): string`, with the additive scrollback option (extension).
  expectTypeOf<PtySession['screen']>().toBeCallableWith()
  expectTypeOf<PtySession['screen']>().returns.toEqualTypeOf<string>()
})

declare const run: typeof executeShell

test('Process matches docs/api.md §7a, and code written against the anchor compiles', () => {
  expectTypeOf(Process.fromPid).toEqualTypeOf<(pid: number) => Process | null>()
  expectTypeOf(Process.fromPath).returns.toEqualTypeOf<Process[]>()
  expectTypeOf<Process['pid']>().toEqualTypeOf<number>()
  expectTypeOf<Process['ppid']>().toEqualTypeOf<number | null>()
  expectTypeOf<Process['terminate']>().returns.toEqualTypeOf<Promise<boolean>>()
  expectTypeOf<Process['waitForExit']>().returns.toEqualTypeOf<Promise<boolean>>()
  expectTypeOf<Process['status']>().returns.toEqualTypeOf<ProcessStatus>()
  expectTypeOf<ProcessTerminateOptions>().toEqualTypeOf<{ group?: boolean; gracefulMs?: number; timeoutMs?: number; signal?: unknown }>()
  expectTypeOf<ProcessWaitOptions>().toEqualTypeOf<{ timeoutMs?: number; signal?: unknown }>()
  const anchorStyle = (signal: unknown) => [
    Process.fromPid(1)?.terminate({ group: true, gracefulMs: -1, timeoutMs: 500, signal }),
    run({ command: 'true', signal }),
  ]
  expectTypeOf(anchorStyle).toBeFunction()
  expectTypeOf(ProcessStatus.Running).toMatchTypeOf<ProcessStatus>()
})

test('stdout and stderr apart: the option, the third callback and the result field', () => {
  expectTypeOf<ShellRunOptions>().toHaveProperty('stderr').toEqualTypeOf<'merge' | 'separate' | undefined>()
  expectTypeOf<Parameters<typeof executeShell>[0]>().toHaveProperty('stderr').toEqualTypeOf<'merge' | 'separate' | undefined>()
  expectTypeOf<Shell['run']>().parameter(2).toEqualTypeOf<((error: Error | null, chunk: string) => void) | undefined | null>()
  expectTypeOf<typeof executeShell>().parameter(2).toEqualTypeOf<((error: Error | null, chunk: string) => void) | undefined | null>()
  expectTypeOf<ShellRunResult>().toHaveProperty('stderr').toEqualTypeOf<OutputSummary | undefined>()
})
