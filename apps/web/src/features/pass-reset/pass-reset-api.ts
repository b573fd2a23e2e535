import { okAnswerSchema } from '@kropla/domain'
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'

/** POST /api/pass_reset: a one-time link mailed to the user of that account and e-mail. */
export function useRequestResetLink() {
  const api = useApi()
  return useMutation({
    mutationFn: (body: unknown) => api.post('/api/pass_reset', body, okAnswerSchema),
  })
}
