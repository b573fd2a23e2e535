import { planStatus } from '@kropla/domain'
import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { outputs as outputTable, water_source_outputs, water_sources } from '../db/schema'
import { insertSchedule, opening, outputIds, planRuntimeServer, simulatedModule } from '../test/test-farm'
import { seedAccount, until } from '../test/test-server'

const harness = planRuntimeServer('2030-05-01T09:00:00Z')
const { clock, modules } = harness

describe('a fertigated run', () => {
  it('is confirmed as fertigated once the module reports the fertigation output open during it', async () => {
    const farm = await seedAccount(harness.server, ['AM-411'])
    const idClient = farm.user.id_client!
    const valve = farm.modules[0]!
    const module = await simulatedModule(harness.server, valve)
    modules.push(module)
    const outputs = await outputIds(harness.server, valve.id)
    const db = harness.server.database.db
    // The well: clean water through o4, fertiliser through o3; o1 irrigates from it.
    const [well] = await db.insert(water_sources).values({ id_client: idClient, name: 'Well' }).returning()
    await db.insert(water_source_outputs).values([
      { id_water_source: well!.id, id_output: outputs.o4! },
      { id_water_source: well!.id, id_output: outputs.o3!, fertigation: true },
    ])
    await db
      .update(outputTable)
      .set({ type: 'irr', id_water_source: well!.id })
      .where(inArray(outputTable.id, [outputs.o1!]))
    const id = await insertSchedule(harness.server, idClient, {
      begin_date: '2030-05-01',
      type: 1,
      definition: {
        cycle_minutes: 5,
        elements: [{ kind: 'output', id: outputs.o1!, percent: 100 }],
        fertigation: { kind: 'cycles', cycles: [1] },
      },
    })
    await harness.server.plans.replan(idClient, id)
    const element = async () =>
      (
        await harness.server.database.pool.query(
          `select status, fertigation, confirmed_state, fertigation_confirm_state
             from outputs_plans where id_schedule = $1 and role = 'element'`,
          [id],
        )
      ).rows[0]
    expect(await element()).toMatchObject({ fertigation: true, fertigation_confirm_state: null })

    clock.set('2030-05-01T10:00:00Z')
    await harness.server.plans.tick()
    await until(async () => module.received.length === 1)
    expect(module.received[0]!.outputs).toEqual({
      o1: opening(5, '2030-05-01T10:05:00Z'),
      o3: opening(5, '2030-05-01T10:05:00Z'),
      o4: opening(5, '2030-05-01T10:05:00Z'),
    })
    await until(async () => (await element()).status === planStatus.running)
    await until(async () => (await element()).fertigation_confirm_state === 1)
    expect(await element()).toMatchObject({ confirmed_state: 1, fertigation_confirm_state: 1 })

    // The module's timer closes the fertiliser: the run's fertigation was open, then closed.
    await module.closed('o3')
    await until(async () => (await element()).fertigation_confirm_state === 0)
  })
})
