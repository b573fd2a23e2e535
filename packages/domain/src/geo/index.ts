export * from './bearing'
export * from './geodesic'
export * from './map-settings'
export * from './place'
