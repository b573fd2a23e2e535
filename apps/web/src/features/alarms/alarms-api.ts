import { type AlarmRow, alarmRoutes, type BaseAlarms } from '@kropla/domain'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'

/** The server's list states the screen reads: every row not removed, or the removed ones. */
export type AlarmListState = 'all' | 'deleted'

export const alarmsQueryKey = ['alarms'] as const
export const alarmListQueryKey = (state: AlarmListState) => ['alarms', 'list', state] as const
export const alarmCountsQueryKey = ['alarms', 'counts'] as const
export const alarmHistoryQueryKey = (idObject: number, alarmName: string) =>
  ['alarms', 'history', idObject, alarmName] as const

/** GET /api/alarms: every row of the account in that state, newest first (no paging, spec 01 section 2). */
export function useAlarmList(state: AlarmListState, isEnabled = true) {
  const api = useApi()
  return useQuery({
    queryKey: alarmListQueryKey(state),
    queryFn: () => callRoute(api, alarmRoutes.list, { query: { state } }),
    enabled: isEnabled,
  })
}

/** Every activation of one alarm of one module, for the history dialog. */
export function useAlarmHistory(row: AlarmRow) {
  const api = useApi()
  return useQuery({
    queryKey: alarmHistoryQueryKey(row.id_object, row.alarm_name),
    queryFn: () =>
      callRoute(api, alarmRoutes.history, {
        query: { id_object: row.id_object, alarm_name: row.alarm_name },
      }),
  })
}

/**
 * The header badge's counts: `base_alarms` keeps them current; the first ones are read from the
 * lists of active and of unconfirmed alarms.
 */
export function useAlarmCounts() {
  const api = useApi()
  return useQuery({
    queryKey: alarmCountsQueryKey,
    queryFn: async (): Promise<BaseAlarms> => {
      const [active, unconfirmed] = await Promise.all([
        callRoute(api, alarmRoutes.list, { query: { state: 'active' } }),
        callRoute(api, alarmRoutes.list, { query: { state: 'unconfirmed' } }),
      ])
      return { active: active.length, unconfirmed: unconfirmed.length }
    },
    // The event keeps them current; asking again on every focus would only repeat what it said.
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/**
 * Removing an inactive alarm. The server refuses one that became active again meanwhile (409); the
 * lists are read afresh either way.
 */
export function useRemoveAlarm(row: AlarmRow, callbacks: MutationCallbacks<unknown> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callRoute(api, alarmRoutes.remove, { params: { id: row.id } }),
    onSuccess: (answer) => {
      mergeAlarmRows(queryClient, [{ ...row, deleted: true }])
      callbacks.onSuccess?.(answer)
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alarmsQueryKey }),
  })
}

/**
 * Puts changed rows where they now belong: a removed row leaves the main list for the removed one;
 * any other row replaces its old self, or comes first when it is new. Lists not read yet stay unread.
 */
export function mergeAlarmRows(queryClient: QueryClient, rows: readonly AlarmRow[]) {
  const changed = new Map(rows.map((row) => [row.id, row]))
  const upsert = (list: AlarmRow[] | undefined, belongs: (row: AlarmRow) => boolean) => {
    if (!list) return list
    const fresh = rows.filter((row) => belongs(row) && !list.some((old) => old.id === row.id))
    const updated = list.flatMap((old) => {
      const row = changed.get(old.id)
      if (!row) return [old]
      return belongs(row) ? [row] : []
    })
    return [...fresh, ...updated]
  }
  queryClient.setQueryData<AlarmRow[]>(alarmListQueryKey('all'), (list) =>
    upsert(list, (row) => !row.deleted),
  )
  queryClient.setQueryData<AlarmRow[]>(alarmListQueryKey('deleted'), (list) =>
    upsert(list, (row) => row.deleted),
  )
  // A history dialog shows the activations of one alarm; a new or changed one makes it stale.
  void queryClient.invalidateQueries({ queryKey: ['alarms', 'history'] })
}

/** The alarm as the list held it before an event, to tell a newly raised alarm from a changed one. */
export function cachedAlarm(queryClient: QueryClient, id: number): AlarmRow | undefined {
  return queryClient.getQueryData<AlarmRow[]>(alarmListQueryKey('all'))?.find((row) => row.id === id)
}

/** POST /api/alarms/{id}/confirm: the confirmed row replaces its copies; the counts are read afresh. */
export function useConfirmAlarm(callbacks: MutationCallbacks<AlarmRow, AlarmRow> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (row: AlarmRow) => callRoute(api, alarmRoutes.confirm, { params: { id: row.id } }),
    onSuccess: (confirmed, row) => {
      mergeAlarmRows(queryClient, [confirmed])
      void queryClient.invalidateQueries({ queryKey: alarmCountsQueryKey })
      callbacks.onSuccess?.(confirmed, row)
    },
    onError: callbacks.onError,
  })
}

/** POST /api/alarms/confirm_all: every alarm of the account confirmed; the lists are read afresh. */
export function useConfirmAllAlarms(callbacks: MutationCallbacks<{ confirmed: number }> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callRoute(api, alarmRoutes.confirmAll),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: alarmsQueryKey })
      callbacks.onSuccess?.(answer)
    },
    onError: callbacks.onError,
  })
}
