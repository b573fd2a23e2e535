import { type OutputPlanRow, planStatus } from '@kropla/domain'
import { eq, inArray } from 'drizzle-orm'
import type { Socket } from 'socket.io-client'
import { afterAll, describe, expect, it } from 'vitest'
import {
  group_objects,
  groups,
  outputs as outputTable,
  schedules,
  water_source_outputs,
  water_sources,
} from '../db/schema'
import { loggedIn } from '../test/account-fixtures'
import {
  insertSchedule,
  opening,
  outputIds,
  planRuntimeServer,
  plansOf,
  simulatedModule,
} from '../test/test-farm'
import { connectBrowserSocket, seedAccount, until } from '../test/test-server'

const harness = planRuntimeServer('2030-01-07T09:00:00Z')
const { clock, modules } = harness
const sockets: Socket[] = []
afterAll(() => {
  for (const socket of sockets) socket.disconnect()
})

/** Moves the clock and lets the runner make its pass at that moment. */
async function at(iso: string) {
  clock.set(iso)
  await harness.server.plans.tick()
}

/** An account with a valve module answering commands, and a browser watching its plans. */
async function valveFarm(extraModels: string[] = []) {
  const farm = await seedAccount(harness.server, ['AM-411', ...extraModels])
  const valve = farm.modules[0]!
  const module = await simulatedModule(harness.server, valve)
  modules.push(module)
  const session = await loggedIn(harness.server.url, farm.email, farm.password)
  const socket = await connectBrowserSocket(harness.server.url, session.cookieHeader())
  sockets.push(socket)
  const planEvents: OutputPlanRow[] = []
  const deletedEvents: number[] = []
  socket.on('outputs_plans', (rows: OutputPlanRow[]) => planEvents.push(...rows))
  socket.on('deleted_outputs_plans', (payload: { ids: number[] }) => deletedEvents.push(...payload.ids))
  return {
    farm,
    idClient: farm.user.id_client!,
    module,
    outputs: await outputIds(harness.server, valve.id),
    planEvents,
    deletedEvents,
  }
}

const planOf = async (idSchedule: number, index = 0) => (await plansOf(harness.server, idSchedule))[index]!

