import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { zoneOffset } from '../../lib/time-zones'
import { type FarmZones, farmTimeIn } from './farm-zone'

const named = (zone: string) => {
  const offset = zoneOffset(zone)
  return offset ? `${zone} (${offset})` : zone
}

/**
 * Says which zone the times around it are in: the farm's, and the user's own when it differs, so
 * nobody takes 08:24 at the farm for 08:24 where they sit.
 */
export function FarmZoneNote({
  zones,
  testId,
  typed,
}: {
  zones: FarmZones
  testId?: string
  /** Farm times the user typed (`HH:mm`) and the day they fall on, shown also in the user's zone. */
  typed?: { day: string; times: string[] }
}) {
  const { t } = useTranslation()
  const display = zones.display
  const pairs =
    display && typed
      ? typed.times.flatMap((time) => {
          const there = farmTimeIn(typed.day, time, zones.farm, display)
          return there ? [`${time} → ${there.day === typed.day ? '' : `${there.day} `}${there.time}`] : []
        })
      : []
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      {t('farm_zone.times_in', { zone: named(zones.farm) })}
      {display && ` ${t('farm_zone.yours', { zone: named(display) })}`}
      {pairs.length > 0 && ` ${t('farm_zone.typed_in_yours', { times: pairs.join(', ') })}`}
    </Text>
  )
}
