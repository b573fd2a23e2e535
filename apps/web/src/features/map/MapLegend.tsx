import { Group, Paper, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { moistureBands, noMoistureColour } from './map-state'

/** What a region's colour means: its latest average soil moisture, %. */
export function MapLegend() {
  const { t } = useTranslation()
  const rows = [
    ...moistureBands.map((band) => ({ key: band.key, colour: band.colour })),
    { key: 'none' as const, colour: noMoistureColour },
  ]
  return (
    <Paper
      shadow="xs"
      p={6}
      radius="sm"
      style={{ position: 'absolute', right: 8, bottom: 24, zIndex: 800, opacity: 0.92 }}
      data-testid="map-legend"
    >
      <Text size="xs" fw={600} mb={2}>
        {t('map.legend')}
      </Text>
      <Stack gap={0}>
        {rows.map((row) => (
          <Group key={row.key} gap={6} wrap="nowrap">
            <span
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: row.colour,
                display: 'inline-block',
              }}
            />
            <Text size="xs">{t(`map.legend_bands.${row.key}`)}</Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  )
}
