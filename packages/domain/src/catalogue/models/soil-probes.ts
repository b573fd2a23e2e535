import { battvol, comm, levelFields, sigstr, soilProbeLevels, widgetFieldsOf } from '../fields'
import type { DeviceModel, PropertyDefinition } from '../types'

/** Soil probes (spec 02 sections 3.1-3.3): one row of TEMP/HUMIDITY/ECW/MCI fields per measuring level. */

const soilType: PropertyDefinition = {
  name: 'soil_type',
  kind: 'choice',
  default: 1,
  choices: [1, 2, 3, 4, 5, 6, 7],
}
const gpsLoc: PropertyDefinition = { name: 'gps_loc', kind: 'choice', default: 1, choices: [1, 2] }

interface SoilProbe {
  code: string
  name: string
  levels: number
  gps: boolean
  tilePreview: readonly string[]
}

function soilProbe({ code, name, levels, gps, tilePreview }: SoilProbe): DeviceModel {
  const inputs = [...soilProbeLevels(levels), battvol, sigstr, comm]
  return {
    code,
    name,
    groupable: true,
    image: `/models/${code}.svg`,
    dictionaryKey: code,
    isBaseStation: false,
    properties: gps ? [soilType, gpsLoc] : [soilType],
    inputs,
    outputs: [],
    allowedOutputTypes: [],
    interfaces: [],
    configurableInputs: [],
    alarmFields: levelFields(levels, 'HUMIDITY', 'TEMP', 'ECW'),
    widgetFields: widgetFieldsOf(inputs),
    tilePreview,
  }
}

export const terraSoloLong = soilProbe({
  code: 'AM-100-101',
  name: 'TERRA SOLO DŁUGA',
  levels: 1,
  gps: true,
  tilePreview: ['HUMIDITY_1', 'TEMP_1', 'ECW_1', 'battvol'],
})

export const terraTrio = soilProbe({
  code: 'AM-100-103',
  name: 'TERRA TRIO',
  levels: 3,
  gps: true,
  tilePreview: ['HUMIDITY_1', 'HUMIDITY_2', 'HUMIDITY_3', 'TEMP_1', 'ECW_1', 'battvol'],
})

export const terraSoloShort = soilProbe({
  code: 'AM-100-051',
  name: 'TERRA SOLO KRÓTKA',
  levels: 1,
  gps: true,
  tilePreview: ['HUMIDITY_1', 'TEMP_1', 'ECW_1', 'battvol'],
})

// The spec leaves AM-100-21 and AM-100-22 unnamed; these names come from their descriptions.
export const nailProbe = soilProbe({
  code: 'AM-100-21',
  name: 'NAIL PROBE',
  levels: 1,
  gps: false,
  tilePreview: ['HUMIDITY_1', 'TEMP_1', 'ECW_1', 'battvol'],
})

export const doubleNailProbe = soilProbe({
  code: 'AM-100-22',
  name: 'DOUBLE NAIL PROBE',
  levels: 2,
  gps: false,
  tilePreview: ['HUMIDITY_1', 'HUMIDITY_2', 'TEMP_1', 'ECW_1', 'battvol'],
})

/** LTE-M probe: talks to the server directly, so its signal is the cellular one. */
export const terraWg = soilProbe({
  code: 'WG-100',
  name: 'TERRA WG',
  levels: 1,
  gps: true,
  tilePreview: ['HUMIDITY_1', 'TEMP_1', 'ECW_1', 'sigstr', 'battvol'],
})

const correction = (name: string): PropertyDefinition => ({
  name,
  kind: 'number',
  default: 0,
  min: -100,
  max: 100,
})

const substratumInputs = [
  { name: 'TEMP_1', unit: '°C', min: -40, max: 80, decimals: 1, kind: 'number' },
  { name: 'HUMIDITY_1', unit: '%', min: 0, max: 100, decimals: 1, kind: 'number' },
  { name: 'ECW_1', unit: 'mS/cm', min: 0, max: 5, decimals: 2, kind: 'number' },
  { name: 'LIGHT_1', unit: 'lux', min: 0, max: 20000, decimals: 0, kind: 'number' },
  { name: 'BATTERY_1', unit: '%', min: 0, max: 100, decimals: 0, kind: 'number' },
  sigstr,
  comm,
] as const satisfies DeviceModel['inputs']

/** Substratum probe: catalogued as AM-100-7, registers (and reports) as AM-999. */
export const substratumProbe: DeviceModel = {
  code: 'AM-100-7',
  registeredAs: 'AM-999',
  name: 'SUBSTRATUM PROBE',
  groupable: true,
  image: '/models/AM-100-7.svg',
  dictionaryKey: 'AM-100-7',
  isBaseStation: false,
  properties: [
    // 0 none, 1 peat, 2 coconut, 3 mineral wool, 4 mineral wool cube 1, 5 sand, 6 mineral wool cube 2.
    { name: 'soil', kind: 'choice', default: 0, choices: [0, 1, 2, 3, 4, 5, 6] },
    correction('temperature_correction'),
    correction('humidity_correction'),
    correction('ec_correction'),
  ],
  inputs: substratumInputs,
  outputs: [],
  allowedOutputTypes: [],
  interfaces: [],
  configurableInputs: [],
  alarmFields: ['HUMIDITY_1', 'TEMP_1', 'ECW_1'],
  widgetFields: widgetFieldsOf(substratumInputs),
  tilePreview: ['HUMIDITY_1', 'TEMP_1', 'ECW_1', 'LIGHT_1', 'BATTERY_1'],
}
