const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^\uFEFF/, '')
    .replace(/^"(.*)"$/, '$1')
/** An instant with its zone (`2026-03-29T10:00:00.000Z`, `…+02:00`). */
const isInstant = (cell: string) => /^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/.test(cell)
/** A wall clock without a zone (`2026-03-29 12:00[:00]`). */
const isWallClock = (cell: string) => /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/.test(cell)

/**
 * How far an export is, from one of its rows (rows come by ascending time): the row's instant
 * against the range, 0 to 1. The export's rows start with the farm's wall clock and then the UTC
 * instant; the instant is used when the row has one, else the first cell read as UTC (close
 * enough for a progress bar). Null for the header line or anything that is not a row.
 */
export function csvProgress(line: string, startMs: number, endMs: number): number | null {
  if (endMs <= startMs) return null
  const cells = line.split(',', 3).map(unquote)
  const instant = cells.find(isInstant)
  const text = instant ?? (cells[0] && isWallClock(cells[0]) ? `${cells[0].replace(' ', 'T')}Z` : null)
  if (!text) return null
  const time = Date.parse(text)
  if (Number.isNaN(time)) return null
  return Math.min(1, Math.max(0, (time - startMs) / (endMs - startMs)))
}
