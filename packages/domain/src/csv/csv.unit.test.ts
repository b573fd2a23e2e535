import { describe, expect, it } from 'vitest'
import { csvCell, csvHeader, csvLine, csvText } from './csv'

describe('CSV cells', () => {
  it('quotes text with doubled quotes, writes numbers in full and leaves empty values blank', () => {
    expect(csvCell('Trio, "north"')).toBe('"Trio, ""north"""')
    expect(csvCell(0.1 + 0.2)).toBe('0.30000000000000004')
    expect(csvCell(null)).toBe('')
    expect(csvCell(Number.NaN)).toBe('')
    expect(csvCell(Number.POSITIVE_INFINITY)).toBe('')
    expect(csvCell(true)).toBe('1')
    expect(csvCell(false)).toBe('0')
    expect(csvLine(['Time', 'A, b', 3, null, false])).toBe('"Time","A, b",3,,0\r\n')
  })

  it('starts the file with a byte-order mark so spreadsheet programs read UTF-8', () => {
    expect(csvHeader(['Time', 'Woda [m³]'])).toBe('\ufeff"Time","Woda [m³]"\r\n')
  })
})

describe('CSV injection (OWASP): text a spreadsheet would run as a formula', () => {
  it.each([
    ['=', '=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+', "+cmd|' /C calc'!A0", `"'+cmd|' /C calc'!A0"`],
    ['-', "-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@', "@SUM(1+1)*cmd|' /C calc'!A0", `"'@SUM(1+1)*cmd|' /C calc'!A0"`],
    ['tab', '\t=1+1', `"'\t=1+1"`],
    ['carriage return', '\r=1+1', `"'\r=1+1"`],
  ])('puts an apostrophe before a leading %s, inside the quoted field', (_lead, text, written) => {
    expect(csvText(text)).toBe(written)
    expect(csvCell(text)).toBe(written)
    expect(csvLine([text])).toBe(`${written}\r\n`)
    expect(csvHeader([text])).toBe(`\ufeff${written}\r\n`)
  })

  it('leaves text that starts otherwise as it is, however it continues', () => {
    expect(csvText('Tomatoes = 3')).toBe('"Tomatoes = 3"')
    expect(csvText(" '=1+1")).toBe(`" '=1+1"`)
    expect(csvText('')).toBe('""')
  })

  it('decides by the cell kind: a number stays a number, negative or not; text that looks like one is text', () => {
    // The writer knows which cells are numbers (readings, minutes, m³); guessing from the content
    // would either leave "-1+cmd|..." alone as "a number" or put an apostrophe into real numbers.
    expect(csvCell(-3.5)).toBe('-3.5')
    expect(csvCell(-0.0001)).toBe('-0.0001')
    expect(csvLine([-12, '-12'])).toBe(`-12,"'-12"\r\n`)
  })
})
