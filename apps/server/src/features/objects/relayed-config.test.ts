import type { DemoModule, ObjectConfigState, ObjectDetail } from '@kropla/domain'
import { createFarmSimulator, type FarmSimulator } from '@kropla/simulator'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import {
  connectBrowserSocket,
  connectModule,
  nextEvents,
  seedAccount,
  startTestServer,
  type TestServer,
} from '../../test/test-server'
import { createFleetDal } from '../fleet/fleet-dal'
import { createFleetService } from '../fleet/fleet-service'

let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
let session: Awaited<ReturnType<typeof loggedIn>>
let browser: Socket | undefined
let simulator: FarmSimulator | undefined
const embeddedBroker = !process.env.TEST_MQTT_URL

/** The account's modules as the simulator knows them: the probe speaks through the base station. */
function simulatedFarm(): DemoModule[] {
  const [station, probe] = farm.modules
  const location = { lng: 21, lat: 52 }
  return [
    {
      serial: station!.serial,
      pin: station!.pin,
      model: station!.model,
      name: 'Base station',
      name_pl: 'Stacja bazowa',
      location,
    },
    {
      serial: probe!.serial,
      pin: probe!.pin,
      model: probe!.model,
      name: 'Orchard probe',
      name_pl: 'Sonda – sad',
      location,
      baseStation: station!.serial,
    },
  ]
}

beforeAll(async () => {
  server = await startTestServer()
  farm = await seedAccount(server, ['AGB-2000', 'AM-100-103', 'AM-200'])
  await createFleetService(createFleetDal(server.database.db)).setBaseStation(
    farm.modules[1]!.serial,
    farm.modules[0]!.serial,
  )
  session = await loggedIn(server.url, farm.email, farm.password)
})
afterAll(async () => {
  await simulator?.stop()
  browser?.close()
  await server?.stop()
})

describe('a module relayed by a base station', () => {
  it('gets its configuration through the base station, and the server sees it confirmed', async () => {
    const probe = farm.modules[1]!
    const saved = await session.write('PUT', `/api/objects/${probe.id}`, {
      name: 'Orchard probe',
      name_pl: 'Sonda – sad',
      marker: 1,
      location: null,
      properties: {},
      config: { inputs: { TEMP_1: { custom_label: 'Orchard', custom_units: '°C' } }, alarms: {} },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    const pending = (saved.body as unknown as ObjectDetail).config_pending!
    expect(pending).not.toBeNull()

    browser = await connectBrowserSocket(server.url, session.cookieHeader())
    const cleared = nextEvents<ObjectConfigState>(browser, 'objects_config', 1, 30_000)
    simulator = createFarmSimulator({
      mqttUrl: process.env.TEST_MQTT_URL ?? `mqtt://127.0.0.1:${server.mqttPort}`,
      modules: simulatedFarm(),
      intervalMs: 3_600_000,
      logger: { info: () => undefined, warn: () => undefined, error: () => undefined },
    })
    await simulator.start()

    // The base station picked the retained configuration up from the probe's down/config, passed
    // it on, and the probe's acknowledgement came back on the probe's own up/ack.
    expect(await cleared).toEqual([{ id_object: probe.id, config_pending: null, settled_id: pending.id }])
    const detail = await session.request('GET', `/api/objects/${probe.id}`)
    expect((detail.body as unknown as ObjectDetail).config_pending).toBeNull()
  })

  it.runIf(embeddedBroker)(
    "lets a base station subscribe to its modules' down topics and to no other module's",
    async () => {
      const [station, probe, stranger] = farm.modules
      const link = await connectModule(server, station!.serial, station!.pin, { clientId: station!.serial })
      const subscribe = (filter: string) =>
        link.subscribeAsync(filter, { qos: 1 }).then(
          (granted) => granted[0]!.qos,
          () => 'refused',
        )
      expect(await subscribe(`kropla/v1/${probe!.serial}/down/#`)).toBe(1)
      expect(await subscribe(`kropla/v1/${stranger!.serial}/down/#`)).toBe('refused')
      expect(await subscribe('kropla/v1/+/down/#')).toBe('refused')
      await link.endAsync()
    },
  )
})
