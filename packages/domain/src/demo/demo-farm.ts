import { z } from 'zod'
import type { OutputField, OutputType } from '../catalogue/types'
import { deviceSecretSchema } from '../fleet/device-secret'
import { serialSchema } from '../fleet/fleet-module'

/**
 * The simulated demo farm: one definition used by the server's seed (`DEMO=1`), the simulator,
 * the integration tests and the browser journeys. Names are given in English (`name`) and Polish
 * (`name_pl`): the demo account is labelled in the language of whoever uses it (ADR 0071).
 */
export interface DemoModule {
  serial: string
  pin: string
  model: string
  name: string
  name_pl: string
  /** What each output drives: its name and type (and the type's properties) on the demo account. */
  outputs?: readonly DemoOutput[]
  location: { lng: number; lat: number }
  /** Serial of the base station that relays this module's readings, when it has one. */
  baseStation?: string
  /** The simulated behaviour when it is not the model's usual one (an AM-600 on a weather mast). */
  behaviour?: 'weather_mast'
}

export interface DemoOutput {
  field: OutputField
  type: OutputType
  name: string
  name_pl: string
  /** The type's properties (m³/h, ha); the rest take the type's defaults. */
  properties?: Record<string, number>
}

/** Input equipment the demo account has wired to a module terminal (spec 02 section 3.6). */
export interface DemoEquipment {
  serial: string
  field_name: string
  name: string
  name_pl: string
  kind: 'counter_input'
  type: string
  properties: Record<string, number>
}

/** A group of the demo's outputs, each named by its module's serial and terminal. */
export interface DemoGroup {
  name: string
  name_pl: string
  outputs: readonly (readonly [serial: string, field: OutputField])[]
}

/** An irrigation section of the demo (spec 01 section 3): type 0 field, 1 greenhouse, 2 tunnel; its groups by English name. */
export interface DemoSection {
  name: string
  name_pl: string
  type: 0 | 1 | 2
  area: number
  flow: number
  soil_type: number | null
  plant: number | null
  groups: readonly string[]
}

/**
 * The demo modules' device secrets (ADR 0087): drawn at random by the server's demo seed for each
 * installation, never fixed in the source, and written to this file in the data directory (readable
 * by its owner only), from which the simulator reads them as real modules carry theirs in flash.
 * The simulator writes a secret it gets over `down/credentials` back into it. `{"serial": "secret"}`.
 */
export const demoModuleSecretsFile = 'demo-module-secrets.json'
export const demoModuleSecretsSchema = z.record(serialSchema, deviceSecretSchema)
export type DemoModuleSecrets = z.infer<typeof demoModuleSecretsSchema>

