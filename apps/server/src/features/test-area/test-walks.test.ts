import { type ModuleDiagnostics, type TestRun, testRunSchema } from '@kropla/domain'
import { translate } from '@kropla/i18n'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { type CommandedModule, commandedModule } from '../../test/module-fixture'
import { created } from '../../test/resource-fixtures'
import {
  connectBrowserSocket,
  type SeededAccount,
  startWithAccounts,
  type TestServer,
  until,
} from '../../test/test-server'

let server: TestServer
let farm: SeededAccount
let neighbour: SeededAccount
let session: Awaited<ReturnType<typeof loggedIn>>
let browser: Socket
const events: TestRun[] = []
const devices: CommandedModule[] = []
const timers: NodeJS.Timeout[] = []

/**
 * Like the simulator: a timed opening closes on the module's own clock at its `until`, and the
 * module reports the output off.
 */
function closesOnTime(device: CommandedModule) {
  let seen = 0
  const watch = setInterval(() => {
    for (const command of device.commands.slice(seen)) {
      for (const [name, order] of Object.entries(command.outputs))
        if (order.on && order.until) {
          const wait = Math.max(0, Date.parse(order.until) - Date.now())
          timers.push(setTimeout(() => void device.switched(name, false).catch(() => undefined), wait))
        }
    }
    seen = device.commands.length
  }, 20)
  timers.push(watch)
}

async function outputOf(idObject: number, field: string) {
  const { rows } = await server.database.pool.query<{ id: number; name: string }>(
    'select id, name from outputs where id_object = $1 and field_name = $2',
    [idObject, field],
  )
  return rows[0]!
}

const runsOf = async (idClient: number) =>
  (
    await server.database.pool.query('select count(*)::int as n from test_runs where id_client = $1', [
      idClient,
    ])
  ).rows[0].n as number

async function finished(id: number) {
  return until(async () => {
    const run = testRunSchema.parse((await session.request('GET', `/api/test/runs/${id}`)).body)
    return run.result !== 'running' && run
  }, 30_000)
}

/** A run of an automatic schedule under way on the output (manual control refuses then). */
async function scheduledRun(idOutput: number) {
  const schedule = await server.database.pool.query(
    `insert into schedules (id_client, name, type, begin_date, time_zone, definition)
     values ($1, 'Night watering', 1, '2099-01-01', 'UTC', $2) returning id`,
    [
      farm.user.id_client,
      JSON.stringify({
        rule: { kind: 'every_n_days', n: 1 },
        cycle_minutes: 10,
        starts: { kind: 'hours', times: ['03:00'] },
        elements: [{ kind: 'output', id: idOutput, percent: 100 }],
      }),
    ],
  )
  await server.database.pool.query(
    `insert into outputs_plans (id_client, id_schedule, id_output, planned_at, open_at, duration, status)
     values ($1, $2, $3, $4, $4, 10, 2)`,
    [farm.user.id_client, schedule.rows[0].id, idOutput, new Date(Date.now() - 60_000)],
  )
  return () => server.database.pool.query('delete from schedules where id = $1', [schedule.rows[0].id])
}

beforeAll(async () => {
  ;({ server, farm, neighbour } = await startWithAccounts(['AM-411', 'AM-411'], ['AM-411'], {
    manualControl: { commandTimeoutMs: 2_000, commandMergeMs: 300, sweepMs: 100 },
    testArea: { offGraceMs: 1_500, pollMs: 50 },
  }))
  session = await loggedIn(server.url, farm.email, farm.password)
  browser = await connectBrowserSocket(server.url, session.cookieHeader())
  browser.on('test_runs', (run: TestRun) => events.push(run))
  for (const module of farm.modules) {
    const device = await commandedModule(server, module)
    closesOnTime(device)
    devices.push(device)
  }
})
afterAll(async () => {
  for (const timer of timers) clearTimeout(timer)
  for (const device of devices) await device.close()
  browser?.close()
  await server?.stop()
})

