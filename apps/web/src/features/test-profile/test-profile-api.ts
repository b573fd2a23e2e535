import { type ProfileTestChannel, profileTestRequestSchema, testProfileRoutes } from '@kropla/domain'
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute } from '../../lib/call-route'

/** POST /api/test/profile: a test message to oneself by one channel (body checked by the server's schema). */
export function useProfileTest(channel: ProfileTestChannel) {
  const api = useApi()
  return useMutation({
    mutationFn: () =>
      callRoute(api, testProfileRoutes.profile, { body: profileTestRequestSchema.parse({ channel }) }),
  })
}
