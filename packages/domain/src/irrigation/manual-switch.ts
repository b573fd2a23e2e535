import { busyManualStatuses, manualStatus } from './statuses'

/**
 * The manual control switch (spec 01 sections 3 and 4, Manual open): how a manual opening's
 * status moves on the user's order, the module's answer, its reported state and the sweep of
 * timed openings past their time. Each move names the statuses it moves from, so a late or
 * repeated event cannot undo a later state.
 */
const { awaiting_opening, opening, open, awaiting_closing, cancelled, error, closed } = manualStatus

/** A module's clock may run this far behind ours: a state reported earlier than that is older than the opening. */
export const MANUAL_CLOCK_SKEW_MS = 5_000
/**
 * A timed opening whose module has not reported the output off this long after its time is no
 * longer waited for: it ends in error (the module closes by its own timer, but nobody confirmed it).
 */
export const MANUAL_CLOSE_CONFIRMATION_MS = 5 * 60_000

export const manualMoves = {
  /** A new opening replaces a busy one of the same output. */
  replaced: { from: busyManualStatuses, to: closed },
  /** The user closes the output: the opening is stopped until the module confirms. */
  stopped: { from: [awaiting_opening, opening, open, awaiting_closing], to: cancelled },
  /** The command was done: an opening opens… */
  commandOpened: { from: [awaiting_opening, opening], to: open },
  /** …and a stopped one is closed. */
  commandClosed: { from: [cancelled], to: closed },
  /** The command failed (refused, timed out, not sent). */
  commandFailed: { from: [awaiting_opening, opening, cancelled], to: error },
  /** The module reports the output on. */
  reportedOn: { from: [awaiting_opening, opening], to: open },
  /** The module reports the output off. */
  reportedOff: { from: [open, awaiting_closing, cancelled], to: closed },
  /** Past its time with the output reported off. */
  overdueOff: { from: [open, awaiting_closing], to: closed },
  /** Past its time and the confirmation wait, never reported off. */
  overdueUnconfirmed: { from: [open, awaiting_closing], to: error },
  /** Past its time, not reported off yet: waiting for the module to close. */
  overdueWaiting: { from: [open], to: awaiting_closing },
} as const

/** An output to switch, with its module and terminal. */
export interface SwitchTarget {
  id: number
  id_object: number
  field_name: string
}

/** One output's order: timed ones carry `until`, the moment they close by the module's clock when it is set. */
export type SwitchOrder = { on: boolean; minutes: number | null; until?: string }

/**
 * The orders of one switch, one command per module: `closeAt` is when a timed opening closes
 * (null when closing, or opening until closed), however late the order arrives. `seconds`, when
 * given, is a shorter opening than whole minutes (the test area's pulse): it closes `seconds`
 * after `at` by the module's clock (`until`), while `minutes` stays the whole minutes a module
 * without a set clock runs at most.
 */
export function switchOrders(
  targets: readonly SwitchTarget[],
  on: boolean,
  minutes: number | null,
  at: Date,
  seconds?: number,
) {
  const closeAt =
    on && seconds !== undefined
      ? new Date(at.getTime() + seconds * 1000)
      : on && minutes !== null
        ? new Date(at.getTime() + minutes * 60_000)
        : null
  const byObject = new Map<number, SwitchTarget[]>()
  for (const output of targets)
    byObject.set(output.id_object, [...(byObject.get(output.id_object) ?? []), output])
  const order: SwitchOrder = closeAt
    ? { on, minutes, until: closeAt.toISOString() }
    : { on, minutes: on ? minutes : null }
  return {
    closeAt,
    modules: [...byObject].map(([idObject, outputs]) => ({
      idObject,
      outputIds: outputs.map((output) => output.id),
      outputs: Object.fromEntries(outputs.map((output) => [output.field_name, { ...order }])) as Record<
        string,
        SwitchOrder
      >,
    })),
  }
}

/**
 * A module's reported output state against its busy openings: an output reported on confirms its
 * opening (`opened`), reported off closes it (`shut`); a state older than an opening (beyond the
 * clock skew) and an output not reported decide nothing.
 */
export function reportedSwitches(
  busy: readonly { id: number; open_at: Date; field: string }[],
  outputs: Readonly<Record<string, unknown>>,
  reportedAt: Date,
) {
  const opened: number[] = []
  const shut: number[] = []
  for (const row of busy) {
    const value = outputs[row.field]
    if (typeof value !== 'boolean') continue
    if (reportedAt.getTime() < row.open_at.getTime() - MANUAL_CLOCK_SKEW_MS) continue
    if (value) opened.push(row.id)
    else shut.push(row.id)
  }
  return { opened, shut }
}

/**
 * Timed openings past their closing time, by the output's latest reported value (0 off): closed
 * when reported off; in error once the confirmation wait is over; otherwise an open one waits for
 * the module to close (awaiting closing).
 */
export function overdueSwitches(
  overdue: readonly { id: number; status: number; close_at: Date; value: number | null }[],
  at: Date,
) {
  const off = overdue.filter((row) => row.value === 0).map((row) => row.id)
  const notReported = overdue.filter((row) => row.value !== 0)
  const unconfirmed = notReported
    .filter((row) => row.close_at.getTime() <= at.getTime() - MANUAL_CLOSE_CONFIRMATION_MS)
    .map((row) => row.id)
  const waiting = notReported
    .filter((row) => row.status === open && !unconfirmed.includes(row.id))
    .map((row) => row.id)
  return { off, unconfirmed, waiting }
}
