import fs from 'node:fs'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { demoModuleAuthorization, demoOutput } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { farmWallClock } from './support/farm-clock'
import { logInAsDemo } from './support/journey'

const env = useJourneyEnvironment()
const probe = 'DEMO-TRIO-0001'
const hour = 3_600_000
const farmZone = 'Europe/Warsaw'

/** The value the probe "measured" all through an hour: 10 plus the UTC hour, so an hourly average is exact. */
const valueAt = (ts: number) => 10 + new Date(ts).getUTCHours()

/**
 * Three days of 10-minute readings up to two hours ago, uploaded as a module does over HTTP (at
 * most 1000 sets per upload), through ingest, so the report reads what ingest stored.
 */
async function uploadPastReadings(baseUrl: string, endHour: number) {
  const step = 10 * 60_000
  const sets = []
  for (let ts = endHour - 3 * 24 * hour; ts < endHour; ts += step)
    sets.push({ ts: new Date(ts).toISOString(), values: { TEMP_1: valueAt(ts) } })
  for (let start = 0; start < sets.length; start += 1000) {
    const answer = await fetch(`${baseUrl}/ingest/v1/${probe}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: demoModuleAuthorization(env.stack, probe),
      },
      body: JSON.stringify({ readings: sets.slice(start, start + 1000) }),
    })
    expect(answer.status).toBe(202)
  }
}

/**
 * Whether the page fits the window once its layout has settled after a resize (the menu's slide-out
 * left the page 397 px wide for a moment on a busy machine): false when it never does.
 */
async function hasNoSidewaysScroll(page: Page) {
  return page
    .waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {
      timeout: 30_000,
    })
    .then(
      () => true,
      () => false,
    )
}

describe('reports', () => {
  it('generates a temperature report with the previous period, shows its chart and table, and downloads its CSV', async () => {
    const endHour = Math.floor(Date.now() / hour) * hour - 2 * hour
    await uploadPastReadings(env.stack.baseUrl, endHour)
    const start = endHour - 24 * hour
    const { page, pageErrors, scripts } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)

    await page.getByRole('link', { name: 'Reports' }).first().click()
    await page.getByTestId('source-count').waitFor()
    expect(await page.getByTestId('source-count').textContent()).toBe('Sources: 0 of at most 40')
    // The chart library is not part of the creator.
    expect(scripts.filter((url) => /echarts/.test(url))).toEqual([])

    await page
      .getByRole('textbox', { name: 'Modules' })
      .or(page.getByRole('combobox', { name: 'Modules' }))
      .first()
      .click()
    await page.getByRole('option', { name: 'Tomato field probe' }).click()
    await page.keyboard.press('Escape')
    expect(await page.getByTestId('source-count').textContent()).toMatch(/^Sources: [1-9]\d* of at most 40$/)
    await page.getByLabel('Start (farm time)').fill(farmWallClock(start, farmZone))
    await page.getByLabel('End (farm time)').fill(farmWallClock(endHour, farmZone))
    await page.getByRole('switch', { name: /Compare with the previous period/ }).check({ force: true })
    await page.mouse.move(0, 0)
    await screenshot(page, 'reports-creator-1280')

    await page.getByRole('button', { name: 'Generate' }).click()
    const chart = page.locator('[data-testid="report-chart"][data-drawn="true"]')
    await chart.waitFor()
    expect(scripts.some((url) => /echarts/.test(url))).toBe(true)
    expect(await chart.getAttribute('aria-label')).toMatch(/^Temperature chart: \d+ series, 24 rows from /)
    expect(await page.getByTestId('previous-range').textContent()).toMatch(/^Compared with /)
    await page.mouse.move(0, 0)
    await screenshot(page, 'reports-chart-1280')

    expect(await page.getByTestId('auto-scale-state').textContent()).toBe('Value axes auto-scaled')

    await page.getByText('Table', { exact: true }).click()
    const table = page.getByRole('table', { name: 'Table' })
    await table.waitFor()
    expect(await table.getAttribute('aria-rowcount')).toBe('25')
    const headers = await table.getByRole('columnheader').allTextContents()
    expect(headers[0]).toBe('Time')
    const current = headers.findIndex((name) => /Temperature 1/.test(name) && !/previous period/.test(name))
    const previous = headers.findIndex((name) => /Temperature 1/.test(name) && /previous period/.test(name))
    expect(current).toBeGreaterThan(0)
    expect(previous).toBeGreaterThan(0)
    const firstRow = await table.getByRole('row').nth(1).getByRole('cell').allTextContents()
    expect(firstRow[0]).toBe(farmWallClock(start, farmZone).replace('T', ' '))
    expect(firstRow[current]).toBe(`${valueAt(start).toFixed(1)} °C`)
    expect(firstRow[previous]).toBe(`${valueAt(start - 24 * hour).toFixed(1)} °C`)
    await screenshot(page, 'reports-table-1280')

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV' }).click()
    const file = await download
    expect(file.suggestedFilename()).toMatch(/\.csv$/)
    const csv = fs.readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.split(/\r?\n/).filter((line) => line !== '')
    expect(lines[0]).toMatch(/^"[^"]*"(,"[^"]*")*$/)
    const rows = lines.slice(1).map((line) => line.split(','))
    // Every row of the range by ascending time (hourly as the table, or each 10-minute reading).
    const instants = rows.map((cells) => Date.parse(cells.find((cell) => /T.*Z$/.test(cell)) ?? ''))
    expect([24, 24 * 6]).toContain(instants.length)
    expect([...instants].sort((a, b) => a - b)).toEqual(instants)
    expect(instants[0]).toBe(start)
    expect(instants.at(-1)).toBeLessThan(endHour)
    const column = lines[0]!
      .split('","')
      .findIndex((name) => /Temperature 1/.test(name) && !/previous/i.test(name))
    expect(rows.map((cells) => Number(cells[column]))).toEqual(instants.map((ts) => valueAt(ts)))
    expect(await page.getByTestId('export-done').textContent()).toMatch(/^CSV saved as .+\.csv\.$/)

    // A phone: chart and table fit, nothing to do sits behind a sideways scroll.
    await page.setViewportSize({ width: 390, height: 844 })
    await table.waitFor()
    expect(await hasNoSidewaysScroll(page)).toBe(true)
    await screenshot(page, 'reports-table-390')
    await page.getByText('Chart', { exact: true }).click()
    await chart.waitFor()
    expect(await hasNoSidewaysScroll(page)).toBe(true)
    await screenshot(page, 'reports-chart-390')

    // Back in the creator with the same choices: saved as a template, then an irrigation report.
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByRole('link', { name: 'Change the report' }).click()
    await page.getByTestId('source-count').waitFor()
    await page.getByLabel('Template name').fill('Tomato day')
    await page.getByRole('button', { name: 'Save as new template' }).click()
    await page.getByRole('button', { name: 'Update "Tomato day"' }).waitFor()

    await page
      .getByRole('textbox', { name: 'Report type' })
      .or(page.getByRole('combobox', { name: 'Report type' }))
      .first()
      .click()
    await page.getByRole('option', { name: 'Irrigation', exact: true }).click()
    const outputs = page
      .getByRole('textbox', { name: 'Outputs' })
      .or(page.getByRole('combobox', { name: 'Outputs' }))
      .first()
    await outputs.click()
    await page.getByRole('option', { name: demoOutput('AM-411', 'o1') }).click()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Generate' }).click()
    const summary = page.getByRole('table', { name: 'Irrigation summary' })
    await summary.waitFor()
    expect(Number(await summary.getAttribute('aria-rowcount'))).toBeGreaterThanOrEqual(2)
    await page.getByTestId('total-water').waitFor()
    await screenshot(page, 'reports-irrigation-1280')
    expect(pageErrors).toEqual([])
  })
})
