import type { AppMessages } from '../messages'

export const plInvitation: AppMessages['invitation'] = {
  title: 'Ustaw hasło',
  intro: 'Zaproszono Cię do konta {{client}}. Ustaw hasło, aby logować się jako {{email}}.',
  email: 'E-mail (login)',
  submit: 'Ustaw hasło i zaloguj się',
}
