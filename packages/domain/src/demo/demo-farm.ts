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
  /** The simulated behaviour when it is not the model's usual one (an AM-600 on a weather mast). */
  behaviour?: 'weather_mast'
}

/** Input equipment the demo account has wired to a module terminal (spec 02 section 3.6). */
export interface DemoEquipment {
  serial: string
  field_name: string
  name: string
  kind: 'counter_input'
  type: string
  properties: Record<string, number>
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
    // One module of every other catalogue model. The simulator waters the probes and scales from
    // the irrigation outputs in this order: VALVO o3, o4, then the VALVO DC's o1..o4, then VALVO o1
    // again (the LTE-M probe stands beside the tomato field probe).
    {
      serial: 'DEMO-SOLO-0001',
      pin: '6142',
      model: 'AM-100-101',
      name: 'Potato field deep probe',
      location: { lng: 21.018, lat: 52.232 },
      baseStation: 'DEMO-AGB-0001',
    },
    {
      serial: 'DEMO-SOLO-0002',
      pin: '2857',
      model: 'AM-100-051',
      name: 'Strawberry bed probe',
      location: { lng: 21.013, lat: 52.226 },
      baseStation: 'DEMO-AGB-0001',
    },
    {
      serial: 'DEMO-NAIL-0001',
      pin: '9031',
      model: 'AM-100-21',
      name: 'Lettuce bed probe',
      location: { lng: 21.009, lat: 52.228 },
      baseStation: 'DEMO-AGB-0001',
    },
    {
      serial: 'DEMO-NAIL-0002',
      pin: '4476',
      model: 'AM-100-22',
      name: 'Raspberry row probe',
      location: { lng: 21.022, lat: 52.229 },
      baseStation: 'DEMO-AGB-0001',
    },
    {
      serial: 'DEMO-SUBS-0001',
      pin: '3698',
      model: 'AM-999',
      name: 'Cucumber slab probe',
      location: { lng: 21.0105, lat: 52.2302 },
    },
    {
      serial: 'DEMO-SCALE-0001',
      pin: '8213',
      model: 'AM-301',
      name: 'Cucumber slab scales',
      location: { lng: 21.0108, lat: 52.2299 },
    },
    {
      serial: 'DEMO-WG-0001',
      pin: '5064',
      model: 'WG-100',
      name: 'Tomato field LTE probe',
      location: { lng: 21.0155, lat: 52.2314 },
    },
    {
      serial: 'DEMO-VALVO-0002',
      pin: '1587',
      model: 'AM-421',
      name: 'Drip line valves',
      location: { lng: 21.0112, lat: 52.2304 },
    },
    {
      serial: 'DEMO-LUMI-0001',
      pin: '7340',
      model: 'AM-401',
      name: 'Greenhouse lights',
      location: { lng: 21.0115, lat: 52.2298 },
    },
    {
      serial: 'DEMO-UNI-0001',
      pin: '2619',
      model: 'AM-600',
      name: 'Pump house',
      location: { lng: 21.014, lat: 52.2285 },
    },
    // A second universal module on a weather mast: the farm's rain gauge and anemometer.
    {
      serial: 'DEMO-UNI-0002',
      pin: '8846',
      model: 'AM-600',
      name: 'Weather mast',
      location: { lng: 21.0175, lat: 52.2335 },
      behaviour: 'weather_mast',
    },
  ] satisfies DemoModule[],
  /** The weather mast's inputs: 0.2 mm a tip, 0.667 m/s for one pulse a second, running totals. */
  equipment: [
    {
      serial: 'DEMO-UNI-0002',
      field_name: 'DI_USR_3',
      name: 'Rain gauge',
      kind: 'counter_input',
      type: 'udometer',
      properties: { udo_units: 0, multiplier: 0.2, counter_type: 1 },
    },
    {
      serial: 'DEMO-UNI-0002',
      field_name: 'DI_USR_4',
      name: 'Anemometer',
      kind: 'counter_input',
      type: 'anemometer_speed_count',
      properties: { anemo_speed_units: 0, multiplier: 0.667, counter_type: 1 },
    },
  ] satisfies DemoEquipment[],
  /** /settings/weather of the demo account: the air sensor and the mast's inputs. */
  weather: { air: 'DEMO-ENV-0001', rain: ['DEMO-UNI-0002', 'DI_USR_3'], wind: ['DEMO-UNI-0002', 'DI_USR_4'] },
} as const
