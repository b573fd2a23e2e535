const MINUTE = 60_000

/** When a run's window closes: its open time plus its duration (a late run keeps the same end). */
export const windowEnd = (run: { open_at: Date; duration: number }) =>
  new Date(run.open_at.getTime() + run.duration * MINUTE)

/**
 * The minutes a due run is sent with: what is left of its window, to the nearest minute, so a
 * run sent on time gets its whole duration and a late one (after an outage) closes when it was
 * meant to. Zero means the window is over (less than half a minute left): the run is missed.
 */
export function remainingMinutes(run: { open_at: Date; duration: number }, now: Date): number {
  const left = windowEnd(run).getTime() - now.getTime()
  return Math.max(0, Math.min(run.duration, Math.round(left / MINUTE)))
}

/** The runs of one module due at the same moment go out as one command: `{o1: {...}, o2: {...}}`. */
export function commandOutputs(runs: readonly { field_name: string; minutes: number }[]) {
  const outputs: Record<string, { on: true; minutes: number }> = {}
  for (const run of runs) {
    const before = outputs[run.field_name]?.minutes ?? 0
    outputs[run.field_name] = { on: true, minutes: Math.max(before, run.minutes) }
  }
  return outputs
}
