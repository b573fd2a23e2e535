import type { CredentialsCommandState, IngestRejection } from '@kropla/domain'
import type pg from 'pg'
import { credentialsCommandType } from '../commands/commands-dal'
import type { StoredFleetModule } from '../fleet/fleet-dal'

const iso = (value: Date | null) => (value ? value.toISOString() : null)

/**
 * Why ingest refused a module's messages, per reason, the latest first (the operator's module page
 * and the test area's diagnostics).
 */
export async function ingestRejectionsOf(
  pool: Pick<pg.Pool, 'query'>,
  serial: string,
): Promise<IngestRejection[]> {
  const rejections = await pool.query<{ reason: string; count: string; last_at: Date; last_detail: string }>(
    'select reason, count, last_at, last_detail from ingest_rejections where serial = $1 order by last_at desc',
    [serial],
  )
  return rejections.rows.map((r) => ({
    reason: r.reason,
    count: Number(r.count),
    last_at: r.last_at.toISOString(),
    last_detail: r.last_detail,
  }))
}

interface DbModule {
  id: number
  serial: string
  model: string
  name: string
  status: number
  connection: number
  id_client: number | null
  client_name: string | null
  firmware: string | null
  created_at: Date
  activated_at: Date | null
  last_data_at: Date | null
  rejections: string | number
  has_secret: boolean
  last_failed_login_at: Date | null
  lng: number | null
  lat: number | null
}

/** The rejections a failed device login is counted as (ingest/device-login.ts). */
const failedLoginReasons = ['wrong_pin', 'wrong_secret', 'login_throttled']

const moduleSelect = `
select o.id, o.serial, o.last_device_model as model, o.name, o.status, o.connection, o.id_client,
  c.name as client_name, o.firmware, o.created_at, o.activated_at, o.last_data_at, o.lng, o.lat,
  coalesce((select sum(r.count) from ingest_rejections r where r.serial = o.serial), 0) as rejections,
  o.secret_hash is not null as has_secret,
  (select max(r.last_at) from ingest_rejections r
    where r.serial = o.serial and r.reason in (${failedLoginReasons.map((reason) => `'${reason}'`).join(', ')})
  ) as last_failed_login_at
from objects o
left join clients c on c.id = o.id_client`

/** A module as the operator lists it; `failed_logins_recent` is added by the service, which has the clock. */
function moduleOut(row: DbModule) {
  return {
    id: row.id,
    serial: row.serial,
    model: row.model,
    name: row.name,
    status: row.status,
    connection: row.connection,
    id_client: row.id_client,
    client_name: row.client_name,
    firmware: row.firmware,
    created_at: row.created_at.toISOString(),
    activated_at: iso(row.activated_at),
    last_data_at: iso(row.last_data_at),
    rejections: Number(row.rejections),
    login: row.has_secret ? ('secret' as const) : ('pin' as const),
    last_failed_login_at: iso(row.last_failed_login_at),
  }
}

interface DbUser {
  id: number
  email: string
  name: string
  family_name: string
  phone: string
  type: number
  id_client: number
  client_name: string
  invited: boolean
  created_at: Date
  sessions: string | number
}

const userSelect = `
select u.id, u.email, u.name, u.family_name, u.phone, u.type, u.id_client, c.name as client_name, u.invited,
  u.created_at, (select count(*) from sessions s where s.user_id = u.id and s.expires_at > now()) as sessions
from users u join clients c on c.id = u.id_client`

const userOut = (row: DbUser) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  sessions: Number(row.sessions),
})

interface DbClient {
  id: number
  name: string
  full_name: string
  type: number
  city: string
  country: string
  blocked: boolean
  expires_at: Date | null
  created_at: Date
  users: string | number
  modules: string | number
  tax_number: string
  address: string
  zip: string
  time_zone: string
}

