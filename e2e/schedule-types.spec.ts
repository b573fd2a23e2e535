import { type ScheduleRow, scheduleTypes } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { demoOutput } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { logInAsDemo, visit } from './support/journey'
import {
  formatIn,
  inputValuesIn,
  type Opening,
  openingOfPlan,
  outputPlans,
  readPreviewOpenings,
  sortedTexts,
  userFormat,
} from './support/schedule-runs'

/**
 * Issue 5, "Checked by": every automatic schedule type created in a real browser, its preview read
 * as the user sees it before saving, then compared one for one (output, opening time, minutes) with
 * the runs the server planned (GET /api/outputs_plans) and with the schedules list (state, next run).
 * Every schedule starts at least an hour ahead, so nothing runs while the journey looks.
 */

const en = catalogues.en
const env = useJourneyEnvironment()

/** The demo names each output after what it drives. */
const fieldValves = 'AM-411'
const dripValves = 'AM-421'
const lights = 'AM-401'
const pumpHouse = 'AM-600'
/** Two cycles a day: a 10-minute cycle, the first element at 100 % (10 min), the second at 60 % (6 min). */
const cycleMinutes = 10
const percents = [100, 60] as const
const elementMinutes = percents.map((percent) => (cycleMinutes * percent) / 100)
/** Cycle starts 20 minutes apart; an interval schedule rests 5 minutes after a cycle ends. */
const everyMinutes = 20
const pauseMinutes = 5

interface Case {
  type: number
  typeName: keyof typeof en.schedules.types
  outputs: [string, string]
}

/** Irrigation types on irrigating valves, control types on the lights' and the pump house's relays. */
const cases: Case[] = [
  {
    type: scheduleTypes.sequential,
    typeName: 'sequential',
    outputs: [demoOutput(fieldValves, 'o1'), demoOutput(fieldValves, 'o2')],
  },
  {
    type: scheduleTypes.simultaneous,
    typeName: 'simultaneous',
    outputs: [demoOutput(fieldValves, 'o3'), demoOutput(fieldValves, 'o4')],
  },
  {
    type: scheduleTypes.interval,
    typeName: 'interval',
    outputs: [demoOutput(dripValves, 'o1'), demoOutput(dripValves, 'o2')],
  },
  {
    type: scheduleTypes.control_sequential,
    typeName: 'control_sequential',
    outputs: [demoOutput(lights, 'o1'), demoOutput(lights, 'o2')],
  },
  {
    type: scheduleTypes.control_simultaneous,
    typeName: 'control_simultaneous',
    outputs: [demoOutput(pumpHouse, 'o1'), demoOutput(pumpHouse, 'o2')],
  },
  {
    type: scheduleTypes.control_interval,
    typeName: 'control_interval',
    outputs: [demoOutput(lights, 'o1'), demoOutput(pumpHouse, 'o1')],
  },
]

/** Minutes from the cycle start each element opens, by the spec's rules for the type. */
function elementOffsets(type: number): number[] {
  const simultaneous = type === scheduleTypes.simultaneous || type === scheduleTypes.control_simultaneous
  return simultaneous ? [0, 0] : [0, elementMinutes[0]!]
}

/** Minutes from the first start each cycle starts: start to start, or (interval) a rest after the end. */
function cycleOffsets(type: number): number[] {
  const interval = type === scheduleTypes.interval || type === scheduleTypes.control_interval
  return [0, interval ? elementMinutes[0]! + elementMinutes[1]! + pauseMinutes : everyMinutes]
}

const minute = 60_000
/** Each schedule gets its own half hour, so none waits for another. */
const slotMinutes = 30
/** The longest schedule here (interval) opens something until 36 minutes after its start. */
const spanMinutes = 36

/**
 * The start of the slot after `previous`, moved to 00:10 of the next day when its runs would cross
 * midnight: each schedule is valid on one day only, and all its runs fall on that day.
 */
