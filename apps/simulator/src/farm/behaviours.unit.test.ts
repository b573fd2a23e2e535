import { catalogue, type DemoModule, demoFarm, findModel } from '@kropla/domain'
import { describe, expect, it } from 'vitest'
import { createFarmWorld, type FarmWorld } from './farm-world'
import { planIrrigation } from './irrigation-plan'

const minuteMs = 60_000
const hourMs = 60 * minuteMs
const start = new Date('2026-05-01T00:00:00Z')
const modules: readonly DemoModule[] = demoFarm.modules
const newWorld = (seed = 3) => createFarmWorld({ modules, seed, startAt: start })
const after = (ms: number) => new Date(start.getTime() + ms)
const plan = planIrrigation(modules)
const serialOf = (code: string) => modules.find((module) => findModel(module.model)?.code === code)!.serial

type Numbers = Record<string, number>
function readAt(world: FarmWorld, serial: string, at: Date): Numbers {
  world.advanceTo(at)
  return world.read(serial, at) as Numbers
}

/** Opens the output that waters `serial` from `at` for `minutes`. */
function water(world: FarmWorld, serial: string, at: Date, minutes: number) {
  const source = plan.get(serial)!
  world.setOutputs(source.valveSerial, { [source.output]: { on: true, minutes } }, at)
  world.closeDueOutputs(new Date(at.getTime() + minutes * minuteMs))
}

/** The shallowest moisture level of a probe: the highest HUMIDITY_n. */
const shallowest = (values: Numbers) =>
  values[
    Object.keys(values)
      .filter((name) => /^HUMIDITY_\d+$/.test(name))
      .sort()
      .at(-1)!
  ]!

const watered = modules.filter((module) => plan.has(module.serial))
const probes = watered.filter((module) => findModel(module.model)!.code !== 'AM-301')

describe('every catalogue model on the demo farm', () => {
  it('has a demo module of every catalogue model', () => {
    const onTheFarm = new Set(modules.map((module) => module.model))
    for (const code of catalogue.keys()) expect(onTheFarm.has(code), code).toBe(true)
  })

  it('publishes every field of its model within range and decimals, every ten minutes of a day', () => {
    const world = newWorld()
    for (let t = 0; t <= 24 * hourMs; t += 10 * minuteMs) {
      const at = after(t)
      world.advanceTo(at)
      for (const module of modules) {
        const model = findModel(module.model)!
        const values = world.read(module.serial, at)
        expect(Object.keys(values).sort(), module.serial).toEqual(model.inputs.map((i) => i.name).sort())
        for (const input of model.inputs) {
          const value = values[input.name]
          const what = `${module.serial} ${input.name} at ${at.toISOString()}`
          if (input.kind === 'output') {
            expect(typeof value, what).toBe('boolean')
            continue
          }
          expect(typeof value, what).toBe('number')
          expect(value as number, what).toBeGreaterThanOrEqual(input.min ?? -Infinity)
          expect(value as number, what).toBeLessThanOrEqual(input.max ?? Infinity)
          expect(
            Number.isInteger(Math.round((value as number) * 10 ** input.decimals * 1e6) / 1e6),
            what,
          ).toBe(true)
        }
      }
    }
  }, 20_000)

  it('lets every probe and the scales dry without irrigation', () => {
    const world = newWorld()
    const first = new Map(
      watered.map((module) => [module.serial, readAt(world, module.serial, after(8 * hourMs))]),
    )
    for (const module of probes) {
      const later = readAt(world, module.serial, after(80 * hourMs))
      expect(shallowest(later), module.serial).toBeLessThan(shallowest(first.get(module.serial)!))
    }
    const scales = serialOf('AM-301')
    expect(readAt(world, scales, after(80 * hourMs)).WEIGHT_SUM_1).toBeLessThan(
      first.get(scales)!.WEIGHT_SUM_1!,
    )
  })

  it('wets every probe when its valve output is open', () => {
    for (const module of probes) {
      const dry = newWorld()
      const wet = newWorld()
      water(wet, module.serial, after(9 * hourMs), 120)
      const check = after(17 * hourMs)
      const [withWater, without] = [readAt(wet, module.serial, check), readAt(dry, module.serial, check)]
      // The shallow sensor feels it first; deep ones only once the water has seeped down.
      expect(shallowest(withWater), module.serial).toBeGreaterThan(shallowest(without) + 0.5)
      for (const name of Object.keys(without).filter((field) => field.startsWith('HUMIDITY_')))
        expect(withWater[name]!, `${module.serial} ${name}`).toBeGreaterThanOrEqual(without[name]! - 0.5)
    }
  })

  it('keeps the relayed and direct soil probes apart: watering one leaves the others dry', () => {
    const dry = newWorld()
    const wet = newWorld()
    const nail = serialOf('AM-100-21')
    water(wet, nail, after(9 * hourMs), 60)
    const check = after(12 * hourMs)
    expect(shallowest(readAt(wet, nail, check))).toBeGreaterThan(shallowest(readAt(dry, nail, check)) + 1)
    const deep = serialOf('AM-100-101')
    expect(readAt(wet, deep, check)).toEqual(readAt(dry, deep, check))
  })
})

