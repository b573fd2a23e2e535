import type { AlarmRow, BaseAlarms } from '@kropla/domain'
import type { MqttClient } from 'mqtt'
import type { Socket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppSecrets } from '../../db/app-secrets'
import { readOutbox } from '../../test/outbox'
import { createBrowserPushKeys, startStandInService } from '../../test/stand-in-services'
import {
  connectBrowserSocket,
  connectModule,
  httpSession,
  seedAccount,
  startTestServer,
  type TestServer,
  until,
} from '../../test/test-server'
import { readSmsOutbox } from '../notifications/sms-channel'
import { loadVapidKeys } from '../push/vapid-keys'
import { createAlarmsDal } from './alarms-dal'

/**
 * Alarms end to end: a module's readings over the real embedded broker cross a threshold set on
 * its page, the alarm reaches the owning account's browser, and every chosen channel delivers
 * once (mail and SMS to the outboxes, Web Push to a real local HTTP server standing in for the
 * push service). The server's clock is shifted for the no-data alarm.
 */
let clockSkewMs = 0
let server: TestServer
let farm: Awaited<ReturnType<typeof seedAccount>>
let helperAccount: Awaited<ReturnType<typeof seedAccount>>
let neighbour: Awaited<ReturnType<typeof seedAccount>>
let owner: ReturnType<typeof httpSession>
let ownerSocket: Socket
let neighbourSocket: Socket
let module: MqttClient
const alarmEvents: AlarmRow[][] = []
const countEvents: BaseAlarms[] = []
const leaked: unknown[] = []
let pushService: Awaited<ReturnType<typeof startStandInService>>
/** A service on loopback the server must never be made to call (not in the test's allowed origins). */
let internalService: Awaited<ReturnType<typeof startStandInService>>
const browser = createBrowserPushKeys()
const expiredBrowser = createBrowserPushKeys()

const pool = () => server.database.pool
let lastReadingAt = 0
/** Publishes one reading of the probe's soil moisture, stamped now and at least a second after the previous one. */
async function sendMoisture(value: number) {
  lastReadingAt = Math.max(Date.now() - 1000, lastReadingAt + 1000)
  const ts = new Date(lastReadingAt).toISOString()
  await module.publishAsync(
    `kropla/v1/${farm.modules[0]!.serial}/up/data`,
    JSON.stringify({ ts, values: { HUMIDITY_1: value } }),
    { qos: 1 },
  )
}
const notifications = async () =>
  (
    await pool().query<{
      id_alarm: number
      id_user: number
      channel: string
      status: string
      error: string | null
    }>(
      'select id_alarm, id_user, channel, status, error from alarm_notifications order by id_alarm, id_user, channel',
    )
  ).rows
const alarmRows = async () =>
  (await pool().query('select * from alarms where id_object = $1 order by id', [farm.modules[0]!.id])).rows
const mailsTo = (email: string) => readOutbox(server.dataDir).filter((mail) => mail.to === email)
const lastAlarmEvent = () => alarmEvents.at(-1)?.[0]

