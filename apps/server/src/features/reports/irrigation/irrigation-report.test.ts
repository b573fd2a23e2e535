import { type IrrigationReport, irrigationReportSchema, reportRequestSchema } from '@kropla/domain'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { moduleOutput, renameOutput } from '../../../test/resource-fixtures'
import {
  createdSchedule,
  irrigatedAccount,
  type StoredPlan,
  storedPlan,
} from '../../../test/schedule-fixtures'
import { seedAccount, startTestServer, type TestServer } from '../../../test/test-server'
import { createFleetDal } from '../../fleet/fleet-dal'
import { createFleetService } from '../../fleet/fleet-service'
import type { ReportContext } from '../report-generator'
import { createIrrigationGenerator } from './irrigation-generator'
import { createIrrigationReportDal } from './irrigation-report-dal'

/**
 * Golden irrigation reports on fixed data, every number worked out by hand below. The farm is in
 * Europe/Warsaw: 2026-03-29 (clocks forward at 01:00 UTC) lasts 23 hours, 2026-10-25 (clocks back
 * at 01:00 UTC) 25 hours; each is still one day of the daily average.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

const at = (iso: string) => new Date(iso)

async function farmWithRuns() {
  const farm = await irrigatedAccount(server)
  const idClient = farm.user.id_client
  const db = server.database.pool
  // A battery valve module (AM-421) on the same account.
  const serial = `IRR421${process.pid}${Math.random().toString(36).slice(2, 6)}`
  const dc = await createFleetService(createFleetDal(server.database.db)).addModule(
    { serial, pin: '4210', model: 'AM-421' },
    { clientName: farm.clientName },
  )
  const battery = await moduleOutput(farm.session, dc.id, 'o1')
  const [o1, o2, o3] = farm.valve
  const set = (id: number, name: string, properties: Record<string, number>) =>
    db.query('update outputs set name = $2, properties = $3 where id = $1', [
      id,
      name,
      JSON.stringify(properties),
    ])
  await set(o1!.id, 'Tomatoes', { flow: 3, area: 0.5 })
  await set(o2!.id, 'Cucumbers', { flow: 1.7, area: 0.3 })
  await set(o3!.id, 'Herbs', { flow: 0, area: 0.1 })
  await set(battery.id, 'Orchard row', { flow: 2.4, area: 0.2 })
  const schedule = await createdSchedule(farm.session, [{ kind: 'section', id: farm.orchard.id }], {
    name: 'Morning watering',
    begin_date: '2020-01-01',
  })
  /** A run of the schedule, confirmed unless `more` says otherwise. */
  const plan = (
    id_output: number,
    open_at: string,
    duration: number,
    status: number,
    more: Partial<StoredPlan> = {},
  ) =>
    storedPlan(server, {
      id_client: idClient,
      id_schedule: schedule.id,
      id_output,
      open_at: at(open_at),
      duration,
      status,
      confirmed_state: 1,
      ...more,
    })
  // Tomatoes (3 m³/h, 0.5 ha).
  await plan(o1!.id, '2026-03-27T22:59:00Z', 30, 10) // before the range (it starts 23:00 UTC)
  await plan(o1!.id, '2026-03-28T05:00:00Z', 20, 10, { confirmed_state: 0 }) // confirmed, then closed
  await plan(o1!.id, '2026-03-28T06:00:00Z', 20, 4) // cancelled: not listed
  await plan(o1!.id, '2026-03-29T04:00:00Z', 25, 10, { fertigation: true, fertigation_confirm_state: 1 })
  await plan(o1!.id, '2026-03-30T04:00:00Z', 10, 5, { confirmed_state: null, error: 'plan_not_confirmed' })
  await plan(o1!.id, '2026-03-30T21:59:00Z', 7, 10) // the range's last minute
  await plan(o1!.id, '2026-03-30T22:00:00Z', 9, 10) // the range's end: not in it
  await plan(o1!.id, '2026-10-25T22:30:00Z', 30, 10) // 23:30 CET on the 25-hour day
  await plan(o1!.id, '2026-10-25T23:00:00Z', 30, 10) // 00:00 CET on the 26th
  // Cucumbers (1.7 m³/h, 0.3 ha) and Herbs (no flow).
  await plan(o2!.id, '2026-03-28T05:20:00Z', 13, 10)
  await plan(o2!.id, '2026-03-29T04:25:00Z', 7, 10, { confirmed_state: null })
  await plan(o3!.id, '2026-03-28T05:40:00Z', 10, 10)
  // Orchard row (2.4 m³/h, 0.2 ha): opened by hand.
  const manual = (
    open_at: string,
    status: number,
    minutes: number,
    closed_at: string | null,
    error: string | null,
  ) =>
    db.query(
      `insert into manual_opens (id_client, id_output, minutes, status, open_at, close_at, closed_at, error)
       values ($1, $2, $3::int, $4, $5, $5::timestamptz + $3::int * interval '1 minute', $6, $7)`,
      [idClient, battery.id, minutes, status, at(open_at), closed_at && at(closed_at), error],
    )
  await manual('2026-03-29T10:00:00Z', 10, 15, '2026-03-29T10:12:30Z', null) // closed early: 12.5 min
  await manual('2026-03-29T11:00:00Z', 0, 15, null, null) // never opened: not listed
  await manual('2026-03-30T06:00:00Z', 5, 5, null, 'command_failed')
  return { farm, idClient, schedule, battery, dc, outputs: { o1: o1!, o2: o2!, o3: o3! } }
}

