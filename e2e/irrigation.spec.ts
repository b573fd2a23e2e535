import { demoFarm } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { demoOutput } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { wholeMinuteAfter } from './support/farm-clock'
import { logInAsDemo, visit } from './support/journey'

/**
 * Issue 5, "Checked by" and the journey of its tests: a schedule created in the browser, its preview
 * before saving, the simulated valve opening at the planned minute, the calendar showing the run
 * executed; manual control opening an output for a minute and closing it; a validation rule tried
 * with a breaking value.
 */

const en = catalogues.en
// One of the few journeys on the wall clock (ADR 0084): `kropla serve` and the simulator exactly as
// `npm start` runs them, the valve opening at a real minute by the machine's clock.
const env = useJourneyEnvironment({ wallClock: true })

const valves = demoFarm.modules.find((module) => module.model === 'AM-411')!
/** The demo names each output after what it drives (irrigating valves). */
const scheduled = demoOutput(valves.model, 'o1')
const manual = demoOutput(valves.model, 'o2')
/** The browser's zone (support/browser.ts) and the zone a schedule is counted in when the user has none. */
const zone = 'Europe/Warsaw'

/** `YYYY-MM-DD` and `HH:mm` of `at` in the farm's zone. */
function inZone(at: Date): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at)
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return { day: `${part('year')}-${part('month')}-${part('day')}`, time: `${part('hour')}:${part('minute')}` }
}

const outputCard = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true })
const valveOf = (card: Locator) => card.locator('[data-testid^="manual-value-"]')
const busyOf = (card: Locator) => card.locator('[data-testid^="busy-"]')

