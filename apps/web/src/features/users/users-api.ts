import { type AccountUser, type InvitationSent, userRoutes } from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute, type RouteBody } from '../../lib/call-route'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'
import { meQueryKey } from '../session/me-query'

export const usersQueryKey = ['users'] as const

/** GET /api/users: every user of the account. */
export function useUsers() {
  const api = useApi()
  return useQuery({
    queryKey: usersQueryKey,
    queryFn: () => callRoute(api, userRoutes.list),
  })
}

/**
 * POST /api/users/invite. The answer is the same for an address that has an account elsewhere:
 * the list, read afresh, says who was added.
 */
export function useInviteUser(callbacks: MutationCallbacks<InvitationSent, unknown> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: unknown) =>
      callRoute(api, userRoutes.invite, { body: body as RouteBody<typeof userRoutes.invite> }),
    onSuccess: (sent, body) => {
      void queryClient.invalidateQueries({ queryKey: usersQueryKey })
      callbacks.onSuccess?.(sent, body)
    },
    onError: callbacks.onError,
  })
}

/** PUT /api/users/{id}: the saved user replaces its row; the session is read again when it is one's own. */
export function useUpdateUser(
  id: number,
  ownId: number,
  callbacks: MutationCallbacks<AccountUser, unknown> = {},
) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: unknown) =>
      callRoute(api, userRoutes.update, {
        params: { id },
        body: body as RouteBody<typeof userRoutes.update>,
      }),
    onSuccess: (saved, body) => {
      queryClient.setQueryData<AccountUser[]>(usersQueryKey, (users) =>
        users?.map((row) => (row.id === saved.id ? saved : row)),
      )
      if (saved.id === ownId) void queryClient.invalidateQueries({ queryKey: meQueryKey })
      callbacks.onSuccess?.(saved, body)
    },
    onError: callbacks.onError,
  })
}

/** DELETE /api/users/{id}: another user of the account removed, and its row with it. */
export function useDeleteUser(id: number, callbacks: MutationCallbacks<unknown> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callRoute(api, userRoutes.remove, { params: { id } }),
    onSuccess: (answer) => {
      queryClient.setQueryData<AccountUser[]>(usersQueryKey, (users) => users?.filter((row) => row.id !== id))
      callbacks.onSuccess?.(answer)
    },
  })
}
