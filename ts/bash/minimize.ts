// The output minimizer of foreground calls (docs/api.md §2a, §10): a minimized call's text is the
// compact text, then `[raw output: artifact://<id>]` naming the original, kept as an artifact.
import { writeFileSync } from 'node:fs'
import type { MinimizerOptions, OutputSummary, ShellRunResult } from '../native'
import type { Artifacts } from './artifacts'
import type { ToolConfig } from './config'
import type { Plan } from './plan'

/** The minimizer for a foreground run; none when head/tail was asked for (the lines meant are the raw output's). */
export function minimizerOption(p: Plan, config: ToolConfig): { minimizer?: MinimizerOptions } {
  return p.headLines === undefined && p.tailLines === undefined ? { minimizer: config.minimizer } : {}
}

/** A minimized run's text: the compact text, then the original kept as an artifact; `undefined` to show the output as it is. */
export function minimizedOutput(
  result: ShellRunResult,
  config: ToolConfig,
  artifacts: Artifacts,
): { summary: OutputSummary; details: Record<string, unknown> } | undefined {
  const m = result.minimized
  if (!m || !result.output || Buffer.byteLength(m.text) > config.outputBudget) return undefined
  const { artifactId, artifactPath } = artifacts.next()
  writeFileSync(artifactPath, m.originalText)
  artifacts.keep(artifactId, artifactPath)
  const text = `${m.text.replace(/\n+$/, '')}\n[raw output: artifact://${artifactId}]`
  const summary: OutputSummary = {
    ...result.output,
    output: text,
    truncated: false,
    columnTruncatedLines: 0,
    artifactId: undefined,
    artifactPath: undefined,
  }
  return { summary, details: { filter: m.filter, inputBytes: m.inputBytes, outputBytes: m.outputBytes, artifactId } }
}
