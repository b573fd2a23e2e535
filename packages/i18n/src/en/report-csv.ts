/** Column headers of a report's CSV export. */
export const enReportCsv = {
  time: 'Time',
  utc: 'Time (UTC)',
  level: 'level',
  avg: 'average',
  min: 'minimum',
  max: 'maximum',
  sum: 'sum',
  previous: 'previous period',
  aggregate: 'MCI, average of {{count}} fields',
}
