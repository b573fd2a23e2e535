import fs from 'node:fs'
import { demoFarm, findModel, type ReportType } from '@kropla/domain'
import { catalogues } from '@kropla/i18n'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { screenshot } from './browser'
import { demoModuleAuthorization, demoOutput } from './demo'
import type { JourneyEnvironment } from './environment'
import { useJourneyEnvironment } from './environment'
import { farmWallClock } from './farm-clock'
import { logInAsDemo, visit } from './journey'
import { pageRead, pageWrite } from './page-fetch'

/**
 * Every report type of the creator generated in the browser against the real server: readings of
 * the demo farm's soil probe, air sensor, rain gauge and a water meter uploaded as the modules send
 * them, then each type chosen in the creator, its chart's series (the legend's names), its table's
 * first row (values and units against the uploaded numbers) and its CSV (parsed as a spreadsheet
 * program reads it). The 19 types are checked in `reportTypeParts` journeys (report-types-N.spec.ts),
 * each on its own server, so the test run spreads them over its workers.
 */
export const reportTypeParts = 3
let env: JourneyEnvironment
const en = catalogues.en
const farmZone = 'Europe/Warsaw'
const hour = 3_600_000
const step = 10 * 60_000

const serialOf = (name: string) => demoFarm.modules.find((module) => module.name === name)!.serial

/** The soil probe's temperature at level 3: 10 plus the UTC hour, so any 24 hours average 21.5. */
const soilTemperature = (ts: number) => 10 + new Date(ts).getUTCHours()
/** Constant readings: an hour's average is the reading itself. */
const soil: Record<string, number> = {
  TEMP_2: 15,
  TEMP_3: 16,
  HUMIDITY_1: 32,
  HUMIDITY_2: 34,
  HUMIDITY_3: 36,
  ECW_1: 1.5,
  ECW_2: 1.6,
  ECW_3: 1.7,
  MCI_1: 11,
  MCI_2: 12,
  MCI_3: 13,
}
const air: Record<string, number> = {
  TEMP_1: 21,
  humidity: 65,
  TEMP_DEW_1: 14.2,
  TEMP_WET_1: 16.9,
  HD_1: 6.4,
  VPD_1: 0.87,
  PWI_1: 120,
}
/** VPD infection risk: 1 in even UTC hours, 0 in odd ones. */
const infectionRisk = (ts: number) => (new Date(ts).getUTCHours() % 2 === 0 ? 1 : 0)

