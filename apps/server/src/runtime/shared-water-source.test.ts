import { planStatus } from '@kropla/domain'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  outputs_plans,
  outputs as outputTable,
  schedules,
  water_source_outputs,
  water_sources,
} from '../db/schema'
import {
  insertSchedule,
  opening,
  outputIds,
  planRuntimeServer,
  plansOf,
  simulatedModule,
} from '../test/test-farm'
import { seedAccount, until } from '../test/test-server'

const harness = planRuntimeServer('2030-03-01T09:00:00Z')
const { clock, modules } = harness

/** A valve module whose o1 and o2 draw from a well opened by its o4, and type-1 schedules on one output. */
async function wellFarm(day: string) {
  const farm = await seedAccount(harness.server, ['AM-411'])
  const idClient = farm.user.id_client!
  const valve = farm.modules[0]!
  const module = await simulatedModule(harness.server, valve)
  modules.push(module)
  const outputs = await outputIds(harness.server, valve.id)
  const db = harness.server.database.db
  const [well] = await db.insert(water_sources).values({ id_client: idClient, name: 'Well' }).returning()
  await db.insert(water_source_outputs).values({ id_water_source: well!.id, id_output: outputs.o4! })
  await db
    .update(outputTable)
    .set({ type: 'irr', id_water_source: well!.id })
    .where(inArray(outputTable.id, [outputs.o1!, outputs.o2!]))
  const scheduleOn = (output: number) =>
    insertSchedule(harness.server, idClient, {
      begin_date: day,
      type: 1,
      definition: { cycle_minutes: 5, elements: [{ kind: 'output', id: output, percent: 100 }] },
    })
  return { idClient, module, outputs, scheduleOn }
}

describe('two schedules drawing from one water source', () => {
  it('keeps the water source opening for one when the other, whose opening covered both, is deleted', async () => {
    const { idClient, module, outputs, scheduleOn } = await wellFarm('2030-03-01')
    const db = harness.server.database.db
    const day = '2030-03-01'
    const first = await scheduleOn(outputs.o1!)
    const second = await scheduleOn(outputs.o2!)
    await harness.server.plans.replan(idClient, first)
    await harness.server.plans.replan(idClient, second)

    // The first schedule goes; the second still waters o2 at 10:00 and needs the well's pump o4.
    // As the schedules API does: its runs not sent yet go with it, then the planner replans it.
    await db.update(schedules).set({ deleted_at: clock.now() }).where(eq(schedules.id, first))
    await db.delete(outputs_plans).where(eq(outputs_plans.id_schedule, first))
    await harness.server.plans.replan(idClient, first)
    expect(await plansOf(harness.server, first)).toEqual([])

    clock.set(`${day}T10:00:00Z`)
    await harness.server.plans.tick()
    await until(async () => module.received.length === 1)
    expect(module.received[0]!.outputs).toEqual({
      o2: opening(5, '2030-03-01T10:05:00Z'),
      o4: opening(5, '2030-03-01T10:05:00Z'),
    })
    await until(async () =>
      (await plansOf(harness.server, second)).every((plan) => plan.status === planStatus.running),
    )
  })
  it('keeps the water source open for the other when the schedule whose opening fed both is paused mid-run', async () => {
    const { idClient, module, outputs, scheduleOn } = await wellFarm('2030-03-02')
    clock.set('2030-03-02T09:00:00Z')
    const first = await scheduleOn(outputs.o1!)
    const second = await scheduleOn(outputs.o2!)
    await harness.server.plans.replan(idClient, first)
    await harness.server.plans.replan(idClient, second)
    clock.set('2030-03-02T10:00:00Z')
    await harness.server.plans.tick()
    await until(async () => module.received.length === 1)
    expect(module.received[0]!.outputs).toEqual({
      o1: opening(5, '2030-03-02T10:05:00Z'),
      o2: opening(5, '2030-03-02T10:05:00Z'),
      o4: opening(5, '2030-03-02T10:05:00Z'),
    })

    clock.set('2030-03-02T10:02:00Z')
    await harness.server.database.db
      .update(schedules)
      .set({ paused_from: clock.now() })
      .where(eq(schedules.id, first))
    await harness.server.plans.replan(idClient, first)
    await harness.server.plans.tick()
    await until(async () => module.received.length === 2)
    // Only the paused schedule's valve closes; the well's pump runs on for the other's section.
    expect(module.received[1]!.outputs).toEqual({ o1: { on: false, minutes: null } })
    await harness.server.plans.tick()
    expect(module.received).toHaveLength(2)
  })
})
