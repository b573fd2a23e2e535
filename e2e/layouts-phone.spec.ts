import { describe, it } from 'vitest'
import { useJourneyEnvironment } from './support/environment'
import { checkEveryMenuScreen, phone } from './support/menu-layouts'

const env = useJourneyEnvironment({ simulator: false })

describe('every menu screen on a phone (390 px)', () => {
  it('has no horizontal scroll and no action outside the window', async () => {
    await checkEveryMenuScreen(env, phone)
  })
})
