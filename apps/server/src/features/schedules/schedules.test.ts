import { translate } from '@kropla/i18n'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { created, issuesOf } from '../../test/resource-fixtures'
import {
  createdSchedule,
  irrigatedAccount,
  scheduleBody,
  storedPlan,
  warsawDay,
} from '../../test/schedule-fixtures'
import { connectBrowserSocket, nextEvents, startTestServer, type TestServer } from '../../test/test-server'
import { resolveScheduleElements } from './resolve-elements'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server?.stop())

const storedSchedules = async (idClient: number) =>
  (await server.database.pool.query('select name from schedules where id_client = $1', [idClient])).rows
const planIds = async (idSchedule: number) =>
  (
    await server.database.pool.query('select id from outputs_plans where id_schedule = $1 order by id', [
      idSchedule,
    ])
  ).rows.map((row) => Number(row.id))
const HOUR = 3600_000

type Body = ReturnType<typeof scheduleBody>
type Definition = Body['definition'] & Record<string, unknown>

describe('schedules', () => {
  it("adds a schedule in the farm's time zone (not the user's), lists, edits and deletes it", async () => {
    const { session, valve, user } = await irrigatedAccount(server)
    const schedule = await createdSchedule(session, [{ kind: 'output', id: valve[0]!.id }])
    expect(schedule).toMatchObject({
      name: 'Morning watering',
      type: 1,
      priority: 0,
      begin_date: warsawDay(1),
      expiration_date: null,
      time_zone: 'Europe/Warsaw',
      paused_from: null,
      paused_until: null,
      ended_at: null,
      hidden: false,
      state: 'not_started',
    })
    expect(schedule.definition).toMatchObject({
      elements: [{ kind: 'output', id: valve[0]!.id, percent: 100 }],
    })
    expect((await session.request('GET', '/api/schedulers')).body).toEqual([schedule])
    expect((await session.request('GET', `/api/schedulers/${schedule.id}`)).body).toEqual(schedule)

    const preferences = await session.write('PUT', '/api/profile/preferences', {
      time_zone: 'America/New_York',
      date_format: 'YYYY-MM-DD HH:mm:ss',
      temperature_unit: 'C',
      area_unit: 'ha',
    })
    expect(preferences.status).toBe(200)
    const edited = await session.write(
      'PUT',
      `/api/schedulers/${schedule.id}`,
      scheduleBody([{ kind: 'output', id: valve[1]!.id, percent: 50 }], {
        name: 'Evening',
        begin_date: '2020-01-01',
      }),
    )
    expect(edited.status).toBe(200)
    // The user's display zone is theirs alone: the farm's schedules stay in the farm's zone.
    expect(edited.body).toMatchObject({ name: 'Evening', state: 'active', time_zone: 'Europe/Warsaw' })

    expect((await session.write('DELETE', `/api/schedulers/${schedule.id}`)).status).toBe(200)
    expect((await session.request('GET', `/api/schedulers/${schedule.id}`)).status).toBe(404)
    expect((await session.request('GET', '/api/schedulers?hidden=1')).body).toEqual([])
    // Kept for the history of its runs.
    const kept = await server.database.pool.query('select deleted_at from schedules where id_client = $1', [
      user.id_client,
    ])
    expect(kept.rows[0].deleted_at).toBeInstanceOf(Date)
  })

  const rules: [
    string,
    (body: Body & Record<string, unknown>, definition: Definition) => void,
    string,
    string,
  ][] = [
    ['no name', (b) => Object.assign(b, { name: ' ' }), 'name', 'errors.field_required'],
    ['unknown type', (b) => Object.assign(b, { type: 7 }), 'type', 'errors.choice_invalid'],
    ['manual type', (b) => Object.assign(b, { type: 0 }), 'type', 'errors.choice_invalid'],
    ['priority 2', (b) => Object.assign(b, { priority: 2 }), 'priority', 'errors.validation_failed'],
    [
      'impossible begin date',
      (b) => Object.assign(b, { begin_date: '2026-13-45' }),
      'begin_date',
      'errors.date_invalid',
    ],
    [
      'expiry before begin',
      (b) => Object.assign(b, { begin_date: '2030-05-02', expiration_date: '2030-05-01' }),
      'expiration_date',
      'errors.schedule_expires_before_begin',
    ],
    [
      'no days',
      (_, d) => Object.assign(d, { rule: { kind: 'weekdays', days: [] } }),
      'definition.rule.days',
      'errors.schedule_no_days',
    ],
    [
      'every 0 days',
      (_, d) => Object.assign(d, { rule: { kind: 'every_n_days', n: 0 } }),
      'definition.rule.n',
      'errors.too_small',
    ],
    [
      '0-minute cycle',
      (_, d) => Object.assign(d, { cycle_minutes: 0 }),
      'definition.cycle_minutes',
      'errors.too_small',
    ],
    [
      'cycle over a day',
      (_, d) => Object.assign(d, { cycle_minutes: 1441 }),
      'definition.cycle_minutes',
      'errors.schedule_too_long',
    ],
    [
      'start 24:00',
      (_, d) =>
        Object.assign(d, { starts: { kind: 'every', start_time: '24:00', count: 1, every_minutes: 60 } }),
      'definition.starts.start_time',
      'errors.time_invalid',
    ],
    [
      '31 cycles',
      (_, d) =>
        Object.assign(d, { starts: { kind: 'every', start_time: '00:00', count: 31, every_minutes: 30 } }),
      'definition.starts.count',
      'errors.schedule_too_many_cycles',
    ],
    [
      'interval 0',
      (_, d) =>
        Object.assign(d, { starts: { kind: 'every', start_time: '06:00', count: 2, every_minutes: 0 } }),
      'definition.starts.every_minutes',
      'errors.schedule_interval_too_short',
    ],
    [
      'no elements',
      (_, d) => Object.assign(d, { elements: [] }),
      'definition.elements',
      'errors.schedule_no_elements',
    ],
    [
      'slider over 200 %',
      (_, d) => Object.assign(d, { elements: [{ ...d.elements[0]!, percent: 201 }] }),
      'definition.elements.0.percent',
      'errors.too_big',
    ],
    [
      'every slider at 0 %',
      (_, d) => Object.assign(d, { elements: [{ ...d.elements[0]!, percent: 0 }] }),
      'definition.elements',
      'errors.schedule_no_elements',
    ],
    [
      'interval schedule at given hours',
      (b, d) => {
        b.type = 3
        d.starts = { kind: 'hours', times: ['06:00'] } as unknown as Definition['starts']
      },
      'definition.starts',
      'errors.schedule_data_error',
    ],
    [
      'fertigation on a control schedule',
      (b, d) => {
        b.type = 4
        d.fertigation = { kind: 'every_n_days', n: 2 } as unknown as Definition['fertigation']
      },
      'definition.fertigation',
      'errors.schedule_data_error',
    ],
    [
      'cycles times elements over 30',
      (_, d) => {
        d.elements = [1, 2, 3, 4].map(() => ({ ...d.elements[0]! }))
        d.starts = { kind: 'every', start_time: '00:00', count: 8, every_minutes: 60 }
      },
      'definition.starts',
      'errors.schedule_too_many_cycles',
    ],
    [
      'over 1440 minutes a day',
      (_, d) => {
        d.elements = [1, 2].map(() => ({ ...d.elements[0]! }))
        d.cycle_minutes = 721
      },
      'definition.cycle_minutes',
      'errors.schedule_too_long',
    ],
    [
      'cycle starts closer than the irrigation time',
      (_, d) =>
        Object.assign(d, { starts: { kind: 'every', start_time: '06:00', count: 2, every_minutes: 10 } }),
      'definition.starts',
      'errors.schedule_cycles_overlap',
    ],
    [
      'the same hour twice',
      (_, d) => Object.assign(d, { starts: { kind: 'hours', times: ['06:00', '06:00'] } }),
      'definition.starts',
      'errors.schedule_cycles_overlap',
    ],
    [
      'fertigation of a cycle that does not exist',
      (_, d) => Object.assign(d, { fertigation: { kind: 'cycles', cycles: [3] } }),
      'definition.fertigation',
      'errors.schedule_data_error',
    ],
  ]

  it('refuses every rule of spec 01 section 5 with a breaking value (400, the problem on its field), storing nothing', async () => {
    const { session, valve, user } = await irrigatedAccount(server)
    for (const [rule, breakIt, path, key] of rules) {
      const body = scheduleBody([{ kind: 'output', id: valve[0]!.id }]) as Body & Record<string, unknown>
      breakIt(body, body.definition as Definition)
      // A schedule rule of the error catalogue answers its own code and message; a field's bound or format validation_failed.
      const code = key.startsWith('errors.schedule_') ? key.slice('errors.'.length) : 'validation_failed'
      for (const url of ['/api/schedulers', '/api/schedulers/preview']) {
        const answer = await session.write('POST', url, body)
        expect([rule, url, answer.status, answer.body.error, answer.body.message]).toEqual([
          rule,
          url,
          400,
          code,
          translate('en', `errors.${code}`),
        ])
        expect([rule, issuesOf(answer.body)]).toMatchObject([rule, { [path]: translate('en', key) }])
      }
    }
    expect(await storedSchedules(user.id_client)).toEqual([])
  })

  it('answers the refusals in Polish for a Polish user', async () => {
    const { session, valve, user } = await irrigatedAccount(server, 'pl')
    const body = scheduleBody([{ kind: 'output', id: valve[0]!.id }])
    const answer = await session.write('POST', '/api/schedulers', {
      ...body,
      definition: {
        ...body.definition,
        starts: { kind: 'every', start_time: '06:00', count: 2, every_minutes: 5 },
      },
    })
    expect(answer.status).toBe(400)
    expect(answer.body.error).toBe('schedule_cycles_overlap')
    expect(answer.body.message).toBe('Odstępy między startami cykli muszą być dłuższe niż czas nawadniania.')
    expect(issuesOf(answer.body)).toEqual({
      'definition.starts': translate('pl', 'errors.schedule_cycles_overlap'),
    })
    expect(issuesOf(answer.body)['definition.starts']).not.toBe(
      translate('en', 'errors.schedule_cycles_overlap'),
    )
    const empty = await session.write('POST', '/api/schedulers', { ...body, name: '' })
    expect(issuesOf(empty.body)).toEqual({ name: 'Pole wymagane' })
    expect(await storedSchedules(user.id_client)).toEqual([])
  })

  it('answers a failed write with “Failed to save the schedule.” and keeps what was there', async () => {
    const { session, valve, user } = await irrigatedAccount(server)
    const schedule = await createdSchedule(session, [{ kind: 'output', id: valve[0]!.id }])
    const pool = server.database.pool
    await pool.query(`alter table schedules add constraint refuse_broken check (name <> 'Broken') not valid`)
    try {
      const body = scheduleBody([{ kind: 'output', id: valve[0]!.id }], { name: 'Broken' })
      for (const [method, url] of [
        ['POST', '/api/schedulers'],
        ['PUT', `/api/schedulers/${schedule.id}`],
      ] as const) {
        const answer = await session.write(method, url, body)
        expect([method, answer.status, answer.body]).toEqual([
          method,
          500,
          { error: 'schedule_save_failed', message: 'Failed to save the schedule.' },
        ])
      }
    } finally {
      await pool.query('alter table schedules drop constraint refuse_broken')
    }
    expect(await storedSchedules(user.id_client)).toEqual([{ name: 'Morning watering' }])
  })

  it('resolves sections, groups and outputs to the outputs they open and their water source', async () => {
    const farm = await irrigatedAccount(server)
    const db = server.database.db
    const definition = {
      elements: [
        { kind: 'section' as const, id: farm.orchard.id, percent: 100 },
        { kind: 'group' as const, id: farm.rowA.id, percent: 100 },
        { kind: 'output' as const, id: farm.valve[1]!.id, percent: 50 },
      ],
    }
    const well = { id: farm.well.id, clean: [farm.light[0]!.id], fertigation: [farm.light[1]!.id] }
    const rowA = [farm.valve[0]!.id, farm.valve[1]!.id]
    expect(await resolveScheduleElements(db, farm.user.id_client, 1, definition)).toEqual([
      { element_index: 0, outputs: rowA, water_source: well },
      // Valves of row A have no water source of their own: they draw from the orchard's.
      { element_index: 1, outputs: rowA, water_source: well },
      { element_index: 2, outputs: [farm.valve[1]!.id], water_source: well },
    ])
    // Control schedules open no water source.
    expect(await resolveScheduleElements(db, farm.user.id_client, 4, definition)).toEqual([
      { element_index: 0, outputs: rowA, water_source: null },
      { element_index: 1, outputs: rowA, water_source: null },
      { element_index: 2, outputs: [farm.valve[1]!.id], water_source: null },
    ])
    // An output in no section and without a water source opens alone.
    expect(
      await resolveScheduleElements(db, farm.user.id_client, 1, {
        elements: [{ kind: 'output', id: farm.valve[3]!.id, percent: 100 }],
      }),
    ).toEqual([{ element_index: 0, outputs: [farm.valve[3]!.id], water_source: null }])
  })

  it('refuses elements that are missing, empty, not irrigating or drawing from different water sources', async () => {
    const farm = await irrigatedAccount(server)
    const stranger = await irrigatedAccount(server)
    const refusal = async (elements: Parameters<typeof scheduleBody>[0], type = 1) => {
      const answer = await farm.session.write('POST', '/api/schedulers', scheduleBody(elements, { type }))
      return { status: answer.status, error: answer.body.error, issues: issuesOf(answer.body) }
    }
    const own = { kind: 'output' as const, id: farm.valve[0]!.id }
    expect(await refusal([own, { kind: 'section', id: stranger.orchard.id }])).toEqual({
      status: 400,
      error: 'element_not_found',
      issues: { 'definition.elements.1': 'One of the chosen elements no longer exists.' },
    })
    expect((await refusal([{ kind: 'group', id: stranger.rowA.id }])).error).toBe('element_not_found')
    expect((await refusal([{ kind: 'output', id: stranger.valve[0]!.id }])).error).toBe('element_not_found')
    expect((await refusal([{ kind: 'output', id: 2_000_000_000 }])).error).toBe('element_not_found')
    expect(await refusal([own, { kind: 'group', id: farm.empty.id }])).toEqual({
      status: 400,
      error: 'schedule_empty_group',
      issues: { 'definition.elements.1': 'An empty group is not allowed.' },
    })
    expect((await refusal([{ kind: 'section', id: farm.bare.id }])).error).toBe('schedule_empty_group')
    expect(
      await refusal([
        { kind: 'section', id: farm.orchard.id },
        { kind: 'section', id: farm.meadow.id },
      ]),
    ).toEqual({
      status: 400,
      error: 'schedule_different_water_sources',
      issues: { 'definition.elements.1': 'All sections must share the same water source.' },
    })
    expect(await refusal([{ kind: 'output', id: farm.light[0]!.id }])).toEqual({
      status: 400,
      error: 'schedule_not_irrigating',
      issues: { 'definition.elements.0': 'This output does not irrigate: use a control schedule for it.' },
    })
    const modules = await server.database.pool.query(
      `insert into groups (id_client, name, scope) values ($1, 'Modules', 'objects') returning id`,
      [farm.user.id_client],
    )
    expect(await refusal([{ kind: 'group', id: modules.rows[0].id as number }])).toMatchObject({
      status: 400,
      issues: { 'definition.elements.0': 'Choose a value from the list.' },
    })
    expect(await storedSchedules(farm.user.id_client)).toEqual([])
    // A control schedule drives the lights.
    const lights = await farm.session.write(
      'POST',
      '/api/schedulers',
      scheduleBody([{ kind: 'output', id: farm.light[0]!.id }], { type: 4 }),
    )
    expect(lights.status).toBe(201)
  })

  it('pauses, unpauses, ends (shown or hidden) and removes the runs not yet sent', async () => {
    const farm = await irrigatedAccount(server)
    const { session } = farm
    // It begins far ahead, so the plans below are the only ones it has (the planner makes none yet).
    const schedule = await createdSchedule(session, [{ kind: 'output', id: farm.valve[0]!.id }], {
      begin_date: '2099-01-01',
    })
    expect(schedule.state).toBe('not_started')
    const plan = (hours: number, status = 0) =>
      storedPlan(server, {
        id_client: farm.user.id_client,
        id_schedule: schedule.id,
        id_output: farm.valve[0]!.id,
        open_at: new Date(Date.now() + hours * HOUR),
        status,
      })
    const running = await plan(-0.05, 2)
    const soon = await plan(1)
    const later = await plan(30)
    const pauseUntil = new Date(Date.now() + 5 * HOUR).toISOString()

    const socket = await connectBrowserSocket(server.url, session.cookieHeader())
    const deleted = nextEvents<{ ids: number[] }>(socket, 'deleted_outputs_plans')
    const paused = await session.write('POST', `/api/schedulers/${schedule.id}/pause`, { until: pauseUntil })
    expect(paused.body).toMatchObject({ state: 'paused', paused_until: pauseUntil })
    // The account's browsers hear which runs went.
    expect((await deleted)[0]!.ids).toContain(soon)
    socket.close()
    // The run within the pause goes; the one already running stays.
    expect(await planIds(schedule.id)).toContain(running)
    expect(await planIds(schedule.id)).not.toContain(soon)
    const unpaused = await session.write('POST', `/api/schedulers/${schedule.id}/unpause`, {})
    expect(unpaused.body).toMatchObject({ state: 'not_started', paused_from: null, paused_until: null })

    const past = await session.write('POST', `/api/schedulers/${schedule.id}/pause`, {
      until: new Date(Date.now() - HOUR).toISOString(),
    })
    expect([past.status, past.body.error]).toEqual([400, 'schedule_pause_failed'])
    const reversed = await session.write('POST', `/api/schedulers/${schedule.id}/pause`, {
      from: new Date(Date.now() + 3 * HOUR).toISOString(),
      until: new Date(Date.now() + 2 * HOUR).toISOString(),
    })
    expect([reversed.status, reversed.body.error, issuesOf(reversed.body)]).toEqual([
      400,
      'schedule_pause_failed',
      { until: 'Failed to create the pause.' },
    ])
    const indefinite = await session.write('POST', `/api/schedulers/${schedule.id}/pause`, {})
    expect(indefinite.body).toMatchObject({ state: 'paused', paused_until: null })

    const ended = await session.write('POST', `/api/schedulers/${schedule.id}/end`, { hidden: true })
    expect(ended.body).toMatchObject({ state: 'ended', hidden: true })
    expect(await planIds(schedule.id)).not.toContain(later)
    expect(await planIds(schedule.id)).toContain(running)
    expect((await session.request('GET', '/api/schedulers')).body).toEqual([])
    expect((await session.request('GET', '/api/schedulers?hidden=1')).body).toMatchObject([
      { id: schedule.id },
    ])
    const shown = await session.write('POST', `/api/schedulers/${schedule.id}/end`, { hidden: false })
    expect(shown.body).toMatchObject({ state: 'ended', hidden: false, ended_at: ended.body.ended_at })
    expect((await session.request('GET', '/api/schedulers')).body).toMatchObject([{ id: schedule.id }])

    const body = scheduleBody([{ kind: 'output', id: farm.valve[0]!.id }])
    for (const [method, url, payload] of [
      ['PUT', `/api/schedulers/${schedule.id}`, body],
      ['POST', `/api/schedulers/${schedule.id}/pause`, {}],
      ['POST', `/api/schedulers/${schedule.id}/unpause`, {}],
    ] as const) {
      const answer = await session.write(method, url, payload)
      expect([url, answer.status, answer.body.error]).toEqual([url, 409, 'schedule_ended'])
    }

    const other = await createdSchedule(session, [{ kind: 'output', id: farm.valve[1]!.id }])
    const otherPlan = await storedPlan(server, {
      id_client: farm.user.id_client,
      id_schedule: other.id,
      id_output: farm.valve[1]!.id,
      open_at: new Date(Date.now() + 2 * HOUR),
    })
    expect(otherPlan).toBeGreaterThan(0)
    expect((await session.write('DELETE', `/api/schedulers/${other.id}`)).status).toBe(200)
    expect(await planIds(other.id)).toEqual([])
  })

  it('tells each schedule its state and its next run within 24 hours', async () => {
    const farm = await irrigatedAccount(server)
    const { session } = farm
    const active = await createdSchedule(session, [{ kind: 'output', id: farm.valve[0]!.id }], {
      begin_date: '2020-01-01',
    })
    const expired = await createdSchedule(session, [{ kind: 'output', id: farm.valve[1]!.id }], {
      begin_date: '2020-01-01',
      expiration_date: '2020-01-31',
    })
    const future = await createdSchedule(session, [{ kind: 'output', id: farm.valve[2]!.id }], {
      begin_date: '2099-01-01',
    })
    // Plans of the one beginning far ahead are the only ones it has (the planner makes none yet).
    const at = (hours: number, status = 0) =>
      storedPlan(server, {
        id_client: farm.user.id_client,
        id_schedule: future.id,
        id_output: farm.valve[2]!.id,
        open_at: new Date(Math.floor((Date.now() + hours * HOUR) / 1000) * 1000),
        status,
      })
    await at(-1, 10)
    await at(0.5, 10)
    await at(30)
    const next = new Date(Math.floor((Date.now() + 3 * HOUR) / 1000) * 1000)
    await at(3)
    await at(5)
    const listed = (await session.request('GET', '/api/schedulers')).body as unknown as {
      id: number
      state: string
      next_run: string | null
    }[]
    expect(listed.map(({ id, state }) => ({ id, state }))).toEqual([
      { id: active.id, state: 'active' },
      { id: expired.id, state: 'expired' },
      { id: future.id, state: 'not_started' },
    ])
    expect(listed.map((row) => row.next_run).slice(1)).toEqual([null, next.toISOString()])
  })

  it("gives a schedule's history (spec 02 section 7) and the account's calendar", async () => {
    const farm = await irrigatedAccount(server)
    const { session } = farm
    const schedule = await createdSchedule(session, [{ kind: 'section', id: farm.orchard.id }], {
      begin_date: '2020-01-01',
    })
    const plan = (hours: number, id_output: number, role = 'element') =>
      storedPlan(server, {
        id_client: farm.user.id_client,
        id_schedule: schedule.id,
        id_output,
        role,
        open_at: new Date(Date.UTC(2026, 4, 10) + hours * HOUR),
        status: 10,
      })
    const first = await plan(6, farm.valve[0]!.id)
    const source = await plan(6, farm.light[0]!.id, 'clean_source')
    const second = await plan(30, farm.valve[1]!.id)
    await plan(50, farm.valve[0]!.id)
    const d0 = '2026-05-10T00:00:00.000Z'
    const d1 = '2026-05-12T00:00:00.000Z'
    const history = await session.request(
      'GET',
      `/api/schedulers/sch_history?id_schedule=${schedule.id}&d0=${encodeURIComponent(d0)}&d1=${encodeURIComponent(d1)}`,
    )
    expect(history.status).toBe(200)
    expect(history.body.dates).toEqual({ d0, d1 })
    const outputsPlans = history.body.Scheduler_outputs_plans as Record<string, unknown>[]
    expect(outputsPlans.map((row) => row.id)).toEqual([first, second])
    expect(outputsPlans[0]).toMatchObject({
      id_schedule: schedule.id,
      id_output: farm.valve[0]!.id,
      role: 'element',
      open_at: '2026-05-10T06:00:00.000Z',
      duration: 10,
      status: 10,
      Scheduler: { id: schedule.id, name: 'Morning watering', type: 1, deleted_at: null },
      Output: { id: farm.valve[0]!.id, name: farm.valve[0]!.name, field_name: 'o1' },
    })
    expect((history.body.Scheduler_sources_plans as { id: number }[]).map((row) => row.id)).toEqual([source])
    // Calendar days are taken in the user's time zone (Europe/Warsaw: 2026-05-11 begins 2026-05-10 22:00 UTC).
    const days = await session.request(
      'GET',
      `/api/schedulers/sch_history?id_schedule=${schedule.id}&d0=2026-05-11&d1=2026-05-12`,
    )
    expect(days.body.dates).toEqual({ d0: '2026-05-11', d1: '2026-05-12' })
    expect((days.body.Scheduler_outputs_plans as { id: number }[]).map((row) => row.id)).toEqual([second])

    const calendar = await session.request('GET', `/api/outputs_plans?from=${d0}&to=${d1}`)
    expect((calendar.body as unknown as { id: number }[]).map((row) => row.id)).toEqual([
      first,
      source,
      second,
    ])
    const tooLong = await session.request('GET', `/api/outputs_plans?from=${d0}&to=2026-08-01T00:00:00Z`)
    expect([tooLong.status, issuesOf(tooLong.body)]).toEqual([400, { to: 'The value is too big.' }])
    const reversed = await session.request('GET', `/api/outputs_plans?from=${d1}&to=${d0}`)
    expect(reversed.status).toBe(400)
    const garbage = await session.request(
      'GET',
      `/api/schedulers/sch_history?id_schedule=${schedule.id}&d0=soon&d1=${d1}`,
    )
    expect([garbage.status, issuesOf(garbage.body)]).toEqual([400, { d0: 'Date is incorrect.' }])

    // A deleted schedule's history stays readable.
    await session.write('DELETE', `/api/schedulers/${schedule.id}`)
    const afterwards = await session.request(
      'GET',
      `/api/schedulers/sch_history?id_schedule=${schedule.id}&d0=${d0}&d1=${d1}`,
    )
    expect(
      (afterwards.body.Scheduler_outputs_plans as { Scheduler: { deleted_at: string } }[])[0]!.Scheduler
        .deleted_at,
    ).not.toBeNull()
  })

  it('shows in the calendar a run that opened before the period and is still open in it', async () => {
    const farm = await irrigatedAccount(server)
    const schedule = await createdSchedule(farm.session, [{ kind: 'section', id: farm.orchard.id }], {
      begin_date: '2020-01-01',
    })
    const from = Date.UTC(2026, 4, 11)
    const plan = (openedMinutesBefore: number, duration: number) =>
      storedPlan(server, {
        id_client: farm.user.id_client,
        id_schedule: schedule.id,
        id_output: farm.valve[0]!.id,
        open_at: new Date(from - openedMinutesBefore * 60_000),
        duration,
        status: 10,
      })
    // Opened at 23:30 the evening before for an hour: it waters until 00:30, inside the day.
    const acrossMidnight = await plan(30, 60)
    // Opened at 23:00 for an hour: closed exactly as the day began.
    await plan(60, 60)
    const inside = await plan(-60, 10)
    const day = `from=${new Date(from).toISOString()}&to=${new Date(from + 24 * HOUR).toISOString()}`
    const calendar = await farm.session.request('GET', `/api/outputs_plans?${day}`)
    expect(calendar.status).toBe(200)
    expect((calendar.body as unknown as { id: number }[]).map((row) => row.id)).toEqual([
      acrossMidnight,
      inside,
    ])
  })

  it('previews the openings of the next 7 days, giving way to the runs other schedules hold', async () => {
    const farm = await irrigatedAccount(server)
    const { session } = farm
    const body = scheduleBody(
      [
        { kind: 'output', id: farm.valve[0]!.id },
        { kind: 'output', id: farm.valve[1]!.id, percent: 50 },
      ],
      { begin_date: warsawDay(1), expiration_date: warsawDay(1) },
    )
    const alone = await session.write('POST', '/api/schedulers/preview', body)
    expect(alone.status).toBe(200)
    const runs = alone.body.runs as {
      open_at: string
      id_output: number
      role: string
      duration: number
      output_name: string
    }[]
    // One day only: valve 1 for 10 minutes from 06:00 Warsaw, valve 2 for 5 right after it, and
    // the orchard's well (their water source) clean-water output for the 15 minutes of both.
    expect(runs.map((run) => [run.id_output, run.role, run.duration, run.output_name])).toEqual([
      [farm.valve[0]!.id, 'element', 10, farm.valve[0]!.name],
      [farm.light[0]!.id, 'clean_source', 15, farm.light[0]!.name],
      [farm.valve[1]!.id, 'element', 5, farm.valve[1]!.name],
    ])
    const first = new Date(runs[0]!.open_at)
    const minutesAfter = (list: typeof runs) =>
      list.map((run) => (new Date(run.open_at).getTime() - first.getTime()) / 60_000)
    expect(minutesAfter(runs)).toEqual([0, 0, 10])
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Warsaw',
        hour: '2-digit',
        minute: '2-digit',
      }).format(first),
    ).toBe('06:00')
    expect(alone.body.warnings).toEqual(['slider_not_full'])
    expect(await storedSchedules(farm.user.id_client)).toEqual([])

    // Another schedule holds valve 1 from 06:00 for 15 minutes: the whole cycle waits for it.
    const holder = await createdSchedule(session, [{ kind: 'output', id: farm.valve[2]!.id }])
    await storedPlan(server, {
      id_client: farm.user.id_client,
      id_schedule: holder.id,
      id_output: farm.valve[0]!.id,
      open_at: first,
      duration: 15,
    })
    const waiting = (await session.write('POST', '/api/schedulers/preview', body)).body.runs as typeof runs
    expect(minutesAfter(waiting)).toEqual([15, 15, 25])
    // The schedule being edited gives way to nobody for its own plans.
    const own = await session.write('POST', `/api/schedulers/preview?id_schedule=${holder.id}`, body)
    expect((own.body.runs as typeof runs).map((run) => run.open_at)).toEqual(runs.map((run) => run.open_at))
  })

  it('plans exactly the openings the preview showed, and replans them on pause and unpause', async () => {
    const farm = await irrigatedAccount(server)
    const { session } = farm
    // Another schedule's run holds valve 1 tomorrow from 05:55 Warsaw for 20 minutes (stored below).
    const holder = await createdSchedule(session, [{ kind: 'output', id: farm.valve[2]!.id }], {
      begin_date: '2099-01-01',
    })
    const tomorrow = warsawDay(1)
    const previewFirst = (
      await session.write(
        'POST',
        '/api/schedulers/preview',
        scheduleBody([{ kind: 'output', id: farm.valve[0]!.id }], {
          begin_date: tomorrow,
          expiration_date: tomorrow,
        }),
      )
    ).body.runs as { open_at: string }[]
    const sixOClock = new Date(previewFirst[0]!.open_at).getTime()
    await storedPlan(server, {
      id_client: farm.user.id_client,
      id_schedule: holder.id,
      id_output: farm.valve[0]!.id,
      open_at: new Date(sixOClock - 5 * 60_000),
      duration: 20,
    })
    const body = scheduleBody(
      [
        { kind: 'section', id: farm.orchard.id },
        { kind: 'output', id: farm.valve[3]!.id, percent: 30 },
      ],
      {
        type: 1,
        begin_date: tomorrow,
        expiration_date: tomorrow,
        definition: {
          starts: { kind: 'hours', times: ['06:00', '12:00'] },
          fertigation: { kind: 'cycles', cycles: [2] },
        },
      },
    )
    const key = (run: {
      id_output: number
      role: string
      open_at: string
      duration: number
      fertigation: boolean
    }) => `${run.open_at} ${run.id_output} ${run.role} ${run.duration} ${run.fertigation}`
    const preview = await session.write('POST', '/api/schedulers/preview', body)
    expect(preview.status).toBe(200)
    const shown = (preview.body.runs as Parameters<typeof key>[0][]).map(key).sort()
    // The first cycle waits for the held run (06:15), the noon one does not; the well's
    // fertigation output opens for the second cycle only.
    const at = (minutes: number) => new Date(sixOClock + minutes * 60_000).toISOString()
    expect(shown[0]!.startsWith(at(15))).toBe(true)
    expect(shown.some((run) => run.startsWith(at(6 * 60)))).toBe(true)
    expect(shown.some((run) => run.includes(' fertigation_source '))).toBe(true)

    const schedule = await created(session, '/api/schedulers', body)
    const planned = async () =>
      (
        await server.database.pool.query(
          `select id_output, role, open_at, duration, fertigation from outputs_plans
            where id_schedule = $1 and status = 0`,
          [schedule.id],
        )
      ).rows
        .map((row) => key({ ...row, open_at: (row.open_at as Date).toISOString() }))
        .sort()
    expect(await planned()).toEqual(shown)

    await session.write('POST', `/api/schedulers/${schedule.id}/pause`, {})
    expect(await planned()).toEqual([])
    await session.write('POST', `/api/schedulers/${schedule.id}/unpause`, {})
    expect(await planned()).toEqual(shown)
  })

  it('plans a schedule with those sharing its water source, as its preview shows: higher priority first', async () => {
    const farm = await irrigatedAccount(server)
    const { session } = farm
    const tomorrow = warsawDay(1)
    const orchardTomorrow = (priority: number) =>
      scheduleBody([{ kind: 'section', id: farm.orchard.id }], {
        priority,
        begin_date: tomorrow,
        expiration_date: tomorrow,
      })
    const standard = await created(session, '/api/schedulers', orchardTomorrow(0))
    const rows = async (idSchedule: number) =>
      (
        await server.database.pool.query(
          `select id_output, role, open_at, duration from outputs_plans where id_schedule = $1 and status = 0`,
          [idSchedule],
        )
      ).rows
        .map((row) => `${(row.open_at as Date).toISOString()} ${row.id_output} ${row.role} ${row.duration}`)
        .sort()
    const before = await rows(standard.id)
    const six = before[0]!.slice(0, 24)

    const preview = await session.write('POST', '/api/schedulers/preview', orchardTomorrow(1))
    const shown = (
      preview.body.runs as { id_output: number; role: string; open_at: string; duration: number }[]
    )
      .map((run) => `${run.open_at} ${run.id_output} ${run.role} ${run.duration}`)
      .sort()
    // The higher-priority schedule keeps 06:00 for both valves of the orchard; the well's pump
    // opens once for both schedules, 20 minutes on its row.
    expect(shown).toEqual(
      [
        `${six} ${farm.light[0]!.id} clean_source 20`,
        `${six} ${farm.valve[0]!.id} element 10`,
        `${six} ${farm.valve[1]!.id} element 10`,
      ].sort(),
    )
    const higher = await created(session, '/api/schedulers', orchardTomorrow(1))
    expect(await rows(higher.id)).toEqual(shown)
    // The standard one waits until 06:10, watered by that pump opening.
    const ten = new Date(Date.parse(six) + 10 * 60_000).toISOString()
    expect(await rows(standard.id)).toEqual(
      before.filter((row) => row.includes(' element ')).map((row) => row.replace(six, ten)),
    )
  })

  it('blocks removing the sections, groups, outputs and water sources a schedule uses until it ends', async () => {
    const farm = await irrigatedAccount(server)
    const { session } = farm
    const schedule = await createdSchedule(session, [{ kind: 'section', id: farm.orchard.id }])
    const blocking = [{ kind: 'schedule', id: schedule.id, name: 'Morning watering' }]
    for (const path of [
      `/api/sections/${farm.orchard.id}`,
      `/api/groups/${farm.rowA.id}`,
      `/api/outputs/${farm.valve[0]!.id}`,
      `/api/water_sources/${farm.well.id}`,
    ]) {
      const usage = await session.request('GET', `${path}/usage`)
      expect([path, usage.body.blocking]).toEqual([path, blocking])
      const refused = await session.write('DELETE', path)
      expect([path, refused.status, refused.body.error]).toEqual([path, 409, 'resource_in_use'])
      expect(refused.body.message).toContain('Morning watering')
    }
    // What it does not use is free.
    expect((await session.request('GET', `/api/sections/${farm.meadow.id}/usage`)).body).toEqual({
      blocking: [],
      warnings: [],
    })
    await session.write('POST', `/api/schedulers/${schedule.id}/end`, { hidden: false })
    expect((await session.write('DELETE', `/api/sections/${farm.orchard.id}`)).status).toBe(200)
  })
})
