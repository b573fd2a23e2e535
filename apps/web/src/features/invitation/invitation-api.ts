import { invitationRoutes } from '@kropla/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'
import { meQueryKey } from '../session/me-query'

export const invitationQueryKey = (token: string) => ['invitation', token] as const

/** GET /api/invitations/{token}: whom the link invites, and to which account. */
export function useInvitation(token: string) {
  const api = useApi()
  return useQuery({
    queryKey: invitationQueryKey(token),
    queryFn: () => callRoute(api, invitationRoutes.get, { params: { token } }),
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
  })
}

/** After the accepted invitation: its answer carries the new session, with its own CSRF token and /api/me. */
export function useEnterNewSession() {
  const api = useApi()
  const queryClient = useQueryClient()
  return async () => {
    api.forgetCsrfToken()
    await queryClient.invalidateQueries({ queryKey: meQueryKey })
  }
}
