import { describe, it } from 'vitest'
import { useJourneyEnvironment } from './support/environment'
import { checkEveryMenuScreen, desktop } from './support/menu-layouts'

const env = useJourneyEnvironment({ simulator: false })

describe('every menu screen on a desktop (1280 px)', () => {
  it('has no horizontal scroll and no action outside the window', async () => {
    await checkEveryMenuScreen(env, desktop)
  })
})
