import type { AppMessages } from '../messages'

export const plDashboard: AppMessages['dashboard'] = {
  title: 'Start',
  no_modules: 'Na tym koncie nie ma jeszcze modułów.',
  no_data: 'Brak danych',
  last_data: 'Ostatnie dane',
  online: 'W sieci',
  offline: 'Poza siecią',
  trend_up: 'Rośnie',
  trend_down: 'Maleje',
  trend_flat: 'Bez zmian',
  add_module: 'Dodaj moduł',
  communicating: 'Komunikuje się',
  not_communicating: 'Brak komunikacji',
  battery: 'Bateria',
  signal: 'Sygnał',
  flagged: 'Przekroczony próg alarmowy',
  valve_open: 'Otwarty',
  valve_closed: 'Zamknięty',
  valve_unknown: 'Nieznany',
}
