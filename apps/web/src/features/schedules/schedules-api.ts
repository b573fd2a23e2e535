import { type ScheduleInput, type ScheduleRow, scheduleRoutes } from '@kropla/domain'
import { notifications } from '@mantine/notifications'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { callRoute } from '../../lib/call-route'

/** Every list of schedules lives under this key: with and without the hidden ended ones. */
export const schedulesQueryKey = ['schedulers'] as const
const listKey = (withHidden: boolean) => [...schedulesQueryKey, { hidden: withHidden }] as const

/** GET /api/schedulers; `withHidden` adds the ended schedules their users hid. */
export function useSchedules(withHidden: boolean) {
  const api = useApi()
  return useQuery({
    queryKey: listKey(withHidden),
    queryFn: () => callRoute(api, scheduleRoutes.list, withHidden ? { query: { hidden: '1' } } : {}),
    // "Next within 24 h" moves on with the clock: the list is asked again every minute.
    refetchInterval: 60_000,
  })
}

/** The schedules without the hidden ones, read once where only their names are chosen from (the report creator). */
export function useScheduleChoices(isEnabled: boolean) {
  const api = useApi()
  return useQuery({
    queryKey: listKey(false),
    queryFn: () => callRoute(api, scheduleRoutes.list),
    enabled: isEnabled,
  })
}

/**
 * POST /api/schedulers/preview: the coming days' runs of a schedule not saved yet. Editing, the
 * schedule's own id tells the server to leave its current runs out of the overlaps.
 */
export function usePreview(idSchedule: number | null) {
  const api = useApi()
  return useMutation({
    mutationFn: (body: ScheduleInput) =>
      callRoute(api, scheduleRoutes.preview, {
        body,
        query: idSchedule === null ? {} : { id_schedule: String(idSchedule) },
      }),
  })
}

/** POST /api/schedulers or PUT /api/schedulers/:id. */
export function useSaveSchedule(id: number | null) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ScheduleInput) =>
      id === null
        ? callRoute(api, scheduleRoutes.create, { body })
        : callRoute(api, scheduleRoutes.update, { params: { id }, body }),
    onSettled: () => invalidateSchedules(queryClient),
  })
}

export function invalidateSchedules(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: schedulesQueryKey })
}

type RowPatch = (row: ScheduleRow) => ScheduleRow | null

/**
 * Changes every cached list at once (a patch returning null removes the row) and gives back how
 * to undo it: a refused action shows the rows as they were.
 */
function patchLists(queryClient: QueryClient, id: number, patch: RowPatch) {
  const before = queryClient.getQueriesData<ScheduleRow[]>({ queryKey: schedulesQueryKey })
  queryClient.setQueriesData<ScheduleRow[]>({ queryKey: schedulesQueryKey }, (rows) =>
    rows?.flatMap((row) => {
      if (row.id !== id) return [row]
      const patched = patch(row)
      return patched ? [patched] : []
    }),
  )
  return () => {
    for (const [key, rows] of before) queryClient.setQueryData(key, rows)
  }
}

interface Action<Variables> {
  /** The request itself. */
  send: (row: ScheduleRow, variables: Variables) => Promise<unknown>
  /** What the row is expected to become, shown before the server answers (null removes it). */
  expected: (row: ScheduleRow, variables: Variables) => ScheduleRow | null
  done: string
  /** The catalogue error that titles a refusal ('Failed to create the pause.'). */
  failure: 'errors.schedule_pause_failed' | 'errors.schedule_data_error'
}

/**
 * One action of the list (pause, unpause, end, delete): the list shows the outcome at once, the
 * server's answer settles it (the lists are fetched again), a refusal puts the rows back and says
 * why in a notification.
 */
function useRowAction<Variables>(action: Action<Variables>) {
  const { t } = useTranslation()
  const messageOf = useErrorMessage()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ row, variables }: { row: ScheduleRow; variables: Variables }) =>
      action.send(row, variables),
    onMutate: async ({ row, variables }) => {
      await queryClient.cancelQueries({ queryKey: schedulesQueryKey })
      return { undo: patchLists(queryClient, row.id, (current) => action.expected(current, variables)) }
    },
    onSuccess: (_answer, { row }) =>
      notifications.show({ color: 'teal', message: t(action.done as never, { name: row.name }) }),
    onError: (error, _variables, context) => {
      context?.undo()
      const detail = messageOf(error)
      const title = t(action.failure)
      notifications.show({ color: 'red', title, message: detail === title ? '' : detail })
    },
    onSettled: () => invalidateSchedules(queryClient),
  })
}

export interface PauseVariables {
  /** ISO moment, or null: until it is resumed. */
  until: string | null
}

export function useScheduleActions() {
  const api = useApi()
  const pause = useRowAction<PauseVariables>({
    send: (row, { until }) =>
      callRoute(api, scheduleRoutes.pause, { params: { id: row.id }, body: { from: null, until } }),
    expected: (row, { until }) => ({
      ...row,
      state: 'paused',
      paused_from: new Date().toISOString(),
      paused_until: until,
      next_run: null,
    }),
    done: 'schedules.notices.paused',
    failure: 'errors.schedule_pause_failed',
  })
  const unpause = useRowAction<undefined>({
    send: (row) => callRoute(api, scheduleRoutes.unpause, { params: { id: row.id } }),
    // Whether it is active, expired or not started yet, only the server knows for sure: keep the state.
    expected: (row) => ({ ...row, paused_from: null, paused_until: null }),
    done: 'schedules.notices.unpaused',
    failure: 'errors.schedule_data_error',
  })
  const end = useRowAction<{ hidden: boolean }>({
    send: (row, { hidden }) =>
      callRoute(api, scheduleRoutes.end, { params: { id: row.id }, body: { hidden } }),
    expected: (row, { hidden }) => ({
      ...row,
      state: 'ended',
      hidden,
      ended_at: new Date().toISOString(),
      next_run: null,
    }),
    done: 'schedules.notices.ended',
    failure: 'errors.schedule_data_error',
  })
  const remove = useRowAction<undefined>({
    send: (row) => callRoute(api, scheduleRoutes.remove, { params: { id: row.id } }),
    expected: () => null,
    done: 'schedules.notices.deleted',
    failure: 'errors.schedule_data_error',
  })
  return { pause, unpause, end, remove }
}
