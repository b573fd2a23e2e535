import { describe, expect, it } from 'vitest'
import { formatRemaining } from './remaining-time'

describe('formatRemaining', () => {
  it.each([
    [0, 0, 's'],
    [1, 1, 's'],
    [45, 45, 's'],
    [59, 59, 's'],
    [59.6, 1, 'min'],
    [60, 1, 'min'],
    [74, 1, 'min'],
    [75, 1.5, 'min'],
    [90, 1.5, 'min'],
    [105, 2, 'min'],
    [600, 10, 'min'],
    [3584, 59.5, 'min'],
    [3585, 1, 'h'],
    [3600, 1, 'h'],
    [150 * 60, 2.5, 'h'],
    [24 * 3600, 24, 'h'],
  ] as const)('%s s reads %s %s', (seconds, value, unit) => {
    expect(formatRemaining(seconds)).toEqual({ value, unit })
  })

  it('never reads a negative or undefined time', () => {
    expect(formatRemaining(-5)).toEqual({ value: 0, unit: 's' })
    expect(formatRemaining(Number.NaN)).toEqual({ value: 0, unit: 's' })
  })
})
