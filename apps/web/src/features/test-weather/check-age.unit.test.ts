import { describe, expect, it } from 'vitest'
import { ageParts } from './check-age'

describe('the age of a reading', () => {
  it('counts in the largest whole unit', () => {
    expect(ageParts(0)).toEqual({ key: 'seconds', count: 0 })
    expect(ageParts(59.9)).toEqual({ key: 'seconds', count: 59 })
    expect(ageParts(60)).toEqual({ key: 'minutes', count: 1 })
    expect(ageParts(3599)).toEqual({ key: 'minutes', count: 59 })
    expect(ageParts(7200)).toEqual({ key: 'hours', count: 2 })
    expect(ageParts(3 * 86_400 + 5)).toEqual({ key: 'days', count: 3 })
  })
})
