import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { demoModuleAuthorization } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo } from './support/journey'

const env = useJourneyEnvironment()
const probe = 'DEMO-TRIO-0001'

/**
 * Three weeks of 10-minute readings the probe "buffered", uploaded as a module does over HTTP (at
 * most 1000 sets per upload): through ingest, so the rollups are the ones ingest keeps.
 */
async function uploadPastReadings(baseUrl: string) {
  const step = 10 * 60_000
  const end = Math.floor(Date.now() / step) * step - step
  const sets = Array.from({ length: 21 * 144 }, (_, index) => {
    const ts = end - index * step
    const hour = new Date(ts).getUTCHours() + new Date(ts).getUTCMinutes() / 60
    const temp = 14 + 7 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + ((index * 7) % 10) / 10
    return { ts: new Date(ts).toISOString(), values: { TEMP_1: Math.round(temp * 10) / 10 } }
  }).reverse()
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

describe('history of a value', () => {
  it('opens a start card value’s history and draws its chart, on a desktop and on a phone', async () => {
    await uploadPastReadings(env.stack.baseUrl)
    const { page, pageErrors, scripts } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await page.getByTestId(`value-${probe}-TEMP_1`).filter({ hasText: /\d/ }).waitFor()
    // The chart library is not part of the start screen.
    expect(scripts.filter((url) => /echarts/.test(url))).toEqual([])
    await page.getByTestId(`history-${probe}-TEMP_1`).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByTestId('history-chart').waitFor()
    await dialog.locator('[data-testid="history-chart"][data-drawn="true"] canvas').first().waitFor()
    expect(await dialog.getByTestId('history-resolution').textContent()).toBe('Every reading')
    expect(await dialog.getByTestId('history-chart').getAttribute('aria-label')).toMatch(
      /^Temperature 1 chart: \d+ points from /,
    )
    expect(scripts.some((url) => /echarts/.test(url))).toBe(true)
    await page.mouse.move(0, 0)
    await screenshot(page, 'history-dialog-1280')

    // Three weeks of readings pass the chart's points: a month comes as hourly averages with their band.
    await dialog.getByText('Month', { exact: true }).click()
    await page.locator('[data-testid="history-chart"][data-resolution="hour"][data-drawn="true"]').waitFor()
    expect(await dialog.getByTestId('history-resolution').textContent()).toBe(
      'Hourly averages, band from minimum to maximum',
    )
    await page.mouse.move(0, 0)
    await screenshot(page, 'history-dialog-month-1280')

    await page.setViewportSize({ width: 390, height: 844 })
    await dialog.getByText('Day', { exact: true }).click()
    await dialog.locator('[data-testid="history-chart"][data-drawn="true"] canvas').first().waitFor()
    await screenshot(page, 'history-dialog-390')

    await dialog.getByRole('button', { name: 'Close' }).click()
    await dialog.waitFor({ state: 'detached' })
    // The card's name leads to the module page, which lists its recent readings.
    await page.getByTestId(`module-link-${probe}`).click()
    const recent = page.getByTestId('recent-readings')
    await recent.getByRole('table').waitFor()
    expect(await recent.getByRole('columnheader').first().textContent()).toBe('Time')
    await recent.scrollIntoViewIfNeeded()
    await screenshot(page, 'module-recent-readings-390')
    expect(pageErrors).toEqual([])
  })
})
