// Live output for a host that shows a command while it runs: `onUpdate` gets the output so far
// (its last `maxBytes`) at most every 200 ms, `onOutput` each new piece. Both see clean text
// (no ANSI, LF newlines): text the native layer cleaned goes as it is; only raw terminal output
// (a PTY's) is cleaned here.
import { stripAnsi } from '../native'
import type { ToolContext } from '../types'
import { UPDATE_INTERVAL_MS } from './config'

export interface LiveOutput {
  /** Text already cleaned (a run's chunks with the sink's default cleaning, a job's reads). */
  onText(text: string): void
  /** Raw terminal output, cleaned here first. */
  onRaw(chunk: string): void
  /** Sends what the throttle still holds and stops. */
  stop(): void
}

export function liveOutput(context: ToolContext, maxBytes: number): LiveOutput {
  let text = ''
  let timer: ReturnType<typeof setTimeout> | undefined
  let dirty = false
  const flush = () => {
    timer = undefined
    if (!dirty) return
    dirty = false
    context.onUpdate?.(text)
  }
  const onText = (clean: string) => {
    if (clean === '') return
    context.onOutput?.(clean)
    if (!context.onUpdate) return
    text += clean
    if (text.length > maxBytes) text = text.slice(text.length - maxBytes)
    dirty = true
    timer ??= setTimeout(flush, UPDATE_INTERVAL_MS)
  }
  return {
    onText,
    onRaw(chunk) {
      onText(stripAnsi(chunk).replace(/\r\n?/g, '\n'))
    },
    stop() {
      if (timer) clearTimeout(timer)
      flush()
    },
  }
}
