import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { useJourneyEnvironment } from './support/environment'
import { waitForFieldError } from './support/forms'
import { logInAsDemo, visit } from './support/journey'
import { fitsWindowOnceSettled } from './support/layout'

/**
 * Issue 15 items 8 and 9 in a real browser, at a phone's 390 px and a desktop's 1280 px: the header's
 * alarm counts say what they count (a tap away on the phone), the calendar opens on its day on the
 * phone, and a user who reads °F sees and types °F on a module's page. Screenshots of each.
 */
const env = useJourneyEnvironment({ simulator: false })
const en = catalogues.en
const phone = { width: 390, height: 844 }
const desktop = { width: 1280, height: 800 }

async function headerShot(page: Page, name: string) {
  const file = await screenshot(page, name)
  await page.screenshot({
    path: file.replace(/\.png$/, '-header.png'),
    clip: { x: 0, y: 0, ...{ width: page.viewportSize()?.width ?? 390, height: 240 } },
  })
}

describe('phone and desktop screens', () => {
  it('the header names both alarm counts, in words on a desktop and a tap away on a phone', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    const badge = page.getByTestId('alarm-badge')
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="alarm-badge"]')?.hasAttribute('data-active'),
    )
    const active = Number(await badge.getAttribute('data-active'))
    const unconfirmed = Number(await badge.getAttribute('data-unconfirmed'))
    expect(await page.getByTestId('alarm-badge-active').textContent()).toBe(
      en.alarms.badge_active.replace('{{n}}', String(active)),
    )
    expect(await page.getByTestId('alarm-badge-unconfirmed').textContent()).toBe(
      en.alarms.badge_unconfirmed.replace('{{n}}', String(unconfirmed)),
    )
    await headerShot(page, 'phone-screens-start-1280')

    await page.setViewportSize(phone)
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await page.getByTestId('alarm-badge-active').filter({ hasText: /^\d+$/ }).waitFor()
    await page.getByTestId('alarm-badge').click()
    const details = page.getByTestId('alarm-badge-details')
    await details.getByText(en.alarms.badge_active_long).waitFor()
    await details.getByText(en.alarms.badge_unconfirmed_long).waitFor()
    await headerShot(page, 'phone-screens-alarm-badge-390')
    await details.getByRole('link', { name: en.alarms.badge_open }).click()
    await page.getByRole('heading', { name: en.alarms.title }).waitFor()
    expect(pageErrors).toEqual([])
  })

  it('the start dashboard at 390 and 1280 px', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await page.getByTestId('tile-DEMO-VALVO-0001').waitFor()
    await page.screenshot({ path: await screenshot(page, 'phone-screens-dashboard-1280'), fullPage: true })
    await page.setViewportSize(phone)
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await page.getByTestId('tile-DEMO-VALVO-0001').scrollIntoViewIfNeeded()
    await screenshot(page, 'phone-screens-dashboard-390-valves')
    await page.screenshot({ path: await screenshot(page, 'phone-screens-dashboard-390'), fullPage: true })
    expect(pageErrors).toEqual([])
  })

  it('the calendar opens on its day on a phone and on its week on a desktop', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await page.setViewportSize(phone)
    await visit(page, env.stack.baseUrl, '/calendar')
    await page.getByRole('heading', { name: en.calendar.title }).waitFor()
    await page.locator('[data-testid^="day-"]').first().waitFor()
    expect(await page.locator('[data-testid^="day-"]').count()).toBe(1)
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await screenshot(page, 'phone-screens-calendar-390')
    await page.getByRole('button', { name: en.calendar.next_day }).click()
    // The segmented control's radio input is hidden: a user taps its label.
    await page.locator('.mantine-SegmentedControl-label', { hasText: en.calendar.view_week }).click()
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="day-"]').length === 7)
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await screenshot(page, 'phone-screens-calendar-week-390')

    await page.setViewportSize(desktop)
    await visit(page, env.stack.baseUrl, '/calendar')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid^="day-"]').length === 7)
    await screenshot(page, 'phone-screens-calendar-1280')
    expect(pageErrors).toEqual([])
  })

  it('a user who reads °F sees and types °F on the module page', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await visit(page, env.stack.baseUrl, '/settings/preferences')
    await page.getByRole('radio', { name: en.preferences.unit_F }).check()
    await page.getByRole('button', { name: en.settings.save }).click()
    await page.getByText(en.settings.saved).first().waitFor()

    await visit(page, env.stack.baseUrl, '/')
    await page.getByTestId('module-link-DEMO-ENV-0001').click()
    await page.getByRole('heading', { name: 'Greenhouse air' }).waitFor()
    const higher = page.getByLabel(/^Higher than, Temperature 1 \(°F\)$/)
    await higher.waitFor()
    expect(await page.getByTestId('input-unit-TEMP_1').textContent()).toBe('°F')
    expect(await page.getByTestId('module-settings').textContent()).not.toContain('°C')
    await page.screenshot({ path: await screenshot(page, 'phone-screens-module-f-1280'), fullPage: true })

    await page.setViewportSize(phone)
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await page.getByTestId('thresholds-table').scrollIntoViewIfNeeded()
    await screenshot(page, 'phone-screens-module-f-390-thresholds')
    // A threshold beyond the sensor's range is refused before sending, said in °F.
    await higher.fill('170')
    await page.getByRole('button', { name: en.modules.save }).click()
    await waitForFieldError(
      page,
      'config.alarms.TEMP_1_gt.value',
      en.modules.threshold_range
        .replace('{{min}}', '-40')
        .replace('{{max}}', '158')
        .replace('{{unit}}', ' °F'),
    )
    await higher.scrollIntoViewIfNeeded()
    await screenshot(page, 'phone-screens-module-f-390-threshold-range')
    await page.screenshot({ path: await screenshot(page, 'phone-screens-module-f-390'), fullPage: true })
    expect(pageErrors).toEqual([])
  })

  it('a tap on a table cell cut short shows its whole text on a phone', async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    // The preferences saved first give the account's log a row whose change is cut at 390 px.
    await page.setViewportSize(phone)
    await visit(page, env.stack.baseUrl, '/settings/preferences')
    await page.getByRole('button', { name: en.settings.save }).click()
    await page.getByText(en.settings.saved).first().waitFor()
    await visit(page, env.stack.baseUrl, '/settings/logs')
    const table = page.getByTestId('audit-table')
    await table.locator('tbody [data-clipped]').first().waitFor()
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    const cut = await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="audit-table"] tbody [data-clipped]')].find(
          (cell) => cell.scrollWidth > cell.clientWidth + 1 && !cell.querySelector('a, button'),
        ) ?? null,
      undefined,
      { timeout: 30_000, polling: 200 },
    )
    const whole = await cut.evaluate((cell) => (cell as HTMLElement).textContent ?? '')
    await cut.asElement()!.click()
    const panel = page.getByTestId('audit-table-whole-text')
    await panel.waitFor()
    expect(await panel.textContent()).toBe(whole)
    const box = (await panel.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(phone.width)
    expect(await fitsWindowOnceSettled(page)).toBe(true)
    await screenshot(page, 'phone-screens-table-whole-text-390')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    expect(pageErrors).toEqual([])
  })
})
