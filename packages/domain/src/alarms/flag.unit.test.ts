import { describe, expect, it } from 'vitest'
import { isValueFlagged } from './flag'

describe('flagging a value against a threshold', () => {
  it('greater and greater-or-equal', () => {
    expect(isValueFlagged(31, 'gt', 30)).toBe(true)
    expect(isValueFlagged(30, 'gt', 30)).toBe(false)
    expect(isValueFlagged(30, 'ge', 30)).toBe(true)
    expect(isValueFlagged(29.9, 'ge', 30)).toBe(false)
  })

  it('lower and lower-or-equal', () => {
    expect(isValueFlagged(9, 'lt', 10)).toBe(true)
    expect(isValueFlagged(10, 'lt', 10)).toBe(false)
    expect(isValueFlagged(10, 'le', 10)).toBe(true)
    expect(isValueFlagged(10.1, 'le', 10)).toBe(false)
  })

  it('equal', () => {
    expect(isValueFlagged(1, 'eq', 1)).toBe(true)
    expect(isValueFlagged(0, 'eq', 1)).toBe(false)
  })

  it('flags nothing without a value or a threshold', () => {
    expect(isValueFlagged(null, 'lt', 10)).toBe(false)
    expect(isValueFlagged(undefined, 'gt', 10)).toBe(false)
    expect(isValueFlagged(Number.NaN, 'gt', 10)).toBe(false)
    expect(isValueFlagged(5, 'lt', null)).toBe(false)
  })
})
