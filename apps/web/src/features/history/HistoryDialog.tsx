import { Alert, Button, Group, Loader, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core'
import { useElementSize, useMediaQuery } from '@mantine/hooks'
import dayjs from 'dayjs'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useObjects } from '../modules/objects-api'
import { useSession } from '../session/use-session'
import { HistoryChart } from './HistoryChart'
import { historySeries } from './history-series'
import type { HistoryTarget } from './open-history'
import { type HistoryRange, lastDays, useHistory } from './use-history'

type RangeChoice = 'day' | 'week' | 'month' | 'custom'
const presetDays = { day: 1, week: 7, month: 30 } as const

/** Whole days in the user's zone, from the start of `from` to the end of `to` (dates as YYYY-MM-DD). */
function customRange(from: string, to: string, timeZone: string | null): HistoryRange | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to) || from > to) return null
  const zone = timeZone ?? dayjs.tz.guess()
  try {
    return {
      start: dayjs.tz(from, zone).startOf('day').toISOString(),
      end: dayjs.tz(to, zone).add(1, 'day').startOf('day').toISOString(),
    }
  } catch {
    return null
  }
}

/**
 * The history of one value of a module (spec 01 section 2): day, week, month or custom dates,
 * drawn as a line or bars; long ranges come as hourly or daily averages with their min-max band.
 */
export function HistoryDialog({ target, onClose }: { target: HistoryTarget; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const { objects, user } = useSession()
  const details = useObjects()
  const phone = useMediaQuery('(max-width: 36em)')
  const object = objects.find((candidate) => candidate.id === target.idObject)
  const config = details.data?.find((candidate) => candidate.id === target.idObject)?.config
  const series = useMemo(
    () => [historySeries(i18n, object?.last_device_model ?? '', target.field, config)],
    [i18n, object?.last_device_model, target.field, config],
  )
  const [choice, setChoice] = useState<RangeChoice>('day')
  const [type, setType] = useState<'line' | 'bar'>('line')
  const today = dayjs().format('YYYY-MM-DD')
  const [from, setFrom] = useState(dayjs().subtract(6, 'day').format('YYYY-MM-DD'))
  const [to, setTo] = useState(today)
  // A preset counts back from when it was chosen, so re-renders ask nothing new.
  const [chosenAt, setChosenAt] = useState(() => Date.now())
  const range =
    choice === 'custom' ? customRange(from, to, user.time_zone) : lastDays(presetDays[choice], chosenAt)
  const { ref, width } = useElementSize()
  // About two points per pixel (the dialog's width until it is measured); rounded up to 500 so
  // that measuring or a small resize does not ask again.
  const pixels = width || Math.min(window.innerWidth, 900)
  const maxPoints = Math.min(10_000, Math.max(500, Math.ceil((pixels * 2) / 500) * 500))
  const history = useHistory(target.idObject, [target.field], range, { maxPoints })

  const title = t('history.title', { field: series[0]!.label })
  return (
    <Modal
      opened
      onClose={onClose}
      title={object ? `${title} · ${object.name}` : title}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': t('history.close') }}
    >
      <Stack gap="sm" data-testid="history-dialog">
        <Group justify="space-between" gap="xs">
          <SegmentedControl
            aria-label={t('history.range')}
            value={choice}
            onChange={(value) => {
              setChoice(value as RangeChoice)
              setChosenAt(Date.now())
            }}
            data={(['day', 'week', 'month', 'custom'] as const).map((value) => ({
              value,
              label: t(`history.range_${value}`),
            }))}
          />
          <SegmentedControl
            aria-label={t('history.chart_type')}
            size="xs"
            value={type}
            onChange={(value) => setType(value as 'line' | 'bar')}
            data={[
              { value: 'line', label: t('history.line') },
              { value: 'bar', label: t('history.bar') },
            ]}
          />
        </Group>
        {choice === 'custom' && (
          <Group gap="sm" grow>
            <TextInput
              type="date"
              label={t('history.from')}
              value={from}
              max={today}
              onChange={(event) => setFrom(event.currentTarget.value)}
            />
            <TextInput
              type="date"
              label={t('history.to')}
              value={to}
              max={today}
              onChange={(event) => setTo(event.currentTarget.value)}
              error={range === null ? t('history.custom_invalid') : undefined}
            />
          </Group>
        )}
        <div ref={ref} style={{ minHeight: 320 }}>
          {history.isError ? (
            <Alert color="red" role="alert" data-testid="history-error">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{history.error.message}</Text>
                <Button size="xs" variant="light" onClick={() => void history.refetch()}>
                  {t('history.retry')}
                </Button>
              </Stack>
            </Alert>
          ) : history.data ? (
            history.data.rows.length === 0 ? (
              <Text c="dimmed" py="xl" ta="center" data-testid="history-empty">
                {t('history.no_data')}
              </Text>
            ) : (
              <Stack gap={4}>
                <HistoryChart answer={history.data} series={series} type={type} testId="history-chart" />
                <Text size="xs" c="dimmed" data-testid="history-resolution">
                  {t(`history.resolution_${history.data.resolution}`)}
                </Text>
              </Stack>
            )
          ) : range === null ? null : (
            <Group justify="center" py="xl" gap="xs" role="status">
              <Loader size="sm" />
              <Text size="sm">{t('history.loading')}</Text>
            </Group>
          )}
        </div>
      </Stack>
    </Modal>
  )
}
