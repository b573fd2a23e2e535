import fs from 'node:fs'
import { planStatus } from '@kropla/domain'
import { afterAll, describe, expect, it } from 'vitest'
import { resolveScheduleElements } from '../features/schedules/resolve-elements'
import {
  insertSchedule,
  movableClock,
  opening,
  outputIds,
  plansOf,
  quickPlanRuntime,
  type SimulatedModule,
  simulatedModule,
} from '../test/test-farm'
import { seedAccount, startTestServer, type TestServer, until } from '../test/test-server'
import { createPlanRuntime, type PlanRuntime, planRunnerDataAccess } from './plan-runtime'
import { createPlanRunner } from './runner'

const servers: TestServer[] = []
const modules: SimulatedModule[] = []
const runtimes: PlanRuntime[] = []
afterAll(async () => {
  for (const runtime of runtimes) await runtime.stop()
  for (const module of modules) await module.close().catch(() => undefined)
  for (const server of servers.reverse()) await server.stop()
})

const noEvents = { changed: () => undefined, deleted: () => undefined }

describe('a restart in the middle of a run', () => {
  it('sends nothing twice; a run due during the outage runs late for what is left of it, one whose window passed is missed', async () => {
    const clock = movableClock('2030-02-01T09:00:00Z')
    const first = await startTestServer({}, quickPlanRuntime(clock))
    servers.push(first)
    const farm = await seedAccount(first, ['AM-411'])
    const valve = farm.modules[0]!
    const idClient = farm.user.id_client!
    const outputs = await outputIds(first, valve.id)
    const before = await simulatedModule(first, valve)
    modules.push(before)
    // o1 10:00-10:04 then o2 10:04-10:08 (one sequential cycle); o3 10:02-10:04 in another schedule.
    const sequence = await insertSchedule(first, idClient, {
      begin_date: '2030-02-01',
      definition: {
        cycle_minutes: 4,
        elements: [
          { kind: 'output', id: outputs.o1!, percent: 100 },
          { kind: 'output', id: outputs.o2!, percent: 100 },
        ],
      },
    })
    const short = await insertSchedule(first, idClient, {
      begin_date: '2030-02-01',
      definition: {
        cycle_minutes: 2,
        starts: { kind: 'hours', times: ['10:02'] },
        elements: [{ kind: 'output', id: outputs.o3!, percent: 100 }],
      },
    })
    await first.plans.replan(idClient, sequence)
    await first.plans.replan(idClient, short)

    clock.set('2030-02-01T10:00:00Z')
    await first.plans.tick()
    await until(async () => (await plansOf(first, sequence))[0]!.status === planStatus.running)
    expect(before.received.map((command) => command.outputs)).toEqual([
      { o1: opening(4, '2030-02-01T10:04:00Z') },
    ])

    // The server goes away (its data stays) and comes back at 10:06.
    await first.close()
    clock.set('2030-02-01T10:06:00Z')
    const second = await startTestServer(
      { DATA_DIR: first.dataDir, ...(first.databaseUrl ? { DATABASE_URL: first.databaseUrl } : {}) },
      // The first pass waits for the module to reconnect (here: until the test runs it).
      { planRuntime: { now: clock.now, tickMs: 100, leadRetryMs: 100, firstPassDelayMs: 600_000 } },
    )
    servers.push(second)
    const after = await simulatedModule(second, valve)
    modules.push(after)
    await second.plans.tick()

    await until(async () => after.received.length === 1)
    // Sent late, with what is left of its window, and to close when the window does.
    expect(after.received[0]!.outputs).toEqual({ o2: opening(2, '2030-02-01T10:08:00Z') })
    const [o1, o2] = await plansOf(second, sequence)
    expect(o1).toMatchObject({ status: planStatus.executed, confirmed_state: 1 })
    expect(o2!.status).toBeOneOf([planStatus.sent, planStatus.running])
    expect(await plansOf(second, short)).toMatchObject([
      { status: planStatus.missed, error: 'plan_missed', id_command: null },
    ])

    await until(async () => (await plansOf(second, sequence))[1]!.status === planStatus.running)
    clock.set('2030-02-01T10:08:00Z')
    await second.plans.tick()
    expect((await plansOf(second, sequence))[1]!.status).toBe(planStatus.executed)
    expect(after.received).toHaveLength(1)
    if (!first.databaseUrl) fs.rmSync(first.dataDir, { recursive: true, force: true })
  })
})

describe('two runners on one database', () => {
  it('only the leader sends; when it stops, the other takes over; racing passes never send a plan twice', async () => {
    const clock = movableClock('2030-03-01T09:00:00Z')
    const server = await startTestServer({}, quickPlanRuntime(clock))
    servers.push(server)
    const farm = await seedAccount(server, ['AM-411'])
    const valve = farm.modules[0]!
    const idClient = farm.user.id_client!
    const outputs = await outputIds(server, valve.id)
    const module = await simulatedModule(server, valve)
    modules.push(module)

    const sentByOther: unknown[] = []
    const other = createPlanRuntime({
      database: server.database,
      logger: server.logger,
      commands: {
        send(command) {
          sentByOther.push(command)
          return server.plans.commands.send(command)
        },
      },
      events: noEvents,
      resolveElements: resolveScheduleElements,
      now: clock.now,
      tickMs: 100,
      leadRetryMs: 100,
    })
    runtimes.push(other)
    await other.start()
    expect(server.plans.leading).toBe(true)
    expect(other.leading).toBe(false)

    const id = await insertSchedule(server, idClient, {
      begin_date: '2030-03-01',
      definition: {
        cycle_minutes: 3,
        starts: { kind: 'hours', times: ['10:00', '11:00', '12:00'] },
        elements: [{ kind: 'output', id: outputs.o1!, percent: 100 }],
      },
    })
    await server.plans.replan(idClient, id)

    clock.set('2030-03-01T10:00:00Z')
    await Promise.all([server.plans.tick(), other.tick()])
    await until(async () => (await plansOf(server, id))[0]!.status === planStatus.running)
    expect(module.received).toHaveLength(1)
    expect(sentByOther).toHaveLength(0)

    // The leader stops: the other takes the lead and runs the next cycle.
    await server.plans.stop()
    await until(async () => other.leading)
    clock.set('2030-03-01T11:00:00Z')
    await other.tick()
    await until(async () => module.received.length === 2)
    expect(sentByOther).toHaveLength(1)
    expect(module.received[1]!.outputs).toEqual({ o1: opening(3, '2030-03-01T11:03:00Z') })

    // Two runner passes at the same moment, both acting as leader: the plan goes out once.
    const racing = Array.from({ length: 2 }, () =>
      createPlanRunner({
        ...planRunnerDataAccess(server.database),
        logger: server.logger,
        commands: server.plans.commands,
        events: noEvents,
        now: clock.now,
      }),
    )
    await other.stop()
    const noon = new Date('2030-03-01T12:00:00Z')
    clock.set(noon.toISOString())
    await Promise.all(racing.map((runner) => runner.tick(noon)))
    await until(async () => module.received.length === 3)
    const third = (await plansOf(server, id))[2]!
    expect(third.status).toBeOneOf([planStatus.sent, planStatus.running])
    expect(module.received.filter((command) => command.id === third.id_command)).toHaveLength(1)
    await Promise.all(racing.map((runner) => runner.tick(noon)))
    expect(module.received).toHaveLength(3)
  })
})
