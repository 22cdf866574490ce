import { expectTypeOf, test } from 'vitest'
import type { executeShell, Shell, ShellRunOptions, ShellRunResult, OutputSummary } from '../index.js'

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
  expectTypeOf<ShellRunOptions>().toHaveProperty('signal').toEqualTypeOf<AbortSignal | undefined>()
  expectTypeOf<ShellRunOptions>().toHaveProperty('timeoutMs').toEqualTypeOf<number | undefined>()
  expectTypeOf<typeof executeShell>().returns.toEqualTypeOf<Promise<ShellRunResult>>()
  expectTypeOf<Shell['run']>().parameter(1).toEqualTypeOf<((error: Error | null, chunk: string) => void) | undefined | null>()
  expectTypeOf<Shell['close']>().returns.toEqualTypeOf<Promise<void>>()
  expectTypeOf<Shell['liveBackgroundJobCount']>().returns.toEqualTypeOf<Promise<number>>()
})
