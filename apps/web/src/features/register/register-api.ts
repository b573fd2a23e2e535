import { registrationRoutes } from '@kropla/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute, type RouteBody } from '../../lib/call-route'
import { meQueryKey } from '../session/me-query'

/** Step 1: the module's serial and PIN, checked before the next step. */
export function useCheckDevice() {
  const api = useApi()
  return useMutation({
    mutationFn: (body: { serial: string; pin: string }) =>
      callRoute(api, registrationRoutes.checkDevice, { body }),
  })
}

/** Step 2: whether the account name is free. */
export function useCheckAccountName() {
  const api = useApi()
  return useMutation({
    mutationFn: (body: { account_name: string }) =>
      callRoute(api, registrationRoutes.checkAccountName, { body }),
  })
}

/** POST /api/register: everything sent again; the account opened and its user logged in. */
export function useRegister() {
  const api = useApi()
  return useMutation({
    mutationFn: (body: unknown) =>
      callRoute(api, registrationRoutes.register, {
        body: body as RouteBody<typeof registrationRoutes.register>,
      }),
    // The answer carries a new session cookie; the CSRF token of the anonymous visitor is spent.
    onSuccess: () => api.forgetCsrfToken(),
  })
}

/** The new session's /api/me read, so that the route guard lets the user in. */
export function useReadNewSession() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: meQueryKey })
}