/** 2026-03-28 00:00 to 2026-03-31 00:00 in Warsaw: 71 hours, 3 local days (the 29th has 23 h). */
const march = { start_date: '2026-03-28T00:00:00+01:00', end_date: '2026-03-31T00:00:00+02:00' }

describe('irrigation report', () => {
  let data: Awaited<ReturnType<typeof farmWithRuns>>
  let stranger: Awaited<ReturnType<typeof seedAccount>>
  let strangerOutput: number
  let generator: ReturnType<typeof createIrrigationGenerator>
  let context: ReportContext
  beforeAll(async () => {
    data = await farmWithRuns()
    stranger = await seedAccount(server, ['AM-411'])
    const { rows } = await server.database.pool.query('select id from outputs where id_object = $1 limit 1', [
      stranger.modules[0]!.id,
    ])
    strangerOutput = rows[0].id
    generator = createIrrigationGenerator(createIrrigationReportDal(server.database.db))
    context = { idClient: data.idClient, timeZone: 'Europe/Warsaw', lang: 'en', now: new Date() }
  })

  const requestOf = (
    sources: Record<string, unknown>[],
    range: { start_date: string; end_date: string } = march,
  ) => reportRequestSchema.parse({ type: 'irrigation', sources, ...range })

  it('sums water, dosage and the daily average per output and per schedule, and lists every run by time', async () => {
    const { outputs, battery, dc, schedule, farm } = data
    const report = await generator.report(
      context,
      requestOf([
        { id_output: outputs.o1.id },
        { id: farm.modules[0]!.id, field: 'o2' },
        { id_output: outputs.o3.id },
        { id: dc.id, fields: ['o1'] },
        { id_output: farm.light[0]!.id, name: 'Lamp' },
        { id_output: strangerOutput, name: 'Not mine' },
      ]),
    )
    expect(irrigationReportSchema.parse(report)).toEqual(report)
    expect(report.days).toBe(3)
    expect(report.time_zone).toBe('Europe/Warsaw')
    expect(report.failed_sources).toEqual([
      {
        id_object: farm.modules[1]!.id,
        id_output: farm.light[0]!.id,
        name: farm.light[0]!.name,
        reason: 'errors.report_not_irrigation_output',
      },
      { id_object: null, id_output: strangerOutput, name: 'Not mine', reason: 'errors.not_found' },
    ])
    const info = (id: number) => report.outputs_info.find((output) => output.id_output === id)
    expect(report.outputs_info.map((output) => output.name)).toEqual([
      'Tomatoes',
      'Cucumbers',
      'Herbs',
      'Orchard row',
    ])
    // Tomatoes: 20 + 25 + 7 = 52 min watered (the error run does not count); 3 × 52 / 60 = 2.6 m³;
    // 2.6 m³ on 0.5 ha (5000 m²) = 0.52 mm; 2.6 / 3 days = 0.8667 → 0.87.
    expect(info(outputs.o1.id)).toEqual({
      id_output: outputs.o1.id,
      id_object: farm.modules[0]!.id,
      field: 'o1',
      name: 'Tomatoes',
      flow: 3,
      area: 0.5,
      runs: 3,
      duration: 52,
      water: 2.6,
      dosage: 0.52,
      daily_average: 0.87,
    })
    // Cucumbers: 13 + 7 = 20 min; 1.7 × 20 / 60 = 0.566667 m³ → 0.57; on 3000 m²: 0.188889 mm → 0.1889;
    // per day 0.188889 → 0.19.
    expect(info(outputs.o2.id)).toMatchObject({
      runs: 2,
      duration: 20,
      water: 0.57,
      dosage: 0.1889,
      daily_average: 0.19,
    })
    // Herbs: no flow, so no water, dosage or average; its run and minutes still count.
    expect(info(outputs.o3.id)).toMatchObject({
      flow: null,
      area: 0.1,
      runs: 1,
      duration: 10,
      water: null,
      dosage: null,
      daily_average: null,
    })
    // Orchard row: opened by hand 10:00:00 to 10:12:30 = 12.5 min; 2.4 × 12.5 / 60 = 0.5 m³; on 2000 m²
    // 0.25 mm; 0.5 / 3 = 0.1667 → 0.17. The failed opening does not count.
    expect(info(battery.id)).toMatchObject({
      runs: 1,
      duration: 12.5,
      water: 0.5,
      dosage: 0.25,
      daily_average: 0.17,
    })
    // The schedule: 3 + 2 + 1 runs, 52 + 20 + 10 min, 2.6 + 0.566667 m³ (Herbs has no flow) = 3.17.
    expect(report.schedules_info).toEqual([
      { id_schedule: schedule.id, name: 'Morning watering', runs: 6, duration: 82, water: 3.17 },
    ])
    // 2.6 + 0.566667 + 0.5 = 3.666667 → 3.67.
    expect(report.total_water).toBe(3.67)

    const run = (id_output: number, open_at: string, duration: number, water: number | null, more = {}) => ({
      id_output,
      id_schedule: schedule.id,
      open_at,
      duration,
      water,
      error: null,
      fertigation: false,
      fertigation_confirm_state: null,
      confirmed_state: true,
      manual: false,
      ...more,
    })
    expect(report.schedules_runs).toEqual([
      run(outputs.o1.id, '2026-03-28T05:00:00.000Z', 20, 1),
      // 1.7 × 13 / 60 = 0.368333 → 0.3683
      run(outputs.o2.id, '2026-03-28T05:20:00.000Z', 13, 0.3683),
      run(outputs.o3.id, '2026-03-28T05:40:00.000Z', 10, null),
      run(outputs.o1.id, '2026-03-29T04:00:00.000Z', 25, 1.25, {
        fertigation: true,
        fertigation_confirm_state: true,
      }),
      // 1.7 × 7 / 60 = 0.198333 → 0.1983; the module never confirmed it.
      run(outputs.o2.id, '2026-03-29T04:25:00.000Z', 7, 0.1983, { confirmed_state: null }),
      run(battery.id, '2026-03-29T10:00:00.000Z', 12.5, 0.5, { id_schedule: null, manual: true }),
      run(outputs.o1.id, '2026-03-30T04:00:00.000Z', 10, null, {
        error: 'plan_not_confirmed',
        confirmed_state: null,
      }),
      run(battery.id, '2026-03-30T06:00:00.000Z', 5, null, {
        id_schedule: null,
        manual: true,
        error: 'command_failed',
        confirmed_state: null,
      }),
      run(outputs.o1.id, '2026-03-30T21:59:00.000Z', 7, 0.35),
    ])
  })

  it('counts a 23-hour and a 25-hour day as one day each', async () => {
    const { outputs } = data
    const o1Over = (start_date: string, end_date: string) =>
      generator.report(context, requestOf([{ id_output: outputs.o1.id }], { start_date, end_date }))
    /** Days, water and the daily average of o1. */
    const totals = (report: IrrigationReport) => [
      report.days,
      report.outputs_info[0]!.water,
      report.outputs_info[0]!.daily_average,
    ]
    // 2026-03-29 in Warsaw: 2026-03-28T23:00Z to 2026-03-29T22:00Z. Only the 25-minute run: 1.25 m³.
    const spring = await o1Over('2026-03-29T00:00:00+01:00', '2026-03-30T00:00:00+02:00')
    expect(totals(spring)).toEqual([1, 1.25, 1.25])
    // 2026-10-25 in Warsaw: 2026-10-24T22:00Z to 2026-10-25T23:00Z; the 30-minute run at 23:30 CET
    // is in it (1.5 m³), the one at midnight is not.
    const autumn = await o1Over('2026-10-25T00:00:00+02:00', '2026-10-26T00:00:00+01:00')
    expect(totals(autumn)).toEqual([1, 1.5, 1.5])
    expect(autumn.schedules_runs.map((run) => run.open_at)).toEqual(['2026-10-25T22:30:00.000Z'])
    // Two local days around the change (49 hours), both runs: 1.5 + 1.5 = 3 m³, 3 / 2 = 1.5 a day.
    const twoDays = await o1Over('2026-10-25T00:00:00+02:00', '2026-10-27T00:00:00+01:00')
    expect(totals(twoDays)).toEqual([2, 3, 1.5])
  })

  it('exports the irrigation table as CSV: quoted header, runs by time, blanks for empty values', async () => {
    const { outputs, battery } = data
    const chunks: string[] = []
    await generator.exportCsv(
      context,
      requestOf([{ id_output: outputs.o1.id }, { id_output: battery.id }]),
      async (chunk) => {
        chunks.push(chunk)
      },
      new AbortController().signal,
    )
    expect(chunks.join('').split('\r\n')).toEqual([
      '\ufeff"Opened (Europe/Warsaw)","Opened (UTC)","Output","Schedule","Manual","Duration [min]","Water [m³]","Fertigation","Fertigation confirmed","Confirmed","Error"',
      '"2026-03-28 06:00:00","2026-03-28T05:00:00.000Z","Tomatoes","Morning watering",0,20,1,0,,1,',
      '"2026-03-29 06:00:00","2026-03-29T04:00:00.000Z","Tomatoes","Morning watering",0,25,1.25,1,1,1,',
      '"2026-03-29 12:00:00","2026-03-29T10:00:00.000Z","Orchard row",,1,12.5,0.5,0,,1,',
      '"2026-03-30 06:00:00","2026-03-30T04:00:00.000Z","Tomatoes","Morning watering",0,10,,0,,,"The module did not report the output open while the run lasted."',
      '"2026-03-30 08:00:00","2026-03-30T06:00:00.000Z","Orchard row",,1,5,,0,,,"The command failed."',
      '"2026-03-30 23:59:00","2026-03-30T21:59:00.000Z","Tomatoes","Morning watering",0,7,0.35,0,,1,',
      '',
    ])
  })

  it('pages the CSV from the database a farm-local month at a time: runs ascending, water totals as the table', async () => {
    const { outputs, battery } = data
    // March to October: eight local months, each read and written before the next is read.
    const reads: string[] = []
    const dal = createIrrigationReportDal(server.database.db)
    const paging = createIrrigationGenerator({
      ...dal,
      plans: (idClient, filter, from, to) => {
        reads.push(`${from.toISOString()} ${to.toISOString()}`)
        return dal.plans(idClient, filter, from, to)
      },
    })
    const range = { start_date: '2026-03-28T00:00:00+01:00', end_date: '2026-10-27T00:00:00+01:00' }
    const sources = [{ id_output: outputs.o1.id }, { id_output: outputs.o2.id }, { id_output: battery.id }]
    const writes: { text: string; reads: number }[] = []
    await paging.exportCsv(
      context,
      requestOf(sources, range),
      async (chunk) => {
        writes.push({ text: chunk, reads: reads.length })
      },
      new AbortController().signal,
    )
    expect(reads).toEqual([
      '2026-03-27T23:00:00.000Z 2026-03-31T22:00:00.000Z',
      '2026-03-31T22:00:00.000Z 2026-04-30T22:00:00.000Z',
      '2026-04-30T22:00:00.000Z 2026-05-31T22:00:00.000Z',
      '2026-05-31T22:00:00.000Z 2026-06-30T22:00:00.000Z',
      '2026-06-30T22:00:00.000Z 2026-07-31T22:00:00.000Z',
      '2026-07-31T22:00:00.000Z 2026-08-31T22:00:00.000Z',
      '2026-08-31T22:00:00.000Z 2026-09-30T22:00:00.000Z',
      '2026-09-30T22:00:00.000Z 2026-10-26T23:00:00.000Z',
    ])
    // March's runs were written after March was read and before April was.
    expect(writes.find((write) => write.text.includes('2026-03-28T05:00:00.000Z'))?.reads).toBe(1)
    const table = parse(writes.map((write) => write.text).join(''), { bom: true }) as string[][]
    const rows = table.slice(1)
    const instants = rows.map((row) => Date.parse(row[1]!))
    expect(instants).toEqual([...instants].sort((a, b) => a - b))
    const report = await generator.report(context, requestOf(sources, range))
    expect(rows.map((row) => row[1])).toEqual(report.schedules_runs.map((run) => run.open_at))
    // The water column adds up to the table's total (each run to 4 decimals, the total to 2).
    const water = rows.reduce((sum, row) => sum + Number(row[6] || 0), 0)
    expect(Math.round(water * 100) / 100).toBe(report.total_water)
    // Tomatoes 1 + 1.25 + 0.35 + 0.45 (30 March, 22:00 UTC) + 1.5 + 1.5 (25 October 23:30 and
    // 26 October 00:00) = 6.05; Cucumbers 13 and 7 min at 1.7 m³/h = 0.5667; Orchard row 0.5: 7.12 m³.
    expect(report.total_water).toBe(7.12)
  })

  it('POST /api/reports/irrigation answers the same report; no sources, none usable and bad dates are refused', async () => {
    const { farm, outputs } = data
    const body = { type: 'irrigation', sources: [{ id_output: outputs.o1.id }], ...march }
    const answer = await farm.session.write('POST', '/api/reports/irrigation', body)
    expect(answer.status).toBe(200)
    const expected: IrrigationReport = await generator.report(context, requestOf(body.sources))
    expect(answer.body).toEqual(expected)

    // The same through POST /api/reports, and its CSV through POST /api/reports/export.
    const generic = await farm.session.write('POST', '/api/reports', body)
    expect([generic.status, generic.body]).toEqual([200, expected])
    const token = await farm.session.token()
    const response = await fetch(`${server.url}/api/reports/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'csrf-token': token,
        cookie: farm.session.cookieHeader(),
        'accept-language': 'pl',
      },
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    // As a spreadsheet program reads it: Polish headers, one row per run, blank cells for nothing.
    const table = parse(await response.text(), { bom: true }) as string[][]
    expect(table[0]).toEqual([
      'Otwarcie (Europe/Warsaw)',
      'Otwarcie (UTC)',
      'Wyjście',
      'Harmonogram',
      'Ręczne',
      'Czas [min]',
      'Woda [m³]',
      'Fertygacja',
      'Fertygacja potwierdzona',
      'Potwierdzone',
      'Błąd',
    ])
    expect(table.slice(1).map((row) => [row[1], row[5], row[6], row[9]])).toEqual([
      ['2026-03-28T05:00:00.000Z', '20', '1', '1'],
      ['2026-03-29T04:00:00.000Z', '25', '1.25', '1'],
      ['2026-03-30T04:00:00.000Z', '10', '', ''],
      ['2026-03-30T21:59:00.000Z', '7', '0.35', '1'],
    ])

    const none = await farm.session.write('POST', '/api/reports/irrigation', { ...body, sources: [] })
    expect([none.status, none.body.error, none.body.message]).toEqual([
      400,
      'report_incorrect_data',
      'Incorrect report data',
    ])
    const foreign = await farm.session.write('POST', '/api/reports/irrigation', {
      ...body,
      sources: [{ id_output: strangerOutput }],
    })
    expect([foreign.status, foreign.body.error]).toEqual([404, 'report_sources_failed'])
    const reversed = await farm.session.write('POST', '/api/reports/irrigation', {
      ...body,
      start_date: march.end_date,
      end_date: march.start_date,
    })
    expect([reversed.status, reversed.body.error]).toEqual([400, 'report_start_after_end'])
    const future = await farm.session.write('POST', '/api/reports/irrigation', {
      ...body,
      end_date: new Date(Date.now() + 86_400_000).toISOString(),
    })
    expect([future.status, future.body.error]).toEqual([400, 'report_in_future'])
  })

  // Last: it renames an output the tests above read by its name.
  it('neutralises output and schedule names a spreadsheet would run as a formula in the CSV', async () => {
    const { farm, idClient, outputs } = data
    // A user of the account names an output and a schedule so that the export runs them.
    await renameOutput(farm.session, outputs.o3.id, '=HYPERLINK("http://x")')
    const schedule = await createdSchedule(farm.session, [{ kind: 'output', id: outputs.o3.id }], {
      name: "@SUM(1+1)*cmd|' /C calc'!A0",
      begin_date: '2020-01-01',
    })
    await server.database.pool.query(
      `insert into outputs_plans (id_client, id_schedule, id_output, role, element_index, planned_at, open_at,
         duration, status, confirmed_state)
       values ($1, $2, $3, 'element', 0, $4, $4, 12, 10, 1)`,
      [idClient, schedule.id, outputs.o3.id, at('2026-03-29T07:00:00Z')],
    )
    const token = await farm.session.token()
    const response = await fetch(`${server.url}/api/reports/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'csrf-token': token,
        cookie: farm.session.cookieHeader(),
        'accept-language': 'en',
      },
      body: JSON.stringify({ type: 'irrigation', sources: [{ id_output: outputs.o3.id }], ...march }),
    })
    expect(response.status).toBe(200)
    const text = await response.text()
    // An apostrophe first, inside the quoted field: the cells are text, not formulas.
    expect(text).toContain(`"'=HYPERLINK(""http://x"")","'@SUM(1+1)*cmd|' /C calc'!A0",0,12,`)
    const rows = (parse(text, { bom: true }) as string[][]).slice(1)
    expect(rows.map((row) => [row[1], row[2], row[3], row[5]])).toEqual([
      ['2026-03-28T05:40:00.000Z', `'=HYPERLINK("http://x")`, 'Morning watering', '10'],
      ['2026-03-29T07:00:00.000Z', `'=HYPERLINK("http://x")`, "'@SUM(1+1)*cmd|' /C calc'!A0", '12'],
    ])
  })
})