describe('the plan runner', () => {
  it('sends a run at its minute with its minutes, and records it executed once the module confirmed it', async () => {
    const { idClient, module, outputs, planEvents } = await valveFarm()
    const id = await insertSchedule(harness.server, idClient, {
      begin_date: '2030-01-07',
      definition: { cycle_minutes: 5, elements: [{ kind: 'output', id: outputs.o1!, percent: 100 }] },
    })
    clock.set('2030-01-07T09:00:00Z')
    await harness.server.plans.replan(idClient, id)
    const [planned] = await plansOf(harness.server, id)
    expect(planned).toMatchObject({ id_output: outputs.o1, duration: 5, status: planStatus.planned })
    expect(planned!.open_at.toISOString()).toBe('2030-01-07T10:00:00.000Z')
    await until(async () =>
      planEvents.some((row) => row.id === planned!.id && row.status === planStatus.planned),
    )

    await at('2030-01-07T09:59:59Z')
    expect((await planOf(id)).status).toBe(planStatus.planned)

    await at('2030-01-07T10:00:00Z')
    await until(async () => module.received.length === 1)
    expect(module.received[0]!.outputs).toEqual({ o1: opening(5, '2030-01-07T10:05:00Z') })
    const running = await until(async () => {
      const plan = await planOf(id)
      return plan.status === planStatus.running && plan
    })
    expect(running).toMatchObject({ confirmed_state: 1, id_command: module.received[0]!.id })

    await at('2030-01-07T10:04:59Z')
    expect((await planOf(id)).status).toBe(planStatus.running)
    await at('2030-01-07T10:05:00Z')
    expect(await planOf(id)).toMatchObject({ status: planStatus.executed, confirmed_state: 1, error: null })
    // The module's own timer closes the valve and it says so.
    await module.closed('o1')
    await until(async () => (await planOf(id)).confirmed_state === 0)
    await until(async () =>
      planEvents.some(
        (row) => row.id === planned!.id && row.status === planStatus.executed && row.confirmed_state === 0,
      ),
    )
    expect(module.received).toHaveLength(1)
  })

  it('opens the water source with the sections it feeds: one command per module and moment', async () => {
    const { idClient, module, outputs } = await valveFarm()
    const db = harness.server.database.db
    const [source] = await db.insert(water_sources).values({ id_client: idClient, name: 'Well' }).returning()
    await db.insert(water_source_outputs).values({ id_water_source: source!.id, id_output: outputs.o4! })
    await db
      .update(outputTable)
      .set({ type: 'irr', id_water_source: source!.id })
      .where(inArray(outputTable.id, [outputs.o1!, outputs.o2!]))
    const day = '2030-01-08'
    const id = await insertSchedule(harness.server, idClient, {
      begin_date: day,
      type: 1,
      definition: {
        cycle_minutes: 5,
        elements: [
          { kind: 'output', id: outputs.o1!, percent: 100 },
          { kind: 'output', id: outputs.o2!, percent: 100 },
        ],
      },
    })
    clock.set(`${day}T09:00:00Z`)
    await harness.server.plans.replan(idClient, id)
    await at(`${day}T10:00:00Z`)
    await until(async () => module.received.length === 1)
    expect(module.received[0]!.outputs).toEqual({
      o1: opening(5, '2030-01-08T10:05:00Z'),
      o4: opening(10, '2030-01-08T10:10:00Z'),
    })
    const running = async () =>
      (await plansOf(harness.server, id)).filter((plan) => plan.status === planStatus.running).length
    await until(async () => (await running()) === 2)
    await at(`${day}T10:05:00Z`)
    await until(async () => module.received.length === 2)
    expect(module.received[1]!.outputs).toEqual({ o2: opening(5, '2030-01-08T10:10:00Z') })
    // o1's run ended at 10:05 (executed); o2 and the water source's o4 run on.
    await until(async () => (await running()) === 2 && (await planOf(id)).status === planStatus.executed)
    await at(`${day}T10:10:00Z`)
    expect((await plansOf(harness.server, id)).map((plan) => plan.status)).toEqual([
      planStatus.executed,
      planStatus.executed,
      planStatus.executed,
    ])
  })

  it('records a run the module refuses as an error with the refusal', async () => {
    const { idClient, module, outputs, planEvents } = await valveFarm()
    module.refuse('valve stuck')
    const id = await insertSchedule(harness.server, idClient, {
      begin_date: '2030-01-09',
      definition: { cycle_minutes: 3, elements: [{ kind: 'output', id: outputs.o2!, percent: 100 }] },
    })
    clock.set('2030-01-09T09:00:00Z')
    await harness.server.plans.replan(idClient, id)
    await at('2030-01-09T10:00:00Z')
    await until(async () => module.received.length === 1)
    expect(module.received[0]!.outputs).toEqual({ o2: opening(3, '2030-01-09T10:03:00Z') })
    const failed = await until(async () => {
      await harness.server.plans.tick()
      const plan = await planOf(id)
      return plan.status === planStatus.error && plan
    })
    expect(failed.error).toBe('command_failed')
    await until(async () => planEvents.some((row) => row.id === failed.id && row.status === planStatus.error))
  })

  it('records a run whose command reached the module too late as an error, command_expired', async () => {
    const { idClient, module, outputs, planEvents } = await valveFarm()
    // A module that got the order after its expires_at (it was queued through an outage) refuses it.
    module.refuse('expired')
    const id = await insertSchedule(harness.server, idClient, {
      begin_date: '2030-01-20',
      definition: { cycle_minutes: 3, elements: [{ kind: 'output', id: outputs.o2!, percent: 100 }] },
    })
    clock.set('2030-01-20T09:00:00Z')
    await harness.server.plans.replan(idClient, id)
    await at('2030-01-20T10:00:00Z')
    await until(async () => module.received.length === 1)
    expect(module.received[0]!.expires_at).toEqual(expect.any(String))
    const failed = await until(async () => {
      await harness.server.plans.tick()
      const plan = await planOf(id)
      return plan.status === planStatus.error && plan
    })
    expect(failed.error).toBe('command_expired')
    await until(async () => planEvents.some((row) => row.id === failed.id && row.error === 'command_expired'))
  })

  it('checks conditions when a run is due: not met sends nothing, no data is an error, met runs', async () => {
    const { farm, idClient, module, outputs } = await valveFarm(['AM-100-101', 'AM-100-103'])
    const [, probe, silentProbe] = farm.modules
    const probeLink = await simulatedModule(harness.server, probe!)
    modules.push(probeLink)
    await probeLink.publishData({ HUMIDITY_1: 80 })
    await until(async () => {
      const { rows } = await harness.server.database.pool.query(
        `select 1 from latest_readings where object_id = $1 and field = 'HUMIDITY_1'`,
        [probe!.id],
      )
      return rows.length > 0
    })
    const [silentGroup] = await harness.server.database.db
      .insert(groups)
      .values({ id_client: idClient, name: 'Silent probes', scope: 'objects' })
      .returning()
    await harness.server.database.db
      .insert(group_objects)
      .values({ id_group: silentGroup!.id, id_object: silentProbe!.id })
    const soil = (comparator: 'lt' | 'gt') => ({
      metric: 'soil_humidity' as const,
      source: { kind: 'object' as const, id_object: probe!.id, field: 'HUMIDITY_1' },
      comparator,
      value: 30,
    })
    const day = '2030-01-10'
    const dry = await insertSchedule(harness.server, idClient, {
      begin_date: day,
      definition: { elements: [{ kind: 'output', id: outputs.o1!, percent: 100 }], conditions: [soil('lt')] },
    })
    const blind = await insertSchedule(harness.server, idClient, {
      begin_date: day,
      definition: {
        elements: [{ kind: 'output', id: outputs.o2!, percent: 100 }],
        conditions: [
          {
            metric: 'soil_humidity',
            source: { kind: 'group', id_group: silentGroup!.id },
            comparator: 'lt',
            value: 30,
          },
        ],
      },
    })
    const wet = await insertSchedule(harness.server, idClient, {
      begin_date: day,
      definition: { elements: [{ kind: 'output', id: outputs.o3!, percent: 100 }], conditions: [soil('gt')] },
    })
    clock.set(`${day}T09:00:00Z`)
    for (const id of [dry, blind, wet]) await harness.server.plans.replan(idClient, id)

    await at(`${day}T10:00:00Z`)
    expect(await planOf(dry)).toMatchObject({ status: planStatus.condition_not_met, id_command: null })
    expect(await planOf(blind)).toMatchObject({
      status: planStatus.error,
      error: 'condition_no_data',
      id_command: null,
    })
    await until(async () => module.received.length === 1)
    expect(module.received[0]!.outputs).toEqual({ o3: opening(5, '2030-01-10T10:05:00Z') })
    expect((await planOf(wet)).id_command).toBe(module.received[0]!.id)
  })

  it('keeps every active schedule planned 48 hours ahead, without planning a run twice', async () => {
    const { idClient, outputs, planEvents } = await valveFarm()
    const id = await insertSchedule(harness.server, idClient, {
      begin_date: '2030-01-11',
      expiration_date: null,
      definition: { cycle_minutes: 2, elements: [{ kind: 'output', id: outputs.o3!, percent: 100 }] },
    })
    clock.set('2030-01-11T09:00:00Z')
    await harness.server.plans.extendHorizon()
    const opens = async () => (await plansOf(harness.server, id)).map((plan) => plan.open_at.toISOString())
    expect(await opens()).toEqual(['2030-01-11T10:00:00.000Z', '2030-01-12T10:00:00.000Z'])
    await until(async () => planEvents.filter((row) => row.id_schedule === id).length === 2)
    await harness.server.plans.extendHorizon()
    expect(await opens()).toHaveLength(2)

    // A day later the horizon reaches one more day.
    clock.set('2030-01-12T09:00:00Z')
    await harness.server.plans.extendHorizon()
    expect(await opens()).toEqual([
      '2030-01-11T10:00:00.000Z',
      '2030-01-12T10:00:00.000Z',
      '2030-01-13T10:00:00.000Z',
    ])
    await harness.server.database.db
      .update(schedules)
      .set({ ended_at: clock.now() })
      .where(eq(schedules.id, id))
    await harness.server.plans.replan(idClient, id)
  })

  it('closes a run whose schedule is paused mid-run and removes its runs not sent yet', async () => {
    const { idClient, module, outputs, deletedEvents } = await valveFarm()
    const day = '2030-01-14'
    const id = await insertSchedule(harness.server, idClient, {
      begin_date: day,
      definition: {
        cycle_minutes: 5,
        starts: { kind: 'hours', times: ['10:00', '12:00'] },
        elements: [{ kind: 'output', id: outputs.o4!, percent: 100 }],
      },
    })
    clock.set(`${day}T09:00:00Z`)
    await harness.server.plans.replan(idClient, id)
    const [first, second] = await plansOf(harness.server, id)
    expect(second!.open_at.toISOString()).toBe(`${day}T12:00:00.000Z`)
    await at(`${day}T10:00:00Z`)
    await until(async () => (await planOf(id)).status === planStatus.running)

    clock.set(`${day}T10:02:00Z`)
    await harness.server.database.db
      .update(schedules)
      .set({ paused_from: clock.now() })
      .where(eq(schedules.id, id))
    await harness.server.plans.replan(idClient, id)
    const left = await plansOf(harness.server, id)
    expect(left.map((plan) => plan.id)).toEqual([first!.id])
    await until(async () => deletedEvents.includes(second!.id))

    await harness.server.plans.tick()
    await until(async () => module.received.length === 2)
    expect(module.received[1]!.outputs).toEqual({ o4: { on: false, minutes: null } })
    expect((await planOf(id)).status).toBe(planStatus.cancelled)
  })
})
