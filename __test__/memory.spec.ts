// Memory stays bounded by the output budget whatever the output: each case runs in a fresh Node
// process (fixtures/peak-rss.mjs) that reports how far its peak RSS grew during one executeShell.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'

const MiB = 1024 * 1024
const probe = join(__dirname, 'fixtures', 'peak-rss.mjs')

function peakGrowth(command: string, output: object | null, count = false) {
  const args = [probe, command, JSON.stringify(output), ...(count ? ['count'] : [])]
  const out = execFileSync(process.execPath, args, { encoding: 'utf8' })
  return JSON.parse(out)
}

describe('memory is bounded by the output budget', () => {
  test('1 GiB of lines through executeShell with the sink and no callback', () => {
    const r = peakGrowth("yes 'a line of output from a chatty build tool' | head -c 1073741824", {})
    expect(r).toMatchObject({ exitCode: 0, summary: { truncated: true, totalBytes: 1024 * MiB } })
    expect(r.shownBytes).toBeLessThanOrEqual(50 * 1024 + 200)
    expect(r.growthBytes).toBeLessThan(64 * MiB)
  }, 60_000)

  test('1 GiB streamed to a counting callback: backpressure, not buffering', () => {
    const r = peakGrowth("yes 'a line of output from a chatty build tool' | head -c 1073741824", null, true)
    expect(r).toMatchObject({ exitCode: 0, streamed: 1024 * MiB })
    expect(r.growthBytes).toBeLessThan(64 * MiB)
  }, 60_000)

  test('one 200 MiB line with maxColumns, spilled to a capped artifact', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-shell-rss-'))
    try {
      const artifactPath = join(dir, 'full.log')
      const r = peakGrowth("head -c 209715200 /dev/zero | tr '\\0' x", {
        maxColumns: 1000,
        artifactPath,
        artifactMaxBytes: 8 * MiB,
      })
      expect(r).toMatchObject({
        exitCode: 0,
        summary: { totalBytes: 200 * MiB, totalLines: 1, columnTruncatedLines: 1, artifactPath },
      })
      expect(r.shownBytes).toBeLessThan(1100)
      // The cap, and the anchor's notice line on top of it.
      expect(statSync(artifactPath).size).toBeGreaterThan(8 * MiB)
      expect(statSync(artifactPath).size).toBeLessThanOrEqual(8 * MiB + 128)
      expect(r.growthBytes).toBeLessThan(64 * MiB)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
