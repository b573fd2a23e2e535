import type { AppMessages } from '../messages'

export const plPlants: AppMessages['plants'] = {
  1: 'Ziemniaki',
  2: 'Truskawki',
  3: 'Jabłonie',
  4: 'Pomidory',
  5: 'Ogórki',
  6: 'Maliny',
  7: 'Borówki',
  8: 'Wiśnie',
  9: 'Grusze',
  10: 'Śliwy',
  11: 'Kapusta',
  12: 'Cebula',
  13: 'Marchew',
  14: 'Papryka',
  15: 'Sałata',
  16: 'Kukurydza',
  17: 'Burak cukrowy',
}
