export const enTable = {
  search: 'Search',
  search_placeholder: 'Type any part of a row',
  rows: 'Rows: {{n}}',
  rows_found: 'Found {{n}} of {{total}} rows',
  sort_by: 'Sort by {{column}}',
  empty: 'No rows.',
}
