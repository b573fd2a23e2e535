import type { AppMessages } from '../messages'

export const plSupervisor: AppMessages['supervisor'] = {
  title: 'Nadzór',
  intro:
    'Kto jest teraz połączony oraz ruch modułów: wiadomości przychodzące (odbiór) i polecenia wychodzące. Odświeżane co 5 sekund; liczby tego procesu serwera.',
  traffic_title: 'Ruch modułów, ostatnie {{minutes}} minut',
  ingest: 'Wiadomości od modułów (odbiór)',
  commands: 'Polecenia i konfiguracje do modułów',
  ingest_total: 'Przychodzące: {{n}}',
  commands_total: 'Wychodzące: {{n}}',
  rejected_total: 'Odrzucone: {{n}}',
  minute_title: '{{time}} UTC: przychodzące {{ingest}}, wychodzące {{commands}}, odrzucone {{rejected}}',
  sockets_title: 'Połączeni teraz',
  address: 'Adres',
  since: 'Połączony od',
  browser: 'Przeglądarka',
  last_title: 'Ostatnie wiadomości',
  time: 'Czas',
  direction: 'Kierunek',
  in: 'Przychodząca (moduł)',
  out: 'Wychodząca (do modułu)',
  kind: 'Rodzaj',
  accepted: 'Przyjęte',
  rejected: 'Odrzucone',
}
