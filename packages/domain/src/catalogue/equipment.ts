import { customUnits, multiplier, valueHigh, valueLow } from './fields'
import { type EquipmentKind, outputTypes, type PropertyDefinition } from './types'

/** Sub-types each input kind offers (spec 02 section 3.6); outputs take the output types of spec 02 section 3.4. */
export const equipmentTypesByKind: Readonly<Record<EquipmentKind, readonly string[]>> = {
  output: outputTypes,
  binary_input: ['generic_bi'],
  counter_input: ['generic_counter_input', 'udometer', 'anemometer_speed_count', 'flowmeter'],
  voltage_input: ['generic_voltage_input', 'anemometer_direction_v', 'anemometer_speed_v', 'manometer_v'],
  current_input: ['generic_current_input', 'anemometer_speed_c', 'anemometer_direction_c', 'manometer_c'],
  pt1000_input: ['generic_pt1000_input'],
}

const flow: PropertyDefinition = { name: 'flow', kind: 'number', default: 0, min: 0, unit: 'm³/h' }
/** Stored in hectares: the irrigation report converts with area × 10000 (spec 02 section 9). */
const area: PropertyDefinition = { name: 'area', kind: 'number', default: 0, min: 0, unit: 'ha' }
const counterType: PropertyDefinition = { name: 'counter_type', kind: 'choice', default: 0, choices: [0, 1] }
const voltageLow: PropertyDefinition = {
  name: 'voltage_low',
  kind: 'number',
  default: 0,
  min: 0,
  max: 10,
  unit: 'V',
}
const voltageHigh: PropertyDefinition = {
  name: 'voltage_high',
  kind: 'number',
  default: 10,
  min: 0,
  max: 10,
  unit: 'V',
}
const speedUnits: PropertyDefinition = {
  name: 'anemo_speed_units',
  kind: 'choice',
  default: 0,
  choices: [0, 1],
}

const voltage = [customUnits, voltageLow, voltageHigh, valueLow, valueHigh]
const current = [customUnits, valueLow, valueHigh]

/** The properties each equipment type carries, with defaults and bounds (spec 02 sections 3.4 and 3.6). */
export const equipmentTypeProperties: Readonly<Record<string, readonly PropertyDefinition[]>> = {
  irr: [flow, area],
  pump: [flow],
  valve: [flow, area],
  generic_bi: [
    { name: 'normal_state', kind: 'choice', default: 0, choices: [0, 1] },
    { name: 'color_scheme', kind: 'choice', default: 0, choices: [0, 1, 2, 3] },
  ],
  generic_counter_input: [customUnits, multiplier, counterType],
  udometer: [{ name: 'udo_units', kind: 'choice', default: 0, choices: [0, 1] }, multiplier, counterType],
  flowmeter: [{ name: 'flow_units', kind: 'choice', default: 0, choices: [0, 1] }, multiplier, counterType],
  anemometer_speed_count: [speedUnits, multiplier, counterType],
  generic_voltage_input: voltage,
  manometer_v: voltage,
  anemometer_speed_v: [speedUnits, voltageLow, voltageHigh, valueLow, valueHigh],
  anemometer_direction_v: [{ name: 'anemo_voltage_type', kind: 'choice', default: 0, choices: [0, 1] }],
  generic_current_input: current,
  manometer_c: current,
  anemometer_speed_c: [speedUnits, valueLow, valueHigh],
  anemometer_direction_c: [],
  generic_pt1000_input: [customUnits],
}

export function propertiesOfEquipmentType(type: string): readonly PropertyDefinition[] {
  return equipmentTypeProperties[type] ?? []
}

export function isEquipmentTypeOf(kind: EquipmentKind, type: string): boolean {
  return equipmentTypesByKind[kind].includes(type)
}
