import { reportRequestSchema, type SeriesReport } from '@kropla/domain'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ReadingRow, storeReadings } from '../../ingest/readings-dal'
import { loggedIn } from '../../test/account-fixtures'
import { addOutput } from '../../test/resource-fixtures'
import { seedAccount, startTestServer, type TestServer } from '../../test/test-server'
import { createReportsDal } from './reports-dal'
import { createSeriesGenerator } from './series-generator'

/**
 * The series reports through the real API on fixed readings with hand-computed answers. The farm
 * keeps Europe/Warsaw time: 29 March 2026 lasts 23 hours (22 UTC hours after 23:00 UTC on the
 * 28th... to 22:00 UTC on the 29th) and 25 October 2026 lasts 25 hours.
 */

let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
let session: Awaited<ReturnType<typeof loggedIn>>
let neighbour: Awaited<ReturnType<typeof seedAccount>>
let idClient: number
type Module = (typeof farm.modules)[number]
let trio: Module
let air: Module
let mast: Module
let solo: Module
let rainGauge: { id: number }
let waterMeter: { id: number }

const HOUR = 3_600_000
/** Readings of one field at the given times. */
const rows = (module: Module, field: string, points: [number | string, number | null][]): ReadingRow[] =>
  points.map(([ts, value]) => ({ objectId: module.id, field, idClient, ts: new Date(ts), value }))
/** One reading an hour from `from`, the values given. */
const hourly = (module: Module, field: string, from: string, values: number[]) =>
  rows(
    module,
    field,
    values.map((value, index) => [Date.parse(from) + index * HOUR, value]),
  )

async function report(body: Record<string, unknown>, who = session) {
  return who.write('POST', '/api/reports', body)
}
async function series(body: Record<string, unknown>): Promise<SeriesReport> {
  const answer = await report(body)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body as unknown as SeriesReport
}
const column = (answer: SeriesReport, key: string) => {
  const found = answer.series.find((candidate) => candidate.key === key)
  if (!found) throw new Error(`no series ${key} among ${answer.series.map((s) => s.key).join(', ')}`)
  return found.values
}
const iso = (answer: SeriesReport) => answer.timestamps.map((ts) => new Date(ts).toISOString())

/** The CSV as a spreadsheet program reads it: quoted fields, commas inside quotes, blank cells. */
async function exported(body: Record<string, unknown>, who = session) {
  const token = await who.token()
  const response = await fetch(`${server.url}/api/reports/export`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'csrf-token': token,
      cookie: who.cookieHeader(),
      'accept-language': 'en',
    },
    body: JSON.stringify(body),
  })
  const text = await response.text()
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    text,
    table:
      response.status === 200 ? (parse(text, { bom: true, relax_column_count: false }) as string[][]) : [],
  }
}

