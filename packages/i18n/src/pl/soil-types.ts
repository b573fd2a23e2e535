import type { AppMessages } from '../messages'

export const plSoilTypes: AppMessages['soil_types'] = {
  1: 'Gliny ciężkie',
  2: 'Gliny lekkie i średnie piaszczyste',
  3: 'Piaski gliniaste i pylaste',
  4: 'Piaski słabogliniaste i luźne',
}
