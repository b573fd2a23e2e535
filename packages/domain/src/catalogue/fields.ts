import type { InputField, ModuleInterface, OutputField, PropertyDefinition } from './types'

/** Building blocks of the catalogue's reading fields (spec 02 section 3.3), shared by the models. */

/** One measuring level of a soil probe: temperature, moisture, salinity and MCI. */
const soilProbeLevel = (n: number): InputField[] => [
  { name: `TEMP_${n}`, unit: '°C', min: -40, max: 80, decimals: 1, kind: 'number' },
  { name: `HUMIDITY_${n}`, unit: '%', min: 0, max: 100, decimals: 1, kind: 'number' },
  { name: `ECW_${n}`, unit: 'mS/cm', min: 0, max: 5, decimals: 2, kind: 'number' },
  { name: `MCI_${n}`, unit: 'g/l', min: 0, max: 3, decimals: 2, kind: 'number' },
]

/** Levels 1..count of a soil probe, level by level. */
export const soilProbeLevels = (count: number): InputField[] =>
  Array.from({ length: count }, (_, index) => soilProbeLevel(index + 1)).flat()

/** Field names of levels 1..count with the given prefixes, e.g. `levelFields(3, 'HUMIDITY')`. */
export const levelFields = (count: number, ...prefixes: string[]): string[] =>
  prefixes.flatMap((prefix) => Array.from({ length: count }, (_, index) => `${prefix}_${index + 1}`))

export const battvol: InputField = {
  name: 'battvol',
  unit: 'V',
  min: 0,
  max: 15,
  decimals: 2,
  kind: 'number',
}
export const sigstr: InputField = { name: 'sigstr', unit: '%', min: 0, max: 100, decimals: 0, kind: 'number' }
export const comm: InputField = { name: 'comm', unit: '', decimals: 0, kind: 'flag' }

export const outputField = (name: OutputField): InputField => ({
  name,
  unit: '',
  decimals: 0,
  kind: 'output',
})

/** Every output is a terminal an `output` piece of equipment can be wired to. */
export const outputInterfaces = (outputs: readonly OutputField[]): ModuleInterface[] =>
  outputs.map((field) => ({ field, kinds: ['output'] }))

/** Fields a widget may show: every number and output field, except the raw ones listed. */
export const widgetFieldsOf = (inputs: readonly InputField[], raw: readonly string[] = []): string[] =>
  inputs.filter((input) => input.kind !== 'flag' && !raw.includes(input.name)).map((input) => input.name)

const customLabel: PropertyDefinition = { name: 'custom_label', kind: 'text', default: '', maxLength: 32 }
export const customUnits: PropertyDefinition = {
  name: 'custom_units',
  kind: 'text',
  default: '',
  maxLength: 16,
}
/** Scaling of a user input, shared by AM-600 inputs and input equipment (spec 02 sections 3.5 and 3.6). */
export const multiplier: PropertyDefinition = { name: 'multiplier', kind: 'number', default: 1 }
export const valueLow: PropertyDefinition = { name: 'value_low', kind: 'number', default: 0 }
export const valueHigh: PropertyDefinition = { name: 'value_high', kind: 'number', default: 1 }

/** What every input of every model may carry in the module config (spec 01 section 3, Object config). */
export const inputLabelProperties: readonly PropertyDefinition[] = [customLabel, customUnits]

/** What an AM-600 configurable input carries besides its `input_type` (spec 02 section 3.5). */
export const configurableInputProperties: readonly PropertyDefinition[] = [
  customLabel,
  customUnits,
  multiplier,
  valueLow,
  valueHigh,
]
