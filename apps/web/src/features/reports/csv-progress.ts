/** A CSV row's first cell, unquoted. */
function firstCell(line: string) {
  const trimmed = line.trim()
  if (trimmed.startsWith('"')) {
    const end = trimmed.indexOf('"', 1)
    return end < 0 ? null : trimmed.slice(1, end)
  }
  return trimmed.split(',')[0] ?? null
}

/**
 * How far an export is, from one of its rows: its timestamp (the first cell; ISO, or `YYYY-MM-DD
 * HH:mm[:ss]` read as UTC, close enough for a progress bar) against the range, 0 to 1. Null for
 * the header line or anything that is not a row.
 */
export function csvProgress(line: string, startMs: number, endMs: number): number | null {
  const cell = firstCell(line)
  if (!cell || !/^\d{4}-\d{2}-\d{2}/.test(cell)) return null
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(cell) ? `${cell.replace(' ', 'T')}Z` : cell
  const time = Date.parse(iso)
  if (Number.isNaN(time) || endMs <= startMs) return null
  return Math.min(1, Math.max(0, (time - startMs) / (endMs - startMs)))
}
