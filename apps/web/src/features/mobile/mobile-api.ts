import {
  type ObjectDetail,
  objectDetailSchema,
  pushTestAnswerSchema,
  updateObjectSchema,
} from '@kropla/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
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
      return api.post('/api/push/test', { endpoint: own }, pushTestAnswerSchema)
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
      api.put(
        `/api/objects/${object.id}`,
        // The same settings send no configuration.
        updateObjectSchema.parse({
          name: object.name,
          marker: object.marker,
          location,
          properties: object.properties,
          config: object.config,
        }),
        objectDetailSchema,
      ),
    onSuccess: (saved, variables) => {
      storeObject(queryClient, saved)
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
      callbacks.onSuccess?.(saved, variables)
    },
    onError: callbacks.onError,
  })
}
