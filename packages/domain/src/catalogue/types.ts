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

/**
 * A setting of a module or of a piece of equipment, with its default and bounds. The browser
 * builds its forms from these and the server validates with `propertiesSchema` built from the
 * same list. Labels: `properties.<name>.label`; choices: `properties.<name>.options.<value>`.
 */
export type PropertyDefinition =
  | {
      name: string
      kind: 'number'
      default: number | null
      min?: number
      max?: number
      /** Unit shown beside the input (m³/h, ha, V ...). */
      unit?: string
      /** Whether the field may be left empty (null). Defaults to `default === null`. */
      nullable?: boolean
    }
  | { name: string; kind: 'choice'; default: number; choices: readonly number[] }
  | { name: string; kind: 'text'; default: string; maxLength: number }

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

export type OutputField = 'o1' | 'o2' | 'o3' | 'o4'

/** What a piece of equipment wired to a module interface is (spec 01 section 3, spec 02 section 3.6). */
export const equipmentKinds = [
  'output',
  'binary_input',
  'counter_input',
  'voltage_input',
  'current_input',
  'pt1000_input',
] as const
export type EquipmentKind = (typeof equipmentKinds)[number]

/** A module terminal that equipment can be wired to, and the kinds it accepts. */
export interface ModuleInterface {
  field: string
  kinds: readonly EquipmentKind[]
}

/** AM-600 per-input configuration (spec 02 section 3.5): the `input_type` values one input offers. */
export interface ConfigurableInput {
  field: string
  /** Key of the option list in @kropla/i18n: `input_types.<group>.<value>`. */
  group: 'digital_12' | 'digital_34' | 'analog'
  inputTypes: readonly number[]
}

/** One entry of the device type catalogue, keyed by model code (spec 02 section 3.1). */
export interface DeviceModel {
  code: string
  /** The code a module registers under when it differs from the catalogue code (AM-100-7 registers as AM-999). */
  registeredAs?: string
  name: string
  groupable: boolean
  /** Picture of the module under apps/web/public/models/, shown in the wizard and on the module page. */
  image: string
  /** Key of the pl/en dictionary in @kropla/i18n: `models.<dictionaryKey>.description` and so on. */
  dictionaryKey: string
  isBaseStation: boolean
  properties: readonly PropertyDefinition[]
  inputs: readonly InputField[]
  outputs: readonly OutputField[]
  allowedOutputTypes: readonly OutputType[]
  /** Terminals equipment can be wired to: every output, and the AM-600 user inputs. */
  interfaces: readonly ModuleInterface[]
  /** AM-600 only: inputs whose type, label, units, multiplier and range the user configures. */
  configurableInputs: readonly ConfigurableInput[]
  /** Inputs that take alarm thresholds (lower-than / higher-than). */
  alarmFields: readonly string[]
  /** Fields a dashboard widget may show. */
  widgetFields: readonly string[]
  /** Fields shown on the device tile, most important first. */
  tilePreview: readonly string[]
}