beforeAll(async () => {
  server = await startTestServer()
  farm = await seedAccount(server, ['AM-100-103', 'AM-200', 'AM-600', 'AM-100-101'])
  neighbour = await seedAccount(server, ['AM-100-103'])
  ;[trio, air, mast, solo] = farm.modules as [Module, Module, Module, Module]
  idClient = farm.user.id_client
  await server.database.pool.query(`update clients set time_zone = 'Europe/Warsaw' where id = $1`, [idClient])
  await server.database.pool.query(`update objects set name = 'Trio, north' where id = $1`, [trio.id])
  session = await loggedIn(server.url, farm.email, farm.password)
  rainGauge = await addOutput(session, mast.id, 'DI_USR_3', {
    name: 'Rain gauge',
    kind: 'counter_input',
    type: 'udometer',
    properties: { udo_units: 0, multiplier: 0.2, counter_type: 1 },
  })
  waterMeter = await addOutput(session, mast.id, 'DI_USR_4', {
    name: 'Water meter',
    kind: 'counter_input',
    type: 'flowmeter',
    properties: { flow_units: 1, multiplier: 0.01, counter_type: 0 },
  })

  // 29 March (23 h): TEMP_1 is the local hour's index 0..22 on the hour and that plus 0.5 at half past.
  const spring = '2026-03-28T23:00:00Z'
  const halfPast = '2026-03-28T23:30:00Z'
  const indexes = Array.from({ length: 23 }, (_, index) => index)
  // 30 March: 5 all day, every hour.
  await storeReadings(server.database.pool, [
    ...hourly(trio, 'TEMP_1', spring, indexes),
    ...hourly(
      trio,
      'TEMP_1',
      halfPast,
      indexes.map((index) => index + 0.5),
    ),
    ...hourly(trio, 'TEMP_1', '2026-03-29T22:00:00Z', Array(24).fill(5)),
  ])
  // 29 March, 10:00 and 10:30 UTC: the air, soil and counters of the goldens below.
  const pair = (module: Module, field: string, a: number, b: number) =>
    rows(module, field, [
      ['2026-03-29T10:00:00Z', a],
      ['2026-03-29T10:30:00Z', b],
    ])
  await storeReadings(server.database.pool, [
    ...pair(air, 'TEMP_DEW_1', 4, 5),
    ...pair(air, 'TEMP_WET_1', 6, 8),
    ...pair(air, 'HD_1', 2, 3),
    ...pair(air, 'VPD_1', 0.4, 0.6),
    ...pair(air, 'VPD_INFECT_1', 0, 1),
    ...pair(air, 'PWI_1', 100, 120),
    ...pair(trio, 'HUMIDITY_1', 34.54, 34.54),
    ...pair(trio, 'ECW_1', 2, 2),
    ...pair(trio, 'MCI_1', 1, 2),
    ...pair(solo, 'HUMIDITY_1', 20, 25.5),
    ...pair(solo, 'MCI_1', 3, 3),
    // Rain gauge: a running total (0.2 mm a pulse); water meter: pulses since the last reading (0.01 m³ each).
    ...rows(mast, 'cnt3', [
      ['2026-03-29T10:00:00Z', 100],
      ['2026-03-29T10:10:00Z', 103],
      ['2026-03-29T10:50:00Z', 110],
      ['2026-03-29T11:00:00Z', 111],
      ['2026-03-29T11:40:00Z', 125],
    ]),
    ...rows(mast, 'cnt4', [
      ['2026-03-29T10:00:00Z', 50],
      ['2026-03-29T10:20:00Z', 30],
      ['2026-03-29T11:00:00Z', 25],
    ]),
  ])
  // 25 October (25 h): TEMP_1 1..25 every hour.
  await storeReadings(server.database.pool, [
    ...hourly(
      trio,
      'TEMP_1',
      '2026-10-24T22:00:00Z',
      Array.from({ length: 25 }, (_, index) => index + 1),
    ),
  ])
})
afterAll(() => server?.stop())

