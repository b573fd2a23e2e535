import type { Group } from '@kropla/domain'
import { Button } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFromHere } from '../resources/back-to'
import { DeleteResourceModal } from '../resources/DeleteResourceModal'
import { ResourcePage } from '../resources/ResourcePage'
import { ResourceTable } from '../resources/ResourceTable'
import { useGroups } from '../resources/resources-api'

/** /resources/groups: groups of modules or of outputs, with their element counts. */
export function GroupsScreen() {
  const { t } = useTranslation()
  const groups = useGroups()
  const fromHere = useFromHere()
  const [deleting, setDeleting] = useState<Group | null>(null)
  return (
    <ResourcePage
      title={t('resources.groups.title')}
      actions={
        <Button component={Link} to="/resources/groups/new" state={fromHere}>
          {t('resources.groups.add')}
        </Button>
      }
    >
      <ResourceTable
        query={groups}
        columns={[
          { header: t('resources.groups.scope'), cell: (row) => t(`resources.groups.scopes.${row.scope}`) },
          { header: t('resources.groups.element_count'), cell: (row) => row.element_count },
          { header: t('resources.description'), cell: (row) => row.description, visibleFrom: 'md' },
        ]}
        empty={t('resources.groups.empty')}
        testId="groups-table"
        editTo={(row) => `/resources/groups/${row.id}`}
        onDelete={setDeleting}
      />
      {deleting && (
        <DeleteResourceModal
          name={deleting.name}
          kind="groups"
          id={deleting.id}
          checksUsage
          onClose={() => setDeleting(null)}
        />
      )}
    </ResourcePage>
  )
}
