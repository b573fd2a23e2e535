import { type ActiveSession, sessionRoutes } from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'

export const sessionsQueryKey = ['sessions'] as const

/** GET /api/sessions: the user's active sessions, this device's marked. */
export function useSessions() {
  const api = useApi()
  return useQuery({
    queryKey: sessionsQueryKey,
    queryFn: () => callRoute(api, sessionRoutes.list),
  })
}

/**
 * DELETE /api/sessions/{id}: another device logged out. Its row leaves the list at once; a failed
 * revoke puts it back (and the screen says so).
 */
export function useRevokeSession(callbacks: MutationCallbacks<unknown, string> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callRoute(api, sessionRoutes.remove, { params: { id } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: sessionsQueryKey })
      const before = queryClient.getQueryData<ActiveSession[]>(sessionsQueryKey)
      queryClient.setQueryData<ActiveSession[]>(sessionsQueryKey, (list) =>
        list?.filter((row) => row.id !== id),
      )
      return { before }
    },
    onSuccess: callbacks.onSuccess,
    onError: (error, id, context) => {
      queryClient.setQueryData(sessionsQueryKey, context?.before)
      callbacks.onError?.(error, id)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  })
}
