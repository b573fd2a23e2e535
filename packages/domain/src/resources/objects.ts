import { z } from 'zod'
import { propertiesSchema } from '../catalogue/properties-schema'
import type { DeviceModel } from '../catalogue/types'
import { pinSchema, serialSchema } from '../fleet/fleet-module'
import { singleLineText } from '../input/text'
import { objectSummarySchema } from '../me/me-schema'
import { idListSchema, idSchema, locationSchema, markerSchema, resourceNameSchema } from './common'

export const alarmComparators = ['lt', 'gt'] as const
export type AlarmComparator = (typeof alarmComparators)[number]

/** Alarm thresholds are keyed by name (spec 01 section 3): `<field>_lt` or `<field>_gt`. */
export function alarmKey(field: string, comparator: AlarmComparator): string {
  return `${field}_${comparator}`
}
export function parseAlarmKey(key: string): { field: string; comparator: AlarmComparator } | null {
  const match = /^(.+)_(lt|gt)$/.exec(key)
  return match ? { field: match[1]!, comparator: match[2] as AlarmComparator } : null
}

export const alarmThresholdSchema = z.object({
  active: z.boolean(),
  value: z.number({ error: 'errors.field_required' }),
})
export type AlarmThreshold = z.infer<typeof alarmThresholdSchema>

/** Per-input settings: label and units on every model; type, multiplier and range on AM-600 user inputs. */
export const inputConfigSchema = z.object({
  custom_label: singleLineText().trim().max(32, { error: 'errors.too_long' }).optional(),
  custom_units: singleLineText().trim().max(16, { error: 'errors.too_long' }).optional(),
  input_type: z.number().int().optional(),
  multiplier: z.number().optional(),
  value_low: z.number().optional(),
  value_high: z.number().optional(),
})
export type InputConfig = z.infer<typeof inputConfigSchema>

export const objectConfigSchema = z.object({
  inputs: z.record(z.string(), inputConfigSchema).default({}),
  alarms: z.record(z.string(), alarmThresholdSchema).default({}),
})
export type ObjectConfig = z.infer<typeof objectConfigSchema>

/** Step 1 of the add-module wizard: which model is behind this serial number and PIN. */
export const objectCheckSchema = z.object({ serial: serialSchema, pin: pinSchema })
export const objectCheckResultSchema = z.object({ serial: z.string(), model: z.string() })
export type ObjectCheckResult = z.infer<typeof objectCheckResultSchema>
/** `POST /api/objects/nfc`: the check result and the PIN the tag carried. */
export const nfcCheckResultSchema = objectCheckResultSchema.extend({ pin: z.string() })
export type NfcCheckResult = z.infer<typeof nfcCheckResultSchema>

/** An NFC tag carries `KROPLA:<serial>:<pin>` as a text record (docs/device-protocol.md). */
export const nfcCodeSchema = z.object({ code: singleLineText().max(200) })
export function parseNfcCode(text: string): { serial: string; pin: string } | null {
  const match = /^KROPLA:([A-Za-z0-9_-]{3,40}):([0-9A-Za-z]{4,16})$/.exec(text.trim())
  return match ? { serial: match[1]!, pin: match[2]! } : null
}

const objectSettingsShape = {
  name: resourceNameSchema,
  marker: markerSchema.default(0),
  location: locationSchema.nullable().default(null),
  properties: z.record(z.string(), z.union([z.number(), z.string(), z.null()])).default({}),
}

/** Adding a module to the account (the wizard's last step). */
export const createObjectSchema = z.object({ serial: serialSchema, pin: pinSchema, ...objectSettingsShape })
export type CreateObject = z.input<typeof createObjectSchema>

export const updateObjectSchema = z.object({
  ...objectSettingsShape,
  config: objectConfigSchema.default({ inputs: {}, alarms: {} }),
})
export type UpdateObject = z.input<typeof updateObjectSchema>

export const objectAssignmentSchema = z.object({ ids: idListSchema })

/**
 * The model-specific checks the generic schemas cannot make: properties within the catalogue's
 * bounds, labels only on the model's inputs, AM-600 input types from its list, thresholds only
 * on alarm fields. Server and browser both call it.
 */
export function objectSettingsSchemaFor(model: DeviceModel) {
  const inputNames = new Set(model.inputs.map((input) => input.name))
  const inputs = new Map(model.inputs.map((input) => [input.name, input]))
  const configurable = new Map(model.configurableInputs.map((input) => [input.field, input]))
  const alarmFields = new Set(model.alarmFields)
  return z.object({
    properties: propertiesSchema(model.properties),
    config: objectConfigSchema.superRefine((config, context) => {
      for (const [field, input] of Object.entries(config.inputs)) {
        if (!inputNames.has(field)) {
          context.addIssue({ code: 'custom', path: ['inputs', field], message: 'errors.field_unknown' })
          continue
        }
        const options = configurable.get(field)
        const configuresAm600 = ['input_type', 'multiplier', 'value_low', 'value_high'].some(
          (name) => input[name as keyof InputConfig] !== undefined,
        )
        if (configuresAm600 && !options)
          context.addIssue({ code: 'custom', path: ['inputs', field], message: 'errors.field_unknown' })
        if (options && input.input_type !== undefined && !options.inputTypes.includes(input.input_type))
          context.addIssue({
            code: 'custom',
            path: ['inputs', field, 'input_type'],
            message: 'errors.choice_invalid',
          })
      }
      for (const [key, threshold] of Object.entries(config.alarms)) {
        const parsed = parseAlarmKey(key)
        if (!parsed || !alarmFields.has(parsed.field)) {
          context.addIssue({ code: 'custom', path: ['alarms', key], message: 'errors.field_unknown' })
          continue
        }
        // A reading never leaves its range, so a threshold outside it is never reached (the browser
        // says so first, in the user's unit; this is the last line). A hundredth of slack: values
        // typed in °F are stored rounded to hundredths of a °C.
        const input = inputs.get(parsed.field)
        const { value } = threshold
        if (
          (input?.min !== undefined && value < input.min - 0.01) ||
          (input?.max !== undefined && value > input.max + 0.01)
        )
          context.addIssue({
            code: 'custom',
            path: ['alarms', key, 'value'],
            message: 'errors.threshold_out_of_range',
          })
      }
    }),
  })
}

/** The configuration a module was last sent over `down/config`, until it acknowledges it. */
export const configPendingSchema = z.object({ id: z.string(), sent_at: z.string() })

/** One module as its page shows it (spec 01 section 3, Object). */
export const objectDetailSchema = objectSummarySchema.extend({
  properties: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
  config: objectConfigSchema,
  groups: z.array(idSchema),
  regions: z.array(idSchema),
  base_station: z.object({ id: z.number().int(), name: z.string(), serial: z.string() }).nullable(),
  /** Set while the module has not acknowledged its new configuration: the reconfiguration warning. */
  config_pending: configPendingSchema.nullable(),
})
export type ObjectDetail = z.infer<typeof objectDetailSchema>
