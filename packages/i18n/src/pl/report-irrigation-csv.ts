import type { AppMessages } from '../messages'

export const plReportIrrigationCsv: AppMessages['report_irrigation_csv'] = {
  time: 'Otwarcie',
  utc: 'Otwarcie (UTC)',
  output: 'Wyjście',
  schedule: 'Harmonogram',
  manual: 'Ręczne',
  duration: 'Czas [min]',
  water: 'Woda [m³]',
  fertigation: 'Fertygacja',
  fertigation_confirmed: 'Fertygacja potwierdzona',
  confirmed: 'Potwierdzone',
  error: 'Błąd',
}
