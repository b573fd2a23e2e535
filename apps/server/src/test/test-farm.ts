import type { ScheduleDefinition } from '@kropla/domain'
import type { MqttClient } from 'mqtt'
import { afterAll, beforeAll } from 'vitest'
import type { RunningServer } from '../app/server'
import { schedules } from '../db/schema'
import { connectModule, startTestServer, type TestServer } from './test-server'

/** Integration-test helpers of the plan runner: a movable clock, a module that answers commands, schedules. */

export function movableClock(start: string) {
  let at = new Date(start)
  return {
    now: () => new Date(at),
    set(iso: string) {
      at = new Date(iso)
    },
  }
}

/** The plan runtime's test seams: `clock` for its time, a 100 ms tick and lead retry, no wait before its first pass. */
export function quickPlanRuntime(clock: { now: () => Date }) {
  return { planRuntime: { now: clock.now, tickMs: 100, leadRetryMs: 100, firstPassDelayMs: 0 } }
}

/**
 * A test server whose plan runtime runs on a clock the tests move (from `start`), started before
 * the file's tests; after them the simulated modules pushed on `modules` are closed and the server
 * stopped.
 */
export function planRuntimeServer(start: string) {
  const harness = {
    clock: movableClock(start),
    modules: [] as SimulatedModule[],
    server: null as unknown as TestServer,
  }
  beforeAll(async () => {
    harness.server = await startTestServer({}, quickPlanRuntime(harness.clock))
  })
  afterAll(async () => {
    for (const module of harness.modules) await module.close().catch(() => undefined)
    await harness.server?.stop()
  })
  return harness
}

export interface ReceivedCommand {
  id: string
  type: string
  expires_at?: string
  outputs: Record<string, { on: boolean; minutes: number | null; until?: string }>
}

/** A run's order in `down/cmd`: open for `minutes`, and closed at `until` (the run's end) at the latest. */
export function opening(minutes: number, until: string) {
  return { on: true, minutes, until: new Date(until).toISOString() }
}

/**
 * A valve module on a real MQTT connection: it takes `down/cmd`, answers `up/ack` (done, or
 * rejected when told to refuse) and, like the firmware, reports its outputs on `up/state`.
 */
export async function simulatedModule(server: RunningServer, module: { serial: string; pin: string }) {
  const link: MqttClient = await connectModule(server, module.serial, module.pin)
  const received: ReceivedCommand[] = []
  const outputs: Record<string, boolean> = {}
  let refusal: string | null = null
  const topic = (kind: string) => `kropla/v1/${module.serial}/up/${kind}`
  link.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString()) as ReceivedCommand
    received.push(command)
    const answer = async () => {
      if (refusal !== null) {
        await link.publishAsync(
          topic('ack'),
          JSON.stringify({ id: command.id, result: 'rejected', error: refusal }),
          {
            qos: 1,
          },
        )
        return
      }
      for (const [name, order] of Object.entries(command.outputs)) outputs[name] = order.on
      await link.publishAsync(topic('ack'), JSON.stringify({ id: command.id, result: 'done' }), { qos: 1 })
      await link.publishAsync(topic('state'), JSON.stringify({ outputs }), { qos: 1 })
    }
    // A command arriving while the test closes the link goes unanswered, like a module switched off.
    answer().catch(() => undefined)
  })
  await link.subscribeAsync(`kropla/v1/${module.serial}/down/cmd`, { qos: 1 })
  return {
    received,
    refuse(error: string | null) {
      refusal = error
    },
    /** The module's own timer closed an output (its minutes ran out): it reports the state. */
    async closed(name: string) {
      outputs[name] = false
      await link.publishAsync(topic('state'), JSON.stringify({ outputs }), { qos: 1 })
    },
    async publishData(values: Record<string, number>) {
      await link.publishAsync(topic('data'), JSON.stringify({ values }), { qos: 1 })
    },
    close: () => link.endAsync(true),
  }
}
export type SimulatedModule = Awaited<ReturnType<typeof simulatedModule>>

/** The ids of a module's output rows by field name. */
export async function outputIds(server: RunningServer, idObject: number) {
  const { rows } = await server.database.pool.query<{ id: number; field_name: string }>(
    'select id, field_name from outputs where id_object = $1',
    [idObject],
  )
  return Object.fromEntries(rows.map((row) => [row.field_name, row.id])) as Record<string, number>
}

/** A schedule saved straight into the table, as the schedules API would. */
export async function insertSchedule(
  server: RunningServer,
  idClient: number,
  fields: {
    begin_date: string
    /** A control schedule (4, no water source) unless said otherwise. */
    type?: number
    /** The begin date unless said otherwise (null: open-ended). */
    expiration_date?: string | null
    definition: Partial<ScheduleDefinition> & Pick<ScheduleDefinition, 'elements'>
  },
) {
  const definition: ScheduleDefinition = {
    rule: { kind: 'every_n_days', n: 1 },
    cycle_minutes: 5,
    starts: { kind: 'hours', times: ['10:00'] },
    fertigation: { kind: 'none' },
    conditions: [],
    ...fields.definition,
  }
  const [row] = await server.database.db
    .insert(schedules)
    .values({
      id_client: idClient,
      name: `Schedule ${Math.random().toString(36).slice(2, 6)}`,
      type: fields.type ?? 4,
      priority: 0,
      begin_date: fields.begin_date,
      // One day by default: the next tests move the clock to later days without meeting this one's runs.
      expiration_date: fields.expiration_date === undefined ? fields.begin_date : fields.expiration_date,
      time_zone: 'UTC',
      definition,
    })
    .returning({ id: schedules.id })
  return row!.id
}

export interface PlanState {
  id: number
  id_output: number
  open_at: Date
  duration: number
  status: number
  confirmed_state: number | null
  error: string | null
  id_command: string | null
}

export async function plansOf(server: RunningServer, idSchedule: number): Promise<PlanState[]> {
  const { rows } = await server.database.pool.query<PlanState>(
    `select id, id_output, open_at, duration, status, confirmed_state, error, id_command
       from outputs_plans where id_schedule = $1 order by open_at, id_output`,
    [idSchedule],
  )
  return rows
}
