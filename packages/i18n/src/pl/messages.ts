import type { AppMessages } from '../messages'

export const plMessages: AppMessages['messages'] = {
  title: 'Wiadomości',
  intro: 'Wiadomości od dostawcy usługi. Otwórz wiadomość, aby ją przeczytać.',
  filter: 'Pokaż wiadomości',
  filters: { all: 'Wszystkie', unread: 'Nieprzeczytane', read: 'Przeczytane' },
  empty: 'Brak wiadomości.',
  unread: 'Nieprzeczytana',
  mark_read: 'Oznacz jako przeczytaną',
  mark_unread: 'Oznacz jako nieprzeczytaną',
  delete: 'Usuń',
  delete_label: 'Usuń wiadomość {{subject}}',
  deleted: 'Wiadomość usunięta.',
  new_message: 'Nowa wiadomość',
  badge_one: 'Wiadomości: {{count}} nieprzeczytana',
  badge_few: 'Wiadomości: {{count}} nieprzeczytane',
  badge_many: 'Wiadomości: {{count}} nieprzeczytanych',
  badge_other: 'Wiadomości: {{count}} nieprzeczytanej',
  badge_unread: 'Nieprzeczytane: {{n}}',
  badge_unread_long: 'wiadomości, których jeszcze nie przeczytano',
  badge_open: 'Pokaż wiadomości',
  types: { info: 'Informacja', warning: 'Ostrzeżenie', service: 'Prace serwisowe' },
}