describe('the output test (POST /api/test/outputs/:id)', () => {
  it('pulses the output for the seconds asked; it passes once the module confirmed it on and then off, recorded with who', async () => {
    const valve = await outputOf(farm.modules[0]!.id, 'o1')
    const device = devices[0]!
    const started = await session.write('POST', `/api/test/outputs/${valve.id}`, { seconds: 2 })
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    const run = testRunSchema.parse(started.body)
    expect(run).toMatchObject({
      kind: 'output',
      subject_id: valve.id,
      subject_name: valve.name,
      result: 'running',
    })
    expect(run.details).toEqual({
      seconds: 2,
      items: [{ key: `output:${valve.id}`, label: valve.name, result: 'waiting', reason: null }],
    })
    const ended = await finished(run.id)
    expect(ended).toMatchObject({ result: 'pass', id_user: farm.user.id, user_name: farm.email })
    expect(ended.details.items[0]).toMatchObject({ result: 'pass', reason: null })
    // The module was told to open it for 2 s by its clock (a whole minute at most without one).
    const order = device.commands.find((command) => command.outputs.o1?.on)!.outputs.o1!
    expect(order.minutes).toBe(1)
    const opening = Date.parse(ended.details.items[0]!.started_at!)
    expect(Date.parse(order.until!) - opening).toBeGreaterThanOrEqual(1_500)
    // Seconds, not the minute: well under 60 s even when a busy machine sends it late.
    expect(Date.parse(order.until!) - opening).toBeLessThanOrEqual(20_000)
    // The browsers saw it start, run and pass.
    const seen = await until(async () => {
      const mine = events.filter((event) => event.id === run.id)
      return mine.at(-1)?.result === 'pass' && mine
    })
    const steps = seen.map((event) => event.details.items[0]!.result)
    expect(steps[0]).toBe('waiting')
    expect(steps).toContain('running')
    expect(steps.at(-1)).toBe('pass')
  })

  it('fails with the reason when the module refuses the command', async () => {
    const valve = await outputOf(farm.modules[1]!.id, 'o1')
    devices[1]!.behave('reject')
    try {
      const started = await session.write('POST', `/api/test/outputs/${valve.id}`, { seconds: 2 })
      const ended = await finished((started.body as { id: number }).id)
      expect(ended.result).toBe('fail')
      expect(ended.details.items[0]).toMatchObject({ result: 'fail', reason: 'manual_command_failed' })
    } finally {
      devices[1]!.behave('obey')
    }
  })

  it('is refused while a schedule runs the output, like manual control; the refusal is recorded and nothing is sent', async () => {
    const valve = await outputOf(farm.modules[0]!.id, 'o2')
    const remove = await scheduledRun(valve.id)
    try {
      const sent = devices[0]!.commands.length
      const polish = await loggedIn(server.url, farm.email, farm.password, 'pl')
      const refused = await polish.write('POST', `/api/test/outputs/${valve.id}`, { seconds: 2 })
      expect(refused.status).toBe(409)
      expect(refused.body).toMatchObject({
        error: 'output_schedule_running',
        message: translate('pl', 'errors.output_schedule_running'),
      })
      const history = (await session.request('GET', '/api/test/runs?limit=1')).body as { runs: TestRun[] }
      expect(history.runs[0]).toMatchObject({
        subject_id: valve.id,
        result: 'fail',
        details: {
          reason: 'output_schedule_running',
          items: [{ result: 'fail', reason: 'output_schedule_running' }],
        },
      })
      expect(devices[0]!.commands.length).toBe(sent)
    } finally {
      await remove()
    }
  })
})

