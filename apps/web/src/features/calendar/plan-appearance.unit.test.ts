import { planStatus } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { planFixture } from '../../testing/fake-irrigation'
import { planAppearance, resultColours } from './plan-appearance'

const irrigation = { id: 5, name: 'Morning tomatoes', type: 1, deleted_at: null }
const control = { id: 6, name: 'Greenhouse fan', type: 4, deleted_at: null }

describe('the result a calendar run shows', () => {
  it('executed correctly: blue, filled once the module confirmed it (open, or open then closed)', () => {
    expect(planAppearance(planFixture({ id: 1, status: planStatus.executed, confirmed_state: 0 }))).toEqual({
      result: 'executed',
      isConfirmed: true,
    })
    expect(planAppearance(planFixture({ id: 1, status: planStatus.executed, confirmed_state: 1 }))).toEqual({
      result: 'executed',
      isConfirmed: true,
    })
    expect(
      planAppearance(planFixture({ id: 1, status: planStatus.executed, confirmed_state: null })),
    ).toEqual({
      result: 'executed',
      isConfirmed: false,
    })
    expect(resultColours.executed).toBe('blue')
  })

  it('error and missed runs: error (light red)', () => {
    expect(planAppearance(planFixture({ id: 1, status: planStatus.error })).result).toBe('error')
    expect(planAppearance(planFixture({ id: 1, status: planStatus.missed })).result).toBe('error')
    expect(resultColours.error).toBe('red')
  })

  it('control schedules: condition correct (green) when executed, condition error when the conditions held it back', () => {
    const done = planFixture({ id: 1, status: planStatus.executed, confirmed_state: 1, Scheduler: control })
    expect(planAppearance(done)).toEqual({ result: 'condition_ok', isConfirmed: true })
    expect(resultColours.condition_ok).toBe('green')
    const held = planFixture({ id: 1, status: planStatus.condition_not_met, Scheduler: irrigation })
    expect(planAppearance(held).result).toBe('condition_error')
  })

  it('fertigation: purple, outlined until its fertigation is confirmed', () => {
    const planned = planFixture({ id: 1, status: planStatus.planned, fertigation: true })
    expect(planAppearance(planned)).toEqual({ result: 'fertigation', isConfirmed: false })
    const done = planFixture({
      id: 1,
      status: planStatus.executed,
      fertigation: true,
      confirmed_state: null,
      fertigation_confirm_state: 1,
    })
    expect(planAppearance(done)).toEqual({ result: 'fertigation', isConfirmed: true })
    const source = planFixture({
      id: 1,
      status: planStatus.executed,
      role: 'fertigation_source',
      confirmed_state: 1,
    })
    expect(planAppearance(source).result).toBe('fertigation')
    expect(resultColours.fertigation).toBe('grape')
  })

  it('runs to come, running and cancelled runs', () => {
    expect(planAppearance(planFixture({ id: 1, status: planStatus.planned }))).toEqual({
      result: 'planned',
      isConfirmed: false,
    })
    expect(planAppearance(planFixture({ id: 1, status: planStatus.sent })).result).toBe('running')
    expect(planAppearance(planFixture({ id: 1, status: planStatus.running, confirmed_state: 1 }))).toEqual({
      result: 'running',
      isConfirmed: true,
    })
    expect(planAppearance(planFixture({ id: 1, status: planStatus.cancelled })).result).toBe('cancelled')
  })
})
