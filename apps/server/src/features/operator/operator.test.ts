import {
  activeSocketsAckSchema,
  fleetImportAtOnceLines,
  fleetImportJobSchema,
  fleetImportReportSchema,
  operatorAlarmSchema,
  operatorClientDetailSchema,
  operatorClientSchema,
  operatorModuleDetailSchema,
  operatorModuleSchema,
  operatorOverviewSchema,
  operatorUserSchema,
  supervisorHistoryAckSchema,
} from '@kropla/domain'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { hashDeviceSecret, newDeviceSecret } from '../../ingest/device-secret'
import { addUser, loggedIn } from '../../test/account-fixtures'
import {
  connectBrowserSocket,
  connectModule,
  httpSession,
  nextEvents,
  seedAccount,
  startTestServer,
  type TestServer,
  until,
} from '../../test/test-server'

let server: TestServer
let operator: Awaited<ReturnType<typeof loggedIn>>
beforeAll(async () => {
  server = await startTestServer()
  const home = await seedAccount(server, [])
  const { email } = await addUser(server, home.user.id_client, 'adminus')
  operator = await loggedIn(server.url, email)
})
afterAll(() => server?.stop())

const tag = () => `${process.pid}${Math.random().toString(36).slice(2, 7)}`.toUpperCase()

