import { type AlarmListQuery, type AlarmRow, type BaseAlarms, moduleStatus } from '@kropla/domain'
import type pg from 'pg'

/** The alarm as the API and the `alarms` event carry it: module name and serial, who confirmed and removed it. */
const rowSelect = `
select a.id, a.id_client, a.id_object, o.name as object_name, o.serial as object_serial, a.alarm_name, a.field,
  a.threshold, a.value, a.activation_date, a.inactivation_date, a.active,
  a.confirmation_date is not null as confirmed, a.confirmation_date, a.confirmed_by, a.confirmation_user_name,
  a.deleted, a.deletion_date, nullif(trim(coalesce(du.name, '') || ' ' || coalesce(du.family_name, '')), '') as deleted_by_name,
  du.email as deleted_by_email, a.updated_at
from alarms a
join objects o on o.id = a.id_object
left join users du on du.id = a.deleted_by`

interface DbAlarm {
  id: number
  id_client: number
  id_object: number
  object_name: string
  object_serial: string
  alarm_name: string
  field: string | null
  threshold: number | null
  value: number | null
  activation_date: Date
  inactivation_date: Date | null
  active: boolean
  confirmed: boolean
  confirmation_date: Date | null
  confirmed_by: number | null
  confirmation_user_name: string | null
  deleted: boolean
  deletion_date: Date | null
  deleted_by_name: string | null
  deleted_by_email: string | null
  updated_at: Date
}

export type StoredAlarm = AlarmRow & { id_client: number }

const iso = (date: Date | null) => (date ? date.toISOString() : null)

function toRow(row: DbAlarm): StoredAlarm {
  return {
    id: row.id,
    id_client: row.id_client,
    id_object: row.id_object,
    object_name: row.object_name,
    object_serial: row.object_serial,
    alarm_name: row.alarm_name,
    field: row.field,
    threshold: row.threshold,
    value: row.value,
    activation_date: row.activation_date.toISOString(),
    inactivation_date: iso(row.inactivation_date),
    active: row.active,
    confirmed: row.confirmed,
    confirmation_date: iso(row.confirmation_date),
    confirmed_by: row.confirmed_by,
    confirmation_user_name: row.confirmation_user_name,
    deleted: row.deleted,
    deletion_date: iso(row.deletion_date),
    deleted_by_name: row.deleted_by_name ?? row.deleted_by_email,
    updated_at: row.updated_at.toISOString(),
  }
}

/** Without the account id: what the browser gets. */
export function publicRow({ id_client: _owner, ...row }: StoredAlarm): AlarmRow {
  return row
}

export interface RaiseValues {
  idClient: number
  idObject: number
  alarmName: string
  field: string | null
  threshold: number | null
  value: number | null
  at: Date
}

