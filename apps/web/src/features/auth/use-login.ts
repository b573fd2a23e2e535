import type { LoginRequest } from '@kropla/domain'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { useApi } from '../../app/api-context'
import { okAnswer } from '../../lib/api'
import { meQueryKey } from '../session/me-query'

export function useLogin() {
  const api = useApi()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (credentials: LoginRequest) => api.post('/login', credentials, okAnswer),
    onSuccess: async () => {
      // A new session gets its own CSRF token and its own /api/me.
      api.forgetCsrfToken()
      await queryClient.invalidateQueries({ queryKey: meQueryKey })
      await navigate('/', { replace: true })
    },
  })
}