beforeAll(async () => {
  pushService = await startStandInService((path) => (path.startsWith('/gone') ? 410 : 201))
  internalService = await startStandInService()
  server = await startTestServer(
    {},
    {
      now: () => new Date(Date.now() + clockSkewMs),
      alarmSweepMs: 3_600_000,
      // The stand-in push service is plain http on 127.0.0.1: exempt from the https/public-address rule.
      outboundAllowedOrigins: [pushService.url],
    },
  )
  farm = await seedAccount(server, ['AM-100-101'])
  helperAccount = await seedAccount(server, [])
  neighbour = await seedAccount(server, ['AM-100-101'])
  // The owner gets Polish mail, SMS and push; a helper assigned from another account gets English mail only.
  await pool().query(
    `update users set lang = 'pl', phone = '+48600100200', notify_email = true, notify_sms = true, notify_app = true, time_zone = 'Europe/Warsaw' where id = $1`,
    [farm.user.id],
  )
  await pool().query(
    `update users set lang = 'en', phone = '', notify_email = true, notify_sms = true, notify_app = true where id = $1`,
    [helperAccount.user.id],
  )
  // The farm is in New York: a recipient who chose no zone reads its times there.
  await pool().query(`update clients set time_zone = 'America/New_York' where id = $1`, [farm.user.id_client])
  await pool().query('insert into user_clients (user_id, id_client, type) values ($1, $2, 2)', [
    helperAccount.user.id,
    farm.user.id_client,
  ])
  owner = httpSession(server.url)
  await owner.login(farm.email, farm.password)
  ownerSocket = await connectBrowserSocket(server.url, owner.cookieHeader())
  ownerSocket.on('alarms', (rows: AlarmRow[]) => alarmEvents.push(rows))
  ownerSocket.on('base_alarms', (counts: BaseAlarms) => countEvents.push(counts))
  const stranger = httpSession(server.url)
  await stranger.login(neighbour.email, neighbour.password)
  neighbourSocket = await connectBrowserSocket(server.url, stranger.cookieHeader())
  neighbourSocket.on('alarms', (rows) => leaked.push(rows))
  neighbourSocket.on('base_alarms', (counts) => leaked.push(counts))

  // Soil moisture below 20 % raises an alarm: set on the module's page like a grower would.
  const id = farm.modules[0]!.id
  const detail = (await owner.request('GET', `/api/objects/${id}`)).body
  const saved = await owner.write('PUT', `/api/objects/${id}`, {
    name: 'North field probe',
    marker: detail.marker,
    location: detail.location,
    properties: detail.properties,
    config: { inputs: {}, alarms: { HUMIDITY_1_lt: { active: true, value: 20 } } },
  })
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  module = await connectModule(server, farm.modules[0]!.serial, farm.modules[0]!.pin)
})
afterAll(async () => {
  await module?.endAsync()
  ownerSocket?.close()
  neighbourSocket?.close()
  await server?.stop()
  await pushService?.close()
  await internalService?.close()
})

