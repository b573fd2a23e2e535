import type { Realtime } from '../../realtime/socket-server'
import type { AlarmsDal, StoredAlarm } from './alarms-dal'
import { publicRow } from './alarms-dal'

/**
 * `alarms` (the changed rows) and `base_alarms` (the account's counts after the change), to the
 * sockets of the owning account only.
 */
export function createAlarmEvents(deps: { dal: AlarmsDal; realtime: Pick<Realtime, 'toClient'> }) {
  return {
    async changed(rows: StoredAlarm[]) {
      const byClient = new Map<number, StoredAlarm[]>()
      for (const row of rows) byClient.set(row.id_client, [...(byClient.get(row.id_client) ?? []), row])
      for (const [idClient, changed] of byClient) {
        deps.realtime.toClient(idClient).emit('alarms', changed.map(publicRow))
        deps.realtime.toClient(idClient).emit('base_alarms', await deps.dal.counts(idClient))
      }
    },
  }
}
export type AlarmEvents = ReturnType<typeof createAlarmEvents>
