import type { ManualOpenRow, OutputPlanRow } from '@kropla/domain'
import { io as connectSocket, type Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { type CommandedModule, commandedModule } from '../../test/module-fixture'
import { created } from '../../test/resource-fixtures'
import {
  connectBrowserSocket,
  nextEvents,
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
let polish: Socket
const opens: ManualOpenRow[] = []
/** The server's clock for manual control: moved forward to see timed openings past their time. */
let shiftMs = 0

const [north, south, east, sequenced] = [0, 1, 2, 3]
const module = (index: number) => farm.modules[index]!
const devices: CommandedModule[] = []

async function outputOf(idObject: number, field: string) {
  const { rows } = await server.database.pool.query(
    'select id, name from outputs where id_object = $1 and field_name = $2',
    [idObject, field],
  )
  return rows[0] as { id: number; name: string }
}

async function openingsOf(idOutput: number) {
  return (
    await server.database.pool.query(
      'select id, status, minutes, error, closed_at, id_command from manual_opens where id_output = $1 order by id',
      [idOutput],
    )
  ).rows
}

async function countRows() {
  const { rows } = await server.database.pool.query(
    `select (select count(*)::int from commands) as commands, (select count(*)::int from manual_opens) as opens,
            (select count(*)::int from schedules) as schedules, (select count(*)::int from outputs_plans) as plans`,
  )
  return rows[0]
}

const ask = (socket: Socket, event: string, payload: unknown) =>
  socket.timeout(15_000).emitWithAck(event, payload) as Promise<Record<string, unknown>>

/** A running run (or one about to start) of an automatic schedule on the output. */
async function scheduledRun(idOutput: number, openAt: Date, type = 1) {
  const schedule = await server.database.pool.query(
    `insert into schedules (id_client, name, type, begin_date, time_zone, definition)
     values ($1, 'Night watering', $2, '2099-01-01', 'UTC', $3) returning id`,
    [
      farm.user.id_client,
      type,
      JSON.stringify({
        rule: { kind: 'every_n_days', n: 1 },
        cycle_minutes: 10,
        starts: { kind: 'hours', times: ['03:00'] },
        elements: [{ kind: 'output', id: idOutput, percent: 100 }],
      }),
    ],
  )
  const running = openAt.getTime() <= Date.now()
  await server.database.pool.query(
    `insert into outputs_plans (id_client, id_schedule, id_output, planned_at, open_at, duration, status)
     values ($1, $2, $3, $4, $4, 10, $5) returning id`,
    [farm.user.id_client, schedule.rows[0].id, idOutput, openAt, running ? 2 : 0],
  )
  return {
    /** Takes the schedule and its run away again, so that the plan runner never acts on them. */
    remove: () => server.database.pool.query('delete from schedules where id = $1', [schedule.rows[0].id]),
  }
}

beforeAll(async () => {
  ;({ server, farm, neighbour } = await startWithAccounts(
    ['AM-411', 'AM-411', 'AM-411', 'AM-411'],
    ['AM-411'],
    {
      manualControl: {
        commandTimeoutMs: 2_000,
        commandMergeMs: 300,
        sweepMs: 100,
        now: () => new Date(Date.now() + shiftMs),
      },
    },
  ))
  session = await loggedIn(server.url, farm.email, farm.password)
  browser = await connectBrowserSocket(server.url, session.cookieHeader())
  browser.on('manual_opens', (rows: ManualOpenRow[]) => opens.push(...rows))
  polish = connectSocket(server.url, {
    transports: ['websocket'],
    extraHeaders: { cookie: session.cookieHeader(), 'accept-language': 'pl' },
    reconnection: false,
  })
  await new Promise((resolve) => polish.once('connect', () => resolve(undefined)))
  for (const index of [north, south, east]) devices.push(await commandedModule(server, module(index)))
})
afterAll(async () => {
  for (const device of devices) await device.close()
  browser?.close()
  polish?.close()
  await server?.stop()
})

describe('manual_schedule', () => {
  it('opens an output for some minutes; it is busy, holds the output, and closes when the module reports it off', async () => {
    const valve = await outputOf(module(north).id, 'o1')
    const device = devices[north]!
    const answer = await ask(browser, 'manual_schedule', { id_output: valve.id, on: true, minutes: 5 })
    expect(answer).toEqual({ ok: true, id: expect.any(String) })
    const sent = device.commands.at(-1)!
    expect(sent).toEqual({
      id: answer.id,
      type: 'set_output',
      expires_at: expect.any(String),
      outputs: { o1: { on: true, minutes: 5, until: expect.any(String) } },
    })
    const [command] = (
      await server.database.pool.query('select source, status, id_user from commands where id = $1', [
        answer.id,
      ])
    ).rows
    expect(command).toEqual({ source: 'manual', status: 10, id_user: farm.user.id })

    const busy = await until(async () => {
      const rows = (await session.request('GET', '/api/manual_opens')).body as unknown as ManualOpenRow[]
      return rows.find((row) => row.Output.id === valve.id && row.status === 2)
    })
    expect(busy).toMatchObject({
      minutes: 5,
      closed_at: null,
      error: null,
      Output: { id: valve.id, name: valve.name, id_object: module(north).id, field_name: 'o1' },
    })
    expect(Date.parse(busy.close_at!) - Date.parse(busy.open_at)).toBe(5 * 60_000)
    // However late the order reaches the module, the valve closes when the opening ends.
    expect(Date.parse(sent.outputs.o1!.until!)).toBe(Date.parse(busy.close_at!))
    expect(opens.filter((row) => row.id === busy.id).map((row) => row.status)).toContain(2)
    const me = await session.request('GET', '/api/me')
    expect(me.body.outputsOpenings).toContainEqual({
      id_output: valve.id,
      source: 'manual',
      id: busy.id,
      status: 2,
      open_at: busy.open_at,
      close_at: busy.close_at,
      id_schedule: null,
    })

    // While it is open the output cannot be removed.
    const usage = await session.request('GET', `/api/outputs/${valve.id}/usage`)
    expect(usage.body.blocking).toContainEqual({ kind: 'manual_open', id: busy.id, name: valve.name })
    expect((await session.write('DELETE', `/api/outputs/${valve.id}`)).body.error).toBe('resource_in_use')

    // The module closes it itself when the minutes run out.
    const closing = nextEvents<ManualOpenRow[]>(browser, 'manual_opens')
    await device.switched('o1', false)
    expect((await closing)[0]).toEqual([expect.objectContaining({ id: busy.id, status: 10 })])
    expect((await openingsOf(valve.id)).at(-1)).toMatchObject({ status: 10, closed_at: expect.any(Date) })
    expect((await session.request('GET', '/api/manual_opens')).body).toEqual([])
  })

  it('opens permanently until closed; closing sends the order and closes the opening when the module has done it', async () => {
    const valve = await outputOf(module(north).id, 'o2')
    const device = devices[north]!
    const opened = await ask(browser, 'manual_schedule', { id_output: valve.id, on: true })
    expect(opened).toMatchObject({ ok: true })
    expect(device.commands.at(-1)!.outputs).toEqual({ o2: { on: true, minutes: null } })
    await until(async () => (await openingsOf(valve.id)).at(-1)?.status === 2)
    expect((await openingsOf(valve.id)).at(-1)).toMatchObject({ minutes: null })

    const closed = await ask(browser, 'manual_schedule', { id_output: valve.id, on: false })
    expect(closed).toMatchObject({ ok: true })
    expect(device.commands.at(-1)!.outputs).toEqual({ o2: { on: false, minutes: null } })
    const rows = await until(async () => {
      const all = await openingsOf(valve.id)
      return all.at(-1)?.status === 10 && all
    })
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 10, id_command: closed.id, error: null })
    expect(device.outputs.o2).toBe(false)
  })

  it('refuses while an automatic schedule runs on the output or is about to, in English and Polish; nothing is sent', async () => {
    const valve = await outputOf(module(north).id, 'o3')
    const device = devices[north]!
    const sentBefore = device.commands.length
    const before = await countRows()
    const startedAt = new Date(Date.now() - 60_000)
    const running = await scheduledRun(valve.id, startedAt)
    // The start screen knows what holds the output.
    const me = await session.request('GET', '/api/me')
    expect(me.body.outputsOpenings).toContainEqual({
      id_output: valve.id,
      source: 'plan',
      id: expect.any(Number),
      status: 2,
      open_at: startedAt.toISOString(),
      close_at: new Date(startedAt.getTime() + 10 * 60_000).toISOString(),
      id_schedule: expect.any(Number),
    })
    const refusal = await ask(browser, 'manual_schedule', { id_output: valve.id, on: true, minutes: 5 })
    expect(refusal).toEqual({
      err: 'output_schedule_running',
      message: 'A schedule is running on this output: manual opening is not possible now.',
    })
    const closing = await ask(polish, 'manual_schedule', { id_output: valve.id, on: false })
    expect(closing).toEqual({
      err: 'output_schedule_running',
      message: 'Na tym wyjściu działa harmonogram: ręczne otwarcie nie jest teraz możliwe.',
    })
    await running.remove()

    const soon = await scheduledRun(valve.id, new Date(Date.now() + 30_000))
    expect(
      await ask(browser, 'manual_schedule', { id_output: valve.id, on: true, minutes: 5 }),
    ).toMatchObject({
      err: 'output_schedule_running',
    })
    await soon.remove()
    expect(device.commands.length).toBe(sentBefore)
    expect(await openingsOf(valve.id)).toEqual([])
    const after = await countRows()
    expect({ commands: after.commands, opens: after.opens }).toEqual({
      commands: before.commands,
      opens: before.opens,
    })

    // A run due later does not hold the output now.
    const later = await scheduledRun(valve.id, new Date(Date.now() + 3 * 3600_000))
    expect(
      await ask(browser, 'manual_schedule', { id_output: valve.id, on: true, minutes: 1 }),
    ).toMatchObject({
      ok: true,
    })
    await later.remove()
    await device.switched('o3', false)
    await until(async () => (await openingsOf(valve.id)).at(-1)?.status === 10)
  })

  it('refuses minutes that are not a number above 0, in English and Polish; nothing is sent', async () => {
    const valve = await outputOf(module(north).id, 'o4')
    const before = await countRows()
    for (const minutes of [0, -5, 1.5, 'ten']) {
      expect(await ask(browser, 'manual_schedule', { id_output: valve.id, on: true, minutes })).toEqual({
        err: 'manual_minutes_invalid',
        message: 'Manual opening minutes must be a number above 0',
      })
      expect(await ask(polish, 'manual_schedule', { id_output: valve.id, on: true, minutes })).toEqual({
        err: 'manual_minutes_invalid',
        message: 'Minuty ręcznego otwarcia muszą być liczbą większą od 0',
      })
    }
    expect(await ask(browser, 'manual_schedule', { id_output: 'one', on: true })).toEqual({
      err: 'bad_request',
      message: 'The request could not be read.',
    })
    expect(await countRows()).toEqual(before)
  })

  it('leaves a clear error when the module refuses or does not answer', async () => {
    const valve = await outputOf(module(east).id, 'o1')
    const device = devices[east]!
    device.behave('reject')
    expect(await ask(browser, 'manual_schedule', { id_output: valve.id, on: true, minutes: 3 })).toEqual({
      err: 'manual_command_failed',
      message: 'Manual open or close command failed.',
    })
    // The module's own reason is logged; the opening keeps a code the card words in the user's language.
    expect((await openingsOf(valve.id)).at(-1)).toMatchObject({ status: 5, error: 'command_failed' })
    device.behave('expire')
    expect(await ask(polish, 'manual_schedule', { id_output: valve.id, on: true, minutes: 3 })).toEqual({
      err: 'command_expired',
      message: 'Polecenie dotarło do modułu za późno, więc moduł go nie wykonał.',
    })
    // The screen words the opening's error by this code.
    expect((await openingsOf(valve.id)).at(-1)).toMatchObject({ status: 5, error: 'command_expired' })
    device.behave('silent')
    expect(await ask(browser, 'manual_schedule', { id_output: valve.id, on: true, minutes: 3 })).toEqual({
      err: 'command_timed_out',
      message: 'The module did not answer the command in time.',
    })
    expect((await openingsOf(valve.id)).at(-1)).toMatchObject({
      status: 5,
      error: 'command_timed_out',
    })
    device.behave('obey')
    const busy = (await session.request('GET', '/api/manual_opens')).body as unknown as ManualOpenRow[]
    expect(busy.filter((row) => row.Output.id === valve.id)).toEqual([])
  })

  it('closes a timed opening once its time has passed and the module reports the output off', async () => {
    const first = await outputOf(module(east).id, 'o2')
    const second = await outputOf(module(east).id, 'o3')
    const device = devices[east]!
    for (const valve of [first, second])
      expect(
        await ask(browser, 'manual_schedule', { id_output: valve.id, on: true, minutes: 1 }),
      ).toMatchObject({
        ok: true,
      })
    await until(async () => (await openingsOf(second.id)).at(-1)?.status === 2)
    // Its state report (both on) is out before the readings below.
    await device.idle()
    // The module's timer closed the first one; it says so in its readings only.
    await device.reportData({ o2: false })
    shiftMs = 61_000
    try {
      await until(async () => (await openingsOf(first.id)).at(-1)?.status === 10)
      // The second is still reported on: it awaits closing until the module reports it off.
      await until(async () => (await openingsOf(second.id)).at(-1)?.status === 3)
      await device.switched('o3', false)
      await until(async () => (await openingsOf(second.id)).at(-1)?.status === 10)
    } finally {
      shiftMs = 0
    }
  })
  it('ends a timed opening in error when the module never reports the output closed', async () => {
    const valve = await outputOf(module(east).id, 'o4')
    expect(
      await ask(browser, 'manual_schedule', { id_output: valve.id, on: true, minutes: 1 }),
    ).toMatchObject({
      ok: true,
    })
    await until(async () => (await openingsOf(valve.id)).at(-1)?.status === 2)
    shiftMs = 61_000
    try {
      await until(async () => (await openingsOf(valve.id)).at(-1)?.status === 3)
      shiftMs = 6 * 60_000
      await until(async () => (await openingsOf(valve.id)).at(-1)?.status === 5)
    } finally {
      shiftMs = 0
    }
    expect((await openingsOf(valve.id)).at(-1)).toMatchObject({
      error: 'manual_not_closed',
    })
    const busy = (await session.request('GET', '/api/manual_opens')).body as unknown as ManualOpenRow[]
    expect(busy.filter((row) => row.Output.id === valve.id)).toEqual([])
  })
})

