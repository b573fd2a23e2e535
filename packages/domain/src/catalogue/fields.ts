import type { InputField } from './types'

export const soilProbeLevel = (n: number): InputField[] => [
  { name: `TEMP_${n}`, unit: '°C', min: -40, max: 80, decimals: 1, kind: 'number' },
  { name: `HUMIDITY_${n}`, unit: '%', min: 0, max: 100, decimals: 1, kind: 'number' },
  { name: `ECW_${n}`, unit: 'mS/cm', min: 0, max: 5, decimals: 2, kind: 'number' },
  { name: `MCI_${n}`, unit: 'g/l', min: 0, max: 3, decimals: 2, kind: 'number' },
]

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

export const outputField = (name: 'o1' | 'o2' | 'o3' | 'o4'): InputField => ({
  name,
  unit: '',
  decimals: 0,
  kind: 'output',
})
