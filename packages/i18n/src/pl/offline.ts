import type { AppMessages } from '../messages'

export const plOffline: AppMessages['offline'] = {
  no_network: 'Brak połączenia z siecią.',
  no_server: 'Serwer jest nieosiągalny.',
  shows_known: 'Aplikacja pokazuje to, co wiedziała przed utratą połączenia.',
  shows_saved: 'Aplikacja pokazuje to, co wiedziała. Ostatnia aktualizacja: {{age}}.',
  actions_wait: 'Działania wymagające serwera są wyłączone, dopóki znów nie odpowie.',
  action_reason: 'Wymaga połączenia z serwerem: niedostępne bez sieci. Nic nie zostanie wysłane później.',
}
