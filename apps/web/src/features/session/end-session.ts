import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from '../../lib/api'
import { meQueryKey } from './me-query'

/**
 * Forgets everything the browser holds about the session. With `/api/me` set to null the route
 * guard sends the user to /login, the main layout unmounts and its socket disconnects.
 */
export function endLocalSession(queryClient: QueryClient, api: ApiClient): void {
  api.forgetCsrfToken()
  queryClient.setQueryData(meQueryKey, null)
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== meQueryKey[0] })
}
