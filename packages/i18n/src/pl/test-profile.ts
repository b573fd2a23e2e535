import type { AppMessages } from '../messages'

export const plTestProfile: AppMessages['test_profile'] = {
  title: 'Wiadomości testowe',
  intro:
    'Wyślij sobie wiadomość testową każdym kanałem, którym przychodzą powiadomienia o alarmach, i zobacz, czy wyszła, a jeśli nie, to dlaczego.',
  email: 'E-mail',
  sms: 'SMS',
  push: 'Powiadomienie push',
  send: 'Wyślij test',
  to: 'Do: {{to}}',
  no_phone_set: 'Brak numeru telefonu w profilu',
  limit: 'Jeden test na kanał co {{seconds}} s.',
  sent_email: 'Serwer poczty przyjął wiadomość o {{time}}. Sprawdź skrzynkę (i folder spam).',
  sent_sms: 'Bramka SMS przyjęła wiadomość o {{time}}. Powinna dotrzeć na telefon w ciągu minuty.',
  sent_push: 'Usługa push przyjęła wiadomość dla urządzeń: {{count}}, o {{time}}.',
  failed: 'Nie wysłano',
  reason_no_phone: 'W Twoim profilu nie ma numeru telefonu. Dodaj go i spróbuj ponownie.',
  reason_no_push_subscription:
    'Żadne Twoje urządzenie nie przyjmuje powiadomień push. Włącz je w Powiadomieniach na tym urządzeniu i spróbuj ponownie.',
  reason_push_subscriptions_expired:
    'Subskrypcje push Twoich urządzeń wygasły i zostały usunięte. Włącz powiadomienia ponownie na urządzeniu.',
  reason_provider_refused_email: 'Serwer poczty odrzucił wiadomość lub nie odpowiedział.',
  reason_provider_refused_sms: 'Bramka SMS odrzuciła wiadomość lub nie odpowiedziała.',
  reason_provider_refused_push: 'Usługa push odrzuciła wiadomość lub nie odpowiedziała.',
  detail: 'Jej odpowiedź: {{detail}}',
  open_profile: 'Otwórz profil',
  message_subject: 'Kropla: wiadomość testowa',
  message_text:
    'Dzień dobry,\n\nto wiadomość testowa wysłana przez Ciebie z Kropli o {{time}}. Powiadomienia o alarmach e-mailem docierają tą samą drogą.\n\n{{link}}',
  message_sms: 'Kropla: wiadomość testowa wysłana o {{time}}. SMS-y o alarmach docierają tą samą drogą.',
  message_push: 'Wiadomość testowa wysłana o {{time}}.',
}
