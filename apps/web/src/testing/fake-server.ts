import {
  type AccountUser,
  type ActiveSession,
  type ClientAccount,
  canOpenAccount,
  clientAccountSchema,
  deleteClientAccountSchema,
  deleteOwnUserSchema,
  type GeocodedPlace,
  inviteUserSchema,
  type MeResponse,
  newPasswordSchema,
  type Profile,
  passwordResetRequestSchema,
  preferencesSchema,
  profileSchema,
  registerAccountNameSchema,
  registerDeviceSchema,
  registerRequestSchema,
  updateUserSchema,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import { answerDashboards, defaultDashboards } from './fake-dashboards'

const credentials = { email: 'demo@kropla.app', password: 'Kropla-demo-1' }

/** Modules on the operator's fleet list that registration can find. */
export interface FakeFleetModule {
  serial: string
  pin: string
  model: string
  activated: boolean
}

export interface FakeCall {
  method: string
  path: string
  body: unknown
}

/** What the fake servers need of a domain schema: zod's safeParse. */
export interface Schema {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: unknown }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } }
}

export const resetToken = 'reset-token-0123456789'
export const invitationToken = 'invite-token-0123456789'

/** The profile is the session user's own row on the real server, so it starts as the user's fields. */
function defaultProfile(me: MeResponse): Profile {
  return profileSchema.parse(me.user)
}

function defaultUsers(me: MeResponse): AccountUser[] {
  const at = '2026-01-10T08:00:00.000Z'
  const row = (user: Partial<AccountUser> & Pick<AccountUser, 'id' | 'email' | 'type'>): AccountUser => ({
    name: '',
    family_name: '',
    phone: '',
    description: '',
    invited: false,
    created_at: at,
    updated_at: at,
    ...user,
  })
  return [
    row({
      id: me.user.id,
      email: me.user.email,
      name: me.user.name,
      family_name: me.user.family_name,
      type: me.user.type,
    }),
    row({ id: 8, email: 'piotr@kropla.app', name: 'Piotr', family_name: 'Zieliński', type: 1 }),
    row({ id: 9, email: 'ola@kropla.app', name: 'Ola', family_name: 'Wiśniewska', type: 2 }),
    row({ id: 10, email: 'new@kropla.app', type: 2, invited: true }),
  ]
}

function defaultClient(me: MeResponse): ClientAccount & { expires_at: string | null; blocked: boolean } {
  const address = { address: '', zip: '', city: '', country: 'PL' }
  return {
    name: me.user.client_name,
    type: 1,
    full_name: 'Gospodarstwo Kropla sp. z o.o.',
    tax_number: '5250000000',
    address: 'Polna 1',
    zip: '05-800',
    city: 'Pruszków',
    country: 'PL',
    billing: { name: '', email: '', tax_number: '', ...address },
    contact: { name: '', email: '', phone: '' },
    correspondence_same: true,
    correspondence: address,
    time_zone: me.user.client_time_zone,
    farm_place: { address: '', location: null },
    expires_at: '2027-01-01T00:00:00.000Z',
    blocked: false,
  }
}

/**
 * The server contract in memory (foundation and the accounts issue): enough to drive the browser
 * app through its screens. It checks request bodies with the same domain schemas as the real server
 * and answers `{error, message, issues?}` in the request's language.
 */
