import {
  type GeoObject,
  type Group,
  geoObjectRoutes,
  groupRoutes,
  type Output,
  outputRoutes,
  pathOf,
  type Region,
  regionRoutes,
  type Section,
  sectionRoutes,
  type WaterSource,
  waterSourceRoutes,
} from '@kropla/domain'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
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

/** Each resource's routes in the table (the modules have their own, objects-api.ts). */
export const resourceRouteGroups = {
  outputs: outputRoutes,
  water_sources: waterSourceRoutes,
  groups: groupRoutes,
  sections: sectionRoutes,
  regions: regionRoutes,
  geo_objects: geoObjectRoutes,
} as const

export type ResourceKind = keyof typeof resourceRouteGroups

function useList<T>(kind: ResourceKind, isEnabled = true) {
  const api = useApi()
  return useQuery({
    queryKey: resourceQueryKeys[kind],
    // Each kind's list entry parses its own rows: T is that row.
    queryFn: () => callRoute(api, resourceRouteGroups[kind].list) as Promise<T[]>,
    enabled: isEnabled,
  })
}

/** The modules' own list: same key, and an acknowledged configuration is not shown as pending. */
export { useObjects } from '../modules/objects-api'
export const useOutputs = (isEnabled = true) => useList<Output>('outputs', isEnabled)
export const useWaterSources = () => useList<WaterSource>('water_sources')
export const useGroups = () => useList<Group>('groups')
export const useSections = () => useList<Section>('sections')
export const useRegions = () => useList<Region>('regions')
export const useGeoObjects = () => useList<GeoObject>('geo_objects')

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

/** GET /api/<kind>/{id}/usage: what still uses a resource, asked afresh each time its removal is asked. */
export function useResourceUsage(kind: ResourceKind, id: number, isEnabled: boolean) {
  const api = useApi()
  const routes = resourceRouteGroups[kind]
  return useQuery({
    queryKey: ['usage', pathOf(routes.remove, { id })],
    queryFn: () => {
      if (!('usage' in routes)) throw new Error(`${kind} have no usage route`)
      return callRoute(api, routes.usage, { params: { id } })
    },
    enabled: isEnabled,
    gcTime: 0,
    staleTime: 0,
  })
}

/** DELETE /api/<kind>/{id}: a resource removed; every list is read afresh (resources point at each other). */
export function useDeleteResource(
  kind: ResourceKind,
  id: number,
  callbacks: MutationCallbacks<unknown> = {},
) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callRoute(api, resourceRouteGroups[kind].remove, { params: { id } }),
    onSuccess: (answer) => {
      invalidateResources(queryClient)
      callbacks.onSuccess?.(answer)
    },
  })
}

/**
 * POST /api/<kind> for a new resource, PUT /api/<kind>/{id} for an existing one; every list is read
 * afresh. The body is the form's values once they passed the shared schema.
 */
export function useSaveResourceMutation<Saved>(
  kind: ResourceKind,
  id: number | null,
  callbacks: MutationCallbacks<Saved, unknown> = {},
) {
  const api = useApi()
  const queryClient = useQueryClient()
  const routes = resourceRouteGroups[kind]
  return useMutation({
    // The kind's create and update entries parse the saved resource: Saved is that resource.
    mutationFn: (body: unknown) =>
      (id === null
        ? callRoute(api, routes.create, { body: body as never })
        : callRoute(api, routes.update, { params: { id }, body: body as never })) as Promise<Saved>,
    onSuccess: (saved, body) => {
      invalidateResources(queryClient)
      callbacks.onSuccess?.(saved, body)
    },
    onError: callbacks.onError,
  })
}
