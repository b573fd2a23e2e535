import { planStatus } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import {
  insertSchedule,
  opening,
  outputIds,
  planRuntimeServer,
  plansOf,
  simulatedModule,
} from '../test/test-farm'
import { seedAccount, until } from '../test/test-server'
import { planRunnerDataAccess } from './plan-runtime'
import { createPlanRunner } from './runner'

const harness = planRuntimeServer('2030-04-01T09:00:00Z')
const { clock, modules } = harness

const noEvents = { changed: () => undefined, deleted: () => undefined }

describe("a cycle's conditions", () => {
  it('are decided once per cycle, and a runner taking over mid-cycle follows that decision', async () => {
    const farm = await seedAccount(harness.server, ['AM-411', 'AM-100-101'])
    const [valve, probe] = farm.modules
    const idClient = farm.user.id_client!
    const valveLink = await simulatedModule(harness.server, valve!)
    const probeLink = await simulatedModule(harness.server, probe!)
    modules.push(valveLink, probeLink)
    const humidity = async (value: number) => {
      await probeLink.publishData({ HUMIDITY_1: value })
      await until(async () => {
        const { rows } = await harness.server.database.pool.query(
          `select value from latest_readings where object_id = $1 and field = 'HUMIDITY_1'`,
          [probe!.id],
        )
        return Number(rows[0]?.value) === value
      })
    }
    await humidity(20)
    const outputs = await outputIds(harness.server, valve!.id)
    // One sequential cycle: o1 10:00-10:04, then o2 10:04-10:08, while the soil is drier than 30 %.
    const id = await insertSchedule(harness.server, idClient, {
      begin_date: '2030-04-01',
      definition: {
        cycle_minutes: 4,
        elements: [
          { kind: 'output', id: outputs.o1!, percent: 100 },
          { kind: 'output', id: outputs.o2!, percent: 100 },
        ],
        conditions: [
          {
            metric: 'soil_humidity',
            source: { kind: 'object', id_object: probe!.id, field: 'HUMIDITY_1' },
            comparator: 'lt',
            value: 30,
          },
        ],
      },
    })
    await harness.server.plans.replan(idClient, id)
    clock.set('2030-04-01T10:00:00Z')
    await harness.server.plans.tick()
    await until(async () => valveLink.received.length === 1)
    expect(valveLink.received[0]!.outputs).toEqual({ o1: opening(4, '2030-04-01T10:04:00Z') })

    // The first section's water reaches the probe; then this runner stops and another takes over.
    await humidity(45)
    await harness.server.plans.stop()
    const takeover = createPlanRunner({
      ...planRunnerDataAccess(harness.server.database),
      logger: harness.server.logger,
      commands: harness.server.plans.commands,
      events: noEvents,
      now: clock.now,
    })
    clock.set('2030-04-01T10:04:00Z')
    await takeover.tick(clock.now())
    await until(async () => valveLink.received.length === 2)
    expect(valveLink.received[1]!.outputs).toEqual({ o2: opening(4, '2030-04-01T10:08:00Z') })
    expect((await plansOf(harness.server, id))[1]!.status).not.toBe(planStatus.condition_not_met)
  })
})
