import type { CommandRow } from '@kropla/domain'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loggedIn } from '../../test/account-fixtures'
import { commandedModule } from '../../test/module-fixture'
import {
  connectBrowserSocket,
  type SeededAccount,
  startWithAccounts,
  type TestServer,
  until,
} from '../../test/test-server'

let server: TestServer
let farm: SeededAccount
let neighbour: SeededAccount
let session: Awaited<ReturnType<typeof loggedIn>>
let browser: Socket
const history: CommandRow[] = []

/** The product waits 30 s for an answer and 3 s for more orders; the tests need not. */
const timeoutMs = 2_000
const mergeMs = 400

const [valves, lights, spare, httpValves] = [0, 1, 2, 3]
const module = (index: number) => farm.modules[index]!

async function commandRows(idObject: number) {
  return (
    await server.database.pool.query(
      'select id, status, error, source, outputs, id_user from commands where id_object = $1 order by created_at',
      [idObject],
    )
  ).rows
}

function order(payload: unknown) {
  return browser.timeout(15_000).emitWithAck('command', payload) as Promise<Record<string, unknown>>
}

beforeAll(async () => {
  ;({ server, farm, neighbour } = await startWithAccounts(
    ['AM-411', 'AM-401', 'AM-411', 'AM-411'],
    ['AM-411'],
    { manualControl: { commandTimeoutMs: timeoutMs, commandMergeMs: mergeMs, sweepMs: 100 } },
  ))
  session = await loggedIn(server.url, farm.email, farm.password)
  browser = await connectBrowserSocket(server.url, session.cookieHeader())
  browser.on('commands_history', (row: CommandRow) => history.push(row))
})
afterAll(async () => {
  browser?.close()
  await server?.stop()
})

