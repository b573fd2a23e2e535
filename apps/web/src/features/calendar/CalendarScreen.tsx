import { Button, Group, SegmentedControl, Stack, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { formatDateTime } from '../../lib/format-date'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { useSession } from '../session/use-session'
import { CalendarLegend } from './CalendarLegend'
import { addDays, type CalendarDay, type CalendarView, calendarPeriod, todayIn } from './calendar-period'
import { useOutputsPlans, useOutputsPlansForecast, withForecast } from './plans-api'
import { WeekGrid } from './WeekGrid'

const isDate = (value: string | null): value is string => value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value)

/** The date part of the user's date format ("YYYY-MM-DD HH:mm:ss" → "YYYY-MM-DD"). */
const dateOnly = (format: string) => format.split(' ')[0] || 'YYYY-MM-DD'

/**
 * The calendar (route /calendar): planned and past runs of the account's outputs by week or day,
 * coloured by their result, in the farm's time zone (its days too); the date and view live in the address
 * (?date=YYYY-MM-DD&view=week|day) so a reload or a shared link shows the same period. Without a
 * view in the address, a phone opens on the day (a week's seven columns do not fit 390 px) and a wider
 * screen on the week.
 */
export function CalendarScreen() {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const zones = useFarmZones()
  const [params, setParams] = useSearchParams()
  // Read at once, not after a first paint: a phone would otherwise fetch and draw a week first.
  const isPhone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false }) ?? false
  const viewParam = params.get('view')
  const view: CalendarView =
    viewParam === 'day' || viewParam === 'week' ? viewParam : isPhone ? 'day' : 'week'
  const dateParam = params.get('date')
  const anchor = isDate(dateParam) ? dateParam : todayIn(zones.farm)
  const period = calendarPeriod(anchor, view, zones.farm)
  const plans = useOutputsPlans(period.from, period.to)
  // Runs beyond the planner's horizon are forecast; a period already over shows stored runs only.
  const forecast = useOutputsPlansForecast(period.from, period.to, Date.parse(period.to) > Date.now())

  const go = (date: string, nextView: CalendarView = view) => setParams({ date, view: nextView })
  const step = view === 'week' ? 7 : 1
  const formatDate = (day: CalendarDay) =>
    formatDateTime(new Date(day.start).toISOString(), dateOnly(user.date_format), zones.farm)
  const weekday = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', timeZone: 'UTC' })
  const dayLabel = (day: CalendarDay) =>
    `${weekday.format(new Date(`${day.date}T12:00:00Z`))} ${formatDate(day)}`
  const previousLabel = t(view === 'week' ? 'calendar.previous_week' : 'calendar.previous_day')
  const nextLabel = t(view === 'week' ? 'calendar.next_week' : 'calendar.next_day')
  const first = period.days[0] as CalendarDay
  const last = period.days[period.days.length - 1] as CalendarDay

  return (
    <PageFrame title={t('calendar.title')} intro={t('calendar.intro')} maxWidth={1400}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            onClick={() => go(addDays(anchor, -step))}
            aria-label={previousLabel}
          >
            ← {previousLabel}
          </Button>
          <Button variant="default" size="xs" onClick={() => go(todayIn(zones.farm))}>
            {t('calendar.today')}
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => go(addDays(anchor, step))}
            aria-label={nextLabel}
          >
            {nextLabel} →
          </Button>
        </Group>
        <SegmentedControl
          size="xs"
          aria-label={t('calendar.view')}
          value={view}
          onChange={(value) => go(anchor, value === 'day' ? 'day' : 'week')}
          data={[
            { value: 'week', label: t('calendar.view_week') },
            { value: 'day', label: t('calendar.view_day') },
          ]}
        />
      </Group>
      <Stack gap={2}>
        <Text size="sm" data-testid="calendar-range">
          {first.date === last.date
            ? t('calendar.range_day', { date: formatDate(first) })
            : t('calendar.range', { from: formatDate(first), to: formatDate(last) })}
        </Text>
        <FarmZoneNote zones={zones} testId="calendar-zone" />
      </Stack>
      <CalendarLegend />
      <Loaded query={plans}>
        {(stored) => {
          const list = withForecast(stored, forecast.data, Date.now())
          return (
            <Stack gap="xs">
              {forecast.isError && (
                <Text size="sm" c="dimmed" data-testid="forecast-failed">
                  {t('calendar.forecast_failed')}
                </Text>
              )}
              {list.length === 0 && (
                <Text size="sm" c="dimmed" data-testid="no-runs">
                  {t('calendar.no_runs')}
                </Text>
              )}
              <WeekGrid days={period.days} plans={list} timeZone={zones.farm} dayLabel={dayLabel} />
            </Stack>
          )
        }}
      </Loaded>
    </PageFrame>
  )
}
