import type { ObjectDetail } from '@kropla/domain'
import { Anchor, Badge, Button, EmptyState, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { ListTable } from '../../app/ui/ListTable'
import { Loaded } from '../../app/ui/Loaded'
import { isCommunicating } from '../dashboard/tile-readings'
import { communicationCheckMs, useNow } from '../dashboard/use-now'
import { useUserFormat } from '../session/use-user-format'
import { AddModuleWizard } from './AddModuleWizard'
import { modelWording, modulePath, useObjects } from './objects-api'

/** `/{product}_2/modules`: the account's modules; each row opens the module page; "Add module" opens the wizard. */
export function ModulesScreen() {
  const { t } = useTranslation()
  const objects = useObjects()
  // The start screen's "Add module" comes here with ?add=1.
  const [search, setSearch] = useSearchParams()
  const [isAdding, setAdding] = useState(search.get('add') === '1')
  // A scanned box label or NFC tag (/mobile/boxs, /mobile/nfc) comes with ?serial= and &pin=.
  const [prefill, setPrefill] = useState(() => ({
    serial: search.get('serial') ?? '',
    pin: search.get('pin') ?? '',
  }))
  const close = () => {
    setAdding(false)
    setPrefill({ serial: '', pin: '' })
    if (search.has('add')) setSearch({}, { replace: true })
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('modules.title')}</Title>
        <Button onClick={() => setAdding(true)}>{t('modules.add')}</Button>
      </Group>
      <Loaded query={objects}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={t('modules.empty')} data-testid="modules-empty" />
          ) : (
            <ModulesTable objects={list} />
          )
        }
      </Loaded>
      {isAdding && <AddModuleWizard onClose={close} prefill={prefill} />}
    </Stack>
  )
}

function ModulesTable({ objects }: { objects: ObjectDetail[] }) {
  const { t, i18n } = useTranslation()
  const format = useUserFormat()
  const now = useNow(communicationCheckMs)
  return (
    <ListTable
      testId="modules-table"
      minWidth={340}
      head={
        <>
          <Table.Th>{t('modules.name')}</Table.Th>
          <Table.Th visibleFrom="sm">{t('modules.model')}</Table.Th>
          <Table.Th>{t('modules.status')}</Table.Th>
          <Table.Th visibleFrom="md">{t('modules.last_data')}</Table.Th>
          <Table.Th visibleFrom="md">{t('modules.groups_regions')}</Table.Th>
        </>
      }
    >
      {objects.map((object) => {
        const model = `${modelWording(i18n, object.last_device_model, 'short')} · ${object.last_device_model}`
        return (
          <Table.Tr key={object.id} data-testid={`module-${object.serial}`}>
            <Table.Td>
              <Stack gap={0}>
                <Anchor
                  component={Link}
                  to={modulePath(object.id)}
                  fw={500}
                  size="sm"
                  aria-label={t('modules.open_label', { name: object.name })}
                >
                  {object.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {object.serial}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {model}
                </Text>
              </Stack>
            </Table.Td>
            <Table.Td visibleFrom="sm">
              <Text size="sm">{model}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                <Badge variant="light" color={object.status === 1 ? 'teal' : 'gray'}>
                  {t(`modules.status_${object.status}`)}
                </Badge>
                <Badge
                  variant="outline"
                  color={object.connection === 1 ? 'teal' : 'gray'}
                  data-testid={`module-connection-${object.serial}`}
                >
                  {t(`modules.connection_${object.connection}`)}
                </Badge>
                {!isCommunicating(object, now) && (
                  <Badge
                    variant="outline"
                    color="orange"
                    data-testid={`module-communication-${object.serial}`}
                  >
                    {t('dashboard.not_communicating')}
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td visibleFrom="md">
              <Text size="sm">
                {object.last_data_at ? format.dateTime(object.last_data_at) : t('modules.no_data')}
              </Text>
            </Table.Td>
            <Table.Td visibleFrom="md">
              <Text size="sm">{`${object.groups.length} / ${object.regions.length}`}</Text>
            </Table.Td>
          </Table.Tr>
        )
      })}
    </ListTable>
  )
}
