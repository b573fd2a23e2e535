import {
  type GeoObject,
  type GeoPoint,
  geoObjectSchema,
  type MapSettings,
  mapSettingsSchema,
  type Region,
  regionSchema,
  saveGeoObjectSchema,
  saveRegionSchema,
} from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'
import { invalidateResources } from '../resources/resources-api'

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

/** PUT /api/geo_objects/{id}: a geo object dragged on the map keeps its new place (the lists are read again either way). */
export function useMoveGeoObject(callbacks: MutationCallbacks<GeoObject, MoveGeoObject> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ geoObject, location }: MoveGeoObject) =>
      api.put(
        `/api/geo_objects/${geoObject.id}`,
        saveGeoObjectSchema.parse({
          name: geoObject.name,
          description: geoObject.description,
          marker: geoObject.marker,
          location,
        }),
        geoObjectSchema,
      ),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => invalidateResources(queryClient),
  })
}

interface MoveGeoObject {
  geoObject: GeoObject
  location: GeoPoint
}

/** PUT /api/regions/{id} with the region's new outline. */
export function useReshapeRegion(region: Region, callbacks: MutationCallbacks<Region, GeoPoint[]> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (points: GeoPoint[]) =>
      api.put(
        `/api/regions/${region.id}`,
        saveRegionSchema.parse({
          name: region.name,
          description: region.description,
          points,
          objects: region.objects,
        }),
        regionSchema,
      ),
    onSuccess: (saved, points) => {
      invalidateResources(queryClient)
      callbacks.onSuccess?.(saved, points)
    },
  })
}
