import type { AppMessages } from '../messages'

export const plCalendar: AppMessages['calendar'] = {
  title: 'Kalendarz',
  intro:
    'Zaplanowane i wykonane uruchomienia harmonogramów i ręcznych sekwencji. Pojedyncze otwarcia ręczne są na ekranie sterowania ręcznego.',
  view: 'Widok',
  view_week: 'Tydzień',
  view_day: 'Dzień',
  previous_week: 'Poprzedni tydzień',
  next_week: 'Następny tydzień',
  previous_day: 'Poprzedni dzień',
  next_day: 'Następny dzień',
  today: 'Dziś',
  range: 'Zakres: {{from}} – {{to}}',
  range_day: 'Pokazany dzień: {{date}}',
  no_runs: 'Brak uruchomień w tym okresie.',
  day_runs: 'Uruchomienia {{day}}',
  run_label: '{{output}}, {{schedule}}, {{start}}–{{end}}: {{result}}',
  manual_schedule: 'Otwarcie ręczne',
  deleted_schedule: 'Usunięty harmonogram',
  legend: 'Legenda',
  legend_outline: 'Obramowanie: zaplanowane lub niepotwierdzone przez moduł; wypełnienie: potwierdzone.',
  forecast: 'Prognoza',
  legend_forecast:
    'Linia przerywana: prognoza, uruchomienie, które harmonogramy wykonają po najbliższych 48 godzinach; staje się zaplanowane, gdy planista do niego dojdzie.',
  forecast_failed: 'Nie udało się wczytać prognozy uruchomień po najbliższych 48 godzinach.',
  results: {
    planned: 'Zaplanowane',
    running: 'W trakcie',
    executed: 'Wykonane poprawnie',
    error: 'Błąd',
    condition_ok: 'Warunek poprawny',
    condition_error: 'Błąd warunku',
    fertigation: 'Fertygacja',
    cancelled: 'Anulowane',
  },
}
