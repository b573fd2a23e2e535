export * from './dates'
export * from './text'
