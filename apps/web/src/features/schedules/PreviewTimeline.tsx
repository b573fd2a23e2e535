import type { SchedulePreview } from '@kropla/domain'
import { Alert, Box, Card, Group, List, Stack, Text, Title } from '@mantine/core'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { FullText } from '../../app/ui/FullText'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { useSession } from '../session/use-session'
import { layOutPreview, type TimelineBar, type TimelineRow, warningKey } from './preview-timeline'
import { formatCalendarDay } from './schedule-text'

const barColors = {
  element: 'var(--mantine-color-blue-6)',
  fertigation: 'var(--mantine-color-grape-6)',
  source: 'var(--mantine-color-teal-6)',
} as const

const colorOf = (bar: TimelineBar) =>
  bar.fertigation ? barColors.fertigation : bar.role === 'element' ? barColors.element : barColors.source

/**
 * The preview of a schedule not saved yet: a timeline per output over the coming days (each run a
 * bar at its time, fertigation purple, water-source outputs in rows of their own), then the warnings.
 */
export function PreviewTimeline({ preview }: { preview: SchedulePreview }) {
  const { t, i18n } = useTranslation()
  const zones = useFarmZones()
  const rows = layOutPreview(preview, zones.farm, zones.display)
  const elementRows = rows.filter((row) => !row.isWaterSource)
  const sourceRows = rows.filter((row) => row.isWaterSource)
  return (
    <Stack gap="md" data-testid="schedule-preview">
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {t('schedules.preview.intro')}
        </Text>
        <FarmZoneNote zones={zones} testId="preview-zone" />
      </Stack>
      {preview.warnings.length > 0 && (
        <Alert color="yellow" title={t('schedules.preview.warnings')} data-testid="preview-warnings">
          <List size="sm">
            {preview.warnings.map((warning) => (
              <List.Item key={warning}>
                {i18n.exists(warningKey(warning)) ? String(i18n.t(warningKey(warning) as never)) : warning}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Legend />
      {rows.length === 0 ? (
        <Text size="sm">{t('schedules.preview.empty')}</Text>
      ) : (
        <>
          <OutputRows title={t('schedules.preview.outputs')} rows={elementRows} testId="preview-outputs" />
          {sourceRows.length > 0 && (
            <OutputRows
              title={t('schedules.preview.water_sources')}
              rows={sourceRows}
              testId="preview-sources"
            />
          )}
        </>
      )}
    </Stack>
  )
}

function Legend() {
  const { t } = useTranslation()
  const items = [
    [barColors.element, t('schedules.preview.legend_run')],
    [barColors.fertigation, t('schedules.preview.legend_fertigation')],
    [barColors.source, t('schedules.preview.legend_source')],
  ] as const
  return (
    <Group gap="md" aria-label={t('schedules.preview.legend')}>
      {items.map(([color, label]) => (
        <Group key={label} gap={6}>
          <Box w={14} h={10} style={{ background: color, borderRadius: 2 }} />
          <Text size="xs">{label}</Text>
        </Group>
      ))}
    </Group>
  )
}

function OutputRows({ title, rows, testId }: { title: string; rows: TimelineRow[]; testId: string }) {
  return (
    <Stack gap="xs" data-testid={testId}>
      <Title order={5}>{title}</Title>
      {rows.map((row) => (
        <OutputTimeline key={row.id_output} row={row} />
      ))}
    </Stack>
  )
}

const hourMarks = [0, 6, 12, 18, 24]

/** 0, 6, 12, 18 and 24 h above the day lines. */
function HourScale() {
  return (
    <Group gap="xs" wrap="nowrap" aria-hidden>
      <Box w={84} style={{ flexShrink: 0 }} />
      <Box pos="relative" h={14} style={{ flex: 1, minWidth: 120 }}>
        {hourMarks.map((hour) => (
          <Text
            key={hour}
            size="10px"
            c="dimmed"
            pos="absolute"
            top={0}
            style={{
              left: `${(hour / 24) * 100}%`,
              transform: hour === 0 ? undefined : hour === 24 ? 'translateX(-100%)' : 'translateX(-50%)',
            }}
          >
            {hour}
          </Text>
        ))}
      </Box>
      <Box w={200} visibleFrom="sm" style={{ flexShrink: 0 }} />
    </Group>
  )
}

/** One output: a line per day, 0 to 24 h, with a bar per run; the runs also in words beside it. */
function OutputTimeline({ row }: { row: TimelineRow }) {
  const { t } = useTranslation()
  const { user } = useSession()
  const day = (value: string) => formatCalendarDay(value, user.date_format)
  /** ", 14:24 your time" (with the day when it is another day there) for a user in another zone. */
  const yours = (bar: TimelineBar, farmDay: string) =>
    bar.local
      ? t('schedules.preview.your_time', {
          time: bar.local.day === farmDay ? bar.local.time : `${day(bar.local.day)} ${bar.local.time}`,
        })
      : ''
  return (
    <Card withBorder radius="sm" padding="sm" data-testid={`preview-output-${row.id_output}`}>
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {row.name}
        </Text>
        <Text size="xs" c="dimmed">
          {t('schedules.preview.run_count', { count: row.runCount })}
        </Text>
      </Group>
      <Stack gap={4} role="list" aria-label={t('schedules.preview.runs_of', { output: row.name })}>
        <HourScale />
        {row.days.map(({ day: date, bars }) => {
          const starts = bars.filter((bar) => !bar.isContinued)
          const runsText =
            starts.length === 0
              ? t('schedules.preview.no_runs')
              : starts
                  .map(
                    (bar) =>
                      t('schedules.preview.run', { time: bar.time, minutes: bar.minutes }) + yours(bar, date),
                  )
                  .join(', ')
          return (
            <Fragment key={date}>
              <Group gap="xs" wrap="nowrap" align="center">
                <Text size="xs" w={84} style={{ flexShrink: 0 }}>
                  {day(date)}
                </Text>
                <Box
                  pos="relative"
                  h={14}
                  style={{
                    flex: 1,
                    minWidth: 120,
                    background: 'var(--mantine-color-gray-1)',
                    borderRadius: 3,
                    // Hour lines every six hours.
                    backgroundImage: `linear-gradient(to right, ${hourMarks
                      .slice(1, -1)
                      .map(
                        (hour) =>
                          `transparent calc(${(hour / 24) * 100}% - 1px), var(--mantine-color-gray-4) calc(${(hour / 24) * 100}% - 1px), var(--mantine-color-gray-4) ${(hour / 24) * 100}%, transparent ${(hour / 24) * 100}%`,
                      )
                      .join(', ')})`,
                  }}
                >
                  {bars.map((bar) => (
                    <Box
                      key={`${bar.time}-${bar.startMinute}-${bar.role}`}
                      role={bar.isContinued ? undefined : 'listitem'}
                      aria-hidden={bar.isContinued ? true : undefined}
                      aria-label={
                        bar.isContinued
                          ? undefined
                          : t(
                              bar.fertigation
                                ? 'schedules.preview.run_label_fertigation'
                                : 'schedules.preview.run_label',
                              { day: day(date), time: bar.time, minutes: bar.minutes },
                            ) + yours(bar, date)
                      }
                      title={
                        t('schedules.preview.run', { time: bar.time, minutes: bar.minutes }) +
                        yours(bar, date)
                      }
                      data-fertigation={bar.fertigation ? 'true' : undefined}
                      pos="absolute"
                      top={0}
                      h="100%"
                      style={{
                        left: `${(bar.startMinute / 1440) * 100}%`,
                        width: `max(3px, ${((bar.endMinute - bar.startMinute) / 1440) * 100}%)`,
                        background: colorOf(bar),
                        borderRadius: 2,
                      }}
                    />
                  ))}
                </Box>
                <FullText text={runsText}>
                  <Text size="xs" c="dimmed" w={200} visibleFrom="sm" style={{ flexShrink: 0 }} truncate>
                    {runsText}
                  </Text>
                </FullText>
              </Group>
              {/* On a phone the words beside the bars are hidden: a user in another zone still reads their own times. */}
              {starts.some((bar) => bar.local) && (
                <Text size="xs" c="dimmed" hiddenFrom="sm" pl={92} aria-hidden>
                  {runsText}
                </Text>
              )}
            </Fragment>
          )
        })}
      </Stack>
    </Card>
  )
}