/** Sets of readings from `from` to `to` every 10 minutes, uploaded as the module does over HTTP. */
async function upload(
  serial: string,
  from: number,
  to: number,
  values: (ts: number, index: number) => object,
) {
  const sets = []
  for (let ts = from, index = 0; ts < to; ts += step, index += 1)
    sets.push({ ts: new Date(ts).toISOString(), values: values(ts, index) })
  for (let start = 0; start < sets.length; start += 1000) {
    const answer = await fetch(`${env.stack.baseUrl}/ingest/v1/${serial}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: demoModuleAuthorization(env.stack, serial),
      },
      body: JSON.stringify({ readings: sets.slice(start, start + 1000) }),
    })
    expect(answer.status).toBe(202)
  }
}

/** The farm's midnight `days` before today's, as an instant and as the datetime-local text. */
function farmMidnight(days: number) {
  const wall = new Intl.DateTimeFormat('en-CA', { timeZone: farmZone, dateStyle: 'short' }).format(new Date())
  // Noon UTC of the farm's date, moved `days` back, then back to the farm's midnight of that date.
  const noon = Date.parse(`${wall}T12:00:00Z`) - days * 24 * hour
  const date = new Date(noon).toISOString().slice(0, 10)
  for (let offset = -14; offset <= 14; offset += 1) {
    const candidate = Date.parse(`${date}T00:00:00Z`) - offset * hour
    if (farmWallClock(candidate, farmZone) === `${date}T00:00`)
      return { ts: candidate, text: `${date}T00:00` }
  }
  throw new Error(`no farm midnight on ${date}`)
}

/** A value as the report shows it: the catalogue's decimals in English and the unit after it. */
const shown = (value: number, decimals: number, unit: string) => {
  const text = new Intl.NumberFormat('en', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value)
  return unit ? `${text} ${unit}` : text
}
const catalogueField = (model: string, field: string) => {
  const input = findModel(model)!.inputs.find((entry) => entry.name === field)!
  return { decimals: input.decimals, unit: input.unit }
}
const soilShown = (field: string, value: number) => {
  const { decimals, unit } = catalogueField('AM-100-103', field)
  return shown(value, decimals, unit)
}
const airShown = (field: string, value: number) => {
  const { decimals, unit } = catalogueField('AM-200', field)
  return shown(value, decimals, unit)
}

const fieldName = (field: string) => (en.fields as Record<string, string>)[field] ?? field
/** A soil probe series' name: AM-100-103 names the level, 4 minus the field's last digit. */
const probeSeries = (field: string) =>
  `Tomato field probe: ${fieldName(field)} · level ${4 - Number(field.slice(-1))}`
const airSeries = (field: string) => `Greenhouse air: ${fieldName(field)}`

interface TypeCase {
  type: ReportType
  modules?: string[]
  outputs?: string[]
  schedule?: string
  /** Legend names the chart must show (all of them for most types, some for the complex ones). */
  legend?: string[]
  everyLegend?: boolean
  /** The table's name and the first row's expected cells, by column header. */
  table: string
  firstRow?: Record<string, string | RegExp>
  /** Rows the table holds (aria-rowcount less the header). */
  rows?: number
  /** Daily statistics instead of hourly rows. */
  daily?: boolean
  /** Checks of the parsed CSV (header and records). */
  csv?: (header: string[], records: string[][]) => void
  screenshots?: boolean
}

const levels = ['1', '2', '3']

/** Part `part` (0-based) of the report types, every `reportTypeParts`-th case of the 19. */
export function describeReportTypes(part: number) {
  env = useJourneyEnvironment()
  describe(`every report type, part ${part + 1} of ${reportTypeParts}`, () => {
    it('generates its types in the creator: chart legend, table values with units, CSV parsed', {
      timeout: 400_000,
    }, async () => {
      const day = farmMidnight(2)
      const dayEnd = farmMidnight(1)
      const hours = Math.round((dayEnd.ts - day.ts) / hour)
      // Four days of readings up to the last whole hour, so the day reported and its previous period are full.
      const until = Math.floor(Date.now() / hour) * hour
      const from = until - 4 * 24 * hour
      await upload(serialOf('Tomato field probe'), from, until, (ts) => ({
        TEMP_1: soilTemperature(ts),
        ...soil,
      }))
      await upload(serialOf('Greenhouse air'), from, until, (ts) => ({
        ...air,
        VPD_INFECT_1: infectionRisk(ts),
      }))
      // The rain gauge counts a running total, one tip (0.2 mm) each 10 minutes: 1.2 mm an hour.
      await upload(serialOf('Weather mast'), from, until, (_ts, index) => ({ cnt3: 1000 + index }))
      // The water meter wired below counts pulses since the last reading, 5 of 10 l each: 300 l an hour.
      await upload(serialOf('Pump house'), from, until, () => ({ cnt3: 5 }))

      const { page, pageErrors } = await env.visit()
      await logInAsDemo(page, env.stack.baseUrl)

      // A water meter on the pump house's third input, and a schedule on the field valves' o1.
      const objects = await pageRead<{ id: number; name: string }[]>(page, '/api/objects')
      const pumpHouse = objects.find((object) => object.name === 'Pump house')!
      const meter = await pageWrite(page, 'POST', '/api/outputs', {
        name: 'Water meter',
        kind: 'counter_input',
        type: 'flowmeter',
        id_object: pumpHouse.id,
        field_name: 'DI_USR_3',
        properties: { flow_units: 0, multiplier: 10, counter_type: 0 },
      })
      expect(meter.status, JSON.stringify(meter.body)).toBe(201)
      const outputs = await pageRead<{ id: number; name: string }[]>(page, '/api/outputs')
      const valveName = demoOutput('AM-411', 'o1')
      const valve = outputs.find((output) => output.name === valveName)!
      const schedule = await pageWrite(page, 'POST', '/api/schedulers', {
        name: 'Report check',
        type: 1,
        priority: 0,
        begin_date: farmWallClock(Date.now() + 24 * hour, farmZone).slice(0, 10),
        expiration_date: null,
        definition: {
          rule: { kind: 'weekdays', days: [1, 2, 3, 4, 5, 6, 7] },
          cycle_minutes: 10,
          starts: { kind: 'every', start_time: '06:00', count: 1, every_minutes: 60 },
          elements: [{ kind: 'output', id: valve.id, percent: 100 }],
          fertigation: { kind: 'none' },
          conditions: [],
        },
      })
      expect(schedule.status, JSON.stringify(schedule.body)).toBe(201)

      const firstHour = day.ts
      const firstTime = farmWallClock(firstHour, farmZone).replace('T', ' ')
      const rain = 'Weather mast: Rain gauge · sum'
      const water = 'Pump house: Water meter · sum'
      const cases: TypeCase[] = [
        {
          type: 'schedule',
          schedule: 'Report check',
          legend: [valveName],
          everyLegend: true,
          table: en.reports.schedule_runs,
          rows: 0,
          csv: (header, records) => {
            expect(header[0]).toMatch(/Europe\/Warsaw/)
            // No run was planned in a past day: the header alone.
            expect(records).toEqual([])
          },
          screenshots: true,
        },
        {
          type: 'temperature',
          modules: ['Tomato field probe'],
          legend: levels.map((level) => probeSeries(`TEMP_${level}`)),
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: {
            [probeSeries('TEMP_1')]: soilShown('TEMP_1', soilTemperature(firstHour)),
            [probeSeries('TEMP_2')]: soilShown('TEMP_2', 15),
          },
        },
        {
          type: 'temperature',
          modules: ['Tomato field probe'],
          daily: true,
          legend: [`${probeSeries('TEMP_1')} · average`, `${probeSeries('TEMP_1')} · maximum`],
          table: en.reports.table,
          rows: 1,
          // 10 plus each UTC hour of the day: any 24 hours average 21.5 (the average keeps 2 decimals).
          firstRow: {
            [`${probeSeries('TEMP_1')} · average`]: /^21\.5 °C$|^21\.50 °C$/,
            [`${probeSeries('TEMP_2')} · minimum`]: soilShown('TEMP_2', 15),
          },
        },
        {
          type: 'humidity',
          modules: ['Tomato field probe'],
          legend: levels.map((level) => probeSeries(`HUMIDITY_${level}`)),
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [probeSeries('HUMIDITY_1')]: soilShown('HUMIDITY_1', 32) },
          screenshots: true,
        },
        {
          type: 'delta_humidity',
          modules: ['Tomato field probe'],
          legend: levels.map((level) => probeSeries(`HUMIDITY_${level}`)),
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [probeSeries('HUMIDITY_3')]: soilShown('HUMIDITY_3', 36) },
        },
        {
          type: 'ecw',
          modules: ['Tomato field probe'],
          legend: levels.map((level) => probeSeries(`ECW_${level}`)),
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [probeSeries('ECW_2')]: soilShown('ECW_2', 1.6) },
        },
        {
          type: 'mci',
          modules: ['Tomato field probe'],
          legend: levels.map((level) => probeSeries(`MCI_${level}`)),
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [probeSeries('MCI_1')]: soilShown('MCI_1', 11) },
        },
        {
          type: 'irrigation',
          outputs: [valveName],
          table: en.reports.irrigation_summary,
          rows: 1,
          // The demo's tomato field valve: 1.5 m³/h over 0.8 ha, no run in that day.
          firstRow: {
            [en.reports.output]: valveName,
            [en.reports.flow]: '1.50 m³/h',
            [en.reports.area]: '0.8000 ha',
            [en.reports.runs]: '0',
          },
          csv: (header) => expect(header.length).toBeGreaterThan(3),
          screenshots: true,
        },
        {
          type: 'dew_point',
          modules: ['Greenhouse air'],
          legend: [airSeries('TEMP_DEW_1')],
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [airSeries('TEMP_DEW_1')]: airShown('TEMP_DEW_1', 14.2) },
        },
        {
          type: 'wet_bulb_temperature',
          modules: ['Greenhouse air'],
          legend: [airSeries('TEMP_WET_1')],
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [airSeries('TEMP_WET_1')]: airShown('TEMP_WET_1', 16.9) },
        },
        {
          type: 'air_humidity_deficit',
          modules: ['Greenhouse air'],
          legend: [airSeries('HD_1')],
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [airSeries('HD_1')]: airShown('HD_1', 6.4) },
        },
        {
          type: 'air_vapour_pressure_deficit',
          modules: ['Greenhouse air'],
          legend: [airSeries('VPD_1')],
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [airSeries('VPD_1')]: airShown('VPD_1', 0.87) },
        },
        {
          type: 'vpd_infection_risk',
          modules: ['Greenhouse air'],
          legend: [airSeries('VPD_INFECT_1')],
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [airSeries('VPD_INFECT_1')]: airShown('VPD_INFECT_1', infectionRisk(firstHour)) },
          screenshots: true,
        },
        {
          type: 'epsilon',
          modules: ['Tomato field probe'],
          legend: levels.map((level) => probeSeries(`EPSILON_${level}`)),
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          // Epsilon has no unit: a plain number.
          firstRow: { [probeSeries('EPSILON_1')]: /^\d+\.\d\d$/ },
        },
        {
          type: 'sigma',
          modules: ['Tomato field probe'],
          legend: levels.map((level) => probeSeries(`SIGMA_${level}`)),
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [probeSeries('SIGMA_1')]: /^\d+\.\d{3} mS\/cm$/ },
        },
        {
          type: 'pwi',
          modules: ['Greenhouse air'],
          legend: [airSeries('PWI_1')],
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [airSeries('PWI_1')]: airShown('PWI_1', 120) },
          screenshots: true,
        },
        {
          type: 'complex',
          modules: ['Tomato field probe'],
          legend: [probeSeries('TEMP_1'), probeSeries('HUMIDITY_2'), probeSeries('ECW_3')],
          table: en.reports.table,
          rows: hours,
          firstRow: {
            [probeSeries('HUMIDITY_2')]: soilShown('HUMIDITY_2', 34),
            [probeSeries('MCI_3')]: soilShown('MCI_3', 13),
          },
          screenshots: true,
        },
        {
          type: 'multiple_complex',
          modules: ['Tomato field probe', 'Greenhouse air'],
          legend: [probeSeries('TEMP_1'), airSeries('VPD_1'), airSeries('TEMP_DEW_1')],
          table: en.reports.table,
          rows: hours,
          firstRow: {
            [probeSeries('ECW_1')]: soilShown('ECW_1', 1.5),
            [airSeries('HD_1')]: airShown('HD_1', 6.4),
          },
        },
        {
          type: 'rainfall',
          modules: ['Weather mast'],
          legend: [rain],
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [rain]: '1.2 mm' },
          csv: (header, records) => {
            const column = header.findIndex((name) => name.includes('Rain gauge'))
            expect(column).toBeGreaterThan(0)
            // Six tips of 0.2 mm every hour of the day.
            const total = records.reduce((sum, record) => sum + Number(record[column]), 0)
            expect(Math.round(total * 10) / 10).toBe(Math.round(hours * 1.2 * 10) / 10)
          },
          screenshots: true,
        },
        {
          type: 'water_usage',
          modules: ['Pump house'],
          legend: [water],
          everyLegend: true,
          table: en.reports.table,
          rows: hours,
          firstRow: { [water]: '300.00 l' },
          csv: (header, records) => {
            const column = header.findIndex((name) => name.includes('Water meter'))
            expect(column).toBeGreaterThan(0)
            const total = records.reduce((sum, record) => sum + Number(record[column]), 0)
            expect(total).toBe(hours * 300)
          },
        },
      ]
      expect(new Set(cases.map((entry) => entry.type)).size).toBe(19)
      const mine = cases.filter((_entry, index) => index % reportTypeParts === part)

      const pick = async (label: string, option: string) => {
        await page
          .getByRole('textbox', { name: label, exact: true })
          .or(page.getByRole('combobox', { name: label, exact: true }))
          .first()
          .click()
        await page.getByRole('option', { name: option, exact: true }).click()
      }

      for (const entry of mine) {
        const what = `${entry.type}${entry.daily ? ' (daily)' : ''}`
        await visit(page, env.stack.baseUrl, '/reports')
        await page.getByTestId('source-count').waitFor()
        await pick(en.reports.type, en.reports.types[entry.type])
        for (const name of entry.modules ?? []) {
          await pick(en.reports.modules, name)
          await page.keyboard.press('Escape')
        }
        for (const name of entry.outputs ?? []) {
          await pick(en.reports.outputs, name)
          await page.keyboard.press('Escape')
        }
        if (entry.schedule) await pick(en.reports.schedule, entry.schedule)
        await page.getByLabel(en.reports.start).fill(day.text)
        await page.getByLabel(en.reports.end).fill(dayEnd.text)
        if (entry.daily) await page.getByRole('radio', { name: en.reports.statistics_daily }).check()
        await page.getByRole('button', { name: en.reports.generate }).click()

        if (entry.type !== 'irrigation') {
          const chart = page.locator('[data-testid="report-chart"][data-drawn="true"]')
          await chart.waitFor({ timeout: 60_000 })
          const legend = await page.getByTestId('chart-legend').locator('li').allTextContents()
          if (entry.everyLegend) expect(legend, what).toEqual(entry.legend)
          else for (const name of entry.legend ?? []) expect(legend, what).toContain(name)
          // A chart with the PWI series explains its shading in the legend: red from 100, blue below.
          const shading = await page.getByTestId('chart-shading').locator('li').allTextContents()
          expect(shading, what).toEqual(legend.includes(airSeries('PWI_1')) ? ['≥ 100 %', '0–100 %'] : [])
          await page.mouse.move(0, 0)
          if (entry.screenshots) await screenshot(page, `report-${entry.type}-chart-1280`)
          await page.getByText(en.reports.view_table, { exact: true }).click()
        }
        const table = page.getByRole('table', { name: entry.table, exact: true })
        await table.waitFor({ timeout: 60_000 })
        if (entry.rows !== undefined)
          expect(Number(await table.getAttribute('aria-rowcount')) - 1, what).toBe(entry.rows)
        if (entry.firstRow) {
          const headers = await table.getByRole('columnheader').allTextContents()
          const cells = await table.getByRole('row').nth(1).getByRole('cell').allTextContents()
          if (!entry.daily && entry.table === en.reports.table) expect(cells[0], what).toBe(firstTime)
          for (const [column, expected] of Object.entries(entry.firstRow)) {
            const index = headers.indexOf(column)
            expect(index, `${what}: column ${column} of ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0)
            if (typeof expected === 'string') expect(cells[index], `${what}: ${column}`).toBe(expected)
            else expect(cells[index], `${what}: ${column}`).toMatch(expected)
          }
        }
        if (entry.type === 'irrigation')
          // One farm day in the range, said in the singular.
          expect(await page.getByTestId('total-water').textContent()).toBe('Total water: 0.00 m³ over 1 day')
        if (entry.screenshots) await screenshot(page, `report-${entry.type}-table-1280`)

        const download = page.waitForEvent('download', { timeout: 60_000 })
        await page.getByRole('button', { name: en.reports.export }).click()
        const file = await download
        expect(file.suggestedFilename(), what).toMatch(/\.csv$/)
        const text = fs.readFileSync((await file.path())!, 'utf8')
        const [header, ...records] = parse(text, { bom: true, relax_column_count: false }) as string[][]
        expect(header!.length, what).toBeGreaterThan(1)
        if (entry.csv) entry.csv(header!, records)
        else {
          expect(records.length, what).toBeGreaterThan(0)
          // Rows by ascending time: the UTC column holds ISO instants.
          const utc = header!.findIndex((_name, index) => /T.*Z$/.test(records[0]![index] ?? ''))
          expect(utc, what).toBeGreaterThanOrEqual(0)
          const instants = records.map((record) => Date.parse(record[utc]!))
          expect(
            [...instants].sort((a, b) => a - b),
            what,
          ).toEqual(instants)
          expect(instants[0], what).toBe(day.ts)
        }
        await page.getByTestId('export-done').waitFor()

        if (entry.screenshots) {
          await page.setViewportSize({ width: 390, height: 844 })
          await table.waitFor()
          await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, {
            timeout: 30_000,
          })
          await screenshot(page, `report-${entry.type}-table-390`)
          if (entry.type !== 'irrigation') {
            await page.getByText(en.reports.view_chart, { exact: true }).click()
            await page.locator('[data-testid="report-chart"][data-drawn="true"]').waitFor()
            await page.waitForFunction(
              () => document.documentElement.scrollWidth <= window.innerWidth,
              null,
              {
                timeout: 30_000,
              },
            )
            await screenshot(page, `report-${entry.type}-chart-390`)
          }
          await page.setViewportSize({ width: 1280, height: 800 })
        }
      }
      expect(pageErrors).toEqual([])
    })
  })
}
