import { type AdminMessage, type MessageTemplate, messageRoutes } from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { callRoute, type RouteBody } from '../../lib/call-route'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'

export const adminMessagesQueryKey = ['admin', 'messages'] as const
export const messageTemplatesQueryKey = ['admin', 'message_templates'] as const

export function useAdminMessages() {
  const api = useApi()
  return useQuery({
    queryKey: adminMessagesQueryKey,
    queryFn: () => callRoute(api, messageRoutes.list),
  })
}

export function useMessageTemplates() {
  const api = useApi()
  return useQuery({
    queryKey: messageTemplatesQueryKey,
    queryFn: () => callRoute(api, messageRoutes.listTemplates),
  })
}

/** POST /api/admin/messages: the message published, the list read afresh for its reach. */
export function usePublishMessage(callbacks: MutationCallbacks<AdminMessage, unknown> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: unknown) =>
      callRoute(api, messageRoutes.create, { body: body as RouteBody<typeof messageRoutes.create> }),
    onSuccess: (message, body) => {
      callbacks.onSuccess?.(message, body)
      void queryClient.invalidateQueries({ queryKey: adminMessagesQueryKey })
    },
    onError: callbacks.onError,
  })
}

/** DELETE /api/admin/messages/{id}: a message withdrawn; the list is read afresh either way. */
export function useWithdrawMessage(callbacks: MutationCallbacks<unknown, number> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => callRoute(api, messageRoutes.remove, { params: { id } }),
    onError: callbacks.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminMessagesQueryKey }),
  })
}

/** A template saved: PUT for one that exists, POST for a new one. */
export function useSaveTemplate(
  template: MessageTemplate | null,
  callbacks: MutationCallbacks<MessageTemplate, unknown> = {},
) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: unknown) =>
      template
        ? callRoute(api, messageRoutes.updateTemplate, {
            params: { id: template.id },
            body: body as RouteBody<typeof messageRoutes.updateTemplate>,
          })
        : callRoute(api, messageRoutes.createTemplate, {
            body: body as RouteBody<typeof messageRoutes.createTemplate>,
          }),
    onSuccess: (saved, body) => {
      void queryClient.invalidateQueries({ queryKey: messageTemplatesQueryKey })
      callbacks.onSuccess?.(saved, body)
    },
    onError: callbacks.onError,
  })
}

export function useDeleteTemplate(callbacks: MutationCallbacks<unknown, number> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => callRoute(api, messageRoutes.removeTemplate, { params: { id } }),
    onError: callbacks.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageTemplatesQueryKey }),
  })
}
