import { okAnswerSchema } from '@kropla/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'
import { reloadPage } from '../../lib/reload'
import { endLocalSession } from '../session/end-session'

/**
 * A `DELETE` confirmed with the password that takes the session with it (one's own user, the whole
 * client account): on success the browser forgets the session and reloads at the login screen, so
 * that nothing of the deleted account stays in memory.
 */
export function usePasswordConfirmedDeletion(
  path: string,
  callbacks: MutationCallbacks<unknown, unknown> = {},
) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: unknown) => api.delete(path, body, okAnswerSchema),
    onSuccess: () => {
      endLocalSession(queryClient, api)
      reloadPage('#/login')
    },
    onError: callbacks.onError,
  })
}
