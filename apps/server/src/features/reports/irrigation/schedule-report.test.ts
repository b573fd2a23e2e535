import {
  reportRequestSchema,
  type ScheduleReport,
  scheduleHistorySchema,
  scheduleReportSchema,
} from '@kropla/domain'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storeReadings } from '../../../ingest/readings-dal'
import { renameOutput } from '../../../test/resource-fixtures'
import {
  createdSchedule,
  irrigatedAccount,
  type StoredPlan,
  storedPlan,
} from '../../../test/schedule-fixtures'
import { startTestServer, type TestServer } from '../../../test/test-server'
import { createIrrigationReportDal } from './irrigation-report-dal'
import { createScheduleGenerator } from './schedule-generator'

/**
 * The schedule report on fixed plans and readings: a schedule on the orchard (valves o1 and o2,
 * water source Well: clean water from light o1, fertigation from light o2), on 29 March 2026 in
 * Warsaw (the 23-hour day: 2026-03-28T23:00Z to 2026-03-29T22:00Z; 04:00 UTC is 06:00 CEST).
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

const day = { start_date: '2026-03-29T00:00:00+01:00', end_date: '2026-03-30T00:00:00+02:00' }

async function scheduledFarm() {
  const farm = await irrigatedAccount(server)
  const idClient = farm.user.id_client
  const schedule = await createdSchedule(farm.session, [{ kind: 'section', id: farm.orchard.id }], {
    name: 'Orchard mornings',
    begin_date: '2020-01-01',
  })
  /** A run of the schedule (an element's, or the well's for `role`), confirmed unless `more` says otherwise. */
  const plan = (
    id_output: number,
    role: string,
    open_at: string,
    duration: number,
    status: number,
    more: Partial<StoredPlan> = {},
  ) =>
    storedPlan(server, {
      id_client: idClient,
      id_schedule: schedule.id,
      id_output,
      role,
      id_water_source: role === 'element' ? null : farm.well.id,
      open_at: new Date(open_at),
      duration,
      status,
      confirmed_state: 1,
      ...more,
    })
  const [v0, v1, v2] = farm.valve
  const [clean, fertilizer] = farm.light
  await plan(v0!.id, 'element', '2026-03-29T04:00:00Z', 25, 10, {
    fertigation: true,
    fertigation_confirm_state: 1,
  })
  await plan(clean!.id, 'clean_source', '2026-03-29T04:00:00Z', 25, 10)
  await plan(fertilizer!.id, 'fertigation_source', '2026-03-29T04:05:00Z', 15, 10, { confirmed_state: null })
  await plan(v1!.id, 'element', '2026-03-29T04:25:00Z', 10, 5, {
    confirmed_state: null,
    error: 'plan_not_confirmed',
  })
  // An output the schedule no longer names, but which it opened that day.
  await plan(v2!.id, 'element', '2026-03-29T05:00:00Z', 10, 10, { confirmed_state: 0 })
  await plan(v0!.id, 'element', '2026-03-29T06:00:00Z', 10, 4) // cancelled: not shown
  await plan(v0!.id, 'element', '2026-03-29T22:00:00Z', 10, 10) // the next local day
  // What the valve module reported for o1: off since the evening before, on and off again.
  const valves = farm.modules[0]!.id
  await storeReadings(server.database.pool, [
    { objectId: valves, field: 'o1', idClient, ts: new Date('2026-03-28T20:00:00Z'), value: 0 },
    { objectId: valves, field: 'o1', idClient, ts: new Date('2026-03-29T04:00:10Z'), value: 1 },
    { objectId: valves, field: 'o1', idClient, ts: new Date('2026-03-29T04:25:05Z'), value: 0 },
    { objectId: valves, field: 'o1', idClient, ts: new Date('2026-03-29T22:00:00Z'), value: 1 },
  ])
  return { farm, schedule }
}

