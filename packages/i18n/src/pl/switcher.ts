import type { AppMessages } from '../messages'

export const plSwitcher: AppMessages['switcher'] = {
  label: 'Konto klienta',
  switching: 'Przełączanie konta…',
}
