import {
  type GeoObject,
  type Group,
  geoObjectSchema,
  groupSchema,
  type Output,
  okAnswerSchema,
  outputSchema,
  type Region,
  regionSchema,
  resourceUsageSchema,
  type Section,
  sectionSchema,
  type WaterSource,
  waterSourceSchema,
} from '@kropla/domain'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { arrayOf, type Parser } from '../../lib/api'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'
import { meQueryKey } from '../session/me-query'

/** The account's resources, each list under its own key (spec 01 sections 3 and 5). */
export const resourceQueryKeys = {
  objects: ['objects'],
  outputs: ['outputs'],
  water_sources: ['water_sources'],
  groups: ['groups'],
  sections: ['sections'],
  regions: ['regions'],
  geo_objects: ['geo_objects'],
} as const

type ResourceName = keyof typeof resourceQueryKeys

function useList<T>(name: ResourceName, item: Parser<T>, isEnabled = true) {
  const api = useApi()
  return useQuery({
    queryKey: resourceQueryKeys[name],
    queryFn: () => api.get(`/api/${name}`, arrayOf(item)),
    enabled: isEnabled,
  })
}

/** The modules' own list: same key, and an acknowledged configuration is not shown as pending. */
export { useObjects } from '../modules/objects-api'
export const useOutputs = (isEnabled = true) => useList<Output>('outputs', outputSchema, isEnabled)
export const useWaterSources = () => useList<WaterSource>('water_sources', waterSourceSchema)
export const useGroups = () => useList<Group>('groups', groupSchema)
export const useSections = () => useList<Section>('sections', sectionSchema)
export const useRegions = () => useList<Region>('regions', regionSchema)
export const useGeoObjects = () => useList<GeoObject>('geo_objects', geoObjectSchema)

/**
 * After any change: resources point at each other (a deleted water source detaches its outputs and
 * sections, a deleted output leaves its groups), and /api/me lists the outputs as components.
 */
export function invalidateResources(queryClient: QueryClient) {
  for (const key of Object.values(resourceQueryKeys)) void queryClient.invalidateQueries({ queryKey: key })
  void queryClient.invalidateQueries({ queryKey: meQueryKey })
}

/** Id → name, for tables that show what a row points at. */
export function namesById(rows: readonly { id: number; name: string }[] | undefined): Map<number, string> {
  return new Map((rows ?? []).map((row) => [row.id, row.name]))
}

/** GET {path}/usage: what still uses a resource, asked afresh each time its removal is asked. */
export function useResourceUsage(path: string, isEnabled: boolean) {
  const api = useApi()
  return useQuery({
    queryKey: ['usage', path],
    queryFn: () => api.get(`${path}/usage`, resourceUsageSchema),
    enabled: isEnabled,
    gcTime: 0,
    staleTime: 0,
  })
}

/** DELETE {path}: a resource removed; every list is read afresh (resources point at each other). */
export function useDeleteResource(path: string, callbacks: MutationCallbacks<unknown> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.delete(path, undefined, okAnswerSchema),
    onSuccess: (answer) => {
      invalidateResources(queryClient)
      callbacks.onSuccess?.(answer)
    },
  })
}
