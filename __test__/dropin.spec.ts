// What a user of the anchor (@oh-my-pi/pi-natives) relies on beyond the Process class
// (process.spec.ts): results shaped as the anchor's, error messages that name the option.
import { describe, expect, it } from 'vitest'
import { executeShell, Shell } from '../index.js'

describe('drop-in details', () => {
  it('executeShell gives workingDir after `exit N` too', async () => {
    expect(await executeShell({ command: 'exit 3', cwd: '/tmp' })).toMatchObject({ exitCode: 3, workingDir: '/tmp' })
    const sh = new Shell()
    try {
      await sh.run({ command: 'cd /' })
      expect(await sh.run({ command: 'exit 4' })).toMatchObject({ exitCode: 4, workingDir: '/' })
    } finally {
      await sh.close()
    }
  })
})
