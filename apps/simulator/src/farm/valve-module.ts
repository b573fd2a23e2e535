import { findModel } from '@kropla/domain'
import { createOutputBank } from '../device/output-bank'
import { signalStrength } from '../physics/power-and-radio'
import type { BehaviourFactory } from './module-behaviour'

/** A mains-powered valve module (AM-411, VALVO AC): four outputs, no battery. */
export const createValveModule: BehaviourFactory = (module, random) => {
  const outputs = createOutputBank(findModel(module.model)?.outputs ?? [])
  const signalPhase = random() * 2 * Math.PI

  return {
    outputs,
    advance() {},
    read(at) {
      return { ...outputs.snapshot(), sigstr: signalStrength(at, signalPhase, random), comm: 1 }
    },
  }
}
