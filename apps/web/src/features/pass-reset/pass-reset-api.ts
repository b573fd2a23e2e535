import { passwordResetRoutes } from '@kropla/domain'
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute, type RouteBody } from '../../lib/call-route'

/** POST /api/pass_reset: a one-time link mailed to the user of that account and e-mail. */
export function useRequestResetLink() {
  const api = useApi()
  return useMutation({
    mutationFn: (body: unknown) =>
      callRoute(api, passwordResetRoutes.request, {
        body: body as RouteBody<typeof passwordResetRoutes.request>,
      }),
  })
}
