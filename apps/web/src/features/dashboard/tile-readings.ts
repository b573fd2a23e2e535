import { findInput, findModel, type InputField, type LatestValue, type ObjectSummary } from '@kropla/domain'
import { type Trend, trendOf } from '../../lib/trend'

export interface TileReading {
  field: string
  input: InputField | undefined
  latest: LatestValue | undefined
  trend: Trend | null
}

/**
 * What a module's tile shows: the catalogue's preview fields in its order, each with its latest
 * value and trend. A model the catalogue does not know shows whatever fields it reported.
 */
export function tileReadings(object: ObjectSummary): TileReading[] {
  const model = findModel(object.last_device_model)
  const fields = model ? model.tilePreview : Object.keys(object.latest).sort()
  return fields.map((field) => {
    const input = model && findInput(model, field)
    const latest = object.latest[field]
    const isMeasurement = input === undefined || input.kind === 'number'
    const trend = latest && isMeasurement ? trendOf(latest.value, latest.previous?.value) : null
    return { field, input, latest, trend }
  })
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
