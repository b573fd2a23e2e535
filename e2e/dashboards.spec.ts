import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, textOf, visit } from './support/journey'
import { fitsWindowOnceSettled } from './support/layout'
import { getJson } from './support/schedule-runs'

/**
 * Issue 13, items 3 to 5: a grower builds a dashboard with one widget of each of the eight types,
 * saves it, reloads and finds it unchanged; at a phone's width the same widgets follow the desktop
 * order, nothing hides behind a horizontal scroll, and editing is an up/down list.
 */
const en = catalogues.en
const words = en.dashboards
const env = useJourneyEnvironment()

async function choose(page: Page, label: string, option: RegExp | string) {
  await page.getByRole('dialog').getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option }).first().click()
  await page.getByRole('listbox').waitFor({ state: 'hidden' })
}

async function addWidget(page: Page, type: keyof typeof words.types, configure?: () => Promise<void>) {
  await page.getByRole('button', { name: words.add_widget, exact: true }).click()
  await page.getByRole('menuitem', { name: words.types[type], exact: true }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await configure?.()
  await dialog.getByRole('button', { name: words.apply, exact: true }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.locator(`[data-widget-type="${type}"]`).first().waitFor()
}

/** Every widget on screen: its type and its box, rounded to whole pixels. */
const widgetBoxes = (page: Page) =>
  page.locator('[data-widget-type]').evaluateAll((nodes) =>
    nodes.map((node) => {
      const box = node.getBoundingClientRect()
      return [
        node.getAttribute('data-widget-type'),
        Math.round(box.x),
        Math.round(box.y),
        Math.round(box.width),
        Math.round(box.height),
      ]
    }),
  )

/** The whole page, not only the window: a dashboard is taller than the screen. */
async function fullScreenshot(page: Page, name: string) {
  const file = await screenshot(page, name)
  await page.screenshot({ path: file.replace(/\.png$/, '-full.png'), fullPage: true, animations: 'disabled' })
}

describe('dashboards', () => {
  it('builds a dashboard with every widget type, reloads it unchanged, and shows it on a phone', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    // The start dashboard is the first dashboard: its tiles are today's start screen.
    expect(await textOf(page, 'dashboard-title')).toBe('Start')
    await page.getByTestId('tile-DEMO-TRIO-0001').waitFor()

    await page.getByRole('button', { name: words.manage, exact: true }).click()
    const manage = page.getByRole('dialog')
    await manage.getByLabel(words.new_name).fill('Seventeen chars!!')
    await manage.getByRole('button', { name: words.add, exact: true }).click()
    await manage.getByText(en.errors.dashboard_name_too_long).waitFor()
    await manage.getByRole('button', { name: `Delete Start` }).click()
    await manage.getByText(en.errors.dashboard_only_one).waitFor()
    await manage.getByLabel(words.new_name).fill('Tomatoes')
    await manage.getByRole('button', { name: words.add, exact: true }).click()
    await page.waitForURL((url) => /^#\/dashboard\/\d+$/.test(url.hash))
    const address = new URL(page.url()).hash
    await page.getByTestId('dashboard-title').filter({ hasText: 'Tomatoes' }).waitFor()

    await page.getByRole('button', { name: words.edit, exact: true }).click()
    await addWidget(page, 'resources')
    await addWidget(page, 'simple_chart', async () => {
      await choose(page, words.device, 'Tomato field probe')
      await choose(page, words.parameter, /^Soil moisture 1 \(%\)/)
    })
    await addWidget(page, 'chart', async () => {
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: words.apply, exact: true }).click()
      await dialog.getByText(en.errors.widget_no_device).first().waitFor()
      await choose(page, words.device, 'Tomato field probe')
      await dialog.getByRole('button', { name: words.apply, exact: true }).click()
      await dialog.getByText(en.errors.widget_no_parameter).first().waitFor()
      await choose(page, words.parameter, /^Soil moisture 1 \(%\)/)
      await dialog.getByLabel(words.days_back).fill('2')
      await choose(page, words.chart_type, words.chart_types.area)
      await dialog.getByLabel(words.extremum).check({ force: true })
    })
    await addWidget(page, 'map')
    await addWidget(page, 'system_state')
    await addWidget(page, 'weather')
    await addWidget(page, 'manual_control')
    await addWidget(page, 'nfc_scan')
    // Resize the NFC widget taller by its corner, then move it left by its title, with the mouse.
    const nfcItem = page.locator('.react-grid-item', { has: page.locator('[data-widget-type="nfc_scan"]') })
    await nfcItem.scrollIntoViewIfNeeded()
    const sizeBefore = (await nfcItem.boundingBox())!
    const corner = (await nfcItem.locator('.react-resizable-handle').boundingBox())!
    await page.mouse.move(corner.x + corner.width / 2, corner.y + corner.height / 2)
    await page.mouse.down()
    await page.mouse.move(corner.x + corner.width / 2, corner.y + 120, { steps: 12 })
    await page.mouse.up()
    await page.waitForFunction((height) => {
      const node = [...document.querySelectorAll('.react-grid-item')].find((item) =>
        item.querySelector('[data-widget-type="nfc_scan"]'),
      )
      return node !== undefined && node.getBoundingClientRect().height > height + 50
    }, sizeBefore.height)
    await nfcItem.locator('.widget-drag-handle').scrollIntoViewIfNeeded()
    const title = (await nfcItem.locator('.widget-drag-handle').boundingBox())!
    await page.mouse.move(title.x + 20, title.y + title.height / 2)
    await page.mouse.down()
    await page.mouse.move(title.x - 380, title.y + title.height / 2 + 10, { steps: 15 })
    await page.mouse.up()
    await page.waitForFunction((left) => {
      const node = [...document.querySelectorAll('.react-grid-item')].find((item) =>
        item.querySelector('[data-widget-type="nfc_scan"]'),
      )
      return node !== undefined && node.getBoundingClientRect().x < left - 200
    }, sizeBefore.x)
    await fullScreenshot(page, 'dashboard-editing-1280')
    await page.getByRole('button', { name: words.save, exact: true }).click()
    await page.getByRole('button', { name: words.edit, exact: true }).waitFor()

    await page.locator('[data-testid^="widget-chart-"][data-drawn="true"]').waitFor()
    await page.locator('[data-testid^="widget-value-"]').first().filter({ hasText: / %$/ }).waitFor()
    await page.locator('[data-testid^="output-state-"]').first().waitFor()
    await page.locator('[data-widget-type="map"] [data-testid="farm-map"]').waitFor()
    await page.locator('[data-widget-type="weather"] [data-testid="weather-panel"]').waitFor()
    const types = await page
      .locator('[data-widget-type]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-widget-type')))
    expect(types).toEqual([
      'resources',
      'simple_chart',
      'chart',
      'map',
      'system_state',
      'weather',
      'manual_control',
      'nfc_scan',
    ])
    const saved = await getJson<
      { name: string; widgets: { type: string; layout: { x: number; w: number; h: number } }[] }[]
    >(page, '/api/dashboards')
    const nfc = saved
      .find((dashboard) => dashboard.name === 'Tomatoes')!
      .widgets.find((widget) => widget.type === 'nfc_scan')!
    expect(nfc.layout.h).toBeGreaterThan(5)
    expect(nfc.layout.x).toBeLessThan(9)
    const before = await widgetBoxes(page)
    await fullScreenshot(page, 'dashboard-1280')

    await visit(page, env.stack.baseUrl, address.slice(1))
    await page.getByTestId('dashboard-title').filter({ hasText: 'Tomatoes' }).waitFor()
    await page.locator('[data-testid^="widget-chart-"][data-drawn="true"]').waitFor()
    await page.locator('[data-testid^="output-state-"]').first().waitFor()
    expect(await textOf(page, 'dashboard-title')).toBe('Tomatoes')
    expect(await widgetBoxes(page)).toEqual(before)
    for (const value of await page.locator('[data-testid^="widget-value-"]').allTextContents())
      expect(value).toMatch(/^\d{1,3}\.\d %$/)

    // A phone: one column of tiles pairs and full-width charts, in the desktop's order.
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('combobox', { name: words.choose }).waitFor()
    // The grid measures its new width after the resize: wait for the charts to take the full width.
    const chartWidth = async () =>
      Number((await widgetBoxes(page)).find(([type]) => type === 'chart')?.[3] ?? 0)
    await expect.poll(chartWidth, { timeout: 30_000, interval: 250 }).toBeGreaterThan(300)
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    const phone = await widgetBoxes(page)
    // The desktop's reading order: top to bottom, left to right.
    const readingOrder = [...before]
      .sort((a, b) => Number(a[2]) - Number(b[2]) || Number(a[1]) - Number(b[1]))
      .map(([type]) => type)
    expect(phone.map(([type]) => type)).toEqual(readingOrder)
    const chart = phone.find(([type]) => type === 'chart')!
    const tile = phone.find(([type]) => type === 'simple_chart')!
    expect(Number(chart[3])).toBeGreaterThan(300)
    expect(Number(tile[3])).toBeLessThan(200)
    await fullScreenshot(page, 'dashboard-390')
    await page.locator('[data-widget-type="simple_chart"]').scrollIntoViewIfNeeded()
    await screenshot(page, 'dashboard-390-widgets')
    await page.locator('[data-widget-type="map"]').scrollIntoViewIfNeeded()
    await screenshot(page, 'dashboard-390-map')

    await page.getByRole('button', { name: words.edit, exact: true }).click()
    await page.getByTestId('dashboard-phone-list').waitFor()
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    const [beforeLast, last] = readingOrder.slice(-2) as [keyof typeof words.types, keyof typeof words.types]
    await page.getByRole('button', { name: `Move ${words.types[last]} up` }).click()
    await fullScreenshot(page, 'dashboard-editing-390')
    await page.getByRole('button', { name: words.save, exact: true }).click()
    await page.getByRole('button', { name: words.edit, exact: true }).waitFor()
    const reordered = await page
      .locator('[data-widget-type]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-widget-type')))
    expect(reordered.slice(-2)).toEqual([last, beforeLast])
    expect(pageErrors).toEqual([])
  })

  it('resizes a widget with a finger on a tablet, and manages dashboards at a phone width', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await page.setViewportSize({ width: 1024, height: 768 })
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 })
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: type === 'touchEnd' ? [] : [{ x: Math.round(x), y: Math.round(y) }],
      })

    await page.getByRole('button', { name: words.edit, exact: true }).click()
    const item = page.locator('.react-grid-item', { has: page.locator('[data-widget-type="resources"]') })
    const before = (await item.boundingBox())!
    const corner = item.locator('.react-resizable-handle')
    await corner.scrollIntoViewIfNeeded()
    const box = (await corner.boundingBox())!
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2]
    await touch('touchStart', x, y)
    for (let step = 1; step <= 10; step++) await touch('touchMove', x - step * 30, y - step * 15)
    await touch('touchEnd', x - 300, y - 150)
    await page.waitForFunction((width) => {
      const node = [...document.querySelectorAll('.react-grid-item')].find((entry) =>
        entry.querySelector('[data-widget-type="resources"]'),
      )
      return node !== undefined && node.getBoundingClientRect().width < width - 150
    }, before.width)
    await page.getByRole('button', { name: words.save, exact: true }).click()
    await page.getByRole('button', { name: words.edit, exact: true }).waitFor()
    const saved = await getJson<{ name: string; widgets: { type: string; layout: { w: number } }[] }[]>(
      page,
      '/api/dashboards',
    )
    const start = saved.find((dashboard) => dashboard.name === 'Start')!
    expect(start.widgets[0]!.layout.w).toBeLessThan(12)

    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('button', { name: words.manage, exact: true }).click()
    await page.getByRole('dialog').getByLabel(words.new_name).waitFor()
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await screenshot(page, 'dashboards-manage-390')
    expect(pageErrors).toEqual([])
  })
})
