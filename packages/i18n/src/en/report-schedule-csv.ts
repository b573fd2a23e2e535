export const enReportScheduleCsv = {
  time: 'Opened',
  utc: 'Opened (UTC)',
  closed: 'Closes',
  panel: 'Output',
  kind: 'Role',
  duration: 'Duration [min]',
  fertigation: 'Fertigation',
  fertigation_confirmed: 'Fertigation confirmed',
  confirmed: 'Confirmed',
  error: 'Error',
  kinds: {
    irrigation: 'irrigation',
    other: 'other output',
    clear_water: 'clear water source',
    fertigation: 'fertigation water source',
  },
}
