import type { AppMessages } from '../messages'

export const plEquipmentKinds: AppMessages['equipment_kinds'] = {
  output: 'Wyjście',
  binary_input: 'Wejście binarne',
  counter_input: 'Wejście licznikowe',
  voltage_input: 'Wejście napięciowe',
  current_input: 'Wejście prądowe',
  pt1000_input: 'Wejście PT1000',
}
