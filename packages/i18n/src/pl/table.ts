import type { AppMessages } from '../messages'

export const plTable: AppMessages['table'] = {
  search: 'Szukaj',
  search_placeholder: 'Wpisz dowolny fragment wiersza',
  rows: 'Wiersze: {{n}}',
  rows_found: 'Znaleziono {{n}} z {{total}} wierszy',
  sort_by: 'Sortuj według: {{column}}',
  empty: 'Brak wierszy.',
}
