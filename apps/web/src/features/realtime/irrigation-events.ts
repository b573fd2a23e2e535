import {
  type ClientToServerEvents,
  type IrrigationAck,
  irrigationAckSchema,
  type ManualOpenRow,
  type OutputPlanRow,
  planStatus,
} from '@kropla/domain'
import type { QueryClient } from '@tanstack/react-query'
import type { RealtimeSocket } from '../../lib/socket'
import { requestWithAck } from './emit-with-timeout'
import { onServerEvent } from './on-server-event'

/** GET /api/manual_opens: the account's manual opens still tracked (spec 01 section 4). */
export const manualOpensQueryKey = ['manual_opens'] as const

/** GET /api/outputs_plans?from&to, one cache entry per window: ['outputs_plans', from, to]. */
export const outputsPlansQueryKey = (from: string, to: string) => ['outputs_plans', from, to] as const

/** GET /api/outputs_plans/forecast?from&to: the calendar's runs not planned yet, refetched when plans are made or removed. */
export const outputsPlansForecastQueryKey = (from: string, to: string) =>
  ['outputs_plans_forecast', from, to] as const

/** The manual control requests a screen may send on the channel, each answered by an acknowledgement. */
export type IrrigationRequestEvent = 'manual_schedule' | 'manual_group_schedule' | 'manual_schedule_new'
export type IrrigationRequestPayload<Event extends IrrigationRequestEvent> = Parameters<
  ClientToServerEvents[Event]
>[0]
export type SendIrrigationRequest = <Event extends IrrigationRequestEvent>(
  event: Event,
  payload: IrrigationRequestPayload<Event>,
) => Promise<IrrigationAck>

/**
 * A request unanswered for this long counts as failed. The server answers once the modules have
 * settled the command, and a command times out there after 30 s.
 */
const ackTimeoutMs = 45_000

/**
 * Sends one manual control request and resolves with the server's acknowledgement (which may carry
 * `err`); a missing channel or a silent server resolves as a failure without a message, so the
 * screen words it itself.
 */
export function sendIrrigationRequest<Event extends IrrigationRequestEvent>(
  socket: RealtimeSocket | null,
  event: Event,
  payload: IrrigationRequestPayload<Event>,
): Promise<IrrigationAck> {
  // socket.io's typed emit cannot follow a generic event name to its payload; the types above do.
  return requestWithAck(socket, event, payload, ackTimeoutMs, irrigationAckSchema)
}

/** Rows merged by id; a newer copy replaces the older one. */
function upsertById<Row extends { id: number }>(list: readonly Row[], rows: readonly Row[]): Row[] {
  const incoming = new Map(rows.map((row) => [row.id, row]))
  const kept = list.filter((row) => !incoming.has(row.id))
  return [...kept, ...incoming.values()]
}

/**
 * `manual_opens` carries the rows that changed. A finished open (status 10) leaves the list; a
 * failed one (5) stays so the screen can say so until the next action or refetch. Rows the browser
 * put in optimistically (negative ids) give way to the server's first word about their output.
 */
export function mergeManualOpens(
  list: readonly ManualOpenRow[],
  rows: readonly ManualOpenRow[],
): ManualOpenRow[] {
  const outputsTold = new Set(rows.map((row) => row.Output.id))
  const withoutGuesses = list.filter((row) => row.id > 0 || !outputsTold.has(row.Output.id))
  return upsertById(withoutGuesses, rows).filter((row) => row.status < 10)
}

const planEnd = (plan: OutputPlanRow) => Date.parse(plan.open_at) + plan.duration * 60_000

/** Whether a plan belongs in the window [from, to): it overlaps it. */
export function isPlanInWindow(plan: OutputPlanRow, from: string, to: string): boolean {
  return Date.parse(plan.open_at) < Date.parse(to) && planEnd(plan) > Date.parse(from)
}

/** `outputs_plans`: created or changed plans join each window they fall in, and leave those they moved out of. */
export function mergeOutputsPlans(
  list: readonly OutputPlanRow[],
  rows: readonly OutputPlanRow[],
  from: string,
  to: string,
): OutputPlanRow[] {
  const changedIds = new Set(rows.map((row) => row.id))
  const kept = list.filter((row) => !changedIds.has(row.id))
  const entering = rows.filter((row) => isPlanInWindow(row, from, to))
  return [...kept, ...entering].sort((a, b) => Date.parse(a.open_at) - Date.parse(b.open_at))
}

/** Every cached window of plans: [key, from, to]. */
function cachedPlanWindows(queryClient: QueryClient) {
  return queryClient
    .getQueryCache()
    .findAll({ queryKey: ['outputs_plans'] })
    .map((query) => query.queryKey)
    .filter((key): key is readonly ['outputs_plans', string, string] => key.length === 3)
}

/**
 * Applies the irrigation events (spec 01 section 7) to the cached answers, so the manual control
 * screen and the calendar follow them without asking the server again.
 */
export function applyIrrigationEvents(socket: RealtimeSocket, queryClient: QueryClient) {
  let hasConnectedBefore = false
  socket.on('connect', () => {
    // Events pushed while the channel was down are lost: read the openings and plans again.
    if (hasConnectedBefore) {
      void queryClient.invalidateQueries({ queryKey: manualOpensQueryKey })
      void queryClient.invalidateQueries({ queryKey: ['outputs_plans'] })
      void queryClient.invalidateQueries({ queryKey: ['outputs_plans_forecast'] })
    }
    hasConnectedBefore = true
  })
  onServerEvent(socket, 'manual_opens', (rows) =>
    queryClient.setQueryData<ManualOpenRow[]>(manualOpensQueryKey, (list) =>
      list ? mergeManualOpens(list, rows) : list,
    ),
  )
  onServerEvent(socket, 'outputs_plans', (rows) => {
    for (const key of cachedPlanWindows(queryClient))
      queryClient.setQueryData<OutputPlanRow[]>(key, (list) =>
        list ? mergeOutputsPlans(list, rows, key[1], key[2]) : list,
      )
    // The planner made or moved plans: the forecast beyond its horizon may have changed with them
    // (a run's status moving on, as most events carry, changes nothing there).
    if (rows.some((row) => row.status === planStatus.planned))
      void queryClient.invalidateQueries({ queryKey: ['outputs_plans_forecast'] })
  })
  onServerEvent(socket, 'deleted_outputs_plans', ({ ids }) => {
    const gone = new Set(ids)
    queryClient.setQueriesData<OutputPlanRow[]>({ queryKey: ['outputs_plans'] }, (list) =>
      list?.filter((row) => !gone.has(row.id)),
    )
    // Plans go when a schedule is changed, paused or ended: so does its forecast.
    void queryClient.invalidateQueries({ queryKey: ['outputs_plans_forecast'] })
  })
}
