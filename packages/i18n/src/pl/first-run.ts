import type { AppMessages } from '../messages'

export const plFirstRun: AppMessages['first_run'] = {
  title: 'Witaj w koncie {{account}}',
  intro: 'Twoje konto jest gotowe. Od czego chcesz zacząć?',
  add_user: 'Dodaj użytkownika',
  add_module: 'Dodaj moduł',
  add_meteo: 'Dodaj stację meteo',
  configure: 'Skonfiguruj konto',
  to_app: 'Przejdź do aplikacji',
  do_not_show: 'Nie pokazuj ponownie',
  save_failed: 'Nie udało się zapisać wyboru. Spróbuj ponownie.',
}
