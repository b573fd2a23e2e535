import type { WaterSource } from '@kropla/domain'
import { Button } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFromHere } from '../resources/back-to'
import { DeleteResourceModal } from '../resources/DeleteResourceModal'
import { ResourcePage } from '../resources/ResourcePage'
import { ResourceTable } from '../resources/ResourceTable'
import { namesById, useOutputs, useWaterSources } from '../resources/resources-api'
import { useUserFormat } from '../session/use-user-format'

/** /resources/water_sources and /{product}_2/resources/water_sources. */
export function WaterSourcesScreen() {
  const { t } = useTranslation()
  const format = useUserFormat()
  const sources = useWaterSources()
  const outputs = useOutputs()
  const outputNames = namesById(outputs.data)
  const fromHere = useFromHere()
  const [deleting, setDeleting] = useState<WaterSource | null>(null)
  const list = (ids: number[]) => ids.map((id) => outputNames.get(id) ?? `#${id}`).join(', ')
  return (
    <ResourcePage
      title={t('resources.water_sources.title')}
      actions={
        <Button component={Link} to="/resources/water_sources/new" state={fromHere}>
          {t('resources.water_sources.add')}
        </Button>
      }
    >
      <ResourceTable
        query={sources}
        columns={[
          {
            header: t('resources.water_sources.efficiency'),
            cell: (row) => format.quantity(row.efficiency, 'm³/h'),
          },
          {
            header: t('resources.water_sources.clean_outputs'),
            cell: (row) => list(row.clean_outputs),
            visibleFrom: 'sm',
          },
          {
            header: t('resources.water_sources.fertigated_outputs'),
            cell: (row) => list(row.fertigated_outputs),
            visibleFrom: 'md',
          },
        ]}
        empty={t('resources.water_sources.empty')}
        testId="water-sources-table"
        editTo={(row) => `/resources/water_sources/${row.id}`}
        onDelete={setDeleting}
      />
      {deleting && (
        <DeleteResourceModal
          name={deleting.name}
          kind="water_sources"
          id={deleting.id}
          checksUsage
          onClose={() => setDeleting(null)}
        />
      )}
    </ResourcePage>
  )
}