describe('socket request command', () => {
  it('merges orders for one module into one command sent once, later orders winning, and answers each when the module has done it', async () => {
    const device = await commandedModule(server, module(valves))
    const first = order({
      type: 'set_output',
      id_object: module(valves).id,
      outputs: { o1: { on: true, minutes: 5 } },
    })
    const second = order({
      id_object: module(valves).id,
      outputs: { o1: { on: false, minutes: null }, o2: { on: true, minutes: null } },
    })
    const [a, b] = await Promise.all([first, second])
    expect(a).toEqual({ ok: true, id: expect.any(String) })
    expect(b).toEqual(a)
    expect(device.commands).toEqual([
      {
        id: a.id,
        type: 'set_output',
        expires_at: expect.any(String),
        outputs: { o1: { on: false, minutes: null }, o2: { on: true, minutes: null } },
      },
    ])
    expect(device.outputs).toEqual({ o1: false, o2: true })
    const rows = await commandRows(module(valves).id)
    expect(rows).toEqual([
      {
        id: a.id,
        status: 10,
        error: null,
        source: 'user',
        outputs: { o1: { on: false, minutes: null }, o2: { on: true, minutes: null } },
        id_user: farm.user.id,
      },
    ])
    // The browser followed it: sent, received, done.
    await until(async () => history.some((row) => row.id === a.id && row.status === 10))
    expect(history.filter((row) => row.id === a.id).map((row) => row.status)).toEqual([1, 2, 10])
    const recent = await session.request('GET', '/api/commands?limit=5')
    expect(recent.status).toBe(200)
    expect((recent.body as unknown as CommandRow[])[0]).toMatchObject({
      id: a.id,
      id_object: module(valves).id,
      status: 10,
      source: 'user',
      sent_at: expect.any(String),
      acked_at: expect.any(String),
    })
    // A module that gets it later than a minute after it was sent must not carry it out.
    const sentAt = Date.parse((recent.body as unknown as CommandRow[])[0]!.sent_at!)
    expect(Date.parse(device.commands[0]!.expires_at!) - sentAt).toBe(60_000)
    await device.close()
  })

  it('sends orders for different modules separately', async () => {
    const north = await commandedModule(server, module(valves))
    const south = await commandedModule(server, module(spare))
    const answers = await Promise.all([
      order({ id_object: module(valves).id, outputs: { o3: { on: true, minutes: 2 } } }),
      order({ id_object: module(spare).id, outputs: { o3: { on: true, minutes: 2 } } }),
    ])
    expect(answers.every((answer) => answer.ok === true)).toBe(true)
    expect(answers[0]!.id).not.toBe(answers[1]!.id)
    // A timed order closes two minutes after it was sent, even if it reaches the module late.
    for (const device of [north, south]) {
      const [command] = device.commands
      const sentAt = Date.parse(command!.expires_at!) - 60_000
      expect(command!.outputs).toEqual({
        o3: { on: true, minutes: 2, until: new Date(sentAt + 2 * 60_000).toISOString() },
      })
    }
    await north.close()
    await south.close()
  })

  it('fails clearly when the module rejects the command, in the user language', async () => {
    const device = await commandedModule(server, module(valves), 'reject')
    const answer = await order({ id_object: module(valves).id, outputs: { o4: { on: true, minutes: 1 } } })
    expect(answer).toEqual({ err: 'command_failed', message: 'The command failed.' })
    const [row] = (await commandRows(module(valves).id)).filter(
      (command) => command.id === device.commands[0]!.id,
    )
    // The module's own reason ('valve jammed') is logged; the row keeps the code the screens word.
    expect(row).toMatchObject({ status: 5, error: 'command_failed' })
    await device.close()
  })

  it('fails as expired when the command reached the module too late, in the user language', async () => {
    const device = await commandedModule(server, module(valves), 'expire')
    const answer = await order({ id_object: module(valves).id, outputs: { o2: { on: true, minutes: 4 } } })
    expect(answer).toEqual({
      err: 'command_expired',
      message: 'The command reached the module too late, so the module did not carry it out.',
    })
    const [row] = (await commandRows(module(valves).id)).filter(
      (command) => command.id === device.commands[0]!.id,
    )
    expect(row).toMatchObject({ status: 5, error: 'command_expired' })
    await until(async () => history.some((entry) => entry.id === row.id && entry.status === 5))
    expect(history.find((entry) => entry.id === row.id && entry.status === 5)!.error).toBe('command_expired')
    await device.close()
  })

  it('fails clearly when a module does not answer in time, or only says it got the command', async () => {
    const silent = await commandedModule(server, module(spare), 'silent')
    const unanswered = await order({ id_object: module(spare).id, outputs: { o1: { on: true, minutes: 3 } } })
    expect(unanswered).toEqual({
      err: 'command_timed_out',
      message: 'The module did not answer the command in time.',
    })
    silent.behave('received_only')
    const received = await order({ id_object: module(spare).id, outputs: { o2: { on: true, minutes: 3 } } })
    expect(received).toMatchObject({ err: 'command_timed_out' })
    const rows = await commandRows(module(spare).id)
    const ids = silent.commands.map((command) => command.id)
    expect(rows.filter((row) => ids.includes(row.id))).toEqual([
      expect.objectContaining({ status: 6, error: 'command_timed_out' }),
      expect.objectContaining({ status: 6, error: 'command_timed_out' }),
    ])
    // A late answer changes nothing any more.
    await silent.close()
    const late = await commandedModule(server, module(spare))
    await late.acknowledge(ids[0]!, 'done')
    expect((await commandRows(module(spare).id)).find((row) => row.id === ids[0])).toMatchObject({
      status: 6,
    })
    await late.close()
  })

  it('refuses a module of another account, an output the model lacks, and a malformed order; nothing is sent', async () => {
    const device = await commandedModule(server, module(lights))
    const before = await server.database.pool.query('select count(*)::int as n from commands')
    const foreign = await order({
      id_object: neighbour.modules[0]!.id,
      outputs: { o1: { on: true, minutes: 1 } },
    })
    expect(foreign).toEqual({
      err: 'element_not_found',
      message: 'One of the chosen elements no longer exists.',
    })
    // LUMINO has two outputs only.
    const lacking = await order({ id_object: module(lights).id, outputs: { o4: { on: true, minutes: 1 } } })
    expect(lacking).toMatchObject({ err: 'element_not_found' })
    for (const payload of [
      { id_object: 'one', outputs: { o1: { on: true, minutes: 1 } } },
      { id_object: module(lights).id, outputs: {} },
      { id_object: module(lights).id, outputs: { o9: { on: true, minutes: 1 } } },
      null,
    ])
      expect(await order(payload)).toEqual({ err: 'bad_request', message: 'The request could not be read.' })
    const zero = await order({ id_object: module(lights).id, outputs: { o1: { on: true, minutes: 0 } } })
    expect(zero).toEqual({
      err: 'manual_minutes_invalid',
      message: 'Manual opening minutes must be a number above 0',
    })
    // A good order alongside is not spoilt by the refused ones.
    const good = await order({ id_object: module(lights).id, outputs: { o1: { on: true, minutes: null } } })
    expect(good).toMatchObject({ ok: true })
    expect(device.commands.map((command) => command.outputs)).toEqual([{ o1: { on: true, minutes: null } }])
    const after = await server.database.pool.query('select count(*)::int as n from commands')
    expect(after.rows[0].n).toBe(before.rows[0].n + 1)
    await device.close()
  })

  it('hands commands to a module that reports over HTTP and takes its acknowledgement there', async () => {
    const target = module(httpValves)
    const upload = (body: unknown) =>
      fetch(`${server.url}/ingest/v1/${target.serial}`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${target.serial}:${target.pin}`).toString('base64')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }).then(async (response) => ({ status: response.status, body: await response.json() }))
    const answer = order({ id_object: target.id, outputs: { o2: { on: true, minutes: 10 } } })
    const sent = await until(async () => (await commandRows(target.id))[0])
    const first = await upload({ values: { o2: false } })
    expect(first).toEqual({
      status: 202,
      body: {
        accepted: 1,
        rejected: [],
        commands: [
          {
            id: sent.id,
            type: 'set_output',
            expires_at: expect.any(String),
            outputs: { o2: { on: true, minutes: 10, until: expect.any(String) } },
          },
        ],
      },
    })
    // Handed over now: a minute from now to reach the module's valves.
    const [handedOver] = await commandRows(target.id)
    const sentAt = (
      await server.database.pool.query<{ sent_at: Date }>('select sent_at from commands where id = $1', [
        sent.id,
      ])
    ).rows[0]!.sent_at
    expect(handedOver.status).toBe(1)
    const [handed] = (
      first.body as { commands: { expires_at: string; outputs: { o2: { until: string } } }[] }
    ).commands
    expect(Date.parse(handed!.expires_at) - sentAt.getTime()).toBe(60_000)
    // Its ten minutes count from the hand-over, however long the module took to ask.
    expect(Date.parse(handed!.outputs.o2.until) - sentAt.getTime()).toBe(10 * 60_000)
    const acknowledged = await upload({ acks: [{ id: sent.id, result: 'done' }], values: { o2: true } })
    expect(acknowledged.body).toEqual({ accepted: 1, rejected: [], commands: [] })
    expect(await answer).toEqual({ ok: true, id: sent.id })
  })
})

describe('GET /api/commands', () => {
  it("lists the account's recent commands only, newest first, as many as asked", async () => {
    const own = (await session.request('GET', '/api/commands?limit=500')).body as unknown as CommandRow[]
    const ownObjects = new Set(farm.modules.map((m) => m.id))
    expect(own.length).toBeGreaterThan(2)
    expect(own.every((row) => ownObjects.has(row.id_object))).toBe(true)
    const times = own.map((row) => row.created_at)
    expect([...times].sort().reverse()).toEqual(times)
    expect(
      ((await session.request('GET', '/api/commands?limit=1')).body as unknown as unknown[]).length,
    ).toBe(1)
    expect((await session.request('GET', '/api/commands?limit=0')).status).toBe(400)
    const other = await loggedIn(server.url, neighbour.email, neighbour.password)
    expect((await other.request('GET', '/api/commands')).body).toEqual([])
  })
})
