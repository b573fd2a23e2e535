import { findModel, type ObjectDetail } from '@kropla/domain'
import { Card, Group, Loader, Table, Text, Title, UnstyledButton } from '@mantine/core'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '../../app/ui/ErrorState'
import { useUserFormat } from '../session/use-user-format'
import { unitOf } from './chart-option'
import { useChartFormat } from './HistoryChart'
import { historySeries } from './history-series'
import { openHistory } from './open-history'
import { lastDays, useHistory } from './use-history'

/** How many of the newest readings the module page lists. */
export const recentReadingsCount = 10

/**
 * The module page's latest readings (the last day, newest first, at most recentReadingsCount rows):
 * one column per field the model publishes, its unit in the header; a value opens its history.
 */
export function RecentReadings({ object }: { object: ObjectDetail }) {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const chartFormat = useChartFormat()
  const model = findModel(object.last_device_model)
  const series = useMemo(
    () =>
      (model?.inputs ?? []).map((input) =>
        historySeries(i18n, object.last_device_model, input.name, object.config),
      ),
    [model, i18n, object.last_device_model, object.config],
  )
  const fields = useMemo(() => series.map((entry) => entry.field), [series])
  const [range] = useState(() => lastDays(1))
  const history = useHistory(object.id, fields, range, { maxPoints: 2000 })
  const rows =
    history.data?.resolution === 'raw' ? history.data.rows.slice(-recentReadingsCount).reverse() : []

  return (
    <Card withBorder radius="md" padding="md" data-testid="recent-readings">
      <Title order={3} size="h4" mb="sm">
        {t('history.recent')}
      </Title>
      {history.isPending && fields.length > 0 ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm">{t('history.loading')}</Text>
        </Group>
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('history.recent_empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={series.length * 90 + 160}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.time')}</Table.Th>
                {series.map((entry) => {
                  const unit = unitOf(entry.input, chartFormat)
                  return (
                    <Table.Th key={entry.field}>
                      {entry.label}
                      {unit ? ` (${unit})` : ''}
                    </Table.Th>
                  )
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.timestamp_unix}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(row.dtimestamp)}</Table.Td>
                  {series.map((entry) => {
                    const value = row[entry.field]
                    return (
                      <Table.Td key={entry.field}>
                        <UnstyledButton
                          fz="sm"
                          td="underline dotted"
                          onClick={() => openHistory({ idObject: object.id, field: entry.field })}
                          aria-label={t('history.open', { field: entry.label })}
                        >
                          {format.value(entry.input, typeof value === 'number' ? value : null)}
                        </UnstyledButton>
                      </Table.Td>
                    )
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  )
}
