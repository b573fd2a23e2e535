export * from './me-fixture'
