import type { AppMessages } from '../messages'

export const plFarmZone: AppMessages['farm_zone'] = {
  times_in: 'Godziny w strefie czasowej gospodarstwa: {{zone}}.',
  yours: 'Twoja strefa czasowa: {{zone}}.',
  typed_in_yours: 'U Ciebie: {{times}}.',
}