const clientSelect = `
select c.id, c.name, c.full_name, c.type, c.city, c.country, c.blocked, c.expires_at, c.created_at,
  c.tax_number, c.address, c.zip, c.time_zone,
  (select count(*) from users u where u.id_client = c.id) as users,
  (select count(*) from objects o where o.id_client = c.id) as modules
from clients c`

const clientOut = (row: DbClient) => ({
  id: row.id,
  name: row.name,
  full_name: row.full_name,
  type: row.type,
  city: row.city,
  country: row.country,
  blocked: row.blocked,
  expires_at: iso(row.expires_at),
  created_at: row.created_at.toISOString(),
  users: Number(row.users),
  modules: Number(row.modules),
})

/**
 * The operator's reads and writes across every client account (the only place that is not
 * scoped to one account: its routes are for Adminus only).
 */
export function createOperatorDal(pool: pg.Pool) {
  const count = async (text: string, params: unknown[] = []) =>
    Number((await pool.query<{ n: string }>(text, params)).rows[0]?.n ?? 0)

  return {
    async overview(silentBefore: Date, expiringBefore: Date) {
      const [clientsTotal, blocked, expired, users, fleet, activated, connected, silent] = await Promise.all([
        count('select count(*) as n from clients'),
        count('select count(*) as n from clients where blocked'),
        count('select count(*) as n from clients where expires_at <= now()'),
        count('select count(*) as n from users'),
        count('select count(*) as n from objects'),
        count('select count(*) as n from objects where id_client is not null'),
        count('select count(*) as n from objects where id_client is not null and connection = 1'),
        count(
          'select count(*) as n from objects where id_client is not null and (last_data_at is null or last_data_at < $1)',
          [silentBefore],
        ),
      ])
      const silentRows = await pool.query<{
        id: number
        serial: string
        name: string
        id_client: number | null
        client_name: string | null
        last_data_at: Date | null
      }>(
        `select o.id, o.serial, o.name, o.id_client, c.name as client_name, o.last_data_at
         from objects o join clients c on c.id = o.id_client
         where o.last_data_at is null or o.last_data_at < $1
         order by o.last_data_at asc nulls first, o.id limit 200`,
        [silentBefore],
      )
      const expiring = await pool.query<{ id: number; name: string; expires_at: Date; blocked: boolean }>(
        `select id, name, expires_at, blocked from clients
         where expires_at is not null and expires_at <= $1 order by expires_at asc, id limit 200`,
        [expiringBefore],
      )
      return {
        clients: { total: clientsTotal, blocked, expired },
        users,
        fleet: { total: fleet, activated, connected, silent },
        silent_modules: silentRows.rows.map((row) => ({ ...row, last_data_at: iso(row.last_data_at) })),
        expiring_clients: expiring.rows.map((row) => ({ ...row, expires_at: row.expires_at.toISOString() })),
      }
    },

    async clients() {
      return (await pool.query<DbClient>(`${clientSelect} order by c.name`)).rows.map(clientOut)
    },

    async client(id: number) {
      const row = (await pool.query<DbClient>(`${clientSelect} where c.id = $1`, [id])).rows[0]
      if (!row) return null
      const [userList, moduleList] = await Promise.all([
        pool.query<DbUser>(`${userSelect} where u.id_client = $1 order by u.email`, [id]),
        pool.query<DbModule>(`${moduleSelect} where o.id_client = $1 order by o.name, o.id`, [id]),
      ])
      return {
        ...clientOut(row),
        tax_number: row.tax_number,
        address: row.address,
        zip: row.zip,
        time_zone: row.time_zone,
        user_list: userList.rows.map(userOut),
        module_list: moduleList.rows.map(moduleOut),
      }
    },

    /** Sets the account's blocked flag and/or expiry; false when there is no such account. */
    async setAccess(id: number, change: { blocked?: boolean; expiresAt?: Date | null }) {
      const result = await pool.query(
        `update clients set
           blocked = case when $2::boolean is null then blocked else $2::boolean end,
           expires_at = case when $3::boolean then $4::timestamptz else expires_at end,
           updated_at = now()
         where id = $1`,
        [id, change.blocked ?? null, change.expiresAt !== undefined, change.expiresAt ?? null],
      )
      return (result.rowCount ?? 0) > 0
    },

    /** Ends every session of the account's own users and every session working in it; answers their ids. */
    async endClientSessions(id: number) {
      // Each ended session is a forced logout in the audit log, in the same statement.
      const result = await pool.query<{ id: string }>(
        `with ended as (
           delete from sessions where id_client = $1 or user_id in (select id from users where id_client = $1)
           returning id, user_id)
         select e.id, audit_record('logout_forced', 'sessions', e.user_id::text, $1::integer, null,
           jsonb_build_object('user', (select u.email from users u where u.id = e.user_id)), null) is null as recorded
           from ended e`,
        [id],
      )
      return result.rows.map((row) => row.id)
    },

    async users() {
      return (await pool.query<DbUser>(`${userSelect} order by u.email`)).rows.map(userOut)
    },

    async modules(activatedOnly: boolean) {
      const where = activatedOnly ? ' where o.id_client is not null' : ''
      return (await pool.query<DbModule>(`${moduleSelect}${where} order by o.serial`)).rows.map(moduleOut)
    },

    async module(id: number) {
      const row = (await pool.query<DbModule>(`${moduleSelect} where o.id = $1`, [id])).rows[0]
      if (!row) return null
      const credentials = await pool.query<{
        id: string
        status: number
        error: string | null
        created_at: Date
        acked_at: Date | null
      }>(
        `select id, status, error, created_at, acked_at from commands
         where id_object = $1 and type = $2 order by created_at desc, id desc limit 1`,
        [id, credentialsCommandType],
      )
      const last = credentials.rows[0]
      return {
        ...moduleOut(row),
        lng: row.lng,
        lat: row.lat,
        ingest_rejections: await ingestRejectionsOf(pool, row.serial),
        credentials: last
          ? ({
              ...last,
              created_at: last.created_at.toISOString(),
              acked_at: iso(last.acked_at),
            } as CredentialsCommandState)
          : null,
      }
    },

    /** Which of these serial numbers the fleet has already. */
    async existingSerials(serials: string[]) {
      if (!serials.length) return new Set<string>()
      const result = await pool.query<{ serial: string }>(
        'select serial from objects where serial = any($1::text[])',
        [serials],
      )
      return new Set(result.rows.map((row) => row.serial))
    },

    /**
     * Adds a part of a fleet import in one statement (one short transaction, so other work goes
     * between the parts, ADR 0094): the ids of those added and the serials the fleet had already.
     */
    async addModulesPart(modules: StoredFleetModule[]) {
      const result = await pool.query<{ id: number; serial: string }>(
        `insert into objects (serial, pin, secret_hash, last_device_model, name)
         select serial, pin, secret_hash, model, serial
         from unnest($1::text[], $2::text[], $3::text[], $4::text[]) as m(serial, pin, secret_hash, model)
         on conflict (serial) do nothing returning id, serial`,
        [
          modules.map((module) => module.serial),
          modules.map((module) => module.pin),
          modules.map((module) => module.secretHash),
          modules.map((module) => module.model),
        ],
      )
      const added = new Set(result.rows.map((row) => row.serial))
      return {
        ids: result.rows.map((row) => row.id),
        taken: modules.filter((module) => !added.has(module.serial)).map((module) => module.serial),
      }
    },

    /** Takes back modules an import added (never activated: nothing else refers to them). */
    async removeImported(ids: number[]) {
      if (!ids.length) return
      await pool.query('delete from objects where id = any($1::int[]) and id_client is null', [ids])
    },

    /** Adds manufactured modules (not activated) in one transaction; a serial already there is refused (null). */
    async addModules(modules: StoredFleetModule[]) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const ids: number[] = []
        for (const module of modules) {
          const inserted = await client.query<{ id: number }>(
            `insert into objects (serial, pin, secret_hash, last_device_model, name) values ($1, $2, $3, $4, $1)
             on conflict (serial) do nothing returning id`,
            [module.serial, module.pin, module.secretHash, module.model],
          )
          const id = inserted.rows[0]?.id
          if (id === undefined) {
            await client.query('rollback')
            return null
          }
          ids.push(id)
        }
        await client.query('commit')
        return ids
      } catch (error) {
        await client.query('rollback')
        throw error
      } finally {
        client.release()
      }
    },

    /** Deletes a module with its readings; its alarms, outputs and the rest go with it (foreign keys). */
    async deleteModule(id: number) {
      const client = await pool.connect()
      try {
        await client.query('begin')
        const found = await client.query<{ id_client: number | null }>(
          'select id_client from objects where id = $1 for update',
          [id],
        )
        if (!found.rows[0]) {
          await client.query('rollback')
          return null
        }
        for (const table of ['readings', 'latest_readings', 'readings_hourly', 'readings_daily'])
          await client.query(`delete from ${table} where object_id = $1`, [id])
        await client.query('delete from objects where id = $1', [id])
        await client.query('commit')
        return { idClient: found.rows[0].id_client }
      } catch (error) {
        await client.query('rollback')
        throw error
      } finally {
        client.release()
      }
    },

    async alarms() {
      const result = await pool.query<{
        id: string | number
        id_client: number
        client_name: string
        id_object: number
        object_name: string
        serial: string
        model: string
        alarm_name: string
        field: string | null
        threshold: number | null
        value: number | null
        active: boolean
        activation_date: Date
        inactivation_date: Date | null
        confirmation_date: Date | null
        confirmation_user_name: string | null
      }>(
        `select a.id, a.id_client, c.name as client_name, a.id_object, o.name as object_name, o.serial,
           o.last_device_model as model, a.alarm_name,
           a.field, a.threshold, a.value, a.active, a.activation_date, a.inactivation_date, a.confirmation_date,
           a.confirmation_user_name
         from alarms a join objects o on o.id = a.id_object join clients c on c.id = a.id_client
         where not a.deleted order by a.activation_date desc, a.id desc limit 20000`,
      )
      return result.rows.map((row) => ({
        ...row,
        id: Number(row.id),
        activation_date: row.activation_date.toISOString(),
        inactivation_date: iso(row.inactivation_date),
        confirmation_date: iso(row.confirmation_date),
      }))
    },

    /** Confirms the unconfirmed alarms among `ids`, of any account; answers the ids it confirmed. */
    async confirmAlarms(ids: number[], user: { id: number; name: string }, at: Date) {
      const result = await pool.query<{ id: string | number }>(
        `update alarms set confirmation_date = $2, confirmed_by = $3, confirmation_user_name = $4, updated_at = $2
         where id = any($1::bigint[]) and confirmation_date is null and not deleted returning id`,
        [ids, at, user.id, user.name],
      )
      return result.rows.map((row) => Number(row.id))
    },

    /** Who got one message and whether they read it; null when there is no such message. */
    async messageReaders(idMessage: number) {
      const exists = await count('select count(*) as n from messages where id = $1', [idMessage])
      if (!exists) return null
      const result = await pool.query<{
        id_user: number
        email: string
        name: string
        client_name: string
        read_date: Date | null
        deleted_at: Date | null
      }>(
        `select u.id as id_user, u.email, trim(u.name || ' ' || u.family_name) as name, c.name as client_name,
           um.read_date, um.deleted_at
         from user_messages um join users u on u.id = um.id_user join clients c on c.id = u.id_client
         where um.id_message = $1 order by u.email`,
        [idMessage],
      )
      return result.rows.map((row) => ({
        ...row,
        read_date: iso(row.read_date),
        deleted_at: iso(row.deleted_at),
      }))
    },
  }
}
export type OperatorDal = ReturnType<typeof createOperatorDal>
