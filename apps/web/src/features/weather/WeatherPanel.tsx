import { isAdmin, type WeatherAnswer, type WeatherValue } from '@kropla/domain'
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Loaded } from '../../app/ui/Loaded'
import { useSession } from '../session/use-session'
import { useUserFormat } from '../session/use-user-format'
import { useWeather, weatherQueryKey, weatherSettingsPath } from './weather-api'

/** Live readings of the chosen modules ask for the weather again at most this often. */
export const weatherRefreshMs = 10_000

const decimalsOf: Record<string, number> = { '%': 0 }

/**
 * Asks for the weather again when a chosen module's readings arrive (live `data` events merged
 * into the session's modules), at most once every `weatherRefreshMs`.
 */
function useLiveRefresh(weather: WeatherAnswer | undefined) {
  const queryClient = useQueryClient()
  const { objects } = useSession()
  const chosen = new Set(
    [weather?.air?.id_object, weather?.rain?.id_object, weather?.wind?.id_object].filter(
      (id): id is number => id !== undefined,
    ),
  )
  const stamp = objects
    .filter((object) => chosen.has(object.id))
    .map((object) => `${object.id}:${object.last_data_at ?? ''}`)
    .join(',')
  // The first new readings refresh at once (the answer on screen may be minutes old); later ones wait.
  const last = useRef({ stamp, at: 0, timer: null as ReturnType<typeof setTimeout> | null })

  useEffect(() => {
    const state = last.current
    if (stamp === state.stamp) return
    state.stamp = stamp
    if (state.timer) return
    const refresh = () => {
      state.timer = null
      state.at = Date.now()
      void queryClient.invalidateQueries({ queryKey: weatherQueryKey, exact: true })
    }
    const wait = state.at + weatherRefreshMs - Date.now()
    if (wait <= 0) refresh()
    else state.timer = setTimeout(refresh, wait)
  }, [stamp, queryClient])

  useEffect(
    () => () => {
      if (last.current.timer) clearTimeout(last.current.timer)
    },
    [],
  )
}

function Figure({
  label,
  value,
  testId,
  size = 'md',
}: {
  label: string
  value: string
  testId: string
  size?: string
}) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size={size} fw={600} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </div>
  )
}

function Part({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="sm" fw={600} mb={4}>
        {title}
      </Text>
      <Group gap="md" align="flex-end" wrap="wrap">
        {children}
      </Group>
    </Card>
  )
}

function NotChosen() {
  const { t } = useTranslation()
  const { user } = useSession()
  return (
    <Stack gap={4} data-testid="weather-not-chosen">
      <Text>{t('weather.not_chosen')}</Text>
      {isAdmin(user.type) ? (
        <Anchor component={Link} to={weatherSettingsPath} data-testid="weather-choose">
          {t('weather.choose')}
        </Anchor>
      ) : (
        <Text size="sm" c="dimmed">
          {t('weather.ask_admin')}
        </Text>
      )}
    </Stack>
  )
}

function WeatherFigures({ weather }: { weather: WeatherAnswer }) {
  const { t } = useTranslation()
  const format = useUserFormat()
  useLiveRefresh(weather)
  const { air, rain, wind } = weather
  if (!air && !rain && !wind) return <NotChosen />

  const show = (entry: WeatherValue, decimals = decimalsOf[entry.unit] ?? 1) =>
    format.value({ name: '', unit: entry.unit, decimals, kind: 'number' }, entry.value)
  const times = [air?.last_at, rain?.last_at, wind?.last_at].filter((at): at is string => Boolean(at))
  const newest = times.sort().at(-1)

  return (
    <Stack gap="sm">
      {/* Columns follow the panel's own width, not the window's: a dashboard widget may be narrow. */}
      <SimpleGrid minColWidth="min(100%, 18rem)" autoFlow="auto-fit" spacing="sm" verticalSpacing="sm">
        {air && (
          <Part title={t('weather.now')}>
            <Figure
              label={t('weather.temperature')}
              value={show(air.temperature)}
              testId="weather-temperature"
              size="xl"
            />
            <Figure label={t('weather.humidity')} value={show(air.humidity)} testId="weather-humidity" />
            <Figure label={t('weather.dew_point')} value={show(air.dew_point)} testId="weather-dew-point" />
          </Part>
        )}
        {air && (
          <Part title={t('weather.today_zone', { zone: weather.time_zone })}>
            <Figure label={t('weather.min')} value={show(air.today_min)} testId="weather-min" />
            <Figure label={t('weather.max')} value={show(air.today_max)} testId="weather-max" />
          </Part>
        )}
        {rain && (
          <Part title={t('weather.rain')}>
            <Figure label={t('weather.rain_today')} value={show(rain.today)} testId="weather-rain-today" />
            <Figure
              label={t('weather.rain_days', { days: rain.days })}
              value={show(rain.last_days)}
              testId="weather-rain-days"
            />
          </Part>
        )}
        {wind && (
          <Part title={t('weather.wind')}>
            <Figure label={t('weather.wind_speed')} value={show(wind.speed)} testId="weather-wind" />
            <Figure label={t('weather.wind_max')} value={show(wind.today_max)} testId="weather-wind-max" />
          </Part>
        )}
      </SimpleGrid>
      <Text size="xs" c="dimmed" data-testid="weather-zone">
        {t('weather.today_in', { zone: weather.time_zone })}
        {' · '}
        {newest ? t('weather.readings_of', { time: format.dateTime(newest) }) : t('weather.no_readings')}
      </Text>
    </Stack>
  )
}

/**
 * The farm's weather from its own stations (issue 13, item 6): now, today's extremes in the farm's
 * day, rain today and over the last days, wind. The dashboards' weather widget embeds it; without
 * `title` it draws no heading of its own.
 */
export function WeatherPanel({ title = true }: { title?: boolean }) {
  const { t } = useTranslation()
  const query = useWeather()
  return (
    <Stack gap="sm" data-testid="weather-panel">
      {title && (
        <Title order={3} size="h4">
          {t('weather.title')}
        </Title>
      )}
      <Loaded query={query}>{(weather) => <WeatherFigures weather={weather} />}</Loaded>
    </Stack>
  )
}
