export * from './report-request'
export * from './report-result'
export * from './report-templates'
export * from './report-types'
