import type {
  AuditEntry,
  CredentialsCommandState,
  FleetImportJob,
  OperatorAlarm,
  OperatorClientDetail,
  OperatorModule,
  OperatorModuleDetail,
  OperatorOverview,
  OperatorUser,
} from '@kropla/domain'
import { type Lang, translate } from '@kropla/i18n'
import type { FakeServer } from './fake-server'

/** The operator's back office and the audit log, as the fake serves them. */
export interface FakeOperator {
  clients: OperatorClientDetail[]
  devices: OperatorModule[]
  alarms: OperatorAlarm[]
  audit: AuditEntry[]
  /** The last `down/credentials` of each module, by id (POST .../credentials records one, on its way). */
  credentials?: Record<number, CredentialsCommandState>
  /**
   * A background fleet import as it goes: POST .../devices/import answers the first (202), each
   * poll of its job the next, the last one for good.
   */
  importSteps?: FleetImportJob[]
}

const created = '2026-01-10T08:00:00.000Z'

export function operatorUserFixture(overrides: Partial<OperatorUser> & Pick<OperatorUser, 'id' | 'email'>) {
  return {
    name: '',
    family_name: '',
    phone: '',
    type: 1,
    id_client: 11,
    client_name: 'Sad Jabłonka',
    invited: false,
    created_at: created,
    sessions: 0,
    ...overrides,
  } satisfies OperatorUser
}

export function operatorModuleFixture(
  overrides: Partial<OperatorModule> & Pick<OperatorModule, 'id' | 'serial'>,
) {
  return {
    model: 'AM-200',
    name: overrides.serial,
    status: 1,
    connection: 1,
    id_client: 11,
    client_name: 'Sad Jabłonka',
    firmware: '1.0.0',
    created_at: created,
    activated_at: created,
    last_data_at: '2026-05-01T10:00:00.000Z',
    rejections: 0,
    login: 'secret',
    last_failed_login_at: null,
    failed_logins_recent: false,
    ...overrides,
  } satisfies OperatorModule
}

export function operatorClientFixture(
  overrides: Partial<OperatorClientDetail> & Pick<OperatorClientDetail, 'id' | 'name'>,
): OperatorClientDetail {
  return {
    full_name: '',
    type: 1,
    city: 'Grójec',
    country: 'PL',
    blocked: false,
    expires_at: null,
    created_at: created,
    users: 0,
    modules: 0,
    tax_number: '',
    address: '',
    zip: '',
    time_zone: 'Europe/Warsaw',
    user_list: [],
    module_list: [],
    ...overrides,
  }
}

export function auditEntryFixture(
  overrides: Partial<AuditEntry> & Pick<AuditEntry, 'id' | 'at'>,
): AuditEntry {
  return {
    id_client: 11,
    client_name: 'Sad Jabłonka',
    actor_user: 21,
    actor_email: 'anna@jablonka.pl',
    actor_client: 11,
    actor_client_name: 'Sad Jabłonka',
    support: false,
    ip: '192.0.2.10',
    via: 'http',
    action: 'update',
    entity: 'groups',
    entity_id: '5',
    before: null,
    after: null,
    reason: null,
    ...overrides,
  }
}

/** A small fleet of two client accounts (one blocked) besides the operator's own (id 3). */
export function fakeOperator(): FakeOperator {
  const anna = operatorUserFixture({ id: 21, email: 'anna@jablonka.pl', name: 'Anna', sessions: 1 })
  const probe = operatorModuleFixture({ id: 31, serial: 'JAB-AIR-1', name: 'Greenhouse air' })
  return {
    clients: [
      operatorClientFixture({ id: 3, name: 'Demo Farm Kropla' }),
      operatorClientFixture({
        id: 11,
        name: 'Sad Jabłonka',
        full_name: 'Sad Jabłonka sp. z o.o.',
        users: 1,
        modules: 1,
        expires_at: '2027-03-01T00:00:00.000Z',
        user_list: [anna],
        module_list: [probe],
      }),
      operatorClientFixture({ id: 12, name: 'Closed Farm', blocked: true, city: 'Łódź' }),
    ],
    devices: [
      probe,
      operatorModuleFixture({
        id: 32,
        serial: 'FREE-0001',
        model: 'AM-100-103',
        // The objects table's default: a module nobody has activated still reads status 1.
        status: 1,
        connection: 0,
        id_client: null,
        client_name: null,
        activated_at: null,
        last_data_at: null,
      }),
    ],
    alarms: [
      {
        id: 41,
        id_client: 11,
        client_name: 'Sad Jabłonka',
        id_object: 31,
        object_name: 'Greenhouse air',
        serial: 'JAB-AIR-1',
        model: 'AM-200',
        alarm_name: 'TEMP_1_gt',
        field: 'TEMP_1',
        threshold: 30,
        value: 31.5,
        active: true,
        activation_date: '2026-05-01T10:00:00.000Z',
        inactivation_date: null,
        confirmation_date: null,
        confirmation_user_name: null,
      },
    ],
    audit: [],
  }
}

