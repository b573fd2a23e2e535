export { enviro, justice } from './air-and-scales'
export { lumino, universal, valvoAc, valvoDc } from './control'
export {
  doubleNailProbe,
  nailProbe,
  substratumProbe,
  terraSoloLong,
  terraSoloShort,
  terraTrio,
  terraWg,
} from './soil-probes'
export { nucleus } from './stations'
