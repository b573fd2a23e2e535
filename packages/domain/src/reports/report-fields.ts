import { findModel } from '../catalogue/catalogue'
import type { InputField } from '../catalogue/types'
import { countedFieldOf } from '../weather/weather'
import type { SeriesDraw } from './report-result'
import type { ReportType } from './report-types'

/**
 * Which modules and fields each series report offers (spec 02 section 9, "Module lookups per
 * report type"; where the spec says "not shown" the choice is written down in ADR 0064). The
 * browser offers modules and fields with `reportFieldsFor`; the server refuses a source whose
 * field is not offered, so both sides use the same table.
 */

/** Every type but 'irrigation' and 'schedule': a time series of module fields. */
export const seriesReportTypes = [
  'temperature',
  'humidity',
  'delta_humidity',
  'ecw',
  'mci',
  'dew_point',
  'wet_bulb_temperature',
  'air_humidity_deficit',
  'air_vapour_pressure_deficit',
  'vpd_infection_risk',
  'epsilon',
  'sigma',
  'pwi',
  'complex',
  'multiple_complex',
  'rainfall',
  'water_usage',
] as const satisfies readonly ReportType[]
export type SeriesReportType = (typeof seriesReportTypes)[number]
export const isSeriesReportType = (type: string): type is SeriesReportType =>
  (seriesReportTypes as readonly string[]).includes(type)

/** Soil probes by catalogue code (AM-100-7 registers as AM-999). */
const soilProbes = ['AM-100-101', 'AM-100-103', 'AM-100-051', 'AM-100-21', 'AM-100-22', 'WG-100']
const substratum = 'AM-100-7'
const air = 'AM-200'

interface Lookup {
  /** Catalogue codes of the models offered; null: every model. */
  models: readonly string[] | null
  /** Stored fields offered (their names match); null with `equipment` or `derived`. */
  fields?: RegExp
  /** Fields computed from stored ones (epsilon, sigma). */
  derived?: 'epsilon' | 'sigma'
  /** AM-600 counter inputs with this equipment type. */
  equipment?: 'udometer' | 'flowmeter'
}

/** The look-up table (ADR 0064). */
export const reportLookups: Readonly<Record<SeriesReportType, Lookup>> = {
  temperature: {
    models: [
      'AM-100-101',
      'AM-100-21',
      'AM-100-051',
      'AM-100-22',
      'AM-100-103',
      air,
      'AGB-2000',
      substratum,
      'WG-100',
    ],
    fields: /^TEMP_\d+$/,
  },
  humidity: { models: [...soilProbes, substratum], fields: /^HUMIDITY_\d+$/ },
  delta_humidity: { models: [...soilProbes, substratum], fields: /^HUMIDITY_\d+$/ },
  ecw: { models: [...soilProbes, substratum], fields: /^ECW_\d+$/ },
  mci: { models: soilProbes, fields: /^MCI_\d+$/ },
  dew_point: { models: [air], fields: /^TEMP_DEW_1$/ },
  wet_bulb_temperature: { models: [air], fields: /^TEMP_WET_1$/ },
  air_humidity_deficit: { models: [air], fields: /^HD_1$/ },
  air_vapour_pressure_deficit: { models: [air], fields: /^VPD_1$/ },
  vpd_infection_risk: { models: [air], fields: /^VPD_INFECT_1$/ },
  epsilon: { models: [...soilProbes, substratum], derived: 'epsilon' },
  sigma: { models: [...soilProbes, substratum], derived: 'sigma' },
  pwi: { models: [air], fields: /^PWI_1$/ },
  complex: { models: null, fields: /./ },
  multiple_complex: { models: null, fields: /./ },
  rainfall: { models: ['AM-600'], equipment: 'udometer' },
  water_usage: { models: ['AM-600'], equipment: 'flowmeter' },
}

/** What a report knows of a module to offer its fields: model, per-input config, wired equipment. */
export interface ReportModuleInfo {
  /** The code the module registered under (last_device_model). */
  model: string
  config?: { inputs?: Record<string, { custom_label?: string; custom_units?: string; input_type?: number }> }
  equipment?: readonly ReportEquipment[]
}
export interface ReportEquipment {
  id: number
  name: string
  field_name: string
  kind: string
  type: string
  properties: Record<string, unknown>
}

/** How a field of a report is read and shown (spec 02 section 3.7, "Field info"). */
export interface ReportFieldInfo {
  /** The name a source's `field` / `fields` gives, and the series' field. */
  field: string
  /** The stored fields read for it. */
  reads: readonly string[]
  /** none: the stored value; epsilon / sigma: computed from `reads` (report-calc.ts); counter: pulses. */
  derive: 'none' | 'epsilon' | 'sigma' | 'counter'
  /** The unit after values ('' for none): custom, udometer and flow units applied. */
  suffix: string
  decimals: number
  draw: SeriesDraw
  /** AM-100-103: 4 minus the field's last digit; null elsewhere. */
  level: number | null
  custom_label: string | null
  /** The equipment behind an AM-600 input, when the field is one. */
  id_output: number | null
  /** Counters: running total (incremental, counter_type 1) or pulses since the last reading; pulses × multiplier. */
  counter: { incremental: boolean; multiplier: number } | null
}

