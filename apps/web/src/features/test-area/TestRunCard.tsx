import type { TestRun } from '@kropla/domain'
import { Badge, Card, Group, List, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../lib/format-date'
import { useSession } from '../session/use-session'
import { reasonText, resultColour } from './run-labels'

/** One test run: what, on what, by whom, when (farm time), its result and each item's. */
export function TestRunCard({ run, showItems = true }: { run: TestRun; showItems?: boolean }) {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const when = formatDateTime(run.started_at, user.date_format, user.client_time_zone)
  const runReason = reasonText(i18n, run.details.reason)
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`test-run-${run.id}`}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t(`test_area.kinds.${run.kind}`)}
            {run.subject_name ? `: ${run.subject_name}` : ''}
          </Text>
          <Badge variant="light" color={resultColour(run.result)} data-testid="test-run-result">
            {t(`test_area.results.${run.result}`)}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          {[
            when,
            run.user_name,
            run.details.seconds ? t('test_area.history.seconds', { seconds: run.details.seconds }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
        {runReason && (
          <Text size="sm" c="red.9">
            {runReason}
          </Text>
        )}
        {showItems && run.details.items.length > 0 && (
          <List size="sm" spacing={4} listStyleType="none" ml={0} pl={0}>
            {run.details.items.map((item) => (
              <List.Item key={item.key} data-testid={`test-item-${item.key}`}>
                <Group gap={6} wrap="wrap">
                  <Badge size="sm" variant="light" color={resultColour(item.result)}>
                    {t(`test_area.item_results.${item.result}`)}
                  </Badge>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {item.label}
                  </Text>
                  {item.reason && (
                    <Text size="sm" c="dimmed">
                      {reasonText(i18n, item.reason)}
                    </Text>
                  )}
                  {item.count_start != null && item.count_end != null && (
                    <Text size="sm" c="dimmed" data-testid="test-item-count">
                      {item.unit
                        ? `+${item.count_end - item.count_start} ${item.unit}`
                        : `+${t('test_area.resources.pulses', { count: item.count_end - item.count_start })}`}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Card>
  )
}
