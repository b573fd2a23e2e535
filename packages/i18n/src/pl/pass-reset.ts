import type { AppMessages } from '../messages'

export const plPassReset: AppMessages['passReset'] = {
  title: 'Resetowanie hasła',
  step_request: 'Konto',
  step_new: 'Nowe hasło',
  request_intro: 'Wpisz nazwę konta i swój adres e-mail. Wyślemy link do ustawienia nowego hasła.',
  account_name: 'Nazwa konta',
  email: 'E-mail',
  send: 'Wyślij link',
  sent_title: 'Sprawdź pocztę',
  sent_text:
    'Jeśli konto o tej nazwie ma użytkownika z adresem {{email}}, wysłaliśmy na ten adres link do ustawienia nowego hasła. Jest ważny przez {{minutes}} minut. Nic nie przyszło? Sprawdź nazwę konta, adres i folder spamu.',
  new_intro: 'Wpisz nowe hasło dwa razy.',
  password: 'Nowe hasło',
  password_confirm: 'Powtórz nowe hasło',
  save: 'Ustaw hasło',
  done_title: 'Hasło zmienione',
  done_text: 'Możesz się teraz zalogować nowym hasłem.',
  to_login: 'Przejdź do logowania',
  request_again: 'Podaj ponownie nazwę konta i e-mail',
}
