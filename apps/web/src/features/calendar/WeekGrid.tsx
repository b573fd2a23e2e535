import type { OutputPlanRow } from '@kropla/domain'
import { Box, ScrollArea, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../lib/format-date'
import { type CalendarDay, daySegments } from './calendar-period'
import { planAppearance, resultColour } from './plan-appearance'

const hourHeight = 40
const pxPerMinute = hourHeight / 60
const minBlockHeight = 16
const hours = Array.from({ length: 24 }, (_, hour) => hour)

interface WeekGridProps {
  days: readonly CalendarDay[]
  plans: readonly OutputPlanRow[]
  timeZone: string | null
  /** How a day is named in its column header ("Mon 2026-11-23"). */
  dayLabel: (day: CalendarDay) => string
}

/** Days side by side, hours down, each run a block from its opening to its closing. */
export function WeekGrid({ days, plans, timeZone, dayLabel }: WeekGridProps) {
  return (
    <ScrollArea type="auto">
      <Box style={{ display: 'flex', minWidth: days.length > 1 ? 900 : undefined }}>
        <Box w={48} pt={28} style={{ flexShrink: 0 }} aria-hidden>
          {hours.map((hour) => (
            <Text key={hour} size="xs" c="dimmed" h={hourHeight}>
              {String(hour).padStart(2, '0')}:00
            </Text>
          ))}
        </Box>
        {days.map((day) => (
          <DayColumn key={day.date} day={day} plans={plans} timeZone={timeZone} label={dayLabel(day)} />
        ))}
      </Box>
    </ScrollArea>
  )
}

interface DayColumnProps {
  day: CalendarDay
  plans: readonly OutputPlanRow[]
  timeZone: string | null
  label: string
}

function DayColumn({ day, plans, timeZone, label }: DayColumnProps) {
  const { t } = useTranslation()
  const segments = daySegments(plans, day, minBlockHeight / pxPerMinute)
  const time = (iso: string) => formatDateTime(iso, 'HH:mm', timeZone)
  return (
    <Box
      component="section"
      aria-label={label}
      style={{ flex: 1, minWidth: 0 }}
      data-testid={`day-${day.date}`}
    >
      <Text size="sm" fw={600} ta="center" h={28}>
        {label}
      </Text>
      <Box
        component="ul"
        aria-label={t('calendar.day_runs', { day: label })}
        pos="relative"
        h={hourHeight * 24}
        m={0}
        p={0}
        style={{
          listStyle: 'none',
          borderLeft: '1px solid var(--mantine-color-gray-3)',
          backgroundImage: `repeating-linear-gradient(to bottom, var(--mantine-color-gray-2) 0 1px, transparent 1px ${hourHeight}px)`,
        }}
      >
        {segments.map(({ plan, startMinute, endMinute, lane, lanes }) => {
          const { result, isConfirmed } = planAppearance(plan)
          const colour = resultColour(result)
          const end = new Date(Date.parse(plan.open_at) + plan.duration * 60_000).toISOString()
          const schedule = !plan.Scheduler
            ? t('calendar.deleted_schedule')
            : plan.Scheduler.type === 0
              ? t('calendar.manual_schedule')
              : plan.Scheduler.name
          const name = t('calendar.run_label', {
            output: plan.Output.name,
            schedule,
            start: time(plan.open_at),
            end: time(end),
            result: plan.forecast ? t('calendar.forecast') : t(`calendar.results.${result}`),
          })
          return (
            <Box
              component="li"
              key={plan.id}
              aria-label={name}
              title={name}
              data-testid={plan.forecast ? `forecast${plan.id}` : `run-${plan.id}`}
              data-result={result}
              data-confirmed={isConfirmed}
              data-forecast={plan.forecast === true}
              pos="absolute"
              style={{
                top: startMinute * pxPerMinute,
                height: Math.max(minBlockHeight, (endMinute - startMinute) * pxPerMinute),
                left: `calc(${(lane / lanes) * 100}% + 2px)`,
                width: `calc(${100 / lanes}% - 4px)`,
                overflow: 'hidden',
                borderRadius: 4,
                // A forecast run is not planned yet: dashed and faded, apart from the planned ones.
                border: `2px ${plan.forecast ? 'dashed' : 'solid'} ${colour}`,
                opacity: plan.forecast ? 0.75 : undefined,
                background: isConfirmed ? colour : 'var(--mantine-color-white)',
                color:
                  isConfirmed && result !== 'error'
                    ? 'var(--mantine-color-white)'
                    : 'var(--mantine-color-dark-7)',
                fontSize: 11,
                lineHeight: 1.2,
                padding: '0 3px',
              }}
            >
              {time(plan.open_at)} {plan.Output.name}
            </Box>
          )
        })}
      </Box>
    </Box>
  )
}
