import type { AppMessages } from '../messages'

export const plPayments: AppMessages['payments'] = {
  title: 'Płatności i abonament',
  subscription: 'Abonament',
  active: 'Aktywny',
  blocked: 'Zablokowany',
  valid_until: 'Ważny do {{date}}',
  no_expiry: 'Bez daty końcowej',
  how_to_pay: 'Opłaty i przedłużenie',
  order_text:
    'Kropla nie przyjmuje płatności w aplikacji. Aby opłacić, przedłużyć lub zmienić abonament, napisz na',
}
