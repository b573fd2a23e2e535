import type pg from 'pg'
import type { AlarmNotice } from './alarm-notice'
import type { NotificationChannelName } from './channels'

export interface NotificationKey {
  idAlarm: number
  idUser: number
  channel: NotificationChannelName
}

export interface PendingNotification extends NotificationKey {
  attempts: number
  createdAt: Date
}

/**
 * Users of the owning account and users assigned to it, with the channels each chose: not those
 * still invited, nobody while the owning account is blocked or expired, and no user whose own
 * account is (neither could sign in to see the alarm). `time_zone` is the user's, else the
 * alarm's farm's: the zone the notice's times are written in.
 */
export interface RecipientRow {
  id: number
  email: string
  phone: string
  lang: string | null
  time_zone: string | null
  temperature_unit: string
  date_format: string
  notify_email: boolean
  notify_sms: boolean
  notify_app: boolean
}

/** `alarm_notifications`: one row per alarm activation, user and channel (its primary key). */
export function createNotificationsDal(pool: pg.Pool) {
  return {
    async recipientsOf(idClient: number, at: Date): Promise<RecipientRow[]> {
      const result = await pool.query<RecipientRow>(
        `select u.id, u.email, u.phone, u.lang, coalesce(u.time_zone, owning.time_zone) as time_zone, u.temperature_unit, u.date_format, u.notify_email, u.notify_sms, u.notify_app
         from users u
         join clients own on own.id = u.id_client
         join clients owning on owning.id = $1
         where not u.invited
           and (u.id_client = $1 or u.id in (select user_id from user_clients where id_client = $1))
           and not own.blocked and (own.expires_at is null or own.expires_at > $2)
           and not owning.blocked and (owning.expires_at is null or owning.expires_at > $2)
         order by u.id`,
        [idClient, at.toISOString()],
      )
      return result.rows
    },

    /**
     * Claims the rows of a new activation for this process: inserted with one attempt counted, on
     * conflict nothing. Only the rows this call inserted come back, so a second raise of the same
     * activation, in this process or another, sends nothing.
     */
    async claimNew(keys: NotificationKey[], at: Date): Promise<NotificationKey[]> {
      if (keys.length === 0) return []
      const result = await pool.query<{
        id_alarm: number
        id_user: number
        channel: NotificationChannelName
      }>(
        `insert into alarm_notifications (id_alarm, id_user, channel, status, attempts, created_at)
         select id_alarm, id_user, channel, 'pending', 1, $4::timestamptz
         from unnest($1::bigint[], $2::int[], $3::text[]) as t(id_alarm, id_user, channel)
         on conflict do nothing
         returning id_alarm, id_user, channel`,
        [keys.map((k) => k.idAlarm), keys.map((k) => k.idUser), keys.map((k) => k.channel), at.toISOString()],
      )
      return result.rows.map((row) => ({ idAlarm: row.id_alarm, idUser: row.id_user, channel: row.channel }))
    },

    /** Pending rows, oldest first; which of them are due is the caller's rule. */
    async pending(limit: number): Promise<PendingNotification[]> {
      const result = await pool.query<{
        id_alarm: number
        id_user: number
        channel: NotificationChannelName
        attempts: number
        created_at: Date
      }>(
        `select id_alarm, id_user, channel, attempts, created_at from alarm_notifications
         where status = 'pending' order by created_at limit $1`,
        [limit],
      )
      return result.rows.map((row) => ({
        idAlarm: row.id_alarm,
        idUser: row.id_user,
        channel: row.channel,
        attempts: row.attempts,
        createdAt: row.created_at,
      }))
    },

    /**
     * Takes a pending row for one more attempt: only when nobody took it since it was read (its
     * attempts unchanged), so two sweeping processes never both send it.
     */
    async claimRetry(row: PendingNotification): Promise<boolean> {
      const result = await pool.query(
        `update alarm_notifications set attempts = attempts + 1
         where id_alarm = $1 and id_user = $2 and channel = $3 and status = 'pending' and attempts = $4`,
        [row.idAlarm, row.idUser, row.channel, row.attempts],
      )
      return (result.rowCount ?? 0) === 1
    },

    async settle(
      key: NotificationKey,
      status: 'sent' | 'skipped' | 'failed' | 'pending',
      at: Date,
      error: string | null,
    ) {
      await pool.query(
        `update alarm_notifications set status = $4, error = $5, sent_at = case when $4 = 'sent' then $6::timestamptz else sent_at end
         where id_alarm = $1 and id_user = $2 and channel = $3 and status = 'pending'`,
        [key.idAlarm, key.idUser, key.channel, status, error?.slice(0, 500) ?? null, at.toISOString()],
      )
    },

    async notice(idAlarm: number): Promise<(AlarmNotice & { idClient: number }) | null> {
      const result = await pool.query<{
        id: number
        id_client: number
        name: string
        serial: string
        last_device_model: string
        config: { inputs?: Record<string, { custom_label?: string }> } | null
        alarm_name: string
        field: string | null
        threshold: number | null
        value: number | null
        activation_date: Date
      }>(
        `select a.id, a.id_client, o.name, o.serial, o.last_device_model, o.config, a.alarm_name, a.field,
                a.threshold, a.value, a.activation_date
         from alarms a join objects o on o.id = a.id_object where a.id = $1`,
        [idAlarm],
      )
      const row = result.rows[0]
      if (!row) return null
      return {
        idAlarm: row.id,
        idClient: row.id_client,
        objectName: row.name,
        objectSerial: row.serial,
        model: row.last_device_model,
        fieldLabel: (row.field && row.config?.inputs?.[row.field]?.custom_label) || null,
        alarmName: row.alarm_name,
        field: row.field,
        threshold: row.threshold,
        value: row.value,
        activationDate: row.activation_date,
      }
    },
  }
}
export type NotificationsDal = ReturnType<typeof createNotificationsDal>
