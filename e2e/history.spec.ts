import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo } from './support/journey'

const env = useJourneyEnvironment()
const probe = 'DEMO-TRIO-0001'

describe('history of a value', () => {
  it('opens a start card value’s history and draws its chart, on a desktop and on a phone', async () => {
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

    await dialog.getByText('Week', { exact: true }).click()
    await page.locator('[data-testid="history-chart"][data-resolution]').waitFor()
    expect(await dialog.getByTestId('history-resolution').textContent()).toMatch(
      /^(Every reading|Hourly averages, band from minimum to maximum)$/,
    )

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
