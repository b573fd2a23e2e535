import type { AppMessages } from '../messages'

export const plPasswordRules: AppMessages['passwordRules'] = {
  title: 'Hasło musi mieć',
  length: 'co najmniej 8 znaków',
  lower: 'małą literę',
  upper: 'wielką literę',
  digit: 'cyfrę',
  special: 'znak specjalny',
  match: 'to samo hasło wpisane dwa razy',
  met: 'spełnione',
  not_met: 'jeszcze niespełnione',
}