describe('manual_group_schedule', () => {
  it('opens and closes every output of a group of outputs, or refuses them all', async () => {
    const a = await outputOf(module(north).id, 'o4')
    const b = await outputOf(module(south).id, 'o1')
    const group = await created(session, '/api/groups', {
      name: 'Orchard valves',
      scope: 'outputs',
      elements: [a.id, b.id],
    })
    const opened = await ask(browser, 'manual_group_schedule', { id_group: group.id, on: true, minutes: 10 })
    expect(opened).toMatchObject({ ok: true })
    const [northOrder, southOrder] = [devices[north]!, devices[south]!].map(
      (device) => device.commands.at(-1)!,
    )
    expect(northOrder!.outputs).toEqual({ o4: { on: true, minutes: 10, until: expect.any(String) } })
    expect(southOrder!.outputs).toEqual({
      o1: { on: true, minutes: 10, until: northOrder!.outputs.o4!.until },
    })
    await until(
      async () =>
        (await openingsOf(a.id)).at(-1)?.status === 2 && (await openingsOf(b.id)).at(-1)?.status === 2,
    )

    const held = await scheduledRun(b.id, new Date(Date.now() - 60_000))
    const sent = devices[north]!.commands.length
    const refused = await ask(browser, 'manual_group_schedule', { id_group: group.id, on: false })
    expect(refused).toMatchObject({ err: 'output_schedule_running' })
    expect(devices[north]!.commands.length).toBe(sent)
    expect((await openingsOf(a.id)).at(-1)).toMatchObject({ status: 2 })
    await held.remove()

    const invalid = await ask(polish, 'manual_group_schedule', { id_group: group.id, on: true, minutes: 0 })
    expect(invalid).toMatchObject({ err: 'manual_minutes_invalid' })

    expect(await ask(browser, 'manual_group_schedule', { id_group: group.id, on: false })).toMatchObject({
      ok: true,
    })
    await until(
      async () =>
        (await openingsOf(a.id)).at(-1)?.status === 10 && (await openingsOf(b.id)).at(-1)?.status === 10,
    )
    expect(devices[south]!.outputs.o1).toBe(false)
  })

  it("refuses another account's group or output and a group of modules; nothing changes", async () => {
    const theirs = neighbour.modules[0]!
    const theirOutput = (
      await server.database.pool.query("select id from outputs where id_object = $1 and field_name = 'o1'", [
        theirs.id,
      ])
    ).rows[0].id as number
    const theirGroup = (
      await server.database.pool.query(
        `insert into groups (id_client, name, scope) values ($1, 'Theirs', 'outputs') returning id`,
        [neighbour.user.id_client],
      )
    ).rows[0].id as number
    await server.database.pool.query('insert into group_outputs (id_group, id_output) values ($1, $2)', [
      theirGroup,
      theirOutput,
    ])
    const modules = (
      await server.database.pool.query(
        `insert into groups (id_client, name, scope) values ($1, 'Modules', 'objects') returning id`,
        [farm.user.id_client],
      )
    ).rows[0] as { id: number }
    const before = await countRows()
    for (const [event, payload] of [
      ['manual_schedule', { id_output: theirOutput, on: true, minutes: 5 }],
      ['manual_group_schedule', { id_group: theirGroup, on: true }],
      ['manual_group_schedule', { id_group: modules.id, on: true }],
      ['manual_schedule_new', { elements: [{ id_output: theirOutput, minutes: 5 }] }],
    ] as const)
      expect(await ask(browser, event, payload)).toEqual({
        err: 'element_not_found',
        message: 'One of the chosen elements no longer exists.',
      })
    expect(await countRows()).toEqual(before)
  })
})