function nextSlot(previous: number, zone: string): number {
  const start = previous + slotMinutes * minute
  const end = inputValuesIn(new Date(start + spanMinutes * minute), zone)
  if (end.day === inputValuesIn(new Date(start), zone).day) return start
  const [hours, minutes] = end.time.split(':').map(Number) as [number, number]
  return start + spanMinutes * minute - (hours * 60 + minutes) * minute + 10 * minute
}

interface Created {
  row: ScheduleRow
  name: string
  preview: Opening[]
  expected: Opening[]
}

/** Fills the wizard for one case, reads its preview, saves it; returns what the preview showed. */
async function createThroughWizard(
  page: Page,
  item: Case,
  start: Date,
  format: { dateFormat: string; zone: string },
  shotName: string | null,
): Promise<Created> {
  const name = `Every type: ${en.schedules.types[item.typeName]}`
  // Typed times are the farm's.
  const { day, time } = inputValuesIn(start, format.zone)
  await page.getByRole('button', { name: en.schedules.add, exact: true }).click()
  const wizard = page.getByRole('dialog', { name: en.schedules.wizard.new_title })
  await wizard.waitFor()
  // The type first: choosing it may drop earlier choices it rules out.
  await wizard.locator('select[name="type"]').selectOption(String(item.type))
  await wizard.locator('input[name="name"]').fill(name)
  await wizard.locator('input[name="begin_date"]').fill(day)
  await wizard.locator('input[name="expiration_date"]').fill(day)
  await wizard.locator('input[name="definition.starts.start_time"]').fill(time)
  await wizard.locator('input[name="definition.starts.count"]').fill('2')
  const interval = item.type === scheduleTypes.interval || item.type === scheduleTypes.control_interval
  await wizard
    .getByRole('textbox', {
      name: interval ? en.schedules.fields.pause_minutes : en.schedules.fields.every_minutes,
      exact: true,
    })
    .fill(String(interval ? pauseMinutes : everyMinutes))
  await wizard.locator('input[name="definition.cycle_minutes"]').fill(String(cycleMinutes))
  const devices = wizard.getByRole('group', { name: en.schedules.fields.devices })
  for (const output of item.outputs) await devices.getByLabel(output, { exact: true }).check()
  for (const [index, output] of item.outputs.entries()) {
    const percent = wizard.getByRole('textbox', {
      name: en.schedules.fields.element_percent.replace('{{name}}', output),
      exact: true,
    })
    await percent.fill(String(percents[index]))
  }
  await wizard.getByRole('button', { name: en.schedules.wizard.to_preview, exact: true }).click()

  const preview = wizard.getByTestId('schedule-preview')
  await preview.waitFor()
  // Every output's timeline is drawn with the preview; read as the user sees it.
  for (const output of item.outputs) {
    await preview
      .getByRole('list', { name: en.schedules.preview.runs_of.replace('{{output}}', output), exact: true })
      .waitFor()
  }
  const shown = await readPreviewOpenings(preview)
  if (shotName) {
    // From the preview's top: its intro, warnings and the first timelines.
    await preview.evaluate((element) => element.scrollIntoView({ block: 'start' }))
    await screenshot(page, shotName)
  }

  // What the spec's rules say the preview must show: two cycles of both elements.
  const expected: Opening[] = cycleOffsets(item.type).flatMap((cycleOffset) =>
    item.outputs.map((output, index) => {
      const at = new Date(start.getTime() + (cycleOffset + elementOffsets(item.type)[index]!) * minute)
      return {
        output,
        day: formatIn(at, format.dateFormat, format.zone),
        time: formatIn(at, 'HH:mm', format.zone),
        minutes: elementMinutes[index]!,
      }
    }),
  )

  const saved = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === '/api/schedulers' && response.request().method() === 'POST',
  )
  await wizard.getByRole('button', { name: en.schedules.wizard.save, exact: true }).click()
  const answer = await saved
  expect(answer.ok(), await answer.text()).toBe(true)
  const row = (await answer.json()) as ScheduleRow
  await wizard.waitFor({ state: 'detached' })
  await page.getByTestId(`schedule-row-${row.id}`).waitFor()
  return { row, name, preview: shown, expected }
}

