import { findInput } from '../catalogue/catalogue'
import type { DeviceModel, InputField } from '../catalogue/types'
import { type AlarmComparator, alarmKey, objectConfigSchema, parseAlarmKey } from '../resources/objects'
import { isValueFlagged } from './flag'

/** Module data delay (spec 01 section 9): nothing for longer than this raises `no_data`. */
export const moduleDataDelayMinutes = 15
export const moduleDataDelayMs = moduleDataDelayMinutes * 60_000

/** The alarm a module raises when it has sent nothing for longer than its data delay. */
export const noDataAlarmName = 'no_data'

/** Thresholds every model with these fields has unless its configuration says otherwise (spec 02, alarms and defaults). */
export const defaultAlarmThresholds: readonly {
  field: string
  comparator: AlarmComparator
  value: number
}[] = [
  { field: 'battvol', comparator: 'lt', value: 3.1 },
  { field: 'sigstr', comparator: 'lt', value: 25 },
  { field: 'gsmstr', comparator: 'lt', value: 25 },
]

/** Fraction of an input's range the value must come back past its threshold before the alarm clears. */
export const hysteresisFraction = 0.01

/** One active threshold of a module: `<field>_lt` or `<field>_gt`. */
export interface AlarmRule {
  name: string
  field: string
  comparator: AlarmComparator
  threshold: number
  /** How far back past the threshold the value must come before the alarm clears (hysteresis). */
  band: number
}

/**
 * The hysteresis band of an input: 1 % of its range (the threshold's size when the catalogue gives
 * no range), and never less than one display step (one unit of its last decimal), so that a value
 * hovering at the threshold by a display step or less does not flap.
 */
export function hysteresisBand(input: InputField | undefined, threshold: number): number {
  const decimals = input?.decimals ?? 2
  const step = 10 ** -decimals
  const range =
    input?.min !== undefined && input.max !== undefined ? input.max - input.min : Math.abs(threshold)
  const band = Number((range * hysteresisFraction).toFixed(decimals))
  return Math.max(step, band)
}

/**
 * A module's active thresholds: the configured `<field>_lt` / `<field>_gt` entries whose active
 * flag is set, and the battery, signal and GSM defaults for the fields the model has, unless the
 * configuration has an entry of the same name (an inactive entry switches a default off).
 * A configuration that does not parse counts as none.
 */
export function alarmRulesFor(model: DeviceModel, storedConfig: unknown): AlarmRule[] {
  const parsed = objectConfigSchema.safeParse(storedConfig ?? {})
  const configured = parsed.success ? parsed.data.alarms : {}
  const rules: AlarmRule[] = []
  const rule = (field: string, comparator: AlarmComparator, threshold: number): AlarmRule | null => {
    const input = findInput(model, field)
    if (!input || !Number.isFinite(threshold)) return null
    return {
      name: alarmKey(field, comparator),
      field,
      comparator,
      threshold,
      band: hysteresisBand(input, threshold),
    }
  }
  for (const [name, entry] of Object.entries(configured)) {
    const key = parseAlarmKey(name)
    if (!key || !entry.active) continue
    const made = rule(key.field, key.comparator, entry.value)
    if (made) rules.push(made)
  }
  for (const preset of defaultAlarmThresholds) {
    if (alarmKey(preset.field, preset.comparator) in configured) continue
    const made = rule(preset.field, preset.comparator, preset.value)
    if (made) rules.push(made)
  }
  return rules
}

/** One new reading of a module. */
export interface AlarmReading {
  field: string
  value: number | null
  ts: Date
}

export type AlarmDecision =
  | { kind: 'raise'; rule: AlarmRule; value: number; at: Date }
  | { kind: 'clear'; name: string; value: number | null; at: Date }

/** Whether a value has come back far enough past the threshold of a raised alarm to clear it. */
export function isAlarmCleared(rule: AlarmRule, value: number): boolean {
  return rule.comparator === 'lt' ? value >= rule.threshold + rule.band : value <= rule.threshold - rule.band
}

/**
 * What new readings do to a module's alarms. Only each field's newest reading counts. A rule not
 * raised opens when the value meets its comparator (lower than / higher than the threshold); a
 * raised one clears only once the value is back past the threshold by the rule's band, so a
 * value inside the band changes nothing. Any reading clears `no_data`. A raised alarm whose
 * threshold is no longer active (switched off or removed) clears with the next reading.
 */
export function evaluateReadings(
  rules: readonly AlarmRule[],
  active: ReadonlySet<string>,
  readings: readonly AlarmReading[],
): AlarmDecision[] {
  if (readings.length === 0) return []
  const newest = new Map<string, AlarmReading>()
  let lastAt = readings[0]!.ts
  for (const reading of readings) {
    const seen = newest.get(reading.field)
    if (!seen || reading.ts >= seen.ts) newest.set(reading.field, reading)
    if (reading.ts > lastAt) lastAt = reading.ts
  }
  const decisions: AlarmDecision[] = []
  if (active.has(noDataAlarmName))
    decisions.push({ kind: 'clear', name: noDataAlarmName, value: null, at: lastAt })
  const ruled = new Set<string>()
  for (const rule of rules) {
    ruled.add(rule.name)
    const reading = newest.get(rule.field)
    const value = reading?.value
    if (!reading || value === null || value === undefined || !Number.isFinite(value)) continue
    if (active.has(rule.name)) {
      if (isAlarmCleared(rule, value))
        decisions.push({ kind: 'clear', name: rule.name, value, at: reading.ts })
    } else if (isValueFlagged(value, rule.comparator, rule.threshold)) {
      decisions.push({ kind: 'raise', rule, value, at: reading.ts })
    }
  }
  for (const name of active) {
    if (name !== noDataAlarmName && !ruled.has(name))
      decisions.push({ kind: 'clear', name, value: null, at: lastAt })
  }
  return decisions
}

/** Whether a module that last sent data at `lastDataAt` is overdue at `now` (no data at all: not judged). */
export function isDataOverdue(lastDataAt: Date | null, now: Date, delayMs = moduleDataDelayMs): boolean {
  return lastDataAt !== null && now.getTime() - lastDataAt.getTime() > delayMs
}
