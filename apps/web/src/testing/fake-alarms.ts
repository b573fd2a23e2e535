import {
  type AlarmRow,
  alarmListQuerySchema,
  type MeResponse,
  pushSubscriptionSchema,
  pushTestSchema,
} from '@kropla/domain'
import { meFixture, objectFixture } from '@kropla/domain/testing'
import { type Lang, translate } from '@kropla/i18n'
import { createFakeServer, type FakeServer } from './fake-server'

/** Test-only: an alarm row as GET /api/alarms answers it; an active, unconfirmed soil moisture alarm by default. */
export function alarmRowFixture(overrides: Partial<AlarmRow> = {}): AlarmRow {
  return {
    id: 1,
    id_object: 5,
    object_name: 'North probe',
    object_serial: 'TRIO-0005',
    alarm_name: 'HUMIDITY_1_lt',
    field: 'HUMIDITY_1',
    threshold: 20,
    value: 18.25,
    activation_date: '2026-05-01T10:00:00.000Z',
    inactivation_date: null,
    active: true,
    confirmed: false,
    confirmation_date: null,
    confirmed_by: null,
    confirmation_user_name: null,
    deleted: false,
    deletion_date: null,
    deleted_by_name: null,
    updated_at: '2026-05-01T10:00:00.000Z',
    ...overrides,
  }
}

/** The session of the alarm tests: a soil probe (id 5) and a weather station (id 6) on the account. */
export function alarmsMeFixture(overrides: Parameters<typeof meFixture>[0] = {}): MeResponse {
  return meFixture({
    objects: [
      objectFixture({ id: 5, name: 'North probe', serial: 'TRIO-0005', last_device_model: 'AM-100-103' }),
      objectFixture({ id: 6, name: 'Weather mast', serial: 'AIR-0006', last_device_model: 'AM-200' }),
    ],
    ...overrides,
  })
}

/** Which rows a list state of GET /api/alarms holds (the contract: removed ones only when asked). */
function inState(row: AlarmRow, state: string): boolean {
  if (state === 'deleted') return row.deleted
  if (row.deleted) return false
  if (state === 'active') return row.active
  if (state === 'unconfirmed') return !row.confirmed
  if (state === 'inactive') return !row.active
  return true
}

/**
 * The alarms and push contract of issue 6 in memory, in front of a fake server: lists by state,
 * history, confirm (one, all), remove (409 while active), the VAPID key and push subscriptions.
 */
