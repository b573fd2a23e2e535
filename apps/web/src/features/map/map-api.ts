import { type MapSettings, mapSettingsSchema } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'

/** The map's background (server-wide MAP_TILE_URL): fetched once per session. */
export function useMapSettings() {
  const api = useApi()
  return useQuery<MapSettings>({
    queryKey: ['map_settings'],
    queryFn: () => api.get('/api/map/settings', mapSettingsSchema),
    staleTime: Number.POSITIVE_INFINITY,
  })
}