describe('the operator back office', () => {
  it('lists every account, user and module with the figures of the overview', async () => {
    const farm = await seedAccount(server, ['AGB-2000', 'AGB-2000'])
    await server.database.pool.query(`update objects set last_data_at = now() where id = $1`, [
      farm.modules[0]!.id,
    ])
    const overview = operatorOverviewSchema.parse((await operator.request('GET', '/api/admin/overview')).body)
    expect(overview.fleet.activated).toBeGreaterThanOrEqual(2)
    const silentSerials = overview.silent_modules.map((module) => module.serial)
    expect(silentSerials).toContain(farm.modules[1]!.serial)
    expect(silentSerials).not.toContain(farm.modules[0]!.serial)

    const clients = z
      .array(operatorClientSchema)
      .parse((await operator.request('GET', '/api/admin/clients')).body)
    expect(clients.find((client) => client.name === farm.clientName)).toMatchObject({ users: 1, modules: 2 })
    const users = z.array(operatorUserSchema).parse((await operator.request('GET', '/api/admin/users')).body)
    expect(users.find((user) => user.email === farm.email)).toMatchObject({
      client_name: farm.clientName,
      type: 1,
    })
    const objects = z
      .array(operatorModuleSchema)
      .parse((await operator.request('GET', '/api/admin/objects')).body)
    expect(objects.filter((o) => o.client_name === farm.clientName)).toHaveLength(2)
    const detail = operatorClientDetailSchema.parse(
      (await operator.request('GET', `/api/admin/clients/${farm.user.id_client}`)).body,
    )
    expect(detail.user_list.map((user) => user.email)).toEqual([farm.email])
    expect((await operator.request('GET', '/api/admin/clients/999999')).status).toBe(404)
  })

  it('imports a fleet CSV all or nothing, reporting each refused line with its column', async () => {
    const t = tag()
    const bad = `serial,pin,model\nA${t}1,1234,AGB-2000\nA${t}2,12,AGB-2000\n\nA${t}3,5678,NOPE\nA${t}1,1234,AGB-2000\n`
    const refused = fleetImportReportSchema.parse(
      (await operator.write('POST', '/api/admin/devices/import', { csv: bad })).body,
    )
    expect(refused.imported).toBe(0)
    expect(refused.problems).toEqual([
      { line: 3, serial: `A${t}2`, problems: [{ field: 'pin', message: 'errors.pin_invalid' }] },
      { line: 5, serial: `A${t}3`, problems: [{ field: 'model', message: 'errors.model_unknown' }] },
      { line: 6, serial: `A${t}1`, problems: [{ field: 'serial', message: 'errors.csv_duplicate_serial' }] },
    ])
    const devices = async () =>
      z.array(operatorModuleSchema).parse((await operator.request('GET', '/api/admin/devices')).body)
    expect((await devices()).some((d) => d.serial.startsWith(`A${t}`))).toBe(false)

    const good = `Serial;PIN;Model\nA${t}1;1234;AGB-2000\nA${t}2;1299;AGB-2000\n`
    const report = await operator.write('POST', '/api/admin/devices/import', { csv: good })
    expect(report.body).toEqual({ lines: 2, imported: 2, problems: [] })
    const mine = (await devices()).filter((d) => d.serial.startsWith(`A${t}`))
    expect(mine.map((d) => [d.serial, d.id_client, d.model])).toEqual([
      [`A${t}1`, null, 'AGB-2000'],
      [`A${t}2`, null, 'AGB-2000'],
    ])
    const again = fleetImportReportSchema.parse(
      (await operator.write('POST', '/api/admin/devices/import', { csv: good })).body,
    )
    expect(again.problems.map((p) => [p.line, p.problems[0]!.message])).toEqual([
      [2, 'errors.serial_in_fleet'],
      [3, 'errors.serial_in_fleet'],
    ])
    const notCsv = await operator.write('POST', '/api/admin/devices/import', { csv: 'just some words' })
    expect(notCsv).toMatchObject({ status: 400, body: { error: 'csv_invalid' } })
  })

  it('imports a large fleet file in the background: the job at once, its progress, other requests answered meanwhile', async () => {
    const t = tag()
    const count = fleetImportAtOnceLines + 1500
    const lines = Array.from(
      { length: count },
      (_, index) => `L${t}${index},${1000 + (index % 9000)},AGB-2000`,
    )
    const started = await operator.write('POST', '/api/admin/devices/import', {
      csv: `serial,pin,model\n${lines.join('\n')}\n`,
    })
    expect(started.status).toBe(202)
    const job = fleetImportJobSchema.parse(started.body)
    expect(job).toMatchObject({ state: 'checking', lines: count, imported: 0 })
    const seen = new Set<string>([job.state])
    const ended = await until(async () => {
      // The back office goes on answering while the file is imported.
      expect((await operator.request('GET', '/api/admin/overview')).status).toBe(200)
      const now = fleetImportJobSchema.parse(
        (await operator.request('GET', `/api/admin/devices/import/${job.id}`)).body,
      )
      seen.add(now.state)
      return now.state === 'checking' || now.state === 'importing' ? null : now
    })
    expect(ended).toMatchObject({ state: 'done', lines: count, imported: count, problems: [] })
    const devices = z
      .array(operatorModuleSchema)
      .parse((await operator.request('GET', '/api/admin/devices')).body)
      .filter((d) => d.serial.startsWith(`L${t}`))
    expect(devices).toHaveLength(count)

    // All or nothing still: one serial already in the fleet, far down the file, imports none.
    const u = tag()
    const again = Array.from({ length: count }, (_, index) =>
      index === count - 10 ? `L${t}5,1234,AGB-2000` : `M${u}${index},1234,AGB-2000`,
    )
    const refused = fleetImportJobSchema.parse(
      (
        await operator.write('POST', '/api/admin/devices/import', {
          csv: `serial,pin,model\n${again.join('\n')}`,
        })
      ).body,
    )
    const report = await until(async () => {
      const now = fleetImportJobSchema.parse(
        (await operator.request('GET', `/api/admin/devices/import/${refused.id}`)).body,
      )
      return now.state === 'checking' || now.state === 'importing' ? null : now
    })
    expect(report).toMatchObject({
      state: 'refused',
      imported: 0,
      problems: [
        {
          line: count - 8,
          serial: `L${t}5`,
          problems: [{ field: 'serial', message: 'errors.serial_in_fleet' }],
        },
      ],
    })
    const none = z
      .array(operatorModuleSchema)
      .parse((await operator.request('GET', '/api/admin/devices')).body)
      .filter((d) => d.serial.startsWith(`M${u}`))
    expect(none).toEqual([])
    expect(
      (await operator.request('GET', '/api/admin/devices/import/00000000-0000-4000-8000-000000000000'))
        .status,
    ).toBe(404)
  })

  it("imports the fleet file's secret column as hashes; a line without a secret logs in with its PIN", async () => {
    const t = tag()
    const secret = newDeviceSecret()
    const bad = `serial,pin,model,secret\nC${t}1,1234,AM-200,${secret}\nC${t}2,1234,AM-200,1234\n`
    expect(
      fleetImportReportSchema.parse(
        (await operator.write('POST', '/api/admin/devices/import', { csv: bad })).body,
      ).problems,
    ).toEqual([
      { line: 3, serial: `C${t}2`, problems: [{ field: 'secret', message: 'errors.secret_invalid' }] },
    ])
    const good = `serial,pin,model,secret\nC${t}1,1234,AM-200,${secret}\nC${t}2,1234,AM-200,none\nC${t}3,1234,AM-200,\n`
    expect((await operator.write('POST', '/api/admin/devices/import', { csv: good })).body).toMatchObject({
      imported: 3,
    })
    const listed = z
      .array(operatorModuleSchema)
      .parse((await operator.request('GET', '/api/admin/devices')).body)
      .filter((d) => d.serial.startsWith(`C${t}`))
    expect(listed.map((d) => [d.serial, d.login])).toEqual([
      [`C${t}1`, 'secret'],
      [`C${t}2`, 'pin'],
      [`C${t}3`, 'pin'],
    ])
    const rows = await server.database.pool.query(
      'select serial, secret_hash from objects where serial like $1 order by serial',
      [`C${t}%`],
    )
    expect(rows.rows).toEqual([
      { serial: `C${t}1`, secret_hash: hashDeviceSecret(secret) },
      { serial: `C${t}2`, secret_hash: null },
      { serial: `C${t}3`, secret_hash: null },
    ])
  })

  it('adds one module, refuses its serial twice, and shows its ingest rejections', async () => {
    const serial = `B${tag()}`
    const added = await operator.write('POST', '/api/admin/devices', {
      serial,
      pin: '4321',
      model: 'AGB-2000',
    })
    expect(added.status).toBe(201)
    const id = operatorModuleDetailSchema.parse(added.body).id
    const twice = await operator.write('POST', '/api/admin/devices', {
      serial,
      pin: '4321',
      model: 'AGB-2000',
    })
    expect(twice).toMatchObject({ status: 409, body: { error: 'serial_in_fleet' } })
    await server.database.pool.query(
      `insert into ingest_rejections (serial, reason, count, last_detail) values ($1, 'bad_payload', 3, 'no ts')`,
      [serial],
    )
    const detail = operatorModuleDetailSchema.parse(
      (await operator.request('GET', `/api/admin/devices/${id}`)).body,
    )
    expect(detail.rejections).toBe(3)
    expect(detail.ingest_rejections).toMatchObject([
      { reason: 'bad_payload', count: 3, last_detail: 'no ts' },
    ])
  })

  it('blocks an account: its logged-in user is logged out at once and cannot log in; unblocked, they can', async () => {
    const farm = await seedAccount(server, [])
    const grower = await loggedIn(server.url, farm.email, farm.password)
    const socket = await connectBrowserSocket(server.url, grower.cookieHeader())
    const loggedOut = nextEvents(socket, 'log_out')
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve))

    const blocked = await operator.write('PUT', `/api/admin/clients/${farm.user.id_client}/access`, {
      blocked: true,
    })
    expect(blocked.status).toBe(200)
    expect(blocked.body.blocked).toBe(true)
    await loggedOut
    await disconnected
    expect((await grower.request('GET', '/api/me')).status).toBe(401)
    const again = httpSession(server.url)
    expect((await again.login(farm.email, farm.password)).body.error).toBe('account_blocked')

    await operator.write('PUT', `/api/admin/clients/${farm.user.id_client}/access`, { blocked: false })
    expect((await again.login(farm.email, farm.password)).status).toBe(200)
  })

  it('sets an expiry in the past (logs the account out) and clears it', async () => {
    const farm = await seedAccount(server, [])
    const grower = await loggedIn(server.url, farm.email, farm.password)
    const url = `/api/admin/clients/${farm.user.id_client}/access`
    const expired = await operator.write('PUT', url, { expires_at: '2020-01-01T00:00:00Z' })
    expect(expired.body.expires_at).toBe('2020-01-01T00:00:00.000Z')
    expect((await grower.request('GET', '/api/me')).status).toBe(401)
    expect((await httpSession(server.url).login(farm.email, farm.password)).body.error).toBe(
      'account_expired',
    )
    await operator.write('PUT', url, { expires_at: null })
    expect((await httpSession(server.url).login(farm.email, farm.password)).status).toBe(200)
    expect((await operator.write('PUT', url, {})).status).toBe(400)
    expect((await operator.write('PUT', url, { expires_at: '0000-01-01T00:00:00Z' })).status).toBe(400)
  })

  it('confirms many alarms of several accounts at once, each account hearing of its own', async () => {
    const a = await seedAccount(server, ['AGB-2000'])
    const b = await seedAccount(server, ['AGB-2000'])
    const ids: number[] = []
    for (const farm of [a, b]) {
      const row = await server.database.pool.query<{ id: string }>(
        `insert into alarms (id_client, id_object, alarm_name, activation_date) values ($1, $2, 'no_data', now()) returning id`,
        [farm.user.id_client, farm.modules[0]!.id],
      )
      ids.push(Number(row.rows[0]!.id))
    }
    const grower = await loggedIn(server.url, a.email, a.password)
    const socket = await connectBrowserSocket(server.url, grower.cookieHeader())
    const heard = nextEvents<{ id: number }[]>(socket, 'alarms')
    const answer = await operator.write('POST', '/api/admin/alarms/confirm', { ids })
    expect(answer.body).toEqual({ confirmed: 2 })
    expect((await heard)[0]!.map((alarm) => alarm.id)).toEqual([ids[0]])
    const list = z.array(operatorAlarmSchema).parse((await operator.request('GET', '/api/admin/alarms')).body)
    expect(list.filter((alarm) => ids.includes(alarm.id)).every((alarm) => alarm.confirmation_date)).toBe(
      true,
    )
    socket.disconnect()
  })

  it('deletes a module of any account with its data', async () => {
    const farm = await seedAccount(server, ['AGB-2000'])
    const id = farm.modules[0]!.id
    expect((await operator.write('DELETE', `/api/admin/objects/${id}`)).status).toBe(200)
    expect((await operator.request('GET', `/api/admin/objects/${id}`)).status).toBe(404)
    expect((await operator.write('DELETE', `/api/admin/objects/${id}`)).status).toBe(404)
  })

  it('shows who got a message and who read it', async () => {
    const farm = await seedAccount(server, [])
    const grower = await loggedIn(server.url, farm.email, farm.password)
    const sent = await operator.write('POST', '/api/admin/messages', {
      subject_pl: 'Przerwa',
      subject_en: 'Break',
      content_pl: 'Treść',
      content_en: 'Content',
      recipients: { kind: 'clients', ids: [farm.user.id_client] },
    })
    const id = sent.body.id as number
    const readers = async () => (await operator.request('GET', `/api/admin/users_messages/${id}`)).body
    expect(await readers()).toMatchObject([{ email: farm.email, read_date: null }])
    await until(
      async () => (await grower.write('PUT', `/api/user_messages/${id}/read`, { read: true })).status === 200,
    )
    expect((await readers()) as unknown as { read_date: string }[]).toMatchObject([
      { read_date: expect.any(String) },
    ])
  })
})

