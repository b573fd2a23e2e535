import { catalogues } from '@kropla/i18n'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, visit } from './support/journey'
import { boxOf } from './support/layout'

/**
 * Issue 13 item 7 with the simulated farm running, in Polish: modules coloured by their state, a
 * region drawn around a soil probe coloured by its latest average soil moisture, with units.
 */
const pl = catalogues.pl
const env = useJourneyEnvironment()
const probe = 'DEMO-TRIO-0001'

describe('map of the live farm', () => {
  it('colours the modules by state and a region by the soil moisture of the probe inside it, in Polish', async () => {
    const { page, pageErrors } = await env.visit()
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('internetdisconnected'))
    await logInAsDemo(page, env.stack.baseUrl)
    // The probe has reported a soil moisture level.
    await page.getByTestId(`value-${probe}-HUMIDITY_1`).filter({ hasText: /\d/ }).waitFor()
    await page.getByLabel('Language').selectOption('pl')
    await page.getByRole('button', { name: 'Wyloguj' }).waitFor()

    await visit(page, env.stack.baseUrl, '/map')
    await page.locator('[data-testid="farm-map"][data-ready="true"]').waitFor()
    const marker = page.locator(`[data-testid="map-module-${probe}"][data-state="online"]`)
    const at = await boxOf(marker)
    const cx = at.x + at.width / 2
    const cy = at.y + at.height / 2

    await page.getByRole('button', { name: pl.map.draw_region }).click()
    for (const [dx, dy] of [
      [-40, -40],
      [40, -40],
      [40, 40],
      [-40, 40],
    ] as const)
      await page.mouse.click(cx + dx, cy + dy)
    await page.getByRole('button', { name: pl.map.finish }).click()
    await page.getByLabel(pl.resources.name).fill('Pomidory')
    await page.getByRole('button', { name: pl.resources.save }).click()
    await page.getByText(/Pomidory · [\d,]+ ha/).waitFor()

    // Its colour is the probe's moisture band, and the popup gives the average with its unit.
    const region = page.locator('path.kropla-region').last()
    const bands = ['#e8590c', '#f59f00', '#2f9e44', '#1971c2']
    await page.waitForFunction(
      (colours) =>
        colours.includes(document.querySelector('path.kropla-region')?.getAttribute('stroke') ?? ''),
      bands,
    )
    // Readings restyle the region in place: its label is not drawn again.
    const redrawn = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let added = 0
          const watcher = new MutationObserver((changes) => {
            for (const change of changes)
              for (const node of change.addedNodes)
                if (node instanceof HTMLElement && node.classList.contains('leaflet-tooltip')) added++
          })
          watcher.observe(document.body, { childList: true, subtree: true })
          setTimeout(() => {
            watcher.disconnect()
            resolve(added)
          }, 5000)
        }),
    )
    expect(redrawn).toBe(0)
    // The probe's marker and the label sit in the middle: open the popup from a corner of the field.
    const box = await boxOf(region)
    await page.mouse.click(box.x + 8, box.y + 8)
    const popup = page.locator('[data-testid^="map-popup-region-"]')
    await popup.waitFor()
    expect(await popup.getByTestId('region-moisture').textContent()).toMatch(
      /^Wilgotność gleby \(średnia\): \d{1,3},\d %$/,
    )
    await screenshot(page, 'map-live-pl-1280')
    expect(pageErrors).toEqual([])
  })
})