describe('POST /api/reports: temperature', () => {
  it('gives daily statistics by the farm’s local days: 29 March of 23 hours, 30 March of 24', async () => {
    const answer = await series({
      type: 'temperature',
      sources: [{ id: trio.id, field: 'TEMP_1' }],
      start_date: '2026-03-28T23:00:00Z',
      end_date: '2026-03-30T22:00:00Z',
      statistics: 'daily',
    })
    expect(answer.time_zone).toBe('Europe/Warsaw')
    expect(answer.grouping).toBe('day')
    expect(iso(answer)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'])
    // 29 March: 46 readings, sum 2 × (0 + … + 22) + 23 × 0.5 = 517.5: average 11.25.
    expect(column(answer, `${trio.id}:TEMP_1:avg`)).toEqual([11.25, 5])
    expect(column(answer, `${trio.id}:TEMP_1:min`)).toEqual([0, 5])
    expect(column(answer, `${trio.id}:TEMP_1:max`)).toEqual([22.5, 5])
    const average = answer.series.find((s) => s.key === `${trio.id}:TEMP_1:avg`)!
    expect(average).toMatchObject({ level: 3, suffix: '°C', draw: 'line', statistic: 'avg', decimals: 2 })
    expect(answer.failed_sources).toEqual([])
  })

  it('gives the 25-hour 25 October as one day: average of 1..25 is 13', async () => {
    const answer = await series({
      type: 'temperature',
      sources: [{ id: trio.id, field: 'TEMP_1' }],
      start_date: '2026-10-24T22:00:00Z',
      end_date: '2026-10-25T23:00:00Z',
      statistics: 'daily',
    })
    expect(iso(answer)).toEqual(['2026-10-24T22:00:00.000Z'])
    expect(column(answer, `${trio.id}:TEMP_1:avg`)).toEqual([13])
    expect(column(answer, `${trio.id}:TEMP_1:max`)).toEqual([25])
  })

  it('refuses an unknown type, no sources and a reversed range in the user’s language', async () => {
    const body = {
      type: 'temperature',
      sources: [{ id: trio.id, field: 'TEMP_1' }],
      start_date: '2026-03-29T00:00:00Z',
      end_date: '2026-03-30T00:00:00Z',
    }
    const unknown = await report({ ...body, type: 'weather' })
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: 'report_unknown_type', message: 'No report weather' },
    })
    const none = await report({ ...body, sources: [] })
    expect(none).toMatchObject({
      status: 400,
      body: { error: 'report_incorrect_data', message: 'Incorrect report data' },
    })
    const reversed = await report({ ...body, start_date: body.end_date, end_date: body.start_date })
    expect(reversed).toMatchObject({ status: 400, body: { error: 'report_start_after_end' } })
    const polish = await loggedIn(server.url, farm.email, farm.password, 'pl')
    await polish.write('PUT', '/api/users/lang', { lang: 'pl' })
    expect((await report({ ...body, sources: [] }, polish)).body.message).toBe('Nieprawidłowe dane raportu')
    expect((await report({ ...body, type: 'pogoda' }, polish)).body.message).toBe('Brak raportu pogoda')
    await polish.write('PUT', '/api/users/lang', { lang: 'en' })
  })

  it('refuses another account’s module exactly like a missing one, and uses the rest', async () => {
    const body = {
      type: 'temperature',
      start_date: '2026-03-28T23:00:00Z',
      end_date: '2026-03-30T22:00:00Z',
      statistics: 'daily',
    }
    const theirs = await report({ ...body, sources: [{ id: neighbour.modules[0]!.id, field: 'TEMP_1' }] })
    const missing = await report({ ...body, sources: [{ id: 99_999_999, field: 'TEMP_1' }] })
    expect(theirs.status).toBe(404)
    expect(theirs.body.error).toBe('report_sources_failed')
    expect(missing.status).toBe(404)
    expect(JSON.stringify(theirs.body.issues).replace(String(neighbour.modules[0]!.id), 'X')).toBe(
      JSON.stringify(missing.body.issues).replace('99999999', 'X'),
    )
    const partly = await series({
      ...body,
      sources: [
        { id: neighbour.modules[0]!.id, field: 'TEMP_1', name: 'Not mine' },
        { id: trio.id, field: 'TEMP_1' },
      ],
    })
    expect(partly.failed_sources).toEqual([
      {
        id_object: neighbour.modules[0]!.id,
        id_output: null,
        name: 'Not mine',
        reason: 'errors.module_not_found',
      },
    ])
    expect(column(partly, `${trio.id}:TEMP_1:avg`)).toEqual([11.25, 5])
    expect(partly.series.some((s) => s.id_object === neighbour.modules[0]!.id)).toBe(false)
  })
})

