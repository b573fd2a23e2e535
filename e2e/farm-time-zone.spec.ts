import { demoFarm } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { demoOutput } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, visit } from './support/journey'
import { datePartOf, formatIn, inputValuesIn, outputPlans, userFormat } from './support/schedule-runs'

/**
 * Issue 11 item 9: a farm's schedules run in the farm's time zone. A user whose browser is in New
 * York (and who left the zone at "this browser's") types 08:24 for the Warsaw demo farm: the wizard
 * and its preview say 08:24 Warsaw with New York's time beside it, the server plans the run at 08:24
 * Warsaw, and the calendar shows it on the farm's day at 08:24.
 */

const en = catalogues.en
const env = useJourneyEnvironment()
const browserZone = 'America/New_York'
const valves = demoFarm.modules.find((module) => module.model === 'AM-411')!
const output = demoOutput(valves.model, 'o3')

/** The instant a wall-clock time on a day reads in a zone (no DST gap at 08:24). */
function instantIn(day: string, time: string, zone: string): Date {
  const wall = Date.parse(`${day}T${time}:00Z`)
  const { day: seenDay, time: seenTime } = inputValuesIn(new Date(wall), zone)
  const offset = Date.parse(`${seenDay}T${seenTime}:00Z`) - wall
  return new Date(wall - offset)
}

// Up to the zone's name: its offset follows in brackets.
const farmSays = (zone: string) => en.farm_zone.times_in.replace('{{zone}}.', zone)
const yoursSays = (zone: string) => en.farm_zone.yours.replace('{{zone}}.', zone)

describe("a farm's time zone", () => {
  it('a browser in New York plans a Warsaw farm’s 08:24 at 08:24 Warsaw, shown with the user’s own time', {
    timeout: 240_000,
  }, async () => {
    const { page, pageErrors } = await env.visit({ timezoneId: browserZone })
    await logInAsDemo(page, env.stack.baseUrl)
    const { dateFormat, timeZone, farmZone } = await userFormat(page)
    expect(timeZone).toBeNull()
    expect(farmZone).toBe('Europe/Warsaw')
    // Tomorrow at the farm: its 08:24 is 8.4 to 32.4 h away, always inside the planner's 48 h horizon
    // (the day after tomorrow was beyond it whenever the farm's clock read before 08:24).
    const day = inputValuesIn(new Date(Date.now() + 86_400_000), farmZone).day
    const opening = instantIn(day, '08:24', farmZone)
    const inNewYork = inputValuesIn(opening, browserZone)

    await visit(page, env.stack.baseUrl, '/schedules')
    await page.getByRole('button', { name: en.schedules.add }).click()
    const wizard = page.getByRole('dialog', { name: en.schedules.wizard.new_title })
    await wizard.waitFor()
    await wizard.locator('input[name="name"]').fill('Farm clock, 08:24')
    await wizard
      .getByRole('group', { name: en.schedules.fields.devices })
      .getByLabel(output, { exact: true })
      .check()
    await wizard.locator('input[name="begin_date"]').fill(day)
    await wizard.locator('input[name="expiration_date"]').fill(day)
    await wizard.locator('input[name="definition.starts.start_time"]').fill('08:24')
    await wizard.locator('input[name="definition.starts.count"]').fill('1')
    const timing = wizard.getByTestId('timing-zone')
    await timing.filter({ hasText: '08:24 →' }).waitFor()
    const timingText = (await timing.textContent()) ?? ''
    expect(timingText).toContain(farmSays(farmZone))
    expect(timingText).toContain(yoursSays(browserZone))
    expect(timingText).toContain(
      `08:24 → ${inNewYork.day === day ? '' : `${inNewYork.day} `}${inNewYork.time}`,
    )
    await timing.scrollIntoViewIfNeeded()
    await screenshot(page, 'farm-zone-wizard-1280')
    await page.setViewportSize({ width: 390, height: 844 })
    await timing.scrollIntoViewIfNeeded()
    await screenshot(page, 'farm-zone-wizard-390')

    await wizard.getByRole('button', { name: en.schedules.wizard.to_preview, exact: true }).click()
    const preview = wizard.getByTestId('schedule-preview')
    await preview.waitFor()
    expect(await preview.getByTestId('preview-zone').textContent()).toContain(farmSays(farmZone))
    const runs = preview.getByRole('list', {
      name: en.schedules.preview.runs_of.replace('{{output}}', output),
    })
    const labels = await runs
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))
    const farmDay = formatIn(opening, datePartOf(dateFormat), farmZone)
    const yours =
      inNewYork.day === day
        ? inNewYork.time
        : `${formatIn(opening, datePartOf(dateFormat), browserZone)} ${inNewYork.time}`
    expect(labels).toEqual([
      `${farmDay} 08:24, 15 min${en.schedules.preview.your_time.replace('{{time}}', yours)}`,
    ])
    await preview.scrollIntoViewIfNeeded()
    await screenshot(page, 'farm-zone-preview-390')
    await page.setViewportSize({ width: 1280, height: 800 })
    await preview.scrollIntoViewIfNeeded()
    await screenshot(page, 'farm-zone-preview-1280')

    await wizard.getByRole('button', { name: en.schedules.wizard.save, exact: true }).click()
    await page.getByText(en.schedules.notices.created).waitFor()
    await wizard.waitFor({ state: 'detached' })
    // The server's truth: the run opens at 08:24 at the farm, which is not 08:24 in New York.
    const plans = await outputPlans(
      page,
      new Date(opening.getTime() - 86_400_000),
      new Date(opening.getTime() + 86_400_000),
    )
    const ours = plans.filter(
      (plan) => plan.Output.name === output && plan.Scheduler?.name === 'Farm clock, 08:24',
    )
    expect(ours.map((plan) => new Date(plan.open_at).toISOString())).toEqual([opening.toISOString()])

    await page.setViewportSize({ width: 390, height: 844 })
    await visit(page, env.stack.baseUrl, `/calendar?date=${day}&view=day`)
    const zoneNote = page.getByTestId('calendar-zone')
    await zoneNote.waitFor()
    expect(await zoneNote.textContent()).toContain(farmSays(farmZone))
    expect(await zoneNote.textContent()).toContain(yoursSays(browserZone))
    const dayRun = page.getByRole('listitem', { name: /Farm clock, 08:24, 08:24–08:39/ }).first()
    await dayRun.waitFor()
    await dayRun.scrollIntoViewIfNeeded()
    await screenshot(page, 'farm-zone-calendar-390')
    await page.setViewportSize({ width: 1280, height: 800 })
    await visit(page, env.stack.baseUrl, `/calendar?date=${day}&view=week`)
    await page
      .getByRole('listitem', { name: /Farm clock, 08:24, 08:24–08:39/ })
      .first()
      .waitFor()
    await screenshot(page, 'farm-zone-calendar-1280')
    expect(pageErrors).toEqual([])
  })
})
