import { describe, expect, it } from 'vitest'
import { summariseChange } from './audit-summary'

describe('summariseChange', () => {
  it('names each changed column of an update with its old and new value', () => {
    expect(
      summariseChange({
        action: 'update',
        before: { name: 'North', area: 2 },
        after: { name: 'South', area: null },
      }),
    ).toBe('name: North → South; area: 2 → —')
  })

  it('lists the written fields of an insert or a delete, without the bookkeeping dates', () => {
    expect(
      summariseChange({ action: 'insert', before: null, after: { id: 4, name: 'Pump', created_at: 'x' } }),
    ).toBe('id: 4; name: Pump')
    expect(summariseChange({ action: 'delete', before: { id: 4, tags: ['a'] }, after: null })).toBe(
      'id: 4; tags: ["a"]',
    )
    expect(summariseChange({ action: 'switch_out', before: null, after: null })).toBe('')
  })
})