describe('walks', () => {
  it('walks a group: each output in turn, pass or fail each from the module’s confirmed state', async () => {
    const [a, b] = [await outputOf(farm.modules[0]!.id, 'o3'), await outputOf(farm.modules[1]!.id, 'o3')]
    const group = await created(session, '/api/groups', {
      name: 'Walk group',
      scope: 'outputs',
      elements: [a.id, b.id],
    })
    devices[1]!.behave('silent')
    try {
      const started = await session.write('POST', `/api/test/groups/${group.id}`, { seconds: 1 })
      expect(started.status, JSON.stringify(started.body)).toBe(201)
      const run = testRunSchema.parse(started.body)
      expect(run).toMatchObject({ kind: 'group', subject_id: group.id, subject_name: 'Walk group' })
      const ended = await finished(run.id)
      expect(ended.result).toBe('partial')
      const byKey = Object.fromEntries(ended.details.items.map((item) => [item.key, item]))
      expect(byKey[`output:${a.id}`]).toMatchObject({ result: 'pass', reason: null })
      expect(byKey[`output:${b.id}`]).toMatchObject({ result: 'fail', reason: 'command_timed_out' })
      // One after another: the second started once the first had ended.
      const [first, second] = ended.details.items
      expect(Date.parse(second!.started_at!)).toBeGreaterThanOrEqual(Date.parse(first!.finished_at!))
    } finally {
      devices[1]!.behave('obey')
    }
  })

  it('cancels a walk: the open output is told to close, the rest are skipped', async () => {
    const [a, b] = [await outputOf(farm.modules[0]!.id, 'o4'), await outputOf(farm.modules[1]!.id, 'o4')]
    const group = await created(session, '/api/groups', {
      name: 'Long walk',
      scope: 'outputs',
      elements: [a.id, b.id],
    })
    const started = await session.write('POST', `/api/test/groups/${group.id}`, { seconds: 60 })
    const run = testRunSchema.parse(started.body)
    await until(async () => devices[0]!.outputs.o4 === true)
    const cancelled = await session.write('POST', `/api/test/runs/${run.id}/cancel`)
    expect(cancelled.status).toBe(200)
    const ended = await finished(run.id)
    expect(ended.details.cancelled).toBe(true)
    expect(ended.result).toBe('fail')
    expect(ended.details.items.map((item) => [item.result, item.reason])).toEqual([
      ['skipped', 'test_cancelled'],
      ['skipped', 'test_cancelled'],
    ])
    expect(devices[0]!.outputs.o4).toBe(false)
    expect(devices[1]!.commands.some((command) => command.outputs.o4)).toBe(false)
  })

  it('walks the outputs of sections and water sources, each once', async () => {
    const pump = await outputOf(farm.modules[1]!.id, 'o2')
    await created(session, '/api/water_sources', { name: 'Well', efficiency: 5, clean_outputs: [pump.id] })
    const started = await session.write('POST', '/api/test/resources', { seconds: 1 })
    expect(started.status, JSON.stringify(started.body)).toBe(201)
    const ended = await finished((started.body as { id: number }).id)
    expect(ended.kind).toBe('resources')
    expect(ended.result).toBe('pass')
    expect(ended.details.items).toEqual([
      expect.objectContaining({ key: `output:${pump.id}`, label: `Well: ${pump.name}`, result: 'pass' }),
    ])
  })
})

describe('counters on inputs in a resource walk', () => {
  it('records how far a rain gauge counted while the walk ran; one that did not count is no failure', async () => {
    const gauge = await server.database.pool.query<{ id: number }>(
      `insert into outputs (id_client, id_object, field_name, name, kind, type, properties)
       values ($1, $2, 'DI_USR_1', 'Rain gauge', 'counter_input', 'udometer', '{"udo_units":0,"multiplier":0.2,"counter_type":1}')
       returning id`,
      [farm.user.id_client, farm.modules[0]!.id],
    )
    const setCount = (value: number) =>
      server.database.pool.query(
        `insert into latest_readings (object_id, field, ts, value, id_client) values ($1, 'DI_USR_1', now(), $2, $3)
         on conflict (object_id, field) do update set value = excluded.value, ts = excluded.ts`,
        [farm.modules[0]!.id, value, farm.user.id_client],
      )
    await setCount(10)
    const started = await session.write('POST', '/api/test/resources', { seconds: 1 })
    const run = testRunSchema.parse(started.body)
    expect(run.details.items.at(-1)).toMatchObject({ key: `counter:${gauge.rows[0]!.id}`, count_start: 10 })
    await setCount(14)
    const ended = await finished(run.id)
    expect(ended.result).toBe('pass')
    expect(ended.details.items.at(-1)).toMatchObject({ result: 'pass', count_start: 10, count_end: 14 })

    const still = testRunSchema.parse(
      (await session.write('POST', '/api/test/resources', { seconds: 1 })).body,
    )
    const quiet = await finished(still.id)
    expect(quiet.result).toBe('pass')
    expect(quiet.details.items.at(-1)).toMatchObject({
      result: 'skipped',
      reason: 'test_no_count',
      count_end: 14,
    })
  })
})

