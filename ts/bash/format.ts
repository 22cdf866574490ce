// A command's result as the model reads it: its output (head/tail applied), what the sink left
// out and where the full text is, the notices, and how it ended. The native summary carries the
// figures (what was shown, what was elided, the artifact); nothing here reads them back out of
// the text.
import { applyHeadTail, type OutputSummary } from '../native'
import type { ToolResult } from '../types'
import type { Artifacts } from './artifacts'
import type { Plan } from './plan'
import { formatBytes } from './results'

/** How a run ended, as the result's `details` report it. */
export type Outcome = { exitCode?: number; timedOut: boolean; signal?: string } & Record<string, unknown>

const RESTARTED =
  '[A new shell was started (the previous command was stopped or ended the shell): variables, functions and aliases of the session were reset; the working directory was kept.]'

/** The result of a command that ran: its text, an error when it timed out or failed. */
export function finish(p: Plan, started: number, summary: OutputSummary | undefined, outcome: Outcome, artifacts: Artifacts): ToolResult {
  const details: Record<string, unknown> = {
    ...outcome,
    timeoutSeconds: p.timeout.seconds,
    wallTimeMs: Date.now() - started,
  }
  if (p.timeout.requested !== undefined) details.requestedTimeoutSeconds = p.timeout.requested
  const notices = p.timeout.notice ? [p.timeout.notice] : []
  if (outcome.sessionRestarted) notices.push(RESTARTED)
  let text = formatOutput(summary, p, details, artifacts)
  if (notices.length) text = `${notices.join('\n')}\n${text}`
  if (outcome.timedOut) {
    return {
      content: [
        {
          type: 'text',
          text: `${text}\n\n[Command timed out after ${p.timeout.seconds} seconds] It was killed with everything it started. If it needs longer, run it again with a larger timeout or run_in_background: true.`,
        },
      ],
      isError: true,
      details,
    }
  }
  if (outcome.exitCode !== undefined && outcome.exitCode !== 0) {
    return { content: [{ type: 'text', text: `${text}\n\nCommand exited with code ${outcome.exitCode}` }], isError: true, details }
  }
  return { content: [{ type: 'text', text }], isError: false, details }
}

/** The shown text of a summary, head/tail applied, with a footer saying what was left out and where the rest is. */
function formatOutput(summary: OutputSummary | undefined, p: Plan, details: Record<string, unknown>, artifacts: Artifacts): string {
  let text = summary?.output ?? ''
  if (summary) {
    const truncation: Record<string, unknown> = {
      truncated: summary.truncated,
      totalLines: summary.totalLines,
      totalBytes: summary.totalBytes,
      outputLines: summary.outputLines,
      outputBytes: summary.outputBytes,
    }
    if (summary.truncated) truncation.shown = shownRange(summary)
    for (const key of ['elidedLines', 'elidedBytes', 'columnTruncatedLines', 'columnDroppedBytes', 'columnMax', 'artifactError'] as const) {
      if (summary[key] !== undefined) truncation[key] = summary[key]
    }
    if (summary.artifactId && summary.artifactPath) {
      artifacts.keep(summary.artifactId, summary.artifactPath)
      truncation.artifactId = summary.artifactId
      details.artifactId = summary.artifactId
    }
    details.truncation = truncation
  }
  if (p.headLines !== undefined || p.tailLines !== undefined) {
    const cut = applyHeadTail(text, p.headLines ?? null, p.tailLines ?? null)
    details.headTail = { headLines: p.headLines, tailLines: p.tailLines, applied: cut.applied }
    text = cut.text
  }
  text = text.replace(/\n+$/, '')
  if (text === '') text = '(no output)'
  const footer: string[] = []
  if (summary?.truncated) {
    const shown = shownRange(summary)
    const what = shown.headLines > 0 ? `the first ${shown.headLines} and the last ${shown.tailLines} lines` : `the last ${shown.tailLines} lines`
    footer.push(`[Output truncated: ${summary.totalLines} lines (${formatBytes(summary.totalBytes)}) in all; showing ${what}.${artifactHint(summary)}]`)
  } else if (summary?.columnTruncatedLines) {
    footer.push(`[${summary.columnTruncatedLines} long lines were cut at ${summary.columnMax} bytes.${artifactHint(summary)}]`)
  }
  return footer.length ? `${text}\n\n${footer.join('\n')}` : text
}

/** What a truncated summary shows: lines before the elision marker (none without a head) and after it, as the sink counted them. */
function shownRange(summary: OutputSummary): { headLines: number; tailLines: number } {
  return { headLines: summary.headLines ?? 0, tailLines: summary.tailLines ?? 0 }
}

function artifactHint(summary: OutputSummary): string {
  if (summary.artifactId && summary.artifactPath) return ` Full output: artifact://${summary.artifactId}`
  if (summary.artifactError) return ` The full output could not be saved: ${summary.artifactError}`
  return ''
}
