import { enviro, nucleus, terraTrio, valvoAc } from './models'
import type { DeviceModel, InputField } from './types'

/** Every model the server accepts, keyed by the code a module registers under. */
export const catalogue: ReadonlyMap<string, DeviceModel> = new Map(
  [nucleus, terraTrio, enviro, valvoAc].map((model) => [model.registeredAs ?? model.code, model]),
)

export const modelCodes = [...catalogue.keys()]

export function findModel(code: string): DeviceModel | undefined {
  return catalogue.get(code)
}

export function findInput(model: DeviceModel, field: string): InputField | undefined {
  return model.inputs.find((input) => input.name === field)
}