/** A demo name in a language: `name` in English, `name_pl` in Polish. */
export function demoName(item: { name: string; name_pl: string }, lang: 'en' | 'pl'): string {
  return lang === 'pl' ? item.name_pl : item.name
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
      name_pl: 'Stacja bazowa',
      location: { lng: 21.012, lat: 52.229 },
    },
    {
      serial: 'DEMO-TRIO-0001',
      pin: '1934',
      model: 'AM-100-103',
      name: 'Tomato field probe',
      name_pl: 'Sonda – pole pomidorów',
      location: { lng: 21.015, lat: 52.231 },
    },
    {
      serial: 'DEMO-TRIO-0002',
      pin: '7719',
      model: 'AM-100-103',
      name: 'Orchard probe',
      name_pl: 'Sonda – sad',
      location: { lng: 21.02, lat: 52.227 },
      baseStation: 'DEMO-AGB-0001',
    },
    {
      serial: 'DEMO-ENV-0001',
      pin: '5502',
      model: 'AM-200',
      name: 'Greenhouse air',
      name_pl: 'Powietrze w szklarni',
      location: { lng: 21.011, lat: 52.23 },
    },
    {
      serial: 'DEMO-VALVO-0001',
      pin: '3307',
      model: 'AM-411',
      name: 'Field valves',
      name_pl: 'Zawory polowe',
      outputs: [
        {
          field: 'o1',
          type: 'irr',
          name: 'Valve – tomato field',
          name_pl: 'Zawór – pole pomidorów',
          properties: { flow: 1.5, area: 0.8 },
        },
        {
          field: 'o2',
          type: 'irr',
          name: 'Valve – orchard',
          name_pl: 'Zawór – sad',
          properties: { flow: 1.5, area: 1.2 },
        },
        {
          field: 'o3',
          type: 'irr',
          name: 'Valve – potato field',
          name_pl: 'Zawór – pole ziemniaków',
          properties: { flow: 1.5, area: 1.5 },
        },
        {
          field: 'o4',
          type: 'irr',
          name: 'Valve – strawberry bed',
          name_pl: 'Zawór – zagon truskawek',
          properties: { flow: 1.5, area: 0.3 },
        },
      ],
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
      name_pl: 'Głęboka sonda – pole ziemniaków',
      location: { lng: 21.018, lat: 52.232 },
      baseStation: 'DEMO-AGB-0001',
    },
    {
      serial: 'DEMO-SOLO-0002',
      pin: '2857',
      model: 'AM-100-051',
      name: 'Strawberry bed probe',
      name_pl: 'Sonda – zagon truskawek',
      location: { lng: 21.013, lat: 52.226 },
      baseStation: 'DEMO-AGB-0001',
    },
    {
      serial: 'DEMO-NAIL-0001',
      pin: '9031',
      model: 'AM-100-21',
      name: 'Lettuce bed probe',
      name_pl: 'Sonda – zagon sałaty',
      location: { lng: 21.009, lat: 52.228 },
      baseStation: 'DEMO-AGB-0001',
    },
    {
      serial: 'DEMO-NAIL-0002',
      pin: '4476',
      model: 'AM-100-22',
      name: 'Raspberry row probe',
      name_pl: 'Sonda – rząd malin',
      location: { lng: 21.022, lat: 52.229 },
      baseStation: 'DEMO-AGB-0001',
    },
    {
      serial: 'DEMO-SUBS-0001',
      pin: '3698',
      model: 'AM-999',
      name: 'Cucumber slab probe',
      name_pl: 'Sonda – maty ogórków',
      location: { lng: 21.0105, lat: 52.2302 },
    },
    {
      serial: 'DEMO-SCALE-0001',
      pin: '8213',
      model: 'AM-301',
      name: 'Cucumber slab scales',
      name_pl: 'Waga – maty ogórków',
      location: { lng: 21.0108, lat: 52.2299 },
    },
    {
      serial: 'DEMO-WG-0001',
      pin: '5064',
      model: 'WG-100',
      name: 'Tomato field LTE probe',
      name_pl: 'Sonda LTE – pole pomidorów',
      location: { lng: 21.0155, lat: 52.2314 },
    },
    {
      serial: 'DEMO-VALVO-0002',
      pin: '1587',
      model: 'AM-421',
      name: 'Drip line valves',
      name_pl: 'Zawory linii kroplującej',
      outputs: [
        {
          field: 'o1',
          type: 'irr',
          name: 'Valve – lettuce bed',
          name_pl: 'Zawór – zagon sałaty',
          properties: { flow: 1.5, area: 0.2 },
        },
        {
          field: 'o2',
          type: 'irr',
          name: 'Valve – raspberry row',
          name_pl: 'Zawór – rząd malin',
          properties: { flow: 1.5, area: 0.4 },
        },
        {
          field: 'o3',
          type: 'irr',
          name: 'Drip line – cucumber slabs A',
          name_pl: 'Linia kroplująca – maty ogórków A',
          properties: { flow: 1.5, area: 0.1 },
        },
        {
          field: 'o4',
          type: 'irr',
          name: 'Drip line – cucumber slabs B',
          name_pl: 'Linia kroplująca – maty ogórków B',
          properties: { flow: 1.5, area: 0.1 },
        },
      ],
      location: { lng: 21.0112, lat: 52.2304 },
    },
    {
      serial: 'DEMO-LUMI-0001',
      pin: '7340',
      model: 'AM-401',
      name: 'Greenhouse lights',
      name_pl: 'Oświetlenie szklarni',
      outputs: [
        { field: 'o1', type: 'light', name: 'Grow lights – greenhouse', name_pl: 'Doświetlanie szklarni' },
        { field: 'o2', type: 'fan', name: 'Greenhouse fan', name_pl: 'Wentylator szklarni' },
      ],
      location: { lng: 21.0115, lat: 52.2298 },
    },
    {
      serial: 'DEMO-UNI-0001',
      pin: '2619',
      model: 'AM-600',
      name: 'Pump house',
      name_pl: 'Pompownia',
      outputs: [
        { field: 'o1', type: 'pump', name: 'Main pump', name_pl: 'Pompa główna', properties: { flow: 3 } },
        { field: 'o2', type: 'light', name: 'Pump house light', name_pl: 'Światło w pompowni' },
      ],
      location: { lng: 21.014, lat: 52.2285 },
    },
    // A second universal module on a weather mast: the farm's rain gauge and anemometer.
    {
      serial: 'DEMO-UNI-0002',
      pin: '8846',
      model: 'AM-600',
      name: 'Weather mast',
      name_pl: 'Maszt pogodowy',
      outputs: [
        { field: 'o1', type: 'light', name: 'Mast warning light', name_pl: 'Lampa ostrzegawcza masztu' },
        { field: 'o2', type: 'other', name: 'Spare output', name_pl: 'Wyjście zapasowe' },
      ],
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
      name_pl: 'Deszczomierz',
      kind: 'counter_input',
      type: 'udometer',
      properties: { udo_units: 0, multiplier: 0.2, counter_type: 1 },
    },
    {
      serial: 'DEMO-UNI-0002',
      field_name: 'DI_USR_4',
      name: 'Anemometer',
      name_pl: 'Wiatromierz',
      kind: 'counter_input',
      type: 'anemometer_speed_count',
      properties: { anemo_speed_units: 0, multiplier: 0.667, counter_type: 1 },
    },
  ] satisfies DemoEquipment[],
  /** Groups of outputs, so manual control and schedules can open a bed's valves together. */
  groups: [
    {
      name: 'Field beds',
      name_pl: 'Zagony polowe',
      outputs: [
        ['DEMO-VALVO-0001', 'o1'],
        ['DEMO-VALVO-0001', 'o2'],
        ['DEMO-VALVO-0001', 'o3'],
        ['DEMO-VALVO-0001', 'o4'],
      ],
    },
    {
      name: 'Lettuce and raspberries',
      name_pl: 'Sałata i maliny',
      outputs: [
        ['DEMO-VALVO-0002', 'o1'],
        ['DEMO-VALVO-0002', 'o2'],
      ],
    },
    {
      name: 'Cucumber drip lines',
      name_pl: 'Linie kroplujące ogórków',
      outputs: [
        ['DEMO-VALVO-0002', 'o3'],
        ['DEMO-VALVO-0002', 'o4'],
      ],
    },
    {
      name: 'Greenhouse climate',
      name_pl: 'Klimat szklarni',
      outputs: [
        ['DEMO-LUMI-0001', 'o1'],
        ['DEMO-LUMI-0001', 'o2'],
      ],
    },
  ] satisfies DemoGroup[],
  /** Irrigation sections: the open field, the cucumber greenhouse and the tunnel (plants 4 tomatoes, 5 cucumbers). */
  sections: [
    {
      name: 'Open field',
      name_pl: 'Pole otwarte',
      type: 0,
      area: 3.8,
      flow: 6,
      soil_type: 2,
      plant: null,
      groups: ['Field beds'],
    },
    {
      name: 'Cucumber greenhouse',
      name_pl: 'Szklarnia ogórków',
      type: 1,
      area: 0.2,
      flow: 3,
      soil_type: null,
      plant: 5,
      groups: ['Cucumber drip lines'],
    },
    {
      name: 'Tunnel: lettuce and raspberries',
      name_pl: 'Tunel: sałata i maliny',
      type: 2,
      area: 0.6,
      flow: 3,
      soil_type: 3,
      plant: null,
      groups: ['Lettuce and raspberries'],
    },
  ] satisfies DemoSection[],
  /**
   * Manufactured and in the fleet but on no account: registration (`#/register`) or Add module can
   * be tried end to end with it (README, Quick start), its PIN being the claim code. Not simulated:
   * it sends nothing until added. Made "before secrets", it would log in with its PIN: the
   * operator's list of modules still on PIN logins shows it.
   */
  unactivated: { serial: 'DEMO-NEW-0001', pin: '2468', model: 'AM-100-103' },
  /** /settings/weather of the demo account: the air sensor and the mast's inputs. */
  weather: { air: 'DEMO-ENV-0001', rain: ['DEMO-UNI-0002', 'DI_USR_3'], wind: ['DEMO-UNI-0002', 'DI_USR_4'] },
} as const
