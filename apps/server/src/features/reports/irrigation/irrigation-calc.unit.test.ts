import { describe, expect, it } from 'vitest'
import { dosageOf, localDaysOf, positiveProperty, roundTo, waterOf } from './irrigation-calc'

const warsaw = 'Europe/Warsaw'

describe('irrigation calculations', () => {
  it('counts the local days a range touches, 23- and 25-hour days as one', () => {
    // 2026-03-29 in Warsaw: 23 hours.
    expect(localDaysOf(new Date('2026-03-28T23:00:00Z'), new Date('2026-03-29T22:00:00Z'), warsaw)).toBe(1)
    // 2026-10-25 in Warsaw: 25 hours.
    expect(localDaysOf(new Date('2026-10-24T22:00:00Z'), new Date('2026-10-25T23:00:00Z'), warsaw)).toBe(1)
    // 28 March to 31 March: 71 hours, 3 days.
    expect(localDaysOf(new Date('2026-03-27T23:00:00Z'), new Date('2026-03-30T22:00:00Z'), warsaw)).toBe(3)
    // A range from noon to noon touches two days; an empty one counts as one.
    expect(localDaysOf(new Date('2026-05-01T10:00:00Z'), new Date('2026-05-02T10:00:00Z'), warsaw)).toBe(2)
    expect(localDaysOf(new Date('2026-05-01T10:00:00Z'), new Date('2026-05-01T10:00:00Z'), warsaw)).toBe(1)
  })

  it('computes water as flow × minutes / 60 and the dose in mm over the area', () => {
    expect(waterOf(3, 20)).toBe(1)
    expect(roundTo(waterOf(1.7, 7)!, 4)).toBe(0.1983)
    expect(waterOf(null, 20)).toBeNull()
    // 2.6 m³ on 0.5 ha = 5000 m²: 2600 l / 5000 m² = 0.52 mm.
    expect(dosageOf(2.6, 0.5)).toBe(0.52)
    expect(dosageOf(1.7 / 3, 0.3)).toBe(0.1889)
    expect(dosageOf(null, 0.5)).toBeNull()
    expect(dosageOf(1, null)).toBeNull()
  })

  it('rounds half away from zero and reads only positive numbers as set', () => {
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(roundTo(0.35, 1)).toBe(0.4)
    expect(roundTo(2.675, 2)).toBe(2.68)
    expect(positiveProperty({ flow: 3 }, 'flow')).toBe(3)
    expect(positiveProperty({ flow: '2.5' }, 'flow')).toBe(2.5)
    expect(positiveProperty({ flow: 0 }, 'flow')).toBeNull()
    expect(positiveProperty({ flow: null }, 'flow')).toBeNull()
    expect(positiveProperty({}, 'flow')).toBeNull()
  })
})
