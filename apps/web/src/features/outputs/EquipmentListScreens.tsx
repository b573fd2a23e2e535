import type { Output } from '@kropla/domain'
import { Button } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { translateKey } from '../../lib/translate-key'
import { useFromHere } from '../resources/back-to'
import { DeleteResourceModal } from '../resources/DeleteResourceModal'
import { ResourcePage } from '../resources/ResourcePage'
import { type Column, ResourceTable } from '../resources/ResourceTable'
import { namesById, useObjects, useOutputs, useWaterSources } from '../resources/resources-api'

/** /resources/outputs: the outputs of the account's modules (equipment of kind output). */
export function OutputsScreen() {
  return <EquipmentList isOutputs />
}

/** /resources/devices and /{product}_2/resources/devices: equipment wired to module inputs. */
export function DevicesScreen() {
  return <EquipmentList isOutputs={false} />
}

function EquipmentList({ isOutputs }: { isOutputs: boolean }) {
  const { t, i18n } = useTranslation()
  const outputs = useOutputs()
  const objects = useObjects()
  const waterSources = useWaterSources()
  const [deleting, setDeleting] = useState<Output | null>(null)
  const fromHere = useFromHere()
  const moduleNames = namesById(objects.data)
  const sourceNames = namesById(waterSources.data)
  const columns: Column<Output>[] = [
    ...(isOutputs
      ? []
      : [{ header: t('resources.equipment.kind'), cell: (row: Output) => t(`equipment_kinds.${row.kind}`) }]),
    {
      header: t('resources.equipment.type'),
      cell: (row) => translateKey(i18n, `equipment_types.${row.type}`, row.type),
    },
    {
      header: t('resources.equipment.module'),
      cell: (row) => moduleNames.get(row.id_object) ?? '',
      visibleFrom: 'sm',
    },
    {
      header: t('resources.equipment.interface'),
      cell: (row) => translateKey(i18n, `fields.${row.field_name}`, row.field_name),
      visibleFrom: 'md',
    },
    ...(isOutputs
      ? [
          {
            header: t('resources.equipment.water_source'),
            cell: (row: Output) =>
              row.id_water_source === null ? '' : (sourceNames.get(row.id_water_source) ?? ''),
            visibleFrom: 'md' as const,
          },
        ]
      : []),
  ]
  return (
    <ResourcePage
      title={t(isOutputs ? 'resources.outputs.title' : 'resources.devices.title')}
      intro={t(isOutputs ? 'resources.outputs.intro' : 'resources.devices.intro')}
      actions={
        isOutputs ? undefined : (
          <Button component={Link} to="/resources/outputs/new" state={fromHere}>
            {t('resources.devices.add')}
          </Button>
        )
      }
    >
      <ResourceTable
        query={outputs}
        filter={(row) => (row.kind === 'output') === isOutputs}
        columns={columns}
        empty={t(isOutputs ? 'resources.outputs.empty' : 'resources.devices.empty')}
        testId={isOutputs ? 'outputs-table' : 'devices-table'}
        editTo={(row) => `/resources/outputs/${row.id}`}
        onDelete={setDeleting}
      />
      {deleting && (
        <DeleteResourceModal
          name={deleting.name}
          kind="outputs"
          id={deleting.id}
          checksUsage
          onClose={() => setDeleting(null)}
        />
      )}
    </ResourcePage>
  )
}
