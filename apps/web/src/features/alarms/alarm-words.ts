import {
  type AlarmRow,
  catalogue,
  findInput,
  findModel,
  type InputField,
  type ObjectSummary,
  parseAlarmKey,
} from '@kropla/domain'
import type { TFunction } from 'i18next'
import { formatValue, type ValueWords } from '../../lib/format-value'

/** What turning an alarm into words needs of the session and the interface language. */
export interface AlarmWordsContext {
  t: TFunction
  lang: string
  temperatureUnit: 'C' | 'F'
  /** The account's modules (`/api/me`; the operator's: each alarm's), to read the field's unit from the module's model. */
  objects: readonly ModelOf[]
}

/** What the words need of a module: its id and model. */
export type ModelOf = Pick<ObjectSummary, 'id' | 'last_device_model'>

/** What the words need of an alarm (the grower's row, or the operator's of any account). */
export type AlarmFacts = Pick<AlarmRow, 'alarm_name' | 'field' | 'threshold' | 'value' | 'id_object'>

/** The catalogue entry of an alarm's field: the module's model first, else any model with that field. */
export function alarmInput(row: AlarmFacts, objects: readonly ModelOf[]): InputField | undefined {
  const field = row.field ?? parseAlarmKey(row.alarm_name)?.field
  if (!field) return undefined
  const code = objects.find((object) => object.id === row.id_object)?.last_device_model
  const model = code ? findModel(code) : undefined
  const own = model ? findInput(model, field) : undefined
  if (own) return own
  for (const candidate of catalogue.values()) {
    const input = findInput(candidate, field)
    if (input) return input
  }
  return undefined
}

function valueWords(t: TFunction): ValueWords {
  return { on: t('outputs.on'), off: t('outputs.off'), unknown: t('outputs.unknown') }
}

/** Decimals a threshold really has (20 stays "20", 20.5 "20.5"), at most the catalogue's. */
function thresholdDecimals(threshold: number, catalogueDecimals: number): number {
  const [, fraction = ''] = String(threshold).split('.')
  return Math.min(fraction.length, catalogueDecimals)
}

/** A threshold as the user set it, with the field's unit (°F when the user reads Fahrenheit). */
export function formatThreshold(row: AlarmFacts, context: AlarmWordsContext): string {
  if (row.threshold === null) return ''
  const input = alarmInput(row, context.objects)
  const shown: InputField | undefined = input
    ? { ...input, decimals: thresholdDecimals(row.threshold, input.decimals ?? 2) }
    : undefined
  return formatValue(shown, row.threshold, {
    lang: context.lang,
    temperatureUnit: context.temperatureUnit,
    words: valueWords(context.t),
  })
}

/** The reading that raised the alarm, rounded as the catalogue says; empty when there is none (no data). */
export function formatAlarmValue(row: AlarmFacts, context: AlarmWordsContext): string {
  if (row.value === null) return ''
  return formatValue(alarmInput(row, context.objects), row.value, {
    lang: context.lang,
    temperatureUnit: context.temperatureUnit,
    words: valueWords(context.t),
  })
}

/** The field's name in the interface language ("Soil moisture 1"), or its code when the catalogue has none. */
function fieldLabel(field: string, context: AlarmWordsContext): string {
  const key = `fields.${field}`
  return context.t(key as never, { defaultValue: field })
}

/**
 * The alarm's name in words: "Soil moisture 1 lower than 20 %", "Battery voltage lower than 3.1 V",
 * "No data from the module"; an unknown name shows as it came.
 */
export function describeAlarm(row: AlarmFacts, context: AlarmWordsContext): string {
  if (row.alarm_name === 'no_data') return context.t('alarms.name_no_data')
  const parsed = parseAlarmKey(row.alarm_name)
  if (!parsed) return row.alarm_name
  const field = fieldLabel(row.field ?? parsed.field, context)
  const threshold = formatThreshold(row, context)
  return context.t(parsed.comparator === 'lt' ? 'alarms.name_lt' : 'alarms.name_gt', { field, threshold })
}
