import { adminMessageSchema, messageTemplateSchema } from '@kropla/domain'
import { useQuery } from '@tanstack/react-query'
import { useApi } from '../../app/api-context'
import { arrayOf } from '../../lib/api'

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