describe('POST /api/reports: every series type on fixed readings', () => {
  const hour = { start_date: '2026-03-29T10:00:00Z', end_date: '2026-03-29T12:00:00Z', grouping: 'hour' }

  it('gives the AM-200 quantities as hourly averages with the spec’s units and draws', async () => {
    const expected = {
      dew_point: ['TEMP_DEW_1', 4.5, '°C', 'line'],
      wet_bulb_temperature: ['TEMP_WET_1', 7, '°C', 'line'],
      air_humidity_deficit: ['HD_1', 2.5, 'g/m³', 'line'],
      air_vapour_pressure_deficit: ['VPD_1', 0.5, 'kPa', 'line'],
      vpd_infection_risk: ['VPD_INFECT_1', 0.5, '', 'area'],
      pwi: ['PWI_1', 110, '%', 'line'],
    } as const
    for (const [type, [field, value, suffix, draw]] of Object.entries(expected)) {
      const answer = await series({ type, sources: [{ id: air.id }], ...hour })
      expect(iso(answer), type).toEqual(['2026-03-29T10:00:00.000Z'])
      expect(answer.series, type).toHaveLength(1)
      expect(answer.series[0], type).toMatchObject({ field, suffix, draw, values: [value] })
    }
  })

  it('gives soil moisture, ECW, MCI, epsilon (Topp) and sigma (Hilhorst) per level', async () => {
    const soil = async (type: string) =>
      (
        await series({
          type,
          sources: [
            {
              id: trio.id,
              fields: [
                type === 'epsilon' ? 'EPSILON_1' : type === 'sigma' ? 'SIGMA_1' : `${type.toUpperCase()}_1`,
              ],
            },
          ],
          ...hour,
        })
      ).series[0]!
    expect(await soil('humidity')).toMatchObject({
      field: 'HUMIDITY_1',
      level: 3,
      suffix: '%',
      values: [34.54],
    })
    expect(await soil('ecw')).toMatchObject({ field: 'ECW_1', suffix: 'mS/cm', values: [2] })
    expect(await soil('mci')).toMatchObject({ field: 'MCI_1', suffix: 'g/l', values: [1.5] })
    // θ = 0.3454 is Topp's water content at ε = 20.
    const epsilon = await soil('epsilon')
    expect(epsilon).toMatchObject({ field: 'EPSILON_1', suffix: '', level: 3 })
    expect(epsilon.values[0]).toBeCloseTo(20, 6)
    // σ_b = ECW × (ε − 4.1) / (80.3 − 0.37 × (T − 20)); T in that hour averages (11 + 11.5) / 2.
    const sigma = await soil('sigma')
    expect(sigma).toMatchObject({ field: 'SIGMA_1', suffix: 'mS/cm' })
    expect(sigma.values[0]).toBeCloseTo((2 * 15.9) / (80.3 - 0.37 * (11.25 - 20)), 6)
  })

  it('sums rainfall and water usage per row, rounded to 1 decimal, incremental counters as last minus first', async () => {
    const rain = await series({ type: 'rainfall', sources: [{ id_output: rainGauge.id }], ...hour })
    // Hour 10: 110 − 100 = 10 pulses = 2 mm; hour 11: 1 since 10:50 plus 125 − 111 = 15 pulses = 3 mm.
    expect(rain.series[0]).toMatchObject({
      field: 'DI_USR_3',
      suffix: 'mm',
      draw: 'bar',
      statistic: 'sum',
      values: [2, 3],
    })
    const minutes = await series({
      type: 'rainfall',
      sources: [{ id: mast.id, field: 'DI_USR_3' }],
      ...hour,
      grouping: 'minute',
    })
    expect(minutes.series[0]!.values).toEqual([0, 0.6, 1.4, 0.2, 2.8])
    const water = await series({ type: 'water_usage', sources: [{ id_output: waterMeter.id }], ...hour })
    // Differential: 50 + 30 = 80 pulses = 0.8 m³; 25 pulses = 0.25, rounded 0.3.
    expect(water.series[0]).toMatchObject({ suffix: 'm³', draw: 'bar', values: [0.8, 0.3] })
  })

  it('counts a running total’s first row from the reading before the range: an hour is the same alone as after another', async () => {
    // 11:00 alone: 1 pulse since the 10:50 reading (110) plus 125 − 111 = 15 pulses = 3 mm, as above.
    const alone = { start_date: '2026-03-29T11:00:00Z', end_date: '2026-03-29T12:00:00Z', grouping: 'hour' }
    const rain = await series({ type: 'rainfall', sources: [{ id_output: rainGauge.id }], ...alone })
    expect(rain.series[0]!.values).toEqual([3])
    const minutes = await series({
      type: 'rainfall',
      sources: [{ id_output: rainGauge.id }],
      ...alone,
      grouping: 'minute',
    })
    expect(minutes.series[0]!.values).toEqual([0.2, 2.8])
    // The CSV counts the same.
    const csv = await exported({ type: 'rainfall', sources: [{ id_output: rainGauge.id }], ...alone })
    expect(csv.table.slice(1).map((row) => Number(row.at(-1)))).toEqual([3])
    // The differential water meter's pulses are each reading's own: nothing from before.
    const water = await series({ type: 'water_usage', sources: [{ id_output: waterMeter.id }], ...alone })
    expect(water.series[0]!.values).toEqual([0.3])
  })

  it('shows a delta only where it meets the comparator; an empty value shows every source', async () => {
    const body = {
      type: 'delta_humidity',
      sources: [
        { id: trio.id, field: 'HUMIDITY_1' },
        { id: solo.id, field: 'HUMIDITY_1' },
      ],
      ...hour,
    }
    const all = await series(body)
    expect(all.delta).toEqual([
      { key: `${trio.id}:HUMIDITY_1`, first: 34.54, last: 34.54, delta: 0, shown: true },
      { key: `${solo.id}:HUMIDITY_1`, first: 20, last: 25.5, delta: 5.5, shown: true },
    ])
    const greater = await series({ ...body, delta_comparator: 'gt', delta_value: 1 })
    expect(greater.delta?.map((row) => row.shown)).toEqual([false, true])
    expect(greater.series.map((s) => s.key)).toEqual([`${solo.id}:HUMIDITY_1`])
    const lower = await series({ ...body, delta_comparator: 'lt', delta_value: 1 })
    expect(lower.series.map((s) => s.key)).toEqual([`${trio.id}:HUMIDITY_1`])
  })

  it('drops complex rows before the start; multiple complex merges modules', async () => {
    const complex = await series({
      type: 'complex',
      sources: [{ id: trio.id, fields: ['TEMP_1', 'HUMIDITY_1'] }],
      start_date: '2026-03-29T10:15:00Z',
      end_date: '2026-03-29T12:00:00Z',
      grouping: 'hour',
    })
    // The 10:00 hour starts before 10:15: dropped. 11:00 UTC holds 12 and 12.5.
    expect(iso(complex)).toEqual(['2026-03-29T11:00:00.000Z'])
    expect(column(complex, `${trio.id}:TEMP_1`)).toEqual([12.25])
    expect(column(complex, `${trio.id}:HUMIDITY_1`)).toEqual([null])
    const multiple = await series({
      type: 'multiple_complex',
      sources: [
        { id: trio.id, field: 'TEMP_1' },
        { id: air.id, fields: ['TEMP_DEW_1'] },
        { id: trio.id, field: 'MCI_1' },
      ],
      ...hour,
    })
    expect(multiple.series.map((s) => s.key)).toEqual([
      `${trio.id}:TEMP_1`,
      `${trio.id}:MCI_1`,
      `${air.id}:TEMP_DEW_1`,
    ])
    expect(column(multiple, `${air.id}:TEMP_DEW_1`)).toEqual([4.5, null])
    expect(column(multiple, `${trio.id}:TEMP_1`)).toEqual([11.25, 12.25])
  })

  it('draws the previous period beside the current one, aligned by the farm’s calendar days', async () => {
    const answer = await series({
      type: 'temperature',
      sources: [{ id: trio.id, field: 'TEMP_1' }],
      start_date: '2026-03-29T22:00:00Z',
      end_date: '2026-03-30T22:00:00Z',
      grouping: 'day',
      compare_previous: true,
    })
    // 30 March (CEST) compared with 29 March (23 hours, from 23:00 UTC on the 28th).
    expect(answer.previous).toEqual({
      start_date: '2026-03-28T23:00:00.000Z',
      end_date: '2026-03-29T22:00:00.000Z',
    })
    expect(iso(answer)).toEqual(['2026-03-29T22:00:00.000Z'])
    expect(column(answer, `${trio.id}:TEMP_1`)).toEqual([5])
    expect(column(answer, `${trio.id}:TEMP_1:previous`)).toEqual([517.5 / 46])
    const byHour = await series({
      type: 'temperature',
      sources: [{ id: trio.id, field: 'TEMP_1' }],
      start_date: '2026-03-30T10:00:00Z',
      end_date: '2026-03-30T12:00:00Z',
      compare_previous: true,
      compare_period: 'day',
    })
    // Noon CEST on the 30th against noon CEST on the 29th (10:00 UTC: 11 and 11.5).
    expect(column(byHour, `${trio.id}:TEMP_1:previous`)).toEqual([11.25, 12.25])
    expect(byHour.series.find((s) => s.key.endsWith(':previous'))?.period).toBe('previous')
  })
})

