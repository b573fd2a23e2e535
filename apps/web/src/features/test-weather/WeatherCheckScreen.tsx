import {
  inUserUnit,
  type WeatherCheckAnswer,
  type WeatherCheckItem,
  type WeatherCheckStatus,
} from '@kropla/domain'
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Loaded } from '../../app/ui/Loaded'
import { PageFrame } from '../../app/ui/PageFrame'
import { formatDateTime } from '../../lib/format-date'
import { translateKey } from '../../lib/translate-key'
import { useSession } from '../session/use-session'
import { ageParts } from './check-age'
import { useWeatherCheck } from './test-weather-api'

/** Badge colours: shade 9 of each reads at WCAG AA on white (theme.ts darkens the light ones). */
const statusColour: Record<WeatherCheckStatus, string> = {
  ok: 'green',
  implausible: 'red',
  stuck: 'orange',
  no_data: 'gray',
}

function useAmount() {
  const { i18n } = useTranslation()
  const { user } = useSession()
  /** `fixed`: exactly `decimals` decimals (a reading at its resolution); else at most that many. */
  return (value: number, unit: string, decimals: number, fixed = false) => {
    const { amount, unit: shown } = inUserUnit(value, unit, user.temperature_unit)
    const text = new Intl.NumberFormat(i18n.language, {
      minimumFractionDigits: fixed ? decimals : 0,
      maximumFractionDigits: decimals,
    }).format(amount)
    return shown ? `${text} ${shown}` : text
  }
}

function CheckedReading({ item, timeZone }: { item: WeatherCheckItem; timeZone: string }) {
  const { t, i18n } = useTranslation()
  const { user } = useSession()
  const amount = useAmount()
  const source = item.name || translateKey(i18n, `fields.${item.field}`, item.field)
  const age = item.age_seconds === null ? null : ageParts(item.age_seconds)
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`weather-check-${item.id_object}-${item.field}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0} miw={0}>
          <Text fw={600} size="sm">
            {t(`test_weather.quantity_${item.quantity}`)}
          </Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.object_name || `#${item.id_object}`} · {source}
          </Text>
        </Stack>
        <Badge color={statusColour[item.status]} variant="light" data-testid="weather-check-status">
          {t(`test_weather.status_${item.status}`)}
        </Badge>
      </Group>
      <Text size="xl" fw={700} mt={4} data-testid="weather-check-value">
        {item.value === null ? '—' : amount(item.value, item.unit, item.decimals, true)}
      </Text>
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {item.range
            ? t('test_weather.range', {
                min: amount(item.range.min, item.unit, 2),
                max: amount(item.range.max, item.unit, 2),
              })
            : t('test_weather.no_range', { unit: item.unit || '—' })}
        </Text>
        <Text size="xs" c={item.status === 'no_data' ? 'dimmed' : undefined} data-testid="weather-check-age">
          {age
            ? t('test_weather.measured_ago', { age: t(`test_weather.age_${age.key}`, { count: age.count }) })
            : t('test_weather.never_measured')}
          {item.at && ` (${formatDateTime(item.at, user.date_format, timeZone)})`}
        </Text>
        {item.status === 'stuck' && item.stuck_since && (
          <Text size="xs" c="orange.9" data-testid="weather-check-stuck">
            {t('test_weather.stuck_since', {
              time: formatDateTime(item.stuck_since, user.date_format, timeZone),
              hours: item.stuck_hours ?? 0,
            })}
          </Text>
        )}
      </Stack>
    </Card>
  )
}

function CheckAnswer({ answer }: { answer: WeatherCheckAnswer }) {
  const { t } = useTranslation()
  const { user } = useSession()
  if (answer.items.length === 0)
    return (
      <Text data-testid="weather-check-none" size="sm">
        {t('test_weather.none')}
      </Text>
    )
  return (
    <Stack gap="sm">
      <Stack gap={2}>
        <Text fw={600} data-testid="weather-check-summary">
          {t('test_weather.summary', answer.counts)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('test_weather.checked_at', {
            time: formatDateTime(answer.checked_at, user.date_format, answer.time_zone),
          })}{' '}
          {t('farm_zone.times_in', { zone: answer.time_zone })}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {answer.items.map((item) => (
          <CheckedReading key={`${item.id_object}-${item.field}`} item={item} timeZone={answer.time_zone} />
        ))}
      </SimpleGrid>
    </Stack>
  )
}

/** /test/weather: every weather reading of the account's stations, checked when the screen opens. */
export function WeatherCheckScreen() {
  const { t } = useTranslation()
  const check = useWeatherCheck()
  return (
    <PageFrame
      title={t('test_weather.title')}
      back={{ to: '/test', label: t('nav.test') }}
      intro={t('test_weather.intro')}
      maxWidth={1100}
      actions={
        <Button
          variant="light"
          onClick={() => void check.refetch()}
          loading={check.isFetching}
          data-testid="weather-check-again"
        >
          {t('test_weather.check_again')}
        </Button>
      }
    >
      <Loaded query={check}>{(answer) => <CheckAnswer answer={answer} />}</Loaded>
    </PageFrame>
  )
}
