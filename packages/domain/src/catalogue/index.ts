export * from './catalogue'
export * from './equipment'
export * from './properties-schema'
export * from './types'
