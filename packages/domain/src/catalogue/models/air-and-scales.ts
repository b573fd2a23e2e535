import { battvol, comm, sigstr, widgetFieldsOf } from '../fields'
import type { DeviceModel, InputField } from '../types'

/** The air sensor and the scales (spec 02 sections 3.1-3.3). */

const enviroInputs: InputField[] = [
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
]

export const enviro: DeviceModel = {
  code: 'AM-200',
  name: 'ENVIRO',
  groupable: true,
  image: '/models/AM-200.svg',
  dictionaryKey: 'AM-200',
  isBaseStation: false,
  properties: [
    { name: 'freeze_temp_hr100', kind: 'number', default: null, min: -100, max: 100, unit: '°C' },
    { name: 'freeze_temp_hr0', kind: 'number', default: null, min: -100, max: 100, unit: '°C' },
  ],
  inputs: enviroInputs,
  outputs: [],
  allowedOutputTypes: [],
  interfaces: [],
  configurableInputs: [],
  alarmFields: ['TEMP_1', 'humidity'],
  widgetFields: widgetFieldsOf(enviroInputs),
  tilePreview: ['TEMP_1', 'humidity', 'VPD_1', 'TEMP_DEW_1', 'battvol'],
}

const justiceInputs: InputField[] = [
  { name: 'WEIGHT_SUM_1', unit: 'kg', min: 0, max: 50, decimals: 2, kind: 'number' },
  { name: 'WEIGHT_TENSO_1', unit: 'kg', min: 0, max: 50, decimals: 2, kind: 'number' },
  { name: 'WEIGHT_TENSO_2', unit: 'kg', min: 0, max: 50, decimals: 2, kind: 'number' },
  { name: 'HUMI_CALC_1', unit: '%', min: 0, max: 100, decimals: 1, kind: 'number' },
  // Raw tensometer counts, before tare and calibration.
  { name: 'tensometer_1', unit: '', decimals: 0, kind: 'number' },
  { name: 'tensometer_2', unit: '', decimals: 0, kind: 'number' },
  battvol,
  sigstr,
  comm,
]

/** Scales weighing a substrate slab: the weight between the dry and saturated calibration gives HUMI_CALC_1. */
export const justice: DeviceModel = {
  code: 'AM-301',
  name: 'JUSTICE',
  groupable: true,
  image: '/models/AM-301.svg',
  dictionaryKey: 'AM-301',
  isBaseStation: false,
  properties: [
    { name: 'tara_value', kind: 'number', default: 0, unit: 'kg' },
    { name: 'humi_0_weight', kind: 'number', default: 0, min: 0, unit: 'kg' },
    { name: 'humi_100_weight', kind: 'number', default: 0, min: 0, unit: 'kg' },
    { name: 'measured_humi', kind: 'number', default: 0, min: 0, max: 100, unit: '%' },
    { name: 'pause_cycles', kind: 'number', default: 0, min: 0 },
  ],
  inputs: justiceInputs,
  outputs: [],
  allowedOutputTypes: [],
  interfaces: [],
  configurableInputs: [],
  alarmFields: ['WEIGHT_SUM_1', 'HUMI_CALC_1'],
  widgetFields: widgetFieldsOf(justiceInputs, ['tensometer_1', 'tensometer_2']),
  tilePreview: ['WEIGHT_SUM_1', 'HUMI_CALC_1', 'WEIGHT_TENSO_1', 'WEIGHT_TENSO_2', 'battvol'],
}
