/** A reading field a model publishes (spec 02 section 3.3). Labels live in @kropla/i18n under `fields.<name>`. */
export interface InputField {
  name: string
  unit: string
  min?: number
  max?: number
  decimals: number
  /** Modules send `output` values as true/false/null, stored and shown as 1/0/null; `flag` values are 1/0/null. */
  kind: 'number' | 'output' | 'flag'
}

export interface PropertyDefinition {
  name: string
  kind: 'number' | 'choice'
  default: number | null
  min?: number
  max?: number
  choices?: readonly number[]
}

export const outputTypes = [
  'irr',
  'pump',
  'valve',
  'mixer',
  'light',
  'rollers',
  'heating',
  'cooling',
  'fan',
  'other',
] as const
export type OutputType = (typeof outputTypes)[number]

/** One entry of the device type catalogue, keyed by model code (spec 02 section 3.1). */
export interface DeviceModel {
  code: string
  /** The code a module registers under when it differs from the catalogue code (AM-100-7 registers as AM-999). */
  registeredAs?: string
  name: string
  groupable: boolean
  /** Key of the pl/en dictionary in @kropla/i18n: `models.<dictionaryKey>.description` and so on. */
  dictionaryKey: string
  isBaseStation: boolean
  properties: readonly PropertyDefinition[]
  inputs: readonly InputField[]
  outputs: readonly ('o1' | 'o2' | 'o3' | 'o4')[]
  allowedOutputTypes: readonly OutputType[]
  /** Fields shown on the device tile, most important first. */
  tilePreview: readonly string[]
}
