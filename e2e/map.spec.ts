import { demoFarm } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, visit } from './support/journey'
import { fitsWindowOnceSettled } from './support/layout'

/**
 * Issue 13 item 7: the map. Modules as markers over a background that may not load, a region drawn
 * by clicking its corners with its area in hectares shown while drawing, saved and still there after
 * a reload; at desktop and phone widths.
 */
const en = catalogues.en
const env = useJourneyEnvironment({ simulator: false })

/** A plain gridded PNG standing in for the tile service (the test machine reaches no tile server). */
const tile = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAWElEQVR42u3PoQ0AIAwAwe4/WQ0aj6pihrIEoskl/wNcrJ2ji3fdMzcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACA/zUZnFzSqguFVQAAAABJRU5ErkJggg==',
  'base64',
)
const tiles = 'https://tile.openstreetmap.org/**'

async function openMap(page: Page, baseUrl: string) {
  await visit(page, baseUrl, '/map')
  await page.locator('[data-testid="farm-map"][data-ready="true"]').waitFor()
}

const locatedModules = demoFarm.modules.filter((module) => module.location)

describe('map', () => {
  it('shows the modules when the tiles are unreachable, and a quiet notice', async () => {
    const { page, pageErrors, cspViolations } = await env.visit()
    let refused = 0
    await page.route(tiles, (route) => {
      refused += 1
      return route.abort('internetdisconnected')
    })
    await logInAsDemo(page, env.stack.baseUrl)
    await openMap(page, env.stack.baseUrl)
    await page.getByTestId('map-tiles-failed').waitFor()
    expect(refused).toBeGreaterThan(0)
    await page.locator('[data-testid^="map-module-"]').first().waitFor()
    expect(await page.locator('[data-testid^="map-module-"]').count()).toBe(locatedModules.length)

    // A marker's popup: its latest values with units and the way to its history.
    const probe = locatedModules[0]!
    // Markers of neighbouring modules overlap at this zoom: the click goes to this one's icon.
    await page.getByTestId(`map-module-${probe.serial}`).dispatchEvent('click')
    const popup = page.getByTestId(`map-popup-module-${probe.serial}`)
    await popup.waitFor()
    expect(await popup.getByTestId('map-popup-module-page').textContent()).toBe(en.map.module_page)
    await screenshot(page, 'map-no-tiles-1280')
    // Each value opens its history.
    await popup.locator('[data-testid^="map-history-"]').first().click()
    await page.getByTestId('history-dialog').waitFor()
    expect(pageErrors).toEqual([])
    expect(cspViolations).toEqual([])
  })

  it('draws a region by clicking its corners, shows its area in hectares, keeps it after a reload, and reshapes it', async () => {
    const { page, pageErrors, cspViolations } = await env.visit()
    await page.route(tiles, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }))
    await logInAsDemo(page, env.stack.baseUrl)
    await openMap(page, env.stack.baseUrl)
    await page.getByRole('button', { name: en.map.draw_region }).click()
    const measure = page.getByTestId('draw-measure')
    await measure.waitFor()

    const canvas = page.getByTestId('farm-map-canvas')
    const box = (await canvas.boundingBox())!
    const cx = box.x + box.width / 2
    const cy = box.y + box.height / 2
    const corners = [
      [cx - 120, cy - 80],
      [cx + 120, cy - 80],
      [cx + 120, cy + 80],
      [cx - 120, cy + 80],
    ] as const
    for (const [x, y] of corners) await page.mouse.click(x, y)
    await page.mouse.move(cx - 200, cy)
    // Live while drawing: the pointer is the fifth corner for now.
    await page.waitForFunction(() =>
      /Points: 4/.test(document.querySelector('[data-testid="draw-measure"]')?.textContent ?? ''),
    )
    expect(await measure.textContent()).toMatch(/Area: [\d,]+\.\d\d ha · Perimeter: [\d,]+ m/)
    await screenshot(page, 'map-drawing-1280')
    await page.getByRole('button', { name: en.map.finish }).click()

    await page.getByLabel(en.resources.name).fill('East field')
    const inDialog = page.getByTestId('region-measure')
    await inDialog.waitFor()
    const area = /Area: ([\d,.]+ ha)/.exec((await inDialog.textContent()) ?? '')?.[1]
    expect(area).toBeTruthy()
    await page.getByRole('button', { name: en.resources.save }).click()
    await page.getByText(en.resources.created).waitFor()
    await page.getByText(`East field · ${area}`).waitFor()

    await openMap(page, env.stack.baseUrl)
    await page.getByText(`East field · ${area}`).waitFor()
    expect(await page.locator('path.kropla-region').count()).toBeGreaterThanOrEqual(1)

    // Search waits for the typing to stop, then finds the region by name.
    await page.getByTestId('map-search').fill('east')
    await page.getByTestId('map-search-results').getByText('East field').click()
    await page.locator('[data-testid^="map-popup-region-"]').waitFor()
    expect(await page.locator('[data-testid^="map-popup-region-"]').textContent()).toContain(area)
    await screenshot(page, 'map-region-1280')

    // Reshape it: drag one corner outwards with leaflet-geoman; the area follows, and is saved.
    await page
      .locator('[data-testid^="map-popup-region-"]')
      .getByRole('button', { name: en.map.edit_shape })
      .click()
    await page.getByTestId('draw-measure').waitFor()
    const before = await page.getByTestId('draw-measure').textContent()
    const corner = page.locator('.leaflet-marker-pane .marker-icon:not(.marker-icon-middle)').first()
    const at = (await corner.boundingBox())!
    await page.mouse.move(at.x + at.width / 2, at.y + at.height / 2)
    await page.mouse.down()
    await page.mouse.move(at.x - 60, at.y - 60, { steps: 8 })
    await page.mouse.up()
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="draw-measure"]')?.textContent !== text,
      before,
    )
    const reshaped = /Area: ([\d,.]+ ha)/.exec(
      (await page.getByTestId('draw-measure').textContent()) ?? '',
    )?.[1]
    expect(reshaped).not.toBe(area)
    await page.getByRole('button', { name: en.map.save_shape }).click()
    await page.getByText(en.map.shape_saved).waitFor()
    await page.getByText(`East field · ${reshaped}`).waitFor()

    await page.setViewportSize({ width: 390, height: 844 })
    await openMap(page, env.stack.baseUrl)
    await page.getByText(`East field · ${reshaped}`).waitFor()
    await screenshot(page, 'map-390')
    expect(pageErrors).toEqual([])
    expect(cspViolations).toEqual([])
  })
})