describe('aggregate and failing sources', () => {
  const hour = { start_date: '2026-03-29T10:00:00Z', end_date: '2026-03-29T11:00:00Z', grouping: 'hour' }

  it('averages the chosen MCI fields into one series when aggregate is on', async () => {
    const sources = [
      { id: trio.id, field: 'MCI_1' },
      { id: solo.id, field: 'MCI_1' },
    ]
    const apart = await series({ type: 'mci', sources, ...hour })
    expect(apart.series.map((s) => [s.key, s.values])).toEqual([
      [`${trio.id}:MCI_1`, [1.5]],
      [`${solo.id}:MCI_1`, [3]],
    ])
    const together = await series({ type: 'mci', sources, ...hour, aggregate: true })
    expect(together.series).toHaveLength(1)
    expect(together.series[0]).toMatchObject({
      key: 'aggregate',
      id_object: 0,
      field: 'MCI',
      custom_label: 'MCI, average of 2 fields',
      suffix: 'g/l',
      values: [2.25],
    })
  })

  it('names a source whose read fails and uses the rest; rejects when every read fails', async () => {
    const real = createReportsDal(server.database.pool)
    const failing = (ids: number[]) =>
      createSeriesGenerator({
        dal: {
          ...real,
          // The one statement for all modules fails, then each module's own read tells which.
          bucketsMany: () => Promise.reject(new Error('the disk is gone')),
          buckets: (grouping, client, idObject, ...rest) =>
            ids.includes(idObject)
              ? Promise.reject(new Error('the disk is gone'))
              : real.buckets(grouping, client, idObject, ...rest),
        },
      })
    const context = { idClient, timeZone: 'Europe/Warsaw', lang: 'en' as const, now: new Date() }
    const request = reportRequestSchema.parse({
      type: 'humidity',
      sources: [
        { id: trio.id, field: 'HUMIDITY_1' },
        { id: solo.id, field: 'HUMIDITY_1', name: 'Solo' },
      ],
      ...hour,
    })
    const answer = await failing([solo.id]).generate(context, request, new AbortController().signal)
    expect(answer.failed_sources).toEqual([
      { id_object: solo.id, id_output: null, name: 'Solo', reason: 'errors.report_read_failed' },
    ])
    expect(answer.kind === 'series' && answer.series.map((s) => [s.key, s.values])).toEqual([
      [`${trio.id}:HUMIDITY_1`, [34.54]],
    ])
    await expect(
      failing([solo.id, trio.id]).generate(context, request, new AbortController().signal),
    ).rejects.toMatchObject({ code: 'report_sources_failed', status: 404 })
  })
})

