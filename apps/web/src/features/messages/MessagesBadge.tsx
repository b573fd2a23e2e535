import { Badge, Group, Text, UnstyledButton } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { productSlug } from '../../lib/constants'
import { useMe } from '../session/useMe'

/** The top panel's unread messages (spec 01 section 7: unreadMessages), a link to the messages; hidden at 0. */
export function MessagesBadge() {
  const { t } = useTranslation()
  const unread = useMe().data?.unreadMessages ?? 0
  if (unread === 0) return null
  return (
    <UnstyledButton
      component={Link}
      to={`/${productSlug}_2/user_messages`}
      aria-label={t('messages.badge', { count: unread })}
      title={t('messages.badge', { count: unread })}
      data-testid="messages-badge"
      data-unread={unread}
    >
      <Group gap={4} wrap="nowrap">
        <Text size="sm" fw={500} visibleFrom="sm">
          {t('messages.title')}
        </Text>
        <Badge color="blue" circle>
          {unread}
        </Badge>
      </Group>
    </UnstyledButton>
  )
}
