export {
  createFarmSimulator,
  type FarmSimulator,
  type FarmSimulatorOptions,
  simulatorFirmware,
} from './farm-simulator'
export type { SimulatorLogger } from './logger'
