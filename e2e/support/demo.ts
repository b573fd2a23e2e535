/**
 * What the journeys expect of the demo farm (`DEMO=1` seeds it from packages/domain/src/demo/demo-farm.ts).
 * Written out here on purpose: the journeys test the product from the outside, the way a visitor who
 * read the README would use it.
 */
export const demoUser = { email: 'demo@kropla.app', password: 'Kropla-demo-1', fullName: 'Anna Nowak' }

export const demoSerials = [
  'DEMO-AGB-0001',
  'DEMO-TRIO-0001',
  'DEMO-TRIO-0002',
  'DEMO-ENV-0001',
  'DEMO-VALVO-0001',
] as const
