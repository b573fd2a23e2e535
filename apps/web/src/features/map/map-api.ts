import { type MapSettings, mapSettingsSchema } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'

export const mapSettingsQueryKey = ['map_settings'] as const

/**
 * The map's background (server-wide MAP_TILE_URL), the account's farm place and whether addresses
 * can be looked up: fetched once per session (saving the client account fetches it again).
 */
export function useMapSettings() {
  const api = useApi()
  return useQuery<MapSettings>({
    queryKey: mapSettingsQueryKey,
    queryFn: () => api.get('/api/map/settings', mapSettingsSchema),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
