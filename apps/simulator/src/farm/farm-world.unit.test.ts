import { catalogue, type DemoModule, demoFarm, findModel } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { createRandom } from '../physics/random'
import { createWeather, warsawClimate } from '../physics/weather'
import { behaviours } from './behaviours'
import { createFarmWorld } from './farm-world'
import type { RawValues } from './module-behaviour'

const hourMs = 3_600_000
const start = new Date('2026-05-01T00:00:00Z')
const modules: readonly DemoModule[] = demoFarm.modules
const newWorld = (seed = 1) => createFarmWorld({ modules, seed, startAt: start })
const valve = 'DEMO-VALVO-0001'
const probeOnO1 = 'DEMO-TRIO-0001'
const probeOnO2 = 'DEMO-TRIO-0002'

/** Top-level soil moisture of a probe (field 3 is the shallow sensor). */
const topMoisture = (values: RawValues) => values.HUMIDITY_3 as number

function readAt(world: ReturnType<typeof newWorld>, serial: string, at: Date) {
  world.advanceTo(at)
  return world.read(serial, at)
}

describe('farm world', () => {
  it('has physics for every catalogue model', () => {
    for (const code of catalogue.keys()) expect(behaviours.has(code), code).toBe(true)
  })

  // A year of soil physics takes about a second; a busy machine gets the unit tier's generous limit.
  it('measures, before any rounding or clamping, only values inside the catalogue ranges all year', () => {
    const weather = createWeather({ latitude: 52.23, longitude: 21.01 }, warsawClimate, createRandom(9))
    for (const module of modules) {
      const model = findModel(module.model)!
      const behaviour = behaviours.get(module.model)!(module, createRandom(2), {
        weather,
        isIrrigated: () => false,
        openIrrigationOutputs: () => 0,
      })
      let previous = Date.UTC(2026, 0, 1)
      for (let t = previous; t < Date.UTC(2027, 0, 1); t += 7 * hourMs) {
        behaviour.advance(previous, t)
        previous = t
        const raw = behaviour.read(new Date(t))
        for (const input of model.inputs) {
          const value = raw[input.name]
          if (input.kind === 'output') {
            expect(typeof value, input.name).toBe('boolean')
            continue
          }
          expect(typeof value, `${module.serial} ${input.name}`).toBe('number')
          expect(value as number, `${module.serial} ${input.name}`).toBeGreaterThanOrEqual(
            input.min ?? -Infinity,
          )
          expect(value as number, `${module.serial} ${input.name}`).toBeLessThanOrEqual(input.max ?? Infinity)
        }
      }
    }
  })

  it('publishes exactly the catalogue fields of each model, rounded to their decimals', () => {
    const world = newWorld()
    for (const module of modules) {
      const values = readAt(world, module.serial, new Date(start.getTime() + 13 * hourMs))
      const model = findModel(module.model)!
      expect(Object.keys(values).sort()).toEqual(model.inputs.map((input) => input.name).sort())
      for (const input of model.inputs) {
        const value = values[input.name]
        if (typeof value === 'number')
          expect(value * 10 ** input.decimals).toBeCloseTo(Math.round(value * 10 ** input.decimals), 6)
      }
    }
  })

  it('keeps the AM-200 derived values consistent with its temperature and humidity', () => {
    const world = newWorld()
    const risks = new Set<number>()
    for (let hour = 0; hour < 24 * 14; hour += 1) {
      const v = readAt(world, 'DEMO-ENV-0001', new Date(start.getTime() + hour * hourMs)) as Record<
        string,
        number
      >
      expect(v.TEMP_DEW_1).toBeLessThanOrEqual(v.TEMP_WET_1!)
      expect(v.TEMP_WET_1).toBeLessThanOrEqual(v.TEMP_1!)
      expect(v.TEMP_GAP_1).toBeCloseTo(v.TEMP_1! - v.TEMP_DEW_1!, 0)
      expect(v.TEMP_KAMER_1).toBeLessThan(v.TEMP_WET_1!)
      expect(v.VPD_1).toBeGreaterThanOrEqual(0)
      risks.add(v.VPD_INFECT_1!)
      // Leaf-wetness risk is read off the VPD, which is small only in humid air.
      if (v.VPD_INFECT_1 === 1) expect(v.VPD_1).toBeLessThanOrEqual(0.21)
      if (v.humidity! < 70) expect(v.VPD_INFECT_1).toBe(0)
    }
    expect([...risks].sort()).toEqual([0, 1])
  })

  it('replays the same readings for the same seed and clock', () => {
    const at = new Date(start.getTime() + 30 * hourMs)
    const a = newWorld(5)
    const b = newWorld(5)
    const c = newWorld(6)
    for (const module of modules) expect(readAt(a, module.serial, at)).toEqual(readAt(b, module.serial, at))
    expect(readAt(c, probeOnO1, at)).not.toEqual(readAt(newWorld(5), probeOnO1, at))
  })

  it('wets the soil of the probe whose valve output is open, and only that one', () => {
    const dry = newWorld()
    const watered = newWorld()
    const opened = new Date(start.getTime() + 10 * hourMs)
    const later = new Date(opened.getTime() + 2 * hourMs)
    readAt(watered, valve, opened)
    watered.setOutputs(valve, { o1: { on: true, minutes: null } }, opened)

    expect(readAt(watered, valve, later).o1).toBe(true)
    expect(topMoisture(readAt(watered, probeOnO1, later))).toBeGreaterThan(
      topMoisture(readAt(dry, probeOnO1, later)) + 3,
    )
    expect(topMoisture(readAt(watered, probeOnO2, later))).toBeCloseTo(
      topMoisture(readAt(dry, probeOnO2, later)),
      0,
    )
  })

  it('lets the soil dry slowly while no valve is open', () => {
    const world = newWorld()
    const first = topMoisture(readAt(world, probeOnO1, new Date(start.getTime() + 6 * hourMs)))
    const threeDaysLater = topMoisture(readAt(world, probeOnO1, new Date(start.getTime() + 78 * hourMs)))
    expect(threeDaysLater).toBeLessThan(first)
    expect(first - threeDaysLater).toBeLessThan(10)
  })

  it('closes a timed opening at its own moment, giving the soil exactly that much water', () => {
    const timed = newWorld()
    const manual = newWorld()
    const opened = new Date(start.getTime() + 8 * hourMs)
    const closeAt = new Date(opened.getTime() + 30 * 60_000)
    const checkAt = new Date(opened.getTime() + 3 * hourMs)
    timed.setOutputs(valve, { o1: { on: true, minutes: 30 } }, opened)
    manual.setOutputs(valve, { o1: { on: true, minutes: null } }, opened)

    expect(timed.nextClosingAt()).toEqual(closeAt)
    expect(timed.closeDueOutputs(checkAt)).toEqual([{ serial: valve, name: 'o1', at: closeAt }])
    expect(timed.outputs(valve)!.isOn('o1')).toBe(false)
    expect(timed.nextClosingAt()).toBeNull()

    manual.advanceTo(closeAt)
    manual.setOutputs(valve, { o1: { on: false, minutes: null } }, closeAt)
    expect(readAt(timed, probeOnO1, checkAt)).toEqual(readAt(manual, probeOnO1, checkAt))
  })
})
