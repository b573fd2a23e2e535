import { beforeAll, describe, expect, it } from 'vitest'
import { storeReadings, storeRejections } from '../../ingest/readings-dal'
import { useTestDatabase } from '../../test/test-database'
import { createOperatorDal, type OperatorDal } from './operator-dal'

/**
 * The operator's reads and writes across every account, called directly on a real database of
 * this file's own (PGlite, or PostgreSQL with TEST_DATABASE_URL), so the overview's counts are exact.
 */
const used = useTestDatabase()
let dal: OperatorDal
let seeded: Awaited<ReturnType<typeof seed>>
const now = new Date()
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000)
beforeAll(async () => {
  dal = createOperatorDal(used.database.pool)
  seeded = await seed()
})

const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await used.database.pool.query(text, values)).rows as T[]

async function addUser(idClient: number, email: string) {
  const [user] = await query<{ id: number }>(
    'insert into users (id_client, email) values ($1, $2) returning id',
    [idClient, email],
  )
  return user!.id
}
async function addSession(userId: number, idClient: number, expiresAt: Date) {
  const id = `s${Math.random().toString(36).slice(2)}`
  await query(
    'insert into sessions (id, user_id, id_client, csrf_token, expires_at) values ($1, $2, $3, $4, $5)',
    [id, userId, idClient, 'csrf', expiresAt],
  )
  return id
}

/**
 * Alpha (three modules: connected, silent, never heard from), Beta (blocked, one module), Gamma
 * (expired), Delta (expiring within the week); one module in the fleet only.
 */
async function seed() {
  const alpha = await used.rows.client({ name: 'Alpha' })
  const beta = await used.rows.client({ name: 'Beta', blocked: true })
  const gamma = await used.rows.client({ name: 'Gamma', expires_at: daysAgo(1) })
  const delta = await used.rows.client({ name: 'Delta', expires_at: daysAgo(-5) })
  const fleetOnly = await used.rows.module(null, { serial: 'F-1' })
  const connected = await used.rows.module(alpha, { serial: 'A-1', name: 'North', last_data_at: now })
  await query('update objects set connection = 1 where id = $1', [connected])
  const silent = await used.rows.module(alpha, { serial: 'A-2', name: 'East', last_data_at: daysAgo(3) })
  const never = await used.rows.module(alpha, { serial: 'A-3', name: 'East' })
  const betas = await used.rows.module(beta, { serial: 'B-1', last_data_at: now })
  const ann = await addUser(alpha, 'ann@alpha.test')
  const abe = await addUser(alpha, 'abe@alpha.test')
  const bob = await addUser(beta, 'bob@beta.test')
  await addSession(ann, alpha, daysAgo(-1))
  await addSession(ann, alpha, daysAgo(1))
  await storeRejections(used.database.pool, [
    { serial: 'A-1', reason: 'bad_value', count: 2, detail: 'T', at: daysAgo(2) },
    { serial: 'A-1', reason: 'unknown_field', count: 3, detail: 'X', at: daysAgo(1) },
  ])
  return { alpha, beta, gamma, delta, fleetOnly, connected, silent, never, betas, ann, abe, bob }
}

describe('the overview', () => {
  it('counts accounts, users and modules exactly, and lists the silent modules and the expiring accounts in order', async () => {
    const { alpha, gamma, delta, silent, never } = seeded
    const overview = await dal.overview(daysAgo(1), daysAgo(-7))
    expect(overview.clients).toEqual({ total: 4, blocked: 1, expired: 1 })
    expect(overview.users).toBe(3)
    expect(overview.fleet).toEqual({ total: 5, activated: 4, connected: 1, silent: 2 })
    expect(
      overview.silent_modules.map((module) => [module.id, module.id_client, module.client_name]),
    ).toEqual([
      [never, alpha, 'Alpha'],
      [silent, alpha, 'Alpha'],
    ])
    expect(overview.silent_modules[1]!.last_data_at).toBe(daysAgo(3).toISOString())
    expect(overview.expiring_clients.map((client) => client.id)).toEqual([gamma, delta])
  })
})

