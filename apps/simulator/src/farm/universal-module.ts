import { findModel } from '@kropla/domain'
import { createOutputBank } from '../device/output-bank'
import { batteryVoltage, signalStrength, slowWave } from '../physics/power-and-radio'
import { createRandom, deriveSeed, noise } from '../physics/random'
import { soilTemperature } from '../physics/soil-temperature'
import { solarHour, sunshine } from '../physics/sun'
import type { BehaviourFactory, ModuleConfig } from './module-behaviour'
import { inputSetting } from './module-config'

const hourMs = 3_600_000
/** m³/h through the main line for each open irrigation valve of the farm, and for the module's own pump (o1). */
const flowPerValve = 1.5
const flowOfPump = 3
/** Flowmeter on DI 3: one pulse per 10 litres. */
const pulsesPerM3 = 100
/** Cup anemometer on DI 4: one pulse a second at 0.667 m/s of wind. */
const anemometerMetresPerPulse = 0.667
/** bar in the main line: what the tank's head gives at rest, and what the pump adds while water flows. */
const staticPressure = 0.4
const flowingPressure = 3.2
/** Factory wiring of the demo module's analog inputs, until the config sets value_low/value_high. */
const analogDefaults = {
  ANALOG_USR_1: { low: 0, high: 10 }, // pressure transmitter 4-20 mA, 0-10 bar
  ANALOG_USR_2: { low: 0, high: 50 }, // water thermometer 0-10 V, 0-50 °C
}
/** Hours of integration step for the wind, whose speed changes through the day. */
const windStepHours = 1 / 6
/** The hardware counters behind i3 and i4 are 16 bits wide; cnt3 and cnt4 carry the running total. */
const counterRegister = 65_536

/** The user's scaling of an analog input: value_low at the bottom of the signal, value_high at the top. */
function scaled(config: ModuleConfig, field: keyof typeof analogDefaults, fraction: number): number {
  const low = inputSetting(config, field, 'value_low') ?? analogDefaults[field].low
  const high = inputSetting(config, field, 'value_high') ?? analogDefaults[field].high
  const multiplier = inputSetting(config, field, 'multiplier') ?? 1
  return (low + (high - low) * fraction) * multiplier
}

/**
 * The universal module (AM-600) in the pump house: o1 drives the pump and o2 the house light;
 * DI 1 reads the pump contactor back, DI 2 the door contact, DI 3 counts a flowmeter on the main
 * line (water flows whenever a farm irrigation valve is open or the pump runs) and DI 4 a cup
 * anemometer on the roof. Analog 1 is a 4-20 mA pressure transmitter on the main line, analog 2 a
 * 0-10 V thermometer in the water tank. analog1/2 are the raw converter readings (0-10000 of
 * full scale), i1..i4 the raw interface registers, btemp the board inside its enclosure.
 */
export const createUniversalModule: BehaviourFactory = (module, random, farm) => {
  const outputs = createOutputBank(findModel(module.model)?.outputs ?? [])
  const { weather } = farm
  const doorSeed = deriveSeed(Math.floor(random() * 2 ** 32), 'door')
  const windPhase = random() * 2 * Math.PI
  const batteryPhase = random() * 2 * Math.PI
  const signalPhase = random() * 2 * Math.PI
  // Counters installed some time ago: they do not start from zero.
  let flowPulses = Math.floor(20_000 + 30_000 * random())
  let windPulses = Math.floor(1_000_000 * random())
  let config: ModuleConfig = {}

  const flowM3PerHour = () =>
    flowPerValve * farm.openIrrigationOutputs() + (outputs.isOn('o1') ? flowOfPump : 0)

  /** m/s: a breeze that freshens as fronts pass and as the sun stirs the air in the afternoon. */
  const windSpeed = (at: Date) =>
    Math.max(0.3, 2.6 + 1.4 * slowWave(at, 3.1, windPhase) + 2 * sunshine(at, weather.site))

  /** The pump-house door stands open for a few minutes in some working hours. */
  const doorOpen = (at: Date) => {
    const hour = solarHour(at, weather.site.longitude)
    if (hour < 7 || hour >= 17) return false
    const hourIndex = Math.floor(at.getTime() / hourMs)
    const visited = createRandom(deriveSeed(doorSeed, String(hourIndex)))() < 0.3
    return visited && (at.getTime() % hourMs) / 60_000 < 12
  }

  return {
    outputs,
    configure(next) {
      config = next
    },
    advance(fromMs, toMs) {
      // Outputs only change between calls, so the flow is steady over the whole interval.
      flowPulses += ((flowM3PerHour() * (toMs - fromMs)) / hourMs) * pulsesPerM3
      for (let time = fromMs; time < toMs; ) {
        const stepMs = Math.min(toMs - time, windStepHours * hourMs)
        const speed = windSpeed(new Date(time + stepMs / 2))
        windPulses += ((speed / anemometerMetresPerPulse) * stepMs) / 1000
        time += stepMs
      }
    },
    read(at) {
      const pumpRunning = outputs.isOn('o1')
      const flowing = flowM3PerHour() > 0
      const pressure = Math.max(0, staticPressure + (flowing ? flowingPressure : 0) + noise(random, 0.03))
      const loopMilliamps = 4 + (16 * Math.min(10, pressure)) / 10
      const tankWater = soilTemperature(80, at, weather.temperatureParts) + noise(random, 0.05)
      const thermometerVolts = Math.min(10, Math.max(0, tankWater / 5))
      const door = doorOpen(at)
      const cnt3 = Math.floor(flowPulses)
      const cnt4 = Math.floor(windPulses)
      const sun = sunshine(at, weather.site)
      return {
        DI_USR_1: pumpRunning ? 1 : 0,
        DI_USR_2: door ? 1 : 0,
        DI_USR_3: cnt3 % 2,
        DI_USR_4: cnt4 % 2,
        ANALOG_USR_1: scaled(config, 'ANALOG_USR_1', (loopMilliamps - 4) / 16),
        ANALOG_USR_2: scaled(config, 'ANALOG_USR_2', thermometerVolts / 10),
        // The converters read 0-20 mA and 0-10 V as 0-10000.
        analog1: Math.round((loopMilliamps / 20) * 10_000),
        analog2: Math.round(thermometerVolts * 1000),
        cnt3,
        cnt4,
        // The contacts are wired normally closed: the raw level is the inverse of the user value.
        i1: pumpRunning ? 0 : 1,
        i2: door ? 0 : 1,
        i3: cnt3 % counterRegister,
        i4: cnt4 % counterRegister,
        btemp: weather.airTemperature(at) + 3 + 6 * sun + noise(random, 0.1),
        ...outputs.snapshot(),
        battvol: batteryVoltage(at, batteryPhase, sun, random),
        sigstr: signalStrength(at, signalPhase, random),
        comm: 1,
      }
    },
  }
}
