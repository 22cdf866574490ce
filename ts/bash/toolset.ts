// What every part of one tool set works with: its settings, its artifacts, its session, the
// user's shell snapshot, and the read-only gate's memory.
import type { Artifacts } from './artifacts'
import type { ToolConfig } from './config'
import type { ToolSession } from './session'
import type { ToolSnapshot } from './snapshot'

export interface ToolSetState {
  config: ToolConfig
  artifacts: Artifacts
  session: ToolSession
  /** The user's shell snapshot (snapshot.ts): awaited by the first call, a gate on `allow`. */
  snapshot: ToolSnapshot
  /** Why calls cannot be confined here, once a confined start was refused with ERR_SANDBOX_UNAVAILABLE: from then on `allow` reads `ask`. */
  confinementUnavailable?: string
}
