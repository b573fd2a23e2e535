import {
  type IrrigationAck,
  type ManualOpenRow,
  manualGroupScheduleSchema,
  manualScheduleNewSchema,
  manualScheduleSchema,
  type OutputPlanRow,
  type OutputRef,
  outputPlanRowsSchema,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import type { FakeServer } from './fake-server'
import type { FakeSocket } from './fake-socket'

const outputRefs: Record<number, OutputRef> = {
  11: { id: 11, name: 'Valve north', id_object: 1, field_name: 'o1' },
  12: { id: 12, name: 'Valve south', id_object: 1, field_name: 'o2' },
  13: { id: 13, name: 'Valve east', id_object: 1, field_name: 'o3' },
}

/** The output reference of the default resources' valves (11 north, 12 south, 13 east). */
export const outputRef = (id: number): OutputRef =>
  outputRefs[id] ?? { id, name: `Output ${id}`, id_object: 1, field_name: 'o4' }

/** Test-only: an output plan as GET /api/outputs_plans and `outputs_plans` carry it. */
export function planFixture(overrides: Partial<OutputPlanRow> & Pick<OutputPlanRow, 'id'>): OutputPlanRow {
  const idOutput = overrides.id_output ?? 11
  return {
    id_schedule: 5,
    id_output: idOutput,
    role: 'element',
    id_water_source: null,
    element_index: 0,
    cycle: 0,
    planned_at: overrides.open_at ?? '2026-11-23T06:00:00.000Z',
    open_at: '2026-11-23T06:00:00.000Z',
    duration: 30,
    fertigation: false,
    status: 0,
    confirmed_state: null,
    fertigation_confirm_state: null,
    manual_status: null,
    error: null,
    Scheduler: { id: 5, name: 'Morning tomatoes', type: 1, deleted_at: null },
    Output: outputRef(idOutput),
    ...overrides,
  }
}

/** Test-only: a manual open as GET /api/manual_opens and `manual_opens` carry it. */
export function manualOpenFixture(
  overrides: Partial<ManualOpenRow> & Pick<ManualOpenRow, 'id' | 'Output'>,
): ManualOpenRow {
  return {
    status: 0,
    minutes: 10,
    open_at: new Date().toISOString(),
    close_at: null,
    closed_at: null,
    error: null,
    ...overrides,
  }
}

export interface FakeIrrigation {
  manual_opens: ManualOpenRow[]
  plans: OutputPlanRow[]
  /** What GET /api/outputs_plans/forecast answers from (rows with `forecast: true`). */
  forecast?: OutputPlanRow[]
  nextId: number
}

/** Test-only: a forecast run as GET /api/outputs_plans/forecast carries it (negative id, not stored). */
export const forecastFixture = (overrides: Partial<OutputPlanRow> & Pick<OutputPlanRow, 'id'>) =>
  planFixture({ ...overrides, forecast: true })

const overlaps = (plan: OutputPlanRow, from: number, to: number) => {
  const open = Date.parse(plan.open_at)
  return open < to && open + plan.duration * 60_000 > from
}

/**
 * GET /api/manual_opens, GET /api/outputs_plans?from&to and its /forecast in memory, in front of another fake
 * server (usually `withResources`), as the irrigation contract of issue 5 describes them.
 */
export function withIrrigation<Server extends Pick<FakeServer, 'fetch' | 'state'>>(
  server: Server,
  irrigation: FakeIrrigation = { manual_opens: [], plans: [], nextId: 500 },
) {
  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), 'http://kropla.test')
    const method = init?.method ?? 'GET'
    const paths = ['/api/manual_opens', '/api/outputs_plans', '/api/outputs_plans/forecast']
    if (method !== 'GET' || !paths.includes(url.pathname)) return server.fetch(input, init)
    server.state.calls.push({ method, path: `${url.pathname}${url.search}`, body: undefined })
    if (url.pathname === '/api/manual_opens')
      return new Response(JSON.stringify(irrigation.manual_opens.filter((row) => row.status <= 4)))
    const from = Date.parse(url.searchParams.get('from') ?? '')
    const to = Date.parse(url.searchParams.get('to') ?? '')
    const rows = url.pathname.endsWith('/forecast') ? (irrigation.forecast ?? []) : irrigation.plans
    // Answered through the domain's schema, as the server's serializer does.
    return new Response(
      JSON.stringify(outputPlanRowsSchema.parse(rows.filter((plan) => overlaps(plan, from, to)))),
    )
  }
  return { ...server, fetch, irrigation }
}

const failure = (lang: Lang, code: string): IrrigationAck => ({
  err: code,
  message: translate(lang, `errors.${code}`),
})

/**
 * Answers the manual control requests on the fake socket as the server would: checked with the
 * domain schemas, refused with `output_schedule_running` while an automatic plan runs on the
 * output, otherwise a manual open is recorded and its id acknowledged.
 */
export function answerManualRequests(socket: FakeSocket, irrigation: FakeIrrigation, lang: Lang = 'en') {
  const isScheduleRunning = (idOutput: number) =>
    irrigation.plans.some(
      (plan) =>
        plan.id_output === idOutput &&
        (plan.Scheduler?.type ?? 0) > 0 &&
        overlaps(plan, Date.now(), Date.now() + 1),
    )
  socket.answerRequest('manual_schedule', (payload) => {
    const parsed = manualScheduleSchema.safeParse(payload)
    if (!parsed.success) return failure(lang, 'manual_minutes_invalid')
    const { id_output, on, minutes } = parsed.data
    if (on && isScheduleRunning(id_output)) return failure(lang, 'output_schedule_running')
    const id = irrigation.nextId++
    if (on)
      irrigation.manual_opens.push(
        manualOpenFixture({ id, Output: outputRef(id_output), minutes, status: 0 }),
      )
    return { ok: true, id }
  })
  socket.answerRequest('manual_group_schedule', (payload) =>
    manualGroupScheduleSchema.safeParse(payload).success
      ? { ok: true, id: irrigation.nextId++ }
      : failure(lang, 'manual_minutes_invalid'),
  )
  socket.answerRequest('manual_schedule_new', (payload) =>
    manualScheduleNewSchema.safeParse(payload).success
      ? { ok: true, id: irrigation.nextId++ }
      : failure(lang, 'schedule_data_error'),
  )
}
