import {
  alarmComparators,
  alarmKey,
  type DeviceModel,
  findInput,
  findModel,
  type InputField,
  isValueFlagged,
  type LatestValue,
  type ObjectConfig,
  type ObjectSummary,
} from '@kropla/domain'
import { type Trend, trendOf } from '../../lib/trend'

export interface TileReading {
  field: string
  /** The catalogue's field, with the user's own units when the module config gives some. */
  input: InputField | undefined
  latest: LatestValue | undefined
  trend: Trend | null
  /** The user's label of this input (module config), shown instead of the catalogue's name. */
  customLabel: string | null
  /** The value meets an active alarm threshold of the module config (spec 01 section 4). */
  isFlagged: boolean
}

/** Fields the tile shows in its status line rather than among the readings. */
const batteryFields = ['battvol', 'BATTERY_1'] as const
const signalFields = ['sigstr', 'gsmstr'] as const
const statusFields: ReadonlySet<string> = new Set([...batteryFields, ...signalFields])

/** Spec 01 section 9, "Module data delay 15": a module silent for longer is not communicating. */
export const moduleDataDelayMs = 15 * 60 * 1000

const noConfig: ObjectConfig = { inputs: {}, alarms: {} }

function reading(
  object: ObjectSummary,
  model: DeviceModel | undefined,
  field: string,
  config: ObjectConfig,
): TileReading {
  const catalogueInput = model && findInput(model, field)
  const own = config.inputs[field]
  const input =
    catalogueInput && own?.custom_units ? { ...catalogueInput, unit: own.custom_units } : catalogueInput
  const latest = object.latest[field]
  const isMeasurement = catalogueInput === undefined || catalogueInput.kind === 'number'
  const trend = latest && isMeasurement ? trendOf(latest.value, latest.previous?.value) : null
  const isFlagged =
    isMeasurement &&
    alarmComparators.some((comparator) => {
      const threshold = config.alarms[alarmKey(field, comparator)]
      return threshold?.active === true && isValueFlagged(latest?.value, comparator, threshold.value)
    })
  return { field, input, latest, trend, customLabel: own?.custom_label || null, isFlagged }
}

/**
 * What a module's tile shows: the catalogue's preview fields in its order (battery and signal go to
 * the status line), each with its latest value, trend, the user's label and units, and whether an
 * active alarm threshold flags it; with `every`, after them every other field of the model in the
 * catalogue's order (the start screen's cards: issue 15 item 9). A model the catalogue does not know
 * shows whatever it reported.
 */
export function tileReadings(
  object: ObjectSummary,
  config: ObjectConfig = noConfig,
  which: 'preview' | 'every' = 'preview',
): TileReading[] {
  const model = findModel(object.last_device_model)
  const preview: readonly string[] = model?.tilePreview ?? []
  const fields = !model
    ? Object.keys(object.latest).sort()
    : which === 'preview'
      ? preview
      : [
          ...preview,
          ...model.inputs
            .filter((input) => input.kind !== 'flag' && !preview.includes(input.name))
            .map((input) => input.name),
        ]
  return fields
    .filter((field) => !statusFields.has(field))
    .map((field) => reading(object, model, field, config))
}

/** Battery (battvol or BATTERY_1) and signal (sigstr or gsmstr), whichever the model has. */
export function tileStatus(object: ObjectSummary): {
  battery: TileReading | null
  signal: TileReading | null
} {
  const model = findModel(object.last_device_model)
  const pick = (fields: readonly string[]) => {
    const field = fields.find((name) => (model ? findInput(model, name) : object.latest[name]))
    return field ? reading(object, model, field, noConfig) : null
  }
  return { battery: pick(batteryFields), signal: pick(signalFields) }
}

/** The moment of the newest reading on the tile, falling back to the module's last data date. */
export function lastReadingAt(object: ObjectSummary, readings: readonly TileReading[]): string | null {
  let newest: string | null = null
  for (const { latest } of readings) {
    if (latest && (newest === null || Date.parse(latest.dtimestamp) > Date.parse(newest)))
      newest = latest.dtimestamp
  }
  return newest ?? object.last_data_at
}

/** Communicating: data came in within the module data delay (none at all is not communicating). */
export function isCommunicating(object: ObjectSummary, now: number): boolean {
  const newest = [object.last_data_at, ...Object.values(object.latest).map((latest) => latest.dtimestamp)]
    .filter((at): at is string => at !== null)
    .map((at) => Date.parse(at))
    .filter((at) => Number.isFinite(at))
  return newest.length > 0 && now - Math.max(...newest) <= moduleDataDelayMs
}

/** How a model's outputs are drawn: relays as on/off/N/A, valves (modules that irrigate) as valve icons. */
export function outputStyle(object: ObjectSummary): 'valve' | 'relay' {
  return findModel(object.last_device_model)?.allowedOutputTypes.includes('irr') ? 'valve' : 'relay'
}
