import type { AppMessages } from '../messages'

export const plMobileGeolocation: AppMessages['mobile_geolocation'] = {
  modules: 'Odległość i kierunek do każdego modułu',
  module: 'Moduł',
  distance: 'Odległość',
  bearing: 'Kierunek',
  no_location: 'Brak lokalizacji',
  direction: 'Kierunek',
  set_title: 'Ustaw lokalizację modułu tam, gdzie stoisz',
  set_hint: 'Stań przy module. Pozycja jest odczytywana po 1 s, a potem co 5 s.',
  set_module: 'Moduł do umieszczenia',
  set_button: 'Zapisz moją pozycję jako jego lokalizację',
  set_done: 'Zapisano lokalizację: {{name}}.',
  set_confirm: 'Zastąpić lokalizację modułu {{name}} punktem {{lat}}°, {{lon}}°?',
  cancel: 'Anuluj',
  confirm: 'Zapisz lokalizację',
}
