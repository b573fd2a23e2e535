import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { fetchMe, meQueryKey } from './me-query'

/**
 * Spec 01 section 7: `/api/me` is read on first navigation and on reload only; afterwards the
 * socket keeps it current, so it never goes stale on its own. After a failure, screens that mount
 * (the login screen shown instead) must not refetch it, or the wait and the screen would alternate.
 */
export function useMe() {
  const api = useApi()
  return useQuery({
    queryKey: meQueryKey,
    queryFn: () => fetchMe(api),
    staleTime: Number.POSITIVE_INFINITY,
    retryOnMount: false,
  })
}
