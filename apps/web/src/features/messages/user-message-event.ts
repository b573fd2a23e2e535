import { messageInLanguage, type UserMessageEvent } from '@kropla/domain'
import { notifications } from '@mantine/notifications'
import type { QueryClient } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import { notificationAutoCloseMs } from '../../lib/constants'
import { setUnreadCount, userMessagesQueryKey } from './messages-api'

/** `user_message`: a new message for this user. The badge and the list follow; a notice shows its subject. */
export function applyUserMessage(queryClient: QueryClient, event: UserMessageEvent, i18n: I18n) {
  setUnreadCount(queryClient, event.unread)
  void queryClient.invalidateQueries({ queryKey: userMessagesQueryKey })
  notifications.show({
    title: i18n.t('messages.new_message'),
    message: messageInLanguage(event.message, i18n.language).subject,
    autoClose: notificationAutoCloseMs,
  })
}
