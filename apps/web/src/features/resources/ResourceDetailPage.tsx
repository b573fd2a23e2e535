import { Alert } from '@mantine/core'
import type { UseQueryResult } from '@tanstack/react-query'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { LoadedAll } from './LoadedAll'
import { ResourcePage } from './ResourcePage'
import type { RouteItem } from './use-route-item'

interface ResourceDetailPageProps<Item extends { name: string }> {
  item: RouteItem<Item>
  titles: {
    edit: (name: string) => string
    new: string
    /** While the lists load, and when the id names no row. */
    unknown: string
  }
  backTo: string
  /** Every list the form needs; the form shows once all have loaded. */
  queries: readonly UseQueryResult[]
  /** The form, for the existing item or (undefined) a new one. */
  children: (existing: Item | undefined) => ReactNode
}

/**
 * The frame of a resource's own page (`/resources/<kind>/<id>` and `new`): the title, the way back,
 * the wait for the lists, "not found" for an id that names no row, and otherwise the form.
 */
export function ResourceDetailPage<Item extends { name: string }>({
  item: { id, existing },
  titles,
  backTo,
  queries,
  children,
}: ResourceDetailPageProps<Item>) {
  const { t } = useTranslation()
  const title = existing ? titles.edit(existing.name) : id === null ? titles.new : titles.unknown
  return (
    <ResourcePage title={title} backTo={backTo}>
      <LoadedAll queries={queries}>
        {() =>
          id !== null && !existing ? (
            <Alert color="gray" data-testid="not-found">
              {t('resources.not_found')}
            </Alert>
          ) : (
            // Keyed by the id: going from one item (or `new`) to another starts a fresh form.
            <Fragment key={id ?? 'new'}>{children(existing)}</Fragment>
          )
        }
      </LoadedAll>
    </ResourcePage>
  )
}