export function withAlarms(server: FakeServer, rows: AlarmRow[] = []) {
  const state = {
    alarms: rows,
    vapidKey: 'BOrd-vapid-public-key_0123456789',
    subscriptions: [] as { endpoint: string; keys: { p256dh: string; auth: string } }[],
    /** Endpoints sent a test push (`/api/push/test`); a second one within the test is refused (429). */
    testsSent: [] as string[],
    /** While set, every alarm request fails as a server error does. */
    isDown: false,
  }
  const json = (status: number, body: unknown) =>
    status === 204 ? new Response(null, { status }) : new Response(JSON.stringify(body), { status })

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = new URL(String(input), 'http://kropla.test')
    const path = url.pathname
    const method = init?.method ?? 'GET'
    if (!/^\/api\/(alarms|push)(\/|$)/.test(path)) return server.fetch(input, init)
    const headers = (init?.headers ?? {}) as Record<string, string> // the app always passes a plain object
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    if (method !== 'GET' && headers['csrf-token'] !== 'csrf-1') return server.fetch(input, init)
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    server.state.calls.push({ method, path: `${path}${url.search}`, body })
    const refuse = (status: number, code: string, params?: Record<string, string | number>) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`, params) })
    if (state.isDown && path.startsWith('/api/alarms')) return refuse(500, 'internal')
    const failure = server.state.failures.get(`${method} ${path}`)
    if (failure) {
      server.state.failures.delete(`${method} ${path}`)
      return refuse(failure.status, failure.code)
    }
    const user = server.state.me.user
    const now = '2026-05-01T12:00:00.000Z'

    const confirmedBy = (row: AlarmRow): AlarmRow => ({
      ...row,
      confirmed: true,
      confirmed_by: user.id,
      confirmation_user_name: `${user.name} ${user.family_name}`,
      confirmation_date: now,
      updated_at: now,
    })

    if (path === '/api/alarms' && method === 'GET') {
      const query = alarmListQuerySchema.parse(Object.fromEntries(url.searchParams))
      return json(
        200,
        state.alarms
          .filter((row) => inState(row, query.state))
          .filter((row) => query.id_object === undefined || row.id_object === query.id_object),
      )
    }
    if (path === '/api/alarms/history' && method === 'GET') {
      const idObject = Number(url.searchParams.get('id_object'))
      const name = url.searchParams.get('alarm_name')
      return json(
        200,
        state.alarms.filter((row) => row.id_object === idObject && row.alarm_name === name),
      )
    }
    if (path === '/api/alarms/confirm_all' && method === 'POST') {
      let confirmed = 0
      state.alarms = state.alarms.map((row) => {
        if (row.confirmed || row.deleted) return row
        confirmed += 1
        return confirmedBy(row)
      })
      return json(200, { confirmed })
    }
    const confirmMatch = /^\/api\/alarms\/(\d+)\/confirm$/.exec(path)
    if (confirmMatch && method === 'POST') {
      const row = state.alarms.find((alarm) => alarm.id === Number(confirmMatch[1]) && !alarm.deleted)
      if (!row) return refuse(404, 'not_found')
      const saved = confirmedBy(row)
      state.alarms = state.alarms.map((alarm) => (alarm.id === row.id ? saved : alarm))
      return json(200, saved)
    }
    const alarmMatch = /^\/api\/alarms\/(\d+)$/.exec(path)
    if (alarmMatch && method === 'DELETE') {
      const row = state.alarms.find((alarm) => alarm.id === Number(alarmMatch[1]) && !alarm.deleted)
      if (!row) return refuse(404, 'not_found')
      if (row.active) return refuse(409, 'alarm_active_not_deleted')
      const removed = {
        ...row,
        deleted: true,
        deletion_date: now,
        deleted_by_name: `${user.name} ${user.family_name}`,
      }
      state.alarms = state.alarms.map((alarm) => (alarm.id === row.id ? removed : alarm))
      return json(204, null)
    }

    if (path === '/api/push/vapid_public_key' && method === 'GET') return json(200, { key: state.vapidKey })
    if (path === '/api/push/subscriptions' && method === 'POST') {
      const parsed = pushSubscriptionSchema.safeParse(body)
      if (!parsed.success) return refuse(400, 'validation_failed')
      state.subscriptions = [
        ...state.subscriptions.filter((known) => known.endpoint !== parsed.data.endpoint),
        parsed.data,
      ]
      return json(204, null)
    }
    if (path === '/api/push/subscriptions' && method === 'DELETE') {
      const endpoint = (body as { endpoint?: unknown } | undefined)?.endpoint
      state.subscriptions = state.subscriptions.filter((known) => known.endpoint !== endpoint)
      return json(204, null)
    }
    if (path === '/api/push/test' && method === 'POST') {
      const parsed = pushTestSchema.safeParse(body)
      if (!parsed.success) return refuse(400, 'validation_failed')
      if (!state.subscriptions.some((known) => known.endpoint === parsed.data.endpoint))
        return refuse(404, 'push_not_subscribed')
      if (state.testsSent.length > 0) return refuse(429, 'too_many_attempts', { seconds: 30 })
      state.testsSent.push(parsed.data.endpoint)
      return json(200, { sent_at: new Date().toISOString() })
    }
    return refuse(404, 'not_found')
  }

  return { ...server, fetch, alarms: state }
}

/** A logged-in fake server with the alarm API and these rows. */
export function createFakeAlarmsServer(rows: AlarmRow[] = [], me: MeResponse = alarmsMeFixture()) {
  return withAlarms(createFakeServer(me, { isLoggedIn: true }), rows)
}
