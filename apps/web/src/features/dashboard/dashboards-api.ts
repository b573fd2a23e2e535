import { type Dashboard, dashboardSchema, okAnswerSchema, type SaveDashboard } from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { arrayOf } from '../../lib/api'
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
    queryFn: () => api.get('/api/dashboards', arrayOf(dashboardSchema)),
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
      mutationFn: (body: SaveDashboard) => api.post('/api/dashboards', body, dashboardSchema),
      // In the list at once, so the screen can show the new dashboard before the list is read again.
      onSuccess: (created) => {
        queryClient.setQueryData<Dashboard[]>(dashboardsQueryKey, (list) => list && [...list, created])
        void refresh()
      },
    }),
    save: useMutation({
      mutationFn: ({ id, body }: { id: number; body: SaveDashboard }) =>
        api.put(`/api/dashboards/${id}`, body, dashboardSchema),
      onSuccess: (saved) => {
        store(saved)
        void refresh()
      },
    }),
    remove: useMutation({
      mutationFn: (id: number) => api.delete(`/api/dashboards/${id}`, undefined, okAnswerSchema),
      onSuccess: () => refresh(),
    }),
    reorder: useMutation({
      mutationFn: (ids: number[]) => api.put('/api/dashboards/order', { ids }, arrayOf(dashboardSchema)),
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