describe('the scales (AM-301)', () => {
  const scales = serialOf('AM-301')

  it('weigh the sum of the two tensometers, lose weight through a sunny day and gain it back with irrigation', () => {
    const dry = newWorld()
    const wet = newWorld()
    const morning = readAt(dry, scales, after(6 * hourMs))
    const evening = readAt(dry, scales, after(18 * hourMs))
    expect(morning.WEIGHT_SUM_1).toBeCloseTo(morning.WEIGHT_TENSO_1! + morning.WEIGHT_TENSO_2!, 1)
    expect(evening.WEIGHT_SUM_1).toBeLessThan(morning.WEIGHT_SUM_1! - 0.3)
    expect(evening.HUMI_CALC_1).toBeLessThan(morning.HUMI_CALC_1!)

    water(wet, scales, after(17 * hourMs), 30)
    const irrigated = readAt(wet, scales, after(18 * hourMs))
    expect(irrigated.WEIGHT_SUM_1).toBeGreaterThan(evening.WEIGHT_SUM_1! + 0.5)
    expect(irrigated.HUMI_CALC_1).toBeGreaterThan(evening.HUMI_CALC_1!)
    expect(irrigated.tensometer_1).toBeGreaterThan(evening.tensometer_1!)
    expect(irrigated.tensometer_2).toBeGreaterThan(evening.tensometer_2!)
  })

  it('take the tare and the humidity calibration from the config', () => {
    const plain = newWorld()
    const tared = newWorld()
    const at = after(10 * hourMs)
    tared.configure(scales, { properties: { tara_value: 4, humi_0_weight: 10, humi_100_weight: 30 } }, at)
    const [before, configured] = [readAt(plain, scales, at), readAt(tared, scales, at)]
    expect(configured.WEIGHT_SUM_1).toBeCloseTo(before.WEIGHT_SUM_1! - 4, 1)
    expect(configured.tensometer_1).toBeCloseTo(before.tensometer_1!, -2)
    expect(configured.HUMI_CALC_1).toBeCloseTo((100 * (configured.WEIGHT_SUM_1! - 10)) / 20, 0)
    expect(tared.config(scales)).toEqual({
      properties: { tara_value: 4, humi_0_weight: 10, humi_100_weight: 30 },
    })
  })
})

describe('the substratum probe (AM-100-7, registered as AM-999)', () => {
  const probe = serialOf('AM-100-7')

  it('sees the light follow the sun and reads its battery in per cent', () => {
    const world = newWorld()
    const night = readAt(world, probe, after(1 * hourMs))
    const morning = readAt(world, probe, after(5 * hourMs))
    const noon = readAt(world, probe, after(10.5 * hourMs))
    expect(night.LIGHT_1).toBe(0)
    expect(morning.LIGHT_1).toBeGreaterThan(0)
    expect(noon.LIGHT_1).toBeGreaterThan(morning.LIGHT_1!)
    expect(noon.LIGHT_1).toBeGreaterThan(8000)
    for (const values of [night, noon]) {
      expect(values.BATTERY_1).toBeGreaterThan(15)
      expect(values.BATTERY_1).toBeLessThanOrEqual(100)
    }
    // The greenhouse slab is warmer than the night air and warms further in the sun.
    expect(noon.TEMP_1).toBeGreaterThan(night.TEMP_1!)
  })
})

describe('the output modules (AM-401, AM-411, AM-421)', () => {
  it('switch their catalogue outputs and report them; only the battery module reports a voltage', () => {
    const world = newWorld()
    const at = after(7 * hourMs)
    for (const code of ['AM-401', 'AM-411', 'AM-421']) {
      const serial = serialOf(code)
      const outputs = findModel(code)!.outputs
      world.setOutputs(serial, { [outputs.at(-1)!]: { on: true, minutes: null } }, at)
      const values = readAt(world, serial, at)
      expect(outputs.map((name) => values[name])).toEqual(outputs.map((_, i) => i === outputs.length - 1))
      expect('battvol' in values, code).toBe(code === 'AM-421')
    }
  })
})

