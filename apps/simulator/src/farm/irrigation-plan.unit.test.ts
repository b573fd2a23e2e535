import { type DemoModule, demoFarm } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { planIrrigation } from './irrigation-plan'

const modules: readonly DemoModule[] = demoFarm.modules

describe('irrigation plan', () => {
  it('waters each demo probe from its own output of the valve module', () => {
    const plan = planIrrigation(modules)
    expect(plan.get('DEMO-TRIO-0001')).toEqual({ valveSerial: 'DEMO-VALVO-0001', output: 'o1' })
    expect(plan.get('DEMO-TRIO-0002')).toEqual({ valveSerial: 'DEMO-VALVO-0001', output: 'o2' })
    expect(plan.has('DEMO-ENV-0001')).toBe(false)
  })

  it('waters nothing on a farm without valves', () => {
    const valves = ['AM-411', 'AM-421']
    expect(planIrrigation(modules.filter((module) => !valves.includes(module.model))).size).toBe(0)
  })
})
