export const enReportIrrigationCsv = {
  time: 'Opened',
  utc: 'Opened (UTC)',
  output: 'Output',
  schedule: 'Schedule',
  manual: 'Manual',
  duration: 'Duration [min]',
  water: 'Water [m³]',
  fertigation: 'Fertigation',
  fertigation_confirmed: 'Fertigation confirmed',
  confirmed: 'Confirmed',
  error: 'Error',
}
