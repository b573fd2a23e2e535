import { type ObjectDetail, objectRoutes, pushRoutes, updateObjectSchema } from '@kropla/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'
import { storeObject } from '../modules/objects-api'
import { meQueryKey } from '../session/me-query'

/** POST /api/push/test: a test push to this browser's subscription (`endpoint` answers it, or null without one). */
export function usePushTest(endpoint: () => Promise<string | null>) {
  const api = useApi()
  return useMutation({
    mutationFn: async () => {
      const own = await endpoint()
      if (!own) throw new Error('not subscribed')
      return callRoute(api, pushRoutes.test, { body: { endpoint: own } })
    },
  })
}

interface ModuleLocation {
  object: ObjectDetail
  location: { lat: number; lng: number }
}

/** PUT /api/objects/{id}: the module as it is, with the phone's position as its place. */
export function useSaveModuleLocation(callbacks: MutationCallbacks<ObjectDetail, ModuleLocation> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ object, location }: ModuleLocation) =>
      callRoute(api, objectRoutes.update, {
        params: { id: object.id },
        // The same settings send no configuration.
        body: updateObjectSchema.parse({
          name: object.name,
          marker: object.marker,
          location,
          properties: object.properties,
          config: object.config,
        }),
      }),
    onSuccess: (saved, variables) => {
      storeObject(queryClient, saved)
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
      callbacks.onSuccess?.(saved, variables)
    },
    onError: callbacks.onError,
  })
}
