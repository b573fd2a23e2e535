/** The relay or valve outputs of one module, with the timed closings the module enforces itself. */
export type OutputName = 'o1' | 'o2' | 'o3' | 'o4'

export interface OutputChange {
  on: boolean
  /** How long to stay on; null keeps it on until told otherwise. Ignored when switching off. */
  minutes: number | null
  /** Close by this moment at the latest (the module's clock is set), however long `minutes` would run. */
  until?: Date
}

export interface ScheduledClosing {
  name: OutputName
  at: Date
}

export interface OutputBank {
  readonly names: readonly OutputName[]
  has(name: string): name is OutputName
  isOn(name: OutputName): boolean
  /** Every output's state, as `up/state` and `up/data` report it. */
  snapshot(): Record<OutputName, boolean>
  apply(changes: Partial<Record<OutputName, OutputChange>>, at: Date): void
  /** The earliest timed opening still to close, if any. */
  nextClosing(): ScheduledClosing | null
  close(name: OutputName): void
}

export function createOutputBank(names: readonly OutputName[]): OutputBank {
  const state = new Map(names.map((name) => [name, { on: false, closeAt: null as Date | null }]))
  const entry = (name: OutputName) => state.get(name)!

  return {
    names,
    has: (name): name is OutputName => state.has(name as OutputName),
    isOn: (name) => entry(name).on,
    snapshot() {
      return Object.fromEntries(names.map((name) => [name, entry(name).on])) as Record<OutputName, boolean>
    },
    apply(changes, at) {
      for (const [name, change] of Object.entries(changes) as [OutputName, OutputChange][]) {
        const output = entry(name)
        output.on = change.on
        output.closeAt = change.on ? closingTime(change, at) : null
      }
    },
    nextClosing() {
      let next: ScheduledClosing | null = null
      for (const [name, output] of state) {
        if (output.on && output.closeAt && (!next || output.closeAt < next.at))
          next = { name, at: output.closeAt }
      }
      return next
    },
    close(name) {
      const output = entry(name)
      output.on = false
      output.closeAt = null
    },
  }
}

/** When an opening ends: after its minutes, or at `until` when that comes first. */
function closingTime(change: OutputChange, at: Date): Date | null {
  const afterMinutes = change.minutes === null ? null : new Date(at.getTime() + change.minutes * 60_000)
  if (!change.until) return afterMinutes
  return afterMinutes && afterMinutes < change.until ? afterMinutes : change.until
}
