import { describe, expect, it } from 'vitest'
import { saveScheduleSchema } from '../irrigation/schedule'
import { refusalCode } from './api-error'

const keysOf = (value: unknown) => {
  const result = saveScheduleSchema.safeParse(value)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

const schedule = (definition: Record<string, unknown>) => ({
  name: 'Tomatoes',
  type: 1,
  begin_date: '2026-05-01',
  definition: {
    rule: { kind: 'every_n_days', n: 1 },
    starts: { kind: 'hours', times: ['06:00'] },
    cycle_minutes: 30,
    elements: [{ kind: 'output', id: 1 }],
    ...definition,
  },
})

describe('the code a refusal answers', () => {
  it("is a catalogue rule's own code when the first problem breaks one", () => {
    expect(refusalCode(['errors.schedule_too_long', 'errors.too_big'])).toBe('schedule_too_long')
    expect(refusalCode(keysOf(schedule({ starts: { kind: 'hours', times: ['06:00', '06:10'] } })))).toBe(
      'schedule_cycles_overlap',
    )
  })

  it('is validation_failed (or the caller’s) for a field’s bound or format, even when a rule follows from it', () => {
    expect(refusalCode(['errors.too_small', 'errors.schedule_cycles_overlap'])).toBe('validation_failed')
    expect(refusalCode(['errors.field_required'], 'schedule_pause_failed')).toBe('schedule_pause_failed')
    expect(refusalCode([])).toBe('validation_failed')
  })
})
