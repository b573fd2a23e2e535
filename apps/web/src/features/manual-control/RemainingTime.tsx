import { formatRemaining } from '@kropla/domain'
import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'

/** "Remaining: 1.5 min", in the user's language; an open without an end says so instead. */
export function RemainingTime({ seconds, testId }: { seconds: number | null; testId: string }) {
  const { t, i18n } = useTranslation()
  if (seconds === null)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('manual.until_closed')}
      </Text>
    )
  const { value, unit } = formatRemaining(seconds)
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value)
  return (
    <Text size="sm" c="dimmed" data-testid={testId}>
      {t('manual.remaining', { time: t(`manual.units.${unit}`, { value: number }) })}
    </Text>
  )
}
