import { type Dashboard, dashboardRoutes, type SaveDashboard } from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
import { productSlug } from '../../lib/constants'
import { useRealtimeChannel } from '../realtime/RealtimeContext'

export const dashboardsQueryKey = ['dashboards'] as const
export const widgetIrrigationQueryKey = (outputs: readonly number[]) =>
  ['widget_irrigation', [...outputs].sort()] as const

/** Where a dashboard lives: /dashboard/{id} (spec 01 section 2). */
export const dashboardPath = (id: number) => `/dashboard/${id}`
export const secondGenerationDashboardPath = `/${productSlug}_2/dashboard`

/** The account's dashboards in their order; the server makes the start dashboard for a new account. */
export function useDashboards() {
  const api = useApi()
  return useQuery({
    queryKey: dashboardsQueryKey,
    queryFn: () => callRoute(api, dashboardRoutes.list),
  })
}

/** Create, save (rename and widgets), remove and reorder; each refreshes the list. */
export function useDashboardWrites() {
  const api = useApi()
  const queryClient = useQueryClient()
  const refresh = () => queryClient.invalidateQueries({ queryKey: dashboardsQueryKey })
  const store = (saved: Dashboard) =>
    queryClient.setQueryData<Dashboard[]>(dashboardsQueryKey, (list) =>
      list?.map((dashboard) => (dashboard.id === saved.id ? saved : dashboard)),
    )
  return {
    create: useMutation({
      mutationFn: (body: SaveDashboard) => callRoute(api, dashboardRoutes.create, { body }),
      // In the list at once, so the screen can show the new dashboard before the list is read again.
      onSuccess: (created) => {
        queryClient.setQueryData<Dashboard[]>(dashboardsQueryKey, (list) => list && [...list, created])
        void refresh()
      },
    }),
    save: useMutation({
      mutationFn: ({ id, body }: { id: number; body: SaveDashboard }) =>
        callRoute(api, dashboardRoutes.update, { params: { id }, body }),
      onSuccess: (saved) => {
        store(saved)
        void refresh()
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => callRoute(api, dashboardRoutes.remove, { params: { id } }),
      onSuccess: () => refresh(),
    }),
    reorder: useMutation({
      mutationFn: (ids: number[]) => callRoute(api, dashboardRoutes.reorder, { body: { ids } }),
      onSuccess: (list) => queryClient.setQueryData(dashboardsQueryKey, list),
    }),
  }
}

/** How often the irrigation widgets ask again while shown. */
const widgetIrrigationRefreshMs = 5000

/** `widget_irrigation` over the socket for the outputs a widget shows (empty: all), asked again every few seconds. */
export function useWidgetIrrigation(outputs: readonly number[]) {
  const realtime = useRealtimeChannel()
  return useQuery({
    queryKey: widgetIrrigationQueryKey(outputs),
    queryFn: async () => {
      const answer = await realtime.widgetIrrigation({ outputs: [...outputs] })
      if ('err' in answer) throw new Error(answer.message || answer.err)
      return answer.outputs
    },
    refetchInterval: widgetIrrigationRefreshMs,
    retry: 1,
  })
}

/** What a widget's manual row sends: an output opened for some minutes (null: until closed) or closed. */
export interface ManualCommand {
  id_output: number
  on: boolean
  minutes: number | null
}

/**
 * `manual_schedule` over the socket from a widget's manual row. Resolves with the server's
 * acknowledgement, which may carry `err`: the row words a refusal itself and asks its widget again.
 */
export function useWidgetManualCommand() {
  const realtime = useRealtimeChannel()
  return useMutation({
    mutationFn: (command: ManualCommand) => realtime.sendIrrigation('manual_schedule', command),
  })
}