describe('POST /api/reports/export', () => {
  it('streams the table as CSV: quoted header, commas inside quotes, rows ascending, numbers in full', async () => {
    const csv = await exported({
      type: 'temperature',
      sources: [{ id: trio.id, field: 'TEMP_1' }],
      start_date: '2026-03-29T10:00:00Z',
      end_date: '2026-03-29T12:00:00Z',
      grouping: 'minute',
    })
    expect(csv.status).toBe(200)
    expect(csv.type).toBe('text/csv; charset=utf-8')
    expect(csv.disposition).toBe('attachment; filename="report-temperature-2026-03-29.csv"')
    expect(csv.text.split('\r\n')[0]!.replace(/^\ufeff/, '')).toBe(
      '"Time (Europe/Warsaw)","Time (UTC)","Trio, north Temperature 1 level 3 [°C]"',
    )
    // 10:00 UTC is 12:00 CEST, the 12th hour of the 23-hour day (index 11).
    expect(csv.table.slice(1)).toEqual([
      ['2026-03-29 12:00:00', '2026-03-29T10:00:00.000Z', '11'],
      ['2026-03-29 12:30:00', '2026-03-29T10:30:00.000Z', '11.5'],
      ['2026-03-29 13:00:00', '2026-03-29T11:00:00.000Z', '12'],
      ['2026-03-29 13:30:00', '2026-03-29T11:30:00.000Z', '12.5'],
    ])
  })

  it('leaves missing values blank and puts the previous period’s statistics beside the current ones', async () => {
    const mixed = await exported({
      type: 'multiple_complex',
      sources: [
        { id: trio.id, field: 'TEMP_1' },
        { id: air.id, field: 'TEMP_DEW_1' },
      ],
      start_date: '2026-03-29T10:00:00Z',
      end_date: '2026-03-29T12:00:00Z',
      grouping: 'hour',
    })
    expect(mixed.table[0]!.slice(2)).toEqual([
      'Trio, north Temperature 1 level 3 [°C]',
      expect.stringContaining('Dew point [°C]'),
    ])
    expect(mixed.table.slice(1)).toEqual([
      ['2026-03-29 12:00:00', '2026-03-29T10:00:00.000Z', '11.25', '4.5'],
      ['2026-03-29 13:00:00', '2026-03-29T11:00:00.000Z', '12.25', ''],
    ])
    const daily = await exported({
      type: 'temperature',
      sources: [{ id: trio.id, field: 'TEMP_1' }],
      start_date: '2026-03-29T22:00:00Z',
      end_date: '2026-03-30T22:00:00Z',
      statistics: 'daily',
      compare_previous: true,
    })
    expect(daily.table[0]!.slice(2)).toEqual([
      'Trio, north Temperature 1 level 3 [°C] (average)',
      'Trio, north Temperature 1 level 3 [°C] (minimum)',
      'Trio, north Temperature 1 level 3 [°C] (maximum)',
      'Trio, north Temperature 1 level 3 [°C] (average) (previous period)',
      'Trio, north Temperature 1 level 3 [°C] (minimum) (previous period)',
      'Trio, north Temperature 1 level 3 [°C] (maximum) (previous period)',
    ])
    expect(daily.table.slice(1)).toEqual([
      ['2026-03-30 00:00:00', '2026-03-29T22:00:00.000Z', '5', '5', '5', '11.25', '0', '22.5'],
    ])
    // The file is named by the farm's day it starts on (30 March), not the UTC date of its midnight.
    expect(daily.disposition).toBe('attachment; filename="report-temperature-2026-03-30.csv"')
  })

  it('refuses an unknown type and no sources before any CSV', async () => {
    const body = { sources: [], start_date: '2026-03-29T10:00:00Z', end_date: '2026-03-29T12:00:00Z' }
    const unknown = await exported({ ...body, type: 'weather', sources: [{ id: trio.id }] })
    expect(unknown.status).toBe(400)
    expect(JSON.parse(unknown.text)).toMatchObject({
      error: 'report_unknown_type',
      message: 'No report weather',
    })
    const none = await exported({ ...body, type: 'temperature' })
    expect(none.status).toBe(400)
    expect(JSON.parse(none.text)).toMatchObject({ error: 'report_incorrect_data' })
  })

  it('neutralises a module name a spreadsheet would run as a formula; negative readings stay numbers', async () => {
    // A user names their module so that whoever opens the export in a spreadsheet runs it.
    const named = await seedAccount(server, ['AM-100-103'])
    const module = named.modules[0]!
    const own = await loggedIn(server.url, named.email, named.password)
    const renamed = await own.write('PUT', `/api/objects/${module.id}`, { name: '=HYPERLINK("http://x")' })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    await storeReadings(server.database.pool, [
      {
        objectId: module.id,
        field: 'TEMP_1',
        idClient: named.user.id_client,
        ts: new Date('2026-03-29T10:00:00Z'),
        value: -3.5,
      },
    ])
    const csv = await exported(
      {
        type: 'temperature',
        sources: [{ id: module.id, field: 'TEMP_1' }],
        start_date: '2026-03-29T10:00:00Z',
        end_date: '2026-03-29T11:00:00Z',
        grouping: 'minute',
      },
      own,
    )
    expect(csv.status).toBe(200)
    // As written: an apostrophe first inside the quoted field, so the cell is text, not a formula.
    expect(csv.text.split('\r\n')[0]).toContain(`,"'=HYPERLINK(""http://x"") Temperature 1 level 3 [°C]"`)
    expect(csv.table[0]![2]).toBe(`'=HYPERLINK("http://x") Temperature 1 level 3 [°C]`)
    // The reading is written as a number: -3.5, unquoted and without an apostrophe.
    expect(csv.text.split('\r\n')[1]).toMatch(/,-3\.5$/)
    expect(csv.table.slice(1)).toEqual([['2026-03-29 12:00:00', '2026-03-29T10:00:00.000Z', '-3.5']])
  })
})
