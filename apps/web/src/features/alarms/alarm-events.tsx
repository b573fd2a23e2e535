import type { AlarmRow, BaseAlarms, MeResponse } from '@kropla/domain'
import { notifications } from '@mantine/notifications'
import type { QueryClient } from '@tanstack/react-query'
import { notificationAutoCloseMs } from '../../lib/constants'
import { meQueryKey } from '../session/me-query'
import { AlarmNotice, AlarmNoticeTitle } from './AlarmNotice'
import { alarmCountsQueryKey, cachedAlarm, mergeAlarmRows } from './alarms-api'

/** Alarms already announced in this page, so a row sent again (confirmed elsewhere, say) is not announced twice. */
const announcedBy = new WeakMap<QueryClient, Set<number>>()

function isNewlyRaised(queryClient: QueryClient, row: AlarmRow): boolean {
  if (!row.active || row.confirmed || row.deleted) return false
  const announced = announcedBy.get(queryClient) ?? new Set<number>()
  announcedBy.set(queryClient, announced)
  if (announced.has(row.id) || cachedAlarm(queryClient, row.id)?.active) return false
  announced.add(row.id)
  return true
}

/**
 * The `alarms` event (spec 01 section 7): the rows take their new state in the lists at once, and
 * each newly raised alarm is announced for the spec's 3000 ms, wherever the user is in the app.
 */
export function applyAlarmRows(queryClient: QueryClient, rows: AlarmRow[]) {
  const raised = rows.filter((row) => isNewlyRaised(queryClient, row))
  mergeAlarmRows(queryClient, rows)
  const me = queryClient.getQueryData<MeResponse | null>(meQueryKey)
  for (const row of raised) {
    notifications.show({
      id: `alarm-${row.id}`,
      color: 'red',
      autoClose: notificationAutoCloseMs,
      title: <AlarmNoticeTitle row={row} />,
      message: <AlarmNotice row={row} me={me ?? null} />,
    })
  }
}

/** `base_alarms`: the header badge's counts as the server has them now. */
export function applyBaseAlarms(queryClient: QueryClient, counts: BaseAlarms) {
  queryClient.setQueryData<BaseAlarms>(alarmCountsQueryKey, counts)
}
