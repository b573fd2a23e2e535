import type { AppMessages } from '../messages'

export const plSessions: AppMessages['sessions'] = {
  title: 'Aktywne sesje',
  intro: 'Urządzenia i przeglądarki zalogowane na Twoje konto użytkownika.',
  this_device: 'To urządzenie',
  device: 'Urządzenie',
  started: 'Zalogowano',
  last_seen: 'Ostatnia aktywność',
  ip: 'Adres',
  revoke: 'Wyloguj',
  revoke_label: 'Wyloguj: {{device}}',
  revoked: 'Sesja zakończona.',
  unknown_device: 'Nieznane urządzenie',
  browser_on: '{{browser}} w systemie {{os}}',
  empty: 'Brak innych sesji.',
}
