import { type DemoModule, findModel } from '@kropla/domain'
import type { OutputName } from '../device/output-bank'

export interface WateringOutput {
  valveSerial: string
  output: OutputName
}

/** Soil and substrate probes, and scales weighing a watered slab. */
const isWatered = (module: DemoModule) =>
  findModel(module.model)?.inputs.some((input) => /^(HUMIDITY|WEIGHT_SUM)_\d+$/.test(input.name)) ?? false

const canIrrigate = (module: DemoModule) =>
  findModel(module.model)?.allowedOutputTypes.includes('irr') ?? false

/**
 * Which valve output waters the spot of each soil probe (or scales): the probes take the farm's
 * irrigation outputs in turn (first probe o1 of the first valve module, second probe o2, ...),
 * wrapping round when there are more probes than outputs. Probes left without one are never watered.
 */
export function planIrrigation(modules: readonly DemoModule[]): Map<string, WateringOutput> {
  const outputs = modules
    .filter(canIrrigate)
    .flatMap((valve) =>
      (findModel(valve.model)?.outputs ?? []).map((output) => ({ valveSerial: valve.serial, output })),
    )
  const plan = new Map<string, WateringOutput>()
  if (outputs.length === 0) return plan
  modules.filter(isWatered).forEach((probe, i) => {
    plan.set(probe.serial, outputs[i % outputs.length]!)
  })
  return plan
}
