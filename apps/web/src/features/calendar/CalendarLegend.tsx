import { Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { calendarResults, resultColour } from './plan-appearance'

const swatch = { display: 'inline-block', width: 14, height: 14, borderRadius: 3 } as const

/** The colour of every result, and the forecast's dashed outline, in the user's language. */
export function CalendarLegend() {
  const { t } = useTranslation()
  return (
    <Stack gap={4} component="section" aria-label={t('calendar.legend')}>
      <Text size="sm" fw={600}>
        {t('calendar.legend')}
      </Text>
      <Group gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {calendarResults.map((result) => (
          <Group key={result} gap={6} component="li" wrap="nowrap" data-testid={`legend-${result}`}>
            <span
              aria-hidden
              style={{
                ...swatch,
                border: `2px solid ${resultColour(result)}`,
                // Planned runs are not confirmed yet: drawn outlined, as in the grid.
                background: result === 'planned' ? 'var(--mantine-color-white)' : resultColour(result),
              }}
            />
            <Text size="sm">{t(`calendar.results.${result}`)}</Text>
          </Group>
        ))}
        <Group gap={6} component="li" wrap="nowrap" data-testid="legend-forecast">
          <span
            aria-hidden
            style={{ ...swatch, border: `2px dashed ${resultColour('planned')}`, opacity: 0.75 }}
          />
          <Text size="sm">{t('calendar.forecast')}</Text>
        </Group>
      </Group>
      <Text size="xs" c="dimmed">
        {t('calendar.legend_outline')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('calendar.legend_forecast')}
      </Text>
    </Stack>
  )
}
