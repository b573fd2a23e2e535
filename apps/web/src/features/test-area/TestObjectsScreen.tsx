import { Anchor, Badge, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ListTable } from '../../app/ui/ListTable'
import { PageFrame } from '../../app/ui/PageFrame'
import { formatDateTime } from '../../lib/format-date'
import { FarmZoneNote } from '../farm-zone/FarmZoneNote'
import { useFarmZones } from '../farm-zone/use-farm-zones'
import { modelWording } from '../modules/objects-api'
import { useSession } from '../session/use-session'
import { useUserFormat } from '../session/use-user-format'
import { batteryOf, signalOf } from './module-readings'

/** /test/objects: the account's modules with their connection, signal and battery, live. */
export function TestObjectsScreen() {
  const { t, i18n } = useTranslation()
  const { user, objects } = useSession()
  const format = useUserFormat()
  const zones = useFarmZones()
  return (
    <PageFrame
      title={t('test_area.objects.title')}
      intro={t('test_area.objects.intro')}
      back={{ to: '/test', label: t('test_area.back') }}
      maxWidth={1100}
    >
      {objects.length === 0 ? (
        <Text c="dimmed">{t('test_area.objects.empty')}</Text>
      ) : (
        <ListTable
          testId="test-objects"
          minWidth={720}
          ariaLabel={t('test_area.objects.title')}
          head={
            <>
              <Table.Th>{t('test_area.objects.name')}</Table.Th>
              <Table.Th>{t('test_area.objects.connection')}</Table.Th>
              <Table.Th>{t('test_area.objects.signal')}</Table.Th>
              <Table.Th>{t('test_area.objects.battery')}</Table.Th>
              <Table.Th>{t('test_area.objects.last_data')}</Table.Th>
            </>
          }
          footer={
            <Stack p="sm">
              <FarmZoneNote zones={zones} />
            </Stack>
          }
        >
          {objects.map((object) => {
            const signal = signalOf(object)
            const battery = batteryOf(object)
            return (
              <Table.Tr key={object.id} data-testid={`test-object-${object.id}`}>
                <Table.Td>
                  <Stack gap={0}>
                    <Anchor component={Link} to={`/test/objects/${object.id}`} fw={500} size="sm">
                      {object.name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {`${modelWording(i18n, object.last_device_model, 'short')} · ${object.serial}`}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Badge variant="outline" color={object.connection === 1 ? 'teal' : 'gray'}>
                    {object.connection === 1 ? t('test_area.connected') : t('test_area.disconnected')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {signal ? format.value(signal.input, signal.value) : t('test_area.object.unknown')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {battery ? format.value(battery.input, battery.value) : t('test_area.object.unknown')}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {object.last_data_at
                      ? formatDateTime(object.last_data_at, user.date_format, user.client_time_zone)
                      : t('test_area.never')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </ListTable>
      )}
    </PageFrame>
  )
}
