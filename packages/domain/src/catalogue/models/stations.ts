import { battvol, comm, widgetFieldsOf } from '../fields'
import type { DeviceModel, InputField } from '../types'

/** The base station that relays the radio modules to the server (spec 02 section 3.1). */

const nucleusInputs: InputField[] = [
  { name: 'TEMP_1', unit: '°C', min: -40, max: 80, decimals: 1, kind: 'number' },
  { name: 'rtx_temp', unit: '°C', min: -40, max: 100, decimals: 1, kind: 'number' },
  { name: 'rtx_hum', unit: '%', min: 0, max: 100, decimals: 1, kind: 'number' },
  { name: 'gsmstr', unit: '%', min: 0, max: 100, decimals: 0, kind: 'number' },
  battvol,
  comm,
]

export const nucleus: DeviceModel = {
  code: 'AGB-2000',
  name: 'NUCLEUS',
  groupable: true,
  image: '/models/AGB-2000.svg',
  dictionaryKey: 'AGB-2000',
  isBaseStation: true,
  properties: [],
  inputs: nucleusInputs,
  outputs: [],
  allowedOutputTypes: [],
  interfaces: [],
  configurableInputs: [],
  alarmFields: ['TEMP_1'],
  widgetFields: widgetFieldsOf(nucleusInputs),
  tilePreview: ['TEMP_1', 'gsmstr', 'rtx_temp', 'battvol'],
}
