import { findModel } from '@kropla/domain'
import { createOutputBank } from '../device/output-bank'
import { batteryVoltage, signalStrength } from '../physics/power-and-radio'
import { sunshine } from '../physics/sun'
import type { BehaviourFactory, RawValues } from './module-behaviour'

/**
 * A module that switches outputs: the mains valve module (AM-411, VALVO AC, four outputs), the
 * relay module (AM-401, LUMINO, two) and the battery valve module (AM-421, VALVO DC, four
 * latching valves and its battery voltage). The outputs and the battery come from the catalogue.
 */
export const createValveModule: BehaviourFactory = (module, random, farm) => {
  const model = findModel(module.model)
  const outputs = createOutputBank(model?.outputs ?? [])
  const hasBattery = model?.inputs.some((input) => input.name === 'battvol') ?? false
  const signalPhase = random() * 2 * Math.PI
  const batteryPhase = random() * 2 * Math.PI

  return {
    outputs,
    advance() {},
    read(at) {
      const values: RawValues = { ...outputs.snapshot() }
      if (hasBattery)
        values.battvol = batteryVoltage(at, batteryPhase, sunshine(at, farm.weather.site), random)
      values.sigstr = signalStrength(at, signalPhase, random)
      values.comm = 1
      return values
    },
  }
}