describe('schedule types', () => {
  it('creates every automatic schedule type in the browser; the preview shows exactly the runs the server then plans, and the list its state and next run', {
    timeout: 240_000,
  }, async () => {
    const { page, pageErrors } = await env.visit()
    await logInAsDemo(page, env.stack.baseUrl)
    // Schedule times count in the farm's zone (the demo farm's is the browser's here, Warsaw).
    const { dateFormat, farmZone: zone } = await userFormat(page)
    const dayFormat = dateFormat.replace(/[\sT]*[Hh]{1,2}.*$/, '').trim() || 'YYYY-MM-DD'
    await visit(page, env.stack.baseUrl, '/schedules')
    await page.getByRole('heading', { name: en.schedules.title }).waitFor()

    // The first schedule starts on a round ten minutes at least an hour from now; the others follow.
    const tenMinutes = 10 * minute
    const firstStart = nextSlot(
      Math.ceil((Date.now() + 60 * minute) / tenMinutes) * tenMinutes - slotMinutes * minute,
      zone,
    )
    const created: Created[] = []
    let slot = firstStart
    for (const [index, item] of cases.entries()) {
      if (index > 0) slot = nextSlot(slot, zone)
      const start = new Date(slot)
      created.push(
        await createThroughWizard(
          page,
          item,
          start,
          { dateFormat: dayFormat, zone },
          item.type === scheduleTypes.interval ? 'schedule-types-preview' : null,
        ),
      )
    }

    // The server's plans for the same hours: opened from now, each schedule on its own day only.
    const from = new Date(Date.now() - minute)
    const to = new Date(firstStart + 2 * 24 * 60 * minute)
    const differences: string[] = []
    const previewTotal = created.reduce((sum, schedule) => sum + schedule.preview.length, 0)
    // Each save answers once its runs are planned; read again for a while only in case one is late.
    let plans = await outputPlans(page, from, to)
    await expect
      .poll(
        async () => {
          plans = await outputPlans(page, from, to)
          return plans.length
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBeGreaterThanOrEqual(previewTotal)
    for (const schedule of created) {
      const planned = plans.filter((plan) => plan.id_schedule === schedule.row.id)
      const fromServer = sortedTexts(planned.map((plan) => openingOfPlan(plan, dateFormat, zone)))
      const fromPreview = sortedTexts(schedule.preview)
      const byRules = sortedTexts(schedule.expected)
      if (
        JSON.stringify(fromServer) !== JSON.stringify(fromPreview) ||
        JSON.stringify(fromPreview) !== JSON.stringify(byRules)
      ) {
        differences.push(
          [
            `${schedule.name} (#${schedule.row.id}):`,
            `  preview: ${JSON.stringify(fromPreview)}`,
            `  planned: ${JSON.stringify(fromServer)}`,
            `  by the rules: ${JSON.stringify(byRules)}`,
          ].join('\n'),
        )
      }
    }
    expect(differences.join('\n'), 'preview and planned runs differ').toBe('')

    // The list: each schedule active or not started yet, its next run its first planned opening.
    await visit(page, env.stack.baseUrl, '/schedules')
    const table = page.getByTestId('schedules-table')
    await table.waitFor()
    const today = inputValuesIn(new Date(), zone).day
    for (const schedule of created) {
      const row = table.getByTestId(`schedule-row-${schedule.row.id}`)
      await row.getByText(schedule.name, { exact: true }).waitFor()
      const first = plans
        .filter((plan) => plan.id_schedule === schedule.row.id)
        .map((plan) => new Date(plan.open_at))
        .sort((a, b) => a.getTime() - b.getTime())[0]!
      const state =
        schedule.row.begin_date > today ? en.schedules.states.not_started : en.schedules.states.active
      expect(await row.getByTestId('schedule-state').textContent(), schedule.name).toBe(state)
      expect(await row.getByTestId('schedule-next-run').textContent(), schedule.name).toBe(
        formatIn(first, dateFormat, zone),
      )
    }
    await screenshot(page, 'schedule-types-list')
    expect(pageErrors).toEqual([])
  })
})