describe('who reaches the operator API', () => {
  it('refuses every /api/admin call to an account admin and a normal user (403), and to a visitor (401)', async () => {
    const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    const calls = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => [method.toUpperCase(), path] as const),
      )
    expect(calls.length).toBeGreaterThanOrEqual(22)
    const farm = await seedAccount(server, ['AGB-2000'])
    const admin = await loggedIn(server.url, farm.email, farm.password)
    const normal = await loggedIn(server.url, (await addUser(server, farm.user.id_client)).email)
    const visitor = httpSession(server.url)
    const before = (
      await server.database.pool.query('select blocked, expires_at from clients where id = $1', [
        farm.user.id_client,
      ])
    ).rows
    const wrong: string[] = []
    for (const [method, path] of calls) {
      const url = path.replace('{id}', String(farm.user.id_client))
      const body =
        method === 'GET' || method === 'DELETE'
          ? undefined
          : { blocked: true, ids: [1], csv: 'serial,pin,model' }
      for (const [who, session, status] of [
        ['admin', admin, 403],
        ['normal', normal, 403],
        ['visitor', visitor, 401],
      ] as const) {
        const answer =
          method === 'GET' ? await session.request(method, url) : await session.write(method, url, body)
        if (answer.status !== status) wrong.push(`${who} ${method} ${path}: ${answer.status}`)
      }
    }
    expect(wrong).toEqual([])
    expect(
      (
        await server.database.pool.query('select blocked, expires_at from clients where id = $1', [
          farm.user.id_client,
        ])
      ).rows,
    ).toEqual(before)
    expect((await admin.request('GET', '/api/me')).status).toBe(200)
  })
})

