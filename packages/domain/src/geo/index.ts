export * from './geodesic'
export * from './map-settings'
