import { type DataSource, findInput, findModel, type InputField, type ObjectSummary } from '@kropla/domain'
import type { i18n as I18n } from 'i18next'
import { translateKey } from '../../../lib/translate-key'

/** A data source as a widget shows it: its module, the field's catalogue entry and its words. */
export interface SourceReading {
  object: ObjectSummary | undefined
  input: InputField | undefined
  label: string
  /** 'widget_no_device' or 'widget_no_parameter' when the source is incomplete or gone. */
  missing: 'widget_no_device' | 'widget_no_parameter' | null
  value: number | null
}

export function fieldLabel(i18n: I18n, field: string) {
  return translateKey(i18n, `fields.${field}`, field)
}

export function sourceReading(
  i18n: I18n,
  objects: readonly ObjectSummary[],
  source: DataSource,
): SourceReading {
  const object =
    source.id_object === null ? undefined : objects.find((entry) => entry.id === source.id_object)
  if (!object) return { object, input: undefined, label: '', missing: 'widget_no_device', value: null }
  if (!source.field)
    return { object, input: undefined, label: object.name, missing: 'widget_no_parameter', value: null }
  const model = findModel(object.last_device_model)
  const input = model ? findInput(model, source.field) : undefined
  return {
    object,
    input,
    label: `${object.name} · ${fieldLabel(i18n, source.field)}`,
    missing: null,
    value: object.latest[source.field]?.value ?? null,
  }
}

/** The fields a module can chart: its model's inputs, or what it reported when the model is unknown. */
export function chartableFields(object: ObjectSummary | undefined): { field: string; input?: InputField }[] {
  if (!object) return []
  const model = findModel(object.last_device_model)
  if (model)
    return model.inputs
      .filter((input) => input.kind === 'number')
      .map((input) => ({ field: input.name, input }))
  return Object.keys(object.latest)
    .sort()
    .map((field) => ({ field }))
}
