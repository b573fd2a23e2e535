import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { desktop, screenshotAtBothWidths } from './support/browser'
import { demoSerials } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, waitForApp, waitForHash } from './support/journey'
import { repoRoot } from './support/stack'

/**
 * Issue 16 item 15: the app installs (Chromium finds no installability error: a manifest with
 * name, icons 192 and 512, standalone, and a service worker with a fetch handler controlling the
 * start page) and survives a dead zone: offline, a reload opens it from the worker's cache with
 * the start screen's last values and their age, an offline banner, and manual control disabled
 * with the reason; back online the banner goes, and a logout leaves none of the user's answers
 * kept. Screenshots pwa-*-390/1280.png.
 */
const env = useJourneyEnvironment()
const phone = { width: 390, height: 844 }
const serial = demoSerials[0]!

interface Manifest {
  name?: string
  short_name?: string
  start_url?: string
  display?: string
  icons?: { src: string; sizes: string; purpose?: string }[]
  screenshots?: { src: string; sizes: string; form_factor?: string }[]
}

/** The start screen's reads are in the worker's data cache (it stores them after answering). */
async function waitForKeptReads(page: Page) {
  await page.waitForFunction(async () => {
    const names = (await caches.keys()).filter((name) => name.startsWith('kropla-data-'))
    if (names.length !== 1) return false
    const cache = await caches.open(names[0]!)
    const kept = (await cache.keys()).map((request) => new URL(request.url).pathname)
    return ['/api/me', '/api/dashboards', '/api/objects', '/api/outputs'].every((path) => kept.includes(path))
  })
}

async function manifestScreenshots(page: Page) {
  const dir = path.join(repoRoot, 'apps/web/public/screenshots')
  fs.mkdirSync(dir, { recursive: true })
  await page.waitForFunction(() => !document.querySelector('[data-testid="pending"]'))
  await page.screenshot({ path: path.join(dir, 'start-wide.png'), animations: 'disabled', caret: 'hide' })
  await page.setViewportSize(phone)
  await page.waitForFunction((width) => document.documentElement.scrollWidth <= width, phone.width)
  await page.screenshot({ path: path.join(dir, 'start-narrow.png'), animations: 'disabled', caret: 'hide' })
  await page.setViewportSize(desktop)
}

describe('the installable app', () => {
  it('installs, and offline opens from its cache with the last values, their age and actions disabled', async () => {
    const { context, page, pageErrors, cspViolations } = await env.visit({ serviceWorkers: 'allow' })
    const base = env.stack.baseUrl

    // The manifest: served as a manifest, with what an install needs and screenshots for the dialog.
    const answer = await page.request.get(`${base}/manifest.webmanifest`)
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/)
    const manifest = (await answer.json()) as Manifest
    expect(manifest).toMatchObject({
      name: 'Kropla',
      short_name: 'Kropla',
      start_url: '/',
      display: 'standalone',
    })
    const iconSizes = (manifest.icons ?? []).map((icon) => icon.sizes)
    expect(iconSizes).toEqual(expect.arrayContaining(['192x192', '512x512']))
    expect((manifest.screenshots ?? []).map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide'])
    const polish = await page.request.get(`${base}/manifest.pl.webmanifest`)
    expect(polish.headers()['content-type']).toMatch(/^application\/manifest\+json/)
    expect(((await polish.json()) as { lang?: string }).lang).toBe('pl')

    await logInAsDemo(page, base)
    await page.getByTestId(`tile-${serial}`).waitFor()
    // Manual control read once online, so its outputs are known offline.
    await page.evaluate(() => {
      location.hash = '#/manual_control'
    })
    await page.locator('[data-testid^="manual-open-"]').first().waitFor()
    await page.evaluate(() => {
      location.hash = '#/'
    })
    await page.getByTestId(`tile-${serial}`).waitFor()

    // The worker takes control of the page (after a reload at the latest) and keeps the reads.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await page.reload()
    await waitForApp(page)
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true)
    await page.getByTestId(`tile-${serial}`).waitFor()
    await waitForKeptReads(page)
    // The module page read once under the worker, so it opens offline too.
    await page.getByTestId(`module-link-${serial}`).click()
    await page.getByTestId('detail-last-data').waitFor()
    const modulePage = new URL(page.url()).hash
    await page.evaluate(() => {
      location.hash = '#/'
    })
    await page.getByTestId(`tile-${serial}`).waitFor()
    // `PWA_MANIFEST_SCREENSHOTS=1` renews the manifest's screenshots (apps/web/public/screenshots).
    if (process.env.PWA_MANIFEST_SCREENSHOTS === '1') await manifestScreenshots(page)

    // Chromium's own installability check (what Lighthouse reports): no error of the app's. A
    // Playwright context is an incognito profile, where Chromium installs nothing ('in-incognito').
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([])

    // A dead zone: the reload comes from the cache, with the last values and how old they are.
    await context.setOffline(true)
    await page.reload()
    await waitForApp(page)
    const banner = page.getByTestId('offline-banner')
    await banner.waitFor()
    // Chromium under Playwright's offline mode keeps navigator.onLine true after a reload: the
    // banner then knows from the reads that failed (the worker answered them from its cache).
    expect(await banner.textContent()).toMatch(/You are offline\.|The server cannot be reached\./)
    await page.getByTestId(`tile-${serial}`).waitFor()
    expect(await page.getByTestId(`age-${serial}`).textContent()).toMatch(/ago|now/)
    await page
      .getByTestId('offline-saved')
      .getByText(/Last update: .*(ago|now)/)
      .waitFor()
    expect(await screenshotAtBothWidths(page, 'pwa-offline-start')).toBeLessThanOrEqual(phone.width)

    // Manual control: shown from the cache, every action that needs the server disabled, with why.
    await page.evaluate(() => {
      location.hash = '#/manual_control'
    })
    await waitForHash(page, '#/manual_control')
    const openButton = page.locator('[data-testid^="manual-open-"]').first()
    await openButton.waitFor()
    expect(await openButton.isDisabled()).toBe(true)
    expect(await openButton.getAttribute('aria-describedby')).toBe('offline-reason')
    expect(await page.getByTestId('offline-reason').textContent()).toContain(
      'Needs a connection to the server',
    )
    expect(await screenshotAtBothWidths(page, 'pwa-offline-manual')).toBeLessThanOrEqual(phone.width)

    // The module page: its last data with its age, its settings kept from being sent.
    await page.evaluate((hash) => {
      location.hash = hash
    }, modulePage)
    await page
      .getByTestId('detail-last-data')
      .getByText(/ago|now/)
      .waitFor()
    expect(await page.getByRole('button', { name: 'Save changes' }).isDisabled()).toBe(true)
    expect(await screenshotAtBothWidths(page, 'pwa-offline-module')).toBeLessThanOrEqual(phone.width)

    // Back online: the banner goes and the actions come back.
    await context.setOffline(false)
    await banner.waitFor({ state: 'detached' })
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid^="manual-open-"]') as HTMLButtonElement | null)?.disabled,
    )

    // Logging out leaves nothing of this user's answers in the browser.
    await page.getByRole('button', { name: 'Log out' }).click()
    await waitForHash(page, '#/login')
    await page.waitForFunction(
      async () => !(await caches.keys()).some((name) => name.startsWith('kropla-data-')),
    )

    expect(cspViolations).toEqual([])
    expect(pageErrors).toEqual([])
  })
})
