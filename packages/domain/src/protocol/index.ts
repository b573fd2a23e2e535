export * from './broker-rights'
export * from './payloads'
export * from './topics'
export * from './validate-readings'