describe('irrigation on the wall clock', () => {
  it('plans a sequential schedule in the browser, previews its one run, the valve opens at that minute and the calendar shows it executed; manual opening for a minute; a validation rule', {
    timeout: 300_000,
  }, async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    await visit(page, env.stack.baseUrl, '/schedules')
    await page.getByRole('button', { name: en.schedules.add }).click()
    const wizard = page.getByRole('dialog', { name: en.schedules.wizard.new_title })
    await wizard.waitFor()
    // The run's minute, chosen as the user starts: everything up to the save happens in its lead.
    const start = new Date(wholeMinuteAfter(Date.now(), 70_000))
    const planned = inZone(start)

    // A breaking value first: 16 cycles of 2 outputs are 32 runs, above the 30 allowed.
    const name = 'Tomato rows, one minute'
    await wizard.locator('input[name="name"]').fill(name)
    const devices = wizard.getByRole('group', { name: en.schedules.fields.devices })
    await devices.getByLabel(scheduled, { exact: true }).check()
    await devices.getByLabel(manual, { exact: true }).check()
    await wizard.locator('input[name="definition.cycle_minutes"]').fill('1')
    await wizard.locator('input[name="definition.starts.count"]').fill('16')
    await wizard.getByRole('button', { name: en.schedules.wizard.to_preview, exact: true }).click()
    const tooMany = wizard.getByText(en.errors.schedule_too_many_cycles, { exact: true })
    await tooMany.waitFor()
    await tooMany.scrollIntoViewIfNeeded()
    expect(await wizard.getByTestId('schedule-preview').count()).toBe(0)
    await screenshot(page, 'irrigation-wizard-too-many-cycles')

    // Corrected: one output, one cycle of one minute, valid on the day of its start only.
    await devices.getByLabel(manual, { exact: true }).uncheck()
    await wizard.locator('input[name="definition.starts.count"]').fill('1')
    await wizard.locator('input[name="begin_date"]').fill(planned.day)
    await wizard.locator('input[name="expiration_date"]').fill(planned.day)
    await wizard.locator('input[name="definition.starts.start_time"]').fill(planned.time)
    expect(await wizard.locator('select[name="type"]').inputValue()).toBe('1')
    await wizard.getByRole('button', { name: en.schedules.wizard.to_preview, exact: true }).click()

    // The preview: exactly that run, at that time, for one minute, on that output only.
    const preview = wizard.getByTestId('schedule-preview')
    await preview.waitFor()
    const runs = preview.getByRole('list', {
      name: en.schedules.preview.runs_of.replace('{{output}}', scheduled),
    })
    await runs.waitFor()
    const runLabels = await runs
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))
    expect(runLabels).toHaveLength(1)
    expect(runLabels[0]).toMatch(new RegExp(` ${planned.time}, 1 min$`))
    expect(await preview.locator('[data-testid^="preview-output-"]').count()).toBe(1)
    expect(await preview.getByTestId('preview-sources').count()).toBe(0)
    // Saved less than five minutes ahead: the wizard says so before saving.
    await preview
      .getByTestId('preview-warnings')
      .getByText(en.schedules.warnings.lead_under_5_minutes)
      .waitFor()
    await screenshot(page, 'irrigation-preview')
    const saved = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/schedulers' && response.request().method() === 'POST',
    )
    await wizard.getByRole('button', { name: en.schedules.wizard.save, exact: true }).click()
    const savedAnswer = await saved
    expect(savedAnswer.ok(), await savedAnswer.text()).toBe(true)
    await page.getByText(en.schedules.notices.created).waitFor()
    await wizard.waitFor({ state: 'detached' })
    await page.getByText(name).first().waitFor()
    expect(Date.now(), 'the schedule must be saved before its start').toBeLessThan(start.getTime() - 5_000)

    // Manual control, while the schedule waits: another valve open for one minute, then closed.
    await visit(page, env.stack.baseUrl, '/manual_control')
    await page.getByRole('heading', { name: en.manual.title }).waitFor()
    const manualCard = outputCard(page, manual)
    await manualCard
      .getByRole('textbox', { name: en.manual.minutes_of.replace('{{name}}', manual) })
      .fill('1')
    await manualCard.getByRole('button', { name: en.manual.open_output.replace('{{name}}', manual) }).click()
    await manualCard.getByText(en.manual.messages.manual_active, { exact: true }).waitFor({ timeout: 30_000 })
    await manualCard.locator('[data-testid^="remaining-"]').filter({ hasText: /\d/ }).waitFor()
    const remaining = (await manualCard.locator('[data-testid^="remaining-"]').textContent())?.trim()
    expect(remaining).toMatch(/^Remaining: (1 min|[1-5]?\d s)$/)
    await valveOf(manualCard).and(page.locator('[data-state="open"]')).waitFor({ timeout: 30_000 })
    await screenshot(page, 'irrigation-manual-open')
    await manualCard.getByRole('button', { name: en.manual.close_output.replace('{{name}}', manual) }).click()
    await valveOf(manualCard).and(page.locator('[data-state="closed"]')).waitFor({ timeout: 30_000 })
    await busyOf(manualCard).and(page.locator('[data-state="idle"]')).waitFor({ timeout: 30_000 })
    expect(await manualCard.getByText(en.manual.messages.manual_active, { exact: true }).count()).toBe(0)
    await screenshot(page, 'irrigation-manual-closed')

    // The scheduled valve, watched on the same screen: closed until its minute, then open.
    const scheduledCard = outputCard(page, scheduled)
    const scheduledValve = valveOf(scheduledCard)
    await scheduledValve.and(page.locator('[data-state="closed"]')).waitFor({ timeout: 30_000 })
    const untilStart = start.getTime() - Date.now()
    expect(untilStart, 'the manual part took longer than the lead of the schedule').toBeGreaterThan(0)
    await scheduledValve.and(page.locator('[data-state="open"]')).waitFor({ timeout: untilStart + 30_000 })
    const openedAt = Date.now()
    await scheduledCard.getByText(en.manual.messages.schedule_running, { exact: true }).waitFor()
    await screenshot(page, 'irrigation-schedule-running')
    // Opened at the planned minute: not before it, and within seconds after it.
    expect(openedAt).toBeGreaterThanOrEqual(start.getTime() - 1_000)
    expect(openedAt - start.getTime()).toBeLessThan(20_000)

    // The module closes it after its minute.
    await scheduledValve
      .and(page.locator('[data-state="closed"]'))
      .waitFor({ timeout: start.getTime() + 60_000 - Date.now() + 30_000 })
    const closedAt = Date.now()
    expect(closedAt - start.getTime()).toBeGreaterThanOrEqual(55_000)
    await busyOf(scheduledCard).and(page.locator('[data-state="idle"]')).waitFor({ timeout: 30_000 })

    // The calendar shows the run executed (and confirmed by the module), at its time.
    await visit(page, env.stack.baseUrl, '/calendar')
    await page.getByRole('heading', { name: en.calendar.title }).waitFor()
    const end = inZone(new Date(start.getTime() + 60_000)).time
    const executed = en.calendar.run_label
      .replace('{{output}}', scheduled)
      .replace('{{schedule}}', name)
      .replace('{{start}}', planned.time)
      .replace('{{end}}', end)
      .replace('{{result}}', en.calendar.results.executed)
    const run = page.getByRole('listitem', { name: executed, exact: true })
    await run.waitFor({ timeout: 30_000 })
    expect(await run.getAttribute('data-result')).toBe('executed')
    expect(await run.getAttribute('data-confirmed')).toBe('true')
    await screenshot(page, 'irrigation-calendar-executed')
    expect(pageErrors).toEqual([])
  })
})
