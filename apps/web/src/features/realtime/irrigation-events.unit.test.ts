import { describe, expect, it } from 'vitest'
import { manualOpenFixture, outputRef, planFixture } from '../../testing/fake-irrigation'
import { mergeManualOpens, mergeOutputsPlans } from './irrigation-events'

describe('manual_opens event', () => {
  it("replaces the browser's guess for the output, updates known rows and drops finished ones", () => {
    const guess = manualOpenFixture({ id: -1, Output: outputRef(12), status: 0 })
    const other = manualOpenFixture({ id: -2, Output: outputRef(13), status: 0 })
    const known = manualOpenFixture({ id: 7, Output: outputRef(11), status: 2 })
    const merged = mergeManualOpens(
      [guess, other, known],
      [
        manualOpenFixture({ id: 40, Output: outputRef(12), status: 1 }),
        manualOpenFixture({ id: 7, Output: outputRef(11), status: 10 }),
      ],
    )
    expect(merged.map((row) => [row.id, row.status])).toEqual([
      [-2, 0],
      [40, 1],
    ])
  })

  it('keeps a failed opening so the screen can say so', () => {
    const merged = mergeManualOpens([], [manualOpenFixture({ id: 9, Output: outputRef(12), status: 5 })])
    expect(merged.map((row) => row.status)).toEqual([5])
  })
})

describe('outputs_plans event', () => {
  const from = '2026-11-22T23:00:00.000Z'
  const to = '2026-11-29T23:00:00.000Z'

  it('adds runs of the window in time order, replaces changed ones and lets moved ones go', () => {
    const list = [
      planFixture({ id: 1, open_at: '2026-11-23T05:00:00.000Z' }),
      planFixture({ id: 2, open_at: '2026-11-24T05:00:00.000Z' }),
    ]
    const merged = mergeOutputsPlans(
      list,
      [
        planFixture({ id: 3, open_at: '2026-11-23T04:00:00.000Z' }),
        planFixture({ id: 1, open_at: '2026-11-23T05:00:00.000Z', status: 10 }),
        planFixture({ id: 2, open_at: '2026-12-01T05:00:00.000Z' }),
        planFixture({ id: 4, open_at: '2026-11-30T05:00:00.000Z' }),
      ],
      from,
      to,
    )
    expect(merged.map((plan) => [plan.id, plan.status])).toEqual([
      [3, 0],
      [1, 10],
    ])
  })

  it('keeps a run that started before the window and runs into it', () => {
    const crossing = planFixture({ id: 5, open_at: '2026-11-22T22:30:00.000Z', duration: 60 })
    expect(mergeOutputsPlans([], [crossing], from, to).map((plan) => plan.id)).toEqual([5])
  })
})
