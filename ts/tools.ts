// createBashTools (docs/api.md §10): the `bash`, `bash_output` and `kill_bash` tools on one persistent
// native `Shell`, a native `JobManager` for background jobs, and the tool set's artifacts. The
// parts live in ./bash/: the settings (config), the artifacts, the session, a call's plan, the
// runs (foreground, background), the read-only gate (enforce), the result text (format), the job
// tools and the user's shell snapshot; this file puts them together and owns the tool set's end.
import { Artifacts } from './bash/artifacts'
import { bashTool, runConfined } from './bash/bash-tool'
import { toolConfig } from './bash/config'
import { bashOutputTool, killBashTool } from './bash/job-tools'
import { ToolSession } from './bash/session'
import { ToolSnapshot } from './bash/snapshot'
import type { ToolSetState } from './bash/toolset'
import type { BashToolSet, BashToolsOptions, ToolContext } from './types'

export function createBashTools(options: BashToolsOptions = {}): BashToolSet {
  const config = toolConfig(options)
  const artifacts = new Artifacts(options.artifactDir)
  const session = new ToolSession(config, artifacts)
  // The user's shell snapshot: captured now, awaited by the first `bash` call.
  const snapshot = new ToolSnapshot(options, (path) => session.useSnapshot(path))
  const t: ToolSetState = { config, artifacts, session, snapshot }
  const set: BashToolSet = {
    bash: bashTool(t),
    bashOutput: bashOutputTool(t),
    killBash: killBashTool(t),
    resolveArtifact: (id: string) => artifacts.resolve(id),
    refreshSnapshot: () => snapshot.refresh(),
    async close() {
      if (t.session.closed) return
      t.session.closed = true
      await Promise.all([t.session.close(), snapshot.close()])
      artifacts.close()
    },
  }
  // For tests: the confined path whatever the classifier says, to show the confinement holds for
  // a command the classifier would (wrongly) let through. Not part of the package's exports.
  Object.defineProperty(set, RUN_CONFINED, {
    value: (raw: unknown, context: ToolContext = {}) => runConfined(t, raw, context),
  })
  return set
}

/** The key of a tool set's confined path, for tests (`set[RUN_CONFINED](input, context)`). */
export const RUN_CONFINED = Symbol('agent-shell.runConfined')
