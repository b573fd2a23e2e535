export * from './expansion'
export * from './schedule'
export * from './statuses'
export * from './wire'
