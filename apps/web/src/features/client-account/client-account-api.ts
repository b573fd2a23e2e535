import {
  type ClientAccount,
  type ClientAccountAnswer,
  clientAccountRoutes,
  geocodeRoutes,
} from '@kropla/domain'
import { type QueryClient, useMutation, useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
import { mapSettingsQueryKey } from '../map/map-api'
import { meQueryKey } from '../session/me-query'

/** GET /api/client, one cache entry for every screen that reads it (client account, payments). */
export const clientQueryKey = ['client'] as const

export function useClientAccount() {
  const api = useApi()
  return useQuery({
    queryKey: clientQueryKey,
    queryFn: () => callRoute(api, clientAccountRoutes.get),
  })
}

/** The saved account replaces the cached one, and what shows it elsewhere is read afresh. */
export function storeClientAccount(queryClient: QueryClient, body: ClientAccount) {
  queryClient.setQueryData<ClientAccountAnswer>(clientQueryKey, (current) =>
    current ? { ...current, ...body } : current,
  )
  // The account name shows in the account switcher and the session; its zone in schedules and the calendar.
  void queryClient.invalidateQueries({ queryKey: meQueryKey })
  // The map opens on the farm's place.
  void queryClient.invalidateQueries({ queryKey: mapSettingsQueryKey })
}

/** GET /api/geocode: the places the server's geocoder finds for an address. */
export function useGeocodeSearch({ onMutate }: { onMutate?: () => void } = {}) {
  const api = useApi()
  return useMutation({
    mutationFn: (query: string) => callRoute(api, geocodeRoutes.search, { query: { q: query } }),
    onMutate,
  })
}
