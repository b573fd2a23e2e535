import { Anchor, Badge, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { productSlug } from '../../lib/constants'
import { useMe } from '../session/use-me'

/**
 * The top panel's unread messages (spec 01 section 7: unreadMessages); hidden at 0. Like the alarm
 * badge it says what it counts: on a wide screen in words ("Unread: 2") in a link to the messages; on
 * a phone, where only the number fits, its accessible label says it and a tap opens a panel saying
 * it, with the way to the messages.
 */
export function MessagesBadge() {
  const { t } = useTranslation()
  const unread = useMe().data?.unreadMessages ?? 0
  // Below Mantine's md breakpoint the header has no room for the words (as the alarm badge).
  const isNarrow = useMediaQuery('(max-width: 61.99em)', false, { getInitialValueInEffect: false }) ?? false
  if (unread === 0) return null
  const label = t('messages.badge', { count: unread })
  const to = `/${productSlug}_2/user_messages`
  const data = { 'data-testid': 'messages-badge', 'data-unread': unread }
  const badge = (text: string | number) => (
    <Badge color="blue" circle={typeof text === 'number'} data-testid="messages-badge-count">
      {text}
    </Badge>
  )

  if (!isNarrow)
    return (
      <UnstyledButton component={Link} to={to} aria-label={label} title={label} {...data}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={500}>
            {t('messages.title')}
          </Text>
          {badge(t('messages.badge_unread', { n: unread }))}
        </Group>
      </UnstyledButton>
    )

  return (
    <Popover position="bottom" withArrow shadow="md">
      <Popover.Target>
        <UnstyledButton aria-label={label} title={label} {...data}>
          {badge(unread)}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown data-testid="messages-badge-details">
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap">
            {badge(unread)}
            <Text size="sm">{t('messages.badge_unread_long')}</Text>
          </Group>
          <Anchor component={Link} to={to} size="sm">
            {t('messages.badge_open')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  )
}
