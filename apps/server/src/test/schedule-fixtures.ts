import { dayIn } from '../features/schedules/schedule-row'
import { loggedIn } from './account-fixtures'
import { created, moduleOutput } from './resource-fixtures'
import { type httpSession, seedAccount, type TestServer } from './test-server'

/** Test helpers for the schedules feature (integration tests only). */

type Session = ReturnType<typeof httpSession>
type Element = { kind: 'section' | 'group' | 'output'; id: number; percent?: number }

/** The day `days` from today in Europe/Warsaw (the zone of farms that chose none). */
export const warsawDay = (days = 0) => dayIn('Europe/Warsaw', new Date(Date.now() + days * 86_400_000))

/** A valid body of POST /api/schedulers: every day from tomorrow at 06:00, one 10-minute cycle. */
export function scheduleBody(elements: Element[], changes: Record<string, unknown> = {}) {
  const { definition, ...rest } = changes as { definition?: Record<string, unknown> }
  return {
    name: 'Morning watering',
    type: 1,
    priority: 0,
    begin_date: warsawDay(1),
    expiration_date: null,
    ...rest,
    definition: {
      rule: { kind: 'weekdays', days: [1, 2, 3, 4, 5, 6, 7] },
      cycle_minutes: 10,
      starts: { kind: 'every', start_time: '06:00', count: 1, every_minutes: 60 },
      elements: elements.map((element) => ({ percent: 100, ...element })),
      fertigation: { kind: 'none' },
      conditions: [],
      ...definition,
    },
  }
}

/**
 * An account with a valve module (AM-411: o1-o4 irrigating) and a light module (AM-401: o1-o2,
 * not irrigating); water source `well` (clean: light o1, fertigated: light o2) and `river`
 * (clean: valve o4); group `rowA` (valves o1, o2), `rowB` (valve o3), `empty` (no outputs);
 * section `orchard` (rowA, well), `meadow` (rowB, river), `bare` (no groups).
 */
export async function irrigatedAccount(server: TestServer, lang = 'en') {
  const seeded = await seedAccount(server, ['AM-411', 'AM-401'])
  const session = await loggedIn(server.url, seeded.email, seeded.password, lang)
  const [valves, lights] = seeded.modules
  const valve = await Promise.all(['o1', 'o2', 'o3', 'o4'].map((f) => moduleOutput(session, valves!.id, f)))
  const light = await Promise.all(['o1', 'o2'].map((f) => moduleOutput(session, lights!.id, f)))
  const well = await created(session, '/api/water_sources', {
    name: 'Well',
    efficiency: 5,
    clean_outputs: [light[0]!.id],
    fertigated_outputs: [light[1]!.id],
  })
  const river = await created(session, '/api/water_sources', {
    name: 'River',
    efficiency: 5,
    clean_outputs: [valve[3]!.id],
  })
  const group = (name: string, elements: number[]) =>
    created(session, '/api/groups', { name, scope: 'outputs', elements })
  const rowA = await group('Row A', [valve[0]!.id, valve[1]!.id])
  const rowB = await group('Row B', [valve[2]!.id])
  const empty = await group('Nothing yet', [])
  const section = (name: string, groups: number[], id_water_source: number | null) =>
    created(session, '/api/sections', { name, area: 1, flow: 2, groups, id_water_source })
  const orchard = await section('Orchard', [rowA.id], well.id)
  const meadow = await section('Meadow', [rowB.id], river.id)
  const bare = await section('Bare', [], null)
  return {
    ...seeded,
    session,
    valve,
    light,
    well,
    river,
    rowA,
    rowB,
    empty,
    orchard,
    meadow,
    bare,
  }
}

/** Creates a schedule through the API; fails the test when refused. */
export async function createdSchedule(
  session: Session,
  elements: Element[],
  changes: Record<string, unknown> = {},
) {
  return (await created(session, '/api/schedulers', scheduleBody(elements, changes))) as {
    id: number
    state: string
    next_run: string | null
  } & Record<string, unknown>
}

/** An output plan as `storedPlan` writes it; what is left out takes the column's default. */
export interface StoredPlan {
  id_client: number
  id_schedule: number | null
  id_output: number
  open_at: Date
  role?: string
  status?: number
  duration?: number
  element_index?: number | null
  id_water_source?: number | null
  fertigation?: boolean
  confirmed_state?: number | null
  fertigation_confirm_state?: number | null
  error?: string | null
}

/** Stores an output plan directly (as the planner would), returning its id. */
export async function storedPlan(server: TestServer, plan: StoredPlan) {
  const { rows } = await server.database.pool.query(
    `insert into outputs_plans (id_client, id_schedule, id_output, role, element_index, id_water_source, planned_at,
       open_at, duration, status, fertigation, confirmed_state, fertigation_confirm_state, error)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [
      plan.id_client,
      plan.id_schedule,
      plan.id_output,
      plan.role ?? 'element',
      plan.role && plan.role !== 'element' ? null : (plan.element_index ?? 0),
      plan.id_water_source ?? null,
      plan.open_at,
      plan.duration ?? 10,
      plan.status ?? 0,
      plan.fertigation ?? false,
      plan.confirmed_state ?? null,
      plan.fertigation_confirm_state ?? null,
      plan.error ?? null,
    ],
  )
  return Number(rows[0].id)
}
