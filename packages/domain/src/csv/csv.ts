/**
 * Every CSV the server writes (spec 02 section 9): comma separated, CRLF line ends, text quoted
 * with doubled quotes, numbers as JavaScript writes them, booleans 1 and 0, empty values blank,
 * a byte-order mark first so spreadsheet programs read UTF-8 (°C, ł).
 *
 * CSV injection (OWASP, "CSV Injection"): a spreadsheet program runs a cell starting with `=`,
 * `+`, `-` or `@` as a formula (`=HYPERLINK(...)` sends data away, `=cmd|...` ran programs in old
 * Excel), and tab or carriage return before one are skipped by some. So a text cell starting with
 * one of them gets a single quote first, inside the quoted field: the program shows the text, the
 * quote tells it the cell is text.
 *
 * Decided by the cell's kind, not by its content: the writer knows which cells are numbers
 * (readings, minutes, m³), so a number is written as a number, `-3.5` stays a value that sums,
 * and every string is text, `-3.5` typed as a name included. Guessing from the content ("looks
 * like a number") would either pass `-1+1+cmd|...` as a number or put quotes into real numbers.
 */
export type CsvValue = string | number | boolean | null

/** The first characters that make a spreadsheet read a cell as a formula (OWASP's list). */
const formulaLead = /^[=+\-@\t\r]/

/** A text cell: neutralised when it could start a formula, quoted, quotes doubled. */
export function csvText(text: string): string {
  const safe = formulaLead.test(text) ? `'${text}` : text
  return `"${safe.replaceAll('"', '""')}"`
}

/** One cell by its kind: text as csvText, a finite number as written, booleans 1/0, null blank. */
export function csvCell(value: CsvValue): string {
  if (value === null) return ''
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : ''
  if (typeof value === 'boolean') return value ? '1' : '0'
  return csvText(value)
}

/** One line, CRLF-terminated. */
export const csvLine = (cells: readonly CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`

/** The file's first line: a byte-order mark, then the column labels as text cells. */
export const csvHeader = (labels: readonly string[]) => `\ufeff${labels.map(csvText).join(',')}\r\n`
