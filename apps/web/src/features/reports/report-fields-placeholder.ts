import { findModel, type ReportType } from '@kropla/domain'

/**
 * PLACEHOLDER for the domain's `reportFieldsFor(type, model)` (packages/domain/src/reports, built
 * by the server side of issue 14): the fields of a model a report type offers. Replace every use
 * with the domain's once it is on main, and delete this file; do not grow it.
 */
const byType: Partial<Record<ReportType, RegExp>> = {
  temperature: /^(TEMP_\d|rtx_temp)$/,
  humidity: /^(HUMIDITY_\d|humidity|HUMI_CALC_1|rtx_hum)$/,
  delta_humidity: /^(HUMIDITY_\d|HUMI_CALC_1)$/,
  ecw: /^ECW_\d$/,
  mci: /^MCI_\d$/,
  dew_point: /^TEMP_DEW_1$/,
  wet_bulb_temperature: /^TEMP_WET_1$/,
  air_humidity_deficit: /^HD_1$/,
  air_vapour_pressure_deficit: /^VPD_1$/,
  vpd_infection_risk: /^VPD_INFECT_1$/,
  pwi: /^PWI_1$/,
  epsilon: /^HUMIDITY_\d$/,
  sigma: /^ECW_\d$/,
  rainfall: /^cnt[34]$/,
  water_usage: /^cnt[34]$/,
  complex: /./,
  multiple_complex: /./,
}
const airOnly = new Set<ReportType>([
  'dew_point',
  'wet_bulb_temperature',
  'air_humidity_deficit',
  'air_vapour_pressure_deficit',
  'vpd_infection_risk',
  'pwi',
])

export function reportFieldsFor(type: ReportType, modelCode: string): string[] {
  const model = findModel(modelCode)
  const pattern = byType[type]
  if (!model || !pattern) return []
  if (airOnly.has(type) && model.code !== 'AM-200') return []
  return model.inputs.map((input) => input.name).filter((name) => pattern.test(name))
}