describe('alarms from readings', () => {
  it('a crossing raises one alarm, live to the owning account, and one notification per user and chosen channel', async () => {
    const vapid = await owner.request('GET', '/api/push/vapid_public_key')
    expect(vapid.status).toBe(200)
    expect(Buffer.from(vapid.body.key as string, 'base64url')).toHaveLength(65)
    for (const subscription of [
      browser.subscription(`${pushService.url}/push/browser-1`),
      expiredBrowser.subscription(`${pushService.url}/gone/browser-2`),
    ]) {
      expect((await owner.write('POST', '/api/push/subscriptions', subscription)).status).toBe(204)
    }
    // One kept before the address rule existed (or whose name now resolves inside the network).
    await pool().query(
      `insert into push_subscriptions (endpoint, id_user, keys) values ($1, $2, $3::jsonb)`,
      [
        `${internalService.url}/internal/admin`,
        farm.user.id,
        JSON.stringify(createBrowserPushKeys().subscription('x').keys),
      ],
    )

    await sendMoisture(30)
    await sendMoisture(18.5)
    const raised = await until(async () => lastAlarmEvent())
    expect(raised).toMatchObject({
      id_object: farm.modules[0]!.id,
      object_name: 'North field probe',
      object_serial: farm.modules[0]!.serial,
      alarm_name: 'HUMIDITY_1_lt',
      field: 'HUMIDITY_1',
      threshold: 20,
      value: 18.5,
      active: true,
      confirmed: false,
      deleted: false,
      inactivation_date: null,
    })
    expect(await until(async () => countEvents.at(-1))).toEqual({ active: 1, unconfirmed: 1 })

    // Owner: mail, SMS and push sent; helper: mail sent, no phone for SMS, no browser subscribed.
    const settled = await until(async () => {
      const rows = await notifications()
      return rows.length === 6 && rows.every((row) => row.status !== 'pending') && rows
    })
    const byUser = (id: number) =>
      Object.fromEntries(settled.filter((row) => row.id_user === id).map((row) => [row.channel, row.status]))
    expect(byUser(farm.user.id)).toEqual({ email: 'sent', sms: 'sent', push: 'sent' })
    expect(byUser(helperAccount.user.id)).toEqual({ email: 'sent', sms: 'skipped', push: 'skipped' })
    expect(settled.find((row) => row.id_user === helperAccount.user.id && row.channel === 'sms')?.error).toBe(
      'no phone number',
    )

    const [polish] = mailsTo(farm.email)
    expect(mailsTo(farm.email)).toHaveLength(1)
    expect(polish!.subject).toBe('Alarm Kropla: North field probe')
    expect(polish!.text).toContain('Wilgotność gleby 1: 18,5 %, poniżej progu 20 %')
    expect(polish!.text).toMatch(/\/#\/alarms\n/)
    const [english] = mailsTo(helperAccount.email)
    expect(mailsTo(helperAccount.email)).toHaveLength(1)
    expect(english!.text).toContain('Soil moisture 1 is 18.5 %, below the threshold of 20 %')
    // The owner chose Warsaw; the helper chose no zone, so the farm's is used.
    expect(polish!.text).toContain('(Europe/Warsaw)')
    expect(english!.text).toContain('(America/New_York)')

    const sms = readSmsOutbox(server.dataDir)
    expect(sms.map((message) => message.to)).toEqual(['+48600100200'])
    expect(sms[0]!.text).toContain('North field probe')

    const pushes = pushService.received.filter((request) => request.path === '/push/browser-1')
    expect(pushes).toHaveLength(1)
    expect(pushes[0]!.headers['content-encoding']).toBe('aes128gcm')
    expect(pushes[0]!.headers.authorization).toMatch(/^vapid t=.+, k=/)
    const payload = JSON.parse(browser.decrypt(pushes[0]!.body))
    expect(payload).toMatchObject({ title: 'Alarm: North field probe', tag: `alarm-${raised.id}` })
    expect(payload.body).toContain('18,5 %')
    expect(payload.url).toMatch(/\/#\/alarms$/)
    // The internal address was checked again at sending: never called, and its subscription forgotten.
    expect(internalService.received).toEqual([])
    // The push service said the second browser's subscription is gone: it is forgotten.
    const subscriptions = await pool().query('select endpoint from push_subscriptions where id_user = $1', [
      farm.user.id,
    ])
    expect(subscriptions.rows.map((row) => row.endpoint)).toEqual([`${pushService.url}/push/browser-1`])
    expect(leaked).toEqual([])
  })

  it('a value hovering at the threshold does not flap; back past the band clears the alarm', async () => {
    const eventsBefore = alarmEvents.length
    for (const value of [19.5, 20.4, 19.9, 20.9, 20]) await sendMoisture(value)
    await sendMoisture(21.2)
    const cleared = await until(async () => (lastAlarmEvent()?.active === false ? lastAlarmEvent() : null))
    // One event only since the raise: the clearing; the hovering values changed nothing.
    expect(alarmEvents.length).toBe(eventsBefore + 1)
    expect(cleared).toMatchObject({ alarm_name: 'HUMIDITY_1_lt', active: false })
    expect(cleared!.inactivation_date).not.toBeNull()
    const rows = await alarmRows()
    expect(rows.map((row) => row.active)).toEqual([false])
    expect(readOutbox(server.dataDir)).toHaveLength(2)
    expect(await until(async () => (countEvents.at(-1)?.active === 0 ? countEvents.at(-1) : null))).toEqual({
      active: 0,
      unconfirmed: 1,
    })
  })

  it('a second crossing is a new activation with its own notifications, each once', async () => {
    await sendMoisture(15)
    const again = await until(async () => (lastAlarmEvent()?.active ? lastAlarmEvent() : null))
    expect((await alarmRows()).map((row) => row.active)).toEqual([false, true])
    await until(async () => mailsTo(farm.email).length === 2 && mailsTo(helperAccount.email).length === 2)
    // Asking again to notify the same activation (a second process, a repeated raise) sends nothing.
    expect(await server.alarms.notifier.notify(again!.id, farm.user.id_client)).toBe(0)
    await server.alarms.sweep.runNow()
    expect(mailsTo(farm.email)).toHaveLength(2)
    expect(readSmsOutbox(server.dataDir)).toHaveLength(2)
    expect(pushService.received.filter((request) => request.path === '/push/browser-1')).toHaveLength(2)
  })
})

describe('the alarm lifecycle', () => {
  it('an active alarm is not removed, in the user language; confirm records who and when', async () => {
    const [active] = (await owner.request('GET', '/api/alarms?state=active')).body as unknown as AlarmRow[]
    expect(active).toMatchObject({ alarm_name: 'HUMIDITY_1_lt', active: true })
    // Answers come in the user's own language: English first, then Polish.
    const setLang = (lang: string) =>
      pool().query('update users set lang = $1 where id = $2', [lang, farm.user.id])
    await setLang('en')
    const refused = await owner.write('DELETE', `/api/alarms/${active!.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      error: 'alarm_active_not_deleted',
      message: 'Active alarms are not deleted',
    })
    await setLang('pl')
    const refusedPl = await owner.write('DELETE', `/api/alarms/${active!.id}`)
    expect(refusedPl.status).toBe(409)
    expect(refusedPl.body).toMatchObject({
      error: 'alarm_active_not_deleted',
      message: 'Aktywne alarmy nie są usuwane',
    })

    const confirmed = await owner.write('POST', `/api/alarms/${active!.id}/confirm`)
    expect(confirmed.status).toBe(200)
    expect(confirmed.body).toMatchObject({
      id: active!.id,
      confirmed: true,
      confirmed_by: farm.user.id,
      active: true,
    })
    expect(confirmed.body.confirmation_user_name).toBeTruthy()
    expect(confirmed.body.confirmation_date).not.toBeNull()
    expect(lastAlarmEvent()).toMatchObject({ id: active!.id, confirmed: true })
    expect((await alarmRows()).find((row) => row.id === active!.id)?.deleted).toBe(false)
  })

  it('confirm all, remove once inactive, list by state and the history of one alarm', async () => {
    const all = await owner.write('POST', '/api/alarms/confirm_all')
    expect(all.body).toEqual({ confirmed: 1 })
    expect(
      await until(async () => (countEvents.at(-1)?.unconfirmed === 0 ? countEvents.at(-1) : null)),
    ).toEqual({
      active: 1,
      unconfirmed: 0,
    })
    await sendMoisture(25)
    await until(async () => (lastAlarmEvent()?.active === false ? true : null))

    const history = (
      await owner.request(
        'GET',
        `/api/alarms/history?id_object=${farm.modules[0]!.id}&alarm_name=HUMIDITY_1_lt`,
      )
    ).body as unknown as AlarmRow[]
    expect(history.map((row) => row.active)).toEqual([false, false])
    expect(history[0]!.id).toBeGreaterThan(history[1]!.id)

    const removed = await owner.write('DELETE', `/api/alarms/${history[1]!.id}`)
    expect(removed.status).toBe(204)
    expect(lastAlarmEvent()).toMatchObject({ id: history[1]!.id, deleted: true })
    const listed = (await owner.request('GET', '/api/alarms')).body as unknown as AlarmRow[]
    expect(listed.map((row) => row.id)).toEqual([history[0]!.id])
    const deleted = (await owner.request('GET', '/api/alarms?state=deleted')).body as unknown as AlarmRow[]
    expect(deleted).toHaveLength(1)
    expect(deleted[0]).toMatchObject({ id: history[1]!.id, deleted: true })
    expect(deleted[0]!.deleted_by_name).toBeTruthy()
    expect(deleted[0]!.deletion_date).not.toBeNull()
    expect((await owner.write('DELETE', `/api/alarms/${history[1]!.id}`)).status).toBe(404)
    const inactive = (
      await owner.request('GET', `/api/alarms?state=inactive&id_object=${farm.modules[0]!.id}`)
    ).body as unknown as AlarmRow[]
    expect(inactive.map((row) => row.id)).toEqual([history[0]!.id])
  })

  it("another account can neither list, read the history of, confirm nor remove the farm's alarms", async () => {
    const stranger = httpSession(server.url)
    await stranger.login(neighbour.email, neighbour.password)
    const [alarm] = (await owner.request('GET', '/api/alarms')).body as unknown as AlarmRow[]
    const before = await alarmRows()
    expect((await stranger.request('GET', '/api/alarms')).body).toEqual([])
    expect((await stranger.request('GET', `/api/alarms?id_object=${farm.modules[0]!.id}`)).body).toEqual([])
    const history = await stranger.request(
      'GET',
      `/api/alarms/history?id_object=${farm.modules[0]!.id}&alarm_name=HUMIDITY_1_lt`,
    )
    expect(history.body).toEqual([])
    expect((await stranger.write('POST', `/api/alarms/${alarm!.id}/confirm`)).status).toBe(404)
    expect((await stranger.write('DELETE', `/api/alarms/${alarm!.id}`)).status).toBe(404)
    expect(await stranger.write('POST', '/api/alarms/confirm_all')).toMatchObject({ body: { confirmed: 0 } })
    expect(await alarmRows()).toEqual(before)
    expect(leaked).toEqual([])
  })
})

describe('no data', () => {
  it('raises no_data once the module is silent for longer than 15 minutes, and the next reading clears it', async () => {
    const mailsBefore = mailsTo(farm.email).length
    clockSkewMs = 14 * 60_000
    expect(await server.alarms.sweep.runNow()).toMatchObject({ raised: 0 })
    clockSkewMs = 16 * 60_000
    expect(await server.alarms.sweep.runNow()).toMatchObject({ raised: 1 })
    expect(await server.alarms.sweep.runNow()).toMatchObject({ raised: 0 })
    const silent = await until(async () =>
      lastAlarmEvent()?.alarm_name === 'no_data' ? lastAlarmEvent() : null,
    )
    expect(silent).toMatchObject({ id_object: farm.modules[0]!.id, active: true, field: null, value: null })
    await until(async () => mailsTo(farm.email).length === mailsBefore + 1)
    expect(mailsTo(farm.email).at(-1)!.text).toContain('Brak danych z modułu od ponad 15 minut')
    // The neighbour's module never sent data: it is not judged.
    const others = await pool().query(
      "select 1 from alarms where alarm_name = 'no_data' and id_object <> $1",
      [farm.modules[0]!.id],
    )
    expect(others.rows).toEqual([])

    clockSkewMs = 0
    await sendMoisture(30)
    const back = await until(async () =>
      lastAlarmEvent()?.alarm_name === 'no_data' && !lastAlarmEvent()?.active ? lastAlarmEvent() : null,
    )
    expect(back).toMatchObject({ id: silent!.id, active: false })
  })
})

describe('exactly-once delivery', () => {
  it('a notification left pending by a crash is sent by the sweep once; a sent one never again', async () => {
    const alarm = (await alarmRows())[1]
    const mailsBefore = mailsTo(helperAccount.email).length
    // As if the process died between inserting the row and sending: pending, one attempt, two minutes old.
    await pool().query(
      `delete from alarm_notifications where id_alarm = $1 and id_user = $2 and channel = 'email'`,
      [alarm.id, helperAccount.user.id],
    )
    await pool().query(
      `insert into alarm_notifications (id_alarm, id_user, channel, status, attempts, created_at)
       values ($1, $2, 'email', 'pending', 1, now() - interval '2 minutes')`,
      [alarm.id, helperAccount.user.id],
    )
    // Two sweeps at once (as two processes would): only one claims the row.
    const retried = await Promise.all([server.alarms.notifier.sweep(), server.alarms.notifier.sweep()])
    expect(retried[0]! + retried[1]!).toBe(1)
    expect(mailsTo(helperAccount.email)).toHaveLength(mailsBefore + 1)
    const row = await pool().query(
      `select status, attempts from alarm_notifications where id_alarm = $1 and id_user = $2 and channel = 'email'`,
      [alarm.id, helperAccount.user.id],
    )
    expect(row.rows[0]).toEqual({ status: 'sent', attempts: 2 })
    clockSkewMs = 3_600_000
    await server.alarms.sweep.runNow()
    clockSkewMs = 0
    expect(mailsTo(helperAccount.email)).toHaveLength(mailsBefore + 1)
  })
})

describe('several server processes', () => {
  it('agree on one VAPID key pair and raise one alarm when they raise the same one at once', async () => {
    const [first, second] = await Promise.all([
      loadVapidKeys(createAppSecrets(pool())),
      loadVapidKeys(createAppSecrets(pool())),
    ])
    expect(first).toEqual(second)
    expect((await owner.request('GET', '/api/push/vapid_public_key')).body).toEqual({ key: first!.publicKey })

    const processes = [createAlarmsDal(pool()), createAlarmsDal(pool())]
    const raise = {
      idClient: farm.user.id_client,
      idObject: farm.modules[0]!.id,
      alarmName: 'TEMP_1_gt',
      field: 'TEMP_1',
      threshold: 30,
      value: 31,
      at: new Date(),
    }
    const raised = await Promise.all(processes.map((dal) => dal.raise(raise)))
    expect(raised.filter((row) => row !== null)).toHaveLength(1)
    const active = await pool().query(
      "select count(*)::int as count from alarms where id_object = $1 and alarm_name = 'TEMP_1_gt' and active",
      [farm.modules[0]!.id],
    )
    expect(active.rows[0].count).toBe(1)
  })
})

describe('SMS through an HTTP provider', () => {
  it('posts each alarm SMS to the provider once, with the token, and writes nothing to the outbox', async () => {
    const gateway = await startStandInService(() => 200)
    const withProvider = await startTestServer({ SMS_URL: `${gateway.url}/sms`, SMS_TOKEN: 'secret-token' })
    try {
      const account = await seedAccount(withProvider, ['AM-100-101'])
      await withProvider.database.pool.query(
        `update users set phone = '+48 600 300 400', notify_sms = true, notify_email = false, notify_app = false where id = $1`,
        [account.user.id],
      )
      const [probe] = account.modules
      const link = await connectModule(withProvider, probe!.serial, probe!.pin)
      // The battery default (below 3.1 V) needs no configuration.
      await link.publishAsync(
        `kropla/v1/${probe!.serial}/up/data`,
        JSON.stringify({ ts: new Date(Date.now() - 5000).toISOString(), values: { battvol: 2.9 } }),
        { qos: 1 },
      )
      await until(async () => gateway.received.length === 1)
      const [request] = gateway.received
      expect(request!.path).toBe('/sms')
      expect(request!.headers.authorization).toBe('Bearer secret-token')
      const body = JSON.parse(request!.body.toString('utf8'))
      expect(body.to).toBe('+48 600 300 400')
      expect(body.text).toContain('Battery voltage is 2.9 V, below the threshold of 3.1 V')
      await until(async () => {
        const rows = await withProvider.database.pool.query('select status from alarm_notifications')
        return rows.rows.length === 1 && rows.rows[0].status === 'sent'
      })
      expect(readSmsOutbox(withProvider.dataDir)).toEqual([])
      await link.endAsync()
    } finally {
      await withProvider.stop()
      await gateway.close()
    }
  })
})

describe('blocked and expired accounts', () => {
  /** An ended activation of the farm's module, as the evaluator would have raised it. */
  const pastAlarm = async () =>
    (
      await pool().query<{ id: number }>(
        `insert into alarms (id_client, id_object, alarm_name, field, threshold, value, activation_date, active, inactivation_date)
         values ($1, $2, 'sigstr_lt', 'sigstr', 25, 10, now(), false, now()) returning id`,
        [farm.user.id_client, farm.modules[0]!.id],
      )
    ).rows[0]!.id
  const notifiedUsers = async (idAlarm: number) =>
    (
      await pool().query<{ id_user: number; channel: string; status: string }>(
        'select id_user, channel, status from alarm_notifications where id_alarm = $1 order by id_user, channel',
        [idAlarm],
      )
    ).rows
  const setAccess = (idClient: number, blocked: boolean, expiresAt: string | null) =>
    pool().query('update clients set blocked = $2, expires_at = $3 where id = $1', [
      idClient,
      blocked,
      expiresAt,
    ])

  it('a user whose own account has expired, or every user of a blocked account, is not notified', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString()
    try {
      // The helper's own account expired: only the farm's owner hears of the alarm.
      await setAccess(helperAccount.user.id_client, false, yesterday)
      const seen = await pastAlarm()
      await server.alarms.notifier.notify(seen, farm.user.id_client)
      expect(new Set((await notifiedUsers(seen)).map((row) => row.id_user))).toEqual(new Set([farm.user.id]))

      // A retry finds the helper's account expired meanwhile: skipped, nothing sent.
      await setAccess(helperAccount.user.id_client, false, null)
      const retried = await pastAlarm()
      await pool().query(
        `insert into alarm_notifications (id_alarm, id_user, channel, status, attempts, created_at)
         values ($1, $2, 'email', 'pending', 1, now() - interval '2 minutes')`,
        [retried, helperAccount.user.id],
      )
      await setAccess(helperAccount.user.id_client, false, yesterday)
      const helperMails = mailsTo(helperAccount.email).length
      await server.alarms.notifier.sweep()
      expect(await notifiedUsers(retried)).toEqual([
        { id_user: helperAccount.user.id, channel: 'email', status: 'skipped' },
      ])
      expect(mailsTo(helperAccount.email)).toHaveLength(helperMails)

      // The farm's own account is blocked: nobody is notified.
      await setAccess(helperAccount.user.id_client, false, null)
      await setAccess(farm.user.id_client, true, null)
      const blocked = await pastAlarm()
      expect(await server.alarms.notifier.notify(blocked, farm.user.id_client)).toBe(0)
      expect(await notifiedUsers(blocked)).toEqual([])
    } finally {
      await setAccess(helperAccount.user.id_client, false, null)
      await setAccess(farm.user.id_client, false, null)
    }
  })
})
