import { defineConfig } from 'vitest/config'

// The package as installed (packaging.spec.ts) and the host suite under other runtimes
// (hosts.spec.ts) spawn whole toolchains and runtimes: they run after the API suite, not beside
// its timing-sensitive tests on a 2-core machine.
const installed = ['__test__/packaging.spec.ts', '__test__/hosts.spec.ts']

export default defineConfig({
  test: {
    // No test captures the machine's own startup files: the tool layer's snapshot (on by
    // default) is off for the suite; snapshot.spec.ts turns it on with fake HOMEs.
    env: { AGENT_SHELL_SNAPSHOT: '0' },
    testTimeout: 30_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['__test__/**/*.spec.ts'],
          exclude: installed,
          typecheck: { enabled: true, include: ['__test__/**/*.test-d.ts'] },
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'installed', include: installed, sequence: { groupOrder: 1 } },
      },
    ],
  },
})
