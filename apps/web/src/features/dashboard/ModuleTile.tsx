import { findModel, type ObjectSummary } from '@kropla/domain'
import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { translateKey } from '../../lib/translate-key'
import { useUserFormat } from '../session/useUserFormat'
import { TrendArrow } from './TrendArrow'
import { lastReadingAt, tileReadings } from './tile-readings'

export function ModuleTile({ object }: { object: ObjectSummary }) {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const readings = tileReadings(object)
  const lastAt = lastReadingAt(object, readings)
  const isOnline = object.connection === 1
  const dictionaryKey = findModel(object.last_device_model)?.dictionaryKey ?? object.last_device_model
  const modelName = translateKey(i18n, `models.${dictionaryKey}.short`, object.last_device_model)

  return (
    <Card withBorder radius="md" padding="md" data-testid={`tile-${object.serial}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb="sm">
        <Stack gap={0} miw={0} style={{ flex: 1 }}>
          <Text fw={600} truncate>
            {object.name}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {modelName} · {object.serial}
          </Text>
        </Stack>
        <Badge
          color={isOnline ? 'teal' : 'gray'}
          variant="light"
          style={{ flexShrink: 0 }}
          data-testid={`connection-${object.serial}`}
          data-state={object.connection}
        >
          {isOnline ? t('dashboard.online') : t('dashboard.offline')}
        </Badge>
      </Group>

      <Stack gap={6}>
        {readings.map(({ field, input, latest, trend }) => (
          <Group key={field} justify="space-between" wrap="nowrap" gap="xs">
            <Text size="sm" c="dimmed" truncate>
              {translateKey(i18n, `fields.${field}`, field)}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Text size="sm" fw={500} data-testid={`value-${object.serial}-${field}`}>
                {format.value(input, latest?.value ?? null)}
              </Text>
              {trend !== null && <TrendArrow trend={trend} />}
            </Group>
          </Group>
        ))}
      </Stack>

      <Text size="xs" c="dimmed" mt="sm" data-testid={`time-${object.serial}`}>
        {t('dashboard.last_data')}: {lastAt ? format.dateTime(lastAt) : t('dashboard.no_data')}
      </Text>
    </Card>
  )
}
