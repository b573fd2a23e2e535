/**
 * The simulated demo farm: one definition used by the server's seed (`DEMO=1`), the simulator,
 * the integration tests and the browser journeys.
 */
export interface DemoModule {
  serial: string
  pin: string
  model: string
  name: string
  location: { lng: number; lat: number }
  /** Serial of the base station that relays this module's readings, when it has one. */
  baseStation?: string
}

export const demoFarm = {
  clientName: 'Demo Farm Kropla',
  user: { email: 'demo@kropla.app', password: 'Kropla-demo-1', name: 'Anna', familyName: 'Nowak' },
  modules: [
    {
      serial: 'DEMO-AGB-0001',
      pin: '4821',
      model: 'AGB-2000',
      name: 'Base station',
      location: { lng: 21.012, lat: 52.229 },
    },
    {
      serial: 'DEMO-TRIO-0001',
      pin: '1934',
      model: 'AM-100-103',
      name: 'Tomato field probe',
      location: { lng: 21.015, lat: 52.231 },
    },
    {
      serial: 'DEMO-TRIO-0002',
      pin: '7719',
      model: 'AM-100-103',
      name: 'Orchard probe',
      location: { lng: 21.02, lat: 52.227 },
      baseStation: 'DEMO-AGB-0001',
    },
    {
      serial: 'DEMO-ENV-0001',
      pin: '5502',
      model: 'AM-200',
      name: 'Greenhouse air',
      location: { lng: 21.011, lat: 52.23 },
    },
    {
      serial: 'DEMO-VALVO-0001',
      pin: '3307',
      model: 'AM-411',
      name: 'Field valves',
      location: { lng: 21.016, lat: 52.23 },
    },
  ] satisfies DemoModule[],
} as const
