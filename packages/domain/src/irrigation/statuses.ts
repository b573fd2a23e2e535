/**
 * Status numbers of spec 01 section 4. Commands: below 3 pending and tracked, above 2 finished;
 * 4 cancel, 10 success, the rest errors. Manual opens: tracked until 10, 4 or lower is busy.
 */
export const commandStatus = {
  queued: 0,
  sent: 1,
  received: 2,
  cancelled: 4,
  rejected: 5,
  timed_out: 6,
  done: 10,
} as const
export type CommandStatus = (typeof commandStatus)[keyof typeof commandStatus]
export const isCommandPending = (status: number) => status < 3

export const manualStatus = {
  awaiting_opening: 0,
  opening: 1,
  open: 2,
  awaiting_closing: 3,
  /** The user stopped it; closing is on its way. */
  cancelled: 4,
  error: 5,
  closed: 10,
} as const
export type ManualStatus = (typeof manualStatus)[keyof typeof manualStatus]
export const isManualOpenBusy = (status: number) => status <= manualStatus.cancelled
/** The statuses of a manual opening that holds its output (4 or lower), for queries. */
export const busyManualStatuses = [
  manualStatus.awaiting_opening,
  manualStatus.opening,
  manualStatus.open,
  manualStatus.awaiting_closing,
  manualStatus.cancelled,
] as const

/** Output plans: 0 planned … 10 executed; calendar colours by `planResult`. */
export const planStatus = {
  planned: 0,
  sent: 1,
  running: 2,
  cancelled: 4,
  error: 5,
  condition_not_met: 6,
  missed: 7,
  executed: 10,
} as const
export type PlanStatus = (typeof planStatus)[keyof typeof planStatus]

/**
 * Why a command failed (`commands.error`): catalogue codes, each the i18n key `errors.<code>`.
 * A module's own rejection text is logged, never stored (the screens could not word it).
 */
export const commandErrors = {
  failed: 'command_failed',
  timedOut: 'command_timed_out',
  /** The module got the command after its `expires_at` (e.g. queued through an outage) and did not open. */
  expired: 'command_expired',
} as const
export type CommandError = (typeof commandErrors)[keyof typeof commandErrors]

/** Why a manual opening ended in error (`manual_opens.error`): its command's code, or one of these. */
export const manualErrors = {
  ...commandErrors,
  /** Its time was up, but the module never reported the output closed. */
  notClosed: 'manual_not_closed',
} as const
export type ManualError = (typeof manualErrors)[keyof typeof manualErrors]

/**
 * Why a plan ended in error or was missed (`OutputPlanRow.error`): each is also the i18n key
 * `errors.<code>`, so the calendar words it like any error.
 */
export const planErrors = {
  /** Its window passed while no server ran plans (restart rule). */
  missed: 'plan_missed',
  /** Sent, but the module never reported the output open while the run lasted. */
  notConfirmed: 'plan_not_confirmed',
  /** A condition's sensor had no reading when the run was due. */
  conditionNoData: 'condition_no_data',
  commandFailed: commandErrors.failed,
  commandTimedOut: commandErrors.timedOut,
  commandExpired: commandErrors.expired,
} as const
export type PlanError = (typeof planErrors)[keyof typeof planErrors]

/** The role of an output in a run: the schedule's element, or its water source's outputs. */
export const planRoles = ['element', 'clean_source', 'fertigation_source'] as const
export type PlanRole = (typeof planRoles)[number]

/** Calendar results (spec 01 section 3): executed correctly, error, condition correct or error, fertigation. */
export type PlanResult =
  | 'planned'
  | 'running'
  | 'executed'
  | 'error'
  | 'condition_ok'
  | 'condition_error'
  | 'fertigation'
