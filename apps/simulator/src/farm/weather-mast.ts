import { findModel } from '@kropla/domain'
import { createOutputBank } from '../device/output-bank'
import { batteryVoltage, signalStrength, slowWave } from '../physics/power-and-radio'
import { createRandom, deriveSeed, noise } from '../physics/random'
import { sunshine } from '../physics/sun'
import type { BehaviourFactory } from './module-behaviour'

const hourMs = 3_600_000
/** Tipping-bucket rain gauge on DI 3: one tip (pulse) for 0.2 mm of rain. */
export const rainMillimetresPerPulse = 0.2
/** Cup anemometer on DI 4: one pulse a second at 0.667 m/s of wind. */
export const anemometerMetresPerPulse = 0.667
/** Showers come in spells of two hours; about one spell in ten is wet. */
const spellMs = 2 * hourMs
const wetSpellChance = 0.1
/** mm/h of a wet spell: from drizzle to a downpour. */
const rainRates = { low: 0.2, high: 2.4 }
/** Integration step: the wind changes through the day, the rain from spell to spell. */
const stepMs = 10 * 60_000
/** The hardware counters behind i3 and i4 are 16 bits wide; cnt3 and cnt4 carry the running total. */
const counterRegister = 65_536

/**
 * A universal module (AM-600) on a weather mast beside the field: DI 3 counts a tipping-bucket
 * rain gauge, DI 4 a cup anemometer. Rain falls in seeded two-hour spells; the wind freshens as
 * fronts pass and as the sun stirs the air in the afternoon, with gusts. Its outputs stay idle.
 */
export const createWeatherMast: BehaviourFactory = (module, random, farm) => {
  const outputs = createOutputBank(findModel(module.model)?.outputs ?? [])
  const { weather } = farm
  const rainSeed = deriveSeed(Math.floor(random() * 2 ** 32), 'rain')
  const windPhase = random() * 2 * Math.PI
  const batteryPhase = random() * 2 * Math.PI
  const signalPhase = random() * 2 * Math.PI
  // Counters installed some time ago: they do not start from zero.
  let rainPulses = Math.floor(5_000 * random())
  let windPulses = Math.floor(1_000_000 * random())

  /** mm/h of rain at a moment: 0 in a dry spell. */
  const rainRate = (at: number) => {
    const spell = createRandom(deriveSeed(rainSeed, String(Math.floor(at / spellMs))))
    if (spell() >= wetSpellChance) return 0
    return rainRates.low + (rainRates.high - rainRates.low) * spell()
  }
  /** m/s: the mean wind, a little stronger up the mast than at the pump house. */
  const windSpeed = (at: Date) =>
    Math.max(0.3, 3 + 1.6 * slowWave(at, 3.1, windPhase) + 2.2 * sunshine(at, weather.site))

  return {
    outputs,
    advance(fromMs, toMs) {
      for (let time = fromMs; time < toMs; ) {
        const step = Math.min(toMs - time, stepMs)
        const middle = time + step / 2
        rainPulses += (rainRate(middle) * step) / hourMs / rainMillimetresPerPulse
        // Gusts: the speed of each step wanders around the mean by up to a third.
        const speed = Math.max(0, windSpeed(new Date(middle)) * (1 + noise(random, 0.12)))
        windPulses += ((speed / anemometerMetresPerPulse) * step) / 1000
        time += step
      }
    },
    read(at) {
      const cnt3 = Math.floor(rainPulses)
      const cnt4 = Math.floor(windPulses)
      const sun = sunshine(at, weather.site)
      return {
        DI_USR_1: 0,
        DI_USR_2: 0,
        DI_USR_3: cnt3 % 2,
        DI_USR_4: cnt4 % 2,
        ANALOG_USR_1: 0,
        ANALOG_USR_2: 0,
        analog1: 0,
        analog2: 0,
        cnt3,
        cnt4,
        i1: 1,
        i2: 1,
        i3: cnt3 % counterRegister,
        i4: cnt4 % counterRegister,
        btemp: weather.airTemperature(at) + 2 + 8 * sun + noise(random, 0.1),
        ...outputs.snapshot(),
        battvol: batteryVoltage(at, batteryPhase, sun, random),
        sigstr: signalStrength(at, signalPhase, random),
        comm: 1,
      }
    },
  }
}