export function createFakeServer(me: MeResponse, options: { isLoggedIn?: boolean } = {}) {
  let isLoggedIn = options.isLoggedIn ?? false
  const state = {
    me,
    fleet: [
      { serial: 'REG-0001', pin: '1234', model: 'AM-100-103', activated: false },
      { serial: 'USED-0001', pin: '1234', model: 'AM-100-103', activated: true },
      { serial: 'AIR-0001', pin: '1234', model: 'AM-200', activated: false },
    ] as FakeFleetModule[],
    accountNames: new Set([me.user.client_name.toLowerCase()]),
    emails: new Set([me.user.email, 'piotr@kropla.app', 'ola@kropla.app', 'new@kropla.app']),
    profile: defaultProfile(me),
    users: defaultUsers(me),
    client: defaultClient(me),
    sessions: [
      {
        id: 's-current',
        current: true,
        created_at: '2026-05-01T08:00:00.000Z',
        last_seen_at: '2026-05-01T10:00:00.000Z',
        ip: '192.0.2.10',
        user_agent:
          'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
      },
      {
        id: 's-phone',
        current: false,
        created_at: '2026-04-20T06:00:00.000Z',
        last_seen_at: '2026-04-30T18:30:00.000Z',
        ip: '198.51.100.7',
        user_agent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      },
    ] as ActiveSession[],
    /** One-off failures: the next call to this "METHOD path" answers this error instead. */
    failures: new Map<string, { status: number; code: string }>(),
    calls: [] as FakeCall[],
    nextUserId: 100,
    dashboards: defaultDashboards(),
    /** The server's address search (GEOCODER_URL): the places it finds, or null when not configured. */
    geocoder: null as ((query: string) => GeocodedPlace[]) | null,
  }

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers })

  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = String(input)
    const path = url.split('?')[0] ?? url
    const method = init?.method ?? 'GET'
    const headers = (init?.headers ?? {}) as Record<string, string> // the app always passes a plain object
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    const body: unknown = init?.body === undefined ? undefined : JSON.parse(String(init.body))
    state.calls.push({ method, path, body })
    const refuse = (status: number, code: string, params?: Record<string, string | number>) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`, params) })
    const ok = (extra: Record<string, unknown> = {}) => json(200, { ok: true, ...extra })
    /** Parses the body with a domain schema; a failure answers like the server's validation handler. */
    const check = <T>(schema: Schema): T | Response => {
      const parsed = schema.safeParse(body)
      if (parsed.success) return parsed.data as T
      const issues = parsed.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: translate(lang, issue.message),
      }))
      return json(400, {
        error: 'validation_failed',
        message: translate(lang, 'errors.validation_failed'),
        issues,
      })
    }

    if ((method !== 'GET' || path === '/logout') && headers['csrf-token'] !== 'csrf-1')
      return refuse(403, 'csrf_invalid')
    if (path === '/token') return json(200, { token: 'csrf-1' })
    const failure = state.failures.get(`${method} ${path}`)
    if (failure) {
      state.failures.delete(`${method} ${path}`)
      return refuse(failure.status, failure.code)
    }

    if (path === '/login') {
      const { email, password } = body as { email: string; password: string }
      if (email === 'blocked@kropla.app')
        return refuse(403, 'account_blocked', { support: 'support@kropla.app' })
      if (email === 'expired@kropla.app')
        return refuse(403, 'account_expired', { order: 'order@kropla.app', support: 'support@kropla.app' })
      if (email === 'throttled@kropla.app')
        return json(
          429,
          {
            error: 'too_many_attempts',
            message: translate(lang, 'errors.too_many_attempts', { seconds: 30 }),
          },
          { 'retry-after': '30' },
        )
      if (email !== credentials.email || password !== credentials.password)
        return refuse(401, 'incorrect_login')
      isLoggedIn = true
      return ok()
    }
    if (path === '/logout') {
      isLoggedIn = false
      return ok()
    }

    // Public: registration, password reset, invitations.
    if (path === '/api/register/device') {
      const data = check<{ serial: string; pin: string }>(registerDeviceSchema)
      if (data instanceof Response) return data
      const module = state.fleet.find((entry) => entry.serial === data.serial)
      if (!module || module.pin !== data.pin) return refuse(400, 'check_serial_pin')
      if (module.activated) return refuse(400, 'device_already_activated')
      if (!canOpenAccount(module.model)) return refuse(400, 'device_cannot_open_account')
      return ok({ model: module.model })
    }
    if (path === '/api/register/account-name') {
      const data = check<{ account_name: string }>(registerAccountNameSchema)
      if (data instanceof Response) return data
      if (state.accountNames.has(data.account_name.toLowerCase())) return refuse(400, 'account_name_taken')
      return ok()
    }
    if (path === '/api/register') {
      const data = check<{ serial: string; pin: string; account_name: string; email: string }>(
        registerRequestSchema,
      )
      if (data instanceof Response) return data
      const module = state.fleet.find((entry) => entry.serial === data.serial)
      if (!module || module.pin !== data.pin) return refuse(400, 'check_serial_pin')
      if (module.activated) return refuse(400, 'device_already_activated')
      if (state.accountNames.has(data.account_name.toLowerCase())) return refuse(400, 'account_name_taken')
      if (state.emails.has(data.email)) return refuse(400, 'email_in_use')
      module.activated = true
      state.accountNames.add(data.account_name.toLowerCase())
      state.emails.add(data.email)
      isLoggedIn = true
      return json(201, { ok: true })
    }
    if (path === '/api/pass_reset') {
      const data = check<{ account_name: string; email: string }>(passwordResetRequestSchema)
      if (data instanceof Response) return data
      // Like the server: the same answer whether or not the account and e-mail are known.
      return ok()
    }
    if (path === '/api/pass_reset/confirm' || path === '/api/invitations/accept') {
      const data = check<{ token: string }>(newPasswordSchema)
      if (data instanceof Response) return data
      const expected = path === '/api/pass_reset/confirm' ? resetToken : invitationToken
      if (data.token !== expected) return refuse(400, 'link_invalid')
      if (path === '/api/invitations/accept') isLoggedIn = true
      return ok()
    }
    if (path.startsWith('/api/invitations/') && method === 'GET') {
      if (path !== `/api/invitations/${invitationToken}`) return refuse(400, 'link_invalid')
      return json(200, { email: 'new@kropla.app', client_name: state.me.user.client_name })
    }

    if (!isLoggedIn) return refuse(401, 'not_authenticated')
    const isAdmin = state.me.user.type < 2
    if (path === '/api/me') return json(200, state.me)
    if (path === '/api/users/lang') return json(200, body)

    if (path === '/api/profile' && method === 'GET')
      return json(200, { email: state.me.user.email, ...state.profile })
    if (path === '/api/profile' && method === 'PUT') {
      const data = check<Profile>(profileSchema)
      if (data instanceof Response) return data
      state.profile = data
      return json(200, { email: state.me.user.email, ...data })
    }
    if (path === '/api/profile/preferences' && method === 'PUT') {
      const data = check<Partial<MeResponse['user']>>(preferencesSchema)
      if (data instanceof Response) return data
      state.me = { ...state.me, user: { ...state.me.user, ...data } }
      return json(200, data)
    }
    if (path === '/api/sessions' && method === 'GET') return json(200, state.sessions)
    if (path.startsWith('/api/sessions/') && method === 'DELETE') {
      const id = path.slice('/api/sessions/'.length)
      if (!state.sessions.some((session) => session.id === id)) return refuse(404, 'not_found')
      state.sessions = state.sessions.filter((session) => session.id !== id)
      return ok()
    }
    if (path === '/api/users/me' && method === 'DELETE') {
      const data = check<{ password: string }>(deleteOwnUserSchema)
      if (data instanceof Response) return data
      if (data.password !== credentials.password) return refuse(400, 'password_incorrect')
      if (isAdmin && state.users.filter((user) => user.type < 2).length === 1)
        return refuse(400, 'last_admin')
      isLoggedIn = false
      return ok()
    }

    // Administrators only from here on.
    if (!isAdmin && (path.startsWith('/api/users') || path === '/api/client'))
      return refuse(403, 'access_denied')
    if (path === '/api/users' && method === 'GET') return json(200, state.users)
    if (path === '/api/users/invite') {
      const data = check<{ email: string; name: string; family_name: string; type: 1 | 2 }>(inviteUserSchema)
      if (data instanceof Response) return data
      if (state.users.some((user) => user.email === data.email)) return refuse(400, 'email_in_use')
      // Like the server: an address with an account elsewhere gets the same answer, and is not listed.
      if (state.emails.has(data.email)) return json(202, { email: data.email })
      state.emails.add(data.email)
      const at = '2026-05-01T10:00:00.000Z'
      const created: AccountUser = {
        id: state.nextUserId++,
        email: data.email,
        name: data.name,
        family_name: data.family_name,
        phone: '',
        description: '',
        type: data.type,
        invited: true,
        created_at: at,
        updated_at: at,
      }
      state.users = [...state.users, created]
      return json(202, { email: created.email })
    }
    const userMatch = /^\/api\/users\/(\d+)$/.exec(path)
    if (userMatch) {
      const id = Number(userMatch[1])
      const target = state.users.find((user) => user.id === id)
      if (!target) return refuse(404, 'not_found')
      const admins = state.users.filter((user) => user.type < 2)
      const isLastAdmin = target.type < 2 && admins.length === 1
      if (method === 'PUT') {
        const data = check<Partial<AccountUser>>(updateUserSchema)
        if (data instanceof Response) return data
        if (isLastAdmin && data.type === 2) return refuse(400, 'last_admin')
        const saved = { ...target, ...data }
        state.users = state.users.map((user) => (user.id === id ? saved : user))
        return json(200, saved)
      }
      if (method === 'DELETE') {
        // Oneself only through DELETE /api/users/me, with the password.
        if (id === state.me.user.id) return refuse(403, 'access_denied')
        if (isLastAdmin) return refuse(400, 'last_admin')
        state.users = state.users.filter((user) => user.id !== id)
        return ok()
      }
    }
    if (path === '/api/about' && method === 'GET')
      return json(200, {
        help_urls: { en: 'https://help.example.com/en/', pl: 'https://help.example.com/pl/' },
        order_email: 'orders@example.com',
        support_email: 'support@example.com',
      })
    if (path === '/api/map/settings' && method === 'GET')
      return json(200, {
        tileUrl: null,
        attribution: '',
        maxZoom: 19,
        farm: state.client.farm_place.location,
        geocoder: state.geocoder !== null,
      })
    if (path === '/api/geocode' && method === 'GET') {
      if (!isAdmin) return refuse(403, 'access_denied')
      if (state.geocoder === null) return refuse(404, 'geocoder_not_configured')
      const query = new URLSearchParams(url.split('?')[1] ?? '').get('q') ?? ''
      return json(200, { places: state.geocoder(query) })
    }
    if (path === '/api/client' && method === 'GET') return json(200, state.client)
    if (path === '/api/client' && method === 'PUT') {
      const data = check<ClientAccount>(clientAccountSchema)
      if (data instanceof Response) return data
      const taken =
        data.name.toLowerCase() !== state.client.name.toLowerCase() &&
        state.accountNames.has(data.name.toLowerCase())
      if (taken) return refuse(400, 'account_name_exists')
      state.client = { ...state.client, ...data }
      state.me = { ...state.me, user: { ...state.me.user, client_time_zone: data.time_zone } }
      return json(200, state.client)
    }
    if (path === '/api/client' && method === 'DELETE') {
      const raw = body as { confirm?: unknown; password?: unknown }
      if (raw.confirm !== true) return refuse(400, 'checkbox_not_set')
      const data = check<{ password: string }>(deleteClientAccountSchema)
      if (data instanceof Response) return data
      if (data.password !== credentials.password) return refuse(400, 'password_incorrect')
      isLoggedIn = false
      return ok()
    }
    const dashboards = answerDashboards(state, { method, path, body }, json, refuse, (error) =>
      json(400, {
        error: 'validation_failed',
        message: translate(lang, 'errors.validation_failed'),
        issues: error.issues.map((issue) => ({
          path: issue.path.map(String).join('.'),
          message: translate(lang, issue.message),
        })),
      }),
    )
    if (dashboards) return dashboards
    return refuse(404, 'not_found')
  }

  /** Calls the app made to a path, in order. */
  const callsTo = (method: string, path: string) =>
    state.calls.filter((call) => call.method === method && call.path === path)

  return { fetch, credentials, state, callsTo }
}
export type FakeServer = ReturnType<typeof createFakeServer>
