import { type DemoModule, type DeviceModel, findModel } from '@kropla/domain'
import type { OutputBank, OutputChange, OutputName } from '../device/output-bank'
import { createRandom, deriveSeed } from '../physics/random'
import { type Climate, createWeather, warsawClimate } from '../physics/weather'
import { behaviours } from './behaviours'
import { toCatalogueValues } from './catalogue-values'
import { planIrrigation } from './irrigation-plan'
import type { FarmContext, ModuleBehaviour, ModuleConfig, RawValues } from './module-behaviour'

export interface FarmWorldOptions {
  modules: readonly DemoModule[]
  seed: number
  startAt: Date
  climate?: Climate
}

export interface OutputClosing {
  serial: string
  name: OutputName
  at: Date
}

/** The whole simulated farm: shared weather, every module's physics and the outputs that water the soil. */
export interface FarmWorld {
  model(serial: string): DeviceModel
  outputs(serial: string): OutputBank | undefined
  /** Runs the farm's physics on to `at`; a clock that steps back is ignored. */
  advanceTo(at: Date): void
  /** What the module measures at `at`, shaped by its catalogue entry. Call `advanceTo(at)` first. */
  read(serial: string, at: Date): RawValues
  setOutputs(serial: string, changes: Partial<Record<OutputName, OutputChange>>, at: Date): void
  /** Keeps the configuration the server sent (`down/config`); the module measures by it from `at` on. */
  configure(serial: string, config: ModuleConfig, at: Date): void
  /** The configuration the module last accepted, empty until the server sends one. */
  config(serial: string): ModuleConfig
  /** Closes every timed opening due by `at`, each at its own moment so the soil gets exactly its water. */
  closeDueOutputs(at: Date): OutputClosing[]
  nextClosingAt(): Date | null
}

interface SimulatedModule {
  model: DeviceModel
  behaviour: ModuleBehaviour
  config: ModuleConfig
}

export function createFarmWorld(options: FarmWorldOptions): FarmWorld {
  const { modules, seed } = options
  const site = {
    latitude: average(modules.map((module) => module.location.lat)),
    longitude: average(modules.map((module) => module.location.lng)),
  }
  const weather = createWeather(
    site,
    options.climate ?? warsawClimate,
    createRandom(deriveSeed(seed, 'weather')),
  )
  const irrigation = planIrrigation(modules)
  const simulated = new Map<string, SimulatedModule>()
  /** The output banks of the modules that may irrigate, found once the modules are built. */
  const irrigationBanks: OutputBank[] = []
  const farm: FarmContext = {
    weather,
    isIrrigated(serial) {
      const source = irrigation.get(serial)
      return source
        ? (simulated.get(source.valveSerial)?.behaviour.outputs?.isOn(source.output) ?? false)
        : false
    },
    openIrrigationOutputs() {
      let open = 0
      for (const bank of irrigationBanks) open += bank.names.filter((name) => bank.isOn(name)).length
      return open
    },
  }
  for (const module of modules) {
    const model = findModel(module.model)
    const createBehaviour = behaviours.get(module.behaviour ?? module.model)
    if (!model || !createBehaviour) throw new Error(`${module.serial}: no simulated model ${module.model}`)
    const behaviour = createBehaviour(module, createRandom(deriveSeed(seed, module.serial)), farm)
    simulated.set(module.serial, { model, behaviour, config: {} })
    if (model.allowedOutputTypes.includes('irr') && behaviour.outputs) irrigationBanks.push(behaviour.outputs)
  }
  let now = options.startAt.getTime()

  const find = (serial: string) => {
    const found = simulated.get(serial)
    if (!found) throw new Error(`No simulated module ${serial}`)
    return found
  }

  function advanceTo(at: Date) {
    const target = at.getTime()
    if (target <= now) return
    for (const { behaviour } of simulated.values()) behaviour.advance(now, target)
    now = target
  }

  function nextClosing(): OutputClosing | null {
    let next: OutputClosing | null = null
    for (const [serial, { behaviour }] of simulated) {
      const closing = behaviour.outputs?.nextClosing()
      if (closing && (!next || closing.at < next.at)) next = { serial, ...closing }
    }
    return next
  }

  return {
    model: (serial) => find(serial).model,
    outputs: (serial) => find(serial).behaviour.outputs,
    advanceTo,
    read: (serial, at) => {
      const { model, behaviour } = find(serial)
      return toCatalogueValues(model, behaviour.read(at))
    },
    setOutputs(serial, changes, at) {
      const bank = find(serial).behaviour.outputs
      if (!bank) throw new Error(`${serial} has no outputs`)
      advanceTo(at)
      bank.apply(changes, at)
    },
    configure(serial, config, at) {
      const found = find(serial)
      advanceTo(at)
      found.config = config
      found.behaviour.configure?.(config)
    },
    config: (serial) => find(serial).config,
    closeDueOutputs(at) {
      const closed: OutputClosing[] = []
      for (let next = nextClosing(); next && next.at <= at; next = nextClosing()) {
        advanceTo(next.at)
        find(next.serial).behaviour.outputs!.close(next.name)
        closed.push(next)
      }
      return closed
    },
    nextClosingAt: () => nextClosing()?.at ?? null,
  }
}

function average(numbers: readonly number[]): number {
  return numbers.length === 0 ? 0 : numbers.reduce((sum, n) => sum + n, 0) / numbers.length
}
