import { messageInLanguage, type UserMessageEvent } from '@kropla/domain'
import { notifications } from '@mantine/notifications'
import type { QueryClient } from '@tanstack/react-query'
import { notificationAutoCloseMs } from '../../lib/constants'
import { setUnreadCount, userMessagesQueryKey } from './use-user-messages'

/** `user_message`: a new message for this user. The badge and the list follow; a notice shows its subject. */
export function applyUserMessage(
  queryClient: QueryClient,
  event: UserMessageEvent,
  lang: string,
  title: string,
) {
  setUnreadCount(queryClient, event.unread)
  void queryClient.invalidateQueries({ queryKey: userMessagesQueryKey })
  notifications.show({
    title,
    message: messageInLanguage(event.message, lang).subject,
    autoClose: notificationAutoCloseMs,
  })
}