const ask = (
  socket: Awaited<ReturnType<typeof connectBrowserSocket>>,
  event: string,
  payload: unknown = {},
) => socket.timeout(30_000).emitWithAck(event, payload) as Promise<unknown>

describe('the supervisor socket requests', () => {
  it('tell the operator who is connected, from where and since when, and the module traffic per minute', async () => {
    const farm = await seedAccount(server, ['AGB-2000'])
    const grower = await loggedIn(server.url, farm.email, farm.password)
    const growerSocket = await connectBrowserSocket(server.url, grower.cookieHeader())
    const operatorSocket = await connectBrowserSocket(server.url, operator.cookieHeader())

    const active = activeSocketsAckSchema.parse(await ask(operatorSocket, 'active_sockets'))
    if (!('ok' in active)) throw new Error(active.message)
    const mine = active.sockets.find((socket) => socket.id === growerSocket.id)
    expect(mine).toMatchObject({
      email: farm.email,
      client_name: farm.clientName,
      address: expect.any(String),
    })
    expect(Date.parse(mine!.connected_at)).toBeGreaterThan(Date.now() - 120_000)

    const module = await connectModule(server, farm.modules[0]!.serial, farm.modules[0]!.pin)
    await module.publishAsync(`kropla/v1/${farm.modules[0]!.serial}/up/data`, 'not json', { qos: 1 })
    const history = await until(async () => {
      const answer = supervisorHistoryAckSchema.parse(
        await ask(operatorSocket, 'supervisor_history_request', { minutes: 5 }),
      )
      if (!('ok' in answer)) throw new Error(answer.message)
      return answer.last.some((message) => message.serial === farm.modules[0]!.serial) && answer
    })
    expect(history.minutes).toHaveLength(5)
    expect(history.minutes.reduce((sum, minute) => sum + minute.ingest, 0)).toBeGreaterThanOrEqual(1)
    expect(history.last.find((message) => message.serial === farm.modules[0]!.serial)).toMatchObject({
      direction: 'in',
      kind: 'data',
      rejected: 1,
    })
    await module.endAsync()
    growerSocket.disconnect()
    operatorSocket.disconnect()
  })

  it('refuse an account admin and a normal user (access_denied, nothing listed)', async () => {
    const farm = await seedAccount(server, [])
    const admin = await loggedIn(server.url, farm.email, farm.password)
    const normal = await loggedIn(server.url, (await addUser(server, farm.user.id_client)).email)
    for (const session of [admin, normal]) {
      const socket = await connectBrowserSocket(server.url, session.cookieHeader())
      for (const event of ['active_sockets', 'supervisor_history_request']) {
        const answer = (await ask(socket, event)) as Record<string, unknown>
        expect(answer.err).toBe('access_denied')
        expect(Object.keys(answer).sort()).toEqual(['err', 'message'])
      }
      socket.disconnect()
    }
  })
})
