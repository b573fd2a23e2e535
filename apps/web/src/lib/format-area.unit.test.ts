import { describe, expect, it } from 'vitest'
import { formatArea } from './format-area'

describe('areas', () => {
  it('shows square metres in the unit the user chose', () => {
    expect(formatArea(12_500, 'ha', 'en')).toBe('1.25 ha')
    expect(formatArea(12_500, 'm2', 'en')).toBe('12,500 m²')
    expect(formatArea(12_500, 'ac', 'en')).toBe('3.09 ac')
  })

  it('writes numbers the Polish way in Polish', () => {
    expect(formatArea(12_500, 'ha', 'pl')).toBe('1,25 ha')
    expect(formatArea(12_500, 'm2', 'pl')).toBe('12\u00a0500 m²')
  })

  it('shows a missing area as not available', () => {
    expect(formatArea(null, 'ha', 'en', 'N/A')).toBe('N/A')
  })
})
