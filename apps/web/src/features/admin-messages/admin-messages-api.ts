import {
  type AdminMessage,
  adminMessageSchema,
  type MessageTemplate,
  messageTemplateSchema,
  okAnswerSchema,
} from '@kropla/domain'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { arrayOf } from '../../lib/api'
import type { MutationCallbacks } from '../../lib/mutation-callbacks'

export const adminMessagesQueryKey = ['admin', 'messages'] as const
export const messageTemplatesQueryKey = ['admin', 'message_templates'] as const

export function useAdminMessages() {
  const api = useApi()
  return useQuery({
    queryKey: adminMessagesQueryKey,
    queryFn: () => api.get('/api/admin/messages', arrayOf(adminMessageSchema)),
  })
}

export function useMessageTemplates() {
  const api = useApi()
  return useQuery({
    queryKey: messageTemplatesQueryKey,
    queryFn: () => api.get('/api/admin/message_templates', arrayOf(messageTemplateSchema)),
  })
}

/** POST /api/admin/messages: the message published, the list read afresh for its reach. */
export function usePublishMessage(callbacks: MutationCallbacks<AdminMessage, unknown> = {}) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: unknown) => api.post('/api/admin/messages', body, adminMessageSchema),
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
    mutationFn: (id: number) => api.delete(`/api/admin/messages/${id}`, undefined, okAnswerSchema),
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
        ? api.put(`/api/admin/message_templates/${template.id}`, body, messageTemplateSchema)
        : api.post('/api/admin/message_templates', body, messageTemplateSchema),
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
    mutationFn: (id: number) => api.delete(`/api/admin/message_templates/${id}`, undefined, okAnswerSchema),
    onError: callbacks.onError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageTemplatesQueryKey }),
  })
}
