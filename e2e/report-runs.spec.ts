import fs from 'node:fs'
import { type OutputPlanRow, planStatus } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { screenshot } from './support/browser'
import { demoOutput } from './support/demo'
import { useJourneyEnvironment } from './support/environment'
import { farmWallClock, moveFarmTime, wholeMinuteAfter } from './support/farm-clock'
import { logInAsDemo, visit } from './support/journey'
import { pageRead, pageWrite } from './support/page-fetch'
import { outputPlans } from './support/schedule-runs'

/**
 * The irrigation and schedule reports with a real run in them: a schedule saved for ten minutes
 * ahead on the demo's tomato field valve, the farm's time moved to its minute (ADR 0084), run by
 * the server's plan runner on the simulated module and confirmed by it, the time moved past its end,
 * then both reports generated in the creator over the farm's day so far. The irrigation table's row (output, schedule, duration, water = flow x duration / 60 with
 * the output's flow), the summary and the total, the schedule chart's panel and the run's row
 * with its state, and both CSVs holding the run's row.
 */
const env = useJourneyEnvironment()
const en = catalogues.en
const farmZone = 'Europe/Warsaw'
const minute = 60_000

const fixed = (value: number, decimals: number) =>
  new Intl.NumberFormat('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    value,
  )

describe('reports with a real run', () => {
  it('a schedule run by the plan runner appears in the irrigation report (row, water, totals, CSV) and the schedule report (panel, run state, CSV)', {
    timeout: 300_000,
  }, async () => {
    const { page, pageErrors } = await env.visit()
    await page.clock.install()
    await logInAsDemo(page, env.stack.baseUrl)

    const outputs = await pageRead<{ id: number; name: string; properties: { flow?: number } | null }[]>(
      page,
      '/api/outputs',
    )
    const valveName = demoOutput('AM-411', 'o1')
    const valve = outputs.find((output) => output.name === valveName)!
    const flow = Number(valve.properties?.flow)
    expect(flow, 'the demo valve has a flow').toBeGreaterThan(0)

    // One run of one minute, ten minutes ahead, on that day only.
    const start = wholeMinuteAfter(Date.now(), 10 * minute)
    const planned = farmWallClock(start, farmZone)
    const name = 'Report run check'
    const saved = await pageWrite(page, 'POST', '/api/schedulers', {
      name,
      type: 1,
      priority: 0,
      begin_date: planned.slice(0, 10),
      expiration_date: planned.slice(0, 10),
      definition: {
        rule: { kind: 'weekdays', days: [1, 2, 3, 4, 5, 6, 7] },
        cycle_minutes: 1,
        starts: { kind: 'every', start_time: planned.slice(11), count: 1, every_minutes: 60 },
        elements: [{ kind: 'output', id: valve.id, percent: 100 }],
        fertigation: { kind: 'none' },
        conditions: [],
      },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(201)
    const scheduleId = Number(saved.body.id)

    // At its minute the plan runner opens the valve and the module confirms it; a minute later the
    // module closes it by its own clock.
    const planOfRun = async () =>
      (await outputPlans(page, new Date(start - 60 * minute), new Date(start + 60 * minute))).find(
        (plan: OutputPlanRow) => plan.id_schedule === scheduleId,
      )
    expect((await planOfRun())?.status, 'planned, not yet sent').toBe(planStatus.planned)
    await moveFarmTime(env.stack, new Date(start), page)
    await expect
      .poll(async () => (await planOfRun())?.confirmed_state ?? null, { timeout: 60_000, interval: 500 })
      .not.toBeNull()
    await moveFarmTime(env.stack, new Date(start + minute + 2_000), page)
    await expect
      .poll(async () => (await planOfRun())?.status, { timeout: 60_000, interval: 500 })
      .toBe(planStatus.executed)
    const plan = (await planOfRun())!
    expect(plan.confirmed_state, 'the module confirmed the run').not.toBeNull()
    expect(Date.parse(plan.open_at)).toBe(start)
    expect(plan.duration).toBe(1)
    const water = (flow * 1) / 60

    // The farm's day so far (on the moved clock, the minute the run closed).
    const end = farmWallClock(start + minute, farmZone)
    // From the farm's midnight of the run's day (a run just before midnight reports over two days).
    const dayStart = `${planned.slice(0, 10)}T00:00`
    const days = end.slice(0, 10) === planned.slice(0, 10) ? '1 day' : '2 days'
    expect(end >= farmWallClock(start + minute, farmZone), 'the report ends after the run').toBe(true)

    const pick = async (label: string, option: string) => {
      await page
        .getByRole('textbox', { name: label, exact: true })
        .or(page.getByRole('combobox', { name: label, exact: true }))
        .first()
        .click()
      await page.getByRole('option', { name: option, exact: true }).click()
    }
    const download = async () => {
      const file = page.waitForEvent('download', { timeout: 60_000 })
      await page.getByRole('button', { name: en.reports.export }).click()
      const text = fs.readFileSync((await (await file).path())!, 'utf8')
      await page.getByTestId('export-done').waitFor()
      return parse(text, { bom: true }) as string[][]
    }
    const readTable = async (label: string) => {
      const table = page.getByRole('table', { name: label, exact: true })
      await table.waitFor({ timeout: 60_000 })
      const headers = await table.getByRole('columnheader').allTextContents()
      const rows = Number(await table.getAttribute('aria-rowcount')) - 1
      const cells = rows > 0 ? await table.getByRole('row').nth(1).getByRole('cell').allTextContents() : []
      return { rows, cell: (column: string) => cells[headers.indexOf(column)] }
    }
    const openedText = farmWallClock(start, farmZone).replace('T', ' ')
    /** At 390 px, once the layout settled without sideways scroll, then back to 1280 px. */
    const phoneShot = async (name: string) => {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {
        timeout: 30_000,
      })
      await screenshot(page, name)
      await page.setViewportSize({ width: 1280, height: 800 })
    }

    // The irrigation report of the valve.
    await visit(page, env.stack.baseUrl, '/reports')
    await page.getByTestId('source-count').waitFor()
    await pick(en.reports.type, en.reports.types.irrigation)
    await pick(en.reports.outputs, valveName)
    await page.keyboard.press('Escape')
    await page.getByLabel(en.reports.start).fill(dayStart)
    await page.getByLabel(en.reports.end).fill(end)
    await page.getByRole('button', { name: en.reports.generate }).click()

    const summary = await readTable(en.reports.irrigation_summary)
    expect(summary.rows).toBe(1)
    expect(summary.cell(en.reports.output)).toBe(valveName)
    expect(summary.cell(en.reports.flow)).toBe(`${fixed(flow, 2)} m³/h`)
    expect(summary.cell(en.reports.runs)).toBe('1')
    expect(summary.cell(en.reports.duration)).toBe('1 min')
    expect(summary.cell(en.reports.water)).toBe(`${fixed(water, 2)} m³`)
    expect(await page.getByTestId('total-water').textContent()).toBe(
      `Total water: ${fixed(water, 2)} m³ over ${days}`,
    )
    const schedulesTable = await readTable(en.reports.irrigation_schedules)
    expect(schedulesTable.rows).toBe(1)
    expect(schedulesTable.cell(en.reports.schedule)).toBe(name)
    expect(schedulesTable.cell(en.reports.runs)).toBe('1')
    const runs = await readTable(en.reports.irrigation_table)
    expect(runs.rows).toBe(1)
    expect(runs.cell(en.reports.opened)).toMatch(new RegExp(`^${openedText}`))
    expect(runs.cell(en.reports.output)).toBe(valveName)
    expect(runs.cell(en.reports.schedule)).toBe(name)
    expect(runs.cell(en.reports.duration)).toBe('1 min')
    expect(runs.cell(en.reports.water)).toBe(`${fixed(water, 4)} m³`)
    expect(runs.cell(en.reports.result)).toBe(en.reports.confirmed)
    await screenshot(page, 'report-irrigation-run-1280')
    await phoneShot('report-irrigation-run-390')

    const [irrigationHeader, ...irrigationRows] = await download()
    expect(irrigationRows).toHaveLength(1)
    const irrigationRow = Object.fromEntries(
      irrigationHeader!.map((column, index) => [column, irrigationRows[0]![index]]),
    )
    expect(irrigationRow['Time (Europe/Warsaw)'] ?? Object.values(irrigationRow)[0]).toMatch(
      new RegExp(`^${openedText}`),
    )
    expect(Object.values(irrigationRow)).toContain(new Date(start).toISOString())
    expect(Object.values(irrigationRow)).toContain(valveName)
    expect(Object.values(irrigationRow)).toContain(name)
    expect(Object.values(irrigationRow).map(Number)).toContain(Math.round(water * 10_000) / 10_000)

    // The schedule report of that schedule: one panel (the valve), the run confirmed.
    await visit(page, env.stack.baseUrl, '/reports')
    await page.getByTestId('source-count').waitFor()
    await pick(en.reports.type, en.reports.types.schedule)
    await pick(en.reports.schedule, name)
    await page.getByLabel(en.reports.start).fill(dayStart)
    await page.getByLabel(en.reports.end).fill(end)
    await page.getByRole('button', { name: en.reports.generate }).click()
    const chart = page.locator('[data-testid="report-chart"][data-drawn="true"]')
    await chart.waitFor({ timeout: 60_000 })
    expect(await chart.getAttribute('data-panels')).toBe('1')
    expect(await page.getByTestId('chart-legend').locator('li').allTextContents()).toEqual([valveName])
    await page.mouse.move(0, 0)
    await screenshot(page, 'report-schedule-run-chart-1280')
    await phoneShot('report-schedule-run-chart-390')
    await page.getByText(en.reports.view_table, { exact: true }).click()
    const scheduleRuns = await readTable(en.reports.schedule_runs)
    expect(scheduleRuns.rows).toBe(1)
    expect(scheduleRuns.cell(en.reports.opened)).toMatch(new RegExp(`^${openedText}`))
    expect(scheduleRuns.cell(en.reports.closed)).toMatch(
      new RegExp(`^${farmWallClock(start + minute, farmZone).replace('T', ' ')}`),
    )
    expect(scheduleRuns.cell(en.reports.panel)).toBe(valveName)
    expect(scheduleRuns.cell(en.reports.result)).toBe(en.reports.confirmed)
    await screenshot(page, 'report-schedule-run-table-1280')
    await phoneShot('report-schedule-run-table-390')

    const [scheduleHeader, ...scheduleRows] = await download()
    expect(scheduleRows).toHaveLength(1)
    const scheduleRow = scheduleRows[0]!
    expect(scheduleRow[0]).toMatch(new RegExp(`^${openedText}`))
    expect(
      scheduleRow[scheduleHeader!.findIndex((column) => column.startsWith('UTC'))] ?? scheduleRow[1],
    ).toBe(new Date(start).toISOString())
    expect(scheduleRow).toContain(valveName)
    expect(scheduleRow).toContain('1')
    expect(pageErrors).toEqual([])
  })
})
