import type { AppMessages } from '../messages'

export const plHelp: AppMessages['help'] = {
  title: 'Pomoc',
  intro: 'Poradniki i odpowiedzi na częste pytania są na stronie pomocy Kropli, w Twoim języku.',
  site: 'Strona pomocy',
  open: 'Otwórz stronę pomocy',
  support: 'Nadal potrzebujesz pomocy? Napisz na',
}
