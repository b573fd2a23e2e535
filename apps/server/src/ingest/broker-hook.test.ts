import { brokerHookAnswerSchema } from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createFleetDal } from '../features/fleet/fleet-dal'
import { createFleetService } from '../features/fleet/fleet-service'
import { seedAccount, startTestServer, type TestServer } from '../test/test-server'

/**
 * The HTTP hook an EMQX-like broker calls (ADR 0091): the embedded broker's rule over HTTP, for the
 * broker only. No broker is needed to prove it: the test calls the hook as EMQX would.
 */
const token = 'a-hook-token-of-more-than-32-characters'
let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>

beforeAll(async () => {
  server = await startTestServer({ MQTT_HOOK_TOKEN: token })
  farm = await seedAccount(server, ['AM-100-103', 'AM-100-103', 'AGB-2000'])
  const [relayed, , station] = farm.modules
  await createFleetService(createFleetDal(server.database.db)).setBaseStation(
    relayed!.serial,
    station!.serial,
  )
})
afterAll(() => server?.stop())

async function ask(path: 'authenticate' | 'authorize', body: object, bearer: string | null = token) {
  const response = await fetch(`${server.url}/broker/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    body: JSON.stringify(body),
  })
  const answer = (await response.json()) as unknown
  return response.status === 200
    ? { status: 200, ...brokerHookAnswerSchema.parse(answer) }
    : { status: response.status, answer }
}

const login = (clientid: string, username: string, password: string) =>
  ask('authenticate', { clientid, username, password, peerhost: '192.0.2.7' })
const may = (serial: string, action: 'publish' | 'subscribe', topic: string) =>
  ask('authorize', { clientid: serial, username: serial, action, topic })

describe('the HTTP authentication and authorization hook (MQTT_HOOK_TOKEN)', () => {
  it('answers the broker only', async () => {
    const [module] = farm.modules
    const body = { clientid: module!.serial, username: module!.serial, password: module!.pin }
    expect((await ask('authenticate', body, null)).status).toBe(401)
    expect((await ask('authenticate', body, 'a-wrong-token-of-more-than-32-characters')).status).toBe(401)
    expect(await ask('authenticate', body)).toMatchObject({ status: 200, result: 'allow' })
  })

  it('lets a module log in as its serial with its password, and nothing else', async () => {
    const [module, other] = farm.modules
    expect(await login(module!.serial, module!.serial, module!.pin)).toEqual({
      status: 200,
      result: 'allow',
      is_superuser: false,
    })
    expect(await login(module!.serial, module!.serial, '0000')).toMatchObject({ result: 'deny' })
    expect(await login(other!.serial, module!.serial, module!.pin)).toMatchObject({ result: 'deny' })
    expect(await login('NOT-IN-FLEET', 'NOT-IN-FLEET', '1000')).toMatchObject({ result: 'deny' })
  })

  it('allows a module its own topics, a base station also its modules, and refuses the rest', async () => {
    const [relayed, other, station] = farm.modules
    const s = relayed!.serial
    expect(await may(s, 'publish', `kropla/v1/${s}/up/data`)).toMatchObject({ result: 'allow' })
    expect(await may(s, 'publish', `kropla/v1/${other!.serial}/up/data`)).toMatchObject({ result: 'deny' })
    expect(await may(s, 'publish', `kropla/v1/${s}/down/cmd`)).toMatchObject({ result: 'deny' })
    expect(await may(s, 'subscribe', `kropla/v1/${s}/down/#`)).toMatchObject({ result: 'allow' })
    expect(await may(s, 'subscribe', `kropla/v1/${other!.serial}/down/#`)).toMatchObject({ result: 'deny' })
    expect(await may(s, 'subscribe', 'kropla/v1/+/down/#')).toMatchObject({ result: 'deny' })
    expect(await may(s, 'subscribe', '#')).toMatchObject({ result: 'deny' })
    // A base station relays for the modules assigned to it, and for no other.
    expect(await may(station!.serial, 'publish', `kropla/v1/${s}/up/ack`)).toMatchObject({ result: 'allow' })
    expect(await may(station!.serial, 'subscribe', `kropla/v1/${s}/down/#`)).toMatchObject({
      result: 'allow',
    })
    expect(await may(station!.serial, 'publish', `kropla/v1/${other!.serial}/up/data`)).toMatchObject({
      result: 'deny',
    })
    // A client id that is not its user name is no module's.
    expect(
      await ask('authorize', {
        clientid: other!.serial,
        username: s,
        action: 'publish',
        topic: `kropla/v1/${s}/up/data`,
      }),
    ).toMatchObject({ result: 'deny' })
  })
})