describe('accounts', () => {
  it('are listed by name with their own users and modules counted', async () => {
    const clients = await dal.clients()
    expect(clients.map((client) => [client.name, client.users, client.modules, client.blocked])).toEqual([
      ['Alpha', 2, 3, false],
      ['Beta', 1, 1, true],
      ['Delta', 0, 0, false],
      ['Gamma', 0, 0, false],
    ])
  })

  it("one account: only its users (active sessions counted) and its modules (refusals summed), none of another's", async () => {
    const { alpha, connected, silent, never } = seeded
    const client = await dal.client(alpha)
    expect(client?.user_list.map((user) => [user.email, user.sessions])).toEqual([
      ['abe@alpha.test', 0],
      ['ann@alpha.test', 1],
    ])
    // By name, then id.
    expect(client?.module_list.map((module) => [module.id, module.rejections])).toEqual([
      [silent, 0],
      [never, 0],
      [connected, 5],
    ])
    expect(await dal.client(2_000_000)).toBeNull()
  })

  it('access: blocked and expiry each changed only when given; an unknown account is false', async () => {
    const id = await used.rows.client({ name: 'Epsilon' })
    const access = async () => (await query('select blocked, expires_at from clients where id = $1', [id]))[0]
    expect(await dal.setAccess(id, { blocked: true })).toBe(true)
    expect(await access()).toEqual({ blocked: true, expires_at: null })
    await dal.setAccess(id, { expiresAt: daysAgo(-10) })
    expect(await access()).toEqual({ blocked: true, expires_at: daysAgo(-10) })
    await dal.setAccess(id, { blocked: false })
    expect(await access()).toEqual({ blocked: false, expires_at: daysAgo(-10) })
    await dal.setAccess(id, { expiresAt: null })
    expect(await access()).toEqual({ blocked: false, expires_at: null })
    expect(await dal.setAccess(2_000_000, { blocked: true })).toBe(false)
  })

  it("ending its sessions ends its users' and those working in it, each a forced logout in its log, and no one else's", async () => {
    const id = await used.rows.client({ name: 'Zeta' })
    const other = await used.rows.client({ name: 'Eta' })
    const own = await addUser(id, 'zoe@zeta.test')
    const visitor = await addUser(other, 'op@eta.test')
    const ownSession = await addSession(own, id, daysAgo(-1))
    const visiting = await addSession(visitor, id, daysAgo(-1))
    const elsewhere = await addSession(visitor, other, daysAgo(-1))
    expect((await dal.endClientSessions(id)).sort()).toEqual([ownSession, visiting].sort())
    expect(
      (await query<{ id: string }>('select id from sessions where user_id = any($1)', [[own, visitor]])).map(
        (s) => s.id,
      ),
    ).toEqual([elsewhere])
    const logged = await query<{ entity_id: string }>(
      "select entity_id from audit_log where action = 'logout_forced' and id_client = $1 order by entity_id",
      [id],
    )
    expect(logged.map((entry) => Number(entry.entity_id))).toEqual([own, visitor].sort((a, b) => a - b))
  })
})

