import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, visit } from './support/journey'
import { fitsWindowOnceSettled } from './support/layout'

/**
 * Issue 16 items 6, 7, 8 and 12 in Chromium at a phone's 390 px, with what Chromium can emulate:
 * the position (setGeolocation), the compass (deviceorientationabsolute events), the Badging API (a
 * recording stand-in: headless Chromium has no app icon), the map's tiles from a local stand-in
 * kept for offline use; then the same screens with those APIs taken away say so plainly.
 */
const env = useJourneyEnvironment()
const en = catalogues.en
const pl = catalogues.pl
const phone = { width: 390, height: 844 }
/** Standing at the demo farm's base station: the tomato probe is 302 m away at 43° (NE). */
const baseStation = { latitude: 52.229, longitude: 21.012, accuracy: 8 }
// A 1x1 PNG: every tile the map asks for (no request leaves the machine).
const tilePng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
)

async function fitsPhone(page: Page, name: string) {
  expect(await fitsWindowOnceSettled(page)).toBe(true)
  await screenshot(page, name)
}

async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click()
  await page.getByRole('option', { name: option }).click()
}

describe('the phone on the farm', () => {
  it('shows the badge, the way to a module, the distances, places a module, and keeps map tiles offline', async () => {
    const { page, context, pageErrors } = await env.visit()
    let isOnline = true
    await context.route('https://tile.openstreetmap.org/**', (route) =>
      isOnline
        ? route.fulfill({
            status: 200,
            contentType: 'image/png',
            headers: { 'access-control-allow-origin': '*' },
            body: tilePng,
          })
        : route.abort('internetdisconnected'),
    )
    await context.grantPermissions(['geolocation'], { origin: env.stack.baseUrl })
    await context.setGeolocation(baseStation)
    // The Badging API as a recording stand-in (set and clear resolve, as for an installed app).
    await context.addInitScript(() => {
      const calls: (number | 'clear')[] = []
      Object.assign(window, { badgeCalls: calls })
      Object.assign(navigator, {
        setAppBadge: async (count: number) => void calls.push(count),
        clearAppBadge: async () => void calls.push('clear'),
      })
    })
    await logInAsDemo(page, env.stack.baseUrl)
    await page.setViewportSize(phone)

    // The start page: each feature with this browser's support.
    await visit(page, env.stack.baseUrl, '/mobile')
    for (const key of ['badge', 'direction', 'geolocation', 'maps'])
      expect(await page.getByTestId(`mobile-feature-${key}`).getAttribute('data-support')).toBe('supported')
    await fitsPhone(page, 'mobile-start-390')

    // The badge: the header's active count on the icon.
    await visit(page, env.stack.baseUrl, '/mobile/badge')
    const active = Number(await page.getByTestId('badge-active-count').textContent())
    await page.getByTestId('badge-outcome').filter({ hasText: /\S/ }).waitFor()
    expect(await page.getByTestId('alarm-badge').getAttribute('data-active')).toBe(String(active))
    const calls = await page.evaluate(() => (window as unknown as { badgeCalls: unknown[] }).badgeCalls)
    expect(calls.at(-1)).toBe(active > 0 ? active : 'clear')
    await fitsPhone(page, 'mobile-badge-390')

    // Direction: 302 m at 43°; the phone turned to face east (absolute alpha 270) turns the arrow to 313°.
    await visit(page, env.stack.baseUrl, '/mobile/direction')
    await choose(page, 'direction-module', 'Tomato field probe')
    await page.getByTestId('direction-distance').filter({ hasText: '302 m' }).waitFor()
    expect(await page.getByTestId('direction-bearing').textContent()).toBe('43° NE')
    await page.evaluate(() =>
      window.dispatchEvent(
        new DeviceOrientationEvent('deviceorientationabsolute', {
          alpha: 270,
          beta: 0,
          gamma: 0,
          absolute: true,
        }),
      ),
    )
    await page.locator('[data-testid="direction-arrow"][data-angle="313"]').waitFor()
    expect(await page.getByTestId('direction-heading').textContent()).toBe('90° E')
    await fitsPhone(page, 'mobile-direction-390')

    // Geolocation: nearest first; the greenhouse sensor placed where we stand is then 0 m away.
    await visit(page, env.stack.baseUrl, '/mobile/geolocation')
    await page.getByTestId('course-row-DEMO-TRIO-0001').getByText('302 m').waitFor()
    await choose(page, 'set-location-module', 'Greenhouse air')
    await page.getByTestId('set-location').click()
    expect(await page.getByTestId('set-location-confirm').textContent()).toBe(
      'Replace the location of Greenhouse air with 52.229000°, 21.012000°? (±8 m)',
    )
    await page.getByRole('button', { name: en.mobile_geolocation.confirm }).click()
    await page.getByText('Location of Greenhouse air saved.').waitFor()
    await page.getByTestId('course-row-DEMO-ENV-0001').getByText('0 m', { exact: true }).waitFor()
    await page.getByTestId('my-position').waitFor()
    await page.evaluate(() => window.scrollTo(0, 0))
    await fitsPhone(page, 'mobile-geolocation-390')

    // The field map keeps the tiles it showed; with the network gone they are drawn from the cache.
    await visit(page, env.stack.baseUrl, '/mobile/maps')
    await page.locator('[data-testid="farm-map"][data-ready="true"]').waitFor()
    await page.locator('[data-testid="field-map"][data-following="true"][data-position="true"]').waitFor()
    await page.getByTestId('my-position').waitFor()
    await page.waitForFunction(
      () => Number(document.querySelector('[data-testid="tile-usage"]')?.getAttribute('data-tiles')) > 0,
    )
    await fitsPhone(page, 'mobile-maps-390')
    isOnline = false
    await page.getByRole('link', { name: `← ${en.mobile.all_features}` }).click()
    await page.getByTestId('mobile-features').waitFor()
    await page.getByTestId('mobile-feature-maps').click()
    await page.waitForFunction(
      () => document.querySelectorAll('img.leaflet-tile[src^="data:image/png"]').length > 0,
    )
    // A kept tile's address is set before it has loaded: wait for the map to say it has its tiles.
    await page.locator('[data-testid="farm-map"][data-tiles="ok"]').waitFor()
    expect(await page.getByTestId('map-tiles-failed').count()).toBe(0)
    await page.getByTestId('my-position').waitFor()
    await page.setViewportSize(desktop)
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await screenshot(page, 'mobile-maps-offline-1280')
    await page.setViewportSize(phone)

    // A browser without these APIs: each screen says so, none is blank.
    await context.addInitScript(() => {
      for (const name of ['setAppBadge', 'clearAppBadge', 'geolocation']) {
        Reflect.deleteProperty(navigator, name)
        Reflect.deleteProperty(Navigator.prototype, name)
      }
      Reflect.deleteProperty(window, 'DeviceOrientationEvent')
    })
    await visit(page, env.stack.baseUrl, '/mobile/badge')
    await page.getByTestId('support-notice').getByText(en.mobile.reason.no_badging).waitFor()
    await page.getByTestId('badge-active-count').waitFor()
    await visit(page, env.stack.baseUrl, '/mobile/direction')
    await page.getByTestId('support-notice').getByText(en.mobile.reason.no_geolocation).waitFor()
    await fitsPhone(page, 'mobile-direction-unsupported-390')
    await visit(page, env.stack.baseUrl, '/mobile')
    expect(await page.getByTestId('mobile-feature-badge').getAttribute('data-support')).toBe('unsupported')
    expect(await page.getByTestId('mobile-feature-geolocation').getAttribute('data-support')).toBe(
      'unsupported',
    )
    // In Polish, at the phone's width, the longer words still fit.
    await page.getByLabel('Language').selectOption('pl')
    await page.getByRole('heading', { name: pl.nav.mobile }).waitFor()
    await page.getByTestId('mobile-feature-badge').getByText(pl.mobile.level.unsupported).waitFor()
    await fitsPhone(page, 'mobile-start-unsupported-pl-390')
    expect(pageErrors).toEqual([])
  })
})
