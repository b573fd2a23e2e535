/** The farm map for other features (the dashboards' map widget): `<FarmMap height={320} readOnly />`. */
export { FarmMap, type FarmMapProps, useFarmMap } from './FarmMap'
