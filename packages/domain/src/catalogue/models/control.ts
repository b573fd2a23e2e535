import { battvol, comm, outputField, outputInterfaces, sigstr, widgetFieldsOf } from '../fields'
import { type DeviceModel, type InputField, type OutputField, type OutputType, outputTypes } from '../types'

/** Modules that switch equipment (spec 02 sections 3.1, 3.4 and 3.5). */

/** AM-401 and AM-600 switch anything but irrigation (spec 02 section 3.4). */
const nonIrrigatingTypes: readonly OutputType[] = outputTypes.filter((type) => type !== 'irr')

interface OutputModule {
  code: string
  name: string
  outputs: readonly OutputField[]
  allowedOutputTypes: readonly OutputType[]
  battery: boolean
}

function outputModule({ code, name, outputs, allowedOutputTypes, battery }: OutputModule): DeviceModel {
  const inputs = [...outputs.map(outputField), ...(battery ? [battvol] : []), sigstr, comm]
  return {
    code,
    name,
    groupable: false,
    image: `/models/${code}.svg`,
    dictionaryKey: code,
    isBaseStation: false,
    properties: [],
    inputs,
    outputs,
    allowedOutputTypes,
    interfaces: outputInterfaces(outputs),
    configurableInputs: [],
    alarmFields: [],
    widgetFields: widgetFieldsOf(inputs),
    tilePreview: [...outputs, ...(battery ? ['battvol'] : [])],
  }
}

export const lumino = outputModule({
  code: 'AM-401',
  name: 'LUMINO',
  outputs: ['o1', 'o2'],
  allowedOutputTypes: nonIrrigatingTypes,
  battery: false,
})

export const valvoAc = outputModule({
  code: 'AM-411',
  name: 'VALVO AC',
  outputs: ['o1', 'o2', 'o3', 'o4'],
  allowedOutputTypes: outputTypes,
  battery: false,
})

/** Battery valve module: latching valves for irrigation only. */
export const valvoDc = outputModule({
  code: 'AM-421',
  name: 'VALVO DC',
  outputs: ['o1', 'o2', 'o3', 'o4'],
  allowedOutputTypes: ['irr'],
  battery: true,
})

const userInput = (name: string, decimals: number): InputField => ({
  name,
  unit: '',
  decimals,
  kind: 'number',
})
const raw = (name: string, max?: number): InputField => ({
  name,
  unit: '',
  decimals: 0,
  kind: 'number',
  ...(max === undefined ? {} : { min: 0, max }),
})
const counter = (name: string): InputField => ({ name, unit: '', min: 0, decimals: 0, kind: 'number' })

const universalOutputs: readonly OutputField[] = ['o1', 'o2']
const rawFields = ['analog1', 'analog2', 'i1', 'i2', 'i3', 'i4']
const universalInputs: InputField[] = [
  // User inputs: their meaning, units and scaling follow the per-input configuration (spec 02 section 3.5).
  userInput('DI_USR_1', 0),
  userInput('DI_USR_2', 0),
  userInput('DI_USR_3', 0),
  userInput('DI_USR_4', 0),
  userInput('ANALOG_USR_1', 2),
  userInput('ANALOG_USR_2', 2),
  raw('analog1', 10000),
  raw('analog2', 10000),
  counter('cnt3'),
  counter('cnt4'),
  raw('i1'),
  raw('i2'),
  raw('i3'),
  raw('i4'),
  { name: 'btemp', unit: '°C', min: -40, max: 85, decimals: 1, kind: 'number' },
  ...universalOutputs.map(outputField),
  battvol,
  sigstr,
  comm,
]

/** Universal module: 4 digital interfaces (3 and 4 can count), 2 analog inputs, 2 outputs. */
export const universal: DeviceModel = {
  code: 'AM-600',
  // The spec calls it "universal module" without a brand name.
  name: 'UNIVERSAL MODULE',
  groupable: true,
  image: '/models/AM-600.svg',
  dictionaryKey: 'AM-600',
  isBaseStation: false,
  properties: [],
  inputs: universalInputs,
  outputs: universalOutputs,
  allowedOutputTypes: nonIrrigatingTypes,
  interfaces: [
    ...outputInterfaces(universalOutputs),
    { field: 'DI_USR_1', kinds: ['binary_input'] },
    { field: 'DI_USR_2', kinds: ['binary_input'] },
    { field: 'DI_USR_3', kinds: ['binary_input', 'counter_input'] },
    { field: 'DI_USR_4', kinds: ['binary_input', 'counter_input'] },
    { field: 'ANALOG_USR_1', kinds: ['voltage_input', 'current_input', 'pt1000_input'] },
    { field: 'ANALOG_USR_2', kinds: ['voltage_input', 'current_input', 'pt1000_input'] },
  ],
  configurableInputs: [
    { field: 'DI_USR_1', group: 'digital_12', inputTypes: [0, 1, 2] },
    { field: 'DI_USR_2', group: 'digital_12', inputTypes: [0, 1, 2] },
    { field: 'DI_USR_3', group: 'digital_34', inputTypes: [0, 1, 2] },
    { field: 'DI_USR_4', group: 'digital_34', inputTypes: [0, 1, 2] },
    { field: 'ANALOG_USR_1', group: 'analog', inputTypes: [0, 1, 2, 3] },
    { field: 'ANALOG_USR_2', group: 'analog', inputTypes: [0, 1, 2, 3] },
  ],
  alarmFields: [],
  widgetFields: widgetFieldsOf(universalInputs, rawFields),
  tilePreview: ['DI_USR_1', 'ANALOG_USR_1', 'cnt3', 'o1', 'o2', 'btemp'],
}