describe('manual_schedule_new', () => {
  it('plans a one-off manual schedule: the outputs one after another from the start, each for its minutes', async () => {
    const first = await outputOf(module(sequenced).id, 'o1')
    const second = await outputOf(module(sequenced).id, 'o2')
    const startAt = new Date(Date.now() + 2 * 3600_000)
    startAt.setUTCSeconds(0, 0)
    const announced = nextEvents<OutputPlanRow[]>(browser, 'outputs_plans')
    const answer = await ask(browser, 'manual_schedule_new', {
      name: 'Rinse',
      start_at: startAt.toISOString(),
      elements: [
        { id_output: first.id, minutes: 4 },
        { id_output: second.id, minutes: 6 },
      ],
    })
    expect(answer).toEqual({ ok: true, id: expect.any(Number) })
    const [schedule] = (
      await server.database.pool.query(
        'select name, type, id_client, created_by from schedules where id = $1',
        [answer.id],
      )
    ).rows
    expect(schedule).toEqual({
      name: 'Rinse',
      type: 0,
      id_client: farm.user.id_client,
      created_by: farm.user.id,
    })
    // Its day and start time are the start's wall clock in the schedule's time zone.
    const [when] = (
      await server.database.pool.query(
        `select begin_date, time_zone, definition->'starts'->'times'->>0 as start from schedules where id = $1`,
        [answer.id],
      )
    ).rows
    const wallClock = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', {
        timeZone: when.time_zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      })
        .formatToParts(startAt)
        .map((part) => [part.type, part.value]),
    )
    expect([when.begin_date, when.start]).toEqual([
      `${wallClock.year}-${wallClock.month}-${wallClock.day}`,
      `${wallClock.hour}:${wallClock.minute}`,
    ])
    const plans = (
      await server.database.pool.query(
        'select id_output, role, open_at, planned_at, duration, status from outputs_plans where id_schedule = $1 order by open_at',
        [answer.id],
      )
    ).rows
    const later = new Date(startAt.getTime() + 4 * 60_000)
    expect(plans).toEqual([
      { id_output: first.id, role: 'element', open_at: startAt, planned_at: startAt, duration: 4, status: 0 },
      { id_output: second.id, role: 'element', open_at: later, planned_at: later, duration: 6, status: 0 },
    ])
    const [rows] = await announced
    expect(rows!.map((row) => [row.id_output, row.open_at, row.duration, row.Scheduler])).toEqual([
      [first.id, startAt.toISOString(), 4, { id: answer.id, name: 'Rinse', type: 0, deleted_at: null }],
      [second.id, later.toISOString(), 6, { id: answer.id, name: 'Rinse', type: 0, deleted_at: null }],
    ])
  })

  it('starts now without a start time, named after manual opening when unnamed', async () => {
    const valve = await outputOf(module(sequenced).id, 'o3')
    const answer = await ask(polish, 'manual_schedule_new', {
      elements: [{ id_output: valve.id, minutes: 2 }],
    })
    expect(answer).toMatchObject({ ok: true })
    const [row] = (
      await server.database.pool.query(
        `select s.name, p.open_at from schedules s join outputs_plans p on p.id_schedule = s.id where s.id = $1`,
        [answer.id],
      )
    ).rows
    expect(row.name).toBe('Ręczne otwarcie')
    expect(Math.abs(row.open_at.getTime() - Date.now())).toBeLessThan(10_000)
  })

  it('refuses bad minutes, no outputs, a past start and a time an automatic schedule holds; nothing is made', async () => {
    const valve = await outputOf(module(sequenced).id, 'o4')
    const before = await countRows()
    const refusals: [unknown, string][] = [
      [{ elements: [{ id_output: valve.id, minutes: 0 }] }, 'manual_minutes_invalid'],
      [{ elements: [] }, 'schedule_no_elements'],
      [
        {
          start_at: new Date(Date.now() - 3600_000).toISOString(),
          elements: [{ id_output: valve.id, minutes: 5 }],
        },
        'schedule_data_error',
      ],
      [
        {
          start_at: new Date(Date.now() + 3600_000).toISOString(),
          elements: [
            { id_output: valve.id, minutes: 1000 },
            { id_output: valve.id, minutes: 1000 },
          ],
        },
        'schedule_too_long',
      ],
    ]
    for (const [payload, code] of refusals)
      expect(await ask(browser, 'manual_schedule_new', payload)).toMatchObject({ err: code })
    expect(
      await ask(polish, 'manual_schedule_new', { elements: [{ id_output: valve.id, minutes: -1 }] }),
    ).toEqual({
      err: 'manual_minutes_invalid',
      message: 'Minuty ręcznego otwarcia muszą być liczbą większą od 0',
    })
    const unchanged = await countRows()
    expect({ schedules: unchanged.schedules, plans: unchanged.plans }).toEqual({
      schedules: before.schedules,
      plans: before.plans,
    })

    const held = await scheduledRun(valve.id, new Date(Date.now() + 5 * 3600_000))
    const overlapping = await ask(browser, 'manual_schedule_new', {
      start_at: new Date(Date.now() + 5 * 3600_000 - 2 * 60_000).toISOString(),
      elements: [{ id_output: valve.id, minutes: 5 }],
    })
    expect(overlapping).toMatchObject({ err: 'output_schedule_running' })
    await held.remove()
    // (The plan runner may meanwhile send the commands of the sequence started before; schedules and plans stay.)
    const after = await countRows()
    expect({ schedules: after.schedules, plans: after.plans }).toEqual({
      schedules: before.schedules,
      plans: before.plans,
    })
  })
})
