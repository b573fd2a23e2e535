import type { OutputPlanRow } from './output-plan-row'
import { isManualOpenBusy, manualStatus, planStatus } from './statuses'
import type { ManualOpenRow } from './wire'

/** Spec 01 section 4, output busy state; `idle` when nothing holds the output. */
export type BusyState = 'busy' | 'awaiting_opening' | 'awaiting_closing' | 'in_progress' | 'idle'

/** Spec 01 section 4, the five manual control messages (`manual.messages.*`). */
export type ManualControlMessage =
  | 'waiting_to_open'
  | 'waiting_to_close'
  | 'schedule_running'
  | 'manual_active'
  | 'stopping'

export interface OutputBusyState {
  state: BusyState
  message: ManualControlMessage | null
  /** Whole seconds until the output closes (rounded up); null when it has no end or is not open yet. */
  remainingSeconds: number | null
}

export interface OutputBusyInput {
  idOutput: number
  plans: readonly OutputPlanRow[]
  manualOpens: readonly ManualOpenRow[]
  /** The output's current value from the module: 1 open, 0 closed, null unknown. */
  value: number | null
  now: Date
}

const MINUTE = 60_000
const secondsUntil = (now: number, at: number) => Math.max(0, Math.ceil((at - now) / 1000))
const idle: OutputBusyState = { state: 'idle', message: null, remainingSeconds: null }

/**
 * Spec 01 section 4: a plan stops counting once executed, when its schedule is missing or
 * deleted, when the module confirmed it closed (confirmed_state 0) or a manual close ended it
 * (manual_status 10 or more); one that failed, was missed or whose conditions were not met never
 * held the output.
 */
export function isPlanHoldingOutput(plan: OutputPlanRow) {
  if (plan.status === planStatus.executed) return false
  if (!plan.Scheduler || plan.Scheduler.deleted_at !== null) return false
  if (plan.confirmed_state === 0) return false
  if (plan.manual_status !== null && plan.manual_status >= 10) return false
  return plan.status <= planStatus.running
}

function fromManualOpen(open: ManualOpenRow, value: number | null, now: number): OutputBusyState {
  if (open.status === manualStatus.cancelled)
    return { state: 'awaiting_closing', message: 'stopping', remainingSeconds: null }
  const closeAt = open.close_at === null ? null : Date.parse(open.close_at)
  if (open.status === manualStatus.awaiting_closing || (closeAt !== null && now >= closeAt))
    return {
      state: 'awaiting_closing',
      message: 'waiting_to_close',
      remainingSeconds: closeAt === null ? null : 0,
    }
  if (open.status === manualStatus.open || value === 1)
    return {
      state: 'in_progress',
      message: 'manual_active',
      remainingSeconds: closeAt === null ? null : secondsUntil(now, closeAt),
    }
  return { state: 'awaiting_opening', message: 'waiting_to_open', remainingSeconds: null }
}

function fromPlan(plan: OutputPlanRow, value: number | null, now: number): OutputBusyState | null {
  const openAt = Date.parse(plan.open_at)
  const closeAt = openAt + plan.duration * MINUTE
  if (now < openAt) return null
  if (now >= closeAt)
    // The run's time is up but the module still reports the output open: its closing is awaited.
    return value === 1 && plan.status === planStatus.running
      ? { state: 'awaiting_closing', message: 'waiting_to_close', remainingSeconds: 0 }
      : null
  if (value !== 1 && plan.status < planStatus.running)
    return { state: 'awaiting_opening', message: 'waiting_to_open', remainingSeconds: null }
  // A one-off manual schedule (type 0) is the user's own opening, not an automatic schedule.
  const isManual = plan.Scheduler?.type === 0
  return {
    state: isManual ? 'in_progress' : 'busy',
    message: isManual ? 'manual_active' : 'schedule_running',
    remainingSeconds: secondsUntil(now, closeAt),
  }
}

/**
 * What an output is doing at `now` (spec 01 section 4), recomputed every second by the
 * manual-control screen and checked by the server before a manual opening:
 *
 * - a busy manual opening (status 4 or lower) decides first: stopping, waiting to close (its
 *   time is up or a close was asked), in progress (open, or the module already reports it open),
 *   otherwise waiting to open;
 * - then a plan holding the output now: waiting to open until sent and reported open, then busy
 *   ('automatic schedule running', or in progress for a one-off manual schedule) with the time to
 *   its end, then waiting to close while the module still reports it open after the end;
 * - an output the module reports open with nothing known to hold it is in progress with no end;
 * - otherwise idle.
 */
export function outputBusyState({
  idOutput,
  plans,
  manualOpens,
  value,
  now,
}: OutputBusyInput): OutputBusyState {
  const at = now.getTime()
  const open = manualOpens
    .filter((row) => row.Output.id === idOutput && isManualOpenBusy(row.status))
    .sort((a, b) => Date.parse(b.open_at) - Date.parse(a.open_at))[0]
  if (open) return fromManualOpen(open, value, at)
  const holding = plans
    .filter((plan) => plan.id_output === idOutput && isPlanHoldingOutput(plan))
    .sort((a, b) => Date.parse(a.open_at) - Date.parse(b.open_at))
  const states = holding.map((plan) => fromPlan(plan, value, at)).filter((state) => state !== null)
  // A run holding the output now wins over an earlier one still waiting for its close report.
  const current = states.find((state) => state.state !== 'awaiting_closing') ?? states[0]
  if (current) return current
  return value === 1 ? { state: 'in_progress', message: null, remainingSeconds: null } : idle
}
