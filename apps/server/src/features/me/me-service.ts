import type { LatestValue, MeResponse, ObjectSummary } from '@kropla/domain'
import type { latest_readings, objects } from '../../db/schema'
import type { AuthContext } from '../auth/auth-context'
import type { SessionService } from '../auth/session-service'
import { toPreferences, toProfile } from '../profile/profile-service'
import type { MeDal } from './me-dal'

type ObjectRow = typeof objects.$inferSelect
type LatestRow = typeof latest_readings.$inferSelect

export function toObjectSummary(object: ObjectRow, latest: readonly LatestRow[]): ObjectSummary {
  const values: Record<string, LatestValue> = {}
  for (const row of latest) {
    values[row.field] = {
      value: row.value,
      dtimestamp: row.ts.toISOString(),
      previous: row.prev_ts ? { value: row.prev_value, dtimestamp: row.prev_ts.toISOString() } : null,
    }
  }
  return {
    id: object.id,
    name: object.name,
    serial: object.serial,
    last_device_model: object.last_device_model,
    status: object.status === 1 ? 1 : 0,
    marker: object.marker,
    location: object.lng !== null && object.lat !== null ? { lng: object.lng, lat: object.lat } : null,
    firmware: object.firmware,
    created_at: object.created_at.toISOString(),
    last_data_at: object.last_data_at?.toISOString() ?? null,
    connection: object.connection === 1 ? 1 : 0,
    latest: values,
  }
}

export function createMeService(deps: {
  me: MeDal
  sessions: Pick<SessionService, 'assignedClients'>
  /** The user's unread messages (spec 01 section 7: unreadMessages). */
  unreadMessages?: (idUser: number) => Promise<number>
}) {
  return {
    /** What the browser needs, scoped to the session's current client account and the user's type in it. */
    async describe(auth: AuthContext): Promise<MeResponse> {
      const { user, idClient } = auth
      const [assignedClients, objectRows, latestRows, components, clientTimeZone] = await Promise.all([
        deps.sessions.assignedClients({ id: user.id, type: auth.homeType }),
        deps.me.listObjects(idClient),
        deps.me.listLatest(idClient),
        deps.me.listComponents(idClient),
        deps.me.clientTimeZone(idClient),
      ])
      const latestByObject = new Map<number, LatestRow[]>()
      for (const row of latestRows) {
        const list = latestByObject.get(row.object_id)
        if (list) list.push(row)
        else latestByObject.set(row.object_id, [row])
      }
      const clientName =
        assignedClients.find((client) => client.id === idClient)?.name ?? (await deps.me.clientName(idClient))
      return {
        user: {
          id: user.id,
          ...toProfile(user),
          ...toPreferences(user),
          type: auth.type === 0 ? 0 : auth.type === 1 ? 1 : 2,
          id_client: idClient,
          client_name: clientName,
          client_time_zone: clientTimeZone,
          lang: user.lang === 'pl' || user.lang === 'en' ? user.lang : null,
          invited: user.invited,
        },
        objects: objectRows.map((object) => toObjectSummary(object, latestByObject.get(object.id) ?? [])),
        outputsOpenings: await deps.me.listOutputOpenings(idClient),
        unreadMessages: (await deps.unreadMessages?.(user.id)) ?? 0,
        assignedClients,
        components,
        // Only on support access: the spec's answer keeps its own fields otherwise.
        ...(auth.supportReason === null
          ? {}
          : { support: { reason: auth.supportReason, home_client: auth.homeClientId } }),
      }
    },
  }
}
export type MeService = ReturnType<typeof createMeService>
