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

/**
 * The runs of one module due at the same moment go out as one command: `{o1: {...}, o2: {...}}`,
 * each output open for its longest run and, for a module whose clock is set, `until` that run's
 * window closes (an order that reaches the module late still closes on time).
 */
export function commandOutputs(runs: readonly { field_name: string; minutes: number; until: Date }[]) {
  const outputs: Record<string, { on: true; minutes: number; until: string }> = {}
  for (const run of runs) {
    const before = outputs[run.field_name]
    const until = run.until.toISOString()
    outputs[run.field_name] = {
      on: true,
      minutes: Math.max(before?.minutes ?? 0, run.minutes),
      until: before && before.until > until ? before.until : until,
    }
  }
  return outputs
}
