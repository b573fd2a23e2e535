import type { AlarmListQuery, AlarmRow } from '@kropla/domain'
import { HttpError } from '../../app/http-errors'
import type { UserRow } from '../auth/auth-context'
import type { AlarmEvents } from './alarm-events'
import { type AlarmsDal, publicRow } from './alarms-dal'

/** Who acts: the session's user in its current client account. */
export interface Actor {
  idClient: number
  user: Pick<UserRow, 'id' | 'name' | 'family_name' | 'email'>
}

const displayName = (user: Actor['user']) => `${user.name} ${user.family_name}`.trim() || user.email

/** The alarm lifecycle a user drives (spec 01 section 4): list, history, confirm, remove. */
export function createAlarmsService(deps: { dal: AlarmsDal; events: AlarmEvents; now: () => Date }) {
  async function owned(actor: Actor, id: number) {
    const alarm = await deps.dal.find(actor.idClient, id)
    if (!alarm || alarm.deleted) throw new HttpError('not_found')
    return alarm
  }

  async function confirmIds(actor: Actor, id: number | null) {
    const ids = await deps.dal.confirm(
      actor.idClient,
      id,
      { id: actor.user.id, name: displayName(actor.user) },
      deps.now(),
    )
    const rows = await deps.dal.byIds(ids)
    if (rows.length) await deps.events.changed(rows)
    return rows
  }

  return {
    async list(idClient: number, query: AlarmListQuery & { state: NonNullable<AlarmListQuery['state']> }) {
      return (await deps.dal.list(idClient, query)).map(publicRow)
    },

    async history(idClient: number, idObject: number, alarmName: string): Promise<AlarmRow[]> {
      return (await deps.dal.history(idClient, idObject, alarmName)).map(publicRow)
    },

    /** Confirmed by the user, with their name and the time; confirming again changes nothing. */
    async confirm(actor: Actor, id: number): Promise<AlarmRow> {
      const alarm = await owned(actor, id)
      if (alarm.confirmed) return publicRow(alarm)
      const [confirmed] = await confirmIds(actor, id)
      return publicRow(confirmed ?? (await owned(actor, id)))
    },

    async confirmAll(actor: Actor): Promise<{ confirmed: number }> {
      return { confirmed: (await confirmIds(actor, null)).length }
    },

    /** Removed by the user; an active alarm is not removed until its cause ends ('Active alarms are not deleted'). */
    async remove(actor: Actor, id: number): Promise<void> {
      const alarm = await owned(actor, id)
      if (alarm.active) throw new HttpError('alarm_active_not_deleted', { status: 409 })
      if (!(await deps.dal.remove(actor.idClient, id, actor.user.id, deps.now()))) {
        const again = await owned(actor, id)
        if (again.active) throw new HttpError('alarm_active_not_deleted', { status: 409 })
      }
      await deps.events.changed(await deps.dal.byIds([id]))
    },
  }
}
export type AlarmsService = ReturnType<typeof createAlarmsService>
