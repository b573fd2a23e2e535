import type { AppMessages } from '../messages'

/** Nagłówki kolumn eksportu raportu do CSV. */
export const plReportCsv: AppMessages['report_csv'] = {
  time: 'Czas',
  utc: 'Czas (UTC)',
  level: 'poziom',
  avg: 'średnia',
  min: 'minimum',
  max: 'maksimum',
  sum: 'suma',
  previous: 'poprzedni okres',
  aggregate: 'MCI, średnia z {{count}} pól',
}
