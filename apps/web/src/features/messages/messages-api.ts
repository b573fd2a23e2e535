import { type MeResponse, messageRoutes, type UserMessage } from '@kropla/domain'
import { notifications } from '@mantine/notifications'
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useApi } from '../../app/api-context'
import { useErrorMessage } from '../../app/ui/use-error-message'
import { callRoute } from '../../lib/call-route'
import { meQueryKey } from '../session/me-query'

export const userMessagesQueryKey = ['user_messages'] as const

/** Keeps the unread count of `/api/me` (the menu's badge) in step with the list. */
export function setUnreadCount(queryClient: QueryClient, unread: number) {
  queryClient.setQueryData<MeResponse | null>(meQueryKey, (me) =>
    me ? { ...me, unreadMessages: unread } : me,
  )
}
const unreadIn = (list: readonly UserMessage[]) => list.filter((message) => message.read_date === null).length

export function useUserMessages() {
  const api = useApi()
  return useQuery({
    queryKey: userMessagesQueryKey,
    queryFn: () => callRoute(api, messageRoutes.listOwn),
  })
}

/**
 * Read, unread and delete change the list at once; a failure puts it back and says so
 * ('Failed to load message' wording for a message that is gone).
 */
export function useUserMessageActions() {
  const api = useApi()
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const messageOf = useErrorMessage()

  function optimistic(change: (list: UserMessage[]) => UserMessage[]) {
    const before = queryClient.getQueryData<UserMessage[]>(userMessagesQueryKey)
    if (before) {
      const after = change(before)
      queryClient.setQueryData(userMessagesQueryKey, after)
      setUnreadCount(queryClient, unreadIn(after))
    }
    return { before }
  }
  const rollback = (error: unknown, context: { before: UserMessage[] | undefined } | undefined) => {
    if (context?.before) {
      queryClient.setQueryData(userMessagesQueryKey, context.before)
      setUnreadCount(queryClient, unreadIn(context.before))
    }
    notifications.show({ color: 'red', title: t('errors.task_failed'), message: messageOf(error) })
  }
  const settle = () => queryClient.invalidateQueries({ queryKey: userMessagesQueryKey })

  const setRead = useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) =>
      callRoute(api, messageRoutes.markOwnRead, { params: { id }, body: { read } }),
    onMutate: async ({ id, read }) => {
      await queryClient.cancelQueries({ queryKey: userMessagesQueryKey })
      const at = new Date().toISOString()
      return optimistic((list) =>
        list.map((message) => (message.id === id ? { ...message, read_date: read ? at : null } : message)),
      )
    },
    onError: (error, _vars, context) => rollback(error, context),
    onSettled: settle,
  })
  const remove = useMutation({
    mutationFn: (id: number) => callRoute(api, messageRoutes.removeOwn, { params: { id } }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: userMessagesQueryKey })
      return optimistic((list) => list.filter((message) => message.id !== id))
    },
    onSuccess: () => notifications.show({ color: 'teal', message: t('messages.deleted') }),
    onError: (error, _id, context) => rollback(error, context),
    onSettled: settle,
  })
  return { setRead, remove }
}
