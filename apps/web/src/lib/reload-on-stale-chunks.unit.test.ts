import { describe, expect, it, vi } from 'vitest'
import { reloadOnStaleChunks } from './reload-on-stale-chunks'

function fakeWindow() {
  const target = new EventTarget()
  const storage = new Map<string, string>()
  const reload = vi.fn()
  const window = {
    addEventListener: target.addEventListener.bind(target),
    sessionStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
    },
    location: { reload },
  } as unknown as Window
  return {
    window,
    reload,
    fire: () => target.dispatchEvent(new Event('vite:preloadError', { cancelable: true })),
  }
}

describe('a page left open over a new deployment', () => {
  it('loads itself again when a code chunk is gone, but not twice within a minute', () => {
    const { window, reload, fire } = fakeWindow()
    let now = 1_000_000
    reloadOnStaleChunks(window, () => now)
    fire()
    expect(reload).toHaveBeenCalledTimes(1)
    now += 30_000
    fire()
    expect(reload).toHaveBeenCalledTimes(1)
    now += 31_000
    fire()
    expect(reload).toHaveBeenCalledTimes(2)
  })
})