describe('schedule report', () => {
  let data: Awaited<ReturnType<typeof scheduledFarm>>
  beforeAll(async () => {
    data = await scheduledFarm()
  })
  const body = () => ({ type: 'schedule', sources: [{ schedule: { id: data.schedule.id } }], ...day })

  it("shows each element and water-source output with its reported state and the schedule's runs", async () => {
    const { farm, schedule } = data
    const answer = await farm.session.write('POST', '/api/reports', body())
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const report = answer.body as unknown as ScheduleReport
    expect(scheduleReportSchema.parse(report)).toEqual(report)
    expect(report.schedule).toEqual({ id: schedule.id, name: 'Orchard mornings' })
    const start = Date.parse('2026-03-28T23:00:00Z')
    const panel = (
      kind: string,
      output: { id: number; name: string },
      idObject: number,
      field: string,
      states: [number, number | null][],
      runs: Record<string, unknown>[],
    ) => ({
      key: `${kind}:${output.id}`,
      kind,
      id_output: output.id,
      id_object: idObject,
      field,
      name: output.name,
      states,
      runs,
    })
    const run = (open_at: string, close_at: string, more = {}) => ({
      open_at,
      close_at,
      error: null,
      fertigation: false,
      fertigation_confirm_state: null,
      confirmed_state: true,
      ...more,
    })
    const [valves, lights] = farm.modules
    expect(report.panels).toEqual([
      panel(
        'irrigation',
        farm.valve[0]!,
        valves!.id,
        'o1',
        // Off when the day began (the reading before it), on at 06:00:10, off at 06:25:05.
        [
          [start, 0],
          [Date.parse('2026-03-29T04:00:10Z'), 1],
          [Date.parse('2026-03-29T04:25:05Z'), 0],
        ],
        [
          run('2026-03-29T04:00:00.000Z', '2026-03-29T04:25:00.000Z', {
            fertigation: true,
            fertigation_confirm_state: true,
          }),
        ],
      ),
      panel(
        'irrigation',
        farm.valve[1]!,
        valves!.id,
        'o2',
        [],
        [
          run('2026-03-29T04:25:00.000Z', '2026-03-29T04:35:00.000Z', {
            error: 'plan_not_confirmed',
            confirmed_state: null,
          }),
        ],
      ),
      panel(
        'irrigation',
        farm.valve[2]!,
        valves!.id,
        'o3',
        [],
        [run('2026-03-29T05:00:00.000Z', '2026-03-29T05:10:00.000Z')],
      ),
      panel(
        'clear_water',
        farm.light[0]!,
        lights!.id,
        'o1',
        [],
        [run('2026-03-29T04:00:00.000Z', '2026-03-29T04:25:00.000Z')],
      ),
      panel(
        'fertigation',
        farm.light[1]!,
        lights!.id,
        'o2',
        [],
        [run('2026-03-29T04:05:00.000Z', '2026-03-29T04:20:00.000Z', { confirmed_state: null })],
      ),
    ])
  })

  it('exports the runs as CSV by time', async () => {
    const { farm } = data
    const token = await farm.session.token()
    const response = await fetch(`${server.url}/api/reports/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'csrf-token': token,
        cookie: farm.session.cookieHeader(),
        'accept-language': 'en',
      },
      body: JSON.stringify(body()),
    })
    expect(response.status).toBe(200)
    // Read as bytes: response.text() would drop the byte-order mark the file starts with.
    const text = Buffer.from(await response.arrayBuffer()).toString('utf8')
    expect(text.split('\r\n')[0]).toBe(
      '\ufeff"Opened (Europe/Warsaw)","Opened (UTC)","Closes (Europe/Warsaw)","Output","Role","Duration [min]","Fertigation","Fertigation confirmed","Confirmed","Error"',
    )
    const table = parse(text, { bom: true }) as string[][]
    const [v0, v1, v2] = farm.valve
    const [clean, fertilizer] = farm.light
    expect(table.slice(1)).toEqual([
      [
        '2026-03-29 06:00:00',
        '2026-03-29T04:00:00.000Z',
        '2026-03-29 06:25:00',
        v0!.name,
        'irrigation',
        '25',
        '1',
        '1',
        '1',
        '',
      ],
      [
        '2026-03-29 06:00:00',
        '2026-03-29T04:00:00.000Z',
        '2026-03-29 06:25:00',
        clean!.name,
        'clear water source',
        '25',
        '0',
        '',
        '1',
        '',
      ],
      [
        '2026-03-29 06:05:00',
        '2026-03-29T04:05:00.000Z',
        '2026-03-29 06:20:00',
        fertilizer!.name,
        'fertigation water source',
        '15',
        '0',
        '',
        '',
        '',
      ],
      [
        '2026-03-29 06:25:00',
        '2026-03-29T04:25:00.000Z',
        '2026-03-29 06:35:00',
        v1!.name,
        'irrigation',
        '10',
        '0',
        '',
        '',
        'The module did not report the output open while the run lasted.',
      ],
      [
        '2026-03-29 07:00:00',
        '2026-03-29T05:00:00.000Z',
        '2026-03-29 07:10:00',
        v2!.name,
        'irrigation',
        '10',
        '0',
        '',
        '1',
        '',
      ],
    ])
  })

  it('pages the CSV a farm-local month at a time: runs ascending, the same runs as the chart', async () => {
    const { farm, schedule } = data
    const [v0] = farm.valve
    // One more run in May, two pages after March.
    await server.database.pool.query(
      `insert into outputs_plans (id_client, id_schedule, id_output, role, element_index, planned_at, open_at,
         duration, status, confirmed_state)
       values ($1, $2, $3, 'element', 0, $4, $4, 20, 10, 1)`,
      [farm.user.id_client, schedule.id, v0!.id, new Date('2026-05-04T04:00:00Z')],
    )
    const reads: string[] = []
    const dal = createIrrigationReportDal(server.database.db)
    const generator = createScheduleGenerator({
      ...dal,
      plans: (idClient, filter, from, to) => {
        reads.push(`${from.toISOString()} ${to.toISOString()}`)
        return dal.plans(idClient, filter, from, to)
      },
    })
    const context = {
      idClient: farm.user.id_client,
      timeZone: 'Europe/Warsaw',
      lang: 'en' as const,
      now: new Date(),
    }
    const request = reportRequestSchema.parse({
      type: 'schedule',
      sources: [{ schedule: { id: schedule.id } }],
      start_date: '2026-03-29T00:00:00+01:00',
      end_date: '2026-06-01T00:00:00+02:00',
    })
    const writes: { text: string; reads: number }[] = []
    await generator.exportCsv(
      context,
      request,
      async (chunk) => {
        writes.push({ text: chunk, reads: reads.length })
      },
      new AbortController().signal,
    )
    expect(reads).toEqual([
      '2026-03-28T23:00:00.000Z 2026-03-31T22:00:00.000Z',
      '2026-03-31T22:00:00.000Z 2026-04-30T22:00:00.000Z',
      '2026-04-30T22:00:00.000Z 2026-05-31T22:00:00.000Z',
    ])
    // March's runs were written before April was read.
    expect(writes.find((write) => write.text.includes('2026-03-29T04:00:00.000Z'))?.reads).toBe(1)
    const rows = (parse(writes.map((write) => write.text).join(''), { bom: true }) as string[][]).slice(1)
    const instants = rows.map((row) => Date.parse(row[1]!))
    expect(instants).toEqual([...instants].sort((a, b) => a - b))
    // The same runs as the report's panels (outputs, openings and minutes), the next day's and May's included.
    const report = await generator.report(context, request)
    const runs = report.panels
      .flatMap((panel) =>
        panel.runs.map((run) => [
          run.open_at,
          panel.name,
          String((Date.parse(run.close_at) - Date.parse(run.open_at)) / 60_000),
        ]),
      )
      .sort((a, b) => Date.parse(a[0]!) - Date.parse(b[0]!))
    expect(
      rows.map((row) => [row[1], row[3], row[5]]).sort((a, b) => Date.parse(a[0]!) - Date.parse(b[0]!)),
    ).toEqual(runs)
    expect(rows.map((row) => row[1])).toContain('2026-05-04T04:00:00.000Z')
    expect(rows.map((row) => row[1])).toContain('2026-03-29T22:00:00.000Z')
  })

  it('GET /api/schedulers/sch_history echoes the dates and drops element runs that name no element', async () => {
    const { farm, schedule } = data
    await server.database.pool.query(
      `insert into outputs_plans (id_client, id_schedule, id_output, role, element_index, planned_at, open_at, duration, status)
       values ($1, $2, $3, 'element', null, $4, $4, 5, 10)`,
      [farm.user.id_client, schedule.id, farm.valve[3]!.id, new Date('2026-03-29T08:00:00Z')],
    )
    const answer = await farm.session.request(
      'GET',
      `/api/schedulers/sch_history?id_schedule=${schedule.id}&d0=2026-03-29&d1=2026-03-30`,
    )
    expect(answer.status).toBe(200)
    const history = scheduleHistorySchema.parse(answer.body)
    expect(history.dates).toEqual({ d0: '2026-03-29', d1: '2026-03-30' })
    // The farm's 29 March: every element run, the cancelled one at 06:00 UTC with its status; none
    // on valve o4, whose run names no element.
    expect(history.Scheduler_outputs_plans.map((plan) => [plan.open_at, plan.Output.id])).toEqual([
      ['2026-03-29T04:00:00.000Z', farm.valve[0]!.id],
      ['2026-03-29T04:25:00.000Z', farm.valve[1]!.id],
      ['2026-03-29T05:00:00.000Z', farm.valve[2]!.id],
      ['2026-03-29T06:00:00.000Z', farm.valve[0]!.id],
    ])
    expect(history.Scheduler_sources_plans.map((plan) => [plan.role, plan.Output.id])).toEqual([
      ['clean_source', farm.light[0]!.id],
      ['fertigation_source', farm.light[1]!.id],
    ])
  })

  it("refuses another account's schedule like a missing one", async () => {
    const { schedule } = data
    const other = await irrigatedAccount(server)
    const foreign = await other.session.write('POST', '/api/reports', body())
    const missing = await other.session.write('POST', '/api/reports', {
      ...body(),
      sources: [{ schedule: { id: schedule.id + 100_000 } }],
    })
    expect([foreign.status, foreign.body.error]).toEqual([404, 'report_sources_failed'])
    expect([missing.status, missing.body.error]).toEqual([404, 'report_sources_failed'])
    expect(foreign.body.issues).toEqual(missing.body.issues)
  })

  // Last: it renames an output the tests above read by its name.
  it('neutralises an output name a spreadsheet would run as a formula in the CSV', async () => {
    const { farm } = data
    const [, , v2] = farm.valve
    await renameOutput(farm.session, v2!.id, '=HYPERLINK("http://x")')
    const token = await farm.session.token()
    const response = await fetch(`${server.url}/api/reports/export`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'csrf-token': token,
        cookie: farm.session.cookieHeader(),
        'accept-language': 'en',
      },
      body: JSON.stringify(body()),
    })
    expect(response.status).toBe(200)
    const text = await response.text()
    // An apostrophe first, inside the quoted field: the cell is text, not a formula.
    expect(text).toContain(`,"'=HYPERLINK(""http://x"")","irrigation",10,`)
    const rows = (parse(text, { bom: true }) as string[][]).slice(1)
    expect(rows.find((row) => row[1] === '2026-03-29T05:00:00.000Z')?.[3]).toBe(`'=HYPERLINK("http://x")`)
  })
})
