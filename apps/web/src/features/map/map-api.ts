import {
  type GeoObject,
  type GeoPoint,
  geoObjectRoutes,
  type MapSettings,
  mapRoutes,
  type Region,
  regionRoutes,
  saveGeoObjectSchema,
  saveRegionSchema,
} from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
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
    queryFn: () => callRoute(api, mapRoutes.settings),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** PUT /api/geo_objects/{id}: a geo object dragged on the map keeps its new place (the lists are read again either way). */
export function useMoveGeoObject(callbacks: MutationCallbacks<GeoObject, MoveGeoObject> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ geoObject, location }: MoveGeoObject) =>
      callRoute(api, geoObjectRoutes.update, {
        params: { id: geoObject.id },
        body: saveGeoObjectSchema.parse({
          name: geoObject.name,
          description: geoObject.description,
          marker: geoObject.marker,
          location,
        }),
      }),
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
      callRoute(api, regionRoutes.update, {
        params: { id: region.id },
        body: saveRegionSchema.parse({
          name: region.name,
          description: region.description,
          points,
          objects: region.objects,
        }),
      }),
    onSuccess: (saved, points) => {
      invalidateResources(queryClient)
      callbacks.onSuccess?.(saved, points)
    },
  })
}
