import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { screenshot, screenshotDir } from './support/browser'
import { demoSerials, demoUser } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, textOf } from './support/journey'
import { repoRoot } from './support/stack'

const env = useJourneyEnvironment()

const probe = 'DEMO-TRIO-0001'
const watched = `value-${probe}-HUMIDITY_1`
/** Set on `window` before the wait; a reload or a full navigation would wipe it. */
type MarkedWindow = Window & { kroplaJourneyMarker?: string }

/**
 * `docs/screenshot.png` (shown in the README) changes with every run, because the readings do;
 * it is only rewritten on request: `UPDATE_DOCS_SCREENSHOT=1 npm run test:e2e`.
 */
const docsScreenshot = path.join(repoRoot, 'docs/screenshot.png')
const updateDocsScreenshot = process.env.UPDATE_DOCS_SCREENSHOT === '1'

describe('live dashboard', () => {
  it('shows the demo farm after logging in and updates a reading without reloading the page', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)

    expect(await textOf(page, 'user-name')).toBe(demoUser.fullName)
    for (const serial of demoSerials) await page.getByTestId(`tile-${serial}`).waitFor()
    await page.locator('[data-testid="connection-state"][data-state="1"]').waitFor()
    await page.locator(`[data-testid="connection-${probe}"][data-state="1"]`).waitFor()
    await page.getByTestId(watched).filter({ hasText: /\d/ }).waitFor()

    const before = await textOf(page, watched)
    expect(before).toMatch(/^\d{1,3}\.\d %$/)
    expect(await textOf(page, `value-${probe}-TEMP_1`)).toMatch(/^-?\d{1,2}\.\d °C$/)
    await screenshot(page, 'live-dashboard-before')

    // From here on the page must not load again, nor fetch the session again: the new value has to
    // arrive over the socket and be merged into what is on screen.
    const marker = `journey-${Date.now()}`
    await page.evaluate((value) => {
      ;(window as MarkedWindow).kroplaJourneyMarker = value
    }, marker)
    let loads = 0
    let sessionFetches = 0
    page.on('load', () => loads++)
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/me') sessionFetches++
    })

    await page.waitForFunction(
      ([testId, previous]) => {
        const text = document.querySelector(`[data-testid="${testId}"]`)?.textContent?.trim()
        return text !== undefined && text !== previous
      },
      [watched, before] as const,
      { timeout: 30_000, polling: 100 },
    )
    const after = await textOf(page, watched)
    await screenshot(page, 'live-dashboard-after')

    expect(after).not.toBe(before)
    expect(after).toMatch(/^\d{1,3}\.\d %$/)
    expect(await page.evaluate(() => (window as MarkedWindow).kroplaJourneyMarker)).toBe(marker)
    expect(loads).toBe(0)
    expect(sessionFetches).toBe(0)
    expect(new URL(page.url()).hash).toBe('#/')
    expect(await page.getByTestId('connection-state').getAttribute('data-state')).toBe('1')
    expect(pageErrors).toEqual([])
  })

  it('takes the desktop screenshot of the live dashboard', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await page.locator('[data-testid="connection-state"][data-state="1"]').waitFor()
    // A settled picture: every module online and every reading with its trend arrow (two readings in).
    for (const serial of demoSerials) {
      await page.locator(`[data-testid="connection-${serial}"][data-state="1"]`).waitFor()
    }
    await page.waitForFunction(
      () => {
        const tiles = [...document.querySelectorAll('[data-testid^="tile-"]')]
        const numeric = [...document.querySelectorAll('[data-testid^="value-"]')].filter((value) =>
          /\d/.test(value.textContent ?? ''),
        )
        return (
          tiles.length > 0 &&
          numeric.length > 0 &&
          document.querySelectorAll('[data-trend]').length >= numeric.length
        )
      },
      undefined,
      { timeout: 30_000, polling: 200 },
    )
    await page.mouse.move(0, 0)

    const file = await screenshot(page, 'docs-screenshot')
    expect(fs.statSync(file).size).toBeLessThan(400 * 1024)
    if (updateDocsScreenshot) fs.copyFileSync(file, docsScreenshot)
    expect(path.dirname(file)).toBe(screenshotDir)
    expect(pageErrors).toEqual([])
  })
})
