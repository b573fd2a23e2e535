import { battvol, comm, outputField, sigstr, soilProbeLevel } from './fields'
import { type DeviceModel, outputTypes } from './types'

const soilType = { name: 'soil_type', kind: 'choice', default: 1, choices: [1, 2, 3, 4, 5, 6, 7] } as const
const gpsLoc = { name: 'gps_loc', kind: 'choice', default: 1, choices: [1, 2] } as const

export const terraTrio: DeviceModel = {
  code: 'AM-100-103',
  name: 'TERRA TRIO',
  groupable: true,
  dictionaryKey: 'AM-100-103',
  isBaseStation: false,
  properties: [soilType, gpsLoc],
  inputs: [...soilProbeLevel(1), ...soilProbeLevel(2), ...soilProbeLevel(3), battvol, sigstr, comm],
  outputs: [],
  allowedOutputTypes: [],
  tilePreview: ['HUMIDITY_1', 'HUMIDITY_2', 'HUMIDITY_3', 'TEMP_1', 'ECW_1', 'battvol'],
}

export const enviro: DeviceModel = {
  code: 'AM-200',
  name: 'ENVIRO',
  groupable: true,
  dictionaryKey: 'AM-200',
  isBaseStation: false,
  properties: [
    { name: 'freeze_temp_hr100', kind: 'number', default: null, min: -100, max: 100 },
    { name: 'freeze_temp_hr0', kind: 'number', default: null, min: -100, max: 100 },
  ],
  inputs: [
    { name: 'TEMP_1', unit: '°C', min: -40, max: 70, decimals: 1, kind: 'number' },
    { name: 'humidity', unit: '%', min: 0, max: 100, decimals: 1, kind: 'number' },
    { name: 'TEMP_DEW_1', unit: '°C', min: -60, max: 70, decimals: 1, kind: 'number' },
    { name: 'TEMP_WET_1', unit: '°C', min: -60, max: 70, decimals: 1, kind: 'number' },
    { name: 'VPD_1', unit: 'kPa', min: 0, max: 3, decimals: 2, kind: 'number' },
    { name: 'HD_1', unit: 'g/m³', min: 0, max: 25, decimals: 2, kind: 'number' },
    { name: 'PWI_1', unit: '%', min: 0, max: 200, decimals: 0, kind: 'number' },
    { name: 'VPD_INFECT_1', unit: '', min: 0, max: 1, decimals: 0, kind: 'number' },
    { name: 'TEMP_KAMER_1', unit: '°C', min: -60, max: 70, decimals: 1, kind: 'number' },
    { name: 'TEMP_GAP_1', unit: '°C', min: -60, max: 70, decimals: 1, kind: 'number' },
    battvol,
    sigstr,
    comm,
  ],
  outputs: [],
  allowedOutputTypes: [],
  tilePreview: ['TEMP_1', 'humidity', 'VPD_1', 'TEMP_DEW_1', 'battvol'],
}

export const valvoAc: DeviceModel = {
  code: 'AM-411',
  name: 'VALVO AC',
  groupable: false,
  dictionaryKey: 'AM-411',
  isBaseStation: false,
  properties: [],
  inputs: [outputField('o1'), outputField('o2'), outputField('o3'), outputField('o4'), sigstr, comm],
  outputs: ['o1', 'o2', 'o3', 'o4'],
  allowedOutputTypes: outputTypes,
  tilePreview: ['o1', 'o2', 'o3', 'o4'],
}

export const nucleus: DeviceModel = {
  code: 'AGB-2000',
  name: 'NUCLEUS',
  groupable: true,
  dictionaryKey: 'AGB-2000',
  isBaseStation: true,
  properties: [],
  inputs: [
    { name: 'TEMP_1', unit: '°C', min: -40, max: 80, decimals: 1, kind: 'number' },
    { name: 'rtx_temp', unit: '°C', min: -40, max: 100, decimals: 1, kind: 'number' },
    { name: 'rtx_hum', unit: '%', min: 0, max: 100, decimals: 1, kind: 'number' },
    { name: 'gsmstr', unit: '%', min: 0, max: 100, decimals: 0, kind: 'number' },
    battvol,
    comm,
  ],
  outputs: [],
  allowedOutputTypes: [],
  tilePreview: ['TEMP_1', 'gsmstr', 'rtx_temp', 'battvol'],
}
