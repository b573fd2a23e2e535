import { describe, expect, it } from 'vitest'
import { ageText, choiceValue, parseChoiceValue, readDisplayChoice } from './display-choice'

describe('the data display choice kept on the device', () => {
  it('reads back what was stored', () => {
    const stored = JSON.stringify([choiceValue({ idObject: 3, field: 'temp' }), '12:sm_1'])
    expect(readDisplayChoice(stored)).toEqual(['3:temp', '12:sm_1'])
    expect(parseChoiceValue('3:temp')).toEqual({ idObject: 3, field: 'temp' })
  })

  it('drops anything unreadable instead of failing', () => {
    expect(readDisplayChoice(null)).toEqual([])
    expect(readDisplayChoice('not json')).toEqual([])
    expect(readDisplayChoice('{"a":1}')).toEqual([])
    expect(readDisplayChoice(JSON.stringify(['x:temp', 4, '3:'])).length).toBe(0)
  })
})

describe('the age of a value', () => {
  it('says nothing under a minute, then minutes, hours and days', () => {
    expect(ageText(59_000, 'en')).toBeNull()
    expect(ageText(3 * 60_000, 'en')).toBe('3 min')
    expect(ageText(2 * 3_600_000 + 5, 'en')).toBe('2 hr')
    expect(ageText(3 * 86_400_000, 'en')).toBe('3 days')
    expect(ageText(2 * 3_600_000, 'pl')).toBe('2 godz.')
  })
})
