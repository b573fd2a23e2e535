import { Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Trend } from '../../lib/trend'

const arrows = { 1: '↑', [-1]: '↓', 0: '→' } as const

export function TrendArrow({ trend }: { trend: Trend }) {
  const { t } = useTranslation()
  const label =
    trend === 1
      ? t('dashboard.trend_up')
      : trend === -1
        ? t('dashboard.trend_down')
        : t('dashboard.trend_flat')
  return (
    <Text span size="sm" c="dimmed" aria-label={label} title={label} data-trend={trend}>
      {arrows[trend]}
    </Text>
  )
}