/** Spec 02 section 9: AM-100-103 names its series by level = 4 minus the field's last digit. */
export function levelOf(model: string, field: string): number | null {
  if (findModel(model)?.code !== 'AM-100-103') return null
  const digit = /(\d)$/.exec(field)
  return digit ? 4 - Number(digit[1]) : null
}

/** Spec 02 section 3.6: udo_units 0 mm, 1 l/m²; flow_units 0 l, 1 m³. */
export function counterUnitOf(type: string, properties: Record<string, unknown>): string {
  if (type === 'udometer') return properties.udo_units === 1 ? 'l/m²' : 'mm'
  if (type === 'flowmeter') return properties.flow_units === 1 ? 'm³' : 'l'
  const custom = properties.custom_units
  return typeof custom === 'string' ? custom : ''
}

const numberOr = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback

/** Outputs as steps; binary inputs and VPD_INFECT_1 as light areas; everything else as lines. */
function drawOf(input: InputField, module: ReportModuleInfo): SeriesDraw {
  if (input.kind === 'output') return 'step'
  if (input.name === 'VPD_INFECT_1') return 'area'
  if (/^DI_USR_\d$/.test(input.name)) {
    const wired = module.equipment?.find((equipment) => equipment.field_name === input.name)
    if (wired?.kind === 'binary_input' || module.config?.inputs?.[input.name]?.input_type === 1) return 'area'
  }
  return 'line'
}

function storedField(input: InputField, module: ReportModuleInfo): ReportFieldInfo {
  const config = module.config?.inputs?.[input.name]
  const wired = module.equipment?.find((equipment) => equipment.field_name === input.name)
  const customUnits =
    config?.custom_units?.trim() || (wired ? counterUnitOf(wired.type, wired.properties) : '')
  return {
    field: input.name,
    reads: [input.name],
    derive: 'none',
    suffix: customUnits || input.unit,
    decimals: input.decimals,
    draw: drawOf(input, module),
    level: levelOf(module.model, input.name),
    custom_label: config?.custom_label?.trim() || wired?.name || null,
    id_output: wired?.id ?? null,
    counter: null,
  }
}

/**
 * The fields `type` offers on `module`, in the catalogue's order; empty when the type does not
 * take the module. Epsilon and sigma are computed per level (EPSILON_n, SIGMA_n); rainfall and
 * water usage name the AM-600 input their rain gauge or flowmeter is wired to (DI_USR_3/4) and
 * read its pulse counter (cnt3/cnt4).
 */
export function reportFieldsFor(type: ReportType, module: ReportModuleInfo): ReportFieldInfo[] {
  const model = findModel(module.model)
  // Irrigation and schedule reports name outputs and schedules, not module fields.
  if (!model || !isSeriesReportType(type)) return []
  const lookup = reportLookups[type]
  if (lookup.models && !lookup.models.includes(model.code)) return []
  if (lookup.equipment) {
    return (module.equipment ?? [])
      .filter((equipment) => equipment.kind === 'counter_input' && equipment.type === lookup.equipment)
      .sort((a, b) => a.field_name.localeCompare(b.field_name))
      .map((equipment) => ({
        field: equipment.field_name,
        reads: [countedFieldOf(equipment.field_name)],
        derive: 'counter' as const,
        suffix: counterUnitOf(equipment.type, equipment.properties),
        decimals: type === 'rainfall' ? 1 : 2,
        draw: 'bar' as const,
        level: null,
        custom_label: module.config?.inputs?.[equipment.field_name]?.custom_label?.trim() || equipment.name,
        id_output: equipment.id,
        counter: {
          incremental: equipment.properties.counter_type === 1,
          multiplier: numberOr(equipment.properties.multiplier, 1),
        },
      }))
  }
  if (lookup.derived) {
    const names = new Set(model.inputs.map((input) => input.name))
    return model.inputs
      .filter((input) => /^HUMIDITY_\d+$/.test(input.name))
      .map((input) => input.name.slice('HUMIDITY_'.length))
      .filter(
        (level) => lookup.derived === 'epsilon' || (names.has(`ECW_${level}`) && names.has(`TEMP_${level}`)),
      )
      .map((level) => {
        const field = `${lookup.derived === 'epsilon' ? 'EPSILON' : 'SIGMA'}_${level}`
        return {
          field,
          reads:
            lookup.derived === 'epsilon'
              ? [`HUMIDITY_${level}`]
              : [`HUMIDITY_${level}`, `ECW_${level}`, `TEMP_${level}`],
          derive: lookup.derived!,
          // Spec 02 section 9: epsilon has no unit, sigma is in mS/cm.
          suffix: lookup.derived === 'epsilon' ? '' : 'mS/cm',
          decimals: lookup.derived === 'epsilon' ? 2 : 3,
          draw: 'line' as const,
          level: levelOf(module.model, field),
          custom_label: null,
          id_output: null,
          counter: null,
        }
      })
  }
  const pattern = lookup.fields ?? /^$/
  return model.inputs.filter((input) => pattern.test(input.name)).map((input) => storedField(input, module))
}

/** Whether `type` takes `module` at all (the creator lists only such modules). */
export const reportTakesModule = (type: ReportType, module: ReportModuleInfo) =>
  reportFieldsFor(type, module).length > 0

/** Only 'complex' is limited to one module; 'multiple_complex' and the rest take several. */
export const reportSingleModule = (type: ReportType) => type === 'complex'
