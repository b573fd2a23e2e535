import { type ProfileTestChannel, profileTestAnswerSchema, profileTestRequestSchema } from '@kropla/domain'
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'

/** POST /api/test/profile: a test message to oneself by one channel (body checked by the server's schema). */
export function useProfileTest(channel: ProfileTestChannel) {
  const api = useApi()
  return useMutation({
    mutationFn: () =>
      api.post('/api/test/profile', profileTestRequestSchema.parse({ channel }), profileTestAnswerSchema),
  })
}
