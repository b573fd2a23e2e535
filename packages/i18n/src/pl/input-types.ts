import type { AppMessages } from '../messages'

export const plInputTypes: AppMessages['input_types'] = {
  digital_12: { 0: 'Brak', 1: 'Wejście binarne', 2: 'Wyjście binarne' },
  digital_34: { 0: 'Brak', 1: 'Wejście binarne', 2: 'Wejście impulsowe (licznik)' },
  analog: { 0: 'Brak', 1: 'Prąd 4-20 mA', 2: 'Napięcie 0-10 V', 3: 'PT1000' },
}
