import { cleanup, configure } from '@testing-library/react'
import { afterEach, expect } from 'vitest'
import { takeContractBreaches } from './contract-check'
import { mediaQueries } from './media-queries'

// Screens load as lazy chunks (compiled on first import) and answer through the fake server; on a
// busy machine (a load average of 10 and more on two cores) that has taken over 10 s. One generous
// limit for every findBy/waitFor instead of per-call overrides: a passing wait returns as soon as
// the screen shows what it waits for, so the limit costs nothing, and a real failure still fails,
// with Testing Library's own message, only later.
configure({ asyncUtilTimeout: 30_000 })

// Every test starts on an empty page with nothing remembered (the chosen language lives in storage).
// Testing Library cleans up by itself only where vitest's globals are on; here they are not.
// Every answer a fake server gave during the test was checked against the real server's contract
// (testing/answer-contract.ts): a fake that drifted from it fails the test that used it. Checked
// last, so a failure still leaves the next test a clean page.
afterEach(() => {
  cleanup()
  localStorage.clear()
  expect(takeContractBreaches(), 'fake server answers outside the contract').toEqual([])
})

// jsdom lacks the layout APIs Mantine asks for; the tests need them present, not working.
if (!window.matchMedia) {
  window.matchMedia = mediaQueries(() => false)
}

if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
}

window.HTMLElement.prototype.scrollIntoView ??= () => {}

// Mantine's autosize textarea listens for web fonts loading, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  })
}