describe('a module’s diagnostics (GET /api/test/objects/:id)', () => {
  it('shows its outputs, the last messages both ways and ingest’s refusals with reasons', async () => {
    const module = farm.modules[0]!
    await devices[0]!.reportData({ nonsense_field: true } as unknown as Record<string, boolean>)
    const answer = await until(async () => {
      const body = (await session.request('GET', `/api/test/objects/${module.id}`))
        .body as unknown as ModuleDiagnostics
      return body.rejections.length > 0 && body
    })
    expect(answer.outputs.map((output) => output.field_name)).toEqual(['o1', 'o2', 'o3', 'o4'])
    expect(answer.messages.every((message) => message.serial === module.serial)).toBe(true)
    expect(answer.messages.some((message) => message.direction === 'out' && message.kind === 'cmd')).toBe(
      true,
    )
    expect(answer.rejections[0]).toMatchObject({ reason: expect.any(String), count: expect.any(Number) })
  })
})

describe('tenancy and bad input', () => {
  it('lets another account neither test, cancel nor read this account’s outputs, groups and modules', async () => {
    const stranger = await loggedIn(server.url, neighbour.email, neighbour.password)
    const valve = await outputOf(farm.modules[0]!.id, 'o1')
    const group = await created(session, '/api/groups', {
      name: 'Private',
      scope: 'outputs',
      elements: [valve.id],
    })
    const [mine] = (await session.request('GET', '/api/test/runs?limit=1')).body.runs as TestRun[]
    const before = {
      farm: await runsOf(farm.user.id_client),
      neighbour: await runsOf(neighbour.user.id_client),
    }
    const sent = devices[0]!.commands.length
    for (const [method, path, body] of [
      ['POST', `/api/test/outputs/${valve.id}`, { seconds: 2 }],
      ['POST', `/api/test/groups/${group.id}`, { seconds: 2 }],
      ['POST', `/api/test/runs/${mine!.id}/cancel`, undefined],
      ['GET', `/api/test/objects/${farm.modules[0]!.id}`, undefined],
    ] as const) {
      const answer =
        method === 'GET' ? await stranger.request(method, path) : await stranger.write(method, path, body)
      expect(answer.status, path).toBe(404)
    }
    // Their own resource walk finds nothing of this account.
    expect((await stranger.write('POST', '/api/test/resources', { seconds: 2 })).body.error).toBe(
      'test_no_outputs',
    )
    expect(await runsOf(farm.user.id_client)).toBe(before.farm)
    expect(await runsOf(neighbour.user.id_client)).toBe(before.neighbour)
    expect(devices[0]!.commands.length).toBe(sent)
  })

  it('refuses a time outside 1 to 600 whole seconds in the user’s language, recording and sending nothing', async () => {
    const polish = await loggedIn(server.url, farm.email, farm.password, 'pl')
    const valve = await outputOf(farm.modules[0]!.id, 'o1')
    const before = await runsOf(farm.user.id_client)
    const sent = devices[0]!.commands.length
    for (const body of [{ seconds: 0 }, { seconds: 601 }, { seconds: 2.5 }, { seconds: '5' }, {}]) {
      const answer = await polish.write('POST', `/api/test/outputs/${valve.id}`, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.error, JSON.stringify(body)).toBe('test_seconds_range')
      expect(answer.body.message).toBe(translate('pl', 'errors.test_seconds_range'))
    }
    expect((await polish.write('POST', '/api/test/groups/abc', { seconds: 2 })).status).toBe(400)
    expect(await runsOf(farm.user.id_client)).toBe(before)
    expect(devices[0]!.commands.length).toBe(sent)
  })
})