/** The alarms table. Every read and change of the user's routes is scoped to one client account. */
export function createAlarmsDal(pool: pg.Pool) {
  async function rowsWhere(where: string, params: unknown[], order = 'a.activation_date desc, a.id desc') {
    const result = await pool.query<DbAlarm>(`${rowSelect} where ${where} order by ${order}`, params)
    return result.rows.map(toRow)
  }
  const byIds = (ids: number[]) =>
    ids.length ? rowsWhere('a.id = any($1::bigint[])', [ids]) : Promise.resolve([])

  return {
    byIds,

    /** A module's stored configuration (its alarm thresholds), or undefined when there is no such module. */
    async moduleConfig(idObject: number): Promise<{ config: unknown } | undefined> {
      const result = await pool.query<{ config: unknown }>('select config from objects where id = $1', [
        idObject,
      ])
      return result.rows[0]
    },

    /**
     * Opens an alarm unless the same one is already active: the partial unique index on
     * (id_object, alarm_name) where active lets only one of concurrent raises insert. Null when
     * it was already active.
     */
    async raise(values: RaiseValues): Promise<StoredAlarm | null> {
      const inserted = await pool.query<{ id: number }>(
        `insert into alarms (id_client, id_object, alarm_name, field, threshold, value, activation_date, active, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, true, $7)
         on conflict (id_object, alarm_name) where active do nothing
         returning id`,
        [
          values.idClient,
          values.idObject,
          values.alarmName,
          values.field,
          values.threshold,
          values.value,
          values.at,
        ],
      )
      const id = inserted.rows[0]?.id
      return id === undefined ? null : ((await byIds([id]))[0] ?? null)
    },

    /** Ends an active alarm: inactive from `at`. Null when it was not active. */
    async clear(idObject: number, alarmName: string, at: Date): Promise<StoredAlarm | null> {
      const updated = await pool.query<{ id: number }>(
        `update alarms set active = false, inactivation_date = greatest($3::timestamptz, activation_date), updated_at = now()
         where id_object = $1 and alarm_name = $2 and active returning id`,
        [idObject, alarmName, at],
      )
      const id = updated.rows[0]?.id
      return id === undefined ? null : ((await byIds([id]))[0] ?? null)
    },

    /** Names of the module's active alarms. */
    async activeNames(idObject: number): Promise<string[]> {
      const result = await pool.query<{ alarm_name: string }>(
        'select alarm_name from alarms where id_object = $1 and active',
        [idObject],
      )
      return result.rows.map((row) => row.alarm_name)
    },

    /**
     * Raises `no_data` for every module of an account that has sent data before but none since
     * `silentSince`; only modules without an active one are tried. The new alarms come back.
     */
    async raiseNoData(silentSince: Date, at: Date): Promise<StoredAlarm[]> {
      const inserted = await pool.query<{ id: number }>(
        `insert into alarms (id_client, id_object, alarm_name, activation_date, active, updated_at)
         select o.id_client, o.id, 'no_data', $2, true, $2 from objects o
         where o.id_client is not null and o.status = $3 and o.last_data_at < $1
           and not exists (select 1 from alarms a where a.id_object = o.id and a.alarm_name = 'no_data' and a.active)
         on conflict (id_object, alarm_name) where active do nothing
         returning id`,
        [silentSince, at, moduleStatus.active],
      )
      return byIds(inserted.rows.map((row) => row.id))
    },

    async list(
      idClient: number,
      query: Required<Pick<AlarmListQuery, 'state'>> & Omit<AlarmListQuery, 'state'>,
    ) {
      const conditions = ['a.id_client = $1']
      const params: unknown[] = [idClient]
      const state = {
        all: 'not a.deleted',
        active: 'a.active and not a.deleted',
        unconfirmed: 'a.confirmation_date is null and not a.deleted',
        inactive: 'not a.active and not a.deleted',
        deleted: 'a.deleted',
      }[query.state]
      conditions.push(state)
      if (query.id_object !== undefined) {
        params.push(query.id_object)
        conditions.push(`a.id_object = $${params.length}`)
      }
      if (query.from) {
        params.push(query.from)
        conditions.push(`a.activation_date >= $${params.length}`)
      }
      if (query.to) {
        params.push(query.to)
        conditions.push(`a.activation_date <= $${params.length}`)
      }
      return rowsWhere(conditions.join(' and '), params)
    },

    history(idClient: number, idObject: number, alarmName: string) {
      return rowsWhere('a.id_client = $1 and a.id_object = $2 and a.alarm_name = $3', [
        idClient,
        idObject,
        alarmName,
      ])
    },

    async find(idClient: number, id: number): Promise<StoredAlarm | null> {
      return (await rowsWhere('a.id_client = $1 and a.id = $2', [idClient, id]))[0] ?? null
    },

    /** Confirms the account's unconfirmed, not removed alarms (one, or all when `id` is null); the changed ids. */
    async confirm(idClient: number, id: number | null, user: { id: number; name: string }, at: Date) {
      const result = await pool.query<{ id: number }>(
        `update alarms set confirmation_date = $3, confirmed_by = $4, confirmation_user_name = $5, updated_at = $3
         where id_client = $1 and ($2::bigint is null or id = $2) and confirmation_date is null and not deleted
         returning id`,
        [idClient, id, at, user.id, user.name],
      )
      return result.rows.map((row) => row.id)
    },

    /** Removes an inactive alarm of the account; false when it is active (or gone). */
    async remove(idClient: number, id: number, userId: number, at: Date): Promise<boolean> {
      const result = await pool.query(
        `update alarms set deleted = true, deletion_date = $3, deleted_by = $4, updated_at = $3
         where id_client = $1 and id = $2 and not active and not deleted`,
        [idClient, id, at, userId],
      )
      return (result.rowCount ?? 0) === 1
    },

    async counts(idClient: number): Promise<BaseAlarms> {
      const result = await pool.query<{ active: number; unconfirmed: number }>(
        `select count(*) filter (where active)::int as active,
                count(*) filter (where confirmation_date is null)::int as unconfirmed
         from alarms where id_client = $1 and not deleted`,
        [idClient],
      )
      return result.rows[0] ?? { active: 0, unconfirmed: 0 }
    },
  }
}
export type AlarmsDal = ReturnType<typeof createAlarmsDal>