describe('users and modules of every account', () => {
  it('users by e-mail, modules by serial (all, or the activated only), one module with its refusals latest first', async () => {
    expect((await dal.users()).slice(0, 3).map((user) => user.email)).toEqual([
      'abe@alpha.test',
      'ann@alpha.test',
      'bob@beta.test',
    ])
    const serials = async (activatedOnly: boolean) =>
      (await dal.modules(activatedOnly))
        .map((module) => module.serial)
        .filter((serial) => /^[ABF]-/.test(serial))
    expect(await serials(false)).toEqual(['A-1', 'A-2', 'A-3', 'B-1', 'F-1'])
    expect(await serials(true)).toEqual(['A-1', 'A-2', 'A-3', 'B-1'])
    const module = await dal.module(seeded.connected)
    expect(module).toMatchObject({ serial: 'A-1', client_name: 'Alpha', connection: 1, rejections: 5 })
    expect(module?.ingest_rejections.map((rejection) => [rejection.reason, rejection.count])).toEqual([
      ['unknown_field', 3],
      ['bad_value', 2],
    ])
    expect(await dal.module(2_000_000)).toBeNull()
    expect([...(await dal.existingSerials(['A-1', 'F-1', 'Z-9']))].sort()).toEqual(['A-1', 'F-1'])
    expect(await dal.existingSerials([])).toEqual(new Set())
  })

  it('adding modules is all or nothing: a serial already in the fleet adds none of the batch', async () => {
    const batch = [
      { serial: 'N-1', pin: '1111', model: 'AM-411', secretHash: null },
      { serial: 'A-1', pin: '2222', model: 'AM-411', secretHash: null },
    ]
    expect(await dal.addModules(batch)).toBeNull()
    expect(await dal.existingSerials(['N-1'])).toEqual(new Set())
    const ids = await dal.addModules([
      batch[0]!,
      { serial: 'N-2', pin: '3333', model: 'AM-401', secretHash: null },
    ])
    expect(ids).toHaveLength(2)
    expect(
      await query(
        'select serial, name, id_client, last_device_model from objects where id = any($1) order by serial',
        [ids],
      ),
    ).toEqual([
      { serial: 'N-1', name: 'N-1', id_client: null, last_device_model: 'AM-411' },
      { serial: 'N-2', name: 'N-2', id_client: null, last_device_model: 'AM-401' },
    ])
  })

  it("deleting a module takes its readings and rollups, and no other module's", async () => {
    const idClient = await used.rows.client()
    const [gone, kept] = [await used.rows.module(idClient), await used.rows.module(idClient)]
    const reading = (objectId: number) => ({ objectId, field: 'T', ts: daysAgo(1), value: 1, idClient })
    await storeReadings(used.database.pool, [reading(gone), reading(kept)])
    expect(await dal.deleteModule(gone)).toEqual({ idClient })
    expect(await dal.deleteModule(gone)).toBeNull()
    for (const table of ['readings', 'latest_readings', 'readings_hourly', 'readings_daily'])
      expect(
        (
          await query<{ object_id: number }>(`select object_id from ${table} where object_id = any($1)`, [
            [gone, kept],
          ])
        ).map((row) => row.object_id),
        table,
      ).toEqual([kept])
    expect(await query('select id from objects where id = $1', [gone])).toEqual([])
  })
})

describe('alarms and messages', () => {
  it('alarms of every account, newest first, not the deleted; confirming touches only the unconfirmed', async () => {
    const { alpha, beta, connected, betas, ann } = seeded
    const alarm = async (idClient: number, idObject: number, activation: Date, deleted = false) =>
      (
        await query<{ id: number }>(
          `insert into alarms (id_client, id_object, alarm_name, activation_date, deleted, active)
           values ($1, $2, $3, $4, $5, false) returning id`,
          [idClient, idObject, `T_gt${Math.random()}`, activation, deleted],
        )
      )[0]!.id
    const older = await alarm(alpha, connected, daysAgo(2))
    const newer = await alarm(beta, betas, daysAgo(1))
    await alarm(alpha, connected, daysAgo(0.5), true)
    expect((await dal.alarms()).map((row) => [row.id, row.client_name, row.serial])).toEqual([
      [newer, 'Beta', 'B-1'],
      [older, 'Alpha', 'A-1'],
    ])
    const confirmed = await dal.confirmAlarms([older, newer], { id: ann, name: 'Ann' }, now)
    expect(confirmed.sort((a, b) => a - b)).toEqual([older, newer].sort((a, b) => a - b))
    expect(await dal.confirmAlarms([older, newer], { id: ann, name: 'Ann' }, now)).toEqual([])
    expect((await dal.alarms()).map((row) => [row.confirmation_user_name, row.confirmation_date])).toEqual([
      ['Ann', now.toISOString()],
      ['Ann', now.toISOString()],
    ])
  })

  it("a message's readers by e-mail with their read and deleted dates; an unknown message is null", async () => {
    const { ann, bob } = seeded
    const [message] = await query<{ id: number }>(
      `insert into messages (subject_pl, subject_en, content_pl, content_en, recipients, publication_date)
       values ('t', 't', 'c', 'c', '{"kind": "all"}', now()) returning id`,
    )
    await query(
      'insert into user_messages (id_message, id_user, read_date) values ($1, $2, $3), ($1, $4, null)',
      [message!.id, bob, daysAgo(1), ann],
    )
    expect(await dal.messageReaders(message!.id)).toEqual([
      {
        id_user: ann,
        email: 'ann@alpha.test',
        name: '',
        client_name: 'Alpha',
        read_date: null,
        deleted_at: null,
      },
      {
        id_user: bob,
        email: 'bob@beta.test',
        name: '',
        client_name: 'Beta',
        read_date: daysAgo(1).toISOString(),
        deleted_at: null,
      },
    ])
    expect(await dal.messageReaders(2_000_000)).toBeNull()
  })
})