describe('the universal module (AM-600)', () => {
  const universal = serialOf('AM-600')
  const valve = 'DEMO-VALVO-0001'

  it('counts the main-line flowmeter while irrigation runs and the anemometer always, never backwards', () => {
    const world = newWorld()
    let previous = readAt(world, universal, start)
    const flowAt: number[] = []
    for (let t = 10 * minuteMs; t <= 24 * hourMs; t += 10 * minuteMs) {
      if (t === 10 * hourMs) world.setOutputs(valve, { o1: { on: true, minutes: 60 } }, after(t))
      world.closeDueOutputs(after(t))
      const values = readAt(world, universal, after(t))
      expect(values.cnt3).toBeGreaterThanOrEqual(previous.cnt3!)
      expect(values.cnt4).toBeGreaterThan(previous.cnt4!)
      expect(values.i3).toBe(values.cnt3! % 65_536)
      expect(values.i4).toBe(values.cnt4! % 65_536)
      for (const name of ['DI_USR_1', 'DI_USR_2', 'DI_USR_3', 'DI_USR_4'])
        expect([0, 1]).toContain(values[name])
      flowAt.push(values.cnt3! - previous.cnt3!)
      previous = values
    }
    // One valve for an hour: 1.5 m³ at 100 pulses a m³; nothing flows the rest of the day.
    expect(flowAt.reduce((sum, pulses) => sum + pulses, 0)).toBeGreaterThanOrEqual(149)
    expect(flowAt.reduce((sum, pulses) => sum + pulses, 0)).toBeLessThanOrEqual(151)
    expect(flowAt.filter((pulses) => pulses > 0)).toHaveLength(6)
  })

  it('reads the main-line pressure and the tank water on its analog inputs, scaled by the config', () => {
    const world = newWorld()
    const idle = readAt(world, universal, after(8 * hourMs))
    world.setOutputs(universal, { o1: { on: true, minutes: null } }, after(8 * hourMs))
    const pumping = readAt(world, universal, after(8 * hourMs + minuteMs))
    expect(idle.ANALOG_USR_1).toBeLessThan(1)
    expect(pumping.ANALOG_USR_1).toBeGreaterThan(3)
    expect(pumping.DI_USR_1).toBe(1)
    expect(pumping.i1).toBe(0)
    expect(pumping.o1).toBe(true)
    expect(pumping.analog1).toBeGreaterThan(idle.analog1!)
    // 4-20 mA read on a 0-20 mA converter: never below 2000.
    expect(idle.analog1).toBeGreaterThanOrEqual(2000)
    expect(pumping.ANALOG_USR_2).toBeGreaterThan(0)
    expect(pumping.ANALOG_USR_2).toBeLessThan(30)

    world.configure(
      universal,
      { inputs: { ANALOG_USR_1: { value_low: 0, value_high: 100 } } },
      after(8 * hourMs + minuteMs),
    )
    const inPsiLike = readAt(world, universal, after(8 * hourMs + 2 * minuteMs))
    expect(inPsiLike.ANALOG_USR_1).toBeCloseTo(10 * pumping.ANALOG_USR_1!, -1)
  })

  it('keeps its board a few degrees above the air', () => {
    const world = newWorld()
    const air = (at: Date) => readAt(world, 'DEMO-ENV-0001', at).TEMP_1!
    for (const hour of [2, 8, 14, 20]) {
      const at = after(hour * hourMs)
      const board = readAt(world, universal, at).btemp!
      expect(board - air(at)).toBeGreaterThan(2)
      expect(board - air(at)).toBeLessThan(10)
    }
  })
})

describe('the weather mast (an AM-600 with a rain gauge and an anemometer)', () => {
  const mast = modules.find((module) => module.behaviour === 'weather_mast')!.serial

  it('tips the rain gauge in wet spells only and turns the anemometer at a breeze, never backwards', () => {
    const world = newWorld()
    let previous = readAt(world, mast, start)
    const rainPerHour: number[] = []
    const windSpeeds: number[] = []
    for (let t = hourMs; t <= 20 * 24 * hourMs; t += hourMs) {
      const values = readAt(world, mast, after(t))
      expect(values.cnt3).toBeGreaterThanOrEqual(previous.cnt3!)
      expect(values.cnt4).toBeGreaterThan(previous.cnt4!)
      expect(values.i3).toBe(values.cnt3! % 65_536)
      rainPerHour.push((values.cnt3! - previous.cnt3!) * 0.2)
      windSpeeds.push(((values.cnt4! - previous.cnt4!) / 3600) * 0.667)
      previous = values
    }
    const wetHours = rainPerHour.filter((millimetres) => millimetres > 0).length
    // About one two-hour spell in ten is wet: some rain in 20 days, but mostly dry hours.
    expect(wetHours).toBeGreaterThan(0)
    expect(wetHours).toBeLessThan(rainPerHour.length / 4)
    expect(Math.max(...rainPerHour)).toBeLessThanOrEqual(2.6)
    expect(Math.min(...windSpeeds)).toBeGreaterThan(0.1)
    expect(Math.max(...windSpeeds)).toBeLessThan(12)
  })
})
