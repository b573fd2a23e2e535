import {
  isManualOpenBusy,
  type ManualOpenRow,
  manualStatus,
  type OutputPlanRow,
  planStatus,
} from '@kropla/domain'

/** Spec 01 section 4, output busy state. */
export type BusyState = 'busy' | 'awaiting_opening' | 'awaiting_closing' | 'in_progress' | 'idle'

/** Spec 01 section 4, the five manual control messages (`manual.messages.*`). */
export type ManualMessage =
  | 'waiting_to_open'
  | 'waiting_to_close'
  | 'schedule_running'
  | 'manual_active'
  | 'stopping'

export interface OutputBusyView {
  state: BusyState
  message: ManualMessage | null
  /** Seconds until the output closes; null when it has no end (permanent) or is not open. */
  remainingSeconds: number | null
}

export interface OutputBusyInput {
  idOutput: number
  plans: readonly OutputPlanRow[]
  manualOpens: readonly ManualOpenRow[]
  /** The output's current value from the live rows: 1 open, 0 closed, null unknown. */
  value: number | null
  now: number
}

const secondsBetween = (from: number, to: number) => Math.max(0, Math.round((to - from) / 1000))

/** Spec 01 section 4: a plan is no longer followed once executed, orphaned, refused by the module or closed by hand. */
function isPlanFollowed(plan: OutputPlanRow): boolean {
  if (plan.status === planStatus.executed) return false
  if (!plan.Scheduler || plan.Scheduler.deleted_at) return false
  if (plan.confirmed_state === 0) return false
  if (plan.manual_status !== null && plan.manual_status >= 10) return false
  return plan.status <= planStatus.running
}

function fromManualOpen(open: ManualOpenRow, value: number | null, now: number): OutputBusyView {
  if (open.status === manualStatus.cancelled)
    return { state: 'awaiting_closing', message: 'stopping', remainingSeconds: null }
  if (open.status === manualStatus.awaiting_closing)
    return { state: 'awaiting_closing', message: 'waiting_to_close', remainingSeconds: null }
  const closeAt = open.close_at === null ? null : Date.parse(open.close_at)
  if (closeAt !== null && now >= closeAt)
    return { state: 'awaiting_closing', message: 'waiting_to_close', remainingSeconds: 0 }
  if (open.status === manualStatus.open || value === 1)
    return {
      state: 'in_progress',
      message: 'manual_active',
      remainingSeconds: closeAt === null ? null : secondsBetween(now, closeAt),
    }
  return { state: 'awaiting_opening', message: 'waiting_to_open', remainingSeconds: null }
}

function fromPlan(plan: OutputPlanRow, value: number | null, now: number): OutputBusyView | null {
  const openAt = Date.parse(plan.open_at)
  const closeAt = openAt + plan.duration * 60_000
  if (now < openAt) return null
  if (now >= closeAt)
    return value === 1 && plan.status === planStatus.running
      ? { state: 'awaiting_closing', message: 'waiting_to_close', remainingSeconds: 0 }
      : null
  if (value !== 1 && plan.status < planStatus.running)
    return { state: 'awaiting_opening', message: 'waiting_to_open', remainingSeconds: null }
  const isManual = plan.Scheduler?.type === 0
  return {
    state: isManual ? 'in_progress' : 'busy',
    message: isManual ? 'manual_active' : 'schedule_running',
    remainingSeconds: secondsBetween(now, closeAt),
  }
}

/**
 * What an output is doing at `now`, from its manual opens, its plans and its current value
 * (spec 01 section 4); the screen recomputes it every second.
 */
export function outputBusyView({
  idOutput,
  plans,
  manualOpens,
  value,
  now,
}: OutputBusyInput): OutputBusyView {
  const open = manualOpens
    .filter((row) => row.Output.id === idOutput && isManualOpenBusy(row.status))
    .sort((a, b) => Date.parse(b.open_at) - Date.parse(a.open_at))[0]
  if (open) return fromManualOpen(open, value, now)
  for (const plan of plans) {
    if (plan.id_output !== idOutput || !isPlanFollowed(plan)) continue
    const view = fromPlan(plan, value, now)
    if (view) return view
  }
  return { state: 'idle', message: null, remainingSeconds: null }
}

export interface Remaining {
  value: number
  unit: 's' | 'min' | 'h'
}

/** Remaining time in seconds, minutes or hours, rounded to half units (spec 01 section 4). */
export function formatRemaining(seconds: number): Remaining {
  const half = (amount: number) => Math.round(amount * 2) / 2
  if (seconds < 60) return { value: Math.round(seconds), unit: 's' }
  if (seconds < 3600) return { value: half(seconds / 60), unit: 'min' }
  return { value: half(seconds / 3600), unit: 'h' }
}
