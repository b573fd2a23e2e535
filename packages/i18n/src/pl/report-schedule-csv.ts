import type { AppMessages } from '../messages'

export const plReportScheduleCsv: AppMessages['report_schedule_csv'] = {
  time: 'Otwarcie',
  utc: 'Otwarcie (UTC)',
  closed: 'Zamknięcie',
  panel: 'Wyjście',
  kind: 'Rola',
  duration: 'Czas [min]',
  fertigation: 'Fertygacja',
  fertigation_confirmed: 'Fertygacja potwierdzona',
  confirmed: 'Potwierdzone',
  error: 'Błąd',
  kinds: {
    irrigation: 'nawadnianie',
    other: 'inne wyjście',
    clear_water: 'źródło czystej wody',
    fertigation: 'źródło fertygacji',
  },
}
