import type { AppMessages } from '../messages'

export const plMobileDirection: AppMessages['mobile_direction'] = {
  module: 'Moduł',
  choose: 'Wybierz moduł',
  arrow: 'Strzałka w stronę: {{name}}',
  distance: 'Odległość',
  bearing: 'Kierunek od ciebie',
  heading: 'Telefon skierowany na',
  heading_value: '{{degrees}}° {{point}}',
  compass_waiting: 'Czekam na kompas… Trzymaj telefon poziomo.',
  compass_none:
    'Nie przychodzą odczyty kompasu: to urządzenie nie ma kompasu albo przeglądarka go nie udostępnia. Strzałka pokazuje kierunek z północą u góry ekranu.',
  compass_enable: 'Włącz kompas',
  compass_refused: 'Odmówiono dostępu do kompasu.',
  north_up: 'Północ jest u góry ekranu',
  arrived: 'Jesteś przy module (w granicach dokładności pozycji).',
  no_location: 'Ten moduł nie ma jeszcze lokalizacji.',
}
