import type { AlarmRow } from '@kropla/domain'
import { Badge, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { AlarmWords } from './use-alarm-words'

/** Spec 01 section 4: active or inactive, confirmed (by whom, when) or not, removed (by whom, when). */
export function AlarmStateCell({ row, words }: { row: AlarmRow; words: AlarmWords }) {
  const { t } = useTranslation()
  const someone = t('alarms.someone')
  if (row.deleted) {
    return (
      <Stack gap={2} align="flex-start" data-testid="alarm-state">
        <Badge color="gray" variant="outline">
          {t('alarms.state_removed')}
        </Badge>
        <Text size="xs" c="dimmed">
          {t('alarms.removed_by', {
            name: row.deleted_by_name ?? someone,
            date: words.date(row.deletion_date),
          })}
        </Text>
      </Stack>
    )
  }
  return (
    <Stack gap={2} align="flex-start" data-testid="alarm-state">
      <Group gap={4}>
        <Badge color={row.active ? 'red' : 'gray'} variant={row.active ? 'filled' : 'light'}>
          {t(row.active ? 'alarms.state_active' : 'alarms.state_inactive')}
        </Badge>
        {!row.confirmed && (
          <Badge color="orange" variant="light">
            {t('alarms.state_unconfirmed')}
          </Badge>
        )}
      </Group>
      {row.confirmed && (
        <Text size="xs" c="dimmed">
          {t('alarms.confirmed_by', {
            name: row.confirmation_user_name ?? someone,
            date: words.date(row.confirmation_date),
          })}
        </Text>
      )}
    </Stack>
  )
}
