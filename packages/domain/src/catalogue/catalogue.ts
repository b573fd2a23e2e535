import {
  doubleNailProbe,
  enviro,
  justice,
  lumino,
  nailProbe,
  nucleus,
  substratumProbe,
  terraSoloLong,
  terraSoloShort,
  terraTrio,
  terraWg,
  universal,
  valvoAc,
  valvoDc,
} from './models'
import type { DeviceModel, InputField } from './types'

export { configurableInputProperties, inputLabelProperties } from './fields'

/** The 14 models of spec 02 section 3.1, in the spec's order. */
const models: readonly DeviceModel[] = [
  terraSoloLong,
  terraTrio,
  terraSoloShort,
  nailProbe,
  doubleNailProbe,
  enviro,
  justice,
  lumino,
  valvoAc,
  valvoDc,
  universal,
  substratumProbe,
  terraWg,
  nucleus,
]

/** Every model the server accepts, keyed by the code a module registers under. */
export const catalogue: ReadonlyMap<string, DeviceModel> = new Map(
  models.map((model) => [model.registeredAs ?? model.code, model]),
)

export const modelCodes = [...catalogue.keys()]

/** Catalogue codes that differ from the registered one (AM-100-7 registers as AM-999). */
const aliases: ReadonlyMap<string, string> = new Map(
  models.flatMap((model) => (model.registeredAs ? [[model.code, model.registeredAs] as const] : [])),
)

/** The model a module registers under, or the one a catalogue code names. */
export function findModel(code: string): DeviceModel | undefined {
  return catalogue.get(code) ?? catalogue.get(aliases.get(code) ?? '')
}

export function findInput(model: DeviceModel, field: string): InputField | undefined {
  return model.inputs.find((input) => input.name === field)
}