/** The operator's `/api/admin/...` and both audit logs on top of the fake server. */
export function withOperator(server: FakeServer, data: FakeOperator) {
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status })
  async function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const [path = '', search = ''] = String(input).split('?')
    const method = init?.method ?? 'GET'
    if (!/^\/api\/(admin\/(overview|clients|users$|devices|objects|alarms|audit_log)|audit_log)/.test(path))
      return server.fetch(input, init)
    const headers = (init?.headers ?? {}) as Record<string, string>
    const lang: Lang = headers['accept-language'] === 'pl' ? 'pl' : 'en'
    server.state.calls.push({ method, path: `${path}${search ? `?${search}` : ''}`, body: undefined })
    const refuse = (status: number, code: string) =>
      json(status, { error: code, message: translate(lang, `errors.${code}`) })
    const { user } = server.state.me
    if (path.startsWith('/api/admin/') && user.type !== 0) return refuse(403, 'access_denied')
    const detail = (module: OperatorModule): OperatorModuleDetail => ({
      ...module,
      lng: null,
      lat: null,
      ingest_rejections: [],
      credentials: data.credentials?.[module.id] ?? null,
    })
    const moduleAt = (id: string | undefined) => data.devices.find((row) => row.id === Number(id))
    const credentials = /^\/api\/admin\/devices\/(\d+)\/credentials$/.exec(path)
    if (credentials && method === 'POST') {
      const module = moduleAt(credentials[1])
      if (!module) return refuse(404, 'not_found')
      if (module.id_client === null) return refuse(409, 'secret_needs_account')
      data.credentials = {
        ...data.credentials,
        [module.id]: {
          id: `cred-${module.id}`,
          status: 1,
          error: null,
          created_at: new Date().toISOString(),
          acked_at: null,
        },
      }
      return json(200, detail(module))
    }
    if (path === '/api/admin/devices/import' && method === 'POST' && data.importSteps?.length)
      return json(202, data.importSteps[0])
    const importJob = /^\/api\/admin\/devices\/import\/([\w-]+)$/.exec(path)
    if (importJob && method === 'GET') {
      const steps = data.importSteps ?? []
      if (steps[0]?.id !== importJob[1]) return refuse(404, 'not_found')
      if (steps.length > 1) steps.shift()
      return json(200, steps[0])
    }
    if (method !== 'GET') return refuse(404, 'not_found')
    const device = /^\/api\/admin\/(?:devices|objects)\/(\d+)$/.exec(path)
    if (device) {
      const module = moduleAt(device[1])
      return module ? json(200, detail(module)) : refuse(404, 'not_found')
    }
    const summary = ({ user_list: _users, module_list: _modules, ...client }: OperatorClientDetail) => {
      const { tax_number: _t, address: _a, zip: _z, time_zone: _tz, ...row } = client
      return row
    }
    if (path === '/api/admin/overview') return json(200, overview(data))
    if (path === '/api/admin/clients') return json(200, data.clients.map(summary))
    const client = /^\/api\/admin\/clients\/(\d+)$/.exec(path)
    if (client) {
      const found = data.clients.find((row) => row.id === Number(client[1]))
      return found ? json(200, found) : refuse(404, 'not_found')
    }
    if (path === '/api/admin/users')
      return json(
        200,
        data.clients.flatMap((row) => row.user_list),
      )
    if (path === '/api/admin/devices') return json(200, data.devices)
    if (path === '/api/admin/objects')
      return json(
        200,
        data.devices.filter((row) => row.id_client !== null),
      )
    if (path === '/api/admin/alarms') return json(200, data.alarms)
    const own = path.startsWith('/api/audit_log')
    const scope = own ? user.id_client : undefined
    if (path.endsWith('/filters')) {
      const clients = data.clients.filter((row) => scope === undefined || row.id === scope)
      return json(200, {
        clients: clients.map((row) => ({ id: row.id, name: row.name })),
        users: clients.flatMap((row) =>
          row.user_list.map((one) => ({ id: one.id, email: one.email, id_client: row.id })),
        ),
        entities: [
          ...new Set(
            data.audit
              .filter((row) => scope === undefined || row.id_client === scope)
              .map((row) => row.entity),
          ),
        ].sort(),
      })
    }
    const query = new URLSearchParams(search)
    const idClient = scope ?? (query.get('id_client') ? Number(query.get('id_client')) : undefined)
    const idUser = query.get('id_user') ? Number(query.get('id_user')) : undefined
    const entity = query.get('entity') ?? undefined
    const from = query.get('from') ? Date.parse(query.get('from') as string) : undefined
    const to = query.get('to') ? Date.parse(query.get('to') as string) : undefined
    const entries = data.audit
      .filter(
        (row) =>
          (idClient === undefined || row.id_client === idClient) &&
          (idUser === undefined || row.actor_user === idUser) &&
          (entity === undefined || row.entity === entity) &&
          (from === undefined || Date.parse(row.at) >= from) &&
          (to === undefined || Date.parse(row.at) <= to),
      )
      .sort((a, b) => b.at.localeCompare(a.at))
    return json(200, { entries, truncated: false })
  }
  return { ...server, fetch }
}

function overview(data: FakeOperator): OperatorOverview {
  const clients = data.clients.filter((row) => row.id !== 3)
  return {
    clients: { total: clients.length, blocked: clients.filter((row) => row.blocked).length, expired: 0 },
    users: clients.reduce((sum, row) => sum + row.user_list.length, 0),
    fleet: {
      total: data.devices.length,
      activated: data.devices.filter((row) => row.status === 1).length,
      connected: data.devices.filter((row) => row.connection === 1).length,
      silent: 1,
    },
    silent_after_hours: 24,
    expiring_within_days: 30,
    silent_modules: [
      {
        id: 31,
        serial: 'JAB-AIR-1',
        name: 'Greenhouse air',
        id_client: 11,
        client_name: 'Sad Jabłonka',
        last_data_at: '2026-05-01T10:00:00.000Z',
      },
    ],
    expiring_clients: [
      { id: 11, name: 'Sad Jabłonka', expires_at: '2027-03-01T00:00:00.000Z', blocked: false },
    ],
  }
}