describe('map on the phone and the localizer', () => {
  it('walks a field boundary with the phone GPS (a corner per fix) and saves it as a region', async () => {
    const { page, context, pageErrors } = await env.visit()
    await context.grantPermissions(['geolocation'], { origin: env.stack.baseUrl })
    await page.route(tiles, (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tile }))
    const corners = [
      { latitude: 52.24, longitude: 21.03 },
      { latitude: 52.24, longitude: 21.0315 },
      { latitude: 52.2409, longitude: 21.0315 },
      { latitude: 52.2409, longitude: 21.03 },
    ]
    await context.setGeolocation({ ...corners[0]!, accuracy: 5 })
    await logInAsDemo(page, env.stack.baseUrl)
    await page.setViewportSize({ width: 390, height: 844 })
    await openMap(page, env.stack.baseUrl)
    await page.getByRole('button', { name: en.map.walk_boundary }).click()
    const measure = page.getByTestId('draw-measure')
    // The first fix after 1 s, then one every 5 s: walk to the next corner between fixes.
    for (const [index, corner] of corners.entries()) {
      await context.setGeolocation({ ...corner, accuracy: 5 })
      await page.waitForFunction(
        (count) =>
          (document.querySelector('[data-testid="draw-measure"]')?.textContent ?? '').includes(
            `Points: ${count}`,
          ),
        index + 1,
      )
    }
    expect(await page.getByTestId('gps-status').textContent()).toBe('Position accuracy: ±5 m')
    // About 102 m by 100 m: 1.02 ha.
    expect(await measure.textContent()).toMatch(/Area: 1\.0\d ha · Perimeter: 40\d m · Points: 4/)
    await screenshot(page, 'map-walk-390')
    // Nothing of the map (Leaflet's zoom proxy lies far outside it) makes the phone page scroll sideways.
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await page.getByRole('button', { name: en.map.finish }).click()
    await page.getByLabel(en.resources.name).fill('Walked field')
    await page.getByRole('button', { name: en.resources.save }).click()
    await page.getByText(/Walked field · 1\.0\d ha/).waitFor()

    // "My location" follows the phone: its position and accuracy.
    await context.setGeolocation({ latitude: 52.2405, longitude: 21.031, accuracy: 12 })
    await page.getByRole('button', { name: en.map.my_location }).click()
    await page.getByText('Position accuracy: ±12 m').waitFor()
    await page.getByRole('button', { name: en.map.stop }).click()
    await page.getByTestId('map-tool').waitFor({ state: 'detached' })
    expect(pageErrors).toEqual([])
  })

  it('places a geo object where the map is clicked, moves it with the localizer and by dragging', async () => {
    const { page, pageErrors } = await env.visit()
    await page.route(tiles, (route) => route.abort('internetdisconnected'))
    await logInAsDemo(page, env.stack.baseUrl)
    await openMap(page, env.stack.baseUrl)
    const before = await page.locator('[data-testid^="map-geo-"]').count()
    await page.getByRole('button', { name: en.map.add_object }).click()
    const box = (await page.getByTestId('farm-map-canvas').boundingBox())!
    await page.mouse.click(box.x + box.width / 3, box.y + box.height / 3)
    await page.getByLabel(en.resources.name).fill('Well')
    const lat = page.getByLabel(en.resources.geo_objects.lat)
    expect(Number(await lat.inputValue())).toBeGreaterThan(50)

    await page.getByRole('button', { name: en.map.pick_on_map }).click()
    const localizer = page.getByTestId('localizer-map')
    await localizer.waitFor()
    await page.getByTestId('localizer-marker').waitFor()
    const pickBox = (await localizer.boundingBox())!
    await page.mouse.click(pickBox.x + pickBox.width / 2 + 40, pickBox.y + pickBox.height / 2 + 40)
    const picked = await page.getByTestId('localizer-point').textContent()
    expect(picked).toMatch(/Latitude: 52\.\d+° · Longitude: 2\d\.\d+°/)
    await screenshot(page, 'map-localizer-1280')
    await page.getByRole('button', { name: en.map.use_point }).click()
    expect(picked).toContain(await lat.inputValue())
    await page.getByRole('button', { name: en.resources.save }).click()
    await page.getByText(en.resources.created).waitFor()
    await page.waitForFunction(
      (count) => document.querySelectorAll('[data-testid^="map-geo-"]').length === count,
      before + 1,
    )
    // Dragged on the map, it keeps its new place.
    const pin = page.locator('[data-testid^="map-geo-"]').last()
    const pinBox = (await pin.boundingBox())!
    await page.mouse.move(pinBox.x + pinBox.width / 2, pinBox.y + pinBox.height / 2)
    await page.mouse.down()
    await page.mouse.move(pinBox.x + 80, pinBox.y + 60, { steps: 8 })
    await page.mouse.up()
    await page.getByText(en.map.object_moved).waitFor()
    expect(pageErrors).toEqual([])
  })
})
