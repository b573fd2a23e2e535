import { aboutRoutes } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'

/** GET /api/about: the help site per language and the provider's mailboxes (server settings). */
export function useAbout() {
  const api = useApi()
  return useQuery({
    queryKey: ['about'],
    queryFn: () => callRoute(api, aboutRoutes.get),
    staleTime: Infinity,
  })
}
