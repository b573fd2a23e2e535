/** The stored and exchanged form of a moment: `YYYY-MM-DD HH:mm:ss` in UTC (spec 01 section 9). */
export function formatUtcTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ')
}

export const defaultDateFormat = 'YYYY-MM-DD HH:mm:ss'
