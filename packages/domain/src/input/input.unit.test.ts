import { describe, expect, test } from 'vitest'
import { calendarDaySchema, dayOrMomentSchema, momentSchema } from './dates'
import { deviceText, isStorableText, multiLineText, singleLineText } from './text'

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message)

describe('text', () => {
  test.each([
    ['plain Polish text', 'Zażółć gęślą jaźń', true, true],
    ['an emoji (a surrogate pair)', 'Pole 🌱', true, true],
    ['a NUL', 'Row\u0000A', false, false],
    ['another C0 control', 'Row\u0007A', false, false],
    ['DEL', 'Row\u007fA', false, false],
    ['a lone high surrogate', 'Row\ud800A', false, false],
    ['a lone low surrogate', '\udc00', false, false],
    ['a line feed', 'first\nsecond', false, true],
    ['a tab and a carriage return', 'a\tb\r\nc', false, true],
  ])('%s: one line %s, several lines %s', (_, value, oneLine, severalLines) => {
    expect(isStorableText(value)).toBe(oneLine)
    expect(isStorableText(value, { multiLine: true })).toBe(severalLines)
    expect(messagesOf(singleLineText().safeParse(value))).toEqual(oneLine ? [] : ['errors.text_characters'])
    expect(messagesOf(multiLineText().safeParse(value))).toEqual(
      severalLines ? [] : ['errors.text_characters'],
    )
  })
})

describe('dates', () => {
  test.each([
    ['2030-01-01', []],
    ['2024-02-29', []],
    ['2000-01-01', []],
    ['2100-12-31', []],
    ['2030-02-30', ['errors.date_invalid']],
    ['2023-02-29', ['errors.date_invalid']],
    ['2030-13-01', ['errors.date_invalid']],
    ['2030-1-1', ['errors.date_invalid']],
    ['soon', ['errors.date_invalid']],
    ['0000-01-01', ['errors.date_out_of_range']],
    ['1999-12-31', ['errors.date_out_of_range']],
    ['2101-01-01', ['errors.date_out_of_range']],
  ])('calendar day %s: %j', (value, messages) => {
    expect(messagesOf(calendarDaySchema.safeParse(value))).toEqual(messages)
  })

  test.each([
    ['2030-01-01T06:00:00Z', []],
    ['2030-01-01T06:00:00.123+02:00', []],
    ['2030-02-30T06:00:00Z', ['errors.date_invalid']],
    ['2030-01-01T24:00:00Z', ['errors.date_invalid']],
    ['2030-01-01T06:00:00', ['errors.date_invalid']],
    ['0000-01-01T00:00:00Z', ['errors.date_out_of_range']],
    ['9999-12-31T23:59:59Z', ['errors.date_out_of_range']],
  ])('moment %s: %j', (value, messages) => {
    expect(messagesOf(momentSchema.safeParse(value))).toEqual(messages)
  })

  test.each([
    ['2030-01-01', []],
    ['2030-01-01T06:00:00Z', []],
    ['2030-02-30', ['errors.date_invalid']],
    ['2030-02-30T06:00:00Z', ['errors.date_invalid']],
    ['0000-01-01', ['errors.date_out_of_range']],
    ['0000-01-01T00:00:00Z', ['errors.date_out_of_range']],
    ['soon', ['errors.date_invalid']],
  ])('day or moment %s: %j', (value, messages) => {
    expect(messagesOf(dayOrMomentSchema.safeParse(value))).toEqual(messages)
  })
})

describe('deviceText', () => {
  test.each([
    ['2.4.1', '2.4.1'],
    ['2.4\u0000.1', '2.4\uFFFD.1'],
    ['valve\u001bjammed', 'valve\uFFFDjammed'],
    ['half \ud800 pair', 'half \uFFFD pair'],
    ['x'.repeat(80), 'x'.repeat(64)],
  ])('keeps what a module says, storable: %j', (sent, kept) => {
    expect(deviceText(64).parse(sent)).toBe(kept)
  })
})
