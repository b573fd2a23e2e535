export * from './dashboards'
export * from './widget-irrigation'
